//! `hupai-wasm`: the WebAssembly bindings (wasm-bindgen), one ES module
//! package for Node and the browser. `bindings/wasm/build.sh` builds it into
//! `bindings/wasm/pkg`; the README's "WebAssembly" section shows the calls.
//!
//! A thin layer over the library's public API, mirroring the Python binding:
//! per-hand calls take a hand in any notation the library reads and throw a
//! JS `Error` whose message names the bad value (the library's error
//! `Display`); batch calls take typed arrays and never throw for one bad
//! hand: its slot holds the invalid marker ([`INVALID_WIN`],
//! [`INVALID_WAITS`]).
//!
//! No entry point panics on any input: every failure the library can report
//! is an `Err`, and the batch length check comes before any indexing. (On
//! `wasm32-unknown-unknown` a panic would abort the module as a
//! `RuntimeError`, not unwind.)

use hupai::{Hand, HandError, Preset, Rules, TileSet, WinHow, WinningTile, KINDS};
use wasm_bindgen::prelude::*;

/// `isWinBatch`'s answer for a hand that cannot be judged.
pub const INVALID_WIN: u8 = 255;

/// `waitsBatch`'s answer for a hand that cannot be judged: every bit set
/// (a real answer has at most the low 34 bits set).
pub const INVALID_WAITS: u64 = u64::MAX;

/// `shantenBatch`'s answer for a hand that cannot be judged (a shanten is
/// -1 or more).
pub const INVALID_SHANTEN: i8 = -2;

#[wasm_bindgen(typescript_custom_section)]
const TS_TYPES: &str = r#"
/** One way to split a winning hand: its form and its groups, in notation ("123m", "55z", "**"). */
export interface Split {
  form: string;
  groups: string[];
}

/** The fewest tiles a ready player shows (亮倒): the tiles, the waits they make visible,
 *  and the form of the hidden tiles (null when all is shown). */
export interface Reveal {
  tiles: string;
  waits: string[];
  hiddenForm: string | null;
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

/** What `efficiency` finds: the draws of a 3N+1 hand, or every discard of a 3N+2 hand (best first). */
export type Efficiency = Draws | { shanten: number; discards: DiscardChoice[] };
"#;

fn parse(hand: &str) -> Result<Hand, JsError> {
    hand.parse::<Hand>()
        .map_err(|e| JsError::new(&e.to_string()))
}

fn hand_err(e: HandError) -> JsError {
    JsError::new(&e.to_string())
}

fn tile_strings(tiles: TileSet) -> Vec<String> {
    tiles.iter().map(|t| t.to_string()).collect()
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

/// Checks that `counts` holds 34 counts per joker count.
fn batch_len(counts: &[u8], jokers: &[u8]) -> Result<usize, String> {
    if counts.len() != jokers.len().saturating_mul(KINDS) {
        return Err(format!(
            "counts has {} values but jokers has {}: counts must hold 34 per hand ({} for {} hands)",
            counts.len(),
            jokers.len(),
            jokers.len().saturating_mul(KINDS),
            jokers.len()
        ));
    }
    Ok(jokers.len())
}

/// `isWinBatch` on plain slices: 1 win, 0 no, [`INVALID_WIN`] for a bad hand.
///
/// # Errors
/// When `counts` does not hold 34 counts per joker count.
pub fn is_win_batch(rules: &Rules, counts: &[u8], jokers: &[u8]) -> Result<Vec<u8>, String> {
    batch_len(counts, jokers)?;
    Ok(counts
        .chunks_exact(KINDS)
        .zip(jokers)
        .map(|(c, &j)| {
            let c: &[u8; KINDS] = c.try_into().unwrap_or(&[0; KINDS]);
            match rules.is_win_counts(c, j) {
                Ok(w) => u8::from(w),
                Err(_) => INVALID_WIN,
            }
        })
        .collect())
}

/// `waitsBatch` on plain slices: a bit mask per hand (bit i = tile index
/// i), [`INVALID_WAITS`] for a bad hand.
///
/// # Errors
/// When `counts` does not hold 34 counts per joker count.
pub fn waits_batch(rules: &Rules, counts: &[u8], jokers: &[u8]) -> Result<Vec<u64>, String> {
    batch_len(counts, jokers)?;
    Ok(counts
        .chunks_exact(KINDS)
        .zip(jokers)
        .map(|(c, &j)| {
            let c: &[u8; KINDS] = c.try_into().unwrap_or(&[0; KINDS]);
            match rules.waits_counts(c, j) {
                Ok(w) => w.bits(),
                Err(_) => INVALID_WAITS,
            }
        })
        .collect())
}

/// `shantenBatch` on plain slices: the shanten per hand,
/// [`INVALID_SHANTEN`] for a bad hand.
///
/// # Errors
/// When `counts` does not hold 34 counts per joker count.
pub fn shanten_batch(rules: &Rules, counts: &[u8], jokers: &[u8]) -> Result<Vec<i8>, String> {
    batch_len(counts, jokers)?;
    Ok(counts
        .chunks_exact(KINDS)
        .zip(jokers)
        .map(|(c, &j)| {
            let c: &[u8; KINDS] = c.try_into().unwrap_or(&[0; KINDS]);
            rules.shanten_counts(c, j).unwrap_or(INVALID_SHANTEN)
        })
        .collect())
}

/// The draws as a plain object: `{shanten, tiles, count}` (and `discard`).
fn draws_object(draws: &hupai::Draws, discard: Option<String>) -> js_sys::Object {
    let o = js_sys::Object::new();
    if let Some(d) = discard {
        set(&o, "discard", &JsValue::from(d));
    }
    set(&o, "shanten", &JsValue::from(draws.shanten));
    let tiles: js_sys::Array = draws
        .tiles
        .iter()
        .map(|e| JsValue::from(e.tile.to_string()))
        .collect();
    set(&o, "tiles", &tiles);
    set(&o, "count", &JsValue::from(draws.count));
    o
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

    /// The forms the hand wins by (`"standard"`, `"seven-pairs"`, ...);
    /// empty when it is no win.
    pub fn check(&self, hand: &str) -> Result<Vec<String>, JsError> {
        let forms = self.rules.check(&parse(hand)?).map_err(hand_err)?;
        Ok(forms.iter().map(|f| f.name().to_string()).collect())
    }

    /// The tiles that complete a hand of 3N+1 tiles, in tile order
    /// (`["1m", "4m"]`); empty when it is not ready.
    pub fn waits(&self, hand: &str) -> Result<Vec<String>, JsError> {
        let waits = self.rules.waits(&parse(hand)?).map_err(hand_err)?;
        Ok(tile_strings(waits))
    }

    /// Every way to split a winning hand into groups (the first `limit`,
    /// 1000 when not given); empty for no win.
    #[wasm_bindgen(unchecked_return_type = "Split[]")]
    pub fn split(&self, hand: &str, limit: Option<u32>) -> Result<js_sys::Array, JsError> {
        let limit = limit.map_or(1000, |l| l as usize);
        let splits = self
            .rules
            .splits_limited(&parse(hand)?, limit)
            .map_err(hand_err)?;
        let out = js_sys::Array::new();
        for s in &splits.splits {
            let groups: js_sys::Array = s
                .groups
                .iter()
                .map(|g| JsValue::from(g.to_string()))
                .collect();
            let o = js_sys::Object::new();
            set(&o, "form", &JsValue::from_str(s.form.name()));
            set(&o, "groups", &groups);
            out.push(&o);
        }
        Ok(out)
    }

    /// The win of a hand (3N+2 tiles, the winning tile among them) with
    /// `winning` (a tile, or `"*"` for a joker) as the tile that completed
    /// it, which came `how` (`"self-drawn"`, `"discard"` when not given,
    /// `"robbing-kong"`), as `hupai check --winning --json` prints it
    /// (without the hand, every split): `{win, forms, winning, how,
    /// shapes, splits: [{form, groups, completions: [{group, shape}]}]}`.
    /// Throws for a bad hand, winning tile or `how`, and for a winning
    /// tile the concealed part does not hold.
    #[wasm_bindgen(unchecked_return_type = "Win")]
    pub fn win(
        &self,
        hand: &str,
        winning: &str,
        how: Option<String>,
    ) -> Result<js_sys::Object, JsError> {
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
        let win = self.rules.win(&hand, winning, how).map_err(hand_err)?;
        let strings =
            |v: Vec<&str>| -> js_sys::Array { v.into_iter().map(JsValue::from_str).collect() };
        let o = js_sys::Object::new();
        set(&o, "win", &JsValue::from(!win.forms.is_empty()));
        set(
            &o,
            "forms",
            &strings(win.forms.iter().map(|f| f.name()).collect()),
        );
        set(&o, "winning", &JsValue::from(win.winning.to_string()));
        set(&o, "how", &JsValue::from_str(win.how.name()));
        set(
            &o,
            "shapes",
            &strings(win.shapes().iter().map(|s| s.name()).collect()),
        );
        let splits = js_sys::Array::new();
        for s in &win.splits {
            let groups: js_sys::Array = s
                .split
                .groups
                .iter()
                .map(|g| JsValue::from(g.to_string()))
                .collect();
            let completions = js_sys::Array::new();
            for c in &s.completions {
                let co = js_sys::Object::new();
                set(&co, "group", &JsValue::from(c.group as u32));
                set(&co, "shape", &JsValue::from_str(c.shape.name()));
                completions.push(&co);
            }
            let so = js_sys::Object::new();
            set(&so, "form", &JsValue::from_str(s.split.form.name()));
            set(&so, "groups", &groups);
            set(&so, "completions", &completions);
            splits.push(&so);
        }
        set(&o, "splits", &splits);
        Ok(o)
    }

    /// The fewest tiles of a ready hand to show so that every wait can be
    /// read from them. Throws for a hand that is not ready.
    #[wasm_bindgen(unchecked_return_type = "Reveal")]
    pub fn reveal(&self, hand: &str) -> Result<js_sys::Object, JsError> {
        let r = self.rules.reveal(&parse(hand)?).map_err(hand_err)?;
        let waits: js_sys::Array = r
            .waits
            .iter()
            .map(|t| JsValue::from(t.to_string()))
            .collect();
        let o = js_sys::Object::new();
        set(&o, "tiles", &JsValue::from(r.tiles.to_string()));
        set(&o, "waits", &waits);
        let hidden = r
            .hidden_form
            .map_or(JsValue::NULL, |f| JsValue::from_str(f.name()));
        set(&o, "hiddenForm", &hidden);
        Ok(o)
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
    pub fn efficiency(
        &self,
        hand: &str,
        visible: Option<String>,
    ) -> Result<js_sys::Object, JsError> {
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
        Ok(match found {
            hupai::Efficiency::Draw(draws) => draws_object(&draws, None),
            hupai::Efficiency::Discard { shanten, discards } => {
                let o = js_sys::Object::new();
                set(&o, "shanten", &JsValue::from(shanten));
                let list: js_sys::Array = discards
                    .iter()
                    .map(|d| JsValue::from(draws_object(&d.draws, Some(d.discard.to_string()))))
                    .collect();
                set(&o, "discards", &list);
                o
            }
        })
    }

    /// Shanten of `n` hands (arguments as `isWinBatch`): -1 a win, 0
    /// ready, ..., and -2 for a hand that cannot be judged.
    #[wasm_bindgen(js_name = shantenBatch)]
    pub fn shanten_batch(&self, counts: &[u8], jokers: &[u8]) -> Result<Vec<i8>, JsError> {
        shanten_batch(&self.rules, counts, jokers).map_err(|e| JsError::new(&e))
    }

    /// Win checks of `n` hands: `counts` holds 34 counts per hand (tile
    /// index order), `jokers` one joker count per hand. Answers 1 (win), 0
    /// (no) or 255 (a hand that cannot be judged) per hand; throws only
    /// when `counts.length != 34 * jokers.length`.
    #[wasm_bindgen(js_name = isWinBatch)]
    pub fn is_win_batch(&self, counts: &[u8], jokers: &[u8]) -> Result<Vec<u8>, JsError> {
        is_win_batch(&self.rules, counts, jokers).map_err(|e| JsError::new(&e))
    }

    /// Waits of `n` hands (arguments as `isWinBatch`): a bit mask per hand,
    /// bit i set when tile index i completes it (0n: not ready), or
    /// `0xFFFFFFFFFFFFFFFFn` (every bit) for a hand that cannot be judged.
    #[wasm_bindgen(js_name = waitsBatch)]
    pub fn waits_batch(&self, counts: &[u8], jokers: &[u8]) -> Result<Vec<u64>, JsError> {
        waits_batch(&self.rules, counts, jokers).map_err(|e| JsError::new(&e))
    }
}

fn set(o: &js_sys::Object, key: &str, value: &JsValue) {
    // Setting a fresh key on a plain object cannot fail.
    let _ = js_sys::Reflect::set(o, &JsValue::from_str(key), value);
}

/// The tiles of a `waitsBatch` mask, in tile order (`["1m", "4m"]`); empty
/// for 0n and for the invalid marker.
#[wasm_bindgen(js_name = maskToTiles)]
pub fn mask_to_tiles(mask: u64) -> Vec<String> {
    if mask == INVALID_WAITS {
        return Vec::new();
    }
    tile_strings(TileSet::from_bits(mask & ((1u64 << KINDS) - 1)))
}

/// Parses one hand (any notation) into its 34 counts and joker count, for
/// filling the batch arrays: `{counts: Uint8Array, jokers: number}`.
#[wasm_bindgen(js_name = parseHand, unchecked_return_type = "{ counts: Uint8Array; jokers: number }")]
pub fn parse_hand(hand: &str) -> Result<js_sys::Object, JsError> {
    let h = parse(hand)?;
    let o = js_sys::Object::new();
    set(
        &o,
        "counts",
        &js_sys::Uint8Array::from(h.counts().as_slice()),
    );
    set(&o, "jokers", &JsValue::from(h.jokers()));
    Ok(o)
}

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

    #[test]
    fn batches_mark_bad_hands_and_check_lengths() {
        let rules = Rules::chinese();
        let mut counts = vec![0u8; 2 * KINDS];
        counts[0] = 3; // 111m and two jokers: a win
        counts[KINDS] = 6; // six 1m: invalid
        assert_eq!(
            is_win_batch(&rules, &counts, &[2, 0]).unwrap(),
            [1, INVALID_WIN]
        );
        let w = waits_batch(&rules, &counts, &[1, 0]).unwrap();
        assert_eq!(w[1], INVALID_WAITS);
        assert!(w[0] != 0);
        assert!(is_win_batch(&rules, &counts, &[0]).is_err());
        assert!(waits_batch(&rules, &counts[1..], &[0, 0]).is_err());
    }
}
