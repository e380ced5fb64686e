//! `hupai shanten` and `hupai efficiency`: how far each hand is from a
//! win, and which draws (after which discard) bring it closer.

use std::fmt::Write as _;

use hupai::{Draws, Efficiency, Hand, Rules, KINDS};

use crate::output::{judged, push_json};
use crate::stream::Job;

/// The shanten's JSON field: `"shanten":1`.
#[derive(serde::Serialize)]
struct Distance {
    shanten: i8,
}

/// The shanten command's settings.
pub struct Shanten {
    pub rules: Rules,
    pub json: bool,
    /// Echo the hand in canonical notation instead of as typed.
    pub canonical: bool,
}

impl Job for Shanten {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            self.rules.shanten(h).map(|s| (s, shown))
        };
        let Some((shanten, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            push_json(out, hand, &Distance { shanten });
        } else {
            let _ = writeln!(out, "{hand}\t{shanten}");
        }
        true
    }
}

/// The efficiency command's settings.
pub struct EfficiencyJob {
    pub rules: Rules,
    pub json: bool,
    pub canonical: bool,
    /// Tiles seen outside the hand, by index.
    pub visible: [u8; KINDS],
}

impl Job for EfficiencyJob {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            self.rules.efficiency(h, &self.visible).map(|e| (e, shown))
        };
        let Some((found, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            push_json(out, hand, &found);
        } else {
            out.push_str(hand);
            match &found {
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
            }
            out.push('\n');
        }
        true
    }
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
