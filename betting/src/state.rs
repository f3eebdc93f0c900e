//! Plain state types of a hand: streets, seat state, positions, what the hand waits for.

use holdem_cards::Card;
use holdem_pots::{Chips, Seat, SeatSet};

use crate::{MAX_SEATS, PostKind};

/// Seat 0, a filler for unused slots.
pub(crate) const SEAT_0: Seat = match Seat::new(0) {
    Some(seat) => seat,
    None => panic!("seat 0 is a table seat"),
};

/// A betting round (and the board cards that open it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Street {
    /// Before the flop.
    Preflop,
    /// After three board cards.
    Flop,
    /// After the fourth board card.
    Turn,
    /// After the fifth board card.
    River,
}

impl Street {
    /// The next street, `None` after the river.
    #[must_use]
    pub const fn next(self) -> Option<Street> {
        match self {
            Street::Preflop => Some(Street::Flop),
            Street::Flop => Some(Street::Turn),
            Street::Turn => Some(Street::River),
            Street::River => None,
        }
    }

    /// Board cards showing once this street's cards are dealt.
    #[must_use]
    pub const fn board_len(self) -> usize {
        match self {
            Street::Preflop => 0,
            Street::Flop => 3,
            Street::Turn => 4,
            Street::River => 5,
        }
    }
}

impl core::fmt::Display for Street {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Street::Preflop => "pre-flop",
            Street::Flop => "flop",
            Street::Turn => "turn",
            Street::River => "river",
        })
    }
}

/// A player dealt into the hand: seat, stack at the start (B15: table stakes), and
/// whether they sit out (B17: still dealt in and posting, folded facing action).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct Player {
    /// The seat.
    pub seat: Seat,
    /// Chips on the table at the start of the hand.
    pub stack: Chips,
    /// Absent or sitting out (B17).
    pub sitting_out: bool,
}

impl Player {
    /// A present player.
    #[must_use]
    pub const fn new(seat: Seat, stack: Chips) -> Player {
        Player {
            seat,
            stack,
            sitting_out: false,
        }
    }

    /// The same player, sitting out (B17).
    #[must_use]
    pub const fn sitting_out(mut self) -> Player {
        self.sitting_out = true;
        self
    }
}

/// Who has the button and who posts which blind (B2, B4, B18, B19).
///
/// [`Positions::standard`] derives them from the button; a table with a dead button
/// or a dead small blind (B18) or new players posting (B19) builds its own.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct Positions {
    /// The button: may be an empty seat under the dead-button rule (B18).
    pub button: Seat,
    /// The small blind, `None` when it is dead (B18).
    pub small_blind: Option<Seat>,
    /// The big blind.
    pub big_blind: Seat,
    /// New cash players posting a big blind to be dealt in at once (B19).
    pub extra_big_blinds: SeatSet,
    /// Returning players who also post a dead small blind.
    pub dead_blinds: SeatSet,
}

impl Positions {
    /// The standard positions for `players` (seats, any order) and `button`: the small
    /// blind left of the button, the big blind left of it (B2); heads-up the button
    /// posts the small blind (B4). `None` with fewer than two players.
    #[must_use]
    pub fn standard(players: SeatSet, button: Seat) -> Option<Positions> {
        // Counted by bits: fewer than two (at most one bit), exactly two.
        let bits = players.bits();
        let rest = bits & bits.wrapping_sub(1);
        if rest == 0 {
            return None;
        }
        let (small_blind, big_blind) = if rest & rest.wrapping_sub(1) == 0 {
            // B4: heads-up, the button posts the small blind. With the button on an
            // empty seat the first player left of it is the small blind.
            let sb = if players.contains(button) {
                button
            } else {
                next_in(players, button)?
            };
            (sb, next_in(players, sb)?)
        } else {
            let sb = next_in(players, button)?;
            (sb, next_in(players, sb)?)
        };
        Some(Positions {
            button,
            small_blind: Some(small_blind),
            big_blind,
            extra_big_blinds: SeatSet::EMPTY,
            dead_blinds: SeatSet::EMPTY,
        })
    }
}

/// The first seat of `set` strictly clockwise of `from` (wrapping), if any.
#[must_use]
pub(crate) fn next_in(set: SeatSet, from: Seat) -> Option<Seat> {
    let start = from.as_usize();
    let bits = set.bits() & ((1u32 << MAX_SEATS) - 1);
    if start >= MAX_SEATS {
        // Not a table seat: the scan from it, as the seat-by-seat definition reads.
        return (1..=MAX_SEATS)
            .map(|i| (start + i) % MAX_SEATS)
            .find(|&i| bits & (1 << i) != 0)
            .and_then(|i| Seat::new(i as u8));
    }
    // Seats after `from` first; else, wrapping, the lowest (`from` itself last).
    let after = bits & !((2u32 << start) - 1);
    let pick = if after != 0 { after } else { bits };
    if pick == 0 {
        return None;
    }
    Seat::new(pick.trailing_zeros() as u8)
}

/// What the hand waits for next.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Pending {
    /// A forced bet (B2, B5) of exactly `amount` (less than the size only all-in).
    Post {
        /// The seat that must post.
        seat: Seat,
        /// Which forced bet.
        kind: PostKind,
        /// The amount.
        amount: Chips,
    },
    /// Hole cards; `seat` is the next in dealing order (C3), but any undealt seat may
    /// be dealt.
    HoleCards {
        /// The next seat in dealing order.
        seat: Seat,
    },
    /// The board cards of `street` (a burn may come first, C4).
    Board {
        /// The street to deal.
        street: Street,
    },
    /// A player's action (or time-out).
    Action {
        /// The seat to act.
        seat: Seat,
    },
    /// A show or muck at showdown (B21).
    Showdown {
        /// The seat to show or muck.
        seat: Seat,
    },
    /// Nothing: the hand is complete.
    Complete,
}

impl core::fmt::Display for Pending {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Pending::Post { seat, kind, amount } => write!(f, "{seat} to post {kind:?} {amount}"),
            Pending::HoleCards { seat } => write!(f, "hole cards for {seat}"),
            Pending::Board { street } => write!(f, "the {street} cards"),
            Pending::Action { seat } => write!(f, "{seat} to act"),
            Pending::Showdown { seat } => write!(f, "{seat} to show or muck"),
            Pending::Complete => f.write_str("nothing (complete)"),
        }
    }
}

/// A seat's standing in the hand.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum SeatStatus {
    /// Not dealt into this hand.
    Empty,
    /// In the hand with chips behind: can still act.
    Active,
    /// In the hand, taking no further part in the betting (no chips behind, or B16
    /// all-in protection).
    AllIn,
    /// Out of the hand.
    Folded,
}

/// Internal per-seat state. Amounts are raw `u64` chips for terse arithmetic.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub(crate) struct SeatState {
    pub status: SeatStatus,
    pub starting: u64,
    pub stack: u64,
    /// Live chips in front of the seat on this street (count toward calls).
    pub street_bet: u64,
    /// Everything put in this hand (returned uncalled chips deducted).
    pub total: u64,
    /// The dead-money part of `total` (big-blind ante, dead blind).
    pub dead: u64,
    /// The current bet when the seat last acted in this round (B12 reopening test);
    /// read only while the seat's bit in `Hand::acted` is set (stale otherwise).
    pub acted_at: u64,
    pub protected: bool,
    pub sitting_out: bool,
    pub hole: [Option<Card>; 2],
    pub dealt: bool,
    pub shown: bool,
    pub mucked: bool,
    /// The showdown rank (raw `HandRank`), computed while validating the input that
    /// completes the board or shows the cards, so settlement cannot fail later.
    pub rank: Option<u16>,
}

impl SeatState {
    pub(crate) const EMPTY: SeatState = SeatState {
        status: SeatStatus::Empty,
        starting: 0,
        stack: 0,
        street_bet: 0,
        total: 0,
        dead: 0,
        acted_at: 0,
        protected: false,
        sitting_out: false,
        hole: [None; 2],
        dealt: false,
        shown: false,
        mucked: false,
        rank: None,
    };

    pub(crate) fn in_hand(&self) -> bool {
        matches!(self.status, SeatStatus::Active | SeatStatus::AllIn)
    }

    /// Puts `amount` from the stack in front of the seat as a live bet.
    pub(crate) fn put_live(&mut self, amount: u64) {
        self.stack -= amount;
        self.street_bet += amount;
        self.total += amount;
        if self.stack == 0 {
            self.status = SeatStatus::AllIn;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_in_by_bits_is_the_clockwise_scan_for_every_set_and_seat() {
        for bits in 0u32..1 << MAX_SEATS {
            let set = SeatSet::from_bits(bits).expect("table seats");
            for from in 0..MAX_SEATS as u8 {
                let from = Seat::new(from).expect("seat");
                let scan = (1..=MAX_SEATS)
                    .map(|i| (from.as_usize() + i) % MAX_SEATS)
                    .find(|&i| bits & (1 << i) != 0)
                    .and_then(|i| Seat::new(i as u8));
                assert_eq!(next_in(set, from), scan, "set {bits:#b} from {from:?}");
            }
        }
    }
}
