//! The random generators the holdem crates are built with, and the one unbiased
//! bounded draw.
//!
//! The crates take any [`RngCore`]; their examples, tests and tools use ChaCha
//! ([`ChaCha8Rng`] for simulations, [`ChaCha20Rng`] for dealing). These are the
//! versions the crates are compiled against (`rand_core` 0.9, `rand_chacha` 0.9),
//! re-exported so that a program needs no `rand_chacha` of its own whose version
//! might not fit (a mismatch fails with a trait error: the generator then does not
//! implement this `RngCore`). The crates themselves are re-exported too, for what
//! the names below leave out.
//!
//! ```
//! use holdem_cards::Deck;
//! use holdem_cards::rng::{ChaCha8Rng, SeedableRng};
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(7);
//! let deck = Deck::shuffled_with(&mut rng);
//! assert_eq!(deck.len(), 52);
//! ```

/// `rand_chacha`, the version the crates are built with.
pub use rand_chacha;
pub use rand_chacha::{ChaCha8Rng, ChaCha20Rng};
/// `rand_core`, the version the crates are built with.
pub use rand_core;
pub use rand_core::{RngCore, SeedableRng};

pub use crate::shuffle::{uniform_below, uniform_below_u64};
