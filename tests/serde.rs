//! The `serde` feature: every stored type round-trips through JSON as the
//! text the library prints.
#![cfg(feature = "serde")]

use hupai::{Form, Forms, Group, Hand, Rules, Split, Tile, TileSet};

fn round_trip<T>(value: &T, json: &str)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    assert_eq!(serde_json::to_string(value).unwrap(), json);
    assert_eq!(&serde_json::from_str::<T>(json).unwrap(), value);
}

#[test]
fn stored_types_round_trip_as_text() {
    let hand: Hand = "22567p12555678m*".parse().unwrap();
    round_trip(&hand, "\"12555678m22567p*\"");
    round_trip(&"5p".parse::<Tile>().unwrap(), "\"5p\"");
    let waits = Rules::basic().waits(&"1234677p".parse().unwrap()).unwrap();
    round_trip(&waits, "[\"5p\"]");
    round_trip(&TileSet::EMPTY, "[]");
    round_trip(&Form::SevenPairs, "\"seven-pairs\"");
    round_trip(
        &Forms::of(&[Form::Standard, Form::ThirteenOrphans]),
        "[\"standard\",\"thirteen-orphans\"]",
    );
    let rules = Rules::from_toml_str("base = \"chinese\"\nhonor_sequences = true").unwrap();
    for text in ["123m456p789s124z55z", "12m456p789s12z55z**", "1m****"] {
        for split in rules.splits(&text.parse().unwrap()).unwrap() {
            let json = serde_json::to_string(&split).unwrap();
            assert_eq!(
                serde_json::from_str::<Split>(&json).unwrap(),
                split,
                "{json}"
            );
            for g in &split.groups {
                assert_eq!(g.to_string().parse::<Group>().unwrap(), *g);
            }
        }
    }
}

#[test]
fn bad_text_is_an_error_naming_it() {
    let e = serde_json::from_str::<Hand>("\"123x\"").unwrap_err();
    assert!(e.to_string().contains('x'), "{e}");
    assert!(serde_json::from_str::<Tile>("\"12m\"").is_err());
    assert!(serde_json::from_str::<Form>("\"nine-gates\"").is_err());
    for bad in [
        "\"135m\"",
        "\"*1m:11m\"",
        "\"125z\"",
        "\"12*m\"",
        "\"1*3s:124s\"",
    ] {
        assert!(serde_json::from_str::<Group>(bad).is_err(), "{bad}");
    }
    let long = format!("[{}]", vec!["\"1m\""; 100].join(","));
    assert!(serde_json::from_str::<TileSet>(&long).is_err());
}

#[test]
fn red_fives_round_trip_as_text() {
    let hand: Hand = "340m5p [406s]".parse().unwrap();
    round_trip(&hand, "\"340m5p [406s]\"");
    assert_eq!(
        serde_json::from_str::<Hand>("\"340m5p [406s]\"")
            .unwrap()
            .red_fives(),
        2
    );
}

/// A JSON claim is read by the library's one reader, one level deep: each
/// list item one tile, a nested list or a string flag refused with the
/// field's name, an unknown field refused (issue 49).
#[test]
fn a_json_claim_reads_one_level_deep_and_one_tile_an_item() {
    use hupai::score::{ClaimSpec, ClaimValue, ScoreError};
    let read = |json: &str| serde_json::from_str::<ClaimSpec>(json).map_err(|e| e.to_string());
    let spec =
        read(r#"{"hand":"234567m234p67888s","winning":"8s","dora":["3m","7z"],"honba":null}"#)
            .unwrap();
    let (_, claim) = spec.resolve().unwrap();
    assert_eq!(claim.dora, ["3m".parse().unwrap(), "7z".parse().unwrap()]);
    assert_eq!(claim.honba, 0);
    for (json, error) in [
        (r#"{"dora":["1","2m"]}"#, "dora: "),
        (r#"{"dora":["3m","","7z"]}"#, "dora: "),
        (r#"{"dora":[["3m"]]}"#, "expected a string"),
        (
            r#"{"riichi":"false"}"#,
            "riichi takes true or false, not a string",
        ),
        (r#"{"honba":1.5}"#, "honba takes a count"),
        (r#"{"seatWind":"2z"}"#, "\"seatWind\" is not a claim field"),
        (r#"{"dora":{"a":1}}"#, "not an object"),
    ] {
        let e = read(json).unwrap_err();
        assert!(e.contains(error), "{json}: {e}");
    }
    // The same reader for the bindings' values and the text form.
    let mut spec = ClaimSpec::default();
    assert_eq!(
        spec.set_field("hand", ClaimValue::Text(&" ".repeat(5000))),
        Err(ScoreError::TooLong {
            field: "hand",
            bytes: 5000
        })
    );
    assert!(matches!(
        spec.set_field("honba", ClaimValue::Flag(true)),
        Err(ScoreError::WrongType { field: "honba", .. })
    ));
    assert!(matches!(
        ClaimSpec::from_text("234567m234p67888s 8s riichi=maybe"),
        Err(ScoreError::BadValue { .. })
    ));
}

/// `Rules::wait_values` refuses a context that makes a fifth copy without
/// the wait, and leaves out only a wait whose own copies are all seen.
#[test]
fn wait_values_refuse_a_context_that_contradicts_the_hand() {
    use hupai::score::{ClaimSpec, ScoreError};
    let rules = Rules::preset("riichi").unwrap();
    let hand: Hand = "23m456p678s55p123s".parse().unwrap();
    let context = |text: &str| {
        ClaimSpec::default()
            .with_fields(text)
            .unwrap()
            .resolve_context()
            .unwrap()
    };
    assert!(matches!(
        rules.wait_values(&hand, &context("dora=5p5p5p")),
        Err(ScoreError::IndicatorCopies { count: 5, .. })
    ));
    let values = rules.wait_values(&hand, &context("dora=1m1m1m1m")).unwrap();
    let tiles: Vec<String> = values.iter().map(|v| v.tile.to_string()).collect();
    assert_eq!(tiles, ["4m"]);
}

/// A claim that is not a JSON object is told what a claim is (issue 45:
/// `[1,2]`), and so is a claim given as a string (the JS `r.score(hand,
/// "8s")`).
#[test]
fn a_claim_is_a_json_object() {
    use hupai::score::ClaimSpec;
    for json in ["[1,2]", "\"8s\"", "3"] {
        let e = serde_json::from_str::<ClaimSpec>(json)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("expected a claim, which is a JSON object of its fields"),
            "{json}: {e}"
        );
    }
    let spec: ClaimSpec = serde_json::from_str(r#"{"hand": "11z", "winning": "1z"}"#).unwrap();
    assert_eq!(spec.winning.as_deref(), Some("1z"));
}
