//! The need tables: [`Need`], one suit's jokers to complete its tiles, and
//! the reads of the two need tables (see the [layout](super#layout)).

use super::key::POW5;
use super::layout::{
    need_melds, need_melds_lanes, need_with_pair, need_with_pair_lanes, pack_need, NEED_VALUE_NONE,
};

/// One need-table value: the jokers one suit needs (see the
/// [layout](super#layout)).
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

    /// The value stored as the byte `v` of a need table.
    #[inline(always)]
    pub(crate) const fn from_byte(v: u8) -> Need {
        Need(v)
    }

    /// The byte a need table stores for this value.
    #[inline(always)]
    pub(crate) const fn byte(self) -> u8 {
        self.0
    }

    /// Both needs "none" (15)?
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == Need::NONE.0
    }

    /// Fewest jokers that complete the tiles into melds only (15: none).
    #[inline]
    pub const fn melds(self) -> u8 {
        need_melds(self.0)
    }

    /// Fewest jokers that complete the tiles into melds plus one pair (15: none).
    #[inline]
    pub const fn with_pair(self) -> u8 {
        need_with_pair(self.0)
    }

    /// Does it need at most `most_melds` jokers for melds only, or at most
    /// `most_pair` for melds and a pair (a draw's test as a wait)?
    #[inline(always)]
    pub(crate) fn within(self, most_melds: i32, most_pair: i32) -> bool {
        (self.melds() as i32) <= most_melds || (self.with_pair() as i32) <= most_pair
    }
}

/// One suit's need table, for a run of look-ups in one suit
/// ([`Tables::need_column`](super::Tables::need_column)).
#[derive(Clone, Copy)]
pub(crate) struct NeedColumn<'a>(pub(super) &'a [u8]);

impl NeedColumn<'_> {
    /// The need at `key`; "none" for a key outside the table.
    #[inline(always)]
    pub(crate) fn at(self, key: usize) -> Need {
        Need(self.0.get(key).copied().unwrap_or(Need::NONE.0))
    }

    /// The ranks `r` below `ranks` (7 or 9) whose need at `key + 5^r` (the
    /// pattern at `key` with one tile more of rank `r`) needs at most
    /// `most_melds` jokers for melds only or at most `most_pair` for melds
    /// and a pair: bit `r` for rank `r`. A slot past the table reads
    /// "none", as [`NeedColumn::at`] does.
    #[inline(always)]
    pub(crate) fn ranks_within(
        self,
        key: usize,
        ranks: usize,
        most_melds: i32,
        most_pair: i32,
    ) -> u32 {
        const LOW: u64 = 0x0101_0101_0101_0101;
        const HIGH: u64 = 0x8080_8080_8080_8080;
        /// The slots the first seven ranks' look-ups span.
        const SPAN: usize = POW5[6] + 1;
        // The needs of ranks 0–7, one a byte: the first seven from one
        // checked window (a key near the table's end takes the checked
        // reads).
        let lane = |r: usize, v: u8| (v as u64) << (8 * r);
        let first = match self.0.get(key..).and_then(<[u8]>::first_chunk::<SPAN>) {
            Some(span) => (0..7).fold(0, |w, r| w | lane(r, span[POW5[r]])),
            None => (0..7).fold(0, |w, r| w | lane(r, self.at(key + POW5[r]).0)),
        };
        let lanes = first | lane(7, self.at(key + POW5[7]).0);
        // A byte `0x80 + need - limit` keeps bit 7 exactly when the need
        // is above the limit (need at most 15, limit clamped to 0–16: no
        // borrow crosses a byte).
        let limit = |most: i32| (most + 1).clamp(0, 16) as u64 * LOW;
        let melds_over = (need_melds_lanes(lanes) | HIGH) - limit(most_melds);
        let pair_over = (need_with_pair_lanes(lanes) | HIGH) - limit(most_pair);
        let within = !(melds_over & pair_over) & HIGH;
        // Bit 7 of byte r moved to bit r.
        let mut found = ((within >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
        if ranks > 8 {
            let ninth = self.at(key + POW5[8]).within(most_melds, most_pair);
            found |= (ninth as u32) << 8;
        }
        found & ((1 << ranks) - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::super::key::{HONOR_SLOTS, POW5, SUIT_SLOTS};
    use super::super::Tables;
    use super::NeedColumn;

    /// [`NeedColumn::ranks_within`] as a loop of single reads.
    fn ranks_within_by_reads(
        column: NeedColumn,
        key: usize,
        ranks: usize,
        most_melds: i32,
        most_pair: i32,
    ) -> u32 {
        (0..ranks)
            .filter(|&r| {
                let n = column.at(key + POW5[r]);
                n.melds() as i32 <= most_melds || n.with_pair() as i32 <= most_pair
            })
            .fold(0, |bits, r| bits | 1 << r)
    }

    /// Every honour key and a spread of suit keys, with the last 20,000
    /// suit keys (where the first seven reads no longer fit before the
    /// table's end), under limits from below 0 to above 15.
    #[test]
    fn ranks_within_matches_single_reads() {
        let tables = Tables::builtin();
        let limits = [
            (-1024, -1),
            (-1, -1),
            (0, 0),
            (0, 1),
            (1, 0),
            (2, 2),
            (3, -5),
            (7, 15),
            (15, 15),
            (16, 40),
        ];
        let suit_keys = (0..SUIT_SLOTS)
            .step_by(97)
            .chain(SUIT_SLOTS - 20_000..SUIT_SLOTS);
        let keys = suit_keys
            .map(|k| (0, 9, k))
            .chain((0..HONOR_SLOTS).map(|k| (3, 7, k)));
        for (suit, ranks, key) in keys {
            let column = tables.need_column(suit);
            for &(melds, pair) in &limits {
                assert_eq!(
                    column.ranks_within(key, ranks, melds, pair),
                    ranks_within_by_reads(column, key, ranks, melds, pair),
                    "suit {suit}, key {key}, limits {melds} {pair}"
                );
            }
        }
    }
}
