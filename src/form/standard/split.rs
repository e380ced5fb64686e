//! Every split of a winning hand into the standard form's groups, and
//! their count without listing them.

use super::needs::{meld_sets, pair_ok, ranks, suit_counts};
use crate::form::kind::Form;
use crate::group::{Group, GroupKind, Split, SplitSink};
use crate::position::Position;
use crate::rules::compiled::Rules;
use crate::tables::key::{key_of, pow5};
use crate::tile::{Tile, KINDS};
use std::collections::BTreeSet;

/// Where the pair of a split may sit: a suit 0–3 that may hold it, or (4)
/// two jokers standing for a tile of such a suit.
pub(super) fn pair_places(rules: &Rules) -> impl Iterator<Item = usize> {
    let penalty = rules.derived.pair_penalty;
    (0..5).filter(move |&place| match place {
        4 => penalty.contains(&0),
        s => penalty[s] == 0,
    })
}

/// Every standard split of the winning `pos`.
///
/// Each split is produced once: the suits' decompositions are distinct
/// sets, the suits hold disjoint tiles, and the pair sits in a different
/// suit (or is jokers only) in each pass.
pub(crate) fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
    let counts = pos.counts();
    let jokers = pos.jokers;
    let plain: Vec<Decomps> = (0..4)
        .map(|s| suit_decomps(rules, s, &counts, false, jokers))
        .collect();
    for pair_suit in pair_places(rules) {
        let with_pair =
            (pair_suit < 4).then(|| suit_decomps(rules, pair_suit, &counts, true, jokers));
        let lists: Vec<&Decomps> = (0..4)
            .map(|s| match &with_pair {
                Some(w) if s == pair_suit => w,
                _ => &plain[s],
            })
            .collect();
        combine(&lists, 0, jokers, &mut Vec::new(), pair_suit == 4, out);
    }
}

/// The number of standard splits of the winning `pos`, counted per suit
/// and combined without listing them: for each place of the pair, the
/// ways to hand the jokers to the suits, times each suit's decompositions
/// using that many.
pub(crate) fn split_count(rules: &Rules, pos: &Position) -> u64 {
    let counts = pos.counts();
    let jokers = pos.jokers as usize;
    let histogram = |d: &Decomps| {
        let mut h = vec![0u64; jokers + 1];
        for (used, _) in d {
            h[*used as usize] += 1;
        }
        h
    };
    let plain: Vec<Vec<u64>> = (0..4)
        .map(|s| histogram(&suit_decomps(rules, s, &counts, false, pos.jokers)))
        .collect();
    let mut total = 0u64;
    for pair_suit in pair_places(rules) {
        // ways[u]: ways to give u jokers to the suits so far.
        let mut ways = vec![0u64; jokers + 1];
        ways[0] = 1;
        for (s, plain) in plain.iter().enumerate() {
            let h = if s == pair_suit {
                histogram(&suit_decomps(rules, s, &counts, true, pos.jokers))
            } else {
                plain.clone()
            };
            let mut next = vec![0u64; jokers + 1];
            for (a, &wa) in ways.iter().enumerate().filter(|(_, &w)| w > 0) {
                for (b, &hb) in h.iter().enumerate().take(jokers + 1 - a) {
                    next[a + b] = next[a + b].saturating_add(wa.saturating_mul(hb));
                }
            }
            ways = next;
        }
        for (used, &w) in ways.iter().enumerate() {
            let left = jokers - used;
            let rest = if pair_suit == 4 {
                left.checked_sub(2)
            } else {
                Some(left)
            };
            if rest.is_some_and(|r| r % 3 == 0) {
                total = total.saturating_add(w);
            }
        }
    }
    total
}

/// One suit's decompositions: (jokers used, groups), each listed once.
pub(super) type Decomps = BTreeSet<(u8, Vec<Group>)>;

/// Every way to split suit `s`'s natural tiles into groups that hold at
/// least one natural tile each, with one pair when `pair` is set, using at
/// most `jokers` jokers. Branches whose remaining tiles need more jokers
/// than are left (by the tables, a lower bound) are cut.
pub(super) fn suit_decomps(
    rules: &Rules,
    s: usize,
    counts: &[u8; KINDS],
    pair: bool,
    jokers: u8,
) -> Decomps {
    let c = suit_counts(s, counts);
    let mut walk = SuitWalk {
        rules,
        s,
        orig: c,
        counts: c,
        extra: [0; 9],
        cap: if rules.joker_fifth_copy { u8::MAX } else { 4 },
        key: key_of(&c[..ranks(s)]),
        groups: Vec::new(),
        out: BTreeSet::new(),
    };
    walk.go(pair, jokers, 0);
    walk.out
}

pub(super) struct SuitWalk<'a> {
    rules: &'a Rules,
    s: usize,
    orig: [u8; 9],
    counts: [u8; 9],
    /// Jokers standing for each rank so far.
    extra: [u8; 9],
    cap: u8,
    key: usize,
    groups: Vec<Group>,
    out: Decomps,
}

impl SuitWalk<'_> {
    fn tile(&self, r: usize) -> Tile {
        Tile::from_index(self.s * 9 + r).expect("rank within the suit")
    }

    fn go(&mut self, pair: bool, left: u8, used: u8) {
        let need = self.rules.tables.need_at(self.s, self.key);
        let need = if pair { need.with_pair() } else { need.melds() };
        if need > left {
            return;
        }
        let Some(r) = self.counts[..ranks(self.s)].iter().position(|&c| c > 0) else {
            if !pair {
                let mut groups = self.groups.clone();
                groups.sort();
                self.out.insert((used, groups));
            }
            return;
        };
        let c = self.counts[r] as usize;
        // Triplets and the pair holding r: 1..=size natural copies.
        let mut kinds = vec![GroupKind::Triplet];
        if pair && pair_ok(self.rules, self.s, r) {
            kinds.push(GroupKind::Pair);
        }
        for kind in kinds {
            for naturals in 1..=c.min(kind.size()) {
                let jokers = (kind.size() - naturals) as u8;
                let group = Group::same(kind, self.tile(r), naturals);
                let slots = vec![(r, false); naturals]
                    .into_iter()
                    .chain(vec![(r, true); jokers as usize])
                    .collect::<Vec<_>>();
                let rest_pair = pair && kind != GroupKind::Pair;
                self.place(&slots, group, left, |w, left| {
                    w.go(rest_pair, left, used + jokers)
                });
            }
        }
        // Sequences through r: r is the lowest natural, so the slots below
        // it are jokers; each slot above may be natural (if held) or joker.
        for set in meld_sets(self.rules, self.s, r) {
            let members: Vec<usize> = (0..9).filter(|&i| set >> i & 1 == 1).collect();
            let above: Vec<usize> = members.iter().copied().filter(|&i| i > r).collect();
            for mask in 0..1u32 << above.len() {
                let slots: Vec<(usize, bool)> = members
                    .iter()
                    .map(|&i| {
                        let joker = i < r
                            || (i > r
                                && mask >> above.iter().position(|&a| a == i).unwrap_or(0) & 1
                                    == 1);
                        (i, joker)
                    })
                    .collect();
                if slots
                    .iter()
                    .any(|&(i, joker)| !joker && self.counts[i] == 0 && i != r)
                {
                    continue;
                }
                let joker_bits = slots
                    .iter()
                    .enumerate()
                    .fold(0u8, |m, (k, &(_, joker))| m | (joker as u8) << k);
                let kind = if self.s == 3 {
                    GroupKind::HonorSequence
                } else {
                    GroupKind::Sequence
                };
                let first = members[0];
                let group =
                    Group::sequence(kind, self.tile(first), (set >> first) as u8, joker_bits);
                let jokers = joker_bits.count_ones() as u8;
                self.place(&slots, group, left, |w, left| {
                    w.go(pair, left, used + jokers)
                });
            }
        }
    }

    /// Takes the natural slots of `slots` out and stands jokers in the
    /// others (within the cap and the jokers `left`), pushes `group`, runs
    /// `then` with the jokers still left, and undoes it all.
    fn place(
        &mut self,
        slots: &[(usize, bool)],
        group: Group,
        left: u8,
        then: impl FnOnce(&mut Self, u8),
    ) {
        let jokers = slots.iter().filter(|&&(_, j)| j).count() as u8;
        if jokers > left {
            return;
        }
        let mut extra = self.extra;
        for &(i, joker) in slots {
            if joker {
                extra[i] += 1;
                if self.orig[i] + extra[i] > self.cap {
                    return;
                }
            }
        }
        let saved = (self.counts, self.extra, self.key);
        for &(i, joker) in slots {
            if !joker {
                self.counts[i] -= 1;
                self.key -= pow5(i);
            }
        }
        self.extra = extra;
        self.groups.push(group);
        then(self, left - jokers);
        self.groups.pop();
        (self.counts, self.extra, self.key) = saved;
    }
}

pub(super) fn combine(
    lists: &[&Decomps],
    suit: usize,
    left: u8,
    groups: &mut Vec<Group>,
    joker_pair: bool,
    out: &mut SplitSink,
) {
    if suit == lists.len() {
        let mut all = groups.clone();
        let mut rest = left;
        if joker_pair {
            if rest < 2 {
                return;
            }
            rest -= 2;
            all.push(Group::unresolved(GroupKind::Pair));
        }
        if rest % 3 != 0 {
            return;
        }
        all.extend((0..rest / 3).map(|_| Group::unresolved(GroupKind::Triplet)));
        out.push(Split::new(Form::Standard, all));
        return;
    }
    for (used, decomp) in lists[suit] {
        if *used > left {
            continue;
        }
        let len = groups.len();
        groups.extend_from_slice(decomp);
        combine(lists, suit + 1, left - used, groups, joker_pair, out);
        groups.truncate(len);
    }
}
