//! GB (国标) scoring: the fan table pinned to `gb-fans.tsv`, the literal
//! cases of `tests/data/score-gb.tsv` (one for each of the 82 fans and
//! for each principle).
//!
//! A data line is `claim<TAB>expected<TAB>why`: the claim in the text form
//! of `ClaimSpec::from_text`; `expected` is `key=value` words, each
//! checked: `fans` (the Chinese names in table order, `名xN` for a fan
//! counted N times), `total` (flowers included), `legal`, `reason`,
//! `error` (as `ScoreError::name`).

use hupai::score::gb::{Fan, ALL_FANS};
use hupai::score::{ClaimSpec, Score, ScoreError};
use hupai::Rules;

fn gb() -> Rules {
    Rules::preset("gb").expect("the gb preset")
}

fn outcome(rules: &Rules, line: &str) -> Result<Score, ScoreError> {
    let (hand, claim) = ClaimSpec::from_text(line)?.resolve()?;
    rules.score(&hand, &claim)
}

/// The fans of a score as the data file writes them.
fn fans_text(score: &Score) -> String {
    let Score::Gb(s) = score else { unreachable!() };
    s.fans
        .iter()
        .map(|f| {
            if f.count > 1 {
                format!("{}x{}", f.fan.name_zh(), f.count)
            } else {
                f.fan.name_zh().to_string()
            }
        })
        .collect::<Vec<_>>()
        .join(",")
}

fn field(score: &Score, key: &str) -> String {
    let Score::Gb(s) = score else { unreachable!() };
    match key {
        "fans" if fans_text(score).is_empty() => "-".to_string(),
        "fans" => fans_text(score),
        "total" => s.points.to_string(),
        "legal" => s.legal.to_string(),
        "reason" => s.reason.map_or("-".into(), |r| r.name().into()),
        "split" => s.split.as_ref().map_or("-".into(), |l| l.to_string()),
        "shape" => s.shape.map_or("-".into(), |l| l.name().into()),
        _ => panic!("unknown key {key}"),
    }
}

#[test]
fn fan_table_is_gb_fans_tsv() {
    let rows: Vec<Vec<&str>> = include_str!("data/gb-fans.tsv")
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split('\t').collect())
        .collect();
    assert_eq!(rows.len(), 82);
    assert_eq!(ALL_FANS.len(), 82);
    for (row, fan) in rows.iter().zip(ALL_FANS) {
        assert_eq!(row[0], fan.points().to_string(), "{fan:?}");
        assert_eq!(row[1], fan.name_zh(), "{fan:?}");
        assert_eq!(row[2], fan.name(), "{fan:?}");
    }
    // The copy in tests/data is the shared file, where it is at hand.
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/gb-fans.tsv");
    if let Ok(text) = std::fs::read_to_string(shared) {
        assert_eq!(text, include_str!("data/gb-fans.tsv"));
    }
}

#[test]
fn score_cases_from_data_file() {
    let rules = gb();
    let mut cases = 0;
    let mut covered = std::collections::BTreeSet::new();
    let mut failures = Vec::new();
    for (n, line) in include_str!("data/score-gb.tsv").lines().enumerate() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        assert_eq!(cols.len(), 3, "line {}: malformed {line:?}", n + 1);
        cases += 1;
        let got = outcome(&rules, cols[0]);
        for word in cols[1].split_whitespace() {
            let (key, want) = word.split_once('=').expect("key=value");
            let have = match (&got, key) {
                (Err(e), "error") => e.name().to_string(),
                (Err(e), _) => format!("error {e}"),
                (Ok(_), "error") => "no error".to_string(),
                (Ok(s), k) => field(s, k),
            };
            if key == "fans" && want != "-" {
                for name in want.split(',') {
                    let name = name.split('x').next().unwrap_or(name);
                    covered.insert(
                        Fan::from_name(name)
                            .unwrap_or_else(|| panic!("line {}: no fan {name}", n + 1)),
                    );
                }
            }
            if have != want {
                failures.push(format!(
                    "line {}: {}: {key} = {have}, expected {want} ({})",
                    n + 1,
                    cols[0],
                    cols[2]
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {cases} cases fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let missing: Vec<&str> = ALL_FANS
        .iter()
        .filter(|f| !covered.contains(f))
        .map(|f| f.name_zh())
        .collect();
    assert!(missing.is_empty(), "fans with no literal case: {missing:?}");
}

/// Scores the claims of the file `HUPAI_GB_CLAIMS` (one a line) and
/// prints `claim<TAB>total<TAB>fans`: the comparison with the public
/// reference calculator (`bindings/python/tests`) reads it.
#[test]
#[ignore = "a tool: run with HUPAI_GB_CLAIMS=FILE"]
fn dump_claims() {
    let Ok(path) = std::env::var("HUPAI_GB_CLAIMS") else {
        return;
    };
    let rules = gb();
    let text = std::fs::read_to_string(path).expect("a claims file");
    let mut out = String::new();
    for line in text.lines() {
        match outcome(&rules, line) {
            Ok(s) => out.push_str(&format!(
                "{line}\t{}\t{}\t{}\t{}\n",
                field(&s, "total"),
                fans_text(&s),
                field(&s, "legal"),
                field(&s, "reason")
            )),
            Err(e) => out.push_str(&format!("{line}\terror\t{}\n", e.name())),
        }
    }
    std::fs::write(
        std::env::var("HUPAI_GB_OUT").unwrap_or("/dev/stdout".into()),
        out,
    )
    .expect("written");
}

#[test]
fn score_err_unscorable_rules_over_gb() {
    // A rule file over gb may add jokers and keep judging shapes; GB
    // scoring refuses it.
    let rules = Rules::from_toml_str("base = \"gb\"\njokers = \"5z\"").expect("rules over gb");
    let e = outcome(&rules, "123m456p789s234s11z 1z").expect_err("unscorable");
    assert_eq!(e.name(), "unscorable");
}

/// Each claim field set alone (ippatsu with riichi, which it needs) on a
/// complete hand: a field the family does not read is refused by its
/// name, one it reads is scored. Riichi reads every field but `flowers`,
/// `last_copy`, `kong_discard` and `revealed`; GB reads the winds,
/// `after_kong`, `last_tile`, `flowers` and `last_copy`; a fan table
/// (sichuan) `seat_wind`, `after_kong`, `last_tile`, `first_turn`,
/// `kong_discard` and `revealed`. `after_kong` (which needs a kong) is
/// read by all three.
#[test]
fn claim_fields_a_family_does_not_read_are_refused_by_name() {
    use hupai::score::ClaimField;
    let cases: [(Rules, &str, &[&str]); 3] = [
        (
            Rules::riichi(),
            "123m456p789s234s55p 4s",
            &["flowers", "last_copy", "kong_discard", "revealed"],
        ),
        (
            gb(),
            "123m456p789s234s55z 3s",
            &[
                "riichi",
                "double_riichi",
                "ippatsu",
                "first_turn",
                "dora",
                "ura_dora",
                "honba",
                "riichi_sticks",
                "kong_discard",
                "revealed",
            ],
        ),
        (
            Rules::preset("sichuan").unwrap(),
            "123m456m789m234p55p 4p",
            &[
                "round_wind",
                "riichi",
                "double_riichi",
                "ippatsu",
                "dora",
                "ura_dora",
                "honba",
                "riichi_sticks",
                "flowers",
                "last_copy",
            ],
        ),
    ];
    for (rules, claim, refused) in cases {
        for field in ClaimField::ALL {
            let name = field.name();
            let words = match name {
                "after_kong" => continue,
                "seat_wind" | "round_wind" => format!("{name}=2z"),
                "dora" | "ura_dora" => format!("{name}=1m"),
                "honba" | "riichi_sticks" | "flowers" => format!("{name}=1"),
                "ippatsu" => "riichi ippatsu".to_string(),
                _ => name.to_string(),
            };
            let line = format!("{claim} {words}");
            let (hand, c) = ClaimSpec::from_text(&line).unwrap().resolve().unwrap();
            assert!(field.is_set(&c), "{line}");
            let got = rules.score(&hand, &c);
            // Ippatsu comes with riichi, refused first where unread.
            let want = if name == "ippatsu" && refused.contains(&"riichi") {
                "riichi"
            } else {
                name
            };
            if refused.contains(&name) {
                assert!(
                    matches!(&got, Err(ScoreError::NotInFamily { field, .. }) if *field == want),
                    "{}: {line}: {got:?}",
                    rules.name()
                );
            } else {
                assert!(got.is_ok(), "{}: {line}: {got:?}", rules.name());
            }
        }
    }
}
