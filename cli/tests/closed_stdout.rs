//! The `holdem` binary on a standard output whose reader has gone
//! (`holdem replay -v DIR | head -1`): every subcommand that prints ends
//! quietly with status 0, with no panic message (see `cli/src/main.rs`).

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

/// Runs `holdem ARGS` with standard output a pipe whose read end is closed
/// before the program starts, so its first write fails with a broken pipe.
fn run_with_closed_stdout(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("pipe");
    drop(reader);
    let child = Command::new(env!("CARGO_BIN_EXE_holdem"))
        .args(args)
        .current_dir(repo())
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn holdem");
    child.wait_with_output().expect("wait for holdem")
}

fn assert_quiet_end(args: &[&str]) {
    let out = run_with_closed_stdout(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        !stderr.contains("panicked") && !stderr.contains("Broken pipe"),
        "holdem {args:?} complained about the closed pipe: {stderr}"
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "holdem {args:?} on a closed pipe: {}; stderr: {stderr}",
        out.status
    );
}

#[test]
fn replay_verbose_on_a_closed_pipe_ends_quietly() {
    assert_quiet_end(&["replay", "-v", "data/histories/seeds"]);
    assert_quiet_end(&["replay", "--json", "data/histories/seeds"]);
}

#[test]
fn cards_on_a_closed_pipe_ends_quietly() {
    assert_quiet_end(&["cards", "AhKd", "Qs"]);
}

#[test]
fn eval_on_a_closed_pipe_ends_quietly() {
    assert_quiet_end(&["eval", "AhKh", "QhJhTh", "2c3d"]);
}

#[test]
fn equity_on_a_closed_pipe_ends_quietly() {
    assert_quiet_end(&["equity", "AhKh", "QsQd", "--board", "2c7d9s"]);
}

#[test]
fn simulate_on_a_closed_pipe_ends_quietly() {
    assert_quiet_end(&[
        "simulate",
        "--rules",
        "online-mtt",
        "--entrants",
        "6",
        "--hands",
        "quick",
        "--quiet",
    ]);
}

#[test]
fn rules_list_on_a_closed_pipe_ends_quietly() {
    assert_quiet_end(&["rules", "list"]);
}

#[test]
fn convert_on_a_closed_pipe_ends_quietly_and_writes_the_file() {
    let dir = std::env::temp_dir().join(format!("holdem-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("tmp dir");
    let target = dir.join("out.jsonl");
    let input = std::fs::read_dir(repo().join("data/histories/seeds"))
        .expect("seeds")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .find(|p| p.extension().is_some_and(|x| x == "phh"))
        .expect("a .phh seed");
    let input = input.to_string_lossy().into_owned();
    assert_quiet_end(&["convert", &input, &target.to_string_lossy()]);
    assert!(std::fs::metadata(&target).is_ok_and(|m| m.len() > 0));
    let _ = std::fs::remove_dir_all(&dir);
}
