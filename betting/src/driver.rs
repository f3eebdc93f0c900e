//! Play hands without glue: a [`Driver`] takes one [`Hand`] through everything that
//! needs no decision (forced bets, dealing from its own [`Dealer`], showdown,
//! settlement) and stops at each decision with the seat's [`Turn`]; a [`CashGame`]
//! plays hand after hand at a [`CashTable`] (button rule, new and returning players,
//! missed blinds, stacks carried over).
//!
//! The driver's loop is the one every program that plays hands writes: on each
//! [`Pending`] state it posts the forced bets, lets the dealer deal whatever cards
//! the hand waits for ([`Dealer::deal_pending`]), shows every hand still in at the
//! showdown (showing never loses a pot the cards win; mucking is a player's choice
//! the driver does not make), and stops where a player must act.
//!
//! # Invariants
//! - A refused action or a misuse returns a [`DriverError`] and changes nothing:
//!   the same decision can be asked again.
//! - A driver deals from its own [`Dealer`]: serialized and restored (feature
//!   `serde`) mid-hand, it deals the same runout.
//! - A [`CashGame`] conserves chips: the table's stacks after a hand add up to those
//!   before it, less the rake.
//!
//! # Example: bots at a cash table
//! ```
//! use holdem_betting::table::{ButtonRule, Occupant, CashTable};
//! use holdem_betting::{Bot, CallingStation, CashGame, Chips, HandConfig, Seat};
//! use rand_chacha::ChaCha8Rng;
//! use rand_core::SeedableRng;
//!
//! let s = |i| Seat::new(i).expect("seat");
//! let mut table = CashTable::new(ButtonRule::DeadButton, s(0));
//! for i in 0..3 {
//!     table.seat(s(i), Occupant::Playing { stack: Chips(1_000) })?;
//! }
//! let mut game = CashGame::new(HandConfig::no_limit(Chips(10)), table)?;
//! let mut bots: Vec<Box<dyn Bot>> = (0..3).map(|_| Box::new(CallingStation) as Box<dyn Bot>).collect();
//! let mut rng = ChaCha8Rng::seed_from_u64(1);
//! for _ in 0..10 {
//!     game.play_hand(&mut rng, &mut bots)?;
//! }
//! assert_eq!(game.hands_played(), 10);
//! assert_eq!(game.table().total_chips(), Ok(Chips(3_000)));
//! # Ok::<(), holdem_betting::DriverError>(())
//! ```

use holdem_eval::{Evaluator, HandEvaluator};
use holdem_pots::Seat;
use rand_core::RngCore;

use crate::table::{CashTable, Occupant, TableError};
use crate::{
    Action, Bot, Dealer, DealerError, Discard, EventSink, Hand, HandConfig, HandError, HandResult,
    Input, Pending, StateError, Timestamp, Turn,
};

/// Why a driver or a cash game could not go on. Nothing changed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DriverError {
    /// The hand refused an input (a bot's action outside its legal actions, or a
    /// config the hand cannot play).
    #[error("hand: {0}")]
    Hand(#[from] HandError),
    /// The dealer could not deal.
    #[error("dealer: {0}")]
    Dealer(#[from] DealerError),
    /// The table refused (too few players, a hand already running...).
    #[error("table: {0}")]
    Table(#[from] TableError),
    /// No bot plays `seat`: the bots are indexed by seat.
    #[error("no bot for seat {seat} (bots are indexed by seat, {bots} given)")]
    NoBot {
        /// The seat to act.
        seat: Seat,
        /// How many bots were given.
        bots: usize,
    },
    /// The hand waits for a decision, not for this call.
    #[error("the hand waits for {0}")]
    Waiting(Pending),
    /// The hand is not complete yet.
    #[error("the hand is not complete (it waits for {0})")]
    NotComplete(Pending),
    /// No hand is running at the cash table.
    #[error("no hand is running at the table")]
    NoHand,
    /// A hand is already running at the cash table.
    #[error("a hand is already running at the table")]
    HandRunning,
}

/// Where a driven hand stopped.
#[derive(Debug)]
pub enum Step<'a> {
    /// A player must act: ask their bot with this turn, then [`Driver::act`].
    Decision(Turn<'a>),
    /// The hand is settled ([`Driver::result`]).
    Complete,
}

/// One hand and its dealer: plays everything that needs no decision and stops at
/// each one. See the [module docs](self).
///
/// ```
/// use holdem_betting::{Bot, CallingStation, Chips, Deck, Dealer, Driver, Hand, HandConfig, Player, Seat, Step};
///
/// let s = |i| Seat::new(i).expect("seat");
/// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
/// let hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
/// let mut driver = Driver::new(hand, Dealer::new(Deck::seeded(3)));
/// // By hand: the decisions one at a time...
/// while let Step::Decision(turn) = driver.advance()? {
///     let action = CallingStation.decide(&turn);
///     driver.act(action)?;
/// }
/// let result = driver.result().expect("settled");
/// assert_eq!(result.final_stack(s(0)).get() + result.final_stack(s(1)).get(), 1_000);
/// # Ok::<(), holdem_betting::DriverError>(())
/// ```
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        remote = "Self",
        bound(serialize = "", deserialize = "E: Default + HandEvaluator + Clone")
    )
)]
pub struct Driver<E = Evaluator> {
    hand: Hand<E>,
    dealer: Dealer,
    at: Timestamp,
    decisions: u32,
}

/// Two drivers are equal when their hands, dealers and counts are.
impl<E> PartialEq for Driver<E> {
    fn eq(&self, other: &Driver<E>) -> bool {
        self.hand == other.hand
            && self.dealer == other.dealer
            && self.at == other.at
            && self.decisions == other.decisions
    }
}

impl<E: HandEvaluator + Clone + 'static> Driver<E> {
    /// A driver for `hand` (fresh or part played) dealing from `dealer`.
    #[must_use]
    #[inline(always)]
    pub const fn new(hand: Hand<E>, dealer: Dealer) -> Driver<E> {
        Driver {
            hand,
            dealer,
            at: Timestamp(0),
            decisions: 0,
        }
    }

    /// A driver for `hand` with a dealer shuffled by `rng`
    /// ([`Dealer::shuffled_for`]).
    ///
    /// ```
    /// use holdem_betting::{CallingStation, Chips, Driver, Hand, HandConfig, Player, Seat};
    /// use rand_core::SeedableRng;
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
    /// let hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let mut driver = Driver::shuffled(hand, &mut rng);
    /// let result = driver.play(&mut [CallingStation, CallingStation])?;
    /// assert_eq!(result.rake(), Chips(0));
    /// # Ok::<(), holdem_betting::DriverError>(())
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn shuffled<R: RngCore + ?Sized>(hand: Hand<E>, rng: &mut R) -> Driver<E> {
        let dealer = Dealer::shuffled_for(&hand, rng);
        Driver::new(hand, dealer)
    }

    /// A driver for a copy of `hand`, with a dealer shuffled by `rng`: the way to
    /// play many hands (rollouts, simulations) from one template hand. The copy is
    /// made in place, after the shuffle.
    ///
    /// ```
    /// use holdem_betting::{CallingStation, Chips, Driver, Hand, HandConfig, Player, Seat};
    /// use rand_core::SeedableRng;
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
    /// let template = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let mut showdowns = 0;
    /// for _ in 0..20 {
    ///     let mut driver = Driver::shuffled_from(&template, &mut rng);
    ///     showdowns += u32::from(driver.play_with(&mut CallingStation)?.went_to_showdown());
    /// }
    /// assert_eq!(showdowns, 20);
    /// # Ok::<(), holdem_betting::DriverError>(())
    /// ```
    #[must_use]
    #[inline(always)]
    pub fn shuffled_from<R: RngCore + ?Sized>(hand: &Hand<E>, rng: &mut R) -> Driver<E> {
        let dealer = Dealer::shuffled_for(hand, rng);
        Driver::new(hand.clone(), dealer)
    }

    /// Starts this driver again on a copy of `hand` with a dealer shuffled by `rng`
    /// (the time back to 0, no decisions yet): the loop of many hands from one
    /// template (rollouts, simulations) without building a driver each time.
    ///
    /// ```
    /// use holdem_betting::{CallingStation, Chips, Driver, Hand, HandConfig, Player, Seat};
    /// use rand_core::SeedableRng;
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
    /// let template = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    /// let mut driver = Driver::shuffled_from(&template, &mut rng);
    /// for _ in 0..20 {
    ///     assert!(driver.play_with(&mut CallingStation)?.went_to_showdown());
    ///     driver.restart_from(&template, &mut rng);
    /// }
    /// # Ok::<(), holdem_betting::DriverError>(())
    /// ```
    #[inline(always)]
    pub fn restart_from<R: RngCore + ?Sized>(&mut self, hand: &Hand<E>, rng: &mut R) {
        self.dealer = Dealer::shuffled_for(hand, rng);
        self.hand.clone_from(hand);
        self.at = Timestamp(0);
        self.decisions = 0;
    }

    /// The time stamped on the inputs from now on (the default is 0).
    pub fn set_time(&mut self, at: Timestamp) {
        self.at = at;
    }

    /// Plays everything up to the next decision or the end of the hand.
    ///
    /// # Errors
    /// [`DriverError::Hand`] or [`DriverError::Dealer`] when the hand or the dealer
    /// refuses (a dealer short of cards; never with a fresh [`Dealer`]).
    #[inline]
    pub fn advance(&mut self) -> Result<Step<'_>, DriverError> {
        self.advance_into(&mut Discard)
    }

    /// [`Driver::advance`], sending the hand's events to `sink`.
    ///
    /// ```
    /// use holdem_betting::{Chips, Dealer, Deck, Driver, Event, Hand, HandConfig, Player, Seat, Step, Timestamp};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
    /// let hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
    /// let mut driver = Driver::new(hand, Dealer::new(Deck::seeded(3)));
    /// driver.set_time(Timestamp(1_000));
    /// let mut events = Vec::new();
    /// assert!(matches!(driver.advance_into(&mut events)?, Step::Decision(_)));
    /// // The blinds went in and the cards were dealt, all stamped 1,000.
    /// assert!(events.iter().all(|e| e.at == Timestamp(1_000)));
    /// // B16: the button runs out of time facing the big blind and is folded.
    /// driver.time_out()?;
    /// assert!(matches!(driver.advance()?, Step::Complete));
    /// assert_eq!((driver.decisions(), driver.dealer().cards_left() > 0), (1, true));
    /// assert_eq!(driver.into_hand().result().map(|r| r.net(s(1))), Some(5));
    /// # Ok::<(), holdem_betting::DriverError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Driver::advance`].
    pub fn advance_into<S: EventSink>(&mut self, sink: &mut S) -> Result<Step<'_>, DriverError> {
        loop {
            match self.hand.pending() {
                Pending::Action { .. } => break,
                Pending::Complete => return Ok(Step::Complete),
                pending => self.no_decision(pending, sink)?,
            }
        }
        match self.hand.turn() {
            Some(turn) => Ok(Step::Decision(turn)),
            None => Err(DriverError::Waiting(self.hand.pending())),
        }
    }

    /// The seat to act takes `action`.
    ///
    /// # Errors
    /// [`DriverError::Waiting`] when no seat is to act; [`DriverError::Hand`] for
    /// an action the seat may not take. Nothing changes.
    #[inline]
    pub fn act(&mut self, action: Action) -> Result<(), DriverError> {
        self.act_into(action, &mut Discard)
    }

    /// [`Driver::act`], sending the hand's events to `sink`.
    ///
    /// # Errors
    /// As [`Driver::act`].
    pub fn act_into<S: EventSink>(
        &mut self,
        action: Action,
        sink: &mut S,
    ) -> Result<(), DriverError> {
        let Some(seat) = self.hand.to_act() else {
            return Err(DriverError::Waiting(self.hand.pending()));
        };
        self.hand
            .apply_into(self.at, Input::act(seat, action), sink)?;
        self.decisions = self.decisions.saturating_add(1);
        Ok(())
    }

    /// The seat to act runs out of time (B16): folded facing a bet, checked
    /// otherwise.
    ///
    /// # Errors
    /// [`DriverError::Waiting`] when no seat is to act.
    pub fn time_out(&mut self) -> Result<(), DriverError> {
        let Some(seat) = self.hand.to_act() else {
            return Err(DriverError::Waiting(self.hand.pending()));
        };
        self.hand
            .apply_into(self.at, Input::TimeOut { seat }, &mut Discard)?;
        self.decisions = self.decisions.saturating_add(1);
        Ok(())
    }

    /// Plays the hand to the end, asking `bots[seat index]` at each decision.
    ///
    /// # Errors
    /// [`DriverError::NoBot`] when a seat to act has no bot; a bot's refused
    /// action ([`DriverError::Hand`]) stops the hand at that decision.
    #[inline]
    pub fn play<B: Bot>(&mut self, bots: &mut [B]) -> Result<&HandResult, DriverError> {
        self.play_into(bots, &mut Discard)
    }

    /// Plays the hand to the end with one bot deciding for every seat (self-play,
    /// rollouts).
    ///
    /// ```
    /// use holdem_betting::{CallingStation, Chips, Deck, Dealer, Driver, Hand, HandConfig, Player, Seat};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let players = [Player::new(s(3), Chips(500)), Player::new(s(7), Chips(500))];
    /// let hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(3))?;
    /// let mut driver = Driver::new(hand, Dealer::new(Deck::seeded(8)));
    /// assert!(driver.play_with(&mut CallingStation)?.went_to_showdown());
    /// # Ok::<(), holdem_betting::DriverError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Driver::play`] (never [`DriverError::NoBot`]).
    pub fn play_with<B: Bot + ?Sized>(&mut self, bot: &mut B) -> Result<&HandResult, DriverError> {
        self.run(&mut Discard, |turn| Ok(bot.decide(turn)))
    }

    /// [`Driver::play`], sending the hand's events to `sink`.
    ///
    /// # Errors
    /// As [`Driver::play`].
    pub fn play_into<B: Bot, S: EventSink>(
        &mut self,
        bots: &mut [B],
        sink: &mut S,
    ) -> Result<&HandResult, DriverError> {
        let count = bots.len();
        self.run(sink, |turn| match bots.get_mut(turn.seat().as_usize()) {
            Some(bot) => Ok(bot.decide(turn)),
            None => Err(DriverError::NoBot {
                seat: turn.seat(),
                bots: count,
            }),
        })
    }

    /// Posts or deals what `pending` waits for (out of the decision loop's way).
    #[inline(never)]
    fn no_decision<S: EventSink>(
        &mut self,
        pending: Pending,
        sink: &mut S,
    ) -> Result<(), DriverError> {
        match pending {
            Pending::Post { .. } => self.hand.post_forced_bets(self.at, sink)?,
            Pending::Showdown { seat } => {
                self.hand
                    .apply_into(self.at, Input::Show { seat, cards: None }, sink)?;
            }
            // Everything else the hand waits for is the dealer's.
            Pending::HoleCards { .. } | Pending::Board { .. } => {
                if !self.dealer.deal_pending(&mut self.hand, self.at, sink)? {
                    return Err(DriverError::Waiting(pending));
                }
            }
            Pending::Action { .. } | Pending::Complete => {
                return Err(DriverError::Waiting(pending));
            }
        }
        Ok(())
    }

    /// The loop of [`Driver::play_into`] and [`Driver::play_with`]: one call of
    /// the hand per input, the decisions from `decide`.
    #[inline(always)]
    fn run<S: EventSink, F: FnMut(&Turn<'_>) -> Result<Action, DriverError>>(
        &mut self,
        sink: &mut S,
        mut decide: F,
    ) -> Result<&HandResult, DriverError> {
        loop {
            match self.hand.pending() {
                Pending::Complete => break,
                Pending::Action { seat } => {
                    let action = decide(&Turn::of(seat, &self.hand))?;
                    self.hand.act_in_turn(self.at, seat, action, sink)?;
                    self.decisions = self.decisions.saturating_add(1);
                }
                pending => self.no_decision(pending, sink)?,
            }
        }
        self.hand
            .result()
            .ok_or_else(|| DriverError::NotComplete(self.hand.pending()))
    }
}

impl<E> Driver<E> {
    /// The hand.
    #[must_use]
    pub const fn hand(&self) -> &Hand<E> {
        &self.hand
    }

    /// The hand, the driver done with.
    #[must_use]
    pub fn into_hand(self) -> Hand<E> {
        self.hand
    }

    /// The dealer (for the dealer's side only: its deck is the secret order of
    /// the cards to come).
    #[must_use]
    pub const fn dealer(&self) -> &Dealer {
        &self.dealer
    }

    /// The settlement, once the hand is complete.
    #[must_use]
    pub const fn result(&self) -> Option<&HandResult> {
        self.hand.result()
    }

    /// Decisions taken so far (actions and time-outs).
    #[must_use]
    pub const fn decisions(&self) -> u32 {
        self.decisions
    }

    /// Checks the driver's state as one that may come from outside (a saved
    /// table): its hand as [`Hand::check_state`] does, and what the driver adds.
    /// Every deserialized driver passes it (feature `serde`); a driver built with
    /// a fresh [`Dealer`] and played by its own calls always does.
    /// - The deck, the dealer's held first burn (C6) and the cards the hand knows
    ///   hold no card twice (C1).
    /// - The deck holds at least the cards the hand can still need (hole cards,
    ///   burns and board cards of every run agreed) and at most what 52 cards
    ///   leave after those dealt ([`StateError::DeckLength`]).
    /// - Every card dealt is recorded in the hand (the driver needs them at the
    ///   showdown), and the hand is in a state the driver deals on from: no burn
    ///   made without its street, no hole cards dealt to some seats only, no open
    ///   offer to run the board (the driver answers none).
    ///
    /// ```
    /// use holdem_betting::{Chips, Dealer, Deck, Driver, Hand, HandConfig, Player, Seat, StateError};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
    /// let hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
    /// let full: Driver = Driver::new(hand.clone(), Dealer::new(Deck::seeded(3)));
    /// assert_eq!(full.check_state(), Ok(()));
    /// // Two players need 4 hole cards, 3 burns and 5 board cards: 12.
    /// let cards: Vec<_> = Deck::seeded(3).deal_n(11)?.to_vec();
    /// let short: Driver = Driver::new(hand, Dealer::new(Deck::from_order(&cards)?));
    /// assert!(matches!(short.check_state(), Err(StateError::DeckLength { left: 11, needed: 12, .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// The first broken invariant, as a [`StateError`].
    pub fn check_state(&self) -> Result<(), StateError> {
        let hand = &self.hand;
        hand.check_state()?;
        self.dealer.check_for(hand)?;
        let runs_done = usize::from(hand.runs.current);
        let earlier = hand.runs.boards.iter().take(runs_done);
        let board = hand.board.iter().take(usize::from(hand.board_len));
        if earlier.flatten().chain(board).any(Option::is_none) {
            return Err(StateError::BoardCardUnknown);
        }
        for seat in hand.players.iter() {
            let st = &hand.seats[seat.as_usize()];
            if st.dealt && st.hole.iter().any(Option::is_none) {
                return Err(StateError::HoleCardsUnknown { seat });
            }
        }
        let reason = if hand.deck_counts().burn_made {
            Some(
                "a burn is made without its street's cards (C4: the driver burns and deals in one step)",
            )
        } else if hand.waits_for_hole_cards() && hand.dealt != 0 {
            Some("hole cards are dealt to some seats only (C3: the driver deals them all at once)")
        } else if hand.runs.waiting != 0 {
            Some("an offer to run the board is open (B26: the driver answers none)")
        } else {
            None
        };
        match reason {
            Some(reason) => Err(StateError::DriverCannotDeal { reason }),
            None => Ok(()),
        }
    }
}

/// A cash game: a [`CashTable`] across hands and the [`Driver`] of the hand in
/// progress. The table decides who plays with which blinds ([`CashTable::next_hand`]),
/// the driver plays the hand, and the final stacks go back to the table
/// ([`CashTable::finish_hand`]). Seat, unseat and send players away between hands
/// with [`CashGame::seat`]. See the [module docs](self).
///
/// With the `serde` feature a cash game serializes with its hand in progress and
/// that hand's dealer (the evaluator is rebuilt with `E::default()`);
/// deserializing checks it ([`CashGame::check_state`]).
#[derive(Debug, Clone)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(
        remote = "Self",
        bound(serialize = "", deserialize = "E: Default + HandEvaluator + Clone")
    )
)]
pub struct CashGame<E = Evaluator> {
    config: HandConfig,
    table: CashTable,
    driver: Option<Driver<E>>,
    hands: u64,
    #[cfg_attr(feature = "serde", serde(skip))]
    evaluator: E,
}

/// Two cash games are equal when their states are (the evaluator, a pure
/// function, is not compared).
impl<E> PartialEq for CashGame<E> {
    fn eq(&self, other: &CashGame<E>) -> bool {
        self.config == other.config
            && self.table == other.table
            && self.driver == other.driver
            && self.hands == other.hands
    }
}

impl CashGame<Evaluator> {
    /// A cash game under `config` at `table`, ranked by the fast evaluator.
    ///
    /// # Errors
    /// [`DriverError::Hand`] with [`HandError::InvalidConfig`] for a config no
    /// hand can play.
    pub fn new(config: HandConfig, table: CashTable) -> Result<Self, DriverError> {
        CashGame::with_evaluator(config, table, Evaluator::new())
    }
}

impl<E: HandEvaluator + Clone + 'static> CashGame<E> {
    /// A cash game ranking showdowns with `evaluator`.
    ///
    /// ```
    /// use holdem_betting::table::{ButtonRule, CashTable};
    /// use holdem_betting::{CashGame, Chips, Evaluator, HandConfig, Seat};
    ///
    /// let table = CashTable::new(ButtonRule::ForwardMoving, Seat::new(0).expect("seat"));
    /// let game = CashGame::with_evaluator(HandConfig::pot_limit(Chips(2)), table, Evaluator::new())?;
    /// assert_eq!(game.hands_played(), 0);
    /// # Ok::<(), holdem_betting::DriverError>(())
    /// ```
    ///
    /// # Errors
    /// As [`CashGame::new`].
    pub fn with_evaluator(
        config: HandConfig,
        table: CashTable,
        evaluator: E,
    ) -> Result<Self, DriverError> {
        config.validate()?;
        Ok(CashGame {
            config,
            table,
            driver: None,
            hands: 0,
            evaluator,
        })
    }

    /// Puts `occupant` in `seat` ([`CashTable::seat`]).
    ///
    /// # Errors
    /// [`DriverError::Table`] with the table's refusal.
    pub fn seat(&mut self, seat: Seat, occupant: Occupant) -> Result<(), DriverError> {
        Ok(self.table.seat(seat, occupant)?)
    }

    /// Starts the next hand: the table moves the button and blinds and deals
    /// players in, the dealer is shuffled with `rng`.
    ///
    /// ```
    /// use holdem_betting::table::{ButtonRule, Occupant, CashTable};
    /// use holdem_betting::{Action, CashGame, Chips, HandConfig, Seat, Step};
    /// use rand_core::SeedableRng;
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let mut table = CashTable::new(ButtonRule::ForwardMoving, s(0));
    /// table.seat(s(0), Occupant::Playing { stack: Chips(200) })?;
    /// table.seat(s(1), Occupant::Playing { stack: Chips(200) })?;
    /// let mut game = CashGame::new(HandConfig::no_limit(Chips(10)), table)?;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2);
    /// let driver = game.start_hand(&mut rng)?;
    /// // Decisions one at a time: everyone folds or checks.
    /// while let Step::Decision(turn) = driver.advance()? {
    ///     let action = if turn.legal().check { Action::Check } else { Action::Fold };
    ///     driver.act(action)?;
    /// }
    /// let result = game.finish_hand()?;
    /// assert_eq!(game.table().total_chips(), Ok(Chips(400)));
    /// assert_eq!(result.net(s(0)) + result.net(s(1)), 0);
    /// assert!(game.driver().is_none());
    /// # Ok::<(), holdem_betting::DriverError>(())
    /// ```
    ///
    /// # Errors
    /// [`DriverError::HandRunning`] while a hand runs, the table's refusal
    /// ([`TableError::TooFewPlayers`]); nothing changes.
    pub fn start_hand<R: RngCore + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Result<&mut Driver<E>, DriverError> {
        if self.driver.is_some() {
            return Err(DriverError::HandRunning);
        }
        let mut table = self.table.clone();
        let setup = table.next_hand()?;
        let hand = Hand::at_positions(
            self.config,
            &setup.players,
            setup.positions,
            self.evaluator.clone(),
        )?;
        self.table = table;
        Ok(self.driver.insert(Driver::shuffled(hand, rng)))
    }

    /// The hand in progress.
    #[must_use]
    pub fn driver(&mut self) -> Option<&mut Driver<E>> {
        self.driver.as_mut()
    }

    /// Carries the finished hand's stacks to the table and returns its result.
    ///
    /// # Errors
    /// [`DriverError::NoHand`] without a hand, [`DriverError::NotComplete`] before
    /// its end; nothing changes.
    pub fn finish_hand(&mut self) -> Result<HandResult, DriverError> {
        let Some(driver) = &self.driver else {
            return Err(DriverError::NoHand);
        };
        let Some(result) = driver.result() else {
            return Err(DriverError::NotComplete(driver.hand().pending()));
        };
        let result = result.clone();
        self.table.finish_hand(&result)?;
        self.driver = None;
        self.hands = self.hands.saturating_add(1);
        Ok(result)
    }

    /// Plays one whole hand: [`CashGame::start_hand`], [`Driver::play`] with
    /// `bots[seat index]`, [`CashGame::finish_hand`].
    ///
    /// # Errors
    /// As those three. A bot's refused action leaves the hand running at that
    /// decision ([`CashGame::driver`]).
    pub fn play_hand<R: RngCore + ?Sized, B: Bot>(
        &mut self,
        rng: &mut R,
        bots: &mut [B],
    ) -> Result<HandResult, DriverError> {
        self.start_hand(rng)?.play(bots)?;
        self.finish_hand()
    }
}

impl<E> CashGame<E> {
    /// The table (seats, stacks, button).
    #[must_use]
    pub const fn table(&self) -> &CashTable {
        &self.table
    }

    /// The config every hand is played under.
    #[must_use]
    pub const fn config(&self) -> &HandConfig {
        &self.config
    }

    /// Hands finished.
    #[must_use]
    pub const fn hands_played(&self) -> u64 {
        self.hands
    }

    /// Checks the cash game's state as one that may come from outside (a saved
    /// game): the config is playable ([`HandConfig::validate`]), the table passes
    /// [`CashTable::check_state`], the hand in progress (if any) passes
    /// [`Driver::check_state`], and the table and the hand agree: a hand runs
    /// exactly when the table dealt one, under the game's config, with the
    /// players and starting stacks the table dealt in, its button and its big
    /// blind. Every deserialized cash game passes it (feature `serde`).
    ///
    /// ```
    /// use holdem_betting::table::{ButtonRule, CashTable, Occupant};
    /// use holdem_betting::{CashGame, Chips, HandConfig, Seat};
    /// use rand_core::SeedableRng;
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let mut table = CashTable::new(ButtonRule::ForwardMoving, s(0));
    /// table.seat(s(0), Occupant::Playing { stack: Chips(200) })?;
    /// table.seat(s(1), Occupant::Playing { stack: Chips(200) })?;
    /// let mut game = CashGame::new(HandConfig::no_limit(Chips(10)), table)?;
    /// game.start_hand(&mut rand_chacha::ChaCha8Rng::seed_from_u64(2))?;
    /// assert_eq!(game.check_state(), Ok(()));
    /// # Ok::<(), holdem_betting::DriverError>(())
    /// ```
    ///
    /// # Errors
    /// The first broken invariant, as a [`StateError`].
    pub fn check_state(&self) -> Result<(), StateError> {
        if let Err(HandError::InvalidConfig { field, reason }) = self.config.validate() {
            return Err(StateError::InvalidConfig { field, reason });
        }
        self.table.check_state()?;
        if let Some(driver) = &self.driver {
            driver.check_state()?;
            if driver.hand.config != self.config {
                return Err(StateError::TableMismatch { field: "config" });
            }
        }
        self.table
            .check_hand(self.driver.as_ref().map(Driver::hand))
    }
}

#[cfg(feature = "serde")]
impl<E> serde::Serialize for Driver<E> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        Driver::<E>::serialize(self, serializer)
    }
}

/// A deserialized driver is checked ([`Driver::check_state`]).
#[cfg(feature = "serde")]
impl<'de, E: Default + HandEvaluator + Clone> serde::Deserialize<'de> for Driver<E> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let driver = Driver::<E>::deserialize(deserializer)?;
        driver.check_state().map_err(serde::de::Error::custom)?;
        Ok(driver)
    }
}

#[cfg(feature = "serde")]
impl<E> serde::Serialize for CashGame<E> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        CashGame::<E>::serialize(self, serializer)
    }
}

/// A deserialized cash game is checked ([`CashGame::check_state`]).
#[cfg(feature = "serde")]
impl<'de, E: Default + HandEvaluator + Clone> serde::Deserialize<'de> for CashGame<E> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let game = CashGame::<E>::deserialize(deserializer)?;
        game.check_state().map_err(serde::de::Error::custom)?;
        Ok(game)
    }
}
