//! Range against range equity, `holdem-eval` beside `pokers` (the peer here
//! with range equity).
//!
//! Run: `cargo bench -p holdem-bench --bench ranges` (or `cargo xtask bench
//! ranges` where xtask knows it).
//!
//! - `exact_flop_30x30`: exact equity of `TT+` (30 combinations) against
//!   `55, AKs, AQs, KQs, KJs, QJs, JTs` (30) on the flop 2c 7d Js: every
//!   matchup and every turn and river. Ours against `pokers::exact_equity`
//!   on one thread.
//! - `monte_carlo_preflop_1M`: one million seeded samples pre-flop of
//!   `22+, A2s+, KTs+, QTs+, JTs, ATo+, KQo` against `TT+, AQs+, AKo`. No
//!   peer: `pokers::approx_equity` stops at a standard-deviation target, not
//!   a sample count, and its count jumps with the target (4,096 evaluations
//!   at a target of 0.00004, 231 million at 0.00003), so no run of it is
//!   comparable.
//!
//! Times are the process's CPU time ([`ProcessCpuTime`]): `pokers` works on
//! helper threads.

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use holdem_bench::ProcessCpuTime;
use holdem_cards::{Card, CardSet, parse_cards};
use holdem_eval::{Range, equity};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

const FLOP_A: &str = "TT+";
const FLOP_B: &str = "55, AKs, AQs, KQs, KJs, QJs, JTs";
const PRE_A: &str = "22+, A2s+, KTs+, QTs+, JTs, ATo+, KQo";
const PRE_B: &str = "TT+, AQs+, AKo";
const SAMPLES: u64 = 1_000_000;

fn range(text: &str) -> Range {
    text.parse().expect("bench range")
}

/// The peer's range, from the same text without spaces.
fn peer_range(text: &str) -> pokers::HandRange {
    pokers::HandRange::from_string(text.replace(' ', ""))
}

fn mask(cards: &[Card]) -> u64 {
    cards.iter().fold(0, |m, c| m | 1u64 << c.index())
}

fn range_equity(c: &mut Criterion<ProcessCpuTime>) {
    let mut g = c.benchmark_group("range_equity");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(500));
    g.measurement_time(Duration::from_secs(2));

    let flop = parse_cards("2c 7d Js").expect("flop");
    let ranges = [range(FLOP_A), range(FLOP_B)];
    assert_eq!((ranges[0].len(), ranges[1].len()), (30, 30));
    let ours = equity::range_exact(&ranges, &flop, CardSet::EMPTY).expect("valid");
    let peer_ranges = [peer_range(FLOP_A), peer_range(FLOP_B)];
    let cancel = Arc::new(AtomicBool::new(false));
    let theirs =
        pokers::exact_equity(&peer_ranges, mask(&flop), 0, 1, cancel, |_| {}).expect("peer valid");
    // Both enumerate the same thing: the equities agree.
    assert!(
        (ours.players[0].equity - theirs.equities[0]).abs() < 1e-9,
        "{} against {}",
        ours.players[0].equity,
        theirs.equities[0]
    );
    g.bench_function("holdem/exact_flop_30x30", |b| {
        b.iter(|| {
            let r = equity::range_exact(black_box(&ranges), &flop, CardSet::EMPTY);
            r.map(|r| r.players[0].equity)
        })
    });
    g.bench_function("pokers/exact_flop_30x30_1thread", |b| {
        b.iter(|| {
            let cancel = Arc::new(AtomicBool::new(false));
            let r =
                pokers::exact_equity(black_box(&peer_ranges), mask(&flop), 0, 1, cancel, |_| {});
            r.map(|r| r.equities[0])
        })
    });

    let pre = [range(PRE_A), range(PRE_B)];
    g.bench_function("holdem/monte_carlo_preflop_1M", |b| {
        b.iter(|| {
            let mut rng = ChaCha8Rng::seed_from_u64(7);
            let r =
                equity::range_monte_carlo(black_box(&pre), &[], CardSet::EMPTY, SAMPLES, &mut rng);
            r.map(|r| r.players[0].equity)
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ProcessCpuTime);
    targets = range_equity
}
criterion_main!(benches);
