//! Fuzz target `driver_state_json`: the property is `holdem_fuzz_checks::driver_state_json`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Err(e) = holdem_fuzz_checks::driver_state_json(data) {
        panic!("driver_state_json: {e}");
    }
});
