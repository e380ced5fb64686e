//! `hupai shanten` and `hupai efficiency`: their text and JSON lines, the
//! error lines, and the exit statuses, as the other commands have them.

use crate::common;

use common::{json, run};

#[test]
fn shanten_prints_one_number_per_hand() {
    let (out, err, code) = run(
        &[
            "shanten",
            "123m456p789s1122z",
            "123m456p789s11222z",
            "1111m*",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "123m456p789s1122z\t0\n123m456p789s11222z\t-1\n1111m*\t-1\n"
    );
    let (out, _, code) = run(
        &["shanten", "--json", "--rules", "riichi"],
        "147m258p369s1234z\n",
    );
    assert_eq!(code, 0);
    let v = json(out.trim_end());
    assert_eq!(v["hand"], "147m258p369s1234z");
    assert_eq!(v["shanten"], 6);
}

#[test]
fn shanten_gives_a_bad_line_its_error_and_answers_the_rest() {
    let (out, _, code) = run(&["shanten", "--json"], "123m\n11m\n12x\n");
    assert_eq!(code, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(json(lines[0])["error"]
        .as_str()
        .unwrap()
        .contains("3 tiles"));
    assert_eq!(json(lines[1])["shanten"], -1);
    assert!(json(lines[2])["error"].as_str().unwrap().contains('x'));
}

#[test]
fn efficiency_of_a_hand_waiting_lists_its_tiles() {
    let (out, _, code) = run(&["efficiency", "--json", "123m456p789s11z23p"], "");
    assert_eq!(code, 0);
    let v = json(out.trim_end());
    assert_eq!(v["shanten"], 0);
    assert_eq!(v["tiles"], serde_json::json!(["1p", "4p", "7p"]));
    assert_eq!(v["count"], 11);
    let (text, _, _) = run(&["efficiency", "123m456p789s11z23p"], "");
    assert_eq!(text, "123m456p789s11z23p\tshanten 0\t11 tiles: 1p 4p 7p\n");
    // Tiles seen on the table are not counted.
    let (out, _, _) = run(
        &[
            "efficiency",
            "--json",
            "--visible",
            "1p1p 7p",
            "123m456p789s11z23p",
        ],
        "",
    );
    assert_eq!(json(out.trim_end())["count"], 8);
}

#[test]
fn efficiency_of_a_full_hand_lists_every_discard_best_first() {
    let (out, _, code) = run(&["efficiency", "--json", "123m456p789s11z234p"], "");
    assert_eq!(code, 0);
    let v = json(out.trim_end());
    assert_eq!(v["shanten"], -1);
    let discards = v["discards"].as_array().unwrap();
    // One entry per kind held.
    assert_eq!(discards.len(), 12);
    assert_eq!(discards[0]["discard"], "4p");
    assert_eq!(discards[0]["shanten"], 0);
    assert_eq!(discards[0]["tiles"], serde_json::json!(["1p", "4p", "7p"]));
    // 4p: two in the hand before the discard.
    assert_eq!(discards[0]["count"], 10);
    let counts: Vec<u64> = discards
        .iter()
        .map(|d| d["count"].as_u64().unwrap())
        .collect();
    assert!(counts.windows(2).all(|w| w[0] >= w[1]), "{counts:?}");
    // A joker is a discard of its own.
    let (out, _, _) = run(&["efficiency", "--json", "123m456p789s11z23p*"], "");
    let v = json(out.trim_end());
    let last = v["discards"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(last["discard"], "*");
}

#[test]
fn efficiency_refuses_bad_visible_tiles_before_reading_hands() {
    let (_, err, code) = run(&["efficiency", "--visible", "11111m", "1m"], "");
    assert_eq!(code, 2);
    assert!(err.contains("5 copies of 1m"), "{err}");
    let (out, _, code) = run(&["efficiency", "--visible", "111m", "11m"], "");
    assert_eq!(code, 1);
    assert!(out.contains("error: 5 copies of 1m"), "{out}");
}
