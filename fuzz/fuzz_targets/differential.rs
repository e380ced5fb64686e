//! A rule set drawn from the input (any subset of the forms, `max_suits`,
//! honour sequences, pair ranks, strict jokers, `four_held_is_wait`,
//! `four_with_melds_is_wait`, the kinds in play, a joker kind, 14 or 17
//! tiles) and a hand under it (0–14 jokers, up to four declared melds):
//! check, waits, shanten, efficiency and the split count against the
//! tests' independent oracle (`tests/common`), and the invariants that tie
//! them. Rule sets the library refuses are skipped.
//!
//! Bounds, for speed (the oracle is exponential in jokers and hand size):
//! the oracle's splits are compared only with at most 3 jokers, the joker
//! kind's tiles counted (above that, the count is checked against the
//! library's own listing, cut at 64), and the oracle's efficiency only for
//! concealed parts of at most 8 tiles (larger ones: each effective kind is
//! one whose draw lowers the shanten the oracle checks).
#![no_main]

#[path = "../../tests/common/gen.rs"]
#[allow(dead_code, clippy::all)]
mod gen;
#[path = "../../tests/common/meld_oracle.rs"]
#[allow(dead_code, clippy::all)]
mod meld_oracle;
#[path = "../../tests/common/oracle.rs"]
#[allow(dead_code, clippy::all)]
mod oracle;
#[path = "../../tests/common/shanten_oracle.rs"]
#[allow(dead_code, clippy::all)]
mod shanten_oracle;

use hupai::{Efficiency, Form, Hand, Meld, MeldKind, RuleSpec, Rules, Tile};
use libfuzzer_sys::fuzz_target;
use std::cell::RefCell;
use std::collections::HashMap;
use meld_oracle::{MeldKind as OKind, OMeld};
use oracle::{Spec, KINDS};

/// The input read byte by byte; zeros once it runs out.
struct Input<'a>(&'a [u8]);

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }
}

fn tile(i: usize) -> Tile {
    Tile::from_index(i).expect("index < 34")
}

/// The same rule set as a rule file's fields and as the oracle's spec.
fn draw_rules(input: &mut Input) -> (RuleSpec, Spec) {
    let forms = input.byte() & 0x3f;
    let switches = input.byte();
    let play = input.byte();
    let honours_out = if play & 0x80 != 0 {
        input.byte() & 0x7f
    } else {
        0
    };
    // The switches that change the tables (pair ranks, honour sequences,
    // strict jokers, 17 tiles) take 16 combinations: as many as the
    // library's table cache keeps, so each is generated once a process.
    let pair_ranks = (play & 0x08 != 0).then_some(1 << 1 | 1 << 4 | 1 << 7);
    let joker = (play & 0x10 != 0).then(|| input.byte() as usize % KINDS);
    let max_suits = match switches & 3 {
        0 => None,
        n => Some(n),
    };
    let mut tiles = [true; KINDS];
    for (i, t) in tiles.iter_mut().enumerate() {
        *t = if i < 27 {
            play >> (i / 9) & 1 == 0
        } else {
            honours_out >> (i - 27) & 1 == 0
        };
    }
    let on = |bit: u8| switches >> bit & 1 == 1;
    let spec = Spec {
        name: "fuzz".into(),
        tiles,
        joker_kinds: joker.into_iter().collect(),
        cap: on(3).then_some(4),
        forms: [forms & 1 != 0, forms & 2 != 0, forms & 4 != 0],
        quads: on(4),
        pair_ranks,
        honor_seq: on(2),
        max_suits: max_suits.map(u32::from),
        max_tiles: if on(7) { 17 } else { 14 },
        four_held: on(5),
        knitted: forms & 8 != 0,
        honors_knitted: forms & 16 != 0,
        greater_honors_knitted: forms & 32 != 0,
        four_with_melds_is_wait: on(6),
    };
    let kinds = |set: &dyn Fn(usize) -> bool| -> String {
        (0..KINDS)
            .filter(|&i| set(i))
            .map(|i| tile(i).to_string())
            .collect()
    };
    let file = RuleSpec {
        base: Some("basic".into()),
        tiles: Some(kinds(&|i| tiles[i])),
        jokers: Some(kinds(&|i| joker == Some(i))),
        joker_fifth_copy: Some(spec.cap.is_none()),
        forms: Some(
            (0..6)
                .filter(|&f| forms >> f & 1 == 1)
                .map(|f| Form::ALL[f].name().to_string())
                .collect(),
        ),
        seven_pairs_quads: Some(spec.quads),
        pair_ranks: pair_ranks.map(|m| (0..9).filter(|r| m >> r & 1 == 1).map(|r| r + 1).collect()),
        honor_sequences: Some(spec.honor_seq),
        max_suits,
        max_tiles: Some(spec.max_tiles as u8),
        four_held_is_wait: Some(spec.four_held),
        four_with_melds_is_wait: Some(spec.four_with_melds_is_wait),
        scoring: None,
    };
    (file, spec)
}

/// A hand: concealed counts (joker kinds included), jokers, declared melds.
struct Drawn {
    concealed: [u8; KINDS],
    jokers: u32,
    melds: Vec<OMeld>,
}

fn draw_hand(input: &mut Input, max_tiles: u32) -> Option<Drawn> {
    let jokers = (input.byte() % 15) as u32;
    let mut melds = Vec::new();
    for _ in 0..input.byte() % 5 {
        let kind = OKind::ALL[input.byte() as usize % 5];
        melds.push(OMeld::new(kind, input.byte() as usize % KINDS));
    }
    // Concealed tiles up to one more than the largest hand.
    let room = (max_tiles + 1).checked_sub(jokers + 3 * melds.len() as u32)?;
    let mut concealed = [0u8; KINDS];
    let mut n = 0;
    while n < room && !input.0.is_empty() {
        let k = input.byte() as usize % KINDS;
        if concealed[k] < 4 {
            concealed[k] += 1;
            n += 1;
        }
    }
    Some(Drawn {
        concealed,
        jokers,
        melds,
    })
}

fn library_meld(m: &OMeld) -> Option<Meld> {
    let kind = match m.kind {
        OKind::Chi => MeldKind::Chi,
        OKind::Pon => MeldKind::Pon,
        OKind::OpenKong => MeldKind::OpenKong,
        OKind::AddedKong => MeldKind::AddedKong,
        OKind::ConcealedKong => MeldKind::ConcealedKong,
    };
    Meld::new(kind, tile(m.first)).ok()
}

/// Can the standard form's pair be of some kind in play?
fn some_pair(spec: &Spec) -> bool {
    (0..KINDS).any(|k| {
        spec.tiles[k]
            && spec
                .pair_ranks
                .is_none_or(|ranks| k < 27 && ranks >> (k % 9) & 1 == 1)
    })
}

/// Does some form of `spec` that can ever win take a concealed part of
/// `size` tiles beside `melds` declared melds, as a win? The standard form
/// any 3N+2 up to the limit, a meld counted as 3; seven pairs, thirteen
/// orphans and the honours-and-knitted forms 14 tiles and no meld; the
/// knitted straight 14 and no meld, or 11 beside its one meld declared.
/// Thirteen orphans and the knitted forms hold the three numbered suits
/// (all in play, `max_suits` at least 3), seven pairs needs seven kinds in
/// play (one with quads), the greater honours-and-knitted every honour.
fn form_takes(spec: &Spec, size: u32, melds: u32) -> bool {
    let effective = size + 3 * melds;
    let fourteen = spec.max_tiles >= 14 && size == 14 && melds == 0;
    let kinds = spec.tiles.iter().filter(|&&t| t).count();
    let knitted = oracle::knitted_suits_ok(spec);
    (spec.forms[0] && some_pair(spec) && effective % 3 == 2 && effective <= spec.max_tiles)
        || (spec.forms[1] && fourteen && kinds >= if spec.quads { 1 } else { 7 })
        || (spec.forms[2] && fourteen && oracle::orphans_ok(spec))
        || (spec.honors_knitted && fourteen && knitted)
        || (spec.greater_honors_knitted
            && fourteen
            && knitted
            && spec.tiles[27..].iter().all(|&t| t))
        || (spec.knitted
            && knitted
            && some_pair(spec)
            && spec.max_tiles >= 14
            && ((size, melds) == (14, 0) || (size, melds) == (11, 1)))
}

/// A hand and its rule file, written out only when an assertion fails.
struct Named<'a>(&'a Hand, &'a RuleSpec);

impl std::fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        write!(f, "{} under\n{}", self.0, self.1.to_toml())
    }
}

thread_local! {
    /// The rules compiled from each rule input seen, by its bytes (`None`:
    /// refused). A process sees a few thousand; cleared past 1 << 14.
    static COMPILED: RefCell<HashMap<Vec<u8>, Option<Rules>>> = RefCell::default();
}

fn compiled(key: &[u8], file: &RuleSpec) -> Option<Rules> {
    COMPILED.with_borrow_mut(|cache| {
        if cache.len() >= 1 << 14 {
            cache.clear();
        }
        cache
            .entry(key.to_vec())
            .or_insert_with(|| Rules::from_spec(file).ok())
            .clone()
    })
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input(data);
    let (file, spec) = draw_rules(&mut input);
    let Some(rules) = compiled(&data[..data.len() - input.0.len()], &file) else {
        return;
    };
    let Some(h) = draw_hand(&mut input, spec.max_tiles) else {
        return;
    };
    let Some(melds) = h.melds.iter().map(library_meld).collect::<Option<Vec<_>>>() else {
        return;
    };
    let Ok(concealed) = Hand::from_counts(&h.concealed, h.jokers as u8) else {
        return;
    };
    let Ok(hand) = concealed.with_melds(&melds) else {
        return;
    };
    let (c, j, m) = (&h.concealed, h.jokers, &h.melds[..]);
    let size: u32 = c.iter().map(|&n| n as u32).sum::<u32>() + j;
    let melds_n = m.len() as u32;
    let name = Named(&hand, &file);

    // Shanten: the replacement number less one, never below −1.
    let shanten = rules.shanten(&hand);
    let want = meld_oracle::melded_replacement_spec(&spec, c, j, m);
    match (want, &shanten) {
        (Some(r), Ok(s)) => assert_eq!(*s, r as i8 - 1, "shanten of {name}"),
        (None, Err(_)) => {}
        _ => panic!("shanten of {name}: {shanten:?}, oracle {want:?}"),
    }
    let shanten = shanten.ok();
    if let Some(s) = shanten {
        assert!(s >= -1, "shanten {s} of {name}");
    }

    let effective = size + 3 * melds_n;
    if effective % 3 == 2 {
        // The forms, and the win against the shanten.
        let got = rules.check(&hand);
        let want = meld_oracle::melded_forms_spec(&spec, c, j, m);
        let wins = match (want, &got) {
            (None, Err(_)) => None,
            (Some(flags), _) if !form_takes(&spec, size, melds_n) => {
                assert!(
                    got.is_err() && !flags.contains(&true),
                    "check of {name}: {got:?}, no form takes the size"
                );
                None
            }
            (Some(flags), Ok(forms)) => {
                let got = Form::ALL.map(|form| forms.contains(form));
                assert_eq!(got, flags, "forms of {name}");
                Some(!forms.is_empty())
            }
            _ => panic!("check of {name}: {got:?}, oracle {want:?}"),
        };
        assert_eq!(rules.is_win(&hand).ok(), wins, "is_win of {name}");
        if let (Some(w), Some(s)) = (wins, shanten) {
            assert_eq!(s == -1, w, "shanten {s} of {name}, win {w}");
        }
        if let Ok(Efficiency::Discard { shanten: e, .. }) = rules.efficiency(&hand, &[0; KINDS]) {
            assert_eq!(Some(e), shanten, "efficiency's shanten of {name}");
        }
        // Splits: the count, the limited listing, the oracle's splits.
        if let Some(w) = wins {
            let total = rules.split_count(&hand).expect("a judged hand splits");
            assert_eq!(total > 0, w, "{total} splits of {name}, win {w}");
            let some = rules
                .splits_limited(&hand, 64)
                .expect("a judged hand splits");
            assert_eq!(some.total, total, "split totals of {name}");
            assert_eq!(some.splits.len() as u64, total.min(64), "splits of {name}");
            assert!(
                some.splits.windows(2).all(|p| p[0] < p[1]),
                "splits of {name} out of order"
            );
            let none = rules
                .splits_limited(&hand, 0)
                .expect("a judged hand splits");
            assert!(none.splits.is_empty() && none.total == total, "{name}");
            // The joker kind's tiles in the concealed part are jokers too.
            let all_jokers = j + spec.joker_kinds.iter().map(|&k| c[k] as u32).sum::<u32>();
            if all_jokers <= 3 {
                let want = meld_oracle::melded_splits_spec(&spec, c, j, m).expect("judged");
                assert_eq!(total, want.len() as u64, "split count of {name}: {want:?}");
            }
        }
    } else if effective % 3 == 1 {
        let got = rules.waits(&hand);
        let want = meld_oracle::melded_waits_spec(&spec, c, j, m);
        let ready = match (want.clone(), &got) {
            (None, Err(_)) => None,
            (Some(w), _) if !form_takes(&spec, size + 1, melds_n) => {
                assert!(
                    got.is_err() && w.is_empty(),
                    "waits of {name}: {got:?}, no form takes the size"
                );
                None
            }
            (Some(w), Ok(waits)) => {
                let got: Vec<usize> = waits.iter().map(|t| t.index()).collect();
                assert_eq!(got, w, "waits of {name}");
                Some(w)
            }
            _ => panic!("waits of {name}: {got:?}, oracle {want:?}"),
        };
        assert_eq!(
            rules.is_ready(&hand).ok(),
            ready.as_ref().map(|w| !w.is_empty()),
            "is_ready of {name}"
        );
        // Shanten counts the tiles one can draw: a wait on a kind whose four
        // copies are all in the hand and its melds (`four_held_is_wait`,
        // `four_with_melds_is_wait`) is not one.
        if let (Some(w), Some(s)) = (ready, shanten) {
            let melded = meld_oracle::melded_copies(m);
            let drawable = w.iter().any(|&t| c[t] + melded[t] < 4);
            assert_eq!(s == 0, drawable, "shanten {s} of {name}, waits {w:?}");
        }
        let efficiency = rules.efficiency(&hand, &[0; KINDS]);
        match &efficiency {
            Ok(Efficiency::Draw(draws)) => {
                assert_eq!(
                    Some(draws.shanten),
                    shanten,
                    "efficiency's shanten of {name}"
                )
            }
            Ok(other) => panic!("efficiency of {name}: {other:?}"),
            Err(_) => assert!(shanten.is_none(), "efficiency of {name}: {efficiency:?}"),
        }
        if let (Ok(Efficiency::Draw(draws)), Some(s)) = (&efficiency, shanten) {
            // The effective kinds: those in play, not all four copies
            // held or melded, whose draw lowers the shanten.
            let melded = meld_oracle::melded_copies(m);
            for t in (0..KINDS).filter(|&t| spec.tiles[t] && c[t] + melded[t] < 4) {
                let mut more = *c;
                more[t] += 1;
                let after = Hand::from_counts(&more, j as u8)
                    .and_then(|h| h.with_melds(&melds))
                    .and_then(|h| rules.shanten(&h));
                let lowers = after.as_ref().is_ok_and(|&a| a < s);
                assert_eq!(
                    draws.tiles.contains(tile(t)),
                    lowers,
                    "efficiency of {name}: {} after drawing {}: {after:?}",
                    s,
                    tile(t)
                );
            }
        }
        if size <= 8 {
            let want = meld_oracle::melded_effective_spec(&spec, c, j, m);
            match (want.clone(), &efficiency) {
                (Some((r, tiles)), Ok(Efficiency::Draw(draws))) => {
                    assert_eq!(draws.shanten, r as i8 - 1, "efficiency of {name}");
                    let got: Vec<usize> = draws.tiles.iter().map(|e| e.tile.index()).collect();
                    assert_eq!(got, tiles, "effective tiles of {name}");
                }
                (None, Err(_)) => {}
                _ => panic!("efficiency of {name}: {efficiency:?}, oracle {want:?}"),
            }
        }
    }
});
