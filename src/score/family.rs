//! The interface every scoring family answers ([`Family`]), and the claim
//! fields a family declares it reads ([`ClaimField`]).
//!
//! A family is one module (`score/riichi/`, `score/gb/`, `score/fans/`) with one type
//! implementing [`Family`]: its name, the claim fields it reads (declared
//! once, as data: [`Family::READS`]), what it needs of the rules, its own
//! claim checks, and its scorer. [`score_in`] is the one path every claim
//! takes: the family's rules, the checks every family shares
//! ([`Claim::check`]), one generic check that refuses a claim field the
//! family does not read when it is set ([`ScoreError::NotInFamily`]),
//! the family's own checks, then its scorer.
//!
//! Dispatch is static: [`Rules::score`](crate::Rules::score) matches the
//! compiled rules' [`Family`](crate::rules::scoring::Family) name and calls
//! [`score_in`] for that family's type, so each family's path is compiled
//! on its own with no virtual call, and the fields it does not read are
//! refused by one mask of the fields a claim sets.

use crate::hand::Hand;
use crate::rules::scoring::Scoring;
use crate::rules::Rules;
use crate::score::claim::{Claim, ScoreError};
use crate::tile::sets::EAST;
use crate::tile::TileSet;

/// A field of [`Claim`], by its name in the text form and JSON. A field
/// is *set* when it differs from [`Claim::new`]'s default (the winds: from
/// `1z`); `winning` and `how` are always read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ClaimField {
    /// [`Claim::seat_wind`].
    SeatWind,
    /// [`Claim::round_wind`].
    RoundWind,
    /// [`Claim::riichi`].
    Riichi,
    /// [`Claim::double_riichi`].
    DoubleRiichi,
    /// [`Claim::ippatsu`].
    Ippatsu,
    /// [`Claim::after_kong`].
    AfterKong,
    /// [`Claim::last_tile`].
    LastTile,
    /// [`Claim::first_turn`].
    FirstTurn,
    /// [`Claim::dora`].
    Dora,
    /// [`Claim::ura_dora`].
    UraDora,
    /// [`Claim::honba`].
    Honba,
    /// [`Claim::riichi_sticks`].
    RiichiSticks,
    /// [`Claim::flowers`].
    Flowers,
    /// [`Claim::last_copy`].
    LastCopy,
    /// [`Claim::kong_discard`].
    KongDiscard,
    /// [`Claim::revealed`].
    Revealed,
}

/// Do `rules` play the hands of 14 tiles of all 34 kinds, with no joker
/// and no honour sequence, as riichi and GB scoring need?
pub(crate) fn plays_fourteen_plain_tiles(rules: &Rules) -> bool {
    rules.tiles == TileSet::ALL
        && rules.jokers.is_empty()
        && !rules.honor_sequences
        && rules.max_tiles == 14
}

impl ClaimField {
    /// Every field a family may or may not read, in the order of
    /// [`Claim`]'s fields (the order a claim's fields are refused in).
    pub const ALL: [ClaimField; 16] = [
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
        ClaimField::Flowers,
        ClaimField::LastCopy,
        ClaimField::KongDiscard,
        ClaimField::Revealed,
    ];

    /// `ALL` in the order of the fields' bits, as [`ClaimField::set_in`]'s
    /// readers take it.
    const ALL_BY_BIT: () = {
        let mut i = 0;
        while i < ClaimField::ALL.len() {
            assert!(ClaimField::ALL[i] as usize == i);
            i += 1;
        }
    };

    /// Its name, as the text form and JSON write it (`seat_wind`,
    /// `last_copy`).
    pub const fn name(self) -> &'static str {
        match self {
            ClaimField::SeatWind => "seat_wind",
            ClaimField::RoundWind => "round_wind",
            ClaimField::Riichi => "riichi",
            ClaimField::DoubleRiichi => "double_riichi",
            ClaimField::Ippatsu => "ippatsu",
            ClaimField::AfterKong => "after_kong",
            ClaimField::LastTile => "last_tile",
            ClaimField::FirstTurn => "first_turn",
            ClaimField::Dora => "dora",
            ClaimField::UraDora => "ura_dora",
            ClaimField::Honba => "honba",
            ClaimField::RiichiSticks => "riichi_sticks",
            ClaimField::Flowers => "flowers",
            ClaimField::LastCopy => "last_copy",
            ClaimField::KongDiscard => "kong_discard",
            ClaimField::Revealed => "revealed",
        }
    }

    /// Is this field of `claim` set (not its default)?
    #[inline(always)]
    pub fn is_set(self, claim: &Claim) -> bool {
        ClaimField::set_in(claim) >> self as u32 & 1 == 1
    }

    /// The fields set in `claim`, as bits (bit `field as u32`): each
    /// field's test, none branching.
    #[inline(always)]
    pub(crate) fn set_in(claim: &Claim) -> u32 {
        // Every field named, so that a new field of `Claim` is a new
        // `ClaimField` before it compiles.
        let Claim {
            winning: _,
            how: _,
            seat_wind,
            round_wind,
            riichi,
            double_riichi,
            ippatsu,
            after_kong,
            last_tile,
            first_turn,
            dora,
            ura_dora,
            honba,
            riichi_sticks,
            flowers,
            last_copy,
            kong_discard,
            revealed,
        } = claim;
        let bit = |field: ClaimField, set: bool| (set as u32) << field as u32;
        bit(ClaimField::SeatWind, seat_wind.index() != EAST)
            | bit(ClaimField::RoundWind, round_wind.index() != EAST)
            | bit(ClaimField::Riichi, *riichi)
            | bit(ClaimField::DoubleRiichi, *double_riichi)
            | bit(ClaimField::Ippatsu, *ippatsu)
            | bit(ClaimField::AfterKong, *after_kong)
            | bit(ClaimField::LastTile, *last_tile)
            | bit(ClaimField::FirstTurn, *first_turn)
            | bit(ClaimField::Dora, !dora.is_empty())
            | bit(ClaimField::UraDora, !ura_dora.is_empty())
            | bit(ClaimField::Honba, *honba > 0)
            | bit(ClaimField::RiichiSticks, *riichi_sticks > 0)
            | bit(ClaimField::Flowers, *flowers > 0)
            | bit(ClaimField::LastCopy, *last_copy)
            | bit(ClaimField::KongDiscard, *kong_discard)
            | bit(ClaimField::Revealed, *revealed)
    }

    /// The fields of `list` as bits (bit `field as u32`).
    pub(crate) const fn bits(list: &[ClaimField]) -> u32 {
        let mut bits = 0;
        let mut i = 0;
        while i < list.len() {
            bits |= 1 << list[i] as u32;
            i += 1;
        }
        bits
    }
}

/// A scoring family: one module, behind this one interface.
pub(crate) trait Family {
    /// The family's name, as a rule file's `[scoring]` table writes it
    /// (`riichi`, `gb`, `fans`).
    const NAME: &'static str;

    /// The claim fields the family reads. A field not listed, set in a
    /// claim, is refused ([`ScoreError::NotInFamily`]).
    const READS: &'static [ClaimField];

    /// Does the family score hands holding jokers? A family that does not
    /// refuses them ([`ScoreError::Jokers`]).
    const JOKERS: bool;

    /// The family's scored claim.
    type Score;

    /// Refuses rules whose shapes the family cannot score
    /// ([`ScoreError::Unscorable`]).
    fn check_rules(rules: &Rules) -> Result<(), ScoreError>;

    /// The family's own checks of a claim, after the shared ones and the
    /// refusal of the fields it does not read.
    fn check(hand: &Hand, claim: &Claim) -> Result<(), ScoreError>;

    /// Scores a checked claim under `scoring`, the rules' `[scoring]`
    /// table.
    fn score(
        rules: &Rules,
        scoring: &Scoring,
        hand: &Hand,
        claim: &Claim,
    ) -> Result<Self::Score, ScoreError>;
}

/// Refuses a claim field that family `F` does not read, set in `claim`:
/// the first in the order of [`ClaimField::ALL`].
#[inline(always)]
fn refuse_unread<F: Family>(claim: &Claim) -> Result<(), ScoreError> {
    let unread = ClaimField::set_in(claim) & !ClaimField::bits(F::READS);
    let () = ClaimField::ALL_BY_BIT;
    match ClaimField::ALL.get(unread.trailing_zeros() as usize) {
        Some(field) => Err(ScoreError::NotInFamily {
            field: field.name(),
            family: F::NAME,
        }),
        None => Ok(()),
    }
}

/// Scores `hand` won by `claim` in family `F`: the rules, the jokers,
/// the shared claim checks, the fields `F` does not read, `F`'s own checks, then
/// `F`'s scorer.
#[inline(always)]
pub(crate) fn score_in<F: Family>(
    rules: &Rules,
    scoring: &Scoring,
    hand: &Hand,
    claim: &Claim,
) -> Result<F::Score, ScoreError> {
    F::check_rules(rules)?;
    if !F::JOKERS && hand.jokers() > 0 {
        return Err(ScoreError::Jokers {
            jokers: hand.jokers() as usize,
        });
    }
    claim.check(hand)?;
    refuse_unread::<F>(claim)?;
    F::check(hand, claim)?;
    F::score(rules, scoring, hand, claim)
}
