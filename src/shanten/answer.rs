//! What efficiency answers: the draws of a hand, or of each discard.

use crate::swar::bits;
use crate::tile::{Tile, TileSet, KINDS};

/// What [`Rules::efficiency`](crate::Rules::efficiency) finds.
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
    pub(super) kinds: TileSet,
    /// Each kind's unseen copies, read for the kinds in the set only.
    pub(super) unseen: [u8; KINDS],
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
    pub(super) const NONE: DiscardChoice = DiscardChoice {
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
