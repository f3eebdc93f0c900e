//! `holdem rules list|show|check` through [`run_to`] (R1, R2).

use clap::Parser;
use holdem_rules_config::{Preset, Rules};

use super::{RulesArgs, run_to};

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    args: RulesArgs,
}

/// Runs `holdem rules ARGS...`: (status, stdout, stderr).
fn holdem_rules(args: &[&str]) -> (u8, String, String) {
    let cli = Cli::try_parse_from(std::iter::once("rules").chain(args.iter().copied()))
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let status = run_to(&cli.args, &mut out, &mut err).expect("writes to memory");
    let text = |b: Vec<u8>| String::from_utf8(b).expect("utf-8");
    (status, text(out), text(err))
}

fn temp_file(name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-rules-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path
}

#[test]
fn r1_rules_list_names_every_preset_and_its_seed() {
    let (status, out, _) = holdem_rules(&["list"]);
    assert_eq!(status, 0);
    assert_eq!(out.lines().count(), Preset::ALL.len());
    for preset in Preset::ALL {
        assert!(
            out.contains(preset.name()) && out.contains(&format!("seed {}", preset.seed())),
            "{out}"
        );
    }
}

#[test]
fn r1_rules_show_prints_a_full_preset_that_loads_back() {
    let (status, out, _) = holdem_rules(&["show", "live-tour"]);
    assert_eq!(status, 0);
    assert_eq!(Rules::from_toml_str(&out), Rules::preset("live-tour"));
    let (status, _, err) = holdem_rules(&["show", "pokerstars"]);
    assert_eq!(status, 2);
    assert!(err.contains("online-mtt"), "{err}");
}

#[test]
fn r2_rules_check_accepts_a_good_file_with_a_summary() {
    let path = temp_file(
        "good.toml",
        "extends = \"live-tour\"\n[betting]\nreraise-must-double = false\n",
    );
    let (status, out, err) = holdem_rules(&["check", path.to_str().expect("path")]);
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(
        out.contains(": ok") && out.contains("no limit tournament"),
        "{out}"
    );
    assert!(
        out.contains("cap lifted heads-up") && !out.contains("re-raise must double"),
        "{out}"
    );
    // Choices are named as the file spells them.
    assert!(
        out.contains("button draw: first-ace") && out.contains("dead-button button"),
        "{out}"
    );
}

#[test]
fn r2_rules_check_lists_every_error_with_its_path_and_exits_2() {
    let path = temp_file(
        "bad.toml",
        "extends = \"club\"\n[betting]\nsmall-blind = 60\nbig-blind = 50\nantee = 5\n",
    );
    let (status, out, err) = holdem_rules(&["check", path.to_str().expect("path")]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(err.contains("2 errors in the rules"), "{err}");
    assert!(err.contains("betting.antee: is not a known key"), "{err}");
    assert!(
        err.contains("betting.small-blind: small blind 60 exceeds big blind 50 (B2)"),
        "{err}"
    );
    let path = temp_file("noise.toml", "\u{1}\u{2} not toml");
    assert_eq!(holdem_rules(&["check", path.to_str().expect("path")]).0, 2);
}

#[test]
fn r2_rules_check_reports_an_unknown_key_and_a_missing_field_in_one_run() {
    let path = temp_file(
        "unknown-and-missing.toml",
        "[betting]\nstructure = { fixed-limit = { small-bet = 10 } }\nbig-blind = 10\nantee = 5\n",
    );
    let (status, out, err) = holdem_rules(&["check", path.to_str().expect("path")]);
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(err.contains("2 errors in the rules"), "{err}");
    assert!(err.contains("betting.antee: is not a known key"), "{err}");
    assert!(
        err.contains("betting.structure.fixed-limit.big-bet: is required"),
        "{err}"
    );
}

#[test]
fn rules_check_of_a_missing_file_exits_1() {
    let (status, _, err) = holdem_rules(&["check", "/nonexistent/rules.toml"]);
    assert_eq!(status, 1);
    assert!(err.contains("cannot read"), "{err}");
}
