//! Choosing the first button (rule C5): a house-rule policy and a pure draw.

use arrayvec::ArrayVec;
use core::num::NonZeroU32;
use rand_core::RngCore;

use crate::{Card, Deck, DeckError, Rank, uniform_below};

/// How the first button of a table is chosen (rule C5, a house rule).
///
/// Each variant is the practice of one seed document; in TOML (with the `serde`
/// feature) they are written `seat-one`, `high-card`, `first-ace`, `random`,
/// `first-seated`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum ButtonDraw {
    /// The button starts at seat 1, the first occupied seat clockwise from it
    /// (seed 000: "The button will be positioned at Seat 1 to start play").
    #[default]
    SeatOne,
    /// Every player is dealt one card; the highest card takes the button, a tie
    /// in rank broken by suit, spades > hearts > diamonds > clubs (seed 002).
    /// Since suits break every tie, the draw always has one winner.
    HighCard,
    /// Cards are dealt face up one at a time, clockwise, round after round; the
    /// first player dealt an ace takes the button (seed 004).
    FirstAce,
    /// A seat chosen uniformly at random (seed 003: "The first dealer is
    /// selected at random").
    Random,
    /// The first player to sit down takes the button (seed 001).
    FirstSeated,
}

/// The cards of a draw: at most one deck's worth, `(seat, card)` in deal order.
pub type DrawCards<S> = ArrayVec<(S, Card), 52>;

/// The result of a button draw: the button seat, and the cards dealt to whom,
/// in deal order, so a table can show the draw (empty for policies that deal none).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ButtonDrawOutcome<S> {
    /// The seat that takes the first button.
    pub button: S,
    /// Each card dealt in the draw and the seat it went to, in deal order.
    pub dealt: DrawCards<S>,
}

/// Draws the first button among `seats` by `policy` (rule C5). Pure: the
/// randomness is the `deck` (for the card draws) and `rng` (for
/// [`ButtonDraw::Random`]); the same inputs give the same result.
///
/// - `seats`: the occupied seats in clockwise order starting from seat 1 (or
///   the first occupied seat after it). `S` is the caller's seat type (a seat
///   number, `holdem_pots::Seat`, ...). Card draws deal starting at `seats[0]`.
/// - `arrival`: the same seats in order of arrival; only
///   [`ButtonDraw::FirstSeated`] reads it (pass `&[]` otherwise). Entries that
///   are not in `seats` (players who left) are skipped.
/// - `deck`: a freshly shuffled deck for [`ButtonDraw::HighCard`] and
///   [`ButtonDraw::FirstAce`]; the cards dealt are taken from it.
///
/// # Errors
/// [`DeckError::NoSeats`] if `seats` is empty; [`DeckError::NoArrival`] if a
/// first-seated draw's `arrival` names no occupied seat;
/// [`DeckError::NotEnoughCards`] if the deck cannot give every seat a card
/// (high card) or runs out before an ace (first ace). The deck is unchanged on error.
///
/// # Example
/// ```
/// use holdem_cards::{ButtonDraw, Deck, draw_button};
/// use rand_chacha::ChaCha20Rng;
/// use rand_core::SeedableRng;
///
/// let seats = [1u8, 3, 4, 7]; // seat numbers, clockwise from seat 1
/// let mut deck = Deck::seeded(5);
/// let mut rng = ChaCha20Rng::seed_from_u64(5);
/// let draw = draw_button(ButtonDraw::HighCard, &seats, &[], &mut deck, &mut rng)?;
/// assert!(seats.contains(&draw.button));
/// assert_eq!(draw.dealt.len(), 4); // one card each
/// # Ok::<(), holdem_cards::DeckError>(())
/// ```
pub fn draw_button<S, R>(
    policy: ButtonDraw,
    seats: &[S],
    arrival: &[S],
    deck: &mut Deck,
    rng: &mut R,
) -> Result<ButtonDrawOutcome<S>, DeckError>
where
    S: Copy + PartialEq,
    R: RngCore + ?Sized,
{
    let Some(&first) = seats.first() else {
        return Err(DeckError::NoSeats);
    };
    let mut dealt = DrawCards::new();
    let button = match policy {
        ButtonDraw::SeatOne => first,
        ButtonDraw::FirstSeated => *arrival
            .iter()
            .find(|s| seats.contains(s))
            .ok_or(DeckError::NoArrival)?,
        ButtonDraw::Random => {
            let n = u32::try_from(seats.len()).unwrap_or(u32::MAX);
            // n >= 1: seats is not empty.
            let pick = uniform_below(rng, NonZeroU32::MIN.saturating_add(n - 1));
            seats[pick as usize]
        }
        ButtonDraw::HighCard => {
            if seats.len() > deck.len() {
                return Err(DeckError::NotEnoughCards {
                    needed: seats.len(),
                    left: deck.len(),
                });
            }
            let mut best = (first, Card::ALL[0]);
            for &seat in seats {
                let card = deck.deal()?;
                dealt.push((seat, card));
                // Card order is rank, then suit clubs < diamonds < hearts <
                // spades: exactly the C5 tie-break, and no two cards are equal.
                if card >= best.1 {
                    best = (seat, card);
                }
            }
            best.0
        }
        ButtonDraw::FirstAce => {
            // Work on a copy so the deck is unchanged if it runs out (it cannot
            // with a full deck: four aces are in it).
            let mut draw_deck = deck.clone();
            let mut winner = None;
            'deal: loop {
                for &seat in seats {
                    let Ok(card) = draw_deck.deal() else {
                        break 'deal;
                    };
                    dealt.push((seat, card));
                    if card.rank() == Rank::Ace {
                        winner = Some(seat);
                        break 'deal;
                    }
                }
            }
            let Some(seat) = winner else {
                return Err(DeckError::NotEnoughCards {
                    needed: dealt.len() + 1,
                    left: 0,
                });
            };
            *deck = draw_deck;
            seat
        }
    };
    Ok(ButtonDrawOutcome { button, dealt })
}
