//! Serde forms (feature `serde`): the config loads from kebab-case TOML for the
//! rules-config crate, and a hand's state round-trips (snapshots, DESIGN §1).
#![cfg(feature = "serde")]

mod common;

use common::{T, deal_unknown, preflop, s};
use holdem_betting::{
    Action, AutoOutcome, AutoReason, BettingStructure, Chips, Event, Hand, HandConfig,
    IncompleteAllInRule, Input, Player,
};

#[test]
fn hand_config_loads_from_kebab_case_toml() {
    let text = r#"
        small-blind = 5
        big-blind = 10
        ante = 1
        big-blind-ante = 0
        chip-unit = 1
        max-bets-per-round = 4
        cap-lifted-heads-up = true
        reraise-must-double = false
        incomplete-all-in = "full-raise-over-last-full-bet"
        time-out-all-in-protection = true

        [structure.fixed-limit]
        small-bet = 10
        big-bet = 20
    "#;
    let config: HandConfig = toml::from_str(text).expect("valid TOML");
    assert_eq!(
        config.structure,
        BettingStructure::FixedLimit {
            small_bet: Chips(10),
            big_bet: Chips(20)
        }
    );
    assert_eq!(
        config.incomplete_all_in,
        IncompleteAllInRule::FullRaiseOverLastFullBet
    );
    assert!(config.cap_lifted_heads_up && config.time_out_all_in_protection);
    assert!(config.validate().is_ok());
    // Missing fields take the standard defaults.
    let partial: HandConfig =
        toml::from_str("big-blind = 100\nsmall-blind = 50\nstructure = \"pot-limit\"")
            .expect("partial");
    assert_eq!(partial.structure, BettingStructure::PotLimit);
    assert_eq!(partial.max_bets_per_round, 4);
}

#[test]
fn hand_state_round_trips_through_json() {
    let mut hand = preflop(HandConfig::no_limit(Chips(100)), &[1_000, 1_000, 1_000], 0);
    hand.apply(T, Input::act(s(0), Action::RaiseTo(Chips(300))))
        .expect("raise");
    let json = serde_json::to_string(&hand).expect("serialize");
    let back: Hand = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, hand);
}

#[test]
fn a_deserialized_hand_still_folds_a_sitting_out_seat_facing_action() {
    // rule B17 after a round trip: the "nobody sits out" shortcut is not serialized,
    // so the restored hand must still find the absent seat by its own state.
    let players = [
        Player::new(s(0), Chips(1_000)),
        Player::new(s(1), Chips(1_000)),
        Player::new(s(2), Chips(1_000)).sitting_out(),
    ];
    let mut hand = Hand::new(HandConfig::no_limit(Chips(100)), &players, s(0)).expect("hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    deal_unknown(&mut hand);
    let json = serde_json::to_string(&hand).expect("serialize");
    let mut back: Hand = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, hand);
    back.apply(T, Input::act(s(0), Action::RaiseTo(Chips(300))))
        .expect("raise");
    let events = back.apply(T, Input::act(s(1), Action::Call)).expect("call");
    assert!(events.iter().any(|e| matches!(
        e.event,
        Event::AutoAction {
            seat,
            outcome: AutoOutcome::Folded,
            reason: AutoReason::SittingOut
        } if seat == s(2)
    )));
}

#[test]
fn showdown_and_table_rules_load_from_the_rules_config_toml_shapes() {
    use holdem_betting::ShowdownRules;
    use holdem_betting::table::{ButtonRule, MovedPlayer, NewPlayer, TableRules};
    let showdown: ShowdownRules = toml::from_str(
        "losers-may-muck = false\nwinner-must-show-both-cards = true\nall-in-hands-face-up = false",
    )
    .expect("showdown rules");
    assert_eq!(
        showdown,
        ShowdownRules {
            losers_may_muck: false,
            winner_must_show_both_cards: true,
            all_in_hands_face_up: false,
        }
    );
    let table: TableRules = toml::from_str(
        "button = \"forward-moving\"\nnew-player = \"wait-for-big-blind\"\nmoved-player = \"dealt-in-at-once\"",
    )
    .expect("table rules");
    assert_eq!(
        table,
        TableRules {
            button: ButtonRule::ForwardMoving,
            new_player: NewPlayer::WaitForBigBlind,
            moved_player: MovedPlayer::DealtInAtOnce,
        }
    );
    // Missing fields take the defaults: dead button, post-or-wait, wait in SB/button.
    let partial: TableRules = toml::from_str("").expect("empty");
    assert_eq!(partial, TableRules::default());
    assert_eq!(partial.button, ButtonRule::DeadButton);
    let text = toml::to_string(&TableRules::default()).expect("to toml");
    assert!(text.contains("button = \"dead-button\""), "{text}");
    assert!(text.contains("new-player = \"post-or-wait\""), "{text}");
    assert!(
        text.contains("moved-player = \"wait-in-small-blind-or-button\""),
        "{text}"
    );
    // The hand config carries the showdown rules as `[showdown]`.
    let config: HandConfig =
        toml::from_str("big-blind = 10\n[showdown]\nlosers-may-muck = false").expect("config");
    assert!(!config.showdown.losers_may_muck && config.showdown.all_in_hands_face_up);
}

#[test]
fn b26_b27_inputs_and_events_round_trip_and_replay_to_the_same_hand() {
    // A bomb pot (B27) whose players go all-in on the flop and run it twice (B26):
    // every input through JSON replays to the same events and the same hand.
    use holdem_betting::{DealerInput, Pending, Stamped};
    let mut config = HandConfig::no_limit(Chips(10));
    config.bomb_pot = Chips(20);
    config.max_board_runs = 2;
    let config: HandConfig =
        serde_json::from_str(&serde_json::to_string(&config).expect("ser")).expect("de");
    let players: Vec<Player> = (0..3).map(|i| Player::new(s(i), Chips(300))).collect();
    let mut hand = Hand::new(config, &players, s(0)).expect("hand");
    let start = hand.clone();
    let mut inputs: Vec<Input> = Vec::new();
    let mut events: Vec<Stamped> = Vec::new();
    let mut deck = holdem_cards::Deck::seeded(3);
    let mut offered = false;
    loop {
        let input = match hand.pending() {
            Pending::Complete => break,
            Pending::Post { seat, kind, amount } => Input::Post { seat, kind, amount },
            Pending::HoleCards { .. } | Pending::Board { .. }
                if !offered && hand.runs_offerable() =>
            {
                offered = true;
                Input::OfferRuns {
                    seat: s(1),
                    runs: 2,
                }
            }
            Pending::HoleCards { seat } => {
                let cards = [deck.deal().ok(), deck.deal().ok()];
                Input::Deal(DealerInput::HoleCards { seat, cards })
            }
            Pending::Board { street } => match hand.run_offer() {
                Some(offer) => {
                    let seat = offer.waiting.iter().next().expect("a seat");
                    Input::AnswerRuns { seat, accept: true }
                }
                None => {
                    let k = if street == holdem_betting::Street::Flop {
                        3
                    } else {
                        1
                    };
                    let cards: Vec<_> = (0..k).map(|_| deck.deal().ok()).collect();
                    match k {
                        3 => Input::Deal(DealerInput::Flop([cards[0], cards[1], cards[2]])),
                        _ if street == holdem_betting::Street::Turn => {
                            Input::Deal(DealerInput::Turn(cards[0]))
                        }
                        _ => Input::Deal(DealerInput::River(cards[0])),
                    }
                }
            },
            Pending::Action { seat } => Input::act(seat, Action::AllIn),
            Pending::Showdown { seat } => Input::Show { seat, cards: None },
        };
        let out = hand.apply(T, input).expect("accepted");
        inputs.push(input);
        events.extend(out);
    }
    assert_eq!(hand.board_runs(), 2);
    assert!(
        events
            .iter()
            .any(|e| matches!(e.event, Event::RunStarted { run: 1 }))
    );
    assert!(
        events
            .iter()
            .any(|e| matches!(e.event, Event::PotAwarded { run: 1, .. }))
    );
    // Through JSON and back, the inputs replay to the same events and hand.
    let json = serde_json::to_string(&inputs).expect("inputs");
    let back: Vec<Input> = serde_json::from_str(&json).expect("inputs back");
    assert_eq!(back, inputs);
    let json = serde_json::to_string(&events).expect("events");
    let events_back: Vec<Stamped> = serde_json::from_str(&json).expect("events back");
    assert_eq!(events_back, events);
    let mut replay = start;
    let mut replayed = Vec::new();
    for input in back {
        replayed.extend(replay.apply(T, input).expect("replay"));
    }
    assert_eq!(replayed, events);
    assert_eq!(replay, hand);
    let json = serde_json::to_string(&hand).expect("hand");
    let hand_back: Hand = serde_json::from_str(&json).expect("hand back");
    assert_eq!(hand_back, hand);
}

mod driver_state {
    use super::s;
    use holdem_betting::{
        Bot, Chips, Dealer, Deck, Driver, Hand, HandConfig, Player, RandomBot, Step,
    };
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    fn driver(seed: u64) -> Driver {
        let players: Vec<Player> = (0..6)
            .map(|i| Player::new(s(i), Chips(1_000 + 100 * u64::from(i))))
            .collect();
        let hand = Hand::new(HandConfig::no_limit(Chips(20)), &players, s(0)).expect("hand");
        Driver::new(hand, Dealer::new(Deck::seeded(seed)))
    }

    /// C1, C4: a driver serialized at any decision and restored deals the same
    /// runout and reaches the same result; every state on the way is valid.
    #[test]
    fn c4_a_restored_driver_deals_the_same_runout() {
        for seed in 0..40 {
            let mut bot = RandomBot::new(ChaCha8Rng::seed_from_u64(seed));
            let mut original = driver(seed);
            let mut decisions = Vec::new();
            let mut snapshots = Vec::new();
            while let Step::Decision(turn) = original.advance().expect("advance") {
                let action = bot.decide(&turn);
                snapshots.push(serde_json::to_string(&original).expect("serialize"));
                decisions.push(action);
                original.act(action).expect("legal");
                original.hand().check_state().expect("valid state");
            }
            let want = original.result().expect("settled").clone();
            for (k, text) in snapshots.iter().enumerate() {
                let mut restored: Driver = serde_json::from_str(text).expect("deserialize");
                for &action in &decisions[k..] {
                    assert!(matches!(restored.advance(), Ok(Step::Decision(_))));
                    restored.act(action).expect("the same decision");
                }
                assert!(matches!(restored.advance(), Ok(Step::Complete)));
                assert_eq!(
                    restored.result(),
                    Some(&want),
                    "seed {seed} from decision {k}"
                );
                assert_eq!(restored.hand(), original.hand());
            }
        }
    }

    fn snapshot() -> serde_json::Value {
        let mut d = driver(3);
        let _ = d.advance().expect("a decision");
        serde_json::to_value(d.hand()).expect("serialize")
    }

    #[test]
    fn a_tampered_stack_is_refused_on_deserialization() {
        let mut v = snapshot();
        v["seats"][2]["stack"] = serde_json::json!(5_000);
        let err = serde_json::from_value::<Hand>(v).expect_err("tampered");
        assert!(err.to_string().contains("chips are not conserved"), "{err}");
    }

    #[test]
    fn c1_a_card_dealt_twice_is_refused_on_deserialization() {
        let mut v = snapshot();
        let card = v["seats"][1]["hole"][0].clone();
        v["seats"][2]["hole"][0] = card;
        let err = serde_json::from_value::<Hand>(v).expect_err("tampered");
        assert!(err.to_string().contains("appears twice"), "{err}");
    }

    #[test]
    fn inconsistent_masks_and_seats_off_the_table_are_refused() {
        let mut v = snapshot();
        v["active"] = serde_json::json!(0);
        let err = serde_json::from_value::<Hand>(v).expect_err("tampered");
        assert!(err.to_string().contains("masks"), "{err}");
        let mut v = snapshot();
        v["to-act"] = serde_json::json!(15);
        let err = serde_json::from_value::<Hand>(v).expect_err("tampered");
        assert!(err.to_string().contains("seat 15"), "{err}");
        // The untouched snapshot loads.
        assert!(serde_json::from_value::<Hand>(snapshot()).is_ok());
    }
}

mod cash_game_state {
    use super::s;
    use holdem_betting::table::{ButtonRule, CashTable, Occupant};
    use holdem_betting::{Bot, CashGame, Chips, HandConfig, RandomBot, Step};
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};

    /// B18, B19: a cash game (its table, its hand in progress and that hand's
    /// dealer) round-trips at every decision of many hands in every structure,
    /// players away and back with dead blinds, all-ins and side pots included:
    /// every engine state passes the deserialization checks.
    #[test]
    fn b18_a_cash_game_round_trips_at_every_decision() {
        for (k, config) in [
            HandConfig::no_limit(Chips(10)).with_ante(Chips(2)),
            HandConfig::pot_limit(Chips(10)),
            HandConfig::fixed_limit(Chips(10), Chips(20)),
        ]
        .into_iter()
        .enumerate()
        {
            let mut table = CashTable::new(ButtonRule::ForwardMoving, s(0));
            for i in 0..6 {
                let stack = Chips(200 + 150 * u64::from(i));
                table.seat(s(i), Occupant::Playing { stack }).expect("seat");
            }
            let mut game = CashGame::new(config, table).expect("config");
            let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
            let mut bot = RandomBot::new(ChaCha8Rng::seed_from_u64(99));
            for _ in 0..40 {
                let seat = s((rng.next_u32() % 6) as u8);
                match game.table().occupant(seat) {
                    Occupant::Playing { stack } if rng.next_u32() % 5 == 0 => {
                        game.seat(seat, Occupant::Away { stack }).expect("seat");
                    }
                    Occupant::Away { stack } => {
                        game.seat(seat, Occupant::Playing { stack }).expect("seat");
                    }
                    Occupant::Empty => {
                        let stack = Chips(500);
                        game.seat(seat, Occupant::PostingToPlay { stack })
                            .expect("seat");
                    }
                    _ => {}
                }
                if game.start_hand(&mut rng).is_err() {
                    continue;
                }
                loop {
                    let Some(driver) = game.driver() else {
                        unreachable!("the hand runs")
                    };
                    let action = match driver.advance().expect("advance") {
                        Step::Complete => break,
                        Step::Decision(turn) => bot.decide(&turn),
                    };
                    driver.act(action).expect("legal");
                    let text = serde_json::to_string(&game).expect("serialize");
                    let back: CashGame = serde_json::from_str(&text).expect("a valid state");
                    assert_eq!(back, game);
                }
                game.finish_hand().expect("finished");
            }
        }
    }
}
