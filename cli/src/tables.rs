//! `hupai tables`: build, verify and describe table files.

use std::path::Path;
use std::time::Instant;

use std::sync::Arc;

use hupai::tables::{file, Tables};
use hupai::Rules;

use crate::output::{push_echo, safe_message, ECHO_CHARS};

/// A rule name from a file, escaped and cut to [`ECHO_CHARS`] characters.
fn name(rules: &str) -> String {
    let mut out = String::new();
    push_echo(&mut out, rules, rules.len(), ECHO_CHARS, true);
    out
}

/// A path as given, escaped and cut like a message.
fn shown(path: &Path) -> String {
    safe_message(&path.display().to_string())
}

/// `hupai tables build`: generates the tables for `rules` and writes them.
pub fn build(rules: &Rules, out: &Path) -> Result<String, String> {
    let started = Instant::now();
    let tables = Tables::generate(&rules.table_params());
    let elapsed = started.elapsed();
    let rules = rules
        .with_tables(Arc::new(tables))
        .map_err(|e| e.to_string())?;
    file::write(out, &rules).map_err(|e| e.to_string())?;
    let bytes = std::fs::metadata(out).map(|m| m.len()).unwrap_or(0);
    Ok(format!(
        "wrote {} ({bytes} bytes) for rules '{}', fingerprint {:016x}, generated in {:.1} ms",
        shown(out),
        name(rules.name()),
        rules.table_params().fingerprint(),
        elapsed.as_secs_f64() * 1e3
    ))
}

/// `hupai tables verify`: loads a file and compares it with the generator.
pub fn verify(path: &Path) -> Result<String, String> {
    let (tables, info) = file::read(path).map_err(|e| e.to_string())?;
    file::verify(&tables).map_err(|e| e.to_string())?;
    Ok(format!(
        "{}: ok (format {}, rules '{}', fingerprint {:016x}; matches the generator)",
        shown(path),
        info.version,
        name(&info.rules),
        info.fingerprint
    ))
}

/// `hupai tables info`: what a table file holds.
pub fn info(path: &Path) -> Result<String, String> {
    let (tables, info) = file::read(path).map_err(|e| e.to_string())?;
    let p = info.params;
    let ranks: Vec<String> = (0..9)
        .filter(|r| p.suit_pair_ranks >> r & 1 == 1)
        .map(|r| (r + 1).to_string())
        .collect();
    let (suit, honor) = tables.raw();
    Ok(format!(
        "file: {}\nformat: {}\nbytes: {}\nrules: {}\nfingerprint: {:016x}\nmax_tiles: {}\njoker_fifth_copy: {}\npair_ranks: {}\nhonor_pair: {}\nhonor_sequences: {}\nsuit table: {} bytes\nhonor table: {} bytes",
        shown(path),
        info.version,
        info.bytes,
        name(&info.rules),
        info.fingerprint,
        p.max_tiles,
        p.joker_fifth_copy,
        ranks.join(","),
        p.honor_pair,
        p.honor_sequences,
        suit.len(),
        honor.len()
    ) + &match &info.spec {
        Some(spec) => format!("\nrule file:\n{}", spec.to_toml().trim_end()),
        None => "\nrule file: not recorded (format 1)".to_string(),
    })
}
