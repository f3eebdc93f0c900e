//! [`PotsError`]: every way an input to this crate can be wrong.

use crate::{Chips, MAX_POT_SEATS, Seat};

/// Bad input to the chip-accounting functions. Each variant names what is wrong and
/// where; no function of this crate panics on bad input, and none has partial effects
/// (they are pure: an error means no result at all).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PotsError {
    /// A seat index at or above [`MAX_POT_SEATS`].
    #[error("seat index {index} is out of range: seats are 0..{max}", max = MAX_POT_SEATS)]
    SeatOutOfRange {
        /// The index given.
        index: u8,
    },
    /// A seat bitmask with bits at or above [`MAX_POT_SEATS`].
    #[error("seat set {bits:#x} names seats at or above {max}", max = MAX_POT_SEATS)]
    SeatSetOutOfRange {
        /// The bits given.
        bits: u32,
    },
    /// A table with no seats or more than [`MAX_POT_SEATS`].
    #[error("a table has 1..={max} seats, not {seat_count}", max = MAX_POT_SEATS)]
    SeatCount {
        /// The seat count given.
        seat_count: u8,
    },
    /// The button is not one of the table's seats.
    #[error(
        "button on {button} is not a seat of this {seat_count}-seat table (rule P3 needs the button)"
    )]
    ButtonNotASeat {
        /// The button given.
        button: Seat,
        /// The table's seat count.
        seat_count: u8,
    },
    /// Nobody is in the hand: no contributions at all.
    #[error("no seat is in the hand: settling needs at least one contribution")]
    EmptyHand,
    /// A seat appears twice in the contributions.
    #[error("{seat} appears twice in the contributions")]
    DuplicateSeat {
        /// The repeated seat.
        seat: Seat,
    },
    /// A contribution names a seat the table does not have.
    #[error("{seat} contributed but is not a seat of this {seat_count}-seat table")]
    SeatNotAtTable {
        /// The seat given.
        seat: Seat,
        /// The table's seat count.
        seat_count: u8,
    },
    /// The contributions add up to more chips than a `u64` holds (rule B24).
    #[error("contributions overflow: adding {amount} from {seat} exceeds {max} chips (rule B24)", max = Chips::MAX)]
    ContributionOverflow {
        /// The seat whose contribution overflowed the total.
        seat: Seat,
        /// Its contribution.
        amount: Chips,
    },
    /// Every seat in the hand folded, so nobody can win the pot (rule P2).
    #[error("every seat in the hand folded; folded seats cannot win a pot (rule P2)")]
    NoLiveSeat,
    /// A seat still active (not all-in, not folded) put in less than the bet it faces:
    /// the betting is not finished.
    #[error(
        "{seat} is active with {contributed} in but the bet to call is {to_call}: betting is not complete (rule P1)"
    )]
    ActiveBelowCall {
        /// The active seat.
        seat: Seat,
        /// What it put in.
        contributed: Chips,
        /// The largest live contribution after the uncalled bet is returned (B14).
        to_call: Chips,
    },
    /// A hand strength was given for a seat that is not in the hand.
    #[error("a hand strength is given for {seat}, which is not in the hand")]
    StrengthForSeatNotInHand {
        /// The seat.
        seat: Seat,
    },
    /// A hand strength was given for a seat that folded.
    #[error(
        "a hand strength is given for {seat}, which folded and is eligible for no pot (rule P2)"
    )]
    StrengthForFoldedSeat {
        /// The seat.
        seat: Seat,
    },
    /// Two hand strengths were given for one seat.
    #[error("two hand strengths are given for {seat}")]
    DuplicateStrength {
        /// The seat.
        seat: Seat,
    },
    /// A pot contested by two or more seats, none of which showed a hand.
    #[error(
        "pot {pot} is contested by {eligible} seats but none of them has a hand strength (rule P6)"
    )]
    NoHandForPot {
        /// The pot's index (0 = main pot).
        pot: usize,
        /// How many seats are eligible for it.
        eligible: usize,
    },
    /// A winner named for a pot is not eligible for it.
    #[error("{seat} is named a winner of pot {pot} but is not eligible for it (rules P1, P6)")]
    WinnerNotEligible {
        /// The seat named.
        seat: Seat,
        /// The pot's index (0 = main pot).
        pot: usize,
    },
    /// No winner named for a pot.
    #[error("pot {pot} has no winner")]
    NoWinner {
        /// The pot's index (0 = main pot).
        pot: usize,
    },
    /// A rake above the pot: rake rate over 100%, or a given rake larger than the pot.
    #[error("rake {rake} is more than pot {pot}'s {amount} chips (rule B23)")]
    RakeExceedsPot {
        /// The pot's index (0 = main pot).
        pot: usize,
        /// The rake asked for.
        rake: Chips,
        /// The pot's size.
        amount: Chips,
    },
    /// A rake policy rate above 10,000 basis points (100%).
    #[error("rake rate of {basis_points} basis points is above 10000 (100%) (rule B23)")]
    RakeRate {
        /// The rate given.
        basis_points: u16,
    },
    /// More pots than one hand can have ([`MAX_POTS`](crate::MAX_POTS)).
    #[error("{count} pots given; one hand has at most {max}", max = crate::MAX_POTS)]
    TooManyPots {
        /// How many were given.
        count: usize,
    },
}
