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
//! by a fixed computation (`src/form/standard.rs`); seven pairs and
//! thirteen orphans count. The jokers then fill missing places one each.

use crate::error::HandError;
use crate::form::standard::{Around, Rests};
use crate::form::thirteen_orphans::ORPHAN_BITS;
use crate::form::Forms;
use crate::form::{honors_and_knitted, knitted, knitted_straight, seven_pairs, standard, Form};
use crate::hand::{Hand, MAX_HAND_TILES};
use crate::meld::Melds;
use crate::position::{Position, Purpose};
use crate::rules::Rules;
use crate::swar::SuitWords;
use crate::tables::gen::counted_step;
use crate::tables::{key, Merges, Resident};
use crate::tile::{Tile, TileSet, KINDS};

/// The forms judged by counting, beside the standard form's tables.
const SPECIAL: Forms = Forms::of(&[
    Form::SevenPairs,
    Form::ThirteenOrphans,
    Form::KnittedStraight,
    Form::HonorsAndKnitted,
    Form::GreaterHonorsAndKnitted,
]);

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
    /// [`HandError::WrongSize`] for a hand of 3N tiles.
    #[inline]
    pub fn shanten(&self, hand: &Hand) -> Result<i8, HandError> {
        if hand.has_melds() {
            let pos = self.accept_hand_as::<false>(hand, Purpose::Either)?;
            self.reachable(hand, &pos)?;
            return Ok(self.replacement(&pos) as i8 - 1);
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
    #[inline]
    pub fn shanten_counts(&self, counts: &[u8; KINDS], jokers: u8) -> Result<i8, HandError> {
        match self.shanten_lean(counts, jokers) {
            Some(shanten) => Ok(shanten),
            None => self.shanten_whole(counts, jokers),
        }
    }

    /// [`Rules::shanten_counts`] of the common hand, from its counts alone
    /// in registers: `None` when the rules or the hand need more (a kind
    /// out of play or a joker kind in the rules, a suit limit, a knitted
    /// form; a joker that might stand for a fifth copy, a suit whose
    /// distances the merge cannot take) or the hand is refused, which
    /// [`Rules::shanten_whole`] takes.
    #[inline(always)]
    fn shanten_lean(&self, counts: &[u8; KINDS], jokers: u8) -> Option<i8> {
        let (words, total) = self.lean_words(counts, jokers)?;
        let res = self.tables.residents_of_halves(&words.halves());
        let merges = standard::merges_of(self, &res);
        let counted = Resident::counted_sum(&res);
        Some(self.replacement_counted(total, jokers, &res, &merges, counted)? as i8 - 1)
    }

    /// The counts' words and the hand's size (jokers included) when the
    /// lean path may take the hand: rules of the lean path
    /// (`Derived::lean_shanten`), no count above 4, a size with a shanten.
    #[inline(always)]
    fn lean_words(&self, counts: &[u8; KINDS], jokers: u8) -> Option<(SuitWords, u32)> {
        if !self.derived.lean_shanten {
            return None;
        }
        let words = SuitWords::load(counts);
        if words.any_over_four() {
            return None;
        }
        let total = words.total() + jokers as u32;
        if total >= 64 || self.sizes(Purpose::Either) >> total & 1 == 0 {
            return None;
        }
        Some((words, total))
    }

    /// [`Rules::shanten_lean`] of the hands it sets aside
    /// ([`Rules::replacement_aside`]); `None` for the hands that need more.
    #[inline(always)]
    fn shanten_aside(&self, counts: &[u8; KINDS], jokers: u8) -> Option<i8> {
        let (words, total) = self.lean_words(counts, jokers)?;
        let keys = words.keys();
        let res = self.tables.residents(&keys);
        Some(self.replacement_aside(total, jokers, &res, &keys)? as i8 - 1)
    }

    /// The replacement number of a hand of `total` tiles, `jokers` of them
    /// jokers, no declared meld, whose suits' resident values are `res`,
    /// their classes' merge values `merges` and their counted fields added
    /// up `counted` (`Resident::counted_sum`), under rules that take the
    /// lean path (`Derived::lean_shanten`): `None` when a joker might stand
    /// for a fifth copy (see [`Rules::replacement_aside`]) or a suit's
    /// distances are out of the merge's reach.
    #[inline(always)]
    pub(crate) fn replacement_counted(
        &self,
        total: u32,
        jokers: u8,
        res: &[Resident; 4],
        merges: &Merges,
        counted: u32,
    ) -> Option<u8> {
        // No joker kind: every joker of the hand may be a fifth copy.
        if jokers > 0 && Resident::any_fifth(res) {
            return None;
        }
        let standard = |k| standard::merged::<true>(self, merges, k);
        self.merged_missing::<true>(total, total - jokers as u32, jokers, counted, standard)
    }

    /// [`Rules::replacement_counted`] of the hands it sets aside, for a hand
    /// whose suits' keys are `keys`, out of its line. A suit out of the
    /// merge's order is joined. With a joker that might stand for a fifth
    /// copy, the standard distance lies between the one within four copies
    /// and the one with every flagged suit at its most permissive
    /// (`standard::distance_fifth`); most often the two are equal, and that
    /// is the answer. `None` otherwise.
    pub(crate) fn replacement_aside(
        &self,
        total: u32,
        jokers: u8,
        res: &[Resident; 4],
        keys: &[usize; 4],
    ) -> Option<u8> {
        let k = ((total - 1) / 3) as usize;
        let within = standard::combined_of(self, res, k);
        if jokers > 0 && Resident::any_fifth(res) {
            let free: [Resident; 4] = std::array::from_fn(|s| {
                if res[s].fifth() {
                    self.tables.resident_at(s, keys[s], true)
                } else {
                    res[s]
                }
            });
            if standard::combined_of(self, &free, k) != within {
                return None;
            }
        }
        let counted = Resident::counted_sum(res);
        self.merged_missing::<true>(total, total - jokers as u32, jokers, counted, |_| {
            Some(within)
        })
    }

    /// [`Rules::shanten_counts`] of any hand, out of line: accepted or
    /// refused, then judged whole.
    #[inline(never)]
    fn shanten_whole(&self, counts: &[u8; KINDS], jokers: u8) -> Result<i8, HandError> {
        if let Some(shanten) = self.shanten_aside(counts, jokers) {
            return Ok(shanten);
        }
        match self.accept_as::<false>(counts, jokers, self.sizes(Purpose::Either)) {
            Some(pos) => Ok(self.replacement(&pos) as i8 - 1),
            None => Err(self.reject(counts, jokers as usize, 0, Purpose::Either)),
        }
    }

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
    pub fn shanten_batch(&self, hands: &[Hand], out: &mut Vec<Result<i8, HandError>>) {
        out.clear();
        out.extend(hands.iter().map(|h| self.shanten(h)));
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

    /// The replacement number of an accepted position: the fewest tiles
    /// missing from a target of its size over the forms that apply, less
    /// the jokers that fill missing places.
    #[inline(always)]
    pub(crate) fn replacement(&self, pos: &Position) -> u8 {
        self.replacement_of(pos, &standard::residents(self, pos))
    }

    /// [`Rules::replacement`] from the resident distance values `res` of
    /// `pos`'s suits.
    #[inline(always)]
    pub(crate) fn replacement_of(&self, pos: &Position, res: &[Resident; 4]) -> u8 {
        match self.replacement_lean(pos, res) {
            Some(missing) => missing,
            None => self.replacement_whole(pos, res),
        }
    }

    /// [`Rules::replacement_of`] for the common hand, from its size and
    /// its suits' resident values alone: `None` when it needs a path out
    /// of line (declared melds, a fifth copy to spend, a suit limit, a
    /// knitted form, a suit whose distances the merge cannot take), which
    /// [`Rules::replacement_whole`] takes.
    #[inline(always)]
    pub(crate) fn replacement_lean(&self, pos: &Position, res: &[Resident; 4]) -> Option<u8> {
        if pos.has_melds() || standard::spends_fifths(self, pos, res) {
            return None;
        }
        let merges = standard::merges_of(self, res);
        let counted = Resident::counted_sum(res);
        let standard = |k| standard::merged::<false>(self, &merges, k);
        self.merged_missing::<false>(pos.total(), pos.natural, pos.jokers, counted, standard)
    }

    /// The replacement number of a hand of `total` tiles, `natural` of
    /// them natural and `jokers` jokers, no declared meld and no fifth
    /// copy to spend, whose suits' counted fields add up to `counted` and
    /// whose standard distance for `k` melds is `standard(k)`: that and the
    /// counted forms. `None` when `standard` gives none or a knitted form
    /// needs the whole hand. `LEAN`: the rules take the lean
    /// path (`Derived::lean_shanten`), so the standard form is winnable
    /// and no knitted one is.
    #[inline(always)]
    fn merged_missing<const LEAN: bool>(
        &self,
        total: u32,
        natural: u32,
        jokers: u8,
        counted: u32,
        standard: impl FnOnce(usize) -> Option<u8>,
    ) -> Option<u8> {
        let k = ((total - 1) / 3) as usize;
        let forms = self.derived.winnable;
        let mut missing = u8::MAX;
        if LEAN || forms.contains(Form::Standard) {
            missing = standard(k)?;
        }
        if k == 4 {
            if !LEAN && forms.contains_knitted() {
                return None;
            }
            missing = missing.min(self.counted_distance(natural, counted));
        }
        Some(missing.saturating_sub(jokers))
    }

    /// [`Rules::replacement_of`] for any position, out of line.
    #[inline(never)]
    fn replacement_whole(&self, pos: &Position, res: &[Resident; 4]) -> u8 {
        let k = (pos.total() as usize - 1) / 3;
        self.replacement_beside(pos, res, k, self.others_distance(pos, res))
    }

    /// [`Rules::replacement_whole`] with `others`, the forms other than the
    /// standard one ([`Rules::others_distance`]), already worked out.
    #[inline(always)]
    fn replacement_beside(&self, pos: &Position, res: &[Resident; 4], k: usize, others: u8) -> u8 {
        let mut missing = others;
        if self.forms_for(pos).contains(Form::Standard) {
            missing = missing.min(standard::distance_of(self, pos, k, res));
        }
        missing.saturating_sub(pos.jokers)
    }

    /// The fewest tiles missing from the forms other than the standard one
    /// that `pos` may win by, each form's own distance.
    #[inline(always)]
    fn others_distance(&self, pos: &Position, res: &[Resident; 4]) -> u8 {
        self.forms_for(pos)
            .without(Form::Standard)
            .least_distance(self, pos, res)
    }

    /// Is the replacement number of `pos` below `target`? When a joker
    /// may stand for a fifth copy, the bounds of the standard distance
    /// ([`standard::bounds_of`]) most often settle it without counting
    /// the flagged suits' targets.
    fn replacement_below(&self, pos: &Position, target: u8) -> bool {
        let res = standard::residents(self, pos);
        let forms = self.forms_for(pos);
        if forms.contains(Form::Standard)
            && !pos.has_melds()
            && standard::spends_fifths(self, pos, &res)
        {
            let k = (pos.total() as usize - 1) / 3;
            let frees = standard::frees_of(self, pos, &res);
            let (low, high) = standard::bounds_of(self, &res, &frees, k);
            let others = self.others_distance(pos, &res);
            if let Some(below) = settled_below(|| low, || high, others, pos.jokers, target) {
                return below;
            }
            // Open: the flagged suits' targets counted, the bounds and the
            // other forms already known.
            let standard = standard::distance_spent(self, pos, k, &res, &frees);
            return standard.min(others).saturating_sub(pos.jokers) < target;
        }
        self.replacement_of(pos, &res) < target
    }

    /// The tiles a 3N+1 hand `pos` misses (jokers included, as
    /// [`Rules::draws_around`] counts them) and those the forms other than
    /// the standard one miss ([`Rules::others_distance`]).
    fn missing_now(&self, pos: &Position) -> (u8, u8) {
        let res = standard::residents(self, pos);
        let k = (pos.total() as usize - 1) / 3;
        let others = self.others_distance(pos, &res);
        let replacement = match self.replacement_lean(pos, &res) {
            Some(missing) => missing,
            None => self.replacement_beside(pos, &res, k, others),
        };
        (pos.jokers + replacement, others)
    }

    /// The fewest tiles missing from seven pairs and thirteen orphans for
    /// `natural` natural tiles whose suits' counted fields add up to
    /// `counted`, without a suit limit.
    #[inline(always)]
    fn counted_distance(&self, natural: u32, counted: u32) -> u8 {
        let d = &self.derived;
        // Two loads from tables the rules compiled, the forms not
        // winnable there at u8::MAX.
        let orphans = d.orphans_missing[(counted >> 11 & 127) as usize];
        let pairs =
            d.pairs_missing[seven_pairs::table_index(self.seven_pairs_quads, natural, counted)];
        pairs.min(orphans)
    }

    /// The tiles whose draw lowers the shanten of `hand` and, for a hand of
    /// 3N+2 tiles, the same for every discard: this is the table of what
    /// to discard (何切) an AI or a training tool shows. `visible` counts
    /// the tiles the player can see outside the hand (discards, melds on
    /// the table; indexed 0–33): a kind's unseen copies are 4 less those
    /// in the hand and those visible (after a discard, the hand before it:
    /// the discarded tile is seen).
    ///
    /// ```
    /// use hupai::{Efficiency, Hand, Rules};
    /// let rules = Rules::riichi();
    /// let hand: Hand = "123m456p789s11z23p".parse()?; // 13 tiles: 1p, 4p or 7p wins
    /// let Efficiency::Draw(draws) = rules.efficiency(&hand, &[0; 34])? else { unreachable!() };
    /// assert_eq!(draws.shanten, 0);
    /// let tiles: Vec<String> = draws.tiles.iter().map(|e| e.tile.to_string()).collect();
    /// assert_eq!(tiles, ["1p", "4p", "7p"]);
    /// assert_eq!(draws.count, 11); // 4 + 3 + 4 unseen
    /// let visible = hupai::Hand::from_tiles(&["1p".parse()?, "1p".parse()?], 0)?;
    /// let Efficiency::Draw(draws) = rules.efficiency(&hand, visible.counts())? else { unreachable!() };
    /// assert_eq!(draws.count, 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::shanten`], and [`HandError::TooManyCopies`] when a kind's
    /// copies in the hand and visible exceed 4.
    pub fn efficiency(&self, hand: &Hand, visible: &[u8; KINDS]) -> Result<Efficiency, HandError> {
        let counts = hand.counts();
        let jokers = hand.jokers();
        let pos = self.accept_hand_as::<false>(hand, Purpose::Either)?;
        self.reachable(hand, &pos)?;
        // The hand's own melds are seen, beside `visible`.
        let held = add(counts, &hand.meld_list().counts());
        if let Some(i) = (0..KINDS).find(|&i| held[i] as u32 + visible[i] as u32 > 4) {
            return Err(HandError::TooManyCopies {
                tile: Tile::from_index(i).expect("index < 34"),
                count: held[i] as usize + visible[i] as usize,
            });
        }
        // After a discard the discarded tile is seen too: unseen copies
        // count the whole hand.
        let unseen = Unseen::of(&add(&held, visible));
        if pos.total() % 3 == 1 {
            return Ok(Efficiency::Draw(self.draws(&pos, counts, jokers, &unseen)));
        }
        let shanten = self.replacement(&pos) as i8 - 1;
        // Every discard on the stack; the one allocation is the answer's.
        // A hand holds at most 17 kinds, and jokers.
        const CHOICES: usize = MAX_HAND_TILES + 1;
        let mut choices = [DiscardChoice::NONE; CHOICES];
        let mut n = 0;
        let mut after = *counts;
        let sizes = self.sizes(Purpose::Either);
        let fewer = |counts: &[u8; KINDS], jokers: u8| {
            self.accept_with::<false>(counts, jokers, &pos.melds, sizes)
                .expect("a tile fewer than an accepted hand is accepted")
        };
        // Each discard changes one suit: with the standard form judged by
        // the suits' `Around`s, the other three are worked out once.
        let forms = self.derived.winnable;
        let by_suit = forms.contains(Form::Standard)
            && self.jokers.is_empty()
            && standard::lowering_rules(self, &pos);
        let drawable = self.drawable(counts);
        let count_bits = count_bits(&pos.words);
        let halves = pos.keys.map(key::halves_of);
        let base: Option<[Around; 4]> =
            by_suit.then(|| std::array::from_fn(|s| Around::of(self, s, halves[s])));
        let mut rests = Rests::new();
        if let Some(base) = &base {
            let k = (pos.total() as usize - 1) / 3;
            rests.fill([&base[0], &base[1], &base[2], &base[3]], k);
        }
        let mut discard_one =
            |after: &[u8; KINDS], jokers: u8, changed: Option<(usize, &Around)>| {
                if let Some(base) = &base {
                    let mut around = [&base[0], &base[1], &base[2], &base[3]];
                    let mut natural = pos.natural;
                    let mut drawable = drawable;
                    let mut count_bits = count_bits;
                    if let Some((i, a)) = &changed {
                        around[i / 9] = a;
                        natural -= 1;
                        drawable |= 1 << i;
                        for (b, kinds) in count_bits.iter_mut().enumerate() {
                            *kinds = *kinds & !(1 << i) | ((after[*i] >> b & 1) as u64) << i;
                        }
                    }
                    let held = Held {
                        counts: after,
                        jokers,
                        natural,
                        kind_jokers: 0,
                        count_bits,
                        drawable,
                        melds: &pos.melds,
                    };
                    // No joker kind: every joker may stand for a fifth copy.
                    let res = around.map(|a| a.resident());
                    if jokers == 0 || !Resident::any_fifth(&res) {
                        let whole_now = || self.missing_now(&fewer(after, jokers));
                        let changed = changed.as_ref().map(|(i, _)| i / 9);
                        return self
                            .draws_around(around, &mut rests, changed, &held, &unseen, whole_now);
                    }
                    if !forms.contains_knitted() {
                        return self.draws_spending(&fewer(after, jokers), around, &held, &unseen);
                    }
                }
                self.draws(&fewer(after, jokers), after, jokers, &unseen)
            };
        // The kinds held, as bits: a loop over them takes no branch per kind.
        let mut held_kinds = 0u64;
        for (i, &c) in counts.iter().enumerate() {
            held_kinds |= ((c != 0) as u64) << i;
        }
        for i in bits(held_kinds) {
            after[i] -= 1;
            let (s, r) = (i / 9, i % 9);
            // One digit less in the half that holds the rank.
            let discarded = base.is_some().then(|| {
                let ((low, high), (dl, dh)) = (halves[s], key::half_step(r));
                Around::discarded(self, s, (low - dl, high - dh))
            });
            let draws = discard_one(&after, jokers, discarded.as_ref().map(|a| (i, a)));
            after[i] += 1;
            choices[n] = DiscardChoice {
                discard: Discard::Tile(Tile::from_index(i).expect("index < 34")),
                draws,
            };
            n += 1;
        }
        if jokers > 0 {
            choices[n] = DiscardChoice {
                discard: Discard::Joker,
                draws: discard_one(counts, jokers - 1, None),
            };
            n += 1;
        }
        // Best first: lowest shanten, then most effective tiles; ties keep
        // index order, the joker last. Each choice's place is the number
        // of keys below its own (the keys differ): no branch on the data.
        let mut keys = [u32::MAX; CHOICES];
        for (j, (key, choice)) in keys.iter_mut().zip(&choices[..n]).enumerate() {
            let d = &choice.draws;
            // Shanten from -1, counts below 2^16, at most 18 choices.
            *key = ((d.shanten as i32 + 1) as u32) << 22 | (0xffff - d.count) << 6 | j as u32;
        }
        let mut order = [0u8; CHOICES];
        for (j, &key) in keys[..n].iter().enumerate() {
            let place: u32 = keys.iter().map(|&k| (k < key) as u32).sum();
            order[place as usize] = j as u8;
        }
        let discards = order[..n].iter().map(|&j| choices[j as usize]).collect();
        Ok(Efficiency::Discard { shanten, discards })
    }

    /// The tiles a hand holding `counts` may draw (bit `i` for index `i`):
    /// the kinds in play it holds fewer than four times.
    fn drawable(&self, counts: &[u8; KINDS]) -> u64 {
        let mut fours = 0u64;
        for (i, &c) in counts.iter().enumerate() {
            fours |= ((c >= 4) as u64) << i;
        }
        self.tiles().bits() & !fours
    }

    /// Is the shanten of an accepted hand's counts and jokers (beside the
    /// declared `melds`), after a change that keeps them acceptable (a
    /// drawable tile more), below `shanten`?
    fn lowers_after(&self, counts: &[u8; KINDS], jokers: u8, melds: &Melds, shanten: i8) -> bool {
        let pos = self
            .accept_with::<false>(counts, jokers, melds, self.sizes(Purpose::Either))
            .expect("a drawable tile more keeps a hand acceptable");
        // Shanten is the replacement number less one.
        shanten >= 0 && self.replacement_below(&pos, (shanten + 1) as u8)
    }

    /// The effective draws of the 3N+1 hand `counts` and `jokers`
    /// (accepted as `pos`); `unseen` counts the copies no draw can bring.
    /// The standard form's draws are judged by its suits' [`Around`]s, a
    /// hand with a fifth copy to spend by the bounds after each draw
    /// ([`Rules::draws_spending`]); draws they cannot judge (a suit limit,
    /// declared melds; a fifth copy to spend beside a joker kind or a
    /// knitted form) are judged whole.
    fn draws(&self, pos: &Position, counts: &[u8; KINDS], jokers: u8, unseen: &Unseen) -> Draws {
        let res = standard::residents(self, pos);
        let forms = self.derived.winnable;
        let spends = standard::spends_fifths(self, pos, &res);
        if !forms.contains(Form::Standard)
            || !standard::lowering_rules(self, pos)
            || spends && (forms.contains_knitted() || !self.jokers.is_empty())
        {
            let shanten = self.replacement(pos) as i8 - 1;
            return self.draws_whole(counts, jokers, &pos.melds, unseen, shanten);
        }
        let drawable = self.drawable(counts);
        let around: [Around; 4] =
            std::array::from_fn(|s| Around::of(self, s, key::halves_of(pos.keys[s])));
        let held = Held {
            counts,
            jokers,
            natural: pos.natural,
            kind_jokers: pos.kind_jokers,
            count_bits: count_bits(&pos.words),
            drawable,
            melds: &pos.melds,
        };
        let around = [&around[0], &around[1], &around[2], &around[3]];
        if spends {
            return self.draws_spending(pos, around, &held, unseen);
        }
        let whole_now = || self.missing_now(pos);
        let k = (pos.total() as usize - 1) / 3;
        let mut rests = Rests::new();
        rests.fill(around, k);
        self.draws_around(around, &mut rests, None, &held, unseen, whole_now)
    }

    /// The effective draws of the 3N+1 hand `held` whose suits are
    /// `around` (the position passes [`standard::lowering_rules`] and
    /// spends no fifth copy), `rests` their joins but for suit `changed`
    /// ([`standard::lowering`]); `whole_now` works out the tiles it misses
    /// (jokers included) when the counted forms cannot, and those the forms
    /// other than the standard one miss ([`Rules::missing_now`]).
    fn draws_around(
        &self,
        around: [&Around; 4],
        rests: &mut Rests,
        changed: Option<usize>,
        held: &Held,
        unseen: &Unseen,
        whole_now: impl Fn() -> (u8, u8),
    ) -> Draws {
        let natural = held.natural;
        let held_jokers = held.jokers + held.kind_jokers;
        let k = ((natural + held_jokers as u32) as usize - 1) / 3;
        let forms = self.derived.winnable;
        let special = k == 4 && forms.intersects(SPECIAL);
        // Seven pairs and thirteen orphans from the counted fields, unless
        // a knitted form needs the whole hand.
        let counted_only = !forms.contains_knitted();
        let counted = Resident::counted_sum(&around.map(|a| a.resident()));
        let counted_now = if special && counted_only {
            self.counted_distance(natural, counted)
        } else {
            u8::MAX
        };
        let (best, lowers) = standard::lowering(self, around, rests, changed);
        // The missing places now; a draw helps when it leaves fewer. With
        // the standard form and the counted ones alone, they are known.
        let (now, special_now) = if counted_only {
            (best.min(counted_now), counted_now)
        } else {
            whole_now()
        };
        debug_assert_eq!(
            now,
            whole_now().0,
            "the forms' distances and the whole position agree"
        );
        let shanten = now.saturating_sub(held_jokers) as i8 - 1;
        // A draw lowers a form's distance by one at most: only a form at
        // `now` can fall below it.
        let counted_close = counted_now == now;
        let std_close = best == now;
        // Under a knitted form the forms other than the standard one are
        // judged whole, draw by draw, when they are at `now`.
        let whole_special = special && !counted_only && special_now == now;
        debug_assert!(best >= now, "the standard form misses at least that many");
        // A joker more fills one more place.
        let mut lower = self.jokers.bits() & held.drawable;
        if std_close || counted_close || whole_special {
            // Draws that make a suit flagged, with a fifth copy to spend,
            // are judged whole.
            let mut fifth = 0u64;
            let fifths = held_jokers as u32
                + self.derived.joker_copies.saturating_sub(held.kind_jokers) as u32;
            if fifths > 0 {
                for (s, a) in around.iter().enumerate() {
                    fifth |= (a.flagged() as u64) << (9 * s);
                }
            }
            let mut rest = held.drawable & !lower;
            if std_close {
                // Within four copies the distances bound those with fifth
                // copies from above: a draw that lowers them lowers the
                // shanten, flagged or not.
                lower |= lowers & rest;
                rest &= !lowers;
            }
            fifth &= rest;
            rest &= !fifth;
            if counted_close {
                // A draw changes the counted fields by what its kind's
                // count and being an orphan say: one check per such class.
                let [odd, twos] = held.count_bits;
                let by_count = [!odd & !twos, odd & !twos, !odd & twos, odd & twos];
                for (c, &kinds) in by_count.iter().enumerate() {
                    for (orphan, class) in [(false, !ORPHAN_BITS), (true, ORPHAN_BITS)] {
                        let class = kinds & class & rest;
                        if class != 0 {
                            let after = counted.wrapping_add(counted_step(c as u8, orphan));
                            if self.counted_distance(natural + 1, after) < now {
                                lower |= class;
                            }
                        }
                    }
                }
            } else if whole_special {
                lower |= self.special_draws(held, rest, counted, now);
            }
            if fifth != 0 {
                lower |= self.fifth_draws(around, held, fifth, shanten, counted_only);
            }
        }
        unseen.draws(shanten, lower)
    }

    /// Which of the draws `rest` of the 3N+1 hand `held` (14 tiles with the
    /// draw; its suits' counted fields `counted`) bring the forms other
    /// than the standard one below `now` tiles missing, under rules with a
    /// knitted form: the counted forms by the step a draw makes
    /// ([`counted_step`]), the honours-and-knitted forms by the kinds held,
    /// the knitted straight assignment by assignment
    /// ([`knitted_straight::StraightDraws`]). With a fifth copy to spend, the
    /// straight is counted whole, draw by draw. Out of line: most rules
    /// have no knitted form.
    #[inline(never)]
    fn special_draws(&self, held: &Held, rest: u64, counted: u32, now: u8) -> u64 {
        let forms = self.derived.winnable;
        let pos = self
            .accept_as::<false>(held.counts, held.jokers, self.sizes(Purpose::Either))
            .expect("the hand is accepted");
        let straight = if forms.contains(Form::KnittedStraight) {
            match knitted_straight::StraightDraws::of(self, &pos, now) {
                Some(straight) => {
                    debug_assert_eq!(
                        straight.least().min(now + 1),
                        knitted_straight::straight_distance(self, &pos, now + 1)
                    );
                    Some(straight)
                }
                None => return self.special_draws_whole(held, rest, now),
            }
        } else {
            None
        };
        let kinds = knitted::held(&pos.words);
        let mut lower = 0u64;
        for (form, greater) in [
            (Form::HonorsAndKnitted, false),
            (Form::GreaterHonorsAndKnitted, true),
        ] {
            if forms.contains(form) {
                lower |= honors_and_knitted::singles_lowering(self, kinds, greater, now) & rest;
            }
        }
        let [odd, twos] = held.count_bits;
        for i in bits(rest & !lower) {
            let class = (odd >> i & 1) as u8 | ((twos >> i & 1) as u8) << 1;
            let step = counted_step(class, ORPHAN_BITS >> i & 1 == 1);
            let falls = self.counted_distance(held.natural + 1, counted.wrapping_add(step)) < now
                || straight
                    .as_ref()
                    .is_some_and(|straight| straight.below_after(self, i, now));
            lower |= (falls as u64) << i;
        }
        lower
    }

    /// [`Rules::special_draws`] judging each draw whole.
    fn special_draws_whole(&self, held: &Held, rest: u64, now: u8) -> u64 {
        let mut lower = 0u64;
        for i in bits(rest) {
            let mut more = *held.counts;
            more[i] += 1;
            let p = self
                .accept_as::<false>(&more, held.jokers, self.sizes(Purpose::Win))
                .expect("a drawable tile keeps the hand acceptable");
            let res = standard::residents(self, &p);
            let falls = self.others_distance(&p, &res) < now;
            lower |= (falls as u64) << i;
        }
        lower
    }

    /// Which of the draws `fifth` of the 3N+1 hand `held` (suits `around`,
    /// shanten `shanten`), each of which makes its suit flagged with a
    /// fifth copy to spend, lower its shanten: without a knitted form
    /// (`counted_only`), most are settled by bounds ([`DrawJudge`]); the
    /// others are counted whole. Out of line: most hands have none.
    #[inline(never)]
    fn fifth_draws(
        &self,
        around: [&Around; 4],
        held: &Held,
        fifth: u64,
        shanten: i8,
        counted_only: bool,
    ) -> u64 {
        let judge = counted_only.then(|| {
            // The suits' keys, joker kinds' copies out.
            let mut natural = *held.counts;
            for j in bits(self.jokers.bits()) {
                natural[j] = 0;
            }
            let keys =
                std::array::from_fn(|s| key::key_of(&natural[9 * s..][..standard::ranks(s)]));
            DrawJudge::new(self, around, keys, held)
        });
        let mut lower = 0u64;
        for i in bits(fifth) {
            let falls = judge
                .as_ref()
                .and_then(|judge| judge.below(self, i, (shanten + 1) as u8))
                .unwrap_or_else(|| {
                    let mut more = *held.counts;
                    more[i] += 1;
                    self.lowers_after(&more, held.jokers, held.melds, shanten)
                });
            lower |= (falls as u64) << i;
        }
        lower
    }

    /// The effective draws of the 3N+1 hand `held` (accepted as `pos`, its
    /// suits `around`; [`standard::lowering_rules`] hold and no knitted
    /// form is winnable) that has a flagged suit and a fifth copy to spend:
    /// each draw judged by the bounds of its distances ([`DrawJudge`]),
    /// the few they leave open counted whole.
    fn draws_spending(
        &self,
        pos: &Position,
        around: [&Around; 4],
        held: &Held,
        unseen: &Unseen,
    ) -> Draws {
        let shanten = self.replacement(pos) as i8 - 1;
        let judge = DrawJudge::new(self, around, pos.keys, held);
        // A 3N+1 hand is no win: its shanten is at least 0.
        let target = (shanten + 1) as u8;
        let mut lower = 0u64;
        for i in bits(held.drawable) {
            let falls = judge
                .below(self, i, target)
                .unwrap_or_else(|| self.replacement_below(&self.with_tile(pos, i), target));
            lower |= (falls as u64) << i;
        }
        unseen.draws(shanten, lower)
    }

    /// [`Rules::draws`] judging every draw whole.
    fn draws_whole(
        &self,
        counts: &[u8; KINDS],
        jokers: u8,
        melds: &Melds,
        unseen: &Unseen,
        shanten: i8,
    ) -> Draws {
        let mut lowers = 0u64;
        let mut more = *counts;
        let sizes = self.sizes(Purpose::Win);
        let melded = melds.counts();
        for tile in self.tiles().iter() {
            let i = tile.index();
            if counts[i] + melded[i] >= 4 {
                continue;
            }
            more[i] += 1;
            let lower = self
                .accept_with::<false>(&more, jokers, melds, sizes)
                .is_some_and(|pos| (self.replacement(&pos) as i8 - 1) < shanten);
            more[i] -= 1;
            lowers |= (lower as u64) << i;
        }
        unseen.draws(shanten, lowers)
    }
}

/// A 3N+1 hand with no declared melds, under rules with no knitted form
/// and no suit limit, whose draws of kinds not joker kinds are judged by
/// the bounds of the standard distance after the draw
/// ([`standard::drawn_residents`]) and its counted forms: the replacement
/// number after a draw lies between the two, less the jokers.
struct DrawJudge<'a> {
    /// The hand's suits.
    around: [&'a Around; 4],
    /// Their keys.
    keys: [usize; 4],
    /// Their resident values at their most permissive.
    frees: [Resident; 4],
    /// The fifth copies the hand may spend ([`standard::fifths`]).
    fifths: u32,
    /// Melds in the targets after a draw.
    k: usize,
    /// Natural tiles after a draw.
    natural: u32,
    /// Jokers (joker kinds' copies included).
    jokers: u8,
}

impl<'a> DrawJudge<'a> {
    fn new(rules: &Rules, around: [&'a Around; 4], keys: [usize; 4], held: &Held) -> DrawJudge<'a> {
        let jokers = held.jokers + held.kind_jokers;
        let fifths =
            jokers as u32 + rules.derived.joker_copies.saturating_sub(held.kind_jokers) as u32;
        DrawJudge {
            around,
            frees: standard::frees_around(rules, around, &keys, fifths),
            keys,
            fifths,
            k: (held.natural + jokers as u32) as usize / 3,
            natural: held.natural + 1,
            jokers,
        }
    }

    /// Is the replacement number after a draw of natural kind `i` below
    /// `target`? `None` when the bounds leave it open.
    #[inline]
    fn below(&self, rules: &Rules, i: usize, target: u8) -> Option<bool> {
        let (res, free) =
            standard::drawn_residents(rules, self.around, &self.keys, &self.frees, self.fifths, i);
        // Seven pairs and thirteen orphans from the counted fields.
        let others = if self.k == 4 {
            rules.counted_distance(self.natural, Resident::counted_sum(&res))
        } else {
            u8::MAX
        };
        let within = || standard::combined_of(rules, &res, self.k);
        match free {
            Some(free) => settled_below(
                || standard::combined_of(rules, &free, self.k),
                within,
                others,
                self.jokers,
                target,
            ),
            None => {
                let d = within();
                settled_below(|| d, || d, others, self.jokers, target)
            }
        }
    }
}

/// Is a replacement number below `target`, when the standard distance lies
/// between `low()` and `high()` ([`standard::bounds_of`]), the other
/// forms miss `others` and `jokers` fill missing places? `None` when the
/// bounds leave it open. The lower bound is read first: it alone settles a
/// draw that lowers nothing, the common case.
#[inline(always)]
fn settled_below(
    low: impl FnOnce() -> u8,
    high: impl FnOnce() -> u8,
    others: u8,
    jokers: u8,
    target: u8,
) -> Option<bool> {
    let bound = |d: u8| d.min(others).saturating_sub(jokers);
    if bound(low()) >= target {
        Some(false)
    } else if bound(high()) < target {
        Some(true)
    } else {
        None
    }
}

/// The copies of each kind no draw can bring (in the hand, visible), as
/// unseen copies: worked out once for a hand and all its discards.
struct Unseen {
    /// Each kind's unseen copies, 4 less those seen.
    copies: [u8; KINDS],
    /// `[v]`: the kinds with `v` unseen copies (bit `i` for index `i`).
    with: [u64; 5],
}

impl Unseen {
    /// The unseen copies when `seen[i]` copies of each kind are seen.
    fn of(seen: &[u8; KINDS]) -> Unseen {
        let copies = seen.map(|c| 4u8.saturating_sub(c));
        let mut with = [0u64; 5];
        for (i, &c) in copies.iter().enumerate() {
            with[c as usize] |= 1 << i;
        }
        Unseen { copies, with }
    }

    /// The draws of a hand at `shanten` whose draws of the kinds `lower`
    /// lower it.
    #[inline]
    fn draws(&self, shanten: i8, lower: u64) -> Draws {
        let mut count = 0;
        for v in 1..5 {
            count += v * (lower & self.with[v as usize]).count_ones();
        }
        Draws {
            shanten,
            tiles: EffectiveTiles {
                kinds: TileSet::from_bits(lower),
                unseen: self.copies,
            },
            count,
        }
    }
}

/// A 3N+1 hand as [`Rules::draws_around`] reads it.
struct Held<'a> {
    /// Its counts (copies of joker kinds included).
    counts: &'a [u8; KINDS],
    /// Its jokers written `*`.
    jokers: u8,
    /// Its natural tiles.
    natural: u32,
    /// Its copies of joker kinds.
    kind_jokers: u8,
    /// The kinds whose natural count has bit 0, and bit 1, set
    /// ([`count_bits`]).
    count_bits: [u64; 2],
    /// The tiles it may draw ([`Rules::drawable`]).
    drawable: u64,
    /// Its declared melds.
    melds: &'a Melds,
}

/// The kinds (bit `i` for index `i`) whose count in `words` has bit 0,
/// and bit 1, set: with them a draw's change to the counted fields is
/// known by the count it meets ([`counted_step`]).
fn count_bits(words: &SuitWords) -> [u64; 2] {
    [words.kinds_with_bit(0), words.kinds_with_bit(1)]
}

/// The set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (i < 64).then_some(i)
    })
}

/// `a + b` kind by kind (each sum at most 4: the caller checked).
fn add(a: &[u8; KINDS], b: &[u8; KINDS]) -> [u8; KINDS] {
    std::array::from_fn(|i| a[i] + b[i])
}

/// What [`Rules::efficiency`] finds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Efficiency {
    /// A hand of 3N+1 tiles: the draws that lower its shanten.
    Draw(Draws),
    /// A hand of 3N+2 tiles: every discard, best first.
    Discard {
        /// The hand's shanten (−1: a win).
        shanten: i8,
        /// Each discard with the shanten after it and the draws that lower that.
        discards: Vec<DiscardChoice>,
    },
}

/// The effective draws of a hand of 3N+1 tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draws {
    /// The hand's shanten.
    pub shanten: i8,
    /// The kinds whose draw lowers it, in index order (copies of a joker
    /// kind add a joker).
    pub tiles: EffectiveTiles,
    /// Their unseen copies in all.
    pub count: u32,
}

/// One effective kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Effective {
    /// The kind.
    pub tile: Tile,
    /// Its copies neither in the hand nor visible.
    pub unseen: u8,
}

/// The effective kinds of a hand, each with its unseen copies: a set
/// kept inline (working out a hand's discards allocates nothing per
/// discard), read in index order.
///
/// ```
/// use hupai::{Efficiency, Rules};
/// let hand = "123m456p789s11z23p".parse()?; // ready on 1p, 4p and 7p
/// let Efficiency::Draw(draws) = Rules::riichi().efficiency(&hand, &[0; 34])? else { unreachable!() };
/// assert_eq!(draws.tiles.kinds().to_string(), "147p");
/// assert_eq!(draws.tiles.unseen("4p".parse()?), Some(3)); // one 4p is in the hand
/// assert_eq!(draws.tiles.unseen("5p".parse()?), None);
/// let unseen: Vec<u8> = draws.tiles.iter().map(|e| e.unseen).collect();
/// assert_eq!(unseen, [4, 3, 4]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy)]
pub struct EffectiveTiles {
    /// The kinds.
    kinds: TileSet,
    /// Each kind's unseen copies, read for the kinds in the set only.
    unseen: [u8; KINDS],
}

impl PartialEq for EffectiveTiles {
    /// The same kinds with the same unseen copies.
    fn eq(&self, other: &EffectiveTiles) -> bool {
        self.kinds == other.kinds && self.iter().eq(other.iter())
    }
}

impl Eq for EffectiveTiles {}

impl Default for EffectiveTiles {
    /// No kind.
    fn default() -> EffectiveTiles {
        EffectiveTiles {
            kinds: TileSet::EMPTY,
            unseen: [0; KINDS],
        }
    }
}

impl EffectiveTiles {
    /// The kinds, without their counts.
    #[inline]
    pub fn kinds(&self) -> TileSet {
        self.kinds
    }

    /// The number of kinds.
    #[inline]
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// True when no draw lowers the shanten.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// Is `tile` among the kinds?
    #[inline]
    pub fn contains(&self, tile: Tile) -> bool {
        self.kinds.contains(tile)
    }

    /// The unseen copies of `tile`, if it is among the kinds.
    #[inline]
    pub fn unseen(&self, tile: Tile) -> Option<u8> {
        self.contains(tile).then(|| self.unseen[tile.index()])
    }

    /// The kinds with their unseen copies, in index order.
    #[inline]
    pub fn iter(&self) -> EffectiveIter<'_> {
        EffectiveIter {
            tiles: self,
            rest: self.kinds.bits(),
        }
    }
}

impl std::fmt::Debug for EffectiveTiles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<'a> IntoIterator for &'a EffectiveTiles {
    type Item = Effective;
    type IntoIter = EffectiveIter<'a>;
    fn into_iter(self) -> EffectiveIter<'a> {
        self.iter()
    }
}

/// The kinds of an [`EffectiveTiles`] with their unseen copies, in index
/// order ([`EffectiveTiles::iter`]).
#[derive(Clone, Debug)]
pub struct EffectiveIter<'a> {
    tiles: &'a EffectiveTiles,
    /// The kinds not read yet.
    rest: u64,
}

impl Iterator for EffectiveIter<'_> {
    type Item = Effective;

    #[inline]
    fn next(&mut self) -> Option<Effective> {
        let i = bits(self.rest).next()?;
        self.rest &= self.rest - 1;
        Some(Effective {
            tile: Tile::from_index(i).expect("a kind's index < 34"),
            unseen: self.tiles.unseen[i],
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.rest.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for EffectiveIter<'_> {}

/// One discard of a hand of 3N+2 tiles and what follows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiscardChoice {
    /// The tile discarded.
    pub discard: Discard,
    /// The shanten after the discard and the draws that lower it.
    pub draws: Draws,
}

impl DiscardChoice {
    /// A placeholder for the discards not worked out yet.
    const NONE: DiscardChoice = DiscardChoice {
        discard: Discard::Joker,
        draws: Draws {
            shanten: 0,
            tiles: EffectiveTiles {
                kinds: TileSet::EMPTY,
                unseen: [0; KINDS],
            },
            count: 0,
        },
    };
}

/// A discarded tile: a natural kind (or a copy of a joker kind), or a joker `*`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Discard {
    /// A tile of this kind.
    Tile(Tile),
    /// A joker written `*`.
    Joker,
}

impl std::fmt::Display for Discard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Discard::Tile(t) => t.fmt(f),
            Discard::Joker => f.write_str("*"),
        }
    }
}
