//! Every per-suit pattern of the tables that rule variants regenerate,
//! against the oracles: the backtracking search (pair ranks, capped jokers,
//! 17-tile hands) and, for honour sequences, the enumeration of complete
//! patterns.

use crate::common;

use common::oracle;
use common::shard::Shard;
use hupai::tables::key::{counts_of, HONOR_SLOTS, SUIT_SLOTS};
use hupai::tables::{TableParams, Tables};

/// "No completion": the value both needs hold for a pattern that cannot be
/// completed (see `hupai::tables`).
const NEED_NONE: u8 = 15;

/// The numbered-suit table of `params`, slot by slot as (melds, with pair),
/// read through the library's typed accessor.
fn suit_table(params: &TableParams) -> Vec<(u8, u8)> {
    let tables = Tables::generate(params);
    let mut counts = [0u8; 9];
    (0..SUIT_SLOTS)
        .map(|key| {
            counts_of(key, &mut counts);
            let n = tables.suit(&counts);
            (n.melds(), n.with_pair())
        })
        .collect()
}

/// The honour table of `params`, as [`suit_table`] reads it.
fn honor_table(params: &TableParams) -> Vec<(u8, u8)> {
    let tables = Tables::generate(params);
    let mut counts = [0u8; 7];
    (0..HONOR_SLOTS)
        .map(|key| {
            counts_of(key, &mut counts);
            let n = tables.honor(&counts);
            (n.melds(), n.with_pair())
        })
        .collect()
}

fn saturate(need: Option<u32>) -> u8 {
    need.map_or(NEED_NONE, |n| n.min(NEED_NONE as u32) as u8)
}

fn unpack(v: (u8, u8)) -> (u8, u8) {
    v
}

/// Compares a numbered-suit table with the backtracking oracle: the
/// patterns within the hand's size are numbered in key order and `shard`'s
/// are compared; returns how many. Every slot over the hand's size (which
/// must hold "none") is checked in every shard.
fn check_suit(params: TableParams, shard: Shard) -> usize {
    let table = suit_table(&params);
    assert_eq!(table.len(), SUIT_SLOTS);
    let cap = (!params.joker_fifth_copy).then_some(4);
    let mut counts = [0u8; 9];
    let mut checked = 0;
    let mut pattern = 0;
    for (key, &v) in table.iter().enumerate() {
        counts_of(key, &mut counts);
        let tiles: u32 = counts.iter().map(|&c| c as u32).sum();
        if tiles > params.max_tiles as u32 {
            assert_eq!(unpack(v), (NEED_NONE, NEED_NONE));
            continue;
        }
        let i = pattern;
        pattern += 1;
        if !shard.has(i) {
            continue;
        }
        let melds = oracle::suit_need_ranks(&counts, true, false, cap, 14, params.suit_pair_ranks);
        let pair = oracle::suit_need_ranks(&counts, true, true, cap, 14, params.suit_pair_ranks);
        assert_eq!(
            unpack(v),
            (saturate(melds), saturate(pair)),
            "{params:?}: {counts:?}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn suit_table_pair_258_matches_oracle() {
    // Ranks 2, 5, 8 are bits 1, 4, 7.
    let params = TableParams {
        suit_pair_ranks: 1 << 1 | 1 << 4 | 1 << 7,
        honor_pair: false,
        ..TableParams::DEFAULT
    };
    assert_eq!(check_suit(params, Shard::ALL), 405_350);
}

#[test]
fn suit_table_capped_jokers_matches_oracle() {
    let params = TableParams {
        joker_fifth_copy: false,
        ..TableParams::DEFAULT
    };
    assert_eq!(check_suit(params, Shard::ALL), 405_350);
}

/// The 17-tile suit table's patterns of `shard` (886,400 patterns of at
/// most 17 tiles in all).
fn suit_table_17_tiles(shard: Shard) {
    let params = TableParams {
        max_tiles: 17,
        ..TableParams::DEFAULT
    };
    assert_eq!(check_suit(params, shard), shard.share(886_400));
}

#[test]
fn suit_table_17_tiles_matches_oracle_shard_0_of_2() {
    suit_table_17_tiles(Shard::of(0, 2));
}

#[test]
fn suit_table_17_tiles_matches_oracle_shard_1_of_2() {
    suit_table_17_tiles(Shard::of(1, 2));
}

/// Compares an honour table with an oracle giving (melds, pair) per key.
/// A need that would take the suit past the hand's size can never be met,
/// so both sides map such needs to "none" before comparing.
fn check_honor(params: TableParams, want: impl Fn(&[u8; 7], usize) -> (u8, u8)) -> usize {
    let table = honor_table(&params);
    assert_eq!(table.len(), HONOR_SLOTS);
    let mut counts = [0u8; 7];
    let mut checked = 0;
    for (key, &v) in table.iter().enumerate() {
        counts_of(key, &mut counts);
        let tiles: u32 = counts.iter().map(|&c| c as u32).sum();
        if tiles > params.max_tiles as u32 {
            assert_eq!(unpack(v), (NEED_NONE, NEED_NONE));
            continue;
        }
        let fit = |n: u8| {
            if tiles + n as u32 > params.max_tiles as u32 {
                NEED_NONE
            } else {
                n
            }
        };
        let (m, p) = unpack(v);
        let (wm, wp) = want(&counts, key);
        assert_eq!(
            (fit(m), fit(p)),
            (fit(wm), fit(wp)),
            "{params:?}: {counts:?}"
        );
        checked += 1;
    }
    checked
}

#[test]
fn honor_table_capped_jokers_matches_oracle() {
    for honor_pair in [true, false] {
        let params = TableParams {
            joker_fifth_copy: false,
            honor_pair,
            ..TableParams::DEFAULT
        };
        let pair_ranks = if honor_pair { 0x7f } else { 0 };
        let n = check_honor(params, |c, _| {
            (
                saturate(oracle::suit_need_ranks(
                    c,
                    false,
                    false,
                    Some(4),
                    14,
                    pair_ranks,
                )),
                saturate(oracle::suit_need_ranks(
                    c,
                    false,
                    true,
                    Some(4),
                    14,
                    pair_ranks,
                )),
            )
        });
        assert_eq!(n, 43_130);
    }
}

#[test]
fn honor_sequence_tables_match_enumeration_of_complete_patterns() {
    for (fifth, honor_pair, max_tiles) in [
        (true, true, 14),
        (false, true, 14),
        (true, false, 14),
        (true, true, 17),
        (false, true, 17),
    ] {
        let params = TableParams {
            joker_fifth_copy: fifth,
            honor_pair,
            honor_sequences: true,
            max_tiles,
            ..TableParams::DEFAULT
        };
        let cap = (!fifth).then_some(4);
        let needs = oracle::honor_sequence_needs(max_tiles as u32, cap, honor_pair);
        let n = check_honor(params, |c, key| {
            let tiles: u32 = c.iter().map(|&n| n as u32).sum();
            // Needs beyond the hand's size cannot be met: stored as none.
            let sat = |n: u32| {
                if n == u32::MAX || tiles + n > max_tiles as u32 {
                    NEED_NONE
                } else {
                    n.min(15) as u8
                }
            };
            (sat(needs[key][0]), sat(needs[key][1]))
        });
        assert_eq!(n, if max_tiles == 14 { 43_130 } else { 64_200 });
    }
}

/// The waits' pruning bound (`src/form/standard.rs`): one more tile in a suit lowers
/// each need by at most one, and a need of 0 can only rise (to 2 or more).
/// Checked on every slot, every rank with room for a copy, of every
/// parameter set the presets use and the variants tested above.
#[test]
fn one_more_tile_lowers_a_need_by_at_most_one() {
    let lowest = |n: u8| if n == 0 { 2 } else { n - 1 };
    let param_sets = [
        TableParams::DEFAULT,
        TableParams {
            suit_pair_ranks: 1 << 1 | 1 << 4 | 1 << 7,
            honor_pair: false,
            ..TableParams::DEFAULT
        },
        TableParams {
            joker_fifth_copy: false,
            ..TableParams::DEFAULT
        },
        TableParams {
            max_tiles: 17,
            ..TableParams::DEFAULT
        },
        TableParams {
            honor_sequences: true,
            ..TableParams::DEFAULT
        },
        TableParams {
            honor_sequences: true,
            joker_fifth_copy: false,
            max_tiles: 17,
            ..TableParams::DEFAULT
        },
    ];
    for params in param_sets {
        for (table, ranks) in [(suit_table(&params), 9), (honor_table(&params), 7)] {
            let mut counts = vec![0u8; ranks];
            let mut checked = 0usize;
            for (key, &v) in table.iter().enumerate() {
                counts_of(key, &mut counts);
                let (m, p) = unpack(v);
                for r in 0..ranks {
                    if counts[r] == 4 {
                        continue;
                    }
                    let (m2, p2) = unpack(table[key + 5usize.pow(r as u32)]);
                    assert!(
                        m2 >= lowest(m),
                        "{params:?}: {counts:?} + rank {r}: {m} -> {m2}"
                    );
                    assert!(
                        p2 >= lowest(p),
                        "{params:?}: {counts:?} + rank {r}: {p} -> {p2}"
                    );
                    checked += 1;
                }
            }
            assert!(checked > table.len());
        }
    }
}
