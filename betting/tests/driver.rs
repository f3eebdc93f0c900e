//! The driver, the cash game and the table's refusals: hands played with no glue
//! beyond the bots' decisions.

mod common;

use common::s;
use holdem_betting::table::{ButtonRule, CashTable, Occupant, TableError};
use holdem_betting::{
    Action, Bot, CallingStation, CashGame, Chips, Dealer, Deck, Driver, DriverError, Hand,
    HandConfig, HandError, Player, RandomBot, Step, Turn,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn table(rule: ButtonRule, seats: u8, stack: u64) -> CashTable {
    let mut table = CashTable::new(rule, s(0));
    for i in 0..seats {
        table
            .seat(
                s(i),
                Occupant::Playing {
                    stack: Chips(stack),
                },
            )
            .expect("a table seat");
    }
    table
}

fn random_bots(seed: u64) -> Vec<RandomBot<ChaCha8Rng>> {
    (0..10)
        .map(|i| RandomBot::new(ChaCha8Rng::seed_from_u64(seed * 10 + i)))
        .collect()
}

fn three_handed() -> Hand {
    let players = [
        Player::new(s(0), Chips(1_000)),
        Player::new(s(1), Chips(1_000)),
        Player::new(s(2), Chips(1_000)),
    ];
    Hand::new(HandConfig::no_limit(Chips(20)), &players, s(0)).expect("hand")
}

#[test]
fn b18_cash_games_in_every_structure_conserve_chips_over_many_hands() {
    // rule B18, B19: 300 hands each of no, pot and fixed limit, players going away
    // and coming back (owing the blinds they missed) or leaving broke and being
    // replaced: every hand is played by the bots alone, and the table's chips
    // change only by the new players' buy-ins.
    for (k, config) in [
        HandConfig::no_limit(Chips(10)),
        HandConfig::pot_limit(Chips(10)),
        HandConfig::fixed_limit(Chips(10), Chips(20)),
    ]
    .into_iter()
    .enumerate()
    {
        let mut game =
            CashGame::new(config, table(ButtonRule::ForwardMoving, 6, 1_000)).expect("config");
        let mut rng = ChaCha8Rng::seed_from_u64(k as u64);
        let mut bots = random_bots(k as u64);
        let mut bought = 6_000u64;
        let mut owed_seen = false;
        for _ in 0..300 {
            let seat = s((rng.next_u32() % 6) as u8);
            let occupant = match (game.table().occupant(seat), rng.next_u32() % 6) {
                (Occupant::Playing { stack }, 0) => Some(Occupant::Away { stack }),
                (Occupant::Away { stack }, 1) => Some(Occupant::Playing { stack }),
                (Occupant::Away { stack }, 2) => Some(Occupant::WaitingForBigBlind { stack }),
                _ => None,
            };
            if let Some(occupant) = occupant {
                game.seat(seat, occupant).expect("between hands");
            }
            owed_seen |= (0..6).any(|i| !game.table().owes(s(i)).is_none());
            match game.play_hand(&mut rng, &mut bots) {
                Ok(result) => assert!(result.players().len() >= 2),
                Err(DriverError::Table(TableError::TooFewPlayers { .. })) => {
                    for i in 0..6 {
                        if let Occupant::Away { stack } = game.table().occupant(s(i)) {
                            game.seat(s(i), Occupant::Playing { stack }).expect("seat");
                        }
                    }
                }
                Err(other) => panic!("{other}"),
            }
            for i in 0..6 {
                if game.table().occupant(s(i)) == Occupant::Empty {
                    let stack = Chips(1_000);
                    game.seat(s(i), Occupant::PostingToPlay { stack })
                        .expect("seat");
                    bought += 1_000;
                }
            }
            assert_eq!(game.table().total_chips(), Ok(Chips(bought)));
        }
        assert!(game.hands_played() > 250, "{}", game.hands_played());
        assert!(owed_seen, "some player owed missed blinds");
    }
}

#[test]
fn the_driver_stops_only_at_decisions_and_refuses_an_illegal_action_unchanged() {
    let mut driver = Driver::new(three_handed(), Dealer::new(Deck::seeded(4)));
    let Step::Decision(turn) = driver.advance().expect("blinds and cards") else {
        panic!("a decision pre-flop");
    };
    // B6: three-handed the button acts first pre-flop; it sees its own cards only.
    assert_eq!(turn.seat(), s(0));
    let view = turn.view();
    assert!(view.seats[0].expect("seat 0").hole_cards.is_some());
    assert!(view.seats[1].expect("seat 1").hole_cards.is_none());
    assert_eq!(turn.legal().call_to, Some(Chips(20)));
    let before = driver.clone();
    assert!(matches!(
        driver.act(Action::RaiseTo(Chips(30))),
        Err(DriverError::Hand(HandError::RaiseBelowMinimum { .. }))
    ));
    assert_eq!(driver, before);
    assert!(matches!(driver.time_out(), Ok(())));
    assert_eq!(driver.decisions(), 1);
}

#[test]
fn a_missing_bot_is_reported_with_the_seat() {
    let mut driver = Driver::new(three_handed(), Dealer::new(Deck::seeded(4)));
    // Seat 0 (the button, first to act) has a bot; seat 1 has none.
    let err = driver
        .play(&mut [CallingStation])
        .expect_err("two bots short");
    assert_eq!(
        err,
        DriverError::NoBot {
            seat: s(1),
            bots: 1
        }
    );
    assert_eq!(driver.decisions(), 1);
}

#[test]
fn a_bot_as_trait_object_plays_with_others() {
    struct Folder;
    impl Bot for Folder {
        fn decide(&mut self, turn: &Turn<'_>) -> Action {
            if turn.legal().check {
                Action::Check
            } else {
                Action::Fold
            }
        }
    }
    let mut bots: Vec<Box<dyn Bot>> =
        vec![Box::new(Folder), Box::new(CallingStation), Box::new(Folder)];
    let mut driver = Driver::new(three_handed(), Dealer::new(Deck::seeded(9)));
    let result = driver.play(&mut bots).expect("played");
    // The button and the big blind fold or check; the small blind calls and
    // either wins the blinds or checks it down against the big blind.
    assert_eq!(result.final_stack(s(0)), Chips(1_000));
}

#[test]
fn b18_next_hand_twice_is_refused_and_changes_nothing() {
    let mut t = table(ButtonRule::DeadButton, 4, 500);
    t.next_hand().expect("a hand");
    let before = t.clone();
    assert_eq!(t.next_hand(), Err(TableError::HandInProgress));
    assert_eq!(t, before);
}

#[test]
fn finish_hand_refuses_another_hands_result_and_changes_nothing() {
    let mut t = table(ButtonRule::DeadButton, 3, 500);
    let setup = t.next_hand().expect("a hand");
    // Another hand: the same seats, other stacks.
    let players: Vec<Player> = setup
        .players
        .iter()
        .map(|p| Player::new(p.seat, Chips(800)))
        .collect();
    let other = Hand::at_positions(
        HandConfig::no_limit(Chips(10)),
        &players,
        setup.positions,
        holdem_betting::Evaluator::new(),
    )
    .expect("hand");
    let mut driver = Driver::new(other, Dealer::new(Deck::seeded(2)));
    let result = driver
        .play(&mut [CallingStation; 3])
        .expect("played")
        .clone();
    let before = t.clone();
    assert_eq!(
        t.finish_hand(&result),
        Err(TableError::ResultMismatch { seat: s(0) })
    );
    assert_eq!(t, before);
    let mut fresh = table(ButtonRule::DeadButton, 3, 500);
    assert_eq!(
        fresh.finish_hand(&result),
        Err(TableError::NoHandInProgress)
    );
    assert_eq!(fresh.cancel_hand(), Err(TableError::NoHandInProgress));
}

#[test]
fn seats_off_the_table_or_in_the_hand_are_refused() {
    let mut t = table(ButtonRule::DeadButton, 3, 500);
    let before = t.clone();
    let stack = Chips(100);
    assert_eq!(
        t.seat(s(12), Occupant::Playing { stack }),
        Err(TableError::SeatOutOfRange { seat: s(12) })
    );
    assert_eq!(t, before);
    t.next_hand().expect("a hand");
    assert_eq!(
        t.seat(s(1), Occupant::Empty),
        Err(TableError::SeatInHand { seat: s(1) })
    );
    // A seat not in the hand may be filled while it runs.
    assert_eq!(t.seat(s(5), Occupant::WaitingForBigBlind { stack }), Ok(()));
}

#[test]
fn a_cash_game_refuses_a_second_hand_while_one_runs() {
    let mut game = CashGame::new(
        HandConfig::no_limit(Chips(10)),
        table(ButtonRule::DeadButton, 3, 500),
    )
    .expect("config");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    game.start_hand(&mut rng).expect("a hand");
    let before = game.clone();
    assert_eq!(
        game.start_hand(&mut rng).map(|_| ()),
        Err(DriverError::HandRunning)
    );
    assert!(matches!(
        game.finish_hand(),
        Err(DriverError::NotComplete(_))
    ));
    assert_eq!(game, before);
    game.driver()
        .expect("running")
        .play(&mut [CallingStation; 3])
        .expect("played");
    game.finish_hand().expect("finished");
    assert_eq!(game.table().total_chips(), Ok(Chips(1_500)));
}
