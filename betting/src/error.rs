//! [`HandError`]: every way an input or a setup can be rejected.

use holdem_cards::Card;
use holdem_pots::{Chips, Seat};

use crate::{Action, InputKind, Pending, PostKind};

/// A rejected setup or input. Each variant names the rule it enforces; a rejected
/// input leaves the hand exactly as it was.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HandError {
    /// A config field is unusable.
    #[error("config field `{field}` {reason}")]
    InvalidConfig {
        /// The kebab-case field name.
        field: &'static str,
        /// Why, with the rule.
        reason: &'static str,
    },
    /// A hand needs 2 to `MAX_SEATS` players.
    #[error("a hand needs 2 to {max} players, not {count} (B1)", max = crate::MAX_SEATS)]
    PlayerCount {
        /// Players given.
        count: usize,
    },
    /// A seat index at or beyond `MAX_SEATS`.
    #[error("{seat} is beyond the {max} seats of a table", max = crate::MAX_SEATS)]
    SeatOutOfRange {
        /// The seat.
        seat: Seat,
    },
    /// Two players in one seat.
    #[error("{seat} is given twice")]
    DuplicateSeat {
        /// The seat.
        seat: Seat,
    },
    /// The stacks add up to more than [`crate::MAX_TOTAL_CHIPS`]: every sum the hand
    /// makes of them (pots, a pot-limit maximum) must fit in 64 bits.
    #[error("the stacks add up to more than {max} chips")]
    TooManyChips {
        /// The most chips a hand may hold in all.
        max: Chips,
    },
    /// A player with no chips cannot be dealt in (B15).
    #[error("{seat} has no chips and cannot be dealt in (B15)")]
    EmptyStack {
        /// The seat.
        seat: Seat,
    },
    /// The big blind's seat is not a player of the hand.
    #[error("the blind seat {seat} is not a player in this hand (B2)")]
    BlindSeatNotPlaying {
        /// The seat.
        seat: Seat,
    },
    /// The hand is over; no input is accepted.
    #[error("the hand is complete; {kind} rejected")]
    HandComplete {
        /// The input rejected.
        kind: InputKind,
    },
    /// The input is not the one the hand is waiting for (B7: out of turn, wrong phase).
    #[error("{kind} is not expected now: the hand waits for {pending} (B7)")]
    Unexpected {
        /// The input rejected.
        kind: InputKind,
        /// What the hand waits for.
        pending: Pending,
    },
    /// A player acted out of turn (B7).
    #[error("{seat} acted out of turn: {to_act} is to act (B7)")]
    OutOfTurn {
        /// The seat that tried.
        seat: Seat,
        /// The seat whose turn it is.
        to_act: Seat,
    },
    /// The seat is not dealt into this hand.
    #[error("{seat} is not in this hand")]
    NotInHand {
        /// The seat.
        seat: Seat,
    },
    /// A post of the wrong kind, seat or amount (B2, B3, B5).
    #[error("{seat} cannot post {kind:?} of {amount}: expected {expected} (B2)")]
    WrongPost {
        /// The seat that posted.
        seat: Seat,
        /// The kind posted.
        kind: PostKind,
        /// The amount posted.
        amount: Chips,
        /// What the hand expects.
        expected: Pending,
    },
    /// A check facing a bet (B7).
    #[error("{seat} cannot check: {to_call} to call (B7)")]
    CannotCheck {
        /// The seat.
        seat: Seat,
        /// Chips to put in to call.
        to_call: Chips,
    },
    /// A call with nothing to call (B7).
    #[error("{seat} cannot call: nothing to call, check instead (B7)")]
    NothingToCall {
        /// The seat.
        seat: Seat,
    },
    /// A bet when the street already has a bet (B7).
    #[error("{seat} cannot bet: there is already a bet of {current}; raise instead (B7)")]
    BetFacingBet {
        /// The seat.
        seat: Seat,
        /// The current bet.
        current: Chips,
    },
    /// A raise with no bet to raise (B7).
    #[error("{seat} cannot raise: there is no bet on this street; bet instead (B7)")]
    RaiseWithoutBet {
        /// The seat.
        seat: Seat,
    },
    /// A bet or raise amount that is not a whole number of chip units (B24).
    #[error("{action} by {seat} is not a multiple of the chip unit {unit} (B24)")]
    NotWholeUnits {
        /// The seat.
        seat: Seat,
        /// The action.
        action: Action,
        /// The chip unit.
        unit: Chips,
    },
    /// A bet below the minimum (B10: the big blind).
    #[error("bet to {amount} by {seat} is below the minimum bet of {min} (B10)")]
    BetBelowMinimum {
        /// The seat.
        seat: Seat,
        /// The amount.
        amount: Chips,
        /// The minimum.
        min: Chips,
    },
    /// A raise below the minimum (B10, B12).
    #[error("raise to {amount} by {seat} is below the minimum raise to {min} ({rule})")]
    RaiseBelowMinimum {
        /// The seat.
        seat: Seat,
        /// The amount.
        amount: Chips,
        /// The minimum.
        min: Chips,
        /// `B10`, or `B12` after an incomplete all-in.
        rule: &'static str,
    },
    /// A bet or raise above the pot-limit maximum (B11).
    #[error("{action} by {seat} is above the pot-limit maximum of {max} (B11)")]
    AbovePotLimit {
        /// The seat.
        seat: Seat,
        /// The action.
        action: Action,
        /// The largest total allowed.
        max: Chips,
    },
    /// A fixed-limit bet or raise of the wrong size (B9).
    #[error("{action} by {seat}: fixed limit allows only {required} on this street (B9)")]
    FixedLimitAmount {
        /// The seat.
        seat: Seat,
        /// The action.
        action: Action,
        /// The only total allowed.
        required: Chips,
    },
    /// More chips than the seat has (B15: table stakes).
    #[error("{action} by {seat} needs more than its {max} in total (B15)")]
    MoreThanStack {
        /// The seat.
        seat: Seat,
        /// The action.
        action: Action,
        /// The seat's all-in total on this street.
        max: Chips,
    },
    /// A fixed-limit round is capped (B9).
    #[error("{seat} cannot raise: the betting is capped at {bets} bets (B9)")]
    Capped {
        /// The seat.
        seat: Seat,
        /// Bets made this round.
        bets: u8,
    },
    /// The betting was not reopened to this player (B8, B12).
    #[error("{seat} cannot raise: the betting was not reopened since it acted (B8, B12)")]
    NotReopened {
        /// The seat.
        seat: Seat,
    },
    /// Nobody is left who could call a raise (every opponent is all-in).
    #[error("{seat} cannot raise: every opponent is all-in (B15)")]
    NobodyToRaise {
        /// The seat.
        seat: Seat,
    },
    /// A known card dealt twice (C1).
    #[error("{card} is already dealt in this hand (C1)")]
    DuplicateCard {
        /// The card.
        card: Card,
    },
    /// Hole cards dealt to a seat twice (C3).
    #[error("{seat} already has its hole cards (C3)")]
    AlreadyDealt {
        /// The seat.
        seat: Seat,
    },
    /// A second burn before the same street (C4).
    #[error("a card is already burned before this street (C4)")]
    AlreadyBurned,
    /// Shown cards differ from the known hole cards.
    #[error("{seat} shows cards other than the ones it was dealt (B21)")]
    ShownCardsDiffer {
        /// The seat.
        seat: Seat,
    },
    /// A show without cards for a seat whose cards the hand does not know.
    #[error("{seat}'s hole cards are unknown: show them with the cards (B21)")]
    UnknownHoleCards {
        /// The seat.
        seat: Seat,
    },
    /// A straddle that cannot be posted (B3, B6, B24).
    #[error("{seat} cannot straddle: {reason}")]
    InvalidStraddle {
        /// The seat.
        seat: Seat,
        /// Why, with the rule.
        reason: &'static str,
    },
    /// A forced bet for a seat that is not in the hand.
    #[error("{seat} has a forced bet but is not a player in this hand (B5)")]
    ForcedBetSeatNotPlaying {
        /// The seat.
        seat: Seat,
    },
    /// A muck at showdown when the house rule makes every contender show (B21).
    #[error("{seat} may not muck: every hand is shown at showdown here (B21)")]
    MuckNotAllowed {
        /// The seat.
        seat: Seat,
    },
    /// A muck that would leave a pot with no hand to award it to: the last hand
    /// that can win a pot is shown (B21).
    #[error("{seat} may not muck: it is the last hand that can win a pot it is in (B21)")]
    LastHandInPot {
        /// The seat.
        seat: Seat,
    },
    /// A re-raise above double the bet by less than the big blind (seed 004 house
    /// rule, B10): the total must be exactly `double` or at least `next`.
    #[error(
        "raise to {amount} by {seat}: above double ({double}) a re-raise must add at least the big blind, to {next} (B10, 004)"
    )]
    ReraiseStep {
        /// The seat.
        seat: Seat,
        /// The amount.
        amount: Chips,
        /// Double the bet raised: the smallest re-raise.
        double: Chips,
        /// The smallest total above `double`: `double` plus the big blind.
        next: Chips,
    },
    /// A hand cannot be ranked because a board card is unknown.
    #[error("the board has unknown cards: hands cannot be ranked (E1)")]
    UnknownBoard,
    /// An offer to run the board more than once, or an answer to one, that the hand
    /// cannot take now (B26).
    #[error("{seat} cannot offer or answer running the board more than once: {reason} (B26)")]
    RunsNotPossible {
        /// The seat that offered or answered.
        seat: Seat,
        /// Why, in words.
        reason: &'static str,
    },
    /// A board card while an offer to run the board `runs` times waits for answers:
    /// `seat` is the next to accept or refuse (B26).
    #[error("the board waits for {seat} to accept or refuse running it {runs} times (B26)")]
    RunsUndecided {
        /// The next seat to answer.
        seat: Seat,
        /// The runs offered.
        runs: u8,
    },
    /// The evaluator refused a hand.
    #[error("hand evaluation failed: {0}")]
    Eval(#[from] holdem_eval::EvalError),
    /// The pots crate refused the settlement (a bug in this crate if it ever happens).
    #[error("settlement failed: {0}")]
    Pots(#[from] holdem_pots::PotsError),
}

impl HandError {
    /// The rule ID the error enforces (for reports like
    /// `action 9 "p3 cbr 250": raise below minimum 300 (B10)`), or `""` for none.
    #[must_use]
    pub fn rule(&self) -> &'static str {
        match self {
            HandError::InvalidConfig { .. }
            | HandError::Eval(_)
            | HandError::Pots(_)
            | HandError::TooManyChips { .. } => "",
            HandError::PlayerCount { .. } => "B1",
            HandError::SeatOutOfRange { .. }
            | HandError::DuplicateSeat { .. }
            | HandError::NotInHand { .. }
            | HandError::HandComplete { .. } => "",
            HandError::EmptyStack { .. }
            | HandError::MoreThanStack { .. }
            | HandError::NobodyToRaise { .. } => "B15",
            HandError::BlindSeatNotPlaying { .. } | HandError::WrongPost { .. } => "B2",
            HandError::InvalidStraddle { .. } => "B3",
            HandError::ForcedBetSeatNotPlaying { .. } => "B5",
            HandError::Unexpected { .. }
            | HandError::OutOfTurn { .. }
            | HandError::CannotCheck { .. }
            | HandError::NothingToCall { .. }
            | HandError::BetFacingBet { .. }
            | HandError::RaiseWithoutBet { .. } => "B7",
            HandError::NotWholeUnits { .. } => "B24",
            HandError::BetBelowMinimum { .. } => "B10",
            HandError::RaiseBelowMinimum { rule, .. } => rule,
            HandError::AbovePotLimit { .. } => "B11",
            HandError::FixedLimitAmount { .. } | HandError::Capped { .. } => "B9",
            HandError::NotReopened { .. } => "B12",
            HandError::DuplicateCard { .. } => "C1",
            HandError::AlreadyDealt { .. } => "C3",
            HandError::AlreadyBurned => "C4",
            HandError::ShownCardsDiffer { .. }
            | HandError::UnknownHoleCards { .. }
            | HandError::MuckNotAllowed { .. }
            | HandError::LastHandInPot { .. } => "B21",
            HandError::ReraiseStep { .. } => "B10",
            HandError::UnknownBoard => "E1",
            HandError::RunsNotPossible { .. } | HandError::RunsUndecided { .. } => "B26",
        }
    }

    /// The minimum and maximum totals that would have been accepted, where the error
    /// is about an amount.
    #[must_use]
    pub fn bounds(&self) -> Option<(Chips, Chips)> {
        match *self {
            HandError::BetBelowMinimum { min, .. } | HandError::RaiseBelowMinimum { min, .. } => {
                Some((min, Chips::MAX))
            }
            HandError::AbovePotLimit { max, .. } | HandError::MoreThanStack { max, .. } => {
                Some((Chips::ZERO, max))
            }
            HandError::FixedLimitAmount { required, .. } => Some((required, required)),
            HandError::ReraiseStep { double, .. } => Some((double, Chips::MAX)),
            _ => None,
        }
    }
}
