//! The win check: the acceptance step, then every form's answer combined.
//! Under rules that play every kind, no joker kind, no suit limit and no
//! knitted form, and let every suit hold the pair (`Derived::lean_win`:
//! `riichi`, `chinese`, `basic`, `taiwan`), a hand is judged from its
//! counts' words alone: checked in them, its keys worked out from them, the
//! standard form's four need bytes read side by side and the counted forms
//! tested in the same words; a refused hand goes to the acceptance step
//! for its error.
//!
//! ```
//! use hupai::{Form, Hand, Rules};
//! let hand: Hand = "22567p12555678m*".parse()?;       // one joker
//! let forms = Rules::default().check(&hand)?;
//! assert_eq!(forms.iter().collect::<Vec<_>>(), [Form::Standard]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::HandError;
use crate::form::{seven_pairs, standard, thirteen_orphans, Form, Forms};
use crate::hand::Hand;
use crate::position::{Position, Purpose};
use crate::rules::compiled::answers_for_many_hands;
use crate::rules::Rules;
use crate::swar::SuitWords;
use crate::tile::KINDS;

impl Rules {
    /// The forms by which `hand` wins under these rules (empty: not a win).
    ///
    /// # Errors
    /// [`HandError::TileNotInRules`] for a tile the rules do not use,
    /// [`HandError::TooManyTiles`] for a hand over the rules' size limit, and
    /// [`HandError::WrongSize`] for a hand that is not 3N+2 tiles.
    pub fn check(&self, hand: &Hand) -> Result<Forms, HandError> {
        // A hand without melds takes the path of its counts (see
        // `Rules::is_win`: the position built in place).
        if hand.has_melds() {
            return self.check_melded(hand);
        }
        Ok(self.forms_of(&self.accept_counts(hand.counts(), hand.jokers(), Purpose::Win)?))
    }

    /// [`Rules::check`] for a hand with declared melds, apart from the
    /// common path.
    #[inline(never)]
    fn check_melded(&self, hand: &Hand) -> Result<Forms, HandError> {
        Ok(self.forms_of(&self.accept_hand(hand, Purpose::Win)?))
    }

    /// Does `hand` win under these rules? Like [`Rules::check`], with every
    /// form judged at once and no set built.
    ///
    /// ```
    /// use hupai::Rules;
    /// assert!(Rules::basic().is_win(&"66789m*11z".parse()?)?);
    /// assert!(!Rules::basic().is_win(&"66799m*11z".parse()?)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::check`].
    #[inline]
    pub fn is_win(&self, hand: &Hand) -> Result<bool, HandError> {
        // A hand without melds takes `is_win_counts`' path, which builds
        // the position in place: a position returned through
        // `accept_hand`'s `Result` is copied, and the copies stall on store
        // forwarding (twice the time).
        if hand.has_melds() {
            return self.is_win_melded(hand);
        }
        self.is_win_counts(hand.counts(), hand.jokers())
    }

    /// [`Rules::is_win`] on a count array (indexed 0–33) and a joker count.
    ///
    /// ```
    /// let mut counts = [0u8; 34];
    /// counts[27] = 2; // 11z
    /// assert!(hupai::Rules::basic().is_win_counts(&counts, 3)?);
    /// # Ok::<(), hupai::HandError>(())
    /// ```
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`] for a count above 4, else as
    /// [`Rules::check`].
    // Inlined wherever it is called: a caller's loop of calls compiles as
    // the batch's row loop does, each answer in a register.
    #[inline(always)]
    pub fn is_win_counts(&self, counts: &[u8; KINDS], jokers: u8) -> Result<bool, HandError> {
        if self.derived.lean_win {
            // Under these rules the words refuse what the acceptance step
            // refuses.
            return match self.words_within(counts, jokers, self.derived.win_sizes) {
                // With no joker (the common hand) the test folds its joker
                // count away.
                Some((words, total)) => Ok(match jokers {
                    0 => self.wins_lean(&words, total, 0),
                    _ => self.wins_lean(&words, total, jokers),
                }),
                None => Err(self.reject(counts, jokers as usize, 0, Purpose::Win)),
            };
        }
        match self.accept(counts, jokers, self.derived.win_sizes) {
            Some(pos) => Ok(self.wins(&pos)),
            None => Err(self.reject(counts, jokers as usize, 0, Purpose::Win)),
        }
    }

    /// [`Rules::is_win`] for a hand with declared melds, apart from the
    /// common path.
    #[inline(never)]
    fn is_win_melded(&self, hand: &Hand) -> Result<bool, HandError> {
        Ok(self.wins(&self.accept_hand(hand, Purpose::Win)?))
    }

    answers_for_many_hands! {
        is_win -> bool;
        /// [`Rules::is_win`] for every hand of `hands`, in order: `out` is
        /// cleared and receives one answer per hand, and a bad hand's error
        /// does not stop the others. Nothing is allocated per hand once `out`
        /// has room for the batch (only an error's message is).
        ///
        /// ```
        /// use hupai::{Hand, Rules};
        /// let hands: Vec<Hand> = ["123m456p789s11122z", "123m456p789s11123z", "1m"]
        ///     .iter()
        ///     .map(|s| s.parse())
        ///     .collect::<Result<_, _>>()?;
        /// let mut out = Vec::new();
        /// Rules::chinese().is_win_batch(&hands, &mut out);
        /// assert!(matches!(out[..], [Ok(true), Ok(false), Err(_)]));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        is_win_batch;

        /// [`Rules::is_win`] over a stream of hands, answered one at a time as
        /// the iterator is pulled (nothing is collected or allocated per hand).
        ///
        /// ```
        /// use hupai::{Hand, Rules};
        /// let rules = Rules::chinese();
        /// let lines = "123m456p789s11122z\n19m19p19s1234567z1m\n";
        /// let hands = lines.lines().map(|l| l.parse::<Hand>().unwrap());
        /// let wins = rules.is_win_iter(hands).filter(|w| *w == Ok(true)).count();
        /// assert_eq!(wins, 2);
        /// ```
        is_win_iter;
    }

    /// Do the natural tiles `words` and `jokers`, `total` tiles in all (a
    /// win size), win under rules of the lean win (`Derived::lean_win`)?
    /// The standard form's four suits side by side, then the counted
    /// forms in the same words.
    #[inline(always)]
    fn wins_lean(&self, words: &SuitWords, total: u32, jokers: u8) -> bool {
        standard::wins_lean(self, words, jokers) || self.counted_wins_lean(words, total, jokers)
    }

    /// Do the natural tiles `words` and `jokers`, `total` tiles in all, win
    /// by a counted form (seven pairs, thirteen orphans) under rules of the
    /// lean win (`Derived::lean_win`)? Tested in the words.
    #[inline(always)]
    pub(crate) fn counted_wins_lean(&self, words: &SuitWords, total: u32, jokers: u8) -> bool {
        let forms = self.derived.winnable;
        total == 14
            && (forms.contains(Form::SevenPairs) && seven_pairs::fits(self, words, jokers as u32)
                || forms.contains(Form::ThirteenOrphans) && thirteen_orphans::fits(words))
    }

    /// The forms `pos` may win by: the rules' winnable forms, and with
    /// declared melds only those that take them (`Judge::TAKES_MELDS`).
    #[inline(always)]
    pub(crate) fn forms_for(&self, pos: &Position) -> Forms {
        if pos.has_melds() {
            self.derived.winnable_melded
        } else {
            self.derived.winnable
        }
    }

    /// Does the hand hold no more numbered suits than the rules allow? A
    /// rule of the whole hand, for every form (declared melds included).
    #[inline(always)]
    pub(crate) fn suits_ok(&self, pos: &Position) -> bool {
        // Rules that allow all three numbered suits (most) skip the count.
        self.derived.suit_limit >= 3 || pos.suits_held().count_ones() <= self.derived.suit_limit
    }

    /// The joker counts (bit `j`) with which `pos`'s natural tiles win:
    /// some form, a winning size, the suit limit. The live hand keeps it.
    #[inline(always)]
    pub(crate) fn win_mask(&self, pos: &Position) -> u32 {
        let sizes = (self.derived.win_sizes >> (pos.natural + pos.meld_tiles()).min(63)) as u32;
        let forms = self.forms_for(pos).win_mask(self, pos);
        forms & sizes & (0u32.wrapping_sub(self.suits_ok(pos) as u32))
    }

    /// Does the accepted 3N+2 `pos` win? Each form's own test, in the
    /// order of [`Form::ALL`](crate::Form::ALL), until one wins.
    #[inline(always)]
    pub(crate) fn wins(&self, pos: &Position) -> bool {
        self.suits_ok(pos) && self.forms_for(pos).any_wins(self, pos)
    }

    /// Every form the accepted 3N+2 `pos` wins by.
    pub(crate) fn forms_of(&self, pos: &Position) -> Forms {
        if !self.suits_ok(pos) {
            return Forms::NONE;
        }
        self.forms_for(pos).winning(self, pos)
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::Rules;

    /// The presets whose hands the win check judges from the counts' words
    /// alone, and those it does not: a knitted form, pair ranks, a kind out
    /// of play, a joker kind.
    #[test]
    fn the_lean_win_is_taken_under_the_rules_it_fits() {
        let lean = |name: &str| Rules::preset(name).expect("a preset").derived.lean_win;
        for name in ["riichi", "chinese", "basic", "taiwan"] {
            assert!(lean(name), "{name}");
        }
        for name in ["gb", "changsha", "sichuan", "kawuxing", "hongzhong"] {
            assert!(!lean(name), "{name}");
        }
    }
}
