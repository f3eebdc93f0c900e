//! Fuzz target `history_jsonl`: the property is `holdem_fuzz_checks::history_jsonl`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::history_jsonl(data) {
        panic!("history_jsonl: {e}");
    }
});
