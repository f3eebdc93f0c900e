//! Chip accounting for poker: main and side pots, splits, odd chips, rake and
//! uncalled bets (rules P1-P6, B14, B23, B24, and the relevant pot of T16).
//!
//! Pure functions over plain values, usable by any poker program. The one-call entry
//! point is [`settle`]; its pieces are [`layer`] (pots from contributions),
//! [`RakePolicy::rake_pots`] (rake per pot), [`award_pot`] / [`split_pot`] (one pot to
//! its winners).
//!
//! # Invariants
//! - Chips are whole, unsigned and overflow-checked ([`Chips`], B24); nothing is
//!   created or lost: returned uncalled bet + rake + every share == every contribution.
//! - Every share goes to a seat eligible for that pot: not folded (P2) and having put
//!   in at least the pot's cap (P1).
//! - Layering depends only on each seat's contribution and status, never on the order
//!   of the input.
//! - Bad input is a [`PotsError`] naming what and where, never a panic; functions are
//!   pure, so an error leaves nothing half done.
//! - Nothing here allocates: a table has at most [`MAX_POT_SEATS`] seats, so every
//!   collection is a fixed-capacity array. No I/O, no dependency on `eval`: hand
//!   strengths are any `Ord` value.
//!
//! # What settling does
//! - **Uncalled bet** (B14): the single largest contributor gets back its excess over
//!   the second largest contribution (folded seats count), before any pot is built;
//!   it is never raked.
//! - **Pots** (P1): one pot per distinct all-in level, main pot first; a seat is
//!   eligible for a pot when it has not folded and put in at least the pot's cap.
//!   Chips a folded seat put in above the largest live contribution join the top pot.
//!   An [`Status::Active`] seat below the largest live contribution is refused
//!   ([`PotsError::ActiveBelowCall`]): settle only once the betting is finished.
//! - **Strengths** are `(Seat, S)` pairs with `S: Ord`, higher wins. A live seat with
//!   no strength mucked: it can take a pot nobody contests (P4) but cannot win a
//!   contested one. A strength for a folded seat or a seat not in the hand is an
//!   error, not ignored.
//! - **Rake** ([`RakePolicy`], P5, B23): a rate in basis points, rounded down or to
//!   the nearest chip, an optional cap for the whole hand, "no flop, no drop", taken
//!   from each pot in order or from the main pot only. [`RakePolicy::NONE`] is the
//!   default.
//! - **Split pots and odd chips** (P3, P6): each pot is split on its own after its
//!   rake; the odd chips go one each to the winners in order clockwise from the
//!   button ([`PotAward::odd_chip_seats`], [`PotAward::first_odd_chip`]), or in
//!   a site's house order ([`OddChipOrder`], [`TableLayout::with_odd_chips`]).
//!
//! # Features
//! - `serde`: `Serialize`/`Deserialize` on every public data type. [`Chips`] and
//!   [`Seat`] are plain numbers, [`SeatSet`] a `u32` bitmask; [`Seat`], [`SeatSet`]
//!   and [`TableLayout`] are validated when parsed. [`RakePolicy`] uses kebab-case keys
//!   (`basis-points`, `rounding = "down"`, `cap`, `no-flop-no-drop`,
//!   `source = "each-pot"`), each of which may be omitted.
//!
//! # Example
//! ```
//! use holdem_pots::{settle, Chips, Contribution, Seat, SettleOptions, Status, TableLayout};
//!
//! let s = |i| Seat::new(i).expect("seat index below MAX_POT_SEATS");
//! // Seed 002: Jon all-in 100, Steve all-in 200, Bob all-in 400, Nick calls 400.
//! let (jon, steve, bob, nick) = (s(0), s(1), s(2), s(3));
//! let hand = [
//!     Contribution::new(jon, Chips(100), Status::AllIn),
//!     Contribution::new(steve, Chips(200), Status::AllIn),
//!     Contribution::new(bob, Chips(400), Status::AllIn),
//!     Contribution::new(nick, Chips(400), Status::Active),
//! ];
//! // Steve has the best hand, Bob and Nick tie behind him (higher strength wins).
//! let shown = [(jon, 1u8), (steve, 9), (bob, 5), (nick, 5)];
//! let table = TableLayout::new(9, nick)?; // button on Nick
//! let result = settle(table, &hand, &shown, SettleOptions::NO_RAKE)?;
//!
//! let pots: Vec<u64> = result.pots().iter().map(|p| p.amount().get()).collect();
//! assert_eq!(pots, [400, 300, 400]);
//! assert_eq!(result.payout(steve), Chips(700));
//! assert_eq!(result.payout(bob), Chips(200)); // the top pot split between Bob and Nick
//! assert_eq!(result.payout(nick), Chips(200));
//! // T16: Jon's bounty follows the main pot, the one he was all-in for.
//! let relevant = result.relevant_pot(jon).expect("Jon was eligible for the main pot");
//! assert_eq!(relevant.winners().first(), Some(steve));
//! # Ok::<(), holdem_pots::PotsError>(())
//! ```

mod award;
mod chips;
mod error;
mod layer;
mod rake;
mod seat;
mod settle;

pub use award::{PotAward, award_pot, split_pot};
pub use chips::{Chips, ChipsError};
pub use error::PotsError;
pub use layer::{Contribution, Layering, Pot, Status, Uncalled, layer};
pub use rake::{PotRakes, RakePolicy, RakeRounding, RakeSource};
pub use seat::{OddChipOrder, Seat, SeatSet, SeatSetIter, TableLayout};
pub use settle::{SettleOptions, Settlement, settle};

/// The most seats a table can have: 23, the most players one 52-card deck can deal
/// Texas Hold'em to (23 × 2 hole cards + 5 board cards = 51, with nothing burned).
/// Every per-seat array in this crate has this many slots.
///
/// Why the other limits differ: dealing with the three burns of rule C4 reaches
/// 22 seats (`holdem_cards::MAX_HAND_SEATS`); the betting crate's hand holds 10
/// (`holdem_betting::MAX_POT_SEATS`, what a real table seats, keeping its per-seat
/// state small); a hand history records at most this many players. Chip
/// accounting takes the largest so that any of them fits.
pub const MAX_POT_SEATS: usize = 23;

/// The most pots one hand can have: one per distinct live contribution level.
pub const MAX_POTS: usize = MAX_POT_SEATS;
