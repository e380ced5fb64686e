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

/// Calls `f` with every subset of `bits` of at most `most` members.
pub(crate) fn for_subsets(bits: u64, most: u32, f: &mut dyn FnMut(u64)) {
    let mut sub = bits;
    loop {
        if sub.count_ones() <= most {
            f(sub);
        }
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & bits;
    }
}

/// Calls `f` with every subset of `bits` of exactly `size` members.
pub(crate) fn for_choices(bits: u64, size: u32, f: &mut dyn FnMut(u64)) {
    if bits.count_ones() < size {
        return;
    }
    let mut sub = bits;
    loop {
        if sub.count_ones() == size {
            f(sub);
        }
        if sub == 0 {
            break;
        }
        sub = (sub - 1) & bits;
    }
}
