//! Run it twice or three times (rule B26, a cash-game house rule): once no more
//! betting is possible, the players still in may agree to deal the rest of the board
//! more than once; each pot is divided between the runs and each part awarded on its
//! own board.
//!
//! # Invariants
//! - An offer is possible only with [`crate::HandConfig::max_board_runs`] of 2 or 3,
//!   two or more players still in and at most one of them able to bet, while the
//!   hand waits for board cards and before the next street's burn; one offer a hand.
//! - While an offer waits for answers no board card is accepted
//!   ([`HandError::RunsUndecided`]; the street's `burned` flag is held, so the
//!   dealer's one-call burn and deal declines too); any refusal settles it at one
//!   run.
//! - The board of the current run is the hand's board; earlier runs' boards and
//!   ranks are kept here. Every card of every run is a known card of the hand, so
//!   no card is dealt twice across runs (C1).
//! - Each pot is divided into as many parts as runs, the division's odd chips to
//!   the first run; each part is won by the best hands on its run's board (P1-P3).

use arrayvec::ArrayVec;
use holdem_cards::Card;
use holdem_eval::{HandEvaluator, HandRank};
use holdem_pots::{Contribution, Seat, SeatSet, TableLayout};

use crate::event::{Event, EventSink};
use crate::hand::Phase;
use crate::result::{PotResult, split};
use crate::{Hand, HandError, MAX_SEATS, Street, Timestamp};

/// The most times the board can be run (B26: run it twice or three times).
pub const MAX_BOARD_RUNS: u8 = 3;

/// The most pot awards of one hand: every pot divided between the most runs.
pub(crate) const MAX_POT_AWARDS: usize = MAX_BOARD_RUNS as usize * MAX_SEATS;

/// The open offer to run the board more than once (B26), as
/// [`Hand::run_offer`] gives it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct RunOffer {
    /// The seat that offered.
    pub seat: Seat,
    /// The runs offered.
    pub runs: u8,
    /// The seats still to accept or refuse ([`crate::Input::AnswerRuns`]).
    pub waiting: SeatSet,
}

/// The hand's runs of the board (B26).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub(crate) struct Runs {
    /// The runs agreed: 1 unless the players agreed to more.
    pub count: u8,
    /// The run being dealt, from 0.
    pub current: u8,
    /// Board cards every run shares (the board when the runs were agreed).
    pub shared: u8,
    /// An offer was settled (agreed or refused): no other offer this hand.
    pub decided: bool,
    /// The runs of the open offer (0: none open) and who offered them.
    pub offered: u8,
    pub offerer: Option<Seat>,
    /// Bits of the seats still to answer the open offer.
    pub waiting: u32,
    /// The boards of the runs before the current one.
    pub boards: [[Option<Card>; 5]; MAX_BOARD_RUNS as usize - 1],
    /// The raw ranks on those boards, by seat; 0 (below every real rank, whose
    /// category starts at 1) for none.
    pub ranks: [[u16; MAX_SEATS]; MAX_BOARD_RUNS as usize - 1],
}

impl Runs {
    /// One run, nothing offered.
    pub(crate) const NONE: Runs = Runs {
        count: 1,
        current: 0,
        shared: 0,
        decided: false,
        offered: 0,
        offerer: None,
        waiting: 0,
        boards: [[None; 5]; MAX_BOARD_RUNS as usize - 1],
        ranks: [[0; MAX_SEATS]; MAX_BOARD_RUNS as usize - 1],
    };
}

impl<E> Hand<E> {
    /// The open offer to run the board more than once, while it waits for answers
    /// (B26). Board cards are refused until every seat in `waiting` answered.
    #[must_use]
    pub fn run_offer(&self) -> Option<RunOffer> {
        let runs = &self.runs;
        match (runs.offerer, SeatSet::from_bits(runs.waiting)) {
            (Some(seat), Some(waiting)) if runs.waiting != 0 => Some(RunOffer {
                seat,
                runs: runs.offered,
                waiting,
            }),
            _ => None,
        }
    }

    /// `true` when a player still in may offer to run the board more than once now
    /// (B26): see [`crate::Input::OfferRuns`].
    #[must_use]
    pub fn runs_offerable(&self) -> bool {
        self.offer_window().is_ok()
    }

    /// The runs of the board agreed (B26): 1 unless the players agreed to more.
    #[must_use]
    pub const fn board_runs(&self) -> u8 {
        self.runs.count
    }

    /// The run of the board being dealt (B26): 0 for the first.
    #[must_use]
    pub const fn current_run(&self) -> u8 {
        self.runs.current
    }

    /// The board of `run` (B26): a finished run's five cards, the current run's board
    /// so far ([`Hand::board`]), `None` for a run not started.
    #[must_use]
    pub fn run_board(&self, run: u8) -> Option<&[Option<Card>]> {
        if run == self.runs.current {
            Some(self.board())
        } else if run < self.runs.current {
            self.runs.boards.get(usize::from(run)).map(|b| &b[..])
        } else {
            None
        }
    }

    /// Why an offer cannot be made now, if it cannot (B26).
    fn offer_window(&self) -> Result<(), &'static str> {
        if self.config.max_board_runs < 2 {
            return Err("the house does not run the board more than once");
        }
        if self.runs.decided || self.runs.waiting != 0 {
            return Err("the runs were already offered this hand");
        }
        let contenders = self.contenders().bits();
        if !matches!(self.phase, Phase::Board(_))
            || self.burned
            || contenders & contenders.wrapping_sub(1) == 0
            || self.able_count() > 1
        {
            return Err("only once no more betting is possible, before the next card is dealt");
        }
        Ok(())
    }

    /// Applies [`crate::Input::OfferRuns`].
    pub(crate) fn offer_runs<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: Seat,
        runs: u8,
        sink: &mut S,
    ) -> Result<(), HandError> {
        let refuse = |reason| HandError::RunsNotPossible { seat, reason };
        self.offer_window().map_err(refuse)?;
        let bit = 1u32 << seat.index();
        let contenders = self.contenders().bits();
        if seat.as_usize() >= MAX_SEATS || contenders & bit == 0 {
            return Err(refuse("the seat is not in the hand"));
        }
        if runs < 2 || runs > self.config.max_board_runs {
            return Err(refuse("the runs must be 2 up to the table's maximum"));
        }
        self.runs.offered = runs;
        self.runs.offerer = Some(seat);
        self.runs.waiting = contenders & !bit;
        // No card until every answer is in: the street's burn is held (so the
        // dealer's one-call burn and deal declines, and its inputs get the error).
        self.burned = true;
        sink.push(at, Event::RunsOffered { seat, runs });
        Ok(())
    }

    /// Applies [`crate::Input::AnswerRuns`].
    pub(crate) fn answer_runs<S: EventSink>(
        &mut self,
        at: Timestamp,
        seat: Seat,
        accept: bool,
        sink: &mut S,
    ) -> Result<(), HandError> {
        let refuse = |reason| HandError::RunsNotPossible { seat, reason };
        if self.runs.waiting == 0 {
            return Err(refuse("no offer is open"));
        }
        let bit = 1u32 << seat.index();
        if seat.as_usize() >= MAX_SEATS || self.runs.waiting & bit == 0 {
            return Err(refuse("the offer does not wait for this seat"));
        }
        sink.push(at, Event::RunsAnswered { seat, accept });
        self.runs.waiting &= !bit;
        if !accept {
            // Any refusal: one run.
            self.runs.waiting = 0;
        }
        if self.runs.waiting == 0 {
            self.burned = false;
            let runs = if accept { self.runs.offered } else { 1 };
            self.runs.decided = true;
            self.runs.offered = 0;
            self.runs.count = runs;
            self.runs.current = 0;
            self.runs.shared = self.board_len;
            sink.push(at, Event::RunsAgreed { runs });
        }
        Ok(())
    }

    /// The next board card is refused while an offer waits for answers.
    #[inline]
    pub(crate) fn check_runs_decided(&self) -> Result<(), HandError> {
        if self.runs.waiting == 0 {
            return Ok(());
        }
        let waiting = self.runs.waiting;
        let seat = Seat::new(waiting.trailing_zeros() as u8).unwrap_or(crate::state::SEAT_0);
        Err(HandError::RunsUndecided {
            seat,
            runs: self.runs.offered,
        })
    }

    /// `true` when the river just dealt ends a run that another follows.
    #[inline]
    pub(crate) fn another_run_follows(&self) -> bool {
        self.runs.current + 1 < self.runs.count
    }

    /// Ends the current run at its river: keeps its board and ranks, takes the board
    /// back to the shared cards and waits for the next run's cards.
    pub(crate) fn start_next_run<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
        let run = usize::from(self.runs.current);
        if let (Some(board), Some(ranks)) =
            (self.runs.boards.get_mut(run), self.runs.ranks.get_mut(run))
        {
            *board = self.board;
            for (rank, st) in ranks.iter_mut().zip(self.seats.iter_mut()) {
                *rank = st.rank.take().unwrap_or(0);
            }
        }
        let shared = usize::from(self.runs.shared).min(self.board.len());
        for card in &mut self.board[shared..] {
            *card = None;
        }
        self.board_len = shared as u8;
        self.burned = false;
        self.runs.current += 1;
        self.street = match shared {
            0 => Street::Preflop,
            3 => Street::Flop,
            _ => Street::Turn,
        };
        self.phase = Phase::Board(self.street.next().unwrap_or(Street::River));
        self.to_act = None;
        sink.push(
            at,
            Event::RunStarted {
                run: self.runs.current,
            },
        );
    }

    /// The raw rank of the seat at index `i` on the board of `run`.
    pub(crate) fn run_rank(&self, run: u8, i: usize) -> Option<u16> {
        if run == self.runs.current {
            self.seats.get(i).and_then(|st| st.rank)
        } else {
            self.runs
                .ranks
                .get(usize::from(run))
                .and_then(|r| r.get(i).copied())
                .filter(|&rank| rank != 0)
        }
    }
}

impl<E: HandEvaluator + Clone> Hand<E> {
    /// The ranks of revealed hole cards `hole` on every earlier run's board, for a
    /// show at the end of a hand run more than once (B26).
    pub(crate) fn earlier_run_ranks(
        &self,
        hole: [Option<Card>; 2],
    ) -> Result<[Option<u16>; MAX_BOARD_RUNS as usize - 1], HandError> {
        let mut out = [None; MAX_BOARD_RUNS as usize - 1];
        for (run, slot) in out
            .iter_mut()
            .enumerate()
            .take(usize::from(self.runs.current))
        {
            let board = self.runs.boards.get(run).ok_or(HandError::UnknownBoard)?;
            *slot = Some(self.rank_of(board, hole)?.ok_or(HandError::UnknownBoard)?);
        }
        Ok(out)
    }

    /// Settles a hand whose board was run more than once (B26): the pots and their
    /// rake are those of one run (P1, P4-P6, B23); each pot, net of rake, is divided
    /// into one part per run (the odd chips of the division to the first run) and
    /// each part goes to the best claiming hands on that run's board (P3 for ties).
    /// Gives what each seat receives, the parts (run by run), the rake and any
    /// uncalled dead money.
    pub(crate) fn settle_runs(
        &self,
        table: TableLayout,
        contributions: &[Contribution],
        live_count: usize,
        dead: u64,
    ) -> Result<RunsSettled, HandError> {
        let runs = self.runs.count.max(1);
        let mut by_run: ArrayVec<ArrayVec<PotResult, MAX_SEATS>, { MAX_BOARD_RUNS as usize }> =
            ArrayVec::new();
        let mut first = None;
        for run in 0..runs {
            let mut strengths: ArrayVec<(Seat, HandRank), MAX_SEATS> = ArrayVec::new();
            for seat in self.players.iter() {
                let st = &self.seats[seat.as_usize()];
                let ranked_muck = st.mucked && self.claims(st);
                if live_count >= 2 && ((st.shown && !st.mucked) || ranked_muck) && st.in_hand() {
                    let rank = self
                        .run_rank(run, seat.as_usize())
                        .ok_or(HandError::UnknownBoard)?;
                    strengths.push((seat, HandRank::from_raw(rank)));
                } else if live_count == 1 && self.claims(st) && st.in_hand() {
                    strengths.push((seat, HandRank::from_raw(0)));
                }
            }
            let settled = self.general_pots(table, contributions, &strengths)?;
            if first.is_none() {
                first = Some((settled.rake, settled.uncalled));
            }
            // At most one pot list per run.
            let _ = by_run.try_push(settled.pots);
        }
        let (mut rake, uncalled) = first.unwrap_or((0, None));
        let Some(pots) = by_run.first().cloned() else {
            return Err(HandError::UnknownBoard);
        };
        let extra_rake = if dead > 0 {
            self.dead_money_rake(&pots, dead, rake)
        } else {
            0
        };
        rake += extra_rake;
        let mut payouts = [0u64; MAX_SEATS];
        let mut parts: ArrayVec<PotResult, MAX_POT_AWARDS> = ArrayVec::new();
        for (k, pot) in pots.iter().enumerate() {
            // Dead money belongs to the main pot (as in one run).
            let (amount, pot_rake) = if k == 0 {
                (pot.amount.get() + dead, pot.rake.get() + extra_rake)
            } else {
                (pot.amount.get(), pot.rake.get())
            };
            let net = amount - pot_rake;
            let each = net / u64::from(runs);
            let odd = net % u64::from(runs);
            for (run, run_pots) in by_run.iter().enumerate() {
                let winners = run_pots.get(k).map_or(SeatSet::EMPTY, |p| p.winners);
                // The first run's part carries the pot's rake and the odd chips.
                let (part, part_rake) = if run == 0 {
                    (each + odd + pot_rake, pot_rake)
                } else {
                    (each, 0)
                };
                let mut result = split(pot.index, part, part_rake, pot.eligible, winners, table);
                result.run = run as u8;
                for seat in winners.iter() {
                    payouts[seat.as_usize()] += result.share_of(seat).get();
                }
                let _ = parts.try_push(result);
            }
        }
        if let Some((seat, amount)) = uncalled {
            // Paid back to its owner before any pot forms (B14).
            if let Some(paid) = payouts.get_mut(seat.as_usize()) {
                *paid += amount.get();
            }
        }
        if pots.is_empty() {
            // No live chips at all: the dead money goes back to its posters.
            for seat in self.players.iter() {
                payouts[seat.as_usize()] += self.seats[seat.as_usize()].dead;
            }
        }
        Ok(RunsSettled {
            payouts,
            parts,
            rake,
            uncalled,
        })
    }
}

/// A settlement of a board run more than once, before it is applied.
pub(crate) struct RunsSettled {
    pub payouts: [u64; MAX_SEATS],
    pub parts: ArrayVec<PotResult, MAX_POT_AWARDS>,
    pub rake: u64,
    pub uncalled: Option<(Seat, holdem_pots::Chips)>,
}
