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
//! and with `joker_fifth_copy = false` no kind appears more than four times
//! (the declared melds' copies counted).
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
    /// [`Rules::splits_limited`] lists only some, with work and memory in
    /// proportion to how many, and [`Rules::split_count`] counts them
    /// without listing any.
    ///
    /// # Errors
    /// As [`Rules::check`].
    pub fn splits(&self, hand: &Hand) -> Result<Vec<Split>, HandError> {
        Ok(self.splits_limited(hand, usize::MAX)?.splits)
    }

    /// At most `limit` splits of `hand`, and how many there are in all.
    /// The search stops once it has found `limit` (each form in turn, in
    /// the order of [`Rules::splits`]; a form's splits in the order its
    /// search finds them): work and memory grow with `limit`, not with
    /// the splits the hand has. The splits found are returned in the order
    /// of [`Rules::splits`]; they are all of them when `limit` is at least
    /// the total.
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
        Ok(self.splits_of(&pos, self.forms_of(&pos), limit))
    }

    /// At most `limit` splits of the winning `pos` by `forms` (those it
    /// wins by), and how many there are in all (see
    /// [`Rules::splits_limited`]).
    pub(crate) fn splits_of(&self, pos: &Position, forms: Forms, limit: usize) -> Splits {
        let mut out = SplitSink::new(limit).beside(pos.melds);
        for form in forms.iter() {
            if out.full() {
                break;
            }
            form.splits(self, pos, &mut out);
        }
        // A listing that stopped at the limit may have left splits out:
        // they are counted without listing. Otherwise it found them all.
        let total = if out.full() {
            forms.iter().map(|f| f.split_count(self, pos)).sum()
        } else {
            out.found()
        };
        Splits {
            splits: out.into_splits().collect(),
            total,
        }
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
        Ok(forms.iter().map(|f| f.split_count(self, &pos)).sum())
    }
}
