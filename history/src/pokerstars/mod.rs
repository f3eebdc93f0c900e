//! PokerStars text hand histories (rule H5): the English client's hold'em hands
//! (no limit, pot limit, fixed limit; cash, Zoom and tournament), read into a typed
//! [`Hand`].
//!
//! Reading goes in steps, each its own module; only the first two are PokerStars'
//! own, the rest is the shared layer of every site ([`crate::sites`]):
//! - [`text`]: bytes to lines (the shared [`crate::sites::text`]: UTF-8 with or
//!   without a byte-order mark, or Windows-1252; `\r\n`, `\n` or `\r` line ends;
//!   trailing blanks dropped) and hand boundaries (a hand starts at a
//!   `PokerStars ...#` line);
//! - [`parse`]: the lines of one hand to the site-neutral [`Hand`], or a
//!   [`PokerStarsError`] naming the hand, the line and the reason ([`hands`] reads a
//!   text's hands one at a time, [`parse_hands`] all of them);
//! - [`convert`]: a [`Hand`] to the native model ([`crate::model::HandHistory`]) by
//!   the shared [builder](crate::sites::builder), which checks the text's amounts
//!   against the rules on the way;
//! - [`mod@check`]: the replay's outcome held against what the text says (stacks after
//!   rake, the total pot).
//!
//! Invariants of a [`Hand`] read without error: every player in an event or a
//! summary line holds a seat of the hand (events refer to seats by index); every
//! amount is an exact number of hundredths in the header's currency; card lists have
//! the length their line requires (two hole cards, three flop cards, one turn or
//! river card) and no card twice in one list. Nothing is inferred: cards that were
//! never shown are absent, not guessed. Another game, another language or a
//! cancelled hand is an [`PokerStarsErrorKind::Unsupported`] error that names the
//! hand, never a misread. A capped table (`$80 Cap`) is read with its cap
//! ([`Header::cap`]); a hand run twice with both runs' streets and showdowns.

pub mod ast;
pub mod check;
pub mod convert;
pub mod error;
pub mod parse;
pub mod text;

pub use ast::{
    Amount, BuyIn, CardList, Currency, Event, Hand, Header, Limit, Line, Note, PostKind, PotName,
    Run, Seat, SeatIndex, SeatState, Street, Summary, SummarySeat, TableLine, Timestamp,
    Tournament,
};
pub use check::check;
pub use convert::{Imported, TextRepair, import, import_lenient};
pub use error::{PokerStarsError, PokerStarsErrorKind};
pub use parse::{Hands, hands, parse_hand, parse_hands};
pub use text::{decode, leading_comments, looks_like_pokerstars};

#[cfg(test)]
mod tests;
