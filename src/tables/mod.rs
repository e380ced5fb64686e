//! The per-suit joker-need tables: the one place that knows their key and
//! value layout.
//!
//! # Layout
//!
//! There are two tables, one for the numbered suits (shared by `m`, `p`,
//! `s`) and one for the honours. Each is one byte per slot:
//!
//! - **Key** ([`key::key_of`], computed by [`key::suit_key`] and
//!   [`key::honor_key`]): the suit's counts read as a base-5 number,
//!   `count(rank 1) + 5·count(rank 2) + … + 5⁸·count(rank 9)` (honours: 7
//!   ranks). Every count vector with counts 0–4 has its own slot: `5⁹ =
//!   1,953,125` numbered-suit slots and `5⁷ = 78,125` honour slots, 2.03 MB in
//!   all. The key is a perfect hash onto a dense index: no hashing, no
//!   collision, one load. Of the slots, 405,350 (numbered) and 43,130
//!   (honour) hold patterns of at most 14 tiles; the rest hold `0xff`.
//! - **Value** ([`Need`]): bits 0–3 are the fewest jokers that complete the
//!   suit's tiles into melds only; bits 4–7 the fewest that complete them into
//!   melds plus one pair. 15 means "no completion with the jokers any hand can
//!   hold" (for a pattern of `n` tiles, a need of 15 or more can never be met:
//!   the hand would exceed its size limit).
//!
//! The win check for the standard form sums the melds-only needs of the four
//! suits, then lets the one suit whose pair costs least hold the pair; the
//! hand wins when that total is at most its joker count. Jokers left over
//! are a multiple of three (the hand has 3N+2 tiles) and form melds of their
//! own.

/// The dense base-5 key shared with the generator in `build.rs`.
pub mod key {
    include!("key.rs");
}

/// The generator, shared with `build.rs`: a dynamic programme over ranks.
pub mod gen {
    include!("gen.rs");
}

pub mod file;

use std::sync::{Arc, Mutex, OnceLock};

use key::{honor_key, suit_key, HONOR_SLOTS, SUIT_SLOTS};

pub use gen::TableParams;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// One table value: the jokers one suit needs (see the [layout](self)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Need(u8);

/// Fewest jokers that complete four suits into N melds plus one pair: the
/// melds-only needs summed, plus the cheapest extra cost of holding the pair
/// in one suit. No branch on the data.
#[inline]
pub fn standard_need(needs: &[Need; 4]) -> u8 {
    standard_need_in(needs, [true; 4])
}

/// [`standard_need`] where only the suits marked in `pair_suits` may hold
/// the pair (a suit with no kind in play cannot, not even as two jokers).
#[inline]
pub fn standard_need_in(needs: &[Need; 4], pair_suits: [bool; 4]) -> u8 {
    standard_need_penalised(needs, pair_suits.map(|ok| if ok { 0 } else { NO_PAIR }))
}

/// A pair cost no hand can pay: added to the suits that may not hold the pair.
pub const NO_PAIR: i16 = 1 << 10;

/// [`standard_need`] with `penalty[s]` ([`NO_PAIR`] or 0) added to the cost
/// of holding the pair in suit `s`: no branch on the data.
#[inline]
pub fn standard_need_penalised(needs: &[Need; 4], penalty: [i16; 4]) -> u8 {
    let melds: i16 = needs.iter().map(|n| n.melds() as i16).sum();
    let pair = (0..4)
        .map(|s| needs[s].with_pair() as i16 - needs[s].melds() as i16 + penalty[s])
        .min()
        .unwrap_or(NO_PAIR);
    (melds + pair).clamp(0, u8::MAX as i16) as u8
}

/// Fewest jokers that complete four suits into melds only.
#[inline]
pub fn melds_need(needs: &[Need; 4]) -> u8 {
    needs.iter().map(|n| n.melds()).sum()
}

impl Need {
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
    /// generated and shared. The [`CACHED`](Tables::CACHED) most recently
    /// generated parameter sets are kept for reuse, so memory stays bounded
    /// however many rule sets a process sees; rules holding older tables
    /// keep them.
    pub fn for_params(params: &TableParams) -> Arc<Tables> {
        if *params == TableParams::DEFAULT {
            return Tables::builtin();
        }
        static CACHE: OnceLock<Mutex<Vec<Arc<Tables>>>> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
        let mut cache = cache
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(t) = cache.iter().find(|t| t.params == *params) {
            return t.clone();
        }
        let t = Arc::new(Tables::generate(params));
        if cache.len() == Tables::CACHED {
            cache.remove(0);
        }
        cache.push(t.clone());
        t
    }

    /// How many generated parameter sets [`Tables::for_params`] keeps.
    pub const CACHED: usize = 16;

    /// Tables from their raw bytes (as a table file holds them), checked
    /// for size only: the file layer checks everything else.
    pub(crate) fn from_raw(params: TableParams, suit: Vec<u8>, honor: Vec<u8>) -> Option<Tables> {
        (suit.len() == SUIT_SLOTS && honor.len() == HONOR_SLOTS).then(|| Tables {
            storage: Storage::Owned {
                suit: suit.into_boxed_slice(),
                honor: honor.into_boxed_slice(),
            },
            params,
        })
    }

    /// The raw bytes of the two tables (numbered suits, honours).
    pub fn raw(&self) -> (&[u8], &[u8]) {
        (self.suit_bytes(), self.honor_bytes())
    }

    #[inline]
    fn suit_bytes(&self) -> &[u8] {
        match &self.storage {
            Storage::Builtin => DEFAULT_SUIT,
            Storage::Owned { suit, .. } => suit,
        }
    }

    #[inline]
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

    /// The need stored at `key` of the numbered-suit table (see
    /// [`key::suit_key`]); `None` for a key outside the table.
    #[inline]
    pub fn suit_by_key(&self, key: usize) -> Option<Need> {
        self.suit_bytes().get(key).map(|&v| Need(v))
    }

    /// The need stored at `key` of the honour table (see [`key::honor_key`]).
    #[inline]
    pub fn honor_by_key(&self, key: usize) -> Option<Need> {
        self.honor_bytes().get(key).map(|&v| Need(v))
    }

    /// The keys of the four suits of `counts` (m, p, s, honours).
    #[inline]
    pub fn keys(counts: &[u8; 34]) -> [usize; 4] {
        let (m, rest) = counts.split_first_chunk::<9>().expect("34 > 9");
        let (p, rest) = rest.split_first_chunk::<9>().expect("25 > 9");
        let (s, z) = rest.split_first_chunk::<9>().expect("16 > 9");
        let z: &[u8; 7] = z.try_into().expect("7 honours");
        [suit_key(m), suit_key(p), suit_key(s), honor_key(z)]
    }

    /// The needs of the four suits whose keys are `keys` (from [`Tables::keys`]).
    #[inline]
    pub fn needs(&self, keys: [usize; 4]) -> [Need; 4] {
        let suit = self.suit_bytes();
        [
            Need(suit[keys[0]]),
            Need(suit[keys[1]]),
            Need(suit[keys[2]]),
            Need(self.honor_bytes()[keys[3]]),
        ]
    }

    /// The need of suit `suit` (0–2 numbered, 3 honours) at `key`.
    #[inline]
    pub fn need_in(&self, suit: usize, key: usize) -> Option<Need> {
        if suit == 3 {
            self.honor_by_key(key)
        } else {
            self.suit_by_key(key)
        }
    }

    /// Bytes resident for the two tables.
    pub fn size_bytes(&self) -> usize {
        self.suit_bytes().len() + self.honor_bytes().len()
    }
}

impl std::fmt::Debug for Tables {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tables")
            .field("params", &self.params)
            .finish_non_exhaustive()
    }
}
