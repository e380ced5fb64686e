//! `hupai split`: every way to split each winning hand into its groups.

use std::fmt::Write;

use hupai::{Hand, Rules};

use crate::output::{judged, push_json};
use crate::stream::Job;

/// Splits printed per hand unless `--max-splits` says otherwise: a hand
/// with many jokers can have tens of thousands.
pub const DEFAULT_MAX_SPLITS: usize = 1000;

/// The split command's settings.
pub struct Splits {
    pub rules: Rules,
    pub json: bool,
    /// The most splits printed per hand.
    pub max: usize,
    /// Echo the hand in canonical notation instead of as typed.
    pub canonical: bool,
}

impl Job for Splits {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            self.rules.splits_limited(h, self.max).map(|v| (v, shown))
        };
        let Some((page, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        let splits = &page.splits;
        if self.json {
            push_json(out, hand, &page);
        } else {
            out.push_str(hand);
            out.push('\t');
            if splits.is_empty() {
                out.push_str("no");
            }
            for (i, split) in splits.iter().enumerate() {
                if i > 0 {
                    out.push_str(" | ");
                }
                let _ = write!(out, "{split}");
            }
            if page.truncated() {
                let _ = write!(out, "\ttruncated {} of {}", splits.len(), page.total);
            }
            out.push('\n');
        }
        true
    }
}
