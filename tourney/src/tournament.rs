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
use crate::ids::{Cents, Chips, IdMap, IdSet, Ms, PlayerId, TableId};
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
            chips_issued: 0,
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
        self.stacks.values().sum()
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
                small_blind: l.small_blind,
                big_blind: l.big_blind.max(1),
                ante: l.ante,
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
                    .map_or(0, |l| l.big_blind),
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
                    big_blind: 0,
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
        let mut after: Chips = 0;
        for (i, &(p, c)) in stacks.iter().enumerate() {
            if stacks[..i].iter().any(|x| x.0 == p) || !h.dealt.iter().any(|&(d, _)| d == p) {
                return Err(TourneyError::WrongPlayers { hand, player: p });
            }
            after = after.saturating_add(c);
        }
        let before: Chips = h.dealt.iter().map(|&(_, c)| c).sum();
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

    // ---- deals (T15) -------------------------------------------------------

    /// Prices the open deal now that no hand is in progress, or drops it if its
    /// terms no longer apply.
    fn price_open_deal(&mut self, ev: &mut Vec<Event>) {
        let Some(d) = self.deal.as_ref() else {
            return;
        };
        match self.price_deal(d.method, d.left_in_play) {
            Ok(shares) => {
                let (method, left_in_play) = (d.method, d.left_in_play);
                ev.push(Event::DealProposed {
                    method,
                    shares: shares.clone(),
                    left_in_play,
                });
                if let Some(d) = self.deal.as_mut() {
                    d.shares = Some(shares);
                }
            }
            Err(e) => {
                self.deal = None;
                ev.push(Event::DealDropped {
                    reason: DealDropReason::NoLongerValid(e.to_string()),
                });
            }
        }
    }

    fn accept_deal(&mut self, player: PlayerId, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        let Some(d) = self.deal.as_mut() else {
            return;
        };
        if let Err(i) = d.accepted.binary_search(&player) {
            d.accepted.insert(i, player);
        }
        ev.push(Event::DealAccepted { player });
        if d.accepted.len() < self.stacks.len() {
            return;
        }
        let Some(d) = self.deal.take() else {
            return;
        };
        let shares = d.shares.unwrap_or_default();
        for s in &shares {
            *self.deal_paid.entry(s.player).or_insert(0) += s.cents;
        }
        // The rest of the event is played for what was left in play alone.
        self.play_on = Some(PrizeTable::explicit(vec![d.left_in_play]).unwrap_or_default());
        ev.push(Event::DealMade {
            method: d.method,
            shares,
            left_in_play: d.left_in_play,
        });
        self.settle(rng, ev);
    }

    /// A finish with what deals paid the player added.
    fn with_deal_money(&self, mut f: Finish) -> Finish {
        if let Some(c) = self.deal_paid.get(&f.player) {
            f.prize += c;
        }
        f
    }

    // ---- time ------------------------------------------------------------

    fn advance(&mut self, to: Ms, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        self.now = to;
        if self.phase != Phase::Running {
            return;
        }
        loop {
            let next_wait = self
                .waits
                .iter()
                .map(|(p, w)| (w.deadline, *p))
                .min()
                .filter(|&(d, _)| d <= to);
            let until = next_wait.map_or(to, |(d, _)| d);
            let clock_events = self
                .clock
                .as_mut()
                .map(|c| c.advance(until))
                .unwrap_or_default();
            for e in clock_events {
                self.on_clock(e, rng, ev);
            }
            let Some((_, player)) = next_wait else { break };
            self.expire(player, ev);
        }
    }

    fn on_clock(&mut self, e: ClockEvent, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        match e {
            ClockEvent::LevelUp { level, .. } => {
                self.on_level_for_chip_race(level);
                if let Some(c) = self.clock.as_ref() {
                    ev.push(Event::LevelUp {
                        index: level,
                        level: c.level(),
                    });
                }
            }
            ClockEvent::BreakDue { .. } => {
                ev.push(Event::BreakDue);
                self.maybe_begin_break(ev);
            }
            ClockEvent::BreakEnded { .. } => {
                ev.push(Event::BreakEnded);
                self.start_hands(rng, ev);
            }
        }
    }

    fn maybe_begin_break(&mut self, ev: &mut Vec<Event>) {
        // T7: every table finishes its hand before the break begins.
        if !self.hands.is_empty() {
            return;
        }
        if let Some(ends_at) = self.clock.as_mut().and_then(Clock::begin_break) {
            ev.push(Event::BreakStarted { ends_at });
            if self.chip_race_due.is_some() {
                // T21: chips are raced off on the break.
                self.race_chips(ev);
            }
        }
    }

    // ---- connection -------------------------------------------------------

    fn det_stage(&self) -> DetStage {
        DetStage {
            entrants: self.entrants.len() as u32,
            remaining: self.remaining,
            paid_places: self.prizes.paid_places(),
            tables: self.seating.table_count() as u32,
        }
    }

    fn await_action(
        &mut self,
        at: Ms,
        table: TableId,
        player: PlayerId,
        facing_bet: bool,
        regular_ms: u64,
        ev: &mut Vec<Event>,
    ) {
        let stage = self.det_stage();
        let Some(st) = self.status.get_mut(&player) else {
            return;
        };
        if st.sitting_out {
            // B17: a sitting-out player's hand is folded when they face action.
            ev.push(Event::ForcedAction {
                table,
                player,
                action: ForcedAction::Fold,
            });
            return;
        }
        let mut extra_ms = 0;
        let mut det = false;
        let paused = st.disconnected;
        if st.disconnected && self.cfg.event.disconnect_extra_time {
            let ladder = self.cfg.det.ladder(&self.cfg.event.format, stage);
            if !ladder.is_empty() {
                det = true;
                extra_ms = u64::from(st.det.take(ladder)) * 1000;
            }
        }
        if paused {
            // T6: the clock stops while the game waits on a disconnected player.
            if let Some(c) = self.clock.as_mut() {
                c.begin_wait_on_disconnected();
            }
        }
        let deadline = at.saturating_add(regular_ms).saturating_add(extra_ms);
        self.waits.insert(
            player,
            Wait {
                table,
                deadline,
                facing_bet,
                det,
                paused,
            },
        );
        ev.push(Event::ActionClock {
            table,
            player,
            deadline,
            extra_ms,
        });
    }

    fn close_wait(&mut self, player: PlayerId) -> Option<Wait> {
        let w = self.waits.remove(&player)?;
        if w.paused {
            if let Some(c) = self.clock.as_mut() {
                c.end_wait_on_disconnected();
            }
        }
        Some(w)
    }

    fn expire(&mut self, player: PlayerId, ev: &mut Vec<Event>) {
        let Some(w) = self.close_wait(player) else {
            return;
        };
        // B16: fold facing a bet, check otherwise.
        let action = if w.facing_bet {
            ForcedAction::Fold
        } else {
            ForcedAction::Check
        };
        ev.push(Event::ForcedAction {
            table: w.table,
            player,
            action,
        });
        // T13: a player on DET stays sitting in; others are sat out (B17).
        if !w.det && self.cfg.event.sit_out_on_timeout {
            if let Some(s) = self.status.get_mut(&player) {
                if !s.sitting_out {
                    s.sitting_out = true;
                    ev.push(Event::SatOut { player });
                }
            }
        }
    }

    // ---- start and rounds ---------------------------------------------------

    fn start(&mut self, at: Ms, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        let n = self.entrants.len() as u32;
        let pool = self.ledger.prize_pool;
        // T5: the prize table is fixed now that registration is closed (if late
        // registration, re-entry or rebuys are open, it is provisional until
        // they close).
        self.prizes = PrizeTable::fix(&self.cfg.event.payouts, pool, n).unwrap_or_default();
        self.clock = Clock::start(self.cfg.event.structure.clone(), at).ok();
        self.phase = Phase::Running;
        self.start_at = at;
        self.remaining = n;
        let stack = self.cfg.entry.starting_stack;
        for &p in &self.entrants {
            self.stacks.insert(p, stack);
            self.status.insert(p, Status::default());
        }
        self.chips_issued = stack * u64::from(n);
        let players = self.entrants.clone();
        self.seat_round(&players, rng, ev);
        self.open = self.compute_entries_open();
        ev.push(Event::Started {
            entrants: n,
            prize_pool: pool,
            paid_places: self.prizes.paid_places(),
            tables: self.seating.table_count() as u32,
        });
        self.update_hand_for_hand(ev);
        self.start_hands(rng, ev);
    }

    /// Seats `players` for the start or for a new round.
    fn seat_round(&mut self, players: &[PlayerId], rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        let size = self.cfg.event.table_size;
        let mut byes = Vec::new();
        let seating = match self.cfg.event.format {
            Format::HeadsUp => {
                let pairs = if self.round == 0 {
                    match bracket::first_round(players, rng) {
                        Some(r) => {
                            byes = r.byes;
                            r.matches
                        }
                        None => Vec::new(),
                    }
                } else {
                    bracket::next_round(players, rng)
                };
                let tables: Vec<_> = pairs
                    .iter()
                    .map(|&(a, b)| (vec![Some(a), Some(b)], None))
                    .collect();
                Seating::from_tables(2, &tables)
            }
            _ => Seating::draw(players, size, rng),
        };
        let Ok(seating) = seating else { return };
        self.seating = seating
            .with_button_rule(self.cfg.button.into())
            .with_moved_player(self.cfg.moved_player)
            .renumbered(self.table_ids_used);
        self.table_ids_used += self.seating.table_count() as u32;
        if self.cfg.event.format.is_rounds() {
            self.round += 1;
            self.advanced = byes.clone();
            ev.push(Event::RoundStarted {
                round: self.round,
                byes,
            });
        }
        let mut seated: Vec<_> = self
            .seating
            .tables()
            .flat_map(|t| {
                let id = t.id();
                t.players()
                    .map(move |(seat, p)| (p, crate::seating::SeatRef { table: id, seat }))
            })
            .collect();
        seated.sort_unstable_by_key(|&(_, at)| at);
        for (player, at) in seated {
            ev.push(Event::Seated { player, at });
        }
    }

    // ---- hands --------------------------------------------------------------

    fn start_hands(&mut self, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        if self.phase != Phase::Running {
            return;
        }
        if self
            .clock
            .as_ref()
            .is_some_and(|c| c.break_state() != BreakState::Playing)
        {
            return;
        }
        if self.hand_for_hand && !self.hands.is_empty() {
            // T10: no table starts a new hand until all tables finished theirs.
            return;
        }
        if self.deal.is_some() {
            // T15: play stops while a deal is discussed.
            return;
        }
        let idle: Vec<TableId> = self
            .seating
            .idle_tables()
            .filter(|t| self.seating.table(*t).is_some_and(|t| t.count() >= 2))
            .collect();
        let Some(level) = self.clock.as_ref().map(Clock::level) else {
            return;
        };
        for table in idle {
            let Ok(lineup) = self.seating.start_hand(table, rng) else {
                continue;
            };
            let hand = self.next_hand;
            self.next_hand += 1;
            let stacks: Vec<(PlayerId, Chips)> = lineup
                .dealt
                .iter()
                .map(|&(_, p)| (p, self.stacks.get(&p).copied().unwrap_or(0)))
                .collect();
            if self.open {
                // T3: a player dealt a hand can no longer unregister.
                for &(_, p) in &lineup.dealt {
                    if let Some(a) = self.accounts.get_mut(&p) {
                        a.played = true;
                    }
                }
            }
            let away: Vec<PlayerId> = lineup
                .dealt
                .iter()
                .filter(|(_, p)| self.status.get(p).is_some_and(Status::away))
                .map(|&(_, p)| p)
                .collect();
            self.hands.insert(
                table,
                RunningHand {
                    hand,
                    dealt: stacks.clone(),
                    synchronized: self.hand_for_hand,
                },
            );
            ev.push(Event::HandStarted {
                table,
                hand,
                level,
                lineup,
                stacks,
                away,
                hand_for_hand: self.hand_for_hand,
            });
        }
    }

    fn hand_finished(
        &mut self,
        table: TableId,
        hand: u64,
        stacks: &[(PlayerId, Chips)],
        rng: &mut dyn RngCore,
        ev: &mut Vec<Event>,
    ) {
        let Some(rh) = self.hands.remove(&table) else {
            return;
        };
        self.seating.set_busy(table, false);
        self.stats.hands += 1;
        ev.push(Event::HandFinished { table, hand });
        let at_table: Vec<PlayerId> = self
            .waits
            .iter()
            .filter(|(_, w)| w.table == table)
            .map(|(p, _)| *p)
            .collect();
        for p in at_table {
            self.close_wait(p);
        }
        let mut busted = Vec::new();
        for &(p, c) in stacks {
            let mut c = c;
            if !self.deferred_chips.is_empty() {
                if let Some(add) = self.deferred_chips.remove(&p) {
                    // T4: a rebuy or add-on bought during the hand lands now; a
                    // player who lost every chip in it stays in.
                    c += add;
                    self.chips_issued += add;
                    ev.push(Event::ChipsAdded {
                        player: p,
                        chips: add,
                    });
                }
            }
            if c == 0 {
                let start = rh.dealt.iter().find(|d| d.0 == p).map_or(0, |d| d.1);
                busted.push((p, start));
                self.stacks.remove(&p);
                self.status.remove(&p);
                let _ = self.seating.remove(p);
            } else {
                self.stacks.insert(p, c);
            }
        }
        if self.cfg.event.format.is_rounds() {
            self.pending.extend(busted);
            self.away_rule(table, &rh, ev);
        } else if rh.synchronized {
            // T9: in hand-for-hand, knock-outs in one synchronized hand are
            // simultaneous across tables: ranked together when all tables finish.
            self.pending.extend(busted);
        } else if !busted.is_empty() {
            if self.open {
                self.defer_busts(busted, ev);
            } else {
                self.place(&busted, ev);
            }
        }
        if !self.cfg.event.format.is_rounds() {
            let changes = self.seating.rebalance(self.cfg.event.break_policy, rng);
            self.report_moves(changes, ev);
        }
        self.settle(rng, ev);
    }

    fn report_moves(&mut self, changes: Vec<SeatingChange>, ev: &mut Vec<Event>) {
        for c in changes {
            match c {
                SeatingChange::Moved {
                    player,
                    from,
                    to,
                    reason,
                } => {
                    self.stats.players_moved += 1;
                    ev.push(Event::PlayerMoved {
                        player,
                        from,
                        to,
                        reason,
                    });
                }
                SeatingChange::TableBroken { table } => {
                    self.stats.tables_broken += 1;
                    ev.push(Event::TableBroken { table });
                }
                SeatingChange::FinalTable { table } => ev.push(Event::FinalTable { table }),
            }
        }
    }

    /// T14: in shootout and heads-up events, a table where every player has been
    /// away for the configured number of hands ends; the biggest stack advances.
    fn away_rule(&mut self, table: TableId, rh: &RunningHand, ev: &mut Vec<Event>) {
        if self.cfg.event.away_hands_limit == 0 {
            return;
        }
        let all_away = rh
            .dealt
            .iter()
            .all(|(p, _)| self.status.get(p).is_none_or(Status::away));
        let n = self.away_hands.entry(table).or_insert(0);
        *n = if all_away { *n + 1 } else { 0 };
        if *n < self.cfg.event.away_hands_limit {
            return;
        }
        let Some(t) = self.seating.table(table) else {
            return;
        };
        let mut at_table: Vec<(PlayerId, Chips)> = t
            .players()
            .map(|(_, p)| (p, self.stacks.get(&p).copied().unwrap_or(0)))
            .collect();
        at_table.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let Some(&(winner, _)) = at_table.first() else {
            return;
        };
        let mut pot = 0;
        for &(p, c) in &at_table[1..] {
            pot += c;
            self.stacks.remove(&p);
            self.status.remove(&p);
            let _ = self.seating.remove(p);
            self.pending.push((p, c));
        }
        // The table's chips go with the player who advances: none vanish.
        if let Some(s) = self.stacks.get_mut(&winner) {
            *s += pot;
        }
        ev.push(Event::AwayLimitReached {
            table,
            advances: winner,
        });
    }

    /// Ranks knocked-out players (T9) and records their finishes.
    fn place(&mut self, busted: &[(PlayerId, Chips)], ev: &mut Vec<Event>) {
        let f = rank_knockouts(busted, self.remaining, self.prizes_in_play());
        self.remaining -= busted.len() as u32;
        for x in f {
            let x = self.with_deal_money(x);
            self.finishes.push(x);
            ev.push(Event::Eliminated(x));
        }
    }

    /// After a hand or a roll-back: rank pending knock-outs, end rounds and the
    /// event, start breaks and hand-for-hand, deal the next hands.
    fn settle(&mut self, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        if self.phase != Phase::Running {
            return;
        }
        let all_idle = self.hands.is_empty();
        if self.cfg.event.format.is_rounds() {
            let round_over = all_idle && self.seating.tables().all(|t| t.count() <= 1);
            if !round_over {
                self.start_hands(rng, ev);
                return;
            }
            // Everyone knocked out in a round shares the places they cover.
            let out: Vec<PlayerId> = self.pending.drain(..).map(|(p, _)| p).collect();
            if !out.is_empty() {
                let from = self.remaining + 1 - out.len() as u32;
                for f in split_prizes(&out, from, &self.prizes) {
                    self.finishes.push(f);
                    ev.push(Event::Eliminated(f));
                }
                self.remaining -= out.len() as u32;
            }
            let mut survivors = self.advanced.clone();
            survivors.extend(
                self.seating
                    .tables()
                    .flat_map(|t| t.players().map(|(_, p)| p)),
            );
            survivors.sort_unstable();
            if survivors.len() <= 1 {
                self.end(&survivors, ev);
                return;
            }
            for p in &survivors {
                // Each round starts afresh with the starting stack.
                self.stacks.insert(*p, self.cfg.event.starting_stack);
            }
            self.away_hands.clear();
            self.seat_round(&survivors, rng, ev);
            self.start_hands(rng, ev);
            return;
        }
        if all_idle && !self.pending.is_empty() {
            let batch = std::mem::take(&mut self.pending);
            if self.open {
                self.defer_busts(batch, ev);
            } else {
                self.place(&batch, ev);
            }
        }
        if self.open {
            self.maybe_close_entries(ev);
        }
        if all_idle && self.chip_race_due.is_some() {
            self.race_chips(ev);
        }
        if self.pending.is_empty() {
            let alive = self.seating.players() as u32;
            if alive <= 1 || self.prizes_in_play().all_remaining_win_the_same(alive) {
                let mut left: Vec<PlayerId> = self.stacks.keys().copied().collect();
                left.sort_unstable();
                self.end(&left, ev);
                return;
            }
        }
        if all_idle && self.deal.as_ref().is_some_and(|d| d.shares.is_none()) {
            self.price_open_deal(ev);
        }
        self.update_hand_for_hand(ev);
        if matches!(
            self.clock.as_ref().map(Clock::break_state),
            Some(BreakState::Due { .. })
        ) {
            self.maybe_begin_break(ev);
        }
        self.start_hands(rng, ev);
    }

    // ---- entries, rebuys and add-ons (T2-T5) ----------------------------------

    /// A late entry (T2) or re-entry (T3), already checked: pay, take a seat at
    /// the table with the fewest players, rebalance.
    fn late_entry(&mut self, player: PlayerId, at: Ms, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        let Ok(le) = self.check_late_entry(player, at) else {
            return;
        };
        self.ledger.take(le.price);
        let acc = self.accounts.entry(player).or_default();
        acc.entries += 1;
        acc.played = false;
        let entry = acc.entries;
        let kind = if entry > 1 {
            PurchaseKind::ReEntry
        } else {
            PurchaseKind::Entry
        };
        acc.purchases.push(purchase(kind, le.price));
        if entry == 1 {
            self.ledger.entries += 1;
            self.entered.insert(player);
            self.entrants.push(player);
            self.remaining += 1;
            ev.push(Event::Registered {
                player,
                entrants: self.entrants.len() as u32,
            });
            self.refix_provisional_prizes();
        } else {
            self.ledger.re_entries += 1;
            // The earlier entry's bust is forgotten: the player is in again.
            for g in &mut self.busted_open {
                g.retain(|&(p, _)| p != player);
            }
            self.busted_open.retain(|g| !g.is_empty());
        }
        self.stacks.insert(player, le.stack);
        self.status.insert(player, Status::default());
        self.chips_issued += le.stack;
        let Ok(seat) = self.seating.add_player(player, rng) else {
            return;
        };
        ev.push(Event::Entered {
            player,
            entry,
            stack: le.stack,
            docked: le.docked,
            at: seat,
        });
        let changes = self.seating.rebalance(self.cfg.event.break_policy, rng);
        self.report_moves(changes, ev);
        self.settle(rng, ev);
    }

    fn unregister(&mut self, player: PlayerId, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        let mut refund = Price::default();
        if let Some(a) = self.accounts.remove(&player) {
            for p in &a.purchases {
                self.ledger.give_back(p.price);
                refund.prize_pool += p.price.prize_pool;
                refund.fee += p.price.fee;
                refund.bounty += p.price.bounty;
            }
            self.ledger.entries -= u32::from(a.entries > 0);
            self.ledger.re_entries -= a.entries.saturating_sub(1);
            self.ledger.rebuys -= a.rebuys;
            self.ledger.add_ons -= a.add_ons;
        }
        self.entered.remove(&player);
        self.entrants.retain(|p| *p != player);
        ev.push(Event::Unregistered { player });
        ev.push(Event::Refunded { player, refund });
        if self.phase == Phase::Running {
            if let Some(stack) = self.stacks.remove(&player) {
                self.chips_issued -= stack;
            }
            self.status.remove(&player);
            let _ = self.seating.remove(player);
            self.remaining -= 1;
            self.refix_provisional_prizes();
            let changes = self.seating.rebalance(self.cfg.event.break_policy, rng);
            self.report_moves(changes, ev);
            self.settle(rng, ev);
        }
    }

    fn buy_chips(
        &mut self,
        player: PlayerId,
        kind: PurchaseKind,
        chips: Chips,
        price: Price,
        ev: &mut Vec<Event>,
    ) {
        self.ledger.take(price);
        if let Some(a) = self.accounts.get_mut(&player) {
            a.purchases.push(purchase(kind, price));
        }
        let deferred = self.in_hand(player);
        if deferred {
            self.deferred_chips.insert(player, chips);
        } else if let Some(s) = self.stacks.get_mut(&player) {
            *s += chips;
            self.chips_issued += chips;
        }
        ev.push(Event::ChipsBought {
            player,
            rebuy: kind == PurchaseKind::Rebuy,
            chips,
            price,
            deferred,
        });
    }

    fn in_hand(&self, player: PlayerId) -> bool {
        self.seating
            .seat_of(player)
            .and_then(|at| self.hands.get(&at.table))
            .is_some_and(|h| h.dealt.iter().any(|&(p, _)| p == player))
    }

    fn defer_busts(&mut self, busted: Vec<(PlayerId, Chips)>, ev: &mut Vec<Event>) {
        for &(player, _) in &busted {
            ev.push(Event::Busted { player });
        }
        self.busted_open.push(busted);
    }

    /// The provisional prize table follows the field while entries are open.
    fn refix_provisional_prizes(&mut self) {
        let n = self.entrants.len() as u32;
        self.prizes =
            PrizeTable::fix(&self.cfg.event.payouts, self.ledger.prize_pool, n).unwrap_or_default();
    }

    /// Whether late registration (and re-entry), rebuys or add-ons can still
    /// happen, by the options and the clock as it is now.
    fn compute_entries_open(&self) -> bool {
        if self.phase != Phase::Running || self.cfg.event.format.is_rounds() {
            return false;
        }
        let Some(c) = self.clock.as_ref() else {
            return false;
        };
        let clock = EntryClock {
            start_ms: self.window_start(),
            now_ms: self.now,
            level_index: c.level_index(),
            big_blind: c.level().big_blind,
            payouts_started: self.payouts_started(),
            on_add_on_break: c.is_add_on_break(),
        };
        let e = &self.cfg.entry;
        let late = &e.late_registration;
        let late_open = late.window.is_some_and(|w| w.is_open(&clock))
            && !(late.close_in_the_money && clock.payouts_started);
        let rebuy_open = e.rebuy.is_some_and(|r| r.period.is_open(&clock));
        let add_on_open = e.add_on.is_some_and(|a| match a.window {
            money::AddOnWindow::AddOnBreak => self
                .cfg
                .event
                .structure
                .add_on_break
                .is_some_and(|b| clock.level_index <= b.after_level || c.is_add_on_break()),
            money::AddOnWindow::Period(w) => w.is_open(&clock),
        });
        late_open || rebuy_open || add_on_open
    }

    /// Where clock-time entry windows count from (T2, T3): the scheduled start
    /// when one was announced, else the actual start.
    fn window_start(&self) -> Ms {
        self.scheduled_start.unwrap_or(self.start_at)
    }

    /// The scheduled start, if one was announced ([`Command::ScheduleStart`]).
    pub fn scheduled_start(&self) -> Option<Ms> {
        self.scheduled_start
    }

    /// The next time a clock-time window closes, while entries are open.
    fn next_window_close(&self) -> Option<Ms> {
        let e = &self.cfg.entry;
        let start = self.window_start();
        let add_on = e.add_on.and_then(|a| match a.window {
            money::AddOnWindow::Period(w) => Some(w),
            _ => None,
        });
        [
            e.late_registration.window,
            e.rebuy.map(|r| r.period),
            add_on,
        ]
        .into_iter()
        .flatten()
        .filter_map(|w| money::window_closes_at(w, start))
        .filter(|&t| t > self.now)
        .min()
    }

    /// Closes entries when their windows are over, or at the latest when the
    /// field reaches the money or a single player (T2, T5).
    fn maybe_close_entries(&mut self, ev: &mut Vec<Event>) {
        let alive = self.seating.players() as u32;
        if !self.compute_entries_open() || alive <= 1 || self.payouts_started() {
            self.close_entries(ev);
        }
    }

    /// T5: the pool and the prize table are fixed; players who busted while
    /// entries were open are placed, the first out last.
    fn close_entries(&mut self, ev: &mut Vec<Event>) {
        self.open = false;
        let players = self.entrants.len() as u32;
        self.prizes = PrizeTable::fix(&self.cfg.event.payouts, self.ledger.prize_pool, players)
            .unwrap_or_default();
        ev.push(Event::PrizesFixed {
            entries: self.ledger.entries + self.ledger.re_entries,
            players,
            prize_pool: self.ledger.prize_pool,
            paid_places: self.prizes.paid_places(),
        });
        for group in std::mem::take(&mut self.busted_open) {
            self.place(&group, ev);
        }
    }

    // ---- chip race (T21) -----------------------------------------------------

    /// A level started: if it makes the smallest chip useless, a chip race is due
    /// at the first moment every table is idle.
    fn on_level_for_chip_race(&mut self, index: u32) {
        if self.cfg.chip_race != ChipRace::RoundUp || index == 0 {
            return;
        }
        let i = index as usize;
        let (Some(&before), Some(&after)) = (self.units.get(i - 1), self.units.get(i)) else {
            return;
        };
        if before > 0 && after > before && after % before == 0 {
            let retired = self.chip_race_due.map_or(before, |(r, _)| r);
            self.chip_race_due = Some((retired, after));
        }
    }

    fn race_chips(&mut self, ev: &mut Vec<Event>) {
        let Some((retired, next)) = self.chip_race_due.take() else {
            return;
        };
        let mut list: Vec<ChipRaceStack> = self
            .stacks
            .iter()
            .map(|(&player, &s)| ChipRaceStack {
                player,
                retired_chips: (s % next).div_ceil(retired),
            })
            .collect();
        list.sort_unstable_by_key(|s| s.player);
        let Ok(race) = money::chip_race(retired, next, &list) else {
            return;
        };
        let mut added = Vec::new();
        let mut total_added = 0;
        for p in &race.players {
            let Some(s) = self.stacks.get_mut(&p.player) else {
                continue;
            };
            let odd = *s % next;
            let new = *s - odd + p.new_chips * next;
            if new > *s {
                added.push((p.player, new - *s));
                total_added += new - *s;
                *s = new;
            }
        }
        self.chips_issued += total_added;
        ev.push(Event::ChipRaced {
            retired,
            next,
            added,
            total_added,
        });
    }

    fn end(&mut self, left: &[PlayerId], ev: &mut Vec<Event>) {
        // T8: one player has every chip, or all left would win the same prize.
        let standings: Vec<Finish> = split_prizes(left, 1, self.prizes_in_play())
            .into_iter()
            .map(|f| self.with_deal_money(f))
            .collect();
        if self.deal.take().is_some() {
            ev.push(Event::DealDropped {
                reason: DealDropReason::EventOver,
            });
        }
        self.finishes.extend(standings.iter().copied());
        self.remaining = 0;
        self.phase = Phase::Finished;
        for (t, _) in std::mem::take(&mut self.hands) {
            self.seating.set_busy(t, false);
        }
        self.waits.clear();
        ev.push(Event::Ended { standings });
    }

    fn update_hand_for_hand(&mut self, ev: &mut Vec<Event>) {
        if self.cfg.event.format.is_rounds() {
            return;
        }
        let alive = self.seating.players() as u32;
        let paid = self.prizes.paid_places();
        let h = &self.cfg.event.hand_for_hand;
        let want = self.seating.table_count() > 1
            && ((h.on_bubble && alive == paid + 1)
                || h.stages.iter().any(|s| alive <= s.from && alive >= s.to));
        if want != self.hand_for_hand {
            self.hand_for_hand = want;
            ev.push(if want {
                Event::HandForHandStarted
            } else {
                Event::HandForHandEnded
            });
        }
    }

    fn roll_back(&mut self, rng: &mut dyn RngCore, ev: &mut Vec<Event>) {
        // T20: every stack returns to its value at the start of the hand. Stacks
        // only change when a hand finishes, so dropping the hand restores them.
        let mut hands = Vec::new();
        for (table, rh) in std::mem::take(&mut self.hands) {
            self.seating.undo_start_hand(table);
            hands.push(RolledBackHand {
                table,
                hand: rh.hand,
                stacks: rh.dealt,
            });
        }
        let players: Vec<PlayerId> = self.waits.keys().copied().collect();
        for p in players {
            self.close_wait(p);
        }
        ev.push(Event::HandsRolledBack { hands });
        // Rebuys and add-ons bought during a rolled-back hand stand: their chips
        // are added now.
        let mut deferred: Vec<(PlayerId, Chips)> = self.deferred_chips.drain().collect();
        deferred.sort_unstable();
        for (player, chips) in deferred {
            if let Some(s) = self.stacks.get_mut(&player) {
                *s += chips;
                self.chips_issued += chips;
                ev.push(Event::ChipsAdded { player, chips });
            }
        }
        self.settle(rng, ev);
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
    fn gcd(a: Chips, b: Chips) -> Chips {
        if b == 0 { a } else { gcd(b, a % b) }
    }
    let mut out = vec![0; levels.len()];
    let mut g = 0;
    for (i, l) in levels.iter().enumerate().rev() {
        g = gcd(gcd(gcd(g, l.small_blind), l.big_blind), l.ante);
        out[i] = g;
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
