//! The per-suit need tables: the one place that knows their key and value
//! layout, and the only code that reads their bytes.
//!
//! ```
//! use hupai::tables::Tables;
//! let tables = Tables::builtin();
//! let need = tables.suit(&[0, 0, 0, 0, 0, 2, 1, 1, 1]); // 66789 of one suit
//! assert_eq!(need.melds(), 1);     // 66 + * (a triplet) and 789
//! assert_eq!(need.with_pair(), 0); // 66 as the pair, 789
//! ```
//!
//! # Layout
//!
//! There are two tables, one for the numbered suits (shared by `m`, `p`,
//! `s`) and one for the honours. Each is one byte per slot:
//!
//! - **Key** ([`key::key_of`], computed word-at-a-time by [`key::suit_key`]
//!   and [`key::honor_key`]): the suit's counts read as a base-5 number,
//!   `count(rank 1) + 5·count(rank 2) + … + 5⁸·count(rank 9)` (honours: 7
//!   ranks). Every count vector with counts 0–4 has its own slot: `5⁹ =
//!   1,953,125` numbered-suit slots and `5⁷ = 78,125` honour slots, 2.03 MB in
//!   all. The key is a perfect hash onto a dense index: no hashing, no
//!   collision, one load. Of the slots, 405,350 (numbered) and 43,130
//!   (honour) hold patterns of at most 14 tiles; the rest hold "none".
//! - **Value** ([`Need`]): bits 0–3 are the fewest jokers that complete the
//!   suit's tiles into melds only; bits 4–7 the fewest that complete them into
//!   melds plus one pair. 15 means "no completion with the jokers any hand can
//!   hold" (for a pattern of `n` tiles, a need of 15 or more can never be met:
//!   the hand would exceed its size limit).
//!
//! Which melds and pairs count (pair ranks, honour sequences, jokers capped
//! at four copies, the hand's size) is fixed by the [`TableParams`] the
//! tables were generated for; the standard form (`src/form/standard.rs`)
//! combines the four suits' values.
//!
//! Values grow by columns, not by bits: a question that needs more than
//! these two needs per pattern (the shanten tables: one value per number of
//! melds, with and without the pair) gets a column of its own beside this
//! one, keyed the same way and decoded here, and table files list their
//! columns (which raises their format version).

/// The dense base-5 key, shared with the generator in `build.rs`.
pub mod key {
    include!("key.rs");
}

/// The generator, shared with `build.rs`: a dynamic programme over ranks.
/// Private to the crate; [`Tables::generate`] runs it.
pub(crate) mod gen {
    include!("gen.rs");
}

pub mod file;

use std::sync::{Arc, Mutex, OnceLock};

use key::{counts_of, honor_key, suit_key, HONOR_RANKS, HONOR_SLOTS, SUIT_RANKS, SUIT_SLOTS};

pub use gen::TableParams;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// One table value: the jokers one suit needs (see the [layout](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need(u8);

impl Need {
    /// The value of a pattern with no completion: both needs 15.
    pub const NONE: Need = Need(gen::NEED_NONE | gen::NEED_NONE << 4);

    /// The value of a pattern needing `melds` jokers for melds only and
    /// `with_pair` for melds and a pair (each at most 15).
    #[inline]
    pub(crate) const fn from_needs(melds: u8, with_pair: u8) -> Need {
        Need(gen::pack(melds, with_pair))
    }

    /// Both needs "none" (15)?
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == Need::NONE.0
    }

    /// Fewest jokers that complete the tiles into melds only (15: none).
    #[inline]
    pub const fn melds(self) -> u8 {
        self.0 & 0x0f
    }

    /// Fewest jokers that complete the tiles into melds plus one pair (15: none).
    #[inline]
    pub const fn with_pair(self) -> u8 {
        self.0 >> 4
    }
}

/// A pair of tables (numbered suits, honours) for one set of [`TableParams`].
pub struct Tables {
    storage: Storage,
    params: TableParams,
}

enum Storage {
    /// The tables `build.rs` compiled in.
    Builtin,
    /// Tables generated at run time or loaded from a file.
    Owned { suit: Box<[u8]>, honor: Box<[u8]> },
}

impl Tables {
    /// The tables compiled in by `build.rs`, for [`TableParams::DEFAULT`].
    pub fn builtin() -> Arc<Tables> {
        static BUILTIN: OnceLock<Arc<Tables>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                Arc::new(Tables {
                    storage: Storage::Builtin,
                    params: TableParams::DEFAULT,
                })
            })
            .clone()
    }

    /// Generates the tables for `params` with the generator `build.rs` uses.
    ///
    /// ```
    /// use hupai::tables::{Tables, TableParams};
    /// let strict = TableParams { joker_fifth_copy: false, ..TableParams::DEFAULT };
    /// let tables = Tables::generate(&strict);
    /// // Melds plus a pair from 4444m: one joker when it may be a fifth 4m
    /// // (444m + 4*m), more when copies are capped at four.
    /// let permissive = Tables::builtin();
    /// let quad = [0, 0, 0, 4, 0, 0, 0, 0, 0];
    /// assert_eq!(permissive.suit(&quad).with_pair(), 1);   // 444m + 4*m (a fifth 4m)
    /// assert!(tables.suit(&quad).with_pair() > 1);          // capped at four copies
    /// ```
    pub fn generate(params: &TableParams) -> Tables {
        Tables {
            storage: Storage::Owned {
                suit: gen::suit_table(params).into_boxed_slice(),
                honor: gen::honor_table(params).into_boxed_slice(),
            },
            params: *params,
        }
    }

    /// The tables for `params`: the builtin ones for the defaults, otherwise
    /// generated and shared. At most [`CACHED`](Tables::CACHED) generated
    /// parameter sets are kept, the least recently used going first, so
    /// memory stays bounded (about 2 MB a set) however many rule sets a
    /// process sees; rules holding evicted tables keep them. Tables are
    /// generated outside the cache's lock, each parameter set in its own
    /// slot: a thread asking for cached tables never waits for another's
    /// generation, and two threads asking for the same new set generate it
    /// once.
    pub fn for_params(params: &TableParams) -> Arc<Tables> {
        if *params == TableParams::DEFAULT {
            return Tables::builtin();
        }
        let slot = cache_slot(params);
        slot.get_or_init(|| Arc::new(Tables::generate(params)))
            .clone()
    }

    /// How many generated parameter sets [`Tables::for_params`] keeps.
    pub const CACHED: usize = 16;

    /// Tables from their raw bytes (as a table file holds them), refused
    /// unless every slot holds a value its pattern can have: the right
    /// number of slots; "none" in every slot of a pattern larger than the
    /// parameters' hand; elsewhere needs that fill melds of three (a
    /// pattern of `n` tiles needs `k` jokers with `n + k` a multiple of 3,
    /// or 2 more with the pair); a need of 0 only for a pattern that is
    /// complete; and no need more than one below another pattern's with
    /// one tile fewer (so waits' pruning holds). Returns which table is bad
    /// and why. A file with wrong but plausible values still loads:
    /// [`file::verify`] compares every slot with the generator.
    pub(crate) fn from_raw(
        params: TableParams,
        suit: Vec<u8>,
        honor: Vec<u8>,
    ) -> Result<Tables, (&'static str, String)> {
        let suit_shape = Shape {
            ranks: SUIT_RANKS,
            // The seven runs of three consecutive ranks.
            sequences: (0..7).map(|start| 0b111 << start).collect(),
            pair_ranks: params.suit_pair_ranks,
        };
        let honor_shape = Shape {
            ranks: HONOR_RANKS,
            sequences: if params.honor_sequences {
                gen::HONOR_SEQUENCES.iter().map(|&set| set as u16).collect()
            } else {
                Vec::new()
            },
            pair_ranks: if params.honor_pair { 0x7f } else { 0 },
        };
        check_values("suit", &suit, SUIT_SLOTS, &suit_shape, params.max_tiles)?;
        check_values("honor", &honor, HONOR_SLOTS, &honor_shape, params.max_tiles)?;
        Ok(Tables {
            storage: Storage::Owned {
                suit: suit.into_boxed_slice(),
                honor: honor.into_boxed_slice(),
            },
            params,
        })
    }

    /// The raw bytes of the two tables (numbered suits, honours), as a
    /// table file stores them.
    pub fn raw(&self) -> (&[u8], &[u8]) {
        (self.suit_bytes(), self.honor_bytes())
    }

    #[inline(always)]
    fn suit_bytes(&self) -> &[u8] {
        match &self.storage {
            Storage::Builtin => DEFAULT_SUIT,
            Storage::Owned { suit, .. } => suit,
        }
    }

    #[inline(always)]
    fn honor_bytes(&self) -> &[u8] {
        match &self.storage {
            Storage::Builtin => DEFAULT_HONOR,
            Storage::Owned { honor, .. } => honor,
        }
    }

    /// The parameters these tables were generated for.
    pub fn params(&self) -> &TableParams {
        &self.params
    }

    /// The need of one numbered suit, from its 9 counts (each at most 4).
    #[inline]
    pub fn suit(&self, counts: &[u8; 9]) -> Need {
        Need(self.suit_bytes()[suit_key(counts)])
    }

    /// The need of the honours, from their 7 counts (each at most 4).
    #[inline]
    pub fn honor(&self, counts: &[u8; 7]) -> Need {
        Need(self.honor_bytes()[honor_key(counts)])
    }

    /// The need of suit `suit` (0–2 numbered, 3 honours) at `key`; "none"
    /// for a key outside the table (a count above 4 reads past it).
    #[inline(always)]
    pub(crate) fn need_at(&self, suit: usize, key: usize) -> Need {
        self.column(suit).at(key)
    }

    /// The table of suit `suit` (0–2 numbered, 3 honours), for a run of
    /// look-ups in one suit.
    #[inline(always)]
    pub(crate) fn column(&self, suit: usize) -> Column<'_> {
        Column(if suit == 3 {
            self.honor_bytes()
        } else {
            self.suit_bytes()
        })
    }

    /// The needs of the four suits whose keys are `keys` (every key within
    /// its table: the acceptance step checked the counts).
    #[inline(always)]
    pub(crate) fn needs(&self, keys: [usize; 4]) -> [Need; 4] {
        let suit = self.suit_bytes();
        [
            Need(suit[keys[0]]),
            Need(suit[keys[1]]),
            Need(suit[keys[2]]),
            Need(self.honor_bytes()[keys[3]]),
        ]
    }

    /// Bytes resident for the two tables.
    pub fn size_bytes(&self) -> usize {
        self.suit_bytes().len() + self.honor_bytes().len()
    }
}

/// One parameter set's place in the cache, filled once.
type Slot = Arc<OnceLock<Arc<Tables>>>;

/// The cache's slot for `params` (made, and the least recently used slot
/// evicted, if needed), marked as used now. The lock is held only for
/// this look-up.
fn cache_slot(params: &TableParams) -> Slot {
    static CACHE: Mutex<Vec<(TableParams, Slot, u64)>> = Mutex::new(Vec::new());
    static CLOCK: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let now = CLOCK.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut cache = CACHE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(entry) = cache.iter_mut().find(|(p, _, _)| p == params) {
        entry.2 = now;
        return entry.1.clone();
    }
    if cache.len() >= Tables::CACHED {
        let oldest = (0..cache.len()).min_by_key(|&i| cache[i].2).unwrap_or(0);
        cache.swap_remove(oldest);
    }
    let slot = Slot::default();
    cache.push((*params, slot.clone(), now));
    slot
}

/// One suit's table, decoded here like every table value.
#[derive(Clone, Copy)]
pub(crate) struct Column<'a>(&'a [u8]);

impl Column<'_> {
    /// The need at `key`; "none" for a key outside the table.
    #[inline(always)]
    pub(crate) fn at(self, key: usize) -> Need {
        Need(self.0.get(key).copied().unwrap_or(Need::NONE.0))
    }
}

/// The keys of the four suits of `counts` (m, p, s, honours), one count at
/// a time; every count at most 4.
#[cfg(test)]
pub(crate) fn keys_of(counts: &[u8; 34]) -> [usize; 4] {
    let (m, rest) = counts.split_first_chunk::<9>().expect("34 > 9");
    let (p, rest) = rest.split_first_chunk::<9>().expect("25 > 9");
    let (s, z) = rest.split_first_chunk::<9>().expect("16 > 9");
    let z: &[u8; 7] = z.try_into().expect("7 honours");
    [suit_key(m), suit_key(p), suit_key(s), honor_key(z)]
}

/// Which groups a table's patterns are made of, for [`check_values`].
struct Shape {
    ranks: usize,
    /// Melds other than triplets, as rank sets.
    sequences: Vec<u16>,
    /// Ranks (bits) on which the pair may sit.
    pair_ranks: u16,
}

impl Shape {
    /// Do `counts` split into melds, and one pair when `pair` is set?
    fn complete(&self, counts: &mut [u8], pair: bool) -> bool {
        let Some(r) = counts.iter().position(|&c| c > 0) else {
            return !pair;
        };
        if counts[r] >= 3 {
            counts[r] -= 3;
            let ok = self.complete(counts, pair);
            counts[r] += 3;
            if ok {
                return true;
            }
        }
        if pair && counts[r] >= 2 && self.pair_ranks >> r & 1 == 1 {
            counts[r] -= 2;
            let ok = self.complete(counts, false);
            counts[r] += 2;
            if ok {
                return true;
            }
        }
        for &set in &self.sequences {
            // The lowest tile must be the set's lowest rank.
            if set.trailing_zeros() as usize != r
                || (0..self.ranks).any(|i| set >> i & 1 == 1 && counts[i] == 0)
            {
                continue;
            }
            let take = |counts: &mut [u8], by: i8| {
                for (i, c) in counts.iter_mut().enumerate() {
                    if set >> i & 1 == 1 {
                        *c = c.wrapping_add_signed(by);
                    }
                }
            };
            take(counts, -1);
            let ok = self.complete(counts, pair);
            take(counts, 1);
            if ok {
                return true;
            }
        }
        false
    }
}

/// See [`Tables::from_raw`].
fn check_values(
    table: &'static str,
    values: &[u8],
    slots: usize,
    shape: &Shape,
    max_tiles: u8,
) -> Result<(), (&'static str, String)> {
    if values.len() != slots {
        return Err((table, format!("{} slots, expected {slots}", values.len())));
    }
    let bad =
        |key: usize, v: u8, why: &str| Err((table, format!("slot {key} holds {v:#04x}: {why}")));
    let mut counts = vec![0u8; shape.ranks];
    for (key, &v) in values.iter().enumerate() {
        counts_of(key, &mut counts);
        let tiles: u32 = counts.iter().map(|&c| c as u32).sum();
        if tiles > max_tiles as u32 {
            if v != Need::NONE.0 {
                return bad(key, v, "the pattern is larger than a hand");
            }
            continue;
        }
        let need = Need(v);
        let (m, p) = (need.melds() as u32, need.with_pair() as u32);
        if m != 15 && (tiles + m) % 3 != 0 || p != 15 && (tiles + p) % 3 != 2 {
            return bad(key, v, "the tiles and jokers do not fill melds of three");
        }
        if m == 0 && !shape.complete(&mut counts, false)
            || p == 0 && !shape.complete(&mut counts, true)
        {
            return bad(key, v, "a need of 0 for a pattern that is not complete");
        }
        let mut place = 1;
        for &c in counts.iter() {
            if c < 4 && tiles < max_tiles as u32 {
                let more = Need(values[key + place]);
                let low = |n: u32| if n == 0 { 2 } else { n - 1 };
                if (more.melds() as u32) < low(m) || (more.with_pair() as u32) < low(p) {
                    return bad(
                        key + place,
                        values[key + place],
                        "more than one below the need of one tile fewer",
                    );
                }
            }
            place *= 5;
        }
    }
    Ok(())
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}
