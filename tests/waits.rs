//! Waits against brute force (34 oracle win checks per hand), and the seed rows.

use crate::common;

use common::gen;
use common::oracle;
use common::shard::Shard;
use hupai::{Hand, HandError, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const HANDS: usize = if cfg!(debug_assertions) {
    5_000
} else {
    100_000
};

/// Waits and readiness of the hands of `shard` of the sample against the
/// oracle's: every hand of the sample is drawn, the shard's are checked.
fn waits_match_brute_force(shard: Shard) {
    let presets = [
        ("basic", Rules::basic()),
        ("riichi", Rules::riichi()),
        ("chinese", Rules::chinese()),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0x7761_6974);
    let mut ready = 0;
    for i in 0..HANDS {
        let size = [1, 4, 7, 10, 13][rng.gen_range(0..5)];
        let jokers = rng.gen_range(0..=8);
        let raw = gen::near_ready(&mut rng, size, jokers);
        if !shard.has(i) {
            continue;
        }
        let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
        let (name, rules) = &presets[i % 3];
        let want = oracle::waits(name, &raw.counts, raw.jokers as u32);
        let got: Vec<usize> = rules
            .waits(&hand)
            .unwrap()
            .iter()
            .map(|t| t.index())
            .collect();
        assert_eq!(got, want, "{name}: waits of {}", raw.notation());
        assert_eq!(
            rules.is_ready(&hand).unwrap(),
            !want.is_empty(),
            "{name}: {}",
            raw.notation()
        );
        ready += !want.is_empty() as usize;
    }
    let hands = shard.share(HANDS);
    assert!(
        ready > hands / 3 && ready < hands,
        "shard {shard:?} has {ready} ready hands of {hands}"
    );
}

#[test]
fn waits_match_brute_force_on_random_ready_hands_shard_0_of_2() {
    waits_match_brute_force(Shard::of(0, 2));
}

#[test]
fn waits_match_brute_force_on_random_ready_hands_shard_1_of_2() {
    waits_match_brute_force(Shard::of(1, 2));
}

#[test]
fn waits_err_wrong_size() {
    let e = Rules::basic().waits(&"123m".parse().unwrap()).unwrap_err();
    assert_eq!(
        e,
        HandError::WrongSize {
            tiles: 3,
            expected: "3N+1 to wait (1, 4, 7, 10 or 13)".into()
        }
    );
    let e = Rules::basic()
        .waits(&"1111222233334m*".parse().unwrap())
        .unwrap_err();
    assert_eq!(e, HandError::TooManyTiles { tiles: 14, max: 13 });
}

#[test]
fn waits_never_a_tile_held_four_times() {
    let waits = Rules::riichi()
        .waits(&"123456789m1111p".parse().unwrap())
        .unwrap();
    assert!(waits.is_empty(), "{waits:?}");
    // A fifth 1m would complete 1111m234p (111m 11m 234p): a joker may
    // stand for it, but 1m itself cannot be drawn, so the hand has no wait.
    let hand: Hand = "1111m234p".parse().unwrap();
    assert!(Rules::basic().waits(&hand).unwrap().is_empty());
    assert!(Rules::basic()
        .is_win(&"1111m234p*".parse().unwrap())
        .unwrap());
}
