//! Efficiency's lanes: which draws lower the standard distance, judged
//! for every kind at once from each suit's distances around its pattern.

use super::distance::{barred_bytes, combined_of, least_bytes, Dist, FAR, FARS};
use crate::position::Position;
use crate::rules::compiled::Rules;
use crate::tables::{DrawColumns, DrawRow, HandMerge, SuitMerge, SuitProfile, DRAW_FLAGS};

/// [`Dist`] as sixteen bytes, `[m]` without the pair and `[8 + m]` with
/// it: the layout in which the efficiency's joins add and compare every
/// lane at once.
pub(super) type Lanes = [u8; 16];

/// The [`Lanes`] of [`Dist`].
#[inline(always)]
pub(super) fn lanes_of(d: Dist) -> Lanes {
    let mut l = [0; 16];
    l[..8].copy_from_slice(&d[0].to_le_bytes());
    l[8..].copy_from_slice(&d[1].to_le_bytes());
    l
}

/// The [`Dist`] of [`Lanes`].
#[inline(always)]
pub(super) fn dist_of(l: &Lanes) -> Dist {
    let word = |h: &[u8]| u64::from_le_bytes(h.try_into().expect("eight bytes"));
    [word(&l[..8]), word(&l[8..])]
}

/// Bit `j` set for each byte `j` of `d` (sixteen, as [`Lanes`]) whose high
/// bit is set.
#[inline(always)]
pub(super) fn high_bits(d: Dist) -> u32 {
    // Each byte's high bit moved to bit 56 + j by one multiplication.
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let half = |w: u64| (((w & crate::swar::HIGH) >> 7).wrapping_mul(GATHER) >> 56) as u32;
    half(d[0]) | half(d[1]) << 8
}

/// Every bit of the bytes of lanes `m` = 0..=K of a half of [`Dist`]:
/// the places of targets of `K` melds.
#[inline(always)]
pub(super) const fn through<const K: usize>() -> u64 {
    u64::MAX >> (8 * (7 - K))
}

/// The least byte of `d` (sixteen, every one below `0x80`), in the
/// general registers: halves, then quarters, and so on.
#[inline(always)]
pub(super) fn least_byte(d: Dist) -> u8 {
    let least = least_bytes;
    let m = least(d[0], d[1]);
    let m = least(m, m >> 32);
    let m = least(m, m >> 16);
    least(m, m >> 8) as u8
}

/// `0x80` in each byte of `d` that is not zero.
#[inline(always)]
pub(super) fn nonzero_bytes(d: Dist) -> Dist {
    const SEVEN: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    // A byte is zero when neither its high bit nor, added to 0x7f, its low
    // seven bits set the high bit (no carry leaves a byte).
    d.map(|x| (((x & SEVEN) + SEVEN) | x) & crate::swar::HIGH)
}

/// `0x80` in each byte of `d` that equals `v`.
#[inline(always)]
pub(super) fn equal_bytes(d: Dist, v: u8) -> Dist {
    let v = v as u64 * crate::swar::LOW;
    nonzero_bytes([d[0] ^ v, d[1] ^ v]).map(|w| w ^ crate::swar::HIGH)
}

/// Some suits' joined distances read from the other end for `K` melds,
/// [`Lanes`] `r[p][j]` = `l[1 - p][K - j]` for their join `l` (what they
/// hold when the suits beside them hold `j` melds and `p` pairs, on a
/// target of `K` melds and the pair; `FAR` beyond `K`), moved down `i`
/// places for `i` = 0..=K the way [`ReversedJoin::besides`] reads them.
#[derive(Clone, Copy, Debug)]
pub(super) struct ReversedJoin {
    /// `[i]`: `r` moved down `i` places in each half.
    down: [Lanes; 6],
    /// `[i]`: `r`'s half with the pair moved down `i` places into the half
    /// without it, `FAR` in the other half.
    across: [Lanes; 6],
}

impl ReversedJoin {
    /// The join `l` ([`join`]'s layout) for `K` melds.
    #[cfg(test)]
    pub(super) fn of<const K: usize>(l: &[[u8; 8]; 2]) -> ReversedJoin {
        let mut m = ReversedJoin::ZERO;
        m.fill::<K>(ReversedJoin::read_back::<K>(l));
        m
    }

    /// The join `l` ([`join`](super::distance::join)'s layout) read from the other end for `K`
    /// melds: `r[p][j]` = `l[1 - p][K - j]`, FAR past `K`.
    #[inline(always)]
    fn read_back<const K: usize>(l: &[[u8; 8]; 2]) -> [u64; 2] {
        let mut r = [[FAR; 8]; 2];
        for j in 0..=K {
            r[0][j] = l[1][K - j];
            r[1][j] = l[0][K - j];
        }
        r.map(u64::from_le_bytes)
    }

    /// Every lane zero: places past `K` are never read ([`ReversedJoin::fill`]).
    const ZERO: ReversedJoin = ReversedJoin {
        down: [[0; 16]; 6],
        across: [[0; 16]; 6],
    };

    /// Writes the places `i` = 0..=K of `r` (a join read from the other
    /// end, [`ReversedJoin::read_back`]) in place: a `ReversedJoin` made by value
    /// is moved into [`BesideJoins`] through `memcpy`.
    #[inline(always)]
    fn fill<const K: usize>(&mut self, r: [u64; 2]) {
        // FAR moves in from the top of each half (none for i = 0: the
        // shift is worked in 128 bits); places past K are not read.
        let down = |w: u64, i: usize| w >> (8 * i) | ((FARS as u128) << (64 - 8 * i)) as u64;
        for i in 0..=K {
            self.down[i] = lanes_of([down(r[0], i), down(r[1], i)]);
            self.across[i] = lanes_of([down(r[1], i), FARS]);
        }
    }

    /// The suit `a` joined with the suits of `self`, read from the other
    /// end as `self` is: what they hold together beside the rest of the
    /// hand. Lanes past `K` hold no target's value.
    #[cfg(test)]
    pub(super) fn beside<const K: usize>(&self, a: Dist) -> Dist {
        let [c] = ReversedJoin::besides::<K, 1>([self], a);
        c
    }

    /// The suit `a` joined with each of the `N` joins `m` (each read from
    /// the other end), written to `c` (every lane [`FAR`] on entry), out
    /// of line: inlined,
    /// or handing its lanes back by value, the compiler worked some of them
    /// a byte at a time in general registers. Each lane of `a` is spread
    /// once for all `N`.
    #[inline(never)]
    fn besides_into<const K: usize, const N: usize>(
        m: [&ReversedJoin; N],
        a: Lanes,
        c: &mut [Lanes; N],
    ) {
        // Without the pair: a[0][i] + r[0][m + i] and a[1][i] + r[1][m + i];
        // with it: a[0][i] + r[1][m + i].
        for i in 0..=K {
            for (c, m) in c.iter_mut().zip(m) {
                least_sums(c, &m.down[i], a[i]);
                least_sums(c, &m.across[i], a[8 + i]);
            }
        }
    }

    /// [`ReversedJoin::besides_into`] by value.
    #[inline(always)]
    fn besides<const K: usize, const N: usize>(m: [&ReversedJoin; N], a: Dist) -> [Dist; N] {
        let mut c = [[FAR; 16]; N];
        ReversedJoin::besides_into::<K, N>(m, lanes_of(a), &mut c);
        let mut d = [[0; 2]; N];
        for (d, c) in d.iter_mut().zip(&c) {
            *d = dist_of(c);
        }
        d
    }
}

/// `c[j]` = the least of `c[j]` and `t[j] + v`, lane by lane.
#[inline(always)]
pub(super) fn least_sums(c: &mut Lanes, t: &Lanes, v: u8) {
    for j in 0..16 {
        c[j] = c[j].min(t[j] + v);
    }
}

/// One suit's part of the efficiency of a 3N+1 hand: its distances
/// `d(m, p)` and, for each rank, which of them a draw of that rank lowers.
/// A draw lowers a suit's distances by at most one each (the drawn tile
/// may be dropped, or be the one tile more of a kept sub-pattern) and the
/// other suits keep theirs, so it lowers the hand's least standard
/// distance exactly when it lowers some distance of its suit that lies on
/// a least split ([`lowering_draws`]). A suit's `SuitDraws` serves every discard
/// that leaves the suit alone: working out a hand's discards reads one
/// suit's again per discard, its profile and its draw row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SuitDraws {
    /// The suit's profile.
    pub(super) profile: SuitProfile,
    /// Its distances barred as the rules say.
    dist: Dist,
    /// What the merge reads of its class ([`SuitMerge`]).
    merge: SuitMerge,
    /// Per rank 0–8, its draw row's entry ([`DrawRow`]) with the lanes
    /// of a half the rules bar cleared ([`kept_draws`]): the lanes a draw
    /// of the rank lowers, and whether it flags the suit. A rank not
    /// drawable reads some value: every reader masks the ranks with the
    /// tiles the hand may draw.
    draws: DrawRow,
}

impl SuitDraws {
    /// Suit `s` whose key is cut in halves `(low, high)`
    /// ([`crate::tables::key::halves_of`]), read from the rules' tables'
    /// `columns` ([`Tables::draw_columns`](crate::tables::Tables::draw_columns)).
    #[inline(always)]
    pub(crate) fn of(
        rules: &Rules,
        columns: &DrawColumns,
        s: usize,
        halves: (usize, usize),
    ) -> SuitDraws {
        let tables = &rules.tables;
        let (profile, row) = columns.at(s, halves);
        let class = tables.class(profile);
        let dist =
            barred_bytes(rules, s, class.lanes.map(u64::to_le_bytes)).map(u64::from_le_bytes);
        let kept = rules.derived.draw_kept[s];
        SuitDraws {
            profile,
            dist,
            merge: class.merge,
            draws: row.map(|entry| entry & kept),
        }
    }

    /// The suit's profile.
    #[inline]
    pub(crate) fn profile(&self) -> SuitProfile {
        self.profile
    }

    /// Does a draw of rank `r` make the pattern flagged for fifth copies?
    #[inline(always)]
    pub(crate) fn flags(&self, r: usize) -> bool {
        self.draws[r] & DRAW_FLAGS != 0
    }

    /// The ranks whose draw makes the pattern flagged for fifth copies.
    #[inline]
    pub(crate) fn flagged(&self) -> u32 {
        let mut flagged = 0;
        for (r, &entry) in self.draws.iter().enumerate() {
            flagged |= ((entry & DRAW_FLAGS != 0) as u32) << r;
        }
        flagged
    }

    /// The ranks (bit `r` for rank `r`) whose draw lowers one of the lanes
    /// `tight` (bit `j` for lane `j`, as [`Lanes`]).
    #[inline(always)]
    fn ranks_lowering(&self, tight: u32) -> u64 {
        // Lanes lie in bits 0–13: the flag is never among them.
        let tight = tight as u16 & !DRAW_FLAGS;
        let mut ranks = 0u64;
        for (r, &entry) in self.draws.iter().enumerate() {
            ranks |= ((entry & tight != 0) as u64) << r;
        }
        ranks
    }
}

/// What a suit barred by `bars` ([`bars`](super::bars)) keeps of each
/// draw row entry ([`DrawRow`]): the lanes a draw may lower (bit `j` for
/// lane `j`, as [`Lanes`]; none of a half the rules bar, which is one
/// fixed value) and [`DRAW_FLAGS`]. Worked out once for the rules
/// (`Derived::draw_kept`).
pub(crate) fn kept_draws(bars: &[[u64; 2]; 2]) -> u16 {
    ((bars[0][0] != 0) as u16 * 0xff) | ((bars[1][0] != 0) as u16 * 0xff00) | DRAW_FLAGS
}

/// Can [`lowering_draws`] judge the draws of the position `pos` (or of one
/// tile fewer) under `rules`? Not with declared melds, a suit limit or
/// more than five melds; nor, the caller checks, when a suit is flagged
/// for fifth copies and the position has a fifth copy to spend
/// ([`spends_fifths`](super::distance::spends_fifths)). The caller then judges each draw whole.
#[inline]
pub(crate) fn draws_by_suit_apply(rules: &Rules, pos: &Position) -> bool {
    rules.derived.suit_limit >= 3 && !pos.has_melds() && (pos.total() as usize - 1) / 3 <= 5
}

/// The joins of a hand's suits that [`lowering_draws`] reads, for targets of
/// `k` melds and the pair: every two suits together, and the three
/// beside each suit, read from the other end ([`ReversedJoin`]), worked
/// out the first time a least split is not a merge ([`LeastSplit::merged`]).
/// A discard changes one suit; the three beside each other suit are then
/// that suit beside a pair worked out here. Discards that leave their
/// suit with the same distances (the same class) share all but that
/// suit's draws: what the last few classes of each suit gave is kept
/// ([`ClassMemo`]).
pub(crate) struct BesideJoins {
    /// Melds in the targets.
    k: usize,
    /// The suits' distances the joins are of.
    dists: [Dist; 4],
    /// The joins, once worked out ([`BesideJoins::join`]).
    joins: Option<Joins>,
    /// `[s]`: the lowerings last worked out for discards of suit `s`, one
    /// per class the suit is left with ([`CLASSES_KEPT`] at most, the oldest
    /// replaced first).
    seen: [[ClassMemo; CLASSES_KEPT]; 4],
    /// `[s][j]`: the class of `seen[s][j]` ([`SuitProfile::class_index`]);
    /// `u32::MAX`, no class, for a place not filled.
    seen_class: [[u32; CLASSES_KEPT]; 4],
    /// How many lowerings of each suit were kept in all.
    seen_len: [u8; 4],
}

/// The joins of a hand's four suits that [`BesideJoins`] works out: a
/// kilobyte and more, made only for the hands the merge does not serve.
struct Joins {
    /// Every two suits together, mirrored ([`pair_index`]).
    pairs: [ReversedJoin; 6],
    /// `[x]`: the three suits beside suit `x` together, mirrored.
    beside: [Dist; 4],
}

/// The lowerings [`BesideJoins`] keeps per suit: a suit has at most nine
/// discards, most of them in fewer classes.
pub(super) const CLASSES_KEPT: usize = 4;

/// What [`lowering_draws`] found for a discard of one suit, kept for the other
/// discards of the suit that leave it in the same class: those have the
/// same least distance, the same tight lanes in every suit, and the same
/// draws in the other suits.
#[derive(Clone, Copy, Debug)]
pub(super) struct ClassMemo {
    /// The least distance.
    best: u8,
    /// The suit's tight lanes (bit `j` for lane `j`, as [`Lanes`]).
    tight: u32,
    /// The draws of the other suits that lower it (bit `i` for index `i`).
    others: u64,
}

impl ClassMemo {
    const NONE: ClassMemo = ClassMemo {
        best: 0,
        tight: 0,
        others: 0,
    };
}

/// The two suits other than `x` and `y`.
pub(super) const fn others(x: usize, y: usize) -> (usize, usize) {
    let mut o = [0; 2];
    let (mut s, mut n) = (0, 0);
    while s < 4 {
        if s != x && s != y {
            o[n] = s;
            n += 1;
        }
        s += 1;
    }
    (o[0], o[1])
}

/// The place of the pair of suits `x` and `y` (in either order) among
/// the six, `(0, 1)`, `(0, 2)`, `(0, 3)`, `(1, 2)`, `(1, 3)`, `(2, 3)`.
pub(super) const fn pair_index(x: usize, y: usize) -> usize {
    let (x, y) = if x < y { (x, y) } else { (y, x) };
    match (x, y) {
        (0, 1) => 0,
        (0, 2) => 1,
        (0, 3) => 2,
        (1, 2) => 3,
        (1, 3) => 4,
        _ => 5,
    }
}

/// `[x][y]`: the place ([`pair_index`]) of the two suits other than `x` and
/// `y` (`x != y`), worked out once.
pub(super) const OTHER_PAIR: [[usize; 4]; 4] = {
    let mut t = [[0; 4]; 4];
    let mut x = 0;
    while x < 4 {
        let mut y = 0;
        while y < 4 {
            if x != y {
                let (z, w) = others(x, y);
                t[x][y] = pair_index(z, w);
            }
            y += 1;
        }
        x += 1;
    }
    t
};

impl BesideJoins {
    /// Joins still to work out ([`BesideJoins::fill`]); every lane zero.
    pub(crate) fn new() -> BesideJoins {
        BesideJoins {
            k: 0,
            dists: [[0; 2]; 4],
            joins: None,
            seen: [[ClassMemo::NONE; CLASSES_KEPT]; 4],
            seen_class: [[u32::MAX; CLASSES_KEPT]; 4],
            seen_len: [0; 4],
        }
    }

    /// Takes the suits `around` for targets of `k` melds (0–5) and the
    /// pair, their joins still to work out, in place: a `BesideJoins` made
    /// by value is moved through `memcpy`.
    #[inline]
    pub(crate) fn fill(&mut self, around: [&SuitDraws; 4], k: usize) {
        self.k = k;
        let [a, b, c, d] = around;
        self.dists = [a.dist, b.dist, c.dist, d.dist];
        self.joins = None;
        self.seen_class = [[u32::MAX; CLASSES_KEPT]; 4];
        self.seen_len = [0; 4];
    }

    /// The joins of the suits `around` (as [`BesideJoins::fill`] takes
    /// them), out of line: under the rules the merge serves, most hands'
    /// least splits are merges ([`LeastSplit::merged`]).
    #[inline(never)]
    fn join<const K: usize>(around: [Dist; 4]) -> Joins {
        // Suits 1–3 alone, mirrored: each pair of suits is its first suit
        // beside its second, read from the other end as `fill` takes it.
        let mut alone = [ReversedJoin::ZERO; 3];
        for (m, a) in alone.iter_mut().zip(&around[1..]) {
            m.fill::<K>(ReversedJoin::read_back::<K>(&a.map(u64::to_le_bytes)));
        }
        // The six pairs in `pair_index`'s order, those of one first suit
        // at once.
        let [a1, a2, a3] = &alone;
        let [p01, p02, p03] = ReversedJoin::besides::<K, 3>([a1, a2, a3], around[0]);
        let [p12, p13] = ReversedJoin::besides::<K, 2>([a2, a3], around[1]);
        let [p23] = ReversedJoin::besides::<K, 1>([a3], around[2]);
        // What `beside` leaves past `K` is no target's: FAR there.
        let inside = through::<K>();
        let mut pairs = [ReversedJoin::ZERO; 6];
        for (m, r) in pairs.iter_mut().zip([p01, p02, p03, p12, p13, p23]) {
            m.fill::<K>(r.map(|w| w & inside | FARS & !inside));
        }
        // The three beside suits 1–3 hold suit 0, beside the pair of the
        // other two; those beside suit 0, suit 1 beside suits 2 and 3.
        let p = &pairs;
        let [b1, b2, b3] = ReversedJoin::besides::<K, 3>(
            [
                &p[pair_index(2, 3)],
                &p[pair_index(1, 3)],
                &p[pair_index(1, 2)],
            ],
            around[0],
        );
        let [b0] = ReversedJoin::besides::<K, 1>([&p[pair_index(2, 3)]], around[1]);
        Joins {
            pairs,
            beside: [b0, b1, b2, b3],
        }
    }

    /// The three suits beside each suit, mirrored, once suit `changed`
    /// (if any) is `around[changed]` instead of the suit these joins were
    /// worked out from.
    #[inline(always)]
    fn around_k<const K: usize>(
        &mut self,
        around: [&SuitDraws; 4],
        changed: Option<usize>,
    ) -> [Dist; 4] {
        let dists = self.dists;
        let joins = self.joins.get_or_insert_with(|| Self::join::<K>(dists));
        let mut rest = joins.beside;
        if let Some(s) = changed {
            let pairs = BESIDE_OTHERS[s];
            let beside = ReversedJoin::besides::<K, 3>(
                [
                    &joins.pairs[pairs[0]],
                    &joins.pairs[pairs[1]],
                    &joins.pairs[pairs[2]],
                ],
                around[s].dist,
            );
            for (&x, b) in OTHERS[s].iter().zip(beside) {
                rest[x] = b;
            }
        }
        rest
    }
}

/// `[s]`: the three suits other than `s`.
pub(super) const OTHERS: [[usize; 3]; 4] = [[1, 2, 3], [0, 2, 3], [0, 1, 3], [0, 1, 2]];

/// `[s][j]`: the place ([`pair_index`]) of the pair of suits beside both
/// `s` and `OTHERS[s][j]`.
pub(super) const BESIDE_OTHERS: [[usize; 3]; 4] = {
    let mut t = [[0; 3]; 4];
    let mut s = 0;
    while s < 4 {
        let mut j = 0;
        while j < 3 {
            t[s][j] = OTHER_PAIR[s][OTHERS[s][j]];
            j += 1;
        }
        s += 1;
    }
    t
};

/// The standard form's part of the efficiency of a 3N+1 hand whose suits
/// are `around` (its position passes [`draws_by_suit_apply`] and spends no
/// fifth copy): the least distance over the ways to share the melds and
/// the pair among the suits, and the tiles (bit `i` for index `i`) whose
/// draw lowers it. `rests` are the joins of the same suits but for the
/// suit `changed` (a discard's). On a least split a suit's distance
/// `d(m, p)` and the three beside it at `(k - m, 1 - p)` add up to the
/// least; a draw lowers the least when it lowers one of those distances
/// ([`SuitDraws`]).
#[inline]
pub(crate) fn lowering_draws(
    rules: &Rules,
    around: [&SuitDraws; 4],
    rests: &mut BesideJoins,
    changed: Option<usize>,
) -> (u8, u64) {
    match rests.k {
        0 => lowering_draws_for::<0>(rules, around, rests, changed),
        1 => lowering_draws_for::<1>(rules, around, rests, changed),
        2 => lowering_draws_for::<2>(rules, around, rests, changed),
        3 => lowering_draws_for::<3>(rules, around, rests, changed),
        4 => lowering_draws_for::<4>(rules, around, rests, changed),
        _ => lowering_draws_for::<5>(rules, around, rests, changed),
    }
}

/// [`lowering_draws`] for targets of `K` melds and the pair (`rests` are
/// for `K` melds), inlined where it is called: a caller that knows `K`
/// for many hands of one size calls it with no dispatch.
#[inline(always)]
pub(crate) fn lowering_draws_for<const K: usize>(
    rules: &Rules,
    around: [&SuitDraws; 4],
    rests: &mut BesideJoins,
    changed: Option<usize>,
) -> (u8, u64) {
    debug_assert_eq!(rests.k, K);
    if let Some(s) = changed {
        // A class this suit was left with before: only its draws differ.
        // Every place compared, without a branch per place.
        let class = around[s].profile.class_index();
        let mut found = 0u32;
        for (j, &c) in rests.seen_class[s].iter().enumerate() {
            found |= ((c == class) as u32) << j;
        }
        if found != 0 {
            let seen = &rests.seen[s][found.trailing_zeros() as usize % CLASSES_KEPT];
            let ranks = around[s].ranks_lowering(seen.tight);
            return (seen.best, seen.others | ranks << (9 * s));
        }
    }
    draws_on_least_split::<K>(rules, around, rests, changed)
}

/// The least distance of a 3N+1 hand's suits over the ways to share `K`
/// melds and the pair among them, for targets of `K` melds and the pair,
/// and each suit's lanes on a least split.
struct LeastSplit {
    /// The least distance ([`FAR`] when no target exists).
    best: u8,
    /// `[s]`: suit `s`'s lanes on a least split (bit `j` for lane `j`, as
    /// [`Lanes`]); none when no target exists.
    tight: [u32; 4],
}

impl LeastSplit {
    /// The least split of the suits `around` by the merge
    /// ([`HandMerge::least_split`]), under rules whose distances no bar
    /// changes (`Derived::lean_win`): `None` for other rules, or when some
    /// suit's increments are out of order.
    #[inline(always)]
    fn merged<const K: usize>(rules: &Rules, around: [&SuitDraws; 4]) -> Option<LeastSplit> {
        if !rules.derived.lean_win {
            return None;
        }
        let [a, b, c, d] = around;
        let merges = HandMerge::of([a.merge, b.merge, c.merge, d.merge]);
        let melds = merges.meld_counts();
        if !melds.in_order() {
            return None;
        }
        let (best, tight) = merges.least_split(melds, K);
        // Some suit holds the pair at no cost: at most 4 · 31.
        Some(LeastSplit {
            best: best as u8,
            tight,
        })
    }

    /// The least split of the suits `around` beside the joins `rest` of
    /// the other three suits of each ([`BesideJoins`]), read suit by suit:
    /// on a least split a suit's distance `d(m, p)` and the three beside
    /// it at `(K - m, 1 - p)` add up to the least.
    #[inline(always)]
    fn joined<const K: usize>(around: [&SuitDraws; 4], rest: &[Dist; 4]) -> LeastSplit {
        // Each suit's sums of its distances and those beside it, lane by
        // lane (below 0x80: no carry leaves a lane).
        let mut sums = [[0; 2]; 4];
        for ((sum, a), r) in sums.iter_mut().zip(around).zip(rest) {
            *sum = [a.dist[0] + r[0], a.dist[1] + r[1]];
        }
        // Past the lanes m = 0..=K of a half, at least 0x7f.
        let past = !through::<K>() & 0x7f7f_7f7f_7f7f_7f7f;
        let best = least_byte([sums[0][0] | past, sums[0][1] | past]).min(FAR);
        let mut tight = [0; 4];
        // No target exists: no lane is on one.
        if best < FAR {
            let splits = ((1u32 << (K + 1)) - 1) * 0x101;
            for (t, &sum) in tight.iter_mut().zip(&sums) {
                *t = high_bits(equal_bytes(sum, best)) & splits;
            }
        }
        LeastSplit { best, tight }
    }

    /// The draws (bit `i` for index `i`) of the suits `around` that lower
    /// one of their lanes on a least split: the four suits' written out,
    /// with no branch on which suit a discard changed.
    #[inline(always)]
    fn lowers(&self, around: [&SuitDraws; 4]) -> u64 {
        let [a, b, c, d] = around;
        let [ta, tb, tc, td] = self.tight;
        a.ranks_lowering(ta)
            | b.ranks_lowering(tb) << 9
            | c.ranks_lowering(tc) << 18
            | d.ranks_lowering(td) << 27
    }
}

/// [`lowering_draws_for`] when the discarded suit's class is not kept:
/// the least split worked out, and kept for the class.
#[inline(always)]
fn draws_on_least_split<const K: usize>(
    rules: &Rules,
    around: [&SuitDraws; 4],
    rests: &mut BesideJoins,
    changed: Option<usize>,
) -> (u8, u64) {
    let least = match LeastSplit::merged::<K>(rules, around) {
        Some(least) => least,
        None => LeastSplit::joined::<K>(around, &rests.around_k::<K>(around, changed)),
    };
    let (best, lowers) = (least.best, least.lowers(around));
    debug_assert_eq!(
        best,
        combined_of(rules, &around.map(|a| a.profile), K),
        "the least split and the merge agree"
    );
    let Some(s) = changed else {
        return (best, lowers);
    };
    let tight = least.tight[s];
    let place = rests.seen_len[s] as usize % CLASSES_KEPT;
    rests.seen_class[s][place] = around[s].profile.class_index();
    rests.seen[s][place] = ClassMemo {
        best,
        tight,
        others: lowers & !(0x1ff << (9 * s)),
    };
    rests.seen_len[s] = rests.seen_len[s].wrapping_add(1);
    (best, lowers)
}
