//! The bit layouts of the table values, and the constants that name them:
//! the generator packs values with these, the readers ([`Need`], [`Distance`],
//! [`SuitProfile`], [`CountedFields`]) unpack them with these, and no code
//! outside `tables/` sees a bit.
//!
//! `build.rs` compiles this file too (through `#[path]`, beside the key and
//! the generator), so it names nothing outside itself.
//!
//! The need values and the stored distance values are what table files
//! hold; the [`tables`](super) module docs describe them for users. The
//! values below them in this file live in memory only, and so does what
//! the standard form's merge reads of each distance class, packed and
//! read in `class.rs` (it is worked out from the classes as tables load).
//!
//! # Profiles (in memory)
//!
//! Table files store the distance values of [`DIST_STEPS`] and
//! [`DIST_FIFTH`]. In memory (the compiled-in tables, generated ones, and
//! files once loaded) each `u32` of a distance column holds instead the
//! *profile* of the same pattern ([`SuitProfile`]):
//!
//! - **bits 0–17** ([`COUNTED`]): in the columns within four copies, the
//!   pattern's counted fields (below); zero in the fifth-copy columns,
//!   which are read for their classes only;
//! - **bit 18** ([`PROFILE_FIFTH`]): the fifth-copy flag (bit 31,
//!   [`DIST_FIFTH`], of the stored value);
//! - **bits 19–31** ([`CLASS`]): the pattern's *distance class*, an index
//!   into the table's list of distinct packed steps (class 0 is "no
//!   pattern", every step 3: also the profile of a key past the column). A
//!   table has a few hundred classes, each decoded once
//!   ([`DistanceClass`]). The class sits in the top bits so that shifting
//!   it down is all its index needs.
//!
//! # Counted fields
//!
//! What seven pairs and thirteen orphans read of a suit, bits 0–17 of a
//! profile ([`counted_fields`]): kinds held twice or more
//! ([`COUNTED_PAIRS`], capped at 7), kinds held once ([`COUNTED_SINGLES`]),
//! kinds held an odd number of times ([`COUNTED_ODD`]), orphans held
//! ([`COUNTED_ORPHANS`]), orphans held twice or more
//! ([`COUNTED_ORPHAN_PAIRS`], capped at 7). The four suits' fields of a
//! hand of at most 14 natural tiles add up without carrying from one field
//! into the next, so four profiles added whole hold the sum of their fields
//! in bits 0–17.
//!
//! [`Need`]: super::Need
//! [`Distance`]: super::Distance
//! [`SuitProfile`]: super::SuitProfile
//! [`CountedFields`]: super::CountedFields
//! [`DistanceClass`]: super::DistanceClass

/// A field of a packed `u32`: `bits` bits from bit `shift`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Field {
    /// The field's lowest bit.
    pub shift: u32,
    /// The field's width.
    pub bits: u32,
}

impl Field {
    /// The largest value the field holds.
    #[inline(always)]
    pub const fn max(self) -> u32 {
        (1 << self.bits) - 1
    }

    /// The field of `v`, moved down.
    #[inline(always)]
    pub const fn get(self, v: u32) -> u32 {
        v >> self.shift & self.max()
    }

    /// `x` (at most [`Field::max`]) moved into the field.
    #[inline(always)]
    pub const fn put(self, x: u32) -> u32 {
        x << self.shift
    }

    /// The field's bits, in place.
    #[inline(always)]
    pub const fn mask(self) -> u32 {
        self.max() << self.shift
    }

    /// The first bit above the field.
    #[inline(always)]
    pub const fn end(self) -> u32 {
        self.shift + self.bits
    }

    /// The field of `bits` bits right above this one.
    pub const fn next(self, bits: u32) -> Field {
        Field {
            shift: self.end(),
            bits,
        }
    }

    /// This field and `above` (the field right above it) read as one
    /// number.
    pub const fn joined(self, above: Field) -> Field {
        assert!(above.shift == self.end(), "the fields touch");
        Field {
            shift: self.shift,
            bits: self.bits + above.bits,
        }
    }
}

// ---------------------------------------------------------------------------
// Need values: one byte a slot of the need tables.

/// A need no hand can meet: "no completion" (the largest need a value
/// holds).
pub const NEED_NONE: u8 = 15;

/// The need value of a pattern with no completion: both needs
/// [`NEED_NONE`].
pub const NEED_VALUE_NONE: u8 = pack_need(NEED_NONE, NEED_NONE);

/// The need value of a pattern needing `melds` jokers for melds only
/// (bits 0–3) and `with_pair` for melds and a pair (bits 4–7); a need above
/// [`NEED_NONE`] is stored as it.
pub const fn pack_need(melds: u8, with_pair: u8) -> u8 {
    let m = if melds > NEED_NONE { NEED_NONE } else { melds };
    let p = if with_pair > NEED_NONE {
        NEED_NONE
    } else {
        with_pair
    };
    m | (p << 4)
}

/// The need for melds only of need value `v`.
#[inline(always)]
pub const fn need_melds(v: u8) -> u8 {
    v & 0x0f
}

/// The need for melds and a pair of need value `v`.
#[inline(always)]
pub const fn need_with_pair(v: u8) -> u8 {
    v >> 4
}

/// [`need_melds`] of each byte of `w` (eight need values), in the same
/// byte.
#[inline(always)]
pub const fn need_melds_lanes(w: u64) -> u64 {
    w & 0x0f0f_0f0f_0f0f_0f0f
}

/// [`need_with_pair`] of each byte of `w` (eight need values), in the same
/// byte.
#[inline(always)]
pub const fn need_with_pair_lanes(w: u64) -> u64 {
    w >> 4 & 0x0f0f_0f0f_0f0f_0f0f
}

// ---------------------------------------------------------------------------
// Stored distance values: one `u32` a pattern of the distance columns, as
// table files hold them.

/// Melds a distance value describes: 0–5 (17-tile hands reach 5).
pub const DIST_MELDS: usize = 5;

/// A distance larger than any target's: what a pattern reads where it has
/// no target (the pair where the suit may not hold it), and what the
/// decoded distances hold past [`DIST_MELDS`].
pub const DIST_FAR: u8 = 50;

/// One pattern's distances, before packing: `[p * 6 + m]` the tiles
/// missing from `m` melds, with the pair when `p` is 1.
pub type Distances = [u8; 12];

/// The meld steps of a stored distance value: 2 bits for each m =
/// 1..=5 from bit `2(m - 1)`, `d(m, 0) - d(m - 1, 0)` (0–3: a meld more
/// misses at most three tiles).
pub const DIST_MELD_STEPS: Field = Field { shift: 0, bits: 10 };

/// The pair steps of a stored distance value: 2 bits for each m = 0..=5
/// from bit `10 + 2m`, `d(m, 1) - d(m, 0)` (0–3; a suit that may not hold
/// the pair reads 3 and the rules bar it).
pub const DIST_PAIR_STEPS: Field = DIST_MELD_STEPS.next(12);

/// The packed steps of a stored distance value: every bit but the flag.
pub const DIST_STEPS: u32 = DIST_MELD_STEPS.mask() | DIST_PAIR_STEPS.mask();

/// The flag of a stored distance value within four copies: a joker
/// standing for a fifth copy would make some distance smaller.
pub const DIST_FIFTH: u32 = 1 << 31;

/// Packs one pattern's distances into a stored value (without the flag):
/// the steps of [`DIST_MELD_STEPS`] and [`DIST_PAIR_STEPS`]. A step above 3
/// (the pair where the suit may not hold it) is stored as 3; the rules bar
/// that pair.
pub fn pack_distances(d: &Distances) -> u32 {
    let step = |hi: u8, lo: u8| -> u32 {
        let s = hi.saturating_sub(lo);
        if s > 3 {
            3
        } else {
            s as u32
        }
    };
    let mut v = 0u32;
    let mut m = 1;
    while m <= DIST_MELDS {
        v |= step(d[m], d[m - 1]) << (DIST_MELD_STEPS.shift as usize + 2 * (m - 1));
        m += 1;
    }
    let mut m = 0;
    while m <= DIST_MELDS {
        v |= step(d[6 + m], d[m]) << (DIST_PAIR_STEPS.shift as usize + 2 * m);
        m += 1;
    }
    v
}

// ---------------------------------------------------------------------------
// Profiles: one `u32` a pattern of the distance columns, in memory.

/// The counted fields of a profile.
pub const COUNTED: Field = Field { shift: 0, bits: 18 };

/// The fifth-copy flag of a profile: [`DIST_FIFTH`] in memory.
pub const PROFILE_FIFTH: u32 = 1 << COUNTED.end();

/// The distance class of a profile: the top bits.
pub const CLASS: Field = Field {
    shift: COUNTED.end() + 1,
    bits: 13,
};

const _: () = assert!(
    CLASS.end() == 32,
    "the class is the top bits: a shift reads it"
);

/// The profile of a pattern of distance class `class`, flagged when
/// `fifth`, with the counted fields `counted`.
pub const fn pack_profile(class: u32, fifth: bool, counted: u32) -> u32 {
    let flag = if fifth { PROFILE_FIFTH } else { 0 };
    CLASS.put(class) | flag | counted
}

// ---------------------------------------------------------------------------
// Counted fields: bits 0–17 of a profile.

/// Kinds held twice or more, capped at 7.
pub const COUNTED_PAIRS: Field = Field { shift: 0, bits: 3 };

/// Kinds held once.
pub const COUNTED_SINGLES: Field = COUNTED_PAIRS.next(4);

/// Kinds held an odd number of times.
pub const COUNTED_ODD: Field = COUNTED_SINGLES.next(4);

/// Orphans (terminals and honours) held.
pub const COUNTED_ORPHANS: Field = COUNTED_ODD.next(4);

/// Orphans held twice or more, capped at 7.
pub const COUNTED_ORPHAN_PAIRS: Field = COUNTED_ORPHANS.next(3);

/// [`COUNTED_PAIRS`] and [`COUNTED_SINGLES`] read as one number: what
/// seven pairs without quads reads.
pub const COUNTED_PAIRS_AND_SINGLES: Field = COUNTED_PAIRS.joined(COUNTED_SINGLES);

/// [`COUNTED_ORPHANS`] and [`COUNTED_ORPHAN_PAIRS`] read as one number:
/// what thirteen orphans reads.
pub const COUNTED_ORPHANS_AND_PAIRS: Field = COUNTED_ORPHANS.joined(COUNTED_ORPHAN_PAIRS);

const _: () = assert!(COUNTED_ORPHAN_PAIRS.end() == COUNTED.end());

/// The counted fields of one pattern of `counts` (one count a rank).
/// `orphans` has bit `r` set for the ranks that are terminals or honours
/// ([`orphan_ranks`]). Four suits of a hand of at most 14 natural tiles add
/// up without a field overflowing.
pub fn counted_fields(counts: &[u8], orphans: u16) -> u32 {
    let (mut twice, mut once, mut odd, mut held, mut held_twice) = (0u32, 0u32, 0u32, 0u32, 0u32);
    let mut r = 0;
    while r < counts.len() {
        let c = counts[r];
        twice += (c >= 2) as u32;
        once += (c == 1) as u32;
        odd += (c % 2) as u32;
        if orphans >> r & 1 == 1 {
            held += (c >= 1) as u32;
            held_twice += (c >= 2) as u32;
        }
        r += 1;
    }
    let put = |f: Field, v: u32| f.put(if v > f.max() { f.max() } else { v });
    put(COUNTED_PAIRS, twice)
        | put(COUNTED_SINGLES, once)
        | put(COUNTED_ODD, odd)
        | put(COUNTED_ORPHANS, held)
        | put(COUNTED_ORPHAN_PAIRS, held_twice)
}

/// The ranks (bit `r`) that are orphans for the counted fields
/// ([`counted_fields`]): every honour, or 1 and 9 of a numbered suit.
pub const fn orphan_ranks(honor: bool) -> u16 {
    if honor {
        0x7f
    } else {
        0x101
    }
}

/// What one tile more of a kind held `count` times (0–3) adds to the
/// counted fields ([`counted_fields`]); `orphan` when the kind is a
/// terminal or an honour. Added with wrapping arithmetic (a field it
/// lowers is at least one), it gives the fields of the pattern with the
/// tile while no field reaches its cap: after the tile, at most 14 tiles.
pub const fn counted_step(count: u8, orphan: bool) -> u32 {
    let o = orphan as i32;
    let (twice, once, odd, held, held_twice) = match count {
        0 => (0, 1, 1, o, 0),
        1 => (1, -1, -1, 0, o),
        2 => (0, 0, 1, 0, 0),
        _ => (0, 0, -1, 0, 0),
    };
    ((twice << COUNTED_PAIRS.shift)
        + (once << COUNTED_SINGLES.shift)
        + (odd << COUNTED_ODD.shift)
        + (held << COUNTED_ORPHANS.shift)
        + (held_twice << COUNTED_ORPHAN_PAIRS.shift)) as u32
}
