//! Rules: which tiles are in play, which act as jokers, which win forms
//! count and how, and the tables that judge the standard form.
//!
//! | preset | tiles | jokers | forms | pair | other |
//! |---|---|---|---|---|---|
//! | `basic` | all 34 | `*` | standard | any | |
//! | `changsha` | m p s | `*` | standard, seven pairs (quads) | 2, 5, 8 | |
//! | `chinese` (default) | all 34 | `*` | standard, seven pairs (a quad is two pairs), thirteen orphans | any | |
//! | `gb` | all 34 | `*` | standard, seven pairs (quads), thirteen orphans, knitted straight, honours and knitted (and its greater form) | any | `check` judges shapes; `score` the fans and the 8-point minimum |
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

pub(crate) mod compiled;
pub mod file;
mod preset;
pub mod scoring;

pub use self::compiled::Rules;
pub(crate) use self::compiled::{Derived, Resolved, NO_PAIR};
pub use self::file::{RuleSpec, RulesError};
pub use self::preset::{Preset, UnknownRules};

use std::borrow::Cow;
use std::sync::{Arc, OnceLock};

use crate::form::{counted_tables, Forms};
use crate::swar::SuitWords;
use crate::tables::Tables;
use crate::tile::{Suit, Tile, TileSet};

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
        let pair_penalty = Suit::ALL.map(|s| if r.may_hold_pair(s) { 0 } else { NO_PAIR });
        // Each form the rules name, and why no hand could win by it.
        let winnable: Forms = r
            .forms
            .iter()
            .filter(|f| f.never_wins(&r).is_none())
            .collect();
        if winnable.is_empty() {
            let why: Vec<&str> = r.forms.iter().filter_map(|f| f.never_wins(&r)).collect();
            return Err(RulesError::NeverWins {
                why: why.join("; "),
            });
        }
        let (pairs_missing, orphans_missing) = counted_tables(winnable, r.seven_pairs_quads);
        // The concealed sizes some form wins at beside `melds` declared
        // melds, within the rules' limit.
        let win_sizes = |melds: usize| {
            let within = ((1u64 << (r.max_tiles + 1)) - 1) >> (3 * melds);
            winnable.iter().fold(0, |m, f| m | f.win_sizes(&r, melds)) & within
        };
        let melded_sizes = std::array::from_fn(|melds| {
            let win = if melds == 0 { 0 } else { win_sizes(melds) };
            win | win >> 1
        });
        let lean_shanten = r.whole_tile_set() && winnable.standard_without_knitted();
        let dist_bars = std::array::from_fn(|s| {
            crate::form::standard::bars(r.tiles.count_in(Suit::ALL[s]) == 0, pair_penalty[s] != 0)
        });
        let derived = Derived {
            out_of_play: SuitWords::mask(!r.tiles.bits() & TileSet::ALL.bits()),
            partial: r.tiles != TileSet::ALL,
            joker_kinds: SuitWords::mask(r.jokers.bits()),
            win_sizes: win_sizes(0),
            ready_sizes: win_sizes(0) >> 1,
            melded_sizes,
            suit_limit: r.max_suits.map_or(3, u32::from),
            pair_penalty,
            pair_cost_lanes: crate::form::standard::pair_cost_lanes(pair_penalty),
            drawable: r.tiles.bits() & !r.jokers.bits(),
            joker_copies: 4 * r.jokers.len() as u8,
            dist_bars,
            draw_kept: dist_bars.each_ref().map(crate::form::standard::kept_draws),
            winnable,
            winnable_melded: winnable.iter().filter(|f| f.takes_melds()).collect(),
            pairs_missing,
            orphans_missing,
            lean_shanten,
            lean_win: lean_shanten && pair_penalty == [0; 4],
            counted_asked_above: (!crate::form::counted_wins_one_short(&r)) as u8,
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
            scoring: r.scoring,
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
            .ok_or_else(|| UnknownRules::new(name))
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
            scoring: self.scoring.as_ref().map(|s| s.to_spec()),
        }
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules::chinese()
    }
}
