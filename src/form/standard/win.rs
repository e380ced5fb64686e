//! The standard form's win and waits: the four suits' needs combined
//! with the pair's cost, and the draws that complete a 3N+1 hand.

use super::needs::{fifth_copy, ranks};
use crate::form::judge::WaitOptions;
use crate::position::Position;
use crate::rules::compiled::{Rules, NO_PAIR};
use crate::swar::bits;
use crate::tables::Need;
use crate::tile::KINDS;

/// What completing four suits costs: the jokers their melds need, and
/// for each suit what holding the pair there costs beyond its melds
/// (`NO_PAIR` and more for a suit that may not hold it).
#[inline(always)]
fn costs(rules: &Rules, needs: &[Need; 4]) -> (i32, [i32; 4]) {
    let penalty = rules.derived.pair_penalty;
    let melds = needs.iter().map(|n| n.melds() as i32).sum();
    let pair = std::array::from_fn(|s| {
        needs[s].with_pair() as i32 - needs[s].melds() as i32 + penalty[s] as i32
    });
    (melds, pair)
}

/// Fewest jokers that complete four suits into N melds plus one pair held
/// by a suit that may hold it.
#[inline(always)]
pub(crate) fn need(rules: &Rules, needs: &[Need; 4]) -> u8 {
    let (melds, pair) = costs(rules, needs);
    let pair = pair.into_iter().min().unwrap_or(NO_PAIR as i32);
    (melds + pair).clamp(0, u8::MAX as i32) as u8
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
/// jokers its melds leave. The four suits are judged side by side, a byte
/// each in one word: each suit's pair cost beyond its melds, biased by 63
/// (48..=78; `0x7f` where the suit may not hold the pair), against the
/// jokers the melds leave, biased alike (3..=126, every byte below 0x80
/// for any hand). No least, no per-suit comparison and no range check:
/// each may be compiled to a branch that hands near a win mispredict.
#[inline(always)]
pub(crate) fn wins(rules: &Rules, pos: &Position) -> bool {
    let needs = u32::from_le_bytes(rules.tables.needs(pos.keys).map(Need::byte));
    pair_within(needs, rules.derived.pair_barred, pos.jokers)
}

/// Do the four suits' need bytes `needs` (byte `s` for suit `s`) leave
/// some suit not `barred` (its byte `0x7f`) the jokers to hold the pair
/// beside every suit's melds: is some `melds sum - melds[s] + with_pair[s]`
/// at most `jokers`?
#[inline(always)]
fn pair_within(needs: u32, barred: u32, jokers: u8) -> bool {
    const LOW: u32 = 0x0101_0101;
    const HIGH: u32 = 0x8080_8080;
    const BIAS: u32 = 63;
    let melds = needs & 0x0f0f_0f0f;
    let pairs = (needs >> 4) & 0x0f0f_0f0f;
    // No borrow between bytes: each is 63 + with_pair - melds >= 48.
    let cost = (pairs + BIAS * LOW - melds) | barred;
    // At most 4 x 15 melds' jokers; an accepted hand holds fewer than 64
    // jokers (the bound keeps any count's bytes in range).
    let melds_sum = melds.wrapping_mul(LOW) >> 24;
    let room = (jokers as u32).min(63) + BIAS - melds_sum;
    // 0x80 + room - cost in each byte: its high bit stays set where the
    // cost is within the room.
    (((room * LOW) | HIGH) - cost) & HIGH != 0
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
        rules.derived.pair_penalty_lanes,
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
/// standard form to win ([`waits`]), the four suits side by side in the
/// 16-bit lanes of a word (lane `s` for suit `s`), each limit raised by
/// [`DrawLimits::BIAS`] so that every lane stays positive and below
/// `0x8000`: no borrow crosses a lane.
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
    /// One in each 16-bit lane.
    const LANES: u64 = 0x0001_0001_0001_0001;
    /// The high bit of each lane.
    const HIGH: u64 = 0x8000 * Self::LANES;
    /// What every limit is raised by.
    const BIAS: u64 = 0x1000;
    /// What each pair cost is raised by: above any need, so that the
    /// costs stay positive.
    const COST_BIAS: u64 = 0x100;

    /// The limits of four suits whose needs are `needs`, their pair
    /// penalties `penalty` (lane `s`: `pair_penalty[s]`), with `jokers`.
    #[inline(always)]
    fn of(needs: [Need; 4], penalty: u64, jokers: u8) -> DrawLimits {
        let (l, high, bias) = (Self::LANES, Self::HIGH, Self::BIAS);
        let bytes = needs
            .iter()
            .enumerate()
            .fold(0u64, |w, (s, n)| w | (n.byte() as u64) << (16 * s));
        let melds = bytes & (0xf * l);
        let pairs = (bytes >> 4) & (0xf * l);
        // At most 4 x 15.
        let melds_sum = melds.wrapping_mul(l) >> 48;
        // Lane s: what holding the pair costs suit s beyond its melds,
        // raised by COST_BIAS (above 15: never negative).
        let cost = pairs + penalty + Self::COST_BIAS * l - melds;
        let others = [16, 32, 48].map(|bits| cost.rotate_right(bits));
        // Lane s: bias + jokers - the other suits' melds, raised by
        // COST_BIAS (an accepted hand holds fewer than 64 jokers).
        let room = ((jokers as u64).min(63) + bias + Self::COST_BIAS - melds_sum) * l + melds;
        let most_pair = room - Self::COST_BIAS * l - penalty;
        // Lane s: the least a need can fall to, raised by the bias: one
        // less, or 2 from 0 (its residue modulo 3 is kept).
        let zero = |v: u64| (((v + 0x7fff * l) & high) ^ high) >> 15;
        let lowest = |v: u64| v + (bias - 1) * l + 3 * zero(v);
        let within = |limit: u64, need: u64| ((limit | high) - need) & high;
        // Whether some suit can be reached is judged against each other
        // suit's pair cost side by side, not against their least: the
        // scan waits on it, and the least is a longer chain.
        let (melds_low, pairs_low) = (lowest(melds), lowest(pairs));
        let reaches = others.iter().fold(within(most_pair, pairs_low), |r, &o| {
            r | within(room - o, melds_low)
        });
        // Lane s: the least pair cost among the other three suits.
        let least = |a: u64, b: u64| {
            let b_least = (((a | high) - b) & high) >> 15;
            let mask = (b_least << 16) - b_least;
            (b & mask) | (a & !mask)
        };
        let most_melds = room - least(least(others[0], others[1]), others[2]);
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
    use super::{pair_within, DrawLimits};
    use crate::rules::compiled::NO_PAIR;
    use crate::tables::Need;
    use rand::{Rng, SeedableRng};

    /// The definition, one suit at a time.
    fn pair_within_by_suit(needs: u32, barred: u32, jokers: u8) -> bool {
        let bytes = needs.to_le_bytes();
        let melds: u32 = bytes.iter().map(|&b| (b & 15) as u32).sum();
        (0..4).any(|s| {
            let allowed = barred.to_le_bytes()[s] == 0;
            allowed && melds - (bytes[s] & 15) as u32 + (bytes[s] >> 4) as u32 <= jokers as u32
        })
    }

    #[test]
    fn pair_within_matches_its_definition() {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(47);
        // Every byte in every suit beside extremes, then random words.
        let mut words: Vec<u32> = Vec::new();
        for b in 0..=255u32 {
            for s in 0..4 {
                for other in [0u32, 0x11, 0xff, 0x0f, 0xf0] {
                    words.push((other * 0x0101_0101) & !(0xff << (8 * s)) | b << (8 * s));
                }
            }
        }
        words.extend((0..200_000).map(|_| rng.gen::<u32>()));
        for needs in words {
            for mask in 0..16u32 {
                let barred = u32::from_le_bytes(std::array::from_fn(|s| {
                    if mask >> s & 1 == 1 {
                        0x7f
                    } else {
                        0
                    }
                }));
                for jokers in [
                    0u8,
                    1,
                    2,
                    3,
                    5,
                    8,
                    13,
                    30,
                    44,
                    59,
                    60,
                    61,
                    62,
                    63,
                    rng.gen_range(0..64),
                ] {
                    assert_eq!(
                        pair_within(needs, barred, jokers),
                        pair_within_by_suit(needs, barred, jokers),
                        "needs {needs:#010x} barred {barred:#010x} jokers {jokers}"
                    );
                }
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
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(48);
        let mut cases: Vec<[u8; 4]> = Vec::new();
        for b in 0..=255u8 {
            for s in 0..4 {
                for other in [0u8, 0x11, 0x21, 0xff, 0x0f, 0xf0] {
                    let mut needs = [other; 4];
                    needs[s] = b;
                    cases.push(needs);
                }
            }
        }
        cases.extend((0..30_000).map(|_| rng.gen::<[u8; 4]>()));
        for needs in cases {
            for mask in 0..16u32 {
                let penalty: [i16; 4] =
                    std::array::from_fn(|s| if mask >> s & 1 == 1 { NO_PAIR } else { 0 });
                let lanes = (0..4).fold(0u64, |w, s| w | (penalty[s] as u64) << (16 * s));
                for jokers in [0u8, 1, 2, 3, 4, 7, 13, 30, 62, 63, rng.gen_range(0..64)] {
                    let limits = DrawLimits::of(needs.map(Need::from_byte), lanes, jokers);
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
}
