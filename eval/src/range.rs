//! Hand ranges: sets of the 1,326 two-card combinations, each with a weight, in
//! the usual text notation.
//!
//! # Notation
//! Items are separated by commas and/or whitespace; ranks are `2`-`9`, `T`,
//! `J`, `Q`, `K`, `A` (letters in either case), `s` is suited, `o` offsuit.
//!
//! | item | combos | meaning |
//! |---|---|---|
//! | `QQ` | 6 | a pocket pair |
//! | `QQ+` | 18 | that pair and every higher one (`QQ`, `KK`, `AA`) |
//! | `22-55` (or `55-22`) | 24 | the pairs from one to the other |
//! | `AKs`, `AKo`, `AK` | 4, 12, 16 | suited, offsuit, both |
//! | `KTs+` | 12 | the kicker up to one below the top card: `KTs`, `KJs`, `KQs` |
//! | `76s+` | 32 | connectors (kicker one below the top card) move both cards up to the ace: `76s`, `87s`, ..., `AKs` |
//! | `A5s-A2s` | 16 | same top card, kickers from one to the other |
//! | `T9s-54s` | 24 | same gap, both cards from one to the other |
//! | `AhKh` | 1 | one specific combination |
//! | `random` or `any` | 1,326 | every combination |
//!
//! `+` and `-` also work without `s`/`o` (`KT+`, `A5-A2`: suited and offsuit).
//! The top card may be written second (`KA` is `AK`).
//!
//! **Weights**: an item may end in `:w` with `0 < w <= 1` (`AKs:0.5`, `QQ+:0.25`):
//! each of its combinations is in the range that fraction of the time (the
//! equity functions count a matchup of combinations with the product of their
//! weights). Without `:w` the weight is 1. When items overlap, the later one
//! sets the weight (`AA, AhAd:0.5`: five combinations of aces at 1, one at 0.5).
//!
//! Bad text is a [`ParseRangeError`] naming the byte position of the problem.
//!
//! # Invariants
//! - A [`Range`] holds a weight in `[0, 1]` for each of the 1,326 combinations
//!   (0: not in the range); a weight is never NaN.
//! - `Display` writes the compact notation above (pairs, then suited and
//!   offsuit hands grouped by top card, then single combinations) and parsing
//!   it gives back an equal range, weights included.

use core::fmt;
use core::str::FromStr;

use holdem_cards::{Card, CardSet, Rank, Suit};

/// The number of two-card combinations from one deck: `C(52, 2)`.
pub const COMBOS: usize = 1326;

/// The combination index of two distinct card indices (`hi > lo`).
#[inline]
const fn combo_index(hi: u8, lo: u8) -> usize {
    let (hi, lo) = (hi as usize, lo as usize);
    hi * (hi - 1) / 2 + lo
}

/// Each combination's two cards, higher card index first, by combination index.
const COMBO_CARDS: [[u8; 2]; COMBOS] = {
    let mut all = [[0u8; 2]; COMBOS];
    let mut hi = 1u8;
    while hi < 52 {
        let mut lo = 0u8;
        while lo < hi {
            all[combo_index(hi, lo)] = [hi, lo];
            lo += 1;
        }
        hi += 1;
    }
    all
};

/// The two cards of combination `i` (`i < COMBOS`), higher card first.
#[inline]
fn combo_cards(i: usize) -> [Card; 2] {
    let [a, b] = COMBO_CARDS[i % COMBOS];
    [card(a), card(b)]
}

/// The card with index `i` (`i < 52` by construction).
#[inline]
fn card(i: u8) -> Card {
    Card::ALL[usize::from(i) % 52]
}

/// The combination index of two cards, or `None` when they are the same card.
fn index_of([a, b]: [Card; 2]) -> Option<usize> {
    let (a, b) = (a.index(), b.index());
    match a.cmp(&b) {
        core::cmp::Ordering::Greater => Some(combo_index(a, b)),
        core::cmp::Ordering::Less => Some(combo_index(b, a)),
        core::cmp::Ordering::Equal => None,
    }
}

/// A weight that is not in `(0, 1]` (or `[0, 1]` for [`Range::set_weight`]).
#[derive(Debug, Clone, Copy, PartialEq, thiserror::Error)]
#[error("a weight is between 0 and 1, got {0}")]
pub struct InvalidWeight(pub f32);

/// A hand range: a weight in `[0, 1]` for each of the 1,326 combinations of two
/// cards (0 means not in the range). See the [module docs](self) for the text
/// notation.
///
/// ```
/// use holdem_cards::{CardSet, parse_hole};
/// use holdem_eval::Range;
///
/// let mut range: Range = "QQ+, AKs, A5s-A2s, KQo:0.5".parse()?;
/// assert_eq!(range.len(), 18 + 4 + 16 + 12);
/// assert_eq!(range.weight(parse_hole("KhQd")?), 0.5);
/// assert_eq!(range.to_string(), "QQ+, AKs, A5s-A2s, KQo:0.5");
///
/// // The flop takes away every combination holding one of its cards.
/// let flop: CardSet = "Qs 5h 2c".parse()?;
/// range.remove_dead(flop);
/// assert_eq!(range.len(), 15 + 4 + 14 + 9);
/// for (hole, weight) in range.iter() {
///     assert!(!flop.contains(hole[0]) && !flop.contains(hole[1]) && weight > 0.0);
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq)]
pub struct Range {
    weights: Box<[f32; COMBOS]>,
}

impl Default for Range {
    fn default() -> Range {
        Range::new()
    }
}

impl fmt::Debug for Range {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Range({self})")
    }
}

impl Range {
    /// The empty range.
    pub fn new() -> Range {
        Range {
            weights: Box::new([0.0; COMBOS]),
        }
    }

    /// Every combination at weight 1 (`random`).
    pub fn all() -> Range {
        Range {
            weights: Box::new([1.0; COMBOS]),
        }
    }

    /// How many combinations are in the range (weight above 0).
    pub fn len(&self) -> usize {
        self.weights.iter().filter(|&&w| w > 0.0).count()
    }

    /// Whether no combination is in the range.
    pub fn is_empty(&self) -> bool {
        self.weights.iter().all(|&w| w == 0.0)
    }

    /// The weight of `hole` (either order): 0 when it is not in the range or
    /// both cards are the same.
    pub fn weight(&self, hole: [Card; 2]) -> f32 {
        index_of(hole).map_or(0.0, |i| self.weights[i % COMBOS])
    }

    /// Whether `hole` (either order) is in the range.
    pub fn contains(&self, hole: [Card; 2]) -> bool {
        self.weight(hole) > 0.0
    }

    /// Puts `hole` in the range at weight 1. Returns `false` (and changes
    /// nothing) when both cards are the same.
    pub fn insert(&mut self, hole: [Card; 2]) -> bool {
        self.set_weight(hole, 1.0).unwrap_or(false)
    }

    /// Takes `hole` out of the range; returns whether it was in.
    pub fn remove(&mut self, hole: [Card; 2]) -> bool {
        match index_of(hole) {
            Some(i) => {
                let was = self.weights[i % COMBOS] > 0.0;
                self.weights[i % COMBOS] = 0.0;
                was
            }
            None => false,
        }
    }

    /// Sets the weight of `hole` (0 takes it out). Returns `Ok(false)` when
    /// both cards are the same (nothing changes); a weight outside `[0, 1]`
    /// (or NaN) is an [`InvalidWeight`] and changes nothing.
    pub fn set_weight(&mut self, hole: [Card; 2], weight: f32) -> Result<bool, InvalidWeight> {
        if !(0.0..=1.0).contains(&weight) {
            return Err(InvalidWeight(weight));
        }
        match index_of(hole) {
            Some(i) => {
                self.weights[i % COMBOS] = weight;
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Takes out every combination holding a card of `dead` (the board, known
    /// hands, burned or exposed cards).
    pub fn remove_dead(&mut self, dead: CardSet) {
        for (i, w) in self.weights.iter_mut().enumerate() {
            let [a, b] = combo_cards(i);
            if dead.contains(a) || dead.contains(b) {
                *w = 0.0;
            }
        }
    }

    /// This range without the combinations holding a card of `dead`.
    #[must_use]
    pub fn without(&self, dead: CardSet) -> Range {
        let mut r = self.clone();
        r.remove_dead(dead);
        r
    }

    /// The combinations in the range with their weights, in a fixed order
    /// (by the cards' indices); each pair of cards has the higher card first.
    pub fn iter(&self) -> RangeIter<'_> {
        RangeIter {
            weights: &self.weights,
            next: 0,
        }
    }

    /// Sets every combination of `hand` to `weight`.
    fn set_class(&mut self, hand: Class, weight: f32) {
        for i in hand.combos() {
            self.weights[i % COMBOS] = weight;
        }
    }

    /// The weight every combination of `hand` has, if they all have the same
    /// one above 0.
    fn class_weight(&self, hand: Class) -> Option<f32> {
        let mut combos = hand.combos();
        let first = self.weights[combos.next()? % COMBOS];
        (first > 0.0 && combos.all(|i| self.weights[i % COMBOS] == first)).then_some(first)
    }
}

/// The combinations of a [`Range`] with their weights ([`Range::iter`]).
#[derive(Clone, Debug)]
pub struct RangeIter<'a> {
    weights: &'a [f32; COMBOS],
    next: usize,
}

impl Iterator for RangeIter<'_> {
    type Item = ([Card; 2], f32);

    fn next(&mut self) -> Option<([Card; 2], f32)> {
        while let Some(&w) = self.weights.get(self.next) {
            let i = self.next;
            self.next += 1;
            if w > 0.0 {
                return Some((combo_cards(i), w));
            }
        }
        None
    }
}

impl<'a> IntoIterator for &'a Range {
    type Item = ([Card; 2], f32);
    type IntoIter = RangeIter<'a>;

    fn into_iter(self) -> RangeIter<'a> {
        self.iter()
    }
}

impl FromIterator<[Card; 2]> for Range {
    /// The range of these combinations at weight 1 (pairs of one card twice
    /// are skipped).
    fn from_iter<I: IntoIterator<Item = [Card; 2]>>(iter: I) -> Range {
        let mut r = Range::new();
        for hole in iter {
            r.insert(hole);
        }
        r
    }
}

/// Which combinations of two ranks a hand class holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Both cards of one suit.
    Suited,
    /// Two suits.
    Offsuit,
    /// Suited and offsuit.
    Both,
}

impl Kind {
    fn suffix(self) -> &'static str {
        match self {
            Kind::Suited => "s",
            Kind::Offsuit => "o",
            Kind::Both => "",
        }
    }
}

/// A hand class: a pair (`hi == lo`, kind ignored) or two ranks with a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Class {
    hi: u8,
    lo: u8,
    kind: Kind,
}

impl Class {
    /// The combination indices of the class.
    fn combos(self) -> impl Iterator<Item = usize> {
        let (hi, lo, kind) = (self.hi, self.lo, self.kind);
        (0..4u8).flat_map(move |s1| {
            (0..4u8).filter_map(move |s2| {
                let a = hi * 4 + s1;
                let b = lo * 4 + s2;
                let keep = if hi == lo {
                    s1 > s2
                } else {
                    match kind {
                        Kind::Suited => s1 == s2,
                        Kind::Offsuit => s1 != s2,
                        Kind::Both => true,
                    }
                };
                (keep && a < 52 && b < 52).then(|| combo_index(a.max(b), a.min(b)))
            })
        })
    }

    fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (h, l) = (rank_char(self.hi), rank_char(self.lo));
        if self.hi == self.lo {
            write!(f, "{h}{l}")
        } else {
            write!(f, "{h}{l}{}", self.kind.suffix())
        }
    }
}

fn rank_char(r: u8) -> char {
    Rank::from_index(r).map_or('?', Rank::to_char)
}

impl fmt::Display for Range {
    /// The compact notation: `random` when every combination has one weight;
    /// otherwise pairs (`QQ+`, `88-66`), then for each top card from the ace
    /// down the hands complete in both kinds, in suited, in offsuit (`AT+`,
    /// `KTs+`, `A5s-A2s`, `KQo`), then single combinations, higher cards first (`AhKh`); each item
    /// followed by `:w` when its weight is not 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let first = self.weights[0];
        if first > 0.0 && self.weights.iter().all(|&w| w == first) {
            f.write_str("random")?;
            return write_weight(f, first);
        }
        let mut covered = [false; COMBOS];
        let mut sep = false;
        // Writes one item: `first`, then `+` or `-last` (when `last` differs),
        // then the weight.
        let mut item = |f: &mut fmt::Formatter<'_>,
                        first: Class,
                        last: Option<Class>,
                        weight: f32|
         -> fmt::Result {
            if sep {
                f.write_str(", ")?;
            }
            sep = true;
            first.write(f)?;
            match last {
                None => f.write_str("+")?,
                Some(last) if last != first => {
                    f.write_str("-")?;
                    last.write(f)?;
                }
                Some(_) => {}
            }
            write_weight(f, weight)
        };
        let mut mark = |class: Class| {
            for i in class.combos() {
                covered[i % COMBOS] = true;
            }
        };

        // Pairs, from aces down, in runs of one weight.
        let pair = |r: u8| Class {
            hi: r,
            lo: r,
            kind: Kind::Both,
        };
        let mut r = 13u8;
        while r > 0 {
            r -= 1;
            let Some(w) = self.class_weight(pair(r)) else {
                continue;
            };
            let top = r;
            while r > 0 && self.class_weight(pair(r - 1)) == Some(w) {
                r -= 1;
            }
            (r..=top).for_each(|k| mark(pair(k)));
            if top == 12 && r < top {
                item(f, pair(r), None, w)?;
            } else {
                item(f, pair(top), Some(pair(r)), w)?;
            }
        }

        // Two ranks, by top card, in runs of kickers of one weight.
        for hi in (1..13u8).rev() {
            for kind in [Kind::Both, Kind::Suited, Kind::Offsuit] {
                let class = |lo: u8| Class { hi, lo, kind };
                let weight_of = |lo: u8| -> Option<f32> {
                    let both = self.class_weight(Class {
                        hi,
                        lo,
                        kind: Kind::Both,
                    });
                    // Hands complete in both kinds at one weight are written
                    // without a suffix, in the first pass.
                    if kind != Kind::Both && both.is_some() {
                        return None;
                    }
                    self.class_weight(class(lo))
                };
                let mut lo = hi;
                while lo > 0 {
                    lo -= 1;
                    let Some(w) = weight_of(lo) else {
                        continue;
                    };
                    let top = lo;
                    while lo > 0 && weight_of(lo - 1) == Some(w) {
                        lo -= 1;
                    }
                    (lo..=top).for_each(|k| mark(class(k)));
                    // `KTs+` raises the kicker up to one below the top card
                    // (a connector's `+` means more, so a run of one is
                    // written as it is).
                    if top == hi - 1 && lo < top {
                        item(f, class(lo), None, w)?;
                    } else {
                        item(f, class(top), Some(class(lo)), w)?;
                    }
                }
            }
        }

        // Whatever is left, one combination at a time.
        for (i, &w) in self.weights.iter().enumerate().rev() {
            if w > 0.0 && !covered[i] {
                if sep {
                    f.write_str(", ")?;
                }
                sep = true;
                let [a, b] = combo_cards(i);
                write!(f, "{a}{b}")?;
                write_weight(f, w)?;
            }
        }
        Ok(())
    }
}

fn write_weight(f: &mut fmt::Formatter<'_>, w: f32) -> fmt::Result {
    if w == 1.0 { Ok(()) } else { write!(f, ":{w}") }
}

/// Range text that does not parse. Positions are byte offsets into the text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseRangeError {
    /// The item ended early.
    #[error("range item ends at position {position}: expected {expected}")]
    UnexpectedEnd {
        /// Byte offset where more was expected.
        position: usize,
        /// What was expected.
        expected: &'static str,
    },
    /// A character that is not a rank.
    #[error("bad rank {found:?} at position {position}: expected 2-9, T, J, Q, K or A")]
    BadRank {
        /// Byte offset of the character.
        position: usize,
        /// The character found.
        found: char,
    },
    /// A character that is not a suit in a specific combination (`AhKh`).
    #[error("bad suit {found:?} at position {position}: expected c, d, h or s")]
    BadSuit {
        /// Byte offset of the character.
        position: usize,
        /// The character found.
        found: char,
    },
    /// A character that does not fit where it is.
    #[error("unexpected {found:?} at position {position}: expected {expected}")]
    Unexpected {
        /// Byte offset of the character.
        position: usize,
        /// The character found.
        found: char,
        /// What fits there.
        expected: &'static str,
    },
    /// A pair marked suited or offsuit (`QQs`).
    #[error("a pair is neither suited nor offsuit: {found:?} at position {position}")]
    SuitedPair {
        /// Byte offset of the `s` or `o`.
        position: usize,
        /// The character found.
        found: char,
    },
    /// A specific combination of one card twice (`AhAh`).
    #[error("card {card} appears twice in one combination at position {position}")]
    SameCard {
        /// The card.
        card: Card,
        /// Byte offset of the second card.
        position: usize,
    },
    /// The two ends of a `-` span do not make a span.
    #[error("not a span at position {position}: {reason}")]
    BadSpan {
        /// Byte offset of the `-`.
        position: usize,
        /// Why the ends do not fit together.
        reason: &'static str,
    },
    /// A weight that is not a number in `(0, 1]`.
    #[error("bad weight {found:?} at position {position}: expected a number above 0 and at most 1")]
    BadWeight {
        /// Byte offset of the weight's first character.
        position: usize,
        /// The weight's text.
        found: String,
    },
}

impl FromStr for Range {
    type Err = ParseRangeError;

    /// Parses the notation of the [module docs](self); the empty text is the
    /// empty range.
    fn from_str(s: &str) -> Result<Range, ParseRangeError> {
        let mut range = Range::new();
        let mut at = 0;
        let is_sep = |c: char| c == ',' || c.is_whitespace();
        while let Some(c) = s.get(at..).and_then(|t| t.chars().next()) {
            if is_sep(c) {
                at += c.len_utf8();
                continue;
            }
            let len = s[at..].find(is_sep).unwrap_or(s.len() - at);
            parse_item(&s[at..at + len], at, &mut range)?;
            at += len;
        }
        Ok(range)
    }
}

/// Byte-position cursor over one item.
struct Cursor<'a> {
    text: &'a str,
    /// Byte offset of `text` in the whole input.
    base: usize,
    at: usize,
}

impl Cursor<'_> {
    fn peek(&self) -> Option<char> {
        self.text.get(self.at..).and_then(|t| t.chars().next())
    }

    fn pos(&self) -> usize {
        self.base + self.at
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += c.len_utf8();
        Some(c)
    }

    fn end(&self, expected: &'static str) -> ParseRangeError {
        ParseRangeError::UnexpectedEnd {
            position: self.pos(),
            expected,
        }
    }

    fn rank(&mut self) -> Result<u8, ParseRangeError> {
        let position = self.pos();
        let c = self.bump().ok_or_else(|| self.end("a rank"))?;
        Rank::from_char(c)
            .map(Rank::index)
            .ok_or(ParseRangeError::BadRank { position, found: c })
    }

    fn suit(&mut self) -> Result<u8, ParseRangeError> {
        let position = self.pos();
        let c = self.bump().ok_or_else(|| self.end("a suit"))?;
        Suit::from_char(c)
            .map(Suit::index)
            .ok_or(ParseRangeError::BadSuit { position, found: c })
    }

    /// A hand class: two ranks and an optional `s`/`o`.
    fn class(&mut self) -> Result<Class, ParseRangeError> {
        let a = self.rank()?;
        let b = self.rank()?;
        let (hi, lo) = (a.max(b), a.min(b));
        let kind = match self.peek() {
            Some(c @ ('s' | 'o')) if hi == lo => {
                return Err(ParseRangeError::SuitedPair {
                    position: self.pos(),
                    found: c,
                });
            }
            Some('s') => Kind::Suited,
            Some('o') => Kind::Offsuit,
            _ => Kind::Both,
        };
        if kind != Kind::Both {
            self.bump();
        }
        Ok(Class { hi, lo, kind })
    }
}

/// What one item adds, before its weight is known.
enum Item {
    All,
    Combo(usize),
    Classes(Class, Class, Step),
}

/// How a span walks from its first class to its last.
#[derive(Clone, Copy)]
enum Step {
    /// Pairs: both ranks move.
    Pair,
    /// Same top card: the kicker moves.
    Kicker,
    /// Same gap: both ranks move.
    Gap,
}

fn parse_item(text: &str, base: usize, range: &mut Range) -> Result<(), ParseRangeError> {
    let (body, weight) = match text.find(':') {
        Some(colon) => (&text[..colon], Some((&text[colon + 1..], colon + 1))),
        None => (text, None),
    };
    let weight = match weight {
        None => 1.0,
        Some((w, off)) => match w.parse::<f32>() {
            Ok(v) if v > 0.0 && v <= 1.0 => v,
            _ => {
                return Err(ParseRangeError::BadWeight {
                    position: base + off,
                    found: w.to_string(),
                });
            }
        },
    };
    let item = parse_body(body, base)?;
    match item {
        Item::All => range.weights.fill(weight),
        Item::Combo(i) => range.weights[i % COMBOS] = weight,
        Item::Classes(from, to, step) => {
            let steps = from.lo.abs_diff(to.lo).max(from.hi.abs_diff(to.hi));
            let start = if from.lo <= to.lo && from.hi <= to.hi {
                from
            } else {
                to
            };
            for k in 0..=steps {
                let class = match step {
                    Step::Pair | Step::Gap => Class {
                        hi: start.hi + k,
                        lo: start.lo + k,
                        kind: start.kind,
                    },
                    Step::Kicker => Class {
                        hi: start.hi,
                        lo: start.lo + k,
                        kind: start.kind,
                    },
                };
                range.set_class(class, weight);
            }
        }
    }
    Ok(())
}

fn parse_body(body: &str, base: usize) -> Result<Item, ParseRangeError> {
    if body.eq_ignore_ascii_case("random") || body.eq_ignore_ascii_case("any") {
        return Ok(Item::All);
    }
    let mut cur = Cursor {
        text: body,
        base,
        at: 0,
    };
    // A specific combination has a suit in second place.
    let second = body.chars().nth(1);
    if second.is_some_and(|c| Suit::from_char(c).is_some()) {
        let r1 = cur.rank()?;
        let s1 = cur.suit()?;
        let second_at = cur.pos();
        let r2 = cur.rank()?;
        let s2 = cur.suit()?;
        if let Some(c) = cur.peek() {
            return Err(ParseRangeError::Unexpected {
                position: cur.pos(),
                found: c,
                expected: "a separator or `:` after a combination",
            });
        }
        let (a, b) = (r1 * 4 + s1, r2 * 4 + s2);
        return match index_of([card(a), card(b)]) {
            Some(i) => Ok(Item::Combo(i)),
            None => Err(ParseRangeError::SameCard {
                card: card(a),
                position: second_at,
            }),
        };
    }
    let from = cur.class()?;
    let single = |c: Class| Ok(Item::Classes(c, c, Step::Kicker));
    match cur.bump() {
        None => single(from),
        Some('+') => {
            if let Some(c) = cur.peek() {
                return Err(ParseRangeError::Unexpected {
                    position: cur.pos(),
                    found: c,
                    expected: "a separator or `:` after `+`",
                });
            }
            let (to, step) = if from.hi == from.lo {
                (
                    Class {
                        hi: 12,
                        lo: 12,
                        ..from
                    },
                    Step::Pair,
                )
            } else if from.lo + 1 == from.hi {
                (
                    Class {
                        hi: 12,
                        lo: 11,
                        ..from
                    },
                    Step::Gap,
                )
            } else {
                (
                    Class {
                        lo: from.hi - 1,
                        ..from
                    },
                    Step::Kicker,
                )
            };
            Ok(Item::Classes(from, to, step))
        }
        Some('-') => {
            let dash = cur.pos() - 1;
            if cur.peek().is_none() {
                return Err(cur.end("a hand after `-`"));
            }
            let to = cur.class()?;
            if let Some(c) = cur.peek() {
                return Err(ParseRangeError::Unexpected {
                    position: cur.pos(),
                    found: c,
                    expected: "a separator or `:` after a span",
                });
            }
            let bad = |reason| ParseRangeError::BadSpan {
                position: dash,
                reason,
            };
            let from_pair = from.hi == from.lo;
            if from_pair != (to.hi == to.lo) {
                return Err(bad("a span of pairs has a pair at both ends"));
            }
            if from_pair {
                return Ok(Item::Classes(from, to, Step::Pair));
            }
            if from.kind != to.kind {
                return Err(bad("both ends are suited, both offsuit, or both neither"));
            }
            if from.hi == to.hi {
                Ok(Item::Classes(from, to, Step::Kicker))
            } else if from.hi - from.lo == to.hi - to.lo {
                Ok(Item::Classes(from, to, Step::Gap))
            } else {
                Err(bad(
                    "the ends share the top card (A5s-A2s) or the gap between the cards (T9s-54s)",
                ))
            }
        }
        Some(c) => Err(ParseRangeError::Unexpected {
            position: cur.pos() - c.len_utf8(),
            found: c,
            expected: "`+`, `-`, `:` or a separator",
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combo_indices_cover_every_pair_of_cards_once() {
        let mut seen = [false; COMBOS];
        for hi in 1..52u8 {
            for lo in 0..hi {
                let i = combo_index(hi, lo);
                assert!(!seen[i]);
                seen[i] = true;
                assert_eq!(COMBO_CARDS[i], [hi, lo]);
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}
