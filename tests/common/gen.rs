//! Seeded random hands for tests and benches: uniformly drawn, built to win,
//! and built to win then spoiled, with any number of jokers.
#![allow(dead_code)]

use rand::seq::SliceRandom;
use rand::Rng;

use super::oracle::HONOR_SETS;

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
