//! A small tolerant XML reader: elements, attributes in double or single quotes,
//! text, the five named entities; the declaration and comments skipped; line
//! breaks anywhere or nowhere.
//!
//! A session is read into one [`Doc`]: its elements in a flat list (each with the
//! index of its first child and of its next sibling) and their attributes in
//! another, everything borrowed from the session's text where no entity was
//! decoded, so an element costs no allocation of its own.

use std::borrow::Cow;

use super::super::error::{ImportError, malformed};
use crate::pokerstars::parse::find_byte;

/// No element (the end of a list of children).
const NONE: usize = usize::MAX;

/// One element as read: name, line, attributes (a range of [`Doc::attrs`]), text
/// and its links.
#[derive(Debug)]
struct Node<'a> {
    name: &'a str,
    line: u32,
    attrs: (usize, usize),
    /// The text pieces between its children joined; whitespace-only pieces before
    /// the first other piece are left out (every reader trims the text).
    text: Cow<'a, str>,
    first_child: usize,
    next: usize,
}

/// The elements read from one text, borrowed from it.
#[derive(Debug, Default)]
pub(super) struct Doc<'a> {
    nodes: Vec<Node<'a>>,
    attrs: Vec<(&'a str, Cow<'a, str>)>,
}

impl<'a> Doc<'a> {
    /// Room for the elements of a text of `bytes` (an element and three
    /// attributes in about 60 bytes of iPoker's XML).
    pub(super) fn with_capacity(bytes: usize) -> Self {
        Doc {
            nodes: Vec::with_capacity(bytes / 60),
            attrs: Vec::with_capacity(bytes / 20),
        }
    }

    /// Forgets every element (the storage is kept for the next session).
    pub(super) fn clear(&mut self) {
        self.nodes.clear();
        self.attrs.clear();
    }

    /// The element at `index` (as [`Reader::element`] returns it).
    pub(super) fn get(&self, index: usize) -> Option<Element<'_, 'a>> {
        let node = self.nodes.get(index)?;
        Some(Element { doc: self, node })
    }
}

/// One element of a [`Doc`]: its name, attributes, text and children, with the
/// line its start tag is on.
#[derive(Clone, Copy, Debug)]
pub(super) struct Element<'d, 'a> {
    doc: &'d Doc<'a>,
    node: &'d Node<'a>,
}

impl<'d, 'a> Element<'d, 'a> {
    pub(super) fn name(&self) -> &'a str {
        self.node.name
    }

    pub(super) fn line(&self) -> u32 {
        self.node.line
    }

    /// The element's text (read it trimmed: see [`Node::text`]).
    pub(super) fn text(&self) -> &'d str {
        &self.node.text
    }

    pub(super) fn attr(&self, name: &str) -> Option<&'d str> {
        let (from, to) = self.node.attrs;
        self.doc
            .attrs
            .get(from..to)?
            .iter()
            .find(|(k, _)| same(k, name))
            .map(|(_, v)| &**v)
    }

    pub(super) fn child(&self, name: &str) -> Option<Element<'d, 'a>> {
        self.children(name).next()
    }

    pub(super) fn children<'n>(&self, name: &'n str) -> Children<'d, 'a, 'n> {
        Children {
            doc: self.doc,
            next: self.node.first_child,
            name,
        }
    }

    pub(super) fn child_text(&self, name: &str) -> Option<&'d str> {
        self.child(name).map(|c| trim(c.text()))
    }
}

/// The children of one name of an element, in order.
pub(super) struct Children<'d, 'a, 'n> {
    doc: &'d Doc<'a>,
    next: usize,
    name: &'n str,
}

impl<'d, 'a> Iterator for Children<'d, 'a, '_> {
    type Item = Element<'d, 'a>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let node = self.doc.nodes.get(self.next)?;
            self.next = node.next;
            if same(node.name, self.name) {
                return Some(Element {
                    doc: self.doc,
                    node,
                });
            }
        }
    }
}

/// `text` with the five named entities and numeric references decoded.
fn unescape(text: &str) -> Cow<'_, str> {
    if find_byte(text, b'&').is_none() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = find_byte(rest, b'&') {
        out.push_str(rest.get(..i).unwrap_or(""));
        let after = rest.get(i..).unwrap_or("");
        let end = find_byte(after, b';').filter(|&e| e <= 10);
        let entity = end.and_then(|e| after.get(1..e));
        let c = match entity {
            Some("amp") => Some('&'),
            Some("lt") => Some('<'),
            Some("gt") => Some('>'),
            Some("quot") => Some('"'),
            Some("apos") => Some('\''),
            Some(e) if e.starts_with("#x") => e
                .get(2..)
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .and_then(char::from_u32),
            Some(e) if e.starts_with('#') => e
                .get(1..)
                .and_then(|d| d.parse().ok())
                .and_then(char::from_u32),
            _ => None,
        };
        match (c, end) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = after.get(e + 1..).unwrap_or("");
            }
            _ => {
                out.push('&');
                rest = after.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// True for the bytes `char::is_whitespace` holds in ASCII.
pub(super) fn is_space(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | 0x0b | 0x0c | b'\r' | b' ')
}

/// `s` without its leading whitespace, as `str::trim_start` (ASCII first).
fn trim_start(s: &str) -> &str {
    let i = s.bytes().position(|b| !is_space(b)).unwrap_or(s.len());
    let r = s.get(i..).unwrap_or("");
    match r.as_bytes().first() {
        Some(&b) if b >= 0x80 => r.trim_start(),
        _ => r,
    }
}

/// `s` without its leading and trailing whitespace, as `str::trim` (ASCII first).
pub(super) fn trim(s: &str) -> &str {
    // (Most text starts and ends with a visible ASCII character: nothing to trim.)
    let plain = |b: Option<&u8>| b.is_some_and(|&c| c < 0x80 && !is_space(c));
    if plain(s.as_bytes().first()) && plain(s.as_bytes().last()) {
        return s;
    }
    let s = trim_start(s);
    let i = s.bytes().rposition(|b| !is_space(b)).map_or(0, |i| i + 1);
    let r = s.get(..i).unwrap_or("");
    match r.as_bytes().last() {
        Some(&b) if b >= 0x80 => r.trim_end(),
        _ => r,
    }
}

/// The index in `s` of the first byte from `i` on that does not start
/// whitespace (`str::trim_start`'s whitespace).
fn skip_space(s: &str, mut i: usize) -> usize {
    let b = s.as_bytes();
    while b.get(i).is_some_and(|&c| is_space(c)) {
        i += 1;
    }
    if b.get(i).is_some_and(|&c| c >= 0x80) {
        let rest = s.get(i..).unwrap_or("");
        i = s.len() - rest.trim_start().len();
    }
    i
}

/// True when `a` is `b` (the first bytes compared first: most names differ
/// there).
pub(super) fn same(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.as_bytes().first() == b.as_bytes().first() && a == b
}

/// A small tolerant XML reader over `text` whose first line is `first_line`.
/// The line of a place is found from where each line starts (a cursor that only
/// moves on, as the reader does).
pub(super) struct Reader<'a> {
    text: &'a str,
    at: usize,
    /// Where each line after the first starts.
    starts: &'a [usize],
    /// The lines whose start is at or before the reader's last asked place.
    passed: usize,
    first_line: u32,
}

impl<'a> Reader<'a> {
    /// A reader of `text`, whose lines after the first start at `starts`.
    pub(super) fn new(text: &'a str, starts: &'a [usize], first_line: u32) -> Self {
        Reader {
            text,
            at: 0,
            starts,
            passed: 0,
            first_line,
        }
    }

    pub(super) fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or("")
    }

    /// The line of the reader's place.
    fn line_now(&mut self) -> u32 {
        while self.starts.get(self.passed).is_some_and(|&s| s <= self.at) {
            self.passed += 1;
        }
        let passed = u32::try_from(self.passed).unwrap_or(u32::MAX);
        self.first_line.saturating_add(passed)
    }

    /// Moves `n` bytes on.
    fn advance(&mut self, n: usize) {
        self.at = (self.at + n).min(self.text.len());
    }

    pub(super) fn fail(&mut self, expected: &'static str) -> ImportError {
        let found = self.rest().lines().next().unwrap_or("");
        ImportError {
            hand: None,
            line: self.line_now(),
            kind: malformed(expected, found.trim()),
        }
    }

    /// Skips the declaration, comments and processing instructions; returns the
    /// text before the next tag.
    pub(super) fn text_until_tag(&mut self) -> Result<Cow<'a, str>, ImportError> {
        // Most text is a short piece with no entity before a tag.
        let rest = self.rest();
        let b = rest.as_bytes();
        let mut i = 0;
        while b.get(i).is_some_and(|&c| c != b'<' && c != b'&') {
            i += 1;
        }
        if b.get(i) == Some(&b'<') && !matches!(b.get(i + 1), Some(b'!' | b'?')) {
            self.advance(i);
            return Ok(Cow::Borrowed(rest.get(..i).unwrap_or("")));
        }
        // Borrowed while the text is one piece (no comment inside it).
        let mut text: Cow<'a, str> = Cow::Borrowed("");
        let mut add = |piece: &'a str| {
            if text.is_empty() {
                text = Cow::Borrowed(piece);
            } else if !piece.is_empty() {
                text.to_mut().push_str(piece);
            }
        };
        loop {
            let rest = self.rest();
            let Some(i) = find_byte(rest, b'<') else {
                add(rest);
                self.advance(rest.len());
                return Ok(text);
            };
            add(rest.get(..i).unwrap_or(""));
            self.advance(i);
            let rest = self.rest();
            let close = match rest.as_bytes().get(1) {
                Some(b'!') if rest.starts_with("<!--") => Some("-->"),
                Some(b'!') => Some(">"),
                Some(b'?') => Some("?>"),
                _ => None,
            };
            match close {
                Some(c) => {
                    let end = rest
                        .find(c)
                        .ok_or_else(|| self.fail("the end of a comment or declaration"))?;
                    self.advance(end + c.len());
                }
                None => {
                    return Ok(match text {
                        Cow::Borrowed(t) => unescape(t),
                        Cow::Owned(t) => Cow::Owned(unescape(&t).into_owned()),
                    });
                }
            }
        }
    }

    /// The attributes of a start tag (after its name) into `doc`, in one pass
    /// over its bytes.
    fn attributes(&mut self, doc: &mut Doc<'a>, tag: &'a str) -> Result<(), ImportError> {
        let b = tag.as_bytes();
        let mut i = skip_space(tag, 0);
        while i < b.len() {
            let key_start = i;
            while b.get(i).is_some_and(|&c| c != b'=') {
                i += 1;
            }
            if i >= b.len() {
                return Err(self.fail("attributes `NAME=\"VALUE\"`"));
            }
            let key = trim(tag.get(key_start..i).unwrap_or(""));
            i = skip_space(tag, i + 1);
            let quote = match b.get(i) {
                Some(&q @ (b'"' | b'\'')) => q,
                _ => return Err(self.fail("an attribute value in quotes")),
            };
            i += 1;
            let value_start = i;
            let mut entity = false;
            while let Some(&c) = b.get(i) {
                if c == quote {
                    break;
                }
                entity |= c == b'&';
                i += 1;
            }
            if i >= b.len() {
                return Err(self.fail("an attribute value in quotes"));
            }
            let value = tag.get(value_start..i).unwrap_or("");
            let value = if entity {
                unescape(value)
            } else {
                Cow::Borrowed(value)
            };
            doc.attrs.push((key, value));
            i = skip_space(tag, i + 1);
        }
        Ok(())
    }

    /// Reads one element (the reader is at its `<`), its children and its end tag
    /// into `doc`; returns its index there.
    pub(super) fn element(&mut self, doc: &mut Doc<'a>, depth: u32) -> Result<usize, ImportError> {
        if depth > 16 {
            return Err(self.fail("elements nested at most 16 deep"));
        }
        let line = self.line_now();
        let rest = self.rest();
        let end = find_byte(rest, b'>').ok_or_else(|| self.fail("a tag closed by `>`"))?;
        let tag = rest.get(1..end).unwrap_or("");
        let (tag, empty) = match tag.strip_suffix('/') {
            Some(t) => (t, true),
            None => (tag, false),
        };
        let tag = trim(tag);
        let name_end = match tag.bytes().position(|b| is_space(b) || b >= 0x80) {
            Some(i) if tag.as_bytes().get(i).is_some_and(|&b| b >= 0x80) => {
                tag.find(char::is_whitespace).unwrap_or(tag.len())
            }
            Some(i) => i,
            None => tag.len(),
        };
        let name = tag.get(..name_end).unwrap_or("");
        if name.is_empty() || name.starts_with('/') {
            return Err(self.fail("a start tag `<NAME ...>`"));
        }
        let from = doc.attrs.len();
        self.attributes(doc, tag.get(name_end..).unwrap_or(""))?;
        let index = doc.nodes.len();
        doc.nodes.push(Node {
            name,
            line,
            attrs: (from, doc.attrs.len()),
            text: Cow::Borrowed(""),
            first_child: NONE,
            next: NONE,
        });
        self.advance(end + 1);
        if empty {
            return Ok(index);
        }
        let mut text: Cow<'a, str> = Cow::Borrowed("");
        // Whether `text` is blank so far.
        let mut blank = true;
        let mut last = NONE;
        loop {
            // (Blanks then a tag, the common case between children, are skipped
            // in place while the text is blank: it is read trimmed.)
            let b = self.rest().as_bytes();
            let i = b.iter().position(|&c| !is_space(c)).unwrap_or(b.len());
            if blank && b.get(i) == Some(&b'<') && !matches!(b.get(i + 1), Some(b'!' | b'?')) {
                self.advance(i);
            } else {
                let piece = self.text_until_tag()?;
                if blank {
                    blank = trim_start(&piece).is_empty();
                    text = piece;
                } else if !piece.is_empty() {
                    text.to_mut().push_str(&piece);
                }
            }
            let rest = self.rest();
            if rest.is_empty() {
                return Err(self.fail("an end tag"));
            }
            if let Some(r) = rest.strip_prefix("</") {
                let close = find_byte(r, b'>').ok_or_else(|| self.fail("an end tag `</NAME>`"))?;
                if r.get(..close).map(trim) != Some(name) {
                    return Err(self.fail("the end tag of the element open"));
                }
                self.advance(close + 3);
                if let Some(node) = doc.nodes.get_mut(index) {
                    node.text = text;
                }
                return Ok(index);
            }
            let child = self.element(doc, depth + 1)?;
            let link = if last == NONE {
                doc.nodes.get_mut(index).map(|n| &mut n.first_child)
            } else {
                doc.nodes.get_mut(last).map(|n| &mut n.next)
            };
            if let Some(link) = link {
                *link = child;
            }
            last = child;
        }
    }
}
