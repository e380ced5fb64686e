//! The win forms, one module each: `standard` (N melds and a pair, from
//! the tables), `seven_pairs` and `thirteen_orphans` (by counting),
//! `knitted_straight` (the GB knitted straight: counting plus the tables
//! for its meld and pair) and `honors_and_knitted` (全不靠 and 七星不靠, by
//! counting), with `knitted` holding the knitted tiles the last two share.
//!
//! Each module answers every operation for its form behind one interface,
//! [`Judge`]: why the form can never win under given rules, its win mask,
//! waits, splits, the reveal's grouping and its distance (shanten). An
//! operation asks each of the rules' forms through [`Form`]'s methods of
//! the same names, one loop over the forms, and combines the answers.
//!
//! What applies to every form — tiles in play, the hand's size, the most
//! suits a hand may hold, kinds held four times, joker kinds — is decided
//! once, by the acceptance step (`src/position.rs`) and by the operations
//! (`src/check.rs`, `src/waits.rs`, `src/split.rs`, `src/reveal.rs`,
//! `src/shanten.rs`), not here.

use std::fmt;

pub(crate) mod honors_and_knitted;
pub(crate) mod knitted;
pub(crate) mod knitted_straight;
pub(crate) mod seven_pairs;
pub(crate) mod standard;
pub(crate) mod thirteen_orphans;

use crate::position::Position;
use crate::rules::{Resolved, Rules};
use crate::split::SplitSink;
use crate::tables::Resident;
use crate::tile::KINDS;

/// A way a hand can win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// N melds (sequences or triplets) plus one pair.
    Standard,
    /// Seven pairs (七对).
    SevenPairs,
    /// Thirteen orphans (十三幺 / 国士无双).
    ThirteenOrphans,
    /// Knitted straight (组合龙, GB): 147 of one numbered suit, 258 of
    /// another and 369 of the third, plus one meld and a pair; 14 tiles.
    ///
    /// ```
    /// use hupai::{Form, Rules};
    /// let gb = Rules::preset("gb")?;
    /// let forms = gb.check(&"147m258p369s123z55z".parse()?)?;
    /// assert!(!forms.contains(Form::KnittedStraight)); // 123z is no meld
    /// let forms = gb.check(&"147m258p369s111z55z".parse()?)?;
    /// assert_eq!(forms.iter().collect::<Vec<_>>(), [Form::KnittedStraight]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    KnittedStraight,
    /// Honours and knitted tiles (全不靠, GB): fourteen different single
    /// tiles, each an honour or one of the nine tiles of a knitted
    /// straight (one assignment of 147, 258, 369 to the three suits).
    ///
    /// ```
    /// use hupai::{Form, Rules};
    /// let gb = Rules::preset("gb")?;
    /// let forms = gb.check(&"147m258p69s12345z*".parse()?)?; // a joker
    /// assert_eq!(forms.iter().collect::<Vec<_>>(), [Form::HonorsAndKnitted]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    HonorsAndKnitted,
    /// The greater honours and knitted tiles (七星不靠, GB): honours and
    /// knitted tiles holding all seven honours. Such a hand is also a
    /// [`Form::HonorsAndKnitted`] shape, and both are reported when the
    /// rules name both (scoring, which hupai does not do, counts only the
    /// greater).
    ///
    /// ```
    /// use hupai::{Form, Rules};
    /// let gb = Rules::preset("gb")?;
    /// let forms = gb.check(&"147m258p6s1234567z".parse()?)?;
    /// assert!(forms.contains(Form::GreaterHonorsAndKnitted));
    /// assert!(forms.contains(Form::HonorsAndKnitted));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    GreaterHonorsAndKnitted,
}

impl Form {
    /// All forms, in the order they are reported.
    pub const ALL: [Form; 6] = [
        Form::Standard,
        Form::SevenPairs,
        Form::ThirteenOrphans,
        Form::KnittedStraight,
        Form::HonorsAndKnitted,
        Form::GreaterHonorsAndKnitted,
    ];

    /// The form's name as printed and as rule files write it: `standard`,
    /// `seven-pairs`, `thirteen-orphans`, `knitted-straight`,
    /// `honors-and-knitted`, `greater-honors-and-knitted`.
    pub const fn name(self) -> &'static str {
        match self {
            Form::Standard => "standard",
            Form::SevenPairs => "seven-pairs",
            Form::ThirteenOrphans => "thirteen-orphans",
            Form::KnittedStraight => "knitted-straight",
            Form::HonorsAndKnitted => "honors-and-knitted",
            Form::GreaterHonorsAndKnitted => "greater-honors-and-knitted",
        }
    }

    /// The form named `name` (as [`Form::name`] prints it).
    ///
    /// ```
    /// assert_eq!(hupai::Form::from_name("seven-pairs"), Some(hupai::Form::SevenPairs));
    /// ```
    pub fn from_name(name: &str) -> Option<Form> {
        Form::ALL.into_iter().find(|f| f.name() == name)
    }

    /// The form's bit in [`Forms`] (six forms: a `u8` holds them).
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of [`Form`]s: the forms a rule set accepts, or those a hand wins by.
///
/// ```
/// use hupai::{Form, Forms};
/// let forms = Forms::of(&[Form::Standard, Form::SevenPairs]);
/// assert_eq!(format!("{forms:?}"), "Forms[standard seven-pairs]");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Forms(u8);

impl Forms {
    /// No form.
    pub const NONE: Forms = Forms(0);

    /// The set holding exactly `forms`.
    pub const fn of(forms: &[Form]) -> Forms {
        let mut bits = 0;
        let mut i = 0;
        while i < forms.len() {
            bits |= forms[i].bit();
            i += 1;
        }
        Forms(bits)
    }

    /// Does the set hold `form`?
    #[inline]
    pub const fn contains(self, form: Form) -> bool {
        self.0 & form.bit() != 0
    }

    /// Does the set share a form with `other`?
    ///
    /// ```
    /// use hupai::{Form, Forms};
    /// let mine = Forms::of(&[Form::Standard, Form::SevenPairs]);
    /// assert!(mine.intersects(Forms::of(&[Form::SevenPairs])));
    /// assert!(!mine.intersects(Forms::of(&[Form::ThirteenOrphans])));
    /// ```
    #[inline]
    pub const fn intersects(self, other: Forms) -> bool {
        self.0 & other.0 != 0
    }

    /// True for the empty set (for a check: not a win).
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The set with `form` added.
    #[inline]
    pub const fn with(self, form: Form) -> Forms {
        Forms(self.0 | form.bit())
    }

    /// The set with `form` removed.
    #[inline]
    pub const fn without(self, form: Form) -> Forms {
        Forms(self.0 & !form.bit())
    }

    /// Does the set hold a knitted form (knitted straight, honours and
    /// knitted tiles, or its greater form)? One test for the three, so
    /// that rules without them pay one predicted branch.
    #[inline(always)]
    pub(crate) const fn contains_knitted(self) -> bool {
        self.0
            & (Form::KnittedStraight.bit()
                | Form::HonorsAndKnitted.bit()
                | Form::GreaterHonorsAndKnitted.bit())
            != 0
    }

    /// The forms in the set, in [`Form::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Form> {
        Form::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

impl fmt::Debug for Forms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Forms[")?;
        for (i, form) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(form.name())?;
        }
        f.write_str("]")
    }
}

impl FromIterator<Form> for Forms {
    fn from_iter<I: IntoIterator<Item = Form>>(forms: I) -> Forms {
        forms.into_iter().fold(Forms::NONE, Forms::with)
    }
}

impl Forms {
    /// The fewest tiles missing from a target of any form of the set
    /// ([`Judge::distance`]), the costly forms asked last, bounded by what
    /// the others miss; `u8::MAX` for none.
    #[inline(always)]
    pub(crate) fn least_distance(self, rules: &Rules, pos: &Position, suits: &[Resident; 4]) -> u8 {
        let mut missing = u8::MAX;
        for costly in [false, true] {
            for form in self.iter().filter(|f| f.costly() == costly) {
                missing = missing.min(form.distance(rules, pos, suits, missing));
            }
        }
        missing
    }
}

/// What every form answers, each from its own rules. The operations reach
/// a form through [`Form`]'s methods of the same names.
pub(crate) trait Judge {
    /// Does the form take declared melds (beside its concealed part)?
    const TAKES_MELDS: bool;

    /// Why no hand can win by the form under the rules `r`, or `None`.
    fn never_wins(r: &Resolved) -> Option<&'static str>;

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
    /// caller masks them unless the rules count them.
    fn waits(rules: &Rules, pos: &Position, open: u32) -> u64;

    /// Every split of the winning `pos` by the form (the concealed part:
    /// the caller adds declared melds).
    fn splits(rules: &Rules, pos: &Position, out: &mut SplitSink);

    /// How many splits [`Judge::splits`] finds.
    fn split_count(rules: &Rules, pos: &Position) -> u64 {
        let mut out = SplitSink::new(0);
        Self::splits(rules, pos, &mut out);
        out.total()
    }

    /// The reveal's grouping test, on a 13-tile ready hand split into
    /// `hidden` and `shown` natural tiles and jokers: the hidden part is
    /// complete groups of the form, and the shown part plus each of
    /// `draws` (natural kind, or `None` for a joker kind) completes the
    /// rest. A form of one group has none: nothing of it can stay hidden.
    fn hides(
        _rules: &Rules,
        _hidden: (&[u8; KINDS], u8),
        _shown: (&[u8; KINDS], u8),
        _draws: &[Option<usize>],
    ) -> bool {
        false
    }

    /// Is the form's distance costly to work out? Costly forms are asked
    /// last, bounded by what the others miss.
    const COSTLY: bool = false;

    /// The fewest tiles missing from a target of the form of `pos`'s size
    /// (3N+1 or 3N+2 tiles, a target of 3N+2), any natural tile dropped,
    /// jokers not counted; `u8::MAX` when the form has no target of that
    /// size. `suits` holds the four suits' resident distance values; a form
    /// may answer `below` when it misses at least that many.
    fn distance(rules: &Rules, pos: &Position, suits: &[Resident; 4], below: u8) -> u8;
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

/// Each form's [`Judge`], by the form's name.
impl Form {
    /// [`Judge::TAKES_MELDS`].
    #[inline(always)]
    pub(crate) fn takes_melds(self) -> bool {
        judge!(self, J => J::TAKES_MELDS)
    }

    /// [`Judge::never_wins`].
    pub(crate) fn never_wins(self, r: &Resolved) -> Option<&'static str> {
        judge!(self, J => J::never_wins(r))
    }

    /// [`Judge::win_mask`].
    #[inline(always)]
    pub(crate) fn win_mask(self, rules: &Rules, pos: &Position) -> u32 {
        judge!(self, J => J::win_mask(rules, pos))
    }

    /// [`Judge::wins`].
    #[inline(always)]
    pub(crate) fn wins(self, rules: &Rules, pos: &Position) -> bool {
        judge!(self, J => J::wins(rules, pos))
    }

    /// [`Judge::waits`].
    #[inline(always)]
    pub(crate) fn waits(self, rules: &Rules, pos: &Position, open: u32) -> u64 {
        judge!(self, J => J::waits(rules, pos, open))
    }

    /// [`Judge::splits`].
    pub(crate) fn splits(self, rules: &Rules, pos: &Position, out: &mut SplitSink) {
        judge!(self, J => J::splits(rules, pos, out))
    }

    /// [`Judge::split_count`].
    pub(crate) fn split_count(self, rules: &Rules, pos: &Position) -> u64 {
        judge!(self, J => J::split_count(rules, pos))
    }

    /// [`Judge::hides`].
    pub(crate) fn hides(
        self,
        rules: &Rules,
        hidden: (&[u8; KINDS], u8),
        shown: (&[u8; KINDS], u8),
        draws: &[Option<usize>],
    ) -> bool {
        judge!(self, J => J::hides(rules, hidden, shown, draws))
    }

    /// [`Judge::COSTLY`].
    #[inline(always)]
    pub(crate) fn costly(self) -> bool {
        judge!(self, J => J::COSTLY)
    }

    /// [`Judge::distance`].
    #[inline(always)]
    pub(crate) fn distance(
        self,
        rules: &Rules,
        pos: &Position,
        suits: &[Resident; 4],
        below: u8,
    ) -> u8 {
        judge!(self, J => J::distance(rules, pos, suits, below))
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
