//! `hupai reveal`: the fewest tiles a ready player must show (亮倒).

use hupai::Rules;

use crate::output::{json_str, judged, tile_list};
use crate::stream::Job;

/// The reveal command's settings.
pub struct Shows {
    pub rules: Rules,
    pub json: bool,
}

impl Job for Shows {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        let Some(reveal) = judged(hand, out, self.json, |h| self.rules.reveal(h)) else {
            return false;
        };
        if self.json {
            out.push_str("{\"hand\":");
            json_str(out, hand);
            out.push_str(",\"waits\":");
            tile_list(out, reveal.waits.iter());
            out.push_str(",\"reveal\":");
            json_str(out, &reveal.tiles.to_string());
            out.push_str("}\n");
        } else {
            out.push_str(hand);
            out.push_str("\treveal ");
            out.push_str(&reveal.tiles.to_string());
            out.push_str(" waits");
            for t in reveal.waits.iter() {
                out.push(' ');
                out.push_str(&t.to_string());
            }
            out.push('\n');
        }
        true
    }
}
