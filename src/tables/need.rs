//! The need tables: [`Need`], one suit's jokers to complete its tiles, and
//! the reads of the two need tables (see the [layout](super#layout)).

use super::layout::{need_melds, need_with_pair, pack_need, NEED_VALUE_NONE};

/// One need-table value: the jokers one suit needs (see the
/// [layout](super#layout)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need(u8);

impl Need {
    /// The value of a pattern with no completion: both needs 15.
    pub const NONE: Need = Need(NEED_VALUE_NONE);

    /// The value of a pattern needing `melds` jokers for melds only and
    /// `with_pair` for melds and a pair (each at most 15).
    #[inline]
    pub(crate) const fn from_needs(melds: u8, with_pair: u8) -> Need {
        Need(pack_need(melds, with_pair))
    }

    /// The value stored as the byte `v` of a need table.
    #[inline(always)]
    pub(super) const fn from_byte(v: u8) -> Need {
        Need(v)
    }

    /// The byte a need table stores for this value.
    #[inline(always)]
    pub(super) const fn byte(self) -> u8 {
        self.0
    }

    /// Both needs "none" (15)?
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == Need::NONE.0
    }

    /// Fewest jokers that complete the tiles into melds only (15: none).
    #[inline]
    pub const fn melds(self) -> u8 {
        need_melds(self.0)
    }

    /// Fewest jokers that complete the tiles into melds plus one pair (15: none).
    #[inline]
    pub const fn with_pair(self) -> u8 {
        need_with_pair(self.0)
    }
}

/// One suit's need table, for a run of look-ups in one suit
/// ([`Tables::need_column`](super::Tables::need_column)).
#[derive(Clone, Copy)]
pub(crate) struct NeedColumn<'a>(pub(super) &'a [u8]);

impl NeedColumn<'_> {
    /// The need at `key`; "none" for a key outside the table.
    #[inline(always)]
    pub(crate) fn at(self, key: usize) -> Need {
        Need(self.0.get(key).copied().unwrap_or(Need::NONE.0))
    }
}
