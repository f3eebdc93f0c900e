//! Rule B26: run it twice or three times. Once no more betting is possible the
//! players still in may agree to deal the rest of the board more than once; each pot
//! is divided between the runs and each part awarded on its own board.

mod common;

use common::*;
use holdem_betting::{
    Action::*, Chips, DealOutcome, Dealer, DealerInput, Event, Events, Hand, HandConfig, HandError,
    Input, Pending, Player, Street,
};
use holdem_cards::Deck;

fn run_it(max: u8) -> HandConfig {
    let mut config = nl(10);
    config.max_board_runs = max;
    config
}

fn offer(hand: &mut Hand, seat: u8, runs: u8) -> Result<Events, HandError> {
    hand.apply(
        T,
        Input::OfferRuns {
            seat: s(seat),
            runs,
        },
    )
}

fn answer(hand: &mut Hand, seat: u8, accept: bool) -> Result<Events, HandError> {
    hand.apply(
        T,
        Input::AnswerRuns {
            seat: s(seat),
            accept,
        },
    )
}

/// Refused, and the hand unchanged.
fn refused(hand: &mut Hand, input: Input) -> HandError {
    let before = hand.clone();
    let err = hand.apply(T, input).expect_err("refused");
    assert_eq!(*hand, before, "a refused input changed the hand");
    err
}

/// Heads-up, 1,000 each, both all-in before the flop: aces (seat 0) against kings.
fn all_in_preflop(config: HandConfig) -> Hand {
    let mut hand = posted(config, &[1_000, 1_000], 0);
    deal_known(&mut hand, &["Ah Ad", "Kh Kd"]);
    ok(&mut hand, 0, AllIn);
    ok(&mut hand, 1, Call);
    assert_eq!(
        hand.pending(),
        Pending::Board {
            street: Street::Flop
        }
    );
    hand
}

/// Deals a whole run from the flop: `cards` are five board cards.
fn run_from_flop(hand: &mut Hand, cards: &str) -> Vec<Event> {
    let c: Vec<&str> = cards.split(' ').collect();
    let mut events = Vec::new();
    for part in [c[..3].join(" "), c[3].to_owned(), c[4].to_owned()] {
        events.extend(board(hand, &part).iter().map(|e| e.event));
    }
    events
}

/// (run, index, amount, winners) of every pot award.
fn awards(events: &[Event]) -> Vec<(u8, u8, u64, Vec<u8>)> {
    events
        .iter()
        .filter_map(|e| match *e {
            Event::PotAwarded {
                run,
                index,
                amount,
                winners,
                ..
            } => Some((
                run,
                index,
                amount.get(),
                winners.iter().map(|s| s.index()).collect(),
            )),
            _ => None,
        })
        .collect()
}

#[test]
fn b26_all_in_before_the_flop_run_twice_each_run_wins_half_the_pot() {
    let mut hand = all_in_preflop(run_it(2));
    assert!(hand.runs_offerable());
    let events = offer(&mut hand, 0, 2).expect("offer");
    assert!(has(&events, |e| matches!(
        e,
        Event::RunsOffered { runs: 2, .. }
    )));
    let open = hand.run_offer().expect("open offer");
    assert_eq!((open.seat, open.runs), (s(0), 2));
    assert!(open.waiting.contains(s(1)) && !open.waiting.contains(s(0)));
    // No card is dealt while an answer is missing.
    let err = refused(&mut hand, Input::Deal(DealerInput::Burn(Some(c("2s")))));
    assert!(matches!(err, HandError::RunsUndecided { runs: 2, .. }));
    assert_eq!(err.rule(), "B26");
    let events = answer(&mut hand, 1, true).expect("accept");
    assert!(has(&events, |e| matches!(e, Event::RunsAgreed { runs: 2 })));
    assert_eq!(hand.board_runs(), 2);
    assert!(hand.run_offer().is_none());

    // The first run: the aces hold. Its river starts the second run from an empty
    // board.
    let events = run_from_flop(&mut hand, "2c 7s 9d 3h 4c");
    assert!(events.contains(&Event::RunStarted { run: 1 }));
    assert_eq!(hand.current_run(), 1);
    assert_eq!(hand.board(), &[]);
    assert_eq!(hand.run_board(0).map(<[_]>::len), Some(5));
    // A card of the first run is never dealt again.
    let err = refused(
        &mut hand,
        Input::Deal(DealerInput::Flop([
            Some(c("2c")),
            Some(c("8c")),
            Some(c("5d")),
        ])),
    );
    assert!(matches!(err, HandError::DuplicateCard { .. }));
    // The second run: a king for seat 1.
    let events = run_from_flop(&mut hand, "Ks 8c 5d Jh 6s");
    assert!(hand.is_complete());
    assert_eq!(
        awards(&events),
        vec![(0, 0, 1_000, vec![0]), (1, 0, 1_000, vec![1])]
    );
    let result = hand.result().expect("settled");
    assert_eq!(result.final_stack(s(0)), Chips(1_000));
    assert_eq!(result.final_stack(s(1)), Chips(1_000));
    assert!(hand.chips_conserved());
}

#[test]
fn b26_three_runs_divide_the_pot_in_three_with_the_odd_chips_to_the_first_run() {
    // Seat 2 folds its big blind's 10 chips into the pot: 2,010 in all, 670 a run.
    // With 1,000 + 1,001 + 10 it is 2,011: 671 to the first run, 670 to the others.
    let mut hand = posted(run_it(3), &[1_001, 1_000, 1_000], 0);
    deal_known(&mut hand, &["Ah Ad", "Kh Kd", "2h 3d"]);
    ok(&mut hand, 0, AllIn);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Fold);
    // Seat 0's extra chip is uncalled and went back.
    assert_eq!(hand.pot_total(), Chips(2_010));
    let err = refused(
        &mut hand,
        Input::OfferRuns {
            seat: s(2),
            runs: 3,
        },
    );
    assert!(matches!(err, HandError::RunsNotPossible { .. }), "folded");
    offer(&mut hand, 1, 3).expect("offer");
    answer(&mut hand, 0, true).expect("accept");
    assert_eq!(hand.board_runs(), 3);
    run_from_flop(&mut hand, "2c 7s 9d 3h 4c");
    run_from_flop(&mut hand, "Ks 8c 5d Jh 6s");
    let events = run_from_flop(&mut hand, "Kc 8d 5s Jd 6c");
    assert_eq!(
        awards(&events),
        vec![
            (0, 0, 670, vec![0]),
            (1, 0, 670, vec![1]),
            (2, 0, 670, vec![1])
        ]
    );
    let result = hand.result().expect("settled");
    assert_eq!(result.final_stack(s(0)), Chips(671));
    assert_eq!(result.final_stack(s(1)), Chips(1_340));
    assert_eq!(result.final_stack(s(2)), Chips(990));

    // 2,011 in the pot: seat 2's big blind is 11.
    let mut config = run_it(3);
    config.big_blind = Chips(11);
    let mut hand = posted(config, &[1_000, 1_000, 1_000], 0);
    deal_known(&mut hand, &["Ah Ad", "Kh Kd", "2h 3d"]);
    ok(&mut hand, 0, AllIn);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Fold);
    assert_eq!(hand.pot_total(), Chips(2_011));
    offer(&mut hand, 0, 3).expect("offer");
    answer(&mut hand, 1, true).expect("accept");
    run_from_flop(&mut hand, "2c 7s 9d 3h 4c");
    run_from_flop(&mut hand, "Ks 8c 5d Jh 6s");
    let events = run_from_flop(&mut hand, "Kc 8d 5s Jd 6c");
    assert_eq!(
        awards(&events),
        vec![
            (0, 0, 671, vec![0]),
            (1, 0, 670, vec![1]),
            (2, 0, 670, vec![1])
        ]
    );
}

#[test]
fn b26_any_refusal_means_one_run() {
    let mut hand = all_in_preflop(run_it(3));
    offer(&mut hand, 1, 2).expect("offer");
    let events = answer(&mut hand, 0, false).expect("refuse");
    assert!(has(&events, |e| matches!(
        e,
        Event::RunsAnswered { accept: false, .. }
    )));
    assert!(has(&events, |e| matches!(e, Event::RunsAgreed { runs: 1 })));
    assert_eq!(hand.board_runs(), 1);
    // No second offer.
    assert!(!hand.runs_offerable());
    assert!(matches!(
        refused(
            &mut hand,
            Input::OfferRuns {
                seat: s(0),
                runs: 2
            }
        ),
        HandError::RunsNotPossible { .. }
    ));
    let events = run_from_flop(&mut hand, "Ks 8c 5d Jh 6s");
    assert!(hand.is_complete());
    assert_eq!(awards(&events), vec![(0, 0, 2_000, vec![1])]);
}

#[test]
fn b26_runs_are_offered_only_once_no_more_betting_is_possible() {
    // Off (the default): refused.
    let mut hand = all_in_preflop(nl(10));
    assert!(!hand.runs_offerable());
    assert!(matches!(
        refused(
            &mut hand,
            Input::OfferRuns {
                seat: s(0),
                runs: 2
            }
        ),
        HandError::RunsNotPossible { .. }
    ));
    // While betting is possible: refused, in a round or between rounds.
    let mut hand = preflop(run_it(3), &[1_000; 3], 0);
    assert!(matches!(
        refused(
            &mut hand,
            Input::OfferRuns {
                seat: s(0),
                runs: 2
            }
        ),
        HandError::RunsNotPossible { .. }
    ));
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Check);
    assert!(!hand.runs_offerable(), "three players can still bet");
    assert!(matches!(
        refused(
            &mut hand,
            Input::OfferRuns {
                seat: s(0),
                runs: 2
            }
        ),
        HandError::RunsNotPossible { .. }
    ));
    // More runs than the table allows, or fewer than two.
    let mut hand = all_in_preflop(run_it(2));
    for runs in [0, 1, 3] {
        assert!(matches!(
            refused(&mut hand, Input::OfferRuns { seat: s(0), runs }),
            HandError::RunsNotPossible { .. }
        ));
    }
    // After the burn of the next street: too late.
    hand.apply(T, Input::Deal(DealerInput::Burn(Some(c("2s")))))
        .expect("burn");
    assert!(matches!(
        refused(
            &mut hand,
            Input::OfferRuns {
                seat: s(0),
                runs: 2
            }
        ),
        HandError::RunsNotPossible { .. }
    ));
    // An answer with no offer open, or from the offerer.
    let mut hand = all_in_preflop(run_it(2));
    assert!(matches!(
        refused(
            &mut hand,
            Input::AnswerRuns {
                seat: s(1),
                accept: true
            }
        ),
        HandError::RunsNotPossible { .. }
    ));
    offer(&mut hand, 0, 2).expect("offer");
    assert!(matches!(
        refused(
            &mut hand,
            Input::AnswerRuns {
                seat: s(0),
                accept: true
            }
        ),
        HandError::RunsNotPossible { .. }
    ));
    // A max of 4 runs is not a config.
    let mut config = nl(10);
    config.max_board_runs = 4;
    assert!(matches!(
        config.validate(),
        Err(HandError::InvalidConfig {
            field: "max-board-runs",
            ..
        })
    ));
}

#[test]
fn b26_run_twice_from_the_flop_each_side_pot_is_divided_too() {
    // Seat 2 is all-in for 100, seats 0 and 1 for 300: a main pot of 300 and a side
    // pot of 400. The flop is shared; the turn and river run twice.
    let mut hand = posted(run_it(2), &[300, 300, 100], 0);
    deal_known(&mut hand, &["Ah Ad", "Kh Kd", "Qh Qd"]);
    ok(&mut hand, 0, AllIn);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Call);
    board(&mut hand, "2c 7s 9d");
    // Everyone is all-in already before the flop, so the offer comes at the turn.
    assert_eq!(
        hand.pending(),
        Pending::Board {
            street: Street::Turn
        }
    );
    offer(&mut hand, 2, 2).expect("offer");
    answer(&mut hand, 0, true).expect("accept");
    answer(&mut hand, 1, true).expect("accept");
    // Run 1: a queen for seat 2 (main pot), seat 0's aces beat the kings (side).
    board(&mut hand, "Qs");
    let events = hand
        .apply(T, Input::Deal(DealerInput::River(Some(c("3h")))))
        .expect("river");
    assert!(has(&events, |e| matches!(e, Event::RunStarted { run: 1 })));
    assert_eq!(hand.board().len(), 3, "back to the shared flop");
    // Run 2: a king for seat 1, best everywhere.
    board(&mut hand, "Ks");
    let events = hand
        .apply(T, Input::Deal(DealerInput::River(Some(c("4h")))))
        .expect("river");
    let events: Vec<Event> = events.iter().map(|e| e.event).collect();
    assert_eq!(
        awards(&events),
        vec![
            (0, 0, 150, vec![2]),
            (1, 0, 150, vec![1]),
            (0, 1, 200, vec![0]),
            (1, 1, 200, vec![1])
        ]
    );
    let result = hand.result().expect("settled");
    assert_eq!(result.final_stack(s(2)), Chips(150));
    assert_eq!(result.final_stack(s(0)), Chips(200));
    assert_eq!(result.final_stack(s(1)), Chips(350));
}

#[test]
fn b26_the_dealer_deals_every_run_from_one_deck_never_reusing_a_card() {
    for seed in 0..20 {
        let players: Vec<Player> = (0..6).map(|i| Player::new(s(i), Chips(500))).collect();
        let mut hand = Hand::new(run_it(3), &players, s(0)).expect("hand");
        let mut sink = Vec::new();
        hand.post_forced_bets(T, &mut sink).expect("posts");
        let mut dealer = Dealer::shuffled_for_runs(&hand, &mut rand_chacha_seed(seed));
        let outcome = dealer
            .deal_hole_cards(&mut hand, T, &[], &mut sink)
            .expect("deal");
        assert_eq!(outcome, DealOutcome::Dealt);
        // Everyone all-in: the board runs three times.
        while let Some(seat) = hand.to_act() {
            hand.apply(T, Input::act(seat, AllIn)).expect("all-in");
        }
        offer(&mut hand, 0, 3).expect("offer");
        for seat in 1..6 {
            answer(&mut hand, seat, true).expect("accept");
        }
        while dealer.deal_pending(&mut hand, T, &mut sink).expect("deal") {}
        assert!(hand.is_complete(), "seed {seed}: {}", hand.pending());
        // 12 hole cards, three runs of three burns and five cards: all distinct.
        assert_eq!(hand.known_cards().len(), 12 + 3 * 8);
        assert!(hand.chips_conserved());
        let parts = hand.result().expect("settled").pots().len();
        assert_eq!(parts, 3, "one pot, three parts");
    }
}

fn rand_chacha_seed(seed: u64) -> rand_chacha::ChaCha8Rng {
    use rand_core::SeedableRng;
    rand_chacha::ChaCha8Rng::seed_from_u64(seed)
}

#[test]
fn b26_the_dealer_holds_the_cards_of_every_run_the_table_allows() {
    // The dealer's deck holds the cards every allowed run can use.
    let players: Vec<Player> = (0..10).map(|i| Player::new(s(i), Chips(500))).collect();
    let hand = Hand::new(run_it(3), &players, s(0)).expect("hand");
    let dealer = Dealer::shuffled_for_runs(&hand, &mut rand_chacha_seed(1));
    assert_eq!(dealer.cards_left(), Dealer::cards_needed(10) + 16);
    assert!(dealer.cards_left() <= Deck::new().len());
    // With one run, the same deck as `shuffled_for`.
    let hand = Hand::new(nl(10), &players, s(0)).expect("hand");
    let one = Dealer::shuffled_for_runs(&hand, &mut rand_chacha_seed(1));
    assert_eq!(one.cards_left(), Dealer::cards_needed(10));
    let mut a = one.clone();
    let mut b = Dealer::shuffled_for(&hand, &mut rand_chacha_seed(1));
    let mut sink = Vec::new();
    let (mut ha, mut hb) = (hand.clone(), hand.clone());
    ha.post_forced_bets(T, &mut sink).expect("posts");
    hb.post_forced_bets(T, &mut sink).expect("posts");
    a.deal_hole_cards(&mut ha, T, &[], &mut sink).expect("deal");
    b.deal_hole_cards(&mut hb, T, &[], &mut sink).expect("deal");
    assert_eq!(ha, hb);
}
