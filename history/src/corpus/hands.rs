//! The hands of a file, cut one at a time from its text.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use super::format::Format;
use crate::HistoryError;
use crate::stream::{
    JsonlSplitter, JsonlText, PhhSplitter, PhhText, PokerStarsSplitter, PokerStarsText, StreamError,
};

/// One hand's text from a file, cut by [`FileHands`]: read and replayed by
/// [`judge_text`](super::judge_text), on any thread.
#[derive(Clone, Debug)]
pub enum HandText {
    /// A table of a PHH document.
    Phh(PhhText),
    /// A hand of a PokerStars file (or the stray text before the first hand).
    PokerStars(PokerStarsText),
    /// A line of a JSON Lines file.
    Jsonl(JsonlText),
}

impl HandText {
    /// The bytes of text held.
    pub fn len(&self) -> usize {
        match self {
            HandText::Phh(t) => t.bytes.len(),
            HandText::PokerStars(t) => t.text.len(),
            HandText::Jsonl(t) => t.bytes.len(),
        }
    }

    /// The 1-based position of the hand in its file, as the splitter counts
    /// (every hand cut, the stray text before a PokerStars file's first hand
    /// included).
    pub fn index(&self) -> usize {
        match self {
            HandText::Phh(t) => t.index,
            HandText::PokerStars(t) => t.index,
            HandText::Jsonl(t) => t.index,
        }
    }

    /// True when no text is held (stray text before a PokerStars file's first hand).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

enum Splitter {
    Phh(PhhSplitter<BufReader<File>>),
    PokerStars(PokerStarsSplitter<Box<dyn std::io::BufRead + Send>>),
    Jsonl(JsonlSplitter<BufReader<File>>),
}

/// The hands of a PHH, PokerStars or JSON Lines file, one text at a time: memory
/// holds one hand (at most [`crate::stream::MAX_HAND_BYTES`]), whatever the size of
/// the file. Postcard files are read by [`replay_file`](super::replay_file) and [`read_hands`](super::read_hands).
pub struct FileHands {
    splitter: Splitter,
}

impl FileHands {
    /// Opens `path`, read as `format`; `None` for [`Format::Postcard`].
    pub fn open(path: &Path, format: Format) -> Result<Option<FileHands>, HistoryError> {
        let open = || {
            File::open(path)
                .map(|f| BufReader::with_capacity(64 * 1024, f))
                .map_err(|source| HistoryError::Io {
                    path: path.to_path_buf(),
                    source,
                })
        };
        let splitter = match format {
            Format::Phh => Splitter::Phh(PhhSplitter::new(open()?)),
            // (Site text in UTF-16 is given to the splitter as UTF-8.)
            Format::PokerStars => Splitter::PokerStars(PokerStarsSplitter::new(
                crate::sites::text::utf8_reader(open()?).map_err(|source| HistoryError::Io {
                    path: path.to_path_buf(),
                    source,
                })?,
            )),
            Format::Jsonl => Splitter::Jsonl(JsonlSplitter::new(open()?)),
            Format::Postcard => return Ok(None),
        };
        Ok(Some(FileHands { splitter }))
    }

    /// The failure the file declares (`# expect-illegal:`), once read: call it
    /// after the last hand.
    pub fn expected(&self) -> Option<&str> {
        match &self.splitter {
            Splitter::Phh(s) => s.expected(),
            Splitter::PokerStars(s) => s.expected(),
            Splitter::Jsonl(_) => None,
        }
    }
}

impl Iterator for FileHands {
    type Item = Result<HandText, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(match &mut self.splitter {
            Splitter::Phh(s) => s.next()?.map(HandText::Phh),
            Splitter::PokerStars(s) => s.next()?.map(HandText::PokerStars),
            Splitter::Jsonl(s) => s.next()?.map(HandText::Jsonl),
        })
    }
}
