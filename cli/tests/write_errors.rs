//! Write errors end the run quietly with a non-zero status, never a panic:
//! a full standard output (`>/dev/full`) exits 3 with one line on standard
//! error, a closed pipe (`| head -0`) exits 141 silently, and a usage error
//! whose message cannot be written (`2>/dev/full`) still exits 2. Standard
//! output on `/dev/null`, opened read-write or write-only, exits 0.
#![cfg(target_os = "linux")]

use crate::common;

use std::fs::{File, OpenOptions};
use std::process::{Command, Output, Stdio};

use common::hupai;

fn dev_full() -> File {
    OpenOptions::new().write(true).open("/dev/full").unwrap()
}

/// The write end of a pipe whose read end is closed.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
    let write_end = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(write_end)
}

/// A table file for the basic rules, built once per test that needs it.
fn table_file(name: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("hupai-write-errors-{name}.bin"));
    let out = hupai()
        .args(["tables", "build", "--rules", "basic", "-o"])
        .arg(&path)
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    path
}

/// Every command that writes to standard output, with arguments.
fn commands(tables: &std::path::Path, built: &std::path::Path) -> Vec<Vec<String>> {
    let t = tables.to_str().unwrap();
    let b = built.to_str().unwrap();
    [
        &["check", "11m"][..],
        &["check", "--json", "11m", "1m"],
        &["waits", "1112345678999m"],
        &["split", "--rules", "basic", "1111m*"],
        &["reveal", "--rules", "basic", "1234677p"],
        &["tables", "info", t],
        &["tables", "verify", t],
        &["tables", "build", "--rules", "basic", "-o", b],
        &["--help"],
        &["check", "--help"],
        &["--version"],
    ]
    .iter()
    .map(|args| args.iter().map(|s| s.to_string()).collect())
    .collect()
}

fn run_with(args: &[String], stdout: Stdio, stderr: Stdio) -> Output {
    hupai()
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(stderr)
        .output()
        .unwrap()
}

#[test]
fn write_errors_full_stdout_exits_3_without_a_panic() {
    let tables = table_file("full");
    let built = std::env::temp_dir().join("hupai-write-errors-full-built.bin");
    for args in commands(&tables, &built) {
        let out = run_with(&args, dev_full().into(), Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{args:?}: {err}");
        assert_eq!(
            err, "hupai: error: writing standard output: No space left on device (os error 28)\n",
            "{args:?}"
        );
    }
}

#[test]
fn write_errors_closed_stdout_exits_141_quietly() {
    let tables = table_file("closed");
    let built = std::env::temp_dir().join("hupai-write-errors-closed-built.bin");
    for args in commands(&tables, &built) {
        let out = run_with(&args, closed_pipe(), Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
}

#[test]
fn write_errors_closed_stdout_while_streaming_stdin() {
    let mut child = hupai()
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(closed_pipe())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        for _ in 0..10_000 {
            if stdin.write_all(b"123m456p789s11z22z*\n").is_err() {
                break;
            }
        }
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(141));
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

#[test]
fn write_errors_full_stderr_keeps_the_status() {
    for (args, code) in [
        (&["check", "--rules", "nope", "11m"][..], 2),
        (&["bogus"], 2),
        (&["check", "--bogus"], 2),
        (&["tables", "info", "/nonexistent/hupai.bin"], 1),
    ] {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let out = run_with(&args, Stdio::piped(), dev_full().into());
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    // A line error's status survives a full standard error too.
    let args = ["check".to_string(), "1m".to_string()];
    let out = run_with(&args, Stdio::piped(), dev_full().into());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "1m\terror: 1 tile (jokers included): expected 3N+2 for a win (2, 5, 8, 11 or 14); for a hand of 3N+1 tiles, try hupai waits or hupai shanten\n"
    );
}

/// `/dev/null` opened read and write, as Python's `subprocess.DEVNULL`,
/// `daemon(3)` and service managers open it: every command exits as on a
/// pipe, with nothing on standard error (issue 45: each exited 3,
/// "standard output is closed").
#[test]
fn write_errors_dev_null_read_write_exits_0() {
    let tables = table_file("null-rw");
    let built = std::env::temp_dir().join("hupai-write-errors-null-rw-built.bin");
    let mut all = commands(&tables, &built);
    all.extend(
        [
            &[
                "score",
                "--rules",
                "riichi",
                "234567m234p67888s 8s how=self-drawn riichi",
            ][..],
            &[
                "waits",
                "--values",
                "--rules",
                "riichi",
                "23m456p678s55p [234s]",
            ],
            &["shanten", "123m456p789s1z2z3z4z"],
            &["score", "--help"],
        ]
        .iter()
        .map(|args| args.iter().map(|s| s.to_string()).collect()),
    );
    for args in all {
        let null = OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
            .unwrap();
        let out = run_with(&args, Stdio::from(null), Stdio::piped());
        let err = String::from_utf8_lossy(&out.stderr);
        // As on a pipe: 0, or 1 for `check 1m`'s line error.
        let piped = run_with(&args, Stdio::piped(), Stdio::piped());
        assert_eq!(out.status.code(), piped.status.code(), "{args:?}: {err}");
        assert!(matches!(out.status.code(), Some(0 | 1)), "{args:?}: {err}");
        assert_eq!(err, "", "{args:?}");
    }
}

/// `/dev/null` opened write-only (a shell's `>/dev/null`): exit 0.
#[test]
fn write_errors_dev_null_write_only_exits_0() {
    for args in [
        &["check", "22567p12555678m*"][..],
        &["waits", "1112345678999m"],
    ] {
        let null = OpenOptions::new().write(true).open("/dev/null").unwrap();
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let out = run_with(&args, Stdio::from(null), Stdio::piped());
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(out.stderr.is_empty(), "{args:?}");
    }
}

/// A standard output closed before the run (`>&-`): the runtime reopens
/// it on `/dev/null`, so the run is one on `/dev/null` (exit 0).
#[test]
fn closed_stdout_is_dev_null() {
    let bin = hupai().get_program().to_owned();
    let out = Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" waits 1234677p >&-")
        .arg(&bin)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert!(out.stderr.is_empty(), "{out:?}");
}

/// A reader that takes one line and leaves (`| head -1`): the run stops
/// quietly (141, no panic on standard error), without hanging.
#[test]
fn write_errors_reader_leaving_early_stops_the_run() {
    use std::io::{BufRead, BufReader};
    let mut child = hupai()
        .arg("check")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        for _ in 0..200_000 {
            if stdin.write_all(b"22567p12555678m*\n").is_err() {
                break;
            }
        }
    });
    let mut first = String::new();
    let mut reader = BufReader::new(child.stdout.take().unwrap());
    reader.read_line(&mut first).unwrap();
    assert!(first.starts_with("22567p12555678m*\t"), "{first}");
    drop(reader);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if std::time::Instant::now() > deadline {
            child.kill().unwrap();
            panic!("hupai check still runs a minute after its reader left");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    writer.join().unwrap();
    let mut err = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut err).unwrap();
    assert_eq!(status.code(), Some(141), "{err}");
    assert_eq!(err, "");
}

/// A standard input that cannot be read (a directory) is named as such.
#[test]
fn unreadable_stdin_is_named_as_the_input() {
    let out = hupai()
        .arg("check")
        .stdin(File::open("/").unwrap())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.starts_with("hupai: error: reading standard input: "),
        "{stderr}"
    );
}
