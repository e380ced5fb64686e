//! Every per-suit pattern of the compiled-in tables against the backtracking
//! oracle, and the key against its definition.

use crate::common;

use common::oracle;
use common::shard::Shard;
use hupai::tables::key::{counts_of, honor_key, key_of, suit_key, HONOR_SLOTS, SUIT_SLOTS};
use hupai::tables::{Need, TableParams, Tables};
use hupai::Rules;

/// "No completion" (see `hupai::tables`).
const NEED_NONE: u8 = 15;

/// Needs at or above 15 are stored as 15 ("none").
fn saturate(need: Option<u32>) -> u8 {
    need.map_or(NEED_NONE, |n| n.min(NEED_NONE as u32) as u8)
}

/// Compares the slots of one table, through the library's accessor, with
/// the oracle: the patterns of at most 14 tiles are numbered in key order
/// and `shard`'s are compared; returns how many. Every slot's key and every
/// pattern over 14 tiles (which must hold "none" for both needs) is checked
/// in every shard.
fn check_all(
    shard: Shard,
    ranks: usize,
    sequences: bool,
    slots: usize,
    lookup: impl Fn(&[u8]) -> (u8, u8),
) -> usize {
    let mut counts = vec![0u8; ranks];
    let mut checked = 0;
    let mut pattern = 0;
    for key in 0..slots {
        counts_of(key, &mut counts);
        assert_eq!(key_of(&counts), key, "key is not a bijection at {counts:?}");
        let fast = match ranks {
            9 => suit_key(counts.as_slice().try_into().unwrap()),
            _ => honor_key(counts.as_slice().try_into().unwrap()),
        };
        assert_eq!(fast, key, "the word-at-a-time key disagrees at {counts:?}");
        let tiles: u32 = counts.iter().map(|&c| c as u32).sum();
        let got = lookup(&counts);
        if tiles > 14 {
            assert_eq!(
                got,
                (NEED_NONE, NEED_NONE),
                "pattern {counts:?} of {tiles} tiles"
            );
            continue;
        }
        let i = pattern;
        pattern += 1;
        if !shard.has(i) {
            continue;
        }
        let melds = saturate(oracle::suit_need(&counts, sequences, false, None, 14));
        let pair = saturate(oracle::suit_need(&counts, sequences, true, None, 14));
        assert_eq!(
            got,
            (melds, pair),
            "pattern {counts:?}: table (melds, pair) vs oracle"
        );
        checked += 1;
    }
    checked
}

/// The numbered-suit patterns of `shard` (405,350 patterns of at most 14
/// tiles in all).
fn numbered_suit_patterns_match_oracle(shard: Shard) {
    let rules = Rules::basic();
    let tables = rules.tables();
    let checked = check_all(shard, 9, true, SUIT_SLOTS, |c| {
        let n = tables.suit(c.try_into().unwrap());
        (n.melds(), n.with_pair())
    });
    assert_eq!(checked, shard.share(405_350));
}

#[test]
fn every_numbered_suit_pattern_matches_oracle_shard_0_of_2() {
    numbered_suit_patterns_match_oracle(Shard::of(0, 2));
}

#[test]
fn every_numbered_suit_pattern_matches_oracle_shard_1_of_2() {
    numbered_suit_patterns_match_oracle(Shard::of(1, 2));
}

#[test]
fn every_honor_pattern_matches_oracle() {
    let rules = Rules::basic();
    let tables = rules.tables();
    let checked = check_all(Shard::ALL, 7, false, HONOR_SLOTS, |c| {
        let n = tables.honor(c.try_into().unwrap());
        (n.melds(), n.with_pair())
    });
    assert_eq!(checked, 43_130);
}

#[test]
fn runtime_generator_reproduces_builtin_tables() {
    let builtin = Tables::builtin();
    let generated = Tables::generate(&TableParams::DEFAULT);
    assert_eq!(generated.raw(), builtin.raw());
    assert_eq!(Need::NONE.melds(), NEED_NONE);
    assert_eq!(Need::NONE.with_pair(), NEED_NONE);
}

#[test]
fn greedy_joker_count_counterexample_66789_needs_one_joker() {
    // The greedy joker count says 4 jokers; one completes 66789 (6 + * as a pair, 789).
    let n = Rules::basic().tables().suit(&[0, 0, 0, 0, 0, 2, 1, 1, 1]);
    assert_eq!(n.with_pair(), 0);
    let n = Rules::basic().tables().suit(&[0, 0, 0, 0, 0, 1, 1, 1, 1]);
    assert_eq!(n.melds(), 2, "6789: 6 with two jokers, or 678 + 9**");
    assert_eq!(n.with_pair(), 1, "6789: 6* pair + 789");
}
