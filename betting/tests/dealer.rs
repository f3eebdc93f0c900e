//! The dealer helper: dealing order (C3), burns (C4) and misdeals (C6).

mod common;

use common::{T, posted, s};
use holdem_betting::{
    Action, DealOutcome, Dealer, DealerInput, Event, HandConfig, Input, Pending, Seat,
};
use holdem_cards::{Card, Deck};
use holdem_pots::Chips;
use proptest::prelude::*;

/// A deck dealing `Card::ALL` in order, so card `k` of the deal is `Card::ALL[k]`.
fn stacked() -> Dealer {
    Dealer::new(Deck::from_order(&Card::ALL).expect("52 distinct cards"))
}

fn k(i: usize) -> Option<Card> {
    Card::ALL.get(i).copied()
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

#[test]
fn c3_dealing_all_hole_cards_at_once_equals_dealing_seat_by_seat() {
    // The dealer hands out every hole card in one batch: the hand must end up exactly
    // as with one `HoleCards` input per seat in C3 order, with the same events.
    use holdem_betting::DealerInput;
    for players in 2..=10u8 {
        for button in [0, players - 1, players / 2] {
            let stacks = vec![1_000; usize::from(players)];
            let mut fast = posted(HandConfig::no_limit(Chips(10)), &stacks, button);
            let mut slow = fast.clone();
            let seed = u64::from(players) * 16 + u64::from(button);
            let (mut fast_events, mut slow_events) = (Vec::new(), Vec::new());
            Dealer::new(Deck::seeded(seed))
                .deal_hole_cards(&mut fast, T, &[], &mut fast_events)
                .expect("deal");
            let mut deck = Deck::seeded(seed);
            let n = usize::from(players);
            let mut cards = vec![Card::ALL[0]; 2 * n];
            deck.deal_into(&mut cards).expect("cards");
            let mut k = 0;
            while let Pending::HoleCards { seat } = slow.pending() {
                let input = Input::Deal(DealerInput::HoleCards {
                    seat,
                    cards: [Some(cards[k]), Some(cards[n + k])],
                });
                slow_events.extend(slow.apply(T, input).expect("hole cards"));
                k += 1;
            }
            assert_eq!(k, n);
            assert_eq!(fast, slow, "{players} players, button {button}");
            assert_eq!(
                fast_events, slow_events,
                "{players} players, button {button}"
            );
        }
    }
}

#[test]
fn c3_hole_cards_in_one_call_equal_one_input_per_seat() {
    // `Hand::deal_hole_cards` (replays: every seat's recorded cards at once) must be
    // exactly the single `HoleCards` inputs in the same order: same hand, same events,
    // and on a refused entry the same error with the entries before it dealt.
    use holdem_betting::DealerInput;
    type Deals = Vec<(holdem_betting::Seat, [Option<Card>; 2])>;
    let cards: Vec<Card> = Card::ALL[..20].to_vec();
    let check = |players: u8, button: u8, deals: Deals| {
        let stacks = vec![1_000; usize::from(players)];
        let mut one = posted(HandConfig::no_limit(Chips(10)), &stacks, button);
        let mut each = one.clone();
        let (mut one_events, mut each_events) = (Vec::new(), Vec::new());
        let one_result = one.deal_hole_cards(T, &deals, &mut one_events);
        let mut each_result = Ok(());
        for &(seat, cards) in &deals {
            match each.apply(T, Input::Deal(DealerInput::HoleCards { seat, cards })) {
                Ok(events) => each_events.extend(events),
                Err(e) => {
                    let i = deals.iter().position(|d| d.0 == seat && d.1 == cards);
                    each_result = Err((i.unwrap_or(0), e));
                    break;
                }
            }
        }
        let what = format!("{players} players, button {button}, {deals:?}");
        assert_eq!(one_result, each_result, "{what}");
        assert_eq!(one, each, "{what}");
        assert_eq!(one_events, each_events, "{what}");
        assert!(one.masks_consistent() && one.chips_conserved(), "{what}");
    };
    for players in 2..=10u8 {
        for button in [0, players - 1] {
            let n = usize::from(players);
            let known: Deals = (0..n)
                .map(|i| (s(i as u8), [Some(cards[2 * i]), Some(cards[2 * i + 1])]))
                .collect();
            // Every seat, known cards, seat order and reversed.
            check(players, button, known.clone());
            check(players, button, known.iter().rev().copied().collect());
            // Unknown cards (`??`) and a mix.
            let mut mixed = known.clone();
            mixed[0].1 = [None, None];
            mixed[n - 1].1[1] = None;
            check(players, button, mixed);
            // Only some seats: dealt, the hand still waits for the rest.
            check(players, button, known[..n - 1].to_vec());
            // A card twice (C1), a seat twice, a seat not in the hand.
            let mut twice = known.clone();
            twice[n - 1].1[0] = twice[0].1[1];
            check(players, button, twice);
            let mut seat_twice = known.clone();
            seat_twice[n - 1].0 = seat_twice[0].0;
            check(players, button, seat_twice);
            if players < 10 {
                let mut stranger = known.clone();
                stranger.push((s(players), [Some(cards[18]), Some(cards[19])]));
                check(players, button, stranger);
            }
        }
    }
}

#[test]
fn c1_c2_a_dealer_shuffled_for_the_hand_has_every_card_the_hand_can_use() {
    // `Dealer::shuffled_for` shuffles only the 2n + 8 cards a hand can use (C2 for
    // those cards): a hand called down to the river and shown still has them all,
    // also when a single exposed card is replaced and becomes the first burn (C6).
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    for players in 2..=10u8 {
        for exposed in [&[][..], &[1][..]] {
            let stacks = vec![1_000; usize::from(players)];
            let mut hand = posted(HandConfig::no_limit(Chips(10)), &stacks, 0);
            let mut dealer = Dealer::shuffled_for(&hand, &mut rng);
            assert_eq!(
                dealer.cards_left(),
                Dealer::cards_needed(usize::from(players))
            );
            let mut events = Vec::new();
            dealer
                .deal_hole_cards(&mut hand, T, exposed, &mut events)
                .expect("deal");
            loop {
                match hand.pending() {
                    Pending::Action { seat } => {
                        hand.apply_into(T, Input::act(seat, Action::CheckOrCall), &mut events)
                            .expect("call");
                    }
                    Pending::Board { .. } => {
                        dealer.deal_board(&mut hand, T, &mut events).expect("board")
                    }
                    Pending::Showdown { seat } => {
                        hand.apply_into(T, Input::Show { seat, cards: None }, &mut events)
                            .expect("show");
                    }
                    Pending::Complete => break,
                    other => panic!("unexpected {other:?}"),
                }
            }
            assert_eq!(
                dealer.cards_left(),
                0,
                "{players} players, exposed {exposed:?}"
            );
        }
    }
}

#[test]
fn c4_burning_and_dealing_a_street_in_one_call_equals_two_inputs() {
    // The dealer burns and deals each street in one call: the hand must end up
    // exactly as with a `Burn` input and then the street's input, same events.
    use holdem_betting::{DealerInput, Street};
    for players in [2u8, 3, 6, 10] {
        let stacks = vec![1_000; usize::from(players)];
        let mut fast = posted(HandConfig::no_limit(Chips(10)), &stacks, 0);
        let seed = u64::from(players);
        let mut dealer = Dealer::new(Deck::seeded(seed));
        let (mut fast_events, mut slow_events) = (Vec::new(), Vec::new());
        dealer
            .deal_hole_cards(&mut fast, T, &[], &mut fast_events)
            .expect("deal");
        let mut slow = fast.clone();
        let skip = fast_events.len();
        let mut deck = Deck::seeded(seed);
        for _ in 0..2 * players {
            deck.deal().expect("hole card");
        }
        for street in [Street::Flop, Street::Turn, Street::River] {
            for hand in [&mut fast, &mut slow] {
                while let Some(seat) = hand.to_act() {
                    hand.apply(T, Input::act(seat, Action::CheckOrCall))
                        .expect("call");
                }
            }
            dealer
                .deal_board(&mut fast, T, &mut fast_events)
                .expect("board");
            let burn = DealerInput::Burn(Some(deck.deal().expect("burn")));
            slow_events.extend(slow.apply(T, Input::Deal(burn)).expect("burn"));
            let mut card = || Some(deck.deal().expect("board card"));
            let input = match street {
                Street::Flop => DealerInput::Flop([card(), card(), card()]),
                Street::Turn => DealerInput::Turn(card()),
                _ => DealerInput::River(card()),
            };
            slow_events.extend(slow.apply(T, Input::Deal(input)).expect("street"));
            assert_eq!(fast, slow, "{players} players, {street:?}");
            assert_eq!(
                fast_events[skip..],
                slow_events[..],
                "{players} players, {street:?}"
            );
        }
    }
}

#[test]
fn a_completed_hand_clones_with_its_result() {
    // `Clone` copies a hand in play without its (empty) result and a completed one
    // with it: both copies equal the original, result included.
    let mut hand = posted(HandConfig::no_limit(Chips(10)), &[500, 500, 500], 0);
    let in_play = hand.clone();
    assert_eq!(in_play, hand);
    assert!(in_play.result().is_none());
    let mut dealer = stacked();
    let mut events = Vec::new();
    loop {
        match hand.pending() {
            Pending::Complete => break,
            Pending::Action { seat } => {
                hand.apply(T, Input::act(seat, Action::CheckOrCall))
                    .expect("call");
            }
            Pending::Showdown { seat } => {
                hand.apply(T, Input::Show { seat, cards: None })
                    .expect("show");
            }
            _ => {
                assert!(
                    dealer
                        .deal_pending(&mut hand, T, &mut events)
                        .expect("deal")
                );
            }
        }
    }
    let copy = hand.clone();
    assert!(hand.result().is_some());
    assert_eq!(copy.result(), hand.result());
    assert_eq!(copy, hand);
}

/// One generated deal: a seat index (some beyond the table, some repeated) and two
/// cards from a small range (so that repeats are common), either possibly hidden.
fn deal_strategy() -> impl Strategy<Value = (u8, [Option<usize>; 2])> {
    (
        0u8..8,
        [
            proptest::option::of(0usize..24),
            proptest::option::of(0usize..24),
        ],
    )
}

proptest! {
    /// `Hand::deal_hole_cards` (one call for a run of hole-card deals, with its one-pass
    /// path) does exactly what the `DealerInput::HoleCards` inputs do one by one: the
    /// same error at the same index (C1 repeated or known cards, repeated seats, seats
    /// not in the hand), the same hand after it, the same events.
    #[test]
    fn c1_c3_deal_hole_cards_is_the_inputs_one_by_one(
        players in 2usize..7,
        random_deals in proptest::collection::vec(deal_strategy(), 0..9),
        player_cards in proptest::collection::vec(deal_strategy(), 6),
        every_player in any::<bool>(),
        board_first in any::<bool>(),
    ) {
        // Half the cases deal to exactly the players, once each (the one-pass path's
        // domain), with cards that may still repeat or be hidden.
        let deals: Vec<(u8, [Option<usize>; 2])> = if every_player {
            player_cards[..players]
                .iter()
                .enumerate()
                .map(|(i, &(_, cards))| (i as u8, cards))
                .collect()
        } else {
            random_deals
        };
        let stacks = vec![500u64; players];
        let mut start = posted(HandConfig::no_limit(Chips(10)), &stacks, 0);
        if board_first {
            // A card already known to the hand (a shown card is not possible before the
            // deal; the first seat's cards dealt as a separate input instead).
            start
                .apply(
                    T,
                    Input::Deal(DealerInput::HoleCards { seat: s(1), cards: [k(0), None] }),
                )
                .expect("first seat's deal");
        }
        let deals: Vec<(Seat, [Option<Card>; 2])> = deals
            .iter()
            .map(|&(seat, [a, b])| (s(seat), [a.and_then(k), b.and_then(k)]))
            .collect();
        let (mut bulk, mut bulk_events) = (start.clone(), Vec::new());
        let bulk_result = bulk.deal_hole_cards(T, &deals, &mut bulk_events);
        let (mut single, mut single_events) = (start.clone(), Vec::new());
        let mut single_result = Ok(());
        for (i, &(seat, cards)) in deals.iter().enumerate() {
            if let Err(e) = single.apply_into(
                T,
                Input::Deal(DealerInput::HoleCards { seat, cards }),
                &mut single_events,
            ) {
                single_result = Err((i, e));
                break;
            }
        }
        prop_assert_eq!(bulk_result, single_result);
        prop_assert_eq!(bulk_events, single_events);
        prop_assert!(bulk == single, "the hands differ after the deals");
    }
}

#[test]
fn c1_a_dealer_card_the_hand_already_knows_gets_the_inputs_exact_error() {
    // The hand's hole cards came from elsewhere (a replay, another deck): when the
    // dealer's burn or flop card is one the hand knows, the one-call path must fall
    // back to the two inputs and report the duplicate card as they would.
    use holdem_betting::{DealerError, HandError};
    let mut hand = posted(HandConfig::no_limit(Chips(10)), &[1_000, 1_000], 0);
    stacked()
        .deal_hole_cards(&mut hand, T, &[], &mut Vec::new())
        .expect("deal");
    while let Some(seat) = hand.to_act() {
        hand.apply(T, Input::act(seat, Action::CheckOrCall))
            .expect("call");
    }
    let before = hand.clone();
    // Card 3 is the big blind's second hole card (cards 0-3 went to the players).
    for (order, burn_is_known) in [([3usize, 10, 11, 12], true), ([9, 10, 3, 12], false)] {
        let cards: Vec<Card> = order.iter().map(|&i| Card::ALL[i]).collect();
        let mut dealer = Dealer::new(Deck::from_order(&cards).expect("distinct cards"));
        let mut events = Vec::new();
        let err = dealer
            .deal_board(&mut hand, T, &mut events)
            .expect_err("a known card");
        assert_eq!(
            err,
            DealerError::Hand(HandError::DuplicateCard { card: Card::ALL[3] })
        );
        if burn_is_known {
            assert_eq!(hand, before, "a refused burn changes nothing");
            assert!(events.is_empty());
        } else {
            // The burn input was fine and stays applied, as it would as an input.
            assert_eq!(events.len(), 1, "{events:?}");
            hand = before.clone();
        }
    }
}
