//! Acting: whose turn it is (B8), applying a validated action (B9, B10, B25), acting
//! for a seat that times out or sits out (B16, B17), and moving the action on to the
//! next seat or the end of the round. [`Hand::act`] and [`Hand::advance`] are the hot
//! path of every betting action.

use holdem_eval::HandEvaluator;
use holdem_pots::{Chips, Seat};

use crate::event::{AutoOutcome, AutoReason, Event, EventSink};
use crate::hand::Phase;
use crate::legal::Resolved;
use crate::{BettingStructure, Hand, HandError, Input, SeatStatus, Timestamp};

impl<E: HandEvaluator + Clone> Hand<E> {
    #[inline]
    pub(super) fn check_turn(&self, seat: Seat, input: &Input) -> Result<(), HandError> {
        if matches!(self.phase, Phase::Betting) && self.to_act == Some(seat) {
            return Ok(());
        }
        self.turn_error(seat, input)
    }

    #[cold]
    #[inline(never)]
    pub(super) fn turn_error(&self, seat: Seat, input: &Input) -> Result<(), HandError> {
        if !matches!(self.phase, Phase::Betting) {
            return Err(self.unexpected(input));
        }
        if self.status(seat) == SeatStatus::Empty {
            return Err(HandError::NotInHand { seat });
        }
        match self.to_act {
            Some(to_act) if to_act == seat => Ok(()),
            Some(to_act) => Err(HandError::OutOfTurn { seat, to_act }),
            None => Err(self.unexpected(input)),
        }
    }

    /// The first seat clockwise after `from` that must still act in this round (B8):
    /// an active seat facing a bet, or one that has not acted while two or more seats
    /// can bet.
    pub(super) fn find_next(&self, from: Seat) -> Option<Seat> {
        let active = self.active;
        let needs = if active.count_ones() >= 2 {
            active & (self.behind | !self.acted)
        } else {
            active & self.behind
        };
        if needs == 0 {
            return None;
        }
        // Seats after `from` first, then from the lowest index (wrapping).
        let after = needs & !((2u32 << from.as_usize()) - 1);
        let next = if after != 0 { after } else { needs };
        Seat::new(next.trailing_zeros() as u8)
    }

    /// Applies a validated action (cannot fail).
    pub(super) fn act<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: Seat,
        action: Resolved,
        sink: &mut S,
    ) {
        let current = self.current_bet;
        let bit = 1u32 << seat.as_usize();
        let st = &mut self.seats[seat.as_usize()];
        // The seat masks change only for this seat (and `behind` on a raise): kept in
        // step here instead of a full `sync_seat`.
        self.acted |= bit;
        self.behind &= !bit;
        let event = match action {
            Resolved::Fold => {
                st.status = SeatStatus::Folded;
                self.folded.insert(seat);
                self.active &= !bit;
                Event::Folded { seat }
            }
            Resolved::Check => {
                st.acted_at = current;
                Event::Checked { seat }
            }
            Resolved::Call { to } => {
                st.put_live(to - st.street_bet);
                // A call, bet or raise puts chips in (an active seat has some).
                self.bettors |= bit;
                st.acted_at = current;
                if st.stack == 0 {
                    self.active &= !bit;
                }
                Event::Called {
                    seat,
                    to: Chips(to),
                    all_in: st.stack == 0,
                }
            }
            Resolved::Bet { to, full } | Resolved::Raise { to, full } => {
                st.put_live(to - st.street_bet);
                // A call, bet or raise puts chips in (an active seat has some).
                self.bettors |= bit;
                st.acted_at = to.max(current);
                let all_in = st.stack == 0;
                if all_in {
                    self.active &= !bit;
                }
                if full {
                    // Fixed limit keeps its increment: the bet size (B9; B25 counts an
                    // all-in of half a bet as a full one without changing it).
                    if !matches!(
                        self.config.structure_on(self.street),
                        BettingStructure::FixedLimit { .. }
                    ) {
                        let base = match self.config.incomplete_all_in {
                            crate::IncompleteAllInRule::StandardLastFullIncrement => current,
                            crate::IncompleteAllInRule::FullRaiseOverLastFullBet => {
                                self.last_full_bet
                            }
                        };
                        // B10: the largest increment of the round sets the minimum raise.
                        self.full_increment = self.full_increment.max(to - base);
                    }
                    self.last_full_bet = to;
                    self.bets = self.bets.saturating_add(1);
                }
                self.current_bet = current.max(to);
                self.last_aggressor = Some(seat);
                // Everyone else in the hand is now behind the new bet.
                self.behind = self.contenders().bits() & !bit;
                if matches!(action, Resolved::Bet { .. }) {
                    Event::Bet {
                        seat,
                        to: Chips(to),
                        all_in,
                    }
                } else {
                    Event::Raised {
                        seat,
                        to: Chips(to),
                        all_in,
                        full,
                    }
                }
            }
        };
        sink.push(at, event);
    }

    /// B16/B17: acts for a seat that timed out or sits out.
    #[inline(never)]
    pub(super) fn auto_act<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: Seat,
        reason: AutoReason,
        sink: &mut S,
    ) {
        let facing = self.seats[seat.as_usize()].street_bet < self.current_bet;
        let outcome = if !facing {
            AutoOutcome::Checked
        } else if reason == AutoReason::TimeOut
            && self.config.time_out_all_in_protection
            && self.seats[seat.as_usize()].total > 0
        {
            AutoOutcome::AllInProtected
        } else {
            AutoOutcome::Folded
        };
        let current = self.current_bet;
        let st = &mut self.seats[seat.as_usize()];
        st.acted_at = current;
        self.acted |= 1 << seat.as_usize();
        match outcome {
            AutoOutcome::Checked => {}
            AutoOutcome::Folded => {
                st.status = SeatStatus::Folded;
                self.folded.insert(seat);
            }
            AutoOutcome::AllInProtected => {
                // B16 (001): all-in for what is in; the rest of the stack stays out.
                st.status = SeatStatus::AllIn;
                st.protected = true;
            }
        }
        self.sync_seat(seat.as_usize());
        sink.push(
            at,
            Event::AutoAction {
                seat,
                outcome,
                reason,
            },
        );
    }

    /// Moves the action on: the next seat to act, or the end of the round or hand.
    /// The common case (two or more players left, a next seat who is not sitting
    /// out) is a small leaf; everything else is [`Hand::advance_slow`].
    #[inline(never)]
    pub(super) fn advance<S: EventSink>(&mut self, at: Timestamp, from: Seat, sink: &mut S) {
        debug_assert_eq!(self.to_act, Some(from), "advance starts from `to_act`");
        // `advance_to` with the search inlined after the players-left test: calling
        // `advance_to(at, self.find_next(from), sink)` searches first, which is
        // measurably slower on the bench hand.
        let left = self.players.bits() & !self.folded.bits();
        if left & left.wrapping_sub(1) != 0 {
            if let Some(seat) = self.find_next(from) {
                if self.nobody_sits_out || !self.seats[seat.as_usize()].sitting_out {
                    self.to_act = Some(seat);
                    return;
                }
            }
        }
        self.advance_slow(at, sink);
    }

    /// [`Hand::advance`] at the start of a round, whose caller has found `next`, the
    /// first seat to act clockwise from `to_act` ([`Hand::find_next`]).
    #[inline]
    pub(super) fn advance_to<S: EventSink>(
        &mut self,
        at: Timestamp,
        next: Option<Seat>,
        sink: &mut S,
    ) {
        debug_assert_eq!(next, self.to_act.and_then(|from| self.find_next(from)));
        let left = self.players.bits() & !self.folded.bits();
        if left & left.wrapping_sub(1) != 0 {
            if let Some(seat) = next {
                if self.nobody_sits_out || !self.seats[seat.as_usize()].sitting_out {
                    self.to_act = Some(seat);
                    return;
                }
            }
        }
        self.advance_slow(at, sink);
    }

    /// [`Hand::advance`] in full: auto-actions for sitting-out seats, the end of the
    /// round or of the hand.
    #[inline(never)]
    pub(super) fn advance_slow<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
        loop {
            if (self.players.bits() & !self.folded.bits()).count_ones() <= 1 {
                self.finish_round_chips(at, sink);
                self.settle(at, sink);
                return;
            }
            let from = self.to_act.unwrap_or(self.positions.button);
            match self.find_next(from) {
                Some(seat) if self.seats[seat.as_usize()].sitting_out => {
                    self.to_act = Some(seat);
                    self.auto_act(at, seat, AutoReason::SittingOut, sink);
                }
                Some(seat) => {
                    self.to_act = Some(seat);
                    return;
                }
                None => {
                    self.to_act = None;
                    self.close_round(at, sink);
                    return;
                }
            }
        }
    }
}
