//! `hupai check`: is each hand a win, and by which forms; with
//! `--winning`, the wait shape the winning tile completed in every split.

use std::fmt::Write;

use hupai::serde_impls::WinPage;
use hupai::{Forms, Hand, HandError, Rules, Win, WinHow, WinningTile};

use crate::answer::{Answering, Settings};
use crate::output::push_json;
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

/// The check command: `HAND<TAB>win FORMS...` or `HAND<TAB>no`. With the
/// winning tile and how it came (`winning`: `--winning`, `--self-drawn`,
/// `--robbing-kong`), each winning hand's wait shapes too, and at most
/// `max_splits` of its splits with the groups the winning tile completed
/// (`46s5s 123p 55z [789m] (1111z)`, fields tab-separated: `win
/// standard`, `kanchan`, `standard 123p 456s 55z [789m] (1111z): 456s
/// kanchan`).
pub fn job(
    settings: Settings,
    winning: Option<(WinningTile, WinHow)>,
    max_splits: usize,
) -> Box<dyn Job> {
    let Some((tile, how)) = winning else {
        return Box::new(Answering::new(
            settings,
            forms_of,
            |out, hand, forms: Forms| {
                let win = !forms.is_empty();
                push_json(out, hand, &Checked { win, forms });
            },
            push_forms,
        ));
    };
    Box::new(Answering::new(
        settings,
        move |rules, h| rules.win_limited(h, tile, how, max_splits),
        move |out, hand, win: Win| push_json(out, hand, &WinPage::new(&win, max_splits)),
        move |out, win| {
            push_forms(out, win.forms);
            if !win.forms.is_empty() {
                let shown = win.splits.len().min(max_splits);
                push_shapes_text(out, &win, shown);
            }
        },
    ))
}

/// The forms `hand` wins by. Most hands do not win: the fast check answers
/// those, and only a win is asked for its forms.
fn forms_of(rules: &Rules, hand: &Hand) -> Result<Forms, HandError> {
    match rules.is_win(hand) {
        Ok(false) => Ok(Forms::NONE),
        _ => rules.check(hand),
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
