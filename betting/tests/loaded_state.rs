//! A hand loaded with serde is as safe as one the engine built (issue 35): each
//! tampered field below is refused with a typed error when loaded.
#![cfg(feature = "serde")]

mod common;

use common::{board, preflop, s};
use holdem_betting::{Action, Chips, Hand, HandConfig, Input, StateError, Street};
use serde_json::Value;

/// A pre-flop hand after the blinds: seats 0-2 with 1,000 each, blinds 5-10.
fn mid_hand() -> Value {
    let hand = preflop(HandConfig::no_limit(Chips(10)), &[1_000; 3], 0);
    serde_json::to_value(&hand).expect("serializes")
}

/// The same hand on the flop (Jc 3d 5c), the pre-flop betting called around.
fn on_the_flop() -> Value {
    let mut hand = preflop(HandConfig::no_limit(Chips(10)), &[1_000; 3], 0);
    for (seat, action) in [(0, Action::Call), (1, Action::Call), (2, Action::Check)] {
        hand.apply(common::T, Input::act(s(seat), action))
            .expect("pre-flop");
    }
    board(&mut hand, "Jc 3d 5c");
    serde_json::to_value(&hand).expect("serializes")
}

fn load(value: Value) -> Result<Hand, String> {
    serde_json::from_value::<Hand>(value).map_err(|e| e.to_string())
}

#[test]
fn a_seat_total_that_does_not_match_its_stack_is_refused_on_load() {
    let mut v = mid_hand();
    v["seats"][1]["total"] = Value::from(500u64);
    let err = load(v).expect_err("a total of 500 with 5 in the pot");
    let expected = StateError::ContributionMismatch { seat: s(1) }.to_string();
    assert!(err.contains(&expected), "{err}");
}

#[test]
fn a_config_with_big_blind_zero_is_refused_on_load() {
    let mut v = mid_hand();
    v["config"]["big-blind"] = Value::from(0u64);
    let err = load(v).expect_err("big blind 0");
    assert!(err.contains("big-blind"), "{err}");
}

#[test]
fn a_config_with_an_off_unit_chip_unit_is_refused_on_load() {
    let mut v = mid_hand();
    v["config"]["chip-unit"] = Value::from(7u64);
    let err = load(v).expect_err("blinds 5-10 are not 7-chip units");
    assert!(err.contains("chip units"), "{err}");
}

#[test]
fn a_seat_out_of_range_is_named_once() {
    let message = StateError::SeatOutOfRange {
        field: "to act",
        seat: holdem_betting::Seat::new(15).expect("a seat index below 23"),
    }
    .to_string();
    assert!(
        message.starts_with("to act refers to seat 15,"),
        "{message}"
    );
    assert!(!message.contains("seat seat"), "{message}");
}

#[test]
fn b7_a_board_length_past_the_dealt_board_is_refused_on_load() {
    // Loaded, it would make the turn deal write past the board.
    let mut v = on_the_flop();
    v["board-len"] = Value::from(5u8);
    let err = load(v).expect_err("5 cards claimed, 3 dealt");
    let expected = StateError::BoardMismatch {
        street: Street::Flop,
        board_len: 5,
    }
    .to_string();
    assert!(err.contains(&expected), "{err}");
}

#[test]
fn b7_a_street_that_is_not_the_dealt_boards_is_refused_on_load() {
    let mut v = on_the_flop();
    assert!(load(v.clone()).is_ok());
    v["street"] = serde_json::to_value(Street::River).expect("street");
    let err = load(v).expect_err("the river on a flop");
    let expected = StateError::BoardMismatch {
        street: Street::River,
        board_len: 3,
    }
    .to_string();
    assert!(err.contains(&expected), "{err}");
}

#[test]
fn c1_a_driver_deck_holding_a_dealt_card_is_refused_on_load() {
    use holdem_betting::{Dealer, Deck, Driver, Player};
    let players: Vec<_> = (0..3).map(|i| Player::new(s(i), Chips(1_000))).collect();
    let hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0)).expect("hand");
    let mut driver: Driver = Driver::new(hand, Dealer::new(Deck::seeded(7)));
    let _ = driver.advance().expect("a decision");
    let mut v = serde_json::to_value(&driver).expect("serializes");
    assert!(serde_json::from_value::<Driver>(v.clone()).is_ok());
    let dealt = v["hand"]["seats"][1]["hole"][0].clone();
    v["dealer"]["deck"][0] = dealt.clone();
    let err = serde_json::from_value::<Driver>(v)
        .expect_err("the deck holds a dealt card")
        .to_string();
    let card: holdem_betting::Card = serde_json::from_value(dealt).expect("a card");
    let expected = StateError::DeckHoldsDealtCard { card }.to_string();
    assert!(err.contains(&expected), "{err}");
}
