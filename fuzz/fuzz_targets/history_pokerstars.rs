//! Fuzz target `history_pokerstars`: the property is `holdem_fuzz_checks::history_pokerstars`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_pokerstars(data) {
        panic!("history_pokerstars: {e}");
    }
});
