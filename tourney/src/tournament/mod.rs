//! The [`Tournament`] state machine: commands with timestamps in, events out.
//!
//! This file holds the state, its construction and the dispatch of a command
//! (validate, advance the clock, execute); each other file adds its part of the
//! `impl`: `queries` (read-only views), `validation` (every check before a change),
//! `time` (clock, levels, breaks), `connection` (DET), `hands` (start, rounds,
//! hands, placings, settlement), `entries` (T2-T5), `deals` (T15), `pricing` (a
//! deal's amounts, T15) and `ending` (chip race, end, hand-for-hand, roll-back).

use std::collections::BTreeMap;

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::bracket;
use crate::clock::{BreakState, Clock, ClockEvent, Level};
use crate::command::{
    Command, DealDropReason, DealPart, ForcedAction, RolledBackHand, TourneyError, TourneyEvent,
    TourneyInput,
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
mod pricing;
mod queries;
mod time;
mod validation;

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

    /// Applies one command. `rng` supplies seat draws, button draws and bracket
    /// byes. On error nothing changed.
    pub fn apply(
        &mut self,
        input: &TourneyInput,
        rng: &mut dyn RngCore,
    ) -> Result<Vec<TourneyEvent>, TourneyError> {
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
        input: &TourneyInput,
        rng: &mut dyn RngCore,
    ) -> Result<(Vec<TourneyEvent>, Record), TourneyError> {
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
    pub fn replay(&mut self, record: &Record) -> Result<Vec<TourneyEvent>, TourneyError> {
        self.replay_checked(record).map(|(events, _)| events)
    }

    /// [`Tournament::replay`], also telling whether the command drew more random
    /// words than the record holds (the record does not belong here: recovery
    /// refuses the journal, rule T20).
    pub(crate) fn replay_checked(
        &mut self,
        record: &Record,
    ) -> Result<(Vec<TourneyEvent>, bool), TourneyError> {
        let mut r = Replayer::new(&record.draws);
        let events = self.apply(&record.input, &mut r)?;
        Ok((events, r.overrun()))
    }

    fn execute(&mut self, input: &TourneyInput, rng: &mut dyn RngCore, ev: &mut Vec<TourneyEvent>) {
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
                ev.push(TourneyEvent::Registered {
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
                ev.push(TourneyEvent::Disconnected { player: *player });
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
                ev.push(TourneyEvent::Reconnected { player: *player });
            }
            Command::SitOut { player } => {
                if let Some(s) = self.status.get_mut(player) {
                    s.sitting_out = true;
                }
                ev.push(TourneyEvent::SatOut { player: *player });
            }
            Command::SitIn { player } => {
                if let Some(s) = self.status.get_mut(player) {
                    s.sitting_out = false;
                }
                ev.push(TourneyEvent::SatIn { player: *player });
            }
            Command::Tick => {}
            Command::ScheduleStart { start_at } => {
                self.scheduled_start = Some(*start_at);
                ev.push(TourneyEvent::StartScheduled {
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
                ev.push(TourneyEvent::Cancelled { stacks });
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
                    ev.push(TourneyEvent::DealRequested {
                        method: *method,
                        left_in_play: *left_in_play,
                    });
                }
            }
            Command::AcceptDeal { player } => self.accept_deal(*player, rng, ev),
            Command::RejectDeal { player } => {
                self.deal = None;
                ev.push(TourneyEvent::DealDropped {
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
    use crate::{Command, TourneyInput};
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn t2_no_purchase_past_max_purchases() {
        // rule T2 (entries): the event sells at most MAX_PURCHASES entries,
        // re-entries, rebuys and add-ons in all, so its sums fit in 64 bits. (Set
        // through the ledger: two million registrations would make a slow test.)
        let mut t = Tournament::new(TournamentOptions::online_mtt()).expect("preset");
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let register = |i: u32| TourneyInput {
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
