//! `hupai split` bounds one line's output: the first `--max-splits` splits
//! and how many there are in all.

use crate::common;

use common::{json, run};

#[test]
fn a_hand_with_many_splits_is_cut_with_a_marker() {
    let hand = "344556678s********";
    let (out, _, code) = run(&["split", "--rules", "taiwan", "--json", hand], "");
    assert_eq!(code, 0);
    let v = json(out.trim_end());
    assert_eq!(v["splits"].as_array().unwrap().len(), 1000);
    assert_eq!(v["truncated"], true);
    assert_eq!(v["total"], 29_522);
    let (text, _, _) = run(
        &["split", "--rules", "taiwan", "--max-splits", "3", hand],
        "",
    );
    assert_eq!(text.matches(" | ").count(), 2, "{text}");
    assert!(
        text.trim_end().ends_with("\ttruncated 3 of 29522"),
        "{text}"
    );
    // Raised, every split is printed and no marker.
    let (all, _, _) = run(
        &[
            "split",
            "--rules",
            "taiwan",
            "--max-splits",
            "30000",
            "--json",
            hand,
        ],
        "",
    );
    let v = json(all.trim_end());
    assert_eq!(v["splits"].as_array().unwrap().len(), 29_522);
    assert!(v.get("truncated").is_none());
}

#[test]
fn a_hand_within_the_limit_has_no_marker() {
    let (out, _, _) = run(&["split", "--json", "1m****"], "");
    let v = json(out.trim_end());
    assert_eq!(v["splits"].as_array().unwrap().len(), 3);
    assert!(v.get("truncated").is_none());
}

/// A limit of 0 prints no split of a win, and says it is a win: "no" is for
/// a hand that does not win.
#[test]
fn a_limit_of_zero_still_says_win() {
    let (out, _, code) = run(&["split", "--max-splits", "0", "11m"], "");
    assert_eq!(code, 0);
    assert_eq!(out, "11m\twin\ttruncated 0 of 1\n");
    let (out, _, _) = run(&["split", "--max-splits", "0", "12m"], "");
    assert_eq!(out, "12m\tno\n");
}
