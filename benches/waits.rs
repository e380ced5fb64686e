//! Waits of seeded 13-tile hands (mostly ready), with 0 and 2 jokers:
//! hupai's table waits beside the naive "34 win checks" (hupai's own win
//! check on the hand plus each tile) and the backtracking brute force.
//! Also splits and reveal of seeded hands, for reference.
//!
//! Run: `cargo bench --bench waits`

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Duration;

use common::gen::{self, Raw};
use common::oracle;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::{Hand, Rules, Tile};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const HANDS: usize = 1024;

/// The naive baseline: add each tile kind and run the win check.
fn naive_waits(rules: &Rules, hand: &Hand) -> u64 {
    let mut waits = 0u64;
    for t in Tile::all() {
        if hand.count(t) >= 4 {
            continue;
        }
        let mut counts = *hand.counts();
        counts[t.index()] += 1;
        if rules.is_win_counts(&counts, hand.jokers()).unwrap() {
            waits |= 1 << t.index();
        }
    }
    waits
}

fn bench_waits(c: &mut Criterion) {
    let rules = Rules::chinese();
    for jokers in [0usize, 2] {
        let mut rng = ChaCha8Rng::seed_from_u64(13 + jokers as u64);
        let raws: Vec<Raw> = (0..HANDS)
            .map(|_| gen::near_ready(&mut rng, 13, jokers))
            .collect();
        let hands: Vec<Hand> = raws
            .iter()
            .map(|r| Hand::from_counts(&r.counts, r.jokers).unwrap())
            .collect();
        for (raw, hand) in raws.iter().zip(&hands) {
            let fast: u64 = rules
                .waits(hand)
                .unwrap()
                .iter()
                .map(|t| 1u64 << t.index())
                .sum();
            assert_eq!(fast, naive_waits(&rules, hand), "{}", raw.notation());
        }
        let mut group = c.benchmark_group(format!("waits/13-tiles-{jokers}-jokers"));
        group.throughput(Throughput::Elements(HANDS as u64));
        group.bench_function(BenchmarkId::new("hupai", "waits"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| rules.waits(black_box(h)).unwrap().len())
                    .sum::<usize>()
            })
        });
        group.bench_function(BenchmarkId::new("naive", "34-win-checks"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| naive_waits(&rules, black_box(h)).count_ones())
                    .sum::<u32>()
            })
        });
        group.bench_function(BenchmarkId::new("backtracking", "oracle"), |b| {
            b.iter(|| {
                raws.iter()
                    .map(|r| oracle::waits("chinese", black_box(&r.counts), r.jokers as u32).len())
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

fn bench_split_reveal(c: &mut Criterion) {
    let rules = Rules::chinese();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let wins: Vec<Hand> = (0..HANDS)
        .map(|i| {
            let win = gen::standard_win(&mut rng, 14);
            let raw = gen::jokerize(&mut rng, win, i % 3);
            Hand::from_counts(&raw.counts, raw.jokers).unwrap()
        })
        .collect();
    let ready: Vec<Hand> = (0..HANDS)
        .map(|_| {
            let raw = gen::near_ready(&mut rng, 13, 0);
            Hand::from_counts(&raw.counts, raw.jokers).unwrap()
        })
        .filter(|h| rules.is_ready(h).unwrap())
        .collect();
    let mut group = c.benchmark_group("split/14-tiles-0-2-jokers");
    group.throughput(Throughput::Elements(wins.len() as u64));
    group.bench_function("hupai", |b| {
        b.iter(|| {
            wins.iter()
                .map(|h| rules.splits(black_box(h)).unwrap().len())
                .sum::<usize>()
        })
    });
    group.finish();
    let mut group = c.benchmark_group("reveal/13-tiles-ready");
    group.throughput(Throughput::Elements(ready.len() as u64));
    group.bench_function("hupai", |b| {
        b.iter(|| {
            ready
                .iter()
                .map(|h| rules.reveal(black_box(h)).unwrap().tiles.len())
                .sum::<usize>()
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
    targets = bench_waits, bench_split_reveal
}
criterion_main!(benches);
