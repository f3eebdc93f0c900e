//! The rulebook, one test per rule or worked example of the seeds (RULES.md B1-B24).

mod common;

use common::*;
use holdem_betting::{
    Action::*, AutoOutcome, AutoReason, BettingStructure, DealerInput, Event, Hand, HandConfig,
    HandError, IncompleteAllInRule, Input, Pending, Player, PostKind, RakePolicy, ShowReason,
    Street,
};
use holdem_pots::{Chips, RakeRounding, RakeSource, Seat};

#[test]
fn b1_three_structures_validate() {
    // rule B1
    for config in [
        HandConfig::fixed_limit(Chips(10), Chips(20)),
        HandConfig::pot_limit(Chips(100)),
        HandConfig::no_limit(Chips(100)),
    ] {
        assert!(config.validate().is_ok());
    }
    let broken = HandConfig::no_limit(Chips(0));
    assert!(matches!(
        broken.validate(),
        Err(HandError::InvalidConfig { .. })
    ));
}

#[test]
fn b2_limit_5_10_big_blind_5_small_blind_rounded_down_to_2() {
    // rule B2 (seed 001): $5/$10 limit, small blind half of $5 rounded down.
    let config = HandConfig::fixed_limit(Chips(5), Chips(10));
    let hand = posted(config, &[100, 100, 100], 0);
    assert_eq!(hand.street_bet(s(1)), Chips(2));
    assert_eq!(hand.street_bet(s(2)), Chips(5));
    // 002: blinds are configurable, 25-50.
    let hand = posted(
        nl(50).with_blinds(Chips(25), Chips(50)),
        &[100, 100, 100],
        0,
    );
    assert_eq!(hand.street_bet(s(1)), Chips(25));
}

#[test]
fn b2_posts_are_checked_against_the_schedule() {
    let players = [
        Player::new(s(0), Chips(500)),
        Player::new(s(1), Chips(500)),
        Player::new(s(2), Chips(500)),
    ];
    let mut hand = Hand::new(nl(100), &players, s(0)).expect("hand");
    let before = hand.clone();
    let wrong = Input::Post {
        seat: s(2),
        kind: PostKind::BigBlind,
        amount: Chips(100),
    };
    assert!(matches!(
        hand.apply(T, wrong),
        Err(HandError::WrongPost { .. })
    ));
    assert_eq!(hand, before);
    let short = Input::Post {
        seat: s(1),
        kind: PostKind::SmallBlind,
        amount: Chips(40),
    };
    assert!(hand.apply(T, short).is_err());
    assert_eq!(hand, before);
}

#[test]
fn b3_blinds_are_live_and_big_blind_has_the_option() {
    // rule B3: everyone calls the big blind, the big blind may check or raise.
    let mut hand = preflop(nl(100), &[1_000, 1_000, 1_000], 0);
    ok(&mut hand, 0, Call);
    let events = ok(&mut hand, 1, Call);
    assert!(has(
        &events,
        |e| matches!(e, Event::Called { to, .. } if *to == Chips(100))
    ));
    assert_eq!(hand.to_act(), Some(s(2)));
    let legal = hand.legal_actions().expect("big blind acts");
    assert!(legal.check);
    assert_eq!(legal.raise.map(|r| r.min), Some(Chips(200)));
    ok(&mut hand, 2, Check);
    assert_eq!(
        hand.pending(),
        Pending::Board {
            street: Street::Flop
        }
    );
}

#[test]
fn b4_heads_up_button_posts_small_blind_acts_first_preflop_last_after() {
    // rule B4 (000 2.5, 002, 003)
    let mut hand = preflop(nl(100), &[1_000, 1_000], 1);
    assert_eq!(
        hand.street_bet(s(1)),
        Chips(50),
        "the button posts the small blind"
    );
    assert_eq!(hand.street_bet(s(0)), Chips(100));
    assert_eq!(
        hand.to_act(),
        Some(s(1)),
        "the button acts first before the flop"
    );
    ok(&mut hand, 1, Call);
    ok(&mut hand, 0, Check);
    deal_board(&mut hand);
    assert_eq!(
        hand.to_act(),
        Some(s(0)),
        "the button acts last after the flop"
    );
}

#[test]
fn b5_antes_are_posted_by_every_dealt_player() {
    // rule B5
    let hand = posted(nl(100).with_ante(Chips(10)), &[1_000, 1_000, 1_000, 5], 0);
    assert_eq!(hand.pot_total(), Chips(10 + 10 + 10 + 5 + 50 + 100));
    assert_eq!(
        hand.contributed(s(3)),
        Chips(5),
        "all-in for less than the ante"
    );
    assert_eq!(hand.status(s(3)), holdem_betting::SeatStatus::AllIn);
}

#[test]
fn b6_preflop_left_of_big_blind_first_postflop_left_of_button() {
    // rule B6
    let mut hand = preflop(nl(100), &[1_000; 5], 2);
    assert_eq!(
        hand.to_act(),
        Some(s(0)),
        "button 2, blinds 3 and 4, seat 0 first"
    );
    for seat in [0, 1, 2, 3] {
        ok(&mut hand, seat, Call);
    }
    ok(&mut hand, 4, Check);
    deal_board(&mut hand);
    assert_eq!(hand.to_act(), Some(s(3)));
}

#[test]
fn b7_out_of_turn_and_illegal_actions_are_rejected_and_change_nothing() {
    // rule B7
    let mut hand = preflop(nl(100), &[1_000, 1_000, 1_000], 0);
    let err = rejected(&mut hand, 1, Call);
    assert_eq!(
        err,
        HandError::OutOfTurn {
            seat: s(1),
            to_act: s(0)
        }
    );
    assert_eq!(err.rule(), "B7");
    assert!(matches!(
        rejected(&mut hand, 0, Check),
        HandError::CannotCheck { .. }
    ));
    assert!(matches!(
        rejected(&mut hand, 0, BetTo(Chips(300))),
        HandError::BetFacingBet { .. }
    ));
    let before = hand.clone();
    assert!(
        hand.apply(T, Input::Deal(DealerInput::Flop([None; 3])))
            .is_err()
    );
    assert_eq!(hand, before);
}

#[test]
fn b8_round_ends_when_all_acted_and_matched_no_reraising_own_bet() {
    // rule B8 (004, 001)
    let mut hand = preflop(nl(100), &[1_000, 1_000, 1_000], 0);
    ok(&mut hand, 0, RaiseTo(Chips(300)));
    ok(&mut hand, 1, Call);
    let events = ok(&mut hand, 2, Call);
    assert!(has(&events, |e| matches!(
        e,
        Event::RoundClosed {
            street: Street::Preflop,
            ..
        }
    )));
    // Seat 0 is not asked again: its own raise was only called.
    assert_eq!(
        hand.pending(),
        Pending::Board {
            street: Street::Flop
        }
    );
}

#[test]
fn b9_blinds_5_10_limit_10_20_raises_to_20_30_40_then_capped() {
    // rule B9 (001, 000 1.6): the big blind counts as the bet.
    let mut hand = preflop(
        HandConfig::fixed_limit(Chips(10), Chips(20)),
        &[1_000; 5],
        0,
    );
    assert_eq!(hand.street_bet(s(1)), Chips(5));
    let legal = hand.legal_actions().expect("seat 3 acts");
    assert_eq!(
        legal.raise.map(|r| (r.min, r.max)),
        Some((Chips(20), Chips(20)))
    );
    assert!(matches!(
        rejected(&mut hand, 3, RaiseTo(Chips(25))),
        HandError::FixedLimitAmount { .. }
    ));
    ok(&mut hand, 3, RaiseTo(Chips(20)));
    ok(&mut hand, 4, RaiseTo(Chips(30)));
    ok(&mut hand, 0, RaiseTo(Chips(40)));
    let legal = hand.legal_actions().expect("seat 1 acts");
    assert_eq!(legal.raise, None, "capped after a bet and three raises");
    let err = rejected(&mut hand, 1, RaiseTo(Chips(50)));
    assert!(matches!(err, HandError::Capped { bets: 4, .. }));
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Fold);
    ok(&mut hand, 3, Call);
    ok(&mut hand, 4, Call);
    deal_board(&mut hand);
    deal_board_after_checks(&mut hand, 4);
    // Turn: the big bet.
    let legal = hand.legal_actions().expect("turn");
    assert_eq!(legal.bet.map(|r| r.min), Some(Chips(20)));
}

fn deal_board_after_checks(hand: &mut Hand, players: usize) {
    for _ in 0..players {
        let seat = hand.to_act().expect("to act");
        hand.apply(T, Input::act(seat, Check)).expect("check");
    }
    deal_board(hand);
}

#[test]
fn b9_cap_lifted_heads_up_house_rule_seed_004() {
    // rule B9 house rule (004): no cap with two players in the hand.
    let mut config = HandConfig::fixed_limit(Chips(10), Chips(20));
    config.cap_lifted_heads_up = true;
    let mut hand = preflop(config, &[1_000, 1_000], 0);
    ok(&mut hand, 0, RaiseTo(Chips(20)));
    ok(&mut hand, 1, RaiseTo(Chips(30)));
    ok(&mut hand, 0, RaiseTo(Chips(40)));
    ok(&mut hand, 1, RaiseTo(Chips(50)));
    ok(&mut hand, 0, RaiseTo(Chips(60)));
    // Without the house rule the fourth bet caps it.
    let mut hand = preflop(
        HandConfig::fixed_limit(Chips(10), Chips(20)),
        &[1_000, 1_000],
        0,
    );
    ok(&mut hand, 0, RaiseTo(Chips(20)));
    ok(&mut hand, 1, RaiseTo(Chips(30)));
    ok(&mut hand, 0, RaiseTo(Chips(40)));
    assert!(matches!(
        rejected(&mut hand, 1, RaiseTo(Chips(50))),
        HandError::Capped { .. }
    ));
}

#[test]
fn b10_blinds_50_100_raise_to_200_next_raise_at_least_300() {
    // rule B10 (002 example 1)
    let mut hand = preflop(nl(100), &[5_000; 4], 0);
    ok(&mut hand, 3, RaiseTo(Chips(200)));
    let legal = hand.legal_actions().expect("button acts");
    assert_eq!(legal.raise.map(|r| r.min), Some(Chips(300)));
    let err = rejected(&mut hand, 0, RaiseTo(Chips(250)));
    assert_eq!(
        err.to_string(),
        "raise to 250 by seat 0 is below the minimum raise to 300 (B10)"
    );
    assert_eq!(err.bounds().map(|b| b.0), Some(Chips(300)));
    ok(&mut hand, 0, RaiseTo(Chips(300)));
}

#[test]
fn b10_blinds_100_200_raise_to_600_next_raise_at_least_1000() {
    // rule B10 (002 example 2)
    let mut hand = preflop(nl(200), &[5_000; 4], 0);
    ok(&mut hand, 3, RaiseTo(Chips(600)));
    assert!(matches!(
        rejected(&mut hand, 0, RaiseTo(Chips(999))),
        HandError::RaiseBelowMinimum { min, .. } if min == Chips(1_000)
    ));
    ok(&mut hand, 0, RaiseTo(Chips(1_000)));
}

#[test]
fn b10_smallest_bet_is_the_big_blind() {
    // rule B10 (002, 004)
    let mut hand = preflop(nl(100), &[1_000, 1_000], 0);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Check);
    deal_board(&mut hand);
    let err = rejected(&mut hand, 1, BetTo(Chips(99)));
    assert!(matches!(err, HandError::BetBelowMinimum { min, .. } if min == Chips(100)));
    ok(&mut hand, 1, BetTo(Chips(100)));
}

#[test]
fn b10_reraise_must_double_house_rule_seed_004() {
    // rule B10 house rule (004): a re-raise at least doubles the raise before.
    let mut config = nl(100);
    config.reraise_must_double = true;
    let mut hand = preflop(config, &[5_000; 4], 0);
    ok(&mut hand, 3, RaiseTo(Chips(300)));
    assert!(matches!(
        rejected(&mut hand, 0, RaiseTo(Chips(500))),
        HandError::RaiseBelowMinimum { min, .. } if min == Chips(600)
    ));
    ok(&mut hand, 0, RaiseTo(Chips(600)));
}

#[test]
fn b11_pot_limit_pot_200_bet_150_call_150_at_most_800() {
    // rule B11 (001): pot 200, bet 150, call 150 → at most 800 in total.
    let mut config = HandConfig::pot_limit(Chips(50));
    config.small_blind = Chips(0);
    let mut hand = preflop(config, &[5_000; 5], 0);
    ok(&mut hand, 3, Call);
    ok(&mut hand, 4, Call);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Fold);
    ok(&mut hand, 2, Check);
    deal_board(&mut hand);
    assert_eq!(hand.pot_total(), Chips(200));
    ok(&mut hand, 2, BetTo(Chips(150)));
    ok(&mut hand, 3, Call);
    let legal = hand.legal_actions().expect("seat 4 acts");
    assert_eq!(legal.raise.map(|r| r.max), Some(Chips(800)));
    assert!(matches!(
        rejected(&mut hand, 4, RaiseTo(Chips(801))),
        HandError::AbovePotLimit { max, .. } if max == Chips(800)
    ));
    ok(&mut hand, 4, RaiseTo(Chips(800)));
}

#[test]
fn b11_no_limit_largest_bet_is_the_whole_stack() {
    // rule B11, B15
    let mut hand = preflop(nl(100), &[1_000, 700, 1_000], 0);
    ok(&mut hand, 0, Call);
    let legal = hand.legal_actions().expect("seat 1");
    assert_eq!(legal.raise.map(|r| r.max), Some(Chips(700)));
    assert!(matches!(
        rejected(&mut hand, 1, RaiseTo(Chips(701))),
        HandError::MoreThanStack { .. }
    ));
    ok(&mut hand, 1, AllIn);
}

/// Flop: seat 1 bets 100, seat 2 raises to 300, seat 3 all-in for 350.
fn bet_100_raise_300_all_in_350(rule: IncompleteAllInRule) -> Hand {
    let mut config = nl(100);
    config.incomplete_all_in = rule;
    let mut hand = preflop(config, &[5_000, 5_000, 5_000, 450], 0);
    ok(&mut hand, 3, Call);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Check);
    deal_board(&mut hand);
    ok(&mut hand, 1, BetTo(Chips(100)));
    ok(&mut hand, 2, RaiseTo(Chips(300)));
    let events = ok(&mut hand, 3, AllIn);
    assert!(has(&events, |e| matches!(
        e,
        Event::Raised {
            full: false,
            all_in: true,
            ..
        }
    )));
    hand
}

#[test]
fn b12_bet_100_raise_300_all_in_350_next_raise_at_least_550() {
    // rule B12, standard (default) rule
    let mut hand = bet_100_raise_300_all_in_350(IncompleteAllInRule::StandardLastFullIncrement);
    let legal = hand.legal_actions().expect("seat 0");
    assert_eq!(legal.raise.map(|r| r.min), Some(Chips(550)));
    let err = rejected(&mut hand, 0, RaiseTo(Chips(500)));
    assert_eq!(err.rule(), "B12");
    ok(&mut hand, 0, RaiseTo(Chips(550)));
}

#[test]
fn b12_seed_002_rule_next_raise_at_least_500() {
    // rule B12, seed 002 example 1: a full raise over the last full bet.
    let mut hand = bet_100_raise_300_all_in_350(IncompleteAllInRule::FullRaiseOverLastFullBet);
    let legal = hand.legal_actions().expect("seat 0");
    assert_eq!(legal.raise.map(|r| r.min), Some(Chips(500)));
    rejected(&mut hand, 0, RaiseTo(Chips(499)));
    ok(&mut hand, 0, RaiseTo(Chips(500)));
}

#[test]
fn b12_incomplete_all_in_does_not_reopen_for_players_who_acted() {
    // rule B12, B8: seat 2 raised to 300 and faces only the short all-in to 350.
    let mut hand = bet_100_raise_300_all_in_350(IncompleteAllInRule::default());
    ok(&mut hand, 0, Call);
    // Seat 1 bet 100 before the full raise to 300: it may raise.
    let legal = hand.legal_actions().expect("seat 1");
    assert!(legal.raise.is_some());
    ok(&mut hand, 1, Call);
    let legal = hand.legal_actions().expect("seat 2");
    assert_eq!(legal.raise, None);
    assert_eq!(legal.call_to, Some(Chips(350)));
    assert!(matches!(
        rejected(&mut hand, 2, RaiseTo(Chips(900))),
        HandError::NotReopened { .. }
    ));
    ok(&mut hand, 2, Call);
}

#[test]
fn b13_big_blind_all_in_150_next_player_must_call_200() {
    // rule B13 (002 example 2 of all-ins): blinds 100-200, big blind all-in for 150.
    let hand = preflop(nl(200), &[5_000, 5_000, 150], 0);
    assert_eq!(hand.street_bet(s(2)), Chips(150));
    let legal = hand.legal_actions().expect("button acts");
    assert_eq!(legal.call_to, Some(Chips(200)));
    assert_eq!(legal.raise.map(|r| r.min), Some(Chips(400)));
}

#[test]
fn b14_uncalled_part_of_a_bet_goes_back() {
    // rule B14 (002: the unmatched part is pulled back)
    let mut hand = preflop(nl(100), &[1_000, 1_000, 1_000], 0);
    ok(&mut hand, 0, RaiseTo(Chips(500)));
    ok(&mut hand, 1, Fold);
    let events = ok(&mut hand, 2, Fold);
    assert!(has(
        &events,
        |e| matches!(e, Event::UncalledReturned { seat, amount } if *seat == s(0) && *amount == Chips(400))
    ));
    let result = hand.result().expect("complete");
    assert_eq!(result.final_stack(s(0)), Chips(1_150));
    assert!(hand.chips_conserved());
}

#[test]
fn b15_all_in_for_less_than_the_call() {
    // rule B15 (001): nobody forfeits for lack of chips to call.
    let mut hand = preflop(nl(100), &[1_000, 1_000, 300], 0);
    ok(&mut hand, 0, RaiseTo(Chips(600)));
    ok(&mut hand, 1, Fold);
    let legal = hand.legal_actions().expect("seat 2");
    assert_eq!(legal.call_to, Some(Chips(300)));
    let events = ok(&mut hand, 2, Call);
    assert!(has(
        &events,
        |e| matches!(e, Event::Called { all_in: true, to, .. } if *to == Chips(300))
    ));
    assert!(has(
        &events,
        |e| matches!(e, Event::UncalledReturned { amount, .. } if *amount == Chips(300))
    ));
}

#[test]
fn b16_time_out_folds_facing_a_bet_and_checks_otherwise() {
    // rule B16 (000 4.1.3)
    let mut hand = preflop(nl(100), &[1_000, 1_000, 1_000], 0);
    ok(&mut hand, 0, Call);
    let events = hand
        .apply(T, Input::TimeOut { seat: s(1) })
        .expect("time-out");
    assert!(has(&events, |e| matches!(
        e,
        Event::AutoAction {
            outcome: AutoOutcome::Folded,
            reason: AutoReason::TimeOut,
            ..
        }
    )));
    let events = hand
        .apply(T, Input::TimeOut { seat: s(2) })
        .expect("time-out");
    assert!(has(&events, |e| matches!(
        e,
        Event::AutoAction {
            outcome: AutoOutcome::Checked,
            ..
        }
    )));
}

#[test]
fn b16_time_out_all_in_protection_seed_001() {
    // rule B16 house rule (001): all-in for what is in, keeps the rest, wins only
    // the pot up to its contribution.
    let mut config = nl(100);
    config.time_out_all_in_protection = true;
    let mut hand = posted(config, &[1_000, 1_000, 1_000], 0);
    deal_known(&mut hand, &["2c 3d", "Ah As", "Kc Kd"]);
    ok(&mut hand, 0, RaiseTo(Chips(300)));
    let events = hand
        .apply(T, Input::TimeOut { seat: s(1) })
        .expect("time-out");
    assert!(has(&events, |e| matches!(
        e,
        Event::AutoAction {
            outcome: AutoOutcome::AllInProtected,
            ..
        }
    )));
    ok(&mut hand, 2, Call);
    board(&mut hand, "7h 8h 9s");
    ok(&mut hand, 2, Check);
    ok(&mut hand, 0, Check);
    board(&mut hand, "Jd");
    ok(&mut hand, 2, Check);
    ok(&mut hand, 0, Check);
    board(&mut hand, "4c");
    ok(&mut hand, 2, Check);
    ok(&mut hand, 0, Check);
    let result = hand
        .result()
        .expect("hands face up with a player all-in: settled");
    // Seat 1 (aces) wins 50 from each: 150. Seat 2 (kings) wins the 500 side pot.
    assert_eq!(result.final_stack(s(1)), Chips(1_100));
    assert_eq!(result.final_stack(s(2)), Chips(1_200));
    assert_eq!(result.final_stack(s(0)), Chips(700));
    assert!(hand.chips_conserved());
}

#[test]
fn b17_sitting_out_player_posts_is_dealt_in_and_folded_facing_action() {
    // rule B17 (000 4.1.4, 002)
    let players = [
        Player::new(s(0), Chips(1_000)),
        Player::new(s(1), Chips(1_000)),
        Player::new(s(2), Chips(1_000)).sitting_out(),
    ];
    let mut hand = Hand::new(nl(100), &players, s(0)).expect("hand");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    assert_eq!(
        hand.street_bet(s(2)),
        Chips(100),
        "the absent big blind is posted"
    );
    deal_unknown(&mut hand);
    ok(&mut hand, 0, RaiseTo(Chips(300)));
    let events = ok(&mut hand, 1, Call);
    assert!(has(
        &events,
        |e| matches!(e, Event::AutoAction { seat, outcome: AutoOutcome::Folded, reason: AutoReason::SittingOut } if *seat == s(2))
    ));
    assert_eq!(
        hand.pending(),
        Pending::Board {
            street: Street::Flop
        }
    );
}

#[test]
fn b21_last_river_aggressor_shows_first() {
    // rule B21 (001-004)
    let mut hand = posted(nl(100), &[1_000, 1_000, 1_000], 0);
    deal_known(&mut hand, &["2c 3d", "Ah As", "Kc Kd"]);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Check);
    for cards in ["7h 8h 9s", "Jd"] {
        board(&mut hand, cards);
        for seat in [1, 2, 0] {
            ok(&mut hand, seat, Check);
        }
    }
    board(&mut hand, "4c");
    ok(&mut hand, 1, Check);
    ok(&mut hand, 2, BetTo(Chips(100)));
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Call);
    assert_eq!(hand.pending(), Pending::Showdown { seat: s(2) });
    // Out of order is refused.
    let before = hand.clone();
    assert!(
        hand.apply(
            T,
            Input::Show {
                seat: s(0),
                cards: None
            }
        )
        .is_err()
    );
    assert_eq!(hand, before);
    show(&mut hand, 2);
    // Losers may muck.
    hand.apply(T, Input::Muck { seat: s(0) }).expect("muck");
    let events = show(&mut hand, 1);
    assert!(has(
        &events,
        |e| matches!(e, Event::PotAwarded { winners, .. } if winners.contains(s(1)))
    ));
    assert_eq!(hand.result().expect("done").final_stack(s(1)), Chips(1_400));
}

#[test]
fn b21_no_river_bet_first_left_of_button_shows_first() {
    // rule B21
    let mut hand = posted(nl(100), &[1_000, 1_000, 1_000], 1);
    deal_known(&mut hand, &["2c 3d", "Ah As", "Kc Kd"]);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Call);
    ok(&mut hand, 0, Check);
    for cards in ["7h 8h 9s", "Jd", "4c"] {
        board(&mut hand, cards);
        for seat in [2, 0, 1] {
            ok(&mut hand, seat, Check);
        }
    }
    assert_eq!(hand.pending(), Pending::Showdown { seat: s(2) });
}

#[test]
fn b21_winner_who_mucks_is_not_awarded_the_pot() {
    // rule B21 (002): a winner must show to be awarded the pot.
    let mut hand = posted(nl(100), &[1_000, 1_000], 0);
    deal_known(&mut hand, &["Ah As", "Kc Kd"]);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Check);
    for cards in ["7h 8h 9s", "Jd", "4c"] {
        board(&mut hand, cards);
        ok(&mut hand, 1, Check);
        ok(&mut hand, 0, Check);
    }
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
    assert_eq!(hand.result().expect("done").final_stack(s(1)), Chips(1_100));
}

#[test]
fn b21_all_in_hands_are_turned_face_up() {
    // rule B21 (002): betting over with a player all-in, all hands face up.
    let mut hand = posted(nl(100), &[1_000, 1_000], 0);
    deal_known(&mut hand, &["Ah As", "Kc Kd"]);
    ok(&mut hand, 0, AllIn);
    let events = ok(&mut hand, 1, Call);
    assert!(has(&events, |e| matches!(
        e,
        Event::Showed {
            reason: ShowReason::AllIn,
            ..
        }
    )));
    assert!(
        hand.public_view().seats[1]
            .expect("seat")
            .hole_cards
            .is_some()
    );
    board(&mut hand, "7h 8h 9s");
    board(&mut hand, "Jd");
    let events = hand
        .apply(T, Input::Deal(DealerInput::River(Some(c("4c")))))
        .expect("river");
    assert!(has(&events, |e| matches!(e, Event::HandComplete)));
    assert_eq!(hand.result().expect("done").final_stack(s(0)), Chips(2_000));
}

#[test]
fn b22_last_player_wins_without_showing() {
    // rule B22 (000)
    let mut hand = posted(nl(100), &[1_000, 1_000, 1_000], 0);
    deal_known(&mut hand, &["2c 3d", "Ah As", "Kc Kd"]);
    ok(&mut hand, 0, Fold);
    let events = ok(&mut hand, 1, Fold);
    assert!(!has(&events, |e| matches!(e, Event::Showed { .. })));
    let result = hand.result().expect("complete");
    assert!(!result.went_to_showdown());
    assert_eq!(result.final_stack(s(2)), Chips(1_050));
    assert!(
        hand.public_view().seats[2]
            .expect("seat")
            .hole_cards
            .is_none()
    );
}

#[test]
fn b23_rake_taken_after_the_flop_not_before() {
    // rule B23 (001), P5
    let mut config = nl(100);
    config.rake = RakePolicy {
        basis_points: 500,
        rounding: RakeRounding::Down,
        cap: Some(Chips(30)),
        no_flop_no_drop: true,
        source: RakeSource::EachPot,
    };
    let mut hand = preflop(config, &[1_000, 1_000], 0);
    ok(&mut hand, 0, RaiseTo(Chips(300)));
    ok(&mut hand, 1, Fold);
    assert_eq!(
        hand.result().expect("done").rake(),
        Chips(0),
        "no flop, no drop"
    );

    let mut hand = preflop(config, &[1_000, 1_000], 0);
    ok(&mut hand, 0, RaiseTo(Chips(300)));
    ok(&mut hand, 1, Call);
    deal_board(&mut hand);
    ok(&mut hand, 1, BetTo(Chips(100)));
    ok(&mut hand, 0, Fold);
    let result = hand.result().expect("done");
    assert_eq!(result.rake(), Chips(30), "5% of 600 is 30");
    assert_eq!(result.final_stack(s(1)), Chips(1_000 + 300 - 30));
    assert!(hand.chips_conserved());
}

#[test]
fn b24_amounts_are_whole_chip_units() {
    // rule B24
    let mut config = nl(100);
    config.chip_unit = Chips(25);
    let mut hand = preflop(config, &[1_000, 1_000], 0);
    let err = rejected(&mut hand, 0, RaiseTo(Chips(210)));
    assert!(matches!(err, HandError::NotWholeUnits { .. }));
    ok(&mut hand, 0, RaiseTo(Chips(225)));
    let mut bad = nl(100);
    bad.chip_unit = Chips(30);
    assert!(bad.validate().is_err());
}

#[test]
fn p3_odd_chip_goes_to_first_winner_left_of_button() {
    // rule P3 via pots: a split pot of 301 chips.
    let mut hand = posted(nl(100).with_ante(Chips(1)), &[1_000, 1_000, 1_000], 0);
    deal_known(&mut hand, &["2c 3d", "Ah Kd", "As Kc"]);
    ok(&mut hand, 0, Fold);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Check);
    for cards in ["7h 8h 9s", "Jd", "4c"] {
        board(&mut hand, cards);
        ok(&mut hand, 1, Check);
        ok(&mut hand, 2, Check);
    }
    show(&mut hand, 1);
    let events = show(&mut hand, 2);
    assert!(has(
        &events,
        |e| matches!(e, Event::PotAwarded { amount, odd_chip_seat: Some(seat), .. } if *amount == Chips(203) && *seat == s(1))
    ));
    let result = hand.result().expect("done");
    assert_eq!(result.final_stack(s(1)), Chips(1_000 - 101 + 102));
    assert_eq!(result.final_stack(s(2)), Chips(1_000 - 101 + 101));
}

#[test]
fn big_blind_ante_is_dead_money_for_the_main_pot() {
    // rule B5 (big-blind ante variant): the ante is won by the pot's winner, never
    // returned as uncalled.
    let mut config = nl(100);
    config.big_blind_ante = Chips(100);
    let mut hand = posted(config, &[1_000, 1_000, 1_000], 0);
    assert_eq!(hand.pot_total(), Chips(250));
    deal_known(&mut hand, &["Ah As", "2c 3d", "Kc Kd"]);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Fold);
    ok(&mut hand, 2, Check);
    for cards in ["7h 8h 9s", "Jd", "4c"] {
        board(&mut hand, cards);
        ok(&mut hand, 2, Check);
        ok(&mut hand, 0, Check);
    }
    show(&mut hand, 2);
    show(&mut hand, 0);
    let result = hand.result().expect("done");
    assert_eq!(result.final_stack(s(0)), Chips(1_000 + 250));
    assert_eq!(result.pots()[0].amount, Chips(350));
    assert!(hand.chips_conserved());
}

#[test]
fn c1_a_known_card_cannot_be_dealt_twice() {
    // rule C1
    let mut hand = posted(nl(100), &[1_000, 1_000], 0);
    hand.apply(
        T,
        Input::Deal(DealerInput::HoleCards {
            seat: s(0),
            cards: [Some(c("Ah")), Some(c("Kh"))],
        }),
    )
    .expect("deal");
    let before = hand.clone();
    let err = hand
        .apply(
            T,
            Input::Deal(DealerInput::HoleCards {
                seat: s(1),
                cards: [Some(c("Ah")), Some(c("2c"))],
            }),
        )
        .expect_err("Ah twice");
    assert_eq!(err, HandError::DuplicateCard { card: c("Ah") });
    assert_eq!(hand, before);
}

#[test]
fn views_hide_other_players_hole_cards() {
    let mut hand = posted(nl(100), &[1_000, 1_000], 0);
    deal_known(&mut hand, &["Ah As", "Kc Kd"]);
    let view = hand.view_for(s(0));
    assert!(view.seats[0].expect("own seat").hole_cards.is_some());
    assert!(view.seats[1].expect("other seat").hole_cards.is_none());
    assert!(view.legal.is_some(), "seat 0 is to act");
    let public = hand.public_view();
    assert!(
        public
            .seats
            .iter()
            .flatten()
            .all(|seat| seat.hole_cards.is_none())
    );
    assert!(hand.view_for(s(1)).legal.is_none());
    let _ = BettingStructure::NoLimit;
}

#[test]
fn replay_with_hidden_hole_cards_reveals_them_at_showdown() {
    // A history that hides hole cards (PHH `????`) shows them at showdown (B21).
    let mut hand = preflop(nl(100), &[1_000, 1_000], 0);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Check);
    for cards in ["7h 8h 9s", "Jd", "4c"] {
        board(&mut hand, cards);
        ok(&mut hand, 1, Check);
        ok(&mut hand, 0, Check);
    }
    let before = hand.clone();
    assert_eq!(
        hand.apply(
            T,
            Input::Show {
                seat: s(1),
                cards: None
            }
        ),
        Err(HandError::UnknownHoleCards { seat: s(1) })
    );
    assert_eq!(
        hand.apply(
            T,
            Input::Show {
                seat: s(1),
                cards: Some([c("Jd"), c("2c")])
            }
        ),
        Err(HandError::DuplicateCard { card: c("Jd") })
    );
    assert_eq!(hand, before);
    hand.apply(
        T,
        Input::Show {
            seat: s(1),
            cards: Some([c("Kc"), c("Kd")]),
        },
    )
    .expect("kings");
    hand.apply(
        T,
        Input::Show {
            seat: s(0),
            cards: Some([c("Ah"), c("2d")]),
        },
    )
    .expect("ace high");
    assert_eq!(hand.result().expect("done").final_stack(s(1)), Chips(1_100));
}

#[test]
fn dead_blind_is_posted_as_dead_money() {
    // A returning player posts a dead small blind on top of a live big blind (B19).
    let players = [
        Player::new(s(0), Chips(1_000)),
        Player::new(s(1), Chips(1_000)),
        Player::new(s(2), Chips(1_000)),
        Player::new(s(3), Chips(1_000)),
    ];
    let mut positions =
        holdem_betting::Positions::standard(players.iter().map(|p| p.seat).collect(), s(0))
            .expect("positions");
    positions.extra_big_blinds.insert(s(3));
    positions.dead_blinds.insert(s(3));
    let mut hand = Hand::with_positions(
        nl(100),
        &players,
        s(0),
        Some(positions),
        holdem_eval::Evaluator::new(),
    )
    .expect("hand");
    let mut events = Vec::new();
    hand.post_forced_bets(T, &mut events).expect("posts");
    assert_eq!(hand.street_bet(s(3)), Chips(100), "the big blind is live");
    assert_eq!(
        hand.contributed(s(3)),
        Chips(150),
        "the small blind is dead"
    );
    assert_eq!(hand.pot_total(), Chips(300));
    deal_unknown(&mut hand);
    // Seat 3 has the option like a big blind: everyone folds to it.
    ok(&mut hand, 3, Check);
    ok(&mut hand, 0, Fold);
    ok(&mut hand, 1, Fold);
    ok(&mut hand, 2, RaiseTo(Chips(300)));
    ok(&mut hand, 3, Fold);
    let result = hand.result().expect("done");
    assert_eq!(result.final_stack(s(2)), Chips(1_000 + 50 + 150));
    assert!(hand.chips_conserved());
}

#[test]
fn p4_side_pot_returns_to_its_only_eligible_player_even_after_a_muck() {
    // rule P4 (003) with B21: seat 0 is all-in for 100; seats 1 and 2 build a side
    // pot of 600 and seat 2 folds it on the flop. Seat 1 alone can win the side
    // pot, so even if seat 1 mucks at showdown the side pot comes back to seat 1;
    // only the main pot (300) goes to seat 0.
    let mut hand = posted(nl(10), &[100, 1_000, 1_000], 0);
    deal_unknown(&mut hand);
    ok(&mut hand, 0, AllIn);
    ok(&mut hand, 1, RaiseTo(Chips(400)));
    ok(&mut hand, 2, Call);
    board(&mut hand, "7h 8h 9s");
    ok(&mut hand, 1, BetTo(Chips(200)));
    ok(&mut hand, 2, Fold);
    board(&mut hand, "Jd");
    board(&mut hand, "4c");
    while let Pending::Showdown { seat } = hand.pending() {
        let input = if seat == s(0) {
            Input::Show {
                seat,
                cards: Some([c("Ah"), c("As")]),
            }
        } else {
            Input::Muck { seat }
        };
        hand.apply(T, input).expect("showdown input");
    }
    let result = hand.result().expect("done");
    assert_eq!(result.final_stack(s(0)), Chips(300));
    assert_eq!(result.final_stack(s(1)), Chips(1_000 - 400 + 600));
    assert_eq!(result.final_stack(s(2)), Chips(600));
}

#[test]
fn b15_stacks_past_the_chip_limit_are_a_typed_error() {
    // rule B15 (what a player can bet is their stack): every sum of the stacks must
    // fit in 64 bits, so a hand whose stacks add up to more than MAX_TOTAL_CHIPS is
    // refused when it is built (a replay of such a file would otherwise overflow at
    // the settlement).
    let max = holdem_betting::MAX_TOTAL_CHIPS.get();
    let build = |stacks: [u64; 2]| {
        let players = [
            Player::new(s(0), Chips(stacks[0])),
            Player::new(s(1), Chips(stacks[1])),
        ];
        Hand::new(nl(10), &players, s(0))
    };
    // At the limit a whole hand plays and settles (debug builds check every add).
    let mut hand = build([max / 2, max - max / 2]).expect("at the limit");
    hand.post_forced_bets(T, &mut Vec::new()).expect("posts");
    deal_known(&mut hand, &["Ah Ad", "Kh Kd"]);
    ok(&mut hand, 0, AllIn);
    ok(&mut hand, 1, Call);
    for cards in ["2c 7s 9d", "Jc", "3s"] {
        board(&mut hand, cards);
    }
    while let Pending::Showdown { seat } = hand.pending() {
        show(&mut hand, seat.index());
    }
    let result = hand.result().expect("settled");
    let finals: Vec<(Seat, Chips)> = result.final_stacks().collect();
    // Seat 1 has one chip more than seat 0 can call: it comes back uncalled (B14).
    assert_eq!(
        finals,
        [(s(0), Chips(2 * (max / 2))), (s(1), Chips(1))],
        "aces win all that was matched; every chip is still there"
    );
    for stacks in [[max, 1], [u64::MAX, 5], [u64::MAX, u64::MAX]] {
        assert!(
            matches!(build(stacks), Err(HandError::TooManyChips { max: m }) if m.get() == max),
            "{stacks:?}"
        );
    }
}
