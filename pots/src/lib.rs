//! Chip accounting for poker: main and side pots, splits, odd chips, rake and
//! uncalled bets (rules P1-P6, B14, B23, B24).
//!
//! # Invariants
//! - Chips are whole, unsigned and overflow-checked; nothing is created or lost.
//!
//! # Example
//! ```
//! assert_eq!(1 + 1, 2);
//! ```
