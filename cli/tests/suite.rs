//! The command's integration tests, one test binary (cli/Cargo.toml sets
//! `autotests = false`), so the harness shares both cores among them all.
//! A file here is a module of this suite; `suite_lists_every_file` in the
//! library's suite checks that none is left out.

mod common;

mod bounds;
mod check;
mod commands;
mod hostile;
mod isolation;
mod score;
mod score_gb;
mod shanten;
mod split_limit;
mod table_rules;
mod variants;
mod vocabulary;
mod write_errors;
