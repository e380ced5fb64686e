//! The standard form's win and waits: the four suits' needs combined
//! with the pair's cost, and the draws that complete a 3N+1 hand.

use super::needs::{fifth_copy, ranks};
use crate::form::judge::WaitOptions;
use crate::position::Position;
use crate::rules::compiled::Rules;
use crate::swar::bits;
use crate::swar::SuitWords;
use crate::tables::Need;
use crate::tile::KINDS;

/// Fewest jokers that complete four suits into N melds plus one pair held
/// by a suit that may hold it ([`SuitLanes::need`]).
#[inline(always)]
pub(crate) fn need(rules: &Rules, needs: &[Need; 4]) -> u8 {
    SuitLanes::of(*needs, rules.derived.pair_cost_lanes).need()
}

/// [`need`] of `pos`'s natural tiles, its suits' entries read from their
/// keys.
#[inline(always)]
pub(crate) fn need_of(rules: &Rules, pos: &Position) -> u8 {
    need(rules, &rules.tables.needs(pos.keys))
}

/// Fewest jokers that complete four suits into melds only.
#[inline]
pub(crate) fn melds_need(needs: &[Need; 4]) -> u8 {
    needs.iter().map(|n| n.melds()).sum()
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles complete
/// the standard form: every count from the need up.
#[inline(always)]
pub(crate) fn win_mask(rules: &Rules, pos: &Position) -> u32 {
    u32::MAX
        .checked_shl(need_of(rules, pos) as u32)
        .unwrap_or(0)
}

/// Does `pos` (natural tiles and jokers) complete the standard form: does
/// [`need`] come within its jokers? Some suit holds the pair within the
/// jokers its melds leave, the four suits judged side by side
/// ([`SuitLanes::pair_within`]): no least and no per-suit comparison,
/// either of which may be compiled to a branch that hands near a win
/// mispredict.
#[inline(always)]
pub(crate) fn wins(rules: &Rules, pos: &Position) -> bool {
    SuitLanes::of(rules.tables.needs(pos.keys), rules.derived.pair_cost_lanes)
        .pair_within(pos.jokers)
}

/// Do the natural tiles `words` and `jokers` complete the standard form,
/// under rules of the lean win (`Derived::lean_win`: every kind in play,
/// no joker kind, every suit free to hold the pair)? The keys worked out
/// from the words; with no joker the need bytes side by side
/// ([`wins_unaided`]), else [`wins`]' lanes.
#[inline(always)]
pub(crate) fn wins_lean(rules: &Rules, words: &SuitWords, jokers: u8) -> bool {
    let needs = rules.tables.needs(words.keys());
    if jokers == 0 {
        return wins_unaided(needs);
    }
    SuitLanes::of(needs, rules.derived.pair_cost_lanes).pair_within(jokers)
}

/// Do four suits whose needs are `needs` complete the standard form with
/// no joker, every suit free to hold the pair? Every suit's melds
/// complete, or its melds and the pair, exactly one of them the pair: the
/// four need bytes side by side, no branch per suit (which hands near a
/// win mispredict).
#[inline(always)]
fn wins_unaided(needs: [Need; 4]) -> bool {
    const NIBBLES: u32 = 0x0f0f_0f0f;
    const HIGH: u32 = 0x8080_8080;
    let bytes = u32::from_le_bytes(needs.map(|n| n.byte()));
    // 0x80 in each byte whose nibble is not zero: no carry leaves a byte.
    let nonzero = |nibbles: u32| (nibbles + 0x7f7f_7f7f) & HIGH;
    let melds_open = nonzero(bytes & NIBBLES);
    let pair_open = nonzero(bytes >> 4 & NIBBLES);
    (melds_open & pair_open == 0) & (!pair_open & HIGH).is_power_of_two()
}

/// The four suits' needs side by side, a 16-bit lane each (lane `s` for
/// suit `s`), every lane positive and below `0x8000` so that no borrow
/// crosses a lane: what [`wins`], [`need`] and [`DrawLimits`] read.
#[derive(Clone, Copy, Debug)]
struct SuitLanes {
    /// Lane `s`: the jokers suit `s`'s melds need.
    melds: u64,
    /// Lane `s`: the jokers suit `s`'s melds and the pair need.
    pairs: u64,
    /// The jokers every suit's melds need, added up (at most 4 x 15).
    melds_sum: u64,
    /// Lane `s`: what holding the pair costs suit s beyond its melds, and
    /// its penalty where it may not hold it, raised by [`COST_BIAS`].
    cost: u64,
}

/// One in each 16-bit lane.
const LANES: u64 = 0x0001_0001_0001_0001;
/// The high bit of each lane.
const LANE_HIGH: u64 = 0x8000 * LANES;
/// What each pair cost is raised by: above any need, so that the costs
/// stay positive.
const COST_BIAS: u64 = 0x100;

/// The rules' pair penalties (`Derived::pair_penalty`) as [`SuitLanes`]
/// read them: lane `s` holds `penalty[s]` raised by [`COST_BIAS`]. The
/// rules keep it as `Derived::pair_cost_lanes`.
pub(crate) fn pair_cost_lanes(penalty: [i16; 4]) -> u64 {
    (0..4).fold(0, |w, s| w | (penalty[s] as u64 + COST_BIAS) << (16 * s))
}

impl SuitLanes {
    /// The lanes of four suits whose needs are `needs`, with the rules'
    /// `pair_cost_lanes` (lane `s`: `pair_penalty[s]` + [`COST_BIAS`]).
    #[inline(always)]
    fn of(needs: [Need; 4], pair_cost_lanes: u64) -> SuitLanes {
        let bytes = needs
            .iter()
            .enumerate()
            .fold(0u64, |w, (s, n)| w | (n.byte() as u64) << (16 * s));
        let melds = bytes & (0xf * LANES);
        let pairs = (bytes >> 4) & (0xf * LANES);
        SuitLanes {
            melds,
            pairs,
            melds_sum: melds.wrapping_mul(LANES) >> 48,
            cost: pairs + pair_cost_lanes - melds,
        }
    }

    /// The jokers left once every suit's melds are paid, raised by
    /// [`COST_BIAS`]: never negative, and below `0x200` for any joker
    /// count.
    #[inline(always)]
    fn room(&self, jokers: u8) -> u64 {
        jokers as u64 + COST_BIAS - self.melds_sum
    }

    /// Every suit's melds and the least of the suits' pair costs (255 and
    /// above as 255).
    #[inline(always)]
    fn need(&self) -> u8 {
        let least = least_lanes(self.cost, self.cost.rotate_right(16));
        let least = least_lanes(least, least.rotate_right(32)) & 0xffff;
        // Never negative: a suit's pair cost falls below its bias by at
        // most its own melds' need.
        (self.melds_sum + least - COST_BIAS).min(u8::MAX as u64) as u8
    }

    /// Does some suit hold the pair within the jokers the melds leave: is
    /// some `melds_sum - melds[s] + with_pair[s]` (and its penalty) at most
    /// `jokers`?
    #[inline(always)]
    fn pair_within(&self, jokers: u8) -> bool {
        within(self.room(jokers) * LANES, self.cost) != 0
    }
}

/// Lane by lane, the least of `a` and `b` (every lane below `0x8000`).
#[inline(always)]
fn least_lanes(a: u64, b: u64) -> u64 {
    // 1 in each lane where `b` is at most `a`, spread to a lane's mask:
    // the top lane's 1 shifts out of the word, and the wrapped difference
    // fills that lane all the same.
    let b_least = within(a, b) >> 15;
    let mask = (b_least << 16).wrapping_sub(b_least);
    (b & mask) | (a & !mask)
}

/// `0x8000` in each lane where `need` is at most `limit` (every lane of
/// both below `0x8000`).
#[inline(always)]
fn within(limit: u64, need: u64) -> u64 {
    ((limit | LANE_HIGH) - need) & LANE_HIGH
}

/// The natural kinds whose draw completes the 3N+1 `pos` in the standard
/// form, among the suits whose bit is set in `open` (m, p, s, honours).
///
/// A tile joining suit `s` changes only that suit's needs, and never by
/// less than one joker: a completion of the new pattern with `k` jokers
/// completes the old one with `k + 1` (a joker in the new tile's place),
/// and a need keeps its residue modulo 3 (tiles plus jokers fill melds of
/// three), so it falls by exactly one or rises. A suit whose needs cannot
/// fall far enough is not scanned (when no suit can, suit 0 is, and its
/// answer dropped); `tests/variant_tables.rs` checks the bound on every
/// table slot. The
/// bits of kinds held four times are meaningful only when the rules count
/// a fifth copy as a wait; otherwise the caller masks them.
#[inline(always)]
pub(crate) fn waits(rules: &Rules, pos: &Position, open: u32, options: WaitOptions) -> u64 {
    let limits = DrawLimits::of(
        rules.tables.needs(pos.keys),
        rules.derived.pair_cost_lanes,
        pos.jokers,
    );
    let mut suits = (limits.reachable & open) as u64;
    // The first suit scanned without a branch (suit 0, its answer
    // dropped, when none is reachable): most ready hands have one, and a
    // branch on it is hard to predict.
    let first_suit = (suits.trailing_zeros() & 3) as usize;
    let mut waits = scan_suit(rules, pos, limits.of_suit(first_suit), first_suit)
        & 0u64.wrapping_sub((suits != 0) as u64);
    suits &= suits.wrapping_sub(1);
    for s in bits(suits) {
        waits |= scan_suit(rules, pos, limits.of_suit(s), s);
    }
    if options.four_held_is_wait && pos.words.any_four() {
        // Kinds held four times, when a fifth copy is counted.
        let fours = pos.words.kinds_with_bit(2);
        waits &= !fours;
        let counts = pos.counts();
        for t in (0..KINDS).filter(|&t| fours >> t & 1 == 1) {
            let (s, r) = (t / 9, t % 9);
            if open >> s & 1 == 0 {
                continue;
            }
            let n = fifth_copy(rules, s, &counts, r);
            let (most_melds, most_pair) = limits.of_suit(s);
            if n.within(most_melds, most_pair) {
                waits |= 1 << t;
            }
        }
    }
    waits
}

/// What a draw in each suit must bring that suit's needs to for the
/// standard form to win ([`waits`]), the four suits side by side as
/// [`SuitLanes`] are, each limit raised by [`DrawLimits::BIAS`] so that
/// every lane stays positive.
///
/// A new tile in suit `s` wins when the suit's melds need falls to
/// `melds` (every suit's melds within the jokers, the pair held by the
/// cheapest other suit), or its need with the pair to `pair`.
#[derive(Clone, Copy, Debug)]
struct DrawLimits {
    /// Lane `s`: the jokers left for suit `s`'s melds (the other suits'
    /// melds and the cheapest other suit's pair paid), plus the bias.
    melds: u64,
    /// Lane `s`: the jokers left for suit `s`'s melds and pair, plus the
    /// bias (the pair's penalty paid, where the suit may not hold it).
    pair: u64,
    /// The suits (bit `s`) whose needs can fall within their limits: a
    /// need falls by exactly one or rises, so a need of 0 to 2 at least.
    reachable: u32,
}

impl DrawLimits {
    /// What every limit is raised by.
    const BIAS: u64 = 0x1000;

    /// The limits of four suits whose needs are `needs`, with the rules'
    /// `pair_cost_lanes` ([`SuitLanes::of`]) and `jokers`.
    #[inline(always)]
    fn of(needs: [Need; 4], pair_cost_lanes: u64, jokers: u8) -> DrawLimits {
        let (l, high, bias) = (LANES, LANE_HIGH, Self::BIAS);
        let suits = SuitLanes::of(needs, pair_cost_lanes);
        let others = [16, 32, 48].map(|bits| suits.cost.rotate_right(bits));
        // Lane s: the bias, plus the jokers less the other suits' melds,
        // raised by COST_BIAS.
        let room = (suits.room(jokers) + bias) * l + suits.melds;
        // Lane s: the room less suit s's own pair penalty (the cost lanes
        // carry COST_BIAS beside it, as the room does).
        let most_pair = room - pair_cost_lanes;
        // Lane s: the least a need can fall to, raised by the bias: one
        // less, or 2 from 0 (its residue modulo 3 is kept).
        let zero = |v: u64| (((v + 0x7fff * l) & high) ^ high) >> 15;
        let lowest = |v: u64| v + (bias - 1) * l + 3 * zero(v);
        // Whether some suit can be reached is judged against each other
        // suit's pair cost side by side, not against their least: the
        // scan waits on it, and the least is a longer chain.
        let (melds_low, pairs_low) = (lowest(suits.melds), lowest(suits.pairs));
        let reaches = others.iter().fold(within(most_pair, pairs_low), |r, &o| {
            r | within(room - o, melds_low)
        });
        // Lane s: the least pair cost among the other three suits.
        let most_melds = room - least_lanes(least_lanes(others[0], others[1]), others[2]);
        // The high bit of lane s moved to bit s.
        const GATHER: u64 = 1 | 1 << 15 | 1 << 30 | 1 << 45;
        let reachable = ((reaches >> 15).wrapping_mul(GATHER) >> 45) as u32 & 0xf;
        DrawLimits {
            melds: most_melds,
            pair: most_pair,
            reachable,
        }
    }

    /// Suit `s`'s limits: (melds, pair), as jokers.
    #[inline(always)]
    fn of_suit(&self, s: usize) -> (i32, i32) {
        let lane = |w: u64| ((w >> (16 * s)) & 0xffff) as i32 - Self::BIAS as i32;
        (lane(self.melds), lane(self.pair))
    }
}

/// The kinds of suit `s` whose draw completes `pos` in the standard form,
/// as bits in place (bit `9s + r` for rank `r`), given the suit's limits
/// ([`waits`]).
#[inline(always)]
fn scan_suit(rules: &Rules, pos: &Position, (most_melds, most_pair): (i32, i32), s: usize) -> u64 {
    // A rank held four times reads some other slot (or none): the caller
    // masks its bit, or `waits` redoes it.
    let column = rules.tables.need_column(s);
    let found = column.ranks_within(pos.keys[s], ranks(s), most_melds, most_pair);
    (found as u64) << (9 * s)
}

#[cfg(test)]
mod tests {
    use super::{pair_cost_lanes, DrawLimits, SuitLanes};
    use crate::rules::compiled::NO_PAIR;
    use crate::tables::Need;
    use rand::{Rng, SeedableRng};

    /// Every need byte in every suit beside a few others, then seeded
    /// random ones; each with every set of suits barred from the pair.
    fn cases(seed: u64) -> Vec<([u8; 4], [i16; 4])> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let mut needs: Vec<[u8; 4]> = Vec::new();
        for b in 0..=255u8 {
            for s in 0..4 {
                for other in [0u8, 0x11, 0x21, 0xff, 0x0f, 0xf0] {
                    let mut four = [other; 4];
                    four[s] = b;
                    needs.push(four);
                }
            }
        }
        needs.extend((0..30_000).map(|_| rng.gen::<[u8; 4]>()));
        let penalties = (0..16u32)
            .map(|mask| std::array::from_fn(|s| if mask >> s & 1 == 1 { NO_PAIR } else { 0 }));
        let penalties: Vec<[i16; 4]> = penalties.collect();
        needs
            .into_iter()
            .flat_map(|n| penalties.iter().map(move |&p| (n, p)))
            .collect()
    }

    const JOKERS: [u8; 16] = [0, 1, 2, 3, 4, 7, 13, 30, 44, 61, 62, 63, 64, 100, 200, 255];

    /// Some suit holds the pair within the jokers, from the definition.
    fn pair_within_by_suit(needs: [u8; 4], penalty: [i16; 4], jokers: u8) -> bool {
        let melds: i32 = needs.iter().map(|&b| (b & 15) as i32).sum();
        (0..4).any(|s| {
            let pair = (needs[s] >> 4) as i32 - (needs[s] & 15) as i32 + penalty[s] as i32;
            melds + pair <= jokers as i32
        })
    }

    #[test]
    fn need_matches_its_definition() {
        for (needs, penalty) in cases(46) {
            let melds: i32 = needs.iter().map(|&b| (b & 15) as i32).sum();
            let pair = (0..4)
                .map(|s| (needs[s] >> 4) as i32 - (needs[s] & 15) as i32 + penalty[s] as i32)
                .min()
                .unwrap();
            let want = (melds + pair).clamp(0, 255) as u8;
            let suits = SuitLanes::of(needs.map(Need::from_byte), pair_cost_lanes(penalty));
            assert_eq!(suits.need(), want, "needs {needs:?} penalty {penalty:?}");
        }
    }

    #[test]
    fn pair_within_matches_its_definition() {
        for (needs, penalty) in cases(47) {
            let suits = SuitLanes::of(needs.map(Need::from_byte), pair_cost_lanes(penalty));
            for jokers in JOKERS {
                assert_eq!(
                    suits.pair_within(jokers),
                    pair_within_by_suit(needs, penalty, jokers),
                    "needs {needs:?} penalty {penalty:?} jokers {jokers}"
                );
            }
        }
    }

    /// [`DrawLimits`] from its definition, one suit at a time: suit `s`'s
    /// limits and whether its needs can fall within them.
    fn draw_limits_by_suit(needs: [u8; 4], penalty: [i16; 4], jokers: u8) -> [(i32, i32, bool); 4] {
        let melds = needs.map(|b| (b & 15) as i32);
        let pairs = needs.map(|b| (b >> 4) as i32);
        let cost: [i32; 4] = std::array::from_fn(|s| pairs[s] - melds[s] + penalty[s] as i32);
        let all_melds: i32 = melds.iter().sum();
        std::array::from_fn(|s| {
            let room = jokers as i32 - (all_melds - melds[s]);
            let elsewhere = (0..4).filter(|&t| t != s).map(|t| cost[t]).min().unwrap();
            let (most_melds, most_pair) = (room - elsewhere, room - penalty[s] as i32);
            let lowest = |x: i32| if x == 0 { 2 } else { x - 1 };
            let reaches = lowest(melds[s]) <= most_melds || lowest(pairs[s]) <= most_pair;
            (most_melds, most_pair, reaches)
        })
    }

    #[test]
    fn draw_limits_match_their_definition() {
        for (needs, penalty) in cases(48) {
            for jokers in JOKERS {
                let limits =
                    DrawLimits::of(needs.map(Need::from_byte), pair_cost_lanes(penalty), jokers);
                let want = draw_limits_by_suit(needs, penalty, jokers);
                for (s, &(melds, pair, reaches)) in want.iter().enumerate() {
                    let why =
                        format!("needs {needs:?} penalty {penalty:?} jokers {jokers} suit {s}");
                    assert_eq!(limits.of_suit(s), (melds, pair), "{why}");
                    assert_eq!(limits.reachable >> s & 1 == 1, reaches, "{why}");
                }
            }
        }
    }
}
