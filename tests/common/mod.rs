//! Shared by the integration tests and the benches.
pub mod gen;
pub mod meld_oracle;
pub mod oracle;
pub mod shanten_oracle;

/// The natural tiles (counts per kind) and jokers a split uses, to compare
/// with the hand it splits.
#[allow(dead_code)]
pub fn split_tiles(split: &hupai::Split) -> ([u8; 34], u8) {
    let mut counts = [0u8; 34];
    let mut jokers = 0u8;
    for g in &split.groups {
        for t in g.naturals() {
            counts[t.index()] += 1;
        }
        jokers += g.joker_count() as u8;
    }
    (counts, jokers)
}

/// The splits of `hand` as text, `FORM G1 G2 ...` with the groups sorted as
/// strings (the oracle's form), and whether each split is listed once.
#[allow(dead_code)]
pub fn split_text(
    rules: &hupai::Rules,
    hand: &hupai::Hand,
) -> (std::collections::BTreeSet<String>, bool) {
    let splits = rules.splits(hand).unwrap();
    let text: std::collections::BTreeSet<String> = splits
        .iter()
        .map(|s| {
            let mut g: Vec<String> = s.groups.iter().map(|g| g.to_string()).collect();
            g.sort();
            format!("{} {}", s.form.name(), g.join(" "))
        })
        .collect();
    let once = text.len() == splits.len();
    (text, once)
}
