//! A sans-IO poker tournament engine: clock and levels, seating and balancing,
//! eliminations and payouts, formats, disconnect handling and crash recovery.
//!
//! A [`Tournament`] is a deterministic state machine. Every [`Command`] carries
//! a timestamp ([`TourneyInput`]); randomness (seat draws, button draws, byes) comes
//! from an injected [`rand_core::RngCore`]; [`Tournament::next_deadline`] says
//! when to call back. Hands are played by the caller: the tournament emits
//! [`TourneyEvent::HandStarted`] with the lineup, level and stacks, and accepts
//! [`Command::HandFinished`] with the final stacks. [`LineupHand`] turns the
//! lineup into a `holdem_betting` hand and its result into the command; the
//! betting crate is re-exported as [`betting`] (bots, the driver, cards).
//!
//! The simulation harness, `sim` (whole tournaments in virtual time, with the
//! built-in bots or the user's: `Simulation::with_bots`) and `bots`, is behind
//! the `sim` feature, off by default.
//!
//! # One import
//! [`prelude`] has what a program that runs an event needs; the tournament's
//! input and event are [`TourneyInput`] and [`TourneyEvent`], so it is used
//! beside `holdem_betting::prelude` without a clash.
//!
//! # Invariants
//! - No I/O and no clock inside the engine; only [`journal`] writes, through
//!   `std::io::Write`.
//! - A rejected command returns a [`TourneyError`] and changes nothing.
//! - Chips are conserved: a hand's final stacks must hold exactly the chips its
//!   players started with; nothing else moves chips (except the T14 away rule,
//!   which hands a closed table's chips to the player who advances).
//! - Every cent of the prize pool is in the prize table, and every finish
//!   carries its prize; tied players split exactly (see [`payouts`]).
//! - Replaying a journal ([`Tournament::recover`]) rebuilds the same state: each
//!   record carries the random draws its command used.
//!
//! # Example
//! ```
//! use holdem_tourney::{Chips, Command, TourneyEvent, TourneyInput, PlayerId, Tournament, TournamentOptions};
//! use rand_chacha::ChaCha8Rng;
//! use rand_core::SeedableRng;
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(7);
//! let mut t = Tournament::new(TournamentOptions::sit_and_go(2))?;
//! t.apply(&TourneyInput { at: 0, command: Command::Register { player: PlayerId(1) } }, &mut rng)?;
//! // The last seat fills: the sit-and-go starts and deals (T22).
//! let events = t.apply(&TourneyInput { at: 5, command: Command::Register { player: PlayerId(2) } }, &mut rng)?;
//! let Some(TourneyEvent::HandStarted { table, hand, stacks, .. }) =
//!     events.iter().find(|e| matches!(e, TourneyEvent::HandStarted { .. })).cloned()
//! else { unreachable!() };
//! // Player 1 wins every chip.
//! let total = stacks.iter().map(|s| s.1).sum::<Result<Chips, _>>()?;
//! let result = stacks.iter().map(|&(p, _)| (p, if p == PlayerId(1) { total } else { Chips::ZERO })).collect();
//! let events = t.apply(&TourneyInput { at: 60_000, command: Command::HandFinished { table, hand, stacks: result } }, &mut rng)?;
//! assert!(matches!(events.last(), Some(TourneyEvent::Ended { standings }) if standings[0].player == PlayerId(1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#[cfg(feature = "sim")]
pub mod bots;
pub mod bracket;
pub mod clock;
mod command;
pub mod config;
pub mod det;
pub mod hand;
mod ids;
pub mod journal;
pub mod money;
pub mod payouts;
mod record;
mod recover;
pub mod seating;
#[cfg(feature = "sim")]
pub mod sim;
mod tournament;

/// What a program that runs a tournament needs, in one import:
/// `use holdem_tourney::prelude::*;`.
///
/// It goes with `holdem_betting::prelude` without a clash: the tournament's
/// input and event are [`TourneyInput`] and [`TourneyEvent`] (the betting
/// prelude's `Input` and `Event` are a hand's), and [`Chips`] is the same type in
/// both. With the `sim` feature it also has the `Simulation` that plays an event
/// with your bots.
///
/// ```
/// use holdem_betting::prelude::*;
/// use holdem_tourney::prelude::*;
///
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let mut t = Tournament::new(TournamentOptions::sit_and_go(2))?;
/// let register = |p| TourneyInput { at: 0, command: Command::Register { player: PlayerId(p) } };
/// t.apply(&register(1), &mut rng)?;
/// let events: Vec<TourneyEvent> = t.apply(&register(2), &mut rng)?;
/// assert!(events.iter().any(|e| matches!(e, TourneyEvent::HandStarted { .. })));
/// let stack: Chips = t.options().starting_stack;
/// assert_eq!(t.chips_in_play(), Chips(2 * stack.get()));
/// // The betting names are there too, unambiguous.
/// let _config = HandConfig::no_limit(Chips(100));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub mod prelude {
    pub use crate::money::{DealOptions, DealTable, PlayerStack, icm_deal};
    #[cfg(feature = "sim")]
    pub use crate::sim::{NoJournal, SimOptions, Simulation};
    pub use crate::{
        Chips, Command, LineupHand, Phase, PlayerId, TableId, Tournament, TournamentConfig,
        TournamentOptions, TourneyError, TourneyEvent, TourneyInput,
    };
}

pub use command::{
    Command, DealDropReason, DealPart, ForcedAction, RolledBackHand, TourneyError, TourneyEvent,
    TourneyInput,
};
pub use config::{
    ButtonMovement, ChipRace, Format, HandForHand, OptionsError, PlayersLeft, TournamentConfig,
    TournamentOptions,
};
pub use hand::{LineupError, LineupHand};
/// The betting engine the hands are played with: bots ([`betting::Bot`]), the
/// [`betting::Driver`], cards and decks.
pub use holdem_betting as betting;
pub use ids::{
    Cents, Chips, HOUR, IdHasher, IdMap, IdSet, MAX_TIME, MINUTE, Ms, PlayerId, TableId,
};

/// The largest single amount an option may set (a stack, a blind, an ante, rebuy
/// or add-on chips, a price part in cents): 2^40, over a trillion. Bounded so that
/// the sums a tournament makes of them (chips in play, prize pools, over millions
/// of entries) fit in 64 bits; options past it are refused
/// ([`config::OptionsError::TooLarge`], [`clock::StructureError::BadLevel`]).
pub const MAX_AMOUNT: u64 = 1 << 40;

/// The most entries, re-entries, rebuys and add-ons one event sells in all: 2^21,
/// about two million (the largest events have had a few hundred thousand). With
/// each at most [`MAX_AMOUNT`] chips and cents, the chips in play and the prize
/// pool stay below 2^63.
pub const MAX_PURCHASES: u64 = 1 << 21;

/// The most seats at a tournament table: [`holdem_betting::MAX_SEATS`], 10, since
/// every hand is played by that crate. Options with a larger `table_size` are
/// refused ([`config::OptionsError::TableSize`]).
pub const MAX_TABLE_SIZE: u8 = 10;
const _: () = assert!(MAX_TABLE_SIZE as usize == holdem_betting::MAX_SEATS);

/// The longest level: a week of minutes (a clock in milliseconds adds them up).
pub const MAX_LEVEL_MINUTES: u32 = 7 * 24 * 60;
pub use record::Record;
pub use recover::{Dropped, RecoverError, RecoverOptions, Recovered};
pub use tournament::{Ledger, OpenDeal, Phase, RunningHand, Stats, Tournament};
