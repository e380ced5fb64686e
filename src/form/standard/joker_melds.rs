//! The melds a group of jokers only may stand for. A split leaves such a
//! group unresolved (`***`, any meld); where a reading needs what it can
//! be (a winning joker completes it as a sequence's middle, edge or end,
//! a triplet, or an honour sequence), these are the melds of the rules
//! that fit beside the rest of the hand.

use crate::group::{Group, GroupKind};
use crate::rules::compiled::Rules;
use crate::tables::HONOR_SEQUENCES;
use crate::tile::{Suit, Tile, KINDS};

/// Every meld a group of three jokers may stand for under `rules`, beside
/// `others` (the counts of the tiles the hand's other groups and its
/// declared melds stand for), each as a group of jokers resolved: the
/// sequences of the numbered suits in play, the triplets of the kinds in
/// play and, with `honor_sequences`, the honour sequences; a numbered
/// suit only when `others` holds it or leaves room under `max_suits`, and
/// under `joker_fifth_copy = false` only a meld whose tiles `others`
/// leaves copies of.
pub(crate) fn joker_melds<'a>(
    rules: &'a Rules,
    others: &'a [u8; KINDS],
) -> impl Iterator<Item = Group> + 'a {
    let numbered = [Suit::Man, Suit::Pin, Suit::Sou];
    let held = numbered
        .iter()
        .filter(|s| (0..9).any(|r| others[s.first_index() + r] > 0))
        .count() as u32;
    let suit_open = move |suit: Suit| {
        suit == Suit::Honor
            || held < rules.derived.suit_limit
            || (0..9).any(|r| others[suit.first_index() + r] > 0)
    };
    let sequences = numbered.into_iter().flat_map(|suit| {
        (0..7u8).map(move |r| {
            let first = Tile::nth((suit.first_index() + r as usize) as u8);
            Group::sequence(GroupKind::Sequence, first, 0b111, 0b111)
        })
    });
    let triplets = Tile::all().map(|t| Group::same(GroupKind::Triplet, t, 0));
    let honour_sequences = HONOR_SEQUENCES
        .into_iter()
        .filter(move |_| rules.honor_sequences)
        .map(|ranks| {
            let low = ranks.trailing_zeros() as u8;
            let first = Tile::nth(Suit::Honor.first_index() as u8 + low);
            Group::sequence(GroupKind::HonorSequence, first, ranks >> low, 0b111)
        });
    sequences
        .chain(triplets)
        .chain(honour_sequences)
        .filter(move |g| {
            let tiles = g.tiles().unwrap_or_default();
            let Some(first) = tiles.first() else {
                return false;
            };
            tiles.iter().all(|&t| {
                let used = others[t.index()] as usize + tiles.iter().filter(|&&u| u == t).count();
                rules.tiles.contains(t) && (rules.joker_fifth_copy || used <= 4)
            }) && suit_open(first.suit())
        })
}
