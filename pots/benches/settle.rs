//! Settling a 10-way all-in with 9 side pots (issue 5's performance target).
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use holdem_pots::{
    Chips, Contribution, RakePolicy, RakeRounding, RakeSource, Seat, Status, Table, layer, settle,
};

/// Ten seats all-in for 100, 200, ..., 1000 (the last one calls): ten pots, the main
/// pot and nine side pots, with a three-way tie for the best hand.
fn ten_way_all_in() -> ([Contribution; 10], [(Seat, u32); 10], Table) {
    let seat = |i: u8| Seat::new(i).expect("seat");
    let mut contributions = [Contribution::new(seat(0), Chips(0), Status::AllIn); 10];
    let mut strengths = [(seat(0), 0u32); 10];
    for i in 0..10u8 {
        // The top two both put in 1000 so nothing is uncalled: 9 side pots.
        let amount = 100 * u64::from(i.min(8) + 1) + if i >= 8 { 100 } else { 0 };
        contributions[usize::from(i)] = Contribution::new(seat(i), Chips(amount), Status::AllIn);
        strengths[usize::from(i)] = (seat(i), u32::from(i % 4));
    }
    let table = Table::new(10, seat(9)).expect("table");
    (contributions, strengths, table)
}

fn bench_settle(c: &mut Criterion) {
    let (contributions, strengths, table) = ten_way_all_in();
    let rake = RakePolicy {
        basis_points: 500,
        rounding: RakeRounding::Down,
        cap: Some(Chips(300)),
        no_flop_no_drop: true,
        source: RakeSource::EachPot,
    };
    let check = settle(table, &contributions, &strengths, &rake, true).expect("settles");
    assert_eq!(check.pots().len(), 10);

    let mut group = c.benchmark_group("pots");
    group.bench_function("settle 10-way all-in, 9 side pots, rake", |b| {
        b.iter(|| {
            settle(
                black_box(table),
                black_box(&contributions),
                black_box(&strengths),
                black_box(&rake),
                true,
            )
        })
    });
    group.bench_function("settle 10-way all-in, 9 side pots, no rake", |b| {
        b.iter(|| {
            settle(
                black_box(table),
                black_box(&contributions),
                black_box(&strengths),
                black_box(&RakePolicy::NONE),
                true,
            )
        })
    });
    group.bench_function("layer 10-way all-in", |b| {
        b.iter(|| layer(black_box(&contributions)))
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2))
        .sample_size(50);
    targets = bench_settle
}
criterion_main!(benches);
