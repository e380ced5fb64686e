//! The batch layer (`hupai::batch`) against the single calls it stands
//! for: every row's answer or status equal to `Rules::is_win_counts`,
//! `Rules::shanten_counts` and `Rules::waits_counts` on the same counts,
//! over seeded rows of every kind a caller hands over (random hands of
//! every size, wins, near wins, seven pairs, orphans, jokers, and bad rows:
//! fifth copies, counts past any tile, wrong sizes, too many tiles, kinds
//! out of play, copies of joker kinds), under every preset.

use crate::common;

use common::gen::{self, Raw};
use hupai::batch::{self, Rows, Status, OK};
use hupai::{HandError, Rules};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const KINDS: usize = 34;

const ROWS: usize = if cfg!(debug_assertions) {
    2_000
} else {
    40_000
};

/// A seeded row of one of the kinds above.
fn row(rng: &mut ChaCha8Rng) -> Raw {
    match rng.gen_range(0..12) {
        0 => {
            let size = rng.gen_range(1..=18);
            let jokers = rng.gen_range(0..=size.min(8));
            gen::uniform(rng, size, jokers)
        }
        1 | 2 => gen::uniform(rng, 14, 0),
        3 => gen::uniform(rng, 13, 0),
        4 => gen::standard_win(rng, 14),
        5 => {
            let win = gen::standard_win(rng, 14);
            gen::spoil(rng, win)
        }
        6 => gen::seven_pairs_win(rng),
        7 => gen::orphans_win(rng),
        8 => {
            let win = gen::standard_win(rng, 14);
            let k = rng.gen_range(1..=6);
            gen::jokerize(rng, win, k)
        }
        9 => {
            // A fifth copy (or more) of a kind held.
            let mut raw = gen::uniform(rng, 14, 0);
            let t = rng.gen_range(0..KINDS);
            raw.counts[t] = rng.gen_range(5..=9);
            raw
        }
        10 => {
            // A count past any tile, anywhere.
            let mut raw = gen::uniform(rng, 11, 0);
            let t = rng.gen_range(0..KINDS);
            raw.counts[t] = rng.gen_range(5..=255);
            raw
        }
        _ => {
            // Many jokers: sizes past the rules' limit.
            let size = rng.gen_range(14..=40);
            let natural = rng.gen_range(0..=14);
            let mut raw = gen::uniform(rng, natural, 0);
            raw.jokers = (size - natural) as u8;
            raw
        }
    }
}

/// The status code of a single call's answer.
fn code<T>(answer: &Result<T, HandError>) -> i8 {
    match answer {
        Ok(_) => OK,
        Err(e) => Status::of_hand(e).code(),
    }
}

#[test]
fn batch_matches_single_calls_on_seeded_rows() {
    let mut rng = ChaCha8Rng::seed_from_u64(47);
    let raws: Vec<Raw> = (0..ROWS).map(|_| row(&mut rng)).collect();
    let counts: Vec<[u8; KINDS]> = raws.iter().map(|r| r.counts).collect();
    let jokers: Vec<u8> = raws.iter().map(|r| r.jokers).collect();
    let rows = Rows::new(&counts, &jokers).unwrap();
    for name in [
        "riichi",
        "chinese",
        "basic",
        "gb",
        "sichuan",
        "changsha",
        "hongzhong",
        "kawuxing",
        "taiwan",
    ] {
        let rules = Rules::preset(name).unwrap();
        let mut win = vec![9i8; ROWS];
        let bad = batch::is_win(&rules, rows, &mut win).unwrap();
        let (mut shanten, mut status) = (vec![9i8; ROWS], vec![9i8; ROWS]);
        let bad_shanten = batch::shanten(&rules, rows, &mut shanten, &mut status).unwrap();
        let (mut waits, mut wait_status) = (vec![9u64; ROWS], vec![9i8; ROWS]);
        batch::waits(&rules, rows, &mut waits, &mut wait_status).unwrap();
        let mut kinds = [0usize; 3];
        for (i, raw) in raws.iter().enumerate() {
            let what = format!(
                "{name}, row {i}: {:?} and {} jokers",
                raw.counts, raw.jokers
            );
            let single = rules.is_win_counts(&raw.counts, raw.jokers);
            let want = single
                .as_ref()
                .map_or_else(|_| code(&single), |&w| i8::from(w));
            assert_eq!(win[i], want, "is_win, {what}");
            kinds[(want.clamp(-1, 1) + 1) as usize] += 1;
            let single = rules.shanten_counts(&raw.counts, raw.jokers);
            assert_eq!(
                (shanten[i], status[i]),
                (*single.as_ref().unwrap_or(&0), code(&single)),
                "shanten, {what}"
            );
            let single = rules.waits_counts(&raw.counts, raw.jokers);
            assert_eq!(
                (waits[i], wait_status[i]),
                (single.as_ref().map_or(0, |w| w.bits()), code(&single)),
                "waits, {what}"
            );
        }
        assert_eq!(bad, win.iter().filter(|&&w| w < 0).count(), "{name}");
        assert_eq!(bad_shanten, status.iter().filter(|&&s| s < 0).count());
        // Every kind of answer is among the rows: bad rows, no wins, wins.
        assert!(kinds.iter().all(|&k| k > ROWS / 500), "{name}: {kinds:?}");
    }
}
