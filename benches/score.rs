//! Scoring: riichi `Rules::score` on two sets of seeded claims, beside
//! riichienv-core 0.4.11's `HandEvaluator` (`new` + `calc`) on the same
//! claims: `score/random-claims` (the generator of the tests' oracle:
//! mostly complete hands, open and closed, every flag) and
//! `score/table-claims` (legal wins drawn as a table sends them, see
//! `table_claim`), and `score/table-claims-open` (the same, each hand with
//! an open meld); before timing, each set prints its mix and on how many
//! claims the two agree on han and fu (riichienv-core counts 四暗刻単騎 a
//! double yakuman, which the `riichi` preset does not, and reads ura-dora
//! without riichi, which the random set gives). Then GB (`score/gb-claims`) on the seeded claims of the GB
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
use hupai::score::{Claim, Score};
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
    // Copies 1, 2, 3, then 0 of each kind: copy 0 of a five is red, so a
    // suit whose five the hand holds red takes copy 0 first.
    let red = red_suits(hand);
    let mut used = [0u8; 34];
    let mut take = |i: usize| -> u8 {
        let red_first = i < 27 && i % 9 == 4 && red[i / 9];
        let order = if red_first {
            [0, 1, 2, 3]
        } else {
            [1, 2, 3, 0]
        };
        let copy = order[used[i] as usize % 4];
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

/// The numbered suits (m, p, s) whose five `hand` holds red, as its text
/// writes them (`0m`).
fn red_suits(hand: &Hand) -> [bool; 3] {
    let mut red = [false; 3];
    let mut zero = false;
    for ch in hand.to_string().chars() {
        match ch {
            '0' => zero = true,
            'm' | 'p' | 's' => {
                red["mps".find(ch).expect("a suit")] |= zero;
                zero = false;
            }
            '1'..='9' => {}
            _ => zero = false,
        }
    }
    red
}

/// A claim as a riichi table sends it to its server: a legal win (the
/// tables' mix rather than the oracle's): a closed hand two times in three
/// (riichi in most of those, ippatsu now and then, a double riichi
/// rarely), open ones with one to three chi, pon or kan; chows more than
/// pungs, honour pungs among them (yakuhai), seven pairs now and then, a
/// kan in about one hand of eighteen; the dora and, after riichi, the
/// ura-dora indicators one more than the kans; red fives where a five is
/// held, half the time; self-drawn two times in five; the seat any wind,
/// the round east or south; rinshan, haitei and houtei now and then.
/// With `open`, every hand holds an open meld (`Some(true)`) or none.
fn table_claim(rng: &mut ChaCha8Rng, rules: &Rules, open: Option<bool>) -> (Hand, Claim) {
    use rand::seq::SliceRandom;
    use rand::Rng;
    let name = |i: usize| format!("{}{}", i % 9 + 1, ['m', 'p', 's', 'z'][i / 9]);
    loop {
        let open = open.unwrap_or_else(|| rng.gen_bool(0.35));
        let mut used = [0u8; 34];
        // Each set: its kinds, and how it is declared (None: concealed).
        let mut sets: Vec<(Vec<usize>, Option<MeldKind>)> = Vec::new();
        let mut kongs = 0;
        if !open && rng.gen_bool(0.05) {
            let mut kinds: Vec<usize> = (0..34).collect();
            kinds.shuffle(rng);
            for &k in &kinds[..7] {
                sets.push((vec![k, k], None));
            }
        } else {
            for _ in 0..4 {
                let set = if rng.gen_bool(0.65) {
                    let suit = rng.gen_range(0..3);
                    let first = 9 * suit + rng.gen_range(0..7);
                    vec![first, first + 1, first + 2]
                } else {
                    let k = if rng.gen_bool(0.3) {
                        rng.gen_range(27..34)
                    } else {
                        rng.gen_range(0..27)
                    };
                    if rng.gen_bool(0.04) {
                        kongs += 1;
                        vec![k; 4]
                    } else {
                        vec![k; 3]
                    }
                };
                sets.push((set, None));
            }
            let pair = rng.gen_range(0..34);
            sets.push((vec![pair, pair], None));
            let declared = if open { rng.gen_range(1..=3) } else { 0 };
            let mut order: Vec<usize> = (0..4).collect();
            order.shuffle(rng);
            for (n, &i) in order.iter().enumerate() {
                let set = &sets[i].0;
                let kind = match (set.len(), set[0] == set[1], n < declared) {
                    (4, _, true) if rng.gen_bool(0.5) => MeldKind::AddedKong,
                    (4, _, true) => MeldKind::OpenKong,
                    (4, _, false) => MeldKind::ConcealedKong,
                    (_, _, false) => continue,
                    (_, true, true) => MeldKind::Pon,
                    (_, false, true) => MeldKind::Chi,
                };
                sets[i].1 = Some(kind);
            }
        }
        sets.iter().flat_map(|(t, _)| t).for_each(|&k| used[k] += 1);
        if used.iter().any(|&c| c > 4) {
            continue;
        }
        // The red fives: one a suit, where a five is held, half the time.
        let mut red = [false; 3];
        for (suit, r) in red.iter_mut().enumerate() {
            *r = used[9 * suit + 4] > 0 && rng.gen_bool(0.5);
        }
        let mut red_left = red;
        let mut write = |kinds: &[usize]| -> String {
            let mut text = String::new();
            for &k in kinds {
                let mut t = name(k);
                if k < 27 && k % 9 == 4 && red_left[k / 9] {
                    red_left[k / 9] = false;
                    t.replace_range(0..1, "0");
                }
                text += &t;
            }
            text
        };
        let concealed: Vec<usize> = sets
            .iter()
            .filter(|(_, m)| m.is_none())
            .flat_map(|(t, _)| t.clone())
            .collect();
        let mut text = write(&concealed);
        for (tiles, meld) in &sets {
            match meld {
                None => {}
                Some(MeldKind::ConcealedKong) => text += &format!(" ({})", write(tiles)),
                Some(MeldKind::AddedKong) => text += &format!(" [{}+]", write(tiles)),
                Some(_) => text += &format!(" [{}]", write(tiles)),
            }
        }
        let Ok(hand) = text.parse::<Hand>() else {
            continue;
        };
        let winning =
            hupai::Tile::from_index(*concealed.choose(rng).expect("a tile")).expect("a kind");
        let self_drawn = rng.gen_bool(0.4);
        let mut claim = Claim::new(
            winning,
            if self_drawn {
                WinHow::SelfDrawn
            } else {
                WinHow::Discard
            },
        );
        claim.seat_wind = hupai::Tile::from_index(27 + rng.gen_range(0..4)).expect("a wind");
        claim.round_wind =
            hupai::Tile::from_index(if rng.gen_bool(0.7) { 27 } else { 28 }).expect("a wind");
        if !open && rng.gen_bool(0.6) {
            if rng.gen_bool(0.03) {
                claim.double_riichi = true;
            } else {
                claim.riichi = true;
            }
            claim.ippatsu = rng.gen_bool(0.15);
        }
        claim.after_kong = kongs > 0 && self_drawn && rng.gen_bool(0.2);
        claim.last_tile = !claim.after_kong && rng.gen_bool(0.03);
        let indicator = |rng: &mut ChaCha8Rng, used: &mut [u8; 34]| loop {
            let k = rng.gen_range(0..34);
            if used[k] < 4 {
                used[k] += 1;
                return hupai::Tile::from_index(k).expect("a kind");
            }
        };
        for _ in 0..=kongs {
            claim.dora.push(indicator(rng, &mut used));
            if claim.riichi || claim.double_riichi {
                claim.ura_dora.push(indicator(rng, &mut used));
            }
        }
        claim.honba = [0, 0, 0, 1, 2][rng.gen_range(0..5)];
        if rules.score(&hand, &claim).is_ok_and(|s| s.legal()) {
            return (hand, claim);
        }
    }
}

/// The points of every claim of `claims` scored under `rules`, summed (0
/// for a claim that does not score), so that no score is optimised away.
/// Each timed loop is a function of its own, out of line with its
/// arguments, as a caller's loop is.
#[inline(never)]
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
    bench_riichi_claims(c, "score/random-claims", &rules, &claims);
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let claims: Vec<(Hand, Claim)> = (0..CLAIMS)
        .map(|_| table_claim(&mut rng, &rules, None))
        .collect();
    bench_riichi_claims(c, "score/table-claims", &rules, &claims);
    let claims: Vec<(Hand, Claim)> = (0..CLAIMS)
        .map(|_| table_claim(&mut rng, &rules, Some(true)))
        .collect();
    bench_riichi_claims(c, "score/table-claims-open", &rules, &claims);
}

/// riichienv-core's answer to `p`: a win, its han and fu.
fn peer_score(p: &Peer) -> (bool, u32, u32) {
    let mut tiles = p.tiles.clone();
    tiles.push(p.win);
    let r = HandEvaluator::new(tiles, p.melds.clone()).calc(
        p.win,
        p.dora.clone(),
        p.ura.clone(),
        Some(p.conditions.clone()),
    );
    (r.is_win, r.han, r.fu)
}

/// The claims of `peers` that riichienv-core finds winning, each built
/// and evaluated as [`peer_score`] does.
#[inline(never)]
fn peer_wins_all(peers: &[Peer]) -> u32 {
    peers.iter().map(|p| u32::from(peer_score(p).0)).sum()
}

/// hupai and riichienv-core on the same riichi `claims`.
fn bench_riichi_claims(c: &mut Criterion, name: &str, rules: &Rules, claims: &[(Hand, Claim)]) {
    assert!(claims.iter().all(|(h, c)| rules.score(h, c).is_ok()));
    let peers: Vec<Peer> = claims.iter().map(|(h, c)| peer_of(h, c)).collect();
    let peer_wins = peers.iter().filter(|p| peer_score(p).0).count();
    let agree = claims
        .iter()
        .zip(&peers)
        .filter(|((h, c), p)| {
            let Ok(Score::Riichi(hupai)) = rules.score(h, c) else {
                return false;
            };
            let (win, han, fu) = peer_score(p);
            !hupai.legal || (win && hupai.han == han && hupai.fu == fu)
        })
        .count();
    eprintln!(
        "{name}: {} open, {} riichi, {} self-drawn, {} with a red five; riichienv-core finds {peer_wins} wins, \
         and hupai's han and fu on {agree} of {}",
        claims.iter().filter(|(h, _)| h.melds().iter().any(|m| m.kind().is_open())).count(),
        claims.iter().filter(|(_, c)| c.riichi || c.double_riichi).count(),
        claims.iter().filter(|(_, c)| c.how == WinHow::SelfDrawn).count(),
        claims.iter().filter(|(h, _)| h.red_fives() > 0).count(),
        claims.len(),
    );
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(CLAIMS as u64));
    group.measurement_time(Duration::from_secs(3));
    group.bench_function(BenchmarkId::new("hupai", "score"), |b| {
        b.iter(|| score_all(rules, claims))
    });
    group.bench_function(BenchmarkId::new("riichienv-core", "0.4.11"), |b| {
        b.iter(|| peer_wins_all(black_box(&peers)))
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
