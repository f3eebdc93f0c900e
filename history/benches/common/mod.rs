//! What the history benches share.

use std::path::Path;

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
