//! Scoring: whether a claim is a legal win and what it pays, under the
//! family of scoring rules the rule file's `[scoring]` table names.
//!
//! ```
//! use hupai::score::{Claim, Score};
//! use hupai::{Hand, Rules, WinHow};
//! let rules = Rules::riichi();
//! // 123m 55z [789s] [777p] [123s] on a discard: complete, but no yaku.
//! let hand: Hand = "123m55z [789s] [777p] [123s]".parse()?;
//! let score = rules.score(&hand, &Claim::new("1m".parse()?, WinHow::Discard))?;
//! assert!(!score.legal());
//! // The dealer's riichi, tsumo, pinfu, tanyao: 4 han 20 fu, 2,600 all.
//! let hand: Hand = "234567m234p67888s".parse()?;
//! let mut claim = Claim::new("8s".parse()?, WinHow::SelfDrawn);
//! claim.riichi = true;
//! let Score::Riichi(s) = rules.score(&hand, &claim)? else { unreachable!() };
//! let names: Vec<&str> = s.yaku.iter().map(|y| y.yaku.name()).collect();
//! assert_eq!(names, ["menzen_tsumo", "riichi", "pinfu", "tanyao"]);
//! assert_eq!((s.han, s.fu, s.points.total), (4, 20, 7800));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The claim ([`Claim`]) is shared by every family; each family is one
//! module ([`riichi`], [`gb`]) behind one interface (`score/family.rs`),
//! which declares the claim fields it reads ([`ClaimField`]): a field a
//! family does not read, set, is refused ([`ScoreError::NotInFamily`]). Every family scores on the
//! readings of [`Rules::win`]: the splits of the hand with the groups the
//! winning tile can have completed, so a score and `hupai check
//! --winning` never disagree on the shape.

pub mod claim;
mod family;
pub mod fans;
pub mod gb;
mod reading;
pub mod riichi;

pub use claim::{Claim, ClaimSpec, ClaimValue, ScoreError, MAX_CLAIM_BYTES};
pub use family::ClaimField;
pub use fans::{FanCounted, FansPoints, FansScore};
pub use gb::GbScore;
pub use riichi::RiichiScore;

use crate::group::Split;
use crate::hand::Hand;
use crate::rules::scoring::Family;
use crate::rules::Rules;
use crate::score::family::score_in;
use crate::tile::{Tile, KINDS};
use crate::win::{WaitShape, WinHow};

/// A claim scored, by the family of the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Score {
    /// Riichi scoring.
    Riichi(RiichiScore),
    /// Chinese Official (GB) scoring.
    Gb(GbScore),
    /// A fan table of the rule file.
    Fans(FansScore),
}

impl Score {
    /// Is the claim a legal win?
    pub fn legal(&self) -> bool {
        match self {
            Score::Riichi(s) => s.legal,
            Score::Gb(s) => s.legal,
            Score::Fans(s) => s.legal,
        }
    }

    /// The claim's total: riichi's points the winner receives (0 when
    /// not legal); GB's points, flowers included, which are scored below
    /// the 8-point minimum too (see [`Score::legal`]); a fan table's
    /// points (0 when not legal), at most `u32::MAX` here
    /// ([`FansPoints::total`] holds them whole).
    pub fn total(&self) -> u32 {
        match self {
            Score::Riichi(s) => s.points.total,
            Score::Gb(s) => s.points,
            Score::Fans(s) => u32::try_from(s.points.total).unwrap_or(u32::MAX),
        }
    }

    /// The split that scored, when the hand is complete.
    pub fn split(&self) -> Option<&Split> {
        match self {
            Score::Riichi(s) => s.split.as_ref(),
            Score::Gb(s) => s.split.as_ref(),
            Score::Fans(s) => s.split.as_ref(),
        }
    }

    /// The shape of the wait the winning tile completed in that split.
    pub fn shape(&self) -> Option<WaitShape> {
        match self {
            Score::Riichi(s) => s.shape,
            Score::Gb(s) => s.shape,
            Score::Fans(s) => s.shape,
        }
    }
}

/// The value of one wait of a ready hand: its score on a discard and
/// self-drawn (see [`Rules::wait_values`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaitValue {
    /// The tile waited on.
    pub tile: Tile,
    /// Won on a discard.
    pub discard: Score,
    /// Self-drawn.
    pub self_drawn: Score,
}

impl WaitValue {
    /// A wait with no yaku on a discard (it may still win self-drawn).
    pub fn no_yaku_on_discard(&self) -> bool {
        !self.discard.legal()
    }
}

impl Rules {
    /// Scores `hand` (the winning tile in its concealed part) won by
    /// `claim`, under these rules' `[scoring]` table.
    ///
    /// A claim is a whole hand: 3N+2 tiles, a kong counted as three,
    /// making the rules' `max_tiles` (14; 17 where `max_tiles = 17`). A
    /// hand of a win's size short of it (`55z`, `22m [234p] [555z]`) is
    /// scored as not legal with the reason `not_a_win`; a whole hand that
    /// is not complete (`not_complete`), or complete without a yaku (riichi's
    /// `no_yaku`, GB's `under_8_points`), is not legal too (each an `Ok`).
    /// A claim that cannot happen is an error, and so is a hand of a size
    /// no win has ([`ScoreError::Hand`]).
    ///
    /// # Errors
    /// [`ScoreError::NoScoring`] for rules with no `[scoring]` table; the
    /// claim's conflicts ([`Claim::check`]); [`ScoreError::Hand`] for a
    /// hand the rules cannot judge.
    pub fn score(&self, hand: &Hand, claim: &Claim) -> Result<Score, ScoreError> {
        let Some(sw) = self.scoring() else {
            return Err(ScoreError::NoScoring {
                rules: self.name().to_string(),
            });
        };
        match sw.family {
            Family::Riichi => score_in::<riichi::Riichi>(self, sw, hand, claim).map(Score::Riichi),
            Family::Gb => score_in::<gb::Gb>(self, sw, hand, claim).map(Score::Gb),
            Family::Fans => score_in::<fans::Fans>(self, sw, hand, claim).map(Score::Fans),
        }
    }

    /// For a ready hand (3N+1 tiles), every tile it waits on with the
    /// score of a win on it on a discard and self-drawn, under `context`
    /// (its winds, riichi, dora, ...; its `winning` and `how` are not
    /// read; `after_kong` counts on the self-draw only, `kong_discard` on
    /// the discard only). A wait whose
    /// every copy is in the hand, its melds and the context's indicators
    /// is left out: no copy is left to win on. A ready hand short of the
    /// whole size (`123m456p789s5z`, 10 tiles under 14-tile rules) is no
    /// error: each of its waits is listed, not legal on either way, with
    /// the reason `not_a_win`, as [`Rules::score`] scores the hand with
    /// that tile.
    ///
    /// ```
    /// use hupai::score::Claim;
    /// use hupai::{Rules, WinHow};
    /// let rules = Rules::riichi();
    /// let context = Claim::new("1z".parse()?, WinHow::Discard);
    /// // 23m waits on 1m and 4m: 4m is tanyao, 1m has no yaku on a discard.
    /// let values = rules.wait_values(&"23m456p678s55p [234s]".parse()?, &context)?;
    /// let flagged: Vec<String> = values.iter().filter(|v| v.no_yaku_on_discard()).map(|v| v.tile.to_string()).collect();
    /// assert_eq!(flagged, ["1m"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::score`], and as [`Rules::waits`] for a hand that is not
    /// 3N+1 tiles.
    pub fn wait_values(&self, hand: &Hand, context: &Claim) -> Result<Vec<WaitValue>, ScoreError> {
        if self.scoring().is_none() {
            return Err(ScoreError::NoScoring {
                rules: self.name().to_string(),
            });
        }
        let waits = self.waits(hand)?;
        // A context that already makes a fifth copy without the wait
        // cannot happen: an error, not a hand without waits.
        context.check_indicator_copies(&reading::every_tile(hand))?;
        let mut out = Vec::with_capacity(waits.len());
        for tile in waits.iter() {
            let mut counts: [u8; KINDS] = *hand.counts();
            counts[tile.index()] += 1;
            let mut won = Hand::from_counts(&counts, hand.jokers())?.with_melds(hand.melds())?;
            won.set_red_bits(hand.red_bits());
            let mut claim = context.clone();
            claim.winning = tile;
            claim.how = WinHow::SelfDrawn;
            claim.kong_discard = false;
            let self_drawn = match self.score(&won, &claim) {
                // Every copy of the wait is in the hand, its melds and the
                // indicators (the hand alone was checked above).
                Err(ScoreError::IndicatorCopies { tile: seen, .. }) if seen == tile => continue,
                other => other?,
            };
            claim.how = WinHow::Discard;
            claim.after_kong = false;
            claim.kong_discard = context.kong_discard;
            let discard = self.score(&won, &claim)?;
            out.push(WaitValue {
                tile,
                discard,
                self_drawn,
            });
        }
        Ok(out)
    }
}
