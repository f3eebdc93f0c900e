//! Rule B27: bomb pots. Every dealt-in player puts in the agreed amount, there is no
//! pre-flop betting, and play starts on the flop left of the button.

mod common;

use common::*;
use holdem_betting::{
    Action::*, Event, ForcedBets, Hand, HandConfig, HandError, Pending, Player, PostKind, Street,
};
use holdem_pots::Chips;

/// No limit, blinds 5-10, a bomb pot of 20.
fn bomb_20() -> HandConfig {
    let mut config = nl(10);
    config.bomb_pot = Chips(20);
    config
}

fn players(stacks: &[u64]) -> Vec<Player> {
    stacks
        .iter()
        .enumerate()
        .map(|(i, &st)| Player::new(s(i as u8), Chips(st)))
        .collect()
}

#[test]
fn b27_every_player_posts_the_bomb_pot_and_play_starts_on_the_flop_left_of_the_button() {
    for button in [0u8, 2] {
        let mut hand = Hand::new(bomb_20(), &players(&[1_000; 4]), s(button)).expect("hand");
        assert_eq!(
            hand.pending(),
            Pending::Post {
                seat: s((button + 1) % 4),
                kind: PostKind::BombPot,
                amount: Chips(20)
            }
        );
        let mut events = Vec::new();
        hand.post_forced_bets(T, &mut events).expect("posts");
        let posts: Vec<_> = events
            .iter()
            .filter_map(|e| match e.event {
                Event::Posted {
                    seat, kind, amount, ..
                } => Some((seat.index(), kind, amount)),
                _ => None,
            })
            .collect();
        // Clockwise from the left of the button; no blinds.
        let order: Vec<u8> = (1..=4).map(|k| (button + k) % 4).collect();
        assert_eq!(
            posts,
            order
                .iter()
                .map(|&i| (i, PostKind::BombPot, Chips(20)))
                .collect::<Vec<_>>()
        );
        assert_eq!(hand.collected_pot(), Chips(80));
        assert_eq!(hand.current_bet(), Chips::ZERO);
        // The hole cards end the pre-flop at once: no betting, the flop is next.
        let mut last = None;
        while let Pending::HoleCards { seat } = hand.pending() {
            let events = hand
                .apply(
                    T,
                    holdem_betting::Input::Deal(holdem_betting::DealerInput::HoleCards {
                        seat,
                        cards: [None, None],
                    }),
                )
                .expect("deal");
            last = Some(events);
        }
        let last = last.expect("dealt");
        assert!(!has(&last, |e| matches!(e, Event::BettingStarted { .. })));
        assert!(has(&last, |e| matches!(
            e,
            Event::RoundClosed { street: Street::Preflop, pot } if *pot == Chips(80)
        )));
        assert_eq!(
            hand.pending(),
            Pending::Board {
                street: Street::Flop
            }
        );
        deal_board(&mut hand);
        // B6 after the flop: the first active player left of the button.
        assert_eq!(hand.to_act(), Some(s((button + 1) % 4)));
        let legal = hand.legal_actions().expect("flop");
        assert_eq!(legal.bet.map(|r| r.min), Some(Chips(10)), "the big blind");
        assert!(hand.chips_conserved());
    }
}

#[test]
fn b27_a_player_too_short_for_the_bomb_pot_is_all_in_with_side_pots() {
    let mut hand = Hand::new(bomb_20(), &players(&[1_000, 15, 1_000]), s(0)).expect("hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    assert_eq!(hand.stack(s(1)), Chips::ZERO);
    assert_eq!(hand.collected_pot(), Chips(55));
    deal_known(&mut hand, &["Qh Qd", "Ah Ac", "Kh Kd"]);
    board(&mut hand, "2c 7d 9h");
    // Seat 1, left of the button, is all-in: seat 2 acts first.
    assert_eq!(hand.to_act(), Some(s(2)));
    ok(&mut hand, 2, Check);
    ok(&mut hand, 0, Check);
    board(&mut hand, "Jc");
    ok(&mut hand, 2, Check);
    ok(&mut hand, 0, Check);
    board(&mut hand, "3s");
    ok(&mut hand, 2, Check);
    ok(&mut hand, 0, Check);
    assert!(hand.is_complete());
    let result = hand.result().expect("settled");
    // Main pot 15 x 3 = 45 to the aces; the side pot of 5 + 5 to the kings.
    assert_eq!(result.final_stack(s(1)), Chips(45));
    assert_eq!(result.final_stack(s(2)), Chips(990));
    assert_eq!(result.final_stack(s(0)), Chips(980));
    assert_eq!(result.pots().len(), 2);
}

#[test]
fn b27_a_bomb_pot_takes_no_other_forced_bets_and_whole_chip_units() {
    let mut forced = ForcedBets::default();
    forced.straddle(s(3), Chips(20)).expect("room");
    let err = Hand::with_forced_bets(
        bomb_20(),
        &players(&[1_000; 4]),
        s(0),
        None,
        &forced,
        holdem_eval::Evaluator::new(),
    )
    .expect_err("no straddle in a bomb pot");
    assert!(matches!(
        err,
        HandError::InvalidConfig {
            field: "bomb-pot",
            ..
        }
    ));
    let mut config = bomb_20();
    config.chip_unit = Chips(5);
    config.bomb_pot = Chips(12);
    assert!(matches!(
        config.validate(),
        Err(HandError::InvalidConfig {
            field: "bomb-pot",
            ..
        })
    ));
}

#[test]
fn b27_a_sitting_out_player_posts_and_is_folded_facing_a_bet_on_the_flop() {
    let mut list = players(&[1_000; 3]);
    list[2] = list[2].sitting_out();
    let mut hand = Hand::new(bomb_20(), &list, s(0)).expect("hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    assert_eq!(hand.collected_pot(), Chips(60));
    deal_unknown(&mut hand);
    deal_board(&mut hand);
    ok(&mut hand, 1, BetTo(Chips(40)));
    // Seat 2 sits out: folded; seat 0 folds too and seat 1 wins 60 uncontested.
    ok(&mut hand, 0, Fold);
    let result = hand.result().expect("settled");
    assert_eq!(result.final_stack(s(1)), Chips(1_040));
    assert_eq!(result.final_stack(s(2)), Chips(980));
}
