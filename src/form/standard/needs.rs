//! The needs of any counts, a kind held five times peeled into its
//! melds (the tables hold counts of at most four), and the groups that
//! hold a rank, which the peeling and the splits both walk.

use crate::group::{Group, GroupKind};
use crate::rules::compiled::Rules;
use crate::tables::key::key_of;
use crate::tables::{Need, HONOR_SEQUENCES};
use crate::tile::{Tile, KINDS};

/// Ranks in suit `s` (0–2 numbered, 3 honours).
pub(crate) const fn ranks(s: usize) -> usize {
    if s == 3 {
        7
    } else {
        9
    }
}

/// The counts of suit `s` within the 34 counts.
pub(super) fn suit_counts(s: usize, counts: &[u8; KINDS]) -> [u8; 9] {
    let mut c = [0u8; 9];
    c[..ranks(s)].copy_from_slice(&counts[s * 9..s * 9 + ranks(s)]);
    c
}

/// The need of suit `s` of `counts` after a fifth copy of rank `r` joins
/// it (the rank holds four). No table slot holds five copies, so a group
/// holding a copy of `r` is taken out first, in every way one can be: a
/// completion of the five copies has such a group, and what remains (at
/// most four of `r`) is one table load. With jokers capped at four
/// copies, five natural copies never complete.
pub(super) fn fifth_copy(rules: &Rules, s: usize, counts: &[u8; KINDS], r: usize) -> Need {
    if !rules.joker_fifth_copy {
        return Need::NONE;
    }
    let mut c = suit_counts(s, counts);
    c[r] = 5;
    peel(rules, s, &c, r)
}

/// See [`fifth_copy`]: the needs of suit `s`'s pattern `c`, whose rank `r`
/// holds five (the other ranks at most four).
pub(super) fn peel(rules: &Rules, s: usize, c: &[u8; 9], r: usize) -> Need {
    let n = ranks(s);
    let mut best = [u8::MAX; 2];
    for g in groups_through(rules, s, r, c, pair_ok(rules, s, r)) {
        let mut rest = *c;
        for &(i, joker) in g.slots() {
            rest[i as usize] -= !joker as u8;
        }
        let rest = rules.tables.need_at(s, key_of(&rest[..n]));
        if g.kind == GroupKind::Pair {
            // The group was the pair: the rest is melds only.
            best[1] = best[1].min(rest.melds().saturating_add(g.jokers()));
        } else {
            best[0] = best[0].min(rest.melds().saturating_add(g.jokers()));
            best[1] = best[1].min(rest.with_pair().saturating_add(g.jokers()));
        }
    }
    let clamp = |v: u8| v.min(15);
    Need::from_needs(clamp(best[0]), clamp(best[1]))
}

/// A group of one suit holding a natural tile of a rank `r`, as
/// [`groups_through`] lists it: its kind and its slots.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Through {
    /// Its place in the fixed order of the groups through `r`: triplets
    /// by natural copies (0–2), pairs (3–4), then each set through `r`
    /// (as [`meld_sets`] lists them) with each choice of jokers among its
    /// other two slots (5 + 4 × set + choice).
    pub id: u8,
    /// Triplet, pair, sequence or honour sequence.
    pub kind: GroupKind,
    /// The slots in rank order: each a rank of the suit, and whether a
    /// joker fills it (the jokers of identical tiles take the last slots).
    slots: [(u8, bool); 3],
    len: u8,
}

impl Through {
    /// The slots, in rank order.
    pub(crate) fn slots(&self) -> &[(u8, bool)] {
        &self.slots[..self.len as usize]
    }

    /// The jokers it takes.
    pub(crate) fn jokers(&self) -> u8 {
        self.slots().iter().filter(|s| s.1).count() as u8
    }

    /// The group, in suit `s`.
    pub(crate) fn group(&self, s: usize) -> Group {
        let tile = |r: u8| Tile::from_index(9 * s + r as usize).expect("a rank of the suit");
        let slots = self.slots();
        match self.kind {
            GroupKind::Triplet | GroupKind::Pair => {
                let naturals = slots.iter().filter(|s| !s.1).count();
                Group::same(self.kind, tile(slots[0].0), naturals)
            }
            _ => {
                let first = slots[0].0;
                let spread = slots.iter().fold(0u8, |m, s| m | 1 << (s.0 - first));
                let jokers = slots
                    .iter()
                    .enumerate()
                    .fold(0u8, |m, (k, s)| m | (s.1 as u8) << k);
                Group::sequence(self.kind, tile(first), spread, jokers)
            }
        }
    }
}

/// Every group of suit `s` holding a natural tile of rank `r` whose other
/// natural slots the suit's counts `c` hold (a joker may fill any slot
/// but `r`'s, of a kind in play: the suit's, or for an honour sequence the
/// honours, all in play under `honor_sequences`), in the order of
/// [`Through::id`]: a triplet with 1–3 natural copies, the pair with 1–2
/// when `pair` is set, the sequences through `r` with each choice of
/// jokers among their other slots.
pub(crate) fn groups_through(
    rules: &Rules,
    s: usize,
    r: usize,
    c: &[u8; 9],
    pair: bool,
) -> GroupsThrough {
    let mut sets = [0u16; MAX_SETS];
    let mut len = 0;
    for set in meld_sets(rules, s, r) {
        sets[len] = set;
        len += 1;
    }
    GroupsThrough {
        held: c[r],
        held_ranks: std::array::from_fn(|i| c[i] > 0),
        r: r as u8,
        pair,
        sequence: if s == 3 {
            GroupKind::HonorSequence
        } else {
            GroupKind::Sequence
        },
        sets,
        len: len as u8,
        id: 0,
    }
}

/// The most sets through one rank [`meld_sets`] lists: three sequences
/// in a numbered suit, three of the winds' honour sequences.
const MAX_SETS: usize = 3;

/// [`groups_through`]'s groups: each id tried in turn, one state for the
/// whole list.
pub(crate) struct GroupsThrough {
    /// Natural copies of the rank held.
    held: u8,
    /// `[i]`: does the suit hold rank `i`?
    held_ranks: [bool; 9],
    /// The rank.
    r: u8,
    /// May the pair be taken?
    pair: bool,
    /// The kind of the suit's sequences.
    sequence: GroupKind,
    /// The sets through the rank ([`meld_sets`]), `len` of them.
    sets: [u16; MAX_SETS],
    len: u8,
    /// The next id to try.
    id: u8,
}

impl GroupsThrough {
    /// The triplet or the pair of the rank with `naturals` natural copies.
    fn same(&self, id: u8, kind: GroupKind, naturals: u8) -> Option<Through> {
        let size = kind.size() as u8;
        let mut slots = [(self.r, false); 3];
        for (k, slot) in (0u8..).zip(slots.iter_mut()).take(size as usize) {
            slot.1 = k >= naturals;
        }
        (self.held >= naturals).then_some(Through {
            id,
            kind,
            slots,
            len: size,
        })
    }

    /// The sequence of set `set` with `choice` (bit `b`: the `b`-th slot
    /// other than the rank's is a joker), when the suit holds its natural
    /// slots.
    fn sequence(&self, id: u8, set: u16, choice: u8) -> Option<Through> {
        let mut slots = [(0u8, false); 3];
        let mut rest = set;
        let mut other = 0;
        for slot in &mut slots {
            let i = rest.trailing_zeros() as u8;
            rest &= rest - 1;
            let joker = i != self.r && choice >> other & 1 == 1;
            other += (i != self.r) as u8;
            if !joker && !self.held_ranks[i as usize] {
                return None;
            }
            *slot = (i, joker);
        }
        Some(Through {
            id,
            kind: self.sequence,
            slots,
            len: 3,
        })
    }
}

impl Iterator for GroupsThrough {
    type Item = Through;

    fn next(&mut self) -> Option<Through> {
        loop {
            let id = self.id;
            let found = match id {
                0..=2 => self.same(id, GroupKind::Triplet, id + 1),
                3..=4 if self.pair => self.same(id, GroupKind::Pair, id - 2),
                3..=4 => None,
                _ => {
                    let k = (id - 5) / 4;
                    if k >= self.len {
                        return None;
                    }
                    self.sequence(id, self.sets[k as usize], (id - 5) % 4)
                }
            };
            self.id = id + 1;
            if found.is_some() {
                return found;
            }
        }
    }
}

/// The melds other than triplets that hold rank `r` of suit `s`, as rank
/// sets: the three sequences through `r` in a numbered suit, the honour
/// sequences through `r` when the rules count them.
pub(super) fn meld_sets(rules: &Rules, s: usize, r: usize) -> impl Iterator<Item = u16> + '_ {
    let numbered = (s < 3)
        .then(|| (r.saturating_sub(2)..=r.min(6)).map(|start| 0b111 << start))
        .into_iter()
        .flatten();
    let honours = HONOR_SEQUENCES
        .into_iter()
        .filter(move |&set| s == 3 && rules.honor_sequences && set >> r & 1 == 1)
        .map(u16::from);
    numbered.chain(honours)
}

/// The four suits' needs of `counts`, where one count may be 5 (a drawn
/// fifth copy): such a suit is judged by [`peel`].
pub(crate) fn needs_of(rules: &Rules, counts: &[u8; KINDS]) -> [Need; 4] {
    std::array::from_fn(|s| {
        let c = suit_counts(s, counts);
        match (0..ranks(s)).filter(|&r| c[r] > 4).collect::<Vec<_>>()[..] {
            [] => rules.tables.need_at(s, key_of(&c[..ranks(s)])),
            [r] if c[r] == 5 && rules.joker_fifth_copy => peel(rules, s, &c, r),
            _ => Need::NONE,
        }
    })
}

/// May kind `i` (0–33) be the pair ([`pair_ok`] of its suit and rank)?
pub(crate) fn pair_kind_ok(rules: &Rules, i: usize) -> bool {
    let s = (i / 9).min(3);
    pair_ok(rules, s, i - 9 * s)
}

/// May suit `s` (0–3) hold the pair on rank `r` (0-based)?
pub(crate) fn pair_ok(rules: &Rules, s: usize, r: usize) -> bool {
    let params = rules.tables.params();
    rules.derived.pair_penalty[s] == 0
        && if s == 3 {
            params.honor_pair
        } else {
            params.suit_pair_ranks >> r & 1 == 1
        }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The groups through rank `r` as the doc of [`groups_through`] lists
    /// them, written plainly: each id in order, kept when its natural
    /// slots are held.
    fn listed(rules: &Rules, s: usize, r: usize, c: &[u8; 9], pair: bool) -> Vec<Through> {
        let mut out = Vec::new();
        let same = |id: u8, kind: GroupKind, naturals: u8| {
            let size = kind.size();
            let mut slots = [(r as u8, false); 3];
            for (k, slot) in slots.iter_mut().enumerate().take(size) {
                slot.1 = k >= naturals as usize;
            }
            (c[r] >= naturals).then_some(Through {
                id,
                kind,
                slots,
                len: size as u8,
            })
        };
        for n in 1..=3u8 {
            out.extend(same(n - 1, GroupKind::Triplet, n));
        }
        for n in 1..=2u8 {
            if pair {
                out.extend(same(n + 2, GroupKind::Pair, n));
            }
        }
        let kind = if s == 3 {
            GroupKind::HonorSequence
        } else {
            GroupKind::Sequence
        };
        for (k, set) in meld_sets(rules, s, r).enumerate() {
            let members: Vec<u8> = (0..9u8).filter(|&i| set >> i & 1 == 1).collect();
            let others: Vec<u8> = members
                .iter()
                .copied()
                .filter(|&i| i as usize != r)
                .collect();
            for choice in 0..4u8 {
                let joker = |i: u8| {
                    let b = others.iter().position(|&o| o == i);
                    b.is_some_and(|b| choice >> b & 1 == 1)
                };
                if members.iter().all(|&i| joker(i) || c[i as usize] > 0) {
                    let mut slots = [(0u8, false); 3];
                    for (slot, &i) in slots.iter_mut().zip(&members) {
                        *slot = (i, joker(i));
                    }
                    out.push(Through {
                        id: 5 + 4 * k as u8 + choice,
                        kind,
                        slots,
                        len: 3,
                    });
                }
            }
        }
        out
    }

    /// [`groups_through`] lists, for seeded counts of every suit and rank
    /// (the rank held 1–5 times), with and without the pair, with and
    /// without honour sequences, the groups listed plainly, in order.
    #[test]
    fn groups_through_are_the_groups_listed() {
        let rules = [
            Rules::chinese(),
            Rules::from_toml_str("base = \"chinese\"\nhonor_sequences = true").expect("rules"),
        ];
        let mut picks = crate::seeded::Picks::new(0x2545_f491_4f6c_dd1d);
        let mut next = |n: u64| picks.below(n);
        let mut listed_groups = 0;
        for _ in 0..20_000 {
            let s = next(4) as usize;
            let r = next(ranks(s) as u64) as usize;
            let mut c = [0u8; 9];
            for count in c.iter_mut().take(ranks(s)) {
                *count = next(3).min(next(5)) as u8;
            }
            c[r] = 1 + next(5) as u8;
            let pair = next(2) == 1;
            for rules in &rules {
                let want = listed(rules, s, r, &c, pair);
                let got: Vec<Through> = groups_through(rules, s, r, &c, pair).collect();
                let key = |g: &Through| (g.id, g.kind, g.slots().to_vec());
                assert_eq!(
                    got.iter().map(key).collect::<Vec<_>>(),
                    want.iter().map(key).collect::<Vec<_>>(),
                    "suit {s} rank {r} counts {c:?} pair {pair}"
                );
                listed_groups += want.len();
            }
        }
        assert!(listed_groups > 100_000, "{listed_groups}");
    }
}
