//! Rules: which win forms count, which tiles are in play, and the tables
//! that judge the standard form.
//!
//! | preset | forms | seven pairs | tiles |
//! |---|---|---|---|
//! | `basic` | standard (N melds + a pair, 2–14 tiles) | — | all 34 |
//! | `riichi` | standard, seven pairs, thirteen orphans | seven *different* pairs | all 34 |
//! | `chinese` (default) | standard, seven pairs, thirteen orphans | a quad counts as two pairs (龙七对) | all 34 |
//!
//! Jokers (`*`, 混) are accepted under every preset. A joker may stand for any
//! tile, a fifth copy included (the permissive reading).
//!
//! ```
//! use hupai::{Hand, Rules};
//! let rules = Rules::preset("riichi")?;
//! let hand: Hand = "2m2m7m7m4p4p5p5p9p9p2s2s2s2s".parse()?;
//! assert!(!rules.is_win(&hand)?);                  // a quad is not two pairs here
//! assert!(Rules::chinese().is_win(&hand)?);         // but it is here
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
use std::fmt;

use crate::tables::Tables;
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
}

include!(concat!(env!("OUT_DIR"), "/presets.rs"));

impl Preset {
    /// Every preset, in documentation order.
    pub const ALL: [Preset; 3] = [Preset::Basic, Preset::Riichi, Preset::Chinese];

    /// The preset's name, as accepted by [`Preset::from_name`].
    pub const fn name(self) -> &'static str {
        match self {
            Preset::Basic => "basic",
            Preset::Riichi => "riichi",
            Preset::Chinese => "chinese",
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
#[error("unknown rules {name:?} (presets: basic, riichi, chinese)")]
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
    pub(crate) max_tiles: u8,
    pub(crate) tables: &'static Tables,
}

impl Rules {
    /// The rules of a preset.
    pub fn from_preset(preset: Preset) -> Rules {
        let (forms, quads) = match preset {
            Preset::Basic => (Forms::of(&[Form::Standard]), false),
            Preset::Riichi => (Forms::of(&Form::ALL), false),
            Preset::Chinese => (Forms::of(&Form::ALL), true),
        };
        Rules {
            name: Cow::Borrowed(preset.name()),
            forms,
            seven_pairs_quads: quads,
            tiles: TileSet::ALL,
            max_tiles: 14,
            tables: Tables::builtin(),
        }
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

    /// The rules' name.
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

    /// The largest hand, in tiles, jokers included.
    pub fn max_tiles(&self) -> usize {
        self.max_tiles as usize
    }

    /// The tables that judge the standard form.
    pub fn tables(&self) -> &Tables {
        self.tables
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}
