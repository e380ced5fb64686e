//! Splitting a winning hand into its groups (拆分), with what every joker
//! stands for.
//!
//! Each [`Split`] lists the groups of one form: melds and the pair for the
//! standard form, seven pairs, or the thirteen orphans with their pair. A
//! group holding natural tiles is *resolved*: it says which tile each joker
//! in it becomes (`1*3s:123s`). A group of jokers only is left unresolved
//! (`***` is any meld, `**` any pair) in the standard form and seven pairs;
//! in thirteen orphans every joker is resolved, as only one tile fits.
//!
//! Splits are distinct as multisets of groups, where a group is its kind,
//! its natural tiles, and the tiles its jokers become: `111m` and `11*m:111m`
//! are different groups. Every split is listed once.
//!
//! ```
//! use hupai::{Hand, Rules};
//! let hand: Hand = "111222333m789p55z".parse()?;
//! let splits = Rules::basic().splits(&hand)?;
//! let shown: Vec<String> = splits.iter().map(|s| s.to_string()).collect();
//! assert_eq!(shown, [
//!     "standard 123m 123m 123m 789p 55z",
//!     "standard 111m 222m 333m 789p 55z",
//! ]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::BTreeSet;
use std::fmt;

use crate::check::ORPHANS;
use crate::error::HandError;
use crate::hand::Hand;
use crate::rules::{Form, Rules};
use crate::tables::key::pow5;
use crate::tables::Tables;
use crate::tile::{Suit, Tile, KINDS};

/// What a group is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GroupKind {
    /// Three consecutive tiles of a numbered suit.
    Sequence,
    /// Three identical tiles.
    Triplet,
    /// Two identical tiles.
    Pair,
    /// One tile (thirteen orphans).
    Single,
}

impl GroupKind {
    /// Tiles in a group of this kind.
    pub const fn size(self) -> usize {
        match self {
            GroupKind::Sequence | GroupKind::Triplet => 3,
            GroupKind::Pair => 2,
            GroupKind::Single => 1,
        }
    }
}

/// One group of a split.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Group {
    /// Its lowest tile; `None` for an unresolved group of jokers only.
    first: Option<Tile>,
    kind: GroupKind,
    /// Bit `i` set: slot `i` (in rank order) is a joker. For identical
    /// tiles the jokers take the last slots.
    jokers: u8,
}

impl Group {
    fn new(kind: GroupKind, first: Tile, jokers: u8) -> Group {
        Group {
            first: Some(first),
            kind,
            jokers,
        }
    }

    /// A group of identical tiles, `naturals` of them natural.
    fn same(kind: GroupKind, tile: Tile, naturals: usize) -> Group {
        let all = (1u8 << kind.size()) - 1;
        Group::new(kind, tile, all & !((1u8 << naturals) - 1))
    }

    fn unresolved(kind: GroupKind) -> Group {
        Group {
            first: None,
            kind,
            jokers: (1u8 << kind.size()) - 1,
        }
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

    /// Number of jokers in the group.
    pub fn joker_count(&self) -> usize {
        self.jokers.count_ones() as usize
    }

    fn slot_tile(&self, first: Tile, i: usize) -> Tile {
        match self.kind {
            GroupKind::Sequence => {
                Tile::from_index(first.index() + i).expect("sequence within a suit")
            }
            _ => first,
        }
    }

    /// Sort key: melds holding natural tiles by tile, then melds of jokers
    /// only, then pairs the same way.
    fn order(&self) -> (u8, Option<Tile>, GroupKind, u8) {
        let class = match (self.kind, self.first) {
            (GroupKind::Pair, Some(_)) => 2,
            (GroupKind::Pair, None) => 3,
            (_, None) => 1,
            _ => 0,
        };
        (class, self.first, self.kind, self.jokers)
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
        let Some(first) = self.first else {
            return f.write_str(&"*".repeat(self.kind.size()));
        };
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

/// One way to split a winning hand: its form and groups.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Split {
    /// The form.
    pub form: Form,
    /// The groups, in order: melds holding natural tiles, then melds of
    /// jokers only, then pairs holding natural tiles, then pairs of jokers
    /// only; within each class by lowest tile, a sequence before a triplet
    /// before a single, then by which slots hold jokers.
    pub groups: Vec<Group>,
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

impl Rules {
    /// Every distinct split of `hand` under these rules, by form
    /// (standard, seven pairs, thirteen orphans). Within a form, splits are
    /// ordered by their group lists, compared group by group in the order
    /// of [`Split::groups`]. Empty when the hand is not a win.
    ///
    /// # Errors
    /// As [`Rules::check`].
    pub fn splits(&self, hand: &Hand) -> Result<Vec<Split>, HandError> {
        let forms = self.check(hand)?;
        let (counts, jokers) = self.natural(hand);
        let mut out = Vec::new();
        if forms.contains(Form::Standard) {
            out.extend(standard_splits(
                &self.tables,
                self.pair_suits,
                &counts,
                jokers,
            ));
        }
        if forms.contains(Form::SevenPairs) {
            out.extend(seven_pairs_splits(&counts, jokers, self.seven_pairs_quads));
        }
        if forms.contains(Form::ThirteenOrphans) {
            out.extend(orphans_splits(&counts, jokers));
        }
        Ok(out)
    }
}

fn finish(form: Form, mut groups: Vec<Group>) -> Split {
    groups.sort();
    Split { form, groups }
}

/// One suit's decompositions: (jokers used, groups), each listed once.
type Decomps = BTreeSet<(u8, Vec<Group>)>;

/// Every way to split one suit's natural tiles into groups that hold at
/// least one natural tile each, with one pair when `pair` is set, using at
/// most `jokers` jokers. Branches whose remaining tiles need more jokers
/// than are left (by the tables) are cut.
fn suit_decomps(tables: &Tables, suit: Suit, counts: &[u8], pair: bool, jokers: u8) -> Decomps {
    let mut walk = SuitWalk {
        tables,
        suit,
        counts: counts.to_vec(),
        key: counts
            .iter()
            .enumerate()
            .map(|(r, &c)| c as usize * pow5(r))
            .sum(),
        groups: Vec::new(),
        out: BTreeSet::new(),
    };
    walk.go(pair, jokers, 0);
    walk.out
}

struct SuitWalk<'a> {
    tables: &'a Tables,
    suit: Suit,
    counts: Vec<u8>,
    key: usize,
    groups: Vec<Group>,
    out: Decomps,
}

impl SuitWalk<'_> {
    fn go(&mut self, pair: bool, left: u8, used: u8) {
        let s = self.suit as usize;
        let Some(need) = self.tables.need_in(s, self.key) else {
            return;
        };
        let need = if pair { need.with_pair() } else { need.melds() };
        if need > left {
            return;
        }
        let Some(r) = self.counts.iter().position(|&c| c > 0) else {
            if !pair {
                let mut groups = self.groups.clone();
                groups.sort();
                self.out.insert((used, groups));
            }
            return;
        };
        let tile = Tile::from_index(self.suit.first_index() + r).expect("in range");
        let c = self.counts[r] as usize;
        // Triplets and the pair holding r: 1..=len natural copies.
        let mut kinds = vec![GroupKind::Triplet];
        if pair {
            kinds.push(GroupKind::Pair);
        }
        for kind in kinds {
            for naturals in 1..=c.min(kind.size()) {
                let jokers = (kind.size() - naturals) as u8;
                if jokers > left {
                    continue;
                }
                let take = [(r, naturals as u8)];
                self.apply(&take, Group::same(kind, tile, naturals), |w| {
                    w.go(
                        pair && kind != GroupKind::Pair,
                        left - jokers,
                        used + jokers,
                    )
                });
            }
        }
        // Sequences through r: r is the lowest natural, so the slots below
        // it are jokers; each slot above may be natural (if held) or joker.
        if self.suit != Suit::Honor {
            for offset in 0..3usize {
                if offset > r || r - offset + 2 >= self.counts.len() {
                    continue;
                }
                let start = r - offset;
                for mask in 0u8..8 {
                    // Slot `offset` is r itself (natural); below it, jokers.
                    let below = (1u8 << offset) - 1;
                    if mask & below != below || mask >> offset & 1 == 1 {
                        continue;
                    }
                    let jokers = mask.count_ones() as u8;
                    if jokers > left {
                        continue;
                    }
                    let naturals: Vec<(usize, u8)> = (offset..3)
                        .filter(|&i| mask >> i & 1 == 0)
                        .map(|i| (start + i, 1))
                        .collect();
                    if naturals.iter().any(|&(rank, _)| self.counts[rank] == 0) {
                        continue;
                    }
                    let first =
                        Tile::from_index(self.suit.first_index() + start).expect("in range");
                    self.apply(
                        &naturals,
                        Group::new(GroupKind::Sequence, first, mask),
                        |w| w.go(pair, left - jokers, used + jokers),
                    );
                }
            }
        }
    }

    /// Takes `take` natural tiles out, pushes `group`, runs `then`, undoes.
    fn apply(&mut self, take: &[(usize, u8)], group: Group, then: impl FnOnce(&mut Self)) {
        for &(rank, n) in take {
            self.counts[rank] -= n;
            self.key -= n as usize * pow5(rank);
        }
        self.groups.push(group);
        then(self);
        self.groups.pop();
        for &(rank, n) in take {
            self.counts[rank] += n;
            self.key += n as usize * pow5(rank);
        }
    }
}

fn standard_splits(
    tables: &Tables,
    pair_suits: [bool; 4],
    counts: &[u8; KINDS],
    jokers: u8,
) -> Vec<Split> {
    let ranges = Suit::ALL.map(|s| s.first_index()..s.first_index() + s.ranks() as usize);
    let plain: Vec<Decomps> = (0..4)
        .map(|s| {
            suit_decomps(
                tables,
                Suit::ALL[s],
                &counts[ranges[s].clone()],
                false,
                jokers,
            )
        })
        .collect();
    let mut out = BTreeSet::new();
    // The pair in suit 0–3, or (4) two jokers, standing for a tile of a
    // suit that may hold the pair.
    for pair_suit in 0..5 {
        let allowed = match pair_suit {
            4 => pair_suits.iter().any(|&b| b),
            s => pair_suits[s],
        };
        if !allowed {
            continue;
        }
        let with_pair = (pair_suit < 4).then(|| {
            suit_decomps(
                tables,
                Suit::ALL[pair_suit],
                &counts[ranges[pair_suit].clone()],
                true,
                jokers,
            )
        });
        let lists: Vec<&Decomps> = (0..4)
            .map(|s| {
                if s == pair_suit {
                    with_pair.as_ref().expect("pair suit")
                } else {
                    &plain[s]
                }
            })
            .collect();
        combine(&lists, 0, jokers, &mut Vec::new(), pair_suit == 4, &mut out);
    }
    out.into_iter().collect()
}

fn combine(
    lists: &[&Decomps],
    suit: usize,
    left: u8,
    groups: &mut Vec<Group>,
    joker_pair: bool,
    out: &mut BTreeSet<Split>,
) {
    if suit == lists.len() {
        let mut all = groups.clone();
        let mut rest = left;
        if joker_pair {
            if rest < 2 {
                return;
            }
            rest -= 2;
            all.push(Group::unresolved(GroupKind::Pair));
        }
        if rest % 3 != 0 {
            return;
        }
        all.extend((0..rest / 3).map(|_| Group::unresolved(GroupKind::Triplet)));
        out.insert(finish(Form::Standard, all));
        return;
    }
    for (used, decomp) in lists[suit] {
        if *used > left {
            continue;
        }
        let len = groups.len();
        groups.extend_from_slice(decomp);
        combine(lists, suit + 1, left - used, groups, joker_pair, out);
        groups.truncate(len);
    }
}

/// Seven-pairs splits: for each kind held `c` times, `a` natural pairs and
/// `b` pairs of a natural and a joker (`2a + b = c`); jokers left pair up.
fn seven_pairs_splits(counts: &[u8; KINDS], jokers: u8, quads: bool) -> Vec<Split> {
    let mut out = BTreeSet::new();
    let held: Vec<usize> = (0..KINDS).filter(|&i| counts[i] > 0).collect();
    pair_choices(counts, &held, 0, jokers, quads, &mut Vec::new(), &mut out);
    out.into_iter().collect()
}

fn pair_choices(
    counts: &[u8; KINDS],
    held: &[usize],
    i: usize,
    left: u8,
    quads: bool,
    groups: &mut Vec<Group>,
    out: &mut BTreeSet<Split>,
) {
    if i == held.len() {
        if left % 2 == 0 {
            let mut all = groups.clone();
            all.extend((0..left / 2).map(|_| Group::unresolved(GroupKind::Pair)));
            out.insert(finish(Form::SevenPairs, all));
        }
        return;
    }
    let t = Tile::from_index(held[i]).expect("held index");
    let c = counts[held[i]];
    for natural_pairs in 0..=c / 2 {
        let with_joker = c - 2 * natural_pairs;
        if with_joker > left || (!quads && natural_pairs + with_joker > 1) {
            continue;
        }
        let len = groups.len();
        groups.extend((0..natural_pairs).map(|_| Group::same(GroupKind::Pair, t, 2)));
        groups.extend((0..with_joker).map(|_| Group::same(GroupKind::Pair, t, 1)));
        pair_choices(counts, held, i + 1, left - with_joker, quads, groups, out);
        groups.truncate(len);
    }
}

/// Thirteen-orphans splits: one per orphan that can be the pair.
fn orphans_splits(counts: &[u8; KINDS], jokers: u8) -> Vec<Split> {
    let natural: u8 = counts.iter().sum();
    let mut out = Vec::new();
    for &p in &ORPHANS {
        let mut groups = Vec::new();
        let mut missing = 0u8;
        let mut fits = true;
        for &o in &ORPHANS {
            let want = if o == p { 2 } else { 1 };
            let have = counts[o];
            if have > want {
                fits = false;
                break;
            }
            missing += want - have;
            let kind = if o == p {
                GroupKind::Pair
            } else {
                GroupKind::Single
            };
            let tile = Tile::from_index(o).expect("orphan index");
            groups.push(Group::same(kind, tile, have as usize));
        }
        let orphans: u8 = ORPHANS.iter().map(|&o| counts[o]).sum();
        if fits && orphans == natural && missing == jokers {
            groups.sort_by_key(|g| g.first);
            out.push(Split {
                form: Form::ThirteenOrphans,
                groups,
            });
        }
    }
    out
}
