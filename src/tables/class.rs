//! The distance classes: the distinct distances of a table's patterns,
//! each decoded once ([`DistanceClass`]), what the standard form's merge
//! reads of them ([`SuitMerge`], four suits at once in [`HandMerge`]) and
//! the lanes in which one class's distances are lower than another's
//! ([`DistanceClass::lowered_in`], what efficiency's draw rows hold),
//! packed and unpacked here.
//!
//! # The merge
//!
//! The standard form's distance over four suits is the least, over the
//! ways to share `k` melds and the pair among the suits, of the suits'
//! distances added. When every suit's increments `d(m, 0) - d(m - 1, 0)`
//! (and those with the pair) are non-decreasing, that least is a merge:
//! the `k` smallest increments of all suits, each suit's taken in order,
//! and with the pair in suit `s`, `d_s(0, 1)` plus the `k` smallest of
//! suit `s`'s increments with the pair and the other suits' without. With
//! increments of 0–3, the sum of the `k` smallest is the sum over `v` = 0,
//! 1, 2 of `k` less the increments of at most `v`, where positive.
//!
//! So a suit's [`SuitMerge`] holds, a byte each:
//!
//! - `melds`, bytes 0–2: how many of its five meld increments are at most
//!   0, 1 and 2; byte 3: 1 when its increments with or without the pair
//!   are out of order (the merge does not apply);
//! - `pair`, bytes 0–2: [`PAIR_BIAS`] plus the same counts for the
//!   increments with the pair, less those of `melds`; byte 3:
//!   [`PAIR_BIAS`] less `d(0, 1)`.
//!
//! and [`HandMerge::least_missing`] works out the four places of the pair
//! from the four suits' words with a few word operations.
//! [`HandMerge::least_split`] reads from the same words which meld counts
//! each suit holds on a least split, for efficiency's draws.

use super::distance::Distance;
use super::key;
use super::layout::{CLASS, DIST_MELDS};

/// One distance class: the distances of every pattern whose packed steps
/// are `steps`, decoded once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct DistanceClass {
    /// The packed steps (the stored layout, without the flag).
    pub steps: u32,
    /// [`Distance::lanes`] of these steps: the distances, a byte each.
    pub lanes: [u64; 2],
    /// What the standard form's merge reads of these distances.
    pub merge: SuitMerge,
}

/// What the standard form's merge reads of one suit's distance class (see
/// [the merge](self#the-merge)). A live hand keeps its suits' copies, so
/// that its shanten reads no table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct SuitMerge {
    /// Bytes 0–2: the meld increments of at most 0, 1 and 2; byte 3:
    /// [`OUT_OF_ORDER`] when the merge does not apply.
    pub melds: u32,
    /// Bytes 0–2: [`PAIR_BIAS`] plus the counts for the increments with
    /// the pair, less those of `melds`; byte 3: [`PAIR_BIAS`] less
    /// `d(0, 1)`.
    pub pair: u32,
}

/// The [`SuitMerge`] values of a hand's four suits, field by field (the
/// merge reads each field of the four at once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct HandMerge {
    melds: [u32; 4],
    pair: [u32; 4],
}

/// What [`SuitMerge::pair`]'s bytes are raised by, so that none is
/// negative.
const PAIR_BIAS: u32 = 8;

/// [`SuitMerge::melds`]'s byte 3 for a suit whose increments are out of
/// order; four suits' bytes 3 added are zero when every suit's are in
/// order.
const OUT_OF_ORDER: u32 = 1 << OUT_OF_ORDER_SHIFT;

/// The byte of [`OUT_OF_ORDER`].
const OUT_OF_ORDER_SHIFT: u32 = 24;

/// `[low << 3 | high]`: bits `low` to `high` (0–5), the lanes of suit
/// that [`HandMerge::least_split`] finds holding those meld counts.
const BETWEEN: [u8; 64] = {
    let mut t = [0; 64];
    let mut i = 0;
    while i < 64 {
        let (low, high) = (i >> 3, i & 7);
        if low <= high {
            t[i] = ((2u32 << high) - (1u32 << low)) as u8;
        }
        i += 1;
    }
    t
};

/// One in each of bytes 0–2, the bytes of the bounds `v` = 0, 1, 2.
const BOUND_BYTES: u32 = 0x0001_0101;

/// One in each byte.
const EVERY_BYTE: u32 = 0x0101_0101;

/// Bit 5 of a byte, 32: the merge starts each byte at 32 plus
/// [`PAIR_BIAS`] (byte `v`: 32 + `k` less the increments of at most `v`,
/// at least 7 as no suit has more than five: no byte borrows), so bit 5
/// says whether `k` exceeds the increments, and the bits below it by how
/// many.
const KEEP_SHIFT: u32 = 5;

/// What each byte starts at: `32 + PAIR_BIAS` (see [`KEEP_SHIFT`]).
const START: u32 = ((1 << KEEP_SHIFT) + PAIR_BIAS) * EVERY_BYTE;

const _: () = assert!(START == 0x2828_2828);

impl HandMerge {
    /// The values of the four suits, in order.
    #[inline(always)]
    pub(crate) fn of(merges: [SuitMerge; 4]) -> HandMerge {
        HandMerge {
            melds: merges.map(|m| m.melds),
            pair: merges.map(|m| m.pair),
        }
    }

    /// Suit `s` takes the values `merge`.
    #[inline(always)]
    pub(crate) fn set(&mut self, s: usize, merge: SuitMerge) {
        self.melds[s] = merge.melds;
        self.pair[s] = merge.pair;
    }

    /// The four suits' meld counts added up: what every place of the pair
    /// starts from ([`HandMerge::least_missing`]), once they are
    /// [in order](MeldCounts::in_order).
    #[inline(always)]
    pub(crate) fn meld_counts(&self) -> MeldCounts {
        let m = &self.melds;
        MeldCounts(m[0] + m[1] + m[2] + m[3])
    }

    /// The fewest tiles missing from `k` melds (0–5) and the pair over the
    /// four suits, by [the merge](self#the-merge), from their meld counts
    /// `melds` ([`HandMerge::meld_counts`], [in order](MeldCounts::in_order)):
    /// the least over the four places
    /// of the pair, the pair in suit `s` costing `penalty[s]` more (a suit
    /// that may not hold it). A suit out of play holds no tile, and its
    /// increments (all 3) change no merge that the pair's suit can fill
    /// alone.
    #[inline(always)]
    pub(crate) fn least_missing(&self, melds: MeldCounts, k: usize, penalty: &[i16; 4]) -> i16 {
        // Byte v: 40 + k less the increments of at most v (byte 3: 40).
        let q = START + k as u32 * BOUND_BYTES - melds.0;
        self.with_pair(q, 0, penalty)
            .min(self.with_pair(q, 1, penalty))
            .min(
                self.with_pair(q, 2, penalty)
                    .min(self.with_pair(q, 3, penalty)),
            )
    }

    /// [`HandMerge::least_missing`] with no penalty, and each suit's
    /// lanes on a least split (bit `m` for `m` melds without the pair, bit
    /// `8 + m` with it, as the efficiency's lanes): those of every place
    /// of the pair at the least. With the pair in suit `q` and `k` melds,
    /// let `λ` be the `k`-th smallest increment (0 when `k` is 0), `c_u(v)`
    /// suit `u`'s increments of at most `v` (those with the pair for `q`)
    /// and `N(v)` theirs added up. A split is least exactly when it takes
    /// every increment below `λ` and none above it (one taken above one
    /// left would be exchanged for less), so suit `u` holds from
    /// `max(c_u(λ - 1), k - N(λ) + c_u(λ))` to
    /// `min(c_u(λ), k - N(λ - 1) + c_u(λ - 1))` melds, every count between
    /// them with some split of the others.
    #[inline(always)]
    pub(crate) fn least_split(&self, melds: MeldCounts, k: usize) -> (i16, [u32; 4]) {
        let start = START + k as u32 * BOUND_BYTES - melds.0;
        let none = [0; 4];
        let missing: [i16; 4] = std::array::from_fn(|q| self.with_pair(start, q, &none));
        let best = missing.iter().fold(i16::MAX, |a, &b| a.min(b));
        // Byte v + 1: the increments of at most v (v = 0, 1, 2); byte 0:
        // none below 0; byte 4: all five.
        let counts = |w: u32| u64::from(w & 0x00ff_ffff) << 8 | 5 << 32;
        let all = counts(melds.0) | 20 << 32;
        let bias = u64::from(PAIR_BIAS * BOUND_BYTES) << 8;
        let k = k as i32;
        let mut tight = [0u32; 4];
        for (q, &d) in missing.iter().enumerate() {
            if d != best {
                continue;
            }
            // Byte by byte, plus the pair's counts less the melds' (no
            // byte borrows: each count is at least zero).
            let pair = (u64::from(self.pair[q] & 0x00ff_ffff) << 8).wrapping_sub(bias);
            let total = all.wrapping_add(pair);
            // λ: how many of bytes 1–3 (the counts at 0, 1, 2, rising)
            // are below k, each byte's high bit set when at most k - 1 (no
            // byte borrows: every count is below 0x80), the bits added by
            // one multiplication. No target of no meld takes an increment.
            let lambda = if k == 0 {
                0
            } else {
                let below_k = (((k as u64 - 1) * 0x01_0101) | 0x80_8080) - (total >> 8 & 0xff_ffff);
                (((below_k >> 7 & 0x01_0101) * 0x01_0101) >> 16 & 0xff) as u32
            };
            // The counts at λ - 1 and λ: bytes 0 and 1 once moved down.
            let at = |c: u64| {
                let c = c >> (8 * lambda);
                ((c & 0xff) as i32, (c >> 8 & 0xff) as i32)
            };
            let (below, within) = at(total);
            // Below λ fewer than k increments, at λ at least k: a suit
            // holds at most what it has below λ plus the k - below others
            // leave, so `low` and `high` lie in 0–5.
            let (past_below, past_within) = (k - within, k - below);
            let lanes = |c: u64| {
                let (c_below, c_within) = at(c);
                let low = c_below.max(past_below + c_within) as u32;
                let high = c_within.min(past_within + c_below) as u32;
                u32::from(BETWEEN[(low << 3 | high) as usize & (BETWEEN.len() - 1)])
            };
            for (u, t) in tight.iter_mut().enumerate() {
                if u != q {
                    *t |= lanes(counts(self.melds[u]));
                }
            }
            tight[q] |= lanes(counts(self.melds[q]).wrapping_add(pair)) << 8;
        }
        (best, tight)
    }

    /// [`HandMerge::least_missing`] with the pair in suit `s`, from the
    /// start `q` of every place.
    #[inline(always)]
    fn with_pair(&self, q: u32, s: usize, penalty: &[i16; 4]) -> i16 {
        // Byte v: 32 + k less the increments of at most v with the pair in
        // suit s (at least 7: no byte borrows), so bit 5 says whether k
        // exceeds them; byte 3: 32 plus the pair alone.
        let y = q - self.pair[s];
        let keep = (y >> KEEP_SHIFT & EVERY_BYTE) * ((1 << KEEP_SHIFT) - 1);
        // The kept bytes (at most 31 each) added up by shifts, which vector
        // units have (a 32-bit multiply they lack). Small and positive: a
        // signed minimum is the cheaper one.
        let z = y & keep;
        let z = z + (z >> 16);
        ((z + (z >> 8)) & 0xff) as i16 + penalty[s]
    }
}

/// The meld counts of a hand's four suits added up, a byte each (bytes
/// 0–2 of their [`SuitMerge::melds`]; byte 3 the suits out of order).
#[derive(Clone, Copy, Debug)]
pub(crate) struct MeldCounts(u32);

impl MeldCounts {
    /// Are every suit's increments in order? Else (a suit of a few
    /// patterns in a hundred) the merge does not apply.
    #[inline(always)]
    pub(crate) fn in_order(self) -> bool {
        self.0 >> OUT_OF_ORDER_SHIFT == 0
    }
}

impl DistanceClass {
    /// The lanes in which the distances of `next` differ from these (bit
    /// `m` for `m` melds, `8 + m` for `m` melds and the pair): those one
    /// tile more lowers, when `next` is the class of the pattern with it
    /// (a tile more never raises a distance).
    pub(crate) fn lowered_in(&self, next: &DistanceClass) -> u16 {
        const SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
        // Each byte's high bit moved to bit 56 + j by one multiplication.
        const GATHER: u64 = 0x0102_0408_1020_4080;
        // A byte of the XOR is not zero when its high bit is set or its
        // low seven bits added to 0x7f set it (no carry leaves a byte).
        let differ = |a: u64, b: u64| {
            let x = a ^ b;
            let high = (x | ((x & SEVEN) + SEVEN)) & !SEVEN;
            ((high >> 7).wrapping_mul(GATHER) >> 56) as u16
        };
        differ(self.lanes[0], next.lanes[0]) | differ(self.lanes[1], next.lanes[1]) << 8
    }

    /// The class of the packed steps `steps`.
    pub(crate) fn of(steps: u32) -> DistanceClass {
        let lanes = Distance::from_stored(steps).lanes();
        let f = lanes[0].to_le_bytes();
        let g = lanes[1].to_le_bytes();
        let mut in_order = true;
        let mut counts = [[0u32; 3]; 2];
        let mut w = 0;
        while w < 2 {
            let d = if w == 0 { f } else { g };
            let mut m = 1;
            while m <= DIST_MELDS {
                let step = d[m] as i32 - d[m - 1] as i32;
                if !(0..=3).contains(&step) || (m > 1 && step < d[m - 1] as i32 - d[m - 2] as i32) {
                    in_order = false;
                }
                let mut v = 0;
                while v < 3 {
                    counts[w][v] += (step <= v as i32) as u32;
                    v += 1;
                }
                m += 1;
            }
            w += 1;
        }
        let (melds, pair) = if in_order {
            let c = counts;
            (
                c[0][0] | c[0][1] << 8 | c[0][2] << 16,
                (PAIR_BIAS + c[1][0] - c[0][0])
                    | (PAIR_BIAS + c[1][1] - c[0][1]) << 8
                    | (PAIR_BIAS + c[1][2] - c[0][2]) << 16
                    | (PAIR_BIAS - g[0] as u32) << 24,
            )
        } else {
            (OUT_OF_ORDER, 0)
        };
        DistanceClass {
            steps,
            lanes,
            merge: SuitMerge { melds, pair },
        }
    }
}

/// How many class numbers a profile can hold.
const CLASSES: usize = 1 << CLASS.bits;

/// Every class a profile can name, the unused numbers as class 0 (so that
/// reading one needs no bounds check).
pub(crate) struct DistanceClasses {
    all: Box<[DistanceClass; CLASSES]>,
    /// Each class's [`DistanceClass::merge`] again, eight bytes apart: the
    /// shanten's merge reads a suit's with one scaled load.
    merges: Box<[SuitMerge; CLASSES]>,
}

impl DistanceClasses {
    /// The classes of the packed steps `steps` (class 0 first), padded.
    pub(super) fn of_steps(steps: impl Iterator<Item = u32>) -> DistanceClasses {
        let mut all: Vec<DistanceClass> = steps.map(DistanceClass::of).collect();
        let none = all[0];
        all.resize(CLASSES, none);
        let merges: Vec<SuitMerge> = all.iter().map(|c| c.merge).collect();
        DistanceClasses {
            all: key::boxed_array(all, "resized to CLASSES"),
            merges: key::boxed_array(merges, "one per class"),
        }
    }

    /// Class number `index` (below [`CLASSES`]: a profile's class).
    #[inline(always)]
    pub(super) fn get(&self, index: u32) -> &DistanceClass {
        &self.all[index as usize]
    }

    /// The merge value of class number `index`.
    #[inline(always)]
    pub(super) fn merge(&self, index: u32) -> SuitMerge {
        self.merges[index as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::super::builtin::DEFAULT_CLASSES;
    use super::*;

    /// The naive twin of [`HandMerge::least_missing`] and
    /// [`HandMerge::least_split`]: every way to share `k` melds among four
    /// suits and place the pair (in suit `s`, `penalty[s]` more), the least
    /// of the suits' distances added, and each suit's lane marked on the
    /// ways at the least.
    fn split_by_sharing(
        classes: &[&DistanceClass; 4],
        k: usize,
        penalty: &[i16; 4],
    ) -> (i16, [u32; 4]) {
        let d = classes.map(|c| c.lanes.map(u64::to_le_bytes));
        let mut best = i16::MAX;
        let mut tight = [0u32; 4];
        for pair in 0..4 {
            for a in 0..=k {
                for b in 0..=k - a {
                    for c in 0..=k - a - b {
                        let m = [a, b, c, k - a - b - c];
                        let sum: i16 = (0..4)
                            .map(|s| d[s][(s == pair) as usize][m[s]] as i16)
                            .sum::<i16>()
                            + penalty[pair];
                        if sum < best {
                            (best, tight) = (sum, [0; 4]);
                        }
                        if sum == best {
                            for s in 0..4 {
                                tight[s] |= 1 << (m[s] + 8 * (s == pair) as usize);
                            }
                        }
                    }
                }
            }
        }
        (best, tight)
    }

    /// The builtin tables' classes.
    fn builtin_classes() -> Vec<DistanceClass> {
        DEFAULT_CLASSES
            .iter()
            .map(|&s| DistanceClass::of(s))
            .collect()
    }

    /// Seeded picks: `next(n)` is below `n`.
    fn picks(seed: u64) -> impl FnMut(usize) -> usize {
        let mut picks = crate::seeded::Picks::new(seed);
        move |n| picks.below(n as u64) as usize
    }

    /// The merge's least split of the builtin tables' classes, four at a
    /// time (seeded picks), equals the one found by sharing the melds every
    /// way, whenever the four classes are in order.
    #[test]
    fn least_split_is_the_sharing_at_the_least() {
        let all = builtin_classes();
        let mut next = picks(0x9e37_79b9_7f4a_7c15u64);
        let mut merged = 0;
        for _ in 0..50_000 {
            let four: [&DistanceClass; 4] = std::array::from_fn(|_| &all[next(all.len())]);
            let merge = HandMerge::of(four.map(|c| c.merge));
            let k = next(DIST_MELDS + 1);
            let melds = merge.meld_counts();
            if melds.in_order() {
                merged += 1;
                let got = merge.least_split(melds, k);
                assert_eq!(got, split_by_sharing(&four, k, &[0; 4]), "{four:?} k = {k}");
                assert_eq!(got.0, merge.least_missing(melds, k, &[0; 4]));
            }
        }
        assert!(merged > 10_000, "{merged} merged");
    }

    /// The merge of the builtin tables' classes, four at a time (seeded
    /// picks), equals the least over every way to share the melds and
    /// place the pair, whenever the four classes are in order; a class out
    /// of order is seen to be.
    #[test]
    fn least_missing_is_the_least_sharing() {
        let all = builtin_classes();
        let classes: Vec<&DistanceClass> = all.iter().collect();
        let mut next = picks(0x2545_f491_4f6c_dd1du64);
        let (mut merged, mut out_of_order) = (0, 0);
        for _ in 0..20_000 {
            let four: [&DistanceClass; 4] = std::array::from_fn(|_| classes[next(classes.len())]);
            let merge = HandMerge::of(four.map(|c| c.merge));
            let penalty = [0, 0, 0, [0, 60][next(2)]];
            let k = next(DIST_MELDS + 1);
            let melds = merge.meld_counts();
            if melds.in_order() {
                merged += 1;
                let least = merge.least_missing(melds, k, &penalty);
                let naive = split_by_sharing(&four, k, &penalty).0;
                assert_eq!(least, naive, "{four:?} k = {k}");
            } else {
                out_of_order += 1;
                assert!(four.iter().any(|c| c.merge.melds == OUT_OF_ORDER));
            }
        }
        assert!(
            merged > 5_000 && out_of_order > 0,
            "{merged} merged, {out_of_order} not"
        );
    }
}
