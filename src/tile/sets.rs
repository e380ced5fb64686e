//! Sets of tile kinds as `u64` masks, bit `i` for the kind of index `i`:
//! the suits, the winds and dragons, the terminals and orphans, the
//! greens. Every scorer and form reads its sets from here. This file
//! imports nothing of the crate, so that every file may import it.

/// The mask of the kinds of `indices`.
pub(crate) const fn mask_of(indices: &[usize]) -> u64 {
    let mut bits = 0;
    let mut i = 0;
    while i < indices.len() {
        bits |= 1 << indices[i];
        i += 1;
    }
    bits
}

/// The `N` indices of the kinds of `set`, in index order (a set of
/// another size does not compile).
pub(crate) const fn indices_of<const N: usize>(set: u64) -> [usize; N] {
    assert!(set.count_ones() as usize == N, "a set of N kinds");
    let mut out = [0; N];
    let mut n = 0;
    let mut i = 0;
    while i < 64 {
        if set >> i & 1 == 1 {
            out[n] = i;
            n += 1;
        }
        i += 1;
    }
    out
}

/// Does `set` hold the kind of index `index`?
#[inline(always)]
pub(crate) const fn holds(set: u64, index: usize) -> bool {
    set >> index & 1 == 1
}

/// The index of east (`1z`), the first wind; south, west and north follow.
pub(crate) const EAST: usize = 27;
/// The index of the white dragon (`5z`), the first dragon; green and red
/// follow.
pub(crate) const WHITE_DRAGON: usize = 31;

/// Is the kind of `index` an honour? The honours are the kinds from
/// [`EAST`] on (the same kinds as [`HONORS`], by one comparison).
#[inline(always)]
pub(crate) const fn is_honor(index: usize) -> bool {
    index >= EAST
}

/// Is the kind of `index` a dragon ([`DRAGONS`], by one comparison)?
#[inline(always)]
pub(crate) const fn is_dragon(index: usize) -> bool {
    index >= WHITE_DRAGON
}

/// Is the kind of `index` a wind ([`WINDS`], by comparisons)?
#[inline(always)]
pub(crate) const fn is_wind(index: usize) -> bool {
    index >= EAST && index < WHITE_DRAGON
}

/// Characters (`1m`–`9m`).
pub(crate) const MAN: u64 = 0x1ff;
/// Dots (`1p`–`9p`).
pub(crate) const PIN: u64 = MAN << 9;
/// Bamboo (`1s`–`9s`).
pub(crate) const SOU: u64 = MAN << 18;
/// The three numbered suits, in index order.
pub(crate) const SUITS: [u64; 3] = [MAN, PIN, SOU];
/// East, south, west, north (`1z`–`4z`).
pub(crate) const WINDS: u64 = 0xf << EAST;
/// White, green, red (`5z`–`7z`).
pub(crate) const DRAGONS: u64 = 0x7 << WHITE_DRAGON;
/// The seven honours (`1z`–`7z`).
pub(crate) const HONORS: u64 = WINDS | DRAGONS;

/// The numbered tiles of ranks `from` to `to` (1-based, inclusive), in
/// all three suits.
pub(crate) const fn ranks(from: usize, to: usize) -> u64 {
    let mut bits = 0;
    let mut r = from;
    while r <= to {
        bits |= 1 << (r - 1) | 1 << (r + 8) | 1 << (r + 17);
        r += 1;
    }
    bits
}

/// The terminals: 1 and 9 of each numbered suit.
pub(crate) const TERMINALS: u64 = ranks(1, 1) | ranks(9, 9);
/// The simples: 2–8 of each numbered suit.
pub(crate) const SIMPLES: u64 = ranks(2, 8);
/// The orphans (幺九): the terminals and the honours, the tiles of
/// thirteen orphans.
pub(crate) const ORPHANS: u64 = TERMINALS | HONORS;
/// The orphans' indices, in index order.
pub(crate) const ORPHAN_INDICES: [usize; 13] = indices_of(ORPHANS);
/// The greens (绿一色, ryuuiisou): `2s 3s 4s 6s 8s` and the green dragon
/// (`6z`).
pub(crate) const GREENS: u64 = mask_of(&[19, 20, 21, 23, 25, WHITE_DRAGON + 1]);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tile::{Suit, Tile, TileSet};

    /// The kinds of `text` (mpsz, one copy of each) as a mask.
    fn kinds(text: &str) -> u64 {
        let mut ranks = String::new();
        let mut set = TileSet::EMPTY;
        for c in text.chars() {
            if c.is_ascii_digit() {
                ranks.push(c);
                continue;
            }
            for r in ranks.drain(..) {
                set = set.with(format!("{r}{c}").parse::<Tile>().expect("a tile"));
            }
        }
        set.bits()
    }

    #[test]
    fn each_set_holds_the_tiles_it_names() {
        assert_eq!(MAN, kinds("123456789m"));
        assert_eq!(PIN, kinds("123456789p"));
        assert_eq!(SOU, kinds("123456789s"));
        assert_eq!(WINDS, kinds("1234z"));
        assert_eq!(DRAGONS, kinds("567z"));
        assert_eq!(HONORS, kinds("1234567z"));
        assert_eq!(TERMINALS, kinds("19m19p19s"));
        assert_eq!(ORPHANS, kinds("19m19p19s1234567z"));
        assert_eq!(SIMPLES, kinds("2345678m2345678p2345678s"));
        assert_eq!(GREENS, kinds("23468s6z"));
        assert_eq!(ranks(4, 6), kinds("456m456p456s"));
        assert_eq!(
            ORPHAN_INDICES,
            [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]
        );
        assert_eq!(Tile::new(Suit::Honor, 1).unwrap().index(), EAST);
        assert_eq!(Tile::new(Suit::Honor, 5).unwrap().index(), WHITE_DRAGON);
        for t in Tile::all() {
            assert_eq!(holds(ORPHANS, t.index()), t.is_orphan(), "{t}");
            assert_eq!(holds(HONORS, t.index()), t.suit() == Suit::Honor, "{t}");
            assert_eq!(is_honor(t.index()), holds(HONORS, t.index()), "{t}");
            assert_eq!(is_dragon(t.index()), holds(DRAGONS, t.index()), "{t}");
            assert_eq!(is_wind(t.index()), holds(WINDS, t.index()), "{t}");
        }
    }
}
