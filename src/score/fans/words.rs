//! The vocabulary read: each predicate and count of a fan table over a
//! reading (a split of the whole hand, every joker assigned a kind) and
//! its claim. The words are named in [`table`](super::table); the rules
//! of each are written once, here.

use crate::form::Form;
use crate::group::{Group, GroupKind};
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::rules::Rules;
use crate::score::claim::Claim;
use crate::tile::sets::{holds, ranks, ORPHANS, WHITE_DRAGON};
use crate::tile::{Suit, KINDS};
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

/// The first tiles of the chows holding a 1 or a 9 (123 and 789).
const TERMINAL_CHOWS: u64 = ranks(1, 1) | ranks(7, 7);

/// Does tile index `i` hold a 1, a 9 or an honour (an orphan)?
pub(super) fn terminal_or_honor(i: usize) -> bool {
    holds(ORPHANS, i)
}

/// Is tile index `i` a 2, a 5 or an 8?
pub(super) fn two_five_eight(i: usize) -> bool {
    holds(TWO_FIVE_EIGHT, i)
}

/// The facts of one split: `groups` of `form`, every joker resolved
/// (declared melds among them), but `kawu`, which depends on the group the
/// winning tile completed ([`kawu`]). Only the counts `table` names are
/// worked out.
pub(super) fn split_facts(table: &FanTable, form: Form, groups: &[Group]) -> Facts {
    let standard = form == Form::Standard;
    let mut p = 0u32;
    if standard {
        p |= Predicate::Standard.bit();
    }
    if form == Form::SevenPairs {
        p |= Predicate::SevenPairs.bit();
    }
    let concealed_counts =
        table.counts_used & (1 << Count::ConcealedFours as u8 | 1 << Count::OpenFours as u8) != 0;
    let mut all = [0u8; KINDS];
    let mut concealed = [0u8; KINDS];
    let mut suits = 0u8;
    let mut all_258 = true;
    let mut every_terminal = true;
    let mut all_pungs = true;
    let mut declared = 0u32;
    let mut concealed_tiles = 0u32;
    // Bit d: dragon d (5z, 6z, 7z) is a pung or kong / is the pair.
    let mut dragon_pungs = 0u8;
    let mut dragon_pair = 0u8;
    let mut pon_kinds = 0u64;
    for g in groups {
        let meld = g.meld_kind();
        let kind = g.kind();
        let Some(first) = g.first_tile().map(|t| t.index()) else {
            continue;
        };
        let size = kind.size() as u8;
        match kind {
            GroupKind::Pair | GroupKind::Triplet | GroupKind::Kong => {
                all[first] += size;
                if meld.is_none() && concealed_counts {
                    concealed[first] += size;
                }
                suits |= 1 << (first / 9);
                all_258 &= two_five_eight(first);
                every_terminal &= terminal_or_honor(first);
                if first >= WHITE_DRAGON {
                    match kind {
                        GroupKind::Pair => dragon_pair |= 1 << (first - WHITE_DRAGON),
                        _ => dragon_pungs |= 1 << (first - WHITE_DRAGON),
                    }
                }
                if meld == Some(MeldKind::Pon) {
                    pon_kinds |= 1 << first;
                }
            }
            GroupKind::Sequence => {
                for i in first..first + 3 {
                    all[i] += 1;
                    if meld.is_none() && concealed_counts {
                        concealed[i] += 1;
                    }
                }
                suits |= 1 << (first / 9);
                all_258 = false;
                every_terminal &= holds(TERMINAL_CHOWS, first);
                all_pungs = false;
            }
            _ => {
                let mut terminal = false;
                each_tile(g, |i| {
                    all[i] += 1;
                    if meld.is_none() {
                        concealed[i] += 1;
                    }
                    suits |= 1 << (i / 9);
                    all_258 &= two_five_eight(i);
                    terminal |= terminal_or_honor(i);
                });
                every_terminal &= terminal;
                all_pungs = false;
            }
        }
        if meld.is_none() {
            concealed_tiles += size as u32;
        } else {
            declared += 1;
        }
    }
    let numbered_suits = suits & 0b111;
    if numbered_suits.count_ones() == 1 && suits & 0b1000 == 0 {
        p |= Predicate::OneSuit.bit();
    }
    if all_258 {
        p |= Predicate::All258.bit();
    }
    if standard {
        if all_pungs {
            p |= Predicate::AllPungs.bit();
        }
        if every_terminal {
            p |= Predicate::TerminalInEach.bit();
        }
        // The pair one dragon, each of the other two a pung or kong.
        if dragon_pair.count_ones() == 1 && dragon_pungs | dragon_pair == 0b111 {
            p |= Predicate::SmallThreeDragons.bit();
        }
        if dragon_pungs == 0b111 {
            p |= Predicate::BigThreeDragons.bit();
        }
    }
    if declared == 4 && concealed_tiles == 2 {
        p |= Predicate::AllDeclared.bit();
    }
    let mut counts = [0u32; 3];
    if table.counts_used & 1 << Count::Roots as u8 != 0 {
        counts[Count::Roots as usize] = all.iter().filter(|&&c| c >= 4).count() as u32;
    }
    if standard {
        if table.counts_used & 1 << Count::ConcealedFours as u8 != 0 {
            counts[Count::ConcealedFours as usize] =
                concealed.iter().filter(|&&c| c >= 4).count() as u32;
        }
        if table.counts_used & 1 << Count::OpenFours as u8 != 0 {
            counts[Count::OpenFours as usize] = crate::swar::bits(pon_kinds)
                .filter(|&i| concealed[i] >= 1)
                .count() as u32;
        }
    }
    Facts {
        predicates: p,
        counts,
    }
}

/// `kawu`: the winning tile completed group `won` of `groups` (its jokers
/// resolved) with `shape`, as the 5 in the middle of a concealed 4-5-6
/// chow.
pub(super) fn kawu(groups: &[Group], won: usize, shape: WaitShape) -> bool {
    let g = &groups[won];
    g.kind() == GroupKind::Sequence
        && !g.is_declared()
        && shape == WaitShape::Kanchan
        && g.first_tile()
            .is_some_and(|t| t.suit() != Suit::Honor && t.rank() == 4)
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
