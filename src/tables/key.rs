//! The dense base-5 key of a suit's counts: the one definition of a
//! per-suit table key, and the compact ranking the distance columns are
//! indexed by.
//!
//! `build.rs` compiles this file too (through `#[path]`, beside the layout
//! and the generator), so the compiled-in tables and the library cannot
//! disagree on a key; it names nothing outside itself.

/// Ranks in a numbered suit (1–9).
pub const SUIT_RANKS: usize = 9;

/// Ranks among the honours (east, south, west, north, white, green, red).
pub const HONOR_RANKS: usize = 7;

/// Slots in a numbered-suit table: every count vector in `0..=4` per rank, `5^9`.
pub const SUIT_SLOTS: usize = pow5(SUIT_RANKS);

/// Slots in the honour table: `5^7`.
pub const HONOR_SLOTS: usize = pow5(HONOR_RANKS);

/// Honour melds when honour sequences count, each a bit set of ranks
/// (winds 0–3, dragons 4–6): four sets of three different winds, and the
/// dragons.
pub(crate) const HONOR_SEQUENCES: [u8; 5] = [0b0111, 0b1011, 0b1101, 0b1110, 0b111_0000];

/// `5^n`, usable in constants: the one definition of the powers of five.
pub const fn pow5(n: usize) -> usize {
    let mut p = 1;
    let mut i = 0;
    while i < n {
        p *= 5;
        i += 1;
    }
    p
}

/// `5^r` for the ranks `r` of a numbered suit: a tile of rank `r` adds
/// `POW5[r]` to its suit's key.
pub const POW5: [usize; SUIT_RANKS] = {
    let mut t = [0; SUIT_RANKS];
    let mut r = 0;
    while r < SUIT_RANKS {
        t[r] = pow5(r);
        r += 1;
    }
    t
};

/// The dense base-5 key of one suit's counts: `sum(counts[r] * 5^r)`.
///
/// Every count must be at most 4 (the caller validates); the key is then a
/// bijection between count vectors of `counts.len()` ranks and
/// `0..5^counts.len()`.
#[inline]
pub fn key_of(counts: &[u8]) -> usize {
    let mut key = 0usize;
    let mut place = 1usize;
    for &c in counts {
        key += c as usize * place;
        place *= 5;
    }
    key
}

/// The counts encoded by `key`, one per rank (inverse of [`key_of`]).
pub fn counts_of(mut key: usize, out: &mut [u8]) {
    for c in out.iter_mut() {
        *c = (key % 5) as u8;
        key /= 5;
    }
}

/// [`key_of`] for the 9 counts of a numbered suit, computed in one 64-bit
/// word: ranks 1–8 are combined pairwise (`a + 5b`, then `+ 25·`, then
/// `+ 625·`) in three multiply steps, and rank 9 is added last. Every count
/// must be at most 4.
#[inline]
pub fn suit_key(counts: &[u8; 9]) -> usize {
    let mut low = [0u8; 8];
    low.copy_from_slice(&counts[..8]);
    word_key(u64::from_le_bytes(low)) + counts[8] as usize * pow5(8)
}

/// [`key_of`] for the 7 honour counts, as [`suit_key`] does it.
#[inline]
pub fn honor_key(counts: &[u8; 7]) -> usize {
    let mut low = [0u8; 8];
    low[..7].copy_from_slice(counts);
    word_key(u64::from_le_bytes(low))
}

/// Where a key is cut in halves: a key is `low + CUT·high`, `low` the key
/// of its first four ranks. The cut [`word_halves`] makes and the
/// distance columns' rankings index by.
pub const CUT: usize = pow5(4);

/// What one tile of rank `rank` (0–8) adds to a key cut in halves
/// ([`halves_of`]): `5^rank` in the half that holds the rank.
#[inline(always)]
pub fn half_step(rank: usize) -> (usize, usize) {
    const STEPS: [(usize, usize); 9] = {
        let mut t = [(0, 0); 9];
        let mut r = 0;
        while r < 9 {
            t[r] = if r < 4 {
                (pow5(r), 0)
            } else {
                (0, pow5(r - 4))
            };
            r += 1;
        }
        t
    };
    STEPS[rank]
}

/// `key` cut in halves, `(low, high)` (see [`CUT`]).
#[inline(always)]
pub fn halves_of(key: usize) -> (usize, usize) {
    (key % CUT, key / CUT)
}

/// The base-5 values of bytes 0–3 and of bytes 4–7 of `v` (byte `i` is
/// the digit of `5^i`; every byte at most 4), so that the word's key is
/// `low + CUT·high`: two multiply-shift steps that each merge neighbouring
/// lanes, bytes into 16-bit lanes (`d0 + 5·d1`), those into 32-bit lanes
/// (`+ 25·`). Multiplying by `w + 2^lane` puts `lower + w·upper` in each
/// upper lane; no lane overflows (24 and 624 fit), so no carry crosses a
/// lane.
#[inline(always)]
pub fn word_halves(v: u64) -> (usize, usize) {
    const B: u64 = 0x00ff_00ff_00ff_00ff;
    const H: u64 = 0x0000_ffff_0000_ffff;
    let pairs = (v.wrapping_mul(5 + (1 << 8)) >> 8) & B;
    let quads = (pairs.wrapping_mul(25 + (1 << 16)) >> 16) & H;
    ((quads & 0xffff) as usize, (quads >> 32) as usize)
}

/// Base-5 value of the 8 bytes of `v` (byte `i` is the digit of `5^i`;
/// every byte at most 4): [`word_halves`] joined.
#[inline(always)]
pub fn word_key(v: u64) -> usize {
    let (low, high) = word_halves(v);
    low + CUT * high
}

/// The compact index of the distance tables: every pattern of at most
/// `max_tiles` tiles gets its own slot in `0..len`, with no gaps. A key is
/// cut into its low ranks (the first `low_ranks` digits) and its high ranks
/// (the rest); low patterns are numbered by tile count, then key, so that
/// the ones that fit beside a high pattern come first, and each high
/// pattern starts where the previous one's fitting low patterns end:
/// `index = base[high] + low[low]`, two loads from small arrays.
/// `LOW_SLOTS` is `5^low_ranks`, a constant so that the cut is a
/// multiplication, not a division.
pub struct Ranking<const LOW_SLOTS: usize> {
    /// The two arrays an index adds up, in one allocation (one pointer
    /// for both).
    parts: Box<RankingParts>,
    /// Patterns of at most `max_tiles` tiles.
    len: usize,
}

/// What [`Ranking::index_of`] reads.
struct RankingParts {
    /// First index of each high pattern, in the first slots of a
    /// power-of-two array: an index masked to its size needs no bounds
    /// check.
    base: [u32; HIGH_PAD],
    /// Rank of each low pattern among the low patterns, by (tiles, key),
    /// likewise padded.
    low: [u16; LOW_PAD],
}

impl<const LOW_SLOTS: usize> Ranking<LOW_SLOTS> {
    /// The ranking of patterns of `ranks` ranks with at most `max_tiles`
    /// tiles, cut after `low_ranks` ranks (`5^low_ranks == LOW_SLOTS`).
    pub fn new(ranks: usize, low_ranks: usize, max_tiles: u8) -> Ranking<LOW_SLOTS> {
        let low_slots = pow5(low_ranks);
        assert_eq!(low_slots, LOW_SLOTS, "LOW_SLOTS is 5^low_ranks");
        let high_slots = pow5(ranks - low_ranks);
        assert!(low_slots <= LOW_PAD && high_slots <= HIGH_PAD);
        let tiles = |key: usize, digits: usize| {
            let mut c = [0u8; 9];
            counts_of(key, &mut c[..digits]);
            c.iter().map(|&n| n as usize).sum::<usize>()
        };
        let mut order: Vec<usize> = (0..low_slots).collect();
        order.sort_by_key(|&k| (tiles(k, low_ranks), k));
        let mut parts = Box::new(RankingParts {
            base: [0; HIGH_PAD],
            low: [0; LOW_PAD],
        });
        // fitting[t]: low patterns of at most t tiles.
        let mut fitting = vec![0usize; max_tiles as usize + 1];
        for (rank, &k) in order.iter().enumerate() {
            parts.low[k] = rank as u16;
            let t = tiles(k, low_ranks);
            let mut s = t;
            while s <= max_tiles as usize {
                fitting[s] += 1;
                s += 1;
            }
        }
        let mut next = 0usize;
        for (high, b) in parts.base.iter_mut().enumerate().take(high_slots) {
            *b = next as u32;
            let t = tiles(high, ranks - low_ranks);
            if t <= max_tiles as usize {
                next += fitting[max_tiles as usize - t];
            }
        }
        Ranking { parts, len: next }
    }

    /// Patterns indexed (those of at most `max_tiles` tiles).
    pub fn len(&self) -> usize {
        self.len
    }

    /// Never true: the empty pattern is always indexed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of the pattern with dense key `key` (it must have at most
    /// `max_tiles` tiles).
    #[inline(always)]
    pub fn index(&self, key: usize) -> usize {
        self.index_of(key % LOW_SLOTS, key / LOW_SLOTS)
    }

    /// The index of the pattern whose key's low ranks read `low` and high
    /// ranks `high` (the key is `low + LOW_SLOTS·high`). Halves out of
    /// range read some slot of the padded arrays, never past them.
    #[inline(always)]
    pub fn index_of(&self, low: usize, high: usize) -> usize {
        self.high_part(high) + self.low_part(low)
    }

    /// What the low half `low` adds to an index ([`Ranking::index_of`]).
    #[inline(always)]
    pub fn low_part(&self, low: usize) -> usize {
        self.parts.low[low & (LOW_PAD - 1)] as usize
    }

    /// What the high half `high` adds to an index ([`Ranking::index_of`]).
    #[inline(always)]
    pub fn high_part(&self, high: usize) -> usize {
        self.parts.base[high & (HIGH_PAD - 1)] as usize
    }
}

/// The size of a ranking's array of low patterns: a power of two, at
/// least every `LOW_SLOTS` used.
const LOW_PAD: usize = 1024;

/// How far past its patterns an index of a ranking reaches, for any
/// halves ([`Ranking::index_of`]): every index is below `len + PAST_END`,
/// as no high part passes `len` and no low part reaches the size of the
/// array of low patterns. A column padded with `PAST_END` slots is read
/// with no slot missing.
pub(crate) const PAST_END: usize = LOW_PAD;

/// The size of a ranking's array of high patterns: a power of two, at
/// least the `5^5` of a numbered suit's ranks 5–9.
const HIGH_PAD: usize = 4096;

/// The ranking of numbered-suit patterns: ranks 1–4 low, 5–9 high (the
/// cut [`word_halves`] makes).
pub type SuitRanking = Ranking<CUT>;

/// The ranking of honour patterns: east to north low, the dragons high.
pub type HonorRanking = Ranking<CUT>;

/// The ranking of numbered-suit patterns of at most `max_tiles` tiles.
pub fn suit_ranking(max_tiles: u8) -> SuitRanking {
    Ranking::new(SUIT_RANKS, 4, max_tiles)
}

/// The ranking of honour patterns of at most `max_tiles` tiles.
pub fn honor_ranking(max_tiles: u8) -> HonorRanking {
    Ranking::new(HONOR_RANKS, 4, max_tiles)
}

/// `v`, of `N` items (the caller made it so, as `what` says), as a boxed
/// array.
pub(crate) fn boxed_array<T, const N: usize>(v: Vec<T>, what: &str) -> Box<[T; N]> {
    v.into_boxed_slice()
        .try_into()
        .unwrap_or_else(|_| unreachable!("{what}"))
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
