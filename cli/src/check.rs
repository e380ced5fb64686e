//! `hupai check`: is each hand a win, and by which forms.

use hupai::Rules;

use crate::output::{json_str, judged};
use crate::stream::Job;

/// The check command's settings.
pub struct Check {
    pub rules: Rules,
    pub json: bool,
}

impl Job for Check {
    fn json(&self) -> bool {
        self.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        let Some(forms) = judged(hand, out, self.json, |h| self.rules.check(h)) else {
            return false;
        };
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
