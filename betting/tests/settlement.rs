//! Applying an input is atomic: when the settlement it leads to is refused, the
//! input returns the typed error and the hand is exactly what it was (its JSON
//! equal before and after), never a hand waiting for nothing without a result.
//!
//! The hands below reach a settlement the pots refuse (P1) through per-seat
//! antes of three different sizes (PHH `antes`): the live chips of the seats
//! still able to bet differ by their antes, and the largest is taken for a bet
//! the others did not call.
#![cfg(feature = "serde")]

mod common;

use common::{T, s};
use holdem_betting::{
    Action, Chips, ForcedBets, Hand, HandConfig, HandError, Input, Pending, Player,
};

/// Three players (stacks `stacks`) with per-seat antes 1, 2 and 3, blinds 5-10,
/// hole cards Ah Kh, Qs Qd, 7c 7d, the pre-flop betting called around (seat 2
/// calls all-in when short) and the board Jc 3d 5c 8h 2s dealt and checked to
/// the last river action, which is left to the caller.
fn river(stacks: [u64; 3]) -> Hand {
    let players: Vec<Player> = (0..3)
        .map(|i| Player::new(s(i), Chips(stacks[i as usize])))
        .collect();
    let mut forced = ForcedBets::default();
    for (i, ante) in [1, 2, 3].into_iter().enumerate() {
        forced.antes[i] = Chips(ante);
    }
    let config = HandConfig::no_limit(Chips(10));
    let mut hand = Hand::with_forced_bets(
        config,
        &players,
        s(0),
        None,
        &forced,
        holdem_eval::Evaluator::new(),
    )
    .expect("a valid hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    common::deal_known(&mut hand, &["Ah Kh", "Qs Qd", "7c 7d"]);
    while let Pending::Action { seat } = hand.pending() {
        hand.apply(T, Input::act(seat, Action::CheckOrCall))
            .expect("called");
    }
    for cards in ["Jc 3d 5c", "8h", "2s"] {
        common::board(&mut hand, cards);
        if hand.board().len() < 5 {
            while let Pending::Action { seat } = hand.pending() {
                hand.apply(T, Input::act(seat, Action::Check))
                    .expect("checked");
            }
        }
    }
    hand
}

/// Applies `input`, which must be refused by the pots (P1), and checks that the
/// hand's JSON is the same before and after.
fn refused_changes_nothing(hand: &mut Hand, input: Input) {
    let before = serde_json::to_string(&*hand).expect("serializes");
    let err = hand.apply(T, input).expect_err("the settlement is refused");
    assert!(matches!(err, HandError::Pots(_)), "{err}");
    assert!(err.to_string().contains("rule P1"), "{err}");
    assert_eq!(serde_json::to_string(&*hand).expect("serializes"), before);
    assert!(hand.result().is_none());
    assert_ne!(
        hand.pending(),
        Pending::Complete,
        "the hand waits for the same input"
    );
}

#[test]
fn p1_a_show_whose_settlement_is_refused_changes_nothing() {
    // Before: the last show turned the hand face up, the settlement failed and
    // the hand waited for nothing without a result.
    let mut hand = river([1_000; 3]);
    while let Pending::Action { seat } = hand.pending() {
        hand.apply(T, Input::act(seat, Action::Check))
            .expect("checked");
    }
    let last = loop {
        let Pending::Showdown { seat } = hand.pending() else {
            panic!("a showdown: {}", hand.pending());
        };
        let mut copy = hand.clone();
        if copy.apply(T, Input::Show { seat, cards: None }).is_err() {
            break seat;
        }
        hand = copy;
    };
    refused_changes_nothing(
        &mut hand,
        Input::Show {
            seat: last,
            cards: None,
        },
    );
}

#[test]
fn b21_p1_a_river_action_whose_face_up_settlement_is_refused_changes_nothing() {
    // Seat 2 is all-in on its ante and big blind: the river's last check turns every
    // hand face up (B21) and settles inside the action. Before: the check was
    // accepted and the hand waited for nothing without a result.
    let hand = river([1_000, 1_000, 13]);
    let Pending::Action { seat } = hand.pending() else {
        panic!("river betting");
    };
    let mut copy = hand.clone();
    copy.apply(T, Input::act(seat, Action::Check))
        .expect("the first check");
    let Pending::Action { seat: last } = copy.pending() else {
        panic!("one more check");
    };
    refused_changes_nothing(&mut copy, Input::act(last, Action::Check));
}
