//! Rule files: the TOML format of the presets (the repository's
//! `rules/*.toml`) and of users' own rule sets.
//!
//! Every field is optional and an unknown field is an error. A file starts
//! from `base` (a preset name, `chinese` when absent) and overrides it
//! field by field:
//!
//! ```toml
//! base = "chinese"              # start from a preset, then override
//! tiles = "123456789m123456789p123456789s1234567z"   # kinds in play
//! jokers = "7z"                 # kinds whose copies act as jokers ("" = none)
//! joker_fifth_copy = true       # may a joker stand for a fifth copy?
//! forms = ["standard", "seven-pairs", "thirteen-orphans"]   # see below for the GB forms
//! seven_pairs_quads = true      # four of a kind counts as two pairs
//! pair_ranks = [2, 5, 8]        # ranks allowed for the standard form's pair (omit: any)
//! honor_sequences = false       # three different winds, or white-green-red, form a meld
//! max_suits = 2                 # at most this many of m/p/s in a winning hand (omit: no limit)
//! max_tiles = 14                # 17 for sixteen-tile mahjong
//! four_held_is_wait = false     # may a tile held four times be a wait?
//! four_with_melds_is_wait = false   # may a tile whose four copies are in the hand and its melds be a wait?
//! ```
//!
//! The forms: `standard` (N melds and a pair), `seven-pairs`,
//! `thirteen-orphans`, and the GB (MCR) forms of the `gb` preset:
//! `knitted-straight` (组合龙: 147, 258 and 369 spread over the three
//! numbered suits, plus a meld and a pair, 14 tiles; the meld and pair
//! follow the standard form's rules: `pair_ranks`, `honor_sequences`),
//! `honors-and-knitted` (全不靠: 14 different singles from one knitted
//! straight's nine tiles and the honours) and `greater-honors-and-knitted`
//! (七星不靠: the same with all seven honours). Each is named on its own:
//! a file may name the greater form without the plain one, and a hand of
//! the greater form wins by both when both are named. Hands are judged
//! concealed (declared melds are not part of a hand here).
//!
//! `pair_ranks` restricts the pair to numbered tiles of those ranks (an
//! honour pair is then not allowed). `tiles` must hold each numbered suit
//! whole or not at all (jokers complete sequences through any rank), and
//! honour sequences need all seven honours in play.

use std::borrow::Cow;
#[cfg(feature = "fs")]
use std::path::Path;
use std::sync::Arc;

use serde::Deserialize;

use super::compiled::{Resolved, Rules};
use super::preset::{did_you_mean, Preset, PRESET_NAMES};
use super::scoring::{ScoringError, ScoringSpec};
use crate::error::cut;
use crate::form::kind::{Form, Forms};
use crate::notation::{parse_counts, Spaces, Tally};
use crate::tables::Tables;
use crate::tile::{Suit, Tile, TileSet};

/// The fields of a rule file, each optional (see the [module docs](self)).
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RuleSpec {
    /// The preset to start from (`chinese` when absent).
    pub base: Option<String>,
    /// The kinds in play, in `mpsz` notation.
    pub tiles: Option<String>,
    /// The kinds whose copies act as jokers, in `mpsz` notation.
    pub jokers: Option<String>,
    /// May a joker stand for a fifth copy of a tile?
    pub joker_fifth_copy: Option<bool>,
    /// The forms that win: `standard`, `seven-pairs`, `thirteen-orphans`,
    /// `knitted-straight`, `honors-and-knitted`, `greater-honors-and-knitted`.
    pub forms: Option<Vec<String>>,
    /// Does four of a kind count as two pairs?
    pub seven_pairs_quads: Option<bool>,
    /// The ranks (1–9) the standard form's pair may have.
    pub pair_ranks: Option<Vec<u8>>,
    /// Do three different winds, or the three dragons, form a meld?
    pub honor_sequences: Option<bool>,
    /// The most numbered suits (1–3) a winning hand may hold.
    pub max_suits: Option<u8>,
    /// The largest hand: 2, 5, 8, 11, 14 or 17 tiles.
    pub max_tiles: Option<u8>,
    /// May a tile held four times be a wait?
    pub four_held_is_wait: Option<bool>,
    /// May a tile whose four copies are all in the hand and its declared
    /// melds (at least one in a meld) be a wait? `false` (the default)
    /// counts the melded copies, as WRC and M.League do; Tenhou and Mahjong
    /// Soul leave them out (`true`).
    pub four_with_melds_is_wait: Option<bool>,
    /// The `[scoring]` table: the family of scoring rules and its
    /// switches (see [`scoring`](super::scoring)). Over a base that has
    /// one, its fields override the base's one by one.
    pub scoring: Option<ScoringSpec>,
}

/// The largest rule file read or parsed, in bytes: a real one is a few
/// hundred bytes; a larger one is refused before it is read whole.
pub const MAX_RULE_FILE: usize = 1 << 20;

/// The longest `tiles` or `jokers` value, in bytes (all 34 kinds take 38).
const MAX_TILES_VALUE: usize = 256;

/// A rule file or rule set that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// The file could not be read.
    #[error("cannot read rule file {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// What went wrong.
        #[source]
        source: crate::error::IoError,
    },
    /// Neither a preset's name nor a readable rule file.
    #[error(
        "unknown rules {name:?}: not a preset ({}) nor a readable rule file ({source})",
        PRESET_NAMES
    )]
    Unknown {
        /// The name or path given.
        name: String,
        /// Why it could not be read as a file.
        #[source]
        source: crate::error::IoError,
    },
    /// Neither a preset's name nor a file, but a near miss of a preset's
    /// name or alias ([`Preset::nearest`]): `richi` for `riichi`.
    #[error(
        "unknown rules {name:?}{} (presets: {})",
        did_you_mean(Some(*.preset)),
        PRESET_NAMES
    )]
    NearPreset {
        /// The name given.
        name: String,
        /// The preset it nearly names.
        preset: Preset,
    },
    /// A rule file larger than [`MAX_RULE_FILE`].
    #[error("rule file of {bytes} bytes or more: at most {max} bytes")]
    TooLarge {
        /// Bytes seen (reading stops just past the limit).
        bytes: usize,
        /// The limit.
        max: usize,
    },
    /// A list naming one value twice (`pair_ranks`, `forms`).
    #[error("{field}: {value} is named twice")]
    Duplicate {
        /// The field.
        field: &'static str,
        /// The value named twice.
        value: String,
    },
    /// Not TOML, a field of the wrong type, or an unknown field.
    #[error("bad rule file: {message}")]
    Toml {
        /// The TOML parser's message, over several lines: where (line and
        /// column), the line itself with a caret under the fault, and what
        /// is wrong.
        message: String,
    },
    /// `base` names no preset.
    #[error("base {name:?} is not a preset{} ({})", did_you_mean(*.suggestion), PRESET_NAMES)]
    UnknownBase {
        /// The name given.
        name: String,
        /// The preset it nearly names ([`Preset::nearest`]), if any.
        suggestion: Option<Preset>,
    },
    /// `tiles` or `jokers` is not a list of distinct tiles in `mpsz` notation.
    #[error("{field} = {value:?}: {message}")]
    BadTiles {
        /// `tiles` or `jokers`.
        field: &'static str,
        /// The value given.
        value: String,
        /// What is wrong with it.
        message: String,
    },
    /// A numbered suit only partly in play.
    #[error("tiles: suit '{suit}' has {kinds} of its 9 kinds in play; a numbered suit is in play whole or not at all")]
    PartialSuit {
        /// The suit letter.
        suit: char,
        /// How many of its kinds are in play.
        kinds: usize,
    },
    /// Honour sequences with some honours out of play.
    #[error("honor_sequences needs all seven honours in play ({kinds} are)")]
    PartialHonors {
        /// How many honour kinds are in play.
        kinds: usize,
    },
    /// A joker kind that is not in play.
    #[error("jokers: {tile} is not in play (tiles)")]
    JokerNotInPlay {
        /// The tile.
        tile: Tile,
    },
    /// Jokers that count against a kind's four copies
    /// (`joker_fifth_copy = false`) with too few kinds in play: a group
    /// of jokers could find no kind with copies left to stand for.
    #[error(
        "joker_fifth_copy = false with {kinds} kinds in play: hands of up to {max_tiles} tiles need at least {needed}, or a group of jokers may find no kind with copies left"
    )]
    TooFewKindsForJokers {
        /// How many kinds are in play.
        kinds: usize,
        /// The fewest kinds such rules need: 6 for 14 tiles, 8 for 17.
        needed: usize,
        /// The rules' `max_tiles`.
        max_tiles: u8,
    },
    /// A form name that does not exist.
    #[error("forms: {name:?} is not a form (standard, seven-pairs, thirteen-orphans, knitted-straight, honors-and-knitted, greater-honors-and-knitted)")]
    UnknownForm {
        /// The name given.
        name: String,
    },
    /// `forms = []`: no form wins.
    #[error(
        "forms: the list is empty (name at least one of standard, seven-pairs, thirteen-orphans, knitted-straight, honors-and-knitted, greater-honors-and-knitted)"
    )]
    NoForms,
    /// A pair rank outside 1–9, or pair ranks with no numbered suit in play.
    #[error("pair_ranks: {rank} is not a rank of a numbered suit in play (1-9)")]
    BadPairRank {
        /// The rank given (0 when no numbered suit is in play).
        rank: u8,
    },
    /// `max_suits` outside 1–3.
    #[error("max_suits = {value}: must be 1, 2 or 3")]
    BadMaxSuits {
        /// The value given.
        value: u8,
    },
    /// `max_tiles` not one of 2, 5, 8, 11, 14, 17.
    #[error("max_tiles = {value}: must be 2, 5, 8, 11, 14 or 17")]
    BadMaxTiles {
        /// The value given.
        value: u8,
    },
    /// Rules under which no hand can ever win.
    #[error("no hand can win under these rules: {why}")]
    NeverWins {
        /// Why, form by form.
        why: String,
    },
    /// A `[scoring]` table that cannot be used.
    #[error(transparent)]
    Scoring(#[from] ScoringError),
    /// Tables made for other table parameters.
    #[error("the tables were made for other rules (fingerprint {tables:016x}, these rules need {rules:016x})")]
    TablesMismatch {
        /// The tables' fingerprint.
        tables: u64,
        /// The fingerprint these rules need.
        rules: u64,
    },
}

impl RuleSpec {
    /// Parses a rule file's text.
    ///
    /// # Errors
    /// [`RulesError::Toml`] for text that is not TOML, a field of the wrong
    /// type, or an unknown field.
    pub fn from_toml_str(text: &str) -> Result<RuleSpec, RulesError> {
        if text.len() > MAX_RULE_FILE {
            return Err(RulesError::TooLarge {
                bytes: text.len(),
                max: MAX_RULE_FILE,
            });
        }
        toml::from_str(text).map_err(|e| RulesError::Toml {
            message: e.to_string().trim_end().to_string(),
        })
    }

    /// The spec as rule-file text, one `field = value` line per field set;
    /// [`RuleSpec::from_toml_str`] reads it back to the same spec.
    ///
    /// ```
    /// let spec = hupai::Rules::preset("changsha")?.to_spec();
    /// assert_eq!(hupai::RuleSpec::from_toml_str(&spec.to_toml())?, spec);
    /// assert!(spec.to_toml().contains("pair_ranks = [2, 5, 8]"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_toml(&self) -> String {
        use std::fmt::Write;
        fn quoted(s: &str) -> String {
            let mut out = String::from("\"");
            for c in s.chars() {
                match c {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    c if c.is_control() => {
                        let _ = write!(out, "\\u{:04X}", c as u32);
                    }
                    c => out.push(c),
                }
            }
            out.push('"');
            out
        }
        let mut out = String::new();
        let mut line = |key: &str, value: Option<String>| {
            if let Some(v) = value {
                let _ = writeln!(out, "{key} = {v}");
            }
        };
        line("base", self.base.as_deref().map(quoted));
        line("tiles", self.tiles.as_deref().map(quoted));
        line("jokers", self.jokers.as_deref().map(quoted));
        line(
            "joker_fifth_copy",
            self.joker_fifth_copy.map(|b| b.to_string()),
        );
        line(
            "forms",
            self.forms.as_ref().map(|f| {
                let names: Vec<String> = f.iter().map(|n| quoted(n)).collect();
                format!("[{}]", names.join(", "))
            }),
        );
        line(
            "seven_pairs_quads",
            self.seven_pairs_quads.map(|b| b.to_string()),
        );
        line(
            "pair_ranks",
            self.pair_ranks.as_ref().map(|r| {
                let ranks: Vec<String> = r.iter().map(|r| r.to_string()).collect();
                format!("[{}]", ranks.join(", "))
            }),
        );
        line(
            "honor_sequences",
            self.honor_sequences.map(|b| b.to_string()),
        );
        line("max_suits", self.max_suits.map(|v| v.to_string()));
        line("max_tiles", self.max_tiles.map(|v| v.to_string()));
        line(
            "four_held_is_wait",
            self.four_held_is_wait.map(|b| b.to_string()),
        );
        line(
            "four_with_melds_is_wait",
            self.four_with_melds_is_wait.map(|b| b.to_string()),
        );
        if let Some(scoring) = &self.scoring {
            out.push_str("\n[scoring]\n");
            out.push_str(&scoring.to_toml_lines());
        }
        out
    }

    /// This spec with `base`'s fields filled in where this one has none.
    fn over(self, base: RuleSpec) -> RuleSpec {
        RuleSpec {
            base: None,
            tiles: self.tiles.or(base.tiles),
            jokers: self.jokers.or(base.jokers),
            joker_fifth_copy: self.joker_fifth_copy.or(base.joker_fifth_copy),
            forms: self.forms.or(base.forms),
            seven_pairs_quads: self.seven_pairs_quads.or(base.seven_pairs_quads),
            pair_ranks: self.pair_ranks.or(base.pair_ranks),
            honor_sequences: self.honor_sequences.or(base.honor_sequences),
            max_suits: self.max_suits.or(base.max_suits),
            max_tiles: self.max_tiles.or(base.max_tiles),
            four_held_is_wait: self.four_held_is_wait.or(base.four_held_is_wait),
            four_with_melds_is_wait: self
                .four_with_melds_is_wait
                .or(base.four_with_melds_is_wait),
            scoring: match (self.scoring, base.scoring) {
                (Some(s), Some(b)) => Some(s.over(b)),
                (s, b) => s.or(b),
            },
        }
    }
}

/// A name that is no preset and no readable file is unknown rules; when
/// no such file exists and the name nearly names a preset, a near miss.
#[cfg(feature = "fs")]
fn unknown(name: &str, e: RulesError) -> RulesError {
    match e {
        RulesError::Io { source, .. } => match Preset::nearest(name) {
            Some(preset) if source.get().kind() == std::io::ErrorKind::NotFound => {
                RulesError::NearPreset {
                    name: cut(name),
                    preset,
                }
            }
            _ => RulesError::Unknown {
                name: cut(name),
                source,
            },
        },
        e => e,
    }
}

/// The text of the rule file at `path`, read no further than
/// [`MAX_RULE_FILE`] bytes plus one.
#[cfg(feature = "fs")]
fn read_rule_file(path: &Path) -> Result<String, RulesError> {
    use std::io::Read;
    let io = |e: std::io::Error| RulesError::Io {
        path: cut(&path.display().to_string()),
        source: e.into(),
    };
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .map_err(io)?
        .take(MAX_RULE_FILE as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() > MAX_RULE_FILE {
        return Err(RulesError::TooLarge {
            bytes: bytes.len(),
            max: MAX_RULE_FILE,
        });
    }
    String::from_utf8(bytes)
        .map_err(|e| io(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

fn tile_set(field: &'static str, value: &str) -> Result<TileSet, RulesError> {
    let bad = |message: String| RulesError::BadTiles {
        field,
        value: cut(value),
        message,
    };
    if value.len() > MAX_TILES_VALUE {
        return Err(bad(format!("longer than {MAX_TILES_VALUE} bytes")));
    }
    let Tally { counts, jokers, .. } =
        parse_counts(value, Spaces::SplitGroups).map_err(|e| bad(e.to_string()))?;
    if jokers > 0 {
        return Err(bad("a joker is not a tile kind".into()));
    }
    if let Some(t) = Tile::all().find(|&t| counts[t.index()] > 1) {
        return Err(bad(format!("{t} is named twice")));
    }
    Ok(Tile::all()
        .filter(|t| counts[t.index()] > 0)
        .fold(TileSet::EMPTY, TileSet::with))
}

impl Rules {
    /// Rules from a rule file's text (see [`RuleSpec`]), named `custom`.
    /// Tables for parameters other than the builtin ones are generated on
    /// first use (about 20–50 ms in a release build) and shared.
    ///
    /// ```
    /// let rules = hupai::Rules::from_toml_str("base = \"chinese\"\npair_ranks = [2, 5, 8]")?;
    /// assert!(!rules.is_win(&"123m456p789s111z33m".parse()?)?); // 33m is no 258 pair
    /// assert!(rules.is_win(&"123m456p789s111z55m".parse()?)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// Any [`RulesError`] but `Io` and `TablesMismatch`.
    pub fn from_toml_str(text: &str) -> Result<Rules, RulesError> {
        Rules::from_spec(&RuleSpec::from_toml_str(text)?)
    }

    /// Rules from a rule file, named after the file.
    ///
    /// # Errors
    /// [`RulesError::Io`] when the file cannot be read, else as
    /// [`Rules::from_toml_str`].
    #[cfg(feature = "fs")]
    pub fn from_file(path: &Path) -> Result<Rules, RulesError> {
        let text = read_rule_file(path)?;
        let spec = RuleSpec::from_toml_str(&text)?;
        Rules::from_spec_named(&spec, Cow::Owned(path.display().to_string()), None)
    }

    /// A preset by name, or else a rule file by path (what `--rules` takes).
    ///
    /// # Errors
    /// [`RulesError::Unknown`] when `name_or_path` is neither a preset nor a
    /// readable file, else as [`Rules::from_file`].
    #[cfg(feature = "fs")]
    pub fn load(name_or_path: &str) -> Result<Rules, RulesError> {
        match Preset::from_name(name_or_path) {
            Some(p) => Ok(Rules::from_preset(p)),
            None => Rules::from_file(Path::new(name_or_path)).map_err(|e| unknown(name_or_path, e)),
        }
    }

    /// [`Rules::load`], judging with `tables` (from a table file, say):
    /// no table is generated.
    ///
    /// # Errors
    /// As [`Rules::load`], and [`RulesError::TablesMismatch`] when `tables`
    /// were made for other table parameters.
    #[cfg(feature = "fs")]
    pub fn load_with_tables(name_or_path: &str, tables: Arc<Tables>) -> Result<Rules, RulesError> {
        let (spec, name) = match Preset::from_name(name_or_path) {
            Some(p) => (RuleSpec::from_toml_str(p.toml())?, Cow::Borrowed(p.name())),
            None => {
                let path = Path::new(name_or_path);
                let text = read_rule_file(path).map_err(|e| unknown(name_or_path, e))?;
                (
                    RuleSpec::from_toml_str(&text)?,
                    Cow::Owned(path.display().to_string()),
                )
            }
        };
        Rules::from_spec_named(&spec, name, Some(tables))
    }

    /// Rules from a [`RuleSpec`], named `custom`.
    ///
    /// # Errors
    /// As [`Rules::from_toml_str`].
    pub fn from_spec(spec: &RuleSpec) -> Result<Rules, RulesError> {
        Rules::from_spec_named(spec, Cow::Borrowed("custom"), None)
    }

    /// Validates `spec` into rules named `name`, judging with `tables` when
    /// given (they must fit), else with the tables for its parameters.
    pub(crate) fn from_spec_named(
        spec: &RuleSpec,
        name: Cow<'static, str>,
        tables: Option<Arc<Tables>>,
    ) -> Result<Rules, RulesError> {
        Rules::compile(spec.resolve()?, name, tables)
    }
}

/// The fewest kinds in play under which jokers capped at four copies of
/// a kind (`joker_fifth_copy = false`) always find room, for hands of up
/// to `max_tiles` tiles.
///
/// The forms' judgements take a group of jokers only (a meld, or a pair
/// of seven pairs) as always realisable beside the rest of the hand. With
/// `m` such melds, the other `t = max_tiles - 3m` tiles hold at least two
/// copies of at most `t / 2` kinds; each of the `m` melds needs a kind
/// with at most one copy used (a triplet) that no earlier one took. So
/// `t / 2 + m` kinds, at the worst `m`, are enough (a seven-pairs pair of
/// jokers needs fewer: a kind with at most two copies used). Any numbered
/// suit in play brings nine kinds: only honours-only rule sets fall short.
pub(crate) fn strict_joker_kinds(max_tiles: u8) -> usize {
    let max_tiles = max_tiles as usize;
    (1..)
        .map(|m| 3 * m)
        .take_while(|&melds| melds + 2 <= max_tiles)
        .map(|melds| (max_tiles - melds) / 2 + melds / 3)
        .max()
        .unwrap_or(0)
}

impl RuleSpec {
    /// The spec over its base (`chinese` when absent), every field checked.
    pub(crate) fn resolve(&self) -> Result<Resolved, RulesError> {
        let base_name = self.base.as_deref().unwrap_or("chinese");
        let preset = Preset::from_name(base_name).ok_or_else(|| RulesError::UnknownBase {
            name: cut(base_name),
            suggestion: Preset::nearest(base_name),
        })?;
        let base = RuleSpec::from_toml_str(preset.toml())?;
        if base.base.is_some() {
            return Err(RulesError::UnknownBase {
                name: format!("{base_name} (a preset may not name a base)"),
                suggestion: None,
            });
        }
        let spec = self.clone().over(base);
        let tiles = tile_set(
            "tiles",
            spec.tiles
                .as_deref()
                .unwrap_or("123456789m123456789p123456789s1234567z"),
        )?;
        let jokers = tile_set("jokers", spec.jokers.as_deref().unwrap_or(""))?;
        for suit in [Suit::Man, Suit::Pin, Suit::Sou] {
            let kinds = tiles.count_in(suit);
            if kinds != 0 && kinds != 9 {
                return Err(RulesError::PartialSuit {
                    suit: suit.letter(),
                    kinds,
                });
            }
        }
        let honor_sequences = spec.honor_sequences.unwrap_or(false);
        let honors = tiles.count_in(Suit::Honor);
        if honor_sequences && honors != 7 {
            return Err(RulesError::PartialHonors { kinds: honors });
        }
        if let Some(tile) = jokers.iter().find(|&t| !tiles.contains(t)) {
            return Err(RulesError::JokerNotInPlay { tile });
        }
        let names = spec
            .forms
            .clone()
            .unwrap_or_else(|| vec!["standard".into()]);
        if names.is_empty() {
            return Err(RulesError::NoForms);
        }
        let mut forms = Forms::NONE;
        for name in &names {
            let form =
                Form::from_name(name).ok_or_else(|| RulesError::UnknownForm { name: cut(name) })?;
            if forms.contains(form) {
                return Err(RulesError::Duplicate {
                    field: "forms",
                    value: form.name().to_string(),
                });
            }
            forms = forms.with(form);
        }
        let numbered_in_play = [Suit::Man, Suit::Pin, Suit::Sou]
            .iter()
            .any(|&s| tiles.count_in(s) > 0);
        let pair_ranks = match &spec.pair_ranks {
            None => None,
            Some(ranks) => {
                let mut mask = 0u16;
                for &r in ranks {
                    if !(1..=9).contains(&r) {
                        return Err(RulesError::BadPairRank { rank: r });
                    }
                    if mask >> (r - 1) & 1 == 1 {
                        return Err(RulesError::Duplicate {
                            field: "pair_ranks",
                            value: r.to_string(),
                        });
                    }
                    mask |= 1 << (r - 1);
                }
                if mask == 0 || !numbered_in_play {
                    return Err(RulesError::BadPairRank { rank: 0 });
                }
                Some(mask)
            }
        };
        let max_suits = match spec.max_suits {
            Some(v) if !(1..=3).contains(&v) => return Err(RulesError::BadMaxSuits { value: v }),
            v => v,
        };
        let max_tiles = spec.max_tiles.unwrap_or(14);
        if max_tiles > 17 || max_tiles % 3 != 2 {
            return Err(RulesError::BadMaxTiles { value: max_tiles });
        }
        let joker_fifth_copy = spec.joker_fifth_copy.unwrap_or(true);
        let needed = strict_joker_kinds(max_tiles);
        // Every hand may hold jokers (`*`), whether or not a kind is named
        // the jokers': the cap applies to them all.
        if !joker_fifth_copy && tiles.len() < needed {
            return Err(RulesError::TooFewKindsForJokers {
                kinds: tiles.len(),
                needed,
                max_tiles,
            });
        }
        // A family checks the rules it can score when asked to score
        // (ScoreError::Unscorable): rules over a scoring preset that change
        // its shapes still load and judge them.
        let scoring = match &spec.scoring {
            None => None,
            Some(table) => Some(table.resolve()?),
        };
        Ok(Resolved {
            scoring,
            forms,
            seven_pairs_quads: spec.seven_pairs_quads.unwrap_or(false),
            tiles,
            jokers,
            joker_fifth_copy,
            pair_ranks,
            honor_sequences,
            max_suits,
            max_tiles,
            four_held_is_wait: spec.four_held_is_wait.unwrap_or(false),
            four_with_melds_is_wait: spec.four_with_melds_is_wait.unwrap_or(false),
        })
    }
}
