//! The betting rounds' start and end: who acts first and what the bet is (B3, B6,
//! B9, B13; bomb pots skip pre-flop betting, B27), and closing a round (B14: the
//! uncalled part of a bet goes back; B21: all-in hands turned face up) on to the next
//! street, the next run of the board or the showdown.

use holdem_eval::HandEvaluator;
use holdem_pots::{Chips, Seat};

use crate::event::{Event, EventSink, ShowReason};
use crate::hand::{Phase, clockwise_from};
use crate::{Hand, SeatStatus, Street, Timestamp};

impl<E: HandEvaluator + Clone> Hand<E> {
    /// Starts pre-flop betting once every hole card is dealt (B3, B6, B9, B13).
    #[inline(never)]
    pub(super) fn start_preflop<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
        self.street = Street::Preflop;
        if !self.config.bomb_pot.is_zero() {
            self.skip_preflop_betting(at, sink);
            return;
        }
        // The big blind, or the last straddle, which acts like one (B10, B13).
        let bb = self.opening_blind;
        // B13: the call is the full big blind even when the big blind is short. Only
        // the seats that posted a live bet (`bettors`) have a street bet, and of
        // those only the ones at the bet are not behind it.
        let mut top = 0u64;
        let mut bettors = self.bettors;
        while bettors != 0 {
            let i = bettors.trailing_zeros() as usize;
            bettors &= bettors - 1;
            top = top.max(self.seats.get(i).map_or(0, |st| st.street_bet));
        }
        self.current_bet = bb.max(top);
        self.last_full_bet = self.current_bet;
        let (current, mut at_bet) = (self.current_bet, 0u32);
        let mut bettors = self.bettors;
        while bettors != 0 {
            let i = bettors.trailing_zeros() as usize;
            bettors &= bettors - 1;
            let bet = self.seats.get(i).map_or(0, |st| st.street_bet);
            at_bet |= u32::from(bet >= current) << i;
        }
        self.full_increment = self
            .config
            .fixed_bet(Street::Preflop)
            .map_or(bb, Chips::get);
        // B9: the big blind counts as the bet.
        self.bets = 1;
        // The seat masks as `sync_seat` on every seat would set them (nobody has acted:
        // posting is not acting, B3). `active` is kept by the posts already. Behind:
        // in the hand (a player, not folded) and short of the bet, which is every
        // contender but those at the bet (a bet of zero has nobody behind it).
        self.acted = 0;
        self.behind = if current == 0 {
            0
        } else {
            self.contenders().bits() & !at_bet
        };
        debug_assert!(self.seats.iter().enumerate().all(|(i, st)| {
            let bit = 1u32 << i;
            (self.active & bit != 0) == (st.status == SeatStatus::Active)
                && (self.behind & bit != 0) == (st.street_bet < current && st.in_hand())
        }));
        self.last_aggressor = None;
        self.phase = Phase::Betting;
        // B6: left of the big blind first (heads-up that is the button, B4), or left
        // of the last straddler, who then acts last (B3).
        let last_blind = self.straddler.unwrap_or(self.positions.big_blind);
        self.to_act = Some(last_blind);
        let first = self.find_next(last_blind);
        sink.push(
            at,
            Event::BettingStarted {
                street: Street::Preflop,
                first_to_act: first,
            },
        );
        self.advance_to(at, first, sink);
    }

    /// B27: a bomb pot has no pre-flop betting: the round closes at once (nobody has
    /// a bet in front of them, so the pot is the bomb pot's antes) and the hand waits
    /// for the flop, whose betting starts left of the button (B6).
    #[cold]
    #[inline(never)]
    pub(super) fn skip_preflop_betting<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
        self.current_bet = 0;
        self.last_full_bet = 0;
        self.full_increment = 0;
        self.bets = 0;
        self.acted = 0;
        self.behind = 0;
        self.last_aggressor = None;
        self.to_act = None;
        self.phase = Phase::Betting;
        self.close_round(at, sink);
    }

    /// Starts a post-flop betting round (B6: first active seat left of the button).
    #[inline(never)]
    pub(super) fn start_street<S: EventSink>(
        &mut self,
        at: Timestamp,
        street: Street,
        sink: &mut S,
    ) {
        self.street = street;
        self.current_bet = 0;
        self.last_full_bet = 0;
        self.full_increment = self
            .config
            .fixed_bet(street)
            .map_or(self.config.big_blind.get(), Chips::get);
        self.bets = 0;
        self.last_aggressor = None;
        self.burned = false;
        // Nobody has acted: the `acted` bits alone say so (`acted_at` is read only
        // with the bit set).
        self.acted = 0;
        self.behind = 0;
        self.phase = Phase::Betting;
        self.to_act = Some(self.positions.button);
        let first = self.find_next(self.positions.button);
        sink.push(
            at,
            Event::BettingStarted {
                street,
                first_to_act: first,
            },
        );
        self.advance_to(at, first, sink);
    }

    /// B14: returns the unmatched part of the largest bet, then gathers the bets.
    #[inline(never)]
    pub(super) fn finish_round_chips<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
        // One pass: gather every bet into the pot, remembering the two largest.
        // Only the seats with a bet (`bettors`; none after a checked-through round),
        // without branches inside: selects instead of jumps.
        let (mut top, mut top_bet, mut second, mut sum) = (0usize, 0u64, 0u64, 0u64);
        let mut bettors = self.bettors;
        self.contributed |= bettors;
        self.bettors = 0;
        while bettors != 0 {
            let i = bettors.trailing_zeros() as usize;
            bettors &= bettors - 1;
            let Some(st) = self.seats.get_mut(i) else {
                break;
            };
            let bet = st.street_bet;
            st.street_bet = 0;
            sum += bet;
            let above = bet > top_bet;
            second = if above { top_bet } else { second.max(bet) };
            top = if above { i } else { top };
            top_bet = top_bet.max(bet);
        }
        if top_bet > second {
            // B14: the unmatched part of the largest bet goes back to its owner.
            let back = top_bet - second;
            let st = &mut self.seats[top];
            st.total -= back;
            st.stack += back;
            sum -= back;
            if let Some(seat) = Seat::new(top as u8) {
                sink.push(
                    at,
                    Event::UncalledReturned {
                        seat,
                        amount: Chips(back),
                    },
                );
            }
        }
        self.pot += sum;
        self.behind = 0;
    }

    #[inline(never)]
    pub(super) fn close_round<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
        self.finish_round_chips(at, sink);
        sink.push(
            at,
            Event::RoundClosed {
                street: self.street,
                pot: Chips(self.pot),
            },
        );
        // B21 (002): betting over with a player all-in turns every hand face up.
        // Contenders are active or all-in.
        // Cheapest tests first; the board is looked at only when the rest hold.
        if self.config.showdown.all_in_hands_face_up
            && !self.all_in_showdown
            && self.contenders().bits() & !self.active != 0
            && (self.able_count() <= 1 || self.street == Street::River)
            && self.board[..self.board_len as usize]
                .iter()
                .all(Option::is_some)
        {
            self.all_in_showdown = true;
            for seat in clockwise_from(self.contenders(), self.positions.button) {
                let st = &mut self.seats[seat.as_usize()];
                if let [Some(a), Some(b)] = st.hole {
                    self.mark_shown(at, seat, [a, b], ShowReason::AllIn, sink);
                }
            }
        }
        match self.street.next() {
            Some(next) => self.phase = Phase::Board(next),
            // B26: the river of a run that another follows.
            None if self.another_run_follows() => self.start_next_run(at, sink),
            None => {
                self.start_showdown();
                // The showdown settles here only with every hand face up (B21) or
                // after the last run (B26). With antes of one size the pots accept
                // it (the load checks keep what the settlement needs); otherwise
                // every input that can get here runs through `Hand::atomically`,
                // which finds a refused settlement (the hand then waits for
                // nothing without a result) and puts the hand back as it was.
                let _ = self.advance_showdown(at, sink);
            }
        }
    }
}
