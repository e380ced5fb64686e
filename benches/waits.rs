//! Waits of seeded 13-tile hands (mostly ready), with 0 and 2 jokers:
//! hupai (count array, `Hand`, and a live hand just after a discard) beside
//! the naive "34 win checks" (hupai's own win check on the hand plus each
//! tile), the same tables through phf, the greedy joker count (34 checks,
//! inexact), the backtracking brute force, and for joker-free hands
//! `xiangting` (necessary tiles) and `riichienv-core` (34 shanten calls).
//! Also splits and reveal of seeded hands beside the backtracking oracle;
//! the greedy count and the phf tables have no split or reveal to compare.
//!
//! Run: `cargo bench --bench waits`

#[path = "../tests/common/mod.rs"]
mod common;
mod peers;
mod timed;

use std::hint::black_box;
use std::time::Duration;

use common::gen::{self, Raw};
use common::oracle;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::{Hand, LiveHand, Rules, Tile};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use timed::sum_of;

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
    let riichi = Rules::riichi();
    let phf = peers::PhfRules::new(&rules);
    for jokers in [0usize, 2] {
        let mut rng = ChaCha8Rng::seed_from_u64(13 + jokers as u64);
        let raws: Vec<Raw> = (0..HANDS)
            .map(|_| gen::near_ready(&mut rng, 13, jokers))
            .collect();
        let hands: Vec<Hand> = raws
            .iter()
            .map(|r| Hand::from_counts(&r.counts, r.jokers).unwrap())
            .collect();
        let counts: Vec<([u8; 34], u8)> = raws.iter().map(|r| (r.counts, r.jokers)).collect();
        // Live hands that have just discarded down to these 13 tiles.
        let live: Vec<LiveHand<&Rules>> = hands
            .iter()
            .map(|h| {
                let mut live = LiveHand::from_hand(&rules, h).unwrap();
                live.draw_joker().unwrap();
                live.discard_joker().unwrap();
                live
            })
            .collect();
        let mut greedy_wrong = 0;
        for (raw, hand) in raws.iter().zip(&hands) {
            let want = oracle::waits("chinese", &raw.counts, raw.jokers as u32)
                .iter()
                .fold(0u64, |m, &t| m | 1 << t);
            assert_eq!(
                rules.waits(hand).unwrap().bits(),
                want,
                "{}",
                raw.notation()
            );
            assert_eq!(naive_waits(&rules, hand), want);
            assert_eq!(
                phf.waits(&raw.counts, raw.jokers),
                want,
                "{}",
                raw.notation()
            );
            assert_eq!(
                LiveHand::from_hand(&rules, hand).unwrap().waits().bits(),
                want
            );
            greedy_wrong += (peers::greedy_waits(&raw.counts, raw.jokers) != want) as usize;
            if jokers == 0 {
                let want = riichi.waits(hand).unwrap().bits();
                assert_eq!(
                    peers::riichienv_waits(&raw.counts),
                    want,
                    "{}",
                    raw.notation()
                );
                if want != 0 {
                    // xiangting's necessary tiles include kinds held four times.
                    let held4 = (0..34).fold(0u64, |m, t| m | ((raw.counts[t] == 4) as u64) << t);
                    assert_eq!(
                        peers::xiangting_waits(&raw.counts) & !held4,
                        want,
                        "{}",
                        raw.notation()
                    );
                }
            }
        }
        eprintln!(
            "waits/{jokers} jokers: the greedy joker count misjudges {greedy_wrong} of {HANDS} hands"
        );
        let mut group = c.benchmark_group(format!("waits/ready-13-{jokers}-jokers"));
        group.throughput(Throughput::Elements(HANDS as u64));
        group.bench_function(BenchmarkId::new("hupai", "counts"), |b| {
            b.iter(|| {
                sum_of(&counts, |(c, j)| {
                    rules.waits_counts(c, *j).map_or(0, |w| w.len() as u32)
                })
            })
        });
        group.bench_function(BenchmarkId::new("hupai", "hand"), |b| {
            b.iter(|| {
                hands
                    .iter()
                    .map(|h| rules.waits(black_box(h)).map_or(0, |w| w.len()))
                    .sum::<usize>()
            })
        });
        group.bench_function(BenchmarkId::new("hupai", "live"), |b| {
            b.iter(|| {
                live.iter()
                    .map(|h| black_box(h).waits().len())
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
        group.bench_function(BenchmarkId::new("phf-tables", "siphash"), |b| {
            b.iter(|| sum_of(&counts, |(c, j)| phf.waits(c, *j).count_ones()))
        });
        group.bench_function(BenchmarkId::new("greedy-000", "inexact"), |b| {
            b.iter(|| sum_of(&counts, |(c, j)| peers::greedy_waits(c, *j).count_ones()))
        });
        group.bench_function(BenchmarkId::new("backtracking", "oracle"), |b| {
            b.iter(|| {
                raws.iter()
                    .map(|r| oracle::waits("chinese", black_box(&r.counts), r.jokers as u32).len())
                    .sum::<usize>()
            })
        });
        if jokers == 0 {
            group.bench_function(BenchmarkId::new("xiangting", "6.0.2"), |b| {
                b.iter(|| sum_of(&counts, |(c, _)| peers::xiangting_waits(c).count_ones()))
            });
            group.bench_function(BenchmarkId::new("riichienv-core", "0.4.11"), |b| {
                b.iter(|| sum_of(&counts, |(c, _)| peers::riichienv_waits(c).count_ones()))
            });
        }
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
    group.bench_function(BenchmarkId::new("hupai", "splits"), |b| {
        b.iter(|| {
            wins.iter()
                .map(|h| rules.splits(black_box(h)).unwrap().len())
                .sum::<usize>()
        })
    });
    group.bench_function(BenchmarkId::new("backtracking", "oracle"), |b| {
        b.iter(|| {
            wins.iter()
                .map(|h| oracle::splits("chinese", black_box(h.counts()), h.jokers() as u32).len())
                .sum::<usize>()
        })
    });
    group.finish();
    let mut group = c.benchmark_group("reveal/13-tiles-ready");
    group.throughput(Throughput::Elements(ready.len() as u64));
    group.bench_function(BenchmarkId::new("hupai", "reveal"), |b| {
        b.iter(|| {
            ready
                .iter()
                .map(|h| rules.reveal(black_box(h)).unwrap().tiles.len())
                .sum::<usize>()
        })
    });
    // The backtracking reveal is slow (a subset search judged by the
    // oracle): it runs on the first 64 hands.
    let few = &ready[..64.min(ready.len())];
    group.throughput(Throughput::Elements(few.len() as u64));
    group.bench_function(BenchmarkId::new("backtracking", "oracle-64-hands"), |b| {
        b.iter(|| {
            few.iter()
                .map(|h| {
                    let waits: Vec<usize> =
                        rules.waits(h).unwrap().iter().map(|t| t.index()).collect();
                    oracle::reveal("chinese", black_box(h.counts()), h.jokers() as u32, &waits)
                        .len()
                })
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
