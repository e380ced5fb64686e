//! `hupai score`: whether each claim is a legal win and what it pays.
//!
//! A line is a claim: a JSON object (`{"hand": "...", "winning": "1m",
//! "how": "self-drawn", "riichi": true, "dora": "3m"}`, the fields of
//! `hupai::score::ClaimSpec`), or the text form `HAND WINNING key=value
//! ...` (`123m55z [789s] [777p] [123s] 1m how=discard seat_wind=2z`).
//! Text output: `HAND<TAB>WINNING<TAB>TOTAL (PAYMENTS)<TAB>N han N fu
//! [LIMIT]<TAB>YAKU:HAN ...`, or `HAND<TAB>WINNING<TAB>not legal:
//! REASON` (riichi); `HAND<TAB>WINNING<TAB>TOTAL<TAB>FAN:POINTS[xN] ...`
//! with the fans' Chinese names, or `HAND<TAB>WINNING<TAB>not legal:
//! REASON` and, for a complete hand below 8, `<TAB>TOTAL<TAB>FANS` (GB);
//! JSON: `{"hand", ...}` and the score's fields as the library serialises
//! them.

use hupai::score::{ClaimSpec, Score, ScoreError};
use hupai::Hand;

use crate::answer::Settings;
use crate::output::{error_line, needs_echo, push_json, ECHO_CHARS};
use crate::stream::{make_echo_safe, Job};

/// The score command: one claim a line.
pub fn job(settings: Settings) -> Box<dyn Job> {
    Box::new(Scores(settings))
}

struct Scores(Settings);

/// The claim of a line: JSON when it starts with `{` or reads as JSON
/// (`[1,2]`, which the library refuses: a claim is a JSON object), else
/// the text form.
fn claim_of(line: &str) -> Result<ClaimSpec, ScoreError> {
    let json = line.starts_with('{') || serde_json::from_str::<serde::de::IgnoredAny>(line).is_ok();
    if json {
        serde_json::from_str(line).map_err(|e| ScoreError::Json {
            message: e.to_string(),
        })
    } else {
        ClaimSpec::from_text(line)
    }
}

impl Job for Scores {
    fn json(&self) -> bool {
        self.0.json
    }

    fn line(&self, line: &str, out: &mut String) -> bool {
        let spec = match claim_of(line) {
            Ok(spec) => spec,
            Err(e) => {
                error_line(out, line, &e.to_string(), self.0.json);
                return false;
            }
        };
        let given = spec.hand.clone().unwrap_or_default();
        let scored = spec
            .resolve()
            .and_then(|(hand, claim)| Ok((self.0.rules.score(&hand, &claim)?, hand, claim)));
        let (score, hand, claim) = match scored {
            Ok(s) => s,
            Err(e) => {
                let echo = if given.is_empty() { line } else { &given };
                error_line(out, echo, &e.to_string(), self.0.json);
                return false;
            }
        };
        let shown = if self.0.canonical {
            hand.to_string()
        } else {
            given
        };
        let start = out.len();
        if self.0.json {
            push_json(out, &shown, &score);
        } else {
            text_line(out, &shown, &hand, &claim.winning.to_string(), &score);
        }
        // The stream makes the echo of a whole line safe; the hand read
        // out of a claim is made safe here.
        if shown != line && needs_echo(&shown, ECHO_CHARS) {
            make_echo_safe(out, start, &shown, self.0.json);
        }
        true
    }
}

fn text_line(out: &mut String, shown: &str, _hand: &Hand, winning: &str, score: &Score) {
    use std::fmt::Write;
    out.push_str(shown);
    out.push('\t');
    out.push_str(winning);
    match score {
        Score::Riichi(s) => {
            if let Some(reason) = s.reason {
                let _ = write!(out, "\tnot legal: {}", reason.name());
            } else {
                let p = &s.points;
                let _ = write!(out, "\t{}", p.total);
                let mut pays = Vec::new();
                if let Some(v) = p.discard {
                    pays.push(format!("discard {v}"));
                }
                if let Some(v) = p.dealer {
                    pays.push(format!("dealer {v}"));
                }
                if let Some(v) = p.others {
                    pays.push(format!("others {v}"));
                }
                let _ = write!(out, " ({})", pays.join(", "));
                let _ = write!(out, "\t{} han {} fu", s.han, s.fu);
                if let Some(l) = s.limit {
                    let _ = write!(out, " {l}");
                }
                out.push('\t');
                let yaku: Vec<String> = s
                    .yaku
                    .iter()
                    .map(|y| format!("{}:{}", y.yaku, y.han))
                    .collect();
                out.push_str(&yaku.join(" "));
            }
        }
        Score::Gb(s) => {
            if let Some(reason) = s.reason {
                let _ = write!(out, "\tnot legal: {}", reason.name());
            }
            if s.split.is_some() {
                let _ = write!(out, "\t{}\t", s.points);
                for (i, f) in s.fans.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "{}:{}", f.fan.name_zh(), f.fan.points());
                    if f.count > 1 {
                        let _ = write!(out, "x{}", f.count);
                    }
                }
            }
        }
        Score::Fans(s) => {
            if let Some(reason) = s.reason {
                let _ = write!(out, "\tnot legal: {reason}");
            }
            if s.split.is_some() {
                let _ = write!(out, "\t{}\t{} fan", s.points.total, s.fan);
                if s.fan_capped != s.fan {
                    let _ = write!(out, " (capped {})", s.fan_capped);
                }
                out.push('\t');
                for (i, f) in s.fans.iter().enumerate() {
                    if i > 0 {
                        out.push(' ');
                    }
                    let _ = write!(out, "{}:{}", f.name, f.value);
                    if f.count > 1 {
                        let _ = write!(out, "x{}", f.count);
                    }
                }
                if !s.jokers.is_empty() {
                    out.push_str("\tjokers");
                    for t in &s.jokers {
                        let _ = write!(out, " {t}");
                    }
                }
            }
        }
        _ => out.push_str("\tscored"),
    }
    out.push('\n');
}
