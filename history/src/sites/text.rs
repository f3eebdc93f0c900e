//! Bytes to lines, for every site: the encodings and line ends of real hand-history
//! files. UTF-8 with or without a byte-order mark is read as is; anything that is
//! not valid UTF-8 is read as Windows-1252 (the clients' older files, where `€` is
//! byte 0x80). Lines end at `\r\n`, `\n` or a lone `\r`; trailing blanks and a
//! byte-order mark at the start of any line (files concatenated together) are
//! dropped. Where a hand starts is the site's business (each site module has its
//! own header test).

use std::borrow::Cow;

use holdem_cards::{Card, Rank, Suit};

use super::ast::CardList;

/// The text of a file: UTF-16 (little or big endian) when it begins with that
/// byte-order mark; else borrowed when it is UTF-8, decoded from Windows-1252
/// otherwise. A leading byte-order mark is removed; an odd last byte of UTF-16
/// text and unpaired surrogates read as U+FFFD.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    if let Some(rest) = bytes.strip_prefix(b"\xFF\xFE") {
        return Cow::Owned(utf16(rest, u16::from_le_bytes));
    }
    if let Some(rest) = bytes.strip_prefix(b"\xFE\xFF") {
        return Cow::Owned(utf16(rest, u16::from_be_bytes));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| cp1252(b)).collect()),
    }
}

/// UTF-16 code units (two bytes each, in the order `unit` reads them) as text.
fn utf16(bytes: &[u8], unit: fn([u8; 2]) -> u16) -> String {
    let units = bytes
        .chunks(2)
        .map(|c| <[u8; 2]>::try_from(c).map_or(0xFFFD, unit));
    char::decode_utf16(units)
        .map(|c| c.unwrap_or('\u{FFFD}'))
        .collect()
}

/// Whether `head` (the first bytes of a file) begins with a UTF-16 byte-order
/// mark: such a file is read whole and decoded ([`utf8_reader`]).
pub fn is_utf16(head: &[u8]) -> bool {
    head.starts_with(b"\xFF\xFE") || head.starts_with(b"\xFE\xFF")
}

/// A reader of `input` as UTF-8 or single-byte text, for readers that cut lines
/// at `\n` bytes: a UTF-16 file (by its byte-order mark) is read whole and given
/// as UTF-8; any other input is passed through as it is.
///
/// # Errors
/// The input's read errors.
pub fn utf8_reader<R: std::io::BufRead + Send + 'static>(
    mut input: R,
) -> std::io::Result<Box<dyn std::io::BufRead + Send>> {
    if !is_utf16(input.fill_buf()?) {
        return Ok(Box::new(input));
    }
    let mut bytes = Vec::new();
    input.read_to_end(&mut bytes)?;
    let text = decode(&bytes).into_owned();
    Ok(Box::new(std::io::Cursor::new(text.into_bytes())))
}

/// One Windows-1252 byte as a character. The five bytes the code page leaves
/// undefined read as their Latin-1 control characters.
fn cp1252(b: u8) -> char {
    const HIGH: [char; 32] = [
        '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8D}', 'Ž',
        '\u{8F}', '\u{90}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{9D}',
        'ž', 'Ÿ',
    ];
    match b {
        0x80..=0x9F => HIGH
            .get(usize::from(b - 0x80))
            .copied()
            .unwrap_or('\u{FFFD}'),
        _ => char::from(b),
    }
}

/// The lines of `text` with their 1-based numbers, line ends, trailing blanks and
/// byte-order marks removed.
pub fn lines(text: &str) -> Lines<'_> {
    Lines {
        rest: text,
        number: 0,
    }
}

/// Iterator of [`lines`].
#[derive(Clone, Debug)]
pub struct Lines<'a> {
    rest: &'a str,
    number: u32,
}

/// The index of the first `\n` or `\r` in `bytes` (its length if none): eight bytes
/// a step (a word compared against both bytes at once), then byte by byte.
#[inline]
fn line_end(bytes: &[u8]) -> usize {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const NL: u64 = LO * b'\n' as u64;
    const CR: u64 = LO * b'\r' as u64;
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let w = u64::from_le_bytes(word);
        let (a, b) = (w ^ NL, w ^ CR);
        // A zero byte of `a` or `b` is a `\n` or `\r`; the lowest flag is exact.
        let hit = ((a.wrapping_sub(LO) & !a) | (b.wrapping_sub(LO) & !b)) & HI;
        if hit != 0 {
            return at + (hit.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    let tail = chunks.remainder();
    at + tail
        .iter()
        .position(|&b| b == b'\n' || b == b'\r')
        .unwrap_or(tail.len())
}

impl<'a> Iterator for Lines<'a> {
    type Item = (u32, &'a str);

    fn next(&mut self) -> Option<(u32, &'a str)> {
        if self.rest.is_empty() {
            return None;
        }
        let bytes = self.rest.as_bytes();
        // A line ends at `\n`, `\r\n` or a lone `\r`.
        let end = line_end(bytes);
        let skip = match (bytes.get(end), bytes.get(end + 1)) {
            (Some(b'\r'), Some(b'\n')) => 2,
            (Some(_), _) => 1,
            (None, _) => 0,
        };
        let mut start = 0;
        while bytes.get(start) == Some(&0xEF)
            && bytes.get(start..(start + 3).min(end)) == Some(b"\xEF\xBB\xBF")
        {
            start += 3;
        }
        let mut stop = end;
        while stop > start && matches!(bytes.get(stop - 1), Some(b' ' | b'\t')) {
            stop -= 1;
        }
        // (Cut at ASCII bytes and after whole byte-order marks: char boundaries.)
        let line = self.rest.get(start..stop).unwrap_or("");
        self.rest = self.rest.get(end + skip..).unwrap_or("");
        self.number = self.number.saturating_add(1);
        Some((self.number, line))
    }
}

/// The line with the thousands separators of its numbers removed (`9,680` as
/// `9680`): a comma between a digit and exactly three digits.
pub fn without_separators(line: &str) -> Cow<'_, str> {
    let b = line.as_bytes();
    let digit = |i: usize| b.get(i).is_some_and(u8::is_ascii_digit);
    let is_sep = |i: usize| {
        i > 0 && digit(i - 1) && digit(i + 1) && digit(i + 2) && digit(i + 3) && !digit(i + 4)
    };
    // (Most lines hold no comma: eight bytes a step find so.)
    let mut out: Option<String> = None;
    let mut copied = 0;
    let mut from = 0;
    while let Some(i) = b.get(from..).and_then(|r| find_byte(r, b',')) {
        let at = from + i;
        if is_sep(at) {
            let o = out.get_or_insert_with(|| String::with_capacity(line.len()));
            o.push_str(line.get(copied..at).unwrap_or(""));
            copied = at + 1;
        }
        from = at + 1;
    }
    match out {
        None => Cow::Borrowed(line),
        Some(mut o) => {
            o.push_str(line.get(copied..).unwrap_or(""));
            Cow::Owned(o)
        }
    }
}

/// The first of `names` that `line` begins with, followed by a space or a colon
/// (a seated player's action or chat), split from the rest of the line; `None`
/// when the line begins with no seated player's name.
pub(crate) fn split_player<'a>(line: &'a str, names: &[&str]) -> Option<(&'a str, &'a str)> {
    let first = line.as_bytes().first();
    names.iter().find_map(|n| {
        // (The first byte first: most names differ there, without a compare call.)
        if !n.is_empty() && n.as_bytes().first() != first {
            return None;
        }
        let rest = line.strip_prefix(*n)?;
        (rest.starts_with(' ') || rest.starts_with(':')).then(|| line.split_at(n.len()))
    })
}

/// The seat name that `rest` begins with, followed by a blank (the longest, as
/// names hold blanks), and what follows the blank.
pub(crate) fn split_name<'a, 'n>(rest: &'a str, names: &[&'n str]) -> Option<(&'n str, &'a str)> {
    let first = rest.as_bytes().first()?;
    names
        .iter()
        .filter(|n| {
            n.as_bytes().first().is_none_or(|b| b == first)
                && rest.strip_prefix(**n).is_some_and(|r| r.starts_with(' '))
        })
        .max_by_key(|n| n.len())
        .map(|n| (*n, rest.get(n.len() + 1..).unwrap_or("")))
}

/// The cards of `parts` (each `Ah Kd`, `10d Js` or `Td`: cards one blank apart,
/// as the text inside brackets writes them), in order: at most five, none twice.
///
/// # Errors
/// [`ImportErrorKind::Cards`](super::ImportErrorKind::Cards) naming the text and
/// what is wrong with it.
pub(crate) fn card_list(parts: &[&str]) -> Result<CardList, super::ImportErrorKind> {
    let mut cards = CardList::new();
    let mut seen = 0u64;
    for part in parts {
        let bad = |reason: String| super::ImportErrorKind::Cards {
            text: super::error::shorten(part),
            reason,
        };
        for token in part.split(' ').filter(|t| !t.is_empty()) {
            // (Two bytes, a rank and a suit, as nearly every card is written.)
            let quick = match *token.as_bytes() {
                [r, s] => Rank::from_char(char::from(r))
                    .zip(Suit::from_char(char::from(s)))
                    .map(|(r, s)| Card::new(r, s)),
                _ => None,
            };
            let card = match quick {
                Some(c) => c,
                None => token
                    .parse::<Card>()
                    .map_err(|e: holdem_cards::ParseCardError| bad(e.to_string()))?,
            };
            if seen & card.bit() != 0 {
                return Err(bad(format!("{card} is written twice")));
            }
            seen |= card.bit();
            cards
                .try_push(card)
                .map_err(|_| bad("more than five cards".to_string()))?;
        }
    }
    Ok(cards)
}

/// `[Ah Kd]` at the start of `s` ([`card_list`]): the cards and the text after the
/// `]`.
///
/// # Errors
/// [`ImportErrorKind::Malformed`](super::ImportErrorKind::Malformed) without the
/// brackets, else as [`card_list`].
pub(crate) fn bracketed_cards(s: &str) -> Result<(CardList, &str), super::ImportErrorKind> {
    let (inner, rest) = s
        .strip_prefix('[')
        .and_then(|t| t.split_once(']'))
        .ok_or_else(|| super::error::malformed("cards in brackets `[Ah Kd]`", s))?;
    Ok((card_list(&[inner])?, rest))
}

/// `s` split at the last `pat`: the text before and after it.
pub(crate) fn rsplit_at<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let (b, p) = (s.as_bytes(), pat.as_bytes());
    let first = *p.first()?;
    let last = b.len().checked_sub(p.len())?;
    let at = (0..=last)
        .rev()
        .find(|&i| b.get(i) == Some(&first) && b.get(i..i + p.len()) == Some(p))?;
    Some((s.get(..at)?, s.get(at + p.len()..)?))
}

/// The index of the first byte `b` in `bytes`, eight bytes a step (as
/// [`line_end`]): a byte of the word XORed with the pattern is zero where the
/// text holds `b`, and the lowest flagged byte is exact (a borrow only reaches
/// the bytes above it).
#[inline]
pub(crate) fn find_byte(bytes: &[u8], b: u8) -> Option<usize> {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let pattern = LO * u64::from(b);
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let word = <[u8; 8]>::try_from(chunk).ok()?;
        let w = u64::from_le_bytes(word) ^ pattern;
        let hit = w.wrapping_sub(LO) & !w & HI;
        if hit != 0 {
            return Some(at + (hit.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&x| x == b)
        .map(|i| at + i)
}

/// `s` split at the first `pat` (of two bytes or more), which belongs to neither
/// part. The search goes by the pattern's second byte, which in the sites'
/// patterns (` collected `, ` (Total Pot`, `. Rake `) is rarer in the text than
/// their leading blank.
pub(crate) fn split_str<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let (b, p) = (s.as_bytes(), pat.as_bytes());
    let (&first, tail) = p.split_first()?;
    let &second = tail.first()?;
    let mut from = 1;
    while let Some(i) = b.get(from..).and_then(|r| find_byte(r, second)) {
        let at = from + i - 1;
        if b.get(at) == Some(&first) && b.get(at..at + p.len()) == Some(p) {
            return Some((s.get(..at)?, s.get(at + p.len()..)?));
        }
        from += i + 1;
    }
    None
}

/// What is out of form in a street marker's cards ([`street_cards`]).
pub(crate) enum StreetFault {
    /// Something other than the cards: what was expected.
    Malformed(&'static str),
    /// The counts of cards: why they are wrong.
    Counts(String),
}

/// The cards after a street marker (`*** FLOP *** [..]`, `*** TURN *** [..] [..]`,
/// `*** RIVER *** [..] [..]`): the cards written before (the board so far: none on
/// the flop) and the new ones, three on the flop and one after. `cards` reads one
/// bracketed list and what follows it; `fault` makes the caller's error.
#[inline]
pub(crate) fn street_cards<'a, E>(
    street: super::ast::Street,
    text: &'a str,
    cards: impl Fn(&'a str) -> Result<(CardList, &'a str), E>,
    fault: impl Fn(StreetFault) -> E,
) -> Result<(CardList, CardList), E> {
    use super::ast::Street;
    let (first, rest) = cards(text)?;
    let (before, new) = if street == Street::Flop {
        if !rest.is_empty() {
            return Err(fault(StreetFault::Malformed(
                "nothing after the flop's cards",
            )));
        }
        (CardList::new(), first)
    } else {
        let (second, tail) = cards(rest.trim_start())?;
        if !tail.is_empty() {
            return Err(fault(StreetFault::Malformed("nothing after the new card")));
        }
        (first, second)
    };
    let (want, before_want) = match street {
        Street::Flop => (3, 0),
        Street::Turn => (1, 3),
        Street::River => (1, 4),
    };
    if new.len() != want || before.len() != before_want {
        return Err(fault(StreetFault::Counts(format!(
            "this street shows {before_want} earlier cards and deals {want}, not {} and {}",
            before.len(),
            new.len()
        ))));
    }
    Ok((before, new))
}
