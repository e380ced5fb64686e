//! The tiles a ready player must show (亮倒, the 卡五星 reveal rule), found exactly.
//!
//! Given a ready hand `H` with waits `W`, the answer is a sub-multiset `R`
//! of `H` of the fewest tiles such that the rest `H − R` groups completely
//! into groups of one form (melds and at most one pair for the standard
//! form; pairs for seven pairs), and for every wait `w`, `R + w` completes
//! that grouping into a win of the same form. Jokers count as ordinary tiles
//! of `H`: they may stay hidden or be shown. Showing the whole hand always
//! qualifies, so every ready hand has an answer. A hand's declared melds
//! are on the table already: `H` is its concealed part, grouped beside
//! them by the forms that take melds.
//!
//! When several sets of the fewest tiles qualify, the answer is the first
//! in this order: write each set as its tile indices in ascending order,
//! jokers counted as index 34, and compare these lists lexicographically.
//!
//! ```
//! use hupai::{Hand, Rules};
//! let rules = Rules::basic();
//! let shown = rules.reveal(&"1234677p".parse::<Hand>()?)?; // waits on 5p
//! assert_eq!(shown.tiles.to_string(), "46p");              // 123p and 77p stay hidden
//! assert_eq!(rules.reveal(&"7888p".parse::<Hand>()?)?.tiles.to_string(), "7888p");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::error::HandError;
use crate::form::{Form, Forms, RevealSplit};
use crate::hand::Hand;
use crate::position::Purpose;
use crate::rules::Rules;
use crate::tile::{TileSet, KINDS};

/// What a ready player shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reveal {
    /// The tiles to show, as the hand holds them: its jokers as jokers,
    /// copies of a joker kind (hongzhong's 7z) as that tile.
    pub tiles: Hand,
    /// The hand's waits, which the shown tiles make visible.
    pub waits: TileSet,
    /// The form the hidden tiles are grouped in; `None` when all is shown.
    pub hidden_form: Option<Form>,
}

impl Rules {
    /// The fewest tiles of the ready hand `hand` to show so that every wait
    /// can be read from them (see the [module docs](crate::reveal)).
    ///
    /// # Errors
    /// As [`Rules::waits`], and [`HandError::NotReady`] for a hand with no wait.
    pub fn reveal(&self, hand: &Hand) -> Result<Reveal, HandError> {
        let pos = self.accept_hand(hand, Purpose::Wait)?;
        let waits = self.waits_of(&pos);
        if waits.is_empty() {
            return Err(HandError::NotReady {
                hand: hand.to_string(),
            });
        }
        // Each wait as the tile drawn: a natural kind, or a joker.
        let draws: Vec<Option<usize>> = waits
            .iter()
            .map(|t| (!self.jokers.contains(t)).then_some(t.index()))
            .collect();
        let counts = pos.counts();
        let jokers = pos.jokers;
        let mut best = Best {
            hidden: 0,
            shown: order_key(&counts, jokers),
            shown_counts: (counts, jokers),
            form: None,
        };
        let mut hidden = [0u8; KINDS];
        let forms = self.forms_for(&pos);
        self.walk(forms, &counts, jokers, &draws, 0, &mut hidden, &mut best);
        // The jokers shown are the hand's own: its jokers first, then
        // copies of the joker kinds in index order.
        let (mut shown, mut joker_count) = best.shown_counts;
        let plain = joker_count.min(hand.jokers());
        joker_count -= plain;
        for t in self.jokers.iter() {
            let n = joker_count.min(hand.count(t));
            shown[t.index()] += n;
            joker_count -= n;
        }
        Ok(Reveal {
            tiles: Hand::from_counts(&shown, plain).expect("a part of a valid hand is valid"),
            waits,
            hidden_form: best.form,
        })
    }

    /// Tries every hidden sub-multiset: kinds `kind..` still to choose.
    #[allow(clippy::too_many_arguments)]
    fn walk(
        &self,
        forms: Forms,
        counts: &[u8; KINDS],
        jokers: u8,
        draws: &[Option<usize>],
        kind: usize,
        hidden: &mut [u8; KINDS],
        best: &mut Best,
    ) {
        if kind < KINDS {
            for n in 0..=counts[kind] {
                hidden[kind] = n;
                self.walk(forms, counts, jokers, draws, kind + 1, hidden, best);
            }
            hidden[kind] = 0;
            return;
        }
        for hidden_jokers in 0..=jokers {
            let size = hidden.iter().sum::<u8>() + hidden_jokers;
            if size == 0 || size < best.hidden {
                continue;
            }
            let shown: [u8; KINDS] = std::array::from_fn(|i| counts[i] - hidden[i]);
            let shown_jokers = jokers - hidden_jokers;
            let split = RevealSplit {
                hidden: (&*hidden, hidden_jokers),
                shown: (&shown, shown_jokers),
                draws,
            };
            let Some(form) = forms.iter().find(|f| f.hides(self, &split)) else {
                continue;
            };
            let key = order_key(&shown, shown_jokers);
            if size > best.hidden || key < best.shown {
                *best = Best {
                    hidden: size,
                    shown: key,
                    shown_counts: (shown, shown_jokers),
                    form: Some(form),
                };
            }
        }
    }
}

struct Best {
    hidden: u8,
    shown: Vec<u8>,
    shown_counts: ([u8; KINDS], u8),
    form: Option<Form>,
}

/// The tie-break key: tile indices ascending, jokers as 34.
fn order_key(counts: &[u8; KINDS], jokers: u8) -> Vec<u8> {
    let mut key: Vec<u8> = (0..KINDS as u8)
        .flat_map(|i| std::iter::repeat_n(i, counts[i as usize] as usize))
        .collect();
    key.extend(std::iter::repeat_n(KINDS as u8, jokers as usize));
    key
}
