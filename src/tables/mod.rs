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
//! # The distance columns (shanten)
//!
//! Beside each need table sit two distance columns, one `u32`
//! (little-endian) per pattern of at most `max_tiles` tiles:
//!
//! - **Key** ([`key::Ranking`]): the compact index of the pattern's dense
//!   key, `base[high] + low[low]` from two small arrays, `low` the key of
//!   the first four ranks and `high` that of the rest (the halves the
//!   key's word-at-a-time computation passes through: no division), so
//!   that the 405,350 numbered-suit patterns (43,130 honour patterns) of a
//!   14-tile table fill 1.6 MB (0.17 MB) with no gap.
//! - **Value** ([`Distance`]): `d(m, p)`, the fewest tiles missing from a
//!   target of `m` melds (0–5), and the pair when `p` is 1, built in this
//!   suit from the pattern's tiles, any of them dropped. Stored as 2-bit
//!   steps: bits `2(m-1)..` hold `d(m, 0) - d(m-1, 0)` for m = 1..=5 (each
//!   0–3: a meld more misses at most three tiles), bits `10 + 2m..` hold
//!   `d(m, 1) - d(m, 0)` for m = 0..=5 (0–3; a suit that may not hold the
//!   pair reads 3 and the rules bar it). Bit 31 of the first column flags a
//!   pattern whose distances would be lower with a joker standing for a
//!   fifth copy.
//! - **Columns**: the first counts targets within four copies of each kind
//!   (from need tables generated with jokers capped), the second allows
//!   fifth copies (from these need tables; the same values when the
//!   parameters cap jokers). A target built from the kept tiles `Q` with
//!   the fewest jokers has `|Q| + need(Q)` tiles, and each meld more adds
//!   three missing tiles, so `d(P, m, p)` is the least `3m + 2p - |Q|` over
//!   the sub-patterns `Q` of `P` whose smallest target fits in `m` melds:
//!   one pass over the keys in increasing order, each pattern taking the
//!   least of its own value and those of the patterns one tile smaller.
//!
//! Values grow by columns, not by bits: a new question per pattern gets a
//! column of its own, keyed the same way and decoded here, and table files
//! list their columns by name (which raised their format version to 3).
//!
//! # The resident distance values
//!
//! Table files store the values above. In memory (the compiled-in tables,
//! generated ones, and files once loaded: `gen::profile_columns`) each
//! `u32` of a distance column holds instead, for the same slot:
//!
//! - **bits 0–17**: in the columns within four copies, the *counted
//!   fields* of the pattern, for seven pairs and thirteen orphans: kinds
//!   held twice or more (3 bits, capped at 7), kinds held once (4), kinds
//!   held an odd number of times (4), orphans held (4), orphans held twice
//!   or more (3, capped at 7); zero in the fifth-copy columns, which are
//!   read for their classes only. The four suits' fields of a hand of at
//!   most 14 natural tiles add up without carrying from one field into
//!   the next, so the four values added whole hold the sum of their fields
//!   in bits 0–17 (`Resident::counted_sum`);
//! - **bit 18**: the fifth-copy flag (bit 31 of the stored value);
//! - **bits 19–31**: the pattern's *distance class*, an index into a list
//!   of the table's distinct packed steps (class 0 is "no pattern", every
//!   step 3: also the value of a key past the column). A table has a few
//!   hundred classes; each is decoded once (`Class`): the distances a
//!   byte each (as `Distance::lanes`) and, for the standard form's merge
//!   (`src/form/standard.rs`), how many of its five meld increments
//!   `d(m, 0) - d(m - 1, 0)` are at most 0, 1 and 2, the same for the
//!   increments with the pair, `d(0, 1)`, and whether the increments are
//!   non-decreasing (`Merge`, kept again in an array of its own that one
//!   scaled load reads). The class sits in the top bits so that shifting
//!   it down is all its index needs.
//!
//! Writing a file turns each value back into the stored layout
//! (`Tables::raw_distances`): files keep the stored layout (format
//! version 4, which changed only the order of the patterns).

pub mod file;
pub mod key;

// `gen` and `layout`, with `key`, are compiled into `build.rs` too
// (through `#[path]`): the compiled-in tables and those generated at run
// time come from the same code.
pub(crate) mod gen;
mod layout;

use std::sync::{Arc, Mutex, OnceLock};

use key::{
    counts_of, honor_key, suit_key, HonorRanking, SuitRanking, HONOR_RANKS, HONOR_SLOTS,
    SUIT_RANKS, SUIT_SLOTS,
};
use layout::{
    pack_need, CLASS, COUNTED, DIST_FAR, DIST_FIFTH, DIST_MELDS, DIST_MELD_STEPS, DIST_PAIR_STEPS,
    DIST_STEPS, NEED_NONE, NEED_VALUE_NONE, PROFILE_FIFTH,
};

pub use gen::TableParams;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// One table value: the jokers one suit needs (see the [layout](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need(u8);

impl Need {
    /// The value of a pattern with no completion: both needs 15.
    pub const NONE: Need = Need(NEED_VALUE_NONE);

    /// The value of a pattern needing `melds` jokers for melds only and
    /// `with_pair` for melds and a pair (each at most 15).
    #[inline]
    pub(crate) const fn from_needs(melds: u8, with_pair: u8) -> Need {
        Need(pack_need(melds, with_pair))
    }

    /// Both needs "none" (15)?
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == Need::NONE.0
    }

    /// Fewest jokers that complete the tiles into melds only (15: none).
    #[inline]
    pub const fn melds(self) -> u8 {
        layout::need_melds(self.0)
    }

    /// Fewest jokers that complete the tiles into melds plus one pair (15: none).
    #[inline]
    pub const fn with_pair(self) -> u8 {
        layout::need_with_pair(self.0)
    }
}

/// One distance value: how many tiles one suit's pattern is from m melds,
/// with or without the pair (see the [layout](self)).
///
/// ```
/// use hupai::tables::Tables;
/// let d = Tables::builtin().suit_distance(&[0, 0, 0, 0, 0, 2, 1, 1, 1]); // 66789
/// assert_eq!((d.melds(0), d.melds(1), d.melds(2)), (0, 0, 1)); // 789; 66(6) 789
/// assert_eq!((d.with_pair(0), d.with_pair(1), d.with_pair(2)), (0, 0, 3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Distance(u32);

impl Distance {
    /// Tiles missing from `melds` melds (0–5) built in this suit.
    #[inline]
    pub fn melds(self, melds: usize) -> u8 {
        self.lanes()[0].to_le_bytes()[melds.min(DIST_MELDS)]
    }

    /// Tiles missing from `melds` melds (0–5) and the pair built in this
    /// suit (a suit that may not hold the pair reads 3 more than
    /// [`Distance::melds`]: the rules bar it).
    #[inline]
    pub fn with_pair(self, melds: usize) -> u8 {
        self.lanes()[1].to_le_bytes()[melds.min(DIST_MELDS)]
    }

    /// Would a joker standing for a fifth copy make some distance smaller?
    #[inline]
    pub fn fifth(self) -> bool {
        self.0 & DIST_FIFTH != 0
    }

    /// Every distance, a byte each: byte `m` of the first word the
    /// tiles missing from `m` melds (0–5), of the second from `m` melds
    /// and the pair; bytes 6 and 7 hold 50 (far). Two loads from small
    /// tables that hold the running sums of the 2-bit steps.
    #[inline(always)]
    pub(crate) fn lanes(self) -> [u64; 2] {
        let melds = MELD_SUMS[DIST_MELD_STEPS.get(self.0) as usize];
        [
            melds,
            melds + PAIR_STEPS[DIST_PAIR_STEPS.get(self.0) as usize],
        ]
    }
}

/// One resident distance value (see the [layout](self)): the class of
/// the pattern's distances, the fifth-copy flag, and the counted fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Resident(pub(crate) u32);

impl Resident {
    /// The distance this value stands for, read through its class.
    #[inline(always)]
    pub(crate) fn distance(self, tables: &Tables) -> Distance {
        let steps = tables.class(self).steps;
        Distance(steps | if self.fifth() { DIST_FIFTH } else { 0 })
    }

    /// Would a joker standing for a fifth copy make some distance smaller?
    #[inline(always)]
    pub(crate) fn fifth(self) -> bool {
        self.0 & PROFILE_FIFTH != 0
    }

    /// The index of the class: two patterns with the same have the same
    /// distances.
    #[inline(always)]
    pub(crate) fn class_index(self) -> u32 {
        self.0 >> CLASS.shift
    }

    /// Is some suit of a hand's four flagged (see [`Resident::fifth`])?
    #[inline(always)]
    pub(crate) fn any_fifth(res: &[Resident; 4]) -> bool {
        (res[0].0 | res[1].0 | res[2].0 | res[3].0) & PROFILE_FIFTH != 0
    }

    /// The counted fields, from bit 0 (see `layout::counted_fields`): four
    /// suits' fields add up.
    #[inline(always)]
    pub(crate) fn counted(self) -> u32 {
        self.0 & COUNTED_MASK
    }

    /// The counted fields of a hand's four suits, added up: the values
    /// added whole, as the fields lie in their low bits and do not carry
    /// past them (what the higher bits add up to is dropped).
    #[inline(always)]
    pub(crate) fn counted_sum(res: &[Resident; 4]) -> u32 {
        let sum = res[0].0.wrapping_add(res[1].0);
        sum.wrapping_add(res[2].0).wrapping_add(res[3].0) & COUNTED_MASK
    }

    /// The value at slot `index` of the resident column `column`; class 0
    /// and no counts past its end.
    #[inline(always)]
    fn read(column: &[u32], index: usize) -> Resident {
        Resident(column.get(index).copied().unwrap_or(0))
    }
}

/// One suit's resident column and the ranking that indexes it
/// ([`Tables::residents_of_suit`]).
#[derive(Clone, Copy)]
pub(crate) struct SuitResidents<'a>(&'a key::Ranking<{ key::CUT }>, &'a [u32]);

impl SuitResidents<'_> {
    /// The resident value of the pattern whose key is cut in halves
    /// `(low, high)`; class 0 and no counts outside the table.
    #[inline(always)]
    pub(crate) fn at(self, (low, high): (usize, usize)) -> Resident {
        Resident::read(self.1, self.0.index_of(low, high))
    }

    /// The resident values of the pattern whose key is cut in halves
    /// `(low, high)` with one tile more of each rank 0–8: a rank of the
    /// low half changes the low half's part of the index only, one of the
    /// high half the high half's. A rank at four copies or past the suit's
    /// reads some slot, never past the column.
    #[inline(always)]
    pub(crate) fn with_each_rank(self, (low, high): (usize, usize)) -> [Resident; 9] {
        let SuitResidents(ranking, column) = self;
        let (low_part, high_part) = (ranking.low_part(low), ranking.high_part(high));
        std::array::from_fn(|r| {
            let (dl, dh) = key::half_step(r);
            let index = if dh == 0 {
                high_part + ranking.low_part(low + dl)
            } else {
                ranking.high_part(high + dh) + low_part
            };
            Resident::read(column, index)
        })
    }
}

/// One distance class: the distances of every pattern whose packed steps
/// are `steps`, decoded once for the standard form's combination.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Class {
    /// The packed steps (the stored layout, without the flag).
    pub steps: u32,
    /// [`Distance::lanes`] of these steps.
    pub lanes: [u64; 2],
    /// What the standard form's merge reads of these distances.
    pub merge: Merge,
}

/// What the standard form's merge (`src/form/standard.rs`) reads of one
/// suit's distance class, a byte each. A live hand keeps its suits' copies,
/// so that its shanten reads no table.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Merge {
    /// Bytes 0–2: the meld increments `d(m, 0) - d(m - 1, 0)` (m = 1..=5)
    /// of at most 0, 1 and 2; byte 3 is 1 when the increments with or
    /// without the pair are not non-decreasing (the merge does not apply).
    pub melds: u32,
    /// Bytes 0–2: 8 plus the same counts for the increments with the
    /// pair, less those of `melds`; byte 3: 8 less `d(0, 1)`.
    pub pair: u32,
}

/// The [`Merge`] values of a hand's four suits, field by field (the merge
/// reads each field of the four at once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Merges {
    pub melds: [u32; 4],
    pub pair: [u32; 4],
}

impl Merges {
    /// The values of the four suits, in order.
    #[inline(always)]
    pub(crate) fn of(merges: [Merge; 4]) -> Merges {
        Merges {
            melds: merges.map(|m| m.melds),
            pair: merges.map(|m| m.pair),
        }
    }

    /// Suit `s` takes the values `merge`.
    #[inline(always)]
    pub(crate) fn set(&mut self, s: usize, merge: Merge) {
        self.melds[s] = merge.melds;
        self.pair[s] = merge.pair;
    }
}

impl Class {
    /// The class of the packed steps `steps`.
    pub(crate) fn of(steps: u32) -> Class {
        let lanes = Distance(steps).lanes();
        let f = lanes[0].to_le_bytes();
        let g = lanes[1].to_le_bytes();
        let mut convex = true;
        let mut counts = [[0u32; 3]; 2];
        let mut w = 0;
        while w < 2 {
            let d = if w == 0 { f } else { g };
            let mut m = 1;
            while m <= DIST_MELDS {
                let step = d[m] as i32 - d[m - 1] as i32;
                if !(0..=3).contains(&step) || (m > 1 && step < d[m - 1] as i32 - d[m - 2] as i32) {
                    convex = false;
                }
                let mut v = 0;
                while v < 3 {
                    counts[w][v] += (step <= v as i32) as u32;
                    v += 1;
                }
                m += 1;
            }
            w += 1;
        }
        let (melds, pair) = if convex {
            let c = counts;
            (
                c[0][0] | c[0][1] << 8 | c[0][2] << 16,
                (8 + c[1][0] - c[0][0])
                    | (8 + c[1][1] - c[0][1]) << 8
                    | (8 + c[1][2] - c[0][2]) << 16
                    | (8 - g[0] as u32) << 24,
            )
        } else {
            (1 << 24, 0)
        };
        Class {
            steps,
            lanes,
            merge: Merge { melds, pair },
        }
    }
}

/// The bytes of [`Distance::lanes`]'s first word for every 10 bits of
/// meld steps: byte `m` the sum of the first `m` steps.
static MELD_SUMS: [u64; 1024] = {
    let mut t = [0u64; 1024];
    let mut v = 0;
    while v < 1024 {
        let mut word = (DIST_FAR as u64) << 48 | (DIST_FAR as u64) << 56;
        let mut sum = 0u64;
        let mut m = 1;
        while m <= DIST_MELDS {
            sum += (v >> (2 * (m - 1))) as u64 & 3;
            word |= sum << (8 * m);
            m += 1;
        }
        t[v] = word;
        v += 1;
    }
    t
};

/// The bytes added to the meld sums for the pair: byte `m` the pair's
/// step at `m` melds, for every 12 bits of pair steps.
static PAIR_STEPS: [u64; 4096] = {
    let mut t = [0u64; 4096];
    let mut v = 0;
    while v < 4096 {
        let mut word = 0u64;
        let mut m = 0;
        while m <= DIST_MELDS {
            word |= ((v >> (2 * m)) as u64 & 3) << (8 * m);
            m += 1;
        }
        t[v] = word;
        v += 1;
    }
    t
};

/// The tables (numbered suits, honours) for one set of [`TableParams`]:
/// the need tables and the distance tables.
pub struct Tables {
    storage: Storage,
    /// The four distance columns, resident layout, in the order of
    /// `DIST_COLUMNS`: the compiled-in ones decoded on first use (a hand
    /// that is only checked for a win never needs them), so that every
    /// read is of one kind.
    dist: OnceLock<[Box<[u32]>; 4]>,
    /// The distance classes the resident distance values name, padded
    /// with class 0 to every number a value can hold (so reading one
    /// needs no bounds check).
    classes: Classes,
    suit_ranking: SuitRanking,
    honor_ranking: HonorRanking,
    params: TableParams,
}

enum Storage {
    /// The tables `build.rs` compiled in.
    Builtin,
    /// Tables generated at run time or loaded from a file.
    Owned { suit: Box<[u8]>, honor: Box<[u8]> },
}

/// Which distance column: numbered or honour, within four copies or not.
const SUIT_CAP: usize = 0;
const SUIT_FIFTH: usize = 1;
const HONOR_CAP: usize = 2;
const HONOR_FIFTH: usize = 3;

/// The names of the distance columns, as table files store them.
pub(crate) const DIST_COLUMNS: [&str; 4] = [
    "suit-distance",
    "suit-distance-fifth",
    "honor-distance",
    "honor-distance-fifth",
];

impl Tables {
    /// The tables compiled in by `build.rs`, for [`TableParams::DEFAULT`].
    pub fn builtin() -> Arc<Tables> {
        static BUILTIN: OnceLock<Arc<Tables>> = OnceLock::new();
        BUILTIN
            .get_or_init(|| {
                Arc::new(Tables {
                    storage: Storage::Builtin,
                    dist: OnceLock::new(),
                    classes: padded(DEFAULT_CLASSES.iter().map(|&steps| Class::of(steps))),
                    suit_ranking: key::suit_ranking(TableParams::DEFAULT.max_tiles),
                    honor_ranking: key::honor_ranking(TableParams::DEFAULT.max_tiles),
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
        let suit = gen::suit_table(params);
        let honor = gen::honor_table(params);
        let (dist, classes) = resident(params, distance_columns(params, &suit, &honor));
        Tables {
            storage: Storage::Owned {
                suit: suit.into_boxed_slice(),
                honor: honor.into_boxed_slice(),
            },
            dist: OnceLock::from(dist),
            classes,
            suit_ranking: key::suit_ranking(params.max_tiles),
            honor_ranking: key::honor_ranking(params.max_tiles),
            params: *params,
        }
    }

    /// The tables for `params`: the builtin ones for the defaults, otherwise
    /// generated and shared. At most [`CACHED`](Tables::CACHED) generated
    /// parameter sets are kept, the least recently used going first, so
    /// memory stays bounded (about 5.6 MB a set) however many rule sets a
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
        dist: Option<[Vec<u8>; 4]>,
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
                key::HONOR_SEQUENCES.iter().map(|&set| set as u16).collect()
            } else {
                Vec::new()
            },
            pair_ranks: if params.honor_pair { 0x7f } else { 0 },
        };
        check_values("suit", &suit, SUIT_SLOTS, &suit_shape, params.max_tiles)?;
        check_values("honor", &honor, HONOR_SLOTS, &honor_shape, params.max_tiles)?;
        let suit_ranking = key::suit_ranking(params.max_tiles);
        let honor_ranking = key::honor_ranking(params.max_tiles);
        let dist = match dist {
            Some(columns) => {
                for (i, column) in columns.iter().enumerate() {
                    let len = if i < HONOR_CAP {
                        suit_ranking.len()
                    } else {
                        honor_ranking.len()
                    };
                    check_distances(DIST_COLUMNS[i], column, len, i % 2 == 0)?;
                }
                columns.map(Vec::into_boxed_slice)
            }
            // Files from before the distance columns: made from the needs.
            None => distance_columns(&params, &suit, &honor),
        };
        let (dist, classes) = resident(&params, dist);
        Ok(Tables {
            storage: Storage::Owned {
                suit: suit.into_boxed_slice(),
                honor: honor.into_boxed_slice(),
            },
            dist: OnceLock::from(dist),
            classes,
            suit_ranking,
            honor_ranking,
            params,
        })
    }

    /// The raw bytes of the four distance columns, as a table file stores
    /// them (named by `DIST_COLUMNS`; the stored layout, not the resident
    /// one).
    pub(crate) fn raw_distances(&self) -> [Vec<u8>; 4] {
        [SUIT_CAP, SUIT_FIFTH, HONOR_CAP, HONOR_FIFTH].map(|i| {
            self.dist()[i]
                .iter()
                .flat_map(|&v| Resident(v).distance(self).0.to_le_bytes())
                .collect()
        })
    }

    /// The distances of one numbered suit from its 9 counts (each at most
    /// 4, at most `max_tiles` in all), with every kind within four copies
    /// ([`Distance::fifth`] says whether a joker as a fifth copy would do
    /// better).
    ///
    /// ```
    /// use hupai::tables::Tables;
    /// let tables = Tables::builtin();
    /// let d = tables.suit_distance(&[4, 0, 0, 0, 0, 0, 0, 0, 0]); // 1111m
    /// assert_eq!(d.melds(1), 0);     // 111m
    /// assert_eq!(d.with_pair(1), 2); // 111m + 1m, 2m or 3m missing: 11m 123m or 111m 22m
    /// assert!(d.fifth());            // 111m 11m, the fifth 1m a joker
    /// assert_eq!(tables.suit_distance_fifth(&[4, 0, 0, 0, 0, 0, 0, 0, 0]).with_pair(1), 1);
    /// ```
    pub fn suit_distance(&self, counts: &[u8; 9]) -> Distance {
        self.distance_at(0, suit_key(counts), false)
    }

    /// [`Tables::suit_distance`] where a joker may stand for a fifth copy
    /// (the same values when the parameters cap jokers at four copies).
    pub fn suit_distance_fifth(&self, counts: &[u8; 9]) -> Distance {
        self.distance_at(0, suit_key(counts), true)
    }

    /// The distances of the honours from their 7 counts, as
    /// [`Tables::suit_distance`].
    pub fn honor_distance(&self, counts: &[u8; 7]) -> Distance {
        self.distance_at(3, honor_key(counts), false)
    }

    /// [`Tables::honor_distance`] with fifth copies, as
    /// [`Tables::suit_distance_fifth`].
    pub fn honor_distance_fifth(&self, counts: &[u8; 7]) -> Distance {
        self.distance_at(3, honor_key(counts), true)
    }

    /// The distances of suit `suit` (0–2 numbered, 3 honours) at dense key
    /// `key` (a pattern of at most `max_tiles` tiles), within four copies
    /// or (`fifth`) not.
    #[inline(always)]
    pub(crate) fn distance_at(&self, suit: usize, key: usize, fifth: bool) -> Distance {
        self.resident_at(suit, key, fifth).distance(self)
    }

    /// The resident value of suit `suit` (0–2 numbered, 3 honours) at
    /// dense key `key`, within four copies or (`fifth`) not; class 0 and
    /// no counts for a key outside the table.
    #[inline(always)]
    pub(crate) fn resident_at(&self, suit: usize, key: usize, fifth: bool) -> Resident {
        self.resident_of_halves(suit, key::halves_of(key), fifth)
    }

    /// [`Tables::resident_at`] for a key cut in halves
    /// ([`key::halves_of`]), which the rankings index with no division.
    #[inline(always)]
    pub(crate) fn resident_of_halves(
        &self,
        suit: usize,
        halves: (usize, usize),
        fifth: bool,
    ) -> Resident {
        self.residents_of_suit(suit, fifth).at(halves)
    }

    /// The resident values of suit `suit` (0–2 numbered, 3 honours),
    /// within four copies or (`fifth`) not, read by key halves: the column
    /// and its ranking chosen once for many reads.
    #[inline(always)]
    pub(crate) fn residents_of_suit(&self, suit: usize, fifth: bool) -> SuitResidents<'_> {
        let dist = self.dist();
        if suit == 3 {
            SuitResidents(&self.honor_ranking, &dist[HONOR_CAP + fifth as usize])
        } else {
            SuitResidents(&self.suit_ranking, &dist[SUIT_CAP + fifth as usize])
        }
    }

    /// [`Tables::resident_at`] within four copies for the four suits'
    /// keys at once (the storage read once).
    #[inline(always)]
    pub(crate) fn residents(&self, keys: &[usize; 4]) -> [Resident; 4] {
        self.residents_of_halves(&keys.map(key::halves_of))
    }

    /// The four resident distance columns (the compiled-in ones decoded
    /// here the first time).
    #[inline(always)]
    fn dist(&self) -> &[Box<[u32]>; 4] {
        self.dist.get_or_init(|| DEFAULT_PROFILES.map(words))
    }

    /// [`Tables::residents`] for the four suits' keys cut in halves
    /// (`SuitWords::halves`), which the rankings index with no division.
    #[inline(always)]
    pub(crate) fn residents_of_halves(&self, halves: &[(usize, usize); 4]) -> [Resident; 4] {
        let dist = self.dist();
        let (suit, honor) = (&dist[SUIT_CAP], &dist[HONOR_CAP]);
        let read = Resident::read;
        let suit_at = |(low, high)| read(suit, self.suit_ranking.index_of(low, high));
        [
            suit_at(halves[0]),
            suit_at(halves[1]),
            suit_at(halves[2]),
            read(honor, self.honor_ranking.index_of(halves[3].0, halves[3].1)),
        ]
    }

    /// The class a resident value names.
    #[inline(always)]
    pub(crate) fn class(&self, r: Resident) -> &Class {
        // Every resident value names a class of its tables (the generator
        // numbers them, class 0 first).
        &self.classes.all[r.class_index() as usize]
    }

    /// The merge value of the class a resident value names
    /// ([`Class::merge`]).
    #[inline(always)]
    pub(crate) fn merge(&self, r: Resident) -> Merge {
        self.classes.merges[r.class_index() as usize]
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

#[cfg(test)]
pub(crate) use key::keys_of;

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
        let none = NEED_NONE as u32;
        if m != none && (tiles + m) % 3 != 0 || p != none && (tiles + p) % 3 != 2 {
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

/// The four distance columns (see `DIST_COLUMNS`) for `params`, from the
/// need tables `suit` and `honor` made for them: the capped columns come
/// from need tables where jokers stay within four copies (generated here
/// when `params` allow fifth copies).
fn distance_columns(params: &TableParams, suit: &[u8], honor: &[u8]) -> [Box<[u8]>; 4] {
    let capped_params = TableParams {
        joker_fifth_copy: false,
        ..*params
    };
    let (suit_cap_need, honor_cap_need);
    let (suit_cap, honor_cap) = if params.joker_fifth_copy {
        suit_cap_need = gen::suit_table(&capped_params);
        honor_cap_need = gen::honor_table(&capped_params);
        (&suit_cap_need[..], &honor_cap_need[..])
    } else {
        (suit, honor)
    };
    let max = params.max_tiles;
    let suit_ranking = key::suit_ranking(max);
    let honor_ranking = key::honor_ranking(max);
    let (a, b) = gen::distance_columns(
        &gen::distances(suit_cap, SUIT_RANKS, max),
        &gen::distances(suit, SUIT_RANKS, max),
        SUIT_RANKS,
        max,
        suit_ranking.len(),
        &|k| suit_ranking.index(k),
    );
    let (c, d) = gen::distance_columns(
        &gen::distances(honor_cap, HONOR_RANKS, max),
        &gen::distances(honor, HONOR_RANKS, max),
        HONOR_RANKS,
        max,
        honor_ranking.len(),
        &|k| honor_ranking.index(k),
    );
    [a, b, c, d].map(Vec::into_boxed_slice)
}

/// The resident columns and the classes of the stored columns `stored`
/// (in the order of `DIST_COLUMNS`) made for `params`.
fn resident(params: &TableParams, stored: [Box<[u8]>; 4]) -> ([Box<[u32]>; 4], Classes) {
    let max = params.max_tiles;
    let suit_ranking = key::suit_ranking(max);
    let honor_ranking = key::honor_ranking(max);
    let r = gen::profile_columns(
        [&stored[0], &stored[1], &stored[2], &stored[3]],
        max,
        &|k| suit_ranking.index(k),
        &|k| honor_ranking.index(k),
    );
    let mut columns = r.columns.into_iter().map(words);
    let dist = std::array::from_fn(|_| columns.next().expect("four columns"));
    (
        dist,
        padded(r.classes.iter().map(|&steps| Class::of(steps))),
    )
}

/// The little-endian `u32`s of `bytes` (a resident column as `build.rs`
/// or the generator lays it out).
fn words(bytes: impl AsRef<[u8]>) -> Box<[u32]> {
    bytes
        .as_ref()
        .chunks_exact(4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .collect()
}

/// How many class numbers a resident value can hold.
const CLASSES: usize = 1 << CLASS.bits;

/// The counted fields of a resident value.
const COUNTED_MASK: u32 = COUNTED.mask();

/// Every class a resident value can name, the unused numbers as class 0.
pub(crate) struct Classes {
    all: Box<[Class; CLASSES]>,
    /// Each class's [`Class::merge`] again, eight bytes apart: the
    /// shanten's merge reads a suit's with one scaled load.
    merges: Box<[Merge; CLASSES]>,
}

/// `classes` (class 0 first) padded to [`Classes`].
fn padded(classes: impl Iterator<Item = Class>) -> Classes {
    let mut all: Vec<Class> = classes.collect();
    let none = all[0];
    all.resize(CLASSES, none);
    let merges: Vec<Merge> = all.iter().map(|c| c.merge).collect();
    Classes {
        all: key::boxed_array(all, "resized to CLASSES"),
        merges: key::boxed_array(merges, "one per class"),
    }
}

/// Checks a distance column read from a file: its length, and in every
/// value no bit outside the layout (the fifth-copy flag only in the
/// capped columns, `flagged`).
fn check_distances(
    table: &'static str,
    column: &[u8],
    len: usize,
    flagged: bool,
) -> Result<(), (&'static str, String)> {
    if column.len() != 4 * len {
        return Err((
            table,
            format!("{} bytes, expected {}", column.len(), 4 * len),
        ));
    }
    let allowed = DIST_STEPS | if flagged { DIST_FIFTH } else { 0 };
    for (slot, b) in column.chunks_exact(4).enumerate() {
        let v = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
        if v & !allowed != 0 {
            return Err((
                table,
                format!("slot {slot} holds {v:#010x}: bits outside the layout"),
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::gen::for_patterns;
    use super::layout::{counted_fields, counted_step, orphan_ranks};

    /// One tile more adds [`counted_step`] to the counted fields, for
    /// every pattern of a numbered suit and of the honours of at most 13
    /// tiles and every rank held fewer than four times.
    #[test]
    fn counted_step_is_one_tile_more() {
        for (ranks, honor) in [(9, false), (7, true)] {
            let orphans = orphan_ranks(honor);
            for_patterns(ranks, 13, &mut |_, counts| {
                let before = counted_fields(counts, orphans);
                let mut more = counts.to_vec();
                for r in 0..ranks {
                    if counts[r] < 4 {
                        let step = counted_step(counts[r], orphans >> r & 1 == 1);
                        more[r] += 1;
                        let after = counted_fields(&more, orphans);
                        more[r] -= 1;
                        assert_eq!(after, before.wrapping_add(step), "{counts:?} + rank {r}");
                    }
                }
            });
        }
    }
}
