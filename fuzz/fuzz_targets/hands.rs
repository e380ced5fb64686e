//! Arbitrary count arrays and joker counts under every preset: a typed error
//! or an answer that agrees with the backtracking oracle; waits, splits and
//! reveal never panic, stay consistent with the check, and stay bounded
//! (splits by the limit asked for, a reveal by the hand).
#![no_main]

#[path = "../../tests/common/oracle.rs"]
#[allow(dead_code, clippy::all)]
mod oracle;

use hupai::{Form, Hand, Preset, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if data.len() < 36 {
        return;
    }
    let counts: [u8; 34] = data[..34].try_into().expect("34 bytes");
    let jokers = data[34];
    let preset = Preset::ALL[data[35] as usize % Preset::ALL.len()];
    let rules = Rules::from_preset(preset);
    let spec = oracle::Spec::preset(preset.name());
    let Ok(hand) = Hand::from_counts(&counts, jokers) else {
        return;
    };
    match rules.check(&hand) {
        Ok(forms) => {
            let [a, b, c] = oracle::forms_spec(&spec, &counts, jokers as u32);
            let [d, e, f] = oracle::knitted_forms_spec(&spec, &counts, jokers as u32);
            let want = [a, b, c, d, e, f];
            let got = Form::ALL.map(|form| forms.contains(form));
            assert_eq!(got, want, "{}: {hand}", preset.name());
            // Splits: bounded by the limit asked for, counted exactly.
            let some = rules.splits_limited(&hand, 64).expect("a checked hand splits");
            assert!(some.splits.len() <= 64, "{hand}");
            assert_eq!(some.total == 0, forms.is_empty(), "{hand}");
            assert_eq!(some.total.min(64), some.splits.len() as u64, "{hand}");
            assert_eq!(rules.split_count(&hand), Ok(some.total), "{hand}");
        }
        Err(_) => {
            if let Ok(waits) = rules.waits(&hand) {
                let want = oracle::waits_spec(&spec, &counts, jokers as u32);
                let got: Vec<usize> = waits.iter().map(|t| t.index()).collect();
                assert_eq!(got, want, "{}: waits of {hand}", preset.name());
                assert_eq!(rules.is_ready(&hand).expect("ready size"), !got.is_empty());
                match rules.reveal(&hand) {
                    Ok(shown) => {
                        assert!(!got.is_empty());
                        assert!(shown.tiles.len() <= hand.len());
                        for t in hupai::Tile::all() {
                            assert!(shown.tiles.count(t) <= hand.count(t));
                        }
                    }
                    Err(_) => assert!(got.is_empty()),
                }
            }
        }
    }
});
