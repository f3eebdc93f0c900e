//! Whole tournaments played by the simulator's bots (rules T1, T5, T8, T9, T11, T18, T22).

#![allow(clippy::unwrap_used)] // test helpers: a failed unwrap is a failed test

use holdem_tourney::Chips;
use holdem_tourney::sim::{NoJournal, Simulation};
use holdem_tourney::{Phase, TournamentOptions, TourneyEvent};
use proptest::prelude::*;

/// Plays to the end, checking chips at every step; returns the events.
fn play(options: TournamentOptions, entrants: u32, seed: u64) -> (Simulation, Vec<TourneyEvent>) {
    let stack = options.starting_stack;
    let rounds = options.format.is_rounds();
    let mut sim = Simulation::new(options, entrants, seed, &mut NoJournal).unwrap();
    let mut all = Vec::new();
    let mut steps = 0u64;
    while !sim.is_done() {
        let ev = sim.step(&mut NoJournal).unwrap();
        all.extend(ev);
        steps += 1;
        assert!(steps < 5_000_000, "does not finish");
        let t = sim.tournament();
        if t.phase() == Phase::Running && !rounds {
            assert_eq!(
                t.chips_in_play(),
                Chips(u64::from(entrants) * stack.get()),
                "chips not conserved"
            );
        }
    }
    (sim, all)
}

fn check_result(sim: &Simulation, entrants: u32) {
    let t = sim.tournament();
    assert_eq!(t.phase(), Phase::Finished);
    assert_eq!(t.remaining(), 0);
    let f = t.finishes();
    assert_eq!(f.len() as u32, entrants, "everyone has a place");
    let mut players: Vec<_> = f.iter().map(|x| x.player).collect();
    players.sort_unstable();
    players.dedup();
    assert_eq!(players.len() as u32, entrants);
    let paid: u64 = f.iter().map(|x| x.prize).sum();
    assert_eq!(paid, t.prizes().total(), "every cent of the pool paid (T5)");
    assert_eq!(t.prizes().total(), u64::from(entrants) * t.options().buy_in);
    assert!(f.iter().any(|x| x.place == 1));
}

#[test]
fn t8_online_mtt_of_300_plays_to_one_winner() {
    let (sim, events) = play(TournamentOptions::online_mtt(), 300, 7);
    check_result(&sim, 300);
    let t = sim.tournament();
    assert!(t.stats().tables_broken > 0);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TourneyEvent::FinalTable { .. }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TourneyEvent::HandForHandStarted))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TourneyEvent::BreakStarted { .. }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e, TourneyEvent::LevelUp { .. }))
    );
    let Some(TourneyEvent::Ended { standings }) = events.last() else {
        panic!("no end")
    };
    assert_eq!(standings.len(), 1);
    assert_eq!(standings[0].place, 1);
}

#[test]
fn simulation_is_deterministic_for_a_seed() {
    let (a, _) = play(TournamentOptions::online_mtt(), 120, 3);
    let (b, _) = play(TournamentOptions::online_mtt(), 120, 3);
    assert_eq!(a.tournament().finishes(), b.tournament().finishes());
    let (c, _) = play(TournamentOptions::online_mtt(), 120, 4);
    assert_ne!(a.tournament().finishes(), c.tournament().finishes());
}

#[test]
fn t22_sit_and_go_starts_when_last_seat_fills() {
    let (sim, events) = play(TournamentOptions::sit_and_go(9), 9, 1);
    check_result(&sim, 9);
    let reg = events
        .iter()
        .position(|e| matches!(e, TourneyEvent::Registered { entrants: 9, .. }))
        .unwrap();
    let started = events
        .iter()
        .position(|e| matches!(e, TourneyEvent::Started { .. }))
        .unwrap();
    assert!(started > reg);
    assert!(
        events[reg + 1..started]
            .iter()
            .all(|e| matches!(e, TourneyEvent::Seated { .. }))
    );
}

#[test]
fn heads_up_bracket_of_12_has_byes_and_a_play_in_round_seed_000_11() {
    let (sim, events) = play(TournamentOptions::heads_up(), 12, 5);
    check_result(&sim, 12);
    let rounds: Vec<(u32, usize)> = events
        .iter()
        .filter_map(|e| match e {
            TourneyEvent::RoundStarted { round, byes } => Some((*round, byes.len())),
            _ => None,
        })
        .collect();
    // 12 → play-in (4 matches, 4 byes) → 8 → 4 → 2.
    assert_eq!(rounds, vec![(1, 4), (2, 0), (3, 0), (4, 0)]);
}

#[test]
fn shootout_plays_table_winners_into_next_round() {
    let (sim, events) = play(TournamentOptions::shootout(6), 36, 2);
    check_result(&sim, 36);
    assert!(
        events
            .iter()
            .filter(|e| matches!(e, TourneyEvent::RoundStarted { .. }))
            .count()
            >= 2
    );
}

#[test]
fn live_mtt_breaks_tables_at_four_seed_002() {
    let (sim, _) = play(TournamentOptions::live_mtt(), 80, 9);
    check_result(&sim, 80);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]
    /// Random tournaments (2-500 entrants) end with every player placed, every
    /// chip conserved at every step and every cent paid (T5, T8, T11).
    #[test]
    fn random_tournaments_finish_conserving_chips_and_cents(entrants in 2u32..500, seed in any::<u64>()) {
        let (sim, _) = play(TournamentOptions::online_mtt(), entrants, seed);
        check_result(&sim, entrants);
    }
}

/// T16: in a progressive knockout every bust pays its bounty to the winners of
/// the relevant pot; by the end every cent of the bounty pool has been paid in
/// cash (the winner collects their own head), and the final table's players
/// carry more than the entry bounty.
#[test]
fn t16_pko_simulation_pays_every_bounty_cent() {
    use holdem_tourney::sim::SimOptions;
    let entrants = 90;
    let mut sim = Simulation::with_options(
        TournamentOptions::online_mtt(),
        SimOptions::pko(500),
        entrants,
        13,
        &mut NoJournal,
    )
    .unwrap();
    sim.run(&mut NoJournal, &mut |_| {}).unwrap();
    check_result(&sim, entrants);
    let won = sim.bounties_won();
    let paid: u64 = won.values().sum();
    assert_eq!(
        paid,
        u64::from(entrants) * 500,
        "the whole bounty pool is paid"
    );
    let winner = sim
        .tournament()
        .finishes()
        .iter()
        .find(|f| f.place == 1)
        .unwrap()
        .player;
    // The winner collected at least their own head plus half of a knockout.
    assert!(won.get(&winner).copied().unwrap_or(0) > 500);
    assert!(won.len() > 1, "several players collected bounties");
}

/// The quick model is still there for speed, and also conserves chips.
#[test]
fn quick_model_still_plays_to_the_end() {
    use holdem_tourney::sim::{HandModel, SimOptions};
    let opts = SimOptions {
        model: HandModel::Quick,
        bounty: None,
        ..SimOptions::default()
    };
    let mut sim =
        Simulation::with_options(TournamentOptions::online_mtt(), opts, 60, 2, &mut NoJournal)
            .unwrap();
    sim.run(&mut NoJournal, &mut |_| {}).unwrap();
    check_result(&sim, 60);
}

// rule B18: a live event under the dead button (buttons on empty seats, dead
// small blinds) plays real hands to one winner, every chip conserved.
#[test]
fn b18_dead_button_live_mtt_of_150_plays_to_one_winner() {
    use holdem_tourney::{ButtonMovement, TournamentConfig};
    let mut cfg = TournamentConfig::from(TournamentOptions::live_mtt());
    cfg.button = ButtonMovement::DeadButton;
    let mut sim = Simulation::with_config(
        cfg,
        holdem_tourney::sim::SimOptions::default(),
        150,
        3,
        &mut NoJournal,
    )
    .unwrap();
    let mut dead_small_blinds = 0;
    let mut empty_buttons = 0;
    while !sim.is_done() {
        for e in sim.step(&mut NoJournal).unwrap() {
            if let TourneyEvent::HandStarted { lineup, .. } = e {
                dead_small_blinds += u32::from(lineup.small_blind.is_none());
                empty_buttons += u32::from(!lineup.dealt.iter().any(|d| d.0 == lineup.button));
            }
        }
        let t = sim.tournament();
        if t.phase() == Phase::Running {
            assert_eq!(
                t.chips_in_play(),
                Chips(150 * t.options().starting_stack.get())
            );
        }
    }
    check_result(&sim, 150);
    assert!(dead_small_blinds > 0 && empty_buttons > 0);
}

// The simulator's own check: an entrant count outside 2..=MAX_ENTRANTS is a
// typed error before anything is registered or journaled.
#[test]
fn simulation_refuses_entrants_out_of_range_before_registering() {
    use holdem_tourney::journal::{FsyncPolicy, JournalWriter};
    use holdem_tourney::sim::{MAX_ENTRANTS, SimError};
    for n in [0, 1, MAX_ENTRANTS + 1, 10_000_000] {
        let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
        let err = Simulation::new(TournamentOptions::online_mtt(), n, 1, &mut w).unwrap_err();
        assert!(
            matches!(err, SimError::Entrants { entrants, min: 2, max } if entrants == n && max == MAX_ENTRANTS),
            "{err}"
        );
        assert!(w.into_inner().is_empty(), "nothing journaled for {n}");
    }
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    assert!(Simulation::new(TournamentOptions::online_mtt(), 2, 1, &mut w).is_ok());
}

// rules T2-T4 and T16: the composition `holdem simulate` asks for, as a
// library call: a rebuy event with re-entry and a tenth of the field late, a
// PKO bounty in every price; refused where the format or hand model cannot
// play it.
#[test]
fn sim_plan_composes_rebuy_and_bounty_events_and_refuses_what_cannot_play() {
    use holdem_tourney::TournamentConfig;
    use holdem_tourney::sim::{HandModel, SimError, SimPlan};
    let mtt = TournamentConfig::from(TournamentOptions::online_mtt());
    let plan = SimPlan {
        rebuys: true,
        pko: true,
        ..SimPlan::default()
    };
    let (config, opts) = plan.compose(mtt.clone(), 200).unwrap();
    assert!(config.entry.rebuy.is_some() && config.entry.re_entry);
    assert!(config.entry.late_registration.window.is_some());
    assert_eq!(opts.late_entrants, 20);
    let bounty = opts.bounty.unwrap().entry_bounty;
    assert_eq!(bounty, mtt.event.buy_in / 2);
    assert_eq!(config.entry.price.bounty, bounty);
    let mut sim = Simulation::with_config(config, opts, 200, 1, &mut NoJournal).unwrap();
    sim.step(&mut NoJournal).unwrap();

    let sng = TournamentConfig::from(TournamentOptions::sit_and_go(6));
    let late = SimPlan {
        late_entrants: Some(2),
        ..SimPlan::default()
    };
    assert!(matches!(
        late.compose(sng, 6),
        Err(SimError::NeedsMultiTable)
    ));
    let quick_pko = SimPlan {
        pko: true,
        model: HandModel::Quick,
        ..SimPlan::default()
    };
    assert!(matches!(
        quick_pko.compose(mtt, 50),
        Err(SimError::BountyNeedsRealHands)
    ));
}

// rule T15 with T20: a caller's command through Simulation::apply is journaled
// like the bots' own (the journal resumes to the same state); one the
// tournament refuses is a typed error that journals and changes nothing.
#[test]
fn t15_simulation_apply_journals_a_deal_and_refuses_what_the_tournament_refuses() {
    use holdem_tourney::Command;
    use holdem_tourney::journal::{FsyncPolicy, JournalWriter};
    use holdem_tourney::money::DealMethod;
    use holdem_tourney::sim::SimError;
    let mut w = JournalWriter::new(Vec::new(), FsyncPolicy::Never);
    let mut sim = Simulation::new(TournamentOptions::online_mtt(), 20, 3, &mut w).unwrap();
    while !(sim.tournament().seating().table_count() == 1 && sim.tournament().remaining() <= 3) {
        sim.step(&mut w).unwrap();
    }
    let before = w.get_ref().len();
    let p = *sim.tournament().stacks().keys().next().unwrap();
    let err = sim
        .apply(Command::AcceptDeal { player: p }, &mut w)
        .unwrap_err();
    assert!(matches!(err, SimError::Command(_)), "{err}");
    assert_eq!(w.get_ref().len(), before, "nothing journaled");
    sim.apply(
        Command::ProposeDeal {
            method: DealMethod::ChipCount,
            left_in_play: 0,
        },
        &mut w,
    )
    .unwrap();
    assert!(sim.tournament().open_deal().is_some());
    let bytes = w.into_inner();
    let (resumed, _) = Simulation::resume(
        &bytes,
        &mut JournalWriter::new(Vec::new(), FsyncPolicy::Never),
    )
    .unwrap();
    assert_eq!(
        resumed.tournament().open_deal().map(|d| d.method),
        Some(DealMethod::ChipCount)
    );
}
