//! Win check on seeded 14-tile hands: hupai beside the baselines of
//! `benches/peers` (the greedy joker count, the same tables through a phf
//! map, `xiangting`, `riichienv-core`) and the in-repo backtracking search
//! (the tests' oracle, the classic recursive check with explicit jokers). Every group
//! times the same pre-generated hands; criterion's throughput line gives
//! hands per second, and time / 1024 is ns per hand.
//!
//! Run: `cargo bench --bench check`

#[path = "../tests/common/mod.rs"]
mod common;
mod peers;
mod timed;

use std::hint::black_box;
use std::time::Duration;

use common::gen::{self, Raw};
use common::oracle;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::{Hand, LiveHand, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use timed::count_where;

const HANDS: usize = 1024;

/// The bench's hand categories, each generated from a fixed seed.
fn categories() -> Vec<(&'static str, Vec<Raw>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let random = (0..HANDS).map(|_| gen::uniform(&mut rng, 14, 0)).collect();
    let winning = (0..HANDS)
        .map(|_| gen::standard_win(&mut rng, 14))
        .collect();
    let near = (0..HANDS)
        .map(|_| {
            let win = gen::standard_win(&mut rng, 14);
            gen::spoil(&mut rng, win)
        })
        .collect();
    let mut jokers = |k: usize| -> Vec<Raw> {
        // Half wins, half spoiled wins.
        (0..HANDS)
            .map(|i| gen::joker_hand(&mut rng, k, i % 2 == 1))
            .collect()
    };
    let (j2, j4, j8) = (jokers(2), jokers(4), jokers(8));
    vec![
        ("random-14", random),
        ("winning-14", winning),
        ("near-winning-14", near),
        ("jokers-2", j2),
        ("jokers-4", j4),
        ("jokers-8", j8),
    ]
}

fn bench_check(c: &mut Criterion) {
    let rules = Rules::chinese();
    let riichi = Rules::riichi();
    let phf = peers::PhfRules::new(&rules);
    let sketch = peers::DenseSketch::new();
    for (name, raws) in categories() {
        let hands: Vec<Hand> = raws
            .iter()
            .map(|r| Hand::from_counts(&r.counts, r.jokers).unwrap())
            .collect();
        let counts: Vec<([u8; 34], u8)> = raws.iter().map(|r| (r.counts, r.jokers)).collect();
        let live: Vec<LiveHand<&Rules>> = hands
            .iter()
            .map(|h| LiveHand::from_hand(&rules, h).unwrap())
            .collect();
        let no_jokers = raws.iter().all(|r| r.jokers == 0);
        // Every exact implementation must agree with the oracle before it
        // is timed; the greedy count's misjudgements are counted.
        let mut greedy_wrong = 0;
        for (raw, hand) in raws.iter().zip(&hands) {
            let want = oracle::forms("chinese", &raw.counts, raw.jokers as u32)
                .iter()
                .any(|&w| w);
            assert_eq!(rules.is_win(hand).unwrap(), want, "{}", raw.notation());
            assert_eq!(rules.is_win_counts(&raw.counts, raw.jokers).unwrap(), want);
            assert_eq!(LiveHand::from_hand(&rules, hand).unwrap().is_win(), want);
            assert_eq!(
                phf.is_win(&raw.counts, raw.jokers),
                want,
                "{}",
                raw.notation()
            );
            greedy_wrong += (peers::greedy_is_win(&raw.counts, raw.jokers) != want) as usize;
            if no_jokers {
                assert_eq!(
                    sketch.is_win(&raw.counts),
                    oracle::forms("chinese", &raw.counts, 0)[0],
                    "{}",
                    raw.notation()
                );
                // The peers play riichi rules (seven different pairs).
                let want = riichi.is_win(hand).unwrap();
                assert_eq!(sketch.is_win_complete(&raw.counts), Some(want));
                assert_eq!(
                    oracle::forms("riichi", &raw.counts, 0).iter().any(|&w| w),
                    want
                );
                assert_eq!(
                    peers::xiangting_is_win(&raw.counts),
                    want,
                    "{}",
                    raw.notation()
                );
                assert_eq!(
                    peers::riichienv_is_win(&raw.counts),
                    want,
                    "{}",
                    raw.notation()
                );
            }
        }
        eprintln!("check/{name}: the greedy joker count misjudges {greedy_wrong} of {HANDS} hands");

        let mut group = c.benchmark_group(format!("check/{name}"));
        group.throughput(Throughput::Elements(HANDS as u64));
        group.bench_function(BenchmarkId::new("hupai", "counts"), |b| {
            b.iter(|| count_where(&counts, |(c, j)| rules.is_win_counts(c, *j) == Ok(true)))
        });
        group.bench_function(BenchmarkId::new("hupai", "hand"), |b| {
            b.iter(|| count_where(&hands, |h| rules.is_win(h) == Ok(true)))
        });
        let mut out = Vec::with_capacity(HANDS);
        group.bench_function(BenchmarkId::new("hupai", "batch"), |b| {
            b.iter(|| {
                rules.is_win_batch(black_box(&hands), &mut out);
                out.len()
            })
        });
        group.bench_function(BenchmarkId::new("hupai", "live"), |b| {
            b.iter(|| count_where(&live, LiveHand::is_win))
        });
        group.bench_function(BenchmarkId::new("phf-tables", "siphash"), |b| {
            b.iter(|| count_where(&counts, |(c, j)| phf.is_win(c, *j)))
        });
        group.bench_function(BenchmarkId::new("greedy-000", "inexact"), |b| {
            b.iter(|| count_where(&counts, |(c, j)| peers::greedy_is_win(c, *j)))
        });
        group.bench_function(BenchmarkId::new("backtracking", "oracle"), |b| {
            b.iter(|| {
                count_where(&raws, |r| {
                    oracle::forms("chinese", &r.counts, r.jokers as u32)
                        .iter()
                        .any(|&w| w)
                })
            })
        });
        if no_jokers {
            group.bench_function(BenchmarkId::new("hupai", "counts-riichi"), |b| {
                b.iter(|| count_where(&counts, |(c, j)| riichi.is_win_counts(c, *j) == Ok(true)))
            });
            group.bench_function(BenchmarkId::new("dense-sketch", "standard-only"), |b| {
                b.iter(|| count_where(&counts, |(c, _)| sketch.is_win(c)))
            });
            group.bench_function(BenchmarkId::new("dense-sketch", "complete"), |b| {
                b.iter(|| count_where(&counts, |(c, _)| sketch.is_win_complete(c) == Some(true)))
            });
            group.bench_function(BenchmarkId::new("xiangting", "6.0.2"), |b| {
                b.iter(|| count_where(&counts, |(c, _)| peers::xiangting_is_win(c)))
            });
            group.bench_function(BenchmarkId::new("riichienv-core", "0.4.11"), |b| {
                b.iter(|| count_where(&counts, |(c, _)| peers::riichienv_is_win(c)))
            });
        }
        group.finish();
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    targets = bench_check
}
criterion_main!(benches);
