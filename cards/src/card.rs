//! `Rank`, `Suit` and `Card`: the atoms, with their text form (rule C7).

use core::fmt;
use core::str::FromStr;

use crate::ParseCardError;

/// A card rank, `Two` (lowest) to `Ace` (highest).
///
/// The discriminant is the rank's index, 0 for a two up to 12 for an ace, so
/// `Rank as u8` is a dense index usable in tables.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Rank {
    /// 2
    Two = 0,
    /// 3
    Three,
    /// 4
    Four,
    /// 5
    Five,
    /// 6
    Six,
    /// 7
    Seven,
    /// 8
    Eight,
    /// 9
    Nine,
    /// 10, written `T`
    Ten,
    /// Jack
    Jack,
    /// Queen
    Queen,
    /// King
    King,
    /// Ace (high in every category; also low in the wheel straight, rule E3)
    Ace,
}

impl Rank {
    /// All thirteen ranks, lowest first.
    pub const ALL: [Rank; 13] = [
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ace,
    ];

    /// The rank with index `i` (0 = two ... 12 = ace), or `None` past 12.
    pub const fn from_index(i: u8) -> Option<Rank> {
        if i < 13 {
            Some(Rank::ALL[i as usize])
        } else {
            None
        }
    }

    /// The rank's dense index, 0 for a two up to 12 for an ace.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The one-character text form: `2`..`9`, `T`, `J`, `Q`, `K`, `A`.
    pub const fn to_char(self) -> char {
        b"23456789TJQKA"[self as usize] as char
    }

    /// Parses one rank character (case-insensitive for letters).
    pub const fn from_char(c: char) -> Option<Rank> {
        Some(match c {
            '2' => Rank::Two,
            '3' => Rank::Three,
            '4' => Rank::Four,
            '5' => Rank::Five,
            '6' => Rank::Six,
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'T' | 't' => Rank::Ten,
            'J' | 'j' => Rank::Jack,
            'Q' | 'q' => Rank::Queen,
            'K' | 'k' => Rank::King,
            'A' | 'a' => Rank::Ace,
            _ => return None,
        })
    }

    /// The English name, singular ("king") as used in hand descriptions.
    pub const fn name(self) -> &'static str {
        [
            "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack",
            "queen", "king", "ace",
        ][self as usize]
    }

    /// The English plural ("kings", "sixes").
    pub const fn plural(self) -> &'static str {
        [
            "twos", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens",
            "jacks", "queens", "kings", "aces",
        ][self as usize]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// A suit. The order clubs < diamonds < hearts < spades is the bridge order the
/// high-card button draw uses to break ties (rule C5); suits never rank hands (E4).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[repr(u8)]
pub enum Suit {
    /// ♣, written `c`
    Clubs = 0,
    /// ♦, written `d`
    Diamonds,
    /// ♥, written `h`
    Hearts,
    /// ♠, written `s`
    Spades,
}

impl Suit {
    /// All four suits in tie-break order, lowest (clubs) first.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];

    /// The suit with index `i` (0 = clubs ... 3 = spades), or `None` past 3.
    pub const fn from_index(i: u8) -> Option<Suit> {
        if i < 4 {
            Some(Suit::ALL[i as usize])
        } else {
            None
        }
    }

    /// The suit's dense index, 0 for clubs up to 3 for spades.
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The one-character text form: `c`, `d`, `h`, `s`.
    pub const fn to_char(self) -> char {
        b"cdhs"[self as usize] as char
    }

    /// Parses one suit character (case-insensitive).
    pub const fn from_char(c: char) -> Option<Suit> {
        Some(match c {
            'c' | 'C' => Suit::Clubs,
            'd' | 'D' => Suit::Diamonds,
            'h' | 'H' => Suit::Hearts,
            's' | 'S' => Suit::Spades,
            _ => return None,
        })
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.to_char())
    }
}

/// One of the 52 cards, in one byte.
///
/// Invariant: the inner index is `< 52`; it is `rank * 4 + suit`, so cards sort
/// by rank, then suit, and `Card::ALL[i].index() == i`. No value outside the deck
/// can be built (rule C1: no jokers).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

impl Card {
    /// All 52 cards in index order (2c, 2d, 2h, 2s, 3c, ... As).
    pub const ALL: [Card; 52] = {
        let mut all = [Card(0); 52];
        let mut i = 0;
        while i < 52 {
            all[i] = Card(i as u8);
            i += 1;
        }
        all
    };

    /// The card of this rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(rank as u8 * 4 + suit as u8)
    }

    /// The card with dense index `i` (`rank * 4 + suit`), or `None` for `i >= 52`.
    pub const fn from_index(i: u8) -> Option<Card> {
        if i < 52 { Some(Card(i)) } else { None }
    }

    /// The dense index `rank * 4 + suit`, in `0..52`.
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's rank.
    pub const fn rank(self) -> Rank {
        Rank::ALL[(self.0 >> 2) as usize]
    }

    /// The card's suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 & 3) as usize]
    }

    /// The card's bit in a [`crate::CardSet`]: `suit * 16 + rank`.
    pub const fn bit(self) -> u64 {
        // One table read instead of the shifts (a card's index is below 52, so the
        // mask changes nothing; it only lets the read skip its bounds check).
        CARD_BITS[(self.0 & 63) as usize]
    }
}

/// [`Card::bit`] by card index (`rank * 4 + suit`); zero past the 52 cards.
const CARD_BITS: [u64; 64] = {
    let mut bits = [0u64; 64];
    let mut i = 0;
    while i < 52 {
        bits[i] = 1u64 << ((i & 3) * 16 + (i >> 2));
        i += 1;
    }
    bits
};

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank().to_char(), self.suit().to_char())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// Parses `Ah`, `td`, `2c` or `10d` (rule C7). Anything else is an error
    /// naming the position of the bad character.
    fn from_str(s: &str) -> Result<Card, ParseCardError> {
        let (card, used) = crate::parse::parse_card_at(s, 0)?;
        match s[used..].chars().next() {
            None => Ok(card),
            Some(c) => Err(ParseCardError::Trailing {
                position: used,
                found: c,
            }),
        }
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_str(self)
        } else {
            s.serialize_u8(self.0)
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Card, D::Error> {
        use serde::de::Error;
        if d.is_human_readable() {
            let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            s.parse().map_err(D::Error::custom)
        } else {
            let i = u8::deserialize(d)?;
            Card::from_index(i)
                .ok_or_else(|| D::Error::custom(format!("card index {i} is not below 52")))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_is_suit_times_16_plus_rank_for_every_card() {
        let mut seen = 0u64;
        for card in Card::ALL {
            let expected = 1u64 << (card.suit() as u32 * 16 + card.rank() as u32);
            assert_eq!(card.bit(), expected, "{card}");
            assert_eq!(seen & card.bit(), 0, "{card} shares a bit");
            seen |= card.bit();
        }
        assert_eq!(seen.count_ones(), 52);
    }
}
