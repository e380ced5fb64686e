//! Word-at-a-time views of a 34-kind count array, for the hot paths.
//!
//! A count array is loaded as a few 64-bit words; every question the win
//! check and the waits ask of all 34 counts at once (is any count above 4,
//! how many tiles, how many odd counts, which kinds are held four times) is
//! then a handful of word operations instead of a loop over 34 bytes. Each
//! function states the byte range it assumes; all are checked against the
//! obvious byte loops in this module's tests.

use crate::tile::KINDS;

/// Every byte 0x01.
pub(crate) const LOW: u64 = 0x0101_0101_0101_0101;
/// Every byte 0x80.
pub(crate) const HIGH: u64 = 0x8080_8080_8080_8080;

/// The four suit words of a count array and the two counts they leave out.
///
/// `m`, `p` and `s` hold ranks 1–8 of each numbered suit (bytes 0–7, 9–16,
/// 18–25); `z` holds bytes 26–33 (9s, then the seven honours); `rest` holds
/// 9m (byte 0) and 9p (byte 1). Together they cover the 34 counts once.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SuitWords {
    pub m: u64,
    pub p: u64,
    pub s: u64,
    pub z: u64,
    pub rest: u64,
}

#[inline(always)]
fn word_at(counts: &[u8; KINDS], at: usize) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&counts[at..at + 8]);
    u64::from_le_bytes(bytes)
}

impl SuitWords {
    /// Loads the words of `counts` (five unaligned loads and two bytes).
    #[inline(always)]
    pub fn load(counts: &[u8; KINDS]) -> SuitWords {
        SuitWords {
            m: word_at(counts, 0),
            p: word_at(counts, 9),
            s: word_at(counts, 18),
            z: word_at(counts, 26),
            rest: counts[8] as u64 | (counts[17] as u64) << 8,
        }
    }

    /// The words as an array, for reductions over all of them.
    #[inline(always)]
    pub fn all(&self) -> [u64; 5] {
        [self.m, self.p, self.s, self.z, self.rest]
    }

    /// Is some count above 4? Exact for any bytes.
    #[inline(always)]
    pub fn any_over_four(&self) -> bool {
        // A byte b <= 0x84 gets its high bit from b + 0x7b exactly when
        // b >= 5; a larger byte has its own high bit set. A carry out of a
        // byte only raises the next byte's sum, so it can add a report,
        // never hide one, and the byte that caused it is reported anyway.
        self.all()
            .iter()
            .fold(0, |acc, &w| acc | w | w.wrapping_add(0x7b * LOW))
            & HIGH
            != 0
    }

    /// Is some count above 2? Every count must be at most 4.
    #[inline(always)]
    pub fn any_over_two(&self) -> bool {
        self.all()
            .iter()
            .fold(0, |acc, &w| acc | w.wrapping_add(0x7d * LOW))
            & HIGH
            != 0
    }

    /// Is some count above 1? Every count must be at most 4.
    #[inline(always)]
    pub fn any_over_one(&self) -> bool {
        self.all().iter().fold(0, |acc, w| acc | w) & (6 * LOW) != 0
    }

    /// Is some count exactly 4? Every count must be at most 4 (bit 2 is
    /// then set only in a 4).
    #[inline(always)]
    pub fn any_four(&self) -> bool {
        self.all().iter().fold(0, |acc, w| acc | w) & (4 * LOW) != 0
    }

    /// The sum of all 34 counts. Every count must be at most 4.
    #[inline(always)]
    pub fn total(&self) -> u32 {
        // Each byte of the sum is at most 5 × 4; the whole is at most 136.
        byte_sum(self.m + self.p + self.s + self.z + self.rest)
    }

    /// Is some kind held an odd number of times?
    #[inline(always)]
    pub fn any_odd(&self) -> bool {
        self.all().iter().fold(0, |acc, w| acc | w) & LOW != 0
    }

    /// The number of kinds held an odd number of times.
    #[inline(always)]
    pub fn odd_kinds(&self) -> u32 {
        byte_sum(self.all().iter().map(|w| w & LOW).sum())
    }

    /// The number of kinds held exactly twice. Every count must be at most 2.
    #[inline(always)]
    pub fn pairs(&self) -> u32 {
        byte_sum(self.all().iter().map(|w| w >> 1 & LOW).sum())
    }

    /// Bitwise AND with `mask`, word by word (a mask in the same layout).
    #[inline(always)]
    pub fn and(&self, mask: &SuitWords) -> SuitWords {
        SuitWords {
            m: self.m & mask.m,
            p: self.p & mask.p,
            s: self.s & mask.s,
            z: self.z & mask.z,
            rest: self.rest & mask.rest,
        }
    }

    /// Bitwise AND with the complement of `mask`, word by word.
    #[inline(always)]
    pub fn and_not(&self, mask: &SuitWords) -> SuitWords {
        SuitWords {
            m: self.m & !mask.m,
            p: self.p & !mask.p,
            s: self.s & !mask.s,
            z: self.z & !mask.z,
            rest: self.rest & !mask.rest,
        }
    }

    /// Byte 0x01 for every count above 0, 0 elsewhere. Every count must be
    /// at most 7.
    #[inline(always)]
    pub fn nonzero(&self) -> SuitWords {
        let one = |w: u64| (w | w >> 1 | w >> 2) & LOW;
        SuitWords {
            m: one(self.m),
            p: one(self.p),
            s: one(self.s),
            z: one(self.z),
            rest: one(self.rest),
        }
    }

    /// Byte by byte `self - other`; no byte of `other` may exceed its
    /// byte in `self`.
    #[inline(always)]
    pub fn minus(&self, other: &SuitWords) -> SuitWords {
        SuitWords {
            m: self.m - other.m,
            p: self.p - other.p,
            s: self.s - other.s,
            z: self.z - other.z,
            rest: self.rest - other.rest,
        }
    }

    /// A count array in this layout holding one of each kind in `kinds`
    /// (bit `i` for index `i`).
    pub const fn ones(kinds: u64) -> SuitWords {
        const fn byte(kinds: u64, i: usize, at: usize) -> u64 {
            (kinds >> i & 1) << (8 * at)
        }
        let mut w = SuitWords {
            m: 0,
            p: 0,
            s: 0,
            z: 0,
            rest: byte(kinds, 8, 0) | byte(kinds, 17, 1),
        };
        let mut i = 0;
        while i < 8 {
            w.m |= byte(kinds, i, i);
            w.p |= byte(kinds, 9 + i, i);
            w.s |= byte(kinds, 18 + i, i);
            w.z |= byte(kinds, 26 + i, i);
            i += 1;
        }
        w
    }

    /// The 34 counts (inverse of [`SuitWords::load`]).
    pub fn counts(&self) -> [u8; KINDS] {
        let mut c = [0u8; KINDS];
        c[0..8].copy_from_slice(&self.m.to_le_bytes());
        c[9..17].copy_from_slice(&self.p.to_le_bytes());
        c[18..26].copy_from_slice(&self.s.to_le_bytes());
        c[26..34].copy_from_slice(&self.z.to_le_bytes());
        c[8] = self.rest as u8;
        c[17] = (self.rest >> 8) as u8;
        c
    }

    /// The kinds (bit `i` for index `i`) whose count has bit `bit` set.
    #[inline(always)]
    pub fn kinds_with_bit(&self, bit: u32) -> u64 {
        let gather = |w: u64| (w >> bit & LOW).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        gather(self.m)
            | (self.rest >> bit & 1) << 8
            | gather(self.p) << 9
            | (self.rest >> (8 + bit) & 1) << 17
            | gather(self.s) << 18
            | gather(self.z) << 26
    }

    /// Is every byte zero?
    #[inline(always)]
    pub fn is_zero(&self) -> bool {
        self.m | self.p | self.s | self.z | self.rest == 0
    }

    /// A mask in this layout with byte `0xff` for every kind in `kinds`.
    pub fn mask(kinds: u64) -> SuitWords {
        let mut bytes = [0u8; KINDS];
        for (i, b) in bytes.iter_mut().enumerate() {
            if kinds >> i & 1 == 1 {
                *b = 0xff;
            }
        }
        SuitWords::load(&bytes)
    }

    /// The keys of [`SuitWords::keys`] cut after the fourth rank, as the
    /// distance columns' rankings index them: `(low, high)` with the key
    /// `low + CUT·high` ([`CUT`](crate::tables::key::CUT)). Every count
    /// must be at most 4.
    #[inline(always)]
    pub fn halves(&self) -> [(usize, usize); 4] {
        use crate::tables::key::{word_halves, CUT};
        let with_ninth =
            |(low, high): (usize, usize), ninth: u64| (low, high + CUT * ninth as usize);
        [
            with_ninth(word_halves(self.m), self.rest & 0xff),
            with_ninth(word_halves(self.p), self.rest >> 8),
            with_ninth(word_halves(self.s), self.z & 0xff),
            word_halves(self.z >> 8),
        ]
    }

    /// Base-5 keys of the three suits and the honours, as
    /// [`key_of`](crate::tables::key::key_of) computes them one count at a
    /// time. Every count must be at most 4.
    #[inline(always)]
    pub fn keys(&self) -> [usize; 4] {
        use crate::tables::key::{pow5, word_key};
        let ninth = pow5(8);
        [
            word_key(self.m) + (self.rest & 0xff) as usize * ninth,
            word_key(self.p) + (self.rest >> 8) as usize * ninth,
            word_key(self.s) + (self.z & 0xff) as usize * ninth,
            word_key(self.z >> 8),
        ]
    }
}

/// The sum of the eight bytes of `w`; the sum must be below 256.
#[inline(always)]
pub(crate) fn byte_sum(w: u64) -> u32 {
    (w.wrapping_mul(LOW) >> 56) as u32
}

/// The set bits of `mask`, lowest first.
pub(crate) fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        let i = mask.trailing_zeros() as usize;
        mask &= mask.wrapping_sub(1);
        (i < 64).then_some(i)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn samples() -> Vec<[u8; KINDS]> {
        // A deterministic spread of arrays: every value 0..=255 in every
        // position of some array, and mixtures of small counts.
        let mut out = Vec::new();
        for v in 0..=255u8 {
            for at in [0, 7, 8, 9, 16, 17, 18, 25, 26, 27, 33] {
                let mut c = [(v as usize % 5) as u8; KINDS];
                c[at] = v;
                out.push(c);
                let mut c = [0u8; KINDS];
                c[at] = v;
                out.push(c);
            }
        }
        let mut picks = crate::seeded::Picks::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let mut c = [0u8; KINDS];
            for b in &mut c {
                *b = picks.below(5) as u8;
            }
            out.push(c);
        }
        out
    }

    #[test]
    fn word_questions_match_byte_loops() {
        for c in samples() {
            let w = SuitWords::load(&c);
            assert_eq!(w.any_over_four(), c.iter().any(|&b| b > 4), "{c:?}");
            if c.iter().all(|&b| b <= 4) {
                assert_eq!(w.any_over_two(), c.iter().any(|&b| b > 2));
                assert_eq!(w.any_four(), c.contains(&4));
                assert_eq!(w.any_over_one(), c.iter().any(|&b| b > 1));
                assert_eq!(w.total(), c.iter().map(|&b| b as u32).sum::<u32>());
                assert_eq!(
                    w.odd_kinds(),
                    c.iter().filter(|&&b| b & 1 == 1).count() as u32
                );
                let keys = crate::tables::keys_of(&c);
                assert_eq!(w.keys(), keys);
                assert_eq!(w.halves(), keys.map(crate::tables::key::halves_of));
                for bit in 0..3 {
                    let want = (0..KINDS).fold(0u64, |m, i| m | ((c[i] >> bit & 1) as u64) << i);
                    assert_eq!(w.kinds_with_bit(bit), want);
                }
                assert_eq!(w.counts(), c);
                let nonzero: [u8; KINDS] = std::array::from_fn(|i| (c[i] > 0) as u8);
                assert_eq!(w.nonzero().counts(), nonzero);
                assert_eq!(
                    w.minus(&w.nonzero()).counts(),
                    std::array::from_fn(|i| c[i].saturating_sub(1))
                );
                let held = (0..KINDS).fold(0u64, |m, i| m | ((c[i] > 0) as u64) << i);
                assert_eq!(SuitWords::ones(held).counts(), nonzero);
            }
            if c.iter().all(|&b| b <= 2) {
                assert_eq!(w.pairs(), c.iter().filter(|&&b| b == 2).count() as u32);
            }
        }
    }

    #[test]
    fn masks_select_kinds() {
        let kinds = 0b10_0000_0100_0000_0110_0000_0001_0000_0001u64; // 34 bits
        let ones = SuitWords::load(&[1; KINDS]).and(&SuitWords::mask(kinds));
        assert_eq!(ones.total(), kinds.count_ones());
        assert!(SuitWords::load(&[3; KINDS])
            .and(&SuitWords::mask(0))
            .is_zero());
    }
}
