//! Whole hands against the whole-hand backtracking oracle: every size 3N+2
//! up to 14, 0–14 jokers, all three presets. One million hands in a release
//! test run (the README's test command); fewer in a debug build, where the
//! oracle is slow.

use crate::common;

use common::gen::{self, Raw};
use common::oracle;
use common::shard::Shard;
use hupai::{Form, Hand, Rules};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const HANDS: usize = if cfg!(debug_assertions) {
    20_000
} else {
    1_000_000
};

fn compare(raw: &Raw, presets: &[(&str, Rules)]) -> [usize; 2] {
    let hand = Hand::from_counts(&raw.counts, raw.jokers).expect("generated hands are valid");
    let mut wins = [0usize; 2];
    for (name, rules) in presets {
        let want = oracle::forms(name, &raw.counts, raw.jokers as u32);
        let forms = rules.check(&hand).expect("3N+2 hands of at most 14 tiles");
        let got = [
            forms.contains(Form::Standard),
            forms.contains(Form::SevenPairs),
            forms.contains(Form::ThirteenOrphans),
        ];
        assert_eq!(
            got,
            want,
            "{name}: {} (standard, seven pairs, orphans)",
            raw.notation()
        );
        assert_eq!(rules.is_win(&hand).unwrap(), want.iter().any(|&w| w));
        assert_eq!(
            rules.is_win_counts(&raw.counts, raw.jokers).unwrap(),
            want.iter().any(|&w| w)
        );
        wins[want.iter().any(|&w| w) as usize] += 1;
    }
    wins
}

/// The hands of `shard` of the sample against the oracle under every
/// preset: every hand of the sample is drawn, the shard's are compared.
/// The counts asked of the sample are the shard's: wins and non-wins each
/// above a fifth of its hands, every joker count among them.
fn random_hands_match_oracle(shard: Shard) {
    let presets = [
        ("basic", Rules::basic()),
        ("riichi", Rules::riichi()),
        ("chinese", Rules::chinese()),
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0x6875_7061_6921);
    let mut totals = [0usize; 2];
    let mut by_jokers = [0usize; 15];
    for i in 0..HANDS {
        let raw = gen::mixed(&mut rng);
        if !shard.has(i) {
            continue;
        }
        by_jokers[raw.jokers as usize] += 1;
        let [no, yes] = compare(&raw, &presets);
        totals[0] += no;
        totals[1] += yes;
    }
    // The shard must exercise both answers and every joker count.
    let hands = shard.share(HANDS);
    assert!(
        totals[1] > hands / 5,
        "too few wins in shard {shard:?}: {totals:?}"
    );
    assert!(
        totals[0] > hands / 5,
        "too few non-wins in shard {shard:?}: {totals:?}"
    );
    assert!(
        by_jokers.iter().all(|&n| n > 0),
        "joker counts not all sampled in shard {shard:?}: {by_jokers:?}"
    );
}

#[test]
fn random_hands_match_oracle_under_every_preset_shard_0_of_2() {
    random_hands_match_oracle(Shard::of(0, 2));
}

#[test]
fn random_hands_match_oracle_under_every_preset_shard_1_of_2() {
    random_hands_match_oracle(Shard::of(1, 2));
}

#[test]
fn jokers_replacing_tiles_of_a_win_keep_it_a_win() {
    let rules = Rules::basic();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..HANDS / 10 {
        let win = gen::standard_win(&mut rng, 14);
        for k in 0..=14 {
            let raw = gen::jokerize(&mut rng, win, k);
            let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
            assert!(rules.is_win(&hand).unwrap(), "{}", raw.notation());
        }
    }
}
