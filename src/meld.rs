//! Declared melds (副露 / 鸣牌, and concealed kongs 暗杠): the groups a player
//! has put on the table before the hand is judged.
//!
//! A declared meld is natural tiles only: a chi (吃, a sequence of one
//! numbered suit, or an honour sequence: three different winds or the
//! three dragons, `[124z]`, `[567z]`), a pon (碰, a triplet), an open kong
//! (明杠, claimed from a discard), an added kong (加杠, a fourth tile added
//! to a pon) or a concealed kong (暗杠). An honour sequence is read in any
//! hand; the rules accept it only with `honor_sequences`
//! ([`HandError::HonorSequenceNotInRules`] elsewhere). A kong counts as one meld of the hand: `1111m` as a
//! concealed kong plus 11 concealed tiles is a legal 15-tile hand, judged as
//! a 14-tile one.
//!
//! # Notation
//! After the concealed part, each meld in brackets: `[...]` an open meld,
//! `(...)` a concealed kong, and `[...+]` an added kong (the `+` after the
//! tiles). The tiles inside are written as in a hand, in either notation:
//!
//! | meld | written | also |
//! |---|---|---|
//! | chi | `[789s]` | `[七八九条]` |
//! | pon | `[777p]` | `[七七七饼]` |
//! | open kong | `[1111z]` | `[东东东东]` |
//! | added kong | `[1111z+]` | `[东东东东+]` |
//! | concealed kong | `(2222p)` | `(二二二二饼)` |
//!
//! ```
//! use hupai::{Hand, MeldKind};
//! let hand: Hand = "11123m55z [789s] [777p] [1111z+] (2222p)".parse()?;
//! assert_eq!(hand.len(), 7);      // the concealed tiles
//! assert_eq!(hand.size(), 19);    // judged as 7 + 4 melds of 3
//! let kinds: Vec<MeldKind> = hand.melds().iter().map(|m| m.kind()).collect();
//! assert_eq!(kinds, [MeldKind::Chi, MeldKind::Pon, MeldKind::AddedKong, MeldKind::ConcealedKong]);
//! assert_eq!(hand.to_string(), "11123m55z [789s] [777p] [1111z+] (2222p)");
//! # Ok::<(), hupai::ParseError>(())
//! ```

use std::fmt;

use crate::error::HandError;
use crate::tables::key::HONOR_SEQUENCES;
use crate::tile::{Suit, Tile, KINDS};

// `MeldKind` is defined in `meld/kind.rs`, below `error.rs`, which names
// it; reading a meld from text (`FromStr for Meld`) is in `notation.rs`,
// above this file.
pub(crate) mod kind;

pub use kind::MeldKind;

/// One declared meld: its kind and its lowest tile.
///
/// ```
/// use hupai::{Meld, MeldKind, Tile};
/// let chi: Meld = "[789s]".parse()?;
/// assert_eq!(chi.kind(), MeldKind::Chi);
/// assert_eq!(chi.tiles().map(|t| t.to_string()).collect::<Vec<_>>(), ["7s", "8s", "9s"]);
/// assert_eq!(Meld::new(MeldKind::ConcealedKong, "2p".parse()?)?.to_string(), "(2222p)");
/// assert!("[135m]".parse::<Meld>().is_err());
/// assert!("(123m)".parse::<Meld>().is_err()); // (...) is a concealed kong only
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Meld {
    kind: MeldKind,
    /// The tile of a triplet or kong; the lowest tile of a chi.
    tile: Tile,
    /// A chi's tiles: bit `k` set when the tile of index `tile + k` is
    /// one (0b111 for `[789s]`, 0b1011 for `[124z]`); 1 for the others.
    spread: u8,
}

impl Meld {
    /// The meld of `kind` whose tile (the lowest, for a chi) is `tile`.
    ///
    /// # Errors
    /// [`HandError::NoChi`] for a chi that cannot exist: an honour, or a
    /// first rank above 7.
    ///
    /// ```
    /// use hupai::{HandError, Meld, MeldKind, Tile};
    /// let e = Meld::new(MeldKind::Chi, "8s".parse()?).unwrap_err();
    /// assert_eq!(e, HandError::NoChi { tile: "8s".parse()? });
    /// assert_eq!(e.to_string(), "no chi starts at 8s: a chi is three consecutive ranks, so it starts at 7 at most");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(kind: MeldKind, tile: Tile) -> Result<Meld, HandError> {
        if kind == MeldKind::Chi && (tile.suit() == Suit::Honor || tile.rank() > 7) {
            return Err(HandError::NoChi { tile });
        }
        let spread = if kind == MeldKind::Chi { 0b111 } else { 1 };
        Ok(Meld { kind, tile, spread })
    }

    /// The honour sequence (a chi of three different winds, or of the
    /// three dragons) of the honours `tiles` (in index order), or `None`
    /// when they are not one.
    pub(crate) fn honor_sequence(tiles: [Tile; 3]) -> Option<Meld> {
        let [first, ..] = tiles;
        if first.suit() != Suit::Honor {
            return None;
        }
        let ranks = tiles.iter().try_fold(0u8, |m, t| {
            (t.suit() == Suit::Honor).then(|| m | 1 << (t.rank() - 1))
        })?;
        if !HONOR_SEQUENCES.contains(&ranks) {
            return None;
        }
        Some(Meld {
            kind: MeldKind::Chi,
            tile: first,
            spread: ranks >> (first.rank() - 1),
        })
    }

    /// The meld of `kind`, `tile` and `spread` (as [`Meld::spread`] reads
    /// it), as a declared group keeps them.
    pub(crate) const fn of_parts(kind: MeldKind, tile: Tile, spread: u8) -> Meld {
        Meld { kind, tile, spread }
    }

    /// A chi's tiles above its first: bit `k` for the tile of index
    /// `tile + k` (0b111, or for an honour sequence one of its sets); 1
    /// for a pon or a kong.
    pub(crate) const fn spread(self) -> u8 {
        self.spread
    }

    /// Is it an honour sequence (a chi of honours), which only rules with
    /// `honor_sequences` accept?
    ///
    /// ```
    /// use hupai::Meld;
    /// assert!("[124z]".parse::<Meld>()?.is_honor_sequence());
    /// assert!(!"[789s]".parse::<Meld>()?.is_honor_sequence());
    /// # Ok::<(), hupai::ParseError>(())
    /// ```
    pub const fn is_honor_sequence(self) -> bool {
        matches!(self.kind, MeldKind::Chi) && matches!(self.tile.suit(), Suit::Honor)
    }

    /// What the meld is.
    pub const fn kind(self) -> MeldKind {
        self.kind
    }

    /// Its tile: the kind of a pon or kong, the lowest tile of a chi.
    pub const fn tile(self) -> Tile {
        self.tile
    }

    /// The kinds it holds, as bits (bit `i`: kind `i`).
    pub(crate) const fn kinds(self) -> u64 {
        (self.spread as u64) << self.tile.index()
    }

    /// Its tiles, in rank order.
    pub fn tiles(self) -> impl Iterator<Item = Tile> {
        let first = self.tile.index();
        // The tiles' offsets from the first: a chi's sit at its spread's
        // bits, the others' at 0.
        let mut offsets = [0usize; 4];
        if self.kind == MeldKind::Chi {
            for (slot, k) in offsets
                .iter_mut()
                .zip(crate::swar::bits(self.spread as u64))
            {
                *slot = k;
            }
        }
        (0..self.kind.tiles()).map(move |i| Tile::from_index(first + offsets[i]).expect("a tile"))
    }

    /// Adds the meld's tiles to `counts` (indexed 0–33).
    pub(crate) fn add_to(self, counts: &mut [u8; KINDS]) {
        let first = self.tile.index();
        if self.kind == MeldKind::Chi {
            for k in crate::swar::bits(self.spread as u64) {
                counts[first + k] += 1;
            }
        } else {
            counts[first] += self.kind.tiles() as u8;
        }
    }
}

impl fmt::Display for Meld {
    /// `[789s]`, `[777p]`, `[1111z]`, `[1111z+]`, `(2222p)`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, false)
    }
}

impl Meld {
    /// Writes the meld as its `Display` does, its first five as `0` when
    /// `red_five` (a hand's red five in this meld: `[406p]`).
    pub(crate) fn write(&self, f: &mut fmt::Formatter<'_>, red_five: bool) -> fmt::Result {
        let (open, close) = match self.kind {
            MeldKind::ConcealedKong => ("(", ")"),
            MeldKind::AddedKong => ("[", "+]"),
            _ => ("[", "]"),
        };
        f.write_str(open)?;
        let mut red = red_five;
        for t in self.tiles() {
            let rank = match t.rank() {
                5 if red => 0,
                r => r,
            };
            red &= rank != 0;
            write!(f, "{rank}")?;
        }
        write!(f, "{}{close}", self.tile.suit().letter())
    }
}

impl fmt::Debug for Meld {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Meld({self})")
    }
}

/// The most melds a hand declares: five, for sixteen-tile mahjong.
pub const MAX_MELDS: usize = 5;

/// The declared melds of a hand, in the order given (at most
/// [`MAX_MELDS`]); a plain value, so that a [`Hand`](crate::Hand) stays
/// `Copy`. Unused slots hold a filler, so equal lists compare equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Melds {
    len: u8,
    items: [Meld; MAX_MELDS],
}

impl fmt::Debug for Melds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// What an unused slot of [`Melds`] holds: all bits zero (no meld has a
/// zero spread), so that an empty list is written as zeros.
const FILLER: Meld = Meld {
    kind: MeldKind::Chi,
    tile: Tile::nth(0),
    spread: 0,
};

impl Default for Melds {
    fn default() -> Melds {
        Melds {
            len: 0,
            items: [FILLER; MAX_MELDS],
        }
    }
}

impl Melds {
    /// The melds of `melds`, or `None` past [`MAX_MELDS`].
    pub fn of(melds: &[Meld]) -> Option<Melds> {
        if melds.len() > MAX_MELDS {
            return None;
        }
        let mut m = Melds::default();
        m.items[..melds.len()].copy_from_slice(melds);
        m.len = melds.len() as u8;
        Some(m)
    }

    /// How many.
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// The melds, in order.
    #[inline(always)]
    pub fn as_slice(&self) -> &[Meld] {
        &self.items[..self.len()]
    }

    /// Every meld's tiles, as counts indexed 0–33.
    pub fn counts(&self) -> [u8; KINDS] {
        let mut counts = [0u8; KINDS];
        for m in self.as_slice() {
            m.add_to(&mut counts);
        }
        counts
    }

    /// The numbered suits (bit 0 m, 1 p, 2 s) the melds hold.
    pub fn suits(&self) -> u8 {
        self.as_slice()
            .iter()
            .map(|m| match m.tile().suit() {
                Suit::Honor => 0,
                s => 1 << s as u8,
            })
            .fold(0, |a, b| a | b)
    }
}
