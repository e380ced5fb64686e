//! The native baseline for the README's binding speeds: `Rules::is_win_counts`
//! in a Rust loop over the `win` hands of the file `tests/c_program.rs`
//! writes (the same hands `check.c` and `HupaiTest.java` time).
//!
//! `cargo run --release -p hupai-c --example native_bench -- HANDS_FILE PASSES`

use std::hint::black_box;
use std::time::Instant;

use hupai::{Rules, KINDS};

/// A rule set's name and its hands (counts, jokers).
type Block = (String, Vec<([u8; KINDS], u8)>);

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("hands file");
    let passes: usize = args.get(2).map_or(200, |p| p.parse().expect("passes"));
    let mut blocks: Vec<Block> = Vec::new();
    for line in text.lines() {
        let f: Vec<&str> = line.split(' ').collect();
        match f[0] {
            "rules" => blocks.push((f[1].to_string(), Vec::new())),
            "win" => {
                let mut counts = [0u8; KINDS];
                for (c, v) in counts.iter_mut().zip(&f[3..]) {
                    *c = v.parse().expect("count");
                }
                let hands = &mut blocks.last_mut().expect("rules line first").1;
                hands.push((counts, f[2].parse().expect("jokers")));
            }
            _ => {}
        }
    }
    for (name, hands) in blocks.iter().filter(|b| b.1.len() >= 100) {
        let rules = Rules::load(name).expect("preset");
        let mut sink = 0u64;
        for (counts, jokers) in hands {
            sink += u64::from(matches!(rules.is_win_counts(counts, *jokers), Ok(true)));
        }
        let start = Instant::now();
        for _ in 0..passes {
            for (counts, jokers) in hands {
                sink += u64::from(matches!(
                    rules.is_win_counts(black_box(counts), *jokers),
                    Ok(true)
                ));
            }
        }
        let ns = start.elapsed().as_nanos() as f64 / (passes * hands.len()) as f64;
        println!(
            "native {name}: {} hands x {passes} passes: is_win_counts {ns:.1} ns/hand ({})",
            hands.len(),
            sink & 1
        );
    }
}
