//! A small, fast reader for the subset of TOML that PHH files use.
//!
//! Why not the `toml` crate: PHH money must stay exact (`43.65` is 4,365 cents, never
//! an `f64`), every error must carry the line it is on, and a corpus of millions of
//! hands must parse at hundreds of thousands of hands per second. This reader keeps
//! numbers as their source text, borrows strings where it can, and reads one table
//! (one hand of a `.phhs` file) at a time. The tests check it against the `toml`
//! crate on generated documents.
//!
//! Supported: comments, bare/quoted/dotted keys, basic and literal strings (single and
//! multi-line, with escapes), integers and floats as text (`inf`, `nan` included),
//! booleans, dates and times as text, arrays (nested, multi-line, trailing comma),
//! inline tables, and `[table]` headers. Not supported (a typed error, never a panic):
//! arrays of tables (`[[x]]`).

use std::borrow::Cow;
use std::collections::HashSet;

/// The longest key or table header read, in bytes of the joined key (`a.b`): PHH
/// keys are short, and the bound keeps reading a hostile key linear in its size.
pub(crate) const MAX_KEY_BYTES: usize = 1024;

/// Up to this many keys, a table finds a repeated key by scanning its keys (a PHH
/// hand has about ten); past it, by a set.
const SCAN_KEYS: usize = 32;

/// The keys of one table so far, for finding a repeated key: the entries are
/// scanned while there are few (a PHH hand has about ten keys); past
/// [`SCAN_KEYS`], a set is built and kept, so a table of n keys costs O(n), not n² / 2.
#[derive(Default)]
struct SeenKeys<'a> {
    set: Option<HashSet<Cow<'a, str>>>,
}

impl<'a> SeenKeys<'a> {
    /// Whether the key of `entry` is among `entries` (the table's entries so far,
    /// to which it is about to be added).
    fn repeated(&mut self, entries: &[Entry<'a>], entry: &Entry<'a>) -> bool {
        if let Some(set) = &mut self.set {
            return !set.insert(entry.key.clone());
        }
        if entries.iter().any(|e| e.key == entry.key) {
            return true;
        }
        if entries.len() + 1 >= SCAN_KEYS {
            let mut set: HashSet<Cow<'a, str>> = entries.iter().map(|e| e.key.clone()).collect();
            set.insert(entry.key.clone());
            self.set = Some(set);
        }
        false
    }
}

/// A syntax error: the 1-based line and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub line: u32,
    pub problem: Problem,
}

/// What is wrong with the text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Problem {
    /// Not the TOML subset PHH uses; the reason.
    Invalid(String),
    /// A key or table header longer than [`MAX_KEY_BYTES`].
    KeyTooLong,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Invalid(reason) => f.write_str(reason),
            Problem::KeyTooLong => {
                write!(
                    f,
                    "a key or table header is longer than {MAX_KEY_BYTES} bytes"
                )
            }
        }
    }
}

/// One TOML value. Numbers and date-times are kept as their source text.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Value<'a> {
    Str(Cow<'a, str>),
    Number(&'a str),
    Bool(bool),
    DateTime(&'a str),
    Array(Vec<Item<'a>>),
    Table(Vec<Entry<'a>>),
}

impl Value<'_> {
    /// The TOML type name, for "expected X, found Y" errors.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Str(_) => "a string",
            Value::Number(_) => "a number",
            Value::Bool(_) => "a boolean",
            Value::DateTime(_) => "a date or time",
            Value::Array(_) => "an array",
            Value::Table(_) => "a table",
        }
    }
}

/// An array element and the line it starts on.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Item<'a> {
    pub line: u32,
    pub value: Value<'a>,
}

/// `key = value` and the line of the key.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Entry<'a> {
    pub key: Cow<'a, str>,
    pub line: u32,
    pub value: Value<'a>,
    /// The value's source text, for lossless copies of fields we do not interpret.
    pub raw: &'a str,
}

/// The keys of one table: the root (no header) or one `[name]` table.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Section<'a> {
    /// `None` for keys before any header.
    pub name: Option<Cow<'a, str>>,
    /// Line of the header (1 for the root table).
    pub line: u32,
    pub entries: Vec<Entry<'a>>,
}

impl<'a> Section<'a> {
    /// The entry with this key, if present.
    pub fn get(&self, key: &str) -> Option<&Entry<'a>> {
        self.entries.iter().find(|e| e.key == key)
    }
}

/// Reads a document one table at a time.
pub(crate) struct Reader<'a> {
    src: &'a str,
    pos: usize,
    line: u32,
    /// A header already read that starts the next section.
    pending: Option<(Cow<'a, str>, u32)>,
    started: bool,
    done: bool,
}

type Res<T> = Result<T, SyntaxError>;

impl<'a> Reader<'a> {
    /// A reader at the start of `src`.
    pub fn new(src: &'a str) -> Reader<'a> {
        Reader::at_line(src, 1)
    }

    /// A reader at the start of `src`, whose first line is line `line` of a larger
    /// document (a table cut from a stream keeps the document's line numbers).
    pub fn at_line(src: &'a str, line: u32) -> Reader<'a> {
        // A UTF-8 byte order mark is allowed and skipped.
        let pos = if src.starts_with('\u{feff}') { 3 } else { 0 };
        Reader {
            src,
            pos,
            line,
            pending: None,
            started: false,
            done: false,
        }
    }

    fn err<T>(&self, reason: impl Into<String>) -> Res<T> {
        Err(SyntaxError {
            line: self.line,
            problem: Problem::Invalid(reason.into()),
        })
    }

    fn peek(&self) -> Option<u8> {
        self.src.as_bytes().get(self.pos).copied()
    }

    fn peek_at(&self, off: usize) -> Option<u8> {
        self.src.as_bytes().get(self.pos + off).copied()
    }

    fn rest(&self) -> &'a str {
        self.src.get(self.pos..).unwrap_or("")
    }

    fn skip_spaces(&mut self) {
        while let Some(b' ' | b'\t') = self.peek() {
            self.pos += 1;
        }
    }

    fn skip_comment(&mut self) {
        if self.peek() == Some(b'#') {
            let rest = self.src.as_bytes().get(self.pos..).unwrap_or(&[]);
            self.pos += rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        }
    }

    /// Skips a line ending (`\n` or `\r\n`); true if one was there.
    fn eat_newline(&mut self) -> bool {
        match (self.peek(), self.peek_at(1)) {
            (Some(b'\n'), _) => {
                self.pos += 1;
                self.line += 1;
                true
            }
            (Some(b'\r'), Some(b'\n')) => {
                self.pos += 2;
                self.line += 1;
                true
            }
            _ => false,
        }
    }

    /// Skips blank space, comments and newlines (between statements, inside arrays).
    fn skip_trivia(&mut self) {
        loop {
            self.skip_spaces();
            self.skip_comment();
            if !self.eat_newline() {
                return;
            }
        }
    }

    /// After a statement: spaces, an optional comment, then a newline or the end.
    fn end_of_statement(&mut self) -> Res<()> {
        self.skip_spaces();
        self.skip_comment();
        if self.peek().is_none() || self.eat_newline() {
            return Ok(());
        }
        let found = self.rest().chars().next().unwrap_or(' ');
        self.err(format!("expected the end of the line, found {found:?}"))
    }

    /// The next table, or `None` at the end of the document.
    pub fn next_section(&mut self) -> Option<Res<Section<'a>>> {
        if self.done {
            return None;
        }
        let result = self.read_section();
        match &result {
            Err(_) => self.done = true,
            Ok(None) => {
                self.done = true;
                return None;
            }
            Ok(Some(_)) => {}
        }
        result.transpose()
    }

    fn read_section(&mut self) -> Res<Option<Section<'a>>> {
        let (name, line) = match self.pending.take() {
            Some((n, l)) => (Some(n), l),
            None => (None, self.line),
        };
        let first = !self.started;
        self.started = true;
        let mut section = Section {
            name,
            line,
            entries: Vec::with_capacity(16), // a PHH hand has about ten keys
        };
        let mut seen = SeenKeys::default();
        loop {
            self.skip_trivia();
            match self.peek() {
                None => {
                    // An unnamed table with no keys (the root of a `.phhs` file, or
                    // nothing after the last table) is not a section.
                    if section.entries.is_empty() && section.name.is_none() {
                        return Ok(None);
                    }
                    return Ok(Some(section));
                }
                Some(b'[') => {
                    let header_line = self.line;
                    let name = self.header()?;
                    if first && section.entries.is_empty() && section.name.is_none() {
                        section.name = Some(name);
                        section.line = header_line;
                        continue;
                    }
                    self.pending = Some((name, header_line));
                    return Ok(Some(section));
                }
                Some(_) => {
                    let entry = self.key_value()?;
                    if seen.repeated(&section.entries, &entry) {
                        return self.err(format!("key `{}` is defined twice", entry.key));
                    }
                    section.entries.push(entry);
                    self.end_of_statement()?;
                }
            }
        }
    }

    fn header(&mut self) -> Res<Cow<'a, str>> {
        self.pos += 1; // '['
        if self.peek() == Some(b'[') {
            return self.err("arrays of tables (`[[...]]`) are not part of PHH");
        }
        self.skip_spaces();
        let name = self.key()?;
        self.skip_spaces();
        if self.peek() != Some(b']') {
            return self.err("expected `]` to close the table header");
        }
        self.pos += 1;
        self.end_of_statement()?;
        Ok(name)
    }

    /// A key, possibly dotted (`a.b`), returned as its joined text: borrowed when it
    /// is one part, built once otherwise (each part appended, so the work is linear
    /// in the key's length), and an error as soon as it passes [`MAX_KEY_BYTES`].
    fn key(&mut self) -> Res<Cow<'a, str>> {
        let mut key = self.simple_key()?;
        loop {
            if key.len() > MAX_KEY_BYTES {
                return Err(SyntaxError {
                    line: self.line,
                    problem: Problem::KeyTooLong,
                });
            }
            self.skip_spaces();
            if self.peek() != Some(b'.') {
                return Ok(key);
            }
            self.pos += 1;
            self.skip_spaces();
            let part = self.simple_key()?;
            let joined = key.to_mut();
            joined.push('.');
            joined.push_str(&part);
        }
    }

    fn simple_key(&mut self) -> Res<Cow<'a, str>> {
        match self.peek() {
            Some(b'"') => self.basic_string(),
            Some(b'\'') => self.literal_string(),
            _ => {
                let start = self.pos;
                let rest = self.src.as_bytes().get(start..).unwrap_or(&[]);
                self.pos += rest.iter().take_while(|&&b| is_bare_key_byte(b)).count();
                if start == self.pos {
                    let found = self
                        .rest()
                        .chars()
                        .next()
                        .map_or("the end".into(), |c| format!("{c:?}"));
                    return self.err(format!("expected a key, found {found}"));
                }
                Ok(Cow::Borrowed(&self.src[start..self.pos]))
            }
        }
    }

    fn key_value(&mut self) -> Res<Entry<'a>> {
        let line = self.line;
        let key = self.key()?;
        self.skip_spaces();
        if self.peek() != Some(b'=') {
            return self.err(format!("expected `=` after the key `{key}`"));
        }
        self.pos += 1;
        self.skip_spaces();
        let start = self.pos;
        let value = self.value(0)?;
        let raw = &self.src[start..self.pos];
        Ok(Entry {
            key,
            line,
            value,
            raw,
        })
    }

    fn value(&mut self, depth: u32) -> Res<Value<'a>> {
        if depth > 64 {
            return self.err("values nested more than 64 deep");
        }
        match self.peek() {
            None => self.err("expected a value, found the end of the file"),
            Some(b'"') => Ok(Value::Str(self.basic_string()?)),
            Some(b'\'') => Ok(Value::Str(self.literal_string()?)),
            Some(b'[') => self.array(depth),
            Some(b'{') => self.inline_table(depth),
            Some(_) => self.scalar(),
        }
    }

    fn scalar(&mut self) -> Res<Value<'a>> {
        let start = self.pos;
        while let Some(b) = self.peek() {
            if b.is_ascii_alphanumeric() || matches!(b, b'_' | b'+' | b'-' | b'.' | b':') {
                self.pos += 1;
            } else if b == b' '
                && self.pos - start == 10
                && self.peek_at(1).is_some_and(|d| d.is_ascii_digit())
                && self.src.as_bytes()[start..self.pos]
                    .iter()
                    .filter(|&&c| c == b'-')
                    .count()
                    == 2
            {
                // `1979-05-27 07:32:00`: a date-time with a space separator.
                self.pos += 1;
            } else {
                break;
            }
        }
        let text = &self.src[start..self.pos];
        if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            return Ok(Value::Number(text)); // the common case: a plain integer
        }
        match text {
            "" => {
                let found = self.rest().chars().next().unwrap_or(' ');
                self.err(format!("expected a value, found {found:?}"))
            }
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ if is_datetime(text) => Ok(Value::DateTime(text)),
            _ if is_number(text) => Ok(Value::Number(text)),
            _ => self.err(format!("`{text}` is not a TOML value")),
        }
    }

    /// [`Reader::skip_trivia`], skipped at once when the next byte starts no trivia.
    #[inline]
    fn skip_trivia_if_any(&mut self) {
        if let Some(b' ' | b'\t' | b'#' | b'\n' | b'\r') = self.peek() {
            self.skip_trivia();
        }
    }

    /// The hot path of PHH `actions`: a one-line literal string (`'p1 cbr 300'`)
    /// found with one scan; `None` (nothing consumed) for anything else, which the
    /// general [`Reader::value`] then reads, errors included.
    #[inline]
    fn short_literal(&mut self) -> Option<&'a str> {
        let src: &'a str = self.src;
        let bytes = src.as_bytes();
        if bytes.get(self.pos) != Some(&b'\'') || bytes.get(self.pos + 1) == Some(&b'\'') {
            return None;
        }
        let start = self.pos + 1;
        let rest = bytes.get(start..)?;
        let i = rest.iter().position(|&b| b == b'\'' || b == b'\n')?;
        if rest[i] != b'\'' {
            return None;
        }
        // Both ends are ASCII bytes, so they are character boundaries.
        let text = src.get(start..start + i)?;
        self.pos = start + i + 1;
        Some(text)
    }

    /// The hot path of PHH amounts: plain digits (`10000`) ending where an array
    /// element ends; `None` (nothing consumed) for anything else (`0.25`, `1_000`,
    /// dates...), which the general [`Reader::value`] then reads.
    #[inline]
    fn short_integer(&mut self) -> Option<&'a str> {
        let src: &'a str = self.src;
        let rest = src.as_bytes().get(self.pos..)?;
        let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
        let ends = matches!(
            rest.get(digits),
            Some(b',' | b']' | b' ' | b'\t' | b'\n' | b'\r' | b'#')
        );
        if digits == 0 || !ends {
            return None;
        }
        // Digits are ASCII, so both ends are character boundaries.
        let text = src.get(self.pos..self.pos + digits)?;
        self.pos += digits;
        Some(text)
    }

    fn array(&mut self, depth: u32) -> Res<Value<'a>> {
        self.pos += 1; // '['
        // Eight fits the per-player arrays; `actions` grows by doubling (cheaper
        // than measuring the line first).
        let mut items = Vec::with_capacity(8);
        loop {
            self.skip_trivia_if_any();
            if self.peek() == Some(b']') {
                self.pos += 1;
                return Ok(Value::Array(items));
            }
            let line = self.line;
            let value = if let Some(s) = self.short_literal() {
                Value::Str(Cow::Borrowed(s))
            } else if let Some(n) = self.short_integer() {
                Value::Number(n)
            } else {
                self.value(depth + 1)?
            };
            items.push(Item { line, value });
            // The common separator `, ` before another element: no trivia to skip.
            let bytes = self.src.as_bytes();
            if bytes.get(self.pos) == Some(&b',')
                && bytes.get(self.pos + 1) == Some(&b' ')
                && matches!(bytes.get(self.pos + 2), Some(b'\'' | b'0'..=b'9'))
            {
                self.pos += 2;
                continue;
            }
            self.skip_trivia_if_any();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {}
                None => return self.err("unclosed array: expected `]`"),
                Some(_) => {
                    let found = self.rest().chars().next().unwrap_or(' ');
                    return self.err(format!("expected `,` or `]` in an array, found {found:?}"));
                }
            }
        }
    }

    fn inline_table(&mut self, depth: u32) -> Res<Value<'a>> {
        self.pos += 1; // '{'
        let mut entries: Vec<Entry<'a>> = Vec::new();
        let mut seen = SeenKeys::default();
        self.skip_spaces();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(Value::Table(entries));
        }
        loop {
            self.skip_spaces();
            let line = self.line;
            let key = self.key()?;
            self.skip_spaces();
            if self.peek() != Some(b'=') {
                return self.err(format!("expected `=` after the key `{key}`"));
            }
            self.pos += 1;
            self.skip_spaces();
            let start = self.pos;
            let value = self.value(depth + 1)?;
            let raw = &self.src[start..self.pos];
            let entry = Entry {
                key,
                line,
                value,
                raw,
            };
            if seen.repeated(&entries, &entry) {
                return self.err(format!("key `{}` is defined twice", entry.key));
            }
            entries.push(entry);
            self.skip_spaces();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    return Ok(Value::Table(entries));
                }
                _ => return self.err("expected `,` or `}` in an inline table"),
            }
        }
    }

    fn basic_string(&mut self) -> Res<Cow<'a, str>> {
        if self.rest().starts_with("\"\"\"") {
            return self.multiline_basic();
        }
        self.pos += 1;
        let start = self.pos;
        // Fast path: no escapes, borrow the text.
        loop {
            match self.peek() {
                None | Some(b'\n') => return self.err("unterminated string"),
                Some(b'"') => {
                    let s = &self.src[start..self.pos];
                    self.pos += 1;
                    return Ok(Cow::Borrowed(s));
                }
                Some(b'\\') => break,
                Some(_) => self.pos += 1,
            }
        }
        let mut out = String::from(&self.src[start..self.pos]);
        loop {
            match self.peek() {
                None | Some(b'\n') => return self.err("unterminated string"),
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(Cow::Owned(out));
                }
                Some(b'\\') => self.escape(&mut out)?,
                Some(_) => self.push_char(&mut out),
            }
        }
    }

    fn push_char(&mut self, out: &mut String) {
        if let Some(c) = self.rest().chars().next() {
            out.push(c);
            self.pos += c.len_utf8();
        }
    }

    fn escape(&mut self, out: &mut String) -> Res<()> {
        self.pos += 1; // '\'
        let Some(b) = self.peek() else {
            return self.err("unterminated escape");
        };
        self.pos += 1;
        let c = match b {
            b'b' => '\u{8}',
            b't' => '\t',
            b'n' => '\n',
            b'f' => '\u{c}',
            b'r' => '\r',
            b'e' => '\u{1b}',
            b'"' => '"',
            b'\\' => '\\',
            b'u' | b'U' => {
                let len = if b == b'u' { 4 } else { 8 };
                let hex = self.src.get(self.pos..self.pos + len).unwrap_or("");
                let code = u32::from_str_radix(hex, 16)
                    .ok()
                    .filter(|_| hex.len() == len);
                match code.and_then(char::from_u32) {
                    Some(c) => {
                        self.pos += len;
                        c
                    }
                    None => return self.err("bad unicode escape"),
                }
            }
            other => return self.err(format!("unknown escape `\\{}`", other as char)),
        };
        out.push(c);
        Ok(())
    }

    fn multiline_basic(&mut self) -> Res<Cow<'a, str>> {
        self.pos += 3;
        self.eat_newline();
        let mut out = String::new();
        loop {
            if self.rest().starts_with("\"\"\"") {
                self.pos += 3;
                // Up to two extra quotes belong to the content.
                while self.peek() == Some(b'"') && !self.rest().starts_with("\"\"\"") {
                    out.push('"');
                    self.pos += 1;
                }
                return Ok(Cow::Owned(out));
            }
            match self.peek() {
                None => return self.err("unterminated multi-line string"),
                Some(b'\\') => {
                    // A line-ending backslash trims the newline and following blanks.
                    let save = self.pos;
                    self.pos += 1;
                    self.skip_spaces();
                    if self.peek() == Some(b'\n') || self.rest().starts_with("\r\n") {
                        self.skip_blank_lines();
                    } else {
                        self.pos = save;
                        self.escape(&mut out)?;
                    }
                }
                Some(_) => {
                    if self.eat_newline() {
                        out.push('\n');
                    } else {
                        self.push_char(&mut out);
                    }
                }
            }
        }
    }

    fn skip_blank_lines(&mut self) {
        loop {
            self.skip_spaces();
            if !self.eat_newline() {
                return;
            }
        }
    }

    fn literal_string(&mut self) -> Res<Cow<'a, str>> {
        if self.rest().starts_with("'''") {
            self.pos += 3;
            self.eat_newline();
            let start = self.pos;
            loop {
                if self.rest().starts_with("'''") {
                    let mut end = self.pos;
                    self.pos += 3;
                    while self.peek() == Some(b'\'') {
                        self.pos += 1;
                        end += 1;
                    }
                    return Ok(Cow::Borrowed(&self.src[start..end]));
                }
                match self.peek() {
                    None => return self.err("unterminated multi-line string"),
                    Some(_) => {
                        if !self.eat_newline() {
                            let n = self.rest().chars().next().map_or(1, char::len_utf8);
                            self.pos += n;
                        }
                    }
                }
            }
        }
        self.pos += 1;
        let start = self.pos;
        let rest = self.src.as_bytes().get(start..).unwrap_or(&[]);
        match rest.iter().position(|&b| b == b'\'' || b == b'\n') {
            Some(i) if rest[i] == b'\'' => {
                self.pos = start + i + 1;
                // `'` is ASCII, so `start + i` is a character boundary.
                Ok(Cow::Borrowed(self.src.get(start..start + i).unwrap_or("")))
            }
            Some(i) => {
                self.pos = start + i;
                self.err("unterminated string")
            }
            None => {
                self.pos = self.src.len();
                self.err("unterminated string")
            }
        }
    }
}

/// A byte of a bare key: `A-Za-z0-9_-`.
fn is_bare_key_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// `07:32:00`, `1979-05-27`, `1979-05-27T07:32:00Z`, `1979-05-27 07:32:00.5+01:00`.
fn is_datetime(text: &str) -> bool {
    let b = text.as_bytes();
    let time = b.len() >= 5 && b[0].is_ascii_digit() && b[1].is_ascii_digit() && b[2] == b':';
    let date = b.len() >= 10 && b[..4].iter().all(u8::is_ascii_digit) && b[4] == b'-';
    (time || date)
        && b.iter().all(|c| {
            c.is_ascii_digit()
                || matches!(
                    c,
                    b':' | b'-' | b'+' | b'.' | b'T' | b't' | b'Z' | b'z' | b' '
                )
        })
}

/// Decimal, hex/octal/binary integers, floats, `inf` and `nan` (validated loosely here;
/// the money reader is strict about what it accepts).
fn is_number(text: &str) -> bool {
    let body = text.strip_prefix(['+', '-']).unwrap_or(text);
    if matches!(body, "inf" | "nan") {
        return true;
    }
    let b = body.as_bytes();
    !b.is_empty()
        && (b[0].is_ascii_digit() || b[0] == b'.')
        && b.iter()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'+' | b'-'))
}

#[cfg(test)]
mod tests;
