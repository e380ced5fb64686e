//! What scoring reads: the facts of a claim that every reading shares
//! ([`Facts`]: winds, closedness, the yaku of the circumstances and of the
//! tile counts, the dora), and one reading of a standard-form split
//! ([`Reading`]: its sets, the pair, the wait the winning tile completed).

use super::yaku::{Yaku, YakuSet};
use crate::group::{Group, GroupKind};
use crate::hand::Hand;
use crate::rules::scoring::{Renhou, Scoring};
use crate::score::claim::{Claim, ScoreError};
use crate::swar::SuitWords;
use crate::tile::sets::{is_honor, is_wind, EAST, GREENS, HONORS, ORPHANS, SUITS, WHITE_DRAGON};
use crate::tile::{Tile, KINDS};
use crate::win::{WaitShape, WinHow};

/// What a set of a reading is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetKind {
    Seq,
    Pung,
    Kong,
    Pair,
}

/// One set: its kind, its (lowest) tile index, and whether it is open (a
/// declared open meld, or a triplet completed by a claimed tile).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Set {
    pub kind: SetKind,
    pub tile: u8,
    pub open: bool,
}

/// A standard-form reading: its sets (four and the pair), which set is the
/// pair, and the wait's shape.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    pub sets: [Set; 5],
    pub len: usize,
    pub pair: usize,
    pub shape: WaitShape,
}

impl Reading {
    /// The reading of a split's `groups` with the winning tile in group
    /// `won` of shape `shape`; `None` for a split that is not of the
    /// standard form (more than five groups, or a group that is no set or
    /// pair).
    pub(crate) fn of(
        groups: &[Group],
        won: usize,
        shape: WaitShape,
        how: WinHow,
    ) -> Option<Reading> {
        let blank = Set {
            kind: SetKind::Pair,
            tile: 0,
            open: false,
        };
        let mut r = Reading {
            sets: [blank; 5],
            len: 0,
            pair: 0,
            shape,
        };
        for (i, g) in groups.iter().enumerate() {
            if r.len == 5 {
                return None;
            }
            let kind = match g.kind() {
                GroupKind::Sequence => SetKind::Seq,
                GroupKind::Triplet => SetKind::Pung,
                GroupKind::Kong => SetKind::Kong,
                GroupKind::Pair => {
                    r.pair = r.len;
                    SetKind::Pair
                }
                _ => return None,
            };
            let open = match g.meld_kind() {
                Some(kind) => kind.is_open(),
                // A triplet completed by a claimed tile is open.
                None => i == won && shape == WaitShape::Shanpon && how.is_claimed(),
            };
            r.sets[r.len] = Set {
                kind,
                tile: g.first_tile()?.index() as u8,
                open,
            };
            r.len += 1;
        }
        Some(r)
    }
}

/// What every reading of a claim shares.
pub(crate) struct Facts {
    /// No open meld (concealed kongs allowed).
    pub closed: bool,
    /// The seat and round winds' indices.
    pub seat: u8,
    pub round: u8,
    pub dealer: bool,
    pub self_drawn: bool,
    /// The yaku of the circumstances and of the counts, whatever the
    /// split (riichi, tanyao, honitsu, tenhou, chuuren, ...).
    pub fixed: YakuSet,
    /// Dora, ura-dora and red fives held.
    pub dora: u8,
    pub ura: u8,
    pub aka: u8,
}

/// The tile an indicator points at (the dora).
pub(crate) fn dora_of(indicator: Tile) -> usize {
    let i = indicator.index();
    if !is_honor(i) {
        i - i % 9 + (i % 9 + 1) % 9
    } else if is_wind(i) {
        EAST + (i - EAST + 1) % 4
    } else {
        WHITE_DRAGON + (i - WHITE_DRAGON + 1) % 3
    }
}

/// The red fives `hand` holds: those written red (`0m`), and, in a suit
/// none is written red, the red one among four fives held (`all`: the
/// counts, the melds' copies included), since the set's red five is one of
/// the four.
fn red_fives(hand: &Hand, all: &[u8; KINDS]) -> u8 {
    let written = hand.red_bits();
    (0..3)
        .filter(|s| written >> (3 * s) & 7 != 0 || all[9 * s + 4] == 4)
        .count() as u8
}

impl Facts {
    /// The facts of `hand` won by `claim`, or
    /// [`ScoreError::IndicatorCopies`] when the dora and ura-dora
    /// indicators are copies the hand and its melds leave none of.
    pub(crate) fn new(hand: &Hand, claim: &Claim, sw: &Scoring) -> Result<Facts, ScoreError> {
        let all = claim.check_indicator_copies(hand)?;
        let closed = hand.melds().iter().all(|m| !m.kind().is_open());
        let self_drawn = claim.how == WinHow::SelfDrawn;
        let dealer = claim.is_dealer();
        let mut fixed: YakuSet = 0;
        let mut add = |y: Yaku| fixed |= y.bit();
        // The circumstances.
        if claim.double_riichi {
            add(Yaku::DoubleRiichi);
        } else if claim.riichi {
            add(Yaku::Riichi);
        }
        if claim.ippatsu {
            add(Yaku::Ippatsu);
        }
        if closed && self_drawn {
            add(Yaku::MenzenTsumo);
        }
        if claim.how == WinHow::RobbingKong {
            add(Yaku::Chankan);
        }
        if claim.after_kong {
            add(Yaku::Rinshan);
        }
        if claim.last_tile {
            add(if self_drawn {
                Yaku::Haitei
            } else {
                Yaku::Houtei
            });
        }
        if claim.first_turn {
            match (self_drawn, dealer) {
                (true, true) => add(Yaku::Tenhou),
                (true, false) => add(Yaku::Chiihou),
                // The dealer has drawn before any discard: no renhou.
                (false, true) => {}
                (false, false) => match sw.renhou {
                    Renhou::None => {}
                    Renhou::Mangan => add(Yaku::Renhou),
                    Renhou::Yakuman => add(Yaku::RenhouYakuman),
                },
            }
        }
        // The counts, as the kinds held (bit i: kind i).
        let kinds = SuitWords::load(&all).nonzero().kinds_with_bit(0);
        let held = |i: usize| kinds >> i & 1 == 1;
        let orphans_only = kinds & !ORPHANS == 0;
        let honors = kinds & HONORS != 0;
        let suits = SUITS.iter().filter(|&&s| kinds & s != 0).count();
        if kinds & ORPHANS == 0 && (closed || sw.open_tanyao) {
            add(Yaku::Tanyao);
        }
        if orphans_only && honors && suits > 0 {
            add(Yaku::Honroutou);
        }
        if suits == 1 {
            add(if honors {
                Yaku::Honitsu
            } else {
                Yaku::Chinitsu
            });
        }
        if suits == 0 {
            add(Yaku::Tsuuiisou);
        }
        if orphans_only && !honors {
            add(Yaku::Chinroutou);
        }
        if kinds & !GREENS == 0 {
            add(Yaku::Ryuuiisou);
        }
        // Nine gates: closed, one suit, 1112345678999 and one more.
        if !hand.has_melds() && suits == 1 && !honors {
            let s = (0..3).find(|s| held(9 * s)).map_or(0, |s| 9 * s);
            let need = |r: usize| if r == 0 || r == 8 { 3 } else { 1 };
            if (0..9).all(|r| all[s + r] >= need(r)) {
                let w = claim.winning.index();
                let pure = (0..9).all(|r| all[s + r] - u8::from(s + r == w) == need(r));
                add(if pure { Yaku::Chuuren9 } else { Yaku::Chuuren });
            }
        }
        let count = |list: &[Tile]| -> u8 { list.iter().map(|&t| all[dora_of(t)]).sum() };
        Ok(Facts {
            closed,
            seat: claim.seat_wind.index() as u8,
            round: claim.round_wind.index() as u8,
            dealer,
            self_drawn,
            fixed,
            dora: count(&claim.dora),
            ura: if claim.in_riichi() {
                count(&claim.ura_dora)
            } else {
                0
            },
            aka: if sw.red_fives {
                red_fives(hand, &all)
            } else {
                0
            },
        })
    }
}
