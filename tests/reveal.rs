//! Reveal against exhaustive subset search judged by backtracking, and
//! examples of the 卡五星 reveal rule (亮倒).

use crate::common;

use common::gen;
use common::oracle;
use hupai::{Form, Hand, HandError, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const HANDS: usize = if cfg!(debug_assertions) { 100 } else { 1_000 };

/// Compares the library's reveal of `raw` with the oracle's, as tile index
/// lists (jokers as 34); returns the library's answer.
fn assert_reveal_matches_oracle(
    name: &str,
    rules: &Rules,
    raw: &gen::Raw,
    waits: &[usize],
) -> hupai::Reveal {
    let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
    let got = rules.reveal(&hand).unwrap();
    let mut list: Vec<u8> = got.tiles.to_ids();
    list.extend(std::iter::repeat_n(34u8, got.tiles.jokers() as usize));
    let want = oracle::reveal(name, &raw.counts, raw.jokers as u32, waits);
    assert_eq!(
        list,
        want,
        "{name}: reveal of {} shows {}",
        raw.notation(),
        got.tiles
    );
    got
}

#[test]
fn reveal_kawuxing_rule_examples() {
    let rules = Rules::basic();
    for (hand, waits, shown) in [
        ("1234677p", "5p", "46p"),
        ("7888p", "6p 7p 9p", "7888p"),
        ("2245677p", "2p 7p", "2277p"),
        ("2233456p", "2p 3p", "2233p"),
    ] {
        let r = rules.reveal(&hand.parse().unwrap()).unwrap();
        let w: Vec<String> = r.waits.iter().map(|t| t.to_string()).collect();
        assert_eq!(w.join(" "), waits, "{hand}");
        assert_eq!(r.tiles.to_string(), shown, "{hand}");
    }
    let r = rules.reveal(&"1234677p".parse().unwrap()).unwrap();
    assert_eq!(r.hidden_form, Some(Form::Standard));
    let r = rules.reveal(&"7888p".parse().unwrap()).unwrap();
    assert_eq!(r.hidden_form, None);
}

#[test]
fn reveal_err_not_ready() {
    let e = Rules::basic()
        .reveal(&"1357m".parse().unwrap())
        .unwrap_err();
    assert_eq!(
        e,
        HandError::NotReady {
            hand: "1357m".into()
        }
    );
    assert_eq!(e.to_string(), "1357m is not ready: no tile completes it");
}

#[test]
fn reveal_is_minimal_by_exhaustive_search() {
    let presets = [
        ("basic", Rules::basic()),
        ("riichi", Rules::riichi()),
        ("chinese", Rules::chinese()),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0x7265_7665_616c);
    let mut checked = 0;
    let mut hidden_some = 0;
    while checked < HANDS {
        let size = [4, 7, 10, 13][rng.gen_range(0..4)];
        let jokers = [0, 0, 0, 1, 2][rng.gen_range(0..5)];
        let raw = gen::near_ready(&mut rng, size, jokers);
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let (name, rules) = &presets[checked % 3];
        let waits: Vec<usize> = rules
            .waits(&hand)
            .unwrap()
            .iter()
            .map(|t| t.index())
            .collect();
        if waits.is_empty() {
            assert!(matches!(
                rules.reveal(&hand),
                Err(HandError::NotReady { .. })
            ));
            continue;
        }
        let got = assert_reveal_matches_oracle(name, rules, &raw, &waits);
        hidden_some += (got.tiles.len() < hand.len()) as usize;
        checked += 1;
    }
    assert!(
        hidden_some > HANDS / 2,
        "only {hidden_some} hands hide anything"
    );
}

#[test]
fn reveal_seven_pairs_hands_with_jokers_are_minimal() {
    let presets = [("riichi", Rules::riichi()), ("chinese", Rules::chinese())];
    let mut rng = ChaCha8Rng::seed_from_u64(0x0037_7061_6972);
    let mut by_form = [0usize; 2];
    for i in 0..HANDS / 2 {
        let mut raw = gen::seven_pairs_win(&mut rng);
        let held: Vec<usize> = (0..34).filter(|&t| raw.counts[t] > 0).collect();
        raw.counts[held[rng.gen_range(0..held.len())]] -= 1;
        let k = rng.gen_range(0..=3);
        let raw = gen::jokerize(&mut rng, raw, k);
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let (name, rules) = &presets[i % 2];
        let waits: Vec<usize> = rules
            .waits(&hand)
            .unwrap()
            .iter()
            .map(|t| t.index())
            .collect();
        if waits.is_empty() {
            continue;
        }
        let got = assert_reveal_matches_oracle(name, rules, &raw, &waits);
        if got.hidden_form == Some(Form::SevenPairs) {
            by_form[1] += 1;
        } else {
            by_form[0] += 1;
        }
    }
    assert!(
        by_form[1] > HANDS / 10,
        "few seven-pairs reveals: {by_form:?}"
    );
}
