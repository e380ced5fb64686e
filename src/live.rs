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
//! as they are. The win check then needs no table load at all, and the
//! waits load only the candidate tiles of the suits that can still receive
//! one. Counters of odd counts, pairs, counts above two and simples make
//! seven pairs and thirteen orphans O(1) as well.

use crate::error::HandError;
use crate::hand::Hand;
use crate::rules::{Rules, TileSet};
use crate::swar::SuitWords;
use crate::tables::{self, key::pow5, Need};
use crate::tile::{Tile, KINDS};

/// A hand under a set of rules, updated in O(1) per draw or discard.
///
/// Copies of the rules' joker kinds count as jokers, as in
/// [`Rules::is_win`].
#[derive(Clone, Debug)]
pub struct LiveHand<'r> {
    rules: &'r Rules,
    /// Copies held of each kind, joker kinds included.
    held: [u8; KINDS],
    /// Natural counts: `held` without the joker kinds.
    counts: [u8; KINDS],
    /// Jokers: drawn as jokers, plus copies of joker kinds.
    jokers: u8,
    /// Jokers drawn as jokers (not as a joker kind).
    plain_jokers: u8,
    /// Natural tiles.
    natural: u8,
    keys: [usize; 4],
    needs: [Need; 4],
    /// Bit `j` set when the hand wins with `j` jokers: worked out once per
    /// change of natural tiles, so the win check is one shift.
    wins: u32,
    /// Kinds held an odd number of times, exactly twice, more than twice.
    odd: u8,
    pairs: u8,
    over_two: u8,
    /// Natural tiles of ranks 2–8.
    simples: u8,
}

impl<'r> LiveHand<'r> {
    /// An empty hand under `rules`.
    pub fn new(rules: &'r Rules) -> LiveHand<'r> {
        let mut hand = LiveHand {
            rules,
            held: [0; KINDS],
            counts: [0; KINDS],
            jokers: 0,
            plain_jokers: 0,
            natural: 0,
            keys: [0; 4],
            needs: rules.tables.needs([0; 4]),
            wins: 0,
            odd: 0,
            pairs: 0,
            over_two: 0,
            simples: 0,
        };
        hand.refresh();
        hand
    }

    /// `hand` under `rules`, tile by tile.
    ///
    /// # Errors
    /// As [`LiveHand::draw`]: a tile the rules do not use, or more tiles
    /// than the rules allow.
    pub fn from_hand(rules: &'r Rules, hand: &Hand) -> Result<LiveHand<'r>, HandError> {
        let mut live = LiveHand::new(rules);
        for t in hand.tiles() {
            live.draw(t)?;
        }
        for _ in 0..hand.jokers() {
            live.draw_joker()?;
        }
        Ok(live)
    }

    /// The hand as a [`Hand`].
    pub fn hand(&self) -> Hand {
        Hand::from_counts(&self.held, self.plain_jokers).expect("a live hand stays valid")
    }

    /// Tiles held, jokers included.
    #[inline]
    pub fn len(&self) -> usize {
        (self.natural + self.jokers) as usize
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
        let i = tile.index();
        if !self.rules.tiles.contains(tile) {
            return Err(HandError::TileNotInRules {
                tile,
                rules: self.rules.name().to_string(),
            });
        }
        if self.held[i] == 4 {
            return Err(HandError::TooManyCopies { tile, count: 5 });
        }
        self.check_room()?;
        self.held[i] += 1;
        if self.rules.jokers.contains(tile) {
            self.jokers += 1;
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
        self.jokers += 1;
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
        if self.rules.jokers.contains(tile) {
            self.jokers -= 1;
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
        self.jokers -= 1;
        self.plain_jokers -= 1;
        Ok(())
    }

    fn check_room(&self) -> Result<(), HandError> {
        let max = self.rules.max_tiles();
        if self.len() >= max {
            return Err(HandError::TooManyTiles {
                tiles: self.len() + 1,
                max,
            });
        }
        Ok(())
    }

    /// One natural copy of kind `i` in (`+1`) or out (`-1`): the suit's key
    /// and table entry, and the counters.
    #[inline(always)]
    fn change(&mut self, i: usize, by: i8) {
        let before = self.counts[i];
        let after = before.wrapping_add_signed(by);
        self.counts[i] = after;
        self.natural = self.natural.wrapping_add_signed(by);
        let suit = (i / 9).min(3);
        let rank = i - suit * 9;
        let step = pow5(rank);
        self.keys[suit] = if by > 0 {
            self.keys[suit] + step
        } else {
            self.keys[suit] - step
        };
        self.needs[suit] = self
            .rules
            .tables
            .need_in(suit, self.keys[suit])
            .expect("counts stay at most 4");
        let flag = |c: u8| -> [u8; 3] { [c & 1, (c == 2) as u8, (c > 2) as u8] };
        let (b, a) = (flag(before), flag(after));
        self.odd = self.odd + a[0] - b[0];
        self.pairs = self.pairs + a[1] - b[1];
        self.over_two = self.over_two + a[2] - b[2];
        if i < 27 && rank != 0 && rank != 8 {
            self.simples = self.simples.wrapping_add_signed(by);
        }
        self.refresh();
    }

    /// Works out [`LiveHand::wins`] from the natural tiles: every joker
    /// count at which some form wins and the size is a winning one.
    #[inline(always)]
    fn refresh(&mut self) {
        let rules = self.rules;
        let hot = &rules.hot;
        let natural = self.natural as u32;
        let sizes = (hot.win_sizes >> natural) as u32;
        let standard = tables::standard_need_penalised(&self.needs, rules.pair_penalty) as u32;
        let mut wins = if hot.standard {
            u32::MAX.checked_shl(standard).unwrap_or(0)
        } else {
            0
        };
        if let Some(j) = 14u32.checked_sub(natural) {
            let seven =
                hot.seven_pairs && self.odd as u32 <= j && (hot.quads || self.over_two == 0);
            let orphans = hot.orphans && self.simples == 0 && self.over_two == 0 && self.pairs <= 1;
            if seven || orphans {
                wins |= 1 << j;
            }
        }
        let suits = self.keys[..3].iter().filter(|&&k| k != 0).count() as u32;
        self.wins = if suits <= hot.max_suits {
            wins & sizes
        } else {
            0
        };
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
        self.wins >> self.jokers & 1 == 1
    }

    /// The waits: the kinds that make the hand (3N+1 tiles) a win. Empty
    /// for a hand of any other size. Only the candidates of suits that can
    /// still receive a tile are looked up; the other suits' entries are
    /// reused from the last draw or discard.
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
        let rules = self.rules;
        let total = (self.natural + self.jokers) as u32;
        if rules.hot.ready_sizes >> total.min(63) & 1 == 0 {
            return TileSet::EMPTY;
        }
        if rules.four_held_is_wait {
            return rules.waits(&self.hand()).unwrap_or(TileSet::EMPTY);
        }
        let words = SuitWords::load(&self.counts);
        let natural = rules
            .waits_with(&self.counts, &words, self.keys, self.needs, self.jokers)
            .bits();
        if !rules.hot.joker_kinds {
            return TileSet::from_bits(natural);
        }
        let kinds = rules
            .jokers
            .iter()
            .filter(|t| self.held[t.index()] < 4)
            .fold(0u64, |m, t| m | 1 << t.index());
        let joker = self.wins >> (self.jokers + 1) & 1 == 1;
        TileSet::from_bits(natural & !rules.jokers.bits() | if joker { kinds } else { 0 })
    }
}
