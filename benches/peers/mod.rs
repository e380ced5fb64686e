//! The baselines the benches run beside hupai, on the same hands:
//!
//! - the greedy joker count, or wildcard-count method (per suit: pungs, then
//!   sequences, then pairs, two-tile partial sets and singles greedily; pair
//!   search as the Chinese articles on jokers describe it). **Inexact**: it overcounts for 11,130 of the
//!   405,350 suit patterns (66789 among them), so it misjudges some hands;
//!   the benches report how many.
//! - the same tables as hupai keyed through a `phf` map (SipHash) instead
//!   of the dense base-5 index, with the same arithmetic around them;
//! - the crates `xiangting` (replacement number 0) and `riichienv-core`
//!   (shanten −1), for hands without jokers.

#![allow(dead_code)]

use hupai::tables::key::{counts_of, key_of, HONOR_SLOTS, SUIT_SLOTS};
use hupai::Rules;

pub const KINDS: usize = 34;
const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

// ---------------------------------------------------------------- greedy

/// The greedy (wildcard-count) count of jokers that complete one numbered suit into melds.
pub fn greedy_suit(counts: &[u8]) -> u32 {
    let mut c = [0u8; 9];
    c.copy_from_slice(counts);
    let mut jokers = 0;
    let mut i = 0;
    while i < 9 {
        if c[i] == 0 {
            i += 1;
        } else if c[i] >= 3 {
            c[i] -= 3;
        } else if i + 2 < 9 && c[i + 1] > 0 && c[i + 2] > 0 {
            c[i] -= 1;
            c[i + 1] -= 1;
            c[i + 2] -= 1;
        } else if c[i] >= 2 {
            c[i] -= 2;
            jokers += 1;
        } else if i + 1 < 9 && c[i + 1] > 0 {
            c[i] -= 1;
            c[i + 1] -= 1;
            jokers += 1;
        } else if i + 2 < 9 && c[i + 2] > 0 {
            c[i] -= 1;
            c[i + 2] -= 1;
            jokers += 1;
        } else {
            c[i] -= 1;
            jokers += 2;
        }
    }
    jokers
}

/// The greedy count for honours: 3 copies need none, 2 need one, 1 or 4 need two.
pub fn greedy_honors(counts: &[u8]) -> u32 {
    counts.iter().map(|&c| [0, 2, 1, 0, 2][c as usize]).sum()
}

fn greedy_total(c: &[u8; KINDS]) -> u32 {
    greedy_suit(&c[0..9])
        + greedy_suit(&c[9..18])
        + greedy_suit(&c[18..27])
        + greedy_honors(&c[27..34])
}

/// The greedy (wildcard-count) win check (standard form): try every natural pair, then (with
/// jokers) every single plus a joker, and finally a pair of jokers.
pub fn greedy_is_win(counts: &[u8; KINDS], jokers: u8) -> bool {
    let jokers = jokers as u32;
    let mut c = *counts;
    for i in 0..KINDS {
        if c[i] >= 2 {
            c[i] -= 2;
            let need = greedy_total(&c);
            c[i] += 2;
            if need <= jokers {
                return true;
            }
        }
    }
    if jokers >= 1 {
        for i in 0..KINDS {
            if c[i] >= 1 {
                c[i] -= 1;
                let need = greedy_total(&c);
                c[i] += 1;
                if need < jokers {
                    return true;
                }
            }
        }
    }
    jokers >= 2 && greedy_total(&c) + 2 <= jokers
}

/// Waits by 34 greedy win checks.
pub fn greedy_waits(counts: &[u8; KINDS], jokers: u8) -> u64 {
    let mut c = *counts;
    let mut waits = 0;
    for t in 0..KINDS {
        if c[t] < 4 {
            c[t] += 1;
            waits |= (greedy_is_win(&c, jokers) as u64) << t;
            c[t] -= 1;
        }
    }
    waits
}

// ---------------------------------------------------------------- phf

/// One table keyed through a `phf` map: the key of every pattern of at most
/// 14 tiles, hashed with SipHash, as phf_codegen would emit it.
pub struct PhfTable {
    key: phf_shared::HashKey,
    disps: Vec<(u32, u32)>,
    values: Vec<u8>,
}

impl PhfTable {
    /// The map from every key of `ranks` counts (at most 14 tiles) to `value(key)`.
    pub fn new(ranks: usize, slots: usize, value: impl Fn(usize) -> u8) -> PhfTable {
        let mut counts = vec![0u8; ranks];
        let keys: Vec<u32> = (0..slots)
            .filter(|&k| {
                counts_of(k, &mut counts);
                counts.iter().map(|&c| c as usize).sum::<usize>() <= 14
            })
            .map(|k| k as u32)
            .collect();
        let state = phf_generator::generate_hash(&keys);
        let values = state.map.iter().map(|&i| value(keys[i] as usize)).collect();
        PhfTable {
            key: state.key,
            disps: state.disps,
            values,
        }
    }

    /// The value stored for `key` (which must be one of the map's keys).
    #[inline]
    pub fn value(&self, key: usize) -> u8 {
        let key = key as u32;
        let hashes = phf_shared::hash(&key, &self.key);
        self.values[phf_shared::get_index(&hashes, &self.disps, self.values.len()) as usize]
    }

    /// The (melds, pair) needs stored for `key`.
    #[inline]
    fn get(&self, key: usize) -> (i32, i32) {
        let v = self.value(key);
        ((v & 15) as i32, (v >> 4) as i32)
    }
}

/// hupai's tables behind phf maps, with the same forms as the `chinese`
/// preset (standard, seven pairs with quads as two pairs, orphans).
pub struct PhfRules {
    suit: PhfTable,
    honor: PhfTable,
}

impl PhfRules {
    pub fn new(rules: &Rules) -> PhfRules {
        let (suit, honor) = rules.tables().raw();
        PhfRules {
            suit: PhfTable::new(9, SUIT_SLOTS, |k| suit[k]),
            honor: PhfTable::new(7, HONOR_SLOTS, |k| honor[k]),
        }
    }

    #[inline]
    fn needs(&self, c: &[u8; KINDS]) -> [(i32, i32); 4] {
        [
            self.suit.get(key_of(&c[0..9])),
            self.suit.get(key_of(&c[9..18])),
            self.suit.get(key_of(&c[18..27])),
            self.honor.get(key_of(&c[27..34])),
        ]
    }

    pub fn is_win(&self, c: &[u8; KINDS], jokers: u8) -> bool {
        let needs = self.needs(c);
        let melds: i32 = needs.iter().map(|n| n.0).sum();
        let pair = needs.iter().map(|n| n.1 - n.0).min().unwrap();
        if melds + pair <= jokers as i32 {
            return true;
        }
        let natural: u32 = c.iter().map(|&x| x as u32).sum();
        natural + jokers as u32 == 14 && (seven_pairs(c, jokers) || orphans(c))
    }

    /// The waits by the same pruned search as hupai's, through phf lookups.
    pub fn waits(&self, c: &[u8; KINDS], jokers: u8) -> u64 {
        let needs = self.needs(c);
        let j = jokers as i32;
        let sum: i32 = needs.iter().map(|n| n.0).sum();
        let lowest = |x: i32| if x == 0 { 2 } else { x - 1 };
        let mut waits = 0u64;
        for s in 0..4 {
            let others = sum - needs[s].0;
            let pair_elsewhere = (0..4)
                .filter(|&o| o != s)
                .map(|o| needs[o].1 - needs[o].0)
                .min()
                .unwrap();
            if (others + lowest(needs[s].0) + pair_elsewhere).min(others + lowest(needs[s].1)) > j {
                continue;
            }
            let (first, ranks, table) = if s == 3 {
                (27, 7, &self.honor)
            } else {
                (s * 9, 9, &self.suit)
            };
            let key = key_of(&c[first..first + ranks]);
            let mut place = 1;
            for r in 0..ranks {
                if c[first + r] < 4 {
                    let (m, p) = table.get(key + place);
                    let total = (others + m + pair_elsewhere).min(others + p);
                    waits |= ((total <= j) as u64) << (first + r);
                }
                place *= 5;
            }
        }
        let natural: u32 = c.iter().map(|&x| x as u32).sum();
        if natural + jokers as u32 == 13 {
            let mut d = *c;
            for t in 0..KINDS {
                if d[t] < 4 && waits >> t & 1 == 0 {
                    d[t] += 1;
                    waits |= ((seven_pairs(&d, jokers) || orphans(&d)) as u64) << t;
                    d[t] -= 1;
                }
            }
        }
        waits
    }
}

fn seven_pairs(c: &[u8; KINDS], jokers: u8) -> bool {
    c.iter().filter(|&&x| x & 1 == 1).count() as u8 <= jokers
}

fn orphans(c: &[u8; KINDS]) -> bool {
    let natural: u8 = c.iter().sum();
    let held: u8 = ORPHANS.iter().map(|&i| c[i]).sum();
    held == natural
        && ORPHANS.iter().all(|&i| c[i] <= 2)
        && ORPHANS.iter().filter(|&&i| c[i] == 2).count() <= 1
}

// ---------------------------------------------------------------- crates

/// `xiangting`: replacement number 0 is a win (standard, seven distinct
/// pairs, thirteen orphans: the riichi rules).
pub fn xiangting_is_win(c: &[u8; KINDS]) -> bool {
    matches!(
        xiangting::calculate_replacement_number(c, xiangting::PlayerCount::Four),
        Ok(0)
    )
}

/// `xiangting`'s necessary tiles of a hand one tile from a win.
pub fn xiangting_waits(c: &[u8; KINDS]) -> u64 {
    match xiangting::calculate_necessary_tiles(c, xiangting::PlayerCount::Four) {
        Ok((1, tiles)) => tiles,
        _ => 0,
    }
}

/// What a user composes from `xiangting` for the efficiency of a 14-tile
/// hand: for each distinct kind held, the necessary tiles after its
/// discard and their unseen copies (4 less the copies in the 14 tiles),
/// the discards sorted as `Rules::efficiency` sorts them (fewest
/// replacements first, then most copies). Returns the sum of the counts.
pub fn xiangting_efficiency(c: &[u8; KINDS]) -> u32 {
    let mut after = *c;
    let mut choices = [(0u8, 0u32, 0u8); 14];
    let mut n = 0;
    for i in (0..KINDS).filter(|&i| c[i] > 0) {
        after[i] -= 1;
        let (r, tiles) =
            xiangting::calculate_necessary_tiles(&after, xiangting::PlayerCount::Four).unwrap();
        after[i] += 1;
        let (mut rest, mut count) = (tiles, 0);
        while rest != 0 {
            count += 4 - c[rest.trailing_zeros() as usize] as u32;
            rest &= rest - 1;
        }
        choices[n] = (r, count, i as u8);
        n += 1;
    }
    choices[..n].sort_unstable_by_key(|&(r, count, i)| (r, u32::MAX - count, i));
    choices[..n].iter().map(|&(_, count, _)| count).sum()
}

/// `riichienv-core`: shanten −1 is a win.
pub fn riichienv_is_win(c: &[u8; KINDS]) -> bool {
    riichienv_shanten(c) == -1
}

/// `riichienv-core`'s shanten of a hand of 13 or 14 tiles.
pub fn riichienv_shanten(c: &[u8; KINDS]) -> i8 {
    let n: u8 = c.iter().sum();
    riichienv_core::shanten::calc_shanten_from_counts(c, n / 3)
}

/// `riichienv-core` waits: 34 shanten calls on the hand plus each tile.
pub fn riichienv_waits(c: &[u8; KINDS]) -> u64 {
    let mut d = *c;
    let mut waits = 0;
    for t in 0..KINDS {
        if d[t] < 4 {
            d[t] += 1;
            waits |= (riichienv_is_win(&d) as u64) << t;
            d[t] -= 1;
        }
    }
    waits
}

// ---------------------------------------------------------------- sketch

/// A bare dense-table win check, the standard form only: no validation,
/// no jokers, no seven pairs or thirteen orphans. Each suit's base-5 key
/// (Horner's rule over its counts) reads one byte: bit 0 when the pattern
/// is melds only, bit 1 when it is melds and one pair. A hand wins when
/// every suit's pattern is one or the other and exactly one holds the
/// pair. The floor of what a table-driven check costs on the same hands.
pub struct DenseSketch {
    suits: Vec<u8>,
    honors: Vec<u8>,
}

/// A row's counts as words, each checked at once, as hupai reads them: the
/// first eight counts of each numbered suit, the 9s and the seven honours,
/// and the 9m and 9p counts (bytes 0–1). `None` when a count is above 4 or
/// the counts and `jokers` are not 14 tiles.
#[inline(always)]
pub fn checked_words(c: &[u8; KINDS], jokers: u8) -> Option<[u64; 5]> {
    const LOW: u64 = 0x0101_0101_0101_0101;
    let word = |from: usize| u64::from_le_bytes(c[from..from + 8].try_into().expect("8"));
    let words = [
        word(0),
        word(9),
        word(18),
        word(26),
        c[8] as u64 | (c[17] as u64) << 8,
    ];
    // A byte's high bit from b + 0x7b exactly when b is 5 or more.
    let over = words
        .iter()
        .fold(0, |acc, &w| acc | w | w.wrapping_add(0x7b * LOW));
    let total = (words.iter().sum::<u64>().wrapping_mul(LOW) >> 56) as u32 + u32::from(jokers);
    (over & (0x80 * LOW) == 0 && total == 14).then_some(words)
}

impl DenseSketch {
    pub fn new() -> DenseSketch {
        let mut sketch = DenseSketch {
            suits: vec![0; 5usize.pow(9)],
            honors: vec![0; 5usize.pow(7)],
        };
        sketch.fill(true, &mut [0; 9], 0, 0);
        sketch.fill(false, &mut [0; 9], 0, 0);
        sketch
    }

    /// Marks every pattern of up to four melds from `from` on (chows at
    /// starts 0..7 of a numbered suit, then pungs) and, for each, the
    /// pattern plus one pair.
    fn fill(&mut self, numbered: bool, c: &mut [u8; 9], from: usize, melds: usize) {
        let ranks = if numbered { 9 } else { 7 };
        let table = if numbered {
            &mut self.suits
        } else {
            &mut self.honors
        };
        table[Self::key(&c[..ranks])] |= 1;
        for r in 0..ranks {
            if c[r] + 2 <= 4 {
                c[r] += 2;
                table[Self::key(&c[..ranks])] |= 2;
                c[r] -= 2;
            }
        }
        if melds == 4 {
            return;
        }
        // Melds numbered 0..7 chows, 7..16 pungs; each pattern is reached
        // in nondecreasing meld order.
        for m in from..16 {
            let cells: &[usize] = match m {
                0..=6 if numbered => &[m, m + 1, m + 2],
                7..=15 if m - 7 < ranks => &[m - 7, m - 7, m - 7],
                _ => continue,
            };
            if cells.iter().all(|&r| c[r] < 4) && (cells[0] != cells[1] || c[cells[0]] <= 1) {
                cells.iter().for_each(|&r| c[r] += 1);
                self.fill(numbered, c, m, melds + 1);
                cells.iter().for_each(|&r| c[r] -= 1);
            }
        }
    }

    #[inline(always)]
    fn key(c: &[u8]) -> usize {
        c.iter().rev().fold(0, |k, &n| k * 5 + n as usize)
    }

    /// Is the 14-tile `c` a standard-form win?
    #[inline(always)]
    pub fn is_win(&self, c: &[u8; KINDS]) -> bool {
        let v = [
            self.suits[Self::key(&c[0..9])],
            self.suits[Self::key(&c[9..18])],
            self.suits[Self::key(&c[18..27])],
            self.honors[Self::key(&c[27..34])],
        ];
        let pairs = v.iter().map(|&v| (v >> 1) as u32).sum::<u32>();
        v.iter().all(|&v| v != 0) & (pairs == 1)
    }

    /// The complete riichi check on the same tables, written as lean as
    /// it can be: the counts read as words once (a suit's first eight
    /// counts, the honours' seven, the three ninths), checked in them (no
    /// count above 4, 14 tiles), the keys worked out from them as hupai
    /// works them out (`key::word_halves`), then the standard form, seven
    /// different pairs and thirteen orphans tested in the same words.
    /// What a validated check of a row costs at least, with nothing for
    /// jokers or other rules.
    #[inline(always)]
    pub fn is_win_lean(&self, c: &[u8; KINDS]) -> Option<bool> {
        const LOW: u64 = 0x0101_0101_0101_0101;
        const SIMPLES: u64 = 0xffff_ffff_ffff_ff00;
        let [m, p, s, z_and_9s, ninths] = checked_words(c, 0)?;
        // The honours apart, and the three suits' ninth counts together.
        let (z, ninths) = (z_and_9s >> 8, ninths | (z_and_9s & 0xff) << 16);
        let key = |w: u64, ninth: u64| {
            let (low, high) = hupai::tables::key::word_halves(w);
            low + hupai::tables::key::CUT * (high + hupai::tables::key::CUT * ninth as usize)
        };
        let v = [
            self.suits[key(m, ninths & 0xff)],
            self.suits[key(p, ninths >> 8 & 0xff)],
            self.suits[key(s, ninths >> 16)],
            self.honors[key(z, 0)],
        ];
        // Each suit's byte side by side: every suit melds or melds and the
        // pair, exactly one the pair; no branch per suit.
        let v = u32::from_le_bytes(v);
        let (melds, pair) = (v & 0x0101_0101, v >> 1 & 0x0101_0101);
        if (melds | pair) == 0x0101_0101 && pair.is_power_of_two() {
            return Some(true);
        }
        let any = m | p | s | z | ninths;
        // Seven different pairs: every count 0 or 2.
        if any & (LOW | (4 * LOW)) == 0 {
            return Some(true);
        }
        // Thirteen orphans: no simple, every orphan held.
        let ends = (m & 0xff) | (p & 0xff) << 8 | (s & 0xff) << 16 | ninths << 24;
        let held = |w: u64| (w | w >> 1 | w >> 2) & LOW;
        let kinds = (held(ends) + held(z)).wrapping_mul(LOW) >> 56;
        Some((m | p | s) & SIMPLES == 0 && kinds == 13)
    }

    /// A complete riichi check on the same tables, as short as it can be
    /// written: `None` unless every count is at most 4 and there are 14
    /// tiles, then the standard form, seven different pairs, thirteen
    /// orphans. What a check that validates and knows every form costs,
    /// with nothing for jokers or other rules.
    #[inline(always)]
    pub fn is_win_complete(&self, c: &[u8; KINDS]) -> Option<bool> {
        let (total, over) = c
            .iter()
            .fold((0u32, false), |(t, o), &n| (t + n as u32, o | (n > 4)));
        if over || total != 14 {
            return None;
        }
        if self.is_win(c) {
            return Some(true);
        }
        if c.iter().filter(|&&n| n == 2).count() == 7 {
            return Some(true);
        }
        let orphans: u32 = ORPHANS.iter().map(|&i| c[i] as u32).sum();
        Some(orphans == 14 && ORPHANS.iter().all(|&i| c[i] >= 1))
    }
}
