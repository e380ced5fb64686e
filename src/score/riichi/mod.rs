//! Riichi (Japanese) scoring: yaku ([`yaku`]), fu ([`fu`]), limits and
//! payments ([`points`]), for rules whose `[scoring]` table says
//! `family = "riichi"`.
//!
//! A claim is scored on every reading of the win that
//! [`Rules::win`](crate::Rules::win) finds — every split, and every group
//! of it the winning tile can have completed, with the wait's shape — and
//! the reading paying most counts (then a yakuman over a counted yakuman
//! that pays the same, as Tenhou and Mahjong Soul score it; then the most
//! han, then the most fu).
//! A reading's yaku come from three places: the claim's circumstances
//! (riichi, tsumo, haitei, tenhou, ...), the tile counts (tanyao, honitsu,
//! chinitsu, honroutou, the all-honours, all-terminals, all-green and
//! nine-gates yakuman), both worked out once per claim
//! (`facts::Facts`), and the reading's sets (the rest). A yakuman
//! reading lists its yakuman only; otherwise dora, ura-dora (with riichi)
//! and red fives (with `red_fives`) are added to a hand that has a yaku.
//!
//! Decisions where rule sets differ, as the `riichi` preset reads them:
//! - a double wind pair counts 4 fu (2 as the seat wind, 2 as the round
//!   wind);
//! - chanta and junchan need a sequence (without one the hand is
//!   honroutou or chinroutou);
//! - renhou as `mangan` is a yaku of 5 han (closed), added to the
//!   hand's others; a dealer has no renhou;
//! - a yakuman entry counts 13 han per multiple in `yaku`; `fu` is 0 in a
//!   yakuman hand;
//! - with `double_yakuman = false` the doubled yakuman keep their names
//!   (`kokushi_13`) and count once;
//! - with `red_fives`, a hand holding all four fives of a suit holds its
//!   red one, written red (`0p`) or not (`5555p`): aka dora counts it;
//! - ippatsu and `after_kong` never meet: the riichi player's own kong
//!   ends ippatsu; nor do `after_kong` and `last_tile`: the replacement
//!   tile comes from the dead wall, never the live wall's last tile.

mod detect;
mod facts;
pub mod fu;
pub mod points;
pub mod yaku;

pub use fu::{FuItem, FuItems, FuReason, MAX_FU_ITEMS};
pub use points::{Limit, Points};
pub use yaku::{Yaku, YakuHan, YakuList, YakuListIter};

use self::facts::Facts;
use self::yaku::{YakuSet, YAKUMAN};
use crate::form::Form;
use std::cmp::Ordering;

use crate::group::{Group, Split};
use crate::hand::Hand;
use crate::rules::scoring::Scoring;
use crate::rules::Rules;
use crate::score::claim::{is_whole_hand, Claim, ScoreError, MAX_STICKS};
use crate::score::family::{plays_fourteen_plain_tiles, ClaimField, Family};
use crate::score::reading::Reading;
use crate::win::{WaitShape, WinningTile};

/// Why a complete-looking claim is not a legal win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Illegal {
    /// The hand is complete but has no yaku (dora never make it legal).
    NoYaku,
    /// The hand is not complete.
    NotComplete,
    /// The hand is short of a whole hand: fewer than 14 tiles, a kong
    /// counted as three.
    NotAWin,
}

impl Illegal {
    /// `no_yaku`, `not_complete`, `not_a_win`.
    pub const fn name(self) -> &'static str {
        match self {
            Illegal::NoYaku => "no_yaku",
            Illegal::NotComplete => "not_complete",
            Illegal::NotAWin => "not_a_win",
        }
    }
}

/// A riichi claim scored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RiichiScore {
    /// Is it a legal win?
    pub legal: bool,
    /// Why not, when not.
    pub reason: Option<Illegal>,
    /// Han, bonuses included (0 when not legal).
    pub han: u32,
    /// Fu, rounded (0 for a yakuman or when not legal).
    pub fu: u32,
    /// The fu items (summing to `fu` before rounding).
    pub fu_details: FuItems,
    /// The yaku with their han, in [`Yaku`] order, bonuses last.
    pub yaku: YakuList,
    /// The yakuman multiple, 0 if none.
    pub yakuman: u32,
    /// The limit reached, if any.
    pub limit: Option<Limit>,
    /// What the winner receives and who pays.
    pub points: Points,
    /// The split that scored it (`None` when the hand is not complete).
    pub split: Option<Split>,
    /// The wait's shape in that split.
    pub shape: Option<WaitShape>,
}

impl RiichiScore {
    /// A claim that is no legal win, for `reason`: it pays nothing, and
    /// shows the split and wait that were read, if any.
    fn illegal(reason: Illegal, split: Option<Split>, shape: Option<WaitShape>) -> RiichiScore {
        RiichiScore {
            legal: false,
            reason: Some(reason),
            han: 0,
            fu: 0,
            fu_details: FuItems::new(),
            yaku: YakuList::default(),
            yakuman: 0,
            limit: None,
            points: Points::default(),
            split,
            shape,
        }
    }
}

/// One reading's value, before the winner is written out.
struct Value {
    yaku: YakuSet,
    closed: bool,
    legal: bool,
    han: u32,
    fu: u32,
    fu_items: FuItems,
    yakuman: u32,
    limit: Option<Limit>,
    points: Points,
}

impl Value {
    /// Orders readings: most paid, then the most yakuman (a yakuman over
    /// a counted yakuman that pays the same), then most han, then most fu.
    fn key(&self) -> (bool, u32, u32, u32, u32) {
        (
            self.legal,
            self.points.total,
            self.yakuman,
            self.han,
            self.fu,
        )
    }
}

/// The reading paying most so far: its value, split and wait.
struct Best {
    value: Value,
    split: Split,
    shape: WaitShape,
}

impl Best {
    /// Does the reading of value `v` (a split of `form` into `groups`)
    /// count instead? It pays more (then has more han, then more fu); on a
    /// tie, the split listed first in [`Split`]'s order counts, and within
    /// one split the reading found first.
    fn is_beaten_by(&self, v: &Value, form: Form, groups: &[Group]) -> bool {
        match v.key().cmp(&self.value.key()) {
            Ordering::Greater => true,
            Ordering::Less => false,
            Ordering::Equal => (form, groups) < (self.split.form, &self.split.groups[..]),
        }
    }

    /// Keeps in `best` the reading of value `v`, the split of `form` into
    /// `groups` completing a wait of `shape`, when it is the first or
    /// beats the best so far.
    #[inline(always)]
    fn keep(best: &mut Option<Best>, v: Value, form: Form, groups: &[Group], shape: WaitShape) {
        match best {
            None => {
                *best = Some(Best {
                    value: v,
                    split: Split {
                        form,
                        groups: groups.to_vec(),
                    },
                    shape,
                })
            }
            Some(b) if b.is_beaten_by(&v, form, groups) => {
                b.value = v;
                b.split.form = form;
                b.split.groups.clear();
                b.split.groups.extend_from_slice(groups);
                b.shape = shape;
            }
            Some(_) => {}
        }
    }

    /// The claim scored by this reading: its yaku with their han, the
    /// dora of `facts` (not in a yakuman hand), fu, limit and payments.
    fn into_score(self, facts: &Facts, sw: &Scoring) -> RiichiScore {
        let Best {
            value: v,
            split,
            shape,
        } = self;
        if !v.legal {
            return RiichiScore::illegal(Illegal::NoYaku, Some(split), Some(shape));
        }
        let bonuses = if v.yakuman == 0 {
            [facts.dora, facts.ura, facts.aka]
        } else {
            [0; 3]
        };
        let yaku = YakuList::new(v.yaku, v.closed, sw.double_yakuman, bonuses);
        RiichiScore {
            legal: true,
            reason: None,
            han: v.han,
            fu: v.fu,
            fu_details: if v.yakuman > 0 {
                FuItems::new()
            } else {
                v.fu_items
            },
            yaku,
            yakuman: v.yakuman,
            limit: v.limit,
            points: v.points,
            split: Some(split),
            shape: Some(shape),
        }
    }
}

/// The riichi family ([`Family`]): every claim field but the Chinese
/// families' `flowers` and `last_copy`.
pub(crate) struct Riichi;

impl Family for Riichi {
    const NAME: &'static str = "riichi";

    const JOKERS: bool = false;

    const READS: &'static [ClaimField] = &[
        ClaimField::SeatWind,
        ClaimField::RoundWind,
        ClaimField::Riichi,
        ClaimField::DoubleRiichi,
        ClaimField::Ippatsu,
        ClaimField::AfterKong,
        ClaimField::LastTile,
        ClaimField::FirstTurn,
        ClaimField::Dora,
        ClaimField::UraDora,
        ClaimField::Honba,
        ClaimField::RiichiSticks,
    ];

    type Score = RiichiScore;

    fn check_rules(rules: &Rules) -> Result<(), ScoreError> {
        if !plays_fourteen_plain_tiles(rules) || rules.seven_pairs_quads {
            return Err(ScoreError::Unscorable {
                rules: rules.name().to_string(),
                family: Self::NAME,
                needs: "hands of 14 tiles of all 34 kinds, with no joker, no honour sequence, and seven different pairs (seven_pairs_quads = false)",
            });
        }
        Ok(())
    }

    /// Checks what riichi's own fields make impossible: ippatsu on a
    /// kong's replacement tile, a replacement tile that is the wall's last
    /// (it comes from the dead wall), more sticks than [`MAX_STICKS`] (the
    /// indicators' copies are counted with the hand's, in `Facts::new`).
    fn check(_hand: &Hand, claim: &Claim) -> Result<(), ScoreError> {
        if claim.ippatsu && claim.after_kong {
            return Err(ScoreError::IppatsuAfterKong);
        }
        if claim.after_kong && claim.last_tile {
            return Err(ScoreError::AfterKongOnLastTile);
        }
        for (field, count) in [
            ("honba", claim.honba),
            ("riichi_sticks", claim.riichi_sticks),
        ] {
            if count > MAX_STICKS {
                return Err(ScoreError::TooManySticks { field, count });
            }
        }
        Ok(())
    }

    /// Scores `hand` won by the checked `claim` under the riichi switches
    /// `sw`: every reading of the win, the one paying most.
    fn score(
        rules: &Rules,
        sw: &Scoring,
        hand: &Hand,
        claim: &Claim,
    ) -> Result<RiichiScore, ScoreError> {
        let facts = Facts::new(hand, claim, sw)?;
        if !is_whole_hand(rules, hand)? {
            return Ok(RiichiScore::illegal(Illegal::NotAWin, None, None));
        }
        let mut best: Option<Best> = None;
        rules
            .each_reading(
                hand,
                WinningTile::Tile(claim.winning),
                claim.how,
                |form, groups, won, shape| {
                    let v = value(sw, &facts, claim, form, groups, won, shape);
                    Best::keep(&mut best, v, form, groups, shape);
                },
            )
            .map_err(ScoreError::of_win)?;
        Ok(match best {
            Some(best) => best.into_score(&facts, sw),
            None => RiichiScore::illegal(Illegal::NotComplete, None, None),
        })
    }
}

/// The value of one reading: the split of `form` into `groups` with the
/// winning tile in group `won`, completing a wait of `shape`.
fn value(
    sw: &Scoring,
    facts: &Facts,
    claim: &Claim,
    form: Form,
    groups: &[Group],
    won: usize,
    shape: WaitShape,
) -> Value {
    let (mut y, fu_items) = match form {
        Form::ThirteenOrphans => {
            let k = if shape == WaitShape::ThirteenSided {
                Yaku::Kokushi13
            } else {
                Yaku::Kokushi
            };
            (facts.fixed | k.bit(), fu::seven_pairs())
        }
        Form::SevenPairs => (facts.fixed | Yaku::Chiitoitsu.bit(), fu::seven_pairs()),
        _ => match Reading::new(form, groups, won, shape, claim.how.is_claimed()) {
            Some(r) => {
                let y = facts.fixed | detect::standard_yaku(facts, &r);
                let pinfu = y & Yaku::Pinfu.bit() != 0;
                (y, fu::standard_fu(facts, &r, pinfu))
            }
            None => (0, fu::seven_pairs()),
        },
    };
    // Exclusions: the greater yaku of a pair.
    if y & Yaku::Chinitsu.bit() != 0 {
        y &= !Yaku::Honitsu.bit();
    }
    if y & Yaku::Ryanpeikou.bit() != 0 {
        y &= !(Yaku::Iipeikou.bit() | Yaku::Chiitoitsu.bit());
    }
    let closed = facts.hand.closed();
    let mut yakuman = 0u32;
    if y & YAKUMAN != 0 {
        y &= YAKUMAN;
        for k in yaku::members(y) {
            yakuman += (k.han(closed, sw.double_yakuman) / 13) as u32;
        }
    }
    let mut han: u32 = yaku::members(y)
        .map(|k| k.han(closed, sw.double_yakuman) as u32)
        .sum();
    let legal = han > 0;
    if yakuman == 0 && legal {
        han += (facts.dora + facts.ura + facts.aka) as u32;
    }
    let fu = if yakuman > 0 {
        0
    } else {
        fu::rounded(&fu_items)
    };
    let (basic, limit) = if legal {
        points::basic(han, fu, yakuman, sw)
    } else {
        (0, None)
    };
    let pts = if legal {
        points::payments(
            basic,
            facts.hand.dealer,
            facts.hand.self_drawn,
            claim.honba,
            claim.riichi_sticks,
        )
    } else {
        Points::default()
    };
    Value {
        yaku: y,
        closed,
        legal,
        han,
        fu,
        fu_items,
        yakuman,
        limit,
        points: pts,
    }
}
