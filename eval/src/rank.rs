//! [`HandRank`]'s encoding, [`Category`] and human descriptions (rules E2-E4).
//!
//! A rank is `category << 12 | ordinal`: the category code (1 = high card ... 9 =
//! straight flush) in the top four bits, and in the low twelve the hand's ordinal
//! among the distinct hands of its category (0 = weakest). The ordinals are dense,
//! so there are exactly 7,462 valid ranks (the equivalence classes of five-card
//! poker), and comparing two raw values compares the hands: category first, then
//! the ranks of the five cards, kickers included (E4). Suits are not encoded at
//! all, so they cannot break a tie (E4) and identical fives are equal (E5).
//!
//! The ordinals come from the combinatorial number system: a set of distinct
//! ranks `c1 < c2 < ... < ck` has the "colex" index `C(c1,1) + C(c2,2) + ... +
//! C(ck,k)`, and colex order compares the highest rank first, then the next: it
//! is exactly the poker order of kickers.

use core::fmt;

use holdem_cards::Rank;

/// One of the nine hand categories (rule E2), weakest first so that `Ord` agrees
/// with poker. A royal flush is the ace-high [`Category::StraightFlush`]; see
/// [`HandRank::is_royal_flush`].
///
/// Not `#[non_exhaustive]`: rule E2 says no other hands exist.
///
/// With the `serde` feature it (de)serializes as its kebab-case name:
/// `"high-card"`, `"one-pair"`, ... `"straight-flush"`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[repr(u8)]
pub enum Category {
    /// Five unmatched, unsuited, unconnected cards.
    HighCard = 1,
    /// Two cards of one rank.
    OnePair = 2,
    /// Two pairs (also the best of three pairs, rule E2).
    TwoPair = 3,
    /// Three cards of one rank.
    ThreeOfAKind = 4,
    /// Five ranks in sequence; the ace plays high or low, never around the corner (E3).
    Straight = 5,
    /// Five cards of one suit.
    Flush = 6,
    /// Three of one rank and two of another (also two sets of trips, rule E2).
    FullHouse = 7,
    /// Four cards of one rank.
    FourOfAKind = 8,
    /// A straight in one suit; the ace-high one is the royal flush.
    StraightFlush = 9,
}

impl Category {
    /// All nine categories, weakest first.
    pub const ALL: [Category; 9] = [
        Category::HighCard,
        Category::OnePair,
        Category::TwoPair,
        Category::ThreeOfAKind,
        Category::Straight,
        Category::Flush,
        Category::FullHouse,
        Category::FourOfAKind,
        Category::StraightFlush,
    ];

    /// How many distinct hands (equivalence classes) the category has; the nine
    /// sum to 7,462.
    pub const fn class_count(self) -> u16 {
        match self {
            Category::HighCard | Category::Flush => 1277,
            Category::OnePair => 2860,
            Category::TwoPair | Category::ThreeOfAKind => 858,
            Category::Straight | Category::StraightFlush => 10,
            Category::FullHouse | Category::FourOfAKind => 156,
        }
    }

    /// The English name: "high card", "one pair", ... "straight flush".
    pub const fn name(self) -> &'static str {
        match self {
            Category::HighCard => "high card",
            Category::OnePair => "one pair",
            Category::TwoPair => "two pair",
            Category::ThreeOfAKind => "three of a kind",
            Category::Straight => "straight",
            Category::Flush => "flush",
            Category::FullHouse => "full house",
            Category::FourOfAKind => "four of a kind",
            Category::StraightFlush => "straight flush",
        }
    }

    /// The smallest raw [`HandRank`] of the category.
    pub const fn lowest(self) -> HandRank {
        HandRank((self as u16) << ORDINAL_BITS)
    }

    /// The largest raw [`HandRank`] of the category.
    pub const fn highest(self) -> HandRank {
        HandRank(((self as u16) << ORDINAL_BITS) + self.class_count() - 1)
    }

    const fn from_code(code: u16) -> Option<Category> {
        match code {
            1..=9 => Some(Category::ALL[code as usize - 1]),
            _ => None,
        }
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Bits of a raw rank that hold the ordinal within the category.
pub(crate) const ORDINAL_BITS: u32 = 12;

/// The strength of a poker hand: bigger is better, equal values split the pot (E5).
///
/// Encoding: `category << 12 | ordinal` (see [`Category`] and the module notes);
/// only the 7,462 values with a valid ordinal are produced by evaluators. Values
/// built with [`HandRank::from_raw`] outside that set still compare, and every
/// method stays total on them (never a panic), but describe no real hand.
///
/// With the `serde` feature it (de)serializes as its raw `u16`; deserializing
/// rejects a value that is not [`valid`](HandRank::is_valid), with an error
/// naming the value.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(into = "u16", try_from = "u16"))]
pub struct HandRank(pub(crate) u16);

impl From<HandRank> for u16 {
    fn from(rank: HandRank) -> u16 {
        rank.0
    }
}

/// A raw value that is not one of the 7,462 ranks of a real hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0} (0x{0:04x}) is not a valid hand rank: expected category << 12 | ordinal, one of the 7,462 ranks of a real hand"
)]
pub struct InvalidHandRank(pub u16);

impl TryFrom<u16> for HandRank {
    type Error = InvalidHandRank;

    /// The rank with this raw value, if it is [`valid`](HandRank::is_valid).
    fn try_from(raw: u16) -> Result<HandRank, InvalidHandRank> {
        let rank = HandRank(raw);
        if rank.is_valid() {
            Ok(rank)
        } else {
            Err(InvalidHandRank(raw))
        }
    }
}

impl HandRank {
    /// A rank from its raw value.
    pub const fn from_raw(raw: u16) -> HandRank {
        HandRank(raw)
    }

    /// The raw value.
    pub const fn raw(self) -> u16 {
        self.0
    }

    /// Whether this is one of the 7,462 ranks a real five-card hand has.
    pub const fn is_valid(self) -> bool {
        match Category::from_code(self.0 >> ORDINAL_BITS) {
            Some(c) => self.ordinal() < c.class_count(),
            None => false,
        }
    }

    /// The hand's category (rule E2). Raw values below the first category read as
    /// high card, above the last as straight flush.
    pub const fn category(self) -> Category {
        let code = self.0 >> ORDINAL_BITS;
        match Category::from_code(code) {
            Some(c) => c,
            None if code == 0 => Category::HighCard,
            None => Category::StraightFlush,
        }
    }

    /// The hand's position among the distinct hands of its category, 0 = weakest.
    pub const fn ordinal(self) -> u16 {
        self.0 & ((1 << ORDINAL_BITS) - 1)
    }

    /// Whether this is the royal flush: the ace-high straight flush (rule E2).
    pub const fn is_royal_flush(self) -> bool {
        self.0 == Category::StraightFlush.highest().0
    }

    /// The ranks of the five cards in the order they are compared (E4): the
    /// largest group first (the quads, the trips of a full house, the higher
    /// pair...), then the kickers from high to low. A straight lists its cards
    /// from the top down, the wheel as 5-4-3-2-A (E3).
    ///
    /// `None` for a raw value that is not [`valid`](Self::is_valid).
    pub fn five_ranks(self) -> Option<[Rank; 5]> {
        if !self.is_valid() {
            return None;
        }
        let ord = self.ordinal();
        let r = |i: u16| Rank::from_index(i as u8).unwrap_or(Rank::Two);
        Some(match self.category() {
            Category::StraightFlush | Category::Straight => {
                let top = ord + 3;
                let low = |d: u16| {
                    if top == 3 && d == 4 {
                        Rank::Ace
                    } else {
                        r(top - d)
                    }
                };
                [low(0), low(1), low(2), low(3), low(4)]
            }
            Category::FourOfAKind => {
                let (q, k) = unpair(ord);
                [r(q), r(q), r(q), r(q), r(k)]
            }
            Category::FullHouse => {
                let (t, p) = unpair(ord);
                [r(t), r(t), r(t), r(p), r(p)]
            }
            Category::ThreeOfAKind => {
                let t = ord / 66;
                let [a, b] = colex_unrank::<2>(ord % 66);
                let (k2, k1) = (skip1(a, t), skip1(b, t));
                [r(t), r(t), r(t), r(k1), r(k2)]
            }
            Category::TwoPair => {
                let [lo, hi] = colex_unrank::<2>(ord / 11);
                let k = skip2(ord % 11, lo, hi);
                [r(hi), r(hi), r(lo), r(lo), r(k)]
            }
            Category::OnePair => {
                let p = ord / 220;
                let [a, b, c] = colex_unrank::<3>(ord % 220);
                [r(p), r(p), r(skip1(c, p)), r(skip1(b, p)), r(skip1(a, p))]
            }
            Category::Flush | Category::HighCard => {
                let mask = unranked_mask(ord);
                let mut out = [Rank::Two; 5];
                let mut i = 0;
                for rank in (0..13u16).rev() {
                    if mask & (1 << rank) != 0 && i < 5 {
                        out[i] = r(rank);
                        i += 1;
                    }
                }
                out
            }
        })
    }

    /// A human description, e.g. "royal flush", "straight, five high", "two pair,
    /// kings and nines, ace kicker", "full house, kings full of nines".
    pub fn describe(self) -> String {
        self.to_string()
    }
}

impl fmt::Display for HandRank {
    /// Writes the description of [`HandRank::describe`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(r) = self.five_ranks() else {
            return write!(f, "invalid hand rank {}", self.0);
        };
        let n = |i: usize| r[i].name();
        let p = |i: usize| r[i].plural();
        match self.category() {
            Category::StraightFlush if self.is_royal_flush() => f.write_str("royal flush"),
            Category::StraightFlush => write!(f, "straight flush, {} high", n(0)),
            Category::FourOfAKind => write!(f, "four of a kind, {}, {} kicker", p(0), n(4)),
            Category::FullHouse => write!(f, "full house, {} full of {}", p(0), p(3)),
            Category::Flush => write!(f, "flush, {}-{}-{}-{}-{}", n(0), n(1), n(2), n(3), n(4)),
            Category::Straight => write!(f, "straight, {} high", n(0)),
            Category::ThreeOfAKind => {
                write!(
                    f,
                    "three of a kind, {}, {} and {} kickers",
                    p(0),
                    n(3),
                    n(4)
                )
            }
            Category::TwoPair => write!(f, "two pair, {} and {}, {} kicker", p(0), p(2), n(4)),
            Category::OnePair => {
                write!(f, "one pair, {}, {}-{}-{} kickers", p(0), n(2), n(3), n(4))
            }
            Category::HighCard => {
                write!(f, "high card, {}-{}-{}-{}-{}", n(0), n(1), n(2), n(3), n(4))
            }
        }
    }
}

// ----- encoding (shared by both evaluators; the classification is not) -----

/// Binomial coefficient for the small arguments used here (n ≤ 13).
pub(crate) const fn choose(n: u16, k: u16) -> u16 {
    if k > n {
        return 0;
    }
    let mut num: u32 = 1;
    let mut i = 0;
    while i < k {
        num = num * (n - i) as u32 / (i + 1) as u32;
        i += 1;
    }
    num as u16
}

/// The 10 five-bit straight masks, wheel (A-2-3-4-5) first, broadway last (E3).
pub(crate) const STRAIGHTS: [u16; 10] = {
    let mut s = [0u16; 10];
    s[0] = 0x100f; // A-2-3-4-5: the ace plays low
    let mut top = 4;
    while top < 13 {
        s[top - 3] = 0x1f << (top - 4);
        top += 1;
    }
    s
};

/// The top card of the best straight in a rank mask (3 = five-high wheel ...
/// 12 = ace-high), or `None`. Q-K-A-2-3 is not a straight: no wrap (E3).
pub(crate) const fn straight_top(mask: u16) -> Option<u16> {
    let mut i = 10;
    while i > 0 {
        i -= 1;
        if mask & STRAIGHTS[i] == STRAIGHTS[i] {
            return Some(i as u16 + 3);
        }
    }
    None
}

/// Colex index of a set of distinct ranks given as a bit mask.
const fn colex(mask: u16) -> u16 {
    let mut idx = 0;
    let mut k = 0;
    let mut r = 0;
    while r < 13 {
        if mask & (1 << r) != 0 {
            k += 1;
            idx += choose(r, k);
        }
        r += 1;
    }
    idx
}

/// Inverse of `colex` for `K`-subsets: the members, ascending.
fn colex_unrank<const K: usize>(mut idx: u16) -> [u16; K] {
    let mut out = [0u16; K];
    for k in (1..=K).rev() {
        let mut c = k as u16 - 1;
        while choose(c + 1, k as u16) <= idx {
            c += 1;
        }
        idx -= choose(c, k as u16);
        out[k - 1] = c;
    }
    out
}

/// A rank index with `skip` removed from the sequence (for kickers, which can
/// never equal the paired rank).
const fn squeeze1(k: u16, skip: u16) -> u16 {
    k - (k > skip) as u16
}

/// Inverse of `squeeze1`.
const fn skip1(x: u16, skip: u16) -> u16 {
    x + (x >= skip) as u16
}

/// Inverse of removing two ranks `lo < hi`.
const fn skip2(x: u16, lo: u16, hi: u16) -> u16 {
    let y = skip1(x, lo);
    skip1(y, hi)
}

/// `a * 12 + squeeze1(b, a)` decoded.
const fn unpair(ord: u16) -> (u16, u16) {
    let a = ord / 12;
    (a, skip1(ord % 12, a))
}

/// Ordinal of five distinct, non-straight ranks (high card or flush): the colex
/// index minus the straights that come before it.
const fn unstraight_ordinal(mask: u16) -> u16 {
    let c = colex(mask);
    let mut below = 0;
    let mut i = 0;
    while i < 10 {
        below += (colex(STRAIGHTS[i]) < c) as u16;
        i += 1;
    }
    c - below
}

/// Inverse of `unstraight_ordinal` by walking the masks in colex order (used
/// only for descriptions, at most 1,287 steps).
fn unranked_mask(ord: u16) -> u16 {
    let mut seen = 0;
    for idx in 0..choose(13, 5) {
        let [a, b, c, d, e] = colex_unrank::<5>(idx);
        let mask = 1 << a | 1 << b | 1 << c | 1 << d | 1 << e;
        if straight_top(mask).is_some() {
            continue;
        }
        if seen == ord {
            return mask;
        }
        seen += 1;
    }
    0
}

const fn make(cat: Category, ordinal: u16) -> HandRank {
    HandRank(((cat as u16) << ORDINAL_BITS) | ordinal)
}

/// Constructors from the defining ranks (rank indices 0 = two ... 12 = ace).
/// Callers pass ranks that satisfy the category (distinct where needed).
pub(crate) mod encode {
    use super::*;

    /// A straight flush topped by `top` (3 = five-high ... 12 = royal).
    pub(crate) const fn straight_flush(top: u16) -> HandRank {
        make(Category::StraightFlush, top - 3)
    }
    /// Four `quad`s and a `kicker`.
    pub(crate) const fn quads(quad: u16, kicker: u16) -> HandRank {
        make(Category::FourOfAKind, quad * 12 + squeeze1(kicker, quad))
    }
    /// Three `trips` and two `pair`.
    pub(crate) const fn full_house(trips: u16, pair: u16) -> HandRank {
        make(Category::FullHouse, trips * 12 + squeeze1(pair, trips))
    }
    /// A flush of exactly five ranks (`mask` with 5 bits, not a straight).
    pub(crate) const fn flush(mask: u16) -> HandRank {
        make(Category::Flush, unstraight_ordinal(mask))
    }
    /// A straight topped by `top`.
    pub(crate) const fn straight(top: u16) -> HandRank {
        make(Category::Straight, top - 3)
    }
    /// Three `trips` with kickers `k1 > k2`.
    pub(crate) const fn trips(trips: u16, k1: u16, k2: u16) -> HandRank {
        let (a, b) = (squeeze1(k2, trips), squeeze1(k1, trips));
        make(
            Category::ThreeOfAKind,
            trips * 66 + choose(a, 1) + choose(b, 2),
        )
    }
    /// Pairs `hi > lo` with a `kicker`.
    pub(crate) const fn two_pair(hi: u16, lo: u16, kicker: u16) -> HandRank {
        let pairs = choose(lo, 1) + choose(hi, 2);
        let k = squeeze1(squeeze1(kicker, hi), lo);
        make(Category::TwoPair, pairs * 11 + k)
    }
    /// A `pair` with kickers `k1 > k2 > k3`.
    pub(crate) const fn one_pair(pair: u16, k1: u16, k2: u16, k3: u16) -> HandRank {
        let (a, b, c) = (squeeze1(k3, pair), squeeze1(k2, pair), squeeze1(k1, pair));
        make(
            Category::OnePair,
            pair * 220 + choose(a, 1) + choose(b, 2) + choose(c, 3),
        )
    }
    /// Five distinct ranks, not a straight, not suited.
    pub(crate) const fn high_card(mask: u16) -> HandRank {
        make(Category::HighCard, unstraight_ordinal(mask))
    }
}
