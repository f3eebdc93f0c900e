//! Rule B25: in fixed limit, an all-in bet or raise of at least half a full bet
//! counts as a full bet or raise (the half-bet rule of Robert's Rules and the TDA);
//! less than half is not a raise. House rule: only a full bet or raise counts.

mod common;

use common::*;
use holdem_betting::{Action::*, Event, Hand, HandConfig, HandError, Street};
use holdem_pots::Chips;

/// Limit 10/20, blinds 5/10, button on seat 0.
fn limit_10_20() -> HandConfig {
    HandConfig::fixed_limit(Chips(10), Chips(20))
}

/// The raise range of the seat to act, as (min, max).
fn raise_range(hand: &Hand) -> Option<(u64, u64)> {
    let legal = hand.legal_actions().expect("a seat to act");
    legal.raise.map(|r| (r.min.get(), r.max.get()))
}

/// Everyone calls the big blind and checks to `street`: four players (seat 0 the
/// button), so on every street after the flop seat 1 acts first, then 2, 3, 0.
fn checked_to(config: HandConfig, stacks: &[u64], street: Street) -> Hand {
    let mut hand = preflop(config, stacks, 0);
    ok(&mut hand, 3, Call);
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Check);
    deal_board(&mut hand);
    while hand.street() < street {
        for seat in [1, 2, 3, 0] {
            ok(&mut hand, seat, Check);
        }
        deal_board(&mut hand);
    }
    assert_eq!(hand.street(), street);
    hand
}

#[test]
fn b25_flop_bet_10_all_in_15_next_raise_to_25_and_the_first_bettor_may_raise_again() {
    // rules.md B25: limit 10/20 on the flop: bet 10, all-in 15, next raise to 25.
    // Seat 2 has 15 left after calling 10 before the flop.
    let mut hand = checked_to(limit_10_20(), &[1_000, 1_000, 25, 1_000], Street::Flop);
    ok(&mut hand, 1, BetTo(Chips(10)));
    let events = ok(&mut hand, 2, AllIn);
    assert!(has(&events, |e| matches!(
        e,
        Event::Raised { to, all_in: true, full: true, .. } if *to == Chips(15)
    )));
    // The next player's full raise goes on top of the all-in: to 25, not 20.
    assert_eq!(raise_range(&hand), Some((25, 25)));
    assert!(matches!(
        rejected(&mut hand, 3, RaiseTo(Chips(20))),
        HandError::FixedLimitAmount { required, .. } if required == Chips(25)
    ));
    let mut raised = hand.clone();
    ok(&mut raised, 3, RaiseTo(Chips(25)));
    ok(&mut raised, 0, Call);
    assert_eq!(raise_range(&raised), Some((35, 35)));
    ok(&mut raised, 1, RaiseTo(Chips(35)));

    // The all-in alone reopens the betting: after two calls the first bettor may
    // raise again, to 25.
    ok(&mut hand, 3, Call);
    ok(&mut hand, 0, Call);
    assert_eq!(hand.to_act(), Some(s(1)));
    assert_eq!(raise_range(&hand), Some((25, 25)));
    ok(&mut hand, 1, RaiseTo(Chips(25)));
}

#[test]
fn b25_bet_10_all_in_13_call_13_or_raise_to_20_never_23() {
    // rules.md B25: bet 10, all-in 13 is no raise: call 13 or complete to 20.
    let mut hand = checked_to(limit_10_20(), &[1_000, 1_000, 23, 1_000], Street::Flop);
    ok(&mut hand, 1, BetTo(Chips(10)));
    let events = ok(&mut hand, 2, AllIn);
    assert!(has(&events, |e| matches!(
        e,
        Event::Raised { to, full: false, .. } if *to == Chips(13)
    )));
    let legal = hand.legal_actions().expect("seat 3");
    assert_eq!(legal.call_to, Some(Chips(13)));
    assert_eq!(raise_range(&hand), Some((20, 20)));
    assert!(matches!(
        rejected(&mut hand, 3, RaiseTo(Chips(23))),
        HandError::FixedLimitAmount { required, .. } if required == Chips(20)
    ));
    let mut completed = hand.clone();
    ok(&mut completed, 3, RaiseTo(Chips(20)));

    // Called all round, the all-in reopens nothing for the first bettor.
    ok(&mut hand, 3, Call);
    ok(&mut hand, 0, Call);
    assert_eq!(hand.to_act(), Some(s(1)));
    assert_eq!(raise_range(&hand), None);
    assert!(matches!(
        rejected(&mut hand, 1, RaiseTo(Chips(20))),
        HandError::NotReopened { .. }
    ));
    ok(&mut hand, 1, Call);
}

/// On `street` (bet size `size`), seat 1 bets, seat 2 goes all-in for `size +
/// over`, seats 3 and 0 call: returns whether seat 1 may raise again, and the raise
/// seat 3 was offered.
fn short_all_in_on(street: Street, size: u64, over: u64) -> (bool, Option<(u64, u64)>) {
    let mut hand = checked_to(
        limit_10_20(),
        &[1_000, 1_000, 10 + size + over, 1_000],
        street,
    );
    ok(&mut hand, 1, BetTo(Chips(size)));
    let events = ok(&mut hand, 2, AllIn);
    let full = 2 * over >= size;
    assert!(has(&events, |e| matches!(
        e,
        Event::Raised { to, full: f, .. } if *to == Chips(size + over) && *f == full
    )));
    let offered = raise_range(&hand);
    ok(&mut hand, 3, Call);
    ok(&mut hand, 0, Call);
    assert_eq!(hand.to_act(), Some(s(1)));
    let reopened = raise_range(&hand).is_some();
    if !reopened {
        assert!(matches!(
            rejected(&mut hand, 1, RaiseTo(Chips(2 * size))),
            HandError::NotReopened { .. }
        ));
    }
    (reopened, offered)
}

#[test]
fn b25_exactly_half_a_bet_is_a_raise_half_less_one_chip_is_not_on_every_street() {
    for (street, size) in [(Street::Flop, 10), (Street::Turn, 20), (Street::River, 20)] {
        let half = size / 2;
        // Exactly half: a full raise, the next raise a full bet on top of it.
        let (reopened, offered) = short_all_in_on(street, size, half);
        assert!(reopened, "{street}: half a bet reopens");
        assert_eq!(
            offered,
            Some((2 * size + half, 2 * size + half)),
            "{street}"
        );
        // Half less one chip: no raise, completing is to two bets.
        let (reopened, offered) = short_all_in_on(street, size, half - 1);
        assert!(!reopened, "{street}: less than half reopens nothing");
        assert_eq!(offered, Some((2 * size, 2 * size)), "{street}");
    }
}

#[test]
fn b25_pre_flop_the_big_blind_is_the_bet_and_an_all_in_of_15_is_a_raise() {
    // Blinds 5/10, limit 10/20: the small blind (seat 1) has 15 in all.
    for (stack, full) in [(15, true), (14, false)] {
        let mut hand = preflop(limit_10_20(), &[1_000, stack, 1_000, 1_000], 0);
        ok(&mut hand, 3, Call);
        ok(&mut hand, 0, Call);
        let events = ok(&mut hand, 1, AllIn);
        assert!(has(&events, |e| matches!(
            e,
            Event::Raised { full: f, .. } if *f == full
        )));
        let offered = if full { 25 } else { 20 };
        assert_eq!(
            raise_range(&hand),
            Some((offered, offered)),
            "stack {stack}"
        );
        ok(&mut hand, 2, Call);
        // Seat 3 called the big blind before the all-in.
        assert_eq!(hand.to_act(), Some(s(3)));
        assert_eq!(raise_range(&hand).is_some(), full, "stack {stack}");
        if full {
            ok(&mut hand, 3, RaiseTo(Chips(25)));
        } else {
            assert!(matches!(
                rejected(&mut hand, 3, RaiseTo(Chips(20))),
                HandError::NotReopened { .. }
            ));
        }
    }
}

#[test]
fn b25_two_short_all_ins_in_a_row_that_reach_half_a_bet_act_as_a_raise() {
    // Five players, flop order 1, 2, 3, 4, 0. Bet 10, all-in 13 (no raise), all-in
    // 15: together half a bet over the bet, so a raise.
    let five = |s2: u64, s3: u64| {
        let mut hand = preflop(limit_10_20(), &[1_000, 1_000, s2, s3, 1_000], 0);
        ok(&mut hand, 3, Call);
        ok(&mut hand, 4, Call);
        ok(&mut hand, 0, Call);
        ok(&mut hand, 1, Call);
        ok(&mut hand, 2, Check);
        deal_board(&mut hand);
        ok(&mut hand, 1, BetTo(Chips(10)));
        ok(&mut hand, 2, AllIn);
        hand
    };
    let mut hand = five(23, 25);
    let events = ok(&mut hand, 3, AllIn);
    assert!(has(&events, |e| matches!(
        e,
        Event::Raised { to, full: true, .. } if *to == Chips(15)
    )));
    assert_eq!(raise_range(&hand), Some((25, 25)));
    ok(&mut hand, 4, Call);
    ok(&mut hand, 0, Call);
    // The first bettor faces half a bet more than it bet: reopened.
    assert_eq!(raise_range(&hand), Some((25, 25)));
    ok(&mut hand, 1, RaiseTo(Chips(25)));
    // Seat 4 called 15 and now faces a full raise.
    assert_eq!(raise_range(&hand), Some((35, 35)));

    // All-ins to 13 and 14 stay short of half a bet: nothing reopens.
    let mut hand = five(23, 24);
    let events = ok(&mut hand, 3, AllIn);
    assert!(has(&events, |e| matches!(
        e,
        Event::Raised { full: false, .. }
    )));
    assert_eq!(raise_range(&hand), Some((20, 20)));
    ok(&mut hand, 4, Call);
    ok(&mut hand, 0, Call);
    assert_eq!(raise_range(&hand), None);
    ok(&mut hand, 1, Call);
}

#[test]
fn b25_an_all_in_that_counts_as_a_raise_counts_toward_the_cap() {
    // The big blind, raises to 20 and 30, an all-in to 35: a bet and three raises.
    let mut hand = preflop(limit_10_20(), &[1_000, 1_000, 1_000, 35, 1_000], 0);
    ok(&mut hand, 3, RaiseTo(Chips(20)));
    ok(&mut hand, 4, RaiseTo(Chips(30)));
    ok(&mut hand, 0, Call);
    ok(&mut hand, 1, Call);
    ok(&mut hand, 2, Call);
    // (Seat 3 had 35 in all: its all-in is a raise of 5 on 30.)
    let events = ok(&mut hand, 3, AllIn);
    assert!(has(&events, |e| matches!(
        e,
        Event::Raised { full: true, .. }
    )));
    assert_eq!(raise_range(&hand), None, "capped");
    assert!(matches!(
        rejected(&mut hand, 4, RaiseTo(Chips(45))),
        HandError::Capped { bets: 4, .. }
    ));
}

#[test]
fn b25_opening_all_in_bet_of_half_a_bet_is_a_bet_below_half_it_is_completed() {
    // Seat 1 has 5 (half a bet) or 4 behind on the flop, and opens all-in.
    for (behind, full) in [(5, true), (4, false)] {
        let mut hand = checked_to(
            limit_10_20(),
            &[1_000, 10 + behind, 1_000, 1_000],
            Street::Flop,
        );
        ok(&mut hand, 1, AllIn);
        let offered = if full { behind + 10 } else { 10 };
        assert_eq!(raise_range(&hand), Some((offered, offered)), "{behind}");
        ok(&mut hand, 2, Call);
        ok(&mut hand, 3, Call);
        ok(&mut hand, 0, Call);
        assert!(hand.to_act().is_none(), "round over");
    }
}

#[test]
fn b25_house_rule_off_only_a_full_raise_counts() {
    let mut config = limit_10_20();
    config.fixed_limit_half_bet = false;
    let mut hand = checked_to(config, &[1_000, 1_000, 25, 1_000], Street::Flop);
    ok(&mut hand, 1, BetTo(Chips(10)));
    let events = ok(&mut hand, 2, AllIn);
    assert!(has(&events, |e| matches!(
        e,
        Event::Raised { full: false, .. }
    )));
    // The next raise is to 20 (a full raise over the last full bet).
    assert_eq!(raise_range(&hand), Some((20, 20)));
    assert!(matches!(
        rejected(&mut hand, 3, RaiseTo(Chips(25))),
        HandError::FixedLimitAmount { required, .. } if required == Chips(20)
    ));
    ok(&mut hand, 3, Call);
    ok(&mut hand, 0, Call);
    assert_eq!(
        raise_range(&hand),
        None,
        "not reopened for the first bettor"
    );
    ok(&mut hand, 1, Call);
}
