//! Redacted views of a hand: what one player may see, and what everyone may see.

use holdem_cards::Card;
use holdem_pots::{Chips, Seat};

use crate::{Hand, LegalActions, MAX_SEATS, Pending, SeatStatus, Street};

/// One seat as a viewer may see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct SeatView {
    /// The seat.
    pub seat: Seat,
    /// In, all-in or folded.
    pub status: SeatStatus,
    /// Chips behind.
    pub stack: Chips,
    /// Live bet on this street.
    pub street_bet: Chips,
    /// Everything put in this hand.
    pub contributed: Chips,
    /// The hole cards, only where the viewer may see them (own cards, or shown).
    pub hole_cards: Option<[Option<Card>; 2]>,
    /// Sitting out (B17).
    pub sitting_out: bool,
}

/// What a viewer sees of a hand: never the deck, never hidden hole cards.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct HandView {
    /// The seat whose view this is; `None` for the public view.
    pub viewer: Option<Seat>,
    /// The street.
    pub street: Street,
    /// The button.
    pub button: Seat,
    /// Board cards dealt (`None` past `board_len`, or unknown).
    pub board: [Option<Card>; 5],
    /// How many board cards are dealt.
    pub board_len: u8,
    /// Everything in the middle, current bets included.
    pub pot: Chips,
    /// The bet to call on this street.
    pub current_bet: Chips,
    /// What the hand waits for.
    pub pending: Pending,
    /// Every seat in the hand, by index.
    pub seats: [Option<SeatView>; MAX_SEATS],
    /// The viewer's legal actions when it is their turn.
    pub legal: Option<LegalActions>,
}

impl<E> Hand<E> {
    /// The hand as `seat` may see it: its own hole cards, others' only once shown.
    #[must_use]
    pub fn view_for(&self, seat: Seat) -> HandView {
        self.view(Some(seat))
    }

    /// The hand as a spectator may see it: hole cards only once shown.
    #[must_use]
    pub fn public_view(&self) -> HandView {
        self.view(None)
    }

    fn view(&self, viewer: Option<Seat>) -> HandView {
        let mut seats = [None; MAX_SEATS];
        for seat in self.players.iter() {
            let st = &self.seats[seat.as_usize()];
            let visible = st.shown || viewer == Some(seat);
            seats[seat.as_usize()] = Some(SeatView {
                seat,
                status: st.status,
                stack: Chips(st.stack),
                street_bet: Chips(st.street_bet),
                contributed: Chips(st.total),
                hole_cards: visible.then_some(st.hole),
                sitting_out: st.sitting_out,
            });
        }
        let legal = self
            .legal_actions()
            .filter(|l| viewer.is_some_and(|v| v == l.seat));
        HandView {
            viewer,
            street: self.street,
            button: self.positions.button,
            board: self.board,
            board_len: self.board_len,
            pot: self.pot_total(),
            current_bet: Chips(self.current_bet),
            pending: self.pending(),
            seats,
            legal,
        }
    }
}
