//! The plain tile types: [`Tile`], [`Suit`], [`TileSet`] and [`KINDS`],
//! with what needs no error. This file imports nothing of the crate but
//! the tile sets (`tile/sets.rs`), so that every other file may import it: the constructors that check their
//! input and return a [`HandError`](crate::HandError) (`Tile::new`,
//! `Tile::from_index`, `Tile::from_code`) live a layer up, in
//! `src/tile.rs`, above `src/error.rs`, which names tiles. The public
//! paths are `hupai::tile::*` (re-exported there).

use std::fmt;

use crate::tile::sets;

/// Number of tile kinds.
pub const KINDS: usize = 34;

/// One of the four suits: three numbered suits and the honours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    /// Characters (万), `m`, indices 0–8.
    Man,
    /// Dots (饼 / 筒), `p`, indices 9–17.
    Pin,
    /// Bamboo (条 / 索), `s`, indices 18–26.
    Sou,
    /// Winds and dragons (字), `z`, indices 27–33.
    Honor,
}

impl Suit {
    /// All four suits in index order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The `mpsz` letter.
    ///
    /// ```
    /// assert_eq!(hupai::Suit::Pin.letter(), 'p');
    /// ```
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// Number of ranks: 9 for a numbered suit, 7 for honours.
    pub const fn ranks(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// Index of this suit's rank-1 tile.
    pub const fn first_index(self) -> usize {
        self as usize * 9
    }
}

/// One of the 34 tile kinds, by index (see the [module docs](crate::tile)).
///
/// ```
/// use hupai::{Suit, Tile};
/// let red = Tile::new(Suit::Honor, 7).unwrap();
/// assert_eq!(red.index(), 33);
/// assert_eq!(red.to_string(), "7z");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
/// The index, below [`KINDS`]: `crate::tile` makes tiles of it after
/// checking, and this file where the index is known to be in range.
pub struct Tile(pub(super) u8);

impl Tile {
    /// The tile of index `index`, which the caller knows is below 34.
    pub(crate) const fn nth(index: u8) -> Tile {
        assert!((index as usize) < KINDS);
        Tile(index)
    }

    /// The two-digit code of many Chinese servers (inverse of [`Tile::from_code`]).
    pub const fn code(self) -> u32 {
        let rank = self.rank() as u32;
        match self.suit() {
            Suit::Man => 10 + rank,
            Suit::Sou => 20 + rank,
            Suit::Pin => 30 + rank,
            Suit::Honor => match rank {
                1..=4 => 39 + rank,
                5 => 46,
                6 => 45,
                _ => 44,
            },
        }
    }

    /// Index 0–33.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        match self.0 / 9 {
            0 => Suit::Man,
            1 => Suit::Pin,
            2 => Suit::Sou,
            _ => Suit::Honor,
        }
    }

    /// The rank, 1-based (1–9, or 1–7 for honours).
    pub const fn rank(self) -> u8 {
        self.0 % 9 + 1
    }

    /// A terminal (1 or 9 of a numbered suit) or an honour: the tiles of
    /// thirteen orphans.
    pub const fn is_orphan(self) -> bool {
        sets::holds(sets::ORPHANS, self.0 as usize)
    }

    /// All 34 tiles in index order.
    pub fn all() -> impl Iterator<Item = Tile> {
        (0..KINDS as u8).map(Tile)
    }
}

impl fmt::Display for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank(), self.suit().letter())
    }
}

impl fmt::Debug for Tile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Tile({self})")
    }
}

/// A set of tile kinds: the kinds in play, or the waits of a hand.
///
/// Printed in `mpsz` notation (`123m7z`); `Debug` lists the tiles
/// (`TileSet[1m 2m 3m 7z]`).
///
/// ```
/// use hupai::{Tile, TileSet};
/// let set = TileSet::EMPTY.with("1m".parse::<Tile>()?).with("7z".parse::<Tile>()?);
/// assert_eq!(set.to_string(), "1m7z");
/// assert_eq!(format!("{set:?}"), "TileSet[1m 7z]");
/// # Ok::<(), hupai::ParseError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct TileSet(u64);

impl TileSet {
    /// All 34 kinds.
    pub const ALL: TileSet = TileSet((1 << KINDS) - 1);

    /// No kind.
    pub const EMPTY: TileSet = TileSet(0);

    /// The set with `tile` added.
    #[inline]
    pub const fn with(self, tile: Tile) -> TileSet {
        TileSet(self.0 | 1 << tile.index())
    }

    /// The set with `tile` removed.
    #[inline]
    pub const fn without(self, tile: Tile) -> TileSet {
        TileSet(self.0 & !(1 << tile.index()))
    }

    /// True when the set holds no kind.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of kinds in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Does the set hold `tile`?
    #[inline]
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 >> tile.index() & 1 == 1
    }

    /// The kinds in the set, in index order.
    ///
    /// ```
    /// use hupai::{Rules, Hand};
    /// let waits = Rules::basic().waits(&"1234677p".parse::<Hand>()?)?;
    /// assert_eq!(waits.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["5p"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        Tile::all().filter(move |t| self.contains(*t))
    }

    /// The set as bits: bit `i` for the kind of index `i` (0–33).
    ///
    /// ```
    /// let waits = hupai::Rules::basic().waits(&"1112345678999m".parse()?)?;
    /// assert_eq!(waits.bits(), 0b1_1111_1111); // 1m to 9m
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of the kinds whose bits are set in `bits` (bits 34–63 are
    /// ignored).
    #[inline]
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & TileSet::ALL.0)
    }

    /// The number of kinds of `suit` in the set.
    pub fn count_in(self, suit: Suit) -> usize {
        let first = suit.first_index();
        (self.0 >> first & ((1 << suit.ranks()) - 1)).count_ones() as usize
    }
}

impl FromIterator<Tile> for TileSet {
    fn from_iter<I: IntoIterator<Item = Tile>>(tiles: I) -> TileSet {
        tiles.into_iter().fold(TileSet::EMPTY, TileSet::with)
    }
}

impl fmt::Display for TileSet {
    /// `mpsz` notation, suits in index order: `123m7z`; nothing for the
    /// empty set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for suit in Suit::ALL {
            let mut any = false;
            for t in self.iter().filter(|t| t.suit() == suit) {
                write!(f, "{}", t.rank())?;
                any = true;
            }
            if any {
                write!(f, "{}", suit.letter())?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for TileSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_set(f, "TileSet", self.iter())
    }
}

/// The debug form of a set named `name` holding `items`: `NAME[A B C]`.
pub(crate) fn debug_set<T: fmt::Display>(
    f: &mut fmt::Formatter<'_>,
    name: &str,
    items: impl Iterator<Item = T>,
) -> fmt::Result {
    write!(f, "{name}[")?;
    for (i, item) in items.enumerate() {
        if i > 0 {
            f.write_str(" ")?;
        }
        write!(f, "{item}")?;
    }
    f.write_str("]")
}
