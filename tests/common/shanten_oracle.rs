//! The independent check of shanten: the replacement number of a whole hand
//! by search over targets, and the per-suit distance by enumeration of
//! targets, both written from the definition in the issue "How far from a
//! win" and nothing else (no library code, no table generator).
//!
//! # The definition, as used here
//! A hand of 3k+1 or 3k+2 tiles (natural tiles and jokers: explicit jokers
//! plus every copy of a joker kind) is matched against *targets*: complete
//! hands of P = 3k+2 tiles in a form the rules allow (standard: k melds and
//! a pair; seven pairs and thirteen orphans when P = 14). Every position of
//! the target is filled by a natural tile kept from the hand, a joker of the
//! hand, or a drawn tile. A drawn natural tile is of a natural kind in play
//! and the hand plus the draws hold at most 4 of it; a drawn copy of a joker
//! kind is a joker (at most 4 copies of each joker kind in hand and draws).
//! Jokers stand for any kind in play; with `cap` no kind appears more than 4
//! times in the target. The replacement number is the fewest draws over all
//! targets.
//!
//! # Reduction used (proved here, used by every form below)
//! Fix a target T with t_x positions of kind x, and let h_x be the hand's
//! natural copies of x (0 for joker kinds and kinds out of play, whose
//! copies cannot be kept). J = the hand's jokers, JD = Σ over joker kinds of
//! (4 − the hand's copies): the joker copies left to draw.
//! - Positions are filled by kept naturals (a_x ≤ min(t_x, h_x) of kind x),
//!   held jokers, or draws, so draws = P − Σa − (held jokers used). The hand
//!   has at most P tiles, so J + Σa ≤ P and every held joker finds a
//!   position: draws = P − J − Σa, least when a_x = min(t_x, h_x).
//! - The positions of x not kept (w_x = t_x − a_x) may be drawn naturally at
//!   most `room_x` = 4 − h_x times (the hand's copies count, kept or not;
//!   room is 0 for joker kinds). The rest, max(0, w_x − room_x), must be
//!   jokers ("forced"): held ones first, then drawn joker copies; drawing a
//!   joker instead of a natural never changes the count of draws. So T with
//!   this assignment is reachable iff Σ forced ≤ J + JD (the joker budget).
//!   With a_x = min(t_x, h_x), forced_x = max(0, t_x − 4) for a natural kind
//!   (a fifth copy or more is a joker) and t_x for a joker kind.
//! - Any other assignment (fewer kept) has at least as many draws and at
//!   least as many forced jokers, so it is never better; the searches may
//!   visit such assignments (each is a real way to fill T, so never below
//!   the true answer) as long as the best one of every target is visited.
//! - `max_suits`: a suit is used by the target when one of its positions
//!   is of that suit, whatever fills it: a joker stands for a kind, and
//!   the kind has a suit (as the split oracle's groups of jokers only,
//!   `meld_oracle`'s `jokers_only_fit`). So the answer is the least, over
//!   every set S of `max_suits` numbered suits, of the answer over the
//!   targets whose kinds are honours or in S; the numbered kinds outside S
//!   are neither kept nor drawn. Thirteen orphans and the knitted forms
//!   hold the three numbered suits, so they have targets only when all
//!   three are chosen.
//!
//! Hands of a size that is a multiple of 3 or above `max_tiles` have no
//! target (`None`). Natural tiles out of play are never kept (they can only
//! be discarded).
#![allow(dead_code)]

use super::oracle::{Spec, HONOR_SETS, KINDS};

/// The orphan kinds (terminals and honours).
const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

/// The replacement number of the hand (`counts` natural tiles, copies of
/// joker kinds counting as jokers, plus `jokers` explicit jokers) under
/// `spec`: the fewest drawn tiles over all targets. `None` when no target
/// exists (or the size is not 3k+1 / 3k+2 up to `max_tiles`). Shanten is
/// this minus one.
pub fn replacement_spec(spec: &Spec, counts: &[u8; KINDS], jokers: u32) -> Option<u32> {
    replacement_declared(spec, counts, jokers, &Declared::none())
}

/// What a hand's declared melds fix for the targets of its concealed part
/// (see `meld_oracle`): how many there are (each one group of the form,
/// a kong included), the copies of each kind they hold (4 for a kong) and
/// the numbered suits they hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declared {
    pub melds: u32,
    pub copies: [u8; KINDS],
    pub suits: [bool; 3],
}

impl Declared {
    /// No declared meld: [`replacement_declared`] is [`replacement_spec`].
    pub fn none() -> Declared {
        Declared {
            melds: 0,
            copies: [0; KINDS],
            suits: [false; 3],
        }
    }
}

/// [`replacement_spec`] of a concealed part beside declared melds: the
/// targets are the concealed part's own, of P = 3k+2 tiles where k plus
/// the declared melds is the hand's number of melds (the effective size,
/// concealed tiles plus 3 per declared meld, is 3N+1 or 3N+2 up to
/// `max_tiles`). The standard form takes k melds and a pair; seven pairs,
/// thirteen orphans and honours-and-knitted only with no declared meld;
/// the knitted straight with none (P = 14) or with its one meld declared
/// (P = 11: the nine knitted tiles and a pair). The melded copies count
/// against the natural draws (room = 4 − held − melded) and, with `cap`,
/// in the target's copies; a target's suits must include the declared
/// ones (`max_suits`). With [`Declared::none`] every step is the
/// meld-free one above.
pub fn replacement_declared(
    spec: &Spec,
    counts: &[u8; KINDS],
    jokers: u32,
    declared: &Declared,
) -> Option<u32> {
    let size: u32 = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    let effective = size + 3 * declared.melds;
    if effective % 3 == 0 || effective > spec.max_tiles {
        return None;
    }
    let p = if size % 3 == 1 { size + 1 } else { size };
    let concealed_only = declared.melds == 0;
    let mut held_jokers = jokers;
    let mut drawable_jokers = 0u32;
    for &k in &spec.joker_kinds {
        held_jokers += counts[k] as u32;
        drawable_jokers += 4u32.saturating_sub(counts[k] as u32);
    }
    let budget = held_jokers + drawable_jokers;
    let mut best: Option<u32> = None;
    for suits in suit_sets(spec.max_suits) {
        if (0..3).any(|s| declared.suits[s] && !suits[s]) {
            continue;
        }
        // The targets' kinds under this choice of suits: in play and
        // honours or in one of the chosen suits; the natural ones of them
        // are not joker kinds.
        let within = Spec {
            tiles: std::array::from_fn(|x| spec.tiles[x] && (x >= 27 || suits[x / 9])),
            ..spec.clone()
        };
        let spec = &within;
        let natural: [bool; KINDS] =
            std::array::from_fn(|x| spec.tiles[x] && !spec.joker_kinds.contains(&x));
        let mut have = [0u8; KINDS];
        let mut room = [0u8; KINDS];
        for x in 0..KINDS {
            if natural[x] {
                have[x] = counts[x];
                room[x] = 4u8.saturating_sub(counts[x] + declared.copies[x]);
            }
        }
        let fixed = &declared.copies;
        let knitted_melds = match (declared.melds, p) {
            (0, 14) => Some(1),
            (1, 11) => Some(0),
            _ => None,
        };
        let kept = [
            if spec.forms[0] {
                standard_kept(spec, &have, &room, fixed, p, budget)
            } else {
                None
            },
            if spec.forms[1] && p == 14 && concealed_only {
                pairs_kept(spec, &have, &room, budget)
            } else {
                None
            },
            if spec.forms[2] && p == 14 && concealed_only && suits == [true; 3] {
                orphans_kept(spec, &have, &room, budget)
            } else {
                None
            },
            match knitted_melds {
                Some(melds) if spec.knitted && suits == [true; 3] => {
                    knitted_kept(spec, &have, &room, fixed, melds, budget)
                }
                _ => None,
            },
            if spec.honors_knitted && p == 14 && concealed_only && suits == [true; 3] {
                singles_kept(spec, &have, &room, budget, false)
            } else {
                None
            },
            if spec.greater_honors_knitted && p == 14 && concealed_only && suits == [true; 3] {
                singles_kept(spec, &have, &room, budget, true)
            } else {
                None
            },
        ];
        for k in kept.into_iter().flatten() {
            let draws = p - held_jokers - k;
            best = Some(best.map_or(draws, |b: u32| b.min(draws)));
        }
    }
    best
}

/// Every set of numbered suits (as flags for m, p, s) a target may use:
/// all three without a limit, else each choice of `max` suits.
fn suit_sets(max_suits: Option<u32>) -> Vec<[bool; 3]> {
    match max_suits {
        Some(max) if max < 3 => (0u32..8)
            .filter(|m| m.count_ones() == max)
            .map(|m| [m & 1 != 0, m & 2 != 0, m & 4 != 0])
            .collect(),
        _ => vec![[true; 3]],
    }
}

/// Forced jokers of one kind: the positions not kept beyond what may be
/// drawn naturally.
fn forced(not_kept: u8, room: u8) -> u32 {
    not_kept.saturating_sub(room) as u32
}

/// May the standard form's pair be of kind `x`?
fn pair_kind(spec: &Spec, x: usize) -> bool {
    spec.tiles[x]
        && match spec.pair_ranks {
            None => true,
            Some(mask) => x < 27 && mask >> (x % 9) & 1 == 1,
        }
}

/// Seven pairs: the most natural tiles kept, over the targets (t_x in
/// {0, 2}; with quads any even number, at most 4 under the cap, so a kind
/// may give several pairs and, when jokers may be fifth copies, more than
/// two; seven pairs; kinds in play) whose forced jokers fit the budget.
/// A table over the kinds: best[pairs][forced] = most kept.
fn pairs_kept(spec: &Spec, have: &[u8; KINDS], room: &[u8; KINDS], budget: u32) -> Option<u32> {
    let nb = budget.min(14) as usize;
    let mut best = vec![vec![None::<u32>; nb + 1]; 8];
    best[0][0] = Some(0);
    for x in 0..KINDS {
        if !spec.tiles[x] {
            continue;
        }
        let most = match (spec.quads, spec.cap) {
            (false, _) => 2,
            (true, Some(cap)) => cap.min(14) / 2 * 2,
            (true, None) => 14,
        };
        let choices: Vec<u8> = (1..=most / 2).map(|p| 2 * p).collect();
        let mut next = best.clone();
        for (pairs, row) in best.iter().enumerate() {
            for (f, &cell) in row.iter().enumerate() {
                let Some(k) = cell else { continue };
                for &t in &choices {
                    let np = pairs + t as usize / 2;
                    let a = t.min(have[x]);
                    let nf = f + forced(t - a, room[x]) as usize;
                    if np > 7 || nf > nb {
                        continue;
                    }
                    let v = k + a as u32;
                    if next[np][nf].is_none_or(|o| o < v) {
                        next[np][nf] = Some(v);
                    }
                }
            }
        }
        best = next;
    }
    best[7].iter().flatten().copied().max()
}

/// Thirteen orphans: each orphan once and one of them twice (all thirteen
/// kinds in play).
fn orphans_kept(spec: &Spec, have: &[u8; KINDS], room: &[u8; KINDS], budget: u32) -> Option<u32> {
    if !ORPHANS.iter().all(|&o| spec.tiles[o]) {
        return None;
    }
    ORPHANS
        .iter()
        .filter_map(|&pair| {
            let mut kept = 0;
            let mut f = 0;
            for o in ORPHANS {
                let t = if o == pair { 2 } else { 1 };
                let a = t.min(have[o]);
                kept += a as u32;
                f += forced(t - a, room[o]);
            }
            (f <= budget).then_some(kept)
        })
        .max()
}

/// The nine kinds of each way to give 147, 258 and 369 to the three
/// numbered suits (each suit one of the three, all different).
fn knitted_assignments() -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                if a == b || b == c || a == c {
                    continue;
                }
                // Suit m gets ranks a+1, a+4, a+7; p gets b+1...; s c+1...
                let mut kinds = Vec::new();
                for (suit, first) in [(0, a), (1, b), (2, c)] {
                    for step in 0..3 {
                        kinds.push(9 * suit + first + 3 * step);
                    }
                }
                out.push(kinds);
            }
        }
    }
    out
}

/// The knitted straight (组合龙): the nine kinds of an assignment once
/// each, one meld (`melds` = 1; 0 when it is declared) and a pair; the
/// most natural tiles kept over targets whose forced jokers fit. The
/// knitted positions are placed first, each keeping a hand tile when one
/// is left (the best assignment, as in the reduction), then the meld and
/// the pair by the standard search. `fixed`: the declared copies (cap).
fn knitted_kept(
    spec: &Spec,
    have: &[u8; KINDS],
    room: &[u8; KINDS],
    fixed: &[u8; KINDS],
    melds: u32,
    budget: u32,
) -> Option<u32> {
    let mut best: Option<u32> = None;
    for kinds in knitted_assignments() {
        if !kinds.iter().all(|&x| spec.tiles[x]) {
            continue;
        }
        let mut s = Search::new(spec, have, room, fixed, budget);
        if !kinds.iter().all(|&x| {
            let keep = s.left[x] > 0;
            s.add(x, keep)
        }) {
            continue;
        }
        s.touching(melds, true);
        if let Some(k) = s.best {
            best = Some(best.map_or(k, |b| b.max(k)));
        }
    }
    best
}

/// Honours and knitted tiles (全不靠): fourteen different kinds among an
/// assignment's nine and the honours in play, one position each; with
/// `greater` (七星不靠) all seven honours and seven of the nine. Every
/// choice of fourteen is tried.
fn singles_kept(
    spec: &Spec,
    have: &[u8; KINDS],
    room: &[u8; KINDS],
    budget: u32,
    greater: bool,
) -> Option<u32> {
    let honours: Vec<usize> = (27..34).filter(|&x| spec.tiles[x]).collect();
    if greater && honours.len() < 7 {
        return None;
    }
    let mut best: Option<u32> = None;
    for kinds in knitted_assignments() {
        if !kinds.iter().all(|&x| spec.tiles[x]) {
            continue;
        }
        let candidates: Vec<usize> = kinds
            .iter()
            .copied()
            .chain(honours.iter().copied())
            .collect();
        for chosen in subsets_of_size(candidates.len(), 14) {
            if greater && !(9..candidates.len()).all(|i| chosen >> i & 1 == 1) {
                continue;
            }
            let mut kept = 0;
            let mut f = 0;
            for (i, &x) in candidates.iter().enumerate() {
                if chosen >> i & 1 == 1 {
                    let a = have[x].min(1);
                    kept += a as u32;
                    f += forced(1 - a, room[x]);
                }
            }
            if f <= budget {
                best = Some(best.map_or(kept, |b| b.max(kept)));
            }
        }
    }
    best
}

/// Every subset of `k` of the positions `0..n` as a bit mask, in
/// increasing order (none when `k > n`): each next mask is the smallest
/// larger one with `k` bits set (Gosper's hack).
fn subsets_of_size(n: usize, k: usize) -> impl Iterator<Item = u32> {
    let first = (k <= n).then(|| (1u32 << k) - 1);
    std::iter::successors(first, |&c| {
        if c == 0 {
            return None;
        }
        let low = c & c.wrapping_neg();
        let ripple = c + low;
        Some(ripple | ((ripple ^ c) / low) >> 2)
    })
    .take_while(move |&c| c < 1 << n)
}

/// The standard form's meld and pair types under `spec`.
fn standard_groups(spec: &Spec) -> (Vec<Vec<usize>>, Vec<Vec<usize>>) {
    let mut melds: Vec<Vec<usize>> = Vec::new();
    for x in 0..KINDS {
        if spec.tiles[x] {
            melds.push(vec![x; 3]);
        }
    }
    for lo in 0..27 {
        if lo % 9 < 7 && (lo..lo + 3).all(|x| spec.tiles[x]) {
            melds.push(vec![lo, lo + 1, lo + 2]);
        }
    }
    if spec.honor_seq {
        for set in HONOR_SETS {
            if set.iter().all(|&x| spec.tiles[x]) {
                melds.push(set.to_vec());
            }
        }
    }
    let pairs: Vec<Vec<usize>> = (0..KINDS)
        .filter(|&x| pair_kind(spec, x))
        .map(|x| vec![x, x])
        .collect();
    (melds, pairs)
}

/// The standard form: the most natural tiles kept over the targets of
/// `p` tiles ((p − 2) / 3 melds and a pair) whose forced jokers fit;
/// `fixed`: the declared copies (counted by the cap).
fn standard_kept(
    spec: &Spec,
    have: &[u8; KINDS],
    room: &[u8; KINDS],
    fixed: &[u8; KINDS],
    p: u32,
    budget: u32,
) -> Option<u32> {
    let mut s = Search::new(spec, have, room, fixed, budget);
    s.touching((p - 2) / 3, true);
    s.best
}

/// The standard form's search.
///
/// The groups are chosen in a canonical order: while some hand tile is
/// neither kept nor discarded, take the lowest such kind x and either
/// discard all its copies left, or place a group (meld, or the pair) that
/// holds x, filling each of its positions with a hand tile when one of that
/// kind is left, else leaving it to a joker or a draw. When no hand tile is
/// left, the groups still to place hold no kept tile ("generic" groups):
/// any meld or pair of kinds in play, checked one by one (see `generic`).
///
/// Completeness (every target T is visited with its best assignment,
/// a_x = min(t_x, h_x)): walk T's groups as follows. At the lowest kind x
/// with tiles left, if some unplaced group of T holds x, place it; else
/// discard x. Positions take hand tiles greedily, so once every group of T
/// holding x is placed, a_x = min(t_x, h_x); x is discarded only then, and
/// a kind whose tiles run out has a_x = h_x. The groups left at the end all
/// hold only kinds with no tile left, so their positions are rightly not
/// kept. Every such walk is one branch of the search, so the best
/// assignment of every target is reached. Every branch is a real way to
/// fill a real target, so none is below the answer.
struct Search {
    cap: Option<u8>,
    /// Every meld type and every pair type (kinds in play, rule switches).
    melds: Vec<Vec<usize>>,
    pairs: Vec<Vec<usize>>,
    /// Hand tiles not yet kept nor discarded.
    left: [u8; KINDS],
    /// Natural draws allowed per kind.
    room: [u8; KINDS],
    /// Copies of each kind in the groups placed so far, the declared
    /// melds' copies included (what the cap counts).
    total: [u8; KINDS],
    /// Positions of each kind not holding a kept tile.
    not_kept: [u8; KINDS],
    kept: u32,
    /// Σ forced(not_kept[x], room[x]).
    forced: u32,
    budget: u32,
    /// The most tiles kept by a complete, reachable target found so far.
    best: Option<u32>,
}

impl Search {
    /// A search over the standard form's groups under `spec`, from the
    /// hand tiles `have` with `room` natural draws per kind and a joker
    /// budget of `budget`, nothing placed yet beside the declared melds'
    /// copies `fixed`.
    fn new(
        spec: &Spec,
        have: &[u8; KINDS],
        room: &[u8; KINDS],
        fixed: &[u8; KINDS],
        budget: u32,
    ) -> Search {
        let (melds, pairs) = standard_groups(spec);
        Search {
            cap: spec.cap,
            melds,
            pairs,
            left: *have,
            room: *room,
            total: *fixed,
            not_kept: [0; KINDS],
            kept: 0,
            forced: 0,
            budget,
            best: None,
        }
    }

    /// Adds one position of kind `x` (kept when `keep`); false (and nothing
    /// changed) when the cap or the joker budget is broken.
    fn add(&mut self, x: usize, keep: bool) -> bool {
        if self.cap.is_some_and(|cap| self.total[x] + 1 > cap) {
            return false;
        }
        let extra = if keep {
            0
        } else {
            forced(self.not_kept[x] + 1, self.room[x]) - forced(self.not_kept[x], self.room[x])
        };
        if self.forced + extra > self.budget {
            return false;
        }
        self.total[x] += 1;
        self.forced += extra;
        if keep {
            self.left[x] -= 1;
            self.kept += 1;
        } else {
            self.not_kept[x] += 1;
        }
        true
    }

    fn remove(&mut self, x: usize, keep: bool) {
        self.total[x] -= 1;
        if keep {
            self.left[x] += 1;
            self.kept -= 1;
        } else {
            self.not_kept[x] -= 1;
            self.forced -=
                forced(self.not_kept[x] + 1, self.room[x]) - forced(self.not_kept[x], self.room[x]);
        }
    }

    /// Places `group` (hand tiles greedily when `greedy`, else no tile
    /// kept), returning the positions placed with whether each was kept.
    /// Stops at the first position that breaks the cap or the budget.
    fn place(&mut self, group: &[usize], greedy: bool) -> (Vec<(usize, bool)>, bool) {
        let mut done = Vec::with_capacity(3);
        for &x in group {
            let keep = greedy && self.left[x] > 0;
            if !self.add(x, keep) {
                return (done, false);
            }
            done.push((x, keep));
        }
        (done, true)
    }

    fn unplace(&mut self, done: &[(usize, bool)]) {
        for &(x, keep) in done.iter().rev() {
            self.remove(x, keep);
        }
    }

    /// The groups holding a kept tile; `melds` melds and `pair` pair to go.
    fn touching(&mut self, melds: u32, pair: bool) {
        let left: u32 = self.left.iter().map(|&c| c as u32).sum();
        let groups_room = 3 * melds + 2 * pair as u32;
        if self
            .best
            .is_some_and(|b| self.kept + left.min(groups_room) <= b)
        {
            return;
        }
        let Some(x) = self.left.iter().position(|&c| c > 0) else {
            if self.generic(melds, pair, 0) {
                self.best = Some(self.kept);
            }
            return;
        };
        let mut shapes: Vec<(Vec<usize>, bool)> = Vec::new();
        if melds > 0 {
            for m in &self.melds {
                if m.contains(&x) {
                    shapes.push((m.clone(), false));
                }
            }
        }
        if pair && self.pairs.iter().any(|q| q[0] == x) {
            shapes.push((vec![x, x], true));
        }
        for (group, is_pair) in shapes {
            let (done, ok) = self.place(&group, true);
            if ok {
                if is_pair {
                    self.touching(melds, false);
                } else {
                    self.touching(melds - 1, pair);
                }
            }
            self.unplace(&done);
        }
        let n = self.left[x];
        self.left[x] = 0;
        self.touching(melds, pair);
        self.left[x] = n;
    }

    /// Can `melds` melds (meld types from index `from` on, non-decreasing,
    /// so each multiset once) and then `pair` pair, holding no kept tile,
    /// be added within the cap and the joker budget? A plain search over
    /// the meld and pair types, stopping at the first success.
    fn generic(&mut self, melds: u32, pair: bool, from: usize) -> bool {
        if melds == 0 {
            if !pair {
                return true;
            }
            for i in 0..self.pairs.len() {
                let group = self.pairs[i].clone();
                let (done, ok) = self.place(&group, false);
                self.unplace(&done);
                if ok {
                    return true;
                }
            }
            return false;
        }
        for i in from..self.melds.len() {
            let group = self.melds[i].clone();
            let (done, ok) = self.place(&group, false);
            let found = ok && self.generic(melds - 1, pair, i);
            self.unplace(&done);
            if found {
                return true;
            }
        }
        false
    }
}

/// One suit in isolation, by enumeration of its targets: the least number of
/// tiles missing from `counts` (one count per rank) over every target of
/// exactly `melds` melds (triplets, or the `sequences`, each a bit set of
/// ranks) plus one pair on a rank of `pair_ranks` when `pair`, among the
/// targets with at most `max_fifth` fifth copies (Σ max(0, target_r − 4);
/// `None`: any). `None` when no target qualifies. Builds the target list on
/// every call: for many queries build a [`SuitTargets`] once.
pub fn suit_distance_spec(
    ranks: usize,
    sequences: &[u16],
    pair_ranks: u16,
    counts: &[u8],
    melds: u32,
    pair: bool,
    max_fifth: Option<u32>,
) -> Option<u32> {
    SuitTargets::new(ranks, sequences, pair_ranks, melds).distance(counts, melds, pair, max_fifth)
}

/// The 7 runs of a numbered suit as rank bit sets.
pub const RUNS: [u16; 7] = [0x7, 0xe, 0x1c, 0x38, 0x70, 0xe0, 0x1c0];

/// The honour sequences (three different winds, the three dragons) as rank
/// bit sets.
pub const HONOR_RUNS: [u16; 5] = [0b000_0111, 0b000_1011, 0b000_1101, 0b000_1110, 0b111_0000];

/// Every target of one suit, listed once per (melds, pair) as distinct
/// count vectors.
pub struct SuitTargets {
    ranks: usize,
    max_melds: u32,
    /// Index `melds * 2 + pair`: the targets' counts per rank.
    targets: Vec<Vec<[u8; 9]>>,
}

impl SuitTargets {
    /// All targets of 0..=`max_melds` melds, with and without a pair, for a
    /// suit of `ranks` ranks (at most 9) whose melds are the triplets and
    /// `sequences` (rank bit sets) and whose pair may be on `pair_ranks`.
    pub fn new(ranks: usize, sequences: &[u16], pair_ranks: u16, max_melds: u32) -> SuitTargets {
        assert!(ranks <= 9);
        let mut types: Vec<[u8; 9]> = Vec::new();
        for r in 0..ranks {
            let mut m = [0u8; 9];
            m[r] = 3;
            types.push(m);
        }
        for &s in sequences {
            let mut m = [0u8; 9];
            for (r, c) in m.iter_mut().enumerate().take(ranks) {
                *c = (s >> r & 1) as u8;
            }
            types.push(m);
        }
        // Meld multisets by non-decreasing type index, by number of melds.
        let mut by_melds: Vec<std::collections::BTreeSet<[u8; 9]>> =
            vec![std::collections::BTreeSet::new(); max_melds as usize + 1];
        fn walk(
            types: &[[u8; 9]],
            from: usize,
            n: usize,
            cur: [u8; 9],
            out: &mut [std::collections::BTreeSet<[u8; 9]>],
        ) {
            out[n].insert(cur);
            if n + 1 == out.len() {
                return;
            }
            for (i, m) in types.iter().enumerate().skip(from) {
                let mut next = cur;
                for r in 0..9 {
                    next[r] += m[r];
                }
                walk(types, i, n + 1, next, out);
            }
        }
        walk(&types, 0, 0, [0; 9], &mut by_melds);
        let mut targets = Vec::new();
        for set in &by_melds {
            targets.push(set.iter().copied().collect::<Vec<_>>());
            let mut with_pair = std::collections::BTreeSet::new();
            for t in set {
                for r in 0..ranks {
                    if pair_ranks >> r & 1 == 1 {
                        let mut p = *t;
                        p[r] += 2;
                        with_pair.insert(p);
                    }
                }
            }
            targets.push(with_pair.into_iter().collect());
        }
        SuitTargets {
            ranks,
            max_melds,
            targets,
        }
    }

    /// The targets of `melds` melds and `pair` pair.
    pub fn targets(&self, melds: u32, pair: bool) -> &[[u8; 9]] {
        &self.targets[melds as usize * 2 + pair as usize]
    }

    /// [`suit_distance_spec`] by a scan of the target list.
    pub fn distance(
        &self,
        counts: &[u8],
        melds: u32,
        pair: bool,
        max_fifth: Option<u32>,
    ) -> Option<u32> {
        assert_eq!(counts.len(), self.ranks);
        assert!(melds <= self.max_melds);
        self.targets(melds, pair)
            .iter()
            .filter(|t| max_fifth.is_none_or(|m| fifth(t) <= m))
            .map(|t| {
                (0..self.ranks)
                    .map(|r| t[r].saturating_sub(counts[r]) as u32)
                    .sum::<u32>()
            })
            .min()
    }

    /// The distance of every count vector with at most 4 per rank at once,
    /// indexed by the base-5 key Σ counts[r]·5^r (`u32::MAX`: none), for the
    /// exhaustive runs. Equal to [`SuitTargets::distance`] (the tests check
    /// it on samples), by this argument: for counts c ≤ 4 and a target t,
    /// with u = min(t, 4) per rank, Σ max(0, t − c) = fifth(t) + |u| − |u ∧ c|
    /// (a rank above 4 misses t − 4 more than u does). And |u| − |u ∧ c| is
    /// the least |u| − |v| over v ≤ u, v ≤ c. So the distance of c is the
    /// least, over v ≤ c, of (least over u ≥ v of h(u)) − |v|, where h(u) is
    /// the least fifth(t) + |u| over qualifying targets t clipping to u: a
    /// suffix minimum then a prefix minimum over the 5^ranks grid, one rank
    /// at a time.
    pub fn all_distances(&self, melds: u32, pair: bool, max_fifth: Option<u32>) -> Vec<u32> {
        let n = self.ranks;
        let size = 5usize.pow(n as u32);
        let pow: Vec<usize> = (0..n).map(|r| 5usize.pow(r as u32)).collect();
        let mut g = vec![u32::MAX; size];
        for t in self.targets(melds, pair) {
            let f = fifth(t);
            if max_fifth.is_some_and(|m| f > m) {
                continue;
            }
            let key: usize = (0..n).map(|r| t[r].min(4) as usize * pow[r]).sum();
            let clipped: u32 = (0..n).map(|r| t[r].min(4) as u32).sum();
            g[key] = g[key].min(f + clipped);
        }
        // Least over u ≥ v, rank by rank (digit 3 down to 0 reads digit + 1).
        for &p in &pow {
            for key in (0..size).rev() {
                if key / p % 5 < 4 {
                    g[key] = g[key].min(g[key + p]);
                }
            }
        }
        for (key, v) in g.iter_mut().enumerate() {
            if *v != u32::MAX {
                let tiles: u32 = (0..n).map(|r| (key / pow[r] % 5) as u32).sum();
                *v -= tiles;
            }
        }
        // Least over v ≤ c, rank by rank.
        for &p in &pow {
            for key in 0..size {
                if key / p % 5 > 0 {
                    g[key] = g[key].min(g[key - p]);
                }
            }
        }
        g
    }
}

/// Fifth copies of a target: Σ max(0, t_r − 4).
fn fifth(t: &[u8; 9]) -> u32 {
    t.iter().map(|&c| c.saturating_sub(4) as u32).sum()
}
