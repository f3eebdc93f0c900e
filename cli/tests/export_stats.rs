//! `holdem export` and `holdem stats` give the same bytes on one thread and on
//! two (rows in hand order whatever the threads), and refuse what they cannot do
//! with a message and status 2.

use std::path::PathBuf;
use std::process::{Command, Output};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .map(PathBuf::from)
        .unwrap_or_default()
}

fn holdem(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_holdem"))
        .current_dir(repo())
        .args(args)
        .output()
        .expect("run holdem")
}

#[cfg(feature = "parquet")]
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

const CORPUS: [&str; 3] = [
    "data/histories/phh/handhq",
    "data/histories/generated/seed-2026-10000-hands.postcard",
    "data/histories/pokerstars",
];

#[cfg(feature = "parquet")]
#[test]
fn export_writes_the_same_bytes_on_one_thread_and_on_two() {
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let dir = temp_dir(&format!("threads-{threads}"));
        let dir_text = dir.to_string_lossy().into_owned();
        let mut args = vec!["export", "--threads", threads, "--to", &dir_text];
        args.extend(CORPUS);
        let out = holdem(&args);
        let stdout = String::from_utf8_lossy(&out.stdout).into_owned();
        assert!(stdout.contains(" hands, "), "{stdout}");
        let files: Vec<Vec<u8>> = ["hands", "players", "actions"]
            .iter()
            .map(|t| std::fs::read(dir.join(format!("{t}.parquet"))).expect("written"))
            .collect();
        assert!(files.iter().all(|f| f.starts_with(b"PAR1")));
        // The report names the folder, which differs.
        outputs.push((stdout.replace(&dir_text, "DIR"), files));
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert_eq!(outputs[0].0, outputs[1].0);
    for (table, (one, two)) in outputs[0].1.iter().zip(&outputs[1].1).enumerate() {
        assert!(one == two, "table {table} differs between 1 and 2 threads");
    }
}

#[cfg(feature = "parquet")]
#[test]
fn export_of_phh_and_every_format_with_hands_left_out_is_the_same_on_one_thread_and_on_two() {
    // PHH folders (hands of other games among them), site text with unreadable
    // hands, postcard: the same files, report and messages, in the same order.
    // One hand broken without a declaration, besides the shipped files that
    // declare theirs.
    let broken = temp_dir("broken").join("broken.phh");
    std::fs::create_dir_all(broken.parent().expect("a folder")).expect("temp dir");
    std::fs::write(&broken, "variant = \"NT\"\n").expect("write");
    let broken_text = broken.to_string_lossy().into_owned();
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let dir = temp_dir(&format!("all-{threads}"));
        let dir_text = dir.to_string_lossy().into_owned();
        let out = holdem(&[
            "export",
            "--threads",
            threads,
            "--to",
            &dir_text,
            "data/histories/phh",
            "data/histories",
            &broken_text,
        ]);
        assert_eq!(out.status.code(), Some(1), "hands could not be read");
        let stdout = String::from_utf8_lossy(&out.stdout).replace(&dir_text, "DIR");
        assert!(
            stdout.contains("hands of other games or forms left out")
                && stdout.contains("hands left out that their files declare unreadable")
                && stdout.contains("1 hands could not be read"),
            "{stdout}"
        );
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            stderr.starts_with("error: ") && stderr.lines().count() == 1,
            "only the undeclared hand is an error: {stderr}"
        );
        let files: Vec<Vec<u8>> = ["hands", "players", "actions"]
            .iter()
            .map(|t| std::fs::read(dir.join(format!("{t}.parquet"))).expect("written"))
            .collect();
        outputs.push((stdout, stderr, files));
        let _ = std::fs::remove_dir_all(&dir);
    }
    assert_eq!(outputs[0].0, outputs[1].0);
    assert_eq!(outputs[0].1, outputs[1].1);
    for (table, (one, two)) in outputs[0].2.iter().zip(&outputs[1].2).enumerate() {
        assert!(one == two, "table {table} differs between 1 and 2 threads");
    }
}

#[cfg(feature = "parquet")]
#[test]
fn h1_the_readmes_corpus_commands_leave_out_the_declared_broken_hands_and_pass() {
    // `data/histories` holds hands broken on purpose, each declared by its file
    // (`# expect-illegal:`): replay counts them expected illegal, and stats and
    // export leave them out with a count, not as errors.
    let dir = temp_dir("readme");
    let dir_text = dir.to_string_lossy().into_owned();
    for args in [
        vec!["stats", "--min-hands", "50", "data/histories"],
        vec!["export", "data/histories", "--to", &dir_text],
    ] {
        let out = holdem(&args);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stdout}{stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
        assert!(
            stdout.contains("hands left out that their files declare unreadable"),
            "{args:?}: {stdout}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn stats_prints_the_same_json_on_one_thread_and_on_two() {
    let run = |threads| {
        let mut args = vec!["stats", "--json", "--threads", threads];
        args.extend(CORPUS);
        holdem(&args).stdout
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    let doc: serde_json::Value = serde_json::from_slice(&one).expect("one JSON document");
    let players = doc["players"].as_array().expect("players");
    assert!(players.len() > 100, "{}", players.len());
}

#[test]
fn stats_min_hands_leaves_out_players_with_fewer_hands() {
    let out = holdem(&[
        "stats",
        "--json",
        "--min-hands",
        "20",
        "data/histories/phh/handhq",
    ]);
    let doc: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let players = doc["players"].as_array().expect("players");
    assert!(!players.is_empty());
    assert!(players.iter().all(|p| p["hands"].as_u64() >= Some(20)));
}

#[cfg(feature = "parquet")]
#[test]
fn export_into_a_file_is_refused_with_status_2() {
    let file = temp_dir("a-file");
    std::fs::write(&file, "not a folder").expect("write");
    let out = holdem(&[
        "export",
        "--to",
        &file.to_string_lossy(),
        "data/histories/phh/handhq",
    ]);
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.starts_with("error: "), "{stderr}");
    assert!(stderr.contains(&*file.to_string_lossy()), "{stderr}");
    // The file in the way is left as it was.
    assert_eq!(
        std::fs::read_to_string(&file).ok().as_deref(),
        Some("not a folder")
    );
    let _ = std::fs::remove_file(&file);
}

#[test]
fn stats_of_a_missing_file_is_refused_with_status_2() {
    let out = holdem(&["stats", "no/such/file.phh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
}
