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

use holdem_cards::CardSet;

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

/// Why a set of cards cannot be evaluated.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EvalError {
    /// Hold'em hands are ranked from 5, 6 or 7 distinct cards.
    #[error("cannot rank {0} cards: a hand is 5, 6 or 7 cards (rule E1)")]
    CardCount(u32),
    /// The output buffer of a batch call is shorter than its input.
    #[error("batch output holds {out} ranks but {hands} hands were given")]
    BatchLength {
        /// Number of hands given.
        hands: usize,
        /// Length of the output buffer.
        out: usize,
    },
}

/// Anything that ranks 5-7 cards. The engine is generic over it, so a reference
/// evaluator can check the fast one and users can plug in their own.
pub trait HandEvaluator {
    /// Ranks a set of 5, 6 or 7 cards (the best five count, rule E1).
    fn evaluate(&self, cards: CardSet) -> Result<HandRank, EvalError>;

    /// Ranks many hands into `out` (same length or longer). The default is a loop;
    /// fast evaluators override it with a vectorizable version.
    fn evaluate_batch(&self, hands: &[CardSet], out: &mut [HandRank]) -> Result<(), EvalError> {
        if out.len() < hands.len() {
            return Err(EvalError::BatchLength { hands: hands.len(), out: out.len() });
        }
        for (slot, hand) in out.iter_mut().zip(hands) {
            *slot = self.evaluate(*hand)?;
        }
        Ok(())
    }
}
