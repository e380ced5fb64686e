//! One bad line never costs the others: a judgement that panics (forced by
//! the hidden test hook `--test-panic-on HAND`) gets an `internal error` line
//! and every other line its answer, in order, whether the hands come as
//! arguments or on standard input, in a batch run on the calling thread
//! (fewer than 4,096 lines) or in parallel pieces (10,001 lines).

use crate::common;

use common::{hupai, run};

/// Winning hands, none of them the failing one.
const HANDS: [&str; 3] = [
    "22567p12555678m*",
    "1m9m1p9p1s9s1z2z3z4z5z6z7z7z",
    "122334饼23499条中中中",
];
/// The hand whose judgement the hook makes panic (a win without the hook).
const FAILING: &str = "19m19p19s1234567z9m";

/// `n` hands with [`FAILING`] in the middle.
fn hands(n: usize) -> Vec<String> {
    (0..n)
        .map(|i| {
            if i == n / 2 {
                FAILING.to_string()
            } else {
                HANDS[i % HANDS.len()].to_string()
            }
        })
        .collect()
}

/// Runs `check` on `hands` (as arguments or on stdin) with the hook on
/// [`FAILING`] and checks every line.
fn check_isolated(hands: &[String], as_arguments: bool, json: bool) {
    let mut args = vec!["check", "--test-panic-on", FAILING];
    if json {
        args.push("--json");
    }
    let (out, err, code) = if as_arguments {
        args.extend(hands.iter().map(String::as_str));
        run(&args, "")
    } else {
        run(&args, hands.join("\n") + "\n")
    };
    let what = format!(
        "{} hands, arguments: {as_arguments}, json: {json}",
        hands.len()
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), hands.len(), "{what}");
    let mut internal = 0;
    for (line, hand) in lines.iter().zip(hands) {
        let (echo, failed) = if json {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let failed = v.get("error").is_some();
            if failed {
                assert_eq!(
                    v["error"],
                    format!("internal error: test hook: the judgement of {FAILING} fails")
                );
            } else {
                assert_eq!(v["win"], true, "{what}: {line}");
            }
            (v["hand"].as_str().unwrap().to_string(), failed)
        } else {
            let (echo, answer) = line.split_once('\t').unwrap();
            let failed = answer.starts_with("error: internal error: ");
            assert!(failed || answer.starts_with("win "), "{what}: {line}");
            (echo.to_string(), failed)
        };
        assert_eq!(&echo, hand, "{what}: lines out of order");
        assert_eq!(failed, hand == FAILING, "{what}: {line}");
        internal += failed as usize;
    }
    assert_eq!(internal, 1, "{what}");
    assert_eq!(code, 1, "{what}");
    // One short line on standard error, no panic message.
    assert_eq!(err.lines().count(), 1, "{what}: {err}");
    assert!(
        err.starts_with("hupai: internal error at "),
        "{what}: {err}"
    );
    assert!(err.contains(FAILING), "{what}: {err}");
    assert!(!err.contains("panicked"), "{what}: {err}");
}

#[test]
fn isolation_failing_hand_without_the_hook_wins() {
    let (out, err, code) = run(&["check", FAILING], "");
    assert_eq!(out, format!("{FAILING}\twin thirteen-orphans\n"));
    assert_eq!((err.as_str(), code), ("", 0));
}

#[test]
fn isolation_small_stdin() {
    check_isolated(&hands(101), false, false);
    check_isolated(&hands(101), false, true);
}

#[test]
fn isolation_small_arguments() {
    check_isolated(&hands(101), true, false);
}

#[test]
fn isolation_large_stdin() {
    check_isolated(&hands(10_001), false, false);
    check_isolated(&hands(10_001), false, true);
}

#[test]
fn isolation_large_arguments_run_in_parallel_pieces() {
    // 10,001 arguments are one batch, above the parallel threshold.
    check_isolated(&hands(10_001), true, false);
    check_isolated(&hands(10_001), true, true);
}

#[test]
fn isolation_every_command_answers_the_other_lines() {
    for (command, hand) in [
        ("waits", "1112345678999m"),
        ("split", "123m11p"),
        ("reveal", "1234677p"),
    ] {
        let (out, err, code) = run(
            &[command, "--rules", "basic", "--test-panic-on", "11m"],
            format!("{hand}\n11m\n{hand}\n"),
        );
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 3, "{command}: {out}");
        assert!(
            lines[1].starts_with("11m\terror: internal error: "),
            "{command}: {out}"
        );
        assert_eq!(lines[0], lines[2], "{command}");
        assert!(!lines[0].contains("error"), "{command}: {out}");
        assert_eq!(code, 1, "{command}");
        assert!(!err.contains("panicked"), "{command}: {err}");
    }
}

#[test]
fn isolation_hook_is_hidden_from_the_help() {
    let out = hupai().args(["check", "--help"]).output().unwrap();
    assert!(out.status.success());
    let help = String::from_utf8(out.stdout).unwrap();
    assert!(help.contains("--json"), "{help}");
    assert!(!help.contains("panic"), "{help}");
}
