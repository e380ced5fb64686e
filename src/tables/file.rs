//! Table files: tables for a rule set, written once and loaded instead of
//! regenerated.
//!
//! # Format (version 4)
//!
//! A 32-byte header, all integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 0–7 | magic `HUPAITBL` |
//! | 8–9 | format version (4) |
//! | 10–11 | header length (32) |
//! | 12–19 | fingerprint of the table parameters ([`TableParams::fingerprint`]) |
//! | 20–27 | payload length in bytes (at most [`MAX_PAYLOAD`]) |
//! | 28–31 | CRC-32 (IEEE) of the payload |
//!
//! then the payload, in postcard's format: the table parameters, the name
//! of the rules that made the file, those rules written out as a rule file
//! (every field, TOML), and the tables as named columns: the need tables
//! `suit` (1,953,125 bytes) and `honor` (78,125 bytes), and the distance
//! columns `suit-distance`, `suit-distance-fifth` (4 bytes a pattern:
//! 1,621,400 bytes each for 14-tile rules) and `honor-distance`,
//! `honor-distance-fifth` (172,520 bytes each). A file carries everything needed to
//! rebuild its rules, so [`Rules::from_table_bytes`](crate::Rules::from_table_bytes)
//! (and `Rules::from_table_file`) need nothing else.
//!
//! The distance columns list the patterns in the order of
//! [`key::Ranking`](super::key::Ranking), a numbered suit's key cut after
//! its fourth rank. Version 3 cut it after the fifth: its distance
//! columns are left unread and made again from its need tables as it
//! loads (about a tenth of a second), the way version 2, which has none,
//! gets them. Version 1 (no rule file, the two tables as fixed fields) is
//! read too: its tables load, but its rules must be given
//! ([`TableFileError::NoRules`] says how to rebuild the file).
//!
//! Serialisers do not notice overwritten bytes, so the checksum does: every
//! single-bit flip and every truncation is refused. Loading also checks the
//! magic, the version, that the fingerprint matches the parameters inside,
//! and that every value is one some pattern can have (see
//! [`Tables::from_raw`](super::Tables)).
//!
//! # Trust
//!
//! A table file is a cache you made (`hupai tables build`): the checks
//! refuse damaged files and values no pattern can have, but a file crafted
//! with a valid checksum and plausible wrong values would load. For a file
//! you did not make, [`verify`] (`hupai tables verify`) regenerates the
//! tables and compares every slot.
//!
//! ```
//! use hupai::tables::{file, Tables, TableParams};
//! let taiwan = hupai::Rules::preset("taiwan")?;
//! let bytes = file::to_bytes(&taiwan);
//! let (loaded, info) = file::from_bytes(&bytes)?;
//! assert_eq!(info.rules, "taiwan");
//! assert_eq!(loaded.raw(), taiwan.tables().raw());
//! let rules = hupai::Rules::from_table_bytes(&bytes)?;   // the rules come along
//! assert_eq!(rules.max_tiles(), 17);
//! let mut bad = bytes.clone();
//! bad[1000] ^= 1;
//! assert!(file::from_bytes(&bad).is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::borrow::Cow;
#[cfg(feature = "fs")]
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::{TableParams, Tables, DIST_COLUMNS};
use crate::error::{cut, IoError};
// The one import from above `tables/`: a table file records the rules that
// made it (`to_bytes` takes them, `TableFileInfo::spec` gives them back,
// `Rules::from_table_bytes` rebuilds them).
use crate::rules::{RuleSpec, Rules, RulesError};

/// The magic number that opens a table file.
pub const MAGIC: [u8; 8] = *b"HUPAITBL";
/// The format version this library writes (it also reads versions 1 to 3).
pub const VERSION: u16 = 4;
/// The largest payload read: the default tables take about 5.6 MB,
/// tables for 17-tile hands about 9.6 MB.
pub const MAX_PAYLOAD: u64 = 16 << 20;
/// Length of the header.
pub const HEADER_LEN: usize = 32;

/// A table file that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableFileError {
    /// The file could not be read or written.
    #[error("table file {path}: {source}")]
    Io {
        /// The path.
        path: String,
        /// What went wrong.
        #[source]
        source: IoError,
    },
    /// Shorter than its header says.
    #[error("table file is truncated: {len} bytes, expected {expected}")]
    Truncated {
        /// Bytes present.
        len: usize,
        /// Bytes the header promises.
        expected: usize,
    },
    /// Longer than its header says.
    #[error("table file has {extra} bytes after its payload")]
    TrailingBytes {
        /// Bytes beyond the payload.
        extra: usize,
    },
    /// Not a hupai table file.
    #[error("not a hupai table file (magic {found:02x?})")]
    NotATableFile {
        /// The first bytes found.
        found: Vec<u8>,
    },
    /// A format version this library does not read.
    #[error(
        "table file format version {found} is not supported (this library reads 1 to {VERSION})"
    )]
    UnsupportedVersion {
        /// The version found.
        found: u16,
    },
    /// The payload does not match its checksum.
    #[error("table file is corrupted: checksum {computed:08x}, header says {stored:08x}")]
    ChecksumMismatch {
        /// The checksum in the header.
        stored: u32,
        /// The checksum of the payload.
        computed: u32,
    },
    /// The payload does not decode.
    #[error("table file payload does not decode: {message}")]
    Corrupt {
        /// The decoder's message.
        message: String,
    },
    /// The header's fingerprint is not that of the parameters inside.
    #[error("table file fingerprint {header:016x} does not match its parameters ({params:016x})")]
    FingerprintMismatch {
        /// The header's fingerprint.
        header: u64,
        /// The fingerprint of the parameters in the payload.
        params: u64,
    },
    /// A table of the wrong size or with impossible values.
    #[error("table file holds a bad {table} table: {reason}")]
    BadTable {
        /// `suit` or `honor`.
        table: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// A header promising more payload than [`MAX_PAYLOAD`].
    #[error("table file promises a payload of {bytes} bytes: at most {MAX_PAYLOAD}")]
    TooLarge {
        /// The payload length in the header.
        bytes: u64,
    },
    /// A version-1 file, which does not record its rules.
    #[error("table file of format version 1 does not record its rules (made for {name:?}): give them with the tables, or rebuild the file with `hupai tables build --rules RULES -o FILE`")]
    NoRules {
        /// The rules' name the file records.
        name: String,
    },
    /// The rules the file records do not make a rule set.
    #[error("table file records rules that cannot be used: {0}")]
    Rules(#[source] Box<RulesError>),
    /// The rules the file records need other tables than it holds.
    #[error("table file holds tables for other rules than it records (fingerprint {tables:016x}, its rules need {rules:016x})")]
    Inconsistent {
        /// The tables' fingerprint.
        tables: u64,
        /// The recorded rules' fingerprint.
        rules: u64,
    },
    /// The tables differ from what the generator makes for their parameters.
    #[error("the {table} table differs from the generator's at slot {slot}")]
    Differs {
        /// `suit` or `honor`.
        table: &'static str,
        /// The first slot that differs.
        slot: usize,
    },
}

/// What a table file says about itself.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableFileInfo {
    /// The format version.
    pub version: u16,
    /// The fingerprint of the table parameters.
    pub fingerprint: u64,
    /// The name of the rules that made the file.
    pub rules: String,
    /// Those rules, written out as a rule file (`None` in version 1).
    pub spec: Option<RuleSpec>,
    /// The table parameters.
    pub params: TableParams,
    /// The file's size in bytes.
    pub bytes: usize,
}

#[derive(Serialize, Deserialize)]
struct Params {
    max_tiles: u8,
    joker_fifth_copy: bool,
    suit_pair_ranks: u16,
    honor_pair: bool,
    honor_sequences: bool,
}

/// The payload of version 1.
#[derive(Deserialize)]
struct PayloadV1 {
    params: Params,
    rules: String,
    suit: Vec<u8>,
    honor: Vec<u8>,
}

/// The payload of versions 2 to 4.
#[derive(Serialize, Deserialize)]
struct Payload {
    params: Params,
    rules: String,
    /// The rules as a rule file.
    spec: String,
    /// The tables by name: `suit`, `honor`, and from version 3 the
    /// distance columns.
    columns: Vec<(String, Vec<u8>)>,
}

/// Rules from a table file: the rules it records, with its tables.
impl Rules {
    /// The rules a table file records, judging with its tables (nothing
    /// is generated).
    ///
    /// # Errors
    /// As [`read`], and [`TableFileError::NoRules`]
    /// for a version-1 file.
    #[cfg(feature = "fs")]
    pub fn from_table_file(path: &Path) -> Result<Rules, TableFileError> {
        let (tables, info) = read(path)?;
        Rules::from_table(tables, info)
    }

    /// The rules a table file's bytes record, judging with its tables
    /// (`Rules::from_table_file` reads them from a path).
    ///
    /// # Errors
    /// As [`from_bytes`], and [`TableFileError::NoRules`]
    /// for a version-1 file.
    pub fn from_table_bytes(bytes: &[u8]) -> Result<Rules, TableFileError> {
        let (tables, info) = from_bytes(bytes)?;
        Rules::from_table(tables, info)
    }

    fn from_table(tables: Tables, info: TableFileInfo) -> Result<Rules, TableFileError> {
        let Some(spec) = info.spec else {
            return Err(TableFileError::NoRules { name: info.rules });
        };
        let want = spec
            .resolve()
            .map_err(|e| TableFileError::Rules(Box::new(e)))?
            .table_params();
        if want != info.params {
            return Err(TableFileError::Inconsistent {
                tables: info.params.fingerprint(),
                rules: want.fingerprint(),
            });
        }
        Rules::from_spec_named(&spec, Cow::Owned(info.rules), Some(Arc::new(tables)))
            .map_err(|e| TableFileError::Rules(Box::new(e)))
    }
}

/// The bytes of a table file holding `rules`' tables and the rules.
pub fn to_bytes(rules: &Rules) -> Vec<u8> {
    let tables = rules.tables();
    let p = tables.params();
    let (suit, honor) = tables.raw();
    let payload = Payload {
        params: Params {
            max_tiles: p.max_tiles,
            joker_fifth_copy: p.joker_fifth_copy,
            suit_pair_ranks: p.suit_pair_ranks,
            honor_pair: p.honor_pair,
            honor_sequences: p.honor_sequences,
        },
        rules: rules.name().to_string(),
        spec: rules.to_spec().to_toml(),
        columns: [("suit", suit.to_vec()), ("honor", honor.to_vec())]
            .into_iter()
            .chain(DIST_COLUMNS.into_iter().zip(tables.raw_distances()))
            .map(|(name, bytes)| (name.to_string(), bytes))
            .collect(),
    };
    let body = postcard::to_allocvec(&payload).expect("serialising to memory cannot fail");
    let mut out = Vec::with_capacity(HEADER_LEN + body.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(HEADER_LEN as u16).to_le_bytes());
    out.extend_from_slice(&p.fingerprint().to_le_bytes());
    out.extend_from_slice(&(body.len() as u64).to_le_bytes());
    out.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// The version and payload length of a header, checked.
fn header(bytes: &[u8]) -> Result<(u16, u64), TableFileError> {
    let magic_len = bytes.len().min(MAGIC.len());
    if bytes[..magic_len] != MAGIC[..magic_len] {
        return Err(TableFileError::NotATableFile {
            found: bytes[..magic_len].to_vec(),
        });
    }
    if bytes.len() < HEADER_LEN {
        return Err(TableFileError::Truncated {
            len: bytes.len(),
            expected: HEADER_LEN,
        });
    }
    let version = u16::from_le_bytes([bytes[8], bytes[9]]);
    if !(1..=VERSION).contains(&version)
        || u16::from_le_bytes([bytes[10], bytes[11]]) as usize != HEADER_LEN
    {
        return Err(TableFileError::UnsupportedVersion { found: version });
    }
    let len = u64::from_le_bytes(bytes[20..28].try_into().expect("8 bytes"));
    Ok((version, len))
}

/// Reads and checks a table file's bytes.
///
/// # Errors
/// Every [`TableFileError`] but `Io` and `Differs`.
pub fn from_bytes(bytes: &[u8]) -> Result<(Tables, TableFileInfo), TableFileError> {
    let (version, len) = header(bytes)?;
    if len > MAX_PAYLOAD {
        return Err(TableFileError::TooLarge { bytes: len });
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    let fingerprint = u64_at(12);
    let body = &bytes[HEADER_LEN..];
    let expected = (HEADER_LEN as u64).saturating_add(len);
    if (bytes.len() as u64) < expected {
        return Err(TableFileError::Truncated {
            len: bytes.len(),
            expected: usize::try_from(expected).unwrap_or(usize::MAX),
        });
    }
    if (bytes.len() as u64) > expected {
        return Err(TableFileError::TrailingBytes {
            extra: (bytes.len() as u64 - expected) as usize,
        });
    }
    let stored = u32_at(28);
    let computed = crc32fast::hash(body);
    if stored != computed {
        return Err(TableFileError::ChecksumMismatch { stored, computed });
    }
    let corrupt = |e: postcard::Error| TableFileError::Corrupt {
        message: e.to_string(),
    };
    let payload: Payload = if version == 1 {
        let v1: PayloadV1 = postcard::from_bytes(body).map_err(corrupt)?;
        Payload {
            params: v1.params,
            rules: v1.rules,
            spec: String::new(),
            columns: vec![("suit".into(), v1.suit), ("honor".into(), v1.honor)],
        }
    } else {
        postcard::from_bytes(body).map_err(corrupt)?
    };
    let params = TableParams {
        max_tiles: payload.params.max_tiles,
        joker_fifth_copy: payload.params.joker_fifth_copy,
        suit_pair_ranks: payload.params.suit_pair_ranks,
        honor_pair: payload.params.honor_pair,
        honor_sequences: payload.params.honor_sequences,
    };
    if params.fingerprint() != fingerprint {
        return Err(TableFileError::FingerprintMismatch {
            header: fingerprint,
            params: params.fingerprint(),
        });
    }
    if params.max_tiles > 17
        || params.max_tiles % 3 != 2
        || params.suit_pair_ranks == 0
        || params.suit_pair_ranks > 0x1ff
    {
        return Err(TableFileError::BadTable {
            table: "suit",
            reason: format!("impossible parameters {params:?}"),
        });
    }
    let spec = match version {
        1 => None,
        _ => Some(
            RuleSpec::from_toml_str(&payload.spec)
                .map_err(|e| TableFileError::Rules(Box::new(e)))?,
        ),
    };
    let mut columns = payload.columns.into_iter();
    let (mut suit, mut honor) = (None, None);
    let mut dist: [Option<Vec<u8>>; 4] = Default::default();
    for (name, bytes) in columns.by_ref() {
        let d = DIST_COLUMNS.iter().position(|&c| c == name);
        match name.as_str() {
            "suit" if suit.is_none() => suit = Some(bytes),
            "honor" if honor.is_none() => honor = Some(bytes),
            _ if version >= 3 && d.is_some_and(|d| dist[d].is_none()) => {
                dist[d.expect("matched")] = Some(bytes)
            }
            _ => {
                return Err(TableFileError::Corrupt {
                    message: format!("unexpected column {:?}", cut(&name)),
                })
            }
        }
    }
    let (Some(suit), Some(honor)) = (suit, honor) else {
        return Err(TableFileError::Corrupt {
            message: "a table column is missing".into(),
        });
    };
    let info = TableFileInfo {
        version,
        fingerprint,
        rules: payload.rules,
        spec,
        params,
        bytes: bytes.len(),
    };
    let dist = match dist {
        // Version 3 listed a numbered suit's patterns in another order.
        [Some(_), Some(_), Some(_), Some(_)] if version == 3 => None,
        [Some(a), Some(b), Some(c), Some(d)] => Some([a, b, c, d]),
        [None, None, None, None] if version < 3 => None,
        _ => {
            return Err(TableFileError::Corrupt {
                message: "a distance column is missing".into(),
            })
        }
    };
    let tables = Tables::from_raw(params, suit, honor, dist)
        .map_err(|(table, reason)| TableFileError::BadTable { table, reason })?;
    Ok((tables, info))
}

/// Writes `rules`' tables and the rules to `path`.
///
/// # Errors
/// [`TableFileError::Io`].
#[cfg(feature = "fs")]
pub fn write(path: &Path, rules: &Rules) -> Result<(), TableFileError> {
    std::fs::write(path, to_bytes(rules)).map_err(|e| TableFileError::Io {
        path: cut(&path.display().to_string()),
        source: e.into(),
    })
}

/// Reads and checks the table file at `path`, reading no more than its
/// header promises (and never more than [`MAX_PAYLOAD`]).
///
/// # Errors
/// [`TableFileError::Io`], [`TableFileError::TooLarge`], or as [`from_bytes`].
#[cfg(feature = "fs")]
pub fn read(path: &Path) -> Result<(Tables, TableFileInfo), TableFileError> {
    use std::io::Read;
    let io = |e: std::io::Error| TableFileError::Io {
        path: cut(&path.display().to_string()),
        source: e.into(),
    };
    let mut file = std::fs::File::open(path).map_err(io)?;
    let mut bytes = Vec::with_capacity(HEADER_LEN);
    (&mut file)
        .take(HEADER_LEN as u64)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    let (_, len) = header(&bytes)?;
    if len > MAX_PAYLOAD {
        return Err(TableFileError::TooLarge { bytes: len });
    }
    // One byte more than promised, to see trailing bytes.
    file.take(len + 1).read_to_end(&mut bytes).map_err(io)?;
    from_bytes(&bytes)
}

/// Compares loaded tables with what the generator makes for their parameters.
///
/// # Errors
/// [`TableFileError::Differs`] naming the first slot that differs.
pub fn verify(tables: &Tables) -> Result<(), TableFileError> {
    let fresh = Tables::generate(tables.params());
    let (suit, honor) = tables.raw();
    let (want_suit, want_honor) = fresh.raw();
    let (got_dist, want_dist) = (tables.raw_distances(), fresh.raw_distances());
    let columns = [("suit", suit, want_suit), ("honor", honor, want_honor)]
        .into_iter()
        .chain(
            DIST_COLUMNS
                .into_iter()
                .zip(&got_dist)
                .zip(&want_dist)
                .map(|((name, got), want)| (name, &got[..], &want[..])),
        );
    for (table, got, want) in columns {
        if let Some(slot) = (0..want.len().max(got.len())).find(|&i| got.get(i) != want.get(i)) {
            return Err(TableFileError::Differs { table, slot });
        }
    }
    Ok(())
}
