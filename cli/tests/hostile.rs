//! Hostile input to the command: NUL bytes, blank and whitespace lines,
//! ten million lines in bounded memory.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::Stdio;

use common::{hupai, rss_kb, run};

#[test]
fn nul_bytes_and_control_characters_get_error_lines() {
    let (out, err, code) = run(&["check", "--json"], b"11m\x00\n\x0122m\n11m\n");
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["hand"], "11m\u{0}");
    assert_eq!(lines[0]["error"], "unknown character '\\0' at byte 3");
    assert_eq!(lines[1]["error"], "unknown character '\\u{1}' at byte 0");
    assert_eq!(lines[2]["win"], true);
    assert_eq!((err.as_str(), code), ("", 1));
}

#[test]
fn whitespace_only_input_prints_nothing() {
    for input in [&b""[..], b"\n", b"   \n\t\n\r\n", b"  "] {
        let (out, err, code) = run(&["check"], input);
        assert_eq!((out.as_str(), err.as_str(), code), ("", "", 0), "{input:?}");
    }
}

#[test]
fn ten_million_lines_stream_in_bounded_memory() {
    const LINES: usize = if cfg!(debug_assertions) {
        200_000
    } else {
        10_000_000
    };
    let mut child = hupai()
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let hands = [
            "22567p12555678m*\n",
            "123m456p789s11z22z\n",
            "11112222333344m*\n",
            "1m9m1p9p1s9s1z2z3z4z5z6z7z7z\n",
        ];
        let mut block = String::new();
        for i in 0..1000 {
            block.push_str(hands[i % 4]);
        }
        for _ in 0..LINES / 1000 {
            stdin.write_all(block.as_bytes()).unwrap();
        }
    });
    let stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut lines = 0usize;
        let mut wins = 0usize;
        for line in BufReader::with_capacity(1 << 20, stdout).lines() {
            let line = line.unwrap();
            lines += 1;
            wins += line.contains("\twin") as usize;
        }
        (lines, wins)
    });
    let mut peak = 0;
    while !reader.is_finished() {
        if let Some(kb) = rss_kb(pid) {
            peak = peak.max(kb);
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    writer.join().unwrap();
    let (lines, wins) = reader.join().unwrap();
    assert!(
        child.wait().unwrap().code() == Some(1),
        "one hand in four is an error"
    );
    assert_eq!(lines, LINES);
    assert_eq!(wins, LINES / 2);
    // The bound: one 4 MiB batch of input and its results, the read buffer,
    // the tables (2 MiB) and the thread pool; far below the input's size.
    assert!(peak < 128 * 1024, "peak resident memory {peak} kB");
}
