//! The hands of `examples/throughput.rs` (the bench hand, `holdem_betting::testkit`:
//! the same random draws, the same checksum) played through a reused
//! [`holdem_betting::Driver`] and a [`holdem_betting::Bot`] with the bench's policy:
//! `cargo run --release --example driver_throughput -- 200000`. Compare instructions
//! a hand with `throughput` (docs/performance.md).

use std::hint::black_box;
use std::time::Instant;

use holdem_betting::Driver;
use holdem_betting::testkit::{play_hand_driver, starting_hand};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let Ok(hand0) = starting_hand() else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    // Built once, restarted on every hand; its first deck is never dealt from.
    let mut driver = Driver::shuffled_from(&hand0, &mut ChaCha8Rng::seed_from_u64(0));
    let start = Instant::now();
    let mut moved = 0u64;
    for _ in 0..n {
        let chips = play_hand_driver(&mut driver, &hand0, &mut rng);
        moved = moved.wrapping_add(black_box(chips));
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} hands in {secs:.3} s wall: {:.0} hands/s (checksum {moved})",
        n as f64 / secs
    );
}
