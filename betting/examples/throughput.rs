//! Plays N random 6-max no-limit hands (the bench hand, `holdem_betting::testkit`)
//! and prints hands per second of wall time; run under `perf stat -e task-clock` to
//! get hands per CPU second on a loaded machine:
//! `cargo run --release --example throughput -- 200000`.
//! `examples/driver_throughput.rs` plays the same hands through `Driver` and a
//! `Bot`; the two loops live in separate binaries so that neither changes how the
//! compiler inlines the other's calls into the hand.

use std::hint::black_box;
use std::time::Instant;

use holdem_betting::testkit::{play_hand, starting_hand};
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
    let start = Instant::now();
    let mut moved = 0u64;
    for _ in 0..n {
        let chips = play_hand::<false>(&hand0, &mut rng);
        moved = moved.wrapping_add(black_box(chips));
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} hands in {secs:.3} s wall: {:.0} hands/s (checksum {moved})",
        n as f64 / secs
    );
}
