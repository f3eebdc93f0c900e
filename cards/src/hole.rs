//! [`Hole`]: one player's two hole cards, with their text form (`AhKh`, `Ah Kh`).

use core::fmt;
use core::str::FromStr;

use crate::parse::for_each_card;
use crate::{Card, CardSet, ParseCardError};

/// One player's two hole cards: two distinct cards, kept in the order given.
///
/// Parses from text such as `AhKh`, `Ah Kh` or `Ah,Kh` (the card syntax of
/// [`crate::parse_cards`]); anything else is a [`ParseHoleError`] naming the
/// position of the problem. Prints as the two cards without a space.
///
/// ```
/// use holdem_cards::{Card, Hole, ParseHoleError};
///
/// let hole: Hole = "AhKh".parse()?;
/// let [a, b]: [Card; 2] = hole.into();
/// assert_eq!((a.to_string(), b.to_string()), ("Ah".into(), "Kh".into()));
/// assert_eq!(hole.to_string(), "AhKh");
/// assert_eq!("AhKhQh".parse::<Hole>(), Err(ParseHoleError::TooManyCards { position: 4 }));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hole([Card; 2]);

impl Hole {
    /// The hole cards `a` and `b`, or `None` when they are the same card.
    pub const fn new(a: Card, b: Card) -> Option<Hole> {
        if a.index() == b.index() {
            None
        } else {
            Some(Hole([a, b]))
        }
    }

    /// The two cards, in the order given.
    pub const fn cards(self) -> [Card; 2] {
        self.0
    }

    /// The two cards as a set.
    pub const fn set(self) -> CardSet {
        match CardSet::from_bits(self.0[0].bit() | self.0[1].bit()) {
            Some(s) => s,
            None => CardSet::EMPTY,
        }
    }
}

impl From<Hole> for [Card; 2] {
    fn from(hole: Hole) -> [Card; 2] {
        hole.0
    }
}

impl TryFrom<[Card; 2]> for Hole {
    type Error = ParseHoleError;

    /// [`ParseHoleError::SameCard`] (at position 0) when both cards are the same.
    fn try_from([a, b]: [Card; 2]) -> Result<Hole, ParseHoleError> {
        Hole::new(a, b).ok_or(ParseHoleError::SameCard {
            card: a,
            position: 0,
        })
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.0[0], self.0[1])
    }
}

/// Text that is not exactly two distinct cards. Positions are byte offsets into
/// the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseHoleError {
    /// A card in the text is malformed.
    #[error(transparent)]
    Card(#[from] ParseCardError),
    /// Fewer than two cards.
    #[error("hole cards are two cards, found {found}")]
    TooFewCards {
        /// How many cards the text holds.
        found: usize,
    },
    /// A third card.
    #[error("hole cards are two cards: a third card starts at position {position}")]
    TooManyCards {
        /// Byte offset of the third card.
        position: usize,
    },
    /// The same card twice.
    #[error("card {card} appears twice (second time at position {position}; rule C1)")]
    SameCard {
        /// The repeated card.
        card: Card,
        /// Byte offset of the second occurrence.
        position: usize,
    },
}

/// Parses two distinct hole cards (`AhKh`, `Ah Kh`); see [`Hole`].
pub fn parse_hole(s: &str) -> Result<[Card; 2], ParseHoleError> {
    s.parse::<Hole>().map(Hole::cards)
}

impl FromStr for Hole {
    type Err = ParseHoleError;

    fn from_str(s: &str) -> Result<Hole, ParseHoleError> {
        let mut cards: [Option<Card>; 2] = [None; 2];
        let mut n = 0;
        let mut extra = None;
        let mut same = None;
        for_each_card(s, |card, position| {
            match n {
                0 => cards[0] = Some(card),
                1 if cards[0] == Some(card) => {
                    same.get_or_insert((card, position));
                }
                1 => cards[1] = Some(card),
                _ => {
                    extra.get_or_insert(position);
                }
            }
            n += 1;
            Ok(())
        })?;
        if let Some((card, position)) = same {
            return Err(ParseHoleError::SameCard { card, position });
        }
        if let Some(position) = extra {
            return Err(ParseHoleError::TooManyCards { position });
        }
        match cards {
            [Some(a), Some(b)] => Ok(Hole([a, b])),
            _ => Err(ParseHoleError::TooFewCards { found: n }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c7_hole_cards_parse_in_any_grouping_and_print_back() {
        for text in ["AhKh", "Ah Kh", "Ah,Kh", " ah kh "] {
            let hole: Hole = text.parse().unwrap();
            assert_eq!(hole.to_string(), "AhKh", "{text}");
        }
        let [a, b] = parse_hole("Td9c").unwrap();
        assert_eq!((a.to_string(), b.to_string()), ("Td".into(), "9c".into()));
    }

    #[test]
    fn c7_bad_hole_cards_are_errors_with_positions() {
        assert_eq!(
            "Ah".parse::<Hole>(),
            Err(ParseHoleError::TooFewCards { found: 1 })
        );
        assert_eq!(
            "".parse::<Hole>(),
            Err(ParseHoleError::TooFewCards { found: 0 })
        );
        assert_eq!(
            "Ah Kh Qh".parse::<Hole>(),
            Err(ParseHoleError::TooManyCards { position: 6 })
        );
        assert_eq!(
            "Ah Ah".parse::<Hole>(),
            Err(ParseHoleError::SameCard {
                card: "Ah".parse().unwrap(),
                position: 3
            })
        );
        assert_eq!(
            "Ah Kx".parse::<Hole>(),
            Err(ParseHoleError::Card(ParseCardError::BadSuit {
                position: 4,
                found: 'x'
            }))
        );
        let [a, _] = parse_hole("AhKh").unwrap();
        assert!(Hole::try_from([a, a]).is_err());
        assert!(Hole::new(a, a).is_none());
    }
}
