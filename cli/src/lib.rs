//! The library behind the `holdem` command: the seeded generator of random legal
//! hands. Hand-history formats and replay live in `holdem-history`; the command
//! itself (argument parsing, output, progress, parallelism) is `src/main.rs`.
//!
//! # Invariants
//! - The same seed generates the same hands, byte for byte.

pub mod generate;
