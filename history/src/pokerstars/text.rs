//! Bytes to lines: the encodings, line ends and hand boundaries of real PokerStars
//! files. UTF-8 with or without a byte-order mark is read as is; anything that is
//! not valid UTF-8 is read as Windows-1252 (the client's older files, where `€` is
//! byte 0x80). Lines end at `\r\n`, `\n` or a lone `\r`; trailing blanks and a
//! byte-order mark at the start of any line (files concatenated together) are
//! dropped. A hand starts at a line beginning with `PokerStars ` and runs to the
//! next such line.

use std::borrow::Cow;

/// The text of a file: borrowed when it is UTF-8, decoded from Windows-1252
/// otherwise. A leading byte-order mark is removed.
pub fn decode(bytes: &[u8]) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(s) => Cow::Borrowed(s),
        Err(_) => Cow::Owned(bytes.iter().map(|&b| cp1252(b)).collect()),
    }
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

/// True for a line that starts a hand: `PokerStars Hand #...`, `PokerStars Game #`,
/// `PokerStars Zoom Hand #`, `PokerStars Home Game Hand #`, and the other languages'
/// headers that begin with a word and then `PokerStars` (`Mão PokerStars #`).
pub fn is_hand_start(line: &str) -> bool {
    is_english_start(line) || is_foreign_start(line)
}

/// `PokerStars ...#`: the English client's headers (and a few others that begin the
/// same way). Cheap enough for every line.
pub(crate) fn is_english_start(line: &str) -> bool {
    line.starts_with("PokerStars ") && line.as_bytes().contains(&b'#')
}

/// One or two words, then `PokerStars`, then a number: another language's header.
/// Looked for only where a hand can start (after a blank line).
pub(crate) fn is_foreign_start(line: &str) -> bool {
    if !line.as_bytes().contains(&b'#') {
        return false;
    }
    match line.find(" PokerStars ") {
        Some(i) => i <= 24,
        None => false,
    }
}

/// True for a line between hands that carries nothing: blank, or the
/// `*********** # 2 **************` separators of the client's exports.
pub fn is_filler(line: &str) -> bool {
    line.is_empty()
        || (line.starts_with("***********") && line.ends_with('*') && line.contains(" # "))
}

/// The `#` comment lines before the first hand (a file of the repository's data may
/// declare there the failure it must produce: `# expect-illegal: <text>`). The
/// client never writes them.
pub fn leading_comments(text: &str) -> impl Iterator<Item = &str> {
    lines(text)
        .map(|(_, l)| l)
        .take_while(|l| !is_hand_start(l))
        .filter(|l| l.starts_with('#'))
}

/// True when `text` looks like a PokerStars hand history: its first line that is not
/// filler starts a hand.
pub fn looks_like_pokerstars(text: &str) -> bool {
    lines(text)
        .map(|(_, l)| l)
        .find(|l| !is_filler(l) && !l.starts_with('#'))
        .is_some_and(is_hand_start)
}
