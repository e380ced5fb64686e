//! The library's integration tests, one test binary (Cargo.toml sets
//! `autotests = false`): the harness shares both cores among all the
//! tests, and the oracles in `common/` are compiled once. A file here is a
//! module of this suite; `suite_lists_every_file` fails when one is left out.
//! `table_cache.rs` alone is a binary of its own: it tests the process's
//! table cache, which the other tests fill at the same time.
//! Run one file's tests with a filter: `cargo test --release --test suite shanten::`.

mod common;

mod batch;
mod check;
mod exhaustive;
mod hostile_inputs;
mod knitted;
mod layers;
mod literal_melds;
mod live;
mod meld_oracle;
mod melds;
mod notation;
mod one_judgement;
mod outside_checks;
mod properties;
mod random_hands;
mod reveal;
mod rule_files;
mod score_fans;
mod score_fans_oracle;
mod score_gb;
mod score_gb_oracle;
mod score_oracle;
mod score_riichi;
mod seeds;
mod serde;
mod shanten;
mod shanten_oracle;
mod split;
mod split_rules;
mod strict_jokers;
mod table_files;
mod variant_tables;
mod variants;
mod vocabulary;
mod waits;

/// Every `.rs` file of `tests/` and `cli/tests/` is a module of its suite
/// or a test target of its own in the package's `Cargo.toml`: with
/// `autotests = false` a file that is neither would never run.
#[test]
fn suite_lists_every_file() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    for dir in ["tests", "cli/tests"] {
        let suite = std::fs::read_to_string(root.join(dir).join("suite.rs")).unwrap();
        let manifest = root.join(dir).with_file_name("Cargo.toml");
        let targets = std::fs::read_to_string(manifest).unwrap();
        for entry in std::fs::read_dir(root.join(dir)).unwrap() {
            let path = entry.unwrap().path();
            let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let Some(module) = name.strip_suffix(".rs") else {
                continue;
            };
            let own_target = targets.contains(&format!("path = \"tests/{name}\"\n"));
            assert!(
                own_target || suite.contains(&format!("\nmod {module};\n")),
                "{dir}/{name} is neither a module of {dir}/suite.rs nor a test target"
            );
        }
    }
}
