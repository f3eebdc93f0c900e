//! [`Dealer`]: drives a [`crate::Hand`] from a shuffled deck (C3, C4, C6).

/// Placeholder.
#[derive(Debug)]
pub struct Dealer;
/// Placeholder.
#[derive(Debug)]
pub enum DealOutcome {}
/// Placeholder.
#[derive(Debug)]
pub enum DealerError {}
