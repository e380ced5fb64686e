//! Seeded picks for the unit tests' samples: xorshift64, so that a failing
//! case comes back on every run.

/// A seeded xorshift64 sequence.
pub(crate) struct Picks(u64);

impl Picks {
    /// The sequence from `seed`, which must not be zero.
    pub(crate) fn new(seed: u64) -> Picks {
        assert_ne!(seed, 0, "xorshift never leaves zero");
        Picks(seed)
    }

    /// The next value of the sequence.
    pub(crate) fn next(&mut self) -> u64 {
        let x = &mut self.0;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        *x
    }

    /// The next value below `n`.
    pub(crate) fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
