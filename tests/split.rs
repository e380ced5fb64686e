//! Splits against an independent whole-hand enumeration.

use crate::common;

use std::collections::BTreeSet;

use common::gen;
use common::oracle;
use hupai::{Hand, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const HANDS: usize = if cfg!(debug_assertions) {
    1_000
} else {
    10_000
};

fn as_text(rules: &Rules, hand: &Hand) -> BTreeSet<String> {
    let (text, once) = common::split_text(rules, hand);
    assert!(once, "a split is listed twice for {hand}");
    text
}

#[test]
fn splits_match_independent_enumeration_on_winning_hands() {
    let presets = [
        ("basic", Rules::basic()),
        ("riichi", Rules::riichi()),
        ("chinese", Rules::chinese()),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0x0057_9117);
    let mut wins = 0;
    let mut total_splits = 0;
    for i in 0..HANDS {
        let size = [2, 5, 8, 11, 14][rng.gen_range(0..5)];
        let jokers = rng.gen_range(0..=8).min(size);
        let base = match i % 8 {
            0 if size == 14 => gen::seven_pairs_win(&mut rng),
            1 if size == 14 => gen::orphans_win(&mut rng),
            _ => gen::standard_win(&mut rng, size),
        };
        let raw = gen::jokerize(&mut rng, base, jokers);
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let (name, rules) = &presets[i % 3];
        let want = oracle::splits(name, &raw.counts, raw.jokers as u32);
        let got = as_text(rules, &hand);
        assert_eq!(got, want, "{name}: splits of {}", raw.notation());
        // Every win has a split; every split re-assembles into the hand.
        assert_eq!(
            rules.is_win(&hand).unwrap(),
            !got.is_empty(),
            "{name}: {}",
            raw.notation()
        );
        for split in rules.splits(&hand).unwrap() {
            assert_eq!(
                common::split_tiles(&split),
                (*hand.counts(), hand.jokers()),
                "{split}"
            );
        }
        wins += !got.is_empty() as usize;
        total_splits += got.len();
    }
    assert!(wins > HANDS * 9 / 10, "{wins} wins of {HANDS}");
    assert!(
        total_splits > wins,
        "some hands must split more than one way"
    );
}

#[test]
fn split_cases() {
    let cases: &[(&str, &str, &[&str])] = &[
        (
            "basic",
            "1111m*",
            &["standard 111m 1*m:11m", "standard 11*m:111m 11m"],
        ),
        ("basic", "11m", &["standard 11m"]),
        ("basic", "*****", &["standard *** **"]),
        ("basic", "1m5p9s**", &[]),
        (
            "basic",
            "1m****",
            &[
                "standard 1**m:123m **",
                "standard 1**m:111m **",
                "standard *** 1*m:11m",
            ],
        ),
        (
            "chinese",
            "19m19p19s12345677z",
            &["thirteen-orphans 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z 77z"],
        ),
        (
            "riichi",
            "1122m3344p5566s7z*",
            &["seven-pairs 11m 22m 33p 44p 55s 66s 7*z:77z"],
        ),
    ];
    for (rules, hand, want) in cases {
        let rules = Rules::preset(rules).unwrap();
        let hand: Hand = hand.parse().unwrap();
        let got: Vec<String> = match rules.splits(&hand) {
            Ok(s) => s.iter().map(|s| s.to_string()).collect(),
            Err(_) => vec![],
        };
        assert_eq!(got, *want, "{hand}");
    }
}

#[test]
fn split_orphans_with_jokers_lists_every_pair() {
    // Twelve orphans and two jokers: one joker is the 7z, the other pairs
    // with any of the thirteen (both jokers as 77z included). Splits are
    // ordered by their group lists: a single before a pair of the same
    // tile, so the split whose pair is 77z comes first, 11m's last.
    let hand: Hand = "19m19p19s123456z**".parse().unwrap();
    let splits = Rules::chinese().splits(&hand).unwrap();
    assert_eq!(splits.len(), 13);
    assert_eq!(
        splits[0].to_string(),
        "thirteen-orphans 1m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z **z:77z"
    );
    assert_eq!(
        splits[12].to_string(),
        "thirteen-orphans 1*m:11m 9m 1p 9p 1s 9s 1z 2z 3z 4z 5z 6z *z:7z"
    );
    assert!(splits
        .iter()
        .all(|s| s.to_string().contains("*z:7z") || s.to_string().contains("**z:77z")));
}
