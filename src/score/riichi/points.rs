//! Points: the limit a hand reaches ([`Limit`]), its basic points, and
//! what each seat pays ([`Points`]).
//!
//! Basic points are fu × 2^(han + 2), capped at 2,000 (mangan: 5 han, or
//! fewer han over 2,000; with `kiriage` also 4 han 30 fu and 3 han 60
//! fu); 6–7 han 3,000 (haneman), 8–10 4,000 (baiman), 11–12 6,000
//! (sanbaiman), 13 or more 8,000 (a counted yakuman) or 6,000 as `kazoe`
//! says; a yakuman 8,000 times its multiple. On a discard the discarder
//! pays 6 (dealer) or 4 times the basic points; self-drawn, each seat
//! pays 2 times (the dealer, or every seat when the dealer won) or once,
//! each payment rounded up to 100. Honba add 300 a stick in all (100 from
//! each payer when self-drawn); riichi sticks add 1,000 each to `total`.

use std::fmt;

use crate::rules::scoring::{Kazoe, Scoring};

/// The limit a hand reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Limit {
    /// 2,000 basic points.
    Mangan,
    /// 3,000.
    Haneman,
    /// 4,000.
    Baiman,
    /// 6,000.
    Sanbaiman,
    /// 8,000: 13 han or more without a yakuman, under `kazoe = "yakuman"`.
    KazoeYakuman,
    /// 8,000 times the multiple (see `yakuman` beside it).
    Yakuman,
}

impl Limit {
    /// `mangan`, `haneman`, `baiman`, `sanbaiman`, `kazoe_yakuman`, `yakuman`.
    pub const fn name(self) -> &'static str {
        match self {
            Limit::Mangan => "mangan",
            Limit::Haneman => "haneman",
            Limit::Baiman => "baiman",
            Limit::Sanbaiman => "sanbaiman",
            Limit::KazoeYakuman => "kazoe_yakuman",
            Limit::Yakuman => "yakuman",
        }
    }
}

impl fmt::Display for Limit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What the winner receives, and from whom.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Points {
    /// What the winner receives: the payments, honba and riichi sticks.
    pub total: u32,
    /// On a discard (or a robbed kong): what the discarder pays.
    pub discard: Option<u32>,
    /// Self-drawn by a seat other than the dealer: what the dealer pays.
    pub dealer: Option<u32>,
    /// Self-drawn: what each other seat (each non-dealer) pays.
    pub others: Option<u32>,
}

/// Basic points and the limit of `han` and `fu`, or of a yakuman
/// `multiple` (when not 0).
pub(crate) fn basic(han: u32, fu: u32, multiple: u32, sw: &Scoring) -> (u32, Option<Limit>) {
    if multiple > 0 {
        return (8000 * multiple, Some(Limit::Yakuman));
    }
    match han {
        13.. => match sw.kazoe {
            Kazoe::Yakuman => (8000, Some(Limit::KazoeYakuman)),
            Kazoe::Sanbaiman => (6000, Some(Limit::Sanbaiman)),
        },
        11..=12 => (6000, Some(Limit::Sanbaiman)),
        8..=10 => (4000, Some(Limit::Baiman)),
        6..=7 => (3000, Some(Limit::Haneman)),
        5 => (2000, Some(Limit::Mangan)),
        _ => {
            let b = fu << (han + 2);
            if b >= 2000 || (sw.kiriage && b == 1920) {
                (2000, Some(Limit::Mangan))
            } else {
                (b, None)
            }
        }
    }
}

fn up100(x: u32) -> u32 {
    x.div_ceil(100) * 100
}

/// The payments of basic points `b`.
pub(crate) fn payments(b: u32, dealer: bool, self_drawn: bool, honba: u32, sticks: u32) -> Points {
    let sticks = 1000u32.saturating_mul(sticks);
    if !self_drawn {
        let pay =
            up100(b * if dealer { 6 } else { 4 }).saturating_add(300u32.saturating_mul(honba));
        return Points {
            total: pay.saturating_add(sticks),
            discard: Some(pay),
            dealer: None,
            others: None,
        };
    }
    let extra = 100u32.saturating_mul(honba);
    if dealer {
        let each = up100(2 * b).saturating_add(extra);
        Points {
            total: each.saturating_mul(3).saturating_add(sticks),
            discard: None,
            dealer: None,
            others: Some(each),
        }
    } else {
        let d = up100(2 * b).saturating_add(extra);
        let o = up100(b).saturating_add(extra);
        Points {
            total: d.saturating_add(o.saturating_mul(2)).saturating_add(sticks),
            discard: None,
            dealer: Some(d),
            others: Some(o),
        }
    }
}
