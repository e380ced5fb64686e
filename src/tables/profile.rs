//! The distance columns as memory holds them: one [`SuitProfile`] a
//! pattern (its bits are in `layout.rs`), the reads of them, and their
//! making from the stored columns.

use super::class::{DistanceClass, DistanceClasses, SuitMerge};
use super::counted::CountedFields;
use super::distance::{Distance, HONOR_CAP, SUIT_CAP};
use super::gen::{self, TableParams};
use super::key;
use super::layout::{CLASS, COUNTED, DIST_FIFTH, PROFILE_FIFTH};
use super::{Tables, DEFAULT_PROFILES};

/// What the tables hold in memory for one suit's pattern: its distance
/// class (the distances it shares with other patterns, [`Tables::class`]),
/// whether a joker as a fifth copy would lower them ([`SuitProfile::fifth`]),
/// and the counted fields seven pairs and thirteen orphans add up
/// ([`SuitProfile::counted_fields`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
// The field is crate-visible only for the old constructor `Resident(0)` in
// src/form/knitted.rs (see tables/shims.rs): `pub(super)` once it reads
// `SuitProfile::NONE`.
pub(crate) struct SuitProfile(pub(crate) u32);

impl SuitProfile {
    /// The profile of no pattern: class 0 (every distance far), no flag,
    /// no counts. Also what a key past the column reads.
    pub(crate) const NONE: SuitProfile = SuitProfile(0);

    /// The distance this profile stands for, read through its class.
    #[inline(always)]
    pub(crate) fn distance(self, tables: &Tables) -> Distance {
        let steps = tables.class(self).steps;
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

    /// The profile at slot `index` of the profile column `column`;
    /// [`SuitProfile::NONE`] past its end.
    #[inline(always)]
    fn read(column: &[u32], index: usize) -> SuitProfile {
        SuitProfile(column.get(index).copied().unwrap_or(SuitProfile::NONE.0))
    }
}

/// One suit's profile column and the ranking that indexes it
/// ([`Tables::profile_column`]), for a run of reads in one suit.
#[derive(Clone, Copy)]
pub(crate) struct ProfileColumn<'a>(&'a key::Ranking<{ key::CUT }>, &'a [u32]);

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

impl Tables {
    /// The profile of suit `suit` (0–2 numbered, 3 honours) at dense key
    /// `key`, within four copies or (`fifth`) not; [`SuitProfile::NONE`]
    /// for a key outside the table.
    #[inline(always)]
    pub(crate) fn profile_at(&self, suit: usize, key: usize, fifth: bool) -> SuitProfile {
        self.profile_of_halves(suit, key::halves_of(key), fifth)
    }

    /// [`Tables::profile_at`] for a key cut in halves
    /// ([`key::halves_of`]), which the rankings index with no division.
    #[inline(always)]
    pub(crate) fn profile_of_halves(
        &self,
        suit: usize,
        halves: (usize, usize),
        fifth: bool,
    ) -> SuitProfile {
        self.profile_column(suit, fifth).at(halves)
    }

    /// The profiles of suit `suit` (0–2 numbered, 3 honours), within four
    /// copies or (`fifth`) not, read by key halves: the column and its
    /// ranking chosen once for many reads.
    #[inline(always)]
    pub(crate) fn profile_column(&self, suit: usize, fifth: bool) -> ProfileColumn<'_> {
        let columns = self.profile_columns();
        if suit == 3 {
            ProfileColumn(&self.honor_ranking, &columns[HONOR_CAP + fifth as usize])
        } else {
            ProfileColumn(&self.suit_ranking, &columns[SUIT_CAP + fifth as usize])
        }
    }

    /// [`Tables::profile_at`] within four copies for the four suits' keys
    /// at once (the storage read once).
    #[inline(always)]
    pub(crate) fn profiles(&self, keys: &[usize; 4]) -> [SuitProfile; 4] {
        self.profiles_of_halves(&keys.map(key::halves_of))
    }

    /// [`Tables::profiles`] for the four suits' keys cut in halves
    /// (`SuitWords::halves`), which the rankings index with no division.
    #[inline(always)]
    pub(crate) fn profiles_of_halves(&self, halves: &[(usize, usize); 4]) -> [SuitProfile; 4] {
        let columns = self.profile_columns();
        let (suit, honor) = (&columns[SUIT_CAP], &columns[HONOR_CAP]);
        let read = SuitProfile::read;
        let suit_at = |(low, high)| read(suit, self.suit_ranking.index_of(low, high));
        [
            suit_at(halves[0]),
            suit_at(halves[1]),
            suit_at(halves[2]),
            read(honor, self.honor_ranking.index_of(halves[3].0, halves[3].1)),
        ]
    }

    /// The class a profile names.
    #[inline(always)]
    pub(crate) fn class(&self, p: SuitProfile) -> &DistanceClass {
        // Every profile names a class of its tables (the generator numbers
        // them, class 0 first).
        self.classes.get(p.class_index())
    }

    /// The merge value of the class a profile names
    /// ([`DistanceClass::merge`]).
    #[inline(always)]
    pub(crate) fn merge(&self, p: SuitProfile) -> SuitMerge {
        self.classes.merge(p.class_index())
    }

    /// The four profile columns, in the order of the distance columns (the
    /// compiled-in ones decoded here the first time).
    #[inline(always)]
    fn profile_columns(&self) -> &[Box<[u32]>; 4] {
        self.columns.get_or_init(|| DEFAULT_PROFILES.map(words))
    }

    /// Profile column `column` (in the order of the distance columns).
    pub(super) fn profile_words(&self, column: usize) -> &[u32] {
        &self.profile_columns()[column]
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
/// the generator lays it out).
fn words(bytes: impl AsRef<[u8]>) -> Box<[u32]> {
    bytes
        .as_ref()
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}
