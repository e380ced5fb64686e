//! `hupai reveal`: the fewest tiles a ready player must show (亮倒).

use hupai::{Reveal, Rules};

use crate::answer::{Answering, Settings};
use crate::output::{push_json, push_tiles};
use crate::stream::Job;

/// The reveal command: `HAND<TAB>reveal TILES waits 1m 4m`.
pub fn job(settings: Settings) -> Box<dyn Job> {
    Box::new(Answering::new(
        settings,
        Rules::reveal,
        |out, hand, reveal: Reveal| push_json(out, hand, &reveal),
        |out, reveal| {
            out.push_str("\treveal ");
            out.push_str(&reveal.tiles.to_string());
            out.push_str(" waits");
            push_tiles(out, reveal.waits);
        },
    ))
}
