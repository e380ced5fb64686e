//! The distance columns as table files store them: [`Distance`], one
//! suit's distances from m melds (see the [layout](super#the-distance-columns-shanten)),
//! its decoding into a byte per distance, the public distance reads, and
//! the making of the stored columns from the need tables.

use super::gen::{self, TableParams};
use super::key::{self, HONOR_RANKS, SUIT_RANKS};
use super::layout::{DIST_FAR, DIST_FIFTH, DIST_MELDS, DIST_MELD_STEPS, DIST_PAIR_STEPS};

/// One distance value: how many tiles one suit's pattern is from m melds,
/// with or without the pair (see the
/// [layout](super#the-distance-columns-shanten)).
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
    /// A distance larger than any target's: what [`Distance::lanes`] holds
    /// past five melds, and a place no target may use.
    pub(crate) const FAR: u8 = DIST_FAR;

    /// The distance a table file stores as `v` (the stored layout).
    #[inline(always)]
    pub(super) const fn from_stored(v: u32) -> Distance {
        Distance(v)
    }

    /// The value a table file stores for this distance.
    #[inline(always)]
    pub(super) const fn stored(self) -> u32 {
        self.0
    }

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
    /// and the pair; bytes 6 and 7 hold [`Distance::FAR`]. Two loads from
    /// small tables that hold the running sums of the 2-bit steps.
    #[inline(always)]
    pub(crate) fn lanes(self) -> [u64; 2] {
        let melds = MELD_SUMS[DIST_MELD_STEPS.get(self.0) as usize];
        [
            melds,
            melds + PAIR_STEP_BYTES[DIST_PAIR_STEPS.get(self.0) as usize],
        ]
    }
}

/// The bytes of [`Distance::lanes`]'s first word for every value of the
/// meld steps: byte `m` the sum of the first `m` steps.
static MELD_SUMS: [u64; 1 << DIST_MELD_STEPS.bits] = {
    let mut t = [0u64; 1 << DIST_MELD_STEPS.bits];
    let mut v = 0;
    while v < t.len() {
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
/// step at `m` melds, for every value of the pair steps.
static PAIR_STEP_BYTES: [u64; 1 << DIST_PAIR_STEPS.bits] = {
    let mut t = [0u64; 1 << DIST_PAIR_STEPS.bits];
    let mut v = 0;
    while v < t.len() {
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

/// Which distance column: numbered or honour, within four copies or not
/// (their order everywhere: in memory, in [`DIST_COLUMNS`], in the
/// generator).
pub(super) const SUIT_CAP: usize = 0;
pub(super) const SUIT_FIFTH: usize = 1;
pub(super) const HONOR_CAP: usize = 2;
pub(super) const HONOR_FIFTH: usize = 3;

/// The names of the distance columns, as table files store them.
pub(crate) const DIST_COLUMNS: [&str; 4] = [
    "suit-distance",
    "suit-distance-fifth",
    "honor-distance",
    "honor-distance-fifth",
];

/// The four stored distance columns (in the order of [`DIST_COLUMNS`]) for
/// `params`, from the need tables `suit` and `honor` made for them: the
/// capped columns come from need tables where jokers stay within four
/// copies (generated here when `params` allow fifth copies).
pub(super) fn stored_columns(params: &TableParams, suit: &[u8], honor: &[u8]) -> [Box<[u8]>; 4] {
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
    // One suit's two columns, from its need tables within four copies
    // (`cap`) and as `params` say (`free`).
    let columns = |cap, free, ranks, len, index: &dyn Fn(usize) -> usize| {
        let (cap, free) = (
            gen::distances(cap, ranks, max),
            gen::distances(free, ranks, max),
        );
        gen::distance_columns(&cap, &free, ranks, max, len, index)
    };
    let (a, b) = columns(suit_cap, suit, SUIT_RANKS, suit_ranking.len(), &|k| {
        suit_ranking.index(k)
    });
    let (c, d) = columns(honor_cap, honor, HONOR_RANKS, honor_ranking.len(), &|k| {
        honor_ranking.index(k)
    });
    [a, b, c, d].map(Vec::into_boxed_slice)
}
