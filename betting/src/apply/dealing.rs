//! Dealing: hole cards (C3), burns and the board (C4), one input at a time or in one
//! call for the [`crate::Dealer`] and replays. Every card is checked new and distinct
//! before anything changes (C1); the river ranks the contenders' hands.

use holdem_cards::{Card, CardSet};
use holdem_eval::HandEvaluator;
use holdem_pots::Seat;

use crate::event::{Event, EventSink};
use crate::hand::Phase;
use crate::{DealerInput, Hand, HandError, Input, SeatStatus, Street, Timestamp};

impl<E: HandEvaluator + Clone> Hand<E> {
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
    pub(super) fn deal_hole_cards_at_once<S: EventSink>(
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
            // Seat indices are below `holdem_pots::MAX_POT_SEATS` (23): the shift stays
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

    /// C1: no known card twice, neither against the hand nor within `cards`. Gives
    /// the cards' bits for [`Hand::add_known`].
    #[inline]
    pub(super) fn check_new_cards(&self, cards: &[Option<Card>]) -> Result<u64, HandError> {
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
    pub(super) fn add_known(&mut self, bits: u64) {
        // Card bits are valid card-set bits by construction.
        self.known = CardSet::from_bits(self.known.bits() | bits).unwrap_or(self.known);
    }

    pub(super) fn deal_board<S: EventSink>(
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
    pub(super) fn deal_checked_board<S: EventSink>(
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
}
