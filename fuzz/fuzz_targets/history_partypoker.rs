//! Fuzz target `history_partypoker`: the property is `holdem_fuzz_checks::history_partypoker`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_partypoker(data) {
        panic!("history_partypoker: {e}");
    }
});
