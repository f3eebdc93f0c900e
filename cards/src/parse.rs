//! Text parsing for cards and card lists (rule C7). Never panics.

use crate::{Card, CardSet, Rank, Suit};

/// A card or card list that is not valid text. Positions are byte offsets into
/// the input, so a caller can point at the bad character.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCardError {
    /// The input ended where a rank or suit was expected.
    #[error("unexpected end of card text at position {position}: expected {expected}")]
    UnexpectedEnd {
        /// Byte offset where more text was expected.
        position: usize,
        /// What was expected there ("a rank" or "a suit").
        expected: &'static str,
    },
    /// A character that is not a rank (`2`-`9`, `T`, `J`, `Q`, `K`, `A`, or `10`).
    #[error("bad rank {found:?} at position {position}: expected 2-9, T, J, Q, K or A")]
    BadRank {
        /// Byte offset of the bad character.
        position: usize,
        /// The character found.
        found: char,
    },
    /// A character that is not a suit (`c`, `d`, `h`, `s`).
    #[error("bad suit {found:?} at position {position}: expected c, d, h or s")]
    BadSuit {
        /// Byte offset of the bad character.
        position: usize,
        /// The character found.
        found: char,
    },
    /// Text left over after a complete card.
    #[error("unexpected {found:?} at position {position} after a complete card")]
    Trailing {
        /// Byte offset of the first extra character.
        position: usize,
        /// The character found.
        found: char,
    },
    /// The same card twice in one list.
    #[error("card {card} appears twice (second time at position {position})")]
    Duplicate {
        /// The repeated card.
        card: Card,
        /// Byte offset of the second occurrence.
        position: usize,
    },
}

/// Parses one card starting at byte `at`; returns it and the offset just past it.
pub(crate) fn parse_card_at(s: &str, at: usize) -> Result<(Card, usize), ParseCardError> {
    let rest = s.get(at..).unwrap_or("");
    let mut chars = rest.chars();
    let Some(r) = chars.next() else {
        return Err(ParseCardError::UnexpectedEnd {
            position: at,
            expected: "a rank",
        });
    };
    let (rank, mut pos) = if r == '1' {
        // "10" is accepted on input as a ten.
        match chars.next() {
            Some('0') => (Rank::Ten, at + 2),
            Some(c) => {
                return Err(ParseCardError::BadRank {
                    position: at + 1,
                    found: c,
                });
            }
            None => {
                return Err(ParseCardError::UnexpectedEnd {
                    position: at + 1,
                    expected: "a rank",
                });
            }
        }
    } else {
        match Rank::from_char(r) {
            Some(rank) => (rank, at + r.len_utf8()),
            None => {
                return Err(ParseCardError::BadRank {
                    position: at,
                    found: r,
                });
            }
        }
    };
    let Some(sc) = s.get(pos..).and_then(|t| t.chars().next()) else {
        return Err(ParseCardError::UnexpectedEnd {
            position: pos,
            expected: "a suit",
        });
    };
    let Some(suit) = Suit::from_char(sc) else {
        return Err(ParseCardError::BadSuit {
            position: pos,
            found: sc,
        });
    };
    pos += sc.len_utf8();
    Ok((Card::new(rank, suit), pos))
}

/// Calls `f` for each card in a list such as `AhKd`, `Ah Kd` or `Ah,Kd`
/// (spaces and commas separate; separators are optional).
pub(crate) fn for_each_card(
    s: &str,
    mut f: impl FnMut(Card, usize) -> Result<(), ParseCardError>,
) -> Result<(), ParseCardError> {
    let mut at = 0;
    while at < s.len() {
        let c = s[at..].chars().next().unwrap_or(' ');
        if c.is_whitespace() || c == ',' {
            at += c.len_utf8();
            continue;
        }
        let (card, next) = parse_card_at(s, at)?;
        f(card, at)?;
        at = next;
    }
    Ok(())
}

/// Parses a card list (`AhKd`, `Ah Kd`) into a `Vec`, keeping the order and
/// rejecting duplicates.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, ParseCardError> {
    let mut seen = CardSet::EMPTY;
    let mut out = Vec::new();
    for_each_card(s, |card, position| {
        if seen.contains(card) {
            return Err(ParseCardError::Duplicate { card, position });
        }
        seen.insert(card);
        out.push(card);
        Ok(())
    })?;
    Ok(out)
}
