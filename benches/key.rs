//! Which key should index the per-suit tables? The same per-suit values
//! looked up three ways, on the suits of seeded random 14-tile hands:
//!
//! - `dense-base5`: the library's tables, slot `sum(c[r] * 5^r)` of 5^9.
//! - `rank-405350`: an exact combinatorial rank over the 405,350 patterns of
//!   at most 14 tiles (the minimal perfect index xiangting uses): 9 loads from
//!   an offset table, then one load from a 405,350-byte table.
//! - `phf-siphash`: a `phf` perfect-hash map over the 405,350 base-5 keys.
//!
//! Run: `cargo bench --bench key`

#[path = "../tests/common/mod.rs"]
mod common;
mod peers;

use std::hint::black_box;
use std::time::Duration;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hupai::tables::key::{counts_of, key_of, SUIT_SLOTS};
use hupai::Rules;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const PATTERNS: usize = 4096;
const MAX: usize = 14;

/// Vectors of `k` ranks (0–4 each) with at most `budget` tiles.
fn vectors(k: usize, budget: usize) -> u32 {
    if k == 0 {
        return 1;
    }
    (0..=4.min(budget))
        .map(|c| vectors(k - 1, budget - c))
        .sum()
}

/// `offset[r][used][c]`: patterns that precede, at rank `r` with `used` tiles
/// before it, every pattern whose count there is `c` (lexicographic order).
struct Rank {
    offset: [[[u32; 5]; MAX + 1]; 9],
    values: Vec<u8>,
}

impl Rank {
    fn new(dense: impl Fn(&[u8]) -> u8) -> Rank {
        let mut offset = [[[0u32; 5]; MAX + 1]; 9];
        for (r, per_rank) in offset.iter_mut().enumerate() {
            for (used, per_used) in per_rank.iter_mut().enumerate() {
                let mut acc = 0;
                for (c, slot) in per_used.iter_mut().enumerate() {
                    *slot = acc;
                    if used + c <= MAX {
                        acc += vectors(8 - r, MAX - used - c);
                    }
                }
            }
        }
        let mut rank = Rank {
            offset,
            values: vec![0xff; 405_350],
        };
        let mut counts = [0u8; 9];
        let mut filled = 0;
        for key in 0..SUIT_SLOTS {
            counts_of(key, &mut counts);
            if counts.iter().map(|&c| c as usize).sum::<usize>() <= MAX {
                let i = rank.index(&counts);
                assert_eq!(rank.values[i], 0xff, "rank is not injective");
                rank.values[i] = dense(&counts);
                filled += 1;
            }
        }
        assert_eq!(filled, 405_350);
        rank
    }

    #[inline]
    fn index(&self, counts: &[u8]) -> usize {
        let mut used = 0usize;
        let mut i = 0u32;
        for (r, &c) in counts.iter().enumerate() {
            i += self.offset[r][used][c as usize];
            used += c as usize;
        }
        i as usize
    }
}

fn bench_keys(c: &mut Criterion) {
    let rules = Rules::basic();
    let tables = rules.tables();
    let dense = |counts: &[u8]| {
        let n = tables.suit(counts.try_into().unwrap());
        n.melds() | n.with_pair() << 4
    };
    let rank = Rank::new(dense);
    let (suit, _) = tables.raw();
    let phf = peers::PhfTable::new(9, SUIT_SLOTS, |k| suit[k]);
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let patterns: Vec<[u8; 9]> = (0..PATTERNS)
        .map(|_| {
            let raw = common::gen::uniform(&mut rng, 14, 0);
            raw.counts[0..9].try_into().unwrap()
        })
        .collect();
    for p in &patterns {
        assert_eq!(rank.values[rank.index(p)], dense(p));
        assert_eq!(phf.value(key_of(p)), dense(p));
    }
    let mut group = c.benchmark_group("suit-lookup");
    group.throughput(Throughput::Elements(PATTERNS as u64));
    group.bench_function("dense-base5", |b| {
        b.iter(|| {
            patterns
                .iter()
                .map(|p| dense(black_box(p)) as u32)
                .sum::<u32>()
        })
    });
    group.bench_function("rank-405350", |b| {
        b.iter(|| {
            patterns
                .iter()
                .map(|p| rank.values[rank.index(black_box(p))] as u32)
                .sum::<u32>()
        })
    });
    group.bench_function("phf-siphash", |b| {
        b.iter(|| {
            patterns
                .iter()
                .map(|p| phf.value(key_of(black_box(p))) as u32)
                .sum::<u32>()
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = bench_keys
}
criterion_main!(benches);
