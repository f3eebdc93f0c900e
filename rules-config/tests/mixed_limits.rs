//! Rule B28: mixed limits as a typed, validated option (`betting.street-structures`).

use holdem_betting::{BettingStructure, Street, StreetStructures};
use holdem_pots::Chips;
use holdem_rules_config::{ErrorKind, Preset, Rules};

const PL_NL: &str = "extends = \"club\"\n[betting]\nstructure = \"pot-limit\"\n\
street-structures = { preflop = \"pot-limit\", flop = \"no-limit\", turn = \"no-limit\", river = \"no-limit\" }";

#[test]
fn b28_pot_limit_preflop_no_limit_postflop_loads_into_the_hand_config() {
    let rules = Rules::from_toml_str(PL_NL).expect("PL/NL loads");
    assert_eq!(
        rules.betting.street_structures,
        Some(StreetStructures::POT_LIMIT_PREFLOP_NO_LIMIT_POSTFLOP)
    );
    let config = rules.hand_config(0).expect("hand config");
    assert_eq!(
        config.structure_on(Street::Preflop),
        BettingStructure::PotLimit
    );
    assert_eq!(config.structure_on(Street::Flop), BettingStructure::NoLimit);
    // It round-trips through TOML.
    let text = rules.to_toml_string().expect("serializes");
    assert_eq!(Rules::from_toml_str(&text).expect("reloads"), rules);
}

#[test]
fn b28_presets_play_one_structure_on_every_street() {
    for preset in Preset::ALL {
        let rules = preset.rules().expect("preset loads");
        assert_eq!(rules.betting.street_structures, None, "{preset}");
        assert!(
            preset.source().contains("# street-structures: not set"),
            "{preset} states the default"
        );
    }
}

#[test]
fn b28_street_structure_errors_name_the_field_path() {
    let cases = [
        // `structure` is the pre-flop structure.
        (
            "extends = \"club\"\n[betting]\nstreet-structures = { preflop = \"pot-limit\", flop = \"no-limit\", turn = \"no-limit\", river = \"no-limit\" }",
            ErrorKind::Invalid,
            "betting.street-structures.preflop",
        ),
        // A fixed-limit street's bets are checked as `structure`'s are (B9).
        (
            "extends = \"club\"\n[betting]\nstreet-structures = { preflop = \"no-limit\", flop = \"no-limit\", turn = { fixed-limit = { small-bet = 10, big-bet = 0 } }, river = \"no-limit\" }",
            ErrorKind::Invalid,
            "betting.street-structures.turn.fixed-limit.big-bet",
        ),
        (
            "extends = \"club\"\n[betting]\nstreet-structures = { preflop = \"no-limit\", flop = \"no-limit\", turn = \"no-limit\" }",
            ErrorKind::MissingField,
            "betting.street-structures.river",
        ),
        (
            "extends = \"club\"\n[betting]\nstreet-structures = { preflop = \"no-limit\", flop = \"no-limit\", turn = \"no-limit\", river = \"any-limit\" }",
            ErrorKind::WrongType,
            "betting.street-structures.river",
        ),
    ];
    for (text, kind, path) in cases {
        let err = Rules::from_toml_str(text).expect_err(text);
        assert!(
            err.errors.iter().any(|e| e.kind == kind && e.path == path),
            "wanted {kind} at {path}, got:\n{err}"
        );
    }
    // A valid mixed structure with a fixed-limit street keeps its bets.
    let text = "extends = \"club\"\n[betting]\nstreet-structures = { preflop = \"no-limit\", flop = \"no-limit\", turn = { fixed-limit = { small-bet = 10, big-bet = 20 } }, river = \"no-limit\" }";
    let config = Rules::from_toml_str(text)
        .expect("loads")
        .hand_config(0)
        .expect("config");
    assert_eq!(config.fixed_bet(Street::Turn), Some(Chips(20)));
    assert_eq!(config.fixed_bet(Street::Flop), None);
}
