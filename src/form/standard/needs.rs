//! The needs of any counts, a kind held five times peeled into its
//! melds (the tables hold counts of at most four).

use crate::rules::compiled::Rules;
use crate::tables::key::key_of;
use crate::tables::{Need, HONOR_SEQUENCES};
use crate::tile::KINDS;

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
pub(super) fn meld_sets(rules: &Rules, s: usize, r: usize) -> Vec<u16> {
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
