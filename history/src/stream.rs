//! Reading hand-history files hand by hand from any [`BufRead`], with memory bounded
//! by one hand.
//!
//! A `.phhs` file is a sequence of `[N]` tables and a PokerStars file a sequence of
//! hands, each a few kilobytes; a file may hold millions of them. The readers here
//! cut the input into one hand's text at a time ([`PhhSplitter`],
//! [`PokerStarsSplitter`]) and read that text ([`PhhText::parse`],
//! [`PokerStarsText::parse`]); [`PhhStream`] and [`PokerStarsStream`] do both.
//!
//! # Invariants
//! - A reader holds at most one hand's text, and a hand's text is at most
//!   [`MAX_HAND_BYTES`]: a longer hand is a [`StreamError::HandTooLong`] naming the
//!   line where it passed the limit, and the reader goes on with the next hand.
//! - Errors name the lines and hands of the whole input, as reading the file whole
//!   would (a cut hand keeps the line number its text starts on).
//! - A hand that cannot be read does not stop the reader: the next hand is read on
//!   its own. Only an I/O error ends it ([`StreamError::Io`], the last item).
//! - PHH tables are cut where a `[name]` header begins a statement: a `[` inside a
//!   string, a multi-line string or an array does not cut (the cut follows the TOML
//!   the reader accepts). PokerStars hands are cut as
//!   [`crate::pokerstars::parse_hands`] cuts them; each line is decoded on its own
//!   (UTF-8, else Windows-1252).

use std::io::{self, BufRead};

use crate::phh::{PhhHand, PhhHands};
use crate::pokerstars::text::{is_english_start, is_filler, is_foreign_start};
use crate::pokerstars::{self, PokerStarsError, PokerStarsErrorKind};
use crate::{PhhError, PhhErrorKind};

/// The most bytes one hand's text may hold (1 MiB; a real hand is a few kilobytes).
pub const MAX_HAND_BYTES: usize = 1 << 20;

/// Why a stream could not give a hand's text.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StreamError {
    /// A hand whose text passes [`MAX_HAND_BYTES`]: it is skipped, and the reader
    /// goes on at the next hand.
    #[error("line {line}: hand {hand} is longer than {limit} bytes; skipped")]
    HandTooLong {
        /// 1-based position of the hand in the input.
        hand: usize,
        /// 1-based line where the text passed the limit.
        line: u32,
        /// The limit, in bytes.
        limit: usize,
    },
    /// A `# expect-illegal:` declaration that names no failure: it would match
    /// every failing hand, so it is refused (the file fails) and not used.
    #[error(
        "line {line}: `# expect-illegal:` names no failure; an expectation must name the \
         failure it expects (a rule ID or the engine's message)"
    )]
    EmptyExpectation {
        /// 1-based line of the declaration.
        line: u32,
    },
    /// Reading failed; nothing more is read.
    #[error("line {line}: {source}")]
    Io {
        /// 1-based line being read.
        line: u32,
        /// The I/O error.
        #[source]
        source: io::Error,
    },
}

impl StreamError {
    /// The hand the error belongs to (0 for an I/O error or a declaration).
    pub fn hand(&self) -> usize {
        match self {
            StreamError::HandTooLong { hand, .. } => *hand,
            StreamError::EmptyExpectation { .. } | StreamError::Io { .. } => 0,
        }
    }
}

/// Lines of bytes from a [`BufRead`], numbered from 1.
#[derive(Debug)]
struct LineSource<R> {
    input: R,
    /// Lines read so far (the number of the last one).
    line: u32,
    /// The last line ended at a lone-looking `\r` whose `\n`, if any, is not read
    /// yet (PokerStars lines only).
    after_cr: bool,
}

/// How lines end.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Ends {
    /// At `\n`, which is kept with the line (PHH: the text is kept byte for byte).
    KeepNewline,
    /// At `\r\n`, `\n` or a lone `\r`, none kept (PokerStars).
    AnyDropped,
}

impl<R: BufRead> LineSource<R> {
    fn new(input: R) -> LineSource<R> {
        LineSource {
            input,
            line: 0,
            after_cr: false,
        }
    }

    fn fill(&mut self) -> io::Result<&[u8]> {
        loop {
            match self.input.fill_buf() {
                Ok(_) => break,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        self.input.fill_buf()
    }

    /// Appends the next line to `buf`, but at most `room` bytes of it (the rest of
    /// the line is read and dropped). `None` at the end of the input, else whether
    /// the whole line fit.
    fn read_line(
        &mut self,
        buf: &mut Vec<u8>,
        room: usize,
        ends: Ends,
    ) -> io::Result<Option<bool>> {
        if self.after_cr {
            self.after_cr = false;
            if self.fill()?.first() == Some(&b'\n') {
                self.input.consume(1);
            }
        }
        let mut copied = 0usize;
        let mut fits = true;
        let mut any = false;
        loop {
            let avail = self.fill()?;
            if avail.is_empty() {
                if !any {
                    return Ok(None);
                }
                self.line = self.line.saturating_add(1);
                return Ok(Some(fits));
            }
            any = true;
            let end = match ends {
                Ends::KeepNewline => avail.iter().position(|&b| b == b'\n'),
                Ends::AnyDropped => avail.iter().position(|&b| b == b'\n' || b == b'\r'),
            };
            let (take, used) = match end {
                Some(i) if ends == Ends::KeepNewline => (i + 1, i + 1),
                Some(i) => (i, i + 1),
                None => (avail.len(), avail.len()),
            };
            let keep = take.min(room.saturating_sub(copied));
            if keep < take {
                fits = false;
            }
            buf.extend_from_slice(avail.get(..keep).unwrap_or(&[]));
            copied += keep;
            let cr = end.is_some_and(|i| avail.get(i) == Some(&b'\r'));
            self.input.consume(used);
            if end.is_some() {
                self.after_cr = cr;
                self.line = self.line.saturating_add(1);
                return Ok(Some(fits));
            }
        }
    }
}

/// Where a TOML scan is between lines: inside a multi-line string or not, and how
/// deep in arrays and inline tables.
#[derive(Copy, Clone, Debug, Default)]
struct TomlScan {
    depth: u32,
    /// Inside a multi-line string opened by this quote (`"` or `'`).
    multiline: Option<u8>,
}

/// What a line is to the table cutter.
#[derive(Copy, Clone, PartialEq, Eq)]
enum LineKind {
    /// A `[name]` header starting a statement: a new table.
    Header,
    /// A statement or its continuation.
    Content,
    /// Blank or a comment, outside any value.
    Trivia,
}

impl TomlScan {
    /// Classifies `line` and moves past it.
    fn line(&mut self, line: &[u8]) -> LineKind {
        let at_statement = self.depth == 0 && self.multiline.is_none();
        let first = line
            .iter()
            .position(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        let kind = match first.and_then(|i| line.get(i)) {
            _ if !at_statement => LineKind::Content,
            None | Some(b'#') => LineKind::Trivia,
            Some(b'[') => LineKind::Header,
            Some(_) => LineKind::Content,
        };
        self.scan(line);
        kind
    }

    fn scan(&mut self, line: &[u8]) {
        let mut i = 0;
        if let Some(q) = self.multiline {
            match close_multiline(line, 0, q) {
                Some(end) => {
                    self.multiline = None;
                    i = end;
                }
                None => return,
            }
        }
        while let Some(&b) = line.get(i) {
            match b {
                b'#' => return,
                b'"' | b'\'' => {
                    if line.get(i + 1) == Some(&b) && line.get(i + 2) == Some(&b) {
                        match close_multiline(line, i + 3, b) {
                            Some(end) => i = end,
                            None => {
                                self.multiline = Some(b);
                                return;
                            }
                        }
                    } else {
                        i = close_single(line, i + 1, b);
                    }
                }
                b'[' | b'{' => {
                    self.depth = self.depth.saturating_add(1);
                    i += 1;
                }
                b']' | b'}' => {
                    self.depth = self.depth.saturating_sub(1);
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }
}

/// The index just past the `"""` (or `'''`) closing a multi-line string opened
/// before `from`, or `None` when the line does not close it.
fn close_multiline(line: &[u8], from: usize, q: u8) -> Option<usize> {
    let mut i = from;
    while let Some(&b) = line.get(i) {
        if b == b'\\' && q == b'"' {
            i += 2;
        } else if b == q && line.get(i + 1) == Some(&q) && line.get(i + 2) == Some(&q) {
            // Up to two more quotes belong to the string.
            let mut end = i + 3;
            while end < i + 5 && line.get(end) == Some(&q) {
                end += 1;
            }
            return Some(end);
        } else {
            i += 1;
        }
    }
    None
}

/// The index just past the quote closing a one-line string opened before `from`
/// (the end of the line when it is not closed: the reader reports that).
fn close_single(line: &[u8], from: usize, q: u8) -> usize {
    let mut i = from;
    while let Some(&b) = line.get(i) {
        if b == b'\\' && q == b'"' {
            i += 2;
        } else if b == q {
            return i + 1;
        } else if b == b'\n' {
            return i;
        } else {
            i += 1;
        }
    }
    line.len()
}

/// True when the first byte of `line` that is not a blank is `[`.
fn starts_with_bracket(line: &[u8]) -> bool {
    line.iter().find(|&&b| b != b' ' && b != b'\t') == Some(&b'[')
}

/// The `# expect-illegal:` declaration on a line, if it is one (see
/// [`crate::corpus`]): the failure it names, or the error for one that names
/// none.
fn expectation(line: &str, at: u32) -> Option<Result<String, StreamError>> {
    let text = line.trim().strip_prefix("# expect-illegal:")?.trim();
    Some(if text.is_empty() {
        Err(StreamError::EmptyExpectation { line: at })
    } else {
        Ok(text.to_string())
    })
}

/// The first declaration of a file: what it expects, or why it was refused
/// (given once, as the splitter's next item).
#[derive(Debug, Default)]
struct Declared {
    expected: Option<String>,
    refused: Option<StreamError>,
    seen: bool,
}

impl Declared {
    fn note(&mut self, line: &str, at: u32) {
        if self.seen {
            return;
        }
        match expectation(line, at) {
            None => {}
            Some(Ok(text)) => (self.expected, self.seen) = (Some(text), true),
            Some(Err(e)) => (self.refused, self.seen) = (Some(e), true),
        }
    }
}

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
/// hand's text (see the [module docs](self)).
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
/// one hand's text (see the [module docs](self)).
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
