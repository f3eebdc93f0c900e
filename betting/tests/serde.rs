//! Serde forms (feature `serde`): the config loads from kebab-case TOML for the
//! rules-config crate, and a hand's state round-trips (snapshots, DESIGN §1).
#![cfg(feature = "serde")]

mod common;

use common::{T, preflop, s};
use holdem_betting::{
    Action, BettingStructure, Chips, Hand, HandConfig, IncompleteAllInRule, Input,
};

#[test]
fn hand_config_loads_from_kebab_case_toml() {
    let text = r#"
        small-blind = 5
        big-blind = 10
        ante = 1
        big-blind-ante = 0
        chip-unit = 1
        max-bets-per-round = 4
        cap-lifted-heads-up = true
        reraise-must-double = false
        incomplete-all-in = "full-raise-over-last-full-bet"
        time-out-all-in-protection = true

        [structure.fixed-limit]
        small-bet = 10
        big-bet = 20
    "#;
    let config: HandConfig = toml::from_str(text).expect("valid TOML");
    assert_eq!(
        config.structure,
        BettingStructure::FixedLimit {
            small_bet: Chips(10),
            big_bet: Chips(20)
        }
    );
    assert_eq!(
        config.incomplete_all_in,
        IncompleteAllInRule::FullRaiseOverLastFullBet
    );
    assert!(config.cap_lifted_heads_up && config.time_out_all_in_protection);
    assert!(config.validate().is_ok());
    // Missing fields take the standard defaults.
    let partial: HandConfig =
        toml::from_str("big-blind = 100\nsmall-blind = 50\nstructure = \"pot-limit\"")
            .expect("partial");
    assert_eq!(partial.structure, BettingStructure::PotLimit);
    assert_eq!(partial.max_bets_per_round, 4);
}

#[test]
fn hand_state_round_trips_through_json() {
    let mut hand = preflop(HandConfig::no_limit(Chips(100)), &[1_000, 1_000, 1_000], 0);
    hand.apply(T, Input::act(s(0), Action::RaiseTo(Chips(300))))
        .expect("raise");
    let json = serde_json::to_string(&hand).expect("serialize");
    let back: Hand = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, hand);
}
