//! Table files: round trips, and every kind of damage refused with the
//! right typed error.

use crate::common;

use std::sync::Arc;

use hupai::tables::file::{self, TableFileError, HEADER_LEN};
use hupai::tables::{TableParams, Tables};
use hupai::{Hand, Rules, RulesError};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn bytes_for(params: &TableParams) -> Vec<u8> {
    file::to_bytes(&rules_for(params))
}

/// Rules whose tables have `params` (pair ranks on every suit, or none on
/// the honours).
fn rules_for(params: &TableParams) -> Rules {
    let mut text = format!(
        "base = \"basic\"\nmax_tiles = {}\njoker_fifth_copy = {}\nhonor_sequences = {}\n",
        params.max_tiles, params.joker_fifth_copy, params.honor_sequences
    );
    if !params.honor_pair {
        let ranks: Vec<String> = (0..9)
            .filter(|r| params.suit_pair_ranks >> r & 1 == 1)
            .map(|r| (r + 1).to_string())
            .collect();
        text += &format!("pair_ranks = [{}]\n", ranks.join(", "));
    }
    let rules = Rules::from_toml_str(&text).unwrap();
    assert_eq!(rules.table_params(), *params);
    rules
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
        file::write(&path, &rules).unwrap();
        let (tables, info) = file::read(&path).unwrap();
        // The file alone makes the same rules.
        let recorded = Rules::from_table_file(&path).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(info.rules, "custom");
        assert_eq!(recorded.to_spec(), rules.to_spec(), "{name}");
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
            // Versions 1 and 2 are read too: this payload is not theirs.
            8..=11 => matches!(
                err,
                TableFileError::UnsupportedVersion { .. }
                    | TableFileError::Corrupt { .. }
                    | TableFileError::BadTable { .. }
            ),
            12..=19 => matches!(err, TableFileError::FingerprintMismatch { .. }),
            20..=27 => matches!(
                err,
                TableFileError::Truncated { .. }
                    | TableFileError::TrailingBytes { .. }
                    | TableFileError::TooLarge { .. }
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
    // "none"; the suit column follows its name (a length byte and `suit`)
    // and its length prefix of 3 bytes.
    let name = bytes.windows(5).position(|w| w == b"\x04suit").unwrap();
    let last_suit_slot = name + 5 + 3 + 1_953_125 - 1;
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
    let suit_column = bytes
        .windows(5)
        .position(|w| w == b"\x04suit")
        .expect("the suit column's name")
        + 5
        + 3;
    // 13m as a complete pair (melds need 1, pair need 0) would make
    // `13m` win: no pattern 1-3 can have that value.
    let mut bad = bytes.clone();
    bad[suit_column + 1 + 25] = 0x01;
    reseal(&mut bad);
    assert!(matches!(
        file::from_bytes(&bad),
        Err(TableFileError::BadTable { table: "suit", .. })
    ));
    // Every need 0.
    let mut bad = bytes.clone();
    for b in &mut bad[suit_column..suit_column + 1_953_125] {
        if *b != 0xff {
            *b = 0;
        }
    }
    reseal(&mut bad);
    assert!(file::from_bytes(&bad).is_err());
    // Any one value changed is refused on loading, or else found by
    // verification against the generator.
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut refused = 0;
    for _ in 0..200 {
        let slot = suit_column + rng.gen_range(0..400_000);
        let mut bad = bytes.clone();
        bad[slot] = bad[slot].wrapping_add(rng.gen_range(1..=255));
        reseal(&mut bad);
        match file::from_bytes(&bad) {
            Err(TableFileError::BadTable { .. }) => refused += 1,
            Err(e) => panic!("slot {slot}: {e:?}"),
            Ok((tables, _)) => assert!(matches!(
                file::verify(&tables),
                Err(TableFileError::Differs { table: "suit", .. })
            )),
        }
    }
    assert!(refused > 150, "{refused} of 200 refused on loading");
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

/// LEB128, as postcard writes lengths.
fn varint(mut n: usize, out: &mut Vec<u8>) {
    while n >= 0x80 {
        out.push(n as u8 | 0x80);
        n >>= 7;
    }
    out.push(n as u8);
}

#[test]
fn version_1_files_load_their_tables_and_say_how_to_rebuild() {
    // A version-1 file, written out byte by byte: parameters, rules' name,
    // the two tables; no rule file.
    let rules = Rules::preset("taiwan").unwrap();
    let params = rules.table_params();
    let (suit, honor) = rules.tables().raw();
    let mut body = vec![params.max_tiles, 1];
    varint(params.suit_pair_ranks as usize, &mut body);
    body.extend_from_slice(&[1, 0]);
    varint(6, &mut body);
    body.extend_from_slice(b"taiwan");
    for table in [suit, honor] {
        varint(table.len(), &mut body);
        body.extend_from_slice(table);
    }
    let mut bytes = b"HUPAITBL".to_vec();
    bytes.extend_from_slice(&1u16.to_le_bytes());
    bytes.extend_from_slice(&(HEADER_LEN as u16).to_le_bytes());
    bytes.extend_from_slice(&params.fingerprint().to_le_bytes());
    bytes.extend_from_slice(&(body.len() as u64).to_le_bytes());
    bytes.extend_from_slice(&crc32(&body).to_le_bytes());
    bytes.extend_from_slice(&body);
    let (tables, info) = file::from_bytes(&bytes).unwrap();
    assert_eq!((info.version, info.spec.is_none()), (1, true));
    assert_eq!(tables.raw(), rules.tables().raw());
    let e = Rules::from_table_bytes(&bytes).unwrap_err();
    assert!(matches!(e, TableFileError::NoRules { ref name } if name == "taiwan"));
    assert!(e.to_string().contains("hupai tables build"), "{e}");
    // With its rules given, a version-1 file serves as before.
    let loaded = rules.with_tables(Arc::new(tables)).unwrap();
    assert!(loaded
        .is_win(&"123m456m789m123p456p11z".parse().unwrap())
        .unwrap());
}

#[test]
fn every_generated_table_passes_the_loading_checks() {
    for text in [
        "base = \"chinese\"\nhonor_sequences = true\njoker_fifth_copy = false\nmax_tiles = 17",
        "base = \"chinese\"\nhonor_sequences = true\nmax_tiles = 17",
        "base = \"basic\"\npair_ranks = [1, 9]\njoker_fifth_copy = false",
        "base = \"basic\"\nmax_tiles = 5",
        "base = \"basic\"\nmax_tiles = 2",
    ] {
        let rules = Rules::from_toml_str(text).unwrap();
        let loaded = Rules::from_table_bytes(&file::to_bytes(&rules))
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(loaded.tables().raw(), rules.tables().raw());
    }
}

#[test]
fn a_file_records_rules_that_need_its_tables() {
    for name in ["changsha", "taiwan", "chinese"] {
        let rules = Rules::preset(name).unwrap();
        let loaded = Rules::from_table_bytes(&file::to_bytes(&rules)).unwrap();
        assert_eq!(loaded.name(), name);
        assert_eq!(loaded.to_spec(), rules.to_spec());
        assert_eq!(loaded.tables().raw(), rules.tables().raw());
    }
}

#[test]
fn version_3_files_load_with_their_distances_made_again() {
    // Version 3 listed a numbered suit's patterns in another order, so a
    // version-3 file's distance columns are not read. Zeroing one shows
    // it: the same bytes under version 4 answer wrongly.
    let rules = Rules::riichi();
    let mut bytes = file::to_bytes(&rules);
    let name = b"suit-distance";
    let at = bytes
        .windows(name.len() + 1)
        .position(|w| &w[..name.len()] == name && w[name.len()] != b'-')
        .expect("the column's name")
        + name.len();
    let len = 4 * 405_350;
    let mut start = at;
    while bytes[start] & 0x80 != 0 {
        start += 1;
    }
    start += 1; // past the length's varint
    bytes[start..start + len].fill(0);
    reseal(&mut bytes);
    let hands: Vec<Hand> = [
        "1112345678999m1z",
        "123m456p789s1122z",
        "19m19p19s1234567z5m",
    ]
    .iter()
    .map(|h| h.parse().unwrap())
    .collect();
    let answers =
        |rules: &Rules| -> Vec<i8> { hands.iter().map(|h| rules.shanten(h).unwrap()).collect() };
    let misread = Rules::from_table_bytes(&bytes).unwrap();
    assert_ne!(answers(&misread), answers(&rules));
    bytes[8..10].copy_from_slice(&3u16.to_le_bytes());
    let loaded = Rules::from_table_bytes(&bytes).unwrap();
    let (_, info) = file::from_bytes(&bytes).unwrap();
    assert_eq!(info.version, 3);
    assert_eq!(answers(&loaded), answers(&rules));
}
