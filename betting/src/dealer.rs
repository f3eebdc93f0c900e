//! [`Dealer`]: drives a [`Hand`] from a shuffled [`Deck`] in the right order (C3,
//! C4) and handles misdeals (C6). The hand never sees the deck: the dealer feeds it
//! [`DealerInput`]s like any replay would.

use arrayvec::ArrayVec;
use holdem_cards::{Card, DealStep, Deck, DeckError, deal_order};
use holdem_eval::HandEvaluator;
use rand_core::RngCore;

use crate::hand::clockwise_from;
use crate::{
    DealerInput, EventSink, Hand, HandError, MAX_SEATS, Pending, StateError, Street, Timestamp,
};

/// What a hole-card deal came to.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum DealOutcome {
    /// Every player has their cards.
    Dealt,
    /// Two or more cards were exposed (C6): a misdeal. Nothing was given to the hand;
    /// reshuffle (a fresh [`Dealer`]) and deal again with the same button.
    Misdeal {
        /// How many cards were exposed.
        exposed: usize,
    },
}

/// Why the dealer could not deal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DealerError {
    /// The deck ran out (cannot happen with at most `MAX_SEATS` players).
    #[error("deck: {0}")]
    Deck(#[from] DeckError),
    /// The hand refused a dealer input.
    #[error("hand: {0}")]
    Hand(#[from] HandError),
    /// The hand is not waiting for cards.
    #[error("the hand waits for {0}, not for cards")]
    NothingToDeal(Pending),
}

/// Deals one hand from a shuffled deck. Create one per hand (C1: a deck is used for
/// one hand only). With the board run more than once (B26), [`Dealer::deal_board`]
/// deals each run's burns and cards from the same deck
/// ([`Dealer::shuffled_for_runs`] holds enough), so no card is used twice.
///
/// ```
/// use holdem_betting::{Dealer, DealOutcome, Hand, HandConfig, Pending, Player, Timestamp};
/// use holdem_cards::Deck;
/// use holdem_pots::{Chips, Seat};
///
/// let s = |i| Seat::new(i).expect("seat");
/// let players = [Player::new(s(0), Chips(500)), Player::new(s(1), Chips(500))];
/// let mut hand = Hand::new(HandConfig::no_limit(Chips(10)), &players, s(0))?;
/// let mut sink = Vec::new();
/// hand.post_forced_bets(Timestamp(0), &mut sink)?;
/// let mut dealer = Dealer::new(Deck::seeded(7));
/// assert_eq!(dealer.deal_hole_cards(&mut hand, Timestamp(1), &[], &mut sink)?, DealOutcome::Dealt);
/// assert!(matches!(hand.pending(), Pending::Action { .. }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With the `serde` feature a dealer serializes (kebab-case: the undealt cards in
/// order and the pending first burn): a hand restored mid-deal with its dealer
/// deals the same runout. Dealer-side only, like the deck itself.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct Dealer {
    deck: Deck,
    /// C6: a single exposed hole card becomes the first burn.
    first_burn: Option<Card>,
}

impl Dealer {
    /// Checks this dealer against the hand it deals (a state that may come from
    /// outside): no card twice between the deck, the held first burn and the
    /// cards the hand knows (C1); the first burn held only between the hole cards
    /// and the flop (C6); and the deck long enough to finish the hand and no
    /// longer than what 52 cards leave after those dealt (C4).
    pub(crate) fn check_for<E>(&self, hand: &Hand<E>) -> Result<(), StateError> {
        let mut held = self.deck.remaining();
        if let Some(card) = self.first_burn
            && !held.insert(card)
        {
            return Err(StateError::CardTwice { card });
        }
        if let Some(card) = (held & hand.known_cards()).iter().next() {
            return Err(StateError::DeckHoldsDealtCard { card });
        }
        let counts = hand.deck_counts();
        let mut dealt = counts.dealt;
        let mut needed = counts.needed;
        if self.first_burn.is_some() {
            // C6: dealt with the hole cards, burned before the flop.
            if !counts.first_burn_window {
                return Err(StateError::OutOfBounds {
                    field: "first-burn",
                });
            }
            dealt += 1;
            needed = needed.saturating_sub(1);
        }
        let left = self.deck.len();
        let room = 52usize.saturating_sub(dealt);
        if left < needed || left > room {
            return Err(StateError::DeckLength {
                left,
                needed,
                dealt,
                room,
            });
        }
        Ok(())
    }

    /// A dealer with this (shuffled) deck.
    #[must_use]
    pub fn new(deck: Deck) -> Dealer {
        Dealer {
            deck,
            first_burn: None,
        }
    }

    /// The most cards a hand of `players` dealt-in players can use: two hole cards
    /// each, three burns and five board cards (C4). A single exposed hole card (C6)
    /// is replaced by the next card and becomes the first burn, so the count holds.
    #[must_use]
    pub const fn cards_needed(players: usize) -> usize {
        2 * players + 8
    }

    /// A dealer for `hand` with a fresh deck of the [`Dealer::cards_needed`] top
    /// cards of a deck shuffled with `rng` ([`Deck::shuffled_top_with`], a partial
    /// Fisher-Yates: every card the hand can use is as random as with a full
    /// shuffle (C2), at the cost of 20 draws for six players instead of 51). For
    /// real play `rng` should be a CSPRNG seeded from the OS. A hand whose board may
    /// run more than once (B26) needs more cards: [`Dealer::shuffled_for_runs`].
    #[must_use]
    pub fn shuffled_for<E: HandEvaluator + Clone, R: RngCore + ?Sized>(
        hand: &Hand<E>,
        rng: &mut R,
    ) -> Dealer {
        let needed = Dealer::cards_needed(hand.players().len());
        Dealer::new(Deck::shuffled_top_with(needed, rng))
    }

    /// A dealer for `hand` whose board may run up to the hand's
    /// [`crate::HandConfig::max_board_runs`] times (B26): as [`Dealer::shuffled_for`],
    /// with eight more cards (three burns, five board cards) for every extra run, so
    /// that [`Dealer::deal_board`] deals each run's burns and cards from one deck and
    /// no card twice. With one run it is [`Dealer::shuffled_for`].
    #[must_use]
    pub fn shuffled_for_runs<E: HandEvaluator + Clone, R: RngCore + ?Sized>(
        hand: &Hand<E>,
        rng: &mut R,
    ) -> Dealer {
        let extra = 8 * usize::from(hand.config().max_board_runs.saturating_sub(1));
        let needed = Dealer::cards_needed(hand.players().len()) + extra;
        Dealer::new(Deck::shuffled_top_with(needed, rng))
    }

    /// Cards left in the deck.
    #[must_use]
    pub fn cards_left(&self) -> usize {
        self.deck.len()
    }

    /// Deals the hole cards one at a time clockwise from the left of the button, two
    /// rounds (C3; heads-up the big blind first). `exposed` lists the positions in
    /// that order (`0..2 * players`) of cards the dealer exposed: two or more is a
    /// misdeal (C6) and nothing reaches the hand; a single one is replaced by the next
    /// card after the deal and becomes the first burn.
    ///
    /// # Errors
    /// [`DealerError::NothingToDeal`] unless the hand waits for hole cards; deck or
    /// hand errors (none expected).
    pub fn deal_hole_cards<E: HandEvaluator + Clone, S: EventSink>(
        &mut self,
        hand: &mut Hand<E>,
        at: Timestamp,
        exposed: &[usize],
        sink: &mut S,
    ) -> Result<DealOutcome, DealerError> {
        if !hand.waits_for_hole_cards() {
            return Err(DealerError::NothingToDeal(hand.pending()));
        }
        let mut unique: ArrayVec<usize, { 2 * MAX_SEATS }> = ArrayVec::new();
        for &e in exposed {
            if !unique.contains(&e) && e < 2 * MAX_SEATS {
                unique.push(e);
            }
        }
        if unique.len() >= 2 {
            return Ok(DealOutcome::Misdeal {
                exposed: unique.len(),
            });
        }
        let n = hand.players().len();
        if unique.is_empty() {
            // C3: one card at a time from the left of the button (heads-up the big
            // blind first), so the seat `k` places after the button gets cards `k`
            // and `n + k` of the deal (as `deal_order`).
            let cards = self.deck.deal_n(2 * n)?;
            if !hand.deal_all_hole_cards(at, cards, sink) {
                // The bulk checks failed: deal seat by seat for the exact error.
                // (`seats` has the `n` players: `k < n` and `n + k < 2n` index `cards`.)
                let seats = clockwise_from(hand.players(), hand.positions().button);
                for (k, seat) in seats.iter().enumerate() {
                    hand.apply_deal(
                        at,
                        DealerInput::HoleCards {
                            seat: *seat,
                            cards: [Some(cards[k]), Some(cards[n + k])],
                        },
                        sink,
                    )?;
                }
            }
            return Ok(DealOutcome::Dealt);
        }
        let seats = clockwise_from(hand.players(), hand.positions().button);
        let mut holes = [[None::<Card>; 2]; MAX_SEATS];
        let mut exposed_card = None;
        for (k, step) in deal_order(n, n - 1)?.take(2 * n).enumerate() {
            if let DealStep::Hole { seat, round } = step {
                let card = self.deck.deal()?;
                if unique.first() == Some(&k) {
                    exposed_card = Some((seat, round));
                    self.first_burn = Some(card);
                } else {
                    holes[seat][usize::from(round)] = Some(card);
                }
            }
        }
        if let Some((seat, round)) = exposed_card {
            // C6: the exposed card is replaced by the next card after the deal.
            holes[seat][usize::from(round)] = Some(self.deck.deal()?);
        }
        for (i, seat) in seats.iter().enumerate() {
            hand.apply_deal(
                at,
                DealerInput::HoleCards {
                    seat: *seat,
                    cards: holes[i],
                },
                sink,
            )?;
        }
        Ok(DealOutcome::Dealt)
    }

    /// Burns a card and deals the board cards of the street the hand waits for (C4).
    ///
    /// # Errors
    /// [`DealerError::NothingToDeal`] unless the hand waits for board cards.
    pub fn deal_board<E: HandEvaluator + Clone, S: EventSink>(
        &mut self,
        hand: &mut Hand<E>,
        at: Timestamp,
        sink: &mut S,
    ) -> Result<(), DealerError> {
        let Some(street) = hand.waits_for_board() else {
            return Err(DealerError::NothingToDeal(hand.pending()));
        };
        let burn = match self.first_burn.take() {
            Some(card) => card,
            None => self.deck.burn()?,
        };
        let count = if street == Street::Flop { 3 } else { 1 };
        let cards = self.deck.deal_n(count)?;
        // Burn and street in one call; if its checks fail, as two inputs for the
        // exact error.
        if !hand.burn_and_deal(at, burn, street, cards, sink)? {
            let input = match *cards {
                [a, b, c] => DealerInput::Flop([Some(a), Some(b), Some(c)]),
                [card] if street == Street::Turn => DealerInput::Turn(Some(card)),
                [card] => DealerInput::River(Some(card)),
                _ => return Err(DealerError::NothingToDeal(hand.pending())),
            };
            hand.apply_deal(at, DealerInput::Burn(Some(burn)), sink)?;
            hand.apply_deal(at, input, sink)?;
        }
        Ok(())
    }

    /// Deals whatever cards the hand waits for (hole cards or the next street);
    /// returns `false` when it waits for something else.
    ///
    /// # Errors
    /// As [`Dealer::deal_hole_cards`] and [`Dealer::deal_board`].
    pub fn deal_pending<E: HandEvaluator + Clone, S: EventSink>(
        &mut self,
        hand: &mut Hand<E>,
        at: Timestamp,
        sink: &mut S,
    ) -> Result<bool, DealerError> {
        if hand.waits_for_hole_cards() {
            self.deal_hole_cards(hand, at, &[], sink)?;
            Ok(true)
        } else if hand.waits_for_board().is_some() {
            self.deal_board(hand, at, sink)?;
            Ok(true)
        } else {
            Ok(false)
        }
    }
}
