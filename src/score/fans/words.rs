//! The vocabulary read: each predicate and count of a fan table over a
//! reading (the scoring layer's `Reading` of a split of the whole hand,
//! every joker assigned a kind), the reading's tiles and its claim. The
//! words are named in [`table`](super::table); the rules of each are
//! written once, here.

use crate::group::{Group, GroupKind};
use crate::hand::Hand;
use crate::rules::Rules;
use crate::score::claim::Claim;
use crate::score::reading::{Reading, Set, SetKind, Shape};
use crate::tile::sets::{holds, ranks, HONORS, ORPHANS, SUITS, WHITE_DRAGON};
use crate::tile::{Suit, Tile, KINDS};
use crate::win::{WaitShape, WinHow};

use super::table::{Count, FanTable, Predicate};

/// The predicates of the claim alone, the same in every reading: how the
/// tile came, the claim's flags, the seat, and `no_jokers`.
pub(super) fn claim_predicates(rules: &Rules, hand: &Hand, claim: &Claim) -> u32 {
    let holds_joker = hand.jokers() > 0
        || rules.jokers.iter().any(|t| hand.count(t) > 0)
        || hand
            .melds()
            .iter()
            .any(|m| m.tiles().any(|t| rules.jokers.contains(t)));
    let how = match claim.how {
        WinHow::SelfDrawn => Predicate::SelfDrawn,
        WinHow::Discard => Predicate::Discard,
        WinHow::RobbingKong => Predicate::RobbingKong,
    };
    let seat = if claim.is_dealer() {
        Predicate::Dealer
    } else {
        Predicate::NotDealer
    };
    let mut bits = how.bit() | seat.bit();
    for (p, on) in [
        (Predicate::NoJokers, !holds_joker),
        (Predicate::AfterKong, claim.after_kong),
        (Predicate::KongDiscard, claim.kong_discard),
        (Predicate::LastTile, claim.last_tile),
        (Predicate::FirstTurn, claim.first_turn),
        (Predicate::Revealed, claim.revealed),
    ] {
        if on {
            bits |= p.bit();
        }
    }
    bits
}

/// What a reading holds: its predicates (bit [`Predicate::bit`]) and its
/// counts (index `Count as usize`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Facts {
    pub predicates: u32,
    pub counts: [u32; 3],
}

/// The tiles of group `g` (its jokers resolved), by index, to `each`.
pub(super) fn each_tile(g: &Group, mut each: impl FnMut(usize)) {
    match g.kind() {
        GroupKind::Pair | GroupKind::Triplet | GroupKind::Kong => {
            if let Some(t) = g.first_tile() {
                for _ in 0..g.kind().size() {
                    each(t.index());
                }
            }
        }
        GroupKind::Sequence | GroupKind::HonorSequence => {
            if let Some(tiles) = g.slot_tiles::<3>() {
                tiles.iter().for_each(|t| each(t.index()));
            }
        }
        _ => g
            .tiles()
            .into_iter()
            .flatten()
            .for_each(|t| each(t.index())),
    }
}

/// The tile indices of the 2s, 5s and 8s (bit `i`: index `i`).
const TWO_FIVE_EIGHT: u64 = ranks(2, 2) | ranks(5, 5) | ranks(8, 8);

/// Does tile index `i` hold a 1, a 9 or an honour (an orphan)?
pub(super) fn terminal_or_honor(i: usize) -> bool {
    holds(ORPHANS, i)
}

/// Is tile index `i` a 2, a 5 or an 8?
pub(super) fn two_five_eight(i: usize) -> bool {
    holds(TWO_FIVE_EIGHT, i)
}

/// The first tiles of the chows holding a 1, a 9 or an honour (123, 789,
/// and the honour sequences, which start at an honour).
const TERMINAL_CHOWS: u64 = ranks(1, 1) | ranks(7, 7) | HONORS;

/// The facts of `reading`, a reading of a split whose jokers are resolved
/// (declared melds among its sets), whose tiles are `tiles` (by kind,
/// jokers as assigned, the melds' included; `kinds` the kinds they hold,
/// bit `i` for kind `i`), of which the declared melds hold `declared`;
/// all but `kawu` ([`kawu`]). Only the counts `table` names are worked
/// out.
pub(super) fn reading_facts(
    table: &FanTable,
    reading: &Reading,
    tiles: &[u8; KINDS],
    kinds: u64,
    declared: &[u8; KINDS],
) -> Facts {
    let standard = reading.shape == Shape::Standard;
    let mut p = 0u32;
    if standard {
        p |= Predicate::Standard.bit();
    }
    if reading.shape == Shape::SevenPairs {
        p |= Predicate::SevenPairs.bit();
    }
    let suits = SUITS.iter().filter(|&&suit| kinds & suit != 0).count();
    if suits == 1 && kinds & HONORS == 0 {
        p |= Predicate::OneSuit.bit();
    }
    if kinds & !TWO_FIVE_EIGHT == 0 {
        p |= Predicate::All258.bit();
    }
    let sets = reading.sets();
    // Four declared melds, and the concealed part the pair alone.
    if sets.len() == 4 && sets.iter().all(|s| s.declared) && reading.pair.is_some() {
        p |= Predicate::AllDeclared.bit();
    }
    if standard {
        if sets.iter().all(Set::is_pung) {
            p |= Predicate::AllPungs.bit();
        }
        let terminal = |s: &Set| match s.kind {
            SetKind::Chow => holds(TERMINAL_CHOWS, s.tile.index()),
            SetKind::Pung | SetKind::Kong => holds(ORPHANS, s.tile.index()),
        };
        if sets.iter().all(terminal) && reading.pair.is_some_and(|t| holds(ORPHANS, t.index())) {
            p |= Predicate::TerminalInEach.bit();
        }
        // Bit d: dragon d (5z, 6z, 7z) is a pung or kong / is the pair.
        let dragon = |t: Tile| t.index().checked_sub(WHITE_DRAGON).map_or(0, |d| 1u8 << d);
        let dragon_pungs = sets
            .iter()
            .filter(|s| s.is_pung())
            .fold(0, |m, s| m | dragon(s.tile));
        let dragon_pair = reading.pair.map_or(0, dragon);
        // The pair one dragon, each of the other two a pung or kong.
        if dragon_pair != 0 && dragon_pungs | dragon_pair == 0b111 {
            p |= Predicate::SmallThreeDragons.bit();
        }
        if dragon_pungs == 0b111 {
            p |= Predicate::BigThreeDragons.bit();
        }
    }
    let mut counts = [0u32; 3];
    if table.counts_used & 1 << Count::Roots as u8 != 0 {
        counts[Count::Roots as usize] = tiles.iter().filter(|&&c| c >= 4).count() as u32;
    }
    if standard
        && table.counts_used & (1 << Count::ConcealedFours as u8 | 1 << Count::OpenFours as u8) != 0
    {
        let concealed = |i: usize| tiles[i] - declared[i];
        counts[Count::ConcealedFours as usize] = tiles
            .iter()
            .zip(declared)
            .filter(|&(&t, &d)| t - d >= 4)
            .count() as u32;
        counts[Count::OpenFours as usize] = sets
            .iter()
            .filter(|s| s.declared && s.kind == SetKind::Pung && concealed(s.tile.index()) >= 1)
            .count() as u32;
    }
    Facts {
        predicates: p,
        counts,
    }
}

/// `kawu`: the winning tile completed, as the 5 in its middle, a
/// concealed 4-5-6 chow of `reading`.
pub(super) fn kawu(reading: &Reading) -> bool {
    reading.wait == WaitShape::Kanchan
        && reading.won_set().is_some_and(|s| {
            s.kind == SetKind::Chow
                && !s.declared
                && s.tile.suit() != Suit::Honor
                && s.tile.rank() == 4
        })
}

/// The fans of `table` that a reading with `facts` and the claim's
/// predicates `claim` holds, after exclusions (bit `i`: fan `i`), and
/// their 番.
pub(super) fn fans_held(table: &FanTable, facts: &Facts, claim: u32) -> (u64, u32) {
    let predicates = facts.predicates | claim;
    let mut present = 0u64;
    let mut removed = 0u64;
    for (i, f) in table.fans.iter().enumerate() {
        if predicates & f.when != f.when {
            continue;
        }
        if let Some(c) = f.count {
            if facts.counts[c as usize] == 0 {
                continue;
            }
        }
        present |= 1 << i;
        removed |= f.excludes;
    }
    present &= !removed;
    let mut fan = 0u32;
    for i in crate::swar::bits(present) {
        let f = &table.fans[i];
        fan += f.value * f.count.map_or(1, |c| facts.counts[c as usize]);
    }
    (present, fan)
}
