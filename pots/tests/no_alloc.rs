//! `settle` allocates nothing: a counting global allocator proves it.
//!
//! The allocator must implement `GlobalAlloc`, an unsafe trait, so this test file
//! (and only it) allows `unsafe_code`; it forwards to the system allocator unchanged.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use holdem_pots::{
    Chips, Contribution, RakePolicy, RakeRounding, RakeSource, Seat, SettleOptions, Status,
    TableLayout, layer, settle,
};

/// Counts allocations made by the current thread (other test threads do not count).
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

// SAFETY: every method forwards to `System` with the same arguments; counting does
// not allocate (a const-initialised thread-local `Cell`).
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: same contract as the caller's.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.alloc_zeroed(layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|n| n.set(n.get() + 1));
        // SAFETY: same contract as the caller's.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

fn allocations_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = ALLOCATIONS.with(Cell::get);
    let result = f();
    let after = ALLOCATIONS.with(Cell::get);
    (result, after - before)
}

/// The counter works: a `Vec` with capacity allocates (so the next test can fail).
#[test]
fn counting_allocator_sees_an_allocation() {
    let (v, count) = allocations_during(|| Vec::<u64>::with_capacity(4));
    assert_eq!(v.capacity(), 4);
    assert_eq!(count, 1);
}

/// All-in for 100, 200, ..., 1000 on seats 0-9, and with `caller` seat 10 calls
/// 1000: ten pots (main + 9 side pots). Without the caller, seat 9's last 100 is
/// uncalled (B14) and there are nine pots: the most a 10-seat table can make.
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

/// Settling a 10-way all-in with nine side pots, ties and rake allocates nothing;
/// nor does layering it.
#[test]
fn settle_ten_way_all_in_with_nine_side_pots_allocates_nothing() {
    let rake = RakePolicy {
        basis_points: 500,
        rounding: RakeRounding::Nearest,
        cap: Some(Chips(300)),
        no_flop_no_drop: true,
        source: RakeSource::EachPot,
    };
    for (caller, pots) in [(true, 10), (false, 9)] {
        let (contributions, strengths, table) = all_in_ladder(caller);
        let (result, count) = allocations_during(|| {
            settle(
                table,
                &contributions,
                &strengths,
                SettleOptions::raked(rake),
            )
        });
        let settlement = result.expect("settles");
        assert_eq!(count, 0, "settle allocated");
        assert_eq!(settlement.pots().len(), pots);
        let (layering, count) = allocations_during(|| layer(&contributions));
        assert_eq!(count, 0, "layer allocated");
        assert_eq!(layering.expect("valid").pots().len(), pots);
    }
}
