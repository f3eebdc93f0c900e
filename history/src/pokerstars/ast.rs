//! The typed form of one PokerStars hand: the shared site-neutral model
//! ([`crate::sites::ast`]), re-exported under its old path.

pub use crate::sites::ast::*;
