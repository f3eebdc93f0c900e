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
//!   leaves the hand as it was. The one step that can fail after a change is a
//!   showdown's settlement refused by the pots (P1; reachable with per-seat antes
//!   of several sizes): a show or a muck is then undone, and an input that may
//!   settle a contested showdown inside it runs on a copy put back
//!   ([`Hand::atomically`]), so the input still changes nothing.
//! - Nothing here allocates: events go to the caller's [`EventSink`].

mod acting;
mod dealing;
mod posting;
mod showdown;
mod streets;

use holdem_eval::HandEvaluator;

use holdem_cards::CardSet;

use crate::event::{AutoReason, Discard, Event, EventSink, Events, ShowReason};
use crate::hand::Phase;
use crate::legal::Resolved;
use crate::runs::MAX_BOARD_RUNS;
use crate::state::SeatState;
use crate::{Hand, HandError, Input, MAX_SEATS, Street, Timestamp};

/// What a show or a muck changes before the showdown may settle (B21), kept to
/// put back when the settlement is refused.
struct ShowUndo {
    seat: usize,
    state: SeatState,
    shown: u32,
    mucked: u32,
    to_act: Option<holdem_pots::Seat>,
    known: CardSet,
    run_ranks: [[u16; MAX_SEATS]; MAX_BOARD_RUNS as usize - 1],
}

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
    /// input is rejected by its validation; a settlement refused inside it leaves
    /// the hand as it was, and the events pushed before the refusal in `sink`).
    /// Allocates nothing itself.
    ///
    /// # Errors
    /// As [`Hand::apply`].
    #[inline]
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
        // Antes of one size (every hand but per-seat antes of several sizes):
        // the settlement cannot be refused, and no copy is needed.
        if !self.antes_even
            && self.street == Street::River
            && self.config.showdown.all_in_hands_face_up
            && self.may_settle_face_up(seat, resolved)
        {
            return self.act_atomically(at, seat, resolved, sink);
        }
        self.act(at, seat, resolved, sink);
        self.advance(at, seat, sink);
        Ok(())
    }

    /// [`Hand::act_in_turn`] for an action that may close the river's betting
    /// with every hand face up (B21), settling the showdown inside it: through
    /// [`Hand::atomically`].
    #[cold]
    #[inline(never)]
    fn act_atomically<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: holdem_pots::Seat,
        resolved: Resolved,
        sink: &mut S,
    ) -> Result<(), HandError> {
        self.atomically(at, sink, |hand, sink| {
            hand.act(at, seat, resolved, sink);
            hand.advance(at, seat, sink);
            Ok(())
        })
    }

    /// B21: on the river under the all-in-hands-face-up rule, `true` when
    /// `seat`'s `action` may close the betting with every hand face up (a
    /// contender all-in), so that the showdown settles inside this input.
    #[inline(always)]
    fn may_settle_face_up(&self, seat: holdem_pots::Seat, action: Resolved) -> bool {
        let st = &self.seats[seat.as_usize()];
        let all_in = match action {
            Resolved::Fold | Resolved::Check => false,
            Resolved::Call { to } | Resolved::Bet { to, .. } | Resolved::Raise { to, .. } => {
                to.saturating_sub(st.street_bet) >= st.stack
            }
        };
        all_in || self.all_in_showdown || self.contenders().bits() & !self.active != 0
    }

    /// Runs `input` (validated by the caller or by itself before any change) on
    /// a hand that may settle a contested showdown inside it, where nothing
    /// earlier in the input can be undone step by step: the hand is copied
    /// first, and a refused settlement (or any error) puts the copy back, so the
    /// input changes nothing. Events pushed before the refusal stay in `sink`
    /// ([`Hand::apply`] drops them with its buffer).
    #[cold]
    #[inline(never)]
    fn atomically<S: EventSink>(
        &mut self,
        at: Timestamp,
        sink: &mut S,
        input: impl FnOnce(&mut Self, &mut S) -> Result<(), HandError>,
    ) -> Result<(), HandError> {
        let before = self.clone();
        let refused = match input(self, sink) {
            Err(e) => Some(e),
            // A settlement the round's close or a deal could not report (it
            // returns nothing): the showdown waits for nothing without a result.
            Ok(()) if self.showdown_unsettled() => Some(match self.try_settle(at, &mut Discard) {
                Err(e) => e,
                Ok(()) => HandError::UnknownBoard,
            }),
            Ok(()) => None,
        };
        match refused {
            Some(e) => {
                *self = before;
                Err(e)
            }
            None => Ok(()),
        }
    }

    /// A deal that may settle the showdown inside it: through
    /// [`Hand::atomically`].
    #[cold]
    #[inline(never)]
    fn deal_atomically<S: EventSink>(
        &mut self,
        at: Timestamp,
        deal: crate::DealerInput,
        sink: &mut S,
    ) -> Result<(), HandError> {
        self.atomically(at, sink, |hand, sink| hand.apply_deal(at, deal, sink))
    }

    /// `true` when the showdown should have settled and did not: a settlement
    /// refused inside an input.
    fn showdown_unsettled(&self) -> bool {
        matches!(self.phase, Phase::Showdown) && self.result.is_none() && self.showdown_settles()
    }

    /// Takes back the common show of `seat` (the seat to show, with cards and a
    /// rank the hand knew) when the settlement it led to was refused.
    #[cold]
    #[inline(never)]
    fn unshow(&mut self, seat: holdem_pots::Seat) {
        self.seats[seat.as_usize()].shown = false;
        self.shown &= !(1 << seat.as_usize());
        self.to_act = Some(seat);
    }

    /// What a show or a muck changes before the showdown may settle.
    fn show_undo(&self, seat: holdem_pots::Seat) -> ShowUndo {
        ShowUndo {
            seat: seat.as_usize(),
            state: self.seats[seat.as_usize()],
            shown: self.shown,
            mucked: self.mucked,
            to_act: self.to_act,
            known: self.known,
            run_ranks: self.runs.ranks,
        }
    }

    /// Puts back what a show or a muck changed, when the settlement it led to
    /// was refused: the input then changes nothing.
    #[cold]
    #[inline(never)]
    fn undo_show(&mut self, undo: &ShowUndo) {
        self.seats[undo.seat] = undo.state;
        self.shown = undo.shown;
        self.mucked = undo.mucked;
        self.to_act = undo.to_act;
        self.known = undo.known;
        self.runs.ranks = undo.run_ranks;
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
            // A board dealt to a board run more than once (B26), or with every
            // hand face up and antes of several sizes, may settle the showdown
            // inside the deal and have the settlement refused.
            if self.runs.count > 1 || (self.all_in_showdown && !self.antes_even) {
                return self.deal_atomically(at, deal, sink);
            }
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
                    if self.antes_even {
                        // Antes of one size: the settlement cannot be refused.
                        return self.advance_showdown(at, sink);
                    }
                    // A refused settlement: the show is taken back (it changed the
                    // seat's flag, the shown bits and the seat to show, `seat`).
                    return self
                        .advance_showdown(at, sink)
                        .inspect_err(|_| self.unshow(seat));
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
                self.atomically(at, sink, |hand, sink| {
                    hand.auto_act(at, seat, AutoReason::TimeOut, sink);
                    hand.advance(at, seat, sink);
                    Ok(())
                })
            }
            Input::Show { seat, cards } => self.show(at, seat, cards, sink, &input),
            Input::OfferRuns { seat, runs } => {
                self.atomically(at, sink, |hand, sink| hand.offer_runs(at, seat, runs, sink))
            }
            Input::AnswerRuns { seat, accept } => self.atomically(at, sink, |hand, sink| {
                hand.answer_runs(at, seat, accept, sink)
            }),
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
                let undo = self.show_undo(seat);
                self.seats[seat.as_usize()].mucked = true;
                self.mucked |= 1 << seat.as_usize();
                sink.push(at, Event::Mucked { seat });
                self.advance_showdown(at, sink)
                    .inspect_err(|_| self.undo_show(&undo))
            }
        }
    }
}
