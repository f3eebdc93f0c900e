//! The dealer helper: dealing order (C3), burns (C4) and misdeals (C6).

mod common;

use common::{T, posted, s};
use holdem_betting::{Action, DealOutcome, Dealer, Event, HandConfig, Input, Pending};
use holdem_cards::{Card, Deck};
use holdem_pots::Chips;

/// A deck dealing `Card::ALL` in order, so card `k` of the deal is `Card::ALL[k]`.
fn stacked() -> Dealer {
    Dealer::new(Deck::from_order(&Card::ALL).expect("52 distinct cards"))
}

fn k(i: usize) -> Option<Card> {
    Some(Card::ALL[i])
}

#[test]
fn c3_hole_cards_one_at_a_time_left_of_the_button_first() {
    // rule C3: button on seat 0, so seat 1 gets the first card, seat 0 the last.
    let mut hand = posted(HandConfig::no_limit(Chips(10)), &[500, 500, 500], 0);
    let outcome = stacked()
        .deal_hole_cards(&mut hand, T, &[], &mut Vec::new())
        .expect("deal");
    assert_eq!(outcome, DealOutcome::Dealt);
    assert_eq!(hand.hole_cards(s(1)), [k(0), k(3)]);
    assert_eq!(hand.hole_cards(s(2)), [k(1), k(4)]);
    assert_eq!(hand.hole_cards(s(0)), [k(2), k(5)]);
}

#[test]
fn c3_heads_up_the_big_blind_gets_the_first_card() {
    // rule C3 (002): heads-up the button is the small blind; the big blind is dealt first.
    let mut hand = posted(HandConfig::no_limit(Chips(10)), &[500, 500], 0);
    assert_eq!(hand.positions().big_blind, s(1));
    assert_eq!(hand.pending(), Pending::HoleCards { seat: s(1) });
    stacked()
        .deal_hole_cards(&mut hand, T, &[], &mut Vec::new())
        .expect("deal");
    assert_eq!(hand.hole_cards(s(1)), [k(0), k(2)]);
    assert_eq!(hand.hole_cards(s(0)), [k(1), k(3)]);
}

#[test]
fn c4_a_card_is_burned_before_the_flop_turn_and_river() {
    // rule C4
    let mut hand = posted(HandConfig::no_limit(Chips(10)), &[500, 500], 0);
    let mut dealer = stacked();
    let mut events = Vec::new();
    dealer
        .deal_hole_cards(&mut hand, T, &[], &mut events)
        .expect("deal");
    for _ in 0..3 {
        while let Some(seat) = hand.to_act() {
            hand.apply(T, Input::act(seat, Action::CheckOrCall))
                .expect("call");
        }
        dealer.deal_board(&mut hand, T, &mut events).expect("board");
    }
    let burns: Vec<_> = events
        .iter()
        .filter_map(|e| match e.event {
            Event::Burned { card } => Some(card),
            _ => None,
        })
        .collect();
    assert_eq!(burns, [k(4), k(8), k(10)]);
    assert_eq!(hand.board(), &[k(5), k(6), k(7), k(9), k(11)]);
}

#[test]
fn c6_two_exposed_cards_are_a_misdeal_with_the_same_button() {
    // rule C6 (002)
    let mut hand = posted(HandConfig::no_limit(Chips(10)), &[500, 500, 500], 0);
    let before = hand.clone();
    let outcome = stacked()
        .deal_hole_cards(&mut hand, T, &[1, 4], &mut Vec::new())
        .expect("deal");
    assert_eq!(outcome, DealOutcome::Misdeal { exposed: 2 });
    assert_eq!(hand, before, "nothing reached the hand; the button stays");
    // Reshuffle and deal again.
    let outcome = Dealer::new(Deck::seeded(3))
        .deal_hole_cards(&mut hand, T, &[], &mut Vec::new())
        .expect("redeal");
    assert_eq!(outcome, DealOutcome::Dealt);
}

#[test]
fn c6_one_exposed_card_is_replaced_by_the_next_and_becomes_the_first_burn() {
    // rule C6 (002): seat 2's first card (position 1) is exposed.
    let mut hand = posted(HandConfig::no_limit(Chips(10)), &[500, 500, 500], 0);
    let mut dealer = stacked();
    let mut events = Vec::new();
    dealer
        .deal_hole_cards(&mut hand, T, &[1], &mut events)
        .expect("deal");
    assert_eq!(hand.hole_cards(s(2)), [k(6), k(4)]);
    while let Some(seat) = hand.to_act() {
        hand.apply(T, Input::act(seat, Action::CheckOrCall))
            .expect("call");
    }
    dealer.deal_board(&mut hand, T, &mut events).expect("flop");
    assert!(
        events
            .iter()
            .any(|e| e.event == Event::Burned { card: k(1) })
    );
    assert_eq!(hand.board(), &[k(7), k(8), k(9)]);
}
