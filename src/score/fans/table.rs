//! A fan table as data: the `[[scoring.fan]]` entries of a rule file as
//! written ([`FanSpec`]) and as validated ([`FanTable`], [`Fan`]), and the
//! vocabulary's words by name ([`Predicate`], [`Count`]).
//!
//! ```toml
//! [scoring]
//! family = "fans"
//! combine = "double"   # points = base × 2^min(番, cap); "add": base + min(番, cap)
//! base = 1
//! cap = 4              # 封顶, in 番; leave out for none
//! minimum = 0          # a legal win has at least this many 番 (before the cap)
//!
//! [[scoring.fan]]
//! id = "all_pungs"     # ASCII, unique in the table
//! name = "对对胡"
//! value = 1            # 番 per item; or "cap" (the table's cap)
//! when = ["all_pungs"] # predicates that must all hold
//! count = "roots"      # optional: counted once per item (absent at 0)
//! excludes = []        # ids this fan leaves uncounted when present; ["*"]: every other
//! ```
//!
//! The words are read over a reading of the hand by `score::fans::words`;
//! rules/README.md documents each.

use serde::Deserialize;

use crate::error::cut;

/// The most fans a table holds (a present set and an excluded set are one
/// 64-bit word each).
pub const MAX_FANS: usize = 64;

/// The largest value of one fan, in 番.
pub const MAX_FAN_VALUE: u32 = 1_000;

/// The most items a count word counts in any reading: kinds with four
/// copies in a hand of at most 17 tiles and five kongs (22 tiles) are 5.
pub const MAX_COUNT: u32 = 5;

/// The longest `id` or `name`, in bytes.
const MAX_TEXT: usize = 64;

/// A predicate word of the vocabulary: a fact of a reading and its claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Predicate {
    /// The standard form (sets and a pair).
    Standard,
    /// Seven pairs.
    SevenPairs,
    /// Standard form, every set a pung or a kong.
    AllPungs,
    /// Every tile of one numbered suit, no honour.
    OneSuit,
    /// Standard form, every set and the pair holds a 1, a 9 or an honour.
    TerminalInEach,
    /// Every tile a numbered 2, 5 or 8.
    All258,
    /// Four declared melds and the pair alone concealed.
    AllDeclared,
    /// The winning tile is the 5 in the middle of a concealed 4-5-6 chow.
    Kawu,
    /// Standard form: two dragon pungs or kongs and a dragon pair.
    SmallThreeDragons,
    /// Standard form: three dragon pungs or kongs.
    BigThreeDragons,
    /// The hand holds no joker.
    NoJokers,
    /// Self-drawn.
    SelfDrawn,
    /// On a discard (not a robbed kong).
    Discard,
    /// On a robbed kong.
    RobbingKong,
    /// The claim's `after_kong`.
    AfterKong,
    /// The claim's `kong_discard`.
    KongDiscard,
    /// The claim's `last_tile`.
    LastTile,
    /// The claim's `first_turn`.
    FirstTurn,
    /// `seat_wind` is `1z`.
    Dealer,
    /// `seat_wind` is not `1z`.
    NotDealer,
    /// The claim's `revealed`.
    Revealed,
}

impl Predicate {
    /// Every predicate, in the order of [`Predicate::NAMES`].
    pub const ALL: [Predicate; 21] = [
        Predicate::Standard,
        Predicate::SevenPairs,
        Predicate::AllPungs,
        Predicate::OneSuit,
        Predicate::TerminalInEach,
        Predicate::All258,
        Predicate::AllDeclared,
        Predicate::Kawu,
        Predicate::SmallThreeDragons,
        Predicate::BigThreeDragons,
        Predicate::NoJokers,
        Predicate::SelfDrawn,
        Predicate::Discard,
        Predicate::RobbingKong,
        Predicate::AfterKong,
        Predicate::KongDiscard,
        Predicate::LastTile,
        Predicate::FirstTurn,
        Predicate::Dealer,
        Predicate::NotDealer,
        Predicate::Revealed,
    ];

    /// The predicates' words, as a rule file writes them.
    pub const NAMES: &'static str = "standard, seven_pairs, all_pungs, one_suit, terminal_in_each, all_258, all_declared, kawu, small_three_dragons, big_three_dragons, no_jokers, self_drawn, discard, robbing_kong, after_kong, kong_discard, last_tile, first_turn, dealer, not_dealer, revealed";

    /// The word of the predicate.
    pub const fn name(self) -> &'static str {
        match self {
            Predicate::Standard => "standard",
            Predicate::SevenPairs => "seven_pairs",
            Predicate::AllPungs => "all_pungs",
            Predicate::OneSuit => "one_suit",
            Predicate::TerminalInEach => "terminal_in_each",
            Predicate::All258 => "all_258",
            Predicate::AllDeclared => "all_declared",
            Predicate::Kawu => "kawu",
            Predicate::SmallThreeDragons => "small_three_dragons",
            Predicate::BigThreeDragons => "big_three_dragons",
            Predicate::NoJokers => "no_jokers",
            Predicate::SelfDrawn => "self_drawn",
            Predicate::Discard => "discard",
            Predicate::RobbingKong => "robbing_kong",
            Predicate::AfterKong => "after_kong",
            Predicate::KongDiscard => "kong_discard",
            Predicate::LastTile => "last_tile",
            Predicate::FirstTurn => "first_turn",
            Predicate::Dealer => "dealer",
            Predicate::NotDealer => "not_dealer",
            Predicate::Revealed => "revealed",
        }
    }

    /// The predicate a word names.
    pub fn from_name(word: &str) -> Option<Predicate> {
        Predicate::ALL.into_iter().find(|p| p.name() == word)
    }

    /// Its bit in a set of predicates.
    pub const fn bit(self) -> u32 {
        1 << self as u8
    }
}

/// A count word of the vocabulary: items of a reading a fan counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Count {
    /// Kinds with four copies in the reading (根).
    Roots,
    /// Standard form: kinds with four copies in the concealed part (暗四归).
    ConcealedFours,
    /// Standard form: kinds of a declared pon whose fourth copy is
    /// concealed (明四归).
    OpenFours,
}

impl Count {
    /// Every count, in the order of [`Count::NAMES`].
    pub const ALL: [Count; 3] = [Count::Roots, Count::ConcealedFours, Count::OpenFours];

    /// The counts' words, as a rule file writes them.
    pub const NAMES: &'static str = "roots, concealed_fours, open_fours";

    /// The word of the count.
    pub const fn name(self) -> &'static str {
        match self {
            Count::Roots => "roots",
            Count::ConcealedFours => "concealed_fours",
            Count::OpenFours => "open_fours",
        }
    }

    /// The count a word names.
    pub fn from_name(word: &str) -> Option<Count> {
        Count::ALL.into_iter().find(|c| c.name() == word)
    }
}

/// How the 番 make the points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Combine {
    /// base × 2^min(番, cap).
    Double,
    /// base + min(番, cap).
    Add,
}

impl Combine {
    /// `double` or `add`.
    pub const fn name(self) -> &'static str {
        match self {
            Combine::Double => "double",
            Combine::Add => "add",
        }
    }
}

/// A fan's `value` as written: a number of 番 or the word `cap`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FanValueSpec {
    /// A number of 番.
    Number(i64),
    /// A word (`cap`).
    Word(String),
}

impl<'de> Deserialize<'de> for FanValueSpec {
    /// An integer or a string; anything else is an error saying so.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<FanValueSpec, D::Error> {
        struct Value;
        impl serde::de::Visitor<'_> for Value {
            type Value = FanValueSpec;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a whole number of 番 or \"cap\"")
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<FanValueSpec, E> {
                Ok(FanValueSpec::Number(v))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<FanValueSpec, E> {
                Ok(FanValueSpec::Number(i64::try_from(v).unwrap_or(i64::MAX)))
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<FanValueSpec, E> {
                Ok(FanValueSpec::Word(v.to_string()))
            }
        }
        d.deserialize_any(Value)
    }
}

/// One `[[scoring.fan]]` entry as written.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FanSpec {
    /// Stable ASCII id, unique in the table.
    pub id: String,
    /// The name players know it by.
    pub name: String,
    /// 番 per item, or `"cap"`.
    pub value: FanValueSpec,
    /// Predicates that must all hold (none: always).
    #[serde(default)]
    pub when: Vec<String>,
    /// A count word: the fan is counted once per item, absent at 0.
    pub count: Option<String>,
    /// Ids of the fans this one leaves uncounted when present; `"*"`:
    /// every other fan.
    #[serde(default)]
    pub excludes: Vec<String>,
}

/// One fan of a validated table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Fan {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// 番 per item (the table's cap for a `"cap"` fan).
    pub value: u32,
    /// Written `value = "cap"`.
    pub value_is_cap: bool,
    /// The predicates that must hold (bit [`Predicate::bit`]).
    pub when: u32,
    /// The count, if any.
    pub count: Option<Count>,
    /// The fans (bit `i`: the table's fan `i`) it excludes when present.
    pub excludes: u64,
    /// Written `excludes = ["*"]`.
    pub excludes_all: bool,
}

/// A validated fan table: the `fans` family's `[scoring]` table.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FanTable {
    /// How 番 make points.
    pub combine: Combine,
    /// The base points.
    pub base: u64,
    /// The cap (封顶), in 番.
    pub cap: Option<u32>,
    /// The fewest 番 of a legal win (before the cap).
    pub minimum: u32,
    /// The fans, in the table's order.
    pub fans: Vec<Fan>,
    /// The predicates some fan names (bit [`Predicate::bit`]).
    pub predicates_used: u32,
    /// The counts some fan names (bit `Count as u8`).
    pub counts_used: u8,
}

/// A fan table that cannot be used (wrapped in
/// [`ScoringError::Fans`](crate::rules::scoring::ScoringError::Fans)).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FanTableError {
    /// A `family = "fans"` table with no `[[scoring.fan]]`.
    #[error("scoring: a fans table needs at least one [[scoring.fan]]")]
    NoFans,
    /// More fans than a table holds.
    #[error("scoring: {count} fans, at most {MAX_FANS}")]
    TooManyFans {
        /// How many were given.
        count: usize,
    },
    /// An id that is empty, too long or not ASCII letters, digits and `_`.
    #[error("scoring: fan id {id:?}: an id is 1 to {MAX_TEXT} ASCII letters, digits or '_'")]
    BadId {
        /// The id given.
        id: String,
    },
    /// A name that is empty or too long.
    #[error("scoring: fan {id}: name {name:?} must be 1 to {MAX_TEXT} bytes")]
    BadName {
        /// The fan.
        id: String,
        /// The name given.
        name: String,
    },
    /// Two fans with one id.
    #[error("scoring: fan id {id:?} is used twice")]
    DuplicateId {
        /// The id.
        id: String,
    },
    /// A `when` word that is no predicate.
    #[error(
        "scoring: fan {id}: {word:?} is not a predicate ({})",
        Predicate::NAMES
    )]
    UnknownPredicate {
        /// The fan.
        id: String,
        /// The word given.
        word: String,
    },
    /// A `count` word that is no count.
    #[error("scoring: fan {id}: count {word:?} is not a count ({})", Count::NAMES)]
    UnknownCount {
        /// The fan.
        id: String,
        /// The word given.
        word: String,
    },
    /// An `excludes` entry that names no fan of the table.
    #[error("scoring: fan {id}: excludes {name:?}, which is no fan of the table")]
    UnknownExclude {
        /// The fan.
        id: String,
        /// The id given.
        name: String,
    },
    /// A fan that excludes itself.
    #[error("scoring: fan {id} excludes itself")]
    ExcludesItself {
        /// The fan.
        id: String,
    },
    /// A negative value.
    #[error("scoring: fan {id}: value = {value}: a value is 0 or more 番, or \"cap\"")]
    NegativeValue {
        /// The fan.
        id: String,
        /// The value given.
        value: i64,
    },
    /// A value above [`MAX_FAN_VALUE`].
    #[error("scoring: fan {id}: value = {value}: at most {MAX_FAN_VALUE} 番")]
    ValueTooLarge {
        /// The fan.
        id: String,
        /// The value given.
        value: i64,
    },
    /// A word value other than `cap`.
    #[error("scoring: fan {id}: value = {value:?}: a value is a number of 番 or \"cap\"")]
    BadValueWord {
        /// The fan.
        id: String,
        /// The word given.
        value: String,
    },
    /// `value = "cap"` in a table with no cap.
    #[error("scoring: fan {id}: value = \"cap\" but the table sets no cap")]
    CapValueWithoutCap {
        /// The fan.
        id: String,
    },
    /// A `combine` other than `double` and `add`.
    #[error("scoring: combine = {value:?}: must be \"double\" or \"add\"")]
    BadCombine {
        /// The word given.
        value: String,
    },
    /// A `cap` above [`MAX_FAN_VALUE`].
    #[error("scoring: cap = {cap}: at most {MAX_FAN_VALUE} 番")]
    CapTooLarge {
        /// The cap given.
        cap: u32,
    },
    /// A table whose largest points do not fit 64 bits.
    #[error("scoring: base {base} with up to {fan} 番 ({combine}) overflows 64-bit points: set a cap or lower the values")]
    PointsOverflow {
        /// The base.
        base: u64,
        /// The most 番 the table can give, capped.
        fan: u64,
        /// The combine.
        combine: &'static str,
    },
}

impl FanTable {
    /// The validated table of `fans` under these scalar fields.
    ///
    /// # Errors
    /// The first problem found, fan by fan in the table's order.
    pub fn new(
        combine: Option<&str>,
        base: Option<u64>,
        cap: Option<u32>,
        minimum: Option<u32>,
        specs: &[FanSpec],
    ) -> Result<FanTable, FanTableError> {
        let combine = match combine {
            None | Some("double") => Combine::Double,
            Some("add") => Combine::Add,
            Some(v) => return Err(FanTableError::BadCombine { value: cut(v) }),
        };
        if let Some(cap) = cap.filter(|&c| c > MAX_FAN_VALUE) {
            return Err(FanTableError::CapTooLarge { cap });
        }
        if specs.is_empty() {
            return Err(FanTableError::NoFans);
        }
        if specs.len() > MAX_FANS {
            return Err(FanTableError::TooManyFans { count: specs.len() });
        }
        let mut fans: Vec<Fan> = Vec::with_capacity(specs.len());
        for spec in specs {
            let id = &spec.id;
            let id_ok = !id.is_empty()
                && id.len() <= MAX_TEXT
                && id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
            if !id_ok {
                return Err(FanTableError::BadId { id: cut(id) });
            }
            if fans.iter().any(|f| &f.id == id) {
                return Err(FanTableError::DuplicateId { id: id.clone() });
            }
            if spec.name.is_empty() || spec.name.len() > MAX_TEXT {
                return Err(FanTableError::BadName {
                    id: id.clone(),
                    name: cut(&spec.name),
                });
            }
            let (value, value_is_cap) = match &spec.value {
                FanValueSpec::Number(v) if *v < 0 => {
                    return Err(FanTableError::NegativeValue {
                        id: id.clone(),
                        value: *v,
                    })
                }
                FanValueSpec::Number(v) if *v > MAX_FAN_VALUE as i64 => {
                    return Err(FanTableError::ValueTooLarge {
                        id: id.clone(),
                        value: *v,
                    })
                }
                FanValueSpec::Number(v) => (*v as u32, false),
                FanValueSpec::Word(w) if w == "cap" => match cap {
                    Some(c) => (c, true),
                    None => return Err(FanTableError::CapValueWithoutCap { id: id.clone() }),
                },
                FanValueSpec::Word(w) => {
                    return Err(FanTableError::BadValueWord {
                        id: id.clone(),
                        value: cut(w),
                    })
                }
            };
            let mut when = 0u32;
            for word in &spec.when {
                let p =
                    Predicate::from_name(word).ok_or_else(|| FanTableError::UnknownPredicate {
                        id: id.clone(),
                        word: cut(word),
                    })?;
                when |= p.bit();
            }
            let count = match &spec.count {
                None => None,
                Some(word) => {
                    Some(
                        Count::from_name(word).ok_or_else(|| FanTableError::UnknownCount {
                            id: id.clone(),
                            word: cut(word),
                        })?,
                    )
                }
            };
            fans.push(Fan {
                id: id.clone(),
                name: spec.name.clone(),
                value,
                value_is_cap,
                when,
                count,
                excludes: 0,
                excludes_all: false,
            });
        }
        // The excludes, once every id is known.
        let every = if fans.len() == MAX_FANS {
            u64::MAX
        } else {
            (1u64 << fans.len()) - 1
        };
        for (i, spec) in specs.iter().enumerate() {
            let mut mask = 0u64;
            let mut all = false;
            for name in &spec.excludes {
                if name == "*" {
                    all = true;
                    mask |= every & !(1 << i);
                    continue;
                }
                match fans.iter().position(|f| &f.id == name) {
                    Some(j) if j == i => {
                        return Err(FanTableError::ExcludesItself {
                            id: spec.id.clone(),
                        })
                    }
                    Some(j) => mask |= 1 << j,
                    None => {
                        return Err(FanTableError::UnknownExclude {
                            id: spec.id.clone(),
                            name: cut(name),
                        })
                    }
                }
            }
            fans[i].excludes = mask;
            fans[i].excludes_all = all;
        }
        let table = FanTable {
            combine,
            base: base.unwrap_or(1),
            cap,
            minimum: minimum.unwrap_or(0),
            predicates_used: fans.iter().fold(0, |m, f| m | f.when),
            counts_used: fans
                .iter()
                .filter_map(|f| f.count)
                .fold(0, |m, c| m | 1 << c as u8),
            fans,
        };
        table.check_points()?;
        Ok(table)
    }

    /// The most 番 any reading can score: every fan at once, each count at
    /// [`MAX_COUNT`] (a bound, not always reached).
    pub fn most_fan(&self) -> u64 {
        self.fans
            .iter()
            .map(|f| {
                f.value as u64
                    * if f.count.is_some() {
                        MAX_COUNT as u64
                    } else {
                        1
                    }
            })
            .sum()
    }

    /// Do the points of [`FanTable::most_fan`] (capped) fit 64 bits?
    fn check_points(&self) -> Result<(), FanTableError> {
        let fan = self
            .cap
            .map_or(self.most_fan(), |c| self.most_fan().min(c as u64));
        let fits = match self.combine {
            Combine::Double => fan < 64 && self.base.checked_mul(1u64 << fan).is_some(),
            Combine::Add => self.base.checked_add(fan).is_some(),
        };
        if fits {
            Ok(())
        } else {
            Err(FanTableError::PointsOverflow {
                base: self.base,
                fan,
                combine: self.combine.name(),
            })
        }
    }

    /// The points of `fan` 番: base × 2^min(番, cap) or base + min(番,
    /// cap). Never overflows: [`FanTable::new`] refuses a table whose most
    /// 番 would.
    pub fn points(&self, fan: u32) -> u64 {
        let fan = self.cap.map_or(fan, |c| fan.min(c));
        match self.combine {
            Combine::Double => self.base << fan,
            Combine::Add => self.base + fan as u64,
        }
    }

    /// `fan` 番 under the cap.
    pub fn capped(&self, fan: u32) -> u32 {
        self.cap.map_or(fan, |c| fan.min(c))
    }

    /// The `[[scoring.fan]]` entries that make this table.
    pub fn to_specs(&self) -> Vec<FanSpec> {
        self.fans
            .iter()
            .map(|f| FanSpec {
                id: f.id.clone(),
                name: f.name.clone(),
                value: if f.value_is_cap {
                    FanValueSpec::Word("cap".into())
                } else {
                    FanValueSpec::Number(f.value as i64)
                },
                when: Predicate::ALL
                    .into_iter()
                    .filter(|p| f.when & p.bit() != 0)
                    .map(|p| p.name().to_string())
                    .collect(),
                count: f.count.map(|c| c.name().to_string()),
                excludes: if f.excludes_all {
                    vec!["*".to_string()]
                } else {
                    self.fans
                        .iter()
                        .enumerate()
                        .filter(|(j, _)| f.excludes >> j & 1 == 1)
                        .map(|(_, g)| g.id.clone())
                        .collect()
                },
            })
            .collect()
    }
}

impl FanSpec {
    /// The entry as rule-file lines, after its `[[scoring.fan]]` header.
    pub fn to_toml_lines(&self) -> String {
        let list = |v: &[String]| {
            let items: Vec<String> = v.iter().map(|s| format!("{s:?}")).collect();
            format!("[{}]", items.join(", "))
        };
        let mut out = format!("id = {:?}\nname = {:?}\n", self.id, self.name);
        match &self.value {
            FanValueSpec::Number(n) => out.push_str(&format!("value = {n}\n")),
            FanValueSpec::Word(w) => out.push_str(&format!("value = {w:?}\n")),
        }
        out.push_str(&format!("when = {}\n", list(&self.when)));
        if let Some(c) = &self.count {
            out.push_str(&format!("count = {c:?}\n"));
        }
        out.push_str(&format!("excludes = {}\n", list(&self.excludes)));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::scoring::ScoringError;
    use crate::{Rules, RulesError};

    /// The error of a rule file over `basic` whose `[scoring]` table is
    /// `table` (its lines after the header).
    fn error_of(table: &str) -> FanTableError {
        let text = format!("base = \"basic\"\n[scoring]\n{table}");
        match Rules::from_toml_str(&text) {
            Err(RulesError::Scoring(ScoringError::Fans(e))) => e,
            other => panic!("{table}: {other:?}"),
        }
    }

    const HEAD: &str = "family = \"fans\"\ncap = 4\n";

    #[test]
    fn an_unknown_predicate_is_named_with_the_list() {
        let e = error_of(&format!(
            "{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1\nwhen = [\"all_pungs\", \"pinfu\"]\n"
        ));
        assert_eq!(
            e,
            FanTableError::UnknownPredicate {
                id: "a".into(),
                word: "pinfu".into()
            }
        );
        let text = e.to_string();
        assert!(
            text.contains("\"pinfu\"") && text.contains(Predicate::NAMES),
            "{text}"
        );
    }

    #[test]
    fn an_unknown_count_is_named_with_the_list() {
        // A predicate is no count.
        let e = error_of(&format!(
            "{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1\ncount = \"all_pungs\"\n"
        ));
        assert_eq!(
            e,
            FanTableError::UnknownCount {
                id: "a".into(),
                word: "all_pungs".into()
            }
        );
        assert!(e.to_string().contains(Count::NAMES));
    }

    #[test]
    fn a_duplicate_id_is_refused() {
        let e = error_of(&format!(
            "{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1\n[[scoring.fan]]\nid = \"a\"\nname = \"B\"\nvalue = 2\n"
        ));
        assert_eq!(e, FanTableError::DuplicateId { id: "a".into() });
    }

    #[test]
    fn excludes_naming_no_fan_is_refused() {
        let e = error_of(&format!(
            "{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1\nexcludes = [\"b\"]\n"
        ));
        assert_eq!(
            e,
            FanTableError::UnknownExclude {
                id: "a".into(),
                name: "b".into()
            }
        );
        let e = error_of(&format!(
            "{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1\nexcludes = [\"a\"]\n"
        ));
        assert_eq!(e, FanTableError::ExcludesItself { id: "a".into() });
    }

    #[test]
    fn a_negative_value_is_refused() {
        let e = error_of(&format!(
            "{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = -1\n"
        ));
        assert_eq!(
            e,
            FanTableError::NegativeValue {
                id: "a".into(),
                value: -1
            }
        );
    }

    #[test]
    fn a_value_that_is_no_whole_number_says_what_it_must_be() {
        let text = format!(
            "base = \"basic\"\n[scoring]\n{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1.5\n"
        );
        let e = Rules::from_toml_str(&text).unwrap_err().to_string();
        assert!(
            e.contains("expected a whole number of 番 or \"cap\""),
            "{e}"
        );
    }

    #[test]
    fn a_cap_value_needs_a_cap() {
        let e = error_of(
            "family = \"fans\"\n[[scoring.fan]]\nid = \"heavenly\"\nname = \"天胡\"\nvalue = \"cap\"\n",
        );
        assert_eq!(
            e,
            FanTableError::CapValueWithoutCap {
                id: "heavenly".into()
            }
        );
        let e = error_of(&format!(
            "{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = \"max\"\n"
        ));
        assert_eq!(
            e,
            FanTableError::BadValueWord {
                id: "a".into(),
                value: "max".into()
            }
        );
    }

    #[test]
    fn bad_scalars_and_shapes_are_refused() {
        assert_eq!(
            error_of("family = \"fans\"\ncombine = \"multiply\"\n[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1\n"),
            FanTableError::BadCombine {
                value: "multiply".into()
            }
        );
        assert_eq!(error_of("family = \"fans\"\n"), FanTableError::NoFans);
        assert_eq!(
            error_of(&format!(
                "{HEAD}[[scoring.fan]]\nid = \"all pungs\"\nname = \"A\"\nvalue = 1\n"
            )),
            FanTableError::BadId {
                id: "all pungs".into()
            }
        );
        // No cap: 2^(64 × 5) does not fit; with a cap it does.
        let fan = "[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 64\ncount = \"roots\"\n";
        assert!(matches!(
            error_of(&format!("family = \"fans\"\n{fan}")),
            FanTableError::PointsOverflow { fan: 320, .. }
        ));
        let text = format!("base = \"basic\"\n[scoring]\nfamily = \"fans\"\ncap = 8\n{fan}");
        assert!(Rules::from_toml_str(&text).is_ok());
    }

    #[test]
    fn fields_of_another_family_are_refused() {
        let text = "base = \"basic\"\n[scoring]\nfamily = \"riichi\"\ncap = 4\n";
        assert_eq!(
            Rules::from_toml_str(text).unwrap_err(),
            RulesError::Scoring(ScoringError::NotInFamily {
                field: "cap",
                family: "riichi"
            })
        );
        let text = format!(
            "base = \"basic\"\n[scoring]\n{HEAD}kiriage = true\n[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1\n"
        );
        assert_eq!(
            Rules::from_toml_str(&text).unwrap_err(),
            RulesError::Scoring(ScoringError::NotInFamily {
                field: "kiriage",
                family: "fans"
            })
        );
        // A fans file over the riichi preset starts a new table.
        let text = format!("base = \"riichi\"\n[scoring]\n{HEAD}[[scoring.fan]]\nid = \"a\"\nname = \"A\"\nvalue = 1\n");
        assert!(Rules::from_toml_str(&text).is_ok());
    }

    #[test]
    fn a_list_replaces_the_bases_list_and_scalars_override() {
        let text = "base = \"hongzhong\"\n[scoring]\ncap = 2\n[[scoring.fan]]\nid = \"any\"\nname = \"胡\"\nvalue = 1\n";
        let rules = Rules::from_toml_str(text).unwrap();
        let table = rules.scoring().unwrap().fans.clone().unwrap();
        let ids: Vec<&str> = table.fans.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(ids, ["any"]);
        assert_eq!(
            (table.cap, table.combine, table.base),
            (Some(2), Combine::Double, 1)
        );
        // Scalars alone keep the preset's list.
        let rules = Rules::from_toml_str("base = \"hongzhong\"\n[scoring]\ncap = 2\n").unwrap();
        let table = rules.scoring().unwrap().fans.clone().unwrap();
        assert_eq!(table.fans.len(), 7);
        assert_eq!(table.cap, Some(2));
    }

    #[test]
    fn every_preset_table_round_trips_through_its_rule_file_text() {
        for name in ["sichuan", "kawuxing", "hongzhong"] {
            let rules = Rules::preset(name).unwrap();
            let text = rules.to_spec().to_toml();
            let again = Rules::from_toml_str(&text).unwrap();
            assert_eq!(again.scoring(), rules.scoring(), "{name}:\n{text}");
        }
    }

    #[test]
    fn the_presets_tables_are_the_issues() {
        let table = |name: &str| {
            Rules::preset(name)
                .unwrap()
                .scoring()
                .unwrap()
                .fans
                .clone()
                .unwrap()
        };
        let sichuan = table("sichuan");
        assert_eq!(
            (sichuan.fans.len(), sichuan.cap, sichuan.most_fan() > 4),
            (15, Some(4), true)
        );
        let heavenly = &sichuan.fans[13];
        assert_eq!(
            (heavenly.id.as_str(), heavenly.value, heavenly.excludes_all),
            ("heavenly", 4, true)
        );
        assert_eq!(heavenly.excludes.count_ones(), 14);
        assert_eq!(table("kawuxing").fans.len(), 15);
        assert_eq!(table("hongzhong").cap, Some(3));
        assert_eq!(table("hongzhong").points(5), 8);
    }
}
