//! hupai decides mahjong hands: is this a win (胡牌 / 和了), under the rules
//! of the table, with any number of jokers (混 / 癞子 / 鬼牌).
//!
//! ```
//! use hupai::{Hand, Rules};
//!
//! let rules = Rules::default();                       // chinese
//! let hand: Hand = "22567p12555678m*".parse()?;         // 14 tiles, one joker
//! assert!(rules.is_win(&hand)?);
//!
//! let seed: Hand = "88饼11万东东中混混混混混混混".parse()?; // Chinese notation, 7 jokers
//! assert!(rules.is_win(&seed)?);
//! assert!(!rules.is_win(&"123456789m1357p*".parse()?)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The standard form (N melds plus a pair) is judged by per-suit tables that
//! `build.rs` generates: for every count vector of a suit, the fewest jokers
//! that complete it into melds, and into melds plus a pair
//! ([`tables`] documents the layout). A check is four table loads and a
//! minimum over four suits: no recursion and no hashing. Seven pairs and
//! thirteen orphans are judged by counting. Every answer is exact for any
//! number of jokers; the tests compare it with a backtracking search over
//! every suit pattern and over a million random hands.
//!
//! Tiles are indexed 0–33 (see [`tile`]); hands are read from `mpsz` or
//! Chinese notation (see [`notation`]).

#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod batch;
mod check;
pub mod error;
pub mod form;
mod group;
pub mod hand;
mod live;
pub mod meld;
pub mod notation;
mod position;
pub mod reveal;
pub mod rules;
pub mod score;
#[cfg(test)]
mod seeded;
#[cfg(feature = "serde")]
pub mod serde_impls;
pub mod shanten;
pub mod split;
mod swar;
pub mod tables;
pub mod tile;
mod waits;
pub mod win;

pub use error::{HandError, IoError, ParseError};

/// The README's examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
pub use form::{Form, Forms};
pub use hand::{Hand, MAX_HAND_TILES};
pub use live::LiveHand;
pub use meld::{Meld, MeldKind};
pub use reveal::Reveal;
pub use rules::{Preset, RuleSpec, Rules, RulesError, UnknownRules};
pub use score::{Claim, Score, ScoreError};
pub use shanten::{
    Discard, DiscardChoice, Draws, Effective, EffectiveIter, EffectiveTiles, Efficiency,
};
pub use split::{Group, GroupKind, Split, Splits};
pub use tile::{Suit, Tile, TileSet, KINDS};
pub use win::{Completion, WaitShape, Win, WinHow, WinSplit, WinningTile};
