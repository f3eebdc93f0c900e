//! Fuzz target `cards_text`: the property is `holdem_fuzz_checks::cards_text`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::cards_text(data) {
        panic!("cards_text: {e}");
    }
});
