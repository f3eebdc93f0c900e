//! What the export tests share.

use std::path::{Path, PathBuf};

use holdem_export::{Counts, Exporter, HandRows};
use holdem_history::corpus::{RulesBook, read_hands};

/// Exports every hand of `files` into `dir` one `Exporter::append` at a time,
/// each under the rules it declares, numbered as its reader counts them; a hand
/// that cannot be read fails the test.
pub fn append_one_at_a_time(files: &[PathBuf], dir: &Path) -> Counts {
    let book = RulesBook::new(None);
    let mut out = Exporter::create(dir).expect("create");
    for file in files {
        let name = file.display().to_string();
        let mut index = 0;
        read_hands(
            file,
            |h| {
                index += 1;
                let rules = book.for_hand(&h).expect("rules");
                out.append(&HandRows::of(&name, index, &h, rules))
                    .expect("append");
                Ok::<(), holdem_history::HistoryError>(())
            },
            |e| panic!("{e}"),
        )
        .expect("read");
    }
    out.finish().expect("finish")
}
