//! The knitted tiles of the GB (MCR) knitted forms: the six
//! *assignments* — 147 of one numbered suit, 258 of another, 369 of the
//! third, one of the six ways to spread the three over the suits — and the
//! honours. The knitted straight (`knitted_straight.rs`) and honours and
//! knitted tiles (`honors_and_knitted.rs`) read them here.

use crate::swar::SuitWords;

/// The kinds of the residue class `residue` (0: 147, 1: 258, 2: 369) in
/// numbered suit `suit` (bit `i` for index `i`).
const fn class(suit: usize, residue: usize) -> u64 {
    0b1_0010_0100u64 >> (2 - residue) << (9 * suit)
}

/// The six assignments: the nine kinds of each (bit `i` for index `i`), in
/// the order of the residue classes given to m, p and s.
pub(crate) const ASSIGNMENTS: [u64; 6] = {
    const PERMS: [[usize; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0u64; 6];
    let mut a = 0;
    while a < 6 {
        out[a] = class(0, PERMS[a][0]) | class(1, PERMS[a][1]) | class(2, PERMS[a][2]);
        a += 1;
    }
    out
};

/// Each assignment's nine kinds as counts of one, in [`SuitWords`] layout.
pub(crate) const ASSIGNMENT_ONES: [SuitWords; 6] = {
    let mut out = [SuitWords::ones(0); 6];
    let mut a = 0;
    while a < 6 {
        out[a] = SuitWords::ones(ASSIGNMENTS[a]);
        a += 1;
    }
    out
};

/// The kinds `words` holds (bit `i` for index `i`).
#[inline(always)]
pub(crate) fn held(words: &SuitWords) -> u64 {
    words.nonzero().kinds_with_bit(0)
}

/// Do the kinds `held` (bits) lack at most `n` of the kinds `kinds` (an
/// assignment's nine)?
#[inline(always)]
pub(crate) fn lacks_at_most(held: u64, kinds: u64, n: u32) -> bool {
    at_most(kinds & !held, n)
}

/// Are at most `n` bits of `bits` set? None or one are told without
/// counting (a count is a dozen instructions on the baseline x86-64).
#[inline(always)]
pub(crate) fn at_most(bits: u64, n: u32) -> bool {
    match n {
        0 => bits == 0,
        1 => bits & bits.wrapping_sub(1) == 0,
        _ => bits.count_ones() <= n,
    }
}

/// Calls `f` with every subset of `bits` of at most `most` members, in
/// decreasing order as numbers.
pub(crate) fn for_subsets(bits: u64, most: u32, f: &mut dyn FnMut(u64)) {
    for_sized_subsets(bits, 0, 0, most, f);
}

/// Calls `f` with every subset of `bits` of exactly `size` members, in
/// decreasing order as numbers.
pub(crate) fn for_choices(bits: u64, size: u32, f: &mut dyn FnMut(u64)) {
    for_sized_subsets(bits, 0, size, size, f);
}

/// Calls `f` with `chosen` joined by every subset of `rest` of `least` to
/// `most` members, in decreasing order as numbers (`chosen`'s bits all
/// above `rest`'s): those holding `rest`'s highest bit first. Only the
/// subsets of the right size are visited, not all of `rest`'s.
fn for_sized_subsets(rest: u64, chosen: u64, least: u32, most: u32, f: &mut dyn FnMut(u64)) {
    if rest.count_ones() < least {
        return;
    }
    if rest == 0 || most == 0 {
        // Nothing more can be taken (`least` is then 0).
        f(chosen);
        return;
    }
    let top = 1u64 << (63 - rest.leading_zeros());
    let rest = rest & !top;
    for_sized_subsets(rest, chosen | top, least.saturating_sub(1), most - 1, f);
    for_sized_subsets(rest, chosen, least, most, f);
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Every subset of `bits` whose size `fits`, in decreasing order as
    /// numbers: all of them walked down from `bits`.
    fn subsets_naively(bits: u64, fits: impl Fn(u32) -> bool) -> Vec<u64> {
        let mut out = Vec::new();
        let mut sub = bits;
        loop {
            if fits(sub.count_ones()) {
                out.push(sub);
            }
            if sub == 0 {
                return out;
            }
            sub = (sub - 1) & bits;
        }
    }

    #[test]
    fn subsets_and_choices_are_every_one_of_their_size_in_order() {
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        for _ in 0..400 {
            // Each of the 34 kinds with odds of 1 in 8: about four.
            let bits = (rng.gen::<u64>() & rng.gen::<u64>() & rng.gen::<u64>()) & ((1 << 34) - 1);
            for size in 0..=5 {
                let mut got = Vec::new();
                for_subsets(bits, size, &mut |s| got.push(s));
                assert_eq!(
                    got,
                    subsets_naively(bits, |n| n <= size),
                    "{bits:#x} at most {size}"
                );
                let mut got = Vec::new();
                for_choices(bits, size, &mut |s| got.push(s));
                assert_eq!(
                    got,
                    subsets_naively(bits, |n| n == size),
                    "{bits:#x} of {size}"
                );
            }
        }
    }
}
