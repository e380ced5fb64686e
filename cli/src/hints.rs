//! Notes on standard error for a person at a terminal: that hupai waits
//! for hands typed on standard input, and that an argument which names a
//! file and no hand is a joker the shell expanded. Hints a text error line
//! ends with: how honours are written, for a hand with a letter no
//! notation reads (`e e e`).

use std::io::{self, IsTerminal, Write};
use std::path::Path;

/// Writes the notes for a run on `hands` (the arguments; none: standard
/// input): one line when standard input is a terminal and is read, one
/// when an argument is a file's name and no hand.
pub fn note_before_run(hands: &[String]) {
    if hands.is_empty() && io::stdin().is_terminal() {
        note("reading hands from standard input; Ctrl-D ends");
    }
    if let Some(name) = hands.iter().find(|h| expanded_joker(h)) {
        note(&format!(
            "{name} names a file, not a hand: the shell expands an unquoted * into file names; quote a hand that holds a joker ('123m*')"
        ));
    }
}

/// Is `argument` what the shell makes of a hand holding `*` (a file's name
/// that matched it): no hand, but the name of a file here?
fn expanded_joker(argument: &str) -> bool {
    argument.trim().parse::<hupai::Hand>().is_err() && Path::new(argument).exists()
}

/// Writes `hupai: MESSAGE` (escaped and cut) to standard error; a failure
/// to write it changes nothing.
fn note(message: &str) {
    let line = format!("hupai: {}\n", crate::output::safe_message(message));
    let _ = io::stderr().lock().write_all(line.as_bytes());
}

/// The hint for a hand that does not parse: an ASCII letter no notation reads
/// (`e e e`, where the east wind is meant) gets how honours are written.
pub fn parse_hint(error: &hupai::ParseError) -> Option<&'static str> {
    match error {
        hupai::ParseError::UnknownChar { ch, .. } if ch.is_ascii_alphabetic() => Some(
            "honours are written 1z-7z, or E S W N P F C (east, south, west, north, white, green, red)",
        ),
        _ => None,
    }
}
