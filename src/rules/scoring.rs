//! The `[scoring]` table of a rule file: which family of scoring rules
//! scores a win ([`Family`]), and that family's switches, as written
//! ([`ScoringSpec`]) and as validated ([`Scoring`]).
//!
//! ```toml
//! [scoring]
//! family = "riichi"        # "riichi", "gb" or "fans"
//! open_tanyao = true       # all simples counts with open melds (kuitan)
//! red_fives = true         # 0m 0p 0s count one han each (aka dora)
//! double_yakuman = false   # kokushi_13, suuankou_tanki, chuuren_9, daisuushii count twice
//! kazoe = "yakuman"        # 13+ han without a yakuman: "yakuman" or "sanbaiman"
//! kiriage = false          # 4 han 30 fu and 3 han 60 fu round up to mangan
//! renhou = "none"          # a win on a discard in the first go-around: "none", "mangan", "yakuman"
//! ```
//!
//! A field left out takes the value above (the largest online ranked rule
//! sets'). A rule file over a base with a `[scoring]` table overrides it
//! field by field; a file with no `[scoring]` table anywhere has no
//! scoring, and [`Rules::score`](crate::Rules::score) says so. A file
//! whose `family` differs from its base's starts a new table: none of the
//! base's `[scoring]` fields carry over.
//!
//! The `fans` family reads a fan table instead of switches: `combine`,
//! `base`, `cap`, `minimum` and the `[[scoring.fan]]` list (see
//! [`table`](crate::score::fans::table)). A file that writes its own
//! `[[scoring.fan]]` list replaces its base's list whole; the scalar fields
//! override one by one.

use std::sync::Arc;

use serde::Deserialize;

use crate::score::fans::table::{FanSpec, FanTable, FanTableError};

/// The `[scoring]` table as written: every field optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringSpec {
    /// The family of scoring rules: `riichi`.
    pub family: Option<String>,
    /// Does all simples count in an open hand?
    pub open_tanyao: Option<bool>,
    /// Do red fives count as dora?
    pub red_fives: Option<bool>,
    /// Do the four doubled yakuman count twice?
    pub double_yakuman: Option<bool>,
    /// The cap of 13 han or more without a yakuman: `yakuman`, `sanbaiman`.
    pub kazoe: Option<String>,
    /// Do 4 han 30 fu and 3 han 60 fu round up to mangan?
    pub kiriage: Option<bool>,
    /// What renhou is worth: `none`, `mangan`, `yakuman`.
    pub renhou: Option<String>,
    /// `fans`: how 番 make points, `double` or `add`.
    pub combine: Option<String>,
    /// `fans`: the base points.
    pub base: Option<u64>,
    /// `fans`: the cap (封顶), in 番.
    pub cap: Option<u32>,
    /// `fans`: the fewest 番 of a legal win.
    pub minimum: Option<u32>,
    /// `fans`: the `[[scoring.fan]]` list.
    pub fan: Option<Vec<FanSpec>>,
}

impl ScoringSpec {
    /// This table with `base`'s fields filled in where this one has none.
    pub(crate) fn over(self, base: ScoringSpec) -> ScoringSpec {
        if self.family.is_some() && self.family != base.family {
            return self;
        }
        ScoringSpec {
            family: self.family.or(base.family),
            open_tanyao: self.open_tanyao.or(base.open_tanyao),
            red_fives: self.red_fives.or(base.red_fives),
            double_yakuman: self.double_yakuman.or(base.double_yakuman),
            kazoe: self.kazoe.or(base.kazoe),
            kiriage: self.kiriage.or(base.kiriage),
            renhou: self.renhou.or(base.renhou),
            combine: self.combine.or(base.combine),
            base: self.base.or(base.base),
            cap: self.cap.or(base.cap),
            minimum: self.minimum.or(base.minimum),
            fan: self.fan.or(base.fan),
        }
    }

    /// The table as rule-file lines (after a `[scoring]` header).
    pub(crate) fn to_toml_lines(&self) -> String {
        let mut out = String::new();
        let mut line = |key: &str, value: Option<String>| {
            if let Some(v) = value {
                out.push_str(&format!("{key} = {v}\n"));
            }
        };
        let quoted = |s: &String| format!("{s:?}");
        line("family", self.family.as_ref().map(quoted));
        line("open_tanyao", self.open_tanyao.map(|b| b.to_string()));
        line("red_fives", self.red_fives.map(|b| b.to_string()));
        line("double_yakuman", self.double_yakuman.map(|b| b.to_string()));
        line("kazoe", self.kazoe.as_ref().map(quoted));
        line("kiriage", self.kiriage.map(|b| b.to_string()));
        line("renhou", self.renhou.as_ref().map(quoted));
        line("combine", self.combine.as_ref().map(quoted));
        line("base", self.base.map(|v| v.to_string()));
        line("cap", self.cap.map(|v| v.to_string()));
        line("minimum", self.minimum.map(|v| v.to_string()));
        for fan in self.fan.iter().flatten() {
            out.push_str("\n[[scoring.fan]]\n");
            out.push_str(&fan.to_toml_lines());
        }
        out
    }
}

/// A family of scoring rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Family {
    /// Japanese (riichi) rules: yaku, han, fu, limits.
    Riichi,
    /// Chinese Official rules (国标, MCR): the 81 fans, 8 points to win.
    Gb,
    /// A fan table of the rule file (local Chinese rules: 番 doubled or
    /// added, with a cap).
    Fans,
}

impl Family {
    /// `riichi`.
    pub const fn name(self) -> &'static str {
        match self {
            Family::Riichi => "riichi",
            Family::Gb => "gb",
            Family::Fans => "fans",
        }
    }
}

/// The cap of a hand of 13 han or more without a yakuman (数え役満).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kazoe {
    /// A counted yakuman.
    Yakuman,
    /// Sanbaiman at most.
    Sanbaiman,
}

/// What renhou (人和) is worth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Renhou {
    /// Not a yaku.
    None,
    /// A yaku of 5 han (a mangan alone), added to the hand's other yaku.
    Mangan,
    /// A yakuman.
    Yakuman,
}

/// The validated scoring rules of a rule set.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Scoring {
    /// The family.
    pub family: Family,
    /// All simples counts in an open hand.
    pub open_tanyao: bool,
    /// Red fives count as dora.
    pub red_fives: bool,
    /// The four doubled yakuman count twice.
    pub double_yakuman: bool,
    /// The cap of 13 han or more without a yakuman.
    pub kazoe: Kazoe,
    /// 4 han 30 fu and 3 han 60 fu round up to mangan.
    pub kiriage: bool,
    /// What renhou is worth.
    pub renhou: Renhou,
    /// The fan table of the `fans` family (`None` for the others).
    pub fans: Option<Arc<FanTable>>,
}

/// A `[scoring]` table that cannot be used (wrapped in
/// [`RulesError::Scoring`](crate::RulesError::Scoring)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoringError {
    /// No `family`.
    #[error("scoring: the table has no family (family = \"riichi\")")]
    NoFamily,
    /// A family that does not exist.
    #[error("scoring: family {name:?} is not a scoring family (riichi, gb, fans)")]
    UnknownFamily {
        /// The name given.
        name: String,
    },
    /// A value that is not one of the field's words.
    #[error("scoring: {field} = {value:?}: must be {expected}")]
    BadValue {
        /// The field.
        field: &'static str,
        /// The value given.
        value: String,
        /// The words it may be.
        expected: &'static str,
    },
    /// A field the family does not read.
    #[error("scoring: {field} is not a field of the {family} family")]
    NotInFamily {
        /// The field.
        field: &'static str,
        /// The family.
        family: &'static str,
    },
    /// A fan table that cannot be used.
    #[error(transparent)]
    Fans(#[from] FanTableError),
}

impl ScoringSpec {
    /// The validated table.
    pub(crate) fn resolve(&self) -> Result<Scoring, ScoringError> {
        let family = match self.family.as_deref() {
            None => return Err(ScoringError::NoFamily),
            Some("riichi") => Family::Riichi,
            Some("gb") => Family::Gb,
            Some("fans") => Family::Fans,
            Some(name) => {
                return Err(ScoringError::UnknownFamily {
                    name: crate::error::cut(name),
                })
            }
        };
        let name = family.name();
        let refuse = |field: &'static str, set: bool| match set {
            true => Err(ScoringError::NotInFamily {
                field,
                family: name,
            }),
            false => Ok(()),
        };
        if family == Family::Fans {
            refuse("open_tanyao", self.open_tanyao.is_some())?;
            refuse("red_fives", self.red_fives.is_some())?;
            refuse("double_yakuman", self.double_yakuman.is_some())?;
            refuse("kazoe", self.kazoe.is_some())?;
            refuse("kiriage", self.kiriage.is_some())?;
            refuse("renhou", self.renhou.is_some())?;
        } else {
            refuse("combine", self.combine.is_some())?;
            refuse("base", self.base.is_some())?;
            refuse("cap", self.cap.is_some())?;
            refuse("minimum", self.minimum.is_some())?;
            refuse("fan", self.fan.is_some())?;
        }
        let fans = match family {
            Family::Fans => Some(Arc::new(FanTable::new(
                self.combine.as_deref(),
                self.base,
                self.cap,
                self.minimum,
                self.fan.as_deref().unwrap_or_default(),
            )?)),
            _ => None,
        };
        let kazoe = match self.kazoe.as_deref() {
            None | Some("yakuman") => Kazoe::Yakuman,
            Some("sanbaiman") => Kazoe::Sanbaiman,
            Some(v) => {
                return Err(ScoringError::BadValue {
                    field: "kazoe",
                    value: crate::error::cut(v),
                    expected: "\"yakuman\" or \"sanbaiman\"",
                })
            }
        };
        let renhou = match self.renhou.as_deref() {
            None | Some("none") => Renhou::None,
            Some("mangan") => Renhou::Mangan,
            Some("yakuman") => Renhou::Yakuman,
            Some(v) => {
                return Err(ScoringError::BadValue {
                    field: "renhou",
                    value: crate::error::cut(v),
                    expected: "\"none\", \"mangan\" or \"yakuman\"",
                })
            }
        };
        Ok(Scoring {
            family,
            open_tanyao: self.open_tanyao.unwrap_or(true),
            red_fives: self.red_fives.unwrap_or(true),
            double_yakuman: self.double_yakuman.unwrap_or(false),
            kazoe,
            kiriage: self.kiriage.unwrap_or(false),
            renhou,
            fans,
        })
    }
}

impl Scoring {
    /// The table that makes these switches, every field written out.
    pub fn to_spec(&self) -> ScoringSpec {
        if let Some(table) = &self.fans {
            return ScoringSpec {
                family: Some(self.family.name().to_string()),
                combine: Some(table.combine.name().to_string()),
                base: Some(table.base),
                cap: table.cap,
                minimum: Some(table.minimum),
                fan: Some(table.to_specs()),
                ..ScoringSpec::default()
            };
        }
        ScoringSpec {
            family: Some(self.family.name().to_string()),
            open_tanyao: Some(self.open_tanyao),
            red_fives: Some(self.red_fives),
            double_yakuman: Some(self.double_yakuman),
            kazoe: Some(
                match self.kazoe {
                    Kazoe::Yakuman => "yakuman",
                    Kazoe::Sanbaiman => "sanbaiman",
                }
                .to_string(),
            ),
            kiriage: Some(self.kiriage),
            renhou: Some(
                match self.renhou {
                    Renhou::None => "none",
                    Renhou::Mangan => "mangan",
                    Renhou::Yakuman => "yakuman",
                }
                .to_string(),
            ),
            ..ScoringSpec::default()
        }
    }
}
