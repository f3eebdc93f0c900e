//! Errors of the text importers (every site): each names the hand (by its number
//! when the header was read), the 1-based line of the file and the reason.

use std::fmt;

/// Why a site's text hand could not be read or imported.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct ImportError {
    /// The hand's number from its header (`Hand #123...`), when the header was read.
    pub hand: Option<u64>,
    /// 1-based line of the offending text in the file.
    pub line: u32,
    /// What is wrong.
    pub kind: ImportErrorKind,
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.hand {
            Some(h) => write!(f, "hand #{h}, line {}: {}", self.line, self.kind),
            None => write!(f, "line {}: {}", self.line, self.kind),
        }
    }
}

impl ImportError {
    /// True when the text is a hand the site's reader recognises but the engine
    /// does not play (another game, another language, a cancelled hand): counted as
    /// "unsupported", not as an error of the record.
    pub fn is_unsupported(&self) -> bool {
        matches!(self.kind, ImportErrorKind::Unsupported(_))
    }
}

/// The reasons a site's text hand is rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ImportErrorKind {
    /// A recognised hand that is not hold'em the engine plays (another game, another
    /// language, a cancelled hand), or a form the engine cannot replay; the text
    /// says what.
    #[error("unsupported: {0}")]
    Unsupported(String),
    /// A line that does not have the form expected at its place in the hand.
    #[error("expected {expected}, found `{found}`")]
    Malformed {
        /// What the reader expected there.
        expected: &'static str,
        /// The line as read (trailing blanks removed), shortened to 120 characters.
        found: String,
    },
    /// An amount that is not a number of at most two decimals, or whose currency
    /// differs from the header's.
    #[error("bad amount `{text}`: {reason}")]
    Amount {
        /// The amount as written.
        text: String,
        /// Why it is rejected.
        reason: &'static str,
    },
    /// A card list that is not valid (bad rank or suit, or the wrong count).
    #[error("bad cards `{text}`: {reason}")]
    Cards {
        /// The cards as written.
        text: String,
        /// Why they are rejected.
        reason: String,
    },
    /// An action by a name that holds no seat in the hand.
    #[error("`{0}` has no seat at this table")]
    UnknownPlayer(String),
    /// Two seat lines for the same seat number or the same name.
    #[error("seat {seat} or its player `{name}` is listed twice")]
    DuplicateSeat {
        /// The seat number.
        seat: u32,
        /// The player's name.
        name: String,
    },
    /// A section marker out of order (a turn before the flop, actions after the
    /// summary...).
    #[error("`{found}` out of order: {reason}")]
    OutOfOrder {
        /// The marker as written.
        found: String,
        /// What came before it.
        reason: &'static str,
    },
    /// The hand ended before a required part.
    #[error("the hand ends without {0}")]
    Truncated(&'static str),
    /// The text and the rules disagree: an amount the rules do not allow, or a
    /// result the replay does not reproduce.
    #[error("{action}: {reason} (rule {rule})")]
    Disagreement {
        /// The action or part of the hand (`call`, `raise`, `pots`...).
        action: String,
        /// The rule the text contradicts (an ID of docs/rules.md).
        rule: String,
        /// What differs.
        reason: String,
    },
    /// Text before the first hand header that is not a blank or separator line.
    #[error("text before the first hand header: `{0}`")]
    Preamble(String),
}

/// A line that is not the form expected there, quoted short.
pub(crate) fn malformed(expected: &'static str, found: &str) -> ImportErrorKind {
    ImportErrorKind::Malformed {
        expected,
        found: shorten(found),
    }
}

/// Every history format holds positive stakes, the small at most the big (the
/// blinds, or a fixed limit's small and big bet); other stakes are an amount error
/// quoting `text`.
pub(crate) fn check_stakes(
    small: super::ast::Amount,
    big: super::ast::Amount,
    text: &str,
) -> Result<(), ImportErrorKind> {
    if small == super::ast::Amount::ZERO || small > big {
        return Err(ImportErrorKind::Amount {
            text: shorten(text),
            reason: "the stakes must be positive, the small at most the big",
        });
    }
    Ok(())
}

/// `digits` (the number in `text`, its sign and separators removed) as an amount;
/// otherwise an amount error quoting `text`.
pub(crate) fn amount_in(text: &str, digits: &str) -> Result<super::ast::Amount, ImportErrorKind> {
    crate::pokerstars::parse::parse_amount(digits).ok_or_else(|| ImportErrorKind::Amount {
        text: shorten(text),
        reason: "not a number of at most two decimals",
    })
}

/// The stakes `small`/`big` of the header's `text`, each read by `amount` and
/// checked as [`check_stakes`] does.
pub(crate) fn stakes_of(
    small: &str,
    big: &str,
    text: &str,
    amount: impl Fn(&str) -> Result<super::ast::Amount, ImportErrorKind>,
) -> Result<(super::ast::Amount, super::ast::Amount), ImportErrorKind> {
    let stakes = (amount(small)?, amount(big)?);
    check_stakes(stakes.0, stakes.1, text)?;
    Ok(stakes)
}

/// Another game than Texas hold'em, named as the text writes it.
pub(crate) fn other_game(name: &str) -> ImportErrorKind {
    ImportErrorKind::Unsupported(format!(
        "the game `{}` (only Texas hold'em is played)",
        shorten(name)
    ))
}

/// The first 120 characters of `line`, for error messages.
pub(crate) fn shorten(line: &str) -> String {
    match line.char_indices().nth(120) {
        Some((i, _)) => format!("{}...", line.get(..i).unwrap_or(line)),
        None => line.to_string(),
    }
}
