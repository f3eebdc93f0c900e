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

#[test]
fn r1_unset_clears_an_optional_key_the_preset_sets() {
    // TOML has no null: `unset` is how a file drops the online-cash rake cap.
    let rules =
        Rules::from_toml_str("extends = \"online-cash\"\nunset = [\"rake.cap\"]").expect("valid");
    assert_eq!(rules.rake.cap, None);
    assert_eq!(rules.rake.basis_points, 500);
}

#[test]
fn r2_unset_must_name_keys_that_are_there() {
    let err = Rules::from_toml_str(
        "extends = \"online-cash\"\nunset = [\"rake.cap\", \"rake.capp\", 3, \"tournament.deal\"]",
    )
    .expect_err("bad paths");
    assert_eq!(err.paths(), ["unset[1]", "unset[2]", "unset[3]"]);
    assert!(err.errors[0].reason.contains("\"rake.capp\""), "{err}");
    let err = Rules::from_toml_str("extends = \"club\"\nunset = \"rake.cap\"").expect_err("a list");
    assert_eq!(err.paths(), ["unset"]);
    // A required key can be unset, and is then reported missing.
    let err = Rules::from_toml_str("extends = \"club\"\nunset = [\"betting.structure\"]")
        .expect_err("required");
    assert_eq!(err.paths(), ["betting.structure"]);
}

#[test]
fn t2_t4_r2_entries_after_the_start_need_a_multi_table_event() {
    // A heads-up event made from online-mtt keeps its late registration window
    // unless the file unsets it: reported at the path, with the way out.
    let heads_up =
        "extends = \"online-mtt\"\n[tournament.event]\nformat = \"heads-up\"\ntable-size = 2\n";
    let err = Rules::from_toml_str(heads_up).expect_err("late registration");
    assert_eq!(err.paths(), ["tournament.entry.late-registration.window"]);
    assert!(err.errors[0].reason.contains("unset = ["), "{err}");
    let text = format!(
        "{heads_up}[tournament.entry]\nre-entry = true\n[tournament.entry.rebuy]\nperiod = {{ through-level = 2 }}\nchip-threshold = 1\nchips = 1000\nprice = {{ prize-pool = 1000, fee = 100, bounty = 0 }}"
    );
    let err = Rules::from_toml_str(&text).expect_err("re-entry and rebuys");
    for path in [
        "tournament.entry.late-registration.window",
        "tournament.entry.re-entry",
        "tournament.entry.rebuy",
    ] {
        assert!(err.paths().contains(&path), "{path}: {err}");
    }
    let fixed = format!("unset = [\"tournament.entry.late-registration.window\"]\n{heads_up}");
    assert!(Rules::from_toml_str(&fixed).is_ok());
}
