//! The report of `corpus::replay_file_batched`: what a file may declare, and what
//! the report keeps, whatever the input.

use std::path::PathBuf;

use holdem_history::corpus::{RulesBook, Status, judge_text, replay_file, replay_file_batched};

const ILLEGAL: &str = include_str!("../../data/histories/illegal/b10-bet-below-minimum.phh");

fn temp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-report-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, bytes).expect("write");
    path
}

/// The file's illegal hand, with its declaration replaced by `declaration`.
fn declaring(declaration: &str) -> String {
    let body: Vec<&str> = ILLEGAL
        .lines()
        .filter(|l| !l.starts_with("# expect-illegal:"))
        .collect();
    format!("{declaration}\n{}\n", body.join("\n"))
}

#[test]
fn h2_an_empty_expectation_is_refused_with_its_line_and_matches_nothing() {
    for (i, declaration) in ["# expect-illegal:", "# expect-illegal:   "]
        .iter()
        .enumerate()
    {
        let path = temp(&format!("empty-{i}.phh"), declaring(declaration).as_bytes());
        let report = replay_file(&path, &RulesBook::new(None), false);
        assert_eq!(report.counts.expected_illegal, 0, "{report:?}");
        assert_eq!(report.counts.illegal, 1, "{report:?}");
        assert_eq!(report.counts.unreadable, 1, "{report:?}");
        assert!(!report.counts.passed());
        let refused = report
            .lines
            .iter()
            .find(|l| l.status == Status::Unreadable)
            .expect("the refusal is a line");
        assert!(
            refused.message.contains("line 1:") && refused.message.contains("names no failure"),
            "{}",
            refused.message
        );
    }
}

#[test]
fn h2_a_named_expectation_still_meets_its_failure() {
    let declared = ILLEGAL
        .lines()
        .find(|l| l.starts_with("# expect-illegal:"))
        .expect("the shipped file declares its failure");
    let path = temp("named.phh", declaring(declared).as_bytes());
    let report = replay_file(&path, &RulesBook::new(None), false);
    assert_eq!(
        (report.counts.expected_illegal, report.counts.illegal),
        (1, 0)
    );
    assert!(report.counts.passed(), "{report:?}");
}

#[test]
fn a_file_of_many_bad_hands_keeps_at_most_max_lines_and_counts_the_rest() {
    // 20 000 lines that are not hands (about 1 MB): every one is a failure.
    let bad: String = (0..20_000)
        .map(|i| {
            format!(
                "{{\"not a hand\": {i}, \"padding\": \"{}\"}}\n",
                "x".repeat(20)
            )
        })
        .collect();
    let path = temp("bad.jsonl", bad.as_bytes());
    let rules = RulesBook::new(None);
    for keep_all in [false, true] {
        let report = replay_file_batched(&path, &rules, keep_all, 100, 64, |texts| {
            texts.iter().map(|t| judge_text(t, &rules)).collect()
        });
        assert_eq!(report.counts.hands, 20_000);
        assert_eq!(report.counts.unreadable, 20_000);
        assert_eq!(report.lines.len(), 100);
        assert_eq!(report.left_out, 19_900);
        assert_eq!(report.lines.last().map(|l| l.hand), Some(100));
    }
}

#[test]
fn r1_load_takes_standard_a_preset_or_a_rules_file_as_rules_named_finds_them() {
    use holdem_history::corpus::RulesBookError;
    use holdem_history::replay::HouseRules;
    use holdem_rules_config::{NamedRulesError, Rules};
    assert_eq!(
        RulesBook::load("standard").expect("standard"),
        HouseRules::standard()
    );
    let preset = Rules::preset("live-tour").expect("a preset");
    assert_eq!(
        RulesBook::load("live-tour").expect("a preset"),
        HouseRules::from_rules("live-tour", &preset)
    );
    let file = temp(
        "house.toml",
        b"extends = \"club\"\n[betting]\nreraise-must-double = true\n",
    );
    let name = file.to_str().expect("a UTF-8 temp path");
    let loaded = RulesBook::load(name).expect("a rules file");
    assert_eq!(loaded.name, name);
    assert!(loaded.reraise_must_double);
    let bad = temp("bad.toml", b"extends = 3\n");
    match RulesBook::load(bad.to_str().expect("UTF-8")) {
        Err(RulesBookError::Named(e)) => {
            assert!(matches!(*e, NamedRulesError::Invalid { .. }), "{e:?}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn r1_rules_a_book_does_not_hold_are_typed_errors_naming_them() {
    use holdem_history::corpus::RulesBookError;
    let book = RulesBook::new(None);
    match book.for_declared(Some("\"nope\"")) {
        Err(RulesBookError::UnknownPreset { name }) => assert_eq!(name, "nope"),
        other => panic!("{other:?}"),
    }
    assert!(book.for_declared(Some("\"live-tour\"")).is_ok());
    match RulesBook::load("no-such-rules") {
        Err(RulesBookError::Named(e)) => match *e {
            holdem_rules_config::NamedRulesError::NotFound { name, known, .. } => {
                assert_eq!(name, "no-such-rules");
                assert!(known.contains("online-mtt"), "{known}");
            }
            other => panic!("{other:?}"),
        },
        other => panic!("{other:?}"),
    }
    // Without presets (a build without the `rules-config` feature), a hand that
    // names one is refused the same way.
    let bare = RulesBook::with_presets(None, Vec::new());
    assert!(matches!(
        bare.for_declared(Some("\"live-tour\"")),
        Err(RulesBookError::UnknownPreset { .. })
    ));
}
