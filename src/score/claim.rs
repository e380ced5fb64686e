//! The claim: a win with its circumstances ([`Claim`]), the text form it
//! is read from ([`ClaimSpec`]: the JSON object's fields, or `HAND WINNING
//! key=value ...`), and every error of scoring ([`ScoreError`]).
//!
//! One claim type serves every scoring family; each family declares the
//! fields it reads, and a field it does not read, set, is refused
//! (`score/family.rs`: riichi refuses `flowers` and `last_copy`).

use std::fmt;

use crate::error::{cut, HandError, ParseError};
use crate::hand::Hand;
use crate::meld::Meld;
use crate::position::Purpose;
use crate::rules::Rules;
use crate::tile::sets::{holds, EAST, WINDS};
use crate::tile::{Suit, Tile, KINDS};
use crate::win::WinHow;

/// The most dora (or ura-dora) indicators a claim may carry: one, and one
/// more for each of four kongs.
pub const MAX_INDICATORS: usize = 5;

/// The longest text a claim field may hold, in bytes (a hand, a tile, a
/// string or list of indicators): the CLI's line limit, so that a claim
/// that one binding reads, every binding reads. The C function's JSON
/// claim is bounded by it as a whole.
pub const MAX_CLAIM_BYTES: usize = 4096;

/// The most honba, and the most riichi sticks, a claim takes (the points
/// then stay far within 32 bits).
pub const MAX_STICKS: u32 = 10_000;

/// A win and its circumstances, as a scoring family reads them.
///
/// ```
/// use hupai::score::Claim;
/// use hupai::WinHow;
/// let mut claim = Claim::new("1m".parse()?, WinHow::Discard);
/// claim.seat_wind = "2z".parse()?;
/// claim.riichi = true;
/// assert!(!claim.is_dealer());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Claim {
    /// The winning tile, held in the concealed part.
    pub winning: Tile,
    /// How it came.
    pub how: WinHow,
    /// The winner's seat wind (`1z`–`4z`; `1z`, east, is the dealer).
    pub seat_wind: Tile,
    /// The round (prevalent) wind (`1z`–`4z`).
    pub round_wind: Tile,
    /// Riichi was declared.
    pub riichi: bool,
    /// Riichi was declared on the first discard (double riichi; implies
    /// riichi whether or not `riichi` is set).
    pub double_riichi: bool,
    /// The win came within a go-around of riichi, uninterrupted.
    pub ippatsu: bool,
    /// Self-drawn as the replacement tile after a kong (rinshan).
    pub after_kong: bool,
    /// The wall's last tile (haitei, self-drawn) or the last discard
    /// (houtei).
    pub last_tile: bool,
    /// The first go-around, uninterrupted: tenhou (the dealer's first
    /// draw), chiihou (another seat's first draw), renhou (a discard
    /// before the winner's first draw, where the rules count it).
    pub first_turn: bool,
    /// Dora indicators (the dora is the tile after each).
    pub dora: Vec<Tile>,
    /// Ura-dora indicators, counted only with riichi.
    pub ura_dora: Vec<Tile>,
    /// Honba (repeat) sticks on the table.
    pub honba: u32,
    /// Riichi sticks on the table (1,000 each to the winner).
    pub riichi_sticks: u32,
    /// Flowers (Chinese families; riichi refuses any).
    pub flowers: u8,
    /// The winning tile is the last of its kind not yet seen (Chinese
    /// families; riichi refuses it).
    pub last_copy: bool,
    /// Won on a discard the discarder made right after its own kong
    /// (杠上炮; the `fans` family; needs `how = discard`).
    pub kong_discard: bool,
    /// The winner had declared ready by showing its hand (卡五星's 亮倒;
    /// the `fans` family).
    pub revealed: bool,
}

impl Claim {
    /// A claim of `winning`, come `how`, by the dealer in an east round,
    /// nothing else set.
    pub fn new(winning: Tile, how: WinHow) -> Claim {
        let east = Tile::new(Suit::Honor, 1).expect("1z");
        Claim {
            winning,
            how,
            seat_wind: east,
            round_wind: east,
            riichi: false,
            double_riichi: false,
            ippatsu: false,
            after_kong: false,
            last_tile: false,
            first_turn: false,
            dora: Vec::new(),
            ura_dora: Vec::new(),
            honba: 0,
            riichi_sticks: 0,
            flowers: 0,
            last_copy: false,
            kong_discard: false,
            revealed: false,
        }
    }

    /// Is the winner the dealer (the east seat)?
    pub fn is_dealer(&self) -> bool {
        self.seat_wind.index() == EAST
    }

    /// Was riichi declared (riichi or double riichi)?
    pub fn in_riichi(&self) -> bool {
        self.riichi || self.double_riichi
    }

    /// Refuses dora and ura-dora indicators that are copies the hand and
    /// its melds (`all`: every tile of the hand,
    /// [`every_tile`](crate::score::reading::every_tile)) leave none of
    /// ([`ScoreError::IndicatorCopies`]).
    ///
    /// # Errors
    /// The first indicator that makes a fifth copy of its kind.
    pub(crate) fn check_indicator_copies(&self, all: &[u8; KINDS]) -> Result<(), ScoreError> {
        let mut seen = *all;
        for t in self.dora.iter().chain(&self.ura_dora) {
            seen[t.index()] += 1;
            if seen[t.index()] > 4 {
                return Err(ScoreError::IndicatorCopies {
                    tile: *t,
                    count: seen[t.index()] as usize,
                });
            }
        }
        Ok(())
    }

    /// The conflicts every family refuses, checked against `hand`: a wind
    /// that is not a wind, riichi with an open meld, ippatsu without
    /// riichi, `after_kong` without a kong or not self-drawn, `first_turn`
    /// with a meld or riichi, and the rest listed at [`ScoreError`].
    ///
    /// # Errors
    /// The first conflict found, in the order of [`ScoreError`]'s variants.
    pub fn check(&self, hand: &Hand) -> Result<(), ScoreError> {
        for (field, tile) in [
            ("seat_wind", self.seat_wind),
            ("round_wind", self.round_wind),
        ] {
            if !holds(WINDS, tile.index()) {
                return Err(ScoreError::NotAWind { field, tile });
            }
        }
        for (field, list) in [("dora", &self.dora), ("ura_dora", &self.ura_dora)] {
            if list.len() > MAX_INDICATORS {
                return Err(ScoreError::TooManyIndicators {
                    field,
                    count: list.len(),
                });
            }
        }
        if hand.count(self.winning) == 0 {
            return Err(ScoreError::WinningNotHeld { tile: self.winning });
        }
        if self.in_riichi() {
            if let Some(&meld) = hand.melds().iter().find(|m| m.kind().is_open()) {
                return Err(ScoreError::RiichiWithOpenMeld { meld });
            }
        }
        if self.ippatsu && !self.in_riichi() {
            return Err(ScoreError::IppatsuWithoutRiichi);
        }
        if self.after_kong {
            if !hand.melds().iter().any(|m| m.kind().is_kong()) {
                return Err(ScoreError::AfterKongWithoutKong);
            }
            if self.how != WinHow::SelfDrawn {
                return Err(ScoreError::AfterKongNotSelfDrawn { how: self.how });
            }
        }
        if self.last_tile && self.how == WinHow::RobbingKong {
            return Err(ScoreError::LastTileRobbingKong);
        }
        if self.first_turn {
            if let Some(&meld) = hand.melds().first() {
                return Err(ScoreError::FirstTurnWithMeld { meld });
            }
            if self.in_riichi() {
                return Err(ScoreError::FirstTurnWithRiichi);
            }
            if self.how == WinHow::RobbingKong {
                return Err(ScoreError::FirstTurnRobbingKong);
            }
        }
        Ok(())
    }
}

/// Is `hand` a whole hand, asked by every scoring family once the claim's
/// own conflicts are checked and before any reading: a win's size (3N+2 tiles, a kong counted as three) that is
/// the rules' `max_tiles` (14, or 17 where `max_tiles = 17`). A win's size
/// short of it (`55z`, `123m456p789s55z`) is `Ok(false)`: the family
/// scores it as not legal, with the reason `not_a_win`.
///
/// # Errors
/// [`ScoreError::Hand`] with the shape layer's error for a hand no win
/// has (a size that is not 3N+2, too many copies, a tile out of play).
pub(crate) fn is_whole_hand(rules: &Rules, hand: &Hand) -> Result<bool, ScoreError> {
    if hand.size() == rules.max_tiles as usize {
        // The family's readings accept the hand, and name what is wrong
        // with it: a whole hand is not accepted twice.
        return Ok(true);
    }
    rules.accept_hand(hand, Purpose::Win)?;
    Ok(false)
}

/// Why a claim cannot be scored.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ScoreError {
    /// Rules without a `[scoring]` table.
    #[error("the '{rules}' rules have no [scoring] table: they judge shapes only")]
    NoScoring {
        /// The rules' name.
        rules: String,
    },
    /// A claim field that does not read (a hand, a tile, a list of
    /// indicators).
    #[error("{field}: {source}")]
    Parse {
        /// The field (`hand`, `winning`, `dora`, ...).
        field: &'static str,
        /// What is wrong.
        #[source]
        source: ParseError,
    },
    /// A text-form or JSON field with a value of the wrong kind.
    #[error("{field} = {text:?}: must be {expected}")]
    BadValue {
        /// The field.
        field: String,
        /// The value given.
        text: String,
        /// What it may be.
        expected: &'static str,
    },
    /// A claim field given a value of a type it does not take (a string
    /// or a number where a flag goes, a list inside the indicators' list,
    /// an object).
    #[error("{field} takes {expected}, not {given}")]
    WrongType {
        /// The field.
        field: &'static str,
        /// What it takes.
        expected: &'static str,
        /// What it was given.
        given: &'static str,
    },
    /// A claim field's text (or a JSON claim) longer than
    /// [`MAX_CLAIM_BYTES`].
    #[error("{field}: {bytes} bytes, longer than {MAX_CLAIM_BYTES}")]
    TooLong {
        /// The field (`claim` for the whole JSON text).
        field: &'static str,
        /// Its length in bytes.
        bytes: usize,
    },
    /// A field no claim has.
    #[error("{name:?} is not a claim field ({})", FieldNames)]
    UnknownField {
        /// The name given.
        name: String,
    },
    /// A field the claim needs and lacks.
    #[error("the claim has no {}", if *field == "winning" { "winning tile" } else { field })]
    MissingField {
        /// `hand` or `winning`.
        field: &'static str,
    },
    /// A field of the text form given twice with different values
    /// (`tsumo chankan`, `seat_wind=2z seat_wind=3z`).
    #[error("{field} is given twice: {first} and {second}")]
    ConflictingField {
        /// The field.
        field: &'static str,
        /// The value given first.
        first: String,
        /// The value given next.
        second: String,
    },
    /// A claim line that is not a JSON object of claim fields.
    #[error("bad claim: {message}")]
    Json {
        /// The JSON parser's message.
        message: String,
    },
    /// A seat or round wind that is not `1z`–`4z`.
    #[error("{field} = {tile}: a wind is 1z-4z")]
    NotAWind {
        /// `seat_wind` or `round_wind`.
        field: &'static str,
        /// The tile given.
        tile: Tile,
    },
    /// More indicators than a game can show.
    #[error("{field}: {count} indicators, at most {MAX_INDICATORS}")]
    TooManyIndicators {
        /// `dora` or `ura_dora`.
        field: &'static str,
        /// How many were given.
        count: usize,
    },
    /// A hand holding jokers, which the riichi and GB families do not
    /// score.
    #[error("the hand holds {jokers} joker(s): this family scores natural tiles only")]
    Jokers {
        /// How many.
        jokers: usize,
    },
    /// A winning tile the concealed part does not hold.
    #[error("the winning tile {tile} is not in the concealed part")]
    WinningNotHeld {
        /// The tile.
        tile: Tile,
    },
    /// A red winning tile (`0m`) where the concealed part holds no red
    /// five of its suit (named `winning_not_held`, as
    /// [`ScoreError::WinningNotHeld`]).
    #[error("the winning tile is a red {tile}, and the concealed part holds no red {tile}")]
    RedWinningNotHeld {
        /// The five.
        tile: Tile,
    },
    /// Riichi (or double riichi) with an open meld.
    #[error("riichi with the open meld {meld}: riichi needs a closed hand")]
    RiichiWithOpenMeld {
        /// The first open meld.
        meld: Meld,
    },
    /// Ippatsu without riichi.
    #[error("ippatsu without riichi")]
    IppatsuWithoutRiichi,
    /// Ippatsu with `after_kong`: the riichi player's own kong ends
    /// ippatsu, so a win on its replacement tile has none.
    #[error("ippatsu with after_kong: the winner's own kong ends ippatsu")]
    IppatsuAfterKong,
    /// More copies of a kind in the hand, its melds and the dora and
    /// ura-dora indicators than a set holds.
    #[error("{count} copies of {tile} in the hand, its melds and the indicators: a set has 4")]
    IndicatorCopies {
        /// The kind.
        tile: Tile,
        /// Its copies in the hand, the melds and the indicators.
        count: usize,
    },
    /// More honba or riichi sticks than a claim takes.
    #[error("{field} = {count}: at most {MAX_STICKS}")]
    TooManySticks {
        /// `honba` or `riichi_sticks`.
        field: &'static str,
        /// How many were given.
        count: u32,
    },
    /// `after_kong` with no kong declared.
    #[error("after_kong with no kong in the hand")]
    AfterKongWithoutKong,
    /// `after_kong` on a tile not self-drawn.
    #[error("after_kong on a {} win: the tile after a kong is self-drawn", how.name())]
    AfterKongNotSelfDrawn {
        /// How the tile came.
        how: WinHow,
    },
    /// `after_kong` with `last_tile` under riichi: the replacement tile
    /// comes from the dead wall, never the live wall's last tile (GB
    /// counts 杠上开花 and 妙手回春 together).
    #[error(
        "after_kong with last_tile: the replacement tile after a kong is not the wall's last tile"
    )]
    AfterKongOnLastTile,
    /// `kong_discard` on a tile that is not a discard.
    #[error("kong_discard on a {} win: the tile after a kong is won as a discard", how.name())]
    KongDiscardNotDiscard {
        /// How the tile came.
        how: WinHow,
    },
    /// `last_tile` on a robbed kong: no kong is declared on the last tile.
    #[error("last_tile on robbing-kong: no kong can be declared on the last tile")]
    LastTileRobbingKong,
    /// `first_turn` with a declared meld (a call or a kong ends the first
    /// go-around).
    #[error("first_turn with the meld {meld}: a call or a kong ends the first go-around")]
    FirstTurnWithMeld {
        /// The first meld.
        meld: Meld,
    },
    /// `first_turn` with riichi: a first-turn win comes before any riichi.
    #[error("first_turn with riichi: a first-turn win comes before any riichi")]
    FirstTurnWithRiichi,
    /// `first_turn` on a robbed kong: a kong ends the first go-around.
    #[error("first_turn on robbing-kong: a kong ends the first go-around")]
    FirstTurnRobbingKong,
    /// A field the family has no meaning for, set.
    #[error("{field} is not a {family} claim field")]
    NotInFamily {
        /// The field.
        field: &'static str,
        /// The family.
        family: &'static str,
    },
    /// Rules whose shapes the family cannot score (a rule file over a
    /// scoring preset that changed its tiles or forms).
    #[error("the '{rules}' rules cannot be scored by the {family} family: it scores {needs}")]
    Unscorable {
        /// The rules' name.
        rules: String,
        /// The family.
        family: &'static str,
        /// What the family needs of the rules.
        needs: &'static str,
    },
    /// More flowers than the set holds (GB: 8).
    #[error("{flowers} flowers: a set has 8")]
    TooManyFlowers {
        /// How many were given.
        flowers: u8,
    },
    /// A robbed kong's tile of which the winner holds another copy: the
    /// robbed pung holds the other three ([`HandError::RobbedTileHeld`]
    /// of [`Rules::win`](crate::Rules::win), named for scoring).
    #[error("robbing-kong on {tile} with {held} more {tile} in the hand and its melds: the robbed kong holds the other three")]
    RobbedTileHeld {
        /// The winning tile.
        tile: Tile,
        /// The other copies in the hand.
        held: usize,
    },
    /// A hand the rules cannot judge (a wrong size, a tile out of play).
    #[error(transparent)]
    Hand(#[from] HandError),
}

impl ScoreError {
    /// The error of a claim [`Rules::win`](crate::Rules::win) refuses: a
    /// winning tile not held, and a robbed tile held again, by their
    /// scoring names.
    pub(crate) fn of_win(e: HandError) -> ScoreError {
        match e {
            HandError::NotHeld { tile } => ScoreError::WinningNotHeld { tile },
            HandError::RobbedTileHeld { tile, held } => ScoreError::RobbedTileHeld { tile, held },
            e => ScoreError::Hand(e),
        }
    }

    /// A short stable name for the error, as the bindings report it
    /// (`no_scoring`, `riichi_with_open_meld`, ...).
    pub fn name(&self) -> &'static str {
        match self {
            ScoreError::NoScoring { .. } => "no_scoring",
            ScoreError::Parse { .. } => "parse",
            ScoreError::BadValue { .. } => "bad_value",
            ScoreError::WrongType { .. } => "wrong_type",
            ScoreError::TooLong { .. } => "too_long",
            ScoreError::UnknownField { .. } => "unknown_field",
            ScoreError::MissingField { .. } => "missing_field",
            ScoreError::ConflictingField { .. } => "conflicting_field",
            ScoreError::Json { .. } => "json",
            ScoreError::NotAWind { .. } => "not_a_wind",
            ScoreError::TooManyIndicators { .. } => "too_many_indicators",
            ScoreError::Jokers { .. } => "jokers",
            ScoreError::WinningNotHeld { .. } | ScoreError::RedWinningNotHeld { .. } => {
                "winning_not_held"
            }
            ScoreError::RiichiWithOpenMeld { .. } => "riichi_with_open_meld",
            ScoreError::IppatsuWithoutRiichi => "ippatsu_without_riichi",
            ScoreError::IppatsuAfterKong => "ippatsu_after_kong",
            ScoreError::IndicatorCopies { .. } => "indicator_copies",
            ScoreError::TooManySticks { .. } => "too_many_sticks",
            ScoreError::AfterKongWithoutKong => "after_kong_without_kong",
            ScoreError::AfterKongNotSelfDrawn { .. } => "after_kong_not_self_drawn",
            ScoreError::AfterKongOnLastTile => "after_kong_on_last_tile",
            ScoreError::KongDiscardNotDiscard { .. } => "kong_discard_not_discard",
            ScoreError::LastTileRobbingKong => "last_tile_robbing_kong",
            ScoreError::FirstTurnWithMeld { .. } => "first_turn_with_meld",
            ScoreError::FirstTurnWithRiichi => "first_turn_with_riichi",
            ScoreError::FirstTurnRobbingKong => "first_turn_robbing_kong",
            ScoreError::NotInFamily { .. } => "not_in_family",
            ScoreError::Unscorable { .. } => "unscorable",
            ScoreError::TooManyFlowers { .. } => "too_many_flowers",
            ScoreError::RobbedTileHeld { .. } => "robbed_tile_held",
            ScoreError::Hand(_) => "hand",
        }
    }
}

/// A claim as text: the fields of a JSON claim object, each optional but
/// `hand` and `winning` (absent flags are false, counts 0, both winds
/// `1z`, `how` a discard). Tiles are in `mpsz` or Chinese notation;
/// indicators are a list of tiles in one string (`"3m7z"`). With the
/// `serde` feature it deserialises from the JSON object (where the
/// indicators may also be a list, `["3m", "7z"]`).
///
/// ```
/// use hupai::score::ClaimSpec;
/// let (hand, claim) = ClaimSpec::from_text("123m55z [789s] [777p] [123s] 1m how=self-drawn seat_wind=2z dora=4p")?.resolve()?;
/// assert_eq!(hand.melds().len(), 3);
/// assert_eq!(claim.dora, ["4p".parse()?]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ClaimSpec {
    /// The hand, the winning tile in its concealed part.
    pub hand: Option<String>,
    /// The winning tile.
    pub winning: Option<String>,
    /// `discard` (also `ron`), `self-drawn` (also `tsumo`), `robbing-kong`
    /// (also `chankan`).
    pub how: Option<String>,
    /// `1z`–`4z`.
    pub seat_wind: Option<String>,
    /// `1z`–`4z`.
    pub round_wind: Option<String>,
    /// See [`Claim::riichi`].
    pub riichi: Option<bool>,
    /// See [`Claim::double_riichi`].
    pub double_riichi: Option<bool>,
    /// See [`Claim::ippatsu`].
    pub ippatsu: Option<bool>,
    /// See [`Claim::after_kong`].
    pub after_kong: Option<bool>,
    /// See [`Claim::last_tile`].
    pub last_tile: Option<bool>,
    /// See [`Claim::first_turn`].
    pub first_turn: Option<bool>,
    /// Dora indicators as tiles (`"3m7z"`).
    pub dora: Option<String>,
    /// Ura-dora indicators as tiles.
    pub ura_dora: Option<String>,
    /// See [`Claim::honba`].
    pub honba: Option<u32>,
    /// See [`Claim::riichi_sticks`].
    pub riichi_sticks: Option<u32>,
    /// See [`Claim::flowers`].
    pub flowers: Option<u8>,
    /// See [`Claim::last_copy`].
    pub last_copy: Option<bool>,
    /// See [`Claim::kong_discard`].
    pub kong_discard: Option<bool>,
    /// See [`Claim::revealed`].
    pub revealed: Option<bool>,
}

/// Do `a` and `b` name one way (`tsumo`, `self-drawn`)?
fn same_way(a: &str, b: &str) -> bool {
    how_of(a).is_some() && how_of(a) == how_of(b)
}

/// The way `text` names, if any (`WinHow`'s `FromStr`, aliases included).
fn how_of(text: &str) -> Option<WinHow> {
    text.parse().ok()
}

fn parse_tile(field: &'static str, text: &str) -> Result<Tile, ScoreError> {
    text.trim()
        .parse::<Tile>()
        .map_err(|source| ScoreError::Parse { field, source })
}

fn parse_indicators(
    field: &'static str,
    text: &str,
    red: &mut [usize; 3],
) -> Result<Vec<Tile>, ScoreError> {
    if text.trim().is_empty() {
        return Ok(Vec::new());
    }
    let hand: Hand = text
        .parse()
        .map_err(|source| ScoreError::Parse { field, source })?;
    if hand.jokers() > 0 || hand.has_melds() {
        return Err(ScoreError::Parse {
            field,
            source: ParseError::NotOneTile { text: cut(text) },
        });
    }
    count_red(&hand, red)?;
    // Indicators count by kind: kept in index order.
    Ok(hand.tiles().collect())
}

/// Adds `hand`'s red fives to `red` (per numbered suit), refusing a second
/// red five of a suit across the hand and the indicators.
fn count_red(hand: &Hand, red: &mut [usize; 3]) -> Result<(), ScoreError> {
    for (s, count) in red.iter_mut().enumerate() {
        *count += (hand.red_bits() >> (3 * s) & 7 != 0) as usize;
        if *count > 1 {
            return Err(ScoreError::Hand(HandError::TooManyRedFives {
                tile: Tile::from_index(9 * s + 4).expect("index < 34"),
                count: *count,
            }));
        }
    }
    Ok(())
}

impl ClaimSpec {
    /// Reads the text form: `HAND WINNING key=value ...`, fields separated
    /// by whitespace. The tokens with `=` are fields named as in the JSON
    /// object (`how=self-drawn`, `seat_wind=2z`, `dora=3m7z`, `honba=1`);
    /// a flag may stand alone (`riichi` is `riichi=true`); of the other
    /// tokens the last is the winning tile and those before it the hand
    /// (`123m55z [789s] [777p] [123s] 1m riichi`). `how` may also be given
    /// alone (`discard`, `ron`, `self-drawn`, `tsumo`, `robbing-kong`, `chankan`).
    ///
    /// A field given twice must say the same both times (`tsumo
    /// how=self-drawn` does).
    ///
    /// # Errors
    /// [`ScoreError::UnknownField`], [`ScoreError::BadValue`],
    /// [`ScoreError::MissingField`] (a single word is the hand, without
    /// its winning tile), [`ScoreError::TooLong`],
    /// [`ScoreError::ConflictingField`].
    pub fn from_text(line: &str) -> Result<ClaimSpec, ScoreError> {
        let mut spec = ClaimSpec::default();
        let mut rest: Vec<&str> = Vec::new();
        for token in line.split_whitespace() {
            let (key, value) = match token.split_once('=') {
                Some((k, v)) => (k, Some(v)),
                None if is_flag(token) => (token, Some("true")),
                None if how_of(token).is_some() => ("how", Some(token)),
                None => {
                    rest.push(token);
                    continue;
                }
            };
            spec.set(key, value.unwrap_or(""))?;
        }
        // A hand alone (`234567m234p67888s`) lacks its winning tile.
        let winning = match rest.pop() {
            Some(winning) if !rest.is_empty() => winning,
            _ => return Err(ScoreError::MissingField { field: "winning" }),
        };
        spec.set_field("winning", ClaimValue::Text(winning))?;
        spec.set_field("hand", ClaimValue::Text(&rest.join(" ")))?;
        Ok(spec)
    }

    /// Sets the field `key` from a word of the text form: a flag's `true`,
    /// `1`, `yes`, `false`, `0` or `no`; a count's digits; any other
    /// field's text.
    fn set(&mut self, key: &str, value: &str) -> Result<(), ScoreError> {
        let Some(&(field, slot)) = FIELDS.iter().find(|(name, _)| *name == key) else {
            return Err(ScoreError::UnknownField { name: cut(key) });
        };
        let bad = |expected| ScoreError::BadValue {
            field: field.into(),
            text: cut(value),
            expected,
        };
        let value = match slot {
            Slot::Flag(_) => ClaimValue::Flag(match value {
                "true" | "1" | "yes" => true,
                "false" | "0" | "no" => false,
                _ => return Err(bad("true or false")),
            }),
            Slot::Count { .. } => {
                ClaimValue::Count(value.parse().map_err(|_| bad("a count (0 or more)"))?)
            }
            Slot::Text(_) | Slot::Tiles(_) => ClaimValue::Text(value),
        };
        self.set_field(key, value)
    }

    /// Sets the field `name` to `value`: the one reader of a claim's
    /// fields, which the JSON claim, the text form and the bindings' own
    /// objects (a Python dict, a JS object) all go through. A flag takes
    /// [`ClaimValue::Flag`]; `honba`, `riichi_sticks` and `flowers`
    /// [`ClaimValue::Count`]; `dora` and `ura_dora` [`ClaimValue::Text`]
    /// (tiles in one string) or [`ClaimValue::Tiles`] (one tile an item);
    /// every other field [`ClaimValue::Text`]. A text holds at most
    /// [`MAX_CLAIM_BYTES`].
    ///
    /// ```
    /// use hupai::score::{ClaimSpec, ClaimValue, ScoreError};
    /// let mut spec = ClaimSpec::default();
    /// spec.set_field("riichi", ClaimValue::Flag(true))?;
    /// spec.set_field("dora", ClaimValue::Tiles(&["3m", "7z"]))?;
    /// assert!(matches!(
    ///     spec.set_field("riichi", ClaimValue::Text("false")),
    ///     Err(ScoreError::WrongType { field: "riichi", .. })
    /// ));
    /// assert!(spec.set_field("dora", ClaimValue::Tiles(&["1", "2m"])).is_err());
    /// # Ok::<(), ScoreError>(())
    /// ```
    ///
    /// # Errors
    /// [`ScoreError::UnknownField`] for a name no claim has,
    /// [`ScoreError::WrongType`] for a value of a type the field does not
    /// take, [`ScoreError::TooLong`], [`ScoreError::BadValue`] for a count
    /// out of range, [`ScoreError::TooManyIndicators`] and
    /// [`ScoreError::Parse`] for a list item that is not one tile.
    pub fn set_field(&mut self, name: &str, value: ClaimValue<'_>) -> Result<(), ScoreError> {
        let Some(&(field, slot)) = FIELDS.iter().find(|(n, _)| *n == name) else {
            return Err(ScoreError::UnknownField { name: cut(name) });
        };
        // A field given twice must say the same both times (`tsumo` and
        // `how=self-drawn` name one way).
        let conflict =
            |first: &dyn fmt::Display, second: &dyn fmt::Display| ScoreError::ConflictingField {
                field,
                first: cut(&first.to_string()),
                second: cut(&second.to_string()),
            };
        let put_text = |slot: &mut Option<String>, t: Option<String>| match (&*slot, &t) {
            (Some(first), Some(second))
                if first != second && !(field == "how" && same_way(first, second)) =>
            {
                Err(conflict(first, second))
            }
            _ => {
                *slot = t;
                Ok(())
            }
        };
        let wrong = |value: &ClaimValue<'_>| ScoreError::WrongType {
            field,
            expected: slot.expected(),
            given: value.kind(),
        };
        let text = |text: &str| {
            if text.len() > MAX_CLAIM_BYTES {
                return Err(ScoreError::TooLong {
                    field,
                    bytes: text.len(),
                });
            }
            Ok(Some(text.to_string()))
        };
        match (slot, &value) {
            (_, ClaimValue::Absent) => {}
            (Slot::Flag(at), &ClaimValue::Flag(on)) => match *at(self) {
                Some(first) if first != on => return Err(conflict(&first, &on)),
                _ => *at(self) = Some(on),
            },
            (Slot::Count { max, get, at }, &ClaimValue::Count(n)) => {
                let n = u32::try_from(n).ok().filter(|&n| n <= max).ok_or_else(|| {
                    ScoreError::BadValue {
                        field: field.into(),
                        text: n.to_string(),
                        expected: if max == u32::MAX {
                            "a count (0 or more)"
                        } else {
                            "a count (0-255)"
                        },
                    }
                })?;
                match get(self) {
                    Some(first) if first != n => return Err(conflict(&first, &n)),
                    _ => at(self, n),
                }
            }
            (Slot::Text(at) | Slot::Tiles(at), ClaimValue::Text(t)) => {
                let t = text(t)?;
                put_text(at(self), t)?;
            }
            (Slot::Tiles(at), ClaimValue::Tiles(items)) => {
                if items.len() > MAX_INDICATORS {
                    return Err(ScoreError::TooManyIndicators {
                        field,
                        count: items.len(),
                    });
                }
                // Each item is one tile, read alone: items are never
                // glued into a text that reads otherwise.
                for item in items.iter() {
                    parse_tile(field, item)?;
                }
                let t = text(&items.join(" "))?;
                put_text(at(self), t)?;
            }
            _ => return Err(wrong(&value)),
        }
        Ok(())
    }

    /// The fields of `text`, `key=value` words (and flags alone) as in
    /// [`ClaimSpec::from_text`], set over these: a context such as
    /// `seat_wind=2z riichi dora=3m` for [`Rules::wait_values`](crate::Rules::wait_values).
    ///
    /// # Errors
    /// As [`ClaimSpec::from_text`]; a word that is not a field.
    pub fn with_fields(mut self, text: &str) -> Result<ClaimSpec, ScoreError> {
        for token in text.split_whitespace() {
            match token.split_once('=') {
                Some((k, v)) => self.set(k, v)?,
                None if is_flag(token) => self.set(token, "true")?,
                None if how_of(token).is_some() => self.set("how", token)?,
                None => return Err(ScoreError::UnknownField { name: cut(token) }),
            }
        }
        Ok(self)
    }

    /// The claim these fields make without a hand (a context: the winning
    /// tile, when absent, is `1z`).
    ///
    /// # Errors
    /// As [`ClaimSpec::resolve`].
    pub fn resolve_context(&self) -> Result<Claim, ScoreError> {
        let mut spec = self.clone();
        spec.hand = Some(String::new());
        spec.winning.get_or_insert_with(|| "1z".to_string());
        spec.resolve().map(|(_, claim)| claim)
    }

    /// The hand and the claim these fields make.
    ///
    /// # Errors
    /// [`ScoreError::MissingField`] without a hand or a winning tile,
    /// [`ScoreError::Parse`] for a field that does not read,
    /// [`ScoreError::BadValue`] for an unknown `how`,
    /// [`ScoreError::RedWinningNotHeld`] for a red winning tile (`0m`)
    /// the concealed part holds no red five of,
    /// [`HandError::TooManyRedFives`] for a red five of a suit written
    /// twice across the hand and the indicators.
    pub fn resolve(&self) -> Result<(Hand, Claim), ScoreError> {
        let hand_text = self
            .hand
            .as_deref()
            .ok_or(ScoreError::MissingField { field: "hand" })?;
        let hand: Hand = hand_text.parse().map_err(|source| ScoreError::Parse {
            field: "hand",
            source,
        })?;
        let winning_text = self
            .winning
            .as_deref()
            .ok_or(ScoreError::MissingField { field: "winning" })?;
        let winning = parse_tile("winning", winning_text)?;
        // A red winning tile is the concealed part's red five of its suit
        // (bit 1 of the suit's place in the red-five layout).
        let red_written = winning_text
            .trim()
            .parse::<Hand>()
            .is_ok_and(|one| one.red_fives() > 0);
        let suit = winning.index() / 9;
        if red_written && (hand.red_bits() >> (3 * suit) & 7) != 1 {
            return Err(ScoreError::RedWinningNotHeld { tile: winning });
        }
        let how = match self.how.as_deref() {
            None => WinHow::Discard,
            Some(t) => how_of(t).ok_or_else(|| ScoreError::BadValue {
                field: "how".into(),
                text: cut(t),
                expected: crate::error::WIN_HOW_NAMES,
            })?,
        };
        let mut claim = Claim::new(winning, how);
        if let Some(t) = &self.seat_wind {
            claim.seat_wind = parse_tile("seat_wind", t)?;
        }
        if let Some(t) = &self.round_wind {
            claim.round_wind = parse_tile("round_wind", t)?;
        }
        claim.riichi = self.riichi.unwrap_or(false);
        claim.double_riichi = self.double_riichi.unwrap_or(false);
        claim.ippatsu = self.ippatsu.unwrap_or(false);
        claim.after_kong = self.after_kong.unwrap_or(false);
        claim.last_tile = self.last_tile.unwrap_or(false);
        claim.first_turn = self.first_turn.unwrap_or(false);
        // One red five a suit, the hand's and the indicators' together.
        let mut red = [0usize; 3];
        count_red(&hand, &mut red)?;
        if let Some(t) = &self.dora {
            claim.dora = parse_indicators("dora", t, &mut red)?;
        }
        if let Some(t) = &self.ura_dora {
            claim.ura_dora = parse_indicators("ura_dora", t, &mut red)?;
        }
        claim.honba = self.honba.unwrap_or(0);
        claim.riichi_sticks = self.riichi_sticks.unwrap_or(0);
        claim.flowers = self.flowers.unwrap_or(0);
        claim.last_copy = self.last_copy.unwrap_or(false);
        claim.kong_discard = self.kong_discard.unwrap_or(false);
        claim.revealed = self.revealed.unwrap_or(false);
        Ok((hand, claim))
    }
}

/// A claim field's value as a reader found it, before the field reads it
/// ([`ClaimSpec::set_field`]): the JSON value, the Python object, the JS
/// value, one level deep.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ClaimValue<'a> {
    /// No value (JSON `null`, Python `None`, JS `undefined` or `null`):
    /// the field stays unset.
    Absent,
    /// A boolean.
    Flag(bool),
    /// A whole number.
    Count(i128),
    /// A string.
    Text(&'a str),
    /// A list of strings.
    Tiles(&'a [&'a str]),
    /// A value of another type, described for the error (`"a float"`,
    /// `"an object"`, `"a list holding a list"`).
    Other(&'static str),
}

impl ClaimValue<'_> {
    /// The value's type, as an error names it.
    fn kind(&self) -> &'static str {
        match self {
            ClaimValue::Absent => "nothing",
            ClaimValue::Flag(_) => "a boolean",
            ClaimValue::Count(_) => "a number",
            ClaimValue::Text(_) => "a string",
            ClaimValue::Tiles(_) => "a list",
            ClaimValue::Other(kind) => kind,
        }
    }
}

/// What a claim field holds, and where [`ClaimSpec`] keeps it.
#[derive(Clone, Copy)]
enum Slot {
    /// Text: the hand, a tile, a way.
    Text(fn(&mut ClaimSpec) -> &mut Option<String>),
    /// Tiles: a string, or a list of one-tile strings.
    Tiles(fn(&mut ClaimSpec) -> &mut Option<String>),
    /// A flag.
    Flag(fn(&mut ClaimSpec) -> &mut Option<bool>),
    /// A count of at most `max`.
    Count {
        max: u32,
        get: fn(&ClaimSpec) -> Option<u32>,
        at: fn(&mut ClaimSpec, u32),
    },
}

impl Slot {
    /// What the field takes, as an error names it.
    fn expected(self) -> &'static str {
        match self {
            Slot::Text(_) => "a string",
            Slot::Tiles(_) => "tiles: a string, or a list of one-tile strings",
            Slot::Flag(_) => "true or false",
            Slot::Count { .. } => "a count (a whole number, 0 or more)",
        }
    }
}

/// The claim's fields, by name: the one list every reader reads (a new
/// flag is one line here, beside its field in [`ClaimSpec`] and
/// [`Claim`]).
const FIELDS: [(&str, Slot); 19] = [
    ("hand", Slot::Text(|s| &mut s.hand)),
    ("winning", Slot::Text(|s| &mut s.winning)),
    ("how", Slot::Text(|s| &mut s.how)),
    ("seat_wind", Slot::Text(|s| &mut s.seat_wind)),
    ("round_wind", Slot::Text(|s| &mut s.round_wind)),
    ("riichi", Slot::Flag(|s| &mut s.riichi)),
    ("double_riichi", Slot::Flag(|s| &mut s.double_riichi)),
    ("ippatsu", Slot::Flag(|s| &mut s.ippatsu)),
    ("after_kong", Slot::Flag(|s| &mut s.after_kong)),
    ("last_tile", Slot::Flag(|s| &mut s.last_tile)),
    ("first_turn", Slot::Flag(|s| &mut s.first_turn)),
    ("dora", Slot::Tiles(|s| &mut s.dora)),
    ("ura_dora", Slot::Tiles(|s| &mut s.ura_dora)),
    (
        "honba",
        Slot::Count {
            max: u32::MAX,
            get: |s| s.honba,
            at: |s, n| s.honba = Some(n),
        },
    ),
    (
        "riichi_sticks",
        Slot::Count {
            max: u32::MAX,
            get: |s| s.riichi_sticks,
            at: |s, n| s.riichi_sticks = Some(n),
        },
    ),
    (
        "flowers",
        Slot::Count {
            max: u8::MAX as u32,
            get: |s| s.flowers.map(u32::from),
            at: |s, n| s.flowers = Some(n as u8),
        },
    ),
    ("last_copy", Slot::Flag(|s| &mut s.last_copy)),
    ("kong_discard", Slot::Flag(|s| &mut s.kong_discard)),
    ("revealed", Slot::Flag(|s| &mut s.revealed)),
];

impl std::str::FromStr for ClaimSpec {
    type Err = ScoreError;

    /// [`ClaimSpec::from_text`]: `HAND WINNING key=value ...`.
    ///
    /// ```
    /// use hupai::score::{ClaimSpec, Score};
    /// use hupai::Rules;
    /// let spec: ClaimSpec = "234567m234p67888s 8s how=self-drawn riichi".parse()?;
    /// let (hand, claim) = spec.resolve()?;
    /// let score = Rules::riichi().score(&hand, &claim)?;
    /// assert_eq!(score.total(), 7800);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn from_str(text: &str) -> Result<ClaimSpec, ScoreError> {
        ClaimSpec::from_text(text)
    }
}

/// Is `word` a flag (the text form reads it alone)?
fn is_flag(word: &str) -> bool {
    FIELDS
        .iter()
        .any(|(name, slot)| *name == word && matches!(slot, Slot::Flag(_)))
}

/// The claim's field names, comma-separated (for [`ScoreError::UnknownField`]).
struct FieldNames;

impl fmt::Display for FieldNames {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (name, _)) in FIELDS.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            f.write_str(name)?;
        }
        Ok(())
    }
}

impl fmt::Display for Claim {
    /// The text form's fields after the hand: `1m how=discard seat_wind=1z
    /// round_wind=1z riichi dora=3m`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} how={} seat_wind={} round_wind={}",
            self.winning,
            self.how.name(),
            self.seat_wind,
            self.round_wind
        )?;
        for (name, on) in [
            ("riichi", self.riichi),
            ("double_riichi", self.double_riichi),
            ("ippatsu", self.ippatsu),
            ("after_kong", self.after_kong),
            ("last_tile", self.last_tile),
            ("first_turn", self.first_turn),
            ("last_copy", self.last_copy),
            ("kong_discard", self.kong_discard),
            ("revealed", self.revealed),
        ] {
            if on {
                write!(f, " {name}")?;
            }
        }
        for (name, list) in [("dora", &self.dora), ("ura_dora", &self.ura_dora)] {
            if !list.is_empty() {
                write!(f, " {name}=")?;
                for t in list {
                    write!(f, "{t}")?;
                }
            }
        }
        for (name, n) in [
            ("honba", self.honba),
            ("riichi_sticks", self.riichi_sticks),
            ("flowers", self.flowers as u32),
        ] {
            if n > 0 {
                write!(f, " {name}={n}")?;
            }
        }
        Ok(())
    }
}
