//! Rules: which tiles are in play, which act as jokers, which win forms
//! count and how, and the tables that judge the standard form.
//!
//! | preset | tiles | jokers | forms | pair | other |
//! |---|---|---|---|---|---|
//! | `basic` | all 34 | `*` | standard | any | |
//! | `changsha` | m p s | `*` | standard, seven pairs (quads) | 2, 5, 8 | |
//! | `chinese` (default) | all 34 | `*` | standard, seven pairs (a quad is two pairs), thirteen orphans | any | |
//! | `gb` | all 34 | `*` | standard, seven pairs (quads), thirteen orphans, knitted straight, honours and knitted (and its greater form) | any | shapes only: no 8-point minimum |
//! | `hongzhong` | all 34 | `*`, every 7z | standard, seven pairs (quads) | any | |
//! | `kawuxing` | p s 5z 6z 7z | `*` | standard, seven pairs (quads) | any | |
//! | `riichi` | all 34 | `*` | standard, seven *different* pairs, thirteen orphans | any | |
//! | `sichuan` | m p s | `*` | standard, seven pairs (quads) | any | at most two suits |
//! | `taiwan` | all 34 | `*` | standard | any | up to 17 tiles |
//!
//! The presets are the TOML files of the repository's `rules/` folder,
//! compiled in (one file, one preset: [`Preset`] is generated from the
//! folder). A rule file in the same format can start from one (`base =
//! "hongzhong"`) and override any field (see [`RuleSpec`]).
//!
//! Every way of making rules — a preset, a rule file, [`Rules::without_tile`],
//! [`Rules::with_tables`] — ends in the same validation and compile step,
//! and a `Rules` never changes afterwards: what the hot paths read was
//! worked out once, from the same fields the accessors return.
//!
//! A joker stands for any tile in play, a fifth copy included unless
//! `joker_fifth_copy = false`; groups made only of jokers (`***`, `**`)
//! are assumed to have a kind to stand for, which holds whenever at least
//! nine kinds are in play.
//!
//! ```
//! use hupai::{Hand, Rules};
//! let rules = Rules::preset("riichi")?;
//! let hand: Hand = "2m2m7m7m4p4p5p5p9p9p2s2s2s2s".parse()?;
//! assert!(!rules.is_win(&hand)?);                  // a quad is not two pairs here
//! assert!(Rules::chinese().is_win(&hand)?);         // but it is here
//! let strict = Rules::from_toml_str("base = \"hongzhong\"\njoker_fifth_copy = false")?;
//! assert!(Rules::preset("hongzhong")?.is_win(&"4444m7z".parse()?)?);  // 7z as a fifth 4m
//! assert!(!strict.is_win(&"4444m7z".parse()?)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod file;

pub use file::{RuleSpec, RulesError};

use std::borrow::Cow;
use std::fmt;
use std::sync::{Arc, OnceLock};

use crate::form::{seven_pairs, thirteen_orphans, Form, Forms};
use crate::swar::SuitWords;
use crate::tables::{TableParams, Tables, ORPHANS_INDEXES};
use crate::tile::{Suit, Tile, TileSet};

include!(concat!(env!("OUT_DIR"), "/presets.rs"));

impl Preset {
    /// The preset named `name` (a perfect-hash look-up).
    ///
    /// ```
    /// assert_eq!(hupai::Preset::from_name("riichi"), Some(hupai::Preset::Riichi));
    /// assert_eq!(hupai::Preset::from_name("mahjong"), None);
    /// ```
    pub fn from_name(name: &str) -> Option<Preset> {
        PRESETS_BY_NAME.get(name).copied()
    }
}

/// An error naming a rule set that does not exist.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rules {name:?} (presets: {})", PRESET_NAMES)]
pub struct UnknownRules {
    /// The name given.
    pub name: String,
}

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
    /// Bit `n` set when a hand of `n` tiles may win (3N+2, within the limit).
    pub win_sizes: u64,
    /// Bit `n` set when a hand of `n` tiles may wait (3N+1, one below the limit).
    pub ready_sizes: u64,
    /// The most numbered suits a hand may hold (3 when unlimited).
    pub suit_limit: u32,
    /// The extra cost of holding the standard form's pair in suit `s` (m,
    /// p, s, honours): 0, or more jokers than any hand holds when that
    /// suit may not hold it (no kind in play, or pair ranks exclude honours).
    pub pair_penalty: [i16; 4],
    /// The kinds whose draw is a natural tile: in play, not a joker kind
    /// (bit `i` for index `i`).
    pub drawable: u64,
    /// Copies of joker kinds in the game: 4 per joker kind.
    pub joker_copies: u8,
    /// Per suit, what the standard form's distance may not use (see
    /// `form::standard::bars`).
    pub dist_bars: [[[u64; 2]; 2]; 4],
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
    pub pairs_missing: &'static [u8; seven_pairs::TABLE],
    /// The fewest tiles missing from thirteen orphans
    /// (`thirteen_orphans::distance_counted`) at each
    /// `CountedFields::orphans_index` of a hand's counted fields; `u8::MAX`
    /// when thirteen orphans is not winnable.
    pub orphans_missing: &'static [u8; ORPHANS_INDEXES],
    /// Shanten may take its lean path (`Rules::shanten_lean`): every kind
    /// in play, no joker kind, no suit limit, the standard form and no
    /// knitted one.
    pub lean_shanten: bool,
}

/// The counted forms' tables (`Derived::pairs_missing`,
/// `Derived::orphans_missing`) of a form no hand wins by.
static NEVER_MISSING: [u8; seven_pairs::TABLE] = [u8::MAX; seven_pairs::TABLE];
static NEVER_ORPHANS: [u8; ORPHANS_INDEXES] = [u8::MAX; ORPHANS_INDEXES];

/// A pair cost no hand can pay.
pub(crate) const NO_PAIR: i16 = 1 << 10;

/// The validated fields of a rule set, before compiling.
pub(crate) struct Resolved {
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
    /// The one constructor: `r` (validated) named `name`, judging with
    /// `tables` when given (they must fit), else with the tables for its
    /// parameters.
    pub(crate) fn compile(
        r: Resolved,
        name: Cow<'static, str>,
        tables: Option<Arc<Tables>>,
    ) -> Result<Rules, RulesError> {
        let params = r.table_params();
        let tables = match tables {
            None => Tables::for_params(&params),
            Some(t) if *t.params() == params => t,
            Some(t) => {
                return Err(RulesError::TablesMismatch {
                    tables: t.params().fingerprint(),
                    rules: params.fingerprint(),
                })
            }
        };
        let sizes = |first: u8, last: u8| (first..=last).step_by(3).fold(0u64, |m, n| m | 1 << n);
        let pair_ok =
            |s: Suit| r.tiles.count_in(s) > 0 && (s != Suit::Honor || r.pair_ranks.is_none());
        let pair_penalty = Suit::ALL.map(|s| if pair_ok(s) { 0 } else { NO_PAIR });
        // Each form the rules name, and why no hand could win by it.
        let orphans_in_play = Tile::all()
            .filter(|t| t.is_orphan())
            .all(|t| r.tiles.contains(t));
        let fourteen = r.max_tiles >= 14;
        // The knitted forms: a knitted straight spans the three numbered
        // suits; honours-and-knitted takes 14 of the 9 knitted tiles and
        // the honours in play.
        let three_suits = [Suit::Man, Suit::Pin, Suit::Sou]
            .iter()
            .all(|&s| r.tiles.count_in(s) > 0)
            && r.max_suits.is_none_or(|m| m >= 3);
        let honors_in_play = r.tiles.count_in(Suit::Honor);
        let kinds_needed = if r.seven_pairs_quads { 1 } else { 7 };
        let never = |form: Form| -> Option<&'static str> {
            match form {
                Form::Standard => (!pair_penalty.contains(&0))
                    .then_some("standard: no kind in play may be the pair"),
                Form::SevenPairs => (!fourteen)
                    .then_some("seven-pairs: hands have at most max_tiles tiles, below 14")
                    .or((r.tiles.len() < kinds_needed)
                        .then_some("seven-pairs: fewer than seven kinds in play")),
                Form::ThirteenOrphans => (!fourteen)
                    .then_some("thirteen-orphans: hands have at most max_tiles tiles, below 14")
                    .or((!orphans_in_play)
                        .then_some("thirteen-orphans: some terminal or honour is out of play")),
                Form::KnittedStraight => (!fourteen)
                    .then_some("knitted-straight: hands have at most max_tiles tiles, below 14")
                    .or((!three_suits).then_some(
                        "knitted-straight: the three numbered suits are not all in play",
                    ))
                    .or((!pair_penalty.contains(&0))
                        .then_some("knitted-straight: no kind in play may be the pair")),
                Form::HonorsAndKnitted => (!fourteen)
                    .then_some("honors-and-knitted: hands have at most max_tiles tiles, below 14")
                    .or((!three_suits).then_some(
                        "honors-and-knitted: the three numbered suits are not all in play",
                    ))
                    .or((honors_in_play < 5).then_some(
                        "honors-and-knitted: fewer than five honours in play (9 knitted + 5 = 14)",
                    )),
                Form::GreaterHonorsAndKnitted => (!fourteen)
                    .then_some(
                        "greater-honors-and-knitted: hands have at most max_tiles tiles, below 14",
                    )
                    .or((!three_suits).then_some(
                        "greater-honors-and-knitted: the three numbered suits are not all in play",
                    ))
                    .or((honors_in_play < 7)
                        .then_some("greater-honors-and-knitted: some honour is out of play")),
            }
        };
        let winnable: Forms = r.forms.iter().filter(|&f| never(f).is_none()).collect();
        if winnable.is_empty() {
            let why: Vec<&str> = r.forms.iter().filter_map(never).collect();
            return Err(RulesError::NeverWins {
                why: why.join("; "),
            });
        }
        let derived = Derived {
            out_of_play: SuitWords::mask(!r.tiles.bits() & TileSet::ALL.bits()),
            partial: r.tiles != TileSet::ALL,
            joker_kinds: SuitWords::mask(r.jokers.bits()),
            win_sizes: sizes(2, r.max_tiles),
            ready_sizes: sizes(1, r.max_tiles - 1),
            suit_limit: r.max_suits.map_or(3, u32::from),
            pair_penalty,
            drawable: r.tiles.bits() & !r.jokers.bits(),
            joker_copies: 4 * r.jokers.len() as u8,
            dist_bars: std::array::from_fn(|s| {
                crate::form::standard::bars(
                    r.tiles.count_in(Suit::ALL[s]) == 0,
                    pair_penalty[s] != 0,
                )
            }),
            winnable,
            winnable_melded: Forms::of(&[Form::Standard, Form::KnittedStraight])
                .iter()
                .filter(|&f| winnable.contains(f))
                .collect(),
            pairs_missing: match (winnable.contains(Form::SevenPairs), r.seven_pairs_quads) {
                (false, _) => &NEVER_MISSING,
                (true, false) => &seven_pairs::DISTINCT_MISSING,
                (true, true) => &seven_pairs::QUADS_MISSING,
            },
            orphans_missing: if winnable.contains(Form::ThirteenOrphans) {
                &thirteen_orphans::COUNTED_MISSING
            } else {
                &NEVER_ORPHANS
            },
            lean_shanten: r.tiles == TileSet::ALL
                && r.jokers.is_empty()
                && r.max_suits.is_none_or(|m| m >= 3)
                && winnable.contains(Form::Standard)
                && !winnable.contains_knitted(),
        };
        Ok(Rules {
            name,
            forms: r.forms,
            seven_pairs_quads: r.seven_pairs_quads,
            tiles: r.tiles,
            jokers: r.jokers,
            joker_fifth_copy: r.joker_fifth_copy,
            pair_ranks: r.pair_ranks,
            honor_sequences: r.honor_sequences,
            max_suits: r.max_suits,
            max_tiles: r.max_tiles,
            four_held_is_wait: r.four_held_is_wait,
            four_with_melds_is_wait: r.four_with_melds_is_wait,
            tables,
            derived,
        })
    }

    /// The rules of a preset. Each preset is built once per process, on
    /// first use (generating its tables if they are not the builtin ones).
    pub fn from_preset(preset: Preset) -> Rules {
        static PRESETS: [OnceLock<Rules>; Preset::ALL.len()] =
            [const { OnceLock::new() }; Preset::ALL.len()];
        PRESETS[preset as usize]
            .get_or_init(|| {
                let spec =
                    RuleSpec::from_toml_str(preset.toml()).expect("compiled-in presets parse");
                Rules::from_spec_named(&spec, Cow::Borrowed(preset.name()), None)
                    .expect("compiled-in presets are valid")
            })
            .clone()
    }

    /// The rules of the preset named `name`.
    ///
    /// # Errors
    /// [`UnknownRules`] naming `name` when no preset has that name.
    pub fn preset(name: &str) -> Result<Rules, UnknownRules> {
        Preset::from_name(name)
            .map(Rules::from_preset)
            .ok_or_else(|| UnknownRules {
                name: crate::error::cut(name),
            })
    }

    /// The `basic` preset: the standard form only.
    pub fn basic() -> Rules {
        Rules::from_preset(Preset::Basic)
    }

    /// The `riichi` preset.
    pub fn riichi() -> Rules {
        Rules::from_preset(Preset::Riichi)
    }

    /// The `chinese` preset (the default).
    pub fn chinese() -> Rules {
        Rules::from_preset(Preset::Chinese)
    }

    /// These rules, playing without the tile kind `tile`: a hand holding it
    /// is then an error ([`HandError::TileNotInRules`](crate::HandError::TileNotInRules))
    /// for every operation. The result is validated like a rule file
    /// whose `tiles` leave `tile` out.
    ///
    /// ```
    /// use hupai::{Rules, Tile};
    /// let no_red = Rules::basic().without_tile("7z".parse::<Tile>()?)?;
    /// assert!(no_red.check(&"123m456p789s111z77z".parse()?).is_err());
    /// assert!(no_red.is_win(&"123m456p789s111z77z".parse()?).is_err());
    /// // A numbered suit is in play whole or not at all.
    /// assert!(Rules::basic().without_tile("5m".parse::<Tile>()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rules::from_toml_str`]: [`RulesError::PartialSuit`] for a
    /// numbered tile, [`RulesError::JokerNotInPlay`] for a joker kind,
    /// [`RulesError::PartialHonors`] for an honour under honour sequences.
    pub fn without_tile(&self, tile: Tile) -> Result<Rules, RulesError> {
        let mut spec = self.to_spec();
        spec.tiles = Some(self.tiles.without(tile).to_string());
        let name = Cow::Owned(format!("{} without {tile}", self.name));
        Rules::from_spec_named(&spec, name, Some(self.tables.clone()))
    }

    /// These rules judging the standard form with `tables` (loaded from a
    /// table file, say) instead of generating their own.
    ///
    /// # Errors
    /// [`RulesError::TablesMismatch`] when `tables` were made for other
    /// table parameters.
    pub fn with_tables(&self, tables: Arc<Tables>) -> Result<Rules, RulesError> {
        Rules::from_spec_named(&self.to_spec(), self.name.clone(), Some(tables))
    }

    /// The rule file that makes these rules, every field written out.
    ///
    /// ```
    /// use hupai::Rules;
    /// let spec = Rules::preset("changsha")?.to_spec();
    /// assert_eq!(spec.pair_ranks, Some(vec![2, 5, 8]));
    /// assert_eq!(spec.tiles.as_deref(), Some("123456789m123456789p123456789s"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_spec(&self) -> RuleSpec {
        RuleSpec {
            base: None,
            tiles: Some(self.tiles.to_string()),
            jokers: Some(self.jokers.to_string()),
            joker_fifth_copy: Some(self.joker_fifth_copy),
            forms: Some(self.forms.iter().map(|f| f.name().to_string()).collect()),
            seven_pairs_quads: Some(self.seven_pairs_quads),
            pair_ranks: self
                .pair_ranks
                .map(|m| (1..=9).filter(|r| m >> (r - 1) & 1 == 1).collect()),
            honor_sequences: Some(self.honor_sequences),
            max_suits: self.max_suits,
            max_tiles: Some(self.max_tiles),
            four_held_is_wait: Some(self.four_held_is_wait),
            four_with_melds_is_wait: Some(self.four_with_melds_is_wait),
        }
    }

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

    /// The tables that judge the standard form.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The table parameters these rules need.
    pub fn table_params(&self) -> TableParams {
        *self.tables.params()
    }
}

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
            .finish_non_exhaustive()
    }
}

impl AsRef<Rules> for Rules {
    fn as_ref(&self) -> &Rules {
        self
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}
