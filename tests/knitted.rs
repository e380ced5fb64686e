//! The GB knitted forms (组合龙, 全不靠, 七星不靠) and the `gb` preset:
//! literal cases from `tests/data/knitted.tsv` (waits, splits, reveals),
//! the knitted groups' text, the rules' compile checks, and the preset and
//! rule files with the knitted forms against the whole-hand oracle
//! (`oracle::knitted_forms_spec`, `knitted_splits_spec`) on seeded hands:
//! for `gb`, 10^5 win checks in a release build, 10^4 waits and 3,000
//! splits; a quarter of the win checks for the rule files.

use crate::common;

use std::collections::BTreeSet;

use common::gen;
use common::oracle::{self, Spec};
use common::shard::Shard;
use hupai::{Form, Group, GroupKind, Hand, Rules, RulesError};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const CHECKS: usize = if cfg!(debug_assertions) {
    2_000
} else {
    100_000
};
const WAITS: usize = if cfg!(debug_assertions) { 300 } else { 10_000 };
const SPLITS: usize = if cfg!(debug_assertions) { 200 } else { 3_000 };

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

/// The six forms a hand wins by, in [`Form::ALL`] order.
fn forms_of(rules: &Rules, h: &Hand) -> [bool; 6] {
    let f = rules.check(h).unwrap();
    Form::ALL.map(|form| f.contains(form))
}

/// The oracle's six forms.
fn oracle_forms(spec: &Spec, counts: &[u8; 34], jokers: u32) -> [bool; 6] {
    let [a, b, c] = oracle::forms_spec(spec, counts, jokers);
    let [d, e, f] = oracle::knitted_forms_spec(spec, counts, jokers);
    [a, b, c, d, e, f]
}

/// Win checks, waits and splits of `rules` against the oracle's `spec`,
/// on seeded GB samples with up to `max_jokers` jokers: every hand of the
/// samples is drawn, `shard`'s are checked, and the counts asked of each
/// sample are of the shard's hands.
fn run(rules: &Rules, spec: &Spec, seed: u64, max_jokers: usize, checks: usize, shard: Shard) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut by_form = [0usize; 6];
    for i in 0..checks {
        let raw = gen::knitted_mixed(&mut rng, max_jokers, false);
        if !shard.has(i) {
            continue;
        }
        let h = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let want = oracle_forms(spec, &raw.counts, raw.jokers as u32);
        assert_eq!(
            forms_of(rules, &h),
            want,
            "{}: {}",
            spec.name,
            raw.notation()
        );
        assert_eq!(rules.is_win(&h).unwrap(), want.iter().any(|&w| w));
        for (n, w) in by_form.iter_mut().zip(want) {
            *n += w as usize;
        }
    }
    // The knitted forms are well represented among the wins.
    for (i, &n) in by_form.iter().enumerate().skip(3) {
        if spec_has(spec, i) {
            assert!(
                n > shard.share(checks) / 50,
                "{}: {n} wins by form {i}",
                spec.name
            );
        }
    }
    let mut ready = 0;
    for i in 0..WAITS {
        let raw = gen::knitted_mixed(&mut rng, max_jokers, true);
        if !shard.has(i) {
            continue;
        }
        let h = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let want = oracle::waits_spec(spec, &raw.counts, raw.jokers as u32);
        let got: Vec<usize> = rules.waits(&h).unwrap().iter().map(|t| t.index()).collect();
        assert_eq!(got, want, "{}: waits of {}", spec.name, raw.notation());
        ready += !want.is_empty() as usize;
    }
    let waits = shard.share(WAITS);
    assert!(ready > waits / 4, "{}: {ready} ready of {waits}", spec.name);
    let mut split = 0;
    for i in 0..SPLITS {
        let raw = gen::knitted_mixed(&mut rng, max_jokers.min(6), false);
        if !shard.has(i) {
            continue;
        }
        let h = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let want = oracle::splits_spec(spec, &raw.counts, raw.jokers as u32);
        let (got, once) = common::split_text(rules, &h);
        assert!(
            once,
            "{}: a split listed twice for {}",
            spec.name,
            raw.notation()
        );
        assert_eq!(got, want, "{}: splits of {}", spec.name, raw.notation());
        assert_eq!(rules.split_count(&h).unwrap(), want.len() as u64);
        split += got
            .iter()
            .any(|s| !s.starts_with("standard") && !s.starts_with("seven"))
            as usize;
    }
    assert!(
        split > shard.share(SPLITS) / 10,
        "{}: {split} knitted splits",
        spec.name
    );
}

fn spec_has(spec: &Spec, i: usize) -> bool {
    match i {
        3 => spec.knitted,
        4 => spec.honors_knitted,
        5 => spec.greater_honors_knitted,
        _ => true,
    }
}

/// The `gb` preset, on `shard` of its samples.
fn preset_gb(shard: Shard) {
    run(
        &Rules::preset("gb").unwrap(),
        &Spec::preset("gb"),
        0x6b_0001,
        14,
        CHECKS,
        shard,
    );
}

#[test]
fn preset_gb_matches_oracle_shard_0_of_4() {
    preset_gb(Shard::of(0, 4));
}

#[test]
fn preset_gb_matches_oracle_shard_1_of_4() {
    preset_gb(Shard::of(1, 4));
}

#[test]
fn preset_gb_matches_oracle_shard_2_of_4() {
    preset_gb(Shard::of(2, 4));
}

#[test]
fn preset_gb_matches_oracle_shard_3_of_4() {
    preset_gb(Shard::of(3, 4));
}

/// `gb` with 5z a joker kind and no kind represented five times, on
/// `shard` of its samples.
fn gb_with_a_joker_kind_capped(shard: Shard) {
    let rules =
        Rules::from_toml_str("base = \"gb\"\njokers = \"5z\"\njoker_fifth_copy = false").unwrap();
    let spec = Spec {
        name: "gb, 5z jokers, capped".into(),
        joker_kinds: vec![31],
        cap: Some(4),
        ..Spec::preset("gb")
    };
    run(&rules, &spec, 0x6b_0002, 8, CHECKS / 4, shard);
}

#[test]
fn gb_with_a_joker_kind_capped_matches_oracle_shard_0_of_2() {
    gb_with_a_joker_kind_capped(Shard::of(0, 2));
}

#[test]
fn gb_with_a_joker_kind_capped_matches_oracle_shard_1_of_2() {
    gb_with_a_joker_kind_capped(Shard::of(1, 2));
}

/// A knitted straight beside a 2-5-8 pair and honour sequences, on
/// `shard` of its samples.
fn knitted_straight_under_pair_ranks_and_honour_sequences(shard: Shard) {
    // The meld and pair of a knitted straight follow the standard form's
    // rules: a 2-5-8 pair, honour sequences as melds; no plain 全不靠 here.
    let rules = Rules::from_toml_str(
        "base = \"gb\"\nforms = [\"standard\", \"knitted-straight\", \"greater-honors-and-knitted\"]\npair_ranks = [2, 5, 8]\nhonor_sequences = true",
    )
    .unwrap();
    let spec = Spec {
        name: "knitted straight, 258 pair, honour sequences".into(),
        forms: [true, false, false],
        pair_ranks: Some(1 << 1 | 1 << 4 | 1 << 7),
        honor_seq: true,
        honors_knitted: false,
        ..Spec::preset("gb")
    };
    run(&rules, &spec, 0x6b_0003, 6, CHECKS / 4, shard);
}

#[test]
fn knitted_straight_under_pair_ranks_and_honour_sequences_matches_oracle_shard_0_of_2() {
    knitted_straight_under_pair_ranks_and_honour_sequences(Shard::of(0, 2));
}

#[test]
fn knitted_straight_under_pair_ranks_and_honour_sequences_matches_oracle_shard_1_of_2() {
    knitted_straight_under_pair_ranks_and_honour_sequences(Shard::of(1, 2));
}

#[test]
fn knitted_cases_from_data_file() {
    let gb = Rules::preset("gb").unwrap();
    let mut cases = 0;
    for line in include_str!("data/knitted.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "malformed case line {line:?}");
        let (op, text, want, why) = (cols[0], cols[1], cols[2], cols[3]);
        let h = hand(text);
        let got = match op {
            "waits" => {
                let w = gb.waits(&h).unwrap();
                if w.is_empty() {
                    "no".to_string()
                } else {
                    w.iter()
                        .map(|t| t.to_string())
                        .collect::<Vec<_>>()
                        .join(" ")
                }
            }
            "split" => {
                let got: BTreeSet<String> = gb
                    .splits(&h)
                    .unwrap()
                    .iter()
                    .map(|s| s.to_string())
                    .collect();
                let want: BTreeSet<String> = if want == "none" {
                    BTreeSet::new()
                } else {
                    want.split(" | ").map(str::to_string).collect()
                };
                // The oracle agrees with the line as written.
                let oracle =
                    oracle::splits_spec(&Spec::preset("gb"), h.counts(), h.jokers() as u32);
                let sorted: BTreeSet<String> = want.iter().map(|s| sort_groups(s)).collect();
                assert_eq!(oracle, sorted, "the oracle on {text}: {why}");
                assert_eq!(got, want, "splits of {text}: {why}");
                cases += 1;
                continue;
            }
            "reveal" => gb.reveal(&h).unwrap().tiles.to_string(),
            other => panic!("unknown op {other}"),
        };
        assert_eq!(got, want, "{op} of {text}: {why}");
        cases += 1;
    }
    assert!(cases >= 15, "{cases} cases");
}

/// `form g1 g2 ...` with the groups sorted as strings (the oracle's form).
fn sort_groups(split: &str) -> String {
    let mut words = split.split(' ');
    let form = words.next().unwrap();
    let mut g: Vec<&str> = words.collect();
    g.sort();
    format!("{form} {}", g.join(" "))
}

#[test]
fn knitted_groups_print_and_parse_back() {
    let gb = Rules::preset("gb").unwrap();
    for text in [
        "147m258p369s111z55z",
        "147m28p369s123m55z*",
        "147m258p69s12345z*",
        "147m258p6s1234567z",
        "**************",
        "1m4m7m2p5p8p3s6s9s*****",
    ] {
        for split in gb.splits(&hand(text)).unwrap() {
            for g in &split.groups {
                let back: Group = g.to_string().parse().unwrap();
                assert_eq!(back, *g, "{g} in {split}");
                assert_eq!(back.to_string(), g.to_string());
            }
        }
    }
    let g: Group = "1*7m258p369s:147m258p369s".parse().unwrap();
    assert_eq!(g.kind(), GroupKind::Knitted);
    assert_eq!(g.joker_count(), 1);
    assert_eq!(g.tiles().unwrap().len(), 9);
    let g: Group = "147m258p69s12345*z:147m258p69s123456z".parse().unwrap();
    assert_eq!(g.kind(), GroupKind::HonorsAndKnitted);
    assert_eq!(g.naturals().len(), 13);
}

#[test]
fn knitted_group_parse_err_not_knitted() {
    for bad in [
        "147m258m369s",              // two classes in one suit
        "147m258p368s",              // 8s breaks 369
        "147m258p369s1z",            // ten tiles
        "147m258p69s1123456z",       // a duplicate honour
        "1*7m258p369s",              // a joker without its resolved tiles
        "147m258p369s:147m258p369s", // resolved tiles without a joker
        "1*7m258p369s:157m258p369s", // the natural 7m resolved as 5m
        "741m258p369s",              // not in index order
        "147m258p369sx",             // an unknown letter
    ] {
        let err = bad.parse::<Group>().unwrap_err();
        assert!(err.to_string().contains(&bad[..4]), "{bad}: {err}");
    }
}

#[test]
fn compile_err_knitted_forms_without_their_tiles() {
    // Two suits at most (sichuan's max_suits): neither knitted form can
    // win, and the reason names max_suits.
    let err = Rules::from_toml_str(
        "base = \"sichuan\"\nforms = [\"knitted-straight\", \"honors-and-knitted\"]",
    )
    .unwrap_err();
    let RulesError::NeverWins { why } = &err else {
        panic!("{err:?}");
    };
    assert!(
        why.contains(
            "knitted-straight: max_suits is below 3, and the form holds the three numbered suits"
        ),
        "{why}"
    );
    assert!(
        why.contains("honors-and-knitted: max_suits is below 3"),
        "{why}"
    );
    // A numbered suit out of play.
    let err = Rules::from_toml_str(
        "tiles = \"123456789m123456789p1234567z\"\nforms = [\"knitted-straight\"]",
    )
    .unwrap_err();
    assert!(
        err.to_string()
            .contains("knitted-straight: the three numbered suits are not all in play"),
        "{err}"
    );
    // Five honours are enough for 全不靠, not for 七星不靠.
    let err = Rules::from_toml_str(
        "tiles = \"123456789m123456789p123456789s12345z\"\nforms = [\"greater-honors-and-knitted\"]",
    )
    .unwrap_err();
    assert!(
        err.to_string().contains("some honour is out of play"),
        "{err}"
    );
    let five = Rules::from_toml_str(
        "tiles = \"123456789m123456789p123456789s12345z\"\nforms = [\"honors-and-knitted\"]",
    )
    .unwrap();
    assert!(five.is_win(&hand("147m258p369s12345z")).unwrap());
    assert!(five.is_win(&hand("147m258p69s1234z**")).unwrap()); // the 3s and the 5z
                                                                // Fewer than 14 tiles: no knitted form.
    let err = Rules::from_toml_str("max_tiles = 11\nforms = [\"knitted-straight\"]").unwrap_err();
    assert!(err.to_string().contains("below 14"), "{err}");
}

#[test]
fn gb_names_every_form_and_no_joker_kind() {
    let gb = Rules::preset("gb").unwrap();
    assert_eq!(gb.forms().iter().count(), 6);
    assert!(gb.joker_kinds().is_empty());
    assert!(gb.seven_pairs_quads());
    assert_eq!(gb.tiles().len(), 34);
    // The rule file written back names the forms as rule files do.
    let again = Rules::from_spec(&gb.to_spec()).unwrap();
    assert_eq!(again.forms(), gb.forms());
    // A chinese rule file may add the knitted forms.
    let mixed = Rules::from_toml_str("forms = [\"standard\", \"honors-and-knitted\"]").unwrap();
    assert!(mixed.is_win(&hand("147m258p69s12345z*")).unwrap());
    assert!(!Rules::chinese()
        .is_win(&hand("147m258p69s12345z*"))
        .unwrap());
}

#[test]
fn knitted_ready_hands_reveal_as_the_oracle_reads_them() {
    // A revealed knitted straight: the hidden part is whole groups and the
    // shown part plus the wait completes the rest.
    let gb = Rules::preset("gb").unwrap();
    let r = gb.reveal(&hand("147m258p369s1235m")).unwrap();
    assert_eq!(r.tiles.to_string(), "5m");
    assert_eq!(r.hidden_form, Some(Form::KnittedStraight));
    let r = gb.reveal(&hand("147m58p369s123m55z")).unwrap();
    assert_eq!(
        r.waits.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
        ["2p"]
    );
    // 123m and 55z can hide; the broken knitted straight is shown.
    assert_eq!(r.tiles.to_string(), "147m58p369s");
}

#[test]
fn gb_reveals_match_oracle() {
    // Ready GB hands (knitted ones among them) with up to two jokers: the
    // fewest tiles shown, against the oracle's exhaustive subset search.
    let gb = Rules::preset("gb").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(0x6b_0004);
    let n = if cfg!(debug_assertions) { 20 } else { 300 };
    let mut knitted = 0;
    let mut done = 0;
    while done < n {
        let raw = gen::knitted_mixed(&mut rng, 2, true);
        let h = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let waits: Vec<usize> = gb.waits(&h).unwrap().iter().map(|t| t.index()).collect();
        if waits.is_empty() {
            continue;
        }
        let got = gb.reveal(&h).unwrap();
        let mut list: Vec<u8> = got.tiles.to_ids();
        list.extend(std::iter::repeat_n(34u8, got.tiles.jokers() as usize));
        let want = oracle::reveal("gb", &raw.counts, raw.jokers as u32, &waits);
        assert_eq!(
            list,
            want,
            "gb: reveal of {} shows {}",
            raw.notation(),
            got.tiles
        );
        knitted += (got.hidden_form == Some(Form::KnittedStraight)) as usize;
        done += 1;
    }
    assert!(knitted > n / 20, "{knitted} knitted reveals of {n}");
}
