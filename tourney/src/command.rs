//! What goes into a [`crate::Tournament`] (commands with timestamps) and what
//! comes out (events, errors).

use serde::{Deserialize, Serialize};

use crate::clock::Level;
use crate::ids::{Cents, Chips, Ms, PlayerId, TableId};
use crate::money::{DealMethod, MoneyError, Price};
use crate::payouts::Finish;
use crate::seating::{Lineup, MoveReason, SeatRef};

/// A command to the tournament.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum Command {
    /// Register a player (T1). Filling a sit-and-go starts it (T22). After the
    /// start this is a late registration (T2): accepted while the late
    /// registration window is open and before the prizes are fixed; the entrant
    /// is docked per the options and seated at the table with the fewest players.
    Register {
        /// Who.
        player: PlayerId,
    },
    /// Unregister with a full refund (T3): before the start, or after it until
    /// `unregistration.closes-minutes-after-start` if the player has not been
    /// dealt a hand.
    Unregister {
        /// Who.
        player: PlayerId,
    },
    /// Close registration, fix the prizes (T5), draw seats (T1) and deal.
    Start,
    /// A table's hand is over; `stacks` are the final stacks of every player
    /// dealt in, which must hold exactly the chips they started the hand with.
    HandFinished {
        /// The table.
        table: TableId,
        /// The hand number from [`TourneyEvent::HandStarted`].
        hand: u64,
        /// Final stack of each dealt player.
        stacks: Vec<(PlayerId, Chips)>,
    },
    /// The hand at `table` waits on `player` to act, with `regular_ms` to do so.
    /// The tournament adds disconnect extra time (T13) and sets a deadline.
    AwaitAction {
        /// The table.
        table: TableId,
        /// Who must act.
        player: PlayerId,
        /// Whether they face a bet (a time-out folds) or not (checks), B16.
        facing_bet: bool,
        /// The regular time to act, ms.
        regular_ms: u64,
    },
    /// The awaited player acted in time.
    Acted {
        /// Who.
        player: PlayerId,
    },
    /// A player's connection dropped.
    Disconnect {
        /// Who.
        player: PlayerId,
    },
    /// A player reconnected: their DET bank resets (T13).
    Reconnect {
        /// Who.
        player: PlayerId,
    },
    /// A player sits out (B17): still dealt in and posting, folded when facing action.
    SitOut {
        /// Who.
        player: PlayerId,
    },
    /// A player comes back.
    SitIn {
        /// Who.
        player: PlayerId,
    },
    /// Nothing but the time: process deadlines up to the timestamp.
    Tick,
    /// After a crash: roll back every hand in progress (T20).
    RollBackHands,
    /// Cancel the event; the money module computes the compensation (T17).
    Cancel,
    /// A busted player enters again (T3): only where re-entry is allowed, within
    /// `max-entries`, while late registration is open; late-entry docking applies.
    ReEnter {
        /// Who.
        player: PlayerId,
    },
    /// A rebuy (T4): in the rebuy period, at or below the chip threshold, within
    /// the limit, with `available_funds` (cents the player has available in the
    /// tournament currency, not in play, 000 1.8) covering the price. During a
    /// hand the chips are added when the hand ends (a player who busts in it
    /// stays in).
    Rebuy {
        /// Who.
        player: PlayerId,
        /// Funds available to the player, cents.
        available_funds: Cents,
    },
    /// An add-on (T4): during the add-on break (or its configured period),
    /// within the limit, with enough funds.
    AddOn {
        /// Who.
        player: PlayerId,
        /// Funds available to the player, cents.
        available_funds: Cents,
    },
    /// Announce the scheduled start (clock ms, not before the command's time),
    /// during registration; it may be announced again. Entry windows in clock
    /// time (late registration, unregistration: T2, T3) count from it, so a
    /// negative `unregistration.closes-minutes-after-start` closes
    /// unregistration before the start. Without it they count from `Start`.
    ScheduleStart {
        /// The scheduled start, ms of clock time.
        start_at: Ms,
    },
    /// Propose a deal for the remaining prizes (T15): only at the final table,
    /// with the prizes fixed, one deal at a time. `left_in_play` cents stay for
    /// the winner of the rest of the event, within the `deal` options. No new
    /// hand is dealt while the deal is open. With no hand in progress the deal
    /// is priced at once ([`TourneyEvent::DealProposed`]); otherwise when the hand
    /// ends ([`TourneyEvent::DealRequested`] first).
    ProposeDeal {
        /// ICM, chip count, even split or future game simulation.
        method: DealMethod,
        /// Cents left in play for the winner.
        left_in_play: Cents,
    },
    /// A remaining player accepts the priced deal. When every remaining player
    /// has accepted, the deal is made ([`TourneyEvent::DealMade`]).
    AcceptDeal {
        /// Who.
        player: PlayerId,
    },
    /// A remaining player rejects the open deal: it is dropped and play goes on
    /// as if it had never been proposed.
    RejectDeal {
        /// Who.
        player: PlayerId,
    },
}

/// A command with its timestamp. Timestamps never go backwards.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TourneyInput {
    /// When, in ms since the Unix epoch.
    pub at: Ms,
    /// What.
    pub command: Command,
}

/// What a player is made to do when their time runs out (B16) or when they sit
/// out and face action (B17).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum ForcedAction {
    /// Fold (facing a bet).
    Fold,
    /// Check (nothing to call).
    Check,
}

/// A hand rolled back after a crash (T20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RolledBackHand {
    /// The table.
    pub table: TableId,
    /// The hand number.
    pub hand: u64,
    /// The stacks restored: each dealt player's stack at the start of the hand.
    pub stacks: Vec<(PlayerId, Chips)>,
}

/// Everything the tournament reports.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum TourneyEvent {
    /// A player registered.
    Registered {
        /// Who.
        player: PlayerId,
        /// Entrants so far.
        entrants: u32,
    },
    /// A player unregistered.
    Unregistered {
        /// Who.
        player: PlayerId,
    },
    /// The event started: registration closed and prizes fixed (T5).
    Started {
        /// Entrants.
        entrants: u32,
        /// Prize pool, cents.
        prize_pool: Cents,
        /// Paid places.
        paid_places: u32,
        /// Tables drawn.
        tables: u32,
    },
    /// A player took a seat by the draw (T1) or at the start of a round.
    Seated {
        /// Who.
        player: PlayerId,
        /// Where.
        at: SeatRef,
    },
    /// A round of a heads-up or shootout event began (T18).
    RoundStarted {
        /// Round number from 1.
        round: u32,
        /// Players with a bye this round.
        byes: Vec<PlayerId>,
    },
    /// A hand starts: play it and report [`Command::HandFinished`].
    HandStarted {
        /// The table.
        table: TableId,
        /// Hand number, unique in the event.
        hand: u64,
        /// The level it is played at (T6).
        level: Level,
        /// Button, blinds, dealt and waiting players (B18, B20, T12).
        lineup: Lineup,
        /// Stack of each dealt player.
        stacks: Vec<(PlayerId, Chips)>,
        /// Dealt players who are sitting out or disconnected (B17).
        away: Vec<PlayerId>,
        /// Part of a hand-for-hand round (T10).
        hand_for_hand: bool,
    },
    /// A hand was accepted.
    HandFinished {
        /// The table.
        table: TableId,
        /// Hand number.
        hand: u64,
    },
    /// A player changed tables (T11).
    PlayerMoved {
        /// Who.
        player: PlayerId,
        /// From.
        from: SeatRef,
        /// To.
        to: SeatRef,
        /// Why.
        reason: MoveReason,
    },
    /// A table was broken (T11).
    TableBroken {
        /// The table.
        table: TableId,
    },
    /// Everyone left is at one table (T11).
    FinalTable {
        /// The table.
        table: TableId,
    },
    /// A new level started; it applies from each table's next hand (T6).
    LevelUp {
        /// 0-based index.
        index: u32,
        /// The level.
        level: Level,
    },
    /// A break fell due; tables finish their hands first (T7).
    BreakDue,
    /// All tables finished their hands; the break began (T7).
    BreakStarted {
        /// When it ends.
        ends_at: Ms,
    },
    /// The break ended.
    BreakEnded,
    /// Hand-for-hand play began (T10).
    HandForHandStarted,
    /// Hand-for-hand play ended (T10).
    HandForHandEnded,
    /// A player is out, with their place and prize (T5, T9).
    Eliminated(Finish),
    /// The event is over; the remaining players' finishes (T8).
    Ended {
        /// Finishes of the players still in at the end, best first.
        standings: Vec<Finish>,
    },
    /// A player must act by `deadline` (regular time plus `extra_ms` DET, T13).
    ActionClock {
        /// The table.
        table: TableId,
        /// Who.
        player: PlayerId,
        /// When time runs out.
        deadline: Ms,
        /// Disconnect extra time included, ms.
        extra_ms: u64,
    },
    /// Act for a player who ran out of time (B16) or sits out (B17).
    ForcedAction {
        /// The table.
        table: TableId,
        /// Who.
        player: PlayerId,
        /// What to apply to the hand.
        action: ForcedAction,
    },
    /// A player is now sitting out (B17).
    SatOut {
        /// Who.
        player: PlayerId,
    },
    /// A player is back (B17).
    SatIn {
        /// Who.
        player: PlayerId,
    },
    /// A player disconnected.
    Disconnected {
        /// Who.
        player: PlayerId,
    },
    /// A player reconnected; their DET bank is full again (T13).
    Reconnected {
        /// Who.
        player: PlayerId,
    },
    /// Every player at a shootout or heads-up table was away for the configured
    /// number of hands: the biggest stack advances (T14).
    AwayLimitReached {
        /// The table.
        table: TableId,
        /// Who advances.
        advances: PlayerId,
    },
    /// Hands in progress were rolled back (T20).
    HandsRolledBack {
        /// Each hand and the stacks restored.
        hands: Vec<RolledBackHand>,
    },
    /// The event was cancelled; stacks at the time, for the compensation (T17).
    Cancelled {
        /// Remaining players' stacks.
        stacks: Vec<(PlayerId, Chips)>,
    },
    /// A late entry or re-entry was seated (T2, T3), at the table with the
    /// fewest players.
    Entered {
        /// Who.
        player: PlayerId,
        /// Their entries so far, this one included (2 or more: a re-entry).
        entry: u32,
        /// The stack they start with.
        stack: Chips,
        /// Chips docked from the starting stack (T2 house rule).
        docked: Chips,
        /// Where.
        at: SeatRef,
    },
    /// A registered player's purchases were refunded in full (T3).
    Refunded {
        /// Who.
        player: PlayerId,
        /// The total refunded, by where the money had gone.
        refund: Price,
    },
    /// A rebuy or add-on was bought (T4); the prize pool grew by
    /// `price.prize_pool`.
    ChipsBought {
        /// Who.
        player: PlayerId,
        /// A rebuy (`false`: an add-on).
        rebuy: bool,
        /// Chips bought.
        chips: Chips,
        /// What it cost.
        price: Price,
        /// The player is in a hand: the chips are added when it ends.
        deferred: bool,
    },
    /// Deferred chips from a rebuy or add-on were added after the hand.
    ChipsAdded {
        /// Who.
        player: PlayerId,
        /// Chips added.
        chips: Chips,
    },
    /// A player lost every chip while entries are still open: they may re-enter;
    /// their place is decided when the prizes are fixed (T2, T3).
    Busted {
        /// Who.
        player: PlayerId,
    },
    /// Late registration, re-entry, rebuys and add-ons are over: the prize pool
    /// and the prize table are fixed now (T5).
    PrizesFixed {
        /// Entries sold, re-entries included.
        entries: u32,
        /// Distinct players (the places).
        players: u32,
        /// Prize pool, cents.
        prize_pool: Cents,
        /// Paid places.
        paid_places: u32,
    },
    /// The smallest chip was raced off (T21): every stack's odd chips rounded
    /// up to the next chip.
    ChipRaced {
        /// The retired chip.
        retired: Chips,
        /// The chip it changed into.
        next: Chips,
        /// Chips added, per player (only those who gained), by player id.
        added: Vec<(PlayerId, Chips)>,
        /// Chips added in total.
        total_added: Chips,
    },
    /// The scheduled start was announced ([`Command::ScheduleStart`]).
    StartScheduled {
        /// The scheduled start, ms of clock time.
        start_at: Ms,
    },
    /// A deal was proposed while a hand is in progress: it is priced when the
    /// hand ends; no new hand is dealt meanwhile (T15).
    DealRequested {
        /// How the deal divides the remaining prizes.
        method: DealMethod,
        /// Cents left in play for the winner.
        left_in_play: Cents,
    },
    /// A deal is priced and waits for every remaining player to accept (T15).
    DealProposed {
        /// How the deal divides the remaining prizes.
        method: DealMethod,
        /// Each remaining player's chips and what the deal pays them, by player.
        shares: Vec<DealPart>,
        /// Cents left in play for the winner.
        left_in_play: Cents,
    },
    /// A player accepted the deal.
    DealAccepted {
        /// Who.
        player: PlayerId,
    },
    /// Every remaining player accepted: each share is theirs whatever happens
    /// next, and is added to the prize of their finish; the rest of the event is
    /// played for `left_in_play` (with nothing left, the event ends now, T8).
    DealMade {
        /// How the deal divided the remaining prizes.
        method: DealMethod,
        /// Each remaining player's chips and share, by player.
        shares: Vec<DealPart>,
        /// Cents left in play for the winner.
        left_in_play: Cents,
    },
    /// The open deal was dropped; nothing changed.
    DealDropped {
        /// Why.
        reason: DealDropReason,
    },
}

/// One player's part of a deal, as events report it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealPart {
    /// Who.
    pub player: PlayerId,
    /// Their chips when the deal was priced.
    pub chips: Chips,
    /// What the deal pays them, cents.
    pub cents: Cents,
}

/// Why an open deal was dropped (T15).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum DealDropReason {
    /// A remaining player rejected it.
    Rejected(PlayerId),
    /// The hand in progress when it was requested changed the event so that the
    /// terms no longer apply (the reason, as text).
    NoLongerValid(String),
    /// The event ended before every player accepted.
    EventOver,
}

/// Why a command was refused. The tournament is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TourneyError {
    /// A timestamp past [`crate::ids::MAX_TIME`] (the end of the year 9999), so
    /// far ahead that the clock's deadlines could not be counted from it.
    #[error("time {at} ms is past the last time the clock counts, {max} ms (the end of 9999)")]
    TimeOutOfRange {
        /// The command's time.
        at: Ms,
        /// The latest time accepted.
        max: Ms,
    },
    /// Timestamps must not go backwards.
    #[error("time went backwards: {at} ms is before {now} ms")]
    TimeWentBackwards {
        /// The command's time.
        at: Ms,
        /// The tournament's time.
        now: Ms,
    },
    /// Registration is closed.
    #[error("registration is closed")]
    RegistrationClosed,
    /// Already registered (one entry per player, 000 1.9).
    #[error("{0} is already registered (rule T3)")]
    AlreadyRegistered(PlayerId),
    /// Not registered.
    #[error("{0} is not registered")]
    NotRegistered(PlayerId),
    /// The event is full.
    #[error("the event is full at {0} entrants")]
    Full(u32),
    /// The event has sold [`crate::MAX_PURCHASES`] entries, re-entries, rebuys and
    /// add-ons in all: the sums of their chips and money must fit in 64 bits.
    #[error("the event has sold {0} entries, re-entries, rebuys and add-ons: no more")]
    PurchaseLimit(u64),
    /// Too few entrants to start.
    #[error("{0} entrants cannot start an event: at least 2 are needed")]
    TooFewEntrants(u32),
    /// A sit-and-go starts itself when full (T22).
    #[error("a sit-and-go starts when its last seat fills, not on command (rule T22)")]
    SitAndGoStartsWhenFull,
    /// The event is not running.
    #[error("the event is not running")]
    NotRunning,
    /// The event is not in registration.
    #[error("the event has already started")]
    AlreadyStarted,
    /// No such hand in progress.
    #[error("{table} has no hand {hand} in progress")]
    NoSuchHand {
        /// The table.
        table: TableId,
        /// The hand.
        hand: u64,
    },
    /// The reported stacks do not match the players dealt in.
    #[error("hand {hand}: {player} was not dealt in, or is listed twice")]
    WrongPlayers {
        /// The hand.
        hand: u64,
        /// The offending player.
        player: PlayerId,
    },
    /// A dealt player is missing from the results.
    #[error("hand {hand}: {count} results for {dealt} dealt players")]
    MissingPlayers {
        /// The hand.
        hand: u64,
        /// Results given.
        count: usize,
        /// Players dealt.
        dealt: usize,
    },
    /// Chips were created or lost.
    #[error("hand {hand}: final stacks hold {after} chips but the hand started with {before}")]
    ChipsNotConserved {
        /// The hand.
        hand: u64,
        /// Chips at the start.
        before: Chips,
        /// Chips reported.
        after: Chips,
    },
    /// The player is not in the event (any more).
    #[error("{0} is not playing")]
    NotPlaying(PlayerId),
    /// The player is not in the hand at that table.
    #[error("{player} is not in the hand at {table}")]
    NotInHand {
        /// Who.
        player: PlayerId,
        /// The table.
        table: TableId,
    },
    /// Action is already awaited from this player.
    #[error("{0} is already on the clock")]
    AlreadyOnTheClock(PlayerId),
    /// No action is awaited from this player.
    #[error("{0} is not on the clock")]
    NotOnTheClock(PlayerId),
    /// The action came after the deadline; the time-out stands (B16).
    #[error("{player} acted at {at} ms, after the deadline {deadline} ms (rule B16)")]
    TooLate {
        /// Who.
        player: PlayerId,
        /// When they acted.
        at: Ms,
        /// The deadline.
        deadline: Ms,
    },
    /// Nothing to change (already sitting out, already connected...).
    #[error("{0}: nothing to change")]
    NoChange(PlayerId),
    /// An entry, unregistration, rebuy or add-on refused by the entry rules
    /// (T2-T4).
    #[error("{player}: {source}")]
    Entry {
        /// Who.
        player: PlayerId,
        /// Why.
        source: MoneyError,
    },
    /// The prizes are fixed: no more entries, re-entries, rebuys or add-ons (T5).
    #[error("{0}: entries and rebuys are closed and the prizes fixed (rule T5)")]
    EntriesClosed(PlayerId),
    /// A rebuy or add-on is already waiting for the player's hand to end.
    #[error("{0} already has chips waiting for the end of the hand (rule T4)")]
    PurchasePending(PlayerId),
    /// The player was dealt a hand: too late to unregister (T3).
    #[error("{0} has played and can no longer unregister (rule T3)")]
    AlreadyPlayed(PlayerId),
    /// The deal is refused by the deal rules (T15).
    #[error("deal refused: {0}")]
    Deal(#[source] MoneyError),
    /// Deals are only for events played down to one final table (T15).
    #[error("this format plays in rounds: no deals (rule T15)")]
    NoDealsInThisFormat,
    /// Late registration or rebuys are still open: the prizes are not fixed (T5, T15).
    #[error("the prizes are not fixed yet: no deal (rule T15)")]
    PrizesNotFixed,
    /// A deal is already open (T15).
    #[error("a deal is already open (rule T15)")]
    DealOpen,
    /// No deal is open, or it is not priced yet (T15).
    #[error("no priced deal is open (rule T15)")]
    NoDeal,
    /// The player already accepted the open deal (T15).
    #[error("{0} already accepted the deal (rule T15)")]
    AlreadyAccepted(PlayerId),
}
