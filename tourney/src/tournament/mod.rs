//! The [`Tournament`] state machine: commands with timestamps in, events out.

use std::collections::BTreeMap;

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::bracket;
use crate::clock::{BreakState, Clock, ClockEvent, Level};
use crate::command::{
    Command, DealDropReason, DealPart, Event, ForcedAction, Input, RolledBackHand, TourneyError,
};
use crate::config::{ChipRace, Format, OptionsError, TournamentConfig, TournamentOptions};
use crate::det::{DetBank, DetStage};
use crate::ids::{
    Cents, Chips, IdMap, IdSet, Ms, PlayerId, TableId, bounded_add, bounded_mul, bounded_sub,
};
use crate::money::{
    self, ChipRaceStack, DealMethod, Entrant, EntryClock, LateEntry, MoneyError, PlayerEntries,
    Price, Purchase, PurchaseKind, Tender,
};
use crate::payouts::{Finish, PrizeTable, rank_knockouts, split_prizes};
use crate::record::{Record, Recorder, Replayer};
use crate::seating::{Seating, SeatingChange};

/// Where the event is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// Taking registrations.
    Registering,
    /// Playing.
    Running,
    /// Over: every player has a place.
    Finished,
    /// Cancelled.
    Cancelled,
}

/// A hand being played at a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RunningHand {
    /// The hand number.
    pub hand: u64,
    /// Each dealt player and their stack at the start of the hand.
    pub dealt: Vec<(PlayerId, Chips)>,
    /// Part of a synchronized hand-for-hand round (T10).
    pub synchronized: bool,
}

/// The money taken so far (T1-T5): every entry, re-entry, rebuy and add-on,
/// less refunds, by where it goes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Ledger {
    /// The prize pool, cents: fixed when entries and rebuys close (T5).
    pub prize_pool: Cents,
    /// Fees, cents.
    pub fees: Cents,
    /// Bounty money on players' heads, cents (paid out by the runner, T16).
    pub bounties: Cents,
    /// First entries (late ones included).
    pub entries: u32,
    /// Re-entries (T3).
    pub re_entries: u32,
    /// Rebuys (T4).
    pub rebuys: u32,
    /// Add-ons (T4).
    pub add_ons: u32,
    /// Refunded to players who unregistered, cents (every part of the price).
    pub refunded: Cents,
}

mod connection;
mod deals;
mod ending;
mod entries;
mod hands;
mod time;

impl Ledger {
    fn take(&mut self, p: Price) {
        self.prize_pool += p.prize_pool;
        self.fees += p.fee;
        self.bounties += p.bounty;
    }
    fn give_back(&mut self, p: Price) {
        self.prize_pool -= p.prize_pool;
        self.fees -= p.fee;
        self.bounties -= p.bounty;
        self.refunded += p.prize_pool + p.fee + p.bounty;
    }
}

/// One player's entries and purchases (T2-T4, and what a cancellation needs, T17).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Account {
    entries: u32,
    rebuys: u32,
    add_ons: u32,
    played: bool,
    purchases: Vec<Purchase>,
}

/// A deal under discussion (T15).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenDeal {
    /// How it divides the remaining prizes.
    pub method: DealMethod,
    /// Cents left in play for the winner.
    pub left_in_play: Cents,
    /// The priced shares, by player (`None` until the hand in progress ends).
    pub shares: Option<Vec<DealPart>>,
    /// Players who accepted, sorted.
    pub accepted: Vec<PlayerId>,
}

/// Counters for reports.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Hands finished.
    pub hands: u64,
    /// Tables broken.
    pub tables_broken: u32,
    /// Players moved between tables.
    pub players_moved: u32,
}

#[derive(Debug, Clone, Copy, Default)]
struct Status {
    disconnected: bool,
    sitting_out: bool,
    det: DetBank,
}

impl Status {
    fn away(&self) -> bool {
        self.disconnected || self.sitting_out
    }
}

#[derive(Debug, Clone, Copy)]
struct Wait {
    table: TableId,
    deadline: Ms,
    facing_bet: bool,
    det: bool,
    paused: bool,
}

/// One tournament, from registration to the last place.
///
/// Every command goes through [`Tournament::apply`] with a timestamp and a random
/// source; an accepted command returns its events, a rejected one a
/// [`TourneyError`] and changes nothing.
#[derive(Debug, Clone)]
pub struct Tournament {
    cfg: TournamentConfig,
    phase: Phase,
    now: Ms,
    entrants: Vec<PlayerId>,
    entered: IdSet<PlayerId>,
    clock: Option<Clock>,
    prizes: PrizeTable,
    stacks: IdMap<PlayerId, Chips>,
    status: IdMap<PlayerId, Status>,
    seating: Seating,
    hands: BTreeMap<TableId, RunningHand>,
    next_hand: u64,
    remaining: u32,
    finishes: Vec<Finish>,
    hand_for_hand: bool,
    pending: Vec<(PlayerId, Chips)>,
    waits: BTreeMap<PlayerId, Wait>,
    round: u32,
    advanced: Vec<PlayerId>,
    away_hands: IdMap<TableId, u32>,
    table_ids_used: u32,
    stats: Stats,
    start_at: Ms,
    /// The announced start ([`Command::ScheduleStart`]), if any.
    scheduled_start: Option<Ms>,
    accounts: IdMap<PlayerId, Account>,
    ledger: Ledger,
    open: bool,
    busted_open: Vec<Vec<(PlayerId, Chips)>>,
    deferred_chips: IdMap<PlayerId, Chips>,
    chips_issued: Chips,
    units: Vec<Chips>,
    chip_race_due: Option<(Chips, Chips)>,
    deal: Option<OpenDeal>,
    /// Money each player was paid by deals (T15), added to their finish.
    deal_paid: IdMap<PlayerId, Cents>,
    /// After a deal: the prizes still played for, places 1 up.
    play_on: Option<PrizeTable>,
}

impl Tournament {
    /// A new event taking registrations, with the event's options alone (see
    /// [`TournamentConfig`]'s `From<TournamentOptions>`).
    pub fn new(options: TournamentOptions) -> Result<Tournament, OptionsError> {
        Tournament::with_config(TournamentConfig::from(options))
    }

    /// A new event taking registrations, with entry (late registration,
    /// re-entry, rebuys, add-ons), chip race and DET options.
    pub fn with_config(config: TournamentConfig) -> Result<Tournament, OptionsError> {
        config.validate()?;
        let options = &config.event;
        let seating = Seating::new(options.table_size)
            .map_err(|_| OptionsError::TableSize(options.table_size))?
            .with_button_rule(config.button.into())
            .with_moved_player(config.moved_player);
        let units = chip_units(&options.structure.levels);
        Ok(Tournament {
            cfg: config,
            phase: Phase::Registering,
            now: 0,
            entrants: Vec::new(),
            entered: IdSet::default(),
            clock: None,
            prizes: PrizeTable::default(),
            stacks: IdMap::default(),
            status: IdMap::default(),
            seating,
            hands: BTreeMap::new(),
            next_hand: 1,
            remaining: 0,
            finishes: Vec::new(),
            hand_for_hand: false,
            pending: Vec::new(),
            waits: BTreeMap::new(),
            round: 0,
            advanced: Vec::new(),
            away_hands: IdMap::default(),
            table_ids_used: 0,
            stats: Stats::default(),
            start_at: 0,
            scheduled_start: None,
            accounts: IdMap::default(),
            ledger: Ledger::default(),
            open: false,
            busted_open: Vec::new(),
            deferred_chips: IdMap::default(),
            chips_issued: Chips::ZERO,
            units,
            chip_race_due: None,
            deal: None,
            deal_paid: IdMap::default(),
            play_on: None,
        })
    }

    /// The deal under discussion, if any (T15).
    pub fn open_deal(&self) -> Option<&OpenDeal> {
        self.deal.as_ref()
    }

    /// What deals paid each player so far (T15), sorted by player.
    pub fn deal_payments(&self) -> Vec<(PlayerId, Cents)> {
        let mut v: Vec<(PlayerId, Cents)> = self.deal_paid.iter().map(|(p, c)| (*p, *c)).collect();
        v.sort_unstable();
        v
    }

    /// The prizes the remaining players still play for: the prize table, or
    /// after a deal what it left in play (T15).
    pub fn prizes_in_play(&self) -> &PrizeTable {
        self.play_on.as_ref().unwrap_or(&self.prizes)
    }

    /// The whole configuration.
    pub fn config(&self) -> &TournamentConfig {
        &self.cfg
    }
    /// The money taken so far (T1-T5).
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }
    /// Whether late registration, re-entry, rebuys or add-ons are still possible;
    /// while they are, the prize table is provisional and busted players are
    /// placed only when they close (T2-T5).
    pub fn entries_open(&self) -> bool {
        self.open
    }
    /// Chips put into play: entry stacks, rebuys and add-ons added, chip-race
    /// additions, less the stacks of players who unregistered. In every event
    /// that is not played in rounds it equals [`Tournament::chips_in_play`].
    pub fn chips_issued(&self) -> Chips {
        self.chips_issued
    }
    /// A player's entries (the first included), rebuys and add-ons.
    pub fn purchases_of(&self, player: PlayerId) -> (u32, u32, u32) {
        self.accounts
            .get(&player)
            .map_or((0, 0, 0), |a| (a.entries, a.rebuys, a.add_ons))
    }
    /// Everyone who bought in, with every purchase in order, by player id: what
    /// a cancellation (T17, [`money::rollback`]) needs.
    pub fn entrant_purchases(&self) -> Vec<Entrant> {
        let mut v: Vec<Entrant> = self
            .accounts
            .iter()
            .filter(|(_, a)| !a.purchases.is_empty())
            .map(|(&player, a)| Entrant {
                player,
                purchases: a.purchases.clone(),
            })
            .collect();
        v.sort_unstable_by_key(|e| e.player);
        v
    }

    /// The options.
    pub fn options(&self) -> &TournamentOptions {
        &self.cfg.event
    }
    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The time of the last accepted command.
    pub fn now(&self) -> Ms {
        self.now
    }
    /// Entrants in registration order.
    pub fn entrants(&self) -> &[PlayerId] {
        &self.entrants
    }
    /// The prize table (empty before the start, T5).
    pub fn prizes(&self) -> &PrizeTable {
        &self.prizes
    }
    /// Stacks of the players still in, as of the start of any hand in progress.
    pub fn stacks(&self) -> &IdMap<PlayerId, Chips> {
        &self.stacks
    }
    /// Total chips in play (equal to entrants × starting stack in every
    /// multi-table event; per round in round formats).
    pub fn chips_in_play(&self) -> Chips {
        // Each stack is part of the chips issued, which stay below 2^63.
        self.stacks
            .values()
            .fold(Chips::ZERO, |sum, &s| bounded_add(sum, s))
    }
    /// Finishes so far, in the order they were decided.
    pub fn finishes(&self) -> &[Finish] {
        &self.finishes
    }
    /// Players not yet placed.
    pub fn remaining(&self) -> u32 {
        self.remaining
    }
    /// The seating.
    pub fn seating(&self) -> &Seating {
        &self.seating
    }
    /// The hand in progress at a table.
    pub fn running_hand(&self, table: TableId) -> Option<&RunningHand> {
        self.hands.get(&table)
    }
    /// All hands in progress.
    pub fn running_hands(&self) -> impl Iterator<Item = (TableId, &RunningHand)> {
        self.hands.iter().map(|(t, h)| (*t, h))
    }
    /// Whether a crash now would leave anything for recovery to roll back (T20):
    /// a hand in progress, a player's disconnect wait, or chips bought during a
    /// hand and not yet added.
    pub(crate) fn has_work_in_progress(&self) -> bool {
        !self.hands.is_empty() || !self.waits.is_empty() || !self.deferred_chips.is_empty()
    }
    /// Counters.
    pub fn stats(&self) -> Stats {
        self.stats
    }
    /// The current level index, once started.
    pub fn level_index(&self) -> Option<u32> {
        self.clock.as_ref().map(Clock::level_index)
    }
    /// The current level, once started.
    pub fn level(&self) -> Option<Level> {
        self.clock.as_ref().map(Clock::level)
    }
    /// Whether hand-for-hand play is on (T10).
    pub fn is_hand_for_hand(&self) -> bool {
        self.hand_for_hand
    }
    /// The current round of a heads-up or shootout event (0 before the start).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// When to call back with a [`Command::Tick`] at the latest: the next level,
    /// break or action deadline. `None`: nothing is scheduled.
    pub fn next_deadline(&self) -> Option<Ms> {
        if self.phase != Phase::Running {
            return None;
        }
        let w = self.waits.values().map(|w| w.deadline).min();
        let c = self.clock.as_ref().and_then(Clock::next_deadline);
        let e = if self.open {
            self.next_window_close()
        } else {
            None
        };
        [w, c, e].into_iter().flatten().min()
    }

    /// Applies one command. `rng` supplies seat draws, button draws and bracket
    /// byes. On error nothing changed.
    pub fn apply(
        &mut self,
        input: &Input,
        rng: &mut dyn RngCore,
    ) -> Result<Vec<Event>, TourneyError> {
        self.validate(input)?;
        let mut ev = Vec::new();
        self.advance(input.at, rng, &mut ev);
        self.execute(input, rng, &mut ev);
        if self.open {
            self.maybe_close_entries(&mut ev);
        }
        Ok(ev)
    }

    /// Like [`Tournament::apply`], and also returns the journal record of the
    /// command: the input plus every random draw it used, so replay needs no
    /// random source.
    pub fn apply_recorded(
        &mut self,
        input: &Input,
        rng: &mut dyn RngCore,
    ) -> Result<(Vec<Event>, Record), TourneyError> {
        let mut rec = Recorder::new(rng);
        let ev = self.apply(input, &mut rec)?;
        let draws = rec.into_draws();
        Ok((
            ev,
            Record {
                input: input.clone(),
                draws,
            },
        ))
    }

    /// Replays a journal record: the same command with the same random draws.
    pub fn replay(&mut self, record: &Record) -> Result<Vec<Event>, TourneyError> {
        self.replay_checked(record).map(|(events, _)| events)
    }

    /// [`Tournament::replay`], also telling whether the command drew more random
    /// words than the record holds (the record does not belong here: recovery
    /// refuses the journal, rule T20).
    pub(crate) fn replay_checked(
        &mut self,
        record: &Record,
    ) -> Result<(Vec<Event>, bool), TourneyError> {
        let mut r = Replayer::new(&record.draws);
        let events = self.apply(&record.input, &mut r)?;
        Ok((events, r.overrun()))
    }

    fn alive(&self, p: PlayerId) -> Result<(), TourneyError> {
        if self.phase == Phase::Running && self.stacks.contains_key(&p) {
            Ok(())
        } else {
            Err(TourneyError::NotPlaying(p))
        }
    }

    fn validate(&self, input: &Input) -> Result<(), TourneyError> {
        if input.at < self.now {
            return Err(TourneyError::TimeWentBackwards {
                at: input.at,
                now: self.now,
            });
        }
        let registering = || {
            if self.phase == Phase::Registering {
                Ok(())
            } else {
                Err(TourneyError::RegistrationClosed)
            }
        };
        if matches!(
            input.command,
            Command::Register { .. }
                | Command::ReEnter { .. }
                | Command::Rebuy { .. }
                | Command::AddOn { .. }
        ) {
            let l = &self.ledger;
            let sold = [l.entries, l.re_entries, l.rebuys, l.add_ons]
                .into_iter()
                .map(u64::from)
                .sum::<u64>();
            if sold >= crate::MAX_PURCHASES {
                return Err(TourneyError::PurchaseLimit(crate::MAX_PURCHASES));
            }
        }
        match &input.command {
            Command::Register { player } => {
                if self.phase == Phase::Running {
                    if self.entered.contains(player) {
                        return Err(TourneyError::AlreadyRegistered(*player));
                    }
                    if let Some(cap) = self.cfg.event.max_entrants {
                        if self.entrants.len() as u32 >= cap {
                            return Err(TourneyError::Full(cap));
                        }
                    }
                    self.check_late_entry(*player, input.at)?;
                    return Ok(());
                }
                registering()?;
                if self.entered.contains(player) {
                    return Err(TourneyError::AlreadyRegistered(*player));
                }
                let cap = match self.cfg.event.format {
                    Format::SitAndGo { seats } => Some(seats),
                    _ => self.cfg.event.max_entrants,
                };
                if let Some(cap) = cap {
                    if self.entrants.len() as u32 >= cap {
                        return Err(TourneyError::Full(cap));
                    }
                }
            }
            Command::Unregister { player } => self.check_unregister(*player, input.at)?,
            Command::ReEnter { player } => {
                if self.phase != Phase::Running {
                    return Err(TourneyError::NotRunning);
                }
                if !self.entered.contains(player) {
                    return Err(TourneyError::NotRegistered(*player));
                }
                if !self.open {
                    return Err(TourneyError::EntriesClosed(*player));
                }
                self.check_late_entry(*player, input.at)?;
            }
            Command::Rebuy {
                player,
                available_funds,
            } => {
                let (clock, rec, stack) = self.check_purchase(*player, input.at)?;
                money::check_rebuy(&self.cfg.entry, &clock, &rec, stack, *available_funds)
                    .map_err(|source| TourneyError::Entry {
                        player: *player,
                        source,
                    })?;
            }
            Command::AddOn {
                player,
                available_funds,
            } => {
                let (clock, rec, _) = self.check_purchase(*player, input.at)?;
                money::check_add_on(&self.cfg.entry, &clock, &rec, *available_funds).map_err(
                    |source| TourneyError::Entry {
                        player: *player,
                        source,
                    },
                )?;
            }
            Command::Start => {
                if self.phase != Phase::Registering {
                    return Err(TourneyError::AlreadyStarted);
                }
                if matches!(self.cfg.event.format, Format::SitAndGo { .. }) {
                    return Err(TourneyError::SitAndGoStartsWhenFull);
                }
                if self.entrants.len() < 2 {
                    return Err(TourneyError::TooFewEntrants(self.entrants.len() as u32));
                }
            }
            Command::HandFinished {
                table,
                hand,
                stacks,
            } => self.check_result(*table, *hand, stacks)?,
            Command::AwaitAction { table, player, .. } => {
                self.alive(*player)?;
                let h = self.hands.get(table).ok_or(TourneyError::NotInHand {
                    player: *player,
                    table: *table,
                })?;
                if !h.dealt.iter().any(|(p, _)| p == player) {
                    return Err(TourneyError::NotInHand {
                        player: *player,
                        table: *table,
                    });
                }
                if self.waits.contains_key(player) {
                    return Err(TourneyError::AlreadyOnTheClock(*player));
                }
            }
            Command::Acted { player } => {
                let w = self
                    .waits
                    .get(player)
                    .ok_or(TourneyError::NotOnTheClock(*player))?;
                if input.at >= w.deadline {
                    return Err(TourneyError::TooLate {
                        player: *player,
                        at: input.at,
                        deadline: w.deadline,
                    });
                }
            }
            Command::Disconnect { player } | Command::Reconnect { player } => {
                self.alive(*player)?;
                let off = self.status.get(player).is_some_and(|s| s.disconnected);
                if off == matches!(input.command, Command::Disconnect { .. }) {
                    return Err(TourneyError::NoChange(*player));
                }
            }
            Command::SitOut { player } | Command::SitIn { player } => {
                self.alive(*player)?;
                let out = self.status.get(player).is_some_and(|s| s.sitting_out);
                if out == matches!(input.command, Command::SitOut { .. }) {
                    return Err(TourneyError::NoChange(*player));
                }
            }
            Command::Tick => {}
            Command::ScheduleStart { start_at } => {
                if self.phase != Phase::Registering {
                    return Err(TourneyError::AlreadyStarted);
                }
                if *start_at < input.at {
                    return Err(TourneyError::TimeWentBackwards {
                        at: *start_at,
                        now: input.at,
                    });
                }
            }
            Command::RollBackHands => {
                if self.phase != Phase::Running {
                    return Err(TourneyError::NotRunning);
                }
            }
            Command::Cancel => {
                if !matches!(self.phase, Phase::Registering | Phase::Running) {
                    return Err(TourneyError::NotRunning);
                }
            }
            Command::ProposeDeal {
                method,
                left_in_play,
            } => {
                if self.phase != Phase::Running {
                    return Err(TourneyError::NotRunning);
                }
                if self.cfg.event.format.is_rounds() {
                    return Err(TourneyError::NoDealsInThisFormat);
                }
                if self.open {
                    return Err(TourneyError::PrizesNotFixed);
                }
                if self.deal.is_some() {
                    return Err(TourneyError::DealOpen);
                }
                // With a hand in progress this prices on the stacks it started
                // with: the terms are checked now, the shares fixed when it ends.
                // An FGS deal's terms are checked by ICM's (the simulation runs
                // once, when the command executes).
                let check = if *method == DealMethod::Fgs {
                    if self.stacks.len() > money::fgs::FGS_MAX_PLAYERS {
                        return Err(TourneyError::Deal(MoneyError::FgsPlayers {
                            players: self.stacks.len(),
                        }));
                    }
                    DealMethod::Icm
                } else {
                    *method
                };
                self.price_deal(check, *left_in_play)
                    .map_err(TourneyError::Deal)?;
            }
            Command::AcceptDeal { player } => {
                self.alive(*player)?;
                let Some(d) = self.deal.as_ref().filter(|d| d.shares.is_some()) else {
                    return Err(TourneyError::NoDeal);
                };
                if d.accepted.binary_search(player).is_ok() {
                    return Err(TourneyError::AlreadyAccepted(*player));
                }
            }
            Command::RejectDeal { player } => {
                self.alive(*player)?;
                if self.deal.is_none() {
                    return Err(TourneyError::NoDeal);
                }
            }
        }
        Ok(())
    }

    /// The final table's players in seat order and the FGS simulation of its
    /// future (T15): the button moves on from the last hand's; the levels from
    /// the current one on, at one hand a minute of each level's length; the
    /// seed from the hand counter and the time, so a replay prices the same.
    fn fgs_options(&self) -> (Vec<PlayerId>, money::FgsOptions) {
        let (seated, last_button) = self
            .seating
            .tables()
            .next()
            .map(|t| {
                let seats: Vec<(u8, PlayerId)> = t.players().collect();
                (seats, t.button())
            })
            .unwrap_or_default();
        let button = last_button
            .and_then(|b| seated.iter().position(|(seat, _)| *seat > b))
            .unwrap_or(0);
        let levels = &self.cfg.event.structure.levels;
        let from = self.level_index().unwrap_or(0) as usize;
        let ahead: Vec<money::FgsLevel> = levels
            .iter()
            .skip(from.min(levels.len().saturating_sub(1)))
            .map(|l| money::FgsLevel {
                small_blind: l.small_blind.get(),
                big_blind: l.big_blind.get().max(1),
                ante: l.ante.get(),
            })
            .collect();
        let hands_per_level = levels.get(from).map_or(1, |l| l.minutes.max(1));
        let fgs = money::FgsOptions {
            levels: ahead,
            hands_per_level,
            button,
            depth: money::FgsOptions::DEPTH,
            trials: money::FgsOptions::TRIALS,
            seed: self.next_hand ^ self.now.rotate_left(32),
        };
        (seated.into_iter().map(|(_, p)| p).collect(), fgs)
    }

    /// Prices a deal on the stacks and prizes as they stand (T15).
    fn price_deal(
        &self,
        method: DealMethod,
        left_in_play: Cents,
    ) -> Result<Vec<DealPart>, MoneyError> {
        let mut stacks: Vec<money::PlayerStack> = self
            .stacks
            .iter()
            .map(|(p, c)| money::PlayerStack {
                player: *p,
                chips: *c,
            })
            .collect();
        stacks.sort_unstable_by_key(|s| s.player);
        let table = money::DealTable {
            final_table: self.seating.table_count() == 1,
            players_remaining: stacks.len(),
            total_prize_pool: self.prizes.total(),
        };
        let in_play = self.prizes_in_play();
        let mut remaining: Vec<Cents> = (1..=stacks.len() as u32)
            .map(|p| in_play.prize(p))
            .collect();
        while remaining.last() == Some(&0) {
            remaining.pop();
        }
        let deal = if method == DealMethod::Fgs {
            let (seated, fgs) = self.fgs_options();
            let mut by_seat = Vec::with_capacity(seated.len());
            for p in seated {
                if let Some(s) = stacks.iter().find(|s| s.player == p) {
                    by_seat.push(*s);
                }
            }
            if by_seat.len() != stacks.len() {
                return Err(MoneyError::DealBeforeFinalTable);
            }
            money::fgs_deal(
                &table,
                &by_seat,
                &remaining,
                left_in_play,
                &self.cfg.deal,
                &fgs,
            )?
        } else {
            money::deal(
                method,
                &table,
                &stacks,
                &remaining,
                left_in_play,
                &self.cfg.deal,
            )?
        };
        Ok(deal
            .shares
            .iter()
            .map(|s| DealPart {
                player: s.player,
                chips: s.chips,
                cents: s.cents,
            })
            .collect())
    }

    /// The entry clock as it will be at `at` (the clock is advanced on a copy).
    fn entry_clock_at(&self, at: Ms) -> EntryClock {
        let (level_index, big_blind, on_add_on_break) = match &self.clock {
            Some(c) => {
                let mut c = c.clone();
                c.advance(at);
                let on_break = match c.break_state() {
                    BreakState::OnBreak { .. } => true,
                    // The break begins at once when no table is in a hand.
                    BreakState::Due { .. } => self.hands.is_empty(),
                    BreakState::Playing => false,
                };
                (
                    c.level_index(),
                    c.level().big_blind,
                    on_break && c.is_add_on_break(),
                )
            }
            None => (
                0,
                self.cfg
                    .event
                    .structure
                    .levels
                    .first()
                    .map_or(Chips::ZERO, |l| l.big_blind),
                false,
            ),
        };
        EntryClock {
            start_ms: self.window_start(),
            now_ms: at,
            level_index,
            big_blind,
            payouts_started: self.payouts_started(),
            on_add_on_break,
        }
    }

    fn player_entries(&self, player: PlayerId) -> PlayerEntries {
        let a = self.accounts.get(&player);
        PlayerEntries {
            player,
            entries: a.map_or(0, |a| a.entries),
            still_playing: self.stacks.contains_key(&player),
            rebuys: a.map_or(0, |a| a.rebuys),
            add_ons: a.map_or(0, |a| a.add_ons),
        }
    }

    /// Payouts have begun: the players still seated would all be paid by the
    /// (provisional) prize table.
    fn payouts_started(&self) -> bool {
        self.phase == Phase::Running && (self.seating.players() as u32) <= self.prizes.paid_places()
    }

    /// A late entry or re-entry after the start (T2, T3).
    fn check_late_entry(&self, player: PlayerId, at: Ms) -> Result<LateEntry, TourneyError> {
        if self.cfg.event.format.is_rounds() || !self.open {
            return Err(TourneyError::RegistrationClosed);
        }
        let clock = self.entry_clock_at(at);
        money::check_entry(&self.cfg.entry, &clock, &self.player_entries(player)).map_err(|e| {
            match e {
                MoneyError::NoLateRegistration => TourneyError::RegistrationClosed,
                source => TourneyError::Entry { player, source },
            }
        })
    }

    fn check_unregister(&self, player: PlayerId, at: Ms) -> Result<(), TourneyError> {
        let entry_err = |source| TourneyError::Entry { player, source };
        match self.phase {
            Phase::Registering => {
                if !self.entered.contains(&player) {
                    return Err(TourneyError::NotRegistered(player));
                }
                let Some(start_ms) = self.scheduled_start else {
                    // No start time known yet: the window cannot have closed.
                    if self
                        .cfg
                        .entry
                        .unregistration
                        .closes_minutes_after_start
                        .is_none()
                    {
                        return Err(entry_err(MoneyError::UnregistrationNotAllowed));
                    }
                    return Ok(());
                };
                // T3: with the start known, a negative
                // `closes-minutes-after-start` closes unregistration before it.
                let clock = money::EntryClock {
                    start_ms,
                    now_ms: at,
                    level_index: 0,
                    big_blind: Chips::ZERO,
                    payouts_started: false,
                    on_add_on_break: false,
                };
                money::check_unregister(&self.cfg.entry, &clock).map_err(entry_err)
            }
            Phase::Running => {
                if !self.entered.contains(&player) {
                    return Err(TourneyError::NotRegistered(player));
                }
                if !self.stacks.contains_key(&player) {
                    return Err(TourneyError::NotPlaying(player));
                }
                if !self.open || self.cfg.event.format.is_rounds() {
                    return Err(TourneyError::RegistrationClosed);
                }
                if self.accounts.get(&player).is_some_and(|a| a.played) {
                    return Err(TourneyError::AlreadyPlayed(player));
                }
                money::check_unregister(&self.cfg.entry, &self.entry_clock_at(at))
                    .map_err(entry_err)
            }
            _ => Err(TourneyError::RegistrationClosed),
        }
    }

    /// Common checks of a rebuy or add-on (T4): the clock, the player's record
    /// and their stack (at the start of any hand they are in).
    fn check_purchase(
        &self,
        player: PlayerId,
        at: Ms,
    ) -> Result<(EntryClock, PlayerEntries, Chips), TourneyError> {
        if self.phase != Phase::Running {
            return Err(TourneyError::NotRunning);
        }
        let Some(&stack) = self.stacks.get(&player) else {
            return Err(if self.entered.contains(&player) {
                TourneyError::NotPlaying(player)
            } else {
                TourneyError::NotRegistered(player)
            });
        };
        if !self.open {
            return Err(TourneyError::EntriesClosed(player));
        }
        if self.deferred_chips.contains_key(&player) {
            return Err(TourneyError::PurchasePending(player));
        }
        Ok((self.entry_clock_at(at), self.player_entries(player), stack))
    }

    fn check_result(
        &self,
        table: TableId,
        hand: u64,
        stacks: &[(PlayerId, Chips)],
    ) -> Result<(), TourneyError> {
        if self.phase != Phase::Running {
            return Err(TourneyError::NotRunning);
        }
        let h = self
            .hands
            .get(&table)
            .filter(|h| h.hand == hand)
            .ok_or(TourneyError::NoSuchHand { table, hand })?;
        if stacks.len() != h.dealt.len() {
            return Err(TourneyError::MissingPlayers {
                hand,
                count: stacks.len(),
                dealt: h.dealt.len(),
            });
        }
        // At most ten players: a quadratic scan beats hashing and allocates nothing.
        // A reported total above u64 cannot equal the dealt one: it is refused as
        // not conserved, showing the largest count.
        let mut after = Ok(Chips::ZERO);
        for (i, &(p, c)) in stacks.iter().enumerate() {
            if stacks[..i].iter().any(|x| x.0 == p) || !h.dealt.iter().any(|&(d, _)| d == p) {
                return Err(TourneyError::WrongPlayers { hand, player: p });
            }
            after = after + c;
        }
        let after = after.unwrap_or(Chips::MAX);
        let before = h
            .dealt
            .iter()
            .fold(Chips::ZERO, |sum, &(_, c)| bounded_add(sum, c));
        if before != after {
            return Err(TourneyError::ChipsNotConserved {
                hand,
                before,
                after,
            });
        }
        Ok(())
    }

    fn execute(&mut self, input: &Input, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        let at = input.at;
        match &input.command {
            Command::Register { player } if self.phase == Phase::Running => {
                self.late_entry(*player, at, rng, ev);
            }
            Command::ReEnter { player } => self.late_entry(*player, at, rng, ev),
            Command::Register { player } => {
                let price = self.cfg.entry.price;
                self.ledger.take(price);
                self.ledger.entries += 1;
                let acc = self.accounts.entry(*player).or_default();
                acc.entries = 1;
                acc.purchases.push(purchase(PurchaseKind::Entry, price));
                self.entered.insert(*player);
                self.entrants.push(*player);
                ev.push(Event::Registered {
                    player: *player,
                    entrants: self.entrants.len() as u32,
                });
                if let Format::SitAndGo { seats } = self.cfg.event.format {
                    // T22: the sit-and-go starts when the last seat fills.
                    if self.entrants.len() as u32 == seats {
                        self.start(at, rng, ev);
                    }
                }
            }
            Command::Unregister { player } => self.unregister(*player, rng, ev),
            Command::Rebuy { player, .. } => {
                if let Some(r) = self.cfg.entry.rebuy {
                    if let Some(a) = self.accounts.get_mut(player) {
                        a.rebuys += 1;
                    }
                    self.ledger.rebuys += 1;
                    self.buy_chips(*player, PurchaseKind::Rebuy, r.chips, r.price, ev);
                }
            }
            Command::AddOn { player, .. } => {
                if let Some(a) = self.cfg.entry.add_on {
                    if let Some(acc) = self.accounts.get_mut(player) {
                        acc.add_ons += 1;
                    }
                    self.ledger.add_ons += 1;
                    self.buy_chips(*player, PurchaseKind::AddOn, a.chips, a.price, ev);
                }
            }
            Command::Start => self.start(at, rng, ev),
            Command::HandFinished {
                table,
                hand,
                stacks,
            } => self.hand_finished(*table, *hand, stacks, rng, ev),
            Command::AwaitAction {
                table,
                player,
                facing_bet,
                regular_ms,
            } => {
                self.await_action(at, *table, *player, *facing_bet, *regular_ms, ev);
            }
            Command::Acted { player } => {
                self.close_wait(*player);
            }
            Command::Disconnect { player } => {
                if let Some(s) = self.status.get_mut(player) {
                    s.disconnected = true;
                }
                ev.push(Event::Disconnected { player: *player });
            }
            Command::Reconnect { player } => {
                if let Some(s) = self.status.get_mut(player) {
                    s.disconnected = false;
                    s.det.reset(); // T13
                }
                if let Some(w) = self.waits.get_mut(player) {
                    if w.paused {
                        w.paused = false;
                        if let Some(c) = self.clock.as_mut() {
                            c.end_wait_on_disconnected();
                        }
                    }
                }
                ev.push(Event::Reconnected { player: *player });
            }
            Command::SitOut { player } => {
                if let Some(s) = self.status.get_mut(player) {
                    s.sitting_out = true;
                }
                ev.push(Event::SatOut { player: *player });
            }
            Command::SitIn { player } => {
                if let Some(s) = self.status.get_mut(player) {
                    s.sitting_out = false;
                }
                ev.push(Event::SatIn { player: *player });
            }
            Command::Tick => {}
            Command::ScheduleStart { start_at } => {
                self.scheduled_start = Some(*start_at);
                ev.push(Event::StartScheduled {
                    start_at: *start_at,
                });
            }
            Command::RollBackHands => self.roll_back(rng, ev),
            Command::Cancel => {
                self.phase = Phase::Cancelled;
                let mut stacks: Vec<(PlayerId, Chips)> =
                    self.stacks.iter().map(|(p, c)| (*p, *c)).collect();
                stacks.sort_unstable();
                self.hands.clear();
                self.waits.clear();
                ev.push(Event::Cancelled { stacks });
            }
            Command::ProposeDeal {
                method,
                left_in_play,
            } => {
                self.deal = Some(OpenDeal {
                    method: *method,
                    left_in_play: *left_in_play,
                    shares: None,
                    accepted: Vec::new(),
                });
                if self.hands.is_empty() {
                    self.price_open_deal(ev);
                } else {
                    ev.push(Event::DealRequested {
                        method: *method,
                        left_in_play: *left_in_play,
                    });
                }
            }
            Command::AcceptDeal { player } => self.accept_deal(*player, rng, ev),
            Command::RejectDeal { player } => {
                self.deal = None;
                ev.push(Event::DealDropped {
                    reason: DealDropReason::Rejected(*player),
                });
                self.settle(rng, ev);
            }
        }
    }
}

fn purchase(kind: PurchaseKind, price: Price) -> Purchase {
    Purchase {
        kind,
        price,
        paid: Tender {
            cash: price.prize_pool + price.fee + price.bounty,
            t_money: 0,
            ticket: 0,
        },
    }
}

/// The smallest chip each level needs: the greatest common divisor of the
/// blinds and antes of that level and every later one (T21).
fn chip_units(levels: &[crate::clock::Level]) -> Vec<Chips> {
    fn gcd(a: u64, b: u64) -> u64 {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let mut out = vec![Chips::ZERO; levels.len()];
    let mut g = 0;
    for (i, l) in levels.iter().enumerate().rev() {
        g = gcd(
            gcd(gcd(g, l.small_blind.get()), l.big_blind.get()),
            l.ante.get(),
        );
        out[i] = Chips(g);
    }
    out
}

#[cfg(test)]
mod purchase_limit_tests {
    use super::*;
    use crate::{Command, Input};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn t2_no_purchase_past_max_purchases() {
        // rule T2 (entries): the event sells at most MAX_PURCHASES entries,
        // re-entries, rebuys and add-ons in all, so its sums fit in 64 bits. (Set
        // through the ledger: two million registrations would make a slow test.)
        let mut t = Tournament::new(TournamentOptions::online_mtt()).expect("preset");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let register = |i: u32| Input {
            at: 0,
            command: Command::Register {
                player: PlayerId(i),
            },
        };
        t.apply(&register(1), &mut rng).expect("first entry");
        t.ledger.entries = (crate::MAX_PURCHASES - 1) as u32;
        t.apply(&register(2), &mut rng).expect("the last purchase");
        assert_eq!(
            t.apply(&register(3), &mut rng),
            Err(TourneyError::PurchaseLimit(crate::MAX_PURCHASES))
        );
    }
}
