//! Every preset, and rule files beyond them, against the whole-hand oracle
//! extended to the rule switches: win checks on 10^5 seeded hands per
//! preset (fewer in a debug build), and waits on 10^4.

use crate::common;

use common::gen;
use common::oracle::{self, Spec};
use hupai::{Form, Hand, HandError, Preset, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const CHECKS: usize = if cfg!(debug_assertions) {
    2_000
} else {
    100_000
};
const WAITS: usize = if cfg!(debug_assertions) { 200 } else { 10_000 };

fn forms_of(rules: &Rules, hand: &Hand) -> [bool; 3] {
    let f = rules.check(hand).unwrap();
    [
        f.contains(Form::Standard),
        f.contains(Form::SevenPairs),
        f.contains(Form::ThirteenOrphans),
    ]
}

fn run(rules: &Rules, spec: &Spec, seed: u64, checks: usize, waits: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut wins = 0;
    for _ in 0..checks {
        let raw = gen::mixed_for(&mut rng, spec, 8, false);
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let want = oracle::forms_spec(spec, &raw.counts, raw.jokers as u32);
        assert_eq!(
            forms_of(rules, &hand),
            want,
            "{}: {}",
            spec.name,
            raw.notation()
        );
        assert_eq!(rules.is_win(&hand).unwrap(), want.iter().any(|&w| w));
        wins += want.iter().any(|&w| w) as usize;
    }
    assert!(
        wins > checks / 5 && wins < checks * 9 / 10,
        "{}: {wins} wins of {checks}",
        spec.name
    );
    let mut ready = 0;
    for _ in 0..waits {
        let raw = gen::mixed_for(&mut rng, spec, 6, true);
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let want = oracle::waits_spec(spec, &raw.counts, raw.jokers as u32);
        let got: Vec<usize> = rules
            .waits(&hand)
            .unwrap()
            .iter()
            .map(|t| t.index())
            .collect();
        assert_eq!(got, want, "{}: waits of {}", spec.name, raw.notation());
        ready += !want.is_empty() as usize;
    }
    assert!(
        waits == 0 || ready > waits / 5,
        "{}: {ready} ready of {waits}",
        spec.name
    );
}

#[test]
fn preset_basic_matches_oracle() {
    run(
        &Rules::preset("basic").unwrap(),
        &Spec::preset("basic"),
        1,
        CHECKS,
        WAITS,
    );
}

#[test]
fn preset_riichi_matches_oracle() {
    run(
        &Rules::preset("riichi").unwrap(),
        &Spec::preset("riichi"),
        2,
        CHECKS,
        WAITS,
    );
}

#[test]
fn preset_chinese_matches_oracle() {
    run(
        &Rules::preset("chinese").unwrap(),
        &Spec::preset("chinese"),
        3,
        CHECKS,
        WAITS,
    );
}

#[test]
fn preset_hongzhong_matches_oracle() {
    run(
        &Rules::preset("hongzhong").unwrap(),
        &Spec::preset("hongzhong"),
        4,
        CHECKS,
        WAITS,
    );
}

#[test]
fn preset_changsha_matches_oracle() {
    run(
        &Rules::preset("changsha").unwrap(),
        &Spec::preset("changsha"),
        5,
        CHECKS,
        WAITS,
    );
}

#[test]
fn preset_sichuan_matches_oracle() {
    run(
        &Rules::preset("sichuan").unwrap(),
        &Spec::preset("sichuan"),
        6,
        CHECKS,
        WAITS,
    );
}

#[test]
fn preset_kawuxing_matches_oracle() {
    run(
        &Rules::preset("kawuxing").unwrap(),
        &Spec::preset("kawuxing"),
        7,
        CHECKS,
        WAITS,
    );
}

#[test]
fn preset_taiwan_matches_oracle() {
    run(
        &Rules::preset("taiwan").unwrap(),
        &Spec::preset("taiwan"),
        8,
        CHECKS,
        WAITS,
    );
}

#[test]
fn rule_file_hongzhong_capped_jokers_matches_oracle() {
    let rules = Rules::from_toml_str("base = \"hongzhong\"\njoker_fifth_copy = false").unwrap();
    let spec = Spec {
        name: "hongzhong, capped".into(),
        cap: Some(4),
        ..Spec::preset("hongzhong")
    };
    run(&rules, &spec, 9, CHECKS / 2, WAITS / 2);
}

#[test]
fn rule_file_honor_sequences_matches_oracle() {
    for (fifth, seed) in [(true, 10), (false, 11)] {
        let rules = Rules::from_toml_str(&format!(
            "base = \"chinese\"\nhonor_sequences = true\njoker_fifth_copy = {fifth}"
        ))
        .unwrap();
        let spec = Spec {
            name: format!("chinese, honour sequences, fifth copy {fifth}"),
            honor_seq: true,
            cap: (!fifth).then_some(4),
            ..Spec::preset("chinese")
        };
        run(&rules, &spec, seed, CHECKS / 2, WAITS / 2);
    }
}

#[test]
fn rule_file_four_held_is_wait_matches_oracle() {
    let rules = Rules::from_toml_str("base = \"chinese\"\nfour_held_is_wait = true").unwrap();
    let spec = Spec {
        name: "chinese, four held is a wait".into(),
        four_held: true,
        ..Spec::preset("chinese")
    };
    run(&rules, &spec, 12, CHECKS / 10, WAITS);
    // 1111m234p waits on a fifth 1m.
    let waits = rules.waits(&"1111m234p".parse().unwrap()).unwrap();
    assert_eq!(
        waits.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
        ["1m"]
    );
}

#[test]
fn rule_file_mixed_switches_match_oracle() {
    let rules = Rules::from_toml_str(
        "base = \"basic\"\ntiles = \"123456789p123456789s1234567z\"\njokers = \"1z2z\"\npair_ranks = [2, 5, 8]\nmax_suits = 1\nforms = [\"standard\", \"seven-pairs\"]\nseven_pairs_quads = false",
    )
    .unwrap();
    let mut tiles = [false; 34];
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
    run(&rules, &spec, 13, CHECKS / 2, WAITS / 2);
}

/// Under rules that play every kind, no joker kind, no suit limit, no
/// knitted form and let every suit hold the pair, the win check judges a
/// hand from its counts' words alone, with its own test when there is no
/// joker; the other rules take the whole check. Hands with no joker
/// against the oracle, under every preset and under switches on each side
/// of that line: quads as two pairs or not, honour sequences, 17-tile
/// hands, one form alone, pair ranks, a suit limit (`random_hands` and
/// the presets' tests above take hands with jokers).
#[test]
fn hands_with_no_joker_match_oracle_under_every_preset_and_switch() {
    // GB's knitted forms are beyond the oracle's three forms.
    let mut cases: Vec<(Rules, Spec)> = Preset::ALL
        .into_iter()
        .filter(|&p| p != Preset::Gb)
        .map(|p| (Rules::from_preset(p), Spec::preset(p.name())))
        .collect();
    // A preset with one line added to its rule file, and the oracle's
    // spec with the same switch.
    let switched = |base: &str, line: &str, switch: fn(&mut Spec)| {
        let rules = Rules::from_toml_str(&format!("base = \"{base}\"\n{line}")).unwrap();
        let mut spec = Spec::preset(base);
        spec.name = format!("{base}, {line}");
        switch(&mut spec);
        (rules, spec)
    };
    cases.extend([
        switched("chinese", "honor_sequences = true", |s| s.honor_seq = true),
        switched("riichi", "seven_pairs_quads = true", |s| s.quads = true),
        switched("riichi", r#"forms = ["seven-pairs"]"#, |s| {
            s.forms = [false, true, false]
        }),
        switched(
            "riichi",
            r#"forms = ["standard", "thirteen-orphans"]"#,
            |s| s.forms = [true, false, true],
        ),
        switched("riichi", "pair_ranks = [2, 5, 8]", |s| {
            s.pair_ranks = Some(1 << 1 | 1 << 4 | 1 << 7)
        }),
        switched("riichi", "max_suits = 2", |s| s.max_suits = Some(2)),
    ]);
    let checks = CHECKS / 5;
    for (seed, (rules, spec)) in cases.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + seed as u64);
        let mut wins = [0usize; 3];
        for i in 0..checks {
            let mixed = gen::mixed_for(&mut rng, spec, 0, false);
            // Seven pairs and thirteen orphans from the kinds in play, as
            // they are and with a tile changed: mixed hands have few.
            let counted = match i % 4 {
                0 => gen::seven_pairs_in(&mut rng, &spec.tiles, i % 8 == 0),
                _ => gen::orphans_in(&mut rng, &spec.tiles),
            };
            let spoiled = gen::spoil(&mut rng, counted);
            let in_play =
                |r: &gen::Raw| r.jokers == 0 && (0..34).all(|k| spec.tiles[k] || r.counts[k] == 0);
            let raw = match i % 3 {
                0 => mixed,
                1 if in_play(&counted) => counted,
                _ if in_play(&spoiled) => spoiled,
                _ => mixed,
            };
            let want = oracle::forms_spec(spec, &raw.counts, 0);
            let got = rules.is_win_counts(&raw.counts, 0);
            if !spec.forms[0] && raw.len() != 14 {
                // Only 14 tiles make a counted form.
                assert!(matches!(got, Err(HandError::WrongSize { .. })), "{got:?}");
                continue;
            }
            assert_eq!(
                got,
                Ok(want.iter().any(|&w| w)),
                "{}: {}",
                spec.name,
                raw.notation()
            );
            for (n, w) in wins.iter_mut().zip(want) {
                *n += w as usize;
            }
        }
        // The sample wins by every form the rules play (thirteen orphans
        // with every orphan in play).
        let orphans = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        let plays = [
            spec.forms[0],
            spec.forms[1],
            spec.forms[2] && spec.max_suits.is_none() && orphans.iter().all(|&k| spec.tiles[k]),
        ];
        for form in 0..3 {
            assert!(
                !plays[form] || wins[form] > checks / 100,
                "{}: form {form} won too rarely: {wins:?}",
                spec.name
            );
        }
    }
}
