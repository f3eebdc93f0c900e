//! [`Hand::apply`]: validate an input fully, then change the state and emit events.
//!
//! This module dispatches each [`Input`] to the phase that handles it, one file per
//! phase of the hand:
//! - [`posting`]: the forced bets (blinds, antes, straddles) before the cards;
//! - [`dealing`]: hole cards, burns and the board, with the card checks (C1, C3, C4);
//! - [`acting`]: whose turn it is, betting actions, automatic actions for seats that
//!   time out or sit out, and moving the action on;
//! - [`streets`]: starting a betting round and closing it (uncalled bets back, bets
//!   gathered into the pot, all-in hands turned face up);
//! - [`showdown`]: the showing order, shows and mucks, ranking the hands.
//!
//! Settling the pots is in `crate::result`, running the board more than once in
//! `crate::runs`.
//!
//! # Invariants
//! - Every input is validated in full before anything changes: a refused input
//!   leaves the hand as it was, and nothing can fail after the first change.
//! - Nothing here allocates: events go to the caller's [`EventSink`].

mod acting;
mod dealing;
mod posting;
mod showdown;
mod streets;

use holdem_eval::HandEvaluator;

use crate::event::{AutoReason, Event, EventSink, Events, ShowReason};
use crate::hand::Phase;
use crate::{Hand, HandError, Input, Timestamp};

impl<E: HandEvaluator + Clone> Hand<E> {
    /// Applies one input at time `at` and returns its events (a fixed-capacity
    /// buffer: nothing is allocated). A rejected input returns a [`HandError`] and
    /// leaves the hand exactly as it was.
    ///
    /// # Errors
    /// Any [`HandError`] naming the rule the input breaks.
    pub fn apply(&mut self, at: Timestamp, input: Input) -> Result<Events, HandError> {
        let mut events = Events::new();
        self.apply_into(at, input, &mut events)?;
        Ok(events)
    }

    /// Applies one input, pushing its events into `sink` (nothing is pushed when the
    /// input is rejected). Allocates nothing itself.
    ///
    /// # Errors
    /// As [`Hand::apply`].
    pub fn apply_into<S: EventSink>(
        &mut self,
        at: Timestamp,
        input: Input,
        sink: &mut S,
    ) -> Result<(), HandError> {
        // Every input is validated in full before anything changes; showdown ranks
        // are computed during validation too, so nothing can fail after a change.
        if let Input::Act { seat, action } = input {
            // The hot path: a betting action in turn.
            if matches!(self.phase, Phase::Betting) && self.to_act == Some(seat) {
                return self.act_in_turn(at, seat, action, sink);
            }
        }
        self.apply_other(at, input, sink)
    }

    /// The hot path of [`Hand::apply_into`]: `seat`, the seat to act in a betting
    /// round (the caller has just read it from [`Hand::pending`]), takes `action`.
    /// Inlined into the driver's loop as well as into `apply_into`.
    #[inline(always)]
    pub(crate) fn act_in_turn<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: holdem_pots::Seat,
        action: crate::Action,
        sink: &mut S,
    ) -> Result<(), HandError> {
        debug_assert!(matches!(self.phase, Phase::Betting) && self.to_act == Some(seat));
        // Valid folds, checks and calls skip building a `Result`.
        let resolved = match self.simple(seat, action) {
            Some(resolved) => resolved,
            None => self.resolve(seat, action)?,
        };
        self.act(at, seat, resolved, sink);
        self.advance(at, seat, sink);
        Ok(())
    }

    #[inline(never)]
    fn apply_other<S: EventSink>(
        &mut self,
        at: Timestamp,
        input: Input,
        sink: &mut S,
    ) -> Result<(), HandError> {
        if let Input::Deal(deal) = input {
            // Dealer inputs go straight to their own path (it checks the phase).
            return self.apply_deal(at, deal, sink);
        }
        if let Input::Post { seat, kind, amount } = input {
            if matches!(self.phase, Phase::Posting) {
                // A post while posting: straight to its checks.
                return self.post(at, seat, kind, amount, sink, &input);
            }
        }
        if let Input::Show { seat, cards: None } = input {
            // The common show: in turn, cards the hand knows, ranked at the river.
            // Exactly what `show` does for it, without its checks for revealed cards.
            if matches!(self.phase, Phase::Showdown) && self.to_act == Some(seat) {
                let st = &mut self.seats[seat.as_usize()];
                if let ([Some(a), Some(b)], Some(_)) = (st.hole, st.rank) {
                    self.mark_shown(at, seat, [a, b], ShowReason::Showdown, sink);
                    return self.advance_showdown(at, sink);
                }
            }
        }
        self.apply_checked(at, input, sink)
    }

    /// The rest of [`Hand::apply_other`], out of line so that the dealer inputs and
    /// the common show above run without its register saves.
    #[inline(never)]
    fn apply_checked<S: EventSink>(
        &mut self,
        at: Timestamp,
        input: Input,
        sink: &mut S,
    ) -> Result<(), HandError> {
        if matches!(self.phase, Phase::Complete) {
            return Err(HandError::HandComplete { kind: input.kind() });
        }
        self.apply_inner(at, input, sink)
    }

    fn unexpected(&self, input: &Input) -> HandError {
        HandError::Unexpected {
            kind: input.kind(),
            pending: self.pending(),
        }
    }

    fn apply_inner<S: EventSink>(
        &mut self,
        at: Timestamp,
        input: Input,
        sink: &mut S,
    ) -> Result<(), HandError> {
        match input {
            Input::Post { seat, kind, amount } => self.post(at, seat, kind, amount, sink, &input),
            Input::Deal(deal) => self.apply_deal(at, deal, sink),
            Input::Act { seat, action } => {
                self.check_turn(seat, &input)?;
                let resolved = self.resolve(seat, action)?;
                self.act(at, seat, resolved, sink);
                self.advance(at, seat, sink);
                Ok(())
            }
            Input::TimeOut { seat } => {
                self.check_turn(seat, &input)?;
                self.auto_act(at, seat, AutoReason::TimeOut, sink);
                self.advance(at, seat, sink);
                Ok(())
            }
            Input::Show { seat, cards } => self.show(at, seat, cards, sink, &input),
            Input::OfferRuns { seat, runs } => self.offer_runs(at, seat, runs, sink),
            Input::AnswerRuns { seat, accept } => self.answer_runs(at, seat, accept, sink),
            Input::Muck { seat } => {
                if !matches!(self.phase, Phase::Showdown) {
                    return Err(self.unexpected(&input));
                }
                self.check_shower(seat)?;
                if !self.config.showdown.losers_may_muck {
                    return Err(HandError::MuckNotAllowed { seat });
                }
                if self.last_hand_in_a_pot(seat) {
                    return Err(HandError::LastHandInPot { seat });
                }
                self.seats[seat.as_usize()].mucked = true;
                self.mucked |= 1 << seat.as_usize();
                sink.push(at, Event::Mucked { seat });
                self.advance_showdown(at, sink)
            }
        }
    }
}
