//! Applying an input is atomic: when the settlement it leads to is refused, the
//! input returns the typed error and the hand is exactly what it was (its JSON
//! equal before and after), never a hand waiting for nothing without a result.
//!
//! The hands below reach a settlement the pots refuse (P1) through per-seat
//! antes of four different sizes (PHH `antes`) with seat 0 all-in inside its
//! ante: the antes then layer as contributions (seat 0 wins from each opponent
//! no more than it put in), the live chips of the three seats still able to bet
//! differ by their antes, and only the largest excess goes back uncalled. With every seat covering its ante, antes of several sizes settle as
//! dead money in the main pot (`b5_antes_of_several_sizes_settle_as_dead_money_in_the_main_pot`).
#![cfg(feature = "serde")]

mod common;

use common::{T, s};
use holdem_betting::{
    Action, Chips, ForcedBets, Hand, HandConfig, HandError, Input, Pending, Player,
};

/// Players with `stacks` and per-seat `antes`, blinds 5-10, hole cards `holes`
/// (seat 0 first), the pre-flop betting called around (a short seat calls
/// all-in) and the board Jc 3d 5c 8h 2s dealt and checked to the last river
/// action, which is left to the caller.
fn river(stacks: &[u64], antes: &[u64], holes: &[&str], face_up: bool) -> Hand {
    let players: Vec<Player> = stacks
        .iter()
        .enumerate()
        .map(|(i, &stack)| Player::new(s(i as u8), Chips(stack)))
        .collect();
    let mut forced = ForcedBets::default();
    for (i, &ante) in antes.iter().enumerate() {
        forced.antes[i] = Chips(ante);
    }
    let mut config = HandConfig::no_limit(Chips(10));
    config.showdown.all_in_hands_face_up = face_up;
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
    common::deal_known(&mut hand, holes);
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

/// Four players with antes 1, 2, 3 and 4, seat 0 all-in on its ante: the
/// antes layer as contributions, and the three seats still able to bet hold
/// 12, 13 and 14 chips, which the pots refuse (P1). With `face_up` (B21) the
/// river's last check settles inside it; without, the last show does.
fn refused_river(face_up: bool) -> Hand {
    river(
        &[1, 1_000, 1_000, 1_000],
        &[1, 2, 3, 4],
        &["Ah Kh", "Qs Qd", "7c 7d", "6s 6h"],
        face_up,
    )
}

/// Three players with antes 1, 2 and 3 and `stacks`, each covering its ante.
fn three_antes(stacks: [u64; 3]) -> Hand {
    river(&stacks, &[1, 2, 3], &["Ah Kh", "Qs Qd", "7c 7d"], true)
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
    let mut hand = refused_river(false);
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
    // Seat 0 is all-in on its ante: the river's last check turns every hand face
    // up (B21) and settles inside the action. Before: the check was accepted and
    // the hand waited for nothing without a result.
    let mut hand = refused_river(true);
    let last = loop {
        let Pending::Action { seat } = hand.pending() else {
            panic!("river betting: {}", hand.pending());
        };
        let mut copy = hand.clone();
        if copy.apply(T, Input::act(seat, Action::Check)).is_err() {
            break seat;
        }
        hand = copy;
    };
    refused_changes_nothing(&mut hand, Input::act(last, Action::Check));
}

#[test]
fn b5_antes_of_several_sizes_settle_as_dead_money_in_the_main_pot() {
    // Antes 1, 2 and 3, every seat covering its ante, blinds 5-10 called, checked
    // down: the antes go to the main pot as dead money, and the best hand (Qs Qd,
    // seat 1) takes all 36 chips. Seat 2 all-in on its ante and big blind settles
    // the same way, inside the river's last check (B21).
    for stacks in [[1_000; 3], [1_000, 1_000, 13]] {
        let mut hand = three_antes(stacks);
        while let Pending::Action { seat } = hand.pending() {
            hand.apply(T, Input::act(seat, Action::Check))
                .expect("checked");
        }
        while let Pending::Showdown { seat } = hand.pending() {
            hand.apply(T, Input::Show { seat, cards: None })
                .expect("shown");
        }
        assert_eq!(hand.pending(), Pending::Complete);
        let result = hand.result().expect("settled");
        // Seat 1 put in 12 (ante 2, blinds called to 10) and takes the 36.
        assert_eq!(result.final_stack(s(1)), Chips(1_000 - 12 + 36));
        assert_eq!(result.final_stack(s(0)), Chips(1_000 - 11));
        assert_eq!(result.final_stack(s(2)), Chips(stacks[2] - 13));
        assert!(hand.chips_conserved());
    }
}
