//! The win check: standard form from the tables plus a pair search, seven
//! pairs and thirteen orphans by counting.
//!
//! ```
//! use hupai::{Form, Hand, Rules};
//! let hand: Hand = "22567p12555678m*".parse()?;       // seed 000, one joker
//! let forms = Rules::default().check(&hand)?;
//! assert_eq!(forms.iter().collect::<Vec<_>>(), [Form::Standard]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Borrow;

use crate::error::HandError;
use crate::hand::Hand;
use crate::rules::{Form, Forms, Rules};
use crate::swar::SuitWords;
use crate::tables::{self, Tables};
use crate::tile::KINDS;

/// Indices of the thirteen orphans: 1 and 9 of each suit, and the honours.
pub(crate) const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// The simples (ranks 2–8) in the layout of [`SuitWords`]: bytes 1–7 of
/// each numbered suit's word.
pub(crate) const NON_ORPHANS: SuitWords = SuitWords {
    m: 0xffff_ffff_ffff_ff00,
    p: 0xffff_ffff_ffff_ff00,
    s: 0xffff_ffff_ffff_ff00,
    z: 0,
    rest: 0,
};

impl Rules {
    /// The forms by which `hand` wins under these rules (empty: not a win).
    ///
    /// # Errors
    /// [`HandError::TileNotInRules`] for a tile the rules do not use,
    /// [`HandError::TooManyTiles`] for a hand over the rules' size limit, and
    /// [`HandError::WrongSize`] for a hand that is not 3N+2 tiles.
    pub fn check(&self, hand: &Hand) -> Result<Forms, HandError> {
        self.validate_win_size(hand)?;
        let (counts, jokers) = self.natural(hand);
        Ok(self.forms_of(&counts, jokers))
    }

    /// Does `hand` win under these rules? Like [`Rules::check`], but stops at
    /// the first form found.
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
        match self.win_fast(hand.counts(), hand.jokers()) {
            Some(win) => Ok(win),
            None => self.is_win_slow(hand),
        }
    }

    /// The win check with every size and tile error spelled out; the fast
    /// path falls back to it for anything it does not accept.
    #[cold]
    fn is_win_slow(&self, hand: &Hand) -> Result<bool, HandError> {
        self.validate_win_size(hand)?;
        let (counts, jokers) = self.natural(hand);
        Ok(self.wins(&counts, jokers))
    }

    /// The word-at-a-time win check (`src/swar.rs`): `None` for a hand it
    /// does not accept (a count above 4, a kind out of play, a size that
    /// cannot win), which the slow path then turns into the typed error.
    #[inline(always)]
    pub(crate) fn win_fast(&self, counts: &[u8; KINDS], jokers: u8) -> Option<bool> {
        if self.hot.joker_kinds {
            return self.win_fast_joker_kinds(counts, jokers);
        }
        let (words, total) = self.accept(counts, jokers, self.hot.win_sizes)?;
        Some(self.wins_words(&words, total, jokers))
    }

    /// Loads `counts` as words for the fast paths and accepts them: every
    /// count at most 4, every kind in play, and a size (natural tiles plus
    /// `jokers`) whose bit is set in `sizes`. Returns the words and the size.
    #[inline(always)]
    pub(crate) fn accept(
        &self,
        counts: &[u8; KINDS],
        jokers: u8,
        sizes: u64,
    ) -> Option<(SuitWords, u32)> {
        let words = SuitWords::load(counts);
        if words.any_over_four()
            || (self.hot.partial && !words.and(&self.hot.out_of_play).is_zero())
        {
            return None;
        }
        let total = words.total() + jokers as u32;
        if total >= 64 || sizes >> total & 1 == 0 {
            return None;
        }
        Some((words, total))
    }

    /// [`Rules::win_fast`] for rules with joker kinds: their copies move to
    /// the joker count first.
    #[inline(never)]
    fn win_fast_joker_kinds(&self, counts: &[u8; KINDS], jokers: u8) -> Option<bool> {
        let (_, total) = self.accept(counts, jokers, self.hot.win_sizes)?;
        let mut natural = *counts;
        let mut jokers = jokers;
        for t in self.jokers.iter() {
            jokers += natural[t.index()];
            natural[t.index()] = 0;
        }
        Some(self.wins_words(&SuitWords::load(&natural), total, jokers))
    }

    /// Does a valid hand of `total` tiles (`words` natural, plus `jokers`)
    /// win? Branch-free: every form is judged and the answers combined.
    #[inline(always)]
    pub(crate) fn wins_words(&self, words: &SuitWords, total: u32, jokers: u8) -> bool {
        let hot = &self.hot;
        let keys = words.keys();
        let needs = self.tables.needs(keys);
        let suits = (keys[0] != 0) as u32 + (keys[1] != 0) as u32 + (keys[2] != 0) as u32;
        let mut win =
            hot.standard & (tables::standard_need_penalised(&needs, self.pair_penalty) <= jokers);
        // Seven pairs and orphans only for 14 tiles, and each behind a
        // cheap test that fails on most hands (so the branch is predicted).
        if total == 14 {
            if hot.seven_pairs && words.odd_kinds() <= jokers as u32 {
                win |= hot.quads || !words.any_over_two();
            }
            if hot.orphans && words.and(&NON_ORPHANS).is_zero() {
                win |= !words.any_over_two() && words.pairs() <= 1;
            }
        }
        (suits <= hot.max_suits) & win
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
    /// As [`Hand::from_counts`] and [`Rules::check`].
    #[inline]
    pub fn is_win_counts(&self, counts: &[u8; KINDS], jokers: u8) -> Result<bool, HandError> {
        match self.win_fast(counts, jokers) {
            Some(win) => Ok(win),
            None => self.is_win_counts_slow(counts, jokers),
        }
    }

    #[cold]
    fn is_win_counts_slow(&self, counts: &[u8; KINDS], jokers: u8) -> Result<bool, HandError> {
        self.is_win_slow(&Hand::from_counts(counts, jokers)?)
    }

    /// The hand's counts with every copy of a joker kind moved to the joker count.
    #[inline]
    pub(crate) fn natural(&self, hand: &Hand) -> ([u8; KINDS], u8) {
        let mut counts = *hand.counts();
        let mut jokers = hand.jokers();
        if !self.jokers.is_empty() {
            for t in self.jokers.iter() {
                jokers += counts[t.index()];
                counts[t.index()] = 0;
            }
        }
        (counts, jokers)
    }

    /// The numbered suits (bit 0 m, 1 p, 2 s) holding natural tiles.
    #[inline]
    pub(crate) fn suits_held(counts: &[u8; KINDS]) -> u8 {
        (0..3).fold(0, |m, s| {
            m | ((counts[s * 9..s * 9 + 9].iter().any(|&c| c > 0) as u8) << s)
        })
    }

    /// May a winning hand hold the numbered suits `held` (a bit set)?
    #[inline]
    pub(crate) fn suits_allowed(&self, held: u8) -> bool {
        self.max_suits
            .is_none_or(|max| held.count_ones() <= max as u32)
    }

    /// Fewest jokers that complete `counts` into N melds plus one pair held
    /// by a suit that may hold it.
    #[inline]
    pub(crate) fn standard_need(&self, counts: &[u8; KINDS]) -> u8 {
        tables::standard_need_penalised(&self.tables.needs(Tables::keys(counts)), self.pair_penalty)
    }

    /// Checks that the rules use every tile of `hand` and its size is within
    /// the rules' limit.
    pub(crate) fn validate(&self, hand: &Hand) -> Result<(), HandError> {
        if let Some(tile) = self.tiles.first_outside(hand.counts()) {
            return Err(HandError::TileNotInRules {
                tile,
                rules: self.name.to_string(),
            });
        }
        if hand.len() > self.max_tiles() {
            return Err(HandError::TooManyTiles {
                tiles: hand.len(),
                max: self.max_tiles(),
            });
        }
        Ok(())
    }

    fn validate_win_size(&self, hand: &Hand) -> Result<(), HandError> {
        self.validate_size(hand, false)
    }

    /// Checks `hand` against the rules and its size: 3N+2 tiles for a win,
    /// or 3N+1 (and room for one more tile) for a hand that `draws`.
    pub(crate) fn validate_size(&self, hand: &Hand, draws: bool) -> Result<(), HandError> {
        self.validate(hand)?;
        let limit = self.max_tiles() - draws as usize;
        if hand.len() > limit {
            return Err(HandError::TooManyTiles {
                tiles: hand.len(),
                max: limit,
            });
        }
        let remainder = if draws { 1 } else { 2 };
        if hand.len() % 3 != remainder {
            let sizes: Vec<String> = (remainder..=limit)
                .step_by(3)
                .map(|n| n.to_string())
                .collect();
            let (last, rest) = sizes.split_last().expect("limit >= 1");
            return Err(HandError::WrongSize {
                tiles: hand.len(),
                expected: format!(
                    "3N+{remainder} {} ({}{}{last})",
                    if draws { "to wait" } else { "for a win" },
                    rest.join(", "),
                    if rest.is_empty() { "" } else { " or " }
                ),
            });
        }
        Ok(())
    }

    /// Every form `counts` + `jokers` wins by; the hand is valid and 3N+2.
    pub(crate) fn forms_of(&self, counts: &[u8; KINDS], jokers: u8) -> Forms {
        let mut forms = Forms::NONE;
        if !self.suits_allowed(Rules::suits_held(counts)) {
            return forms;
        }
        if self.forms.contains(Form::Standard) && self.standard_need(counts) <= jokers {
            forms = forms.with(Form::Standard);
        }
        if self.forms.contains(Form::SevenPairs)
            && seven_pairs(counts, jokers, self.seven_pairs_quads)
        {
            forms = forms.with(Form::SevenPairs);
        }
        if self.forms.contains(Form::ThirteenOrphans) && thirteen_orphans(counts, jokers) {
            forms = forms.with(Form::ThirteenOrphans);
        }
        forms
    }

    /// Does `counts` + `jokers` win by any form? The hand is valid and 3N+2.
    #[inline]
    pub(crate) fn wins(&self, counts: &[u8; KINDS], jokers: u8) -> bool {
        if self.max_suits.is_some() && !self.suits_allowed(Rules::suits_held(counts)) {
            return false;
        }
        (self.forms.contains(Form::Standard) && self.standard_need(counts) <= jokers)
            || (self.forms.contains(Form::SevenPairs)
                && seven_pairs(counts, jokers, self.seven_pairs_quads))
            || (self.forms.contains(Form::ThirteenOrphans) && thirteen_orphans(counts, jokers))
    }
}

/// Seven pairs of a 14-tile hand, by counting: every kind held an odd number
/// of times needs one joker; jokers left over pair with each other. With
/// `quads` false the pairs must differ, so no kind may be held 3 or 4 times.
pub(crate) fn seven_pairs(counts: &[u8; KINDS], jokers: u8, quads: bool) -> bool {
    let natural: u8 = counts.iter().sum();
    natural + jokers == 14 && seven_pairs_shape(counts, jokers, quads)
}

/// Can `counts` + `jokers` (any even size) be grouped into pairs, different
/// ones unless `quads`? Jokers pair with odd counts, then with each other.
pub(crate) fn seven_pairs_shape(counts: &[u8; KINDS], jokers: u8, quads: bool) -> bool {
    let mut odd = 0u8;
    for &c in counts {
        if !quads && c > 2 {
            return false;
        }
        odd += c & 1;
    }
    odd <= jokers && (jokers - odd) % 2 == 0
}

/// Thirteen orphans of a 14-tile hand, by counting: only orphans, none more
/// than twice, at most one twice; jokers fill the missing orphans and the pair.
pub(crate) fn thirteen_orphans(counts: &[u8; KINDS], jokers: u8) -> bool {
    let natural: u8 = counts.iter().sum();
    if natural + jokers != 14 {
        return false;
    }
    let mut orphans = 0u8;
    let mut pairs = 0u8;
    for &i in &ORPHANS {
        let c = counts[i];
        if c > 2 {
            return false;
        }
        orphans += c;
        pairs += (c == 2) as u8;
    }
    // Every natural tile is an orphan; the jokers then complete the 13
    // kinds and the pair exactly, as the hand has 14 tiles.
    orphans == natural && pairs <= 1
}
