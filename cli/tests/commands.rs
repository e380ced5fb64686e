//! `hupai waits`, `hupai split` and `hupai reveal` as a user runs them.

use crate::common;

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
        .starts_with("1 tile (jokers included)"));
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

#[test]
fn canonical_echoes_each_hand_in_mpsz() {
    // As typed without the flag, canonical mpsz with it; an error line keeps
    // the hand as typed.
    let hands = ["22567p12555678m*", "88饼11万东东中混混混混混混混", "8z"];
    let (out, _, _) = run(
        &["check", "--rules", "basic", hands[0], hands[1], hands[2]],
        "",
    );
    assert_eq!(
        out,
        "22567p12555678m*\twin standard\n88饼11万东东中混混混混混混混\twin standard\n8z\terror: rank 8 does not exist in suit 'z'\n"
    );
    let (out, _, _) = run(
        &[
            "check",
            "--rules",
            "basic",
            "--canonical",
            hands[0],
            hands[1],
            hands[2],
        ],
        "",
    );
    assert_eq!(
        out,
        "12555678m22567p*\twin standard\n11m88p117z*******\twin standard\n8z\terror: rank 8 does not exist in suit 'z'\n"
    );
    let (out, _, _) = run(
        &["check", "--json", "--canonical"],
        "4m5m6m4p5p6p6p7p8p1s1s1s2z2z\n",
    );
    assert_eq!(json(out.trim())["hand"], "456m456678p111s22z");
    let (out, _, _) = run(
        &["waits", "--rules", "basic", "--canonical", "7p6p4p3p2p1p7p"],
        "",
    );
    assert_eq!(out, "1234677p\tready 5p\n");
    let (out, _, _) = run(&["waits", "--json", "--canonical", "一万二万三万东"], "");
    assert_eq!(
        json(out.trim()),
        serde_json::json!({"hand": "123m1z", "waits": ["1z"]})
    );
    let (out, _, _) = run(
        &["split", "--rules", "basic", "--canonical", "5z5z123m"],
        "",
    );
    assert_eq!(out, "123m55z\tstandard 123m 55z\n");
    let (out, _, _) = run(&["split", "--json", "--canonical", "5z5z123m"], "");
    assert_eq!(json(out.trim())["hand"], "123m55z");
    let (out, _, _) = run(
        &[
            "reveal",
            "--rules",
            "basic",
            "--canonical",
            "7p6p4p3p2p1p7p",
        ],
        "",
    );
    assert_eq!(out, "1234677p\treveal 46p waits 5p\n");
    let (out, _, _) = run(&["reveal", "--json", "--canonical", "7p6p4p3p2p1p7p"], "");
    assert_eq!(json(out.trim())["hand"], "1234677p");
}

/// Every `$ hupai ...` line of the README's shell blocks prints what the
/// README shows under it (`cargo run --release -- ARGS` is `hupai ARGS`;
/// a JSON line shown ending in `...}` is compared up to the `...`).
#[test]
fn readme_commands_print_what_the_readme_shows() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("the README");
    let bin = std::path::Path::new(env!("CARGO_BIN_EXE_hupai"));
    let path = format!(
        "{}:{}",
        bin.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // (command, expected lines) of each `$ ` line in a ```sh block.
    let mut runs: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_sh = false;
    // Output lines belong to the `$ ` line above them in the same block.
    let mut open = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_sh = line == "```sh";
            open = false;
            continue;
        }
        if !in_sh {
            continue;
        }
        if let Some(command) = line.strip_prefix("$ ") {
            runs.push((command.to_string(), Vec::new()));
            open = true;
        } else if let (true, Some((_, expected))) = (open, runs.last_mut()) {
            expected.push(line.to_string());
        }
    }
    let mut ran = 0;
    for (command, expected) in &runs {
        let command = command.replace("cargo run --release -- ", "hupai ");
        if !command.starts_with("hupai ") && !command.contains("| hupai ") {
            continue;
        }
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(&command)
            .env("PATH", &path)
            .output()
            .unwrap();
        let got = String::from_utf8(out.stdout).unwrap();
        let got: Vec<&str> = got.lines().collect();
        assert_eq!(got.len(), expected.len(), "{command}: {got:?}");
        for (g, e) in got.iter().zip(expected) {
            match e.strip_suffix("...}") {
                Some(start) => assert!(g.starts_with(start), "{command}: {g} is not {e}"),
                None => assert_eq!(g, e, "{command}"),
            }
        }
        ran += 1;
    }
    assert!(ran >= 12, "only {ran} README commands");
}
