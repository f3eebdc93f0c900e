//! Errors of the PokerStars reader: the shared importers' error
//! ([`crate::sites::error`]) under its PokerStars names.

pub(crate) use crate::sites::error::shorten;

/// Why a PokerStars hand could not be read: the shared [`crate::sites::ImportError`].
pub type PokerStarsError = crate::sites::ImportError;

/// The reasons a PokerStars hand is rejected: the shared
/// [`crate::sites::ImportErrorKind`].
pub type PokerStarsErrorKind = crate::sites::ImportErrorKind;
