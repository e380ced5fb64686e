//! Hostile input that would hold answers back or grow the output: a write
//! that carries a complete line and the start of the next, control
//! characters in a hand, 100 KB lines, a 2 MB rule value, rule names with
//! escapes, and answers of 1.9 MB a line.

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::Stdio;
use std::sync::mpsc;
use std::time::Duration;

use common::{hupai, rss_kb, run};

/// A generous timeout: it only detects a hang.
const HANG: Duration = Duration::from_secs(60);

#[test]
fn bounds_a_complete_line_is_answered_before_the_next_completes() {
    let mut child = hupai()
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (send, answers) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            send.send(line.unwrap()).unwrap();
        }
    });
    // One write: a complete line and the start of the next.
    stdin.write_all(b"11m\n12").unwrap();
    stdin.flush().unwrap();
    let first = answers.recv_timeout(HANG).expect("11m answered");
    assert_eq!(first, "11m\twin standard");
    stdin.write_all(b"m\n").unwrap();
    drop(stdin);
    assert_eq!(answers.recv_timeout(HANG).unwrap(), "12m\tno");
    reader.join().unwrap();
    assert!(child.wait().unwrap().success());
}

/// No raw control characters except the one TAB between fields.
fn assert_one_clean_line(line: &str) {
    let fields: Vec<&str> = line.split('\t').collect();
    assert_eq!(fields.len(), 2, "{line:?}");
    assert!(
        !line.chars().any(|c| c != '\t' && c.is_control()),
        "{line:?}"
    );
}

#[test]
fn bounds_control_characters_in_a_hand_are_escaped() {
    // TAB between groups is whitespace the notation allows: a valid hand.
    let input = "1112345m\t678999m\n11m\r22m\n1\u{1b}[31m\n\u{202e}11m\n";
    let (out, _, code) = run(&["waits"], input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out:?}");
    for line in &lines {
        assert_one_clean_line(line);
    }
    assert_eq!(
        lines[0],
        "1112345m\\t678999m\tready 1m 2m 3m 4m 5m 6m 7m 8m 9m"
    );
    assert_eq!(lines[1], "11m\\r22m\tready 1m 2m");
    assert!(
        lines[2].starts_with("1\\u{1b}[31m\terror: "),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("\\u{202e}11m\terror: "),
        "{}",
        lines[3]
    );
    assert_eq!(code, 1);
    // JSON keeps the hand as given (serde_json escapes it).
    let (out, _, _) = run(&["waits", "--json"], input);
    let hands: Vec<String> = out
        .lines()
        .map(|l| common::json(l)["hand"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        hands,
        [
            "1112345m\t678999m",
            "11m\r22m",
            "1\u{1b}[31m",
            "\u{202e}11m"
        ]
    );
}

#[test]
fn bounds_long_hands_are_cut_in_answers_and_errors() {
    // A valid hand of 2,015 bytes (spaces between groups) and a 100 KB line.
    let long_valid = format!("11m{}123p456s789m", " ".repeat(2000));
    let huge = "1".repeat(100 * 1024);
    let (out, err, code) = run(&["check"], format!("{long_valid}\n{huge}\n11m\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out:?}");
    assert!(
        lines[0].ends_with("… (2015 bytes)\twin standard"),
        "{}",
        lines[0]
    );
    assert!(lines[0].len() < 100, "{}", lines[0]);
    assert_eq!(
        lines[1],
        format!(
            "{}… (102400 bytes)\terror: line of 102400 bytes is longer than 4096",
            "1".repeat(64)
        )
    );
    assert_eq!(lines[2], "11m\twin standard");
    assert_eq!((err.as_str(), code), ("", 1));
    let (out, _, _) = run(&["check", "--json"], format!("{huge}\n"));
    assert_eq!(
        common::json(out.trim())["hand"],
        format!("{}… (102400 bytes)", "1".repeat(64))
    );
    // As an argument, below the line limit: the echo is cut all the same.
    let arg = "1".repeat(4000);
    let (out, _, _) = run(&["check", &arg], "");
    assert!(out.len() < 400, "{out}");
    assert!(
        out.starts_with(&format!("{}… (4000 bytes)\terror: ", "1".repeat(64))),
        "{out}"
    );
}

#[test]
fn bounds_a_2_mb_rule_value_gives_a_bounded_message() {
    let dir = std::env::temp_dir().join("hupai-bounds-rules");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("huge.toml");
    // Under the rule file's 1 MiB limit: the value is quoted cut.
    std::fs::write(&path, format!("tiles = \"{}\"\n", "1".repeat(500_000))).unwrap();
    let (out, err, code) = run(&["check", "--rules", path.to_str().unwrap(), "11m"], "");
    assert_eq!((out.as_str(), code), ("", 2));
    assert!(err.starts_with("hupai: error: "), "{err}");
    assert!(err.len() < 2048, "{} bytes", err.len());
    assert!(err.contains("bytes)"), "{err}");
    assert_eq!(err.lines().count(), 1);
    // Over it: refused after 1 MiB and one byte, in one short line.
    std::fs::write(&path, format!("tiles = \"{}\"\n", "1".repeat(2_000_000))).unwrap();
    let (_, err, code) = run(&["check", "--rules", path.to_str().unwrap(), "11m"], "");
    assert_eq!(code, 2);
    assert!(err.contains("at most 1048576 bytes"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn bounds_table_rule_names_are_escaped_and_cut() {
    let dir = std::env::temp_dir().join("hupai-bounds-names");
    std::fs::create_dir_all(&dir).unwrap();
    let basic =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../rules/basic.toml"))
            .unwrap();
    for stem in ["red\u{1b}[31m\nrules: fake".to_string(), "n".repeat(200)] {
        let rules = dir.join(format!("{stem}.toml"));
        std::fs::write(&rules, &basic).unwrap();
        let tables = dir.join("named.bin");
        let built = hupai()
            .args(["tables", "build", "--rules"])
            .arg(&rules)
            .arg("-o")
            .arg(&tables)
            .output()
            .unwrap();
        assert!(built.status.success(), "{built:?}");
        let out = hupai()
            .args(["tables", "info"])
            .arg(&tables)
            .output()
            .unwrap();
        let text = String::from_utf8(out.stdout).unwrap();
        let name = text.lines().find(|l| l.starts_with("rules: ")).unwrap();
        assert!(!name.chars().any(char::is_control), "{name:?}");
        assert!(
            name.chars().count() <= "rules: ".len() + 64 + 20,
            "{name:?}"
        );
        assert_eq!(text.lines().filter(|l| l.starts_with("rules: ")).count(), 1);
        for output in [built.stdout, built.stderr] {
            let output = String::from_utf8(output).unwrap();
            assert!(!output.contains('\u{1b}'), "{output:?}");
        }
    }
}

#[test]
fn bounds_long_answers_stream_in_bounded_memory() {
    // 1.9 MB of splits a line: 300 lines are 570 MB of output, which a batch
    // held whole would keep in memory at once.
    const LINES: usize = if cfg!(debug_assertions) { 20 } else { 300 };
    const HAND: &str = "344556678s********";
    let mut child = hupai()
        .args(["split", "--rules", "taiwan", "--max-splits", "30000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    stdin
        .write_all(format!("{HAND}\n").repeat(LINES).as_bytes())
        .unwrap();
    drop(stdin);
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let (mut lines, mut bytes) = (0usize, 0usize);
        let mut buf = vec![0; 1 << 20];
        loop {
            let n = stdout.read(&mut buf).unwrap();
            if n == 0 {
                break;
            }
            lines += buf[..n].iter().filter(|&&b| b == b'\n').count();
            bytes += n;
        }
        (lines, bytes)
    });
    let mut peak = 0;
    while !reader.is_finished() {
        if let Some(kb) = rss_kb(pid) {
            peak = peak.max(kb);
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let (lines, bytes) = reader.join().unwrap();
    assert!(child.wait().unwrap().success());
    assert_eq!(lines, LINES);
    assert!(bytes > LINES * 1_800_000, "{bytes} bytes");
    // The bound: 8 MiB of output held plus one line's, the tables and the
    // input; far below the output's size.
    assert!(peak < 96 * 1024, "peak resident memory {peak} kB");
}
