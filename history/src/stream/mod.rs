//! Reading hand-history files hand by hand from any [`BufRead`](std::io::BufRead), with memory bounded
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

use std::io::{self};

mod jsonl;
mod lines;
mod phh;
mod stars;
mod toml_scan;

pub use jsonl::{JsonlSplitter, JsonlText};
pub use phh::{PhhSplitter, PhhStream, PhhText};
pub use stars::{
    MAX_SESSION_BYTES, PokerStarsHand, PokerStarsSplitter, PokerStarsStream, PokerStarsText,
};

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
