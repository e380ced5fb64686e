//! The per-suit tables, need tables and distance columns: the one place
//! that knows their key and value layout, and the only code that reads
//! their bytes.
//!
//! ```
//! use hupai::tables::Tables;
//! let tables = Tables::builtin();
//! let need = tables.suit(&[0, 0, 0, 0, 0, 2, 1, 1, 1]); // 66789 of one suit
//! assert_eq!(need.melds(), 1);     // 66 + * (a triplet) and 789
//! assert_eq!(need.with_pair(), 0); // 66 as the pair, 789
//! ```
//!
//! # Layout
//!
//! There are two tables, one for the numbered suits (shared by `m`, `p`,
//! `s`) and one for the honours. Each is one byte per slot:
//!
//! - **Key** ([`key::key_of`], computed word-at-a-time by [`key::suit_key`]
//!   and [`key::honor_key`]): the suit's counts read as a base-5 number,
//!   `count(rank 1) + 5·count(rank 2) + … + 5⁸·count(rank 9)` (honours: 7
//!   ranks). Every count vector with counts 0–4 has its own slot: `5⁹ =
//!   1,953,125` numbered-suit slots and `5⁷ = 78,125` honour slots, 2.03 MB in
//!   all. The key is a perfect hash onto a dense index: no hashing, no
//!   collision, one load. Of the slots, 405,350 (numbered) and 43,130
//!   (honour) hold patterns of at most 14 tiles; the rest hold "none".
//! - **Value** ([`Need`]): bits 0–3 are the fewest jokers that complete the
//!   suit's tiles into melds only; bits 4–7 the fewest that complete them into
//!   melds plus one pair. 15 means "no completion with the jokers any hand can
//!   hold" (for a pattern of `n` tiles, a need of 15 or more can never be met:
//!   the hand would exceed its size limit).
//!
//! Which melds and pairs count (pair ranks, honour sequences, jokers capped
//! at four copies, the hand's size) is fixed by the [`TableParams`] the
//! tables were generated for; the standard form (`src/form/standard/`)
//! combines the four suits' values.
//!
//! # The distance columns (shanten)
//!
//! Beside each need table sit two distance columns, one `u32`
//! (little-endian) per pattern of at most `max_tiles` tiles:
//!
//! - **Key** ([`key::Ranking`]): the compact index of the pattern's dense
//!   key, `base[high] + low[low]` from two small arrays, `low` the key of
//!   the first four ranks and `high` that of the rest (the halves the
//!   key's word-at-a-time computation passes through: no division), so
//!   that the 405,350 numbered-suit patterns (43,130 honour patterns) of a
//!   14-tile table fill 1.6 MB (0.17 MB) with no gap.
//! - **Value** ([`Distance`]): `d(m, p)`, the fewest tiles missing from a
//!   target of `m` melds (0–5), and the pair when `p` is 1, built in this
//!   suit from the pattern's tiles, any of them dropped. Stored as 2-bit
//!   steps: bits `2(m-1)..` hold `d(m, 0) - d(m-1, 0)` for m = 1..=5 (each
//!   0–3: a meld more misses at most three tiles), bits `10 + 2m..` hold
//!   `d(m, 1) - d(m, 0)` for m = 0..=5 (0–3; a suit that may not hold the
//!   pair reads 3 and the rules bar it). Bit 31 of the first column flags a
//!   pattern whose distances would be lower with a joker standing for a
//!   fifth copy.
//! - **Columns**: the first counts targets within four copies of each kind
//!   (from need tables generated with jokers capped), the second allows
//!   fifth copies (from these need tables; the same values when the
//!   parameters cap jokers). A target built from the kept tiles `Q` with
//!   the fewest jokers has `|Q| + need(Q)` tiles, and each meld more adds
//!   three missing tiles, so `d(P, m, p)` is the least `3m + 2p - |Q|` over
//!   the sub-patterns `Q` of `P` whose smallest target fits in `m` melds:
//!   one pass over the keys in increasing order, each pattern taking the
//!   least of its own value and those of the patterns one tile smaller.
//!
//! Values grow by columns, not by bits: a new question per pattern gets a
//! column of its own, keyed the same way and decoded here, and table files
//! list their columns by name.
//!
//! # In memory
//!
//! Table files store the values above. In memory each slot of a distance
//! column holds instead the pattern's *profile*: the number of its
//! distance class (the table's distinct distances, each decoded once), the
//! fifth-copy flag, and the counts seven pairs and thirteen orphans read
//! (`src/tables/layout.rs` has the bits). Writing a file turns each
//! profile back into the stored layout: files keep the stored layout
//! (format version 4).
//!
//! Beside each profile within four copies sits the pattern's *near-win
//! code* (a byte, indexed as the profiles): which parts of a standard
//! target its tiles fill whole, one tile short, one over or one exchanged,
//! so that shanten answers a hand the standard form misses by at most one
//! tile from its four codes and one table, before any merge
//! (`near_win.rs`). The codes are made with the profiles (the compiled-in
//! ones on first use): under a millisecond here, and 1.1 MB; files do not
//! hold them.
//!
//! Efficiency also reads, per pattern within four copies, its *draw row*:
//! for each rank, the lanes of its distances that one tile more of the
//! rank lowers, and whether that tile flags it (nine `u16`s a pattern,
//! indexed as the profiles). The rows are worked out from the profiles
//! and the classes the first time efficiency asks (about 13 ms for the
//! default tables here) and take 8.1 MB (7.3 MB numbered, 0.8 MB honours);
//! files do not hold them, and a process that never asks for efficiency
//! never makes them.
//!
//! # Files
//!
//! - `layout.rs`: the bits of every value, packed by the generator and
//!   unpacked by the readers below, read nowhere else;
//! - [`key`]: the key, and the ranking that indexes the distance columns;
//! - `gen.rs`: the generator (`key.rs`, `layout.rs` and `gen.rs` are
//!   compiled into `build.rs` too);
//! - `need.rs`: [`Need`], a need-table value;
//! - `distance.rs`: [`Distance`], a stored distance, and the stored columns
//!   made from the need tables;
//! - `counted.rs`, `class.rs`, `profile.rs`: the distances in memory: the
//!   counted fields of seven pairs and thirteen orphans, the distance
//!   classes with the standard form's merge, and the profile of each
//!   pattern that names them;
//! - `near_win.rs`: the near-win codes and the table of their hands'
//!   answers, made from the profiles;
//! - `draw_rows.rs`: efficiency's draw rows, made from the profiles;
//! - `builtin.rs`: the compiled-in tables `build.rs` writes;
//! - `store.rs`: [`Tables`], where the tables live, and every read of them;
//! - `validate.rs`: raw tables checked; `cache.rs`: generated tables
//!   shared; [`file`](mod@file): table files.

pub mod file;
pub mod key;

// `gen` and `layout`, with `key`, are compiled into `build.rs` too
// (through `#[path]`): the compiled-in tables and those generated at run
// time come from the same code.
pub(crate) mod gen;
mod layout;

mod builtin;
mod cache;
mod class;
mod counted;
mod distance;
mod draw_rows;
mod near_win;
mod need;
mod profile;
mod store;
mod validate;

pub use distance::Distance;
pub use gen::TableParams;
pub use need::Need;
pub(crate) use store::DrawColumns;
pub use store::Tables;

pub(crate) use class::{DistanceClass, HandMerge, SuitMerge};
pub(crate) use counted::{CountedFields, ORPHANS_INDEXES, PAIRS_INDEXES};
pub(crate) use distance::DIST_COLUMNS;
pub(crate) use draw_rows::{DrawRow, DRAW_FLAGS};
#[cfg(test)]
pub(crate) use key::keys_of;
pub(crate) use key::{HONOR_SEQUENCES, POW5};
pub(crate) use near_win::NearWin;
pub(crate) use profile::SuitProfile;
