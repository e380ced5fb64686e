//! Tiles: the 34 kinds, their suits, and the integer encodings of the seeds.
//!
//! | index | tiles | mpsz | Chinese |
//! |---|---|---|---|
//! | 0–8 | characters 1–9 | `1m`–`9m` | 一万–九万 |
//! | 9–17 | dots 1–9 | `1p`–`9p` | 一饼–九饼 (筒) |
//! | 18–26 | bamboo 1–9 | `1s`–`9s` | 一条–九条 (索) |
//! | 27–30 | east, south, west, north | `1z`–`4z` | 东 南 西 北 |
//! | 31–33 | white, green, red dragon | `5z`–`7z` | 白 发 中 |
//!
//! Jokers (混 / 癞子 / 鬼牌) are not a tile kind: a [`Hand`](crate::Hand)
//! holds them as a separate count.

// The types are defined in `tile/kind.rs`, which imports nothing of the
// crate; this file adds the constructors that return a `HandError`, above
// `error.rs` (which names tiles), so the imports point one way:
// `tile/kind.rs` <- `error.rs` <- `tile.rs`.
pub(crate) mod kind;
pub(crate) mod sets;

pub use kind::{Suit, Tile, TileSet, KINDS};

use crate::error::HandError;

impl Tile {
    /// The tile of `suit` and `rank` (1-based), or an error naming them.
    pub const fn new(suit: Suit, rank: u8) -> Result<Tile, HandError> {
        if rank == 0 || rank > suit.ranks() {
            return Err(HandError::RankOutOfRange {
                rank,
                suit: suit.letter(),
            });
        }
        Ok(Tile((suit.first_index() + rank as usize - 1) as u8))
    }

    /// The tile with index `index` (0–33), the id of Japanese tools.
    ///
    /// ```
    /// assert_eq!(hupai::Tile::from_index(9).unwrap().to_string(), "1p");
    /// assert!(hupai::Tile::from_index(34).is_err());
    /// ```
    pub const fn from_index(index: usize) -> Result<Tile, HandError> {
        if index < KINDS {
            Ok(Tile(index as u8))
        } else {
            Err(HandError::BadTileIndex { index })
        }
    }

    /// The tile of a two-digit code, as many Chinese servers number tiles:
    /// 11–19 characters (万), 21–29 bamboo (条), 31–39 dots (筒), 40–46
    /// east, south, west, north, red, green, white (东南西北中发白).
    ///
    /// ```
    /// use hupai::Tile;
    /// assert_eq!(Tile::from_code(23).unwrap().to_string(), "3s");
    /// assert_eq!(Tile::from_code(44).unwrap().to_string(), "7z"); // 中
    /// assert!(Tile::from_code(20).is_err());
    /// ```
    pub const fn from_code(code: u32) -> Result<Tile, HandError> {
        let (suit, rank) = match code {
            11..=19 => (Suit::Man, code - 10),
            21..=29 => (Suit::Sou, code - 20),
            31..=39 => (Suit::Pin, code - 30),
            40..=43 => (Suit::Honor, code - 39),
            44 => (Suit::Honor, 7),
            45 => (Suit::Honor, 6),
            46 => (Suit::Honor, 5),
            _ => return Err(HandError::BadTileCode { code }),
        };
        Tile::new(suit, rank as u8)
    }
}
