//! The `holdem` binary on a standard output that cannot be written (`/dev/full`,
//! a full disk): every subcommand that prints says so on standard error and exits
//! with status 2, never 0 as if its output had been written.
#![cfg(target_os = "linux")]

use std::fs::OpenOptions;
use std::path::PathBuf;
use std::process::{Command, Stdio};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-full-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("tmp dir");
    dir
}

/// Runs `holdem ARGS` with standard output `/dev/full`.
fn assert_write_error_reported(args: &[&str]) {
    let full = OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("/dev/full");
    let out = Command::new(env!("CARGO_BIN_EXE_holdem"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .expect("run holdem");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(
        out.status.code(),
        Some(2),
        "holdem {args:?} > /dev/full: {}; stderr: {stderr}",
        out.status
    );
    assert!(
        stderr.contains("cannot write to standard output") && !stderr.contains("panicked"),
        "holdem {args:?} > /dev/full: {stderr}"
    );
}

#[test]
fn rules_list_show_and_check_on_a_full_disk_fail() {
    assert_write_error_reported(&["rules", "list"]);
    assert_write_error_reported(&["rules", "show", "online-mtt"]);
    let dir = temp_dir("rules");
    let file = dir.join("r.toml");
    std::fs::write(&file, "extends = \"online-mtt\"\n").expect("write");
    assert_write_error_reported(&["rules", "check", &file.to_string_lossy()]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn replay_on_a_full_disk_fails() {
    assert_write_error_reported(&["replay", "data/histories/seeds"]);
    assert_write_error_reported(&["replay", "--json", "data/histories/seeds"]);
}

#[test]
fn convert_and_gen_histories_on_a_full_disk_fail() {
    let dir = temp_dir("convert");
    let target = dir.join("out.jsonl");
    assert_write_error_reported(&[
        "convert",
        "data/histories/seeds/b23-rake.phh",
        &target.to_string_lossy(),
    ]);
    assert_write_error_reported(&[
        "gen-histories",
        "--hands",
        "3",
        "--out",
        &dir.to_string_lossy(),
    ]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn eval_equity_cards_and_icm_on_a_full_disk_fail() {
    assert_write_error_reported(&["eval", "AhKh", "QhJhTh", "2c3d"]);
    assert_write_error_reported(&["equity", "AhKh", "QsQd", "--board", "2c7dJs"]);
    assert_write_error_reported(&["cards", "td", "Ah"]);
    assert_write_error_reported(&["icm", "--stacks", "5000,3000,2000", "--payouts", "50,30,20"]);
}

#[test]
fn simulate_on_a_full_disk_fails() {
    assert_write_error_reported(&[
        "simulate",
        "--rules",
        "online-mtt",
        "--entrants",
        "6",
        "--hands",
        "quick",
    ]);
}
