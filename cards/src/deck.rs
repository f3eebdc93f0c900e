//! `Deck`: one 52-card deck for one hand (rule C1), shuffled fresh (rule C2).

use core::fmt;

use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng, TryRngCore};

use crate::{Card, CardSet, DeckError, shuffle, shuffle_top};

/// One standard deck: 52 cards in a fixed array and a position, no allocation.
///
/// Cards come off the top ([`Deck::deal`], [`Deck::burn`]) and are gone: a deck
/// is used for one hand only, and every shuffling constructor starts from a
/// fresh ordered deck, so nothing of an earlier shuffle is reused (rules C1, C2).
///
/// Hidden information: the order of the undealt cards is the most secret thing
/// at the table. `Debug` prints only how many cards are left, and there is no
/// `Display`. Player views never hold the deck: the betting engine's `Hand`
/// does not own a deck at all, it only receives dealt cards as inputs, so a
/// redacted view cannot carry one. The `serde` form (behind the `serde`
/// feature) does write the undealt order, for dealer-side journals and replays;
/// never send it to a player.
#[derive(Clone)]
pub struct Deck {
    cards: [Card; 52],
    /// Index of the next card to deal.
    next: u8,
    /// One past the last undealt card (below 52 after [`Deck::without`]).
    end: u8,
}

impl Deck {
    /// A fresh deck in index order (2c, 2d, 2h, 2s, 3c, ... As); the top card is 2c.
    pub const fn new() -> Deck {
        Deck {
            cards: Card::ALL,
            next: 0,
            end: 52,
        }
    }

    /// A fresh deck shuffled with ChaCha20 seeded from the operating system's
    /// random source (rule C2). This is the default for real play.
    ///
    /// Each call seeds a new generator; to avoid the OS call per hand, keep one
    /// `ChaCha20Rng` seeded from the OS and call [`Deck::shuffled_with`]; the
    /// stream never repeats, so no earlier shuffle is reused either way.
    ///
    /// # Errors
    /// [`DeckError::Entropy`] if the OS random source fails: there is no silent
    /// fallback to a weaker generator.
    pub fn shuffled() -> Result<Deck, DeckError> {
        let mut seed = <ChaCha20Rng as SeedableRng>::Seed::default();
        rand_core::OsRng
            .try_fill_bytes(&mut seed)
            .map_err(DeckError::Entropy)?;
        Ok(Deck::shuffled_with(&mut ChaCha20Rng::from_seed(seed)))
    }

    /// A fresh deck shuffled with `rng` (Fisher-Yates, unbiased; rule C2).
    /// For real play `rng` should be a CSPRNG such as `ChaCha20Rng`.
    pub fn shuffled_with<R: RngCore + ?Sized>(rng: &mut R) -> Deck {
        let mut deck = Deck::new();
        shuffle(&mut deck.cards, rng);
        deck
    }

    /// The top `count` cards (at most 52) of a fresh deck shuffled with `rng`, and
    /// nothing else: a deck of `count` cards, each ordered draw of `count` distinct
    /// cards equally likely (rule C2), at the cost of `count` random draws instead of
    /// 51 ([`shuffle_top`], a partial Fisher-Yates). Dealing past `count` cards is
    /// [`DeckError::Empty`], so no card of the unshuffled rest can ever be dealt.
    ///
    /// A hand of `n` players needs at most `2n + 8` cards (hole cards, three burns,
    /// five board cards; a single exposed card (C6) is replaced by one of them).
    /// Different from [`Deck::shuffled_with`] for the same `rng` state: the two are
    /// separate, equally fair draws, not the same order cut short.
    ///
    /// ```
    /// use holdem_cards::{CardSet, Deck};
    /// use rand_chacha::ChaCha20Rng;
    /// use rand_core::SeedableRng;
    ///
    /// let mut deck = Deck::shuffled_top_with(20, &mut ChaCha20Rng::seed_from_u64(3));
    /// assert_eq!(deck.len(), 20);
    /// let mut seen = CardSet::EMPTY;
    /// while let Ok(card) = deck.deal() {
    ///     assert!(seen.insert(card));
    /// }
    /// assert_eq!(seen.len(), 20);
    /// ```
    pub fn shuffled_top_with<R: RngCore + ?Sized>(count: usize, rng: &mut R) -> Deck {
        let count = count.min(52);
        let mut deck = Deck::new();
        shuffle_top(&mut deck.cards, count, rng);
        deck.end = count as u8; // <= 52
        deck
    }

    /// A fresh deck shuffled by ChaCha20 seeded with `seed`: the explicit,
    /// replayable mode for tests and replays (rule C2). The same seed always gives
    /// the same order, on every platform.
    pub fn seeded(seed: u64) -> Deck {
        Deck::shuffled_with(&mut ChaCha20Rng::seed_from_u64(seed))
    }

    /// A fresh deck without the `dead` cards (known hands, a board), the rest
    /// shuffled with `rng`: the deck an equity simulation deals from.
    pub fn shuffled_without<R: RngCore + ?Sized>(dead: CardSet, rng: &mut R) -> Deck {
        let mut deck = Deck::new().without(dead);
        let (next, end) = (deck.next as usize, deck.end as usize);
        shuffle(&mut deck.cards[next..end], rng);
        deck
    }

    /// A stacked deck whose top card is `order[0]`: a replay of a recorded deal,
    /// or a hand-built test. It may hold fewer than 52 cards.
    ///
    /// # Errors
    /// [`DeckError::TooManyCards`] past 52 cards, [`DeckError::DuplicateCard`] if
    /// a card repeats (rule C1).
    pub fn from_order(order: &[Card]) -> Result<Deck, DeckError> {
        if order.len() > 52 {
            return Err(DeckError::TooManyCards(order.len()));
        }
        let mut deck = Deck::new();
        let mut seen = CardSet::EMPTY;
        for (position, (slot, &card)) in deck.cards.iter_mut().zip(order).enumerate() {
            if !seen.insert(card) {
                return Err(DeckError::DuplicateCard { card, position });
            }
            *slot = card;
        }
        deck.end = order.len() as u8; // <= 52, checked above
        Ok(deck)
    }

    /// The deck with the `dead` cards taken out of the undealt part, the others
    /// keeping their order.
    #[must_use]
    pub fn without(mut self, dead: CardSet) -> Deck {
        self.remove_cards(dead);
        self
    }

    /// Takes the `dead` cards out of the undealt part, the others keeping their
    /// order; returns how many were removed.
    pub fn remove_cards(&mut self, dead: CardSet) -> usize {
        let (next, end) = (self.next as usize, self.end as usize);
        let mut write = next;
        for read in next..end {
            let card = self.cards[read];
            if !dead.contains(card) {
                self.cards[write] = card;
                write += 1;
            }
        }
        self.end = write as u8; // write <= end <= 52
        end - write
    }

    /// Deals the top card.
    ///
    /// # Errors
    /// [`DeckError::Empty`] when no card is left.
    pub fn deal(&mut self) -> Result<Card, DeckError> {
        if self.next >= self.end {
            return Err(DeckError::Empty { needed: 1 });
        }
        let card = self.cards[self.next as usize];
        self.next += 1;
        Ok(card)
    }

    /// Burns the top card (rule C4) and returns it, face down: it goes to no
    /// player, but a dealer may record it for the hand history.
    ///
    /// # Errors
    /// [`DeckError::Empty`] when no card is left.
    pub fn burn(&mut self) -> Result<Card, DeckError> {
        self.deal()
    }

    /// Deals `out.len()` cards into `out`, top card first; all or nothing.
    ///
    /// # Errors
    /// [`DeckError::NotEnoughCards`] if fewer than `out.len()` are left; the
    /// deck is then unchanged.
    pub fn deal_into(&mut self, out: &mut [Card]) -> Result<(), DeckError> {
        let left = self.len();
        if out.len() > left {
            return Err(DeckError::NotEnoughCards {
                needed: out.len(),
                left,
            });
        }
        let next = self.next as usize;
        out.copy_from_slice(&self.cards[next..next + out.len()]);
        self.next += out.len() as u8; // out.len() <= left <= 52
        Ok(())
    }

    /// Deals the next `count` cards and returns them, top card first, as a view
    /// of the deck's own order (no copy); all or nothing.
    ///
    /// # Errors
    /// [`DeckError::NotEnoughCards`] if fewer than `count` are left; the deck is
    /// then unchanged.
    pub fn deal_n(&mut self, count: usize) -> Result<&[Card], DeckError> {
        let left = self.len();
        if count > left {
            return Err(DeckError::NotEnoughCards {
                needed: count,
                left,
            });
        }
        let next = self.next as usize;
        self.next += count as u8; // count <= left <= 52
        Ok(&self.cards[next..next + count])
    }

    /// How many cards are left to deal.
    pub const fn len(&self) -> usize {
        (self.end - self.next) as usize
    }

    /// Whether no card is left.
    pub const fn is_empty(&self) -> bool {
        self.next >= self.end
    }

    /// The undealt cards as a set: which cards are left, not their order.
    pub fn remaining(&self) -> CardSet {
        CardSet::from_cards(self.undealt())
    }

    fn undealt(&self) -> &[Card] {
        &self.cards[self.next as usize..self.end as usize]
    }
}

impl Default for Deck {
    /// A fresh ordered deck, as [`Deck::new`].
    fn default() -> Deck {
        Deck::new()
    }
}

impl PartialEq for Deck {
    /// Two decks are equal when their undealt cards are the same, in the same order.
    fn eq(&self, other: &Deck) -> bool {
        self.undealt() == other.undealt()
    }
}

impl Eq for Deck {}

impl fmt::Debug for Deck {
    /// Only the count: the order is hidden information.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deck")
            .field("left", &self.len())
            .finish_non_exhaustive()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Deck {
    /// The undealt cards in order, top first. Dealer-side only: this is the
    /// hidden order of the deck.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeSeq;
        let mut seq = s.serialize_seq(Some(self.len()))?;
        for card in self.undealt() {
            seq.serialize_element(card)?;
        }
        seq.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Deck {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Deck, D::Error> {
        use serde::de::Error;
        let cards = <Vec<Card>>::deserialize(d)?;
        Deck::from_order(&cards).map_err(D::Error::custom)
    }
}
