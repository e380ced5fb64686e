//! The win forms, one module each: `standard` (N melds and a pair, from
//! the tables), `seven_pairs` and `thirteen_orphans` (by counting),
//! `knitted_straight` (the GB knitted straight: counting plus the tables
//! for its meld and pair) and `honors_and_knitted` (全不靠 and 七星不靠, by
//! counting), with `knitted` holding the knitted tiles the last two share.
//!
//! Each module answers every operation for its form behind one interface,
//! `Judge` (`judge.rs`): why the form can never win under given rules, its win mask,
//! waits, splits, the reveal's grouping and its distance (shanten). An
//! operation asks each of the rules' forms through [`Form`]'s methods of
//! the same names, one loop over the forms, and combines the answers.
//!
//! What applies to every form — tiles in play, the hand's size, the most
//! suits a hand may hold, kinds held four times, joker kinds — is decided
//! once, by the acceptance step (`src/position.rs`) and by the operations
//! (`src/check.rs`, `src/waits.rs`, `src/split.rs`, `src/reveal.rs`,
//! `src/shanten/`), not here.

pub(crate) mod honors_and_knitted;
pub(crate) mod judge;
pub(crate) mod kind;
pub(crate) mod knitted;
pub(crate) mod knitted_straight;
pub(crate) mod seven_pairs;
pub(crate) mod standard;
pub(crate) mod thirteen_orphans;

pub(crate) use self::judge::{Judge, RevealSplit};
pub use self::kind::{Form, Forms};

use crate::form::judge::WaitOptions;
use crate::group::{Group, SplitSink};
use crate::position::Position;
use crate::rules::compiled::{Resolved, Rules, PAIRS_TABLE};
use crate::tables::{SuitProfile, ORPHANS_INDEXES};
use crate::tile::Tile;

/// The tables of the counted forms' distances that the rules keep for
/// shanten's lean path (`Derived::pairs_missing` and
/// `Derived::orphans_missing`): seven pairs' (as `quads` counts them) and
/// thirteen orphans' when `winnable` holds the form, else `u8::MAX`
/// throughout.
pub(crate) fn counted_tables(
    winnable: Forms,
    quads: bool,
) -> (&'static [u8; PAIRS_TABLE], &'static [u8; ORPHANS_INDEXES]) {
    static NEVER_PAIRS: [u8; PAIRS_TABLE] = [u8::MAX; PAIRS_TABLE];
    static NEVER_ORPHANS: [u8; ORPHANS_INDEXES] = [u8::MAX; ORPHANS_INDEXES];
    let pairs = match (winnable.contains(Form::SevenPairs), quads) {
        (false, _) => &NEVER_PAIRS,
        (true, false) => &seven_pairs::DISTINCT_MISSING,
        (true, true) => &seven_pairs::QUADS_MISSING,
    };
    let orphans = if winnable.contains(Form::ThirteenOrphans) {
        &thirteen_orphans::COUNTED_MISSING
    } else {
        &NEVER_ORPHANS
    };
    (pairs, orphans)
}

/// May a counted form (seven pairs, thirteen orphans) win a 14-tile hand
/// of natural tiles, no joker, that misses exactly one tile of the
/// standard form? Shanten asks the counted forms' distances of a hand the
/// standard form misses by one tile, with no joker, only when they might
/// (`Derived::counted_asked_above`). (A 13-tile hand misses at least one
/// tile of every target, a counted form's too, so one tile is its answer
/// either way.)
///
/// They never do when seven pairs takes different pairs alone and the
/// standard form is the whole one of the default tables: every kind in
/// play, no joker kind, every suit and rank may hold the pair, no honour
/// sequences, no limit on the suits. A hand of seven different pairs then
/// misses an even number of the standard form's tiles (0, 2 or 4), and a
/// thirteen-orphans hand misses more than one: `tests/shanten.rs` checks
/// every such hand under `riichi` (its shanten −1, the standard form
/// alone never one tile short). Under other rules they may (a quad as two
/// pairs, jokers, a pair barred from some rank or suit); the answer is
/// then `true`.
pub(crate) fn counted_wins_one_short(r: &Resolved) -> bool {
    let whole_standard = r.whole_tile_set() && r.pair_ranks.is_none() && !r.honor_sequences;
    !whole_standard || r.seven_pairs_quads
}

/// Runs `$body` with `$judge` standing for the [`Judge`] of each form of
/// `$forms`, in the order of [`Form::ALL`], typed statically so that the
/// hot paths pay one test a form (the knitted forms one test for the
/// three): the loop over the rules' forms, unrolled.
macro_rules! each_judge {
    ($forms:expr, $judge:ident => $body:block) => {{
        let forms: Forms = $forms;
        if forms.contains(Form::Standard) {
            type $judge = standard::Standard;
            $body
        }
        if forms.contains(Form::SevenPairs) {
            type $judge = seven_pairs::SevenPairs;
            $body
        }
        if forms.contains(Form::ThirteenOrphans) {
            type $judge = thirteen_orphans::ThirteenOrphans;
            $body
        }
        if forms.contains_knitted() {
            if forms.contains(Form::KnittedStraight) {
                type $judge = knitted_straight::KnittedStraight;
                $body
            }
            if forms.contains(Form::HonorsAndKnitted) {
                type $judge = honors_and_knitted::HonorsAndKnitted<false>;
                $body
            }
            if forms.contains(Form::GreaterHonorsAndKnitted) {
                type $judge = honors_and_knitted::HonorsAndKnitted<true>;
                $body
            }
        }
    }};
}

impl Forms {
    /// The fewest tiles missing from a target of any form of the set
    /// ([`Judge::distance`]), the costly forms asked last, bounded by what
    /// the others miss; `u8::MAX` for none.
    #[inline(always)]
    pub(crate) fn least_distance(
        self,
        rules: &Rules,
        pos: &Position,
        suits: &[SuitProfile; 4],
    ) -> u8 {
        let mut missing = u8::MAX;
        each_judge!(self, J => {
            if !J::COSTLY {
                missing = missing.min(J::distance(rules, pos, suits, missing));
            }
        });
        each_judge!(self, J => {
            if J::COSTLY {
                missing = missing.min(J::distance(rules, pos, suits, missing));
            }
        });
        missing
    }
    /// Does `pos` win by some form of the set ([`Judge::wins`])?
    #[inline(always)]
    pub(crate) fn any_wins(self, rules: &Rules, pos: &Position) -> bool {
        each_judge!(self, J => {
            if J::wins(rules, pos) {
                return true;
            }
        });
        false
    }

    /// The forms of the set that `pos` wins by ([`Judge::wins`]).
    #[inline(always)]
    pub(crate) fn winning(self, rules: &Rules, pos: &Position) -> Forms {
        let mut won = Forms::NONE;
        each_judge!(self, J => {
            if J::wins(rules, pos) {
                won = won.with(J::FORM);
            }
        });
        won
    }

    /// The forms' win masks together ([`Judge::win_mask`]).
    #[inline(always)]
    pub(crate) fn win_mask(self, rules: &Rules, pos: &Position) -> u32 {
        let mut mask = 0;
        each_judge!(self, J => {
            mask |= J::win_mask(rules, pos);
        });
        mask
    }

    /// The forms' waits together ([`Judge::waits`]).
    #[inline(always)]
    pub(crate) fn waits(
        self,
        rules: &Rules,
        pos: &Position,
        open: u32,
        options: WaitOptions,
    ) -> u64 {
        self.waits_until(rules, pos, open, options, |_| false)
    }

    /// The forms' waits together ([`Judge::waits`]), asked in turn until
    /// `settled` holds of the waits found so far: every form's when it
    /// never does.
    #[inline(always)]
    pub(crate) fn waits_until(
        self,
        rules: &Rules,
        pos: &Position,
        open: u32,
        options: WaitOptions,
        mut settled: impl FnMut(u64) -> bool,
    ) -> u64 {
        let mut waits = 0;
        each_judge!(self, J => {
            waits |= J::waits(rules, pos, open, options);
            if settled(waits) {
                return waits;
            }
        });
        waits
    }
}

/// Calls `$call` with `$judge` standing for the [`Judge`] of `$form`.
macro_rules! judge {
    ($form:expr, $judge:ident => $call:expr) => {
        match $form {
            Form::Standard => {
                type $judge = standard::Standard;
                $call
            }
            Form::SevenPairs => {
                type $judge = seven_pairs::SevenPairs;
                $call
            }
            Form::ThirteenOrphans => {
                type $judge = thirteen_orphans::ThirteenOrphans;
                $call
            }
            Form::KnittedStraight => {
                type $judge = knitted_straight::KnittedStraight;
                $call
            }
            Form::HonorsAndKnitted => {
                type $judge = honors_and_knitted::HonorsAndKnitted<false>;
                $call
            }
            Form::GreaterHonorsAndKnitted => {
                type $judge = honors_and_knitted::HonorsAndKnitted<true>;
                $call
            }
        }
    };
}

/// Each form's `Judge`, by the form's name.
impl Form {
    /// [`Judge::TAKES_MELDS`].
    #[inline(always)]
    pub(crate) fn takes_melds(self) -> bool {
        judge!(self, J => J::TAKES_MELDS)
    }

    /// [`Judge::win_sizes`].
    pub(crate) fn win_sizes(self, r: &Resolved, melds: usize) -> u64 {
        judge!(self, J => J::win_sizes(r, melds))
    }

    /// [`Judge::never_wins`].
    pub(crate) fn never_wins(self, r: &Resolved) -> Option<&'static str> {
        judge!(self, J => J::never_wins(r))
    }

    /// [`Judge::splits`].
    pub(crate) fn splits(self, rules: &Rules, pos: &Position, out: &mut SplitSink) {
        judge!(self, J => J::splits(rules, pos, out))
    }

    /// [`Judge::groups_holding`].
    pub(crate) fn groups_holding(
        self,
        rules: &Rules,
        pos: &Position,
        tile: Option<Tile>,
    ) -> Vec<Group> {
        judge!(self, J => J::groups_holding(rules, pos, tile))
    }

    /// [`Judge::split_count`].
    pub(crate) fn split_count(self, rules: &Rules, pos: &Position) -> u64 {
        judge!(self, J => J::split_count(rules, pos))
    }

    /// [`Judge::hides`].
    pub(crate) fn hides(self, rules: &Rules, split: &RevealSplit) -> bool {
        judge!(self, J => J::hides(rules, split))
    }

    /// [`Judge::kinds_lowering`].
    pub(crate) fn kinds_lowering(self, rules: &Rules, held: u64, below: u8) -> u64 {
        judge!(self, J => J::kinds_lowering(rules, held, below))
    }
}
