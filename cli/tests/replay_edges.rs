//! `holdem replay` at the edges of what it is given: folders with nothing it can
//! read, link loops, FIFOs, names that are not UTF-8 or hold escape sequences,
//! and inputs whose report would not fit in memory. Each ends, says what it
//! skipped and why, and fails when nothing was replayed.
#![cfg(unix)]

use std::ffi::OsStr;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::symlink;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-edges-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("tmp dir");
    dir
}

fn seed(dir: &Path) -> PathBuf {
    let to = dir.join("b23-rake.phh");
    std::fs::copy(repo().join("data/histories/seeds/b23-rake.phh"), &to).expect("copy");
    to
}

/// Runs `holdem replay ARGS`, killed (and the test failed) after 60 s: a walk
/// that never ends is a failure, not a hang.
fn replay(args: &[&OsStr]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_holdem"))
        .arg("replay")
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn holdem");
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            panic!("holdem replay {args:?} did not end in 60 s");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

fn text(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn h1_a_folder_with_no_history_it_can_read_lists_what_it_skipped_and_fails() {
    let dir = temp_dir("other-site");
    std::fs::write(
        dir.join("ignition-hands.txt"),
        "Ignition Hand #3973512345 TBL#1 HOLDEM No Limit - 2020-01-01 12:00:00\n",
    )
    .expect("write");
    std::fs::write(dir.join("notes.md"), "hello\n").expect("write");
    let out = replay(&[dir.as_os_str()]);
    let stdout = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(
        stdout.contains("ignition-hands.txt: not a hand history"),
        "{stdout}"
    );
    assert!(stdout.contains("notes.md: not a hand history"), "{stdout}");
    assert!(stdout.contains("no hand was replayed"), "{stdout}");
    assert!(stdout.contains("result: FAIL"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn h6_tournament_summaries_beside_the_hands_are_skipped_as_no_hand_history() {
    // A site writes a tournament's summary in a file of its own beside the
    // hands: it holds no hand, so a folder replay skips it by name.
    let dir = temp_dir("summaries");
    seed(&dir);
    std::fs::write(
        dir.join("20150309_Expresso(112456330)_real_holdem_no-limit_summary.txt"),
        "Winamax Poker - Tournament summary : Expresso(112456330)\nPlayer : someone\n\
         Buy-In : 0\u{20ac} + 1\u{20ac}\nRegistered players : 3\nPrizepool : 2\u{20ac}\n\
         You finished in 2nd place\n",
    )
    .expect("write");
    std::fs::write(
        dir.join("TS20200101 T123456789 No Limit Hold'em $1 + $0.10.txt"),
        "PokerStars Tournament #123456789, No Limit Hold'em\nBuy-In: $1.00/$0.10 USD\n\
         9 players\nYou finished in 4th place.\n",
    )
    .expect("write");
    let out = replay(&[dir.as_os_str()]);
    let stdout = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("replayed 1 hands from 1 files"), "{stdout}");
    assert!(
        stdout.contains("_summary.txt: not a hand history")
            && stdout.contains("$0.10.txt: not a hand history"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn h1_link_loops_end_and_each_file_is_replayed_once() {
    let dir = temp_dir("loops");
    seed(&dir);
    symlink("self-a", dir.join("self-a")).expect("link");
    symlink("self-b", dir.join("self-b")).expect("link");
    symlink(".", dir.join("here")).expect("link");
    std::fs::create_dir(dir.join("sub")).expect("dir");
    symlink("..", dir.join("sub/up")).expect("link");
    // Not followed: listed as links.
    let out = replay(&[dir.as_os_str()]);
    let stdout = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("replayed 1 hands from 1 files"), "{stdout}");
    assert!(
        stdout.contains("self-a: a symbolic link, not followed"),
        "{stdout}"
    );
    assert!(
        stdout.contains("up: a symbolic link, not followed"),
        "{stdout}"
    );
    // Followed: every folder once, the loops on themselves reported.
    let out = replay(&[OsStr::new("--follow"), dir.as_os_str()]);
    let stdout = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("replayed 1 hands from 1 files"), "{stdout}");
    assert!(
        stdout.contains("here: a link to a file or folder already visited"),
        "{stdout}"
    );
    assert!(
        stdout.contains("up: a link to a file or folder already visited"),
        "{stdout}"
    );
    assert!(stdout.contains("self-a: cannot be read"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn h1_a_fifo_named_like_a_history_is_skipped_in_a_folder_and_on_the_command_line() {
    let dir = temp_dir("fifo");
    seed(&dir);
    let fifo = dir.join("pipe.phh");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo");
    assert!(made.success());
    let out = replay(&[dir.as_os_str()]);
    let stdout = text(&out);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("pipe.phh: not a regular file"), "{stdout}");
    let out = replay(&[fifo.as_os_str()]);
    let stdout = text(&out);
    assert_eq!(out.status.code(), Some(1), "{stdout}");
    assert!(stdout.contains("pipe.phh: not a regular file"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn h1_a_file_name_that_is_not_utf8_is_reported_in_json() {
    let dir = temp_dir("latin1");
    let name = dir.join(OsStr::from_bytes(b"caf\xe9.phh"));
    std::fs::write(&name, "not = [a hand").expect("write");
    let out = replay(&[OsStr::new("--json"), dir.as_os_str()]);
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let path = doc["reports"][0]["path"].as_str().expect("a path");
    assert!(path.ends_with("caf\u{fffd}.phh"), "{path}");
    assert_eq!(doc["passed"], false);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn h1_file_names_and_file_text_are_printed_escaped() {
    let dir = temp_dir("escapes");
    let name = dir.join("red\u{1b}[31m.phh");
    let seed =
        std::fs::read_to_string(repo().join("data/histories/seeds/b23-rake.phh")).expect("seed");
    // The unknown preset's name is quoted in the report.
    let hand = format!("{seed}_holdem_rules = \"evil\u{1b}]0;owned\u{7}\u{0}\"\n");
    std::fs::write(&name, hand).expect("write");
    let out = replay(&[dir.as_os_str()]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        !out.stdout.iter().any(|&b| b == 0x1b || b == 0 || b == 7),
        "{}",
        text(&out)
    );
    assert!(text(&out).contains("red\\u{1b}[31m.phh"), "{}", text(&out));
    assert!(text(&out).contains("evil\\u{1b}]0;owned"), "{}", text(&out));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn h1_the_report_keeps_at_most_max_lines_a_file_and_says_how_many_it_left_out() {
    let dir = temp_dir("bounded");
    let bad: String = (0..5000).map(|i| format!("{{\"bad\": {i}}}\n")).collect();
    std::fs::write(dir.join("bad.jsonl"), bad).expect("write");
    let out = replay(&[
        OsStr::new("--json"),
        OsStr::new("--max-lines"),
        OsStr::new("7"),
        dir.as_os_str(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON document");
    let report = &doc["reports"][0];
    assert_eq!(report["lines"].as_array().map(Vec::len), Some(7));
    assert_eq!(report["left_out"], 4993);
    assert_eq!(doc["counts"]["unreadable"], 5000);
    let out = replay(&[OsStr::new("--max-lines"), OsStr::new("7"), dir.as_os_str()]);
    let stdout = text(&out);
    assert_eq!(stdout.matches("UNREADABLE: ").count(), 7, "{stdout}");
    assert!(stdout.contains("4993 more lines not listed"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}
