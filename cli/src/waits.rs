//! `hupai waits`: the tiles that complete each hand.

use hupai::score::{gb, riichi, Claim, Score, WaitValue};
use hupai::{Hand, Rules, TileSet};

use crate::answer::{Answering, Settings};
use crate::output::{push_json, push_tiles};
use crate::stream::Job;

/// The waits' JSON field: `"waits":["1m","4m"]`.
#[derive(serde::Serialize)]
struct Waited {
    waits: TileSet,
}

/// The waits command: `HAND<TAB>ready 1m 4m`, or `HAND<TAB>no`; with
/// `context` (`--values`), each wait with its score on a discard and
/// self-drawn under that claim.
pub fn job(settings: Settings, context: Option<Claim>) -> Box<dyn Job> {
    // Text is read by a person: a hand of 3N+2 tiles gets a hint. JSON
    // keeps the library's message, as the bindings give it.
    let hint = !settings.json;
    match context {
        None => Box::new(Answering::new(
            settings,
            move |rules: &Rules, hand: &Hand| rules.waits(hand).map_err(|e| message(e, hand, hint)),
            |out, hand, waits| push_json(out, hand, &Waited { waits }),
            |out, waits| {
                out.push_str(if waits.is_empty() { "\tno" } else { "\tready" });
                push_tiles(out, waits);
            },
        )),
        Some(context) => Box::new(Answering::new(
            settings,
            move |rules: &Rules, hand: &Hand| {
                rules
                    .wait_values(hand, &context)
                    .map_err(|e| message(e, hand, hint))
            },
            |out, hand, values| push_json(out, hand, &Valued { values }),
            push_values,
        )),
    }
}

/// The message of `error` for `hand`; with `hint`, for a hand of 3N+2
/// tiles (a win's size, not a wait's), with the commands that answer it.
fn message(error: impl std::fmt::Display, hand: &Hand, hint: bool) -> String {
    if hint && hand.size() % 3 == 2 {
        format!("{error}; for a hand of 3N+2 tiles, try hupai check (a win?) or hupai efficiency (what to discard)")
    } else {
        error.to_string()
    }
}

/// The values' JSON field: `"values":[WaitValue, ...]`.
#[derive(serde::Serialize)]
struct Valued {
    values: Vec<WaitValue>,
}

/// `\t1m: 8000 / 12000` a wait (on a discard / self-drawn); for a score
/// that is no legal win, "no yaku" (riichi), "N under 8" (GB), "not a
/// win" (a hand short of the rules' size) or a fan table's reason
/// ("below minimum"); `\tno` for no wait.
fn push_values(out: &mut String, values: Vec<WaitValue>) {
    if values.is_empty() {
        out.push_str("\tno");
    }
    let show = |s: &Score| match s {
        _ if s.legal() => s.total().to_string(),
        Score::Riichi(r) if r.reason == Some(riichi::Illegal::NoYaku) => "no yaku".to_string(),
        Score::Gb(g) if g.reason == Some(gb::Illegal::UnderEight) => {
            format!("{} under 8", g.points)
        }
        Score::Fans(f) => f.reason.unwrap_or("not legal").replace('_', " "),
        // A hand short of the rules' whole size.
        _ => "not a win".to_string(),
    };
    for v in &values {
        out.push_str(&format!(
            "\t{}: {} / {}",
            v.tile,
            show(&v.discard),
            show(&v.self_drawn)
        ));
    }
}
