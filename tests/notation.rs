//! Notation cases from `tests/data/notation.tsv`, and the encodings.

use hupai::{Hand, HandError, ParseError, Tile};

fn variant(e: &ParseError) -> &'static str {
    match e {
        ParseError::UnknownChar { .. } => "UnknownChar",
        ParseError::MissingSuit { .. } => "MissingSuit",
        ParseError::MissingDigits { .. } => "MissingDigits",
        ParseError::Hand(HandError::RankOutOfRange { .. }) => "RankOutOfRange",
        ParseError::Hand(HandError::TooManyCopies { .. }) => "TooManyCopies",
        ParseError::Hand(HandError::TooManyTiles { .. }) => "TooManyTiles",
        other => panic!("unexpected error {other:?}"),
    }
}

#[test]
fn notation_cases_from_data_file() {
    let data = include_str!("data/notation.tsv");
    let mut cases = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 3, "malformed case line {line:?}");
        let (input, expected, why) = (cols[0], cols[1], cols[2]);
        let got = match input.parse::<Hand>() {
            Ok(hand) => hand.to_string(),
            Err(e) => format!("error {}", variant(&e)),
        };
        assert_eq!(got, expected, "{input:?}: {why}");
        if let Ok(hand) = input.parse::<Hand>() {
            let again: Hand = hand.to_string().parse().unwrap();
            assert_eq!(
                again, hand,
                "printing then parsing {input:?} changes the hand"
            );
        }
        cases += 1;
    }
    assert!(cases >= 20);
}

#[test]
fn parse_err_names_the_bad_value() {
    let e = "123m45x".parse::<Hand>().unwrap_err();
    assert_eq!(e, ParseError::UnknownChar { ch: 'x', at: 6 });
    assert_eq!(e.to_string(), "unknown character 'x' at byte 6");
    let e = "11111m".parse::<Hand>().unwrap_err();
    assert_eq!(
        e,
        ParseError::Hand(HandError::TooManyCopies {
            tile: Tile::from_index(0).unwrap(),
            count: 5
        })
    );
    assert_eq!(e.to_string(), "5 copies of 1m: at most 4");
    let e = "9z".parse::<Hand>().unwrap_err();
    assert_eq!(e.to_string(), "rank 9 does not exist in suit 'z'");
    let e = "45饼0".parse::<Hand>().unwrap_err();
    assert_eq!(e.to_string(), "digits \"0\" have no suit letter after them");
}

/// An error inside a meld's brackets names its byte in the text as typed,
/// ASCII or full-width brackets, in a hand or in a meld read alone.
#[test]
fn parse_err_inside_brackets_names_the_byte_as_typed() {
    let unknown = |text: &str| match text.parse::<Hand>() {
        Err(ParseError::UnknownChar { ch, at }) => (ch, at),
        other => panic!("{text}: {other:?}"),
    };
    for text in [
        "11m [12x3m]",
        "11m 【12x3m】",
        "11m (1111m+)",
        "11m （1111m+）",
        "11m [一二x万]",
        "一一万 [12x3m]",
        "11m [123m] （二二二二x）",
    ] {
        let (ch, at) = unknown(text);
        assert_eq!(&text[at..at + ch.len_utf8()], ch.to_string(), "{text}");
    }
    assert_eq!(
        "11m [m12]".parse::<Hand>(),
        Err(ParseError::MissingDigits { suit: 'm', at: 5 })
    );
    assert_eq!(
        "11m 【万一二三】".parse::<Hand>(),
        Err(ParseError::MissingDigits { suit: '万', at: 7 })
    );
    for text in ["[12x3m]", "  [12x3m] ", "【12x3m】", "（1111m+）"] {
        match text.parse::<hupai::Meld>() {
            Err(ParseError::UnknownChar { ch, at }) => {
                assert_eq!(&text[at..at + ch.len_utf8()], ch.to_string(), "{text}")
            }
            other => panic!("{text}: {other:?}"),
        }
    }
}

#[test]
fn parse_err_long_digit_runs_are_quoted_short() {
    let text = "1".repeat(1 << 20);
    let e = text.parse::<Hand>().unwrap_err();
    assert!(e.to_string().len() < 100, "{e}");
}

#[test]
fn parse_err_chinese_names_the_bad_character() {
    // 红 alone is no tile (红中 is); its byte offset counts 万 as 3 bytes.
    let e = "12万红".parse::<Hand>().unwrap_err();
    assert_eq!(e, ParseError::UnknownChar { ch: '红', at: 5 });
    assert_eq!(e.to_string(), "unknown character '红' at byte 5");
    let e = "一二东".parse::<Hand>().unwrap_err();
    assert_eq!(
        e,
        ParseError::MissingSuit {
            digits: "一二".into()
        }
    );
}

#[test]
fn parse_err_long_numeral_runs_are_quoted_short() {
    // Cut at a character boundary: 24 numerals, then "...".
    let e = "一".repeat(1000).parse::<Hand>().unwrap_err();
    assert_eq!(
        e,
        ParseError::MissingSuit {
            digits: format!("{}...", "一".repeat(24))
        }
    );
}

#[test]
fn tile_ids_and_codes_round_trip() {
    for t in Tile::all() {
        assert_eq!(Tile::from_index(t.index()).unwrap(), t);
        assert_eq!(Tile::from_code(t.code()).unwrap(), t);
    }
    // The two-digit codes of many Chinese servers: 40-46 are east south
    // west north red green white.
    let honours = Hand::from_codes(&[40, 41, 42, 43, 44, 45, 46], 0).unwrap();
    assert_eq!(honours.to_string(), "1234567z");
    assert_eq!(Tile::from_code(44).unwrap().to_string(), "7z");
    assert_eq!(Tile::from_code(46).unwrap().to_string(), "5z");
    for bad in [0, 10, 20, 30, 47, 99, u32::MAX] {
        assert_eq!(
            Tile::from_code(bad),
            Err(HandError::BadTileCode { code: bad })
        );
    }
    let hand: Hand = "19m19p19s1234567z1m*".parse().unwrap();
    assert_eq!(Hand::from_ids(&hand.to_ids(), 1).unwrap(), hand);
    assert_eq!(Hand::from_codes(&hand.to_codes(), 1).unwrap(), hand);
    assert_eq!(
        Hand::from_ids(&[34], 0),
        Err(HandError::BadTileIndex { index: 34 })
    );
}

#[test]
fn from_counts_err_fifth_copy_and_too_many_tiles() {
    let mut counts = [0u8; 34];
    counts[5] = 255;
    assert!(matches!(
        Hand::from_counts(&counts, 0),
        Err(HandError::TooManyCopies { count: 255, .. })
    ));
    assert_eq!(
        Hand::from_counts(&[0; 34], 255),
        Err(HandError::TooManyTiles {
            tiles: 255,
            max: 17
        })
    );
}
