//! Fuzz target `history_phh`: the property is `holdem_fuzz_checks::history_phh`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_phh(data) {
        panic!("history_phh: {e}");
    }
});
