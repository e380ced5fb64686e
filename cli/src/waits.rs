//! `hupai waits`: the tiles that complete each hand.

use hupai::{Hand, Rules};

use crate::output::{json_str, judged, string_list};
use crate::stream::Job;

/// The waits command's settings.
pub struct Waits {
    pub rules: Rules,
    pub json: bool,
    /// Echo the hand in canonical notation instead of as typed.
    pub canonical: bool,
}

impl Job for Waits {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            self.rules.waits(h).map(|v| (v, shown))
        };
        let Some((waits, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            out.push_str("{\"hand\":");
            json_str(out, hand);
            out.push_str(",\"waits\":");
            string_list(out, waits.iter());
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
