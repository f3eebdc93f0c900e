//! [`Hand::apply`]: validate an input fully, then change the state and emit events.

use holdem_cards::{Card, CardSet};
use holdem_eval::{HandEvaluator, HandRank};
use holdem_pots::{Chips, Seat};

use crate::event::{AutoOutcome, AutoReason, Event, EventSink, Events, ShowReason};
use crate::hand::{Phase, clockwise_from};
use crate::legal::Resolved;
use crate::state::next_in;
use crate::{
    BettingStructure, DealerInput, Hand, HandError, Input, MAX_SEATS, PostKind, SeatStatus, Street,
    Timestamp,
};

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
                // Valid folds, checks and calls skip building a `Result`.
                let resolved = match self.simple(seat, action) {
                    Some(resolved) => resolved,
                    None => self.resolve(seat, action)?,
                };
                self.act(at, seat, resolved, sink);
                self.advance(at, seat, sink);
                return Ok(());
            }
        }
        self.apply_other(at, input, sink)
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

    /// Applies a dealer input (the [`crate::Dealer`] calls this directly).
    #[inline(never)]
    pub(crate) fn apply_deal<S: EventSink>(
        &mut self,
        at: Timestamp,
        deal: DealerInput,
        sink: &mut S,
    ) -> Result<(), HandError> {
        if matches!(self.phase, Phase::Complete) {
            return Err(HandError::HandComplete {
                kind: Input::Deal(deal).kind(),
            });
        }
        match deal {
            DealerInput::HoleCards { seat, cards } => {
                if !matches!(self.phase, Phase::Dealing) {
                    return Err(self.unexpected(&Input::Deal(deal)));
                }
                let st = self.seat(seat).ok_or(HandError::NotInHand { seat })?;
                if st.status == SeatStatus::Empty {
                    return Err(HandError::NotInHand { seat });
                }
                if st.dealt {
                    return Err(HandError::AlreadyDealt { seat });
                }
                let bits = self.check_new_cards(&cards)?;
                self.add_known(bits);
                let st = &mut self.seats[seat.as_usize()];
                st.hole = cards;
                st.dealt = true;
                self.dealt |= 1 << seat.as_usize();
                sink.push(at, Event::HoleCardsDealt { seat, cards });
                if self.dealt == self.players.bits() {
                    self.start_preflop(at, sink);
                }
                Ok(())
            }
            DealerInput::Burn(card) => {
                if !matches!(self.phase, Phase::Board(_)) {
                    return Err(self.unexpected(&Input::Deal(deal)));
                }
                self.check_runs_decided()?;
                if self.burned {
                    return Err(HandError::AlreadyBurned);
                }
                let bits = self.check_new_cards(&[card])?;
                self.add_known(bits);
                self.burned = true;
                self.burns += 1;
                sink.push(at, Event::Burned { card });
                Ok(())
            }
            DealerInput::Flop(cards) => {
                self.deal_board(at, Street::Flop, &cards, cards, sink, &Input::Deal(deal))
            }
            DealerInput::Turn(card) => self.deal_board(
                at,
                Street::Turn,
                &[card],
                [card, None, None],
                sink,
                &Input::Deal(deal),
            ),
            DealerInput::River(card) => self.deal_board(
                at,
                Street::River,
                &[card],
                [card, None, None],
                sink,
                &Input::Deal(deal),
            ),
        }
    }

    /// Deals every player's hole cards at once from `cards`, the cards in the order
    /// they come off the deck (the [`crate::Dealer`]'s fast path): one at a time
    /// clockwise from the left of the button, two rounds (C3; heads-up that is the
    /// big blind first), so the seat `k` places after the button gets `cards[k]` and
    /// `cards[n + k]` of the `2n`. Applies exactly what one
    /// [`DealerInput::HoleCards`] per seat in that order would: the same checks (C1),
    /// changes and events (one `HoleCardsDealt` per seat, in deal order, then the
    /// start of the betting). Returns `false`, changing nothing, when the bulk checks
    /// do not all hold (hole cards already dealt, not two cards a player, a card
    /// known or twice): the caller then deals seat by seat to get the exact error.
    pub(crate) fn deal_all_hole_cards<S: EventSink>(
        &mut self,
        at: Timestamp,
        cards: &[Card],
        sink: &mut S,
    ) -> bool {
        let players = self.players.bits();
        let n = cards.len() / 2;
        if !matches!(self.phase, Phase::Dealing)
            || self.dealt != 0
            || cards.len() != 2 * self.players.len()
        {
            return false;
        }
        // `twice`: the bits of cards seen twice (no popcount: one bit per card).
        let (mut bits, mut twice) = (0u64, 0u64);
        for card in cards {
            twice |= bits & card.bit();
            bits |= card.bit();
        }
        if twice != 0 || bits & self.known.bits() != 0 {
            return false;
        }
        self.add_known(bits);
        self.dealt = players;
        // Seats after the button first, then from seat 0 up to the button itself
        // (as `clockwise_from`).
        let b = self.positions.button.as_usize();
        let mask = (2u32 << b) - 1;
        let mut k = 0;
        for mut part in [players & !mask, players & mask] {
            while part != 0 {
                let i = part.trailing_zeros() as usize;
                part &= part - 1;
                // `k < n` and `n + k < 2n = cards.len()`: one seat per player, and
                // the length was checked against the players above.
                let (Some(&a), Some(&c), Some(seat)) =
                    (cards.get(k), cards.get(n + k), Seat::new(i as u8))
                else {
                    continue;
                };
                k += 1;
                let st = &mut self.seats[i];
                st.hole = [Some(a), Some(c)];
                st.dealt = true;
                sink.push(
                    at,
                    Event::HoleCardsDealt {
                        seat,
                        cards: [Some(a), Some(c)],
                    },
                );
            }
        }
        self.start_preflop(at, sink);
        true
    }

    /// Deals hole cards to several seats in one call: `deals[k]` is one
    /// [`DealerInput::HoleCards`] (`None` for a card the history hides), applied in
    /// order. Exactly the same as applying those inputs one by one (same checks,
    /// C1 and C3 included, same changes, same events: one `HoleCardsDealt` per seat
    /// in `deals` order, then the start of the betting once every player has cards),
    /// but one call: a replay with every seat's cards at hand pays for one input
    /// instead of one per seat.
    ///
    /// # Errors
    /// The index in `deals` of the first entry that its single input would refuse,
    /// with that input's error; the entries before it stay dealt (as the inputs
    /// before a refused one would), the refused one and those after it change
    /// nothing.
    pub fn deal_hole_cards<S: EventSink>(
        &mut self,
        at: Timestamp,
        deals: &[(Seat, [Option<Card>; 2])],
        sink: &mut S,
    ) -> Result<(), (usize, HandError)> {
        if !self.deal_hole_cards_at_once(at, deals, sink) {
            for (i, &(seat, cards)) in deals.iter().enumerate() {
                self.apply_deal(at, DealerInput::HoleCards { seat, cards }, sink)
                    .map_err(|e| (i, e))?;
            }
        }
        Ok(())
    }

    /// The one-pass path of [`Hand::deal_hole_cards`]: every player's cards, nobody
    /// dealt yet, each seat once, every known card new and distinct (C1). Returns
    /// `false`, changing nothing, when any of that does not hold.
    fn deal_hole_cards_at_once<S: EventSink>(
        &mut self,
        at: Timestamp,
        deals: &[(Seat, [Option<Card>; 2])],
        sink: &mut S,
    ) -> bool {
        if !matches!(self.phase, Phase::Dealing) || self.dealt != 0 {
            return false;
        }
        // `twice`: seats or cards seen twice (no popcount: one bit each).
        let (mut seats, mut twice_seats, mut cards, mut twice) = (0u32, 0u32, 0u64, 0u64);
        for &(seat, [a, b]) in deals {
            // Seat indices are below `holdem_pots::MAX_SEATS` (23): the shift stays
            // inside the word (a seat beyond the table is then no player's bit).
            let bit = 1u32 << seat.index();
            twice_seats |= seats & bit;
            seats |= bit;
            // A hidden card (`None`) has no bit.
            let (a, b) = (a.map_or(0, Card::bit), b.map_or(0, Card::bit));
            twice |= (cards & (a | b)) | (a & b);
            cards |= a | b;
        }
        if seats != self.players.bits()
            || twice_seats != 0
            || twice != 0
            || cards & self.known.bits() != 0
        {
            return false;
        }
        self.add_known(cards);
        self.dealt = seats;
        for &(seat, cards) in deals {
            let st = &mut self.seats[seat.as_usize()];
            st.hole = cards;
            st.dealt = true;
            sink.push(at, Event::HoleCardsDealt { seat, cards });
        }
        self.start_preflop(at, sink);
        true
    }

    /// Burns `burn` and deals `street`'s cards `new` (three for the flop, one
    /// otherwise) in one call (the [`crate::Dealer`]'s fast path): exactly a
    /// [`DealerInput::Burn`] followed by the street's input, with the same checks
    /// (C1, C4), changes and events. Returns `Ok(false)`, changing nothing, when the
    /// bulk checks do not all hold (not waiting for that street, already burned, the
    /// wrong number of cards, a card known or twice): the caller then applies the two
    /// inputs for the exact error.
    ///
    /// # Errors
    /// As the street's input, after the checks (none expected).
    pub(crate) fn burn_and_deal<S: EventSink>(
        &mut self,
        at: Timestamp,
        burn: Card,
        street: Street,
        new: &[Card],
        sink: &mut S,
    ) -> Result<bool, HandError> {
        let count = if street == Street::Flop { 3 } else { 1 };
        // (An open offer to run the board more than once holds `burned`, B26.)
        if self.phase != Phase::Board(street) || self.burned || new.len() != count {
            return Ok(false);
        }
        // `twice`: the bits of cards seen twice (no popcount: one bit per card).
        let (mut bits, mut twice) = (0u64, 0u64);
        let mut cards = [None; 3];
        for (slot, card) in cards.iter_mut().zip(new) {
            twice |= bits & card.bit();
            bits |= card.bit();
            *slot = Some(*card);
        }
        let all = bits | burn.bit();
        if twice != 0 || bits & burn.bit() != 0 || all & self.known.bits() != 0 {
            return Ok(false);
        }
        self.add_known(burn.bit());
        self.burned = true;
        self.burns += 1;
        sink.push(at, Event::Burned { card: Some(burn) });
        self.deal_checked_board(at, street, &cards[..count], cards, bits, sink)
            .map(|()| true)
    }

    #[inline]
    fn check_turn(&self, seat: Seat, input: &Input) -> Result<(), HandError> {
        if matches!(self.phase, Phase::Betting) && self.to_act == Some(seat) {
            return Ok(());
        }
        self.turn_error(seat, input)
    }

    #[cold]
    #[inline(never)]
    fn turn_error(&self, seat: Seat, input: &Input) -> Result<(), HandError> {
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

    /// C1: no known card twice, neither against the hand nor within `cards`. Gives
    /// the cards' bits for [`Hand::add_known`].
    #[inline]
    fn check_new_cards(&self, cards: &[Option<Card>]) -> Result<u64, HandError> {
        let mut bits = 0u64;
        for card in cards.iter().flatten() {
            let bit = card.bit();
            if (self.known.bits() | bits) & bit != 0 {
                return Err(HandError::DuplicateCard { card: *card });
            }
            bits |= bit;
        }
        Ok(bits)
    }

    /// Adds checked card bits (from [`Hand::check_new_cards`]) to the known cards.
    #[inline]
    fn add_known(&mut self, bits: u64) {
        // Card bits are valid card-set bits by construction.
        self.known = CardSet::from_bits(self.known.bits() | bits).unwrap_or(self.known);
    }

    #[inline(never)]
    fn post<S: EventSink>(
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
    fn post_due<S: EventSink>(
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

    fn deal_board<S: EventSink>(
        &mut self,
        at: Timestamp,
        street: Street,
        new: &[Option<Card>],
        cards: [Option<Card>; 3],
        sink: &mut S,
        input: &Input,
    ) -> Result<(), HandError> {
        if self.phase != Phase::Board(street) {
            return Err(self.unexpected(input));
        }
        self.check_runs_decided()?;
        let bits = self.check_new_cards(new)?;
        self.deal_checked_board(at, street, new, cards, bits, sink)
    }

    /// Deals `street`'s cards `new` (`cards` as the event shows them), whose bits
    /// `bits` the caller checked new and distinct (C1), with the hand waiting for
    /// that street; ranks the contenders at the river.
    #[inline(never)]
    fn deal_checked_board<S: EventSink>(
        &mut self,
        at: Timestamp,
        street: Street,
        new: &[Option<Card>],
        cards: [Option<Card>; 3],
        bits: u64,
        sink: &mut S,
    ) -> Result<(), HandError> {
        if street == Street::River {
            let mut board = CardSet::EMPTY;
            let mut known = true;
            // Two plain loops (a chained iterator costs more per card).
            for cards in [&self.board[..4], new] {
                for card in cards {
                    match card {
                        Some(c) => {
                            board.insert(*c);
                        }
                        None => known = false,
                    }
                }
            }
            if !known && self.all_in_showdown {
                // The hands are face up and settle at once: they need the board.
                return Err(HandError::UnknownBoard);
            }
            if known {
                // Every rank is still `None` (hands are ranked at the river only):
                // only the contenders' change, after the last check that can fail.
                self.rank_contenders(board)?;
            }
        }
        self.add_known(bits);
        for card in new {
            self.board[self.board_len as usize] = *card;
            self.board_len += 1;
        }
        sink.push(at, Event::BoardDealt { street, cards });
        self.start_street(at, street, sink);
        Ok(())
    }

    /// Starts pre-flop betting once every hole card is dealt (B3, B6, B9, B13).
    #[inline(never)]
    fn start_preflop<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
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
    fn skip_preflop_betting<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
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
    fn start_street<S: EventSink>(&mut self, at: Timestamp, street: Street, sink: &mut S) {
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

    /// The first seat clockwise after `from` that must still act in this round (B8):
    /// an active seat facing a bet, or one that has not acted while two or more seats
    /// can bet.
    fn find_next(&self, from: Seat) -> Option<Seat> {
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
    fn act<S: EventSink>(&mut self, at: Timestamp, seat: Seat, action: Resolved, sink: &mut S) {
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
                    if !matches!(self.config.structure, BettingStructure::FixedLimit { .. }) {
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
    fn auto_act<S: EventSink>(
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
    fn advance<S: EventSink>(&mut self, at: Timestamp, from: Seat, sink: &mut S) {
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
    fn advance_to<S: EventSink>(&mut self, at: Timestamp, next: Option<Seat>, sink: &mut S) {
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
    fn advance_slow<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
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

    /// B14: returns the unmatched part of the largest bet, then gathers the bets.
    #[inline(never)]
    fn finish_round_chips<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
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
    fn close_round<S: EventSink>(&mut self, at: Timestamp, sink: &mut S) {
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
                // Cannot fail: the ranks were computed while validating the river,
                // and a showdown reached by betting has at least two contenders.
                let _ = self.advance_showdown(at, sink);
            }
        }
    }

    /// B21: the last river aggressor shows first, else the first seat left of the
    /// button; then clockwise.
    #[inline(never)]
    fn start_showdown(&mut self) {
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

    fn check_shower(&self, seat: Seat) -> Result<(), HandError> {
        // The next shower is kept in `to_act` during the showdown (a state from before
        // that, deserialized, may lack it: then it is looked up).
        match self.to_act.or_else(|| self.next_to_show()) {
            Some(s) if s == seat => Ok(()),
            Some(s) => Err(HandError::OutOfTurn { seat, to_act: s }),
            None => Err(HandError::NotInHand { seat }),
        }
    }

    #[inline(never)]
    fn show<S: EventSink>(
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
    }

    /// Turns `seat`'s hole cards face up (B21): its flag, the hand's shown bits and
    /// the `Showed` event.
    #[inline(always)]
    fn mark_shown<S: EventSink>(
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
    fn last_hand_in_a_pot(&self, seat: Seat) -> bool {
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
    fn advance_showdown<S: EventSink>(
        &mut self,
        at: Timestamp,
        sink: &mut S,
    ) -> Result<(), HandError> {
        let contenders = self.contenders().bits();
        let any_shown = contenders & self.shown != 0;
        // One claimant left (and nobody shown): the pot goes without a showdown.
        let single_claimant = !any_shown
            && if self.config.showdown.winner_must_show_both_cards {
                let unmucked = contenders & !self.mucked;
                unmucked != 0 && unmucked & (unmucked - 1) == 0
            } else {
                self.contenders()
                    .iter()
                    .filter(|s| self.claims(&self.seats[s.as_usize()]))
                    .count()
                    == 1
            };
        // The next seat to show, kept for `pending` and the next show or muck.
        self.to_act = self.next_to_show();
        if single_claimant || self.to_act.is_none() {
            self.try_settle(at, sink)?;
        }
        Ok(())
    }
}

impl<E: HandEvaluator + Clone> Hand<E> {
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
}

impl<E: HandEvaluator + Clone> Hand<E> {
    /// Sets the raw rank of every contender whose hole cards are known, with the
    /// complete `board` (E1), changing nothing when the evaluator refuses: the hands
    /// are ranked in one [`HandEvaluator::evaluate_on_board`] call, which
    /// `holdem_eval`'s fast evaluator answers by reading the board's key once and
    /// adding each hand's two cards.
    fn rank_contenders(&mut self, board: CardSet) -> Result<(), HandError> {
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
