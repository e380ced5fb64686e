//! The standard form's grouping test for the reveal (亮倒).

use super::*;
use crate::rules::Rules;
use crate::tables::Need;
use crate::tile::KINDS;

/// The reveal's grouping test for the standard form: the hidden part
/// groups completely into melds (and the pair, when its size is 3N+2),
/// and the shown part plus each draw completes the rest. `draws` are the
/// hand's waits (a natural kind, or `None` for a joker kind).
pub(crate) fn hides(
    rules: &Rules,
    hidden: (&[u8; KINDS], u8),
    shown: (&[u8; KINDS], u8),
    draws: &[Option<usize>],
) -> bool {
    let (h, hj) = hidden;
    let (s, sj) = shown;
    let size = h.iter().map(|&c| c as u32).sum::<u32>() + hj as u32;
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
    if complete(&needs_of(rules, h), hidden_pair) > hj {
        return false;
    }
    draws.iter().all(|&draw| {
        let mut with = *s;
        let mut jokers = sj;
        match draw {
            Some(w) => with[w] += 1,
            None => jokers += 1,
        }
        complete(&needs_of(rules, &with), !hidden_pair) <= jokers
    })
}
