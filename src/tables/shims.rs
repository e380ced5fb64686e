//! Old names of the tables' crate-private API, kept while the files being
//! moved on another branch (`src/form/**`, `src/shanten.rs`, `src/split.rs`)
//! still use them. Each forwards to its new name and does nothing else;
//! delete this file (and the re-exports of it in `tables/mod.rs`, and the
//! generator's old paths at the top of `gen.rs`) once those files read the
//! new names.

use super::counted::CountedFields;
use super::need::NeedColumn;
use super::profile::{ProfileColumn, SuitProfile};
use super::Tables;

/// Old name of [`SuitProfile`].
pub(crate) use super::profile::SuitProfile as Resident;

/// Old name of [`DistanceClass`](super::DistanceClass).
pub(crate) use super::class::DistanceClass as Class;

/// Old name of [`HandMerge`](super::HandMerge).
pub(crate) use super::class::HandMerge as Merges;

impl SuitProfile {
    /// Old form of [`CountedFields::of_hand`], as bits.
    #[inline(always)]
    pub(crate) fn counted_sum(profiles: &[SuitProfile; 4]) -> u32 {
        CountedFields::of_hand(profiles).bits()
    }
}

/// The counted fields as the old `u32` paths take them (a live hand hands
/// them to `Rules::replacement_counted` until it takes [`CountedFields`]).
impl From<CountedFields> for u32 {
    #[inline(always)]
    fn from(fields: CountedFields) -> u32 {
        fields.bits()
    }
}

impl Tables {
    /// Old name of [`Tables::profile_at`].
    #[inline(always)]
    pub(crate) fn resident_at(&self, suit: usize, key: usize, fifth: bool) -> SuitProfile {
        self.profile_at(suit, key, fifth)
    }

    /// Old name of [`Tables::profile_column`].
    #[inline(always)]
    pub(crate) fn residents_of_suit(&self, suit: usize, fifth: bool) -> ProfileColumn<'_> {
        self.profile_column(suit, fifth)
    }

    /// Old name of [`Tables::profiles`].
    #[inline(always)]
    pub(crate) fn residents(&self, keys: &[usize; 4]) -> [SuitProfile; 4] {
        self.profiles(keys)
    }

    /// Old name of [`Tables::profiles_of_halves`].
    #[inline(always)]
    pub(crate) fn residents_of_halves(&self, halves: &[(usize, usize); 4]) -> [SuitProfile; 4] {
        self.profiles_of_halves(halves)
    }

    /// Old name of [`Tables::need_column`].
    #[inline(always)]
    pub(crate) fn column(&self, suit: usize) -> NeedColumn<'_> {
        self.need_column(suit)
    }
}
