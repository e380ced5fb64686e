//! Literal riichi scoring cases from `tests/data/score-riichi.tsv`: every
//! yaku, every fu item, every limit and switch, every error.
//!
//! A line is `switches<TAB>claim<TAB>expected<TAB>why`: `switches` is `-`
//! or `key=value,...` over the `riichi` preset's `[scoring]` table; the
//! claim is in the text form of `ClaimSpec::from_text`; `expected` is
//! `key=value` words, each checked (`han`, `fu`, `total`, `discard`,
//! `dealer`, `others`, `yakuman`, `limit`, `shape`, `reason`, `yaku` as
//! `name:han,...` in order, `fu_details` as `reason:fu,...`, `error` as
//! `ScoreError::name`).

use hupai::score::{ClaimSpec, Score, ScoreError};
use hupai::Rules;

fn rules_with(switches: &str) -> Rules {
    if switches == "-" {
        return Rules::riichi();
    }
    let mut toml = String::from("base = \"riichi\"\n[scoring]\n");
    for kv in switches.split(',') {
        let (k, v) = kv.split_once('=').expect("key=value");
        let v = if v == "true" || v == "false" {
            v.to_string()
        } else {
            format!("{v:?}")
        };
        toml.push_str(&format!("{k} = {v}\n"));
    }
    Rules::from_toml_str(&toml).unwrap_or_else(|e| panic!("{switches}: {e}"))
}

fn outcome(rules: &Rules, line: &str) -> Result<Score, ScoreError> {
    let (hand, claim) = ClaimSpec::from_text(line)?.resolve()?;
    rules.score(&hand, &claim)
}

fn field(score: &Score, key: &str) -> String {
    let Score::Riichi(s) = score else {
        unreachable!()
    };
    let opt = |v: Option<u32>| v.map_or("-".to_string(), |v| v.to_string());
    match key {
        "legal" => s.legal.to_string(),
        "han" => s.han.to_string(),
        "fu" => s.fu.to_string(),
        "total" => s.points.total.to_string(),
        "discard" => opt(s.points.discard),
        "dealer" => opt(s.points.dealer),
        "others" => opt(s.points.others),
        "yakuman" => s.yakuman.to_string(),
        "limit" => s.limit.map_or("-".into(), |l| l.name().into()),
        "shape" => s.shape.map_or("-".into(), |l| l.name().into()),
        "reason" => s.reason.map_or("-".into(), |l| l.name().into()),
        "split" => s.split.as_ref().map_or("-".into(), |l| l.to_string()),
        "yaku" => s
            .yaku
            .iter()
            .map(|y| format!("{}:{}", y.yaku.name(), y.han))
            .collect::<Vec<_>>()
            .join(","),
        "fu_details" => s
            .fu_details
            .iter()
            .map(|f| format!("{}:{}", f.reason.name(), f.fu))
            .collect::<Vec<_>>()
            .join(","),
        _ => panic!("unknown key {key}"),
    }
}

#[test]
fn score_cases_from_data_file() {
    let mut cases = 0;
    let mut failures = Vec::new();
    for (n, line) in include_str!("data/score-riichi.tsv").lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 4, "line {}: malformed {line:?}", n + 1);
        let rules = rules_with(cols[0]);
        let got = outcome(&rules, cols[1]);
        for kv in cols[2].split_whitespace() {
            let (k, want) = kv.split_once('=').expect("key=value");
            let have = match (&got, k) {
                (Err(e), "error") => e.name().to_string(),
                (Err(e), _) => format!("error {}: {e}", e.name()),
                (Ok(_), "error") => "a score".to_string(),
                (Ok(s), k) => field(s, k),
            };
            if have != want {
                failures.push(format!(
                    "line {}: {} [{}]: {k} = {have}, expected {want} ({})",
                    n + 1,
                    cols[1],
                    cols[0],
                    cols[3]
                ));
            }
        }
        cases += 1;
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(cases >= 100, "only {cases} cases");
}

#[test]
fn rules_without_scoring_are_an_error() {
    let (hand, claim) = ClaimSpec::from_text("123m456p789s11z22z 2z")
        .unwrap()
        .resolve()
        .unwrap();
    assert!(matches!(
        Rules::basic().score(&hand, &claim),
        Err(ScoreError::NoScoring { .. })
    ));
}

#[test]
fn bad_scoring_tables_are_typed_errors() {
    use hupai::rules::scoring::ScoringError;
    use hupai::RulesError;
    let cases = [
        ("[scoring]\nopen_tanyao = true", "NoFamily"),
        ("[scoring]\nfamily = \"mcr\"", "UnknownFamily"),
        ("base = \"riichi\"\n[scoring]\nkazoe = \"none\"", "BadValue"),
        ("base = \"riichi\"\n[scoring]\nrenhou = \"yes\"", "BadValue"),
    ];
    for (toml, want) in cases {
        let e = Rules::from_toml_str(toml).unwrap_err();
        let name = match &e {
            RulesError::Scoring(ScoringError::NoFamily) => "NoFamily",
            RulesError::Scoring(ScoringError::UnknownFamily { .. }) => "UnknownFamily",
            RulesError::Scoring(ScoringError::BadValue { .. }) => "BadValue",
            _ => "other",
        };
        assert_eq!(name, want, "{toml}: {e}");
    }
    // Rules the family cannot score load and judge shapes; scoring them is
    // the typed error.
    let chinese =
        Rules::from_toml_str("base = \"chinese\"\n[scoring]\nfamily = \"riichi\"").unwrap();
    assert!(chinese
        .is_win(&"123m456p789s123s11z".parse().unwrap())
        .unwrap());
    let riichi = Rules::riichi();
    let without_1z = riichi.without_tile("1z".parse().unwrap()).unwrap();
    for rules in [&chinese, &without_1z] {
        let hand: hupai::Hand = "123m456p789s123s55z".parse().unwrap();
        let claim = hupai::score::ClaimSpec::from_text("123m456p789s123s55z 1m how=self-drawn")
            .unwrap()
            .resolve()
            .unwrap()
            .1;
        let e = rules.score(&hand, &claim).unwrap_err();
        assert!(matches!(e, ScoreError::Unscorable { .. }), "{e:?}");
    }
    // An unknown field of the table is a TOML error naming it.
    let e = Rules::from_toml_str("base = \"riichi\"\n[scoring]\nakadora = true").unwrap_err();
    assert!(e.to_string().contains("akadora"), "{e}");
    // A base's table is overridden field by field, and round-trips.
    let r = Rules::from_toml_str("base = \"riichi\"\n[scoring]\nkiriage = true").unwrap();
    let s = r.scoring().unwrap();
    assert!(s.kiriage && s.open_tanyao);
    assert_eq!(
        Rules::from_toml_str(&r.to_spec().to_toml())
            .unwrap()
            .scoring(),
        Some(s)
    );
}

/// The value of a wait counts the ready hand's red fives (aka dora), on
/// every tile it waits on, in the concealed part and in a meld.
#[test]
fn wait_values_count_red_fives() {
    use hupai::score::Claim;
    use hupai::WinHow;
    let rules = Rules::riichi();
    let mut context = Claim::new("1z".parse().unwrap(), WinHow::Discard);
    context.seat_wind = "2z".parse().unwrap();
    let hand = "23m406p55s777z [406s]".parse().unwrap();
    let values = rules.wait_values(&hand, &context).unwrap();
    assert_eq!(values.len(), 2);
    for v in &values {
        let Score::Riichi(s) = &v.discard else {
            unreachable!()
        };
        let aka: Vec<u32> = s
            .yaku
            .iter()
            .filter(|y| y.yaku.name() == "aka_dora")
            .map(|y| y.han)
            .collect();
        assert_eq!(aka, [2], "{}: {:?}", v.tile, s.yaku);
    }
}

/// A wait whose every copy is in the hand and the dora indicators has no
/// value: `2344p` holds three 4p and the indicator shows the fourth.
#[test]
fn wait_values_leave_out_a_wait_with_no_copy_left() {
    use hupai::score::Claim;
    use hupai::WinHow;
    let rules = Rules::riichi();
    let mut context = Claim::new("1z".parse().unwrap(), WinHow::Discard);
    context.seat_wind = "2z".parse().unwrap();
    let hand = "123m456p789s2344p".parse().unwrap();
    let tiles = |context: &Claim| -> Vec<String> {
        rules
            .wait_values(&hand, context)
            .unwrap()
            .iter()
            .map(|v| v.tile.to_string())
            .collect()
    };
    assert_eq!(tiles(&context), ["1p", "4p", "7p"]);
    context.dora = vec!["4p".parse().unwrap()];
    assert_eq!(tiles(&context), ["1p", "7p"]);
}

/// A ready hand short of the whole size has no winning value: each wait is
/// listed, not legal either way, for the reason `not_a_win`, as `score`
/// scores the short hand (issue 45: `123m456p789s77z` won on the 7z is 11
/// tiles, not a win; before the win it waits on 7z).
#[test]
fn wait_values_of_a_short_hand_are_not_a_win() {
    use hupai::score::Claim;
    use hupai::WinHow;
    let rules = Rules::riichi();
    let mut context = Claim::new("1z".parse().unwrap(), WinHow::Discard);
    context.seat_wind = "2z".parse().unwrap();
    context.riichi = true;
    let values = rules
        .wait_values(&"123m456p789s7z".parse().unwrap(), &context)
        .unwrap();
    let read: Vec<String> = values
        .iter()
        .map(|v| {
            let reason = |s: &Score| match s {
                Score::Riichi(s) => s.reason.map_or("legal", |r| r.name()),
                _ => unreachable!(),
            };
            format!(
                "{} {} {}",
                v.tile,
                reason(&v.discard),
                reason(&v.self_drawn)
            )
        })
        .collect();
    assert_eq!(read, ["7z not_a_win not_a_win"]);
}

/// The text form's errors name the field: a hand alone lacks its winning
/// tile, and a field given twice with different values is named with both
/// (issue 45).
#[test]
fn text_claim_errors_name_the_field() {
    let message = |line: &str| outcome(&Rules::riichi(), line).unwrap_err().to_string();
    assert_eq!(
        message("234567m234p67888s"),
        "the claim has no winning tile"
    );
    assert_eq!(
        message("123456m234p67899s 8s tsumo chankan seat_wind=2z"),
        "how is given twice: tsumo and chankan"
    );
    assert_eq!(
        message("123456m234p67899s 8s seat_wind=2z seat_wind=3z"),
        "seat_wind is given twice: 2z and 3z"
    );
    assert_eq!(
        message("123456m234p67899s 8s riichi riichi=false"),
        "riichi is given twice: true and false"
    );
    assert_eq!(
        message("234567m234p67888s 0m riichi seat_wind=2z"),
        "the winning tile is a red 5m, and the concealed part holds no red 5m"
    );
    // The text form parses as a claim (`FromStr`).
    let spec: hupai::score::ClaimSpec = "234567m234p67888s 8s how=self-drawn".parse().unwrap();
    assert_eq!(spec.winning.as_deref(), Some("8s"));
}
