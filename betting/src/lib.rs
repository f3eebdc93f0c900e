//! One hand of Texas Hold'em, from the forced bets to the settlement, for fixed limit,
//! pot limit and no limit (rules B1-B27, C3, C4, C6): a sans-IO state machine. House
//! rules include the fixed-limit half-bet rule (B25), running the board more than
//! once ([`Input::OfferRuns`], B26) and bomb pots ([`HandConfig::bomb_pot`], B27).
//!
//! A [`Hand`] takes [`Input`]s (posts, player [`Action`]s, [`DealerInput`]s,
//! time-outs, show/muck) with a [`Timestamp`] and answers each with [`Event`]s or a
//! [`HandError`] naming the rule broken. It never owns the deck: the [`Dealer`] helper
//! draws from a shuffled `holdem_cards::Deck` in the right order, a replay feeds the
//! recorded cards (or `None` for cards a history hides). Showdowns are ranked by any
//! `holdem_eval::HandEvaluator` and the chips settled by `holdem_pots`.
//! The [`table`] module carries the button and blinds across hands (B18-B20), missed
//! blinds included. [`ForcedBets`] adds any seat's ante, dead antes and live straddles
//! to a hand ([`Hand::with_forced_bets`]); [`ShowdownRules`] and
//! [`table::TableRules`] are the house-rule options (serde, kebab-case, feature
//! `serde`). The feature `testkit` adds the module `testkit`: the random bench hand
//! that the workspace's benches and examples play (not a stable API).
//!
//! [`Hand::apply`] is in the module `apply`, one file per phase of the hand
//! (posting, dealing, acting, streets, showdown); settlement is in `result`, running
//! the board more than once in `runs`.
//!
//! # One import
//! [`prelude`] has what a program that plays hands needs (the hand, the driver,
//! bots, the [`table::CashTable`], cards, chips); its names do not clash with
//! the tournament's or the history crate's preludes.
//!
//! # Invariants
//! - A rejected input changes nothing: inputs are validated in full before any
//!   change (and the few that may rank hands run on a copy).
//! - Chips are conserved after every input: stacks + bets + pot == the starting
//!   stacks; after settlement, final stacks + rake == the starting stacks.
//! - No known card appears twice in a hand (C1); unknown cards are `None`.
//! - Amounts in actions are totals on the current street (PHH's "bet/raise to").
//! - [`Hand::apply_into`] allocates nothing: the state is fixed arrays sized by
//!   [`MAX_SEATS`], events go to a caller's [`EventSink`] (or a fixed [`Events`]).
//! - [`Hand::legal_actions`] is exactly the set of actions [`Hand::apply`] accepts.
//! - [`Hand::view_for`] never shows another player's unshown hole cards.
//!
//! # Example: a complete hand
//! ```
//! use holdem_betting::{Action, DealerInput, Event, Hand, HandConfig, Input, Pending, Player, Timestamp};
//! use holdem_cards::Card;
//! use holdem_pots::{Chips, Seat};
//!
//! let s = |i| Seat::new(i).expect("seat");
//! let c = |t: &str| t.parse::<Card>().ok();
//! let t = Timestamp(0);
//! // Blinds 50-100, three players, button on seat 0: seat 1 posts 50, seat 2 posts 100.
//! let config = HandConfig::no_limit(Chips(100));
//! let players = [Player::new(s(0), Chips(1_000)), Player::new(s(1), Chips(1_000)), Player::new(s(2), Chips(1_000))];
//! let mut hand = Hand::new(config, &players, s(0))?;
//! hand.post_forced_bets(t, &mut Vec::new())?;
//! for (seat, cards) in [(1, ["Ah", "Kh"]), (2, ["7c", "7d"]), (0, ["2s", "9d"])] {
//!     hand.apply(t, Input::Deal(DealerInput::HoleCards { seat: s(seat), cards: [c(cards[0]), c(cards[1])] }))?;
//! }
//! // B6: pre-flop the button (left of the big blind) acts first.
//! assert_eq!(hand.to_act(), Some(s(0)));
//! hand.apply(t, Input::act(s(0), Action::Fold))?;
//! // B10: the smallest raise is to 200; a raise to 150 is refused and changes nothing.
//! let legal = hand.legal_actions().expect("seat 1 to act");
//! assert_eq!(legal.raise.map(|r| r.min), Some(Chips(200)));
//! let before = hand.clone();
//! assert!(hand.apply(t, Input::act(s(1), Action::RaiseTo(Chips(150)))).is_err());
//! assert_eq!(hand, before);
//! hand.apply(t, Input::act(s(1), Action::RaiseTo(Chips(300))))?;
//! hand.apply(t, Input::act(s(2), Action::Call))?;
//! assert_eq!(hand.pot_total(), Chips(600));
//! hand.apply(t, Input::Deal(DealerInput::Burn(c("3c"))))?;
//! hand.apply(t, Input::Deal(DealerInput::Flop([c("Kd"), c("8s"), c("4h")])))?;
//! hand.apply(t, Input::act(s(1), Action::BetTo(Chips(400))))?;
//! hand.apply(t, Input::act(s(2), Action::Call))?;
//! hand.apply(t, Input::Deal(DealerInput::Turn(c("2d"))))?;
//! hand.apply(t, Input::act(s(1), Action::Check))?;
//! hand.apply(t, Input::act(s(2), Action::Check))?;
//! hand.apply(t, Input::Deal(DealerInput::River(c("Qc"))))?;
//! hand.apply(t, Input::act(s(1), Action::Check))?;
//! hand.apply(t, Input::act(s(2), Action::Check))?;
//! // B21: nobody bet the river, so the first seat left of the button shows first.
//! assert_eq!(hand.pending(), Pending::Showdown { seat: s(1) });
//! hand.apply(t, Input::Show { seat: s(1), cards: None })?;
//! let events = hand.apply(t, Input::Muck { seat: s(2) })?;
//! assert!(events.iter().any(|e| matches!(e.event, Event::HandComplete)));
//! let result = hand.result().expect("settled");
//! assert_eq!(result.final_stack(s(1)), Chips(1_700));
//! assert_eq!(result.net(s(2)), -700);
//! assert_eq!(result.final_stack(s(0)), Chips(1_000));
//! # Ok::<(), holdem_betting::HandError>(())
//! ```

mod apply;
mod bot;
mod check;
mod config;
pub mod dealer;
pub mod driver;
mod error;
mod event;
mod fixed;
mod forced;
mod hand;
mod input;
mod legal;
mod result;
mod runs;
mod state;
pub mod table;
#[cfg(feature = "testkit")]
pub mod testkit;

/// What a program that plays hands needs, in one import:
/// `use holdem_betting::prelude::*;`.
///
/// The names clash with no other holdem prelude, so it goes with
/// `holdem_tourney::prelude` and `holdem_history::prelude`: the table is
/// [`CashTable`](table::CashTable) (the tournament's is `holdem_tourney::seating::TournamentTable`), and
/// [`Input`] and [`Event`] are the hand's (the tournament's are `TourneyInput` and
/// `TourneyEvent`). [`Chips`] is the one chip type of every crate. The random
/// generators are `holdem_cards::rng`'s, the versions the crates are built with,
/// so a program needs no `rand_chacha` or `rand_core` of its own.
///
/// ```
/// use holdem_betting::prelude::*;
///
/// let mut table = CashTable::new(ButtonRule::DeadButton, Seat::new(0).ok_or("seat")?);
/// for i in 0..3 {
///     let seat = Seat::new(i).ok_or("seat")?;
///     table.seat(seat, Occupant::Playing { stack: Chips(1_000) })?;
/// }
/// let mut game = CashGame::new(HandConfig::no_limit(Chips(10)), table)?;
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let result = game.play_hand(&mut rng, &mut [CallingStation; MAX_SEATS])?;
/// assert!(result.went_to_showdown());
/// assert_eq!(game.table().total_chips()?, Chips(3_000));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod prelude {
    pub use crate::table::{ButtonRule, CashTable, Occupant, TableError};
    pub use crate::{
        Action, Bot, CallingStation, Card, CardSet, CashGame, Category, Chips, ChipsError, Dealer,
        Deck, Driver, DriverError, Evaluator, Event, Hand, HandConfig, HandError, HandResult,
        HandView, Input, LegalActions, MAX_SEATS, Player, Positions, RandomBot, Rank, Seat, Step,
        StreetStructures, Turn,
    };
    pub use holdem_cards::rng::{ChaCha8Rng, ChaCha20Rng, RngCore, SeedableRng};
}
mod view;

pub use bot::{Bot, CallingStation, RandomBot, Turn};
pub use check::StateError;
pub use config::{
    BettingStructure, HandConfig, IncompleteAllInRule, ShowdownRules, StreetStructures,
    half_rounded_down,
};
pub use dealer::{DealOutcome, Dealer, DealerError};
pub use driver::{CashGame, Driver, DriverError, Step};
pub use error::HandError;
pub use event::{
    AutoOutcome, AutoReason, Discard, Event, EventSink, Events, FnSink, MAX_EVENTS_PER_INPUT,
    ShowReason, Stamped,
};
pub use forced::{ForcedBets, MAX_STRADDLES};
pub use hand::Hand;
pub use input::{Action, DealerInput, Input, InputKind, PostKind, Timestamp};
pub use legal::{AmountRange, LegalActions};
pub use result::{HandResult, PotResult};
pub use runs::{MAX_BOARD_RUNS, RunOffer};
pub use state::{Pending, Player, Positions, SeatStatus, Street};
pub use view::{HandView, SeatView};

pub use holdem_pots::{Chips, ChipsError, OddChipOrder, RakePolicy, Seat, SeatSet};

// What a program that plays hands needs besides this crate: cards and decks
// (`holdem_cards`) and the showdown evaluator (`holdem_eval`).
pub use holdem_cards::{Card, CardSet, Deck, DeckError, Rank, Suit};
pub use holdem_eval::{Category, Evaluator, HandEvaluator, HandRank};
/// The crates this one builds on, for what the re-exports above leave out.
pub use {holdem_cards as cards, holdem_eval as eval, holdem_pots as pots};

/// The most seats at one table (and players in one hand): 10, what a real table
/// seats. Every per-seat array of a [`Hand`] and a [`table::CashTable`] has this many
/// slots, so the hand's state stays small to copy and to serialize.
///
/// It is below the chip-accounting limit, [`pots::MAX_POT_SEATS`] (23, a deal with no
/// burns), and the dealing limit, [`cards::MAX_HAND_SEATS`] (22, with burns): every
/// hand this crate plays fits both.
pub const MAX_SEATS: usize = 10;

/// The most chips one hand may hold in all (the players' stacks together): 2^62 − 1,
/// far above any real game, so that every sum of them the rules make (the pots, a
/// pot-limit maximum of the pot, the bets and the call) fits in a `u64`.
pub const MAX_TOTAL_CHIPS: Chips = Chips(u64::MAX >> 2);

// Every `Seat` (index below `holdem_pots::MAX_POT_SEATS`) has its bit in a `u32` mask: the
// seat masks shift by a seat's index unchecked.
const _: () = assert!(holdem_pots::MAX_POT_SEATS <= 32);
