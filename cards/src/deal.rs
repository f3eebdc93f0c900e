//! The order of a hand's deal (rules C3, C4), and dealing a [`Deck`] in that order.

use arrayvec::ArrayVec;

use crate::{Card, Deck, DeckError};

/// The most seats one deck can deal a full hand to in this crate's order (rule C4):
/// `2 * 22` hole cards, 3 burns and 5 board cards use all 52 cards; a 23rd seat
/// would need 54.
///
/// This is the dealing limit. The chip-accounting limit, `holdem_pots::MAX_POT_SEATS`,
/// is 23 (a deal with no burns, `2 * 23 + 5 = 51` cards, is the most any hold'em
/// deal reaches) so that every dealt hand, burned or not, fits its tables; the
/// betting crate's hands hold at most 10 seats, what a real table has.
pub const MAX_HAND_SEATS: usize = 22;

/// The fewest seats in a hand (heads-up).
pub const MIN_HAND_SEATS: usize = 2;

/// A board street, the part of the deal between two betting rounds.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum BoardStreet {
    /// A burn, then three board cards.
    Flop,
    /// A burn, then the fourth board card.
    Turn,
    /// A burn, then the fifth board card.
    River,
}

impl BoardStreet {
    /// The three streets in deal order.
    pub const ALL: [BoardStreet; 3] = [BoardStreet::Flop, BoardStreet::Turn, BoardStreet::River];

    /// The steps that deal this street: one burn, then its board cards (rule C4).
    ///
    /// ```
    /// use holdem_cards::{BoardStreet, DealStep};
    /// assert_eq!(
    ///     BoardStreet::Turn.steps(),
    ///     &[DealStep::Burn { index: 1 }, DealStep::Board { index: 3 }]
    /// );
    /// ```
    pub const fn steps(self) -> &'static [DealStep] {
        match self {
            BoardStreet::Flop => {
                const FLOP: [DealStep; 4] = [
                    DealStep::Burn { index: 0 },
                    DealStep::Board { index: 0 },
                    DealStep::Board { index: 1 },
                    DealStep::Board { index: 2 },
                ];
                &FLOP
            }
            BoardStreet::Turn => {
                const TURN: [DealStep; 2] =
                    [DealStep::Burn { index: 1 }, DealStep::Board { index: 3 }];
                &TURN
            }
            BoardStreet::River => {
                const RIVER: [DealStep; 2] =
                    [DealStep::Burn { index: 2 }, DealStep::Board { index: 4 }];
                &RIVER
            }
        }
    }
}

/// One card movement of a hand's deal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum DealStep {
    /// A hole card, face down, to `seat` (the index in the hand's clockwise seat
    /// list, `0..seats`); `round` is 0 for the first card, 1 for the second.
    Hole {
        /// Index of the receiving seat in the hand's clockwise seat list.
        seat: usize,
        /// 0 for each player's first card, 1 for the second.
        round: u8,
    },
    /// A burn card (rule C4): `index` 0 before the flop, 1 before the turn, 2
    /// before the river.
    Burn {
        /// 0, 1 or 2: which burn of the hand.
        index: u8,
    },
    /// A board card face up: `index` 0-2 are the flop, 3 the turn, 4 the river.
    Board {
        /// 0 to 4: position on the board.
        index: u8,
    },
}

impl DealStep {
    /// The board street this step belongs to, or `None` for a hole card.
    pub const fn street(self) -> Option<BoardStreet> {
        match self {
            DealStep::Hole { .. } => None,
            DealStep::Burn { index: 0 } | DealStep::Board { index: 0..=2 } => {
                Some(BoardStreet::Flop)
            }
            DealStep::Burn { index: 1 } | DealStep::Board { index: 3 } => Some(BoardStreet::Turn),
            DealStep::Burn { .. } | DealStep::Board { .. } => Some(BoardStreet::River),
        }
    }
}

/// The full order of one hand's deal, as an iterator of [`DealStep`]s; built by
/// [`deal_order`]. It allocates nothing and knows its length (`2 * seats + 8`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DealOrder {
    seats: u8,
    button: u8,
    step: u8,
}

/// The order of a whole hand's deal for `seats` players in clockwise order
/// (indices `0..seats`) with the button at index `button`.
///
/// - Hole cards (rule C3): one at a time, clockwise, starting with the seat
///   left of the button (`button + 1`), the button receiving the last card of
///   each round; two rounds. Heads-up this gives the first card to the big
///   blind, the non-button seat, with no special case: the button posts the
///   small blind heads-up, and the seat left of it is the big blind.
/// - Board (rule C4): burn, three flop cards, burn, the turn, burn, the river
///   (see [`BoardStreet::steps`] to deal one street between betting rounds).
///
/// Seats are positions in the hand (players dealt in), not table seat numbers:
/// a caller maps index `i` to its `i`-th occupied seat clockwise.
///
/// # Errors
/// [`DeckError::SeatCount`] outside `2..=22` seats (a 23rd player cannot be
/// dealt burns and a board from one deck), [`DeckError::ButtonOutOfRange`]
/// when `button >= seats`.
///
/// # Example
/// ```
/// use holdem_cards::{DealStep, deal_order};
///
/// // Three players, button at index 2: seat 0 (small blind) gets the first card.
/// let order: Vec<DealStep> = deal_order(3, 2)?.collect();
/// assert_eq!(order[0], DealStep::Hole { seat: 0, round: 0 });
/// assert_eq!(order[2], DealStep::Hole { seat: 2, round: 0 }); // button last
/// assert_eq!(order[6], DealStep::Burn { index: 0 });
/// assert_eq!(order.len(), 2 * 3 + 8);
/// # Ok::<(), holdem_cards::DeckError>(())
/// ```
pub fn deal_order(seats: usize, button: usize) -> Result<DealOrder, DeckError> {
    check_seats(seats, button)?;
    // seats <= 22 and button < seats, so both fit in u8.
    Ok(DealOrder {
        seats: seats as u8,
        button: button as u8,
        step: 0,
    })
}

fn check_seats(seats: usize, button: usize) -> Result<(), DeckError> {
    if !(MIN_HAND_SEATS..=MAX_HAND_SEATS).contains(&seats) {
        return Err(DeckError::SeatCount {
            seats,
            min: MIN_HAND_SEATS,
            max: MAX_HAND_SEATS,
        });
    }
    if button >= seats {
        return Err(DeckError::ButtonOutOfRange { button, seats });
    }
    Ok(())
}

impl DealOrder {
    /// The seat index receiving hole card number `k` (`0..2 * seats`) of the deal.
    const fn hole_seat(&self, k: u8) -> usize {
        (self.button as usize + 1 + (k % self.seats) as usize) % self.seats as usize
    }

    /// The number of hole-card steps, `2 * seats`; the board steps follow them.
    pub const fn hole_steps(&self) -> usize {
        2 * self.seats as usize
    }

    fn total(&self) -> u8 {
        2 * self.seats + 8
    }
}

/// The eight board steps of every hand, in order (rule C4).
const BOARD: [DealStep; 8] = [
    DealStep::Burn { index: 0 },
    DealStep::Board { index: 0 },
    DealStep::Board { index: 1 },
    DealStep::Board { index: 2 },
    DealStep::Burn { index: 1 },
    DealStep::Board { index: 3 },
    DealStep::Burn { index: 2 },
    DealStep::Board { index: 4 },
];

impl Iterator for DealOrder {
    type Item = DealStep;

    fn next(&mut self) -> Option<DealStep> {
        let step = self.step;
        let holes = 2 * self.seats;
        let item = if step < holes {
            DealStep::Hole {
                seat: self.hole_seat(step),
                round: step / self.seats,
            }
        } else {
            *BOARD.get((step - holes) as usize)?
        };
        self.step += 1;
        Some(item)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.total().saturating_sub(self.step) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for DealOrder {}

/// Hole cards by seat index: `hole[i]` is seat `i`'s two cards, first card first.
pub type HoleCards = ArrayVec<[Card; 2], MAX_HAND_SEATS>;

/// Deals the hole cards of a hand from `deck` in the order of [`deal_order`]
/// (rule C3): one at a time from the seat left of the button, two rounds.
///
/// # Errors
/// The errors of [`deal_order`], or [`DeckError::NotEnoughCards`] when the deck
/// has fewer than `2 * seats` cards; the deck is unchanged on error.
///
/// ```
/// use holdem_cards::{Deck, deal_hole_cards};
///
/// let mut deck = Deck::seeded(42);
/// let hole = deal_hole_cards(&mut deck, 6, 0)?;
/// assert_eq!(hole.len(), 6);
/// assert_eq!(deck.len(), 52 - 12);
/// # Ok::<(), holdem_cards::DeckError>(())
/// ```
pub fn deal_hole_cards(
    deck: &mut Deck,
    seats: usize,
    button: usize,
) -> Result<HoleCards, DeckError> {
    let order = deal_order(seats, button)?;
    let needed = 2 * seats;
    if deck.len() < needed {
        return Err(DeckError::NotEnoughCards {
            needed,
            left: deck.len(),
        });
    }
    let mut cards = [Card::ALL[0]; 2 * MAX_HAND_SEATS];
    deck.deal_into(&mut cards[..needed])?;
    let mut hole: HoleCards = ArrayVec::new();
    for _ in 0..seats {
        hole.push([Card::ALL[0]; 2]);
    }
    for (step, card) in order.zip(&cards[..needed]) {
        if let DealStep::Hole { seat, round } = step {
            hole[seat][round as usize] = *card;
        }
    }
    Ok(hole)
}

/// Every card of one hand, dealt in the order of [`deal_order`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DealtHand {
    /// Hole cards by seat index.
    pub hole: HoleCards,
    /// The three burn cards, before the flop, turn and river (rule C4).
    pub burns: [Card; 3],
    /// The five board cards: flop, turn, river.
    pub board: [Card; 5],
}

/// Deals a whole hand from `deck`: hole cards, then burn, flop, burn, turn,
/// burn, river (rules C3, C4). For simulations and tests; a live table deals
/// street by street between betting rounds with [`BoardStreet::steps`].
///
/// # Errors
/// The errors of [`deal_order`], or [`DeckError::NotEnoughCards`] when the deck
/// has fewer than `2 * seats + 8` cards; the deck is unchanged on error.
pub fn deal_hand(deck: &mut Deck, seats: usize, button: usize) -> Result<DealtHand, DeckError> {
    check_seats(seats, button)?;
    let needed = 2 * seats + BOARD.len();
    if deck.len() < needed {
        return Err(DeckError::NotEnoughCards {
            needed,
            left: deck.len(),
        });
    }
    let hole = deal_hole_cards(deck, seats, button)?;
    let mut burns = [Card::ALL[0]; 3];
    let mut board = [Card::ALL[0]; 5];
    for step in BOARD {
        match step {
            DealStep::Burn { index } => burns[index as usize] = deck.burn()?,
            DealStep::Board { index } => board[index as usize] = deck.deal()?,
            DealStep::Hole { .. } => {}
        }
    }
    Ok(DealtHand { hole, burns, board })
}
