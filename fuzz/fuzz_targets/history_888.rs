//! Fuzz target `history_888`: the property is `holdem_fuzz_checks::history_888`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_888(data) {
        panic!("history_888: {e}");
    }
});
