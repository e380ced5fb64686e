//! Reading and writing hands as text.
//!
//! Two notations are read, and may be mixed:
//! - `mpsz`: digits followed by their suit letter, `123m456p789s11z`, also one
//!   tile at a time (`4m5m6m`); `0` is a red five (read as a five); `*` is a
//!   joker. Honours `1z`–`7z` are east, south, west, north, white, green, red.
//! - Chinese: digits or Chinese numerals (一 to 九, or 壹 to 玖) followed by
//!   万 (萬), 饼 / 筒 (餅), 条 / 索 (條), so `一万`, `五筒`, `九条`; an honour
//!   as one character, 东南西北白发中 (東 發), or by its full name, 东风 南风
//!   西风 北风 白板 发财 红中 (東風 南風 西風 北風 發財 紅中); a joker as 混,
//!   赖 / 赖子, 癞 / 癞子, 鬼, 百搭 or 财神. A two-character name is read
//!   whole unless its second character starts another name (`发财神` is 发
//!   and 财神).
//!
//! Digits and numerals mix before one suit (`一万2万`, `一二3万`), and the
//! notations mix in one hand (`123m五筒`).
//!
//! Declared melds follow the concealed part, each in brackets: `[789s]` a
//! chi, `[777p]` a pon, `[1111z]` an open kong, `[1111z+]` an added kong,
//! `(2222p)` a concealed kong (see [`crate::meld`]); the tiles inside are
//! written in either notation, and full-width brackets `【】` `（）` read
//! as `[]` `()`.
//!
//! Writing is canonical `mpsz` in index order with jokers as trailing `*`,
//! then the melds in the order given ([`Hand`]'s `Display`).
//!
//! ```
//! use hupai::Hand;
//! let chinese: Hand = "122334饼23499条中中中".parse()?;
//! assert_eq!(chinese.to_string(), "122334p23499s777z");
//! let names: Hand = "一万二万三万五筒红中红中赖子".parse()?;
//! assert_eq!(names.to_string(), "123m5p77z*");
//! let tiles: Hand = "4m5m6m0p*".parse()?;
//! assert_eq!(tiles.to_string(), "456m5p*");
//! let melded: Hand = "一一一二三万中中 [七八九条] （二二二二饼）".parse()?;
//! assert_eq!(melded.to_string(), "11123m77z [789s] (2222p)");
//! # Ok::<(), hupai::ParseError>(())
//! ```

use std::str::FromStr;

// The parser sits above the types it reads: `FromStr` for `Tile`, `Hand`
// and `Meld` are implemented here, so that `tile.rs`, `hand.rs` and
// `meld.rs` import nothing of this file.
use crate::error::{cut, HandError, ParseError};
use crate::hand::{copies_over, Hand};
use crate::meld::{Meld, MeldKind};
use crate::tile::{Suit, Tile, KINDS};

/// What one Chinese character (or two-character name) stands for.
#[derive(Clone, Copy)]
enum Glyph {
    /// A rank (一 to 九), read as a digit.
    Numeral(u8),
    Suit(Suit),
    Honor(u8),
    Joker,
}

include!(concat!(env!("OUT_DIR"), "/glyphs.rs"));

/// Longest run of digits quoted back in an error message.
const QUOTE_MAX: usize = 24;

/// Parses a hand in `mpsz` or Chinese notation. ASCII whitespace between
/// groups is ignored.
///
/// # Errors
/// [`ParseError::UnknownChar`], [`ParseError::MissingSuit`],
/// [`ParseError::MissingDigits`], and [`ParseError::Hand`] for a rank out of
/// range, a fifth copy or too many tiles.
///
/// ```
/// use hupai::{notation, ParseError, HandError};
/// assert!(matches!(notation::parse("123x"), Err(ParseError::UnknownChar { ch: 'x', at: 3 })));
/// assert!(matches!(
///     notation::parse("8z"),
///     Err(ParseError::Hand(HandError::RankOutOfRange { rank: 8, suit: 'z' }))
/// ));
/// ```
pub fn parse(text: &str) -> Result<Hand, ParseError> {
    if let Some(hand) = parse_mpsz(text.as_bytes()) {
        return Ok(hand);
    }
    if text.contains(['[', '(', '【', '（']) {
        return parse_melded(text);
    }
    let (counts, jokers) = parse_counts(text)?;
    Ok(Hand::from_wide_counts(&counts, jokers)?)
}

impl FromStr for Tile {
    type Err = ParseError;

    /// Parses one tile in `mpsz` or Chinese notation.
    ///
    /// ```
    /// let red: hupai::Tile = "7z".parse()?;
    /// assert_eq!(red.index(), 33);
    /// assert!("77z".parse::<hupai::Tile>().is_err());
    /// # Ok::<(), hupai::ParseError>(())
    /// ```
    fn from_str(s: &str) -> Result<Tile, ParseError> {
        let hand = parse(s)?;
        let mut tiles = hand.tiles();
        match (tiles.next(), tiles.next(), hand.jokers()) {
            (Some(tile), None, 0) => Ok(tile),
            _ => Err(ParseError::NotOneTile { text: cut(s) }),
        }
    }
}

impl FromStr for Hand {
    type Err = ParseError;

    /// Parses `mpsz` or Chinese notation (see [`crate::notation`]).
    fn from_str(s: &str) -> Result<Hand, ParseError> {
        parse(s)
    }
}

impl FromStr for Meld {
    type Err = ParseError;

    /// One meld in brackets, as in a hand: `[789s]`, `[七八九条]`,
    /// `(2222p)`, `[1111z+]`.
    /// Full-width brackets `【】` `（）` read as `[]` `()`. The byte
    /// offsets of errors are offsets in `s`.
    fn from_str(s: &str) -> Result<Meld, ParseError> {
        let t = s.trim();
        let lead = s.len() - s.trim_start().len();
        let bracketed = t.chars().next().and_then(|open| {
            let close = closing(open)?;
            let inner = t[open.len_utf8()..].strip_suffix(close)?;
            Some((open, inner))
        });
        let Some((open, inner)) = bracketed else {
            return Err(ParseError::Hand(HandError::BadMeld {
                meld: cut(s),
                why: "a meld is written in brackets: [789s], [777p], [1111z], [1111z+], (2222p)",
            }));
        };
        meld_inner(inner, matches!(open, '[' | '【'), t, lead + open.len_utf8())
    }
}

/// The closing bracket of `open`, for a declared meld.
fn closing(open: char) -> Option<char> {
    match open {
        '[' => Some(']'),
        '(' => Some(')'),
        '【' => Some('】'),
        '（' => Some('）'),
        _ => None,
    }
}

/// Does `c` close a declared meld?
fn is_closing(c: char) -> bool {
    matches!(c, ']' | ')' | '】' | '）')
}

/// A hand with declared melds: the text outside brackets is the concealed
/// part (read with the brackets blanked, so that error offsets stay those
/// of `text`), each bracketed meld is read by [`Meld`]'s parser.
fn parse_melded(text: &str) -> Result<Hand, ParseError> {
    let mut outside = String::with_capacity(text.len());
    let mut melds = Vec::new();
    let mut chars = text.char_indices();
    while let Some((at, ch)) = chars.next() {
        let Some(close) = closing(ch) else {
            if is_closing(ch) {
                return Err(ParseError::UnknownChar { ch, at });
            }
            outside.push(ch);
            continue;
        };
        let inner_start = at + ch.len_utf8();
        // The first closing bracket of any kind closes the meld: its own,
        // or one of another kind, which is named.
        let Some((len, found)) = text[inner_start..]
            .char_indices()
            .find(|(_, c)| is_closing(*c))
        else {
            return Err(ParseError::UnclosedBracket { open: ch, at });
        };
        if found != close {
            return Err(ParseError::MismatchedBracket {
                open: ch,
                at,
                close: found,
                close_at: inner_start + len,
                expected: close,
            });
        }
        let inner = &text[inner_start..inner_start + len];
        let end = inner_start + len + close.len_utf8();
        // Full-width brackets read as ASCII ones; an error quotes the meld
        // as written.
        let open = matches!(ch, '[' | '【');
        melds.push(meld_inner(inner, open, &text[at..end], inner_start)?);
        outside.extend(std::iter::repeat_n(' ', end - at));
        while chars.offset() < end {
            chars.next();
        }
    }
    let (counts, jokers) = parse_counts(&outside)?;
    // A fifth copy counts every copy, in the concealed part and the melds.
    if let Some(e) = copies_over(&counts, &melds) {
        return Err(e.into());
    }
    Ok(Hand::from_wide_counts(&counts, jokers)?.with_melds(&melds)?)
}

/// Reads one meld from the text inside its brackets: `open` for
/// `[...]` (or `【...】`), else `(...)` (or `（...）`). `whole` is the
/// meld as an error quotes it, and `at` the byte offset of `inner` in
/// the text the caller read, added to the offsets of errors inside.
fn meld_inner(inner: &str, open: bool, whole: &str, at: usize) -> Result<Meld, ParseError> {
    let (tiles, added) = match inner.trim_end().strip_suffix('+') {
        Some(rest) if open => (rest, true),
        _ => (inner, false),
    };
    let bad = |why: &'static str| {
        ParseError::Hand(HandError::BadMeld {
            meld: cut(whole),
            why,
        })
    };
    if tiles.contains('*') {
        return Err(bad("a declared meld holds no joker"));
    }
    let (counts, jokers) = parse_counts(tiles).map_err(|e| shift(e, at))?;
    if jokers > 0 {
        return Err(bad("a declared meld holds no joker"));
    }
    let held: Vec<Tile> = (0..KINDS)
        .filter(|&i| counts[i] > 0)
        .map(|i| Tile::nth(i as u8))
        .collect();
    let total: usize = counts.iter().sum();
    let of = |kind| Meld::new(kind, held[0]).map_err(ParseError::from);
    let meld = match (&held[..], total) {
        ([t], 3) if counts[t.index()] == 3 => of(MeldKind::Pon)?,
        ([t], 4) if counts[t.index()] == 4 => of(match (open, added) {
            (true, false) => MeldKind::OpenKong,
            (true, true) => MeldKind::AddedKong,
            (false, _) => MeldKind::ConcealedKong,
        })?,
        (&[a, b, c], 3) if a.suit() == Suit::Honor => {
            match Meld::honor_sequence([a, b, c]) {
                Some(meld) => meld,
                None => return Err(bad(
                    "three honours that are neither three different winds nor the three dragons",
                )),
            }
        }
        // Consecutive indices across two suits (`[9m1p2p]`) are no chi.
        ([a, b, c], 3) if b.index() == a.index() + 1 && c.index() == a.index() + 2 => {
            of(MeldKind::Chi).map_err(|_| bad("three tiles that are neither a chi nor a pon"))?
        }
        _ if total == 3 => return Err(bad("three tiles that are neither a chi nor a pon")),
        _ if total == 4 => return Err(bad("four tiles that are not one kind")),
        _ => return Err(bad("a meld has three tiles, or four for a kong")),
    };
    let kind = meld.kind();
    // `(...)` is a concealed kong and nothing else.
    match kind {
        MeldKind::Pon if !open => {
            return Err(bad(
                "only a kong is declared concealed: write a pon as [...]",
            ))
        }
        MeldKind::Chi if !open => {
            return Err(bad(
                "only a kong is declared concealed: write a chi as [...]",
            ))
        }
        _ => {}
    }
    if added && kind != MeldKind::AddedKong {
        return Err(bad("only a kong is added to ('+')"));
    }
    Ok(meld)
}

/// A parse error of text that starts at byte `start` of a longer text
/// (the inside of a meld's brackets), its byte offsets made offsets in
/// the longer text.
fn shift(e: ParseError, start: usize) -> ParseError {
    let at = |a: usize| a + start;
    match e {
        ParseError::UnknownChar { ch, at: a } => ParseError::UnknownChar { ch, at: at(a) },
        ParseError::MissingDigits { suit, at: a } => ParseError::MissingDigits { suit, at: at(a) },
        e => e,
    }
}

/// Parses a list of tiles, such as the tiles visible on the table, into
/// counts indexed 0–33: any number of tiles, at most four of a kind, in
/// either notation. A joker `*` is not a kind of tile (a joker kind's tile,
/// such as `7z` in `hongzhong`, is).
///
/// # Errors
/// As [`parse`], [`ParseError::UnknownChar`] for a `*`, and
/// [`HandError::TooManyCopies`] for a fifth copy.
///
/// ```
/// use hupai::notation;
/// let counts = notation::parse_tiles("1111m 2p 3p 1z1z")?;
/// assert_eq!((counts[0], counts[10], counts[27]), (4, 1, 2));
/// assert!(notation::parse_tiles("11111m").is_err());
/// # Ok::<(), hupai::ParseError>(())
/// ```
pub fn parse_tiles(text: &str) -> Result<[u8; KINDS], ParseError> {
    if let Some(at) = text.find('*') {
        return Err(ParseError::UnknownChar { ch: '*', at });
    }
    let (wide, _) = parse_counts(text)?;
    let mut counts = [0u8; KINDS];
    for (i, (&w, c)) in wide.iter().zip(counts.iter_mut()).enumerate() {
        if w > 4 {
            return Err(ParseError::Hand(HandError::TooManyCopies {
                tile: Tile::from_index(i).expect("index < 34"),
                count: w,
            }));
        }
        *c = w as u8;
    }
    Ok(counts)
}

/// The common case in one pass over bytes: a short, valid hand in ASCII
/// `mpsz` notation. `None` for anything else (Chinese characters, errors,
/// long input), which [`parse_counts`] then reads and reports on.
#[inline]
fn parse_mpsz(bytes: &[u8]) -> Option<Hand> {
    // At most 63 bytes, so no count can pass 255.
    if bytes.len() >= 64 {
        return None;
    }
    let mut counts = [0u8; KINDS];
    let mut jokers = 0u8;
    let mut start: Option<usize> = None;
    for (at, &b) in bytes.iter().enumerate() {
        let (first, ranks) = match b {
            b'0'..=b'9' => {
                start.get_or_insert(at);
                continue;
            }
            b'm' => (0, 9),
            b'p' => (9, 9),
            b's' => (18, 9),
            b'z' => (27, 7),
            b'*' if start.is_none() => {
                jokers += 1;
                continue;
            }
            b' ' | b'\t' | b'\r' | b'\n' if start.is_none() => continue,
            _ => return None,
        };
        for &d in &bytes[start.take()?..at] {
            let rank = match d - b'0' {
                0 if ranks == 9 => 5,
                0 => return None,
                r if r as usize > ranks => return None,
                r => r,
            };
            counts[first + rank as usize - 1] += 1;
        }
    }
    if start.is_some() {
        return None;
    }
    Hand::from_counts(&counts, jokers).ok()
}

/// Reads notation into raw counts per kind and a joker count, with no limit
/// on copies or tiles (for tile lists such as a rule file's `tiles`).
pub(crate) fn parse_counts(text: &str) -> Result<([usize; KINDS], usize), ParseError> {
    let mut counts = [0usize; KINDS];
    let mut jokers = 0usize;
    // Byte range of the digits (and Chinese numerals) waiting for their suit.
    let mut pending: Option<(usize, usize)> = None;
    // The end of a two-character name already read.
    let mut skip_to = 0;
    for (at, ch) in text.char_indices() {
        if at < skip_to {
            continue;
        }
        match ch {
            '0'..='9' => extend(&mut pending, at, 1),
            'm' | 'p' | 's' | 'z' => {
                let suit = match ch {
                    'm' => Suit::Man,
                    'p' => Suit::Pin,
                    's' => Suit::Sou,
                    _ => Suit::Honor,
                };
                flush(text, pending.take(), suit, ch, at, &mut counts)?;
            }
            '*' => {
                no_pending(text, pending)?;
                jokers += 1;
            }
            c if c.is_ascii_whitespace() => no_pending(text, pending)?,
            c => {
                let (glyph, len) =
                    glyph_at(text, at, c).ok_or(ParseError::UnknownChar { ch: c, at })?;
                skip_to = at + len;
                match glyph {
                    Glyph::Numeral(_) => extend(&mut pending, at, len),
                    Glyph::Suit(suit) => flush(text, pending.take(), suit, c, at, &mut counts)?,
                    Glyph::Honor(i) => {
                        no_pending(text, pending)?;
                        counts[Suit::Honor.first_index() + i as usize] += 1;
                    }
                    Glyph::Joker => {
                        no_pending(text, pending)?;
                        jokers += 1;
                    }
                }
            }
        }
    }
    no_pending(text, pending)?;
    Ok((counts, jokers))
}

/// The Chinese name starting with `ch` at byte `at`, and its length in
/// bytes: a two-character name (东风, 赖子) unless its second character
/// starts another one (发财神 is 发 and 财神), else `ch` alone.
fn glyph_at(text: &str, at: usize, ch: char) -> Option<(Glyph, usize)> {
    let first = ch.len_utf8();
    let word_at = |start: usize| {
        let rest = &text[start..];
        let second = rest[first_len(rest)..].chars().next()?;
        let len = first_len(rest) + second.len_utf8();
        CHINESE_WORDS.get(&rest[..len]).map(|&g| (g, len))
    };
    match word_at(at) {
        Some(word) if word_at(at + first).is_none() => Some(word),
        _ => CHINESE_GLYPHS.get(&ch).map(|&g| (g, first)),
    }
}

/// The length in bytes of the first character of `text` (0 when empty).
fn first_len(text: &str) -> usize {
    text.chars().next().map_or(0, char::len_utf8)
}

/// Adds the `len` bytes at `at` to the digits waiting for their suit.
fn extend(pending: &mut Option<(usize, usize)>, at: usize, len: usize) {
    *pending = Some(match *pending {
        Some((start, _)) => (start, at + len),
        None => (at, at + len),
    });
}

/// The rank a digit or Chinese numeral stands for.
fn rank_of(ch: char) -> Option<u8> {
    match ch {
        '0'..='9' => Some(ch as u8 - b'0'),
        _ => match CHINESE_GLYPHS.get(&ch) {
            Some(Glyph::Numeral(rank)) => Some(*rank),
            _ => None,
        },
    }
}

fn quote(digits: &str) -> String {
    match digits.char_indices().nth(QUOTE_MAX) {
        None => digits.to_string(),
        Some((end, _)) => format!("{}...", &digits[..end]),
    }
}

fn no_pending(text: &str, pending: Option<(usize, usize)>) -> Result<(), ParseError> {
    match pending {
        Some((start, end)) => Err(ParseError::MissingSuit {
            digits: quote(&text[start..end]),
        }),
        None => Ok(()),
    }
}

fn flush(
    text: &str,
    pending: Option<(usize, usize)>,
    suit: Suit,
    suit_char: char,
    at: usize,
    counts: &mut [usize; KINDS],
) -> Result<(), ParseError> {
    let Some((start, end)) = pending else {
        return Err(ParseError::MissingDigits {
            suit: suit_char,
            at,
        });
    };
    // Only digits and numerals are pending.
    for rank in text[start..end].chars().filter_map(rank_of) {
        let tile = match (suit, rank) {
            (Suit::Man | Suit::Pin | Suit::Sou, 0) => Tile::new(suit, 5),
            _ => Tile::new(suit, rank),
        }
        .map_err(|e| match e {
            HandError::RankOutOfRange { rank, .. } => HandError::RankOutOfRange {
                rank,
                suit: suit_char,
            },
            e => e,
        })?;
        counts[tile.index()] += 1;
    }
    Ok(())
}

#[cfg(test)]
mod fast_path_tests {
    use super::*;

    /// The slow path alone: the general reader and the wide validation.
    fn slow(text: &str) -> Result<Hand, ParseError> {
        let (counts, jokers) = parse_counts(text)?;
        Ok(Hand::from_wide_counts(&counts, jokers)?)
    }

    #[test]
    fn ascii_fast_path_agrees_with_the_general_reader() {
        let alphabet = b"01234567899mpsz*  \t";
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut accepted = 0;
        for i in 0..200_000 {
            let len = i % 70;
            let text: String = (0..len)
                .map(|_| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    alphabet[(x % alphabet.len() as u64) as usize] as char
                })
                .collect();
            let fast = parse_mpsz(text.as_bytes());
            if let Some(hand) = fast {
                assert_eq!(Ok(hand), slow(&text), "{text:?}");
                accepted += 1;
            }
            assert_eq!(parse(&text), slow(&text), "{text:?}");
        }
        assert!(accepted > 1_000, "the fast path took {accepted} inputs");
    }
}
