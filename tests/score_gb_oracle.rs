//! GB `Rules::score` against the independent scorer of
//! `tests/common/score_gb_oracle.rs` (written from the rulebook's
//! principles and `gb-fans.tsv`) on seeded random claims, in two shards so
//! both cores work. A disagreement is a bug in one of the two, never a
//! tolerance: the cases found are in `tests/data/score-gb.tsv`.

use crate::common;

use common::score_gb_oracle::{random_claim, score};
use hupai::score::Score;
use hupai::Rules;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Claims compared in each shard.
const CLAIMS: usize = 60_000;

fn shard(seed: u64) {
    let rules = Rules::preset("gb").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let (mut legal, mut failures) = (0, Vec::new());
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for _ in 0..CLAIMS {
        let (hand, claim) = random_claim(&mut rng);
        let got = match rules.score(&hand, &claim) {
            Ok(Score::Gb(s)) => s,
            Ok(_) => unreachable!(),
            Err(e) => panic!("{hand} {claim}: {e}"),
        };
        let want = score(&hand, &claim);
        let mut names: Vec<(String, u8)> = got
            .fans
            .iter()
            .map(|f| (f.fan.name_zh().to_string(), f.count))
            .collect();
        names.sort();
        let same = got.legal == want.legal
            && got.split.is_some() == want.complete
            && (!want.complete
                || (got.points == want.total
                    && got.fan_points == want.fan_points
                    && want.fans.contains(&names)));
        if !same && failures.len() < 20 {
            failures.push(format!(
                "{hand} {claim}\n  library: legal {} total {} fans {} {names:?}\n  oracle:  {want:?}",
                got.legal, got.points, got.fan_points
            ));
        }
        for f in &got.fans {
            *seen.entry(f.fan.name_zh()).or_default() += 1;
        }
        legal += usize::from(want.legal);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(legal > CLAIMS / 4, "{legal} legal claims");
    // The generator reaches what it should: every fan but the rarest.
    let rare = [
        "绿一色",
        "四杠",
        "连七对",
        "一色双龙会",
        "一色四节高",
        "一色四同顺",
        "三杠",
    ];
    let missing: Vec<&str> = hupai::score::gb::ALL_FANS
        .iter()
        .map(|f| f.name_zh())
        .filter(|n| !rare.contains(n) && seen.get(n).copied().unwrap_or(0) < 3)
        .collect();
    assert!(
        missing.is_empty(),
        "rarely seen: {missing:?} (seen {seen:?})"
    );
}

#[test]
fn random_claims_match_the_gb_oracle_shard_0() {
    shard(31);
}

#[test]
fn random_claims_match_the_gb_oracle_shard_1() {
    shard(3100);
}
