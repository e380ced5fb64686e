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

mod bounds;
mod distance;
mod draws;
mod fifths;
mod joker_melds;
mod needs;
mod ranks;
mod reveal;
mod split;
mod win;

pub(crate) use self::bounds::*;
pub(crate) use self::distance::*;
pub(crate) use self::draws::*;
pub(crate) use self::fifths::*;
pub(crate) use self::joker_melds::*;
pub(crate) use self::needs::*;
pub(crate) use self::reveal::*;
pub(crate) use self::split::*;
pub(crate) use self::win::*;

use crate::form::judge::{waits_by_draws, Judge, RevealSplit, WaitOptions};
use crate::form::kind::Form;
use crate::group::{Group, GroupKind, SplitSink};
use crate::position::Position;
use crate::rules::compiled::{Resolved, Rules};
use crate::tables::SuitProfile;
use crate::tile::{Suit, Tile, KINDS};

/// The standard form's answers ([`Judge`]).
pub(crate) struct Standard;

impl Judge for Standard {
    const FORM: Form = Form::Standard;
    const TAKES_MELDS: bool = true;

    fn never_wins(r: &Resolved) -> Option<&'static str> {
        (!Suit::ALL.into_iter().any(|s| r.may_hold_pair(s)))
            .then_some("standard: no kind in play may be the pair")
    }

    /// Every 3N+2 size up to the rules' limit, a meld as 3 tiles.
    fn win_sizes(r: &Resolved, melds: usize) -> u64 {
        (2..=r.max_tiles).step_by(3).fold(0u64, |m, n| m | 1 << n) >> (3 * melds)
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
    fn waits(rules: &Rules, pos: &Position, open: u32, options: WaitOptions) -> u64 {
        if pos.has_melds() && !rules.joker_fifth_copy {
            return waits_by_draws(rules, pos, capped_win_mask);
        }
        waits(rules, pos, open, options)
    }

    fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink) {
        splits(rules, pos, out)
    }

    fn split_count(rules: &Rules, pos: &Position) -> u64 {
        split_count(rules, pos)
    }

    /// Group by group, none listed: each group through a natural tile the
    /// hand holds (of `tile`'s kind, or any holding a joker), kept when
    /// some split holds it; and the groups of jokers only.
    fn groups_holding(rules: &Rules, pos: &Position, tile: Option<Tile>) -> Vec<Group> {
        let counts = pos.counts();
        let through: Vec<(usize, usize)> = match tile {
            Some(t) => vec![(t.index() / 9, t.index() % 9)],
            None => (0..KINDS)
                .filter(|&i| counts[i] > 0)
                .map(|i| (i / 9, i % 9))
                .collect(),
        };
        let mut out: Vec<Group> = Vec::new();
        for (s, r) in through {
            for g in groups_of(rules, pos, s, r) {
                let group = g.group(s);
                let holds_tile = tile.is_some() || g.jokers() > 0;
                if holds_tile && !out.contains(&group) && holds(rules, pos, s, &g) {
                    out.push(group);
                }
            }
        }
        if tile.is_none() {
            for (kind, pair) in [(GroupKind::Triplet, false), (GroupKind::Pair, true)] {
                if holds_jokers_only(rules, pos, pair) {
                    out.push(Group::unresolved(kind));
                }
            }
        }
        out
    }

    fn hides(rules: &Rules, split: &RevealSplit) -> bool {
        hides(rules, split)
    }

    #[inline(always)]
    fn distance(rules: &Rules, pos: &Position, suits: &[SuitProfile; 4], _below: u8) -> u8 {
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
    use super::distance::*;
    use super::draws::*;
    use super::needs::*;
    use super::ranks::{Levels, RankSuit};
    use super::*;
    use crate::tables::HONOR_SEQUENCES;
    use crate::tile::Tile;

    /// A suit's counts (or limits) by rank.
    type Ranks = [u8; 9];

    /// Every target of suit `s` listed, as the definition reads: a
    /// multiset of at most `k` (and five) melds on kinds in play, and the
    /// pair or not; its missing tiles and copies beyond `limits` scored,
    /// `[b]` the least with at most `b` beyond (`[8]`: any number), none
    /// with more than `spend` beyond (below 8) counted.
    fn listed_levels(
        rules: &Rules,
        s: usize,
        counts: &Ranks,
        k: usize,
        limits: &Ranks,
        spend: u32,
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
            if spend < 8 && beyond > spend {
                return;
            }
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
    /// ranks, honour sequences, kinds out of play, declared kinds' limits,
    /// and every cap on the copies beyond them.
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
            for _ in 0..if cfg!(debug_assertions) { 12 } else { 300 } {
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
                let spend = next(10) as u32;
                assert_eq!(
                    RankSuit::new(rules, s, &counts, k, &limits, spend).levels(),
                    listed_levels(rules, s, &counts, k, &limits, spend),
                    "suit {s}, counts {counts:?}, k {k}, limits {limits:?}, spend {spend}"
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
                ReversedJoin::of::<K>(&join::<K>(&b, &c)).beside::<K>(a.map(u64::from_le_bytes)),
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
