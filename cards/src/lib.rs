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
//!   multiply-and-reject), so no modulo bias. [`rng`] re-exports the generators
//!   the crates are built with and holds the workspace's one bounded draw.
//! - Text parses and prints losslessly (rule C7): `Ah`, `Td`, `2c`, and `10d` on
//!   input; malformed text is a [`ParseCardError`] naming the byte position and the
//!   bad character, never a panic.
//! - Hole cards go one at a time clockwise from the left of the button, the button
//!   last (C3); a card is burned before the flop, turn and river (C4).
//! - No I/O (beyond the OS seed of [`Deck::shuffled`]); nothing on the card, set,
//!   deck, shuffle or deal paths allocates ([`parse_cards`] returns a `Vec`).
//! - Hidden information: a [`Deck`]'s `Debug` shows only how many cards are left,
//!   it has no `Display`, and [`Deck::remaining`] gives which cards are left, not
//!   their order.
//! - Every refused operation ([`DeckError`]) leaves the deck unchanged.
//!
//! # Layout
//! A [`Card`] is one byte, its dense index `rank * 4 + suit` (so cards sort by rank,
//! then suit: clubs, diamonds, hearts, spades, which is also the tie-break of a
//! high-card button draw, C5). A [`CardSet`] is a `u64` with bit `suit * 16 + rank`
//! ([`Card::bit`]): one 16-bit lane per suit, so set operations are integer
//! operations.
//!
//! # Choosing a shuffle
//! - [`Deck::shuffled`] seeds ChaCha20 from the OS for each deck. If the OS source
//!   fails it returns an error rather than fall back to a weaker generator.
//! - A server dealing many hands keeps one OS-seeded generator and calls
//!   [`Deck::shuffled_with`]: the stream never repeats, so nothing from an earlier
//!   shuffle is reused (C2), and it saves the OS read and the key setup per deck.
//! - [`Deck::shuffled_top_with`]`(k, rng)` shuffles only the `k` cards a hand can use
//!   (a partial Fisher-Yates: each ordered draw of `k` cards is exactly as likely as
//!   the top `k` of a full shuffle). The deck then holds those `k` cards; dealing past
//!   them is [`DeckError::Empty`]. For the same generator state it deals other
//!   (equally fair) cards than [`Deck::shuffled_with`].
//! - [`Deck::seeded`] replays a deck from a `u64`; its order is pinned by a test, so
//!   recorded replays keep working. [`Deck::from_order`] builds a stacked deck.
//! - [`Deck::shuffled_without`] is the fresh deck of an equity simulation, the known
//!   cards taken out.
//!
//! # Features
//! - `serde`: `Serialize`/`Deserialize` on every public data type. [`Card`] and
//!   [`CardSet`] are text (`"Ah"`, `"AhKd2c"`) in human-readable formats and numbers
//!   in binary ones. A [`Deck`]'s serde form is its undealt order, for dealer-side
//!   journals and replays: never send it to a player.
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
//!
//! // Many hands from one kept generator, each deck only the 20 cards a
//! // six-handed hand can use (12 hole cards, 3 burns, 5 board).
//! use rand_chacha::ChaCha20Rng;
//! use rand_core::SeedableRng;
//! let mut rng = ChaCha20Rng::seed_from_u64(7); // `from_os_rng()` in play
//! for _ in 0..3 {
//!     let mut deck = Deck::shuffled_top_with(20, &mut rng);
//!     assert_eq!(deck.len(), 20);
//!     let twenty = deck.deal_n(20)?;
//!     assert_eq!(CardSet::from_cards(twenty).len(), 20); // no card twice
//! }
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
pub mod rng;
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
pub use shuffle::{shuffle, shuffle_top, uniform_below, uniform_below_u64};
