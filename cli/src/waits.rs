//! `hupai waits`: the tiles that complete each hand.

use hupai::{Hand, Rules, TileSet};

use crate::output::{judged, push_json};
use crate::stream::Job;

/// The waits' JSON field: `"waits":["1m","4m"]`.
#[derive(serde::Serialize)]
struct Waited {
    waits: TileSet,
}

/// The waits command's settings.
pub struct Waits {
    pub rules: Rules,
    pub json: bool,
    /// Echo the hand in canonical notation instead of as typed.
    pub canonical: bool,
    /// `--values`: the claim every wait is valued under.
    pub context: Option<hupai::score::Claim>,
}

/// The values' JSON field: `"values":[WaitValue, ...]`.
#[derive(serde::Serialize)]
struct Valued {
    values: Vec<hupai::score::WaitValue>,
}

impl Job for Waits {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        if let Some(context) = &self.context {
            return self.values(hand, context, out);
        }
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            self.rules.waits(h).map(|v| (v, shown))
        };
        let Some((waits, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            push_json(out, hand, &Waited { waits });
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

impl Waits {
    /// `--values`: each wait with its score on a discard and self-drawn.
    fn values(&self, hand: &str, context: &hupai::score::Claim, out: &mut String) -> bool {
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            self.rules.wait_values(h, context).map(|v| (v, shown))
        };
        let Some((values, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            push_json(out, hand, &Valued { values });
            return true;
        }
        out.push_str(hand);
        if values.is_empty() {
            out.push_str("\tno");
        }
        let show = |s: &hupai::score::Score| match s {
            _ if s.legal() => s.total().to_string(),
            hupai::score::Score::Gb(g) => format!("{} under 8", g.points),
            _ => "no yaku".to_string(),
        };
        for v in &values {
            out.push_str(&format!(
                "\t{}: {} / {}",
                v.tile,
                show(&v.discard),
                show(&v.self_drawn)
            ));
        }
        out.push('\n');
        true
    }
}
