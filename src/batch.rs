//! Batches: many hands judged in one call, each answered with a status,
//! for the bindings (C, Python, WebAssembly) and any caller that holds its
//! hands as count arrays.
//!
//! A batch is [`Rows`]: 34 tile counts per hand (tile index order, see
//! [`tile`](crate::tile)) and one joker count per hand. Every function
//! writes one answer per row into slices the caller owns (nothing is
//! allocated), never stops at a bad row, and returns how many rows were
//! bad.
//!
//! A row's status is an `i8`: 0 or more is an answer (or [`OK`]), a
//! negative value is a [`Status`], an error code from one table that every
//! binding shares (the C header's `HUPAI_E_*`, Python's `hupai.Status`, the
//! JS package's `Status`).
//!
//! ```
//! use hupai::batch::{self, Rows, Status};
//! use hupai::Rules;
//!
//! let mut counts = [[0u8; 34]; 3];
//! counts[0][27] = 2; // 11z and three jokers: a win
//! counts[1][0] = 5; // a fifth 1m
//! counts[2][0] = 3; // 111m alone: 3 tiles
//! let rows = Rows::new(&counts, &[3, 0, 0])?;
//! let mut out = [0i8; 3];
//! let bad = batch::is_win(&Rules::chinese(), rows, &mut out)?;
//! assert_eq!(bad, 2);
//! assert_eq!(out, [1, Status::TooManyCopies.code(), Status::WrongSize.code()]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! A row whose judgement panics (a bug in hupai) gets
//! [`Status::Internal`], where unwinding is on; the other rows are
//! answered (the batch is then answered again, each row caught).

#[cfg(panic = "unwind")]
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::error::{HandError, ParseError};
use crate::hand::Hand;
use crate::rules::{Rules, RulesError};
use crate::tile::KINDS;

/// A row's status when it was answered: every answer is 0 or more.
pub const OK: i8 = 0;

/// Declares [`Status`] from one table: variant, code, name, meaning.
macro_rules! statuses {
    ($($variant:ident = $code:literal, $name:literal, $doc:literal;)*) => {
        /// Why a row (or a call) could not be answered: the error codes
        /// every binding shares, each negative.
        ///
        /// | code | name | meaning |
        /// |---|---|---|
        $(#[doc = concat!("| ", $code, " | `", $name, "` | ", $doc, " |")])*
        ///
        /// The C header's `HUPAI_E_*` constants are these names and codes
        /// (`HUPAI_E_TOO_MANY_COPIES` is -4), as are Python's
        /// `hupai.Status` and the JS package's `Status`.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[repr(i8)]
        pub enum Status {
            $(#[doc = $doc] $variant = $code,)*
        }

        impl Status {
            /// Every status, from -1 down.
            pub const ALL: [Status; [$($code),*].len()] = [$(Status::$variant),*];

            /// The name the bindings give it (`TOO_MANY_COPIES`; the C
            /// header prefixes `HUPAI_E_`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Status::$variant => $name,)*
                }
            }

            /// What it means, in a sentence.
            pub const fn meaning(self) -> &'static str {
                match self {
                    $(Status::$variant => $doc,)*
                }
            }
        }
    };
}

statuses! {
    Null = -1, "NULL", "A NULL pointer where a value is needed (the C ABI).";
    Parse = -2, "PARSE", "A hand string that is not mahjong notation.";
    BadUtf8 = -3, "BAD_UTF8", "A string that is not UTF-8.";
    TooManyCopies = -4, "TOO_MANY_COPIES", "More than four copies of one tile.";
    TooManyTiles = -5, "TOO_MANY_TILES", "More tiles (jokers included) than the rules allow.";
    WrongSize = -6, "WRONG_SIZE", "A hand of the wrong size: a win needs 3N+2 tiles, a wait 3N+1.";
    TileNotInRules = -7, "TILE_NOT_IN_RULES", "A tile the rules do not play with.";
    BadHand = -8, "BAD_HAND", "Any other bad hand (a rank or tile code that names no tile, ...).";
    Rules = -9, "RULES", "Rules that cannot be made: an unknown preset, an unreadable or invalid rule file.";
    Argument = -10, "ARGUMENT", "A bad argument: a batch length too large to address, arrays of different lengths, a row that is not text.";
    Internal = -11, "INTERNAL", "A panic inside hupai, caught at the boundary (a bug: please report it).";
}

impl Status {
    /// Its code: the enum's discriminant, negative.
    ///
    /// ```
    /// assert_eq!(hupai::batch::Status::TooManyCopies.code(), -4);
    /// ```
    pub const fn code(self) -> i8 {
        self as i8
    }

    /// The status of a code, if it is one.
    ///
    /// ```
    /// use hupai::batch::Status;
    /// assert_eq!(Status::from_code(-6), Some(Status::WrongSize));
    /// assert_eq!(Status::from_code(0), None);
    /// ```
    pub fn from_code(code: i8) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.code() == code)
    }

    /// The status of a hand's error: the one mapping of errors to codes.
    ///
    /// ```
    /// use hupai::batch::Status;
    /// let e = "11111m".parse::<hupai::Hand>().unwrap_err();
    /// assert_eq!(Status::of_parse(&e), Status::TooManyCopies);
    /// ```
    pub fn of_hand(e: &HandError) -> Status {
        match e {
            HandError::TooManyCopies { .. } => Status::TooManyCopies,
            HandError::TooManyTiles { .. } => Status::TooManyTiles,
            HandError::WrongSize { .. } | HandError::ConcealedSize { .. } => Status::WrongSize,
            HandError::TileNotInRules { .. } => Status::TileNotInRules,
            _ => Status::BadHand,
        }
    }

    /// The status of a notation error: [`Status::Parse`], or the hand's
    /// own for well-written tiles that make no hand.
    pub fn of_parse(e: &ParseError) -> Status {
        match e {
            ParseError::Hand(h) => Status::of_hand(h),
            _ => Status::Parse,
        }
    }

    /// The status of rules that cannot be made: [`Status::Rules`].
    pub fn of_rules(_: &RulesError) -> Status {
        Status::Rules
    }

    /// The status of a scoring error: a hand's or a parse error's own,
    /// `RULES` for rules without a `[scoring]` table, `ARGUMENT` for any
    /// other claim that cannot be scored (a conflict, a bad field; the
    /// message names it).
    pub fn of_score(e: &crate::score::ScoreError) -> Status {
        use crate::score::ScoreError;
        match e {
            ScoreError::Hand(h) => Status::of_hand(h),
            ScoreError::Parse { source, .. } => Status::of_parse(source),
            ScoreError::NoScoring { .. } => Status::Rules,
            _ => Status::Argument,
        }
    }
}

impl From<Status> for i8 {
    fn from(s: Status) -> i8 {
        s.code()
    }
}

impl From<Status> for i32 {
    fn from(s: Status) -> i32 {
        s.code().into()
    }
}

impl std::fmt::Display for Status {
    /// The name: `TOO_MANY_COPIES`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// Slices of a batch whose lengths do not fit each other ([`Status::Argument`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LengthError {
    /// The counts are not 34 per joker count.
    #[error(
        "counts has {counts} values but jokers has {jokers}: counts must hold 34 per hand ({} for {jokers} hands)",
        jokers.saturating_mul(KINDS)
    )]
    Counts {
        /// The counts given.
        counts: usize,
        /// The joker counts given (one per hand).
        jokers: usize,
    },
    /// An output slice that is not one slot per row.
    #[error("{what} has {len} slots for {rows} hands: one per hand")]
    Output {
        /// The output's name (`out`, `masks`, `status`, ...).
        what: &'static str,
        /// Its length.
        len: usize,
        /// The rows.
        rows: usize,
    },
}

/// The hands of a batch: 34 counts per hand, hand after hand, and one
/// joker count per hand (the lengths checked once, when made).
#[derive(Clone, Copy, Debug)]
pub struct Rows<'a> {
    /// `34 × jokers.len()` counts.
    counts: &'a [u8],
    jokers: &'a [u8],
}

impl<'a> Rows<'a> {
    /// Rows of count arrays and their joker counts.
    ///
    /// # Errors
    /// [`LengthError::Counts`] when there are not as many of each.
    pub fn new(counts: &'a [[u8; KINDS]], jokers: &'a [u8]) -> Result<Rows<'a>, LengthError> {
        Rows::from_flat(counts.as_flattened(), jokers)
    }

    /// Rows of counts laid out flat, 34 per hand.
    ///
    /// # Errors
    /// [`LengthError::Counts`] when `counts` does not hold 34 per joker count.
    pub fn from_flat(counts: &'a [u8], jokers: &'a [u8]) -> Result<Rows<'a>, LengthError> {
        if counts.len() != jokers.len().saturating_mul(KINDS) {
            return Err(LengthError::Counts {
                counts: counts.len(),
                jokers: jokers.len(),
            });
        }
        Ok(Rows { counts, jokers })
    }

    /// The number of hands.
    pub fn len(&self) -> usize {
        self.jokers.len()
    }

    /// True for a batch of no hand.
    pub fn is_empty(&self) -> bool {
        self.jokers.is_empty()
    }

    /// Each hand's counts and jokers, in order.
    pub fn iter(&self) -> impl Iterator<Item = (&'a [u8; KINDS], u8)> + 'a {
        self.counts
            .chunks_exact(KINDS)
            .map(|c| <&[u8; KINDS]>::try_from(c).expect("chunks of 34"))
            .zip(self.jokers.iter().copied())
    }

    /// Checks that the output `what` has one slot per row.
    fn fits<T>(&self, what: &'static str, out: &[T]) -> Result<(), LengthError> {
        if out.len() == self.len() {
            Ok(())
        } else {
            Err(LengthError::Output {
                what,
                len: out.len(),
                rows: self.len(),
            })
        }
    }
}

/// `judge`'s answer, or the status of its error; with `CAUGHT`, of its
/// panic too (where panics unwind).
#[inline(always)]
fn judged<const CAUGHT: bool, T>(
    judge: impl FnOnce() -> Result<T, HandError>,
) -> Result<T, Status> {
    #[cfg(panic = "unwind")]
    if CAUGHT {
        let answer = catch_unwind(AssertUnwindSafe(judge)).map_err(|_| Status::Internal)?;
        return answer.map_err(|e| Status::of_hand(&e));
    }
    judge().map_err(|e| Status::of_hand(&e))
}

/// Runs `pass` over the batch with no catch per row (a catch around each
/// row moves its answer through memory, a store-forwarding stall that
/// costs more than the row's check), inside one catch for the whole pass;
/// were a row to panic, the batch is answered again row by row, each row
/// caught (`pass(true)`), so that only that row gets [`Status::Internal`].
fn guarded(mut pass: impl FnMut(bool) -> usize) -> usize {
    #[cfg(panic = "unwind")]
    if let Ok(bad) = catch_unwind(AssertUnwindSafe(|| pass(false))) {
        return bad;
    }
    pass(cfg!(panic = "unwind"))
}

/// Runs `judge` on every row: `answers[i]` receives row i's answer and
/// `status[i]` [`OK`], or `A::default()` and its status. Returns the bad
/// rows.
fn each_row<A: Default>(
    rows: Rows<'_>,
    answers: &mut [A],
    status: &mut [i8],
    judge: impl Fn(&[u8; KINDS], u8) -> Result<A, HandError>,
) -> Result<usize, LengthError> {
    rows.fits("status", status)?;
    Ok(guarded(|caught| match caught {
        false => each_row_pass::<false, A>(rows, answers, status, &judge),
        true => each_row_pass::<true, A>(rows, answers, status, &judge),
    }))
}

/// One pass of [`each_row`].
#[inline(always)]
fn each_row_pass<const CAUGHT: bool, A: Default>(
    rows: Rows<'_>,
    answers: &mut [A],
    status: &mut [i8],
    judge: &impl Fn(&[u8; KINDS], u8) -> Result<A, HandError>,
) -> usize {
    let mut bad = 0;
    for (((c, j), a), s) in rows.iter().zip(answers.iter_mut()).zip(status.iter_mut()) {
        (*a, *s) = match judged::<CAUGHT, A>(|| judge(c, j)) {
            Ok(answer) => (answer, OK),
            Err(e) => (A::default(), e.code()),
        };
        bad += usize::from(*s < 0);
    }
    bad
}

/// [`Rules::is_win_counts`] of every row: `out[i]` receives 1 (a win), 0
/// (no win) or row i's [`Status`] code. Returns the number of bad rows.
///
/// # Errors
/// [`LengthError::Output`] when `out` is not one slot per row (nothing
/// is answered).
pub fn is_win(rules: &Rules, rows: Rows<'_>, out: &mut [i8]) -> Result<usize, LengthError> {
    rows.fits("out", out)?;
    Ok(guarded(|caught| match caught {
        false => is_win_pass::<false>(rules, rows, out),
        true => is_win_pass::<true>(rules, rows, out),
    }))
}

/// One pass of [`is_win`]: [`Rules::is_win_counts`] inlined in the row
/// loop, as a caller's own loop of single calls compiles, each answer in
/// a register (one call a row measured 11–19 % slower).
#[inline(never)]
fn is_win_pass<const CAUGHT: bool>(rules: &Rules, rows: Rows<'_>, out: &mut [i8]) -> usize {
    let mut bad = 0;
    for ((c, j), o) in rows.iter().zip(out.iter_mut()) {
        *o = match judged::<CAUGHT, bool>(|| rules.is_win_counts(c, j)) {
            Ok(win) => i8::from(win),
            Err(e) => e.code(),
        };
        bad += usize::from(*o < 0);
    }
    bad
}

/// [`Rules::waits_counts`] of every row: `masks[i]` receives row i's waits
/// (bit t set when tile index t completes it; 0 when none does) and
/// `status[i]` [`OK`], or 0 and row i's [`Status`] code. Returns the
/// number of bad rows.
///
/// ```
/// use hupai::batch::{self, Rows, Status, OK};
/// let mut counts = [[0u8; 34]; 2];
/// counts[0][27] = 1; // 1z: waits on 1z
/// counts[1][27] = 2; // 11z: 2 tiles, no size to wait with
/// let (mut masks, mut status) = ([0u64; 2], [0i8; 2]);
/// let rows = Rows::new(&counts, &[0, 0])?;
/// batch::waits(&hupai::Rules::chinese(), rows, &mut masks, &mut status)?;
/// assert_eq!((masks, status), ([1 << 27, 0], [OK, Status::WrongSize.code()]));
/// # Ok::<(), hupai::batch::LengthError>(())
/// ```
///
/// # Errors
/// [`LengthError::Output`] when an output is not one slot per row.
pub fn waits(
    rules: &Rules,
    rows: Rows<'_>,
    masks: &mut [u64],
    status: &mut [i8],
) -> Result<usize, LengthError> {
    rows.fits("masks", masks)?;
    each_row(rows, masks, status, |c, j| {
        rules.waits_counts(c, j).map(|w| w.bits())
    })
}

/// [`Rules::shanten_counts`] of every row: `shanten[i]` receives row i's
/// shanten (-1 a win, 0 ready, ...) and `status[i]` [`OK`], or 0 and row
/// i's [`Status`] code. Returns the number of bad rows.
///
/// # Errors
/// [`LengthError::Output`] when an output is not one slot per row.
pub fn shanten(
    rules: &Rules,
    rows: Rows<'_>,
    shanten: &mut [i8],
    status: &mut [i8],
) -> Result<usize, LengthError> {
    rows.fits("shanten", shanten)?;
    rows.fits("status", status)?;
    Ok(guarded(|caught| match caught {
        false => shanten_pass::<false>(rules, rows, shanten, status),
        true => shanten_pass::<true>(rules, rows, shanten, status),
    }))
}

/// One pass of [`shanten`]: [`Rules::shanten_counts`] inlined in the
/// row loop, as [`is_win_pass`] does it.
#[inline(never)]
fn shanten_pass<const CAUGHT: bool>(
    rules: &Rules,
    rows: Rows<'_>,
    shanten: &mut [i8],
    status: &mut [i8],
) -> usize {
    let mut bad = 0;
    let outs = shanten.iter_mut().zip(status.iter_mut());
    for ((c, j), (sh, st)) in rows.iter().zip(outs) {
        (*sh, *st) = match judged::<CAUGHT, i8>(|| rules.shanten_counts(c, j)) {
            Ok(answer) => (answer, OK),
            Err(e) => (0, e.code()),
        };
        bad += usize::from(*st < 0);
    }
    bad
}

/// Parses hands (any notation [`Hand`] reads) into rows: `counts` receives
/// 34 counts per hand and `jokers` one joker count, and `status[i]` [`OK`],
/// or, for a row that is not a hand, zeros and its [`Status`] code (a
/// `None` row, one that is not text, is [`Status::Argument`]). A hand the
/// rules would refuse (a wrong size) is a row here; only its count arrays
/// are read, so declared melds count as tiles. Returns the number of bad
/// rows.
///
/// ```
/// use hupai::batch::{self, Status, OK};
/// let hands = [Some("123m456p789s11222z"), Some("11111m"), None];
/// let (mut counts, mut jokers, mut status) = ([0u8; 3 * 34], [0u8; 3], [0i8; 3]);
/// assert_eq!(batch::parse(&hands, &mut counts, &mut jokers, &mut status)?, 2);
/// assert_eq!(status, [OK, Status::TooManyCopies.code(), Status::Argument.code()]);
/// # Ok::<(), hupai::batch::LengthError>(())
/// ```
///
/// # Errors
/// [`LengthError`] when an output is not one slot (34 counts) per hand.
pub fn parse<S: AsRef<str>>(
    hands: &[Option<S>],
    counts: &mut [u8],
    jokers: &mut [u8],
    status: &mut [i8],
) -> Result<usize, LengthError> {
    let fits = |what, len| {
        if len == hands.len() {
            Ok(())
        } else {
            Err(LengthError::Output {
                what,
                len,
                rows: hands.len(),
            })
        }
    };
    fits("jokers", jokers.len())?;
    fits("status", status.len())?;
    if counts.len() != hands.len().saturating_mul(KINDS) {
        return Err(LengthError::Counts {
            counts: counts.len(),
            jokers: hands.len(),
        });
    }
    let mut bad = 0;
    let rows = counts.chunks_exact_mut(KINDS).zip(jokers).zip(status);
    for (hand, ((c, j), s)) in hands.iter().zip(rows) {
        let parsed = match hand {
            Some(text) => text
                .as_ref()
                .parse::<Hand>()
                .map_err(|e| Status::of_parse(&e)),
            None => Err(Status::Argument),
        };
        (*j, *s) = match parsed {
            Ok(h) => {
                c.copy_from_slice(h.counts());
                (h.jokers(), OK)
            }
            Err(e) => {
                c.fill(0);
                (0, e.code())
            }
        };
        bad += usize::from(*s < 0);
    }
    Ok(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A row of counts with `tiles` copies of each (index, count).
    fn row(tiles: &[(usize, u8)]) -> [u8; KINDS] {
        let mut c = [0; KINDS];
        for &(i, n) in tiles {
            c[i] = n;
        }
        c
    }

    #[test]
    fn status_codes_are_the_c_abi_numbers() {
        let table: Vec<(i8, &str)> = Status::ALL.iter().map(|s| (s.code(), s.name())).collect();
        assert_eq!(
            table,
            [
                (-1, "NULL"),
                (-2, "PARSE"),
                (-3, "BAD_UTF8"),
                (-4, "TOO_MANY_COPIES"),
                (-5, "TOO_MANY_TILES"),
                (-6, "WRONG_SIZE"),
                (-7, "TILE_NOT_IN_RULES"),
                (-8, "BAD_HAND"),
                (-9, "RULES"),
                (-10, "ARGUMENT"),
                (-11, "INTERNAL"),
            ]
        );
        for s in Status::ALL {
            assert_eq!(Status::from_code(s.code()), Some(s));
            assert!(s.meaning().ends_with('.'), "{s}");
        }
    }

    #[test]
    fn errors_map_to_their_codes() {
        let rules = Rules::preset("sichuan").unwrap();
        let status = |hand: &str| match hand.parse::<Hand>() {
            Err(e) => Status::of_parse(&e),
            Ok(h) => Status::of_hand(&rules.is_win(&h).unwrap_err()),
        };
        assert_eq!(status("123x"), Status::Parse);
        assert_eq!(status("8z"), Status::BadHand);
        assert_eq!(status("11111m"), Status::TooManyCopies);
        assert_eq!(status("123m"), Status::WrongSize);
        assert_eq!(status("123m456p789s11122z"), Status::TileNotInRules);
        assert_eq!(status(&"*".repeat(200)), Status::TooManyTiles);
        assert_eq!(
            Status::of_rules(&Rules::from_toml_str("base = \"nope\"").unwrap_err()),
            Status::Rules
        );
    }

    #[test]
    fn bad_rows_get_their_status_and_the_others_an_answer() {
        let rules = Rules::chinese();
        let counts = [
            row(&[(0, 3)]),         // 111m and two jokers: a win
            row(&[(0, 5)]),         // a fifth 1m
            row(&[(0, 3), (1, 3)]), // 6 tiles
            row(&[(0, 3), (1, 1)]), // 1112m: waits
        ];
        let rows = Rows::new(&counts, &[2, 0, 0, 0]).unwrap();
        let mut out = [9; 4];
        assert_eq!(is_win(&rules, rows, &mut out), Ok(3));
        assert_eq!(out, [1, -4, -6, -6]);
        let (mut masks, mut status) = ([9; 4], [9; 4]);
        assert_eq!(waits(&rules, rows, &mut masks, &mut status), Ok(3));
        assert_eq!(status, [-6, -4, -6, OK]);
        assert_eq!(masks[..3], [0, 0, 0]);
        assert_eq!(masks[3], rules.waits_counts(&counts[3], 0).unwrap().bits());
        let mut sh = [9; 4];
        assert_eq!(shanten(&rules, rows, &mut sh, &mut status), Ok(2));
        assert_eq!((sh, status), ([-1, 0, 0, 0], [OK, -4, -6, OK]));
    }

    #[test]
    fn lengths_are_checked_before_any_row() {
        let counts = [[0u8; KINDS]; 2];
        let e = Rows::from_flat(&counts.as_flattened()[1..], &[0, 0]).unwrap_err();
        assert!(e.to_string().contains("34 per hand"), "{e}");
        let rows = Rows::new(&counts, &[0, 0]).unwrap();
        let mut out = [9i8; 3];
        assert!(matches!(
            is_win(&Rules::chinese(), rows, &mut out),
            Err(LengthError::Output {
                what: "out",
                len: 3,
                rows: 2
            })
        ));
        assert_eq!(out, [9; 3]);
        let (mut masks, mut status) = ([0u64; 2], [0i8; 1]);
        assert!(waits(&Rules::chinese(), rows, &mut masks, &mut status).is_err());
        assert!(Rows::new(&[], &[]).unwrap().is_empty());
    }

    #[test]
    fn parse_fills_rows_and_zeroes_bad_ones() {
        let hands = [Some("123m*"), Some("12x"), Some("8z"), None];
        let mut counts = [7u8; 4 * KINDS];
        let (mut jokers, mut status) = ([7u8; 4], [7i8; 4]);
        assert_eq!(parse(&hands, &mut counts, &mut jokers, &mut status), Ok(3));
        assert_eq!(status, [OK, -2, -8, -10]);
        assert_eq!(counts[..3], [1, 1, 1]);
        assert!(counts[3..KINDS]
            .iter()
            .chain(&counts[KINDS..])
            .all(|&c| c == 0));
        assert_eq!(jokers, [1, 0, 0, 0]);
        assert!(parse(&hands, &mut counts[1..], &mut jokers, &mut status).is_err());
    }
}
