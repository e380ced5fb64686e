//! `hupai waits`: the tiles that complete each hand.

use hupai::Rules;

use crate::output::{json_str, judged, tile_list};
use crate::stream::Job;

/// The waits command's settings.
pub struct Waits {
    pub rules: Rules,
    pub json: bool,
}

impl Job for Waits {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        let Some(waits) = judged(hand, out, self.json, |h| self.rules.waits(h)) else {
            return false;
        };
        if self.json {
            out.push_str("{\"hand\":");
            json_str(out, hand);
            out.push_str(",\"waits\":");
            tile_list(out, waits.iter());
            out.push_str("}\n");
        } else {
            out.push_str(hand);
            out.push_str(if waits.is_empty() { "\tno" } else { "\tready" });
            for t in waits.iter() {
                out.push(' ');
                out.push_str(&t.to_string());
            }
            out.push('\n');
        }
        true
    }
}
