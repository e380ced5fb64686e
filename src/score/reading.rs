//! What every scoring family reads: the facts of
//! the hand and the claim that every reading shares ([`HandFacts`]: every
//! tile counted, the kinds held, the kongs, the open melds, how the tile
//! came, the dealer; and the nine gates, [`HandFacts::nine_gates`]), and
//! one reading of a split ([`Reading`]: its sets, the pair or the pairs,
//! the shape by form, the wait the winning tile completed).
//!
//! A set is concealed (暗) when it is held in the hand and the winning
//! tile did not complete it on a discard or a robbed kong, or when it is a
//! concealed kong; a declared open meld, or a pung completed by a claimed
//! tile, is not (riichi's open pung for fu and sanankou, GB's 明刻 for the
//! concealed-pung fans). A set also knows whether it is a declared meld
//! (the fans family's 手抓一 and 明四归), and the reading which set the
//! winning tile completed (卡五星). The fans family builds its readings from
//! splits whose jokers it has resolved, so a joker's assigned kind is the
//! kind of the set or pair it stands in; an honour sequence (rules with
//! `honor_sequences`, which riichi and GB refuse) is a chow of its first
//! tile.

use crate::form::Form;
use crate::group::{Group, GroupKind};
use crate::hand::Hand;
use crate::meld::MeldKind;
use crate::score::claim::Claim;
use crate::swar::SuitWords;
use crate::tile::sets::SUITS;
use crate::tile::{Suit, Tile, KINDS};
use crate::win::{WaitShape, WinHow};

/// What a set of a reading is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SetKind {
    /// Three consecutive tiles (顺子).
    Chow,
    /// Three identical tiles (刻子).
    Pung,
    /// Four identical tiles, declared (杠).
    Kong,
}

impl SetKind {
    /// The set a group of `kind` is (an honour sequence is a chow), or
    /// `None` for a pair, a single or knitted tiles.
    #[inline(always)]
    fn of(kind: GroupKind) -> Option<SetKind> {
        match kind {
            GroupKind::Sequence | GroupKind::HonorSequence => Some(SetKind::Chow),
            GroupKind::Triplet => Some(SetKind::Pung),
            GroupKind::Kong => Some(SetKind::Kong),
            GroupKind::Pair
            | GroupKind::Single
            | GroupKind::Knitted
            | GroupKind::HonorsAndKnitted => None,
        }
    }
}

/// One set of a reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Set {
    pub kind: SetKind,
    /// The tile of a pung or kong; the lowest tile of a chow.
    pub tile: Tile,
    /// Concealed (see the [module docs](self)).
    pub concealed: bool,
    /// A declared meld (chi, pon, a kong of any kind).
    pub declared: bool,
}

impl Set {
    /// A pung or a kong.
    #[inline(always)]
    pub fn is_pung(&self) -> bool {
        self.kind != SetKind::Chow
    }
}

/// The shape of a reading, by form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Four sets and a pair.
    Standard,
    /// The nine tiles of a knitted straight, one set and a pair.
    KnittedStraight,
    /// Seven pairs.
    SevenPairs,
    /// Thirteen orphans.
    ThirteenOrphans,
    /// Honours and knitted tiles; `greater` with all seven honours;
    /// `knitted_straight` when its numbered tiles are all nine of a
    /// knitted straight.
    HonorsAndKnitted {
        greater: bool,
        knitted_straight: bool,
    },
}

/// A reading: the sets (declared melds among them), the pair (or the
/// pairs of seven pairs), the shape, and the wait the winning tile
/// completed.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Reading {
    pub shape: Shape,
    /// Up to five: a hand of 17 tiles (`max_tiles = 17`) holds five sets.
    sets: [Set; 5],
    n_sets: u8,
    /// The pair of a standard or knitted-straight reading.
    pub pair: Option<Tile>,
    pairs: [Tile; 7],
    n_pairs: u8,
    pub wait: WaitShape,
    /// The set the winning tile completed (its index in [`Reading::sets`]),
    /// `None` when it completed the pair or a group of another form.
    won_set: Option<u8>,
}

impl Reading {
    /// The reading of a split of `form` into `groups`, the winning tile
    /// in group `won` with the wait `wait`, the tile claimed (a discard or
    /// a robbed kong) when `claimed`. `None` for a split that is no
    /// reading (more than five sets or seven pairs, a group of jokers).
    #[inline]
    pub fn new(
        form: Form,
        groups: &[Group],
        won: usize,
        wait: WaitShape,
        claimed: bool,
    ) -> Option<Reading> {
        let shape = match form {
            Form::Standard => Shape::Standard,
            Form::KnittedStraight => Shape::KnittedStraight,
            Form::SevenPairs => Shape::SevenPairs,
            Form::ThirteenOrphans => Shape::ThirteenOrphans,
            Form::HonorsAndKnitted | Form::GreaterHonorsAndKnitted => {
                let tiles = groups.first()?.tiles()?;
                let suited = tiles.iter().filter(|t| t.suit() != Suit::Honor).count();
                Shape::HonorsAndKnitted {
                    greater: form == Form::GreaterHonorsAndKnitted,
                    knitted_straight: suited == 9,
                }
            }
        };
        let blank = Tile::nth(0);
        let mut r = Reading {
            shape,
            sets: [Set {
                kind: SetKind::Chow,
                tile: blank,
                concealed: false,
                declared: false,
            }; 5],
            n_sets: 0,
            pair: None,
            pairs: [blank; 7],
            n_pairs: 0,
            wait,
            won_set: None,
        };
        for (i, g) in groups.iter().enumerate() {
            if g.kind() == GroupKind::Pair {
                let first = g.first_tile()?;
                if shape == Shape::SevenPairs {
                    *r.pairs.get_mut(r.n_pairs as usize)? = first;
                    r.n_pairs += 1;
                } else {
                    r.pair = Some(first);
                }
                continue;
            }
            let Some(kind) = SetKind::of(g.kind()) else {
                continue;
            };
            let meld = g.meld_kind();
            let concealed = match meld {
                Some(meld) => meld == MeldKind::ConcealedKong,
                None => !(i == won && claimed),
            };
            if i == won {
                r.won_set = Some(r.n_sets);
            }
            *r.sets.get_mut(r.n_sets as usize)? = Set {
                kind,
                tile: g.first_tile()?,
                concealed,
                declared: meld.is_some(),
            };
            r.n_sets += 1;
        }
        Some(r)
    }

    /// The sets, in the split's order.
    #[inline(always)]
    pub fn sets(&self) -> &[Set] {
        &self.sets[..self.n_sets as usize]
    }

    /// The same split's reading (of `groups`) with the winning tile in
    /// group `won` with the wait `wait` (claimed as `claimed` says): the
    /// set it completes and the concealed flags follow, the rest is this
    /// reading's.
    pub fn completed_by(
        &self,
        groups: &[Group],
        won: usize,
        wait: WaitShape,
        claimed: bool,
    ) -> Reading {
        let mut r = *self;
        if let Some(set) = r.won_set.map(|i| &mut r.sets[i as usize]) {
            set.concealed |= !set.declared;
        }
        let is_set = |g: &Group| SetKind::of(g.kind()).is_some();
        r.won_set = groups
            .get(won)
            .filter(|g| is_set(g))
            .map(|_| groups[..won].iter().filter(|g| is_set(g)).count() as u8);
        if let Some(set) = r.won_set.map(|i| &mut r.sets[i as usize]) {
            if !set.declared {
                set.concealed = !claimed;
            }
        }
        r.wait = wait;
        r
    }

    /// The set the winning tile completed, if it completed a set.
    #[inline(always)]
    pub fn won_set(&self) -> Option<&Set> {
        self.won_set.map(|i| &self.sets[i as usize])
    }

    /// The pairs of seven pairs, lowest first (a quad is two pairs);
    /// empty in another shape.
    pub fn pairs(&self) -> &[Tile] {
        &self.pairs[..self.n_pairs as usize]
    }
}

/// Every tile of `hand`, its declared melds' included (a kong's four).
#[inline]
pub(crate) fn every_tile(hand: &Hand) -> [u8; KINDS] {
    let mut all = *hand.counts();
    for m in hand.melds() {
        m.add_to(&mut all);
    }
    all
}

/// A hand of nine gates (九莲宝灯): concealed, of one numbered suit,
/// 1112345678999 and one more tile of the suit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum NineGates {
    /// The winning tile is not the one more: the 13 tiles before it were
    /// not the frame (riichi's chuuren).
    Frame,
    /// The 13 tiles before the winning tile were 1112345678999: it waited
    /// on all nine tiles of the suit (riichi's chuuren_9, GB's 九莲宝灯).
    Pure,
}

/// What is true of the hand and the claim whatever the reading.
pub(crate) struct HandFacts<'h> {
    /// Every tile, the melds' included (a kong's four).
    pub all: [u8; KINDS],
    /// The concealed part, the winning tile in it.
    pub concealed: &'h [u8; KINDS],
    /// The kinds held (bit `i`: kind `i`), the melds' included.
    pub kinds: u64,
    /// The kinds declared as kongs (bit `i`: kind `i`).
    pub kong_kinds: u64,
    /// Melds other than concealed kongs.
    pub open_melds: u8,
    pub has_melds: bool,
    pub self_drawn: bool,
    pub dealer: bool,
}

impl<'h> HandFacts<'h> {
    /// The facts of `hand` won by `claim`.
    #[inline]
    pub fn new(hand: &'h Hand, claim: &Claim) -> HandFacts<'h> {
        let all = every_tile(hand);
        let mut kong_kinds = 0u64;
        let mut open_melds = 0;
        for m in hand.melds() {
            if m.kind().is_kong() {
                kong_kinds |= 1 << m.tile().index();
            }
            if m.kind().is_open() {
                open_melds += 1;
            }
        }
        HandFacts {
            kinds: SuitWords::load(&all).nonzero().kinds_with_bit(0),
            all,
            concealed: hand.counts(),
            kong_kinds,
            open_melds,
            has_melds: hand.has_melds(),
            self_drawn: claim.how == WinHow::SelfDrawn,
            dealer: claim.is_dealer(),
        }
    }

    /// No open meld (concealed kongs allowed).
    #[inline(always)]
    pub fn closed(&self) -> bool {
        self.open_melds == 0
    }

    /// The nine gates the hand is, won on `winning` (see [`NineGates`]);
    /// `None` for any other hand.
    pub fn nine_gates(&self, winning: Tile) -> Option<NineGates> {
        const FRAME: [u8; 9] = [3, 1, 1, 1, 1, 1, 1, 1, 3];
        let suit = winning.suit();
        if self.has_melds || suit == Suit::Honor || self.kinds & !SUITS[suit as usize] != 0 {
            return None;
        }
        let base = suit.first_index();
        let counts = &self.all[base..base + 9];
        if counts.iter().sum::<u8>() != 14 || counts.iter().zip(FRAME).any(|(&c, f)| c < f) {
            return None;
        }
        // The one tile past the frame is the winning tile's kind.
        let w = winning.index() - base;
        Some(if counts[w] == FRAME[w] + 1 {
            NineGates::Pure
        } else {
            NineGates::Frame
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, WinningTile};

    /// The nine gates of `hand` won on `winning`.
    fn nine_gates(hand: &str, winning: &str) -> Option<NineGates> {
        let hand: Hand = hand.parse().unwrap();
        let winning: Tile = winning.parse().unwrap();
        HandFacts::new(&hand, &Claim::new(winning, WinHow::SelfDrawn)).nine_gates(winning)
    }

    #[test]
    fn nine_gates_pure_when_the_13_before_are_the_frame() {
        // 1112345678999m waiting on all nine, won on each end and inside.
        assert_eq!(nine_gates("11123456789999m", "9m"), Some(NineGates::Pure));
        assert_eq!(nine_gates("11112345678999p", "1p"), Some(NineGates::Pure));
        assert_eq!(nine_gates("11123455678999s", "5s"), Some(NineGates::Pure));
    }

    #[test]
    fn nine_gates_frame_when_the_extra_tile_was_held_before() {
        // The extra 9m was held: the win on 1m completes the frame.
        assert_eq!(nine_gates("11123456789999m", "1m"), Some(NineGates::Frame));
        assert_eq!(nine_gates("11123455678999s", "6s"), Some(NineGates::Frame));
    }

    #[test]
    fn nine_gates_none_with_melds_honours_or_two_suits() {
        // Short of the frame (no third 9m), another suit, a meld.
        assert_eq!(nine_gates("11122345678899m", "2m"), None);
        assert_eq!(nine_gates("1112345678999m1p", "1p"), None);
        assert_eq!(nine_gates("1112345678999m1z", "1z"), None);
        assert_eq!(nine_gates("11145678999m [123m]", "5m"), None);
    }

    /// The concealed flags of the pungs and kongs of each reading of
    /// `hand` won on `winning` by `how` (riichi rules), by their tiles.
    fn pungs(hand: &str, winning: &str, how: WinHow) -> Vec<Vec<(String, SetKind, bool)>> {
        let hand: Hand = hand.parse().unwrap();
        let winning: Tile = winning.parse().unwrap();
        let win = Rules::riichi()
            .win(&hand, WinningTile::Tile(winning), how)
            .unwrap();
        let mut out = Vec::new();
        for ws in &win.splits {
            for c in &ws.completions {
                let r = Reading::new(
                    ws.split.form,
                    &ws.split.groups,
                    c.group,
                    c.shape,
                    how.is_claimed(),
                )
                .unwrap();
                out.push(
                    r.sets()
                        .iter()
                        .filter(|s| s.is_pung())
                        .map(|s| (s.tile.to_string(), s.kind, s.concealed))
                        .collect(),
                );
            }
        }
        out
    }

    #[test]
    fn reading_pung_completed_by_a_claimed_tile_is_not_concealed() {
        let hand = "123m456p789s111z22z";
        assert_eq!(
            pungs(hand, "1z", WinHow::Discard),
            [[("1z".to_string(), SetKind::Pung, false)]]
        );
        assert_eq!(
            pungs(hand, "1z", WinHow::SelfDrawn),
            [[("1z".to_string(), SetKind::Pung, true)]]
        );
        // Won on the pair: the pung stays concealed on a discard.
        assert_eq!(
            pungs(hand, "2z", WinHow::Discard),
            [[("1z".to_string(), SetKind::Pung, true)]]
        );
    }

    #[test]
    fn reading_declared_melds_are_concealed_only_as_concealed_kongs() {
        let got = pungs("123m789s22z [555p] (1111z)", "2z", WinHow::SelfDrawn);
        assert_eq!(
            got,
            [[
                ("5p".to_string(), SetKind::Pung, false),
                ("1z".to_string(), SetKind::Kong, true)
            ]]
        );
    }

    #[test]
    fn reading_of_seven_pairs_lists_its_pairs_and_no_pair() {
        let hand: Hand = "1122m3344p5566s77z".parse().unwrap();
        let win = Rules::riichi()
            .win(
                &hand,
                WinningTile::Tile("7z".parse().unwrap()),
                WinHow::Discard,
            )
            .unwrap();
        let ws = win
            .splits
            .iter()
            .find(|ws| ws.split.form == Form::SevenPairs)
            .unwrap();
        let c = ws.completions[0];
        let r = Reading::new(ws.split.form, &ws.split.groups, c.group, c.shape, true).unwrap();
        let pairs: Vec<String> = r.pairs().iter().map(|t| t.to_string()).collect();
        assert_eq!(pairs, ["1m", "2m", "3p", "4p", "5s", "6s", "7z"]);
        assert_eq!(
            (r.shape, r.pair, r.sets().len()),
            (Shape::SevenPairs, None, 0)
        );
    }

    /// A reading's sets as (tile, kind, declared), and the tile of the set
    /// the winning tile completed.
    type SetsAndWon = (Vec<(String, SetKind, bool)>, Option<String>);

    /// Each reading of `hand` won on `winning` under `rules`.
    fn sets_and_won(rules: &Rules, hand: &str, winning: &str) -> Vec<SetsAndWon> {
        let hand: Hand = hand.parse().unwrap();
        let win = rules
            .win(
                &hand,
                WinningTile::Tile(winning.parse().unwrap()),
                WinHow::Discard,
            )
            .unwrap();
        let mut out = Vec::new();
        for ws in &win.splits {
            for c in &ws.completions {
                let r =
                    Reading::new(ws.split.form, &ws.split.groups, c.group, c.shape, true).unwrap();
                out.push((
                    r.sets()
                        .iter()
                        .map(|s| (s.tile.to_string(), s.kind, s.declared))
                        .collect(),
                    r.won_set().map(|s| s.tile.to_string()),
                ));
            }
        }
        out
    }

    #[test]
    fn reading_knows_its_declared_sets_and_the_set_the_winning_tile_completed() {
        let chow = |t: &str, declared| (t.to_string(), SetKind::Chow, declared);
        let got = sets_and_won(&Rules::riichi(), "456m789s22z [123p] (1111z)", "5m");
        assert_eq!(
            got,
            [(
                vec![
                    chow("4m", false),
                    chow("7s", false),
                    chow("1p", true),
                    ("1z".to_string(), SetKind::Kong, true)
                ],
                Some("4m".to_string())
            )]
        );
        // Won on the pair: no set completed.
        let got = sets_and_won(&Rules::riichi(), "456m789s22z [123p] (1111z)", "2z");
        assert_eq!(got[0].1, None);
    }

    #[test]
    fn reading_of_an_honour_sequence_is_a_chow_of_its_first_tile() {
        let rules = Rules::from_toml_str("base = \"chinese\"\nhonor_sequences = true").unwrap();
        let got = sets_and_won(&rules, "124z567z123m456p55s", "5s");
        assert!(
            got.iter().any(|(sets, _)| sets
                .iter()
                .filter(|s| s.1 == SetKind::Chow)
                .map(|s| s.0.as_str())
                .collect::<Vec<_>>()
                == ["1m", "4p", "1z", "5z"]),
            "{got:?}"
        );
    }

    #[test]
    fn a_reading_completed_by_another_group_moves_the_won_set_and_its_concealment() {
        let hand: Hand = "456m789s222p33z [123p]".parse().unwrap();
        let win = Rules::riichi()
            .win(
                &hand,
                WinningTile::Tile("2p".parse().unwrap()),
                WinHow::Discard,
            )
            .unwrap();
        let ws = &win.splits[0];
        let groups = &ws.split.groups;
        let pung = groups
            .iter()
            .position(|g| g.kind() == GroupKind::Triplet)
            .unwrap();
        let pair = groups
            .iter()
            .position(|g| g.kind() == GroupKind::Pair)
            .unwrap();
        let on_pung = Reading::new(ws.split.form, groups, pung, WaitShape::Shanpon, true).unwrap();
        let won = |r: &Reading| r.won_set().map(|s| (s.tile.to_string(), s.concealed));
        assert_eq!(won(&on_pung), Some(("2p".to_string(), false)));
        let on_pair = on_pung.completed_by(groups, pair, WaitShape::Tanki, true);
        assert_eq!(won(&on_pair), None);
        assert!(on_pair.sets().iter().all(|s| s.concealed != s.declared));
        assert_eq!(on_pair.wait, WaitShape::Tanki);
        // Back on the pung: as built from the start.
        let again = on_pair.completed_by(groups, pung, WaitShape::Shanpon, true);
        assert_eq!(again.sets(), on_pung.sets());
        assert_eq!(won(&again), won(&on_pung));
    }
}
