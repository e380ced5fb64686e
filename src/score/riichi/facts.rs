//! The facts of a riichi claim that every reading shares ([`Facts`]: the
//! hand's ([`HandFacts`]), the winds, the yaku of the circumstances and of
//! the tile counts, the dora).

use super::yaku::{Yaku, YakuSet};
use crate::hand::Hand;
use crate::rules::scoring::{Renhou, Scoring};
use crate::score::claim::{Claim, ScoreError};
use crate::score::reading::{HandFacts, NineGates};
use crate::tile::sets::{is_honor, is_wind, EAST, GREENS, HONORS, ORPHANS, SUITS, WHITE_DRAGON};
use crate::tile::{Tile, KINDS};
use crate::win::WinHow;

/// What every reading of a claim shares.
pub(crate) struct Facts<'h> {
    /// The hand's facts: every tile, closedness, the dealer, self-drawn.
    pub hand: HandFacts<'h>,
    /// The seat and round winds.
    pub seat: Tile,
    pub round: Tile,
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

impl<'h> Facts<'h> {
    /// The facts of `hand` won by `claim`, or
    /// [`ScoreError::IndicatorCopies`] when the dora and ura-dora
    /// indicators are copies the hand and its melds leave none of.
    pub(crate) fn new(
        hand: &'h Hand,
        claim: &Claim,
        sw: &Scoring,
    ) -> Result<Facts<'h>, ScoreError> {
        let facts = HandFacts::new(hand, claim);
        claim.check_indicator_copies(&facts.all)?;
        let closed = facts.closed();
        let self_drawn = facts.self_drawn;
        let dealer = facts.dealer;
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
        let kinds = facts.kinds;
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
        match facts.nine_gates(claim.winning) {
            Some(NineGates::Pure) => add(Yaku::Chuuren9),
            Some(NineGates::Frame) => add(Yaku::Chuuren),
            None => {}
        }
        let all = &facts.all;
        let count = |list: &[Tile]| -> u8 { list.iter().map(|&t| all[dora_of(t)]).sum() };
        let dora = count(&claim.dora);
        let ura = if claim.in_riichi() {
            count(&claim.ura_dora)
        } else {
            0
        };
        let aka = if sw.red_fives {
            red_fives(hand, all)
        } else {
            0
        };
        Ok(Facts {
            hand: facts,
            seat: claim.seat_wind,
            round: claim.round_wind,
            fixed,
            dora,
            ura,
            aka,
        })
    }
}
