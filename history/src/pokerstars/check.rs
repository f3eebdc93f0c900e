//! The replay check of an imported PokerStars hand (rule H5): the shared check
//! ([`mod@crate::sites::check`]), re-exported under its old path.

pub use crate::sites::check::check;
