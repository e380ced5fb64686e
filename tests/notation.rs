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
        ParseError::Hand(HandError::TooManyRedFives { .. }) => "TooManyRedFives",
        ParseError::RankTen { .. } => "RankTen",
        ParseError::UppercaseSuit { .. } => "UppercaseSuit",
        ParseError::StrayRed { .. } => "StrayRed",
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

/// Issue 33: `10m` is refused (it read as 1m and a red five), and an
/// upper-case suit is told suits are lowercase.
#[test]
fn parse_err_ten_and_uppercase_suits_name_the_problem() {
    let e = "10m".parse::<Hand>().unwrap_err();
    assert_eq!(e, ParseError::RankTen { suit: 'm', at: 0 });
    assert_eq!(
        e.to_string(),
        "\"10m\" at byte 0: there is no rank 10 (0 is a red five; a 1 and a red five are written \"01m\")"
    );
    assert_eq!(
        "123p 10s".parse::<Hand>(),
        Err(ParseError::RankTen { suit: 's', at: 5 })
    );
    // Inside brackets, the byte in the text as typed.
    assert_eq!(
        "11m [1 0m]".parse::<Hand>(),
        Err(ParseError::RankTen { suit: 'm', at: 5 })
    );
    let e = "123M".parse::<Hand>().unwrap_err();
    assert_eq!(e, ParseError::UppercaseSuit { suit: 'M', at: 3 });
    assert_eq!(e.to_string(), "'M' at byte 3: suits are lowercase: m p s z");
    assert_eq!(
        "11m [12P]".parse::<Hand>(),
        Err(ParseError::UppercaseSuit { suit: 'P', at: 7 })
    );
    let e = "55mr".parse::<Hand>().unwrap_err();
    assert_eq!(e, ParseError::StrayRed { at: 3 });
}

/// Issue 30: a red five is kept by the hand and printed back; a second
/// red five of a suit is refused.
#[test]
fn red_fives_are_kept_and_print_back() {
    for (text, printed, red) in [
        ("0m0p0s", "0m0p0s", 3),
        ("340m [406p] (0555s)", "340m [406p] (0555s)", 3),
        ("5mr 5p [5 5 0s]", "0m5p [055s]", 2),
        ("01m", "01m", 1),
        ("123m456p", "123m456p", 0),
    ] {
        let hand: Hand = text.parse().unwrap();
        assert_eq!(hand.to_string(), printed, "{text}");
        assert_eq!(hand.red_fives(), red, "{text}");
        assert_eq!(hand.to_string().parse::<Hand>().unwrap(), hand, "{text}");
    }
    let e = "0p [406p]".parse::<Hand>().unwrap_err();
    assert_eq!(
        e,
        ParseError::Hand(HandError::TooManyRedFives {
            tile: "5p".parse().unwrap(),
            count: 2
        })
    );
    assert_eq!(
        e.to_string(),
        "2 red fives of 5p: a tile set holds one red five a suit"
    );
    // The concealed part keeps its own red five, not its melds'.
    let hand: Hand = "0m11z [406p]".parse().unwrap();
    assert_eq!(hand.concealed().to_string(), "0m11z");
    assert_eq!(hand.concealed().red_fives(), 1);
    // A tile alone is a five.
    assert_eq!("0p".parse::<Tile>().unwrap().to_string(), "5p");
    assert_eq!("5sr".parse::<Tile>().unwrap().to_string(), "5s");
}

/// Every operation but printing (and scoring's aka dora) reads a red five
/// as a five.
#[test]
fn red_fives_judge_as_fives() {
    let rules = hupai::Rules::riichi();
    for (plain, red) in [
        ("23455m456p789s11z", "23405m456p789s11z"),
        ("3455m456p789s11z", "3405m456p789s11z"),
        ("12355m456p789s [456s]", "12305m456p789s [406s]"),
    ] {
        let (a, b): (Hand, Hand) = (plain.parse().unwrap(), red.parse().unwrap());
        assert_eq!(a.counts(), b.counts());
        assert_eq!(a.melds(), b.melds());
        assert_eq!(rules.check(&a).ok(), rules.check(&b).ok(), "{red}");
        assert_eq!(rules.shanten(&a).ok(), rules.shanten(&b).ok(), "{red}");
        assert_eq!(rules.waits(&a).ok(), rules.waits(&b).ok(), "{red}");
    }
}

/// Issue 33: Unicode mahjong tiles and mjai names read as mpsz does, in
/// one hand with the other notations.
#[test]
fn unicode_tiles_and_mjai_names_read_as_mpsz() {
    let same = |a: &str, b: &str| {
        assert_eq!(
            a.parse::<Hand>().unwrap(),
            b.parse::<Hand>().unwrap(),
            "{a} and {b}"
        )
    };
    same("🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀", "123m123p123s11z");
    same("🀆🀆🀆🀅🀅🀄️🀄", "555667z7z");
    same("1m 2m 3m 5mr 5m E E E P F C", "123m05m1115z6z7z");
    same("[🀇🀈🀉] 🀪", "* [123m]");
    assert_eq!("🀄".parse::<Tile>().unwrap().to_string(), "7z");
    assert_eq!("C".parse::<Tile>().unwrap().to_string(), "7z");
    assert_eq!("P".parse::<Tile>().unwrap().to_string(), "5z");
}

/// Issue 32 item 11: spaces inside brackets read as spaces outside do
/// (ignored), and a mismatched bracket is named.
#[test]
fn spaces_inside_brackets_are_accepted() {
    let hand: Hand = "123m [7 8 9s]".parse().unwrap();
    assert_eq!(hand.to_string(), "123m [789s]");
    let meld: hupai::Meld = "[7 8 9s]".parse().unwrap();
    assert_eq!(meld.to_string(), "[789s]");
    assert_eq!(
        "【9999饼]".parse::<Hand>(),
        Err(ParseError::MismatchedBracket {
            open: '【',
            at: 0,
            close: ']',
            close_at: 10,
            expected: '】'
        })
    );
}
