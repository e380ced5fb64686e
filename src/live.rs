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
//! and its table entry is reloaded, so the other suits' entries are reused
//! as they are. The hand keeps its `Position` (the same view the
//! acceptance step gives every operation) and the joker counts with which
//! it wins, so the win check needs no table load at all, and the waits are
//! the rules' own, computed from the kept position.
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
use crate::hand::Hand;
use crate::position::Position;
use crate::rules::Rules;
use crate::swar::SuitWords;
use crate::tables::key::pow5;
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
}

impl<R: Borrow<Rules>> LiveHand<R> {
    /// An empty hand under `rules`.
    pub fn new(rules: R) -> LiveHand<R> {
        let zero = SuitWords::load(&[0; KINDS]);
        let pos = rules.borrow().position(zero, 0, 0, 0);
        let wins = rules.borrow().win_mask(&pos);
        LiveHand {
            rules,
            held: [0; KINDS],
            counts: [0; KINDS],
            plain_jokers: 0,
            pos,
            wins,
        }
    }

    /// `hand` under `rules`, tile by tile.
    ///
    /// # Errors
    /// As [`LiveHand::draw`]: a tile the rules do not use, or more tiles
    /// than the rules allow.
    pub fn from_hand(rules: R, hand: &Hand) -> Result<LiveHand<R>, HandError> {
        let mut live = LiveHand::new(rules);
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

    /// The hand as a [`Hand`].
    pub fn hand(&self) -> Hand {
        Hand::from_counts(&self.held, self.plain_jokers).expect("a live hand stays valid")
    }

    /// Tiles held, jokers included.
    #[inline]
    pub fn len(&self) -> usize {
        self.pos.total() as usize
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
        if self.held[i] == 4 {
            return Err(HandError::TooManyCopies { tile, count: 5 });
        }
        self.check_room()?;
        self.held[i] += 1;
        if self.rules.borrow().jokers.contains(tile) {
            self.pos.jokers += 1;
            self.pos.kind_jokers += 1;
            self.pos.joker_fours ^= ((self.held[i] == 4) as u64) << i;
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
        Ok(())
    }

    fn check_room(&self) -> Result<(), HandError> {
        let max = self.rules.borrow().max_tiles();
        if self.len() >= max {
            return Err(HandError::TooManyTiles {
                tiles: self.len() + 1,
                max,
            });
        }
        Ok(())
    }

    /// One natural copy of kind `i` in (`+1`) or out (`-1`): the counts,
    /// the suit's key and table entry, and the joker counts that win.
    #[inline(always)]
    fn change(&mut self, i: usize, by: i8) {
        let rules = self.rules.borrow();
        self.counts[i] = self.counts[i].wrapping_add_signed(by);
        let suit = (i / 9).min(3);
        let step = pow5(i - suit * 9);
        let pos = &mut self.pos;
        pos.keys[suit] = if by > 0 {
            pos.keys[suit] + step
        } else {
            pos.keys[suit] - step
        };
        pos.needs[suit] = rules.tables.need_at(suit, pos.keys[suit]);
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
        if rules.derived.ready_sizes >> self.pos.total().min(63) & 1 == 0 {
            return TileSet::EMPTY;
        }
        rules.waits_of(&self.pos)
    }

    /// The shanten (see [`Rules::shanten`]): −1 a win, 0 ready; `None` for
    /// a hand of 3N tiles. The suits' keys are kept up to date by each
    /// draw and discard.
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
        let total = self.pos.total();
        if total % 3 == 0 || total as usize > rules.max_tiles() {
            return None;
        }
        Some(rules.replacement(&self.pos) as i8 - 1)
    }
}
