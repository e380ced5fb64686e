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
/// targets may hold (`[b]`, 0–8): every target of up to
/// `k` melds (triplets, runs in a numbered suit, honour sequences when the
/// rules count them) and the pair where the rules allow it, on kinds in
/// play, counted once for all `b`.
pub(super) fn suit_distances(
    rules: &Rules,
    s: usize,
    counts: &[u8; 9],
    k: usize,
    limits: &[u8; 9],
) -> Levels {
    /// Sets of the memo, each two answers and their keys (160 bytes an
    /// answer): 160 KB a thread, taken when a thread first counts.
    const SETS: usize = 512;
    thread_local! {
        /// Answers already counted on this thread: the set picked by the
        /// key's hash, the newer answer first (a third replaces the older):
        /// efficiency asks about the same suit many times.
        static MEMO: std::cell::RefCell<Vec<[(u128, Levels); 2]>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    let suit = RankSuit::new(rules, s, counts, k, limits);
    let key = suit.key();
    let set = ((key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52)
        as usize
        % SETS;
    let found = MEMO.with(|m| {
        let m = m.borrow();
        let ways = m.get(set)?;
        ways.iter()
            .find(|(k, _)| *k == key)
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
        m[set] = [(key, found), m[set][0]];
    });
    found
}

/// [`suit_distances`]' answer: `[b][p][m]`.
pub(super) type Levels = [[[u8; 8]; 2]; 9];

/// A suit as [`suit_distances`] walks it: its counts and each kind's
/// limit, the kinds in play, those that may hold the pair, the ranks a run
/// may begin on (bits), the honour sequences in play and the most melds a
/// target holds. The answer depends on these alone.
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
}

impl<'a> RankSuit<'a> {
    pub(super) fn new(
        rules: &Rules,
        s: usize,
        counts: &'a [u8; 9],
        k: usize,
        limits: &'a [u8; 9],
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
        }
    }

    /// Every field in one number: the memo's key.
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
        let mut ends = [[NO_ROW; 2]; 6];
        if self.ranks == 9 {
            self.ends_into::<6>(&[0; 9], 0, &mut ends);
        } else {
            let sets: Vec<u16> = (HONOR_SEQUENCES.iter().enumerate())
                .filter(|&(j, _)| self.sequences >> j & 1 == 1)
                .map(|(_, &set)| set as u16)
                .collect();
            each_multiset(&sets, self.most, [0; 9], 0, &mut |base, used| {
                self.ends_into::<1>(&base, used, &mut ends)
            });
        }
        // `[b]` is the least over at most `b` copies beyond the limits, and
        // `[8]` over any number.
        let mut levels: Levels = [[[FAR; 8]; 2]; 9];
        for (m, row) in ends.iter().enumerate() {
            for (p, row) in row.iter().enumerate() {
                let row = row.to_le_bytes();
                let mut least = NONE;
                for (b, level) in levels.iter_mut().enumerate().take(8) {
                    least = least.min(row[b]);
                    level[p][m] = least.min(FAR);
                }
                levels[8][p][m] = row[ANY].min(FAR);
            }
        }
        levels
    }
}

/// The least missing tiles of the targets that hold a given number of
/// copies beyond the limits (byte `b`, 0–14), and of every target (byte
/// [`ANY`]): [`NONE`] where none does.
pub(super) type Row = u128;

/// [`Row`]'s byte that ignores the copies beyond the limits.
pub(super) const ANY: usize = 15;

/// A [`Row`] byte no target reaches: above [`FAR`] and any count of
/// missing tiles (a target holds at most 17 tiles), and still below
/// `0x80` with 17 more, as [`least_bytes`] needs.
pub(super) const NONE: u8 = 0x60;
const _: () = assert!(NONE > FAR && NONE as u32 + 17 < 0x80);

/// [`NONE`] in every byte of a [`Row`].
pub(super) const NO_ROW: Row = u128::from_le_bytes([NONE; 16]);

/// The [`Row`] of targets that take `beyond` (1–15) more copies beyond the
/// limits than those of `row`: every exact byte moves up.
#[inline(always)]
pub(super) fn moved(row: Row, beyond: usize) -> Row {
    const ANY_BYTE: u128 = 0xff << (8 * ANY);
    let up = (row & !ANY_BYTE) << (8 * beyond) | NO_ROW & ((1u128 << (8 * beyond)) - 1);
    up & !ANY_BYTE | row & ANY_BYTE
}

/// Keeps in `into` the least of it and `row` with `missing` (at most 17)
/// more, byte by byte.
#[inline(always)]
pub(super) fn keep_least(into: &mut Row, row: Row, missing: u8) {
    // No byte of `row` passes 0x80: no carry between bytes.
    let more = row + missing as u128 * (u128::MAX / 0xff);
    let half = |x: u128, h: u32| (x >> (64 * h)) as u64;
    let least = |h| least_bytes(half(*into, h), half(more, h)) as u128;
    *into = least(0) | least(1) << 64;
}

impl RankSuit<'_> {
    /// Adds to `ends` (`[m][p]`: `m` melds, `p` the pair) the targets
    /// made of `used` melds already counted in `base` and, rank by rank,
    /// runs, triplets and the pair.
    fn ends_into<const X: usize>(&self, base: &[u8; 9], used: usize, ends: &mut [[Row; 2]; 6]) {
        // `[x][y][m][p]`: `x` runs begun two ranks below, `y` one below
        // (below `X`: 1 where no run begins), `m` melds, `p` the pair.
        let most = self.most;
        let mut layers = [[[[[NO_ROW; 2]; 6]; X]; X]; 2];
        // The empty target: nothing missing, nothing beyond.
        layers[0][0][0][used][0] = NO_ROW & !(0xff | 0xff << (8 * ANY));
        let ranks = base.iter().zip(self.counts).zip(self.limits);
        for (r, ((&base, &count), &limit)) in ranks.enumerate().take(self.ranks) {
            let [cells, next] = if r % 2 == 0 {
                let [a, b] = &mut layers;
                [a, b]
            } else {
                let [a, b] = &mut layers;
                [b, a]
            };
            *next = [[[[NO_ROW; 2]; 6]; X]; X];
            let runs = if self.starts >> r & 1 == 1 { most } else { 0 };
            let triplets = if self.in_play >> r & 1 == 1 { most } else { 0 };
            let pair = (self.pairs >> r & 1) as usize;
            for m in used..=most {
                for (x, cells) in cells.iter().enumerate().take(m + 1) {
                    for (y, cells) in cells.iter().enumerate().take(m - x + 1) {
                        for (p, &row) in cells[m].iter().enumerate() {
                            if row == NO_ROW {
                                continue;
                            }
                            let held = base as usize + x + y;
                            for z in 0..=runs.min(most - m) {
                                for t in 0..=triplets.min(most - m - z) {
                                    for q in 0..=pair & (1 - p) {
                                        let total = (held + z + 3 * t + 2 * q) as u8;
                                        let beyond = total.saturating_sub(limit);
                                        // Most targets hold no copy beyond.
                                        let row = if beyond == 0 {
                                            row
                                        } else {
                                            moved(row, (beyond as usize).min(ANY))
                                        };
                                        keep_least(
                                            &mut next[y][z][m + z + t][p | q],
                                            row,
                                            total.saturating_sub(count),
                                        );
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
                keep_least(end, cells[0][0][m][p], 0);
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
