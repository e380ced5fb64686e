//! A reading of a winning hand as GB scoring sees it: one split of
//! [`Rules::win`](crate::Rules::win) with one group the winning tile
//! completed, turned into sets (chows, pungs, kongs) that know whether
//! they are concealed, the pair, and the shape of the hand.
//!
//! A pung the winning tile completed on a discard (or a robbed kong) is
//! melded (明刻), as the rulebook counts it for 暗刻; a pung completed by a
//! self-drawn tile stays concealed.

use crate::form::kind::Form;
use crate::group::{Group, GroupKind, Split};
use crate::meld::MeldKind;
use crate::tile::{Suit, Tile};
use crate::win::WaitShape;

/// What a set is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetKind {
    /// Three consecutive tiles (顺子).
    Chow,
    /// Three identical tiles (刻子).
    Pung,
    /// A declared kong (杠).
    Kong,
}

/// One set of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Set {
    pub kind: SetKind,
    /// The tile of a pung or kong; the lowest tile of a chow.
    pub tile: Tile,
    /// Concealed (暗): held in the hand and not completed by a claimed
    /// tile, or a concealed kong.
    pub concealed: bool,
}

impl Set {
    /// A pung or a kong.
    pub fn is_pung(&self) -> bool {
        self.kind != SetKind::Chow
    }
}

/// The shape of a reading, by form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Four sets and a pair.
    Standard,
    /// The nine tiles of a knitted straight, one set and a pair.
    KnittedStraight,
    /// Seven pairs.
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
    /// Honours and knitted tiles; `greater` with all seven honours;
    /// `knitted_straight` when its numbered tiles are all nine of a
    /// knitted straight.
    HonorsAndKnitted {
        greater: bool,
        knitted_straight: bool,
    },
}

/// A reading: the sets (declared melds among them), the pair, the
/// shape, and the wait the winning tile completed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    pub shape: Shape,
    pub sets: [Option<Set>; 4],
    pub pair: Option<Tile>,
    /// The pairs of seven pairs, lowest first (a quad is two pairs).
    pub pairs: [Option<Tile>; 7],
    pub wait: WaitShape,
}

impl Reading {
    /// The sets present.
    pub fn sets(&self) -> impl Iterator<Item = Set> + '_ {
        self.sets.iter().flatten().copied()
    }

    /// The reading of `split` with the winning tile in group `won`, of
    /// shape `wait`, the tile claimed (not self-drawn) when `claimed`.
    /// `None` for a split that is no GB hand (a group of jokers).
    pub fn new(split: &Split, won: usize, wait: WaitShape, claimed: bool) -> Option<Reading> {
        let shape = match split.form {
            Form::Standard => Shape::Standard,
            Form::KnittedStraight => Shape::KnittedStraight,
            Form::SevenPairs => Shape::SevenPairs,
            Form::ThirteenOrphans => Shape::ThirteenOrphans,
            Form::HonorsAndKnitted | Form::GreaterHonorsAndKnitted => {
                let g = split.groups.first()?;
                let tiles = g.tiles()?;
                let suited = tiles.iter().filter(|t| t.suit() != Suit::Honor).count();
                Shape::HonorsAndKnitted {
                    greater: split.form == Form::GreaterHonorsAndKnitted,
                    knitted_straight: suited == 9,
                }
            }
        };
        let mut reading = Reading {
            shape,
            sets: [None; 4],
            pair: None,
            pairs: [None; 7],
            wait,
        };
        let (mut n_sets, mut n_pairs) = (0, 0);
        for (i, g) in split.groups.iter().enumerate() {
            let first = g.first_tile()?;
            match g.kind() {
                GroupKind::Pair => {
                    if shape == Shape::SevenPairs {
                        *reading.pairs.get_mut(n_pairs)? = Some(first);
                        n_pairs += 1;
                    } else {
                        reading.pair = Some(first);
                    }
                }
                GroupKind::Sequence | GroupKind::Triplet | GroupKind::Kong => {
                    *reading.sets.get_mut(n_sets)? = Some(set_of(g, first, i == won && claimed));
                    n_sets += 1;
                }
                GroupKind::Single
                | GroupKind::Knitted
                | GroupKind::HonorsAndKnitted
                | GroupKind::HonorSequence => {}
            }
        }
        Some(reading)
    }
}

/// The set of group `g` (its lowest tile `first`); `claimed_into` when
/// the claimed winning tile completed it.
fn set_of(g: &Group, first: Tile, claimed_into: bool) -> Set {
    let meld = g.meld_kind();
    let kind = match g.kind() {
        GroupKind::Sequence => SetKind::Chow,
        GroupKind::Kong => SetKind::Kong,
        _ => SetKind::Pung,
    };
    let concealed = match meld {
        Some(k) => k == MeldKind::ConcealedKong,
        None => !claimed_into,
    };
    Set {
        kind,
        tile: first,
        concealed,
    }
}
