//! The independent oracle for declared melds, the winning tile and its wait
//! shape (issue 14), written from the text and the definitions
//! below, never from the library's code. Plain data in (counts, a joker
//! count, [`OMeld`]s), plain answers out; whole-hand searches by recursion,
//! slow and obviously correct, reusing the meld-free oracles
//! (`oracle::pairs_and_orphans_spec`, `splits_spec`, `knitted_*`,
//! `shanten_oracle::replacement_declared`) wherever a form needs no meld.
//!
//! # Definitions, as implemented
//! 1. A meld is valid iff: a chi is three consecutive ranks of one
//!    numbered suit (lowest rank at most 7) or, under `honor_seq`, an
//!    honour sequence (three different winds, the three dragons); a pon
//!    three identical tiles; a
//!    kong (open, added, concealed) four identical tiles; every kind of it
//!    in play and none a joker kind of the rules (a joker never sits in a
//!    meld). Across the concealed natural tiles and the melds, no kind has
//!    more than four copies. A concealed natural tile out of play is refused
//!    too (as the library refuses it without melds). Refused inputs: `None`.
//! 2. A kong counts as ONE meld (three tiles for sizes). The effective size
//!    is the concealed tiles (jokers included) plus 3 per meld. A win needs
//!    an effective size 3N+2 ≤ `max_tiles`, waits 3N+1 ≤ `max_tiles` − 1,
//!    the replacement number either; any other size is refused (`None`).
//! 3. The concealed part forms the rest of the form: standard = N − melds
//!    melds and a pair, the declared melds being fixed groups. Seven pairs,
//!    thirteen orphans, honours-and-knitted and its greater form need no
//!    declared meld at all (a concealed kong rules them out too). The
//!    knitted straight takes its one meld declared (any kind, a kong too):
//!    then the concealed part is the nine knitted tiles and a pair.
//! 4. `max_suits` counts the numbered suits of the declared melds together
//!    with those of the concealed natural tiles (jokers have no suit).
//! 5. A joker stands for any kind in play, a fifth copy included, unless
//!    `cap`: then no kind has more than `cap` copies counting the natural
//!    tiles, the jokers standing for it AND the melds.
//! 6. Waits of a 3N+1 hand: kinds t in play such that the concealed part
//!    plus t wins (by 3). Not a wait: t held four times concealed (unless
//!    `four_held`); t whose concealed plus melded copies are 4 with at
//!    least one melded (unless `four_with_melds_is_wait`). A joker kind
//!    drawn is one more joker.
//! 7. The replacement number: `shanten_oracle::replacement_declared` (the
//!    meld-free definition applied to the concealed part, the declared
//!    melds' copies limiting the natural draws and counting for the cap,
//!    their suits held).
//! 8. Winning tile and wait shape: see [`win_readings_spec`].
//!
//! # Text
//! A split is `FORM G1 G2 ... M1 M2 ...`: the concealed part's groups as
//! `oracle::splits_spec` writes them (each group as `oracle::group_text`,
//! or `multi_suit_text` for knitted groups, `***` / `**` for groups of
//! jokers only, sorted as strings), then the declared melds as
//! [`meld_notation`] writes them, in the hand's order. A meld-free hand's
//! split text is exactly `splits_spec`'s. A reading is
//! `SPLIT\tGROUP\tSHAPE`.
#![allow(dead_code)]

use std::collections::BTreeSet;

use super::gen::Raw;
use super::oracle::{
    group_text, knitted_assignments, knitted_forms_spec, knitted_pair_ok, knitted_suits_ok,
    multi_suit_text, pairs_and_orphans_spec, splits_spec, Spec, HONOR_SETS, KINDS,
};
use super::shanten_oracle::{replacement_declared, Declared};

/// The five kinds of declared meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MeldKind {
    Chi,
    Pon,
    OpenKong,
    AddedKong,
    ConcealedKong,
}

impl MeldKind {
    pub const ALL: [MeldKind; 5] = [
        MeldKind::Chi,
        MeldKind::Pon,
        MeldKind::OpenKong,
        MeldKind::AddedKong,
        MeldKind::ConcealedKong,
    ];

    pub fn is_kong(self) -> bool {
        matches!(
            self,
            MeldKind::OpenKong | MeldKind::AddedKong | MeldKind::ConcealedKong
        )
    }
}

/// A declared meld: its kind and its first tile (the lowest of a chi);
/// for a chi of honours (an honour sequence, `[124z]`), its three kinds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OMeld {
    pub kind: MeldKind,
    pub first: usize,
    pub honours: Option<[usize; 3]>,
}

impl OMeld {
    /// The meld of `kind` whose first tile is `first` (a chi numbered).
    pub fn new(kind: MeldKind, first: usize) -> OMeld {
        OMeld {
            kind,
            first,
            honours: None,
        }
    }

    /// The chi of the honour sequence `set` (one of `HONOR_SETS`).
    pub fn honour_sequence(set: [usize; 3]) -> OMeld {
        OMeld {
            kind: MeldKind::Chi,
            first: set[0],
            honours: Some(set),
        }
    }

    /// Its tiles (kinds), lowest first.
    pub fn tiles(&self) -> Vec<usize> {
        match (self.kind, self.honours) {
            (MeldKind::Chi, Some(set)) => set.to_vec(),
            (MeldKind::Chi, None) => vec![self.first, self.first + 1, self.first + 2],
            (MeldKind::Pon, _) => vec![self.first; 3],
            _ => vec![self.first; 4],
        }
    }
}

/// Why a meld (or the copies across hand and melds) cannot exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldFault {
    /// A chi that is not three consecutive ranks of one numbered suit nor
    /// an honour sequence (three different winds, the three dragons).
    NotASequence,
    /// An honour sequence declared under rules without `honor_seq`.
    HonourSequence,
    /// A pon or kong whose tiles are not all of one kind.
    NotIdentical,
    /// Not the number of tiles of any meld of its bracket (`[..]` 3 or 4,
    /// `[..+]` and `(..)` 4).
    WrongSize,
    /// A kind the rules do not use.
    OutOfPlay(usize),
    /// A joker in a meld: `*` (`None`) or a joker kind of the rules.
    Joker(Option<usize>),
    /// More than four copies of this kind across hand and melds.
    FifthCopy(usize),
}

/// How a meld is written: `[...]` open, `[...+]` added kong, `(...)`
/// concealed kong.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bracket {
    Open,
    Added,
    Concealed,
}

/// A meld as written, before it is judged: its bracket and its tiles
/// (`None`: a joker `*`), in the order written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawMeld {
    pub bracket: Bracket,
    pub tiles: Vec<Option<usize>>,
}

impl RawMeld {
    /// The raw form of a meld.
    pub fn of(m: &OMeld) -> RawMeld {
        let bracket = match m.kind {
            MeldKind::AddedKong => Bracket::Added,
            MeldKind::ConcealedKong => Bracket::Concealed,
            _ => Bracket::Open,
        };
        RawMeld {
            bracket,
            tiles: m.tiles().into_iter().map(Some).collect(),
        }
    }

    /// The text: natural tiles in the order held, each run of one suit
    /// closed by its letter, jokers as trailing `*` (as in a hand), in its
    /// bracket: `[135m]`, `[12m3p]`, `[11m*]`, `(1112m)`, `[1111z+]`.
    pub fn notation(&self) -> String {
        let naturals: Vec<usize> = self.tiles.iter().flatten().copied().collect();
        let mut s = String::new();
        for (i, &t) in naturals.iter().enumerate() {
            s.push(char::from(b'1' + (t % 9) as u8));
            if naturals.get(i + 1).is_none_or(|&n| n / 9 != t / 9) {
                s.push(['m', 'p', 's', 'z'][t / 9]);
            }
        }
        s.extend(self.tiles.iter().filter(|t| t.is_none()).map(|_| '*'));
        match self.bracket {
            Bracket::Open => format!("[{s}]"),
            Bracket::Added => format!("[{s}+]"),
            Bracket::Concealed => format!("({s})"),
        }
    }
}

/// A meld as the library reads it: `[..]` of 3 identical tiles a pon, of
/// 3 others a chi, of 4 an open kong; `[..+]` an added kong and `(..)` a
/// concealed kong, both of 4. Checks in this order: size, jokers, kinds in
/// play, shape (point 1). Three tiles with a repeat but not identical
/// (`[112m]`) read as a chi, so `NotASequence`.
pub fn read_meld(spec: &Spec, raw: &RawMeld) -> Result<OMeld, MeldFault> {
    let n = raw.tiles.len();
    let size_ok = match raw.bracket {
        Bracket::Open => n == 3 || n == 4,
        Bracket::Added | Bracket::Concealed => n == 4,
    };
    if !size_ok {
        return Err(MeldFault::WrongSize);
    }
    let mut tiles = Vec::with_capacity(n);
    for t in &raw.tiles {
        match *t {
            None => return Err(MeldFault::Joker(None)),
            Some(k) if spec.joker_kinds.contains(&k) => return Err(MeldFault::Joker(Some(k))),
            Some(k) => tiles.push(k),
        }
    }
    if let Some(&k) = tiles.iter().find(|&&k| !spec.tiles[k]) {
        return Err(MeldFault::OutOfPlay(k));
    }
    let identical = tiles.iter().all(|&k| k == tiles[0]);
    let kind = match (raw.bracket, n) {
        (Bracket::Open, 3) if identical => MeldKind::Pon,
        (Bracket::Open, 3) => {
            let mut s = tiles.clone();
            s.sort();
            let set = [s[0], s[1], s[2]];
            if HONOR_SETS.contains(&set) {
                return Ok(OMeld::honour_sequence(set));
            }
            let run = s[0] < 27 && s[0] % 9 <= 6 && s[1] == s[0] + 1 && s[2] == s[0] + 2;
            if !run {
                return Err(MeldFault::NotASequence);
            }
            return Ok(OMeld::new(MeldKind::Chi, s[0]));
        }
        (Bracket::Open, _) => MeldKind::OpenKong,
        (Bracket::Added, _) => MeldKind::AddedKong,
        (Bracket::Concealed, _) => MeldKind::ConcealedKong,
    };
    if !identical {
        return Err(MeldFault::NotIdentical);
    }
    Ok(OMeld::new(kind, tiles[0]))
}

/// Reads every meld (the first fault wins), then checks the copies across
/// the concealed part and the melds (the lowest kind above four).
pub fn read_melds(
    spec: &Spec,
    concealed: &[u8; KINDS],
    raw: &[RawMeld],
) -> Result<Vec<OMeld>, MeldFault> {
    let melds: Vec<OMeld> = raw
        .iter()
        .map(|r| read_meld(spec, r))
        .collect::<Result<_, _>>()?;
    check_melds(spec, concealed, &melds)?;
    Ok(melds)
}

/// Point 1 on [`OMeld`]s: each meld valid (a chi's first tile numbered of
/// rank at most 7, or an honour sequence under `honor_seq`; kinds in
/// play; no joker kind), then at most four copies
/// of each kind across the concealed part (`concealed`, joker kinds
/// included) and the melds.
pub fn check_melds(spec: &Spec, concealed: &[u8; KINDS], melds: &[OMeld]) -> Result<(), MeldFault> {
    for m in melds {
        if m.first >= KINDS {
            return Err(MeldFault::OutOfPlay(m.first));
        }
        match m.honours {
            Some(set) if !HONOR_SETS.contains(&set) => return Err(MeldFault::NotASequence),
            Some(_) if !spec.honor_seq => return Err(MeldFault::HonourSequence),
            Some(_) => {}
            None if m.kind == MeldKind::Chi && (m.first >= 27 || m.first % 9 > 6) => {
                return Err(MeldFault::NotASequence)
            }
            None => {}
        }
        for k in m.tiles() {
            if spec.joker_kinds.contains(&k) {
                return Err(MeldFault::Joker(Some(k)));
            }
            if !spec.tiles[k] {
                return Err(MeldFault::OutOfPlay(k));
            }
        }
    }
    let copies = melded_copies(melds);
    match (0..KINDS).find(|&k| concealed[k] + copies[k] > 4) {
        Some(k) => Err(MeldFault::FifthCopy(k)),
        None => Ok(()),
    }
}

/// The copies of each kind the melds hold (4 for a kong).
pub fn melded_copies(melds: &[OMeld]) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    for m in melds {
        for k in m.tiles() {
            c[k] += 1;
        }
    }
    c
}

/// A meld in the hand notation: chi `[789s]`, pon `[777p]`, open kong
/// `[1111z]`, added kong `[1111z+]`, concealed kong `(2222p)`.
pub fn meld_notation(m: &OMeld) -> String {
    RawMeld::of(m).notation()
}

/// A hand: the concealed part in mpsz with its jokers as trailing `*`,
/// then each meld after a space, in order:
/// `11123m55z* [789s] [777p] [1111z] (2222p)`.
pub fn hand_notation(concealed: &[u8; KINDS], jokers: u32, melds: &[OMeld]) -> String {
    let mut s = Raw {
        counts: *concealed,
        jokers: jokers as u8,
    }
    .notation();
    for m in melds {
        s.push(' ');
        s.push_str(&meld_notation(m));
    }
    s
}

/// The effective size (point 2): concealed tiles and jokers, 3 per meld.
pub fn effective_size(concealed: &[u8; KINDS], jokers: u32, melds: &[OMeld]) -> u32 {
    concealed.iter().map(|&c| c as u32).sum::<u32>() + jokers + 3 * melds.len() as u32
}

/// A hand as the searches read it.
#[derive(Clone, Debug)]
struct Parts {
    /// The concealed natural tiles, copies of joker kinds moved out.
    nat: [u8; KINDS],
    /// The concealed jokers (explicit ones and copies of joker kinds).
    jokers: u32,
    /// The melds' copies of each kind.
    fixed: [u8; KINDS],
    /// The melds, in the hand's order.
    melds: Vec<OMeld>,
}

impl Parts {
    fn concealed_size(&self) -> u32 {
        self.nat.iter().map(|&c| c as u32).sum::<u32>() + self.jokers
    }

    fn effective(&self) -> u32 {
        self.concealed_size() + 3 * self.melds.len() as u32
    }

    /// The numbered suits held (point 4): by a concealed natural tile or
    /// a meld.
    fn suits_held(&self) -> u32 {
        (0..3)
            .filter(|&s| (s * 9..s * 9 + 9).any(|k| self.nat[k] > 0 || self.fixed[k] > 0))
            .count() as u32
    }

    /// The melds as the split text's suffix (` [789s] (2222p)`, or empty).
    fn suffix(&self) -> String {
        self.melds
            .iter()
            .map(|m| format!(" {}", meld_notation(m)))
            .collect()
    }
}

/// Validates the hand (point 1, and concealed natural tiles in play) and
/// reads it; sizes are the caller's.
fn parts(spec: &Spec, concealed: &[u8; KINDS], jokers: u32, melds: &[OMeld]) -> Option<Parts> {
    check_melds(spec, concealed, melds).ok()?;
    if (0..KINDS).any(|k| concealed[k] > 0 && !spec.tiles[k]) {
        return None;
    }
    let (nat, jokers) = spec.natural(concealed, jokers);
    Some(Parts {
        nat,
        jokers,
        fixed: melded_copies(melds),
        melds: melds.to_vec(),
    })
}

// ---------------------------------------------------------------------------
// The standard form's concealed part: every split, by whole-hand search.
// ---------------------------------------------------------------------------

/// The standard form's search over the concealed part, in the manner of
/// `oracle::splits_spec`: the lowest natural tile left goes into every
/// group that can hold it (triplet, the pair, each sequence through it, an
/// honour sequence with `honor_seq`), each other slot a natural tile or a
/// joker (identical tiles put their jokers last); every joker placed in a
/// group stands for its slot's kind, which must be in play; with `cap`,
/// every kind of a group placed (natural tiles, the jokers standing for it
/// and the melds' copies) stays within it. Jokers left at the end form the
/// pair (`**`) and melds (`***`) when groups of the rules can hold them
/// jointly (within the cap and the suit limit).
struct Standard<'a> {
    spec: &'a Spec,
    nat: [u8; KINDS],
    fixed: [u8; KINDS],
    left: [u8; KINDS],
    /// Jokers standing for each kind so far.
    placed: [u8; KINDS],
    groups: Vec<String>,
    /// Each split's groups, sorted.
    out: BTreeSet<Vec<String>>,
    /// Stop at the first split (the win check).
    first_only: bool,
}

impl<'a> Standard<'a> {
    fn new(spec: &'a Spec, p: &Parts, first_only: bool) -> Standard<'a> {
        Standard {
            spec,
            nat: p.nat,
            fixed: p.fixed,
            left: p.nat,
            placed: [0; KINDS],
            groups: Vec::new(),
            out: BTreeSet::new(),
            first_only,
        }
    }

    fn done(&self) -> bool {
        self.first_only && !self.out.is_empty()
    }

    /// May kind `k` take `extra` more jokers (the cap, melds counted)?
    fn room(&self, k: usize, extra: u8) -> bool {
        self.spec
            .cap
            .is_none_or(|cap| self.nat[k] + self.fixed[k] + self.placed[k] + extra <= cap)
    }

    /// May the pair be of kind `k` (in play, on an allowed rank)?
    fn pair_kind(&self, k: usize) -> bool {
        self.spec.tiles[k]
            && match self.spec.pair_ranks {
                None => true,
                Some(mask) => k < 27 && mask >> (k % 9) & 1 == 1,
            }
    }

    /// Can the groups of jokers only — a pair (`pair`) and `melds` melds
    /// (each from the `from`th of `oracle::all_melds` on) — stand for
    /// groups beside the copies `used`: kinds in play, the pair of a pair
    /// kind, every kind within the cap, and the numbered suits `used` holds
    /// within `max_suits`? Every choice is tried.
    fn jokers_only_fit(&self, used: &mut [u8; KINDS], pair: bool, melds: u32, from: usize) -> bool {
        let fits = |used: &[u8; KINDS]| {
            let suits = (0..3)
                .filter(|&s| (s * 9..s * 9 + 9).any(|k| used[k] > 0))
                .count() as u32;
            self.spec.max_suits.is_none_or(|m| suits <= m)
                && (0..KINDS).all(|k| self.spec.cap.is_none_or(|cap| used[k] <= cap))
        };
        if pair {
            return (0..KINDS).filter(|&k| self.pair_kind(k)).any(|k| {
                used[k] += 2;
                let ok = fits(used) && self.jokers_only_fit(used, false, melds, 0);
                used[k] -= 2;
                ok
            });
        }
        if melds == 0 {
            return true;
        }
        let all = super::oracle::all_melds(self.spec.honor_seq);
        all.iter().enumerate().skip(from).any(|(i, meld)| {
            if meld.iter().any(|&k| !self.spec.tiles[k]) {
                return false;
            }
            meld.iter().for_each(|&k| used[k] += 1);
            let ok = fits(used) && self.jokers_only_fit(used, false, melds - 1, i);
            meld.iter().for_each(|&k| used[k] -= 1);
            ok
        })
    }

    fn walk(&mut self, jokers: u32, pair_used: bool) {
        if self.done() {
            return;
        }
        let Some(t) = self.left.iter().position(|&n| n > 0) else {
            let mut groups = self.groups.clone();
            let mut rest = jokers;
            if !pair_used {
                if rest < 2 {
                    return;
                }
                rest -= 2;
                groups.push("**".into());
            }
            if rest % 3 != 0 {
                return;
            }
            let mut used: [u8; KINDS] =
                std::array::from_fn(|k| self.nat[k] + self.fixed[k] + self.placed[k]);
            if !self.jokers_only_fit(&mut used, !pair_used, rest / 3, 0) {
                return;
            }
            groups.extend((0..rest / 3).map(|_| "***".to_string()));
            groups.sort();
            self.out.insert(groups);
            return;
        };
        let mut shapes: Vec<(Vec<usize>, bool)> = vec![(vec![t; 3], false)];
        if !pair_used && self.pair_kind(t) {
            shapes.push((vec![t; 2], true));
        }
        if t < 27 {
            let suit = t / 9 * 9;
            for lo in t.saturating_sub(2).max(suit)..=t {
                if lo + 2 < suit + 9 {
                    shapes.push((vec![lo, lo + 1, lo + 2], false));
                }
            }
        } else if self.spec.honor_seq {
            for set in HONOR_SETS {
                if set.contains(&t) {
                    shapes.push((set.to_vec(), false));
                }
            }
        }
        for (slots, is_pair) in shapes {
            let n = slots.len();
            let same = slots.iter().all(|&k| k == t);
            for mask in 0u32..1 << n {
                let used = mask.count_ones();
                if used > jokers {
                    continue;
                }
                // t itself natural; identical tiles: naturals first.
                let t_natural = (0..n).any(|i| slots[i] == t && mask >> i & 1 == 0);
                let naturals_first = (0..n).all(|i| i == 0 || mask >> (i - 1) & 1 <= mask >> i & 1);
                if !t_natural || (same && !naturals_first) {
                    continue;
                }
                self.with_group(&slots, mask, jokers - used, pair_used || is_pair);
                if self.done() {
                    return;
                }
            }
        }
    }

    /// Places `slots` (a joker where `mask` has a bit) and walks on.
    fn with_group(&mut self, slots: &[usize], mask: u32, jokers: u32, pair_used: bool) {
        let (left, placed) = (self.left, self.placed);
        let mut ok = true;
        for (i, &k) in slots.iter().enumerate() {
            if mask >> i & 1 == 1 {
                if !self.spec.tiles[k] {
                    ok = false;
                    break;
                }
                self.placed[k] += 1;
            } else {
                if self.left[k] == 0 {
                    ok = false;
                    break;
                }
                self.left[k] -= 1;
            }
        }
        // The cap on every kind of the group, natural or joker: a natural
        // fifth copy (a wait beside the melds' copies) breaks it too.
        if ok && slots.iter().any(|&k| !self.room(k, 0)) {
            ok = false;
        }
        if ok {
            let text: Vec<(usize, bool)> = slots
                .iter()
                .enumerate()
                .map(|(i, &k)| (k, mask >> i & 1 == 1))
                .collect();
            self.groups.push(group_text(&text));
            self.walk(jokers, pair_used);
            self.groups.pop();
        }
        self.left = left;
        self.placed = placed;
    }
}

/// The standard form's splits of the concealed part (each as its sorted
/// groups), or only the first found with `first_only`.
fn standard_splits(spec: &Spec, p: &Parts, first_only: bool) -> BTreeSet<Vec<String>> {
    if !spec.forms[0] || p.concealed_size() % 3 != 2 {
        return BTreeSet::new();
    }
    let mut s = Standard::new(spec, p, first_only);
    s.walk(p.jokers, false);
    s.out
}

// ---------------------------------------------------------------------------
// The knitted straight with its meld declared: the concealed part is the
// nine knitted tiles of one assignment and a pair (11 tiles).
// ---------------------------------------------------------------------------

/// The eleven kinds (the nine knitted tiles of an assignment, then the pair
/// twice) a concealed part beside exactly one declared meld may stand for,
/// as a knitted straight and a pair: for each assignment and each pair kind
/// (as the knitted straight's pair: in play, an allowed rank), the
/// represented eleven tiles must hold the natural tiles and exactly the
/// jokers more, every kind in play and, with `cap`, within it counting the
/// meld.
fn knitted_declared_kinds(spec: &Spec, p: &Parts) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if !spec.knitted
        || p.melds.len() != 1
        || p.concealed_size() != 11
        || spec.max_tiles < 14
        || !knitted_suits_ok(spec)
    {
        return out;
    }
    for a in knitted_assignments() {
        for pair in (0..KINDS).filter(|&k| knitted_pair_ok(spec, k)) {
            let kinds: Vec<usize> = a.iter().copied().chain([pair, pair]).collect();
            let mut want = [0u8; KINDS];
            for &k in &kinds {
                want[k] += 1;
            }
            let fits = (0..KINDS).all(|k| {
                want[k] >= p.nat[k]
                    && (want[k] == 0 || spec.tiles[k])
                    && spec.cap.is_none_or(|cap| want[k] + p.fixed[k] <= cap)
            });
            let fill: u32 = (0..KINDS)
                .map(|k| want[k].saturating_sub(p.nat[k]) as u32)
                .sum();
            if fits && fill == p.jokers {
                out.push(kinds);
            }
        }
    }
    out
}

/// Every split of a concealed part that [`knitted_declared_kinds`] reads
/// as a knitted straight and a pair: every way to say which of the eleven
/// slots are jokers (the pair's jokers last; a pair of jokers only is
/// `**`).
fn knitted_declared_splits(spec: &Spec, p: &Parts) -> BTreeSet<Vec<String>> {
    let mut out = BTreeSet::new();
    for kinds in knitted_declared_kinds(spec, p) {
        for mask in 0u32..1 << 11 {
            let mut used = [0u8; KINDS];
            for (i, &k) in kinds.iter().enumerate() {
                if mask >> i & 1 == 0 {
                    used[k] += 1;
                }
            }
            if used != p.nat || (mask >> 9 & 1 == 1 && mask >> 10 & 1 == 0) {
                continue;
            }
            let slot = |i: usize| (kinds[i], mask >> i & 1 == 1);
            let knit: Vec<(usize, bool)> = (0..9).map(slot).collect();
            let pair_slots = [slot(9), slot(10)];
            let pair_text = if pair_slots.iter().all(|s| s.1) {
                "**".to_string()
            } else {
                group_text(&pair_slots)
            };
            let mut groups = vec![multi_suit_text(&knit), pair_text];
            groups.sort();
            out.insert(groups);
        }
    }
    out
}

// ---------------------------------------------------------------------------
// Forms, splits, waits, replacement.
// ---------------------------------------------------------------------------

/// The forms of a valid hand of any size (no size check; waits use it on
/// hands that hold a fifth copy): (standard, seven pairs, thirteen
/// orphans, knitted straight, honours-and-knitted, its greater form).
fn forms_of(spec: &Spec, p: &Parts) -> [bool; 6] {
    if spec.max_suits.is_some_and(|m| p.suits_held() > m) {
        return [false; 6];
    }
    let standard = !standard_splits(spec, p, true).is_empty();
    if p.melds.is_empty() {
        let [pairs, orphans] = pairs_and_orphans_spec(spec, &p.nat, p.jokers);
        let [ks, hk, ghk] = knitted_forms_spec(spec, &p.nat, p.jokers);
        [standard, pairs, orphans, ks, hk, ghk]
    } else {
        let ks = !knitted_declared_kinds(spec, p).is_empty();
        [standard, false, false, ks, false, false]
    }
}

/// The forms a hand wins by (points 1–5): `None` when the hand is refused
/// (a bad meld, a fifth copy, a tile out of play, an effective size that
/// is not 3N+2 up to `max_tiles`).
pub fn melded_forms_spec(
    spec: &Spec,
    concealed: &[u8; KINDS],
    jokers: u32,
    melds: &[OMeld],
) -> Option<[bool; 6]> {
    let p = parts(spec, concealed, jokers, melds)?;
    let e = p.effective();
    if e % 3 != 2 || e > spec.max_tiles {
        return None;
    }
    Some(forms_of(spec, &p))
}

/// Does the hand win by any form? `None` as [`melded_forms_spec`].
pub fn melded_wins_spec(
    spec: &Spec,
    concealed: &[u8; KINDS],
    jokers: u32,
    melds: &[OMeld],
) -> Option<bool> {
    melded_forms_spec(spec, concealed, jokers, melds).map(|f| f.iter().any(|&w| w))
}

/// Every split as (form name, the concealed part's groups sorted).
fn split_groups(spec: &Spec, p: &Parts) -> Vec<(String, Vec<String>)> {
    let mut out = Vec::new();
    if spec.max_suits.is_some_and(|m| p.suits_held() > m) {
        return out;
    }
    for g in standard_splits(spec, p, false) {
        out.push(("standard".to_string(), g));
    }
    if p.melds.is_empty() {
        for text in splits_spec(spec, &p.nat, p.jokers) {
            let mut words = text.split(' ');
            let form = words.next().unwrap().to_string();
            if form != "standard" {
                out.push((form, words.map(str::to_string).collect()));
            }
        }
    } else {
        for g in knitted_declared_splits(spec, p) {
            out.push(("knitted-straight".to_string(), g));
        }
    }
    out
}

/// Every split of a winning hand as text (see the module's *Text*):
/// `None` as [`melded_forms_spec`], empty when it does not win.
pub fn melded_splits_spec(
    spec: &Spec,
    concealed: &[u8; KINDS],
    jokers: u32,
    melds: &[OMeld],
) -> Option<BTreeSet<String>> {
    melded_forms_spec(spec, concealed, jokers, melds)?;
    let p = parts(spec, concealed, jokers, melds)?;
    let suffix = p.suffix();
    Some(
        split_groups(spec, &p)
            .into_iter()
            .map(|(form, g)| format!("{form} {}{suffix}", g.join(" ")))
            .collect(),
    )
}

/// The waits (point 6) of a hand of effective size 3N+1 up to
/// `max_tiles` − 1, in index order; `None` when refused.
pub fn melded_waits_spec(
    spec: &Spec,
    concealed: &[u8; KINDS],
    jokers: u32,
    melds: &[OMeld],
) -> Option<Vec<usize>> {
    let p = parts(spec, concealed, jokers, melds)?;
    let e = p.effective();
    if e % 3 != 1 || e + 1 > spec.max_tiles {
        return None;
    }
    Some(
        (0..KINDS)
            .filter(|&t| {
                if !spec.tiles[t] {
                    return false;
                }
                if concealed[t] >= 4 && !spec.four_held {
                    return false;
                }
                if p.fixed[t] > 0 && concealed[t] + p.fixed[t] >= 4 && !spec.four_with_melds_is_wait
                {
                    return false;
                }
                let mut q = p.clone();
                if spec.joker_kinds.contains(&t) {
                    q.jokers += 1;
                } else {
                    q.nat[t] += 1;
                }
                forms_of(spec, &q).iter().any(|&w| w)
            })
            .collect(),
    )
}

/// What the declared melds fix for the replacement number.
fn declared(melds: &[OMeld]) -> Declared {
    let copies = melded_copies(melds);
    Declared {
        melds: melds.len() as u32,
        copies,
        suits: std::array::from_fn(|s| (s * 9..s * 9 + 9).any(|k| copies[k] > 0)),
    }
}

/// The replacement number (shanten + 1, point 7) of a hand of effective
/// size 3N+1 or 3N+2 up to `max_tiles`; `None` when refused or when no
/// target exists (e.g. the melds alone hold more suits than `max_suits`).
pub fn melded_replacement_spec(
    spec: &Spec,
    concealed: &[u8; KINDS],
    jokers: u32,
    melds: &[OMeld],
) -> Option<u32> {
    parts(spec, concealed, jokers, melds)?;
    replacement_declared(spec, concealed, jokers, &declared(melds))
}

/// The draws of a 3N+1 hand: its replacement number and the kinds in play
/// that lower it, each drawable (concealed plus melded copies below 4).
/// The unseen copies of a kind are [`unseen`].
pub fn melded_effective_spec(
    spec: &Spec,
    concealed: &[u8; KINDS],
    jokers: u32,
    melds: &[OMeld],
) -> Option<(u32, Vec<usize>)> {
    if effective_size(concealed, jokers, melds) % 3 != 1 {
        return None;
    }
    let before = melded_replacement_spec(spec, concealed, jokers, melds)?;
    let fixed = melded_copies(melds);
    let tiles = (0..KINDS)
        .filter(|&t| {
            if !spec.tiles[t] || concealed[t] + fixed[t] >= 4 {
                return false;
            }
            let mut more = *concealed;
            more[t] += 1;
            melded_replacement_spec(spec, &more, jokers, melds).is_some_and(|r| r < before)
        })
        .collect();
    Some((before, tiles))
}

/// The copies of kind `t` not seen by the player: 4 less the concealed
/// copies, the melded ones and those `visible` elsewhere on the table.
pub fn unseen(concealed: &[u8; KINDS], melds: &[OMeld], visible: &[u8; KINDS], t: usize) -> u32 {
    4u32.saturating_sub(concealed[t] as u32 + melded_copies(melds)[t] as u32 + visible[t] as u32)
}

// ---------------------------------------------------------------------------
// The winning tile and its wait shape.
// ---------------------------------------------------------------------------

/// One slot of a group's text: the kind it is (`None`: a joker of an
/// unresolved `***` / `**`) and whether a joker fills it. Reads the texts
/// `oracle::group_text` and `multi_suit_text` write (`1*3s:123s`: before
/// the colon the tiles with `*` for jokers, after it the same resolved).
pub fn group_slots(text: &str) -> Vec<(Option<usize>, bool)> {
    if text.chars().all(|c| c == '*') {
        return text.chars().map(|_| (None, true)).collect();
    }
    let (shown, resolved) = text.split_once(':').unwrap_or((text, text));
    assert_eq!(shown.len(), resolved.len(), "group text {text}");
    let mut out = Vec::new();
    let mut pending: Vec<(char, char)> = Vec::new();
    for (a, b) in shown.chars().zip(resolved.chars()) {
        if let Some(suit) = "mpsz".find(a) {
            assert_eq!(a, b, "group text {text}");
            for (x, y) in pending.drain(..) {
                let rank = y.to_digit(10).expect("a rank") as usize - 1;
                out.push((Some(suit * 9 + rank), x == '*'));
            }
        } else {
            pending.push((a, b));
        }
    }
    assert!(pending.is_empty(), "group text {text}");
    out
}

/// The wait shape of a group of a split of `form` completed by its slot
/// `i` (see [`win_readings_spec`]).
fn shape(form: &str, slots: &[(Option<usize>, bool)], i: usize) -> &'static str {
    match form {
        "honors-and-knitted" | "greater-honors-and-knitted" => return "knitted",
        "seven-pairs" => return "tanki",
        "thirteen-orphans" => {
            return if slots.len() == 2 {
                "thirteen-sided"
            } else {
                "orphans"
            }
        }
        _ => {}
    }
    match slots.len() {
        9 => "knitted",
        2 => "tanki",
        3 => {
            let kinds: Vec<Option<usize>> = slots.iter().map(|s| s.0).collect();
            if kinds.iter().all(|k| *k == kinds[0]) {
                // A triplet, or `***` (all unresolved).
                return "shanpon";
            }
            let k: Vec<usize> = kinds.iter().map(|k| k.expect("resolved")).collect();
            if k[0] >= 27 {
                return "honor-sequence";
            }
            let lo = *k.iter().min().unwrap();
            let rank = lo % 9; // 0-based rank of the sequence's lowest tile
            match k[i] - lo {
                1 => "kanchan",
                0 if rank == 6 => "penchan", // 7 of _89
                2 if rank == 0 => "penchan", // 3 of 12_
                _ => "ryanmen",
            }
        }
        n => panic!("no shape for a group of {n} in {form}"),
    }
}

/// Point 8: the readings of a winning hand. `concealed` (3N+2 effective
/// with the melds) includes the winning tile `winning`: a kind, or a joker
/// (`None`; a kind of the rules' joker kinds is a joker too). `None` when
/// the hand is refused or its concealed part does not hold that tile (a
/// joker: an explicit one or a copy of a joker kind). Otherwise the forms
/// ([`melded_forms_spec`]) and every reading `SPLIT\tGROUP\tSHAPE`: for
/// every split (the module's *Text*) and every group of its concealed part
/// holding the winning tile (a natural slot of that kind, or for a joker
/// any joker slot), the shape its slot completed:
/// - `tanki`: the pair (standard, knitted straight, a seven-pairs pair,
///   `**`);
/// - `shanpon`: a triplet;
/// - `***` won on a joker: the shape of every slot of every meld `***`
///   may stand for beside the split's other groups and the melds: a
///   triplet of a kind in play, a sequence of a numbered suit in play, an
///   honour sequence with `honor_seq`; its numbered suit held by the
///   other groups or the melds, or a suit more within `max_suits`; with
///   `cap`, no kind past it (see [`joker_meld_shapes`]);
/// - `kanchan`: the middle of a sequence; `penchan`: the 3 of 123 or the 7
///   of 789; `ryanmen`: any other end of a sequence;
/// - `honor-sequence`: a sequence of honours;
/// - `thirteen-sided`: thirteen orphans, the tile in the pair (the thirteen
///   others are the thirteen orphans); `orphans`: in a single;
/// - `knitted`: the knitted straight's nine tiles, any tile of
///   honours-and-knitted (and its greater form).
///
/// `self_drawn` changes no reading (the definitions name no shape that
/// depends on it); it is taken so the signature is the library's.
pub fn win_readings_spec(
    spec: &Spec,
    concealed: &[u8; KINDS],
    jokers: u32,
    melds: &[OMeld],
    winning: Option<usize>,
    self_drawn: bool,
) -> Option<([bool; 6], BTreeSet<String>)> {
    let _ = self_drawn;
    let forms = melded_forms_spec(spec, concealed, jokers, melds)?;
    let p = parts(spec, concealed, jokers, melds)?;
    // The winning tile as the searches see it: a natural kind, or a joker.
    let natural = match winning {
        Some(w) if w >= KINDS => return None,
        // A joker kind is a joker: any joker held (one of its copies or
        // an explicit one) is the winning tile.
        Some(w) if spec.joker_kinds.contains(&w) => {
            if p.jokers == 0 {
                return None;
            }
            None
        }
        Some(w) => {
            if concealed[w] == 0 {
                return None;
            }
            Some(w)
        }
        None => {
            if p.jokers == 0 {
                return None;
            }
            None
        }
    };
    let suffix = p.suffix();
    let mut out = BTreeSet::new();
    for (form, groups) in split_groups(spec, &p) {
        let split = format!("{form} {}{suffix}", groups.join(" "));
        for g in &groups {
            if g == "***" && natural.is_none() {
                for shape in joker_meld_shapes(spec, &form, &groups, &p) {
                    out.insert(format!("{split}\t{g}\t{shape}"));
                }
                continue;
            }
            let slots = group_slots(g);
            for (i, &(kind, joker)) in slots.iter().enumerate() {
                let holds = match natural {
                    Some(w) => !joker && kind == Some(w),
                    None => joker,
                };
                if holds {
                    out.insert(format!("{split}\t{g}\t{}", shape(&form, &slots, i)));
                }
            }
        }
    }
    Some((forms, out))
}

/// The shapes a winning joker completes in a `***` of a split of `form`
/// whose groups are `groups` (see [`win_readings_spec`]): every meld of
/// three kinds the rules make, tried beside the kinds the other groups
/// stand for and the melds' copies.
fn joker_meld_shapes(
    spec: &Spec,
    form: &str,
    groups: &[String],
    p: &Parts,
) -> BTreeSet<&'static str> {
    let mut others = p.fixed;
    for g in groups {
        for (kind, _) in group_slots(g) {
            if let Some(k) = kind {
                others[k] += 1;
            }
        }
    }
    let held: Vec<usize> = (0..3)
        .filter(|&s| (s * 9..s * 9 + 9).any(|k| others[k] > 0))
        .collect();
    let mut melds: Vec<[usize; 3]> = (0..KINDS).map(|k| [k; 3]).collect();
    for s in 0..3 {
        for r in 0..7 {
            let k = s * 9 + r;
            melds.push([k, k + 1, k + 2]);
        }
    }
    if spec.honor_seq {
        melds.extend(HONOR_SETS);
    }
    let mut out = BTreeSet::new();
    for m in melds {
        let in_play = m.iter().all(|&k| spec.tiles[k]);
        let suit = m[0] / 9;
        let suits_ok = suit == 3
            || held.contains(&suit)
            || spec.max_suits.is_none_or(|max| (held.len() as u32) < max);
        let capped = spec.cap.is_some_and(|cap| {
            m.iter()
                .any(|&k| others[k] + m.iter().filter(|&&j| j == k).count() as u8 > cap)
        });
        if in_play && suits_ok && !capped {
            let slots: Vec<(Option<usize>, bool)> = m.iter().map(|&k| (Some(k), true)).collect();
            for i in 0..3 {
                out.insert(shape(form, &slots, i));
            }
        }
    }
    out
}
