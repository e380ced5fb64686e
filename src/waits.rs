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

use std::borrow::Borrow;

use crate::check::{NON_ORPHANS, ORPHANS};
use crate::error::HandError;
use crate::hand::Hand;
use crate::rules::{Form, Rules, TileSet};
use crate::swar::{kinds_with_bit, SuitWords};
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
    #[inline]
    pub fn waits(&self, hand: &Hand) -> Result<TileSet, HandError> {
        match self.waits_fast(hand.counts(), hand.jokers()) {
            Some(waits) => Ok(waits),
            None => self.waits_slow(hand),
        }
    }

    /// [`Rules::waits`] for every hand of `hands`, in order, as
    /// [`Rules::is_win_batch`] does it: `out` is cleared and receives one
    /// answer per hand.
    ///
    /// ```
    /// use hupai::{Hand, Rules};
    /// let hands: Vec<Hand> = vec!["1m".parse()?, "11m".parse()?];
    /// let mut out = Vec::new();
    /// Rules::basic().waits_batch(&hands, &mut out);
    /// assert_eq!(out[0].as_ref().map(|w| w.len()), Ok(1));
    /// assert!(out[1].is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn waits_batch(&self, hands: &[Hand], out: &mut Vec<Result<TileSet, HandError>>) {
        out.clear();
        out.extend(hands.iter().map(|h| self.waits(h)));
    }

    /// [`Rules::waits`] over a stream of hands, answered as the iterator is
    /// pulled.
    pub fn waits_iter<'a, I>(
        &'a self,
        hands: I,
    ) -> impl Iterator<Item = Result<TileSet, HandError>> + 'a
    where
        I: IntoIterator + 'a,
        I::Item: Borrow<Hand>,
    {
        hands.into_iter().map(|h| self.waits(h.borrow()))
    }

    /// [`Rules::waits`] on a count array (indexed 0–33) and a joker count.
    ///
    /// ```
    /// let mut counts = [0u8; 34];
    /// counts[0] = 1; // 1m
    /// let waits = hupai::Rules::basic().waits_counts(&counts, 0)?;
    /// assert_eq!(waits.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["1m"]);
    /// # Ok::<(), hupai::HandError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Hand::from_counts`] and [`Rules::waits`].
    #[inline]
    pub fn waits_counts(&self, counts: &[u8; KINDS], jokers: u8) -> Result<TileSet, HandError> {
        match self.waits_fast(counts, jokers) {
            Some(waits) => Ok(waits),
            None => self.waits_slow(&Hand::from_counts(counts, jokers)?),
        }
    }

    #[cold]
    fn waits_slow(&self, hand: &Hand) -> Result<TileSet, HandError> {
        self.validate_ready_size(hand)?;
        Ok(self.waits_of(hand, false))
    }

    /// The waits by words and pruned table loads: `None` for a hand the
    /// slow path must judge (invalid, or rules counting a fifth copy).
    ///
    /// A tile joining suit `s` changes only that suit's needs, and never by
    /// less than one joker: a completion of the new pattern with `k` jokers
    /// completes the old one with `k + 1` (a joker in the new tile's place),
    /// and a need keeps its residue modulo 3 (tiles plus jokers fill
    /// melds of three), so it falls by exactly one or rises. A suit whose
    /// needs cannot fall far enough is skipped without loading anything;
    /// `tests/exhaustive.rs` checks the bound on every table slot.
    #[inline]
    pub(crate) fn waits_fast(&self, held: &[u8; KINDS], jokers: u8) -> Option<TileSet> {
        if self.four_held_is_wait {
            return None;
        }
        let (words, _) = self.accept(held, jokers, self.hot.ready_sizes)?;
        Some(if self.hot.joker_kinds {
            self.waits_joker_kinds(held, jokers)
        } else {
            self.waits_words(held, &words, jokers)
        })
    }

    #[inline(never)]
    fn waits_joker_kinds(&self, held: &[u8; KINDS], jokers: u8) -> TileSet {
        let mut counts = *held;
        let mut jokers = jokers;
        let mut kinds = 0u64;
        for t in self.jokers.iter() {
            jokers += counts[t.index()];
            counts[t.index()] = 0;
            // A joker kind held four times cannot be drawn.
            kinds |= ((held[t.index()] < 4) as u64) << t.index();
        }
        let words = SuitWords::load(&counts);
        let natural = self.waits_words(&counts, &words, jokers).bits() & !self.jokers.bits();
        let total = words.total() + jokers as u32 + 1;
        let joker = self.wins_words(&words, total, jokers + 1);
        TileSet::from_bits(natural | if joker { kinds } else { 0 })
    }

    /// The natural waits of a valid 3N+1 hand without joker kinds.
    #[inline(always)]
    fn waits_words(&self, counts: &[u8; KINDS], words: &SuitWords, jokers: u8) -> TileSet {
        let keys = words.keys();
        self.waits_with(counts, words, keys, self.tables.needs(keys), jokers)
    }

    /// [`Rules::waits_words`] given the suits' keys and table entries (an
    /// incremental hand keeps them up to date).
    #[inline(always)]
    pub(crate) fn waits_with(
        &self,
        counts: &[u8; KINDS],
        words: &SuitWords,
        keys: [usize; 4],
        needs: [Need; 4],
        jokers: u8,
    ) -> TileSet {
        let hot = &self.hot;
        let j = jokers as i32;
        let mut waits = 0u64;
        // Numbered suits held, and the suits a new tile may join.
        let held =
            (keys[0] != 0) as u32 | ((keys[1] != 0) as u32) << 1 | ((keys[2] != 0) as u32) << 2;
        let suits = held.count_ones();
        if suits > hot.max_suits {
            return TileSet::EMPTY;
        }
        let open: u32 = if suits == hot.max_suits { held | 8 } else { 15 };
        if hot.standard {
            let melds: [i32; 4] = needs.map(|n| n.melds() as i32);
            let pen = self.pair_penalty.map(i32::from);
            let deltas: [i32; 4] =
                std::array::from_fn(|s| needs[s].with_pair() as i32 + pen[s] - melds[s]);
            let sum = melds[0] + melds[1] + melds[2] + melds[3];
            // The cheapest pair among the other three suits: the smallest
            // delta, or the second smallest for the suit holding it.
            let low = (0..4).min_by_key(|&s| deltas[s]).unwrap_or(0);
            let second = (0..4)
                .filter(|&s| s != low)
                .map(|s| deltas[s])
                .min()
                .unwrap_or(i32::MAX / 4);
            let lowest = |x: i32| if x == 0 { 2 } else { x - 1 };
            let (suit_table, honor_table) = self.tables.raw();
            for s in 0..4 {
                let others = sum - melds[s];
                let pair_elsewhere = if s == low { second } else { deltas[low] };
                // The new tile wins when the suit's melds need falls to
                // `most_melds`, or its pair need to `most_pair`.
                let most_melds = j - others - pair_elsewhere;
                let most_pair = j - others - pen[s];
                let reachable = lowest(melds[s]) <= most_melds
                    || lowest(needs[s].with_pair() as i32) <= most_pair;
                if !reachable || open >> s & 1 == 0 {
                    continue;
                }
                let (table, ranks) = if s == 3 {
                    (honor_table, 7)
                } else {
                    (suit_table, 9)
                };
                let mut bits = 0u64;
                for (r, step) in POW5.iter().take(ranks).enumerate() {
                    // A rank held four times reads some other slot (or none):
                    // masked out below.
                    let n = table.get(keys[s] + step).copied().unwrap_or(0xff) as i32;
                    let wins = (n & 15) <= most_melds || (n >> 4) <= most_pair;
                    bits |= (wins as u64) << r;
                }
                waits |= bits << (9 * s);
            }
            // Kinds held four times cannot be drawn.
            if words.any_four() {
                waits &= !kinds_with_bit(counts, 2);
            }
        }
        if hot.seven_pairs && words.total() + jokers as u32 == 13 {
            waits |= self.seven_pairs_bits(counts, words, jokers);
        }
        if hot.orphans
            && words.total() + jokers as u32 == 13
            && words.and(&NON_ORPHANS).is_zero()
            && !words.any_over_two()
        {
            let orphans = ORPHANS.iter().fold(0u64, |m, &i| m | 1 << i);
            let pairs = words.pairs();
            // With no pair yet any orphan held at most once completes the
            // hand; with one pair, only a missing orphan.
            let allowed = match pairs {
                0 => orphans & !kinds_with_bit(counts, 1),
                1 => orphans & !(kinds_with_bit(counts, 0) | kinds_with_bit(counts, 1)),
                _ => 0,
            };
            waits |= allowed;
        }
        let suit_bits = |s: u32| {
            if open >> s & 1 == 1 {
                SUIT_BITS[s as usize]
            } else {
                0
            }
        };
        let open_bits = suit_bits(0) | suit_bits(1) | suit_bits(2) | suit_bits(3);
        TileSet::from_bits(waits & self.tiles.bits() & open_bits)
    }

    /// Seven-pairs waits by words: a new tile flips its kind's parity, and
    /// the hand wins when the odd kinds are at most the jokers (with
    /// different pairs, when no kind reaches three).
    #[inline]
    fn seven_pairs_bits(&self, counts: &[u8; KINDS], words: &SuitWords, jokers: u8) -> u64 {
        let quads = self.hot.quads;
        if !quads && words.any_over_two() {
            return 0;
        }
        let odd_kinds = words.odd_kinds() as i32;
        let j = jokers as i32;
        // Drawing an odd kind needs odd - 1 jokers, an even kind odd + 1.
        if odd_kinds > j + 1 {
            return 0;
        }
        let odd = kinds_with_bit(counts, 0);
        let mut waits = if odd_kinds > 0 { odd } else { 0 };
        if odd_kinds < j {
            // Even counts: 0, 2 and 4 (4 cannot be drawn; 2 makes a third
            // copy, allowed only with quads).
            let mut even = TileSet::ALL.bits() & !odd;
            if words.any_four() {
                even &= !kinds_with_bit(counts, 2);
            }
            if !quads {
                even &= !kinds_with_bit(counts, 1);
            }
            waits |= even;
        }
        waits
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

/// `5^r` for the ranks: a tile of rank `r` adds `5^r` to its suit's key.
const POW5: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/// The kinds of each suit as bits: m, p, s, honours.
const SUIT_BITS: [u64; 4] = [0x1ff, 0x1ff << 9, 0x1ff << 18, 0x7f << 27];

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
