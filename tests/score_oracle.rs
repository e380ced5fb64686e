//! `Rules::score` against the independent scorer of
//! `tests/common/score_oracle.rs` (written from issue 30's text) on
//! seeded random claims, under every combination of the `[scoring]`
//! switches. A disagreement is a bug, never a tolerance.

use crate::common;

use common::score_oracle::{paint_red, random_claim, score, Switches};
use hupai::score::Score;
use hupai::Rules;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Claims compared, each under one of the 96 switch combinations in turn:
/// every value of every switch scores at least 10^5 of them.
const CLAIMS: usize = 300_000;

#[test]
fn random_claims_match_the_oracle_under_every_switch() {
    let switches = Switches::all();
    let rules: Vec<Rules> = switches
        .iter()
        .map(|s| Rules::from_toml_str(&s.toml()).unwrap())
        .collect();
    let mut rng = ChaCha8Rng::seed_from_u64(30);
    let (mut legal, mut yakuman, mut failures) = (0, 0, Vec::new());
    let mut seen = std::collections::BTreeMap::<&str, usize>::new();
    for i in 0..CLAIMS {
        let k = i % switches.len();
        let (hand, claim) = random_claim(&mut rng);
        let (hand, red) = paint_red(&mut rng, &hand);
        let got = match rules[k].score(&hand, &claim) {
            Ok(Score::Riichi(s)) => s,
            Ok(_) => unreachable!(),
            Err(e) => panic!("{hand} {claim}: {e}"),
        };
        let want = score(&switches[k], &hand, &claim, red);
        let mut names: Vec<(String, u32)> = got
            .yaku
            .iter()
            .map(|y| (y.yaku.name().to_string(), y.han))
            .collect();
        names.sort();
        let pays = (
            got.points.discard.unwrap_or(0),
            got.points.dealer.unwrap_or(0),
            got.points.others.unwrap_or(0),
        );
        let same = got.legal == want.legal
            && got.reason.map_or("", |r| r.name()) == want.reason
            && got.han == want.han
            && got.fu == want.fu
            && got.yakuman == want.yakuman
            && got.points.total == want.total
            && pays == want.pays
            && (!want.legal || want.yaku.contains(&names));
        if !same && failures.len() < 20 {
            failures.push(format!(
                "{hand} {claim} [{:?}]\n  library: legal {} {:?} han {} fu {} yakuman {} total {} {pays:?} {names:?}\n  oracle:  {want:?}",
                switches[k], got.legal, got.reason, got.han, got.fu, got.yakuman, got.points.total
            ));
        }
        for y in &got.yaku {
            *seen.entry(y.yaku.name()).or_default() += 1;
        }
        legal += usize::from(want.legal);
        yakuman += usize::from(want.yakuman > 0);
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The generator reaches what it should: every yaku but the rarest
    // yakuman, each several times.
    let rare = [
        "suukantsu",
        "chuuren",
        "chuuren_9",
        "kokushi_13",
        "tenhou",
        "chiihou",
    ];
    let missing: Vec<&str> = hupai::score::riichi::Yaku::ALL
        .iter()
        .map(|y| y.name())
        .filter(|n| !rare.contains(n) && seen.get(n).copied().unwrap_or(0) < 5)
        .collect();
    assert!(
        missing.is_empty(),
        "rarely seen: {missing:?} (seen {seen:?})"
    );
    // The generator reaches what it should.
    assert!(legal > CLAIMS / 3, "{legal} legal claims");
    assert!(yakuman > CLAIMS / 200, "{yakuman} yakuman claims");
}
