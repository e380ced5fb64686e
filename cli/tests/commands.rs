//! `hupai waits`, `hupai split` and `hupai reveal` as a user runs them.

mod common;

use common::{json, run};

#[test]
fn waits_text_and_json() {
    let (out, _, code) = run(
        &["waits", "--rules", "basic", "1234677p", "7888p", "1357m"],
        "",
    );
    assert_eq!(
        out,
        "1234677p\tready 5p\n7888p\tready 6p 7p 9p\n1357m\tno\n"
    );
    assert_eq!(code, 0);
    let (out, _, code) = run(&["waits", "--json"], "22饼123条2233万白白白混\n12345m\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        json(lines[0]),
        serde_json::json!({"hand": "22饼123条2233万白白白混", "waits": ["1m", "2m", "3m", "4m", "2p"]})
    );
    assert_eq!(
        json(lines[1])["error"],
        "5 tiles (jokers included): expected 3N+1 to wait (1, 4, 7, 10 or 13)"
    );
    assert_eq!(code, 1);
    let (out, _, _) = run(&["waits", "--json", "1357m"], "");
    assert_eq!(
        json(out.trim()),
        serde_json::json!({"hand": "1357m", "waits": []})
    );
}

#[test]
fn split_text_and_json() {
    let (out, _, code) = run(&["split", "--rules", "basic", "1111m*", "1357m9p"], "");
    assert_eq!(
        out,
        "1111m*\tstandard 111m 1*m:11m | standard 11*m:111m 11m\n1357m9p\tno\n"
    );
    assert_eq!(code, 0);
    let (out, _, _) = run(
        &["split", "--json", "--rules", "basic", "123m456p13s55z*"],
        "",
    );
    assert_eq!(
        json(out.trim()),
        serde_json::json!({"hand": "123m456p13s55z*", "splits": [
            {"form": "standard", "groups": ["123m", "456p", "1*3s:123s", "55z"]}
        ]})
    );
    let (out, _, code) = run(&["split", "--json"], "1m\n");
    assert!(json(out.trim())["error"]
        .as_str()
        .unwrap()
        .starts_with("1 tiles"));
    assert_eq!(code, 1);
}

#[test]
fn reveal_text_and_json() {
    let (out, _, code) = run(
        &["reveal", "--rules", "basic"],
        "1234677p\n2245677p\n1357m\n",
    );
    assert_eq!(
        out,
        "1234677p\treveal 46p waits 5p\n2245677p\treveal 2277p waits 2p 7p\n1357m\terror: 1357m is not ready: no tile completes it\n"
    );
    assert_eq!(code, 1);
    let (out, _, code) = run(&["reveal", "--json", "--rules", "basic", "2233456p"], "");
    assert_eq!(
        json(out.trim()),
        serde_json::json!({"hand": "2233456p", "waits": ["2p", "3p"], "reveal": "2233p"})
    );
    assert_eq!(code, 0);
}
