//! The winning tile (和了牌) and the wait it completed: for every split of a
//! winning hand, the groups the winning tile can sit in and the shape of
//! the wait each one completed (单钓, 嵌张, 边张, 两面, 双碰, and the
//! special forms' own), as scoring and 卡五星's 卡五 need.
//!
//! ```
//! use hupai::{Hand, Rules, WaitShape, WinHow, WinningTile};
//! let rules = Rules::preset("kawuxing")?;
//! // 卡五: the 5s completes 4_6s, a closed wait.
//! let hand: Hand = "46s5s 123p 789p 55z [666z]".parse()?;
//! let win = rules.win(&hand, WinningTile::Tile("5s".parse()?), WinHow::Discard)?;
//! assert!(win.readings().all(|(_, _, shape)| shape == WaitShape::Kanchan));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A reading is a split, one of its groups holding the winning tile (a
//! natural tile of its kind, or a joker slot when a joker won), and the
//! shape: the group without the winning tile is what the hand waited
//! with. Declared melds never hold the winning tile. A group of jokers
//! only is any pair (`**`: a winning joker there is 单钓) or any meld
//! (`***`): a winning joker there completes every shape of the melds the
//! group may stand for beside the rest of the hand, within the tiles in
//! play, `max_suits` and (under `joker_fifth_copy = false`) the copies
//! left: 嵌张 (a middle tile, 卡五星's 卡五 among them), 边张, 两面,
//! 双碰, and with `honor_sequences` an honour sequence.
//!
//! ```
//! use hupai::{Hand, Rules, WaitShape, WinHow, WinningTile};
//! let rules = Rules::preset("kawuxing")?;
//! // `***` may be 4*6p with the joker as the 5p: a 卡五.
//! let hand: Hand = "***55z [123p] [456p] [789s]".parse()?;
//! let win = rules.win(&hand, WinningTile::Joker, WinHow::SelfDrawn)?;
//! let shapes: Vec<String> = win.shapes().iter().map(|s| s.to_string()).collect();
//! assert_eq!(shapes, ["tanki", "kanchan", "penchan", "ryanmen", "shanpon"]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The claim itself is checked ([`Rules::winning_tile`]): a copy of a
//! joker kind (hongzhong's 7z) is a joker, so there `7z` and `*` name the
//! same winning tile, which [`Win::winning`] reports as
//! [`WinningTile::Joker`]; a robbed kong's tile (抢杠) is a natural tile,
//! the only copy of its kind the winner holds.

use std::collections::BTreeSet;
use std::fmt;

use crate::error::HandError;
use crate::form::standard::joker_melds;
use crate::form::{Form, Forms};
use crate::group::{Group, GroupKind, Split, SplitSink};
use crate::hand::Hand;
use crate::position::Purpose;
use crate::rules::Rules;
use crate::tile::{Tile, KINDS};

/// How the winning tile came.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinHow {
    /// Drawn by the winner (自摸 / ツモ).
    SelfDrawn,
    /// Claimed from a discard (点炮 / ロン).
    Discard,
    /// Claimed from a kong another player added (抢杠 / 槍槓).
    RobbingKong,
}

impl WinHow {
    /// `self-drawn`, `discard`, `robbing-kong`.
    pub const fn name(self) -> &'static str {
        match self {
            WinHow::SelfDrawn => "self-drawn",
            WinHow::Discard => "discard",
            WinHow::RobbingKong => "robbing-kong",
        }
    }

    /// The other names each way is read from: the riichi players' words
    /// (`tsumo`, `ron`, `chankan`) and the name with `_` for `-`.
    pub const ALIASES: [(&'static str, WinHow); 5] = [
        ("tsumo", WinHow::SelfDrawn),
        ("self_drawn", WinHow::SelfDrawn),
        ("ron", WinHow::Discard),
        ("chankan", WinHow::RobbingKong),
        ("robbing_kong", WinHow::RobbingKong),
    ];

    /// Was the tile claimed (not self-drawn)?
    pub const fn is_claimed(self) -> bool {
        !matches!(self, WinHow::SelfDrawn)
    }
}

impl std::str::FromStr for WinHow {
    type Err = crate::error::ParseError;

    /// A way's name ([`WinHow::name`]) or one of its
    /// [`ALIASES`](WinHow::ALIASES), in any case: every reader of a way
    /// (the claim's `how`, the bindings' `how` argument) reads it here.
    ///
    /// ```
    /// use hupai::WinHow;
    /// assert_eq!("self-drawn".parse::<WinHow>(), Ok(WinHow::SelfDrawn));
    /// assert_eq!("tsumo".parse::<WinHow>(), Ok(WinHow::SelfDrawn));
    /// assert_eq!("Ron".parse::<WinHow>(), Ok(WinHow::Discard));
    /// assert_eq!("chankan".parse::<WinHow>(), Ok(WinHow::RobbingKong));
    /// assert!("flying".parse::<WinHow>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<WinHow, Self::Err> {
        let names =
            [WinHow::SelfDrawn, WinHow::Discard, WinHow::RobbingKong].map(|h| (h.name(), h));
        names
            .iter()
            .chain(&WinHow::ALIASES)
            .find(|(name, _)| name.eq_ignore_ascii_case(s))
            .map(|&(_, how)| how)
            .ok_or_else(|| crate::error::ParseError::NotAWinHow {
                text: crate::error::cut(s),
            })
    }
}

/// The tile that completed the hand: a natural tile, or a joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinningTile {
    /// A tile of a kind (a copy of a joker kind, such as hongzhong's 7z,
    /// is a joker).
    Tile(Tile),
    /// A joker.
    Joker,
}

impl fmt::Display for WinningTile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WinningTile::Tile(t) => write!(f, "{t}"),
            WinningTile::Joker => f.write_str("*"),
        }
    }
}

impl std::str::FromStr for WinningTile {
    type Err = crate::error::ParseError;

    /// One tile (`5s`, `五条`) or a joker (`*`, `混`).
    fn from_str(s: &str) -> Result<WinningTile, Self::Err> {
        let hand = crate::notation::parse(s)?;
        let first = hand.tiles().next();
        match (first, hand.len(), hand.jokers(), hand.has_melds()) {
            (Some(t), 1, 0, false) => Ok(WinningTile::Tile(t)),
            (None, 1, 1, false) => Ok(WinningTile::Joker),
            _ => Err(crate::error::ParseError::NotOneTile {
                text: crate::error::cut(s),
            }),
        }
    }
}

/// The shape of the wait the winning tile completed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum WaitShape {
    /// 单钓 / 単騎: the winning tile completed the pair.
    Tanki,
    /// 嵌张 / 嵌張: the middle of a sequence (4_6).
    Kanchan,
    /// 边张 / 辺張: the 3 of 12_ or the 7 of _89.
    Penchan,
    /// 两面 / 両面: either end of two consecutive tiles (_45_).
    Ryanmen,
    /// 双碰 / シャンポン: a pair became a triplet.
    Shanpon,
    /// A sequence of honours (rules with `honor_sequences`).
    HonorSequence,
    /// Thirteen orphans whose other thirteen tiles were the thirteen
    /// different orphans (十三面).
    ThirteenSided,
    /// Thirteen orphans completed on the one orphan missing.
    Orphans,
    /// A tile of a knitted straight's knitted group, or of honours and
    /// knitted tiles.
    Knitted,
}

impl WaitShape {
    /// `tanki`, `kanchan`, `penchan`, `ryanmen`, `shanpon`,
    /// `honor-sequence`, `thirteen-sided`, `orphans`, `knitted`.
    pub const fn name(self) -> &'static str {
        match self {
            WaitShape::Tanki => "tanki",
            WaitShape::Kanchan => "kanchan",
            WaitShape::Penchan => "penchan",
            WaitShape::Ryanmen => "ryanmen",
            WaitShape::Shanpon => "shanpon",
            WaitShape::HonorSequence => "honor-sequence",
            WaitShape::ThirteenSided => "thirteen-sided",
            WaitShape::Orphans => "orphans",
            WaitShape::Knitted => "knitted",
        }
    }
}

impl fmt::Display for WaitShape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One group a winning tile can have completed, and the wait's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Completion {
    /// The group's index in [`Split::groups`].
    pub group: usize,
    /// The wait's shape.
    pub shape: WaitShape,
}

/// A split of the winning hand and the groups the winning tile can sit in.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct WinSplit {
    /// The split (declared melds last, as fixed groups).
    pub split: Split,
    /// Each distinct group holding the winning tile, with its shape.
    pub completions: Vec<Completion>,
}

/// A win judged with its winning tile: see [`Rules::win`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Win {
    /// The forms the hand wins by (as [`Rules::check`]).
    pub forms: Forms,
    /// The winning tile.
    pub winning: WinningTile,
    /// How it came.
    pub how: WinHow,
    /// The splits listed, each with its completions: every split, or
    /// those [`Rules::win_limited`] kept.
    pub splits: Vec<WinSplit>,
    /// How many splits the hand has in all.
    pub total: u64,
    /// The distinct shapes of the readings of every split, listed or not.
    shapes: Vec<WaitShape>,
}

impl Win {
    /// Every reading: each split's completions, as (split, group, shape).
    pub fn readings(&self) -> impl Iterator<Item = (&Split, usize, WaitShape)> + '_ {
        self.splits.iter().flat_map(|s| {
            s.completions
                .iter()
                .map(move |c| (&s.split, c.group, c.shape))
        })
    }

    /// The distinct shapes of every reading, in [`WaitShape`] order: of
    /// every split of the hand, also those a limited win did not list.
    pub fn shapes(&self) -> Vec<WaitShape> {
        self.shapes.clone()
    }

    /// Were splits left out (more than the limit)?
    pub fn truncated(&self) -> bool {
        self.total > self.splits.len() as u64
    }
}

impl Rules {
    /// The win of `hand` (3N+2 tiles, the winning tile among them) with
    /// `winning` as the tile that completed it, which came `how`: its
    /// forms and, for every split, the groups the winning tile completed
    /// and their wait shapes (see [the module docs](crate::win)). A hand
    /// that does not win has no split.
    ///
    /// ```
    /// use hupai::{Hand, Rules, WaitShape, WinHow, WinningTile};
    /// let hand: Hand = "45666m [789p] [123s] (1111z)".parse()?;
    /// let win = Rules::chinese().win(&hand, WinningTile::Tile("6m".parse()?), WinHow::SelfDrawn)?;
    /// // 456m 66m: the 6m ended 45m (two-sided), or paired the 6m (single wait).
    /// assert_eq!(win.shapes(), [WaitShape::Tanki, WaitShape::Ryanmen]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::check`]; [`HandError::NotHeld`] (or
    /// [`HandError::NoJoker`]) when the concealed part does not hold the
    /// winning tile; for a robbed kong, [`HandError::RobbedJoker`] and
    /// [`HandError::RobbedTileHeld`] (see [`Rules::winning_tile`]).
    pub fn win(&self, hand: &Hand, winning: WinningTile, how: WinHow) -> Result<Win, HandError> {
        self.win_limited(hand, winning, how, usize::MAX)
    }

    /// [`Rules::win`] with at most `limit` splits listed (those
    /// [`Rules::splits_limited`] finds), [`Win::total`] counting them all
    /// and [`Win::shapes`] those of every split: when splits are left out,
    /// the shapes are found group by group (does some split hold this
    /// group?), so the work grows with `limit`, not with the splits.
    ///
    /// ```
    /// use hupai::{Rules, WaitShape, WinHow, WinningTile};
    /// let rules = Rules::preset("taiwan")?;
    /// let hand = "344556678s********".parse()?;
    /// let win = rules.win_limited(&hand, WinningTile::Joker, WinHow::Discard, 2)?;
    /// assert_eq!((win.splits.len(), win.total), (2, 29_522));
    /// assert!(win.shapes().contains(&WaitShape::Kanchan));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::win`].
    pub fn win_limited(
        &self,
        hand: &Hand,
        winning: WinningTile,
        how: WinHow,
        limit: usize,
    ) -> Result<Win, HandError> {
        let pos = self.accept_hand(hand, Purpose::Win)?;
        let forms = self.forms_of(&pos);
        let winning = self.winning_tile(hand, winning, how)?;
        let page = self.splits_of(&pos, forms, limit);
        let splits: Vec<WinSplit> = page
            .splits
            .into_iter()
            .map(|split| {
                let completions = completions(self, &split, winning);
                WinSplit { split, completions }
            })
            .collect();
        let mut shapes: Vec<WaitShape> = if page.total > splits.len() as u64 {
            self.unlisted_shapes(hand, forms, winning)?
        } else {
            splits
                .iter()
                .flat_map(|s| s.completions.iter().map(|c| c.shape))
                .collect()
        };
        shapes.sort();
        shapes.dedup();
        Ok(Win {
            forms,
            winning,
            how,
            splits,
            total: page.total,
            shapes,
        })
    }

    /// Every reading of `hand` won by `winning` that [`Rules::win`] lists
    /// (each split, declared melds last, and each group of it the winning
    /// tile can have completed, with the wait's shape), handed to `visit`
    /// as the forms find them, none kept: for callers that weigh each
    /// reading and keep one. Returns the winning tile as these rules read
    /// it; the errors are [`Rules::win`]'s.
    pub(crate) fn each_reading(
        &self,
        hand: &Hand,
        winning: WinningTile,
        how: WinHow,
        visit: impl FnMut(Form, &[Group], usize, WaitShape),
    ) -> Result<WinningTile, HandError> {
        self.visit_readings(hand, winning, how, false, visit)
    }

    /// [`Rules::each_reading`], but of the splits that differ only in
    /// which of the hand's tiles are jokers, some only: every reading's
    /// groups as their jokers resolve, with the same groups completed by
    /// the winning tile and the same shapes, or a reading with a group of
    /// jokers only that can stand for them, is visited (see
    /// [`SplitSink::naturals_first`]). For callers that weigh the resolved
    /// groups alone.
    pub(crate) fn each_resolved_reading(
        &self,
        hand: &Hand,
        winning: WinningTile,
        how: WinHow,
        visit: impl FnMut(Form, &[Group], usize, WaitShape),
    ) -> Result<WinningTile, HandError> {
        self.visit_readings(hand, winning, how, true, visit)
    }

    /// The readings of [`Rules::each_reading`], or, when `resolved`, of
    /// [`Rules::each_resolved_reading`].
    fn visit_readings(
        &self,
        hand: &Hand,
        winning: WinningTile,
        how: WinHow,
        resolved: bool,
        mut visit: impl FnMut(Form, &[Group], usize, WaitShape),
    ) -> Result<WinningTile, HandError> {
        let pos = self.accept_hand(hand, Purpose::Win)?;
        let forms = self.forms_of(&pos);
        let winning = self.winning_tile(hand, winning, how)?;
        let mut each_split = |form: Form, groups: &[Group]| {
            each_completion(self, form, groups, winning, |won, shape| {
                visit(form, groups, won, shape)
            });
        };
        let mut sink = SplitSink::visiting(&mut each_split, pos.melds);
        // Where a winning joker sits is read, and which slots are jokers
        // decides that: every split is visited then.
        if let (true, WinningTile::Tile(t)) = (resolved, winning) {
            sink = sink.naturals_first(t.index());
        }
        for form in forms.iter() {
            form.splits(self, &pos, &mut sink);
        }
        Ok(winning)
    }

    /// `winning` as these rules read it, once the claim is checked
    /// against `hand`: a copy of a joker kind (hongzhong's 7z) is a joker,
    /// so `7z` and `*` name the same winning tile there, and the hand
    /// holds it as a 7z or as a `*`. A natural winning tile is held in
    /// the concealed part. A robbed kong (抢杠) is another player's pung
    /// grown by a fourth copy: its tile is natural, and the winner holds
    /// no other copy of it, concealed or declared.
    ///
    /// ```
    /// use hupai::{HandError, Rules, WinHow, WinningTile};
    /// let hongzhong = Rules::preset("hongzhong")?;
    /// let hand = "46s* 123p 11z [555s] [789m]".parse()?;
    /// let red = WinningTile::Tile("7z".parse()?);
    /// assert_eq!(hongzhong.winning_tile(&hand, red, WinHow::Discard)?, WinningTile::Joker);
    /// let e = hongzhong.winning_tile(&hand, red, WinHow::RobbingKong).unwrap_err();
    /// assert_eq!(e, HandError::RobbedJoker);
    /// // The robbed 5s's other three copies are in the robbing player's
    /// // pung, not in a pon of the winner's.
    /// let hand = "46s5s 123p 11z [555s] [789m]".parse()?;
    /// let e = Rules::chinese().winning_tile(&hand, WinningTile::Tile("5s".parse()?), WinHow::RobbingKong);
    /// assert_eq!(e, Err(HandError::RobbedTileHeld { tile: "5s".parse()?, held: 3 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`HandError::NotHeld`] for a natural tile the concealed part does
    /// not hold, [`HandError::NoJoker`] for a joker when it holds none;
    /// robbing a kong, [`HandError::RobbedJoker`] for a joker and
    /// [`HandError::RobbedTileHeld`] for a tile held again.
    pub fn winning_tile(
        &self,
        hand: &Hand,
        winning: WinningTile,
        how: WinHow,
    ) -> Result<WinningTile, HandError> {
        let winning = match winning {
            WinningTile::Tile(t) if self.jokers.contains(t) => WinningTile::Joker,
            w => w,
        };
        match winning {
            WinningTile::Tile(tile) => {
                let concealed = hand.count(tile);
                if concealed == 0 {
                    return Err(HandError::NotHeld { tile });
                }
                if how == WinHow::RobbingKong {
                    let melded: usize = hand
                        .melds()
                        .iter()
                        .map(|m| m.tiles().filter(|&t| t == tile).count())
                        .sum();
                    let held = concealed as usize - 1 + melded;
                    if held > 0 {
                        return Err(HandError::RobbedTileHeld { tile, held });
                    }
                }
            }
            WinningTile::Joker => {
                if hand.jokers() == 0 && self.jokers.iter().all(|t| hand.count(t) == 0) {
                    return Err(HandError::NoJoker);
                }
                if how == WinHow::RobbingKong {
                    return Err(HandError::RobbedJoker);
                }
            }
        }
        Ok(winning)
    }

    /// The shapes of every split of the winning `hand` by `forms`, none
    /// listed: each form names the distinct groups of its splits that can
    /// hold the winning tile.
    fn unlisted_shapes(
        &self,
        hand: &Hand,
        forms: Forms,
        winning: WinningTile,
    ) -> Result<Vec<WaitShape>, HandError> {
        let pos = self.accept_hand(hand, Purpose::Win)?;
        let tile = match winning {
            WinningTile::Tile(t) => Some(t),
            WinningTile::Joker => None,
        };
        // Every split holds the hand's natural tiles, its melds' included.
        let mut naturals = pos.counts();
        for t in hand.melds().iter().flat_map(|m| m.tiles()) {
            naturals[t.index()] += 1;
        }
        let mut shapes = Vec::new();
        for form in forms.iter() {
            for g in form.groups_holding(self, &pos, tile) {
                each_shape(self, form, &g, winning, || naturals, |s| shapes.push(s));
            }
        }
        Ok(shapes)
    }
}

/// The distinct groups of `split` that can hold `winning`, with shapes.
fn completions(rules: &Rules, split: &Split, winning: WinningTile) -> Vec<Completion> {
    let mut out: Vec<Completion> = Vec::new();
    each_completion(rules, split.form, &split.groups, winning, |group, shape| {
        out.push(Completion { group, shape });
    });
    out
}

/// Gives `emit` each distinct group of a split of `form` (its `groups`)
/// that can hold `winning`, by its index, with each shape it completes
/// once: identical groups give one reading, the first.
fn each_completion(
    rules: &Rules,
    form: Form,
    groups: &[Group],
    winning: WinningTile,
    mut emit: impl FnMut(usize, WaitShape),
) {
    let tile = match winning {
        WinningTile::Tile(t) => Some(t),
        WinningTile::Joker => None,
    };
    for (i, g) in groups.iter().enumerate() {
        let holds = !g.is_declared() && g.slots_holding(tile).next().is_some();
        if !holds || groups[..i].contains(g) {
            continue;
        }
        let mut emitted = 0u32;
        each_shape(
            rules,
            form,
            g,
            winning,
            || naturals(groups),
            |shape| {
                let bit = 1 << shape as u32;
                if emitted & bit == 0 {
                    emitted |= bit;
                    emit(i, shape);
                }
            },
        );
    }
}

/// The natural tiles of a split's `groups`, counted by kind.
fn naturals(groups: &[Group]) -> [u8; KINDS] {
    let mut counts = [0u8; KINDS];
    for t in groups.iter().filter_map(|g| g.tiles()).flatten() {
        counts[t.index()] += 1;
    }
    counts
}

/// Gives `emit` the shapes group `g` of a split of `form` completed, one
/// for each slot the winning tile can take in it. A winning joker in a
/// group of jokers only (`***`) completes each shape of the melds that
/// group may stand for beside the hand's `naturals` ([`joker_melds`]),
/// each distinct shape once.
fn each_shape(
    rules: &Rules,
    form: Form,
    g: &Group,
    winning: WinningTile,
    naturals: impl FnOnce() -> [u8; KINDS],
    mut emit: impl FnMut(WaitShape),
) {
    if g.first_tile().is_none() && winning == WinningTile::Joker {
        if g.kind() == GroupKind::Triplet {
            let naturals = naturals();
            let shapes: BTreeSet<WaitShape> = joker_melds(rules, &naturals)
                .flat_map(|m| (0..3).map(move |slot| shape(form, &m, slot)))
                .collect();
            shapes.into_iter().for_each(emit);
        } else {
            emit(shape(form, g, 0));
        }
        return;
    }
    let tile = match winning {
        WinningTile::Tile(t) => Some(t),
        WinningTile::Joker => None,
    };
    for slot in g.slots_holding(tile) {
        emit(shape(form, g, slot));
    }
}

/// The shape of the wait `group` (of a split of `form`, its jokers
/// resolved) held when the winning tile completed its `slot` (rank order).
fn shape(form: Form, group: &Group, slot: usize) -> WaitShape {
    match group.kind() {
        GroupKind::Pair if form == Form::ThirteenOrphans => WaitShape::ThirteenSided,
        GroupKind::Single => WaitShape::Orphans,
        GroupKind::Pair => WaitShape::Tanki,
        GroupKind::Triplet | GroupKind::Kong => WaitShape::Shanpon,
        GroupKind::HonorSequence => WaitShape::HonorSequence,
        GroupKind::Knitted | GroupKind::HonorsAndKnitted => WaitShape::Knitted,
        GroupKind::Sequence => match (slot, group.first_tile().map(|t| t.rank())) {
            (1, _) => WaitShape::Kanchan,
            (0, Some(7)) | (2, Some(1)) => WaitShape::Penchan,
            _ => WaitShape::Ryanmen,
        },
    }
}
