//! A hand kept up to date tile by tile, for simulators and AIs that ask
//! "is this a win?" and "what does it wait on?" after every draw and discard.
//!
//! ```
//! use hupai::{LiveHand, Rules, Tile};
//! let rules = Rules::chinese();
//! let mut hand = LiveHand::from_hand(&rules, &"123m456p789s1122z".parse()?)?;
//! assert_eq!(hand.waits().iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["1z", "2z"]);
//! hand.draw("2z".parse::<Tile>()?)?;
//! assert!(hand.is_win());
//! hand.discard("1z".parse::<Tile>()?)?;
//! assert_eq!(hand.waits().iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["1z"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A draw or a discard changes one suit: its base-5 key moves by `±5^rank`
//! and its distance profile is reloaded, so the other suits' profiles are
//! reused as they are. The hand keeps its `Position` (the same view the
//! acceptance step gives every operation) and the joker counts with which
//! it wins, worked out once a change, so the win check needs no table load
//! at all, and the waits are
//! the rules' own, computed from the kept position.
//!
//! Claims and kongs declare melds: [`LiveHand::chi`], [`LiveHand::pon`],
//! [`LiveHand::open_kong`], [`LiveHand::added_kong`] and
//! [`LiveHand::concealed_kong`] move tiles from the concealed part to a
//! declared meld; a kong is followed by its draw from the dead wall
//! ([`LiveHand::draw`]):
//!
//! ```
//! use hupai::{LiveHand, Rules, Tile};
//! let rules = Rules::chinese();
//! let t = |s: &str| s.parse::<Tile>().unwrap();
//! let mut live = LiveHand::from_hand(&rules, &"1112378m456p99s5z".parse()?)?;
//! live.open_kong(t("1m"))?;               // a discarded 1m claimed: [1111m]
//! live.draw(t("6z"))?;                    // the draw after the kong
//! live.discard(t("6z"))?;
//! assert_eq!(live.hand().to_string(), "2378m456p99s5z [1111m]");
//! live.chi(t("4m"), t("2m"))?;            // [234m] from a discard
//! live.discard(t("5z"))?;
//! assert_eq!(live.waits().iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["6m", "9m"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A `LiveHand` borrows its rules (`&Rules`) or owns them (`Rules`,
//! `Arc<Rules>`), so it can live in a struct beside them:
//!
//! ```
//! use std::sync::Arc;
//! use hupai::{LiveHand, Rules};
//! struct Seat {
//!     hand: LiveHand<Arc<Rules>>,
//! }
//! let rules = Arc::new(Rules::chinese());
//! let seat = Seat { hand: LiveHand::from_hand(rules.clone(), &"123m456p789s1122z".parse()?)? };
//! assert_eq!(seat.hand.waits().len(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Borrow;

use crate::error::HandError;
use crate::form::standard;
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind, Melds, MAX_MELDS};
use crate::position::{Position, Purpose};
use crate::rules::Rules;
use crate::shanten::jokers_may_be_fifths;
use crate::swar::SuitWords;
use crate::tables::{CountedFields, HandMerge, SuitProfile, POW5};
use crate::tile::{Tile, TileSet, KINDS};

/// A hand under a set of rules, updated in O(1) per draw or discard.
///
/// Copies of the rules' joker kinds count as jokers, as in
/// [`Rules::is_win`].
#[derive(Clone, Debug)]
pub struct LiveHand<R: Borrow<Rules>> {
    rules: R,
    /// Copies held of each kind, joker kinds included.
    held: [u8; KINDS],
    /// Natural counts: `held` without the joker kinds.
    counts: [u8; KINDS],
    /// Jokers drawn as jokers (not as a joker kind).
    plain_jokers: u8,
    /// The hand as the operations see it.
    pos: Position,
    /// Bit `j` set when the natural tiles win with `j` jokers: worked out
    /// once per change of natural tiles, so the win check is one shift.
    wins: u32,
    /// The suits' profiles (within four copies) and their classes' merge
    /// values, each reloaded with its suit: the shanten reads no table.
    profiles: [SuitProfile; 4],
    merges: HandMerge,
    /// The suits' counted fields added up.
    counted: CountedFields,
}

impl<R: Borrow<Rules>> LiveHand<R> {
    /// An empty hand under `rules`.
    pub fn new(rules: R) -> LiveHand<R> {
        let zero = SuitWords::load(&[0; KINDS]);
        let pos = rules.borrow().position(zero, 0, 0, 0, 0);
        let wins = rules.borrow().win_mask(&pos);
        let profiles = standard::profiles(rules.borrow(), &pos);
        let merges = standard::merges_of(rules.borrow(), &profiles);
        let counted = CountedFields::of_hand(&profiles);
        LiveHand {
            rules,
            held: [0; KINDS],
            counts: [0; KINDS],
            plain_jokers: 0,
            pos,
            wins,
            profiles,
            merges,
            counted,
        }
    }

    /// `hand` under `rules`, tile by tile, its declared melds first.
    ///
    /// # Errors
    /// As [`LiveHand::draw`]: a tile the rules do not use, or more tiles
    /// than the rules allow; a meld of a joker kind.
    pub fn from_hand(rules: R, hand: &Hand) -> Result<LiveHand<R>, HandError> {
        let mut live = LiveHand::new(rules);
        for &meld in hand.melds() {
            live.declare(meld)?;
        }
        for t in hand.tiles() {
            live.draw(t)?;
        }
        for _ in 0..hand.jokers() {
            live.draw_joker()?;
        }
        Ok(live)
    }

    /// The rules the hand is judged by.
    pub fn rules(&self) -> &Rules {
        self.rules.borrow()
    }

    /// The hand as a [`Hand`], its declared melds included.
    pub fn hand(&self) -> Hand {
        Hand::from_counts(&self.held, self.plain_jokers)
            .and_then(|h| h.with_melds(self.pos.melds.as_slice()))
            .expect("a live hand stays valid")
    }

    /// The declared melds, in the order declared.
    pub fn melds(&self) -> &[Meld] {
        self.pos.melds.as_slice()
    }

    /// Concealed tiles held, jokers included.
    #[inline]
    pub fn len(&self) -> usize {
        self.pos.total() as usize
    }

    /// The size the rules judge: the concealed tiles plus 3 per declared
    /// meld (see [`Hand::size`]).
    #[inline]
    pub fn size(&self) -> usize {
        (self.pos.total() + self.pos.meld_tiles()) as usize
    }

    /// True when the hand holds no tile.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Adds `tile`.
    ///
    /// # Errors
    /// [`HandError::TileNotInRules`], [`HandError::TooManyCopies`] for a
    /// fifth copy, [`HandError::TooManyTiles`] past the rules' limit. The
    /// hand is unchanged on error.
    #[inline]
    pub fn draw(&mut self, tile: Tile) -> Result<(), HandError> {
        let rules = self.rules.borrow();
        let i = tile.index();
        if !rules.tiles.contains(tile) {
            return Err(HandError::TileNotInRules {
                tile,
                rules: rules.name().to_string(),
            });
        }
        let melded = self.melded(i);
        if self.held[i] + melded >= 4 {
            return Err(HandError::TooManyCopies {
                tile,
                count: (self.held[i] + melded + 1) as usize,
            });
        }
        self.check_room()?;
        self.held[i] += 1;
        if self.rules.borrow().jokers.contains(tile) {
            self.pos.jokers += 1;
            self.pos.kind_jokers += 1;
            self.pos.joker_fours ^= ((self.held[i] == 4) as u64) << i;
            self.jokers_changed();
        } else {
            self.change(i, 1);
        }
        Ok(())
    }

    /// Adds a joker.
    ///
    /// # Errors
    /// [`HandError::TooManyTiles`] past the rules' limit.
    #[inline]
    pub fn draw_joker(&mut self) -> Result<(), HandError> {
        self.check_room()?;
        self.pos.jokers += 1;
        self.plain_jokers += 1;
        self.jokers_changed();
        Ok(())
    }

    /// Removes `tile`.
    ///
    /// # Errors
    /// [`HandError::NotHeld`] when the hand holds no copy.
    #[inline]
    pub fn discard(&mut self, tile: Tile) -> Result<(), HandError> {
        let i = tile.index();
        if self.held[i] == 0 {
            return Err(HandError::NotHeld { tile });
        }
        self.held[i] -= 1;
        if self.rules.borrow().jokers.contains(tile) {
            self.pos.jokers -= 1;
            self.pos.kind_jokers -= 1;
            self.pos.joker_fours &= !(1 << i);
            self.jokers_changed();
        } else {
            self.change(i, -1);
        }
        Ok(())
    }

    /// Removes a joker drawn as a joker.
    ///
    /// # Errors
    /// [`HandError::NoJoker`] when the hand holds none.
    #[inline]
    pub fn discard_joker(&mut self) -> Result<(), HandError> {
        if self.plain_jokers == 0 {
            return Err(HandError::NoJoker);
        }
        self.pos.jokers -= 1;
        self.plain_jokers -= 1;
        self.jokers_changed();
        Ok(())
    }

    /// After a joker more or less: with declared melds under
    /// `joker_fifth_copy = false` the joker counts that win are judged for
    /// the jokers held only (the melds' copies cap what they stand for),
    /// so they are judged again.
    #[inline(always)]
    fn jokers_changed(&mut self) {
        if self.pos.has_melds() {
            self.wins = self.rules.borrow().win_mask(&self.pos);
        }
    }

    fn check_room(&self) -> Result<(), HandError> {
        let max = self.rules.borrow().max_tiles();
        if self.size() >= max {
            return Err(HandError::TooManyTiles {
                tiles: self.size() + 1,
                max,
            });
        }
        Ok(())
    }

    /// Copies of kind `i` in the declared melds.
    #[inline(always)]
    fn melded(&self, i: usize) -> u8 {
        if self.pos.has_melds() {
            self.pos.melds.counts()[i]
        } else {
            0
        }
    }

    /// Claims the discard `claimed` for the chi (吃) starting at `first`:
    /// the hand's two other tiles of the sequence and the claimed one
    /// become a declared meld.
    ///
    /// ```
    /// use hupai::{LiveHand, Rules, Tile};
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// let rules = Rules::chinese();
    /// let mut live = LiveHand::from_hand(&rules, &"24m".parse()?)?;
    /// live.chi(t("3m"), t("2m"))?;
    /// assert_eq!(live.hand().to_string(), "[234m]");
    /// assert!(live.chi(t("3m"), t("2m")).is_err()); // no 2m, 4m left
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`HandError::NoChi`] when `first` starts no sequence (an honour, a
    /// rank above 7); [`HandError::ClaimNotInChi`] when the sequence does
    /// not hold `claimed`; [`HandError::TooFewCopies`] for a tile of it the
    /// hand lacks; as [`LiveHand::draw`] for the rules' limits.
    /// The hand is unchanged on error.
    pub fn chi(&mut self, claimed: Tile, first: Tile) -> Result<(), HandError> {
        let meld = Meld::new(MeldKind::Chi, first)?;
        let tiles: Vec<Tile> = meld.tiles().collect();
        let Some(at) = tiles.iter().position(|&t| t == claimed) else {
            return Err(HandError::ClaimNotInChi {
                tile: claimed,
                meld: meld.to_string(),
            });
        };
        let from_hand: Vec<Tile> = (0..3).filter(|&k| k != at).map(|k| tiles[k]).collect();
        self.claim(meld, &from_hand)
    }

    /// Claims the discard `claimed` for a pon (碰): two of the hand's
    /// copies and the claimed one become a declared meld.
    ///
    /// # Errors
    /// [`HandError::TooFewCopies`] when the hand holds fewer than two
    /// copies (naming how many it holds); as [`LiveHand::chi`] otherwise.
    ///
    /// ```
    /// use hupai::{HandError, LiveHand, MeldKind, Rules, Tile};
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// let rules = Rules::chinese();
    /// let mut live = LiveHand::from_hand(&rules, &"11m23p5z".parse()?)?;
    /// let e = live.pon(t("5z")).unwrap_err();
    /// assert_eq!(e, HandError::TooFewCopies { meld: MeldKind::Pon, tile: t("5z"), held: 1, needed: 2 });
    /// assert_eq!(e.to_string(), "the pon needs 2 copies of 5z from the hand, which holds 1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn pon(&mut self, claimed: Tile) -> Result<(), HandError> {
        self.claim(Meld::new(MeldKind::Pon, claimed)?, &[claimed; 2])
    }

    /// Claims the discard `claimed` for an open kong (明杠): three of the
    /// hand's copies and the claimed one. The draw from the dead wall follows
    /// ([`LiveHand::draw`]).
    ///
    /// # Errors
    /// As [`LiveHand::pon`], with three copies.
    pub fn open_kong(&mut self, claimed: Tile) -> Result<(), HandError> {
        self.claim(Meld::new(MeldKind::OpenKong, claimed)?, &[claimed; 3])
    }

    /// Declares a concealed kong (暗杠) of `tile`, held four times. The
    /// draw from the dead wall follows.
    ///
    /// # Errors
    /// As [`LiveHand::pon`], with four copies.
    pub fn concealed_kong(&mut self, tile: Tile) -> Result<(), HandError> {
        self.claim(Meld::new(MeldKind::ConcealedKong, tile)?, &[tile; 4])
    }

    /// Adds the hand's copy of `tile` to its declared pon of `tile`, making
    /// an added kong (加杠). The draw from the dead wall follows.
    ///
    /// ```
    /// use hupai::{LiveHand, Rules, Tile};
    /// let t = |s: &str| s.parse::<Tile>().unwrap();
    /// let rules = Rules::chinese();
    /// let mut live = LiveHand::from_hand(&rules, &"55z [777p]".parse()?)?;
    /// assert!(live.added_kong(t("5z")).is_err()); // no pon of 5z
    /// live.draw(t("7p"))?;
    /// live.added_kong(t("7p"))?;
    /// assert_eq!(live.hand().to_string(), "55z [7777p+]");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`HandError::BadMeld`] without a declared pon of `tile`,
    /// [`HandError::TooFewCopies`] when the hand lacks the tile.
    pub fn added_kong(&mut self, tile: Tile) -> Result<(), HandError> {
        let melds = self.pos.melds;
        let Some(at) = melds
            .as_slice()
            .iter()
            .position(|m| m.kind() == MeldKind::Pon && m.tile() == tile)
        else {
            return Err(HandError::BadMeld {
                meld: Meld::new(MeldKind::AddedKong, tile)?.to_string(),
                why: "no declared pon of the tile to add to",
            });
        };
        if self.held[tile.index()] == 0 {
            return Err(HandError::TooFewCopies {
                meld: MeldKind::AddedKong,
                tile,
                held: 0,
                needed: 1,
            });
        }
        let mut list = melds.as_slice().to_vec();
        list[at] = Meld::new(MeldKind::AddedKong, tile)?;
        self.discard(tile)?;
        self.set_melds(&list);
        Ok(())
    }

    /// Declares `meld` with `from_hand` taken out of the concealed part
    /// (a claimed tile comes from outside).
    fn claim(&mut self, meld: Meld, from_hand: &[Tile]) -> Result<(), HandError> {
        let rules = self.rules.borrow();
        self.meld_allowed(meld)?;
        let mut need = [0u8; KINDS];
        for t in from_hand {
            need[t.index()] += 1;
        }
        if let Some(i) = (0..KINDS).find(|&i| self.held[i] < need[i]) {
            return Err(HandError::TooFewCopies {
                meld: meld.kind(),
                tile: Tile::from_index(i).expect("index < 34"),
                held: self.held[i] as usize,
                needed: need[i] as usize,
            });
        }
        // Copies of the claimed tile: the melds' and the hand's, plus it.
        let mut all = self.pos.melds.counts();
        for t in meld.tiles() {
            all[t.index()] += 1;
        }
        for i in 0..KINDS {
            let count = all[i] + self.held[i] - need[i];
            if count > 4 {
                return Err(HandError::TooManyCopies {
                    tile: Tile::from_index(i).expect("index < 34"),
                    count: count as usize,
                });
            }
        }
        // The claimed tiles count toward the rules' size: a chi or pon
        // takes one tile from outside, a kong's fourth adds none.
        let size = self.size() - from_hand.len() + 3;
        if size > rules.max_tiles() {
            return Err(HandError::TooManyTiles {
                tiles: size,
                max: rules.max_tiles(),
            });
        }
        for &t in from_hand {
            self.discard(t)?;
        }
        let mut list = self.pos.melds.as_slice().to_vec();
        list.push(meld);
        self.set_melds(&list);
        Ok(())
    }

    /// Can `meld` be declared: room for one more, and a meld the rules
    /// take (`Rules::accept_meld`)?
    fn meld_allowed(&self, meld: Meld) -> Result<(), HandError> {
        if self.pos.melds.len() >= MAX_MELDS {
            return Err(HandError::TooManyMelds {
                melds: MAX_MELDS + 1,
                max: MAX_MELDS,
            });
        }
        self.rules.borrow().accept_meld(meld)
    }

    /// Declares `meld` with nothing taken from the hand (building a hand
    /// from one that has it).
    fn declare(&mut self, meld: Meld) -> Result<(), HandError> {
        self.meld_allowed(meld)?;
        let mut list = self.pos.melds.as_slice().to_vec();
        list.push(meld);
        self.set_melds(&list);
        Ok(())
    }

    /// The declared melds become `list`: the position's melds, their
    /// suits, the kinds they use up, and the joker counts that win.
    fn set_melds(&mut self, list: &[Meld]) {
        let rules = self.rules.borrow();
        let melds = Melds::of(list).expect("at most MAX_MELDS");
        self.pos.melds = melds;
        self.pos.meld_suits = melds.suits();
        self.wins = rules.win_mask(&self.pos);
    }

    /// One natural copy of kind `i` in (`+1`) or out (`-1`): the counts,
    /// the suit's key and table entry, and the joker counts that win.
    #[inline(always)]
    fn change(&mut self, i: usize, by: i8) {
        let rules = self.rules.borrow();
        self.counts[i] = self.counts[i].wrapping_add_signed(by);
        let suit = (i / 9).min(3);
        let step = POW5[i - suit * 9];
        let pos = &mut self.pos;
        pos.keys[suit] = if by > 0 {
            pos.keys[suit] + step
        } else {
            pos.keys[suit] - step
        };
        let profile = rules.tables.profile_at(suit, pos.keys[suit], false);
        let counted = self.profiles[suit].counted_fields();
        self.counted = self.counted.with_suit(counted, profile.counted_fields());
        self.profiles[suit] = profile;
        self.merges.set(suit, rules.tables.merge(profile));
        pos.words = SuitWords::load(&self.counts);
        pos.natural = pos.natural.wrapping_add_signed(by as i32);
        self.wins = rules.win_mask(pos);
    }

    /// Does the hand win? False for a hand that is not 3N+2 tiles within
    /// the rules' limit. One shift: the joker counts that win are worked out
    /// at each draw or discard of a natural tile.
    ///
    /// ```
    /// use hupai::{LiveHand, Rules};
    /// let rules = Rules::chinese();
    /// let live = LiveHand::from_hand(&rules, &"1199m2288p3377s55z".parse()?)?;
    /// assert!(live.is_win()); // seven pairs
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_win(&self) -> bool {
        self.wins >> self.pos.jokers & 1 == 1
    }

    /// The waits: the kinds that make the hand (3N+1 tiles) a win. Empty
    /// for a hand of any other size. The suits' table entries are reused
    /// from the last draw or discard.
    ///
    /// ```
    /// use hupai::{LiveHand, Rules, Tile};
    /// let rules = Rules::chinese();
    /// let mut live = LiveHand::from_hand(&rules, &"1112345678999m5p".parse()?)?;
    /// live.discard("5p".parse::<Tile>()?)?;
    /// assert_eq!(live.waits().len(), 9); // nine gates
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn waits(&self) -> TileSet {
        let rules = self.rules.borrow();
        if rules.derived.ready_sizes >> self.size().min(63) & 1 == 0 {
            return TileSet::EMPTY;
        }
        rules.waits_of(&self.pos)
    }

    /// The shanten (see [`Rules::shanten`]): −1 a win, 0 ready; `None` for
    /// a hand of 3N tiles. The suits' profiles are kept up to date by each
    /// draw and discard, so no table is read here.
    ///
    /// ```
    /// use hupai::{LiveHand, Rules, Tile};
    /// let rules = Rules::chinese();
    /// let mut live = LiveHand::from_hand(&rules, &"123m456p789s1z2z".parse()?)?;
    /// live.discard("2z".parse::<Tile>()?)?;
    /// assert_eq!(live.shanten(), Some(0));
    /// live.draw("1z".parse::<Tile>()?)?;
    /// assert_eq!(live.shanten(), Some(-1));
    /// live.discard("1z".parse::<Tile>()?)?;
    /// live.discard("1z".parse::<Tile>()?)?;
    /// assert_eq!(live.shanten(), None); // 9 tiles
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn shanten(&self) -> Option<i8> {
        let rules = self.rules.borrow();
        let size = self.pos.total();
        // The common hand: no declared meld, rules of the lean path, a
        // size that has a shanten (3N+1 or 3N+2 within the limit), no
        // joker that might be a fifth copy.
        if rules.derived.lean_shanten
            && !self.pos.has_melds()
            && rules.sizes(Purpose::Either) >> size & 1 != 0
            && !jokers_may_be_fifths(self.pos.jokers, &self.profiles)
        {
            if let Some(missing) = rules.replacement_from_counts(
                size,
                self.pos.jokers,
                &self.profiles,
                &self.merges,
                self.counted,
            ) {
                return Some(missing as i8 - 1);
            }
        }
        self.shanten_any()
    }

    /// [`LiveHand::shanten`] of any hand, out of line.
    #[inline(never)]
    fn shanten_any(&self) -> Option<i8> {
        let rules = self.rules.borrow();
        let size = self.size();
        if size % 3 == 0 || size > rules.max_tiles() {
            return None;
        }
        if self.pos.meld_suits.count_ones() > rules.derived.suit_limit {
            return None;
        }
        let pos = &self.pos;
        if rules.derived.lean_shanten && !pos.has_melds() {
            let total = pos.total();
            if let Some(missing) =
                rules.replacement_by_bounds(total, pos.jokers, &self.profiles, &pos.keys)
            {
                return Some(missing as i8 - 1);
            }
        }
        Some(rules.replacement_of(pos, &self.profiles) as i8 - 1)
    }
}
