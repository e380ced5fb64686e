//! Shared by the integration tests and the benches.
pub mod gen;
pub mod oracle;

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
