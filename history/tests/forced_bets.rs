//! Straddles, per-seat antes, recorded rake and `winnings` in replay (H1, H2; B3, B5,
//! B6, B21, B23), with the PHH specification's conventions.

use holdem_betting::HandError;
use holdem_history::PhhErrorKind;
use holdem_history::phh::{InlineTableError, parse_phh};
use holdem_history::replay::{HouseRules, IllegalReason, Outcome, replay_hand};

fn replay(text: &str) -> Outcome {
    let h = parse_phh(text).expect("a valid PHH hand");
    replay_hand(&h, &HouseRules::standard())
}

fn stacks(o: &Outcome) -> Vec<u64> {
    match o {
        Outcome::Ok {
            settled: true,
            stacks,
            ..
        } => stacks.to_vec(),
        other => panic!("expected a settled hand, got {other:?}"),
    }
}

fn hand(antes: &str, blinds: &str, stacks: &str, actions: &str, extra: &str) -> String {
    format!(
        "variant = 'NT'\nantes = [{antes}]\nblinds_or_straddles = [{blinds}]\nmin_bet = 100\n\
         starting_stacks = [{stacks}]\nactions = [{actions}]\n{extra}\n"
    )
}

#[test]
fn h2_b3_straddles_are_live_blinds_and_the_straddler_acts_last() {
    let seed = include_str!("../../data/histories/seeds/b3-b6-straddles.phh");
    assert_eq!(
        stacks(&replay(seed)),
        [9950, 9900, 9600, 10950, 10000, 9600]
    );
    // Before the flop the first to act is left of the last straddle (p5), not left
    // of the big blind (p3).
    let out_of_turn = hand(
        "0, 0, 0, 0, 0, 0",
        "50, 100, 200, 400, 0, 0",
        "10000, 10000, 10000, 10000, 10000, 10000",
        "'d dh p1 7c2d', 'd dh p2 9h4s', 'd dh p3 AhQd', 'd dh p4 KsKc', 'd dh p5 8d3c', \
         'd dh p6 JcTc', 'p3 f'",
        "",
    );
    match replay(&out_of_turn) {
        Outcome::Illegal { action, reason, .. } => {
            assert_eq!(action, 7);
            assert!(
                matches!(
                    reason,
                    IllegalReason::Engine(HandError::OutOfTurn { to_act, .. }) if to_act.as_usize() == 4
                ),
                "{reason}"
            );
            assert_eq!(
                reason.to_string(),
                "p3 acted out of turn: p5 is to act (B7)"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn h2_b3_a_button_straddle_is_unsupported_not_illegal() {
    // PHH's "button straddle" example: the engine plays straddles left of the big
    // blind only.
    let text = hand(
        "0, 0, 0, 0, 0, 0",
        "50, 100, 0, 0, 0, 200",
        "10000, 10000, 10000, 10000, 10000, 10000",
        "",
        "",
    );
    match replay(&text) {
        Outcome::Unsupported {
            reason: reason @ holdem_history::replay::UnsupportedReason::Straddle(_),
        } => {
            assert_eq!(reason.rule(), "B3");
            assert!(reason.to_string().starts_with("straddle: "), "{reason}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn h2_b5_a_button_ante_is_dead_money() {
    let seed = include_str!("../../data/histories/seeds/b5-button-ante.phh");
    assert_eq!(stacks(&replay(seed)), [975, 1050, 1000, 975]);
}

#[test]
fn h2_b5_heads_up_big_blind_ante_is_reverse_assigned_and_dead() {
    // Spec example `antes = [0.0, 3.0]` heads-up: reverse-assigned, so p1, the big
    // blind, pays it. p2 (button, small blind) folds: p1 wins the small blind and
    // its own ante back only as the pot's winner; the ante is not part of the call.
    let text = hand(
        "0, 30",
        "50, 100",
        "1000, 1000",
        "'d dh p1 AsKs', 'd dh p2 7h2c', 'p2 f'",
        "",
    );
    assert_eq!(stacks(&replay(&text)), [1050, 950]);
}

#[test]
fn h2_b5_non_uniform_antes_are_each_players_own() {
    // Everyone folds to the big blind, who collects every ante and the small blind.
    let text = hand(
        "10, 20, 30",
        "50, 100, 0",
        "1000, 1000, 1000",
        "'d dh p1 AsKs', 'd dh p2 7h2c', 'd dh p3 QdQc', 'p3 f', 'p1 f'",
        "",
    );
    assert_eq!(stacks(&replay(&text)), [940, 1090, 970]);
}

#[test]
fn h2_b23_a_recorded_rake_is_applied_and_checked_against_finishing_stacks() {
    let seed = include_str!("../../data/histories/seeds/b23-rake.phh");
    assert_eq!(stacks(&replay(seed)), [9950, 10678, 9300]);
    // The same hand without its rake: the gap to finishing_stacks is rake-shaped,
    // so the rake is inferred and reported (H4).
    let unraked: String = seed
        .lines()
        .filter(|l| !l.starts_with("_holdem_rake"))
        .collect::<Vec<_>>()
        .join("\n");
    match replay(&unraked) {
        Outcome::Ok {
            settled: true,
            note: Some(note),
            ..
        } => assert_eq!(note, "rake 0.72 inferred from finishing_stacks"),
        other => panic!("{other:?}"),
    }
    // With the rake recorded, any gap is a mismatch.
    let wrong = seed.replace(
        "finishing_stacks = [99.50, 106.78, 93.00]",
        "finishing_stacks = [99.50, 106.70, 93.00]",
    );
    match replay(&wrong) {
        Outcome::Mismatch { reason } => assert!(reason.contains("106.78"), "{reason}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn h2_b23_rules_rake_applies_without_a_recorded_one() {
    let seed = include_str!("../../data/histories/seeds/b23-rake.phh");
    let unraked: String = seed
        .lines()
        .filter(|l| !l.starts_with("_holdem_rake"))
        .collect::<Vec<_>>()
        .join("\n");
    let h = parse_phh(&unraked).expect("valid");
    let mut rules = HouseRules::standard();
    rules.rake.basis_points = 500;
    let o = replay_hand(&h, &rules);
    assert_eq!(stacks(&o), [9950, 10678, 9300]);
}

#[test]
fn h2_b23_a_bad_rake_field_is_a_typed_error_with_its_line() {
    let seed = include_str!("../../data/histories/seeds/b23-rake.phh");
    let bad = seed.replace("basis-points = 500", "basis-points = 20000");
    let e = parse_phh(&bad).expect_err("rate above 100%");
    let line = bad
        .lines()
        .position(|l| l.starts_with("_holdem_rake"))
        .expect("the field")
        + 1;
    assert_eq!(e.line as usize, line);
    assert!(
        matches!(
            &e.kind,
            PhhErrorKind::InlineTable {
                field: "_holdem_rake",
                source: InlineTableError::OutOfRange { key: "basis-points", value, .. },
            } if value == "20000"
        ),
        "{e}"
    );
}

#[test]
fn winnings_that_differ_are_a_remark_never_an_error() {
    let seed = include_str!("../../data/histories/seeds/b23-rake.phh");
    let wrong = seed.replace("winnings = [0, 13.78, 0]", "winnings = [0, 13.00, 0]");
    match replay(&wrong) {
        Outcome::Ok {
            settled: true,
            note: Some(note),
            ..
        } => assert!(note.contains("0.78 less"), "{note}"),
        other => panic!("{other:?}"),
    }
    match replay(seed) {
        Outcome::Ok {
            settled: true,
            note,
            ..
        } => assert_eq!(note, None, "consistent winnings need no remark"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn h2_b21_shows_of_folded_players_and_wrong_cards_are_illegal() {
    for (file, expected) in [
        (
            include_str!("../../data/histories/illegal/b21-folded-player-shows.phh"),
            "B21",
        ),
        (
            include_str!("../../data/histories/illegal/c1-shows-cards-not-dealt.phh"),
            "C1",
        ),
    ] {
        match replay(file) {
            Outcome::Illegal { reason, .. } => assert_eq!(reason.rule(), expected, "{reason}"),
            other => panic!("{other:?}"),
        }
    }
}
