//! `hupai check`: is each hand a win, and by which forms.

use hupai::{Forms, Hand, Rules};

use crate::output::{json_str, judged};
use crate::stream::Job;

/// The check command's settings.
pub struct Check {
    pub rules: Rules,
    pub json: bool,
    /// Echo the hand in canonical notation instead of as typed.
    pub canonical: bool,
}

impl Job for Check {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        // Most hands do not win: the fast check answers those, and only a
        // win is asked for its forms.
        let forms_of = |h: &Hand| match self.rules.is_win(h) {
            Ok(false) => Ok(Forms::NONE),
            _ => self.rules.check(h),
        };
        let judge = |h: &Hand| {
            let shown = self.canonical.then(|| h.to_string());
            forms_of(h).map(|v| (v, shown))
        };
        let Some((forms, shown)) = judged(hand, out, self.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if self.json {
            out.push_str("{\"hand\":");
            json_str(out, hand);
            out.push_str(if forms.is_empty() {
                ",\"win\":false,\"forms\":["
            } else {
                ",\"win\":true,\"forms\":["
            });
            for (i, form) in forms.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('"');
                out.push_str(form.name());
                out.push('"');
            }
            out.push_str("]}\n");
        } else {
            out.push_str(hand);
            out.push_str(if forms.is_empty() { "\tno" } else { "\twin" });
            for form in forms.iter() {
                out.push(' ');
                out.push_str(form.name());
            }
            out.push('\n');
        }
        true
    }
}
