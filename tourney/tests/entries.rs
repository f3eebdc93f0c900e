//! Entries after the start and chips bought outside a hand, as tournament
//! commands: late registration (T2), unregistration and re-entry (T3), rebuys and
//! add-ons (T4), the prize pool fixed when they close (T5), the chip race (T21)
//! and the DET ladders from the options (T13).

#![allow(clippy::unwrap_used)] // test helpers: a failed unwrap is a failed test

use std::collections::BTreeMap;

use holdem_tourney::Chips;
use holdem_tourney::clock::{AddOnBreak, BreakSchedule, Level};
use holdem_tourney::money::{
    AddOnOptions, AddOnWindow, LateRegistration, MoneyError, Price, RebuyOptions, Window,
};
use holdem_tourney::payouts::PayoutRule;
use holdem_tourney::sim::{NoJournal, SimOptions, Simulation};
use holdem_tourney::{
    ChipRace, Command, Phase, PlayerId, TableId, Tournament, TournamentConfig, TournamentOptions,
    TourneyError, TourneyEvent, TourneyInput,
};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const MINUTE: u64 = 60_000;
const START: u64 = 9 * 60 * MINUTE;

fn p(n: u32) -> PlayerId {
    PlayerId(n)
}

/// Drives a tournament and keeps track of the hands in progress.
struct Driver {
    t: Tournament,
    rng: ChaCha8Rng,
    now: u64,
    hands: BTreeMap<TableId, (u64, Vec<(PlayerId, Chips)>)>,
}

impl Driver {
    fn new(cfg: TournamentConfig) -> Driver {
        Driver {
            t: Tournament::with_config(cfg).unwrap(),
            rng: ChaCha8Rng::seed_from_u64(3),
            now: START - 10 * MINUTE,
            hands: BTreeMap::new(),
        }
    }

    fn try_at(&mut self, at: u64, command: Command) -> Result<Vec<TourneyEvent>, TourneyError> {
        let ev = self.t.apply(&TourneyInput { at, command }, &mut self.rng)?;
        self.now = at;
        for e in &ev {
            match e {
                TourneyEvent::HandStarted {
                    table,
                    hand,
                    stacks,
                    ..
                } => {
                    self.hands.insert(*table, (*hand, stacks.clone()));
                }
                TourneyEvent::HandFinished { table, .. } => {
                    self.hands.remove(table);
                }
                _ => {}
            }
        }
        Ok(ev)
    }

    fn try_(&mut self, command: Command) -> Result<Vec<TourneyEvent>, TourneyError> {
        self.try_at(self.now, command)
    }

    fn ok(&mut self, command: Command) -> Vec<TourneyEvent> {
        self.try_(command).unwrap()
    }

    fn tick(&mut self, at: u64) -> Vec<TourneyEvent> {
        self.try_at(at, Command::Tick).unwrap()
    }

    fn register(&mut self, n: u32) {
        for i in 1..=n {
            self.ok(Command::Register { player: p(i) });
        }
    }

    fn start(&mut self) -> Vec<TourneyEvent> {
        self.try_at(START, Command::Start).unwrap()
    }

    /// Finishes the hand at `table` with `f(start stacks)` as the result.
    fn finish(
        &mut self,
        table: TableId,
        f: impl Fn(&[(PlayerId, Chips)]) -> Vec<(PlayerId, Chips)>,
    ) -> Vec<TourneyEvent> {
        let (hand, stacks) = self.hands.get(&table).cloned().unwrap();
        let result = f(&stacks);
        self.ok(Command::HandFinished {
            table,
            hand,
            stacks: result,
        })
    }

    /// The table where `player` plays a hand now.
    fn table_of(&self, player: PlayerId) -> TableId {
        *self
            .hands
            .iter()
            .find(|(_, (_, s))| s.iter().any(|x| x.0 == player))
            .unwrap()
            .0
    }

    /// `loser` loses every chip to another player in their hand.
    fn bust(&mut self, loser: PlayerId) -> Vec<TourneyEvent> {
        let table = self.table_of(loser);
        self.finish(table, |s| {
            let chips = s.iter().find(|x| x.0 == loser).unwrap().1;
            let winner = s.iter().find(|x| x.0 != loser).unwrap().0;
            s.iter()
                .map(|&(q, c)| {
                    if q == loser {
                        (q, Chips(0))
                    } else if q == winner {
                        (q, (c + chips).unwrap())
                    } else {
                        (q, c)
                    }
                })
                .collect()
        })
    }

    /// Finishes every hand in progress with nothing changing hands.
    fn finish_all_unchanged(&mut self) -> Vec<TourneyEvent> {
        let tables: Vec<TableId> = self.hands.keys().copied().collect();
        let mut all = Vec::new();
        for t in tables {
            all.extend(self.finish(t, <[_]>::to_vec));
        }
        all
    }

    fn stack(&self, player: PlayerId) -> Chips {
        self.t.stacks()[&player]
    }

    fn chips_ok(&self) {
        assert_eq!(self.t.chips_in_play(), self.t.chips_issued());
    }
}

fn price() -> Price {
    Price {
        prize_pool: 1_000,
        fee: 100,
        bounty: 0,
    }
}

/// An online-style event, tables of `size`, three places paid, no breaks.
fn small(size: u8) -> TournamentConfig {
    let mut e = TournamentOptions::online_mtt();
    e.table_size = size;
    e.payouts = PayoutRule::Shares {
        basis_points: vec![5_000, 3_000, 2_000],
    };
    e.hand_for_hand.on_bubble = false;
    e.structure.breaks = BreakSchedule::None;
    TournamentConfig::from(e)
}

/// Seed 002's live structure: 25-50, 50-100, 100-200... of 20 minutes, 5,000 chips.
fn seed_002() -> TournamentConfig {
    let mut e = TournamentOptions::live_mtt();
    e.structure.levels = [25, 50, 100, 200, 300]
        .iter()
        .map(|&sb| Level {
            small_blind: Chips(sb),
            big_blind: Chips(2 * sb),
            ante: Chips(0),
            minutes: 20,
        })
        .collect();
    e.structure.breaks = BreakSchedule::None;
    e.starting_stack = Chips(5_000);
    let mut c = TournamentConfig::from(e);
    c.entry.late_registration = LateRegistration::live_house_rule();
    c
}

fn entered(ev: &[TourneyEvent]) -> Option<(u32, Chips, Chips, TableId)> {
    ev.iter().find_map(|e| match e {
        TourneyEvent::Entered {
            entry,
            stack,
            docked,
            at,
            ..
        } => Some((*entry, *stack, *docked, at.table)),
        _ => None,
    })
}

// rule T2, seed 002: "Players can join a tournament up until the end of the second
// blind increase. A late player entering a tournament will be docked 10 times the
// amount of the big blind currently in play." Late entrants sit at the table with
// the fewest players.
#[test]
fn t2_late_entry_through_the_second_increase_docked_ten_big_blinds_seed_002() {
    let mut d = Driver::new(seed_002());
    d.register(25);
    d.start();
    assert_eq!(d.t.seating().table_count(), 3);
    assert!(d.t.entries_open());
    let fewest = |d: &Driver| d.t.seating().tables().map(|t| t.count()).min().unwrap();
    let smallest = fewest(&d);
    // Level 0, blinds 25-50: docked 500.
    let ev = d.try_at(START + MINUTE, Command::Register { player: p(100) });
    let (entry, stack, docked, table) = entered(&ev.unwrap()).unwrap();
    assert_eq!((entry, stack, docked), (1, Chips(4_500), Chips(500)));
    assert_eq!(d.t.seating().table(table).unwrap().count(), smallest + 1);
    // Level 1, blinds 50-100: docked 1,000.
    d.tick(START + 20 * MINUTE + 1);
    assert_eq!(d.t.level_index(), Some(1));
    let smallest = fewest(&d);
    let ev = d.ok(Command::Register { player: p(101) });
    let (_, stack, docked, table) = entered(&ev).unwrap();
    assert_eq!((stack, docked), (Chips(4_000), Chips(1_000)));
    assert_eq!(d.t.seating().table(table).unwrap().count(), smallest + 1);
    // Level 2 (after the second increase), blinds 100-200: docked 2,000.
    d.tick(START + 40 * MINUTE + 1);
    let ev = d.ok(Command::Register { player: p(102) });
    assert_eq!(entered(&ev).unwrap().1, Chips(3_000));
    let sizes: Vec<u8> = d.t.seating().tables().map(|t| t.count()).collect();
    assert!(sizes.iter().max().unwrap() - sizes.iter().min().unwrap() <= 1);
    d.chips_ok();
    assert_eq!(
        d.t.chips_issued(),
        Chips(25 * 5_000 + 4_500 + 4_000 + 3_000)
    );
    // The third increase closes it: refused, nothing changed.
    let before = (d.t.entrants().len(), *d.t.ledger(), d.t.now());
    assert_eq!(
        d.try_at(
            START + 60 * MINUTE + 1,
            Command::Register { player: p(103) }
        ),
        Err(TourneyError::Entry {
            player: p(103),
            source: MoneyError::LateRegistrationOverByLevel {
                last_level: 2,
                level_index: 3
            }
        })
    );
    assert_eq!((d.t.entrants().len(), *d.t.ledger(), d.t.now()), before);
    // T5: the pool and prizes are fixed once the window is over.
    let ev = d.tick(START + 60 * MINUTE + 1);
    assert!(ev.contains(&TourneyEvent::PrizesFixed {
        entries: 28,
        players: 28,
        prize_pool: 28 * 1_000,
        paid_places: d.t.prizes().paid_places(),
    }));
    assert!(!d.t.entries_open());
    assert_eq!(d.t.prizes().total(), 28 * 1_000);
    assert_eq!(
        d.try_(Command::Register { player: p(104) }),
        Err(TourneyError::RegistrationClosed)
    );
}

// rule T2, seed 000 1.9: "late registration will close early if enough players
// are eliminated to begin payouts"; players out before then are placed when the
// prizes are fixed, the first out last (T5, T9).
#[test]
fn t2_late_registration_closes_early_once_payouts_begin_seed_000_1_9() {
    let mut c = small(3);
    c.entry.late_registration.window = Some(Window::ClockMinutes(600));
    let mut d = Driver::new(c);
    d.register(6);
    d.start();
    // Both tables are full and busy: the late entrant opens a third table and
    // is moved to balance when a table finishes its hand.
    let ev = d
        .try_at(START + MINUTE, Command::Register { player: p(7) })
        .unwrap();
    assert!(entered(&ev).is_some());
    let mut order = Vec::new();
    let mut fixed_at = None;
    for loser in [p(1), p(2), p(3), p(4)] {
        if d.t.seating().seat_of(loser).is_none() || !d.t.entries_open() {
            continue;
        }
        while !d.hands.values().any(|h| h.1.iter().any(|x| x.0 == loser)) {
            d.finish_all_unchanged();
        }
        let ev = d.bust(loser);
        order.push(loser);
        if let Some(i) = ev
            .iter()
            .position(|e| matches!(e, TourneyEvent::PrizesFixed { .. }))
        {
            fixed_at = Some(order.len());
            // The prizes are fixed before anyone is placed.
            assert!(
                ev[..i]
                    .iter()
                    .all(|e| !matches!(e, TourneyEvent::Eliminated(_)))
            );
            let places: Vec<(PlayerId, u32)> = ev
                .iter()
                .filter_map(|e| match e {
                    TourneyEvent::Eliminated(f) => Some((f.player, f.place)),
                    _ => None,
                })
                .collect();
            assert_eq!(places, [(p(1), 7), (p(2), 6), (p(3), 5), (p(4), 4)]);
        } else {
            assert!(ev.contains(&TourneyEvent::Busted { player: loser }));
        }
    }
    assert_eq!(fixed_at, Some(4), "closes when 3 are left: 3 places paid");
    assert_eq!(d.t.ledger().prize_pool, 7_000);
    assert_eq!(d.t.prizes().total(), 7_000);
    assert_eq!(
        d.try_(Command::Register { player: p(8) }),
        Err(TourneyError::RegistrationClosed)
    );
    d.chips_ok();
}

// rule T3: re-entry only where allowed, only after busting, within max-entries;
// only the last entry is placed.
#[test]
fn t3_re_entry_only_after_busting_and_within_max_entries() {
    let mut c = small(3);
    c.entry.late_registration.window = Some(Window::ClockMinutes(600));
    c.entry.re_entry = true;
    c.entry.max_entries = Some(2);
    let mut d = Driver::new(c);
    d.register(6);
    d.start();
    assert_eq!(
        d.try_(Command::ReEnter { player: p(1) }),
        Err(TourneyError::Entry {
            player: p(1),
            source: MoneyError::StillPlaying(p(1))
        })
    );
    assert_eq!(
        d.try_(Command::ReEnter { player: p(99) }),
        Err(TourneyError::NotRegistered(p(99)))
    );
    d.bust(p(1));
    let ev = d.ok(Command::ReEnter { player: p(1) });
    assert_eq!(entered(&ev).unwrap().0, 2);
    assert_eq!(d.t.ledger().re_entries, 1);
    assert_eq!(d.t.ledger().prize_pool, 7_000);
    assert_eq!(d.t.purchases_of(p(1)), (2, 0, 0));
    while !d.hands.values().any(|h| h.1.iter().any(|x| x.0 == p(1))) {
        d.finish_all_unchanged();
    }
    d.bust(p(1));
    let before = *d.t.ledger();
    assert_eq!(
        d.try_(Command::ReEnter { player: p(1) }),
        Err(TourneyError::Entry {
            player: p(1),
            source: MoneyError::MaxEntriesReached {
                player: p(1),
                max: 2
            }
        })
    );
    assert_eq!(*d.t.ledger(), before);
    // Play on until the prizes are fixed: player 1 is placed once.
    while d.t.entries_open() {
        let loser = *d.hands.values().next().unwrap().1.iter().min().unwrap();
        d.bust(loser.0);
    }
    let ones = d.t.finishes().iter().filter(|f| f.player == p(1)).count();
    assert_eq!(ones, 1);
    assert_eq!(d.t.prizes().total(), 7_000);
    d.chips_ok();
}

// rule T3, seed 000 1.10: unregistration until the configured time with a full
// refund; not once the player has been dealt a hand.
#[test]
fn t3_unregistration_refunds_in_full_until_the_configured_time() {
    let mut c = small(3);
    c.entry.late_registration.window = Some(Window::ClockMinutes(60));
    c.entry.unregistration.closes_minutes_after_start = Some(30);
    let mut d = Driver::new(c);
    d.register(3);
    let ev = d.ok(Command::Unregister { player: p(3) });
    assert!(ev.contains(&TourneyEvent::Refunded {
        player: p(3),
        refund: price()
    }));
    assert_eq!(d.t.ledger().prize_pool, 2_000);
    assert_eq!(d.t.ledger().refunded, 1_100);
    for i in 3..=6 {
        d.ok(Command::Register { player: p(i) });
    }
    d.start();
    // A late entrant who has not been dealt a hand yet may still leave.
    d.try_at(START + MINUTE, Command::Register { player: p(7) })
        .unwrap();
    assert_eq!(d.t.chips_issued(), Chips(7 * 10_000));
    let ev = d
        .try_at(START + 2 * MINUTE, Command::Unregister { player: p(7) })
        .unwrap();
    assert!(ev.contains(&TourneyEvent::Refunded {
        player: p(7),
        refund: price()
    }));
    assert_eq!(d.t.chips_issued(), Chips(6 * 10_000));
    assert_eq!(d.t.seating().players(), 6);
    assert_eq!(d.t.ledger().prize_pool, 6_000);
    d.chips_ok();
    assert_eq!(
        d.try_(Command::Unregister { player: p(1) }),
        Err(TourneyError::AlreadyPlayed(p(1)))
    );
    d.try_at(START + 31 * MINUTE, Command::Register { player: p(8) })
        .unwrap();
    let Err(TourneyError::Entry { source, .. }) = d.try_(Command::Unregister { player: p(8) })
    else {
        panic!("unregistration after 30 minutes must be refused");
    };
    assert_eq!(
        source,
        MoneyError::UnregistrationClosed {
            closed_at_ms: START + 30 * MINUTE
        }
    );
}

// rule T3: a negative `closes-minutes-after-start` closes unregistration
// before the start, enforced once the scheduled start is announced; without
// one the window cannot have closed before `Start`.
#[test]
fn t3_negative_unregistration_window_closes_before_the_scheduled_start() {
    let mut c = small(3);
    c.entry.unregistration.closes_minutes_after_start = Some(-30);
    let mut d = Driver::new(c);
    d.now = START - 60 * MINUTE;
    d.register(4);
    // No start time known: unregistering is allowed.
    d.ok(Command::Unregister { player: p(4) });
    assert_eq!(
        d.try_(Command::ScheduleStart {
            start_at: START - 61 * MINUTE
        }),
        Err(TourneyError::TimeWentBackwards {
            at: START - 61 * MINUTE,
            now: START - 60 * MINUTE
        }),
        "a start in the past is refused"
    );
    let ev = d.ok(Command::ScheduleStart { start_at: START });
    assert_eq!(ev, vec![TourneyEvent::StartScheduled { start_at: START }]);
    assert_eq!(d.t.scheduled_start(), Some(START));
    // 31 minutes before the start: still open, a full refund.
    let ev = d
        .try_at(START - 31 * MINUTE, Command::Unregister { player: p(3) })
        .unwrap();
    assert!(ev.contains(&TourneyEvent::Refunded {
        player: p(3),
        refund: price()
    }));
    // 30 minutes before: closed, and nothing changed.
    let ledger = *d.t.ledger();
    let Err(TourneyError::Entry { source, .. }) =
        d.try_at(START - 30 * MINUTE, Command::Unregister { player: p(2) })
    else {
        panic!("unregistration 30 minutes before the start must be refused");
    };
    assert_eq!(
        source,
        MoneyError::UnregistrationClosed {
            closed_at_ms: START - 30 * MINUTE
        }
    );
    assert_eq!(*d.t.ledger(), ledger);
    assert_eq!(d.t.entrants().len(), 2);
    // Once started, the schedule cannot be announced any more.
    d.start();
    assert_eq!(
        d.try_(Command::ScheduleStart {
            start_at: START + MINUTE
        }),
        Err(TourneyError::AlreadyStarted)
    );
}

// rule T20 with T3: the announced start is journaled like every command; the
// recovered tournament enforces the same unregistration window.
#[test]
fn t3_t20_scheduled_start_is_journaled_and_recovered() {
    use holdem_tourney::journal::{Entry, FsyncPolicy, JournalWriter};
    let mut c = small(3);
    c.entry.unregistration.closes_minutes_after_start = Some(-30);
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    w.append(&Entry::CreateWith {
        config: Box::new(c.clone()),
        label: "t3".into(),
    })
    .unwrap();
    let mut t = Tournament::with_config(c).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let at = START - 60 * MINUTE;
    for command in [
        Command::Register { player: p(1) },
        Command::Register { player: p(2) },
        Command::ScheduleStart { start_at: START },
    ] {
        let (_, rec) = t
            .apply_recorded(&TourneyInput { at, command }, &mut rng)
            .unwrap();
        w.append(&Entry::Command(rec)).unwrap();
    }
    let bytes = w.into_inner();
    let mut back = Tournament::recover(&bytes, &mut rng).unwrap().tournament;
    assert_eq!(back.scheduled_start(), Some(START));
    let late = TourneyInput {
        at: START - 20 * MINUTE,
        command: Command::Unregister { player: p(1) },
    };
    assert!(matches!(
        back.apply(&late, &mut rng),
        Err(TourneyError::Entry {
            source: MoneyError::UnregistrationClosed { .. },
            ..
        })
    ));
}

fn rebuy_config(max_rebuys: Option<u32>) -> TournamentConfig {
    let mut c = small(3);
    c.entry.rebuy = Some(RebuyOptions {
        period: Window::ThroughLevel(1),
        chip_threshold: Chips(10_000),
        chips: Chips(10_000),
        price: price(),
        max_rebuys,
    });
    c
}

// rule T4: rebuys only in the rebuy period, at or below the threshold, within the
// limit, with the funds; bought during a hand they land when it ends (a player
// who lost every chip in it stays in).
#[test]
fn t4_rebuy_at_or_below_the_threshold_in_the_period_lands_after_the_hand() {
    let mut d = Driver::new(rebuy_config(Some(1)));
    d.register(6);
    d.start();
    let ev = d.ok(Command::Rebuy {
        player: p(1),
        available_funds: 1_100,
    });
    assert!(ev.contains(&TourneyEvent::ChipsBought {
        player: p(1),
        rebuy: true,
        chips: Chips(10_000),
        price: price(),
        deferred: true
    }));
    assert_eq!(
        d.try_(Command::Rebuy {
            player: p(1),
            available_funds: 1_100
        }),
        Err(TourneyError::PurchasePending(p(1)))
    );
    let table = d.table_of(p(1));
    let winner = d.hands[&table].1.iter().find(|x| x.0 != p(1)).unwrap().0;
    let ev = d.bust(p(1));
    assert!(ev.contains(&TourneyEvent::ChipsAdded {
        player: p(1),
        chips: Chips(10_000)
    }));
    assert!(!ev.contains(&TourneyEvent::Busted { player: p(1) }));
    assert_eq!(d.stack(p(1)), Chips(10_000));
    assert_eq!(d.stack(winner), Chips(20_000));
    d.chips_ok();
    let snapshot = (*d.t.ledger(), d.t.chips_issued());
    let refused = |d: &mut Driver, player, funds| {
        d.try_(Command::Rebuy {
            player,
            available_funds: funds,
        })
        .unwrap_err()
    };
    assert_eq!(
        refused(&mut d, winner, 1_100),
        TourneyError::Entry {
            player: winner,
            source: MoneyError::RebuyAboveThreshold {
                stack: Chips(20_000),
                threshold: Chips(10_000)
            }
        }
    );
    let other = (2..=6).map(p).find(|&q| q != winner).unwrap();
    assert_eq!(
        refused(&mut d, other, 1_099),
        TourneyError::Entry {
            player: other,
            source: MoneyError::InsufficientFunds {
                needed: 1_100,
                available: 1_099
            }
        }
    );
    assert_eq!(
        refused(&mut d, p(1), 1_100),
        TourneyError::Entry {
            player: p(1),
            source: MoneyError::MaxRebuysReached {
                player: p(1),
                max: 1
            }
        }
    );
    assert_eq!(
        refused(&mut d, p(99), 1_100),
        TourneyError::NotRegistered(p(99))
    );
    assert_eq!((*d.t.ledger(), d.t.chips_issued()), snapshot);
    // Level 2: the rebuy period is over, the pool is fixed with the rebuy in it.
    let ev = d.tick(START + 20 * MINUTE + 1);
    assert!(ev.iter().any(|e| matches!(
        e,
        TourneyEvent::PrizesFixed {
            entries: 6,
            prize_pool: 7_000,
            ..
        }
    )));
    assert_eq!(d.t.prizes().total(), 7_000);
    assert_eq!(
        refused(&mut d, other, 1_100),
        TourneyError::EntriesClosed(other)
    );
}

// rules T4, T7: add-ons only during the add-on break at the end of the rebuy
// period, within the limit.
#[test]
fn t7_t4_add_on_only_during_the_add_on_break() {
    let mut c = rebuy_config(None);
    if let Some(r) = c.entry.rebuy.as_mut() {
        r.period = Window::ThroughLevel(0);
    }
    c.event.structure.add_on_break = Some(AddOnBreak {
        after_level: 0,
        minutes: 3,
    });
    c.entry.add_on = Some(AddOnOptions {
        window: AddOnWindow::AddOnBreak,
        chips: Chips(15_000),
        price: price(),
        max_add_ons: 1,
        add_on_break_minutes: 3,
    });
    let mut d = Driver::new(c);
    d.register(6);
    d.start();
    let add_on = |d: &mut Driver, at| {
        d.try_at(
            at,
            Command::AddOn {
                player: p(1),
                available_funds: 5_000,
            },
        )
    };
    assert_eq!(
        add_on(&mut d, START + MINUTE),
        Err(TourneyError::Entry {
            player: p(1),
            source: MoneyError::AddOnNotAvailable
        })
    );
    let ev = d.tick(START + 10 * MINUTE + 1);
    assert!(ev.contains(&TourneyEvent::BreakDue));
    assert!(d.t.entries_open(), "the add-on break is still to come");
    let ev = d.finish_all_unchanged();
    assert!(
        ev.iter()
            .any(|e| matches!(e, TourneyEvent::BreakStarted { .. }))
    );
    let ev = add_on(&mut d, START + 11 * MINUTE).unwrap();
    assert!(ev.contains(&TourneyEvent::ChipsBought {
        player: p(1),
        rebuy: false,
        chips: Chips(15_000),
        price: price(),
        deferred: false
    }));
    assert_eq!(d.stack(p(1)), Chips(25_000));
    assert_eq!(
        add_on(&mut d, START + 12 * MINUTE),
        Err(TourneyError::Entry {
            player: p(1),
            source: MoneyError::MaxAddOnsReached {
                player: p(1),
                max: 1
            }
        })
    );
    let ev = d.tick(START + 20 * MINUTE);
    assert!(ev.contains(&TourneyEvent::BreakEnded));
    assert!(ev.iter().any(|e| matches!(
        e,
        TourneyEvent::PrizesFixed {
            prize_pool: 7_000,
            ..
        }
    )));
    d.chips_ok();
}

// rule T21, seed 002: when the 25 is retired, odd chips round up to the next
// chip (three 25s become two 50s: 1,075 → 1,100), with the total reported.
#[test]
fn t21_chip_race_when_the_level_retires_the_25_seed_002() {
    for race in [ChipRace::RoundUp, ChipRace::Off] {
        let mut c = small(9);
        c.event.starting_stack = Chips(1_000);
        c.entry.starting_stack = Chips(1_000);
        c.event.structure.levels = [25, 50, 100]
            .iter()
            .map(|&sb| Level {
                small_blind: Chips(sb),
                big_blind: Chips(2 * sb),
                ante: Chips(0),
                minutes: 10,
            })
            .collect();
        c.chip_race = race;
        let mut d = Driver::new(c);
        d.register(3);
        d.start();
        let table = *d.hands.keys().next().unwrap();
        d.finish(table, |s| {
            s.iter()
                .map(|&(q, c)| match q.0 {
                    1 => (q, (c + Chips(75)).unwrap()),
                    2 => (q, (c - Chips(75)).unwrap()),
                    _ => (q, c),
                })
                .collect()
        });
        d.tick(START + 10 * MINUTE + 1);
        assert_eq!(d.t.level_index(), Some(1));
        let ev = d.finish(table, <[_]>::to_vec);
        let raced = ev.iter().find_map(|e| match e {
            TourneyEvent::ChipRaced {
                retired,
                next,
                added,
                total_added,
            } => Some((*retired, *next, added.clone(), *total_added)),
            _ => None,
        });
        if race == ChipRace::Off {
            assert_eq!(raced, None);
            assert_eq!(d.stack(p(1)), Chips(1_075));
            continue;
        }
        assert_eq!(
            raced,
            Some((
                Chips(25),
                Chips(50),
                vec![(p(1), Chips(25)), (p(2), Chips(25))],
                Chips(50)
            ))
        );
        assert_eq!(
            [d.stack(p(1)), d.stack(p(2)), d.stack(p(3))],
            [Chips(1_100), Chips(950), Chips(1_000)]
        );
        assert_eq!(d.t.chips_issued(), Chips(3_050));
        d.chips_ok();
    }
}

// rule T13: the DET ladders come from the options.
#[test]
fn t13_det_ladder_from_the_options() {
    let mut c = small(9);
    c.det.final_table = vec![30, 10];
    let mut d = Driver::new(c);
    d.register(3);
    d.start();
    let table = *d.hands.keys().next().unwrap();
    d.ok(Command::Disconnect { player: p(1) });
    let ev = d.ok(Command::AwaitAction {
        table,
        player: p(1),
        facing_bet: true,
        regular_ms: 15_000,
    });
    assert!(ev.iter().any(|e| matches!(
        e,
        TourneyEvent::ActionClock {
            extra_ms: 30_000,
            ..
        }
    )));
}

/// Plays a rebuy event with bots to the end, checking chips at every step.
fn play_rebuy_event(
    entrants: u32,
    late: u32,
    seed: u64,
    opts: SimOptions,
) -> (Simulation, Vec<TourneyEvent>) {
    let mut event = TournamentOptions::online_mtt();
    event.table_size = 6;
    let mut cfg = TournamentConfig::online_rebuy(event);
    cfg.entry.re_entry = true;
    if let Some(k) = opts.bounty {
        cfg = cfg.with_knockout_bounty(k);
    }
    let opts = SimOptions {
        late_entrants: late,
        ..opts
    };
    let mut sim = Simulation::with_config(cfg, opts, entrants, seed, &mut NoJournal).unwrap();
    let mut all = Vec::new();
    let mut steps = 0u64;
    while !sim.is_done() {
        let ev = sim.step(&mut NoJournal).unwrap();
        all.extend(ev);
        steps += 1;
        assert!(steps < 2_000_000, "does not finish");
        let t = sim.tournament();
        if t.phase() == Phase::Running {
            assert_eq!(t.chips_in_play(), t.chips_issued(), "chips not conserved");
        }
    }
    (sim, all)
}

fn check_money(sim: &Simulation) {
    let t = sim.tournament();
    assert_eq!(t.phase(), Phase::Finished);
    let l = *t.ledger();
    let sold = l.entries + l.re_entries + l.rebuys + l.add_ons;
    assert_eq!(l.prize_pool, u64::from(sold) * t.options().buy_in);
    assert_eq!(
        t.prizes().total(),
        l.prize_pool,
        "the pool is the prize table"
    );
    let paid: u64 = t.finishes().iter().map(|f| f.prize).sum();
    assert_eq!(paid, l.prize_pool, "every cent of the pool paid (T5)");
    let mut placed: Vec<PlayerId> = t.finishes().iter().map(|f| f.player).collect();
    placed.sort_unstable();
    placed.dedup();
    assert_eq!(placed.len(), t.entrants().len(), "every player placed once");
    assert_eq!(t.finishes().len(), t.entrants().len());
}

// rules T2-T5: a rebuy event with late entries, re-entries, rebuys and add-ons
// played by bots conserves every chip and pays the whole pool.
#[test]
fn t4_rebuy_event_with_late_entries_pays_every_cent_of_the_pool() {
    let (sim, events) = play_rebuy_event(120, 20, 5, SimOptions::default());
    check_money(&sim);
    let l = *sim.tournament().ledger();
    assert!(l.rebuys > 0 && l.add_ons > 0 && l.re_entries > 0, "{l:?}");
    assert!(l.entries > 100, "late entrants came in: {l:?}");
    let fixed = events
        .iter()
        .filter(|e| matches!(e, TourneyEvent::PrizesFixed { .. }))
        .count();
    assert_eq!(fixed, 1);
}

// rule T16 with T4: a progressive-knockout event with rebuys and late entries
// pays every bounty cent and is the same for the same seed.
#[test]
fn t16_pko_with_rebuys_and_late_entries_is_deterministic_and_pays_every_bounty() {
    let run = || play_rebuy_event(90, 15, 11, SimOptions::pko(500));
    let (a, _) = run();
    let (b, _) = run();
    check_money(&a);
    assert_eq!(a.bounties_won(), b.bounties_won());
    assert_eq!(a.tournament().finishes(), b.tournament().finishes());
    check_bounties(&a, 500);
    let l = *a.tournament().ledger();
    assert!(l.rebuys > 0 && l.add_ons > 0 && l.re_entries > 0, "{l:?}");
}

/// T16 with T3/T4: every entry and re-entry put `entry_bounty` on a head, every
/// rebuy and add-on added its bounty part (`entry_bounty`) to the buyer's head,
/// and by the end every cent of it was paid in cash.
fn check_bounties(sim: &Simulation, entry_bounty: u64) {
    let l = *sim.tournament().ledger();
    let heads = u64::from(l.entries + l.re_entries);
    let parts = u64::from(l.rebuys + l.add_ons);
    assert_eq!(l.bounties, (heads + parts) * entry_bounty, "{l:?}");
    assert_eq!(sim.bounty_parts_added(), parts * entry_bounty);
    let won: u64 = sim.bounties_won().values().sum();
    assert_eq!(won, l.bounties, "every bounty cent taken is paid");
}

// rule T16 with T4: a simulator bounty that is not the entry price's bounty
// part is refused.
#[test]
fn t16_simulator_bounty_must_be_the_entry_price_bounty_part() {
    let cfg = TournamentConfig::online_rebuy(TournamentOptions::online_mtt());
    let err = Simulation::with_config(cfg, SimOptions::pko(500), 20, 1, &mut NoJournal);
    assert!(matches!(
        err,
        Err(holdem_tourney::sim::SimError::BountyMismatch {
            sim: 500,
            config: 0
        })
    ));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    // rule T16 with T3 and T4: random progressive-knockout rebuy events put a
    // new bounty on every re-entry, add every rebuy's and add-on's bounty part to
    // the buyer's head, and pay every bounty cent taken.
    #[test]
    fn t16_random_pko_rebuy_events_pay_every_bounty_cent(
        entrants in 2u32..40,
        seed in any::<u64>(),
        entry_bounty in 1u64..2_000,
    ) {
        let (sim, _) = play_rebuy_event(entrants, entrants / 5, seed, SimOptions::pko(entry_bounty));
        check_money(&sim);
        check_bounties(&sim, entry_bounty);
    }

    // rules T2-T5: random rebuy events conserve every chip at every step and pay
    // every cent of the pool exactly.
    #[test]
    fn random_rebuy_events_conserve_chips_and_pay_every_cent(
        entrants in 2u32..90,
        late_share in 0u32..50,
        seed in any::<u64>(),
    ) {
        let late = entrants * late_share / 100;
        let (sim, _) = play_rebuy_event(entrants, late, seed, SimOptions::default());
        check_money(&sim);
    }
}

// rule T20 with T2-T4: late entries, re-entries, rebuys and add-ons are journaled
// like every command; a recovery at any point rebuilds the same money and chips,
// and a deferred rebuy of a rolled-back hand lands at once.
#[test]
fn t20_rebuy_event_journal_recovers_the_ledger_and_every_chip() {
    use holdem_tourney::journal::{FsyncPolicy, JournalWriter};
    let mut event = TournamentOptions::online_mtt();
    event.table_size = 6;
    let mut cfg = TournamentConfig::online_rebuy(event);
    cfg.entry.re_entry = true;
    let opts = SimOptions {
        late_entrants: 10,
        ..SimOptions::default()
    };
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    let mut sim = Simulation::with_config(cfg, opts, 60, 4, &mut w).unwrap();
    let mut checked = 0;
    let mut step = 0u64;
    while !sim.is_done() {
        sim.step(&mut w).unwrap();
        step += 1;
        if !step.is_multiple_of(97) {
            continue;
        }
        let bytes = w.get_ref().clone();
        let rec = Tournament::recover(&bytes, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
        let (a, b) = (sim.tournament(), &rec.tournament);
        assert_eq!(rec.dropped_bytes, 0);
        assert_eq!(a.ledger(), b.ledger());
        assert_eq!(a.entrants(), b.entrants());
        assert_eq!(a.finishes(), b.finishes());
        assert_eq!(a.entries_open(), b.entries_open());
        if b.phase() == Phase::Running {
            assert_eq!(b.chips_in_play(), b.chips_issued());
            // Chips bought during a rolled-back hand were added at once (the
            // live tournament adds them when the hand ends).
            assert!(b.chips_issued() >= a.chips_issued());
        }
        checked += 1;
    }
    assert!(checked > 5);
    assert!(sim.tournament().ledger().rebuys > 0);
}

// rule T20 with T2-T4: a rebuy event's simulation resumes from its journal and
// plays to the end, paying every cent of the pool.
#[test]
fn t20_rebuy_event_simulation_resumes_from_its_journal() {
    use holdem_tourney::journal::{FsyncPolicy, JournalWriter};
    let mut event = TournamentOptions::online_mtt();
    event.table_size = 6;
    let mut cfg = TournamentConfig::online_rebuy(event);
    cfg.entry.re_entry = true;
    let opts = SimOptions {
        late_entrants: 8,
        ..SimOptions::default()
    };
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    let mut sim = Simulation::with_config(cfg, opts, 50, 9, &mut w).unwrap();
    for _ in 0..400 {
        sim.step(&mut w).unwrap();
    }
    assert!(sim.tournament().entries_open());
    let bytes = w.into_inner();
    let mut w = JournalWriter::new(bytes.clone(), FsyncPolicy::Never);
    let (mut resumed, rec) = Simulation::resume(&bytes, &mut w).unwrap();
    assert_eq!(rec.dropped_bytes, 0);
    assert_eq!(resumed.tournament().ledger(), sim.tournament().ledger());
    resumed
        .run(&mut w, &mut |t| {
            if t.phase() == Phase::Running {
                assert_eq!(t.chips_in_play(), t.chips_issued());
            }
        })
        .unwrap();
    check_money(&resumed);
}

// rule T20 with T16, T3 and T4: a progressive-knockout rebuy event's
// simulation resumes from its journal at any point (a torn tail included) with
// its bounty ledger rebuilt, and pays every bounty cent by the end.
#[test]
fn t16_t20_pko_rebuy_simulation_resumes_from_its_journal_with_its_bounties() {
    use holdem_tourney::journal::{FsyncPolicy, JournalWriter};
    let mut event = TournamentOptions::online_mtt();
    event.table_size = 6;
    let mut cfg = TournamentConfig::online_rebuy(event);
    cfg.entry.re_entry = true;
    let pko = SimOptions::pko(500);
    let cfg = cfg.with_knockout_bounty(pko.bounty.unwrap());
    let opts = SimOptions {
        late_entrants: 8,
        ..pko
    };
    for (cut, torn) in [(150usize, 0usize), (700, 3), (1_500, 0)] {
        let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
        let mut sim = Simulation::with_config(cfg.clone(), opts, 50, 9, &mut w).unwrap();
        for _ in 0..cut {
            if sim.is_done() {
                break;
            }
            sim.step(&mut w).unwrap();
        }
        let mut bytes = w.into_inner();
        bytes.truncate(bytes.len() - torn);
        let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
        let (mut resumed, rec) = Simulation::resume(&bytes, &mut w).unwrap();
        assert_eq!(rec.dropped_bytes > 0, torn > 0);
        if torn == 0 {
            assert_eq!(resumed.bounties_won(), sim.bounties_won(), "cut at {cut}");
            assert_eq!(resumed.bounty_parts_added(), sim.bounty_parts_added());
        }
        resumed.run(&mut w, &mut |_| {}).unwrap();
        check_money(&resumed);
        check_bounties(&resumed, 500);
    }
}

// rule T17 with T2-T4: a rebuy event cancelled midway refunds, by rollback, every
// entry, re-entry, rebuy and add-on the tournament took, to the cent.
#[test]
fn t17_cancelled_rebuy_event_rolls_back_every_purchase() {
    let mut event = TournamentOptions::online_mtt();
    event.table_size = 6;
    let mut cfg = TournamentConfig::online_rebuy(event);
    cfg.entry.re_entry = true;
    let opts = SimOptions {
        late_entrants: 8,
        ..SimOptions::default()
    };
    let mut sim = Simulation::with_config(cfg, opts, 50, 9, &mut NoJournal).unwrap();
    for _ in 0..600 {
        sim.step(&mut NoJournal).unwrap();
    }
    let t = sim.tournament();
    let l = *t.ledger();
    assert!(l.rebuys > 0);
    let refunds = holdem_tourney::money::rollback(&t.entrant_purchases()).unwrap();
    let cash: u64 = refunds.iter().map(|r| r.refund.cash).sum();
    assert_eq!(cash, l.prize_pool + l.fees + l.bounties);
    let sold = u64::from(l.entries + l.re_entries + l.rebuys + l.add_ons);
    assert_eq!(cash, sold * 1_100);
}

// rule T20 with T4 and T16: a progressive-knockout rebuy event cut at any frame
// boundary where no hand is in progress (registration, breaks with add-ons
// queued) resumes with nothing rolled back and ends exactly as the same event
// uncut: the bots' pending entries, rebuys and add-ons are restored. Cut at
// every other boundary it resumes and pays every chip and cent.
#[test]
fn t20_pko_rebuy_event_cut_between_hands_ends_as_uncut() {
    use holdem_tourney::journal::{FsyncPolicy, JournalWriter};
    let mut event = TournamentOptions::online_mtt();
    event.table_size = 6;
    let mut cfg = TournamentConfig::online_rebuy(event);
    cfg.entry.re_entry = true;
    let pko = SimOptions::pko(500);
    let cfg = cfg.with_knockout_bounty(pko.bounty.unwrap());
    let opts = SimOptions {
        late_entrants: 3,
        ..pko
    };
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    let mut sim = Simulation::with_config(cfg, opts, 14, 3, &mut w).unwrap();
    // Every frame boundary, and those where no hand is in progress.
    let mut every = Vec::new();
    let mut quiet = Vec::new();
    while !sim.is_done() {
        sim.step(&mut w).unwrap();
        every.push(w.get_ref().len());
        if sim.tournament().running_hands().next().is_none() {
            quiet.push(w.get_ref().len());
        }
    }
    every.dedup();
    quiet.dedup();
    let bytes = w.into_inner();
    let uncut = sim.tournament();
    assert!(uncut.ledger().add_ons > 0 && uncut.ledger().rebuys > 0);
    let mut checked = 0;
    for &cut in &quiet {
        let mut w = JournalWriter::new(bytes[..cut].to_vec(), FsyncPolicy::Never);
        let (mut resumed, rec) = Simulation::resume(&bytes[..cut], &mut w).unwrap();
        assert!(
            rec.rolled_back.is_empty() && rec.record.is_none(),
            "cut at {cut}"
        );
        resumed.run(&mut w, &mut |_| {}).unwrap();
        let t = resumed.tournament();
        assert_eq!(t.ledger(), uncut.ledger(), "cut at byte {cut}");
        assert_eq!(
            t.prizes().total(),
            uncut.prizes().total(),
            "cut at byte {cut}"
        );
        assert_eq!(t.finishes(), uncut.finishes(), "cut at byte {cut}");
        assert_eq!(
            resumed.bounties_won(),
            sim.bounties_won(),
            "cut at byte {cut}"
        );
        assert_eq!(w.into_inner(), bytes, "cut at byte {cut}: the same journal");
        checked += 1;
    }
    assert!(checked > 3, "{checked} quiet boundaries");
    // Cut anywhere else, the hands in progress are rolled back and dealt
    // again (another game from there), and every chip and cent is still paid.
    for &cut in every.iter().filter(|c| !quiet.contains(c)) {
        let mut w = JournalWriter::new(bytes[..cut].to_vec(), FsyncPolicy::Never);
        let (mut resumed, _) = Simulation::resume(&bytes[..cut], &mut w).unwrap();
        resumed.run(&mut w, &mut |_| {}).unwrap();
        check_money(&resumed);
        check_bounties(&resumed, 500);
    }
}

// rule T20 with T4: a caller's command while the bots have purchases queued is
// refused (a resumed replay could not tell the two apart), and nothing is
// journaled.
#[test]
fn t20_simulation_apply_waits_for_the_bots_queued_purchases() {
    use holdem_tourney::journal::{FsyncPolicy, JournalWriter};
    use holdem_tourney::sim::SimError;
    let mut event = TournamentOptions::online_mtt();
    event.table_size = 6;
    let mut cfg = TournamentConfig::online_rebuy(event);
    cfg.entry.re_entry = true;
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    let mut sim = Simulation::with_config(cfg, SimOptions::default(), 30, 2, &mut w).unwrap();
    while sim.pending_decisions() == 0 {
        sim.step(&mut w).unwrap();
    }
    let before = w.get_ref().len();
    let p = *sim.tournament().stacks().keys().next().unwrap();
    let err = sim
        .apply(Command::SitOut { player: p }, &mut w)
        .unwrap_err();
    assert!(
        matches!(err, SimError::DecisionsPending(n) if n > 0),
        "{err}"
    );
    assert_eq!(w.get_ref().len(), before);
}
