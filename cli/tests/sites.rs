//! H6 from the shell: `holdem replay` and `holdem convert` find GGPoker, Full
//! Tilt and Winning Poker Network (`Hand #` text) files by their content (any
//! name) and convert them to PHH and the native formats.

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

fn data(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../data/histories")
        .join(path)
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("holdem-h6-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir.join(name)
}

/// `holdem replay` finds the site of `file` (copied as `{tag}.log`) by its
/// content and settles its `hands`; `holdem convert` writes them to PHH and the
/// native formats, which replay the same.
fn replays_and_converts(file: &str, hands: usize, tag: &str) {
    let renamed = scratch(&format!("{tag}.log"));
    std::fs::copy(data(file), &renamed).expect("copy");
    let (ok, text) = holdem(&[Path::new("replay"), &renamed]);
    assert!(ok, "{text}");
    let settled = format!("ok (settled)              {hands:>2}");
    assert!(text.contains(&settled), "{text}");
    for ext in ["phhs", "jsonl", "postcard"] {
        let out = scratch(&format!("{tag}.{ext}"));
        let (ok, text) = holdem(&[Path::new("convert"), &renamed, &out]);
        assert!(
            ok && text.contains(&format!("wrote {hands} hands")),
            "{text}"
        );
        let (ok, text) = holdem(&[Path::new("replay"), &out]);
        assert!(ok && text.contains(&settled), "{text}");
    }
}

#[test]
fn h6_holdem_replays_and_converts_ggpoker_and_full_tilt_files_found_by_content() {
    for (file, hands) in [
        (
            "ggpoker/layorx/GG20250829-0702-RushAndCash9515431-0.01-0.02-6max.txt",
            13,
        ),
        (
            "fulltilt/hhsmithy/CashGame_MultipleHandsTests_10MultipleHands.txt",
            10,
        ),
    ] {
        replays_and_converts(file, hands, "session");
    }
}

#[test]
fn h6_holdem_replays_and_converts_wpn_hand_generation_files_found_by_content() {
    replays_and_converts(
        "wpn/cukier/HH20210220-SITGOID-G24095328T3-position-from-9-to-2.txt",
        8,
        "wpn-session",
    );
}
