//! `holdem convert` writes its output whole or not at all: the hands go to a
//! temporary file beside the target, renamed onto it only when every hand was
//! read and written.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

fn convert(input: &Path, output: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_holdem"))
        .arg("convert")
        .arg(input)
        .arg(output)
        .output()
        .expect("run holdem convert")
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-convert-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("tmp dir");
    dir
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .expect("read dir")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

/// Ten good hands of the generated corpus, then a line that is not a hand.
fn jsonl_broken_after_ten_hands(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(
        repo().join("data/histories/generated/seed-2026-10000-hands-first-100.jsonl"),
    )
    .expect("generated corpus");
    let mut lines: Vec<&str> = text.lines().take(10).collect();
    lines.push("{\"variant\": not json");
    let input = dir.join("broken.jsonl");
    std::fs::write(&input, lines.join("\n") + "\n").expect("write input");
    input
}

#[test]
fn convert_that_fails_midway_leaves_no_output_file() {
    let dir = temp_dir("midway");
    let input = jsonl_broken_after_ten_hands(&dir);
    for target in ["out.postcard", "out.phhs", "out.jsonl"] {
        let out = convert(&input, &dir.join(target));
        assert_eq!(
            out.status.code(),
            Some(2),
            "{target}: the conversion must fail"
        );
        assert_eq!(
            names_in(&dir),
            ["broken.jsonl"],
            "{target}: a partial or temporary file was left"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn convert_that_fails_leaves_an_existing_target_as_it_was() {
    let dir = temp_dir("existing");
    let input = jsonl_broken_after_ten_hands(&dir);
    let target = dir.join("kept.jsonl");
    std::fs::write(&target, "the old contents\n").expect("write target");
    let out = convert(&input, &target);
    assert_eq!(out.status.code(), Some(2));
    let kept = std::fs::read_to_string(&target).expect("target");
    assert!(
        kept == "the old contents\n",
        "the failed conversion overwrote the target ({} bytes)",
        kept.len()
    );
    assert_eq!(names_in(&dir), ["broken.jsonl", "kept.jsonl"]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn convert_of_many_hands_to_one_hand_phh_fails_without_a_partial_file() {
    let dir = temp_dir("single");
    let input = repo().join("data/histories/generated/seed-2026-10000-hands-first-100.phhs");
    let out = convert(&input, &dir.join("one.phh"));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("holds one hand"));
    assert!(names_in(&dir).is_empty(), "left {:?}", names_in(&dir));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn convert_that_succeeds_writes_the_target_only() {
    let dir = temp_dir("ok");
    let input = repo().join("data/histories/generated/seed-2026-10000-hands-first-100.phhs");
    let target = dir.join("all.jsonl");
    let out = convert(&input, &target);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    assert_eq!(names_in(&dir), ["all.jsonl"]);
    let text = std::fs::read_to_string(&target).expect("target");
    assert_eq!(text.lines().count(), 100);
    // Converting a file onto itself reads it whole before replacing it.
    let out = convert(&target, &target);
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let again = std::fs::read_to_string(&target).expect("target");
    assert!(
        again == text,
        "converting onto itself lost hands ({} bytes)",
        again.len()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn convert_reports_every_hand_it_cannot_read_not_only_the_first() {
    let dir = temp_dir("every-bad");
    let text = std::fs::read_to_string(
        repo().join("data/histories/generated/seed-2026-10000-hands-first-100.jsonl"),
    )
    .expect("generated corpus");
    let mut lines: Vec<&str> = text.lines().take(3).collect();
    lines.insert(1, "{\"variant\": not json");
    lines.push("[1, 2]");
    let input = dir.join("two-bad.jsonl");
    std::fs::write(&input, lines.join("\n") + "\n").expect("write input");
    let out = convert(&input, &dir.join("out.postcard"));
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("hand 2:"), "{stderr}");
    assert!(stderr.contains("hand 5:"), "{stderr}");
    assert!(stderr.contains("2 hands could not be read"), "{stderr}");
    assert_eq!(names_in(&dir), ["two-bad.jsonl"]);
    let _ = std::fs::remove_dir_all(&dir);
}
