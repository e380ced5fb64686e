//! Every split of a winning hand into the standard form's groups, found
//! one by one (a listing that has what it asked for stops the search),
//! their count without listing them, and whether some split holds a
//! given group.
//!
//! Both walks take the groups in one canonical order, so that each split
//! is found once and nothing needs to be kept to weed out repeats: the
//! lowest natural tile left goes into one of the groups through it
//! ([`groups_through`]), and the groups through one rank are taken in the
//! order of their ids (a group's id is never below the one taken before it
//! at the same rank). A split is a multiset of groups, and each group has
//! one lowest natural tile, so each multiset is one sequence of choices.
//!
//! The listing walks the four suits in turn and prunes every branch whose
//! tiles left need more jokers than are left (by the tables, a lower
//! bound): nearly every branch it enters ends in a split, so listing `n`
//! splits takes work in proportion to `n`. The count is one suit at a time,
//! each suit's completions counted by the jokers they use, memoised on the
//! tiles left, and the suits combined.

use std::collections::HashMap;

use super::joker_melds::{joker_meld_candidates, stands_beside};
use super::needs::{groups_through, meld_sets, pair_kind_ok, pair_ok, ranks, suit_counts, Through};
use crate::form::kind::Form;
use crate::group::{Group, GroupKind, GroupList, SplitSink};
use crate::hand::MAX_HAND_TILES;
use crate::position::Position;
use crate::rules::compiled::Rules;
use crate::swar::SuitWords;
use crate::tables::key::{key_of, pow5};
use crate::tile::{Tile, KINDS};

/// Where the pair of a split may sit: a suit 0–3 that may hold it, or (4)
/// two jokers standing for a tile of such a suit.
pub(super) fn pair_places(rules: &Rules) -> impl Iterator<Item = usize> {
    let penalty = rules.derived.pair_penalty;
    (0..5).filter(move |&place| match place {
        4 => penalty.contains(&0),
        s => penalty[s] == 0,
    })
}

/// Every standard split of the winning `pos`, until `out` is full.
pub(crate) fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
    Walk::new(rules, pos).list_places(pos.jokers, out);
}

/// The number of standard splits of the winning `pos`, counted per suit
/// and combined without listing them: for each place of the pair, the
/// ways to hand the jokers to the suits, times each suit's completions
/// using that many.
pub(crate) fn split_count(rules: &Rules, pos: &Position) -> u64 {
    if !jokers_only_always_fit(rules, pos) {
        // Which groups of jokers only fit depends on each split's copies:
        // the splits are counted one by one.
        let mut out = SplitSink::counting();
        splits(rules, pos, &mut out);
        return out.found();
    }
    let counts = pos.counts();
    let fixed = pos.melds.counts();
    let jokers = pos.jokers as usize;
    let used =
        |s: usize, pair: bool| SuitCount::new(rules, s, &counts, &fixed, pos.jokers).of(pair);
    let plain: Vec<Hist> = (0..4).map(|s| used(s, false)).collect();
    let mut total = 0u64;
    for pair_suit in pair_places(rules) {
        // ways[u]: ways to give u jokers to the suits so far.
        let mut ways = [0u64; HIST];
        ways[0] = 1;
        for (s, plain) in plain.iter().enumerate() {
            let h = if s == pair_suit {
                used(s, true)
            } else {
                *plain
            };
            let mut next = [0u64; HIST];
            for (a, &wa) in ways
                .iter()
                .enumerate()
                .take(jokers + 1)
                .filter(|(_, &w)| w > 0)
            {
                for (b, &hb) in h.iter().enumerate().take(jokers + 1 - a) {
                    next[a + b] = next[a + b].saturating_add(wa.saturating_mul(hb));
                }
            }
            ways = next;
        }
        for (used, &w) in ways.iter().enumerate().take(jokers + 1) {
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

/// Does some standard split of the winning `pos` hold the group `g`
/// (through a natural tile of suit `s`)? The rest of the hand, `g` set
/// aside (its tiles still counting for the cap), must split into the
/// other groups.
pub(crate) fn holds(rules: &Rules, pos: &Position, s: usize, g: &Through) -> bool {
    let mut walk = Walk::new(rules, pos);
    if g.jokers() > pos.jokers || !walk.take(s, g) {
        return false;
    }
    walk.groups.clear();
    let jokers = pos.jokers - g.jokers();
    let mut one = SplitSink::new(1);
    if g.kind == GroupKind::Pair {
        walk.list(None, jokers, &mut one)
    } else {
        walk.list_places(jokers, &mut one)
    }
}

/// Does some standard split of the winning `pos` hold a group of jokers
/// only: a meld (`***`, some split leaves three jokers over) or, with
/// `pair`, the pair (`**`)?
pub(crate) fn holds_jokers_only(rules: &Rules, pos: &Position, pair: bool) -> bool {
    let mut walk = Walk::new(rules, pos);
    let mut one = SplitSink::new(1);
    if pair {
        pair_places(rules).any(|p| p == 4) && walk.list(Some(4), pos.jokers, &mut one)
    } else {
        pos.jokers >= 3 && walk.list_places(pos.jokers - 3, &mut one)
    }
}

/// The groups of `pos`'s suit `s` through a natural tile of rank `r` that
/// the hand can form, the pair among them where the suit may hold it.
pub(crate) fn groups_of<'a>(
    rules: &'a Rules,
    pos: &Position,
    s: usize,
    r: usize,
) -> impl Iterator<Item = Through> + 'a {
    let c = suit_counts(s, &pos.counts());
    groups_through(rules, s, r, &c, pair_ok(rules, s, r))
}

/// The last group a walk took at a suit's lowest rank left: its rank and
/// its id there. The walk resumes at that rank from that id (a group of a
/// lower id was tried already); at another rank it starts from id 0.
///
/// A plain pair, not an `Option`: with `Option<(usize, u8)>` the compiled
/// code compared the rank of a `None` (uninitialised bytes) before testing
/// its tag, which is sound but is what valgrind reports as a conditional
/// jump on an uninitialised value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct LastGroup {
    rank: usize,
    id: u8,
}

impl LastGroup {
    /// No group taken yet: at no rank, so every rank starts from id 0.
    const NONE: LastGroup = LastGroup {
        rank: usize::MAX,
        id: 0,
    };

    /// Was it a pung or a pair of natural tiles and jokers taken at rank
    /// `r` (ids 0, 1 and 3 of [`groups_through`])?
    fn shares_jokers_at(self, r: usize) -> bool {
        self.rank == r && matches!(self.id, 0 | 1 | 3)
    }

    /// The least id a walk at rank `r` takes.
    fn least_id_at(self, r: usize) -> u8 {
        if self.rank == r {
            self.id
        } else {
            0
        }
    }
}

/// The listing's state: the tiles left and the groups taken so far.
struct Walk<'a> {
    rules: &'a Rules,
    /// Natural tiles not yet in a group.
    left: [u8; KINDS],
    /// The copies of each kind that count for the cap: the hand's natural
    /// tiles, the declared melds' copies, and the jokers placed so far
    /// (only a joker's slot reads it: all 0 in a hand without jokers).
    held: [u8; KINDS],
    /// At most this many copies of a kind (`joker_fifth_copy = false`).
    cap: u8,
    /// The base-5 keys of the tiles left, by suit.
    keys: [usize; 4],
    /// The ranks of each suit with a tile left (bit r: rank r).
    held_ranks: [u16; 4],
    groups: GroupList,
    /// Steps of the walk so far (the work a listing does; read by tests).
    #[cfg(test)]
    steps: u64,
    /// Does a branch with no joker left take [`Walk::go_natural`]? (Tests
    /// compare it with the general step.)
    #[cfg(test)]
    natural: bool,
}

impl<'a> Walk<'a> {
    fn new(rules: &'a Rules, pos: &Position) -> Walk<'a> {
        let left = pos.counts();
        let kinds_held = pos.words.nonzero().kinds_with_bit(0);
        Walk {
            rules,
            left,
            held: if pos.jokers == 0 {
                [0; KINDS]
            } else {
                let fixed = pos.melds.counts();
                std::array::from_fn(|i| left[i] + fixed[i])
            },
            cap: if rules.joker_fifth_copy { u8::MAX } else { 4 },
            keys: pos.keys,
            held_ranks: std::array::from_fn(|s| (kinds_held >> (9 * s) & 0x1ff) as u16),
            groups: GroupList::new(),
            #[cfg(test)]
            steps: 0,
            #[cfg(test)]
            natural: true,
        }
    }

    /// Lists the splits with `jokers` jokers, the pair at each place in
    /// turn, into `out`; true once `out` is full.
    fn list_places(&mut self, jokers: u8, out: &mut SplitSink) -> bool {
        if jokers == 0 {
            // Without jokers the pair sits in a suit of 3N+2 tiles.
            let left = &self.left;
            let tiles: [u8; 4] =
                std::array::from_fn(|s| left[9 * s..9 * s + ranks(s)].iter().sum());
            return pair_places(self.rules)
                .filter(|&s| s < 4 && tiles[s] % 3 == 2)
                .any(|place| self.list(Some(place), 0, out));
        }
        pair_places(self.rules).any(|place| self.list(Some(place), jokers, out))
    }

    /// Lists the splits of the tiles left with `jokers` jokers and the
    /// pair at `place` (a suit, 4 for jokers only, `None` for no pair)
    /// into `out`; true once `out` is full.
    fn list(&mut self, place: Option<usize>, jokers: u8, out: &mut SplitSink) -> bool {
        self.go(0, place, place == Some(0), LastGroup::NONE, jokers, out)
    }

    /// The fewest jokers the tiles left need from suit `s` on, the pair
    /// at `place` (`pair`: suit `s` still owes it).
    fn need(&self, s: usize, place: Option<usize>, pair: bool) -> u8 {
        let need = |t: usize, pair: bool| {
            let need = self.rules.tables.need_at(t, self.keys[t]);
            if pair {
                need.with_pair()
            } else {
                need.melds()
            }
        };
        let joker_pair = if place == Some(4) { 2 } else { 0 };
        (s + 1..4).fold(need(s, pair).saturating_add(joker_pair), |n, t| {
            n.saturating_add(need(t, place == Some(t)))
        })
    }

    /// The walk from suit `s` (owing the pair when `pair`), the last group
    /// taken at this suit's lowest rank left being `last` (its rank and
    /// id), `left` jokers left. True once `out` is full.
    fn go(
        &mut self,
        s: usize,
        place: Option<usize>,
        pair: bool,
        last: LastGroup,
        left: u8,
        out: &mut SplitSink,
    ) -> bool {
        #[cfg(test)]
        {
            self.steps += 1;
        }
        if self.need(s, place, pair) > left {
            return false;
        }
        #[cfg(not(test))]
        let natural = left == 0;
        #[cfg(test)]
        let natural = left == 0 && self.natural;
        if natural {
            return self.go_natural(s, place, pair, last, out);
        }
        let ranks_left = self.held_ranks[s];
        let lowest = (ranks_left != 0).then(|| ranks_left.trailing_zeros() as usize);
        let Some(r) = lowest else {
            return match (pair, s) {
                (true, _) => false,
                (false, 3) => self.finish(place, left, out),
                (false, _) => self.go(
                    s + 1,
                    place,
                    place == Some(s + 1),
                    LastGroup::NONE,
                    left,
                    out,
                ),
            };
        };
        let from = last.least_id_at(r);
        let c = suit_counts(s, &self.left);
        let kept = out.naturals_first_but();
        for g in groups_through(self.rules, s, r, &c, pair && pair_ok(self.rules, s, r)) {
            if g.id < from
                || g.jokers() > left
                || kept.is_some_and(|k| self.natural_left_for(s, r, last, &g, k))
                || !self.take(s, &g)
            {
                continue;
            }
            let owes = pair && g.kind != GroupKind::Pair;
            let full = self.go(
                s,
                place,
                owes,
                LastGroup { rank: r, id: g.id },
                left - g.jokers(),
                out,
            );
            self.give_back(s, &g);
            if full {
                return true;
            }
        }
        false
    }

    /// [`Walk::go`] with no joker left: the groups of natural tiles through
    /// the lowest rank left, with the ids of [`groups_through`] (the
    /// triplet, the pair, the sets starting at that rank: a set of natural
    /// tiles through the lowest rank left holds no lower one). The tables'
    /// need was met where this began, so every suit after this one
    /// completes and a branch that fails ends within this suit: no
    /// further look-up is needed.
    fn go_natural(
        &mut self,
        s: usize,
        place: Option<usize>,
        pair: bool,
        last: LastGroup,
        out: &mut SplitSink,
    ) -> bool {
        let ranks_left = self.held_ranks[s];
        if ranks_left == 0 {
            return match (pair, s) {
                (true, _) => false,
                (false, 3) => self.finish(place, 0, out),
                (false, _) => {
                    self.go_natural(s + 1, place, place == Some(s + 1), LastGroup::NONE, out)
                }
            };
        }
        let r = ranks_left.trailing_zeros() as usize;
        let from = last.least_id_at(r);
        let i = 9 * s + r;
        let tile = Tile::from_index(i).expect("a rank of the suit");
        if from <= 2
            && self.left[i] >= 3
            && self.natural_step(
                s,
                place,
                pair,
                (r, 2),
                [r; 3],
                Group::same(GroupKind::Triplet, tile, 3),
                out,
            )
        {
            return true;
        }
        if pair
            && from <= 4
            && self.left[i] >= 2
            && pair_ok(self.rules, s, r)
            && self.natural_step(
                s,
                place,
                false,
                (r, 4),
                [r; 2],
                Group::same(GroupKind::Pair, tile, 2),
                out,
            )
        {
            return true;
        }
        if s < 3 {
            // The sequence from r is the third set through r, or the
            // first or second near the suit's start (see `meld_sets`).
            let id = 5 + 4 * r.min(2) as u8;
            return r <= 6
                && from <= id
                && self.left[i + 1] > 0
                && self.left[i + 2] > 0
                && self.natural_step(
                    s,
                    place,
                    pair,
                    (r, id),
                    [r, r + 1, r + 2],
                    Group::sequence(GroupKind::Sequence, tile, 0b111, 0),
                    out,
                );
        }
        if !self.rules.honor_sequences {
            return false;
        }
        for (k, set) in meld_sets(self.rules, s, r).enumerate() {
            let id = 5 + 4 * k as u8;
            let members: [usize; 3] = {
                let mut m = [0; 3];
                let mut bits = set;
                for slot in &mut m {
                    *slot = bits.trailing_zeros() as usize;
                    bits &= bits.wrapping_sub(1);
                }
                m
            };
            if set.trailing_zeros() as usize != r
                || id < from
                || members.iter().any(|&m| self.left[27 + m] == 0)
            {
                continue;
            }
            let spread = (set >> r) as u8;
            let group = Group::sequence(GroupKind::HonorSequence, tile, spread, 0);
            if self.natural_step(s, place, pair, (r, id), members, group, out) {
                return true;
            }
        }
        false
    }

    /// Takes `group`, of natural tiles at the `ranks` of suit `s`, walks on
    /// from it ([`Walk::go_natural`], its rank and id being `at`) and gives
    /// it back. True once `out` is full.
    #[allow(clippy::too_many_arguments)]
    fn natural_step<const N: usize>(
        &mut self,
        s: usize,
        place: Option<usize>,
        owes: bool,
        at: (usize, u8),
        ranks: [usize; N],
        group: Group,
        out: &mut SplitSink,
    ) -> bool {
        // No table is read from here on: the keys stay as they are.
        for r in ranks {
            let i = 9 * s + r;
            self.left[i] -= 1;
            if self.left[i] == 0 {
                self.held_ranks[s] &= !(1 << r);
            }
        }
        self.groups.push(group);
        let full = self.go_natural(
            s,
            place,
            owes,
            LastGroup {
                rank: at.0,
                id: at.1,
            },
            out,
        );
        self.groups.pop();
        for r in ranks {
            self.left[9 * s + r] += 1;
            self.held_ranks[s] |= 1 << r;
        }
        full
    }

    /// A natural tile of rank `r` of suit `s` goes into a group.
    fn remove(&mut self, s: usize, r: usize) {
        let i = 9 * s + r;
        self.left[i] -= 1;
        self.keys[s] -= pow5(r);
        if self.left[i] == 0 {
            self.held_ranks[s] &= !(1 << r);
        }
    }

    /// Undoes [`Walk::remove`].
    fn restore(&mut self, s: usize, r: usize) {
        self.left[9 * s + r] += 1;
        self.keys[s] += pow5(r);
        self.held_ranks[s] |= 1 << r;
    }

    /// Takes group `g` of suit `s`: its natural tiles out of those left,
    /// its jokers standing for their kinds (false, and nothing taken, when
    /// that would pass the cap).
    fn take(&mut self, s: usize, g: &Through) -> bool {
        if g.jokers() > 0 {
            let mut held = self.held;
            for &(r, joker) in g.slots() {
                let i = 9 * s + r as usize;
                if joker {
                    held[i] += 1;
                    if held[i] > self.cap {
                        return false;
                    }
                }
            }
            self.held = held;
        }
        for &(r, joker) in g.slots() {
            if !joker {
                self.remove(s, r as usize);
            }
        }
        self.groups.push(g.group(s));
        true
    }

    /// Under [`SplitSink::naturals_first`], is group `g` of suit `s`,
    /// through rank `r` after the group `last`, passed over, a split that
    /// differs from it only in which tiles are jokers being walked? So
    /// when it is a set that puts a joker in a slot of a kind other than
    /// index `kept` while a natural tile of that kind is left, or a set
    /// through `r` (not of kind `kept`) after a pung or pair of rank `r`
    /// that holds a joker: that pung or pair takes the set's natural tile
    /// instead, and the set goes through a higher rank with a joker.
    /// A pung's or a pair's jokers stand for the rank it is taken through,
    /// whose natural tiles the groups through that rank share in the order
    /// of their ids (the fewest natural tiles first): they are not held
    /// back.
    fn natural_left_for(
        &self,
        s: usize,
        r: usize,
        last: LastGroup,
        g: &Through,
        kept: usize,
    ) -> bool {
        matches!(g.kind, GroupKind::Sequence | GroupKind::HonorSequence)
            && ((last.shares_jokers_at(r) && 9 * s + r != kept)
                || g.slots().iter().any(|&(q, joker)| {
                    let i = 9 * s + q as usize;
                    joker && i != kept && self.left[i] > 0
                }))
    }

    /// Undoes [`Walk::take`].
    fn give_back(&mut self, s: usize, g: &Through) {
        for &(r, joker) in g.slots() {
            let i = 9 * s + r as usize;
            if joker {
                self.held[i] -= 1;
            } else {
                self.restore(s, r as usize);
            }
        }
        self.groups.pop();
    }

    /// Every natural tile is in a group: the jokers left make the pair (at
    /// place 4) and melds of their own. True once `out` is full.
    fn finish(&mut self, place: Option<usize>, left: u8, out: &mut SplitSink) -> bool {
        let (rest, pair) = match place {
            Some(4) if left < 2 => return false,
            Some(4) => (left - 2, Some(Group::unresolved(GroupKind::Pair))),
            _ => (left, None),
        };
        if rest % 3 != 0 {
            return false;
        }
        let capped = self.cap < u8::MAX && (pair.is_some() || rest > 0);
        if capped
            && !jokers_only_fit(
                self.rules,
                &mut self.held,
                pair.is_some(),
                rest as usize / 3,
            )
        {
            return false;
        }
        let found = self.groups.len();
        if let Some(pair) = pair {
            self.groups.push(pair);
        }
        for _ in 0..rest / 3 {
            self.groups.push(Group::unresolved(GroupKind::Triplet));
        }
        out.push_list(Form::Standard, self.groups.as_slice());
        self.groups.truncate(found);
        out.full()
    }
}

/// Can groups of jokers only — a pair (`pair`) and `melds` melds — each
/// stand for a group of the rules beside the copies `held` and the groups
/// already chosen ([`stands_beside`]: kinds in play, at most four copies,
/// the suit limit), the pair of a kind that may hold it? Tries the pair
/// first, then the melds in the order of [`joker_meld_candidates`], each
/// candidate at or after the last (a multiset once); `held` is as it was
/// on return.
fn jokers_only_fit(rules: &Rules, held: &mut [u8; KINDS], pair: bool, melds: usize) -> bool {
    if pair {
        for t in rules.tiles.iter() {
            let i = t.index();
            if !pair_kind_ok(rules, i) || !stands_beside(rules, held, &[t, t]) {
                continue;
            }
            held[i] += 2;
            let fits = melds_fit(rules, held, melds, 0);
            held[i] -= 2;
            if fits {
                return true;
            }
        }
        return false;
    }
    melds_fit(rules, held, melds, 0)
}

/// [`jokers_only_fit`] for `melds` melds, each from the candidate
/// `from` on.
fn melds_fit(rules: &Rules, held: &mut [u8; KINDS], melds: usize, from: usize) -> bool {
    if melds == 0 {
        return true;
    }
    for (k, g) in joker_meld_candidates(rules).enumerate().skip(from) {
        let Some(tiles) = g.slot_tiles::<3>() else {
            continue;
        };
        if !stands_beside(rules, held, &tiles) {
            continue;
        }
        tiles.iter().for_each(|t| held[t.index()] += 1);
        let fits = melds_fit(rules, held, melds - 1, k);
        tiles.iter().for_each(|t| held[t.index()] -= 1);
        if fits {
            return true;
        }
    }
    false
}

/// Do the groups of jokers only fit in every split of `pos`, whatever the
/// other groups' jokers stand for? So when the rules allow fifth copies,
/// or with fewer than two jokers, or when kinds held by no natural tile or
/// declared meld are plenty: the jokers placed in other groups touch at
/// most one such kind each, so that the pair and every meld of jokers
/// only can take a kind of its own that no joker touched.
fn jokers_only_always_fit(rules: &Rules, pos: &Position) -> bool {
    if rules.joker_fifth_copy || pos.jokers < 2 {
        return true;
    }
    let held = pos.words.nonzero().kinds_with_bit(0)
        | SuitWords::load(&pos.melds.counts())
            .nonzero()
            .kinds_with_bit(0);
    let free = rules.tiles.bits() & !held;
    let pair_free = (0..KINDS)
        .filter(|&i| free >> i & 1 == 1)
        .filter(|&i| pair_kind_ok(rules, i))
        .count() as u32;
    let jokers = pos.jokers as u32;
    pair_free > jokers && free.count_ones() > jokers + jokers / 3
}

/// Completions counted by the jokers they use (index: jokers).
type Hist = [u64; HIST];
const HIST: usize = MAX_HAND_TILES + 1;

/// One suit's completions counted, memoised on what is left.
struct SuitCount<'a> {
    rules: &'a Rules,
    s: usize,
    /// The suit's natural tiles left, by rank.
    left: [u8; 9],
    /// Copies of each rank counting for the cap (see [`Walk`]).
    held: [u8; 9],
    capped: bool,
    jokers: u8,
    memo: HashMap<u64, Hist>,
    /// Steps of the count so far (read by tests).
    #[cfg(test)]
    steps: u64,
}

impl<'a> SuitCount<'a> {
    fn new(
        rules: &'a Rules,
        s: usize,
        counts: &[u8; KINDS],
        fixed: &[u8; KINDS],
        jokers: u8,
    ) -> SuitCount<'a> {
        let left = suit_counts(s, counts);
        let fixed = suit_counts(s, fixed);
        SuitCount {
            rules,
            s,
            left,
            held: std::array::from_fn(|r| left[r] + fixed[r]),
            capped: !rules.joker_fifth_copy,
            jokers,
            memo: HashMap::new(),
            #[cfg(test)]
            steps: 0,
        }
    }

    /// The suit's completions (with the pair when `pair`) by jokers used.
    fn of(mut self, pair: bool) -> Hist {
        let key = key_of(&self.left[..ranks(self.s)]);
        self.count(key, pair, LastGroup::NONE)
    }

    fn count(&mut self, key: usize, pair: bool, last: LastGroup) -> Hist {
        #[cfg(test)]
        {
            self.steps += 1;
        }
        let mut hist = [0u64; HIST];
        let need = self.rules.tables.need_at(self.s, key);
        if (if pair { need.with_pair() } else { need.melds() }) > self.jokers {
            return hist;
        }
        let Some(r) = (0..ranks(self.s)).find(|&r| self.left[r] > 0) else {
            hist[0] = !pair as u64;
            return hist;
        };
        let from = last.least_id_at(r);
        // What the count depends on: the tiles left, the pair owed, the
        // least id at this rank, and (with the cap) the copies held.
        let held = if self.capped {
            self.held.iter().fold(0u64, |m, &h| m << 3 | h as u64)
        } else {
            0
        };
        let memo_key = (key as u64) | (pair as u64) << 22 | (from as u64) << 23 | held << 28;
        if let Some(h) = self.memo.get(&memo_key) {
            return *h;
        }
        for g in groups_through(
            self.rules,
            self.s,
            r,
            &self.left,
            pair && pair_ok(self.rules, self.s, r),
        ) {
            let jokers = g.jokers() as usize;
            if g.id < from || jokers > self.jokers as usize {
                continue;
            }
            let saved = (self.left, self.held);
            let mut key = key;
            let mut fits = true;
            for &(i, joker) in g.slots() {
                let i = i as usize;
                if joker {
                    self.held[i] += 1;
                    fits &= !self.capped || self.held[i] <= 4;
                } else {
                    self.left[i] -= 1;
                    key -= pow5(i);
                }
            }
            if fits {
                let rest = self.count(
                    key,
                    pair && g.kind != GroupKind::Pair,
                    LastGroup { rank: r, id: g.id },
                );
                for (u, &n) in rest.iter().enumerate().take(HIST - jokers) {
                    hist[u + jokers] = hist[u + jokers].saturating_add(n);
                }
            }
            (self.left, self.held) = saved;
        }
        self.memo.insert(memo_key, hist);
        hist
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::Hand;
    use crate::position::Purpose;

    /// The hand of issue 32 (item 5): 39,907 splits under `taiwan` with
    /// honour sequences.
    fn many() -> (Rules, Position) {
        let rules =
            Rules::from_toml_str("base = \"taiwan\"\nhonor_sequences = true").expect("rules");
        let hand: Hand = "1z1z2z2z3z3z4z4z4z********".parse().expect("a hand");
        let pos = rules.accept_hand(&hand, Purpose::Win).expect("a win");
        (rules, pos)
    }

    /// The steps of listing at most `limit` splits, and how many were found.
    fn listing(rules: &Rules, pos: &Position, limit: usize) -> (u64, u64) {
        let mut walk = Walk::new(rules, pos);
        let mut out = SplitSink::new(limit);
        walk.list_places(pos.jokers, &mut out);
        (walk.steps, out.found())
    }

    /// A limit cuts the listing's work: the steps grow with the splits
    /// asked for, not with the splits the hand has. The first split takes
    /// a step per group and suit (16 here: 7 groups, 4 suits, the pair's
    /// places), each further one a few (the groups that differ, and the
    /// branches the canonical order closes: 2.3 on average here).
    #[test]
    fn a_limit_bounds_the_listing() {
        let (rules, pos) = many();
        let (all_steps, all) = listing(&rules, &pos, usize::MAX);
        assert_eq!(all, 39_907);
        assert!(all_steps > all, "{all_steps} steps for every split");
        for limit in [1, 10, 100, 1000] {
            let (steps, found) = listing(&rules, &pos, limit);
            assert_eq!(found, limit as u64);
            assert!(
                steps <= 16 + 4 * limit as u64,
                "{steps} steps for {limit} splits"
            );
        }
    }

    /// A branch with no joker left takes only natural groups: the natural
    /// step finds the splits the general step finds, in the same order
    /// (so a limited listing keeps the same ones), under rules with
    /// honour sequences and with pairs of some ranks only, on seeded
    /// joker-free winning hands built from random groups.
    #[test]
    fn the_natural_step_lists_what_the_general_step_lists() {
        let presets = [
            Rules::riichi(),
            Rules::from_toml_str("base = \"taiwan\"\nhonor_sequences = true").expect("rules"),
            Rules::preset("changsha").expect("changsha"),
        ];
        let mut seed = 0x2026_1127_u64;
        let mut next = |n: u64| {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (seed >> 33) % n
        };
        let mut compared = 0;
        for i in 0..6_000 {
            let rules = &presets[i % presets.len()];
            let mut counts = [0u8; KINDS];
            let melds = next(5) as usize;
            for _ in 0..melds {
                let t = next(34) as usize;
                match next(3) {
                    0 if t < 27 && t % 9 <= 6 => (t..t + 3).for_each(|k| counts[k] += 1),
                    1 if (27..31).contains(&t) => [27, 28, 29, 30]
                        .iter()
                        .filter(|&&k| k != t)
                        .for_each(|&k| counts[k] += 1),
                    _ => counts[t] += 3,
                }
            }
            counts[next(34) as usize] += 2;
            if counts.iter().any(|&c| c > 4) {
                continue;
            }
            let Ok(hand) = Hand::from_counts(&counts, 0) else {
                continue;
            };
            let Ok(pos) = rules.accept_hand(&hand, Purpose::Win) else {
                continue;
            };
            for limit in [1, 2, usize::MAX] {
                let list = |natural: bool| {
                    let mut walk = Walk::new(rules, &pos);
                    walk.natural = natural;
                    let mut out = SplitSink::new(limit);
                    walk.list_places(0, &mut out);
                    (out.found(), out.into_splits().collect::<Vec<_>>())
                };
                let general = list(false);
                assert_eq!(list(true), general, "{hand} limit {limit}");
                compared += (general.0 > 0) as usize;
            }
        }
        assert!(compared > 3_000, "{compared} winning listings compared");
    }

    /// The count without listing: memoised on the tiles left, about a
    /// thousand steps for the honours' tens of thousands of completions
    /// (614 without the pair, 1,098 with it).
    #[test]
    fn the_count_lists_nothing() {
        let (rules, pos) = many();
        assert_eq!(split_count(&rules, &pos), 39_907);
        let counts = pos.counts();
        let fixed = pos.melds.counts();
        for pair in [false, true] {
            let mut count = SuitCount::new(&rules, 3, &counts, &fixed, pos.jokers);
            let key = key_of(&count.left[..7]);
            count.count(key, pair, LastGroup::NONE);
            assert!(count.steps < 2_000, "{} steps", count.steps);
        }
    }
}
