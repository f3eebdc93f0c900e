//! The order of a hand's deal: rules C3 (hole cards from the left of the button,
//! button last, two rounds; heads-up the big blind first) and C4 (burn before the
//! flop, turn and river).

use holdem_cards::{
    BoardStreet, Card, CardSet, DealStep, Deck, DeckError, MAX_HAND_SEATS, deal_hand,
    deal_hole_cards, deal_order,
};
use proptest::prelude::*;

fn hole(seat: usize, round: u8) -> DealStep {
    DealStep::Hole { seat, round }
}

const BOARD_STEPS: [DealStep; 8] = [
    DealStep::Burn { index: 0 },
    DealStep::Board { index: 0 },
    DealStep::Board { index: 1 },
    DealStep::Board { index: 2 },
    DealStep::Burn { index: 1 },
    DealStep::Board { index: 3 },
    DealStep::Burn { index: 2 },
    DealStep::Board { index: 4 },
];

fn card(text: &str) -> Card {
    text.parse().expect("valid card text in test")
}

#[test]
fn c3_c4_six_handed_order_from_left_of_button() {
    let order: Vec<DealStep> = deal_order(6, 3).expect("6 seats, button 3").collect();
    let mut expected: Vec<DealStep> = Vec::new();
    for round in 0..2 {
        for seat in [4, 5, 0, 1, 2, 3] {
            expected.push(hole(seat, round));
        }
    }
    expected.extend(BOARD_STEPS);
    assert_eq!(order, expected);
}

#[test]
fn c3_heads_up_big_blind_gets_first_card() {
    // Heads-up the button posts the small blind and the other seat the big blind
    // (rule B2); dealing "from the left of the button" therefore starts with the
    // big blind, and the button still gets the last card: the same rule, no special case.
    let (button, big_blind) = (0, 1);
    let order: Vec<DealStep> = deal_order(2, button).expect("heads-up").take(4).collect();
    assert_eq!(
        order,
        [
            hole(big_blind, 0),
            hole(button, 0),
            hole(big_blind, 1),
            hole(button, 1)
        ]
    );
    let order: Vec<DealStep> = deal_order(2, 1).expect("heads-up").take(2).collect();
    assert_eq!(order, [hole(0, 0), hole(1, 0)]);
}

#[test]
fn c4_each_street_is_a_burn_then_its_board_cards() {
    let streets: Vec<DealStep> = BoardStreet::ALL
        .iter()
        .flat_map(|s| s.steps().iter().copied())
        .collect();
    assert_eq!(streets, BOARD_STEPS);
    for street in BoardStreet::ALL {
        assert!(
            matches!(street.steps()[0], DealStep::Burn { .. }),
            "{street:?} does not start with a burn"
        );
        assert!(street.steps().iter().all(|s| s.street() == Some(street)));
    }
    assert_eq!(hole(0, 0).street(), None);
}

#[test]
fn c3_deal_order_rejects_bad_seat_counts_and_buttons() {
    assert_eq!(
        deal_order(1, 0),
        Err(DeckError::SeatCount {
            seats: 1,
            min: 2,
            max: 22
        })
    );
    assert_eq!(
        deal_order(23, 0),
        Err(DeckError::SeatCount {
            seats: 23,
            min: 2,
            max: 22
        })
    );
    assert_eq!(
        deal_order(6, 6),
        Err(DeckError::ButtonOutOfRange {
            button: 6,
            seats: 6
        })
    );
    assert!(deal_order(MAX_HAND_SEATS, 21).is_ok());
}

#[test]
fn c3_hole_cards_from_ordered_deck_go_one_at_a_time() {
    // Ordered deck 2c 2d 2h 2s 3c 3d ...; three seats, button at 0: seat 1 first.
    let mut deck = Deck::new();
    let hole = deal_hole_cards(&mut deck, 3, 0).expect("enough cards");
    assert_eq!(hole[1], [card("2c"), card("2s")]);
    assert_eq!(hole[2], [card("2d"), card("3c")]);
    assert_eq!(hole[0], [card("2h"), card("3d")]); // the button, last in each round
    assert_eq!(deck.len(), 46);
}

#[test]
fn c3_c4_deal_hand_heads_up_from_ordered_deck() {
    let mut deck = Deck::new();
    let hand = deal_hand(&mut deck, 2, 1).expect("enough cards");
    assert_eq!(
        hand.hole.as_slice(),
        [[card("2c"), card("2h")], [card("2d"), card("2s")]]
    );
    assert_eq!(hand.burns, [card("3c"), card("4c"), card("4h")]);
    assert_eq!(
        hand.board,
        [card("3d"), card("3h"), card("3s"), card("4d"), card("4s")]
    );
    assert_eq!(deck.len(), 52 - 12);
}

#[test]
fn c1_deal_hand_without_enough_cards_leaves_deck_unchanged() {
    let mut deck = Deck::from_order(&Card::ALL[..19]).expect("19 distinct cards");
    let before = deck.clone();
    // 6 seats need 12 + 8 = 20 cards.
    assert_eq!(
        deal_hand(&mut deck, 6, 0),
        Err(DeckError::NotEnoughCards {
            needed: 20,
            left: 19
        })
    );
    assert_eq!(deck, before);
    let mut deck = Deck::from_order(&Card::ALL[..11]).expect("11 distinct cards");
    assert_eq!(
        deal_hole_cards(&mut deck, 6, 0),
        Err(DeckError::NotEnoughCards {
            needed: 12,
            left: 11
        })
    );
    assert_eq!(deck.len(), 11);
}

fn seats_and_button() -> impl Strategy<Value = (usize, usize)> {
    (2..=MAX_HAND_SEATS).prop_flat_map(|n| (Just(n), 0..n))
}

proptest! {
    #[test]
    fn c3_c4_order_invariants((seats, button) in seats_and_button()) {
        let order: Vec<DealStep> = deal_order(seats, button).expect("valid seats").collect();
        prop_assert_eq!(order.len(), 2 * seats + 8);
        prop_assert_eq!(deal_order(seats, button).expect("valid").len(), 2 * seats + 8);
        // C3: left of the button first, the button last, in each of two rounds.
        for round in 0..2u8 {
            let cards: Vec<DealStep> = order[round as usize * seats..(round as usize + 1) * seats].to_vec();
            let expected: Vec<DealStep> = (1..=seats).map(|k| hole((button + k) % seats, round)).collect();
            prop_assert_eq!(cards, expected);
        }
        // C4: the board part is the same for every table.
        prop_assert_eq!(&order[2 * seats..], &BOARD_STEPS[..]);
    }

    #[test]
    fn c1_c3_deal_hand_uses_the_top_cards_once_each(seed in any::<u64>(), (seats, button) in seats_and_button()) {
        let deck = Deck::seeded(seed);
        let mut top = deck.clone();
        let mut dealt_order = Vec::new();
        for _ in 0..2 * seats + 8 {
            dealt_order.push(top.deal().expect("enough cards"));
        }
        let mut deck = deck;
        let hand = deal_hand(&mut deck, seats, button).expect("enough cards");
        let mut all = CardSet::EMPTY;
        for pair in &hand.hole {
            all |= CardSet::from_cards(pair);
        }
        all |= CardSet::from_cards(&hand.burns) | CardSet::from_cards(&hand.board);
        prop_assert_eq!(all.len() as usize, 2 * seats + 8, "a card was dealt twice");
        prop_assert_eq!(all, CardSet::from_cards(&dealt_order));
        prop_assert_eq!(deck, top);
        // The step order maps the i-th card off the deck to its step.
        for (step, card) in deal_order(seats, button).expect("valid").zip(&dealt_order) {
            let placed = match step {
                DealStep::Hole { seat, round } => hand.hole[seat][round as usize],
                DealStep::Burn { index } => hand.burns[index as usize],
                DealStep::Board { index } => hand.board[index as usize],
            };
            prop_assert_eq!(placed, *card);
        }
    }
}
