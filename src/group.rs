//! The groups of a split — melds, pairs, singles, knitted groups, each
//! with what its jokers stand for — and the splits that list them
//! ([`Split`]), as [`Rules::splits`](crate::Rules::splits) finds them and
//! as they are printed and read.

use std::fmt;

use arrayvec::ArrayVec;

use crate::form::kind::Form;
use crate::form::knitted::ASSIGNMENTS;
use crate::hand::MAX_HAND_TILES;
use crate::meld::{Meld, MeldKind, Melds, MAX_MELDS};
use crate::tile::sets::HONORS;
use crate::tile::Tile;

/// What a group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum GroupKind {
    /// Three consecutive tiles of a numbered suit.
    Sequence,
    /// Three different winds, or the three dragons (rules with
    /// `honor_sequences`).
    HonorSequence,
    /// Three identical tiles.
    Triplet,
    /// Two identical tiles.
    Pair,
    /// One tile (thirteen orphans).
    Single,
    /// The nine tiles of a knitted straight (组合龙): 147 of one numbered
    /// suit, 258 of another, 369 of the third, printed as one group
    /// (`147m258p369s`, with jokers `1*7m258p369s:147m258p369s`).
    ///
    /// ```
    /// let g: hupai::Group = "147m258p369s".parse()?;
    /// assert_eq!(g.kind(), hupai::GroupKind::Knitted);
    /// assert_eq!(g.kind().size(), 9);
    /// # Ok::<(), hupai::ParseError>(())
    /// ```
    Knitted,
    /// The fourteen different singles of honours and knitted tiles
    /// (全不靠), printed as one group (`147m258p69s12345z*` has the group
    /// `147m258p69s12345*z:147m258p69s123456z` when its joker is the 6z).
    ///
    /// ```
    /// let g: hupai::Group = "147m258p6s1234567z".parse()?;
    /// assert_eq!(g.kind(), hupai::GroupKind::HonorsAndKnitted);
    /// assert_eq!(g.kind().size(), 14);
    /// # Ok::<(), hupai::ParseError>(())
    /// ```
    HonorsAndKnitted,
    /// Four identical tiles: a declared kong (see [`Group::meld`]).
    Kong,
}

impl GroupKind {
    /// Tiles in a group of this kind.
    pub const fn size(self) -> usize {
        match self {
            GroupKind::Kong => 4,
            GroupKind::Sequence | GroupKind::HonorSequence | GroupKind::Triplet => 3,
            GroupKind::Pair => 2,
            GroupKind::Single => 1,
            GroupKind::Knitted => 9,
            GroupKind::HonorsAndKnitted => 14,
        }
    }
}

/// One group of a split.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Group {
    /// Its lowest tile; `None` for an unresolved group of jokers only.
    first: Option<Tile>,
    kind: GroupKind,
    /// Bit `i` set: slot `i` (in rank order) is a joker. For identical
    /// tiles the jokers take the last slots.
    jokers: u16,
    /// For sequences and the knitted groups, the kinds of the slots from
    /// `first` on: bit `k` set when the tile of index `first + k` is a slot
    /// (0b111 for `123m`, 0b1011 for `124z`).
    spread: u64,
    /// What the group is when it is a declared meld (printed `[789s]`).
    meld: Option<MeldKind>,
}

impl Group {
    /// A sequence of `kind` whose slots sit at the ranks `spread` (bits)
    /// above `first`, `jokers` marking the joker slots.
    pub(crate) fn sequence(kind: GroupKind, first: Tile, spread: u8, jokers: u8) -> Group {
        Group {
            first: Some(first),
            kind,
            jokers: jokers as u16,
            spread: spread as u64,
            meld: None,
        }
    }

    /// The group of a declared meld.
    pub(crate) fn declared(meld: Meld) -> Group {
        let kind = match meld.kind() {
            MeldKind::Chi if meld.is_honor_sequence() => GroupKind::HonorSequence,
            MeldKind::Chi => GroupKind::Sequence,
            MeldKind::Pon => GroupKind::Triplet,
            _ => GroupKind::Kong,
        };
        Group {
            first: Some(meld.tile()),
            kind,
            jokers: 0,
            spread: meld.spread() as u64,
            meld: Some(meld.kind()),
        }
    }

    /// The declared meld this group is, if it is one (it then prints as
    /// the meld: `[789s]`, `(2222p)`).
    ///
    /// ```
    /// use hupai::{Hand, MeldKind, Rules};
    /// let hand: Hand = "123m55z [789s] [1111z] (2222p)".parse()?;
    /// let split = &Rules::basic().splits(&hand)?[0];
    /// assert_eq!(split.to_string(), "standard 123m 55z [789s] [1111z] (2222p)");
    /// let declared: Vec<MeldKind> = split.groups.iter().filter_map(|g| g.meld()).map(|m| m.kind()).collect();
    /// assert_eq!(declared, [MeldKind::Chi, MeldKind::OpenKong, MeldKind::ConcealedKong]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn meld(&self) -> Option<Meld> {
        Some(Meld::of_parts(self.meld?, self.first?, self.spread as u8))
    }

    /// Is it a declared meld?
    pub(crate) fn is_declared(&self) -> bool {
        self.meld.is_some()
    }

    /// What declared meld it is, if it is one.
    pub(crate) fn meld_kind(&self) -> Option<MeldKind> {
        self.meld
    }

    /// A knitted group of `kind` holding the kinds `kinds` (bit `i` for
    /// index `i`), those of `joker_kinds` (a subset) as jokers.
    pub(crate) fn knitted(kind: GroupKind, kinds: u64, joker_kinds: u64) -> Group {
        let first = kinds.trailing_zeros() as usize;
        let mut jokers = 0u16;
        let mut slot = 0;
        for i in first..64 {
            if kinds >> i & 1 == 1 {
                jokers |= ((joker_kinds >> i & 1) as u16) << slot;
                slot += 1;
            }
        }
        Group {
            first: Tile::from_index(first).ok(),
            kind,
            jokers,
            spread: kinds >> first,
            meld: None,
        }
    }

    /// A group of identical tiles, `naturals` of them natural.
    pub(crate) fn same(kind: GroupKind, tile: Tile, naturals: usize) -> Group {
        let all = (1u16 << kind.size()) - 1;
        Group {
            first: Some(tile),
            kind,
            jokers: all & !((1u16 << naturals) - 1),
            spread: 1,
            meld: None,
        }
    }

    /// A group of jokers only, left unresolved.
    pub(crate) fn unresolved(kind: GroupKind) -> Group {
        Group {
            first: None,
            kind,
            jokers: (1u16 << kind.size()) - 1,
            spread: 0,
            meld: None,
        }
    }

    /// Its lowest tile; `None` for a group of jokers only.
    pub(crate) fn first_tile(&self) -> Option<Tile> {
        self.first
    }

    /// The group's kind.
    pub fn kind(&self) -> GroupKind {
        self.kind
    }

    /// The tiles the group stands for, jokers resolved, in rank order;
    /// `None` for an unresolved group of jokers only.
    pub fn tiles(&self) -> Option<Vec<Tile>> {
        let first = self.first?;
        Some(
            (0..self.kind.size())
                .map(|i| self.slot_tile(first, i))
                .collect(),
        )
    }

    /// [`Group::tiles`] of a group of `N` slots, without allocating.
    pub(crate) fn slot_tiles<const N: usize>(&self) -> Option<[Tile; N]> {
        let first = self.first?;
        debug_assert_eq!(N, self.kind.size());
        Some(std::array::from_fn(|i| self.slot_tile(first, i)))
    }

    /// The natural tiles of the group (jokers left out).
    pub fn naturals(&self) -> Vec<Tile> {
        match self.first {
            None => Vec::new(),
            Some(first) => (0..self.kind.size())
                .filter(|&i| self.jokers >> i & 1 == 0)
                .map(|i| self.slot_tile(first, i))
                .collect(),
        }
    }

    /// The slots (in rank order) that hold `tile`: a natural copy of it,
    /// or for `None` (a joker) a joker.
    pub(crate) fn slots_holding(&self, tile: Option<Tile>) -> impl Iterator<Item = usize> {
        let all = (1u64 << self.kind.size()) - 1;
        let jokers = self.jokers as u64 & all;
        let slots = match (tile, self.first) {
            (None, _) => jokers,
            (Some(_), None) => 0,
            (Some(t), Some(first)) => match self.kind {
                GroupKind::Sequence
                | GroupKind::HonorSequence
                | GroupKind::Knitted
                | GroupKind::HonorsAndKnitted => {
                    // The slot of t's kind: the set bits of the spread
                    // below it (see `slot_tile`).
                    let offset = t.index().wrapping_sub(first.index());
                    if offset < 64 && self.spread >> offset & 1 == 1 {
                        let slot = (self.spread & ((1u64 << offset) - 1)).count_ones();
                        1u64 << slot & !jokers
                    } else {
                        0
                    }
                }
                _ if t == first => all & !jokers,
                _ => 0,
            },
        };
        crate::swar::bits(slots)
    }

    /// The slots (bit `i`: slot `i`, in rank order) that hold jokers.
    pub(crate) fn joker_slots(&self) -> u16 {
        self.jokers & ((1u16 << self.kind.size()) - 1)
    }

    /// Number of jokers in the group.
    pub fn joker_count(&self) -> usize {
        self.jokers.count_ones() as usize
    }

    fn slot_tile(&self, first: Tile, i: usize) -> Tile {
        match self.kind {
            GroupKind::Sequence
            | GroupKind::HonorSequence
            | GroupKind::Knitted
            | GroupKind::HonorsAndKnitted => {
                // The i-th set bit of the spread: the lower ones cleared.
                let mut rest = self.spread;
                for _ in 0..i {
                    rest &= rest.wrapping_sub(1);
                }
                let offset = if rest == 0 {
                    0
                } else {
                    rest.trailing_zeros() as usize
                };
                Tile::from_index(first.index() + offset).unwrap_or(first)
            }
            _ => first,
        }
    }

    /// Sort key: melds holding natural tiles by tile, then melds of jokers
    /// only, then pairs the same way.
    fn order(&self) -> (u8, Option<Tile>, GroupKind, u64, u16) {
        let class = match (self.kind, self.first) {
            _ if self.meld.is_some() => 4,
            (GroupKind::Pair, Some(_)) => 2,
            (GroupKind::Pair, None) => 3,
            (_, None) => 1,
            _ => 0,
        };
        (class, self.first, self.kind, self.spread, self.jokers)
    }
}

impl Ord for Group {
    /// The order groups are listed in (see [`Split::groups`]).
    fn cmp(&self, other: &Group) -> std::cmp::Ordering {
        self.order().cmp(&other.order())
    }
}

impl PartialOrd for Group {
    fn partial_cmp(&self, other: &Group) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Group {
    /// `123m`; with jokers, the natural tiles with `*` in the jokers' slots,
    /// then `:` and the resolved tiles (`1*3s:123s`); jokers only: `***`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(meld) = self.meld() {
            return write!(f, "{meld}");
        }
        let Some(first) = self.first else {
            return f.write_str(&"*".repeat(self.kind.size()));
        };
        if matches!(self.kind, GroupKind::Knitted | GroupKind::HonorsAndKnitted) {
            return self.fmt_knitted(f, first);
        }
        let letter = first.suit().letter();
        for i in 0..self.kind.size() {
            if self.jokers >> i & 1 == 1 {
                f.write_str("*")?;
            } else {
                write!(f, "{}", self.slot_tile(first, i).rank())?;
            }
        }
        write!(f, "{letter}")?;
        if self.jokers != 0 {
            f.write_str(":")?;
            for i in 0..self.kind.size() {
                write!(f, "{}", self.slot_tile(first, i).rank())?;
            }
            write!(f, "{letter}")?;
        }
        Ok(())
    }
}

impl Group {
    /// A knitted group: its tiles in index order, each suit's ranks then
    /// its letter, with `*` in the jokers' slots, then `:` and the tiles
    /// the jokers become.
    fn fmt_knitted(&self, f: &mut fmt::Formatter<'_>, first: Tile) -> fmt::Result {
        let tiles: Vec<Tile> = (0..self.kind.size())
            .map(|i| self.slot_tile(first, i))
            .collect();
        let write = |f: &mut fmt::Formatter<'_>, resolved: bool| -> fmt::Result {
            for (i, t) in tiles.iter().enumerate() {
                if !resolved && self.jokers >> i & 1 == 1 {
                    f.write_str("*")?;
                } else {
                    write!(f, "{}", t.rank())?;
                }
                if tiles.get(i + 1).is_none_or(|n| n.suit() != t.suit()) {
                    write!(f, "{}", t.suit().letter())?;
                }
            }
            Ok(())
        };
        write(f, false)?;
        if self.jokers != 0 {
            f.write_str(":")?;
            write(f, true)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Group {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Group({self})")
    }
}

/// One way to split a winning hand: its form and groups.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Split {
    /// The form.
    pub form: Form,
    /// The groups, in order: melds holding natural tiles, then melds of
    /// jokers only, then pairs holding natural tiles, then pairs of jokers
    /// only; within each class by lowest tile, a sequence before a triplet
    /// before a single, then by which slots hold jokers; last the declared
    /// melds, in the hand's order.
    pub groups: Vec<Group>,
}

impl Split {
    /// A split of `form` with `groups` put in order.
    pub(crate) fn new(form: Form, mut groups: Vec<Group>) -> Split {
        groups.sort();
        Split { form, groups }
    }

    /// The split with the declared `melds` after its groups.
    pub(crate) fn beside(mut self, melds: &[Meld]) -> Split {
        self.groups
            .extend(melds.iter().map(|&m| Group::declared(m)));
        self
    }
}

impl fmt::Display for Split {
    /// `standard 123m 456p 1*3s:123s *** 55z`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.form.name())?;
        for g in &self.groups {
            write!(f, " {g}")?;
        }
        Ok(())
    }
}

/// The splits of a hand, at most a chosen number of them held (the first
/// the search finds, in [`Split`]'s order), and how many there are in all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Splits {
    /// The splits held, in order (all of them when not truncated).
    pub splits: Vec<Split>,
    /// How many splits the hand has in all.
    pub total: u64,
}

impl Splits {
    /// Were splits left out (more than the limit)?
    pub fn truncated(&self) -> bool {
        self.total > self.splits.len() as u64
    }
}

/// The most groups a split holds: a concealed part of single tiles beside
/// the most declared melds.
const MAX_GROUPS: usize = MAX_HAND_TILES + MAX_MELDS;

/// A split's groups, kept without allocating: the groups a walk has taken
/// so far, and what a visiting [`SplitSink`] hands on. Only the groups
/// held are written or copied.
#[derive(Clone)]
pub(crate) struct GroupList {
    items: ArrayVec<Group, MAX_GROUPS>,
}

impl GroupList {
    /// An empty list.
    pub(crate) fn new() -> GroupList {
        GroupList {
            items: ArrayVec::new(),
        }
    }

    /// A list of `groups`.
    pub(crate) fn of(groups: &[Group]) -> GroupList {
        let mut list = GroupList::new();
        list.items
            .try_extend_from_slice(groups)
            .expect("a split's groups fit");
        list
    }

    /// `g` after the groups.
    pub(crate) fn push(&mut self, g: Group) {
        self.items.push(g);
    }

    /// The last group taken off.
    pub(crate) fn pop(&mut self) {
        self.items.pop();
    }

    /// The first `len` groups kept, the rest taken off.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.items.truncate(len);
    }

    /// How many groups it holds.
    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    /// No group left.
    pub(crate) fn clear(&mut self) {
        self.items.clear();
    }

    /// The groups, in order.
    pub(crate) fn as_slice(&self) -> &[Group] {
        &self.items
    }

    /// The declared `melds` after the groups.
    fn extend_with(&mut self, melds: &[Meld]) {
        for &m in melds {
            self.push(Group::declared(m));
        }
    }
}

/// What a visiting [`SplitSink`] calls with each split: its form and its
/// groups in [`Split::groups`]' order.
pub(crate) type SplitVisit<'a> = dyn FnMut(Form, &[Group]) + 'a;

/// Where the forms put the splits they find, in the order they find them:
/// a listing keeps the first `limit` and is then full (the forms stop
/// searching), so work and memory stay bounded by the limit; a count
/// keeps none and is never full; a visit hands each split on as it is
/// found, in [`Split::groups`]' order, and keeps none.
pub(crate) struct SplitSink<'v> {
    /// The splits kept, in the order found.
    kept: Vec<Split>,
    limit: usize,
    found: u64,
    /// Does the search stop once `limit` are found? (Not when counting.)
    stops: bool,
    /// The declared melds, which every split lists after its groups.
    melds: Melds,
    /// Where a visit hands each split.
    visit: Option<&'v mut SplitVisit<'v>>,
    /// Set by [`SplitSink::naturals_first`]: a joker fills a slot of a
    /// kind other than this index only where no natural tile of that kind
    /// is left.
    naturals_first: Option<usize>,
}

impl<'v> SplitSink<'v> {
    /// A listing of at most `limit` splits.
    pub(crate) fn new(limit: usize) -> SplitSink<'v> {
        SplitSink {
            kept: Vec::new(),
            limit,
            found: 0,
            stops: true,
            melds: Melds::default(),
            visit: None,
            naturals_first: None,
        }
    }

    /// A count: every split found, none kept.
    pub(crate) fn counting() -> SplitSink<'v> {
        SplitSink {
            stops: false,
            ..SplitSink::new(0)
        }
    }

    /// A visit: `visit` gets each split's form and groups (the declared
    /// `melds` last) as it is found; none is kept.
    pub(crate) fn visiting(visit: &'v mut SplitVisit<'v>, melds: Melds) -> SplitSink<'v> {
        SplitSink {
            stops: false,
            melds,
            visit: Some(visit),
            ..SplitSink::new(0)
        }
    }

    /// The sink, taking of the splits that differ only in which of the
    /// hand's tiles of a kind are jokers (`1*3m:123m 22m`, `123m 2*m:22m`)
    /// at least one: the standard form's walk puts a joker in a slot of a
    /// kind other than the `kept` index (the winning tile's: where it sits
    /// is read) only where no natural tile of that kind is left. Every set
    /// of groups the hand's jokers can resolve to is still visited, or one
    /// with a group of jokers only that can stand for it.
    pub(crate) fn naturals_first(self, kept: usize) -> SplitSink<'v> {
        SplitSink {
            naturals_first: Some(kept),
            ..self
        }
    }

    /// The kind [`SplitSink::naturals_first`] keeps, when set.
    pub(crate) fn naturals_first_but(&self) -> Option<usize> {
        self.naturals_first
    }

    /// The sink, its splits listing the declared `melds` after their
    /// groups.
    pub(crate) fn beside(self, melds: Melds) -> SplitSink<'v> {
        SplitSink { melds, ..self }
    }

    /// Has the listing all it asked for? The forms stop searching then.
    pub(crate) fn full(&self) -> bool {
        self.stops && self.found >= self.limit as u64
    }

    /// The splits kept, in [`Split`]'s order, each once.
    pub(crate) fn into_splits(mut self) -> impl Iterator<Item = Split> {
        self.kept.sort_unstable();
        self.kept.dedup();
        let melds = self.melds;
        self.kept
            .into_iter()
            .map(move |split| split.beside(melds.as_slice()))
    }

    /// How many splits were found.
    pub(crate) fn found(&self) -> u64 {
        self.found
    }

    /// One split found (each is found once).
    pub(crate) fn push(&mut self, split: Split) {
        self.found += 1;
        match &mut self.visit {
            Some(visit) => {
                let mut list = GroupList::of(&split.groups);
                list.extend_with(self.melds.as_slice());
                visit(split.form, list.as_slice());
            }
            None if self.kept.len() < self.limit => self.kept.push(split),
            None => {}
        }
    }

    /// One split found, of `form` into `groups` in any order.
    pub(crate) fn push_list(&mut self, form: Form, groups: &[Group]) {
        self.found += 1;
        match &mut self.visit {
            Some(visit) => {
                let mut list = GroupList::of(groups);
                list.items.sort();
                list.extend_with(self.melds.as_slice());
                visit(form, list.as_slice());
            }
            None if self.kept.len() < self.limit => {
                let mut all = Vec::with_capacity(groups.len() + self.melds.len());
                all.extend_from_slice(groups);
                self.kept.push(Split::new(form, all));
            }
            None => {}
        }
    }
}

impl std::str::FromStr for Group {
    type Err = crate::error::ParseError;

    /// Reads a group as [`Group`]'s `Display` writes it: `123m`, `1*3s:123s`,
    /// `124z` (an honour sequence), `7*z:77z`, `***`, `**`, `1m` (a single),
    /// a declared meld (`[789s]`, `(2222p)`).
    ///
    /// ```
    /// let g: hupai::Group = "1*3s:123s".parse()?;
    /// assert_eq!(g.kind(), hupai::GroupKind::Sequence);
    /// assert_eq!(g.joker_count(), 1);
    /// assert_eq!(g.to_string(), "1*3s:123s");
    /// # Ok::<(), hupai::ParseError>(())
    /// ```
    fn from_str(text: &str) -> Result<Group, Self::Err> {
        let bad = || crate::error::ParseError::NotAGroup {
            text: text.chars().take(64).collect(),
        };
        if text.starts_with(['[', '(']) {
            return text.parse::<Meld>().map(Group::declared).map_err(|_| bad());
        }
        if text == "***" {
            return Ok(Group::unresolved(GroupKind::Triplet));
        }
        if text == "**" {
            return Ok(Group::unresolved(GroupKind::Pair));
        }
        let (left, right) = match text.split_once(':') {
            Some((l, r)) => (l, Some(r)),
            None => (text, None),
        };
        if left.chars().filter(|c| c.is_ascii_alphabetic()).count() > 1 || left.len() > 4 {
            return knitted_from_str(left, right).ok_or_else(bad);
        }
        let letter = left.chars().last().ok_or_else(bad)?;
        let slots = &left[..left.len() - letter.len_utf8()];
        let resolved = match right {
            Some(r) if r.ends_with(letter) => &r[..r.len() - 1],
            Some(_) => return Err(bad()),
            None => slots,
        };
        if slots.len() != resolved.len() || !(1..=3).contains(&slots.len()) {
            return Err(bad());
        }
        let suit = crate::tile::Suit::ALL
            .into_iter()
            .find(|s| s.letter() == letter)
            .ok_or_else(bad)?;
        let mut tiles = Vec::new();
        let mut jokers = 0u8;
        for (i, (slot, rank)) in slots.bytes().zip(resolved.bytes()).enumerate() {
            let rank = rank.checked_sub(b'0').ok_or_else(bad)?;
            let tile = Tile::new(suit, rank).map_err(|_| bad())?;
            match slot {
                b'*' => jokers |= 1 << i,
                d if d == b'0' + rank => {}
                _ => return Err(bad()),
            }
            tiles.push(tile);
        }
        if right.is_some() == (jokers == 0) {
            return Err(bad());
        }
        let first = tiles[0];
        let same = tiles.iter().all(|&t| t == first);
        let kind = match tiles.len() {
            1 => GroupKind::Single,
            2 if same => GroupKind::Pair,
            3 if same => GroupKind::Triplet,
            3 if suit == crate::tile::Suit::Honor => GroupKind::HonorSequence,
            3 => GroupKind::Sequence,
            _ => return Err(bad()),
        };
        let group = if matches!(kind, GroupKind::Sequence | GroupKind::HonorSequence) {
            let spread = tiles
                .iter()
                .fold(0u16, |m, t| m | 1 << (t.index() - first.index()));
            let ranks = spread << (first.rank() - 1);
            let valid = match kind {
                GroupKind::Sequence => spread == 0b111,
                _ => crate::tables::HONOR_SEQUENCES.contains(&(ranks as u8)),
            };
            if !valid || tiles.windows(2).any(|w| w[0] >= w[1]) {
                return Err(bad());
            }
            Group::sequence(kind, first, spread as u8, jokers)
        } else {
            let naturals = tiles.len() - jokers.count_ones() as usize;
            let group = Group::same(kind, first, naturals);
            if group.jokers != jokers as u16 {
                return Err(bad()); // identical tiles keep their jokers last
            }
            group
        };
        Ok(group)
    }
}

/// The slots of a knitted group's text (`1*7m258p`): each digit or `*`
/// with its suit, in order.
fn knitted_slots(text: &str) -> Option<Vec<(u8, crate::tile::Suit)>> {
    let mut slots = Vec::new();
    let mut pending = Vec::new();
    for b in text.bytes() {
        match b {
            b'1'..=b'9' | b'*' => pending.push(b),
            _ => {
                let suit = crate::tile::Suit::ALL
                    .into_iter()
                    .find(|s| s.letter() as u32 == b as u32)?;
                if pending.is_empty() {
                    return None;
                }
                slots.extend(pending.drain(..).map(|d| (d, suit)));
            }
        }
    }
    pending.is_empty().then_some(slots)
}

/// A knitted group from its text, the part before `:` and the part after
/// it (when it holds jokers): the tiles in index order, forming the nine
/// tiles of a knitted straight or fourteen honours and knitted tiles.
fn knitted_from_str(left: &str, right: Option<&str>) -> Option<Group> {
    let slots = knitted_slots(left)?;
    let resolved = match right {
        Some(r) => knitted_slots(r)?,
        None => slots.clone(),
    };
    if slots.len() != resolved.len() {
        return None;
    }
    let mut kinds = 0u64;
    let mut jokers = 0u64;
    let mut last = None;
    for (&(slot, suit), &(rank, resolved_suit)) in slots.iter().zip(&resolved) {
        let tile = Tile::new(suit, rank.checked_sub(b'0')?).ok()?;
        if suit != resolved_suit || last.is_some_and(|l| l >= tile.index()) {
            return None;
        }
        last = Some(tile.index());
        kinds |= 1 << tile.index();
        match slot {
            b'*' => jokers |= 1 << tile.index(),
            d if d == rank => {}
            _ => return None,
        }
    }
    if right.is_some() == (jokers == 0) {
        return None;
    }
    let kind = group_kind(kinds)?;
    Some(Group::knitted(kind, kinds, jokers))
}

/// The kind of a knitted group holding exactly the kinds `kinds`, if it is
/// one: an assignment's nine (a knitted straight), or fourteen kinds within
/// an assignment's nine and the honours (honours and knitted tiles).
fn group_kind(kinds: u64) -> Option<GroupKind> {
    if ASSIGNMENTS.contains(&kinds) {
        Some(GroupKind::Knitted)
    } else if kinds.count_ones() == 14 && ASSIGNMENTS.iter().any(|&a| kinds & !(a | HONORS) == 0) {
        Some(GroupKind::HonorsAndKnitted)
    } else {
        None
    }
}
