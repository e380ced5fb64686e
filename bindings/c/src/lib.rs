//! The C ABI of hupai: the functions of `include/hupai.h`.
//!
//! Every function returns its answer or a negative error code (the
//! header's `HUPAI_E_*` constants: the library's table,
//! [`hupai::batch::Status`], which `tests/header.rs` writes into the
//! header); a function that takes a [`hupai_error`] also writes the code
//! and a message naming the bad value there (when the pointer is not
//! NULL). Nothing unwinds across the boundary: each entry point catches a
//! panic and returns `HUPAI_E_INTERNAL`. A NULL rules, counts, hand or
//! output pointer is `HUPAI_E_NULL`, not a crash.
//!
//! The batch calls are [`hupai::batch`]'s, over the caller's arrays.
//!
//! A [`hupai_rules`] never changes once made and may be shared by any
//! number of threads; free it once, with [`hupai_rules_free`], when no
//! thread uses it any more.

#![allow(non_camel_case_types)]
#![deny(missing_docs)]

use std::ffi::{c_char, c_int, CStr};
use std::panic::{catch_unwind, AssertUnwindSafe};

use hupai::batch::{self, LengthError, Rows, Status};
use hupai::{Hand, HandError, ParseError, Rules, KINDS};

/// The size of `hupai_error`'s message buffer, terminating NUL included.
pub const HUPAI_ERROR_MESSAGE_LEN: usize = 256;

/// An error code and its message (UTF-8, NUL-terminated, cut at a
/// character boundary to fit). `code` is 0 and `message` empty after a call
/// that succeeded.
#[repr(C)]
pub struct hupai_error {
    /// 0, or one of the negative `HUPAI_E_*` codes.
    pub code: c_int,
    /// What went wrong, naming the bad value.
    pub message: [c_char; HUPAI_ERROR_MESSAGE_LEN],
}

/// Rules a hand is judged by (opaque). Immutable: share it between threads
/// freely.
pub struct hupai_rules(Rules);

/// The header's promise that rules may be shared by threads holds.
const _: () = {
    const fn shareable<T: Send + Sync>() {}
    shareable::<hupai_rules>();
};

/// An error: its status and its message.
struct Failure(Status, String);

impl Failure {
    /// The error's code, as the header numbers it.
    fn code(&self) -> c_int {
        self.0.into()
    }
}

impl From<HandError> for Failure {
    fn from(e: HandError) -> Failure {
        Failure(Status::of_hand(&e), e.to_string())
    }
}

impl From<ParseError> for Failure {
    fn from(e: ParseError) -> Failure {
        Failure(Status::of_parse(&e), e.to_string())
    }
}

impl From<hupai::RulesError> for Failure {
    fn from(e: hupai::RulesError) -> Failure {
        Failure(Status::of_rules(&e), e.to_string())
    }
}

impl From<hupai::ScoreError> for Failure {
    fn from(e: hupai::ScoreError) -> Failure {
        Failure(Status::of_score(&e), e.to_string())
    }
}

impl From<LengthError> for Failure {
    fn from(e: LengthError) -> Failure {
        Failure(Status::Argument, e.to_string())
    }
}

/// A hand error's code, for a function that returns no message.
fn code_only(e: HandError) -> Failure {
    Failure(Status::of_hand(&e), String::new())
}

fn null(what: &str) -> Failure {
    Failure(Status::Null, format!("{what} is NULL"))
}

fn internal() -> Failure {
    Failure(Status::Internal, "internal error (a caught panic)".into())
}

/// Writes `result`'s code and message to `err` (when not NULL).
///
/// # Safety
/// `err` is NULL or points to a writable `hupai_error`.
unsafe fn report(err: *mut hupai_error, result: &Result<(), Failure>) {
    // SAFETY: the caller passes NULL or a valid, writable hupai_error.
    let Some(err) = (unsafe { err.as_mut() }) else {
        return;
    };
    let (code, message) = match result {
        Ok(()) => (0, ""),
        Err(f) => (f.code(), f.1.as_str()),
    };
    err.code = code;
    let mut end = message.len().min(HUPAI_ERROR_MESSAGE_LEN - 1);
    while !message.is_char_boundary(end) {
        end -= 1;
    }
    for (slot, &b) in err.message.iter_mut().zip(&message.as_bytes()[..end]) {
        *slot = b as c_char;
    }
    err.message[end] = 0;
}

/// Runs `f`, turning a panic into `HUPAI_E_INTERNAL`.
fn guarded<T>(f: impl FnOnce() -> Result<T, Failure>) -> Result<T, Failure> {
    catch_unwind(AssertUnwindSafe(f)).unwrap_or_else(|_| Err(internal()))
}

/// The UTF-8 text behind `s`.
///
/// # Safety
/// `s` is NULL or a NUL-terminated string that outlives the call.
unsafe fn text<'a>(s: *const c_char, what: &str) -> Result<&'a str, Failure> {
    if s.is_null() {
        return Err(null(what));
    }
    // SAFETY: non-NULL and NUL-terminated (the caller's promise).
    let bytes = unsafe { CStr::from_ptr(s) }.to_bytes();
    std::str::from_utf8(bytes).map_err(|e| {
        Failure(
            Status::BadUtf8,
            format!("{what} is not UTF-8 (at byte {})", e.valid_up_to()),
        )
    })
}

/// The rules behind `rules`.
///
/// # Safety
/// `rules` is NULL or came from `hupai_rules_new`/`hupai_rules_from_toml`
/// and has not been freed.
unsafe fn rules_ref<'a>(rules: *const hupai_rules) -> Result<&'a Rules, Failure> {
    // SAFETY: NULL or a live hupai_rules (the caller's promise).
    unsafe { rules.as_ref() }
        .map(|r| &r.0)
        .ok_or_else(|| null("rules"))
}

/// The 34 counts behind `counts`.
///
/// # Safety
/// `counts` is NULL or points to 34 readable bytes.
unsafe fn counts_ref<'a>(counts: *const u8) -> Result<&'a [u8; KINDS], Failure> {
    // SAFETY: NULL or 34 readable bytes (the caller's promise); [u8; 34] has
    // alignment 1.
    unsafe { counts.cast::<[u8; KINDS]>().as_ref() }.ok_or_else(|| null("counts"))
}

/// A code for an answer that is only a code.
fn code_of(result: Result<c_int, Failure>) -> c_int {
    result.unwrap_or_else(|f| f.code())
}

/// Rules from a preset's name (`"chinese"`, `"riichi"`, ...) or else a rule
/// file's path (TOML). NULL on error, with the reason in `err`.
///
/// # Safety
/// `preset_or_path` is NULL or a NUL-terminated string; `err` is NULL or
/// points to a writable `hupai_error`.
#[no_mangle]
pub unsafe extern "C" fn hupai_rules_new(
    preset_or_path: *const c_char,
    err: *mut hupai_error,
) -> *mut hupai_rules {
    // SAFETY: as the function's contract.
    unsafe { rules_of_text(preset_or_path, "preset_or_path", Rules::load, err) }
}

/// Rules from a rule file's text (TOML, such as `base = "hongzhong"`).
/// NULL on error, with the reason in `err`.
///
/// # Safety
/// `toml` is NULL or a NUL-terminated string; `err` is NULL or points to a
/// writable `hupai_error`.
#[no_mangle]
pub unsafe extern "C" fn hupai_rules_from_toml(
    toml: *const c_char,
    err: *mut hupai_error,
) -> *mut hupai_rules {
    // SAFETY: as the function's contract.
    unsafe { rules_of_text(toml, "toml", Rules::from_toml_str, err) }
}

/// Rules made by `make` from the text behind `s` (`what` in messages), or
/// NULL with the reason in `err`.
///
/// # Safety
/// `s` is NULL or a NUL-terminated string; `err` is NULL or points to a
/// writable `hupai_error`.
unsafe fn rules_of_text(
    s: *const c_char,
    what: &str,
    make: impl FnOnce(&str) -> Result<Rules, hupai::RulesError>,
    err: *mut hupai_error,
) -> *mut hupai_rules {
    let result = guarded(|| {
        // SAFETY: as the function's contract.
        let text = unsafe { text(s, what) }?;
        Ok(Box::new(hupai_rules(make(text)?)))
    });
    let (ptr, status) = match result {
        Ok(rules) => (Box::into_raw(rules), Ok(())),
        Err(f) => (std::ptr::null_mut(), Err(f)),
    };
    // SAFETY: `err` is NULL or writable (the function's contract).
    unsafe { report(err, &status) };
    ptr
}

/// Frees rules made by `hupai_rules_new` or `hupai_rules_from_toml`. NULL
/// is ignored. No thread may use the rules afterwards.
///
/// # Safety
/// `rules` is NULL or came from `hupai_rules_new`/`hupai_rules_from_toml`
/// and is freed once.
#[no_mangle]
pub unsafe extern "C" fn hupai_rules_free(rules: *mut hupai_rules) {
    if rules.is_null() {
        return;
    }
    // A panic in a destructor is caught too; the allocation is then leaked.
    let _ = catch_unwind(AssertUnwindSafe(|| {
        // SAFETY: made by Box::into_raw in this crate, freed once.
        drop(unsafe { Box::from_raw(rules) });
    }));
}

/// Does the hand win? `counts` holds 34 tile counts (index 0-8 1m-9m, 9-17
/// 1p-9p, 18-26 1s-9s, 27-33 east south west north white green red),
/// `jokers` the jokers. 1: a win, 0: not, negative: an error code.
///
/// # Safety
/// `rules` is NULL or live; `counts` is NULL or points to 34 bytes.
#[no_mangle]
pub unsafe extern "C" fn hupai_is_win(
    rules: *const hupai_rules,
    counts: *const u8,
    jokers: u8,
) -> c_int {
    code_of(guarded(|| {
        // SAFETY: as the function's contract.
        let (rules, counts) = unsafe { (rules_ref(rules)?, counts_ref(counts)?) };
        // Only the code leaves: no message is formatted.
        let win = rules.is_win_counts(counts, jokers).map_err(code_only)?;
        Ok(c_int::from(win))
    }))
}

/// Does the hand written in `hand` win? Any notation hupai reads: `mpsz`
/// (`"123m456p789s11122z"`, `*` a joker) or Chinese (`"88饼11万东东中混混"`).
/// 1: a win, 0: not, negative: an error code (also in `err`).
///
/// # Safety
/// `rules` is NULL or live; `hand` is NULL or a NUL-terminated string;
/// `err` is NULL or points to a writable `hupai_error`.
#[no_mangle]
pub unsafe extern "C" fn hupai_check_str(
    rules: *const hupai_rules,
    hand: *const c_char,
    err: *mut hupai_error,
) -> c_int {
    let result = guarded(|| {
        // SAFETY: as the function's contract.
        let rules = unsafe { rules_ref(rules) }?;
        // SAFETY: as the function's contract.
        let hand: Hand = unsafe { text(hand, "hand") }?.parse()?;
        Ok(c_int::from(rules.is_win(&hand)?))
    });
    let (answer, status) = match result {
        Ok(a) => (a, Ok(())),
        Err(f) => (f.code(), Err(f)),
    };
    // SAFETY: as the function's contract.
    unsafe { report(err, &status) };
    answer
}

/// The waits of a hand of 3N+1 tiles: bit i of `*mask` is set when tile
/// index i completes it. 0 on success, else a negative error code (and
/// `*mask` is left as it was).
///
/// # Safety
/// `rules` is NULL or live; `counts` is NULL or points to 34 bytes; `mask`
/// is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hupai_waits(
    rules: *const hupai_rules,
    counts: *const u8,
    jokers: u8,
    mask: *mut u64,
) -> c_int {
    code_of(guarded(|| {
        // SAFETY: as the function's contract.
        let (rules, counts) = unsafe { (rules_ref(rules)?, counts_ref(counts)?) };
        // SAFETY: NULL or writable (the caller's promise).
        let mask = unsafe { mask.as_mut() }.ok_or_else(|| null("mask"))?;
        *mask = rules
            .waits_counts(counts, jokers)
            .map_err(code_only)?
            .bits();
        Ok(0)
    }))
}

/// How far the hand is from a win: `*shanten` receives -1 (a win), 0
/// (ready), 1 (one useful draw from ready), ... for a hand of 3N+1 or
/// 3N+2 tiles. 0 on success, else a negative error code (and `*shanten`
/// is left as it was).
///
/// # Safety
/// `rules` is NULL or live; `counts` is NULL or points to 34 bytes;
/// `shanten` is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn hupai_shanten(
    rules: *const hupai_rules,
    counts: *const u8,
    jokers: u8,
    shanten: *mut i8,
) -> c_int {
    code_of(guarded(|| {
        // SAFETY: as the function's contract.
        let (rules, counts) = unsafe { (rules_ref(rules)?, counts_ref(counts)?) };
        // SAFETY: NULL or writable (the caller's promise).
        let shanten = unsafe { shanten.as_mut() }.ok_or_else(|| null("shanten"))?;
        *shanten = rules.shanten_counts(counts, jokers).map_err(code_only)?;
        Ok(0)
    }))
}

/// `hupai_shanten` for `n` hands: `shanten[i]` receives hand i's shanten
/// and `codes[i]` 0, or hand i's error code (its shanten is then 0).
/// Returns the number of hands with an error code, or a negative error
/// code (a NULL pointer; nothing answered).
///
/// # Safety
/// `rules` is NULL or live; `counts`, `jokers`, `shanten` and `codes` are
/// NULL or point to n × 34, n, n and n elements.
#[no_mangle]
pub unsafe extern "C" fn hupai_shanten_batch(
    rules: *const hupai_rules,
    counts: *const u8,
    jokers: *const u8,
    n: usize,
    shanten: *mut i8,
    codes: *mut i8,
) -> c_int {
    code_of(guarded(|| {
        // SAFETY: as the function's contract.
        let (rules, rows) = unsafe { (rules_ref(rules)?, rows(counts, jokers, n)?) };
        // SAFETY: as the function's contract.
        let (shanten, codes) =
            unsafe { (slots(shanten, n, "shanten")?, slots(codes, n, "codes")?) };
        bad_rows(batch::shanten(rules, rows, shanten, codes)?)
    }))
}

/// The hands of a batch of `n`, checked for NULL and length.
///
/// # Safety
/// Each pointer is NULL or points to as many elements as the batch needs
/// (n × 34 counts, n joker counts), readable for the call.
unsafe fn rows<'a>(counts: *const u8, jokers: *const u8, n: usize) -> Result<Rows<'a>, Failure> {
    if n == 0 {
        return Ok(Rows::new(&[], &[])?);
    }
    if counts.is_null() {
        return Err(null("counts"));
    }
    if jokers.is_null() {
        return Err(null("jokers"));
    }
    let bytes = n.checked_mul(KINDS).filter(|&b| b <= isize::MAX as usize);
    let bytes = bytes.ok_or_else(|| too_many(n))?;
    // SAFETY: non-NULL, at most isize::MAX bytes, and the caller promises
    // n hands of 34 counts and n joker counts.
    let (counts, jokers) = unsafe {
        (
            std::slice::from_raw_parts(counts, bytes),
            std::slice::from_raw_parts(jokers, n),
        )
    };
    Ok(Rows::from_flat(counts, jokers)?)
}

/// The `n` output slots of a batch, checked for NULL and length.
///
/// # Safety
/// `out` is NULL or points to n writable elements that no input overlaps.
unsafe fn slots<'a, O>(out: *mut O, n: usize, what: &str) -> Result<&'a mut [O], Failure> {
    if n == 0 {
        return Ok(&mut []);
    }
    if out.is_null() {
        return Err(null(what));
    }
    if n.saturating_mul(std::mem::size_of::<O>()) > isize::MAX as usize {
        return Err(too_many(n));
    }
    // SAFETY: non-NULL, at most isize::MAX bytes, and the caller promises n
    // writable outputs; they do not overlap the inputs (they are written,
    // the inputs are read).
    Ok(unsafe { std::slice::from_raw_parts_mut(out, n) })
}

fn too_many(n: usize) -> Failure {
    Failure(Status::Argument, format!("n = {n} hands is too many"))
}

/// A batch's count of bad hands, as the functions return it.
fn bad_rows(bad: usize) -> Result<c_int, Failure> {
    Ok(c_int::try_from(bad).unwrap_or(c_int::MAX))
}

/// `hupai_is_win` for `n` hands: `counts` holds n × 34 counts (hand after
/// hand), `jokers` n joker counts, and `out[i]` receives hand i's answer
/// (1, 0 or its error code): a bad hand does not stop the others. Returns
/// the number of hands whose slot holds an error code, or a negative error
/// code (a NULL pointer; nothing answered).
///
/// # Safety
/// `rules` is NULL or live; `counts`, `jokers` and `out` are NULL or point
/// to n × 34, n and n elements.
#[no_mangle]
pub unsafe extern "C" fn hupai_is_win_batch(
    rules: *const hupai_rules,
    counts: *const u8,
    jokers: *const u8,
    n: usize,
    out: *mut i8,
) -> c_int {
    code_of(guarded(|| {
        // SAFETY: as the function's contract.
        let (rules, rows) = unsafe { (rules_ref(rules)?, rows(counts, jokers, n)?) };
        // SAFETY: as the function's contract.
        let out = unsafe { slots(out, n, "out") }?;
        bad_rows(batch::is_win(rules, rows, out)?)
    }))
}

/// `hupai_waits` for `n` hands: `masks[i]` receives hand i's waits and
/// `codes[i]` 0, or hand i's error code (its mask is then 0). Returns the
/// number of hands with an error code, or a negative error code (a NULL
/// pointer; nothing answered).
///
/// # Safety
/// `rules` is NULL or live; `counts`, `jokers`, `masks` and `codes` are NULL
/// or point to n × 34, n, n and n elements.
#[no_mangle]
pub unsafe extern "C" fn hupai_waits_batch(
    rules: *const hupai_rules,
    counts: *const u8,
    jokers: *const u8,
    n: usize,
    masks: *mut u64,
    codes: *mut i8,
) -> c_int {
    code_of(guarded(|| {
        // SAFETY: as the function's contract.
        let (rules, rows) = unsafe { (rules_ref(rules)?, rows(counts, jokers, n)?) };
        // SAFETY: as the function's contract.
        let (masks, codes) = unsafe { (slots(masks, n, "masks")?, slots(codes, n, "codes")?) };
        bad_rows(batch::waits(rules, rows, masks, codes)?)
    }))
}

/// Scores the claim `claim_json`, a JSON object with the fields of `hupai
/// score` (`{"hand": "234567m234p67888s", "winning": "8s", "how":
/// "self-drawn", "riichi": true, "dora": "3m"}`), under rules with a
/// `[scoring]` table: writes the score as `hupai score --json` prints it
/// (`{"hand", "legal", "han", "fu", ..., "points": {"total", ...}}`),
/// NUL-terminated, into `out` when it fits in `out_len` bytes. Returns the
/// score's length in bytes (without the NUL), as `snprintf` does: a
/// return value of `out_len` or more means `out` was too small and was
/// not written. A negative error code (also in `err`) for a claim that is
/// not JSON or is longer than 4,096 bytes (`hupai::score::MAX_CLAIM_BYTES`,
/// the CLI's line limit), a field that does not read, an impossible combination
/// (`HUPAI_E_ARGUMENT`, the message naming the conflict), rules without a
/// `[scoring]` table (`HUPAI_E_RULES`).
///
/// # Safety
/// `rules` is NULL or live; `claim_json` is NULL or a NUL-terminated
/// string; `out` is NULL (with `out_len` 0) or points to `out_len`
/// writable bytes; `err` is NULL or points to a writable `hupai_error`.
#[no_mangle]
pub unsafe extern "C" fn hupai_score_json(
    rules: *const hupai_rules,
    claim_json: *const c_char,
    out: *mut c_char,
    out_len: usize,
    err: *mut hupai_error,
) -> c_int {
    let result = guarded(|| {
        // SAFETY: as the function's contract.
        let rules = unsafe { rules_ref(rules) }?;
        // SAFETY: as the function's contract.
        let text = unsafe { text(claim_json, "claim_json") }?;
        if text.len() > hupai::score::MAX_CLAIM_BYTES {
            return Err(Failure::from(hupai::ScoreError::TooLong {
                field: "claim",
                bytes: text.len(),
            }));
        }
        let spec: hupai::score::ClaimSpec = serde_json::from_str(text).map_err(|e| {
            Failure::from(hupai::ScoreError::Json {
                message: e.to_string(),
            })
        })?;
        let given = spec.hand.clone().unwrap_or_default();
        let (hand, claim) = spec.resolve()?;
        let score = rules.score(&hand, &claim)?;
        let json = serde_json::to_string(&hupai::serde_impls::Scored {
            hand: &given,
            score: &score,
        })
        .map_err(|e| Failure(Status::Internal, e.to_string()))?;
        if json.len() < out_len && !out.is_null() {
            // SAFETY: `out` points to `out_len` writable bytes, more than
            // the JSON and its NUL.
            let dst = unsafe { std::slice::from_raw_parts_mut(out.cast::<u8>(), out_len) };
            dst[..json.len()].copy_from_slice(json.as_bytes());
            dst[json.len()] = 0;
        }
        c_int::try_from(json.len()).map_err(|_| Failure(Status::Argument, "score too long".into()))
    });
    let (answer, status) = match result {
        Ok(a) => (a, Ok(())),
        Err(f) => (f.code(), Err(f)),
    };
    // SAFETY: as the function's contract.
    unsafe { report(err, &status) };
    answer
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blank() -> hupai_error {
        hupai_error {
            code: 7,
            message: [b'x' as c_char; HUPAI_ERROR_MESSAGE_LEN],
        }
    }

    fn message(err: &hupai_error) -> String {
        // SAFETY: report always NUL-terminates within the buffer.
        let c = unsafe { CStr::from_ptr(err.message.as_ptr()) };
        c.to_str().expect("UTF-8 message").to_string()
    }

    #[test]
    fn panic_is_caught_as_internal_error() {
        let result: Result<c_int, Failure> = guarded(|| panic!("boom"));
        assert_eq!(code_of(result), c_int::from(Status::Internal));
    }

    #[test]
    fn long_message_is_cut_at_a_character_boundary() {
        let mut err = blank();
        let long = "é".repeat(300); // 600 bytes, 2 per character
                                    // SAFETY: a valid, writable hupai_error.
        unsafe { report(&mut err, &Err(Failure(Status::Parse, long))) };
        assert_eq!(err.code, c_int::from(Status::Parse));
        let m = message(&err);
        assert_eq!(m.len(), 254);
        assert!(m.chars().all(|c| c == 'é'));
    }

    #[test]
    fn success_clears_the_error() {
        let mut err = blank();
        // SAFETY: a valid, writable hupai_error.
        unsafe { report(&mut err, &Ok(())) };
        assert_eq!((err.code, message(&err).as_str()), (0, ""));
    }

    #[test]
    fn rules_error_message_names_the_value() {
        let mut err = blank();
        // SAFETY: a NUL-terminated literal and a writable hupai_error.
        let rules = unsafe { hupai_rules_new(c"no-such-rules".as_ptr(), &mut err) };
        assert!(rules.is_null());
        assert_eq!(err.code, c_int::from(Status::Rules));
        assert!(message(&err).contains("no-such-rules"), "{}", message(&err));
    }
}
