//! Shanten and efficiency against the independent search of
//! `common::shanten_oracle` (written from the definition, not from the
//! library): every slot of the distance tables for every variant that
//! changes them, seeded whole hands under every preset and rule switch,
//! a million joker-free riichi hands against `xiangting`, and the
//! invariants. Run in release mode: `cargo test --release --test suite shanten::`.

use crate::common;

use common::gen::{self, Raw};
use common::oracle::{Spec, KINDS};
use common::shanten_oracle::{replacement_spec, SuitTargets, HONOR_RUNS, RUNS};
use common::shard::Shard;
use common::{rules_of, standard_form_only};
use hupai::tables::{TableParams, Tables};
use hupai::{Efficiency, Hand, LiveHand, Rules, Tile};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const RELEASE: bool = !cfg!(debug_assertions);

const PRESETS: [&str; 9] = [
    "basic",
    "changsha",
    "chinese",
    "gb",
    "hongzhong",
    "kawuxing",
    "riichi",
    "sichuan",
    "taiwan",
];

/// Every preset, and the rule switches on top of them.
fn variants() -> Vec<Spec> {
    let mut out: Vec<Spec> = PRESETS.iter().map(|p| Spec::preset(p)).collect();
    let mut add = |base: &str, name: &str, change: &dyn Fn(&mut Spec)| {
        let mut v = Spec::preset(base);
        v.name = name.into();
        change(&mut v);
        out.push(v);
    };
    add("chinese", "chinese capped", &|v| v.cap = Some(4));
    add("chinese", "chinese honour sequences", &|v| {
        v.honor_seq = true
    });
    add("hongzhong", "hongzhong capped, honour sequences", &|v| {
        v.cap = Some(4);
        v.honor_seq = true
    });
    add("sichuan", "sichuan one suit", &|v| v.max_suits = Some(1));
    add("taiwan", "taiwan 7z jokers capped", &|v| {
        v.joker_kinds = vec![33];
        v.cap = Some(4)
    });
    add("changsha", "changsha capped 17", &|v| {
        v.cap = Some(4);
        v.max_tiles = 17
    });
    add("riichi", "riichi four held", &|v| v.four_held = true);
    add("gb", "gb 5z jokers capped", &|v| {
        v.joker_kinds = vec![31];
        v.cap = Some(4)
    });
    add("gb", "gb honour sequences, pairs 2 5 8", &|v| {
        v.honor_seq = true;
        v.pair_ranks = Some(1 << 1 | 1 << 4 | 1 << 7)
    });
    add("chinese", "chinese pairs 1 9, honours", &|v| {
        v.pair_ranks = Some(1 | 1 << 8)
    });
    out
}

/// A hand of `size` tiles with `jokers` jokers under `spec`: half from a
/// win with tiles taken out, half uniform over the kinds in play.
fn hand_for(rng: &mut ChaCha8Rng, spec: &Spec, size: usize, jokers: usize) -> Raw {
    if spec.knitted && size >= 10 && rng.gen_bool(0.4) {
        // Near a knitted form: a knitted win with jokers and tiles out.
        let mut raw = match rng.gen_range(0..3) {
            0 => gen::knitted_straight_win(rng),
            1 => gen::honors_knitted_win(rng, false),
            _ => gen::honors_knitted_win(rng, true),
        };
        raw = gen::jokerize(rng, raw, jokers);
        if rng.gen_bool(0.5) {
            raw = gen::spoil(rng, raw);
        }
        // Joker kinds of the rules are copies like any other here.
        return gen::shrink_to(rng, raw, size);
    }
    if rng.gen_bool(0.5) {
        let full = size + (size % 3 == 1) as usize;
        let raw = gen::standard_win_in(rng, full, &spec.tiles, spec.honor_seq);
        let raw = gen::jokerize(rng, raw, jokers);
        gen::shrink_to(rng, raw, size)
    } else {
        gen::uniform_in(rng, &spec.tiles, size, jokers)
    }
}

fn random_size(rng: &mut ChaCha8Rng, max: usize) -> usize {
    let sizes: Vec<usize> = (1..=max).filter(|s| s % 3 != 0).collect();
    sizes[rng.gen_range(0..sizes.len())]
}

fn random_jokers(rng: &mut ChaCha8Rng, size: usize) -> usize {
    match rng.gen_range(0..4) {
        0 => 0,
        1 => rng.gen_range(0..=2),
        2 => rng.gen_range(0..=5),
        _ => rng.gen_range(0..=14),
    }
    .min(size)
}

/// Every slot of the distance tables against the enumeration of targets
/// in one suit, for the default parameters and every one that changes the
/// tables; and the fact the standard form's combination rests on: within
/// one suit, one fifth copy does as well as any number. `shard` has its
/// share of the (parameters, suit or honours) pairs.
fn every_table_slot_matches_the_enumeration_of_targets(shard: Shard) {
    let default = TableParams::DEFAULT;
    let mut params = vec![
        ("default", default),
        (
            "pair 2-5-8",
            TableParams {
                suit_pair_ranks: 1 << 1 | 1 << 4 | 1 << 7,
                honor_pair: false,
                ..default
            },
        ),
        (
            "honour sequences",
            TableParams {
                honor_sequences: true,
                ..default
            },
        ),
        (
            "capped",
            TableParams {
                joker_fifth_copy: false,
                ..default
            },
        ),
        (
            "capped honour sequences",
            TableParams {
                joker_fifth_copy: false,
                honor_sequences: true,
                ..default
            },
        ),
    ];
    if RELEASE {
        params.push((
            "17 tiles",
            TableParams {
                max_tiles: 17,
                ..default
            },
        ));
    }
    for (j, (name, p)) in params.into_iter().enumerate() {
        if !shard.has(2 * j) && !shard.has(2 * j + 1) {
            continue;
        }
        let tables = Tables::generate(&p);
        let max_melds = if p.max_tiles >= 17 { 5 } else { 4 };
        for honors in [false, true] {
            if !shard.has(2 * j + honors as usize) {
                continue;
            }
            let (ranks, runs, pair_ranks): (usize, &[u16], u16) = if honors {
                let runs: &[u16] = if p.honor_sequences { &HONOR_RUNS } else { &[] };
                (7, runs, if p.honor_pair { 0x7f } else { 0 })
            } else {
                (9, &RUNS, p.suit_pair_ranks)
            };
            let targets = SuitTargets::new(ranks, runs, pair_ranks, max_melds);
            for melds in 0..=max_melds {
                for pair in [false, true] {
                    if 3 * melds + 2 * pair as u32 > p.max_tiles as u32 || pair && pair_ranks == 0 {
                        continue;
                    }
                    let capped = targets.all_distances(melds, pair, Some(0));
                    let one = targets.all_distances(melds, pair, Some(1));
                    let free = targets.all_distances(melds, pair, None);
                    for key in 0..capped.len() {
                        let mut counts = [0u8; 9];
                        hupai::tables::key::counts_of(key, &mut counts[..ranks]);
                        if counts.iter().map(|&c| c as u32).sum::<u32>() > p.max_tiles as u32 {
                            continue;
                        }
                        let (d, f) = if honors {
                            let c: [u8; 7] = counts[..7].try_into().unwrap();
                            (tables.honor_distance(&c), tables.honor_distance_fifth(&c))
                        } else {
                            (
                                tables.suit_distance(&counts),
                                tables.suit_distance_fifth(&counts),
                            )
                        };
                        let read = |d: hupai::tables::Distance| {
                            let m = melds as usize;
                            (if pair { d.with_pair(m) } else { d.melds(m) }) as u32
                        };
                        let what = || format!("{name}, {counts:?}, {melds} melds, pair {pair}");
                        assert_eq!(read(d), capped[key], "within four copies: {}", what());
                        let want_free = if p.joker_fifth_copy {
                            free[key]
                        } else {
                            capped[key]
                        };
                        assert_eq!(read(f), want_free, "fifth copies: {}", what());
                        // (The combination spends fifth copies suit by suit
                        // and counts how many a suit uses; one is not
                        // always enough: 1111z as two triplets.)
                        let _ = &one;
                        if read(d) != read(f) {
                            assert!(d.fifth(), "unflagged: {}", what());
                        }
                    }
                }
            }
        }
    }
}

#[test]
fn every_table_slot_matches_the_enumeration_of_targets_shard_0_of_3() {
    every_table_slot_matches_the_enumeration_of_targets(Shard::of(0, 3));
}

#[test]
fn every_table_slot_matches_the_enumeration_of_targets_shard_1_of_3() {
    every_table_slot_matches_the_enumeration_of_targets(Shard::of(1, 3));
}

#[test]
fn every_table_slot_matches_the_enumeration_of_targets_shard_2_of_3() {
    every_table_slot_matches_the_enumeration_of_targets(Shard::of(2, 3));
}

/// Seeded whole hands under every preset and switch, sizes 1–14 (16–17
/// where allowed), 0–14 jokers, against the search: `shard`'s hands.
fn whole_hands_agree_with_the_search(shard: Shard) {
    let specs = variants();
    let n = if RELEASE { 120_000 } else { 3_000 };
    let mut rng = ChaCha8Rng::seed_from_u64(0x5348_414e);
    let rules: Vec<Rules> = specs.iter().map(rules_of).collect();
    for i in 0..n {
        let k = i % specs.len();
        let (spec, rules) = (&specs[k], &rules[k]);
        let size = random_size(&mut rng, spec.max_tiles as usize);
        let jokers = random_jokers(&mut rng, size);
        let raw = hand_for(&mut rng, spec, size, jokers);
        if !shard.has(i) {
            continue;
        }
        let want = replacement_spec(spec, &raw.counts, raw.jokers as u32)
            .unwrap_or_else(|| panic!("{}: no target for {}", spec.name, raw.notation()));
        let got = rules.shanten_counts(&raw.counts, raw.jokers);
        assert_eq!(got, Ok(want as i8 - 1), "{}: {}", spec.name, raw.notation());
    }
}

#[test]
fn whole_hands_agree_with_the_search_shard_0_of_4() {
    whole_hands_agree_with_the_search(Shard::of(0, 4));
}

#[test]
fn whole_hands_agree_with_the_search_shard_1_of_4() {
    whole_hands_agree_with_the_search(Shard::of(1, 4));
}

#[test]
fn whole_hands_agree_with_the_search_shard_2_of_4() {
    whole_hands_agree_with_the_search(Shard::of(2, 4));
}

#[test]
fn whole_hands_agree_with_the_search_shard_3_of_4() {
    whole_hands_agree_with_the_search(Shard::of(3, 4));
}

/// Hands holding four copies of a kind (or two kinds) and a few jokers,
/// where a joker as a fifth copy may help and the jokers may not be enough
/// for every suit that could use one.
#[test]
fn fifth_copies_with_few_jokers_agree_with_the_search() {
    let specs = variants();
    let n = if RELEASE { 30_000 } else { 1_000 };
    let mut rng = ChaCha8Rng::seed_from_u64(0x6669_6674);
    let rules: Vec<Rules> = specs.iter().map(rules_of).collect();
    for i in 0..n {
        let k = i % specs.len();
        let (spec, rules) = (&specs[k], &rules[k]);
        let kinds: Vec<usize> = (0..KINDS)
            .filter(|&t| spec.tiles[t] && !spec.joker_kinds.contains(&t))
            .collect();
        let size = [8, 10, 11, 13, 14][rng.gen_range(0..5)];
        let jokers = rng.gen_range(0..=3);
        let mut counts = [0u8; KINDS];
        let mut placed = jokers;
        for _ in 0..rng.gen_range(1..=2) {
            let t = kinds[rng.gen_range(0..kinds.len())];
            placed += 4 - counts[t] as usize;
            counts[t] = 4;
        }
        // Near the quads most of the time: their suit and neighbours.
        while placed < size {
            let t = if rng.gen_bool(0.7) {
                let q = (0..KINDS).find(|&t| counts[t] == 4).unwrap();
                let near: Vec<usize> = kinds
                    .iter()
                    .copied()
                    .filter(|&t| t / 9 == q / 9 && t.abs_diff(q) <= 3)
                    .collect();
                near[rng.gen_range(0..near.len())]
            } else {
                kinds[rng.gen_range(0..kinds.len())]
            };
            if counts[t] < 4 {
                counts[t] += 1;
                placed += 1;
            }
        }
        if placed > size {
            continue;
        }
        let raw = Raw {
            counts,
            jokers: jokers as u8,
        };
        let want = replacement_spec(spec, &raw.counts, raw.jokers as u32).unwrap();
        assert_eq!(
            rules.shanten_counts(&raw.counts, raw.jokers),
            Ok(want as i8 - 1),
            "{}: {}",
            spec.name,
            raw.notation()
        );
    }
}

/// Joker-free riichi hands of every size against `xiangting`.
#[test]
fn joker_free_riichi_hands_agree_with_xiangting() {
    let riichi = Rules::riichi();
    let n = if RELEASE { 1_000_000 } else { 20_000 };
    let mut rng = ChaCha8Rng::seed_from_u64(0x7869_616e);
    let sizes = [1, 2, 4, 5, 7, 8, 10, 11, 13, 14];
    for i in 0..n {
        let size = sizes[i % sizes.len()];
        let full = size + (size % 3 == 1) as usize;
        let raw = match i / sizes.len() % 4 {
            0 => gen::uniform(&mut rng, size, 0),
            1 => gen::standard_win(&mut rng, full),
            _ => {
                let w = gen::standard_win(&mut rng, full);
                gen::spoil(&mut rng, w)
            }
        };
        let raw = gen::shrink_to(&mut rng, raw, size);
        let want =
            xiangting::calculate_replacement_number(&raw.counts, xiangting::PlayerCount::Four)
                .unwrap();
        let got = riichi.shanten_counts(&raw.counts, 0).unwrap();
        assert_eq!(got as i32 + 1, want as i32, "{}", raw.notation());
    }
}

/// Every 14-tile hand that wins by a counted form under `riichi` (the
/// 5,379,616 hands of seven different pairs, the 13 of thirteen orphans),
/// no joker: its shanten is −1, and the standard form alone misses 0 or at
/// least 2 of its tiles, never exactly 1. So under such rules a hand the
/// standard form misses by one tile, with no joker, is never a counted
/// form's win, and shanten asks the counted forms nothing of it
/// (`Derived::counted_asked_above`); `xiangting` checks that path's other
/// hands above. Under `chinese` (a quad as two pairs) some hands one tile
/// short of the standard form are seven pairs: that rule keeps asking.
#[test]
fn counted_wins_never_miss_the_standard_form_by_one_tile() {
    let riichi = Rules::riichi();
    let standard_only = standard_form_only(include_str!("../rules/riichi.toml"));
    let mut misses = [0u64; 6];
    let mut judge = |counts: &[u8; KINDS]| {
        let shown = Hand::from_counts(counts, 0).unwrap().to_string();
        assert_eq!(riichi.shanten_counts(counts, 0), Ok(-1), "{shown}");
        let standard = standard_only.shanten_counts(counts, 0).unwrap() + 1;
        assert_ne!(standard, 1, "{shown} misses one tile of the standard form");
        misses[(standard as usize).min(5)] += 1;
    };
    // Seven different kinds of the 34, each held twice: the combinations
    // of 7 out of 34, in lexicographic order.
    let mut chosen: [usize; 7] = std::array::from_fn(|i| i);
    loop {
        let mut counts = [0u8; KINDS];
        for &k in &chosen {
            counts[k] = 2;
        }
        judge(&counts);
        let Some(i) = (0..7).rev().find(|&i| chosen[i] < KINDS - 7 + i) else {
            break;
        };
        chosen[i] += 1;
        for j in i + 1..7 {
            chosen[j] = chosen[j - 1] + 1;
        }
    }
    let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    for &doubled in &orphans {
        let mut counts = [0u8; KINDS];
        for &k in &orphans {
            counts[k] = 1 + (k == doubled) as u8;
        }
        judge(&counts);
    }
    assert_eq!(misses.iter().sum::<u64>(), 5_379_616 + 13);
    assert_eq!(misses[1], 0);
    // Under `chinese` a quad counts as two pairs: 1111m 22m 33m 44m 55m
    // 77m is seven pairs, and one tile short of the standard form (a 6m
    // for a 2m makes 111m 123m 345m 456m 77m).
    let hand: Hand = "11112233445577m".parse().unwrap();
    assert_eq!(Rules::chinese().shanten(&hand), Ok(-1));
    let chinese_standard = standard_form_only(include_str!("../rules/chinese.toml"));
    assert_eq!(chinese_standard.shanten(&hand), Ok(0));
}

/// −1 is a win, 0 is ready; one draw moves the shanten by at most one;
/// the effective tiles are exactly the drawable kinds that lower it; the
/// live hand agrees as it draws and discards.
#[test]
fn invariants_hold_under_every_preset() {
    let specs = variants();
    let n = if RELEASE { 20_000 } else { 1_000 };
    let mut rng = ChaCha8Rng::seed_from_u64(0x696e_7661);
    let rules: Vec<Rules> = specs.iter().map(rules_of).collect();
    for i in 0..n {
        let k = i % specs.len();
        let (spec, rules) = (&specs[k], &rules[k]);
        let size = random_size(&mut rng, spec.max_tiles as usize);
        let jokers = random_jokers(&mut rng, size).min(4);
        let raw = hand_for(&mut rng, spec, size, jokers);
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let what = || format!("{}: {}", spec.name, raw.notation());
        let s = rules.shanten(&hand).unwrap();
        if size % 3 == 2 {
            assert_eq!(s == -1, rules.is_win(&hand).unwrap(), "{}", what());
        } else if !spec.four_held {
            assert_eq!(s == 0, rules.is_ready(&hand).unwrap(), "{}", what());
        }
        let live = LiveHand::from_hand(rules, &hand).unwrap();
        assert_eq!(live.shanten(), Some(s), "{}", what());
        if size % 3 != 1 || size >= spec.max_tiles as usize {
            continue;
        }
        // Every draw: at most one closer, and one closer exactly for the
        // effective tiles.
        let Efficiency::Draw(draws) = rules.efficiency(&hand, &[0; KINDS]).unwrap() else {
            panic!("a 3N+1 hand gets its draws: {}", what());
        };
        assert_eq!(draws.shanten, s);
        for tile in rules.tiles().iter() {
            if raw.counts[tile.index()] >= 4 {
                continue;
            }
            let mut more = raw.counts;
            more[tile.index()] += 1;
            let after = rules.shanten_counts(&more, raw.jokers).unwrap();
            assert!(after == s || after == s - 1, "{} + {tile}", what());
            let listed = draws.tiles.iter().any(|e| e.tile == tile);
            assert_eq!(listed, after < s, "{} + {tile}", what());
            let mut live = live.clone();
            live.draw(tile).unwrap();
            assert_eq!(live.shanten(), Some(after), "{} + {tile}", what());
        }
    }
}

/// Renaming the numbered suits or reversing their ranks changes nothing
/// under rules that treat the suits and ranks alike.
#[test]
fn renaming_suits_and_reversing_ranks_change_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x7379_6d6d);
    let n = if RELEASE { 20_000 } else { 1_000 };
    for name in ["chinese", "riichi", "hongzhong", "changsha", "sichuan"] {
        let rules = Rules::preset(name).unwrap();
        let spec = Spec::preset(name);
        for _ in 0..n / 5 {
            let size = random_size(&mut rng, 14);
            let jokers = random_jokers(&mut rng, size).min(3);
            let raw = hand_for(&mut rng, &spec, size, jokers);
            let s = rules.shanten_counts(&raw.counts, raw.jokers).unwrap();
            let mut renamed = raw.counts;
            renamed[..9].copy_from_slice(&raw.counts[9..18]);
            renamed[9..18].copy_from_slice(&raw.counts[18..27]);
            renamed[18..27].copy_from_slice(&raw.counts[..9]);
            let mut reversed = raw.counts;
            for suit in 0..3 {
                for r in 0..9 {
                    reversed[suit * 9 + r] = raw.counts[suit * 9 + 8 - r];
                }
            }
            for (how, c) in [("renamed", renamed), ("reversed", reversed)] {
                assert_eq!(
                    rules.shanten_counts(&c, raw.jokers),
                    Ok(s),
                    "{name} {how}: {}",
                    raw.notation()
                );
            }
        }
    }
}

/// The effective tiles and their counts, discard by discard, against the
/// search: a kind is effective when the search's replacement number falls
/// with it. Hand `i` of the sample (seeded from the sample's seed and `i`)
/// is `shard`'s when its round of the variants is.
fn efficiency_agrees(shard: Shard) {
    let n = if RELEASE { 500 } else { 30 };
    efficiency_agrees_on(shard, (n, 0x6566_6669), |rng, spec, size| {
        let jokers = random_jokers(rng, size).min(3);
        hand_for(rng, spec, size, jokers)
    });
}

/// [`efficiency_agrees`] on `n` hands of 13 or 14 tiles a round of the
/// variants, seeded from `seed`, each made by `hand` (the rules' spec
/// and the size given).
fn efficiency_agrees_on(
    shard: Shard,
    (n, seed): (usize, u64),
    hand: impl Fn(&mut ChaCha8Rng, &Spec, usize) -> Raw + Sync,
) {
    let specs = variants();
    let rules: Vec<Rules> = specs.iter().map(rules_of).collect();
    common::par_seeded(n, seed, |i, rng| {
        if !shard.has(i / specs.len()) {
            return;
        }
        let k = i % specs.len();
        let (spec, rules) = (&specs[k], &rules[k]);
        let size = if rng.gen_bool(0.5) { 14 } else { 13 };
        let raw = hand(rng, spec, size);
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let what = || format!("{}: {}", spec.name, raw.notation());
        // Some tiles seen on the table.
        let mut visible = [0u8; KINDS];
        for _ in 0..6 {
            let t = rng.gen_range(0..KINDS);
            if spec.tiles[t] && raw.counts[t] + visible[t] < 4 {
                visible[t] += 1;
            }
        }
        let effective = |counts: &[u8; KINDS], jokers: u32, seen: &[u8; KINDS]| {
            let before = replacement_spec(spec, counts, jokers).unwrap();
            let mut tiles = Vec::new();
            let mut count = 0;
            for t in 0..KINDS {
                if !spec.tiles[t] || counts[t] >= 4 {
                    continue;
                }
                let mut more = *counts;
                more[t] += 1;
                if replacement_spec(spec, &more, jokers).unwrap() < before {
                    tiles.push(Tile::from_index(t).unwrap());
                    count += 4 - seen[t] as u32 - visible[t] as u32;
                }
            }
            (before as i8 - 1, tiles, count)
        };
        match rules.efficiency(&hand, &visible).unwrap() {
            Efficiency::Draw(d) => {
                let got: Vec<Tile> = d.tiles.iter().map(|e| e.tile).collect();
                let want = effective(&raw.counts, raw.jokers as u32, &raw.counts);
                assert_eq!((d.shanten, got, d.count), want, "{}", what());
            }
            Efficiency::Discard { shanten, discards } => {
                assert_eq!(
                    shanten as i32 + 1,
                    replacement_spec(spec, &raw.counts, raw.jokers as u32).unwrap() as i32,
                    "{}",
                    what()
                );
                let kinds = (0..KINDS).filter(|&t| raw.counts[t] > 0).count();
                assert_eq!(discards.len(), kinds + (raw.jokers > 0) as usize);
                assert_best_first(&discards, &what());
                for d in &discards {
                    let (counts, jokers) = after_discard(&raw.counts, raw.jokers, d.discard);
                    let got: Vec<Tile> = d.draws.tiles.iter().map(|e| e.tile).collect();
                    let want = effective(&counts, jokers as u32, &raw.counts);
                    assert_eq!(
                        (d.draws.shanten, got, d.draws.count),
                        want,
                        "{} discarding {}",
                        what(),
                        d.discard
                    );
                }
            }
        }
    });
}

/// Efficiency against the search on hands near seven pairs or thirteen
/// orphans with 1–3 jokers and a kind held four times: a joker may stand
/// for its fifth copy, and a draw's counted forms decide whether it helps.
#[test]
fn efficiency_near_the_counted_forms_with_a_kind_held_four_times_agrees() {
    let n = if RELEASE { 1_000 } else { 60 };
    efficiency_agrees_on(
        Shard::of(0, 1),
        (n, 0x636f_756e_7465_6421),
        |rng, spec, size| {
            let mut raw = if rng.gen_bool(0.5) {
                gen::orphans_in(rng, &spec.tiles)
            } else {
                let distinct = rng.gen_bool(0.5);
                gen::seven_pairs_in(rng, &spec.tiles, distinct)
            };
            let held: Vec<usize> = (0..KINDS).filter(|&k| raw.counts[k] > 0).collect();
            raw.counts[held[rng.gen_range(0..held.len())]] = 4;
            let jokers = rng.gen_range(1..=3);
            let raw = gen::jokerize(rng, raw, jokers);
            gen::shrink_to(rng, raw, size)
        },
    );
}

#[test]
fn efficiency_agrees_with_the_search_shard_0_of_2() {
    efficiency_agrees(Shard::of(0, 2));
}

#[test]
fn efficiency_agrees_with_the_search_shard_1_of_2() {
    efficiency_agrees(Shard::of(1, 2));
}

/// Every discard of hands of 3N+2 tiles (0–14 jokers, every variant and
/// size) against shanten draw by draw: the shanten after the discard, the
/// kinds whose draw lowers it (and no other drawable kind), their unseen
/// copies, best discard first.
#[test]
fn every_discard_lists_the_draws_that_lower_its_shanten() {
    let n = if RELEASE { 20_000 } else { 300 };
    discards_agree_with_shanten((n, 0x6469_7363), |rng, spec| {
        let sizes: Vec<usize> = (2..=spec.max_tiles as usize).step_by(3).collect();
        let size = if rng.gen_bool(0.6) {
            14
        } else {
            sizes[rng.gen_range(0..sizes.len())]
        };
        let jokers = random_jokers(rng, size);
        hand_for(rng, spec, size, jokers)
    });
}

/// [`every_discard_lists_the_draws_that_lower_its_shanten`] on hands near
/// seven pairs or thirteen orphans of 14 tiles, no joker, one or two tiles
/// moved: after a discard the counted forms miss what its class (the count
/// it leaves, and being an orphan) says, and a draw of the discarded kind
/// restores the hand.
#[test]
fn every_discard_near_the_counted_forms_lists_the_draws_that_lower_its_shanten() {
    let n = if RELEASE { 20_000 } else { 300 };
    discards_agree_with_shanten((n, 0x6e6f_206a_6f6b), |rng, spec| {
        let mut raw = if rng.gen_bool(0.5) {
            gen::orphans_in(rng, &spec.tiles)
        } else {
            let distinct = rng.gen_bool(0.5);
            gen::seven_pairs_in(rng, &spec.tiles, distinct)
        };
        // Natural tiles in play where the tiles out of play were stood in
        // for, then one or two tiles moved to other kinds in play.
        let in_play: Vec<usize> = (0..KINDS).filter(|&k| spec.tiles[k]).collect();
        let mut moves = rng.gen_range(0..=2);
        while raw.jokers > 0 || moves > 0 {
            let to = in_play[rng.gen_range(0..in_play.len())];
            if raw.counts[to] == 4 {
                continue;
            }
            if raw.jokers > 0 {
                raw.jokers -= 1;
            } else {
                let held: Vec<usize> = (0..KINDS).filter(|&k| raw.counts[k] > 0).collect();
                raw.counts[held[rng.gen_range(0..held.len())]] -= 1;
                moves -= 1;
            }
            raw.counts[to] += 1;
        }
        raw
    });
}

/// Every discard of `n` hands a round of the variants (seeded from
/// `seed`, each made by `hand` for the rules' spec) against shanten draw
/// by draw: the shanten after the discard, the kinds whose draw lowers it
/// (and no other drawable kind), their unseen copies, best discard first.
fn discards_agree_with_shanten(
    (n, seed): (usize, u64),
    hand: impl Fn(&mut ChaCha8Rng, &Spec) -> Raw + Sync,
) {
    let specs = variants();
    let rules: Vec<Rules> = specs.iter().map(rules_of).collect();
    common::par_seeded(n, seed, |i, rng| {
        let k = i % specs.len();
        let (spec, rules) = (&specs[k], &rules[k]);
        let raw = hand(rng, spec);
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let what = || format!("{}: {}", spec.name, raw.notation());
        let Efficiency::Discard { shanten, discards } =
            rules.efficiency(&hand, &[0; KINDS]).unwrap()
        else {
            panic!("3N+2 tiles: discards, {}", what());
        };
        assert_eq!(Ok(shanten), rules.shanten(&hand), "{}", what());
        for d in &discards {
            let (counts, jokers) = after_discard(&raw.counts, raw.jokers, d.discard);
            let s = rules.shanten_counts(&counts, jokers).unwrap();
            let mut tiles = Vec::new();
            let mut count = 0;
            for t in rules.tiles().iter() {
                if counts[t.index()] >= 4 {
                    continue;
                }
                let mut more = counts;
                more[t.index()] += 1;
                if rules.shanten_counts(&more, jokers).unwrap() < s {
                    tiles.push(t);
                    count += 4 - raw.counts[t.index()] as u32;
                }
            }
            let got: Vec<Tile> = d.draws.tiles.iter().map(|e| e.tile).collect();
            assert_eq!(
                (d.draws.shanten, got, d.draws.count),
                (s, tiles, count),
                "{} discarding {}",
                what(),
                d.discard
            );
        }
        assert_best_first(&discards, &what());
    });
}

/// The counts and jokers of a hand after `discard`.
fn after_discard(counts: &[u8; KINDS], jokers: u8, discard: hupai::Discard) -> ([u8; KINDS], u8) {
    let (mut counts, mut jokers) = (*counts, jokers);
    match discard {
        hupai::Discard::Tile(t) => counts[t.index()] -= 1,
        hupai::Discard::Joker => jokers -= 1,
    }
    (counts, jokers)
}

/// Best discard first: lowest shanten, then most effective tiles.
fn assert_best_first(discards: &[hupai::DiscardChoice], what: &str) {
    for pair in discards.windows(2) {
        let key = |d: &hupai::DiscardChoice| (d.draws.shanten, u32::MAX - d.draws.count);
        assert!(key(&pair[0]) <= key(&pair[1]), "best first: {what}");
    }
}

/// Literal cases in mahjong notation, worked out by hand.
#[test]
fn literal_cases() {
    let cases: &[(&str, &str, i8)] = &[
        ("riichi", "123m456p789s1122z", 0),
        ("riichi", "123m456p789s11222z", -1),
        ("riichi", "19m19p19s1234567z", 0), // thirteen orphans, 13-sided
        ("riichi", "1133557799m1122p", -1), // seven pairs
        ("riichi", "1133557799m112p", 0),   // six pairs and 2p
        ("riichi", "147m258p369s1234z", 6),
        ("chinese", "1111m*", -1),    // 111m 11m: the joker a fifth 1m
        ("hongzhong", "1111m7z", -1), // 7z is a joker there
        ("chinese", "147m258p369s1234z*", 5),
        ("chinese", "****", 0), // four jokers wait on anything
        ("chinese", "**", -1),
        ("changsha", "123m456p789s11m", 0), // 111m 456p 789s, 2m waiting for its mate
        ("changsha", "123m456p789s22m", -1),
        ("sichuan", "123m456p789s1m", 3), // three suits: 789s must go
        ("taiwan", "123456789m123456p7s", 0), // 16 tiles, ready
        ("gb", "147m258p369s1111z*", -1), // 组合龙 111z 11z, the joker a fifth 1z
        ("gb", "147m258p369s1111z", 1),   // no fifth 1z: a pair to draw
        ("gb", "147m258p36s12345z", 0),   // 全不靠 waiting
        ("gb", "147m258p9s1234567z", -1), // 七星不靠
    ];
    for &(rules, hand, want) in cases {
        let rules = Rules::preset(rules).unwrap();
        let hand: Hand = hand.parse().unwrap();
        assert_eq!(
            rules.shanten(&hand),
            Ok(want),
            "{} under {}",
            hand,
            rules.name()
        );
    }
    // Sizes with no target are an error, not a panic.
    assert!(Rules::chinese().shanten(&"123m".parse().unwrap()).is_err());
    assert!(Rules::chinese()
        .shanten(&Hand::from_counts(&[0; 34], 0).unwrap())
        .is_err());
}

/// The differential target's case: with quads counted and jokers free to
/// be fifth copies, a kind gives as many pairs as its copies, so thirteen
/// jokers beside two honour kinds are one draw from seven pairs. The
/// shanten oracle allowed at most four of a kind there, and called the
/// hand hopeless where the win oracle and the library call fourteen jokers
/// a win; both oracles now read the switches alike. Capped at four, the
/// same kinds give four pairs at most.
#[test]
fn seven_pairs_of_fifth_copies_under_quads() {
    let mut spec = Spec::preset("basic");
    spec.tiles = [false; KINDS];
    spec.tiles[27] = true;
    spec.tiles[31] = true;
    spec.forms = [false, true, false];
    spec.quads = true;
    spec.cap = None;
    let rules = rules_of(&spec);
    let mut none = [0u8; KINDS];
    assert_eq!(replacement_spec(&spec, &none, 13), Some(1));
    assert_eq!(rules.shanten_counts(&none, 13), Ok(0));
    assert!(common::oracle::wins_spec(&spec, &none, 14));
    assert_eq!(rules.is_win_counts(&none, 14), Ok(true));
    // Natural tiles: 1z three times and 5z once, nine jokers: pairs of 1z
    // and 5z as many as wanted.
    none[27] = 3;
    none[31] = 1;
    assert_eq!(replacement_spec(&spec, &none, 9), Some(1));
    assert_eq!(rules.shanten_counts(&none, 9), Ok(0));
    spec.cap = Some(4);
    assert_eq!(replacement_spec(&spec, &none, 9), None);
}
