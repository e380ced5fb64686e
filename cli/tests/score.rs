//! `hupai score` and `hupai waits --values`: claims as JSON or text, JSON
//! output with the issue's field names, a bad line answered with its error
//! while the rest go on.

use crate::common;

use common::{json, run};

#[test]
fn score_json_claims_print_the_named_fields() {
    let input = concat!(
        r#"{"hand":"234567m234p67888s","winning":"8s","how":"self-drawn","riichi":true,"dora":"3m"}"#,
        "\n",
        r#"{"hand":"123m55z [789s] [777p] [123s]","winning":"1m"}"#,
        "\n",
        r#"{"hand":"123m456p789s234s55p","winning":"4s","seat_wind":"2z","riichi":true,"honba":2,"riichi_sticks":1,"dora":["4p"]}"#,
        "\n"
    );
    let (out, err, code) = run(&["score", "--rules", "riichi", "--json"], input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 3);
    let first = &lines[0];
    for field in [
        "hand",
        "legal",
        "han",
        "fu",
        "fu_details",
        "yaku",
        "yakuman",
        "limit",
        "points",
        "split",
        "shape",
    ] {
        assert!(first.get(field).is_some(), "{field} missing in {first}");
    }
    assert_eq!(first["points"]["total"], 12000);
    assert_eq!(first["points"]["others"], 4000);
    assert_eq!(first["limit"], "mangan");
    assert_eq!(first["yaku"][0]["name"], "menzen_tsumo");
    assert_eq!(lines[1]["legal"], false);
    assert_eq!(lines[1]["reason"], "no_yaku");
    assert_eq!(lines[2]["points"]["total"], 8000 + 600 + 1000);
    assert_eq!(lines[2]["points"]["discard"], 8600);
}

#[test]
fn score_text_claims_and_bad_lines() {
    let input = "234567m234p67888s 8s how=self-drawn riichi\n{\"hand\":\"123m\"\n123m456p789s234s55p 4s riichi seat_wind=5z\n123m456p789s234s55p 4s riichi seat_wind=2z\n";
    let (out, _, code) = run(&["score", "--rules", "riichi"], input);
    assert_eq!(code, 1, "a bad line is an error");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(
        lines[0],
        "234567m234p67888s\t8s\t7800 (others 2600)\t4 han 20 fu\tmenzen_tsumo:1 riichi:1 pinfu:1 tanyao:1"
    );
    assert!(lines[1].contains("error: bad claim"), "{}", lines[1]);
    assert!(lines[2].contains("error: seat_wind = 5z"), "{}", lines[2]);
    assert!(lines[3].starts_with("123m456p789s234s55p\t4s\t2000 (discard 2000)"));
}

#[test]
fn score_needs_scoring_rules() {
    let (out, _, code) = run(&["score", "--rules", "chinese"], "123m456p789s234s55p 4s\n");
    assert_eq!(code, 1);
    assert!(out.contains("no [scoring] table"), "{out}");
}

#[test]
fn waits_values_flag_the_waits_without_yaku() {
    let (out, err, code) = run(
        &[
            "waits",
            "--values",
            "--rules",
            "riichi",
            "--context",
            "seat_wind=2z",
            "23m456p678s55p [234s]",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "23m456p678s55p [234s]\t1m: no yaku / no yaku\t4m: 1000 / 1100\n"
    );
    let (out, _, _) = run(
        &[
            "waits",
            "--values",
            "--json",
            "--rules",
            "riichi",
            "23m456p678s55p [234s]",
        ],
        "",
    );
    let v = json(out.trim());
    assert_eq!(v["values"][0]["tile"], "1m");
    assert_eq!(v["values"][0]["no_yaku_on_discard"], true);
    assert_eq!(v["values"][1]["discard"]["points"]["total"], 1500);
}

#[test]
fn score_text_echoes_the_hand_escaped_and_cut_one_line_a_claim() {
    let spaces = " ".repeat(3000);
    let input = format!(
        "{}\n{}\n{}\n{}\n",
        r#"{"hand":"234567m\n234p67888s","winning":"8s"}"#,
        r#"{"hand":"234567m\t234p67888s","winning":"8s"}"#,
        r#"{"hand":"234567m\r234p67888s","winning":"8s"}"#,
        format_args!(r#"{{"hand":"{spaces}234567m234p67888s","winning":"8s"}}"#),
    );
    let (out, err, code) = run(&["score", "--rules", "riichi"], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out:?}");
    let tail = "\t8s\t2900 (discard 2900)\t2 han 30 fu\tpinfu:1 tanyao:1";
    assert_eq!(lines[0], format!("234567m\\n234p67888s{tail}"));
    assert_eq!(lines[1], format!("234567m\\t234p67888s{tail}"));
    assert_eq!(lines[2], format!("234567m\\r234p67888s{tail}"));
    let cut = format!("{}… (3017 bytes){tail}", " ".repeat(64));
    assert_eq!(lines[3], cut);
    assert!(!out.contains('\r'), "{out:?}");
    // JSON: the hand a string, cut as the error lines cut it.
    let (out, err, code) = run(&["score", "--rules", "riichi", "--json"], &input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[3]["hand"],
        format!("{}… (3017 bytes)", " ".repeat(64))
    );
    assert_eq!(lines[3]["points"]["total"], 2900);
}

#[test]
fn waits_values_refuses_a_context_that_contradicts_the_hand() {
    let (out, _, code) = run(
        &[
            "waits",
            "--values",
            "--rules",
            "riichi",
            "--context",
            "dora=5p5p5p",
            "23m456p678s55p123s",
        ],
        "",
    );
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("error: 5 copies of 5p"), "{out}");
    // A wait whose own copies are all seen is left out; the others stay.
    let (out, err, code) = run(
        &[
            "waits",
            "--values",
            "--rules",
            "riichi",
            "--context",
            "dora=1m1m1m1m",
            "23m456p678s55p123s",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("23m456p678s55p123s\t4m: "), "{out}");
    assert!(!out.contains("1m:"), "{out}");
}

#[test]
fn score_json_indicator_lists_hold_one_tile_an_item_and_nothing_nested() {
    let deep = format!(
        r#"{{"hand":"234567m234p67888s","winning":"8s","dora":{}{}}}"#,
        "[".repeat(6000),
        "]".repeat(6000)
    );
    let input = [
        r#"{"hand":"234567m234p67888s","winning":"8s","dora":["1", "2m"]}"#,
        r#"{"hand":"234567m234p67888s","winning":"8s","dora":["3m", "", "7z"]}"#,
        r#"{"hand":"234567m234p67888s","winning":"8s","dora":[["3m"]]}"#,
        r#"{"hand":"234567m234p67888s","winning":"8s","riichi":"false"}"#,
        r#"{"hand":"234567m234p67888s","winning":"8s","seatWind":"2z"}"#,
        &deep,
        r#"{"hand":"234567m234p67888s","winning":"8s","dora":["3m", "7z"]}"#,
    ]
    .join("\n");
    let (out, _, code) = run(&["score", "--rules", "riichi"], input + "\n");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 7, "{out}");
    assert!(
        lines[0].contains("error: bad claim: dora: "),
        "{}",
        lines[0]
    );
    assert!(
        lines[1].contains("error: bad claim: dora: "),
        "{}",
        lines[1]
    );
    assert!(lines[2].contains("error: bad claim: "), "{}", lines[2]);
    assert!(
        lines[3].contains("riichi takes true or false, not a string"),
        "{}",
        lines[3]
    );
    assert!(
        lines[4].contains("\"seatWind\" is not a claim field"),
        "{}",
        lines[4]
    );
    assert!(lines[5].contains("error: "), "{}", lines[5]);
    // 2,900 and a dora (4m): 5,800.
    assert!(
        lines[6].starts_with("234567m234p67888s\t8s\t5800 (discard 5800)"),
        "{}",
        lines[6]
    );
}

/// Issue 45: a JSON line that is not an object is told that a claim is a
/// JSON object; a text claim without its winning tile says so.
#[test]
fn score_names_what_a_claim_lacks() {
    let (out, _, code) = run(
        &["score", "--rules", "riichi"],
        "[1,2]\n234567m234p67888s\n",
    );
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines[0].contains("a claim, which is a JSON object of its fields"),
        "{out}"
    );
    assert!(lines[1].ends_with("the claim has no winning tile"), "{out}");
}

/// Issue 45's messages: `score --help` names its arguments claims; `e e e`
/// is told how honours are written; `waits` on 14 tiles points to `check`
/// and `efficiency`; a short hand's waits are no win.
#[test]
fn messages_point_a_newcomer_on() {
    let (out, _, code) = run(&["score", "--help"], "");
    assert_eq!(code, 0);
    assert!(out.contains("[CLAIMS]..."), "{out}");
    assert!(!out.contains("HANDS"), "{out}");
    let (out, _, _) = run(&["check", "e e e"], "");
    assert_eq!(
        out,
        "e e e\terror: unknown character 'e' at byte 0; honours are written 1z-7z, or E S W N P F C (east, south, west, north, white, green, red)\n"
    );
    let (out, _, _) = run(&["waits", "123m456p789s11z22z3z"], "");
    assert!(
        out.ends_with("; for a hand of 3N+2 tiles, try hupai check (a win?) or hupai efficiency (what to discard)\n"),
        "{out}"
    );
    let (out, _, code) = run(
        &["waits", "--values", "--rules", "riichi", "123m456p789s7z"],
        "",
    );
    assert_eq!(
        (out.as_str(), code),
        ("123m456p789s7z\t7z: not a win / not a win\n", 0)
    );
}
