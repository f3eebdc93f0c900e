//! Playing cards for Texas Hold'em: [`Rank`], [`Suit`], [`Card`], [`CardSet`] and
//! their text form; the [`Deck`], unbiased [`shuffle`]; the order of a hand's
//! deal ([`deal_order`]); one player's two cards ([`Hole`], parsed from `AhKh`);
//! the first-button draw ([`draw_button`]); and misdeal
//! handling ([`MisdealRules`]).
//!
//! # Invariants
//! - One standard deck, no jokers (rule C1): a [`Card`] is one of exactly 52
//!   values and no constructor can make another; a [`CardSet`] only ever has the
//!   52 card bits set; a [`Deck`] never holds a card twice and is used for one
//!   hand, every shuffling constructor starting from a fresh ordered deck.
//! - Shuffling (rule C2): [`Deck::shuffled`] uses ChaCha20 seeded from the OS;
//!   [`Deck::seeded`] and [`Deck::shuffled_with`] are the explicit, replayable
//!   modes. The shuffle is Fisher-Yates over [`uniform_below`] (Lemire's
//!   multiply-and-reject), so no modulo bias.
//! - Text parses and prints losslessly (rule C7): `Ah`, `Td`, `2c`, and `10d` on
//!   input; malformed text is a [`ParseCardError`] naming the byte position and the
//!   bad character, never a panic.
//! - Hole cards go one at a time clockwise from the left of the button, the button
//!   last (C3); a card is burned before the flop, turn and river (C4).
//! - No I/O (beyond the OS seed of [`Deck::shuffled`]); nothing on the card, set,
//!   deck, shuffle or deal paths allocates ([`parse_cards`] returns a `Vec`).
//! - Hidden information: a [`Deck`]'s `Debug` shows only how many cards are left.
//!
//! # Example
//! ```
//! use holdem_cards::{Card, CardSet, Deck, Rank, Suit};
//!
//! let ace: Card = "Ah".parse()?;
//! assert_eq!(ace, Card::new(Rank::Ace, Suit::Hearts));
//! assert_eq!(ace.to_string(), "Ah");
//! let board: CardSet = "Qh Jh Th".parse()?;
//! assert!(board.contains("Jh".parse()?));
//!
//! // A replayable shuffle: the same seed always deals the same cards.
//! let mut deck = Deck::seeded(2024);
//! let hole = [deck.deal()?, deck.deal()?];
//! println!("dealt {} {}", hole[0], hole[1]);
//! assert_eq!(deck.len(), 50);
//! let mut again = Deck::seeded(2024);
//! assert_eq!([again.deal()?, again.deal()?], hole);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod button;
mod card;
mod deal;
mod deck;
mod error;
mod hole;
mod misdeal;
mod parse;
mod set;
mod shuffle;

pub use button::{ButtonDraw, ButtonDrawOutcome, DrawCards, draw_button};
pub use card::{Card, Rank, Suit};
pub use deal::{
    BoardStreet, DealOrder, DealStep, DealtHand, HoleCards, MAX_HAND_SEATS, MIN_HAND_SEATS,
    deal_hand, deal_hole_cards, deal_order,
};
pub use deck::Deck;
pub use error::DeckError;
pub use hole::{Hole, ParseHoleError, parse_hole};
pub use misdeal::{ExposedCardRuling, MisdealRules, SingleExposedCard};
pub use parse::{ParseCardError, parse_cards};
pub use set::{CardSet, CardSetIter, InvalidCardBits};
pub use shuffle::{shuffle, shuffle_top, uniform_below};
