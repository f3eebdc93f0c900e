//! Where a PHH table ends: a scan of the TOML statements a line opens and closes.

/// Where a TOML scan is between lines: inside a multi-line string or not, and how
/// deep in arrays and inline tables.
#[derive(Copy, Clone, Debug, Default)]
pub(super) struct TomlScan {
    pub(super) depth: u32,
    /// Inside a multi-line string opened by this quote (`"` or `'`).
    pub(super) multiline: Option<u8>,
}

/// What a line is to the table cutter.
#[derive(Copy, Clone, PartialEq, Eq)]
pub(super) enum LineKind {
    /// A `[name]` header starting a statement: a new table.
    Header,
    /// A statement or its continuation.
    Content,
    /// Blank or a comment, outside any value.
    Trivia,
}

impl TomlScan {
    /// Classifies `line` and moves past it.
    pub(super) fn line(&mut self, line: &[u8]) -> LineKind {
        let at_statement = self.depth == 0 && self.multiline.is_none();
        let first = line
            .iter()
            .position(|&b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        let kind = match first.and_then(|i| line.get(i)) {
            _ if !at_statement => LineKind::Content,
            None | Some(b'#') => LineKind::Trivia,
            Some(b'[') => LineKind::Header,
            Some(_) => LineKind::Content,
        };
        self.scan(line);
        kind
    }

    pub(super) fn scan(&mut self, line: &[u8]) {
        let mut i = 0;
        if let Some(q) = self.multiline {
            match close_multiline(line, 0, q) {
                Some(end) => {
                    self.multiline = None;
                    i = end;
                }
                None => return,
            }
        }
        while let Some(&b) = line.get(i) {
            match b {
                b'#' => return,
                b'"' | b'\'' => {
                    if line.get(i + 1) == Some(&b) && line.get(i + 2) == Some(&b) {
                        match close_multiline(line, i + 3, b) {
                            Some(end) => i = end,
                            None => {
                                self.multiline = Some(b);
                                return;
                            }
                        }
                    } else {
                        i = close_single(line, i + 1, b);
                    }
                }
                b'[' | b'{' => {
                    self.depth = self.depth.saturating_add(1);
                    i += 1;
                }
                b']' | b'}' => {
                    self.depth = self.depth.saturating_sub(1);
                    i += 1;
                }
                _ => i += 1,
            }
        }
    }
}

/// The index just past the `"""` (or `'''`) closing a multi-line string opened
/// before `from`, or `None` when the line does not close it.
fn close_multiline(line: &[u8], from: usize, q: u8) -> Option<usize> {
    let mut i = from;
    while let Some(&b) = line.get(i) {
        if b == b'\\' && q == b'"' {
            i += 2;
        } else if b == q && line.get(i + 1) == Some(&q) && line.get(i + 2) == Some(&q) {
            // Up to two more quotes belong to the string.
            let mut end = i + 3;
            while end < i + 5 && line.get(end) == Some(&q) {
                end += 1;
            }
            return Some(end);
        } else {
            i += 1;
        }
    }
    None
}

/// The index just past the quote closing a one-line string opened before `from`
/// (the end of the line when it is not closed: the reader reports that).
fn close_single(line: &[u8], from: usize, q: u8) -> usize {
    let mut i = from;
    while let Some(&b) = line.get(i) {
        if b == b'\\' && q == b'"' {
            i += 2;
        } else if b == q {
            return i + 1;
        } else if b == b'\n' {
            return i;
        } else {
            i += 1;
        }
    }
    line.len()
}

/// True when the first byte of `line` that is not a blank is `[`.
pub(super) fn starts_with_bracket(line: &[u8]) -> bool {
    line.iter().find(|&&b| b != b' ' && b != b'\t') == Some(&b'[')
}
