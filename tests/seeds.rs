//! The hands printed in the public articles the project started from (the
//! README's Sources), and known pitfalls (`tests/data/seed_examples.tsv`,
//! copied from the project's shared test data).

use hupai::{Hand, Rules};

struct Row<'a> {
    op: &'a str,
    rules: &'a str,
    hand: &'a str,
    expected: &'a str,
}

fn rows() -> Vec<Row<'static>> {
    include_str!("data/seed_examples.tsv")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let cols: Vec<&str> = l.split('\t').collect();
            assert_eq!(cols.len(), 4, "malformed row {l:?}");
            Row {
                op: cols[0],
                rules: cols[1],
                hand: cols[2],
                expected: cols[3],
            }
        })
        .collect()
}

#[test]
fn seed_check_rows() {
    let mut n = 0;
    for row in rows().iter().filter(|r| r.op == "check") {
        let rules = Rules::preset(row.rules).unwrap();
        let hand: Hand = row.hand.parse().unwrap();
        let win = rules.is_win(&hand).unwrap();
        let expected = match row.expected {
            "win" => true,
            "no" => false,
            other => panic!("bad expectation {other:?}"),
        };
        assert_eq!(win, expected, "{} under {}", row.hand, row.rules);
        n += 1;
    }
    assert_eq!(n, 65, "every check row ran");
}

#[test]
fn seed_waits_rows() {
    let mut n = 0;
    for row in rows().iter().filter(|r| r.op == "waits") {
        let rules = Rules::preset(row.rules).unwrap();
        let hand: Hand = row.hand.parse().unwrap();
        let waits: Vec<String> = rules
            .waits(&hand)
            .unwrap()
            .iter()
            .map(|t| t.to_string())
            .collect();
        assert_eq!(
            waits.join(" "),
            row.expected,
            "waits of {} under {}",
            row.hand,
            row.rules
        );
        assert_eq!(rules.is_ready(&hand).unwrap(), !row.expected.is_empty());
        n += 1;
    }
    assert_eq!(n, 21, "every waits row ran");
}
