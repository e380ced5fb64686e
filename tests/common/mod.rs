//! Shared by the integration tests and the benches.
pub mod gen;
pub mod meld_oracle;
pub mod oracle;
pub mod score_fans_oracle;
pub mod score_gb_oracle;
pub mod score_oracle;
pub mod shanten_oracle;
pub mod shard;

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

/// The rules of the rule file `toml` (its forms the three of `riichi` and
/// `chinese`) with the standard form alone.
#[allow(dead_code)]
pub fn standard_form_only(toml: &str) -> hupai::Rules {
    let forms = r#"forms = ["standard", "seven-pairs", "thirteen-orphans"]"#;
    assert!(toml.contains(forms));
    hupai::Rules::from_toml_str(&toml.replace(forms, r#"forms = ["standard"]"#))
        .expect("the rules with the standard form alone")
}

/// The rules `spec` describes, as a rule file.
#[allow(dead_code)]
pub fn rules_of(spec: &oracle::Spec) -> hupai::Rules {
    let tile_name = |i: usize| hupai::Tile::from_index(i).unwrap().to_string();
    let tiles: String = (0..oracle::KINDS)
        .filter(|&i| spec.tiles[i])
        .map(tile_name)
        .collect();
    let jokers: String = spec.joker_kinds.iter().map(|&i| tile_name(i)).collect();
    let on = [
        spec.forms[0],
        spec.forms[1],
        spec.forms[2],
        spec.knitted,
        spec.honors_knitted,
        spec.greater_honors_knitted,
    ];
    let forms: Vec<String> = [
        "standard",
        "seven-pairs",
        "thirteen-orphans",
        "knitted-straight",
        "honors-and-knitted",
        "greater-honors-and-knitted",
    ]
    .iter()
    .zip(on)
    .filter(|(_, on)| *on)
    .map(|(f, _)| format!("{f:?}"))
    .collect();
    let mut toml = format!(
        "tiles = {tiles:?}\njokers = {jokers:?}\njoker_fifth_copy = {}\nforms = [{}]\n\
         seven_pairs_quads = {}\nhonor_sequences = {}\nmax_tiles = {}\nfour_held_is_wait = {}\n\
         four_with_melds_is_wait = {}\n",
        spec.cap.is_none(),
        forms.join(", "),
        spec.quads,
        spec.honor_seq,
        spec.max_tiles,
        spec.four_held,
        spec.four_with_melds_is_wait,
    );
    if let Some(ranks) = spec.pair_ranks {
        let list: Vec<String> = (0..9)
            .filter(|r| ranks >> r & 1 == 1)
            .map(|r| (r + 1).to_string())
            .collect();
        toml += &format!("pair_ranks = [{}]\n", list.join(", "));
    }
    if let Some(n) = spec.max_suits {
        toml += &format!("max_suits = {n}\n");
    }
    hupai::Rules::from_toml_str(&toml).unwrap_or_else(|e| panic!("{}: {e}\n{toml}", spec.name))
}

/// Runs `check(i, rng)` for every `i` in `0..n`, spread over the machine's
/// cores, each with a generator of its own seeded from `seed` and `i` (so
/// the hands checked do not depend on the number of cores), and returns
/// the answers in order. A failed assertion in `check` fails the caller.
#[allow(dead_code)]
pub fn par_seeded<T: Send>(
    n: usize,
    seed: u64,
    check: impl Fn(usize, &mut rand_chacha::ChaCha8Rng) -> T + Sync,
) -> Vec<T> {
    use rand::SeedableRng;
    use std::sync::atomic::{AtomicUsize, Ordering};
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = AtomicUsize::new(0);
    let mut answers: Vec<(usize, T)> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= n {
                            return mine;
                        }
                        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(
                            seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                        );
                        mine.push((i, check(i, &mut rng)));
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    });
    answers.sort_by_key(|a| a.0);
    answers.into_iter().map(|a| a.1).collect()
}
