//! Seeded random hands for tests and benches: uniformly drawn, built to win,
//! and built to win then spoiled, with any number of jokers; and hands with
//! declared melds for `meld_oracle` (`melded_hand`, `winning_tile`,
//! `bad_meld`).
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::Rng;

use super::meld_oracle::{
    check_melds, effective_size, hand_notation, melded_copies, read_meld, read_melds, Bracket,
    MeldFault, MeldKind, OMeld, RawMeld,
};
use super::oracle::{Spec, HONOR_SETS};

/// Tile kinds.
pub const KINDS: usize = 34;

/// A raw hand: counts per kind and a joker count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Raw {
    pub counts: [u8; KINDS],
    pub jokers: u8,
}

impl Raw {
    pub fn len(&self) -> usize {
        self.counts.iter().map(|&c| c as usize).sum::<usize>() + self.jokers as usize
    }

    /// `mpsz` text, written independently of the library's printer.
    pub fn notation(&self) -> String {
        let mut s = String::new();
        for (suit, letter) in ["m", "p", "s", "z"].iter().enumerate() {
            let ranks = if suit == 3 { 7 } else { 9 };
            let mut any = false;
            for r in 0..ranks {
                for _ in 0..self.counts[suit * 9 + r] {
                    s.push(char::from(b'1' + r as u8));
                    any = true;
                }
            }
            if any {
                s.push_str(letter);
            }
        }
        for _ in 0..self.jokers {
            s.push('*');
        }
        s
    }
}

/// `size` tiles of which `jokers` are jokers, the rest drawn from a full wall.
pub fn uniform<R: Rng>(rng: &mut R, size: usize, jokers: usize) -> Raw {
    let mut wall: Vec<u8> = (0..KINDS as u8).flat_map(|t| [t; 4]).collect();
    wall.shuffle(rng);
    let mut counts = [0u8; KINDS];
    for &t in &wall[..size - jokers] {
        counts[t as usize] += 1;
    }
    Raw {
        counts,
        jokers: jokers as u8,
    }
}

/// A standard-form win of `size` (3N+2) natural tiles: N random melds and a pair.
pub fn standard_win<R: Rng>(rng: &mut R, size: usize) -> Raw {
    loop {
        let mut counts = [0u8; KINDS];
        let pair = rng.gen_range(0..KINDS);
        counts[pair] += 2;
        for _ in 0..(size - 2) / 3 {
            if rng.gen_bool(0.55) {
                let suit = rng.gen_range(0..3);
                let start = suit * 9 + rng.gen_range(0..7);
                for c in &mut counts[start..start + 3] {
                    *c += 1;
                }
            } else {
                counts[rng.gen_range(0..KINDS)] += 3;
            }
        }
        if counts.iter().all(|&c| c <= 4) {
            return Raw { counts, jokers: 0 };
        }
    }
}

/// Seven pairs (possibly with a quad as two pairs).
pub fn seven_pairs_win<R: Rng>(rng: &mut R) -> Raw {
    loop {
        let mut counts = [0u8; KINDS];
        for _ in 0..7 {
            counts[rng.gen_range(0..KINDS)] += 2;
        }
        if counts.iter().all(|&c| c <= 4) {
            return Raw { counts, jokers: 0 };
        }
    }
}

/// Thirteen orphans.
pub fn orphans_win<R: Rng>(rng: &mut R) -> Raw {
    const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let mut counts = [0u8; KINDS];
    for o in ORPHANS {
        counts[o] = 1;
    }
    counts[*ORPHANS.choose(rng).unwrap()] += 1;
    Raw { counts, jokers: 0 }
}

/// Replaces `k` random natural tiles by jokers.
pub fn jokerize<R: Rng>(rng: &mut R, mut raw: Raw, k: usize) -> Raw {
    for _ in 0..k {
        let held: Vec<usize> = (0..KINDS).filter(|&i| raw.counts[i] > 0).collect();
        if held.is_empty() {
            break;
        }
        raw.counts[*held.choose(rng).unwrap()] -= 1;
        raw.jokers += 1;
    }
    raw
}

/// Takes random natural tiles out (a joker when no natural tile is left)
/// until `raw` holds `size` tiles.
pub fn shrink_to<R: Rng>(rng: &mut R, mut raw: Raw, size: usize) -> Raw {
    while raw.len() > size {
        let held: Vec<usize> = (0..KINDS).filter(|&i| raw.counts[i] > 0).collect();
        if held.is_empty() {
            raw.jokers -= 1;
        } else {
            raw.counts[held[rng.gen_range(0..held.len())]] -= 1;
        }
    }
    raw
}

/// `size` tiles, `jokers` of them jokers, the natural ones drawn uniformly
/// from the kinds `tiles` marks (at most four of each).
pub fn uniform_in<R: Rng>(rng: &mut R, tiles: &[bool; KINDS], size: usize, jokers: usize) -> Raw {
    let kinds: Vec<usize> = (0..KINDS).filter(|&k| tiles[k]).collect();
    let mut counts = [0u8; KINDS];
    let mut placed = jokers;
    while placed < size {
        let k = kinds[rng.gen_range(0..kinds.len())];
        if counts[k] < 4 {
            counts[k] += 1;
            placed += 1;
        }
    }
    Raw {
        counts,
        jokers: jokers as u8,
    }
}

/// Replaces one natural tile by a different kind (keeping at most 4 copies).
pub fn spoil<R: Rng>(rng: &mut R, mut raw: Raw) -> Raw {
    let held: Vec<usize> = (0..KINDS).filter(|&i| raw.counts[i] > 0).collect();
    if let Some(&from) = held.choose(rng) {
        let to = loop {
            let t = rng.gen_range(0..KINDS);
            if t != from && raw.counts[t] < 4 {
                break t;
            }
        };
        raw.counts[from] -= 1;
        raw.counts[to] += 1;
    }
    raw
}

/// A 14-tile standard win, spoiled when `spoiled`, with `k` of its tiles
/// turned into jokers: the benches' joker-heavy hands (half of each kind).
pub fn joker_hand<R: Rng>(rng: &mut R, k: usize, spoiled: bool) -> Raw {
    let win = standard_win(rng, 14);
    let base = if spoiled { spoil(rng, win) } else { win };
    jokerize(rng, base, k)
}

/// The efficiency benches' hands, drawn in this order from `rng`:
/// `sizes[0]` spoiled 14-tile standard wins (no jokers), then `sizes[1]`
/// and `sizes[2]` spoiled wins with 1–3 jokers ([`joker_hand`]). The
/// criterion bench and the instruction bench draw the same hands from
/// the same seed.
pub fn efficiency_hands<R: Rng>(rng: &mut R, sizes: [usize; 3]) -> [Vec<Raw>; 3] {
    let plain = (0..sizes[0])
        .map(|_| {
            let win = standard_win(rng, 14);
            spoil(rng, win)
        })
        .collect();
    let mut jokers =
        |n: usize| -> Vec<Raw> { (0..n).map(|i| joker_hand(rng, 1 + i % 3, true)).collect() };
    let (jokers, many) = (jokers(sizes[1]), jokers(sizes[2]));
    [plain, jokers, many]
}

/// A mixed sample: every size 3N+2 up to 14, 0–14 jokers, wins of every
/// form, spoiled wins and uniform draws.
pub fn mixed<R: Rng>(rng: &mut R) -> Raw {
    let size = [2, 5, 8, 11, 14][rng.gen_range(0..5)];
    let jokers = match rng.gen_range(0..4) {
        0 => 0,
        1 => rng.gen_range(0..=2),
        2 => rng.gen_range(0..=5),
        _ => rng.gen_range(0..=size),
    }
    .min(size);
    let base = match rng.gen_range(0..10) {
        0..=3 => standard_win(rng, size),
        4 if size == 14 => seven_pairs_win(rng),
        5 if size == 14 => orphans_win(rng),
        6 | 7 => {
            let win = standard_win(rng, size);
            spoil(rng, win)
        }
        8 if size == 14 => {
            let win = seven_pairs_win(rng);
            spoil(rng, win)
        }
        _ => return uniform(rng, size, jokers),
    };
    jokerize(rng, base, jokers)
}

/// A hand of `size` (3N+1) tiles with `jokers` jokers that is usually ready:
/// a win of `size + 1` tiles with one natural tile (or joker) taken out, and
/// sometimes spoiled or drawn at random.
pub fn near_ready<R: Rng>(rng: &mut R, size: usize, jokers: usize) -> Raw {
    let jokers = jokers.min(size);
    let mut raw = match rng.gen_range(0..10) {
        0..=5 => standard_win(rng, size + 1),
        6 if size == 13 => seven_pairs_win(rng),
        7 if size == 13 => orphans_win(rng),
        8 => {
            let win = standard_win(rng, size + 1);
            spoil(rng, win)
        }
        _ => return uniform(rng, size, jokers),
    };
    let held: Vec<usize> = (0..KINDS).filter(|&i| raw.counts[i] > 0).collect();
    raw.counts[*held.choose(rng).unwrap()] -= 1;
    jokerize(rng, raw, jokers)
}

/// A standard-form win of `size` (3N+2) natural tiles drawn from the kinds
/// in play: sequences within numbered suits in play, triplets, honour
/// sequences when `honor_seq`, and a pair.
pub fn standard_win_in<R: Rng>(
    rng: &mut R,
    size: usize,
    tiles: &[bool; KINDS],
    honor_seq: bool,
) -> Raw {
    let kinds: Vec<usize> = (0..KINDS).filter(|&i| tiles[i]).collect();
    let starts: Vec<usize> = (0..27).filter(|&i| i % 9 < 7 && tiles[i]).collect();
    loop {
        let mut counts = [0u8; KINDS];
        counts[*kinds.choose(rng).unwrap()] += 2;
        for _ in 0..(size - 2) / 3 {
            match rng.gen_range(0..10) {
                0..=4 if !starts.is_empty() => {
                    let start = *starts.choose(rng).unwrap();
                    for c in &mut counts[start..start + 3] {
                        *c += 1;
                    }
                }
                5 if honor_seq => {
                    for t in HONOR_SETS[rng.gen_range(0..5)] {
                        counts[t] += 1;
                    }
                }
                _ => counts[*kinds.choose(rng).unwrap()] += 3,
            }
        }
        if counts.iter().all(|&c| c <= 4) {
            return Raw { counts, jokers: 0 };
        }
    }
}

/// [`mixed_in`] for the rules `spec` describes: its kinds in play, its
/// largest hand, its honour sequences.
pub fn mixed_for<R: Rng>(rng: &mut R, spec: &Spec, max_jokers: usize, ready: bool) -> Raw {
    mixed_in(
        rng,
        &spec.tiles,
        spec.max_tiles as usize,
        spec.honor_seq,
        max_jokers,
        ready,
    )
}

/// A mixed sample for a rule set: sizes 3N+2 up to `max_tiles` (3N+1 when
/// `ready`), 0–`max_jokers` jokers, wins, spoiled wins and random draws, all
/// from the kinds in play.
pub fn mixed_in<R: Rng>(
    rng: &mut R,
    tiles: &[bool; KINDS],
    max_tiles: usize,
    honor_seq: bool,
    max_jokers: usize,
    ready: bool,
) -> Raw {
    let sizes: Vec<usize> = (2..=max_tiles).step_by(3).collect();
    let size = sizes[rng.gen_range(0..sizes.len())];
    let jokers = rng.gen_range(0..=max_jokers.min(size));
    let kinds: Vec<usize> = (0..KINDS).filter(|&i| tiles[i]).collect();
    let mut raw = match rng.gen_range(0..10) {
        0..=4 => standard_win_in(rng, size, tiles, honor_seq),
        5 if size == 14 => {
            let mut counts = [0u8; KINDS];
            while counts.iter().map(|&c| c as usize).sum::<usize>() < 14 {
                let k = *kinds.choose(rng).unwrap();
                if counts[k] <= 2 {
                    counts[k] += 2;
                }
            }
            Raw { counts, jokers: 0 }
        }
        6 | 7 => {
            let mut win = standard_win_in(rng, size, tiles, honor_seq);
            let held: Vec<usize> = (0..KINDS).filter(|&i| win.counts[i] > 0).collect();
            let from = *held.choose(rng).unwrap();
            let to = *kinds.choose(rng).unwrap();
            if win.counts[to] < 4 {
                win.counts[from] -= 1;
                win.counts[to] += 1;
            }
            win
        }
        _ => {
            let mut wall: Vec<usize> = kinds.iter().flat_map(|&k| [k; 4]).collect();
            wall.shuffle(rng);
            let mut counts = [0u8; KINDS];
            for &t in &wall[..size] {
                counts[t] += 1;
            }
            Raw { counts, jokers: 0 }
        }
    };
    if ready {
        let held: Vec<usize> = (0..KINDS).filter(|&i| raw.counts[i] > 0).collect();
        raw.counts[*held.choose(rng).unwrap()] -= 1;
    }
    jokerize(rng, raw, jokers)
}

/// A standard-form win of `size` (3N+2) natural tiles from the kinds in
/// play whose pair is one of `pair_kinds` (the rules' allowed pairs):
/// sequences, triplets, honour sequences when `honor_seq`.
pub fn standard_win_pair_in<R: Rng>(
    rng: &mut R,
    size: usize,
    tiles: &[bool; KINDS],
    honor_seq: bool,
    pair_kinds: &[usize],
) -> Raw {
    let kinds: Vec<usize> = (0..KINDS).filter(|&i| tiles[i]).collect();
    let starts: Vec<usize> = (0..27).filter(|&i| i % 9 < 7 && tiles[i]).collect();
    loop {
        let mut counts = [0u8; KINDS];
        counts[*pair_kinds.choose(rng).unwrap()] += 2;
        for _ in 0..(size - 2) / 3 {
            match rng.gen_range(0..10) {
                0..=4 if !starts.is_empty() => {
                    let start = *starts.choose(rng).unwrap();
                    for c in &mut counts[start..start + 3] {
                        *c += 1;
                    }
                }
                5..=6 if honor_seq => {
                    for t in HONOR_SETS[rng.gen_range(0..5)] {
                        counts[t] += 1;
                    }
                }
                _ => counts[*kinds.choose(rng).unwrap()] += 3,
            }
        }
        if counts.iter().all(|&c| c <= 4) {
            return Raw { counts, jokers: 0 };
        }
    }
}

/// Seven pairs from the kinds in play, of seven different kinds when
/// `distinct` (else a kind may give two pairs).
pub fn seven_pairs_in<R: Rng>(rng: &mut R, tiles: &[bool; KINDS], distinct: bool) -> Raw {
    let kinds: Vec<usize> = (0..KINDS).filter(|&i| tiles[i]).collect();
    let mut counts = [0u8; KINDS];
    let mut pairs = 0;
    while pairs < 7 {
        let k = *kinds.choose(rng).unwrap();
        if counts[k] == 0 || (!distinct && counts[k] == 2) {
            counts[k] += 2;
            pairs += 1;
        }
    }
    Raw { counts, jokers: 0 }
}

/// Thirteen orphans with every orphan kind out of play turned into a
/// joker (a win only when all thirteen kinds are in play).
pub fn orphans_in<R: Rng>(rng: &mut R, tiles: &[bool; KINDS]) -> Raw {
    let mut raw = orphans_win(rng);
    for (k, &in_play) in tiles.iter().enumerate() {
        if !in_play {
            raw.jokers += raw.counts[k];
            raw.counts[k] = 0;
        }
    }
    raw
}

/// The nine kinds of a random knitted straight: 147, 258 and 369 given to
/// m, p and s in a random order.
pub fn knitted_kinds<R: Rng>(rng: &mut R) -> [usize; 9] {
    let mut order = [0usize, 1, 2];
    order.shuffle(rng);
    std::array::from_fn(|i| (i / 3) * 9 + order[i / 3] + 3 * (i % 3))
}

/// A 14-tile knitted straight (组合龙): the nine knitted tiles, one meld
/// (a sequence or a triplet, at most four copies of a kind) and a pair.
pub fn knitted_straight_win<R: Rng>(rng: &mut R) -> Raw {
    loop {
        let mut counts = [0u8; KINDS];
        for k in knitted_kinds(rng) {
            counts[k] += 1;
        }
        if rng.gen_bool(0.5) {
            let suit = rng.gen_range(0..3);
            let lo = suit * 9 + rng.gen_range(0..7);
            for c in &mut counts[lo..lo + 3] {
                *c += 1;
            }
        } else {
            counts[rng.gen_range(0..KINDS)] += 3;
        }
        counts[rng.gen_range(0..KINDS)] += 2;
        if counts.iter().all(|&c| c <= 4) {
            return Raw { counts, jokers: 0 };
        }
    }
}

/// A 14-tile honours and knitted tiles (全不靠): fourteen different kinds
/// of one knitted straight's nine and the seven honours; with `greater`,
/// all seven honours (七星不靠).
pub fn honors_knitted_win<R: Rng>(rng: &mut R, greater: bool) -> Raw {
    let mut pool: Vec<usize> = knitted_kinds(rng).to_vec();
    let mut counts = [0u8; KINDS];
    if greater {
        pool.shuffle(rng);
        pool.truncate(7);
        pool.extend(27..34);
    } else {
        pool.extend(27..34);
        pool.shuffle(rng);
        pool.truncate(14);
    }
    for k in pool {
        counts[k] = 1;
    }
    Raw { counts, jokers: 0 }
}

/// A GB sample of 14 tiles (13 when `ready`, a tile taken out): knitted
/// wins of both kinds, spoiled (one tile moved to another kind) in a third
/// of the cases, other wins and random draws, with 0–`max_jokers` of the
/// tiles turned into jokers (0–4 mostly).
pub fn knitted_mixed<R: Rng>(rng: &mut R, max_jokers: usize, ready: bool) -> Raw {
    let jokers = match rng.gen_range(0..10) {
        0..=2 => 0,
        3..=8 => rng.gen_range(0..=4.min(max_jokers)),
        _ => rng.gen_range(0..=max_jokers),
    };
    let mut raw = match rng.gen_range(0..12) {
        0..=3 => knitted_straight_win(rng),
        4 | 5 => honors_knitted_win(rng, false),
        6 => honors_knitted_win(rng, true),
        7 => standard_win(rng, 14),
        8 => seven_pairs_win(rng),
        9 => orphans_win(rng),
        _ => uniform(rng, 14, 0),
    };
    if rng.gen_range(0..3) == 0 {
        raw = spoil(rng, raw);
    }
    if ready {
        let held: Vec<usize> = (0..KINDS).filter(|&i| raw.counts[i] > 0).collect();
        raw.counts[*held.choose(rng).unwrap()] -= 1;
    }
    jokerize(rng, raw, jokers)
}

// ---------------------------------------------------------------------------
// Hands with declared melds (issue 14), for `meld_oracle`.
// ---------------------------------------------------------------------------

/// What a melded hand is generated for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Effective size 3N+2: wins (declared melds of a built win), jokers,
    /// and near misses (a concealed tile moved to another kind).
    Win,
    /// Effective size 3N+1: a built win less one concealed tile (ready),
    /// sometimes spoiled, sometimes waiting on a kind whose four copies
    /// are in the hand and its melds.
    Wait,
    /// Either size: the above, and concealed parts drawn at random beside
    /// the melds of a built win.
    Any,
}

/// A hand with declared melds: the concealed part (counts per kind, joker
/// kinds included), its explicit jokers and the melds in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Melded {
    pub concealed: [u8; KINDS],
    pub jokers: u32,
    pub melds: Vec<OMeld>,
}

impl Melded {
    /// The hand notation (`meld_oracle::hand_notation`).
    pub fn notation(&self) -> String {
        hand_notation(&self.concealed, self.jokers, &self.melds)
    }

    /// The effective size (a meld counts 3).
    pub fn size(&self) -> u32 {
        effective_size(&self.concealed, self.jokers, &self.melds)
    }

    fn concealed_tiles(&self) -> u32 {
        self.concealed.iter().map(|&c| c as u32).sum::<u32>() + self.jokers
    }

    fn held(&self) -> Vec<usize> {
        (0..KINDS).filter(|&k| self.concealed[k] > 0).collect()
    }
}

/// A group of a built win.
#[derive(Clone, Copy, Debug)]
enum Built {
    Run(usize),
    Triplet(usize),
    Honours([usize; 3]),
}

impl Built {
    fn tiles(self) -> Vec<usize> {
        match self {
            Built::Run(lo) => vec![lo, lo + 1, lo + 2],
            Built::Triplet(k) => vec![k; 3],
            Built::Honours(set) => set.to_vec(),
        }
    }
}

/// The kinds a built hand draws from under `spec`: in play, not a joker
/// kind, and (under `max_suits`, most of the time) within that many
/// numbered suits chosen at random.
fn kinds_for<R: Rng>(rng: &mut R, spec: &Spec) -> [bool; KINDS] {
    let mut suits = [true; 3];
    if let Some(m) = spec.max_suits.filter(|&m| m < 3) {
        if rng.gen_bool(0.8) {
            let mut order = [0usize, 1, 2];
            order.shuffle(rng);
            for &s in &order[m as usize..] {
                suits[s] = false;
            }
        }
    }
    std::array::from_fn(|k| {
        spec.tiles[k] && !spec.joker_kinds.contains(&k) && (k >= 27 || suits[k / 9])
    })
}

/// Declares `declare` of the built groups as melds, in a random order: a
/// run or an honour sequence a chi, a triplet a pon or, when no other copy
/// of its kind is in the hand, sometimes a kong (the fourth copy joins it).
/// The declared tiles leave `counts`.
fn declare_groups<R: Rng>(
    rng: &mut R,
    counts: &mut [u8; KINDS],
    groups: &[Built],
    declare: usize,
) -> Vec<OMeld> {
    let mut order: Vec<usize> = (0..groups.len()).collect();
    order.shuffle(rng);
    let total = *counts;
    let mut melds = Vec::new();
    for &i in order.iter().take(declare) {
        let meld = match groups[i] {
            Built::Run(lo) => OMeld::new(MeldKind::Chi, lo),
            Built::Triplet(k) => {
                let kind = if total[k] == 3 && rng.gen_bool(0.4) {
                    [
                        MeldKind::OpenKong,
                        MeldKind::AddedKong,
                        MeldKind::ConcealedKong,
                    ][rng.gen_range(0..3)]
                } else {
                    MeldKind::Pon
                };
                OMeld::new(kind, k)
            }
            Built::Honours(set) => OMeld::honour_sequence(set),
        };
        for t in groups[i].tiles() {
            counts[t] -= 1;
        }
        melds.push(meld);
    }
    melds
}

/// A standard-form win under `spec` of `groups` melds and a pair, natural
/// tiles only, of which `declare` melds (at most) are declared.
pub fn melded_win<R: Rng>(rng: &mut R, spec: &Spec, groups: usize, declare: usize) -> Melded {
    loop {
        let kinds = kinds_for(rng, spec);
        let all: Vec<usize> = (0..KINDS).filter(|&k| kinds[k]).collect();
        let pairs: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&k| match spec.pair_ranks {
                None => true,
                Some(mask) => k < 27 && mask >> (k % 9) & 1 == 1,
            })
            .collect();
        let starts: Vec<usize> = (0..27)
            .filter(|&k| k % 9 < 7 && (k..k + 3).all(|t| kinds[t]))
            .collect();
        let honour_sets: Vec<[usize; 3]> = HONOR_SETS
            .iter()
            .copied()
            .filter(|s| s.iter().all(|&t| kinds[t]))
            .collect();
        if all.is_empty() || pairs.is_empty() {
            continue;
        }
        let mut counts = [0u8; KINDS];
        counts[*pairs.choose(rng).unwrap()] += 2;
        let mut built = Vec::new();
        for _ in 0..groups {
            let g = match rng.gen_range(0..10) {
                0..=4 if !starts.is_empty() => Built::Run(*starts.choose(rng).unwrap()),
                5 if spec.honor_seq && !honour_sets.is_empty() => {
                    Built::Honours(*honour_sets.choose(rng).unwrap())
                }
                _ => Built::Triplet(*all.choose(rng).unwrap()),
            };
            for t in g.tiles() {
                counts[t] += 1;
            }
            built.push(g);
        }
        if counts.iter().any(|&c| c > 4) {
            continue;
        }
        let melds = declare_groups(rng, &mut counts, &built, declare);
        return Melded {
            concealed: counts,
            jokers: 0,
            melds,
        };
    }
}

/// A knitted straight (组合龙) of 14 effective tiles, its meld declared
/// when `declare` (a chi or pon, sometimes a kong).
pub fn knitted_melded_win<R: Rng>(rng: &mut R, spec: &Spec, declare: bool) -> Melded {
    loop {
        let mut counts = [0u8; KINDS];
        for k in knitted_kinds(rng) {
            counts[k] += 1;
        }
        let in_play: Vec<usize> = (0..KINDS)
            .filter(|&k| spec.tiles[k] && !spec.joker_kinds.contains(&k))
            .collect();
        let g = if rng.gen_bool(0.5) {
            Built::Run((rng.gen_range(0..3) * 9) + rng.gen_range(0..7))
        } else {
            Built::Triplet(*in_play.choose(rng).unwrap())
        };
        for t in g.tiles() {
            counts[t] += 1;
        }
        counts[*in_play.choose(rng).unwrap()] += 2;
        if counts.iter().any(|&c| c > 4) {
            continue;
        }
        let melds = declare_groups(rng, &mut counts, &[g], declare as usize);
        return Melded {
            concealed: counts,
            jokers: 0,
            melds,
        };
    }
}

/// Moves one concealed natural tile to another kind in play (keeping at
/// most four copies across hand and melds).
fn spoil_concealed<R: Rng>(rng: &mut R, spec: &Spec, h: &mut Melded) {
    let held = h.held();
    let Some(&from) = held.choose(rng) else {
        return;
    };
    let fixed = melded_copies(&h.melds);
    let to: Vec<usize> = (0..KINDS)
        .filter(|&t| t != from && spec.tiles[t] && h.concealed[t] + fixed[t] < 4)
        .collect();
    if let Some(&to) = to.choose(rng) {
        h.concealed[from] -= 1;
        h.concealed[to] += 1;
    }
}

/// Takes one concealed tile out (a natural one when there is one) and
/// returns its kind.
fn take_one<R: Rng>(rng: &mut R, h: &mut Melded) -> Option<usize> {
    let held = h.held();
    match held.choose(rng) {
        Some(&k) => {
            h.concealed[k] -= 1;
            Some(k)
        }
        None => {
            h.jokers -= 1;
            None
        }
    }
}

/// Turns `k` concealed natural tiles into jokers: explicit ones, or under
/// rules with joker kinds sometimes a copy of one.
fn jokerize_melded<R: Rng>(rng: &mut R, spec: &Spec, h: &mut Melded, k: usize) {
    for _ in 0..k {
        let held: Vec<usize> = h
            .held()
            .into_iter()
            .filter(|t| !spec.joker_kinds.contains(t))
            .collect();
        let Some(&from) = held.choose(rng) else {
            return;
        };
        h.concealed[from] -= 1;
        let kind = spec.joker_kinds.choose(rng).copied();
        match kind {
            Some(j) if h.concealed[j] < 4 && rng.gen_bool(0.5) => h.concealed[j] += 1,
            _ => h.jokers += 1,
        }
    }
}

/// A hand with declared melds under `spec` for `purpose`, with up to
/// `max_jokers` jokers (mostly 0–2): 0–4 melds (0–5 under `max_tiles` 17),
/// built from wins (standard, and the knitted straight under rules that
/// have it) so that most hands win or are ready, and the rest near misses.
/// Always valid (point 1) and of a size the operation takes.
pub fn melded_hand<R: Rng>(
    rng: &mut R,
    spec: &Spec,
    purpose: Purpose,
    max_jokers: usize,
) -> Melded {
    loop {
        let max_groups = ((spec.max_tiles - 2) / 3) as usize;
        let groups = if rng.gen_bool(0.75) {
            max_groups
        } else {
            rng.gen_range(1..=max_groups)
        };
        let declare = if rng.gen_bool(0.15) {
            0
        } else {
            rng.gen_range(1..=groups)
        };
        let mut h = if spec.knitted && groups == 4 && spec.max_tiles >= 14 && rng.gen_bool(0.2) {
            let declare = rng.gen_bool(0.6);
            knitted_melded_win(rng, spec, declare)
        } else {
            melded_win(rng, spec, groups, declare)
        };
        let wait_shape = |rng: &mut R, h: &mut Melded| {
            if rng.gen_bool(0.2) {
                spoil_concealed(rng, spec, h);
            }
            let out = take_one(rng, h);
            // Sometimes a declared meld becomes the taken kind's pon (or
            // kong): the wait may then be on a copy the melds hold.
            if let Some(x) = out {
                let others = melded_copies(&h.melds);
                if !h.melds.is_empty() && rng.gen_bool(0.2) {
                    let i = rng.gen_range(0..h.melds.len());
                    let mine = h.melds[i].tiles().iter().filter(|&&t| t == x).count() as u8;
                    let elsewhere = others[x] - mine;
                    let kind = if h.concealed[x] == 0 && rng.gen_bool(0.3) {
                        MeldKind::ConcealedKong
                    } else {
                        MeldKind::Pon
                    };
                    let copies = if kind == MeldKind::Pon { 3 } else { 4 };
                    if elsewhere == 0 && h.concealed[x] + copies <= 4 {
                        h.melds[i] = OMeld::new(kind, x);
                    }
                }
            }
        };
        match purpose {
            Purpose::Win => {
                if rng.gen_bool(0.3) {
                    spoil_concealed(rng, spec, &mut h);
                }
            }
            Purpose::Wait => wait_shape(rng, &mut h),
            Purpose::Any => match rng.gen_range(0..10) {
                0..=2 => {
                    if rng.gen_bool(0.5) {
                        spoil_concealed(rng, spec, &mut h);
                    }
                }
                3..=5 => wait_shape(rng, &mut h),
                6 | 7 => {
                    // A random concealed part of the same size, or one less.
                    let size = h.concealed_tiles() as usize - rng.gen_range(0..2);
                    let fixed = melded_copies(&h.melds);
                    let kinds: Vec<usize> = (0..KINDS).filter(|&k| spec.tiles[k]).collect();
                    let mut c = [0u8; KINDS];
                    let mut n = 0;
                    while n < size {
                        let k = *kinds.choose(rng).unwrap();
                        if c[k] + fixed[k] < 4 {
                            c[k] += 1;
                            n += 1;
                        }
                    }
                    h.concealed = c;
                }
                _ => {
                    spoil_concealed(rng, spec, &mut h);
                    spoil_concealed(rng, spec, &mut h);
                    if rng.gen_bool(0.5) {
                        take_one(rng, &mut h);
                    }
                }
            },
        }
        let naturals = h.concealed.iter().map(|&c| c as usize).sum::<usize>();
        let jokers = match rng.gen_range(0..10) {
            0..=3 => 0,
            4..=7 => rng.gen_range(0..=max_jokers.min(2)),
            _ => rng.gen_range(0..=max_jokers),
        }
        .min(naturals);
        jokerize_melded(rng, spec, &mut h, jokers);
        let size = h.size();
        let size_ok = match purpose {
            Purpose::Win => size % 3 == 2 && size <= spec.max_tiles,
            Purpose::Wait => size % 3 == 1 && size < spec.max_tiles,
            Purpose::Any => size % 3 != 0 && size <= spec.max_tiles,
        };
        if size_ok && check_melds(spec, &h.concealed, &h.melds).is_ok() {
            return h;
        }
    }
}

/// A winning tile for a hand's concealed part: one of its natural kinds
/// (a joker kind's copy included), or a joker (`None`) about a quarter of
/// the time when it holds explicit jokers.
pub fn winning_tile<R: Rng>(rng: &mut R, h: &Melded) -> Option<usize> {
    let held = h.held();
    if held.is_empty() || (h.jokers > 0 && rng.gen_bool(0.25)) {
        None
    } else {
        Some(*held.choose(rng).unwrap())
    }
}

/// A hand holding one meld that cannot exist, and the fault the oracle
/// (`meld_oracle::read_melds`) names for it: the other melds valid, and no
/// fifth copy across hand and melds unless that is the fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadMeld {
    pub concealed: [u8; KINDS],
    pub jokers: u32,
    pub melds: Vec<RawMeld>,
    pub fault: MeldFault,
}

impl BadMeld {
    /// The hand as text, the bad meld in its place.
    pub fn notation(&self) -> String {
        let mut s = Raw {
            counts: self.concealed,
            jokers: self.jokers as u8,
        }
        .notation();
        for m in &self.melds {
            s.push(' ');
            s.push_str(&m.notation());
        }
        s
    }
}

/// A hand of a valid size with one bad meld under `spec` (see [`BadMeld`]):
/// a chi that is no sequence (`[135m]`, `[123z]`, `[12m3p]`), a kong of
/// tiles not all identical, a meld of the wrong size (`[12m]`, `(111m)`),
/// a kind out of play, a joker in a meld (`[11m*]`, a joker kind's pon),
/// or a meld making a fifth copy. Three tiles with a repeat but not
/// identical (`[112m]`, a bad chi or a bad pon?) are never produced.
pub fn bad_meld<R: Rng>(rng: &mut R, spec: &Spec) -> BadMeld {
    let usable: Vec<usize> = (0..KINDS)
        .filter(|&k| spec.tiles[k] && !spec.joker_kinds.contains(&k))
        .collect();
    let out_of_play: Vec<usize> = (0..KINDS).filter(|&k| !spec.tiles[k]).collect();
    loop {
        let base = melded_hand(rng, spec, Purpose::Win, 1);
        if base.melds.is_empty() {
            continue;
        }
        let i = rng.gen_range(0..base.melds.len());
        let mut melds: Vec<RawMeld> = base.melds.iter().map(RawMeld::of).collect();
        let open = |tiles: Vec<usize>| RawMeld {
            bracket: Bracket::Open,
            tiles: tiles.into_iter().map(Some).collect(),
        };
        let pick = |rng: &mut R| *usable.choose(rng).unwrap();
        let (bad, fault) = match rng.gen_range(0..6) {
            0 => {
                // Three different tiles that are not a run.
                let tiles: Vec<usize> = match rng.gen_range(0..3) {
                    0 => {
                        let suit = rng.gen_range(0..3) * 9;
                        let mut r: Vec<usize> = (0..9).collect();
                        r.shuffle(rng);
                        r[..3].iter().map(|&x| suit + x).collect()
                    }
                    1 => {
                        // Under rules without honour sequences, often one.
                        let sets: Vec<[usize; 3]> = HONOR_SETS
                            .into_iter()
                            .filter(|s| s.iter().all(|t| usable.contains(t)))
                            .collect();
                        let mut r: Vec<usize> = (27..34).collect();
                        r.shuffle(rng);
                        match sets.choose(rng) {
                            Some(set) if !spec.honor_seq && rng.gen_bool(0.5) => set.to_vec(),
                            _ => r[..3].to_vec(),
                        }
                    }
                    _ => vec![pick(rng), pick(rng), pick(rng)],
                };
                let mut s = tiles.clone();
                s.sort();
                s.dedup();
                let run = s.len() == 3 && s[0] < 27 && s[0] % 9 <= 6 && s[2] == s[0] + 2;
                if s.len() < 3 || run || !tiles.iter().all(|t| usable.contains(t)) {
                    continue;
                }
                // An honour sequence is a meld where the rules make them.
                let fault = match HONOR_SETS.contains(&[s[0], s[1], s[2]]) {
                    true if spec.honor_seq => continue,
                    true => MeldFault::HonourSequence,
                    false => MeldFault::NotASequence,
                };
                (open(tiles), fault)
            }
            1 => {
                // Four tiles of a kong, not all one kind.
                let k = pick(rng);
                let other = pick(rng);
                let mut tiles = vec![k, k, k, other];
                if rng.gen_bool(0.3) {
                    tiles = vec![pick(rng), pick(rng), pick(rng), pick(rng)];
                }
                tiles.shuffle(rng);
                if tiles.iter().all(|&t| t == tiles[0]) {
                    continue;
                }
                let bracket =
                    [Bracket::Open, Bracket::Added, Bracket::Concealed][rng.gen_range(0..3)];
                let tiles = tiles.into_iter().map(Some).collect();
                (RawMeld { bracket, tiles }, MeldFault::NotIdentical)
            }
            2 => {
                let k = pick(rng);
                let raw = match rng.gen_range(0..4) {
                    0 => open(vec![k, k]),
                    1 => open(vec![k]),
                    2 => open(vec![pick(rng), pick(rng), pick(rng), pick(rng), pick(rng)]),
                    _ => RawMeld {
                        bracket: [Bracket::Added, Bracket::Concealed][rng.gen_range(0..2)],
                        tiles: vec![Some(k); 3],
                    },
                };
                (raw, MeldFault::WrongSize)
            }
            3 if !out_of_play.is_empty() => {
                let k = *out_of_play.choose(rng).unwrap();
                let raw = if k < 27 && rng.gen_bool(0.5) {
                    // A run through k (its other kinds may be in play).
                    let lo = k - (k % 9).min(rng.gen_range(0..3));
                    let lo = lo.min(k / 9 * 9 + 6);
                    open((lo..lo + 3).collect())
                } else {
                    open(vec![k; 3])
                };
                let first = raw
                    .tiles
                    .iter()
                    .flatten()
                    .copied()
                    .find(|&t| !spec.tiles[t]);
                (raw, MeldFault::OutOfPlay(first.unwrap()))
            }
            4 => {
                if !spec.joker_kinds.is_empty() && rng.gen_bool(0.5) {
                    let j = *spec.joker_kinds.choose(rng).unwrap();
                    (open(vec![j; 3]), MeldFault::Joker(Some(j)))
                } else {
                    let k = pick(rng);
                    let mut raw = if k < 27 && k % 9 <= 6 && rng.gen_bool(0.5) {
                        open(vec![k, k + 1, k + 2])
                    } else {
                        open(vec![k; 3])
                    };
                    let at = rng.gen_range(0..3);
                    raw.tiles[at] = None;
                    (raw, MeldFault::Joker(None))
                }
            }
            _ => {
                // A valid meld of a kind held often enough elsewhere (in
                // the concealed part or the other melds) to make five.
                let rest: Vec<OMeld> = base
                    .melds
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, m)| *m)
                    .collect();
                let others = melded_copies(&rest);
                let held = |k: usize| base.concealed[k] + others[k];
                let over: Vec<usize> = usable.iter().copied().filter(|&k| held(k) >= 1).collect();
                let Some(&k) = over.choose(rng) else {
                    continue;
                };
                let kind = if held(k) >= 2 && rng.gen_bool(0.6) {
                    MeldKind::Pon
                } else {
                    [
                        MeldKind::OpenKong,
                        MeldKind::AddedKong,
                        MeldKind::ConcealedKong,
                    ][rng.gen_range(0..3)]
                };
                (RawMeld::of(&OMeld::new(kind, k)), MeldFault::FifthCopy(k))
            }
        };
        melds[i] = bad;
        let case = BadMeld {
            concealed: base.concealed,
            jokers: base.jokers,
            melds,
            fault,
        };
        // Exactly this fault: every other meld reads, and no kind but the
        // fifth copy's goes above four.
        let others_ok = case
            .melds
            .iter()
            .enumerate()
            .all(|(j, m)| j == i || read_meld(spec, m).is_ok());
        let mut copies = case.concealed;
        for m in &case.melds {
            for t in m.tiles.iter().flatten() {
                copies[*t] += 1;
            }
        }
        let over: Vec<usize> = (0..KINDS).filter(|&k| copies[k] > 4).collect();
        let copies_ok = match fault {
            MeldFault::FifthCopy(k) => over == [k],
            _ => over.is_empty(),
        };
        if others_ok && copies_ok && read_melds(spec, &case.concealed, &case.melds) == Err(fault) {
            return case;
        }
    }
}

/// Adds one set at tile index `t` to a claim being drawn: a chow (with
/// probability `chow_p`, numbered tiles only, started at rank 7 at most)
/// or a pung or kong, declared with probability `open_p` (a pung or kong
/// at least 0.15). Every tile is counted in `all`, a concealed set's in
/// `conc` too, a declared one pushed to `melds`.
pub fn draw_set<R: Rng>(
    rng: &mut R,
    mut t: usize,
    chow_p: f64,
    open_p: f64,
    all: &mut [u8; 34],
    conc: &mut [u8; 34],
    melds: &mut Vec<hupai::Meld>,
) -> Option<()> {
    use hupai::{Meld, MeldKind, Tile};
    let chow = t < 27 && rng.gen_bool(chow_p);
    if chow {
        t = t / 9 * 9 + (t % 9).min(6);
        for k in 0..3 {
            all[t + k] += 1;
        }
        if rng.gen_bool(open_p) {
            melds.push(Meld::new(MeldKind::Chi, Tile::from_index(t).ok()?).ok()?);
        } else {
            for k in 0..3 {
                conc[t + k] += 1;
            }
        }
    } else {
        let declare = rng.gen_bool(open_p.max(0.15));
        let mk = match rng.gen_range(0..10) {
            0..=4 => MeldKind::Pon,
            5..=6 => MeldKind::ConcealedKong,
            7 => MeldKind::OpenKong,
            _ => MeldKind::AddedKong,
        };
        if declare {
            all[t] += mk.tiles() as u8;
            melds.push(Meld::new(mk, Tile::from_index(t).ok()?).ok()?);
        } else {
            all[t] += 3;
            conc[t] += 3;
        }
    }
    Some(())
}
