//! Fuzz target `history_winamax`: the property is `holdem_fuzz_checks::history_winamax`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_winamax(data) {
        panic!("history_winamax: {e}");
    }
});
