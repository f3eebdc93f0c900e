//! Fuzz target `journal`: the property is `holdem_fuzz_checks::journal`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::journal(data) {
        panic!("journal: {e}");
    }
});
