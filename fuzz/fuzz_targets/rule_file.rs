//! Any text as a rule file: a typed error or rules that judge hands; never a panic.
#![no_main]

use hupai::{Hand, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(rules) = Rules::from_toml_str(text) {
        for hand in [
            "123m456p789s11z22z",
            "1234677p",
            "**",
            "4444m7z",
            "19m19p19s1234567z*",
        ] {
            let hand: Hand = hand.parse().expect("literal hands parse");
            let _ = rules.check(&hand);
            let _ = rules.waits(&hand);
        }
    }
});
