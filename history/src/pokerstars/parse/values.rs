//! Amounts, cards, numbers and the byte searches the line forms share.

use super::{Parser, R};
use holdem_cards::Card;

use crate::pokerstars::ast::{Amount, CardList, Currency};
use crate::pokerstars::error::PokerStarsErrorKind as Kind;

impl Parser {
    /// `$0.25`, `€1`, `1500`: exact hundredths in `currency`.
    pub(super) fn amount(&self, text: &str, currency: Currency) -> R<Amount> {
        let bad = |reason: &'static str| {
            self.err(Kind::Amount {
                text: text.to_string(),
                reason,
            })
        };
        let mut chars = text.chars();
        let body = match chars.next() {
            Some(c @ ('$' | '€' | '£' | '₹')) => {
                if currency.symbol() != Some(c) {
                    return Err(bad("its currency is not the header's"));
                }
                chars.as_str()
            }
            Some(_) => text,
            None => return Err(bad("empty")),
        };
        parse_amount(body).ok_or_else(|| bad("not a number with at most two decimals"))
    }

    /// `[Ah Kd]` at the start of `text`: the cards and the text after `]`.
    pub(super) fn cards<'a>(&self, text: &'a str) -> R<(CardList, &'a str)> {
        let inner = text
            .strip_prefix('[')
            .and_then(|t| split_byte(t, b']'))
            .ok_or_else(|| self.malformed("cards in brackets `[Ah Kd]`", text))?;
        // The client writes `Ah Kd`: two-byte cards, one space apart.
        if let Some(cards) = two_byte_cards(inner.0) {
            return Ok((cards, inner.1));
        }
        let mut cards = CardList::new();
        for token in inner.0.split(' ').filter(|t| !t.is_empty()) {
            let card: Card = token.parse().map_err(|e: holdem_cards::ParseCardError| {
                self.err(Kind::Cards {
                    text: inner.0.to_string(),
                    reason: e.to_string(),
                })
            })?;
            if cards.contains(&card) {
                return Err(self.err(Kind::Cards {
                    text: inner.0.to_string(),
                    reason: format!("{card} is written twice"),
                }));
            }
            if cards.try_push(card).is_err() {
                return Err(self.err(Kind::Cards {
                    text: inner.0.to_string(),
                    reason: "more than five cards".to_string(),
                }));
            }
        }
        Ok((cards, inner.1))
    }

    // ---- the play -----------------------------------------------------------
}

/// A non-empty run of ASCII digits as a number (at most 19 digits).
pub(crate) fn digits(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 19 {
        return None;
    }
    let mut v: u64 = 0;
    for b in s.bytes() {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        // At most 19 digits: below 10^19 < 2^64.
        v = v * 10 + u64::from(d);
    }
    Some(v)
}

/// `25`, `0.25`, `1500`, `3.5`: hundredths; `None` for anything else.
pub(crate) fn parse_amount(s: &str) -> Option<Amount> {
    let bytes = s.as_bytes();
    let dot = bytes.iter().position(|&b| b == b'.');
    let (whole, frac) = match dot {
        Some(i) => (bytes.get(..i)?, bytes.get(i + 1..)?),
        None => (bytes, &[][..]),
    };
    if whole.is_empty() || whole.len() > 17 || (dot.is_some() && !matches!(frac.len(), 1 | 2)) {
        return None;
    }
    let mut v: u64 = 0;
    for &b in whole.iter().chain(frac) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        // At most 19 digits in all: below 10^19 < 2^64.
        v = v * 10 + u64::from(d);
    }
    let scale = match frac.len() {
        0 => 100,
        1 => 10,
        _ => 1,
    };
    Some(Amount(v * scale))
}

/// The index of the first byte `b` (ASCII) in `s`, eight bytes at a time
/// ([`crate::sites::text::find_byte`]).
#[inline]
pub(crate) fn find_byte(s: &str, b: u8) -> Option<usize> {
    crate::sites::text::find_byte(s.as_bytes(), b)
}

/// `s` split at the first byte `b` (ASCII), which belongs to neither part.
#[inline]
pub(super) fn split_byte(s: &str, b: u8) -> Option<(&str, &str)> {
    let i = find_byte(s, b)?;
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// Cards written as the client writes them (`Ah Kd 2c`: a rank and a suit letter
/// each, one space apart, no card twice, at most five), or `None` for anything
/// else, which the general reader then reads or refuses with its reason.
fn two_byte_cards(text: &str) -> Option<CardList> {
    use holdem_cards::{Rank, Suit};
    let b = text.as_bytes();
    if b.len() % 3 != 2 || b.len() > 14 {
        return None;
    }
    let mut cards = CardList::new();
    let mut seen = 0u64;
    for (i, c) in b.chunks(3).enumerate() {
        let (&r, &u) = (c.first()?, c.get(1)?);
        if i > 0 && b.get(i * 3 - 1) != Some(&b' ') {
            return None;
        }
        let card = Card::new(Rank::from_char(r as char)?, Suit::from_char(u as char)?);
        if seen & card.bit() != 0 {
            return None;
        }
        seen |= card.bit();
        cards.push(card);
    }
    Some(cards)
}

/// `s` cut at its last `' ` (a table name may hold quotes and spaces).
pub(super) fn rsplit_at_quote_space(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let at = b.windows(2).rposition(|w| w == b"' ")?;
    Some((s.get(..at)?, s.get(at + 2..)?))
}

/// `s` split at the first `pat`: the text before and after it.
pub(crate) fn split_at<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let p = pat.as_bytes();
    let first = *p.first()?;
    let bytes = s.as_bytes();
    let mut from = 0;
    while let Some(i) = find_byte(s.get(from..)?, first) {
        let at = from + i;
        if bytes.get(at..at + p.len()) == Some(p) {
            return Some((s.get(..at)?, s.get(at + p.len()..)?));
        }
        from = at + 1;
    }
    None
}

/// Exactly `N` numbers of at most four digits separated by `sep`.
pub(super) fn numbers<const N: usize>(s: &str, sep: u8) -> Option<[u64; N]> {
    let mut out = [0u64; N];
    let mut i = 0;
    let mut len = 0;
    for b in s.bytes() {
        if b == sep {
            if len == 0 {
                return None;
            }
            i += 1;
            len = 0;
            if i >= N {
                return None;
            }
            continue;
        }
        let d = b.wrapping_sub(b'0');
        if d > 9 || len >= 4 {
            return None;
        }
        let slot = out.get_mut(i)?;
        *slot = *slot * 10 + u64::from(d);
        len += 1;
    }
    (i + 1 == N && len > 0).then_some(out)
}

#[cfg(test)]
mod byte_search {
    use super::{find_byte, split_at};

    #[test]
    pub(super) fn find_byte_agrees_with_a_plain_scan_at_every_place_and_length() {
        // Every length to 40 and every place of the byte, with other bytes around
        // it that differ from it by one bit or by a borrow (0x27, 0x29, 0xA8...).
        for len in 0..40 {
            for at in 0..=len {
                for (b, other) in [(b'(', b')'), (b'(', b'\''), (b' ', b'!'), (b'$', 0xA8)] {
                    let mut bytes = vec![other; len];
                    if at < len {
                        bytes[at] = b;
                        if at + 1 < len {
                            bytes[at + 1] = b;
                        }
                    }
                    let text: String = bytes.iter().map(|&x| char::from(x)).collect();
                    let want = text.bytes().position(|x| x == b);
                    assert_eq!(find_byte(&text, b), want, "{text:?} {b}");
                }
            }
        }
        assert_eq!(find_byte("Seat 1: né (€5 in chips)", b'('), Some(12));
    }

    #[test]
    pub(super) fn split_at_finds_the_first_whole_pattern() {
        assert_eq!(split_at("a -b - c", " - "), Some(("a -b", "c")));
        assert_eq!(split_at("€1 to €2", " to "), Some(("€1", "€2")));
        assert_eq!(split_at("abc", " - "), None);
    }
}
