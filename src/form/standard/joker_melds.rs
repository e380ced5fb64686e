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
/// declared melds stand for), each as a group of jokers resolved: those of
/// [`joker_meld_candidates`] that [`stands_beside`] `others`.
pub(crate) fn joker_melds<'a>(
    rules: &'a Rules,
    others: &'a [u8; KINDS],
) -> impl Iterator<Item = Group> + 'a {
    joker_meld_candidates(rules).filter(move |g| {
        g.slot_tiles::<3>()
            .is_some_and(|t| stands_beside(rules, others, &t))
    })
}

/// The melds of the rules as groups of jokers resolved, in a fixed order:
/// the sequences of the numbered suits, the triplets and, with
/// `honor_sequences`, the honour sequences (kinds out of play included:
/// [`stands_beside`] leaves them out).
pub(crate) fn joker_meld_candidates(rules: &Rules) -> impl Iterator<Item = Group> + '_ {
    let numbered = [Suit::Man, Suit::Pin, Suit::Sou];
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
    sequences.chain(triplets).chain(honour_sequences)
}

/// May a group of jokers only stand for `tiles` (a meld or a pair) beside
/// `others` (the counts of the tiles the hand's other groups and its
/// declared melds stand for)? Its kinds are in play; under
/// `joker_fifth_copy = false` `others` leaves copies of them; and a
/// numbered suit is one `others` holds, or one more within `max_suits`.
pub(crate) fn stands_beside(rules: &Rules, others: &[u8; KINDS], tiles: &[Tile]) -> bool {
    let Some(first) = tiles.first() else {
        return false;
    };
    let fits = tiles.iter().all(|&t| {
        let used = others[t.index()] as usize + tiles.iter().filter(|&&u| u == t).count();
        rules.tiles.contains(t) && (rules.joker_fifth_copy || used <= 4)
    });
    fits && suit_open(rules, others, first.suit())
}

/// May a group of jokers only take a tile of `suit` beside `others`: an
/// honour, a numbered suit `others` holds, or one more within `max_suits`?
fn suit_open(rules: &Rules, others: &[u8; KINDS], suit: Suit) -> bool {
    let holds = |s: Suit| (0..9).any(|r| others[s.first_index() + r] > 0);
    let held = [Suit::Man, Suit::Pin, Suit::Sou]
        .into_iter()
        .filter(|&s| holds(s))
        .count() as u32;
    suit == Suit::Honor || holds(suit) || held < rules.derived.suit_limit
}
