//! JSON Lines hands one line at a time.

use super::{MAX_HAND_BYTES, StreamError};
use std::io::BufRead;

use super::lines::{Ends, LineSource};

/// One line of a JSON Lines file that is not blank: a hand to decode.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonlText {
    /// 1-based position of the hand (blank lines do not count).
    pub index: usize,
    /// 1-based line in the file.
    pub line: u32,
    /// The line, with its line end.
    pub bytes: Vec<u8>,
}

/// Cuts a JSON Lines file into its hands (one a line; blank lines skipped), one at a
/// time.
#[derive(Debug)]
pub struct JsonlSplitter<R> {
    source: LineSource<R>,
    index: usize,
    done: bool,
}

impl<R: BufRead> JsonlSplitter<R> {
    /// A splitter over `input`.
    pub fn new(input: R) -> JsonlSplitter<R> {
        JsonlSplitter {
            source: LineSource::new(input),
            index: 0,
            done: false,
        }
    }
}

impl<R: BufRead> Iterator for JsonlSplitter<R> {
    type Item = Result<JsonlText, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.done {
                return None;
            }
            let mut bytes = Vec::new();
            let fits = match self
                .source
                .read_line(&mut bytes, MAX_HAND_BYTES, Ends::KeepNewline)
            {
                Ok(Some(fits)) => fits,
                Ok(None) => {
                    self.done = true;
                    return None;
                }
                Err(source) => {
                    self.done = true;
                    return Some(Err(StreamError::Io {
                        line: self.source.line.saturating_add(1),
                        source,
                    }));
                }
            };
            if bytes.iter().all(u8::is_ascii_whitespace) {
                continue;
            }
            self.index += 1;
            let line = self.source.line;
            return Some(if fits {
                Ok(JsonlText {
                    index: self.index,
                    line,
                    bytes,
                })
            } else {
                Err(StreamError::HandTooLong {
                    hand: self.index,
                    line,
                    limit: MAX_HAND_BYTES,
                })
            });
        }
    }
}
