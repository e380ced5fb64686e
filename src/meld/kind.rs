//! [`MeldKind`], what a declared meld is: defined apart from the melds
//! themselves and importing nothing of the crate, so that `src/error.rs`
//! can name it (`HandError::TooFewCopies`) while `src/meld.rs`, which
//! returns errors, sits above `src/error.rs`. The public path is
//! `hupai::meld::MeldKind` (re-exported there).

use std::fmt;

/// What a declared meld is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldKind {
    /// A sequence claimed from a discard (吃 / チー): three consecutive
    /// tiles of one numbered suit.
    Chi,
    /// A triplet claimed from a discard (碰 / ポン).
    Pon,
    /// A kong claimed from a discard (明杠 / 大明槓).
    OpenKong,
    /// A kong made by adding a drawn tile to a pon (加杠 / 加槓).
    AddedKong,
    /// A kong of four tiles held in the hand, declared (暗杠 / 暗槓).
    ConcealedKong,
}

impl MeldKind {
    /// Tiles in a meld of this kind: 3, or 4 for a kong.
    pub const fn tiles(self) -> usize {
        match self {
            MeldKind::Chi | MeldKind::Pon => 3,
            _ => 4,
        }
    }

    /// Is it a kong?
    pub const fn is_kong(self) -> bool {
        self.tiles() == 4
    }

    /// Is it open (claimed, or grown from a claimed pon)? Only a
    /// concealed kong is not.
    pub const fn is_open(self) -> bool {
        !matches!(self, MeldKind::ConcealedKong)
    }

    /// Its name as printed in JSON: `chi`, `pon`, `open-kong`,
    /// `added-kong`, `concealed-kong`.
    pub const fn name(self) -> &'static str {
        match self {
            MeldKind::Chi => "chi",
            MeldKind::Pon => "pon",
            MeldKind::OpenKong => "open-kong",
            MeldKind::AddedKong => "added-kong",
            MeldKind::ConcealedKong => "concealed-kong",
        }
    }
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
