//! Every error the library returns. Each variant carries the offending value.

// The types named here come from the files below this one, which import
// nothing of the crate: the tile types (`tile/kind.rs`) and the meld kinds
// (`meld/kind.rs`). The files that return these errors (`tile.rs` for the
// checked tile constructors, `meld.rs`, `hand.rs`, `notation.rs`) sit above.
use crate::meld::kind::MeldKind;
use crate::tile::kind::{Suit, Tile};

/// A hand that is not acceptable: bad tiles, too many copies or tiles, or a
/// hand the rules cannot judge.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandError {
    /// A rank outside 1–9 (1–7 for honours), such as `8z` or `0z`.
    #[error("rank {rank} does not exist in suit '{suit}'")]
    RankOutOfRange {
        /// The rank as written.
        rank: u8,
        /// The suit letter (`m`, `p`, `s`, `z`).
        suit: char,
    },
    /// A tile index outside 0–33.
    #[error("tile index {index} is not a tile (0-33)")]
    BadTileIndex {
        /// The index given.
        index: usize,
    },
    /// A two-digit code (11–19 万, 21–29 条, 31–39 筒, 40–46 honours, as
    /// many Chinese servers number tiles) that names no tile.
    #[error("tile code {code} is not a tile (11-19, 21-29, 31-39, 40-46)")]
    BadTileCode {
        /// The code given.
        code: u32,
    },
    /// More than four copies of one tile.
    #[error("{count} copies of {tile}: at most 4")]
    TooManyCopies {
        /// The tile.
        tile: Tile,
        /// How many copies the hand holds, its concealed part and its
        /// declared melds together (every copy counted).
        count: usize,
    },
    /// More tiles (jokers included) than a hand can hold.
    #[error("{} (jokers included): at most {max}", count_tiles(*.tiles))]
    TooManyTiles {
        /// Tiles in the hand, jokers included.
        tiles: usize,
        /// The limit: [`MAX_HAND_TILES`](crate::MAX_HAND_TILES), or the rules' own.
        max: usize,
    },
    /// A tile kind the rules do not play with.
    #[error("{tile} is not used by the '{rules}' rules")]
    TileNotInRules {
        /// The tile.
        tile: Tile,
        /// The rules' name.
        rules: String,
    },
    /// A discard of a tile the hand does not hold.
    #[error("{tile} is not in the hand")]
    NotHeld {
        /// The tile.
        tile: Tile,
    },
    /// A discard of a joker from a hand holding none.
    #[error("the hand holds no joker")]
    NoJoker,
    /// A kong robbed (抢杠) of a tile the hand holds beside the winning
    /// copy, in its concealed part or its declared melds: the robbed kong
    /// holds the other three copies (a pung another player added the
    /// fourth to), so the winner holds exactly one.
    #[error("robbing-kong on {tile} with {held} more {tile} in the hand and its melds: the robbed kong holds the other three")]
    RobbedTileHeld {
        /// The winning tile.
        tile: Tile,
        /// The other copies of it in the concealed part and the melds.
        held: usize,
    },
    /// A kong robbed (抢杠) of a joker (under rules with joker kinds, such
    /// as hongzhong's 7z, a copy of one): a kong is added with a natural
    /// tile, never with a joker.
    #[error("robbing-kong on a joker: a kong is added with a natural tile, never a joker")]
    RobbedJoker,
    /// A hand with no wait, where a ready hand is needed.
    #[error("{hand} is not ready: no tile completes it")]
    NotReady {
        /// The hand, in canonical notation.
        hand: String,
    },
    /// A chi asked to start at a tile that starts no sequence: an honour
    /// (honour sequences, `[123z]` or `[124z]`, are named by their three
    /// tiles), or a rank above 7 (`8s` would need a `10s`).
    #[error("no chi starts at {tile}: {}", no_chi_why(*.tile))]
    NoChi {
        /// The tile the chi was to start at.
        tile: Tile,
    },
    /// A claim or kong the concealed part holds too few copies for: a pon
    /// takes two copies of its tile from the hand, an open kong three, a
    /// concealed kong four, an added kong one, and a chi one of each of
    /// its tiles but the claimed one.
    #[error(
        "the {} needs {} of {tile} from the hand, which holds {held}",
        meld_words(*.meld),
        count_copies(*.needed)
    )]
    TooFewCopies {
        /// The meld to be made.
        meld: MeldKind,
        /// The tile short (the first, in index order, of a chi's two).
        tile: Tile,
        /// Copies of it the concealed part holds.
        held: usize,
        /// Copies of it the meld takes from the concealed part.
        needed: usize,
    },
    /// A chi whose sequence does not hold the claimed tile
    /// ([`crate::LiveHand::chi`]).
    #[error("the claimed {tile} is not in {meld}")]
    ClaimNotInChi {
        /// The claimed tile.
        tile: Tile,
        /// The sequence named (canonical notation, `[123p]`).
        meld: String,
    },
    /// A declared meld that cannot exist (`[135m]`, a kong of different
    /// tiles, a joker in a meld), or a meld action the hand cannot make.
    #[error("{meld} is not a meld: {why}")]
    BadMeld {
        /// The meld as written, brackets (full-width ones too) and
        /// notation as typed, cut to its first 64 characters when longer;
        /// a meld a [`LiveHand`](crate::LiveHand) call names, in canonical
        /// notation (`[1111m+]`).
        meld: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// More declared melds than a hand can hold.
    #[error("{melds} declared melds: at most {max}")]
    TooManyMelds {
        /// The melds given.
        melds: usize,
        /// The limit.
        max: usize,
    },
    /// A declared meld of a joker kind (hongzhong's red dragon): the rules
    /// play those copies as jokers, which are not declared.
    #[error("{tile} is a joker under the '{rules}' rules and cannot be declared in a meld")]
    JokerInMeld {
        /// The joker kind.
        tile: Tile,
        /// The rules' name.
        rules: String,
    },
    /// A declared honour sequence (`[123z]`, `[567z]`) under rules that
    /// make none (`honor_sequences = false`).
    #[error("{meld} is an honour sequence, which the '{rules}' rules do not make (honor_sequences = false)")]
    HonorSequenceNotInRules {
        /// The meld, in canonical notation.
        meld: String,
        /// The rules' name.
        rules: String,
    },
    /// A hand no draw can complete under the rules: its declared melds
    /// hold more numbered suits than the rules allow.
    #[error("{hand} can never win: its melds hold {suits} numbered suits, the rules allow {max}")]
    TooManySuits {
        /// The hand, in canonical notation.
        hand: String,
        /// The numbered suits of its melds.
        suits: u32,
        /// The rules' limit.
        max: u32,
    },
    /// A hand no draws can complete under the rules: every winning hand of
    /// its size needs a copy of a tile that no draw can bring (the hand
    /// and its melds hold every copy left in play).
    #[error("the hand can never win: every winning hand of its size needs a copy of a tile that no draw can bring")]
    NoCopiesLeft,
    /// A concealed part of a size no form of the rules takes beside the
    /// hand's declared melds.
    #[error("{} beside {}: {expected}", count_concealed(*.concealed), count_melds(*.melds))]
    ConcealedSize {
        /// Tiles in the concealed part, jokers included.
        concealed: u32,
        /// Declared melds (a kong is one).
        melds: u32,
        /// The sizes the concealed part may have, in words.
        expected: String,
    },
    /// More than one red five of a suit (`0m0m`, `0p [406p]`): a tile set
    /// holds one red five of each numbered suit, so a hand holds at most
    /// one `0m`, one `0p` and one `0s`, its melds included.
    #[error("{count} red fives of {tile}: a tile set holds one red five a suit")]
    TooManyRedFives {
        /// The five (`5m`, `5p` or `5s`).
        tile: Tile,
        /// How many were written red, the melds' included.
        count: usize,
    },
    /// A hand of the wrong size: a win has 3N+2 tiles, a hand that waits 3N+1.
    #[error("{} (jokers included): expected {expected}", count_tiles(*.tiles))]
    WrongSize {
        /// Tiles in the hand, jokers included.
        tiles: usize,
        /// The sizes the rules accept, in words.
        expected: String,
    },
}

/// Why no chi starts at `tile`.
fn no_chi_why(tile: Tile) -> &'static str {
    match tile.suit() {
        Suit::Honor => {
            "a chi by its first tile is numbered; an honour sequence is declared whole, as [124z]"
        }
        _ => "a chi is three consecutive ranks, so it starts at 7 at most",
    }
}

/// A meld kind in words: `pon`, `open kong`.
fn meld_words(kind: MeldKind) -> String {
    kind.name().replace('-', " ")
}

/// `1 copy`, `2 copies`.
fn count_copies(n: usize) -> String {
    match n {
        1 => "1 copy".to_string(),
        n => format!("{n} copies"),
    }
}

/// `1 tile`, `0 tiles`, `2 tiles`.
fn count_concealed(n: u32) -> String {
    match n {
        1 => "1 concealed tile".to_string(),
        n => format!("{n} concealed tiles"),
    }
}

fn count_melds(n: u32) -> String {
    match n {
        1 => "1 meld".to_string(),
        n => format!("{n} melds"),
    }
}

fn count_tiles(n: usize) -> String {
    match n {
        1 => "1 tile".to_string(),
        n => format!("{n} tiles"),
    }
}

/// A notation string that does not describe a hand.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A character that is not part of any notation.
    #[error("unknown character {ch:?} at byte {at}")]
    UnknownChar {
        /// The character.
        ch: char,
        /// Its byte offset in the input.
        at: usize,
    },
    /// An opening bracket of a declared meld with no closing bracket after
    /// it (`11m [1111m`).
    #[error("bracket {open:?} at byte {at} is never closed")]
    UnclosedBracket {
        /// The opening bracket.
        open: char,
        /// Its byte offset in the input.
        at: usize,
    },
    /// An opening bracket closed by a bracket of another kind (`【9999饼]`).
    #[error("bracket {open:?} at byte {at} is closed by {close:?} at byte {close_at}: {expected:?} closes it")]
    MismatchedBracket {
        /// The opening bracket.
        open: char,
        /// Its byte offset in the input.
        at: usize,
        /// The closing bracket found.
        close: char,
        /// Its byte offset in the input.
        close_at: usize,
        /// The closing bracket that matches `open`.
        expected: char,
    },
    /// Digits not followed by a suit (`123` or `12*m`).
    #[error("digits {digits:?} have no suit letter after them")]
    MissingSuit {
        /// The digits as written.
        digits: String,
    },
    /// A suit with no digits before it (`m`, `饼`).
    #[error("suit {suit:?} at byte {at} has no digits before it")]
    MissingDigits {
        /// The suit character as written.
        suit: char,
        /// Its byte offset in the input.
        at: usize,
    },
    /// A group that reads as rank 10 (`10m`): ranks are 1–9, and `0` is a
    /// red five, so a 1 and a red five are written `01m`.
    #[error("\"10{suit}\" at byte {at}: there is no rank 10 (0 is a red five; a 1 and a red five are written \"01{suit}\")")]
    RankTen {
        /// The suit letter or character as written.
        suit: char,
        /// The byte offset of the `1`.
        at: usize,
    },
    /// An upper-case suit letter after digits (`123M`), or `M` / `Z`
    /// anywhere (`P` and `S` alone are the mjai names of white and south).
    #[error("{suit:?} at byte {at}: suits are lowercase: m p s z")]
    UppercaseSuit {
        /// The letter as written.
        suit: char,
        /// Its byte offset in the input.
        at: usize,
    },
    /// An `r` that does not follow a five written alone in the mjai way
    /// (`5mr`, `5pr`, `5sr`, the red fives).
    #[error("'r' at byte {at} marks a red five only right after 5m, 5p or 5s written alone (5mr; or write 0m)")]
    StrayRed {
        /// Its byte offset in the input.
        at: usize,
    },
    /// Text read as one tile that names none or several (`"12m"`, `"*"`).
    #[error("{text:?} is not exactly one tile")]
    NotOneTile {
        /// The text as given.
        text: String,
    },
    /// Text read as how a winning tile came that names no way
    /// ([`WinHow`](crate::WinHow)'s `FromStr`).
    #[error("{text:?} is not a way to win: {WIN_HOW_NAMES}")]
    NotAWinHow {
        /// The text as given.
        text: String,
    },
    /// Text read as a group of a split that is not one (see
    /// [`Group`](crate::Group)'s `FromStr`).
    #[error("{text:?} is not a group")]
    NotAGroup {
        /// The text as given (at most 64 characters).
        text: String,
    },
    /// The tiles are well written but do not form a valid hand.
    #[error(transparent)]
    Hand(#[from] HandError),
}

/// An I/O error kept whole: it shows as the I/O error, [`IoError::get`]
/// returns it (its kind, its OS code) and `source()` continues its chain;
/// two are equal when their kinds and messages are.
#[derive(Clone, Debug)]
pub struct IoError(std::sync::Arc<std::io::Error>);

impl IoError {
    /// The I/O error.
    pub fn get(&self) -> &std::io::Error {
        &self.0
    }
}

impl From<std::io::Error> for IoError {
    fn from(e: std::io::Error) -> IoError {
        IoError(std::sync::Arc::new(e))
    }
}

impl PartialEq for IoError {
    fn eq(&self, other: &IoError) -> bool {
        self.0.kind() == other.0.kind() && self.0.to_string() == other.0.to_string()
    }
}

impl Eq for IoError {}

impl std::fmt::Display for IoError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for IoError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

/// The longest text an error quotes back, in characters.
pub(crate) const QUOTE_CHARS: usize = 64;

/// `text` as an error quotes it: whole when short, else its first
/// [`QUOTE_CHARS`] characters, `…` and its length in bytes, so a huge input
/// never makes a huge message.
/// The ways to win and their players' words, for messages (as
/// [`WinHow`](crate::WinHow)'s `FromStr` reads them).
pub(crate) const WIN_HOW_NAMES: &str =
    "self-drawn (tsumo), discard (ron) or robbing-kong (chankan)";

pub(crate) fn cut(text: &str) -> String {
    match text.char_indices().nth(QUOTE_CHARS) {
        None => text.to_string(),
        Some((end, _)) => format!("{}… ({} bytes)", &text[..end], text.len()),
    }
}
