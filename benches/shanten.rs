//! Shanten and efficiency on seeded hands: hupai beside `xiangting` and
//! `riichienv-core` on the same joker-free hands (riichi rules, which both
//! peers play), and hupai alone on joker hands (no peer takes jokers).
//! Each shanten and live group times the same pre-generated 1,024 hands
//! (time / 1024 is ns per hand); the efficiency groups 256 hands, and
//! 20,000 for the sets named `-many`, the size of issue 47's sets
//! (criterion's throughput line gives the rate).
//!
//! Run: `cargo bench --bench shanten`

#[path = "../tests/common/mod.rs"]
mod common;
mod peers;
mod timed;

use std::hint::black_box;
use std::time::Duration;

use common::gen::{self, Raw};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use hupai::{Hand, LiveHand, Rules, Tile};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use timed::sum_of;

const HANDS: usize = 1024;

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
        (0..HANDS)
            .map(|i| gen::joker_hand(&mut rng, k, i % 2 == 1))
            .collect()
    };
    let (j1, j2, j4, j8) = (jokers(1), jokers(2), jokers(4), jokers(8));
    vec![
        ("random-14", random),
        ("winning-14", winning),
        ("near-winning-14", near),
        ("jokers-1", j1),
        ("jokers-2", j2),
        ("jokers-4", j4),
        ("jokers-8", j8),
    ]
}

fn xiangting(c: &[u8; 34]) -> u8 {
    xiangting::calculate_replacement_number(c, xiangting::PlayerCount::Four).unwrap()
}

/// The same sum from hupai's answer, to check the composition against it.
fn efficiency_sum(rules: &Rules, h: &Hand) -> u32 {
    match rules.efficiency(h, &[0; 34]) {
        Ok(hupai::Efficiency::Discard { discards, .. }) => {
            discards.iter().map(|d| d.draws.count).sum()
        }
        _ => 0,
    }
}

fn bench_shanten(c: &mut Criterion) {
    let chinese = Rules::chinese();
    let riichi = Rules::riichi();
    for (name, raws) in categories() {
        let no_jokers = raws.iter().all(|r| r.jokers == 0);
        // Joker-free hands are timed under riichi rules, beside the peers.
        let rules = if no_jokers { &riichi } else { &chinese };
        let counts: Vec<([u8; 34], u8)> = raws.iter().map(|r| (r.counts, r.jokers)).collect();
        let hands: Vec<Hand> = raws
            .iter()
            .map(|r| Hand::from_counts(&r.counts, r.jokers).unwrap())
            .collect();
        if no_jokers {
            for (c, _) in &counts {
                let s = rules.shanten_counts(c, 0).unwrap();
                assert_eq!(s as i32 + 1, xiangting(c) as i32);
                assert_eq!(s, peers::riichienv_shanten(c));
            }
        }
        let mut group = c.benchmark_group(format!("shanten/{name}"));
        group.throughput(Throughput::Elements(HANDS as u64));
        group.bench_function(BenchmarkId::new("hupai", "counts"), |b| {
            b.iter(|| {
                sum_of(&counts, |(c, j)| {
                    rules.shanten_counts(c, *j).unwrap_or(0) as i32
                })
            })
        });
        let mut out = Vec::with_capacity(HANDS);
        group.bench_function(BenchmarkId::new("hupai", "batch"), |b| {
            b.iter(|| {
                rules.shanten_batch(black_box(&hands), &mut out);
                out.len()
            })
        });
        if no_jokers {
            group.bench_function(BenchmarkId::new("xiangting", "6.0.2"), |b| {
                b.iter(|| sum_of(&counts, |(c, _)| xiangting(c) as i32))
            });
            group.bench_function(BenchmarkId::new("riichienv-core", "0.4.11"), |b| {
                b.iter(|| sum_of(&counts, |(c, _)| peers::riichienv_shanten(c) as i32))
            });
        }
        group.finish();
    }
}

/// The live hand: draw a tile, read the shanten, discard it again.
fn bench_live(c: &mut Criterion) {
    let rules = Rules::chinese();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut live: Vec<(LiveHand<&Rules>, Tile)> = (0..HANDS)
        .map(|i| {
            let raw = gen::joker_hand(&mut rng, i % 3, true);
            let mut hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
            // A 13-tile hand and a tile it may draw.
            let drop = hand.tiles().next().unwrap_or(Tile::from_index(0).unwrap());
            let mut counts = *hand.counts();
            if counts[drop.index()] > 0 {
                counts[drop.index()] -= 1;
                hand = Hand::from_counts(&counts, raw.jokers).unwrap();
            }
            let draw = (0..34)
                .map(|t| Tile::from_index((t + i) % 34).unwrap())
                .find(|t| counts[t.index()] < 4)
                .unwrap();
            (LiveHand::from_hand(&rules, &hand).unwrap(), draw)
        })
        .filter(|(l, _)| l.len() % 3 == 1)
        .collect();
    let mut group = c.benchmark_group("shanten/live");
    group.throughput(Throughput::Elements(2 * live.len() as u64));
    group.bench_function(
        BenchmarkId::new("hupai", "draw-shanten-discard-shanten"),
        |b| {
            b.iter(|| {
                let mut sum = 0i32;
                for (hand, tile) in live.iter_mut() {
                    hand.draw(*tile).unwrap();
                    sum += black_box(&*hand).shanten().unwrap_or(0) as i32;
                    hand.discard(*tile).unwrap();
                    sum += black_box(&*hand).shanten().unwrap_or(0) as i32;
                }
                sum
            })
        },
    );
    // The same changes without reading the shanten: the difference is
    // what a read after a change costs.
    group.bench_function(BenchmarkId::new("hupai", "draw-discard"), |b| {
        b.iter(|| {
            let mut sum = 0usize;
            for (hand, tile) in live.iter_mut() {
                hand.draw(*tile).unwrap();
                sum += black_box(&*hand).len();
                hand.discard(*tile).unwrap();
                sum += black_box(&*hand).len();
            }
            sum
        })
    });
    group.finish();
}

/// Efficiency of 14-tile hands: every discard and every draw after it.
fn bench_efficiency(c: &mut Criterion) {
    let chinese = Rules::chinese();
    let riichi = Rules::riichi();
    let gb = Rules::preset("gb").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let hands = |raws: &[Raw]| -> Vec<Hand> {
        raws.iter()
            .map(|r| Hand::from_counts(&r.counts, r.jokers).unwrap())
            .collect()
    };
    let [plain, jokers, many] = gen::efficiency_hands(&mut rng, [256, 256, 20_000]);
    let (plain, jokers, many) = (hands(&plain), hands(&jokers), hands(&many));
    let mut group = c.benchmark_group("efficiency/14");
    // Under `gb` the knitted forms are judged whole, draw by draw, when
    // they are at the hand's distance. A suit that a joker may fill as a
    // fifth copy is counted once and kept (1,024 answers a thread): the
    // 20,000 hands of `chinese-jokers-many` bring more such suits than that,
    // as a stream of new hands does.
    // The composition of `xiangting` beside hupai under `riichi`, which
    // it plays; both give the same unseen copies on every hand.
    for h in &plain {
        assert_eq!(
            peers::xiangting_efficiency(h.counts()),
            efficiency_sum(&riichi, h),
            "{h}"
        );
    }
    // Random 14-tile hands beside the spoiled wins, as issue 47 measures.
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let random: Vec<Raw> = (0..256).map(|_| gen::uniform(&mut rng, 14, 0)).collect();
    let random = hands(&random);
    // The same kinds of hands, 20,000 of each (issue 47's size of a set): a
    // stream of new hands reads patterns the caches do not hold.
    let mut rng = ChaCha8Rng::seed_from_u64(2047);
    let [plain_many, _, _] = gen::efficiency_hands(&mut rng, [20_000, 0, 0]);
    let plain_many = hands(&plain_many);
    let random_many: Vec<Raw> = (0..20_000).map(|_| gen::uniform(&mut rng, 14, 0)).collect();
    let random_many = hands(&random_many);
    for h in random.iter().chain(&plain_many).chain(&random_many) {
        assert_eq!(
            peers::xiangting_efficiency(h.counts()),
            efficiency_sum(&riichi, h),
            "{h}"
        );
    }
    for (name, hands) in [
        ("riichi", &plain),
        ("riichi-random", &random),
        ("riichi-many", &plain_many),
        ("riichi-random-many", &random_many),
    ] {
        group.throughput(Throughput::Elements(hands.len() as u64));
        group.bench_function(
            BenchmarkId::new("xiangting necessary tiles per discard", name),
            |b| b.iter(|| sum_of(hands, |h| peers::xiangting_efficiency(h.counts()))),
        );
    }
    for (name, rules, hands) in [
        ("riichi", &riichi, &plain),
        ("riichi-random", &riichi, &random),
        ("riichi-many", &riichi, &plain_many),
        ("riichi-random-many", &riichi, &random_many),
        ("gb-knitted", &gb, &plain),
        ("gb-knitted-many", &gb, &plain_many),
        ("chinese-jokers", &chinese, &jokers),
        ("chinese-jokers-many", &chinese, &many),
    ] {
        group.throughput(Throughput::Elements(hands.len() as u64));
        group.bench_function(BenchmarkId::new("hupai", name), |b| {
            b.iter(|| sum_of(hands, |h| rules.efficiency(h, &[0; 34]).is_ok() as u32))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(300))
        .measurement_time(Duration::from_secs(1))
        .sample_size(20);
    targets = bench_shanten, bench_live, bench_efficiency
}
criterion_main!(benches);
