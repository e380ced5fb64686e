//! Table files: tables for a rule set, written once and loaded instead of
//! regenerated.
//!
//! # Format (version 1)
//!
//! A 32-byte header, all integers little-endian:
//!
//! | bytes | field |
//! |---|---|
//! | 0–7 | magic `HUPAITBL` |
//! | 8–9 | format version (1) |
//! | 10–11 | header length (32) |
//! | 12–19 | fingerprint of the table parameters ([`TableParams::fingerprint`]) |
//! | 20–27 | payload length in bytes |
//! | 28–31 | CRC-32 (IEEE) of the payload |
//!
//! then the payload, in postcard's format: the table parameters, the name
//! of the rules that made the file, the numbered-suit table (1,953,125
//! bytes) and the honour table (78,125 bytes).
//!
//! Serialisers do not notice overwritten bytes, so the checksum does: every
//! single-bit flip and every truncation is refused. Loading also checks the
//! magic, the version, that the fingerprint matches the parameters inside,
//! and the tables' structure (every slot of a pattern too large for the
//! parameters holds "none", every other slot holds a need).
//!
//! ```
//! use hupai::tables::{file, Tables, TableParams};
//! let tables = Tables::generate(&TableParams { max_tiles: 17, ..TableParams::DEFAULT });
//! let bytes = file::to_bytes(&tables, "taiwan");
//! let (loaded, info) = file::from_bytes(&bytes)?;
//! assert_eq!(info.rules, "taiwan");
//! assert_eq!(loaded.raw(), tables.raw());
//! let mut bad = bytes.clone();
//! bad[1000] ^= 1;
//! assert!(file::from_bytes(&bad).is_err());
//! # Ok::<(), hupai::tables::file::TableFileError>(())
//! ```

#[cfg(feature = "fs")]
use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{TableParams, Tables};

/// The magic number that opens a table file.
pub const MAGIC: [u8; 8] = *b"HUPAITBL";
/// The format version this library writes and reads.
pub const VERSION: u16 = 1;
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
        source: crate::error::IoError,
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
    #[error("table file format version {found} is not supported (this library reads {VERSION})")]
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

#[derive(Serialize, Deserialize)]
struct Payload {
    params: Params,
    rules: String,
    suit: Vec<u8>,
    honor: Vec<u8>,
}

/// The bytes of a table file holding `tables`, made for the rules `rules_name`.
pub fn to_bytes(tables: &Tables, rules_name: &str) -> Vec<u8> {
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
        rules: rules_name.to_string(),
        suit: suit.to_vec(),
        honor: honor.to_vec(),
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

/// Reads and checks a table file's bytes.
///
/// # Errors
/// Every [`TableFileError`] but `Io` and `Differs`.
pub fn from_bytes(bytes: &[u8]) -> Result<(Tables, TableFileInfo), TableFileError> {
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
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    let version = u16_at(8);
    if version != VERSION || u16_at(10) as usize != HEADER_LEN {
        return Err(TableFileError::UnsupportedVersion { found: version });
    }
    let fingerprint = u64_at(12);
    let len = u64_at(20);
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
    let payload: Payload = postcard::from_bytes(body).map_err(|e| TableFileError::Corrupt {
        message: e.to_string(),
    })?;
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
    let info = TableFileInfo {
        version,
        fingerprint,
        rules: payload.rules,
        params,
        bytes: bytes.len(),
    };
    let tables = Tables::from_raw(params, payload.suit, payload.honor)
        .map_err(|(table, reason)| TableFileError::BadTable { table, reason })?;
    Ok((tables, info))
}

#[cfg(feature = "fs")]
/// Writes `tables` (made for the rules `rules_name`) to `path`.
///
/// # Errors
/// [`TableFileError::Io`].
pub fn write(path: &Path, tables: &Tables, rules_name: &str) -> Result<(), TableFileError> {
    std::fs::write(path, to_bytes(tables, rules_name)).map_err(|e| TableFileError::Io {
        path: path.display().to_string(),
        source: e.into(),
    })
}

#[cfg(feature = "fs")]
/// Reads and checks the table file at `path`.
///
/// # Errors
/// [`TableFileError::Io`], or as [`from_bytes`].
pub fn read(path: &Path) -> Result<(Tables, TableFileInfo), TableFileError> {
    let bytes = std::fs::read(path).map_err(|e| TableFileError::Io {
        path: path.display().to_string(),
        source: e.into(),
    })?;
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
    for (table, got, want) in [("suit", suit, want_suit), ("honor", honor, want_honor)] {
        if let Some(slot) = (0..want.len()).find(|&i| got.get(i) != want.get(i)) {
            return Err(TableFileError::Differs { table, slot });
        }
    }
    Ok(())
}
