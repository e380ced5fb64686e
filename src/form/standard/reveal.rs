//! The standard form's grouping test for the reveal (亮倒).

use super::needs::needs_of;
use super::win::{melds_need, need};
use crate::form::judge::RevealSplit;
use crate::rules::compiled::Rules;
use crate::tables::Need;

/// The reveal's grouping test for the standard form: the hidden part
/// groups completely into melds (and the pair, when its size is 3N+2),
/// and the shown part plus each draw completes the rest.
pub(crate) fn hides(rules: &Rules, split: &RevealSplit) -> bool {
    let size = split.hidden_size();
    if size % 3 == 1 {
        return false;
    }
    let hidden_pair = size % 3 == 2;
    let complete = |needs: &[Need; 4], pair: bool| {
        if pair {
            need(rules, needs)
        } else {
            melds_need(needs)
        }
    };
    let (h, hj) = split.hidden;
    complete(&needs_of(rules, h), hidden_pair) <= hj
        && split.shown_completes(|with, jokers| {
            complete(&needs_of(rules, with), !hidden_pair) <= jokers
        })
}
