//! The showdown (B21): the showing order, showing (revealing cards a history hid) and
//! mucking, and ranking the hands on a complete board (E1). Settling the pots once
//! every hand is shown or mucked is `crate::result`'s.

use holdem_cards::{Card, CardSet};
use holdem_eval::{HandEvaluator, HandRank};
use holdem_pots::Seat;

use crate::event::{Event, EventSink, ShowReason};
use crate::hand::Phase;
use crate::state::next_in;
use crate::{Hand, HandError, Input, MAX_SEATS, Timestamp};

impl<E: HandEvaluator + Clone> Hand<E> {
    /// B21: the last river aggressor shows first, else the first seat left of the
    /// button; then clockwise.
    #[inline(never)]
    pub(super) fn start_showdown(&mut self) {
        self.phase = Phase::Showdown;
        self.to_act = None;
        let contenders = self.contenders();
        let first = match self.last_aggressor {
            Some(seat) if contenders.contains(seat) => seat,
            _ => next_in(contenders, self.positions.button).unwrap_or(self.positions.button),
        };
        // Clockwise from `first` (a contender whenever there are any): the seats at or
        // after it, then those before it, each in seat order.
        self.showdown_order.clear();
        let bits = contenders.bits();
        let at_or_after = bits & !((1u32 << first.as_usize()) - 1);
        for mut part in [at_or_after, bits & !at_or_after] {
            while part != 0 {
                if let Some(seat) = Seat::new(part.trailing_zeros() as u8) {
                    self.showdown_order.push(seat);
                }
                part &= part - 1;
            }
        }
    }

    pub(super) fn check_shower(&self, seat: Seat) -> Result<(), HandError> {
        // The next shower is kept in `to_act` during the showdown (a state from before
        // that, deserialized, may lack it: then it is looked up).
        match self.to_act.or_else(|| self.next_to_show()) {
            Some(s) if s == seat => Ok(()),
            Some(s) => Err(HandError::OutOfTurn { seat, to_act: s }),
            None => Err(HandError::NotInHand { seat }),
        }
    }

    #[inline(never)]
    pub(super) fn show<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: Seat,
        cards: Option<[Card; 2]>,
        sink: &mut S,
        input: &Input,
    ) -> Result<(), HandError> {
        if !matches!(self.phase, Phase::Showdown) {
            return Err(self.unexpected(input));
        }
        self.check_shower(seat)?;
        let hole = self.seats[seat.as_usize()].hole;
        // Known hole cards are in `known` since they were dealt: only revealed ones
        // are added.
        let mut reveals = false;
        let shown = match (hole, cards) {
            ([Some(a), Some(b)], None) => [a, b],
            ([Some(a), Some(b)], Some(c)) => {
                if !(c == [a, b] || c == [b, a]) {
                    return Err(HandError::ShownCardsDiffer { seat });
                }
                [a, b]
            }
            (_, None) => return Err(HandError::UnknownHoleCards { seat }),
            (known, Some(c)) => {
                // Reveal cards the hand did not know; known ones must match.
                let mut fresh = [None, None];
                for (i, card) in c.iter().enumerate() {
                    match known.iter().flatten().find(|k| *k == card) {
                        Some(_) => {}
                        None => fresh[i] = Some(*card),
                    }
                }
                let known_count = known.iter().flatten().count();
                let matched = 2 - fresh.iter().flatten().count();
                if matched < known_count {
                    return Err(HandError::ShownCardsDiffer { seat });
                }
                self.check_new_cards(&fresh)?;
                reveals = true;
                c
            }
        };
        let known_rank = self.seats[seat.as_usize()]
            .rank
            .filter(|_| hole[0].is_some() && hole[1].is_some());
        let rank = match known_rank {
            // Ranked when the river was dealt (same known cards).
            Some(rank) => Some(rank),
            None => self.rank_of(&self.board, [Some(shown[0]), Some(shown[1])])?,
        };
        if rank.is_none() {
            return Err(HandError::UnknownBoard);
        }
        // B26: revealed cards are ranked on every earlier run's board too.
        let earlier = match known_rank {
            None if self.runs.current > 0 => {
                Some(self.earlier_run_ranks([Some(shown[0]), Some(shown[1])])?)
            }
            _ => None,
        };
        let undo = self.show_undo(seat);
        if let Some(earlier) = earlier {
            for (ranks, rank) in self.runs.ranks.iter_mut().zip(earlier) {
                if let (Some(slot), Some(rank)) = (ranks.get_mut(seat.as_usize()), rank) {
                    *slot = rank;
                }
            }
        }
        if reveals {
            self.add_known(shown[0].bit() | shown[1].bit());
        }
        let st = &mut self.seats[seat.as_usize()];
        st.hole = [Some(shown[0]), Some(shown[1])];
        st.rank = rank;
        self.mark_shown(at, seat, shown, ShowReason::Showdown, sink);
        self.advance_showdown(at, sink)
            .inspect_err(|_| self.undo_show(&undo))
    }

    /// Turns `seat`'s hole cards face up (B21): its flag, the hand's shown bits and
    /// the `Showed` event.
    #[inline(always)]
    pub(super) fn mark_shown<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: Seat,
        cards: [Card; 2],
        reason: ShowReason,
        sink: &mut S,
    ) {
        self.seats[seat.as_usize()].shown = true;
        self.shown |= 1 << seat.as_usize();
        sink.push(
            at,
            Event::Showed {
                seat,
                cards,
                reason,
            },
        );
    }

    /// `true` when `seat` mucking would leave a contested pot it is eligible for with
    /// no hand to win it: every other contender in that pot has already given up its
    /// claim (possible when all-in hands are not turned up, B21).
    pub(super) fn last_hand_in_a_pot(&self, seat: Seat) -> bool {
        let mine = self.seats[seat.as_usize()].total - self.seats[seat.as_usize()].dead;
        let contenders = self.contenders();
        contenders.iter().any(|level_seat| {
            // The pot at this contender's level: every contender who put in as much.
            let st = &self.seats[level_seat.as_usize()];
            let level = st.total - st.dead;
            if level > mine {
                return false;
            }
            let mut others = contenders.iter().filter(|s| {
                let o = &self.seats[s.as_usize()];
                *s != seat && o.total - o.dead >= level
            });
            let mut any_other = false;
            let all_gave_up = others.all(|s| {
                any_other = true;
                !self.claims(&self.seats[s.as_usize()])
            });
            any_other && all_gave_up
        })
    }

    /// Settles once every contender has shown or mucked, or only one is left unmucked.
    pub(super) fn advance_showdown<S: EventSink>(
        &mut self,
        at: Timestamp,
        sink: &mut S,
    ) -> Result<(), HandError> {
        let single_claimant = self.single_claimant();
        // The next seat to show, kept for `pending` and the next show or muck.
        self.to_act = self.next_to_show();
        if single_claimant || self.to_act.is_none() {
            self.try_settle(at, sink)?;
        }
        Ok(())
    }

    /// `true` when the showdown settles now: every contender has shown or
    /// mucked (none is to show: `to_act`, kept by [`Hand::advance_showdown`]),
    /// or one claim is left and nobody has shown.
    pub(super) fn showdown_settles(&self) -> bool {
        self.single_claimant() || self.to_act.is_none()
    }

    /// One claimant left and nobody shown: the pot goes without a showdown.
    #[inline(always)]
    fn single_claimant(&self) -> bool {
        let contenders = self.contenders().bits();
        let any_shown = contenders & self.shown != 0;
        !any_shown
            && if self.config.showdown.winner_must_show_both_cards {
                let unmucked = contenders & !self.mucked;
                unmucked != 0 && unmucked & (unmucked - 1) == 0
            } else {
                self.contenders()
                    .iter()
                    .filter(|s| self.claims(&self.seats[s.as_usize()]))
                    .count()
                    == 1
            }
    }

    /// The raw rank of `hole` with a complete, known `board` (E1); `None` when a card
    /// is unknown.
    pub(crate) fn rank_of(
        &self,
        board: &[Option<Card>; 5],
        hole: [Option<Card>; 2],
    ) -> Result<Option<u16>, HandError> {
        let mut cards = CardSet::EMPTY;
        for card in board.iter().chain(hole.iter()) {
            match card {
                Some(c) => {
                    cards.insert(*c);
                }
                None => return Ok(None),
            }
        }
        Ok(Some(self.evaluator.0.evaluate(cards)?.raw()))
    }

    /// Sets the raw rank of every contender whose hole cards are known, with the
    /// complete `board` (E1), changing nothing when the evaluator refuses: the hands
    /// are ranked in one [`HandEvaluator::evaluate_on_board`] call, which
    /// `holdem_eval`'s fast evaluator answers by reading the board's key once and
    /// adding each hand's two cards.
    pub(super) fn rank_contenders(&mut self, board: CardSet) -> Result<(), HandError> {
        let mut holes = [[Card::ALL[0]; 2]; MAX_SEATS];
        let mut n = 0;
        // The contenders whose cards are known: ranked in `holes` order.
        let mut ranked = 0u32;
        let mut bits = self.contenders().bits();
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let [Some(a), Some(b)] = self.seats[i].hole {
                holes[n] = [a, b];
                ranked |= 1 << i;
                n += 1;
            }
        }
        let mut out = [HandRank::from_raw(0); MAX_SEATS];
        self.evaluator
            .0
            .evaluate_on_board(board, &holes[..n], &mut out[..n])?;
        for rank in &out[..n] {
            let i = ranked.trailing_zeros() as usize;
            ranked &= ranked.wrapping_sub(1);
            // (`ranked` has one bit per rank: `i` is a seat index.)
            if let Some(st) = self.seats.get_mut(i) {
                st.rank = Some(rank.raw());
            }
        }
        Ok(())
    }
}
