//! Efficiency's draw rows: for each pattern of a suit's profile column
//! within four copies, what one tile more of each rank does to it
//! ([`DrawRow`]), read in one load where the tiles' own profiles took nine.
//! Built from the profile columns and the classes the first time
//! efficiency asks ([`Tables::draw_columns`](super::Tables::draw_columns)),
//! and indexed as the profile columns are.

use super::class::DistanceClasses;
use super::key::{self, Ranking, CUT};
use super::profile::{ProfileColumn, SuitProfile};

/// Per rank (0–8), what one tile more of it does to a pattern: bits 0–5
/// the lanes of targets of `m` melds (bit `m`), bits 8–13 those of `m`
/// melds and the pair (bit `8 + m`), whose distances it lowers, and
/// [`DRAW_FLAGS`] when the pattern with it is flagged for fifth copies
/// ([`SuitProfile::fifth`]). A rank the pattern holds four times, one past
/// the suit's ranks, or any rank of a pattern of the most tiles the tables
/// hold, reads 0: no such tile can be drawn.
pub(crate) type DrawRow = [u16; 9];

/// Bit 15 of a rank's entry in a [`DrawRow`]: the tile flags the pattern.
/// The lanes' bits 6, 7, 14 and 15 are never set: those places hold
/// [`Distance::FAR`](super::Distance::FAR) in every class.
pub(crate) const DRAW_FLAGS: u16 = 1 << 15;

/// The draw rows of the patterns of `ranks` ranks (7 or 9) and at most
/// `max_tiles` tiles that `column` (a profile column within four copies,
/// padded) holds in the order of `ranking`, then [`key::PAST_END`] rows
/// of zeros: every index of the ranking reads a row.
pub(super) fn rows_of(
    ranking: &Ranking<CUT>,
    column: &[u32],
    classes: &DistanceClasses,
    ranks: usize,
    max_tiles: u8,
) -> Box<[DrawRow]> {
    let mut rows = vec![[0u16; 9]; ranking.len() + key::PAST_END];
    let profiles = ProfileColumn(ranking, column);
    let lanes = |p: SuitProfile| classes.get(p.class_index());
    let mut low_counts = [0u8; 4];
    let mut high_counts = [0u8; 5];
    for high in 0..key::pow5(ranks - 4) {
        key::counts_of(high, &mut high_counts[..ranks - 4]);
        let high_tiles: u32 = high_counts.iter().map(|&c| u32::from(c)).sum();
        for low in 0..CUT {
            key::counts_of(low, &mut low_counts);
            let tiles = high_tiles + low_counts.iter().map(|&c| u32::from(c)).sum::<u32>();
            if tiles >= u32::from(max_tiles) {
                continue;
            }
            let profile = profiles.at((low, high));
            let nexts = profiles.with_each_rank((low, high));
            let row = &mut rows[ranking.index_of(low, high)];
            let counts = low_counts.iter().chain(&high_counts[..ranks - 4]);
            for ((entry, &next), &count) in row.iter_mut().zip(&nexts).zip(counts) {
                if count < 4 {
                    let flag = if next.fifth() { DRAW_FLAGS } else { 0 };
                    *entry = lanes(profile).lowered_in(lanes(next)) | flag;
                }
            }
        }
    }
    rows.into_boxed_slice()
}

#[cfg(test)]
mod tests {
    use super::super::{key, Distance, TableParams, Tables};
    use super::*;

    /// The lanes (as [`DrawRow`]'s bits) in which `more`'s public
    /// distances are below `d`'s.
    fn lower_lanes(d: Distance, more: Distance) -> u16 {
        let mut lanes = 0;
        for m in 0..=5 {
            lanes |= u16::from(more.melds(m) < d.melds(m)) << m;
            lanes |= u16::from(more.with_pair(m) < d.with_pair(m)) << (8 + m);
        }
        lanes
    }

    /// Each pattern's draw row, for seeded patterns of every suit, holds
    /// for each rank it may draw the lanes in which the public distances
    /// of the pattern with one tile more of that rank are lower, and that
    /// pattern's flag; 0 for a rank it may not draw. The builtin tables
    /// and tables of 17 tiles with honour sequences, without fifth copies.
    #[test]
    fn draw_rows_hold_what_one_tile_more_lowers() {
        let other = TableParams {
            max_tiles: 17,
            joker_fifth_copy: false,
            honor_sequences: true,
            ..TableParams::DEFAULT
        };
        let mut picks = crate::seeded::Picks::new(0x9e37_79b9_7f4a_7c15);
        let mut next = |n: u64| picks.below(n);
        for tables in [
            Tables::builtin(),
            std::sync::Arc::new(Tables::generate(&other)),
        ] {
            let max = u32::from(tables.params().max_tiles);
            let mut checked = 0;
            for _ in 0..20_000 {
                let s = next(4) as usize;
                let ranks = if s == 3 { 7 } else { 9 };
                let mut counts = [0u8; 9];
                // Patterns of every size, most of a hand's.
                for _ in 0..next(u64::from(max)) {
                    let r = next(ranks) as usize;
                    counts[r] = (counts[r] + 1).min(4);
                }
                let tiles: u32 = counts.iter().map(|&c| u32::from(c)).sum();
                let key = key::key_of(&counts[..ranks as usize]);
                let (_, row) = tables.draw_columns().at(s, key::halves_of(key));
                let d = tables.distance_at(s, key, false);
                for r in 0..9 {
                    let want = if r < ranks as usize && counts[r] < 4 && tiles < max {
                        let more = tables.distance_at(s, key + key::pow5(r), false);
                        let flag = more.fifth();
                        let lanes = lower_lanes(d, more);
                        checked += 1;
                        lanes | if flag { DRAW_FLAGS } else { 0 }
                    } else {
                        0
                    };
                    assert_eq!(row[r], want, "suit {s} {counts:?} rank {r}, {max} tiles");
                }
            }
            assert!(checked > 100_000, "{checked} ranks checked");
        }
    }
}
