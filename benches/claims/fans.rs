//! Seeded winning claims under the `fans` presets, shared by the score
//! bench (timings) and the instructions bench (callgrind counts).

use hupai::score::Claim;
use hupai::{Hand, Rules, WinHow};
use rand_chacha::ChaCha8Rng;

/// A seeded claim of a winning hand under the `fans` preset `rules`:
/// standard (85%) or seven pairs, some sets declared, then `jokers` of the
/// concealed tiles made jokers (`*`, or under hongzhong its joker kind
/// 7z), the winning tile one of the concealed tiles left, self-drawn or
/// on a discard.
pub fn random_fans_claim(rng: &mut ChaCha8Rng, rules: &Rules, jokers: usize) -> (Hand, Claim) {
    use rand::seq::SliceRandom;
    use rand::Rng;
    let joker_kind: Option<hupai::Tile> = rules.joker_kinds().iter().next();
    let kinds: Vec<usize> = rules
        .tiles()
        .iter()
        .filter(|&t| Some(t) != joker_kind)
        .map(|t| t.index())
        .collect();
    loop {
        // Two numbered suits at most (sichuan's max_suits): pick them.
        let mut suits = [0usize, 1, 2];
        suits.shuffle(rng);
        let kinds: Vec<usize> = kinds
            .iter()
            .copied()
            .filter(|&i| i >= 27 || suits[..2].contains(&(i / 9)))
            .collect();
        let mut used = [0u8; 34];
        let mut concealed: Vec<usize> = Vec::new();
        let mut melds: Vec<String> = Vec::new();
        let name = |i: usize| format!("{}{}", i % 9 + 1, ['m', 'p', 's', 'z'][i / 9]);
        let mut ok = true;
        if rng.gen_bool(0.15) {
            for _ in 0..7 {
                let k = *kinds.choose(rng).expect("kinds");
                used[k] += 2;
                concealed.extend([k, k]);
            }
        } else {
            for _ in 0..4 {
                let k = *kinds.choose(rng).expect("kinds");
                let sequence = k < 27 && k % 9 < 7 && kinds.contains(&(k + 2)) && rng.gen_bool(0.6);
                let tiles = if sequence {
                    vec![k, k + 1, k + 2]
                } else {
                    vec![k; 3]
                };
                tiles.iter().for_each(|&t| used[t] += 1);
                if rng.gen_bool(0.25) {
                    let text: String = tiles
                        .iter()
                        .map(|&t| ((t % 9) as u8 + b'1') as char)
                        .collect();
                    let letter = ['m', 'p', 's', 'z'][k / 9];
                    let meld = match (sequence, rng.gen_range(0..3)) {
                        (true, _) | (false, 0) => format!("[{text}{letter}]"),
                        (false, 1) => {
                            used[k] += 1;
                            format!("[{text}{}{letter}]", k % 9 + 1)
                        }
                        _ => {
                            used[k] += 1;
                            format!("({text}{}{letter})", k % 9 + 1)
                        }
                    };
                    melds.push(meld);
                } else {
                    concealed.extend(tiles);
                }
            }
            let k = *kinds.choose(rng).expect("kinds");
            used[k] += 2;
            concealed.extend([k, k]);
        }
        ok &= used.iter().all(|&c| c <= 4);
        if !ok || concealed.len() <= jokers {
            continue;
        }
        concealed.shuffle(rng);
        let jokers_text = match joker_kind {
            Some(t) => t.to_string().repeat(jokers),
            None => "*".repeat(jokers),
        };
        let naturals = &concealed[jokers..];
        let winning = match joker_kind {
            Some(kind) if jokers > 0 && rng.gen_bool(0.2) => kind,
            _ => hupai::Tile::from_index(naturals[0]).expect("a kind"),
        };
        let text: String = naturals.iter().map(|&i| name(i)).collect::<String>()
            + &jokers_text
            + " "
            + &melds.join(" ");
        let hand: Hand = text.trim().parse().expect("a hand");
        let how = if rng.gen_bool(0.5) {
            WinHow::SelfDrawn
        } else {
            WinHow::Discard
        };
        let mut claim = Claim::new(winning, how);
        claim.seat_wind = hupai::Tile::from_index(27 + rng.gen_range(0..4)).expect("a wind");
        if rules.score(&hand, &claim).is_ok_and(|s| s.legal()) {
            return (hand, claim);
        }
    }
}
