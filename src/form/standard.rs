//! The standard form: N melds (sequences, triplets, and with
//! `honor_sequences` three different winds or the three dragons) plus one
//! pair, judged from the per-suit need tables (`src/tables/mod.rs`).
//!
//! The four suits are independent but for the pair and the jokers. The
//! fewest jokers a hand needs is the sum of the suits' melds-only needs
//! plus the cheapest extra cost of holding the pair in one suit, where a
//! suit that may not hold the pair (none of its kinds in play, or honours
//! under `pair_ranks`) costs more than any hand holds. The hand wins when
//! that total is at most its joker count: jokers left over are a multiple
//! of three (the hand has 3N+2 tiles) and form melds of their own.
//!
//! Every rule of the form — which melds count, which ranks may hold the
//! pair, jokers capped at four copies — lives in the tables' parameters and
//! in this module; wins, waits, splits and the reveal all read it here.

use std::collections::BTreeSet;

use crate::form::{waits_by_draws, Form, Judge};
use crate::position::Position;
use crate::rules::{Resolved, Rules, NO_PAIR};
use crate::split::{Group, GroupKind, Split, SplitSink};
use crate::tables::gen::HONOR_SEQUENCES;
use crate::tables::key::{key_of, pow5};
use crate::tables::{Class, Merges, Need, Resident};
use crate::tile::{Suit, Tile, KINDS};

/// `5^r` for the ranks: a tile of rank `r` adds `5^r` to its suit's key.
pub(crate) const POW5: [usize; 9] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625];

/// Ranks in suit `s` (0–2 numbered, 3 honours).
pub(crate) const fn ranks(s: usize) -> usize {
    if s == 3 {
        7
    } else {
        9
    }
}

/// Fewest jokers that complete four suits into N melds plus one pair held
/// by a suit that may hold it. No branch on the data.
#[inline(always)]
pub(crate) fn need(rules: &Rules, needs: &[Need; 4]) -> u8 {
    let penalty = rules.derived.pair_penalty;
    let melds: i16 = needs.iter().map(|n| n.melds() as i16).sum();
    let pair = (0..4)
        .map(|s| needs[s].with_pair() as i16 - needs[s].melds() as i16 + penalty[s])
        .min()
        .unwrap_or(NO_PAIR);
    (melds + pair).clamp(0, u8::MAX as i16) as u8
}

/// Fewest jokers that complete four suits into melds only.
#[inline]
pub(crate) fn melds_need(needs: &[Need; 4]) -> u8 {
    needs.iter().map(|n| n.melds()).sum()
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles complete
/// the standard form: every count from the need up.
#[inline(always)]
pub(crate) fn win_mask(rules: &Rules, pos: &Position) -> u32 {
    u32::MAX
        .checked_shl(need(rules, &pos.needs) as u32)
        .unwrap_or(0)
}

/// Does `pos` (natural tiles and jokers) complete the standard form?
#[inline(always)]
pub(crate) fn wins(rules: &Rules, pos: &Position) -> bool {
    need(rules, &pos.needs) <= pos.jokers
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

/// The natural kinds whose draw completes the 3N+1 `pos` in the standard
/// form, among the suits whose bit is set in `open` (m, p, s, honours).
///
/// A tile joining suit `s` changes only that suit's needs, and never by
/// less than one joker: a completion of the new pattern with `k` jokers
/// completes the old one with `k + 1` (a joker in the new tile's place),
/// and a need keeps its residue modulo 3 (tiles plus jokers fill melds of
/// three), so it falls by exactly one or rises. A suit whose needs cannot
/// fall far enough is skipped without loading anything;
/// `tests/variant_tables.rs` checks the bound on every table slot. The
/// bits of kinds held four times are meaningful only when the rules count
/// a fifth copy as a wait; otherwise the caller masks them.
#[inline(always)]
pub(crate) fn waits(rules: &Rules, pos: &Position, open: u32) -> u64 {
    let needs = &pos.needs;
    let j = pos.jokers as i32;
    let melds: [i32; 4] = needs.map(|n| n.melds() as i32);
    let pen = rules.derived.pair_penalty.map(i32::from);
    let deltas: [i32; 4] = std::array::from_fn(|s| needs[s].with_pair() as i32 + pen[s] - melds[s]);
    let sum = melds[0] + melds[1] + melds[2] + melds[3];
    // The cheapest pair among the other three suits: the smallest delta,
    // or the second smallest for the suit holding it.
    let low = (0..4).min_by_key(|&s| deltas[s]).unwrap_or(0);
    let second = (0..4)
        .filter(|&s| s != low)
        .map(|s| deltas[s])
        .min()
        .unwrap_or(i32::MAX / 4);
    let lowest = |x: i32| if x == 0 { 2 } else { x - 1 };
    // A new tile in suit `s` wins when the suit's melds need falls to the
    // first limit, or its pair need to the second.
    let limits = |s: usize| {
        let others = sum - melds[s];
        let pair_elsewhere = if s == low { second } else { deltas[low] };
        (j - others - pair_elsewhere, j - others - pen[s])
    };
    let mut waits = 0u64;
    for s in 0..4 {
        let (most_melds, most_pair) = limits(s);
        let reachable =
            lowest(melds[s]) <= most_melds || lowest(needs[s].with_pair() as i32) <= most_pair;
        if !reachable || open >> s & 1 == 0 {
            continue;
        }
        let mut bits = 0u64;
        let column = rules.tables.column(s);
        for (r, step) in POW5.iter().take(ranks(s)).enumerate() {
            // A rank held four times reads some other slot (or none): the
            // caller masks its bit, or it is redone below.
            let n = column.at(pos.keys[s] + step);
            let wins = (n.melds() as i32) <= most_melds || (n.with_pair() as i32) <= most_pair;
            bits |= (wins as u64) << r;
        }
        waits |= bits << (9 * s);
    }
    if rules.four_held_is_wait && pos.words.any_four() {
        // Kinds held four times, when the rules count a fifth copy.
        let fours = pos.words.kinds_with_bit(2);
        waits &= !fours;
        let counts = pos.counts();
        for t in (0..KINDS).filter(|&t| fours >> t & 1 == 1) {
            let (s, r) = (t / 9, t % 9);
            if open >> s & 1 == 0 {
                continue;
            }
            let n = fifth_copy(rules, s, &counts, r);
            let (most_melds, most_pair) = limits(s);
            if (n.melds() as i32) <= most_melds || (n.with_pair() as i32) <= most_pair {
                waits |= 1 << t;
            }
        }
    }
    waits
}

/// The counts of suit `s` within the 34 counts.
fn suit_counts(s: usize, counts: &[u8; KINDS]) -> [u8; 9] {
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
fn fifth_copy(rules: &Rules, s: usize, counts: &[u8; KINDS], r: usize) -> Need {
    if !rules.joker_fifth_copy {
        return Need::NONE;
    }
    let mut c = suit_counts(s, counts);
    c[r] = 5;
    peel(rules, s, &c, r)
}

/// See [`fifth_copy`]: the needs of suit `s`'s pattern `c`, whose rank `r`
/// holds five (the other ranks at most four).
fn peel(rules: &Rules, s: usize, c: &[u8; 9], r: usize) -> Need {
    let n = ranks(s);
    let load = |c: &[u8; 9]| rules.tables.need_at(s, key_of(&c[..n]));
    let mut best = [u8::MAX; 2];
    let mut take = |c: &[u8; 9], jokers: u8, pair: bool| {
        let rest = load(c);
        if pair {
            // The group was the pair: the rest is melds only.
            best[1] = best[1].min(rest.melds().saturating_add(jokers));
        } else {
            best[0] = best[0].min(rest.melds().saturating_add(jokers));
            best[1] = best[1].min(rest.with_pair().saturating_add(jokers));
        }
    };
    for k in 1..=3u8 {
        let mut rest = *c;
        rest[r] -= k;
        take(&rest, 3 - k, false);
        if k <= 2 && pair_ok(rules, s, r) {
            take(&rest, 2 - k, true);
        }
    }
    for set in meld_sets(rules, s, r) {
        // Slot r is natural; every other slot natural (if held) or joker.
        let others: Vec<usize> = (0..n).filter(|&i| i != r && set >> i & 1 == 1).collect();
        for mask in 0..1u32 << others.len() {
            let mut rest = *c;
            rest[r] -= 1;
            let mut jokers = 0;
            let mut fits = true;
            for (b, &i) in others.iter().enumerate() {
                if mask >> b & 1 == 1 {
                    jokers += 1;
                } else if rest[i] == 0 {
                    fits = false;
                } else {
                    rest[i] -= 1;
                }
            }
            if fits {
                take(&rest, jokers, false);
            }
        }
    }
    let clamp = |v: u8| v.min(15);
    Need::from_needs(clamp(best[0]), clamp(best[1]))
}

/// The melds other than triplets that hold rank `r` of suit `s`, as rank
/// sets: the three sequences through `r` in a numbered suit, the honour
/// sequences through `r` when the rules count them.
fn meld_sets(rules: &Rules, s: usize, r: usize) -> Vec<u16> {
    if s < 3 {
        (r.saturating_sub(2)..=r.min(6))
            .map(|start| 0b111 << start)
            .collect()
    } else if rules.honor_sequences {
        HONOR_SEQUENCES
            .iter()
            .filter(|&&set| set >> r & 1 == 1)
            .map(|&set| set as u16)
            .collect()
    } else {
        Vec::new()
    }
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

/// Where the pair of a split may sit: a suit 0–3 that may hold it, or (4)
/// two jokers standing for a tile of such a suit.
fn pair_places(rules: &Rules) -> impl Iterator<Item = usize> {
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
type Decomps = BTreeSet<(u8, Vec<Group>)>;

/// Every way to split suit `s`'s natural tiles into groups that hold at
/// least one natural tile each, with one pair when `pair` is set, using at
/// most `jokers` jokers. Branches whose remaining tiles need more jokers
/// than are left (by the tables, a lower bound) are cut.
fn suit_decomps(rules: &Rules, s: usize, counts: &[u8; KINDS], pair: bool, jokers: u8) -> Decomps {
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

struct SuitWalk<'a> {
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

fn combine(
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

/// One suit's distances as the standard form's distance combines them:
/// byte `m` of `[0]` the tiles missing from `m` melds (0–5), of `[1]` from
/// `m` melds and the pair; bytes 6 and 7 hold [`FAR`].
type Dist = [u64; 2];

/// A distance larger than any target: a place no target may use.
const FAR: u8 = crate::tables::gen::DIST_NONE;

/// [`FAR`] in every byte.
const FARS: u64 = FAR as u64 * crate::swar::LOW;

/// The distances of a suit that holds nothing of the target.
const EMPTY: Dist = [FARS << 8, FARS];

/// Suit `s`'s distances with what the rules bar, as masks worked out once
/// (`Derived::dist_bars`): `(d & keep) | fill` per word. No target holds a
/// tile of a suit with no kind in play, nor the pair where the suit may
/// not hold it.
pub(crate) fn bars(closed: bool, no_pair: bool) -> [[u64; 2]; 2] {
    let keep_fill = |keep: bool, fill: u64| if keep { [u64::MAX, 0] } else { [0, fill] };
    if closed {
        [keep_fill(false, EMPTY[0]), keep_fill(false, EMPTY[1])]
    } else {
        [keep_fill(true, 0), keep_fill(!no_pair, FARS)]
    }
}

/// Suit `s`'s distances from its class, barred as the rules say.
#[inline(always)]
fn barred(rules: &Rules, s: usize, class: &Class) -> [[u8; 8]; 2] {
    barred_bytes(rules, s, class.lanes.map(u64::to_le_bytes))
}

/// The least `a[p][i] + b[q][m - i]` for every `m` up to `K`, the pairs
/// adding up: the distances of two suits together.
#[inline(always)]
fn join<const K: usize>(a: &[[u8; 8]; 2], b: &[[u8; 8]; 2]) -> [[u8; 8]; 2] {
    let mut c = [[FAR; 8]; 2];
    let mut m = 0;
    while m <= K {
        let mut melds = a[0][0] + b[0][m];
        let mut pair = (a[1][0] + b[0][m]).min(a[0][0] + b[1][m]);
        let mut i = 1;
        while i <= m {
            melds = melds.min(a[0][i] + b[0][m - i]);
            pair = pair.min(a[1][i] + b[0][m - i]).min(a[0][i] + b[1][m - i]);
            i += 1;
        }
        c[0][m] = melds;
        c[1][m] = pair;
        m += 1;
    }
    c
}

/// The tiles missing from `K` melds and the pair over four suits.
#[inline(always)]
fn total<const K: usize>(d: &[[[u8; 8]; 2]; 4]) -> u8 {
    let low = join::<K>(&d[0], &d[1]);
    let high = join::<K>(&d[2], &d[3]);
    let mut best = low[0][0] + high[1][K];
    best = best.min(low[1][0] + high[0][K]);
    let mut i = 1;
    while i <= K {
        best = best
            .min(low[0][i] + high[1][K - i])
            .min(low[1][i] + high[0][K - i]);
        i += 1;
    }
    best
}

/// The tiles missing from `k` melds (0–5) and the pair over the four
/// suits whose classes' merge values are `merges`, by merging: when every
/// suit's increments (with and without the pair) are non-decreasing, the
/// least sum over the ways to share `k` melds among the suits is a merge
/// (the `k` smallest increments, each suit's taken in order), and with
/// the pair in suit `s` it is `d_s(0, 1)` plus the `k` smallest of suit
/// `s`'s increments with the pair and the other suits' without. With
/// increments of 0–3, the sum of the `k` smallest is the sum over `v` =
/// 0, 1, 2 of `k` less the increments of at most `v`, where positive: a
/// byte each, worked out for the four places of the pair at once from
/// the counts of [`Merges`]. `None` when some suit's
/// increments are not in order (a suit of a few patterns in a hundred) or
/// the rules limit the suits (`LEAN`: rules of the lean path, which never
/// do). A suit that may not hold the pair costs its
/// penalty; a suit out of play holds no tile, and its increments (all 3)
/// change no merge that the pair's suit can fill alone.
#[inline(always)]
pub(crate) fn merged<const LEAN: bool>(rules: &Rules, merges: &Merges, k: usize) -> Option<u8> {
    let m = &merges.melds;
    let melds = m[0] + m[1] + m[2] + m[3];
    // The lean path's rules have no suit limit (`Derived::lean_shanten`).
    if melds >> 24 != 0 || (!LEAN && rules.derived.suit_limit < 3) {
        return None;
    }
    // Byte v: 40 + k less the increments of at most v (byte 3: 40).
    let q = 0x2828_2828 + k as u32 * 0x0001_0101 - melds;
    let pen = &rules.derived.pair_penalty;
    let with_pair = |s: usize| {
        // Byte v: 32 + k less the increments of at most v with the pair
        // in suit s (at least 7: no byte borrows), so bit 5 says whether
        // k exceeds them; byte 3: 32 plus the pair alone.
        let y = q - merges.pair[s];
        let keep = (y >> 5 & 0x0101_0101) * 31;
        // The kept bytes (at most 31 each) added up by shifts, which
        // vector units have (a 32-bit multiply they lack). Small and
        // positive: a signed minimum is the cheaper one.
        let z = y & keep;
        let z = z + (z >> 16);
        ((z + (z >> 8)) & 0xff) as i16 + pen[s]
    };
    let best = with_pair(0)
        .min(with_pair(1))
        .min(with_pair(2).min(with_pair(3)));
    if LEAN {
        // Some suit holds the pair at no cost (the standard form is
        // winnable): the least is at most four kept bytes, 4 · 31.
        return Some(best as u8);
    }
    Some(best.min(u8::MAX as i16) as u8)
}

/// [`combined_of`] by joining, out of line.
#[inline(never)]
fn joined(rules: &Rules, classes: &[&Class; 4], k: usize) -> u8 {
    let d: [[[u8; 8]; 2]; 4] = std::array::from_fn(|s| barred(rules, s, classes[s]));
    combined(rules, &d, k)
}

/// [`total`] for `k` melds (0–5), within the rules' suit limit: when
/// fewer numbered suits than three may be held, the least over the suits
/// kept (the others hold nothing of the target, their tiles all dropped).
#[inline(always)]
fn combined(rules: &Rules, d: &[[[u8; 8]; 2]; 4], k: usize) -> u8 {
    if k == 4 && rules.derived.suit_limit >= 3 {
        return total::<4>(d);
    }
    combined_other(rules, d, k)
}

/// [`combined`] for hands of other sizes and for suit limits, out of line.
#[inline(never)]
fn combined_other(rules: &Rules, d: &[[[u8; 8]; 2]; 4], k: usize) -> u8 {
    let any = |d: &[[[u8; 8]; 2]; 4]| match k {
        0 => total::<0>(d),
        1 => total::<1>(d),
        2 => total::<2>(d),
        3 => total::<3>(d),
        4 => total::<4>(d),
        _ => total::<5>(d),
    };
    let limit = rules.derived.suit_limit;
    if limit >= 3 {
        return any(d);
    }
    let empty = [EMPTY[0].to_le_bytes(), EMPTY[1].to_le_bytes()];
    let mut best = FAR;
    for kept in 0u32..8 {
        if kept.count_ones() != limit {
            continue;
        }
        let mut e = *d;
        for (s, dist) in e.iter_mut().enumerate().take(3) {
            if kept >> s & 1 == 0 {
                *dist = empty;
            }
        }
        best = best.min(any(&e));
    }
    best
}

/// The fewest tiles missing from a standard target of `k` melds and the
/// pair for `pos`'s natural tiles, any of them dropped; the hand's jokers
/// and draws fill the missing places. A joker may stand for a fifth copy
/// only when the rules allow it, and only as a joker: the fifth copies a
/// target uses are at most the hand's jokers plus the joker-kind copies
/// still to draw. Each suit's distance within four copies is flagged when
/// a fifth copy would lower it; a hand whose suits are all unflagged, or
/// that has no joker to spend, reads the distances within four copies.
#[inline(always)]
pub(crate) fn distance(rules: &Rules, pos: &Position, k: usize) -> u8 {
    distance_of(rules, pos, k, &residents(rules, pos))
}

/// The resident values of `pos`'s four suits, within four copies.
#[inline(always)]
pub(crate) fn residents(rules: &Rules, pos: &Position) -> [Resident; 4] {
    rules.tables.residents(&pos.keys)
}

/// [`distance`] from the resident values `res` of `pos`'s suits.
#[inline(always)]
pub(crate) fn distance_of(rules: &Rules, pos: &Position, k: usize, res: &[Resident; 4]) -> u8 {
    if spends_fifths(rules, pos, res) || pos.has_melds() {
        return distance_fifth(rules, pos, k, res);
    }
    combined_of(rules, res, k)
}

/// The tiles missing from `k` melds and the pair over the suits of
/// resident values `res`, barred as the rules say: merged, or joined.
#[inline(always)]
pub(crate) fn combined_of(rules: &Rules, res: &[Resident; 4], k: usize) -> u8 {
    match merged::<false>(rules, &merges_of(rules, res), k) {
        Some(d) => d,
        None => joined(rules, &classes_of(rules, res), k),
    }
}

/// Would a joker of `pos` as a fifth copy lower some distance of its
/// suits (resident values `res`)? Then the distances within four copies
/// are not the answer.
#[inline(always)]
pub(crate) fn spends_fifths(rules: &Rules, pos: &Position, res: &[Resident; 4]) -> bool {
    Resident::any_fifth(res) && fifths(rules, pos) > 0
}

/// The classes of the resident values `res`.
#[inline(always)]
fn classes_of<'a>(rules: &'a Rules, res: &[Resident; 4]) -> [&'a Class; 4] {
    let tables = &rules.tables;
    [
        tables.class(res[0]),
        tables.class(res[1]),
        tables.class(res[2]),
        tables.class(res[3]),
    ]
}

/// The merge values ([`Merges`]) of the suits of resident values `res`.
#[inline(always)]
pub(crate) fn merges_of(rules: &Rules, res: &[Resident; 4]) -> Merges {
    let tables = &rules.tables;
    Merges::of([
        tables.merge(res[0]),
        tables.merge(res[1]),
        tables.merge(res[2]),
        tables.merge(res[3]),
    ])
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles complete
/// the standard form when its declared melds' copies cap what jokers may
/// stand for (`joker_fifth_copy = false`): only `pos`'s own joker count is
/// judged, by the distance (a target of the hand's size that misses
/// exactly its jokers keeps every natural tile).
pub(crate) fn capped_win_mask(rules: &Rules, pos: &Position) -> u32 {
    let total = pos.total() as usize;
    if total % 3 != 2 {
        return 0;
    }
    ((distance(rules, pos, (total - 2) / 3) == pos.jokers) as u32) << pos.jokers
}

/// The copies of each kind of suit `s` a target may take before jokers
/// must stand for the rest: 4, less the copies in the declared melds
/// (`melded`). A wait on a kind whose copies are all out (which
/// `four_with_melds_is_wait` allows) holds one beyond: under
/// `joker_fifth_copy = false` it completes nothing.
fn copy_limits(melded: &[u8; KINDS], s: usize) -> [u8; 9] {
    std::array::from_fn(|r| {
        if r < ranks(s) {
            4u8.saturating_sub(melded[9 * s + r])
        } else {
            4
        }
    })
}

/// Is some suit of `pos` flagged: would a joker as a fifth copy lower
/// one of its distances?
pub(crate) fn flagged(rules: &Rules, pos: &Position) -> bool {
    Resident::any_fifth(&residents(rules, pos))
}

/// [`distance`] when a joker as a fifth copy may help, or the hand has
/// declared melds, out of line.
///
/// A suit reads either its distances within four copies, or, spending `b`
/// of the hand's fifth copies, its distances with at most `b` copies
/// beyond the fourth, counted here from the suit's targets (a cold path),
/// up to the permissive distances. A declared meld lowers the copies its
/// kinds have left (a kind pon'd has one): a suit holding such a kind is
/// always counted, with the places beyond its kinds' copies left spent
/// (none of them under `joker_fifth_copy = false`). With every choice at
/// its most permissive the hand is most often no closer than within four
/// copies: that is the answer. Otherwise the least over every way to
/// spend the fifth copies the hand has.
#[inline(never)]
fn distance_fifth(rules: &Rules, pos: &Position, k: usize, res: &[Resident; 4]) -> u8 {
    let frees = frees_of(rules, pos, res);
    if !pos.has_melds() {
        // The answer lies between these two; most often they are equal.
        let (free, within) = bounds_of(rules, res, &frees, k);
        if within == free {
            return within;
        }
    }
    distance_spent(rules, pos, k, res, &frees)
}

/// [`distance_fifth`] once the bounds leave it open (or the position has
/// declared melds): the least over the ways to spend the fifth copies,
/// `frees` the suits at their most permissive ([`frees_of`]).
#[inline(never)]
pub(crate) fn distance_spent(
    rules: &Rules,
    pos: &Position,
    k: usize,
    res: &[Resident; 4],
    frees: &[Resident; 4],
) -> u8 {
    let tables = &rules.tables;
    let fifths = fifths(rules, pos);
    let counts = pos.counts();
    let melded = pos.melds.counts();
    let spend = fifths.min(8);
    let suit = |s: usize| -> [u8; 9] {
        std::array::from_fn(|r| if r < ranks(s) { counts[9 * s + r] } else { 0 })
    };
    // Per suit: the counted levels of a suit holding a melded kind; the
    // distances within four copies and the permissive ones of the others.
    let limits: [[u8; 9]; 4] = std::array::from_fn(|s| copy_limits(&melded, s));
    let levels: [Option<Levels>; 4] = std::array::from_fn(|s| {
        limits[s]
            .iter()
            .any(|&l| l < 4)
            .then(|| suit_distances(rules, s, &suit(s), k, &limits[s]))
    });
    let capped: [[[u8; 8]; 2]; 4] = std::array::from_fn(|s| match &levels[s] {
        Some(l) => barred_bytes(rules, s, l[0]),
        None => barred(rules, s, tables.class(res[s])),
    });
    let free: [[[u8; 8]; 2]; 4] = std::array::from_fn(|s| match &levels[s] {
        Some(l) if rules.joker_fifth_copy => barred_bytes(rules, s, l[spend as usize]),
        Some(_) => capped[s],
        None => barred(rules, s, tables.class(frees[s])),
    });
    // Under a suit limit, the suits kept hold the melds' suits.
    let combined = |d: &[[[u8; 8]; 2]; 4]| combined_beside(rules, d, k, pos.meld_suits as u32);
    if pos.has_melds() {
        let within = combined(&capped);
        if within == combined(&free) {
            return within;
        }
    }
    // Each suit's choices: (distances, fifth copies spent), 0 to 8 spent.
    let mut choices = [[(capped[0], 0u32); 9]; 4];
    let mut lens = [1; 4];
    for s in 0..4 {
        choices[s][0] = (capped[s], 0);
        if free[s] == capped[s] {
            continue;
        }
        let levels = match levels[s] {
            Some(l) => l,
            None => suit_distances(rules, s, &suit(s), k, &[4; 9]),
        };
        for b in 1..=spend {
            let within = barred_bytes(rules, s, levels[b as usize]);
            choices[s][b as usize] = (within, b);
            lens[s] += 1;
            if within == free[s] {
                break;
            }
        }
    }
    let choices: [&[_]; 4] = std::array::from_fn(|s| &choices[s][..lens[s]]);
    // A copy more never raises a distance: only the ways to spend that
    // leave no copy a suit could still take are read (a suit's choices
    // spend 0, 1, 2, … in order, the last its most).
    let last = |s: usize, b: u32| b as usize + 1 == lens[s];
    let mut best = FAR;
    for a in choices[0] {
        for b in choices[1] {
            for c in choices[2] {
                for e in choices[3] {
                    let spent = a.1 + b.1 + c.1 + e.1;
                    let full = spent == fifths
                        || spent < fifths
                            && last(0, a.1)
                            && last(1, b.1)
                            && last(2, c.1)
                            && last(3, e.1);
                    if full {
                        best = best.min(combined(&[a.0, b.0, c.0, e.0]));
                    }
                }
            }
        }
    }
    best
}

/// The resident values of `pos`'s suits at their most permissive: a
/// flagged suit's with every fifth copy it may take, when the position
/// has one to spend.
#[inline(always)]
pub(crate) fn frees_of(rules: &Rules, pos: &Position, res: &[Resident; 4]) -> [Resident; 4] {
    let fifths = fifths(rules, pos);
    std::array::from_fn(|s| free_at(rules, s, res[s], pos.keys[s], fifths))
}

/// Suit `s`'s resident value `res` (key `key`) at its most permissive, for
/// a hand with `fifths` fifth copies to spend: the fifth-copy column's
/// when the suit is flagged and there is one to spend.
#[inline(always)]
fn free_at(rules: &Rules, s: usize, res: Resident, key: usize, fifths: u32) -> Resident {
    if res.fifth() && fifths > 0 {
        rules.tables.resident_at(s, key, true)
    } else {
        res
    }
}

/// The resident values of the hand whose suits are `around` and keys
/// `keys`, with no declared melds and `fifths` fifth copies to spend
/// ([`fifths`]), after a draw of kind `i`: within four copies, and at their
/// most permissive when a suit is then flagged and a copy may be spent
/// (else `None`: the same values). The standard distances of the two
/// ([`combined_of`]) bound the one after the draw, as [`bounds_of`]
/// does. `frees` are the suits' values at their most permissive before the
/// draw ([`frees_around`]): only the drawn suit's change.
#[inline(always)]
pub(crate) fn drawn_residents(
    rules: &Rules,
    around: [&Around; 4],
    keys: &[usize; 4],
    frees: &[Resident; 4],
    fifths: u32,
    i: usize,
) -> ([Resident; 4], Option<[Resident; 4]>) {
    let (s, r) = (i / 9, i % 9);
    let mut res = around.map(|a| a.resident);
    res[s] = around[s].nexts[r];
    if fifths == 0 || !Resident::any_fifth(&res) {
        return (res, None);
    }
    let mut frees = *frees;
    frees[s] = free_at(rules, s, res[s], keys[s] + pow5(r), fifths);
    (res, Some(frees))
}

/// The resident values of the suits `around` (keys `keys`) at their most
/// permissive ([`frees_of`]) for a hand with `fifths` fifth copies to spend.
pub(crate) fn frees_around(
    rules: &Rules,
    around: [&Around; 4],
    keys: &[usize; 4],
    fifths: u32,
) -> [Resident; 4] {
    std::array::from_fn(|s| free_at(rules, s, around[s].resident, keys[s], fifths))
}

/// The standard distance of a position with no declared melds, for
/// targets of `k` melds and the pair, lies between these two: its suits
/// at their most permissive (`frees`, [`frees_of`]) and within four
/// copies (`res`). Equal, they are it ([`distance_fifth`]).
#[inline(always)]
pub(crate) fn bounds_of(
    rules: &Rules,
    res: &[Resident; 4],
    frees: &[Resident; 4],
    k: usize,
) -> (u8, u8) {
    (combined_of(rules, frees, k), combined_of(rules, res, k))
}

/// [`combined`] for a hand whose declared melds hold the numbered suits
/// `melded` (bits): under a suit limit, only the suits kept that include
/// them (the others emptied of the target).
fn combined_beside(rules: &Rules, d: &[[[u8; 8]; 2]; 4], k: usize, melded: u32) -> u8 {
    let limit = rules.derived.suit_limit;
    if melded == 0 || limit >= 3 {
        return combined(rules, d, k);
    }
    let empty = [EMPTY[0].to_le_bytes(), EMPTY[1].to_le_bytes()];
    let mut best = FAR;
    for kept in 0u32..8 {
        if kept.count_ones() != limit || kept & melded != melded {
            continue;
        }
        let mut e = *d;
        for (s, dist) in e.iter_mut().enumerate().take(3) {
            if kept >> s & 1 == 0 {
                *dist = empty;
            }
        }
        best = best.min(combined(rules, &e, k));
    }
    best
}

/// [`barred`] for distances already in bytes.
#[inline(always)]
fn barred_bytes(rules: &Rules, s: usize, d: [[u8; 8]; 2]) -> [[u8; 8]; 2] {
    let b = &rules.derived.dist_bars[s];
    [
        ((u64::from_le_bytes(d[0]) & b[0][0]) | b[0][1]).to_le_bytes(),
        ((u64::from_le_bytes(d[1]) & b[1][0]) | b[1][1]).to_le_bytes(),
    ]
}

/// Suit `s`'s distances (bytes as [`Dist`] lays them out, far where no
/// target exists) for its `counts`, for every number `b` of copies beyond
/// each kind's `limits` (4, or fewer for a kind in a declared meld) the
/// targets may hold (`[b]`, 0–8): every target of up to
/// `k` melds (triplets, runs in a numbered suit, honour sequences when the
/// rules count them) and the pair where the rules allow it, on kinds in
/// play, counted once for all `b`.
fn suit_distances(rules: &Rules, s: usize, counts: &[u8; 9], k: usize, limits: &[u8; 9]) -> Levels {
    /// Sets of the memo, each two answers and their keys (160 bytes an
    /// answer): 160 KB a thread, taken when a thread first counts.
    const SETS: usize = 512;
    thread_local! {
        /// Answers already counted on this thread: the set picked by the
        /// key's hash, the newer answer first (a third replaces the older):
        /// efficiency asks about the same suit many times.
        static MEMO: std::cell::RefCell<Vec<[(u128, Levels); 2]>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    let suit = RankSuit::new(rules, s, counts, k, limits);
    let key = suit.key();
    let set = ((key as u64 ^ (key >> 64) as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 52)
        as usize
        % SETS;
    let found = MEMO.with(|m| {
        let m = m.borrow();
        let ways = m.get(set)?;
        ways.iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, levels)| levels)
    });
    if let Some(found) = found {
        return found;
    }
    let found = suit.levels();
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        if m.is_empty() {
            m.resize(SETS, [(0, [[[FAR; 8]; 2]; 9]); 2]);
        }
        m[set] = [(key, found), m[set][0]];
    });
    found
}

/// [`suit_distances`]' answer: `[b][p][m]`.
type Levels = [[[u8; 8]; 2]; 9];

/// A suit as [`suit_distances`] walks it: its counts and each kind's
/// limit, the kinds in play, those that may hold the pair, the ranks a run
/// may begin on (bits), the honour sequences in play and the most melds a
/// target holds. The answer depends on these alone.
#[derive(Clone, Copy)]
struct RankSuit<'a> {
    counts: &'a [u8; 9],
    limits: &'a [u8; 9],
    ranks: usize,
    in_play: u16,
    pairs: u16,
    starts: u16,
    /// Bit `j` for each of [`HONOR_SEQUENCES`] a target may hold.
    sequences: u8,
    most: usize,
}

impl<'a> RankSuit<'a> {
    fn new(
        rules: &Rules,
        s: usize,
        counts: &'a [u8; 9],
        k: usize,
        limits: &'a [u8; 9],
    ) -> RankSuit<'a> {
        let ranks = ranks(s);
        let mut in_play = 0u16;
        let mut pairs = 0u16;
        for r in 0..ranks {
            if rules
                .tiles()
                .contains(Tile::from_index(9 * s + r).expect("a tile"))
            {
                in_play |= 1 << r;
                pairs |= (pair_ok(rules, s, r) as u16) << r;
            }
        }
        // A run may begin where its three ranks are in play; an honour
        // sequence counts, under the rules that count them, where its
        // ranks are.
        let mut starts = 0;
        let mut sequences = 0;
        if s < 3 {
            for r in 0..7 {
                starts |= ((in_play >> r & 0b111 == 0b111) as u16) << r;
            }
        } else if rules.honor_sequences() {
            for (j, &set) in HONOR_SEQUENCES.iter().enumerate() {
                sequences |= ((set as u16 & in_play == set as u16) as u8) << j;
            }
        }
        RankSuit {
            counts,
            limits,
            ranks,
            in_play,
            pairs,
            starts,
            sequences,
            most: k.min(5),
        }
    }

    /// Every field in one number: the memo's key.
    fn key(&self) -> u128 {
        let digits = |c: &[u8; 9]| key_of(c) as u128;
        // Counts and limits in base 5 (21 bits each); a leading bit, so
        // that no key is 0 (an empty slot).
        digits(self.counts)
            | digits(self.limits) << 21
            | (self.in_play as u128) << 42
            | (self.pairs as u128) << 51
            | (self.starts as u128) << 60
            | (self.sequences as u128) << 67
            | (self.most as u128) << 72
            | (self.ranks as u128) << 76
            | 1 << 80
    }

    /// The least missing tiles per number of copies beyond the limits:
    /// the targets of a numbered suit carry the runs begun on the two
    /// ranks below; an honour suit's sequences are chosen first, every
    /// multiset of them, and its triplets and pair rank by rank on top.
    fn levels(&self) -> Levels {
        let mut ends = [[NO_ROW; 2]; 6];
        if self.ranks == 9 {
            self.ends_into::<6>(&[0; 9], 0, &mut ends);
        } else {
            let sets: Vec<u16> = (HONOR_SEQUENCES.iter().enumerate())
                .filter(|&(j, _)| self.sequences >> j & 1 == 1)
                .map(|(_, &set)| set as u16)
                .collect();
            each_multiset(&sets, self.most, [0; 9], 0, &mut |base, used| {
                self.ends_into::<1>(&base, used, &mut ends)
            });
        }
        // `[b]` is the least over at most `b` copies beyond the limits, and
        // `[8]` over any number.
        let mut levels: Levels = [[[FAR; 8]; 2]; 9];
        for (m, row) in ends.iter().enumerate() {
            for (p, row) in row.iter().enumerate() {
                let row = row.to_le_bytes();
                let mut least = NONE;
                for (b, level) in levels.iter_mut().enumerate().take(8) {
                    least = least.min(row[b]);
                    level[p][m] = least.min(FAR);
                }
                levels[8][p][m] = row[ANY].min(FAR);
            }
        }
        levels
    }
}

/// The least missing tiles of the targets that hold a given number of
/// copies beyond the limits (byte `b`, 0–14), and of every target (byte
/// [`ANY`]): [`NONE`] where none does.
type Row = u128;

/// [`Row`]'s byte that ignores the copies beyond the limits.
const ANY: usize = 15;

/// A [`Row`] byte no target reaches: above [`FAR`] and any count of
/// missing tiles (a target holds at most 17 tiles), and still below
/// `0x80` with 17 more, as [`least_bytes`] needs.
const NONE: u8 = 0x60;
const _: () = assert!(NONE > FAR && NONE as u32 + 17 < 0x80);

/// [`NONE`] in every byte of a [`Row`].
const NO_ROW: Row = u128::from_le_bytes([NONE; 16]);

/// The [`Row`] of targets that take `beyond` (1–15) more copies beyond the
/// limits than those of `row`: every exact byte moves up.
#[inline(always)]
fn moved(row: Row, beyond: usize) -> Row {
    const ANY_BYTE: u128 = 0xff << (8 * ANY);
    let up = (row & !ANY_BYTE) << (8 * beyond) | NO_ROW & ((1u128 << (8 * beyond)) - 1);
    up & !ANY_BYTE | row & ANY_BYTE
}

/// Keeps in `into` the least of it and `row` with `missing` (at most 17)
/// more, byte by byte.
#[inline(always)]
fn keep_least(into: &mut Row, row: Row, missing: u8) {
    // No byte of `row` passes 0x80: no carry between bytes.
    let more = row + missing as u128 * (u128::MAX / 0xff);
    let half = |x: u128, h: u32| (x >> (64 * h)) as u64;
    let least = |h| least_bytes(half(*into, h), half(more, h)) as u128;
    *into = least(0) | least(1) << 64;
}

impl RankSuit<'_> {
    /// Adds to `ends` (`[m][p]`: `m` melds, `p` the pair) the targets
    /// made of `used` melds already counted in `base` and, rank by rank,
    /// runs, triplets and the pair.
    fn ends_into<const X: usize>(&self, base: &[u8; 9], used: usize, ends: &mut [[Row; 2]; 6]) {
        // `[x][y][m][p]`: `x` runs begun two ranks below, `y` one below
        // (below `X`: 1 where no run begins), `m` melds, `p` the pair.
        let most = self.most;
        let mut layers = [[[[[NO_ROW; 2]; 6]; X]; X]; 2];
        // The empty target: nothing missing, nothing beyond.
        layers[0][0][0][used][0] = NO_ROW & !(0xff | 0xff << (8 * ANY));
        let ranks = base.iter().zip(self.counts).zip(self.limits);
        for (r, ((&base, &count), &limit)) in ranks.enumerate().take(self.ranks) {
            let [cells, next] = if r % 2 == 0 {
                let [a, b] = &mut layers;
                [a, b]
            } else {
                let [a, b] = &mut layers;
                [b, a]
            };
            *next = [[[[NO_ROW; 2]; 6]; X]; X];
            let runs = if self.starts >> r & 1 == 1 { most } else { 0 };
            let triplets = if self.in_play >> r & 1 == 1 { most } else { 0 };
            let pair = (self.pairs >> r & 1) as usize;
            for m in used..=most {
                for (x, cells) in cells.iter().enumerate().take(m + 1) {
                    for (y, cells) in cells.iter().enumerate().take(m - x + 1) {
                        for (p, &row) in cells[m].iter().enumerate() {
                            if row == NO_ROW {
                                continue;
                            }
                            let held = base as usize + x + y;
                            for z in 0..=runs.min(most - m) {
                                for t in 0..=triplets.min(most - m - z) {
                                    for q in 0..=pair & (1 - p) {
                                        let total = (held + z + 3 * t + 2 * q) as u8;
                                        let beyond = total.saturating_sub(limit);
                                        // Most targets hold no copy beyond.
                                        let row = if beyond == 0 {
                                            row
                                        } else {
                                            moved(row, (beyond as usize).min(ANY))
                                        };
                                        keep_least(
                                            &mut next[y][z][m + z + t][p | q],
                                            row,
                                            total.saturating_sub(count),
                                        );
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
        let cells = &layers[self.ranks % 2];
        for (m, end) in ends.iter_mut().enumerate().take(most + 1) {
            for (p, end) in end.iter_mut().enumerate() {
                keep_least(end, cells[0][0][m][p], 0);
            }
        }
    }
}

/// Calls `f` with every multiset of at most `left` of `sets` (rank bits):
/// their tiles per rank added to `base`, and `used` more melds.
fn each_multiset(
    sets: &[u16],
    left: usize,
    base: [u8; 9],
    used: usize,
    f: &mut impl FnMut([u8; 9], usize),
) {
    f(base, used);
    if left == 0 {
        return;
    }
    for (i, &set) in sets.iter().enumerate() {
        let more: [u8; 9] = std::array::from_fn(|r| base[r] + (set >> r & 1) as u8);
        each_multiset(&sets[i..], left - 1, more, used + 1, f);
    }
}

/// [`Dist`] as sixteen bytes, `[m]` without the pair and `[8 + m]` with
/// it: the layout in which the efficiency's joins add and compare every
/// lane at once.
type Lanes = [u8; 16];

/// The [`Lanes`] of [`Dist`].
#[inline(always)]
fn lanes_of(d: Dist) -> Lanes {
    let mut l = [0; 16];
    l[..8].copy_from_slice(&d[0].to_le_bytes());
    l[8..].copy_from_slice(&d[1].to_le_bytes());
    l
}

/// The [`Dist`] of [`Lanes`].
#[inline(always)]
fn dist_of(l: &Lanes) -> Dist {
    let word = |h: &[u8]| u64::from_le_bytes(h.try_into().expect("eight bytes"));
    [word(&l[..8]), word(&l[8..])]
}

/// Bit `j` set for each byte `j` of `d` (sixteen, as [`Lanes`]) whose high
/// bit is set.
#[inline(always)]
fn high_bits(d: Dist) -> u32 {
    // Each byte's high bit moved to bit 56 + j by one multiplication.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let half = |w: u64| (((w & crate::swar::HIGH) >> 7).wrapping_mul(GATHER) >> 56) as u32;
    half(d[0]) | half(d[1]) << 8
}

/// Bit `j` set for each byte `j` (as [`Lanes`]) where the distances `a`
/// and `b` differ; every byte below `0x80`, as distances are.
#[inline(always)]
fn differing_lanes(a: Dist, b: Dist) -> u32 {
    // A byte below 0x80 added to 0x7f sets its high bit when it is not
    // zero, and carries nothing out.
    const SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const GATHER: u64 = 0x0102_0408_1020_4080;
    debug_assert_eq!((a[0] | a[1] | b[0] | b[1]) & crate::swar::HIGH, 0);
    let half =
        |x: u64| ((((x + SEVEN) & crate::swar::HIGH) >> 7).wrapping_mul(GATHER) >> 56) as u32;
    half(a[0] ^ b[0]) | half(a[1] ^ b[1]) << 8
}

/// Every bit of the bytes of lanes `m` = 0..=K of a half of [`Dist`]:
/// the places of targets of `K` melds.
#[inline(always)]
const fn through<const K: usize>() -> u64 {
    u64::MAX >> (8 * (7 - K))
}

/// The least byte of `d` (sixteen, every one below `0x80`), in the
/// general registers: halves, then quarters, and so on.
#[inline(always)]
fn least_byte(d: Dist) -> u8 {
    let least = least_bytes;
    let m = least(d[0], d[1]);
    let m = least(m, m >> 32);
    let m = least(m, m >> 16);
    least(m, m >> 8) as u8
}

/// Byte by byte, the least of `a` and `b` (every byte below `0x80`).
#[inline(always)]
fn least_bytes(a: u64, b: u64) -> u64 {
    // The high bit of (a | 0x80) - b is set where a >= b (no borrow leaves
    // a byte).
    let b_least = (((a | crate::swar::HIGH) - b) & crate::swar::HIGH) >> 7;
    let mask = b_least * 0xff;
    (b & mask) | (a & !mask)
}

/// `0x80` in each byte of `d` that is not zero.
#[inline(always)]
fn nonzero_bytes(d: Dist) -> Dist {
    const SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // A byte is zero when neither its high bit nor, added to 0x7f, its low
    // seven bits set the high bit (no carry leaves a byte).
    d.map(|x| (((x & SEVEN) + SEVEN) | x) & crate::swar::HIGH)
}

/// `0x80` in each byte of `d` that equals `v`.
#[inline(always)]
fn equal_bytes(d: Dist, v: u8) -> Dist {
    let v = v as u64 * crate::swar::LOW;
    nonzero_bytes([d[0] ^ v, d[1] ^ v]).map(|w| w ^ crate::swar::HIGH)
}

/// Some suits' joined distances read from the other end for `K` melds,
/// [`Lanes`] `r[p][j]` = `l[1 - p][K - j]` for their join `l` (what they
/// hold when the suits beside them hold `j` melds and `p` pairs, on a
/// target of `K` melds and the pair; `FAR` beyond `K`), moved down `i`
/// places for `i` = 0..=K the way [`Mirrored::beside`] reads them.
#[derive(Clone, Copy, Debug)]
struct Mirrored {
    /// `[i]`: `r` moved down `i` places in each half.
    down: [Lanes; 6],
    /// `[i]`: `r`'s half with the pair moved down `i` places into the half
    /// without it, `FAR` in the other half.
    across: [Lanes; 6],
}

impl Mirrored {
    /// The join `l` ([`join`]'s layout) for `K` melds.
    #[cfg(test)]
    fn of<const K: usize>(l: &[[u8; 8]; 2]) -> Mirrored {
        let mut m = Mirrored::ZERO;
        m.fill::<K>(Mirrored::read_back::<K>(l));
        m
    }

    /// The join `l` ([`join`]'s layout) read from the other end for `K`
    /// melds: `r[p][j]` = `l[1 - p][K - j]`, FAR past `K`.
    #[inline(always)]
    fn read_back<const K: usize>(l: &[[u8; 8]; 2]) -> [u64; 2] {
        let mut r = [[FAR; 8]; 2];
        for j in 0..=K {
            r[0][j] = l[1][K - j];
            r[1][j] = l[0][K - j];
        }
        r.map(u64::from_le_bytes)
    }

    /// Every lane zero: places past `K` are never read ([`Mirrored::fill`]).
    const ZERO: Mirrored = Mirrored {
        down: [[0; 16]; 6],
        across: [[0; 16]; 6],
    };

    /// Writes the places `i` = 0..=K of `r` (a join read from the other
    /// end, [`Mirrored::read_back`]) in place: a `Mirrored` made by value
    /// is moved into [`Rests`] through `memcpy`.
    #[inline(always)]
    fn fill<const K: usize>(&mut self, r: [u64; 2]) {
        // FAR moves in from the top of each half (none for i = 0: the
        // shift is worked in 128 bits); places past K are not read.
        let down = |w: u64, i: usize| w >> (8 * i) | ((FARS as u128) << (64 - 8 * i)) as u64;
        for i in 0..=K {
            self.down[i] = lanes_of([down(r[0], i), down(r[1], i)]);
            self.across[i] = lanes_of([down(r[1], i), FARS]);
        }
    }

    /// The suit `a` joined with the suits of `self`, read from the other
    /// end as `self` is: what they hold together beside the rest of the
    /// hand. Lanes past `K` hold no target's value.
    #[cfg(test)]
    fn beside<const K: usize>(&self, a: Dist) -> Dist {
        let [c] = Mirrored::besides::<K, 1>([self], a);
        c
    }

    /// [`Mirrored::beside`] of the suit `a` and each of the `N` joins `m`,
    /// written to `c` (every lane [`FAR`] on entry), out of line: inlined,
    /// or handing its lanes back by value, the compiler worked some of them
    /// a byte at a time in general registers. Each lane of `a` is spread
    /// once for all `N`.
    #[inline(never)]
    fn besides_into<const K: usize, const N: usize>(
        m: [&Mirrored; N],
        a: Lanes,
        c: &mut [Lanes; N],
    ) {
        // Without the pair: a[0][i] + r[0][m + i] and a[1][i] + r[1][m + i];
        // with it: a[0][i] + r[1][m + i].
        for i in 0..=K {
            for (c, m) in c.iter_mut().zip(m) {
                least_sums(c, &m.down[i], a[i]);
                least_sums(c, &m.across[i], a[8 + i]);
            }
        }
    }

    /// [`Mirrored::besides_into`] by value.
    #[inline(always)]
    fn besides<const K: usize, const N: usize>(m: [&Mirrored; N], a: Dist) -> [Dist; N] {
        let mut c = [[FAR; 16]; N];
        Mirrored::besides_into::<K, N>(m, lanes_of(a), &mut c);
        let mut d = [[0; 2]; N];
        for (d, c) in d.iter_mut().zip(&c) {
            *d = dist_of(c);
        }
        d
    }
}

/// `c[j]` = the least of `c[j]` and `t[j] + v`, lane by lane.
#[inline(always)]
fn least_sums(c: &mut Lanes, t: &Lanes, v: u8) {
    for j in 0..16 {
        c[j] = c[j].min(t[j] + v);
    }
}

/// One suit's part of the efficiency of a 3N+1 hand: its distances
/// `d(m, p)` and, for each rank, which of them a draw of that rank lowers.
/// A draw lowers a suit's distances by at most one each (the drawn tile
/// may be dropped, or be the one tile more of a kept sub-pattern) and the
/// other suits keep theirs, so it lowers the hand's least standard
/// distance exactly when it lowers some distance of its suit that lies on
/// a least split ([`lowering`]). A suit's `Around` serves every discard
/// that leaves the suit alone: working out a hand's discards reloads one
/// suit's per discard ([`Around::discarded`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Around {
    /// The suit's resident value.
    resident: Resident,
    /// Its distances barred as the rules say.
    dist: Dist,
    /// Its resident value with one tile more of each rank 0–8. A rank not
    /// drawable (at four copies, out of play, past the suit's ranks) reads
    /// some slot: every reader masks the ranks with the tiles the hand may
    /// draw.
    nexts: [Resident; 9],
    /// Per rank, bit `j` for each lane `j` (as [`Lanes`]) that a draw of
    /// the rank lowers ([`Around::of`]); none for [`Around::discarded`],
    /// whose draws [`lowering`] reads from `nexts`.
    lowered: [u32; 9],
}

impl Around {
    /// Suit `s` whose key is cut in halves `(low, high)`
    /// ([`crate::tables::key::halves_of`]), with the lanes each draw
    /// lowers worked out: for a suit read beside many discards.
    #[inline]
    pub(crate) fn of(rules: &Rules, s: usize, halves: (usize, usize)) -> Around {
        let mut around = Around::discarded(rules, s, halves);
        let tables = &rules.tables;
        let raw = tables.class(around.resident).lanes;
        let kept = kept_lanes(rules, s);
        // One tile more never raises a distance: the lanes that differ are
        // those it lowers.
        for (lowered, &next) in around.lowered.iter_mut().zip(&around.nexts) {
            *lowered = differing_lanes(raw, tables.class(next).lanes) & kept;
        }
        around
    }

    /// Suit `s` as [`Around::of`] reads it, without the lanes each draw
    /// lowers: for the suit of a discard, read once.
    #[inline]
    pub(crate) fn discarded(rules: &Rules, s: usize, halves: (usize, usize)) -> Around {
        let tables = &rules.tables;
        let column = tables.residents_of_suit(s, false);
        let resident = column.at(halves);
        let raw = tables.class(resident).lanes;
        let dist = barred_bytes(rules, s, raw.map(u64::to_le_bytes)).map(u64::from_le_bytes);
        Around {
            resident,
            dist,
            // Every rank, without a branch.
            nexts: column.with_each_rank(halves),
            lowered: [0; 9],
        }
    }

    /// The suit's resident value.
    #[inline]
    pub(crate) fn resident(&self) -> Resident {
        self.resident
    }

    /// The ranks whose draw makes the pattern flagged for fifth copies.
    #[inline]
    pub(crate) fn flagged(&self) -> u32 {
        let mut flagged = 0;
        for (r, next) in self.nexts.iter().enumerate() {
            flagged |= (next.fifth() as u32) << r;
        }
        flagged
    }
}

/// The lanes (bit `j` for lane `j`, as [`Lanes`]) of suit `s` a draw may
/// lower: none of a half the rules bar, which is one fixed value.
#[inline(always)]
fn kept_lanes(rules: &Rules, s: usize) -> u32 {
    let bars = &rules.derived.dist_bars[s];
    ((bars[0][0] != 0) as u32 * 0xff) | ((bars[1][0] != 0) as u32 * 0xff00)
}

/// Can [`lowering`] judge the draws of the position `pos` (or of one
/// tile fewer) under `rules`? Not with declared melds, a suit limit or
/// more than five melds; nor, the caller checks, when a suit is flagged
/// for fifth copies and the position has a fifth copy to spend
/// ([`spends_fifths`]). The caller then judges each draw whole.
#[inline]
pub(crate) fn lowering_rules(rules: &Rules, pos: &Position) -> bool {
    rules.derived.suit_limit >= 3 && !pos.has_melds() && (pos.total() as usize - 1) / 3 <= 5
}

/// The joins of a hand's suits that [`lowering`] reads, for targets of
/// `k` melds and the pair: every two suits together, and the three
/// beside each suit, read from the other end ([`Mirrored`]). A discard
/// changes one suit; the three beside each other suit are then that suit
/// beside a pair worked out here. Discards that leave their suit with
/// the same distances (the same class) share all but that suit's draws:
/// what the last few classes of each suit gave is kept ([`Seen`]).
pub(crate) struct Rests {
    /// Melds in the targets.
    k: usize,
    /// Every two suits together, mirrored ([`pair_index`]).
    pairs: [Mirrored; 6],
    /// `[x]`: the three suits beside suit `x` together, mirrored.
    beside: [Dist; 4],
    /// `[s]`: the lowerings last worked out for discards of suit `s`, one
    /// per class the suit is left with ([`SEEN`] at most, the oldest
    /// replaced first).
    seen: [[Seen; SEEN]; 4],
    /// `[s][j]`: the class of `seen[s][j]` ([`Resident::class_index`]);
    /// `u32::MAX`, no class, for a place not filled.
    seen_class: [[u32; SEEN]; 4],
    /// How many lowerings of each suit were kept in all.
    seen_len: [u8; 4],
}

/// The lowerings [`Rests`] keeps per suit: a suit has at most nine
/// discards, most of them in fewer classes.
const SEEN: usize = 4;

/// What [`lowering`] found for a discard of one suit, kept for the other
/// discards of the suit that leave it in the same class: those have the
/// same least distance, the same tight lanes in every suit, and the same
/// draws in the other suits.
#[derive(Clone, Copy, Debug)]
struct Seen {
    /// The least distance.
    best: u8,
    /// The suit's tight lanes (`0x80` in each byte, as [`drawn_ranks`]
    /// reads them).
    tight: Dist,
    /// The draws of the other suits that lower it (bit `i` for index `i`).
    others: u64,
}

impl Seen {
    const NONE: Seen = Seen {
        best: 0,
        tight: [0; 2],
        others: 0,
    };
}

/// The two suits other than `x` and `y`.
const fn others(x: usize, y: usize) -> (usize, usize) {
    let mut o = [0; 2];
    let (mut s, mut n) = (0, 0);
    while s < 4 {
        if s != x && s != y {
            o[n] = s;
            n += 1;
        }
        s += 1;
    }
    (o[0], o[1])
}

/// The place of the pair of suits `x` and `y` (in either order) among
/// the six, `(0, 1)`, `(0, 2)`, `(0, 3)`, `(1, 2)`, `(1, 3)`, `(2, 3)`.
const fn pair_index(x: usize, y: usize) -> usize {
    let (x, y) = if x < y { (x, y) } else { (y, x) };
    match (x, y) {
        (0, 1) => 0,
        (0, 2) => 1,
        (0, 3) => 2,
        (1, 2) => 3,
        (1, 3) => 4,
        _ => 5,
    }
}

/// `[x][y]`: the place ([`pair_index`]) of the two suits other than `x` and
/// `y` (`x != y`), worked out once.
const OTHER_PAIR: [[usize; 4]; 4] = {
    let mut t = [[0; 4]; 4];
    let mut x = 0;
    while x < 4 {
        let mut y = 0;
        while y < 4 {
            if x != y {
                let (z, w) = others(x, y);
                t[x][y] = pair_index(z, w);
            }
            y += 1;
        }
        x += 1;
    }
    t
};

impl Rests {
    /// Joins still to work out ([`Rests::fill`]); every lane zero.
    pub(crate) fn new() -> Rests {
        Rests {
            k: 0,
            pairs: [Mirrored::ZERO; 6],
            beside: [[0; 2]; 4],
            seen: [[Seen::NONE; SEEN]; 4],
            seen_class: [[u32::MAX; SEEN]; 4],
            seen_len: [0; 4],
        }
    }

    /// Works out the joins of the suits `around` for targets of `k` melds
    /// (0–5) and the pair, in place: a `Rests` made by value is moved
    /// through `memcpy`.
    #[inline]
    pub(crate) fn fill(&mut self, around: [&Around; 4], k: usize) {
        match k {
            0 => self.fill_k::<0>(around),
            1 => self.fill_k::<1>(around),
            2 => self.fill_k::<2>(around),
            3 => self.fill_k::<3>(around),
            4 => self.fill_k::<4>(around),
            _ => self.fill_k::<5>(around),
        }
    }

    #[inline(always)]
    fn fill_k<const K: usize>(&mut self, around: [&Around; 4]) {
        self.k = K;
        self.seen_class = [[u32::MAX; SEEN]; 4];
        self.seen_len = [0; 4];
        // Suits 1–3 alone, mirrored: each pair of suits is its first suit
        // beside its second, read from the other end as `fill` takes it.
        let mut alone = [Mirrored::ZERO; 3];
        for (m, a) in alone.iter_mut().zip(&around[1..]) {
            m.fill::<K>(Mirrored::read_back::<K>(&a.dist.map(u64::to_le_bytes)));
        }
        // The six pairs in `pair_index`'s order, those of one first suit
        // at once.
        let [a1, a2, a3] = &alone;
        let [p01, p02, p03] = Mirrored::besides::<K, 3>([a1, a2, a3], around[0].dist);
        let [p12, p13] = Mirrored::besides::<K, 2>([a2, a3], around[1].dist);
        let [p23] = Mirrored::besides::<K, 1>([a3], around[2].dist);
        // What `beside` leaves past `K` is no target's: FAR there.
        let inside = through::<K>();
        for (m, r) in self.pairs.iter_mut().zip([p01, p02, p03, p12, p13, p23]) {
            m.fill::<K>(r.map(|w| w & inside | FARS & !inside));
        }
        // The three beside suits 1–3 hold suit 0, beside the pair of the
        // other two; those beside suit 0, suit 1 beside suits 2 and 3.
        let p = &self.pairs;
        let [b1, b2, b3] = Mirrored::besides::<K, 3>(
            [
                &p[pair_index(2, 3)],
                &p[pair_index(1, 3)],
                &p[pair_index(1, 2)],
            ],
            around[0].dist,
        );
        let [b0] = Mirrored::besides::<K, 1>([&p[pair_index(2, 3)]], around[1].dist);
        self.beside = [b0, b1, b2, b3];
    }

    /// The three suits beside each suit, mirrored, once suit `changed`
    /// (if any) is `around[changed]` instead of the suit these joins were
    /// worked out from.
    #[inline(always)]
    fn around_k<const K: usize>(&self, around: [&Around; 4], changed: Option<usize>) -> [Dist; 4] {
        let mut rest = self.beside;
        if let Some(s) = changed {
            let pairs = BESIDE_OTHERS[s];
            let beside = Mirrored::besides::<K, 3>(
                [
                    &self.pairs[pairs[0]],
                    &self.pairs[pairs[1]],
                    &self.pairs[pairs[2]],
                ],
                around[s].dist,
            );
            for (&x, b) in OTHERS[s].iter().zip(beside) {
                rest[x] = b;
            }
        }
        rest
    }
}

/// `[s]`: the three suits other than `s`.
const OTHERS: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];

/// `[s][j]`: the place ([`pair_index`]) of the pair of suits beside both
/// `s` and `OTHERS[s][j]`.
const BESIDE_OTHERS: [[usize; 3]; 4] = {
    let mut t = [[0; 3]; 4];
    let mut s = 0;
    while s < 4 {
        let mut j = 0;
        while j < 3 {
            t[s][j] = OTHER_PAIR[s][OTHERS[s][j]];
            j += 1;
        }
        s += 1;
    }
    t
};

/// The standard form's part of the efficiency of a 3N+1 hand whose suits
/// are `around` (its position passes [`lowering_rules`] and spends no
/// fifth copy): the least distance over the ways to share the melds and
/// the pair among the suits, and the tiles (bit `i` for index `i`) whose
/// draw lowers it. `rests` are the joins of the same suits but for the
/// suit `changed` (a discard's). On a least split a suit's distance
/// `d(m, p)` and the three beside it at `(k - m, 1 - p)` add up to the
/// least; a draw lowers the least when it lowers one of those distances
/// ([`Around`]).
#[inline]
pub(crate) fn lowering(
    rules: &Rules,
    around: [&Around; 4],
    rests: &mut Rests,
    changed: Option<usize>,
) -> (u8, u64) {
    if let Some(s) = changed {
        // A class this suit was left with before: only its draws differ.
        // Every place compared, without a branch per place.
        let class = around[s].resident.class_index();
        let mut found = 0u32;
        for (j, &c) in rests.seen_class[s].iter().enumerate() {
            found |= ((c == class) as u32) << j;
        }
        if found != 0 {
            let seen = &rests.seen[s][found.trailing_zeros() as usize % SEEN];
            let ranks = drawn_ranks(rules, s, around[s], seen.tight);
            return (seen.best, seen.others | ranks << (9 * s));
        }
    }
    match rests.k {
        0 => lowering_k::<0>(rules, around, rests, changed),
        1 => lowering_k::<1>(rules, around, rests, changed),
        2 => lowering_k::<2>(rules, around, rests, changed),
        3 => lowering_k::<3>(rules, around, rests, changed),
        4 => lowering_k::<4>(rules, around, rests, changed),
        _ => lowering_k::<5>(rules, around, rests, changed),
    }
}

/// [`lowering`] for targets of `K` melds and the pair.
#[inline(always)]
fn lowering_k<const K: usize>(
    rules: &Rules,
    around: [&Around; 4],
    rests: &mut Rests,
    changed: Option<usize>,
) -> (u8, u64) {
    let rest = rests.around_k::<K>(around, changed);
    // The splits' sums, lane by lane (below 0x80: no carry leaves a lane).
    let sums: [Dist; 4] = std::array::from_fn(|s| {
        [
            around[s].dist[0] + rest[s][0],
            around[s].dist[1] + rest[s][1],
        ]
    });
    // Past the lanes m = 0..=K of a half, at least 0x7f.
    let inside = through::<K>();
    let past = !inside & 0x7f7f_7f7f_7f7f_7f7f;
    let best = least_byte([sums[0][0] | past, sums[0][1] | past]).min(FAR);
    let (best, lowers, tight) = if best >= FAR {
        // No target exists: no draw lowers anything.
        (FAR, 0, [0; 2])
    } else {
        let splits = ((1u32 << (K + 1)) - 1) * 0x101;
        let mut lowers = 0u64;
        // Every suit alike, without a branch on which one changed: the
        // changed suit has no lowered lanes ([`Around::discarded`]).
        for (s, a) in around.iter().enumerate() {
            let tight = high_bits(equal_bytes(sums[s], best)) & splits;
            let mut ranks = 0u64;
            for (r, &l) in a.lowered.iter().enumerate() {
                ranks |= ((l & tight != 0) as u64) << r;
            }
            lowers |= ranks << (9 * s);
        }
        let tight = changed.map_or([0; 2], |s| {
            let tight = equal_bytes(sums[s], best);
            [tight[0] & inside, tight[1] & inside]
        });
        (best, lowers, tight)
    };
    debug_assert_eq!(
        best,
        combined_of(rules, &around.map(|a| a.resident), K),
        "the joins and the merge agree"
    );
    let Some(s) = changed else {
        return (best, lowers);
    };
    let place = rests.seen_len[s] as usize % SEEN;
    rests.seen_class[s][place] = around[s].resident.class_index();
    rests.seen[s][place] = Seen {
        best,
        tight,
        others: lowers,
    };
    rests.seen_len[s] = rests.seen_len[s].wrapping_add(1);
    (
        best,
        lowers | drawn_ranks(rules, s, around[s], tight) << (9 * s),
    )
}

/// The ranks (bit `r` for rank `r`) of suit `s`, read as `a` without the
/// lanes each draw lowers ([`Around::discarded`]), whose draw lowers one
/// of the lanes `tight` (`0x80` in each byte of such a lane, as
/// [`Lanes`]): the lanes in which its distances and those of its draw
/// differ, of a half the rules do not bar ([`kept_lanes`]).
#[inline(always)]
fn drawn_ranks(rules: &Rules, s: usize, a: &Around, tight: Dist) -> u64 {
    let bars = &rules.derived.dist_bars[s];
    // 0x7f in each byte of a tight lane kept: distances are below 0x80.
    let tight: Dist = std::array::from_fn(|h| {
        let w = tight[h] & bars[h][0];
        w - (w >> 7)
    });
    let tables = &rules.tables;
    let raw = tables.class(a.resident).lanes;
    let mut ranks = 0u64;
    for (r, &next) in a.nexts.iter().enumerate() {
        let l = tables.class(next).lanes;
        let lowered = ((l[0] ^ raw[0]) & tight[0]) | ((l[1] ^ raw[1]) & tight[1]);
        ranks |= ((lowered != 0) as u64) << r;
    }
    ranks
}

/// The fifth copies a position may spend: its jokers and the joker-kind
/// copies still to draw (none when the position holds them all, or one
/// more in a wait being tried).
#[inline(always)]
pub(crate) fn fifths(rules: &Rules, pos: &Position) -> u32 {
    pos.jokers as u32 + rules.derived.joker_copies.saturating_sub(pos.kind_jokers) as u32
}


/// The standard form's answers ([`Judge`]).
pub(crate) struct Standard;

impl Judge for Standard {
    const TAKES_MELDS: bool = true;

    fn never_wins(r: &Resolved) -> Option<&'static str> {
        (!Suit::ALL.into_iter().any(|s| r.may_hold_pair(s)))
            .then_some("standard: no kind in play may be the pair")
    }

    /// With declared melds whose copies cap what jokers stand for
    /// (`joker_fifth_copy = false`), judged by the distance.
    #[inline(always)]
    fn win_mask(rules: &Rules, pos: &Position) -> u32 {
        if pos.has_melds() && !rules.joker_fifth_copy {
            return capped_win_mask(rules, pos);
        }
        win_mask(rules, pos)
    }

    #[inline(always)]
    fn wins(rules: &Rules, pos: &Position) -> bool {
        if pos.has_melds() {
            return melded_wins(rules, pos);
        }
        wins(rules, pos)
    }

    #[inline(always)]
    fn waits(rules: &Rules, pos: &Position, open: u32) -> u64 {
        if pos.has_melds() && !rules.joker_fifth_copy {
            return waits_by_draws(rules, pos, capped_win_mask);
        }
        waits(rules, pos, open)
    }

    fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
        splits(rules, pos, out)
    }

    fn split_count(rules: &Rules, pos: &Position) -> u64 {
        split_count(rules, pos)
    }

    fn hides(
        rules: &Rules,
        hidden: (&[u8; KINDS], u8),
        shown: (&[u8; KINDS], u8),
        draws: &[Option<usize>],
    ) -> bool {
        hides(rules, hidden, shown, draws)
    }

    #[inline(always)]
    fn distance(rules: &Rules, pos: &Position, suits: &[Resident; 4], _below: u8) -> u8 {
        let k = (pos.total() as usize).saturating_sub(1) / 3;
        distance_of(rules, pos, k, suits)
    }
}

/// [`Standard`]'s win with declared melds, apart from the common path.
#[cold]
#[inline(never)]
fn melded_wins(rules: &Rules, pos: &Position) -> bool {
    <Standard as Judge>::win_mask(rules, pos) >> pos.jokers & 1 == 1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every target of suit `s` listed, as the definition reads: a
    /// multiset of at most `k` (and five) melds on kinds in play, and the
    /// pair or not; its missing tiles and copies beyond `limits` scored,
    /// `[b]` the least with at most `b` beyond (`[8]`: any number).
    fn listed_levels(
        rules: &Rules,
        s: usize,
        counts: &[u8; 9],
        k: usize,
        limits: &[u8; 9],
    ) -> Levels {
        let ranks = ranks(s);
        let playing = |r: usize| rules.tiles().contains(Tile::from_index(9 * s + r).unwrap());
        let mut melds: Vec<u32> = (0..ranks)
            .filter(|&r| playing(r))
            .map(|r| 1 << (9 + r))
            .collect();
        let mut sets: Vec<u32> = Vec::new();
        if s < 3 {
            sets.extend((0..7).map(|r| 0b111 << r));
        } else if rules.honor_sequences() {
            sets.extend(HONOR_SEQUENCES.iter().map(|&h| h as u32));
        }
        melds.extend(
            sets.into_iter()
                .filter(|&set| (0..ranks).all(|r| set >> r & 1 == 0 || playing(r))),
        );
        // A meld's tiles: a triplet is bit 9 + r, a set its rank bits.
        let tiles = |meld: u32| -> [u8; 9] {
            std::array::from_fn(|r| {
                if meld >> 9 == 1 << r {
                    3
                } else {
                    (meld >> r & 1) as u8
                }
            })
        };
        let mut best = [[[FAR; 8]; 2]; 9];
        let mut score = |target: &[u8; 9], used: usize, pair: usize| {
            let missing: u32 = (0..9)
                .map(|r| target[r].saturating_sub(counts[r]) as u32)
                .sum();
            let beyond: u32 = (0..9)
                .map(|r| target[r].saturating_sub(limits[r]) as u32)
                .sum();
            for (b, level) in best.iter_mut().enumerate() {
                if beyond as usize <= b || b == 8 {
                    level[pair][used] = level[pair][used].min(missing.min(FAR as u32) as u8);
                }
            }
        };
        fn multisets(
            from: usize,
            n: usize,
            left: usize,
            chosen: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
        ) {
            out.push(chosen.clone());
            if left > 0 {
                for i in from..n {
                    chosen.push(i);
                    multisets(i, n, left - 1, chosen, out);
                    chosen.pop();
                }
            }
        }
        let mut all = Vec::new();
        multisets(0, melds.len(), k.min(5), &mut Vec::new(), &mut all);
        for chosen in all {
            let mut target = [0u8; 9];
            for &i in &chosen {
                let t = tiles(melds[i]);
                (0..9).for_each(|r| target[r] += t[r]);
            }
            score(&target, chosen.len(), 0);
            for r in (0..ranks).filter(|&r| playing(r) && pair_ok(rules, s, r)) {
                let mut with = target;
                with[r] += 2;
                score(&with, chosen.len(), 1);
            }
        }
        best
    }

    /// The rank-by-rank count of [`suit_distances`] against every target
    /// listed, on seeded suits under rules that change the targets: pair
    /// ranks, honour sequences, kinds out of play, declared kinds' limits.
    #[test]
    fn suit_levels_agree_with_every_target_listed() {
        let rules = [
            Rules::riichi(),
            Rules::chinese(),
            Rules::preset("kawuxing").unwrap(),
            Rules::preset("sichuan").unwrap(),
            Rules::from_toml_str("base = \"chinese\"\nhonor_sequences = true").unwrap(),
            Rules::from_toml_str("base = \"gb\"\npair_ranks = [2, 5, 8]\nhonor_sequences = true")
                .unwrap(),
        ];
        let mut seed = 7u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) % n
        };
        let mut cases = 0;
        for rules in &rules {
            for _ in 0..if cfg!(debug_assertions) { 12 } else { 150 } {
                let s = next(4) as usize;
                let k = next(6) as usize;
                let mut counts = [0u8; 9];
                let mut limits = [4u8; 9];
                for r in 0..ranks(s) {
                    // Mostly full kinds: a fifth copy is what these levels weigh.
                    counts[r] = [0, 0, 1, 2, 3, 4, 4][next(7) as usize];
                    if next(8) == 0 {
                        limits[r] = next(4) as u8;
                        counts[r] = counts[r].min(limits[r]);
                    }
                }
                assert_eq!(
                    RankSuit::new(rules, s, &counts, k, &limits).levels(),
                    listed_levels(rules, s, &counts, k, &limits),
                    "suit {s}, counts {counts:?}, k {k}, limits {limits:?}"
                );
                cases += 1;
            }
        }
        assert!(cases >= 72);
    }

    /// A suit's distances as the tables make them: non-decreasing in the
    /// melds, FAR past five melds, some FAR everywhere.
    fn dist(seed: &mut u64) -> [[u8; 8]; 2] {
        let mut next = || {
            *seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (*seed >> 33) as u8
        };
        let mut d = [[FAR; 8]; 2];
        for half in d.iter_mut() {
            if next() % 8 == 0 {
                continue;
            }
            let mut v = next() % 4;
            for slot in half.iter_mut().take(6) {
                *slot = v;
                v = (v + next() % 4).min(FAR);
            }
        }
        d
    }

    /// `least_byte` is the least of the sixteen bytes, wherever it lies.
    #[test]
    fn least_byte_finds_the_least_lane() {
        let mut seed = 11u64;
        for _ in 0..20_000 {
            let mut lanes = [0u8; 16];
            for lane in lanes.iter_mut() {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                *lane = (seed >> 57) as u8; // below 0x80
            }
            let want = *lanes.iter().min().unwrap();
            assert_eq!(least_byte(dist_of(&lanes)), want, "{lanes:?}");
        }
    }

    /// The mirrored joins read beside a suit agree with the plain joins,
    /// for every number of melds.
    #[test]
    fn beside_is_the_join_read_from_the_other_end() {
        fn check<const K: usize>(seed: &mut u64) {
            let (a, b, c) = (dist(seed), dist(seed), dist(seed));
            let whole = join::<K>(&a, &join::<K>(&b, &c));
            let got = lanes_of(
                Mirrored::of::<K>(&join::<K>(&b, &c)).beside::<K>(a.map(u64::from_le_bytes)),
            );
            for j in 0..=K {
                assert_eq!(
                    got[j],
                    whole[1][K - j].min(FAR),
                    "K {K}, j {j}, {a:?} {b:?} {c:?}"
                );
                assert_eq!(
                    got[8 + j],
                    whole[0][K - j].min(FAR),
                    "K {K}, j {j}, {a:?} {b:?} {c:?}"
                );
            }
        }
        let mut seed = 7;
        for _ in 0..2000 {
            check::<0>(&mut seed);
            check::<1>(&mut seed);
            check::<2>(&mut seed);
            check::<3>(&mut seed);
            check::<4>(&mut seed);
            check::<5>(&mut seed);
        }
    }
}
