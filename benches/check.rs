//! Win check on seeded 14-tile hands: hupai's tables beside the in-repo
//! backtracking search (the tests' oracle, seed 001's method with explicit
//! jokers). Every group times the same pre-generated hands; divide the time
//! per iteration by `HANDS` for ns per hand (criterion's throughput line).
//!
//! Run: `cargo bench --bench check`

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::gen::{self, Raw};
use common::oracle;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::{Hand, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const HANDS: usize = 1024;

/// The bench's hand categories, each generated from its own fixed seed.
fn categories() -> Vec<(&'static str, Vec<Raw>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let random = (0..HANDS).map(|_| gen::uniform(&mut rng, 14, 0)).collect();
    let winning = (0..HANDS)
        .map(|_| gen::standard_win(&mut rng, 14))
        .collect();
    let mut jokers = |k: usize| -> Vec<Raw> {
        (0..HANDS)
            .map(|i| {
                let win = gen::standard_win(&mut rng, 14);
                // Half wins, half spoiled wins.
                let base = if i % 2 == 0 {
                    win
                } else {
                    gen::spoil(&mut rng, win)
                };
                gen::jokerize(&mut rng, base, k)
            })
            .collect()
    };
    let (j2, j4, j8) = (jokers(2), jokers(4), jokers(8));
    vec![
        ("random", random),
        ("winning", winning),
        ("jokers-2", j2),
        ("jokers-4", j4),
        ("jokers-8", j8),
    ]
}

fn bench_check(c: &mut Criterion) {
    let rules = Rules::chinese();
    for (name, raws) in categories() {
        let hands: Vec<Hand> = raws
            .iter()
            .map(|r| Hand::from_counts(&r.counts, r.jokers).unwrap())
            .collect();
        // Both implementations must agree before they are timed.
        for (raw, hand) in raws.iter().zip(&hands) {
            let want = oracle::forms("chinese", &raw.counts, raw.jokers as u32)
                .iter()
                .any(|&w| w);
            assert_eq!(rules.is_win(hand).unwrap(), want, "{}", raw.notation());
        }
        let mut group = c.benchmark_group(format!("check/{name}"));
        group.throughput(Throughput::Elements(HANDS as u64));
        group.bench_function(BenchmarkId::new("hupai", "is_win"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .filter(|h| rules.is_win(black_box(h)).unwrap())
                    .count()
            })
        });
        group.bench_function(BenchmarkId::new("backtracking", "oracle"), |b| {
            b.iter(|| {
                raws.iter()
                    .filter(|r| {
                        oracle::forms("chinese", black_box(&r.counts), r.jokers as u32)
                            .iter()
                            .any(|&w| w)
                    })
                    .count()
            })
        });
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(20);
    targets = bench_check
}
criterion_main!(benches);
