//! Literal win-check cases from `tests/data/check.tsv`, and the errors.

use hupai::{Hand, HandError, ParseError, Rules, Tile};

fn outcome(rules: &Rules, text: &str) -> String {
    let hand = match text.parse::<Hand>() {
        Ok(h) => h,
        Err(ParseError::MissingSuit { .. }) => return "error MissingSuit".into(),
        Err(e) => panic!("unexpected parse error {e:?} for {text:?}"),
    };
    match rules.check(&hand) {
        Ok(forms) if forms.is_empty() => "no".into(),
        Ok(forms) => format!(
            "win {}",
            forms.iter().map(|f| f.name()).collect::<Vec<_>>().join(" ")
        ),
        Err(HandError::WrongSize { .. }) => "error WrongSize".into(),
        Err(HandError::TooManyTiles { .. }) => "error TooManyTiles".into(),
        Err(e) => panic!("unexpected error {e:?} for {text:?}"),
    }
}

#[test]
fn check_cases_from_data_file() {
    let mut cases = 0;
    for line in include_str!("data/check.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
    {
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "malformed case line {line:?}");
        let rules = Rules::preset(cols[0]).unwrap();
        assert_eq!(
            outcome(&rules, cols[1]),
            cols[2],
            "{} under {}: {}",
            cols[1],
            cols[0],
            cols[3]
        );
        cases += 1;
    }
    assert!(cases >= 25);
}

#[test]
fn check_err_wrong_size_names_the_size() {
    let e = Rules::chinese()
        .check(&"123m456p789s1z".parse().unwrap())
        .unwrap_err();
    assert_eq!(
        e,
        HandError::WrongSize {
            tiles: 10,
            expected: "3N+2 for a win (2, 5, 8, 11 or 14)".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "10 tiles (jokers included): expected 3N+2 for a win (2, 5, 8, 11 or 14)"
    );
}

#[test]
fn check_err_wrong_size_counts_one_tile_in_the_singular() {
    let e = Rules::chinese().check(&"1m".parse().unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "1 tile (jokers included): expected 3N+2 for a win (2, 5, 8, 11 or 14)"
    );
    let e = Rules::chinese().waits(&"1m*".parse().unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "2 tiles (jokers included): expected 3N+1 to wait (1, 4, 7, 10 or 13)"
    );
    let e = HandError::TooManyTiles { tiles: 1, max: 0 };
    assert_eq!(e.to_string(), "1 tile (jokers included): at most 0");
}

#[test]
fn check_err_too_many_tiles_for_the_rules() {
    let hand: Hand = "11112222333344m**".parse().unwrap();
    let e = Rules::basic().check(&hand).unwrap_err();
    assert_eq!(e, HandError::TooManyTiles { tiles: 16, max: 14 });
}

#[test]
fn check_err_tile_not_in_rules_names_tile_and_rules() {
    let red = Tile::from_index(33).unwrap();
    let rules = Rules::basic().without_tile(red).unwrap();
    let e = rules
        .check(&"123m456p789s11z777z".parse().unwrap())
        .unwrap_err();
    assert_eq!(
        e,
        HandError::TileNotInRules {
            tile: red,
            rules: "basic without 7z".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "7z is not used by the 'basic without 7z' rules"
    );
    // A hand without the tile is judged as usual.
    assert!(rules
        .is_win(&"123m456p789s11z222z".parse().unwrap())
        .unwrap());
}

#[test]
fn is_win_counts_err_for_any_count_array() {
    let rules = Rules::chinese();
    for bad in 5..=255u8 {
        let mut counts = [0u8; 34];
        counts[(bad as usize) % 34] = bad;
        assert!(matches!(
            rules.is_win_counts(&counts, 0),
            Err(HandError::TooManyCopies { count, .. }) if count == bad as usize
        ));
    }
    assert!(matches!(
        rules.is_win_counts(&[0; 34], 200),
        Err(HandError::TooManyTiles { tiles: 200, .. })
    ));
}
