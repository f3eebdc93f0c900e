//! Text hand histories of the poker sites (rules H5, H6), over one shared layer.
//!
//! Each site is a module that turns its text into the site-neutral typed hand
//! ([`ast::Hand`]): header, table, seats, the play as a sequence of [`ast::Event`]s
//! (forced bets, hole cards, streets, actions, uncalled returns, shows, mucks,
//! collections, notes), and the summary. Nothing is inferred there. The shared
//! [`builder`] turns that hand into the native [`HandHistory`](crate::HandHistory)
//! and checks every amount against the rules on the way; [`mod@check`] holds the
//! replay's outcome against what the text says; [`text`] turns bytes into lines
//! (the encodings and line ends every site's files come in). A site is data in,
//! rules once: like serde's formats over one data model, a new site is a new module
//! of a few hundred lines, not a copy of the conversion.
//!
//! # How a site plugs in
//! 1. A module `sites/<site>.rs` with a `static SITE: Site` (name, cap field), an
//!    `is_hand_start(line)` test for its header line, and a
//!    `parse_hand(&[(u32, &str)]) -> Result<ast::Hand, ImportError>` reader.
//! 2. The reader fills an [`ast::Hand`] (its `header.site` is `&SITE`): amounts as
//!    [`ast::Amount`] (hundredths), players as indices into [`ast::Hand::seats`],
//!    one [`ast::Line`] per line of play, failures as [`ImportError`] naming the
//!    line; another game is [`ImportErrorKind::Unsupported`] naming it. The
//!    cheapest reader makes each line's [`ast::Event`] itself from the borrowed
//!    text, building no text in between ([`pacific`], [`partypoker`], [`winamax`],
//!    [`wpn`], [`ipoker`], and [`fulltilt`] for its seats and play). A site of the
//!    PokerStars family may instead turn a line into PokerStars' form for the
//!    PokerStars body reader ([`ggpoker`] and [`acr`] do, [`acr`] into one buffer
//!    for the whole hand; [`fulltilt`] does for its notes and summary), at the
//!    price of writing the text twice.
//! 3. Register it in [`is_other_hand_start`] (its header line's first byte
//!    included in the filter there) and [`reader_of`]: files are then cut
//!    at its headers and its hands read, converted ([`builder::build`], the
//!    disagreement at its line, or [`builder::build_lenient`]) and checked against
//!    the replay ([`check::check`]) by `holdem replay` and `holdem convert`, with
//!    no other change.
//!
//! The bytes come through [`text::decode`] (UTF-8 with or without a byte-order
//! mark, UTF-16 little or big endian by their marks, Windows-1252) and
//! [`text::lines`].
//!
//! # Invariants
//! An [`builder::Imported`] hand holds only what its text says: cards never shown
//! stay unknown; every amount was checked against the rules (a call is the amount
//! to call or the whole stack, a raise adds what it says over the bet it raises, an
//! uncalled bet is the part nobody matched, the summary's winnings are what the
//! players collected, the summary's boards are the streets dealt). The conversion
//! never panics on input and allocates only the history it returns.

pub mod acr;
pub mod ast;
pub mod builder;
pub mod check;
pub mod error;
pub mod fulltilt;
pub mod ggpoker;
pub mod ipoker;
pub mod pacific;
pub mod partypoker;
pub mod text;
pub mod winamax;
pub mod wpn;

#[cfg(test)]
mod tests;

/// A site's reader of one hand's lines (its header first).
pub type Reader = fn(&[(u32, &str)]) -> Result<ast::Hand, ImportError>;

/// True for a line that starts a hand of a site other than PokerStars read here
/// (GGPoker's `Poker Hand #`, Full Tilt's `Full Tilt Poker Game #`, Winamax's
/// `Winamax Poker - `, the Winning Poker Network's `Game started at: ` and `Hand #N - `, 888poker's
/// `***** 888poker Hand History for Game N *****`, PartyPoker's `***** Hand History
/// for Game N *****`), so a file of several sites'
/// hands is cut right.
///
/// Each of these lines begins with `P`, `F`, `W`, `G`, `H` or `*` (Winamax's may have
/// a byte-order mark first, whose first byte is `0xEF`): any other line is told
/// by its first byte, with no comparison of prefixes (every line of a file is
/// asked).
#[inline]
pub fn is_other_hand_start(line: &str) -> bool {
    if !matches!(
        line.as_bytes().first(),
        Some(b'P' | b'F' | b'W' | b'G' | b'H' | b'*' | 0xEF)
    ) {
        return false;
    }
    ggpoker::is_hand_start(line)
        || fulltilt::is_hand_start(line)
        || wpn::is_hand_start(line)
        || acr::is_hand_start(line)
        || winamax::is_hand_start(line)
        || pacific::is_hand_start(line)
        || partypoker::is_hand_start(line)
}

/// The reader of the hand whose lines these are, by its header line (content
/// detection), or `None` for PokerStars' own (read by [`crate::pokerstars`]).
pub fn reader_of(lines: &[(u32, &str)]) -> Option<Reader> {
    let head = lines.iter().map(|(_, l)| *l).find(|l| !l.is_empty())?;
    if ggpoker::is_hand_start(head) {
        return Some(ggpoker::parse_hand);
    }
    if fulltilt::is_hand_start(head) {
        return Some(fulltilt::parse_hand);
    }
    if wpn::is_hand_start(head) {
        return Some(wpn::parse_hand);
    }
    if acr::is_hand_start(head) {
        return Some(acr::parse_hand);
    }
    if winamax::is_hand_start(head) {
        return Some(winamax::parse_hand);
    }
    if pacific::is_hand_start(head) {
        return Some(pacific::parse_hand);
    }
    if partypoker::is_hand_start(head) {
        return Some(partypoker::parse_hand);
    }
    None
}

/// The player whose live contribution to the pot is the largest (the first such)
/// and the part of it that no other player matched: what goes back uncalled (B16),
/// for the sites whose text does not write it.
pub(crate) fn unmatched(live: &[ast::Amount]) -> (usize, ast::Amount) {
    let (mut top, mut first) = (0, ast::Amount::ZERO);
    for (i, &a) in live.iter().enumerate() {
        if a > first {
            (top, first) = (i, a);
        }
    }
    let second = live
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != top)
        .map(|(_, &a)| a)
        .max()
        .unwrap_or(ast::Amount::ZERO);
    (top, ast::Amount(first.0.saturating_sub(second.0)))
}

pub use builder::{Imported, Site, TextRepair, build, build_lenient};
pub use check::{check, repairs};
pub use error::{ImportError, ImportErrorKind};
