//! Shards of a seeded sample. A long test over a sample is split into
//! `#[test]` functions, one per shard, so the test harness runs them on
//! different cores. Every shard draws the whole sample in the same order,
//! from the same seed (or, for `par_seeded`, seeds each case from its
//! index), and checks the cases whose number `i` has `i % count == index`:
//! the shards together check every case of the sample once, each the case
//! the whole sample holds. A test that asks more of some cases by their
//! index (every 4th, every 8th) numbers blocks of cases, `shard.has(i / 8)`,
//! so each shard has its share of those.
#![allow(dead_code)]

/// Shard `index` of `count` of a sample.
#[derive(Clone, Copy, Debug)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// The whole sample, as one shard.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    pub const fn of(index: usize, count: usize) -> Shard {
        assert!(index < count);
        Shard { index, count }
    }

    /// Whether case `i` of the sample is this shard's to check.
    pub fn has(self, i: usize) -> bool {
        i % self.count == self.index
    }

    /// How many of the cases `0..n` are this shard's.
    pub fn share(self, n: usize) -> usize {
        (n + self.count - 1 - self.index) / self.count
    }
}
