//! Honours and knitted tiles (全不靠, GB): fourteen different singles,
//! each an honour or one of an assignment's nine kinds (`knitted.rs`), and
//! its greater form (七星不靠), the same holding all seven honours. No
//! declared meld.
//!
//! Every natural tile must be held once and
//! lie within the honours and some assignment's nine kinds; the jokers then
//! stand for kinds of that set not held, and there are always enough (9
//! kinds plus at least five honours in play, checked when the rules are
//! compiled, is at least 14). The greater form also needs every honour
//! (seven honours and seven of the nine knitted kinds): the natural knitted
//! tiles are at most seven, and jokers fill the missing honours.

use crate::form::judge::{judged_on_a_copy, Judge, WaitOptions};
use crate::form::kind::Form;
use crate::form::knitted::{for_choices, held, ASSIGNMENTS};
use crate::group::{Group, GroupKind, Split, SplitSink};
use crate::position::Position;
use crate::rules::compiled::{Resolved, Rules};
use crate::swar::SuitWords;
use crate::tables::SuitProfile;
use crate::tile::sets::HONORS;
use crate::tile::Suit;

/// The kinds honours and knitted tiles may hold under `rules` for
/// assignment kinds `kinds`: those nine and the honours in play.
#[inline(always)]
fn singles_set(rules: &Rules, kinds: u64) -> u64 {
    kinds | (HONORS & rules.tiles.bits())
}

/// Which of (honours and knitted, its greater form) the natural tiles
/// `words` make with the jokers that bring them to fourteen tiles.
#[inline]
fn singles_fit(rules: &Rules, words: &SuitWords) -> (bool, bool) {
    if words.any_over_one() {
        return (false, false);
    }
    let held = held(words);
    let fits = ASSIGNMENTS
        .iter()
        .any(|&kinds| held & !singles_set(rules, kinds) == 0);
    (fits, fits && (held & !HONORS).count_ones() <= 7)
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles make
/// honours and knitted tiles (`greater`: the greater form): at most one,
/// `14 - natural`.
#[inline]
pub(crate) fn singles_win_mask(rules: &Rules, pos: &Position, greater: bool) -> u32 {
    match 14u32.checked_sub(pos.natural) {
        Some(j) => {
            let (plain, great) = singles_fit(rules, &pos.words);
            ((if greater { great } else { plain }) as u32) << j
        }
        None => 0,
    }
}

/// Does `pos` make honours and knitted tiles (`greater`: the greater form)?
#[inline]
pub(crate) fn singles_wins(rules: &Rules, pos: &Position, greater: bool) -> bool {
    pos.total() == 14 && {
        let (plain, great) = singles_fit(rules, &pos.words);
        if greater {
            great
        } else {
            plain
        }
    }
}

/// The kinds whose draw makes the 13-tile `pos` honours and knitted tiles
/// (`greater`: the greater form): a kind not held within the honours and
/// an assignment's nine holding every natural tile; for the greater form,
/// a knitted kind only while fewer than seven are held.
#[inline]
pub(crate) fn singles_waits(rules: &Rules, pos: &Position, greater: bool) -> u64 {
    if pos.total() != 13 || pos.words.any_over_one() {
        return 0;
    }
    let held = held(&pos.words);
    let knitted_held = (held & !HONORS).count_ones();
    if greater && knitted_held > 7 {
        return 0;
    }
    let mut waits = 0;
    for &kinds in &ASSIGNMENTS {
        let set = singles_set(rules, kinds);
        if held & !set == 0 {
            waits |= set & !held;
        }
    }
    if greater && knitted_held == 7 {
        waits &= HONORS;
    }
    waits
}

/// Every honours-and-knitted split of the winning `pos` (`greater`: of the
/// greater form): one group of fourteen singles per assignment holding
/// every natural tile and per choice of the kinds the jokers stand for
/// (for the greater form, every honour not held among them).
pub(crate) fn singles_splits(rules: &Rules, pos: &Position, greater: bool, out: &mut SplitSink) {
    let held = held(&pos.words);
    let form = if greater {
        Form::GreaterHonorsAndKnitted
    } else {
        Form::HonorsAndKnitted
    };
    for &kinds in &ASSIGNMENTS {
        let set = singles_set(rules, kinds);
        if held & !set != 0 {
            continue;
        }
        let free = set & !held;
        let mut push = |jokers: u64| {
            let group = Group::knitted(GroupKind::HonorsAndKnitted, held | jokers, jokers);
            out.push(Split::new(form, vec![group]));
        };
        if greater {
            let honors = HONORS & !held;
            let Some(rest) = (pos.jokers as u32).checked_sub(honors.count_ones()) else {
                continue;
            };
            for_choices(free & !HONORS, rest, &mut |knitted| push(honors | knitted));
        } else {
            for_choices(free, pos.jokers as u32, &mut push);
        }
    }
}

/// The fewest tiles missing from honours and knitted tiles (`greater`:
/// with all seven honours) for `pos`'s natural tiles: for each assignment,
/// fourteen kinds among its nine and the honours in play, each held once
/// or missing; the greater form keeps at most seven knitted kinds.
pub(crate) fn singles_distance(rules: &Rules, pos: &Position, greater: bool) -> u8 {
    singles_of_held(rules, held(&pos.words), greater)
}

/// [`singles_distance`] of a hand that holds the kinds `held` (bits).
pub(crate) fn singles_of_held(rules: &Rules, held: u64, greater: bool) -> u8 {
    let honors = (held & HONORS & rules.tiles.bits()).count_ones();
    let mut kept = 0;
    for &kinds in &ASSIGNMENTS {
        let knitted = (held & kinds).count_ones();
        let k = if greater {
            knitted.min(7) + honors
        } else {
            (knitted + honors).min(14)
        };
        kept = kept.max(k);
    }
    (14 - kept) as u8
}

/// The kinds (bits) whose draw brings the hand holding the kinds `held`
/// below `below` tiles missing from honours and knitted tiles (`greater`:
/// the greater form), as [`singles_of_held`] with the kind added says; the
/// hand itself misses at least `below`. A kind held adds nothing; a new
/// honour in play adds one to every assignment, a new numbered kind to
/// those that hold it.
pub(crate) fn singles_lowering(rules: &Rules, held: u64, greater: bool, below: u8) -> u64 {
    debug_assert!(singles_of_held(rules, held, greater) >= below);
    let in_play = rules.tiles.bits();
    let honors = (held & HONORS & in_play).count_ones();
    let kept = |knitted: u32, honors: u32| {
        if greater {
            knitted.min(7) + honors
        } else {
            (knitted + honors).min(14)
        }
    };
    let falls = |kept: u32| 14 - kept < below as u32;
    let mut lowering = 0;
    let mut best_honour = 0;
    for &kinds in &ASSIGNMENTS {
        let knitted = (held & kinds).count_ones();
        if falls(kept(knitted + 1, honors)) {
            lowering |= kinds;
        }
        best_honour = best_honour.max(kept(knitted, honors + 1));
    }
    if falls(best_honour) {
        lowering |= HONORS;
    }
    lowering & in_play & !held
}

/// Honours and knitted tiles' answers ([`Judge`]); `GREATER`: its greater
/// form, holding all seven honours.
pub(crate) struct HonorsAndKnitted<const GREATER: bool>;

/// The judgements behind [`HonorsAndKnitted`]'s hot [`Judge`] methods, out
/// of line and on a copy of the position (`judged_on_a_copy!`).
impl<const GREATER: bool> HonorsAndKnitted<GREATER> {
    #[inline(never)]
    fn win_mask_of(rules: &Rules, pos: Position) -> u32 {
        singles_win_mask(rules, &pos, GREATER)
    }

    #[cold]
    #[inline(never)]
    fn wins_of(rules: &Rules, pos: Position) -> bool {
        singles_wins(rules, &pos, GREATER)
    }

    #[inline(never)]
    fn waits_of(rules: &Rules, pos: Position, _options: WaitOptions) -> u64 {
        singles_waits(rules, &pos, GREATER)
    }
}

impl<const GREATER: bool> Judge for HonorsAndKnitted<GREATER> {
    const FORM: Form = if GREATER {
        Form::GreaterHonorsAndKnitted
    } else {
        Form::HonorsAndKnitted
    };
    const TAKES_MELDS: bool = false;

    fn never_wins(r: &Resolved) -> Option<&'static str> {
        let honors_in_play = r.tiles.count_in(Suit::Honor);
        if GREATER {
            (!r.fourteen())
                .then_some(
                    "greater-honors-and-knitted: hands have at most max_tiles tiles, below 14",
                )
                .or((!r.three_suits_in_play()).then_some(
                    "greater-honors-and-knitted: the three numbered suits are not all in play",
                ))
                .or((!r.three_suits_allowed()).then_some(
                    "greater-honors-and-knitted: max_suits is below 3, and the form holds the three numbered suits",
                ))
                .or((honors_in_play < 7)
                    .then_some("greater-honors-and-knitted: some honour is out of play"))
        } else {
            (!r.fourteen())
                .then_some("honors-and-knitted: hands have at most max_tiles tiles, below 14")
                .or((!r.three_suits_in_play()).then_some(
                    "honors-and-knitted: the three numbered suits are not all in play",
                ))
                .or((!r.three_suits_allowed()).then_some(
                    "honors-and-knitted: max_suits is below 3, and the form holds the three numbered suits",
                ))
                .or((honors_in_play < 5).then_some(
                    "honors-and-knitted: fewer than five honours in play (9 knitted + 5 = 14)",
                ))
        }
    }

    judged_on_a_copy!();

    fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
        singles_splits(rules, pos, GREATER, out)
    }

    fn kinds_lowering(rules: &Rules, held: u64, below: u8) -> u64 {
        singles_lowering(rules, held, GREATER, below)
    }

    #[inline(never)]
    fn distance(rules: &Rules, pos: &Position, _suits: &[SuitProfile; 4], _below: u8) -> u8 {
        if pos.has_melds() || (pos.total() as usize).saturating_sub(1) / 3 != 4 {
            return u8::MAX;
        }
        singles_distance(rules, pos, GREATER)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::KINDS;

    /// The kinds `singles_lowering` names are those whose draw lowers
    /// `singles_of_held` below the bound, on seeded sets of kinds held.
    #[test]
    fn singles_lowering_names_the_draws_that_lower() {
        let rules = [
            Rules::preset("gb").unwrap(),
            Rules::from_toml_str("base = \"gb\"\ntiles = \"123456789m123456789p123456789s12345z\"")
                .unwrap(),
        ];
        let mut seed = 5u64;
        for rules in &rules {
            for _ in 0..5_000 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let held = (seed >> 20) & rules.tiles.bits() & ((seed >> 3) | (seed << 7));
                for greater in [false, true] {
                    let now = singles_of_held(rules, held, greater);
                    for below in 0..=now {
                        let want: u64 = (0..KINDS)
                            .filter(|&i| rules.tiles.bits() >> i & 1 == 1)
                            .filter(|&i| singles_of_held(rules, held | 1 << i, greater) < below)
                            .fold(0, |m, i| m | 1 << i);
                        assert_eq!(
                            singles_lowering(rules, held, greater, below),
                            want,
                            "held {held:#x}, greater {greater}, below {below}"
                        );
                    }
                }
            }
        }
    }
}
