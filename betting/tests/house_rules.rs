//! House rules added on top of the rulebook: showdown rules (B21), the seed 004
//! re-raise step (B10), per-seat antes (B5) and straddles (B3, B6).

mod common;

use common::*;
use holdem_betting::{
    Action::*, Chips, Event, ForcedBets, Hand, HandConfig, HandError, Input, Pending, Player,
    PostKind, ShowReason, Street,
};

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
    show(&mut hand, 1);
    show(&mut hand, 0);
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

fn players(stacks: &[u64]) -> Vec<Player> {
    stacks
        .iter()
        .enumerate()
        .map(|(i, &st)| Player::new(s(i as u8), Chips(st)))
        .collect()
}

fn forced_hand(config: HandConfig, stacks: &[u64], forced: &ForcedBets) -> Result<Hand, HandError> {
    Hand::with_forced_bets(
        config,
        &players(stacks),
        s(0),
        None,
        forced,
        holdem_eval::Evaluator::new(),
    )
}

fn post_all(hand: &mut Hand) -> Vec<(u8, PostKind, u64)> {
    let mut posted = Vec::new();
    while let Pending::Post { seat, kind, amount } = hand.pending() {
        hand.apply(T, Input::Post { seat, kind, amount })
            .expect("post");
        posted.push((seat.index(), kind, amount.get()));
    }
    posted
}

#[test]
fn b5_any_seat_may_post_its_own_ante_phh_antes() {
    // rule B5: PHH `antes = [0, 0, 0, 50]`: only seat 3 antes, live for side pots.
    let mut forced = ForcedBets::default();
    forced.antes[3] = Chips(50);
    let mut hand = forced_hand(nl(100), &[1_000; 4], &forced).expect("hand");
    let posted = post_all(&mut hand);
    assert_eq!(
        posted,
        vec![
            (3, PostKind::Ante, 50),
            (1, PostKind::SmallBlind, 50),
            (2, PostKind::BigBlind, 100)
        ]
    );
    assert_eq!(hand.collected_pot(), Chips(50));
    assert_eq!(hand.contributed(s(3)), Chips(50));
    // Everyone folds to the big blind: it wins the blind and the ante.
    deal_unknown(&mut hand);
    for seat in [3, 0, 1] {
        ok(&mut hand, seat, Fold);
    }
    let result = hand.result().expect("complete");
    assert_eq!(result.final_stack(s(2)), Chips(1_100));
    assert_eq!(result.final_stack(s(3)), Chips(950));
    assert!(hand.chips_conserved());
}

#[test]
fn b5_a_big_blind_ante_paid_by_one_seat_is_dead_money() {
    // rule B5: the big-blind ante as PHH writes it (one seat's ante), dead money for
    // the main pot: it never counts as a bet or as uncalled.
    let mut forced = ForcedBets::default();
    forced.dead_antes[2] = Chips(100);
    let mut hand = forced_hand(nl(100), &[1_000; 4], &forced).expect("hand");
    let posted = post_all(&mut hand);
    assert_eq!(posted[0], (2, PostKind::BigBlindAnte, 100));
    deal_unknown(&mut hand);
    assert_eq!(hand.legal_actions().expect("seat 3").call_cost, Chips(100));
    ok(&mut hand, 3, RaiseTo(Chips(300)));
    for seat in [0, 1, 2] {
        ok(&mut hand, seat, Fold);
    }
    // Seat 3 wins its uncalled raise back, the blinds and the dead ante.
    let result = hand.result().expect("complete");
    assert_eq!(result.final_stack(s(3)), Chips(1_250));
    assert_eq!(result.final_stack(s(2)), Chips(800));
    assert!(hand.chips_conserved());
}

#[test]
fn b5_forced_bets_of_seats_not_in_the_hand_are_refused() {
    // rule B5
    let mut forced = ForcedBets::default();
    forced.antes[7] = Chips(10);
    let err = forced_hand(nl(100), &[1_000; 4], &forced).expect_err("seat 7 is empty");
    assert_eq!(err, HandError::ForcedBetSeatNotPlaying { seat: s(7) });
    assert_eq!(err.rule(), "B5");
}

#[test]
fn b3_straddle_is_a_live_blind_and_the_straddler_acts_last_preflop() {
    // rule B3, B6, B10: blinds 50-100, seat 3 (left of the big blind) straddles to 200.
    let mut forced = ForcedBets::default();
    forced.straddle(s(3), Chips(200)).expect("room");
    let mut hand = forced_hand(nl(100), &[1_000; 5], &forced).expect("hand");
    let posted = post_all(&mut hand);
    assert_eq!(posted[2], (3, PostKind::Straddle, 200));
    deal_unknown(&mut hand);
    // Left of the straddler acts first; the call is the straddle, the smallest raise
    // doubles it (the straddle acts like the big blind).
    assert_eq!(hand.to_act(), Some(s(4)));
    let legal = hand.legal_actions().expect("seat 4");
    assert_eq!(legal.call_to, Some(Chips(200)));
    assert_eq!(legal.raise.map(|r| r.min), Some(Chips(400)));
    for seat in [4, 0, 1, 2] {
        ok(&mut hand, seat, Call);
    }
    // The straddler has the option, like the big blind.
    assert_eq!(hand.to_act(), Some(s(3)));
    let legal = hand.legal_actions().expect("straddler");
    assert!(legal.check && legal.raise.is_some());
    ok(&mut hand, 3, Check);
    assert_eq!(
        hand.pending(),
        Pending::Board {
            street: Street::Flop
        }
    );
    assert_eq!(hand.collected_pot(), Chips(1_000));
}

#[test]
fn b6_double_straddle_action_starts_left_of_the_last_straddler() {
    // rule B6: seats 3 and 4 straddle to 200 and 400; seat 5 acts first, seat 4 last.
    let mut forced = ForcedBets::default();
    forced.straddle(s(3), Chips(200)).expect("room");
    forced.straddle(s(4), Chips(400)).expect("room");
    let mut hand = forced_hand(nl(100), &[5_000; 6], &forced).expect("hand");
    post_all(&mut hand);
    deal_unknown(&mut hand);
    assert_eq!(hand.to_act(), Some(s(5)));
    assert_eq!(
        hand.legal_actions().expect("seat 5").raise.map(|r| r.min),
        Some(Chips(800))
    );
    for seat in [5, 0, 1, 2, 3] {
        ok(&mut hand, seat, Call);
    }
    assert_eq!(hand.to_act(), Some(s(4)));
}

#[test]
fn b3_straddles_out_of_place_too_small_or_in_fixed_limit_are_refused() {
    // rule B3, B24
    let mut quarters = nl(100);
    quarters.chip_unit = Chips(25);
    let cases: [(u8, u64, HandConfig); 4] = [
        (4, 200, nl(100)),                                      // not left of the big blind
        (3, 150, nl(100)),                                      // less than double
        (3, 210, quarters),                                     // not whole units
        (3, 20, HandConfig::fixed_limit(Chips(10), Chips(20))), // fixed limit
    ];
    for (seat, amount, config) in cases {
        let mut forced = ForcedBets::default();
        forced.straddle(s(seat), Chips(amount)).expect("room");
        let err = forced_hand(config, &[1_000; 5], &forced).expect_err("refused");
        assert!(
            matches!(err, HandError::InvalidStraddle { .. }),
            "{seat} {amount}: {err}"
        );
    }
    // Heads-up there is nobody left of the big blind but the small blind.
    let mut forced = ForcedBets::default();
    forced.straddle(s(0), Chips(200)).expect("room");
    assert!(forced_hand(nl(100), &[1_000; 2], &forced).is_err());
}

#[test]
fn b10_reraise_step_seed_004_any_amount_over_double_adds_at_least_the_big_blind() {
    // rule B10, seed 004 house rule: "a re-raise must be at least double the raise
    // before; any amount over that must be a minimum of the big blind".
    let mut config = nl(100);
    config.reraise_must_double = true;
    let mut hand = preflop(config, &[1_000, 5_000, 5_000], 0);
    // Facing the big blind of 100: 200 exactly, or 300 and more.
    let legal = hand.legal_actions().expect("seat 0");
    assert_eq!(legal.raise.map(|r| r.min), Some(Chips(200)));
    assert_eq!(
        legal.raise_gap,
        Some(holdem_betting::AmountRange {
            min: Chips(201),
            max: Chips(299)
        })
    );
    assert!(!legal.allows(RaiseTo(Chips(250))));
    let err = rejected(&mut hand, 0, RaiseTo(Chips(250)));
    assert_eq!(
        err,
        HandError::ReraiseStep {
            seat: s(0),
            amount: Chips(250),
            double: Chips(200),
            next: Chips(300)
        }
    );
    assert_eq!(err.rule(), "B10");
    ok(&mut hand, 0, RaiseTo(Chips(200)));
    // Facing 200: 400 exactly, or 500 and more; 450 is refused.
    let legal = hand.legal_actions().expect("seat 1");
    assert!(legal.allows(RaiseTo(Chips(400))) && legal.allows(RaiseTo(Chips(500))));
    assert!(!legal.allows(RaiseTo(Chips(450))));
    rejected(&mut hand, 1, RaiseTo(Chips(450)));
    ok(&mut hand, 1, RaiseTo(Chips(500)));
    // Facing 500: 1,000 exactly, or 1,100 and more.
    let legal = hand.legal_actions().expect("seat 2");
    assert_eq!(
        legal.raise_gap.map(|g| (g.min, g.max)),
        Some((Chips(1_001), Chips(1_099)))
    );
}

#[test]
fn b10_reraise_step_allows_an_all_in_inside_the_gap() {
    // rule B10 (004) with B12: the gap binds sized raises, never an all-in.
    let mut config = nl(100);
    config.reraise_must_double = true;
    let mut hand = preflop(config, &[250, 5_000, 5_000], 0);
    let legal = hand.legal_actions().expect("seat 0");
    assert_eq!(legal.all_in_to, Some(Chips(250)));
    assert!(legal.allows(AllIn) && legal.allows(RaiseTo(Chips(250))));
    ok(&mut hand, 0, AllIn);
    assert!(hand.chips_conserved());
}

#[test]
fn b21_the_last_hand_that_can_win_a_side_pot_may_not_muck() {
    // rule B21: with all-in hands not turned up, the two seats of a side pot cannot
    // both muck: the last one must show.
    let mut config = nl(100);
    config.showdown.all_in_hands_face_up = false;
    let mut hand = posted(config, &[300, 1_000, 1_000], 0);
    deal_known(&mut hand, &["2c 3d", "Ah As", "Kc Kd"]);
    ok(&mut hand, 0, AllIn);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Call);
    board(&mut hand, "7h 8h 9s");
    ok(&mut hand, 1, BetTo(Chips(100)));
    ok(&mut hand, 2, Call);
    board(&mut hand, "Jd");
    ok(&mut hand, 1, Check);
    ok(&mut hand, 2, Check);
    board(&mut hand, "4c");
    ok(&mut hand, 1, Check);
    ok(&mut hand, 2, Check);
    // Order: first left of the button: seat 1, then 2, then 0.
    assert_eq!(hand.pending(), Pending::Showdown { seat: s(1) });
    hand.apply(T, Input::Muck { seat: s(1) })
        .expect("seat 2 still claims the side pot");
    let before = hand.clone();
    let err = hand
        .apply(T, Input::Muck { seat: s(2) })
        .expect_err("last hand of the side pot");
    assert_eq!(err, HandError::LastHandInPot { seat: s(2) });
    assert_eq!(hand, before);
    show(&mut hand, 2);
    show(&mut hand, 0);
    let result = hand.result().expect("complete");
    // Kings beat 2-3 for the main pot (900) and win the side pot (200) alone.
    assert_eq!(result.final_stack(s(2)), Chips(1_700));
    assert!(hand.chips_conserved());
}

#[test]
fn b5_every_kind_of_forced_bet_for_every_seat_fits_one_hand() {
    // rule B5 (and B3, B19): ten seats, each with an ante and a dead ante, a dead
    // blind and a second big blind, plus seven straddles: all posted, chips conserved.
    let stacks = [100_000u64; 10];
    let set: holdem_betting::SeatSet = (0..10).map(s).collect();
    let mut positions = holdem_betting::Positions::standard(set, s(0)).expect("positions");
    positions.extra_big_blinds = set;
    positions.dead_blinds = set;
    let mut forced = ForcedBets::default();
    for i in 0..10 {
        forced.antes[i] = Chips(5);
        forced.dead_antes[i] = Chips(5);
    }
    let mut level = 100;
    for seat in 3..10 {
        level *= 2;
        forced.straddle(s(seat), Chips(level)).expect("room");
    }
    let mut hand = Hand::with_forced_bets(
        nl(100),
        &players(&stacks),
        s(0),
        Some(positions),
        &forced,
        holdem_eval::Evaluator::new(),
    )
    .expect("hand");
    let posted = post_all(&mut hand);
    assert_eq!(posted.len(), 10 + 10 + 1 + 1 + 7 + 9 + 10);
    assert!(hand.chips_conserved());
}

#[test]
fn b10_reraise_step_a_minimum_raise_inside_the_step_moves_past_it() {
    // rule B10 (004) with B12: a short all-in bet of 4 (big blind 20) makes the
    // double 8 and the step (8, 28); the smallest full raise, 24, falls inside it,
    // so the smallest legal raise is 28 and there is no gap left to name.
    let mut config = nl(20);
    config.reraise_must_double = true;
    let mut hand = preflop(config, &[1_000, 24, 1_000], 0);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Check);
    deal_board(&mut hand);
    ok(&mut hand, 1, AllIn);
    let legal = hand.legal_actions().expect("seat 2");
    assert_eq!(legal.current_bet, Chips(4));
    assert_eq!(legal.raise.map(|r| r.min), Some(Chips(28)));
    assert_eq!(legal.raise_gap, None);
    assert!(!legal.allows(RaiseTo(Chips(24))));
    assert!(matches!(
        rejected(&mut hand, 2, RaiseTo(Chips(24))),
        HandError::RaiseBelowMinimum { .. }
    ));
    assert!(legal.allows(RaiseTo(Chips(28))));
    ok(&mut hand, 2, RaiseTo(Chips(28)));
}
