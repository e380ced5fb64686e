//! Declared melds and the winning tile against the independent oracle of
//! `common::meld_oracle` (written from the text, not from the
//! library): seeded hands with melds under every preset and rule switch —
//! the forms, the splits, the waits, the shanten and the effective draws,
//! the winning tile's readings —, the meld errors, and the live hand's
//! claims against the same hands judged whole. Run in release mode:
//! `cargo test --release --test suite melds::`.

use crate::common;

use std::collections::BTreeSet;

use common::gen::{self, Melded, Purpose};
use common::meld_oracle::{
    melded_effective_spec, melded_forms_spec, melded_replacement_spec, melded_splits_spec,
    melded_waits_spec, win_readings_spec, MeldKind as OKind,
};
use common::oracle::{Spec, KINDS};
use common::rules_of;
use common::shard::Shard;
use hupai::{
    Efficiency, Form, Hand, HandError, LiveHand, MeldKind, ParseError, Rules, Tile, WinHow,
    WinningTile,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const RELEASE: bool = !cfg!(debug_assertions);

/// Every preset, and the rule switches that look at melds on top of them.
fn variants() -> Vec<Spec> {
    let presets = [
        "basic",
        "changsha",
        "chinese",
        "gb",
        "hongzhong",
        "kawuxing",
        "riichi",
        "sichuan",
        "taiwan",
    ];
    let mut out: Vec<Spec> = presets.iter().map(|p| Spec::preset(p)).collect();
    let mut add = |base: &str, name: &str, change: &dyn Fn(&mut Spec)| {
        let mut v = Spec::preset(base);
        v.name = name.into();
        change(&mut v);
        out.push(v);
    };
    add("chinese", "chinese capped", &|v| v.cap = Some(4));
    add("hongzhong", "hongzhong capped, honour sequences", &|v| {
        v.cap = Some(4);
        v.honor_seq = true
    });
    add("riichi", "riichi melded fourth waits", &|v| {
        v.four_with_melds_is_wait = true
    });
    add("chinese", "chinese capped, melded fourth waits", &|v| {
        v.cap = Some(4);
        v.four_with_melds_is_wait = true
    });
    add("sichuan", "sichuan one suit", &|v| v.max_suits = Some(1));
    add("taiwan", "taiwan 7z jokers capped", &|v| {
        v.joker_kinds = vec![33];
        v.cap = Some(4)
    });
    add("gb", "gb 5z jokers capped", &|v| {
        v.joker_kinds = vec![31];
        v.cap = Some(4)
    });
    add("changsha", "changsha four held", &|v| v.four_held = true);
    out
}

/// The library's hand for an oracle hand, read from its notation (tests
/// in mahjong notation: the notation is the interface).
fn hand_of(h: &Melded) -> Hand {
    h.notation()
        .parse()
        .unwrap_or_else(|e| panic!("{}: {e}", h.notation()))
}

/// A split as the oracle writes it: the concealed part's groups sorted as
/// strings, then the declared melds in the hand's order.
fn split_text(split: &hupai::Split) -> String {
    let mut concealed: Vec<String> = split
        .groups
        .iter()
        .filter(|g| g.meld().is_none())
        .map(|g| g.to_string())
        .collect();
    concealed.sort();
    let declared = split
        .groups
        .iter()
        .filter(|g| g.meld().is_some())
        .map(|g| g.to_string());
    let mut words = vec![split.form.name().to_string()];
    words.extend(concealed);
    words.extend(declared);
    words.join(" ")
}

/// The oracle's six form flags as the library's forms.
fn forms_of(flags: [bool; 6]) -> Vec<Form> {
    Form::ALL
        .iter()
        .zip(flags)
        .filter(|(_, on)| *on)
        .map(|(f, _)| *f)
        .collect()
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).unwrap()
}

/// The melded hands of `shard` of the sample against the oracle. Every
/// hand is drawn, and a won hand's winning tile with it (from the library's
/// answer, which the hand's shard checks against the oracle's); the hands
/// are dealt to the shards in blocks of 12, each block holding every
/// purpose, joker limit and efficiency turn. The counts are the shard's: at
/// least 50,000 hands in a release build (500 in a debug build), and each
/// question asked of at least a 40th of them.
fn melded_hands_agree(shard: Shard) {
    let per_variant = if RELEASE { 6_000 } else { 150 };
    let specs = variants();
    let mut rng = ChaCha8Rng::seed_from_u64(0x6d65_6c64);
    let mut seen = [0usize; 6]; // wins, waits, shanten, readings, efficiency, splits
    let mut hands = 0;
    for spec in &specs {
        let rules = rules_of(spec);
        for n in 0..per_variant {
            let purpose = match n % 3 {
                0 => Purpose::Win,
                1 => Purpose::Wait,
                _ => Purpose::Any,
            };
            let max_jokers = [0, 1, 2, 4, 8, 14][n % 6];
            let h = gen::melded_hand(&mut rng, spec, purpose, max_jokers);
            let hand = hand_of(&h);
            if !shard.has(n / 12) {
                // The draws the checks below make: a winning tile for a won
                // hand of at most 4 jokers.
                if h.size() % 3 == 2 && h.jokers <= 4 && rules.is_win(&hand) == Ok(true) {
                    gen::winning_tile(&mut rng, &h);
                    rng.gen_bool(0.5);
                }
                continue;
            }
            let name = format!("{} under {}", hand, spec.name);
            hands += 1;
            let want = melded_replacement_spec(spec, &h.concealed, h.jokers, &h.melds);
            let got = rules.shanten(&hand);
            match want {
                Some(r) => assert_eq!(got, Ok(r as i8 - 1), "shanten of {name}"),
                None => assert!(got.is_err(), "shanten of {name}: {got:?}, no target"),
            }
            seen[2] += 1;
            if h.size() % 3 == 2 {
                let want = melded_forms_spec(spec, &h.concealed, h.jokers, &h.melds)
                    .unwrap_or_else(|| panic!("{name}: refused by the oracle"));
                let got: Vec<Form> = rules.check(&hand).unwrap().iter().collect();
                assert_eq!(got, forms_of(want), "forms of {name}");
                assert_eq!(rules.is_win(&hand), Ok(!got.is_empty()), "is_win of {name}");
                seen[0] += got.is_empty() as usize ^ 1;
                if !got.is_empty() && h.jokers <= 4 {
                    let want = melded_splits_spec(spec, &h.concealed, h.jokers, &h.melds).unwrap();
                    let got: BTreeSet<String> = rules
                        .splits(&hand)
                        .unwrap()
                        .iter()
                        .map(split_text)
                        .collect();
                    assert_eq!(got, want, "splits of {name}");
                    seen[5] += 1;
                    // The winning tile: one held, or a joker.
                    let winning = gen::winning_tile(&mut rng, &h);
                    let self_drawn = rng.gen_bool(0.5);
                    let (_, want) = win_readings_spec(
                        spec,
                        &h.concealed,
                        h.jokers,
                        &h.melds,
                        winning,
                        self_drawn,
                    )
                    .unwrap();
                    let w = match winning {
                        Some(i) => WinningTile::Tile(tile(i)),
                        None => WinningTile::Joker,
                    };
                    let how = if self_drawn {
                        WinHow::SelfDrawn
                    } else {
                        WinHow::Discard
                    };
                    let win = rules.win(&hand, w, how).unwrap();
                    let cut = rules.win_limited(&hand, w, how, 1).unwrap();
                    assert_eq!(
                        (cut.shapes(), cut.total),
                        (win.shapes(), win.splits.len() as u64),
                        "{name} won on {w}, cut to one split"
                    );
                    let got: BTreeSet<String> = win
                        .readings()
                        .map(|(s, g, shape)| {
                            format!("{}\t{}\t{}", split_text(s), s.groups[g], shape)
                        })
                        .collect();
                    assert_eq!(got, want, "readings of {name} won on {w}");
                    seen[3] += 1;
                }
            } else {
                let want = melded_waits_spec(spec, &h.concealed, h.jokers, &h.melds)
                    .unwrap_or_else(|| panic!("{name}: refused by the oracle"));
                let got: Vec<usize> = rules
                    .waits(&hand)
                    .unwrap()
                    .iter()
                    .map(|t| t.index())
                    .collect();
                assert_eq!(got, want, "waits of {name}");
                seen[1] += !got.is_empty() as usize;
                if n % 4 == 1 {
                    if let Some((r, tiles)) =
                        melded_effective_spec(spec, &h.concealed, h.jokers, &h.melds)
                    {
                        let Ok(Efficiency::Draw(draws)) = rules.efficiency(&hand, &[0; KINDS])
                        else {
                            panic!("efficiency of {name}");
                        };
                        assert_eq!(draws.shanten, r as i8 - 1, "efficiency of {name}");
                        let got: Vec<usize> = draws.tiles.iter().map(|e| e.tile.index()).collect();
                        assert_eq!(got, tiles, "effective tiles of {name}");
                        for e in &draws.tiles {
                            let i = e.tile.index();
                            let melded: u8 = h
                                .melds
                                .iter()
                                .flat_map(|m| m.tiles())
                                .filter(|&t| t == i)
                                .count() as u8;
                            assert_eq!(
                                e.unseen,
                                4 - h.concealed[i] - melded,
                                "unseen {} of {name}",
                                e.tile
                            );
                        }
                        seen[4] += 1;
                    }
                }
            }
        }
    }
    assert!(
        hands >= if RELEASE { 50_000 } else { 500 },
        "{hands} hands in shard {shard:?}"
    );
    // The sample reaches every question (wins, waits, readings, ...).
    for (what, n) in [
        "wins",
        "ready",
        "shanten",
        "readings",
        "efficiency",
        "splits",
    ]
    .iter()
    .zip(seen)
    {
        assert!(n * 40 >= hands, "only {n} of {hands} hands asked {what}");
    }
}

#[test]
fn melded_hands_agree_with_the_oracle_shard_0_of_2() {
    melded_hands_agree(Shard::of(0, 2));
}

#[test]
fn melded_hands_agree_with_the_oracle_shard_1_of_2() {
    melded_hands_agree(Shard::of(1, 2));
}

#[test]
fn bad_melds_are_refused_with_their_error() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xbad);
    for spec in variants() {
        let rules = rules_of(&spec);
        for _ in 0..if RELEASE { 400 } else { 40 } {
            let bad = gen::bad_meld(&mut rng, &spec);
            let text = bad.notation();
            // Either the notation or the rules refuse it, with a typed error.
            let refused = match text.parse::<Hand>() {
                Err(ParseError::Hand(
                    HandError::BadMeld { .. } | HandError::TooManyCopies { .. },
                )) => true,
                Err(e) => panic!("{text}: {e:?}"),
                Ok(hand) => matches!(
                    rules.shanten(&hand),
                    Err(HandError::TileNotInRules { .. }
                        | HandError::JokerInMeld { .. }
                        | HandError::HonorSequenceNotInRules { .. })
                ),
            };
            assert!(refused, "{text} ({:?}) under {}", bad.fault, spec.name);
        }
    }
}

/// The live hand, built from a hand and changed by claims, answers as the
/// rules judge the same hand whole.
#[test]
fn live_claims_agree_with_the_whole_hand() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x11fe);
    let rounds = if RELEASE { 3_000 } else { 200 };
    for spec in variants() {
        let rules = rules_of(&spec);
        for _ in 0..rounds / 10 {
            let h = gen::melded_hand(&mut rng, &spec, Purpose::Any, 3);
            let hand = hand_of(&h);
            let mut live = LiveHand::from_hand(&rules, &hand).unwrap();
            assert_eq!(live.hand(), hand);
            // Claim what the hand allows: a pon of a pair, a chi, a kong.
            let held: Vec<usize> = (0..KINDS)
                .filter(|&i| h.concealed[i] > 0 && !spec.joker_kinds.contains(&i))
                .collect();
            for &i in &held {
                let t = tile(i);
                let result = match rng.gen_range(0..4) {
                    0 => live.pon(t),
                    1 => live.concealed_kong(t),
                    2 => live.added_kong(t),
                    _ if i < 27 && i % 9 <= 6 => live.chi(t, t),
                    _ => live.open_kong(t),
                };
                let now = live.hand();
                if result.is_ok() {
                    assert!(now.has_melds());
                }
                assert_eq!(
                    live.is_win(),
                    now.size() % 3 == 2 && rules.is_win(&now).unwrap_or(false),
                    "is_win of {now} under {}",
                    spec.name
                );
                if now.size() % 3 == 1 && now.size() < spec.max_tiles as usize {
                    assert_eq!(Ok(live.waits()), rules.waits(&now), "waits of {now}");
                }
                assert_eq!(live.shanten(), rules.shanten(&now).ok(), "shanten of {now}");
            }
        }
    }
}

#[test]
fn claims_and_their_errors() {
    let rules = Rules::chinese();
    let t = |s: &str| s.parse::<Tile>().unwrap();
    let mut live = LiveHand::from_hand(&rules, &"11m23p5z".parse().unwrap()).unwrap();
    assert_eq!(
        live.chi(t("3p"), t("3p")),
        Err(HandError::TooFewCopies {
            meld: MeldKind::Chi,
            tile: t("4p"),
            held: 0,
            needed: 1
        })
    );
    assert_eq!(
        live.chi(t("4p"), t("1p")),
        Err(HandError::ClaimNotInChi {
            tile: t("4p"),
            meld: "[123p]".into()
        })
    );
    assert_eq!(
        live.chi(t("1z"), t("1z")),
        Err(HandError::NoChi { tile: t("1z") })
    );
    for first in ["8s", "9s"] {
        assert_eq!(
            live.chi(t(first), t(first)),
            Err(HandError::NoChi { tile: t(first) })
        );
    }
    assert_eq!(
        live.pon(t("5z")),
        Err(HandError::TooFewCopies {
            meld: MeldKind::Pon,
            tile: t("5z"),
            held: 1,
            needed: 2
        })
    );
    assert_eq!(
        live.open_kong(t("1m")),
        Err(HandError::TooFewCopies {
            meld: MeldKind::OpenKong,
            tile: t("1m"),
            held: 2,
            needed: 3
        })
    );
    assert!(matches!(
        live.added_kong(t("1m")),
        Err(HandError::BadMeld { .. })
    ));
    assert_eq!(live.hand().to_string(), "11m23p5z"); // unchanged on error
    live.chi(t("1p"), t("1p")).unwrap();
    live.pon(t("1m")).unwrap();
    assert_eq!(live.hand().to_string(), "5z [123p] [111m]");
    // The fourth 1m: held with the pon, an added kong.
    live.draw(t("1m")).unwrap();
    assert_eq!(
        live.draw(t("1m")),
        Err(HandError::TooManyCopies {
            tile: t("1m"),
            count: 5
        })
    );
    live.added_kong(t("1m")).unwrap();
    assert_eq!(live.hand().to_string(), "5z [123p] [1111m+]");
    live.draw(t("5z")).unwrap(); // the replacement draw
    assert!(live.is_win());
    // A joker kind is never declared.
    let hongzhong = Rules::preset("hongzhong").unwrap();
    let mut live = LiveHand::from_hand(&hongzhong, &"77z".parse().unwrap()).unwrap();
    assert!(matches!(
        live.pon(t("7z")),
        Err(HandError::JokerInMeld { .. })
    ));
    // Five melds at most (16-tile mahjong), then no more.
    let taiwan = Rules::preset("taiwan").unwrap();
    let hand: Hand = "2z2z [111m] [222m] [333m] [444m] [555m]".parse().unwrap();
    let mut live = LiveHand::from_hand(&taiwan, &hand).unwrap();
    assert!(matches!(
        live.pon(t("2z")),
        Err(HandError::TooManyMelds { .. })
    ));
}

/// A fifth copy counts every copy, concealed and melded, the lowest kind
/// named, whether the hand is read or built with `with_melds`.
#[test]
fn too_many_copies_counts_every_copy() {
    let t = |s: &str| s.parse::<Tile>().unwrap();
    let melds: Vec<hupai::Meld> = vec!["[222m]".parse().unwrap(), "(1111m)".parse().unwrap()];
    let six = Err(HandError::TooManyCopies {
        tile: t("1m"),
        count: 6,
    });
    let hand: Hand = "1122m".parse().unwrap();
    assert_eq!(hand.with_melds(&melds), six);
    assert_eq!(
        "1122m [222m] (1111m)".parse::<Hand>(),
        six.map_err(ParseError::Hand)
    );
}

/// The meld kinds the generator makes and the library reads agree.
#[test]
fn meld_notation_round_trips() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let taiwan = Spec::preset("taiwan");
    let mut honours = Spec::preset("taiwan");
    honours.honor_seq = true;
    let mut kinds = BTreeSet::new();
    let mut honour_sequences = 0;
    for i in 0..2_000 {
        let spec = if i % 2 == 0 { &taiwan } else { &honours };
        let h = gen::melded_hand(&mut rng, spec, Purpose::Any, 2);
        honour_sequences += h.melds.iter().filter(|m| m.honours.is_some()).count();
        let hand = hand_of(&h);
        assert_eq!(hand.to_string().parse::<Hand>(), Ok(hand));
        assert_eq!(hand.melds().len(), h.melds.len());
        for (m, o) in hand.melds().iter().zip(&h.melds) {
            let kind = match o.kind {
                OKind::Chi => hupai::MeldKind::Chi,
                OKind::Pon => hupai::MeldKind::Pon,
                OKind::OpenKong => hupai::MeldKind::OpenKong,
                OKind::AddedKong => hupai::MeldKind::AddedKong,
                OKind::ConcealedKong => hupai::MeldKind::ConcealedKong,
            };
            assert_eq!((m.kind(), m.tile().index()), (kind, o.first));
            let tiles: Vec<usize> = m.tiles().map(|t| t.index()).collect();
            assert_eq!(tiles, o.tiles());
            kinds.insert(m.kind().name());
            assert_eq!(m.is_honor_sequence(), o.honours.is_some(), "{m}");
        }
    }
    assert_eq!(kinds.len(), 5, "{kinds:?}");
    assert!(
        honour_sequences > 20,
        "{honour_sequences} honour sequences declared"
    );
}

#[test]
fn split_counts_match_the_splits_listed() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5c);
    for spec in variants() {
        let rules = rules_of(&spec);
        for _ in 0..if RELEASE { 300 } else { 30 } {
            let h = gen::melded_hand(&mut rng, &spec, Purpose::Win, 3);
            let hand = hand_of(&h);
            let listed = rules.splits(&hand).unwrap().len() as u64;
            assert_eq!(
                rules.split_count(&hand),
                Ok(listed),
                "{hand} under {}",
                spec.name
            );
            let some = rules.splits_limited(&hand, 1).unwrap();
            assert_eq!(some.total, listed);
            assert!(some.splits.len() <= 1);
        }
    }
}
