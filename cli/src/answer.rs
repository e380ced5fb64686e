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
        let settings = &self.settings;
        let judge = |h: &Hand| {
            let shown = settings.canonical.then(|| h.to_string());
            (self.judge)(&settings.rules, h).map(|v| (v, shown))
        };
        let Some((answer, shown)) = judged(hand, out, settings.json, judge) else {
            return false;
        };
        let hand = shown.as_deref().unwrap_or(hand);
        if settings.json {
            (self.json)(out, hand, answer);
        } else {
            out.push_str(hand);
            (self.text)(out, answer);
            out.push('\n');
        }
        true
    }
}
