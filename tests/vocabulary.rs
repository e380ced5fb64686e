//! The words players and programmers use beside the library's own: the
//! ways to win as riichi players say them (`tsumo`, `ron`, `chankan`),
//! preset names in any case and their aliases (`mcr`, `japanese`), and a
//! "did you mean" for a near miss of a preset's name.

use hupai::score::{ClaimSpec, ScoreError};
use hupai::{ParseError, Preset, Rules, RulesError, UnknownRules, WinHow, WinningTile};

#[test]
fn win_how_reads_players_words_beside_its_names() {
    for (words, how) in [
        (
            ["self-drawn", "tsumo", "TSUMO", "Self_Drawn"],
            WinHow::SelfDrawn,
        ),
        (["discard", "ron", "Ron", "DISCARD"], WinHow::Discard),
        (
            ["robbing-kong", "chankan", "Chankan", "robbing_kong"],
            WinHow::RobbingKong,
        ),
    ] {
        for word in words {
            assert_eq!(word.parse::<WinHow>(), Ok(how), "{word}");
        }
    }
}

#[test]
fn win_how_err_names_the_words_it_reads() {
    let e = "flying".parse::<WinHow>().unwrap_err();
    assert_eq!(
        e,
        ParseError::NotAWinHow {
            text: "flying".into()
        }
    );
    assert_eq!(
        e.to_string(),
        "\"flying\" is not a way to win: self-drawn (tsumo), discard (ron) or robbing-kong (chankan)"
    );
    for text in ["", "tsu mo", "self drawn", "rons"] {
        assert!(text.parse::<WinHow>().is_err(), "{text:?}");
    }
}

#[test]
fn win_with_tsumo_is_the_self_drawn_win() {
    let rules = Rules::preset("riichi").unwrap();
    let hand = "46s5s 123p 55z [789m] (1111z)".parse().unwrap();
    let tile = WinningTile::Tile("5s".parse().unwrap());
    let tsumo = rules.win(&hand, tile, "tsumo".parse().unwrap()).unwrap();
    assert_eq!(tsumo.how, WinHow::SelfDrawn);
}

#[test]
fn claim_how_reads_the_same_words_as_win_how() {
    let line = "123m456p789s234s55p 3s seat_wind=2z";
    let score = |how: &str| {
        let (hand, claim) = ClaimSpec::from_text(&format!("{line} how={how}"))?.resolve()?;
        assert_eq!(claim.how, how.parse::<WinHow>().unwrap(), "{how}");
        Rules::preset("riichi").unwrap().score(&hand, &claim)
    };
    for (word, name) in [
        ("Tsumo", "self-drawn"),
        ("RON", "discard"),
        ("Chankan", "robbing-kong"),
    ] {
        assert_eq!(score(word).unwrap(), score(name).unwrap(), "{word}");
    }
    match score("flying") {
        Err(ScoreError::BadValue {
            field, expected, ..
        }) => {
            assert_eq!(field, "how");
            assert!(expected.contains("tsumo"), "{expected}");
        }
        other => panic!("{other:?}"),
    }
}

#[cfg(feature = "serde")]
#[test]
fn json_claim_how_reads_tsumo() {
    let spec: ClaimSpec =
        serde_json::from_str(r#"{"hand": "234567m234p67888s", "winning": "8s", "how": "Tsumo"}"#)
            .unwrap();
    assert_eq!(spec.resolve().unwrap().1.how, WinHow::SelfDrawn);
}

#[test]
fn preset_names_read_in_any_case_and_by_alias() {
    for (name, preset) in [
        ("RIICHI", Preset::Riichi),
        ("Riichi", Preset::Riichi),
        ("japanese", Preset::Riichi),
        ("Japanese", Preset::Riichi),
        ("mcr", Preset::Gb),
        ("MCR", Preset::Gb),
        ("GB", Preset::Gb),
        ("HongZhong", Preset::Hongzhong),
    ] {
        assert_eq!(Preset::from_name(name), Some(preset), "{name}");
        assert_eq!(Rules::preset(name).unwrap().name(), preset.name(), "{name}");
        assert_eq!(Rules::load(name).unwrap().name(), preset.name(), "{name}");
    }
    for (alias, preset) in Preset::ALIASES {
        assert_eq!(Preset::from_name(alias), Some(preset));
        assert_eq!(Preset::from_name(preset.name()), Some(preset));
    }
    for name in [
        "",
        "riichi ",
        "mahjong",
        "rïichi",
        "riichi".repeat(100).as_str(),
    ] {
        assert_eq!(Preset::from_name(name), None, "{name:?}");
    }
}

#[test]
fn preset_err_suggests_the_preset_nearly_named() {
    let e = Rules::preset("richi").unwrap_err();
    assert_eq!(
        e,
        UnknownRules {
            name: "richi".into(),
            suggestion: Some(Preset::Riichi),
        }
    );
    assert!(
        e.to_string()
            .starts_with("unknown rules \"richi\": did you mean \"riichi\"? (presets: basic,"),
        "{e}"
    );
    assert_eq!(
        Rules::preset("Sichaun").unwrap_err().suggestion,
        Some(Preset::Sichuan)
    );
    assert_eq!(
        Rules::preset("japanes").unwrap_err().suggestion,
        Some(Preset::Riichi)
    );
    assert_eq!(
        Rules::preset("mrc").unwrap_err().suggestion,
        Some(Preset::Gb)
    );
    let far = Rules::preset("mahjong").unwrap_err();
    assert_eq!(far.suggestion, None);
    assert!(
        far.to_string()
            .starts_with("unknown rules \"mahjong\" (presets:"),
        "{far}"
    );
}

#[test]
fn load_err_near_preset_when_no_file_has_the_name() {
    match Rules::load("richi") {
        Err(RulesError::NearPreset { name, preset }) => {
            assert_eq!((name.as_str(), preset), ("richi", Preset::Riichi));
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        Rules::load("/nonexistent/rules.toml"),
        Err(RulesError::Unknown { .. })
    ));
}
