//! Fuzz target `history_ggpoker`: the property is `holdem_fuzz_checks::history_ggpoker`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_ggpoker(data) {
        panic!("history_ggpoker: {e}");
    }
});
