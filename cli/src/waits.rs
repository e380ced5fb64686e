//! `hupai waits`: the tiles that complete each hand.

use hupai::{Hand, Rules, TileSet};

use crate::output::{error_line, json_str, tile_list};
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
        let waits: Result<TileSet, String> = match hand.parse::<Hand>() {
            Ok(h) => self.rules.waits(&h).map_err(|e| e.to_string()),
            Err(e) => Err(e.to_string()),
        };
        let waits = match waits {
            Ok(w) => w,
            Err(message) => {
                error_line(out, hand, &message, self.json);
                return false;
            }
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
