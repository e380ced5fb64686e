//! Hostile or careless inputs to the library: bounded reads, bounded
//! messages, rules that cannot win, and answers that show only what the
//! hand holds.

use hupai::tables::file::{self, TableFileError, HEADER_LEN};
use hupai::{Hand, Rules, RulesError};

#[test]
fn a_huge_rule_text_is_refused_before_parsing() {
    let text = format!("pair_ranks = [{}]", vec!["5"; 400_000].join(", "));
    assert!(text.len() > hupai::rules::file::MAX_RULE_FILE);
    match Rules::from_toml_str(&text) {
        Err(RulesError::TooLarge { bytes, max }) => {
            assert_eq!(bytes, text.len());
            assert_eq!(max, 1 << 20);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn reading_a_rule_file_stops_past_the_limit() {
    // /dev/zero never ends: the read must stop just past the limit.
    match Rules::load("/dev/zero") {
        Err(RulesError::TooLarge { bytes, .. }) => assert_eq!(bytes, (1 << 20) + 1),
        other => panic!("{other:?}"),
    }
}

#[test]
fn absurd_values_are_refused_with_bounded_messages() {
    assert!(matches!(
        Rules::from_toml_str("pair_ranks = [5, 5]"),
        Err(RulesError::Duplicate {
            field: "pair_ranks",
            ..
        })
    ));
    assert!(matches!(
        Rules::from_toml_str("forms = [\"standard\", \"standard\"]"),
        Err(RulesError::Duplicate { field: "forms", .. })
    ));
    let tiles = "1".repeat(100_000) + "m";
    let e = Rules::from_toml_str(&format!("tiles = \"{tiles}\"")).unwrap_err();
    assert!(matches!(e, RulesError::BadTiles { field: "tiles", .. }));
    let message = e.to_string();
    assert!(message.len() < 300, "{} bytes: {message}", message.len());
    assert!(message.contains("100001 bytes"), "{message}");
    let e = Rules::from_toml_str(&format!("base = \"{}\"", "x".repeat(10_000))).unwrap_err();
    assert!(e.to_string().len() < 300);
    let e = Rules::preset(&"y".repeat(10_000)).unwrap_err();
    assert!(e.to_string().len() < 300);
}

#[test]
fn rules_under_which_no_hand_wins_are_an_error_naming_why() {
    for (text, why) in [
        (
            "tiles = \"\"",
            "standard: no kind in play may be the pair; \
             seven-pairs: fewer than seven kinds in play; \
             thirteen-orphans: some terminal or honour is out of play",
        ),
        (
            "forms = [\"seven-pairs\"]\nmax_tiles = 2",
            "seven-pairs: hands have at most max_tiles tiles, below 14",
        ),
        (
            "tiles = \"123456789p\"\nforms = [\"thirteen-orphans\"]",
            "thirteen-orphans: some terminal or honour is out of play",
        ),
    ] {
        match Rules::from_toml_str(text) {
            Err(RulesError::NeverWins { why: got }) => assert_eq!(got, why, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
    // One winnable form is enough.
    assert!(Rules::from_toml_str("forms = [\"standard\", \"seven-pairs\"]\nmax_tiles = 2").is_ok());
}

#[test]
fn reveal_shows_the_tiles_the_hand_holds() {
    let rules = Rules::preset("hongzhong").unwrap();
    // Red dragons are jokers here, but shown as the 7z the hand holds.
    let shown = rules.reveal(&"12345m77z".parse::<Hand>().unwrap()).unwrap();
    assert_eq!(shown.tiles.to_string(), "7z");
    let shown = rules.reveal(&"1234m*77z".parse::<Hand>().unwrap()).unwrap();
    assert_eq!(shown.tiles.to_string(), "*");
    for hand in ["12345m77z", "1234m*77z", "1m7z", "147m258p369s1z7z*"] {
        let hand: Hand = hand.parse().unwrap();
        if let Ok(r) = rules.reveal(&hand) {
            for t in hupai::Tile::all() {
                assert!(r.tiles.count(t) <= hand.count(t), "{hand}: {}", r.tiles);
            }
            assert!(r.tiles.jokers() <= hand.jokers(), "{hand}: {}", r.tiles);
        }
    }
}

#[test]
fn a_table_header_promising_everything_is_refused_without_overflow() {
    let mut bytes = Vec::new();
    bytes.extend_from_slice(b"HUPAITBL");
    bytes.extend_from_slice(&1u16.to_le_bytes());
    bytes.extend_from_slice(&(HEADER_LEN as u16).to_le_bytes());
    bytes.extend_from_slice(&0u64.to_le_bytes());
    bytes.extend_from_slice(&u64::MAX.to_le_bytes());
    bytes.extend_from_slice(&0u32.to_le_bytes());
    assert_eq!(bytes.len(), HEADER_LEN);
    assert!(matches!(
        file::from_bytes(&bytes),
        Err(TableFileError::TooLarge { bytes: u64::MAX })
    ));
    // A file on disk with that header is refused after its 32 bytes.
    let path = std::env::temp_dir().join(format!("hupai-huge-{}.tbl", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    assert!(matches!(
        file::read(&path),
        Err(TableFileError::TooLarge { .. })
    ));
    std::fs::remove_file(&path).unwrap();
    // /dev/zero is no table file, and is not read on and on.
    assert!(matches!(
        file::read(std::path::Path::new("/dev/zero")),
        Err(TableFileError::NotATableFile { .. })
    ));
}

#[test]
fn a_count_array_over_the_rules_limit_names_the_rules_limit() {
    let e = Rules::riichi().is_win_counts(&[0; 34], 255).unwrap_err();
    assert_eq!(
        e,
        hupai::HandError::TooManyTiles {
            tiles: 255,
            max: 14
        }
    );
    assert_eq!(e.to_string(), "255 tiles (jokers included): at most 14");
    let e = Rules::riichi().waits_counts(&[0; 34], 14).unwrap_err();
    assert_eq!(e, hupai::HandError::TooManyTiles { tiles: 14, max: 13 });
}
