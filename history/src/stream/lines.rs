//! Lines from a reader: bounded, with their numbers, and the `# expect-illegal:`
//! declarations among them.

use super::StreamError;
use std::io::{self, BufRead};

/// Lines of bytes from a [`BufRead`], numbered from 1.
#[derive(Debug)]
pub(super) struct LineSource<R> {
    pub(super) input: R,
    /// Lines read so far (the number of the last one).
    pub(super) line: u32,
    /// The last line ended at a lone-looking `\r` whose `\n`, if any, is not read
    /// yet (PokerStars lines only).
    pub(super) after_cr: bool,
}

/// How lines end.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum Ends {
    /// At `\n`, which is kept with the line (PHH: the text is kept byte for byte).
    KeepNewline,
    /// At `\r\n`, `\n` or a lone `\r`, none kept (PokerStars).
    AnyDropped,
}

impl<R: BufRead> LineSource<R> {
    pub(super) fn new(input: R) -> LineSource<R> {
        LineSource {
            input,
            line: 0,
            after_cr: false,
        }
    }

    pub(super) fn fill(&mut self) -> io::Result<&[u8]> {
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
    pub(super) fn read_line(
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

/// The `# expect-illegal:` declaration on a line, if it is one (see
/// [`crate::corpus`]): the failure it names, or the error for one that names
/// none.
pub(super) fn expectation(line: &str, at: u32) -> Option<Result<String, StreamError>> {
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
pub(super) struct Declared {
    pub(super) expected: Option<String>,
    pub(super) refused: Option<StreamError>,
    pub(super) seen: bool,
}

impl Declared {
    pub(super) fn note(&mut self, line: &str, at: u32) {
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
