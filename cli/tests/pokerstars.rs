//! H5 from the shell: `holdem replay` and `holdem convert` take PokerStars files as a
//! new user would give them, by extension or by content.

use std::path::{Path, PathBuf};
use std::process::Command;

fn holdem(args: &[&Path]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_holdem"))
        .args(args)
        .output()
        .expect("the holdem binary runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.success(), text)
}

fn sample() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/histories/pokerstars/poker-apprentice/pokerstars-fixtures.txt")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-h5-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(name)
}

#[test]
fn h5_holdem_replay_reads_a_pokerstars_file_by_extension_and_by_content() {
    let (ok, text) = holdem(&[Path::new("replay"), &sample()]);
    assert!(ok, "{text}");
    assert!(text.contains("ok (settled)               3"), "{text}");
    let renamed = scratch("HH20231228 Sirona.log");
    std::fs::copy(sample(), &renamed).expect("copy");
    let (ok, text) = holdem(&[Path::new("replay"), &renamed]);
    assert!(ok, "{text}");
    assert!(text.contains("ok (settled)               3"), "{text}");
}

#[test]
fn h5_holdem_convert_writes_phh_that_replays() {
    let phhs = scratch("sirona.phhs");
    let (ok, text) = holdem(&[Path::new("convert"), &sample(), &phhs]);
    assert!(ok && text.contains("wrote 3 hands"), "{text}");
    let (ok, text) = holdem(&[Path::new("replay"), &phhs]);
    assert!(ok, "{text}");
    assert!(text.contains("ok (settled)               3"), "{text}");
    let back = scratch("sirona.txt");
    let (ok, text) = holdem(&[Path::new("convert"), &phhs, &back]);
    assert!(!ok && text.contains("read, not written"), "{text}");
}
