// The table generator. Shared verbatim by the library (run-time regeneration)
// and by `build.rs` (the compiled-in default tables) through `include!`, so it
// is self-contained: it names nothing outside this file but `super::key`.
//
// What it computes, for every count vector of one suit: the fewest jokers
// that complete it into melds only, and into melds plus exactly one pair.
// How: a dynamic programme over the ranks, run along a depth-first walk of
// all count vectors so that vectors sharing a prefix share its work. The
// state after rank `r` is `(x, y, pair)`: `x` sequences started at `r - 1`
// and `y` started at `r` still waiting for tiles, and whether the pair is
// placed. At each rank the programme chooses how many sequences start there
// (0–2: three equal sequences are the same tiles as three triplets) and
// whether the pair sits there; the fewest triplets that absorb the remaining
// natural tiles follow, and every slot no natural tile fills costs a joker.

use super::key::{pow5, HONOR_RANKS, SUIT_RANKS};

/// Value stored for "cannot be completed with the jokers any hand can hold".
pub const NEED_NONE: u8 = 15;

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
}

impl TableParams {
    /// The parameters of the default tables: 14 tiles, permissive jokers, any pair.
    pub const DEFAULT: TableParams = TableParams {
        max_tiles: 14,
        joker_fifth_copy: true,
        suit_pair_ranks: 0x1ff,
        honor_pair: true,
    };
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
    let shape = Shape {
        ranks: HONOR_RANKS,
        sequences: false,
        pair_ranks: if params.honor_pair { 0x7f } else { 0 },
    };
    build(shape, params)
}

/// Packs the two needs of one pattern into a table value (see `tables::layout`).
pub const fn pack(melds: u8, melds_and_pair: u8) -> u8 {
    let m = if melds > NEED_NONE { NEED_NONE } else { melds };
    let p = if melds_and_pair > NEED_NONE {
        NEED_NONE
    } else {
        melds_and_pair
    };
    m | (p << 4)
}

const INF: u8 = u8::MAX;
/// States: `x` in 0..=2, `y` in 0..=2, pair placed in 0..=1.
const STATES: usize = 18;

const fn state(x: usize, y: usize, pair: usize) -> usize {
    (x * 3 + y) * 2 + pair
}

fn build(shape: Shape, params: &TableParams) -> Vec<u8> {
    let mut table = vec![pack(NEED_NONE, NEED_NONE); pow5(shape.ranks)];
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
        if rank == self.shape.ranks {
            table[key] = pack(states[state(0, 0, 0)], states[state(0, 0, 1)]);
            return;
        }
        let mut c = 0u8;
        while c <= 4 && tiles + c <= self.max_tiles {
            let next = self.step(rank, c, states);
            self.walk(rank + 1, tiles + c, key + c as usize * place, place * 5, &next, table);
            c += 1;
        }
    }

    /// One rank of the programme: `c` natural tiles of rank `rank`.
    fn step(&self, rank: usize, c: u8, states: &[u8; STATES]) -> [u8; STATES] {
        let mut next = [INF; STATES];
        let starts = if self.shape.sequences && rank + 2 < self.shape.ranks {
            2
        } else {
            0
        };
        let pair_here = self.shape.pair_ranks >> rank & 1 == 1;
        for x in 0..3 {
            for y in 0..3 {
                for placed in 0..2 {
                    let before = states[state(x, y, placed)];
                    if before == INF {
                        continue;
                    }
                    let pair_max = if placed == 0 && pair_here { 1 } else { 0 };
                    for s in 0..=starts {
                        for p in 0..=pair_max {
                            let base = (x + y + s + 2 * p) as u8;
                            let triplets = if c > base { (c - base).div_ceil(3) } else { 0 };
                            let used = base + 3 * triplets;
                            if used > self.cap {
                                continue;
                            }
                            let cost = before + (used - c);
                            let to = &mut next[state(y, s, placed + p)];
                            if cost < *to {
                                *to = cost;
                            }
                        }
                    }
                }
            }
        }
        next
    }
}
