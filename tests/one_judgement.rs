//! Every operation judges a hand by the same rules: modified rules agree
//! across check, is_win, waits, splits, reveal and the live hand; rule
//! files keep their base's defaults; forms that cannot be won are not.

use crate::common;

use common::gen;
use hupai::{Form, Hand, HandError, LiveHand, Rules, RulesError, Tile};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const HANDS: usize = if cfg!(debug_assertions) { 300 } else { 3_000 };

fn tile(s: &str) -> Tile {
    s.parse().unwrap()
}

fn hand(s: &str) -> Hand {
    s.parse().unwrap()
}

/// `rules` judges every operation on `h` the same way as `twin` (the same
/// rules made another way), and consistently within itself.
fn agree(rules: &Rules, twin: &Rules, h: &Hand) {
    let n = h.len();
    if n % 3 == 2 {
        let forms = rules.check(h);
        assert_eq!(forms, twin.check(h), "check {h}");
        assert_eq!(
            rules.is_win(h),
            forms.clone().map(|f| !f.is_empty()),
            "is_win {h}"
        );
        assert_eq!(
            rules.is_win_counts(h.counts(), h.jokers()),
            rules.is_win(h),
            "{h}"
        );
        let splits = rules.splits(h).map(|s| s.len());
        assert_eq!(splits, twin.splits(h).map(|s| s.len()), "splits {h}");
        if let (Ok(f), Ok(s)) = (&forms, &splits) {
            assert_eq!(f.is_empty(), *s == 0, "a win splits: {h}");
        }
    } else if n % 3 == 1 {
        let waits = rules.waits(h);
        assert_eq!(waits, twin.waits(h), "waits {h}");
        assert_eq!(rules.waits_counts(h.counts(), h.jokers()), waits, "{h}");
        if let Ok(w) = waits {
            // Each wait makes a win, and no other tile in play does.
            for t in rules.tiles().iter() {
                let mut counts = *h.counts();
                counts[t.index()] += 1;
                let Ok(bigger) = Hand::from_counts(&counts, h.jokers()) else {
                    continue;
                };
                assert_eq!(rules.is_win(&bigger).unwrap(), w.contains(t), "{h} + {t}");
            }
            if let Ok(live) = LiveHand::from_hand(rules, h) {
                assert_eq!(live.waits(), w, "live waits {h}");
            }
        }
    }
}

#[test]
fn rules_without_a_tile_agree_across_operations() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0e_0001);
    for base in ["basic", "chinese", "riichi", "kawuxing"] {
        let rules = Rules::preset(base).unwrap();
        for removed in ["1z", "5z", "7z"] {
            let t = tile(removed);
            if !rules.tiles().contains(t) {
                continue;
            }
            let without = rules.without_tile(t).unwrap();
            assert!(!without.tiles().contains(t));
            let mut spec = rules.to_spec();
            spec.tiles = Some(rules.tiles().without(t).to_string());
            let twin = Rules::from_spec(&spec).unwrap();
            let in_play: Vec<bool> = (0..34)
                .map(|i| without.tiles().contains(Tile::from_index(i).unwrap()))
                .collect();
            let in_play: [bool; 34] = in_play.try_into().unwrap();
            for i in 0..HANDS {
                let raw = gen::mixed_in(&mut rng, &in_play, 14, false, 4, i % 2 == 0);
                let h = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
                agree(&without, &twin, &h);
            }
        }
    }
}

#[test]
fn a_removed_tile_is_refused_by_every_operation() {
    let rules = Rules::basic().without_tile(tile("7z")).unwrap();
    let refused = |e: HandError| {
        assert_eq!(
            e,
            HandError::TileNotInRules {
                tile: tile("7z"),
                rules: "basic without 7z".into()
            }
        )
    };
    let win = hand("123m456p789s11z777z");
    refused(rules.check(&win).unwrap_err());
    refused(rules.is_win(&win).unwrap_err());
    refused(rules.is_win_counts(win.counts(), 0).unwrap_err());
    refused(rules.splits(&win).unwrap_err());
    let ready = hand("123m456p789s1z777z");
    refused(rules.waits(&ready).unwrap_err());
    refused(rules.waits_counts(ready.counts(), 0).unwrap_err());
    refused(rules.is_ready(&ready).unwrap_err());
    refused(rules.reveal(&ready).unwrap_err());
    refused(LiveHand::from_hand(&rules, &ready).unwrap_err());
    // A numbered suit is in play whole or not at all; a joker kind stays in play.
    assert!(matches!(
        Rules::basic().without_tile(tile("5m")),
        Err(RulesError::PartialSuit {
            suit: 'm',
            kinds: 8
        })
    ));
    assert!(matches!(
        Rules::preset("hongzhong").unwrap().without_tile(tile("7z")),
        Err(RulesError::JokerNotInPlay { .. })
    ));
}

#[test]
fn a_rule_file_without_base_keeps_the_chinese_defaults() {
    let rules = Rules::from_toml_str(
        "tiles = \"123456789m123456789p123456789s1234567z\"\nforms = [\"standard\", \"seven-pairs\"]",
    )
    .unwrap();
    assert!(
        rules.seven_pairs_quads(),
        "chinese counts a quad as two pairs"
    );
    let forms = rules.check(&hand("11112233445566z")).unwrap();
    assert_eq!(forms.iter().collect::<Vec<_>>(), [Form::SevenPairs]);
    let chinese = Rules::chinese();
    let spec = rules.to_spec();
    assert_eq!(spec.seven_pairs_quads, chinese.to_spec().seven_pairs_quads);
}

#[test]
fn thirteen_orphans_needs_every_orphan_in_play() {
    let rules = Rules::from_toml_str(
        "tiles = \"123456789p123456789s1234567z\"\nforms = [\"standard\", \"seven-pairs\", \"thirteen-orphans\"]",
    )
    .unwrap();
    // Jokers would have to stand for 1m and 9m, which are not in play.
    let h = hand("19p19s1234567z***");
    assert!(!rules.check(&h).unwrap().contains(Form::ThirteenOrphans));
    assert!(rules
        .splits(&h)
        .unwrap()
        .iter()
        .all(|s| s.form != Form::ThirteenOrphans));
    assert!(!rules
        .waits(&hand("19p19s1234567z**"))
        .unwrap()
        .iter()
        .any(|t| t.suit() == hupai::Suit::Man));
    // With every orphan in play the same shape wins.
    assert!(Rules::chinese()
        .check(&h)
        .unwrap()
        .contains(Form::ThirteenOrphans));
}

#[test]
fn every_operation_answers_under_four_held_waits() {
    let rules = Rules::from_toml_str("base = \"basic\"\nfour_held_is_wait = true").unwrap();
    let h = hand("9999m123p");
    let waits = rules.waits(&h).unwrap();
    assert_eq!(waits.to_string(), "9m");
    let reveal = rules.reveal(&h).unwrap();
    assert_eq!(reveal.waits, waits);
    let live = LiveHand::from_hand(&rules, &h).unwrap();
    assert_eq!(live.waits(), waits);
    // Honour sequences with fifth copies: bounded, and agreeing with the
    // live hand.
    let honors = Rules::from_toml_str(
        "base = \"chinese\"\nhonor_sequences = true\nfour_held_is_wait = true",
    )
    .unwrap();
    for text in ["1111222z333444z", "7m122333344456z"] {
        let h = hand(text);
        let w = honors.waits(&h).unwrap();
        assert_eq!(
            LiveHand::from_hand(&honors, &h).unwrap().waits(),
            w,
            "{text}"
        );
    }
}

#[test]
fn acceptance_and_its_errors_agree_on_any_count_array() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x0e_0002);
    let presets: Vec<Rules> = hupai::Preset::ALL
        .iter()
        .map(|&p| Rules::from_preset(p))
        .collect();
    for _ in 0..20_000 {
        let mut counts = [0u8; 34];
        for _ in 0..rng.gen_range(0..20) {
            counts[rng.gen_range(0..34)] += rng.gen_range(1..=2);
        }
        let jokers = rng.gen_range(0..6);
        for rules in &presets {
            let hand = Hand::from_counts(&counts, jokers);
            let win = rules.is_win_counts(&counts, jokers);
            match &hand {
                Ok(h) => assert_eq!(win, rules.is_win(h), "{h}"),
                Err(_) => assert!(win.is_err()),
            }
            let waits = rules.waits_counts(&counts, jokers);
            if let Ok(h) = &hand {
                assert_eq!(waits, rules.waits(h), "{h}");
            }
        }
    }
}
