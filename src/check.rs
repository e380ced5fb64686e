//! The win check: the acceptance step, then every form's answer combined.
//!
//! ```
//! use hupai::{Form, Hand, Rules};
//! let hand: Hand = "22567p12555678m*".parse()?;       // one joker
//! let forms = Rules::default().check(&hand)?;
//! assert_eq!(forms.iter().collect::<Vec<_>>(), [Form::Standard]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Borrow;

use crate::error::HandError;
use crate::form::{knitted, seven_pairs, standard, thirteen_orphans, Form, Forms};
use crate::hand::Hand;
use crate::position::{Position, Purpose};
use crate::rules::Rules;
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
    #[inline]
    pub fn is_win_counts(&self, counts: &[u8; KINDS], jokers: u8) -> Result<bool, HandError> {
        if self.derived.winnable.contains_knitted() {
            return self.is_win_counts_knitted(counts, jokers);
        }
        Ok(self.wins::<false>(&self.accept_counts(counts, jokers, Purpose::Win)?))
    }

    /// [`Rules::is_win`] for a hand with declared melds, apart from the
    /// common path.
    #[inline(never)]
    fn is_win_melded(&self, hand: &Hand) -> Result<bool, HandError> {
        let pos = self.accept_hand(hand, Purpose::Win)?;
        Ok(if self.derived.winnable.contains_knitted() {
            self.wins::<true>(&pos)
        } else {
            self.wins::<false>(&pos)
        })
    }

    /// [`Rules::is_win_counts`] for rules naming a knitted form.
    #[inline(never)]
    fn is_win_counts_knitted(&self, counts: &[u8; KINDS], jokers: u8) -> Result<bool, HandError> {
        Ok(self.wins::<true>(&self.accept_counts(counts, jokers, Purpose::Win)?))
    }

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
    pub fn is_win_batch(&self, hands: &[Hand], out: &mut Vec<Result<bool, HandError>>) {
        out.clear();
        out.extend(hands.iter().map(|h| self.is_win(h)));
    }

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
    pub fn is_win_iter<'a, I>(
        &'a self,
        hands: I,
    ) -> impl Iterator<Item = Result<bool, HandError>> + 'a
    where
        I: IntoIterator + 'a,
        I::Item: Borrow<Hand>,
    {
        hands.into_iter().map(|h| self.is_win(h.borrow()))
    }

    /// The forms `pos` may win by: the rules' winnable forms, and with
    /// declared melds only those that take them (the standard form and the
    /// knitted straight); seven pairs, thirteen orphans and the honours
    /// and knitted forms need a fully concealed hand.
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
        pos.suits_held().count_ones() <= self.derived.suit_limit
    }

    /// The joker counts (bit `j`) with which `pos`'s natural tiles win by
    /// some form the rules allow, before the size limit.
    #[inline(always)]
    fn forms_mask(&self, pos: &Position) -> u32 {
        if pos.has_melds() {
            return self.melded_mask(pos);
        }
        let forms = self.derived.winnable;
        let mut mask = 0;
        if forms.contains(Form::Standard) {
            mask |= standard::win_mask(self, pos);
        }
        if forms.contains(Form::SevenPairs) {
            mask |= seven_pairs::win_mask(self, pos);
        }
        if forms.contains(Form::ThirteenOrphans) {
            mask |= thirteen_orphans::win_mask(pos);
        }
        if forms.contains_knitted() {
            mask |= self.knitted_mask(pos);
        }
        mask
    }

    /// [`Rules::forms_mask`] for a position with declared melds, apart
    /// from the common path: the standard form (exact under
    /// `joker_fifth_copy = false`, where the melds' copies count, through
    /// its distance: the hand wins with `j` jokers when a target of its
    /// size misses exactly `j` places) and the knitted straight with its
    /// meld declared.
    #[cold]
    #[inline(never)]
    fn melded_mask(&self, pos: &Position) -> u32 {
        let forms = self.derived.winnable_melded;
        let mut mask = 0;
        if forms.contains(Form::Standard) {
            mask |= self.melded_standard_mask(pos);
        }
        if forms.contains(Form::KnittedStraight) {
            mask |= knitted::declared_win_mask(self, pos);
        }
        mask
    }

    /// The standard form's part of [`Rules::melded_mask`].
    fn melded_standard_mask(&self, pos: &Position) -> u32 {
        if self.joker_fifth_copy {
            standard::win_mask(self, pos)
        } else {
            standard::capped_win_mask(self, pos)
        }
    }

    /// [`Rules::forms_mask`] for the knitted forms, apart from the common
    /// path.
    #[inline(never)]
    fn knitted_mask(&self, pos: &Position) -> u32 {
        let forms = self.derived.winnable;
        let mut mask = 0;
        if forms.contains(Form::KnittedStraight) {
            mask |= knitted::straight_win_mask(self, pos);
        }
        if forms.contains(Form::HonorsAndKnitted) {
            mask |= knitted::singles_win_mask(self, pos, false);
        }
        if forms.contains(Form::GreaterHonorsAndKnitted) {
            mask |= knitted::singles_win_mask(self, pos, true);
        }
        mask
    }

    /// The joker counts (bit `j`) with which `pos`'s natural tiles win:
    /// some form, a winning size, the suit limit. The live hand keeps it.
    #[inline(always)]
    pub(crate) fn win_mask(&self, pos: &Position) -> u32 {
        let sizes = (self.derived.win_sizes >> (pos.natural + pos.meld_tiles()).min(63)) as u32;
        self.forms_mask(pos) & sizes & (0u32.wrapping_sub(self.suits_ok(pos) as u32))
    }

    /// Does the accepted 3N+2 `pos` win? Each form's own test, combined
    /// as [`Rules::win_mask`] combines their masks; the knitted forms only
    /// with `KNITTED` (the callers send rules naming them there).
    #[inline(always)]
    pub(crate) fn wins<const KNITTED: bool>(&self, pos: &Position) -> bool {
        if pos.has_melds() {
            return self.melded_wins(pos);
        }
        let forms = self.derived.winnable;
        let mut win = forms.contains(Form::Standard) & standard::wins(self, pos);
        // Seven pairs and orphans take 14 tiles: one predicted branch.
        if pos.total() == 14 {
            win |= forms.contains(Form::SevenPairs) && seven_pairs::wins(self, pos);
            win |= forms.contains(Form::ThirteenOrphans) && thirteen_orphans::wins(pos);
        }
        let win = self.suits_ok(pos) & win;
        // The knitted forms, only for rules that name them and hands the
        // other forms do not win: the common path pays one branch.
        if !KNITTED || win || !forms.contains_knitted() {
            return win;
        }
        self.knitted_wins(pos)
    }

    /// Does the accepted `pos`, with declared melds, win? Apart from the
    /// common path.
    #[cold]
    #[inline(never)]
    fn melded_wins(&self, pos: &Position) -> bool {
        self.suits_ok(pos) && self.melded_mask(pos) >> pos.jokers & 1 == 1
    }

    /// Does the accepted `pos` win by a knitted form (14 tiles, within the
    /// suit limit)? Apart from the common path.
    #[cold]
    #[inline(never)]
    fn knitted_wins(&self, pos: &Position) -> bool {
        let forms = self.derived.winnable;
        if pos.total() != 14 || !self.suits_ok(pos) {
            return false;
        }
        (forms.contains(Form::KnittedStraight) && knitted::straight_wins(self, pos))
            || (forms.contains(Form::HonorsAndKnitted) && knitted::singles_wins(self, pos, false))
            || (forms.contains(Form::GreaterHonorsAndKnitted)
                && knitted::singles_wins(self, pos, true))
    }

    /// Every form the accepted 3N+2 `pos` wins by.
    pub(crate) fn forms_of(&self, pos: &Position) -> Forms {
        if !self.suits_ok(pos) {
            return Forms::NONE;
        }
        if pos.has_melds() {
            let j = pos.jokers;
            let forms = self.derived.winnable_melded;
            let standard =
                forms.contains(Form::Standard) && self.melded_standard_mask(pos) >> j & 1 == 1;
            let knitted = forms.contains(Form::KnittedStraight)
                && knitted::declared_win_mask(self, pos) >> j & 1 == 1;
            return [(Form::Standard, standard), (Form::KnittedStraight, knitted)]
                .into_iter()
                .filter(|&(_, won)| won)
                .map(|(form, _)| form)
                .collect();
        }
        let forms = self.derived.winnable;
        let j = pos.jokers;
        let wins = |mask: u32| mask >> j & 1 == 1;
        [
            (
                Form::Standard,
                forms.contains(Form::Standard) && wins(standard::win_mask(self, pos)),
            ),
            (
                Form::SevenPairs,
                forms.contains(Form::SevenPairs) && wins(seven_pairs::win_mask(self, pos)),
            ),
            (
                Form::ThirteenOrphans,
                forms.contains(Form::ThirteenOrphans) && wins(thirteen_orphans::win_mask(pos)),
            ),
            (
                Form::KnittedStraight,
                forms.contains(Form::KnittedStraight)
                    && wins(knitted::straight_win_mask(self, pos)),
            ),
            (
                Form::HonorsAndKnitted,
                forms.contains(Form::HonorsAndKnitted)
                    && wins(knitted::singles_win_mask(self, pos, false)),
            ),
            (
                Form::GreaterHonorsAndKnitted,
                forms.contains(Form::GreaterHonorsAndKnitted)
                    && wins(knitted::singles_win_mask(self, pos, true)),
            ),
        ]
        .into_iter()
        .filter(|&(form, won)| won && forms.contains(form))
        .map(|(form, _)| form)
        .collect()
    }
}
