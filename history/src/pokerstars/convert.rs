//! A PokerStars [`Hand`] to the native model: the shared builder
//! ([`crate::sites::builder`]) with PokerStars' [`Site`].

use crate::sites::builder::{self, Site};

use super::ast::Hand;
use super::error::PokerStarsError;

pub use crate::sites::builder::{Imported, TextRepair};

/// The key of the extra field that keeps a capped table's cap in a converted
/// history, whose starting stacks are then the chips in play (each stack, at most
/// the cap).
pub const CAP_FIELD: &str = "_pokerstars_cap";

/// PokerStars, for the builder.
pub const SITE: Site = Site {
    name: "PokerStars",
    cap_field: CAP_FIELD,
    jackpot_drop: false,
    raises_over_all_in: false,
    odd_chips_from_highest_seat: false,
};

/// Converts `hand` with its site's [`Site`] (PokerStars', or another site's read by
/// [`super::parse_hand`]; see [`crate::sites::builder`] for what is checked and how
/// the players are ordered).
///
/// # Errors
/// [`Unsupported`](super::PokerStarsErrorKind::Unsupported) for a form the native model cannot hold;
/// [`Disagreement`](super::PokerStarsErrorKind::Disagreement) for an amount the rules contradict.
pub fn import(hand: &Hand) -> Result<Imported, PokerStarsError> {
    builder::build(hand, hand.header.site)
}

/// Converts `hand` as [`import`] does, but goes on where the text contradicts itself
/// and lists what it kept in [`Imported::repairs`] (see
/// [`crate::sites::builder::build_lenient`]).
///
/// # Errors
/// As [`import`], for everything else.
pub fn import_lenient(hand: &Hand) -> Result<Imported, PokerStarsError> {
    builder::build_lenient(hand, hand.header.site)
}
