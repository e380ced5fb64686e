//! Waits (听牌): the tile kinds that would complete a hand of 3N+1 tiles.
//!
//! Only the suit that receives the new tile changes, so each candidate costs
//! one table load plus the pair minimum; seven pairs and thirteen orphans are
//! judged by counting.
//!
//! ```
//! use hupai::{Hand, Rules};
//! let rules = Rules::basic();
//! let waits = rules.waits(&"7888p".parse::<Hand>()?)?;            // seed 004
//! assert_eq!(waits.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["6p", "7p", "9p"]);
//! assert!(!rules.is_ready(&"1357m".parse::<Hand>()?)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::check::ORPHANS;
use crate::error::HandError;
use crate::hand::Hand;
use crate::rules::{Form, Rules, TileSet};
use crate::tables::{gen, key::pow5, Need, Tables, NO_PAIR};
use crate::tile::{Suit, Tile, KINDS};

impl Rules {
    /// Every tile kind that makes `hand` (3N+1 tiles) a win, in index order.
    /// A kind held four times is never a wait, nor is a kind the rules do
    /// not use.
    ///
    /// # Errors
    /// [`HandError::TileNotInRules`], [`HandError::TooManyTiles`] (the hand
    /// plus one tile must fit the rules' limit) and [`HandError::WrongSize`]
    /// for a hand that is not 3N+1 tiles.
    pub fn waits(&self, hand: &Hand) -> Result<TileSet, HandError> {
        self.validate_ready_size(hand)?;
        Ok(self.waits_of(hand, false))
    }

    /// Is `hand` ready (听牌): does it have at least one wait? Stops at the
    /// first wait found.
    ///
    /// # Errors
    /// As [`Rules::waits`].
    pub fn is_ready(&self, hand: &Hand) -> Result<bool, HandError> {
        self.validate_ready_size(hand)?;
        Ok(!self.waits_of(hand, true).is_empty())
    }

    pub(crate) fn validate_ready_size(&self, hand: &Hand) -> Result<(), HandError> {
        self.validate_size(hand, true)
    }

    /// The waits of a valid 3N+1 hand; with `first`, stops at the first one.
    pub(crate) fn waits_of(&self, hand: &Hand, first: bool) -> TileSet {
        let (counts, jokers) = self.natural(hand);
        let held = hand.counts();
        let suits = Rules::suits_held(&counts);
        let mut waits = TileSet::EMPTY;
        // A tile the hand may draw: in play, and held fewer than four times
        // (or four, when the rules count that as a wait).
        let drawable =
            |t: Tile| self.tiles.contains(t) && (held[t.index()] < 4 || self.four_held_is_wait);
        // Drawing a joker kind adds a joker.
        for t in self.jokers.iter() {
            if drawable(t) && self.wins(&counts, jokers + 1) {
                waits = waits.with(t);
                if first {
                    return waits;
                }
            }
        }
        let candidate = |t: Tile| {
            drawable(t)
                && !self.jokers.contains(t)
                && (t.suit() == Suit::Honor || self.suits_allowed(suits | 1 << (t.index() / 9)))
        };
        if self.forms.contains(Form::Standard) && self.suits_allowed(suits) {
            let keys = Tables::keys(&counts);
            let needs = self.tables.needs(keys);
            let melds: [i16; 4] = needs.map(|n| n.melds() as i16);
            // The extra cost of holding the pair in suit `s`, the same
            // penalty the win check adds for a suit that may not hold it.
            let delta =
                |s: usize, n: Need| n.with_pair() as i16 - n.melds() as i16 + self.pair_penalty[s];
            let deltas: [i16; 4] = std::array::from_fn(|s| delta(s, needs[s]));
            let melds_sum: i16 = melds.iter().sum();
            for (s, suit) in Suit::ALL.into_iter().enumerate() {
                // The pair's cheapest extra cost among the other three suits.
                let others = (0..4)
                    .filter(|&o| o != s)
                    .map(|o| deltas[o])
                    .min()
                    .unwrap_or(NO_PAIR);
                for r in 0..suit.ranks() as usize {
                    let tile = Tile::from_index(suit.first_index() + r).expect("in range");
                    if !candidate(tile) {
                        continue;
                    }
                    let (m, d) = if counts[tile.index()] < 4 {
                        let Some(n) = self.tables.need_in(s, keys[s] + pow5(r)) else {
                            continue;
                        };
                        (n.melds() as i16, delta(s, n))
                    } else {
                        self.fifth_copy_need(&counts, suit, r)
                    };
                    let total = melds_sum - melds[s] + m + others.min(d);
                    if total <= jokers as i16 {
                        waits = waits.with(tile);
                        if first {
                            return waits;
                        }
                    }
                }
            }
        }
        let natural: u8 = counts.iter().sum();
        if natural + jokers == 13 && self.suits_allowed(suits) {
            if self.forms.contains(Form::SevenPairs) {
                waits = waits_union(
                    waits,
                    seven_pairs_waits(&counts, jokers, self.seven_pairs_quads),
                    candidate,
                );
            }
            if self.forms.contains(Form::ThirteenOrphans) {
                waits = waits_union(waits, orphans_waits(&counts), candidate);
            }
        }
        waits
    }

    /// (melds need, pair delta) of suit `suit` after a fifth copy of rank
    /// `r` joins it: no table slot holds five copies, so the generator's
    /// programme judges that one pattern.
    fn fifth_copy_need(&self, counts: &[u8; KINDS], suit: Suit, r: usize) -> (i16, i16) {
        let params = self.tables.params();
        let first = suit.first_index();
        let (m, p) = if suit == Suit::Honor {
            let mut c: [u8; 7] = counts[first..first + 7].try_into().expect("7 honours");
            c[r] += 1;
            gen::honor_need_wide(&c, params)
        } else {
            let mut c: [u8; 9] = counts[first..first + 9].try_into().expect("9 ranks");
            c[r] += 1;
            gen::suit_need_wide(&c, params)
        };
        (
            m as i16,
            p as i16 - m as i16 + self.pair_penalty[suit as usize],
        )
    }
}

fn waits_union(waits: TileSet, more: TileSet, keep: impl Fn(Tile) -> bool) -> TileSet {
    more.iter().filter(|&t| keep(t)).fold(waits, TileSet::with)
}

/// Seven-pairs waits of a 13-tile hand, by counting: adding tile `t` flips
/// the parity of its count; the hand wins when the odd counts are at most
/// the jokers (and, for different pairs, no count exceeds 2).
fn seven_pairs_waits(counts: &[u8; KINDS], jokers: u8, quads: bool) -> TileSet {
    let odd = counts.iter().filter(|&&c| c & 1 == 1).count() as i16;
    let over = counts.iter().any(|&c| c > 2);
    let mut waits = TileSet::EMPTY;
    if !quads && over {
        return waits;
    }
    for t in Tile::all() {
        let c = counts[t.index()];
        if !quads && c >= 2 {
            continue;
        }
        let odd_after = if c & 1 == 1 { odd - 1 } else { odd + 1 };
        if odd_after <= jokers as i16 {
            waits = waits.with(t);
        }
    }
    waits
}

/// Thirteen-orphans waits of a 13-tile hand, by counting.
fn orphans_waits(counts: &[u8; KINDS]) -> TileSet {
    let natural: u8 = counts.iter().sum();
    let orphans: u8 = ORPHANS.iter().map(|&i| counts[i]).sum();
    let pairs = ORPHANS.iter().filter(|&&i| counts[i] == 2).count();
    let mut waits = TileSet::EMPTY;
    if orphans != natural || ORPHANS.iter().any(|&i| counts[i] > 2) {
        return waits;
    }
    for &i in &ORPHANS {
        let after_pairs = pairs + (counts[i] == 1) as usize;
        if counts[i] < 2 && after_pairs <= 1 {
            waits = waits.with(Tile::from_index(i).expect("orphan index"));
        }
    }
    waits
}
