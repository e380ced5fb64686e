//! Bounds of the standard distance after a draw, from the suits' values
//! at their most and least permissive, so that most draws are settled
//! without counting.

use super::distance::{combined, combined_of, fifths, EMPTY, FAR};
use super::draws::SuitDraws;
use crate::position::Position;
use crate::rules::compiled::Rules;
use crate::tables::key::{half_step, halves_of};
use crate::tables::SuitProfile;

/// The profiles of `pos`'s suits at their most permissive: a
/// flagged suit's with every fifth copy it may take, when the position
/// has one to spend.
#[inline(always)]
pub(crate) fn frees_of(rules: &Rules, pos: &Position, res: &[SuitProfile; 4]) -> [SuitProfile; 4] {
    let fifths = fifths(rules, pos);
    std::array::from_fn(|s| free_at(rules, s, res[s], halves_of(pos.keys[s]), fifths))
}

/// Suit `s`'s profile `res` (its key cut in `halves`, [`halves_of`]) at
/// its most permissive, for a hand with `fifths` fifth copies to spend:
/// the fifth-copy column's when the suit is flagged and there is one to
/// spend.
#[inline(always)]
pub(super) fn free_at(
    rules: &Rules,
    s: usize,
    res: SuitProfile,
    halves: (usize, usize),
    fifths: u32,
) -> SuitProfile {
    if res.fifth() && fifths > 0 {
        rules.tables.profile_of_halves(s, halves, true)
    } else {
        res
    }
}

/// The profiles of the hand whose suits are `around` (their keys cut in
/// `halves`, [`halves_of`]), with no declared melds and `fifths` fifth
/// copies to spend ([`fifths`]), after a draw of kind `i`: within four
/// copies, and at their most permissive when a suit is then flagged and a
/// copy may be spent (else `None`: the same values). The standard
/// distances of the two ([`combined_of`]) bound the one after the draw,
/// as [`bounds_of`] does. `frees` are the suits' values at their most
/// permissive before the draw ([`frees_around`]): only the drawn suit's
/// change.
pub(crate) fn drawn_profiles(
    rules: &Rules,
    around: [&SuitDraws; 4],
    halves: &[(usize, usize); 4],
    frees: &[SuitProfile; 4],
    fifths: u32,
    i: usize,
) -> ([SuitProfile; 4], Option<[SuitProfile; 4]>) {
    let (s, r) = (i / 9, i % 9);
    let halves = drawn_halves(halves[s], r);
    let mut res = around.map(|a| a.profile);
    res[s] = rules.tables.profile_of_halves(s, halves, false);
    if fifths == 0 || !SuitProfile::any_fifth(&res) {
        return (res, None);
    }
    let mut frees = *frees;
    frees[s] = free_at(rules, s, res[s], halves, fifths);
    (res, Some(frees))
}

/// A suit's key cut in `halves` with a tile of rank `r` more.
#[inline(always)]
pub(crate) fn drawn_halves((low, high): (usize, usize), r: usize) -> (usize, usize) {
    let (dl, dh) = half_step(r);
    (low + dl, high + dh)
}

/// The profiles of the suits `around` (their keys cut in `halves`) at
/// their most permissive ([`frees_of`]) for a hand with `fifths` fifth
/// copies to spend.
pub(crate) fn frees_around(
    rules: &Rules,
    around: [&SuitDraws; 4],
    halves: &[(usize, usize); 4],
    fifths: u32,
) -> [SuitProfile; 4] {
    std::array::from_fn(|s| free_at(rules, s, around[s].profile, halves[s], fifths))
}

/// The standard distance of a position with no declared melds, for
/// targets of `k` melds and the pair, lies between these two: its suits
/// at their most permissive (`frees`, [`frees_of`]) and within four
/// copies (`res`). Equal, they are it ([`distance_fifth`](super::fifths::distance_fifth)).
#[inline(always)]
pub(crate) fn bounds_of(
    rules: &Rules,
    res: &[SuitProfile; 4],
    frees: &[SuitProfile; 4],
    k: usize,
) -> (u8, u8) {
    (combined_of(rules, frees, k), combined_of(rules, res, k))
}

/// [`combined`] for a hand whose declared melds hold the numbered suits
/// `melded` (bits): under a suit limit, only the suits kept that include
/// them (the others emptied of the target).
pub(super) fn combined_with_melds(
    rules: &Rules,
    d: &[[[u8; 8]; 2]; 4],
    k: usize,
    melded: u32,
) -> u8 {
    let limit = rules.derived.suit_limit;
    if melded == 0 || limit >= 3 {
        return combined(rules, d, k);
    }
    let empty = [EMPTY[0].to_le_bytes(), EMPTY[1].to_le_bytes()];
    let mut best = FAR;
    for kept in 0u32..8 {
        if kept.count_ones() != limit || kept & melded != melded {
            continue;
        }
        let mut e = *d;
        for (s, dist) in e.iter_mut().enumerate().take(3) {
            if kept >> s & 1 == 0 {
                *dist = empty;
            }
        }
        best = best.min(combined(rules, &e, k));
    }
    best
}
