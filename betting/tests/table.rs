//! Across hands (B18-B20), with the seat layouts of the seeds.

mod common;

use common::{T, s};
use holdem_betting::table::{
    ButtonRule, CashTable, MovedPlayer, NewPlayer, Occupant, Owed, TableError, TableRules,
};
use holdem_betting::{Action, Chips, Dealer, Hand, HandConfig, Input, Pending};
use holdem_cards::Deck;

fn table(rule: ButtonRule, seats: u8) -> CashTable {
    let mut table = CashTable::new(rule, s(0));
    for i in 0..seats {
        table
            .seat(
                s(i),
                Occupant::Playing {
                    stack: Chips(1_000),
                },
            )
            .expect("seat");
    }
    table
}

/// The next hand's setup; the hand is then called off (no chips move), so the
/// table is ready for the one after.
fn dealt(t: &mut CashTable) -> holdem_betting::table::HandSetup {
    let setup = t.next_hand().expect("a hand");
    t.cancel_hand().expect("the hand dealt");
    setup
}

fn blinds(t: &mut CashTable) -> (u8, Option<u8>, u8) {
    let setup = dealt(t);
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
    t.seat(s(1), Occupant::Empty).expect("seat");
    assert_eq!(blinds(&mut t), (2, Some(3), 4));
    assert_eq!(blinds(&mut t), (3, Some(4), 0));
}

#[test]
fn b18_dead_button_when_the_small_blind_is_eliminated() {
    // rule B18 (002): the button moves to the empty seat; the previous button deals again.
    let mut t = table(ButtonRule::DeadButton, 5);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    t.seat(s(1), Occupant::Empty).expect("seat");
    assert_eq!(blinds(&mut t), (1, Some(2), 3));
}

#[test]
fn b18_dead_small_blind_when_the_big_blind_is_eliminated() {
    // rule B18 (002): only the big blind is posted, then the blinds return to normal.
    let mut t = table(ButtonRule::DeadButton, 5);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    t.seat(s(2), Occupant::Empty).expect("seat");
    assert_eq!(blinds(&mut t), (1, None, 3));
    assert_eq!(blinds(&mut t), (2, Some(3), 4));
}

#[test]
fn b19_new_cash_player_posts_to_play_now_or_waits_for_the_big_blind() {
    // rule B19 (001): a hand can have two big blinds.
    let mut t = table(ButtonRule::ForwardMoving, 4);
    t.seat(s(5), Occupant::PostingToPlay { stack: Chips(500) })
        .expect("seat");
    let setup = dealt(&mut t);
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
    t.seat(s(5), Occupant::WaitingForBigBlind { stack: Chips(500) })
        .expect("seat");
    let mut dealt_in_as_big_blind = false;
    for _ in 0..4 {
        let setup = dealt(&mut t);
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
    waits
        .seat(s(2), Occupant::MovedIn { stack: Chips(800) })
        .expect("seat");
    let setup = dealt(&mut waits);
    assert!(!setup.players.iter().any(|p| p.seat == s(2)));
    assert_eq!(setup.positions.small_blind, None);
    let mut plays = t.clone();
    plays
        .seat(s(3), Occupant::MovedIn { stack: Chips(800) })
        .expect("seat");
    let setup = dealt(&mut plays);
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
    let mut t = CashTable::with_rules(rules, s(0));
    for i in 0..4 {
        t.seat(
            s(i),
            Occupant::Playing {
                stack: Chips(1_000),
            },
        )
        .expect("seat");
    }
    t.seat(s(5), Occupant::PostingToPlay { stack: Chips(500) })
        .expect("seat");
    let setup = dealt(&mut t);
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
    let mut t = CashTable::with_rules(rules, s(0));
    for i in 0..5 {
        t.seat(
            s(i),
            Occupant::Playing {
                stack: Chips(1_000),
            },
        )
        .expect("seat");
    }
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    t.seat(s(2), Occupant::MovedIn { stack: Chips(800) })
        .expect("seat");
    let setup = dealt(&mut t);
    assert!(setup.players.iter().any(|p| p.seat == s(2)));
    assert_eq!(setup.positions.small_blind, Some(s(2)));
}

fn away(t: &mut CashTable, seat: u8) {
    t.seat(
        s(seat),
        Occupant::Away {
            stack: Chips(1_000),
        },
    )
    .expect("seat");
}

#[test]
fn b18_a_player_away_when_the_blinds_pass_owes_them_and_posts_on_return() {
    // rule B18 (cash game, forward-moving button): seat 3 is away while the big and
    // then the small blind pass it; back, it posts a live big blind and a dead small
    // blind and plays at once.
    let mut t = table(ButtonRule::ForwardMoving, 6);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    away(&mut t, 3);
    assert_eq!(
        blinds(&mut t),
        (1, Some(2), 4),
        "the blinds skip the away seat"
    );
    assert_eq!(
        t.owes(s(3)),
        Owed {
            big: true,
            small: false
        }
    );
    assert_eq!(blinds(&mut t), (2, Some(4), 5));
    assert_eq!(
        t.owes(s(3)),
        Owed {
            big: true,
            small: true
        }
    );
    t.seat(
        s(3),
        Occupant::Playing {
            stack: Chips(1_000),
        },
    )
    .expect("seat");
    let setup = dealt(&mut t);
    assert_eq!(
        (setup.positions.button, setup.positions.big_blind),
        (s(4), s(0))
    );
    assert!(setup.players.iter().any(|p| p.seat == s(3)));
    assert!(setup.positions.extra_big_blinds.contains(s(3)));
    assert!(setup.positions.dead_blinds.contains(s(3)));
    assert!(
        t.owes(s(3)).is_none(),
        "posted, so nothing is owed any more"
    );
    let mut hand = Hand::with_positions(
        HandConfig::no_limit(Chips(10)),
        &setup.players,
        setup.positions.button,
        Some(setup.positions),
        holdem_eval::Evaluator::new(),
    )
    .expect("hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    // A live big blind of 10 and a dead small blind of 5 in the middle.
    assert_eq!(hand.street_bet(s(3)), Chips(10));
    assert_eq!(hand.contributed(s(3)), Chips(15));
}

#[test]
fn b18_a_returning_player_may_wait_for_the_big_blind_instead() {
    // rule B18, B19 (001): waiting for the big blind settles the debt.
    let mut t = table(ButtonRule::ForwardMoving, 6);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    away(&mut t, 3);
    blinds(&mut t);
    assert!(t.owes(s(3)).big);
    t.seat(
        s(3),
        Occupant::WaitingForBigBlind {
            stack: Chips(1_000),
        },
    )
    .expect("seat");
    let mut hands = 0;
    loop {
        let setup = dealt(&mut t);
        hands += 1;
        if setup.players.iter().any(|p| p.seat == s(3)) {
            assert_eq!(
                setup.positions.big_blind,
                s(3),
                "dealt in only as the big blind"
            );
            assert!(!setup.positions.extra_big_blinds.contains(s(3)));
            break;
        }
        assert!(hands < 10);
    }
    assert!(t.owes(s(3)).is_none());
}

#[test]
fn b18_a_returning_player_in_the_small_blind_or_on_the_button_waits() {
    // rule B18: a player who owes blinds is not dealt in between the button and the
    // big blind; the button passes first.
    let mut t = table(ButtonRule::ForwardMoving, 5);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    away(&mut t, 4);
    assert_eq!(blinds(&mut t), (1, Some(2), 3));
    assert_eq!(blinds(&mut t), (2, Some(3), 0));
    assert!(t.owes(s(4)).big);
    // Back now, seat 4 sits between the button (3) and the big blind (1): it waits.
    t.seat(
        s(4),
        Occupant::Playing {
            stack: Chips(1_000),
        },
    )
    .expect("seat");
    assert_eq!(blinds(&mut t), (3, Some(0), 1));
    assert!(t.owes(s(4)).big, "still owed");
    // The button passes: next hand it posts and plays.
    let setup = dealt(&mut t);
    assert_eq!(setup.positions.button, s(0));
    assert!(setup.players.iter().any(|p| p.seat == s(4)));
    assert!(setup.positions.extra_big_blinds.contains(s(4)));
}

#[test]
fn b18_eliminations_under_the_forward_moving_button_owe_nothing() {
    // rule B18 (000 2.4): players skipped by the button after an elimination get a
    // reprieve; nobody owes a blind.
    let mut t = table(ButtonRule::ForwardMoving, 5);
    assert_eq!(blinds(&mut t), (0, Some(1), 2));
    t.seat(s(1), Occupant::Empty).expect("seat");
    t.seat(s(2), Occupant::Empty).expect("seat");
    assert_eq!(blinds(&mut t), (3, Some(4), 0));
    assert!((0..10).all(|i| t.owes(s(i)).is_none()));
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
        t.finish_hand(hand.result().expect("settled"))
            .expect("the hand dealt");
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

#[test]
fn b18_players_leaving_and_coming_back_keep_the_table_playing_and_conserve_chips() {
    // rule B18, B19: 300 cash hands on six seats where players step away, come back
    // (posting what they owe or waiting for the big blind) at random: every hand
    // is playable, debts are cleared once a player is dealt in, chips are conserved.
    use rand_chacha::ChaCha8Rng;
    use rand_core::{RngCore, SeedableRng};
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut t = table(ButtonRule::ForwardMoving, 6);
    let stack_of = |o: Occupant| o.stack().map_or(0, Chips::get);
    let total = |t: &CashTable| (0..10).map(|i| stack_of(t.occupant(s(i)))).sum::<u64>();
    let start = total(&t);
    let mut played = 0;
    for hand_no in 0..300u64 {
        let seat = s((rng.next_u32() % 6) as u8);
        match (t.occupant(seat), rng.next_u32() % 4) {
            (Occupant::Playing { stack }, 0) => {
                t.seat(seat, Occupant::Away { stack }).expect("seat")
            }
            (Occupant::Away { stack }, 1) => {
                t.seat(seat, Occupant::Playing { stack }).expect("seat")
            }
            (Occupant::Away { stack }, 2) => t
                .seat(seat, Occupant::WaitingForBigBlind { stack })
                .expect("seat"),
            _ => {}
        }
        let setup = match t.next_hand() {
            Ok(setup) => setup,
            Err(TableError::TooFewPlayers { .. }) => {
                // Bring everyone back.
                for i in 0..6 {
                    if let Occupant::Away { stack } = t.occupant(s(i)) {
                        t.seat(s(i), Occupant::Playing { stack }).expect("seat");
                    }
                }
                continue;
            }
            Err(other) => panic!("{other}"),
        };
        for p in &setup.players {
            assert!(t.owes(p.seat).is_none(), "dealt in: nothing owed");
        }
        let mut hand = Hand::with_positions(
            HandConfig::no_limit(Chips(10)),
            &setup.players,
            setup.positions.button,
            Some(setup.positions),
            holdem_eval::Evaluator::new(),
        )
        .expect("a playable hand");
        let mut dealer = Dealer::new(Deck::seeded(hand_no));
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
                    let legal = hand.legal_actions().expect("a seat to act");
                    let action = match rng.next_u32() % 8 {
                        0 => Action::Fold,
                        1 if legal.all_in_to.is_some() => Action::AllIn,
                        _ => Action::CheckOrCall,
                    };
                    hand.apply(T, Input::act(seat, action)).expect("legal");
                }
                Pending::Showdown { seat } => {
                    hand.apply(T, Input::Show { seat, cards: None })
                        .expect("show");
                }
            }
        }
        t.finish_hand(hand.result().expect("settled"))
            .expect("the hand dealt");
        played += 1;
        // Busted players leave; rebuy them so the table keeps going.
        for i in 0..6 {
            if t.occupant(s(i)) == Occupant::Empty {
                t.seat(
                    s(i),
                    Occupant::WaitingForBigBlind {
                        stack: Chips(1_000),
                    },
                )
                .expect("seat");
            }
        }
    }
    assert!(played > 200, "most hands were played: {played}");
    // Chips only change by the rebuys of busted players.
    assert_eq!((total(&t) - start) % 1_000, 0);
}

#[test]
fn occupant_stack_is_the_chips_in_the_seat_in_every_state_and_none_when_empty() {
    let chips = Chips(1_234);
    for occupant in [
        Occupant::Playing { stack: chips },
        Occupant::WaitingForBigBlind { stack: chips },
        Occupant::PostingToPlay { stack: chips },
        Occupant::MovedIn { stack: chips },
        Occupant::Away { stack: chips },
    ] {
        assert_eq!(occupant.stack(), Some(chips), "{occupant:?}");
    }
    assert_eq!(Occupant::Empty.stack(), None);
    // A seat playing the hand in progress keeps the stack the hand started with.
    let mut t = table(ButtonRule::DeadButton, 3);
    let before = t.occupant(s(1)).stack();
    t.next_hand().expect("a hand");
    assert!(t.hand_in_progress());
    assert_eq!(t.occupant(s(1)).stack(), before);
    assert_eq!(t.occupant(s(9)).stack(), None);
}
