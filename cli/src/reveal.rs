//! `hupai reveal`: the fewest tiles a ready player must show (亮倒).

use hupai::{Hand, Rules};

use crate::output::{judged, push_json};
use crate::stream::Job;

/// The reveal command's settings.
pub struct Shows {
    pub rules: Rules,
    pub json: bool,
    /// Echo the hand in canonical notation instead of as typed.
    pub canonical: bool,
}

impl Job for Shows {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            self.rules.reveal(h).map(|v| (v, shown))
        };
        let Some((reveal, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            push_json(out, hand, &reveal);
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
