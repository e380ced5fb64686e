//! The incremental hand against the whole-hand answers: random walks of
//! draws and discards under every preset, each state compared with
//! `Rules::is_win` / `Rules::waits` on the same hand and, every few steps,
//! with the backtracking oracle itself.

use crate::common;

use common::oracle::{self, Spec};
use common::shard::Shard;
use hupai::{Hand, HandError, LiveHand, Preset, Rules, Tile};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const STEPS: usize = if cfg!(debug_assertions) {
    4_000
} else {
    60_000
};

fn walk(preset: Preset, seed: u64) -> [usize; 2] {
    let rules = Rules::from_preset(preset);
    let spec = Spec::preset(preset.name());
    let in_play: Vec<Tile> = rules.tiles().iter().collect();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut live = LiveHand::new(&rules);
    let mut judged = [0usize; 2];
    for step in 0..STEPS {
        let before = live.hand();
        let len = live.len();
        let draw = len < 13 || (len < rules.max_tiles() && rng.gen_bool(0.5));
        if draw {
            let result = if rng.gen_range(0..10) == 0 {
                live.draw_joker()
            } else {
                live.draw(in_play[rng.gen_range(0..in_play.len())])
            };
            if let Err(e) = result {
                assert!(
                    matches!(e, HandError::TooManyCopies { count: 5, .. }),
                    "{e}"
                );
                assert_eq!(live.hand(), before, "a refused draw changes nothing");
                continue;
            }
        } else {
            let tiles: Vec<Tile> = before.tiles().collect();
            let pick = rng.gen_range(0..tiles.len() + before.jokers() as usize);
            if pick < tiles.len() {
                live.discard(tiles[pick]).unwrap();
            } else {
                live.discard_joker().unwrap();
            }
        }
        let hand = live.hand();
        assert_eq!(live.len(), hand.len());
        let (counts, jokers) = (hand.counts(), hand.jokers() as u32);
        match hand.len() % 3 {
            2 => {
                let win = live.is_win();
                assert_eq!(
                    win,
                    rules.is_win(&hand).unwrap(),
                    "{}: {hand}",
                    preset.name()
                );
                if step % 8 == 0 {
                    let want = oracle::wins_spec(&spec, counts, jokers);
                    assert_eq!(win, want, "{}: {hand} (oracle)", preset.name());
                }
                judged[0] += 1;
            }
            1 => {
                let waits = live.waits();
                assert_eq!(
                    waits,
                    rules.waits(&hand).unwrap(),
                    "{}: {hand}",
                    preset.name()
                );
                if step % 8 == 1 {
                    let got: Vec<usize> = waits.iter().map(|t| t.index()).collect();
                    let want = oracle::waits_spec(&spec, counts, jokers);
                    assert_eq!(got, want, "{}: {hand} (oracle)", preset.name());
                }
                judged[1] += 1;
            }
            _ => {
                assert!(!live.is_win());
                assert!(live.waits().is_empty());
            }
        }
    }
    judged
}

/// The walks of `shard`'s presets.
fn live_hands_agree_with_whole_hand_answers(shard: Shard) {
    for (i, preset) in Preset::ALL.into_iter().enumerate() {
        if !shard.has(i) {
            continue;
        }
        let [wins, waits] = walk(preset, 0x11fe + i as u64);
        assert!(
            wins > STEPS / 5 && waits > STEPS / 5,
            "{}: {wins} {waits}",
            preset.name()
        );
    }
}

#[test]
fn live_hands_agree_with_whole_hand_answers_under_every_preset_shard_0_of_3() {
    live_hands_agree_with_whole_hand_answers(Shard::of(0, 3));
}

#[test]
fn live_hands_agree_with_whole_hand_answers_under_every_preset_shard_1_of_3() {
    live_hands_agree_with_whole_hand_answers(Shard::of(1, 3));
}

#[test]
fn live_hands_agree_with_whole_hand_answers_under_every_preset_shard_2_of_3() {
    live_hands_agree_with_whole_hand_answers(Shard::of(2, 3));
}

#[test]
fn live_hand_refuses_bad_moves_and_stays_unchanged() {
    let rules = Rules::chinese();
    let mut live = LiveHand::from_hand(&rules, &"1111m".parse::<Hand>().unwrap()).unwrap();
    let one: Tile = "1m".parse().unwrap();
    let two: Tile = "2m".parse().unwrap();
    assert_eq!(
        live.draw(one),
        Err(HandError::TooManyCopies {
            tile: one,
            count: 5
        })
    );
    assert_eq!(live.discard(two), Err(HandError::NotHeld { tile: two }));
    assert_eq!(live.discard_joker(), Err(HandError::NoJoker));
    assert_eq!(live.hand().to_string(), "1111m");
    for _ in 0..10 {
        live.draw_joker().unwrap();
    }
    assert!(matches!(
        live.draw(two),
        Err(HandError::TooManyTiles { tiles: 15, max: 14 })
    ));
    assert_eq!(live.len(), 14);

    let kawuxing = Rules::from_preset(Preset::Kawuxing);
    let mut live = LiveHand::new(&kawuxing);
    let one_man = "1m".parse().unwrap();
    assert!(matches!(
        live.draw(one_man),
        Err(HandError::TileNotInRules { .. })
    ));
    assert!(live.is_empty());
}

#[test]
fn joker_kinds_drawn_count_as_jokers() {
    let rules = Rules::from_preset(Preset::Hongzhong);
    let red: Tile = "7z".parse().unwrap();
    let mut live =
        LiveHand::from_hand(&rules, &"123m456p789s1112m".parse::<Hand>().unwrap()).unwrap();
    assert!(
        live.waits().contains(red),
        "a red dragon is a joker and completes 2m*"
    );
    live.draw(red).unwrap();
    assert!(live.is_win());
    assert_eq!(live.hand().to_string(), "1111223m456p789s7z");
    live.discard(red).unwrap();
    assert_eq!(live.discard(red), Err(HandError::NotHeld { tile: red }));
}
