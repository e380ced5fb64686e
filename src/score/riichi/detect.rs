//! The yaku of one standard-form reading, from its sets: those the
//! claim's circumstances and the tile counts do not already give
//! (`Facts::fixed`).

use super::facts::Facts;
use super::yaku::{Yaku, YakuSet};
use crate::score::reading::{Reading, SetKind};
use crate::tile::sets::{holds, is_dragon, is_honor, is_wind, MAN, ORPHANS, WHITE_DRAGON};
use crate::win::WaitShape;

const DRAGON_YAKU: [Yaku; 3] = [Yaku::YakuhaiHaku, Yaku::YakuhaiHatsu, Yaku::YakuhaiChun];

/// The yaku of a standard-form reading, beyond the claim's and the
/// counts' (in `facts.fixed`).
pub(crate) fn standard_yaku(facts: &Facts, r: &Reading) -> YakuSet {
    let mut y: YakuSet = 0;
    let Some(pair) = r.pair else {
        return y;
    };
    let closed = facts.hand.closed();
    let mut seqs = [0u8; 4];
    let mut n_seq = 0;
    let mut pung_tiles = [0u8; 4];
    let mut n_pung = 0;
    let (mut kongs, mut concealed, mut dragon_pungs, mut wind_pungs) = (0, 0, 0, 0);
    let mut all_orphan_sets = holds(ORPHANS, pair.index());
    let mut honor_anywhere = is_honor(pair.index());
    for s in r.sets() {
        let t = s.tile.index();
        match s.kind {
            SetKind::Chow => {
                seqs[n_seq] = t as u8;
                n_seq += 1;
                let rank = t % 9;
                if rank != 0 && rank != 6 {
                    all_orphan_sets = false;
                }
            }
            SetKind::Pung | SetKind::Kong => {
                pung_tiles[n_pung] = t as u8;
                n_pung += 1;
                if s.kind == SetKind::Kong {
                    kongs += 1;
                }
                if s.concealed {
                    concealed += 1;
                }
                if !holds(ORPHANS, t) {
                    all_orphan_sets = false;
                }
                honor_anywhere |= is_honor(t);
                if is_dragon(t) {
                    y |= DRAGON_YAKU[t - WHITE_DRAGON].bit();
                    dragon_pungs += 1;
                } else if is_wind(t) {
                    wind_pungs += 1;
                    if s.tile == facts.seat {
                        y |= Yaku::SeatWind.bit();
                    }
                    if s.tile == facts.round {
                        y |= Yaku::RoundWind.bit();
                    }
                }
            }
        }
    }
    let pair = pair.index();
    // Pinfu: closed, four sequences, a pair of no value, two-sided.
    if closed
        && n_seq == 4
        && !is_dragon(pair)
        && pair != facts.seat.index()
        && pair != facts.round.index()
        && r.wait == WaitShape::Ryanmen
    {
        y |= Yaku::Pinfu.bit();
    }
    if closed && n_seq >= 2 {
        let mut sorted = seqs;
        sorted[..n_seq].sort_unstable();
        let mut peikou = 0;
        let mut i = 0;
        while i + 1 < n_seq {
            if sorted[i] == sorted[i + 1] {
                peikou += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        match peikou {
            2 => y |= Yaku::Ryanpeikou.bit(),
            1 => y |= Yaku::Iipeikou.bit(),
            _ => {}
        }
    }
    // The sequences' and the pungs' first tiles as bits (bit t: tile t).
    let tiles = |list: &[u8]| list.iter().fold(0u64, |m, &t| m | 1 << t);
    let seq_bits = tiles(&seqs[..n_seq]);
    // The same rank in the three suits: bits r, r + 9, r + 18.
    let three_suits = |m: u64| m & m >> 9 & m >> 18 & MAN != 0;
    if three_suits(seq_bits) {
        y |= Yaku::Sanshoku.bit();
    }
    // 123, 456, 789 of a suit: bits 9s, 9s + 3, 9s + 6.
    if seq_bits & seq_bits >> 3 & seq_bits >> 6 & (1 | 1 << 9 | 1 << 18) != 0 {
        y |= Yaku::Ittsu.bit();
    }
    if all_orphan_sets && n_seq > 0 {
        y |= if honor_anywhere {
            Yaku::Chanta.bit()
        } else {
            Yaku::Junchan.bit()
        };
    }
    if n_pung == 4 {
        y |= Yaku::Toitoi.bit();
    }
    match concealed {
        4 if r.wait == WaitShape::Tanki => y |= Yaku::SuuankouTanki.bit(),
        4 => y |= Yaku::Suuankou.bit(),
        3 => y |= Yaku::Sanankou.bit(),
        _ => {}
    }
    match kongs {
        4 => y |= Yaku::Suukantsu.bit(),
        3 => y |= Yaku::Sankantsu.bit(),
        _ => {}
    }
    if three_suits(tiles(&pung_tiles[..n_pung])) {
        y |= Yaku::SanshokuDoukou.bit();
    }
    match dragon_pungs {
        3 => y |= Yaku::Daisangen.bit(),
        2 if is_dragon(pair) => y |= Yaku::Shousangen.bit(),
        _ => {}
    }
    match wind_pungs {
        4 => y |= Yaku::Daisuushii.bit(),
        3 if is_wind(pair) => y |= Yaku::Shousuushii.bit(),
        _ => {}
    }
    y
}
