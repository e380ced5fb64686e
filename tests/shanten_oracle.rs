//! Self-checks of the shanten oracle (`common::shanten_oracle`): against
//! `xiangting` on joker-free riichi hands, against the win and wait oracles
//! under every preset, on hand-computed cases, and the per-suit distance on
//! spot values and against its own grid form. Run in release mode:
//! `cargo test --release --test suite shanten_oracle::` (the timing runs are
//! `--ignored`).

use crate::common;

use common::gen;
use common::oracle::{forms_spec, waits_spec, Spec, KINDS};
use common::shanten_oracle::{replacement_spec, suit_distance_spec, SuitTargets, HONOR_RUNS, RUNS};
use common::shard::Shard;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const RELEASE: bool = !cfg!(debug_assertions);

/// The presets (one per file of rules/).
const PRESETS: [&str; 8] = [
    "basic",
    "chinese",
    "riichi",
    "hongzhong",
    "changsha",
    "sichuan",
    "kawuxing",
    "taiwan",
];

fn hand(text: &str) -> ([u8; KINDS], u32) {
    let h: hupai::Hand = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    (*h.counts(), h.jokers() as u32)
}

fn repl(spec: &Spec, text: &str) -> Option<u32> {
    let (c, j) = hand(text);
    replacement_spec(spec, &c, j)
}

/// A joker-free hand of `size` tiles: uniform, or a win of the next size
/// 3k+2 with tiles taken out, sometimes spoiled.
fn riichi_hand(rng: &mut ChaCha8Rng, size: usize) -> [u8; KINDS] {
    let full = size + if size % 3 == 1 { 1 } else { 0 };
    let mut raw = match rng.gen_range(0..6) {
        0 | 1 => return gen::uniform(rng, size, 0).counts,
        2 => gen::standard_win(rng, full),
        3 if full == 14 => gen::seven_pairs_win(rng),
        4 if full == 14 => gen::orphans_win(rng),
        _ => {
            let w = gen::standard_win(rng, full);
            gen::spoil(rng, w)
        }
    };
    if rng.gen_bool(0.5) {
        raw = gen::spoil(rng, raw);
    }
    gen::shrink_to(rng, raw, size).counts
}

#[test]
fn agrees_with_xiangting_on_joker_free_riichi_hands() {
    let spec = Spec::preset("riichi");
    let mut rng = ChaCha8Rng::seed_from_u64(0x7869_616e);
    let sizes = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];
    let n = if RELEASE { 40_000 } else { 2_000 };
    let mut seen = [0u32; 9];
    for i in 0..n {
        let size = sizes[i % sizes.len()];
        let c = riichi_hand(&mut rng, size);
        let ours = replacement_spec(&spec, &c, 0).expect("riichi always has a target");
        let theirs = xiangting::calculate_replacement_number(&c, xiangting::PlayerCount::Four)
            .unwrap() as u32;
        assert_eq!(
            ours,
            theirs,
            "hand {:?}",
            gen::Raw {
                counts: c,
                jokers: 0
            }
            .notation()
        );
        seen[ours as usize] += 1;
    }
    // The sample covers wins through far hands.
    assert!(seen[..5].iter().all(|&s| s > 0), "{seen:?}");
}

/// The presets and rule switches the oracle is checked under.
fn variants() -> Vec<Spec> {
    let mut out: Vec<Spec> = PRESETS.iter().map(|p| Spec::preset(p)).collect();
    let mut v = Spec::preset("chinese");
    v.name = "chinese+cap".into();
    v.cap = Some(4);
    out.push(v);
    let mut v = Spec::preset("chinese");
    v.name = "chinese+honor_seq".into();
    v.honor_seq = true;
    out.push(v);
    let mut v = Spec::preset("hongzhong");
    v.name = "hongzhong+cap+honor_seq".into();
    v.cap = Some(4);
    v.honor_seq = true;
    out.push(v);
    let mut v = Spec::preset("sichuan");
    v.name = "sichuan+one_suit".into();
    v.max_suits = Some(1);
    out.push(v);
    let mut v = Spec::preset("taiwan");
    v.name = "taiwan+7z_joker+cap".into();
    v.joker_kinds = vec![33];
    v.cap = Some(4);
    out.push(v);
    let mut v = Spec::preset("changsha");
    v.name = "changsha+cap+17".into();
    v.cap = Some(4);
    v.max_tiles = 17;
    out.push(v);
    out
}

fn zero_is_a_win_and_one_is_ready_under_every_preset(shard: Shard) {
    let n = if RELEASE { 2_000 } else { 100 };
    let mut rng = ChaCha8Rng::seed_from_u64(0x7265_6164);
    for spec in variants() {
        let (mut wins, mut ready) = (0, 0);
        for i in 0..n {
            let raw = gen::mixed_for(&mut rng, &spec, 4, i % 2 == 1);
            if !shard.has(i / 2) {
                continue;
            }
            let r = replacement_spec(&spec, &raw.counts, raw.jokers as u32);
            let text = raw.notation();
            if i % 2 == 0 {
                let win = forms_spec(&spec, &raw.counts, raw.jokers as u32)
                    .iter()
                    .any(|&w| w);
                assert_eq!(r == Some(0), win, "{} {text}: {r:?}", spec.name);
                wins += win as u32;
            } else {
                let waits = !waits_spec(&spec, &raw.counts, raw.jokers as u32).is_empty();
                // With `four_held`, a wait may be a fifth natural copy, which
                // the definition never draws: only "ready ⇒ waits" then.
                if spec.four_held {
                    assert!(r != Some(1) || waits, "{} {text}", spec.name);
                } else {
                    assert_eq!(r == Some(1), waits, "{} {text}: {r:?}", spec.name);
                }
                ready += waits as u32;
            }
        }
        let checked = (0..n).filter(|i| shard.has(i / 2)).count() as u32;
        assert!(
            wins > checked / 20 && ready > checked / 20,
            "{}: {wins} {ready}",
            spec.name
        );
    }
}

#[test]
fn zero_is_a_win_and_one_is_ready_under_every_preset_shard_0_of_2() {
    zero_is_a_win_and_one_is_ready_under_every_preset(Shard::of(0, 2));
}

#[test]
fn zero_is_a_win_and_one_is_ready_under_every_preset_shard_1_of_2() {
    zero_is_a_win_and_one_is_ready_under_every_preset(Shard::of(1, 2));
}

/// The replacement number straight from the definition, with the win
/// oracle as the judge: the fewest d such that keeping some P − d of the
/// hand's tiles (jokers included) and drawing d tiles (kinds in play, at
/// most 4 of a kind in the hand and the draws; a joker kind's copy is a
/// joker) makes a win under `forms_spec`. Searches d up to `max_d` only.
fn by_draws(spec: &Spec, counts: &[u8; KINDS], jokers: u32, max_d: u32) -> Option<u32> {
    let size: u32 = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    let p = if size % 3 == 1 { size + 1 } else { size };
    // The hand as (kind, copies); kind 34 is the explicit joker.
    let mut items: Vec<(usize, u8)> = (0..KINDS)
        .filter(|&k| counts[k] > 0)
        .map(|k| (k, counts[k]))
        .collect();
    items.push((KINDS, jokers as u8));
    fn keep(
        items: &[(usize, u8)],
        i: usize,
        left: u32,
        kept: &mut [u8; KINDS + 1],
        each: &mut dyn FnMut(&[u8; KINDS + 1]) -> bool,
    ) -> bool {
        if i == items.len() {
            return left == 0 && each(kept);
        }
        let (k, n) = items[i];
        for c in 0..=(n as u32).min(left) {
            kept[k] = c as u8;
            if keep(items, i + 1, left - c, kept, each) {
                kept[k] = 0;
                return true;
            }
        }
        kept[k] = 0;
        false
    }
    fn draw(
        spec: &Spec,
        counts: &[u8; KINDS],
        from: usize,
        left: u32,
        hand: &mut [u8; KINDS],
        drawn: &mut [u8; KINDS],
        jokers: u32,
    ) -> bool {
        if left == 0 {
            return forms_spec(spec, hand, jokers).iter().any(|&w| w);
        }
        for k in from..KINDS {
            if spec.tiles[k] && counts[k] + drawn[k] < 4 {
                drawn[k] += 1;
                hand[k] += 1;
                let found = draw(spec, counts, k, left - 1, hand, drawn, jokers);
                drawn[k] -= 1;
                hand[k] -= 1;
                if found {
                    return true;
                }
            }
        }
        false
    }
    (0..=max_d.min(p)).find(|&d| {
        p - d <= size
            && keep(&items, 0, p - d, &mut [0; KINDS + 1], &mut |kept| {
                let mut hand = [0u8; KINDS];
                hand.copy_from_slice(&kept[..KINDS]);
                draw(
                    spec,
                    counts,
                    0,
                    d,
                    &mut hand,
                    &mut [0; KINDS],
                    kept[KINDS] as u32,
                )
            })
    })
}

#[test]
fn agrees_with_keep_and_draw_brute_force_on_small_distances() {
    let n = if RELEASE { 500 } else { 10 };
    let mut rng = ChaCha8Rng::seed_from_u64(0x6472_6177);
    let mut checked = [0u32; 4];
    for spec in variants() {
        for i in 0..n {
            let raw = gen::mixed_for(&mut rng, &spec, if i % 3 == 0 { 0 } else { 4 }, i % 2 == 1);
            // Small hands: cut down to a random size.
            let mut raw = raw;
            let size = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17][rng.gen_range(0..12)];
            if raw.len() < size {
                continue;
            }
            while raw.len() > size {
                let held: Vec<usize> = (0..KINDS).filter(|&k| raw.counts[k] > 0).collect();
                if held.is_empty() || rng.gen_bool(0.1) && raw.jokers > 0 {
                    raw.jokers -= 1;
                } else {
                    raw.counts[held[rng.gen_range(0..held.len())]] -= 1;
                }
            }
            let max_d = match size {
                0..=5 => 3,
                6..=8 => 2,
                _ => 1,
            };
            let r = replacement_spec(&spec, &raw.counts, raw.jokers as u32);
            let b = by_draws(&spec, &raw.counts, raw.jokers as u32, max_d);
            let want = r.filter(|&r| r <= max_d);
            assert_eq!(b, want, "{} {}: oracle {r:?}", spec.name, raw.notation());
            if let Some(r) = want {
                checked[r as usize] += 1;
            }
        }
    }
    eprintln!("checked by distance: {checked:?}");
    assert!(checked.iter().all(|&c| c > 0), "{checked:?}");
}

#[test]
fn four_held_waits_are_the_one_exception() {
    // Under four_held_is_wait, 1111m waits on a fifth 1m (111m + 11m), but
    // the definition never draws a fifth natural copy: the best targets of
    // 5 tiles keep 3 (111m + a drawn pair, or 11m + 123m), so the
    // replacement number is 2 while the waits are non-empty.
    let mut spec = Spec::preset("chinese");
    spec.four_held = true;
    let (c, j) = hand("1111m");
    assert_eq!(waits_spec(&spec, &c, j), vec![0]);
    assert_eq!(replacement_spec(&spec, &c, j), Some(2));
}

#[test]
fn hand_computed_cases() {
    let chinese = Spec::preset("chinese");
    let riichi = Spec::preset("riichi");
    let mut capped = Spec::preset("chinese");
    capped.cap = Some(4);
    // A fifth 1m from the joker: a win; capped, the joker can't be 1m and
    // 111m + 1m* is gone: 123m-less, best is 111m + a pair of one drawn + joker.
    assert_eq!(repl(&chinese, "1111m*"), Some(0));
    assert_eq!(repl(&capped, "1111m*"), Some(1));
    // Plain shapes.
    assert_eq!(repl(&chinese, "123m456p789s11z22z"), Some(1));
    assert_eq!(repl(&chinese, "123m456p789s111z22z"), Some(0));
    assert_eq!(repl(&chinese, "1m"), Some(1));
    assert_eq!(repl(&chinese, "*"), Some(1));
    assert_eq!(repl(&chinese, "**"), Some(0));
    // 23s 56s 89s each one short, a single for the pair and one for a meld:
    // 8 kept of 14.
    assert_eq!(repl(&chinese, "14m7p258s369s1234z"), Some(6));
    // 13 orphans and seven pairs.
    assert_eq!(repl(&riichi, "19m19p19s1234567z"), Some(1));
    assert_eq!(repl(&riichi, "19m19p19s123456z*"), Some(1));
    assert_eq!(repl(&riichi, "19m19p19s123456z**"), Some(0));
    assert_eq!(repl(&riichi, "1122m3344p5566s7z"), Some(1));
    // Four of a kind as two pairs: chinese yes, riichi no.
    assert_eq!(repl(&chinese, "1111m2233p4455s66z"), Some(0));
    assert_eq!(repl(&riichi, "1111m2233p4455s66z"), Some(2));
    // 14 jokers: anything.
    assert_eq!(repl(&riichi, "**************"), Some(0));
    // Sizes with no target.
    assert_eq!(repl(&chinese, "123m"), None);
    assert_eq!(repl(&chinese, "123456789m123456p"), None);

    // 258 pair (changsha): 11m is no pair; 22m is.
    let changsha = Spec::preset("changsha");
    assert_eq!(repl(&changsha, "123m456p789s111s11m"), Some(1));
    assert_eq!(repl(&changsha, "123m456p789s111s22m"), Some(0));
    // Seven pairs under changsha ignores the 258 rule.
    assert_eq!(repl(&changsha, "1133m5577p99s1122s"), Some(0));
    // A joker pair: 11m + * (the joker stands for 2m? no: 1m* is a 1m pair,
    // not allowed; ** can be a 258 pair).
    assert_eq!(repl(&changsha, "123m456p789s111s**"), Some(0));
    assert_eq!(repl(&changsha, "1m*"), Some(1));

    // Honour sequences: 123z and 567z are melds.
    let mut hs = Spec::preset("chinese");
    hs.honor_seq = true;
    assert_eq!(repl(&hs, "123z567z124z11m"), Some(0));
    // Without them: triplets of 1z, 2z (two held each) and 11m, a single
    // for the pair: 7 of 11 kept.
    assert_eq!(repl(&chinese, "123z567z124z11m"), Some(4));
    // 4 tiles to 5: 12z of 123z and a 5z pair, or 56z of 567z and a pair.
    assert_eq!(repl(&hs, "12z56z"), Some(2));
    assert_eq!(repl(&hs, "12z56z*"), Some(1));
    assert_eq!(repl(&hs, "12z55z*"), Some(0));
    assert_eq!(repl(&chinese, "12z55z*"), Some(1));
    // hongzhong: 7z is a joker; 7z can't be kept as a natural.
    let hz = Spec::preset("hongzhong");
    assert_eq!(repl(&hz, "1111m7z"), Some(0));
    // 9s and a joker, three jokers as a meld.
    assert_eq!(repl(&hz, "7777z123m456p9s"), Some(0));
    // Four red dragons held: none drawable, but 7z is still a joker target.
    assert_eq!(repl(&hz, "7777z1m"), Some(0));
    assert_eq!(repl(&hz, "7777z"), Some(1));

    // sichuan: at most two suits; jokers have no suit.
    let sc = Spec::preset("sichuan");
    // Three suits held: one suit's tiles go; 123m 456p 11p (or 456p 789s
    // 11p) keep 8 of 11.
    assert_eq!(repl(&sc, "123m456p789s11p"), Some(3));
    assert_eq!(repl(&chinese, "123m456p789s11p"), Some(0));
    // Jokers have no suit: a third suit's meld of jokers is fine.
    assert_eq!(repl(&sc, "123m456p***11p"), Some(0));
    let mut one = Spec::preset("sichuan");
    one.max_suits = Some(1);
    assert_eq!(repl(&one, "123m456p***11p"), Some(3));

    // taiwan: 17 tiles.
    let tw = Spec::preset("taiwan");
    assert_eq!(repl(&tw, "123m456m789m123p456p11z"), Some(0));
    assert_eq!(repl(&tw, "123m456m789m123p45p11z"), Some(1));
    assert_eq!(repl(&tw, "123m456m789m123p456p1z"), Some(1));
    assert_eq!(repl(&chinese, "123m456m789m123p456p1z"), None);
}

#[test]
fn suit_distance_spot_values() {
    let four_ones = [4, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(
        suit_distance_spec(9, &RUNS, 0x1ff, &four_ones, 1, true, None),
        Some(1)
    );
    assert_eq!(
        suit_distance_spec(9, &RUNS, 0x1ff, &four_ones, 1, true, Some(0)),
        Some(2)
    );
    let empty = [0u8; 9];
    assert_eq!(
        suit_distance_spec(9, &RUNS, 0x1ff, &empty, 4, true, None),
        Some(14)
    );
    assert_eq!(
        suit_distance_spec(9, &RUNS, 0x1ff, &empty, 0, false, None),
        Some(0)
    );
    // 258 pair: 11 needs a 258 pair: 2 missing.
    let ones = [2, 0, 0, 0, 0, 0, 0, 0, 0];
    assert_eq!(
        suit_distance_spec(9, &RUNS, 0b1001_0010, &ones, 0, true, None),
        Some(2)
    );
    // Honours: 123z with and without honour sequences.
    let winds = [1, 1, 1, 0, 0, 0, 0];
    assert_eq!(
        suit_distance_spec(7, &[], 0x7f, &winds, 1, false, None),
        Some(2)
    );
    assert_eq!(
        suit_distance_spec(7, &HONOR_RUNS, 0x7f, &winds, 1, false, None),
        Some(0)
    );
    assert_eq!(
        suit_distance_spec(7, &HONOR_RUNS, 0, &winds, 1, true, None),
        None
    );
}

#[test]
fn suit_grid_equals_the_scan() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x6772_6964);
    let cases: [(usize, &[u16], u16); 4] = [
        (9, &RUNS, 0x1ff),
        (9, &RUNS, 0b1001_0010),
        (7, &[], 0x7f),
        (7, &HONOR_RUNS, 0x7f),
    ];
    for (ranks, seqs, pr) in cases {
        let t = SuitTargets::new(ranks, seqs, pr, 4);
        for melds in 0..=4 {
            for pair in [false, true] {
                for max_fifth in [None, Some(0), Some(1)] {
                    // Unoptimised, one 9-rank grid per case.
                    if !RELEASE && ranks == 9 && (melds, pair, max_fifth) != (4, true, Some(0)) {
                        continue;
                    }
                    let grid = t.all_distances(melds, pair, max_fifth);
                    for _ in 0..if RELEASE { 300 } else { 20 } {
                        let c: Vec<u8> = (0..ranks).map(|_| rng.gen_range(0..=4)).collect();
                        let key: usize = c
                            .iter()
                            .enumerate()
                            .map(|(r, &n)| n as usize * 5usize.pow(r as u32))
                            .sum();
                        let want = t.distance(&c, melds, pair, max_fifth);
                        assert_eq!(
                            grid[key],
                            want.unwrap_or(u32::MAX),
                            "{ranks} {seqs:?} {pr:#x} {c:?} {melds} {pair} {max_fifth:?}"
                        );
                    }
                }
            }
        }
    }
}

/// Timing: 10^5 whole hands across every variant, sizes 1–14 (and 16–17
/// where allowed), 0–14 jokers.
#[test]
#[ignore]
fn timing_whole_hands() {
    let specs = variants();
    let mut rng = ChaCha8Rng::seed_from_u64(0x7469_6d65);
    let start = std::time::Instant::now();
    let mut hist = [0u32; 16];
    let mut none = 0;
    let mut slowest = (std::time::Duration::ZERO, String::new());
    let n = 100_000;
    for i in 0..n {
        let spec = &specs[i % specs.len()];
        let max = spec.max_tiles as usize;
        let sizes: Vec<usize> = (1..=max).filter(|s| s % 3 != 0).collect();
        let size = sizes[rng.gen_range(0..sizes.len())];
        let jokers = match rng.gen_range(0..4) {
            0 => 0,
            1 => rng.gen_range(0..=2),
            2 => rng.gen_range(0..=5),
            _ => rng.gen_range(0..=14),
        }
        .min(size);
        let raw = if rng.gen_bool(0.5) {
            let full = size + (size % 3 == 1) as usize;
            let raw = gen::standard_win_in(&mut rng, full, &spec.tiles, spec.honor_seq);
            let raw = gen::jokerize(&mut rng, raw, jokers);
            gen::shrink_to(&mut rng, raw, size)
        } else {
            gen::uniform_in(&mut rng, &spec.tiles, size, jokers)
        };
        let one = std::time::Instant::now();
        let r = replacement_spec(spec, &raw.counts, raw.jokers as u32);
        if one.elapsed() > slowest.0 {
            slowest = (one.elapsed(), format!("{} {}", spec.name, raw.notation()));
        }
        match r {
            Some(r) => hist[r as usize] += 1,
            None => {
                if none < 5 {
                    eprintln!("no target: {} {}", spec.name, raw.notation());
                }
                none += 1
            }
        }
    }
    eprintln!(
        "{n} whole hands in {:.2?}; replacement histogram {hist:?}, no target {none}; \
         slowest {:.2?} ({})",
        start.elapsed(),
        slowest.0,
        slowest.1
    );
}

/// Timing: every numbered pattern (≤ 4 per rank, ≤ 14 tiles: 405,350) ×
/// melds 0..=4 × pair × max_fifth None/0/1, by the grid form.
#[test]
#[ignore]
fn timing_per_suit_grid() {
    let start = std::time::Instant::now();
    let t = SuitTargets::new(9, &RUNS, 0x1ff, 4);
    let built = start.elapsed();
    let mut patterns = 0usize;
    let mut sum = 0u64;
    for melds in 0..=4 {
        for pair in [false, true] {
            for max_fifth in [None, Some(0), Some(1)] {
                let grid = t.all_distances(melds, pair, max_fifth);
                patterns = 0;
                for (key, &v) in grid.iter().enumerate() {
                    let tiles: usize = (0..9).map(|r| key / 5usize.pow(r) % 5).sum();
                    if tiles <= 14 {
                        patterns += 1;
                        sum += v.min(99) as u64;
                    }
                }
            }
        }
    }
    eprintln!(
        "targets built in {built:.2?}; {patterns} patterns x 30 grids in {:.2?} (checksum {sum})",
        start.elapsed()
    );
    assert_eq!(patterns, 405_350);
}

/// Timing of the scan form on a sample, to extrapolate.
#[test]
#[ignore]
fn timing_per_suit_scan() {
    let t = SuitTargets::new(9, &RUNS, 0x1ff, 4);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let start = std::time::Instant::now();
    let n = 2_000;
    let mut sum = 0u64;
    for _ in 0..n {
        let c: Vec<u8> = (0..9).map(|_| rng.gen_range(0..=1)).collect();
        for melds in 0..=4 {
            for pair in [false, true] {
                for max_fifth in [None, Some(0), Some(1)] {
                    sum += t.distance(&c, melds, pair, max_fifth).unwrap_or(99) as u64;
                }
            }
        }
    }
    eprintln!(
        "{n} patterns x 30 scans in {:.2?} (checksum {sum})",
        start.elapsed()
    );
}

/// Timing on uniformly drawn hands (the search's hardest: scattered tiles).
#[test]
#[ignore]
fn timing_uniform_hands() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x756e_6966);
    for (name, size, jokers) in [
        ("chinese", 14, 0),
        ("chinese", 13, 0),
        ("riichi", 14, 0),
        ("taiwan", 17, 0),
        ("taiwan", 16, 0),
        ("hongzhong", 14, 2),
        ("sichuan", 14, 0),
        ("chinese", 14, 6),
    ] {
        let spec = Spec::preset(name);
        let start = std::time::Instant::now();
        let mut slowest = std::time::Duration::ZERO;
        let n = 2_000;
        for _ in 0..n {
            let raw = gen::uniform(&mut rng, size, jokers);
            let one = std::time::Instant::now();
            replacement_spec(&spec, &raw.counts, raw.jokers as u32).unwrap();
            slowest = slowest.max(one.elapsed());
        }
        eprintln!(
            "{name} {size} tiles {jokers} jokers: {:.1?} per hand, slowest {slowest:.1?}",
            start.elapsed() / n
        );
    }
}
