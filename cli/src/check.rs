//! `hupai check`: is each hand a win, and by which forms; given the
//! winning tile (by `--winning`, or on the line: see `check_line.rs`),
//! the wait shape the winning tile completed in every split.

use std::fmt::Write;

use hupai::serde_impls::WinPage;
use hupai::{Forms, Hand, HandError, Rules, Win, WinHow, WinningTile};

use crate::answer::{answer, Settings};
use crate::check_line::{CheckLine, LineError};
use crate::output::{error_line, push_json};
use crate::stream::{make_echo_safe, Job};

/// A check's JSON fields: `"win":true,"forms":["standard"]`.
#[derive(serde::Serialize)]
struct Checked {
    win: bool,
    forms: Forms,
}

/// Splits printed per hand with a winning tile unless `--max-splits` says
/// otherwise (as `hupai split`).
pub const DEFAULT_MAX_SPLITS: usize = crate::split::DEFAULT_MAX_SPLITS;

/// The check command: `HAND<TAB>win FORMS...` or `HAND<TAB>no`. A line
/// with a winning tile (its own, else `winning`, from `--winning`), which
/// came as the line says or else `how` (`--self-drawn`, `--robbing-kong`,
/// else a discard), gets each winning hand's wait shapes too, and at most
/// `max_splits` of its splits with the groups the winning tile completed
/// (`46s5s 123p 55z [789m] (1111z)`, fields tab-separated: `win
/// standard`, `kanchan`, `standard 123p 456s 55z [789m] (1111z): 456s
/// kanchan`).
pub fn job(
    settings: Settings,
    winning: Option<WinningTile>,
    how: WinHow,
    max_splits: usize,
) -> Box<dyn Job> {
    Box::new(Checks {
        settings,
        winning,
        how,
        max_splits,
    })
}

struct Checks {
    settings: Settings,
    winning: Option<WinningTile>,
    how: WinHow,
    max_splits: usize,
}

impl Job for Checks {
    fn json(&self) -> bool {
        self.settings.json
    }

    fn line(&self, line: &str, out: &mut String) -> bool {
        let read = CheckLine::read(line).and_then(|c| match (c.winning.or(self.winning), c.how) {
            (None, Some(_)) => Err(LineError::HowWithoutWinning),
            _ => Ok(c),
        });
        let claim = match read {
            Ok(claim) => claim,
            Err(e) => {
                error_line(out, line, &e.to_string(), self.settings.json);
                return false;
            }
        };
        let hand = claim.hand.as_ref();
        let start = out.len();
        // Text is read by a person: a hand of 3N+1 tiles gets a hint. JSON
        // keeps the library's message, as the bindings give it.
        let hint = !self.settings.json;
        let ok = match claim.winning.or(self.winning) {
            None => answer(
                &self.settings,
                hand,
                out,
                |rules, h| forms_of(rules, h).map_err(|e| message(e, hint)),
                |out, hand, forms: Forms| {
                    let win = !forms.is_empty();
                    push_json(out, hand, &Checked { win, forms });
                },
                push_forms,
            ),
            Some(tile) => {
                let how = claim.how.unwrap_or(self.how);
                let max_splits = self.max_splits;
                answer(
                    &self.settings,
                    hand,
                    out,
                    |rules, h| {
                        rules
                            .win_limited(h, tile, how, max_splits)
                            .map_err(|e| message(e, hint))
                    },
                    |out, hand, win: Win| push_json(out, hand, &WinPage::new(&win, max_splits)),
                    |out, win| {
                        push_forms(out, win.forms);
                        if !win.forms.is_empty() {
                            let shown = win.splits.len().min(max_splits);
                            push_shapes_text(out, &win, shown);
                        }
                    },
                )
            }
        };
        // The stream makes the echo of a whole line safe; a hand read out
        // of a longer line is made safe here.
        if ok && hand != line {
            make_echo_safe(out, start, hand, self.settings.json);
        }
        ok
    }
}

/// The forms `hand` wins by. Most hands do not win: the fast check answers
/// those, and only a win is asked for its forms.
fn forms_of(rules: &Rules, hand: &Hand) -> Result<Forms, HandError> {
    match rules.is_win(hand) {
        Ok(false) => Ok(Forms::NONE),
        _ => rules.check(hand),
    }
}

/// The message of `error`; with `hint`, for a hand of 3N+1 tiles (one that
/// waits, not a win), with the commands that answer such a hand.
fn message(error: HandError, hint: bool) -> String {
    let waits = hint
        && match error {
            HandError::WrongSize { tiles, .. } => tiles % 3 == 1,
            HandError::ConcealedSize { concealed, .. } => concealed % 3 == 1,
            _ => false,
        };
    if waits {
        format!("{error}; for a hand of 3N+1 tiles, try hupai waits or hupai shanten")
    } else {
        error.to_string()
    }
}

/// Appends `<TAB>win FORMS...` or `<TAB>no`.
fn push_forms(out: &mut String, forms: Forms) {
    out.push_str(if forms.is_empty() { "	no" } else { "	win" });
    for form in forms.iter() {
        out.push(' ');
        out.push_str(form.name());
    }
}

/// Appends `<TAB>SHAPES...<TAB>SPLIT: GROUP SHAPE, ... | ...` for the
/// first `shown` splits of `win`, and `<TAB>truncated SHOWN of TOTAL`
/// when there are more.
fn push_shapes_text(out: &mut String, win: &Win, shown: usize) {
    out.push('\t');
    for (i, shape) in win.shapes().iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{shape}");
    }
    out.push('\t');
    for (i, s) in win.splits[..shown].iter().enumerate() {
        if i > 0 {
            out.push_str(" | ");
        }
        let _ = write!(out, "{}:", s.split);
        for (j, c) in s.completions.iter().enumerate() {
            out.push_str(if j > 0 { ", " } else { " " });
            let _ = write!(out, "{} {}", s.split.groups[c.group], c.shape);
        }
    }
    if (shown as u64) < win.total {
        let _ = write!(out, "\ttruncated {} of {}", shown, win.total);
    }
}
