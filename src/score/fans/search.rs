//! The best reading: over every split of the hand that [`Rules::win`]
//! lists, every group the winning tile can have completed, and every
//! kind each group of jokers only (`***`, `**`) may stand for under the
//! rules (kinds in play, copies, `joker_fifth_copy`, `max_suits`, pair
//! rules), the reading whose fans make the most 番 after exclusions.
//!
//! Points never fall as 番 rise (base × 2^min(番, cap), base + min(番,
//! cap)), so the reading with the most 番 has the most points after the
//! cap and, among those, the most 番 before it: the search keeps the most
//! 番 and the first reading found with it.
//!
//! The kinds a group of jokers only may stand for are tried in classes:
//! two kinds that give the reading the same facts for every word (the
//! suit, a pung or a chow or a pair, terminals, 2-5-8, which dragon, the
//! winning chow's 4-5-6) and whose kinds cannot reach four copies with
//! the jokers still to assign are one class, and only its first kind is
//! scored.

use crate::form::standard::{joker_meld_candidates, stands_beside};
use crate::form::Form;
use crate::group::{Group, GroupKind, Split};
use crate::hand::Hand;
use crate::rules::Rules;
use crate::score::claim::{Claim, ScoreError};
use crate::tile::{Suit, Tile, KINDS};
use crate::win::{WaitShape, WinningTile};

use super::table::FanTable;
use super::words::{self, Facts};
use super::FanCounted;

/// The best reading found.
pub(super) struct Best {
    /// Its fans, in the table's order.
    pub fans: Vec<FanCounted>,
    /// Its 番.
    pub fan: u32,
    /// Its split, groups of jokers only resolved.
    pub split: Split,
    /// The shape of the winning tile's wait.
    pub shape: WaitShape,
    /// Each joker's kind, in the split's order.
    pub jokers: Vec<Tile>,
}

/// The search's state across the readings.
struct Search<'a> {
    rules: &'a Rules,
    table: &'a FanTable,
    claim_bits: u32,
    /// Every meld a group of three jokers may stand for, kinds in play.
    melds: Vec<Group>,
    /// Every kind a pair of jokers may stand for: in play.
    kinds: Vec<Tile>,
    /// The groups of the reading being scored, jokers assigned as far as
    /// the search went.
    groups: Vec<Group>,
    /// The best so far: 番, present fans, facts, form, groups, shape.
    best: Option<(u32, u64, Facts, Form, Vec<Group>, WaitShape)>,
}

/// The fans of `table` the best reading of `hand` won by `claim` holds,
/// or `None` when the hand does not win.
pub(super) fn best(
    rules: &Rules,
    table: &FanTable,
    hand: &Hand,
    claim: &Claim,
) -> Result<Option<Best>, ScoreError> {
    let mut search = Search {
        rules,
        table,
        claim_bits: words::claim_predicates(rules, hand, claim),
        melds: Vec::new(),
        kinds: Vec::new(),
        groups: Vec::with_capacity(8),
        best: None,
    };
    let may_hold_jokers = hand.jokers() > 0 || !rules.jokers.is_empty();
    if may_hold_jokers {
        search.melds = joker_meld_candidates(rules)
            .filter(|g| {
                g.slot_tiles::<3>()
                    .is_some_and(|t| t.iter().all(|&t| rules.tiles.contains(t)))
            })
            .collect();
        search.kinds = rules.tiles.iter().collect();
    }
    rules
        .each_reading(
            hand,
            WinningTile::Tile(claim.winning),
            claim.how,
            |form, groups, won, shape| search.reading(form, groups, won, shape),
        )
        .map_err(ScoreError::of_win)?;
    let Some((fan, present, facts, form, groups, shape)) = search.best else {
        return Ok(None);
    };
    let fans = crate::swar::bits(present)
        .map(|i| {
            let f = &table.fans[i];
            FanCounted {
                id: f.id.clone(),
                name: f.name.clone(),
                value: f.value,
                count: f.count.map_or(1, |c| facts.counts[c as usize]),
            }
        })
        .collect();
    let jokers = groups
        .iter()
        .flat_map(|g| {
            let tiles = g.tiles().unwrap_or_default();
            let slots = g.joker_slots();
            (0..tiles.len())
                .filter(move |&i| slots >> i & 1 == 1)
                .map(move |i| tiles[i])
        })
        .collect();
    Ok(Some(Best {
        fans,
        fan,
        split: Split { form, groups },
        shape,
        jokers,
    }))
}

impl Search<'_> {
    /// Scores one reading of [`Rules::each_reading`], each kind its groups
    /// of jokers only may stand for.
    fn reading(&mut self, form: Form, groups: &[Group], won: usize, shape: WaitShape) {
        self.groups.clear();
        self.groups.extend_from_slice(groups);
        let open = groups.iter().filter(|g| g.first_tile().is_none()).count();
        if open == 0 {
            self.score(form, won, shape);
            return;
        }
        let mut others = [0u8; KINDS];
        let mut jokers_left = 0usize;
        for g in groups {
            if g.first_tile().is_none() {
                jokers_left += g.kind().size();
            }
            each_tile(g, |i| others[i] += 1);
        }
        self.assign(form, won, shape, 0, &mut others, jokers_left);
    }

    /// Assigns the groups of jokers only from index `from` on, then
    /// scores the reading.
    fn assign(
        &mut self,
        form: Form,
        won: usize,
        shape: WaitShape,
        from: usize,
        others: &mut [u8; KINDS],
        jokers_left: usize,
    ) {
        let Some(at) = (from..self.groups.len()).find(|&i| self.groups[i].first_tile().is_none())
        else {
            self.score(form, won, shape);
            return;
        };
        let kind = self.groups[at].kind();
        let left = jokers_left - kind.size();
        let mut seen: Vec<(u16, u64)> = Vec::new();
        let count = match kind {
            GroupKind::Triplet => self.melds.len(),
            _ => self.kinds.len(),
        };
        for c in 0..count {
            let candidate = match kind {
                GroupKind::Triplet => self.melds[c],
                _ => Group::same(GroupKind::Pair, self.kinds[c], 0),
            };
            if !self.may_stand(form, &candidate, others, at == won, shape) {
                continue;
            }
            let key = class(&candidate, others, left, at == won);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            each_tile(&candidate, |i| others[i] += 1);
            self.groups[at] = candidate;
            self.assign(form, won, shape, at + 1, others, left);
            each_tile(&candidate, |i| others[i] -= 1);
        }
        self.groups[at] = Group::unresolved(kind);
    }

    /// May a group of jokers only stand for `candidate` beside `others`
    /// in a split of `form`, and, holding the winning tile, complete it
    /// with `shape`?
    fn may_stand(
        &self,
        form: Form,
        candidate: &Group,
        others: &[u8; KINDS],
        won: bool,
        shape: WaitShape,
    ) -> bool {
        let rules = self.rules;
        let Some(first) = candidate.first_tile() else {
            return false;
        };
        let fits = match candidate.kind() {
            GroupKind::Pair => {
                let pair_rule = match form {
                    Form::SevenPairs => rules.seven_pairs_quads || others[first.index()] == 0,
                    _ => rules.pair_ranks.is_none_or(|mask| {
                        first.suit() != Suit::Honor && mask >> (first.rank() - 1) & 1 == 1
                    }),
                };
                pair_rule && stands_beside(rules, others, &[first, first])
            }
            _ => candidate
                .slot_tiles::<3>()
                .is_some_and(|t| stands_beside(rules, others, &t)),
        };
        fits && (!won || shape_fits(candidate, shape))
    }

    /// Scores the reading in `self.groups`, keeping it if it is the best.
    fn score(&mut self, form: Form, won: usize, shape: WaitShape) {
        let facts = words::reading_facts(self.table, form, &self.groups, won, shape);
        let (present, fan) = words::fans_held(self.table, &facts, self.claim_bits);
        if self.best.as_ref().is_none_or(|b| fan > b.0) {
            self.best = Some((fan, present, facts, form, self.groups.clone(), shape));
        }
    }
}

/// Can the winning tile, a joker in `group` (its jokers resolved),
/// complete it with `shape`?
fn shape_fits(group: &Group, shape: WaitShape) -> bool {
    match group.kind() {
        GroupKind::Pair => shape == WaitShape::Tanki,
        GroupKind::Triplet => shape == WaitShape::Shanpon,
        GroupKind::HonorSequence => shape == WaitShape::HonorSequence,
        GroupKind::Sequence => {
            let rank = group.first_tile().map_or(0, |t| t.rank());
            match shape {
                WaitShape::Kanchan => true,
                WaitShape::Penchan => rank == 1 || rank == 7,
                // The low end of any chow but 789, the high end of any but 123.
                WaitShape::Ryanmen => true,
                _ => false,
            }
        }
        _ => false,
    }
}

/// The class of a kind for a group of jokers only (see the module docs):
/// its facts for every word, and the kinds of it that may reach four
/// copies with the `left` jokers still to assign (bit `i`: index `i`).
fn class(candidate: &Group, others: &[u8; KINDS], left: usize, won: bool) -> (u16, u64) {
    let first = candidate.first_tile().map_or(0, |t| t.index());
    let mut flags = match candidate.kind() {
        GroupKind::Sequence => 0u16,
        GroupKind::Triplet => 1,
        GroupKind::Pair => 2,
        _ => 3,
    };
    flags |= ((first / 9) as u16) << 2;
    let mut terminal = false;
    let mut all_258 = true;
    let mut hot = 0u64;
    let mut mine = [0u8; 3];
    let mut kinds = [0usize; 3];
    let mut n = 0;
    each_tile(candidate, |i| {
        terminal |= i >= 27 || i % 9 == 0 || i % 9 == 8;
        all_258 &= i < 27 && matches!(i % 9, 1 | 4 | 7);
        if let Some(k) = kinds[..n].iter().position(|&k| k == i) {
            mine[k] += 1;
        } else if n < 3 {
            kinds[n] = i;
            mine[n] = 1;
            n += 1;
        }
    });
    for k in 0..n {
        if others[kinds[k]] as usize + mine[k] as usize + left >= 4 {
            hot |= 1 << kinds[k];
        }
    }
    flags |= (terminal as u16) << 4 | (all_258 as u16) << 5;
    if first >= 31 {
        flags |= ((first - 30) as u16) << 6;
    }
    if won {
        // The winning chow's place matters to kawu: its first tile.
        flags |= (first as u16 % 9) << 8;
    }
    (flags, hot)
}

/// The tiles of `g` by index (see `words::each_tile`).
fn each_tile(g: &Group, each: impl FnMut(usize)) {
    words::each_tile(g, each)
}
