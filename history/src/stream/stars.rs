//! PokerStars hands one at a time: the splitter at hand headers, and the stream.

use super::{MAX_HAND_BYTES, StreamError};
use std::io::BufRead;

use super::lines::{Declared, Ends, LineSource};
use crate::pokerstars::text::{is_english_start, is_filler, is_foreign_start};
use crate::pokerstars::{self, PokerStarsError, PokerStarsErrorKind};

/// One piece of a PokerStars file: a hand's text, or the stray text before the first
/// hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PokerStarsText {
    /// 1-based position in the file (the stray-text error counts as one).
    pub index: usize,
    /// 1-based line where the text starts.
    pub line: u32,
    /// The hand's lines (decoded, line ends and trailing blanks removed) joined by
    /// `\n`; empty for stray text.
    pub text: String,
    /// The error for stray text before the first hand, if that is what this is.
    pub preamble: Option<PokerStarsError>,
}

impl PokerStarsText {
    /// Reads the hand, with the file's line numbers in its errors.
    pub fn parse(&self) -> PokerStarsHand {
        let hand = match &self.preamble {
            Some(e) => Err(e.clone()),
            None => {
                let lines: Vec<(u32, &str)> = (self.line..).zip(self.text.split('\n')).collect();
                pokerstars::parse_hand(&lines)
            }
        };
        PokerStarsHand {
            index: self.index,
            hand,
        }
    }
}

/// A hand read from a PokerStars file, or why it could not be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PokerStarsHand {
    /// 1-based position in the file.
    pub index: usize,
    /// The hand.
    pub hand: Result<pokerstars::Hand, PokerStarsError>,
}

/// Cuts a PokerStars file into its hands, one at a time.
#[derive(Debug)]
pub struct PokerStarsSplitter<R> {
    source: LineSource<R>,
    raw: Vec<u8>,
    /// The hand being cut: its first line and text.
    current: Option<(u32, String)>,
    /// The first line passed the limit at this line: the hand is being skipped.
    too_long: Option<u32>,
    after_gap: bool,
    preamble_reported: bool,
    index: usize,
    declared: Declared,
    done: bool,
}

impl<R: BufRead> PokerStarsSplitter<R> {
    /// A splitter over `input`.
    pub fn new(input: R) -> PokerStarsSplitter<R> {
        PokerStarsSplitter {
            source: LineSource::new(input),
            raw: Vec::new(),
            current: None,
            too_long: None,
            after_gap: true,
            preamble_reported: false,
            index: 0,
            declared: Declared::default(),
            done: false,
        }
    }

    /// The first `# expect-illegal:` declaration before the first hand (see
    /// [`crate::pokerstars::leading_comments`]).
    pub fn expected(&self) -> Option<&str> {
        self.declared.expected.as_deref()
    }

    /// The current hand, finished.
    fn emit(&mut self, next: Option<(u32, String)>) -> Option<Result<PokerStarsText, StreamError>> {
        let finished = std::mem::replace(&mut self.current, next);
        let too_long = self.too_long.take();
        let (line, text) = finished?;
        self.index += 1;
        Some(match too_long {
            Some(at) => Err(StreamError::HandTooLong {
                hand: self.index,
                line: at,
                limit: MAX_HAND_BYTES,
            }),
            None => Ok(PokerStarsText {
                index: self.index,
                line,
                text,
                preamble: None,
            }),
        })
    }

    /// The next hand's text, or `None` at the end of the input.
    pub fn next_text(&mut self) -> Option<Result<PokerStarsText, StreamError>> {
        if let Some(refused) = self.declared.refused.take() {
            return Some(Err(refused));
        }
        loop {
            if self.done {
                return self.emit(None);
            }
            self.raw.clear();
            let room = match &self.current {
                Some((_, text)) => MAX_HAND_BYTES.saturating_sub(text.len()),
                None => MAX_HAND_BYTES,
            };
            let fits = match self.source.read_line(&mut self.raw, room, Ends::AnyDropped) {
                Ok(Some(fits)) => fits,
                Ok(None) => {
                    self.done = true;
                    continue;
                }
                Err(source) => {
                    self.done = true;
                    self.current = None;
                    return Some(Err(StreamError::Io {
                        line: self.source.line.saturating_add(1),
                        source,
                    }));
                }
            };
            let n = self.source.line;
            let line = decode_line(&self.raw);
            let starts = is_english_start(&line) || (self.after_gap && is_foreign_start(&line));
            self.after_gap = is_filler(&line);
            if starts {
                let next = Some((n, line.into_owned()));
                let fits_start = fits;
                let out = self.emit(next);
                if !fits_start {
                    self.too_long = Some(n);
                }
                if out.is_some() {
                    return out;
                }
            } else if let Some((_, text)) = &mut self.current {
                if self.too_long.is_some() {
                    continue;
                }
                if !fits || text.len() + 1 + line.len() > MAX_HAND_BYTES {
                    self.too_long = Some(n);
                    text.clear();
                    continue;
                }
                text.push('\n');
                text.push_str(&line);
            } else {
                // `#` comments before the first hand: see
                // [`crate::pokerstars::leading_comments`].
                let comment = self.index == 0 && line.starts_with('#');
                if comment {
                    self.declared.note(&line, n);
                }
                if !is_filler(&line) && !comment && !self.preamble_reported {
                    self.preamble_reported = true;
                    self.index += 1;
                    return Some(Ok(PokerStarsText {
                        index: self.index,
                        line: n,
                        text: String::new(),
                        preamble: Some(PokerStarsError {
                            hand: None,
                            line: n,
                            kind: PokerStarsErrorKind::Preamble(crate::pokerstars::error::shorten(
                                &line,
                            )),
                        }),
                    }));
                }
            }
        }
    }
}

impl<R: BufRead> Iterator for PokerStarsSplitter<R> {
    type Item = Result<PokerStarsText, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_text()
    }
}

/// One line of a PokerStars file as text: UTF-8 when it is, else Windows-1252;
/// byte-order marks at its start and blanks at its end removed.
fn decode_line(raw: &[u8]) -> std::borrow::Cow<'_, str> {
    let mut bytes = raw;
    while let Some(rest) = bytes.strip_prefix(b"\xEF\xBB\xBF") {
        bytes = rest;
    }
    while let Some((last, rest)) = bytes.split_last() {
        if *last == b' ' || *last == b'\t' {
            bytes = rest;
        } else {
            break;
        }
    }
    pokerstars::decode(bytes)
}

/// Reads the hands of a PokerStars file from a [`BufRead`], one at a time, holding
/// one hand's text (see the [module docs](crate::stream)).
#[derive(Debug)]
pub struct PokerStarsStream<R> {
    splitter: PokerStarsSplitter<R>,
}

impl<R: BufRead> PokerStarsStream<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> PokerStarsStream<R> {
        PokerStarsStream {
            splitter: PokerStarsSplitter::new(input),
        }
    }
}

impl<R: BufRead> Iterator for PokerStarsStream<R> {
    type Item = Result<PokerStarsHand, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(self.splitter.next_text()?.map(|t| t.parse()))
    }
}
