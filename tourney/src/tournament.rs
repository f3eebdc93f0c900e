//! The [`Tournament`] state machine: commands with timestamps in, events out.

use std::collections::{BTreeMap, HashMap, HashSet};

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::bracket;
use crate::clock::{BreakState, Clock, ClockEvent, Level};
use crate::command::{Command, Event, ForcedAction, Input, RolledBackHand, TourneyError};
use crate::config::{Format, OptionsError, TournamentOptions};
use crate::det::{DetBank, DetStage, det_ladder};
use crate::ids::{Chips, Ms, PlayerId, TableId};
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
    opts: TournamentOptions,
    phase: Phase,
    now: Ms,
    entrants: Vec<PlayerId>,
    entered: HashSet<PlayerId>,
    clock: Option<Clock>,
    prizes: PrizeTable,
    stacks: HashMap<PlayerId, Chips>,
    status: HashMap<PlayerId, Status>,
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
    away_hands: HashMap<TableId, u32>,
    table_ids_used: u32,
    stats: Stats,
}

impl Tournament {
    /// A new event taking registrations.
    pub fn new(options: TournamentOptions) -> Result<Tournament, OptionsError> {
        options.validate()?;
        let seating = Seating::new(options.table_size)
            .map_err(|_| OptionsError::TableSize(options.table_size))?;
        Ok(Tournament {
            opts: options,
            phase: Phase::Registering,
            now: 0,
            entrants: Vec::new(),
            entered: HashSet::new(),
            clock: None,
            prizes: PrizeTable::default(),
            stacks: HashMap::new(),
            status: HashMap::new(),
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
            away_hands: HashMap::new(),
            table_ids_used: 0,
            stats: Stats::default(),
        })
    }

    /// The options.
    pub fn options(&self) -> &TournamentOptions {
        &self.opts
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
    pub fn stacks(&self) -> &HashMap<PlayerId, Chips> {
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
        match (w, c) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
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
        let mut r = Replayer::new(&record.draws);
        self.apply(&record.input, &mut r)
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
        match &input.command {
            Command::Register { player } => {
                registering()?;
                if self.entered.contains(player) {
                    return Err(TourneyError::AlreadyRegistered(*player));
                }
                let cap = match self.opts.format {
                    Format::SitAndGo { seats } => Some(seats),
                    _ => self.opts.max_entrants,
                };
                if let Some(cap) = cap {
                    if self.entrants.len() as u32 >= cap {
                        return Err(TourneyError::Full(cap));
                    }
                }
            }
            Command::Unregister { player } => {
                registering()?;
                if !self.entered.contains(player) {
                    return Err(TourneyError::NotRegistered(*player));
                }
            }
            Command::Start => {
                if self.phase != Phase::Registering {
                    return Err(TourneyError::AlreadyStarted);
                }
                if matches!(self.opts.format, Format::SitAndGo { .. }) {
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
        }
        Ok(())
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
        let mut seen = HashSet::with_capacity(stacks.len());
        let mut after: Chips = 0;
        for &(p, c) in stacks {
            if !seen.insert(p) || !h.dealt.iter().any(|&(d, _)| d == p) {
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
            Command::Register { player } => {
                self.entered.insert(*player);
                self.entrants.push(*player);
                ev.push(Event::Registered {
                    player: *player,
                    entrants: self.entrants.len() as u32,
                });
                if let Format::SitAndGo { seats } = self.opts.format {
                    // T22: the sit-and-go starts when the last seat fills.
                    if self.entrants.len() as u32 == seats {
                        self.start(at, rng, ev);
                    }
                }
            }
            Command::Unregister { player } => {
                self.entered.remove(player);
                self.entrants.retain(|p| p != player);
                ev.push(Event::Unregistered { player: *player });
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
        }
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
        if st.disconnected && self.opts.disconnect_extra_time {
            let ladder = det_ladder(&self.opts.format, stage);
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
        if !w.det && self.opts.sit_out_on_timeout {
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
        let pool = u64::from(n) * self.opts.buy_in;
        // T5: the prize table is fixed now that registration is closed.
        self.prizes = PrizeTable::fix(&self.opts.payouts, pool, n).unwrap_or_default();
        self.clock = Clock::start(self.opts.structure.clone(), at).ok();
        self.phase = Phase::Running;
        self.remaining = n;
        for &p in &self.entrants {
            self.stacks.insert(p, self.opts.starting_stack);
            self.status.insert(p, Status::default());
        }
        let players = self.entrants.clone();
        self.seat_round(&players, rng, ev);
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
        let size = self.opts.table_size;
        let mut byes = Vec::new();
        let seating = match self.opts.format {
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
        self.seating = seating.renumbered(self.table_ids_used);
        self.table_ids_used += self.seating.table_count() as u32;
        if self.opts.format.is_rounds() {
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
        if self.opts.format.is_rounds() {
            self.pending.extend(busted);
            self.away_rule(table, &rh, ev);
        } else if rh.synchronized {
            // T9: in hand-for-hand, knock-outs in one synchronized hand are
            // simultaneous across tables: ranked together when all tables finish.
            self.pending.extend(busted);
        } else if !busted.is_empty() {
            self.place(&busted, ev);
        }
        if !self.opts.format.is_rounds() {
            let changes = self.seating.rebalance(self.opts.break_policy, rng);
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
        if self.opts.away_hands_limit == 0 {
            return;
        }
        let all_away = rh
            .dealt
            .iter()
            .all(|(p, _)| self.status.get(p).is_none_or(Status::away));
        let n = self.away_hands.entry(table).or_insert(0);
        *n = if all_away { *n + 1 } else { 0 };
        if *n < self.opts.away_hands_limit {
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
        let f = rank_knockouts(busted, self.remaining, &self.prizes);
        self.remaining -= busted.len() as u32;
        for x in f {
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
        if self.opts.format.is_rounds() {
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
                self.stacks.insert(*p, self.opts.starting_stack);
            }
            self.away_hands.clear();
            self.seat_round(&survivors, rng, ev);
            self.start_hands(rng, ev);
            return;
        }
        if all_idle && !self.pending.is_empty() {
            let batch = std::mem::take(&mut self.pending);
            self.place(&batch, ev);
        }
        if self.pending.is_empty() {
            let alive = self.seating.players() as u32;
            if alive <= 1 || self.prizes.all_remaining_win_the_same(alive) {
                let mut left: Vec<PlayerId> = self.stacks.keys().copied().collect();
                left.sort_unstable();
                self.end(&left, ev);
                return;
            }
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

    fn end(&mut self, left: &[PlayerId], ev: &mut Vec<Event>) {
        // T8: one player has every chip, or all left would win the same prize.
        let standings = split_prizes(left, 1, &self.prizes);
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
        if self.opts.format.is_rounds() {
            return;
        }
        let alive = self.seating.players() as u32;
        let paid = self.prizes.paid_places();
        let h = &self.opts.hand_for_hand;
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
        self.settle(rng, ev);
    }
}
