//! Scoring: riichi `Rules::score` on seeded claims (the generator of the
//! tests' oracle: mostly complete hands, open and closed, every flag),
//! beside riichienv-core 0.4.11's `HandEvaluator` (`new` + `calc`) on the
//! same claims; and GB (`score/gb-claims`) on the seeded claims of the GB
//! oracle's generator (complete hands of every form, melds, flowers, every
//! circumstance); and the `fans` presets (`score/fans-*`) on seeded
//! winning claims with 0 and 4 jokers. Criterion's throughput line gives claims per second;
//! time / 1024 is ns per claim.
//!
//! Run: `cargo bench --bench score`

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "claims/fans.rs"]
mod fans_claims;

use std::hint::black_box;
use std::time::Duration;

use common::score_gb_oracle::random_claim as random_gb_claim;
use common::score_oracle::random_claim;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use fans_claims::random_fans_claim;
use hupai::score::Claim;
use hupai::{Hand, MeldKind, Rules, WinHow};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use riichienv_core::hand_evaluator::HandEvaluator;
use riichienv_core::types::{Conditions, Meld, MeldType, Wind};

const CLAIMS: usize = 1024;

/// A claim as riichienv-core takes it: 136-format tiles (no red five),
/// melds, the winning tile, indicators, conditions.
struct Peer {
    tiles: Vec<u8>,
    melds: Vec<Meld>,
    win: u8,
    dora: Vec<u8>,
    ura: Vec<u8>,
    conditions: Conditions,
}

fn peer_of(hand: &Hand, claim: &Claim) -> Peer {
    // Copies 1, 2, 3, then 0 of each kind (copy 0 of a five is red).
    let mut used = [0u8; 34];
    let mut take = |i: usize| -> u8 {
        let copy = [1, 2, 3, 0][used[i] as usize % 4];
        used[i] += 1;
        (4 * i) as u8 + copy
    };
    let mut melds = Vec::new();
    for m in hand.melds() {
        let tiles: Vec<u8> = m.tiles().map(|t| take(t.index())).collect();
        let (kind, opened) = match m.kind() {
            MeldKind::Chi => (MeldType::Chi, true),
            MeldKind::Pon => (MeldType::Pon, true),
            MeldKind::OpenKong => (MeldType::Daiminkan, true),
            MeldKind::AddedKong => (MeldType::Kakan, true),
            MeldKind::ConcealedKong => (MeldType::Ankan, false),
        };
        melds.push(Meld::new(kind, tiles, opened, -1, None));
    }
    let mut tiles: Vec<u8> = hand.tiles().map(|t| take(t.index())).collect();
    let w = claim.winning.index() as u8;
    let at = tiles.iter().position(|&t| t / 4 == w).expect("held");
    let win = tiles.remove(at);
    let wind = |t: hupai::Tile| Wind::from((t.index() - 27) as u8);
    let conditions = Conditions {
        tsumo: claim.how == WinHow::SelfDrawn,
        riichi: claim.riichi,
        double_riichi: claim.double_riichi,
        ippatsu: claim.ippatsu,
        haitei: claim.last_tile && claim.how == WinHow::SelfDrawn,
        houtei: claim.last_tile && claim.how != WinHow::SelfDrawn,
        rinshan: claim.after_kong,
        chankan: claim.how == WinHow::RobbingKong,
        tsumo_first_turn: claim.first_turn,
        player_wind: wind(claim.seat_wind),
        round_wind: wind(claim.round_wind),
        riichi_sticks: claim.riichi_sticks,
        honba: claim.honba,
        ..Conditions::default()
    };
    let ind = |v: &[hupai::Tile]| v.iter().map(|t| (4 * t.index()) as u8 + 1).collect();
    Peer {
        tiles,
        melds,
        win,
        dora: ind(&claim.dora),
        ura: ind(&claim.ura_dora),
        conditions,
    }
}

fn bench_score(c: &mut Criterion) {
    let rules = Rules::riichi();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let claims: Vec<(Hand, Claim)> = (0..CLAIMS).map(|_| random_claim(&mut rng)).collect();
    assert!(claims.iter().all(|(h, c)| rules.score(h, c).is_ok()));
    let peers: Vec<Peer> = claims.iter().map(|(h, c)| peer_of(h, c)).collect();
    let mut group = c.benchmark_group("score/random-claims");
    group.throughput(Throughput::Elements(CLAIMS as u64));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function(BenchmarkId::new("hupai", "score"), |b| {
        b.iter(|| {
            claims
                .iter()
                .map(|(h, c)| {
                    rules
                        .score(black_box(h), black_box(c))
                        .map_or(0, |s| s.total())
                })
                .sum::<u32>()
        })
    });
    group.bench_function(BenchmarkId::new("riichienv-core", "0.4.11"), |b| {
        b.iter(|| {
            peers
                .iter()
                .map(|p| {
                    let mut tiles = p.tiles.clone();
                    tiles.push(p.win);
                    let e = HandEvaluator::new(black_box(tiles), p.melds.clone());
                    let r = e.calc(
                        p.win,
                        p.dora.clone(),
                        p.ura.clone(),
                        Some(p.conditions.clone()),
                    );
                    u32::from(r.is_win)
                })
                .sum::<u32>()
        })
    });
    group.finish();
}

fn bench_score_gb(c: &mut Criterion) {
    let rules = Rules::preset("gb").expect("the gb preset");
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let claims: Vec<(Hand, Claim)> = (0..CLAIMS).map(|_| random_gb_claim(&mut rng)).collect();
    assert!(claims.iter().all(|(h, c)| rules.score(h, c).is_ok()));
    let mut group = c.benchmark_group("score/gb-claims");
    group.throughput(Throughput::Elements(CLAIMS as u64));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function(BenchmarkId::new("hupai", "score"), |b| {
        b.iter(|| {
            claims
                .iter()
                .map(|(h, c)| {
                    rules
                        .score(black_box(h), black_box(c))
                        .map_or(0, |s| s.total())
                })
                .sum::<u32>()
        })
    });
    group.finish();
}

/// The fans presets on seeded winning claims with 0 and 4 jokers: a
/// criterion group each, and first the median and 90th percentile of a
/// claim alone (each claim scored 64 times, the median of those times).
fn bench_score_fans(c: &mut Criterion) {
    for preset in ["sichuan", "kawuxing", "hongzhong"] {
        let rules = Rules::preset(preset).expect("a fans preset");
        for jokers in [0, 4] {
            let mut rng = ChaCha8Rng::seed_from_u64(2026);
            let claims: Vec<(Hand, Claim)> = (0..CLAIMS)
                .map(|_| random_fans_claim(&mut rng, &rules, jokers))
                .collect();
            let mut each: Vec<f64> = claims
                .iter()
                .map(|(h, c)| {
                    let mut times: Vec<u128> = (0..64)
                        .map(|_| {
                            let start = std::time::Instant::now();
                            black_box(rules.score(black_box(h), black_box(c)).ok());
                            start.elapsed().as_nanos()
                        })
                        .collect();
                    times.sort_unstable();
                    times[times.len() / 2] as f64
                })
                .collect();
            each.sort_by(f64::total_cmp);
            eprintln!(
                "score/fans {preset} {jokers} jokers: median {:.0} ns, p90 {:.0} ns, max {:.0} ns a claim",
                each[each.len() / 2],
                each[each.len() * 9 / 10],
                each[each.len() - 1]
            );
            let mut group = c.benchmark_group(format!("score/fans-{preset}"));
            group.throughput(Throughput::Elements(CLAIMS as u64));
            group.measurement_time(Duration::from_secs(3));
            group.bench_function(BenchmarkId::new("jokers", jokers), |b| {
                b.iter(|| {
                    claims
                        .iter()
                        .map(|(h, c)| {
                            rules
                                .score(black_box(h), black_box(c))
                                .map_or(0, |s| s.total())
                        })
                        .sum::<u32>()
                })
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench_score, bench_score_gb, bench_score_fans);
criterion_main!(benches);
