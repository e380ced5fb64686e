//! `hupai check` as a user runs it: arguments, standard input, JSON, exit codes.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::Stdio;

use common::{hupai, run};

#[test]
fn check_args_text_lines_and_exit_status() {
    let (out, err, code) = run(&["check", "22567p12555678m*", "123m"], b"");
    assert_eq!(
        out,
        "22567p12555678m*\twin standard\n123m\terror: 3 tiles (jokers included): expected 3N+2 for a win (2, 5, 8, 11 or 14)\n"
    );
    assert_eq!(err, "");
    assert_eq!(code, 1);
    let (out, _, code) = run(
        &["check", "--rules", "basic", "2m2m7m7m4p4p5p5p9p9p2s2s5z5z"],
        b"",
    );
    assert_eq!(out, "2m2m7m7m4p4p5p5p9p9p2s2s5z5z\tno\n");
    assert_eq!(code, 0);
}

#[test]
fn check_stdin_skips_blank_lines_and_keeps_going_after_errors() {
    let input = "123m456p789s11z22z\n\n   \n  88饼11万东东中混混混混混混混 \r\n\u{ff}bad\n11111m\n66789m*11z";
    let (out, _, code) = run(&["check"], input.as_bytes());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert!(lines[0].starts_with("123m456p789s11z22z\terror: 13 tiles"));
    assert_eq!(
        lines[1],
        "88饼11万东东中混混混混混混混\twin standard seven-pairs"
    );
    assert_eq!(lines[2], "ÿbad\terror: unknown character 'ÿ' at byte 0");
    assert_eq!(lines[3], "11111m\terror: 5 copies of 1m: at most 4");
    assert_eq!(
        lines[4], "66789m*11z\twin standard",
        "no trailing newline needed"
    );
    assert_eq!(code, 1);
}

#[test]
fn check_invalid_utf8_line_gets_error_line() {
    let (out, _, code) = run(&["check"], b"\xff\xfe12m\n11m\n");
    assert_eq!(
        out.lines().next().unwrap(),
        "\u{fffd}\u{fffd}12m\terror: line is not valid UTF-8"
    );
    assert_eq!(out.lines().nth(1).unwrap(), "11m\twin standard");
    assert_eq!(code, 1);
}

#[test]
fn check_json_objects() {
    let (out, _, code) = run(
        &[
            "check",
            "--json",
            "--rules",
            "riichi",
            "2m2m7m7m4p4p5p5p9p9p2s2s2s2s",
            "a\"b",
            "19m19p19s12345677z",
        ],
        b"",
    );
    let values: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        values[0],
        serde_json::json!({"hand": "2m2m7m7m4p4p5p5p9p9p2s2s2s2s", "win": false, "forms": []})
    );
    assert_eq!(values[1]["hand"], "a\"b");
    assert_eq!(values[1]["error"], "unknown character 'a' at byte 0");
    assert_eq!(
        values[2],
        serde_json::json!({"hand": "19m19p19s12345677z", "win": true, "forms": ["thirteen-orphans"]})
    );
    assert_eq!(code, 1);
}

#[test]
fn check_usage_errors_exit_2() {
    let (_, err, code) = run(&["check", "--rules", "nosuch", "11m"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("unknown rules \"nosuch\""), "{err}");
    let (_, _, code) = run(&["frobnicate"], b"");
    assert_eq!(code, 2);
    let (out, _, code) = run(&["--version"], b"");
    assert_eq!(code, 0);
    assert!(out.starts_with("hupai "));
}

#[test]
fn check_large_input_keeps_order() {
    // Enough lines for several parallel batches; every answer must match the
    // library's, in input order.
    let rules = hupai::Rules::chinese();
    let hands: Vec<String> = (0..200_000u32)
        .map(|i| {
            let a = i % 7 + 1;
            let b = (i / 7) % 7 + 1;
            let j = "*".repeat((i % 4) as usize);
            format!("{a}{a}{b}m123p456s{}{}z{j}", i % 7 + 1, i % 7 + 1)
        })
        .collect();
    let input = hands.join("\n");
    let (out, _, _) = run(&["check"], input.as_bytes());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), hands.len());
    for (hand, line) in hands.iter().zip(&lines) {
        let expected = match hand.parse::<hupai::Hand>().map(|h| rules.check(&h)) {
            Ok(Ok(f)) if f.is_empty() => format!("{hand}\tno"),
            Ok(Ok(f)) => format!(
                "{hand}\twin {}",
                f.iter().map(|f| f.name()).collect::<Vec<_>>().join(" ")
            ),
            // A hand of 3N+1 tiles gets a hint after the library's message.
            Ok(Err(e)) => {
                let expected = format!("{hand}\terror: {e}");
                assert!(line.starts_with(&expected), "{line} {expected}");
                continue;
            }
            Err(e) => format!("{hand}\terror: {e}"),
        };
        assert_eq!(*line, expected);
    }
}

#[test]
fn check_answers_each_line_before_stdin_closes() {
    let mut child = hupai()
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    for (hand, answer) in [("11m", "11m\twin standard\n"), ("12m", "12m\tno\n")] {
        writeln!(stdin, "{hand}").unwrap();
        stdin.flush().unwrap();
        let mut line = String::new();
        stdout.read_line(&mut line).unwrap();
        assert_eq!(line, answer);
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
}

#[test]
fn check_overlong_line_is_an_error_line_in_bounded_memory() {
    let mut input = vec![b'1'; 1 << 20];
    input.extend_from_slice(b"m\n11m\n");
    let (out, err, code) = run(&["check"], &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2);
    assert!(
        lines[0].ends_with("\terror: line of 1048577 bytes is longer than 4096"),
        "{}",
        lines[0]
    );
    assert_eq!(lines[1], "11m\twin standard");
    assert_eq!(err, "");
    assert_eq!(code, 1);
}

#[test]
fn check_closed_stdout_exits_quietly() {
    let mut child = hupai()
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    drop(child.stdout.take());
    let writer = std::thread::spawn(move || {
        for _ in 0..100_000 {
            if stdin.write_all(b"123m456p789s11z22z*\n").is_err() {
                break;
            }
        }
    });
    let status = child.wait().unwrap();
    writer.join().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert_eq!(err, "", "no panic message");
    // 128 + SIGPIPE, as a shell reports for a command killed by a closed pipe.
    assert_eq!(status.code(), Some(141), "{status:?}");
}

/// The README's hand: a chi and a concealed kong declared, the 5s claimed
/// into 4_6s.
const KANCHAN: &str = "46s5s 123p 55z [789m] (1111z)";

#[test]
fn check_winning_prints_the_shapes_and_each_split_text() {
    let (out, err, code) = run(&["check", "--winning", "5s", KANCHAN], b"");
    assert_eq!(
        out,
        "46s5s 123p 55z [789m] (1111z)\twin standard\tkanchan\tstandard 123p 456s 55z [789m] (1111z): 456s kanchan\n"
    );
    assert_eq!((err.as_str(), code), ("", 0));
    // Chinese notation for the tile; --canonical prints the hand canonically.
    let (out, _, code) = run(&["check", "--canonical", "--winning", "五条", KANCHAN], b"");
    assert_eq!(
        out,
        "123p456s55z [789m] (1111z)\twin standard\tkanchan\tstandard 123p 456s 55z [789m] (1111z): 456s kanchan\n"
    );
    assert_eq!(code, 0);
}

#[test]
fn check_winning_json_self_drawn() {
    let (out, _, code) = run(
        &[
            "check",
            "--json",
            "--self-drawn",
            "--winning",
            "5s",
            KANCHAN,
        ],
        b"",
    );
    assert_eq!(
        out,
        concat!(
            r#"{"hand":"46s5s 123p 55z [789m] (1111z)","win":true,"forms":["standard"],"#,
            r#""winning":"5s","how":"self-drawn","shapes":["kanchan"],"#,
            r#""splits":[{"form":"standard","groups":["123p","456s","55z","[789m]","(1111z)"],"#,
            r#""completions":[{"group":1,"shape":"kanchan"}]}]}"#,
            "\n"
        )
    );
    assert_eq!(code, 0);
    let value = common::json(out.trim_end());
    assert_eq!(
        value["splits"][0]["groups"][1], "456s",
        "group indexes the split's groups"
    );
    let (out, _, _) = run(
        &[
            "check",
            "--json",
            "--robbing-kong",
            "--winning",
            "5s",
            KANCHAN,
        ],
        b"",
    );
    assert_eq!(common::json(out.trim_end())["how"], "robbing-kong");
    let (out, _, _) = run(&["check", "--json", "--winning", "5s", KANCHAN], b"");
    assert_eq!(common::json(out.trim_end())["how"], "discard");
}

#[test]
fn check_winning_on_a_hand_that_does_not_win() {
    let hand = "123m456p789s12z [555z]";
    let (out, _, code) = run(&["check", "--winning", "1z", hand], b"");
    assert_eq!(out, "123m456p789s12z [555z]\tno\n");
    assert_eq!(code, 0);
    let (out, _, code) = run(&["check", "--json", "--winning", "1z", hand], b"");
    assert_eq!(
        out,
        concat!(
            r#"{"hand":"123m456p789s12z [555z]","win":false,"forms":[],"#,
            r#""winning":"1z","how":"discard","shapes":[],"splits":[]}"#,
            "\n"
        )
    );
    assert_eq!(code, 0);
}

#[test]
fn check_winning_tile_not_held_is_an_error_line() {
    // The 2m is only in a declared meld; a joker won but none is held.
    let hand = "11m [123m] [456p] [789p] [123s]";
    let (out, err, code) = run(&["check", "--winning", "2m", hand], b"");
    assert_eq!(
        out,
        "11m [123m] [456p] [789p] [123s]\terror: 2m is not in the hand\n"
    );
    assert_eq!((err.as_str(), code), ("", 1));
    let (out, _, code) = run(&["check", "--json", "--winning", "*", hand], b"");
    assert_eq!(
        out,
        "{\"hand\":\"11m [123m] [456p] [789p] [123s]\",\"error\":\"the hand holds no joker\"}\n"
    );
    assert_eq!(code, 1);
    // Read from standard input: the bad line keeps its place.
    let input = format!("{KANCHAN}\n{hand}\n\n{KANCHAN}\n");
    let (out, _, code) = run(&["check", "--winning", "5s"], input.as_bytes());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].ends_with(": 456s kanchan") && lines[2] == lines[0]);
    assert_eq!(lines[1], format!("{hand}\terror: 5s is not in the hand"));
    assert_eq!(code, 1);
}

#[test]
fn check_winning_usage_errors_exit_2() {
    let (out, err, code) = run(&["check", "--winning", "9z", "11m"], b"");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.contains("rank 9 does not exist in suit 'z'"), "{err}");
    let (_, err, code) = run(&["check", "--winning", "12m", "11m"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("\"12m\" is not exactly one tile"), "{err}");
    let args = [
        "check",
        "--winning",
        "1m",
        "--self-drawn",
        "--robbing-kong",
        "11m",
    ];
    let (out, err, code) = run(&args, b"");
    assert_eq!((out.as_str(), code), ("", 2), "{args:?}: {err}");
    assert!(err.starts_with("error: "), "{args:?}: {err}");
    // How the tile came, and the splits shown, are defaults for the lines
    // that carry their own winning tile: alone they change no other line.
    for args in [
        &["check", "--self-drawn", "11m"][..],
        &["check", "--robbing-kong", "11m"],
        &["check", "--max-splits", "1", "11m"],
    ] {
        assert_eq!(run(args, b""), ("11m\twin standard\n".into(), "".into(), 0));
    }
}

/// Each line may carry its own winning tile and how it came (issue 32,
/// item 14): `key=value` words after the hand, or a JSON object with the
/// field names of `hupai score`'s claims; the flags give what a line
/// leaves out.
#[test]
fn check_lines_carry_their_own_winning_tile_and_how() {
    let input = [
        format!("{KANCHAN} winning=5s how=self-drawn"),
        format!("{KANCHAN}\twinning=*"),
        format!(r#"{{"hand":"{KANCHAN}","winning":"4s","how":"tsumo"}}"#),
        KANCHAN.to_string(),
        format!("{KANCHAN} how=robbing-kong"),
        "46s* 123p 55z [789m] (1111z) winning=*".to_string(),
    ]
    .join("\n");
    let (out, err, code) = run(&["check", "--json"], input.as_bytes());
    let lines: Vec<serde_json::Value> = out.lines().map(common::json).collect();
    assert_eq!(lines.len(), 6, "{out}");
    let claim = |i: usize| {
        let l = &lines[i];
        (
            l["hand"].as_str().unwrap_or_default().to_string(),
            l["winning"].as_str().map(String::from),
            l["how"].as_str().map(String::from),
            l["shapes"].to_string(),
        )
    };
    let hand = KANCHAN.to_string();
    let some = |s: &str| Some(s.to_string());
    assert_eq!(
        claim(0),
        (
            hand.clone(),
            some("5s"),
            some("self-drawn"),
            r#"["kanchan"]"#.into()
        )
    );
    assert_eq!(lines[1]["error"], "the hand holds no joker");
    assert_eq!(
        claim(2),
        (
            hand.clone(),
            some("4s"),
            some("self-drawn"),
            r#"["ryanmen"]"#.into()
        )
    );
    // No winning tile: the plain check.
    assert_eq!(
        lines[3],
        common::json(&format!(
            r#"{{"hand":"{KANCHAN}","win":true,"forms":["standard"]}}"#
        ))
    );
    assert_eq!(
        lines[4]["error"],
        "how= without a winning tile: add winning=TILE, or --winning"
    );
    assert_eq!(lines[5]["winning"], "*");
    assert_eq!((err.as_str(), code), ("", 1));
    // The flags are the defaults: --winning for the lines without one,
    // --self-drawn for the lines that do not say how.
    let input = format!("{KANCHAN}\n{KANCHAN} winning=4s\n{KANCHAN} how=discard\n");
    let (out, _, code) = run(
        &["check", "--json", "--winning", "5s", "--self-drawn"],
        input.as_bytes(),
    );
    let got: Vec<(String, String)> = out
        .lines()
        .map(common::json)
        .map(|l| (l["winning"].to_string(), l["how"].to_string()))
        .collect();
    let want = [
        ("5s", "self-drawn"),
        ("4s", "self-drawn"),
        ("5s", "discard"),
    ];
    let want: Vec<(String, String)> = want
        .iter()
        .map(|(w, h)| (format!("{w:?}"), format!("{h:?}")))
        .collect();
    assert_eq!((got, code), (want, 0));
    // Text: the hand is echoed, then the answer, as with --winning.
    let (out, _, code) = run(&["check"], format!("{KANCHAN} winning=5s").as_bytes());
    assert_eq!(
        (out.as_str(), code),
        ("46s5s 123p 55z [789m] (1111z)\twin standard\tkanchan\tstandard 123p 456s 55z [789m] (1111z): 456s kanchan\n", 0)
    );
    // What is not a check line is an error line that names it.
    for (line, message) in [
        ("11m winning=1m how=tsumo how=ron", "how= is given twice"),
        (
            "11m winning=1m 22m",
            "\"22m\" follows the fields: the hand comes first, then winning=TILE how=HOW",
        ),
        (
            "11m riichi=1",
            "\"riichi\" is not a check field: winning=TILE, how=discard|self-drawn|robbing-kong",
        ),
        ("winning=1m", "no hand before the fields"),
        (
            "11m winning=12m",
            "winning: \"12m\" is not exactly one tile",
        ),
        (
            "11m winning=1m how=draw",
            "how: \"draw\" is not a way to win: self-drawn (tsumo), discard (ron) or robbing-kong (chankan)",
        ),
    ] {
        let (out, _, code) = run(&["check"], line.as_bytes());
        assert_eq!(
            (out, code),
            (format!("{line}\terror: {message}\n"), 1),
            "{line}"
        );
    }
    let (out, _, _) = run(&["check"], br#"{"hand":"11m","dora":"1m"}"#);
    assert!(
        out.contains("error: bad check line: unknown field `dora`"),
        "{out}"
    );
}

/// A winning joker in a group of jokers completes every shape of the melds
/// the group may stand for (issue 32, item 3, the issue's command).
#[test]
fn check_winning_joker_in_a_group_of_jokers() {
    let (out, _, code) = run(
        &["check", "--rules", "basic", "--winning", "*", "***11z"],
        b"",
    );
    let fields: Vec<&str> = out.trim_end().split('\t').collect();
    assert_eq!(fields[2], "tanki kanchan penchan ryanmen shanpon", "{out}");
    assert!(
        fields[3].ends_with("standard *** 11z: *** kanchan, *** penchan, *** ryanmen, *** shanpon"),
        "{out}"
    );
    assert_eq!(code, 0);
}

#[test]
fn check_winning_joker() {
    let (out, _, code) = run(
        &["check", "--winning", "*", "46s* 123p 55z [789m] (1111z)"],
        b"",
    );
    assert_eq!(
        out,
        "46s* 123p 55z [789m] (1111z)\twin standard\tkanchan\tstandard 123p 4*6s:456s 55z [789m] (1111z): 4*6s:456s kanchan\n"
    );
    assert_eq!(code, 0);
    // hongzhong's 7z is a joker: it wins as one.
    let (out, _, code) = run(
        &[
            "check",
            "--rules",
            "hongzhong",
            "--json",
            "--winning",
            "7z",
            "46s7z 123p 55z [789m] (1111z)",
        ],
        b"",
    );
    assert_eq!(
        out,
        concat!(
            r#"{"hand":"46s7z 123p 55z [789m] (1111z)","win":true,"forms":["standard"],"#,
            r#""winning":"*","how":"discard","shapes":["kanchan"],"#,
            r#""splits":[{"form":"standard","groups":["123p","4*6s:456s","55z","[789m]","(1111z)"],"#,
            r#""completions":[{"group":1,"shape":"kanchan"}]}]}"#,
            "\n"
        )
    );
    assert_eq!(code, 0);
}

#[test]
fn check_winning_max_splits_truncates() {
    // 123m 123m 123m 444m, 111m 234m 234m 234m, 111m 222m 333m 444m.
    let hand = "111222333444m55z";
    let (out, _, code) = run(&["check", "--winning", "4m", hand], b"");
    assert_eq!(
        out,
        "111222333444m55z\twin standard\tryanmen shanpon\tstandard 123m 123m 123m 444m 55z: 444m shanpon | standard 111m 234m 234m 234m 55z: 234m ryanmen | standard 111m 222m 333m 444m 55z: 444m shanpon\n"
    );
    assert_eq!(code, 0);
    // The shapes are every split's, the splits the first ones found.
    let (out, _, code) = run(
        &["check", "--winning", "4m", "--max-splits", "1", hand],
        b"",
    );
    assert_eq!(
        out,
        "111222333444m55z\twin standard\tryanmen shanpon\tstandard 111m 222m 333m 444m 55z: 444m shanpon\ttruncated 1 of 3\n"
    );
    assert_eq!(code, 0);
    let (out, _, _) = run(
        &[
            "check",
            "--json",
            "--winning",
            "4m",
            "--max-splits",
            "1",
            hand,
        ],
        b"",
    );
    assert_eq!(
        out,
        concat!(
            r#"{"hand":"111222333444m55z","win":true,"forms":["standard"],"#,
            r#""winning":"4m","how":"discard","shapes":["ryanmen","shanpon"],"#,
            r#""splits":[{"form":"standard","groups":["111m","222m","333m","444m","55z"],"#,
            r#""completions":[{"group":3,"shape":"shanpon"}]}],"truncated":true,"total":3}"#,
            "\n"
        )
    );
    // Four jokers: many splits, as many as `hupai split` lists.
    let hand = "1234m**** [789s] [111z]";
    let (split, _, _) = run(&["split", hand], b"");
    let total = split.split(" | ").count();
    assert!(total > 50, "{split}");
    let (out, _, code) = run(&["check", "--winning", "*", "--max-splits", "1", hand], b"");
    assert!(
        out.ends_with(&format!("\ttruncated 1 of {total}\n")),
        "{out}"
    );
    assert_eq!(out.matches(" | ").count(), 0, "{out}");
    assert_eq!(code, 0);
    let (out, _, _) = run(
        &[
            "check",
            "--json",
            "--winning",
            "*",
            "--max-splits",
            "1",
            hand,
        ],
        b"",
    );
    let value = common::json(out.trim_end());
    assert_eq!(value["truncated"], true);
    assert_eq!(value["total"], total);
    assert_eq!(value["splits"].as_array().unwrap().len(), 1);
}
