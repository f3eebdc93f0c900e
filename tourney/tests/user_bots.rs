//! Tournaments played by the user's own bots (`Simulation::with_bots`) and hands
//! played from a `HandStarted` lineup with `LineupHand` (rules T8, T16, B17).

use holdem_tourney::Chips;
use std::cell::Cell;
use std::rc::Rc;

use holdem_tourney::betting::{Action, Bot, CallingStation, Dealer, Deck, Driver, Turn};
use holdem_tourney::bots::PlayError;
use holdem_tourney::sim::{NoJournal, SimError, SimOptions, Simulation};
use holdem_tourney::{
    Command, LineupHand, Phase, PlayerId, Tournament, TournamentConfig, TournamentOptions,
    TourneyEvent, TourneyInput,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Shoves when short, calls otherwise, and counts its decisions.
struct Counting {
    decisions: Rc<Cell<u64>>,
}

impl Bot for Counting {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        self.decisions.set(self.decisions.get() + 1);
        let legal = turn.legal();
        if legal.all_in_to.is_some() && turn.stack().get() < 20 * turn.pot().get() {
            Action::AllIn
        } else {
            Action::CheckOrCall
        }
    }
}

#[test]
fn t8_user_bots_play_a_tournament_to_one_winner_with_chips_conserved() {
    let decisions = Rc::new(Cell::new(0));
    let made = Rc::new(Cell::new(0u32));
    let (d, m) = (decisions.clone(), made.clone());
    let options = TournamentOptions::online_mtt();
    let stack = options.starting_stack;
    let mut sim = Simulation::with_bots(
        TournamentConfig::from(options),
        SimOptions::default(),
        30,
        5,
        &mut NoJournal,
        Box::new(move |_| {
            m.set(m.get() + 1);
            Box::new(Counting {
                decisions: d.clone(),
            })
        }),
    )
    .expect("options");
    while !sim.is_done() {
        sim.step(&mut NoJournal).expect("step");
        let t = sim.tournament();
        if t.phase() == Phase::Running {
            assert_eq!(
                t.chips_in_play(),
                Chips(30 * stack.get()),
                "chips not conserved"
            );
        }
    }
    let t = sim.tournament();
    assert_eq!(t.phase(), Phase::Finished);
    assert_eq!(t.finishes().len(), 30);
    assert!(made.get() <= 30 && made.get() > 1, "one bot per player");
    assert!(decisions.get() > 100, "the user's bots decided");
}

#[test]
fn a_user_bots_refused_action_stops_the_simulation_with_a_typed_error() {
    /// Raises to one chip: never legal.
    struct Broken;
    impl Bot for Broken {
        fn decide(&mut self, _turn: &Turn<'_>) -> Action {
            Action::RaiseTo(holdem_tourney::betting::Chips(1))
        }
    }
    let mut sim = Simulation::with_bots(
        TournamentConfig::from(TournamentOptions::sit_and_go(6)),
        SimOptions::default(),
        6,
        1,
        &mut NoJournal,
        Box::new(|_| Box::new(Broken)),
    )
    .expect("options");
    let err = loop {
        match sim.step(&mut NoJournal) {
            Ok(_) => assert!(!sim.is_done(), "a broken bot cannot finish"),
            Err(e) => break e,
        }
    };
    assert!(matches!(err, SimError::Play(PlayError::Hand(_))), "{err}");
}

#[test]
fn t20_a_user_bots_journal_is_not_resumed_with_the_built_in_bots() {
    let mut bytes = holdem_tourney::journal::JournalWriter::new(
        Vec::new(),
        holdem_tourney::journal::FsyncPolicy::Never,
    );
    let mut sim = Simulation::with_bots(
        TournamentConfig::from(TournamentOptions::sit_and_go(2)),
        SimOptions::default(),
        2,
        1,
        &mut bytes,
        Box::new(|_| Box::new(CallingStation)),
    )
    .expect("options");
    sim.step(&mut bytes).expect("register");
    let bytes = bytes.into_inner();
    let err = Simulation::resume(&bytes, &mut NoJournal).expect_err("user bots");
    assert!(matches!(err, SimError::NotASimulation(_)), "{err}");
}

#[test]
fn b17_a_lineup_hand_plays_the_started_hand_and_reports_its_stacks() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut t = Tournament::new(TournamentOptions::sit_and_go(3)).expect("options");
    let mut events = Vec::new();
    for p in 1..=3 {
        events = t
            .apply(
                &TourneyInput {
                    at: 0,
                    command: Command::Register {
                        player: PlayerId(p),
                    },
                },
                &mut rng,
            )
            .expect("register");
    }
    // The last seat filled: the sit-and-go deals (T22).
    let started = events
        .iter()
        .find(|e| matches!(e, TourneyEvent::HandStarted { .. }))
        .expect("a hand started");
    let table_hand = LineupHand::from_event(started)
        .expect("a started hand")
        .expect("a playable lineup");
    let before: Result<Chips, _> = table_hand
        .seats()
        .iter()
        .map(|&(p, s)| {
            assert_eq!(table_hand.seat_of(p), Some(s));
            assert_eq!(table_hand.player_at(s), Some(p));
            table_hand.hand().starting_stack(s)
        })
        .sum();
    let mut driver = Driver::new(table_hand.hand().clone(), Dealer::new(Deck::seeded(3)));
    driver.play(&mut [CallingStation; 10]).expect("played");
    let finals = table_hand.final_stacks(driver.hand()).expect("settled");
    assert_eq!(finals.iter().map(|f| f.1).sum::<Result<Chips, _>>(), before);
    let command = table_hand.finished(driver.hand()).expect("settled");
    t.apply(
        &TourneyInput {
            at: 60_000,
            command,
        },
        &mut rng,
    )
    .expect("the tournament takes the result");

    // B17: the same lineup with a player away: they sit out in the betting hand.
    let TourneyEvent::HandStarted {
        level,
        lineup,
        stacks,
        ..
    } = started
    else {
        unreachable!("found above");
    };
    let away = LineupHand::new(level, lineup, stacks, &[PlayerId(2)]).expect("playable");
    assert!(away.is_away(PlayerId(2)));
    assert!(!away.is_away(PlayerId(1)));
}
