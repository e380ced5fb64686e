//! Waits (听牌): the tile kinds that would complete a hand of 3N+1 tiles.
//!
//! Each form lists the kinds that complete it (`src/form/`); this module
//! applies what holds for every form: the suits a new tile may join (the
//! rules' suit limit), the kinds in play, kinds held four times (not
//! drawable, unless the rules count them), and joker kinds (drawing one
//! adds a joker).
//!
//! ```
//! use hupai::{Hand, Rules};
//! let rules = Rules::basic();
//! let waits = rules.waits(&"7888p".parse::<Hand>()?)?;
//! assert_eq!(waits.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["6p", "7p", "9p"]);
//! assert!(!rules.is_ready(&"1357m".parse::<Hand>()?)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::HandError;
use crate::form::judge::WaitOptions;
use crate::hand::Hand;
use crate::meld::Melds;
use crate::position::{Position, Purpose};
use crate::rules::compiled::answers_for_many_hands;
use crate::rules::Rules;
use crate::tile::sets::{HONORS, MAN, PIN, SOU};
use crate::tile::{Tile, TileSet, KINDS};

/// The kinds of the suits set in `open` (bit 0 m, 1 p, 2 s, 3 honours) as
/// bits, for each of the 16 sets of suits.
static OPEN_KINDS: [u64; 16] = {
    const SUIT_BITS: [u64; 4] = [MAN, PIN, SOU, HONORS];
    let mut t = [0u64; 16];
    let mut open = 0;
    while open < 16 {
        let mut s = 0;
        while s < 4 {
            if open >> s & 1 == 1 {
                t[open] |= SUIT_BITS[s];
            }
            s += 1;
        }
        open += 1;
    }
    t
};

impl Rules {
    /// Every tile kind that makes `hand` (3N+1 tiles) a win, in index order.
    /// A kind held four times is a wait only under `four_held_is_wait`; a
    /// kind the rules do not use never is.
    ///
    /// # Errors
    /// [`HandError::TileNotInRules`], [`HandError::TooManyTiles`] (the hand
    /// plus one tile must fit the rules' limit) and [`HandError::WrongSize`]
    /// for a hand that is not 3N+1 tiles.
    #[inline]
    pub fn waits(&self, hand: &Hand) -> Result<TileSet, HandError> {
        // A hand without melds takes the path of its counts (see
        // `Rules::is_win`: the position built in place).
        if hand.has_melds() {
            return self.waits_melded(hand);
        }
        self.waits_counts(hand.counts(), hand.jokers())
    }

    /// [`Rules::waits`] for a hand with declared melds, apart from the
    /// common path.
    #[inline(never)]
    fn waits_melded(&self, hand: &Hand) -> Result<TileSet, HandError> {
        Ok(self.waits_of(&self.accept_hand(hand, Purpose::Wait)?))
    }

    /// [`Rules::waits`] on a count array (indexed 0–33) and a joker count.
    ///
    /// ```
    /// let mut counts = [0u8; 34];
    /// counts[0] = 1; // 1m
    /// let waits = hupai::Rules::basic().waits_counts(&counts, 0)?;
    /// assert_eq!(waits.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["1m"]);
    /// # Ok::<(), hupai::HandError>(())
    /// ```
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`] for a count above 4, else as
    /// [`Rules::waits`].
    #[inline]
    pub fn waits_counts(&self, counts: &[u8; KINDS], jokers: u8) -> Result<TileSet, HandError> {
        Ok(self.waits_of(&self.accept_counts(counts, jokers, Purpose::Wait)?))
    }

    answers_for_many_hands! {
        waits -> TileSet;
        /// [`Rules::waits`] for every hand of `hands`, in order, as
        /// [`Rules::is_win_batch`] does it: `out` is cleared and receives one
        /// answer per hand.
        ///
        /// ```
        /// use hupai::{Hand, Rules};
        /// let hands: Vec<Hand> = vec!["1m".parse()?, "11m".parse()?];
        /// let mut out = Vec::new();
        /// Rules::basic().waits_batch(&hands, &mut out);
        /// assert_eq!(out[0].as_ref().map(|w| w.len()), Ok(1));
        /// assert!(out[1].is_err());
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        waits_batch;

        /// [`Rules::waits`] over a stream of hands, answered as the iterator is
        /// pulled.
        waits_iter;
    }

    /// Is `hand` ready (听牌): does it have at least one wait?
    ///
    /// # Errors
    /// As [`Rules::waits`].
    pub fn is_ready(&self, hand: &Hand) -> Result<bool, HandError> {
        Ok(!self.waits(hand)?.is_empty())
    }

    /// The waits of the accepted 3N+1 `pos`.
    #[inline(always)]
    pub(crate) fn waits_of(&self, pos: &Position) -> TileSet {
        self.waits_of_with(pos, WaitOptions::of(self))
    }

    /// Is `tile` the one wait of the 3N+1 hand of the concealed `counts`
    /// beside the declared `melds` (each already accepted by these rules,
    /// their copies and the concealed ones at most four a kind), judged
    /// under `options` in place of the rules' own wait rule? GB scoring
    /// asks it of the hand before the win for 独听, by shape: a kind held
    /// four times is a wait when the shape waits on it. The forms are asked
    /// in turn, none after the first that waits on another kind.
    ///
    /// # Errors
    /// As [`Rules::waits`].
    pub(crate) fn waits_only_on(
        &self,
        counts: &[u8; KINDS],
        melds: &Melds,
        tile: Tile,
        options: WaitOptions,
    ) -> Result<bool, HandError> {
        let sizes = self.sizes(Purpose::Wait);
        let Some(pos) = self.accept_with(counts, 0, melds, sizes) else {
            return Err(self.reject(counts, 0, melds.len(), Purpose::Wait));
        };
        let Some(open) = self.open_suits(&pos) else {
            return Ok(false);
        };
        let (kept, fours) = self.wait_mask(&pos, options, open);
        let only = 1u64 << tile.index();
        let forms = self.forms_for(&pos);
        let waits = forms.waits_until(self, &pos, open, options, |w| w & kept & !only != 0);
        Ok(self.with_joker_kinds(&pos, waits & kept, fours) == only)
    }

    /// The waits of the accepted 3N+1 `pos` under `options`.
    #[inline(always)]
    fn waits_of_with(&self, pos: &Position, options: WaitOptions) -> TileSet {
        let Some(open) = self.open_suits(pos) else {
            return TileSet::EMPTY;
        };
        let waits = self.forms_for(pos).waits(self, pos, open, options);
        let (kept, fours) = self.wait_mask(pos, options, open);
        TileSet::from_bits(self.with_joker_kinds(pos, waits & kept, fours))
    }

    /// The suits a new tile may join `pos` (bit 0 m, 1 p, 2 s, 3 honours):
    /// any, or with the rules' suit limit reached, the suits held and the
    /// honours; `None` past the limit.
    #[inline(always)]
    fn open_suits(&self, pos: &Position) -> Option<u32> {
        let held = pos.suits_held();
        let suits = held.count_ones();
        let limit = self.derived.suit_limit;
        if suits > limit {
            return None;
        }
        Some(if suits == limit { held | 8 } else { 15 })
    }

    /// The kinds that may be waits of `pos` whatever its shape, a tile
    /// joining the suits `open` (in play and drawable; not held four times
    /// unless `options` counts them, nor four with the declared melds),
    /// and the kinds held four times that `options` keeps out.
    #[inline(always)]
    fn wait_mask(&self, pos: &Position, options: WaitOptions, open: u32) -> (u64, u64) {
        let fours = if options.four_held_is_wait {
            0
        } else if pos.words.any_four() {
            pos.words.kinds_with_bit(2) | pos.joker_fours
        } else {
            pos.joker_fours
        };
        let mut kept = self.derived.drawable & OPEN_KINDS[open as usize & 15] & !fours;
        if pos.has_melds() {
            // Kinds whose four copies are in the hand and its melds.
            kept &= !self.melded_fours(pos);
        }
        (kept, fours)
    }

    /// The shape's `waits`, with the joker kinds when drawing one wins
    /// (none of `fours`).
    #[inline(always)]
    fn with_joker_kinds(&self, pos: &Position, waits: u64, fours: u64) -> u64 {
        if self.jokers.is_empty() {
            return waits;
        }
        waits | self.joker_kind_waits(pos) & !fours
    }

    /// The joker kinds, when drawing one (one joker more) wins; apart
    /// from the common path.
    #[inline(never)]
    fn joker_kind_waits(&self, pos: &Position) -> u64 {
        let wins = if pos.has_melds() {
            let mut more = *pos;
            more.jokers += 1;
            more.kind_jokers += 1;
            self.wins(&more)
        } else {
            self.win_mask(pos) >> (pos.jokers + 1) & 1 == 1
        };
        if wins {
            self.jokers.bits()
        } else {
            0
        }
    }
}
