//! Across hands (B18-B20), with the seat layouts of the seeds.

mod common;

use common::{T, s};
use holdem_betting::table::{
    ButtonRule, MovedPlayer, NewPlayer, Occupant, Table, TableError, TableRules,
};
use holdem_betting::{Action, Chips, Dealer, Hand, HandConfig, Input, Pending};
use holdem_cards::Deck;

fn table(rule: ButtonRule, seats: u8) -> Table {
    let mut table = Table::new(rule, s(0));
    for i in 0..seats {
        table.seat(
            s(i),
            Occupant::Playing {
                stack: Chips(1_000),
            },
        );
    }
    table
}

fn blinds(t: &mut Table) -> (u8, Option<u8>, u8) {
    let setup = t.next_hand().expect("a hand");
    let p = setup.positions;
    (
        p.button.index(),
        p.small_blind.map(|x| x.index()),
        p.big_blind.index(),
    )
}

#[test]
fn b18_forward_moving_button_always_moves_one_player() {
    // rule B18 (000 2.4): the small blind (seat 1) busts; the button still moves on
    // and nobody has it twice in a row; seat 2 misses the small blind.
    let mut t = table(ButtonRule::ForwardMoving, 5);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    t.seat(s(1), Occupant::Empty);
    assert_eq!(blinds(&mut t), (2, Some(3), 4));
    assert_eq!(blinds(&mut t), (3, Some(4), 0));
}

#[test]
fn b18_dead_button_when_the_small_blind_is_eliminated() {
    // rule B18 (002): the button moves to the empty seat; the previous button deals again.
    let mut t = table(ButtonRule::DeadButton, 5);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    t.seat(s(1), Occupant::Empty);
    assert_eq!(blinds(&mut t), (1, Some(2), 3));
}

#[test]
fn b18_dead_small_blind_when_the_big_blind_is_eliminated() {
    // rule B18 (002): only the big blind is posted, then the blinds return to normal.
    let mut t = table(ButtonRule::DeadButton, 5);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    t.seat(s(2), Occupant::Empty);
    assert_eq!(blinds(&mut t), (1, None, 3));
    assert_eq!(blinds(&mut t), (2, Some(3), 4));
}

#[test]
fn b19_new_cash_player_posts_to_play_now_or_waits_for_the_big_blind() {
    // rule B19 (001): a hand can have two big blinds.
    let mut t = table(ButtonRule::ForwardMoving, 4);
    t.seat(s(5), Occupant::PostingToPlay { stack: Chips(500) });
    let setup = t.next_hand().expect("hand");
    assert!(setup.positions.extra_big_blinds.contains(s(5)));
    let mut hand = Hand::with_positions(
        HandConfig::no_limit(Chips(10)),
        &setup.players,
        setup.positions.button,
        Some(setup.positions),
        holdem_eval::Evaluator::new(),
    )
    .expect("hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    assert_eq!(hand.street_bet(s(2)), Chips(10));
    assert_eq!(hand.street_bet(s(5)), Chips(10), "two big blinds");

    // Waiting: not dealt in until the big blind reaches seat 5.
    let mut t = table(ButtonRule::ForwardMoving, 4);
    t.seat(s(5), Occupant::WaitingForBigBlind { stack: Chips(500) });
    let mut dealt_in_as_big_blind = false;
    for _ in 0..4 {
        let setup = t.next_hand().expect("hand");
        let in_hand = setup.players.iter().any(|p| p.seat == s(5));
        if !dealt_in_as_big_blind {
            assert_eq!(in_hand, setup.positions.big_blind == s(5));
        } else {
            assert!(in_hand, "once in, the player plays every hand");
        }
        dealt_in_as_big_blind |= in_hand;
    }
    assert!(dealt_in_as_big_blind);
}

#[test]
fn b20_moved_player_waits_in_small_blind_or_button_posts_in_big_blind() {
    // rule B20 (002)
    let mut t = table(ButtonRule::DeadButton, 5);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    // Next hand: button 1, small blind 2, big blind 3. A player moved into seat 2
    // (the small blind) waits; into seat 3 (the big blind) posts and plays.
    let mut waits = t.clone();
    waits.seat(s(2), Occupant::MovedIn { stack: Chips(800) });
    let setup = waits.next_hand().expect("hand");
    assert!(!setup.players.iter().any(|p| p.seat == s(2)));
    assert_eq!(setup.positions.small_blind, None);
    let mut plays = t.clone();
    plays.seat(s(3), Occupant::MovedIn { stack: Chips(800) });
    let setup = plays.next_hand().expect("hand");
    assert!(setup.players.iter().any(|p| p.seat == s(3)));
    assert_eq!(setup.positions.big_blind, s(3));
}

#[test]
fn b19_house_rule_wait_for_big_blind_makes_a_posting_player_wait() {
    // rule B19 (001 allows posting; a room may make every new player wait)
    let rules = TableRules {
        button: ButtonRule::ForwardMoving,
        new_player: NewPlayer::WaitForBigBlind,
        ..TableRules::default()
    };
    let mut t = Table::with_rules(rules, s(0));
    for i in 0..4 {
        t.seat(
            s(i),
            Occupant::Playing {
                stack: Chips(1_000),
            },
        );
    }
    t.seat(s(5), Occupant::PostingToPlay { stack: Chips(500) });
    let setup = t.next_hand().expect("hand");
    assert!(setup.positions.extra_big_blinds.is_empty());
    assert!(!setup.players.iter().any(|p| p.seat == s(5)));
    assert_eq!(t.rules(), rules);
}

#[test]
fn b20_house_rule_dealt_in_at_once_plays_in_the_small_blind() {
    // rule B20 (000 2.6: dealt in at once wherever they sit)
    let rules = TableRules {
        moved_player: MovedPlayer::DealtInAtOnce,
        ..TableRules::default()
    };
    let mut t = Table::with_rules(rules, s(0));
    for i in 0..5 {
        t.seat(
            s(i),
            Occupant::Playing {
                stack: Chips(1_000),
            },
        );
    }
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    t.seat(s(2), Occupant::MovedIn { stack: Chips(800) });
    let setup = t.next_hand().expect("hand");
    assert!(setup.players.iter().any(|p| p.seat == s(2)));
    assert_eq!(setup.positions.small_blind, Some(s(2)));
}

#[test]
fn hands_played_across_a_table_conserve_chips_until_one_player_is_left() {
    // A tournament-style run: stacks in, stacks out, busted players leave (B18).
    let mut t = table(ButtonRule::DeadButton, 6);
    let mut seed = 0;
    loop {
        let setup = match t.next_hand() {
            Ok(setup) => setup,
            Err(TableError::TooFewPlayers { .. }) => break,
            Err(other) => panic!("{other}"),
        };
        let mut hand = Hand::with_positions(
            HandConfig::no_limit(Chips(50)),
            &setup.players,
            setup.positions.button,
            Some(setup.positions),
            holdem_eval::Evaluator::new(),
        )
        .expect("hand");
        let mut dealer = Dealer::new(Deck::seeded(seed));
        seed += 1;
        let mut sink = Vec::new();
        loop {
            match hand.pending() {
                Pending::Complete => break,
                Pending::Post { seat, kind, amount } => {
                    hand.apply(T, Input::Post { seat, kind, amount })
                        .expect("post");
                }
                Pending::HoleCards { .. } | Pending::Board { .. } => {
                    dealer.deal_pending(&mut hand, T, &mut sink).expect("deal");
                }
                Pending::Action { seat } => {
                    hand.apply(T, Input::act(seat, Action::AllIn))
                        .expect("all-in");
                }
                Pending::Showdown { seat } => {
                    hand.apply(T, Input::Show { seat, cards: None })
                        .expect("show");
                }
            }
        }
        t.finish_hand(hand.result().expect("settled"));
        assert!(seed < 200, "the table should finish");
    }
    let total: u64 = (0..10)
        .filter_map(|i| match t.occupant(s(i)) {
            Occupant::Playing { stack } => Some(stack.get()),
            _ => None,
        })
        .sum();
    assert_eq!(total, 6_000);
}
