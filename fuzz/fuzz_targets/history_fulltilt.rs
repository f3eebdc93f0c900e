//! Fuzz target `history_fulltilt`: the property is `holdem_fuzz_checks::history_fulltilt`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_fulltilt(data) {
        panic!("history_fulltilt: {e}");
    }
});
