//! Running the `hupai` binary from the CLI tests.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

/// The built `hupai` binary.
pub fn hupai() -> Command {
    Command::new(env!("CARGO_BIN_EXE_hupai"))
}

/// Runs `hupai ARGS` with `stdin` written from another thread; returns
/// (stdout, stderr, exit code).
pub fn run(args: &[&str], stdin: impl AsRef<[u8]>) -> (String, String, i32) {
    let mut child = hupai()
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    let data = stdin.as_ref().to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&data);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// One line of `--json` output.
pub fn json(line: &str) -> serde_json::Value {
    serde_json::from_str(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
}

/// Resident memory of a running process, from /proc (kB).
pub fn rss_kb(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}
