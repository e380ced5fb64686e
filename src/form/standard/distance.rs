//! The standard form's distance (shanten): the four suits' distance
//! values merged or joined into the fewest tiles missing from N melds and
//! the pair.

use crate::position::Position;
use crate::rules::compiled::Rules;
use crate::tables::{Distance, DistanceClass, HandMerge, SuitProfile};

/// One suit's distances as the standard form's distance combines them:
/// byte `m` of `[0]` the tiles missing from `m` melds (0–5), of `[1]` from
/// `m` melds and the pair; bytes 6 and 7 hold [`FAR`].
pub(super) type Dist = [u64; 2];

/// A distance larger than any target: a place no target may use.
pub(super) const FAR: u8 = Distance::FAR;

/// [`FAR`] in every byte.
pub(super) const FARS: u64 = FAR as u64 * crate::swar::LOW;

/// The distances of a suit that holds nothing of the target.
pub(super) const EMPTY: Dist = [FARS << 8, FARS];

/// Suit `s`'s distances with what the rules bar, as masks worked out once
/// (`Derived::dist_bars`): `(d & keep) | fill` per word. No target holds a
/// tile of a suit with no kind in play, nor the pair where the suit may
/// not hold it.
pub(crate) fn bars(closed: bool, no_pair: bool) -> [[u64; 2]; 2] {
    let keep_fill = |keep: bool, fill: u64| if keep { [u64::MAX, 0] } else { [0, fill] };
    if closed {
        [keep_fill(false, EMPTY[0]), keep_fill(false, EMPTY[1])]
    } else {
        [keep_fill(true, 0), keep_fill(!no_pair, FARS)]
    }
}

/// Suit `s`'s distances from its class, barred as the rules say.
#[inline(always)]
pub(super) fn barred(rules: &Rules, s: usize, class: &DistanceClass) -> [[u8; 8]; 2] {
    barred_bytes(rules, s, class.lanes.map(u64::to_le_bytes))
}

/// The least `a[p][i] + b[q][m - i]` for every `m` up to `K`, the pairs
/// adding up: the distances of two suits together.
#[inline(always)]
pub(super) fn join<const K: usize>(a: &[[u8; 8]; 2], b: &[[u8; 8]; 2]) -> [[u8; 8]; 2] {
    let mut c = [[FAR; 8]; 2];
    let mut m = 0;
    while m <= K {
        let mut melds = a[0][0] + b[0][m];
        let mut pair = (a[1][0] + b[0][m]).min(a[0][0] + b[1][m]);
        let mut i = 1;
        while i <= m {
            melds = melds.min(a[0][i] + b[0][m - i]);
            pair = pair.min(a[1][i] + b[0][m - i]).min(a[0][i] + b[1][m - i]);
            i += 1;
        }
        c[0][m] = melds;
        c[1][m] = pair;
        m += 1;
    }
    c
}

/// The tiles missing from `K` melds and the pair over four suits.
#[inline(always)]
pub(super) fn total<const K: usize>(d: &[[[u8; 8]; 2]; 4]) -> u8 {
    let low = join::<K>(&d[0], &d[1]);
    let high = join::<K>(&d[2], &d[3]);
    let mut best = low[0][0] + high[1][K];
    best = best.min(low[1][0] + high[0][K]);
    let mut i = 1;
    while i <= K {
        best = best
            .min(low[0][i] + high[1][K - i])
            .min(low[1][i] + high[0][K - i]);
        i += 1;
    }
    best
}

/// The tiles missing from `k` melds (0–5) and the pair over the four
/// suits whose classes' merge values are `merges`, by merging: when every
/// suit's increments (with and without the pair) are non-decreasing, the
/// least sum over the ways to share `k` melds among the suits is a merge
/// (the `k` smallest increments, each suit's taken in order), and with
/// the pair in suit `s` it is `d_s(0, 1)` plus the `k` smallest of suit
/// `s`'s increments with the pair and the other suits' without. With
/// increments of 0–3, the sum of the `k` smallest is the sum over `v` =
/// 0, 1, 2 of `k` less the increments of at most `v`, where positive: a
/// byte each, worked out for the four places of the pair at once from
/// the counts of [`HandMerge`]. `None` when some suit's
/// increments are not in order (a suit of a few patterns in a hundred) or
/// the rules limit the suits (`LEAN`: rules of the lean path, which never
/// do). A suit that may not hold the pair costs its
/// penalty; a suit out of play holds no tile, and its increments (all 3)
/// change no merge that the pair's suit can fill alone.
#[inline(always)]
pub(crate) fn merged<const LEAN: bool>(rules: &Rules, merges: &HandMerge, k: usize) -> Option<u8> {
    let melds = merges.meld_counts();
    // The lean path's rules have no suit limit (`Derived::lean_shanten`).
    if !melds.in_order() || (!LEAN && rules.derived.suit_limit < 3) {
        return None;
    }
    let best = merges.least_missing(melds, k, &rules.derived.pair_penalty);
    if LEAN {
        // Some suit holds the pair at no cost (the standard form is
        // winnable): the least is at most four kept bytes, 4 · 31.
        return Some(best as u8);
    }
    Some(best.min(u8::MAX as i16) as u8)
}

/// [`combined_of`] by joining, out of line.
#[inline(never)]
pub(super) fn joined(rules: &Rules, classes: &[&DistanceClass; 4], k: usize) -> u8 {
    let d: [[[u8; 8]; 2]; 4] = std::array::from_fn(|s| barred(rules, s, classes[s]));
    combined(rules, &d, k)
}

/// [`total`] for `k` melds (0–5), within the rules' suit limit: when
/// fewer numbered suits than three may be held, the least over the suits
/// kept (the others hold nothing of the target, their tiles all dropped).
#[inline(always)]
pub(super) fn combined(rules: &Rules, d: &[[[u8; 8]; 2]; 4], k: usize) -> u8 {
    if k == 4 && rules.derived.suit_limit >= 3 {
        return total::<4>(d);
    }
    combined_other(rules, d, k)
}

/// [`combined`] for hands of other sizes and for suit limits, out of line.
#[inline(never)]
pub(super) fn combined_other(rules: &Rules, d: &[[[u8; 8]; 2]; 4], k: usize) -> u8 {
    let any = |d: &[[[u8; 8]; 2]; 4]| match k {
        0 => total::<0>(d),
        1 => total::<1>(d),
        2 => total::<2>(d),
        3 => total::<3>(d),
        4 => total::<4>(d),
        _ => total::<5>(d),
    };
    let limit = rules.derived.suit_limit;
    if limit >= 3 {
        return any(d);
    }
    let empty = [EMPTY[0].to_le_bytes(), EMPTY[1].to_le_bytes()];
    let mut best = FAR;
    for kept in 0u32..8 {
        if kept.count_ones() != limit {
            continue;
        }
        let mut e = *d;
        for (s, dist) in e.iter_mut().enumerate().take(3) {
            if kept >> s & 1 == 0 {
                *dist = empty;
            }
        }
        best = best.min(any(&e));
    }
    best
}

/// The profiles of `pos`'s four suits, within four copies.
#[inline(always)]
pub(crate) fn profiles(rules: &Rules, pos: &Position) -> [SuitProfile; 4] {
    rules.tables.profiles(&pos.keys)
}

/// The tiles missing from `k` melds and the pair over the suits of
/// profiles `res`, barred as the rules say: merged, or joined.
#[inline(always)]
pub(crate) fn combined_of(rules: &Rules, res: &[SuitProfile; 4], k: usize) -> u8 {
    match merged::<false>(rules, &merges_of(rules, res), k) {
        Some(d) => d,
        None => joined(rules, &classes_of(rules, res), k),
    }
}

/// Would a joker of `pos` as a fifth copy lower some distance of its
/// suits (profiles `res`)? Then the distances within four copies
/// are not the answer.
#[inline(always)]
pub(crate) fn spends_fifths(rules: &Rules, pos: &Position, res: &[SuitProfile; 4]) -> bool {
    SuitProfile::any_fifth(res) && fifths(rules, pos) > 0
}

/// The classes of the profiles `res`.
#[inline(always)]
pub(super) fn classes_of<'a>(rules: &'a Rules, res: &[SuitProfile; 4]) -> [&'a DistanceClass; 4] {
    let tables = &rules.tables;
    [
        tables.class(res[0]),
        tables.class(res[1]),
        tables.class(res[2]),
        tables.class(res[3]),
    ]
}

/// The merge values ([`HandMerge`]) of the suits of profiles `res`.
#[inline(always)]
pub(crate) fn merges_of(rules: &Rules, res: &[SuitProfile; 4]) -> HandMerge {
    let tables = &rules.tables;
    HandMerge::of([
        tables.merge(res[0]),
        tables.merge(res[1]),
        tables.merge(res[2]),
        tables.merge(res[3]),
    ])
}

/// [`barred`] for distances already in bytes.
#[inline(always)]
pub(super) fn barred_bytes(rules: &Rules, s: usize, d: [[u8; 8]; 2]) -> [[u8; 8]; 2] {
    let b = &rules.derived.dist_bars[s];
    [
        ((u64::from_le_bytes(d[0]) & b[0][0]) | b[0][1]).to_le_bytes(),
        ((u64::from_le_bytes(d[1]) & b[1][0]) | b[1][1]).to_le_bytes(),
    ]
}

/// The fifth copies a position may spend: its jokers and the joker-kind
/// copies still to draw (none when the position holds them all, or one
/// more in a wait being tried).
#[inline(always)]
pub(crate) fn fifths(rules: &Rules, pos: &Position) -> u32 {
    fifths_of(rules, pos.jokers, pos.kind_jokers)
}

/// [`fifths`] of a hand holding `jokers` jokers (copies of joker kinds
/// included), `kind_jokers` of them copies of joker kinds.
#[inline(always)]
pub(crate) fn fifths_of(rules: &Rules, jokers: u8, kind_jokers: u8) -> u32 {
    jokers as u32 + rules.derived.joker_copies.saturating_sub(kind_jokers) as u32
}

/// Is some suit of `pos` flagged: would a joker as a fifth copy lower
/// one of its distances?
pub(crate) fn flagged(rules: &Rules, pos: &Position) -> bool {
    SuitProfile::any_fifth(&profiles(rules, pos))
}

/// Byte by byte, the least of `a` and `b` (every byte below `0x80`).
#[inline(always)]
pub(super) fn least_bytes(a: u64, b: u64) -> u64 {
    // The high bit of (a | 0x80) - b is set where a >= b (no borrow leaves
    // a byte).
    let b_least = (((a | crate::swar::HIGH) - b) & crate::swar::HIGH) >> 7;
    let mask = b_least * 0xff;
    (b & mask) | (a & !mask)
}
