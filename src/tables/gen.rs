//! The table generator: the need tables, and from them the distance
//! columns. `build.rs` compiles this file too (through `#[path]`, for the
//! compiled-in default tables), so it names nothing outside this file but
//! [`super::key`] and [`super::layout`]; in the library it is crate-private
//! ([`Tables::generate`](super::Tables::generate) runs it), and only
//! [`TableParams`] is public (re-exported by `tables`).
//!
//! What it computes, for every count vector of one suit: the fewest jokers
//! that complete it into melds only, and into melds plus exactly one pair.
//! How: a dynamic programme over the ranks, run along a depth-first walk of
//! all count vectors so that vectors sharing a prefix share its work. The
//! state after rank `r` is `(x, y, pair)`: `x` sequences started at `r - 1`
//! and `y` started at `r` still waiting for tiles, and whether the pair is
//! placed. At each rank the programme chooses how many sequences start there
//! (0–2: three equal sequences are the same tiles as three triplets) and
//! whether the pair sits there; the fewest triplets that absorb the remaining
//! natural tiles follow, and every slot no natural tile fills costs a joker.
//!
//! Honours with honour sequences (three different winds, or the three
//! dragons, as a meld) do not fit the rank-by-rank programme. With permissive
//! jokers their table is a search over the lowest natural tile left,
//! memoised on the tiles remaining; with jokers capped at four copies it is
//! a completion programme: a pattern needs one joker more than the cheapest
//! pattern one tile larger, and none when it is complete.

use super::key::{pow5, HONOR_RANKS, SUIT_RANKS};
use super::layout::{
    counted_fields, need_melds, need_with_pair, orphan_ranks, pack_distances, pack_need,
    pack_profile, Distances, CLASS, DIST_FAR, DIST_FIFTH, DIST_MELDS, DIST_STEPS, NEED_NONE,
    NEED_VALUE_NONE,
};

/// The parameters of the rules that change table values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableParams {
    /// Largest hand, in tiles (jokers included): 14, or 17 for sixteen-tile mahjong.
    pub max_tiles: u8,
    /// May a joker stand for a fifth copy of a tile?
    pub joker_fifth_copy: bool,
    /// Ranks (bit `r` = rank `r + 1`) on which a numbered suit may hold the pair.
    pub suit_pair_ranks: u16,
    /// May an honour be the pair?
    pub honor_pair: bool,
    /// Do three different winds, or the three dragons, form a meld?
    pub honor_sequences: bool,
}

impl TableParams {
    /// The parameters of the default tables: 14 tiles, permissive jokers, any pair.
    pub const DEFAULT: TableParams = TableParams {
        max_tiles: 14,
        joker_fifth_copy: true,
        suit_pair_ranks: 0x1ff,
        honor_pair: true,
        honor_sequences: false,
    };

    /// A 64-bit fingerprint of the parameters (FNV-1a over their fields):
    /// table files record it, so tables made for other rules are refused.
    pub fn fingerprint(&self) -> u64 {
        let bytes = [
            self.max_tiles,
            self.joker_fifth_copy as u8,
            (self.suit_pair_ranks & 0xff) as u8,
            (self.suit_pair_ranks >> 8) as u8,
            self.honor_pair as u8,
            self.honor_sequences as u8,
        ];
        let mut h: u64 = 0xcbf2_9ce4_8422_2325;
        for b in bytes {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h
    }
}

/// Shape of one group of ranks: how many there are and whether they form sequences.
#[derive(Clone, Copy)]
struct Shape {
    ranks: usize,
    sequences: bool,
    pair_ranks: u16,
}

/// Builds the numbered-suit table (`5^9` entries) for `params`.
pub fn suit_table(params: &TableParams) -> Vec<u8> {
    let shape = Shape {
        ranks: SUIT_RANKS,
        sequences: true,
        pair_ranks: params.suit_pair_ranks,
    };
    build(shape, params)
}

/// Builds the honour table (`5^7` entries) for `params`.
pub fn honor_table(params: &TableParams) -> Vec<u8> {
    if params.honor_sequences {
        return if params.joker_fifth_copy {
            honor_sequence_table_permissive(params)
        } else {
            honor_sequence_table_capped(params)
        };
    }
    let shape = Shape {
        ranks: HONOR_RANKS,
        sequences: false,
        pair_ranks: if params.honor_pair { 0x7f } else { 0 },
    };
    build(shape, params)
}

const INF: u8 = u8::MAX;
/// States: `x` in 0..=2, `y` in 0..=2, pair placed in 0..=1.
const STATES: usize = 18;

const fn state(x: usize, y: usize, pair: usize) -> usize {
    (x * 3 + y) * 2 + pair
}

fn build(shape: Shape, params: &TableParams) -> Vec<u8> {
    let mut table = vec![NEED_VALUE_NONE; pow5(shape.ranks)];
    let mut start = [INF; STATES];
    start[state(0, 0, 0)] = 0;
    let cx = Walk {
        shape,
        cap: if params.joker_fifth_copy { u8::MAX } else { 4 },
        max_tiles: params.max_tiles,
    };
    cx.walk(0, 0, 0, 1, &start, &mut table);
    table
}

struct Walk {
    shape: Shape,
    cap: u8,
    max_tiles: u8,
}

impl Walk {
    /// Visits every count vector extending the first `rank` counts (total
    /// `tiles`, partial key `key`, next place value `place`), whose programme
    /// states after `rank` ranks are `states`.
    fn walk(
        &self,
        rank: usize,
        tiles: u8,
        key: usize,
        place: usize,
        states: &[u8; STATES],
        table: &mut [u8],
    ) {
        if rank + 1 == self.shape.ranks {
            // The last rank: only the two final values are wanted.
            let mut c = 0u8;
            while c <= 4 && tiles + c <= self.max_tiles {
                let (melds, pair) = self.last(rank, c, states);
                table[key + c as usize * place] = pack_need(melds, pair);
                c += 1;
            }
            return;
        }
        let mut c = 0u8;
        while c <= 4 && tiles + c <= self.max_tiles {
            let next = self.step(rank, c, states);
            self.walk(
                rank + 1,
                tiles + c,
                key + c as usize * place,
                place * 5,
                &next,
                table,
            );
            c += 1;
        }
    }

    /// The programme's last rank with `c` natural tiles, reduced to the two
    /// values the table keeps (no sequence is open after it, none starts
    /// there, so only the states `(x, 0, placed)` lead to an end):
    /// (melds only, melds and the pair). The same arithmetic as [`Walk::step`].
    // `div_ceil` is a call in an unoptimised build: written out.
    #[allow(clippy::manual_div_ceil)]
    fn last(&self, rank: usize, c: u8, states: &[u8; STATES]) -> (u8, u8) {
        let pair_here = self.shape.pair_ranks >> rank & 1 == 1;
        let mut best = [INF; 2];
        let mut x = 0;
        while x < 3 {
            let mut placed = 0;
            while placed < 2 {
                let before = states[x * 6 + placed];
                let pair_max = if placed == 0 && pair_here { 1 } else { 0 };
                let mut p = 0;
                while before != INF && p <= pair_max {
                    let base = (x + 2 * p) as u8;
                    let triplets = if c > base { (c - base + 2) / 3 } else { 0 };
                    let used = base + 3 * triplets;
                    if used <= self.cap {
                        let cost = before + (used - c);
                        if cost < best[placed + p] {
                            best[placed + p] = cost;
                        }
                    }
                    p += 1;
                }
                placed += 1;
            }
            x += 1;
        }
        (best[0], best[1])
    }

    /// One rank of the programme: `c` natural tiles of rank `rank`.
    ///
    /// Written with `while` loops and plain index arithmetic: the library
    /// runs this in its users' unoptimised builds too, where every
    /// iterator step and helper call is a real call.
    #[allow(clippy::manual_div_ceil)]
    fn step(&self, rank: usize, c: u8, states: &[u8; STATES]) -> [u8; STATES] {
        let mut next = [INF; STATES];
        let starts = if self.shape.sequences && rank + 2 < self.shape.ranks {
            2
        } else {
            0
        };
        let pair_here = self.shape.pair_ranks >> rank & 1 == 1;
        let mut i = 0;
        while i < STATES {
            let before = states[i];
            if before != INF {
                // i = (x * 3 + y) * 2 + placed, as `state` lays it out.
                let placed = i % 2;
                let y = i / 2 % 3;
                let x = i / 6;
                let pair_max = if placed == 0 && pair_here { 1 } else { 0 };
                let mut s = 0;
                while s <= starts {
                    let mut p = 0;
                    while p <= pair_max {
                        let base = (x + y + s + 2 * p) as u8;
                        let triplets = if c > base { (c - base + 2) / 3 } else { 0 };
                        let used = base + 3 * triplets;
                        if used <= self.cap {
                            let cost = before + (used - c);
                            let to = &mut next[(y * 3 + s) * 2 + placed + p];
                            if cost < *to {
                                *to = cost;
                            }
                        }
                        p += 1;
                    }
                    s += 1;
                }
            }
            i += 1;
        }
        next
    }
}

/// Fewest jokers completing `counts` (permissive jokers), `pair` set when the
/// honours must also hold the pair: the lowest natural tile left joins a
/// triplet, the pair, or an honour sequence, other slots filled by natural
/// tiles or jokers. Every count is at most 4 (removing tiles keeps it so);
/// `memo` caches results by key and `pair`, as `result + 1` (0: not
/// computed yet), so that "none" is cached too.
fn honor_search(
    counts: &mut [u8; HONOR_RANKS],
    pair: bool,
    honor_pair: bool,
    memo: &mut [u8],
) -> u8 {
    let Some(r) = counts.iter().position(|&c| c > 0) else {
        return if !pair {
            0
        } else if honor_pair {
            2
        } else {
            INF
        };
    };
    let slot = super::key::key_of(counts) * 2 + pair as usize;
    if memo[slot] != 0 {
        return memo[slot] - 1;
    }
    let mut best = INF;
    let c = counts[r];
    // Triplets and the pair holding r.
    for (size, is_pair) in [(3u8, false), (2, true)] {
        if is_pair && !(pair && honor_pair) {
            continue;
        }
        for k in 1..=c.min(size) {
            counts[r] -= k;
            let rest = honor_search(counts, pair && !is_pair, honor_pair, memo);
            counts[r] += k;
            best = best.min(rest.saturating_add(size - k));
        }
    }
    // Honour sequences holding r: ranks below r hold no natural tile (jokers);
    // each rank above r is natural (if held) or a joker.
    for set in super::key::HONOR_SEQUENCES {
        if set >> r & 1 == 0 {
            continue;
        }
        let above = set & !((2u8 << r) - 1);
        let below = (set & ((1u8 << r) - 1)).count_ones() as u8;
        // Every subset of the ranks above r, as the natural ones.
        let mut naturals = above;
        loop {
            let held = (0..HONOR_RANKS).all(|i| naturals >> i & 1 == 0 || counts[i] > 0);
            if held {
                let jokers = below + (above.count_ones() - naturals.count_ones()) as u8;
                counts[r] -= 1;
                for (i, c) in counts.iter_mut().enumerate() {
                    *c -= naturals >> i & 1;
                }
                let rest = honor_search(counts, pair, honor_pair, memo);
                counts[r] += 1;
                for (i, c) in counts.iter_mut().enumerate() {
                    *c += naturals >> i & 1;
                }
                best = best.min(rest.saturating_add(jokers));
            }
            if naturals == 0 {
                break;
            }
            naturals = (naturals - 1) & above;
        }
    }
    let best = best.min(INF - 1);
    memo[slot] = best + 1;
    best
}

fn honor_sequence_table_permissive(params: &TableParams) -> Vec<u8> {
    let slots = pow5(HONOR_RANKS);
    let mut memo = vec![0u8; slots * 2];
    let mut table = vec![NEED_VALUE_NONE; slots];
    let mut counts = [0u8; HONOR_RANKS];
    for (key, value) in table.iter_mut().enumerate() {
        super::key::counts_of(key, &mut counts);
        if counts.iter().map(|&c| c as u32).sum::<u32>() > params.max_tiles as u32 {
            continue;
        }
        let melds = honor_search(&mut counts, false, params.honor_pair, &mut memo);
        let with_pair = honor_search(&mut counts, true, params.honor_pair, &mut memo);
        *value = pack_need(melds, with_pair);
    }
    table
}

/// Honour sequences with jokers capped at four copies: a complete pattern
/// needs no joker; any other needs one more than the cheapest pattern with
/// one more tile (within the cap and the hand size).
fn honor_sequence_table_capped(params: &TableParams) -> Vec<u8> {
    let slots = pow5(HONOR_RANKS);
    let total = |key: usize| {
        let mut c = [0u8; HONOR_RANKS];
        super::key::counts_of(key, &mut c);
        c.iter().map(|&n| n as u32).sum::<u32>()
    };
    let mut order: Vec<usize> = (0..slots).collect();
    order.sort_by_key(|&k| total(k));
    // complete[k][pair]: the pattern splits into melds (and one pair).
    let mut complete = vec![[false; 2]; slots];
    let mut counts = [0u8; HONOR_RANKS];
    for &key in &order {
        super::key::counts_of(key, &mut counts);
        let Some(r) = counts.iter().position(|&c| c > 0) else {
            complete[key] = [true, false];
            continue;
        };
        let mut melds: Vec<usize> = Vec::new();
        if counts[r] >= 3 {
            melds.push(3 * pow5(r));
        }
        for set in super::key::HONOR_SEQUENCES {
            if set >> r & 1 == 1
                && (0..HONOR_RANKS).all(|i| set >> i & 1 == 0 || (i >= r && counts[i] > 0))
            {
                melds.push(
                    (0..HONOR_RANKS)
                        .filter(|&i| set >> i & 1 == 1)
                        .map(pow5)
                        .sum(),
                );
            }
        }
        for pair in 0..2 {
            let mut ok = melds.iter().any(|&m| complete[key - m][pair]);
            if pair == 1 && params.honor_pair && counts[r] >= 2 {
                ok |= complete[key - 2 * pow5(r)][0];
            }
            complete[key][pair] = ok;
        }
    }
    let mut need = vec![[INF; 2]; slots];
    for &key in order.iter().rev() {
        let t = total(key);
        if t > params.max_tiles as u32 {
            continue;
        }
        super::key::counts_of(key, &mut counts);
        for pair in 0..2 {
            if complete[key][pair] {
                need[key][pair] = 0;
                continue;
            }
            let mut best = INF;
            if t < params.max_tiles as u32 {
                for (r, &c) in counts.iter().enumerate() {
                    if c < 4 {
                        best = best.min(need[key + pow5(r)][pair].saturating_add(1));
                    }
                }
            }
            need[key][pair] = best;
        }
    }
    let mut table = vec![NEED_VALUE_NONE; slots];
    for (key, value) in table.iter_mut().enumerate() {
        if total(key) <= params.max_tiles as u32 {
            *value = pack_need(need[key][0], need[key][1]);
        }
    }
    table
}

// The distance tables (shanten). For every pattern of one suit and every
// number of melds m = 0..=5, with and without the pair: the fewest tiles
// missing from a target of m melds (and the pair) built in this suit, when
// the pattern's tiles may be kept or dropped. A target built from the kept
// tiles `Q` with the fewest jokers has `|Q| + need(Q)` tiles; with more
// melds it grows by whole melds of missing tiles. So the distance of `P` is
// the least `3m + 2p - |Q|` over the sub-patterns `Q` of `P` whose need
// (from the need table of the same parameters) fits in `m` melds: computed
// by keys in increasing order, each pattern taking the least of its own
// value and those of the patterns one tile smaller.

/// The distances of every pattern (by dense key) of a table of `ranks`
/// ranks whose need table is `need`; patterns above `max_tiles` tiles hold
/// [`DIST_FAR`].
pub fn distances(need: &[u8], ranks: usize, max_tiles: u8) -> Vec<Distances> {
    let slots = pow5(ranks);
    let mut out = vec![[DIST_FAR; 12]; slots];
    let mut counts = [0u8; 9];
    let mut tiles: u32 = 0;
    let mut key = 0;
    while key < slots {
        if tiles <= max_tiles as u32 {
            let v = need[key];
            let mut d = [DIST_FAR; 12];
            let mut p = 0;
            while p < 2 {
                let n = if p == 0 {
                    need_melds(v)
                } else {
                    need_with_pair(v)
                };
                if n != NEED_NONE {
                    // The smallest target holds tiles + n = 3·m0 + 2p tiles.
                    let mut m = (tiles + n as u32 - 2 * p as u32) / 3;
                    while m <= DIST_MELDS as u32 {
                        d[p * 6 + m as usize] = (3 * m + 2 * p as u32 - tiles) as u8;
                        m += 1;
                    }
                }
                p += 1;
            }
            let mut place = 1;
            let mut r = 0;
            while r < ranks {
                if counts[r] > 0 {
                    let fewer = &out[key - place];
                    let mut i = 0;
                    while i < 12 {
                        if fewer[i] < d[i] {
                            d[i] = fewer[i];
                        }
                        i += 1;
                    }
                }
                place *= 5;
                r += 1;
            }
            out[key] = d;
        }
        // The next key: add one to the base-5 digits.
        key += 1;
        let mut r = 0;
        while r < ranks {
            if counts[r] < 4 {
                counts[r] += 1;
                tiles += 1;
                break;
            }
            counts[r] = 0;
            tiles -= 4;
            r += 1;
        }
    }
    out
}

/// The packed distance column of a table, in the order of its compact
/// ranking: for each pattern of at most `max_tiles` tiles (`index` maps a
/// dense key to its slot, `len` slots), the capped distances (`cap`, from
/// need tables where jokers stay within four copies) flagged with
/// [`DIST_FIFTH`] where the permissive ones (`free`) differ, and the
/// permissive distances. Little-endian `u32`s, `4 * len` bytes each.
pub fn distance_columns(
    cap: &[Distances],
    free: &[Distances],
    ranks: usize,
    max_tiles: u8,
    len: usize,
    index: &dyn Fn(usize) -> usize,
) -> (Vec<u8>, Vec<u8>) {
    let mut capped = vec![0u8; 4 * len];
    let mut permissive = vec![0u8; 4 * len];
    for_patterns(ranks, max_tiles, &mut |key, _| {
        let i = index(key);
        let c = pack_distances(&cap[key]);
        let f = pack_distances(&free[key]);
        let flagged = if c != f { c | DIST_FIFTH } else { c };
        capped[4 * i..4 * i + 4].copy_from_slice(&flagged.to_le_bytes());
        permissive[4 * i..4 * i + 4].copy_from_slice(&f.to_le_bytes());
    });
    (capped, permissive)
}

/// Calls `visit(key, counts)` for every pattern of `ranks` ranks with at
/// most `max_tiles` tiles, in key order.
pub fn for_patterns(ranks: usize, max_tiles: u8, visit: &mut dyn FnMut(usize, &[u8])) {
    let mut counts = [0u8; 9];
    let mut key = 0;
    while key < pow5(ranks) {
        super::key::counts_of(key, &mut counts[..ranks]);
        let mut tiles = 0u32;
        let mut r = 0;
        while r < ranks {
            tiles += counts[r] as u32;
            r += 1;
        }
        if tiles <= max_tiles as u32 {
            visit(key, &counts[..ranks]);
        }
        key += 1;
    }
}

// The profiles (the layout is in `layout.rs`). Table files store the
// packed values above; in memory each value names its distance class (the
// distinct packed steps of the table, numbered) and carries the pattern's
// counted fields, so that the standard form combines four suits with a few
// word operations and seven pairs and thirteen orphans add four values.

/// The distance classes of a set of tables and their profile columns.
pub struct Profiles {
    /// The packed steps of each class, class 0 being "no pattern"
    /// (every step 3).
    pub classes: Vec<u32>,
    /// The profile columns, in the order given.
    pub columns: Vec<Vec<u8>>,
}

/// The four distance columns in their order everywhere (a numbered suit
/// within four copies, with fifth copies, then the honours likewise):
/// which hold honours, and which carry the counted fields (the fifth-copy
/// columns are read for their classes only).
const COLUMN_HONORS: [bool; 4] = [false, false, true, true];
const COLUMN_COUNTED: [bool; 4] = [true, false, true, false];

/// Numbers the distinct packed steps of the four stored `columns`
/// (little-endian `u32`s as [`distance_columns`] makes them, in the order
/// of `COLUMN_HONORS`) and rewrites each value as a profile:
/// its class, the fifth-copy flag, and in the columns within four copies
/// the counted fields of its pattern (the fifth-copy columns leave them
/// zero, which keeps them as compressible as the stored ones).
/// `suit_index` and `honor_index` map a dense key of a numbered suit or
/// the honours to its slot.
pub fn profile_columns(
    columns: [&[u8]; 4],
    max_tiles: u8,
    suit_index: &dyn Fn(usize) -> usize,
    honor_index: &dyn Fn(usize) -> usize,
) -> Profiles {
    let mut class_of = vec![u16::MAX; DIST_STEPS as usize + 1];
    let mut classes = vec![DIST_STEPS];
    class_of[DIST_STEPS as usize] = 0;
    let mut out = Vec::with_capacity(columns.len());
    let mut c = 0;
    while c < columns.len() {
        let stored = columns[c];
        let honor = COLUMN_HONORS[c];
        let ranks = if honor { HONOR_RANKS } else { SUIT_RANKS };
        let orphans = orphan_ranks(honor);
        let mut profiles = vec![0u8; stored.len()];
        for_patterns(ranks, max_tiles, &mut |key, counts| {
            let i = if honor {
                honor_index(key)
            } else {
                suit_index(key)
            };
            let b = &stored[4 * i..4 * i + 4];
            let v = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
            let steps = v & DIST_STEPS;
            if class_of[steps as usize] == u16::MAX {
                class_of[steps as usize] = classes.len() as u16;
                classes.push(steps);
            }
            let class = class_of[steps as usize] as u32;
            assert!(
                class <= CLASS.max(),
                "more distance classes than the layout holds"
            );
            let fields = if COLUMN_COUNTED[c] {
                counted_fields(counts, orphans)
            } else {
                0
            };
            let value = pack_profile(class, v & DIST_FIFTH != 0, fields);
            profiles[4 * i..4 * i + 4].copy_from_slice(&value.to_le_bytes());
        });
        out.push(profiles);
        c += 1;
    }
    Profiles {
        classes,
        columns: out,
    }
}
