//! Seven pairs (七对): fourteen tiles in seven pairs, by counting. With
//! `seven_pairs_quads` a kind held four times is two pairs; without it
//! the pairs must differ.
//!
//! A kind held an odd number of times needs one joker; the jokers left
//! over pair with each other. So the natural tiles win with exactly
//! `14 - natural` jokers when no more kinds are odd than that (and, with
//! different pairs, no kind is held more than twice).

use crate::form::judge::{Judge, RevealSplit, WaitOptions};
use crate::form::kind::Form;
use crate::group::{Group, GroupKind, GroupList, SplitSink};
use crate::position::Position;
use crate::rules::compiled::{Resolved, Rules, PAIRS_TABLE};
use crate::swar::SuitWords;
use crate::tables::{CountedFields, SuitProfile, PAIRS_INDEXES};
use crate::tile::{Tile, KINDS};

/// Do the natural tiles `words` and `jokers` make seven pairs, given that
/// they are fourteen tiles?
#[inline(always)]
pub(crate) fn fits(rules: &Rules, words: &SuitWords, jokers: u32) -> bool {
    // Without jokers (the common hand) one test of the low bits decides.
    let odd_fit = if jokers == 0 {
        !words.any_odd()
    } else {
        words.odd_kinds() <= jokers
    };
    odd_fit && (rules.seven_pairs_quads || !words.any_over_two())
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles make seven
/// pairs: at most one, `14 - natural`.
#[inline(always)]
pub(crate) fn win_mask(rules: &Rules, pos: &Position) -> u32 {
    match 14u32.checked_sub(pos.natural) {
        Some(j) => (fits(rules, &pos.words, j) as u32) << j,
        None => 0,
    }
}

/// Does `pos` (natural tiles and jokers) make seven pairs?
#[inline(always)]
pub(crate) fn wins(rules: &Rules, pos: &Position) -> bool {
    pos.total() == 14 && fits(rules, &pos.words, pos.jokers as u32)
}

/// Can the natural tiles `words` and `jokers` (any even size) be grouped
/// into pairs, different ones unless the rules count quads?
pub(crate) fn pairs_up(rules: &Rules, words: &SuitWords, jokers: u8) -> bool {
    let odd = words.odd_kinds();
    (rules.seven_pairs_quads || !words.any_over_two())
        && odd <= jokers as u32
        && (jokers as u32 - odd) % 2 == 0
}

/// The kinds whose draw makes the 13-tile `pos` seven pairs: a new tile
/// flips its kind's parity, and the hand wins when the odd kinds are at
/// most the jokers (with different pairs, when no kind reaches three).
/// Kinds held four times are included when a fifth copy would win; the
/// caller decides whether they may be drawn.
#[inline]
pub(crate) fn waits(rules: &Rules, pos: &Position) -> u64 {
    if pos.total() != 13 {
        return 0;
    }
    let words = &pos.words;
    let quads = rules.seven_pairs_quads;
    if !quads && words.any_over_two() {
        return 0;
    }
    let odd_kinds = words.odd_kinds() as i32;
    let j = pos.jokers as i32;
    // Drawing an odd kind needs odd - 1 jokers, an even kind odd + 1.
    if odd_kinds > j + 1 {
        return 0;
    }
    let odd = words.kinds_with_bit(0);
    let mut waits = if odd_kinds > 0 { odd } else { 0 };
    if odd_kinds < j {
        let mut even = ((1u64 << KINDS) - 1) & !odd;
        if !quads {
            // A third copy makes no pair of a different kind.
            even &= !words.kinds_with_bit(1);
        }
        waits |= even;
    }
    waits
}

/// Every seven-pairs split of the winning `pos`: for each kind held `c`
/// times, `a` natural pairs and `b` pairs of a natural and a joker (`2a +
/// b = c`); jokers left over pair up. With different pairs, one pair per
/// kind; with `joker_fifth_copy = false`, at most four copies of a kind.
/// Each split is produced once: the choices per kind are disjoint.
pub(crate) fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
    let counts = pos.counts();
    let mut walk = Walk {
        counts: &counts,
        quads: rules.seven_pairs_quads,
        cap: if rules.joker_fifth_copy { u8::MAX } else { 4 },
        groups: GroupList::new(),
        out,
    };
    walk.go(pos.words.nonzero().kinds_with_bit(0), pos.jokers);
}

struct Walk<'a, 'v> {
    counts: &'a [u8; KINDS],
    quads: bool,
    cap: u8,
    groups: GroupList,
    out: &'a mut SplitSink<'v>,
}

impl Walk<'_, '_> {
    /// Pairs up the kinds of `held` (bits), lowest first, with `left`
    /// jokers left.
    fn go(&mut self, held: u64, left: u8) {
        if self.out.full() {
            return;
        }
        if held == 0 {
            if left % 2 == 0 {
                let found = self.groups.len();
                for _ in 0..left / 2 {
                    self.groups.push(Group::unresolved(GroupKind::Pair));
                }
                self.out.push_list(Form::SevenPairs, self.groups.as_slice());
                self.groups.truncate(found);
            }
            return;
        }
        let i = held.trailing_zeros() as usize;
        let t = Tile::from_index(i).expect("held index");
        let c = self.counts[i];
        for natural_pairs in 0..=c / 2 {
            let with_joker = c - 2 * natural_pairs;
            if with_joker > left
                || (!self.quads && natural_pairs + with_joker > 1)
                || c + with_joker > self.cap
            {
                continue;
            }
            for _ in 0..natural_pairs {
                self.groups.push(Group::same(GroupKind::Pair, t, 2));
            }
            for _ in 0..with_joker {
                self.groups.push(Group::same(GroupKind::Pair, t, 1));
            }
            self.go(held & (held - 1), left - with_joker);
            for _ in 0..natural_pairs + with_joker {
                self.groups.pop();
            }
        }
    }
}

/// The reveal's grouping test for seven pairs: the hidden part pairs
/// up, and the shown part plus each wait pairs up, with different pairs
/// across both parts unless quads count.
pub(crate) fn hides(rules: &Rules, split: &RevealSplit) -> bool {
    let (h, hj) = split.hidden;
    let (s, sj) = split.shown;
    let size = split.hidden_size();
    let whole = size + s.iter().map(|&c| c as u32).sum::<u32>() + sj as u32;
    if whole != 13 || size % 2 != 0 || !pairs_up(rules, &SuitWords::load(h), hj) {
        return false;
    }
    split.shown_completes(|with, jokers| {
        // Different pairs: no kind may have natural tiles on both sides.
        pairs_up(rules, &SuitWords::load(with), jokers)
            && (rules.seven_pairs_quads || (0..KINDS).all(|i| with[i] == 0 || h[i] == 0))
    })
}

/// The fewest tiles missing from seven pairs for `whole` pairs held and
/// `single` kinds held once (or, with quads, an odd number of times):
/// each pair is two kept copies, or one kept copy and a missing one, or
/// two missing; at most seven count.
#[inline(always)]
const fn missing(whole: u32, single: u32) -> u8 {
    let whole = if whole < 7 { whole } else { 7 };
    let room = 7 - whole;
    (14 - 2 * whole - if single < room { single } else { room }) as u8
}

/// The fewest tiles missing from seven pairs for a hand's `natural`
/// natural tiles (the target has 14 tiles; the caller checks the hand's
/// size), any of them dropped, from the four suits' counted fields added
/// up (`counted`), without a suit limit: with quads a kind gives as many pairs as it holds twos, else
/// at most one.
/// Read from [`DISTINCT_MISSING`] or [`QUADS_MISSING`], which it fills.
pub(crate) const fn distance_counted(quads: bool, natural: u32, counted: CountedFields) -> u8 {
    if quads {
        let odd = counted.odd();
        missing((natural - odd) / 2, odd)
    } else {
        missing(counted.pairs(), counted.singles())
    }
}

/// [`distance_counted`] without quads as a table, at [`table_index`]: for
/// each [`CountedFields::pairs_index`] (the kinds held twice or more and
/// once).
pub(crate) static DISTINCT_MISSING: [u8; TABLE] = {
    let mut t = [u8::MAX; TABLE];
    let mut c = 0;
    while c < PAIRS_INDEXES {
        t[c] = distance_counted(false, 0, CountedFields::from_pairs_index(c));
        c += 1;
    }
    t
};

/// [`distance_counted`] with quads as a table, at [`table_index`]: for
/// each count of natural tiles (at most 14) and of kinds held an odd
/// number of times.
pub(crate) static QUADS_MISSING: [u8; TABLE] = {
    let mut t = [u8::MAX; TABLE];
    let mut natural = 0;
    while natural <= 14 {
        let mut odd = 0;
        while odd <= natural {
            t[(natural << 4 | odd) as usize] =
                distance_counted(true, natural, CountedFields::from_odd(odd));
            odd += 1;
        }
        natural += 1;
    }
    t
};

/// The size of the tables of [`DISTINCT_MISSING`] and [`QUADS_MISSING`].
pub(crate) const TABLE: usize = PAIRS_TABLE;

/// Where [`DISTINCT_MISSING`] (or, with `quads`, [`QUADS_MISSING`]) holds
/// the distance of a hand of `natural` natural tiles (at most 14) whose
/// suits' counted fields add up to `counted`.
#[inline(always)]
pub(crate) fn table_index(quads: bool, natural: u32, counted: CountedFields) -> usize {
    if quads {
        (natural << 4 | counted.odd()) as usize & (TABLE - 1)
    } else {
        counted.pairs_index()
    }
}

/// [`distance_counted`] for `pos` under a suit limit (the rules hold
/// fewer than three numbered suits): the suits kept are chosen too.
#[inline(never)]
pub(crate) fn distance_limited(rules: &Rules, pos: &Position) -> u8 {
    let counts = pos.counts();
    let quads = rules.seven_pairs_quads;
    // Whole pairs and single copies per suit.
    let mut whole = [0u32; 4];
    let mut single = [0u32; 4];
    for (i, &c) in counts.iter().enumerate() {
        let s = (i / 9).min(3);
        if quads {
            whole[s] += c as u32 / 2;
            single[s] += c as u32 % 2;
        } else {
            whole[s] += (c >= 2) as u32;
            single[s] += (c == 1) as u32;
        }
    }
    let limit = rules.derived.suit_limit;
    (0u32..8)
        .filter(|kept| kept.count_ones() <= limit)
        .map(|kept| {
            let used = kept | 1 << 3;
            let (w, h) = (0..4)
                .filter(|s| used >> s & 1 == 1)
                .fold((0, 0), |(w, h), s| (w + whole[s], h + single[s]));
            missing(w, h)
        })
        .min()
        .unwrap_or(14)
}

/// Seven pairs' answers ([`Judge`]).
pub(crate) struct SevenPairs;

impl Judge for SevenPairs {
    const FORM: Form = Form::SevenPairs;
    const TAKES_MELDS: bool = false;

    fn never_wins(r: &Resolved) -> Option<&'static str> {
        let kinds_needed = if r.seven_pairs_quads { 1 } else { 7 };
        (!r.fourteen())
            .then_some("seven-pairs: hands have at most max_tiles tiles, below 14")
            .or((r.tiles.len() < kinds_needed)
                .then_some("seven-pairs: fewer than seven kinds in play"))
    }

    #[inline(always)]
    fn win_mask(rules: &Rules, pos: &Position) -> u32 {
        win_mask(rules, pos)
    }

    #[inline(always)]
    fn wins(rules: &Rules, pos: &Position) -> bool {
        wins(rules, pos)
    }

    #[inline(always)]
    fn waits(rules: &Rules, pos: &Position, _open: u32, _options: WaitOptions) -> u64 {
        waits(rules, pos)
    }

    fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
        splits(rules, pos, out)
    }

    fn hides(rules: &Rules, split: &RevealSplit) -> bool {
        hides(rules, split)
    }

    #[inline(always)]
    fn distance(rules: &Rules, pos: &Position, suits: &[SuitProfile; 4], _below: u8) -> u8 {
        if pos.has_melds() || (pos.total() as usize).saturating_sub(1) / 3 != 4 {
            return u8::MAX;
        }
        if rules.derived.suit_limit < 3 {
            return distance_limited(rules, pos);
        }
        let counted = CountedFields::of_hand(suits);
        let quads = rules.seven_pairs_quads;
        let table = if quads {
            &QUADS_MISSING
        } else {
            &DISTINCT_MISSING
        };
        table[table_index(quads, pos.natural, counted)]
    }
}
