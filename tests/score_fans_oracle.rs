//! The `fans` family's `Rules::score` against the independent scorer of
//! `tests/common/score_fans_oracle.rs` (written from issue 46's text: every
//! reading, every joker assignment) on seeded random claims of the three
//! presets with tables, two shards a preset so both cores work. The
//! oracle's own literal cases come first: each worked by hand from the
//! issue's tables.

use crate::common;

use common::score_fans_oracle::{
    every_word_table, preset_table, rule_file, score, Answer, Circumstances, Combine, Hand, How,
    Shape, Table,
};

/// The oracle's answer for `hand` won with `winning` under `preset`, by a
/// seat that is not the dealer, no flag set but `set`.
fn oracle(preset: &str, hand: &str, winning: &str, how: How, set: &[&str]) -> Answer {
    let rules = hupai::Rules::preset(preset).unwrap();
    let hand: hupai::Hand = hand.parse().unwrap();
    let winning: hupai::Tile = winning.parse().unwrap();
    let claim = Circumstances {
        winning: winning.index(),
        how,
        dealer: set.contains(&"dealer"),
        after_kong: set.contains(&"after_kong"),
        kong_discard: set.contains(&"kong_discard"),
        last_tile: set.contains(&"last_tile"),
        first_turn: set.contains(&"first_turn"),
        revealed: set.contains(&"revealed"),
    };
    score(
        &Shape::of(&rules),
        &preset_table(preset),
        &Hand::of(&hand),
        &claim,
    )
}

/// Checks an answer: 番, 番 after the cap, points and the one best list
/// of (id, count).
fn expect(answer: &Answer, fan: u32, capped: u32, points: u64, fans: &[(&str, u32)]) {
    let list: Vec<(String, u32)> = {
        let mut l: Vec<(String, u32)> = fans.iter().map(|&(i, n)| (i.to_string(), n)).collect();
        l.sort();
        l
    };
    assert_eq!(
        (answer.legal, answer.fan, answer.fan_capped, answer.points),
        (true, fan, capped, points),
        "{answer:?}"
    );
    assert_eq!(answer.lists, [list].into_iter().collect(), "{answer:?}");
}

#[test]
fn oracle_sichuan_pure_pungs_is_three() {
    // 清对: 对对胡 1 + 清一色 2 (the chow reading 123m is not read here:
    // 111 444 777 999 have no chow).
    let a = oracle("sichuan", "11144455777999m", "5m", How::Discard, &[]);
    expect(&a, 3, 3, 8, &[("all_pungs", 1), ("one_suit", 1)]);
}

#[test]
fn oracle_sichuan_chows_or_pungs_takes_the_pungs() {
    // 111222333m reads as three pungs or three chows 123m: the pungs pay.
    let a = oracle("sichuan", "11122233344455m", "5m", How::Discard, &[]);
    expect(&a, 3, 3, 8, &[("all_pungs", 1), ("one_suit", 1)]);
}

#[test]
fn oracle_sichuan_dragon_seven_pairs_is_three() {
    // 龙七对: 七对 2 + 根 1.
    let a = oracle("sichuan", "11225555m334466p", "6p", How::Discard, &[]);
    expect(&a, 3, 3, 8, &[("root", 1), ("seven_pairs", 1)]);
}

#[test]
fn oracle_sichuan_pure_dragon_seven_pairs_caps_at_four() {
    // 清龙七对: 七对 2 + 清一色 2 + 根 1 = 5, capped at 4.
    let a = oracle("sichuan", "11223355557799m", "9m", How::Discard, &[]);
    expect(
        &a,
        5,
        4,
        16,
        &[("one_suit", 1), ("root", 1), ("seven_pairs", 1)],
    );
}

#[test]
fn oracle_sichuan_258_pungs_is_three() {
    // 将对: 对对胡 1 + 将对 2.
    let a = oracle("sichuan", "222555888m22255p", "2p", How::Discard, &[]);
    expect(&a, 3, 3, 8, &[("all_258_pungs", 1), ("all_pungs", 1)]);
}

#[test]
fn oracle_sichuan_heavenly_takes_the_cap_alone() {
    let a = oracle(
        "sichuan",
        "11144455777999m",
        "5m",
        How::SelfDrawn,
        &["first_turn", "dealer"],
    );
    expect(&a, 4, 4, 16, &[("heavenly", 1)]);
}

#[test]
fn oracle_sichuan_joker_reads_as_the_pair() {
    // The joker is 5p (pair 55p): 对对胡 alone; as 3p or 6p it makes a chow
    // and no fan.
    let a = oracle("sichuan", "111222333m4445p*", "5p", How::Discard, &[]);
    expect(&a, 1, 1, 2, &[("all_pungs", 1)]);
}

#[test]
fn oracle_short_hand_is_not_a_win() {
    let a = oracle("sichuan", "123m11p", "1p", How::Discard, &[]);
    assert_eq!((a.legal, a.reason, a.points), (false, Some("not_a_win"), 0));
    let a = oracle("sichuan", "11144455777998m", "5m", How::Discard, &[]);
    assert_eq!((a.legal, a.reason), (false, Some("not_a_win")));
}

#[test]
fn oracle_kawuxing_kawu() {
    let a = oracle("kawuxing", "123456p789s555s55z", "5p", How::Discard, &[]);
    expect(&a, 1, 1, 2, &[("kawu", 1)]);
    // The same hand won on 4p: no 卡五.
    let a = oracle("kawuxing", "123456p789s555s55z", "4p", How::Discard, &[]);
    expect(&a, 0, 0, 1, &[]);
}

#[test]
fn oracle_kawuxing_dragon_seven_pairs() {
    let a = oracle("kawuxing", "1122p5555s556677z", "1p", How::Discard, &[]);
    expect(&a, 3, 3, 8, &[("dragon", 1), ("seven_pairs", 1)]);
}

#[test]
fn oracle_kawuxing_big_three_dragons() {
    let a = oracle("kawuxing", "123p99s555666777z", "1p", How::Discard, &[]);
    expect(&a, 3, 3, 8, &[("big_three_dragons", 1)]);
}

#[test]
fn oracle_hongzhong_no_jokers_and_a_joker_pair() {
    let a = oracle("hongzhong", "111m222p333s444z55m", "5m", How::Discard, &[]);
    expect(&a, 2, 2, 4, &[("all_pungs", 1), ("no_jokers", 1)]);
    // The 7z stands for the 5m of the pair.
    let a = oracle("hongzhong", "111m222p333s444z5m7z", "5m", How::Discard, &[]);
    expect(&a, 1, 1, 2, &[("all_pungs", 1)]);
}

// ---------------------------------------------------------------------------
// The library against the oracle.
// ---------------------------------------------------------------------------

use common::score_fans_oracle::random_claim;
use common::shard::Shard;
use hupai::score::Score;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Claims drawn per preset, shared among its shards.
const CLAIMS: usize = 100_000;

/// Compares shard `shard` of the preset's seeded claims.
fn compare(preset: &str, seed: u64, shard: Shard) {
    let rules = hupai::Rules::preset(preset).unwrap();
    compare_with(&rules, &preset_table(preset), &[], seed, shard);
}

/// Compares shard `shard` of seeded claims under `rules`, whose table is
/// `table`.
fn compare_with(
    rules: &hupai::Rules,
    table: &Table,
    unreachable: &[&str],
    seed: u64,
    shard: Shard,
) {
    let shape = Shape::of(rules);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut legal, mut complete, mut below, mut jokers) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    for i in 0..CLAIMS {
        let generated = random_claim(&mut rng, rules);
        if !shard.has(i) {
            continue;
        }
        let (hand, claim) = (&generated.hand, generated.claim());
        let got = match rules.score(hand, &claim) {
            Ok(Score::Fans(s)) => s,
            Ok(other) => panic!("{hand} {claim:?}: not a fans score: {other:?}"),
            Err(e) => panic!("{hand} {claim:?}: the library refuses a valid claim: {e}"),
        };
        let want = score(&shape, table, &Hand::of(hand), &Circumstances::of(&claim));
        let mut list: Vec<(String, u32)> =
            got.fans.iter().map(|f| (f.id.clone(), f.count)).collect();
        list.sort();
        let same = got.legal == want.legal
            && got.reason == want.reason
            && got.fan == want.fan
            && got.fan_capped == want.fan_capped
            && got.points.total == want.points
            && want.lists.contains(&list);
        if !same && failures.len() < 20 {
            failures.push(format!(
                "{hand} {claim:?}\n  library: legal {} {:?} fan {} capped {} points {} {list:?}\n  oracle:  {want:?}",
                got.legal, got.reason, got.fan, got.fan_capped, got.points.total
            ));
        }
        for (id, _) in &list {
            *seen.entry(id.clone()).or_default() += 1;
        }
        legal += usize::from(want.legal);
        let held_jokers = hand.jokers() > 0
            || (0..common::score_fans_oracle::KINDS)
                .any(|k| shape.joker_kinds[k] && hand.counts()[k] > 0);
        jokers += usize::from(held_jokers);
        complete += usize::from(want.reason != Some("not_a_win"));
        below += usize::from(want.reason == Some("below_minimum"));
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    let share = shard.share(CLAIMS);
    assert!(
        complete > share / 2,
        "{complete} whole winning hands of {share}"
    );
    assert!(legal > share / 4, "{legal} legal claims of {share}");
    assert!(
        table.minimum == 0 || below > share / 50,
        "{below} claims below the minimum of {share}"
    );
    assert!(jokers > share / 4, "{jokers} claims with jokers of {share}");
    // The generator reaches every fan of the table.
    let missing: Vec<&str> = table
        .fans
        .iter()
        .map(|f| f.id.as_str())
        .filter(|id| !unreachable.contains(id) && seen.get(*id).copied().unwrap_or(0) < 3)
        .collect();
    assert!(
        missing.is_empty(),
        "rarely seen: {missing:?} (seen {seen:?})"
    );
}

#[test]
fn random_sichuan_claims_match_the_oracle_shard_0() {
    compare("sichuan", 46, Shard::of(0, 2));
}

#[test]
fn random_sichuan_claims_match_the_oracle_shard_1() {
    compare("sichuan", 46, Shard::of(1, 2));
}

#[test]
fn random_kawuxing_claims_match_the_oracle_shard_0() {
    compare("kawuxing", 4646, Shard::of(0, 2));
}

#[test]
fn random_kawuxing_claims_match_the_oracle_shard_1() {
    compare("kawuxing", 4646, Shard::of(1, 2));
}

#[test]
fn random_hongzhong_claims_match_the_oracle_shard_0() {
    compare("hongzhong", 464646, Shard::of(0, 2));
}

#[test]
fn random_hongzhong_claims_match_the_oracle_shard_1() {
    compare("hongzhong", 464646, Shard::of(1, 2));
}

/// The fans sichuan's tiles never reach.
const NO_DRAGONS: [&str; 2] = ["w_small_three_dragons", "w_big_three_dragons"];

/// Hongzhong's shapes written out over `basic`, so that a table in the file
/// has no cap unless it sets one (a file over `hongzhong` keeps the
/// preset's cap where it sets none).
const HONGZHONG_SHAPES: &str =
    "base = \"basic\"\ntiles = \"123456789m123456789p123456789s1234567z\"\n\
    jokers = \"7z\"\nforms = [\"standard\", \"seven-pairs\"]\nseven_pairs_quads = true";

/// Rules of `head` (a rule file's shape fields) with `table`.
fn every_word_rules(head: &str, table: &Table) -> hupai::Rules {
    let text = rule_file(head, table);
    hupai::Rules::from_toml_str(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

#[test]
fn every_word_over_hongzhong_matches_the_oracle_shard_0() {
    let table = every_word_table(Combine::Add, None, 5);
    compare_with(
        &every_word_rules(HONGZHONG_SHAPES, &table),
        &table,
        &[],
        4601,
        Shard::of(0, 2),
    );
}

#[test]
fn every_word_over_hongzhong_matches_the_oracle_shard_1() {
    let table = every_word_table(Combine::Add, None, 5);
    compare_with(
        &every_word_rules(HONGZHONG_SHAPES, &table),
        &table,
        &[],
        4601,
        Shard::of(1, 2),
    );
}

#[test]
fn every_word_over_sichuan_matches_the_oracle_shard_0() {
    let table = every_word_table(Combine::Double, Some(5), 4);
    compare_with(
        &every_word_rules("base = \"sichuan\"", &table),
        &table,
        &NO_DRAGONS,
        4602,
        Shard::of(0, 2),
    );
}

#[test]
fn every_word_over_sichuan_matches_the_oracle_shard_1() {
    let table = every_word_table(Combine::Double, Some(5), 4);
    compare_with(
        &every_word_rules("base = \"sichuan\"", &table),
        &table,
        &NO_DRAGONS,
        4602,
        Shard::of(1, 2),
    );
}

#[test]
fn every_word_over_kawuxing_matches_the_oracle_shard_0() {
    let table = every_word_table(Combine::Add, Some(6), 4);
    compare_with(
        &every_word_rules("base = \"kawuxing\"", &table),
        &table,
        &[],
        4603,
        Shard::of(0, 2),
    );
}

#[test]
fn every_word_over_kawuxing_matches_the_oracle_shard_1() {
    let table = every_word_table(Combine::Add, Some(6), 4);
    compare_with(
        &every_word_rules("base = \"kawuxing\"", &table),
        &table,
        &[],
        4603,
        Shard::of(1, 2),
    );
}

/// The oracle agrees with every hand-worked row of `tests/score_fans.rs`
/// (the rows were worked from the tables, the oracle from its
/// vocabulary).
#[test]
fn the_hand_worked_rows_match_the_oracle() {
    use crate::score_fans::{HONGZHONG, KAWUXING, SICHUAN};
    for (preset, rows) in [
        ("sichuan", SICHUAN),
        ("kawuxing", KAWUXING),
        ("hongzhong", HONGZHONG),
    ] {
        let rules = hupai::Rules::preset(preset).unwrap();
        let (shape, table) = (Shape::of(&rules), preset_table(preset));
        for &(line, fans, fan, points) in rows {
            let (hand, claim) = hupai::score::ClaimSpec::from_text(line)
                .and_then(|spec| spec.resolve())
                .unwrap();
            let want = score(&shape, &table, &Hand::of(&hand), &Circumstances::of(&claim));
            let mut list: Vec<(String, u32)> =
                fans.iter().map(|&(i, n)| (i.to_string(), n)).collect();
            list.sort();
            assert_eq!(
                (want.legal, want.fan, want.points, want.lists),
                (true, fan, points, [list].into_iter().collect()),
                "{preset}: {line}"
            );
        }
    }
}

/// Strict jokers: no joker stands for a fifth copy.
#[test]
fn every_word_with_strict_jokers_matches_the_oracle() {
    let table = every_word_table(Combine::Add, Some(9), 4);
    let head = format!("{HONGZHONG_SHAPES}\njoker_fifth_copy = false");
    compare_with(
        &every_word_rules(&head, &table),
        &table,
        &[],
        4604,
        Shard::of(0, 2),
    );
}

/// A 2-5-8 pair (changsha's `pair_ranks`): no honour, and no pair of a
/// terminal.
#[test]
fn every_word_over_changsha_matches_the_oracle() {
    let table = every_word_table(Combine::Double, Some(8), 4);
    compare_with(
        &every_word_rules("base = \"changsha\"", &table),
        &table,
        &[
            "w_small_three_dragons",
            "w_big_three_dragons",
            "w_terminal_in_each",
        ],
        4605,
        Shard::of(0, 2),
    );
}
