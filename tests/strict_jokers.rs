//! Jokers capped at four copies of a kind (`joker_fifth_copy = false`)
//! need enough kinds in play for a group of jokers to find room: rules with
//! fewer are refused (`RulesError::TooFewKindsForJokers`), and at the
//! fewest accepted every hand agrees with an exact search that places every
//! joker, the groups of jokers only included.

use hupai::{Hand, Rules, RulesError, Tile};

fn rules(toml: &str) -> Result<Rules, RulesError> {
    Rules::from_toml_str(toml)
}

/// A rule file over `basic` with `tiles`, one joker kind, and jokers capped.
fn strict(tiles: &str, joker: &str, max_tiles: u8) -> String {
    format!(
        "base = \"basic\"\ntiles = \"{tiles}\"\njokers = \"{joker}\"\njoker_fifth_copy = false\nmax_tiles = {max_tiles}\n"
    )
}

#[test]
fn strict_jokers_with_too_few_kinds_are_refused() {
    // The outside check's rule set: one kind in play, and it the jokers'.
    // `*****` was called a win and `****` one draw from it, although no
    // five tiles of one kind exist.
    let err = rules(&strict("3z", "3z", 14)).unwrap_err();
    assert_eq!(
        err,
        RulesError::TooFewKindsForJokers {
            kinds: 1,
            needed: 6,
            max_tiles: 14
        }
    );
    assert!(err.to_string().contains("1 kinds in play"), "{err}");
    assert!(err.to_string().contains("at least 6"), "{err}");
    for (tiles, joker, max_tiles, refused) in [
        ("12345z", "1z", 14, true),
        ("123456z", "1z", 14, false),
        ("1234567z", "7z", 14, false),
        ("1234567z", "7z", 17, true),
        ("123z", "3z", 8, false),
        ("12z", "1z", 8, true),
        ("12345z", "1z", 11, false),
        ("1234z", "1z", 11, true),
        ("12z", "1z", 5, false),
        ("1z", "1z", 2, false),
        ("123456789m", "5m", 17, false),
    ] {
        let got = rules(&strict(tiles, joker, max_tiles));
        assert_eq!(
            matches!(got, Err(RulesError::TooFewKindsForJokers { .. })),
            refused,
            "{tiles} with {max_tiles} tiles: {:?}",
            got.err()
        );
    }
    // Jokers that may be a fifth copy need no room.
    assert!(rules("base = \"basic\"\ntiles = \"3z\"\njokers = \"3z\"\n").is_ok());
    // A hand holds jokers (`*`) whether or not a kind is named the
    // jokers': the differential target's rule set, under which fourteen
    // jokers were called a win in four honour kinds.
    let err = rules(
        "base = \"basic\"\ntiles = \"1z4z6z7z\"\njoker_fifth_copy = false\nmax_suits = 1\nfour_held_is_wait = true\n",
    )
    .unwrap_err();
    assert!(
        matches!(
            err,
            RulesError::TooFewKindsForJokers {
                kinds: 4,
                needed: 6,
                ..
            }
        ),
        "{err}"
    );
}

/// Honours only, no honour sequences, jokers capped: a standard hand of
/// `n = 3m + 2` tiles is a pair on one kind and `m` triplets on `m` other
/// kinds (a triplet beside the pair's kind would take five copies), every
/// tile a joker does not stand for held. `held[x]` counts the natural
/// tiles of kind `x` among `kinds`.
fn honours_win_exact(held: &[u8], jokers: u32) -> bool {
    let n = held.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    if n % 3 != 2 {
        return false;
    }
    let m = ((n - 2) / 3) as usize;
    let kinds = held.len();
    (0..kinds).any(|pair| {
        (0u32..1 << kinds).any(|triplets| {
            triplets >> pair & 1 == 0
                && triplets.count_ones() as usize == m
                && (0..kinds).all(|x| {
                    let target = if x == pair {
                        2
                    } else {
                        3 * (triplets >> x & 1) as u8
                    };
                    held[x] <= target
                })
        })
    })
}

#[test]
fn at_the_fewest_kinds_every_hand_agrees_with_an_exact_search() {
    // Six honour kinds, the sixth the jokers' (a natural 6z is a joker):
    // the natural tiles are 1z–5z, at most four of each, beside 0–4 jokers.
    let rules = rules(&strict("123456z", "6z", 14)).unwrap();
    let natural = 5;
    let (mut wins, mut ready) = (0, 0);
    for code in 0..5usize.pow(natural as u32) {
        let held: Vec<u8> = (0..natural)
            .map(|x| (code / 5usize.pow(x as u32) % 5) as u8)
            .collect();
        for jokers in 0..=4u8 {
            let size = held.iter().map(|&c| c as u32).sum::<u32>() + jokers as u32;
            if size == 0 || size > 14 || size % 3 == 0 {
                continue;
            }
            let mut counts = [0u8; 34];
            counts[27..27 + natural].copy_from_slice(&held);
            let hand = Hand::from_counts(&counts, jokers).unwrap();
            if size % 3 == 2 {
                let want = honours_win_exact(&held, jokers as u32);
                assert_eq!(rules.is_win(&hand).unwrap(), want, "{hand}");
                wins += want as usize;
            } else {
                // The natural kinds one may draw (fewer than four held)
                // whose draw wins; a drawn 6z is one more joker.
                let want: Vec<Tile> = (0..natural)
                    .filter(|&x| held[x] < 4)
                    .filter(|&x| {
                        let mut more = held.clone();
                        more[x] += 1;
                        honours_win_exact(&more, jokers as u32)
                    })
                    .map(|x| Tile::from_index(27 + x).unwrap())
                    .collect();
                let got: Vec<Tile> = rules
                    .waits(&hand)
                    .unwrap()
                    .iter()
                    .filter(|t| t.index() < 27 + natural)
                    .collect();
                assert_eq!(got, want, "waits of {hand}");
                ready += !want.is_empty() as usize;
            }
        }
    }
    // The comparison saw both answers.
    assert!(wins > 1_000 && ready > 1_000, "{wins} wins, {ready} ready");
}

#[test]
fn seven_different_pairs_of_jokers_need_seven_kinds_in_play() {
    // The differential target's case: fourteen jokers in six honour kinds
    // make a standard hand (a pair and four triplets) but no seven
    // different pairs.
    let rules = rules(
        "base = \"basic\"\ntiles = \"1z2z3z4z6z7z\"\njoker_fifth_copy = false\nforms = [\"standard\", \"seven-pairs\"]\n",
    )
    .unwrap();
    let forms = rules.check(&"**************".parse().unwrap()).unwrap();
    assert!(forms.contains(hupai::Form::Standard), "{forms:?}");
    assert!(!forms.contains(hupai::Form::SevenPairs), "{forms:?}");
}
