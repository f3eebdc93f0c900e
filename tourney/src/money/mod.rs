//! Money and chips outside a hand: late registration, re-entry, rebuys and add-ons
//! (rules T2-T4), bounties (T16), deals (T15: ICM at any field size, chip count,
//! even split, future game simulation), cancellation (T17), early payouts
//! (T19) and the chip race (T21).
//!
//! Everything here is a pure function or a small value type: no clock is read, no
//! I/O is done, nothing is random except the seeded simulation of [`fgs`] (the
//! same input and seed give the same result). The tournament state machine calls these
//! functions with its own state and turns the answers into events.
//!
//! # Invariants
//! - Money is integer cents (`u64`), chips are integer chips (`u64`). Floats appear
//!   only inside the ICM computation and are rounded to cents before leaving
//!   [`icm`]; every rounding has a stated, deterministic remainder rule.
//! - No cent is created or lost: every split (deal, bounty, cancellation, early
//!   payout) hands out exactly the amount it was given.
//! - Results never depend on the order in which players are passed in, except
//!   where the rules make order matter (odd bounty cents go to the earliest
//!   *positions*, which are an explicit input).
//! - Bad input (a deal before the final table, a rebuy above the threshold, an
//!   unknown or duplicated player, empty inputs, arithmetic overflow) is a
//!   [`MoneyError`] and changes nothing; no function panics on input.
//!
//! # Example
//! ```
//! use holdem_tourney::money::{icm_deal, Chips, DealOptions, DealTable, PlayerId, PlayerStack};
//!
//! // Three players at the final table, $50 / $30 / $20 left to play for (rule T15).
//! let stacks = [
//!     PlayerStack { player: PlayerId(1), chips: Chips(5_000) },
//!     PlayerStack { player: PlayerId(2), chips: Chips(3_000) },
//!     PlayerStack { player: PlayerId(3), chips: Chips(2_000) },
//! ];
//! let table = DealTable { final_table: true, players_remaining: 3, total_prize_pool: 10_000 };
//! let deal = icm_deal(&table, &stacks, &[5_000, 3_000, 2_000], 0, &DealOptions::default())?;
//! let cents: Vec<u64> = deal.shares.iter().map(|s| s.cents).collect();
//! assert_eq!(cents, [3_839, 3_275, 2_886]);
//! assert_eq!(cents.iter().sum::<u64>(), 10_000); // every cent assigned
//! # Ok::<(), holdem_tourney::money::MoneyError>(())
//! ```

mod bounty;
mod cancel;
mod chip_race;
mod deal;
mod early;
mod entry;
pub mod fgs;
pub mod icm;
mod split;

pub use bounty::{
    Bounties, BountyOptions, BountyPayout, BountyWinner, FixedBounty, KnockoutAward,
    KnockoutBounty, TournamentWinnerAward,
};
pub use cancel::{
    CashPool, Compensation, Entrant, MoneyStage, Purchase, PurchaseKind, Refund, RollForward,
    Survivor, Tender, roll_forward, rollback,
};
pub use chip_race::{ChipRaceOutcome, ChipRacePlayer, ChipRaceStack, run_chip_race};
pub use deal::{
    Deal, DealMethod, DealOptions, DealShare, DealTable, PlayerStack, chip_count_deal, deal,
    even_split_deal, fgs_deal, icm_deal,
};
pub use early::{EarlyPayment, EarlyPayouts};
pub use entry::{
    AddOnOptions, AddOnWindow, ChipPurchase, EntryClock, EntryOptions, LateEntry, LateRegistration,
    PlayerEntries, Price, RebuyOptions, Unregistration, Window, check_add_on, check_entry,
    check_rebuy, check_unregister, late_registration_closes_at, window_closes_at,
};
pub use fgs::{FgsEquities, FgsLevel, FgsOptions, fgs_equities};

use thiserror::Error;

// Money amounts here are [`crate::Cents`], the crate's one money type.
use crate::Cents;

/// Chips, in whole chips.
pub use holdem_pots::{Chips, ChipsError};

/// Who a sum of money belongs to: the tournament's stable player identifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlayerId(pub u32);

impl core::fmt::Display for PlayerId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "player {}", self.0)
    }
}

/// Why a money or chip operation was refused. Nothing was changed.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum MoneyError {
    /// The event offers no late registration and has already started (T2).
    #[error("registration closed when the event started: no late registration (rule T2)")]
    NoLateRegistration,
    /// The late registration window is over (T2).
    #[error("late registration closed at {closed_at_ms} ms (rule T2)")]
    LateRegistrationOver {
        /// When the window closed, in ms of clock time.
        closed_at_ms: u64,
    },
    /// The late registration window is over (T2, house rule by level).
    #[error(
        "late registration closed after level index {last_level}; now at {level_index} (rule T2)"
    )]
    LateRegistrationOverByLevel {
        /// The last level (0-based) in which entry was allowed.
        last_level: u32,
        /// The current level (0-based).
        level_index: u32,
    },
    /// Payouts have begun, which closes late registration early (T2).
    #[error("late registration closed early: payouts have begun (rule T2)")]
    LateRegistrationClosedInTheMoney,
    /// The docked late-entry stack would be empty (T2 house rule).
    #[error(
        "late entry docked {docked} chips from a {starting_stack} starting stack leaves nothing (rule T2)"
    )]
    LateStackExhausted {
        /// The starting stack.
        starting_stack: Chips,
        /// The chips docked.
        docked: Chips,
    },
    /// The player is still in the event, so cannot enter again (T3).
    #[error("{0} is still playing and cannot enter again (rule T3)")]
    StillPlaying(PlayerId),
    /// The event does not allow re-entry (T3).
    #[error("{0} already entered and this event allows no re-entry (rule T3)")]
    ReEntryNotAllowed(PlayerId),
    /// The player used every entry the event allows (T3).
    #[error("{player} has used all {max} entries (rule T3)")]
    MaxEntriesReached {
        /// Who.
        player: PlayerId,
        /// The most entries allowed.
        max: u32,
    },
    /// The event does not allow unregistration (T3).
    #[error("this event allows no unregistration (rule T3)")]
    UnregistrationNotAllowed,
    /// The unregistration deadline has passed (T3).
    #[error("unregistration closed at {closed_at_ms} ms (rule T3)")]
    UnregistrationClosed {
        /// When it closed.
        closed_at_ms: u64,
    },
    /// The event has no rebuys (T4).
    #[error("this event has no rebuys (rule T4)")]
    NoRebuys,
    /// The rebuy period is over (T4).
    #[error("the rebuy period is over (rule T4)")]
    RebuyPeriodOver,
    /// A rebuy is only allowed at or below the chip threshold (T4).
    #[error("rebuy refused: stack {stack} is above the threshold {threshold} (rule T4)")]
    RebuyAboveThreshold {
        /// The player's stack.
        stack: Chips,
        /// The highest stack allowed to rebuy.
        threshold: Chips,
    },
    /// The player used every rebuy allowed (T4).
    #[error("{player} has used all {max} rebuys (rule T4)")]
    MaxRebuysReached {
        /// Who.
        player: PlayerId,
        /// The most rebuys allowed.
        max: u32,
    },
    /// The event has no add-on, or not now (T4).
    #[error("no add-on is available now (rule T4)")]
    AddOnNotAvailable,
    /// The player used every add-on allowed (T4).
    #[error("{player} has used all {max} add-ons (rule T4)")]
    MaxAddOnsReached {
        /// Who.
        player: PlayerId,
        /// The most add-ons allowed.
        max: u32,
    },
    /// Not enough available funds (000 1.8: funds in play elsewhere do not count).
    #[error("needs {needed} cents but only {available} are available (rule T4)")]
    InsufficientFunds {
        /// The price.
        needed: Cents,
        /// The available funds.
        available: Cents,
    },
    /// A deal was proposed before the final table (T15).
    #[error("deals are only allowed at the final table (rule T15)")]
    DealBeforeFinalTable,
    /// A deal must include every remaining player (T15).
    #[error("a deal must include all {remaining} remaining players, not {included} (rule T15)")]
    DealMissingPlayers {
        /// Players in the proposal.
        included: usize,
        /// Players still in the event.
        remaining: usize,
    },
    /// More money left in play than the event allows (T15).
    #[error("{left} cents left in play is more than the {max} allowed (rule T15)")]
    LeftInPlayTooLarge {
        /// The amount proposed.
        left: Cents,
        /// The most allowed.
        max: Cents,
    },
    /// Less money left in play than the house requires (T15).
    #[error("{left} cents left in play is less than the {min} the house requires (rule T15)")]
    LeftInPlayTooSmall {
        /// The amount proposed.
        left: Cents,
        /// The least required.
        min: Cents,
    },
    /// More prizes than players remain.
    #[error("{prizes} prizes remain but only {players} players (rule T15)")]
    TooManyPrizes {
        /// Prizes passed in.
        prizes: usize,
        /// Players passed in.
        players: usize,
    },
    /// The subset DP for ICM ([`icm::equities_subset`]) takes at most `max`
    /// players; [`icm::equities`] takes any number.
    #[error("the subset ICM method takes at most {max} players, not {players} (rule T15)")]
    TooManyPlayersForIcm {
        /// Players passed in.
        players: usize,
        /// The most supported.
        max: usize,
    },
    /// A stack of zero chips given to ICM, by its index in the input.
    #[error("stack {index} has no chips (rule T15)")]
    ZeroStack {
        /// Index of the stack in the input.
        index: usize,
    },
    /// A prize that is not a finite, non-negative amount, by its place (from 1).
    #[error("the prize for place {place} is not a finite amount of at least 0 (rule T15)")]
    BadPrize {
        /// The place, from 1.
        place: usize,
    },
    /// Future game simulation takes 2 to 9 players (one table).
    #[error("future game simulation takes 2 to 9 players, not {players} (rule T15)")]
    FgsPlayers {
        /// Players given.
        players: usize,
    },
    /// FGS options without levels, a zero big blind, zero hands per level or
    /// trials, or a button past the last player.
    #[error(
        "future game simulation needs levels with a big blind, hands per level, trials and a button among the players (rule T15)"
    )]
    BadFgsOptions,
    /// An FGS deal needs the structure: use [`fgs_deal`].
    #[error("an FGS deal needs the blind structure (rule T15)")]
    FgsNeedsStructure,
    /// A player with no chips cannot be part of a deal or a chip share.
    #[error("{0} has no chips")]
    EmptyStack(PlayerId),
    /// No players were given.
    #[error("no players given")]
    NoPlayers,
    /// A player appears twice.
    #[error("{0} appears twice")]
    DuplicatePlayer(PlayerId),
    /// A player is not known to the operation.
    #[error("{0} is unknown here")]
    UnknownPlayer(PlayerId),
    /// No winners of the relevant pot were given (T16).
    #[error("a knockout needs at least one winner of the relevant pot (rule T16)")]
    NoWinners,
    /// A bounty part was paid in an event without knockout bounties (T16).
    #[error("the event has no knockout bounty to add to (rule T16)")]
    NoKnockoutBounty,
    /// The busted player cannot win their own relevant pot (T16).
    #[error("{0} cannot knock themselves out (rule T16)")]
    SelfKnockout(PlayerId),
    /// The player was already knocked out or already paid (T16, T19).
    #[error("{0} was already settled")]
    AlreadySettled(PlayerId),
    /// A share in basis points above 10,000 (100%).
    #[error("share of {basis_points} basis points is above 100%")]
    InvalidShare {
        /// The share given.
        basis_points: u32,
    },
    /// The denominations of a chip race make no sense (T21).
    #[error(
        "cannot race {retired}-chips into {next}-chips: the next chip must be larger (rule T21)"
    )]
    InvalidDenominations {
        /// The chip being retired.
        retired: Chips,
        /// The next larger chip.
        next: Chips,
    },
    /// A purchase's tender does not add up to its price (T17).
    #[error("{player}: paid {paid} cents for a purchase priced {price} (rule T17)")]
    TenderMismatch {
        /// Who.
        player: PlayerId,
        /// The tender total.
        paid: Cents,
        /// Prize pool + fee + bounty.
        price: Cents,
    },
    /// A player is not in the money (T19).
    #[error("{0} did not receive the early payout (rule T19)")]
    NotInTheMoney(PlayerId),
    /// The arithmetic would overflow `u64`.
    #[error("amount overflows")]
    Overflow,
    /// Chip arithmetic out of range: a sum of stacks above `u64`, or fewer chips
    /// than are taken away.
    #[error(transparent)]
    Chips(#[from] ChipsError),
}

/// Checks that no player appears twice; `Ok` carries the ids sorted.
pub(crate) fn sorted_unique<I: IntoIterator<Item = PlayerId>>(
    ids: I,
) -> Result<Vec<PlayerId>, MoneyError> {
    let mut v: Vec<PlayerId> = ids.into_iter().collect();
    v.sort_unstable();
    if let Some(w) = v.windows(2).find(|w| w[0] == w[1]) {
        return Err(MoneyError::DuplicatePlayer(w[0]));
    }
    Ok(v)
}

/// Checked sum of money or chips.
pub(crate) fn checked_sum<I: IntoIterator<Item = u64>>(values: I) -> Result<u64, MoneyError> {
    values
        .into_iter()
        .try_fold(0u64, |acc, v| acc.checked_add(v))
        .ok_or(MoneyError::Overflow)
}
