//! The naive scorer of the `fans` family, written from issue 46's text
//! alone (sections 2 and 3): nothing here shares code with the library's
//! fans scorer, splitting or win checks.
//!
//! A reading is a split of the whole hand (the concealed part and the
//! declared melds, these as fixed sets) into four sets and a pair, or
//! seven pairs, with every joker assigned a kind. The search places the
//! lowest natural tile left into every group that can hold it (a pung, the
//! pair, each chow through it), each other slot a natural tile when one is
//! left and a joker standing for that kind otherwise; when only jokers are
//! left they form groups of any kind in play. A natural tile and a joker
//! standing for the same kind are interchangeable in a reading, so filling
//! a slot with a natural tile first loses no reading of kinds, and the
//! winning tile may sit in any concealed group holding its kind (a winning
//! joker: in any slot a joker fills). Every word of the vocabulary is
//! evaluated directly on the reading; the readings are compared by points,
//! then by 番 before the cap, and the fan lists of every best reading are
//! kept. Slow and obviously correct.
#![allow(dead_code)]

use std::collections::BTreeSet;

/// Tile kinds.
pub const KINDS: usize = 34;

/// How the winning tile came.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum How {
    SelfDrawn,
    Discard,
    RobbingKong,
}

/// The predicates of the vocabulary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Word {
    Standard,
    SevenPairs,
    AllPungs,
    OneSuit,
    TerminalInEach,
    All258,
    AllDeclared,
    Kawu,
    SmallThreeDragons,
    BigThreeDragons,
    NoJokers,
    SelfDrawn,
    Discard,
    RobbingKong,
    AfterKong,
    KongDiscard,
    LastTile,
    FirstTurn,
    Dealer,
    NotDealer,
    Revealed,
}

/// The counts of the vocabulary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    Roots,
    ConcealedFours,
    OpenFours,
}

impl Word {
    pub fn of(word: &str) -> Word {
        match word {
            "standard" => Word::Standard,
            "seven_pairs" => Word::SevenPairs,
            "all_pungs" => Word::AllPungs,
            "one_suit" => Word::OneSuit,
            "terminal_in_each" => Word::TerminalInEach,
            "all_258" => Word::All258,
            "all_declared" => Word::AllDeclared,
            "kawu" => Word::Kawu,
            "small_three_dragons" => Word::SmallThreeDragons,
            "big_three_dragons" => Word::BigThreeDragons,
            "no_jokers" => Word::NoJokers,
            "self_drawn" => Word::SelfDrawn,
            "discard" => Word::Discard,
            "robbing_kong" => Word::RobbingKong,
            "after_kong" => Word::AfterKong,
            "kong_discard" => Word::KongDiscard,
            "last_tile" => Word::LastTile,
            "first_turn" => Word::FirstTurn,
            "dealer" => Word::Dealer,
            "not_dealer" => Word::NotDealer,
            "revealed" => Word::Revealed,
            other => panic!("{other} is not a predicate of the vocabulary"),
        }
    }
}

impl Count {
    pub fn of(word: &str) -> Count {
        match word {
            "roots" => Count::Roots,
            "concealed_fours" => Count::ConcealedFours,
            "open_fours" => Count::OpenFours,
            other => panic!("{other} is not a count of the vocabulary"),
        }
    }
}

/// A fan's value: a number of 番, or the table's cap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    Fan(u32),
    Cap,
}

/// One row of a table.
#[derive(Clone, Debug)]
pub struct Fan {
    pub id: String,
    pub value: Value,
    pub when: Vec<Word>,
    pub count: Option<Count>,
    /// Ids of fans this one removes; `["*"]` every other fan.
    pub excludes: Vec<String>,
}

/// How 番 become points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Combine {
    /// base × 2^min(番, cap)
    Double,
    /// base + min(番, cap)
    Add,
}

/// A fan table.
#[derive(Clone, Debug)]
pub struct Table {
    pub combine: Combine,
    pub base: u64,
    pub cap: Option<u32>,
    pub minimum: u32,
    pub fans: Vec<Fan>,
}

/// A row written as in the issue: id, 番 (`None`: "cap"), when, count,
/// excludes.
type Row = (
    &'static str,
    Option<u32>,
    &'static [&'static str],
    Option<&'static str>,
    &'static [&'static str],
);

fn table_of(cap: u32, rows: &[Row]) -> Table {
    Table {
        combine: Combine::Double,
        base: 1,
        cap: Some(cap),
        minimum: 0,
        fans: rows
            .iter()
            .map(|&(id, value, when, count, excludes)| Fan {
                id: id.to_string(),
                value: value.map_or(Value::Cap, Value::Fan),
                when: when.iter().map(|w| Word::of(w)).collect(),
                count: count.map(Count::of),
                excludes: excludes.iter().map(|e| e.to_string()).collect(),
            })
            .collect(),
    }
}

/// The table issue 46 gives a preset (section 3).
pub fn preset_table(preset: &str) -> Table {
    match preset {
        "sichuan" => table_of(
            4,
            &[
                ("all_pungs", Some(1), &["all_pungs"], None, &[]),
                ("one_suit", Some(2), &["one_suit"], None, &[]),
                (
                    "terminal_in_each",
                    Some(2),
                    &["terminal_in_each"],
                    None,
                    &[],
                ),
                ("seven_pairs", Some(2), &["seven_pairs"], None, &[]),
                (
                    "all_258_pungs",
                    Some(2),
                    &["all_pungs", "all_258"],
                    None,
                    &[],
                ),
                ("golden_hook", Some(1), &["all_declared"], None, &[]),
                ("root", Some(1), &[], Some("roots"), &[]),
                (
                    "kong_flower",
                    Some(1),
                    &["self_drawn", "after_kong"],
                    None,
                    &[],
                ),
                (
                    "kong_discard",
                    Some(1),
                    &["discard", "kong_discard"],
                    None,
                    &[],
                ),
                ("robbing_kong", Some(1), &["robbing_kong"], None, &[]),
                (
                    "last_draw",
                    Some(1),
                    &["self_drawn", "last_tile"],
                    None,
                    &[],
                ),
                (
                    "last_discard",
                    Some(1),
                    &["discard", "last_tile"],
                    None,
                    &[],
                ),
                ("self_drawn", Some(1), &["self_drawn"], None, &[]),
                (
                    "heavenly",
                    None,
                    &["first_turn", "dealer", "self_drawn"],
                    None,
                    &["*"],
                ),
                ("earthly", None, &["first_turn", "not_dealer"], None, &["*"]),
            ],
        ),
        "kawuxing" => table_of(
            4,
            &[
                ("kawu", Some(1), &["kawu"], None, &[]),
                ("all_pungs", Some(1), &["all_pungs"], None, &[]),
                ("seven_pairs", Some(2), &["seven_pairs"], None, &[]),
                ("dragon", Some(1), &["seven_pairs"], Some("roots"), &[]),
                ("open_four", Some(1), &[], Some("open_fours"), &[]),
                ("concealed_four", Some(2), &[], Some("concealed_fours"), &[]),
                (
                    "kong_flower",
                    Some(1),
                    &["self_drawn", "after_kong"],
                    None,
                    &[],
                ),
                (
                    "kong_discard",
                    Some(1),
                    &["discard", "kong_discard"],
                    None,
                    &[],
                ),
                ("robbing_kong", Some(1), &["robbing_kong"], None, &[]),
                (
                    "last_draw",
                    Some(1),
                    &["self_drawn", "last_tile"],
                    None,
                    &[],
                ),
                (
                    "small_three_dragons",
                    Some(2),
                    &["small_three_dragons"],
                    None,
                    &[],
                ),
                (
                    "big_three_dragons",
                    Some(3),
                    &["big_three_dragons"],
                    None,
                    &[],
                ),
                ("all_declared", Some(2), &["all_declared"], None, &[]),
                ("one_suit", Some(2), &["one_suit"], None, &[]),
                ("revealed", Some(1), &["revealed"], None, &[]),
            ],
        ),
        "hongzhong" => table_of(
            3,
            &[
                ("seven_pairs", Some(1), &["seven_pairs"], None, &[]),
                ("all_pungs", Some(1), &["all_pungs"], None, &[]),
                ("one_suit", Some(1), &["one_suit"], None, &[]),
                (
                    "kong_flower",
                    Some(1),
                    &["self_drawn", "after_kong"],
                    None,
                    &[],
                ),
                ("robbing_kong", Some(1), &["robbing_kong"], None, &[]),
                (
                    "last_draw",
                    Some(1),
                    &["self_drawn", "last_tile"],
                    None,
                    &[],
                ),
                ("no_jokers", Some(1), &["no_jokers"], None, &[]),
            ],
        ),
        other => panic!("issue 46 gives no table for {other}"),
    }
}

/// The shape rules a reading must keep to.
#[derive(Clone, Debug)]
pub struct Shape {
    /// Kinds in play: a joker may stand for any of them.
    pub tiles: [bool; KINDS],
    /// Kinds whose copies are jokers.
    pub joker_kinds: [bool; KINDS],
    /// May a joker stand for a copy past the fourth?
    pub fifth: bool,
    pub max_suits: Option<u32>,
    pub max_tiles: usize,
    pub standard: bool,
    pub seven_pairs: bool,
    /// A kind held four times counts as two pairs.
    pub quads: bool,
    /// Ranks (bit r = rank r + 1) the standard pair may have; None: any.
    pub pair_ranks: Option<u16>,
}

impl Shape {
    /// Read from the library's public rules accessors.
    pub fn of(rules: &hupai::Rules) -> Shape {
        use hupai::Form;
        let tiles = std::array::from_fn(|k| {
            rules
                .tiles()
                .contains(hupai::Tile::from_index(k).expect("a kind"))
        });
        let joker_kinds = std::array::from_fn(|k| {
            rules
                .joker_kinds()
                .contains(hupai::Tile::from_index(k).expect("a kind"))
        });
        Shape {
            tiles,
            joker_kinds,
            fifth: rules.joker_fifth_copy(),
            max_suits: rules.max_suits().map(u32::from),
            max_tiles: rules.max_tiles(),
            standard: rules.forms().contains(Form::Standard),
            seven_pairs: rules.forms().contains(Form::SevenPairs),
            quads: rules.seven_pairs_quads(),
            pair_ranks: rules.pair_ranks(),
        }
    }

    fn pair_ok(&self, k: usize) -> bool {
        self.tiles[k]
            && match self.pair_ranks {
                None => true,
                Some(mask) => k < 27 && mask >> (k % 9) & 1 == 1,
            }
    }
}

/// A declared meld of the oracle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Meld {
    Chi(usize),
    Pon(usize),
    /// An open, added or concealed kong: a declared kong either way.
    Kong(usize),
}

/// A hand: the concealed counts (copies of joker kinds included), the
/// jokers written `*`, and the declared melds.
#[derive(Clone, Debug)]
pub struct Hand {
    pub counts: [u8; KINDS],
    pub jokers: u32,
    pub melds: Vec<Meld>,
}

impl Hand {
    pub fn of(hand: &hupai::Hand) -> Hand {
        use hupai::MeldKind;
        Hand {
            counts: *hand.counts(),
            jokers: u32::from(hand.jokers()),
            melds: hand
                .melds()
                .iter()
                .map(|m| {
                    let t = m.tile().index();
                    match m.kind() {
                        MeldKind::Chi => Meld::Chi(t),
                        MeldKind::Pon => Meld::Pon(t),
                        _ => Meld::Kong(t),
                    }
                })
                .collect(),
        }
    }
}

/// The claim's circumstances the vocabulary reads.
#[derive(Clone, Copy, Debug)]
pub struct Circumstances {
    pub winning: usize,
    pub how: How,
    pub dealer: bool,
    pub after_kong: bool,
    pub kong_discard: bool,
    pub last_tile: bool,
    pub first_turn: bool,
    pub revealed: bool,
}

impl Circumstances {
    pub fn of(claim: &hupai::score::Claim) -> Circumstances {
        Circumstances {
            winning: claim.winning.index(),
            how: match claim.how {
                hupai::WinHow::SelfDrawn => How::SelfDrawn,
                hupai::WinHow::Discard => How::Discard,
                hupai::WinHow::RobbingKong => How::RobbingKong,
            },
            dealer: claim.seat_wind.index() == 27,
            after_kong: claim.after_kong,
            kong_discard: claim.kong_discard,
            last_tile: claim.last_tile,
            first_turn: claim.first_turn,
            revealed: claim.revealed,
        }
    }
}

/// The oracle's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub legal: bool,
    pub reason: Option<&'static str>,
    pub fan: u32,
    pub fan_capped: u32,
    pub points: u64,
    /// The fan lists `(id, count)`, sorted by id, of every best reading.
    pub lists: BTreeSet<Vec<(String, u32)>>,
}

/// A concealed group of a reading, by the kinds its slots stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Group {
    Chow(usize),
    Pung(usize),
    Pair(usize),
}

/// A reading: its form, its concealed groups and the kinds its jokers
/// stand for (the declared melds are the hand's).
struct Reading<'a> {
    seven_pairs: bool,
    groups: &'a [Group],
    assigned: &'a [u8; KINDS],
}

/// The search's state.
struct Search<'a> {
    shape: &'a Shape,
    /// Copies of each kind in the declared melds (a kong 4).
    declared: [u8; KINDS],
    /// Natural concealed copies (never changed).
    natural: [u8; KINDS],
    left: [u8; KINDS],
    jokers: u32,
    assigned: [u8; KINDS],
    groups: Vec<Group>,
    visit: &'a mut dyn FnMut(&Reading),
}

impl Search<'_> {
    /// May one more joker stand for kind `k`?
    fn joker_may_be(&self, k: usize) -> bool {
        self.shape.tiles[k]
            && (self.shape.fifth || self.natural[k] + self.declared[k] + self.assigned[k] < 4)
    }

    /// Fills `slots` (kinds), natural tiles first, then jokers; calls
    /// `next` and restores the state. Returns without calling `next` when
    /// a slot can be filled neither way.
    fn place(&mut self, slots: &[usize], group: Group, next: &mut dyn FnMut(&mut Self)) {
        let (left, jokers, assigned) = (self.left, self.jokers, self.assigned);
        let mut ok = true;
        for &k in slots {
            if self.left[k] > 0 {
                self.left[k] -= 1;
            } else if self.jokers > 0 && self.joker_may_be(k) {
                self.jokers -= 1;
                self.assigned[k] += 1;
            } else {
                ok = false;
                break;
            }
        }
        if ok {
            self.groups.push(group);
            next(self);
            self.groups.pop();
        }
        self.left = left;
        self.jokers = jokers;
        self.assigned = assigned;
    }

    fn within_suits(&self) -> bool {
        let Some(max) = self.shape.max_suits else {
            return true;
        };
        let suits = (0..3)
            .filter(|&s| {
                (s * 9..s * 9 + 9)
                    .any(|k| self.natural[k] + self.declared[k] + self.assigned[k] > 0)
            })
            .count() as u32;
        suits <= max
    }

    fn emit(&mut self, seven_pairs: bool) {
        if !self.within_suits() {
            return;
        }
        let groups = self.groups.clone();
        let assigned = self.assigned;
        (self.visit)(&Reading {
            seven_pairs,
            groups: &groups,
            assigned: &assigned,
        });
    }

    /// The standard form: `sets` more sets and the pair when `pair`.
    fn standard(&mut self, sets: u32, pair: bool) {
        let Some(t) = (0..KINDS).find(|&k| self.left[k] > 0) else {
            self.jokers_only(sets, pair);
            return;
        };
        if pair && self.shape.pair_ok(t) {
            self.place(&[t, t], Group::Pair(t), &mut |s: &mut Self| {
                s.standard(sets, false)
            });
        }
        if sets == 0 {
            return;
        }
        self.place(&[t, t, t], Group::Pung(t), &mut |s: &mut Self| {
            s.standard(sets - 1, pair)
        });
        if t < 27 {
            let suit = t / 9 * 9;
            for lo in t.saturating_sub(2).max(suit)..=t {
                if lo + 2 < suit + 9 {
                    self.place(
                        &[lo, lo + 1, lo + 2],
                        Group::Chow(lo),
                        &mut |s: &mut Self| s.standard(sets - 1, pair),
                    );
                }
            }
        }
    }

    /// Only jokers are left: the pair of any kind that may be the pair,
    /// then the sets, each any pung or chow of kinds in play.
    fn jokers_only(&mut self, sets: u32, pair: bool) {
        if pair {
            for k in 0..KINDS {
                if self.shape.pair_ok(k) {
                    self.place(&[k, k], Group::Pair(k), &mut |s: &mut Self| {
                        s.jokers_only(sets, false)
                    });
                }
            }
            return;
        }
        if sets == 0 {
            if self.jokers == 0 {
                self.emit(false);
            }
            return;
        }
        for k in 0..KINDS {
            self.place(&[k, k, k], Group::Pung(k), &mut |s: &mut Self| {
                s.jokers_only(sets - 1, false)
            });
        }
        for lo in (0..27).filter(|lo| lo % 9 < 7) {
            self.place(
                &[lo, lo + 1, lo + 2],
                Group::Chow(lo),
                &mut |s: &mut Self| s.jokers_only(sets - 1, false),
            );
        }
    }

    /// Seven pairs: `pairs` more pairs. Without `quads` no kind holds two.
    fn seven_pairs(&mut self, pairs: u32) {
        let distinct_ok = |s: &Self, k: usize| s.shape.quads || !s.groups.contains(&Group::Pair(k));
        if pairs == 0 {
            if self.jokers == 0 && (0..KINDS).all(|k| self.left[k] == 0) {
                self.emit(true);
            }
            return;
        }
        match (0..KINDS).find(|&k| self.left[k] > 0) {
            Some(t) => {
                if distinct_ok(self, t) {
                    self.place(&[t, t], Group::Pair(t), &mut |s: &mut Self| {
                        s.seven_pairs(pairs - 1)
                    });
                }
            }
            None => {
                for k in 0..KINDS {
                    if distinct_ok(self, k) && self.shape.tiles[k] {
                        self.place(&[k, k], Group::Pair(k), &mut |s: &mut Self| {
                            s.seven_pairs(pairs - 1)
                        });
                    }
                }
            }
        }
    }
}

fn is_numbered(k: usize) -> bool {
    k < 27
}

fn is_terminal_or_honour(k: usize) -> bool {
    k >= 27 || k % 9 == 0 || k % 9 == 8
}

fn is_dragon(k: usize) -> bool {
    (31..34).contains(&k)
}

/// The words and counts of one reading of `hand` won by `claim`.
struct Facts<'a> {
    hand: &'a Hand,
    claim: &'a Circumstances,
    reading: &'a Reading<'a>,
    /// The winning tile is a joker (a copy of a joker kind).
    winning_joker: bool,
    /// Copies of each kind in the concealed part, jokers as assigned.
    concealed: [u8; KINDS],
    /// Copies of each kind in the declared melds (a kong 4).
    declared: [u8; KINDS],
    hand_jokers: u32,
}

impl Facts<'_> {
    /// Every set of the reading (concealed and declared) as (is a pung
    /// or kong, its kinds), and the pair's kind; standard form only.
    fn sets(&self) -> Vec<(bool, [usize; 3])> {
        let mut sets: Vec<(bool, [usize; 3])> = self
            .reading
            .groups
            .iter()
            .filter_map(|g| match *g {
                Group::Chow(lo) => Some((false, [lo, lo + 1, lo + 2])),
                Group::Pung(k) => Some((true, [k; 3])),
                Group::Pair(_) => None,
            })
            .collect();
        sets.extend(self.hand.melds.iter().map(|m| match *m {
            Meld::Chi(lo) => (false, [lo, lo + 1, lo + 2]),
            Meld::Pon(k) | Meld::Kong(k) => (true, [k; 3]),
        }));
        sets
    }

    fn pair(&self) -> Option<usize> {
        self.reading.groups.iter().find_map(|g| match *g {
            Group::Pair(k) => Some(k),
            _ => None,
        })
    }

    fn all_tiles(&self) -> impl Iterator<Item = usize> + '_ {
        (0..KINDS).filter(|&k| self.concealed[k] + self.declared[k] > 0)
    }

    fn standard(&self) -> bool {
        !self.reading.seven_pairs
    }

    fn holds(&self, word: Word) -> bool {
        let c = self.claim;
        match word {
            Word::Standard => self.standard(),
            Word::SevenPairs => self.reading.seven_pairs,
            Word::AllPungs => self.standard() && self.sets().iter().all(|s| s.0),
            Word::OneSuit => {
                let kinds: Vec<usize> = self.all_tiles().collect();
                kinds.iter().all(|&k| is_numbered(k))
                    && kinds.iter().all(|&k| k / 9 == kinds[0] / 9)
            }
            Word::TerminalInEach => {
                self.standard()
                    && self
                        .sets()
                        .iter()
                        .all(|s| s.1.iter().any(|&k| is_terminal_or_honour(k)))
                    && self.pair().is_some_and(is_terminal_or_honour)
            }
            Word::All258 => self
                .all_tiles()
                .all(|k| is_numbered(k) && [1, 4, 7].contains(&(k % 9))),
            Word::AllDeclared => self.standard() && self.hand.melds.len() == 4,
            Word::Kawu => self.reading.groups.iter().any(|g| match *g {
                Group::Chow(lo) => {
                    lo % 9 == 3
                        && if self.winning_joker {
                            self.reading.assigned[lo + 1] > 0
                        } else {
                            c.winning == lo + 1
                        }
                }
                _ => false,
            }),
            Word::SmallThreeDragons => {
                let dragon_pungs: Vec<usize> = self
                    .sets()
                    .iter()
                    .filter(|s| s.0 && is_dragon(s.1[0]))
                    .map(|s| s.1[0])
                    .collect();
                self.standard()
                    && self.pair().is_some_and(|p| {
                        is_dragon(p)
                            && (31..34)
                                .filter(|&d| d != p)
                                .all(|d| dragon_pungs.contains(&d))
                    })
            }
            Word::BigThreeDragons => {
                let sets = self.sets();
                self.standard() && (31..34).all(|d| sets.iter().any(|s| s.0 && s.1[0] == d))
            }
            Word::NoJokers => self.hand_jokers == 0,
            Word::SelfDrawn => c.how == How::SelfDrawn,
            Word::Discard => c.how == How::Discard,
            Word::RobbingKong => c.how == How::RobbingKong,
            Word::AfterKong => c.after_kong,
            Word::KongDiscard => c.kong_discard,
            Word::LastTile => c.last_tile,
            Word::FirstTurn => c.first_turn,
            Word::Dealer => c.dealer,
            Word::NotDealer => !c.dealer,
            Word::Revealed => c.revealed,
        }
    }

    fn count(&self, count: Count) -> u32 {
        match count {
            Count::Roots => (0..KINDS)
                .filter(|&k| self.concealed[k] + self.declared[k] >= 4)
                .count() as u32,
            Count::ConcealedFours if self.standard() => {
                (0..KINDS).filter(|&k| self.concealed[k] >= 4).count() as u32
            }
            Count::OpenFours if self.standard() => (0..KINDS)
                .filter(|&k| self.concealed[k] >= 1 && self.hand.melds.contains(&Meld::Pon(k)))
                .count() as u32,
            Count::ConcealedFours | Count::OpenFours => 0,
        }
    }
}

/// The fans of one reading: `(id, count)` of each fan left after the
/// exclusions, sorted by id, and the 番 before the cap.
fn fans_of(table: &Table, facts: &Facts) -> (Vec<(String, u32)>, u32) {
    let mut present: Vec<(&Fan, u32)> = Vec::new();
    for fan in &table.fans {
        if !fan.when.iter().all(|&w| facts.holds(w)) {
            continue;
        }
        let n = fan.count.map_or(1, |c| facts.count(c));
        if n > 0 {
            present.push((fan, n));
        }
    }
    let removed = |id: &str| {
        present
            .iter()
            .any(|(f, _)| f.id != id && f.excludes.iter().any(|e| e == "*" || e == id))
    };
    let mut list = Vec::new();
    let mut total = 0;
    for &(fan, n) in &present {
        if removed(&fan.id) {
            continue;
        }
        let value = match fan.value {
            Value::Fan(v) => v,
            Value::Cap => table
                .cap
                .expect("a table with a fan worth its cap has a cap"),
        };
        total += value * n;
        list.push((fan.id.clone(), n));
    }
    list.sort();
    (list, total)
}

/// Points of `fan` 番 under `table`.
pub fn points(table: &Table, fan: u32) -> u64 {
    let capped = table.cap.map_or(fan, |cap| fan.min(cap));
    match table.combine {
        Combine::Double => table.base << capped.min(62),
        Combine::Add => table.base + u64::from(capped),
    }
}

/// Scores `hand` won by `claim` under `shape` and `table`. The hand's size
/// must be 3N+2 (a kong counts three); the claim one the library accepts.
pub fn score(shape: &Shape, table: &Table, hand: &Hand, claim: &Circumstances) -> Answer {
    let not_a_win = Answer {
        legal: false,
        reason: Some("not_a_win"),
        fan: 0,
        fan_capped: 0,
        points: 0,
        lists: BTreeSet::from([Vec::new()]),
    };
    let mut natural = hand.counts;
    let mut jokers = hand.jokers;
    for (n, &joker) in natural.iter_mut().zip(&shape.joker_kinds) {
        if joker {
            jokers += u32::from(*n);
            *n = 0;
        }
    }
    let concealed_len = natural.iter().map(|&n| u32::from(n)).sum::<u32>() + jokers;
    let size = concealed_len as usize + 3 * hand.melds.len();
    assert_eq!(size % 3, 2, "a hand of 3N+2 tiles");
    if size != shape.max_tiles {
        return not_a_win;
    }
    let mut declared = [0u8; KINDS];
    for m in &hand.melds {
        match *m {
            Meld::Chi(lo) => (lo..lo + 3).for_each(|k| declared[k] += 1),
            Meld::Pon(k) => declared[k] += 3,
            Meld::Kong(k) => declared[k] += 4,
        }
    }
    let winning_joker = shape.joker_kinds[claim.winning];
    let mut best: Option<(u64, u32)> = None;
    let mut lists: BTreeSet<Vec<(String, u32)>> = BTreeSet::new();
    let mut visit = |reading: &Reading| {
        let mut concealed = natural;
        for (c, &a) in concealed.iter_mut().zip(reading.assigned) {
            *c += a;
        }
        let facts = Facts {
            hand,
            claim,
            reading,
            winning_joker,
            concealed,
            declared,
            hand_jokers: jokers,
        };
        let (list, fan) = fans_of(table, &facts);
        let key = (points(table, fan), fan);
        if best.is_none_or(|b| key > b) {
            best = Some(key);
            lists.clear();
        }
        if best == Some(key) {
            lists.insert(list);
        }
    };
    let mut search = Search {
        shape,
        declared,
        natural,
        left: natural,
        jokers,
        assigned: [0; KINDS],
        groups: Vec::new(),
        visit: &mut visit,
    };
    let sets = (concealed_len - 2) / 3;
    if shape.standard {
        search.standard(sets, true);
    }
    if shape.seven_pairs && hand.melds.is_empty() && concealed_len == 14 {
        search.seven_pairs(7);
    }
    let Some((points, fan)) = best else {
        return not_a_win;
    };
    // A win below the minimum is no legal win: it pays nothing (as riichi's
    // illegal claims), its fans and 番 still shown.
    let legal = fan >= table.minimum;
    Answer {
        legal,
        reason: (!legal).then_some("below_minimum"),
        fan,
        fan_capped: table.cap.map_or(fan, |cap| fan.min(cap)),
        points: if legal { points } else { 0 },
        lists,
    }
}

// ---------------------------------------------------------------------------
// Seeded random claims of a preset: mostly whole winning hands built from
// sets and a pair (some declared) or seven pairs, some spoiled by a tile,
// some short of the whole size; jokers replacing 0–4 concealed tiles
// (hongzhong: as 7z, the others: `*`); the claim's fields consistent.
// ---------------------------------------------------------------------------

use rand::seq::SliceRandom;
use rand::Rng;

/// A generated claim: the hand, the winning tile, how it came, the seat
/// wind (27–30) and the flags.
#[derive(Clone, Debug)]
pub struct Generated {
    pub hand: hupai::Hand,
    pub winning: usize,
    pub how: How,
    pub seat_wind: usize,
    pub after_kong: bool,
    pub kong_discard: bool,
    pub last_tile: bool,
    pub first_turn: bool,
    pub revealed: bool,
}

impl Generated {
    /// The library's claim.
    pub fn claim(&self) -> hupai::score::Claim {
        let tile = |k: usize| hupai::Tile::from_index(k).expect("a kind");
        let how = match self.how {
            How::SelfDrawn => hupai::WinHow::SelfDrawn,
            How::Discard => hupai::WinHow::Discard,
            How::RobbingKong => hupai::WinHow::RobbingKong,
        };
        let mut claim = hupai::score::Claim::new(tile(self.winning), how);
        claim.seat_wind = tile(self.seat_wind);
        claim.after_kong = self.after_kong;
        claim.kong_discard = self.kong_discard;
        claim.last_tile = self.last_tile;
        claim.first_turn = self.first_turn;
        claim.revealed = self.revealed;
        claim
    }
}

/// A set built for a hand: a chow by its lowest kind, or a pung.
#[derive(Clone, Copy, Debug)]
enum Built {
    Chow(usize),
    Pung(usize),
}

impl Built {
    fn kinds(self) -> [usize; 3] {
        match self {
            Built::Chow(lo) => [lo, lo + 1, lo + 2],
            Built::Pung(k) => [k; 3],
        }
    }
}

/// What a standard hand leans to, so that every fan is reached.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Theme {
    Any,
    OneSuit,
    Pungs,
    Terminals,
    TwoFiveEight,
    Dragons,
    Kawu,
    Fours,
}

const THEMES: [Theme; 8] = [
    Theme::Any,
    Theme::OneSuit,
    Theme::Pungs,
    Theme::Terminals,
    Theme::TwoFiveEight,
    Theme::Dragons,
    Theme::Kawu,
    Theme::Fours,
];

/// The kinds a hand is built of: in play, not a joker kind (but in a
/// dragon hand), within the suit limit most of the time (sichuan: two
/// suits; one tenth three).
fn kinds<R: Rng>(rng: &mut R, shape: &Shape, theme: Theme) -> Vec<usize> {
    let mut suits: Vec<usize> = (0..3).filter(|&s| shape.tiles[s * 9]).collect();
    suits.shuffle(rng);
    if theme == Theme::OneSuit {
        suits.truncate(1);
    } else if let Some(max) = shape.max_suits {
        if rng.gen_bool(0.9) {
            suits.truncate(max as usize);
        }
    }
    let honours = theme != Theme::OneSuit && theme != Theme::TwoFiveEight;
    (0..KINDS)
        // A dragon hand may hold a joker kind's copies as its own set (777z
        // under hongzhong: three jokers that may stand for the red dragon).
        .filter(|&k| shape.tiles[k] && (!shape.joker_kinds[k] || theme == Theme::Dragons))
        .filter(|&k| {
            if k < 27 {
                suits.contains(&(k / 9))
            } else {
                honours
            }
        })
        .filter(|&k| theme != Theme::TwoFiveEight || [1, 4, 7].contains(&(k % 9)))
        .collect()
}

/// A set of `theme` from `kinds`.
fn pick_set<R: Rng>(rng: &mut R, kinds: &[usize], theme: Theme) -> Built {
    let chows: Vec<usize> = kinds
        .iter()
        .copied()
        .filter(|&k| k < 27 && k % 9 < 7 && kinds.contains(&(k + 1)) && kinds.contains(&(k + 2)))
        .collect();
    let pung = |rng: &mut R| Built::Pung(*kinds.choose(rng).unwrap());
    match theme {
        Theme::Pungs | Theme::TwoFiveEight | Theme::Fours => pung(rng),
        Theme::Terminals => {
            let ends: Vec<usize> = kinds
                .iter()
                .copied()
                .filter(|&k| is_terminal_or_honour(k))
                .collect();
            let end_chows: Vec<usize> = chows
                .iter()
                .copied()
                .filter(|&k| k % 9 == 0 || k % 9 == 6)
                .collect();
            if rng.gen_bool(0.5) && !end_chows.is_empty() {
                Built::Chow(*end_chows.choose(rng).unwrap())
            } else if !ends.is_empty() {
                Built::Pung(*ends.choose(rng).unwrap())
            } else {
                pung(rng)
            }
        }
        Theme::Dragons => {
            let dragons: Vec<usize> = kinds.iter().copied().filter(|&k| is_dragon(k)).collect();
            if rng.gen_bool(0.6) && !dragons.is_empty() {
                Built::Pung(*dragons.choose(rng).unwrap())
            } else if !chows.is_empty() && rng.gen_bool(0.5) {
                Built::Chow(*chows.choose(rng).unwrap())
            } else {
                pung(rng)
            }
        }
        Theme::Kawu if rng.gen_bool(0.5) => {
            let fours: Vec<usize> = chows.iter().copied().filter(|&k| k % 9 == 3).collect();
            match fours.choose(rng) {
                Some(&k) => Built::Chow(k),
                None => pung(rng),
            }
        }
        _ => {
            if !chows.is_empty() && rng.gen_bool(0.55) {
                Built::Chow(*chows.choose(rng).unwrap())
            } else {
                pung(rng)
            }
        }
    }
}

/// A standard hand of `sets` sets and a pair: its concealed counts and its
/// declared melds (the declared sets' tiles out of the counts).
fn standard_hand<R: Rng>(
    rng: &mut R,
    shape: &Shape,
    sets: usize,
) -> ([u8; KINDS], Vec<hupai::Meld>) {
    use hupai::MeldKind;
    loop {
        let theme = *THEMES.choose(rng).unwrap();
        let kinds = kinds(rng, shape, theme);
        let pairs: Vec<usize> = kinds
            .iter()
            .copied()
            .filter(|&k| shape.pair_ok(k))
            .collect();
        if pairs.is_empty() {
            continue;
        }
        let mut counts = [0u8; KINDS];
        let pair = if theme == Theme::Dragons && rng.gen_bool(0.5) {
            *pairs
                .iter()
                .filter(|&&k| is_dragon(k))
                .collect::<Vec<_>>()
                .choose(rng)
                .copied()
                .unwrap_or(&pairs[0])
        } else {
            *pairs.choose(rng).unwrap()
        };
        counts[pair] += 2;
        let mut built: Vec<Built> = (0..sets).map(|_| pick_set(rng, &kinds, theme)).collect();
        if theme == Theme::Fours && sets >= 2 {
            // Four copies of a kind: a pung and a chow through it (a root,
            // and a concealed or open four as the pung is declared or not).
            let numbered: Vec<usize> = kinds.iter().copied().filter(|&k| k < 27).collect();
            let Some(&k) = numbered.choose(rng) else {
                continue;
            };
            let r = k % 9;
            let lo = k - r + rng.gen_range(r.saturating_sub(2)..=r.min(6));
            built[0] = Built::Pung(k);
            built[1] = Built::Chow(lo);
        }
        for b in &built {
            for k in b.kinds() {
                counts[k] += 1;
            }
        }
        if counts.iter().any(|&c| c > 4) {
            continue;
        }
        // Declare some sets: 0–4, fewer more often.
        let declare = [0, 0, 0, 1, 1, 2, 2, 3, 4][rng.gen_range(0..9)].min(sets);
        // A joker kind's copies are never declared.
        let mut order: Vec<usize> = (0..sets)
            .filter(|&i| built[i].kinds().iter().all(|&k| !shape.joker_kinds[k]))
            .collect();
        order.shuffle(rng);
        let mut melds = Vec::new();
        for &i in order.iter().take(declare) {
            let (kind, tile) = match built[i] {
                Built::Chow(lo) => (MeldKind::Chi, lo),
                Built::Pung(k) => {
                    let kind = if counts[k] == 3 && rng.gen_bool(0.5) {
                        [
                            MeldKind::OpenKong,
                            MeldKind::AddedKong,
                            MeldKind::ConcealedKong,
                        ][rng.gen_range(0..3)]
                    } else {
                        MeldKind::Pon
                    };
                    (kind, k)
                }
            };
            for k in built[i].kinds() {
                counts[k] -= 1;
            }
            melds.push(hupai::Meld::new(kind, hupai::Tile::from_index(tile).unwrap()).unwrap());
        }
        return (counts, melds);
    }
}

/// Seven pairs of `shape`'s kinds (a kind twice now and then).
fn seven_pairs_hand<R: Rng>(rng: &mut R, shape: &Shape) -> [u8; KINDS] {
    loop {
        let theme = [Theme::Any, Theme::OneSuit, Theme::TwoFiveEight][rng.gen_range(0..3)];
        let kinds = kinds(rng, shape, theme);
        let mut counts = [0u8; KINDS];
        for _ in 0..7 {
            counts[*kinds.choose(rng).unwrap()] += 2;
        }
        if counts.iter().all(|&c| c <= 4) {
            return counts;
        }
    }
}

/// Copies of each kind in `melds`.
fn meld_counts(melds: &[hupai::Meld]) -> [u8; KINDS] {
    let mut c = [0u8; KINDS];
    for m in melds {
        for t in m.tiles() {
            c[t.index()] += 1;
        }
    }
    c
}

/// A random claim under `rules` (a preset with a `fans` table), valid by
/// the claim rules the generator knows.
pub fn random_claim<R: Rng>(rng: &mut R, rules: &hupai::Rules) -> Generated {
    let shape = Shape::of(rules);
    let joker_kind = (0..KINDS).find(|&k| shape.joker_kinds[k]);
    loop {
        let roll = rng.gen_range(0..100);
        let (mut counts, melds) = match roll {
            0..=71 => standard_hand(rng, &shape, 4),
            72..=85 if shape.seven_pairs => (seven_pairs_hand(rng, &shape), Vec::new()),
            // Short of the whole size: fewer sets.
            86..=91 => {
                let sets = rng.gen_range(0..4);
                standard_hand(rng, &shape, sets)
            }
            _ => standard_hand(rng, &shape, 4),
        };
        if roll >= 92 {
            // Spoiled: one concealed tile becomes another kind.
            let held: Vec<usize> = (0..KINDS).filter(|&k| counts[k] > 0).collect();
            let k = *held.choose(rng).unwrap();
            let in_play: Vec<usize> = (0..KINDS)
                .filter(|&t| shape.tiles[t] && !shape.joker_kinds[t])
                .collect();
            let to = *in_play.choose(rng).unwrap();
            counts[k] -= 1;
            counts[to] += 1;
            if counts[to] + meld_counts(&melds)[to] > 4 {
                continue;
            }
        }
        // Jokers replace 0–4 concealed tiles, often of the kind the last
        // one replaced (so that groups of jokers only are read); under a
        // joker kind a joker is now and then written `*`.
        let want = [0, 0, 0, 1, 1, 2, 3, 4][rng.gen_range(0..8)];
        let mut jokers = 0u8;
        let mut last: Option<usize> = None;
        for _ in 0..want {
            let held: Vec<usize> = (0..KINDS)
                .filter(|&k| counts[k] > 0 && Some(k) != joker_kind)
                .collect();
            let k = match last {
                Some(k) if counts[k] > 0 && rng.gen_bool(0.5) => k,
                _ => match held.choose(rng) {
                    Some(&k) => k,
                    None => break,
                },
            };
            last = Some(k);
            counts[k] -= 1;
            match joker_kind {
                Some(j) if rng.gen_bool(0.85) => counts[j] += 1,
                _ => jokers += 1,
            }
        }
        // The winning tile: a natural concealed tile, or under joker kinds
        // now and then a copy of one.
        let naturals: Vec<usize> = (0..KINDS)
            .filter(|&k| counts[k] > 0 && Some(k) != joker_kind)
            .collect();
        let winning = match joker_kind {
            Some(j) if counts[j] > 0 && (naturals.is_empty() || rng.gen_bool(0.3)) => j,
            _ => match naturals.choose(rng) {
                Some(&k) => k,
                None => continue,
            },
        };
        let Ok(hand) = hupai::Hand::from_counts(&counts, jokers).and_then(|h| h.with_melds(&melds))
        else {
            continue;
        };
        let has_kong = melds.iter().any(|m| m.kind().is_kong());
        let copies = counts[winning] + meld_counts(&melds)[winning];
        let robbable = Some(winning) != joker_kind && copies == 1;
        let how = match rng.gen_range(0..10) {
            0..=3 => How::SelfDrawn,
            4 if robbable => How::RobbingKong,
            _ => How::Discard,
        };
        let after_kong = has_kong && how == How::SelfDrawn && rng.gen_bool(0.3);
        let kong_discard = how == How::Discard && rng.gen_bool(0.2);
        let last_tile = how != How::RobbingKong && !after_kong && rng.gen_bool(0.15);
        let first_turn = melds.is_empty() && how != How::RobbingKong && rng.gen_bool(0.12);
        return Generated {
            hand,
            winning,
            how,
            seat_wind: 27 + rng.gen_range(0..4),
            after_kong,
            kong_discard,
            last_tile,
            first_turn,
            revealed: rng.gen_bool(0.2),
        };
    }
}

/// A table over every word of the vocabulary, for rule files of its own:
/// one fan per predicate (worth 1, the dragon ones 4), one with
/// `all_pungs` and `all_258`,
/// one per count, a fan that excludes another, and, with `cap`, a fan
/// worth the cap on the first turn that excludes every other.
pub fn every_word_table(combine: Combine, cap: Option<u32>, minimum: u32) -> Table {
    let words = [
        "standard",
        "seven_pairs",
        "all_pungs",
        "one_suit",
        "terminal_in_each",
        "all_258",
        "all_declared",
        "kawu",
        "small_three_dragons",
        "big_three_dragons",
        "no_jokers",
        "self_drawn",
        "discard",
        "robbing_kong",
        "after_kong",
        "kong_discard",
        "last_tile",
        "dealer",
        "not_dealer",
        "revealed",
    ];
    let mut fans: Vec<Fan> = words
        .iter()
        .map(|w| Fan {
            id: format!("w_{w}"),
            // The dragon hands worth more than the roots and fours jokers
            // may make instead.
            value: Value::Fan(if w.ends_with("three_dragons") { 4 } else { 1 }),
            when: vec![Word::of(w)],
            count: None,
            excludes: Vec::new(),
        })
        .collect();
    for (id, count, value) in [
        ("c_roots", "roots", 1),
        ("c_concealed_fours", "concealed_fours", 2),
        ("c_open_fours", "open_fours", 3),
    ] {
        fans.push(Fan {
            id: id.to_string(),
            value: Value::Fan(value),
            when: Vec::new(),
            count: Some(Count::of(count)),
            excludes: Vec::new(),
        });
    }
    fans.push(Fan {
        id: "pungs_258".to_string(),
        value: Value::Fan(2),
        when: vec![Word::AllPungs, Word::All258],
        count: None,
        excludes: vec!["w_all_pungs".to_string(), "w_all_258".to_string()],
    });
    fans.push(Fan {
        id: "pairs_roots".to_string(),
        value: Value::Fan(1),
        when: vec![Word::SevenPairs, Word::NoJokers],
        count: Some(Count::Roots),
        excludes: vec!["c_roots".to_string()],
    });
    if cap.is_some() {
        fans.push(Fan {
            id: "first".to_string(),
            value: Value::Cap,
            when: vec![Word::FirstTurn],
            count: None,
            excludes: vec!["*".to_string()],
        });
    }
    Table {
        combine,
        base: 2,
        cap,
        minimum,
        fans,
    }
}

/// `table` as a rule file after `head` (the rule file's shape fields:
/// `base = "sichuan"`, ...).
pub fn rule_file(head: &str, table: &Table) -> String {
    let word = |w: Word| -> String {
        let all = [
            ("standard", Word::Standard),
            ("seven_pairs", Word::SevenPairs),
            ("all_pungs", Word::AllPungs),
            ("one_suit", Word::OneSuit),
            ("terminal_in_each", Word::TerminalInEach),
            ("all_258", Word::All258),
            ("all_declared", Word::AllDeclared),
            ("kawu", Word::Kawu),
            ("small_three_dragons", Word::SmallThreeDragons),
            ("big_three_dragons", Word::BigThreeDragons),
            ("no_jokers", Word::NoJokers),
            ("self_drawn", Word::SelfDrawn),
            ("discard", Word::Discard),
            ("robbing_kong", Word::RobbingKong),
            ("after_kong", Word::AfterKong),
            ("kong_discard", Word::KongDiscard),
            ("last_tile", Word::LastTile),
            ("first_turn", Word::FirstTurn),
            ("dealer", Word::Dealer),
            ("not_dealer", Word::NotDealer),
            ("revealed", Word::Revealed),
        ];
        all.iter().find(|p| p.1 == w).unwrap().0.to_string()
    };
    let mut text = format!(
        "{head}\n[scoring]\nfamily = \"fans\"\ncombine = {:?}\nbase = {}\nminimum = {}\n",
        match table.combine {
            Combine::Double => "double",
            Combine::Add => "add",
        },
        table.base,
        table.minimum
    );
    if let Some(cap) = table.cap {
        text += &format!("cap = {cap}\n");
    }
    for fan in &table.fans {
        let when: Vec<String> = fan.when.iter().map(|&w| format!("{:?}", word(w))).collect();
        text += &format!(
            "\n[[scoring.fan]]\nid = {:?}\nname = {:?}\nvalue = {}\nwhen = [{}]\nexcludes = {:?}\n",
            fan.id,
            fan.id,
            match fan.value {
                Value::Fan(v) => v.to_string(),
                Value::Cap => "\"cap\"".to_string(),
            },
            when.join(", "),
            fan.excludes,
        );
        if let Some(count) = fan.count {
            let name = match count {
                Count::Roots => "roots",
                Count::ConcealedFours => "concealed_fours",
                Count::OpenFours => "open_fours",
            };
            text += &format!("count = {name:?}\n");
        }
    }
    text
}
