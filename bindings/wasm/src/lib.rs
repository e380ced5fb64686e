//! `hupai-wasm`: the WebAssembly bindings (wasm-bindgen), one ES module
//! package for Node and the browser. `bindings/wasm/build.sh` builds it into
//! `bindings/wasm/pkg`; the README's "WebAssembly" section shows the calls.
//!
//! A thin layer over the library's public API, mirroring the Python binding:
//! per-hand calls take a hand in any notation the library reads and throw a
//! JS `Error` whose message names the bad value (the library's error
//! `Display`), and answer plain objects that are the library's serialisation
//! of its results (`hupai::serde_impls`, through serde-wasm-bindgen), as
//! `hupai --json` prints them; batch calls take typed arrays, run
//! `hupai::batch`, and never throw for one bad hand: its slot holds its
//! status code (`hupai::batch::Status`, the package's `Status`).
//!
//! No entry point panics on any input: every failure the library can report
//! is an `Err`, and the batch length check comes before any indexing. (On
//! `wasm32-unknown-unknown` a panic would abort the module as a
//! `RuntimeError`, not unwind.)

use hupai::batch::{self, LengthError, Rows, Status};
use hupai::score::{ClaimSpec, ClaimValue, ScoreError};
use hupai::{Hand, HandError, Preset, Rules, TileSet, WinHow, WinningTile, KINDS};
use std::cell::UnsafeCell;

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** One way to split a winning hand: its form and its groups, in notation ("123m", "55z", "**"). */
export interface Split {
  form: string;
  groups: string[];
}

/** The fewest tiles a ready player shows (亮倒), as `hupai reveal --json` prints them:
 *  the waits, and the tiles to show (`reveal`), which make the waits visible. */
export interface Reveal {
  waits: string[];
  reveal: string;
}

/** The draws that lower a hand's shanten: its shanten, the effective tiles and their unseen copies. */
export interface Draws {
  shanten: number;
  tiles: string[];
  count: number;
}

/** One discard of a hand of 3N+2 tiles and the draws that lower the shanten after it. */
export interface DiscardChoice extends Draws {
  discard: string;
}

/** A group the winning tile can have completed (its index in the split's groups) and the wait's shape
 *  (`"tanki"`, `"kanchan"`, `"penchan"`, `"ryanmen"`, `"shanpon"`, `"honor-sequence"`, `"thirteen-sided"`,
 *  `"orphans"`, `"knitted"`). */
export interface Completion {
  group: number;
  shape: string;
}

/** A split of a winning hand and the groups the winning tile can sit in. */
export interface WinSplit extends Split {
  completions: Completion[];
}

/** A win judged with its winning tile, as `hupai check --winning TILE --json` prints it
 *  (without the hand, every split): the forms, the winning tile (`"*"` for a joker), how it came,
 *  the distinct wait shapes, and every split. No win: `win` false, no split. */
export interface Win {
  win: boolean;
  forms: string[];
  winning: string;
  how: "self-drawn" | "discard" | "robbing-kong";
  shapes: string[];
  splits: WinSplit[];
}

/** A claim's fields beside its hand (absent flags are false, counts 0, both winds "1z", `how` a discard). */
export interface Claim {
  winning: string;
  how?: "discard" | "ron" | "self-drawn" | "tsumo" | "robbing-kong" | "chankan";
  seat_wind?: string;
  round_wind?: string;
  riichi?: boolean;
  double_riichi?: boolean;
  ippatsu?: boolean;
  after_kong?: boolean;
  last_tile?: boolean;
  first_turn?: boolean;
  dora?: string | string[];
  ura_dora?: string | string[];
  honba?: number;
  riichi_sticks?: number;
  /** Flowers, 0-8 (GB). */
  flowers?: number;
  /** 和绝张: the winning tile is the last of its kind not yet seen (GB). */
  last_copy?: boolean;
  /** 杠上炮: won on a discard the discarder made right after its own kong (fan tables). */
  kong_discard?: boolean;
  /** 亮倒: the winner had declared ready by showing its hand (fan tables). */
  revealed?: boolean;
}

/** A claim scored, as `hupai score --json` prints it: by the family of the rules. */
export type Score = RiichiScore | GbScore | FansScore;

/** A claim scored under riichi rules. */
export interface RiichiScore {
  hand: string;
  legal: boolean;
  reason?: "no_yaku" | "not_complete" | "not_a_win";
  han: number;
  fu: number;
  fu_details: { fu: number; reason: string }[];
  yaku: { name: string; han: number }[];
  yakuman: number;
  limit: string | null;
  points: { total: number; discard?: number; dealer?: number; others?: number };
  split: Split | null;
  shape: string | null;
}

/** A claim scored under GB (国标) rules: `points.total` with flowers, `points.fans` without (the minimum of 8 is on it). */
export interface GbScore {
  hand: string;
  legal: boolean;
  reason?: "under_8_points" | "not_complete" | "not_a_win";
  fans: { name: string; name_zh: string; points: number; count: number }[];
  points: { total: number; fans: number };
  split: Split | null;
  shape: string | null;
}

/** A claim scored under a fan table (`family = "fans"`: sichuan, kawuxing, hongzhong): each fan of the
 *  best reading (its table `id`, `name`, 番 per item and items counted), 番 before (`fan`) and after
 *  (`fan_capped`) the cap, `points.total` (0 when not legal), and the kind each joker stands for in
 *  `split`, in the order of its groups. A win below the table's minimum keeps its fans and reading. */
export interface FansScore {
  hand: string;
  legal: boolean;
  reason?: "not_a_win" | "below_minimum";
  fans: { id: string; name: string; value: number; count: number }[];
  fan: number;
  fan_capped: number;
  points: { total: number };
  split: Split | null;
  shape: string | null;
  jokers: string[];
}

/** What `efficiency` finds: the draws of a 3N+1 hand, or every discard of a 3N+2 hand (best first). */
export type Efficiency = Draws | { shanten: number; discards: DiscardChoice[] };

/** `waitsBatch`'s answer: a wait mask per hand (bit i set when tile index i completes it; 0n when none
 *  does or the hand is bad) and a status per hand (0, or the hand's `Status` code). */
export interface WaitsBatch {
  waits: BigUint64Array;
  status: Int8Array;
}

/** `shantenBatch`'s answer: the shanten per hand (-1 a win, 0 ready, ...; 0 for a bad hand) and a
 *  status per hand (0, or the hand's `Status` code). */
export interface ShantenBatch {
  shanten: Int8Array;
  status: Int8Array;
}
"#;

/// Where the package's JS writes a hand (its UTF-8) for a single call's
/// fast path (`js/fast_calls.js`): the call reads it in place, so a call
/// allocates nothing in the module. Longer hands take the common path.
const SCRATCH_LEN: usize = 256;

struct Scratch(UnsafeCell<[u8; SCRATCH_LEN]>);

// SAFETY: a wasm32-unknown-unknown module runs on one thread, and JS
// writes the buffer between calls, never during one.
unsafe impl Sync for Scratch {}

static SCRATCH: Scratch = Scratch(UnsafeCell::new([0; SCRATCH_LEN]));

/// The scratch buffer's address in the module's memory.
#[wasm_bindgen(js_name = scratchPointer, skip_typescript)]
pub fn scratch_pointer() -> usize {
    SCRATCH.0.get() as usize
}

/// The scratch buffer's length in bytes.
#[wasm_bindgen(js_name = scratchLength, skip_typescript)]
pub fn scratch_length() -> usize {
    SCRATCH_LEN
}

/// The hand written into the first `len` bytes of the scratch buffer, or
/// `None` when it is not one the library reads.
fn scratch_hand(len: usize) -> Option<Hand> {
    // SAFETY: see `Scratch`; no reference to the buffer outlives this call.
    let all: &[u8; SCRATCH_LEN] = unsafe { &*SCRATCH.0.get() };
    let bytes = &all[..len.min(SCRATCH_LEN)];
    std::str::from_utf8(bytes).ok()?.parse().ok()
}

/// A refused hand on a fast path: the caller takes the common path, which
/// throws the error that names the problem.
const REFUSED: i32 = i32::MIN;

fn parse(hand: &str) -> Result<Hand, JsError> {
    hand.parse::<Hand>()
        .map_err(|e| JsError::new(&e.to_string()))
}

fn hand_err(e: HandError) -> JsError {
    JsError::new(&e.to_string())
}

/// A result as the library serialises it, as a plain JS object (arrays,
/// strings, numbers, booleans, null): what `JSON.parse` makes of the
/// command's line.
fn to_js<T: serde::Serialize>(value: &T) -> Result<JsValue, JsError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| JsError::new(&e.to_string()))
}

/// A claim that cannot be scored: a `TypeError` for a field given a value
/// of the wrong type, an `Error` for the rest; the message names the field
/// or the conflict.
fn score_err(e: ScoreError) -> JsValue {
    match e {
        ScoreError::WrongType { .. } => js_sys::TypeError::new(&e.to_string()).into(),
        e => js_sys::Error::new(&e.to_string()).into(),
    }
}

/// The claim of a JS object: its own enumerable fields, each read one level
/// deep by its type into the library's reader (`ClaimSpec::set_field`).
/// `undefined` or `null` is a claim of no fields.
fn claim_spec(claim: &JsValue) -> Result<ClaimSpec, JsValue> {
    let mut spec = ClaimSpec::default();
    if claim.is_undefined() || claim.is_null() {
        return Ok(spec);
    }
    if !claim.is_object() || js_sys::Array::is_array(claim) {
        let message = format!("a claim is an object of its fields, not {}", js_kind(claim));
        return Err(js_sys::TypeError::new(&message).into());
    }
    let object: &js_sys::Object = claim.unchecked_ref();
    for name in js_sys::Object::keys(object).iter() {
        let value = js_sys::Reflect::get(object, &name)?;
        let name = name.as_string().unwrap_or_default();
        claim_field(&mut spec, &name, &value).map_err(score_err)?;
    }
    Ok(spec)
}

/// Sets the claim field `name` from a JS value, read one level deep: an
/// array's items are read only as strings.
fn claim_field(spec: &mut ClaimSpec, name: &str, value: &JsValue) -> Result<(), ScoreError> {
    if value.is_undefined() || value.is_null() {
        return spec.set_field(name, ClaimValue::Absent);
    }
    if let Some(on) = value.as_bool() {
        return spec.set_field(name, ClaimValue::Flag(on));
    }
    if let Some(n) = value.as_f64() {
        let value = if n.is_finite() && n.fract() == 0.0 {
            // Saturates beyond i128: far out of any count's range still.
            ClaimValue::Count(n as i128)
        } else {
            ClaimValue::Other("a number that is not whole")
        };
        return spec.set_field(name, value);
    }
    if let Some(text) = value.as_string() {
        return spec.set_field(name, ClaimValue::Text(&text));
    }
    if !js_sys::Array::is_array(value) {
        return spec.set_field(name, ClaimValue::Other(js_kind(value)));
    }
    let list: &js_sys::Array = value.unchecked_ref();
    let mut texts = Vec::with_capacity(list.length().min(64) as usize);
    for item in list.iter() {
        match item.as_string() {
            Some(text) => texts.push(text),
            None => {
                let kind = "a list holding a value that is not a string";
                return spec.set_field(name, ClaimValue::Other(kind));
            }
        }
    }
    let texts: Vec<&str> = texts.iter().map(String::as_str).collect();
    spec.set_field(name, ClaimValue::Tiles(&texts))
}

/// A JS value's type, as a claim error names it.
fn js_kind(value: &JsValue) -> &'static str {
    if js_sys::Array::is_array(value) {
        "an array"
    } else if value.is_function() {
        "a function"
    } else if value.is_object() {
        "an object"
    } else if value.is_string() {
        "a string"
    } else if value.as_f64().is_some() {
        "a number"
    } else if value.as_bool().is_some() {
        "a boolean"
    } else if value.is_bigint() {
        "a bigint"
    } else if value.is_symbol() {
        "a symbol"
    } else {
        "a value of another type"
    }
}

/// Does `text` read as a preset name rather than rule-file text? A rule
/// file has at least one `key = value` line.
fn looks_like_a_name(text: &str) -> bool {
    !text.contains('=') && !text.contains('\n')
}

/// The rules of a preset or of rule-file text: the one place `new Rules`
/// decides which it was given (also what the host tests call).
pub fn rules_from(preset_or_toml: &str) -> Result<Rules, String> {
    if let Some(p) = Preset::from_name(preset_or_toml) {
        return Ok(Rules::from_preset(p));
    }
    if looks_like_a_name(preset_or_toml) {
        return Rules::preset(preset_or_toml.trim()).map_err(|e| e.to_string());
    }
    Rules::from_toml_str(preset_or_toml).map_err(|e| e.to_string())
}

/// The rows of a batch: 34 counts per joker count.
fn rows<'a>(counts: &'a [u8], jokers: &'a [u8]) -> Result<Rows<'a>, JsError> {
    Rows::from_flat(counts, jokers).map_err(|e| JsError::new(&e.to_string()))
}

std::thread_local! {
    /// The keys of the batch answers' objects, made once: a string made
    /// anew would cost each call more than a few hundred hands' status.
    static KEYS: [JsValue; 3] = ["waits", "shanten", "status"].map(JsValue::from_str);
}

/// `{waits|shanten: answers, status: Int8Array}`: a batch's answers
/// (`key` 0 or 1 of [`KEYS`]) and statuses.
fn with_status(key: usize, answers: &JsValue, status: &[i8]) -> js_sys::Object {
    let o = js_sys::Object::new();
    KEYS.with(|keys| {
        // Setting a fresh key on a plain object cannot fail.
        let _ = js_sys::Reflect::set(&o, &keys[key], answers);
        let _ = js_sys::Reflect::set(&o, &keys[2], &js_sys::Int8Array::from(status));
    });
    o
}

/// A batch call of the library's that gives an answer and a status per
/// row (`hupai::batch::waits`, `hupai::batch::shanten`), on the rows of
/// `counts` and `jokers`: the answers and the statuses.
fn answers_and_status<A: Default + Clone>(
    counts: &[u8],
    jokers: &[u8],
    answer: impl FnOnce(Rows<'_>, &mut [A], &mut [i8]) -> Result<usize, LengthError>,
) -> Result<(Vec<A>, Vec<i8>), JsError> {
    let rows = rows(counts, jokers)?;
    let (mut answers, mut status) = (vec![A::default(); rows.len()], vec![0; rows.len()]);
    answer(rows, &mut answers, &mut status)?;
    Ok((answers, status))
}

/// Mahjong rules: a preset (`"chinese"`, `"riichi"`, ...) or a rule file's
/// text (TOML). Immutable once made.
#[wasm_bindgen(js_name = Rules)]
pub struct JsRules {
    rules: Rules,
}

#[wasm_bindgen(js_class = Rules)]
impl JsRules {
    /// Rules from a preset name or from rule-file text (TOML). Throws an
    /// `Error` naming an unknown preset or the bad rule-file value.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(js_name = presetOrToml)] preset_or_toml: &str,
    ) -> Result<JsRules, JsError> {
        rules_from(preset_or_toml)
            .map(|rules| JsRules { rules })
            .map_err(|e| JsError::new(&e))
    }

    /// The rules' name: the preset's, or `custom` for rule text.
    #[wasm_bindgen(getter)]
    pub fn name(&self) -> String {
        self.rules.name().to_string()
    }

    /// The rules as rule-file text (TOML).
    #[wasm_bindgen(js_name = toToml)]
    pub fn to_toml(&self) -> String {
        self.rules.to_spec().to_toml()
    }

    /// Is the hand (any notation hupai reads) a win?
    #[wasm_bindgen(js_name = isWin)]
    pub fn is_win(&self, hand: &str) -> Result<bool, JsError> {
        self.rules.is_win(&parse(hand)?).map_err(hand_err)
    }

    /// `isWin` on the hand in the scratch buffer's first `len` bytes: 1
    /// a win, 0 not, `i32::MIN` for a hand the common path must refuse.
    #[wasm_bindgen(js_name = isWinScratch, skip_typescript)]
    pub fn is_win_scratch(&self, len: usize) -> i32 {
        match scratch_hand(len).map(|h| self.rules.is_win(&h)) {
            Some(Ok(win)) => win as i32,
            _ => REFUSED,
        }
    }

    /// `shanten` on the hand in the scratch buffer's first `len` bytes, or
    /// `i32::MIN` for a hand the common path must refuse.
    #[wasm_bindgen(js_name = shantenScratch, skip_typescript)]
    pub fn shanten_scratch(&self, len: usize) -> i32 {
        match scratch_hand(len).map(|h| self.rules.shanten(&h)) {
            Some(Ok(shanten)) => shanten as i32,
            _ => REFUSED,
        }
    }

    /// The forms the hand wins by (`"standard"`, `"seven-pairs"`, ...);
    /// empty when it is no win.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn check(&self, hand: &str) -> Result<JsValue, JsError> {
        to_js(&self.rules.check(&parse(hand)?).map_err(hand_err)?)
    }

    /// The tiles that complete a hand of 3N+1 tiles, in tile order
    /// (`["1m", "4m"]`); empty when it is not ready.
    #[wasm_bindgen(unchecked_return_type = "string[]")]
    pub fn waits(&self, hand: &str) -> Result<JsValue, JsError> {
        to_js(&self.rules.waits(&parse(hand)?).map_err(hand_err)?)
    }

    /// Every way to split a winning hand into groups (at most `limit`, the
    /// first found, 1000 when not given); empty for no win.
    #[wasm_bindgen(unchecked_return_type = "Split[]")]
    pub fn split(&self, hand: &str, limit: Option<u32>) -> Result<JsValue, JsError> {
        let limit = limit.map_or(1000, |l| l as usize);
        let splits = self
            .rules
            .splits_limited(&parse(hand)?, limit)
            .map_err(hand_err)?;
        to_js(&splits.splits)
    }

    /// The win of a hand (3N+2 tiles, the winning tile among them) with
    /// `winning` (a tile, or `"*"` for a joker) as the tile that completed
    /// it, which came `how` (`"discard"` or `"ron"`, the default;
    /// `"self-drawn"` or `"tsumo"`; `"robbing-kong"` or `"chankan"`), as
    /// `hupai check --winning --json` prints it (without the hand, every
    /// split): `{win, forms, winning, how, shapes, splits: [{form, groups,
    /// completions: [{group, shape}]}]}`.
    /// Throws for a bad hand, winning tile or `how`, and for a winning
    /// tile the concealed part does not hold.
    #[wasm_bindgen(unchecked_return_type = "Win")]
    pub fn win(&self, hand: &str, winning: &str, how: Option<String>) -> Result<JsValue, JsError> {
        let how: WinHow = how
            .as_deref()
            .unwrap_or("discard")
            .parse()
            .map_err(|e: hupai::ParseError| JsError::new(&e.to_string()))?;
        let hand = parse(hand)?;
        let winning: WinningTile = winning
            .trim()
            .parse()
            .map_err(|e: hupai::ParseError| JsError::new(&e.to_string()))?;
        to_js(&self.rules.win(&hand, winning, how).map_err(hand_err)?)
    }

    /// Scores a claim under rules with a `[scoring]` table (such as
    /// `riichi`): `hand` (the winning tile in its concealed part) and the
    /// claim's fields as an object (`{winning: "8s", how: "self-drawn",
    /// riichi: true, dora: "3m"}`). Returns the object `hupai score
    /// --json` prints a line as. The claim's own fields are read one level
    /// deep, each by its type: throws a `TypeError` for a field of the
    /// wrong type (`riichi: "false"`, a list inside `dora`), an `Error` for
    /// an unknown field or a claim that cannot be scored, the message
    /// naming the field or the conflict.
    #[wasm_bindgen(unchecked_return_type = "Score")]
    pub fn score(
        &self,
        hand: &str,
        #[wasm_bindgen(unchecked_param_type = "Claim")] claim: JsValue,
    ) -> Result<JsValue, JsValue> {
        let mut spec = claim_spec(&claim)?;
        spec.set_field("hand", ClaimValue::Text(hand))
            .map_err(score_err)?;
        let score = spec
            .resolve()
            .and_then(|(h, c)| self.rules.score(&h, &c))
            .map_err(score_err)?;
        Ok(to_js(&hupai::serde_impls::Scored {
            hand,
            score: &score,
        })?)
    }

    /// The fewest tiles of a ready hand to show so that every wait can be
    /// read from them, as `hupai reveal --json` prints them: `{waits,
    /// reveal}`. Throws for a hand that is not ready.
    #[wasm_bindgen(unchecked_return_type = "Reveal")]
    pub fn reveal(&self, hand: &str) -> Result<JsValue, JsError> {
        to_js(&self.rules.reveal(&parse(hand)?).map_err(hand_err)?)
    }

    /// How far a hand of 3N+1 or 3N+2 tiles is from a win: -1 a win, 0
    /// ready, 1 one useful draw from ready, ...
    pub fn shanten(&self, hand: &str) -> Result<i8, JsError> {
        self.rules.shanten(&parse(hand)?).map_err(hand_err)
    }

    /// The draws that lower the shanten, as `hupai efficiency --json`
    /// prints them: `{shanten, tiles, count}` for 3N+1 tiles, `{shanten,
    /// discards: [{discard, shanten, tiles, count}]}` for 3N+2, best
    /// discard first. `visible`: tiles seen outside the hand.
    #[wasm_bindgen(unchecked_return_type = "Efficiency")]
    pub fn efficiency(&self, hand: &str, visible: Option<String>) -> Result<JsValue, JsError> {
        let seen = match visible {
            Some(text) => {
                hupai::notation::parse_tiles(&text).map_err(|e| JsError::new(&e.to_string()))?
            }
            None => [0; KINDS],
        };
        let found = self
            .rules
            .efficiency(&parse(hand)?, &seen)
            .map_err(hand_err)?;
        to_js(&found)
    }

    /// Shanten of `n` hands (arguments as `isWinBatch`): `{shanten,
    /// status}`, an `Int8Array` each: the shanten (-1 a win, 0 ready, ...)
    /// and status 0, or shanten 0 and the hand's `Status` code.
    #[wasm_bindgen(js_name = shantenBatch, unchecked_return_type = "ShantenBatch")]
    pub fn shanten_batch(&self, counts: &[u8], jokers: &[u8]) -> Result<js_sys::Object, JsError> {
        let (shanten, status) = answers_and_status(counts, jokers, |rows, shanten, status| {
            batch::shanten(&self.rules, rows, shanten, status)
        })?;
        let shanten = js_sys::Int8Array::from(&shanten[..]);
        Ok(with_status(1, &shanten, &status))
    }

    /// Win checks of `n` hands: `counts` holds 34 counts per hand (tile
    /// index order), `jokers` one joker count per hand. Answers 1 (win), 0
    /// (no) or the hand's `Status` code (negative) per hand; throws only
    /// when `counts.length != 34 * jokers.length`.
    #[wasm_bindgen(js_name = isWinBatch)]
    pub fn is_win_batch(&self, counts: &[u8], jokers: &[u8]) -> Result<Vec<i8>, JsError> {
        let rows = rows(counts, jokers)?;
        let mut out = vec![0; rows.len()];
        batch::is_win(&self.rules, rows, &mut out)?;
        Ok(out)
    }

    /// Waits of `n` hands (arguments as `isWinBatch`): `{waits, status}`: a
    /// `BigUint64Array` of masks, bit i set when tile index i completes the
    /// hand (0n: not ready), and an `Int8Array` of statuses, 0 or the
    /// hand's `Status` code (its mask then 0n).
    #[wasm_bindgen(js_name = waitsBatch, unchecked_return_type = "WaitsBatch")]
    pub fn waits_batch(&self, counts: &[u8], jokers: &[u8]) -> Result<js_sys::Object, JsError> {
        let (masks, status) = answers_and_status(counts, jokers, |rows, masks, status| {
            batch::waits(&self.rules, rows, masks, status)
        })?;
        let waits = js_sys::BigUint64Array::from(&masks[..]);
        Ok(with_status(0, &waits, &status))
    }

    /// The kinds these rules play with, in tile order (`["1m", ..., "7z"]`).
    #[wasm_bindgen(getter, unchecked_return_type = "string[]")]
    pub fn tiles(&self) -> Result<JsValue, JsError> {
        to_js(&self.rules.tiles())
    }

    /// The kinds these rules make jokers (`["7z"]` under `hongzhong`;
    /// empty where only `*` is one).
    #[wasm_bindgen(getter, js_name = jokerKinds, unchecked_return_type = "string[]")]
    pub fn joker_kinds(&self) -> Result<JsValue, JsError> {
        to_js(&self.rules.joker_kinds())
    }

    /// Do these rules have a `[scoring]` table (`score` and `waitValues`
    /// answer under them)?
    #[wasm_bindgen(getter, js_name = hasScoring)]
    pub fn has_scoring(&self) -> bool {
        self.rules.scoring().is_some()
    }

    /// For a ready hand (3N+1 tiles), every wait with the score of a win
    /// on it on a discard and self-drawn, as `hupai waits --values --json`
    /// prints them: `[{tile, discard, self_drawn, no_yaku_on_discard}]`
    /// (riichi) or `[{tile, discard, self_drawn, reaches_8}]` (GB).
    /// `context`: the claim's other fields (winds, riichi, dora, ...; its
    /// `winning` and `how` are not read). A wait with no copy left is left
    /// out. Throws under rules without `[scoring]` and for a bad hand or
    /// field.
    #[wasm_bindgen(js_name = waitValues, unchecked_return_type = "WaitValue[]")]
    pub fn wait_values(
        &self,
        hand: &str,
        #[wasm_bindgen(unchecked_param_type = "Partial<Claim>")] context: JsValue,
    ) -> Result<JsValue, JsError> {
        let spec: hupai::score::ClaimSpec = if context.is_undefined() || context.is_null() {
            hupai::score::ClaimSpec::default()
        } else {
            serde_wasm_bindgen::from_value(context)
                .map_err(|e| JsError::new(&format!("bad claim: {e}")))?
        };
        let hand = parse(hand)?;
        let values = spec
            .resolve_context()
            .and_then(|c| self.rules.wait_values(&hand, &c))
            .map_err(|e| JsError::new(&e.to_string()))?;
        to_js(&values)
    }
}

/// The status codes of the library's table (`hupai::batch::Status`),
/// frozen: `{NULL: -1, PARSE: -2, ...}`. The package exports it as
/// `Status`.
#[wasm_bindgen(js_name = statusCodes, unchecked_return_type = "Readonly<Record<string, number>>")]
pub fn status_codes() -> js_sys::Object {
    let o = js_sys::Object::new();
    for s in Status::ALL {
        set(&o, s.name(), &JsValue::from(s.code()));
    }
    js_sys::Object::freeze(&o)
}

fn set(o: &js_sys::Object, key: &str, value: &JsValue) {
    // Setting a fresh key on a plain object cannot fail.
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(key), value);
}

/// The tiles of a `waitsBatch` mask, in tile order (`["1m", "4m"]`); empty
/// for 0n.
#[wasm_bindgen(js_name = maskToTiles, unchecked_return_type = "string[]")]
pub fn mask_to_tiles(mask: u64) -> Result<JsValue, JsError> {
    to_js(&TileSet::from_bits(mask & ((1u64 << KINDS) - 1)))
}

/// Parses one hand (any notation) into its 34 counts and joker count, for
/// filling the batch arrays, and the fives its concealed part holds red:
/// `{counts: Uint8Array, jokers: number, redFives: string[]}` (`redFives`
/// such as `["5m"]` for `0m`; each is counted among `counts`' fives).
#[wasm_bindgen(
    js_name = parseHand,
    unchecked_return_type = "{ counts: Uint8Array; jokers: number; redFives: string[] }"
)]
pub fn parse_hand(hand: &str) -> Result<js_sys::Object, JsError> {
    let h = parse(hand)?;
    let o = js_sys::Object::new();
    set(
        &o,
        "counts",
        &js_sys::Uint8Array::from(h.counts().as_slice()),
    );
    set(&o, "jokers", &JsValue::from(h.jokers()));
    set(&o, "redFives", &to_js(&h.concealed().red_five_kinds())?);
    Ok(o)
}

/// The names of the presets (`new Rules(name)`), in the order of the
/// repository's `rules/` folder.
#[wasm_bindgen(js_name = presetNames, unchecked_return_type = "string[]")]
pub fn preset_names() -> Result<JsValue, JsError> {
    to_js(&Preset::ALL.map(Preset::name))
}

#[wasm_bindgen(typescript_custom_section)]
const TS_WAIT_VALUE: &str = r#"
/** A wait of a ready hand and what a win on it scores (`waitValues`), as `hupai waits --values --json`
 *  prints it: riichi rules flag a wait with no yaku on a discard, GB rules say whether each way reaches 8. */
export interface WaitValue {
  tile: string;
  discard: Score;
  self_drawn: Score;
  no_yaku_on_discard?: boolean;
  reaches_8?: { discard: boolean; self_drawn: boolean };
}
"#;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_from_preset_toml_and_unknown_name() {
        assert_eq!(rules_from("chinese").unwrap().name(), "chinese");
        let r = rules_from("base = \"chinese\"\npair_ranks = [2, 5, 8]").unwrap();
        assert!(!r.is_win(&"123m456p789s111z33m".parse().unwrap()).unwrap());
        let e = rules_from("chinse").unwrap_err();
        assert!(e.contains("chinse"), "{e}");
        let e = rules_from("base = \"nope\"").unwrap_err();
        assert!(e.contains("nope"), "{e}");
    }
}
