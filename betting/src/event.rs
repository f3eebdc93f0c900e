//! Events: what every accepted input did. The event log is the hand history.

use arrayvec::ArrayVec;
use holdem_cards::Card;
use holdem_pots::{Chips, Seat, SeatSet};

use crate::{PostKind, Street, Timestamp};

/// Why the hand acted for a player (B16, B17).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum AutoReason {
    /// The player ran out of time (B16).
    TimeOut,
    /// The player is sitting out or absent (B17).
    SittingOut,
}

/// What the hand did for a player who could not act (B16, B17).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum AutoOutcome {
    /// Folded, facing a bet.
    Folded,
    /// Checked, with nothing to call.
    Checked,
    /// All-in protection (B16 house rule): all-in for what is already in the pot.
    AllInProtected,
}

/// Why a hand was turned face up (B21).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ShowReason {
    /// The player chose to show at showdown.
    Showdown,
    /// Betting ended with a player all-in: every hand is turned up (002).
    AllIn,
}

/// One thing that happened in a hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum Event {
    /// A forced bet was posted (`all_in` when it took the whole stack).
    Posted {
        /// The seat.
        seat: Seat,
        /// Which forced bet.
        kind: PostKind,
        /// The chips posted.
        amount: Chips,
        /// The post took the seat's last chip.
        all_in: bool,
    },
    /// Hole cards were dealt to a seat (`None` where unknown).
    HoleCardsDealt {
        /// The seat.
        seat: Seat,
        /// The cards.
        cards: [Option<Card>; 2],
    },
    /// A card was burned (C4).
    Burned {
        /// The card, when known.
        card: Option<Card>,
    },
    /// Board cards were dealt and a street began.
    BoardDealt {
        /// The street the cards open.
        street: Street,
        /// The cards: three on the flop, one (in slot 0) on the turn and river.
        cards: [Option<Card>; 3],
    },
    /// A betting round began; `first_to_act` is `None` when nobody can bet.
    BettingStarted {
        /// The street.
        street: Street,
        /// Who acts first (B6), if anyone.
        first_to_act: Option<Seat>,
    },
    /// A player folded.
    Folded {
        /// The seat.
        seat: Seat,
    },
    /// A player checked.
    Checked {
        /// The seat.
        seat: Seat,
    },
    /// A player called, to `to` on this street.
    Called {
        /// The seat.
        seat: Seat,
        /// The seat's total on this street after the call.
        to: Chips,
        /// The call took the seat's last chip (B15).
        all_in: bool,
    },
    /// A player opened the betting, to `to`.
    Bet {
        /// The seat.
        seat: Seat,
        /// The bet.
        to: Chips,
        /// The bet took the seat's last chip.
        all_in: bool,
    },
    /// A player raised, to `to`; `full` is false for an all-in short of a full raise,
    /// which does not reopen the betting (B12).
    Raised {
        /// The seat.
        seat: Seat,
        /// The new bet.
        to: Chips,
        /// The raise took the seat's last chip.
        all_in: bool,
        /// A full raise (reopens the betting).
        full: bool,
    },
    /// The hand acted for a player who timed out or sits out (B16, B17).
    AutoAction {
        /// The seat.
        seat: Seat,
        /// What was done.
        outcome: AutoOutcome,
        /// Why.
        reason: AutoReason,
    },
    /// The unmatched part of a bet went back to its owner (B14).
    UncalledReturned {
        /// The seat.
        seat: Seat,
        /// The chips returned.
        amount: Chips,
    },
    /// A betting round ended; `pot` is everything in the middle now.
    RoundClosed {
        /// The street.
        street: Street,
        /// The pot after the round.
        pot: Chips,
    },
    /// A hand was shown, with its rank when the board is complete.
    Showed {
        /// The seat.
        seat: Seat,
        /// The hole cards.
        cards: [Card; 2],
        /// Why it was shown.
        reason: ShowReason,
    },
    /// A player mucked at showdown (B21).
    Mucked {
        /// The seat.
        seat: Seat,
    },
    /// One pot was awarded (P1-P6, B22, B23), or with the board run more than once
    /// (B26) one run's part of it.
    PotAwarded {
        /// 0 is the main pot, then the side pots.
        index: u8,
        /// The run whose board decided it: 0, the first (and only, unless the
        /// players agreed to run the board more than once, B26), 1 or 2.
        #[cfg_attr(feature = "serde", serde(default))]
        run: u8,
        /// The chips in the pot before rake.
        amount: Chips,
        /// The rake taken from it.
        rake: Chips,
        /// Who won it.
        winners: SeatSet,
        /// What each winner gets, before odd chips.
        share: Chips,
        /// The first seat given an odd chip (P3), if the split was uneven.
        odd_chip_seat: Option<Seat>,
    },
    /// A player offered to run the rest of the board `runs` times (B26).
    RunsOffered {
        /// The offering seat.
        seat: Seat,
        /// The runs offered.
        runs: u8,
    },
    /// A player accepted or refused the offer to run the board more than once (B26).
    RunsAnswered {
        /// The answering seat.
        seat: Seat,
        /// `true` when accepted.
        accept: bool,
    },
    /// The offer is settled (B26): every player accepted (`runs` as offered) or one
    /// refused (`runs` is 1). The board is dealt `runs` times from here.
    RunsAgreed {
        /// The number of runs.
        runs: u8,
    },
    /// A new run of the board begins (B26): the board is back to the cards shared
    /// by every run, and the dealer deals this run's burns and cards.
    RunStarted {
        /// The run: 1 for the second, 2 for the third.
        run: u8,
    },
    /// A seat's stack once the hand is settled, and its net result.
    FinalStack {
        /// The seat.
        seat: Seat,
        /// The stack after the hand.
        stack: Chips,
        /// Stack after minus stack before.
        net: i64,
    },
    /// The hand is over.
    HandComplete,
}

/// An event and the timestamp of the input that caused it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct Stamped {
    /// The input's timestamp.
    pub at: Timestamp,
    /// The event.
    pub event: Event,
}

/// Anything that takes events: a `Vec`, a fixed [`Events`] buffer, a journal writer.
pub trait EventSink {
    /// `false` for a sink that drops every event ([`Discard`]): the hand then skips
    /// the loops that only produce events.
    const KEEPS_EVENTS: bool = true;

    /// Receives one event.
    fn push(&mut self, at: Timestamp, event: Event);
}

/// The most events one input can produce (a last action that ends the hand with
/// every seat shown, ranked and paid), with room to spare.
pub const MAX_EVENTS_PER_INPUT: usize = 8 * crate::MAX_SEATS + 16;

/// The fixed-capacity events of one input, returned by [`crate::Hand::apply`].
pub type Events = ArrayVec<Stamped, MAX_EVENTS_PER_INPUT>;

impl EventSink for Events {
    fn push(&mut self, at: Timestamp, event: Event) {
        // Capacity is an upper bound on one input's events; see MAX_EVENTS_PER_INPUT.
        let _ = self.try_push(Stamped { at, event });
    }
}

impl EventSink for Vec<Stamped> {
    fn push(&mut self, at: Timestamp, event: Event) {
        Vec::push(self, Stamped { at, event });
    }
}

/// A sink that drops every event (simulations that only want the result).
#[derive(Copy, Clone, Debug, Default)]
pub struct Discard;

impl EventSink for Discard {
    const KEEPS_EVENTS: bool = false;

    fn push(&mut self, _at: Timestamp, _event: Event) {}
}

/// A sink calling a closure for every event.
#[derive(Debug)]
pub struct FnSink<F>(pub F);

impl<F: FnMut(Timestamp, Event)> EventSink for FnSink<F> {
    fn push(&mut self, at: Timestamp, event: Event) {
        (self.0)(at, event);
    }
}
