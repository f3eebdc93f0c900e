//! Fuzz target `rules_toml`: the property is `holdem_fuzz_checks::rules_toml`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::rules_toml(data) {
        panic!("rules_toml: {e}");
    }
});
