//! `holdem simulate --resume`: a corrupt journal (a bad frame followed by good
//! ones) is refused, naming the frame and byte offset, and changed in nothing;
//! `--truncate-corrupt` cuts it and keeps the dropped bytes in a side file
//! (rule T20).

use std::path::Path;
use std::process::{Command, Output};

fn holdem(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_holdem"))
        .args(args)
        .output()
        .expect("run holdem")
}

fn frame_starts(bytes: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos + 8 <= bytes.len() {
        out.push(pos);
        let len = u32::from_le_bytes(bytes[pos..pos + 4].try_into().expect("4 bytes")) as usize;
        pos += 8 + len;
    }
    out
}

#[test]
fn t20_resume_refuses_a_corrupt_journal_and_truncates_only_when_asked() {
    let dir = std::env::temp_dir().join(format!("holdem-sim-corrupt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join("journal.bin");
    let file = path.to_str().expect("utf-8 path");
    let first = holdem(&[
        "simulate",
        "--entrants",
        "20",
        "--seed",
        "3",
        "--quiet",
        "--journal",
        file,
    ]);
    assert!(first.status.success(), "{first:?}");
    let mut bytes = std::fs::read(&path).expect("journal");
    let starts = frame_starts(&bytes);
    assert!(starts.len() > 160, "{} frames", starts.len());
    let at = starts[150];
    bytes[at + 9] ^= 0x10;
    std::fs::write(&path, &bytes).expect("write");

    let refused = holdem(&["simulate", "--quiet", "--resume", file]);
    assert_eq!(refused.status.code(), Some(2), "{refused:?}");
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(
        err.contains(&format!("journal frame 150 at byte {at} is corrupt")),
        "{err}"
    );
    assert_eq!(
        std::fs::read(&path).expect("journal"),
        bytes,
        "left as it was"
    );

    let cut = holdem(&[
        "simulate",
        "--quiet",
        "--resume",
        file,
        "--truncate-corrupt",
    ]);
    assert!(cut.status.success(), "{cut:?}");
    let side = dir.join(format!("journal.bin.dropped-{at}"));
    assert_eq!(std::fs::read(&side).expect("side file"), &bytes[at..]);
    let now = std::fs::read(&path).expect("journal");
    assert_eq!(&now[..at], &bytes[..at], "the good frames are kept");
    let _ = std::fs::remove_dir_all(&dir);
    assert!(!Path::new(&side).exists());
}

#[test]
fn truncate_corrupt_needs_resume() {
    let out = holdem(&["simulate", "--truncate-corrupt", "--entrants", "4"]);
    assert_eq!(out.status.code(), Some(2), "{out:?}");
}
