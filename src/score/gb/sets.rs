//! The fans of a reading's sets: chows and pungs combined (一般高 to
//! 一色四同顺, 双同刻 to 一色四节高), the honour pungs, the kongs, the
//! concealed pungs, and the fans of the sets' make-up (碰碰和, 平和,
//! 全带幺, 全带五, 全双刻, the two terminal-chow hands).
//!
//! # Combining sets
//! Chows combine with chows, pungs with pungs, by the rulebook's
//! principles:
//! - a fan of four sets (一色四同顺, 一色四步高, 一色双龙会, 三色双龙会,
//!   一色四节高) takes them all: nothing else combines them;
//! - else a fan of three sets, and the fourth set combines once with one
//!   of the three into a fan of two (套算一次);
//! - else fans of two sets: every set already combined may combine once
//!   more, with a set not yet combined (套算一次), so the combinations
//!   chosen never close a circle, and no set takes the same fan twice
//!   (不重复).
//!
//! Of every choice the one scoring most counts (就高不就低).

use super::fans::{Fan, FanCounts};
use super::principles;
use crate::score::reading::{Reading, Set, SetKind, Shape};
use crate::tile::{sets, Suit, Tile};

/// A chow or a suited pung as combination sees it: suit and rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Key {
    suit: Suit,
    rank: u8,
}

impl Key {
    fn of(t: Tile) -> Key {
        Key {
            suit: t.suit(),
            rank: t.rank(),
        }
    }
}

/// Is `ranks` (sorted) `r, r+d, r+2d, ...` for `d` in `steps`?
fn stepped(ranks: &[u8], steps: &[u8]) -> bool {
    steps
        .iter()
        .any(|&d| ranks.windows(2).all(|w| w[1] == w[0] + d))
}

/// The three keys' suits all differ.
fn three_suits(k: &[Key]) -> bool {
    k[0].suit != k[1].suit && k[1].suit != k[2].suit && k[0].suit != k[2].suit
}

/// The ranks of three keys, sorted.
fn sorted_ranks3(k: &[Key; 3]) -> [u8; 3] {
    let [a, b, c] = k.map(|k| k.rank);
    let (lo, hi) = (a.min(b).min(c), a.max(b).max(c));
    [lo, a + b + c - lo - hi, hi]
}

fn sorted_ranks<const N: usize>(k: &[Key; N]) -> [u8; N] {
    let mut r = k.map(|k| k.rank);
    r.sort_unstable();
    r
}

/// The fans of two sets in the rulebook's order (its fans 65, 69–72).
const RULEBOOK_ORDER: [Fan; 5] = [
    Fan::DoublePung,
    Fan::PureDoubleChow,
    Fan::MixedDoubleChow,
    Fan::ShortStraight,
    Fan::TwoTerminalChows,
];

/// A choice's fans as rulebook positions, sorted (smaller is preferred).
fn order_key(c: &[Option<Fan>; 3]) -> [usize; 3] {
    let mut k = c.map(|f| {
        f.map_or(usize::MAX, |f| {
            RULEBOOK_ORDER
                .iter()
                .position(|&o| o == f)
                .unwrap_or(usize::MAX - 1)
        })
    });
    k.sort_unstable();
    k
}

/// The fans of two and of three sets of one sort: chows, or suited pungs.
trait Combination {
    /// The fan of two sets, if any.
    fn two(a: Key, b: Key) -> Option<Fan>;
    /// The fan of three sets, if any.
    fn three(k: [Key; 3]) -> Option<Fan>;
}

/// Chows combined.
struct Chows;

impl Combination for Chows {
    /// The fan of two chows, if any.
    #[inline(always)]
    fn two(a: Key, b: Key) -> Option<Fan> {
        let (lo, hi) = (a.rank.min(b.rank), a.rank.max(b.rank));
        if a.suit != b.suit {
            return (a.rank == b.rank).then_some(Fan::MixedDoubleChow);
        }
        match hi - lo {
            0 => Some(Fan::PureDoubleChow),
            3 => Some(Fan::ShortStraight),
            6 => Some(Fan::TwoTerminalChows),
            _ => None,
        }
    }

    /// The fan of three chows, if any.
    #[inline(always)]
    fn three(k: [Key; 3]) -> Option<Fan> {
        let r = sorted_ranks3(&k);
        if k.iter().all(|x| x.suit == k[0].suit) {
            if r[0] == r[2] {
                Some(Fan::PureTripleChow)
            } else if r == [1, 4, 7] {
                Some(Fan::PureStraight)
            } else if stepped(&r, &[1, 2]) {
                Some(Fan::PureShiftedChows)
            } else {
                None
            }
        } else if three_suits(&k) {
            if r[0] == r[2] {
                Some(Fan::MixedTripleChow)
            } else if r == [1, 4, 7] {
                Some(Fan::MixedStraight)
            } else if stepped(&r, &[1]) {
                Some(Fan::MixedShiftedChows)
            } else {
                None
            }
        } else {
            None
        }
    }
}

/// The fan of four chows (with the pair, for the terminal-chow hands).
fn chows4(k: [Key; 4], pair: Option<Tile>) -> Option<Fan> {
    let r = sorted_ranks(&k);
    let five_of = |suit: Suit| pair.is_some_and(|p| p.suit() == suit && p.rank() == 5);
    if k.iter().all(|x| x.suit == k[0].suit) {
        if r[0] == r[3] {
            return Some(Fan::QuadrupleChow);
        }
        if stepped(&r, &[1, 2]) {
            return Some(Fan::FourPureShiftedChows);
        }
        if r == [1, 1, 7, 7] && five_of(k[0].suit) {
            return Some(Fan::PureTerminalChows);
        }
        return None;
    }
    // 三色双龙会: 123 and 789 of two suits, the pair 55 of the third.
    // The chows' suits, bit `s` for suit `s`.
    let suits = k.iter().fold(0u8, |m, x| m | 1 << x.suit as u8);
    if suits.count_ones() == 2 && r == [1, 1, 7, 7] {
        let numbered = [Suit::Man, Suit::Pin, Suit::Sou];
        let held = |s: Suit| suits >> s as u8 & 1 == 1;
        let third = numbered.into_iter().find(|&s| !held(s));
        let each_has_both = numbered.into_iter().filter(|&s| held(s)).all(|s| {
            k.iter().any(|x| x.suit == s && x.rank == 1)
                && k.iter().any(|x| x.suit == s && x.rank == 7)
        });
        if each_has_both && third.is_some_and(five_of) {
            return Some(Fan::ThreeSuitedTerminalChows);
        }
    }
    None
}

/// Suited pungs combined.
struct Pungs;

impl Combination for Pungs {
    /// The fan of two suited pungs, if any.
    #[inline(always)]
    fn two(a: Key, b: Key) -> Option<Fan> {
        (a.suit != b.suit && a.rank == b.rank).then_some(Fan::DoublePung)
    }

    /// The fan of three suited pungs, if any.
    #[inline(always)]
    fn three(k: [Key; 3]) -> Option<Fan> {
        let r = sorted_ranks3(&k);
        if k.iter().all(|x| x.suit == k[0].suit) {
            stepped(&r, &[1]).then_some(Fan::PureShiftedPungs)
        } else if three_suits(&k) {
            if r[0] == r[2] {
                Some(Fan::TriplePung)
            } else if stepped(&r, &[1]) {
                Some(Fan::MixedShiftedPungs)
            } else {
                None
            }
        } else {
            None
        }
    }
}

/// The fan of four suited pungs, if any.
fn pungs4(k: [Key; 4]) -> Option<Fan> {
    let r = sorted_ranks(&k);
    (k.iter().all(|x| x.suit == k[0].suit) && stepped(&r, &[1]))
        .then_some(Fan::FourPureShiftedPungs)
}

/// A choice of fans: each fan at most three times.
type Choice = ([Option<Fan>; 3], u32);

fn choice_points(fans: &[Option<Fan>]) -> u32 {
    fans.iter().flatten().map(|f| f.points() as u32).sum()
}

/// Adds the fans of combining `keys` (chows, or suited pungs, as `C`
/// combines them) by the principles of the module docs to `out`: the
/// combination scoring most, or `four`, the fan of all four sets.
fn combine<C: Combination>(keys: &[Key], four: Option<Fan>, out: &mut FanCounts) {
    if let Some(f) = four {
        out.add(f);
        return;
    }
    // A fan of three sets first (with four sets, the fourth combined once
    // with one of them), else fans of two; two sets have one or none.
    let three = match *keys {
        [] | [_] => return,
        [a, b] => {
            if let Some(f) = C::two(a, b) {
                out.add(f);
            }
            return;
        }
        [a, b, c] => C::three([a, b, c]).map(|f| ([Some(f), None, None], f.points() as u32)),
        _ => three_and_one::<C>(keys),
    };
    let best = three.unwrap_or_else(|| pairs::<C>(keys));
    for f in best.0.into_iter().flatten() {
        out.add(f);
    }
}

/// Of four sets `keys`, the best choice of a fan of three of them and the
/// fourth set's fan with one of the three, if any three make a fan.
fn three_and_one<C: Combination>(keys: &[Key]) -> Option<Choice> {
    // The three sets other than each.
    const OTHERS: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];
    let mut best: Option<Choice> = None;
    for (skip, others) in OTHERS.iter().enumerate() {
        let Some(f) = C::three(others.map(|i| keys[i])) else {
            continue;
        };
        // The fourth set's fan with one of the three: one the fan of
        // three does not imply, the first in the rulebook's order
        // (一般高, 喜相逢, 连六, 老少副) when several are open.
        let extra = others
            .iter()
            .filter_map(|&i| C::two(keys[skip], keys[i]))
            .filter(|&g| !principles::implies(f, g))
            .min_by_key(|&g| RULEBOOK_ORDER.iter().position(|&o| o == g));
        let c = [Some(f), extra, None];
        let p = choice_points(&c);
        if best.is_none_or(|b| p > b.1) {
            best = Some((c, p));
        }
    }
    best
}

/// How many of at most six edges each choice (bit `e` for edge `e`) takes.
const EDGES_CHOSEN: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut mask = 0;
    while mask < 64 {
        t[mask] = (mask as u32).count_ones() as u8;
        mask += 1;
    }
    t
};

/// The fans of two sets: the edges chosen make no circle, and no set
/// takes one fan twice.
fn pairs<C: Combination>(keys: &[Key]) -> Choice {
    let n = keys.len().min(4);
    // At most six edges between four sets.
    let mut edges = [(0usize, 0usize, Fan::DoublePung); 6];
    let mut n_edges = 0;
    for i in 0..n {
        for j in i + 1..n {
            if let Some(f) = C::two(keys[i], keys[j]) {
                edges[n_edges] = (i, j, f);
                n_edges += 1;
            }
        }
    }
    let edges = &edges[..n_edges];
    let mut best: Choice = ([None; 3], 0);
    // One fan of two sets or none, the common cases: nothing to choose.
    if let [(_, _, f)] = edges {
        best = ([Some(*f), None, None], f.points() as u32);
    }
    if edges.len() < 2 {
        return best;
    }
    for mask in 1u32..1 << edges.len() {
        // At most three edges: a count from a table, not counted bit by
        // bit on the baseline x86-64.
        let size = EDGES_CHOSEN[mask as usize] as usize;
        if size > 3 {
            continue;
        }
        let mut picked = [&edges[0]; 3];
        for (slot, e) in picked
            .iter_mut()
            .zip((0..edges.len()).filter(|e| mask >> e & 1 == 1))
        {
            *slot = &edges[e];
        }
        let chosen = &picked[..size];
        // No circle: union-find over at most four sets.
        let mut root = [0usize, 1, 2, 3];
        fn find(root: &mut [usize; 4], x: usize) -> usize {
            let mut x = x;
            while root[x] != x {
                x = root[x];
            }
            x
        }
        let mut ok = true;
        for &&(i, j, _) in chosen {
            let (a, b) = (find(&mut root, i), find(&mut root, j));
            if a == b {
                ok = false;
                break;
            }
            root[a] = b;
        }
        // No set takes one fan twice.
        ok = ok
            && chosen.iter().enumerate().all(|(x, &&(i, j, f))| {
                chosen[x + 1..]
                    .iter()
                    .all(|&&(k, l, g)| g != f || (i != k && i != l && j != k && j != l))
            });
        if !ok {
            continue;
        }
        let mut c = [None; 3];
        for (slot, &&(_, _, f)) in chosen.iter().enumerate() {
            c[slot] = Some(f);
        }
        let p = choice_points(&c);
        // Equal points: the choice with more of the fans first in the
        // rulebook's order (一般高 before 喜相逢 before 连六 ...).
        if p > best.1 || (p == best.1 && p > 0 && order_key(&c) < order_key(&best.0)) {
            best = (c, p);
        }
    }
    best
}

/// Adds the fans of `reading`'s sets to `out`: combinations, honour
/// pungs, kongs, concealed pungs, and the make-up of the sets.
/// `seat` and `round` are the winds (`1z`–`4z`).
pub(crate) fn set_fans(reading: &Reading, seat: Tile, round: Tile, out: &mut FanCounts) {
    let sets = reading.sets();
    let pair = reading.pair;
    // The chows' keys, the pungs (kongs among them) and the suited pungs'
    // keys, on the stack: a reading has at most four sets.
    let blank = Key {
        suit: Suit::Man,
        rank: 0,
    };
    let (mut chow_keys, mut n_chows) = ([blank; 4], 0);
    let blank_set = Set {
        kind: SetKind::Pung,
        tile: Tile::nth(0),
        concealed: false,
        declared: false,
    };
    let (mut pung_sets, mut n_pungs) = ([blank_set; 4], 0);
    let (mut suited_keys, mut n_suited) = ([blank; 4], 0);
    for &s in sets {
        if s.is_pung() {
            pung_sets[n_pungs] = s;
            n_pungs += 1;
            if s.tile.suit() != Suit::Honor {
                suited_keys[n_suited] = Key::of(s.tile);
                n_suited += 1;
            }
        } else {
            chow_keys[n_chows] = Key::of(s.tile);
            n_chows += 1;
        }
    }
    let chows = &chow_keys[..n_chows];
    let pungs = &pung_sets[..n_pungs];
    let suited = &suited_keys[..n_suited];

    // Chows and suited pungs combined.
    let four_chows = match chows {
        &[a, b, c, d] => chows4([a, b, c, d], pair),
        _ => None,
    };
    combine::<Chows>(chows, four_chows, out);
    let four_pungs = match suited {
        &[a, b, c, d] => pungs4([a, b, c, d]),
        _ => None,
    };
    combine::<Pungs>(suited, four_pungs, out);

    // Honour pungs.
    let is_dragon = |t: Tile| sets::is_dragon(t.index());
    let is_wind = |t: Tile| sets::is_wind(t.index());
    let dragons = pungs.iter().filter(|s| is_dragon(s.tile)).count();
    let winds = pungs.iter().filter(|s| is_wind(s.tile)).count();
    match dragons {
        3 => out.add(Fan::BigThreeDragons),
        2 if pair.is_some_and(is_dragon) => out.add(Fan::LittleThreeDragons),
        2 => out.add(Fan::TwoDragonsPungs),
        1 => out.add(Fan::DragonPung),
        _ => {}
    }
    match winds {
        4 => out.add(Fan::BigFourWinds),
        3 if pair.is_some_and(is_wind) => out.add(Fan::LittleFourWinds),
        3 => out.add(Fan::BigThreeWinds),
        _ => {}
    }
    if pungs.iter().any(|s| s.tile == round) {
        out.add(Fan::PrevalentWind);
    }
    if pungs.iter().any(|s| s.tile == seat) {
        out.add(Fan::SeatWind);
    }
    // 幺九刻: pungs of terminals, and of winds neither seat nor prevalent
    // while fewer than three winds are pungs (three or four wind pungs
    // count as 三风刻, 小四喜 or 大四喜, which imply theirs; a dragon pung
    // is always a 箭刻 or part of a larger dragon fan).
    let orphans = pungs
        .iter()
        .filter(|s| {
            let t = s.tile;
            match t.suit() {
                Suit::Honor => is_wind(t) && winds <= 2 && t != seat && t != round,
                _ => t.rank() == 1 || t.rank() == 9,
            }
        })
        .count();
    out.set(Fan::PungOfTerminalsOrHonors, orphans as u8);

    // Kongs.
    let kongs = pungs.iter().filter(|s| s.kind == SetKind::Kong);
    let concealed_kongs = kongs.clone().filter(|s| s.concealed).count();
    let fan = match (kongs.count(), concealed_kongs) {
        (1, 0) => Some(Fan::MeldedKong),
        (1, 1) => Some(Fan::ConcealedKong),
        (2, 0) => Some(Fan::TwoMeldedKongs),
        (2, 1) => Some(Fan::ConcealedKongAndMeldedKong),
        (2, 2) => Some(Fan::TwoConcealedKongs),
        (3, _) => Some(Fan::ThreeKongs),
        (4, _) => Some(Fan::FourKongs),
        _ => None,
    };
    if let Some(f) = fan {
        out.add(f);
    }
    // Concealed pungs (concealed kongs among them).
    match pungs.iter().filter(|s| s.concealed).count() {
        2 => out.add(Fan::TwoConcealedPungs),
        3 => out.add(Fan::ThreeConcealedPungs),
        4 => out.add(Fan::FourConcealedPungs),
        _ => {}
    }

    // The make-up of the sets.
    let Some(pair) = pair else { return };
    let knitted = reading.shape == Shape::KnittedStraight;
    if pungs.len() == 4 {
        out.add(Fan::AllPungs);
        let even = |t: Tile| t.suit() != Suit::Honor && t.rank() % 2 == 0;
        if pungs.iter().all(|s| even(s.tile)) && even(pair) {
            out.add(Fan::AllEvenPungs);
        }
    }
    if chows.len() == sets.len() && pair.suit() != Suit::Honor {
        out.add(Fan::AllChows);
    }
    if knitted {
        return;
    }
    let has = |s: &Set, test: &dyn Fn(Tile) -> bool| match s.kind {
        SetKind::Chow => (0..3).any(|d| Tile::from_index(s.tile.index() + d).is_ok_and(test)),
        _ => test(s.tile),
    };
    let orphan = |t: Tile| t.is_orphan();
    if sets.iter().all(|s| has(s, &orphan)) && orphan(pair) {
        out.add(Fan::OutsideHand);
    }
    let five = |t: Tile| t.suit() != Suit::Honor && t.rank() == 5;
    if sets.iter().all(|s| has(s, &five)) && five(pair) {
        out.add(Fan::AllFive);
    }
}
