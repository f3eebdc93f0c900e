//! Settling a 10-way all-in with 9 side pots and rake (target: under 1 µs, no allocation).
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use holdem_pots::{
    Chips, Contribution, RakePolicy, RakeRounding, RakeSource, Seat, SettleOptions, Status,
    TableLayout, layer, settle,
};

/// All-in for 100, 200, ..., 1000 on seats 0-9, and with `caller` seat 10 calls
/// 1000: ten pots (main + 9 side pots). Without the caller (a full 10-seat table),
/// seat 9's last 100 is uncalled (B14) and there are nine pots, the most 10 seats
/// can make. Strengths `i % 4` give ties, so pots are split with odd chips.
fn all_in_ladder(caller: bool) -> (Vec<Contribution>, Vec<(Seat, u32)>, TableLayout) {
    let seat = |i: u8| Seat::new(i).expect("seat");
    let mut contributions = Vec::new();
    let mut strengths = Vec::new();
    let seats = if caller { 11 } else { 10 };
    for i in 0..seats {
        let amount = 100 * u64::from(i.min(9) + 1);
        let status = if i == 10 {
            Status::Active
        } else {
            Status::AllIn
        };
        contributions.push(Contribution::new(seat(i), Chips(amount), status));
        strengths.push((seat(i), u32::from(i % 4)));
    }
    (
        contributions,
        strengths,
        TableLayout::new(seats, seat(0)).expect("table"),
    )
}

fn bench_settle(c: &mut Criterion) {
    let (contributions, strengths, table) = all_in_ladder(true);
    let (full_ring, full_ring_strengths, full_ring_table) = all_in_ladder(false);
    let rake = RakePolicy {
        basis_points: 500,
        rounding: RakeRounding::Down,
        cap: Some(Chips(300)),
        no_flop_no_drop: true,
        source: RakeSource::EachPot,
    };
    let check = settle(
        table,
        &contributions,
        &strengths,
        SettleOptions::raked(rake),
    )
    .expect("settles");
    assert_eq!(check.pots().len(), 10);
    let check = settle(
        full_ring_table,
        &full_ring,
        &full_ring_strengths,
        SettleOptions::raked(rake),
    );
    assert_eq!(check.expect("settles").pots().len(), 9);

    let mut group = c.benchmark_group("pots");
    group.bench_function("settle 10-way all-in, 9 side pots, rake", |b| {
        b.iter(|| {
            settle(
                black_box(table),
                black_box(&contributions),
                black_box(&strengths),
                black_box(SettleOptions::raked(rake)),
            )
        })
    });
    group.bench_function("settle 10-way all-in, 9 side pots, no rake", |b| {
        b.iter(|| {
            settle(
                black_box(table),
                black_box(&contributions),
                black_box(&strengths),
                black_box(SettleOptions::NO_RAKE),
            )
        })
    });
    group.bench_function("settle 10 seats all-in, 9 pots + uncalled, rake", |b| {
        b.iter(|| {
            settle(
                black_box(full_ring_table),
                black_box(&full_ring),
                black_box(&full_ring_strengths),
                black_box(SettleOptions::raked(rake)),
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
