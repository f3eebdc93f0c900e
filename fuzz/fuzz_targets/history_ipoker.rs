//! Fuzz target `history_ipoker`: the property is `holdem_fuzz_checks::history_ipoker`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_ipoker(data) {
        panic!("history_ipoker: {e}");
    }
});
