//! Table files: round trips, and every kind of damage refused with the
//! right typed error.

mod common;

use std::sync::Arc;

use hupai::tables::file::{self, TableFileError, HEADER_LEN};
use hupai::tables::{TableParams, Tables};
use hupai::{Hand, Rules, RulesError};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn bytes_for(params: &TableParams) -> Vec<u8> {
    file::to_bytes(&Tables::generate(params), "test")
}

/// Rewrites the header's length and checksum after a payload edit, so
/// that only the deeper checks can refuse the file.
fn reseal(bytes: &mut [u8]) {
    let body_len = (bytes.len() - HEADER_LEN) as u64;
    bytes[20..28].copy_from_slice(&body_len.to_le_bytes());
    let crc = crc32(&bytes[HEADER_LEN..]);
    bytes[28..32].copy_from_slice(&crc.to_le_bytes());
}

/// CRC-32 (IEEE), written out here so the test does not trust the library's.
fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= b as u32;
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                crc >> 1 ^ 0xedb8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

#[test]
fn round_trip_gives_identical_tables_and_answers() {
    for (toml, name) in [
        ("base = \"changsha\"", "changsha"),
        ("base = \"taiwan\"", "taiwan"),
        ("base = \"hongzhong\"\njoker_fifth_copy = false", "strict"),
        (
            "base = \"chinese\"\nhonor_sequences = true",
            "honour sequences",
        ),
    ] {
        let rules = Rules::from_toml_str(toml).unwrap();
        let path =
            std::env::temp_dir().join(format!("hupai-test-{}-{name}.tbl", std::process::id()));
        file::write(&path, &Tables::generate(&rules.table_params()), name).unwrap();
        let (tables, info) = file::read(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(info.rules, name);
        assert_eq!(info.params, rules.table_params());
        assert_eq!(tables.raw(), rules.tables().raw(), "{name}");
        file::verify(&tables).unwrap();
        let loaded = rules.clone().with_tables(Arc::new(tables)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(77);
        for _ in 0..10_000 {
            let raw = common::gen::mixed(&mut rng);
            let hand = Hand::from_counts(&raw.counts, raw.jokers).unwrap();
            if let Ok(forms) = rules.check(&hand) {
                assert_eq!(
                    loaded.check(&hand).unwrap(),
                    forms,
                    "{name}: {}",
                    raw.notation()
                );
            }
        }
    }
}

#[test]
fn every_header_bit_flip_is_refused() {
    let bytes = bytes_for(&TableParams::DEFAULT);
    assert!(file::from_bytes(&bytes).is_ok());
    for bit in 0..HEADER_LEN * 8 {
        let mut bad = bytes.clone();
        bad[bit / 8] ^= 1 << (bit % 8);
        let err = file::from_bytes(&bad)
            .err()
            .unwrap_or_else(|| panic!("header bit {bit} flipped was accepted"));
        let expected = match bit / 8 {
            0..=7 => matches!(err, TableFileError::NotATableFile { .. }),
            8..=11 => matches!(err, TableFileError::UnsupportedVersion { .. }),
            12..=19 => matches!(err, TableFileError::FingerprintMismatch { .. }),
            20..=27 => matches!(
                err,
                TableFileError::Truncated { .. } | TableFileError::TrailingBytes { .. }
            ),
            _ => matches!(err, TableFileError::ChecksumMismatch { .. }),
        };
        assert!(expected, "header bit {bit}: {err:?}");
    }
}

#[test]
fn payload_bit_flips_are_refused_by_the_checksum() {
    let bytes = bytes_for(&TableParams::DEFAULT);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..2_000 {
        let bit = rng.gen_range(HEADER_LEN * 8..bytes.len() * 8);
        let mut bad = bytes.clone();
        bad[bit / 8] ^= 1 << (bit % 8);
        assert!(
            matches!(
                file::from_bytes(&bad),
                Err(TableFileError::ChecksumMismatch { .. })
            ),
            "payload bit {bit}"
        );
    }
}

#[test]
fn truncations_and_extra_bytes_are_refused() {
    let bytes = bytes_for(&TableParams::DEFAULT);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut lengths: Vec<usize> = (0..=64).collect();
    lengths.extend((0..500).map(|_| rng.gen_range(0..bytes.len())));
    lengths.push(bytes.len() - 1);
    for len in lengths {
        let err = file::from_bytes(&bytes[..len]).unwrap_err();
        assert!(
            matches!(err, TableFileError::Truncated { .. }),
            "length {len}: {err:?}"
        );
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        file::from_bytes(&longer).unwrap_err(),
        TableFileError::TrailingBytes { extra: 1 }
    );
}

#[test]
fn foreign_files_are_refused() {
    for foreign in [
        &b"\x89PNG\r\n\x1a\n0000000000000000000000000000"[..],
        b"hupai",
        b"HUPAITBX",
    ] {
        assert!(matches!(
            file::from_bytes(foreign),
            Err(TableFileError::NotATableFile { .. })
        ));
    }
    let e = file::read(std::path::Path::new("/nonexistent/hupai.tbl")).unwrap_err();
    assert!(matches!(e, TableFileError::Io { .. }));
}

#[test]
fn valid_checksum_with_bad_contents_is_refused() {
    let bytes = bytes_for(&TableParams::DEFAULT);
    // The last slot of the suit table (a pattern of 36 tiles) must hold
    // "none"; the suit table ends 78,125 + 1 bytes before the end (the
    // honour table and its length prefix of 3 bytes).
    let last_suit_slot = bytes.len() - 78_125 - 3 - 1;
    let mut bad = bytes.clone();
    bad[last_suit_slot] = 0;
    reseal(&mut bad);
    assert!(matches!(
        file::from_bytes(&bad),
        Err(TableFileError::BadTable { table: "suit", .. })
    ));
    // A fingerprint that is not the parameters'.
    let mut bad = bytes.clone();
    bad[12] ^= 0xff;
    assert!(matches!(
        file::from_bytes(&bad),
        Err(TableFileError::FingerprintMismatch { .. })
    ));
    // A plausible value changed: only verification against the generator sees it.
    let mut bad = bytes.clone();
    let slot = HEADER_LEN + 20;
    bad[slot] = if bad[slot] == 0x11 { 0x22 } else { 0x11 };
    reseal(&mut bad);
    let (tables, _) = file::from_bytes(&bad).unwrap();
    assert!(matches!(
        file::verify(&tables),
        Err(TableFileError::Differs { table: "suit", .. })
    ));
    // A payload that does not decode.
    let mut bad = bytes[..HEADER_LEN + 10].to_vec();
    reseal(&mut bad);
    assert!(matches!(
        file::from_bytes(&bad),
        Err(TableFileError::Corrupt { .. })
    ));
}

#[test]
fn tables_for_other_rules_are_refused() {
    let changsha = Rules::preset("changsha").unwrap();
    let chinese_tables = Tables::for_params(&Rules::chinese().table_params());
    let e = changsha.with_tables(chinese_tables).unwrap_err();
    assert!(matches!(e, RulesError::TablesMismatch { .. }), "{e:?}");
}

#[test]
fn every_truncation_is_refused() {
    let bytes = bytes_for(&TableParams::DEFAULT);
    for len in 0..bytes.len() {
        match file::from_bytes(&bytes[..len]) {
            Err(TableFileError::Truncated { .. }) => {}
            Err(TableFileError::NotATableFile { .. }) if len < 8 => {
                unreachable!("a prefix of the magic is not foreign")
            }
            other => panic!("length {len}: {:?}", other.map(|(_, info)| info)),
        }
    }
}

/// One bit of CRC-32 (reflected): the register after one more input bit of 0.
fn crc_step(v: u32) -> u32 {
    if v & 1 == 1 {
        v >> 1 ^ 0xedb8_8320
    } else {
        v >> 1
    }
}

#[test]
fn every_payload_bit_flip_changes_the_checksum() {
    // CRC-32 is affine: flipping bit j of payload byte b changes the
    // checksum by L^(8(n-b))(1 << j), where L is one register step. Walking
    // from the last byte to the first keeps those eight deltas for every
    // byte in O(n); none may be zero, so every single-bit flip of the payload
    // is a ChecksumMismatch (the header's own bits are flipped one by one in
    // `every_header_bit_flip_is_refused`).
    let bytes = bytes_for(&TableParams::DEFAULT);
    let payload = &bytes[HEADER_LEN..];
    let n = payload.len();
    let mut deltas: Vec<[u32; 8]> = vec![[0; 8]; n];
    // Byte n-1's deltas are L^8 of the unit vectors; each byte before it
    // needs L^8 once more, so walking backwards applies L^8 per byte.
    let mut v: [u32; 8] = std::array::from_fn(|j| 1u32 << j);
    for b in (0..n).rev() {
        for x in v.iter_mut() {
            for _ in 0..8 {
                *x = crc_step(*x);
            }
        }
        deltas[b] = v;
        assert!(
            v.iter().all(|&d| d != 0),
            "a flip in payload byte {b} would go unnoticed"
        );
    }
    // The deltas are right: check them against real flips through the loader.
    let base = crc32(payload);
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..50 {
        let b = rng.gen_range(0..n);
        let j = rng.gen_range(0..8);
        let mut bad = bytes.clone();
        bad[HEADER_LEN + b] ^= 1 << j;
        assert_eq!(
            crc32(&bad[HEADER_LEN..]) ^ base,
            deltas[b][j],
            "byte {b} bit {j}"
        );
        assert!(matches!(
            file::from_bytes(&bad),
            Err(TableFileError::ChecksumMismatch { .. })
        ));
    }
}
