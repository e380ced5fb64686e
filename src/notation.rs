//! Reading and writing hands as text.
//!
//! Two notations are read, and may be mixed:
//! - `mpsz`: digits followed by their suit letter, `123m456p789s11z`, also one
//!   tile at a time (`4m5m6m`); `0` is a red five (read as a five); `*` is a
//!   joker. Honours `1z`–`7z` are east, south, west, north, white, green, red.
//! - Chinese (seed 000): digits followed by 万 (萬), 饼 / 筒 (餅), 条 / 索 (條);
//!   one character per honour tile, 东南西北白发中 (東 發); 混 (癞, 鬼) is a joker.
//!
//! Writing is canonical `mpsz` in index order with jokers as trailing `*`
//! ([`Hand`]'s `Display`).
//!
//! ```
//! use hupai::Hand;
//! let seed: Hand = "122334饼23499条中中中".parse()?;
//! assert_eq!(seed.to_string(), "122334p23499s777z");
//! let tiles: Hand = "4m5m6m0p*".parse()?;
//! assert_eq!(tiles.to_string(), "456m5p*");
//! # Ok::<(), hupai::ParseError>(())
//! ```

use crate::error::{HandError, ParseError};
use crate::hand::Hand;
use crate::tile::{Suit, Tile, KINDS};

/// What one Chinese character stands for.
#[derive(Clone, Copy)]
enum Glyph {
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
    let (counts, jokers) = parse_counts(text)?;
    Ok(Hand::from_wide_counts(&counts, jokers)?)
}

/// Reads notation into raw counts per kind and a joker count, with no limit
/// on copies or tiles (for tile lists such as a rule file's `tiles`).
pub(crate) fn parse_counts(text: &str) -> Result<([usize; KINDS], usize), ParseError> {
    let mut counts = [0usize; KINDS];
    let mut jokers = 0usize;
    // Byte range of the digits waiting for their suit.
    let mut pending: Option<(usize, usize)> = None;
    for (at, ch) in text.char_indices() {
        match ch {
            '0'..='9' => {
                pending = Some(match pending {
                    Some((start, _)) => (start, at + 1),
                    None => (at, at + 1),
                });
            }
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
            c => match CHINESE_GLYPHS.get(&c) {
                Some(Glyph::Suit(suit)) => flush(text, pending.take(), *suit, c, at, &mut counts)?,
                Some(Glyph::Honor(i)) => {
                    no_pending(text, pending)?;
                    counts[Suit::Honor.first_index() + *i as usize] += 1;
                }
                Some(Glyph::Joker) => {
                    no_pending(text, pending)?;
                    jokers += 1;
                }
                None => return Err(ParseError::UnknownChar { ch: c, at }),
            },
        }
    }
    no_pending(text, pending)?;
    Ok((counts, jokers))
}

fn quote(digits: &str) -> String {
    if digits.len() <= QUOTE_MAX {
        digits.to_string()
    } else {
        format!("{}...", &digits[..QUOTE_MAX])
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
    for d in text[start..end].bytes() {
        let rank = d - b'0';
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
