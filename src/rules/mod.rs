//! Rules: which tiles are in play, which act as jokers, which win forms
//! count and how, and the tables that judge the standard form.
//!
//! | preset | tiles | jokers | forms | pair | other |
//! |---|---|---|---|---|---|
//! | `basic` | all 34 | `*` | standard | any | |
//! | `riichi` | all 34 | `*` | standard, seven *different* pairs, thirteen orphans | any | |
//! | `chinese` (default) | all 34 | `*` | standard, seven pairs (a quad is two pairs), thirteen orphans | any | |
//! | `hongzhong` | all 34 | `*`, every 7z | standard, seven pairs (quads) | any | |
//! | `changsha` | m p s | `*` | standard, seven pairs (quads) | 2, 5, 8 | |
//! | `sichuan` | m p s | `*` | standard, seven pairs (quads) | any | at most two suits |
//! | `kawuxing` | p s 5z 6z 7z | `*` | standard, seven pairs (quads) | any | |
//! | `taiwan` | all 34 | `*` | standard | any | up to 17 tiles |
//!
//! The presets are the TOML files of `tables/presets/`, compiled in; a rule
//! file in the same format can start from one (`base = "hongzhong"`) and
//! override any field (see [`RuleSpec`]). A joker may stand for any tile in
//! play, a fifth copy included, unless `joker_fifth_copy = false`.
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

use crate::swar::SuitWords;
use crate::tables::{TableParams, Tables};
use crate::tile::{Tile, KINDS};

/// A way a hand can win.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// N melds (sequences or triplets) plus one pair.
    Standard,
    /// Seven pairs (七对).
    SevenPairs,
    /// Thirteen orphans (十三幺 / 国士无双).
    ThirteenOrphans,
}

impl Form {
    /// All forms, in the order they are reported.
    pub const ALL: [Form; 3] = [Form::Standard, Form::SevenPairs, Form::ThirteenOrphans];

    /// The form's name as printed: `standard`, `seven-pairs`, `thirteen-orphans`.
    pub const fn name(self) -> &'static str {
        match self {
            Form::Standard => "standard",
            Form::SevenPairs => "seven-pairs",
            Form::ThirteenOrphans => "thirteen-orphans",
        }
    }

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
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

    /// The forms in the set, in [`Form::ALL`] order.
    pub fn iter(self) -> impl Iterator<Item = Form> {
        Form::ALL.into_iter().filter(move |f| self.contains(*f))
    }
}

/// A set of tile kinds: the kinds in play, or the waits of a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct TileSet(u64);

impl TileSet {
    /// All 34 kinds.
    pub const ALL: TileSet = TileSet((1 << KINDS) - 1);

    /// No kind.
    pub const EMPTY: TileSet = TileSet(0);

    /// The set with `tile` added.
    #[inline]
    pub const fn with(self, tile: Tile) -> TileSet {
        TileSet(self.0 | 1 << tile.index())
    }

    /// True when the set holds no kind.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of kinds in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The kinds in the set, in index order.
    ///
    /// ```
    /// use hupai::{Rules, Hand};
    /// let waits = Rules::basic().waits(&"1234677p".parse::<Hand>()?)?;
    /// assert_eq!(waits.iter().map(|t| t.to_string()).collect::<Vec<_>>(), ["5p"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn iter(self) -> impl Iterator<Item = Tile> {
        Tile::all().filter(move |t| self.contains(*t))
    }

    /// Does the set hold `tile`?
    #[inline]
    pub const fn contains(self, tile: Tile) -> bool {
        self.0 >> tile.index() & 1 == 1
    }

    /// The set with `tile` removed.
    pub const fn without(self, tile: Tile) -> TileSet {
        TileSet(self.0 & !(1 << tile.index()))
    }

    /// The set of the kinds named in `mpsz` notation (`"123m7z"`), each at most once.
    pub(crate) fn from_counts(counts: &[u8; KINDS]) -> TileSet {
        TileSet(
            (0..KINDS)
                .filter(|&i| counts[i] > 0)
                .fold(0, |m, i| m | 1 << i),
        )
    }

    /// The set as bits: bit `i` for the kind of index `i` (0–33).
    ///
    /// ```
    /// let waits = hupai::Rules::basic().waits(&"1112345678999m".parse()?)?;
    /// assert_eq!(waits.bits(), 0b1_1111_1111); // 1m to 9m
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set of the kinds whose bits are set in `bits` (bits 34–63 are
    /// ignored).
    #[inline]
    pub const fn from_bits(bits: u64) -> TileSet {
        TileSet(bits & TileSet::ALL.0)
    }

    /// The number of kinds of `suit` in the set.
    pub(crate) fn count_in(self, suit: crate::tile::Suit) -> usize {
        let first = suit.first_index();
        (first..first + suit.ranks() as usize)
            .filter(|&i| self.0 >> i & 1 == 1)
            .count()
    }

    /// The first kind of `counts` (0–33) that holds tiles but is not in the set.
    pub(crate) fn first_outside(self, counts: &[u8; KINDS]) -> Option<Tile> {
        (0..KINDS)
            .find(|&i| counts[i] > 0 && self.0 >> i & 1 == 0)
            .and_then(|i| Tile::from_index(i).ok())
    }
}

/// A built-in rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Preset {
    /// The standard form only.
    Basic,
    /// Japanese rules: standard, seven different pairs, thirteen orphans.
    Riichi,
    /// Chinese rules: standard, seven pairs with quads as two pairs, thirteen orphans.
    Chinese,
    /// 红中麻将: red dragons are jokers; standard and seven pairs.
    Hongzhong,
    /// 长沙麻将: no honours, a 2, 5 or 8 pair; standard and seven pairs.
    Changsha,
    /// 四川麻将: no honours, at most two suits; standard and seven pairs.
    Sichuan,
    /// 卡五星: dots, bamboo and dragons; standard and seven pairs.
    Kawuxing,
    /// 台湾十六张: hands of up to 17 tiles; the standard form.
    Taiwan,
}

include!(concat!(env!("OUT_DIR"), "/presets.rs"));

impl Preset {
    /// Every preset, in documentation order.
    pub const ALL: [Preset; 8] = [
        Preset::Basic,
        Preset::Riichi,
        Preset::Chinese,
        Preset::Hongzhong,
        Preset::Changsha,
        Preset::Sichuan,
        Preset::Kawuxing,
        Preset::Taiwan,
    ];

    /// The preset's name, as accepted by [`Preset::from_name`].
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Basic => "basic",
            Preset::Riichi => "riichi",
            Preset::Chinese => "chinese",
            Preset::Hongzhong => "hongzhong",
            Preset::Changsha => "changsha",
            Preset::Sichuan => "sichuan",
            Preset::Kawuxing => "kawuxing",
            Preset::Taiwan => "taiwan",
        }
    }

    /// The preset's rule file (`tables/presets/NAME.toml`).
    pub const fn toml(self) -> &'static str {
        match self {
            Preset::Basic => include_str!("../../tables/presets/basic.toml"),
            Preset::Riichi => include_str!("../../tables/presets/riichi.toml"),
            Preset::Chinese => include_str!("../../tables/presets/chinese.toml"),
            Preset::Hongzhong => include_str!("../../tables/presets/hongzhong.toml"),
            Preset::Changsha => include_str!("../../tables/presets/changsha.toml"),
            Preset::Sichuan => include_str!("../../tables/presets/sichuan.toml"),
            Preset::Kawuxing => include_str!("../../tables/presets/kawuxing.toml"),
            Preset::Taiwan => include_str!("../../tables/presets/taiwan.toml"),
        }
    }

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
#[error("unknown rules {name:?} (presets: basic, riichi, chinese, hongzhong, changsha, sichuan, kawuxing, taiwan)")]
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
#[derive(Clone, Debug)]
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
    /// Suits (m, p, s, honours) that may hold the standard form's pair.
    pub(crate) pair_suits: [bool; 4],
    /// `pair_suits` as additive costs (0, or [`NO_PAIR`](crate::tables::NO_PAIR)).
    pub(crate) pair_penalty: [i16; 4],
    /// The rules' answers to the hot paths' questions, worked out once.
    pub(crate) hot: Hot,
    pub(crate) tables: Arc<Tables>,
}

/// What the word-at-a-time win check and waits need from the rules, in the
/// form they use it (see `src/swar.rs`).
#[derive(Clone, Debug)]
pub(crate) struct Hot {
    /// Byte `0xff` for every kind not in play.
    pub out_of_play: SuitWords,
    /// Some kind is out of play (`out_of_play` is not all zero).
    pub partial: bool,
    /// Bit `n` set when a hand of `n` tiles may win (3N+2, within the limit).
    pub win_sizes: u64,
    /// Bit `n` set when a hand of `n` tiles may wait (3N+1, one below the limit).
    pub ready_sizes: u64,
    /// The most numbered suits a hand may hold (3 when unlimited).
    pub max_suits: u32,
    pub standard: bool,
    pub seven_pairs: bool,
    pub orphans: bool,
    pub quads: bool,
    /// The rules name joker kinds (their copies count as jokers).
    pub joker_kinds: bool,
}

impl Hot {
    pub(crate) fn new(
        forms: Forms,
        quads: bool,
        tiles: TileSet,
        jokers: TileSet,
        max_suits: Option<u8>,
        max_tiles: u8,
    ) -> Hot {
        let sizes = |first: u8, last: u8| (first..=last).step_by(3).fold(0u64, |m, n| m | 1 << n);
        Hot {
            out_of_play: SuitWords::mask(!tiles.bits() & TileSet::ALL.bits()),
            partial: tiles != TileSet::ALL,
            win_sizes: sizes(2, max_tiles),
            ready_sizes: sizes(1, max_tiles - 1),
            max_suits: max_suits.map_or(3, u32::from),
            standard: forms.contains(Form::Standard),
            seven_pairs: forms.contains(Form::SevenPairs),
            orphans: forms.contains(Form::ThirteenOrphans),
            quads,
            joker_kinds: !jokers.is_empty(),
        }
    }
}

impl Rules {
    /// The rules of a preset. Each preset is built once per process, on
    /// first use (generating its tables if they are not the builtin ones).
    pub fn from_preset(preset: Preset) -> Rules {
        static PRESETS: [OnceLock<Rules>; 8] = [const { OnceLock::new() }; 8];
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
                name: name.to_string(),
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
    /// is then an error ([`HandError::TileNotInRules`](crate::HandError::TileNotInRules)).
    /// Removing a numbered tile leaves its suit's other tiles in play; jokers
    /// still complete melds through it, as the tables assume whole suits.
    ///
    /// ```
    /// use hupai::{Rules, Tile};
    /// let no_red = Rules::basic().without_tile(Tile::from_index(33)?);
    /// assert!(no_red.check(&"123m456p789s111z77z".parse()?).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn without_tile(mut self, tile: Tile) -> Rules {
        self.tiles = self.tiles.without(tile);
        self.name = Cow::Owned(format!("{} without {tile}", self.name));
        self
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

    /// The tables that judge the standard form.
    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The table parameters these rules need.
    pub fn table_params(&self) -> TableParams {
        table_params(
            self.pair_ranks,
            self.joker_fifth_copy,
            self.honor_sequences,
            self.max_tiles,
        )
    }

    /// These rules judging the standard form with `tables` (loaded from a
    /// table file, say) instead of generating their own.
    ///
    /// # Errors
    /// [`RulesError::TablesMismatch`] when `tables` were made for other
    /// table parameters.
    pub fn with_tables(mut self, tables: Arc<Tables>) -> Result<Rules, RulesError> {
        let want = self.table_params();
        if *tables.params() != want {
            return Err(RulesError::TablesMismatch {
                tables: tables.params().fingerprint(),
                rules: want.fingerprint(),
            });
        }
        self.tables = tables;
        Ok(self)
    }
}

/// The table parameters for these rule fields.
pub(crate) fn table_params(
    pair_ranks: Option<u16>,
    fifth: bool,
    honor_sequences: bool,
    max_tiles: u8,
) -> TableParams {
    TableParams {
        max_tiles,
        joker_fifth_copy: fifth,
        suit_pair_ranks: pair_ranks.unwrap_or(0x1ff),
        honor_pair: pair_ranks.is_none(),
        honor_sequences,
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}
