//! `hupai split`: every way to split each winning hand into its groups.

use std::fmt::Write;

use hupai::Splits;

use crate::answer::{Answering, Settings};
use crate::output::push_json;
use crate::stream::Job;

/// Splits printed per hand unless `--max-splits` says otherwise: a hand
/// with many jokers can have tens of thousands.
pub const DEFAULT_MAX_SPLITS: usize = 1000;

/// The split command, printing at most `max` splits per hand:
/// `HAND<TAB>SPLIT | SPLIT ...`, `HAND<TAB>no`, or, with `--max-splits 0`,
/// `HAND<TAB>win<TAB>truncated 0 of N`.
pub fn job(settings: Settings, max: usize) -> Box<dyn Job> {
    Box::new(Answering::new(
        settings,
        move |rules, h| rules.splits_limited(h, max),
        |out, hand, page: Splits| push_json(out, hand, &page),
        |out, page| {
            let splits = &page.splits;
            out.push('\t');
            // No split: no win. None shown of some: a win cut to nothing.
            if page.total == 0 {
                out.push_str("no");
            } else if splits.is_empty() {
                out.push_str("win");
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
        },
    ))
}
