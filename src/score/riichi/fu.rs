//! Fu (符): the items of a reading ([`FuItem`], [`FuReason`]) and their
//! sum rounded up to 10.
//!
//! | item | fu |
//! |---|---|
//! | `base` (副底) | 20 |
//! | `chiitoitsu` (seven pairs, the whole count) | 25 |
//! | `closed_ron` (門前加符: a closed hand on a discard or a robbed kong) | 10 |
//! | `tsumo` (self-drawn, except pinfu) | 2 |
//! | `kanchan`, `penchan`, `tanki` (the wait) | 2 |
//! | `dragon_pair`, `seat_wind_pair`, `round_wind_pair` (a double wind pair gives both: 4) | 2 |
//! | `open_pung_simple` / `closed_pung_simple` | 2 / 4 |
//! | `open_pung_terminal` / `closed_pung_terminal` (terminals and honours) | 4 / 8 |
//! | `open_kong_simple` / `closed_kong_simple` | 8 / 16 |
//! | `open_kong_terminal` / `closed_kong_terminal` | 16 / 32 |
//! | `open_pinfu` (an open hand of 20 fu on a discard counts 30) | 10 |
//!
//! A triplet completed by a claimed tile is open. Pinfu counts 20 fu
//! self-drawn and 30 on a discard.

use std::fmt;

use arrayvec::ArrayVec;

use super::facts::Facts;
use crate::score::reading::{Reading, SetKind};
use crate::tile::sets::{holds, is_dragon, ORPHANS};
use crate::win::WaitShape;

macro_rules! reasons {
    ($($variant:ident = $name:literal;)*) => {
        /// Why fu were counted: the items of the [module docs](self).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum FuReason {
            $(#[doc = concat!("`", $name, "`")] $variant,)*
        }

        impl FuReason {
            /// Its identifier (`closed_ron`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(FuReason::$variant => $name,)*
                }
            }
        }
    };
}

reasons! {
    Base = "base";
    Chiitoitsu = "chiitoitsu";
    ClosedRon = "closed_ron";
    Tsumo = "tsumo";
    Kanchan = "kanchan";
    Penchan = "penchan";
    Tanki = "tanki";
    DragonPair = "dragon_pair";
    SeatWindPair = "seat_wind_pair";
    RoundWindPair = "round_wind_pair";
    OpenPungSimple = "open_pung_simple";
    ClosedPungSimple = "closed_pung_simple";
    OpenPungTerminal = "open_pung_terminal";
    ClosedPungTerminal = "closed_pung_terminal";
    OpenKongSimple = "open_kong_simple";
    ClosedKongSimple = "closed_kong_simple";
    OpenKongTerminal = "open_kong_terminal";
    ClosedKongTerminal = "closed_kong_terminal";
    OpenPinfu = "open_pinfu";
}

impl fmt::Display for FuReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One item of fu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FuItem {
    /// Its fu.
    pub fu: u8,
    /// Why.
    pub reason: FuReason,
}

/// The most items a reading counts: the base, `closed_ron` or `tsumo`,
/// the wait, two for the pair (a double wind pair), one a set (four), and
/// `open_pinfu`: ten, with room to spare.
pub const MAX_FU_ITEMS: usize = 12;

/// The fu items of a reading, in the order counted: a list held inline
/// (no allocation), read as a slice.
pub type FuItems = ArrayVec<FuItem, MAX_FU_ITEMS>;

/// An item of `fu` fu for `reason`.
fn item(fu: u8, reason: FuReason) -> FuItem {
    FuItem { fu, reason }
}

/// The items' raw sum.
fn sum(items: &[FuItem]) -> u32 {
    items.iter().map(|i| u32::from(i.fu)).sum()
}

/// Seven pairs: 25, not rounded.
pub(crate) fn seven_pairs() -> FuItems {
    let mut f = FuItems::new();
    f.push(item(25, FuReason::Chiitoitsu));
    f
}

/// The fu items of a standard-form reading; `pinfu`: the reading counts
/// pinfu.
#[inline]
pub(crate) fn standard_fu(facts: &Facts, r: &Reading, pinfu: bool) -> FuItems {
    let mut f = FuItems::new();
    f.push(item(20, FuReason::Base));
    let (closed, self_drawn) = (facts.hand.closed(), facts.hand.self_drawn);
    if closed && !self_drawn {
        f.push(item(10, FuReason::ClosedRon));
    }
    if pinfu {
        return f;
    }
    if self_drawn {
        f.push(item(2, FuReason::Tsumo));
    }
    match r.wait {
        WaitShape::Kanchan => f.push(item(2, FuReason::Kanchan)),
        WaitShape::Penchan => f.push(item(2, FuReason::Penchan)),
        WaitShape::Tanki => f.push(item(2, FuReason::Tanki)),
        _ => {}
    }
    if let Some(pair) = r.pair {
        if is_dragon(pair.index()) {
            f.push(item(2, FuReason::DragonPair));
        }
        if pair == facts.seat {
            f.push(item(2, FuReason::SeatWindPair));
        }
        if pair == facts.round {
            f.push(item(2, FuReason::RoundWindPair));
        }
    }
    for s in r.sets() {
        let orphan = holds(ORPHANS, s.tile.index());
        let reason = match (s.kind, !s.concealed, orphan) {
            (SetKind::Pung, true, false) => FuReason::OpenPungSimple,
            (SetKind::Pung, false, false) => FuReason::ClosedPungSimple,
            (SetKind::Pung, true, true) => FuReason::OpenPungTerminal,
            (SetKind::Pung, false, true) => FuReason::ClosedPungTerminal,
            (SetKind::Kong, true, false) => FuReason::OpenKongSimple,
            (SetKind::Kong, false, false) => FuReason::ClosedKongSimple,
            (SetKind::Kong, true, true) => FuReason::OpenKongTerminal,
            (SetKind::Kong, false, true) => FuReason::ClosedKongTerminal,
            _ => continue,
        };
        let base = if s.kind == SetKind::Kong { 8 } else { 2 };
        let fu = base << (u8::from(s.concealed) + u8::from(orphan));
        f.push(item(fu, reason));
    }
    if !closed && !self_drawn && sum(&f) == 20 {
        f.push(item(10, FuReason::OpenPinfu));
    }
    f
}

/// Fu rounded up to 10 (seven pairs' 25 stays).
pub(crate) fn rounded(items: &[FuItem]) -> u32 {
    let sum = sum(items);
    if sum == 25
        && items
            .first()
            .is_some_and(|i| i.reason == FuReason::Chiitoitsu)
    {
        25
    } else {
        sum.div_ceil(10) * 10
    }
}
