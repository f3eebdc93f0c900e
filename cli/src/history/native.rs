//! The native history formats: the serde form of [`HandHistory`] (setup plus the
//! input log) as JSON Lines (one hand a line, for people) or postcard (for volume).
//!
//! A postcard file starts with the 8-byte magic [`POSTCARD_MAGIC`], then one frame
//! per hand: a LEB128 length and that many bytes of postcard. Both readers stream:
//! memory is one hand, whatever the file size.

use std::io::{self, BufRead, Read, Write};

use arrayvec::ArrayVec;
use serde::Deserialize;

use super::model::{ActionKind, HandHistory, MAX_PLAYERS, Stakes, Variant};
use super::money::Unit;
use super::phh::{RAKE_FIELD, RULES_FIELD};
use crate::replay::{RecordedAction, ReplayView};

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
        if !self.header_checked {
            self.header_checked = true;
            let mut magic = [0u8; 8];
            if self.input.read_exact(&mut magic).is_err() || &magic != POSTCARD_MAGIC {
                return self.fail_frame("not a holdem postcard history (bad magic bytes)");
            }
        }
        self.frame += 1;
        match self.read_frame() {
            Ok(false) => None,
            Ok(true) => Some(Ok(&self.buf)),
            Err(e) => self.fail_frame(e),
        }
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
        if !self.header_checked {
            self.header_checked = true;
            let mut magic = [0u8; 8];
            if self.input.read_exact(&mut magic).is_err() || &magic != POSTCARD_MAGIC {
                return self.fail("not a holdem postcard history (bad magic bytes)");
            }
        }
        self.frame += 1;
        match self.read_frame() {
            Ok(false) => None,
            Ok(true) => match decode_postcard(&self.buf) {
                Ok(h) => Some(Ok(h)),
                Err(e) => self.fail(e),
            },
            Err(e) => self.fail(e),
        }
    }
}

// ------------------------------------------------------- decoding for replay

/// The most players of a [`HandRecord`] (as [`MAX_PLAYERS`]).
type PerPlayer = ArrayVec<u64, MAX_PLAYERS>;

/// One action of a [`HandRecord`]: the kind, and the commentary borrowed from the
/// frame.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ActionRecord<'a> {
    /// What happened.
    pub kind: ActionKind,
    /// The commentary, borrowed.
    #[serde(borrow)]
    pub comment: Option<&'a str>,
}

impl RecordedAction for ActionRecord<'_> {
    fn kind(&self) -> &ActionKind {
        &self.kind
    }

    fn comment(&self) -> Option<&str> {
        self.comment
    }
}

/// A postcard hand decoded for replay with one allocation (the action list):
/// per-player amounts in fixed arrays, strings borrowed from the frame, and of the
/// metadata only the recorded rake kept (the rest is checked and skipped). It reads
/// exactly the bytes [`write_postcard`] writes for a [`HandHistory`]
/// (`lean_and_full_postcard_decoders_agree`).
#[derive(Debug, Deserialize)]
pub struct HandRecord<'a> {
    variant: Variant,
    unit: Unit,
    antes: PerPlayer,
    blinds_or_straddles: PerPlayer,
    stakes: Stakes,
    starting_stacks: PerPlayer,
    #[serde(borrow)]
    actions: Vec<ActionRecord<'a>>,
    finishing_stacks: Option<PerPlayer>,
    winnings: Option<PerPlayer>,
    #[serde(borrow)]
    meta: MetaRecord<'a>,
}

impl<'a> HandRecord<'a> {
    /// Decodes one postcard frame payload.
    ///
    /// # Errors
    /// Why the bytes are not a hand (as [`decode_postcard`]).
    pub fn decode(bytes: &'a [u8]) -> Result<HandRecord<'a>, String> {
        let record: HandRecord<'a> = postcard::from_bytes(bytes).map_err(|e| e.to_string())?;
        let n = record.starting_stacks.len();
        let lengths_ok = record.antes.len() == n
            && record.blinds_or_straddles.len() == n
            && record
                .finishing_stacks
                .as_ref()
                .is_none_or(|v| v.len() == n)
            && record.winnings.as_ref().is_none_or(|v| v.len() == n);
        if !lengths_ok {
            return Err(format!(
                "per-player arrays must all have {n} entries (one per player)"
            ));
        }
        Ok(record)
    }

    /// The TOML text of the rules preset the hand names ([`RULES_FIELD`]), if any.
    pub fn declared_rules(&self) -> Option<&'a str> {
        self.meta.extra.rules
    }

    /// The unit of the hand's amounts.
    pub fn unit(&self) -> Unit {
        self.unit
    }

    /// What replay reads.
    pub fn view(&self) -> ReplayView<'_, ActionRecord<'a>> {
        ReplayView {
            variant: self.variant,
            unit: self.unit,
            antes: &self.antes,
            blinds_or_straddles: &self.blinds_or_straddles,
            stakes: self.stakes,
            starting_stacks: &self.starting_stacks,
            actions: &self.actions,
            finishing_stacks: self.finishing_stacks.as_deref(),
            winnings: self.winnings.as_deref(),
            rake: self.meta.extra.rake,
        }
    }
}

/// [`super::Metadata`] in postcard order, skipped without allocating except for the
/// recorded rake.
#[derive(Debug, Deserialize)]
struct MetaRecord<'a> {
    // Strings are read as bytes: skipped text needs no UTF-8 check.
    #[serde(borrow)]
    _players: Option<Skip<&'a [u8]>>,
    _seats: Option<Skip<u32>>,
    _seat_count: Option<u32>,
    #[serde(borrow)]
    _hand: Option<&'a [u8]>,
    #[serde(borrow)]
    _table: Option<&'a [u8]>,
    #[serde(borrow)]
    _time: Option<&'a [u8]>,
    _day: Option<u32>,
    _month: Option<u32>,
    _year: Option<i32>,
    _level: Option<u32>,
    #[serde(borrow)]
    _currency: Option<&'a [u8]>,
    #[serde(borrow)]
    _currency_symbol: Option<&'a [u8]>,
    _ante_trimming_status: Option<bool>,
    #[serde(borrow)]
    _text: Skip<(&'a [u8], &'a [u8])>,
    #[serde(borrow)]
    extra: Extra<'a>,
}

/// A sequence read element by element and dropped.
#[derive(Debug)]
struct Skip<T>(std::marker::PhantomData<T>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Skip<T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> serde::de::Visitor<'de> for V<T> {
            type Value = Skip<T>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a sequence")
            }
            fn visit_seq<S: serde::de::SeqAccess<'de>>(
                self,
                mut seq: S,
            ) -> Result<Skip<T>, S::Error> {
                while seq.next_element::<T>()?.is_some() {}
                Ok(Skip(std::marker::PhantomData))
            }
        }
        d.deserialize_seq(V(std::marker::PhantomData))
    }
}

/// The `extra` fields: only the recorded rake's TOML is kept.
#[derive(Debug, Default)]
struct Extra<'a> {
    rake: Option<&'a str>,
    rules: Option<&'a str>,
}

/// [`super::ExtraField`], borrowed.
#[derive(Deserialize)]
struct ExtraRecord<'a> {
    key: &'a [u8],
    toml: &'a [u8],
}

impl<'de: 'a, 'a> Deserialize<'de> for Extra<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Extra<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a sequence of extra fields")
            }
            fn visit_seq<S: serde::de::SeqAccess<'de>>(
                self,
                mut seq: S,
            ) -> Result<Extra<'de>, S::Error> {
                use serde::de::Error as _;
                let mut extra = Extra::default();
                while let Some(e) = seq.next_element::<ExtraRecord<'de>>()? {
                    if e.key == RULES_FIELD.as_bytes() {
                        let toml = std::str::from_utf8(e.toml)
                            .map_err(|_| S::Error::custom("the rules field is not UTF-8"))?;
                        extra.rules = Some(toml);
                    }
                    if e.key == RAKE_FIELD.as_bytes() {
                        let toml = std::str::from_utf8(e.toml)
                            .map_err(|_| S::Error::custom("the rake field is not UTF-8"))?;
                        extra.rake = Some(toml);
                    }
                }
                Ok(extra)
            }
        }
        d.deserialize_seq(V)
    }
}
