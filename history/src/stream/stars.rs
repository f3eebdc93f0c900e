//! PokerStars hands one at a time: the splitter at hand headers, and the stream.

use super::{MAX_HAND_BYTES, StreamError};
use std::io::BufRead;

use super::lines::{Declared, Ends, LineSource};
use crate::pokerstars::text::{is_english_start, is_filler, is_foreign_start};
use crate::pokerstars::{self, PokerStarsError, PokerStarsErrorKind};
use crate::sites::ipoker;

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
    /// A game already read with the rest of its file: an iPoker session's games
    /// are read together ([`crate::sites::ipoker::parse_session`]) and handed out
    /// one at a time with empty `text`.
    pub parsed: Option<Box<Result<pokerstars::Hand, PokerStarsError>>>,
}

impl PokerStarsText {
    /// Reads the hand, with the file's line numbers in its errors.
    pub fn parse(&self) -> PokerStarsHand {
        let hand = match (&self.preamble, &self.parsed) {
            (Some(e), _) => Err(e.clone()),
            (None, Some(game)) => (**game).clone(),
            (None, None) => {
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
    /// The games of an iPoker session, read whole, still to hand out.
    games: std::collections::VecDeque<PokerStarsText>,
}

/// The most bytes of an iPoker file, read whole since its games share the
/// session's header (64 MiB; a real session is a few hundred kilobytes).
pub const MAX_SESSION_BYTES: usize = 64 * MAX_HAND_BYTES;

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
            games: std::collections::VecDeque::new(),
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
                parsed: None,
            }),
        })
    }

    /// The next hand's text, or `None` at the end of the input.
    pub fn next_text(&mut self) -> Option<Result<PokerStarsText, StreamError>> {
        if let Some(refused) = self.declared.refused.take() {
            return Some(Err(refused));
        }
        if let Some(game) = self.games.pop_front() {
            return Some(Ok(game));
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
            if self.current.is_none() && self.index == 0 && ipoker::is_file_start(&line) {
                let first = line.into_owned();
                return self.session(n, first);
            }
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
                        parsed: None,
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

impl<R: BufRead> PokerStarsSplitter<R> {
    /// Reads the rest of an iPoker file whose first line, `first` (line `n`),
    /// opens a session: every game of it is read now and handed out one at a time.
    fn session(&mut self, n: u32, first: String) -> Option<Result<PokerStarsText, StreamError>> {
        self.done = true;
        let mut lines = vec![(n, first)];
        let mut bytes = lines[0].1.len();
        loop {
            self.raw.clear();
            let room = MAX_SESSION_BYTES.saturating_sub(bytes);
            match self.source.read_line(&mut self.raw, room, Ends::AnyDropped) {
                Ok(None) => break,
                Ok(Some(true)) => {
                    let line = decode_line(&self.raw).into_owned();
                    bytes += line.len() + 1;
                    lines.push((self.source.line, line));
                }
                Ok(Some(false)) => {
                    self.index += 1;
                    return Some(Err(StreamError::HandTooLong {
                        hand: self.index,
                        line: self.source.line,
                        limit: MAX_SESSION_BYTES,
                    }));
                }
                Err(source) => {
                    return Some(Err(StreamError::Io {
                        line: self.source.line.saturating_add(1),
                        source,
                    }));
                }
            }
        }
        let borrowed: Vec<(u32, &str)> = lines.iter().map(|(n, l)| (*n, l.as_str())).collect();
        for game in ipoker::parse_session(&borrowed) {
            self.index += 1;
            let line = match &game {
                Ok(h) => h.first_line,
                Err(e) => e.line,
            };
            self.games.push_back(PokerStarsText {
                index: self.index,
                line,
                text: String::new(),
                preamble: None,
                parsed: Some(Box::new(game)),
            });
        }
        self.games.pop_front().map(Ok)
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
