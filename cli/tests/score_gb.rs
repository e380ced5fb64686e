//! `hupai score --rules gb` and `hupai waits --values --rules gb`: GB's
//! fields (fans with both names, points, legal, reason, split) through the
//! library's one serialisation, and the text forms.

use crate::common;

use common::{json, run};

#[test]
fn score_gb_json_prints_the_fans_with_both_names() {
    let input = concat!(
        r#"{"hand":"123456789m234s11z","winning":"1z","how":"self-drawn"}"#,
        "\n",
        "234m567p789s11z [345s] 1z\n",
        "123m456p789s135z55s 1z\n",
    );
    let (out, err, code) = run(&["score", "--rules", "gb", "--json"], input);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 3);
    let first = &lines[0];
    for field in ["hand", "legal", "fans", "points", "split", "shape"] {
        assert!(first.get(field).is_some(), "{field} missing in {first}");
    }
    assert_eq!(first["legal"], true);
    assert!(first.get("reason").is_none());
    assert_eq!(first["points"]["total"], 22);
    assert_eq!(
        first["fans"][0],
        serde_json::json!({"name": "Pure Straight", "name_zh": "清龙", "points": 16, "count": 1})
    );
    // A complete hand below 8: scored, not legal, with the reason.
    assert_eq!(lines[1]["legal"], false);
    assert_eq!(lines[1]["reason"], "under_8_points");
    assert_eq!(lines[1]["points"]["total"], 1);
    // Not complete.
    assert_eq!(lines[2]["reason"], "not_complete");
    assert_eq!(lines[2]["split"], serde_json::Value::Null);
}

#[test]
fn score_gb_text_lists_the_fans_and_flowers() {
    let (out, err, code) = run(
        &["score", "--rules", "gb"],
        "123456789m234s11z 1z how=self-drawn flowers=2\n234m567p789s11z [345s] 1z\n",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "123456789m234s11z\t1z\t24\t清龙:16 不求人:4 花牌:1x2 缺一门:1 独听・单钓:1\n\
         234m567p789s11z [345s]\t1z\tnot legal: under_8_points\t1\t独听・单钓:1\n"
    );
}

#[test]
fn score_gb_refuses_riichi_fields_with_the_error() {
    let (out, _, code) = run(&["score", "--rules", "gb"], "123456789m234s11z 1z riichi\n");
    assert_ne!(code, 0);
    assert!(out.contains("error"), "{out}");
}

#[test]
fn waits_values_gb_give_both_totals_and_the_minimum() {
    let (out, err, code) = run(
        &[
            "waits",
            "--values",
            "--rules",
            "gb",
            "123456789m234s1z",
            "234m567p789s1z [345s]",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "123456789m234s1z\t1z: 20 / 22\n234m567p789s1z [345s]\t1z: 1 under 8 / 2 under 8\n"
    );
    let (out, _, _) = run(
        &[
            "waits",
            "--values",
            "--json",
            "--rules",
            "gb",
            "234m567p789s1z [345s]",
        ],
        "",
    );
    let v = json(out.trim());
    assert_eq!(v["values"][0]["tile"], "1z");
    assert_eq!(
        v["values"][0]["reaches_8"],
        serde_json::json!({"discard": false, "self_drawn": false})
    );
    assert_eq!(v["values"][0]["self_drawn"]["points"]["total"], 2);
}
