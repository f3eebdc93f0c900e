//! The native history formats: the serde form of [`HandHistory`] (setup plus the
//! input log) as JSON Lines (one hand a line, for people) or postcard (for volume).
//!
//! A postcard file starts with the 8-byte magic [`POSTCARD_MAGIC`], then one frame
//! per hand: a LEB128 length and that many bytes of postcard. Both readers stream:
//! memory is one hand, whatever the file size.

use std::io::{self, BufRead, Read, Write};

use super::model::HandHistory;
pub use super::record::{ActionBuffer, ActionRecord, HandRecord, RecordError, RecordReason};

/// The first bytes of a native postcard history file (format version 1).
pub const POSTCARD_MAGIC: &[u8; 8] = b"HOLDEMH1";

/// The largest frame a reader accepts (a hand is a few hundred bytes).
const MAX_FRAME: usize = 1 << 20;

/// Why a native record could not be written or read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum NativeError {
    /// Reading or writing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
    /// A JSON line is not a hand.
    #[error("line {line}: {reason}")]
    Json {
        /// 1-based line.
        line: usize,
        /// Why.
        reason: String,
    },
    /// A postcard frame is not a hand.
    #[error("frame {frame}: {reason}")]
    Postcard {
        /// 1-based frame.
        frame: usize,
        /// Why.
        reason: String,
    },
}

/// Writes a hand as one JSON line.
pub fn write_jsonl(out: &mut impl Write, hand: &HandHistory) -> Result<(), NativeError> {
    serde_json::to_writer(&mut *out, hand).map_err(|e| NativeError::Io(io::Error::other(e)))?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Reads JSON Lines hands one at a time; blank lines are skipped.
pub struct JsonlHands<R> {
    input: R,
    line: usize,
    buf: String,
}

impl<R: BufRead> JsonlHands<R> {
    /// A reader over `input`.
    pub fn new(input: R) -> JsonlHands<R> {
        JsonlHands {
            input,
            line: 0,
            buf: String::new(),
        }
    }
}

impl<R: BufRead> Iterator for JsonlHands<R> {
    type Item = Result<HandHistory, NativeError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            self.buf.clear();
            match self.input.read_line(&mut self.buf) {
                Ok(0) => return None,
                Ok(_) => {}
                Err(e) => return Some(Err(e.into())),
            }
            self.line += 1;
            if self.buf.trim().is_empty() {
                continue;
            }
            return Some(
                serde_json::from_str(&self.buf).map_err(|e| NativeError::Json {
                    line: self.line,
                    reason: e.to_string(),
                }),
            );
        }
    }
}

/// Writes the postcard file header; call once before [`write_postcard`].
pub fn write_postcard_header(out: &mut impl Write) -> Result<(), NativeError> {
    out.write_all(POSTCARD_MAGIC)?;
    Ok(())
}

/// Appends one hand as a length-prefixed postcard frame.
pub fn write_postcard(out: &mut impl Write, hand: &HandHistory) -> Result<(), NativeError> {
    let bytes = postcard::to_allocvec(hand).map_err(|e| NativeError::Io(io::Error::other(e)))?;
    let mut len = bytes.len();
    let mut prefix = [0u8; 10];
    let mut i = 0;
    loop {
        let low = (len & 0x7f) as u8;
        len >>= 7;
        if len == 0 {
            prefix[i] = low;
            i += 1;
            break;
        }
        prefix[i] = low | 0x80;
        i += 1;
    }
    out.write_all(&prefix[..i])?;
    out.write_all(&bytes)?;
    Ok(())
}

/// Decodes one postcard hand (the payload of a frame).
pub fn decode_postcard(bytes: &[u8]) -> Result<HandHistory, String> {
    postcard::from_bytes(bytes).map_err(|e| e.to_string())
}

/// Reads postcard frames one at a time.
pub struct PostcardHands<R> {
    input: R,
    frame: usize,
    buf: Vec<u8>,
    header_checked: bool,
    failed: bool,
}

impl<R: Read> PostcardHands<R> {
    /// A reader over `input`, which must start with [`POSTCARD_MAGIC`].
    pub fn new(input: R) -> PostcardHands<R> {
        PostcardHands {
            input,
            frame: 0,
            buf: Vec::new(),
            header_checked: false,
            failed: false,
        }
    }

    fn fail(&mut self, reason: impl Into<String>) -> Option<Result<HandHistory, NativeError>> {
        self.failed = true;
        Some(Err(NativeError::Postcard {
            frame: self.frame,
            reason: reason.into(),
        }))
    }

    /// Reads the frame's payload into `buf`; `Ok(false)` at a clean end of input.
    fn read_frame(&mut self) -> Result<bool, String> {
        let mut len: usize = 0;
        let mut shift = 0;
        loop {
            let mut b = [0u8; 1];
            match self.input.read(&mut b) {
                Ok(0) if shift == 0 => return Ok(false),
                Ok(0) => return Err("truncated frame length".into()),
                Ok(_) => {}
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e.to_string()),
            }
            len |= usize::from(b[0] & 0x7f) << shift;
            if b[0] & 0x80 == 0 {
                break;
            }
            shift += 7;
            if shift > 28 {
                return Err("frame length is not a valid LEB128 number".into());
            }
        }
        if len > MAX_FRAME {
            return Err(format!(
                "frame of {len} bytes is larger than the {MAX_FRAME} allowed"
            ));
        }
        self.buf.resize(len, 0);
        self.input
            .read_exact(&mut self.buf)
            .map_err(|e| format!("truncated frame: {e}"))?;
        Ok(true)
    }
}

impl<R: Read> PostcardHands<R> {
    /// The next frame's payload, undecoded (for [`HandRecord::decode`]): `None` at
    /// the end of the input, an error (after which the reader ends) for a bad header
    /// or a truncated frame.
    pub fn next_frame(&mut self) -> Option<Result<&[u8], NativeError>> {
        if self.failed {
            return None;
        }
        match self.advance() {
            Ok(false) => None,
            Ok(true) => Some(Ok(&self.buf)),
            Err(e) => self.fail_frame(e),
        }
    }

    /// Checks the magic bytes before the first frame, then reads the next frame
    /// into `buf` (as [`Self::read_frame`]), counting it.
    fn advance(&mut self) -> Result<bool, String> {
        if !self.header_checked {
            self.header_checked = true;
            let mut magic = [0u8; 8];
            if self.input.read_exact(&mut magic).is_err() || &magic != POSTCARD_MAGIC {
                return Err("not a holdem postcard history (bad magic bytes)".into());
            }
        }
        self.frame += 1;
        self.read_frame()
    }

    fn fail_frame(&mut self, reason: impl Into<String>) -> Option<Result<&[u8], NativeError>> {
        self.failed = true;
        Some(Err(NativeError::Postcard {
            frame: self.frame,
            reason: reason.into(),
        }))
    }
}

impl<R: Read> Iterator for PostcardHands<R> {
    type Item = Result<HandHistory, NativeError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.failed {
            return None;
        }
        match self.advance() {
            Ok(false) => None,
            Ok(true) => match decode_postcard(&self.buf) {
                Ok(h) => Some(Ok(h)),
                Err(e) => self.fail(e),
            },
            Err(e) => self.fail(e),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::history::phh::RULES_FIELD;

    /// Whether the lean record reads the same hand as the full decoder.
    fn same_hand(record: &HandRecord<'_>, h: &HandHistory) -> bool {
        let (a, b) = (record.view(), crate::replay::ReplayView::of(h));
        let rules = h
            .meta
            .extra
            .iter()
            .rfind(|e| e.key == RULES_FIELD)
            .map(|e| e.toml.as_str());
        a.variant == b.variant
            && a.unit == b.unit
            && a.antes == b.antes
            && a.blinds_or_straddles == b.blinds_or_straddles
            && a.stakes == b.stakes
            && a.starting_stacks == b.starting_stacks
            && a.finishing_stacks == b.finishing_stacks
            && a.winnings == b.winnings
            && a.rake == b.rake
            && record.declared_rules() == rules
            && a.actions.len() == b.actions.len()
            && a.actions
                .iter()
                .zip(b.actions)
                .all(|(x, y)| *x.kind() == y.kind && record.comment(x) == y.comment.as_deref())
    }

    /// Checks one payload: the hand-written decoder accepts what postcard's serde
    /// decoder accepts (with consistent player counts) and reads the same hand.
    fn agree(bytes: &[u8]) {
        match (HandRecord::decode(bytes), decode_postcard(bytes)) {
            (Ok(record), Ok(h)) => assert!(same_hand(&record, &h), "{bytes:?}"),
            (Ok(_), Err(e)) => panic!("lean accepts what serde rejects ({e}): {bytes:?}"),
            (Err(e), Ok(h)) => {
                let n = h.starting_stacks.len();
                let counts_ok = h.antes.len() == n
                    && h.blinds_or_straddles.len() == n
                    && h.finishing_stacks.as_ref().is_none_or(|v| v.len() == n)
                    && h.winnings.as_ref().is_none_or(|v| v.len() == n);
                assert!(!counts_ok, "lean rejects ({e}) what serde reads: {bytes:?}");
            }
            (Err(_), Err(_)) => {}
        }
    }

    /// The hand-written decoder and postcard's serde decoder agree on every hand of
    /// the shipped generated corpus and on thousands of mutations of them (byte
    /// changes, cuts, insertions; a fixed pseudo-random sequence).
    #[test]
    fn hand_decoder_agrees_with_serde_on_real_and_mutated_frames() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../data/histories/generated/seed-2026-10000-hands.postcard"
        );
        let file = std::fs::read(path).expect("generated corpus");
        let mut frames = PostcardHands::new(file.as_slice());
        let mut payloads = Vec::new();
        while let Some(f) = frames.next_frame() {
            payloads.push(f.expect("frame").to_vec());
        }
        assert_eq!(payloads.len(), 10_000);
        for p in &payloads {
            let record = HandRecord::decode(p).expect("lean decode");
            let h = decode_postcard(p).expect("full decode");
            assert!(same_hand(&record, &h));
        }
        let mut seed: u64 = 0x2026_0008;
        let mut next = || {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            usize::try_from(seed >> 33).expect("31 bits")
        };
        for round in 0..20_000 {
            let mut bytes = payloads[round % 300].clone();
            for _ in 0..1 + next() % 4 {
                if bytes.is_empty() {
                    break;
                }
                let i = next() % bytes.len();
                let b = u8::try_from(next() % 256).expect("byte");
                match next() % 3 {
                    0 => bytes[i] = b,
                    1 => bytes.truncate(i),
                    _ => bytes.insert(i, b),
                }
            }
            agree(&bytes);
        }
    }
}
