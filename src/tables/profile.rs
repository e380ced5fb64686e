//! The distance columns as memory holds them: one [`SuitProfile`] a
//! pattern (its bits are in `layout.rs`), the reads of them, and their
//! making from the stored columns.

use super::class::{DistanceClass, DistanceClasses};
use super::counted::CountedFields;
use super::distance::Distance;
use super::gen::{self, TableParams};
use super::key;
use super::layout::{CLASS, COUNTED, DIST_FIFTH, PROFILE_FIFTH};

/// What the tables hold in memory for one suit's pattern: its distance
/// class (the distances it shares with other patterns,
/// [`Tables::class`](super::Tables::class)),
/// whether a joker as a fifth copy would lower them ([`SuitProfile::fifth`]),
/// and the counted fields seven pairs and thirteen orphans add up
/// ([`SuitProfile::counted_fields`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SuitProfile(u32);

impl SuitProfile {
    /// The profile of no pattern: class 0 (every distance far), no flag,
    /// no counts. Also what a key past the column reads.
    pub(crate) const NONE: SuitProfile = SuitProfile(0);

    /// The distance this profile stands for, read through its class
    /// `class` ([`Tables::class`](super::Tables::class)).
    #[inline(always)]
    pub(super) fn distance(self, class: &DistanceClass) -> Distance {
        let steps = class.steps;
        Distance::from_stored(steps | if self.fifth() { DIST_FIFTH } else { 0 })
    }

    /// Would a joker standing for a fifth copy make some distance smaller?
    #[inline(always)]
    pub(crate) fn fifth(self) -> bool {
        self.0 & PROFILE_FIFTH != 0
    }

    /// The index of the class: two patterns with the same have the same
    /// distances.
    #[inline(always)]
    pub(crate) fn class_index(self) -> u32 {
        // The class is the top bits: the shift is all.
        self.0 >> CLASS.shift
    }

    /// Is some suit of a hand's four flagged (see [`SuitProfile::fifth`])?
    #[inline(always)]
    pub(crate) fn any_fifth(profiles: &[SuitProfile; 4]) -> bool {
        (profiles[0].0 | profiles[1].0 | profiles[2].0 | profiles[3].0) & PROFILE_FIFTH != 0
    }

    /// The counted fields of this suit (a hand's four:
    /// [`CountedFields::of_hand`]).
    #[inline(always)]
    pub(crate) fn counted_fields(self) -> CountedFields {
        CountedFields::from_bits(self.0 & COUNTED.mask())
    }

    /// The profile whose bits are `bits` (`tables/` only).
    #[inline(always)]
    pub(super) const fn from_bits(bits: u32) -> SuitProfile {
        SuitProfile(bits)
    }

    /// The profile's bits (`tables/` only).
    #[inline(always)]
    pub(super) const fn bits(self) -> u32 {
        self.0
    }

    /// The profile at slot `index` of the profile column `column`, an
    /// index of its ranking: [`SuitProfile::NONE`] past its patterns, in
    /// the padding ([`words`]) that every such index stays within.
    #[inline(always)]
    pub(super) fn read(column: &[u32], index: usize) -> SuitProfile {
        SuitProfile(column[index])
    }
}

/// One suit's profile column and the ranking that indexes it
/// ([`Tables::profile_column`](super::Tables::profile_column)), for a run of reads in one suit.
#[derive(Clone, Copy)]
pub(crate) struct ProfileColumn<'a>(
    pub(super) &'a key::Ranking<{ key::CUT }>,
    pub(super) &'a [u32],
);

impl ProfileColumn<'_> {
    /// The profile of the pattern whose key is cut in halves `(low, high)`
    /// ([`key::halves_of`]); [`SuitProfile::NONE`] outside the table.
    #[inline(always)]
    pub(crate) fn at(self, (low, high): (usize, usize)) -> SuitProfile {
        SuitProfile::read(self.1, self.0.index_of(low, high))
    }

    /// The profiles of the pattern whose key is cut in halves `(low, high)`
    /// with one tile more of each rank 0–8: a rank of the low half changes
    /// the low half's part of the index only, one of the high half the high
    /// half's. A rank at four copies or past the suit's reads some slot,
    /// never past the column.
    #[inline(always)]
    pub(crate) fn with_each_rank(self, (low, high): (usize, usize)) -> [SuitProfile; 9] {
        let ProfileColumn(ranking, column) = self;
        let (low_part, high_part) = (ranking.low_part(low), ranking.high_part(high));
        std::array::from_fn(|r| {
            let (dl, dh) = key::half_step(r);
            let index = if dh == 0 {
                high_part + ranking.low_part(low + dl)
            } else {
                ranking.high_part(high + dh) + low_part
            };
            SuitProfile::read(column, index)
        })
    }
}

impl CountedFields {
    /// The fields of a hand's four suits, whose profiles are `profiles`,
    /// added up: the profiles added whole, as the fields lie in their low
    /// bits and do not carry past them (what the higher bits add up to is
    /// dropped).
    #[inline(always)]
    pub(crate) fn of_hand(profiles: &[SuitProfile; 4]) -> CountedFields {
        let sum = profiles[0].bits().wrapping_add(profiles[1].bits());
        let sum = sum.wrapping_add(profiles[2].bits());
        CountedFields::from_bits(sum.wrapping_add(profiles[3].bits()) & COUNTED.mask())
    }
}

/// The profile columns and the classes of the stored distance columns
/// `stored` (in the order of the distance columns) made for `params`.
pub(super) fn profiles_of(
    params: &TableParams,
    stored: [Box<[u8]>; 4],
) -> ([Box<[u32]>; 4], DistanceClasses) {
    let max = params.max_tiles;
    let suit_ranking = key::suit_ranking(max);
    let honor_ranking = key::honor_ranking(max);
    let made = gen::profile_columns(
        [&stored[0], &stored[1], &stored[2], &stored[3]],
        max,
        &|k| suit_ranking.index(k),
        &|k| honor_ranking.index(k),
    );
    let mut columns = made.columns.into_iter().map(words);
    let profiles = std::array::from_fn(|_| columns.next().expect("four columns"));
    (
        profiles,
        DistanceClasses::of_steps(made.classes.into_iter()),
    )
}

/// The little-endian `u32`s of `bytes` (a profile column as `build.rs` or
/// the generator lays it out), then [`key::PAST_END`] slots of
/// [`SuitProfile::NONE`]: every index of the column's ranking reads a
/// slot ([`SuitProfile::read`]).
pub(super) fn words(bytes: impl AsRef<[u8]>) -> Box<[u32]> {
    let padding = std::iter::repeat_n(SuitProfile::NONE.0, key::PAST_END);
    bytes
        .as_ref()
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .chain(padding)
        .collect()
}

/// The slots of a column of [`words`] that hold patterns, without the
/// padding.
pub(super) fn patterns(column: &[u32]) -> &[u32] {
    &column[..column.len() - key::PAST_END]
}

#[cfg(test)]
mod tests {
    use super::super::Tables;
    use super::*;

    /// Every index a ranking gives, for any halves, reads a slot of a
    /// column padded by [`words`]: the highest high part and the highest
    /// low part together stay below the patterns and the padding.
    #[test]
    fn every_index_stays_within_the_padding() {
        for max_tiles in [1, 8, 14, 17] {
            for ranking in [key::suit_ranking(max_tiles), key::honor_ranking(max_tiles)] {
                let high = (0..1 << 16).map(|h| ranking.high_part(h)).max();
                let low = (0..1 << 16).map(|l| ranking.low_part(l)).max();
                let most = high.unwrap_or(0) + low.unwrap_or(0);
                assert!(most < ranking.len() + key::PAST_END, "{max_tiles}: {most}");
            }
        }
    }

    /// The builtin columns hold one slot a pattern, and the padding is
    /// [`SuitProfile::NONE`].
    #[test]
    fn columns_hold_their_patterns_then_the_padding() {
        let tables = Tables::builtin();
        let max_tiles = tables.params().max_tiles;
        let lens = [
            key::suit_ranking(max_tiles).len(),
            key::honor_ranking(max_tiles).len(),
        ];
        for column in 0..4 {
            let patterns = tables.profile_words(column);
            assert_eq!(patterns.len(), lens[column / 2], "column {column}");
            let padded = tables.profile_column(if column < 2 { 0 } else { 3 }, column % 2 == 1);
            assert_eq!(
                padded.1.len(),
                patterns.len() + key::PAST_END,
                "column {column}"
            );
            assert!(padded.1[patterns.len()..]
                .iter()
                .all(|&p| p == SuitProfile::NONE.0));
        }
    }
}
