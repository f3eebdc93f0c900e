//! Fuzz target `history_postcard`: the property is `holdem_fuzz_checks::history_postcard`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_postcard(data) {
        panic!("history_postcard: {e}");
    }
});
