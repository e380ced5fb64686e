//! The words players use beside the command's own (`--tsumo`, `--ron`,
//! `--chankan`, `how=tsumo`, preset names in any case and their aliases),
//! and the hints for a near miss: a preset's name misspelt, a hand of 13
//! tiles given to `check`, a `*` the shell expanded, standard input read
//! from a terminal.

use crate::common;

use std::path::PathBuf;

use common::{hupai, json, run};

const HAND: &str = "46s5s 123p 55z [789m] (1111z)";

#[test]
fn check_how_flags_read_tsumo_ron_chankan() {
    let how = |flags: &[&str]| {
        let mut args = vec!["check", "--json", "--winning", "5s"];
        args.extend_from_slice(flags);
        args.push(HAND);
        let (out, err, code) = run(&args, "");
        assert_eq!((err.as_str(), code), ("", 0), "{flags:?}");
        json(out.trim())["how"].as_str().unwrap().to_string()
    };
    assert_eq!(how(&["--tsumo"]), "self-drawn");
    assert_eq!(how(&["--self-drawn"]), "self-drawn");
    assert_eq!(how(&["--ron"]), "discard");
    assert_eq!(how(&["--discard"]), "discard");
    assert_eq!(how(&[]), "discard");
    assert_eq!(how(&["--chankan"]), "robbing-kong");
    assert_eq!(how(&["--robbing-kong"]), "robbing-kong");
    // One way at a time (a line may carry its winning tile, so a way needs
    // no --winning).
    let (_, err, code) = run(&["check", "--winning", "5s", "--tsumo", "--ron", HAND], "");
    assert_eq!(code, 2, "{err}");
}

#[test]
fn score_claim_lines_read_tsumo_ron_chankan() {
    let claims = [
        r#"{"hand": "123m456p789s234s55p", "winning": "4s", "how": "Tsumo"}"#,
        r#"{"hand": "123m456p789s234s55p", "winning": "4s", "how": "self-drawn"}"#,
        "123m456p789s234s55p 4s how=chankan seat_wind=2z",
        "123m456p789s234s55p 4s how=robbing-kong seat_wind=2z",
        "123m456p789s234s55p 4s ron",
        "123m456p789s234s55p 4s discard",
    ]
    .join("\n");
    let (out, err, code) = run(&["score", "--rules", "riichi", "--json"], claims);
    assert_eq!((err.as_str(), code), ("", 0), "{out}");
    let lines: Vec<serde_json::Value> = out.lines().map(json).collect();
    assert_eq!(lines.len(), 6, "{out}");
    for pair in lines.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    let (out, _, code) = run(
        &["score", "--rules", "riichi"],
        "123m456p789s234s55p 4s how=flying",
    );
    assert_eq!(code, 1);
    assert!(
        out.contains("self-drawn (tsumo), discard (ron) or robbing-kong (chankan)"),
        "{out}"
    );
}

#[test]
fn rules_names_read_in_any_case_and_by_alias() {
    let hand = "19m19p19s12345677z";
    for (name, preset) in [
        ("RIICHI", "riichi"),
        ("Japanese", "riichi"),
        ("mcr", "gb"),
        ("MCR", "gb"),
    ] {
        let (out, err, code) = run(&["check", "--rules", name, hand], "");
        let (want, _, _) = run(&["check", "--rules", preset, hand], "");
        assert_eq!((out, err.as_str(), code), (want, "", 0), "{name}");
    }
}

#[test]
fn rules_near_miss_says_did_you_mean() {
    let (out, err, code) = run(&["check", "--rules", "richi", "11m"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(
        err.starts_with(
            "hupai: error: unknown rules \"richi\": did you mean \"riichi\"? (presets: "
        ),
        "{err}"
    );
    let (_, err, code) = run(&["check", "--rules", "mahjong", "11m"], "");
    assert_eq!(code, 2);
    assert!(!err.contains("did you mean"), "{err}");
}

#[test]
fn check_13_tiles_points_to_waits_and_shanten() {
    let (out, _, code) = run(
        &[
            "check",
            "22567p12555678m",
            "1234m55p [789s] [111z] 9s",
            "123m",
        ],
        "",
    );
    assert_eq!(
        out,
        "22567p12555678m\terror: 13 tiles (jokers included): expected 3N+2 for a win (2, 5, 8, 11 or 14); for a hand of 3N+1 tiles, try hupai waits or hupai shanten\n\
         1234m55p [789s] [111z] 9s\terror: 7 concealed tiles beside 2 melds: a win needs 2, 5 or 8; for a hand of 3N+1 tiles, try hupai waits or hupai shanten\n\
         123m\terror: 3 tiles (jokers included): expected 3N+2 for a win (2, 5, 8, 11 or 14)\n"
    );
    assert_eq!(code, 1);
    // JSON keeps the library's message, as the bindings give it.
    let (out, _, _) = run(&["check", "--json", "22567p12555678m"], "");
    assert_eq!(
        json(out.trim())["error"],
        "13 tiles (jokers included): expected 3N+2 for a win (2, 5, 8, 11 or 14)"
    );
    let (out, _, _) = run(&["check", "--winning", "5m", "22567p12555678m"], "");
    assert!(out.ends_with("try hupai waits or hupai shanten\n"), "{out}");
}

/// A folder of its own under the tests' scratch space, holding `files`.
fn folder_with(name: &str, files: &[&str]) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for file in files {
        std::fs::write(dir.join(file), "").unwrap();
    }
    dir
}

#[test]
fn expanded_joker_gets_a_note_about_quoting() {
    // `hupai check 22567p12555678m*` where the shell found this file.
    let dir = folder_with("expanded_joker", &["22567p12555678m.txt"]);
    let out = hupai()
        .args(["check", "22567p12555678m.txt", "123m456p789s11z22z2z"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "hupai: 22567p12555678m.txt names a file, not a hand: the shell expands an unquoted * into file names; quote a hand that holds a joker ('123m*')\n"
    );
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "22567p12555678m.txt\terror: unknown character '.' at byte 15\n123m456p789s11z22z2z\twin standard\n"
    );
    assert_eq!(out.status.code(), Some(1));
    // The same argument where no file has its name: no note.
    let elsewhere = folder_with("no_expanded_joker", &[]);
    let out = hupai()
        .args(["check", "22567p12555678m.txt"])
        .current_dir(&elsewhere)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8(out.stderr).unwrap(), "");
}

/// Standard input from a terminal: `script` runs the command on a
/// pseudo-terminal, types a hand, then Ctrl-D.
#[cfg(target_os = "linux")]
#[test]
fn terminal_stdin_says_it_reads_hands() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let command = format!("{} check", env!("CARGO_BIN_EXE_hupai"));
    let mut child = Command::new("script")
        .args(["-q", "-e", "-c", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("script (util-linux) runs a command on a pseudo-terminal");
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"123m456p789s11z22z2z\n\x04").unwrap();
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    // The terminal echoes the typed line; the note and the answer follow.
    assert!(
        text.contains("hupai: reading hands from standard input; Ctrl-D ends\r\n"),
        "{text:?}"
    );
    assert!(
        text.contains("123m456p789s11z22z2z\twin standard"),
        "{text:?}"
    );
    assert_eq!(out.status.code(), Some(0));
    // Piped standard input gets no note.
    let (out, err, _) = run(&["check"], "123m456p789s11z22z2z\n");
    assert_eq!(
        (out.as_str(), err.as_str()),
        ("123m456p789s11z22z2z\twin standard\n", "")
    );
}
