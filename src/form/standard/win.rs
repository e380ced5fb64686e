//! The standard form's win and waits: the four suits' needs combined
//! with the pair's cost, and the draws that complete a 3N+1 hand.

use super::needs::{fifth_copy, ranks};
use crate::form::judge::WaitOptions;
use crate::position::Position;
use crate::rules::compiled::{Rules, NO_PAIR};
use crate::swar::bits;
use crate::tables::Need;
use crate::tile::KINDS;

/// What completing four suits costs: the jokers their melds need, and
/// for each suit what holding the pair there costs beyond its melds
/// (`NO_PAIR` and more for a suit that may not hold it).
#[inline(always)]
fn costs(rules: &Rules, needs: &[Need; 4]) -> (i32, [i32; 4]) {
    let penalty = rules.derived.pair_penalty;
    let melds = needs.iter().map(|n| n.melds() as i32).sum();
    let pair = std::array::from_fn(|s| {
        needs[s].with_pair() as i32 - needs[s].melds() as i32 + penalty[s] as i32
    });
    (melds, pair)
}

/// Fewest jokers that complete four suits into N melds plus one pair held
/// by a suit that may hold it.
#[inline(always)]
pub(crate) fn need(rules: &Rules, needs: &[Need; 4]) -> u8 {
    let (melds, pair) = costs(rules, needs);
    let pair = pair.into_iter().min().unwrap_or(NO_PAIR as i32);
    (melds + pair).clamp(0, u8::MAX as i32) as u8
}

/// [`need`] of `pos`'s natural tiles, its suits' entries read from their
/// keys.
#[inline(always)]
pub(crate) fn need_of(rules: &Rules, pos: &Position) -> u8 {
    need(rules, &rules.tables.needs(pos.keys))
}

/// Fewest jokers that complete four suits into melds only.
#[inline]
pub(crate) fn melds_need(needs: &[Need; 4]) -> u8 {
    needs.iter().map(|n| n.melds()).sum()
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles complete
/// the standard form: every count from the need up.
#[inline(always)]
pub(crate) fn win_mask(rules: &Rules, pos: &Position) -> u32 {
    u32::MAX
        .checked_shl(need_of(rules, pos) as u32)
        .unwrap_or(0)
}

/// Does `pos` (natural tiles and jokers) complete the standard form: does
/// [`need`] come within its jokers? Some suit holds the pair within the
/// jokers its melds leave: some `room - pair` is not negative, so their
/// AND is not. One comparison, where a least or four comparisons may be
/// compiled to branches that hands near a win mispredict.
#[inline(always)]
pub(crate) fn wins(rules: &Rules, pos: &Position) -> bool {
    let (melds, pair) = costs(rules, &rules.tables.needs(pos.keys));
    let room = pos.jokers as i32 - melds;
    (room - pair[0]) & (room - pair[1]) & (room - pair[2]) & (room - pair[3]) >= 0
}

/// The natural kinds whose draw completes the 3N+1 `pos` in the standard
/// form, among the suits whose bit is set in `open` (m, p, s, honours).
///
/// A tile joining suit `s` changes only that suit's needs, and never by
/// less than one joker: a completion of the new pattern with `k` jokers
/// completes the old one with `k + 1` (a joker in the new tile's place),
/// and a need keeps its residue modulo 3 (tiles plus jokers fill melds of
/// three), so it falls by exactly one or rises. A suit whose needs cannot
/// fall far enough is not scanned (when no suit can, suit 0 is, and its
/// answer dropped); `tests/variant_tables.rs` checks the bound on every
/// table slot. The
/// bits of kinds held four times are meaningful only when the rules count
/// a fifth copy as a wait; otherwise the caller masks them.
#[inline(always)]
pub(crate) fn waits(rules: &Rules, pos: &Position, open: u32, options: WaitOptions) -> u64 {
    let needs = rules.tables.needs(pos.keys);
    let melds: [i32; 4] = needs.map(|n| n.melds() as i32);
    let pairs: [i32; 4] = needs.map(|n| n.with_pair() as i32);
    let pen = rules.derived.pair_penalty.map(i32::from);
    // The jokers left once every suit has its melds, and what holding the
    // pair costs each suit beyond its melds.
    let (all_melds, deltas) = costs(rules, &needs);
    let spare = pos.jokers as i32 - all_melds;
    let (first, second) = two_smallest(deltas);
    // A new tile in suit `s` wins when the suit's melds need falls to the
    // first limit (the pair held elsewhere), or its pair need to the
    // second. The cheapest pair among the other three suits is the
    // smallest delta, or the second smallest for the suit holding the
    // smallest (equal to it when two suits share the smallest).
    let limits: [(i32, i32); 4] = std::array::from_fn(|s| {
        let room = spare + melds[s];
        let pair_elsewhere = if deltas[s] == first { second } else { first };
        (room - pair_elsewhere, room - pen[s])
    });
    let lowest = |x: i32| if x == 0 { 2 } else { x - 1 };
    let mut reachable = 0u32;
    for s in 0..4 {
        let (most_melds, most_pair) = limits[s];
        let reaches = (lowest(melds[s]) <= most_melds) | (lowest(pairs[s]) <= most_pair);
        reachable |= (reaches as u32) << s;
    }
    let mut suits = (reachable & open) as u64;
    // The first suit scanned without a branch (suit 0, its answer
    // dropped, when none is reachable): most ready hands have one, and a
    // branch on it is hard to predict.
    let first_suit = (suits.trailing_zeros() & 3) as usize;
    let mut waits = scan_suit(rules, pos, limits[first_suit], first_suit)
        & 0u64.wrapping_sub((suits != 0) as u64);
    suits &= suits.wrapping_sub(1);
    for s in bits(suits) {
        waits |= scan_suit(rules, pos, limits[s], s);
    }
    if options.four_held_is_wait && pos.words.any_four() {
        // Kinds held four times, when a fifth copy is counted.
        let fours = pos.words.kinds_with_bit(2);
        waits &= !fours;
        let counts = pos.counts();
        for t in (0..KINDS).filter(|&t| fours >> t & 1 == 1) {
            let (s, r) = (t / 9, t % 9);
            if open >> s & 1 == 0 {
                continue;
            }
            let n = fifth_copy(rules, s, &counts, r);
            let (most_melds, most_pair) = limits[s];
            if n.within(most_melds, most_pair) {
                waits |= 1 << t;
            }
        }
    }
    waits
}

/// The kinds of suit `s` whose draw completes `pos` in the standard form,
/// as bits in place (bit `9s + r` for rank `r`), given the suit's limits
/// ([`waits`]).
#[inline(always)]
fn scan_suit(rules: &Rules, pos: &Position, (most_melds, most_pair): (i32, i32), s: usize) -> u64 {
    // A rank held four times reads some other slot (or none): the caller
    // masks its bit, or `waits` redoes it.
    let column = rules.tables.need_column(s);
    let found = column.ranks_within(pos.keys[s], ranks(s), most_melds, most_pair);
    (found as u64) << (9 * s)
}

/// The smallest and the second smallest of `x` (equal when the smallest
/// is there twice), without a branch.
#[inline(always)]
fn two_smallest(x: [i32; 4]) -> (i32, i32) {
    let (low01, high01) = (x[0].min(x[1]), x[0].max(x[1]));
    let (low23, high23) = (x[2].min(x[3]), x[2].max(x[3]));
    (low01.min(low23), low01.max(low23).min(high01.min(high23)))
}
