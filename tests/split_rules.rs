//! Splits under every preset and rule file, against the oracle's whole-hand
//! enumeration written from the rules' text (`oracle::splits_spec`): on
//! seeded winning hands (built to win, 0–8 jokers) and near-wins, plus the
//! bug report's hands written out by hand.

use crate::common;

use std::collections::BTreeSet;

use common::gen::{self, Raw};
use common::oracle::{self, Spec, KINDS};
use hupai::{Form, Hand, Rules, Tile, WinHow, WinningTile};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Winning hands per rule set.
const WINS: usize = if cfg!(debug_assertions) { 100 } else { 2_000 };

/// `form g1 g2 ...` with the groups sorted as strings.
fn normal(split: &str) -> String {
    let mut words = split.split(' ');
    let form = words.next().unwrap();
    let mut g: Vec<&str> = words.collect();
    g.sort();
    format!("{form} {}", g.join(" "))
}

/// The kinds the standard form's pair may be of under `spec`.
fn pair_kinds(spec: &Spec) -> Vec<usize> {
    (0..KINDS)
        .filter(|&k| {
            spec.tiles[k]
                && match spec.pair_ranks {
                    None => true,
                    Some(mask) => k < 27 && mask >> (k % 9) & 1 == 1,
                }
        })
        .collect()
}

/// A seeded hand for `spec`: mostly built wins of every form (their
/// numbered suits limited to `max_suits` when set), then jokerized; some
/// spoiled wins, wins with a pair of any rank, and uniform draws.
fn sample(rng: &mut ChaCha8Rng, spec: &Spec, i: usize) -> Raw {
    let sizes: Vec<usize> = (2..=spec.max_tiles as usize).step_by(3).collect();
    let size = sizes[rng.gen_range(0..sizes.len())];
    let jokers = rng.gen_range(0..=8usize).min(size);
    let mut tiles = spec.tiles;
    if let Some(max) = spec.max_suits {
        // Keep `max` of the numbered suits in play.
        let mut suits: Vec<usize> = (0..3).filter(|&s| tiles[s * 9]).collect();
        while suits.len() > max as usize {
            suits.remove(rng.gen_range(0..suits.len()));
        }
        for (k, t) in tiles.iter_mut().enumerate().take(27) {
            *t = *t && suits.contains(&(k / 9));
        }
    }
    let pairs = pair_kinds(spec);
    let pairs: Vec<usize> = pairs.iter().copied().filter(|&k| tiles[k]).collect();
    let base = match i % 10 {
        0..=4 => gen::standard_win_pair_in(rng, size, &tiles, spec.honor_seq, &pairs),
        5 if size == 14 => gen::seven_pairs_in(rng, &tiles, !spec.quads),
        6 if size == 14 => gen::orphans_in(rng, &spec.tiles),
        7 => {
            // A win with one tile moved to another kind in play.
            let mut win = gen::standard_win_pair_in(rng, size, &tiles, spec.honor_seq, &pairs);
            let held: Vec<usize> = (0..KINDS).filter(|&k| win.counts[k] > 0).collect();
            let from = held[rng.gen_range(0..held.len())];
            let to = loop {
                let to = rng.gen_range(0..KINDS);
                if spec.tiles[to] && win.counts[to] < 4 {
                    break to;
                }
            };
            win.counts[from] -= 1;
            win.counts[to] += 1;
            win
        }
        8 => gen::standard_win_in(rng, size, &spec.tiles, spec.honor_seq),
        _ => return gen::mixed_for(rng, spec, 8, false),
    };
    gen::jokerize(rng, base, jokers)
}

/// One hand: the library's splits against the oracle's, splits listed once,
/// a split iff a win, every split re-assembling into the hand. Returns the
/// problems found (empty when all agree) and whether the hand wins.
fn compare(rules: &Rules, spec: &Spec, raw: &Raw) -> (Vec<String>, bool) {
    let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
    let want = oracle::splits_spec(spec, &raw.counts, raw.jokers as u32);
    let (got, once) = common::split_text(rules, &hand);
    let mut problems = Vec::new();
    let name = &spec.name;
    let notation = raw.notation();
    if got != want {
        let missing: Vec<&String> = want.difference(&got).collect();
        let extra: Vec<&String> = got.difference(&want).collect();
        problems.push(format!(
            "{name}: splits of {notation}: missing {missing:?}, not splits {extra:?}"
        ));
    }
    if !once {
        problems.push(format!("{name}: a split of {notation} is listed twice"));
    }
    let win = rules.is_win(&hand).unwrap();
    if win == got.is_empty() {
        problems.push(format!(
            "{name}: {notation} is_win {win} but {} splits",
            got.len()
        ));
    }
    // The count and the limited listing agree with the full listing.
    let all = rules.splits(&hand).unwrap();
    let count = rules.split_count(&hand).unwrap();
    if count != all.len() as u64 {
        problems.push(format!(
            "{name}: {notation} counts {count} splits, lists {}",
            all.len()
        ));
    }
    let limit = (raw.jokers as usize * 7 + hands_mix(raw)) % 5;
    let some = rules.splits_limited(&hand, limit).unwrap();
    let listed = some.splits.len() == limit.min(all.len())
        && some.splits.windows(2).all(|p| p[0] < p[1])
        && some.splits.iter().all(|s| all.contains(s));
    if !listed || some.total != all.len() as u64 {
        problems.push(format!(
            "{name}: {notation}: the {limit} splits listed are not {limit} of the listing's"
        ));
    }
    // A win cut to one split still has the wait shapes of every split.
    let held: Vec<usize> = (0..KINDS).filter(|&k| raw.counts[k] > 0).collect();
    if !all.is_empty() {
        let mix = hands_mix(raw);
        let winning = match held.len() {
            n if n == 0 || (raw.jokers > 0 && mix % 2 == 0) => WinningTile::Joker,
            n => WinningTile::Tile(Tile::from_index(held[mix % n]).unwrap()),
        };
        let whole = rules.win(&hand, winning, WinHow::Discard).unwrap();
        let cut = rules
            .win_limited(&hand, winning, WinHow::Discard, 1)
            .unwrap();
        if cut.shapes() != whole.shapes() || cut.total != all.len() as u64 {
            problems.push(format!(
                "{name}: {notation} won on {winning}: shapes {:?} cut to one split, {:?} in all",
                cut.shapes(),
                whole.shapes()
            ));
        }
    }
    // Copies of the rules' joker kinds are jokers in the split.
    let (natural, jokers) = spec.natural(hand.counts(), hand.jokers() as u32);
    for split in all {
        if common::split_tiles(&split) != (natural, jokers as u8) {
            problems.push(format!(
                "{name}: split {split} does not re-assemble {notation}"
            ));
        }
    }
    (problems, !want.is_empty())
}

/// A small number that varies from hand to hand (to vary the limit).
fn hands_mix(raw: &Raw) -> usize {
    raw.counts
        .iter()
        .enumerate()
        .map(|(i, &c)| i * c as usize)
        .sum()
}

/// Seeded hands until `WINS` of them win, every one compared.
fn run(rules: &Rules, spec: &Spec, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wins = 0;
    let mut hands = 0;
    let mut problems: Vec<String> = Vec::new();
    let mut bad_hands = 0;
    while wins < WINS && hands < WINS * 20 {
        let raw = sample(&mut rng, spec, hands);
        let (p, win) = compare(rules, spec, &raw);
        wins += win as usize;
        hands += 1;
        bad_hands += !p.is_empty() as usize;
        if problems.len() < 6 {
            problems.extend(p);
        }
    }
    assert!(
        problems.is_empty(),
        "{}: {bad_hands} of {hands} hands disagree; first:\n{}",
        spec.name,
        problems.join("\n")
    );
    assert!(wins >= WINS, "{}: {wins} wins in {hands} hands", spec.name);
    assert!(hands > wins, "{}: no near-wins", spec.name);
}

fn preset(name: &str, seed: u64) {
    run(&Rules::preset(name).unwrap(), &Spec::preset(name), seed);
}

fn rule_file(text: &str) -> Rules {
    Rules::from_toml_str(text).unwrap()
}

fn hongzhong_capped() -> (Rules, Spec) {
    let spec = Spec {
        name: "hongzhong, capped".into(),
        cap: Some(4),
        ..Spec::preset("hongzhong")
    };
    (
        rule_file("base = \"hongzhong\"\njoker_fifth_copy = false"),
        spec,
    )
}

fn honor_sequences(fifth: bool) -> (Rules, Spec) {
    let rules = rule_file(&format!(
        "base = \"chinese\"\nhonor_sequences = true\njoker_fifth_copy = {fifth}"
    ));
    let spec = Spec {
        name: format!("chinese, honour sequences, fifth copy {fifth}"),
        honor_seq: true,
        cap: (!fifth).then_some(4),
        ..Spec::preset("chinese")
    };
    (rules, spec)
}

/// The characters out of play, thirteen orphans in the forms; `base` is
/// `chinese` when absent (the rule-file docs), so seven pairs take quads.
fn no_characters_with_orphans() -> (Rules, Spec) {
    no_characters_with_orphans_on("")
}

fn no_characters_with_orphans_on(base: &str) -> (Rules, Spec) {
    let rules = rule_file(&format!(
        "{base}tiles = \"123456789p123456789s1234567z\"\nforms = [\"standard\", \"seven-pairs\", \"thirteen-orphans\"]",
    ));
    let mut tiles = [true; KINDS];
    for t in tiles.iter_mut().take(9) {
        *t = false;
    }
    let spec = Spec {
        name: format!("no characters, thirteen orphans {}", base.trim()),
        tiles,
        ..Spec::preset("chinese")
    };
    (rules, spec)
}

#[test]
fn oracle_matches_the_preset_oracle() {
    // splits_spec under basic, riichi and chinese is the older enumeration.
    let mut rng = ChaCha8Rng::seed_from_u64(0x5b11_7001);
    let n = if cfg!(debug_assertions) { 300 } else { 3_000 };
    let mut wins = 0;
    for i in 0..n {
        let name = ["basic", "riichi", "chinese"][i % 3];
        let spec = Spec::preset(name);
        let raw = sample(&mut rng, &spec, i / 3);
        let want = oracle::splits(name, &raw.counts, raw.jokers as u32);
        let got = oracle::splits_spec(&spec, &raw.counts, raw.jokers as u32);
        assert_eq!(got, want, "{name}: {}", raw.notation());
        wins += !got.is_empty() as usize;
    }
    assert!(wins > n / 3, "{wins} wins of {n}");
}

#[test]
fn oracle_splits_iff_oracle_wins() {
    // For every rule set, a form has a split exactly when forms_spec says
    // the hand wins by it.
    let mut specs: Vec<Spec> = [
        "basic",
        "riichi",
        "chinese",
        "hongzhong",
        "changsha",
        "sichuan",
        "kawuxing",
        "taiwan",
    ]
    .iter()
    .map(|n| Spec::preset(n))
    .collect();
    specs.push(hongzhong_capped().1);
    specs.push(honor_sequences(true).1);
    specs.push(honor_sequences(false).1);
    specs.push(mixed().1);
    specs.push(no_characters_with_orphans().1);
    let n = if cfg!(debug_assertions) { 100 } else { 1_500 };
    for (s, spec) in specs.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(0x1ff0 + s as u64);
        let mut wins = 0;
        for i in 0..n {
            let raw = sample(&mut rng, spec, i);
            let splits = oracle::splits_spec(spec, &raw.counts, raw.jokers as u32);
            let forms = oracle::forms_spec(spec, &raw.counts, raw.jokers as u32);
            for (f, form) in ["standard ", "seven-pairs ", "thirteen-orphans "]
                .iter()
                .enumerate()
            {
                assert_eq!(
                    splits.iter().any(|s| s.starts_with(form)),
                    forms[f],
                    "{}: {form}of {}",
                    spec.name,
                    raw.notation()
                );
            }
            wins += !splits.is_empty() as usize;
        }
        assert!(wins > n / 5, "{}: {wins} wins of {n}", spec.name);
    }
}

#[test]
fn preset_basic() {
    preset("basic", 0x5b_0001);
}

#[test]
fn preset_riichi() {
    preset("riichi", 0x5b_0002);
}

#[test]
fn preset_chinese() {
    preset("chinese", 0x5b_0003);
}

#[test]
fn preset_hongzhong() {
    preset("hongzhong", 0x5b_0004);
}

#[test]
fn preset_changsha() {
    preset("changsha", 0x5b_0005);
}

#[test]
fn preset_sichuan() {
    preset("sichuan", 0x5b_0006);
}

#[test]
fn preset_kawuxing() {
    preset("kawuxing", 0x5b_0007);
}

#[test]
fn preset_taiwan() {
    preset("taiwan", 0x5b_0008);
}

#[test]
fn rule_file_hongzhong_capped() {
    let (rules, spec) = hongzhong_capped();
    run(&rules, &spec, 0x5b_0009);
}

#[test]
fn rule_file_honor_sequences() {
    let (rules, spec) = honor_sequences(true);
    run(&rules, &spec, 0x5b_000a);
}

#[test]
fn rule_file_honor_sequences_capped() {
    let (rules, spec) = honor_sequences(false);
    run(&rules, &spec, 0x5b_000b);
}

#[test]
fn rule_file_four_held_is_wait() {
    let rules = rule_file("base = \"chinese\"\nfour_held_is_wait = true");
    let spec = Spec {
        name: "chinese, four held is a wait".into(),
        four_held: true,
        ..Spec::preset("chinese")
    };
    run(&rules, &spec, 0x5b_000c);
}

fn mixed() -> (Rules, Spec) {
    let rules = rule_file(
        "base = \"basic\"\ntiles = \"123456789p123456789s1234567z\"\njokers = \"1z2z\"\npair_ranks = [2, 5, 8]\nmax_suits = 1\nforms = [\"standard\", \"seven-pairs\"]\nseven_pairs_quads = false",
    );
    let mut tiles = [false; KINDS];
    for (i, t) in tiles.iter_mut().enumerate() {
        *t = i >= 9;
    }
    let spec = Spec {
        name: "mixed".into(),
        tiles,
        joker_kinds: vec![27, 28],
        forms: [true, true, false],
        quads: false,
        pair_ranks: Some(1 << 1 | 1 << 4 | 1 << 7),
        max_suits: Some(1),
        ..Spec::preset("basic")
    };
    (rules, spec)
}

#[test]
fn rule_file_mixed_switches() {
    let (rules, spec) = mixed();
    run(&rules, &spec, 0x5b_000d);
}

#[test]
fn rule_file_no_characters_with_orphans() {
    let (rules, spec) = no_characters_with_orphans();
    run(&rules, &spec, 0x5b_000e);
}

#[test]
fn rule_file_no_characters_with_orphans_on_chinese() {
    // The same rules with the base written out.
    let (rules, spec) = no_characters_with_orphans_on("base = \"chinese\"\n");
    run(&rules, &spec, 0x5b_000f);
}

#[test]
fn rule_file_without_base_starts_from_chinese() {
    // Seven pairs take quads under chinese, so under a file without `base`.
    let (rules, _) = no_characters_with_orphans();
    assert!(rules.seven_pairs_quads());
    let hand: Hand = "5555p77p77s1144z66z".parse().unwrap();
    assert!(rules.check(&hand).unwrap().contains(Form::SevenPairs));
}

/// The library's splits of `hand` (text, groups sorted), after checking the
/// oracle against `want` written out by hand (`None`: not written out).
/// `check` asks its questions of the library's splits first, then they must
/// equal the oracle's.
fn pinned(
    rules: &Rules,
    spec: &Spec,
    hand: &str,
    want: Option<&[&str]>,
    check: impl Fn(&BTreeSet<String>),
) -> BTreeSet<String> {
    let h: Hand = hand.parse().unwrap();
    let oracle = oracle::splits_spec(spec, h.counts(), h.jokers() as u32);
    if let Some(want) = want {
        let want: BTreeSet<String> = want.iter().map(|s| normal(s)).collect();
        assert_eq!(oracle, want, "the oracle on {hand}");
    }
    check(&oracle);
    let (got, once) = common::split_text(rules, &h);
    assert!(once, "{}: a split of {hand} listed twice", spec.name);
    check(&got);
    assert_eq!(got, oracle, "{}: splits of {hand}", spec.name);
    got
}

fn nothing(_: &BTreeSet<String>) {}

#[test]
fn changsha_pairs_are_2_5_or_8() {
    let rules = Rules::preset("changsha").unwrap();
    let spec = Spec::preset("changsha");
    let want = [
        "standard 3*5m:345m 123p 456p 789p **",
        "standard 3*5m:345m 1*3p:123p 2*p:22p 456p 789p",
        "standard 3*5m:345m 123p 4*6p:456p 5*p:55p 789p",
        "standard 3*5m:345m 123p 456p 7*9p:789p 8*p:88p",
        "standard **3m:123m 5*m:55m 123p 456p 789p",
        "standard *3*m:234m 5*m:55m 123p 456p 789p",
        "standard 3**m:345m 5*m:55m 123p 456p 789p",
        "standard 3**m:333m 5*m:55m 123p 456p 789p",
    ];
    // The standard form's pair is a 2, 5 or 8 (or jokers only); seven
    // pairs may hold any pair.
    let pairs_258 = |splits: &BTreeSet<String>| {
        for s in splits.iter().filter(|s| s.starts_with("standard ")) {
            for g in s.split(' ').skip(1) {
                let tiles = g.split(':').next_back().unwrap();
                if tiles.len() == 3 && g != "***" {
                    assert!(tiles.starts_with(['2', '5', '8']), "pair {g} in {s}");
                }
            }
        }
    };
    pinned(
        &rules,
        &spec,
        "35m123p456p789p***",
        Some(&want[..]),
        pairs_258,
    );
    // 66p may be a meld (66*p:666p) but never the standard form's pair.
    pinned(&rules, &spec, "6678m66p22444s***", None, |splits| {
        assert!(splits.iter().any(|s| s.starts_with("standard ")));
        assert!(splits
            .iter()
            .filter(|s| s.starts_with("standard "))
            .all(|s| !s.split(' ').any(|g| g == "66p")));
        pairs_258(splits);
    });
}

#[test]
fn honour_sequences_split() {
    let (rules, spec) = honor_sequences(true);
    let hand: Hand = "123m456p789s123z55z".parse().unwrap();
    assert!(rules.is_win(&hand).unwrap());
    pinned(
        &rules,
        &spec,
        "123m456p789s123z55z",
        Some(&["standard 123m 456p 789s 123z 55z"][..]),
        |splits| assert!(splits.iter().any(|s| s.contains(" 123z"))),
    );
    // Jokers in honour sequences: the joker takes the missing honour's slot.
    pinned(&rules, &spec, "124z67z55m*", None, |splits| {
        assert!(splits.contains(&normal("standard 124z *67z:567z 55m")));
    });
    pinned(&rules, &spec, "1z55m**", None, |splits| {
        for g in ["1**z:123z", "1**z:124z", "1**z:134z", "1**z:111z"] {
            assert!(
                splits.contains(&normal(&format!("standard {g} 55m"))),
                "{g}"
            );
        }
    });
}

/// Copies of one tile in a split, jokers counted as what they stand for
/// (groups of jokers only stand for nothing yet).
fn copies(split: &str, rank: char, suit: char) -> usize {
    split
        .split(' ')
        .skip(1)
        .filter(|g| *g != "**" && *g != "***")
        .map(|g| {
            let tiles = g.split(':').next_back().unwrap();
            if tiles.ends_with(suit) {
                tiles.chars().filter(|&c| c == rank).count()
            } else {
                0
            }
        })
        .sum()
}

#[test]
fn capped_jokers_make_no_fifth_copy() {
    let (rules, spec) = hongzhong_capped();
    pinned(
        &rules,
        &spec,
        "777p**",
        Some(
            &[
                "standard 777p **",
                "standard **7p:567p 77p",
                "standard *7*p:678p 77p",
                "standard 7**p:789p 77p",
            ][..],
        ),
        |splits| {
            for s in splits {
                assert!(copies(s, '7', 'p') <= 4, "{s}");
            }
            assert!(!splits.contains(&normal("standard 77*p:777p 7*p:77p")));
            assert!(!splits.contains(&normal("standard 7**p:777p 77p")));
        },
    );
    pinned(
        &rules,
        &spec,
        "1111m23m**",
        Some(
            &[
                "standard 111m 123m **",
                "standard 11m 123m 1**m:123m",
                "standard 11m 12*m:123m 1*3m:123m",
                "standard 111m 1*3m:123m 2*m:22m",
                "standard 111m 12*m:123m 3*m:33m",
            ][..],
        ),
        |splits| {
            for s in splits {
                assert!(copies(s, '1', 'm') <= 4, "{s}");
            }
        },
    );
    // Red dragons are the jokers here.
    pinned(&rules, &spec, "777p7z7z", None, nothing);
}

#[test]
fn orphans_need_every_orphan_in_play() {
    let (rules, spec) = no_characters_with_orphans();
    let hand: Hand = "19p19s1234567z***".parse().unwrap();
    // With every orphan in play the hand would win by thirteen orphans.
    assert!(oracle::forms_spec(&Spec::preset("chinese"), hand.counts(), 3)[2]);
    let no_characters = |splits: &BTreeSet<String>| {
        assert!(!splits.iter().any(|s| s.contains("1m") || s.contains("9m")));
    };
    pinned(
        &rules,
        &spec,
        "19p19s1234567z***",
        Some(&[][..]),
        no_characters,
    );
    assert!(!rules.check(&hand).unwrap().contains(Form::ThirteenOrphans));
}
