//! Shared helpers for the rulebook tests.
#![allow(dead_code)]

use holdem_betting::{
    Action, Chips, DealerInput, Event, Events, Hand, HandConfig, HandError, Input, Pending, Player,
    Seat, Street, Timestamp,
};
use holdem_cards::Card;

pub const T: Timestamp = Timestamp(1_000);

pub fn s(i: u8) -> Seat {
    Seat::new(i).expect("seat")
}

pub fn c(text: &str) -> Card {
    text.parse().expect("card")
}

/// A hand with players in seats 0.. with these stacks, forced bets posted.
pub fn posted(config: HandConfig, stacks: &[u64], button: u8) -> Hand {
    let players: Vec<Player> = stacks
        .iter()
        .enumerate()
        .map(|(i, &st)| Player::new(s(i as u8), Chips(st)))
        .collect();
    let mut hand = Hand::new(config, &players, s(button)).expect("valid hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    hand
}

/// Deals unknown hole cards to everyone (betting tests do not need the cards).
pub fn deal_unknown(hand: &mut Hand) {
    while let Pending::HoleCards { seat } = hand.pending() {
        hand.apply(
            T,
            Input::Deal(DealerInput::HoleCards {
                seat,
                cards: [None, None],
            }),
        )
        .expect("deal");
    }
}

/// A hand ready for pre-flop betting.
pub fn preflop(config: HandConfig, stacks: &[u64], button: u8) -> Hand {
    let mut hand = posted(config, stacks, button);
    deal_unknown(&mut hand);
    hand
}

pub fn act(hand: &mut Hand, seat: u8, action: Action) -> Result<Events, HandError> {
    hand.apply(T, Input::act(s(seat), action))
}

/// Applies an action that must be accepted.
pub fn ok(hand: &mut Hand, seat: u8, action: Action) -> Events {
    match act(hand, seat, action) {
        Ok(events) => events,
        Err(e) => panic!("seat {seat} {action}: {e}"),
    }
}

/// Applies an action that must be rejected, checks nothing changed, returns the error.
pub fn rejected(hand: &mut Hand, seat: u8, action: Action) -> HandError {
    let before = hand.clone();
    let err = act(hand, seat, action).expect_err("must be rejected");
    assert_eq!(*hand, before, "a rejected input changed the hand");
    err
}

/// Deals unknown board cards for the pending street.
pub fn deal_board(hand: &mut Hand) {
    let input = match hand.pending() {
        Pending::Board { street } => match street {
            holdem_betting::Street::Flop => DealerInput::Flop([None; 3]),
            holdem_betting::Street::Turn => DealerInput::Turn(None),
            _ => DealerInput::River(None),
        },
        other => panic!("no board pending: {other}"),
    };
    hand.apply(T, Input::Deal(input)).expect("board");
}

pub fn chips(n: u64) -> Chips {
    Chips(n)
}

pub fn has(events: &Events, pred: impl Fn(&Event) -> bool) -> bool {
    events.iter().any(|e| pred(&e.event))
}

/// A no-limit configuration with this big blind.
pub fn nl(bb: u64) -> HandConfig {
    HandConfig::no_limit(Chips(bb))
}

/// Deals known hole cards (`"Ah Kh"` per seat in seat order).
pub fn deal_known(hand: &mut Hand, holes: &[&str]) {
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

/// Deals the next street's board cards (`"Jc 3d 5c"` on the flop, one card after)
/// and returns the hand's events.
pub fn board(hand: &mut Hand, cards: &str) -> Events {
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
    hand.apply(T, Input::Deal(input)).expect("board")
}

/// `seat` shows its hole cards at the showdown (the cards the hand already knows).
pub fn show(hand: &mut Hand, seat: u8) -> Events {
    hand.apply(
        T,
        Input::Show {
            seat: s(seat),
            cards: None,
        },
    )
    .expect("show")
}
