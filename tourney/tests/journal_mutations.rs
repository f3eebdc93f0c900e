//! A tournament's state is only ever loaded from its journal (T20): the
//! journal's entries, as JSON, with one field changed at a time to many values
//! and framed again (good CRCs), either are refused with a typed error or
//! rebuild a valid state: chips conserved across the tables, every player
//! with chips seated exactly once, the prize pool equal to what the entries,
//! re-entries, rebuys and add-ons put in.

#![allow(clippy::unwrap_used)] // test helpers: a failed unwrap is a failed test

use holdem_tourney::journal::{Entry, FsyncPolicy, JournalWriter, encode_frame, read_frames};
use holdem_tourney::sim::{SimOptions, Simulation};
use holdem_tourney::{Phase, Tournament, TournamentConfig, TournamentOptions};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde_json::Value;
use std::sync::OnceLock;

/// The entries of a rebuy event's journal, stopped mid-event (hands in
/// progress, purchases made), as JSON.
fn entries() -> &'static Vec<Value> {
    static ENTRIES: OnceLock<Vec<Value>> = OnceLock::new();
    ENTRIES.get_or_init(|| {
        let mut event = TournamentOptions::online_mtt();
        event.table_size = 6;
        let mut cfg = TournamentConfig::online_rebuy(event);
        cfg.entry.re_entry = true;
        let opts = SimOptions {
            late_entrants: 3,
            ..SimOptions::default()
        };
        let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
        let mut sim = Simulation::with_config(cfg, opts, 20, 5, &mut w).unwrap();
        for _ in 0..260 {
            sim.step(&mut w).unwrap();
        }
        assert!(sim.tournament().ledger().rebuys > 0);
        let (entries, _) = read_frames(&w.into_inner());
        entries
            .iter()
            .map(|e| serde_json::to_value(e).unwrap())
            .collect()
    })
}

/// Every leaf of `v` (numbers, strings, booleans, nulls), by JSON pointer.
fn leaves(v: &Value, path: String, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                leaves(x, format!("{path}/{k}"), out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                leaves(x, format!("{path}/{i}"), out);
            }
        }
        _ => out.push(path),
    }
}

/// A new value for a leaf: nearby and extreme numbers, other types.
fn mutated(old: &Value, pick: u32) -> Value {
    let n = old.as_u64().unwrap_or(1);
    match pick % 12 {
        0 => Value::from(0u64),
        1 => Value::from(n.wrapping_add(1)),
        2 => Value::from(n.saturating_sub(1)),
        3 => Value::from(n.saturating_mul(2)),
        4 => Value::from(u64::MAX),
        5 => Value::from(u64::from(u32::MAX)),
        6 => Value::from(1u64 << 40),
        7 => Value::from(-1i64),
        8 => Value::from(n / 2),
        9 => Value::Bool(!old.as_bool().unwrap_or(false)),
        10 => Value::Null,
        _ => Value::from(n.wrapping_add(7)),
    }
}

/// The state's invariants, where they hold (a running event).
fn check_state(t: &Tournament) -> Result<(), String> {
    if t.phase() != Phase::Running {
        return Ok(());
    }
    if t.chips_in_play() != t.chips_issued() {
        return Err(format!(
            "chips in play {} but {} issued",
            t.chips_in_play(),
            t.chips_issued()
        ));
    }
    for (&p, _) in t.stacks().iter() {
        if t.seating().seat_of(p).is_none() {
            return Err(format!("player {} has chips but no seat", p.0));
        }
    }
    let seated: usize = t.seating().tables().map(|tb| tb.players().count()).sum();
    if seated != t.stacks().len() {
        return Err(format!("{seated} seated, {} with chips", t.stacks().len()));
    }
    let paid: u64 = t
        .entrant_purchases()
        .iter()
        .flat_map(|e| e.purchases.iter())
        .map(|p| p.price.prize_pool)
        .sum();
    if paid != t.ledger().prize_pool {
        return Err(format!(
            "purchases put {paid} in the prize pool, the ledger says {}",
            t.ledger().prize_pool
        ));
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    // rule T20: a journal with one field of one entry changed (framed again,
    // so its checksums are good) is refused with a typed error or rebuilds a
    // valid state.
    #[test]
    fn t20_a_journal_with_one_field_changed_is_refused_or_valid(frame in any::<prop::sample::Index>(), leaf in any::<prop::sample::Index>(), pick in any::<u32>()) {
        let entries = entries();
        let i = frame.index(entries.len());
        let mut doc = entries[i].clone();
        let mut paths = Vec::new();
        leaves(&doc, String::new(), &mut paths);
        prop_assume!(!paths.is_empty());
        let path = &paths[leaf.index(paths.len())];
        let slot = doc.pointer_mut(path).unwrap();
        *slot = mutated(slot, pick);
        // A change the entry's own types refuse is refused at decoding.
        let Ok(entry) = serde_json::from_value::<Entry>(doc) else {
            return Ok(());
        };
        let mut bytes = Vec::new();
        for (k, e) in entries.iter().enumerate() {
            let e = if k == i { entry.clone() } else { serde_json::from_value(e.clone()).unwrap() };
            bytes.extend(encode_frame(&e).unwrap());
        }
        if let Ok(rec) = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(1)) {
            let checked = check_state(&rec.tournament);
            prop_assert!(checked.is_ok(), "frame {} {}: {:?}", i, path, checked);
        }
    }
}

// The unchanged journal passes the same checks (the test can fail).
#[test]
fn t20_the_unchanged_journal_rebuilds_a_valid_state() {
    let mut bytes = Vec::new();
    for e in entries() {
        bytes.extend(encode_frame(&serde_json::from_value(e.clone()).unwrap()).unwrap());
    }
    let rec = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    assert_eq!(rec.tournament.phase(), Phase::Running);
    check_state(&rec.tournament).unwrap();
}

// rule T20: a timestamp anywhere in the journal set to the largest values a
// `u64` holds is refused (`TimeOutOfRange`) or replays; never a clock overflow.
// Found by the property test above: a break begun at `u64::MAX` overflowed.
#[test]
fn t20_a_journal_with_a_timestamp_past_the_clock_is_refused_not_a_panic() {
    let entries = entries();
    let mut tried = 0;
    for (i, doc) in entries.iter().enumerate() {
        let mut paths = Vec::new();
        leaves(doc, String::new(), &mut paths);
        for path in paths.iter().filter(|p| p.ends_with("/at")) {
            for at in [u64::MAX, holdem_tourney::MAX_TIME + 1] {
                let mut changed = doc.clone();
                *changed.pointer_mut(path).unwrap() = Value::from(at);
                let Ok(entry) = serde_json::from_value::<Entry>(changed) else {
                    continue;
                };
                let mut bytes = Vec::new();
                for (k, e) in entries.iter().enumerate() {
                    let e = if k == i {
                        entry.clone()
                    } else {
                        serde_json::from_value(e.clone()).unwrap()
                    };
                    bytes.extend(encode_frame(&e).unwrap());
                }
                tried += 1;
                if let Ok(rec) = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(1)) {
                    check_state(&rec.tournament).unwrap();
                }
            }
        }
    }
    assert!(tried > 0, "the journal has timestamps to change");
}
