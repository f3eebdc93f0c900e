//! Posting the forced bets (B2, B5): each post is checked against the one due, at
//! its due amount; the last post moves the hand on to dealing.

use holdem_eval::HandEvaluator;
use holdem_pots::{Chips, Seat};

use crate::event::{Event, EventSink};
use crate::hand::Phase;
use crate::{Hand, HandError, Input, PostKind, SeatStatus, Timestamp};

impl<E: HandEvaluator + Clone> Hand<E> {
    /// Posts every forced bet still due (B2, B5) at their required amounts: a
    /// shorthand for applying each [`crate::Pending::Post`] in turn.
    ///
    /// # Errors
    /// As [`Hand::apply`] (none expected).
    pub fn post_forced_bets<S: EventSink>(
        &mut self,
        at: Timestamp,
        sink: &mut S,
    ) -> Result<(), HandError> {
        // Exactly one `Input::Post` per `Pending::Post`, without building either: each
        // post is the one due, at its due amount, so it needs no validation.
        while matches!(self.phase, Phase::Posting) {
            let Some(&(seat, kind)) = self.posts.get(self.next_post as usize) else {
                break;
            };
            let amount = self
                .post_size(seat, kind)
                .min(self.seats[seat.as_usize()].stack);
            self.post_due(at, seat, kind, amount, sink);
        }
        Ok(())
    }

    #[inline(never)]
    pub(super) fn post<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: Seat,
        kind: PostKind,
        amount: Chips,
        sink: &mut S,
        input: &Input,
    ) -> Result<(), HandError> {
        if !matches!(self.phase, Phase::Posting) {
            return Err(self.unexpected(input));
        }
        // Exactly `Pending::Post` in the posting phase, without building it.
        let due = match self.posts.get(self.next_post as usize) {
            Some(&(s, k)) if s == seat && k == kind => {
                self.post_size(s, k).min(self.seats[s.as_usize()].stack) == amount.get()
            }
            _ => false,
        };
        if !due {
            return Err(HandError::WrongPost {
                seat,
                kind,
                amount,
                expected: self.pending(),
            });
        }
        self.post_due(at, seat, kind, amount.get(), sink);
        Ok(())
    }

    /// Posts the forced bet due (`posts[next_post]`, at its due `amount`): checked by
    /// the caller.
    pub(super) fn post_due<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: Seat,
        kind: PostKind,
        amount: u64,
        sink: &mut S,
    ) {
        let st = &mut self.seats[seat.as_usize()];
        if kind.is_live_bet() {
            st.put_live(amount);
            self.bettors |= u32::from(st.street_bet > 0) << seat.as_usize();
        } else {
            st.stack -= amount;
            st.total += amount;
            self.contributed |= 1 << seat.as_usize();
            if kind.is_dead() {
                st.dead += amount;
            }
            self.pot += amount;
            if st.stack == 0 {
                st.status = SeatStatus::AllIn;
            }
        }
        let all_in = st.stack == 0;
        // Of the seat masks a post changes only `active` (an all-in post); `behind`
        // is set when the betting starts.
        self.active &= !(u32::from(all_in) << seat.as_usize());
        sink.push(
            at,
            Event::Posted {
                seat,
                kind,
                amount: Chips(amount),
                all_in,
            },
        );
        self.next_post += 1;
        if self.next_post as usize >= self.posts.len() {
            self.phase = Phase::Dealing;
        }
    }
}
