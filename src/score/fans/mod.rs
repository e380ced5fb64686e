//! The `fans` family: a win scored by a fan table of the rule file
//! ([`table`]), over the reading of the hand and the joker assignment that
//! pays most ([`search`]), the table's words read by [`words`].
//!
//! ```
//! use hupai::score::{Claim, Score};
//! use hupai::{Hand, Rules, WinHow};
//! let rules = Rules::preset("sichuan")?;
//! // 清对: all pungs (1) and one suit (2), self-drawn (1): 4 番, 16 points.
//! let hand: Hand = "111222333m55m [777m]".parse()?;
//! let Score::Fans(s) = rules.score(&hand, &Claim::new("5m".parse()?, WinHow::SelfDrawn))? else { unreachable!() };
//! let ids: Vec<&str> = s.fans.iter().map(|f| f.id.as_str()).collect();
//! assert_eq!(ids, ["all_pungs", "one_suit", "self_drawn"]);
//! assert_eq!((s.fan, s.fan_capped, s.points.total), (4, 4, 16));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A claim that is not a legal win reports `legal = false` and a reason:
//! `not_a_win` for a hand of 3N+2 tiles that is not a whole winning hand
//! (fewer tiles than the rules' `max_tiles`, a kong counting three, or no
//! winning shape), `below_minimum` for a win of fewer 番 than the table's
//! `minimum`. A win below the minimum still reports the fans, 番, split
//! and jokers of its best reading; its `points.total` is 0, as for every
//! claim that is not legal (it pays nothing).

pub mod search;
pub mod table;
pub mod words;

use crate::group::Split;
use crate::hand::Hand;
use crate::rules::scoring::Scoring;
use crate::rules::Rules;
use crate::score::claim::{is_whole_hand, Claim, ScoreError};
use crate::score::family::{ClaimField, Family};
use crate::tile::Tile;
use crate::win::{WaitShape, WinHow, WinningTile};

/// The family's name, as its errors say it.
pub const FAMILY: &str = "fans";

/// One fan of a scored claim.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FanCounted {
    /// The fan's id in the table.
    pub id: String,
    /// Its name.
    pub name: String,
    /// 番 per item (a `value = "cap"` fan: the cap).
    pub value: u32,
    /// Items counted: 1 for a fan without a count.
    pub count: u32,
}

/// The points of a scored claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FansPoints {
    /// base × 2^min(番, cap) (`combine = "double"`) or base + min(番, cap)
    /// (`"add"`); 0 when the claim is not legal.
    pub total: u64,
}

/// A claim scored by a fan table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FansScore {
    /// Is the claim a legal win?
    pub legal: bool,
    /// Why not: `not_a_win` or `below_minimum`.
    pub reason: Option<&'static str>,
    /// The fans of the best reading after exclusions, in the table's
    /// order (empty for `not_a_win`).
    pub fans: Vec<FanCounted>,
    /// 番 after exclusions, before the cap.
    pub fan: u32,
    /// 番 after the cap.
    pub fan_capped: u32,
    /// The points.
    pub points: FansPoints,
    /// The best reading's split, each group of jokers only resolved
    /// (`***m:555m`).
    pub split: Option<Split>,
    /// The shape of the wait the winning tile completed in that split.
    pub shape: Option<WaitShape>,
    /// The kind each joker stands for in that split, in the order of the
    /// split's groups and, within a group, of its slots (rank order).
    pub jokers: Vec<Tile>,
}

impl FansScore {
    /// The score of a claim that is not a win.
    fn not_a_win() -> FansScore {
        FansScore {
            legal: false,
            reason: Some("not_a_win"),
            fans: Vec::new(),
            fan: 0,
            fan_capped: 0,
            points: FansPoints { total: 0 },
            split: None,
            shape: None,
            jokers: Vec::new(),
        }
    }
}

/// The `fans` family ([`Family`]): it reads `seat_wind` (dealer or not),
/// `after_kong`, `last_tile`, `first_turn`, `kong_discard` and `revealed`
/// beside the winning tile and how it came; any other field set is
/// refused.
pub(crate) struct Fans;

impl Family for Fans {
    const NAME: &'static str = FAMILY;

    const JOKERS: bool = true;

    const READS: &'static [ClaimField] = &[
        ClaimField::SeatWind,
        ClaimField::AfterKong,
        ClaimField::LastTile,
        ClaimField::FirstTurn,
        ClaimField::KongDiscard,
        ClaimField::Revealed,
    ];

    type Score = FansScore;

    fn check_rules(rules: &Rules) -> Result<(), ScoreError> {
        match rules.scoring().and_then(|sw| sw.fans.as_deref()) {
            Some(_) => Ok(()),
            None => Err(ScoreError::Unscorable {
                rules: rules.name().to_string(),
                family: FAMILY,
                needs: "a fan table ([[scoring.fan]])",
            }),
        }
    }

    /// `kong_discard` is a win on a discard (杠上炮).
    fn check(_hand: &Hand, claim: &Claim) -> Result<(), ScoreError> {
        if claim.kong_discard && claim.how != WinHow::Discard {
            return Err(ScoreError::KongDiscardNotDiscard { how: claim.how });
        }
        Ok(())
    }

    /// Scores the checked `claim` on `hand` by the fan table of `sw`.
    fn score(
        rules: &Rules,
        sw: &Scoring,
        hand: &Hand,
        claim: &Claim,
    ) -> Result<FansScore, ScoreError> {
        let Some(table) = sw.fans.as_deref() else {
            return Err(ScoreError::Unscorable {
                rules: rules.name().to_string(),
                family: FAMILY,
                needs: "a fan table ([[scoring.fan]])",
            });
        };
        if !is_whole_hand(rules, hand)? {
            // Still a claim the hand must hold.
            rules
                .winning_tile(hand, WinningTile::Tile(claim.winning), claim.how)
                .map_err(ScoreError::of_win)?;
            return Ok(FansScore::not_a_win());
        }
        let Some(best) = search::best(rules, table, hand, claim)? else {
            return Ok(FansScore::not_a_win());
        };
        let fan = best.fan;
        let legal = fan >= table.minimum;
        let fans = crate::swar::bits(best.present)
            .map(|i| {
                let f = &table.fans[i];
                FanCounted {
                    id: f.id.clone(),
                    name: f.name.clone(),
                    value: f.value,
                    count: f.count.map_or(1, |c| best.counts[c as usize]),
                }
            })
            .collect();
        Ok(FansScore {
            legal,
            reason: (!legal).then_some("below_minimum"),
            fans,
            fan,
            fan_capped: table.capped(fan),
            points: FansPoints {
                total: if legal { table.points(fan) } else { 0 },
            },
            split: Some(best.split),
            shape: Some(best.shape),
            jokers: best.jokers,
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::score::{Claim, Score, ScoreError};
    use crate::{Hand, Rules, WinHow};

    /// The fans (id × count), 番 and points of `text` (`HAND WINNING
    /// key=value ...`) under `preset`.
    fn scored(preset: &str, text: &str) -> (Vec<String>, u32, u32, u64) {
        let rules = Rules::preset(preset).unwrap();
        let (hand, claim) = crate::score::ClaimSpec::from_text(text)
            .unwrap()
            .resolve()
            .unwrap();
        let Score::Fans(s) = rules.score(&hand, &claim).unwrap() else {
            panic!("not a fans score");
        };
        let fans = s
            .fans
            .iter()
            .map(|f| format!("{}x{}", f.id, f.count))
            .collect();
        (fans, s.fan, s.fan_capped, s.points.total)
    }

    #[test]
    fn the_issues_sichuan_sums() {
        // 清对 = 3.
        let (fans, fan, _, points) = scored("sichuan", "111222333m55m [777m] 5m");
        assert_eq!(
            (fans, fan, points),
            (vec!["all_pungsx1".into(), "one_suitx1".into()], 3, 8)
        );
        // 龙七对 = 七对 + 根 = 3.
        let (fans, fan, _, _) = scored("sichuan", "11112233445566p 6p");
        assert_eq!(fan, 5, "{fans:?}");
        let (fans, fan, _, _) = scored("sichuan", "1111m22334455p66p 6p");
        assert_eq!(
            (fans, fan),
            (vec!["seven_pairsx1".into(), "rootx1".into()], 3)
        );
        // 清龙七对 = 5, capped at 4: 16 points.
        let (_, fan, capped, points) = scored("sichuan", "11112233445566m 6m");
        assert_eq!((fan, capped, points), (5, 4, 16));
        // 将对 = 将对 2 + 对对胡 1 = 3.
        let (fans, fan, _, _) = scored("sichuan", "222555m888p22p [555p] 2p");
        assert_eq!(fan, 3, "{fans:?}");
    }

    #[test]
    fn jokers_take_the_kind_that_pays_most() {
        // Two jokers as the pair 11m make a root (five copies count once).
        let (fans, fan, _, _) = scored("sichuan", "111m234m567m789p** 2m");
        assert_eq!((fans, fan), (vec!["rootx1".into()], 1));
        // Hongzhong: four red dragons, all pungs of one suit.
        let (fans, fan, _, points) = scored("hongzhong", "11m22m33m44m55m7z7z7z7z 5m");
        assert_eq!(fan, 2, "{fans:?}");
        assert_eq!(points, 4);
        // No red dragon: 无红中.
        let (fans, _, _, _) = scored("hongzhong", "123m456m789m111p99s 9s");
        assert_eq!(fans, ["no_jokersx1"]);
    }

    #[test]
    fn kawu_is_the_middle_five_of_a_concealed_chow() {
        let (fans, ..) = scored("kawuxing", "46p5p123s789s555z11p 5p");
        assert_eq!(fans, ["kawux1"]);
        let (fans, ..) = scored("kawuxing", "45p6p123s789s555z11p 6p");
        assert!(fans.is_empty(), "{fans:?}");
        // 5p completes 456p in the middle or 55p: the reading that pays.
        let (fans, ..) = scored("kawuxing", "45556p123s789s555z 5p");
        assert_eq!(fans, ["kawux1"]);
    }

    #[test]
    fn a_short_hand_and_a_non_win_are_not_a_win() {
        let rules = Rules::preset("sichuan").unwrap();
        let claim = Claim::new("1m".parse().unwrap(), WinHow::Discard);
        for hand in ["123m456m789p11m", "123m456m789m11m235p"] {
            let hand: Hand = hand.parse().unwrap();
            let Score::Fans(s) = rules.score(&hand, &claim).unwrap() else {
                panic!()
            };
            assert_eq!(
                (s.legal, s.reason, s.points.total),
                (false, Some("not_a_win"), 0)
            );
        }
        // A hand of another size is the shape layer's error.
        let hand: Hand = "123m456m789p1m".parse().unwrap();
        assert!(matches!(
            rules.score(&hand, &claim),
            Err(ScoreError::Hand(_))
        ));
    }

    #[test]
    fn a_win_below_the_minimum_reports_its_fans() {
        let rules = Rules::from_toml_str("base = \"sichuan\"\n[scoring]\nminimum = 2\n").unwrap();
        let hand: Hand = "111222333m55p [777p]".parse().unwrap();
        let claim = Claim::new("5p".parse().unwrap(), WinHow::Discard);
        let Score::Fans(s) = rules.score(&hand, &claim).unwrap() else {
            panic!()
        };
        assert_eq!(
            (s.legal, s.reason, s.fan, s.points.total),
            (false, Some("below_minimum"), 1, 0)
        );
    }

    #[test]
    fn fields_the_family_does_not_read_are_refused() {
        let rules = Rules::preset("sichuan").unwrap();
        let hand: Hand = "111222333m55m777m".parse().unwrap();
        let mut claim = Claim::new("5m".parse().unwrap(), WinHow::Discard);
        claim.riichi = true;
        assert_eq!(
            rules.score(&hand, &claim),
            Err(ScoreError::NotInFamily {
                field: "riichi",
                family: "fans"
            })
        );
        let mut claim = Claim::new("5m".parse().unwrap(), WinHow::SelfDrawn);
        claim.kong_discard = true;
        assert_eq!(
            rules.score(&hand, &claim),
            Err(ScoreError::KongDiscardNotDiscard {
                how: WinHow::SelfDrawn
            })
        );
        // Riichi refuses the fans family's fields, and jokers.
        let riichi = Rules::riichi();
        let hand: Hand = "234567m234p67888s".parse().unwrap();
        let mut claim = Claim::new("8s".parse().unwrap(), WinHow::Discard);
        claim.revealed = true;
        assert_eq!(
            riichi.score(&hand, &claim),
            Err(ScoreError::NotInFamily {
                field: "revealed",
                family: "riichi"
            })
        );
    }
}
