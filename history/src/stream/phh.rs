//! PHH hands one at a time: the splitter at `[N]` headers, and the stream.

use super::{MAX_HAND_BYTES, StreamError};
use std::io::{self, BufRead};

use super::lines::{Declared, Ends, LineSource};
use super::toml_scan::{LineKind, TomlScan, starts_with_bracket};
use crate::phh::{PhhHand, PhhHands};
use crate::{PhhError, PhhErrorKind};

/// One table of a PHH document: its text and where it is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhhText {
    /// 1-based position of the hand in the document.
    pub index: usize,
    /// 1-based line of the document where the text starts.
    pub line: u32,
    /// The text: the `[name]` header (if any) and the table's lines, as in the file.
    /// Not UTF-8 is an error of the hand ([`PhhText::parse`]).
    pub bytes: Vec<u8>,
}

impl PhhText {
    /// Reads the hand, with the document's hand and line numbers in its errors.
    pub fn parse(&self) -> PhhHand {
        let text = match std::str::from_utf8(&self.bytes) {
            Ok(t) => t,
            Err(e) => {
                let before = self.bytes.get(..e.valid_up_to()).unwrap_or(&[]);
                let newlines = before.iter().filter(|&&b| b == b'\n').count();
                let line = self
                    .line
                    .saturating_add(u32::try_from(newlines).unwrap_or(u32::MAX));
                return PhhHand {
                    index: self.index,
                    name: None,
                    hand: Err(PhhError {
                        hand: self.index,
                        line,
                        kind: PhhErrorKind::Syntax("the text is not valid UTF-8".into()),
                    }),
                };
            }
        };
        let mut hands = PhhHands::at(text, self.line, self.index.saturating_sub(1));
        hands.next().unwrap_or(PhhHand {
            index: self.index,
            name: None,
            hand: Err(PhhError {
                hand: self.index,
                line: self.line,
                kind: PhhErrorKind::MissingField("variant"),
            }),
        })
    }
}

/// Cuts a PHH document (`.phh` or `.phhs`) into its tables, one at a time.
#[derive(Debug)]
pub struct PhhSplitter<R> {
    source: LineSource<R>,
    scan: TomlScan,
    /// A line already read that starts the next table.
    pending: Option<(u32, Vec<u8>)>,
    index: usize,
    declared: Declared,
    done: bool,
}

impl<R: BufRead> PhhSplitter<R> {
    /// A splitter over `input`.
    pub fn new(input: R) -> PhhSplitter<R> {
        PhhSplitter {
            source: LineSource::new(input),
            scan: TomlScan::default(),
            pending: None,
            index: 0,
            declared: Declared::default(),
            done: false,
        }
    }

    /// The first `# expect-illegal:` declaration read so far (see [`crate::corpus`]).
    pub fn expected(&self) -> Option<&str> {
        self.declared.expected.as_deref()
    }

    fn note(&mut self, line: &[u8]) {
        if let Ok(text) = std::str::from_utf8(line) {
            self.declared.note(text, self.source.line);
        }
    }

    /// Reads lines into `buf` until the next header; `Ok(Some(line))` when the text
    /// passed the limit at `line` (the rest of the table was dropped).
    fn fill_table(&mut self, buf: &mut Vec<u8>, content: &mut bool) -> io::Result<Option<u32>> {
        let mut too_long = None;
        let mut line = Vec::new();
        loop {
            line.clear();
            let room = MAX_HAND_BYTES.saturating_sub(buf.len());
            let Some(fits) = self.source.read_line(&mut line, room, Ends::KeepNewline)? else {
                self.done = true;
                return Ok(too_long);
            };
            let n = self.source.line;
            if too_long.is_some() && starts_with_bracket(&line) {
                // Past the limit the scan may be lost (an unclosed string): any
                // line that opens with `[` starts the next table.
                self.scan = TomlScan::default();
            }
            match self.scan.line(&line) {
                LineKind::Header => {
                    self.pending = Some((n, std::mem::take(&mut line)));
                    return Ok(too_long);
                }
                LineKind::Content => *content = true,
                LineKind::Trivia => self.note(&line),
            }
            if too_long.is_some() {
                continue;
            }
            if fits {
                buf.extend_from_slice(&line);
            } else {
                too_long = Some(n);
                buf.clear();
            }
        }
    }

    /// The next table's text, or `None` at the end of the input.
    pub fn next_text(&mut self) -> Option<Result<PhhText, StreamError>> {
        if let Some(refused) = self.declared.refused.take() {
            return Some(Err(refused));
        }
        loop {
            if self.done && self.pending.is_none() {
                return None;
            }
            let (start, mut bytes, header) = match self.pending.take() {
                Some((n, line)) => (n, line, true),
                None => (self.source.line.saturating_add(1), Vec::new(), false),
            };
            let mut content = header;
            if !self.done {
                match self.fill_table(&mut bytes, &mut content) {
                    Ok(None) => {}
                    Ok(Some(line)) => {
                        if content {
                            self.index += 1;
                        }
                        return Some(Err(StreamError::HandTooLong {
                            hand: self.index,
                            line,
                            limit: MAX_HAND_BYTES,
                        }));
                    }
                    Err(source) => {
                        self.done = true;
                        self.pending = None;
                        return Some(Err(StreamError::Io {
                            line: self.source.line.saturating_add(1),
                            source,
                        }));
                    }
                }
            }
            // A stretch of blank lines and comments (before the first table) is
            // no hand.
            if !content {
                continue;
            }
            self.index += 1;
            return Some(Ok(PhhText {
                index: self.index,
                line: start,
                bytes,
            }));
        }
    }
}

impl<R: BufRead> Iterator for PhhSplitter<R> {
    type Item = Result<PhhText, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_text()
    }
}

/// Reads the hands of a PHH document from a [`BufRead`], one at a time, holding one
/// hand's text (see the [module docs](crate::stream)).
#[derive(Debug)]
pub struct PhhStream<R> {
    splitter: PhhSplitter<R>,
}

impl<R: BufRead> PhhStream<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> PhhStream<R> {
        PhhStream {
            splitter: PhhSplitter::new(input),
        }
    }
}

impl<R: BufRead> Iterator for PhhStream<R> {
    type Item = Result<PhhHand, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.splitter.next_text()?.map(|t| t.parse()))
    }
}
