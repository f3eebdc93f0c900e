//! Broken rules files: each gives a typed error naming the field path and the
//! reason (rule R2). One `check` helper, one line per case.

use holdem_rules_config::{ErrorKind, Rules, RulesError};

/// Loads `text`, which must fail, and returns the error.
fn rejected(text: &str) -> RulesError {
    match Rules::from_toml_str(text) {
        Ok(rules) => panic!("accepted:\n{text}\n→ {rules:?}"),
        Err(e) => e,
    }
}

/// `text` must fail with an error of `kind` at `path` whose reason contains
/// `reason`.
fn check(text: &str, kind: ErrorKind, path: &str, reason: &str) {
    let err = rejected(text);
    assert!(
        err.errors
            .iter()
            .any(|e| e.kind == kind && e.path == path && e.reason.contains(reason)),
        "wanted {kind} at {path} ({reason}), got:\n{err}"
    );
}

#[test]
fn r2_wrong_type_names_the_field() {
    check(
        "extends = \"online-cash\"\n[betting]\nbig-blind = \"ten\"",
        ErrorKind::WrongType,
        "betting.big-blind",
        "string",
    );
    check(
        "extends = \"online-cash\"\n[betting]\nbig-blind = -5",
        ErrorKind::WrongType,
        "betting.big-blind",
        "must be a positive whole number",
    );
    check(
        "extends = \"online-cash\"\n[betting]\ncap-lifted-heads-up = \"yes\"",
        ErrorKind::WrongType,
        "betting.cap-lifted-heads-up",
        "bool",
    );
    check(
        "extends = \"online-mtt\"\n[tournament.event.structure]\nlevels = [{ small-blind = 1, big-blind = 2.5, minutes = 10 }]",
        ErrorKind::WrongType,
        "tournament.event.structure.levels[0].big-blind",
        "float",
    );
}

#[test]
fn r2_unknown_variant_is_a_wrong_type_listing_the_choices() {
    check(
        "extends = \"club\"\n[dealing]\nbutton-draw = \"lowest-card\"",
        ErrorKind::WrongType,
        "dealing.button-draw",
        "seat-one",
    );
    check(
        "extends = \"club\"\n[betting]\nstructure = \"spread-limit\"",
        ErrorKind::WrongType,
        "betting.structure",
        "\"spread-limit\" is not a known choice",
    );
    // One line, the path not repeated: the old CamelCase rake spelling.
    let err = rejected("extends = \"online-cash\"\n[rake]\nrounding = \"Down\"");
    assert_eq!(err.errors[0].path, "rake.rounding");
    assert_eq!(
        err.errors[0].reason,
        "\"Down\" is not a known choice (expected `down` or `nearest`)"
    );
}

#[test]
fn r2_unknown_keys_are_errors_everywhere_and_all_reported() {
    let err = rejected(
        "extends = \"online-mtt\"\ncolour = 1\n[betting]\nre-raise-must-double = true\n[rake]\npercent = 5\n[tournament.entry.late-registration]\nwindw = { clock-minutes = 30 }\n[tournament.event.structure]\nlevels = [{ small-blind = 1, big-blind = 2, minutes = 10, antes = 0 }]",
    );
    for path in [
        "colour",
        "betting.re-raise-must-double",
        "rake.percent",
        "tournament.entry.late-registration.windw",
        "tournament.event.structure.levels[0].antes",
    ] {
        assert!(
            err.errors
                .iter()
                .any(|e| e.path == path && e.kind == ErrorKind::UnknownField),
            "{path} missing from:\n{err}"
        );
    }
    // The reason lists what is known there.
    check(
        "extends = \"online-mtt\"\n[betting]\nre-raise-must-double = true",
        ErrorKind::UnknownField,
        "betting.re-raise-must-double",
        "reraise-must-double",
    );
}

#[test]
fn r2_a_snake_case_key_is_pointed_at_its_kebab_case_spelling() {
    // A snake_case spelling of a kebab-case key gets a pointer to the right one.
    check(
        "extends = \"online-cash\"\n[rake]\nbasis_points = 400",
        ErrorKind::UnknownField,
        "rake.basis_points",
        "did you mean `basis-points`?",
    );
    check(
        "extends = \"online-mtt\"\n[betting]\ncap_lifted_heads_up = true",
        ErrorKind::UnknownField,
        "betting.cap_lifted_heads_up",
        "did you mean `cap-lifted-heads-up`?",
    );
}

#[test]
fn r2_known_keys_include_the_optional_keys_a_file_left_out() {
    // online-mtt has no rake cap and no rebuys: a typo still lists them.
    let err = rejected("extends = \"online-mtt\"\n[rake]\ncpa = 3\n[tournament.entry]\nrebuyy = 1");
    let reason = |path: &str| {
        err.errors
            .iter()
            .find(|e| e.path == path)
            .map(|e| e.reason.clone())
            .unwrap_or_else(|| panic!("{path} missing from:\n{err}"))
    };
    assert!(reason("rake.cpa").contains("cap,"), "{err}");
    let entry = reason("tournament.entry.rebuyy");
    assert!(
        entry.contains("rebuy,") && entry.contains("add-on,"),
        "{err}"
    );
    // And the snake_case hint finds an optional key too.
    check(
        "extends = \"online-mtt\"\n[tournament.entry]\nmax_entries = 2",
        ErrorKind::UnknownField,
        "tournament.entry.max_entries",
        "did you mean `max-entries`?",
    );
}

#[test]
fn b20_r2_a_tournament_moved_player_rule_must_agree_with_the_table_rule() {
    let err = rejected(
        "extends = \"online-mtt\"\n[table]\nmoved-player = \"wait-in-small-blind-or-button\"",
    );
    assert_eq!(err.paths(), ["tournament.moved-player"]);
    assert!(
        err.errors[0].reason.contains(
            "dealt-in-at-once contradicts table.moved-player wait-in-small-blind-or-button"
        ),
        "{err}"
    );
    let both = Rules::from_toml_str(
        "extends = \"online-mtt\"\n[table]\nmoved-player = \"wait-in-small-blind-or-button\"\n[tournament]\nmoved-player = \"wait-in-small-blind-or-button\"",
    )
    .expect("valid");
    assert_eq!(
        both.tournament.map(|t| t.moved_player),
        Some(holdem_betting::table::MovedPlayer::WaitInSmallBlindOrButton)
    );
}

#[test]
fn b18_r2_a_tournament_button_rule_must_agree_with_the_table_rule() {
    let err = rejected("extends = \"online-mtt\"\n[table]\nbutton = \"dead-button\"");
    assert_eq!(err.paths(), ["tournament.button"]);
    assert!(
        err.errors[0]
            .reason
            .contains("forward-moving contradicts table.button dead-button"),
        "{err}"
    );
    let both = Rules::from_toml_str(
        "extends = \"online-mtt\"\n[table]\nbutton = \"dead-button\"\n[tournament]\nbutton = \"dead-button\"",
    )
    .expect("valid");
    assert_eq!(
        both.tournament.map(|t| t.button),
        Some(holdem_tourney::ButtonMovement::DeadButton)
    );
}

#[test]
fn r2_missing_fields_name_the_missing_key() {
    check(
        "name = \"x\"",
        ErrorKind::MissingField,
        "betting",
        "required",
    );
    check(
        "[betting]\nstructure = { fixed-limit = { small-bet = 10 } }\nbig-blind = 10",
        ErrorKind::MissingField,
        "betting.structure.fixed-limit.big-bet",
        "required",
    );
    check(
        "[betting]\nstructure = \"no-limit\"",
        ErrorKind::MissingField,
        "betting.big-blind",
        "a cash game needs a big blind",
    );
    check(
        "[betting]\nstructure = \"no-limit\"\n[tournament.entry]\nstarting-stack = 100\nprice = { prize-pool = 1, fee = 0, bounty = 0 }",
        ErrorKind::MissingField,
        "tournament.event",
        "required",
    );
}

#[test]
fn r2_contradictory_values_are_all_reported_together() {
    let err = rejected(
        "extends = \"online-cash\"\n[betting]\nsmall-blind = 60\nbig-blind = 50\nchip-unit = 0",
    );
    assert!(err.errors.len() >= 2, "{err}");
    check(
        "extends = \"club\"\n[betting]\nsmall-blind = 60\nbig-blind = 50",
        ErrorKind::Invalid,
        "betting.small-blind",
        "small blind 60 exceeds big blind 50",
    );
    check(
        "extends = \"club\"\n[betting]\nchip-unit = 0",
        ErrorKind::Invalid,
        "betting.chip-unit",
        "must be a positive whole number of chips",
    );
    check(
        "extends = \"online-cash\"\n[betting]\nstructure = { fixed-limit = { small-bet = 0, big-bet = 20 } }",
        ErrorKind::Invalid,
        "betting.structure.fixed-limit.small-bet",
        "must be a positive whole number of chips",
    );
    check(
        "extends = \"live-tournament\"\n[betting]\nbig-blind = 100",
        ErrorKind::Invalid,
        "betting.big-blind",
        "come from tournament.event.structure.levels",
    );
    check(
        "extends = \"online-mtt\"\n[rake]\nbasis-points = 500",
        ErrorKind::Invalid,
        "rake.basis-points",
        "not a rake",
    );
    check(
        "extends = \"online-mtt\"\n[tournament.entry]\nstarting-stack = 5000",
        ErrorKind::Invalid,
        "tournament.entry.starting-stack",
        "contradicts tournament.event.starting-stack 10000",
    );
    check(
        "extends = \"online-mtt\"\n[tournament.event]\naway-hands-limit = 250",
        ErrorKind::Invalid,
        "tournament.event.away-hands-limit",
        "shootout and heads-up",
    );
    check(
        "extends = \"online-mtt\"\n[tournament.deal]\nmin-left-in-play-bp = 900",
        ErrorKind::Invalid,
        "tournament.deal.min-left-in-play-bp",
        "exceeds max-left-in-play-bp 500",
    );
}

#[test]
fn r2_structure_errors_name_the_level_and_the_break() {
    check(
        "extends = \"live-tournament\"\n[tournament.event.structure]\nbreaks = { after-play = { every-minutes = 0, minutes = 15 } }",
        ErrorKind::Invalid,
        "tournament.event.structure.breaks.after-play.every-minutes",
        "break every 0 minutes",
    );
    let err = rejected(
        "extends = \"live-tournament\"\n[tournament.event.structure]\nlevels = [\n{ small-blind = 25, big-blind = 50, minutes = 20 },\n{ small-blind = 60, big-blind = 50, minutes = 0 },\n{ small-blind = 30, big-blind = 60, minutes = 20 },\n]",
    );
    let paths = err.paths();
    for path in [
        "tournament.event.structure.levels[1].minutes",
        "tournament.event.structure.levels[1].small-blind",
        "tournament.event.structure.levels[2].small-blind",
    ] {
        assert!(paths.contains(&path), "{path} missing from:\n{err}");
    }
    assert!(
        err.to_string()
            .contains("small blind 60 exceeds big blind 50"),
        "{err}"
    );
    // B24: 30 is not a whole number of 25-chip units.
    assert!(
        err.to_string()
            .contains("30 is not a whole number of 25-chip units"),
        "{err}"
    );
    check(
        "extends = \"online-mtt\"\n[tournament.event.structure]\nbreaks = { synchronized = { every-hours = 3, minute-past = 55, minutes = 5 } }",
        ErrorKind::Invalid,
        "tournament.event.structure.breaks.synchronized.every-hours",
        "break every 3 hours",
    );
}

#[test]
fn r2_late_registration_and_add_on_errors() {
    check(
        "extends = \"live-tournament\"\n[tournament.entry.late-registration]\nwindow = { through-level = 40 }",
        ErrorKind::Invalid,
        "tournament.entry.late-registration.window",
        "past the last of 12 levels",
    );
    check(
        "extends = \"online-mtt\"\n[tournament.entry.add-on]\nwindow = \"add-on-break\"\nchips = 5000\nprice = { prize-pool = 1000, fee = 0, bounty = 0 }\nmax-add-ons = 1\nadd-on-break-minutes = 3",
        ErrorKind::Invalid,
        "tournament.entry.add-on.window",
        "add-on-break is not set",
    );
}

#[test]
fn r2_not_toml_at_all() {
    check("this is not toml", ErrorKind::NotToml, "", "line 1");
    check(
        "[betting\nstructure = 1",
        ErrorKind::NotToml,
        "",
        "not valid TOML",
    );
    check("", ErrorKind::MissingField, "betting", "required");
}

#[test]
fn r2_random_bytes_are_not_toml() {
    let err = Rules::from_toml_bytes(&[0xff, 0xfe, 0x00, 0x9c, 0x80]).expect_err("bytes");
    assert_eq!(err.errors[0].kind, ErrorKind::NotToml);
    assert!(err.errors[0].reason.contains("UTF-8"), "{err}");
}

#[test]
fn r2_extends_must_name_a_preset() {
    check(
        "extends = \"online\"",
        ErrorKind::UnknownPreset,
        "extends",
        "online-mtt, online-cash",
    );
    check(
        "extends = 3",
        ErrorKind::WrongType,
        "extends",
        "preset name",
    );
}

#[test]
fn r2_errors_display_path_then_reason() {
    let err = rejected("extends = \"club\"\n[betting]\nsmall-blind = 60\nbig-blind = 50");
    assert_eq!(
        err.to_string(),
        "1 error in the rules\n  betting.small-blind: small blind 60 exceeds big blind 50 (B2)"
    );
}
