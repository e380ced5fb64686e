//! A suit's distances per number of copies beyond the limits, worked out
//! rank by rank (runs carried two ranks), with a memo of recent suits.

use super::distance::{least_bytes, FAR};
use super::needs::{pair_ok, ranks};
use crate::rules::compiled::Rules;
use crate::tables::key::key_of;
use crate::tables::HONOR_SEQUENCES;
use crate::tile::Tile;

/// Suit `s`'s distances (bytes as [`Dist`](super::distance::Dist) lays them out, far where no
/// target exists) for its `counts`, for every number `b` of copies beyond
/// each kind's `limits` (4, or fewer for a kind in a declared meld) the
/// targets may hold (`[b]`, 0–8, `[8]` any number): every target of up to
/// `k` melds (triplets, runs in a numbered suit, honour sequences when the
/// rules count them) and the pair where the rules allow it, on kinds in
/// play, counted once for all `b` up to `spend` (8: any number). The
/// entries past `spend` are not read.
#[cold]
pub(super) fn suit_distances(
    rules: &Rules,
    s: usize,
    counts: &[u8; 9],
    k: usize,
    limits: &[u8; 9],
    spend: u32,
) -> Levels {
    /// Sets of the memo, each two answers and their keys (160 bytes an
    /// answer): 160 KB a thread, taken when a thread first counts.
    const SETS: usize = 512;
    thread_local! {
        /// Answers already counted on this thread: the set picked by the
        /// key's hash, the newer answer first (a third replaces the older),
        /// each key with the `spend` its answer was counted for in the bits
        /// above [`SPENT`]: it answers any `spend` up to that one.
        /// Efficiency asks about the same suit many times.
        static MEMO: std::cell::RefCell<Vec<[(u128, Levels); 2]>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    let suit = RankSuit::new(rules, s, counts, k, limits, spend);
    let key = suit.key();
    let set = ((key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52)
        as usize
        % SETS;
    let spend = suit.spend as u128;
    let found = MEMO.with(|m| {
        let m = m.borrow();
        let ways = m.get(set)?;
        ways.iter()
            .find(|(k, _)| *k & ((1 << SPENT) - 1) == key && *k >> SPENT >= spend)
            .map(|&(_, levels)| levels)
    });
    if let Some(found) = found {
        return found;
    }
    let found = suit.levels();
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.is_empty() {
            m.resize(SETS, [(0, [[[FAR; 8]; 2]; 9]); 2]);
        }
        m[set] = [(key | spend << SPENT, found), m[set][0]];
    });
    found
}

/// The bit of a memo key above which [`suit_distances`] keeps the `spend`
/// of its answer.
const SPENT: u32 = 81;

/// [`suit_distances`]' answer: `[b][p][m]`.
pub(super) type Levels = [[[u8; 8]; 2]; 9];

/// A suit as [`suit_distances`] walks it: its counts and each kind's
/// limit, the kinds in play, those that may hold the pair, the ranks a run
/// may begin on (bits), the honour sequences in play, the most melds a
/// target holds and the most copies beyond the limits it holds. The answer
/// depends on these alone.
#[derive(Clone, Copy)]
pub(super) struct RankSuit<'a> {
    counts: &'a [u8; 9],
    limits: &'a [u8; 9],
    ranks: usize,
    in_play: u16,
    pairs: u16,
    starts: u16,
    /// Bit `j` for each of [`HONOR_SEQUENCES`] a target may hold.
    sequences: u8,
    most: usize,
    /// The most copies beyond the limits a target holds: 0–7, or 8 for
    /// any number.
    spend: usize,
}

impl<'a> RankSuit<'a> {
    pub(super) fn new(
        rules: &Rules,
        s: usize,
        counts: &'a [u8; 9],
        k: usize,
        limits: &'a [u8; 9],
        spend: u32,
    ) -> RankSuit<'a> {
        let ranks = ranks(s);
        let mut in_play = 0u16;
        let mut pairs = 0u16;
        for r in 0..ranks {
            if rules
                .tiles()
                .contains(Tile::from_index(9 * s + r).expect("a tile"))
            {
                in_play |= 1 << r;
                pairs |= (pair_ok(rules, s, r) as u16) << r;
            }
        }
        // A run may begin where its three ranks are in play; an honour
        // sequence counts, under the rules that count them, where its
        // ranks are.
        let mut starts = 0;
        let mut sequences = 0;
        if s < 3 {
            for r in 0..7 {
                starts |= ((in_play >> r & 0b111 == 0b111) as u16) << r;
            }
        } else if rules.honor_sequences() {
            for (j, &set) in HONOR_SEQUENCES.iter().enumerate() {
                sequences |= ((set as u16 & in_play == set as u16) as u8) << j;
            }
        }
        RankSuit {
            counts,
            limits,
            ranks,
            in_play,
            pairs,
            starts,
            sequences,
            most: k.min(5),
            spend: spend.min(8) as usize,
        }
    }

    /// Every field but `spend` in one number, below bit [`SPENT`]: the
    /// memo's key.
    fn key(&self) -> u128 {
        let digits = |c: &[u8; 9]| key_of(c) as u128;
        // Counts and limits in base 5 (21 bits each); a leading bit, so
        // that no key is 0 (an empty slot).
        digits(self.counts)
            | digits(self.limits) << 21
            | (self.in_play as u128) << 42
            | (self.pairs as u128) << 51
            | (self.starts as u128) << 60
            | (self.sequences as u128) << 67
            | (self.most as u128) << 72
            | (self.ranks as u128) << 76
            | 1 << 80
    }

    /// The least missing tiles per number of copies beyond the limits:
    /// the targets of a numbered suit carry the runs begun on the two
    /// ranks below; an honour suit's sequences are chosen first, every
    /// multiset of them, and its triplets and pair rank by rank on top.
    pub(super) fn levels(&self) -> Levels {
        if self.spend < 8 {
            self.levels_in::<u64>()
        } else {
            self.levels_in::<u128>()
        }
    }

    /// [`levels`](Self::levels) counted in rows of `R`.
    fn levels_in<R: Row>(&self) -> Levels {
        let mut ends = [[R::EMPTY; 2]; 6];
        if self.ranks == 9 {
            self.ends_into::<6, R>(&[0; 9], 0, &mut ends);
        } else {
            let sets: Vec<u16> = (HONOR_SEQUENCES.iter().enumerate())
                .filter(|&(j, _)| self.sequences >> j & 1 == 1)
                .map(|(_, &set)| set as u16)
                .collect();
            each_multiset(&sets, self.most, [0; 9], 0, &mut |base, used| {
                self.ends_into::<1, R>(&base, used, &mut ends)
            });
        }
        // `[b]` is the least over at most `b` copies beyond the limits (and
        // `spend`), and `[8]` over any number (up to `spend`).
        let mut levels: Levels = [[[FAR; 8]; 2]; 9];
        for (m, row) in ends.iter().enumerate() {
            for (p, row) in row.iter().enumerate() {
                let row = row.bytes();
                let mut least = NONE;
                for (b, level) in levels.iter_mut().enumerate().take(8) {
                    if b <= self.spend {
                        least = least.min(row[b]);
                    }
                    level[p][m] = least.min(FAR);
                }
                levels[8][p][m] = if self.spend < 8 { least } else { row[ANY] }.min(FAR);
            }
        }
        levels
    }
}

/// The least missing tiles of the targets that hold each number of copies
/// beyond the limits, a byte a number ([`NONE`] where no target does): a
/// `u64` holds 0–7 beyond, enough for a suit that spends at most seven; a
/// `u128` 0–14, and in byte [`ANY`] the least of every target.
pub(super) trait Row: Copy + Eq {
    /// No target.
    const EMPTY: Self;
    /// The empty target: nothing missing, nothing beyond.
    const START: Self;
    /// The row of targets that take `beyond` (1 to the row's most exact
    /// byte, or any number in a `u128`) more copies beyond the limits than
    /// those of `self`: every exact byte moves up.
    fn moved(self, beyond: usize) -> Self;
    /// The least of `self` and `row` with `missing` (at most 17) more, byte
    /// by byte.
    fn least_with(self, row: Self, missing: u8) -> Self;
    /// The row's bytes, [`NONE`] past its last.
    fn bytes(self) -> [u8; 16];
}

/// A `u128` row's byte that ignores the copies beyond the limits.
pub(super) const ANY: usize = 15;

/// A row's byte no target reaches: above [`FAR`] and any count of
/// missing tiles (a target holds at most 17 tiles), and still below
/// `0x80` with 17 more, as [`least_bytes`] needs.
pub(super) const NONE: u8 = 0x60;
const _: () = assert!(NONE > FAR && NONE as u32 + 17 < 0x80);

impl Row for u64 {
    const EMPTY: u64 = u64::from_le_bytes([NONE; 8]);
    const START: u64 = Self::EMPTY & !0xff;

    #[inline(always)]
    fn moved(self, beyond: usize) -> u64 {
        self << (8 * beyond) | Self::EMPTY & ((1 << (8 * beyond)) - 1)
    }

    #[inline(always)]
    fn least_with(self, row: u64, missing: u8) -> u64 {
        // No byte of `row` passes 0x80: no carry between bytes.
        least_bytes(self, row + missing as u64 * crate::swar::LOW)
    }

    fn bytes(self) -> [u8; 16] {
        let mut bytes = [NONE; 16];
        bytes[..8].copy_from_slice(&self.to_le_bytes());
        bytes
    }
}

impl Row for u128 {
    const EMPTY: u128 = u128::from_le_bytes([NONE; 16]);
    const START: u128 = Self::EMPTY & !(0xff | 0xff << (8 * ANY));

    #[inline(always)]
    fn moved(self, beyond: usize) -> u128 {
        const ANY_BYTE: u128 = 0xff << (8 * ANY);
        let beyond = beyond.min(ANY);
        let up = (self & !ANY_BYTE) << (8 * beyond) | Self::EMPTY & ((1 << (8 * beyond)) - 1);
        up & !ANY_BYTE | self & ANY_BYTE
    }

    #[inline(always)]
    fn least_with(self, row: u128, missing: u8) -> u128 {
        let more = row + missing as u128 * (u128::MAX / 0xff);
        let half = |x: u128, h: u32| (x >> (64 * h)) as u64;
        let least = |h| least_bytes(half(self, h), half(more, h)) as u128;
        least(0) | least(1) << 64
    }

    fn bytes(self) -> [u8; 16] {
        self.to_le_bytes()
    }
}

impl RankSuit<'_> {
    /// Adds to `ends` (`[m][p]`: `m` melds, `p` the pair) the targets
    /// made of `used` melds already counted in `base` and, rank by rank,
    /// runs, triplets and the pair.
    fn ends_into<const X: usize, R: Row>(
        &self,
        base: &[u8; 9],
        used: usize,
        ends: &mut [[R; 2]; 6],
    ) {
        // `[x][y][m][p]`: `x` runs begun two ranks below, `y` one below
        // (below `X`: 1 where no run begins), `m` melds, `p` the pair.
        let most = self.most;
        // The most copies a target holds of a kind: its limit and the
        // copies beyond it still to spend (the totals of a rank stay far
        // below this one when any number may be spent).
        let spend = if self.spend < 8 { self.spend } else { 64 };
        let mut layers = [[[[[R::EMPTY; 2]; 6]; X]; X]; 2];
        layers[0][0][0][used][0] = R::START;
        let ranks = base.iter().zip(self.counts).zip(self.limits);
        for (r, ((&base, &count), &limit)) in ranks.enumerate().take(self.ranks) {
            let [cells, next] = if r % 2 == 0 {
                let [a, b] = &mut layers;
                [a, b]
            } else {
                let [a, b] = &mut layers;
                [b, a]
            };
            let runs = if self.starts >> r & 1 == 1 { most } else { 0 };
            let triplets = if self.in_play >> r & 1 == 1 { most } else { 0 };
            let pair = (self.pairs >> r & 1) as usize;
            let most_held = limit as usize + spend;
            // Every cell read is left empty for the rank after next: the
            // cells written lie among those read.
            for m in used..=most {
                for (x, cells) in cells.iter_mut().enumerate().take(m + 1) {
                    for (y, cells) in cells.iter_mut().enumerate().take(m - x + 1) {
                        for (p, row) in cells[m].iter_mut().enumerate() {
                            let row = std::mem::replace(row, R::EMPTY);
                            let held = base as usize + x + y;
                            // Past `most_held` a target holds too many.
                            if row == R::EMPTY || held > most_held {
                                continue;
                            }
                            let room = most_held - held;
                            for z in 0..=runs.min(most - m).min(room) {
                                for t in 0..=triplets.min(most - m - z).min((room - z) / 3) {
                                    let q_most = (pair & (1 - p)).min((room - z - 3 * t) / 2);
                                    for q in 0..=q_most {
                                        let total = (held + z + 3 * t + 2 * q) as u8;
                                        let beyond = total.saturating_sub(limit);
                                        // Most targets hold no copy beyond.
                                        let row = if beyond == 0 {
                                            row
                                        } else {
                                            row.moved(beyond as usize)
                                        };
                                        let cell = &mut next[y][z][m + z + t][p | q];
                                        *cell = cell.least_with(row, total.saturating_sub(count));
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let cells = &layers[self.ranks % 2];
        for (m, end) in ends.iter_mut().enumerate().take(most + 1) {
            for (p, end) in end.iter_mut().enumerate() {
                *end = end.least_with(cells[0][0][m][p], 0);
            }
        }
    }
}

/// Calls `f` with every multiset of at most `left` of `sets` (rank bits):
/// their tiles per rank added to `base`, and `used` more melds.
pub(super) fn each_multiset(
    sets: &[u16],
    left: usize,
    base: [u8; 9],
    used: usize,
    f: &mut impl FnMut([u8; 9], usize),
) {
    f(base, used);
    if left == 0 {
        return;
    }
    for (i, &set) in sets.iter().enumerate() {
        let more: [u8; 9] = std::array::from_fn(|r| base[r] + (set >> r & 1) as u8);
        each_multiset(&sets[i..], left - 1, more, used + 1, f);
    }
}
