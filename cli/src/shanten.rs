//! `hupai shanten` and `hupai efficiency`: how far each hand is from a
//! win, and which draws (after which discard) bring it closer.

use std::fmt::Write as _;

use hupai::{Draws, Efficiency, Rules, KINDS};

use crate::answer::{Answering, Settings};
use crate::output::push_json;
use crate::stream::Job;

/// The shanten's JSON field: `"shanten":1`.
#[derive(serde::Serialize)]
struct Distance {
    shanten: i8,
}

/// The shanten command: `HAND<TAB>SHANTEN`.
pub fn job(settings: Settings) -> Box<dyn Job> {
    Box::new(Answering::new(
        settings,
        Rules::shanten,
        |out, hand, shanten| push_json(out, hand, &Distance { shanten }),
        |out, shanten| {
            let _ = write!(out, "\t{shanten}");
        },
    ))
}

/// The efficiency command, with `visible` the tiles seen outside the
/// hand, by index: `HAND<TAB>shanten S<TAB>C tiles: 1m 4m`, or with a
/// discard to choose, each discard's draws.
pub fn efficiency_job(settings: Settings, visible: [u8; KINDS]) -> Box<dyn Job> {
    Box::new(Answering::new(
        settings,
        move |rules, h| rules.efficiency(h, &visible),
        |out, hand, found: Efficiency| push_json(out, hand, &found),
        |out, found| match &found {
            Efficiency::Draw(draws) => {
                let _ = write!(out, "\tshanten {}\t", draws.shanten);
                text_draws(out, draws);
            }
            Efficiency::Discard { shanten, discards } => {
                let _ = write!(out, "\tshanten {shanten}");
                for d in discards {
                    let _ = write!(out, "\t{}: shanten {}, ", d.discard, d.draws.shanten);
                    text_draws(out, &d.draws);
                }
            }
        },
    ))
}

/// `C tiles: 1m 4m` (or `0 tiles`).
fn text_draws(out: &mut String, draws: &Draws) {
    let _ = write!(out, "{} tiles", draws.count);
    if !draws.tiles.is_empty() {
        out.push(':');
        for e in &draws.tiles {
            let _ = write!(out, " {}", e.tile);
        }
    }
}
