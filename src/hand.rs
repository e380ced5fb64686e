//! A hand: counts of the 34 tile kinds plus a number of jokers, validated once.

use std::fmt;

use crate::error::HandError;
use crate::meld::{Meld, Melds, MAX_MELDS};
use crate::swar::SuitWords;
use crate::tile::{Suit, Tile, TileSet, KINDS};

// Reading a hand from text (`FromStr for Hand`, and for `Tile`) is in
// `notation.rs`, the parser, which sits above this file.

/// The most tiles (jokers included) any supported rules allow in a hand: 17,
/// for sixteen-tile mahjong. Rules may set a lower limit (14 by default).
pub const MAX_HAND_TILES: usize = 17;

/// A hand: how many of each of the 34 tile kinds and how many jokers its
/// concealed part holds, the melds it has declared (see
/// [`crate::meld`]), and which of its fives are red ([`Hand::red_fives`]).
///
/// A `Hand` always holds at most 4 copies of each kind, its concealed part
/// and its melds together, at most [`MAX_HAND_TILES`] concealed tiles and
/// at most [`MAX_MELDS`] melds; every constructor checks this once. The
/// rules judge its [`size`](Hand::size).
///
/// ```
/// use hupai::Hand;
/// let hand: Hand = "22567p12555678m*".parse()?;
/// assert_eq!(hand.len(), 14);
/// assert_eq!(hand.jokers(), 1);
/// assert_eq!(hand.to_string(), "12555678m22567p*");
/// # Ok::<(), hupai::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; KINDS],
    jokers: u8,
    /// Natural tiles held (the sum of `counts`), kept so that sizes are O(1).
    natural: u8,
    /// The declared melds, in the order given.
    melds: Melds,
    /// Which fives are red (`0m`, `0p`, `0s`): 3 bits per numbered suit
    /// (m at bit 0, p at 3, s at 6), 0 for none, 1 for the concealed
    /// part, 2 + `i` for the meld `i`. Nothing but printing and scoring
    /// reads it: every other operation reads a red five as a five.
    red: u16,
}

impl Hand {
    /// A hand from counts indexed by tile (0–33) and a joker count.
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`] for a count over 4,
    /// [`HandError::TooManyTiles`] for more than [`MAX_HAND_TILES`] tiles.
    ///
    /// ```
    /// let mut counts = [0u8; 34];
    /// counts[0] = 4;
    /// assert!(hupai::Hand::from_counts(&counts, 1).is_ok());
    /// counts[0] = 5;
    /// assert!(hupai::Hand::from_counts(&counts, 0).is_err());
    /// ```
    pub fn from_counts(counts: &[u8; KINDS], jokers: u8) -> Result<Hand, HandError> {
        Hand::from_counts_red(counts, jokers, 0)
    }

    /// As [`Hand::from_counts`], with red fives where `red` says (in the
    /// field's layout, each where a five is held: the parser's fast path).
    #[inline(always)]
    pub(crate) fn from_counts_red(
        counts: &[u8; KINDS],
        jokers: u8,
        red: u16,
    ) -> Result<Hand, HandError> {
        // Validated by words (`src/swar.rs`); the byte loop names the error.
        let words = SuitWords::load(counts);
        if !words.any_over_four() {
            let total = words.total() as usize + jokers as usize;
            if total <= MAX_HAND_TILES {
                return Ok(Hand {
                    counts: *counts,
                    jokers,
                    natural: (total - jokers as usize) as u8,
                    melds: Melds::default(),
                    red,
                });
            }
        }
        let wide: [usize; KINDS] = std::array::from_fn(|i| counts[i] as usize);
        Hand::from_wide_counts(&wide, jokers as usize)
    }

    /// Validates counts that may be arbitrarily large (parsers count first).
    pub(crate) fn from_wide_counts(
        counts: &[usize; KINDS],
        jokers: usize,
    ) -> Result<Hand, HandError> {
        let mut total = jokers;
        for (i, &c) in counts.iter().enumerate() {
            if c > 4 {
                return Err(HandError::TooManyCopies {
                    tile: Tile::from_index(i).expect("index < 34"),
                    count: c,
                });
            }
            total += c;
        }
        if total > MAX_HAND_TILES {
            return Err(HandError::TooManyTiles {
                tiles: total,
                max: MAX_HAND_TILES,
            });
        }
        Ok(Hand {
            counts: std::array::from_fn(|i| counts[i] as u8),
            jokers: jokers as u8,
            natural: (total - jokers) as u8,
            melds: Melds::default(),
            red: 0,
        })
    }

    /// The hand with `melds` declared beside its concealed part (any melds
    /// it had are replaced, and the red fives they held dropped).
    ///
    /// # Errors
    /// [`HandError::TooManyCopies`] for a kind held more than four times in
    /// the concealed part and the melds together (the lowest such kind,
    /// with every copy of it counted), [`HandError::TooManyMelds`]
    /// past [`MAX_MELDS`]. The rules judge the [`size`](Hand::size) (a win
    /// of 14 tiles with four melds has two concealed tiles).
    ///
    /// ```
    /// use hupai::{Hand, Meld};
    /// let melds: Vec<Meld> = vec!["[789s]".parse()?, "(1111z)".parse()?];
    /// let hand = "123m456p55z".parse::<Hand>()?.with_melds(&melds)?;
    /// assert_eq!(hand.to_string(), "123m456p55z [789s] (1111z)");
    /// assert!("1z".parse::<Hand>()?.with_melds(&melds).is_err()); // a fifth 1z
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_melds(self, melds: &[Meld]) -> Result<Hand, HandError> {
        let Some(list) = Melds::of(melds) else {
            return Err(HandError::TooManyMelds {
                melds: melds.len(),
                max: MAX_MELDS,
            });
        };
        let counts: [usize; KINDS] = std::array::from_fn(|i| self.counts[i] as usize);
        if let Some(e) = copies_over(&counts, melds) {
            return Err(e);
        }
        Ok(Hand {
            melds: list,
            red: self.concealed_red(),
            ..self
        })
    }

    /// The declared melds, in the order given.
    pub fn melds(&self) -> &[Meld] {
        self.melds.as_slice()
    }

    /// The declared melds as the crate keeps them.
    #[inline(always)]
    pub(crate) fn meld_list(&self) -> &Melds {
        &self.melds
    }

    /// Has the hand declared melds?
    #[inline(always)]
    pub fn has_melds(&self) -> bool {
        self.melds.len() != 0
    }

    /// The concealed part alone: the hand without its melds (and without
    /// the red fives of its melds).
    pub fn concealed(&self) -> Hand {
        Hand {
            melds: Melds::default(),
            red: self.concealed_red(),
            ..*self
        }
    }

    /// The red fives of the concealed part, in the field's layout.
    fn concealed_red(&self) -> u16 {
        let mut red = 0;
        for s in 0..3 {
            if self.red >> (3 * s) & 7 == 1 {
                red |= 1 << (3 * s);
            }
        }
        red
    }

    /// How many red fives (`0m`, `0p`, `0s`) the hand holds, its melds
    /// included (at most one a suit).
    ///
    /// ```
    /// let hand: hupai::Hand = "340m55p [406s]".parse()?;
    /// assert_eq!(hand.red_fives(), 2);
    /// assert_eq!(hand.to_string(), "340m55p [406s]");
    /// # Ok::<(), hupai::ParseError>(())
    /// ```
    pub fn red_fives(&self) -> u8 {
        (0..3).filter(|s| self.red >> (3 * s) & 7 != 0).count() as u8
    }

    /// The fives the hand holds red (`5m`, `5p`, `5s` for `0m`, `0p`,
    /// `0s`), its melds included; [`Hand::concealed`] first for the
    /// concealed part's alone.
    ///
    /// ```
    /// use hupai::{Hand, Tile};
    /// let hand: Hand = "340m55p [406s]".parse()?;
    /// let five = |t: &str| t.parse::<Tile>().unwrap();
    /// assert_eq!(hand.red_five_kinds().iter().collect::<Vec<_>>(), [five("5m"), five("5s")]);
    /// assert_eq!(hand.concealed().red_five_kinds().iter().collect::<Vec<_>>(), [five("5m")]);
    /// # Ok::<(), hupai::ParseError>(())
    /// ```
    pub fn red_five_kinds(&self) -> TileSet {
        let bits = (0..3)
            .filter(|&s| self.red_place(s).is_some())
            .fold(0u64, |bits, s| bits | 1 << (9 * s + 4));
        TileSet::from_bits(bits)
    }

    /// Is the five of numbered suit `suit` (0 m, 1 p, 2 s) red in the
    /// concealed part (`Some(None)`) or in meld `i` (`Some(Some(i))`)?
    fn red_place(&self, suit: usize) -> Option<Option<usize>> {
        match self.red >> (3 * suit) & 7 {
            0 => None,
            1 => Some(None),
            p => Some(Some(p as usize - 2)),
        }
    }

    /// The hand with the red fives a parser read: `concealed[s]` in the
    /// concealed part of numbered suit `s` (0 m, 1 p, 2 s), `in_melds[i]`
    /// in the declared meld `i` (of that meld's suit). Each is a five the
    /// hand holds there.
    ///
    /// # Errors
    /// [`HandError::TooManyRedFives`] for more than one red five of a suit
    /// (the standard tile set holds one `0m`, one `0p` and one `0s`).
    pub(crate) fn with_red_fives(
        self,
        concealed: [usize; 3],
        in_melds: &[usize],
    ) -> Result<Hand, HandError> {
        let mut bits = 0;
        for (s, &held) in concealed.iter().enumerate() {
            let mut count = held;
            let mut place = u16::from(held > 0);
            for (i, m) in self.melds().iter().enumerate() {
                let red = in_melds.get(i).copied().unwrap_or(0);
                if red > 0 && m.tile().index() / 9 == s {
                    count += red;
                    place = 2 + i as u16;
                }
            }
            if count > 1 {
                return Err(HandError::TooManyRedFives {
                    tile: Tile::from_index(9 * s + 4).expect("index < 34"),
                    count,
                });
            }
            bits |= place << (3 * s);
        }
        let mut hand = self;
        hand.set_red_bits(bits);
        Ok(hand)
    }

    /// Where the red fives are (see the field's layout).
    pub(crate) fn red_bits(&self) -> u16 {
        self.red
    }

    /// Puts the hand's red fives where `bits` say (in the field's layout;
    /// a red five where no five is held is dropped).
    pub(crate) fn set_red_bits(&mut self, bits: u16) {
        let mut red = 0;
        for s in 0..3 {
            let place = bits >> (3 * s) & 7;
            let five = 9 * s + 4;
            let holds = match place {
                0 => false,
                1 => self.counts[five] > 0,
                p => self
                    .melds()
                    .get(p as usize - 2)
                    .is_some_and(|m| m.tiles().any(|t| t.index() == five)),
            };
            if holds {
                red |= place << (3 * s);
            }
        }
        self.red = red;
    }

    /// The size the rules judge: the concealed tiles (jokers included)
    /// plus 3 for each declared meld, a kong included (a kong is one meld).
    ///
    /// ```
    /// let hand: hupai::Hand = "123m456p789s55z (1111z)".parse()?;
    /// assert_eq!((hand.len(), hand.size()), (11, 14));
    /// # Ok::<(), hupai::ParseError>(())
    /// ```
    pub fn size(&self) -> usize {
        self.len() + 3 * self.melds.len()
    }

    /// A hand from a list of tiles and a joker count.
    ///
    /// ```
    /// use hupai::{Hand, Tile};
    /// let tiles = [Tile::from_index(0)?, Tile::from_index(0)?];
    /// assert_eq!(Hand::from_tiles(&tiles, 0)?.to_string(), "11m");
    /// # Ok::<(), hupai::HandError>(())
    /// ```
    pub fn from_tiles(tiles: &[Tile], jokers: u8) -> Result<Hand, HandError> {
        let mut counts = [0usize; KINDS];
        for t in tiles {
            counts[t.index()] += 1;
        }
        Hand::from_wide_counts(&counts, jokers as usize)
    }

    /// A hand from tile ids 0–33 (the ids of Japanese tools).
    ///
    /// ```
    /// assert_eq!(hupai::Hand::from_ids(&[0, 9, 18, 33], 0)?.to_string(), "1m1p1s7z");
    /// # Ok::<(), hupai::HandError>(())
    /// ```
    pub fn from_ids(ids: &[u8], jokers: u8) -> Result<Hand, HandError> {
        let mut counts = [0usize; KINDS];
        for &id in ids {
            counts[Tile::from_index(id as usize)?.index()] += 1;
        }
        Hand::from_wide_counts(&counts, jokers as usize)
    }

    /// A hand from the two-digit codes of many Chinese servers (11–19 万,
    /// 21–29 条, 31–39 筒, 40–46 东南西北中发白).
    ///
    /// ```
    /// assert_eq!(hupai::Hand::from_codes(&[11, 21, 31, 44], 0)?.to_string(), "1m1p1s7z");
    /// # Ok::<(), hupai::HandError>(())
    /// ```
    pub fn from_codes(codes: &[u32], jokers: u8) -> Result<Hand, HandError> {
        let mut counts = [0usize; KINDS];
        for &code in codes {
            counts[Tile::from_code(code)?.index()] += 1;
        }
        Hand::from_wide_counts(&counts, jokers as usize)
    }

    /// Counts indexed by tile (0–33).
    pub fn counts(&self) -> &[u8; KINDS] {
        &self.counts
    }

    /// How many copies of `tile` the hand holds.
    pub fn count(&self, tile: Tile) -> u8 {
        self.counts[tile.index()]
    }

    /// Number of jokers.
    pub fn jokers(&self) -> u8 {
        self.jokers
    }

    /// Number of concealed tiles, jokers included (declared melds are
    /// left out: see [`Hand::size`]).
    pub fn len(&self) -> usize {
        self.natural_len() + self.jokers as usize
    }

    /// True when the hand holds no tile, no joker and no meld.
    pub fn is_empty(&self) -> bool {
        self.size() == 0
    }

    /// Number of tiles, jokers excluded.
    pub fn natural_len(&self) -> usize {
        self.natural as usize
    }

    /// The tiles in index order, each repeated as often as held (no jokers).
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        Tile::all().flat_map(move |t| std::iter::repeat_n(t, self.counts[t.index()] as usize))
    }

    /// Tile ids 0–33 in index order (the ids of Japanese tools), jokers left out.
    pub fn to_ids(&self) -> Vec<u8> {
        self.tiles().map(|t| t.index() as u8).collect()
    }

    /// The two-digit codes of many Chinese servers in index order, jokers left out.
    pub fn to_codes(&self) -> Vec<u32> {
        self.tiles().map(Tile::code).collect()
    }
}

impl Default for Hand {
    /// The empty hand.
    fn default() -> Hand {
        Hand {
            counts: [0; KINDS],
            jokers: 0,
            natural: 0,
            melds: Melds::default(),
            red: 0,
        }
    }
}

/// The lowest kind of which the concealed `counts` and the `melds`
/// together hold more than four copies, as the error counting every copy
/// (`11m (1111m)`: six copies of 1m).
pub(crate) fn copies_over(counts: &[usize; KINDS], melds: &[Meld]) -> Option<HandError> {
    let mut all = *counts;
    for m in melds {
        for t in m.tiles() {
            all[t.index()] += 1;
        }
    }
    let i = (0..KINDS).find(|&i| all[i] > 4)?;
    Some(HandError::TooManyCopies {
        tile: Tile::from_index(i).expect("index < 34"),
        count: all[i],
    })
}

impl fmt::Display for Hand {
    /// Canonical `mpsz`: suits in index order, jokers as trailing `*`,
    /// then each declared meld after a space (`[789s]`, `(2222p)`); a red
    /// five prints as `0`, first of its fives (`4055m`, `[055p]`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for suit in Suit::ALL {
            let first = suit.first_index();
            let mut any = false;
            // A red five of the concealed part prints first of its fives.
            let mut red = suit != Suit::Honor && self.red_place(first / 9) == Some(None);
            // `10m` reads as no tile (there is no rank ten): a 1 and a red
            // five alone print `01m`.
            let ranks = &self.counts[first..first + suit.ranks() as usize];
            if red && ranks[0] == 1 && ranks.iter().sum::<u8>() == 2 {
                write!(f, "01{}", suit.letter())?;
                continue;
            }
            for r in 0..suit.ranks() as usize {
                for _ in 0..self.counts[first + r] {
                    let rank = match r + 1 {
                        5 if red => 0,
                        rank => rank,
                    };
                    red &= rank != 0;
                    write!(f, "{rank}")?;
                    any = true;
                }
            }
            if any {
                write!(f, "{}", suit.letter())?;
            }
        }
        for _ in 0..self.jokers {
            f.write_str("*")?;
        }
        for (i, m) in self.melds().iter().enumerate() {
            if i > 0 || self.natural_len() + self.jokers as usize != 0 {
                f.write_str(" ")?;
            }
            m.write(f, self.red_place(m.tile().index() / 9) == Some(Some(i)))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hand({self})")
    }
}
