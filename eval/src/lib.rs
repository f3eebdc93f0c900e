//! Texas Hold'em hand evaluation (rules E1-E5): hand ranks, categories, the best
//! five cards, and equity.
//!
//! - [`Evaluator`]: the fast, table-driven evaluator (210 KiB of tables built once
//!   per process); single hands from a [`CardSet`], from card ids
//!   ([`Evaluator::evaluate7`], validated; [`Evaluator::rank7`], checked by
//!   contract only) or card by card ([`HandKey`]); batches
//!   ([`Evaluator::evaluate_sets`], [`Evaluator::evaluate_batch7`],
//!   [`Evaluator::rank_batch7`], and [`Evaluator::evaluate_ids`] on raw
//!   card-id bytes such as a numpy buffer; the seven-card batches take four hands
//!   at a time in AVX2 registers where the CPU has AVX2, checked at run time;
//!   many hole-card pairs on one board: [`Evaluator::rank_on_board`],
//!   [`HandEvaluator::evaluate_on_board`]).
//! - [`ReferenceEvaluator`]: tries all five-card subsets; small, obviously
//!   correct, the oracle the fast one is tested against.
//! - [`HandRank`]: the strength, with [`HandRank::category`], [`HandRank::describe`]
//!   and [`HandRank::five_ranks`]; [`best_five`] returns the five cards that play.
//! - [`Range`]: hand ranges in the usual notation (`"QQ+, AKs, A5s-A2s"`,
//!   weights `AKs:0.5`; see [`range`]), parsed with positions in
//!   [`ParseRangeError`].
//! - [`equity`]: exact enumeration and seeded Monte Carlo for any number of
//!   hands or ranges.
//!
//! The evaluation methods are inherent ([`Evaluator::evaluate`],
//! [`ReferenceEvaluator::evaluate`]), so no trait import is needed; the
//! [`HandEvaluator`] trait is for code generic over the evaluator.
//!
//! # Invariants
//! - A [`HandRank`] is totally ordered: bigger is better, equal means a split (E5).
//!   Evaluators produce exactly 7,462 distinct ranks, one per class of five-card
//!   hands; suits never break ties (E4).
//! - Both evaluators agree on every hand (tested exhaustively in release builds).
//! - Bad input (a wrong card count, a repeated card, a short output buffer) is an
//!   [`EvalError`] ([`IdBatchError`], naming the row, for raw card-id bytes,
//!   a byte that is no card included), never a panic.
//! - Evaluation of 5, 6 or 7 cards never allocates; nothing here does I/O.
//!
//! # Example
//! ```
//! use holdem_cards::CardSet;
//! use holdem_eval::{Category, Evaluator, best_five};
//!
//! let eval = Evaluator::new();
//! let alice: CardSet = "Kd 9h  Ks 9c 4d 2s Ah".parse()?;
//! let bob: CardSet = "Kc Qc  Ks 9c 4d 2s Ah".parse()?;
//! let (a, b) = (eval.evaluate(alice)?, eval.evaluate(bob)?);
//! assert!(a > b);
//! assert_eq!(a.category(), Category::TwoPair);
//! assert_eq!(a.describe(), "two pair, kings and nines, ace kicker");
//! assert_eq!(b.describe(), "one pair, kings, ace-queen-nine kickers");
//! assert_eq!(best_five(alice)?.len(), 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod batch7;
mod best;
pub mod equity;
mod fast;
mod offsets;
pub mod range;
mod rank;
mod reference;
mod tables;

pub use best::best_five;
pub use fast::{Evaluator, HandKey};
pub use range::{ParseRangeError, Range};
pub use rank::{Category, HandRank, InvalidHandRank};
pub use reference::ReferenceEvaluator;

use holdem_cards::{Card, CardSet};

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
    /// The same card was given twice (one deck, rule C1).
    #[error("a card appears twice in the hand (one deck, rule C1)")]
    DuplicateCard,
}

/// Why a batch of raw card ids ([`Evaluator::evaluate_ids`]) cannot be
/// ranked. Each error about a hand names its row (counted from 0).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IdBatchError {
    /// Hold'em hands are ranked from 5, 6 or 7 cards.
    #[error("cannot rank {0} cards: a hand is 5, 6 or 7 cards (rule E1)")]
    CardCount(usize),
    /// The ids do not split into whole hands.
    #[error("{ids} card ids do not make whole hands of {cards} cards")]
    PartHand {
        /// Number of ids given.
        ids: usize,
        /// Cards per hand.
        cards: usize,
    },
    /// The output buffer is shorter than the number of hands.
    #[error("batch output holds {out} ranks but {hands} hands were given")]
    BatchLength {
        /// Number of hands given.
        hands: usize,
        /// Length of the output buffer.
        out: usize,
    },
    /// A byte that is no card id (ids are `0..52`, rule C1).
    #[error("hand {row}: card id {id} is not one of the 52 cards (ids 0-51, rule C1)")]
    CardId {
        /// The hand's row.
        row: usize,
        /// The byte found.
        id: u8,
    },
    /// The same card twice in one hand (one deck, rule C1).
    #[error("hand {row}: a card appears twice in the hand (one deck, rule C1)")]
    DuplicateCard {
        /// The hand's row.
        row: usize,
    },
}

/// [`EvalError::BatchLength`] when a batch's output is shorter than its input.
#[inline]
pub(crate) fn check_batch(hands: usize, out: usize) -> Result<(), EvalError> {
    if out < hands {
        return Err(EvalError::BatchLength { hands, out });
    }
    Ok(())
}

/// Anything that ranks 5-7 cards. The engine is generic over it, so a reference
/// evaluator can check the fast one and users can plug in their own.
pub trait HandEvaluator {
    /// Ranks a set of 5, 6 or 7 cards (the best five count, rule E1).
    fn evaluate(&self, cards: CardSet) -> Result<HandRank, EvalError>;

    /// Ranks many hands into `out` (same length or longer). The default is a loop;
    /// fast evaluators override it with a vectorizable version.
    fn evaluate_batch(&self, hands: &[CardSet], out: &mut [HandRank]) -> Result<(), EvalError> {
        check_batch(hands.len(), out.len())?;
        for (slot, hand) in out.iter_mut().zip(hands) {
            *slot = self.evaluate(*hand)?;
        }
        Ok(())
    }

    /// Ranks each pair of hole cards in `holes` together with the shared `board`
    /// (3-5 cards) into `out` (same length or longer): the showdown of one hand
    /// (E1: the best five of board and hole cards). A hole card repeated, or also on
    /// the board, is [`EvalError::DuplicateCard`]. The default builds each card set
    /// and calls [`HandEvaluator::evaluate`]; table-driven evaluators override it to
    /// read the board once and add two cards per hand.
    fn evaluate_on_board(
        &self,
        board: CardSet,
        holes: &[[Card; 2]],
        out: &mut [HandRank],
    ) -> Result<(), EvalError> {
        check_batch(holes.len(), out.len())?;
        for (slot, &[a, b]) in out.iter_mut().zip(holes) {
            if a == b || board.contains(a) || board.contains(b) {
                return Err(EvalError::DuplicateCard);
            }
            let mut set = board;
            set.insert(a);
            set.insert(b);
            *slot = self.evaluate(set)?;
        }
        Ok(())
    }
}
