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

use std::hint::black_box;
use std::time::Duration;

use common::score_gb_oracle::random_claim as random_gb_claim;
use common::score_oracle::random_claim;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
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

/// The points of every claim of `claims` scored under `rules`, summed (0
/// for a claim that does not score), so that no score is optimised away.
fn score_all(rules: &Rules, claims: &[(Hand, Claim)]) -> u32 {
    claims
        .iter()
        .map(|(h, c)| {
            rules
                .score(black_box(h), black_box(c))
                .map_or(0, |s| s.total())
        })
        .sum()
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
        b.iter(|| score_all(&rules, &claims))
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
        b.iter(|| score_all(&rules, &claims))
    });
    group.finish();
}

/// A seeded claim of a winning hand under the `fans` preset `rules`:
/// standard (85%) or seven pairs, some sets declared, then `jokers` of the
/// concealed tiles made jokers (`*`, or under hongzhong its joker kind
/// 7z), the winning tile one of the concealed tiles left, self-drawn or
/// on a discard.
fn random_fans_claim(rng: &mut ChaCha8Rng, rules: &Rules, jokers: usize) -> (Hand, Claim) {
    use rand::seq::SliceRandom;
    use rand::Rng;
    let joker_kind: Option<hupai::Tile> = rules.joker_kinds().iter().next();
    let kinds: Vec<usize> = rules
        .tiles()
        .iter()
        .filter(|&t| Some(t) != joker_kind)
        .map(|t| t.index())
        .collect();
    loop {
        // Two numbered suits at most (sichuan's max_suits): pick them.
        let mut suits = [0usize, 1, 2];
        suits.shuffle(rng);
        let kinds: Vec<usize> = kinds
            .iter()
            .copied()
            .filter(|&i| i >= 27 || suits[..2].contains(&(i / 9)))
            .collect();
        let mut used = [0u8; 34];
        let mut concealed: Vec<usize> = Vec::new();
        let mut melds: Vec<String> = Vec::new();
        let name = |i: usize| format!("{}{}", i % 9 + 1, ['m', 'p', 's', 'z'][i / 9]);
        let mut ok = true;
        if rng.gen_bool(0.15) {
            for _ in 0..7 {
                let k = *kinds.choose(rng).expect("kinds");
                used[k] += 2;
                concealed.extend([k, k]);
            }
        } else {
            for _ in 0..4 {
                let k = *kinds.choose(rng).expect("kinds");
                let sequence = k < 27 && k % 9 < 7 && kinds.contains(&(k + 2)) && rng.gen_bool(0.6);
                let tiles = if sequence {
                    vec![k, k + 1, k + 2]
                } else {
                    vec![k; 3]
                };
                tiles.iter().for_each(|&t| used[t] += 1);
                if rng.gen_bool(0.25) {
                    let text: String = tiles
                        .iter()
                        .map(|&t| ((t % 9) as u8 + b'1') as char)
                        .collect();
                    let letter = ['m', 'p', 's', 'z'][k / 9];
                    let meld = match (sequence, rng.gen_range(0..3)) {
                        (true, _) | (false, 0) => format!("[{text}{letter}]"),
                        (false, 1) => {
                            used[k] += 1;
                            format!("[{text}{}{letter}]", k % 9 + 1)
                        }
                        _ => {
                            used[k] += 1;
                            format!("({text}{}{letter})", k % 9 + 1)
                        }
                    };
                    melds.push(meld);
                } else {
                    concealed.extend(tiles);
                }
            }
            let k = *kinds.choose(rng).expect("kinds");
            used[k] += 2;
            concealed.extend([k, k]);
        }
        ok &= used.iter().all(|&c| c <= 4);
        if !ok || concealed.len() <= jokers {
            continue;
        }
        concealed.shuffle(rng);
        let jokers_text = match joker_kind {
            Some(t) => t.to_string().repeat(jokers),
            None => "*".repeat(jokers),
        };
        let naturals = &concealed[jokers..];
        let winning = match joker_kind {
            Some(kind) if jokers > 0 && rng.gen_bool(0.2) => kind,
            _ => hupai::Tile::from_index(naturals[0]).expect("a kind"),
        };
        let text: String = naturals.iter().map(|&i| name(i)).collect::<String>()
            + &jokers_text
            + " "
            + &melds.join(" ");
        let hand: Hand = text.trim().parse().expect("a hand");
        let how = if rng.gen_bool(0.5) {
            WinHow::SelfDrawn
        } else {
            WinHow::Discard
        };
        let mut claim = Claim::new(winning, how);
        claim.seat_wind = hupai::Tile::from_index(27 + rng.gen_range(0..4)).expect("a wind");
        if rules.score(&hand, &claim).is_ok_and(|s| s.legal()) {
            return (hand, claim);
        }
    }
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
                b.iter(|| score_all(&rules, &claims))
            });
            group.finish();
        }
    }
}

criterion_group!(benches, bench_score, bench_score_gb, bench_score_fans);
criterion_main!(benches);
