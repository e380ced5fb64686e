//! `hupai check`: is each hand a win, and by which forms; with
//! `--winning`, the wait shape the winning tile completed in every split.

use std::fmt::Write;

use hupai::serde_impls::WinPage;
use hupai::{Forms, Hand, Rules, Win, WinHow, WinningTile};

use crate::output::{judged, push_json};
use crate::stream::Job;

/// A check's JSON fields: `"win":true,"forms":["standard"]`.
#[derive(serde::Serialize)]
struct Checked {
    win: bool,
    forms: Forms,
}

/// Splits printed per hand with `--winning` unless `--max-splits` says
/// otherwise (as `hupai split`).
pub const DEFAULT_MAX_SPLITS: usize = crate::split::DEFAULT_MAX_SPLITS;

/// The check command's settings.
pub struct Check {
    pub rules: Rules,
    pub json: bool,
    /// Echo the hand in canonical notation instead of as typed.
    pub canonical: bool,
    /// The winning tile and how it came (`--winning`, `--self-drawn`,
    /// `--robbing-kong`): each winning hand's wait shapes are printed.
    pub winning: Option<(WinningTile, WinHow)>,
    /// The most splits printed per hand with `--winning`.
    pub max_splits: usize,
}

impl Job for Check {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        if let Some((tile, how)) = self.winning {
            return self.line_winning(hand, tile, how, out);
        }
        // Most hands do not win: the fast check answers those, and only a
        // win is asked for its forms.
        let forms_of = |h: &Hand| match self.rules.is_win(h) {
            Ok(false) => Ok(Forms::NONE),
            _ => self.rules.check(h),
        };
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            forms_of(h).map(|v| (v, shown))
        };
        let Some((forms, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            let win = !forms.is_empty();
            push_json(out, hand, &Checked { win, forms });
        } else {
            push_forms(out, hand, forms);
            out.push('\n');
        }
        true
    }
}

/// Appends the line's start: `HAND<TAB>win FORMS...` or `HAND<TAB>no`.
fn push_forms(out: &mut String, hand: &str, forms: Forms) {
    out.push_str(hand);
    out.push_str(if forms.is_empty() { "\tno" } else { "\twin" });
    for form in forms.iter() {
        out.push(' ');
        out.push_str(form.name());
    }
}

impl Check {
    /// The line of a hand judged with its winning tile: the forms, then
    /// the distinct wait shapes and every split with the groups the
    /// winning tile completed.
    ///
    /// (`46s5s 123p 55z [789m] (1111z)`, fields tab-separated: `win
    /// standard`, `kanchan`, `standard 123p 456s 55z [789m] (1111z): 456s
    /// kanchan`.)
    fn line_winning(&self, hand: &str, tile: WinningTile, how: WinHow, out: &mut String) -> bool {
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            self.rules.win(h, tile, how).map(|w| (w, shown))
        };
        let Some((win, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            push_json(out, hand, &WinPage::new(&win, self.max_splits));
        } else {
            push_forms(out, hand, win.forms);
            if !win.forms.is_empty() {
                let shown = win.splits.len().min(self.max_splits);
                push_shapes_text(out, &win, shown);
            }
            out.push('\n');
        }
        true
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
    if shown < win.splits.len() {
        let _ = write!(out, "\ttruncated {} of {}", shown, win.splits.len());
    }
}
