//! Tables from raw bytes (a table file's columns), refused unless every
//! value is one its pattern can have.

use super::distance::{stored_columns, DIST_COLUMNS, HONOR_CAP};
use super::gen::TableParams;
use super::key::{
    self, counts_of, HONOR_RANKS, HONOR_SEQUENCES, HONOR_SLOTS, SUIT_RANKS, SUIT_SLOTS,
};
use super::layout::{DIST_FIFTH, DIST_STEPS, NEED_NONE};
use super::need::Need;
use super::store::Tables;

impl Tables {
    /// Tables from their raw bytes (as a table file holds them), refused
    /// unless every slot holds a value its pattern can have: the right
    /// number of slots; "none" in every slot of a pattern larger than the
    /// parameters' hand; elsewhere needs that fill melds of three (a
    /// pattern of `n` tiles needs `k` jokers with `n + k` a multiple of 3,
    /// or 2 more with the pair); a need of 0 only for a pattern that is
    /// complete; and no need more than one below another pattern's with
    /// one tile fewer (so waits' pruning holds). Returns which table is bad
    /// and why. A file with wrong but plausible values still loads:
    /// [`file::verify`](super::file::verify) compares every slot with the generator.
    pub(crate) fn from_raw(
        params: TableParams,
        suit: Vec<u8>,
        honor: Vec<u8>,
        dist: Option<[Vec<u8>; 4]>,
    ) -> Result<Tables, (&'static str, String)> {
        let suit_shape = Shape {
            ranks: SUIT_RANKS,
            // The seven runs of three consecutive ranks.
            sequences: (0..7).map(|start| 0b111 << start).collect(),
            pair_ranks: params.suit_pair_ranks,
        };
        let honor_shape = Shape {
            ranks: HONOR_RANKS,
            sequences: if params.honor_sequences {
                HONOR_SEQUENCES.iter().map(|&set| set as u16).collect()
            } else {
                Vec::new()
            },
            pair_ranks: if params.honor_pair { 0x7f } else { 0 },
        };
        check_values("suit", &suit, SUIT_SLOTS, &suit_shape, params.max_tiles)?;
        check_values("honor", &honor, HONOR_SLOTS, &honor_shape, params.max_tiles)?;
        let suit_ranking = key::suit_ranking(params.max_tiles);
        let honor_ranking = key::honor_ranking(params.max_tiles);
        let dist = match dist {
            Some(columns) => {
                for (i, column) in columns.iter().enumerate() {
                    let len = if i < HONOR_CAP {
                        suit_ranking.len()
                    } else {
                        honor_ranking.len()
                    };
                    check_distances(DIST_COLUMNS[i], column, len, i % 2 == 0)?;
                }
                columns.map(Vec::into_boxed_slice)
            }
            // Files from before the distance columns: made from the needs.
            None => stored_columns(&params, &suit, &honor),
        };
        Ok(Tables::owned(params, suit, honor, dist))
    }
}

/// Which groups a table's patterns are made of, for [`check_values`].
struct Shape {
    ranks: usize,
    /// Melds other than triplets, as rank sets.
    sequences: Vec<u16>,
    /// Ranks (bits) on which the pair may sit.
    pair_ranks: u16,
}

impl Shape {
    /// Do `counts` split into melds, and one pair when `pair` is set?
    fn complete(&self, counts: &mut [u8], pair: bool) -> bool {
        let Some(r) = counts.iter().position(|&c| c > 0) else {
            return !pair;
        };
        if counts[r] >= 3 {
            counts[r] -= 3;
            let ok = self.complete(counts, pair);
            counts[r] += 3;
            if ok {
                return true;
            }
        }
        if pair && counts[r] >= 2 && self.pair_ranks >> r & 1 == 1 {
            counts[r] -= 2;
            let ok = self.complete(counts, false);
            counts[r] += 2;
            if ok {
                return true;
            }
        }
        for &set in &self.sequences {
            // The lowest tile must be the set's lowest rank.
            if set.trailing_zeros() as usize != r
                || (0..self.ranks).any(|i| set >> i & 1 == 1 && counts[i] == 0)
            {
                continue;
            }
            let take = |counts: &mut [u8], by: i8| {
                for (i, c) in counts.iter_mut().enumerate() {
                    if set >> i & 1 == 1 {
                        *c = c.wrapping_add_signed(by);
                    }
                }
            };
            take(counts, -1);
            let ok = self.complete(counts, pair);
            take(counts, 1);
            if ok {
                return true;
            }
        }
        false
    }
}

/// See [`Tables::from_raw`].
fn check_values(
    table: &'static str,
    values: &[u8],
    slots: usize,
    shape: &Shape,
    max_tiles: u8,
) -> Result<(), (&'static str, String)> {
    if values.len() != slots {
        return Err((table, format!("{} slots, expected {slots}", values.len())));
    }
    let bad =
        |key: usize, v: u8, why: &str| Err((table, format!("slot {key} holds {v:#04x}: {why}")));
    let mut counts = vec![0u8; shape.ranks];
    for (key, &v) in values.iter().enumerate() {
        counts_of(key, &mut counts);
        let tiles: u32 = counts.iter().map(|&c| c as u32).sum();
        if tiles > max_tiles as u32 {
            if v != Need::NONE.byte() {
                return bad(key, v, "the pattern is larger than a hand");
            }
            continue;
        }
        let need = Need::from_byte(v);
        let (m, p) = (need.melds() as u32, need.with_pair() as u32);
        let none = NEED_NONE as u32;
        if m != none && (tiles + m) % 3 != 0 || p != none && (tiles + p) % 3 != 2 {
            return bad(key, v, "the tiles and jokers do not fill melds of three");
        }
        if m == 0 && !shape.complete(&mut counts, false)
            || p == 0 && !shape.complete(&mut counts, true)
        {
            return bad(key, v, "a need of 0 for a pattern that is not complete");
        }
        let mut place = 1;
        for &c in counts.iter() {
            if c < 4 && tiles < max_tiles as u32 {
                let more = Need::from_byte(values[key + place]);
                let low = |n: u32| if n == 0 { 2 } else { n - 1 };
                if (more.melds() as u32) < low(m) || (more.with_pair() as u32) < low(p) {
                    return bad(
                        key + place,
                        values[key + place],
                        "more than one below the need of one tile fewer",
                    );
                }
            }
            place *= 5;
        }
    }
    Ok(())
}

/// Checks a distance column read from a file: its length, and in every
/// value no bit outside the layout (the fifth-copy flag only in the
/// capped columns, `flagged`).
fn check_distances(
    table: &'static str,
    column: &[u8],
    len: usize,
    flagged: bool,
) -> Result<(), (&'static str, String)> {
    if column.len() != 4 * len {
        return Err((
            table,
            format!("{} bytes, expected {}", column.len(), 4 * len),
        ));
    }
    let allowed = DIST_STEPS | if flagged { DIST_FIFTH } else { 0 };
    for (slot, b) in column.chunks_exact(4).enumerate() {
        let v = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        if v & !allowed != 0 {
            return Err((
                table,
                format!("slot {slot} holds {v:#010x}: bits outside the layout"),
            ));
        }
    }
    Ok(())
}
