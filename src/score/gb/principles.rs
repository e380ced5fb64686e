//! The principles that combine fans (计分原则), the part of them that is a
//! table: the fans a larger fan implies and so are not counted (不计原则).
//!
//! [`IMPLIED`] lists, for each fan, the fans its presence rules out: every
//! one the rulebook names after 不计, and the fans those name that the
//! larger fan makes certain too (大四喜 rules out 三风刻 and 小四喜's 不计
//! list alike). [`apply`] walks the fans from the largest down: a fan still
//! counted rules out what it implies; a fan already ruled out rules out
//! nothing (七对 rules out 不求人, but the 自摸 that 不求人 would have
//! ruled out stays).
//!
//! The other principles are not tables and live where the sets are
//! combined ([`sets`](super::sets)): each set combines once into fans of
//! one kind (不重复原则), a set already combined takes part in at most one
//! more combination, with a set not yet combined (套算一次原则), sets are
//! never split or moved (不拆移原则: each reading is one split); of every
//! reading the highest scoring counts (就高不就低原则, in
//! [`Gb::score`](super::Gb#method.score)).
//!
//! Three readings of the rulebook are written here: a fan that rules out
//! 门前清 (concealed hand) rules out 不求人 (a concealed hand self-drawn)
//! with it, so that a self-drawn 七对 or 四暗刻 counts 自摸 and not 不求人;
//! 九莲宝灯 rules out one 幺九刻 (the frame's 111 or 999), not every
//! one, the other terminal pung of the frame still counting; and 清幺九
//! rules out 三同刻 as well as 双同刻, the rulebook's 不计 list naming
//! 同刻, both of them (calculators that keep to the 不计 principle alone
//! count 三同刻 beside it, 16 more: `111m111p111s999m99s`).

use super::fans::{Fan, FanCounts, FAN_COUNT};

/// What a fan rules out: every count of a fan, or one count of it.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Out {
    /// The fan is not counted at all.
    All(Fan),
    /// One count of the fan is not counted.
    One(Fan),
}

use Fan::*;
use Out::{All, One};

/// Each fan with the fans it implies (不计).
pub(crate) const IMPLIED: &[(Fan, &[Out])] = &[
    (AllGreen, &[All(HalfFlush)]),
    (
        BigFourWinds,
        &[
            All(BigThreeWinds),
            All(LittleFourWinds),
            All(AllPungs),
            All(SeatWind),
            All(PrevalentWind),
            All(PungOfTerminalsOrHonors),
        ],
    ),
    (
        BigThreeDragons,
        &[
            All(LittleThreeDragons),
            All(TwoDragonsPungs),
            All(DragonPung),
        ],
    ),
    (
        FourKongs,
        &[All(ThreeKongs), All(AllPungs), All(SingleWait)],
    ),
    (
        NineGates,
        &[
            All(FullFlush),
            All(ConcealedHand),
            All(FullyConcealedHand),
            All(NoHonors),
            All(OneVoidedSuit),
            One(PungOfTerminalsOrHonors),
        ],
    ),
    (
        SevenShiftedPairs,
        &[
            All(SevenPairs),
            All(FullFlush),
            All(ConcealedHand),
            All(FullyConcealedHand),
            All(SingleWait),
            All(NoHonors),
            All(OneVoidedSuit),
        ],
    ),
    (
        ThirteenOrphans,
        &[
            All(AllTypes),
            All(ConcealedHand),
            All(FullyConcealedHand),
            All(SingleWait),
            All(AllTerminalsAndHonors),
        ],
    ),
    (
        AllHonors,
        &[
            All(AllPungs),
            All(PungOfTerminalsOrHonors),
            All(AllTerminalsAndHonors),
            All(OutsideHand),
        ],
    ),
    (
        AllTerminals,
        &[
            All(AllTerminalsAndHonors),
            All(AllPungs),
            All(PungOfTerminalsOrHonors),
            All(OutsideHand),
            All(NoHonors),
            All(DoublePung),
            All(TriplePung),
        ],
    ),
    (
        FourConcealedPungs,
        &[All(ConcealedHand), All(FullyConcealedHand), All(AllPungs)],
    ),
    (LittleFourWinds, &[All(BigThreeWinds)]),
    (LittleThreeDragons, &[All(TwoDragonsPungs), All(DragonPung)]),
    (
        PureTerminalChows,
        &[
            All(SevenPairs),
            All(FullFlush),
            All(AllChows),
            All(PureDoubleChow),
            All(TwoTerminalChows),
            All(NoHonors),
            All(OneVoidedSuit),
        ],
    ),
    (
        FourPureShiftedPungs,
        &[All(PureShiftedPungs), All(PureTripleChow), All(AllPungs)],
    ),
    (
        QuadrupleChow,
        &[
            All(PureTripleChow),
            All(PureShiftedPungs),
            All(PureDoubleChow),
            All(TileHog),
        ],
    ),
    (
        AllTerminalsAndHonors,
        &[
            All(AllPungs),
            All(PungOfTerminalsOrHonors),
            All(OutsideHand),
        ],
    ),
    (
        FourPureShiftedChows,
        &[
            All(PureShiftedChows),
            All(ShortStraight),
            All(TwoTerminalChows),
        ],
    ),
    (
        AllEvenPungs,
        &[All(AllPungs), All(AllSimples), All(NoHonors)],
    ),
    (FullFlush, &[All(NoHonors), All(OneVoidedSuit)]),
    (
        GreaterHonorsAndKnittedTiles,
        &[
            All(LesserHonorsAndKnittedTiles),
            All(AllTypes),
            All(ConcealedHand),
            All(FullyConcealedHand),
            All(SingleWait),
        ],
    ),
    (LowerTiles, &[All(LowerFour), All(NoHonors)]),
    (MiddleTiles, &[All(AllSimples), All(NoHonors)]),
    (PureShiftedPungs, &[All(PureTripleChow)]),
    (
        PureTripleChow,
        &[All(PureShiftedPungs), All(PureDoubleChow)],
    ),
    (
        SevenPairs,
        &[All(ConcealedHand), All(FullyConcealedHand), All(SingleWait)],
    ),
    (UpperTiles, &[All(UpperFour), All(NoHonors)]),
    (AllFive, &[All(AllSimples), All(NoHonors)]),
    (PureStraight, &[All(ShortStraight), All(TwoTerminalChows)]),
    (
        ThreeSuitedTerminalChows,
        &[
            All(MixedDoubleChow),
            All(TwoTerminalChows),
            All(AllChows),
            All(NoHonors),
        ],
    ),
    (TriplePung, &[All(DoublePung)]),
    (
        LesserHonorsAndKnittedTiles,
        &[
            All(AllTypes),
            All(ConcealedHand),
            All(FullyConcealedHand),
            All(SingleWait),
        ],
    ),
    (LowerFour, &[All(NoHonors)]),
    (UpperFour, &[All(NoHonors)]),
    (LastTileDraw, &[All(SelfDrawn)]),
    (OutWithReplacementTile, &[All(SelfDrawn)]),
    (ReversibleTiles, &[All(OneVoidedSuit)]),
    (RobbingTheKong, &[All(LastTile)]),
    (HalfFlush, &[All(OneVoidedSuit)]),
    (MeldedHand, &[All(SingleWait)]),
    (TwoConcealedKongs, &[All(TwoConcealedPungs)]),
    (TwoDragonsPungs, &[All(DragonPung)]),
    (FullyConcealedHand, &[All(SelfDrawn), All(ConcealedHand)]),
    (AllChows, &[All(NoHonors)]),
    (AllSimples, &[All(NoHonors)]),
];

/// The implied fans of each fan, by index (built once from [`IMPLIED`]).
fn implied(fan: Fan) -> &'static [Out] {
    static BY_FAN: std::sync::OnceLock<[&'static [Out]; FAN_COUNT]> = std::sync::OnceLock::new();
    BY_FAN.get_or_init(|| {
        let mut by: [&'static [Out]; FAN_COUNT] = [&[]; FAN_COUNT];
        for &(f, outs) in IMPLIED {
            by[f as usize] = outs;
        }
        by
    })[fan as usize]
}

/// Does `fan` imply `other` (rule it out wholly)?
pub(crate) fn implies(fan: Fan, other: Fan) -> bool {
    implied(fan)
        .iter()
        .any(|o| matches!(*o, All(f) if f == other))
}

/// Takes out of `fans` every fan implied by a larger fan still counted
/// (see the module docs).
pub(crate) fn apply(fans: &mut FanCounts) {
    // The fans counted before any is taken out: one taken out is passed
    // over when its turn comes.
    for fan in fans.counted() {
        if fans.get(fan) == 0 {
            continue;
        }
        for out in implied(fan) {
            match *out {
                All(f) => fans.set(f, 0),
                One(f) => fans.set(f, fans.get(f).saturating_sub(1)),
            }
        }
    }
}
