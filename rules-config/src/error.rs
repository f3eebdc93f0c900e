//! Configuration errors: every one names the field path and the reason (rule R2).

use std::fmt;

/// What kind of problem a [`ConfigError`] is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text is not TOML at all (or not UTF-8).
    NotToml,
    /// A value of the wrong type or an unknown variant.
    WrongType,
    /// A key the rules do not know.
    UnknownField,
    /// A required key is missing.
    MissingField,
    /// `extends` (or a preset lookup) names no preset.
    UnknownPreset,
    /// Well-typed values that break a rule, alone or together.
    Invalid,
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            ErrorKind::NotToml => "not TOML",
            ErrorKind::WrongType => "wrong type",
            ErrorKind::UnknownField => "unknown field",
            ErrorKind::MissingField => "missing field",
            ErrorKind::UnknownPreset => "unknown preset",
            ErrorKind::Invalid => "invalid",
        })
    }
}

/// One problem in a rules document: the field path (`betting.big-blind`,
/// `tournament.event.structure.levels[2].minutes`; empty for the whole document)
/// and the reason.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("{}: {reason}", if path.is_empty() { "(document)" } else { path.as_str() })]
pub struct ConfigError {
    /// Dotted path of the field, with `[i]` for array elements.
    pub path: String,
    /// What kind of problem it is.
    pub kind: ErrorKind,
    /// Why, in words, citing the rule where there is one.
    pub reason: String,
}

impl ConfigError {
    /// A new error.
    pub fn new(path: impl Into<String>, kind: ErrorKind, reason: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            kind,
            reason: reason.into(),
        }
    }

    /// An [`ErrorKind::Invalid`] error.
    pub fn invalid(path: impl Into<String>, reason: impl Into<String>) -> Self {
        Self::new(path, ErrorKind::Invalid, reason)
    }
}

/// A rules document was rejected: every problem found, in document order where
/// there is one. Never empty.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct RulesError {
    /// The problems, at least one.
    pub errors: Vec<ConfigError>,
}

impl RulesError {
    /// One problem.
    #[must_use]
    pub fn single(error: ConfigError) -> Self {
        Self {
            errors: vec![error],
        }
    }

    /// The paths of all problems, in order (handy in tests and reports).
    #[must_use]
    pub fn paths(&self) -> Vec<&str> {
        self.errors.iter().map(|e| e.path.as_str()).collect()
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.len();
        write!(f, "{n} error{} in the rules", if n == 1 { "" } else { "s" })?;
        for e in &self.errors {
            write!(f, "\n  {e}")?;
        }
        Ok(())
    }
}
