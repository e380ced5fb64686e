//! Splitting a winning hand into its groups (拆分), with what every joker
//! stands for.
//!
//! Each [`Split`] lists the groups of one form: melds and the pair for the
//! standard form, seven pairs, or the thirteen orphans with their pair. A
//! group holding natural tiles is *resolved*: it says which tile each joker
//! in it becomes (`1*3s:123s`). A group of jokers only is left unresolved
//! (`***` is any meld, `**` any pair) in the standard form and seven pairs;
//! in thirteen orphans every joker is resolved, as only one tile fits.
//! Every resolved tile is in play, the pair obeys the rules' pair ranks,
//! and with `joker_fifth_copy = false` no kind appears more than four times.
//!
//! Splits are distinct as multisets of groups, where a group is its kind,
//! its natural tiles, and the tiles its jokers become: `111m` and `11*m:111m`
//! are different groups. Every split is listed once. The search for each
//! form lives with the form (`src/form/`).
//!
//! ```
//! use hupai::{Hand, Rules};
//! let hand: Hand = "111222333m789p55z".parse()?;
//! let splits = Rules::basic().splits(&hand)?;
//! let shown: Vec<String> = splits.iter().map(|s| s.to_string()).collect();
//! assert_eq!(shown, [
//!     "standard 123m 123m 123m 789p 55z",
//!     "standard 111m 222m 333m 789p 55z",
//! ]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use crate::group::{Group, GroupKind, Split, Splits};

use crate::error::HandError;
use crate::form::Forms;
use crate::group::SplitSink;
use crate::hand::Hand;
use crate::position::{Position, Purpose};
use crate::rules::Rules;

impl Rules {
    /// Every distinct split of `hand` under these rules, by form
    /// (standard, seven pairs, thirteen orphans, the knitted forms). Within a form, splits are
    /// ordered by their group lists, compared group by group in the order
    /// of [`Split::groups`]. Empty when the hand is not a win.
    ///
    /// A hand with many jokers can have tens of thousands of splits:
    /// [`Rules::splits_limited`] keeps only the first ones, and
    /// [`Rules::split_count`] counts them without listing any.
    ///
    /// # Errors
    /// As [`Rules::check`].
    pub fn splits(&self, hand: &Hand) -> Result<Vec<Split>, HandError> {
        Ok(self.splits_limited(hand, usize::MAX)?.splits)
    }

    /// The first `limit` splits of `hand` in the order of [`Rules::splits`],
    /// and how many there are in all. Memory is bounded by `limit`.
    ///
    /// ```
    /// use hupai::Rules;
    /// let some = Rules::basic().splits_limited(&"1m****".parse()?, 2)?;
    /// assert_eq!(some.splits.len(), 2);
    /// assert_eq!(some.total, 3);
    /// assert!(some.truncated());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::check`].
    pub fn splits_limited(&self, hand: &Hand, limit: usize) -> Result<Splits, HandError> {
        let pos = self.accept_hand(hand, Purpose::Win)?;
        let forms = self.forms_of(&pos);
        if pos.has_melds() {
            return Ok(self.beside_melds(&pos, forms, limit));
        }
        let mut out = SplitSink::new(limit);
        for form in forms.iter() {
            form.splits(self, &pos, &mut out);
        }
        Ok(out.into_splits_of_all())
    }

    /// How many splits [`Rules::splits`] would list, counted without
    /// listing them where the form can (the standard form's are counted
    /// per suit and combined).
    ///
    /// ```
    /// use hupai::Rules;
    /// let taiwan = Rules::preset("taiwan")?;
    /// assert_eq!(taiwan.split_count(&"344556678s********".parse()?)?, 29_522);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::check`].
    pub fn split_count(&self, hand: &Hand) -> Result<u64, HandError> {
        let pos = self.accept_hand(hand, Purpose::Win)?;
        let forms = self.forms_of(&pos);
        if pos.has_melds() {
            return Ok(self.beside_melds(&pos, forms, 0).total);
        }
        Ok(forms.iter().map(|f| f.split_count(self, &pos)).sum())
    }

    /// The splits of the accepted `pos`, with declared melds: the concealed
    /// part's splits by `forms`, each followed by the melds. Under
    /// `joker_fifth_copy = false` a split whose jokers stand for more
    /// copies of a kind than the melds leave is not one.
    fn beside_melds(&self, pos: &Position, forms: Forms, limit: usize) -> Splits {
        let mut found = SplitSink::new(usize::MAX);
        for form in forms.iter() {
            form.splits(self, pos, &mut found);
        }
        let melds = pos.melds.as_slice();
        let melded = pos.melds.counts();
        let mut out = SplitSink::new(limit);
        for split in found.into_splits() {
            let resolved = split.resolved_counts();
            if self.joker_fifth_copy || (0..melded.len()).all(|i| resolved[i] + melded[i] <= 4) {
                out.push(split.beside(melds));
            }
        }
        out.into_splits_of_all()
    }
}
