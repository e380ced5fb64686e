//! The need tables: [`Need`], one suit's jokers to complete its tiles, and
//! the reads of the two need tables (see the [layout](super#layout)).

use super::key::{honor_key, suit_key};
use super::layout::{need_melds, need_with_pair, pack_need, NEED_VALUE_NONE};
use super::{Storage, Tables, DEFAULT_HONOR, DEFAULT_SUIT};

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
/// ([`Tables::need_column`]).
#[derive(Clone, Copy)]
pub(crate) struct NeedColumn<'a>(&'a [u8]);

impl NeedColumn<'_> {
    /// The need at `key`; "none" for a key outside the table.
    #[inline(always)]
    pub(crate) fn at(self, key: usize) -> Need {
        Need(self.0.get(key).copied().unwrap_or(Need::NONE.0))
    }
}

impl Tables {
    /// The raw bytes of the two need tables (numbered suits, honours), as
    /// a table file stores them.
    pub fn raw(&self) -> (&[u8], &[u8]) {
        (self.suit_bytes(), self.honor_bytes())
    }

    #[inline(always)]
    fn suit_bytes(&self) -> &[u8] {
        match &self.storage {
            Storage::Builtin => DEFAULT_SUIT,
            Storage::Owned { suit, .. } => suit,
        }
    }

    #[inline(always)]
    fn honor_bytes(&self) -> &[u8] {
        match &self.storage {
            Storage::Builtin => DEFAULT_HONOR,
            Storage::Owned { honor, .. } => honor,
        }
    }

    /// The need of one numbered suit, from its 9 counts (each at most 4).
    #[inline]
    pub fn suit(&self, counts: &[u8; 9]) -> Need {
        Need(self.suit_bytes()[suit_key(counts)])
    }

    /// The need of the honours, from their 7 counts (each at most 4).
    #[inline]
    pub fn honor(&self, counts: &[u8; 7]) -> Need {
        Need(self.honor_bytes()[honor_key(counts)])
    }

    /// The need of suit `suit` (0–2 numbered, 3 honours) at `key`; "none"
    /// for a key outside the table (a count above 4 reads past it).
    #[inline(always)]
    pub(crate) fn need_at(&self, suit: usize, key: usize) -> Need {
        self.need_column(suit).at(key)
    }

    /// The need table of suit `suit` (0–2 numbered, 3 honours), for a run
    /// of look-ups in one suit.
    #[inline(always)]
    pub(crate) fn need_column(&self, suit: usize) -> NeedColumn<'_> {
        NeedColumn(if suit == 3 {
            self.honor_bytes()
        } else {
            self.suit_bytes()
        })
    }

    /// The needs of the four suits whose keys are `keys` (every key within
    /// its table: the acceptance step checked the counts).
    #[inline(always)]
    pub(crate) fn needs(&self, keys: [usize; 4]) -> [Need; 4] {
        let suit = self.suit_bytes();
        [
            Need(suit[keys[0]]),
            Need(suit[keys[1]]),
            Need(suit[keys[2]]),
            Need(self.honor_bytes()[keys[3]]),
        ]
    }

    /// Bytes the two need tables take in memory.
    pub fn size_bytes(&self) -> usize {
        self.suit_bytes().len() + self.honor_bytes().len()
    }
}
