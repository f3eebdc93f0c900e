//! [`Hand::check_state`]: the hand's invariants checked on a state that may come
//! from outside (a deserialized journal or snapshot), and the serde shims that run
//! the check on every deserialized [`Hand`].

use holdem_cards::{Card, CardSet};
use holdem_pots::{Chips, Seat, SeatSet};

use crate::hand::Phase;
use crate::{Hand, MAX_SEATS, SeatStatus};

/// Why a hand's state breaks its invariants (a tampered or corrupt snapshot).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StateError {
    /// A seat reference past the table's [`MAX_SEATS`] (`field` names where).
    #[error("{field} refers to {seat}, past the table's {max} seats", max = MAX_SEATS)]
    SeatOutOfRange {
        /// The field.
        field: &'static str,
        /// The seat.
        seat: Seat,
    },
    /// A seat's per-seat state disagrees with the seats dealt in.
    #[error("{seat} is {status:?} but {} dealt in", if *dealt { "is" } else { "is not" })]
    SeatStatus {
        /// The seat.
        seat: Seat,
        /// Its status.
        status: SeatStatus,
        /// Whether it is one of the hand's players.
        dealt: bool,
    },
    /// The chips do not add up (stacks, bets and pot against the starting stacks,
    /// or final stacks and rake after settlement), or they overflow.
    #[error("chips are not conserved: {held} held against {started} at the start")]
    ChipsNotConserved {
        /// Chips held now (saturating).
        held: Chips,
        /// Chips at the start (saturating).
        started: Chips,
    },
    /// More chips than [`crate::MAX_TOTAL_CHIPS`].
    #[error("the hand holds more than {max} chips", max = crate::MAX_TOTAL_CHIPS)]
    TooManyChips,
    /// A card appears twice, or a card held is not among the known cards (C1).
    #[error("card {card} appears twice or is not recorded as dealt (C1)")]
    CardTwice {
        /// The card.
        card: Card,
    },
    /// A count or index out of its bounds (`field` names which).
    #[error("{field} is out of bounds")]
    OutOfBounds {
        /// The field.
        field: &'static str,
    },
    /// A driver's deck holds a card its hand has already dealt or seen (C1).
    #[error("the deck holds {card}, already dealt or seen in the hand (C1)")]
    DeckHoldsDealtCard {
        /// The card.
        card: Card,
    },
    /// The board's length disagrees with the street, or a card lies past it.
    #[error("a board of {board_len} cards on the {street} (or a card past the board)")]
    BoardMismatch {
        /// The street.
        street: crate::Street,
        /// The board's length.
        board_len: u8,
    },
    /// A seat's chips put in (`total`) disagree with its stack and starting stack,
    /// or the seats' totals with the pot and the bets.
    #[error("{seat}'s chips put in do not match its stack, the pot and the bets")]
    ContributionMismatch {
        /// The seat (the first one when the totals disagree with the pot).
        seat: Seat,
    },
    /// A seat's dead money (`dead`) is not the dead blinds and big-blind antes
    /// it has posted (B5, B18): exactly their sizes for a seat that is not
    /// all-in (its posts were made in full), at most that for an all-in one.
    #[error(
        "{seat}'s dead money is {dead} but the dead blinds and big-blind antes it posted \
         come to {posted} (B5, B18)"
    )]
    DeadMoneyMismatch {
        /// The seat.
        seat: Seat,
        /// Its dead money.
        dead: Chips,
        /// The full sizes of the dead posts it has made.
        posted: Chips,
    },
    /// Two seats still able to bet put different amounts into the betting rounds
    /// already closed: a round closes only when every such seat has matched its
    /// bet (B14), and the settlement needs it (P1).
    #[error(
        "{seat} can still bet but put {put_in} into the closed betting rounds where \
         {other} put {matched}: each closed round was matched by every seat still \
         able to bet (B14, P1)"
    )]
    ClosedRoundsUnmatched {
        /// The seat (the higher of the two).
        seat: Seat,
        /// What it put into the closed rounds (its live chips less this round's
        /// bet and its antes).
        put_in: Chips,
        /// The other seat.
        other: Seat,
        /// What the other put in.
        matched: Chips,
    },
    /// A seat put more into the closed betting rounds than the seats still able
    /// to bet: its bet was neither called nor returned (B14).
    #[error(
        "{seat} put {put_in} into the closed betting rounds, more than the {matched} \
         of the seats still able to bet: a bet is called or its excess returned (B14)"
    )]
    ClosedRoundsAboveActive {
        /// The seat.
        seat: Seat,
        /// What it put into the closed rounds.
        put_in: Chips,
        /// What each seat still able to bet put in.
        matched: Chips,
    },
    /// A seat not dealt in holds chips of the hand (a starting stack, a stack or
    /// chips put in).
    #[error("{seat} is not dealt in but holds chips of the hand")]
    EmptySeatHoldsChips {
        /// The seat.
        seat: Seat,
    },
    /// The hand's configuration is not playable ([`crate::HandConfig::validate`]).
    #[error("the hand's config is invalid: {field} {reason}")]
    InvalidConfig {
        /// The config field, kebab-case.
        field: &'static str,
        /// Why, with the rule.
        reason: &'static str,
    },
    /// The seat bit masks kept for speed disagree with the per-seat state.
    #[error("the seat masks disagree with the per-seat state")]
    MasksInconsistent,
    /// The hand waits for nothing and is not settled, or is settled and waits
    /// for more: a hand is complete exactly when it has its result.
    #[error("the hand waits for {pending} but {} a result", if *settled { "has" } else { "has no" })]
    NotSettled {
        /// What the hand waits for.
        pending: crate::Pending,
        /// Whether it has a result.
        settled: bool,
    },
    /// A seat's saved hand rank is not the rank of its hole cards on the board
    /// (E1), or a player still in with known cards on a complete board has none.
    #[error("{seat}'s saved hand rank is not the rank of its cards on the board (E1)")]
    RankMismatch {
        /// The seat.
        seat: Seat,
    },
    /// The seat to act cannot act: in a betting round it is not a player still
    /// able to bet (B6), at the showdown not a player still in the hand.
    #[error("{seat} is to act but cannot: not in the hand, folded or all-in")]
    ToActCannotAct {
        /// The seat.
        seat: Seat,
    },
    /// A driver's deck is too short to finish the hand, or too long to be the rest
    /// of one 52-card deck after the cards already dealt (C1, C4).
    #[error(
        "the deck holds {left} cards: the hand still needs {needed} and at most {room} \
         are left of 52 after the {dealt} cards dealt (C1, C4)"
    )]
    DeckLength {
        /// Cards in the deck.
        left: usize,
        /// Cards the hand can still need (hole cards, burns and board cards of
        /// every run agreed).
        needed: usize,
        /// Cards dealt so far: hole cards, burns, board cards and a held first
        /// burn (C6).
        dealt: usize,
        /// 52 less the cards dealt.
        room: usize,
    },
    /// A seat of a driven hand is dealt in without both its hole cards recorded:
    /// a driver deals and records every card, and needs them at the showdown.
    #[error("{seat} is dealt in but its hole cards are not recorded (a driver records every card)")]
    HoleCardsUnknown {
        /// The seat.
        seat: Seat,
    },
    /// A board card of a driven hand is not recorded: a driver deals and records
    /// every card, and needs them at the showdown.
    #[error("a board card is not recorded (a driver records every card)")]
    BoardCardUnknown,
    /// A driven hand is in a state its driver never leaves it in and cannot deal
    /// on from (`reason` says which).
    #[error("the driver cannot deal on: {reason}")]
    DriverCannotDeal {
        /// Why, with the rule.
        reason: &'static str,
    },
    /// A cash game's table disagrees with its hand in progress (`field` names
    /// what: the hand in progress, its players and stacks, the button, the big
    /// blind, the config).
    #[error("the table's {field} disagrees with the hand in progress")]
    TableMismatch {
        /// What disagrees.
        field: &'static str,
    },
    /// A table's hand in progress lists `seat` out of seat order, twice, without
    /// chips, or with another player or stack than the seat holds.
    #[error("the table's hand in progress lists {seat}, which does not hold that player")]
    TablePlayer {
        /// The seat.
        seat: Seat,
    },
}

/// The bits of the table's seats.
const TABLE_BITS: u32 = (1 << MAX_SEATS) - 1;

fn seat_in_range(field: &'static str, seat: Seat) -> Result<(), StateError> {
    if seat.as_usize() < MAX_SEATS {
        Ok(())
    } else {
        Err(StateError::SeatOutOfRange { field, seat })
    }
}

fn set_in_range(field: &'static str, set: SeatSet) -> Result<(), StateError> {
    set.iter().try_for_each(|s| seat_in_range(field, s))
}

fn bits_in_range(field: &'static str, bits: u32) -> Result<(), StateError> {
    match Seat::new((bits & !TABLE_BITS).trailing_zeros() as u8) {
        Some(seat) if bits & !TABLE_BITS != 0 => Err(StateError::SeatOutOfRange { field, seat }),
        _ if bits & !TABLE_BITS != 0 => Err(StateError::OutOfBounds { field }),
        _ => Ok(()),
    }
}

impl<E> Hand<E> {
    /// Checks the hand's invariants on its state: every seat reference on the
    /// table, per-seat state in line with the players, chips conserved (and within
    /// [`crate::MAX_TOTAL_CHIPS`]), no card twice (C1), the seat masks consistent.
    /// Every deserialized hand passes it (feature `serde`); a hand built by the
    /// engine always does.
    ///
    /// ```
    /// use holdem_betting::{Chips, Hand, HandConfig, Player, Seat};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
    /// let hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
    /// assert_eq!(hand.check_state(), Ok(()));
    /// # Ok::<(), holdem_betting::HandError>(())
    /// ```
    ///
    /// # Errors
    /// The first broken invariant, as a [`StateError`].
    pub fn check_state(&self) -> Result<(), StateError> {
        if let Err(crate::HandError::InvalidConfig { field, reason }) = self.config.validate() {
            return Err(StateError::InvalidConfig { field, reason });
        }
        self.check_seats()?;
        self.check_chips()?;
        self.check_cards()?;
        if !self.masks_consistent() {
            return Err(StateError::MasksInconsistent);
        }
        let pending = self.pending();
        let settled = self.result.is_some();
        if matches!(pending, crate::Pending::Complete) != settled {
            return Err(StateError::NotSettled { pending, settled });
        }
        Ok(())
    }

    fn check_seats(&self) -> Result<(), StateError> {
        set_in_range("players", self.players)?;
        set_in_range("folded", self.folded)?;
        for (field, bits) in [
            ("active", self.active),
            ("acted", self.acted),
            ("behind", self.behind),
            ("dealt", self.dealt),
            ("shown", self.shown),
            ("mucked", self.mucked),
            ("bettors", self.bettors),
            ("contributed", self.contributed),
        ] {
            bits_in_range(field, bits)?;
        }
        let p = &self.positions;
        seat_in_range("button", p.button)?;
        seat_in_range("big blind", p.big_blind)?;
        if let Some(sb) = p.small_blind {
            seat_in_range("small blind", sb)?;
        }
        set_in_range("extra big blinds", p.extra_big_blinds)?;
        set_in_range("dead blinds", p.dead_blinds)?;
        for (field, seat) in [
            ("to act", self.to_act),
            ("last aggressor", self.last_aggressor),
            ("straddler", self.straddler),
        ] {
            if let Some(seat) = seat {
                seat_in_range(field, seat)?;
            }
        }
        for &(seat, _) in self.posts.iter() {
            seat_in_range("posts", seat)?;
        }
        for &seat in self.showdown_order.iter() {
            seat_in_range("showdown order", seat)?;
        }
        // B21: the showing order is set when the showdown starts; before it
        // there is none (a stale one would name the seat to show first).
        if !self.showdown_order.is_empty()
            && !matches!(self.phase, Phase::Showdown | Phase::Complete)
        {
            return Err(StateError::OutOfBounds {
                field: "showdown-order",
            });
        }
        if usize::from(self.next_post) > self.posts.len() {
            return Err(StateError::OutOfBounds { field: "next post" });
        }
        if usize::from(self.board_len) > self.board.len() {
            return Err(StateError::OutOfBounds { field: "board" });
        }
        // B10: while a player is to act, the last full bet or raise is at least
        // the street's opening bet (the big blind, or the fixed-limit bet), as
        // every street starts it; a smaller one would offer raises `apply` refuses.
        let opening = self
            .config
            .fixed_bet(self.street)
            .map_or(self.config.big_blind.get(), Chips::get);
        // The betting round's amounts are bets of this hand: no larger than the
        // chips a hand can hold, and the last full bet is not above the bet.
        let max = crate::MAX_TOTAL_CHIPS.get();
        if self.current_bet > max
            || self.full_increment > max
            || self.last_full_bet > self.current_bet
        {
            return Err(StateError::OutOfBounds {
                field: "current-bet",
            });
        }
        // B7: during a betting round the bet is the largest on the table.
        if matches!(self.phase, Phase::Betting)
            && self.seats.iter().any(|st| st.street_bet > self.current_bet)
        {
            return Err(StateError::OutOfBounds {
                field: "current-bet",
            });
        }
        if self.seats.iter().any(|st| st.acted_at > max) {
            return Err(StateError::OutOfBounds { field: "acted-at" });
        }
        // B26: the runs agreed are within what the table allows, the run being
        // dealt is one of them, and an open offer is of an allowed count.
        let r = &self.runs;
        if !(1..=self.config.max_board_runs).contains(&r.count) || r.current >= r.count {
            return Err(StateError::OutOfBounds { field: "runs" });
        }
        if r.offered != 0 && !(2..=self.config.max_board_runs).contains(&r.offered) {
            return Err(StateError::OutOfBounds { field: "runs" });
        }
        if usize::from(r.shared) > self.board.len() {
            return Err(StateError::OutOfBounds { field: "runs" });
        }
        // B26: more than one run is agreed once the betting is over, on a board of
        // 0, 3 or 4 cards the runs then share, and answers an offer.
        if r.count > 1
            && (!r.decided
                || !matches!(r.shared, 0 | 3 | 4)
                || r.shared > self.board_len
                || matches!(self.phase, Phase::Posting | Phase::Dealing | Phase::Betting))
        {
            return Err(StateError::OutOfBounds { field: "runs" });
        }
        // B8, B25: on a fixed-limit street every bet is one fixed size, and an
        // all-in short of it does not move the last full bet, so the bet stands
        // less than one size above the last full bet.
        if let Some(size) = self.config.fixed_bet(self.street)
            && self.to_act.is_some()
            && self.current_bet - self.last_full_bet >= size.get()
        {
            return Err(StateError::OutOfBounds {
                field: "last-full-bet",
            });
        }
        if self.to_act.is_some() && self.full_increment < opening {
            return Err(StateError::OutOfBounds {
                field: "full-increment",
            });
        }
        // The street is the one the dealt board makes: a board of 3 is the flop
        // (B7); no card lies past the board's length.
        if usize::from(self.board_len) != self.street.board_len()
            || self.board[usize::from(self.board_len)..]
                .iter()
                .any(Option::is_some)
        {
            return Err(StateError::BoardMismatch {
                street: self.street,
                board_len: self.board_len,
            });
        }
        if self.players.len() < 2 {
            return Err(StateError::OutOfBounds { field: "players" });
        }
        // C4: a burn is made only while the hand waits for a street's cards; a
        // new street's betting starts with none.
        if self.burned && matches!(self.phase, Phase::Posting | Phase::Dealing | Phase::Betting) {
            return Err(StateError::OutOfBounds { field: "burned" });
        }
        // The seat to act is one that can (the seat is on the table, checked above).
        if let Some(seat) = self.to_act {
            let can = match self.phase {
                Phase::Betting => self
                    .seats
                    .get(seat.as_usize())
                    .is_some_and(|st| st.status == SeatStatus::Active),
                Phase::Showdown => self.players.contains(seat) && !self.folded.contains(seat),
                _ => true,
            };
            if !can {
                return Err(StateError::ToActCannotAct { seat });
            }
        }
        for (i, st) in self.seats.iter().enumerate() {
            let Some(seat) = Seat::new(i as u8) else {
                continue;
            };
            let dealt = self.players.contains(seat);
            if dealt == (st.status == SeatStatus::Empty) {
                return Err(StateError::SeatStatus {
                    seat,
                    status: st.status,
                    dealt,
                });
            }
            // A seat not dealt in holds no chips of the hand: its chips would
            // be counted at the start and not in the result.
            if !dealt && (st.starting | st.stack | st.street_bet | st.total | st.dead) != 0 {
                return Err(StateError::EmptySeatHoldsChips { seat });
            }
        }
        Ok(())
    }

    fn check_chips(&self) -> Result<(), StateError> {
        fn sum(values: impl Iterator<Item = u64>) -> Result<u64, StateError> {
            let mut values = values;
            values
                .try_fold(0u64, u64::checked_add)
                .ok_or(StateError::TooManyChips)
        }
        let started = sum(self.seats.iter().map(|s| s.starting))?;
        if started > crate::MAX_TOTAL_CHIPS.get() {
            return Err(StateError::TooManyChips);
        }
        let held = match &self.result {
            Some(r) => {
                set_in_range("result players", r.players())?;
                let finals = sum(self.players.iter().map(|s| r.final_stack(s).get()))?;
                finals.checked_add(r.rake().get())
            }
            None => {
                let stacks = sum(self.seats.iter().map(|s| s.stack))?;
                let bets = sum(self.seats.iter().map(|s| s.street_bet))?;
                stacks
                    .checked_add(bets)
                    .and_then(|c| c.checked_add(self.pot))
            }
        };
        match held {
            Some(held) if held == started && self.result.is_some() => Ok(()),
            Some(held) if held == started => self.check_contributions(),
            held => Err(StateError::ChipsNotConserved {
                held: Chips(held.unwrap_or(u64::MAX)),
                started: Chips(started),
            }),
        }
    }

    /// Before settlement each seat's `total` is what left its stack, and the
    /// totals together are the pot and the bets on the table.
    fn check_contributions(&self) -> Result<(), StateError> {
        let mut totals = 0u64;
        let mut first = None;
        for (i, st) in self.seats.iter().enumerate() {
            let Some(seat) = Seat::new(i as u8) else {
                continue;
            };
            first = first.or(self.players.contains(seat).then_some(seat));
            let mismatch = StateError::ContributionMismatch { seat };
            if st.stack.checked_add(st.total) != Some(st.starting)
                || st.street_bet > st.total
                || st.dead > st.total
            {
                return Err(mismatch);
            }
            totals = totals
                .checked_add(st.total)
                .ok_or(StateError::TooManyChips)?;
        }
        let bets = self
            .seats
            .iter()
            .try_fold(self.pot, |acc, st| acc.checked_add(st.street_bet))
            .ok_or(StateError::TooManyChips)?;
        match first {
            Some(seat) if totals != bets => Err(StateError::ContributionMismatch { seat }),
            _ => self.check_closed_rounds(),
        }
    }

    /// What the posts made and the closed betting rounds leave in each seat's
    /// `total`, as the engine keeps it (and the settlement relies on, P1):
    /// - a seat's `dead` is the dead posts it made (big-blind antes, dead blinds),
    ///   in full unless it is all-in: a post short of its size puts the seat
    ///   all-in (B5);
    /// - every seat still able to bet (active) put the same chips into the closed
    ///   rounds: its `total` less its dead money, this round's bet and its antes
    ///   (an ante or a bomb pot's ante goes to the pot, and per-seat antes may
    ///   differ). A round closes only when each active seat has matched its bet
    ///   (B14); a seat that did not is folded or all-in;
    /// - no seat put more into the closed rounds than the active seats.
    ///
    /// With every player's ante of one size these make the showdown's
    /// settlement one the pots accept (P1: every active seat has the largest
    /// live contribution once the uncalled excess is returned).
    fn check_closed_rounds(&self) -> Result<(), StateError> {
        let mut dead = [0u64; MAX_SEATS];
        let mut antes = [0u64; MAX_SEATS];
        for &(seat, kind) in self.posts.iter().take(usize::from(self.next_post)) {
            let Some(slot) = dead.get_mut(seat.as_usize()) else {
                continue;
            };
            let size = self.post_size(seat, kind);
            if kind.is_dead() {
                *slot = slot.saturating_add(size);
            } else if !kind.is_live_bet() {
                let ante = &mut antes[seat.as_usize()];
                *ante = ante.saturating_add(size);
            }
        }
        let mut matched: Option<(Seat, u64)> = None;
        for (i, st) in self.seats.iter().enumerate() {
            let Some(seat) = Seat::new(i as u8) else {
                continue;
            };
            let posted = dead[i];
            let full = st.status != SeatStatus::AllIn;
            if st.dead > posted || (full && st.dead != posted) {
                return Err(StateError::DeadMoneyMismatch {
                    seat,
                    dead: Chips(st.dead),
                    posted: Chips(posted),
                });
            }
            if st.status != SeatStatus::Active {
                continue;
            }
            let rounds = (st.total - st.dead)
                .checked_sub(st.street_bet)
                .and_then(|c| c.checked_sub(antes[i]))
                .ok_or(StateError::ContributionMismatch { seat })?;
            match matched {
                None => matched = Some((seat, rounds)),
                Some((other, m)) if m != rounds => {
                    let ((seat, put_in), (other, m)) = if rounds > m {
                        ((seat, rounds), (other, m))
                    } else {
                        ((other, m), (seat, rounds))
                    };
                    return Err(StateError::ClosedRoundsUnmatched {
                        seat,
                        put_in: Chips(put_in),
                        other,
                        matched: Chips(m),
                    });
                }
                Some(_) => {}
            }
        }
        // No seat put more into the closed rounds than the seats still able to
        // bet: a larger bet was called by them, or its excess went back (B14).
        let Some((_, matched)) = matched else {
            return Ok(());
        };
        for (i, st) in self.seats.iter().enumerate() {
            let Some(seat) = Seat::new(i as u8) else {
                continue;
            };
            let rounds = (st.total - st.dead)
                .saturating_sub(st.street_bet)
                .saturating_sub(antes[i]);
            if rounds > matched {
                return Err(StateError::ClosedRoundsAboveActive {
                    seat,
                    put_in: Chips(rounds),
                    matched: Chips(matched),
                });
            }
        }
        Ok(())
    }

    fn check_cards(&self) -> Result<(), StateError> {
        let mut seen = CardSet::EMPTY;
        let board = self.board.iter().take(usize::from(self.board_len));
        let holes = self.seats.iter().flat_map(|s| s.hole.iter());
        for card in board.chain(holes).flatten() {
            if !seen.insert(*card) || !self.known.contains(*card) {
                return Err(StateError::CardTwice { card: *card });
            }
        }
        Ok(())
    }

    /// Sets the fields derived from the state and not serialized (the fast paths'
    /// switches; `false` is always correct, the derived value is faster).
    #[cfg(feature = "serde")]
    fn refresh_derived(&mut self) {
        self.plain_no_limit = self.config.is_plain_no_limit();
        self.nobody_sits_out = self.seats.iter().all(|s| !s.sitting_out);
        self.antes_even = self.antes_are_even();
    }
}

#[cfg(feature = "serde")]
impl<E> serde::Serialize for Hand<E> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Hand::<E>::serialize(self, serializer)
    }
}

#[cfg(feature = "serde")]
impl<E: holdem_eval::HandEvaluator + Clone> Hand<E> {
    /// Checks the saved hand ranks (E1) against the cards: each rank of the
    /// current run is the rank of the seat's hole cards on the complete board, and
    /// every player still in whose cards are known has one once the board is
    /// complete; each rank kept for an earlier run (B26) is the rank on that
    /// run's board.
    fn check_ranks(&self) -> Result<(), StateError> {
        let complete = usize::from(self.board_len) == 5;
        let contenders = self.contenders();
        for (i, st) in self.seats.iter().enumerate() {
            let Some(seat) = Seat::new(i as u8) else {
                continue;
            };
            let mismatch = StateError::RankMismatch { seat };
            let known = st.hole.iter().all(Option::is_some);
            let rank = if complete && known {
                self.rank_of(&self.board, st.hole).map_err(|_| mismatch)?
            } else {
                None
            };
            match (st.rank, rank) {
                (Some(saved), Some(rank)) if saved != rank => return Err(mismatch),
                (Some(_), None) => return Err(mismatch),
                (None, Some(_)) if contenders.contains(seat) => return Err(mismatch),
                _ => {}
            }
            let runs = usize::from(self.runs.current);
            for (board, ranks) in self.runs.boards.iter().zip(&self.runs.ranks).take(runs) {
                let saved = ranks.get(i).copied().unwrap_or(0);
                if saved != 0 && self.rank_of(board, st.hole).ok().flatten() != Some(saved) {
                    return Err(mismatch);
                }
            }
        }
        Ok(())
    }
}

/// A deserialized hand is checked ([`Hand::check_state`], and its saved hand
/// ranks against its cards): a snapshot that breaks an invariant is refused with
/// the [`StateError`]'s message.
#[cfg(feature = "serde")]
impl<'de, E: Default + holdem_eval::HandEvaluator + Clone> serde::Deserialize<'de> for Hand<E> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let mut hand = Hand::<E>::deserialize(deserializer)?;
        hand.check_state().map_err(serde::de::Error::custom)?;
        hand.check_ranks().map_err(serde::de::Error::custom)?;
        hand.refresh_derived();
        Ok(hand)
    }
}

/// Burns dealt for a board of `board` cards (C4): one before the flop, the turn
/// and the river.
const fn burns_for(board: usize) -> usize {
    match board {
        0..=2 => 0,
        3 => 1,
        4 => 2,
        _ => 3,
    }
}

/// What a driver's deck must agree with in its hand (see [`Hand::deck_counts`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct DeckCounts {
    /// Cards a dealer has dealt to reach this state: hole cards, burns, board
    /// cards of every run so far.
    pub dealt: usize,
    /// Cards the hand can still need from the deck: the hole cards not dealt,
    /// the burns and board cards left on this run and on every run agreed after
    /// it (the most, whatever the betting).
    pub needed: usize,
    /// A burn is made and its street's cards are not dealt (outside an open offer
    /// to run the board, which holds the burn without making it).
    pub burn_made: bool,
    /// Every hole card is dealt and the flop's burn is not made: where a dealer
    /// may hold a first burn (C6).
    pub first_burn_window: bool,
}

impl<E> Hand<E> {
    /// `true` when every player's ante slot (ante or bomb-pot ante, B5, B27)
    /// holds one size.
    pub(crate) fn antes_are_even(&self) -> bool {
        let mut sizes = self
            .players
            .iter()
            .map(|s| self.post_sizes.get(s.as_usize()).map_or(0, |p| p[0]));
        let first = sizes.next();
        sizes.all(|size| Some(size) == first)
    }

    /// The cards a dealer has dealt to reach this state and the most it can
    /// still need, from the hand's structure (the seats dealt in, the board and
    /// its runs, the burn made), not from the known cards.
    pub(crate) fn deck_counts(&self) -> DeckCounts {
        let board = usize::from(self.board_len).min(5);
        let shared = usize::from(self.runs.shared).min(5);
        let per_run = (5 - shared) + (3 - burns_for(shared));
        let runs_done = usize::from(self.runs.current);
        let burn_made =
            matches!(self.phase, Phase::Board(_)) && self.burned && self.runs.waiting == 0;
        let seats_dealt = (self.dealt & self.players.bits()).count_ones() as usize;
        let dealt = 2 * seats_dealt
            + board
            + burns_for(board)
            + usize::from(burn_made)
            + runs_done.saturating_mul(per_run);
        let needed = if self.result.is_some() {
            0
        } else {
            let holes = 2 * self.players.len().saturating_sub(seats_dealt);
            let this_run =
                ((5 - board) + (3 - burns_for(board))).saturating_sub(usize::from(burn_made));
            let later = usize::from(self.runs.count)
                .saturating_sub(runs_done + 1)
                .saturating_mul(per_run);
            holes + this_run + later
        };
        DeckCounts {
            dealt,
            needed,
            burn_made,
            first_burn_window: seats_dealt == self.players.len()
                && board == 0
                && runs_done == 0
                && !burn_made,
        }
    }
}
