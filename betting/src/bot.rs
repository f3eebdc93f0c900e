//! [`Bot`]: a player that decides an [`Action`] at its [`Turn`], and two simple
//! ones ([`CallingStation`], [`RandomBot`]).
//!
//! A [`Turn`] is what the seat to act may know: its own [`HandView`] (never another
//! player's unshown cards) and its [`LegalActions`]. Both are computed when asked
//! for, so a bot that needs neither (always check or call) costs nothing extra.
//! The [`crate::Driver`] asks bots at every decision; `holdem_tourney`'s simulation
//! does too.
//!
//! # Invariants
//! - A turn only exists for the seat the hand waits for ([`Hand::turn`]).
//! - A turn's view is that seat's [`Hand::view_for`]: no hidden card of another
//!   seat is reachable from it.
//!
//! ```
//! use holdem_betting::{Action, Bot, Chips, Hand, HandConfig, Player, Seat, Turn};
//!
//! /// Raises the minimum when it may, else checks or calls.
//! struct MinRaiser;
//! impl Bot for MinRaiser {
//!     fn decide(&mut self, turn: &Turn<'_>) -> Action {
//!         match turn.legal().raise {
//!             Some(range) => Action::RaiseTo(range.min),
//!             None => Action::CheckOrCall,
//!         }
//!     }
//! }
//! let s = |i| Seat::new(i).expect("seat");
//! let players = [Player::new(s(0), Chips(1_000)), Player::new(s(1), Chips(1_000))];
//! let mut hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
//! hand.post_forced_bets(holdem_betting::Timestamp(0), &mut Vec::new())?;
//! # let mut dealer = holdem_betting::Dealer::new(holdem_betting::Deck::seeded(1));
//! # dealer.deal_pending(&mut hand, holdem_betting::Timestamp(0), &mut Vec::new())?;
//! let turn = hand.turn().expect("the button acts first heads-up");
//! assert_eq!(MinRaiser.decide(&turn), Action::RaiseTo(Chips(20)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use holdem_cards::Card;
use holdem_pots::{Chips, Seat};
use rand_core::RngCore;

use holdem_eval::Evaluator;

use crate::{Action, Hand, HandView, LegalActions, Street};

/// A player: decides an action at its turn from what the seat may see.
///
/// An action outside [`Turn::legal`] is refused by the hand; the [`crate::Driver`]
/// reports it ([`crate::DriverError::Hand`]) and changes nothing, so the same
/// turn can be asked again.
pub trait Bot {
    /// The action for this turn.
    ///
    /// ```
    /// use holdem_betting::{Action, Bot, CallingStation, Turn};
    /// # use holdem_betting::{Chips, Hand, HandConfig, Player, Seat};
    /// # let s = |i| Seat::new(i).expect("seat");
    /// # let players = [Player::new(s(0), Chips(100)), Player::new(s(1), Chips(100))];
    /// # let mut hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
    /// # hand.post_forced_bets(holdem_betting::Timestamp(0), &mut Vec::new())?;
    /// # holdem_betting::Dealer::new(holdem_betting::Deck::seeded(1)).deal_pending(&mut hand, holdem_betting::Timestamp(0), &mut Vec::new())?;
    /// let turn: Turn<'_> = hand.turn().expect("a turn");
    /// assert_eq!(CallingStation.decide(&turn), Action::CheckOrCall);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn decide(&mut self, turn: &Turn<'_>) -> Action;
}

impl<B: Bot + ?Sized> Bot for &mut B {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        (**self).decide(turn)
    }
}

impl<B: Bot + ?Sized> Bot for Box<B> {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        (**self).decide(turn)
    }
}

/// What a [`Turn`] reads from its hand (the hand's evaluator type erased, so that
/// [`Bot`] works with any hand and as `dyn Bot`).
trait TurnSource {
    fn legal(&self) -> Option<LegalActions>;
    fn view(&self, seat: Seat) -> HandView;
    fn stack(&self, seat: Seat) -> Chips;
    fn street_bet(&self, seat: Seat) -> Chips;
    fn pot(&self) -> Chips;
    fn street(&self) -> Street;
    fn hole(&self, seat: Seat) -> [Option<Card>; 2];
    fn board(&self) -> &[Option<Card>];
}

impl<E> TurnSource for Hand<E> {
    #[inline]
    fn legal(&self) -> Option<LegalActions> {
        self.legal_actions()
    }
    #[inline]
    fn view(&self, seat: Seat) -> HandView {
        self.view_for(seat)
    }
    #[inline]
    fn stack(&self, seat: Seat) -> Chips {
        Hand::stack(self, seat)
    }
    #[inline]
    fn street_bet(&self, seat: Seat) -> Chips {
        Hand::street_bet(self, seat)
    }
    #[inline]
    fn pot(&self) -> Chips {
        self.pot_total()
    }
    #[inline]
    fn street(&self) -> Street {
        Hand::street(self)
    }
    #[inline]
    fn hole(&self, seat: Seat) -> [Option<Card>; 2] {
        self.hole_cards(seat)
    }
    #[inline]
    fn board(&self) -> &[Option<Card>] {
        Hand::board(self)
    }
}

/// The seat to act's decision point: its [`HandView`] and [`LegalActions`], each
/// computed when asked for, and a few cheap reads of its own state.
///
/// ```
/// use holdem_betting::{Chips, Dealer, Deck, Hand, HandConfig, Player, Seat, Street, Timestamp};
///
/// let s = |i| Seat::new(i).expect("seat");
/// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
/// let mut hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
/// hand.post_forced_bets(Timestamp(0), &mut Vec::new())?;
/// Dealer::new(Deck::seeded(2)).deal_pending(&mut hand, Timestamp(0), &mut Vec::new())?;
/// let turn = hand.turn().expect("the button acts first heads-up");
/// assert_eq!((turn.seat(), turn.street(), turn.board().len()), (s(0), Street::Preflop, 0));
/// // Heads-up the button posted the small blind: 5 in front, 495 behind, 15 in the pot.
/// assert_eq!((turn.street_bet(), turn.stack(), turn.pot()), (Chips(5), Chips(495), Chips(15)));
/// assert!(turn.hole_cards().iter().all(Option::is_some));
/// // Its view shows its own cards, not the other seat's.
/// let view = turn.view();
/// assert!(view.seats[1].expect("seat 1").hole_cards.is_none());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Turn<'a> {
    seat: Seat,
    hand: Source<'a>,
}

/// The hand behind a turn: the default hand type directly (its reads inline into
/// the bot), any other through [`TurnSource`].
#[derive(Copy, Clone)]
enum Source<'a> {
    Fast(&'a Hand<Evaluator>),
    Erased(&'a dyn TurnSource),
}

impl<'a> Source<'a> {
    #[inline(always)]
    fn get(self) -> &'a dyn TurnSource {
        match self {
            Source::Fast(hand) => hand,
            Source::Erased(hand) => hand,
        }
    }
}

/// Reads through the hand behind a turn: the default hand's methods called
/// directly, any other's through the trait object.
macro_rules! read {
    ($turn:expr, $hand:ident => $e:expr) => {
        match $turn.hand {
            Source::Fast($hand) => $e,
            Source::Erased($hand) => $e,
        }
    };
}

impl core::fmt::Debug for Turn<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Turn")
            .field("seat", &self.seat)
            .field("legal", &self.legal())
            .finish_non_exhaustive()
    }
}

impl<E: 'static> Hand<E> {
    /// The turn of the seat to act, `None` unless the hand waits for a betting
    /// action.
    ///
    /// ```
    /// use holdem_betting::{Chips, Hand, HandConfig, Player, Seat};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let players = [Player::new(s(0), Chips(100)), Player::new(s(1), Chips(100))];
    /// let hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
    /// assert!(hand.turn().is_none(), "the blinds are not posted yet");
    /// # Ok::<(), holdem_betting::HandError>(())
    /// ```
    #[must_use]
    pub fn turn(&self) -> Option<Turn<'_>> {
        self.to_act().map(|seat| Turn::of(seat, self))
    }
}

impl<'a> Turn<'a> {
    /// The turn of `seat`, which the caller has just read as the seat to act.
    #[inline(always)]
    pub(crate) fn of<E: 'static>(seat: Seat, hand: &'a Hand<E>) -> Turn<'a> {
        let hand = match (hand as &dyn core::any::Any).downcast_ref::<Hand<Evaluator>>() {
            Some(fast) => Source::Fast(fast),
            None => Source::Erased(hand),
        };
        Turn { seat, hand }
    }
}

impl Turn<'_> {
    /// The seat to act.
    #[must_use]
    pub const fn seat(&self) -> Seat {
        self.seat
    }

    /// What the seat may do (computed on each call: keep the value).
    #[must_use]
    #[inline]
    pub fn legal(&self) -> LegalActions {
        // A turn exists only while its seat is to act, so the hand has legal
        // actions; the fallback (fold only) is never used.
        read!(self, h => TurnSource::legal(h)).unwrap_or(LegalActions {
            seat: self.seat,
            fold: true,
            check: false,
            call_to: None,
            call_cost: Chips::ZERO,
            bet: None,
            raise: None,
            all_in_to: None,
            current_bet: Chips::ZERO,
            chip_unit: Chips(1),
            raise_gap: None,
        })
    }

    /// The hand as this seat may see it ([`Hand::view_for`]).
    #[must_use]
    pub fn view(&self) -> HandView {
        read!(self, h => TurnSource::view(h, self.seat))
    }

    /// The seat's chips behind.
    #[must_use]
    pub fn stack(&self) -> Chips {
        read!(self, h => TurnSource::stack(h, self.seat))
    }

    /// The seat's live bet on this street.
    #[must_use]
    pub fn street_bet(&self) -> Chips {
        read!(self, h => TurnSource::street_bet(h, self.seat))
    }

    /// Everything in the middle, this street's bets included.
    #[must_use]
    pub fn pot(&self) -> Chips {
        read!(self, h => TurnSource::pot(h))
    }

    /// The street being bet.
    #[must_use]
    pub fn street(&self) -> Street {
        read!(self, h => TurnSource::street(h))
    }

    /// The seat's own hole cards.
    #[must_use]
    pub fn hole_cards(&self) -> [Option<Card>; 2] {
        read!(self, h => TurnSource::hole(h, self.seat))
    }

    /// The board dealt so far.
    #[must_use]
    pub fn board(&self) -> &[Option<Card>] {
        self.hand.get().board()
    }
}

/// Checks when it may, else calls: never folds, never bets.
///
/// ```
/// use holdem_betting::{Bot, CallingStation};
/// let mut bots: Vec<Box<dyn Bot>> = vec![Box::new(CallingStation), Box::new(CallingStation)];
/// assert_eq!(bots.len(), 2);
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct CallingStation;

impl Bot for CallingStation {
    fn decide(&mut self, _turn: &Turn<'_>) -> Action {
        Action::CheckOrCall
    }
}

/// Random legal actions from its own random source: check or call mostly, fold
/// (check when free) one time in eight, bet or raise between the minimum and
/// the pot one time in eight, all-in one time in a hundred and twenty-eight.
///
/// ```
/// use holdem_betting::RandomBot;
/// use rand_core::SeedableRng;
/// # use holdem_betting::{Bot, Chips, Hand, HandConfig, Player, Seat};
/// # let s = |i| Seat::new(i).expect("seat");
/// # let players = [Player::new(s(0), Chips(100)), Player::new(s(1), Chips(100))];
/// # let mut hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
/// # hand.post_forced_bets(holdem_betting::Timestamp(0), &mut Vec::new())?;
/// # holdem_betting::Dealer::new(holdem_betting::Deck::seeded(1)).deal_pending(&mut hand, holdem_betting::Timestamp(0), &mut Vec::new())?;
/// let mut bot = RandomBot::new(rand_chacha::ChaCha8Rng::seed_from_u64(1));
/// let turn = hand.turn().expect("a turn");
/// assert!(turn.legal().allows(bot.decide(&turn)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct RandomBot<R> {
    rng: R,
}

impl<R: RngCore> RandomBot<R> {
    /// A bot drawing from `rng`.
    #[must_use]
    pub const fn new(rng: R) -> RandomBot<R> {
        RandomBot { rng }
    }
}

impl<R: RngCore> Bot for RandomBot<R> {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        let roll = self.rng.next_u32() % 128;
        if roll >= 32 {
            return Action::CheckOrCall;
        }
        let legal = turn.legal();
        if roll == 0 && legal.all_in_to.is_some() {
            return Action::AllIn;
        }
        if roll < 16 {
            return if legal.check {
                Action::Check
            } else {
                Action::Fold
            };
        }
        match legal.raise.or(legal.bet) {
            Some(range) => {
                let span = range.max.get().saturating_sub(range.min.get());
                let pot = turn.pot().get().max(1);
                let extra = self.rng.next_u64() % span.min(pot).saturating_add(1);
                let unit = legal.chip_unit.get().max(1);
                let to = Chips(
                    range
                        .min
                        .get()
                        .saturating_add(extra / unit * unit)
                        .min(range.max.get()),
                );
                // The seed 004 house rule refuses the totals in `raise_gap`.
                match legal.raise_gap {
                    Some(gap) if gap.contains(to) => Action::BetOrRaiseTo(range.min),
                    _ => Action::BetOrRaiseTo(to),
                }
            }
            None => Action::CheckOrCall,
        }
    }
}
