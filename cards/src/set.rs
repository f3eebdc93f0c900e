//! `CardSet`: a set of cards in one 64-bit word.

use core::fmt;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, Not, Sub};
use core::str::FromStr;

use crate::{Card, ParseCardError, Rank, Suit};

/// A set of distinct cards as a 64-bit mask.
///
/// Layout: bit `suit * 16 + rank` (ranks 0..13 in each 16-bit lane), so
/// [`CardSet::suit_mask`] is a shift and a mask, which evaluators use to find
/// flushes and straights without loops. Invariant: only the 52 card bits
/// (`CardSet::FULL`) are ever set. Union, intersection, count, `contains` and
/// iteration are single instructions or a loop over set bits; nothing allocates.
///
/// With the `serde` feature a set is its text (`"AsKh7d"`) in human-readable
/// formats (JSON, TOML) and its `u64` bits in binary ones (postcard).
#[derive(Copy, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardSet(u64);

const LANE: u64 = 0x1fff;

impl CardSet {
    /// The empty set.
    pub const EMPTY: CardSet = CardSet(0);
    /// All 52 cards.
    pub const FULL: CardSet = CardSet(LANE | LANE << 16 | LANE << 32 | LANE << 48);

    /// The set with exactly these raw bits, or `None` if a bit outside the 52
    /// card positions is set.
    pub const fn from_bits(bits: u64) -> Option<CardSet> {
        if bits & !CardSet::FULL.0 == 0 {
            Some(CardSet(bits))
        } else {
            None
        }
    }

    /// The raw bits (`suit * 16 + rank` layout).
    pub const fn bits(self) -> u64 {
        self.0
    }

    /// The set holding just `card`.
    pub const fn single(card: Card) -> CardSet {
        CardSet(card.bit())
    }

    /// The set of the given cards (duplicates collapse).
    pub fn from_cards(cards: &[Card]) -> CardSet {
        let mut bits = 0;
        for c in cards {
            bits |= c.bit();
        }
        CardSet(bits)
    }

    /// Number of cards in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `card` is in the set.
    pub const fn contains(self, card: Card) -> bool {
        self.0 & card.bit() != 0
    }

    /// Whether every card of `other` is in `self`.
    pub const fn is_superset(self, other: CardSet) -> bool {
        other.0 & !self.0 == 0
    }

    /// Whether the two sets share no card.
    pub const fn is_disjoint(self, other: CardSet) -> bool {
        self.0 & other.0 == 0
    }

    /// Adds `card`; returns `true` if it was not already present.
    pub fn insert(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 |= card.bit();
        !had
    }

    /// Removes `card`; returns `true` if it was present.
    pub fn remove(&mut self, card: Card) -> bool {
        let had = self.contains(card);
        self.0 &= !card.bit();
        had
    }

    /// The 13-bit mask of ranks held in `suit` (bit `r` for rank index `r`).
    pub const fn suit_mask(self, suit: Suit) -> u16 {
        ((self.0 >> (suit as u32 * 16)) & LANE) as u16
    }

    /// The 13-bit mask of ranks held in any suit.
    pub const fn rank_mask(self) -> u16 {
        let b = self.0;
        ((b | b >> 16 | b >> 32 | b >> 48) & LANE) as u16
    }

    /// How many cards of `rank` the set holds (0-4).
    pub const fn count_rank(self, rank: Rank) -> u32 {
        let lane_bits = 1u64 << rank as u32;
        let m = lane_bits | lane_bits << 16 | lane_bits << 32 | lane_bits << 48;
        (self.0 & m).count_ones()
    }

    /// The cards in index order (lowest rank first, clubs first within a rank).
    pub fn iter(self) -> CardSetIter {
        CardSetIter { remaining: self }
    }

    /// The cards, highest first, into a fixed buffer; returns how many were written.
    pub fn write_desc(self, out: &mut [Card]) -> usize {
        let mut n = 0;
        for (slot, card) in out.iter_mut().zip(self.iter().collect_desc()) {
            *slot = card;
            n += 1;
        }
        n
    }
}

/// Iterator over the cards of a [`CardSet`] in ascending card index.
#[derive(Clone, Debug)]
pub struct CardSetIter {
    remaining: CardSet,
}

impl CardSetIter {
    /// Remaining cards in descending order, without allocating.
    fn collect_desc(self) -> impl Iterator<Item = Card> {
        let set = self.remaining;
        Card::ALL
            .iter()
            .rev()
            .copied()
            .filter(move |c| set.contains(*c))
    }
}

impl Iterator for CardSetIter {
    type Item = Card;

    fn next(&mut self) -> Option<Card> {
        // Walk by card index (rank-major) so iteration order matches `Card` order.
        if self.remaining.is_empty() {
            return None;
        }
        let b = self.remaining.0;
        // lowest rank present in any lane, then lowest suit holding it
        let ranks = (b | b >> 16 | b >> 32 | b >> 48) & LANE;
        let rank = ranks.trailing_zeros();
        // The rank's bit in each lane, moved down to bit 0 of the lanes; the lowest
        // of them is the lowest suit holding the rank (nonzero: `rank` is present).
        let column = (b >> rank) & 0x0001_0001_0001_0001;
        let lowest = column.trailing_zeros();
        self.remaining.0 &= !(1u64 << (lowest + rank));
        Card::from_index((rank * 4 + lowest / 16) as u8)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.remaining.len() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CardSetIter {}

impl IntoIterator for CardSet {
    type Item = Card;
    type IntoIter = CardSetIter;
    fn into_iter(self) -> CardSetIter {
        self.iter()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl From<Card> for CardSet {
    fn from(card: Card) -> CardSet {
        CardSet::single(card)
    }
}

impl From<CardSet> for u64 {
    fn from(s: CardSet) -> u64 {
        s.0
    }
}

impl TryFrom<u64> for CardSet {
    type Error = InvalidCardBits;
    fn try_from(bits: u64) -> Result<CardSet, InvalidCardBits> {
        CardSet::from_bits(bits).ok_or(InvalidCardBits(bits))
    }
}

/// A `u64` with bits set outside the 52 card positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("bits {0:#x} are not a card set: a bit outside the 52 card positions is set")]
pub struct InvalidCardBits(pub u64);

impl BitOr for CardSet {
    type Output = CardSet;
    fn bitor(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 | rhs.0)
    }
}
impl BitOrAssign for CardSet {
    fn bitor_assign(&mut self, rhs: CardSet) {
        self.0 |= rhs.0;
    }
}
impl BitAnd for CardSet {
    type Output = CardSet;
    fn bitand(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & rhs.0)
    }
}
impl BitAndAssign for CardSet {
    fn bitand_assign(&mut self, rhs: CardSet) {
        self.0 &= rhs.0;
    }
}
impl Sub for CardSet {
    type Output = CardSet;
    fn sub(self, rhs: CardSet) -> CardSet {
        CardSet(self.0 & !rhs.0)
    }
}
impl Not for CardSet {
    type Output = CardSet;
    /// The complement within the 52-card deck.
    fn not(self) -> CardSet {
        CardSet(!self.0 & CardSet::FULL.0)
    }
}

impl fmt::Display for CardSet {
    /// Cards highest first, no separator: `AsKh7d`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for c in self.iter().collect_desc() {
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardSet({self})")
    }
}

impl FromStr for CardSet {
    type Err = ParseCardError;
    /// Parses `AhKd`, `Ah Kd` or `Ah,Kd`; a repeated card is an error.
    fn from_str(s: &str) -> Result<CardSet, ParseCardError> {
        let mut set = CardSet::EMPTY;
        crate::parse::for_each_card(s, |card, position| {
            if set.insert(card) {
                Ok(())
            } else {
                Err(ParseCardError::Duplicate { card, position })
            }
        })?;
        Ok(set)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for CardSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if s.is_human_readable() {
            s.collect_str(self)
        } else {
            s.serialize_u64(self.0)
        }
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CardSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<CardSet, D::Error> {
        use serde::de::Error;
        if d.is_human_readable() {
            let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
            s.parse().map_err(D::Error::custom)
        } else {
            CardSet::try_from(u64::deserialize(d)?).map_err(D::Error::custom)
        }
    }
}
