//! A line of `hupai check`: a hand and, when it carries them, the tile
//! that completed it and how that tile came, so that one run judges every
//! kind of claim. As text, `HAND winning=TILE how=HOW`: `key=value` words
//! after the hand, either or both, separated by spaces or tabs (a hand
//! never holds `=`). As JSON, `{"hand": HAND, "winning": TILE, "how":
//! HOW}`, the field names of `hupai score`'s claims. `TILE` is a tile or
//! `*`, `HOW` `discard`, `self-drawn` or `robbing-kong` (and the names
//! `hupai score` reads: `tsumo`, `ron`, `chankan`). A field the line
//! leaves out comes from the command's flags.

use std::borrow::Cow;
use std::fmt;

use hupai::{ParseError, WinHow, WinningTile};

/// A check line read: the hand as given, and the claim's fields it holds.
pub struct CheckLine<'a> {
    pub hand: Cow<'a, str>,
    pub winning: Option<WinningTile>,
    pub how: Option<WinHow>,
}

/// Why a line is not a check line.
#[derive(Debug)]
pub enum LineError {
    /// A line starting with `{` that is not a JSON object of the fields.
    Json(String),
    /// Fields with no hand before them.
    NoHand,
    /// A `key=value` word whose key is not a field.
    UnknownField(String),
    /// A word without `=` after the first field.
    AfterFields(String),
    /// A field given twice.
    Twice(&'static str),
    /// A winning tile that is not one tile.
    Winning(ParseError),
    /// A `how` that names no way to win.
    How(ParseError),
    /// A `how` with no winning tile, from the line or `--winning`.
    HowWithoutWinning,
}

impl fmt::Display for LineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineError::Json(message) => write!(f, "bad check line: {message}"),
            LineError::NoHand => f.write_str("no hand before the fields"),
            LineError::UnknownField(key) => write!(
                f,
                "{key:?} is not a check field: winning=TILE, how=discard|self-drawn|robbing-kong"
            ),
            LineError::AfterFields(word) => write!(
                f,
                "{word:?} follows the fields: the hand comes first, then winning=TILE how=HOW"
            ),
            LineError::Twice(field) => write!(f, "{field}= is given twice"),
            LineError::Winning(e) => write!(f, "winning: {e}"),
            LineError::How(e) => write!(f, "how: {e}"),
            LineError::HowWithoutWinning => {
                f.write_str("how= without a winning tile: add winning=TILE, or --winning")
            }
        }
    }
}

/// A JSON check line's fields.
#[derive(serde::Deserialize)]
#[serde(deny_unknown_fields)]
struct JsonLine {
    hand: String,
    winning: Option<String>,
    how: Option<String>,
}

fn winning(text: &str) -> Result<WinningTile, LineError> {
    text.trim().parse().map_err(LineError::Winning)
}

fn how(text: &str) -> Result<WinHow, LineError> {
    text.trim().parse().map_err(LineError::How)
}

impl<'a> CheckLine<'a> {
    /// Reads `line` (trimmed): a JSON object when it starts with `{`, else
    /// the text form.
    pub fn read(line: &'a str) -> Result<CheckLine<'a>, LineError> {
        if line.starts_with('{') {
            let fields: JsonLine =
                serde_json::from_str(line).map_err(|e| LineError::Json(e.to_string()))?;
            return Ok(CheckLine {
                hand: Cow::Owned(fields.hand),
                winning: fields.winning.as_deref().map(winning).transpose()?,
                how: fields.how.as_deref().map(how).transpose()?,
            });
        }
        // The first `=` is in the first field, which starts after the
        // whitespace before it.
        let Some(eq) = line.find('=') else {
            return Ok(CheckLine {
                hand: Cow::Borrowed(line),
                winning: None,
                how: None,
            });
        };
        let start = line[..eq]
            .char_indices()
            .rev()
            .find(|(_, c)| c.is_whitespace())
            .map_or(0, |(i, c)| i + c.len_utf8());
        let hand = line[..start].trim_end();
        if hand.is_empty() {
            return Err(LineError::NoHand);
        }
        let mut read = CheckLine {
            hand: Cow::Borrowed(hand),
            winning: None,
            how: None,
        };
        for word in line[start..].split_whitespace() {
            match word.split_once('=') {
                Some(("winning", _)) if read.winning.is_some() => {
                    return Err(LineError::Twice("winning"))
                }
                Some(("how", _)) if read.how.is_some() => return Err(LineError::Twice("how")),
                Some(("winning", value)) => read.winning = Some(winning(value)?),
                Some(("how", value)) => read.how = Some(how(value)?),
                Some((key, _)) => return Err(LineError::UnknownField(key.to_string())),
                None => return Err(LineError::AfterFields(word.to_string())),
            }
        }
        Ok(read)
    }
}
