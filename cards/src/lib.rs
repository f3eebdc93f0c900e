//! Playing cards for Texas Hold'em: [`Rank`], [`Suit`], [`Card`], [`CardSet`],
//! and their text form.
//!
//! # Invariants
//! - A [`Card`] is one of exactly 52 values (rule C1: one standard deck, no jokers);
//!   no constructor can make another.
//! - A [`CardSet`] only ever has the 52 card bits set.
//! - Text parses and prints losslessly (rule C7): `Ah`, `Td`, `2c`, and `10d` on
//!   input; malformed text is a [`ParseCardError`] naming the byte position and the
//!   bad character, never a panic.
//! - Nothing here does I/O; nothing on the card or set paths allocates.
//!
//! # Example
//! ```
//! use holdem_cards::{Card, CardSet, Rank, Suit};
//!
//! let ace: Card = "Ah".parse()?;
//! assert_eq!(ace, Card::new(Rank::Ace, Suit::Hearts));
//! assert_eq!(ace.to_string(), "Ah");
//!
//! let board: CardSet = "Qh Jh Th".parse()?;
//! assert_eq!(board.len(), 3);
//! assert!(board.contains("Jh".parse()?));
//! assert!("Xh".parse::<Card>().is_err());
//! # Ok::<(), holdem_cards::ParseCardError>(())
//! ```

mod card;
mod parse;
mod set;

pub use card::{Card, Rank, Suit};
pub use parse::{ParseCardError, parse_cards};
pub use set::{CardSet, CardSetIter, InvalidCardBits};
