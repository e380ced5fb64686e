//! The compiled-in tables, for [`TableParams::DEFAULT`](super::TableParams::DEFAULT):
//! `DEFAULT_SUIT`, `DEFAULT_HONOR` (need tables), `DEFAULT_PROFILES`
//! (profile columns) and `DEFAULT_CLASSES` (the packed steps of each
//! distance class), written into `OUT_DIR` by `build.rs` with the generator
//! of `gen.rs`.

include!(concat!(env!("OUT_DIR"), "/tables.rs"));
