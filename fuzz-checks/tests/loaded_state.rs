//! Issue 35: a `Hand`, a `Driver` and a `CashGame` loaded from JSON are as safe
//! as ones the engine built.
//!
//! Hands: the
//! valid mid-hand states of `fuzz/corpus/hand_state_json/` (no limit, pot limit,
//! fixed limit and pot-limit-pre-flop/no-limit-after, two to six players, every
//! street) have one JSON leaf changed at a time, to values near and far from the
//! old one, another type, or no key at all; each load must be refused with a
//! typed error or give a state that conserves chips, sees no card twice, accepts
//! exactly its legal actions and writes back to itself
//! (`holdem_fuzz_checks::hand_state_json`).
//!
//! Drivers and cash games: the states of `fuzz/corpus/driver_state_json/`
//! (drivers of the same four limits with two to six players, mid-hand and
//! before a street's cards, dealing from a full deck or one shuffled for the
//! hand; cash games between hands and mid-hand) are changed the same way; each
//! load must be refused with a typed error or give a state that passes
//! `holdem_fuzz_checks::driver_state_json`: its hand as above, the driver plays
//! it out by dealing with legal actions without an error (no card twice between
//! the deck and the cards dealt, chips conserved, the load check passing after
//! every decision), a cash game finishes it and plays two more hands keeping
//! the table's chips, and each writes back to itself.

#![allow(clippy::unwrap_used)] // test code: a failed unwrap is a failed test

use std::path::Path;

use holdem_fuzz_checks::{driver_state_json, hand_state_json};
use serde_json::Value;

/// Every leaf of `v`, by JSON pointer.
fn leaves(v: &Value, path: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => m
            .iter()
            .for_each(|(k, x)| leaves(x, format!("{path}/{k}"), out)),
        Value::Array(a) => a
            .iter()
            .enumerate()
            .for_each(|(i, x)| leaves(x, format!("{path}/{i}"), out)),
        _ => out.push(path),
    }
}

/// The `pick`th change of the leaf at `path` in `doc`.
fn change(doc: &mut Value, path: &str, pick: usize) {
    if pick % 11 == 10 {
        // The key removed (or the array element, where the parent is an array).
        let (parent, key) = path.rsplit_once('/').unwrap();
        match doc.pointer_mut(parent).unwrap() {
            Value::Object(m) => {
                m.remove(key);
            }
            Value::Array(a) => {
                a.remove(key.parse::<usize>().unwrap());
            }
            _ => {}
        }
        return;
    }
    let slot = doc.pointer_mut(path).unwrap();
    let n = slot.as_u64().unwrap_or(1);
    *slot = match pick % 11 {
        0 => Value::from(0u64),
        1 => Value::from(n.wrapping_add(1)),
        2 => Value::from(n.saturating_sub(1)),
        3 => Value::from(n.saturating_mul(2)),
        4 => Value::from(u64::MAX),
        5 => Value::from(1u64 << 40),
        6 => Value::from(-1i64),
        7 => Value::Null,
        8 => Value::Bool(!slot.as_bool().unwrap_or(false)),
        _ => match slot {
            // Another variant name of the same enum, or a stranger.
            Value::String(s) if s == "preflop" => Value::from("river"),
            Value::String(_) => Value::from("flop"),
            _ => Value::from(n.wrapping_add(7)),
        },
    };
}

// rules C1 (no card twice) and B7 (the street's board): one field of a saved
// hand changed at a time is refused or loads a hand as safe as a built one.
#[test]
fn c1_b7_a_saved_hand_with_one_field_changed_is_refused_or_as_safe_as_a_built_one() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz/corpus/hand_state_json");
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with("seed-"))
        })
        .collect();
    seeds.sort();
    assert!(
        seeds.len() >= 40,
        "the seed states are in {}",
        dir.display()
    );
    let (mut loads, mut refused) = (0, 0);
    for (s, seed) in seeds.iter().enumerate().filter(|(s, _)| s % 3 == 0) {
        let doc: Value = serde_json::from_slice(&std::fs::read(seed).unwrap()).unwrap();
        let mut paths = Vec::new();
        leaves(&doc, String::new(), &mut paths);
        for (l, path) in paths.iter().enumerate() {
            for pick in [s + l, s + l + 4, s + l + 10] {
                let mut changed = doc.clone();
                change(&mut changed, path, pick);
                let bytes = serde_json::to_vec(&changed).unwrap();
                if let Err(e) = hand_state_json(&bytes) {
                    panic!("{} {path} change {}: {e}", seed.display(), pick % 11);
                }
                match serde_json::from_slice::<holdem_betting::Hand>(&bytes) {
                    Ok(_) => loads += 1,
                    Err(_) => refused += 1,
                }
            }
        }
    }
    // Both outcomes happen, so the test exercises the checks and the loads.
    assert!(
        loads > 100 && refused > 100,
        "{loads} loaded, {refused} refused"
    );
}

/// The seed states of `target`'s corpus, sorted.
fn seed_states(target: &str) -> Vec<std::path::PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../fuzz/corpus")
        .join(target);
    let mut seeds: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name().is_some_and(|n| {
                let n = n.to_string_lossy();
                n.starts_with("driver-") || n.starts_with("cash-")
            })
        })
        .collect();
    seeds.sort();
    seeds
}

// rules C1 (no card twice) and C4 (burns and the board): one field of a saved
// driver or cash game changed at a time is refused or loads a state as safe as a
// built one.
#[test]
fn c1_c4_a_saved_driver_or_cash_game_with_one_field_changed_is_refused_or_as_safe_as_a_built_one() {
    let seeds = seed_states("driver_state_json");
    assert!(seeds.len() >= 60, "{} seed states", seeds.len());
    let (mut loads, mut refused) = (0, 0);
    // Every fifth state, each leaf changed once (the change rotating with the
    // state and the leaf): the whole runs in seconds in a debug build.
    for (s, seed) in seeds.iter().enumerate().filter(|(s, _)| s % 5 == 0) {
        let doc: Value = serde_json::from_slice(&std::fs::read(seed).unwrap()).unwrap();
        let mut paths = Vec::new();
        leaves(&doc, String::new(), &mut paths);
        for (l, path) in paths.iter().enumerate() {
            let pick = s + l;
            let mut changed = doc.clone();
            change(&mut changed, path, pick);
            let bytes = serde_json::to_vec(&changed).unwrap();
            let checked = std::panic::catch_unwind(|| driver_state_json(&bytes));
            match checked {
                Ok(Ok(())) => {}
                Ok(Err(e)) => panic!("{} {path} change {}: {e}", seed.display(), pick % 11),
                Err(_) => panic!("{} {path} change {}: a panic", seed.display(), pick % 11),
            }
            let driver = serde_json::from_slice::<holdem_betting::Driver>(&bytes).is_ok();
            let game = serde_json::from_slice::<holdem_betting::CashGame>(&bytes).is_ok();
            if driver || game {
                loads += 1;
            } else {
                refused += 1;
            }
        }
    }
    assert!(
        loads > 100 && refused > 100,
        "{loads} loaded, {refused} refused"
    );
}
