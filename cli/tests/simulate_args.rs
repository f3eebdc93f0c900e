//! `holdem simulate` refuses an entrant count out of range at once, naming the
//! range, before anything is registered.

use std::process::Command;
use std::time::{Duration, Instant};

#[test]
fn simulate_refuses_entrants_out_of_range_at_once() {
    for n in ["0", "1", "2097153", "10000000"] {
        let started = Instant::now();
        let out = Command::new(env!("CARGO_BIN_EXE_holdem"))
            .args(["simulate", "--quiet", "--entrants", n])
            .output()
            .expect("run holdem");
        assert_eq!(out.status.code(), Some(2), "--entrants {n}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("2..=2097152"), "--entrants {n}: {err}");
        assert!(out.stdout.is_empty(), "--entrants {n}: nothing played");
        // Refused by the argument parser, not after registrations: well under
        // the seconds two million registrations take (a loose bound, the
        // machine may be loaded).
        assert!(started.elapsed() < Duration::from_secs(2), "--entrants {n}");
    }
}
