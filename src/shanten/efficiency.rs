//! Efficiency (有效牌 / 受入): the draws that lower a hand's shanten, for
//! the hand and for each of its discards, judged draw by draw from the
//! suits' distances around their patterns (`form::standard::draws`) and
//! the other forms' own steps.

use std::borrow::Borrow;

use super::*;
use crate::error::HandError;
use crate::form::standard::{BesideJoins, SuitDraws};
use crate::form::{knitted, knitted_straight, standard, Form};
use crate::hand::{Hand, MAX_HAND_TILES};
use crate::meld::Melds;
use crate::position::{Position, Purpose};
use crate::rules::Rules;
use crate::swar::bits;
use crate::swar::{byte_sum, SuitWords};
use crate::tables::{key, CountedFields, DrawColumns, SuitProfile};
use crate::tile::sets::ORPHANS;
use crate::tile::{Tile, TileSet, KINDS};

impl Rules {
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
    /// copies in the hand and visible exceed 4. A discard after which the
    /// hand can never win is not among the choices.
    pub fn efficiency(&self, hand: &Hand, visible: &[u8; KINDS]) -> Result<Efficiency, HandError> {
        let counts = hand.counts();
        let jokers = hand.jokers();
        let pos = self.accept_hand(hand, Purpose::Either)?;
        self.reachable(hand, &pos)?;
        // The hand's own melds are seen, beside `visible`.
        let held = match hand.has_melds() {
            true => add(counts, &hand.meld_list().counts()),
            false => *counts,
        };
        // After a discard the discarded tile is seen too: unseen copies
        // count the whole hand.
        let unseen = Unseen::of(&seen_copies(&held, visible)?);
        let forms = self.derived.winnable;
        // Under a knitted form the forms other than the standard one are
        // judged whole: for a hand of 3N+2 tiles what they miss is worked
        // out once, for its shanten and as its discards' bound (below).
        let others = (pos.total() % 3 == 2 && forms.contains_knitted()).then(|| {
            let res = standard::profiles(self, &pos);
            (res, self.others_distance(&pos, &res))
        });
        // The hand's shanten, judged whole (an error when it can never win).
        let whole_shanten = || {
            let replacement = match &others {
                Some((res, others)) => {
                    let k = (pos.total() as usize - 1) / 3;
                    self.replacement_with_others(&pos, res, k, *others)
                }
                None => self.replacement(&pos),
            };
            self.shanten_of(&pos, replacement)
        };
        if pos.total() % 3 == 1 {
            whole_shanten()?;
            return Ok(Efficiency::Draw(self.draws(&pos, counts, jokers, &unseen)));
        }
        // Every discard on the stack; the one allocation is the answer's.
        // A hand holds at most 17 kinds, and jokers.
        const CHOICES: usize = MAX_HAND_TILES + 1;
        let mut choices = [DiscardChoice::NONE; CHOICES];
        let mut n = 0;
        let mut after = *counts;
        let sizes = self.sizes(Purpose::Either);
        let fewer = |counts: &[u8; KINDS], jokers: u8| {
            self.accept_with(counts, jokers, &pos.melds, sizes)
                .expect("a tile fewer than an accepted hand is accepted")
        };
        // Each discard changes one suit: with the standard form judged by
        // the suits' `SuitDraws`s, the other three are worked out once.
        let by_suit = forms.contains(Form::Standard)
            && self.jokers.is_empty()
            && standard::draws_by_suit_apply(self, &pos);
        let drawable = self.drawable(counts);
        let count_bits = count_bits(&pos.words);
        let halves = pos.keys.map(key::halves_of);
        let suits: [SuitDraws; 4];
        let columns = by_suit.then(|| self.tables.draw_columns());
        let base = if let Some(columns) = &columns {
            // Written out: a closure is called, not inlined.
            suits = [
                SuitDraws::of(self, columns, 0, halves[0]),
                SuitDraws::of(self, columns, 1, halves[1]),
                SuitDraws::of(self, columns, 2, halves[2]),
                SuitDraws::of(self, columns, 3, halves[3]),
            ];
            Some(&suits)
        } else {
            None
        };
        // Melds in the targets after a discard.
        let k = (pos.total() as usize - 1) / 3;
        let mut rests = BesideJoins::new();
        if let Some(base) = base {
            rests.fill([&base[0], &base[1], &base[2], &base[3]], k);
        }
        // The other forms' distances count the natural tiles a target
        // holds, and a discard takes one away (a joker's none): what they
        // miss with the whole hand bounds what they miss after any discard
        // from below.
        let others_floor = match others {
            Some((_, others)) if base.is_some() => others,
            _ => 0,
        };
        // The kinds held, as bits: a loop over them takes no branch per kind.
        let held_kinds = SuitWords::load(counts).nonzero().kinds_with_bit(0);
        // A hand of no joker under rules of no joker kind and no knitted
        // form: each discard's draws are the standard form's and the
        // counted forms' alone ([`LeanDiscards`]).
        let lean = base.filter(|_| jokers == 0 && !forms.contains_knitted());
        let shanten;
        if let (Some(base), Some(columns)) = (lean, columns) {
            let mut lean = LeanDiscards {
                columns,
                base,
                halves,
                rests: &mut rests,
                counted: (k == 4 && !forms.without(Form::Standard).is_empty()).then(|| {
                    let profiles = base.each_ref().map(|a| a.profile());
                    // A discard leaves the standard form at most one tile
                    // further than the whole hand.
                    let near = standard::combined_of(self, &profiles, k).saturating_add(1);
                    let counted = CountedFields::of_hand(&profiles);
                    CountedDiscards::of(self, counted, pos.natural, count_bits, held_kinds, near)
                }),
                drawable,
                unseen: &unseen,
            };
            let mut first = None;
            for i in bits(held_kinds) {
                let choice = &mut choices[n];
                // 14 tiles, most hands: the standard form's draws inlined.
                choice.draws = if k == 4 {
                    lean.draws_after(self, i, counts[i], standard::lowering_draws_for::<4>)
                } else {
                    lean.draws_after(self, i, counts[i], standard::lowering_draws)
                };
                choice.discard = Discard::Tile(Tile::from_index(i).expect("index < 34"));
                let target = has_target((choice.draws.shanten + 1) as u8);
                if target && first.is_none() {
                    first = Some((i, n));
                }
                n += target as usize;
            }
            // The hand is its discard `i` and a draw of `i`: its
            // replacement number is the discard's, less one when that draw
            // lowers it. A hand with a target has a discard with one.
            shanten = match first {
                Some((i, j)) => {
                    let draws = &choices[j].draws;
                    let lowers = draws.tiles.kinds.bits() >> i & 1;
                    self.shanten_of(&pos, (draws.shanten + 1) as u8 - lowers as u8)?
                }
                None => whole_shanten()?,
            };
        } else {
            shanten = whole_shanten()?;
            // With fifth copies to spend (jokers, or joker kinds' copies to
            // draw; this path has no joker kind) the suits' flagged draws
            // are read: the suits a discard leaves alone worked out once.
            let base_flagged = match base {
                Some(b) if standard::fifths(self, &pos) > 0 => {
                    flagged_of([&b[0], &b[1], &b[2], &b[3]])
                }
                _ => 0,
            };
            // Each discard's draws are written in their place: a copy would
            // read back, a word at a time, what was just written a field at a
            // time.
            let mut discard_one =
                |out: &mut Draws,
                 after: &[u8; KINDS],
                 jokers: u8,
                 changed: Option<(usize, &SuitDraws)>| {
                    if let Some(base) = base {
                        let mut around = [&base[0], &base[1], &base[2], &base[3]];
                        let mut natural = pos.natural;
                        let mut drawable = drawable;
                        let mut count_bits = count_bits;
                        if let Some((i, a)) = &changed {
                            around[i / 9] = a;
                            natural -= 1;
                            drawable |= 1 << i;
                            count_bits = count_bits_with(count_bits, *i, after[*i]);
                        }
                        let mut held = Held {
                            counts: after,
                            jokers,
                            natural,
                            kind_jokers: 0,
                            count_bits,
                            drawable,
                            melds: &pos.melds,
                            flagged: 0,
                        };
                        // No joker kind: every joker may stand for a fifth copy.
                        let res = around.map(|a| a.profile());
                        if !jokers_may_be_fifths(jokers, &res) {
                            let changed = changed.as_ref().map(|(i, _)| i / 9);
                            let position = || fewer(after, jokers);
                            let others = (position, others_floor);
                            if held.fifths(self) > 0 {
                                // The discard's suit's flagged draws its own.
                                held.flagged = base_flagged;
                                if let Some(s) = changed {
                                    held.flagged &= !(0x1ff << (9 * s));
                                    held.flagged |= (around[s].flagged() as u64) << (9 * s);
                                }
                            }
                            *out = self
                                .draws_around(around, &mut rests, changed, &held, &unseen, others);
                            return;
                        }
                        if !forms.contains_knitted() {
                            let changed = changed.as_ref().map(|(i, _)| i / 9);
                            *out = self.draws_spending(
                                &fewer(after, jokers),
                                (around, &mut rests, changed),
                                &held,
                                &unseen,
                            );
                            return;
                        }
                    }
                    *out = self.draws(&fewer(after, jokers), after, jokers, &unseen);
                };
            // The suits after each discard read first, one after another:
            // their table reads (new patterns, often out of cache) overlap.
            let mut discarded = [None; CHOICES];
            if let Some(columns) = &columns {
                for (suit, i) in discarded.iter_mut().zip(bits(held_kinds)) {
                    *suit = Some(discarded_suit(self, columns, &halves, i));
                }
            }
            for (i, discarded) in bits(held_kinds).zip(&discarded) {
                after[i] -= 1;
                let choice = &mut choices[n];
                discard_one(
                    &mut choice.draws,
                    &after,
                    jokers,
                    discarded.as_ref().map(|a| (i, a)),
                );
                choice.discard = Discard::Tile(Tile::from_index(i).expect("index < 34"));
                after[i] += 1;
                // A discard after which the hand can never win is no choice.
                n += has_target((choice.draws.shanten + 1) as u8) as usize;
            }
            if jokers > 0 {
                let choice = &mut choices[n];
                discard_one(&mut choice.draws, counts, jokers - 1, None);
                choice.discard = Discard::Joker;
                n += has_target((choice.draws.shanten + 1) as u8) as usize;
            }
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
        let keys = &keys[..n];
        for (j, &key) in keys.iter().enumerate() {
            let place: u32 = keys.iter().map(|&k| (k < key) as u32).sum();
            order[place as usize] = j as u8;
        }
        let discards = order[..n].iter().map(|&j| choices[j as usize]).collect();
        Ok(Efficiency::Discard { shanten, discards })
    }

    /// The tiles a hand holding `counts` may draw (bit `i` for index `i`):
    /// the kinds in play it holds fewer than four times.
    fn drawable(&self, counts: &[u8; KINDS]) -> u64 {
        // An accepted hand holds at most four copies of a kind: bit 2 of a
        // count is set for four alone.
        let fours = SuitWords::load(counts).kinds_with_bit(2);
        self.tiles().bits() & !fours
    }

    /// Is the shanten of an accepted hand's counts and jokers (beside the
    /// declared `melds`), after a change that keeps them acceptable (a
    /// drawable tile more), below `shanten`?
    fn lowers_after(&self, counts: &[u8; KINDS], jokers: u8, melds: &Melds, shanten: i8) -> bool {
        let pos = self
            .accept_with(counts, jokers, melds, self.sizes(Purpose::Either))
            .expect("a drawable tile more keeps a hand acceptable");
        // Shanten is the replacement number less one.
        shanten >= 0 && self.replacement_is_below(&pos, (shanten + 1) as u8)
    }

    /// The effective draws of the 3N+1 hand `counts` and `jokers`
    /// (accepted as `pos`); `unseen` counts the copies no draw can bring.
    /// The standard form's draws are judged by its suits' [`SuitDraws`]s, a
    /// hand with a fifth copy to spend by the bounds after each draw
    /// ([`Rules::draws_spending`]); draws they cannot judge (a suit limit,
    /// declared melds; a fifth copy to spend beside a joker kind or a
    /// knitted form) are judged whole.
    fn draws(&self, pos: &Position, counts: &[u8; KINDS], jokers: u8, unseen: &Unseen) -> Draws {
        let res = standard::profiles(self, pos);
        let forms = self.derived.winnable;
        let spends = standard::spends_fifths(self, pos, &res);
        if !forms.contains(Form::Standard)
            || !standard::draws_by_suit_apply(self, pos)
            || spends && (forms.contains_knitted() || !self.jokers.is_empty())
        {
            let shanten = self.replacement(pos) as i8 - 1;
            return self.draws_whole(counts, jokers, &pos.melds, unseen, shanten);
        }
        let drawable = self.drawable(counts);
        let around: [SuitDraws; 4] = {
            let columns = self.tables.draw_columns();
            std::array::from_fn(|s| SuitDraws::of(self, &columns, s, key::halves_of(pos.keys[s])))
        };
        let mut held = Held {
            counts,
            jokers,
            natural: pos.natural,
            kind_jokers: pos.kind_jokers,
            count_bits: count_bits(&pos.words),
            drawable,
            melds: &pos.melds,
            flagged: 0,
        };
        let around = [&around[0], &around[1], &around[2], &around[3]];
        let k = (pos.total() as usize - 1) / 3;
        let mut rests = BesideJoins::new();
        rests.fill(around, k);
        if spends {
            return self.draws_spending(pos, (around, &mut rests, None), &held, unseen);
        }
        if held.fifths(self) > 0 {
            held.flagged = flagged_of(around);
        }
        self.draws_around(around, &mut rests, None, &held, unseen, (|| pos, 0))
    }

    /// The effective draws of the 3N+1 hand `held` whose suits are
    /// `around` (the position passes [`standard::draws_by_suit_apply`] and
    /// spends no fifth copy), `rests` their joins but for suit `changed`
    /// ([`standard::lowering_draws`]); `(position, others_floor)` yield the
    /// hand's position, for the forms other than the standard one when the
    /// counted fields cannot tell what they miss ([`Rules::others_missing`]),
    /// and a bound from below on what they miss (0 when none is known).
    fn draws_around<P: Borrow<Position>>(
        &self,
        around: [&SuitDraws; 4],
        rests: &mut BesideJoins,
        changed: Option<usize>,
        held: &Held,
        unseen: &Unseen,
        (position, others_floor): (impl Fn() -> P, u8),
    ) -> Draws {
        let natural = held.natural;
        let held_jokers = held.jokers + held.kind_jokers;
        let k = ((natural + held_jokers as u32) as usize - 1) / 3;
        let forms = self.derived.winnable;
        let special = k == 4 && !forms.without(Form::Standard).is_empty();
        // Seven pairs and thirteen orphans from the counted fields, unless
        // a knitted form needs the whole hand.
        let counted_only = !forms.contains_knitted();
        let counted = CountedFields::of_hand(&around.map(|a| a.profile()));
        let counted_now = if special && counted_only {
            self.counted_distance(natural, counted)
        } else {
            u8::MAX
        };
        let (best, lowers) = standard::lowering_draws(self, around, rests, changed);
        // The missing places now (jokers included); a draw helps when it
        // leaves fewer. The standard form's are `best`.
        let special_now = if counted_only {
            counted_now
        } else if others_floor > best {
            // The other forms miss more than the standard form: none of
            // them is at `now`, and the bound stands for them.
            others_floor
        } else {
            self.others_missing(position().borrow())
        };
        let now = best.min(special_now);
        debug_assert_eq!(
            now.saturating_sub(held_jokers),
            self.replacement(position().borrow()),
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
            let mut fifth = held.flagged;
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
                lower |= self.counted_draws(held.count_bits, rest, counted, natural, now);
            } else if whole_special {
                lower |= self.special_draws(held, rest, counted, now);
            }
            if fifth != 0 {
                let drawn = Drawn {
                    best,
                    lowers,
                    counted,
                };
                lower |= self.fifth_draws(around, held, fifth, shanten, counted_only, &drawn);
            }
        }
        unseen.draws(shanten, lower)
    }

    /// Which of the draws `rest` of a 3N+1 hand of `natural` natural tiles
    /// bring seven pairs or thirteen orphans below `now` tiles missing: the
    /// hand's counted fields `counted`, and `count_bits` its kinds' counts'
    /// bits 0 and 1 ([`count_bits`]). A draw changes the counted fields by
    /// what its kind's count and being an orphan say: one check per such
    /// class of kinds.
    fn counted_draws(
        &self,
        count_bits: [u64; 2],
        rest: u64,
        counted: CountedFields,
        natural: u32,
        now: u8,
    ) -> u64 {
        let [odd, twos] = count_bits;
        let by_count = [!odd & !twos, odd & !twos, !odd & twos, odd & twos];
        // Every class judged, empty or not: which classes a hand holds
        // follows no pattern a branch could learn.
        let mut lower = 0;
        for (c, &kinds) in by_count.iter().enumerate() {
            for (orphan, class) in [(false, !ORPHANS), (true, ORPHANS)] {
                let after = counted.with_tile(c as u8, orphan);
                let falls = self.counted_distance(natural + 1, after) < now;
                lower |= kinds & class & mask(falls);
            }
        }
        lower & rest
    }

    /// Which of the draws `rest` of the 3N+1 hand `held` (14 tiles with the
    /// draw; its suits' counted fields `counted`) bring the forms other
    /// than the standard one below `now` tiles missing, under rules with a
    /// knitted form: the counted forms by the step a draw makes
    /// ([`CountedFields::with_tile`]), the honours-and-knitted forms by the kinds held,
    /// the knitted straight assignment by assignment
    /// ([`knitted_straight::StraightDraws`]). With a fifth copy to spend, the
    /// straight is counted whole, draw by draw. Out of line: most rules
    /// have no knitted form.
    #[inline(never)]
    fn special_draws(&self, held: &Held, rest: u64, counted: CountedFields, now: u8) -> u64 {
        let forms = self.derived.winnable;
        let pos = self
            .accept(held.counts, held.jokers, self.sizes(Purpose::Either))
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
        for form in forms.iter() {
            lower |= form.kinds_lowering(self, kinds, now) & rest;
        }
        for i in bits(rest & !lower) {
            let after = counted_after(held.count_bits, counted, i);
            let falls = self.counted_distance(held.natural + 1, after) < now
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
                .accept(&more, held.jokers, self.sizes(Purpose::Win))
                .expect("a drawable tile keeps the hand acceptable");
            let res = standard::profiles(self, &p);
            let falls = self.others_distance(&p, &res) < now;
            lower |= (falls as u64) << i;
        }
        lower
    }

    /// Which of the draws `fifth` of the 3N+1 hand `held` (suits `around`,
    /// shanten `shanten`, what a draw does to them `drawn`), each of which
    /// makes its suit flagged with a fifth copy to spend, lower its
    /// shanten: without a knitted form (`counted_only`), most are settled
    /// by bounds ([`DrawJudge`]); the others are counted whole. Out of
    /// line: most hands have none.
    #[inline(never)]
    fn fifth_draws(
        &self,
        around: [&SuitDraws; 4],
        held: &Held,
        fifth: u64,
        shanten: i8,
        counted_only: bool,
        drawn: &Drawn,
    ) -> u64 {
        let judge = counted_only.then(|| DrawJudge::new(self, around, held, drawn));
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
    /// suits `around`, `rests` their joins but for suit `changed`, as
    /// [`standard::lowering_draws`] takes them; [`standard::draws_by_suit_apply`]
    /// hold and no knitted form is winnable) that has a flagged suit and a
    /// fifth copy to spend: each draw judged by the bounds of its distances
    /// ([`DrawJudge`]), the few they leave open counted whole.
    fn draws_spending(
        &self,
        pos: &Position,
        (around, rests, changed): ([&SuitDraws; 4], &mut BesideJoins, Option<usize>),
        held: &Held,
        unseen: &Unseen,
    ) -> Draws {
        let shanten = self.replacement(pos) as i8 - 1;
        let (best, lowers) = standard::lowering_draws(self, around, rests, changed);
        let counted = CountedFields::of_hand(&around.map(|a| a.profile()));
        let drawn = Drawn {
            best,
            lowers,
            counted,
        };
        let judge = DrawJudge::new(self, around, held, &drawn);
        // A 3N+1 hand is no win: its shanten is at least 0.
        let target = (shanten + 1) as u8;
        let mut lower = 0u64;
        for i in bits(held.drawable) {
            let falls = judge
                .below(self, i, target)
                .unwrap_or_else(|| self.replacement_is_below(&self.with_tile(pos, i), target));
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
                .accept_with(&more, jokers, melds, sizes)
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
/// ([`standard::drawn_profiles`]) and its counted forms: the replacement
/// number after a draw lies between the two, less the jokers. What a draw
/// does within four copies is known ([`Drawn`]): a draw reads the drawn
/// suit's profile only when a fifth copy may lower it.
struct DrawJudge<'a> {
    /// The hand's suits.
    around: [&'a SuitDraws; 4],
    /// What a draw does to them within four copies.
    drawn: &'a Drawn,
    /// The hand's kinds' counts' bits 0 and 1 ([`count_bits`]).
    count_bits: [u64; 2],
    /// Their keys cut in halves.
    halves: [(usize, usize); 4],
    /// Their profiles at their most permissive.
    frees: [SuitProfile; 4],
    /// The suits flagged for fifth copies (bit `s` for suit `s`).
    flagged_suits: u32,
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
    fn new(
        rules: &Rules,
        around: [&'a SuitDraws; 4],
        held: &Held,
        drawn: &'a Drawn,
    ) -> DrawJudge<'a> {
        let jokers = held.jokers + held.kind_jokers;
        let fifths = held.fifths(rules);
        let halves = held.halves(rules);
        let mut flagged_suits = 0;
        for (s, a) in around.iter().enumerate() {
            flagged_suits |= (a.profile().fifth() as u32) << s;
        }
        DrawJudge {
            around,
            drawn,
            count_bits: held.count_bits,
            halves,
            frees: standard::frees_around(rules, around, &halves, fifths),
            flagged_suits,
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
        let drawn = self.drawn;
        // Within four copies: the distance and the counted fields after
        // the draw.
        let within = drawn.best - (drawn.lowers >> i & 1) as u8;
        let counted = counted_after(self.count_bits, drawn.counted, i);
        debug_assert_eq!(
            (within, counted),
            {
                let (res, _) = standard::drawn_profiles(
                    rules,
                    self.around,
                    &self.halves,
                    &self.frees,
                    self.fifths,
                    i,
                );
                (
                    standard::combined_of(rules, &res, self.k),
                    CountedFields::of_hand(&res),
                )
            },
            "what the draw does, known and read"
        );
        // Seven pairs and thirteen orphans from the counted fields.
        let others = if self.k == 4 {
            rules.counted_distance(self.natural, counted)
        } else {
            u8::MAX
        };
        // Within four copies bounds the distance from above. With no suit
        // flagged after the draw, or no fifth copy to spend, it is the
        // distance; else the suits at their most permissive bound it from
        // below.
        let (s, r) = (i / 9, i % 9);
        let flags = self.around[s].flags(r);
        let low = || {
            if self.fifths == 0 || !flags && self.flagged_suits & !(1 << s) == 0 {
                return within;
            }
            let mut frees = self.frees;
            let halves = standard::drawn_halves(self.halves[s], r);
            frees[s] = rules.tables.profile_of_halves(s, halves, flags);
            standard::combined_of(rules, &frees, self.k)
        };
        decided_by_bounds(low, || within, others, self.jokers, target)
    }
}

/// What a draw does to a 3N+1 hand's standard distance within four copies
/// and to its counted fields, as [`Rules::draws_around`] finds it.
struct Drawn {
    /// The least standard distance within four copies.
    best: u8,
    /// The draws that lower it, by one ([`standard::lowering_draws`]).
    lowers: u64,
    /// The hand's counted fields.
    counted: CountedFields,
}

/// The counted fields `counted` of a hand whose kinds' counts' bits 0 and
/// 1 are `count_bits` ([`count_bits`]) after a draw of kind `i`.
#[inline(always)]
fn counted_after(count_bits: [u64; 2], counted: CountedFields, i: usize) -> CountedFields {
    let [odd, twos] = count_bits;
    let class = (odd >> i & 1) as u8 | ((twos >> i & 1) as u8) << 1;
    counted.with_tile(class, ORPHANS >> i & 1 == 1)
}

/// The ranks of each suit of `around` whose draw makes it flagged for
/// fifth copies (bit `9s + r` for rank `r` of suit `s`).
fn flagged_of(around: [&SuitDraws; 4]) -> u64 {
    let mut flagged = 0u64;
    for (s, a) in around.iter().enumerate() {
        flagged |= (a.flagged() as u64) << (9 * s);
    }
    flagged
}

/// The copies of each kind seen: `held` (the hand's and its melds') and
/// `visible`. [`HandError::TooManyCopies`] names the first kind seen more
/// than four times.
fn seen_copies(held: &[u8; KINDS], visible: &[u8; KINDS]) -> Result<[u8; KINDS], HandError> {
    // An accepted hand holds at most 4 copies of a kind: with no visible
    // count above 4 the byte sums stay below 9, and are read whole.
    if !SuitWords::load(visible).any_over_four() {
        let seen = add(held, visible);
        if !SuitWords::load(&seen).any_over_four() {
            return Ok(seen);
        }
    }
    let i = (0..KINDS)
        .find(|&i| held[i] as u32 + visible[i] as u32 > 4)
        .expect("some kind is seen more than four times");
    Err(HandError::TooManyCopies {
        tile: Tile::from_index(i).expect("index < 34"),
        count: held[i] as usize + visible[i] as usize,
    })
}

/// The discards of a 3N+2 hand with no joker and no declared meld, under
/// rules of no joker kind and no knitted form whose standard form is
/// judged by suits ([`standard::draws_by_suit_apply`]): after a discard the
/// forms are the standard one, by its suits' lanes, and the counted ones
/// (seven pairs, thirteen orphans) by their fields; no tile is a joker and
/// no copy a fifth. [`Rules::draws_around`] less what such a hand never
/// needs.
struct LeanDiscards<'a> {
    /// The tables' columns the suits are read from.
    columns: DrawColumns<'a>,
    /// The hand's suits.
    base: &'a [SuitDraws; 4],
    /// The suits' keys cut in halves.
    halves: [(usize, usize); 4],
    /// The joins of the hand's suits ([`BesideJoins`]).
    rests: &'a mut BesideJoins,
    /// What the counted forms miss after each discard, and the draws that
    /// lower it, when they are winnable at the size after a discard.
    counted: Option<CountedDiscards>,
    /// The tiles the hand may draw ([`Rules::drawable`]).
    drawable: u64,
    /// The copies no draw can bring.
    unseen: &'a Unseen,
}

impl LeanDiscards<'_> {
    /// The draws after discarding kind `i`, held `count` times, the
    /// standard form's by `lowering` ([`standard::lowering_draws`]).
    #[inline(always)]
    fn draws_after(
        &mut self,
        rules: &Rules,
        i: usize,
        count: u8,
        lowering: impl FnOnce(&Rules, [&SuitDraws; 4], &mut BesideJoins, Option<usize>) -> (u8, u64),
    ) -> Draws {
        let s = i / 9;
        let changed = discarded_suit(rules, &self.columns, &self.halves, i);
        let base = self.base;
        let mut around = [&base[0], &base[1], &base[2], &base[3]];
        around[s] = &changed;
        // The discarded tile may be drawn again.
        let drawable = self.drawable | 1 << i;
        let (best, lowers) = lowering(rules, around, self.rests, Some(s));
        // A draw lowers a form's distance by one at most: only a form at
        // `now` can fall below it. Which form is at `now` follows no
        // pattern a branch could learn: each form's draws are kept by a
        // mask.
        let (counted_now, counted_lower) = match &self.counted {
            Some(counted) => counted.after(i, count),
            None => (u8::MAX, 0),
        };
        let now = best.min(counted_now);
        let lower = (lowers & mask(best == now)) | (counted_lower & mask(counted_now == now));
        self.unseen.draws(now as i8 - 1, lower & drawable)
    }
}

/// Every bit when `b`, none when not.
#[inline(always)]
fn mask(b: bool) -> u64 {
    u64::from(b).wrapping_neg()
}

/// What the counted forms (seven pairs, thirteen orphans) miss after each
/// discard of a 3N+2 hand of no joker, and the draws that lower it. A
/// discard changes the counted fields by what its kind's count and being
/// an orphan say: one class of eight ([`CountedDiscards::class`]), each
/// worked out once for the hand.
struct CountedDiscards {
    /// `[c]`: the tiles the counted forms miss after a discard of class
    /// `c` (only classes the hand holds are filled).
    now: [u8; 8],
    /// `[c]`: the draws that bring them below `now[c]` after such a
    /// discard, each kind read at its count in the hand (the discarded
    /// kind's own is [`CountedDiscards::after`]'s); none when the standard
    /// form is always nearer.
    lower: [u64; 8],
    /// The tiles they miss with the whole hand: after a discard and a draw
    /// of the discarded kind.
    whole: u8,
}

impl CountedDiscards {
    /// The classes of the discards of a hand of `natural` natural tiles,
    /// no joker, whose counted fields are `counted`, `count_bits` its
    /// kinds' counts' bits 0 and 1 ([`count_bits`]), and `held` its kinds
    /// (bit `i` for index `i`); after no discard does the standard form
    /// miss more than `near` tiles, so that the counted forms' draws are
    /// worked out only after discards that leave them at most that far.
    fn of(
        rules: &Rules,
        counted: CountedFields,
        natural: u32,
        count_bits: [u64; 2],
        held: u64,
        near: u8,
    ) -> CountedDiscards {
        let [odd, twos] = count_bits;
        // The kinds held 1–4 times: the count less one is the class's.
        let by_count = [odd & !twos, !odd & twos, odd & twos, held & !odd & !twos];
        let mut classes = 0u32;
        for (c, &kinds) in by_count.iter().enumerate() {
            classes |= u32::from(kinds & !ORPHANS != 0) << (2 * c);
            classes |= u32::from(kinds & ORPHANS != 0) << (2 * c + 1);
        }
        let mut counted_discards = CountedDiscards {
            now: [u8::MAX; 8],
            lower: [0; 8],
            whole: rules.counted_distance(natural, counted),
        };
        for c in bits(u64::from(classes)) {
            let after = counted.without_tile((c / 2) as u8, c % 2 == 1);
            let now = rules.counted_distance(natural - 1, after);
            counted_discards.now[c] = now;
            if now <= near {
                counted_discards.lower[c] =
                    rules.counted_draws(count_bits, !0, after, natural - 1, now);
            }
        }
        counted_discards
    }

    /// The class of a discard of kind `i`, held `count` times (1–4): the
    /// count it leaves, and whether it is an orphan.
    #[inline(always)]
    fn class(i: usize, count: u8) -> usize {
        usize::from(count - 1) << 1 | (ORPHANS >> i & 1) as usize
    }

    /// What the counted forms miss after discarding kind `i`, held `count`
    /// times, and the draws that lower it. A draw of `i` itself restores
    /// the whole hand.
    #[inline(always)]
    fn after(&self, i: usize, count: u8) -> (u8, u64) {
        let c = CountedDiscards::class(i, count);
        let now = self.now[c];
        let itself = u64::from(self.whole < now) << i;
        (now, self.lower[c] & !(1 << i) | itself)
    }
}

/// The copies of each kind no draw can bring (in the hand, visible), as
/// unseen copies: worked out once for a hand and all its discards.
struct Unseen {
    /// Each kind's unseen copies, 4 less those seen.
    copies: [u8; KINDS],
    /// `[b]`: the kinds whose unseen copies have bit `b` set (bit `i` for
    /// index `i`).
    with_bit: [u64; 3],
}

impl Unseen {
    /// The unseen copies when `seen[i]` copies of each kind (at most 4)
    /// are seen.
    fn of(seen: &[u8; KINDS]) -> Unseen {
        let copies = seen.map(|c| 4 - c);
        let words = SuitWords::load(&copies);
        let with_bit = [
            words.kinds_with_bit(0),
            words.kinds_with_bit(1),
            words.kinds_with_bit(2),
        ];
        Unseen { copies, with_bit }
    }

    /// The draws of a hand at `shanten` whose draws of the kinds `lower`
    /// lower it.
    #[inline]
    fn draws(&self, shanten: i8, lower: u64) -> Draws {
        // Each byte's set bits of the three planes, weighted 1, 2 and 4,
        // then the bytes added: at most 8 + 16 + 32 a byte, and at most
        // 4 × 34 in all, so no sum leaves its byte.
        let byte_ones = |x: u64| {
            let x = x - (x >> 1 & 0x5555_5555_5555_5555);
            let x = (x & 0x3333_3333_3333_3333) + (x >> 2 & 0x3333_3333_3333_3333);
            (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f
        };
        let [one, two, four] = self.with_bit.map(|kinds| byte_ones(lower & kinds));
        let count = byte_sum(one + (two << 1) + (four << 2));
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
    /// The draws that make a suit flagged for fifth copies
    /// ([`flagged_of`]); read only when it has fifth copies to spend
    /// ([`Held::fifths`]), and 0 when it has none.
    flagged: u64,
}

impl Held<'_> {
    /// Its natural tiles' suits' keys cut in halves
    /// ([`key::halves_of`]): the copies of joker kinds masked out, as the
    /// acceptance step masks them.
    fn halves(&self, rules: &Rules) -> [(usize, usize); 4] {
        SuitWords::load(self.counts)
            .and_not(&rules.derived.joker_kinds)
            .halves()
    }

    /// The fifth copies it may spend: its jokers, and the copies of joker
    /// kinds still to draw.
    fn fifths(&self, rules: &Rules) -> u32 {
        standard::fifths_of(rules, self.jokers + self.kind_jokers, self.kind_jokers)
    }
}

/// The kinds (bit `i` for index `i`) whose count in `words` has bit 0,
/// and bit 1, set: with them a draw's change to the counted fields is
/// known by the count it meets ([`CountedFields::with_tile`]).
fn count_bits(words: &SuitWords) -> [u64; 2] {
    [words.kinds_with_bit(0), words.kinds_with_bit(1)]
}

/// [`count_bits`] once kind `i`'s count is `count`.
#[inline(always)]
fn count_bits_with(mut bits: [u64; 2], i: usize, count: u8) -> [u64; 2] {
    for (b, kinds) in bits.iter_mut().enumerate() {
        *kinds = *kinds & !(1 << i) | u64::from(count >> b & 1) << i;
    }
    bits
}

/// The suit of kind `i` (its key cut in `halves`) read from `columns`
/// once a copy of `i` is discarded: one digit less in the half that holds
/// the rank.
#[inline(always)]
fn discarded_suit(
    rules: &Rules,
    columns: &DrawColumns,
    halves: &[(usize, usize); 4],
    i: usize,
) -> SuitDraws {
    let (s, r) = (i / 9, i % 9);
    let ((low, high), (dl, dh)) = (halves[s], key::half_step(r));
    SuitDraws::of(rules, columns, s, (low - dl, high - dh))
}

/// `a + b` kind by kind (each sum at most 4: the caller checked).
fn add(a: &[u8; KINDS], b: &[u8; KINDS]) -> [u8; KINDS] {
    std::array::from_fn(|i| a[i] + b[i])
}
