//! Texas Hold'em hand evaluation (rules E1-E5).
//!
//! # Invariants
//! - A [`HandRank`] is totally ordered: bigger is better, equal means a split (E5).
//! - Evaluation of 5, 6 or 7 cards never allocates.
//!
//! # Example
//! ```
//! use holdem_eval::HandRank;
//! assert!(HandRank::from_raw(2) > HandRank::from_raw(1));
//! ```

/// The strength of a poker hand: bigger is better, equal values split the pot (E5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct HandRank(u16);

impl HandRank {
    /// A rank from its raw value.
    pub const fn from_raw(raw: u16) -> HandRank {
        HandRank(raw)
    }
    /// The raw value.
    pub const fn raw(self) -> u16 {
        self.0
    }
}
