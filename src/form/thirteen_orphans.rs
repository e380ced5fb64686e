//! Thirteen orphans (十三幺 / 国士无双): one of each terminal and honour
//! and a second copy of one of them, fourteen tiles, by counting.
//!
//! Every natural tile must be an orphan, none held more than twice, at
//! most one twice; the jokers then fill the missing orphans and the pair
//! exactly, as the hand has 14 tiles. Jokers stand only for tiles in play,
//! so the form can be won only when all thirteen orphans are in play (the
//! rules drop it from their winnable forms otherwise).

use crate::form::judge::{Judge, WaitOptions};
use crate::form::kind::Form;
use crate::group::{Group, GroupKind, Split, SplitSink};
use crate::position::Position;
use crate::rules::compiled::{Resolved, Rules};
use crate::swar::SuitWords;
use crate::tables::{CountedFields, SuitProfile, ORPHANS_INDEXES};
use crate::tile::sets::{ORPHANS, ORPHAN_INDICES};
use crate::tile::Tile;

/// The simples (ranks 2–8) in the layout of [`SuitWords`]: bytes 1–7 of
/// each numbered suit's word.
const SIMPLES: SuitWords = SuitWords {
    m: 0xffff_ffff_ffff_ff00,
    p: 0xffff_ffff_ffff_ff00,
    s: 0xffff_ffff_ffff_ff00,
    z: 0,
    rest: 0,
};

/// Only orphans, none held more than twice.
#[inline(always)]
fn orphans_only(words: &SuitWords) -> bool {
    words.and(&SIMPLES).is_zero() && !words.any_over_two()
}

/// Do the natural tiles `words` make thirteen orphans with the jokers
/// that bring them to fourteen tiles?
#[inline(always)]
pub(crate) fn fits(words: &SuitWords) -> bool {
    orphans_only(words) && words.pairs() <= 1
}

/// The joker counts (bit `j`) with which `pos`'s natural tiles make
/// thirteen orphans: at most one, `14 - natural`.
#[inline(always)]
pub(crate) fn win_mask(pos: &Position) -> u32 {
    match 14u32.checked_sub(pos.natural) {
        Some(j) => (fits(&pos.words) as u32) << j,
        None => 0,
    }
}

/// Does `pos` (natural tiles and jokers) make thirteen orphans?
#[inline(always)]
pub(crate) fn wins(pos: &Position) -> bool {
    pos.total() == 14 && fits(&pos.words)
}

/// The kinds whose draw makes the 13-tile `pos` thirteen orphans: with no
/// pair yet, any orphan held at most once; with one pair, only a missing
/// orphan.
#[inline]
pub(crate) fn waits(pos: &Position) -> u64 {
    if pos.total() != 13 || !orphans_only(&pos.words) {
        return 0;
    }
    let once = pos.words.kinds_with_bit(0);
    let twice = pos.words.kinds_with_bit(1);
    match pos.words.pairs() {
        0 => ORPHANS & !twice,
        1 => ORPHANS & !(once | twice),
        _ => 0,
    }
}

/// The thirteen-orphans splits of the winning `pos`: one per orphan that
/// can be the pair.
pub(crate) fn splits(pos: &Position, out: &mut SplitSink) {
    let counts = pos.counts();
    for &p in &ORPHAN_INDICES {
        let want = |o: usize| if o == p { 2 } else { 1 };
        if ORPHAN_INDICES.iter().any(|&o| counts[o] > want(o)) {
            continue;
        }
        let missing: u8 = ORPHAN_INDICES.iter().map(|&o| want(o) - counts[o]).sum();
        if missing != pos.jokers {
            continue;
        }
        let mut groups = Vec::with_capacity(ORPHAN_INDICES.len() + pos.melds.as_slice().len());
        for &o in &ORPHAN_INDICES {
            let kind = if o == p {
                GroupKind::Pair
            } else {
                GroupKind::Single
            };
            let tile = Tile::from_index(o).expect("orphan index");
            groups.push(Group::same(kind, tile, counts[o] as usize));
        }
        // In the order of the tiles: ORPHAN_INDICES ascends, one kind a group.
        out.push(Split {
            form: Form::ThirteenOrphans,
            groups,
        });
    }
}

/// The fewest tiles missing from thirteen orphans for a hand's natural
/// tiles (the target has 14 tiles; the caller checks the hand's size and
/// that all three numbered suits may be held): one kept copy of each
/// orphan held, and a second copy of one of them. Read from the four
/// suits' counted fields added up (`counted`): orphans held, and orphans
/// held twice or more.
#[inline(always)]
pub(crate) const fn distance_counted(counted: CountedFields) -> u8 {
    let held = counted.orphans();
    let twice = counted.orphan_pairs();
    // At most 13 orphans are held (the field holds up to 15).
    14u32.saturating_sub(held + (twice != 0) as u32) as u8
}

/// [`distance_counted`] for each [`CountedFields::orphans_index`].
pub(crate) static COUNTED_MISSING: [u8; ORPHANS_INDEXES] = {
    let mut t = [0u8; ORPHANS_INDEXES];
    let mut c = 0;
    while c < ORPHANS_INDEXES {
        t[c] = distance_counted(CountedFields::from_orphans_index(c));
        c += 1;
    }
    t
};

/// Thirteen orphans' answers ([`Judge`]).
pub(crate) struct ThirteenOrphans;

impl Judge for ThirteenOrphans {
    const FORM: Form = Form::ThirteenOrphans;
    const TAKES_MELDS: bool = false;

    fn never_wins(r: &Resolved) -> Option<&'static str> {
        let orphans_in_play = ORPHAN_INDICES.iter().all(|&i| r.tiles.bits() >> i & 1 == 1);
        (!r.fourteen())
            .then_some("thirteen-orphans: hands have at most max_tiles tiles, below 14")
            .or((!orphans_in_play)
                .then_some("thirteen-orphans: some terminal or honour is out of play"))
            .or((!r.three_suits_allowed())
                .then_some("thirteen-orphans: max_suits is below 3, and the form holds the three numbered suits"))
    }

    #[inline(always)]
    fn win_mask(_rules: &Rules, pos: &Position) -> u32 {
        win_mask(pos)
    }

    #[inline(always)]
    fn wins(_rules: &Rules, pos: &Position) -> bool {
        wins(pos)
    }

    #[inline(always)]
    fn waits(_rules: &Rules, pos: &Position, _open: u32, _options: WaitOptions) -> u64 {
        waits(pos)
    }

    fn splits(_rules: &Rules, pos: &Position, out: &mut SplitSink) {
        splits(pos, out)
    }

    #[inline(always)]
    fn distance(_rules: &Rules, pos: &Position, suits: &[SuitProfile; 4], _below: u8) -> u8 {
        if pos.has_melds() || (pos.total() as usize).saturating_sub(1) / 3 != 4 {
            return u8::MAX;
        }
        COUNTED_MISSING[CountedFields::of_hand(suits).orphans_index()]
    }
}
