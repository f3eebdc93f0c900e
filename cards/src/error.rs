//! `DeckError`: everything that can go wrong with a deck, a deal or a button draw.

use crate::Card;

/// Why a deck, deal or button-draw operation was refused. The deck is left
/// exactly as it was whenever an error is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DeckError {
    /// A card was asked of a deck with none left.
    #[error(
        "the deck is empty: {needed} more card(s) needed, none left (rule C1: one deck per hand)"
    )]
    Empty {
        /// How many cards the operation still needed.
        needed: usize,
    },
    /// An operation needs more cards than the deck holds.
    #[error("{needed} cards needed but only {left} left in the deck")]
    NotEnoughCards {
        /// Cards the operation needs.
        needed: usize,
        /// Cards left in the deck.
        left: usize,
    },
    /// The operating system's random source failed, so no secure shuffle was made (rule C2).
    #[error("the OS random source failed ({0}); refusing to shuffle without it (rule C2)")]
    Entropy(#[source] rand_core::OsError),
    /// A stacked deck (a replay's recorded order) holds the same card twice.
    #[error(
        "card {card} appears twice in the deck order (second time at position {position}; rule C1)"
    )]
    DuplicateCard {
        /// The repeated card.
        card: Card,
        /// Index of its second occurrence in the given order.
        position: usize,
    },
    /// A stacked deck holds more than 52 cards.
    #[error("a deck order of {0} cards is longer than one 52-card deck (rule C1)")]
    TooManyCards(usize),
    /// A deal needs at least two seats, and at most as many as one deck can serve.
    #[error("{seats} seats cannot be dealt a hand: between {min} and {max} are needed (rule C3)")]
    SeatCount {
        /// The seat count given.
        seats: usize,
        /// The fewest seats allowed.
        min: usize,
        /// The most seats allowed.
        max: usize,
    },
    /// The button index is not one of the seats in the hand.
    #[error("button index {button} is not a seat of a {seats}-seat hand (seats are 0..{seats})")]
    ButtonOutOfRange {
        /// The button index given.
        button: usize,
        /// The number of seats in the hand.
        seats: usize,
    },
    /// An output buffer passed to a deal is shorter than the number of seats.
    #[error("the hole-card buffer holds {len} seats but {seats} are dealt")]
    BufferTooShort {
        /// The buffer's length.
        len: usize,
        /// The number of seats dealt.
        seats: usize,
    },
    /// A button draw with no occupied seat.
    #[error("no occupied seat to draw the button among (rule C5)")]
    NoSeats,
    /// A first-seated button draw whose arrival order names no occupied seat.
    #[error(
        "the arrival order names none of the occupied seats, so no first-seated player (rule C5)"
    )]
    NoArrival,
    /// Misdeal rules whose threshold is zero exposed cards.
    #[error(
        "a misdeal needs at least 1 exposed card: zero exposed cards cannot make a misdeal (rule C6)"
    )]
    MisdealThreshold,
}
