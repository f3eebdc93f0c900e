//! Disconnects, DET, sitting out, time-outs and rejected commands (rules B16,
//! B17, T6, T13, T14).

#![allow(clippy::unwrap_used)] // test helpers: a failed unwrap is a failed test

use holdem_tourney::Chips;
use holdem_tourney::{
    Command, ForcedAction, PlayerId, TableId, Tournament, TournamentOptions, TourneyError,
    TourneyEvent, TourneyInput,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const T0: u64 = 1_704_067_200_000;

/// A hand in progress: table, hand number, dealt stacks.
type HandInPlay = (TableId, u64, Vec<(PlayerId, Chips)>);

struct Harness {
    t: Tournament,
    rng: ChaCha8Rng,
    now: u64,
    hands: Vec<HandInPlay>,
}

impl Harness {
    fn new(options: TournamentOptions, n: u32) -> Harness {
        let mut h = Harness {
            t: Tournament::new(options).unwrap(),
            rng: ChaCha8Rng::seed_from_u64(5),
            now: T0,
            hands: Vec::new(),
        };
        for p in 1..=n {
            h.ok(Command::Register {
                player: PlayerId(p),
            });
        }
        if h.t.phase() == holdem_tourney::Phase::Registering {
            h.ok(Command::Start);
        }
        h
    }
    fn apply(&mut self, c: Command) -> Result<Vec<TourneyEvent>, TourneyError> {
        let ev = self.t.apply(
            &TourneyInput {
                at: self.now,
                command: c,
            },
            &mut self.rng,
        )?;
        for e in &ev {
            if let TourneyEvent::HandStarted {
                table,
                hand,
                stacks,
                ..
            } = e
            {
                self.hands.retain(|h| h.0 != *table);
                self.hands.push((*table, *hand, stacks.clone()));
            }
        }
        Ok(ev)
    }
    fn ok(&mut self, c: Command) -> Vec<TourneyEvent> {
        self.apply(c).unwrap()
    }
    fn at(&mut self, ms: u64) -> &mut Harness {
        self.now += ms;
        self
    }
    /// Finishes the hand at the first table with nobody winning or losing.
    fn finish_even(&mut self) -> Vec<TourneyEvent> {
        let (table, hand, stacks) = self.hands.remove(0);
        self.ok(Command::HandFinished {
            table,
            hand,
            stacks,
        })
    }
}

fn clock_of(ev: &[TourneyEvent]) -> (u64, u64) {
    ev.iter()
        .find_map(|e| match e {
            TourneyEvent::ActionClock {
                deadline, extra_ms, ..
            } => Some((*deadline, *extra_ms)),
            _ => None,
        })
        .unwrap()
}

#[test]
fn t13_final_table_det_240_120_60_then_none_and_reconnect_resets() {
    // Six players: one table, so the final table of a multi-table event.
    let mut h = Harness::new(TournamentOptions::online_mtt(), 6);
    let (table, _, stacks) = h.hands[0].clone();
    let p = stacks[0].0;
    h.ok(Command::Disconnect { player: p });
    let mut extras = Vec::new();
    for _ in 0..4 {
        let ev = h.ok(Command::AwaitAction {
            table,
            player: p,
            facing_bet: true,
            regular_ms: 15_000,
        });
        let (deadline, extra) = clock_of(&ev);
        extras.push(extra);
        assert_eq!(h.t.next_deadline(), Some(deadline));
        h.now = deadline;
        let ev = h.ok(Command::Tick);
        // B16: facing a bet, the time-out folds; T13: the player stays sitting in.
        assert!(ev.contains(&TourneyEvent::ForcedAction {
            table,
            player: p,
            action: ForcedAction::Fold
        }));
        assert!(!ev.iter().any(|e| matches!(e, TourneyEvent::SatOut { .. })));
    }
    assert_eq!(extras, [240_000, 120_000, 60_000, 0]);
    h.ok(Command::Reconnect { player: p });
    h.ok(Command::Disconnect { player: p });
    let ev = h.ok(Command::AwaitAction {
        table,
        player: p,
        facing_bet: false,
        regular_ms: 15_000,
    });
    assert_eq!(clock_of(&ev).1, 240_000, "reconnecting resets the bank");
    h.now = clock_of(&ev).0;
    let ev = h.ok(Command::Tick);
    assert!(
        ev.contains(&TourneyEvent::ForcedAction {
            table,
            player: p,
            action: ForcedAction::Check
        }),
        "B16: check when not facing a bet"
    );
}

#[test]
fn clock_stops_while_waiting_on_a_disconnected_player_seed_000_4() {
    let mut h = Harness::new(TournamentOptions::online_mtt(), 6);
    let (table, _, stacks) = h.hands[0].clone();
    let p = stacks[1].0;
    let level_end = h.t.next_deadline().unwrap();
    h.at(60_000);
    h.ok(Command::Disconnect { player: p });
    h.ok(Command::AwaitAction {
        table,
        player: p,
        facing_bet: true,
        regular_ms: 10_000,
    });
    h.at(200_000);
    h.ok(Command::Acted { player: p });
    // T6: the 200 s spent waiting on the disconnected player do not count.
    assert_eq!(h.t.next_deadline(), Some(level_end + 200_000));
}

#[test]
fn b17_sitting_out_player_is_dealt_in_and_folded_facing_action() {
    let mut h = Harness::new(TournamentOptions::online_mtt(), 6);
    let (table, _, stacks) = h.hands[0].clone();
    let p = stacks[2].0;
    h.ok(Command::SitOut { player: p });
    let ev = h.ok(Command::AwaitAction {
        table,
        player: p,
        facing_bet: false,
        regular_ms: 10_000,
    });
    assert!(ev.contains(&TourneyEvent::ForcedAction {
        table,
        player: p,
        action: ForcedAction::Fold
    }));
    let ev = h.at(30_000).finish_even();
    let dealt_away = ev.iter().any(|e| match e {
        TourneyEvent::HandStarted { stacks, away, .. } => {
            stacks.iter().any(|s| s.0 == p) && away.contains(&p)
        }
        _ => false,
    });
    assert!(dealt_away, "still dealt in, marked away");
    h.ok(Command::SitIn { player: p });
    assert_eq!(
        h.apply(Command::SitIn { player: p }),
        Err(TourneyError::NoChange(p))
    );
}

#[test]
fn b16_connected_time_out_without_det_sits_the_player_out() {
    // 30 players: several tables, so no DET; a time-out folds and sits out.
    let mut h = Harness::new(TournamentOptions::online_mtt(), 30);
    let (table, _, stacks) = h.hands[0].clone();
    let p = stacks[0].0;
    let ev = h.ok(Command::AwaitAction {
        table,
        player: p,
        facing_bet: true,
        regular_ms: 15_000,
    });
    assert_eq!(clock_of(&ev).1, 0);
    h.at(15_000);
    let ev = h.ok(Command::Tick);
    assert!(ev.contains(&TourneyEvent::ForcedAction {
        table,
        player: p,
        action: ForcedAction::Fold
    }));
    assert!(ev.contains(&TourneyEvent::SatOut { player: p }));
}

#[test]
fn t14_away_players_end_a_heads_up_match_biggest_stack_advances() {
    let mut o = TournamentOptions::heads_up();
    o.away_hands_limit = 3;
    let mut h = Harness::new(o, 2);
    let (_, _, stacks) = h.hands[0].clone();
    let (a, b) = (stacks[0].0, stacks[1].0);
    h.ok(Command::Disconnect { player: a });
    h.ok(Command::SitOut { player: b });
    // First hand: b wins 500 from a.
    let (table, hand, _) = h.hands.remove(0);
    let total = h.t.chips_in_play();
    let s = |x: PlayerId| h.t.stacks()[&x];
    let res = vec![
        (a, (s(a) - Chips(500)).unwrap()),
        (b, (s(b) + Chips(500)).unwrap()),
    ];
    h.at(1000).ok(Command::HandFinished {
        table,
        hand,
        stacks: res,
    });
    h.at(1000).finish_even();
    let ev = h.at(1000).finish_even();
    assert!(
        ev.contains(&TourneyEvent::AwayLimitReached { table, advances: b }),
        "{ev:?}"
    );
    let Some(TourneyEvent::Ended { standings }) = ev.last() else {
        panic!("{ev:?}")
    };
    assert_eq!(standings[0].player, b);
    assert_eq!(h.t.chips_in_play(), total);
}

#[test]
fn rejected_commands_change_nothing() {
    let mut h = Harness::new(TournamentOptions::online_mtt(), 20);
    let (table, hand, stacks) = h.hands[0].clone();
    let before = format!("{:?}", h.t);
    let mut bad = stacks.clone();
    bad[0].1 = (bad[0].1 + Chips(1)).unwrap();
    let cases = vec![
        (
            Command::HandFinished {
                table,
                hand,
                stacks: bad,
            },
            "chips",
        ),
        (
            Command::HandFinished {
                table,
                hand: hand + 999,
                stacks: stacks.clone(),
            },
            "hand",
        ),
        (
            Command::HandFinished {
                table,
                hand,
                stacks: stacks[1..].to_vec(),
            },
            "missing",
        ),
        (
            Command::Register {
                player: PlayerId(99),
            },
            "closed",
        ),
        (Command::Start, "started"),
        (
            Command::Acted {
                player: stacks[0].0,
            },
            "not on clock",
        ),
        (
            Command::Reconnect {
                player: stacks[0].0,
            },
            "no change",
        ),
        (
            Command::SitOut {
                player: PlayerId(77),
            },
            "not playing",
        ),
    ];
    for (c, why) in cases {
        assert!(h.apply(c).is_err(), "{why}");
        assert_eq!(format!("{:?}", h.t), before, "{why}: state changed");
    }
    h.now -= 1;
    assert!(matches!(
        h.apply(Command::Tick),
        Err(TourneyError::TimeWentBackwards { .. })
    ));
    assert_eq!(format!("{:?}", h.t), before);
    h.now += 1;
    // Acting after the deadline is refused: the time-out stands (B16).
    let p = stacks[0].0;
    let ev = h.ok(Command::AwaitAction {
        table,
        player: p,
        facing_bet: true,
        regular_ms: 5_000,
    });
    h.now = clock_of(&ev).0;
    assert!(matches!(
        h.apply(Command::Acted { player: p }),
        Err(TourneyError::TooLate { .. })
    ));
}
