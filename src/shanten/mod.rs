//! How far a hand is from a win (向听 / shanten), and which draws bring it
//! closer (有效牌 / 受入).
//!
//! A hand of 3N+1 or 3N+2 tiles (jokers included) is measured against
//! every **target**: a complete hand of 3N+2 tiles in one of the rules'
//! forms (N melds and the pair, with every rule switch; seven pairs and
//! thirteen orphans when the target has 14 tiles). Each place of the
//! target is filled by a natural tile kept from the hand, by one of its
//! jokers, or by a drawn tile: a natural kind in play of which the hand
//! and the draws hold at most four, or a copy of a joker kind (a joker; at
//! most four copies of each kind in all). Jokers stand for any tile in
//! play, and for a fifth copy only where the rules allow it. The
//! **replacement number** is the fewest drawn tiles over all targets, and
//! **shanten** is one less: −1 is a win, 0 is ready.
//!
//! ```
//! use hupai::{Hand, Rules};
//! let rules = Rules::chinese();
//! assert_eq!(rules.shanten(&"123m456p789s1122z".parse::<Hand>()?)?, 0);  // ready
//! assert_eq!(rules.shanten(&"123m456p789s11222z".parse::<Hand>()?)?, -1); // a win
//! // Jokers fill places: one joker and a 258-free hand two tiles from ready.
//! assert_eq!(rules.shanten(&"147m258p369s1234z*".parse::<Hand>()?)?, 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The standard form's distance is read from the per-suit distance tables
//! (`src/tables/mod.rs` documents them) and combined over the four suits
//! by a fixed computation (`src/form/standard/`); seven pairs and
//! thirteen orphans count. The jokers then fill missing places one each.

mod answer;
mod efficiency;

pub use self::answer::{
    Discard, DiscardChoice, Draws, Effective, EffectiveIter, EffectiveTiles, Efficiency,
};

use crate::error::HandError;
use crate::form::{seven_pairs, standard, Form};
use crate::hand::{Hand, MAX_HAND_TILES};
use crate::meld::MAX_MELDS;
use crate::position::{Position, Purpose};
use crate::rules::compiled::answers_for_many_hands;
use crate::rules::Rules;
use crate::swar::SuitWords;
use crate::tables::{CountedFields, Distance, HandMerge, NearWin, SuitProfile};
use crate::tile::KINDS;

impl Rules {
    /// The shanten of `hand` (3N+1 or 3N+2 tiles within the rules' limit):
    /// −1 a win, 0 ready, 1 one useful draw from ready, and so on.
    ///
    /// ```
    /// use hupai::{Hand, Rules};
    /// let riichi = Rules::riichi();
    /// assert_eq!(riichi.shanten(&"1112345678999m".parse::<Hand>()?)?, 0);
    /// // 1111m with a joker: 111m 11m, the joker a fifth 1m.
    /// assert_eq!(Rules::chinese().shanten(&"1111m*".parse::<Hand>()?)?, -1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`HandError::TileNotInRules`], [`HandError::TooManyTiles`] and
    /// [`HandError::WrongSize`] for a hand of 3N tiles;
    /// [`HandError::TooManySuits`] and [`HandError::NoCopiesLeft`] for a
    /// hand that can never win.
    #[inline]
    pub fn shanten(&self, hand: &Hand) -> Result<i8, HandError> {
        if hand.has_melds() {
            let pos = self.accept_hand(hand, Purpose::Either)?;
            self.reachable(hand, &pos)?;
            return self.shanten_of(&pos, self.replacement(&pos));
        }
        self.shanten_counts(hand.counts(), hand.jokers())
    }

    /// [`Rules::shanten`] on a count array (indexed 0–33, copies of joker
    /// kinds included) and a joker count.
    ///
    /// ```
    /// let mut counts = [0u8; 34];
    /// counts[0] = 2; // 11m
    /// counts[27] = 1; // 1z
    /// assert_eq!(hupai::Rules::basic().shanten_counts(&counts, 1)?, 0); // 11m 1z* waits
    /// # Ok::<(), hupai::HandError>(())
    /// ```
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`] for a count above 4, else as
    /// [`Rules::shanten`].
    // Inlined wherever it is called, as `Rules::is_win_counts` is.
    #[inline(always)]
    pub fn shanten_counts(&self, counts: &[u8; KINDS], jokers: u8) -> Result<i8, HandError> {
        match self.shanten_common(counts, jokers) {
            Some(shanten) => Ok(shanten),
            None => self.shanten_any(counts, jokers),
        }
    }

    /// [`Rules::shanten_counts`] of the common hand, from its counts alone
    /// in registers: `None` when the rules or the hand need more (a kind
    /// out of play or a joker kind in the rules, a suit limit, a knitted
    /// form; a joker that might stand for a fifth copy, a suit whose
    /// distances the merge cannot take) or the hand is refused, which
    /// [`Rules::shanten_any`] takes.
    #[inline(always)]
    fn shanten_common(&self, counts: &[u8; KINDS], jokers: u8) -> Option<i8> {
        let (words, total) = self.lean_words(counts, jokers)?;
        let reads = self.tables.ranked_reads();
        let indexes = self.tables.column_indexes(&words.halves());
        if jokers == 0 && self.derived.lean_win {
            let codes = reads.near_win_codes(&indexes);
            if let Some(shanten) = self.shanten_near_win(&words, codes, total) {
                return Some(shanten);
            }
        }
        let res = reads.profiles(&indexes);
        if jokers_may_be_fifths(jokers, &res) {
            return None;
        }
        let merges = standard::merges_of(self, &res);
        let counted = CountedFields::of_hand(&res);
        Some(self.replacement_from_counts(total, jokers, &res, &merges, counted)? as i8 - 1)
    }

    /// The shanten of a hand of `total` natural tiles (no joker, no
    /// declared meld, a size of the lean path) whose counts' words are
    /// `words` and suits' near-win codes `codes` (`NearWin::codes`), under
    /// rules of the lean win (`Derived::lean_win`: every suit may hold the
    /// pair, no distance barred), when the standard form misses at most
    /// one tile of it. `None` when it misses more.
    #[inline(always)]
    fn shanten_near_win(&self, words: &SuitWords, codes: u32, total: u32) -> Option<i8> {
        let missing = NearWin::missing(codes)?;
        // A counted form can only do better by winning the hand the
        // standard form misses by one, and is asked as `merged_missing`
        // asks it.
        let counted_win =
            missing > self.derived.counted_asked_above && self.counted_wins_lean(words, total, 0);
        Some(if counted_win { -1 } else { missing as i8 - 1 })
    }

    /// The counts' words and the hand's size (jokers included) when the
    /// lean path may take the hand: rules of the lean path
    /// (`Derived::lean_shanten`), no count above 4, a size with a shanten.
    #[inline(always)]
    fn lean_words(&self, counts: &[u8; KINDS], jokers: u8) -> Option<(SuitWords, u32)> {
        if !self.derived.lean_shanten {
            return None;
        }
        self.words_within(counts, jokers, self.sizes(Purpose::Either))
    }

    /// [`Rules::shanten_common`] of the hands it leaves to the bounds
    /// ([`Rules::replacement_by_bounds`]); `None` for the hands that need more.
    #[inline(always)]
    fn shanten_by_bounds(&self, counts: &[u8; KINDS], jokers: u8) -> Option<i8> {
        let (words, total) = self.lean_words(counts, jokers)?;
        let keys = words.keys();
        let res = self.tables.profiles(&keys);
        Some(self.replacement_by_bounds(total, jokers, &res, &keys)? as i8 - 1)
    }

    /// The replacement number of a hand of `total` tiles, `jokers` of them
    /// jokers, no declared meld, whose suits' profiles are `res`,
    /// their classes' merge values `merges` and their counted fields added
    /// up `counted` (`CountedFields::of_hand`), under rules that take the
    /// lean path (`Derived::lean_shanten`) and with no joker that might
    /// stand for a fifth copy ([`jokers_may_be_fifths`]; see
    /// [`Rules::replacement_by_bounds`]): `None` when a suit's distances
    /// are out of the merge's reach.
    #[inline(always)]
    pub(crate) fn replacement_from_counts(
        &self,
        total: u32,
        jokers: u8,
        res: &[SuitProfile; 4],
        merges: &HandMerge,
        counted: CountedFields,
    ) -> Option<u8> {
        debug_assert!(!jokers_may_be_fifths(jokers, res));
        let standard = |k| standard::merged::<true>(self, merges, k);
        self.merged_missing::<true>(total, total - jokers as u32, jokers, counted, standard)
    }

    /// [`Rules::replacement_from_counts`] of the hands it leaves to the bounds, for a hand
    /// whose suits' keys are `keys`, out of its line. A suit out of the
    /// merge's order is joined. With a joker that might stand for a fifth
    /// copy, the standard distance lies between the one within four copies
    /// and the one with every flagged suit at its most permissive
    /// (`standard::distance_fifth`); most often the two are equal, and that
    /// is the answer. `None` otherwise.
    pub(crate) fn replacement_by_bounds(
        &self,
        total: u32,
        jokers: u8,
        res: &[SuitProfile; 4],
        keys: &[usize; 4],
    ) -> Option<u8> {
        let k = ((total - 1) / 3) as usize;
        let within = standard::combined_of(self, res, k);
        if jokers_may_be_fifths(jokers, res) {
            let free: [SuitProfile; 4] = std::array::from_fn(|s| {
                if res[s].fifth() {
                    self.tables.profile_at(s, keys[s], true)
                } else {
                    res[s]
                }
            });
            if standard::combined_of(self, &free, k) != within {
                return None;
            }
        }
        let counted = CountedFields::of_hand(res);
        self.merged_missing::<true>(total, total - jokers as u32, jokers, counted, |_| {
            Some(within)
        })
    }

    /// [`Rules::shanten_counts`] of any hand, out of line: accepted or
    /// refused, then judged whole.
    #[inline(never)]
    fn shanten_any(&self, counts: &[u8; KINDS], jokers: u8) -> Result<i8, HandError> {
        if let Some(shanten) = self.shanten_by_bounds(counts, jokers) {
            return Ok(shanten);
        }
        match self.accept(counts, jokers, self.sizes(Purpose::Either)) {
            Some(pos) => self.shanten_of(&pos, self.replacement(&pos)),
            None => Err(self.reject(counts, jokers as usize, 0, Purpose::Either)),
        }
    }

    answers_for_many_hands! {
        shanten -> i8;
        /// [`Rules::shanten`] for every hand of `hands`, in order: `out` is
        /// cleared and receives one answer per hand, and a bad hand's error
        /// does not stop the others.
        ///
        /// ```
        /// use hupai::{Hand, Rules};
        /// let hands: Vec<Hand> = ["123m456p789s11122z", "123m456p789s1z", "123m"]
        ///     .iter()
        ///     .map(|s| s.parse())
        ///     .collect::<Result<_, _>>()?;
        /// let mut out = Vec::new();
        /// Rules::chinese().shanten_batch(&hands, &mut out);
        /// assert!(matches!(out[..], [Ok(-1), Ok(0), Err(_)]));
        /// # Ok::<(), Box<dyn std::error::Error>>(())
        /// ```
        shanten_batch;
    }

    /// Has the accepted `pos` (of `hand`) a target at all? Not when its
    /// declared melds hold more numbered suits than the rules allow.
    fn reachable(&self, hand: &Hand, pos: &Position) -> Result<(), HandError> {
        let suits = pos.meld_suits.count_ones();
        if suits > self.derived.suit_limit {
            return Err(HandError::TooManySuits {
                hand: hand.to_string(),
                suits,
                max: self.derived.suit_limit,
            });
        }
        Ok(())
    }

    /// The shanten of the accepted `pos` from its replacement number, or
    /// [`HandError::NoCopiesLeft`] when it can never win: a place no draw
    /// can fill ([`has_target`]), or a place missing where no tile is left
    /// to draw.
    #[inline(always)]
    pub(crate) fn shanten_of(&self, pos: &Position, replacement: u8) -> Result<i8, HandError> {
        if !has_target(replacement) || (replacement > 0 && !self.any_drawable(pos)) {
            return Err(HandError::NoCopiesLeft);
        }
        Ok(replacement as i8 - 1)
    }

    /// Is any tile left to draw beside `pos`: a kind in play that the hand
    /// and its melds hold fewer than four times (a copy of a joker kind is
    /// drawn as a joker)?
    #[inline(always)]
    fn any_drawable(&self, pos: &Position) -> bool {
        // A hand and its melds hold at most MAX_HAND_TILES + MAX_MELDS
        // copies (a kong's fourth beside its three): more kinds in play
        // than that fills always leave one with a copy.
        self.tiles.bits().count_ones() as usize * 4 > MAX_HAND_TILES + MAX_MELDS
            || self.any_copy_left(pos)
    }

    /// [`Rules::any_drawable`] counted kind by kind, out of line.
    #[inline(never)]
    fn any_copy_left(&self, pos: &Position) -> bool {
        let mut held = pos.melds.counts();
        for (h, c) in held.iter_mut().zip(pos.counts()) {
            *h += c;
        }
        let fours = SuitWords::load(&held).kinds_with_bit(2);
        let jokers = self.jokers.bits();
        let natural = self.tiles.bits() & !jokers & !fours;
        natural | (jokers & !pos.joker_fours) != 0
    }

    /// The replacement number of an accepted position: the fewest tiles
    /// missing from a target of its size over the forms that apply, less
    /// the jokers that fill missing places.
    #[inline(always)]
    pub(crate) fn replacement(&self, pos: &Position) -> u8 {
        self.replacement_of(pos, &standard::profiles(self, pos))
    }

    /// [`Rules::replacement`] from the profiles `res` of
    /// `pos`'s suits.
    #[inline(always)]
    pub(crate) fn replacement_of(&self, pos: &Position, res: &[SuitProfile; 4]) -> u8 {
        match self.replacement_common(pos, res) {
            Some(missing) => missing,
            None => self.replacement_any(pos, res),
        }
    }

    /// [`Rules::replacement_of`] for the common hand, from its size and
    /// its suits' profiles alone: `None` when it needs a path out
    /// of line (declared melds, a fifth copy to spend, a suit limit, a
    /// knitted form, a suit whose distances the merge cannot take), which
    /// [`Rules::replacement_any`] takes.
    #[inline(always)]
    pub(crate) fn replacement_common(&self, pos: &Position, res: &[SuitProfile; 4]) -> Option<u8> {
        if pos.has_melds() || standard::spends_fifths(self, pos, res) {
            return None;
        }
        let merges = standard::merges_of(self, res);
        let counted = CountedFields::of_hand(res);
        let standard = |k| standard::merged::<false>(self, &merges, k);
        self.merged_missing::<false>(pos.total(), pos.natural, pos.jokers, counted, standard)
    }

    /// The replacement number of a hand of `total` tiles, `natural` of
    /// them natural and `jokers` jokers, no declared meld and no fifth
    /// copy to spend, whose suits' counted fields add up to `counted` and
    /// whose standard distance for `k` melds is `standard(k)`: that and the
    /// counted forms. `None` when `standard` gives none, or a knitted form
    /// or a suit limit needs the whole hand. `LEAN`: the rules take the lean
    /// path (`Derived::lean_shanten`), so the standard form is winnable
    /// and no knitted one is.
    #[inline(always)]
    fn merged_missing<const LEAN: bool>(
        &self,
        total: u32,
        natural: u32,
        jokers: u8,
        counted: CountedFields,
        standard: impl FnOnce(usize) -> Option<u8>,
    ) -> Option<u8> {
        let k = melds_of_size(total);
        let forms = self.derived.winnable;
        let mut missing = u8::MAX;
        if LEAN || forms.contains(Form::Standard) {
            missing = standard(k)?;
        }
        if k == 4 {
            // The counted forms' tables take no suit limit: under one, and
            // for the knitted forms, each form's own distance answers.
            if !LEAN && (forms.contains_knitted() || self.derived.suit_limit < 3) {
                return None;
            }
            // The jokers fill every place the standard form misses: no
            // counted form can do better (a win, most often). Nor can one
            // where the standard form misses a single tile and no joker
            // fills it, under rules whose counted forms win no such hand
            // (`Derived::counted_asked_above`).
            if missing > jokers.max(self.derived.counted_asked_above) {
                missing = missing.min(self.counted_distance(natural, counted));
            }
        }
        Some(missing.saturating_sub(jokers))
    }

    /// [`Rules::replacement_of`] for any position, out of line.
    #[inline(never)]
    fn replacement_any(&self, pos: &Position, res: &[SuitProfile; 4]) -> u8 {
        let k = (pos.total() as usize - 1) / 3;
        self.replacement_with_others(pos, res, k, self.others_distance(pos, res))
    }

    /// [`Rules::replacement_any`] with `others`, the forms other than the
    /// standard one ([`Rules::others_distance`]), already worked out.
    #[inline(always)]
    fn replacement_with_others(
        &self,
        pos: &Position,
        res: &[SuitProfile; 4],
        k: usize,
        others: u8,
    ) -> u8 {
        let mut missing = others;
        if self.forms_for(pos).contains(Form::Standard) {
            missing = missing.min(standard::distance_of(self, pos, k, res));
        }
        missing.saturating_sub(pos.jokers)
    }

    /// The fewest tiles missing from the forms other than the standard one
    /// that `pos` may win by, each form's own distance.
    #[inline(always)]
    fn others_distance(&self, pos: &Position, res: &[SuitProfile; 4]) -> u8 {
        self.forms_for(pos)
            .without(Form::Standard)
            .least_distance(self, pos, res)
    }

    /// Is the replacement number of `pos` below `target`? When a joker
    /// may stand for a fifth copy, the bounds of the standard distance
    /// ([`standard::bounds_of`]) most often settle it without counting
    /// the flagged suits' targets.
    fn replacement_is_below(&self, pos: &Position, target: u8) -> bool {
        let res = standard::profiles(self, pos);
        let forms = self.forms_for(pos);
        if forms.contains(Form::Standard)
            && !pos.has_melds()
            && standard::spends_fifths(self, pos, &res)
        {
            let k = (pos.total() as usize - 1) / 3;
            let frees = standard::frees_of(self, pos, &res);
            let (low, high) = standard::bounds_of(self, &res, &frees, k);
            let others = self.others_distance(pos, &res);
            if let Some(below) = decided_by_bounds(|| low, || high, others, pos.jokers, target) {
                return below;
            }
            // Open: the flagged suits' targets counted, the bounds and the
            // other forms already known.
            let standard = standard::distance_spent(self, pos, k, &res, &frees);
            return standard.min(others).saturating_sub(pos.jokers) < target;
        }
        self.replacement_of(pos, &res) < target
    }

    /// The tiles the forms other than the standard one miss from `pos`
    /// ([`Rules::others_distance`]), its suits' profiles worked out here.
    fn others_missing(&self, pos: &Position) -> u8 {
        self.others_distance(pos, &standard::profiles(self, pos))
    }

    /// The fewest tiles missing from seven pairs and thirteen orphans for
    /// `natural` natural tiles whose suits' counted fields add up to
    /// `counted`, without a suit limit.
    #[inline(always)]
    fn counted_distance(&self, natural: u32, counted: CountedFields) -> u8 {
        let d = &self.derived;
        // Two loads from tables the rules compiled, the forms not
        // winnable there at u8::MAX.
        let orphans = d.orphans_missing[counted.orphans_index()];
        let pairs =
            d.pairs_missing[seven_pairs::table_index(self.seven_pairs_quads, natural, counted)];
        pairs.min(orphans)
    }
}

/// The melds `N` of a target for a hand of `total` tiles (3N+1 or 3N+2,
/// at most [`MAX_HAND_TILES`]): one load, where the division by 3 is a
/// multiply and three more operations.
#[inline(always)]
fn melds_of_size(total: u32) -> usize {
    const SIZES: usize = (MAX_HAND_TILES + 1).next_power_of_two();
    const MELDS: [u8; SIZES] = {
        let mut t = [0; SIZES];
        let mut n = 1;
        while n < SIZES {
            t[n] = ((n - 1) / 3) as u8;
            n += 1;
        }
        t
    };
    debug_assert!((1..=MAX_HAND_TILES as u32).contains(&total));
    MELDS[total as usize & (SIZES - 1)] as usize
}

/// Might one of `jokers` stand for a fifth copy in a suit whose profile is
/// among `res`? Under rules with no joker kind every joker may.
#[inline(always)]
pub(crate) fn jokers_may_be_fifths(jokers: u8, res: &[SuitProfile; 4]) -> bool {
    jokers > 0 && SuitProfile::any_fifth(res)
}

/// Has a hand whose replacement number is `replacement` a target? Not
/// when it misses a place no draw can fill: a distance counts such a
/// place as far (50 places), so that, less at most [`MAX_HAND_TILES`]
/// jokers, it is still more than a hand's size.
pub(crate) fn has_target(replacement: u8) -> bool {
    const _: () = assert!(Distance::FAR as usize > 2 * MAX_HAND_TILES);
    replacement as usize <= MAX_HAND_TILES
}

/// Is a replacement number below `target`, when the standard distance lies
/// between `low()` and `high()` ([`standard::bounds_of`]), the other
/// forms miss `others` and `jokers` fill missing places? `None` when the
/// bounds leave it open. The upper bound is read first: when it settles
/// the answer, the lower one is not worked out.
#[inline(always)]
fn decided_by_bounds(
    low: impl FnOnce() -> u8,
    high: impl FnOnce() -> u8,
    others: u8,
    jokers: u8,
    target: u8,
) -> Option<bool> {
    let bound = |d: u8| d.min(others).saturating_sub(jokers);
    if bound(high()) < target {
        Some(true)
    } else if bound(low()) >= target {
        Some(false)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table of melds by size is the division it stands for, at every
    /// size a hand may have.
    #[test]
    fn melds_of_size_is_a_third_of_one_less() {
        for total in 1..=MAX_HAND_TILES as u32 {
            assert_eq!(melds_of_size(total), (total as usize - 1) / 3, "{total}");
        }
    }

    /// The counted forms go unasked of a hand one tile short of the
    /// standard form only under rules of seven different pairs and the
    /// whole standard form (`form::counted_wins_one_short`).
    #[test]
    fn counted_forms_go_unasked_one_short_only_under_their_rules() {
        let riichi = include_str!("../../rules/riichi.toml");
        let with = |from: &str, to: &str| {
            assert!(riichi.contains(from), "{from}");
            Rules::from_toml_str(&riichi.replace(from, to)).expect("a rule file")
        };
        assert_eq!(Rules::riichi().derived.counted_asked_above, 1);
        for (rules, why) in [
            (
                with("seven_pairs_quads = false", "seven_pairs_quads = true"),
                "quads",
            ),
            (with("jokers = \"\"", "jokers = \"7z\""), "a joker kind"),
            (
                with("honor_sequences = false", "honor_sequences = true"),
                "honour sequences",
            ),
            (
                with(
                    "honor_sequences = false",
                    "honor_sequences = false\nmax_suits = 2",
                ),
                "two suits",
            ),
            (Rules::chinese(), "chinese"),
            (Rules::preset("changsha").expect("a preset"), "pair ranks"),
        ] {
            assert_eq!(rules.derived.counted_asked_above, 0, "{why}");
        }
    }
}
