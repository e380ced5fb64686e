//! Any text: parsing never panics; a parsed hand prints and re-parses to itself.
#![no_main]

use hupai::Hand;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(hand) = text.parse::<Hand>() {
        let printed = hand.to_string();
        let again: Hand = printed.parse().expect("a printed hand parses");
        assert_eq!(again, hand, "{text:?} printed as {printed:?}");
        assert_eq!(again.to_string(), printed);
        assert!(hand.len() <= hupai::MAX_HAND_TILES);
    }
});
