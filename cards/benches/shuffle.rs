//! Shuffle-and-deal throughput (placeholder, filled below).
fn main() {}
