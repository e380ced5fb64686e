//! Reading and writing hands as text.
//!
//! Four notations are read, and may be mixed in one hand:
//! - `mpsz`: digits followed by their suit letter, `123m456p789s11z`, also one
//!   tile at a time (`4m5m6m`); `*` is a joker. Honours `1z`–`7z` are east,
//!   south, west, north, white, green, red. Suits are lowercase (`123M` is
//!   an error saying so), and `10m` is refused: there is no rank ten.
//! - Chinese: digits or Chinese numerals (一 to 九, or 壹 to 玖) followed by
//!   万 (萬), 饼 / 筒 (餅), 条 / 索 (條), so `一万`, `五筒`, `九条`; an honour
//!   as one character, 东南西北白发中 (東 發), or by its full name, 东风 南风
//!   西风 北风 白板 发财 红中 (東風 南風 西風 北風 發財 紅中); a joker as 混,
//!   赖 / 赖子, 癞 / 癞子, 鬼, 百搭 or 财神. A two-character name is read
//!   whole unless its second character starts another name (`发财神` is 发
//!   and 财神).
//! - mjai names: `1m`–`9s` as in mpsz, `5mr` `5pr` `5sr` the red fives, `E`
//!   `S` `W` `N` the winds, `P` white, `F` green, `C` red. mjai separates
//!   its tiles with spaces (`5mr 6m E E`); the names read as well written
//!   together (`EES`). `P` and `S` right after digits are upper-case suits,
//!   an error.
//! - Unicode mahjong tiles: 🀇–🀏 characters, 🀙–🀡 dots, 🀐–🀘 bamboo,
//!   🀀 🀁 🀂 🀃 the winds, 🀆 🀅 🀄 white, green and red, 🀪 a joker
//!   (U+1F000–U+1F021, U+1F02A; a variation selector after one, as in
//!   `🀄️`, is ignored). Flowers and the tile back are no tiles of a hand.
//!
//! Digits and numerals mix before one suit (`一万2万`, `一二3万`), and the
//! notations mix in one hand (`123m五筒`, `🀇🀈🀉 E E`). Whitespace
//! separates groups (`12 3m` is an error: `12` has no suit).
//!
//! A red five is `0m`, `0p`, `0s` (or `5mr`, `5pr`, `5sr`). The hand keeps
//! it ([`Hand::red_fives`]) and prints it back; every operation but
//! printing and riichi scoring (aka dora) reads it as a five, and so does
//! a [`Tile`] or a [`Meld`] read alone. The standard tile set holds one red
//! five a suit: a second one of a suit, in the concealed part or the melds,
//! is [`HandError::TooManyRedFives`]. A list of tiles
//! ([`parse_tiles`]) reads red fives as fives and does not count them.
//!
//! Declared melds follow the concealed part, each in brackets: `[789s]` a
//! chi, `[777p]` a pon, `[1111z]` an open kong, `[1111z+]` an added kong,
//! `(2222p)` a concealed kong (see [`crate::meld`]); the tiles inside are
//! written in any notation, whitespace inside is ignored (`[7 8 9s]`),
//! and full-width brackets `【】` `（）` read as `[]` `()`.
//!
//! Writing is canonical `mpsz` in index order with jokers as trailing `*`,
//! then the melds in the order given ([`Hand`]'s `Display`); a red five
//! prints as `0` first of its fives (`34055m`, `[406p]`), and a 1 and a red
//! five alone as `01m`.
//!
//! ```
//! use hupai::Hand;
//! let chinese: Hand = "122334饼23499条中中中".parse()?;
//! assert_eq!(chinese.to_string(), "122334p23499s777z");
//! let names: Hand = "一万二万三万五筒红中红中赖子".parse()?;
//! assert_eq!(names.to_string(), "123m5p77z*");
//! let tiles: Hand = "4m5m6m0p*".parse()?;
//! assert_eq!(tiles.to_string(), "456m0p*");
//! let mixed: Hand = "🀇🀈🀉 5pr 6p E E".parse()?;
//! assert_eq!(mixed.to_string(), "123m06p11z");
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
    /// A whole tile, by index (a Unicode mahjong tile).
    Tile(u8),
    Joker,
}

include!(concat!(env!("OUT_DIR"), "/glyphs.rs"));

/// Longest run of digits quoted back in an error message.
const QUOTE_MAX: usize = 24;

/// Parses a hand in any notation of the module (mpsz, Chinese, mjai,
/// Unicode tiles, mixed). ASCII whitespace between groups is ignored.
///
/// # Errors
/// [`ParseError::UnknownChar`], [`ParseError::MissingSuit`],
/// [`ParseError::MissingDigits`], [`ParseError::RankTen`],
/// [`ParseError::UppercaseSuit`], [`ParseError::StrayRed`], the bracket
/// errors, and [`ParseError::Hand`] for a rank out of range, a fifth copy,
/// too many tiles, a second red five of a suit or a bad meld.
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
    let tally = parse_counts(text, Spaces::SplitGroups)?;
    Ok(Hand::from_wide_counts(&tally.counts, tally.jokers)?.with_red_fives(tally.red, &[])?)
}

impl FromStr for Tile {
    type Err = ParseError;

    /// Parses one tile in any notation (a red five is a five).
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

    /// Parses any notation of [`crate::notation`].
    fn from_str(s: &str) -> Result<Hand, ParseError> {
        parse(s)
    }
}

impl FromStr for Meld {
    type Err = ParseError;

    /// One meld in brackets, as in a hand: `[789s]`, `[七八九条]`,
    /// `(2222p)`, `[1111z+]`, `[7 8 9s]`; a red five is a five (a
    /// [`Hand`] keeps it, a `Meld` does not).
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
        meld_inner(inner, matches!(open, '[' | '【'), t, lead + open.len_utf8()).map(|(m, _)| m)
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
    let mut melds_red = Vec::new();
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
        let (meld, red) = meld_inner(inner, open, &text[at..end], inner_start)?;
        melds.push(meld);
        melds_red.push(red);
        outside.extend(std::iter::repeat_n(' ', end - at));
        while chars.offset() < end {
            chars.next();
        }
    }
    let tally = parse_counts(&outside, Spaces::SplitGroups)?;
    // A fifth copy counts every copy, in the concealed part and the melds.
    if let Some(e) = copies_over(&tally.counts, &melds) {
        return Err(e.into());
    }
    Ok(Hand::from_wide_counts(&tally.counts, tally.jokers)?
        .with_melds(&melds)?
        .with_red_fives(tally.red, &melds_red)?)
}

/// Reads one meld from the text inside its brackets: `open` for
/// `[...]` (or `【...】`), else `(...)` (or `（...）`). `whole` is the
/// meld as an error quotes it, and `at` the byte offset of `inner` in
/// the text the caller read, added to the offsets of errors inside.
/// Whitespace inside is ignored (`[7 8 9s]`). With the meld, the number
/// of its fives written red.
fn meld_inner(
    inner: &str,
    open: bool,
    whole: &str,
    at: usize,
) -> Result<(Meld, usize), ParseError> {
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
    let Tally {
        counts,
        jokers,
        red,
    } = parse_counts(tiles, Spaces::Ignored).map_err(|e| shift(e, at))?;
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
    Ok((meld, red.iter().sum()))
}

/// A parse error of text that starts at byte `start` of a longer text
/// (the inside of a meld's brackets), its byte offsets made offsets in
/// the longer text.
fn shift(e: ParseError, start: usize) -> ParseError {
    let at = |a: usize| a + start;
    match e {
        ParseError::UnknownChar { ch, at: a } => ParseError::UnknownChar { ch, at: at(a) },
        ParseError::MissingDigits { suit, at: a } => ParseError::MissingDigits { suit, at: at(a) },
        ParseError::RankTen { suit, at: a } => ParseError::RankTen { suit, at: at(a) },
        ParseError::UppercaseSuit { suit, at: a } => ParseError::UppercaseSuit { suit, at: at(a) },
        ParseError::StrayRed { at: a } => ParseError::StrayRed { at: at(a) },
        e => e,
    }
}

/// Parses a list of tiles, such as the tiles visible on the table, into
/// counts indexed 0–33: any number of tiles, at most four of a kind, in
/// either notation. A joker `*` is not a kind of tile (a joker kind's tile,
/// such as `7z` in `hongzhong`, is). A red five counts as a five.
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
    let wide = parse_counts(text, Spaces::SplitGroups)?.counts;
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
    // Red fives counted per numbered suit, a byte each (m, p, s).
    let mut zeros = 0u32;
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
                0 if ranks == 9 => {
                    zeros += 1 << (first / 9 * 8);
                    5
                }
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
    let red = match zeros {
        0 => 0,
        _ => red_bits(bytes, zeros)?,
    };
    Hand::from_counts_red(&counts, jokers, red).ok()
}

/// The red fives of the fast path in `Hand`'s layout (1 at bit 3 x suit:
/// in the concealed part), from their counts, a byte a suit; `None` for a
/// second red five of a suit or for a group `10m`, which the general
/// reader names.
#[cold]
fn red_bits(bytes: &[u8], zeros: u32) -> Option<u16> {
    // A `0` after a `1` that starts a group, with no digit after it.
    let digit = |i: usize| bytes.get(i).is_some_and(u8::is_ascii_digit);
    let ten = (1..bytes.len()).any(|i| {
        bytes[i] == b'0' && bytes[i - 1] == b'1' && !digit(i + 1) && (i < 2 || !digit(i - 2))
    });
    let mut bits = 0;
    for s in 0..3 {
        match zeros >> (8 * s) & 0xff {
            0 => {}
            1 => bits |= 1 << (3 * s),
            _ => return None,
        }
    }
    (!ten).then_some(bits)
}

/// What a text names: counts per kind and jokers, with no limit on copies
/// or tiles, and the red fives of each numbered suit (m, p, s).
pub(crate) struct Tally {
    pub(crate) counts: [usize; KINDS],
    pub(crate) jokers: usize,
    pub(crate) red: [usize; 3],
}

/// What whitespace does in the text read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Spaces {
    /// It separates groups, never digits from their suit (a hand, a list
    /// of tiles: `12 3m` is an error).
    SplitGroups,
    /// It is ignored (inside a meld's brackets, which hold one group:
    /// `[7 8 9s]`).
    Ignored,
}

/// Reads notation (mpsz, Chinese, mjai names, Unicode tiles) into a
/// [`Tally`] (for hands, and for tile lists such as a rule file's `tiles`).
pub(crate) fn parse_counts(text: &str, spaces: Spaces) -> Result<Tally, ParseError> {
    let mut tally = Tally {
        counts: [0; KINDS],
        jokers: 0,
        red: [0; 3],
    };
    // Byte range of the digits (and Chinese numerals) waiting for their suit.
    let mut pending: Option<(usize, usize)> = None;
    // The end of a two-character name already read.
    let mut skip_to = 0;
    // Where an `r` makes a red five (just after a five written alone in
    // mpsz, `5m`), and of which suit.
    let mut red_mark: Option<(usize, usize)> = None;
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
                let group = pending.take();
                flush(text, group, suit, ch, at, &mut tally)?;
                red_mark = match group {
                    Some((start, end)) if &text[start..end] == "5" && suit != Suit::Honor => {
                        Some((at + 1, suit.first_index() / 9))
                    }
                    _ => None,
                };
            }
            'r' => match red_mark {
                Some((next, suit)) if next == at => tally.red[suit] += 1,
                _ => return Err(ParseError::StrayRed { at }),
            },
            'M' | 'Z' => return Err(ParseError::UppercaseSuit { suit: ch, at }),
            'P' | 'S' if pending.is_some() => {
                return Err(ParseError::UppercaseSuit { suit: ch, at })
            }
            'E' | 'S' | 'W' | 'N' | 'P' | 'F' | 'C' => {
                no_pending(text, pending)?;
                tally.counts[mjai_honor(ch)] += 1;
            }
            '*' => {
                no_pending(text, pending)?;
                tally.jokers += 1;
            }
            c if c.is_ascii_whitespace() => {
                if spaces == Spaces::SplitGroups {
                    no_pending(text, pending)?;
                }
            }
            c => {
                let (glyph, len) = glyph_at(text, at, c)
                    .or_else(|| unicode_tile(text, at, c))
                    .ok_or(ParseError::UnknownChar { ch: c, at })?;
                skip_to = at + len;
                match glyph {
                    Glyph::Numeral(_) => extend(&mut pending, at, len),
                    Glyph::Suit(suit) => flush(text, pending.take(), suit, c, at, &mut tally)?,
                    Glyph::Honor(i) => {
                        no_pending(text, pending)?;
                        tally.counts[Suit::Honor.first_index() + i as usize] += 1;
                    }
                    Glyph::Tile(i) => {
                        no_pending(text, pending)?;
                        tally.counts[i as usize] += 1;
                    }
                    Glyph::Joker => {
                        no_pending(text, pending)?;
                        tally.jokers += 1;
                    }
                }
            }
        }
    }
    no_pending(text, pending)?;
    Ok(tally)
}

/// The index of an honour's mjai name: `E` `S` `W` `N` the winds (1z–4z),
/// `P` white (5z), `F` green (6z), `C` red (7z).
fn mjai_honor(ch: char) -> usize {
    let i = match ch {
        'E' => 0,
        'S' => 1,
        'W' => 2,
        'N' => 3,
        'P' => 4,
        'F' => 5,
        _ => 6,
    };
    Suit::Honor.first_index() + i
}

/// The Unicode mahjong tile `ch` at byte `at` (U+1F000–U+1F021, and the
/// joker U+1F02A), and its length in bytes with a variation selector
/// right after it (`🀄️`, U+FE0F).
fn unicode_tile(text: &str, at: usize, ch: char) -> Option<(Glyph, usize)> {
    let c = ch as u32;
    let glyph = match c {
        // East, south, west, north: 1z-4z.
        0x1F000..=0x1F003 => Glyph::Tile((27 + c - 0x1F000) as u8),
        // Red, green, white dragon: 7z, 6z, 5z.
        0x1F004..=0x1F006 => Glyph::Tile((33 - (c - 0x1F004)) as u8),
        // Characters, bamboo, circles one to nine: m, s, p.
        0x1F007..=0x1F00F => Glyph::Tile((c - 0x1F007) as u8),
        0x1F010..=0x1F018 => Glyph::Tile((18 + c - 0x1F010) as u8),
        0x1F019..=0x1F021 => Glyph::Tile((9 + c - 0x1F019) as u8),
        0x1F02A => Glyph::Joker,
        _ => return None,
    };
    let len = ch.len_utf8();
    let selector = text[at + len..].starts_with(['\u{FE0E}', '\u{FE0F}']);
    Some((
        glyph,
        len + if selector { '\u{FE0F}'.len_utf8() } else { 0 },
    ))
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
    tally: &mut Tally,
) -> Result<(), ParseError> {
    let Some((start, end)) = pending else {
        return Err(ParseError::MissingDigits {
            suit: suit_char,
            at,
        });
    };
    // Only digits and numerals (and, inside a meld, spaces) are pending.
    let ranks = || text[start..end].chars().filter_map(rank_of);
    let numbered = suit != Suit::Honor;
    if numbered && ranks().eq([1, 0]) {
        return Err(ParseError::RankTen {
            suit: suit_char,
            at: start,
        });
    }
    for rank in ranks() {
        let tile = match rank {
            0 if numbered => {
                tally.red[suit.first_index() / 9] += 1;
                Tile::new(suit, 5)
            }
            _ => Tile::new(suit, rank),
        }
        .map_err(|e| match e {
            HandError::RankOutOfRange { rank, .. } => HandError::RankOutOfRange {
                rank,
                suit: suit_char,
            },
            e => e,
        })?;
        tally.counts[tile.index()] += 1;
    }
    Ok(())
}

#[cfg(test)]
mod fast_path_tests {
    use super::*;

    /// The slow path alone: the general reader and the wide validation.
    fn slow(text: &str) -> Result<Hand, ParseError> {
        let tally = parse_counts(text, Spaces::SplitGroups)?;
        Ok(Hand::from_wide_counts(&tally.counts, tally.jokers)?.with_red_fives(tally.red, &[])?)
    }

    #[test]
    fn ascii_fast_path_agrees_with_the_general_reader_and_prints_back() {
        let alphabet = b"001234567899mpsz*  \trEP";
        let mut picks = crate::seeded::Picks::new(0x2545_f491_4f6c_dd1d);
        let mut accepted = 0;
        for i in 0..200_000 {
            let len = i % 70;
            let text: String = (0..len)
                .map(|_| alphabet[picks.below(alphabet.len() as u64) as usize] as char)
                .collect();
            let fast = parse_mpsz(text.as_bytes());
            if let Some(hand) = fast {
                assert_eq!(Ok(hand), slow(&text), "{text:?}");
                accepted += 1;
            }
            let read = parse(&text);
            assert_eq!(read, slow(&text), "{text:?}");
            if let Ok(hand) = read {
                assert_eq!(
                    parse(&hand.to_string()),
                    Ok(hand),
                    "{text:?} printed as {hand}"
                );
            }
        }
        assert!(accepted > 1_000, "the fast path took {accepted} inputs");
    }
}
