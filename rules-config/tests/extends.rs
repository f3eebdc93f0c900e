//! `extends = "PRESET"`: start from a preset, override fields, validate (R1, R2).

use holdem_betting::BettingStructure;
use holdem_pots::Chips;
use holdem_rules_config::{Preset, Rules};
use holdem_tourney::clock::BreakSchedule;

#[test]
fn r1_extends_alone_is_the_preset() {
    for preset in Preset::ALL {
        let text = format!("extends = \"{}\"", preset.name());
        assert_eq!(Rules::from_toml_str(&text), preset.rules(), "{preset}");
    }
}

#[test]
fn r1_extends_overrides_only_the_given_fields() {
    let base = Rules::preset("online-cash").expect("preset");
    let mine = Rules::from_toml_str(
        "extends = \"online-cash\"\nname = \"home\"\n[betting]\nsmall-blind = 10\nbig-blind = 20\nstructure = { fixed-limit = { small-bet = 20, big-bet = 40 } }\n[rake]\ncap = 5",
    )
    .expect("valid");
    assert_eq!(mine.name, "home");
    assert_eq!(mine.betting.big_blind, Some(Chips(20)));
    assert_eq!(
        mine.betting.structure,
        BettingStructure::FixedLimit {
            small_bet: Chips(20),
            big_bet: Chips(40)
        }
    );
    assert_eq!(mine.rake.cap, Some(Chips(5)));
    assert_eq!(mine.rake.basis_points, base.rake.basis_points);
    assert_eq!(mine.dealing, base.dealing);
    assert_eq!(mine.betting.showdown, base.betting.showdown);
}

#[test]
fn r1_extends_switches_an_enum_variant() {
    // Merging `after-play` into `{ synchronized = ... }` must replace it, not
    // give a two-variant table.
    let rules = Rules::from_toml_str(
        "extends = \"online-mtt\"\n[tournament.event.structure.breaks.after-play]\nevery-minutes = 60\nminutes = 5",
    )
    .expect("valid");
    let breaks = rules.tournament.as_ref().map(|t| t.event.structure.breaks);
    assert_eq!(
        breaks,
        Some(BreakSchedule::AfterPlay {
            every_minutes: 60,
            minutes: 5
        })
    );
    let rules =
        Rules::from_toml_str("extends = \"online-cash\"\n[betting]\nstructure = \"pot-limit\"")
            .expect("valid");
    assert_eq!(rules.betting.structure, BettingStructure::PotLimit);
}

#[test]
fn r2_stakes_in_a_tournament_contradict_its_levels() {
    let mut rules = Rules::preset("online-mtt").expect("preset");
    rules.betting.big_blind = Some(Chips(100));
    let err = rules.validate().expect_err("stakes in a tournament");
    assert_eq!(err.paths(), ["betting.big-blind"]);
    // The same through a file.
    let err = Rules::from_toml_str(&rules.to_toml_string().expect("toml")).expect_err("file");
    assert_eq!(err.paths(), ["betting.big-blind"]);
}
