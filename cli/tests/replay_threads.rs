//! `holdem replay --threads N` prints the same report on one thread and on two:
//! files in order, hands in order within a file, the same counts; only the
//! timing figures of the JSON tail differ.

use std::path::PathBuf;
use std::process::Command;

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

const CORPUS: [&str; 4] = [
    "data/histories/phh",
    "data/histories/generated/seed-2026-10000-hands.postcard",
    "data/histories/pokerstars",
    "data/histories/illegal",
];

/// The `--json --verbose` output with the timing members (`seconds`,
/// `hands_per_second`) set to 0; everything else byte for byte.
fn replay_json(threads: &str) -> Vec<u8> {
    let mut args = vec!["replay", "--json", "--verbose", "--threads", threads];
    args.extend(CORPUS);
    let out = Command::new(env!("CARGO_BIN_EXE_holdem"))
        .current_dir(repo())
        .args(&args)
        .output()
        .expect("run holdem");
    let mut text = String::from_utf8(out.stdout).expect("UTF-8 JSON");
    for key in ["\"hands_per_second\":", "\"seconds\":"] {
        let start = text.rfind(key).expect("timing member in the tail") + key.len();
        let len = text[start..].find([',', '}']).expect("the member ends");
        text.replace_range(start..start + len, "0");
    }
    let cut = text;
    cut.into_bytes()
}

#[test]
fn replay_json_is_the_same_bytes_on_one_thread_and_on_two() {
    let one = replay_json("1");
    let two = replay_json("2");
    assert!(one == two, "replay --json differs between 1 and 2 threads");
    let doc: serde_json::Value = serde_json::from_slice(&one).expect("one JSON document");
    assert!(doc["files"].as_u64() > Some(50), "{}", doc["files"]);
    assert!(doc["counts"]["hands"].as_u64() > Some(10_000));
    // The illegal corpus holds hands replay refuses: those lines are compared too.
    assert!(
        doc["counts"]["expected_illegal"].as_u64() > Some(0),
        "{}",
        doc["counts"]
    );
}

#[test]
fn replay_threads_zero_means_every_core_and_a_word_is_a_usage_error() {
    let run = |threads: &str| {
        Command::new(env!("CARGO_BIN_EXE_holdem"))
            .current_dir(repo())
            .args(["replay", "--threads", threads, "data/histories/seeds"])
            .output()
            .expect("run holdem")
    };
    // 0 means every core, as for `stats` and `export`.
    assert!(run("0").status.success());
    let bad = run("many");
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--threads"));
}
