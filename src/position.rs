//! The acceptance step: a hand checked against the rules once, and the
//! validated view of it that every operation reads.
//!
//! [`Rules::accept`] loads the 34 counts as words (`src/swar.rs`), checks
//! them (every count at most 4, every kind in play, a size the operation
//! takes), moves the copies of joker kinds to the joker count, and computes
//! the four suits' base-5 keys. It holds the hand, not a judgement of it:
//! each form reads what it needs from the keys (the standard form the
//! suits' need entries, shanten the distance columns). Every operation — the win check,
//! the forms, waits, splits, the reveal, the live hand — starts from a
//! [`Position`]; none validates again. A hand that is refused gets its
//! typed error from [`Rules::reject`], which checks the same conditions in
//! words that name the bad value.

use crate::error::HandError;
use crate::hand::{Hand, MAX_HAND_TILES};
use crate::meld::{Meld, Melds};
use crate::rules::compiled::Rules;
use crate::swar::SuitWords;
use crate::tile::{Tile, KINDS};

/// A hand accepted by the rules.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Position {
    /// The natural tiles: every count, the joker kinds' copies moved out.
    pub words: SuitWords,
    /// The joker kinds held four times (bit `i` for index `i`).
    pub joker_fours: u64,
    /// The base-5 keys of the natural tiles' suits (m, p, s, honours).
    pub keys: [usize; 4],
    /// Natural tiles.
    pub natural: u32,
    /// Jokers: drawn as jokers, plus every copy of a joker kind.
    pub jokers: u8,
    /// The copies of joker kinds among the jokers.
    pub kind_jokers: u8,
    /// The numbered suits (bit 0 m, 1 p, 2 s) of the declared melds.
    pub meld_suits: u8,
    /// The declared melds: fixed groups of the standard form, beside the
    /// concealed part that `words` and `jokers` hold.
    pub melds: Melds,
}

impl Position {
    /// Tiles in the concealed part, jokers included.
    #[inline(always)]
    pub fn total(&self) -> u32 {
        self.natural + self.jokers as u32
    }

    /// 3 per declared meld (a kong counts as one meld).
    #[inline(always)]
    pub fn meld_tiles(&self) -> u32 {
        3 * self.melds.len() as u32
    }

    /// Has the hand declared melds?
    #[inline(always)]
    pub fn has_melds(&self) -> bool {
        self.melds.len() != 0
    }

    /// The natural tiles' counts, indexed 0–33.
    pub fn counts(&self) -> [u8; KINDS] {
        self.words.counts()
    }

    /// The numbered suits (bit 0 m, 1 p, 2 s) holding natural tiles, in
    /// the concealed part or the declared melds.
    #[inline(always)]
    pub fn suits_held(&self) -> u32 {
        (self.keys[0] != 0) as u32
            | ((self.keys[1] != 0) as u32) << 1
            | ((self.keys[2] != 0) as u32) << 2
            | self.meld_suits as u32
    }
}

/// What an operation needs of a hand's size.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Purpose {
    /// A win: 3N+2 tiles within the rules' limit.
    Win,
    /// A hand that waits: 3N+1 tiles, with room for one more.
    Wait,
    /// Either: a hand some distance from a win (shanten).
    Either,
}

impl Rules {
    /// The sizes (bit `n`: `n` tiles) a hand may have for `purpose`.
    #[inline(always)]
    pub(crate) fn sizes(&self, purpose: Purpose) -> u64 {
        match purpose {
            Purpose::Win => self.derived.win_sizes,
            Purpose::Wait => self.derived.ready_sizes,
            Purpose::Either => self.derived.win_sizes | self.derived.ready_sizes,
        }
    }

    /// The counts' words and the hand's size (jokers included): `None`
    /// when a count is above 4 or the size is not one of `sizes`. The first
    /// part of [`Rules::accept`], and the whole of it under rules that play
    /// every kind and no joker kind
    /// ([`Resolved::whole_tile_set`](crate::rules::compiled::Resolved::whole_tile_set)),
    /// whose lean paths take the words as they are; [`Rules::reject`] names
    /// what they refuse.
    #[inline(always)]
    pub(crate) fn words_within(
        &self,
        counts: &[u8; KINDS],
        jokers: u8,
        sizes: u64,
    ) -> Option<(SuitWords, u32)> {
        let words = SuitWords::load(counts);
        if words.any_over_four() {
            return None;
        }
        let total = words.total() + jokers as u32;
        if total >= 64 || sizes >> total & 1 == 0 {
            return None;
        }
        Some((words, total))
    }

    /// The acceptance step: `counts` (indexed 0–33, joker kinds included)
    /// and `jokers` as a [`Position`], or `None` when a count is above 4, a
    /// kind is out of play, or the size (jokers included) is not one of
    /// `sizes`. [`Rules::reject`] names the reason.
    #[inline(always)]
    pub(crate) fn accept(&self, counts: &[u8; KINDS], jokers: u8, sizes: u64) -> Option<Position> {
        let (held, total) = self.words_within(counts, jokers, sizes)?;
        let d = &self.derived;
        if d.partial && !held.and(&d.out_of_play).is_zero() {
            return None;
        }
        let (words, jokers, natural, joker_fours, kind_jokers) = if self.jokers.is_empty() {
            (held, jokers, total - jokers as u32, 0, 0)
        } else {
            self.joker_kinds_out(counts, jokers)
        };
        Some(self.position(words, jokers, natural, joker_fours, kind_jokers))
    }

    /// For rules with joker kinds: the natural tiles of `counts`, the
    /// jokers once every copy of a joker kind is one, the natural count,
    /// the joker kinds held four times, and the copies of joker kinds
    /// held. Apart from [`Rules::accept`],
    /// so that the common path stays lean.
    #[inline(never)]
    pub(crate) fn joker_kinds_out(
        &self,
        counts: &[u8; KINDS],
        jokers: u8,
    ) -> (SuitWords, u8, u32, u64, u8) {
        let held = SuitWords::load(counts);
        let kinds = held.and(&self.derived.joker_kinds);
        let words = held.and_not(&self.derived.joker_kinds);
        let fours = kinds.kinds_with_bit(2);
        let kind_jokers = kinds.total() as u8;
        (
            words,
            jokers + kind_jokers,
            words.total(),
            fours,
            kind_jokers,
        )
    }

    /// The position of the `natural` tiles `words` and `jokers` (of which
    /// `kind_jokers` are copies of joker kinds), all accepted, with the
    /// joker kinds held four times.
    #[inline(always)]
    pub(crate) fn position(
        &self,
        words: SuitWords,
        jokers: u8,
        natural: u32,
        joker_fours: u64,
        kind_jokers: u8,
    ) -> Position {
        Position {
            words,
            joker_fours,
            keys: words.keys(),
            natural,
            jokers,
            kind_jokers,
            meld_suits: 0,
            melds: Melds::default(),
        }
    }

    /// [`Rules::accept`] for a [`Hand`], with its typed error.
    #[inline(always)]
    pub(crate) fn accept_hand(&self, hand: &Hand, purpose: Purpose) -> Result<Position, HandError> {
        if hand.has_melds() {
            return self.accept_melded(hand, purpose);
        }
        match self.accept(hand.counts(), hand.jokers(), self.sizes(purpose)) {
            Some(pos) => Ok(pos),
            None => Err(self.reject(hand.counts(), hand.jokers() as usize, 0, purpose)),
        }
    }

    /// [`Rules::accept_hand`] for a hand with declared melds, apart from
    /// the common path: each meld must be of kinds in play and no joker
    /// kind, and an honour sequence needs rules that make them; the
    /// concealed part is accepted at the size its melds leave (3 tiles
    /// each); the position keeps the melds, their suits and the kinds
    /// their copies use up.
    #[cold]
    #[inline(never)]
    fn accept_melded(&self, hand: &Hand, purpose: Purpose) -> Result<Position, HandError> {
        for &meld in hand.melds() {
            self.accept_meld(meld)?;
        }
        let melds = hand.meld_list();
        match self.accept_with(hand.counts(), hand.jokers(), melds, self.sizes(purpose)) {
            Some(pos) => Ok(pos),
            None => Err(self.reject(hand.counts(), hand.jokers() as usize, melds.len(), purpose)),
        }
    }

    /// Do these rules take the declared `meld`: an honour sequence only
    /// with `honor_sequences`, its kinds in play, none a joker kind?
    pub(crate) fn accept_meld(&self, meld: Meld) -> Result<(), HandError> {
        if meld.is_honor_sequence() && !self.honor_sequences {
            return Err(HandError::HonorSequenceNotInRules {
                meld: meld.to_string(),
                rules: self.name.to_string(),
            });
        }
        // The first of its kinds out of play or a joker kind.
        let refused = meld.kinds() & (!self.tiles.bits() | self.jokers.bits());
        let Some(tile) = crate::swar::bits(refused).find_map(|i| Tile::from_index(i).ok()) else {
            return Ok(());
        };
        let rules = self.name.to_string();
        Err(if self.tiles.contains(tile) {
            HandError::JokerInMeld { tile, rules }
        } else {
            HandError::TileNotInRules { tile, rules }
        })
    }

    /// [`Rules::accept`] beside declared `melds` (already checked
    /// against the rules): `sizes` are those of the whole hand, 3 tiles a
    /// meld.
    #[inline]
    pub(crate) fn accept_with(
        &self,
        counts: &[u8; KINDS],
        jokers: u8,
        melds: &Melds,
        sizes: u64,
    ) -> Option<Position> {
        if melds.len() == 0 {
            return self.accept(counts, jokers, sizes);
        }
        let sizes = (sizes >> (3 * melds.len())) & self.derived.melded_sizes[melds.len()];
        let mut pos = self.accept(counts, jokers, sizes)?;
        pos.melds = *melds;
        pos.meld_suits = melds.suits();
        Some(pos)
    }

    /// `pos` with one natural copy of kind `i` more (at most four held),
    /// its melds kept: for the cold paths that judge a draw whole.
    pub(crate) fn with_tile(&self, pos: &Position, i: usize) -> Position {
        let mut counts = pos.counts();
        counts[i] += 1;
        let mut more = self.position(
            SuitWords::load(&counts),
            pos.jokers,
            pos.natural + 1,
            pos.joker_fours,
            pos.kind_jokers,
        );
        more.melds = pos.melds;
        more.meld_suits = pos.meld_suits;
        more
    }

    /// The kinds that are no wait because their four copies are in `pos`'s
    /// concealed part and declared melds (at least one in a meld), unless
    /// the rules count them as waits.
    pub(crate) fn melded_fours(&self, pos: &Position) -> u64 {
        if self.four_with_melds_is_wait || !pos.has_melds() {
            return 0;
        }
        let melded = pos.melds.counts();
        let held = pos.counts();
        (0..KINDS)
            .filter(|&i| melded[i] > 0 && melded[i] + held[i] >= 4)
            .fold(0, |bits, i| bits | 1 << i)
    }

    /// [`Rules::accept`] for a count array, with its typed error.
    #[inline(always)]
    pub(crate) fn accept_counts(
        &self,
        counts: &[u8; KINDS],
        jokers: u8,
        purpose: Purpose,
    ) -> Result<Position, HandError> {
        match self.accept(counts, jokers, self.sizes(purpose)) {
            Some(pos) => Ok(pos),
            None => Err(self.reject(counts, jokers as usize, 0, purpose)),
        }
    }

    /// Why [`Rules::accept`] refuses `counts` and `jokers` (beside `melds`
    /// declared melds) for `purpose`, checked in this order: a count above
    /// 4 ([`HandError::TooManyCopies`]), a kind out of play
    /// ([`HandError::TileNotInRules`]); then, beside declared melds, a
    /// concealed part of a size no form takes beside them
    /// ([`HandError::ConcealedSize`]); else more tiles than the rules allow
    /// ([`HandError::TooManyTiles`]) or a size no form wins or waits at
    /// ([`HandError::WrongSize`]).
    #[cold]
    #[inline(never)]
    pub(crate) fn reject(
        &self,
        counts: &[u8; KINDS],
        jokers: usize,
        melds: usize,
        purpose: Purpose,
    ) -> HandError {
        if let Some(i) = (0..KINDS).find(|&i| counts[i] > 4) {
            return HandError::TooManyCopies {
                tile: Tile::from_index(i).expect("index < 34"),
                count: counts[i] as usize,
            };
        }
        if let Some(tile) = Tile::all().find(|t| counts[t.index()] > 0 && !self.tiles.contains(*t))
        {
            return HandError::TileNotInRules {
                tile,
                rules: self.name.to_string(),
            };
        }
        let tiles = counts.iter().map(|&c| c as usize).sum::<usize>() + jokers;
        let sizes = self.sizes(purpose);
        let needs = match purpose {
            Purpose::Win => "a win needs",
            Purpose::Wait => "a hand that waits needs",
            Purpose::Either => "a win or a wait needs",
        };
        if melds > 0 {
            let melded = &self.derived.melded_sizes;
            let expected = if melded.iter().all(|&m| m == 0) {
                "no form of these rules takes declared melds".to_string()
            } else {
                let within = melded.get(melds).copied().unwrap_or(0);
                match listed((sizes >> (3 * melds).min(63)) & within) {
                    Some(listed) => format!("{needs} {listed}"),
                    None => format!("no form of these rules takes {melds} melds"),
                }
            };
            return HandError::ConcealedSize {
                concealed: tiles as u32,
                melds: melds as u32,
                expected,
            };
        }
        let limit = (64 - sizes.leading_zeros() as usize)
            .saturating_sub(1)
            .min(MAX_HAND_TILES);
        if tiles > limit {
            return HandError::TooManyTiles { tiles, max: limit };
        }
        let listed = listed(sizes).unwrap_or_default();
        let pattern = |first: usize| (first..=limit).step_by(3).fold(0u64, |m, n| m | 1 << n);
        let expected = match purpose {
            Purpose::Win if sizes == pattern(2) => format!("3N+2 for a win ({listed})"),
            Purpose::Wait if sizes == pattern(1) => format!("3N+1 to wait ({listed})"),
            Purpose::Either if sizes == pattern(1) | pattern(2) => {
                format!("3N+1 or 3N+2 ({listed})")
            }
            _ => format!("{listed} (the sizes the rules' forms take)"),
        };
        HandError::WrongSize { tiles, expected }
    }
}

/// The sizes of `sizes` (bit `n`: `n` tiles) in words, "2, 5 or 8";
/// `None` for none.
fn listed(sizes: u64) -> Option<String> {
    let sizes: Vec<String> = (0..64)
        .filter(|n| sizes >> n & 1 == 1)
        .map(|n| n.to_string())
        .collect();
    match sizes.split_last() {
        Some((last, [])) => Some(last.clone()),
        Some((last, rest)) => Some(format!("{} or {last}", rest.join(", "))),
        None => None,
    }
}
