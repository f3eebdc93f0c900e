//! House rules added on top of the rulebook: showdown rules (B21), the seed 004
//! re-raise step (B10), per-seat antes (B5) and straddles (B3, B6).

mod common;

use common::*;
use holdem_betting::{
    Action::*, Chips, DealerInput, Event, Hand, HandConfig, HandError, Input, Pending, ShowReason,
    Street,
};

fn nl(bb: u64) -> HandConfig {
    HandConfig::no_limit(Chips(bb))
}

/// Deals known hole cards (`"Ah Kh"` per seat in seat order).
fn deal_known(hand: &mut Hand, holes: &[&str]) {
    for (i, text) in holes.iter().enumerate() {
        let cards: Vec<_> = text.split(' ').map(c).collect();
        hand.apply(
            T,
            Input::Deal(DealerInput::HoleCards {
                seat: s(i as u8),
                cards: [Some(cards[0]), Some(cards[1])],
            }),
        )
        .expect("deal");
    }
}

fn board(hand: &mut Hand, cards: &str) {
    let cs: Vec<_> = cards.split(' ').map(|t| Some(c(t))).collect();
    let input = match hand.pending() {
        Pending::Board {
            street: Street::Flop,
        } => DealerInput::Flop([cs[0], cs[1], cs[2]]),
        Pending::Board {
            street: Street::Turn,
        } => DealerInput::Turn(cs[0]),
        Pending::Board { .. } => DealerInput::River(cs[0]),
        other => panic!("no board pending: {other}"),
    };
    hand.apply(T, Input::Deal(input)).expect("board");
}

/// Heads-up, aces (seat 0, button) against kings (seat 1), checked down to showdown.
fn aces_v_kings_at_showdown(config: HandConfig) -> Hand {
    let mut hand = posted(config, &[1_000, 1_000], 0);
    deal_known(&mut hand, &["Ah As", "Kc Kd"]);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Check);
    for cards in ["7h 8h 9s", "Jd", "4c"] {
        board(&mut hand, cards);
        ok(&mut hand, 1, Check);
        ok(&mut hand, 0, Check);
    }
    hand
}

#[test]
fn b21_losers_may_not_muck_when_the_house_rule_is_off() {
    // rule B21 (003, 004 allow mucking; a room may require every hand shown)
    let mut config = nl(100);
    config.showdown.losers_may_muck = false;
    let mut hand = aces_v_kings_at_showdown(config);
    assert_eq!(hand.pending(), Pending::Showdown { seat: s(1) });
    let before = hand.clone();
    let err = hand
        .apply(T, Input::Muck { seat: s(1) })
        .expect_err("muck refused");
    assert!(matches!(err, HandError::MuckNotAllowed { .. }));
    assert_eq!(err.rule(), "B21");
    assert_eq!(hand, before);
    hand.apply(
        T,
        Input::Show {
            seat: s(1),
            cards: None,
        },
    )
    .expect("show");
    hand.apply(
        T,
        Input::Show {
            seat: s(0),
            cards: None,
        },
    )
    .expect("show");
    assert_eq!(hand.result().expect("done").final_stack(s(0)), Chips(1_100));
}

#[test]
fn b21_a_winner_who_mucks_keeps_the_pot_when_showing_both_cards_is_not_required() {
    // rule B21 (002 requires both cards shown; with the house rule off the dealer's
    // known cards decide)
    let mut config = nl(100);
    config.showdown.winner_must_show_both_cards = false;
    let mut hand = aces_v_kings_at_showdown(config);
    hand.apply(
        T,
        Input::Show {
            seat: s(1),
            cards: None,
        },
    )
    .expect("kings shown");
    hand.apply(T, Input::Muck { seat: s(0) })
        .expect("aces mucked");
    let result = hand.result().expect("done");
    assert_eq!(result.final_stack(s(0)), Chips(1_100));
    assert!(hand.chips_conserved());
}

#[test]
fn b21_all_in_hands_stay_down_when_the_house_rule_is_off() {
    // rule B21 (002 turns all-in hands face up; off, the showdown is show-or-muck)
    let mut config = nl(100);
    config.showdown.all_in_hands_face_up = false;
    let mut hand = posted(config, &[1_000, 1_000], 0);
    deal_known(&mut hand, &["Ah As", "Kc Kd"]);
    ok(&mut hand, 0, AllIn);
    let events = ok(&mut hand, 1, Call);
    assert!(!has(&events, |e| matches!(
        e,
        Event::Showed {
            reason: ShowReason::AllIn,
            ..
        }
    )));
    board(&mut hand, "7h 8h 9s");
    board(&mut hand, "Jd");
    board(&mut hand, "4c");
    assert!(matches!(hand.pending(), Pending::Showdown { .. }));
    while let Pending::Showdown { seat } = hand.pending() {
        hand.apply(T, Input::Show { seat, cards: None })
            .expect("show");
    }
    assert_eq!(hand.result().expect("done").final_stack(s(0)), Chips(2_000));
}
