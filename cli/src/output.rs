//! Writing result lines: text (`HAND<TAB>...`) or one JSON object per line.
//!
//! Everything the command echoes from its input (hands, error messages that
//! may quote input, a table file's rule name) goes through [`push_echo`] or
//! [`push_message`]: in text, control characters are escaped so that one
//! input line stays one output line with its tab-separated fields intact and
//! nothing reaches a terminal as an escape sequence; in text and JSON, long
//! values are cut so that no input makes an output line or an error message
//! grow without limit. (JSON strings need no escaping of ours: serde_json
//! escapes them.)

use std::fmt::Write;

/// Longest echoed hand or name, in characters.
pub const ECHO_CHARS: usize = 64;
/// Longest space-separated word of an echoed message, in characters.
pub const WORD_CHARS: usize = 128;
/// Longest echoed message, in bytes (it is cut after the word that passes this).
pub const MESSAGE_BYTES: usize = 1024;

/// Characters escaped in echoed text: control characters, and the format
/// characters that move or hide text on a terminal (zero-width characters,
/// line and paragraph separators, direction overrides, the byte-order mark).
fn unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200b}'..='\u{200f}'
                | '\u{2028}'..='\u{202e}'
                | '\u{2060}'..='\u{2069}'
                | '\u{feff}'
        )
}

/// Would [`push_echo`] change `text` (is it longer than `limit` bytes or
/// characters, or does it hold a character to escape)?
pub fn needs_echo(text: &str, limit: usize) -> bool {
    text.len() > limit || !printable_ascii(text) && text.chars().any(unsafe_char)
}

/// Is `text` printable ASCII only (nothing to escape)?
fn printable_ascii(text: &str) -> bool {
    text.bytes().all(|b| (b' '..=b'~').contains(&b))
}

/// Appends `text` made safe to echo: with `escape`, control and format
/// characters written as Rust escapes (`\t`, `\r`, `\u{1b}`); after `limit`
/// characters, the rest is cut and replaced by `…` and the full length in
/// bytes, `bytes` (which exceeds `text.len()` when `text` is only the start
/// of a longer value).
///
/// ```text
/// "11m<TAB>22m"          ->  11m\t22m
/// a 100,000-byte line   ->  its first 64 characters, then "… (100000 bytes)"
/// ```
pub fn push_echo(out: &mut String, text: &str, bytes: usize, limit: usize, escape: bool) {
    if bytes == text.len() && !needs_echo(text, limit) {
        out.push_str(text);
        return;
    }
    let mut kept = 0;
    for (i, c) in text.chars().enumerate() {
        if i == limit {
            break;
        }
        if escape && unsafe_char(c) {
            let _ = write!(out, "{}", c.escape_debug());
        } else {
            out.push(c);
        }
        kept += c.len_utf8();
    }
    if kept < bytes {
        let _ = write!(out, "… ({bytes} bytes)");
    }
}

/// Appends a message that may quote input: each space-separated word goes
/// through [`push_echo`] with [`WORD_CHARS`], and the message stops after
/// [`MESSAGE_BYTES`] with `…` and its full length.
pub fn push_message(out: &mut String, message: &str, escape: bool) {
    if message.len() <= WORD_CHARS && !needs_echo(message, WORD_CHARS) {
        out.push_str(message);
        return;
    }
    let start = out.len();
    for (i, word) in message.split(' ').enumerate() {
        if out.len() - start >= MESSAGE_BYTES {
            let _ = write!(out, "… ({} bytes)", message.len());
            return;
        }
        if i > 0 {
            out.push(' ');
        }
        push_echo(out, word, word.len(), WORD_CHARS, escape);
    }
}

/// `message` as [`push_message`] writes it for text output (escaped and cut).
pub fn safe_message(message: &str) -> String {
    let mut out = String::new();
    push_message(&mut out, message, true);
    out
}

/// Appends `s` as a JSON string literal.
pub fn json_str(out: &mut String, s: &str) {
    // serde_json escapes exactly as JSON requires; a String never fails.
    out.push_str(&serde_json::to_string(s).expect("a string serialises"));
}

/// Appends the echo of a hand: in text escaped and cut to [`ECHO_CHARS`], in
/// JSON a string literal cut to [`ECHO_CHARS`]. `bytes` is the hand's full
/// length ([`push_echo`]).
pub fn push_hand(out: &mut String, hand: &str, bytes: usize, json: bool) {
    if json {
        if needs_echo(hand, ECHO_CHARS) || bytes > hand.len() {
            let mut cut = String::new();
            push_echo(&mut cut, hand, bytes, ECHO_CHARS, false);
            json_str(out, &cut);
        } else {
            json_str(out, hand);
        }
    } else {
        push_echo(out, hand, bytes, ECHO_CHARS, true);
    }
}

/// Appends an error line for `hand`.
pub fn error_line(out: &mut String, hand: &str, message: &str, json: bool) {
    error_line_cut(out, hand, hand.len(), message, json);
}

/// Appends an error line for a hand of which `hand` is the start and `bytes`
/// the full length.
pub fn error_line_cut(out: &mut String, hand: &str, bytes: usize, message: &str, json: bool) {
    if json {
        out.push_str("{\"hand\":");
        push_hand(out, hand, bytes, true);
        out.push_str(",\"error\":");
        let mut cut = String::new();
        push_message(&mut cut, message, false);
        json_str(out, &cut);
        out.push_str("}\n");
    } else {
        push_hand(out, hand, bytes, false);
        out.push_str("\terror: ");
        push_message(out, message, true);
        out.push('\n');
    }
}

std::thread_local! {
    /// The JSON line being written, reused line after line.
    static JSON_LINE: std::cell::RefCell<Vec<u8>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Appends the JSON line of a hand's result, `{"hand":HAND,FIELDS...}` and
/// a newline, where `result` is one of the library's results (or a struct
/// of them) and FIELDS its fields as the library serialises it
/// (`hupai::serde_impls`).
pub fn push_json<T: serde::Serialize>(out: &mut String, hand: &str, result: &T) {
    JSON_LINE.with_borrow_mut(|line| {
        line.clear();
        line.extend_from_slice(b"{\"hand\":");
        let written = serde_json::to_writer(&mut *line, hand).and_then(|()| {
            let fields = line.len();
            serde_json::to_writer(&mut *line, result)?;
            // The result's object, `{FIELDS...}`, continues the line's:
            // its opening brace becomes the comma after the hand.
            line[fields] = b',';
            Ok(())
        });
        line.push(b'\n');
        // serde_json writes UTF-8, and a result never fails to serialise;
        // were either untrue, the line would say so rather than panic.
        let text = written
            .map_err(|e| e.to_string())
            .and_then(|()| std::str::from_utf8(line).map_err(|e| e.to_string()));
        match text {
            Ok(text) => out.push_str(text),
            Err(e) => error_line(out, hand, &format!("internal error: {e}"), true),
        }
    });
}

/// Appends ` 1m 4m ...`: each tile of `tiles` after a space.
pub fn push_tiles(out: &mut String, tiles: hupai::TileSet) {
    for t in tiles.iter() {
        out.push(' ');
        out.push_str(&t.to_string());
    }
}

/// Parses `hand` and runs `judge` on it; on any error, appends the error
/// line and returns `None`.
pub fn judged<T, E: std::fmt::Display>(
    hand: &str,
    out: &mut String,
    json: bool,
    judge: impl FnOnce(&hupai::Hand) -> Result<T, E>,
) -> Option<T> {
    let result = match hand.parse::<hupai::Hand>() {
        Ok(h) => judge(&h).map_err(|e| e.to_string()),
        // Text is read by a person: a hint after the library's message.
        Err(e) => match crate::hints::parse_hint(&e) {
            Some(hint) if !json => Err(format!("{e}; {hint}")),
            _ => Err(e.to_string()),
        },
    };
    match result {
        Ok(v) => Some(v),
        Err(message) => {
            error_line(out, hand, &message, json);
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn echo(text: &str, limit: usize) -> String {
        let mut out = String::new();
        push_echo(&mut out, text, text.len(), limit, true);
        out
    }

    #[test]
    fn echo_escapes_control_and_format_characters() {
        assert_eq!(echo("11m\t22m\r", 64), "11m\\t22m\\r");
        assert_eq!(echo("\u{1b}[31mred\n", 64), "\\u{1b}[31mred\\n");
        assert_eq!(echo("a\u{202e}b\u{0}", 64), "a\\u{202e}b\\0");
        assert_eq!(echo("122334饼23499条中中中", 64), "122334饼23499条中中中");
    }

    #[test]
    fn echo_cuts_after_the_limit_with_the_full_length() {
        assert_eq!(echo("1234", 4), "1234");
        assert_eq!(echo("12345", 4), "1234… (5 bytes)");
        assert_eq!(echo("饼饼饼", 2), "饼饼… (9 bytes)");
        let mut out = String::new();
        push_echo(&mut out, "12", 100_000, 64, true);
        assert_eq!(out, "12… (100000 bytes)");
    }

    #[test]
    fn message_cuts_long_words_and_long_messages() {
        let long = "1".repeat(2_000_000);
        let message = safe_message(&format!("tiles = \"{long}\": digits have no suit"));
        assert_eq!(
            message,
            format!(
                "tiles = \"{}… (2000003 bytes) digits have no suit",
                "1".repeat(WORD_CHARS - 1)
            )
        );
        let many = "word ".repeat(1_000_000);
        let message = safe_message(&many);
        assert!(message.len() < MESSAGE_BYTES + 64, "{}", message.len());
        assert!(message.ends_with("… (5000000 bytes)"), "{message}");
    }
}
