//! `serde` for the types users store (feature `serde`): each as the text
//! the library prints and reads, so JSON stays readable and round-trips.
//!
//! | type | as |
//! |---|---|
//! | [`Tile`] | `"5p"` |
//! | [`Hand`] | `"123m456p*"` (canonical `mpsz`) |
//! | [`TileSet`] | `["1m", "4m"]` |
//! | [`Form`] | `"seven-pairs"` |
//! | [`Forms`] | `["standard", "seven-pairs"]` |
//! | [`Group`] | `"1*3s:123s"` |
//! | [`Split`] | `{"form": "standard", "groups": ["123m", ...]}` |
//!
//! The results are serialised (not read back) in the same words, as
//! `hupai --json` prints them; Python's dicts and the JS package's objects
//! are these too:
//!
//! | type | as |
//! |---|---|
//! | [`Splits`] | `{"splits": [Split, ...]}`, and `"truncated": true, "total": N` when splits were left out |
//! | [`WinningTile`], [`Discard`] | `"5s"`, or `"*"` for a joker |
//! | [`WinHow`] | `"self-drawn"`, `"discard"`, `"robbing-kong"` |
//! | [`WaitShape`] | `"kanchan"` |
//! | [`Completion`] | `{"group": 1, "shape": "kanchan"}` |
//! | [`WinSplit`] | `{"form", "groups", "completions": [Completion, ...]}` |
//! | [`Win`] | `{"win": true, "forms", "winning", "how", "shapes": [WaitShape, ...], "splits": [WinSplit, ...]}` (see also [`WinPage`]) |
//! | [`Reveal`] | `{"waits": ["1m", "4m"], "reveal": "23m"}` |
//! | [`EffectiveTiles`] | `["1m", "4m"]` (the kinds) |
//! | [`Draws`] | `{"shanten": 0, "tiles": ["1m", "4m"], "count": 8}` |
//! | [`DiscardChoice`] | `{"discard": "9s", "shanten", "tiles", "count"}` |
//! | [`Efficiency`] | a [`Draws`] for 3N+1 tiles; `{"shanten": 1, "discards": [DiscardChoice, ...]}` for 3N+2 |

use std::fmt;
use std::str::FromStr;

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeSeq, SerializeStruct, Serializer};
use serde::{Deserialize, Serialize};

use crate::form::{Form, Forms};
use crate::group::{Group, Split, Splits};
use crate::hand::Hand;
use crate::reveal::Reveal;
use crate::score::gb::{Fan, FanCount, GbScore};
use crate::score::riichi::{FuItem, Points, RiichiScore, Yaku, YakuHan, YakuList};
use crate::score::{ClaimSpec, ClaimValue, FanCounted, FansScore, Score, WaitValue};
use crate::shanten::{Discard, DiscardChoice, Draws, EffectiveTiles, Efficiency};
use crate::tile::{Tile, TileSet};
use crate::win::{Completion, WaitShape, Win, WinHow, WinSplit, WinningTile};

/// Serialises `value` as its `Display` text: written into a buffer on the
/// stack first when it fits (a group, a short hand), so that the format
/// sees one string rather than each piece of it.
fn as_text<S: Serializer, T: fmt::Display>(value: &T, s: S) -> Result<S::Ok, S::Error> {
    let mut text = ShortText::default();
    match fmt::write(&mut text, format_args!("{value}")) {
        Ok(()) => s.serialize_str(text.as_str()),
        Err(_) => s.collect_str(value),
    }
}

/// Text of at most 64 bytes, on the stack.
struct ShortText {
    bytes: [u8; 64],
    len: usize,
}

impl Default for ShortText {
    fn default() -> ShortText {
        ShortText {
            bytes: [0; 64],
            len: 0,
        }
    }
}

impl ShortText {
    fn as_str(&self) -> &str {
        // Whole `str`s were written: the bytes are UTF-8.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl fmt::Write for ShortText {
    fn write_str(&mut self, piece: &str) -> fmt::Result {
        let end = self.len + piece.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(piece.as_bytes());
        self.len = end;
        Ok(())
    }
}

/// Reads a value from text with its `FromStr`.
fn from_text<'de, D, T>(d: D) -> Result<T, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
    T::Err: fmt::Display,
{
    let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
    text.parse().map_err(de::Error::custom)
}

macro_rules! text_serde {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                as_text(self, s)
            }
        }
        impl<'de> Deserialize<'de> for $t {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$t, D::Error> {
                from_text(d)
            }
        }
    )*};
}

text_serde!(Hand, Group);

/// A tile's text (`5p`: its rank, its suit's letter), written without the
/// formatting machinery: results hold many tiles.
fn serialize_tile<S: Serializer>(tile: Tile, s: S) -> Result<S::Ok, S::Error> {
    let text = [b'0' + tile.rank(), tile.suit().letter() as u8];
    s.serialize_str(std::str::from_utf8(&text).map_err(serde::ser::Error::custom)?)
}

impl Serialize for Tile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        serialize_tile(*self, s)
    }
}

impl<'de> Deserialize<'de> for Tile {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Tile, D::Error> {
        from_text(d)
    }
}

impl FromStr for Form {
    type Err = String;

    fn from_str(name: &str) -> Result<Form, String> {
        Form::from_name(name).ok_or_else(|| format!("{name:?} is not a form"))
    }
}

impl<'de> Deserialize<'de> for Form {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Form, D::Error> {
        from_text(d)
    }
}

/// A sequence of elements, each as text.
fn seq<S: Serializer, T: Serialize>(
    items: impl Iterator<Item = T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    let mut out = s.serialize_seq(None)?;
    for item in items {
        out.serialize_element(&item)?;
    }
    out.end()
}

struct SeqOf<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for SeqOf<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a list")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Vec<T>, A::Error> {
        let mut out = Vec::new();
        // Sets hold at most 34 kinds: a longer list is refused, not grown.
        while let Some(item) = a.next_element()? {
            if out.len() == 64 {
                return Err(de::Error::custom("more than 64 elements"));
            }
            out.push(item);
        }
        Ok(out)
    }
}

/// Serde for sets as sequences of their elements: `set => element`.
macro_rules! seq_serde {
    ($($set:ty => $element:ty),*) => {$(
        impl Serialize for $set {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                seq(self.iter(), s)
            }
        }
        impl<'de> Deserialize<'de> for $set {
            fn deserialize<D: Deserializer<'de>>(d: D) -> Result<$set, D::Error> {
                Ok(d.deserialize_seq(SeqOf::<$element>(Default::default()))?
                    .into_iter()
                    .collect())
            }
        }
    )*};
}

seq_serde!(TileSet => Tile, Forms => Form);

#[derive(Deserialize)]
#[serde(rename = "Split", deny_unknown_fields)]
struct SplitFields {
    form: Form,
    groups: Vec<Group>,
}

impl Serialize for Split {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Split", 2)?;
        out.serialize_field("form", &self.form)?;
        out.serialize_field("groups", &self.groups)?;
        out.end()
    }
}

impl<'de> Deserialize<'de> for Split {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Split, D::Error> {
        let f = SplitFields::deserialize(d)?;
        Ok(Split::new(f.form, f.groups))
    }
}

/// Serialize for the enums of a tile or a joker (`Tile(tile)` or
/// `Joker`): the tile's text, or `*`.
macro_rules! tile_or_joker_serialize {
    ($($t:ident),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                match self {
                    $t::Tile(t) => serialize_tile(*t, s),
                    $t::Joker => s.serialize_str("*"),
                }
            }
        }
    )*};
}

tile_or_joker_serialize!(WinningTile, Discard);

/// Serialize for the types named by their `name()`.
macro_rules! name_serialize {
    ($($t:ty),*) => {$(
        impl Serialize for $t {
            fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.name())
            }
        }
    )*};
}

name_serialize!(Form, WaitShape, WinHow);

/// `"truncated": true, "total": N` when `shown` of `total` items are
/// serialised, the two fields of a page that left some out.
fn page_fields<S: SerializeStruct>(out: &mut S, shown: usize, total: u64) -> Result<(), S::Error> {
    if (shown as u64) < total {
        out.serialize_field("truncated", &true)?;
        out.serialize_field("total", &total)?;
    } else {
        out.skip_field("truncated")?;
        out.skip_field("total")?;
    }
    Ok(())
}

impl Serialize for Splits {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Splits", 3)?;
        out.serialize_field("splits", &self.splits)?;
        page_fields(&mut out, self.splits.len(), self.total)?;
        out.end()
    }
}

impl Serialize for Completion {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Completion", 2)?;
        out.serialize_field("group", &self.group)?;
        out.serialize_field("shape", &self.shape)?;
        out.end()
    }
}

impl Serialize for WinSplit {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("WinSplit", 3)?;
        out.serialize_field("form", &self.split.form)?;
        out.serialize_field("groups", &self.split.groups)?;
        out.serialize_field("completions", &self.completions)?;
        out.end()
    }
}

/// A [`Win`] with at most a number of its splits (the first ones), for a
/// hand with too many to print: serialised as the [`Win`] is (its
/// `"shapes"` those of every split), with `"truncated": true, "total": N`
/// after the splits when some were left out, as `hupai check --winning
/// --json` prints it. A win from [`Rules::win_limited`](crate::Rules::win_limited)
/// holds no more splits than it lists.
///
/// ```
/// use hupai::serde_impls::WinPage;
/// use hupai::{Rules, WinHow, WinningTile};
/// let rules = Rules::chinese();
/// let win = rules.win(&"111222333m11z456p".parse()?, WinningTile::Tile("1z".parse()?), WinHow::Discard)?;
/// assert!(win.splits.len() > 1);
/// let text = serde_json::to_string(&WinPage::new(&win, 1))?;
/// assert!(text.ends_with(&format!(r#"]}}],"truncated":true,"total":{}}}"#, win.total)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug)]
pub struct WinPage<'a> {
    win: &'a Win,
    shown: usize,
}

impl<'a> WinPage<'a> {
    /// `win` with its first `max_splits` splits at most.
    pub fn new(win: &'a Win, max_splits: usize) -> WinPage<'a> {
        WinPage {
            win,
            shown: max_splits.min(win.splits.len()),
        }
    }
}

impl Serialize for WinPage<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let win = self.win;
        let mut out = s.serialize_struct("Win", 8)?;
        out.serialize_field("win", &!win.forms.is_empty())?;
        out.serialize_field("forms", &win.forms)?;
        out.serialize_field("winning", &win.winning)?;
        out.serialize_field("how", &win.how)?;
        out.serialize_field("shapes", &win.shapes())?;
        out.serialize_field("splits", &win.splits[..self.shown])?;
        page_fields(&mut out, self.shown, win.total)?;
        out.end()
    }
}

impl Serialize for Win {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        WinPage::new(self, self.splits.len()).serialize(s)
    }
}

impl Serialize for Reveal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Reveal", 2)?;
        out.serialize_field("waits", &self.waits)?;
        out.serialize_field("reveal", &self.tiles)?;
        out.end()
    }
}

impl Serialize for EffectiveTiles {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.kinds().serialize(s)
    }
}

/// `"shanten", "tiles", "count"`: the fields of [`Draws`].
fn draws_fields<S: SerializeStruct>(out: &mut S, draws: &Draws) -> Result<(), S::Error> {
    out.serialize_field("shanten", &draws.shanten)?;
    out.serialize_field("tiles", &draws.tiles)?;
    out.serialize_field("count", &draws.count)
}

impl Serialize for Draws {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Draws", 3)?;
        draws_fields(&mut out, self)?;
        out.end()
    }
}

impl Serialize for DiscardChoice {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("DiscardChoice", 4)?;
        out.serialize_field("discard", &self.discard)?;
        draws_fields(&mut out, &self.draws)?;
        out.end()
    }
}

impl Serialize for Efficiency {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Efficiency::Draw(draws) => draws.serialize(s),
            Efficiency::Discard { shanten, discards } => {
                let mut out = s.serialize_struct("Efficiency", 2)?;
                out.serialize_field("shanten", shanten)?;
                out.serialize_field("discards", discards)?;
                out.end()
            }
        }
    }
}

// Scoring (see `hupai::score`).
//
// | type | as |
// |---|---|
// | `Score` (riichi) | `{"legal", "reason" (when not legal), "han", "fu", "fu_details": [{"fu", "reason"}], "yaku": [{"name", "han"}], "yakuman", "limit", "points": {"total", ...}, "split", "shape"}` |
// | `Score` (GB) | `{"legal", "reason" (when not legal), "fans": [{"name", "name_zh", "points", "count"}], "points": {"total", "fans"}, "split", "shape"}` (`"fans"` in points: without flowers, what the minimum of 8 is measured on) |
// | `Score` (fans) | `{"legal", "reason" (when not legal: "not_a_win", "below_minimum"), "fans": [{"id", "name", "value", "count"}], "fan", "fan_capped", "points": {"total"}, "split", "shape", "jokers": ["5m", ...]}` |
// | `Points` | `{"total"}` and `"discard"` (a discard), or `"dealer"` (a non-dealer's self-draw) and `"others"` (a self-draw) |
// | `WaitValue` | `{"tile", "discard": Score, "self_drawn": Score}`, and `"no_yaku_on_discard"` (riichi) or `"reaches_8": {"discard", "self_drawn"}` (GB); a fan table's scores say `legal` themselves |

impl Serialize for Yaku {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for YakuHan {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("YakuHan", 2)?;
        out.serialize_field("name", &self.yaku)?;
        out.serialize_field("han", &self.han)?;
        out.end()
    }
}

impl Serialize for YakuList {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self)
    }
}

impl Serialize for FuItem {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("FuItem", 2)?;
        out.serialize_field("fu", &self.fu)?;
        out.serialize_field("reason", self.reason.name())?;
        out.end()
    }
}

impl Serialize for Points {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Points", 4)?;
        out.serialize_field("total", &self.total)?;
        for (name, v) in [
            ("discard", self.discard),
            ("dealer", self.dealer),
            ("others", self.others),
        ] {
            match v {
                Some(v) => out.serialize_field(name, &v)?,
                None => out.skip_field(name)?,
            }
        }
        out.end()
    }
}

impl Serialize for RiichiScore {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Score", 11)?;
        self.fields(&mut out)?;
        out.end()
    }
}

impl RiichiScore {
    /// The score's fields, written into `out`.
    fn fields<S: SerializeStruct>(&self, out: &mut S) -> Result<(), S::Error> {
        out.serialize_field("legal", &self.legal)?;
        match self.reason {
            Some(r) => out.serialize_field("reason", r.name())?,
            None => out.skip_field("reason")?,
        }
        out.serialize_field("han", &self.han)?;
        out.serialize_field("fu", &self.fu)?;
        out.serialize_field("fu_details", self.fu_details.as_slice())?;
        out.serialize_field("yaku", &self.yaku)?;
        out.serialize_field("yakuman", &self.yakuman)?;
        out.serialize_field("limit", &self.limit.map(|l| l.name()))?;
        out.serialize_field("points", &self.points)?;
        out.serialize_field("split", &self.split)?;
        out.serialize_field("shape", &self.shape)?;
        Ok(())
    }
}

impl Serialize for FanCount {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let fan: Fan = self.fan;
        let mut out = s.serialize_struct("FanCount", 4)?;
        out.serialize_field("name", fan.name())?;
        out.serialize_field("name_zh", fan.name_zh())?;
        out.serialize_field("points", &fan.points())?;
        out.serialize_field("count", &self.count)?;
        out.end()
    }
}

/// `{"total", "fans"}`: a GB score's points with and without flowers.
struct GbPoints {
    total: u32,
    fans: u32,
}

impl Serialize for GbPoints {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Points", 2)?;
        out.serialize_field("total", &self.total)?;
        out.serialize_field("fans", &self.fans)?;
        out.end()
    }
}

impl Serialize for GbScore {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Score", 6)?;
        self.fields(&mut out)?;
        out.end()
    }
}

impl GbScore {
    /// The score's fields, written into `out`.
    fn fields<S: SerializeStruct>(&self, out: &mut S) -> Result<(), S::Error> {
        out.serialize_field("legal", &self.legal)?;
        match self.reason {
            Some(r) => out.serialize_field("reason", r.name())?,
            None => out.skip_field("reason")?,
        }
        out.serialize_field("fans", &self.fans)?;
        let points = GbPoints {
            total: self.points,
            fans: self.fan_points,
        };
        out.serialize_field("points", &points)?;
        out.serialize_field("split", &self.split)?;
        out.serialize_field("shape", &self.shape)?;
        Ok(())
    }
}

impl Serialize for FanCounted {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("FanCounted", 4)?;
        out.serialize_field("id", &self.id)?;
        out.serialize_field("name", &self.name)?;
        out.serialize_field("value", &self.value)?;
        out.serialize_field("count", &self.count)?;
        out.end()
    }
}

/// `{"total"}`: a fan table's points.
struct FansTotal {
    total: u64,
}

impl Serialize for FansTotal {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Points", 1)?;
        out.serialize_field("total", &self.total)?;
        out.end()
    }
}

impl Serialize for FansScore {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Score", 9)?;
        self.fields(&mut out)?;
        out.end()
    }
}

impl FansScore {
    /// The score's fields, written into `out`.
    fn fields<S: SerializeStruct>(&self, out: &mut S) -> Result<(), S::Error> {
        out.serialize_field("legal", &self.legal)?;
        match self.reason {
            Some(r) => out.serialize_field("reason", r)?,
            None => out.skip_field("reason")?,
        }
        out.serialize_field("fans", &self.fans)?;
        out.serialize_field("fan", &self.fan)?;
        out.serialize_field("fan_capped", &self.fan_capped)?;
        let points = FansTotal {
            total: self.points.total,
        };
        out.serialize_field("points", &points)?;
        out.serialize_field("split", &self.split)?;
        out.serialize_field("shape", &self.shape)?;
        out.serialize_field("jokers", &self.jokers)?;
        Ok(())
    }
}

/// A score with the hand it scored, serialised as one object: `{"hand",
/// ...}` and the score's fields, as `hupai score --json` prints a line
/// and the bindings return it.
pub struct Scored<'a> {
    /// The hand, as given.
    pub hand: &'a str,
    /// Its score.
    pub score: &'a Score,
}

impl Serialize for Scored<'_> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Score", 12)?;
        out.serialize_field("hand", self.hand)?;
        match self.score {
            Score::Riichi(r) => r.fields(&mut out)?,
            Score::Gb(g) => g.fields(&mut out)?,
            Score::Fans(f) => f.fields(&mut out)?,
        }
        out.end()
    }
}

impl Serialize for Score {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Score::Riichi(r) => r.serialize(s),
            Score::Gb(g) => g.serialize(s),
            Score::Fans(f) => f.serialize(s),
        }
    }
}

impl Serialize for WaitValue {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("WaitValue", 4)?;
        out.serialize_field("tile", &self.tile)?;
        match (&self.discard, &self.self_drawn) {
            (Score::Gb(d), Score::Gb(t)) => out.serialize_field(
                "reaches_8",
                &Reaches8 {
                    discard: d.legal,
                    self_drawn: t.legal,
                },
            )?,
            (Score::Fans(_), _) => {}
            _ => out.serialize_field("no_yaku_on_discard", &self.no_yaku_on_discard())?,
        }
        out.serialize_field("discard", &self.discard)?;
        out.serialize_field("self_drawn", &self.self_drawn)?;
        out.end()
    }
}

/// `{"discard", "self_drawn"}`: does a GB wait reach 8 points without
/// flowers won each way?
struct Reaches8 {
    discard: bool,
    self_drawn: bool,
}

impl Serialize for Reaches8 {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut out = s.serialize_struct("Reaches8", 2)?;
        out.serialize_field("discard", &self.discard)?;
        out.serialize_field("self_drawn", &self.self_drawn)?;
        out.end()
    }
}

impl<'de> Deserialize<'de> for ClaimSpec {
    /// The JSON claim object: each field read by
    /// [`ClaimSpec::set_field`], one level deep (`dora` and `ura_dora`
    /// may be lists of one-tile strings, `["3m", "7z"]`; a value nested
    /// deeper is refused before it is read). A `null` field is absent.
    /// Anything but an object (`[1, 2]`, `"8s"`) is refused with the words
    /// "a claim, which is a JSON object of its fields".
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ClaimSpec, D::Error> {
        d.deserialize_map(ClaimVisitor)
    }
}

struct ClaimVisitor;

impl<'de> Visitor<'de> for ClaimVisitor {
    type Value = ClaimSpec;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(
            "a claim, which is a JSON object of its fields ({\"winning\": \"1m\", \"how\": \"self-drawn\", ...})",
        )
    }

    fn visit_map<A: MapAccess<'de>>(self, mut fields: A) -> Result<ClaimSpec, A::Error> {
        let mut spec = ClaimSpec::default();
        while let Some(name) = fields.next_key::<String>()? {
            let value: FieldValue = fields.next_value()?;
            let items: Vec<&str>;
            let value = match &value {
                FieldValue::Absent => ClaimValue::Absent,
                FieldValue::Flag(on) => ClaimValue::Flag(*on),
                FieldValue::Count(n) => ClaimValue::Count(*n),
                FieldValue::Text(t) => ClaimValue::Text(t),
                FieldValue::Tiles(list) => {
                    items = list.iter().map(String::as_str).collect();
                    ClaimValue::Tiles(&items)
                }
                FieldValue::Other(kind) => ClaimValue::Other(kind),
            };
            spec.set_field(&name, value).map_err(de::Error::custom)?;
        }
        Ok(spec)
    }
}

/// A claim field's JSON value, one level deep: an item of a list is read
/// only when it is a string.
enum FieldValue {
    Absent,
    Flag(bool),
    Count(i128),
    Text(String),
    Tiles(Vec<String>),
    Other(&'static str),
}

impl<'de> Deserialize<'de> for FieldValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<FieldValue, D::Error> {
        d.deserialize_any(FieldValueVisitor)
    }
}

struct FieldValueVisitor;

impl<'de> Visitor<'de> for FieldValueVisitor {
    type Value = FieldValue;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a claim field's value")
    }

    fn visit_unit<E: de::Error>(self) -> Result<FieldValue, E> {
        Ok(FieldValue::Absent)
    }

    fn visit_none<E: de::Error>(self) -> Result<FieldValue, E> {
        Ok(FieldValue::Absent)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<FieldValue, E> {
        Ok(FieldValue::Flag(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<FieldValue, E> {
        Ok(FieldValue::Count(v.into()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<FieldValue, E> {
        Ok(FieldValue::Count(v.into()))
    }

    fn visit_f64<E: de::Error>(self, _: f64) -> Result<FieldValue, E> {
        Ok(FieldValue::Other("a number with a fraction"))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<FieldValue, E> {
        Ok(FieldValue::Text(v.to_string()))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<FieldValue, A::Error> {
        let mut items = Vec::new();
        while let Some(item) = a.next_element::<ListItem>()? {
            items.push(item.0);
        }
        Ok(FieldValue::Tiles(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, _: A) -> Result<FieldValue, A::Error> {
        Err(de::Error::custom(
            "a claim field is a string, a boolean, a count or a list of strings, not an object",
        ))
    }
}

/// An item of a list in a claim: a string, and nothing deeper.
struct ListItem(String);

impl<'de> Deserialize<'de> for ListItem {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<ListItem, D::Error> {
        d.deserialize_any(ListItemVisitor)
    }
}

struct ListItemVisitor;

impl<'de> Visitor<'de> for ListItemVisitor {
    type Value = ListItem;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string (an item of a claim's list is one tile)")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<ListItem, E> {
        Ok(ListItem(v.to_string()))
    }
}
