//! Rule B28: mixed limits, a betting structure per street (house rule).

mod common;

use common::*;
use holdem_betting::{
    Action::*, BettingStructure, Hand, HandConfig, HandError, Street, StreetStructures,
};
use holdem_pots::Chips;

const FIXED_10_20: BettingStructure = BettingStructure::FixedLimit {
    small_bet: Chips(10),
    big_bet: Chips(20),
};

/// Every player still to act on the street calls or checks.
fn everyone_calls(hand: &mut Hand) {
    while let Some(seat) = hand.to_act() {
        let legal = hand.legal_actions().expect("a seat acts");
        let action = if legal.check { Check } else { Call };
        ok(hand, seat.index(), action);
    }
}

#[test]
fn b28_pot_limit_preflop_raise_capped_at_the_pot_no_limit_postflop_bet_is_not() {
    // PokerStars "Hold'em Pot Limit Pre-Flop, No Limit Post-Flop", blinds 1-2.
    let config = HandConfig::mixed(
        Chips(2),
        StreetStructures::POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP,
    );
    let mut hand = preflop(config, &[1_000; 3], 0);
    // Pot 3, call 2: at most 2 + 3 + 2 = 7 (B11).
    let legal = hand.legal_actions().expect("the button acts");
    assert_eq!(legal.raise.map(|r| r.max), Some(Chips(7)));
    assert!(matches!(
        rejected(&mut hand, 0, RaiseTo(Chips(8))),
        HandError::AbovePotLimit { max, .. } if max == Chips(7)
    ));
    ok(&mut hand, 0, RaiseTo(Chips(7)));
    everyone_calls(&mut hand);
    deal_board(&mut hand);
    assert_eq!(hand.street(), Street::Flop);
    assert_eq!(hand.pot_total(), Chips(21));
    // No limit after the flop: the whole stack, far above the pot of 21.
    let legal = hand.legal_actions().expect("the small blind acts");
    assert_eq!(legal.bet.map(|r| r.max), Some(Chips(993)));
    ok(&mut hand, 1, BetTo(Chips(500)));
    ok(&mut hand, 2, RaiseTo(Chips(993)));
}

#[test]
fn b28_fixed_limit_street_in_a_mixed_hand_keeps_its_bet_sizes_and_cap() {
    // No limit before the flop and on the river, 10-20 fixed limit on flop and turn.
    let streets = StreetStructures {
        preflop: BettingStructure::NoLimit,
        flop: FIXED_10_20,
        turn: FIXED_10_20,
        river: BettingStructure::NoLimit,
    };
    let mut hand = preflop(HandConfig::mixed(Chips(10), streets), &[1_000; 4], 0);
    // Pre-flop no limit: a raise may be any size up to the stack.
    ok(&mut hand, 3, RaiseTo(Chips(35)));
    everyone_calls(&mut hand);
    deal_board(&mut hand);
    // Flop: the small bet exactly, then a bet and three raises (B9).
    let legal = hand.legal_actions().expect("the small blind acts");
    assert_eq!(
        legal.bet.map(|r| (r.min, r.max)),
        Some((Chips(10), Chips(10)))
    );
    assert!(matches!(
        rejected(&mut hand, 1, BetTo(Chips(15))),
        HandError::FixedLimitAmount { .. }
    ));
    ok(&mut hand, 1, BetTo(Chips(10)));
    ok(&mut hand, 2, RaiseTo(Chips(20)));
    ok(&mut hand, 3, RaiseTo(Chips(30)));
    ok(&mut hand, 0, RaiseTo(Chips(40)));
    assert_eq!(hand.legal_actions().expect("seat 1").raise, None);
    assert!(matches!(
        rejected(&mut hand, 1, RaiseTo(Chips(50))),
        HandError::Capped { bets: 4, .. }
    ));
    everyone_calls(&mut hand);
    deal_board(&mut hand);
    // Turn: the big bet.
    let legal = hand.legal_actions().expect("turn");
    assert_eq!(
        legal.bet.map(|r| (r.min, r.max)),
        Some((Chips(20), Chips(20)))
    );
    everyone_calls(&mut hand);
    deal_board(&mut hand);
    // River: no limit again, the big blind minimum and the whole stack.
    let legal = hand.legal_actions().expect("river");
    assert_eq!(
        legal.bet.map(|r| (r.min, r.max)),
        Some((Chips(10), Chips(925)))
    );
}

#[test]
fn b28_legal_actions_agree_with_apply_on_every_street() {
    // Fixed, pot, no and pot limit, street by street.
    let streets = StreetStructures {
        preflop: FIXED_10_20,
        flop: BettingStructure::PotLimit,
        turn: BettingStructure::NoLimit,
        river: BettingStructure::PotLimit,
    };
    let mut hand = preflop(HandConfig::mixed(Chips(10), streets), &[2_000; 3], 0);
    for street in [Street::Preflop, Street::Flop, Street::Turn, Street::River] {
        assert_eq!(hand.street(), street);
        let seat = hand.to_act().expect("a seat acts");
        let legal = hand.legal_actions().expect("legal");
        let range = legal.bet.or(legal.raise).expect("a bet or a raise");
        let action = |to: u64| {
            if legal.bet.is_some() {
                BetTo(Chips(to))
            } else {
                RaiseTo(Chips(to))
            }
        };
        for to in [range.min.get(), range.max.get()] {
            let mut probe = hand.clone();
            ok(&mut probe, seat.index(), action(to));
        }
        rejected(&mut hand, seat.index(), action(range.min.get() - 1));
        rejected(&mut hand, seat.index(), action(range.max.get() + 1));
        ok(&mut hand, seat.index(), action(range.min.get()));
        everyone_calls(&mut hand);
        if street != Street::River {
            deal_board(&mut hand);
        }
    }
}

#[test]
fn b28_config_is_validated_street_by_street() {
    let mut config = HandConfig::mixed(
        Chips(10),
        StreetStructures {
            turn: BettingStructure::FixedLimit {
                small_bet: Chips(10),
                big_bet: Chips(0),
            },
            ..StreetStructures::uniform(BettingStructure::NoLimit)
        },
    );
    assert!(matches!(
        config.validate(),
        Err(HandError::InvalidConfig {
            field: "street-structures",
            ..
        })
    ));
    config.street_structures = Some(StreetStructures::POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP);
    // `structure` is still no limit: it must be the pre-flop structure.
    assert!(matches!(
        config.validate(),
        Err(HandError::InvalidConfig {
            field: "structure",
            ..
        })
    ));
    config.structure = BettingStructure::PotLimit;
    assert!(config.validate().is_ok());
}
