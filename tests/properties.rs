//! Invariants as property tests, on hands drawn by proptest: symmetries of
//! the tiles, the notation, and the relations between check, waits, splits
//! and jokers.

use crate::common;

use hupai::{Hand, Rules, Tile};
use proptest::prelude::*;

/// A hand of `size` tiles with up to `max_jokers` jokers: tiles from a
/// full wall, so never more than four copies.
fn hand_of(size: usize, max_jokers: usize) -> impl Strategy<Value = Hand> {
    (
        0..=max_jokers.min(size),
        proptest::sample::subsequence((0..136u8).collect::<Vec<_>>(), size),
    )
        .prop_map(move |(jokers, wall)| {
            let ids: Vec<u8> = wall.iter().take(size - jokers).map(|&w| w / 4).collect();
            Hand::from_ids(&ids, jokers as u8).expect("at most four copies")
        })
}

/// A standard-form win of 14 tiles built from melds, with some tiles turned
/// into jokers: far more wins than random draws give.
fn winning_hand() -> impl Strategy<Value = Hand> {
    (
        0..34usize,
        proptest::collection::vec((any::<bool>(), 0..34usize), 4),
        0..=6usize,
        any::<u64>(),
    )
        .prop_filter_map("more than four copies", |(pair, melds, jokers, pick)| {
            let mut counts = [0u8; 34];
            counts[pair] += 2;
            for (sequence, t) in melds {
                if sequence && t < 27 && t % 9 < 7 {
                    for c in &mut counts[t..t + 3] {
                        *c += 1;
                    }
                } else {
                    counts[t] += 3;
                }
            }
            // Turn `jokers` tiles into jokers, walking the kinds from a
            // seeded start (the hand holds 14 tiles, so the walk ends).
            let mut j = 0;
            let mut t = (pick % 34) as usize;
            while j < jokers {
                if counts[t] > 0 {
                    counts[t] -= 1;
                    j += 1;
                }
                t = (t + 1) % 34;
            }
            Hand::from_counts(&counts, j as u8).ok()
        })
}

/// The hand with suits renamed by `perm` (m p s -> perm) and, if `reverse`,
/// ranks 1..9 read as 9..1.
fn transform(hand: &Hand, perm: [usize; 3], reverse: bool) -> Hand {
    let mut counts = [0u8; 34];
    for t in Tile::all() {
        let i = t.index();
        let j = if i >= 27 {
            i
        } else {
            let rank = i % 9;
            perm[i / 9] * 9 + if reverse { 8 - rank } else { rank }
        };
        counts[j] = hand.counts()[i];
    }
    Hand::from_counts(&counts, hand.jokers()).unwrap()
}

fn map_tile(i: usize, perm: [usize; 3], reverse: bool) -> usize {
    if i >= 27 {
        i
    } else {
        perm[i / 9] * 9 + if reverse { 8 - i % 9 } else { i % 9 }
    }
}

const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

fn presets() -> [Rules; 3] {
    [Rules::basic(), Rules::riichi(), Rules::chinese()]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(debug_assertions) { 100 } else { 1_000 }, ..ProptestConfig::default() })]

    #[test]
    fn renaming_suits_and_reversing_ranks_keeps_the_answer(
        hand in prop_oneof![hand_of(14, 6), winning_hand()],
        perm in 0..6usize,
        reverse in any::<bool>(),
    ) {
        for rules in presets() {
            let moved = transform(&hand, PERMS[perm], reverse);
            prop_assert_eq!(rules.check(&hand).unwrap(), rules.check(&moved).unwrap(), "{} vs {}", hand, moved);
        }
    }

    #[test]
    fn renaming_suits_and_reversing_ranks_moves_the_waits(
        hand in hand_of(13, 4),
        perm in 0..6usize,
        reverse in any::<bool>(),
    ) {
        let rules = Rules::chinese();
        let moved = transform(&hand, PERMS[perm], reverse);
        let mut want: Vec<usize> = rules.waits(&hand).unwrap().iter().map(|t| map_tile(t.index(), PERMS[perm], reverse)).collect();
        want.sort();
        let got: Vec<usize> = rules.waits(&moved).unwrap().iter().map(|t| t.index()).collect();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn tile_order_in_the_notation_does_not_matter(hand in hand_of(14, 3), seed in any::<u64>()) {
        let mut tiles: Vec<String> = hand.tiles().map(|t| t.to_string()).collect();
        tiles.extend((0..hand.jokers()).map(|_| "*".to_string()));
        // A seeded shuffle, one tile at a time (4m5m*6m...).
        let mut s = seed;
        for i in (1..tiles.len()).rev() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            tiles.swap(i, (s >> 33) as usize % (i + 1));
        }
        let parsed: Hand = tiles.concat().parse().unwrap();
        prop_assert_eq!(parsed, hand);
    }

    #[test]
    fn ready_exactly_when_waits_exist_and_every_wait_wins(hand in hand_of(13, 4)) {
        for rules in presets() {
            let waits = rules.waits(&hand).unwrap();
            prop_assert_eq!(rules.is_ready(&hand).unwrap(), !waits.is_empty());
            for w in waits.iter() {
                let mut counts = *hand.counts();
                counts[w.index()] += 1;
                prop_assert!(rules.is_win_counts(&counts, hand.jokers()).unwrap(), "{} + {}", hand, w);
            }
        }
    }

    #[test]
    fn a_joker_completes_every_ready_hand(hand in hand_of(13, 4)) {
        for rules in presets() {
            if rules.is_ready(&hand).unwrap() {
                let with = Hand::from_counts(hand.counts(), hand.jokers() + 1).unwrap();
                prop_assert!(rules.is_win(&with).unwrap(), "{}*", hand);
            }
        }
    }

    #[test]
    fn a_joker_in_place_of_any_tile_keeps_a_win(hand in winning_hand()) {
        let rules = Rules::basic();
        prop_assume!(rules.is_win(&hand).unwrap());
        for t in hand.tiles() {
            let mut counts = *hand.counts();
            counts[t.index()] -= 1;
            prop_assert!(rules.is_win_counts(&counts, hand.jokers() + 1).unwrap(), "{} with {} as *", hand, t);
        }
    }

    #[test]
    fn every_split_reassembles_and_every_win_splits(hand in prop_oneof![winning_hand(), hand_of(14, 3)]) {
        for rules in presets() {
            let win = rules.is_win(&hand).unwrap();
            let splits = rules.splits(&hand).unwrap();
            prop_assert_eq!(win, !splits.is_empty());
            for split in splits {
                prop_assert_eq!(common::split_tiles(&split), (*hand.counts(), hand.jokers()));
            }
        }
    }

    #[test]
    fn any_count_array_gives_an_answer_or_a_typed_error(counts in proptest::array::uniform32(any::<u8>()), z in any::<[u8; 2]>(), jokers in any::<u8>()) {
        let mut all = [0u8; 34];
        all[..32].copy_from_slice(&counts);
        all[32..].copy_from_slice(&z);
        for rules in presets() {
            let _ = rules.is_win_counts(&all, jokers);
            if let Ok(hand) = Hand::from_counts(&all, jokers) {
                let _ = rules.check(&hand);
                let _ = rules.waits(&hand);
            }
        }
    }

    #[test]
    fn shanten_is_minus_one_exactly_for_a_win_and_zero_exactly_when_ready(
        win in prop_oneof![hand_of(14, 6), winning_hand()],
        ready in hand_of(13, 4),
    ) {
        for rules in presets() {
            prop_assert_eq!(rules.shanten(&win).unwrap() == -1, rules.is_win(&win).unwrap(), "{}", win);
            prop_assert_eq!(rules.shanten(&ready).unwrap() == 0, rules.is_ready(&ready).unwrap(), "{}", ready);
        }
    }

    #[test]
    fn one_draw_moves_the_shanten_by_at_most_one_and_the_effective_tiles_are_those_that_lower_it(
        hand in hand_of(13, 3),
    ) {
        let rules = Rules::chinese();
        let s = rules.shanten(&hand).unwrap();
        let hupai::Efficiency::Draw(draws) = rules.efficiency(&hand, &[0; 34]).unwrap() else {
            panic!("13 tiles: draws");
        };
        for t in Tile::all() {
            if hand.count(t) == 4 {
                continue;
            }
            let mut counts = *hand.counts();
            counts[t.index()] += 1;
            let after = rules.shanten_counts(&counts, hand.jokers()).unwrap();
            prop_assert!(after == s || after == s - 1, "{} + {}", hand, t);
            prop_assert_eq!(draws.tiles.iter().any(|e| e.tile == t), after < s, "{} + {}", hand, t);
        }
    }

    #[test]
    fn renaming_suits_and_reversing_ranks_keeps_the_shanten(
        hand in prop_oneof![hand_of(14, 6), hand_of(13, 6), winning_hand()],
        perm in 0..6usize,
        reverse in any::<bool>(),
    ) {
        for rules in presets() {
            let moved = transform(&hand, PERMS[perm], reverse);
            prop_assert_eq!(rules.shanten(&hand).unwrap(), rules.shanten(&moved).unwrap(), "{} vs {}", hand, moved);
        }
    }
}
