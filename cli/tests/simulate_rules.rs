//! `holdem simulate --rules PRESET|FILE`: the presets of `holdem rules list` and
//! rules files drive a simulation (rule R1); cash-game rules are refused.

use std::process::Command;

fn simulate(rules: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_holdem"))
        .args([
            "simulate",
            "--rules",
            rules,
            "--entrants",
            "30",
            "--seed",
            "5",
        ])
        .args(["--hands", "quick", "--quiet"])
        .output()
        .expect("run holdem")
}

#[test]
fn r1_simulate_plays_a_tournament_preset_or_a_rules_file_and_refuses_cash_rules() {
    for preset in ["online-mtt", "live-tournament"] {
        let out = simulate(preset);
        assert!(out.status.success(), "{preset}: {out:?}");
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("chips in play"), "{preset}: {text}");
    }

    // The preset written out as a file plays the same tournament.
    let toml = Command::new(env!("CARGO_BIN_EXE_holdem"))
        .args(["rules", "show", "live-tournament"])
        .output()
        .expect("rules show");
    let path = std::env::temp_dir().join(format!("holdem-sim-rules-{}.toml", std::process::id()));
    std::fs::write(&path, &toml.stdout).expect("write rules");
    let from_file = simulate(path.to_str().expect("utf-8 path"));
    let from_preset = simulate("live-tournament");
    let _ = std::fs::remove_file(&path);
    let results = |o: &std::process::Output| {
        String::from_utf8_lossy(&o.stdout)
            .lines()
            .filter(|l| !l.starts_with("wall time"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert!(from_file.status.success(), "{from_file:?}");
    assert_eq!(results(&from_file), results(&from_preset));

    for (rules, says) in [
        ("online-cash", "cash-game rules"),
        ("no-such-preset-or-file", "not a preset"),
    ] {
        let out = simulate(rules);
        assert_eq!(out.status.code(), Some(2), "{rules}: {out:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{rules}: {err}");
    }
}
