//! Fuzz target `hand_postcard`: the property is `holdem_fuzz_checks::hand_postcard`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::hand_postcard(data) {
        panic!("hand_postcard: {e}");
    }
});
