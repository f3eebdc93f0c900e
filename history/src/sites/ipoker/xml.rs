//! A small tolerant XML reader: elements, attributes in double or single quotes,
//! text, the five named entities; the declaration and comments skipped; line
//! breaks anywhere or nowhere.

use std::borrow::Cow;

use super::super::error::{ImportError, malformed};

/// One element of the XML: its name, attributes, text and children, with the
/// line its start tag is on; borrowed from the session's text where no entity
/// was decoded.
#[derive(Debug, Default)]
pub(super) struct Element<'a> {
    pub(super) name: &'a str,
    pub(super) attrs: Vec<(&'a str, Cow<'a, str>)>,
    pub(super) text: Cow<'a, str>,
    pub(super) children: Vec<Element<'a>>,
    pub(super) line: u32,
}

impl<'a> Element<'a> {
    pub(super) fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| *k == name)
            .map(|(_, v)| &**v)
    }

    pub(super) fn child(&self, name: &str) -> Option<&Element<'a>> {
        self.children.iter().find(|c| c.name == name)
    }

    pub(super) fn children<'s>(
        &'s self,
        name: &'s str,
    ) -> impl Iterator<Item = &'s Element<'a>> + 's {
        self.children.iter().filter(move |c| c.name == name)
    }

    pub(super) fn child_text(&self, name: &str) -> Option<&str> {
        self.child(name).map(|c| c.text.trim())
    }
}

/// `text` with the five named entities and numeric references decoded.
fn unescape(text: &str) -> Cow<'_, str> {
    if !text.contains('&') {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(rest.get(..i).unwrap_or(""));
        let after = rest.get(i..).unwrap_or("");
        let end = after.find(';').filter(|&e| e <= 10);
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

/// A small tolerant XML reader over `text` whose first line is `first_line`.
pub(super) struct Reader<'a> {
    pub(super) text: &'a str,
    pub(super) at: usize,
    pub(super) line: u32,
}

impl<'a> Reader<'a> {
    pub(super) fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or("")
    }

    /// Moves `n` bytes on, counting line ends.
    pub(super) fn advance(&mut self, n: usize) {
        let skipped = self.text.get(self.at..self.at + n).unwrap_or("");
        let ends = skipped.bytes().filter(|&b| b == b'\n').count();
        self.line = self
            .line
            .saturating_add(u32::try_from(ends).unwrap_or(u32::MAX));
        self.at = (self.at + n).min(self.text.len());
    }

    pub(super) fn fail(&self, expected: &'static str) -> ImportError {
        let found = self.rest().lines().next().unwrap_or("");
        ImportError {
            hand: None,
            line: self.line,
            kind: malformed(expected, found.trim()),
        }
    }

    /// Skips the declaration, comments and processing instructions; returns the
    /// text before the next tag.
    pub(super) fn text_until_tag(&mut self) -> Result<Cow<'a, str>, ImportError> {
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
            let Some(i) = rest.find('<') else {
                add(rest);
                self.advance(rest.len());
                return Ok(text);
            };
            add(rest.get(..i).unwrap_or(""));
            self.advance(i);
            let rest = self.rest();
            let close = if rest.starts_with("<!--") {
                Some("-->")
            } else if rest.starts_with("<?") {
                Some("?>")
            } else if rest.starts_with("<!") {
                Some(">")
            } else {
                None
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

    /// Reads one element (the reader is at its `<`), its children and its end tag.
    pub(super) fn element(&mut self, depth: u32) -> Result<Element<'a>, ImportError> {
        if depth > 16 {
            return Err(self.fail("elements nested at most 16 deep"));
        }
        let line = self.line;
        let rest = self.rest();
        let end = rest
            .find('>')
            .ok_or_else(|| self.fail("a tag closed by `>`"))?;
        let tag = rest.get(1..end).unwrap_or("");
        let (tag, empty) = match tag.strip_suffix('/') {
            Some(t) => (t, true),
            None => (tag, false),
        };
        let tag = tag.trim();
        let name_end = tag.find(|c: char| c.is_whitespace()).unwrap_or(tag.len());
        let name = tag.get(..name_end).unwrap_or("");
        if name.is_empty() || name.starts_with('/') {
            return Err(self.fail("a start tag `<NAME ...>`"));
        }
        let mut attrs = Vec::new();
        let mut a = tag.get(name_end..).unwrap_or("").trim_start();
        while !a.is_empty() {
            let (key, r) = a
                .split_once('=')
                .ok_or_else(|| self.fail("attributes `NAME=\"VALUE\"`"))?;
            let r = r.trim_start();
            let quote = r
                .chars()
                .next()
                .filter(|q| *q == '"' || *q == '\'')
                .ok_or_else(|| self.fail("an attribute value in quotes"))?;
            let r = r.get(1..).unwrap_or("");
            let close = r
                .find(quote)
                .ok_or_else(|| self.fail("an attribute value in quotes"))?;
            attrs.push((key.trim(), unescape(r.get(..close).unwrap_or(""))));
            a = r.get(close + 1..).unwrap_or("").trim_start();
        }
        let mut element = Element {
            name,
            attrs,
            line,
            ..Element::default()
        };
        self.advance(end + 1);
        if empty {
            return Ok(element);
        }
        loop {
            let text = self.text_until_tag()?;
            if element.text.is_empty() {
                element.text = text;
            } else if !text.is_empty() {
                element.text.to_mut().push_str(&text);
            }
            let rest = self.rest();
            if rest.is_empty() {
                return Err(self.fail("an end tag"));
            }
            if let Some(r) = rest.strip_prefix("</") {
                let close = r
                    .find('>')
                    .ok_or_else(|| self.fail("an end tag `</NAME>`"))?;
                if r.get(..close).map(str::trim) != Some(element.name) {
                    return Err(self.fail("the end tag of the element open"));
                }
                self.advance(close + 3);
                return Ok(element);
            }
            let child = self.element(depth + 1)?;
            element.children.push(child);
        }
    }
}
