//! The naive twin: backtracking searches that place every joker explicitly.
//!
//! Nothing here shares code with the library's generator or checks. The
//! method is the classic recursive check: the lowest tile left must belong
//! to some group, so try every group that can hold it (triplet, pair, each
//! of the three sequences through it), filling each empty slot with a
//! joker, and recurse.
//! A slot is filled by a joker even when a natural tile is there, so no
//! assignment is skipped. Slow and obviously correct.
#![allow(dead_code)]

/// Tile kinds.
pub const KINDS: usize = 34;

/// Can the tiles of `counts` (one run of `counts.len()` ranks), plus exactly
/// `jokers` jokers, be split into melds, and one pair when `pair` is set?
/// Sequences are allowed when `sequences` is set. `placed[r]` counts the
/// jokers standing for rank `r`; with `cap` set, no rank may end above it.
#[allow(clippy::too_many_arguments)]
fn complete(
    counts: &mut [u8],
    placed: &mut [u8],
    orig: &[u8],
    sequences: bool,
    pair: bool,
    jokers: u32,
    cap: Option<u8>,
    pair_ranks: u16,
) -> bool {
    complete_h(
        counts, placed, orig, sequences, false, pair, jokers, cap, pair_ranks,
    )
}

/// [`complete`] where, with `honor_seq`, three different winds (ranks 0–3)
/// or the three dragons (4–6) also form a meld.
#[allow(clippy::too_many_arguments)]
fn complete_h(
    counts: &mut [u8],
    placed: &mut [u8],
    orig: &[u8],
    sequences: bool,
    honor_seq: bool,
    pair: bool,
    jokers: u32,
    cap: Option<u8>,
    pair_ranks: u16,
) -> bool {
    let Some(r) = counts.iter().position(|&c| c > 0) else {
        // Only jokers are left: they form the pair (on an allowed rank with
        // room for two), then triplets.
        let rest = if pair {
            let room = (0..counts.len()).any(|i| {
                pair_ranks >> i & 1 == 1 && cap.is_none_or(|cap| orig[i] + placed[i] + 2 <= cap)
            });
            if jokers < 2 || !room {
                return false;
            }
            jokers - 2
        } else {
            jokers
        };
        return rest % 3 == 0;
    };
    let n = counts.len();
    // Every group holding tile r: slots as offsets from r.
    let mut groups: Vec<(Vec<i32>, bool)> = vec![(vec![0, 0, 0], false)];
    if pair && pair_ranks >> r & 1 == 1 {
        groups.push((vec![0, 0], true));
    }
    if sequences {
        for start in [-2i32, -1, 0] {
            let lo = r as i32 + start;
            if lo >= 0 && lo + 2 < n as i32 {
                groups.push((vec![start, start + 1, start + 2], false));
            }
        }
    }
    if honor_seq {
        for set in [[0i32, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [4, 5, 6]] {
            if set.contains(&(r as i32)) {
                groups.push((set.iter().map(|&i| i - r as i32).collect(), false));
            }
        }
    }
    for (slots, is_pair) in groups {
        // Tile r itself takes the slot at offset 0 (the first one if repeated).
        let r0 = slots.iter().position(|&o| o == 0).unwrap();
        let others: Vec<usize> = (0..slots.len()).filter(|&i| i != r0).collect();
        // Each other slot: natural (if one is there) or joker; all 2^k choices.
        for mask in 0..(1u32 << others.len()) {
            let mut taken: Vec<(usize, bool)> = vec![(r, false)];
            let mut ok = true;
            let mut used_jokers = 0;
            for (bit, &i) in others.iter().enumerate() {
                let rank = (r as i32 + slots[i]) as usize;
                let joker = mask >> bit & 1 == 1;
                if joker {
                    used_jokers += 1;
                } else if counts[rank] == 0
                    || (rank == r
                        && taken.iter().filter(|t| t.0 == r && !t.1).count() as u8 >= counts[r])
                {
                    ok = false;
                    break;
                }
                taken.push((rank, joker));
            }
            if !ok || used_jokers > jokers {
                continue;
            }
            // Natural tiles out, jokers in.
            let mut fine = true;
            for &(rank, joker) in &taken {
                if joker {
                    placed[rank] += 1;
                } else {
                    counts[rank] -= 1;
                }
            }
            if let Some(cap) = cap {
                for &(rank, _) in &taken {
                    if orig[rank] + placed[rank] > cap {
                        fine = false;
                    }
                }
            }
            let found = fine
                && complete_h(
                    counts,
                    placed,
                    orig,
                    sequences,
                    honor_seq,
                    pair && !is_pair,
                    jokers - used_jokers,
                    cap,
                    pair_ranks,
                );
            for &(rank, joker) in &taken {
                if joker {
                    placed[rank] -= 1;
                } else {
                    counts[rank] += 1;
                }
            }
            if found {
                return true;
            }
        }
    }
    false
}

/// Fewest jokers (up to `limit`) that complete one suit's `counts` into melds
/// (and one pair when `pair`); `None` when more than `limit` would be needed.
/// The jokers are all placed in this suit (no joker-only melds elsewhere).
pub fn suit_need(
    counts: &[u8],
    sequences: bool,
    pair: bool,
    cap: Option<u8>,
    limit: u32,
) -> Option<u32> {
    suit_need_ranks(counts, sequences, pair, cap, limit, 0x1ff)
}

/// [`suit_need`] with the pair allowed only on the ranks of `pair_ranks`.
pub fn suit_need_ranks(
    counts: &[u8],
    sequences: bool,
    pair: bool,
    cap: Option<u8>,
    limit: u32,
    pair_ranks: u16,
) -> Option<u32> {
    let tiles: u32 = counts.iter().map(|&c| c as u32).sum();
    (0..=limit).find(|&j| {
        // Jokers beyond the natural tiles' needs would form melds of their
        // own; count only completions whose size is right for this suit.
        if (tiles + j) % 3 != if pair { 2 } else { 0 } {
            return false;
        }
        let mut c = counts.to_vec();
        let mut placed = vec![0u8; counts.len()];
        complete(
            &mut c,
            &mut placed,
            counts,
            sequences,
            pair,
            j,
            cap,
            pair_ranks,
        )
    })
}

/// Does the whole hand win in the standard form? Sequences run within each
/// numbered suit; every joker is placed, leftovers as joker-only melds.
pub fn standard(counts: &[u8; KINDS], jokers: u32) -> bool {
    // The four suits are independent except for the pair and the jokers:
    // try every way to hand the jokers out and every suit for the pair.
    let runs: [(std::ops::Range<usize>, bool); 4] =
        [(0..9, true), (9..18, true), (18..27, true), (27..34, false)];
    let total: u32 = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    if total % 3 != 2 {
        return false;
    }
    for pair_suit in 0..5 {
        // pair_suit 4: the pair is two jokers with no natural tile.
        if split_jokers(counts, &runs, 0, jokers, pair_suit) {
            return true;
        }
    }
    false
}

fn split_jokers(
    counts: &[u8; KINDS],
    runs: &[(std::ops::Range<usize>, bool); 4],
    suit: usize,
    jokers: u32,
    pair_suit: usize,
) -> bool {
    if suit == 4 {
        // pair_suit 5: no pair at all (melds only).
        let rest = if pair_suit == 4 {
            if jokers < 2 {
                return false;
            }
            jokers - 2
        } else {
            jokers
        };
        return rest % 3 == 0;
    }
    let (range, seq) = runs[suit].clone();
    let part = &counts[range];
    for j in 0..=jokers {
        let mut c = part.to_vec();
        let mut placed = vec![0u8; part.len()];
        if complete(
            &mut c,
            &mut placed,
            part,
            seq,
            pair_suit == suit,
            j,
            None,
            0x1ff,
        ) && split_jokers(counts, runs, suit + 1, jokers - j, pair_suit)
        {
            return true;
        }
    }
    false
}

/// Seven pairs by search: the lowest tile pairs with another copy or with a
/// joker; leftover jokers pair with each other. With `distinct`, no two
/// pairs may be of one kind.
pub fn seven_pairs(counts: &[u8; KINDS], jokers: u32, distinct: bool) -> bool {
    let total: u32 = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    if total != 14 {
        return false;
    }
    let mut c = *counts;
    let mut used = [false; KINDS];
    pairs_rec(&mut c, &mut used, jokers, distinct)
}

fn pairs_rec(c: &mut [u8; KINDS], used: &mut [bool; KINDS], jokers: u32, distinct: bool) -> bool {
    let Some(t) = c.iter().position(|&n| n > 0) else {
        if jokers % 2 != 0 {
            return false;
        }
        let free = used.iter().filter(|&&u| !u).count() as u32;
        return !distinct || free >= jokers / 2;
    };
    if distinct && used[t] {
        return false;
    }
    let was = used[t];
    used[t] = true;
    let mut found = false;
    if c[t] >= 2 {
        c[t] -= 2;
        found = pairs_rec(c, used, jokers, distinct);
        c[t] += 2;
    }
    if !found && jokers >= 1 {
        c[t] -= 1;
        found = pairs_rec(c, used, jokers - 1, distinct);
        c[t] += 1;
    }
    used[t] = was;
    found
}

/// Thirteen orphans by enumeration: for each orphan as the pair, the hand's
/// tiles must fit inside the thirteen plus that pair, jokers filling the rest.
pub fn thirteen_orphans(counts: &[u8; KINDS], jokers: u32) -> bool {
    const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let total: u32 = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    if total != 14 {
        return false;
    }
    ORPHANS.iter().any(|&pair| {
        let mut want = [0u8; KINDS];
        for &o in &ORPHANS {
            want[o] = 1;
        }
        want[pair] = 2;
        let missing: u32 = (0..KINDS)
            .map(|i| {
                if counts[i] > want[i] {
                    99
                } else {
                    (want[i] - counts[i]) as u32
                }
            })
            .sum();
        missing == jokers
    })
}

/// The forms a hand wins by under a preset: (standard, seven pairs, orphans).
pub fn forms(preset: &str, counts: &[u8; KINDS], jokers: u32) -> [bool; 3] {
    let std_ = standard(counts, jokers);
    match preset {
        "basic" => [std_, false, false],
        "riichi" => [
            std_,
            seven_pairs(counts, jokers, true),
            thirteen_orphans(counts, jokers),
        ],
        "chinese" => [
            std_,
            seven_pairs(counts, jokers, false),
            thirteen_orphans(counts, jokers),
        ],
        other => panic!("no oracle for preset {other}"),
    }
}

/// Waits by brute force: every kind not held four times (and in `tiles`,
/// when given) whose addition makes a win under `preset`.
pub fn waits(preset: &str, counts: &[u8; KINDS], jokers: u32) -> Vec<usize> {
    (0..KINDS)
        .filter(|&t| {
            if counts[t] >= 4 {
                return false;
            }
            let mut c = *counts;
            c[t] += 1;
            forms(preset, &c, jokers).iter().any(|&w| w)
        })
        .collect()
}

pub fn suit_letter(t: usize) -> char {
    ['m', 'p', 's', 'z'][t / 9]
}

/// A group as text: natural ranks with `*` for jokers, the suit, then (if
/// any joker) `:` and the resolved ranks. `slots` are (tile, is_joker).
pub fn group_text(slots: &[(usize, bool)]) -> String {
    let letter = suit_letter(slots[0].0);
    let mut s: String = slots
        .iter()
        .map(|&(t, j)| {
            if j {
                '*'
            } else {
                char::from(b'1' + (t % 9) as u8)
            }
        })
        .collect();
    s.push(letter);
    if slots.iter().any(|&(_, j)| j) {
        s.push(':');
        s.extend(slots.iter().map(|&(t, _)| char::from(b'1' + (t % 9) as u8)));
        s.push(letter);
    }
    s
}

/// Every split of a winning hand as text (`form g1 g2 ...`, groups sorted
/// as strings), by whole-hand enumeration: the lowest natural tile left
/// goes into every group that can hold it, each other slot natural or joker.
pub fn splits(
    preset: &str,
    counts: &[u8; KINDS],
    jokers: u32,
) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    let total: u32 = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    if total % 3 == 2 {
        let mut c = *counts;
        standard_rec(&mut c, jokers, false, &mut Vec::new(), &mut out);
    }
    let [_, sp, to] = forms(preset, counts, jokers);
    if sp {
        let mut c = *counts;
        let mut used = [false; KINDS];
        pairs_split_rec(
            &mut c,
            &mut used,
            jokers,
            preset == "riichi",
            &mut Vec::new(),
            &mut out,
        );
    }
    if to {
        orphans_split(counts, jokers, &mut out);
    }
    out
}

fn record(form: &str, groups: &[String], out: &mut std::collections::BTreeSet<String>) {
    let mut g = groups.to_vec();
    g.sort();
    out.insert(format!("{form} {}", g.join(" ")));
}

fn standard_rec(
    c: &mut [u8; KINDS],
    jokers: u32,
    pair_used: bool,
    groups: &mut Vec<String>,
    out: &mut std::collections::BTreeSet<String>,
) {
    let Some(t) = c.iter().position(|&n| n > 0) else {
        let mut g = groups.clone();
        let mut rest = jokers;
        if !pair_used {
            if rest < 2 {
                return;
            }
            rest -= 2;
            g.push("**".into());
        }
        if rest % 3 != 0 {
            return;
        }
        g.extend((0..rest / 3).map(|_| "***".to_string()));
        record("standard", &g, out);
        return;
    };
    // Triplets and pairs of t with k natural copies.
    for (len, is_pair) in [(3usize, false), (2, true)] {
        if is_pair && pair_used {
            continue;
        }
        for k in 1..=(c[t] as usize).min(len) {
            let need = (len - k) as u32;
            if need > jokers {
                continue;
            }
            let slots: Vec<(usize, bool)> = (0..len).map(|i| (t, i >= k)).collect();
            c[t] -= k as u8;
            groups.push(group_text(&slots));
            standard_rec(c, jokers - need, pair_used || is_pair, groups, out);
            groups.pop();
            c[t] += k as u8;
        }
    }
    // Sequences through t within its numbered suit.
    if t < 27 {
        let rank = t % 9;
        for start in rank.saturating_sub(2)..=rank {
            if start + 2 > 8 {
                continue;
            }
            let base = t - rank + start;
            // Slots below t are jokers, t is natural, slots above either.
            for choice in 0..4u32 {
                let mut slots = Vec::new();
                let mut ok = true;
                let mut extra = 0u32;
                for i in 0..3 {
                    let tile = base + i;
                    let joker = if tile < t {
                        true
                    } else if tile == t {
                        false
                    } else {
                        choice >> (tile - t - 1) & 1 == 1
                    };
                    if joker {
                        extra += 1;
                    } else if c[tile] == 0 {
                        ok = false;
                    }
                    slots.push((tile, joker));
                }
                // Choices only matter for the slots above t.
                if tile_above_count(base, t) < 2 && choice >> tile_above_count(base, t) != 0 {
                    continue;
                }
                if !ok || extra > jokers {
                    continue;
                }
                for &(tile, j) in &slots {
                    if !j {
                        c[tile] -= 1;
                    }
                }
                groups.push(group_text(&slots));
                standard_rec(c, jokers - extra, pair_used, groups, out);
                groups.pop();
                for &(tile, j) in &slots {
                    if !j {
                        c[tile] += 1;
                    }
                }
            }
        }
    }
}

fn tile_above_count(base: usize, t: usize) -> usize {
    base + 2 - t
}

fn pairs_split_rec(
    c: &mut [u8; KINDS],
    used: &mut [bool; KINDS],
    jokers: u32,
    distinct: bool,
    groups: &mut Vec<String>,
    out: &mut std::collections::BTreeSet<String>,
) {
    let Some(t) = c.iter().position(|&n| n > 0) else {
        if jokers % 2 == 0 {
            let mut g = groups.clone();
            g.extend((0..jokers / 2).map(|_| "**".to_string()));
            record("seven-pairs", &g, out);
        }
        return;
    };
    if distinct && used[t] {
        return;
    }
    let was = used[t];
    used[t] = true;
    if c[t] >= 2 {
        c[t] -= 2;
        groups.push(group_text(&[(t, false), (t, false)]));
        pairs_split_rec(c, used, jokers, distinct, groups, out);
        groups.pop();
        c[t] += 2;
    }
    if jokers >= 1 {
        c[t] -= 1;
        groups.push(group_text(&[(t, false), (t, true)]));
        pairs_split_rec(c, used, jokers - 1, distinct, groups, out);
        groups.pop();
        c[t] += 1;
    }
    used[t] = was;
}

fn orphans_split(counts: &[u8; KINDS], jokers: u32, out: &mut std::collections::BTreeSet<String>) {
    const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    for &pair in &ORPHANS {
        let mut groups = Vec::new();
        let mut missing = 0u32;
        let mut ok = true;
        for &o in &ORPHANS {
            let want = if o == pair { 2 } else { 1 };
            let have = counts[o] as usize;
            if have > want {
                ok = false;
                break;
            }
            missing += (want - have) as u32;
            let slots: Vec<(usize, bool)> = (0..want).map(|i| (o, i >= have)).collect();
            groups.push(group_text(&slots));
        }
        let orphans: u32 = ORPHANS.iter().map(|&o| counts[o] as u32).sum();
        let natural: u32 = counts.iter().map(|&c| c as u32).sum();
        if ok && missing == jokers && orphans == natural {
            record("thirteen-orphans", &groups, out);
        }
    }
}

/// Can the tiles plus exactly `jokers` jokers be split into melds only?
pub fn melds_only(counts: &[u8; KINDS], jokers: u32) -> bool {
    let runs: [(std::ops::Range<usize>, bool); 4] =
        [(0..9, true), (9..18, true), (18..27, true), (27..34, false)];
    let total: u32 = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    total % 3 == 0 && split_jokers(counts, &runs, 0, jokers, 5)
}

/// Can the tiles plus exactly `jokers` jokers be split into pairs (of
/// different kinds when `distinct`)? Any size.
pub fn pairs_any(counts: &[u8; KINDS], jokers: u32, distinct: bool) -> bool {
    let mut c = *counts;
    let mut used = [false; KINDS];
    pairs_rec(&mut c, &mut used, jokers, distinct)
}

/// The tiles to reveal, by exhaustive search over hidden sub-multisets with
/// every grouping judged by backtracking. Returns the shown tiles as a
/// sorted index list (jokers as 34), the fewest, first in that order.
pub fn reveal(preset: &str, counts: &[u8; KINDS], jokers: u32, waits: &[usize]) -> Vec<u8> {
    let sevens = preset != "basic";
    let distinct = preset == "riichi";
    let total: u32 = counts.iter().map(|&c| c as u32).sum::<u32>() + jokers;
    let mut best: Option<Vec<u8>> = None;
    let kinds: Vec<usize> = (0..KINDS).filter(|&i| counts[i] > 0).collect();
    let mut choice = vec![0u8; kinds.len()];
    loop {
        for hj in 0..=jokers {
            let mut hidden = [0u8; KINDS];
            for (k, &i) in kinds.iter().enumerate() {
                hidden[i] = choice[k];
            }
            let mut shown = [0u8; KINDS];
            for i in 0..KINDS {
                shown[i] = counts[i] - hidden[i];
            }
            let sj = jokers - hj;
            let hsize: u32 = hidden.iter().map(|&c| c as u32).sum::<u32>() + hj;
            let ok = hsize == 0 || {
                let std_ok = (hsize % 3 == 0
                    && melds_only(&hidden, hj)
                    && waits.iter().all(|&w| {
                        let mut s = shown;
                        s[w] += 1;
                        standard(&s, sj)
                    }))
                    || (hsize % 3 == 2
                        && standard(&hidden, hj)
                        && waits.iter().all(|&w| {
                            let mut s = shown;
                            s[w] += 1;
                            melds_only(&s, sj)
                        }));
                let pairs_ok = sevens
                    && total == 13
                    && hsize % 2 == 0
                    && pairs_any(&hidden, hj, distinct)
                    && waits.iter().all(|&w| {
                        let mut s = shown;
                        s[w] += 1;
                        pairs_two_sides(&hidden, hj, &s, sj, distinct)
                    });
                std_ok
                    || pairs_ok
                    || (preset == "gb" && knitted_reveal_ok(&hidden, hj, &shown, sj, waits))
            };
            if ok {
                let mut list: Vec<u8> = Vec::new();
                for (i, &n) in shown.iter().enumerate() {
                    list.extend(std::iter::repeat_n(i as u8, n as usize));
                }
                list.extend(std::iter::repeat_n(KINDS as u8, sj as usize));
                let better = match &best {
                    None => true,
                    Some(b) => list.len() < b.len() || (list.len() == b.len() && list < *b),
                };
                if better {
                    best = Some(list);
                }
            }
        }
        // Next hidden choice (odometer over the held kinds).
        let mut k = 0;
        loop {
            if k == kinds.len() {
                return best.expect("showing everything always qualifies");
            }
            if choice[k] < counts[kinds[k]] {
                choice[k] += 1;
                break;
            }
            choice[k] = 0;
            k += 1;
        }
    }
}

/// Can both sides be grouped into pairs, each side's tiles with its own
/// jokers, with every pair of a different kind across both sides when
/// `distinct`? Pairs the first side, then the second, sharing the kinds used.
pub fn pairs_two_sides(a: &[u8; KINDS], aj: u32, b: &[u8; KINDS], bj: u32, distinct: bool) -> bool {
    let mut sides = [*a, *b];
    let mut jokers = [aj, bj];
    let mut used = [false; KINDS];
    two_sides_rec(&mut sides, &mut jokers, 0, &mut used, distinct)
}

fn two_sides_rec(
    sides: &mut [[u8; KINDS]; 2],
    jokers: &mut [u32; 2],
    side: usize,
    used: &mut [bool; KINDS],
    distinct: bool,
) -> bool {
    if side == 2 {
        if jokers[0] % 2 != 0 || jokers[1] % 2 != 0 {
            return false;
        }
        let free = used.iter().filter(|&&u| !u).count() as u32;
        return !distinct || free >= (jokers[0] + jokers[1]) / 2;
    }
    let Some(t) = sides[side].iter().position(|&n| n > 0) else {
        return two_sides_rec(sides, jokers, side + 1, used, distinct);
    };
    if distinct && used[t] {
        return false;
    }
    let was = used[t];
    used[t] = true;
    let mut found = false;
    if sides[side][t] >= 2 {
        sides[side][t] -= 2;
        found = two_sides_rec(sides, jokers, side, used, distinct);
        sides[side][t] += 2;
    }
    if !found && jokers[side] >= 1 {
        sides[side][t] -= 1;
        jokers[side] -= 1;
        found = two_sides_rec(sides, jokers, side, used, distinct);
        jokers[side] += 1;
        sides[side][t] += 1;
    }
    used[t] = was;
    found
}

/// Honour needs when honour sequences count (three different winds, or the
/// three dragons), by completion: every multiset of melds, with and without
/// a pair, of at most `max_tiles` tiles (each count at most `cap`) is a
/// complete pattern; a pattern needs 0 jokers when complete, else one more
/// than the cheapest pattern with one more tile (within size and cap).
/// Returns (melds, with pair) per base-5 key of the 5^7 honour patterns
/// (u32::MAX: none within the size).
pub fn honor_sequence_needs(max_tiles: u32, cap: Option<u8>, honor_pair: bool) -> Vec<[u32; 2]> {
    use std::collections::{HashMap, HashSet};
    let cap = cap.unwrap_or(max_tiles as u8);
    let mut melds: Vec<[u8; 7]> = Vec::new();
    for r in 0..7 {
        let mut m = [0u8; 7];
        m[r] = 3;
        melds.push(m);
    }
    for set in [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 3], [4, 5, 6]] {
        let mut m = [0u8; 7];
        for i in set {
            m[i] = 1;
        }
        melds.push(m);
    }
    // Complete patterns: multisets of melds (non-decreasing index lists), plus a pair.
    let mut complete: HashSet<([u8; 7], usize)> = HashSet::new();
    let mut stack: Vec<([u8; 7], usize)> = vec![([0; 7], 0)];
    while let Some((q, from)) = stack.pop() {
        let size: u32 = q.iter().map(|&c| c as u32).sum();
        if q.iter().all(|&c| c <= cap) {
            complete.insert((q, 0));
            if honor_pair {
                for r in 0..7 {
                    let mut p = q;
                    p[r] += 2;
                    if size + 2 <= max_tiles && p[r] <= cap {
                        complete.insert((p, 1));
                    }
                }
            }
        }
        for (i, m) in melds.iter().enumerate().skip(from) {
            if size + 3 <= max_tiles {
                let mut next = q;
                for r in 0..7 {
                    next[r] += m[r];
                }
                stack.push((next, i));
            }
        }
    }
    // Every count vector within the size and cap, largest first.
    let mut all: Vec<[u8; 7]> = Vec::new();
    let mut p = [0u8; 7];
    fn gen(r: usize, left: u32, cap: u8, p: &mut [u8; 7], all: &mut Vec<[u8; 7]>) {
        if r == 7 {
            all.push(*p);
            return;
        }
        for c in 0..=(cap as u32).min(left) {
            p[r] = c as u8;
            gen(r + 1, left - c, cap, p, all);
        }
        p[r] = 0;
    }
    gen(0, max_tiles, cap, &mut p, &mut all);
    all.sort_by_key(|p| std::cmp::Reverse(p.iter().map(|&c| c as u32).sum::<u32>()));
    let mut f: HashMap<[u8; 7], [u32; 2]> = HashMap::with_capacity(all.len());
    for p in &all {
        let mut v = [u32::MAX; 2];
        for (pair, slot) in v.iter_mut().enumerate() {
            if complete.contains(&(*p, pair)) {
                *slot = 0;
                continue;
            }
            for r in 0..7 {
                let mut up = *p;
                up[r] += 1;
                if let Some(n) = f.get(&up) {
                    if n[pair] != u32::MAX {
                        *slot = (*slot).min(n[pair] + 1);
                    }
                }
            }
        }
        f.insert(*p, v);
    }
    let mut need = vec![[u32::MAX; 2]; 78_125];
    for (p, v) in &f {
        if p.iter().all(|&c| c <= 4) {
            let key: usize = p
                .iter()
                .enumerate()
                .map(|(r, &c)| c as usize * 5usize.pow(r as u32))
                .sum();
            need[key] = *v;
        }
    }
    need
}

/// A rule set, written out for the oracle independently of the library's
/// rule files (from the rules as the issue states them).
#[derive(Clone, Debug)]
pub struct Spec {
    pub name: String,
    pub tiles: [bool; KINDS],
    pub joker_kinds: Vec<usize>,
    pub cap: Option<u8>,
    /// standard, seven pairs, thirteen orphans
    pub forms: [bool; 3],
    pub quads: bool,
    /// Ranks (bit r = rank r + 1) of numbered pairs; None: any tile.
    pub pair_ranks: Option<u16>,
    pub honor_seq: bool,
    pub max_suits: Option<u32>,
    pub max_tiles: u32,
    pub four_held: bool,
    /// The GB knitted straight (组合龙): 147, 258, 369 over the three
    /// numbered suits, plus one meld and a pair.
    pub knitted: bool,
    /// Honours and knitted tiles (全不靠): 14 different singles from one
    /// knitted straight's nine tiles and the honours.
    pub honors_knitted: bool,
    /// Its greater form (七星不靠): all seven honours among them.
    pub greater_honors_knitted: bool,
    /// With declared melds: may a kind whose four copies are all in the
    /// concealed part and the melds (at least one in a meld) still be
    /// waited on? False (the default, WRC and M.League: melded copies
    /// count); true under Tenhou and Mahjong Soul, which leave them out.
    /// Read only by `meld_oracle`.
    pub four_with_melds_is_wait: bool,
}

impl Spec {
    pub fn preset(name: &str) -> Spec {
        let all = [true; KINDS];
        let mut numbered = [true; KINDS];
        for t in numbered.iter_mut().skip(27) {
            *t = false;
        }
        let mut kawuxing = [false; KINDS];
        for (i, t) in kawuxing.iter_mut().enumerate() {
            *t = (9..27).contains(&i) || (31..34).contains(&i);
        }
        let base = Spec {
            name: name.to_string(),
            tiles: all,
            joker_kinds: vec![],
            cap: None,
            forms: [true, true, false],
            quads: true,
            pair_ranks: None,
            honor_seq: false,
            max_suits: None,
            max_tiles: 14,
            four_held: false,
            knitted: false,
            honors_knitted: false,
            greater_honors_knitted: false,
            four_with_melds_is_wait: false,
        };
        match name {
            "basic" => Spec {
                forms: [true, false, false],
                ..base
            },
            "riichi" => Spec {
                forms: [true, true, true],
                quads: false,
                ..base
            },
            "chinese" => Spec {
                forms: [true, true, true],
                ..base
            },
            "hongzhong" => Spec {
                joker_kinds: vec![33],
                ..base
            },
            "changsha" => Spec {
                tiles: numbered,
                pair_ranks: Some(1 << 1 | 1 << 4 | 1 << 7),
                ..base
            },
            "sichuan" => Spec {
                tiles: numbered,
                max_suits: Some(2),
                ..base
            },
            "kawuxing" => Spec {
                tiles: kawuxing,
                ..base
            },
            "taiwan" => Spec {
                forms: [true, false, false],
                max_tiles: 17,
                ..base
            },
            // GB (MCR): all 34 kinds, no joker kinds; standard, seven pairs
            // (a quad as two pairs), thirteen orphans and the knitted forms.
            "gb" => Spec {
                forms: [true, true, true],
                knitted: true,
                honors_knitted: true,
                greater_honors_knitted: true,
                ..base
            },
            other => panic!("no spec for {other}"),
        }
    }

    /// The suits (0–2 numbered, 3 honours) that may hold the pair.
    fn pair_suit_ok(&self, s: usize) -> bool {
        let kinds = if s == 3 { 27..34 } else { s * 9..s * 9 + 9 };
        kinds.clone().any(|i| self.tiles[i]) && (s < 3 || self.pair_ranks.is_none())
    }

    /// The hand's counts with joker kinds moved to the jokers.
    pub fn natural(&self, counts: &[u8; KINDS], jokers: u32) -> ([u8; KINDS], u32) {
        let mut c = *counts;
        let mut j = jokers;
        for &k in &self.joker_kinds {
            j += c[k] as u32;
            c[k] = 0;
        }
        (c, j)
    }
}

/// Are the hand's natural tiles within the rules' suit limit?
fn suits_within(spec: &Spec, natural: &[u8; KINDS]) -> bool {
    spec.max_suits.is_none_or(|max| {
        let held = (0..3)
            .filter(|&s| natural[s * 9..s * 9 + 9].iter().any(|&n| n > 0))
            .count() as u32;
        held <= max
    })
}

/// The forms a hand wins by under `spec`: (standard, seven pairs, orphans).
pub fn forms_spec(spec: &Spec, counts: &[u8; KINDS], jokers: u32) -> [bool; 3] {
    let (c, j) = spec.natural(counts, jokers);
    let total: u32 = c.iter().map(|&n| n as u32).sum::<u32>() + j;
    let standard = spec.forms[0]
        && suits_within(spec, &c)
        && total % 3 == 2
        && (0..4)
            .any(|pair_suit| spec.pair_suit_ok(pair_suit) && spec_suits(spec, &c, 0, j, pair_suit));
    let [pairs, orphans] = pairs_and_orphans_spec(spec, counts, jokers);
    [standard, pairs, orphans]
}

/// Seven pairs and thirteen orphans under `spec`.
pub fn pairs_and_orphans_spec(spec: &Spec, counts: &[u8; KINDS], jokers: u32) -> [bool; 2] {
    let (c, j) = spec.natural(counts, jokers);
    if !suits_within(spec, &c) {
        return [false; 2];
    }
    [
        // Seven different pairs need seven kinds in play; `seven_pairs`
        // pairs the jokers left over among kinds it does not check.
        spec.forms[1]
            && seven_pairs(&c, j, !spec.quads)
            && (spec.quads || spec.tiles.iter().filter(|&&t| t).count() >= 7),
        spec.forms[2] && orphans_ok(spec) && thirteen_orphans(&c, j),
    ]
}

fn spec_suits(spec: &Spec, c: &[u8; KINDS], suit: usize, jokers: u32, pair_suit: usize) -> bool {
    if suit == 4 {
        return jokers % 3 == 0;
    }
    let range = if suit == 3 {
        27..34
    } else {
        suit * 9..suit * 9 + 9
    };
    let part = &c[range];
    let mask = if suit == 3 {
        0x7f
    } else {
        spec.pair_ranks.unwrap_or(0x1ff)
    };
    for j in 0..=jokers {
        let mut cc = part.to_vec();
        let mut placed = vec![0u8; part.len()];
        if complete_h(
            &mut cc,
            &mut placed,
            part,
            suit < 3,
            suit == 3 && spec.honor_seq,
            suit == pair_suit,
            j,
            spec.cap,
            mask,
        ) && spec_suits(spec, c, suit + 1, jokers - j, pair_suit)
        {
            return true;
        }
    }
    false
}

/// Waits under `spec` by brute force: every kind in play that may be drawn
/// (held fewer than four times, or four when `four_held`) whose addition
/// wins; a joker kind drawn is one more joker.
pub fn waits_spec(spec: &Spec, counts: &[u8; KINDS], jokers: u32) -> Vec<usize> {
    (0..KINDS)
        .filter(|&t| {
            if !spec.tiles[t] || (counts[t] >= 4 && !spec.four_held) {
                return false;
            }
            let mut c = *counts;
            let mut j = jokers;
            if spec.joker_kinds.contains(&t) {
                j += 1;
            } else {
                c[t] += 1;
            }
            wins_spec(spec, &c, j)
        })
        .collect()
}

/// Does the hand win under `spec` by any form ([`forms_spec`] or
/// [`knitted_forms_spec`])?
pub fn wins_spec(spec: &Spec, counts: &[u8; KINDS], jokers: u32) -> bool {
    forms_spec(spec, counts, jokers).iter().any(|&w| w)
        || knitted_forms_spec(spec, counts, jokers).iter().any(|&w| w)
}

/// Every split of a hand under `spec`, as text (`form g1 g2 ...`, groups
/// sorted as strings), by whole-hand enumeration written from the rules'
/// text: the lowest natural tile left goes into every group that can hold
/// it, each other slot natural or joker, every joker placed explicitly so
/// that the tiles in play and the cap are checked on what it stands for.
/// Groups of jokers only (`***`, `**`) stay unresolved in the standard form
/// and seven pairs; a joker-only pair needs some kind that may hold a pair.
pub fn splits_spec(
    spec: &Spec,
    counts: &[u8; KINDS],
    jokers: u32,
) -> std::collections::BTreeSet<String> {
    let (nat, j) = spec.natural(counts, jokers);
    let mut walk = Walk {
        spec,
        nat,
        left: nat,
        placed: [0; KINDS],
        used: [false; KINDS],
        groups: Vec::new(),
        out: std::collections::BTreeSet::new(),
    };
    if let Some(max) = spec.max_suits {
        let held = (0..3)
            .filter(|&s| nat[s * 9..s * 9 + 9].iter().any(|&n| n > 0))
            .count() as u32;
        if held > max {
            return walk.out;
        }
    }
    let total: u32 = nat.iter().map(|&n| n as u32).sum::<u32>() + j;
    if spec.forms[0] && total % 3 == 2 {
        walk.standard(j, false);
    }
    if spec.forms[1] && total == 14 {
        walk.pairs(j);
    }
    if spec.forms[2] && total == 14 && orphans_ok(spec) {
        walk.orphans(j);
    }
    let mut out = walk.out;
    out.extend(knitted_splits_spec(spec, counts, jokers));
    out
}

/// The state of [`splits_spec`]'s search.
struct Walk<'a> {
    spec: &'a Spec,
    /// The hand's natural tiles (never changed).
    nat: [u8; KINDS],
    /// Natural tiles not yet in a group.
    left: [u8; KINDS],
    /// Jokers standing for each kind so far (resolved groups only).
    placed: [u8; KINDS],
    /// Kinds holding a pair so far (seven pairs).
    used: [bool; KINDS],
    groups: Vec<String>,
    out: std::collections::BTreeSet<String>,
}

/// Honour sequences: any three different winds, or the three dragons.
pub const HONOR_SETS: [[usize; 3]; 5] = [
    [27, 28, 29],
    [27, 28, 30],
    [27, 29, 30],
    [28, 29, 30],
    [31, 32, 33],
];

impl Walk<'_> {
    /// May kind `k` end with `extra` more jokers standing for it?
    fn room(&self, k: usize, extra: u8) -> bool {
        self.spec
            .cap
            .is_none_or(|cap| self.nat[k] + self.placed[k] + extra <= cap)
    }

    /// May the standard form's pair be of kind `k`?
    fn pair_kind(&self, k: usize) -> bool {
        self.spec.tiles[k]
            && match self.spec.pair_ranks {
                None => true,
                Some(mask) => k < 27 && mask >> (k % 9) & 1 == 1,
            }
    }

    fn record(&mut self, form: &str, extra: &[&str]) {
        let mut g = self.groups.clone();
        g.extend(extra.iter().map(|s| s.to_string()));
        g.sort();
        self.out.insert(format!("{form} {}", g.join(" ")));
    }

    /// Places `slots` (tiles in rank order, a joker where `mask` has a bit),
    /// recurses with `next`, and takes them back. Returns without recursing
    /// when a natural tile is missing, a joker's tile is out of play, or the
    /// cap is broken.
    fn with_group(&mut self, slots: &[usize], mask: u32, next: &mut dyn FnMut(&mut Self)) {
        let mut left = self.left;
        let mut placed = self.placed;
        for (i, &k) in slots.iter().enumerate() {
            if mask >> i & 1 == 1 {
                if !self.spec.tiles[k] {
                    return;
                }
                placed[k] += 1;
            } else {
                if left[k] == 0 {
                    return;
                }
                left[k] -= 1;
            }
        }
        if let Some(cap) = self.spec.cap {
            if slots.iter().any(|&k| self.nat[k] + placed[k] > cap) {
                return;
            }
        }
        let (old_left, old_placed) = (self.left, self.placed);
        self.left = left;
        self.placed = placed;
        let text: Vec<(usize, bool)> = slots
            .iter()
            .enumerate()
            .map(|(i, &k)| (k, mask >> i & 1 == 1))
            .collect();
        self.groups.push(group_text(&text));
        next(self);
        self.groups.pop();
        self.left = old_left;
        self.placed = old_placed;
    }

    /// Standard form: melds and one pair.
    fn standard(&mut self, jokers: u32, pair_used: bool) {
        let Some(t) = self.left.iter().position(|&n| n > 0) else {
            let mut extra: Vec<&str> = Vec::new();
            let mut rest = jokers;
            if !pair_used {
                let room = (0..KINDS).any(|k| self.pair_kind(k) && self.room(k, 2));
                if rest < 2 || !room {
                    return;
                }
                rest -= 2;
                extra.push("**");
            }
            if rest % 3 != 0 {
                return;
            }
            extra.extend((0..rest / 3).map(|_| "***"));
            self.record("standard", &extra);
            return;
        };
        // Every group that can hold t: (slots in rank order, is a pair).
        let mut shapes: Vec<(Vec<usize>, bool)> = vec![(vec![t; 3], false)];
        if !pair_used && self.pair_kind(t) {
            shapes.push((vec![t; 2], true));
        }
        if t < 27 {
            let suit = t / 9 * 9;
            for lo in t.saturating_sub(2).max(suit)..=t {
                if lo + 2 < suit + 9 {
                    shapes.push((vec![lo, lo + 1, lo + 2], false));
                }
            }
        } else if self.spec.honor_seq {
            for set in HONOR_SETS {
                if set.contains(&t) {
                    shapes.push((set.to_vec(), false));
                }
            }
        }
        for (slots, is_pair) in shapes {
            let same = slots.iter().all(|&k| k == t);
            for mask in 0u32..1 << slots.len() {
                let used = mask.count_ones();
                // t itself is natural; identical tiles put jokers last.
                let t_natural = slots
                    .iter()
                    .enumerate()
                    .any(|(i, &k)| k == t && mask >> i & 1 == 0);
                let all = (1u32 << slots.len()) - 1;
                let canonical = !same || mask == all ^ ((1 << (slots.len() as u32 - used)) - 1);
                if used > jokers || !t_natural || !canonical {
                    continue;
                }
                self.with_group(&slots, mask, &mut |w: &mut Self| {
                    w.standard(jokers - used, pair_used || is_pair)
                });
            }
        }
    }

    /// Seven pairs: the lowest natural tile pairs with another copy or a
    /// joker; jokers left pair with each other.
    fn pairs(&mut self, jokers: u32) {
        let distinct = !self.spec.quads;
        let Some(t) = self.left.iter().position(|&n| n > 0) else {
            if jokers % 2 != 0 {
                return;
            }
            let free = (0..KINDS)
                .filter(|&k| self.spec.tiles[k] && !self.used[k])
                .count() as u32;
            if distinct && free < jokers / 2 {
                return;
            }
            let extra = vec!["**"; jokers as usize / 2];
            self.record("seven-pairs", &extra);
            return;
        };
        if distinct && self.used[t] {
            return;
        }
        let was = self.used[t];
        self.used[t] = true;
        for mask in [0b00u32, 0b10] {
            let used = mask.count_ones();
            if used > jokers {
                continue;
            }
            self.with_group(&[t, t], mask, &mut |w: &mut Self| w.pairs(jokers - used));
        }
        self.used[t] = was;
    }

    /// Thirteen orphans: each orphan once, one of them twice; every joker
    /// stands for the orphan it completes, which must be in play.
    fn orphans(&mut self, jokers: u32) {
        const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
        if (0..KINDS).any(|k| self.nat[k] > 0 && !ORPHANS.contains(&k)) {
            return;
        }
        for pair in ORPHANS {
            let mut groups = Vec::new();
            let mut missing = 0;
            let mut ok = true;
            for o in ORPHANS {
                let want = if o == pair { 2 } else { 1 };
                let have = self.nat[o] as usize;
                if have > want || (have < want && !self.spec.tiles[o]) {
                    ok = false;
                    break;
                }
                missing += (want - have) as u32;
                let slots: Vec<(usize, bool)> = (0..want).map(|i| (o, i >= have)).collect();
                groups.push(group_text(&slots));
            }
            if ok && missing == jokers {
                groups.sort();
                self.out
                    .insert(format!("thirteen-orphans {}", groups.join(" ")));
            }
        }
    }
}

// ---------------------------------------------------------------------------
// The GB knitted forms, written from the text by whole-hand
// enumeration: every represented hand of the form is built tile by tile,
// and the hand wins when its natural tiles fit inside one and the jokers
// fill the rest exactly (a joker stands for any kind in play; under `cap`
// no kind is represented more than `cap` times).
// ---------------------------------------------------------------------------

/// The six knitted straights: 147, 258 and 369 given to m, p and s in
/// every order, as nine tile indices each.
pub fn knitted_assignments() -> Vec<[usize; 9]> {
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    orders
        .iter()
        .map(|order| {
            let mut kinds = [0usize; 9];
            for suit in 0..3 {
                for step in 0..3 {
                    // Class c of suit s: ranks c+1, c+4, c+7.
                    kinds[suit * 3 + step] = suit * 9 + order[suit] + 3 * step;
                }
            }
            kinds
        })
        .collect()
}

/// Every meld as its three tile indices: triplets of every kind, sequences
/// of every numbered suit, and with `honor_seq` the honour sequences.
pub fn all_melds(honor_seq: bool) -> Vec<[usize; 3]> {
    let mut melds: Vec<[usize; 3]> = (0..KINDS).map(|k| [k, k, k]).collect();
    for suit in 0..3 {
        for lo in 0..7 {
            let t = suit * 9 + lo;
            melds.push([t, t + 1, t + 2]);
        }
    }
    if honor_seq {
        melds.extend(HONOR_SETS);
    }
    melds
}

/// May the pair of a knitted straight be kind `k` under `spec` (as the
/// standard form's pair: in play, on an allowed rank)?
pub fn knitted_pair_ok(spec: &Spec, k: usize) -> bool {
    spec.tiles[k]
        && match spec.pair_ranks {
            None => true,
            Some(mask) => k < 27 && mask >> (k % 9) & 1 == 1,
        }
}

/// Does the represented hand `want` (counts per kind) hold the natural
/// tiles `nat` and exactly `jokers` more, every represented kind in play
/// and within the cap?
fn fits_exactly(spec: &Spec, want: &[u8; KINDS], nat: &[u8; KINDS], jokers: u32) -> bool {
    let mut fill = 0u32;
    for k in 0..KINDS {
        if want[k] < nat[k] || (want[k] > 0 && !spec.tiles[k]) {
            return false;
        }
        if spec.cap.is_some_and(|cap| want[k] > cap) {
            return false;
        }
        fill += (want[k] - nat[k]) as u32;
    }
    fill == jokers
}

/// Can thirteen orphans be completed under `spec`? A joker stands only
/// for a tile in play, so every orphan kind must be in play; and the form
/// holds the three numbered suits (its jokers stand for the orphans they
/// complete), so the rules' suit limit must allow three.
pub fn orphans_ok(spec: &Spec) -> bool {
    [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        .iter()
        .all(|&o| spec.tiles[o])
        && spec.max_suits.is_none_or(|m| m >= 3)
}

/// The numbered suits the knitted forms need: all three, within the
/// rules' suit limit (a knitted hand always spans the three suits).
pub fn knitted_suits_ok(spec: &Spec) -> bool {
    (0..3).all(|s| spec.tiles[s * 9]) && spec.max_suits.is_none_or(|m| m >= 3)
}

/// The represented hands of a knitted straight under `spec` that the
/// natural tiles `nat` plus `jokers` fill exactly: (assignment, meld, pair).
fn knitted_straights(
    spec: &Spec,
    nat: &[u8; KINDS],
    jokers: u32,
) -> Vec<([usize; 9], [usize; 3], usize)> {
    let mut out = Vec::new();
    let total: u32 = nat.iter().map(|&n| n as u32).sum::<u32>() + jokers;
    if !spec.knitted || total != 14 || spec.max_tiles < 14 || !knitted_suits_ok(spec) {
        return out;
    }
    let melds = all_melds(spec.honor_seq);
    for a in knitted_assignments() {
        let mut base = [0u8; KINDS];
        for &k in &a {
            base[k] += 1;
        }
        // Natural tiles outside the nine must fit in five tiles.
        let over: u32 = (0..KINDS)
            .map(|k| nat[k].saturating_sub(base[k]) as u32)
            .sum();
        if over > 5 {
            continue;
        }
        for pair in (0..KINDS).filter(|&k| knitted_pair_ok(spec, k)) {
            let mut with_pair = base;
            with_pair[pair] += 2;
            let over: u32 = (0..KINDS)
                .map(|k| nat[k].saturating_sub(with_pair[k]) as u32)
                .sum();
            if over > 3 {
                continue;
            }
            // The natural tiles beyond the nine and the pair are the meld's.
            let beyond: Vec<usize> = (0..KINDS).filter(|&k| nat[k] > with_pair[k]).collect();
            for meld in &melds {
                if !beyond.iter().all(|k| meld.contains(k)) {
                    continue;
                }
                let mut want = base;
                want[pair] += 2;
                for &k in meld {
                    want[k] += 1;
                }
                if fits_exactly(spec, &want, nat, jokers) {
                    out.push((a, *meld, pair));
                }
            }
        }
    }
    out
}

/// The sets of fourteen kinds honours-and-knitted may represent under
/// `spec`: for each assignment, 14 of its nine and the honours in play
/// (`greater`: all seven honours among them).
fn honors_knitted_sets(spec: &Spec, greater: bool) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for a in knitted_assignments() {
        let mut pool: Vec<usize> = a.to_vec();
        pool.extend((27..34).filter(|&k| spec.tiles[k]));
        // Leave out pool.len() - 14 kinds (at most two), in every way.
        let n = pool.len();
        let mut left_out: Vec<Vec<usize>> = Vec::new();
        match n {
            14 => left_out.push(vec![]),
            15 => left_out.extend((0..n).map(|i| vec![i])),
            16 => left_out.extend((0..n).flat_map(|i| (i + 1..n).map(move |k| vec![i, k]))),
            _ => {}
        }
        for out_ in left_out {
            let set: Vec<usize> = (0..n)
                .filter(|i| !out_.contains(i))
                .map(|i| pool[i])
                .collect();
            if greater && (27..34).any(|h| !set.contains(&h)) {
                continue;
            }
            out.push(set);
        }
    }
    out
}

/// The kinds of each honours-and-knitted hand (`greater`: the greater form)
/// that the natural tiles `nat` plus `jokers` fill exactly.
fn honors_knitted_hands(
    spec: &Spec,
    nat: &[u8; KINDS],
    jokers: u32,
    greater: bool,
) -> Vec<Vec<usize>> {
    let enabled = if greater {
        spec.greater_honors_knitted
    } else {
        spec.honors_knitted
    };
    let total: u32 = nat.iter().map(|&n| n as u32).sum::<u32>() + jokers;
    if !enabled
        || total != 14
        || spec.max_tiles < 14
        || !knitted_suits_ok(spec)
        || nat.iter().any(|&n| n > 1)
    {
        return Vec::new();
    }
    honors_knitted_sets(spec, greater)
        .into_iter()
        .filter(|set| {
            let mut want = [0u8; KINDS];
            for &k in set {
                want[k] = 1;
            }
            fits_exactly(spec, &want, nat, jokers)
        })
        .collect()
}

/// The knitted forms a hand wins by under `spec`: (knitted straight,
/// honours and knitted tiles, its greater form).
pub fn knitted_forms_spec(spec: &Spec, counts: &[u8; KINDS], jokers: u32) -> [bool; 3] {
    let (nat, j) = spec.natural(counts, jokers);
    [
        !knitted_straights(spec, &nat, j).is_empty(),
        !honors_knitted_hands(spec, &nat, j, false).is_empty(),
        !honors_knitted_hands(spec, &nat, j, true).is_empty(),
    ]
}

/// A group of tiles of several suits as text: the tiles in index order,
/// each suit's ranks (`*` for a joker) then its letter, and when a joker
/// is there, `:` and the same with every rank.
pub fn multi_suit_text(slots: &[(usize, bool)]) -> String {
    let mut slots = slots.to_vec();
    slots.sort();
    let write = |resolved: bool| {
        let mut s = String::new();
        for (i, &(t, joker)) in slots.iter().enumerate() {
            s.push(if joker && !resolved {
                '*'
            } else {
                char::from(b'1' + (t % 9) as u8)
            });
            if slots.get(i + 1).is_none_or(|n| n.0 / 9 != t / 9) {
                s.push(suit_letter(t));
            }
        }
        s
    };
    let mut text = write(false);
    if slots.iter().any(|&(_, j)| j) {
        text.push(':');
        text.push_str(&write(true));
    }
    text
}

/// Every split of the knitted forms under `spec`, as text: each
/// represented hand found above, with every way to say which of its tiles
/// are natural and which are jokers (a kind held twice may be natural in
/// one group and a joker in another). A meld or pair of jokers only is
/// left unresolved (`***`, `**`); the knitted groups are always resolved.
pub fn knitted_splits_spec(
    spec: &Spec,
    counts: &[u8; KINDS],
    jokers: u32,
) -> std::collections::BTreeSet<String> {
    let (nat, j) = spec.natural(counts, jokers);
    let mut out = std::collections::BTreeSet::new();
    for (a, meld, pair) in knitted_straights(spec, &nat, j) {
        // Slots: the nine, the meld's three, the pair's two; each natural
        // or joker so that the naturals used are exactly `nat`.
        let kinds: Vec<usize> = a
            .iter()
            .copied()
            .chain(meld.iter().copied())
            .chain([pair, pair])
            .collect();
        for mask in 0u32..1 << 14 {
            let mut used = [0u8; KINDS];
            for (i, &k) in kinds.iter().enumerate() {
                if mask >> i & 1 == 0 {
                    used[k] += 1;
                }
            }
            if used != nat {
                continue;
            }
            let slot = |i: usize| (kinds[i], mask >> i & 1 == 1);
            let knit: Vec<(usize, bool)> = (0..9).map(slot).collect();
            let m: Vec<(usize, bool)> = (9..12).map(slot).collect();
            let p: Vec<(usize, bool)> = (12..14).map(slot).collect();
            // Identical tiles show their jokers last.
            let canonical = |g: &[(usize, bool)]| {
                g.iter().any(|x| x.0 != g[0].0) || g.windows(2).all(|w| w[0].1 <= w[1].1)
            };
            if !canonical(&m) || !canonical(&p) {
                continue;
            }
            let text = |g: &[(usize, bool)], all: &str| {
                if g.iter().all(|x| x.1) {
                    all.to_string()
                } else {
                    group_text(g)
                }
            };
            let mut groups = [multi_suit_text(&knit), text(&m, "***"), text(&p, "**")];
            groups.sort();
            out.insert(format!("knitted-straight {}", groups.join(" ")));
        }
    }
    for (greater, name) in [
        (false, "honors-and-knitted"),
        (true, "greater-honors-and-knitted"),
    ] {
        for set in honors_knitted_hands(spec, &nat, j, greater) {
            let slots: Vec<(usize, bool)> = set.iter().map(|&k| (k, nat[k] == 0)).collect();
            out.insert(format!("{name} {}", multi_suit_text(&slots)));
        }
    }
    out
}

/// Can `counts` plus exactly `jokers` be a knitted straight's nine tiles
/// (one assignment), at most one meld and, with `pair`, one pair, under
/// `spec`? By building every such represented hand (sizes 9 to 14).
pub fn knitted_groups_spec(spec: &Spec, counts: &[u8; KINDS], jokers: u32, pair: bool) -> bool {
    let total: u32 = counts.iter().map(|&n| n as u32).sum::<u32>() + jokers;
    let Some(rest) = total.checked_sub(9 + if pair { 2 } else { 0 }) else {
        return false;
    };
    if rest != 0 && rest != 3 {
        return false;
    }
    let melds: Vec<Option<[usize; 3]>> = if rest == 3 {
        all_melds(spec.honor_seq).into_iter().map(Some).collect()
    } else {
        vec![None]
    };
    let pairs: Vec<Option<usize>> = if pair {
        (0..KINDS)
            .filter(|&k| knitted_pair_ok(spec, k))
            .map(Some)
            .collect()
    } else {
        vec![None]
    };
    knitted_assignments().iter().any(|a| {
        melds.iter().any(|m| {
            pairs.iter().any(|p| {
                let mut want = [0u8; KINDS];
                for &k in a.iter().chain(m.iter().flatten()) {
                    want[k] += 1;
                }
                if let Some(p) = p {
                    want[*p] += 2;
                }
                fits_exactly(spec, &want, counts, jokers)
            })
        })
    })
}

/// The reveal's test for a ready knitted straight under `gb`: one side
/// holds the knitted nine (and whole groups), the other whole groups; the
/// shown side plus every wait completes its part.
fn knitted_reveal_ok(
    hidden: &[u8; KINDS],
    hj: u32,
    shown: &[u8; KINDS],
    sj: u32,
    waits: &[usize],
) -> bool {
    let spec = Spec::preset("gb");
    let hsize: u32 = hidden.iter().map(|&c| c as u32).sum::<u32>() + hj;
    let total = hsize + shown.iter().map(|&c| c as u32).sum::<u32>() + sj;
    if total != 13 || hsize % 3 == 1 {
        return false;
    }
    let hidden_pair = hsize % 3 == 2;
    let plain = |c: &[u8; KINDS], j: u32, pair: bool| {
        if pair {
            standard(c, j)
        } else {
            melds_only(c, j)
        }
    };
    let with = |w: usize| {
        let mut s = *shown;
        s[w] += 1;
        s
    };
    (knitted_groups_spec(&spec, hidden, hj, hidden_pair)
        && waits.iter().all(|&w| plain(&with(w), sj, !hidden_pair)))
        || (plain(hidden, hj, hidden_pair)
            && waits
                .iter()
                .all(|&w| knitted_groups_spec(&spec, &with(w), sj, !hidden_pair)))
}
