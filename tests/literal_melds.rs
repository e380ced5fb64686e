//! Literal cases in mahjong notation, worked out by hand from the
//! definitions (README, `src/win.rs`, `src/error.rs`), not copied from the
//! library: the wait shape the winning tile completed
//! (`data/wait_shapes.tsv`), every meld and winning-tile error
//! (`data/meld_errors.tsv`), and the live hand's claims (`data/claims.tsv`).
//!
//! A row whose why starts with `disputed:` holds the hand-derived answer
//! where the library answers otherwise: the test checks that it still does
//! (and fails once it agrees, so that the mark is dropped).

use std::collections::BTreeSet;
use std::fmt::Debug;

use hupai::{Hand, LiveHand, Rules, Tile, WaitShape, WinHow, WinningTile};

/// Every wait shape; the match below stops compiling when one is added.
const ALL_SHAPES: [WaitShape; 9] = [
    WaitShape::Tanki,
    WaitShape::Kanchan,
    WaitShape::Penchan,
    WaitShape::Ryanmen,
    WaitShape::Shanpon,
    WaitShape::HonorSequence,
    WaitShape::ThirteenSided,
    WaitShape::Orphans,
    WaitShape::Knitted,
];

#[allow(dead_code)]
fn every_shape_is_listed(shape: WaitShape) {
    match shape {
        WaitShape::Tanki
        | WaitShape::Kanchan
        | WaitShape::Penchan
        | WaitShape::Ryanmen
        | WaitShape::Shanpon
        | WaitShape::HonorSequence
        | WaitShape::ThirteenSided
        | WaitShape::Orphans
        | WaitShape::Knitted => {}
    }
}

/// One case: its line number and its columns.
struct Row {
    line: usize,
    cols: Vec<&'static str>,
}

impl Row {
    fn why(&self) -> &'static str {
        self.cols[self.cols.len() - 1]
    }

    fn disputed(&self) -> bool {
        self.why().starts_with("disputed:")
    }
}

/// The cases of a data file: every line but comments (`#`), each of
/// `columns` tab-separated columns.
fn rows(name: &str, text: &'static str, columns: usize) -> Vec<Row> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#'))
        .map(|(i, l)| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), columns, "{name}:{}: malformed {l:?}", i + 1);
            Row { line: i + 1, cols }
        })
        .collect()
}

/// Compares every row's answer with its expected one, as `answer` gives
/// them (expected, got): a plain row must agree, a disputed row must not.
/// The first `inputs` columns say what was asked. Panics listing every
/// wrong row.
fn judge(name: &str, rows: &[Row], inputs: usize, answer: impl Fn(&Row) -> (String, String)) {
    let mut wrong = Vec::new();
    for row in rows {
        let (want, got) = answer(row);
        if row.disputed() && got == want {
            wrong.push(format!(
                "{name}:{}: the library now agrees ({got:?}): drop 'disputed'",
                row.line
            ));
        } else if !row.disputed() && got != want {
            wrong.push(format!(
                "{name}:{}: {:?}\n    expected {want:?}\n    got      {got:?}\n    ({})",
                row.line,
                &row.cols[..inputs],
                row.why()
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} wrong rows:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
}

/// The rules column: a preset, then `key=value` overrides of a rule file.
fn rules(column: &str) -> Rules {
    let mut words = column.split(' ');
    let base = words.next().unwrap();
    if !column.contains(' ') {
        return Rules::preset(base).unwrap();
    }
    let mut toml = format!("base = \"{base}\"\n");
    for setting in words {
        let (key, value) = setting
            .split_once('=')
            .unwrap_or_else(|| panic!("{setting:?} in {column:?} is not key=value"));
        toml.push_str(&format!("{key} = {value}\n"));
    }
    Rules::from_toml_str(&toml).unwrap_or_else(|e| panic!("rules {column:?}: {e}"))
}

fn how(name: &str) -> WinHow {
    [WinHow::SelfDrawn, WinHow::Discard, WinHow::RobbingKong]
        .into_iter()
        .find(|h| h.name() == name)
        .unwrap_or_else(|| panic!("no way to win named {name:?}"))
}

/// An error as the files write it: `Variant: message` (a hand error inside
/// a parse error named as the hand error).
fn error_text(e: &(impl Debug + std::fmt::Display)) -> String {
    let debug = format!("{e:?}");
    let inner = debug.strip_prefix("Hand(").unwrap_or(&debug);
    let variant: String = inner.chars().take_while(|c| c.is_alphanumeric()).collect();
    format!("{variant}: {e}")
}

/// The distinct shapes of `hand` won on `winning`, or `no`; checks on the
/// way that every reading sits in a concealed group holding the winning
/// tile, and that a win has a reading.
fn shapes(rules: &Rules, hand: &str, winning: &str, how: WinHow) -> String {
    let hand: Hand = hand.parse().unwrap_or_else(|e| panic!("{hand}: {e}"));
    let winning: WinningTile = winning.parse().unwrap();
    let win = rules
        .win(&hand, winning, how)
        .unwrap_or_else(|e| panic!("{hand} won on {winning}: {e}"));
    assert_eq!(win.how, how);
    if win.forms.is_empty() {
        assert!(win.splits.is_empty() && win.shapes().is_empty(), "{hand}");
        return "no".into();
    }
    assert!(!win.shapes().is_empty(), "{hand} wins with no reading");
    for (split, group, _) in win.readings() {
        let g = &split.groups[group];
        assert!(
            g.meld().is_none(),
            "{hand}: the declared {g} holds the winning tile"
        );
        let holds = match win.winning {
            WinningTile::Tile(t) => g.naturals().contains(&t),
            WinningTile::Joker => g.joker_count() > 0,
        };
        assert!(holds, "{hand}: {g} does not hold {}", win.winning);
    }
    let names: Vec<&str> = win.shapes().iter().map(|s| s.name()).collect();
    names.join(" ")
}

#[test]
fn wait_shapes_from_data_file() {
    let rows = rows("wait_shapes.tsv", include_str!("data/wait_shapes.tsv"), 6);
    judge("wait_shapes.tsv", &rows, 4, |r| {
        let got = shapes(&rules(r.cols[0]), r.cols[1], r.cols[2], how(r.cols[3]));
        (r.cols[4].to_string(), got)
    });
    // The file names every shape, each agreed on by the library, and both
    // ways of winning.
    let named: BTreeSet<&str> = rows
        .iter()
        .filter(|r| !r.disputed())
        .flat_map(|r| r.cols[4].split(' '))
        .collect();
    for shape in ALL_SHAPES {
        assert!(named.contains(shape.name()), "no case of {shape}");
    }
    let hows: BTreeSet<&str> = rows.iter().map(|r| r.cols[3]).collect();
    assert_eq!(hows.len(), 3, "{hows:?}");
    assert!(
        rows.iter().any(|r| r.cols[2] == "*"),
        "no joker as the winning tile"
    );
    assert!(named.contains("no"), "no hand that does not win");
    assert!(rows.len() >= 60, "{} cases", rows.len());
}

/// What `op` answers for `hand`: `ok`, or its error.
fn op_outcome(rules: &Rules, op: &str, hand: &str) -> String {
    let hand: Hand = match hand.parse() {
        Ok(h) => h,
        Err(e) => return error_text(&e),
    };
    let result = match op.split_once(' ') {
        None if op == "check" => rules.check(&hand).map(drop),
        None if op == "waits" => rules.waits(&hand).map(drop),
        None if op == "shanten" => rules.shanten(&hand).map(drop),
        Some(("win", claim)) => {
            let (tile, how_name) = claim.split_once(' ').unwrap_or((claim, "discard"));
            match tile.parse::<WinningTile>() {
                Ok(w) => rules.win(&hand, w, how(how_name)).map(drop),
                Err(e) => return error_text(&e),
            }
        }
        _ => panic!("unknown op {op:?}"),
    };
    match result {
        Ok(()) => "ok".into(),
        Err(e) => error_text(&e),
    }
}

#[test]
fn meld_errors_from_data_file() {
    let rows = rows("meld_errors.tsv", include_str!("data/meld_errors.tsv"), 6);
    judge("meld_errors.tsv", &rows, 3, |r| {
        let got = op_outcome(&rules(r.cols[0]), r.cols[1], r.cols[2]);
        (format!("{}: {}", r.cols[3], r.cols[4]), got)
    });
    // Every error a meld or a winning tile meets, and every reason a meld
    // is refused for.
    let agreed: Vec<&Row> = rows.iter().filter(|r| !r.disputed()).collect();
    let variants: BTreeSet<&str> = agreed.iter().map(|r| r.cols[3]).collect();
    for variant in [
        "BadMeld",
        "TooManyMelds",
        "TooManyCopies",
        "ConcealedSize",
        "JokerInMeld",
        "TileNotInRules",
        "TooManySuits",
        "NotHeld",
        "NoJoker",
        "RobbedTileHeld",
        "RobbedJoker",
        "HonorSequenceNotInRules",
        "NotOneTile",
        "UnknownChar",
        "UnclosedBracket",
        "MismatchedBracket",
        "RankOutOfRange",
    ] {
        assert!(variants.contains(variant), "no case of {variant}");
    }
    for why in [
        "three tiles that are neither a chi nor a pon",
        "three honours that are neither three different winds nor the three dragons",
        "four tiles that are not one kind",
        "a meld has three tiles, or four for a kong",
        "a declared meld holds no joker",
        "only a kong is declared concealed: write a pon as [...]",
        "only a kong is declared concealed: write a chi as [...]",
        "only a kong is added to ('+')",
    ] {
        assert!(
            agreed.iter().any(|r| r.cols[4].ends_with(why)),
            "no bad meld refused with {why:?}"
        );
    }
}

fn tile(text: &str) -> Tile {
    text.parse()
        .unwrap_or_else(|e| panic!("{text:?} is not a tile: {e}"))
}

/// Applies one operation of the claims file to `live`.
fn apply(live: &mut LiveHand<&Rules>, op: &str) -> Result<(), hupai::HandError> {
    let words: Vec<&str> = op.split(' ').collect();
    match words[..] {
        ["draw", "*"] => live.draw_joker(),
        ["draw", t] => live.draw(tile(t)),
        ["discard", "*"] => live.discard_joker(),
        ["discard", t] => live.discard(tile(t)),
        ["chi", claimed, first] => live.chi(tile(claimed), tile(first)),
        ["pon", t] => live.pon(tile(t)),
        ["open-kong", t] => live.open_kong(tile(t)),
        ["added-kong", t] => live.added_kong(tile(t)),
        ["concealed-kong", t] => live.concealed_kong(tile(t)),
        _ => panic!("unknown op {op:?}"),
    }
}

#[test]
fn claims_from_data_file() {
    let rows = rows("claims.tsv", include_str!("data/claims.tsv"), 5);
    judge("claims.tsv", &rows, 3, |r| {
        (r.cols[3].to_string(), claims(r))
    });
    // Every error a claim or a draw meets.
    let variants: BTreeSet<&str> = rows
        .iter()
        .filter(|r| !r.disputed())
        .filter_map(|r| r.cols[3].strip_prefix("error "))
        .map(|e| e.split(':').next().unwrap())
        .collect();
    for variant in [
        "BadMeld",
        "NoChi",
        "ClaimNotInChi",
        "TooFewCopies",
        "TooManyCopies",
        "TooManyTiles",
        "TooManyMelds",
        "JokerInMeld",
        "TileNotInRules",
        "NotHeld",
        "NoJoker",
    ] {
        assert!(
            variants.contains(variant),
            "no claim refused with {variant}"
        );
    }
}

/// The result of a row of the claims file: `ok HAND` or `error ...`.
fn claims(r: &Row) -> String {
    let rules = rules(r.cols[0]);
    let hand: Hand = r.cols[1].parse().unwrap();
    let mut live = match LiveHand::from_hand(&rules, &hand) {
        Ok(live) => live,
        Err(e) => return format!("error {}", error_text(&e)),
    };
    let ops: Vec<&str> = match r.cols[2] {
        "-" => Vec::new(),
        ops => ops.split(", ").collect(),
    };
    for (i, op) in ops.iter().enumerate() {
        let before = live.hand();
        if let Err(e) = apply(&mut live, op) {
            assert_eq!(live.hand(), before, "{op} failed and changed the hand");
            let at = if i + 1 == ops.len() {
                String::new()
            } else {
                format!(" (at {op}, not the last op)")
            };
            return format!("error {}{at}", error_text(&e));
        }
    }
    // The live hand is the hand it prints, read back.
    let now = live.hand();
    assert_eq!(now.to_string().parse::<Hand>(), Ok(now));
    format!("ok {now}")
}
