//! Writing result lines: text (`HAND<TAB>...`) or one JSON object per line.

use std::fmt::Write;

/// Appends `s` as a JSON string literal.
pub fn json_str(out: &mut String, s: &str) {
    // serde_json escapes exactly as JSON requires; a String never fails.
    out.push_str(&serde_json::to_string(s).expect("a string serialises"));
}

/// Appends an error line for `hand`.
pub fn error_line(out: &mut String, hand: &str, message: &dyn std::fmt::Display, json: bool) {
    if json {
        out.push_str("{\"hand\":");
        json_str(out, hand);
        out.push_str(",\"error\":");
        json_str(out, &message.to_string());
        out.push_str("}\n");
    } else {
        let _ = writeln!(out, "{hand}\terror: {message}");
    }
}

/// Appends tiles as a JSON array of strings (`["2p","5p"]`).
pub fn tile_list(out: &mut String, tiles: impl Iterator<Item = hupai::Tile>) {
    out.push('[');
    for (i, t) in tiles.enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{t}\"");
    }
    out.push(']');
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
        Err(e) => Err(e.to_string()),
    };
    match result {
        Ok(v) => Some(v),
        Err(message) => {
            error_line(out, hand, &message, json);
            None
        }
    }
}
