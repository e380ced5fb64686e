//! The C program `tests/check.c`, compiled with the system `gcc` against
//! `include/hupai.h` and each library (`libhupai_c.so`, `libhupai_c.a`),
//! answers the seed examples and a few thousand seeded hands as the Rust
//! library does, one call at a time and in batches.
//!
//! With `HUPAI_C_VALGRIND=1` the shared-library program runs under
//! `valgrind --leak-check=full --error-exitcode=1` (CI does this once).

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use hupai::batch::Status;
use hupai::{Hand, HandError, Rules, KINDS};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The presets the random hands are judged by.
const PRESETS: [&str; 9] = [
    "basic",
    "chinese",
    "riichi",
    "sichuan",
    "hongzhong",
    "changsha",
    "taiwan",
    "kawuxing",
    "gb",
];

/// Hands per preset: to win, and to wait.
const WIN_HANDS: usize = 500;
const WAIT_HANDS: usize = 200;

/// The C code of an error, as `include/hupai.h` numbers them.
fn code(e: &HandError) -> i32 {
    Status::of_hand(e).into()
}

fn counts_text(counts: &[u8; KINDS]) -> String {
    counts.iter().map(|c| format!(" {c}")).collect()
}

/// A hand of `melds` random melds and a pair over all 34 kinds (possibly
/// out of the rules' play, possibly over four copies), some tiles turned
/// into jokers, sometimes one tile changed.
fn near_win(rng: &mut ChaCha8Rng, melds: usize) -> ([u8; KINDS], u8) {
    let mut counts = [0u8; KINDS];
    for _ in 0..melds {
        if rng.gen_bool(0.5) {
            let suit = rng.gen_range(0..3);
            let start = suit * 9 + rng.gen_range(0..7);
            (start..start + 3).for_each(|i| counts[i] += 1);
        } else {
            counts[rng.gen_range(0..KINDS)] += 3;
        }
    }
    counts[rng.gen_range(0..KINDS)] += 2;
    let mut jokers = 0;
    for _ in 0..rng.gen_range(0..4) {
        let held: Vec<usize> = (0..KINDS).filter(|&i| counts[i] > 0).collect();
        counts[*held.choose(rng).unwrap()] -= 1;
        jokers += 1;
    }
    if rng.gen_bool(0.3) {
        let held: Vec<usize> = (0..KINDS).filter(|&i| counts[i] > 0).collect();
        counts[*held.choose(rng).unwrap()] -= 1;
        counts[rng.gen_range(0..KINDS)] += 1;
    }
    (counts, jokers)
}

/// `tiles` random tiles of a 136-tile wall, then `jokers` jokers.
fn random_hand(rng: &mut ChaCha8Rng, tiles: usize) -> ([u8; KINDS], u8) {
    let jokers = rng.gen_range(0..=3.min(tiles)) as u8;
    let mut wall: Vec<usize> = (0..KINDS).flat_map(|i| [i; 4]).collect();
    wall.shuffle(rng);
    let mut counts = [0u8; KINDS];
    wall[..tiles - jokers as usize]
        .iter()
        .for_each(|&i| counts[i] += 1);
    (counts, jokers)
}

/// A hand in mpsz read naively: digits then their suit letter, `*` a
/// joker, no check (a fifth copy stays a fifth copy).
fn naive_counts(hand: &str) -> ([u8; KINDS], u8) {
    let (mut counts, mut jokers, mut digits) = ([0u8; KINDS], 0, Vec::new());
    for ch in hand.chars() {
        match ch {
            '*' => jokers += 1,
            '0'..='9' => digits.push(ch as usize - '1' as usize),
            suit => {
                let base = 9 * "mpsz".find(suit).expect("a suit letter");
                digits.drain(..).for_each(|r| counts[base + r] += 1);
            }
        }
    }
    (counts, jokers)
}

/// The `rules` and `status` lines of bindings/tests/bad_rows.tsv (see
/// check.c), each row's expectations as the file names them.
fn bad_rows() -> String {
    let mut out = String::new();
    let mut current = "";
    for line in include_str!("../../tests/bad_rows.tsv").lines() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        if f[0] != current {
            writeln!(out, "rules {}", f[0]).unwrap();
            current = f[0];
        }
        let (counts, jokers) = naive_counts(f[1]);
        let (win, waits, shanten) = (f[2], f[3], f[4]);
        writeln!(
            out,
            "status {win} {waits} {shanten} {jokers}{}",
            counts_text(&counts)
        )
        .unwrap();
    }
    out
}

/// The test data: `rules`, `str`, `win`, `waits` and `status` lines (see check.c).
fn data() -> String {
    let mut out = String::new();
    let seeds = include_str!("../../../tests/data/seed_examples.tsv");
    let mut rows: Vec<(&str, &str, &str, &str)> = seeds
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0], f[1], f[2], f.get(3).copied().unwrap_or(""))
        })
        .collect();
    rows.sort_by_key(|r| r.1);
    let mut current = "";
    for (op, rules_name, hand, expected) in rows {
        if rules_name != current {
            writeln!(out, "rules {rules_name}").unwrap();
            current = rules_name;
        }
        let rules = Rules::load(rules_name).unwrap();
        match op {
            "check" => {
                let want = match expected {
                    "win" => 1,
                    "no" => 0,
                    other => panic!("seed expectation {other:?}"),
                };
                writeln!(out, "str {want} {hand}").unwrap();
            }
            "waits" => {
                let hand: Hand = hand.parse().unwrap();
                let waits = rules.waits(&hand).unwrap();
                let names: Vec<String> = waits.iter().map(|t| t.to_string()).collect();
                assert_eq!(names.join(" "), expected, "seed waits of {hand}");
                writeln!(
                    out,
                    "waits 0 {} {}{}",
                    waits.bits(),
                    hand.jokers(),
                    counts_text(hand.counts())
                )
                .unwrap();
            }
            other => panic!("seed operation {other:?}"),
        }
    }
    out.push_str(&bad_rows());
    let mut rng = ChaCha8Rng::seed_from_u64(0x4855_5041_4943);
    for name in PRESETS {
        let rules = Rules::load(name).unwrap();
        writeln!(out, "rules {name}").unwrap();
        for i in 0..WIN_HANDS {
            let (counts, jokers) = match i % 5 {
                0 => random_hand(&mut rng, [14, 11, 8, 17, 13][i / 5 % 5]),
                _ => near_win(&mut rng, 4),
            };
            let want = match rules.is_win_counts(&counts, jokers) {
                Ok(win) => i32::from(win),
                Err(e) => code(&e),
            };
            writeln!(out, "win {want} {jokers}{}", counts_text(&counts)).unwrap();
        }
        for i in 0..WAIT_HANDS {
            let (mut counts, mut jokers) = match i % 4 {
                0 => random_hand(&mut rng, [13, 10, 7, 14][i / 4 % 4]),
                _ => near_win(&mut rng, 4),
            };
            if i % 4 != 0 {
                // Take one tile out: 13 tiles.
                match (0..KINDS).find(|&k| counts[(k + i) % KINDS] > 0) {
                    Some(k) => counts[(k + i) % KINDS] -= 1,
                    None => jokers -= 1,
                }
            }
            let (want, mask) = match rules.waits_counts(&counts, jokers) {
                Ok(w) => (0, w.bits()),
                Err(e) => (code(&e), 0),
            };
            writeln!(out, "waits {want} {mask} {jokers}{}", counts_text(&counts)).unwrap();
        }
    }
    out
}

/// The folder of this build's libraries: `target/<profile>/deps`, where
/// `cargo test` leaves them (next to this test), or `target/<profile>`,
/// where `cargo build` puts them.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let deps = exe.parent().unwrap().to_path_buf();
    let has_libs = |d: &Path| d.join("libhupai_c.so").exists() && d.join("libhupai_c.a").exists();
    if has_libs(&deps) {
        deps
    } else {
        deps.parent().unwrap().to_path_buf()
    }
}

fn run(cmd: &mut Command) {
    let shown = format!("{cmd:?}");
    let status = cmd.status().unwrap_or_else(|e| panic!("{shown}: {e}"));
    assert!(status.success(), "{shown} failed: {status}");
}

#[test]
fn c_program_agrees_with_rust_on_seed_and_random_hands() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR")).join("hupai-c");
    std::fs::create_dir_all(&tmp).unwrap();
    let data_path = tmp.join("hands.txt");
    std::fs::write(&data_path, data()).unwrap();

    let libs = lib_dir();
    let so = libs.join("libhupai_c.so");
    let a = libs.join("libhupai_c.a");
    assert!(
        so.exists() && a.exists(),
        "no libraries in {}",
        libs.display()
    );
    let gcc = |out: &Path| {
        let mut c = Command::new("gcc");
        c.args([
            "-std=c11",
            "-O2",
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-pthread",
        ])
        .arg("-I")
        .arg(dir.join("include"))
        .arg(dir.join("tests/check.c"))
        .arg("-o")
        .arg(out);
        c
    };
    let shared = tmp.join("check_shared");
    run(gcc(&shared)
        .arg(format!("-L{}", libs.display()))
        .arg(format!("-Wl,-rpath,{}", libs.display()))
        .arg("-lhupai_c"));
    let static_ = tmp.join("check_static");
    run(gcc(&static_).arg(&a).args(["-lpthread", "-ldl", "-lm"]));

    run(Command::new(&static_).arg(&data_path));
    if std::env::var_os("HUPAI_C_VALGRIND").is_some() {
        run(Command::new("valgrind")
            .args(["--quiet", "--error-exitcode=1", "--leak-check=full"])
            .args(["--errors-for-leak-kinds=definite,indirect"])
            .arg(&shared)
            .arg(&data_path));
    } else {
        run(Command::new(&shared).arg(&data_path));
    }
}
