//! The fans of the tiles alone, whatever the reading: suits (清一色,
//! 混一色, 缺一门, 五门齐, 无字, 字一色), ranks (断幺, 全大 to 小于五, 清幺九,
//! 混幺九), colours and shapes of the faces (绿一色, 推不倒), and 四归一.
//! Every tile of the hand counts, its declared melds' included.

use super::fans::{Fan, FanCounts};
use crate::score::reading::HandFacts;
use crate::swar::SuitWords;
use crate::tile::sets::{
    mask_of, ranks, DRAGONS, GREENS, HONORS, ORPHANS, SIMPLES, SUITS, TERMINALS, WINDS,
};

/// 推不倒: 1234589p, 245689s and 白 (5z).
const REVERSIBLE: u64 = mask_of(&[9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, 31]);

/// Adds the fans of the hand's tiles (`facts`: every tile, the melds'
/// included, and the kinds declared as kongs, whose four copies are no
/// 四归一) to `out`.
pub(crate) fn tile_fans(facts: &HandFacts, out: &mut FanCounts) {
    let kinds = facts.kinds;
    let within = |set: u64| kinds & !set == 0;
    let suits = SUITS.iter().filter(|&&s| kinds & s != 0).count();
    let honors = kinds & HONORS != 0;
    if within(GREENS) {
        out.add(Fan::AllGreen);
    }
    if within(REVERSIBLE) {
        out.add(Fan::ReversibleTiles);
    }
    match (suits, honors) {
        (0, _) => out.add(Fan::AllHonors),
        (1, false) => out.add(Fan::FullFlush),
        (1, true) => out.add(Fan::HalfFlush),
        (2, _) => out.add(Fan::OneVoidedSuit),
        _ => {}
    }
    if !honors {
        out.add(Fan::NoHonors);
    }
    if suits == 3 && kinds & WINDS != 0 && kinds & DRAGONS != 0 {
        out.add(Fan::AllTypes);
    }
    if within(TERMINALS) {
        out.add(Fan::AllTerminals);
    }
    if within(ORPHANS) {
        out.add(Fan::AllTerminalsAndHonors);
    }
    for (set, fan) in [
        (SIMPLES, Fan::AllSimples),
        (ranks(7, 9), Fan::UpperTiles),
        (ranks(4, 6), Fan::MiddleTiles),
        (ranks(1, 3), Fan::LowerTiles),
        (ranks(6, 9), Fan::UpperFour),
        (ranks(1, 4), Fan::LowerFour),
    ] {
        if within(set) {
            out.add(fan);
        }
    }
    let fours = SuitWords::load(&facts.all).kinds_with_bit(2);
    let hogs = (fours & !facts.kong_kinds).count_ones();
    out.set(Fan::TileHog, hogs as u8);
}
