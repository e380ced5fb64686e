//! `hupai waits`: the tiles that complete each hand.

use hupai::{Rules, TileSet};

use crate::answer::{Answering, Settings};
use crate::output::{push_json, push_tiles};
use crate::stream::Job;

/// The waits' JSON field: `"waits":["1m","4m"]`.
#[derive(serde::Serialize)]
struct Waited {
    waits: TileSet,
}

/// The waits command: `HAND<TAB>ready 1m 4m`, or `HAND<TAB>no`.
pub fn job(settings: Settings) -> Box<dyn Job> {
    Box::new(Answering::new(
        settings,
        Rules::waits,
        |out, hand, waits| push_json(out, hand, &Waited { waits }),
        |out, waits| {
            out.push_str(if waits.is_empty() { "\tno" } else { "\tready" });
            push_tiles(out, waits);
        },
    ))
}
