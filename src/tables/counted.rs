//! The counted fields: what seven pairs and thirteen orphans read of a
//! hand, the four suits' fields of their profiles added up
//! ([`CountedFields`]; the bits are in `layout.rs`).

use super::layout::{
    counted_step, Field, COUNTED_ODD, COUNTED_ORPHANS, COUNTED_ORPHANS_AND_PAIRS,
    COUNTED_ORPHAN_PAIRS, COUNTED_PAIRS, COUNTED_PAIRS_AND_SINGLES, COUNTED_SINGLES,
};

/// The counted fields of a suit, or of a hand's four suits added up: kinds
/// held twice or more, once, an odd number of times; orphans (terminals
/// and honours) held, and held twice or more.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct CountedFields(u32);

/// How many values [`CountedFields::pairs_index`] takes.
pub(crate) const PAIRS_INDEXES: usize = 1 << COUNTED_PAIRS_AND_SINGLES.bits;

/// How many values [`CountedFields::orphans_index`] takes.
pub(crate) const ORPHANS_INDEXES: usize = 1 << COUNTED_ORPHANS_AND_PAIRS.bits;

impl CountedFields {
    /// The fields whose bits are `bits` (the counted bits of a profile).
    #[inline(always)]
    pub(super) const fn from_bits(bits: u32) -> CountedFields {
        CountedFields(bits)
    }

    /// The fields of a hand whose suits' fields were `self`, with one
    /// suit's fields `old` replaced by `new`.
    #[inline(always)]
    pub(crate) fn with_suit(self, old: CountedFields, new: CountedFields) -> CountedFields {
        CountedFields(self.0 - old.0 + new.0)
    }
}

/// The reads of counted fields, each `name: FIELD;` after its doc comment:
/// `name(self)` is the field `FIELD` of the counted bits.
macro_rules! field_reads {
    ($($(#[$doc:meta])* $name:ident: $field:ident;)*) => {$(
        $(#[$doc])*
        #[inline(always)]
        pub(crate) const fn $name(self) -> u32 {
            $field.get(self.0)
        }
    )*};
}

/// The reads of seven pairs, thirteen orphans and the draws' steps.
impl CountedFields {
    /// The fields with one tile more of a kind held `count` times (0–3);
    /// `orphan` when the kind is a terminal or an honour. Exact while no
    /// field reaches its cap: after the tile, at most 14 tiles.
    #[inline(always)]
    pub(crate) const fn with_tile(self, count: u8, orphan: bool) -> CountedFields {
        CountedFields(self.0.wrapping_add(counted_step(count, orphan)))
    }

    /// The fields with one tile fewer of a kind then held `count` times
    /// (0–3); `orphan` when the kind is a terminal or an honour: the step
    /// of [`CountedFields::with_tile`] taken back.
    #[inline(always)]
    pub(crate) const fn without_tile(self, count: u8, orphan: bool) -> CountedFields {
        CountedFields(self.0.wrapping_sub(counted_step(count, orphan)))
    }

    field_reads! {
        /// Kinds held twice or more (at most 7 counted).
        pairs: COUNTED_PAIRS;
        /// Kinds held once.
        singles: COUNTED_SINGLES;
        /// Kinds held an odd number of times.
        odd: COUNTED_ODD;
        /// Orphans held.
        orphans: COUNTED_ORPHANS;
        /// Orphans held twice or more (at most 7 counted).
        orphan_pairs: COUNTED_ORPHAN_PAIRS;
    }

    /// [`CountedFields::pairs`] and [`CountedFields::singles`] as one
    /// index below [`PAIRS_INDEXES`]: what seven pairs without quads reads
    /// (a table of them).
    #[inline(always)]
    pub(crate) const fn pairs_index(self) -> usize {
        COUNTED_PAIRS_AND_SINGLES.get(self.0) as usize
    }

    /// [`CountedFields::orphans`] and [`CountedFields::orphan_pairs`] as
    /// one index below [`ORPHANS_INDEXES`]: what thirteen orphans reads (a
    /// table of them).
    #[inline(always)]
    pub(crate) const fn orphans_index(self) -> usize {
        COUNTED_ORPHANS_AND_PAIRS.get(self.0) as usize
    }

    /// The fields whose [`CountedFields::pairs_index`] is `index`, the
    /// others zero: for filling a table by index.
    pub(crate) const fn from_pairs_index(index: usize) -> CountedFields {
        CountedFields::one(COUNTED_PAIRS_AND_SINGLES, index as u32)
    }

    /// The fields whose [`CountedFields::orphans_index`] is `index`, the
    /// others zero: for filling a table by index.
    pub(crate) const fn from_orphans_index(index: usize) -> CountedFields {
        CountedFields::one(COUNTED_ORPHANS_AND_PAIRS, index as u32)
    }

    /// The fields with `odd` kinds held an odd number of times, the others
    /// zero: for filling a table by it.
    pub(crate) const fn from_odd(odd: u32) -> CountedFields {
        CountedFields::one(COUNTED_ODD, odd)
    }

    /// `value` in `field`, every other field zero.
    const fn one(field: Field, value: u32) -> CountedFields {
        assert!(value <= field.max(), "the value fits its field");
        CountedFields(field.put(value))
    }
}

#[cfg(test)]
mod tests {
    use super::super::gen::for_patterns;
    use super::super::layout::{counted_fields, orphan_ranks};
    use super::*;

    /// One tile more gives [`CountedFields::with_tile`], for every pattern
    /// of a numbered suit and of the honours of at most 13 tiles and every
    /// rank held fewer than four times.
    #[test]
    fn with_tile_is_one_tile_more() {
        for (ranks, honor) in [(9, false), (7, true)] {
            let orphans = orphan_ranks(honor);
            for_patterns(ranks, 13, &mut |_, counts| {
                let before = CountedFields(counted_fields(counts, orphans));
                let mut more = counts.to_vec();
                for r in 0..ranks {
                    if counts[r] < 4 {
                        let orphan = orphans >> r & 1 == 1;
                        more[r] += 1;
                        let after = CountedFields(counted_fields(&more, orphans));
                        more[r] -= 1;
                        assert_eq!(
                            after,
                            before.with_tile(counts[r], orphan),
                            "{counts:?} + {r}"
                        );
                    }
                }
            });
        }
    }

    /// A hand's fields, read from the four suits' profiles added up, are
    /// the counts of the whole hand: seeded hands of at most 14 tiles.
    #[test]
    fn of_hand_counts_the_whole_hand() {
        let tables = super::super::Tables::builtin();
        let mut picks = crate::seeded::Picks::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..5_000 {
            let mut counts = [0u8; 34];
            for _ in 0..14 {
                let seed = picks.next();
                let i = (seed % 34) as usize;
                if counts[i] < 4 && seed >> 40 & 7 != 0 {
                    counts[i] += 1;
                }
            }
            let fields = CountedFields::of_hand(&tables.profiles(&super::super::keys_of(&counts)));
            let orphan = |i: usize| i >= 27 || i % 9 == 0 || i % 9 == 8;
            let kinds =
                |f: &dyn Fn(usize, u8) -> bool| (0..34).filter(|&i| f(i, counts[i])).count() as u32;
            assert_eq!(fields.pairs(), kinds(&|_, c| c >= 2), "{counts:?}");
            assert_eq!(fields.singles(), kinds(&|_, c| c == 1), "{counts:?}");
            assert_eq!(fields.odd(), kinds(&|_, c| c % 2 == 1), "{counts:?}");
            assert_eq!(
                fields.orphans(),
                kinds(&|i, c| orphan(i) && c >= 1),
                "{counts:?}"
            );
            let orphan_pairs = kinds(&|i, c| orphan(i) && c >= 2);
            assert_eq!(fields.orphan_pairs(), orphan_pairs, "{counts:?}");
        }
    }

    /// Each field reads what [`counted_fields`] counted, and the two
    /// indexes join their fields.
    #[test]
    fn fields_read_what_was_counted() {
        let orphans = orphan_ranks(false);
        // 1m 1m 2m 3m 3m 3m 9m: pairs 1m and 3m, singles 2m and 9m, odd
        // 2m 3m 9m, orphans 1m 9m, orphan pairs 1m.
        let fields = CountedFields(counted_fields(&[2, 1, 3, 0, 0, 0, 0, 0, 1], orphans));
        assert_eq!((fields.pairs(), fields.singles(), fields.odd()), (2, 2, 3));
        assert_eq!((fields.orphans(), fields.orphan_pairs()), (2, 1));
        assert_eq!(fields.pairs_index(), 2 | 2 << 3);
        assert_eq!(fields.orphans_index(), 2 | 1 << 4);
        assert_eq!(
            CountedFields::from_pairs_index(fields.pairs_index()).pairs(),
            2
        );
        assert_eq!(
            CountedFields::from_orphans_index(fields.orphans_index()).orphan_pairs(),
            1
        );
        assert_eq!(CountedFields::from_odd(3).odd(), 3);
    }
}
