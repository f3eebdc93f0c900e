//! The history formats, told apart by file name and content.

use std::fs::File;
use std::path::Path;

use crate::pokerstars;

/// The history formats, chosen by file extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.phh` (one hand) or `.phhs` (`[1]`, `[2]`... tables).
    Phh,
    /// `.jsonl`: native, one hand a line.
    Jsonl,
    /// `.postcard`: native, length-prefixed postcard frames.
    Postcard,
    /// Site text hand histories (`.txt`, or any file whose first line is a hand
    /// header): PokerStars (H5) and the sites read over the same layer (H6,
    /// [`crate::sites`]), each hand's site found by its header; read only.
    PokerStars,
}

impl Format {
    /// The format of a path, from its extension.
    pub fn of(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            "phh" | "phhs" => Some(Format::Phh),
            "jsonl" => Some(Format::Jsonl),
            "postcard" => Some(Format::Postcard),
            "txt" => Some(Format::PokerStars),
            _ => None,
        }
    }

    /// The format of a file, from its extension, else from its content: a file that
    /// begins with a PokerStars hand header is PokerStars text whatever its name.
    pub fn detect(path: &Path) -> Option<Format> {
        Format::of(path).or_else(|| is_pokerstars_file(path).then_some(Format::PokerStars))
    }
}

/// True when the file's first line that is not blank starts a PokerStars hand (the
/// first 4 KiB are read).
pub(super) fn is_pokerstars_file(path: &Path) -> bool {
    use std::io::Read;
    let mut head = Vec::with_capacity(4096);
    let read = File::open(path).and_then(|f| f.take(4096).read_to_end(&mut head));
    read.is_ok() && pokerstars::looks_like_pokerstars(&pokerstars::decode(&head))
}
