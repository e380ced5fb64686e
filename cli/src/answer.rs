//! What every hand command does with a line: parse the hand, judge it under
//! the rules, echo it (as typed, or in canonical notation) and write the
//! answer, as JSON fields or as text to the end of the line.

use std::fmt::Display;
use std::marker::PhantomData;

use hupai::{Hand, Rules};

use crate::output::judged;
use crate::stream::Job;

/// The settings every hand command shares.
pub struct Settings {
    pub rules: Rules,
    pub json: bool,
    /// Echo the hand in canonical notation instead of as typed.
    pub canonical: bool,
}

/// A hand command: `judge` answers a hand under the rules; `json` appends
/// the answer's JSON line after the hand's echo (`push_json`), `text` the
/// answer's text after the hand's echo, before the line's end.
pub struct Answering<T, E, Judge, Json, Text> {
    settings: Settings,
    judge: Judge,
    json: Json,
    text: Text,
    answer: PhantomData<fn() -> Result<T, E>>,
}

impl<T, E, Judge, Json, Text> Answering<T, E, Judge, Json, Text>
where
    E: Display,
    Judge: Fn(&Rules, &Hand) -> Result<T, E> + Sync,
    Json: Fn(&mut String, &str, T) + Sync,
    Text: Fn(&mut String, T) + Sync,
{
    /// The command of `judge` and the writers `json` and `text`.
    pub fn new(settings: Settings, judge: Judge, json: Json, text: Text) -> Self {
        Answering {
            settings,
            judge,
            json,
            text,
            answer: PhantomData,
        }
    }
}

impl<T, E, Judge, Json, Text> Job for Answering<T, E, Judge, Json, Text>
where
    E: Display,
    Judge: Fn(&Rules, &Hand) -> Result<T, E> + Sync,
    Json: Fn(&mut String, &str, T) + Sync,
    Text: Fn(&mut String, T) + Sync,
{
    fn json(&self) -> bool {
        self.settings.json
    }

    fn line(&self, hand: &str, out: &mut String) -> bool {
        answer(
            &self.settings,
            hand,
            out,
            &self.judge,
            &self.json,
            &self.text,
        )
    }
}

/// Answers `hand` (as given) under `settings`: parses it, judges it with
/// `judge`, and appends its line, the hand's echo then the answer by
/// `json` or `text`; false, with an error line, when the hand does not
/// parse or the judgement fails.
pub fn answer<T, E: Display>(
    settings: &Settings,
    hand: &str,
    out: &mut String,
    judge: impl FnOnce(&Rules, &Hand) -> Result<T, E>,
    json: impl FnOnce(&mut String, &str, T),
    text: impl FnOnce(&mut String, T),
) -> bool {
    let judge = |h: &Hand| {
        let shown = settings.canonical.then(|| h.to_string());
        judge(&settings.rules, h).map(|v| (v, shown))
    };
    let Some((answer, shown)) = judged(hand, out, settings.json, judge) else {
        return false;
    };
    let hand = shown.as_deref().unwrap_or(hand);
    if settings.json {
        json(out, hand, answer);
    } else {
        out.push_str(hand);
        text(out, answer);
        out.push('\n');
    }
    true
}
