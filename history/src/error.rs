//! Errors of the history readers: every one names the hand, the line and the reason.

use std::path::PathBuf;

use super::money::AmountError;

/// Why a hand of a PHH file could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("hand {hand}, line {line}: {kind}")]
pub struct PhhError {
    /// 1-based position of the hand in its file (a `.phh` file has one hand).
    pub hand: usize,
    /// 1-based line of the offending text.
    pub line: u32,
    /// What is wrong.
    pub kind: PhhErrorKind,
}

impl PhhError {
    /// True when the hand is readable but not a game this engine plays (another
    /// variant, unknown stacks): counted as "unsupported", not as an error.
    pub fn is_unsupported(&self) -> bool {
        matches!(
            self.kind,
            PhhErrorKind::UnsupportedVariant(_) | PhhErrorKind::UnknownStack { .. }
        )
    }
}

/// The reasons a PHH hand is rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PhhErrorKind {
    /// The text is not the TOML subset PHH uses.
    #[error("not valid TOML: {0}")]
    Syntax(String),
    /// A key or table header longer than the reader accepts (bounded so that
    /// reading stays linear in the size of the text).
    #[error("a key or table header is longer than {limit} bytes")]
    KeyTooLong {
        /// The limit, in bytes of the key as joined (`a.b`).
        limit: usize,
    },
    /// A required field is absent.
    #[error("missing required field `{0}`")]
    MissingField(&'static str),
    /// A field has the wrong TOML type.
    #[error("field `{field}` must be {expected}, found {found}")]
    WrongType {
        /// The field.
        field: String,
        /// The type the spec requires.
        expected: &'static str,
        /// The type found.
        found: &'static str,
    },
    /// A per-player array whose length is not the number of players.
    #[error("field `{field}` has {found} entries but the hand has {expected} players")]
    Length {
        /// The field.
        field: &'static str,
        /// The number of players (from `starting_stacks`).
        expected: usize,
        /// Its length.
        found: usize,
    },
    /// A bad amount.
    #[error("field `{field}`: {source}")]
    Amount {
        /// The field.
        field: &'static str,
        /// Why.
        source: AmountError,
    },
    /// A field that the spec forbids for this variant (`min_bet` in fixed limit...).
    #[error("field `{field}` is not allowed in variant {variant}")]
    FieldNotForVariant {
        /// The field.
        field: &'static str,
        /// The variant code.
        variant: &'static str,
    },
    /// A field with a value outside its range.
    #[error("field `{field}`: {reason}")]
    BadField {
        /// The field.
        field: &'static str,
        /// Why.
        reason: String,
    },
    /// A field holding an inline table (`_holdem_rake`, `_holdem_house`) whose
    /// table is not valid.
    #[error("field `{field}`: {source}")]
    InlineTable {
        /// The field.
        field: &'static str,
        /// Why.
        source: crate::phh::InlineTableError,
    },
    /// An entry of `actions` that is not valid notation.
    #[error("action {index} {text:?}: {reason}")]
    Action {
        /// 1-based position in `actions`.
        index: usize,
        /// The entry as written.
        text: String,
        /// Why.
        reason: String,
    },
    /// A variant other than `NT`, `PT`, `FT`: reported as unsupported, never mis-parsed.
    #[error("variant `{0}` is not Texas hold'em (NT, PT, FT): unsupported")]
    UnsupportedVariant(String),
    /// `-inf` or `nan` in `starting_stacks` (`inf`, the specification's unknown
    /// stack, is read as [`crate::UNKNOWN_STACK`], H4).
    #[error(
        "player p{player} has a starting stack that is not a number or negative infinity: unsupported"
    )]
    UnknownStack {
        /// 1-based player number.
        player: usize,
    },
}

/// Why a history file (PHH or native) could not be read at all, or a hand in it.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum HistoryError {
    /// The file could not be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A PHH hand could not be read.
    #[error("{path}: {source}")]
    Phh {
        /// The file.
        path: PathBuf,
        /// The error.
        source: PhhError,
    },
    /// A native (JSON Lines or postcard) record could not be decoded.
    #[error("{path}: hand {hand}: {reason}")]
    Native {
        /// The file.
        path: PathBuf,
        /// 1-based record number.
        hand: usize,
        /// Why.
        reason: String,
    },
    /// A hand's text could not be cut from the file (too long, or reading
    /// failed).
    #[error("{path}: {source}")]
    Stream {
        /// The file.
        path: PathBuf,
        /// The error.
        source: crate::stream::StreamError,
    },
    /// A PokerStars hand could not be read or imported.
    #[error("{path}: {source}")]
    PokerStars {
        /// The file.
        path: PathBuf,
        /// The error.
        source: crate::pokerstars::PokerStarsError,
    },
    /// A hand cannot be written as PHH.
    #[error("{path}: hand {hand}: {source}")]
    PhhWrite {
        /// The file written.
        path: PathBuf,
        /// 1-based hand of the output.
        hand: usize,
        /// Why.
        source: crate::phh::PhhWriteError,
    },
    /// A hand cannot be written in a native format.
    #[error("{path}: hand {hand}: {source}")]
    NativeWrite {
        /// The file written.
        path: PathBuf,
        /// 1-based hand of the output.
        hand: usize,
        /// Why.
        source: crate::native::NativeError,
    },
    /// A file this writer does not write (PokerStars text, a second hand in a
    /// `.phh`, a path without a file name).
    #[error("{path}: {reason}")]
    NotWritable {
        /// The file.
        path: PathBuf,
        /// Why.
        reason: &'static str,
    },
    /// A file whose extension is not a history format.
    #[error("{path}: not a hand history file (expected .phh, .phhs, .jsonl or .postcard)")]
    UnknownFormat {
        /// The file.
        path: PathBuf,
    },
}
