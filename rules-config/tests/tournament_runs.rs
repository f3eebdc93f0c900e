//! A whole `[tournament]` section run by `holdem_tourney::Tournament::with_config`:
//! the DET ladders (T13) and the chip race (T21) of each preset change what the
//! tournament does (rule R1).

use holdem_rules_config::Rules;
use holdem_tourney::Chips;
use holdem_tourney::money::MoneyError;
use holdem_tourney::{
    Command, PlayerId, TableId, Tournament, TournamentConfig, TourneyError, TourneyEvent,
    TourneyInput,
};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

/// 2024-01-01 00:00 UTC, on the hour.
const T0: u64 = 1_704_067_200_000;
const MINUTE: u64 = 60_000;

fn config(rules: &Rules) -> TournamentConfig {
    rules.tournament.clone().expect("a tournament")
}

fn preset(name: &str) -> TournamentConfig {
    config(&Rules::preset(name).unwrap_or_else(|e| panic!("{name}: {e}")))
}

/// A hand in play: table, hand number, dealt stacks.
type HandInPlay = (TableId, u64, Vec<(PlayerId, Chips)>);

/// A tournament of `players` players (one table) started at `T0`.
struct Run {
    t: Tournament,
    rng: ChaCha20Rng,
    now: u64,
    hand: Option<HandInPlay>,
}

impl Run {
    fn start(config: TournamentConfig, players: u32) -> Run {
        let mut run = Run {
            t: Tournament::with_config(config).expect("valid config"),
            rng: ChaCha20Rng::seed_from_u64(9),
            now: T0,
            hand: None,
        };
        for p in 1..=players {
            run.ok(Command::Register {
                player: PlayerId(p),
            });
        }
        run.ok(Command::Start);
        assert!(run.hand.is_some(), "the first hand is dealt");
        run
    }

    fn apply(&mut self, command: Command) -> Result<Vec<TourneyEvent>, TourneyError> {
        let input = TourneyInput {
            at: self.now,
            command,
        };
        let events = self.t.apply(&input, &mut self.rng)?;
        for e in &events {
            if let TourneyEvent::HandStarted {
                table,
                hand,
                stacks,
                ..
            } = e
            {
                self.hand = Some((*table, *hand, stacks.clone()));
            }
        }
        Ok(events)
    }

    fn ok(&mut self, command: Command) -> Vec<TourneyEvent> {
        self.apply(command).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Ends the hand in play with the first dealt player winning `chips` from
    /// the second.
    fn finish_moving(&mut self, chips: u64) -> Vec<TourneyEvent> {
        let (table, hand, mut stacks) = self.hand.take().expect("a hand in play");
        stacks[0].1 = (stacks[0].1 + Chips(chips)).expect("chips fit");
        stacks[1].1 = (stacks[1].1 - Chips(chips)).expect("the loser has them");
        self.ok(Command::HandFinished {
            table,
            hand,
            stacks,
        })
    }

    /// The disconnect extra time given to a disconnected player of the hand in
    /// play, in seconds.
    fn det_seconds(&mut self) -> u64 {
        let (table, _, stacks) = self.hand.clone().expect("a hand in play");
        let player = stacks[0].0;
        self.ok(Command::Disconnect { player });
        let events = self.ok(Command::AwaitAction {
            table,
            player,
            facing_bet: true,
            regular_ms: 15_000,
        });
        events
            .iter()
            .find_map(|e| match e {
                TourneyEvent::ActionClock { extra_ms, .. } => Some(extra_ms / 1_000),
                _ => None,
            })
            .expect("an action clock")
    }
}

#[test]
fn t13_online_mtt_gives_240_seconds_of_det_at_the_final_table_live_tournament_none() {
    // rule T13: 000 4 (DET at the final table: 240, then 120, then 60 seconds)
    // against a live event (no disconnect extra time). Six players: one table,
    // the final table.
    assert_eq!(Run::start(preset("online-mtt"), 6).det_seconds(), 240);
    assert_eq!(Run::start(preset("live-tournament"), 6).det_seconds(), 0);
    // The ladder is the file's: a house that gives 90 seconds first.
    let own =
        Rules::from_toml_str("extends = \"online-mtt\"\n[tournament.det]\nfinal-table = [90, 30]")
            .expect("valid");
    assert_eq!(Run::start(config(&own), 6).det_seconds(), 90);
}

#[test]
fn b17_online_mtt_sits_out_a_connected_player_who_times_out_live_tournament_does_not() {
    // rule B17: 000 4.1.4 (a timed-out player is sat out, then dealt in and
    // folded) against a live event (no action clock sits anyone out). Thirty
    // players: several tables, so no DET.
    for (name, sits_out) in [("online-mtt", true), ("live-tournament", false)] {
        let mut run = Run::start(preset(name), 30);
        let (table, _, stacks) = run.hand.clone().expect("a hand in play");
        let player = stacks[0].0;
        run.ok(Command::AwaitAction {
            table,
            player,
            facing_bet: true,
            regular_ms: 15_000,
        });
        run.now += 15_000;
        let events = run.ok(Command::Tick);
        assert!(
            events
                .iter()
                .any(|e| matches!(e, TourneyEvent::ForcedAction { player: p, .. } if *p == player)),
            "{name}: the time-out folds (B16)"
        );
        assert_eq!(
            events.contains(&TourneyEvent::SatOut { player }),
            sits_out,
            "{name}"
        );
    }
}

/// Live-tournament rules whose structure retires the 25 chip after the first
/// level, with the given `chip-race`.
fn retiring_the_25(chip_race: &str) -> TournamentConfig {
    let rules = Rules::from_toml_str(&format!(
        r#"
        extends = "live-tournament"
        [tournament]
        chip-race = "{chip_race}"
        [tournament.event.structure]
        levels = [
            {{ small-blind = 25, big-blind = 50, ante = 0, minutes = 20 }},
            {{ small-blind = 50, big-blind = 100, ante = 0, minutes = 20 }},
            {{ small-blind = 100, big-blind = 200, ante = 0, minutes = 20 }},
        ]
        [tournament.entry.late-registration]
        window = {{ through-level = 1 }}
        "#
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    config(&rules)
}

/// Plays one hand that leaves two stacks with an odd 25, then, after `minutes`,
/// one hand that moves nothing: the chip races reported.
fn chip_races(config: TournamentConfig, minutes: u64) -> Vec<TourneyEvent> {
    let mut run = Run::start(config, 6);
    let mut events = run.finish_moving(25);
    run.now = T0 + minutes * MINUTE;
    events.extend(run.ok(Command::Tick));
    if run.hand.is_some() {
        events.extend(run.finish_moving(0));
    }
    events
        .into_iter()
        .filter(|e| matches!(e, TourneyEvent::ChipRaced { .. }))
        .collect()
}

#[test]
fn t21_live_tournament_races_off_the_25_chip_a_file_with_chip_race_off_does_not() {
    // rule T21: 002 "Chipping up" (round up: whole sets change, a remainder
    // becomes one chip of the next size) against online events (no chips).
    let raced = chip_races(retiring_the_25("round-up"), 21);
    assert_eq!(raced.len(), 1, "{raced:?}");
    let TourneyEvent::ChipRaced {
        retired,
        next,
        total_added,
        ..
    } = &raced[0]
    else {
        unreachable!("filtered")
    };
    assert_eq!((*retired, *next), (Chips(25), Chips(50)));
    // Two stacks held an odd 25 (5,025 and 4,975): each rounds up to a 50.
    assert_eq!(*total_added, Chips(50));
    assert_eq!(chip_races(retiring_the_25("off"), 21), Vec::new());
    // The preset's own levels: the 25 goes as 200-400 starts (level 6, after
    // 100 minutes), not before.
    assert_eq!(chip_races(preset("live-tournament"), 99), Vec::new());
    let raced = chip_races(preset("live-tournament"), 101);
    assert!(
        matches!(
            raced.as_slice(),
            [TourneyEvent::ChipRaced {
                retired: Chips(25),
                next: Chips(50),
                total_added: Chips(50),
                ..
            }]
        ),
        "{raced:?}"
    );
}

/// A heads-up match under online-mtt rules with the given away-hands limit,
/// both players away from the first hand: whether the match is ended by the
/// away rule within three hands, and who advances.
fn away_limit_ends_match(limit: u32) -> Option<PlayerId> {
    let rules = Rules::from_toml_str(&format!(
        "extends = \"online-mtt\"\nunset = [\"tournament.entry.late-registration.window\"]\n[tournament.event]\nformat = \"heads-up\"\ntable-size = 2\naway-hands-limit = {limit}"
    ))
    .unwrap_or_else(|e| panic!("{e}"));
    let mut run = Run::start(config(&rules), 2);
    let (_, _, stacks) = run.hand.clone().expect("a hand in play");
    run.ok(Command::Disconnect {
        player: stacks[0].0,
    });
    run.ok(Command::SitOut {
        player: stacks[1].0,
    });
    let mut events = Vec::new();
    for chips in [500, 0, 0] {
        run.now += 1_000;
        if run.hand.is_none() {
            break;
        }
        events.extend(run.finish_moving(chips));
    }
    events.iter().find_map(|e| match e {
        TourneyEvent::AwayLimitReached { advances, .. } => Some(*advances),
        _ => None,
    })
}

#[test]
fn t14_a_heads_up_file_ends_a_match_after_three_away_hands_the_bigger_stack_advances() {
    // rule T14 (000 4.1.5: shootout and heads-up events end a match when every
    // player has been away for the set number of hands). No preset is a
    // heads-up event (their limit is 0); a file that makes one sets the limit.
    let advanced = away_limit_ends_match(3).expect("the away rule ends the match");
    // The first hand moved 500 to the first player dealt; bigger stack advances.
    assert_eq!(Some(advanced), away_limit_ends_match(3));
    assert_eq!(away_limit_ends_match(250), None);
}

/// A player registering `minutes` after the start of a six-player event under
/// `config`: the stack and docked chips they enter with, or the refusal.
fn late_entry(config: TournamentConfig, minutes: u64) -> Result<(Chips, Chips), TourneyError> {
    let mut run = Run::start(config, 6);
    run.finish_moving(0);
    run.now = T0 + minutes * MINUTE;
    let events = run.apply(Command::Register {
        player: PlayerId(100),
    })?;
    Ok(events
        .iter()
        .find_map(|e| match e {
            TourneyEvent::Entered { stack, docked, .. } => Some((*stack, *docked)),
            _ => None,
        })
        .expect("an entry"))
}

#[test]
fn t2_the_tournament_docks_a_live_late_entrant_and_closes_after_level_2_online_does_not() {
    // rule T2 on `Tournament::with_config`: 002's house rule (through the second
    // blind increase, ten big blinds docked) against 000 1.9 (90 clock minutes).
    // 30 minutes in: live level 2 of 20 minutes (big blind 100), online level 4
    // of 10 minutes.
    assert_eq!(
        late_entry(preset("live-tournament"), 30),
        Ok((Chips(4_000), Chips(1_000)))
    );
    assert_eq!(
        late_entry(preset("online-mtt"), 30),
        Ok((Chips(10_000), Chips(0)))
    );
    // 61 minutes in: live level 3, closed; online still open.
    let closed = late_entry(preset("live-tournament"), 61);
    assert!(
        matches!(
            closed,
            Err(TourneyError::Entry {
                source: MoneyError::LateRegistrationOverByLevel {
                    last_level: 2,
                    level_index: 3
                },
                ..
            })
        ),
        "{closed:?}"
    );
    assert_eq!(
        late_entry(preset("online-mtt"), 61),
        Ok((Chips(10_000), Chips(0)))
    );
}

/// Plays a `players`-entrant event of `config` to the end with the simulator's
/// quick bots (`Simulation::with_config` runs `Tournament::with_config`) and
/// counts, over every hand, the players moved to a new table (T11) who sat on
/// its button or in its small blind for their first hand there: (dealt in at
/// once, made to wait).
fn moved_players_on_button_or_small_blind(config: TournamentConfig, players: u32) -> (u32, u32) {
    use holdem_tourney::sim::{HandModel, NoJournal, SimOptions, Simulation};
    use std::collections::BTreeMap;
    let opts = SimOptions {
        model: HandModel::Quick,
        ..SimOptions::default()
    };
    let mut sim = Simulation::with_config(config, opts, players, 20, &mut NoJournal).expect("sim");
    // Players moved and not yet dealt in or made to wait at their new table.
    let mut moved: BTreeMap<PlayerId, TableId> = BTreeMap::new();
    let (mut dealt, mut waited) = (0, 0);
    while !sim.is_done() {
        for e in sim.step(&mut NoJournal).expect("step") {
            match e {
                TourneyEvent::PlayerMoved { player, to, .. } => {
                    moved.insert(player, to.table);
                }
                TourneyEvent::HandStarted { table, lineup, .. } => {
                    let here: Vec<PlayerId> = moved
                        .iter()
                        .filter(|&(_, &t)| t == table)
                        .map(|(&p, _)| p)
                        .collect();
                    for p in here {
                        let seat_of = |list: &[(u8, PlayerId)]| {
                            list.iter().find(|&&(_, x)| x == p).map(|&(s, _)| s)
                        };
                        let sb = lineup.small_blind.unwrap_or(u8::MAX);
                        if let Some(s) = seat_of(&lineup.waiting) {
                            assert_ne!(s, lineup.big_blind, "B20: the big blind posts and plays");
                            waited += 1;
                        } else if let Some(s) = seat_of(&lineup.dealt) {
                            let blind_or_button =
                                (s == lineup.button || s == sb) && s != lineup.big_blind;
                            if blind_or_button && !lineup.button_drawn {
                                dealt += 1;
                            }
                            moved.remove(&p);
                        }
                    }
                }
                _ => {}
            }
        }
    }
    (dealt, waited)
}

#[test]
fn b20_tournament_of_online_mtt_deals_moved_players_in_at_once_live_tournament_makes_them_wait() {
    // 000 2.6: a moved player is dealt in wherever they sit, even on the button
    // or in the small blind; nobody ever waits.
    let (dealt, waited) = moved_players_on_button_or_small_blind(preset("online-mtt"), 300);
    assert_eq!(waited, 0, "online-mtt: nobody waits");
    assert!(
        dealt > 0,
        "online-mtt: some moved player was dealt in on the button or in the small blind"
    );
    // 002: seated in the small blind or on the button, they wait for the button
    // to pass; never dealt in there.
    let (dealt, waited) = moved_players_on_button_or_small_blind(preset("live-tournament"), 300);
    assert!(waited > 0, "live-tournament: some moved player waited");
    assert_eq!(
        dealt, 0,
        "live-tournament: nobody dealt in on the button or in the small blind"
    );
}
