//! The interface every form answers ([`Judge`]), and what the forms'
//! answers share: the reveal's split of a hand, waits judged draw by draw.

use crate::form::kind::Form;
use crate::group::{Group, SplitSink};
use crate::position::Position;
use crate::rules::compiled::{Resolved, Rules};
use crate::tables::SuitProfile;
use crate::tile::{Tile, KINDS};

/// What every form answers, each from its own rules. The operations reach
/// a form through `Form`'s methods of the same names.
pub(crate) trait Judge {
    /// The form this judge answers for.
    const FORM: Form;

    /// Does the form take declared melds (beside its concealed part)?
    const TAKES_MELDS: bool;

    /// Why no hand can win by the form under the rules `r`, or `None`.
    fn never_wins(r: &Resolved) -> Option<&'static str>;

    /// The sizes (bit `n`) of the concealed parts that win by the form
    /// under the rules `r` beside `melds` declared melds: fourteen tiles
    /// and no meld, unless the form says otherwise. A hand of no form's
    /// size is refused by the acceptance step, so no operation judges it.
    fn win_sizes(_r: &Resolved, melds: usize) -> u64 {
        if melds == 0 {
            1 << 14
        } else {
            0
        }
    }

    /// The joker counts (bit `j`) with which `pos`'s natural tiles win by
    /// the form.
    fn win_mask(rules: &Rules, pos: &Position) -> u32;

    /// Does the 3N+2 `pos` win by the form with its own jokers?
    #[inline(always)]
    fn wins(rules: &Rules, pos: &Position) -> bool {
        Self::win_mask(rules, pos) >> pos.jokers & 1 == 1
    }

    /// The natural kinds whose draw completes the 3N+1 `pos` by the form,
    /// among the suits whose bit is set in `open` (m, p, s, honours) where
    /// the form reads it. Kinds held four times may be included: the
    /// caller masks them unless `options` counts them.
    fn waits(rules: &Rules, pos: &Position, open: u32, options: WaitOptions) -> u64;

    /// Every split of the winning `pos` by the form (the concealed part:
    /// the caller adds declared melds), each pushed into `out` once; the
    /// search stops once `out` is full.
    fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink);

    /// The distinct groups of the splits of the winning `pos` by the form
    /// that hold `tile` (a natural copy of it, or for `None` a joker), in
    /// no particular order: every split listed and its groups read.
    fn groups_holding(rules: &Rules, pos: &Position, tile: Option<Tile>) -> Vec<Group> {
        let mut all = SplitSink::new(usize::MAX);
        Self::splits(rules, pos, &mut all);
        let mut out: Vec<Group> = Vec::new();
        for split in all.into_splits() {
            for g in split.groups {
                if g.slots_holding(tile).next().is_some() && !out.contains(&g) {
                    out.push(g);
                }
            }
        }
        out
    }

    /// How many splits [`Judge::splits`] finds.
    fn split_count(rules: &Rules, pos: &Position) -> u64 {
        let mut out = SplitSink::counting();
        Self::splits(rules, pos, &mut out);
        out.found()
    }

    /// The reveal's grouping test on `split`: its hidden part is complete
    /// groups of the form, and its shown part plus each draw completes the
    /// rest. A form of one group has none: nothing of it can stay hidden.
    fn hides(_rules: &Rules, _split: &RevealSplit) -> bool {
        false
    }

    /// The kinds (bits) whose draw brings the hand holding the kinds
    /// `held` (bits) below `below` tiles missing from the form, for a form
    /// whose distance the kinds held decide alone; 0 for the forms
    /// efficiency judges otherwise.
    fn kinds_lowering(_rules: &Rules, _held: u64, _below: u8) -> u64 {
        0
    }

    /// Is the form's distance costly to work out? Costly forms are asked
    /// last, bounded by what the others miss.
    const COSTLY: bool = false;

    /// The fewest tiles missing from a target of the form of `pos`'s size
    /// (3N+1 or 3N+2 tiles, a target of 3N+2), any natural tile dropped,
    /// jokers not counted; `u8::MAX` when the form has no target of that
    /// size. `suits` holds the four suits' profiles; a form
    /// may answer `below` when it misses at least that many.
    fn distance(rules: &Rules, pos: &Position, suits: &[SuitProfile; 4], below: u8) -> u8;
}

/// Natural counts and jokers: a part of a hand.
pub(crate) type Part<'a> = (&'a [u8; KINDS], u8);

/// A 13-tile ready hand split for the reveal (亮倒): the part kept hidden,
/// the part shown, and the hand's waits (a natural kind, or `None` for a
/// joker kind).
#[derive(Clone, Copy)]
pub(crate) struct RevealSplit<'a> {
    /// The hidden part.
    pub hidden: Part<'a>,
    /// The shown part.
    pub shown: Part<'a>,
    /// The waits.
    pub draws: &'a [Option<usize>],
}

impl RevealSplit<'_> {
    /// Tiles in the hidden part, jokers included.
    pub(crate) fn hidden_size(&self) -> u32 {
        let (counts, jokers) = self.hidden;
        counts.iter().map(|&c| c as u32).sum::<u32>() + jokers as u32
    }

    /// Does the shown part with each draw added pass `completes`?
    pub(crate) fn shown_completes(&self, completes: impl Fn(&[u8; KINDS], u8) -> bool) -> bool {
        self.draws.iter().all(|&draw| {
            let (mut with, mut jokers) = (*self.shown.0, self.shown.1);
            match draw {
                Some(w) => with[w] += 1,
                None => jokers += 1,
            }
            completes(&with, jokers)
        })
    }
}

/// How a wait is judged beyond the position: the rules' own wait rule
/// ([`WaitOptions::of`]), or another asked for by a caller (GB scoring
/// asks for the waits by shape, a kind held four times included). The
/// rules themselves never change after they are compiled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct WaitOptions {
    /// A kind held four times (a fifth copy) may be a wait.
    pub four_held_is_wait: bool,
}

impl WaitOptions {
    /// The rules' own wait rule.
    #[inline(always)]
    pub(crate) fn of(rules: &Rules) -> WaitOptions {
        WaitOptions {
            four_held_is_wait: rules.four_held_is_wait,
        }
    }
}

/// The natural kinds whose draw makes the 3N+1 `pos` win by `win_mask`,
/// each draw judged whole: for forms and rules whose waits the tables do
/// not give (declared melds whose copies cap what jokers stand for, a
/// knitted straight with its meld declared). Kinds not drawable or held
/// four times are left out.
pub(crate) fn waits_by_draws(
    rules: &Rules,
    pos: &Position,
    win_mask: fn(&Rules, &Position) -> u32,
) -> u64 {
    let counts = pos.counts();
    let mut waits = 0;
    for (i, &held) in counts.iter().enumerate() {
        if rules.derived.drawable >> i & 1 == 0 || held >= 4 {
            continue;
        }
        let more = rules.with_tile(pos, i);
        waits |= ((win_mask(rules, &more) >> more.jokers & 1) as u64) << i;
    }
    waits
}

/// The hot [`Judge`] methods (`win_mask`, `wins`, `waits`) of a form whose
/// judgements are out of line and take a copy of the position
/// (`win_mask_of`, `wins_of`, `waits_of`): a call that took the caller's
/// position by reference would keep it in memory on every caller's hot
/// path, for rules without the form too.
macro_rules! judged_on_a_copy {
    () => {
        #[inline(always)]
        fn win_mask(rules: &Rules, pos: &Position) -> u32 {
            Self::win_mask_of(rules, *pos)
        }

        #[inline(always)]
        fn wins(rules: &Rules, pos: &Position) -> bool {
            Self::wins_of(rules, *pos)
        }

        #[inline(always)]
        fn waits(rules: &Rules, pos: &Position, _open: u32, options: WaitOptions) -> u64 {
            Self::waits_of(rules, *pos, options)
        }
    };
}
pub(crate) use judged_on_a_copy;
