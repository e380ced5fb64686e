//! Instruction counts (valgrind's callgrind through gungraun) for the win
//! check, the waits, shanten, efficiency and scoring: stable on a noisy
//! machine, where timings are not. Each benchmark judges 256 seeded hands;
//! divide by 256 for a hand (scoring: the 1,024 seeded claims of the score
//! bench, riichi, GB and the `fans` presets, divide by 1,024). The hands,
//! claims and rules are built in the setup, outside the count.
//!
//! Run: `cargo install gungraun-runner --version 0.18.2` once, then
//! `cargo bench --bench instructions`.

#[path = "../tests/common/mod.rs"]
mod common;
#[path = "claims/fans.rs"]
mod fans_claims;
mod peers;

use std::hint::black_box;

use common::gen;
use gungraun::{library_benchmark, library_benchmark_group, main};
use hupai::score::Claim;
use hupai::{Hand, LiveHand, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const HANDS: usize = 256;

type Counts = Vec<([u8; 34], u8)>;

fn hands(kind: &str) -> (Rules, Counts) {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let hands = (0..HANDS)
        .map(|i| {
            let raw = match kind {
                "random" => gen::uniform(&mut rng, 14, 0),
                "winning" => gen::standard_win(&mut rng, 14),
                "jokers-4" | "jokers-8" => {
                    let k = if kind == "jokers-4" { 4 } else { 8 };
                    gen::joker_hand(&mut rng, k, i % 2 == 1)
                }
                "ready-0" => gen::near_ready(&mut rng, 13, 0),
                "ready-2" => gen::near_ready(&mut rng, 13, 2),
                _ => unreachable!("unknown hand kind {kind}"),
            };
            (raw.counts, raw.jokers)
        })
        .collect();
    (Rules::chinese(), hands)
}

fn live_hands(kind: &str) -> Vec<LiveHand<&'static Rules>> {
    let (rules, counts) = hands(kind);
    // The live hands borrow their rules for the whole run of the bench.
    let rules: &'static Rules = Box::leak(Box::new(rules));
    counts
        .iter()
        .map(|(c, j)| LiveHand::from_hand(rules, &Hand::from_counts(c, *j).unwrap()).unwrap())
        .collect()
}

#[library_benchmark]
#[bench::random(hands("random"))]
#[bench::winning(hands("winning"))]
#[bench::jokers_4(hands("jokers-4"))]
#[bench::jokers_8(hands("jokers-8"))]
fn is_win_counts((rules, hands): (Rules, Counts)) -> usize {
    hands
        .iter()
        .filter(|(c, j)| rules.is_win_counts(black_box(c), *j) == Ok(true))
        .count()
}

/// The batch bench's rows (`benches/batch.rs`) under `riichi` rules, as
/// one flat array of counts and one of jokers: random 14-tile hands,
/// standard-form wins, or wins with one tile changed (near-winning).
fn riichi_rows(kind: &str) -> (Rules, Vec<u8>, Vec<u8>) {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let raws: Vec<gen::Raw> = (0..HANDS)
        .map(|_| match kind {
            "random" => gen::uniform(&mut rng, 14, 0),
            "winning" => gen::standard_win(&mut rng, 14),
            "near" => {
                let win = gen::standard_win(&mut rng, 14);
                gen::spoil(&mut rng, win)
            }
            _ => unreachable!("unknown row kind {kind}"),
        })
        .collect();
    let rules = Rules::riichi();
    // The compiled-in distance columns are decoded on first use: before
    // the measurement.
    let _ = rules.shanten_counts(&raws[0].counts, raws[0].jokers);
    let counts = raws.iter().flat_map(|r| r.counts).collect();
    let jokers = raws.iter().map(|r| r.jokers).collect();
    (rules, counts, jokers)
}

// The loop of single calls that the batch replaces, on the batch's rows.
#[library_benchmark]
#[bench::riichi_random(riichi_rows("random"))]
#[bench::riichi_winning(riichi_rows("winning"))]
#[bench::riichi_near(riichi_rows("near"))]
fn is_win_counts_riichi((rules, counts, jokers): (Rules, Vec<u8>, Vec<u8>)) -> usize {
    counts
        .chunks_exact(34)
        .zip(&jokers)
        .filter(|(c, j)| rules.is_win_counts(black_box((*c).try_into().unwrap()), **j) == Ok(true))
        .count()
}

/// The sketch's tables, built before the measurement, and the rows.
fn sketch_rows(kind: &str) -> (peers::DenseSketch, Vec<u8>) {
    (peers::DenseSketch::new(), riichi_rows(kind).1)
}

// riichienv-core's shanten on the riichi rows.
#[library_benchmark]
#[bench::riichi_random(riichi_rows("random"))]
#[bench::riichi_winning(riichi_rows("winning"))]
#[bench::riichi_near(riichi_rows("near"))]
fn riichienv_shanten_rows((_, counts, _): (Rules, Vec<u8>, Vec<u8>)) -> i32 {
    counts
        .chunks_exact(34)
        .map(|c| peers::riichienv_shanten(black_box(c.try_into().unwrap())) as i32)
        .sum()
}

// The peers on the same rows: riichienv-core's shanten −1, and the bare
// dense-table sketch (standard form only, no validation).
#[library_benchmark]
#[bench::riichi_random(riichi_rows("random"))]
#[bench::riichi_winning(riichi_rows("winning"))]
#[bench::riichi_near(riichi_rows("near"))]
fn riichienv_is_win((_, counts, _): (Rules, Vec<u8>, Vec<u8>)) -> usize {
    counts
        .chunks_exact(34)
        .filter(|c| peers::riichienv_is_win(black_box((*c).try_into().unwrap())))
        .count()
}

#[library_benchmark]
#[bench::riichi_random(sketch_rows("random"))]
#[bench::riichi_winning(sketch_rows("winning"))]
#[bench::riichi_near(sketch_rows("near"))]
fn dense_sketch_is_win((sketch, counts): (peers::DenseSketch, Vec<u8>)) -> usize {
    counts
        .chunks_exact(34)
        .filter(|c| sketch.is_win(black_box((*c).try_into().unwrap())))
        .count()
}

#[library_benchmark]
#[bench::riichi_random(sketch_rows("random"))]
#[bench::riichi_winning(sketch_rows("winning"))]
#[bench::riichi_near(sketch_rows("near"))]
fn dense_sketch_complete((sketch, counts): (peers::DenseSketch, Vec<u8>)) -> usize {
    counts
        .chunks_exact(34)
        .filter(|c| sketch.is_win_complete(black_box((*c).try_into().unwrap())) == Some(true))
        .count()
}

#[library_benchmark]
#[bench::riichi_random(riichi_rows("random"))]
#[bench::riichi_winning(riichi_rows("winning"))]
fn batch_is_win((rules, counts, jokers): (Rules, Vec<u8>, Vec<u8>)) -> usize {
    let rows = hupai::batch::Rows::from_flat(&counts, &jokers).unwrap();
    let mut out = vec![0i8; HANDS];
    hupai::batch::is_win(&rules, black_box(rows), &mut out).unwrap();
    out.iter().filter(|&&w| w == 1).count()
}

#[library_benchmark]
#[bench::riichi_random(riichi_rows("random"))]
#[bench::riichi_winning(riichi_rows("winning"))]
#[bench::riichi_near(riichi_rows("near"))]
fn shanten_counts_riichi((rules, counts, jokers): (Rules, Vec<u8>, Vec<u8>)) -> i32 {
    counts
        .chunks_exact(34)
        .zip(&jokers)
        .map(|(c, j)| {
            rules
                .shanten_counts(black_box(c.try_into().unwrap()), *j)
                .unwrap_or(0) as i32
        })
        .sum()
}

#[library_benchmark]
#[bench::riichi_random(riichi_rows("random"))]
#[bench::riichi_winning(riichi_rows("winning"))]
fn batch_shanten((rules, counts, jokers): (Rules, Vec<u8>, Vec<u8>)) -> i32 {
    let rows = hupai::batch::Rows::from_flat(&counts, &jokers).unwrap();
    let (mut out, mut status) = (vec![0i8; HANDS], vec![0i8; HANDS]);
    hupai::batch::shanten(&rules, black_box(rows), &mut out, &mut status).unwrap();
    out.iter().map(|&s| s as i32).sum()
}

#[library_benchmark]
#[bench::random(live_hands("random"))]
#[bench::winning(live_hands("winning"))]
#[bench::jokers_8(live_hands("jokers-8"))]
fn live_is_win(live: Vec<LiveHand<&'static Rules>>) -> usize {
    live.iter().filter(|h| black_box(h).is_win()).count()
}

#[library_benchmark]
#[bench::ready_0_jokers(hands("ready-0"))]
#[bench::ready_2_jokers(hands("ready-2"))]
fn waits_counts((rules, hands): (Rules, Counts)) -> usize {
    hands
        .iter()
        .map(|(c, j)| rules.waits_counts(black_box(c), *j).map_or(0, |w| w.len()))
        .sum()
}

// `xiangting`'s necessary tiles on the same joker-free ready hands (the
// waits bench's peer).
#[library_benchmark]
#[bench::ready_0_jokers(hands("ready-0"))]
fn xiangting_waits((_, hands): (Rules, Counts)) -> u32 {
    hands
        .iter()
        .map(|(c, _)| peers::xiangting_waits(black_box(c)).count_ones())
        .sum()
}

/// Shanten of 14-tile hands; the joker-free ones under riichi rules, with
/// `xiangting` and `riichienv-core` on the same hands.
fn shanten_hands(kind: &str) -> (Rules, Counts) {
    let (_, hands) = hands(kind);
    let rules = if kind == "random" {
        Rules::riichi()
    } else {
        Rules::chinese()
    };
    // The compiled-in distance columns are decoded on first use: before
    // the measurement.
    let _ = rules.shanten_counts(&hands[0].0, hands[0].1);
    (rules, hands)
}

#[library_benchmark]
#[bench::random(shanten_hands("random"))]
#[bench::jokers_4(shanten_hands("jokers-4"))]
#[bench::jokers_8(shanten_hands("jokers-8"))]
fn shanten_counts((rules, hands): (Rules, Counts)) -> i32 {
    hands
        .iter()
        .map(|(c, j)| rules.shanten_counts(black_box(c), *j).unwrap_or(0) as i32)
        .sum()
}

#[library_benchmark]
#[bench::random(shanten_hands("random"))]
fn xiangting_replacement((_, hands): (Rules, Counts)) -> i32 {
    hands
        .iter()
        .map(|(c, _)| {
            xiangting::calculate_replacement_number(black_box(c), xiangting::PlayerCount::Four)
                .unwrap_or(0) as i32
        })
        .sum()
}

#[library_benchmark]
#[bench::random(shanten_hands("random"))]
fn riichienv_shanten((_, hands): (Rules, Counts)) -> i32 {
    hands
        .iter()
        .map(|(c, _)| peers::riichienv_shanten(black_box(c)) as i32)
        .sum()
}

/// Hands with declared melds (chinese, 0–2 jokers) of `purpose`, and the
/// same concealed parts without their melds: what the melds cost.
fn melded_hands(kind: &str) -> (Rules, Vec<Hand>) {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let spec = common::oracle::Spec::preset("chinese");
    let purpose = if kind.starts_with("win") {
        gen::Purpose::Win
    } else {
        gen::Purpose::Wait
    };
    let hands = (0..HANDS)
        .map(|_| {
            let h = gen::melded_hand(&mut rng, &spec, purpose, 2);
            let hand: Hand = h.notation().parse().unwrap();
            if kind.ends_with("concealed") {
                hand.concealed()
            } else {
                hand
            }
        })
        .collect();
    (Rules::chinese(), hands)
}

#[library_benchmark]
#[bench::melded(melded_hands("win"))]
#[bench::concealed(melded_hands("win-concealed"))]
fn is_win_melds((rules, hands): (Rules, Vec<Hand>)) -> usize {
    hands
        .iter()
        .filter(|h| rules.is_win(black_box(h)) == Ok(true))
        .count()
}

#[library_benchmark]
#[bench::melded(melded_hands("wait"))]
#[bench::concealed(melded_hands("wait-concealed"))]
fn waits_melds((rules, hands): (Rules, Vec<Hand>)) -> usize {
    hands
        .iter()
        .map(|h| rules.waits(black_box(h)).map_or(0, |w| w.len()))
        .sum()
}

// A read of a live hand's shanten (the suits' distance values are kept by
// each change, so the read loads no table).
#[library_benchmark]
#[bench::random(live_hands("random"))]
#[bench::jokers_4(live_hands("jokers-4"))]
fn live_shanten(live: Vec<LiveHand<&'static Rules>>) -> i32 {
    live.iter()
        .map(|h| black_box(h).shanten().unwrap_or(0) as i32)
        .sum()
}

/// Efficiency of 14-tile hands, as `benches/shanten.rs` times them: the
/// same seeded spoiled wins under `riichi` and under `gb` (its knitted
/// forms), and spoiled wins with 1–3 jokers under `chinese`. The setup
/// judges every hand once, so that the count is the steady state the
/// timing sees: the distance columns decoded, and the suits a joker may
/// fill as a fifth copy already counted and kept.
fn efficiency_hands(kind: &str) -> (Rules, Vec<Hand>) {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let [plain, jokers, _] = gen::efficiency_hands(&mut rng, [HANDS, HANDS, 0]);
    let (rules, raws) = match kind {
        "riichi" => (Rules::riichi(), plain),
        "gb-knitted" => (Rules::preset("gb").unwrap(), plain),
        "chinese-jokers" => (Rules::chinese(), jokers),
        _ => unreachable!("unknown hand kind {kind}"),
    };
    let hands: Vec<Hand> = raws
        .iter()
        .map(|r| Hand::from_counts(&r.counts, r.jokers).unwrap())
        .collect();
    for h in &hands {
        let _ = rules.efficiency(h, &[0; 34]);
    }
    (rules, hands)
}

#[library_benchmark]
#[bench::riichi(efficiency_hands("riichi"))]
#[bench::gb_knitted(efficiency_hands("gb-knitted"))]
#[bench::chinese_jokers(efficiency_hands("chinese-jokers"))]
fn efficiency_14((rules, hands): (Rules, Vec<Hand>)) -> usize {
    hands
        .iter()
        .filter(|h| rules.efficiency(black_box(h), &[0; 34]).is_ok())
        .count()
}

// What a user composes from `xiangting` for the same efficiency: the
// necessary tiles after each distinct discard, their unseen copies, the
// discards sorted (`peers::xiangting_efficiency`), on the `riichi` hands.
#[library_benchmark]
#[bench::riichi(efficiency_hands("riichi"))]
fn xiangting_efficiency_14((_, hands): (Rules, Vec<Hand>)) -> u32 {
    hands
        .iter()
        .map(|h| peers::xiangting_efficiency(black_box(h.counts())))
        .sum()
}

/// The score bench's claims: 1,024 seeded claims of the riichi or the GB
/// oracle's generator, with their rules.
fn claims(family: &str) -> (Rules, Vec<(Hand, Claim)>) {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    match family {
        "riichi" => (
            Rules::riichi(),
            (0..1024)
                .map(|_| common::score_oracle::random_claim(&mut rng))
                .collect(),
        ),
        "gb" => (
            Rules::preset("gb").expect("the gb preset"),
            (0..1024)
                .map(|_| common::score_gb_oracle::random_claim(&mut rng))
                .collect(),
        ),
        _ => unreachable!("unknown family {family}"),
    }
}

/// The score bench's `fans` claims: 1,024 seeded winning claims under the
/// `preset` with `jokers` jokers, with its rules.
fn fans_claims(preset: &str, jokers: usize) -> (Rules, Vec<(Hand, Claim)>) {
    let rules = Rules::preset(preset).expect("a fans preset");
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let claims = (0..1024)
        .map(|_| fans_claims::random_fans_claim(&mut rng, &rules, jokers))
        .collect();
    (rules, claims)
}

#[library_benchmark]
#[bench::riichi(claims("riichi"))]
#[bench::gb(claims("gb"))]
#[bench::fans_sichuan_0(fans_claims("sichuan", 0))]
#[bench::fans_sichuan_4(fans_claims("sichuan", 4))]
#[bench::fans_kawuxing_4(fans_claims("kawuxing", 4))]
#[bench::fans_hongzhong_4(fans_claims("hongzhong", 4))]
fn score_claims((rules, claims): (Rules, Vec<(Hand, Claim)>)) -> u32 {
    claims
        .iter()
        .map(|(h, c)| {
            rules
                .score(black_box(h), black_box(c))
                .map_or(0, |s| s.total())
        })
        .sum()
}

library_benchmark_group!(
    name = batch;
    benchmarks = is_win_counts_riichi, riichienv_is_win, dense_sketch_is_win, dense_sketch_complete,
        batch_is_win,
        shanten_counts_riichi, riichienv_shanten_rows, batch_shanten
);

library_benchmark_group!(
    name = score;
    benchmarks = score_claims
);

library_benchmark_group!(
    name = melds;
    benchmarks = is_win_melds, waits_melds
);

library_benchmark_group!(
    name = hot_path;
    benchmarks = is_win_counts, live_is_win, waits_counts, xiangting_waits
);

library_benchmark_group!(
    name = shanten;
    benchmarks = shanten_counts, live_shanten, xiangting_replacement, riichienv_shanten
);

library_benchmark_group!(
    name = efficiency;
    benchmarks = efficiency_14, xiangting_efficiency_14
);

main!(
    library_benchmark_groups = hot_path,
    shanten,
    melds,
    efficiency,
    score,
    batch
);
