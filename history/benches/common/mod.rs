//! What the history benches share.
#![allow(dead_code)] // each bench uses its own part

use std::path::Path;

use holdem_history::pokerstars::{check, hands, import};
use holdem_history::replay::{HouseRules, replay_hand};

/// The site-text workload: every hand of `text` cut, imported, replayed under
/// `rules` and checked against its text; returns the hands cut and how many
/// agree with their text.
pub fn import_replay_check(text: &str, rules: &HouseRules) -> (usize, usize) {
    let (mut count, mut agreed) = (0, 0);
    for hand in hands(text).flatten() {
        count += 1;
        if let Ok(imported) = import(&hand) {
            let outcome = replay_hand(&imported.history, rules);
            agreed += usize::from(check(&imported, &outcome).is_ok());
        }
    }
    (count, agreed)
}

/// Every file under `dir`, sorted, decoded, joined by blank lines.
pub fn folder_text(dir: &Path) -> String {
    let mut files = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else {
                files.push(p);
            }
        }
    }
    files.sort();
    let mut text = String::new();
    for f in files {
        if let Ok(bytes) = std::fs::read(&f) {
            text.push_str(&holdem_history::sites::text::decode(&bytes));
            text.push_str("\n\n");
        }
    }
    text
}
