//! A copyable form of an [`ActionKind`] ([`CompactAction`]): what replay reads
//! action by action. It holds the same action, cards packed a byte a card,
//! in 16 bytes and without drop glue; an [`ActionKind`] is 24 bytes and, holding
//! `ArrayVec`s, is neither `Copy` nor free to drop. The native decoder writes it
//! directly ([`super::native::ActionRecord`]), and replay copies it out of the list
//! and matches on it by value.

use std::fmt;

use arrayvec::ArrayVec;
use holdem_cards::Card;

use super::model::{ActionKind, ActionKindOf, Cards, MaybeCard, Shown, ShownOf};

/// The byte of a card not shown (`??`), and of every place after the last card.
const UNKNOWN: u8 = 52;

/// Up to five cards of a deal or show, some possibly unknown, a byte a card (its
/// index `rank * 4 + suit`): copyable, 6 bytes. The places after the last card read
/// as unknown, so the first two or three cards are read with no length check.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct CompactCards {
    len: u8,
    /// Each card's index, or [`UNKNOWN`] for `??` and after the first `len`.
    bytes: [u8; 5],
}

impl CompactCards {
    /// The first `len` of `bytes`, each a card index (below 52) or 52 for an
    /// unknown card (`??`), as a native frame writes them. The caller has checked
    /// that `len` is at most five and each of the first `len` bytes at most 52; the
    /// other bytes are ignored.
    #[inline(always)]
    pub(crate) fn from_checked_bytes(len: u8, bytes: [u8; 5]) -> CompactCards {
        let mut packed = [UNKNOWN; 5];
        for (i, (slot, b)) in packed.iter_mut().zip(bytes).enumerate() {
            if i < usize::from(len) {
                *slot = b;
            }
        }
        CompactCards { len, bytes: packed }
    }

    /// `N` (at most five) known cards, by index (each below 52: checked by the
    /// caller).
    #[inline(always)]
    pub(crate) fn known<const N: usize>(indices: [u8; N]) -> CompactCards {
        let mut bytes = [UNKNOWN; 5];
        for (slot, b) in bytes.iter_mut().zip(indices) {
            *slot = b;
        }
        CompactCards {
            len: N as u8,
            bytes,
        }
    }

    /// How many cards.
    #[inline]
    pub fn len(self) -> usize {
        usize::from(self.len)
    }

    /// No cards at all.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The first two cards, as the engine takes hole cards (`None` for an unknown
    /// card, or where there are fewer than two).
    #[inline(always)]
    pub fn first_two(self) -> [MaybeCard; 2] {
        [
            Card::from_index(self.bytes[0]),
            Card::from_index(self.bytes[1]),
        ]
    }

    /// The first three cards (`None` for an unknown card, or where there are fewer
    /// than three).
    #[inline(always)]
    pub fn first_three(self) -> [MaybeCard; 3] {
        [
            Card::from_index(self.bytes[0]),
            Card::from_index(self.bytes[1]),
            Card::from_index(self.bytes[2]),
        ]
    }

    /// The cards as a [`Cards`] list.
    pub fn to_cards(self) -> Cards {
        // Filled as a plain array and cut to length: no length update per card.
        let mut cards = ArrayVec::from(self.bytes.map(Card::from_index));
        cards.truncate(self.len());
        Cards(cards)
    }
}

impl From<&Cards> for CompactCards {
    /// (Inline, with the common lists one slice pattern each: replay converts each
    /// action of a typed history as it reads it.)
    #[inline]
    fn from(cards: &Cards) -> CompactCards {
        let index = |c: &MaybeCard| c.map_or(UNKNOWN, Card::index);
        let mut bytes = [UNKNOWN; 5];
        match cards.0.as_slice() {
            [a, b] => [bytes[0], bytes[1]] = [index(a), index(b)],
            [a, b, c] => [bytes[0], bytes[1], bytes[2]] = [index(a), index(b), index(c)],
            [a] => bytes[0] = index(a),
            list => {
                for (slot, c) in bytes.iter_mut().zip(list) {
                    *slot = index(c);
                }
            }
        }
        CompactCards {
            // `Cards` holds at most five.
            len: cards.len() as u8,
            bytes,
        }
    }
}

impl fmt::Display for CompactCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_cards().fmt(f)
    }
}

impl fmt::Debug for CompactCards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CompactCards({self})")
    }
}

/// What a player shows at showdown ([`Shown`]), copyable: its cards packed.
pub type CompactShown = ShownOf<CompactCards>;

impl CompactShown {
    /// As a [`Shown`].
    pub fn to_shown(self) -> Shown {
        self.map_cards(|cards| cards.to_cards())
    }
}

/// One entry of the `actions` array ([`ActionKind`]), copyable and 16 bytes: the
/// same variants and fields, cards packed ([`CompactCards`]).
pub type CompactAction = ActionKindOf<CompactCards>;

impl From<&ActionKind> for CompactAction {
    #[inline(always)]
    fn from(kind: &ActionKind) -> CompactAction {
        kind.map_cards(|cards| CompactCards::from(cards))
    }
}

impl CompactAction {
    /// As an [`ActionKind`].
    pub fn to_kind(self) -> ActionKind {
        self.map_cards(|cards| cards.to_cards())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Player;

    /// Every card list of up to five cards, known or not, packs and unpacks to
    /// itself, and its first two and three cards read as the list's.
    #[test]
    fn cards_round_trip_through_the_packed_form() {
        let picks: [MaybeCard; 4] = [
            None,
            Card::from_index(0),
            Card::from_index(27),
            Card::from_index(51),
        ];
        for len in 0..=5usize {
            for code in 0..4usize.pow(len as u32) {
                let mut cards = Cards::default();
                let mut c = code;
                for _ in 0..len {
                    cards.0.push(picks[c % 4]);
                    c /= 4;
                }
                let packed = CompactCards::from(&cards);
                assert_eq!(packed.to_cards(), cards);
                assert_eq!(packed.len(), len);
                assert_eq!(packed.to_string(), cards.to_string());
                let nth = |i: usize| cards.0.get(i).copied().flatten();
                assert_eq!(packed.first_two(), [nth(0), nth(1)]);
                assert_eq!(packed.first_three(), [nth(0), nth(1), nth(2)]);
                let bytes: Vec<u8> = cards.0.iter().map(|c| c.map_or(52, Card::index)).collect();
                let mut five = [7; 5];
                five[..len].copy_from_slice(&bytes);
                assert_eq!(CompactCards::from_checked_bytes(len as u8, five), packed);
            }
        }
    }

    /// Every kind of action converts to the compact form and back unchanged.
    #[test]
    fn actions_round_trip_through_the_compact_form() {
        let cards = |n: u8| Cards((0..n).map(|i| Card::from_index(i * 9)).collect());
        let kinds = [
            ActionKind::DealHole {
                player: Player(3),
                cards: cards(2),
            },
            ActionKind::DealHole {
                player: Player(31),
                cards: Cards::default(),
            },
            ActionKind::DealBoard { cards: cards(3) },
            ActionKind::DealBoard { cards: cards(5) },
            ActionKind::Fold { player: Player(1) },
            ActionKind::CheckCall { player: Player(0) },
            ActionKind::BetRaiseTo {
                player: Player(22),
                amount: u64::MAX,
            },
            ActionKind::ShowMuck {
                player: Player(2),
                shown: Shown::Muck,
            },
            ActionKind::ShowMuck {
                player: Player(2),
                shown: Shown::AsDealt,
            },
            ActionKind::ShowMuck {
                player: Player(4),
                shown: Shown::Cards(cards(4)),
            },
            ActionKind::NoOp,
        ];
        for kind in kinds {
            assert_eq!(CompactAction::from(&kind).to_kind(), kind);
        }
        assert_eq!(std::mem::size_of::<CompactAction>(), 16);
    }
}
