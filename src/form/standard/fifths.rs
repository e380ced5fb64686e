//! Fifth copies: the distance of a hand whose jokers may stand for a
//! fifth copy of a kind, or whose declared melds cap the copies.

use super::bounds::{bounds_of, combined_with_melds, frees_of};
use super::distance::{barred, barred_bytes, combined_of, fifths, profiles, spends_fifths, FAR};
use super::needs::ranks;
use super::ranks::{suit_distances, Levels};
use crate::position::Position;
use crate::rules::compiled::Rules;
use crate::tables::SuitProfile;
use crate::tile::KINDS;

/// The copies of each kind of suit `s` a target may take before jokers
/// must stand for the rest: 4, less the copies in the declared melds
/// (`melded`). A wait on a kind whose copies are all out (which
/// `four_with_melds_is_wait` allows) holds one beyond: under
/// `joker_fifth_copy = false` it completes nothing.
pub(super) fn copy_limits(melded: &[u8; KINDS], s: usize) -> [u8; 9] {
    std::array::from_fn(|r| {
        if r < ranks(s) {
            4u8.saturating_sub(melded[9 * s + r])
        } else {
            4
        }
    })
}

/// [`distance`] when a joker as a fifth copy may help, or the hand has
/// declared melds, out of line.
///
/// A suit reads either its distances within four copies, or, spending `b`
/// of the hand's fifth copies, its distances with at most `b` copies
/// beyond the fourth, counted here from the suit's targets (a cold path),
/// up to the permissive distances. A declared meld lowers the copies its
/// kinds have left (a kind pon'd has one): a suit holding such a kind is
/// always counted, with the places beyond its kinds' copies left spent
/// (none of them under `joker_fifth_copy = false`). With every choice at
/// its most permissive the hand is most often no closer than within four
/// copies: that is the answer. Otherwise the least over every way to
/// spend the fifth copies the hand has.
#[inline(never)]
pub(super) fn distance_fifth(
    rules: &Rules,
    pos: &Position,
    k: usize,
    res: &[SuitProfile; 4],
) -> u8 {
    let frees = frees_of(rules, pos, res);
    if !pos.has_melds() {
        // The answer lies between these two; most often they are equal.
        let (free, within) = bounds_of(rules, res, &frees, k);
        if within == free {
            return within;
        }
    }
    distance_spent(rules, pos, k, res, &frees)
}

/// [`distance_fifth`] once the bounds leave it open (or the position has
/// declared melds): the least over the ways to spend the fifth copies,
/// `frees` the suits at their most permissive ([`frees_of`]).
#[inline(never)]
pub(crate) fn distance_spent(
    rules: &Rules,
    pos: &Position,
    k: usize,
    res: &[SuitProfile; 4],
    frees: &[SuitProfile; 4],
) -> u8 {
    let tables = &rules.tables;
    let fifths = fifths(rules, pos);
    let counts = pos.counts();
    let spend = fifths.min(8);
    let suit = |s: usize| -> [u8; 9] {
        std::array::from_fn(|r| if r < ranks(s) { counts[9 * s + r] } else { 0 })
    };
    // Per suit: the counted levels of a suit holding a melded kind; the
    // distances within four copies and the permissive ones of the others.
    let mut levels: [Option<Levels>; 4] = [None; 4];
    // Without declared melds no kind's copies are capped below four.
    if pos.has_melds() {
        let melded = pos.melds.counts();
        for (s, levels) in levels.iter_mut().enumerate() {
            let limits = copy_limits(&melded, s);
            if limits.iter().any(|&l| l < 4) {
                // Without fifth copies only the copies within the limits count.
                let spend = if rules.joker_fifth_copy { spend } else { 0 };
                *levels = Some(suit_distances(rules, s, &suit(s), k, &limits, spend));
            }
        }
    }
    let capped: [[[u8; 8]; 2]; 4] = std::array::from_fn(|s| match &levels[s] {
        Some(l) => barred_bytes(rules, s, l[0]),
        None => barred(rules, s, tables.class(res[s])),
    });
    let free: [[[u8; 8]; 2]; 4] = std::array::from_fn(|s| match &levels[s] {
        Some(l) if rules.joker_fifth_copy => barred_bytes(rules, s, l[spend as usize]),
        Some(_) => capped[s],
        None => barred(rules, s, tables.class(frees[s])),
    });
    // Under a suit limit, the suits kept hold the melds' suits.
    let combined = |d: &[[[u8; 8]; 2]; 4]| combined_with_melds(rules, d, k, pos.meld_suits as u32);
    if pos.has_melds() {
        let within = combined(&capped);
        if within == combined(&free) {
            return within;
        }
    }
    // Each suit's choices: (distances, fifth copies spent), 0 to 8 spent.
    let mut choices = [[(capped[0], 0u32); 9]; 4];
    let mut lens = [1; 4];
    for s in 0..4 {
        choices[s][0] = (capped[s], 0);
        if free[s] == capped[s] {
            continue;
        }
        let levels = match levels[s] {
            Some(l) => l,
            None => suit_distances(rules, s, &suit(s), k, &[4; 9], spend),
        };
        for b in 1..=spend {
            let within = barred_bytes(rules, s, levels[b as usize]);
            choices[s][b as usize] = (within, b);
            lens[s] += 1;
            if within == free[s] {
                break;
            }
        }
    }
    let choices: [&[_]; 4] = std::array::from_fn(|s| &choices[s][..lens[s]]);
    // A copy more never raises a distance: only the ways to spend that
    // leave no copy a suit could still take are read (a suit's choices
    // spend 0, 1, 2, … in order, the last its most).
    let last = |s: usize, b: u32| b as usize + 1 == lens[s];
    let mut best = FAR;
    for a in choices[0] {
        for b in choices[1] {
            for c in choices[2] {
                for e in choices[3] {
                    let spent = a.1 + b.1 + c.1 + e.1;
                    let full = spent == fifths
                        || spent < fifths
                            && last(0, a.1)
                            && last(1, b.1)
                            && last(2, c.1)
                            && last(3, e.1);
                    if full {
                        best = best.min(combined(&[a.0, b.0, c.0, e.0]));
                    }
                }
            }
        }
    }
    best
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles complete
/// the standard form when its declared melds' copies cap what jokers may
/// stand for (`joker_fifth_copy = false`): only `pos`'s own joker count is
/// judged, by the distance (a target of the hand's size that misses
/// exactly its jokers keeps every natural tile).
pub(crate) fn capped_win_mask(rules: &Rules, pos: &Position) -> u32 {
    let total = pos.total() as usize;
    if total % 3 != 2 {
        return 0;
    }
    ((distance(rules, pos, (total - 2) / 3) == pos.jokers) as u32) << pos.jokers
}

/// The fewest tiles missing from a standard target of `k` melds and the
/// pair for `pos`'s natural tiles, any of them dropped; the hand's jokers
/// and draws fill the missing places. A joker may stand for a fifth copy
/// only when the rules allow it, and only as a joker: the fifth copies a
/// target uses are at most the hand's jokers plus the joker-kind copies
/// still to draw. Each suit's distance within four copies is flagged when
/// a fifth copy would lower it; a hand whose suits are all unflagged, or
/// that has no joker to spend, reads the distances within four copies.
#[inline(always)]
pub(crate) fn distance(rules: &Rules, pos: &Position, k: usize) -> u8 {
    distance_of(rules, pos, k, &profiles(rules, pos))
}

/// [`distance`] from the profiles `res` of `pos`'s suits.
#[inline(always)]
pub(crate) fn distance_of(rules: &Rules, pos: &Position, k: usize, res: &[SuitProfile; 4]) -> u8 {
    if spends_fifths(rules, pos, res) || pos.has_melds() {
        return distance_fifth(rules, pos, k, res);
    }
    combined_of(rules, res, k)
}
