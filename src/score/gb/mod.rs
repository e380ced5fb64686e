//! Chinese Official scoring (国标麻将, MCR): the 81 fans and 明暗杠 ([`Fan`],
//! their points and names written once in `fans.rs`), the 8-point
//! minimum, and flowers, for rules whose `[scoring]` table says
//! `family = "gb"` (the `gb` preset).
//!
//! ```
//! use hupai::score::{Claim, Score};
//! use hupai::{Hand, Rules, WinHow};
//! let gb = Rules::preset("gb")?;
//! // 清龙 in 万, self-drawn and concealed: 16 + 不求人 4 + 缺一门 1 + 单钓 1.
//! let hand: Hand = "123456789m234s11z".parse()?;
//! let Score::Gb(s) = gb.score(&hand, &Claim::new("1z".parse()?, WinHow::SelfDrawn))? else { unreachable!() };
//! let fans: Vec<(&str, u8)> = s.fans.iter().map(|f| (f.fan.name_zh(), f.count)).collect();
//! assert_eq!(fans, [("清龙", 1), ("不求人", 1), ("缺一门", 1), ("独听・单钓", 1)]);
//! assert!(s.legal);
//! assert_eq!(s.points, 22);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # How a claim is scored
//! Every reading of the win (each split of [`Rules::win`], with each group
//! the winning tile can have completed) gets its fans from four places:
//! the form (十三幺, 七对, 连七对, 全不靠, 七星不靠, 组合龙, 九莲宝灯), the sets
//! (`sets.rs`: combinations, honour pungs, kongs, concealed pungs), the
//! tiles alone (`tiles.rs`: suits, ranks, 四归一) and the circumstances
//! (自摸, 门前清, 不求人, 全求人, 和绝张, 妙手回春, 海底捞月, 杠上开花, 抢杠和,
//! and the single waits 边张, 嵌张, 单钓将 when the hand waited on that one
//! tile only). The fans a counted fan implies are then taken out
//! (`principles.rs`); a reading with no fan left is 无番和. The reading
//! scoring most counts (就高不就低原则); flowers (花牌) add 1 each and never
//! count toward the minimum of 8.
//!
//! # Readings of the rulebook decided here
//! - A pung completed by a claimed winning tile is melded (明刻) for the
//!   concealed-pung fans; self-drawn it is concealed.
//! - 边张, 嵌张 and 单钓将 count only when the hand before the win waited on
//!   the winning tile alone (独听), in the reading where the tile sits in
//!   that place; a knitted tile completing 组合龙 is none of them. The wait
//!   is the shape's: a kind the hand holds four times that its shape waits
//!   on is a wait (2224444s waits on 3s and 4s: no 嵌张 on the 3s).
//! - 和绝张 is the fourth copy after three shown (on the table: discards
//!   and melds). It counts when the claim says `last_copy` and the hand
//!   before the win holds no copy of the winning tile concealed (a copy
//!   concealed is not shown: the claim's last copy is then no 和绝张), and
//!   whatever the claim says when the other three copies are in the
//!   winner's declared melds.
//! - 平和 counts in a 组合龙 hand whose set is a chow and whose pair is not
//!   honours (the knitted straight read as three chows).
//! - 全不靠 (and 七星不靠's lesser form) holding all nine tiles of a knitted
//!   straight counts 组合龙 too.
//! - See `principles.rs` for 不求人 beside fans that imply 门前清, and for
//!   九莲宝灯's 幺九刻.

mod fans;
mod principles;
mod sets;
mod tiles;

pub use fans::{Fan, FanCounts, ALL_FANS, FAN_COUNT};

use arrayvec::ArrayVec;

use crate::error::HandError;
use crate::form::judge::WaitOptions;
use crate::form::Form;
use crate::group::{Group, Split};
use crate::hand::Hand;
use crate::meld::{Meld, MeldKind, Melds, MAX_MELDS};
use crate::rules::scoring::Scoring;
use crate::rules::Rules;
use crate::score::claim::{is_whole_hand, Claim, ScoreError};
use crate::score::family::{plays_fourteen_plain_tiles, ClaimField, Family};
use crate::score::reading::{HandFacts, NineGates, Reading, Shape};
use crate::tile::sets::{holds, HONORS};
use crate::tile::{Suit, Tile, KINDS};
use crate::win::{WaitShape, WinHow, WinningTile};
use std::cmp::Ordering;

/// The fewest points (flowers not counted) a legal win needs (起和番).
pub const MINIMUM: u32 = 8;

/// The most flowers a claim can hold (8 flower tiles in the set).
pub const MAX_FLOWERS: u8 = 8;

/// Why a GB claim is not a legal win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The hand is complete but scores fewer than 8 points without
    /// flowers.
    UnderEight,
    /// The hand is not complete.
    NotComplete,
    /// The hand is short of a whole hand: fewer than 14 tiles, a kong
    /// counted as three.
    NotAWin,
}

impl Illegal {
    /// `under_8_points`, `not_complete`, `not_a_win`.
    pub const fn name(self) -> &'static str {
        match self {
            Illegal::UnderEight => "under_8_points",
            Illegal::NotComplete => "not_complete",
            Illegal::NotAWin => "not_a_win",
        }
    }
}

/// A fan and how many times it counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FanCount {
    /// The fan.
    pub fan: Fan,
    /// How many times it counts (its points are `fan.points() * count`).
    pub count: u8,
}

/// A GB claim scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GbScore {
    /// Does it reach 8 points without flowers?
    pub legal: bool,
    /// Why not, when not.
    pub reason: Option<Illegal>,
    /// The fans counted, in table order (points descending), 花牌 last
    /// among the 1-point fans as the table puts it.
    pub fans: Vec<FanCount>,
    /// The points of every fan, flowers included (scored even when not
    /// legal, so a player sees how far the hand falls short).
    pub points: u32,
    /// The points without flowers (what the minimum is measured on).
    pub fan_points: u32,
    /// The split that scored (`None` when the hand is not complete).
    pub split: Option<Split>,
    /// The wait's shape in that split.
    pub shape: Option<WaitShape>,
}

/// What is true of the hand and the claim whatever the reading.
struct Facts<'h> {
    /// The hand's facts: every tile, the kongs, the open melds.
    hand: HandFacts<'h>,
    /// The hand before the win waited on the winning tile only: asked
    /// ([`single_wait`]) when the first reading whose wait can be 边张,
    /// 嵌张 or 单钓将 is scored, `None` before.
    single_wait: Option<bool>,
    /// Copies of the winning tile in the declared melds: with three, the
    /// winning tile is the last copy whatever the claim says (the other
    /// three are shown on the table).
    winning_in_melds: usize,
}

impl<'h> Facts<'h> {
    fn new(hand: &'h Hand, claim: &Claim) -> Facts<'h> {
        Facts {
            hand: HandFacts::new(hand, claim),
            single_wait: None,
            winning_in_melds: hand
                .melds()
                .iter()
                .map(|m| m.tiles().filter(|&t| t == claim.winning).count())
                .sum(),
        }
    }
}

/// Can reading `r` take a wait fan (边张, 嵌张, 单钓将), when the hand
/// waited on the winning tile only?
fn may_take_wait_fan(r: &Reading) -> bool {
    matches!(r.shape, Shape::Standard | Shape::KnittedStraight)
        && matches!(
            r.wait,
            WaitShape::Kanchan | WaitShape::Penchan | WaitShape::Tanki
        )
}

/// Did `hand` before the win (the winning tile of `claim` taken out)
/// wait on the winning tile only?
fn single_wait(rules: &Rules, hand: &Hand, claim: &Claim) -> Result<bool, HandError> {
    let mut before = *hand.counts();
    before[claim.winning.index()] -= 1;
    rules.waits_only_on(
        &before,
        &stand_ins(&before, hand)?,
        claim.winning,
        WaitOptions {
            four_held_is_wait: true,
        },
    )
}

/// The declared melds as the waits of the concealed part `before` (the
/// hand before the win) are judged beside them, by shape alone: a kind
/// whose four copies the hand already holds, concealed or in its melds, is
/// a wait when the shape waits on it (独听 is judged on the shape, not on
/// the copies left). The melds are fixed groups whatever their tiles, so
/// each stands in as a pung of an honour `before` does not hold, and the
/// waits are asked with kinds held four times counted.
fn stand_ins(before: &[u8; KINDS], hand: &Hand) -> Result<Melds, HandError> {
    let mut free = (0..KINDS).filter(|&i| holds(HONORS, i) && before[i] == 0);
    let mut stand_ins = ArrayVec::<Meld, MAX_MELDS>::new();
    for _ in hand.melds() {
        match free.next() {
            Some(i) => stand_ins.push(Meld::new(MeldKind::Pon, Tile::from_index(i)?)?),
            // No free honour (no ready hand holds so many): the melds as
            // they are.
            None => return Ok(*hand.meld_list()),
        }
    }
    Ok(Melds::of(&stand_ins).unwrap_or(*hand.meld_list()))
}

/// The GB family ([`Family`]): the winds, the circumstances GB counts,
/// the flowers and the last copy; none of riichi's fields.
pub(crate) struct Gb;

impl Family for Gb {
    const NAME: &'static str = "gb";

    const JOKERS: bool = false;

    const READS: &'static [ClaimField] = &[
        ClaimField::SeatWind,
        ClaimField::RoundWind,
        ClaimField::AfterKong,
        ClaimField::LastTile,
        ClaimField::Flowers,
        ClaimField::LastCopy,
    ];

    type Score = GbScore;

    fn check_rules(rules: &Rules) -> Result<(), ScoreError> {
        if !plays_fourteen_plain_tiles(rules) {
            return Err(ScoreError::Unscorable {
                rules: rules.name().to_string(),
                family: Self::NAME,
                needs: "hands of 14 tiles of all 34 kinds, with no joker and no honour sequence",
            });
        }
        Ok(())
    }

    /// Checks the flowers; the copies a robbed kong cannot leave in the
    /// hand are [`Rules::win`]'s to refuse.
    fn check(_hand: &Hand, claim: &Claim) -> Result<(), ScoreError> {
        if claim.flowers > MAX_FLOWERS {
            return Err(ScoreError::TooManyFlowers {
                flowers: claim.flowers,
            });
        }
        Ok(())
    }

    /// Scores `hand` won by the checked `claim` under GB rules: every
    /// reading of the win, the one scoring most.
    fn score(
        rules: &Rules,
        _scoring: &Scoring,
        hand: &Hand,
        claim: &Claim,
    ) -> Result<GbScore, ScoreError> {
        if !is_whole_hand(rules, hand)? {
            return Ok(GbScore::no_win(Illegal::NotAWin));
        }
        let mut facts = Facts::new(hand, claim);
        let claimed = claim.how.is_claimed();
        let mut best: Option<Best> = None;
        let mut wait_error = None;
        rules
            .each_reading(
                hand,
                WinningTile::Tile(claim.winning),
                claim.how,
                |form, groups, won, shape| {
                    let Some(r) = Reading::new(form, groups, won, shape, claimed) else {
                        return;
                    };
                    if facts.single_wait.is_none() && may_take_wait_fan(&r) {
                        match single_wait(rules, hand, claim) {
                            Ok(single) => facts.single_wait = Some(single),
                            Err(e) => {
                                wait_error.get_or_insert(e);
                                return;
                            }
                        }
                    }
                    let fans = reading_fans(&r, &facts, claim);
                    Best::keep(&mut best, fans, form, groups, shape);
                },
            )
            .map_err(ScoreError::of_win)?;
        if let Some(e) = wait_error {
            return Err(e.into());
        }
        let Some(Best {
            mut fans,
            points: fan_points,
            split,
            shape,
        }) = best
        else {
            return Ok(GbScore::no_win(Illegal::NotComplete));
        };
        fans.set(Fan::FlowerTiles, claim.flowers);
        let legal = fan_points >= MINIMUM;
        Ok(GbScore {
            legal,
            reason: (!legal).then_some(Illegal::UnderEight),
            fans: {
                let mut list = Vec::with_capacity(fans.len());
                list.extend(fans.iter().map(|(fan, count)| FanCount { fan, count }));
                list
            },
            points: fan_points + claim.flowers as u32,
            fan_points,
            split: Some(split),
            shape: Some(shape),
        })
    }
}

/// The reading scoring most so far: its fans (flowers not counted), their
/// points, its split and wait.
struct Best {
    fans: FanCounts,
    points: u32,
    split: Split,
    shape: WaitShape,
}

impl Best {
    /// Keeps in `best` the reading with `fans`, the split of `form` into
    /// `groups` completing a wait of `shape`, when it is the first or
    /// scores more. Equal points: the wait first in the rulebook's order
    /// (边张, 嵌张, 单钓将), as it reads 1233 won on the 3 as 边张; then
    /// the split first in [`Split`]'s order ([`Rules::win`]'s), and within
    /// a split the reading found first.
    #[inline(always)]
    fn keep(
        best: &mut Option<Best>,
        fans: FanCounts,
        form: Form,
        groups: &[Group],
        shape: WaitShape,
    ) {
        let points = fans.points();
        match best {
            None => {
                *best = Some(Best {
                    fans,
                    points,
                    split: Split {
                        form,
                        groups: groups.to_vec(),
                    },
                    shape,
                })
            }
            Some(b) => {
                let order = (points, wait_rank(&fans)).cmp(&(b.points, wait_rank(&b.fans)));
                let beats =
                    order.then_with(|| (&b.split.form, &b.split.groups[..]).cmp(&(&form, groups)));
                if beats == Ordering::Greater {
                    b.fans = fans;
                    b.points = points;
                    b.split.form = form;
                    b.split.groups.clear();
                    b.split.groups.extend_from_slice(groups);
                    b.shape = shape;
                }
            }
        }
    }
}

impl GbScore {
    /// The score of a claim that is no win for `reason` (a hand that is
    /// not complete, or short of a whole hand): no fan.
    const fn no_win(reason: Illegal) -> GbScore {
        GbScore {
            legal: false,
            reason: Some(reason),
            fans: Vec::new(),
            points: 0,
            fan_points: 0,
            split: None,
            shape: None,
        }
    }
}

/// How a reading's wait fan ranks among equal points: 边张 over 嵌张 over
/// 单钓将 over none.
fn wait_rank(fans: &FanCounts) -> u8 {
    [Fan::SingleWait, Fan::ClosedWait, Fan::EdgeWait]
        .iter()
        .zip(1..)
        .filter(|(f, _)| fans.get(**f) > 0)
        .map(|(_, r)| r)
        .max()
        .unwrap_or(0)
}

/// The fans of one reading, the implied ones taken out, 无番和 when none
/// is left; flowers not counted.
fn reading_fans(r: &Reading, facts: &Facts, claim: &Claim) -> FanCounts {
    let mut fans = FanCounts::default();
    match r.shape {
        Shape::ThirteenOrphans => fans.add(Fan::ThirteenOrphans),
        Shape::SevenPairs => {
            let p = r.pairs();
            let shifted = p.len() == 7
                && p[0].suit() != Suit::Honor
                && p.windows(2)
                    .all(|w| w[1].suit() == w[0].suit() && w[1].index() == w[0].index() + 1);
            fans.add(if shifted {
                Fan::SevenShiftedPairs
            } else {
                Fan::SevenPairs
            });
        }
        Shape::HonorsAndKnitted {
            greater,
            knitted_straight,
        } => {
            fans.add(if greater {
                Fan::GreaterHonorsAndKnittedTiles
            } else {
                Fan::LesserHonorsAndKnittedTiles
            });
            if knitted_straight {
                fans.add(Fan::KnittedStraight);
            }
        }
        Shape::KnittedStraight => {
            fans.add(Fan::KnittedStraight);
            sets::set_fans(r, claim.seat_wind, claim.round_wind, &mut fans);
        }
        Shape::Standard => {
            sets::set_fans(r, claim.seat_wind, claim.round_wind, &mut fans);
            // The pure nine gates only: the 13 tiles before the win were
            // 1112345678999.
            if facts.hand.nine_gates(claim.winning) == Some(NineGates::Pure) {
                fans.add(Fan::NineGates);
            }
        }
    }
    tiles::tile_fans(&facts.hand, &mut fans);
    circumstances(r, facts, claim, &mut fans);
    principles::apply(&mut fans);
    if fans.points() == 0 {
        fans.add(Fan::ChickenHand);
    }
    fans
}

/// The fans of how the hand was won and of the wait.
fn circumstances(r: &Reading, facts: &Facts, claim: &Claim, fans: &mut FanCounts) {
    let self_drawn = facts.hand.self_drawn;
    if facts.hand.closed() {
        fans.add(if self_drawn {
            Fan::FullyConcealedHand
        } else {
            Fan::ConcealedHand
        });
    }
    if self_drawn {
        fans.add(Fan::SelfDrawn);
    }
    if facts.hand.open_melds == 4 && !self_drawn {
        fans.add(Fan::MeldedHand);
    }
    if claim.last_tile {
        fans.add(if self_drawn {
            Fan::LastTileDraw
        } else {
            Fan::LastTileClaim
        });
    }
    if claim.after_kong {
        fans.add(Fan::OutWithReplacementTile);
    }
    if claim.how == WinHow::RobbingKong {
        fans.add(Fan::RobbingTheKong);
    }
    let concealed_before = facts.hand.concealed[claim.winning.index()] - 1;
    if (claim.last_copy && concealed_before == 0) || facts.winning_in_melds == 3 {
        fans.add(Fan::LastTile);
    }
    if facts.single_wait == Some(true) && may_take_wait_fan(r) {
        match r.wait {
            WaitShape::Kanchan => fans.add(Fan::ClosedWait),
            WaitShape::Penchan => fans.add(Fan::EdgeWait),
            WaitShape::Tanki => fans.add(Fan::SingleWait),
            _ => {}
        }
    }
}
