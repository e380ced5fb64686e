//! The forms a hand can win by, by name ([`Form`]), and sets of them
//! ([`Forms`]).

use std::fmt;

use crate::tile::kind::debug_set;

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

    /// Does the set hold the standard form and no knitted one (shanten's
    /// lean path)?
    #[inline(always)]
    pub(crate) const fn standard_without_knitted(self) -> bool {
        self.contains(Form::Standard) && !self.contains_knitted()
    }

    /// The forms in the set, in [`Form::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Form> {
        Form::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

impl fmt::Debug for Forms {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        debug_set(f, "Forms", self.iter())
    }
}

impl FromIterator<Form> for Forms {
    fn from_iter<I: IntoIterator<Item = Form>>(forms: I) -> Forms {
        forms.into_iter().fold(Forms::NONE, Forms::with)
    }
}
