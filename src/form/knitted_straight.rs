//! The knitted straight (组合龙, GB): the nine tiles of one assignment
//! (`knitted.rs`) plus one meld and a pair, fourteen tiles, by counting and
//! the standard form's tables.
//!
//! For each assignment, the knitted group takes
//! one copy of each of its nine kinds the hand holds, and a joker for each
//! kind it lacks. Taking the natural copy is never worse: a completion that
//! puts a joker in the knitted group and the natural copy in the meld or
//! pair swaps the two and stays a completion of the same tiles. What is
//! left (five tiles, jokers included) must be one meld and a pair, which is
//! the standard form's question: the remainder's suit keys are the hand's
//! minus the taken tiles, and its need is read from the same tables, so the
//! meld and pair follow the standard form's rules (`pair_ranks`,
//! `honor_sequences`, `joker_fifth_copy`). The cap on copies needs nothing
//! more: the meld and pair hold at most three copies of a kind unless they
//! hold five (a triplet and a pair of one kind, which the capped tables
//! refuse), so with the knitted copy no kind goes above four.
//!
//! The meld may be declared: the concealed part is then the nine knitted
//! tiles and the pair (11 tiles), judged by counting over the six
//! assignments and the pairs (`declared_*` below).

use crate::form::judge::{judged_on_a_copy, waits_by_draws, Judge, RevealSplit, WaitOptions};
use crate::form::kind::Form;
use crate::form::knitted::{
    at_most, for_subsets, held, lacks_at_most, ASSIGNMENTS, ASSIGNMENT_ONES,
};
use crate::form::standard;
use crate::group::{Group, GroupKind, Split, SplitSink};
use crate::position::Position;
use crate::rules::compiled::{Resolved, Rules};
use crate::swar::SuitWords;
use crate::tables::{Distance, SuitProfile};
use crate::tile::{Suit, KINDS};

/// For assignment `a` of `pos`: the remainder once the knitted group took
/// one copy of each of its kinds held, and the jokers the group needs for
/// the kinds not held (possibly more than the hand has).
#[inline(always)]
fn remainder(rules: &Rules, pos: &Position, a: usize) -> (Position, u8) {
    let taken = pos.words.nonzero().and(&ASSIGNMENT_ONES[a]);
    let missing = 9 - taken.total();
    let words = pos.words.minus(&taken);
    let natural = pos.natural - (9 - missing);
    let jokers = pos.jokers.saturating_sub(missing as u8);
    (rules.position(words, jokers, natural, 0, 0), missing as u8)
}

/// Does the 14-tile `pos` make a knitted straight with `jokers` jokers?
#[inline]
fn straight_fits(rules: &Rules, pos: &Position, jokers: u8) -> bool {
    let held = held(&pos.words);
    (0..6).any(|a| {
        // The kinds the group lacks, before the remainder's look-ups.
        if !lacks_at_most(held, ASSIGNMENTS[a], jokers as u32) {
            return false;
        }
        let (rest, missing) = remainder(rules, pos, a);
        missing <= jokers && standard::need_of(rules, &rest) <= jokers - missing
    })
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles make a
/// knitted straight: at most one, `14 - natural`.
#[inline]
pub(crate) fn straight_win_mask(rules: &Rules, pos: &Position) -> u32 {
    match 14u32.checked_sub(pos.natural) {
        Some(j) => (straight_fits(rules, pos, j as u8) as u32) << j,
        None => 0,
    }
}

/// Does `pos` (natural tiles and jokers) make a knitted straight?
#[inline]
pub(crate) fn straight_wins(rules: &Rules, pos: &Position) -> bool {
    pos.total() == 14 && straight_fits(rules, pos, pos.jokers)
}

/// The kinds whose draw makes the 13-tile `pos` a knitted straight. For
/// each assignment, a drawn tile either fills a knitted kind not held (the
/// remainder keeps its tiles and gains the joker that kind needed) or
/// joins the remainder (the standard form's waits of the remainder).
/// Kinds held four times are masked by the caller unless the rules count
/// a fifth copy; five natural copies never complete under
/// `joker_fifth_copy = false`.
#[inline]
pub(crate) fn straight_waits(rules: &Rules, pos: &Position, options: WaitOptions) -> u64 {
    if pos.total() != 13 {
        return 0;
    }
    let held = held(&pos.words);
    let mut waits = 0u64;
    for (a, &kinds) in ASSIGNMENTS.iter().enumerate() {
        // A draw fills at most one kind the group lacks.
        if !lacks_at_most(held, kinds, pos.jokers as u32 + 1) {
            continue;
        }
        let (rest, missing) = remainder(rules, pos, a);
        let j = pos.jokers as i32 - missing as i32;
        if j < -1 {
            continue;
        }
        if standard::need_of(rules, &rest) as i32 <= j + 1 {
            waits |= kinds & !held;
        }
        if j >= 0 {
            waits |= standard::waits(rules, &rest, 15, options);
        }
    }
    if !rules.joker_fifth_copy && pos.words.any_four() {
        waits &= !pos.words.kinds_with_bit(2);
    }
    waits
}

/// Every knitted-straight split of the winning `pos`: for each assignment,
/// the knitted group takes each kind it holds either naturally or as a
/// joker (the natural copy then joins the meld or pair), each kind it lacks
/// as a joker; the remainder's standard splits complete it. Each split is
/// produced once: the knitted groups of two passes differ.
pub(crate) fn straight_splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
    let held = held(&pos.words);
    for &kinds in &ASSIGNMENTS {
        let taken = held & kinds;
        let missing = 9 - taken.count_ones() as u8;
        let Some(spare) = pos.jokers.checked_sub(missing) else {
            continue;
        };
        // `as_jokers`: the held kinds the group takes as jokers.
        for_subsets(taken, spare as u32, &mut |as_jokers| {
            if out.full() {
                return;
            }
            let natural = taken & !as_jokers;
            let words = pos.words.minus(&SuitWords::ones(natural));
            let jokers = spare - as_jokers.count_ones() as u8;
            let rest = rules.position(words, jokers, pos.natural - natural.count_ones(), 0, 0);
            if standard::need_of(rules, &rest) > jokers {
                return;
            }
            let group = Group::knitted(GroupKind::Knitted, kinds, kinds & !natural);
            let mut inner = SplitSink::new(usize::MAX);
            standard::splits(rules, &rest, &mut inner);
            for split in inner.into_splits() {
                let mut groups = split.groups;
                groups.push(group);
                out.push(Split::new(Form::KnittedStraight, groups));
            }
        });
    }
}

/// Can the tiles `counts` plus `jokers` be split into a knitted group
/// (when `knitted`), melds and a pair (when `pair`)? Any size.
fn completes(rules: &Rules, counts: &[u8; KINDS], jokers: u8, knitted: bool, pair: bool) -> bool {
    let size = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers as u32;
    let groups = if knitted { 9 } else { 0 } + if pair { 2 } else { 0 };
    if size < groups || (size - groups) % 3 != 0 {
        return false;
    }
    let need = |c: &[u8; KINDS]| {
        let needs = standard::needs_of(rules, c);
        if pair {
            standard::need(rules, &needs)
        } else {
            standard::melds_need(&needs)
        }
    };
    if !knitted {
        return need(counts) <= jokers;
    }
    ASSIGNMENTS.iter().any(|&kinds| {
        let mut rest = *counts;
        let mut missing = 0u8;
        for (i, c) in rest.iter_mut().enumerate() {
            if kinds >> i & 1 == 1 {
                match c.checked_sub(1) {
                    Some(n) => *c = n,
                    None => missing += 1,
                }
            }
        }
        missing <= jokers && need(&rest) <= jokers - missing
    })
}

/// The reveal's grouping test for the knitted straight: the hidden part
/// is complete groups of the form (the knitted group, a meld, the pair),
/// and the shown part plus each wait completes the others. The knitted
/// group sits on either side; its assignment may differ from wait to wait,
/// as the melds of the standard form's test may.
pub(crate) fn straight_hides(rules: &Rules, split: &RevealSplit) -> bool {
    let size = split.hidden_size();
    if size % 3 == 1 {
        return false;
    }
    let hidden_pair = size % 3 == 2;
    let (h, hj) = split.hidden;
    [true, false].into_iter().any(|knitted_hidden| {
        completes(rules, h, hj, knitted_hidden, hidden_pair)
            && split.shown_completes(|with, jokers| {
                completes(rules, with, jokers, !knitted_hidden, !hidden_pair)
            })
    })
}

/// The fewest tiles missing from a knitted straight (a 14-tile target)
/// for `pos`'s natural tiles, any of them dropped, or `below` if that is
/// fewer (an assignment that lacks as many kinds is not read further):
/// for each assignment, the knitted kinds not held, plus the standard
/// form's distance of the remainder to one meld and the pair (the natural
/// copy goes to the knitted group, as for the win). The remainder is read
/// within four copies; a joker as a fifth copy is counted on the
/// remainder's targets with the knitted copy included (`remainder_fifth`),
/// a cold path.
pub(crate) fn straight_distance(rules: &Rules, pos: &Position, below: u8) -> u8 {
    let fifths = standard::fifths(rules, pos);
    let mut best = below;
    for (a, ones) in ASSIGNMENT_ONES.iter().enumerate() {
        let taken = pos.words.nonzero().and(ones);
        let missing = 9 - taken.total() as u8;
        // The remainder misses none at best.
        if missing >= best {
            continue;
        }
        let rest = remainder_within(rules, pos, &taken);
        let mut d = standard::distance(rules, &rest, 1);
        if fifths > 0 && standard::flagged(rules, &rest) {
            d = d.min(remainder_fifth(rules, &rest.words, ASSIGNMENTS[a], fifths));
        }
        best = best.min(missing.saturating_add(d));
    }
    best
}

/// `pos` once the knitted group took the copies `taken`, with no joker and
/// every joker-kind copy counted held: no fifth copy to spend, so that its
/// distances are read within four copies ([`straight_distance`] counts a
/// fifth copy apart).
#[inline(always)]
fn remainder_within(rules: &Rules, pos: &Position, taken: &SuitWords) -> Position {
    let words = pos.words.minus(taken);
    let natural = pos.natural - taken.total();
    rules.position(words, 0, natural, 0, rules.derived.joker_copies)
}

/// A hand's knitted straight judged draw by draw: per assignment, the
/// knitted kinds it lacks and its remainder's suits (keys and
/// values), so that a draw changes one assignment's term by what it does
/// to one of the two ([`straight_distance`] after the draw).
pub(crate) struct StraightDraws {
    /// `[a]`: assignment `a`'s kinds the hand lacks (bits), its
    /// remainder's keys and profiles, and its term (the kinds
    /// lacked plus the remainder's distance to one meld and the pair).
    terms: [(u64, [usize; 4], [SuitProfile; 4], u8); 6],
}

impl StraightDraws {
    /// The straight of the 3N+1 hand `pos` (no declared melds), for draws
    /// judged against `below` ([`StraightDraws::below_after`]): an
    /// assignment that lacks more kinds is not read (its term is
    /// `u8::MAX`). `None` when a joker may stand for a fifth copy (the
    /// remainder's targets are then counted whole: [`straight_distance`]).
    pub(crate) fn of(rules: &Rules, pos: &Position, below: u8) -> Option<StraightDraws> {
        if standard::fifths(rules, pos) > 0 {
            return None;
        }
        let held = held(&pos.words);
        let terms = std::array::from_fn(|a| {
            let lacked = ASSIGNMENTS[a] & !held;
            // After a draw it would still lack `below` kinds at least.
            if lacked.count_ones() > below as u32 {
                return (lacked, [0; 4], [SuitProfile::NONE; 4], u8::MAX);
            }
            let taken = pos.words.nonzero().and(&ASSIGNMENT_ONES[a]);
            let rest = remainder_within(rules, pos, &taken);
            let res = standard::profiles(rules, &rest);
            let term =
                (lacked.count_ones() as u8).saturating_add(standard::distance(rules, &rest, 1));
            (lacked, rest.keys, res, term)
        });
        Some(StraightDraws { terms })
    }

    /// The hand's distance to a knitted straight ([`straight_distance`])
    /// when it is at most the bound given to [`StraightDraws::of`].
    pub(crate) fn least(&self) -> u8 {
        self.terms.iter().map(|t| t.3).min().unwrap_or(u8::MAX)
    }

    /// Is the distance below `below` after a draw of natural kind `i`
    /// (one the hand may draw)? A draw lowers a term by one at most: the
    /// kind joins the knitted group where the assignment lacks it, else the
    /// remainder.
    pub(crate) fn below_after(&self, rules: &Rules, i: usize, below: u8) -> bool {
        let (s, r) = (i / 9, i % 9);
        self.terms.iter().any(|&(lacked, keys, res, term)| {
            if term > below {
                return false;
            }
            if lacked >> i & 1 == 1 {
                return true;
            }
            let mut res = res;
            res[s] = rules
                .tables
                .profile_at(s, keys[s] + crate::tables::key::pow5(r), false);
            (lacked.count_ones() as u8).saturating_add(standard::combined_of(rules, &res, 1))
                < below
        })
    }
}

/// The remainder's distance to one meld and the pair when jokers may be
/// fifth copies (at most `fifths` of them): every meld and pair of kinds
/// in play, each kind's copies counted with the knitted group's (`knit`).
#[cold]
fn remainder_fifth(rules: &Rules, rest: &SuitWords, knit: u64, fifths: u32) -> u8 {
    let counts = rest.counts();
    let in_play = rules.tiles.bits();
    let melds: Vec<[usize; 3]> = standard::joker_meld_candidates(rules)
        .filter_map(|g| {
            let meld = g.slot_tiles::<3>()?.map(|t| t.index());
            meld.iter().all(|&t| in_play >> t & 1 == 1).then_some(meld)
        })
        .collect();
    let mut best = Distance::FAR;
    for meld in &melds {
        for pair in pair_kinds(rules) {
            // Only the target's kinds miss a copy or pass four (with the
            // knitted group's one).
            let kinds = meld.iter().fold(1u64 << pair, |m, &t| m | 1 << t);
            let mut missing = 0u32;
            let mut beyond = 0u32;
            for t in crate::swar::bits(kinds) {
                let target =
                    meld.iter().filter(|&&m| m == t).count() as u8 + 2 * u8::from(t == pair);
                missing += target.saturating_sub(counts[t]) as u32;
                let all = target as u32 + (knit >> t & 1) as u32;
                beyond += all.saturating_sub(4);
            }
            let cap = rules.joker_fifth_copy() || beyond == 0;
            if cap && beyond <= fifths {
                best = best.min(missing as u8);
            }
        }
    }
    best
}

/// Every concealed target of a knitted straight whose meld is declared:
/// an assignment's nine kinds (bits) and a pair kind the rules allow, with
/// the target as counts.
fn declared_targets(rules: &Rules) -> impl Iterator<Item = (u64, usize, [u8; KINDS])> + '_ {
    ASSIGNMENTS.iter().flat_map(move |&kinds| {
        pair_kinds(rules).map(move |pair| (kinds, pair, declared_target(kinds, pair)))
    })
}

/// The kinds the rules allow as a pair.
fn pair_kinds(rules: &Rules) -> impl Iterator<Item = usize> + Clone + '_ {
    (0..KINDS)
        .filter(move |&t| rules.tiles.bits() >> t & 1 == 1 && standard::pair_kind_ok(rules, t))
}

/// The concealed target of an assignment's nine kinds and a pair, as counts.
fn declared_target(kinds: u64, pair: usize) -> [u8; KINDS] {
    let mut target: [u8; KINDS] = std::array::from_fn(|i| (kinds >> i & 1) as u8);
    target[pair] += 2;
    target
}

/// The places of `target` beyond each kind's four copies, the declared
/// melds' copies (`melded`) included: only jokers fill them, and none may
/// exist under `joker_fifth_copy = false` (`None`).
fn beyond_melds(rules: &Rules, target: &[u8; KINDS], melded: &[u8; KINDS]) -> Option<u32> {
    let beyond: u32 = (0..KINDS)
        .map(|t| (target[t] + melded[t]).saturating_sub(4) as u32)
        .sum();
    (beyond == 0 || rules.joker_fifth_copy).then_some(beyond)
}

/// The targets of [`declared_targets`] that `pos`'s natural tiles lie
/// within and that fit beside its melds, as (assignment, pair kind): the
/// completions of `pos`, in the order of [`declared_targets`].
fn declared_fits<'a>(rules: &'a Rules, pos: &Position) -> impl Iterator<Item = (u64, usize)> + 'a {
    let held = held_more_than(pos);
    let melds = pos.melds;
    // Without exactly one meld no target fits: none is built.
    let one_meld = pos.melds.len() == 1 && pos.natural <= 11;
    let assignments = if one_meld { ASSIGNMENTS.len() } else { 0 };
    ASSIGNMENTS
        .iter()
        .take(assignments)
        .flat_map(move |&kinds| {
            // Only the pair may hold a kind beyond the assignment (so at
            // most one), two copies more at most.
            let over = beyond_assignment(&held, kinds);
            let mut candidates = match over.count_ones() {
                0 => pair_kinds(rules).fold(0u64, |m, t| m | 1 << t),
                1 => pair_kinds(rules).fold(0u64, |m, t| m | 1 << t) & over,
                _ => 0,
            };
            candidates &= !((held[2] & !kinds) | (held[3] & kinds));
            crate::swar::bits(candidates)
                .filter(move |&pair| {
                    // The target's copies and the meld's: at most four
                    // of a kind unless jokers may be fifth copies.
                    let melded = melds.counts();
                    rules.joker_fifth_copy
                        || (0..KINDS).all(|t| {
                            let target = (kinds >> t & 1) as u8 + 2 * (t == pair) as u8;
                            target + melded[t] <= 4
                        })
                })
                .map(move |pair| (kinds, pair))
        })
}

/// Can a draw complete `pos` as a knitted straight beside its one meld?
/// Not when, for every assignment, two kinds or more are held beyond its
/// one copy each: a draw only adds to them, and only the pair's kind may
/// be one.
fn declared_within_a_draw(pos: &Position) -> bool {
    let held = held_more_than(pos);
    pos.melds.len() == 1
        && ASSIGNMENTS
            .iter()
            .any(|&kinds| at_most(beyond_assignment(&held, kinds), 1))
}

/// The kinds held beyond an assignment's one copy each (its `kinds`),
/// from [`held_more_than`]'s `held`.
fn beyond_assignment(held: &[u64; 4], kinds: u64) -> u64 {
    (held[0] & !kinds) | (held[1] & kinds)
}

/// The kinds `pos` holds more than n times, for n = 0–3 (bit t: kind t),
/// from the bits of the counts (at most four).
fn held_more_than(pos: &Position) -> [u64; 4] {
    let bit = |b| pos.words.kinds_with_bit(b);
    let (b0, b1, b2) = (bit(0), bit(1), bit(2));
    [b0 | b1 | b2, b1 | b2, b2 | (b1 & b0), b2]
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles make a
/// knitted straight with its one meld declared: at most one, `11 -
/// natural`.
pub(crate) fn declared_win_mask(rules: &Rules, pos: &Position) -> u32 {
    // Each knitted kind lacking takes one of the jokers: the cheap test
    // first.
    let held = held(&pos.words);
    let jokers = 11u32.saturating_sub(pos.natural);
    if !ASSIGNMENTS
        .iter()
        .any(|&kinds| lacks_at_most(held, kinds, jokers))
    {
        return 0;
    }
    match declared_fits(rules, pos).next() {
        Some(_) => 1 << (11 - pos.natural),
        None => 0,
    }
}

/// The fewest tiles missing from a knitted straight with its meld
/// declared (an 11-tile concealed target) for `pos`'s natural tiles, any
/// of them dropped; the places beyond a kind's four copies (the melds'
/// included) are jokers, at most the fifth copies the hand may spend.
pub(crate) fn declared_distance(rules: &Rules, pos: &Position) -> u8 {
    if pos.melds.len() != 1 {
        return u8::MAX;
    }
    let counts = pos.counts();
    let melded = pos.melds.counts();
    let fifths = standard::fifths(rules, pos);
    declared_targets(rules)
        .filter(|(_, _, target)| beyond_melds(rules, target, &melded).is_some_and(|b| b <= fifths))
        .map(|(_, _, target)| {
            (0..KINDS)
                .map(|t| target[t].saturating_sub(counts[t]))
                .sum::<u8>()
        })
        .min()
        .unwrap_or(u8::MAX)
}

/// The splits of a knitted straight with its meld declared (the caller
/// adds the meld): the knitted group and the pair, jokers resolved. When
/// the pair's kind is also a knitted kind, its natural copies may sit in
/// either group: each way is a split of its own. A pair of jokers only
/// stays unresolved (`**`): the split it makes with an assignment's
/// knitted group is one, whatever kind the pair could be, and is found
/// once.
pub(crate) fn declared_splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
    if pos.natural + pos.jokers as u32 != 11 {
        return;
    }
    let counts = pos.counts();
    let mut joker_pair_beside = None;
    for (kinds, pair) in declared_fits(rules, pos) {
        if out.full() {
            return;
        }
        let knitted_pair = kinds >> pair & 1 == 1;
        let others = (0..KINDS)
            .filter(|&t| t != pair && kinds >> t & 1 == 1 && counts[t] > 0)
            .fold(0u64, |m, t| m | 1 << t);
        for in_knit in 0..=(knitted_pair as u8).min(counts[pair]) {
            let in_pair = counts[pair] - in_knit;
            if in_pair > 2 {
                continue;
            }
            let knit_held = others | (in_knit as u64) << pair;
            let tile = crate::tile::Tile::from_index(pair).expect("a tile");
            let pair_group = match in_pair {
                0 if joker_pair_beside == Some(kinds) => continue,
                0 => {
                    joker_pair_beside = Some(kinds);
                    Group::unresolved(GroupKind::Pair)
                }
                n => Group::same(GroupKind::Pair, tile, n as usize),
            };
            out.push(Split::new(
                Form::KnittedStraight,
                vec![
                    Group::knitted(GroupKind::Knitted, kinds, kinds & !knit_held),
                    pair_group,
                ],
            ));
        }
    }
}

/// The knitted straight's answers ([`Judge`]).
pub(crate) struct KnittedStraight;

/// The judgements behind [`KnittedStraight`]'s hot [`Judge`] methods, out
/// of line and on a copy of the position (`judged_on_a_copy!`).
impl KnittedStraight {
    #[inline(never)]
    fn win_mask_of(rules: &Rules, pos: Position) -> u32 {
        if pos.has_melds() {
            return declared_win_mask(rules, &pos);
        }
        straight_win_mask(rules, &pos)
    }

    #[cold]
    #[inline(never)]
    fn wins_of(rules: &Rules, pos: Position) -> bool {
        if pos.has_melds() {
            return declared_win_mask(rules, &pos) >> pos.jokers & 1 == 1;
        }
        straight_wins(rules, &pos)
    }

    #[inline(never)]
    fn waits_of(rules: &Rules, pos: Position, options: WaitOptions) -> u64 {
        if pos.has_melds() {
            if !declared_within_a_draw(&pos) {
                return 0;
            }
            return waits_by_draws(rules, &pos, declared_win_mask);
        }
        straight_waits(rules, &pos, options)
    }
}

impl Judge for KnittedStraight {
    const FORM: Form = Form::KnittedStraight;
    const TAKES_MELDS: bool = true;
    const COSTLY: bool = true;

    fn never_wins(r: &Resolved) -> Option<&'static str> {
        (!r.fourteen())
            .then_some("knitted-straight: hands have at most max_tiles tiles, below 14")
            .or((!r.three_suits_in_play())
                .then_some("knitted-straight: the three numbered suits are not all in play"))
            .or((!r.three_suits_allowed()).then_some(
                "knitted-straight: max_suits is below 3, and the form holds the three numbered suits",
            ))
            .or((!Suit::ALL.into_iter().any(|s| r.may_hold_pair(s)))
                .then_some("knitted-straight: no kind in play may be the pair"))
    }

    /// Fourteen tiles, or eleven beside one declared meld.
    fn win_sizes(_r: &Resolved, melds: usize) -> u64 {
        match melds {
            0 => 1 << 14,
            1 => 1 << 11,
            _ => 0,
        }
    }

    judged_on_a_copy!();

    fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
        if pos.has_melds() {
            return declared_splits(rules, pos, out);
        }
        straight_splits(rules, pos, out)
    }

    fn hides(rules: &Rules, split: &RevealSplit) -> bool {
        straight_hides(rules, split)
    }

    #[inline(never)]
    fn distance(rules: &Rules, pos: &Position, _suits: &[SuitProfile; 4], below: u8) -> u8 {
        let k = (pos.total() as usize).saturating_sub(1) / 3;
        match (pos.has_melds(), k) {
            (true, 3) => declared_distance(rules, pos),
            (false, 4) => straight_distance(rules, pos, below),
            _ => u8::MAX,
        }
    }
}
