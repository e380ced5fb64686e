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
