//! The compiled rule set ([`Rules`]): the rules' fields, and what the
//! hot paths read of them ([`Derived`]), worked out once by
//! `Rules::compile` (`src/rules/mod.rs`); and the validated fields of a
//! rule set before compiling ([`Resolved`]).

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use super::scoring::Scoring;
use crate::form::kind::Forms;
use crate::meld::MAX_MELDS;
use crate::swar::SuitWords;
use crate::tables::{TableParams, Tables, ORPHANS_INDEXES};
use crate::tile::{Suit, TileSet};

/// Entries of the seven pairs distance table the rules keep
/// (`Derived::pairs_missing`, read at `seven_pairs::table_index`).
pub(crate) const PAIRS_TABLE: usize = 512;

/// The rules a hand is judged by.
///
/// ```
/// use hupai::{Form, Rules};
/// let rules = Rules::default(); // chinese
/// let win = rules.check(&"1m9m1p9p1s9s1z2z3z4z5z6z7z7z".parse()?)?;
/// assert!(win.contains(Form::ThirteenOrphans));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Rules {
    pub(crate) name: Cow<'static, str>,
    pub(crate) forms: Forms,
    pub(crate) seven_pairs_quads: bool,
    pub(crate) tiles: TileSet,
    pub(crate) jokers: TileSet,
    pub(crate) joker_fifth_copy: bool,
    /// Ranks (bit `r` = rank `r + 1`) on which the pair may sit; `None`: any tile.
    pub(crate) pair_ranks: Option<u16>,
    pub(crate) honor_sequences: bool,
    pub(crate) max_suits: Option<u8>,
    pub(crate) max_tiles: u8,
    pub(crate) four_held_is_wait: bool,
    pub(crate) four_with_melds_is_wait: bool,
    /// The `[scoring]` table, validated; `None` when the rules have none.
    pub(crate) scoring: Option<Scoring>,
    pub(crate) tables: Arc<Tables>,
    /// Worked out from the fields above by [`Rules::compile`].
    pub(crate) derived: Derived,
}

/// The rules' fields in the form the hot paths read them, worked out once
/// by [`Rules::compile`] (the only place that builds a `Rules`).
#[derive(Clone)]
pub(crate) struct Derived {
    /// Byte `0xff` for every kind not in play (`src/swar.rs` layout).
    pub out_of_play: SuitWords,
    /// Some kind is out of play.
    pub partial: bool,
    /// Byte `0xff` for every joker kind.
    pub joker_kinds: SuitWords,
    /// Bit `n` set when a hand of `n` tiles may win by some form (3N+2
    /// within the limit for the standard form, 14 for the others).
    pub win_sizes: u64,
    /// Bit `n` set when a hand of `n` tiles may wait: one below a win size.
    pub ready_sizes: u64,
    /// The sizes (bit `n`) a concealed part may have to win or wait
    /// beside `m` declared melds (index `m`; 0 for none at index 0).
    pub melded_sizes: [u64; MAX_MELDS + 1],
    /// The most numbered suits a hand may hold (3 when unlimited).
    pub suit_limit: u32,
    /// The extra cost of holding the standard form's pair in suit `s` (m,
    /// p, s, honours): 0, or more jokers than any hand holds when that
    /// suit may not hold it (no kind in play, or pair ranks exclude honours).
    pub pair_penalty: [i16; 4],
    /// `pair_penalty` in the 16-bit lanes the standard form's win test
    /// and waits read (`form::standard::pair_cost_lanes`): they judge the
    /// four suits side by side.
    pub pair_cost_lanes: u64,
    /// The kinds whose draw is a natural tile: in play, not a joker kind
    /// (bit `i` for index `i`).
    pub drawable: u64,
    /// Copies of joker kinds in the game: 4 per joker kind.
    pub joker_copies: u8,
    /// Per suit, what the standard form's distance may not use (see
    /// `form::standard::bars`).
    pub dist_bars: [[[u64; 2]; 2]; 4],
    /// Per suit, what efficiency keeps of each draw row entry under those
    /// bars (`form::standard::kept_draws`).
    pub draw_kept: [u16; 4],
    /// The forms a hand can win by: the rules' forms, less those no hand
    /// can complete (thirteen orphans with an orphan out of play, as jokers
    /// stand only for tiles in play; the knitted forms without the three
    /// numbered suits, or under `max_suits` below 3; honours-and-knitted
    /// with fewer than five honours in play, its greater form without all
    /// seven; the 14-tile forms in hands of fewer than 14 tiles). Never
    /// empty.
    pub winnable: Forms,
    /// The forms a hand with declared melds can win by: `winnable`'s
    /// standard form and knitted straight (possibly none).
    pub winnable_melded: Forms,
    /// The fewest tiles missing from seven pairs
    /// (`seven_pairs::DISTINCT_MISSING` or `QUADS_MISSING`, as the rules
    /// count quads; read at `seven_pairs::table_index`); `u8::MAX` when
    /// seven pairs is not winnable.
    pub pairs_missing: &'static [u8; PAIRS_TABLE],
    /// The fewest tiles missing from thirteen orphans
    /// (`thirteen_orphans::distance_counted`) at each
    /// `CountedFields::orphans_index` of a hand's counted fields; `u8::MAX`
    /// when thirteen orphans is not winnable.
    pub orphans_missing: &'static [u8; ORPHANS_INDEXES],
    /// Shanten may take its lean path (`Rules::shanten_common`): every kind
    /// in play, no joker kind, no suit limit, the standard form and no
    /// knitted one.
    pub lean_shanten: bool,
    /// The win check judges a hand from its counts' words alone
    /// (`Rules::wins_lean`): every kind in play, no joker kind, no suit
    /// limit, the standard form and no knitted one, and every suit may
    /// hold the pair.
    pub lean_win: bool,
    /// With no joker, shanten asks the counted forms (seven pairs,
    /// thirteen orphans) what a hand of 13 or 14 tiles misses only when
    /// the standard form misses more tiles than this: 1 when no counted
    /// form wins a hand one tile short of the standard form
    /// (`form::counted_wins_one_short`), else 0.
    pub counted_asked_above: u8,
}

/// A pair cost no hand can pay.
pub(crate) const NO_PAIR: i16 = 1 << 10;

/// The validated fields of a rule set, before compiling.
pub(crate) struct Resolved {
    pub scoring: Option<Scoring>,
    pub forms: Forms,
    pub seven_pairs_quads: bool,
    pub tiles: TileSet,
    pub jokers: TileSet,
    pub joker_fifth_copy: bool,
    pub pair_ranks: Option<u16>,
    pub honor_sequences: bool,
    pub max_suits: Option<u8>,
    pub max_tiles: u8,
    pub four_held_is_wait: bool,
    pub four_with_melds_is_wait: bool,
}

impl Resolved {
    /// May suit `s` hold the standard form's pair: some kind of it in
    /// play, and for the honours no `pair_ranks` (which name numbered
    /// ranks)?
    pub fn may_hold_pair(&self, s: Suit) -> bool {
        self.tiles.count_in(s) > 0 && (s != Suit::Honor || self.pair_ranks.is_none())
    }

    /// May a hand hold 14 tiles?
    pub fn fourteen(&self) -> bool {
        self.max_tiles >= 14
    }

    /// Are the three numbered suits all in play?
    pub fn three_suits_in_play(&self) -> bool {
        [Suit::Man, Suit::Pin, Suit::Sou]
            .iter()
            .all(|&s| self.tiles.count_in(s) > 0)
    }

    /// May a hand hold the three numbered suits (no `max_suits` below 3)?
    pub fn three_suits_allowed(&self) -> bool {
        self.max_suits.is_none_or(|m| m >= 3)
    }

    /// Is every kind in play, none of them a joker kind, with no limit on
    /// the numbered suits a hand holds?
    pub fn whole_tile_set(&self) -> bool {
        self.tiles == TileSet::ALL && self.jokers.is_empty() && self.three_suits_allowed()
    }

    /// The table parameters these rules need.
    pub fn table_params(&self) -> TableParams {
        TableParams {
            max_tiles: self.max_tiles,
            joker_fifth_copy: self.joker_fifth_copy,
            suit_pair_ranks: self.pair_ranks.unwrap_or(0x1ff),
            honor_pair: self.pair_ranks.is_none(),
            honor_sequences: self.honor_sequences,
        }
    }
}

impl Rules {
    /// The rules' name: the preset's, or the one given to a rule file.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The forms that count as a win.
    pub fn forms(&self) -> Forms {
        self.forms
    }

    /// Does four of a kind count as two pairs of seven pairs?
    pub fn seven_pairs_quads(&self) -> bool {
        self.seven_pairs_quads
    }

    /// The tile kinds in play.
    pub fn tiles(&self) -> TileSet {
        self.tiles
    }

    /// The tile kinds whose every copy acts as a joker.
    pub fn joker_kinds(&self) -> TileSet {
        self.jokers
    }

    /// May a joker stand for a fifth copy of a tile?
    pub fn joker_fifth_copy(&self) -> bool {
        self.joker_fifth_copy
    }

    /// The ranks the standard form's pair may have (bit `r` = rank `r + 1`,
    /// numbered suits only); `None` when any tile may be the pair.
    pub fn pair_ranks(&self) -> Option<u16> {
        self.pair_ranks
    }

    /// Do three different winds, or the three dragons, form a meld?
    pub fn honor_sequences(&self) -> bool {
        self.honor_sequences
    }

    /// The most numbered suits a winning hand may hold; `None`: no limit.
    pub fn max_suits(&self) -> Option<u8> {
        self.max_suits
    }

    /// The largest hand, in tiles, jokers included.
    pub fn max_tiles(&self) -> usize {
        self.max_tiles as usize
    }

    /// May a tile held four times be a wait?
    pub fn four_held_is_wait(&self) -> bool {
        self.four_held_is_wait
    }

    /// May a tile whose four copies are all in the hand and its declared
    /// melds be a wait? `false` (the default: WRC, M.League) counts the
    /// melded copies; `true` (Tenhou, Mahjong Soul) does not.
    ///
    /// ```
    /// use hupai::Rules;
    /// let hand = "5m [555m] [123p] [456p] [789p]".parse()?;   // 5m: four copies
    /// assert!(Rules::basic().waits(&hand)?.is_empty());         // not ready
    /// let tenhou = Rules::from_toml_str("base = \"basic\"\nfour_with_melds_is_wait = true")?;
    /// assert_eq!(tenhou.waits(&hand)?.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["5m"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn four_with_melds_is_wait(&self) -> bool {
        self.four_with_melds_is_wait
    }

    /// The scoring rules (the rule file's `[scoring]` table), if any.
    ///
    /// ```
    /// use hupai::Rules;
    /// assert!(Rules::riichi().scoring().is_some_and(|s| s.open_tanyao));
    /// assert!(Rules::basic().scoring().is_none());
    /// ```
    pub fn scoring(&self) -> Option<&Scoring> {
        self.scoring.as_ref()
    }

    /// The tables that judge the standard form.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The table parameters these rules need.
    pub fn table_params(&self) -> TableParams {
        *self.tables.params()
    }
}

/// The two methods of [`Rules`] that answer many hands with the one-hand
/// method `$answer` (answering `$answer_type`): `$batch` for a slice of
/// hands, into a vector it clears, one answer per hand; and `$iter` (where
/// named) for a stream of hands, answered as the iterator is pulled. Each
/// takes the doc comment written before its name. A bad hand's error does
/// not stop the others.
macro_rules! answers_for_many_hands {
    (
        $answer:ident -> $answer_type:ty;
        $(#[$batch_doc:meta])* $batch:ident;
        $($(#[$iter_doc:meta])* $iter:ident;)?
    ) => {
        $(#[$batch_doc])*
        pub fn $batch(
            &self,
            hands: &[$crate::hand::Hand],
            out: &mut Vec<Result<$answer_type, $crate::error::HandError>>,
        ) {
            out.clear();
            out.extend(hands.iter().map(|h| self.$answer(h)));
        }

        $(
            $(#[$iter_doc])*
            pub fn $iter<'a, I>(
                &'a self,
                hands: I,
            ) -> impl Iterator<Item = Result<$answer_type, $crate::error::HandError>> + 'a
            where
                I: IntoIterator + 'a,
                I::Item: ::std::borrow::Borrow<$crate::hand::Hand>,
            {
                hands
                    .into_iter()
                    .map(|h| self.$answer(::std::borrow::Borrow::borrow(&h)))
            }
        )?
    };
}
pub(crate) use answers_for_many_hands;

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Rules")
            .field("name", &self.name)
            .field("forms", &self.forms)
            .field("seven_pairs_quads", &self.seven_pairs_quads)
            .field("tiles", &self.tiles)
            .field("jokers", &self.jokers)
            .field("joker_fifth_copy", &self.joker_fifth_copy)
            .field("pair_ranks", &self.pair_ranks)
            .field("honor_sequences", &self.honor_sequences)
            .field("max_suits", &self.max_suits)
            .field("max_tiles", &self.max_tiles)
            .field("four_held_is_wait", &self.four_held_is_wait)
            .field("four_with_melds_is_wait", &self.four_with_melds_is_wait)
            .field("scoring", &self.scoring)
            .finish_non_exhaustive()
    }
}

impl AsRef<Rules> for Rules {
    fn as_ref(&self) -> &Rules {
        self
    }
}
