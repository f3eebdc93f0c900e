//! Fuzz target `history_wpn`: the property is `holdem_fuzz_checks::history_wpn`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_wpn(data) {
        panic!("history_wpn: {e}");
    }
});
