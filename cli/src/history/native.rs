//! The native history formats: the serde form of [`HandHistory`] (setup plus the
//! input log) as JSON Lines (one hand a line, for people) or postcard (for volume).
//!
//! A postcard file starts with the 8-byte magic [`POSTCARD_MAGIC`], then one frame
//! per hand: a LEB128 length and that many bytes of postcard. Both readers stream:
//! memory is one hand, whatever the file size.

use std::io::{self, BufRead, Read, Write};

use arrayvec::ArrayVec;
use holdem_cards::Card;

use super::model::{ActionKind, Cards, HandHistory, MAX_PLAYERS, Player, Shown, Stakes, Variant};
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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRecord<'a> {
    /// What happened.
    pub kind: ActionKind,
    /// The commentary, borrowed.
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

/// Why a postcard frame payload is not a [`HandRecord`]: where in the payload the
/// decoder stopped and why.
/// (Eight bytes, so that the decoder's results travel in registers.)
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte {offset}: {reason}")]
pub struct RecordError {
    /// 0-based offset in the frame payload of the value that does not decode
    /// (frames are at most 1 MiB).
    pub offset: u32,
    /// Why.
    pub reason: RecordReason,
}

/// What is wrong with a postcard frame payload ([`RecordError`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordReason {
    /// The payload stops inside a value.
    #[error("the hand ends early")]
    EndsEarly,
    /// A LEB128 number is too long for its type.
    #[error("bad varint")]
    BadVarint,
    /// An option tag or bool is neither 0 nor 1.
    #[error("bad option tag or bool")]
    BadTag,
    /// An enum index names no variant (variant, stakes, action or show kind).
    #[error("unknown enum variant")]
    UnknownVariant,
    /// A per-player array is longer than [`MAX_PLAYERS`].
    #[error("more players than a hand can have")]
    TooManyPlayers,
    /// A card list is longer than five.
    #[error("more than five cards")]
    TooManyCards,
    /// A card index is not below 52.
    #[error("card index not below 52")]
    BadCard,
    /// A commentary, rake or rules text is not UTF-8.
    #[error("a string is not UTF-8")]
    NotUtf8,
    /// The per-player arrays differ in length.
    #[error("per-player arrays must all have one entry per player")]
    PlayerCounts,
}

/// A postcard hand decoded for replay with one allocation (the action list):
/// per-player amounts in fixed arrays, strings borrowed from the frame, and of the
/// metadata only the recorded rake and rules kept (the rest is checked and skipped).
/// It reads exactly the bytes [`write_postcard`] writes for a [`HandHistory`]
/// (the serde layout of postcard 1, decoded by hand: `lean_and_full_postcard_decoders_agree`).
#[derive(Debug)]
pub struct HandRecord<'a> {
    variant: Variant,
    unit: Unit,
    antes: PerPlayer,
    blinds_or_straddles: PerPlayer,
    stakes: Stakes,
    starting_stacks: PerPlayer,
    actions: Vec<ActionRecord<'a>>,
    finishing_stacks: Option<PerPlayer>,
    winnings: Option<PerPlayer>,
    rake: Option<&'a str>,
    rules: Option<&'a str>,
}

impl<'a> HandRecord<'a> {
    /// Decodes one postcard frame payload (bytes after the hand are ignored, as
    /// `postcard::from_bytes` does).
    ///
    /// # Errors
    /// Where and why the bytes are not a hand.
    pub fn decode(bytes: &'a [u8]) -> Result<HandRecord<'a>, RecordError> {
        let mut r = Reader { bytes, pos: 0 };
        // Built in place: the per-player arrays are filled where they end up, not
        // moved (each is 188 bytes).
        let mut record = HandRecord {
            variant: match r.variant_index()? {
                0 => Variant::NoLimit,
                1 => Variant::PotLimit,
                2 => Variant::FixedLimit,
                _ => return Err(r.error(RecordReason::UnknownVariant)),
            },
            unit: Unit {
                decimals: r.byte()?,
            },
            antes: PerPlayer::new(),
            blinds_or_straddles: PerPlayer::new(),
            stakes: Stakes::MinBet(0),
            starting_stacks: PerPlayer::new(),
            actions: Vec::new(),
            finishing_stacks: None,
            winnings: None,
            rake: None,
            rules: None,
        };
        r.per_player(&mut record.antes)?;
        r.per_player(&mut record.blinds_or_straddles)?;
        record.stakes = match r.variant_index()? {
            0 => Stakes::MinBet(r.u64()?),
            1 => Stakes::Limit {
                small_bet: r.u64()?,
                big_bet: r.u64()?,
            },
            _ => return Err(r.error(RecordReason::UnknownVariant)),
        };
        r.per_player(&mut record.starting_stacks)?;
        record.actions = r.actions()?;
        if r.option()? {
            r.per_player(record.finishing_stacks.insert(PerPlayer::new()))?;
        }
        if r.option()? {
            r.per_player(record.winnings.insert(PerPlayer::new()))?;
        }
        (record.rake, record.rules) = r.metadata()?;
        let n = record.starting_stacks.len();
        let lengths_ok = record.antes.len() == n
            && record.blinds_or_straddles.len() == n
            && record
                .finishing_stacks
                .as_ref()
                .is_none_or(|v| v.len() == n)
            && record.winnings.as_ref().is_none_or(|v| v.len() == n);
        if !lengths_ok {
            return Err(RecordError {
                offset: 0,
                reason: RecordReason::PlayerCounts,
            });
        }
        Ok(record)
    }

    /// The TOML text of the rules preset the hand names ([`RULES_FIELD`]), if any.
    pub fn declared_rules(&self) -> Option<&'a str> {
        self.rules
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
            rake: self.rake,
        }
    }
}

/// A cursor over a postcard payload, reading the primitives of postcard 1's wire
/// format (LEB128 varints, one-byte `u8`/`bool`/option tags, length-prefixed
/// sequences and strings) with the same checks as `postcard::from_bytes`.
#[derive(Copy, Clone)]
struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Reader<'a> {
    #[cold]
    fn error(&self, reason: RecordReason) -> RecordError {
        RecordError {
            offset: u32::try_from(self.pos).unwrap_or(u32::MAX),
            reason,
        }
    }

    #[inline(always)]
    fn byte(&mut self) -> Result<u8, RecordError> {
        match self.bytes.get(self.pos) {
            Some(&b) => {
                self.pos += 1;
                Ok(b)
            }
            None => Err(self.error(RecordReason::EndsEarly)),
        }
    }

    /// A LEB128 `u64` (at most 10 bytes, the last at most 1).
    #[inline(always)]
    fn u64(&mut self) -> Result<u64, RecordError> {
        let b = self.byte()?;
        if b & 0x80 == 0 {
            return Ok(u64::from(b));
        }
        let mut out = u64::from(b & 0x7f);
        for i in 1..10 {
            let b = self.byte()?;
            out |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                if i == 9 && b > 1 {
                    break;
                }
                return Ok(out);
            }
        }
        Err(self.error(RecordReason::BadVarint))
    }

    /// A LEB128 `u32` (at most 5 bytes, the last at most 15).
    #[inline]
    fn u32(&mut self) -> Result<u32, RecordError> {
        let mut out = 0u32;
        for i in 0..5 {
            let b = self.byte()?;
            out |= u32::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                if i == 4 && b > 0x0f {
                    break;
                }
                return Ok(out);
            }
        }
        Err(self.error(RecordReason::BadVarint))
    }

    /// An enum variant index (a `u32` varint).
    #[inline]
    fn variant_index(&mut self) -> Result<u32, RecordError> {
        self.u32()
    }

    /// A sequence or string length (a `usize` varint).
    #[inline]
    fn len(&mut self) -> Result<usize, RecordError> {
        let n = self.u64()?;
        usize::try_from(n).map_err(|_| self.error(RecordReason::BadVarint))
    }

    /// An option tag: `false` for `None`.
    #[inline(always)]
    fn option(&mut self) -> Result<bool, RecordError> {
        match self.byte()? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(self.error(RecordReason::BadTag)),
        }
    }

    /// A length-prefixed byte string, borrowed.
    #[inline(always)]
    fn bytes(&mut self) -> Result<&'a [u8], RecordError> {
        let n = self.len()?;
        let rest = &self.bytes[self.pos..];
        if n > rest.len() {
            return Err(self.error(RecordReason::EndsEarly));
        }
        self.pos += n;
        Ok(&rest[..n])
    }

    /// A length-prefixed UTF-8 string, borrowed.
    fn str(&mut self) -> Result<&'a str, RecordError> {
        let at = self.pos;
        let b = self.bytes()?;
        std::str::from_utf8(b).map_err(|_| Reader { pos: at, ..*self }.error(RecordReason::NotUtf8))
    }

    /// A per-player array, into `v` (empty).
    fn per_player(&mut self, v: &mut PerPlayer) -> Result<(), RecordError> {
        let n = self.len()?;
        if n > MAX_PLAYERS {
            return Err(self.error(RecordReason::TooManyPlayers));
        }
        // A local cursor: its position stays in a register.
        let mut r = *self;
        for _ in 0..n {
            let x = r.u64()?;
            // Cannot fail: at most MAX_PLAYERS pushes into an empty array.
            let _ = v.try_push(x);
        }
        self.pos = r.pos;
        Ok(())
    }

    fn player(&mut self) -> Result<Player, RecordError> {
        Ok(Player(self.byte()?))
    }

    #[inline(always)]
    fn cards(&mut self) -> Result<Cards, RecordError> {
        let n = self.len()?;
        if n > 5 {
            return Err(self.error(RecordReason::TooManyCards));
        }
        let mut cards = ArrayVec::new();
        for _ in 0..n {
            let card = if self.option()? {
                let i = self.byte()?;
                match Card::from_index(i) {
                    Some(c) => Some(c),
                    None => return Err(self.error(RecordReason::BadCard)),
                }
            } else {
                None
            };
            // Cannot fail: at most five pushes into an empty array.
            let _ = cards.try_push(card);
        }
        Ok(Cards(cards))
    }

    fn action_kind(&mut self) -> Result<ActionKind, RecordError> {
        Ok(match self.variant_index()? {
            0 => ActionKind::DealHole {
                player: self.player()?,
                cards: self.cards()?,
            },
            1 => ActionKind::DealBoard {
                cards: self.cards()?,
            },
            2 => ActionKind::Fold {
                player: self.player()?,
            },
            3 => ActionKind::CheckCall {
                player: self.player()?,
            },
            4 => ActionKind::BetRaiseTo {
                player: self.player()?,
                amount: self.u64()?,
            },
            5 => ActionKind::ShowMuck {
                player: self.player()?,
                shown: match self.variant_index()? {
                    0 => Shown::Muck,
                    1 => Shown::AsDealt,
                    2 => Shown::Cards(self.cards()?),
                    _ => return Err(self.error(RecordReason::UnknownVariant)),
                },
            },
            6 => ActionKind::NoOp,
            _ => return Err(self.error(RecordReason::UnknownVariant)),
        })
    }

    fn actions(&mut self) -> Result<Vec<ActionRecord<'a>>, RecordError> {
        let n = self.len()?;
        // Each action takes at least two bytes: never reserve more than the frame holds.
        let mut actions = Vec::with_capacity(n.min((self.bytes.len() - self.pos) / 2));
        for _ in 0..n {
            let kind = self.action_kind()?;
            let comment = if self.option()? {
                Some(self.str()?)
            } else {
                None
            };
            actions.push(ActionRecord { kind, comment });
        }
        Ok(actions)
    }

    /// Skips an optional length-prefixed byte string.
    fn skip_option_bytes(&mut self) -> Result<(), RecordError> {
        if self.option()? {
            self.bytes()?;
        }
        Ok(())
    }

    /// Skips an optional `u32` (`i32`: a zigzag varint of the same size).
    fn skip_option_u32(&mut self) -> Result<(), RecordError> {
        if self.option()? {
            self.u32()?;
        }
        Ok(())
    }

    /// [`super::Metadata`] in postcard order: everything checked and skipped except
    /// the recorded rake's and rules' TOML.
    fn metadata(&mut self) -> Result<(Option<&'a str>, Option<&'a str>), RecordError> {
        // Strings are read as bytes: skipped text needs no UTF-8 check.
        if self.option()? {
            for _ in 0..self.len()? {
                self.bytes()?;
            }
        }
        if self.option()? {
            for _ in 0..self.len()? {
                self.u32()?;
            }
        }
        self.skip_option_u32()?; // seat_count
        self.skip_option_bytes()?; // hand
        self.skip_option_bytes()?; // table
        self.skip_option_bytes()?; // time
        self.skip_option_u32()?; // day
        self.skip_option_u32()?; // month
        self.skip_option_u32()?; // year
        self.skip_option_u32()?; // level
        self.skip_option_bytes()?; // currency
        self.skip_option_bytes()?; // currency_symbol
        if self.option()? && self.byte()? > 1 {
            return Err(self.error(RecordReason::BadTag));
        }
        for _ in 0..self.len()? {
            self.bytes()?;
            self.bytes()?;
        }
        let (mut rake, mut rules) = (None, None);
        for _ in 0..self.len()? {
            let key = self.bytes()?;
            let at = self.pos;
            let toml = self.bytes()?;
            let utf8 = || {
                std::str::from_utf8(toml)
                    .map_err(|_| Reader { pos: at, ..*self }.error(RecordReason::NotUtf8))
            };
            if key == RULES_FIELD.as_bytes() {
                rules = Some(utf8()?);
            }
            if key == RAKE_FIELD.as_bytes() {
                rake = Some(utf8()?);
            }
        }
        Ok((rake, rules))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
                .all(|(x, y)| x.kind == y.kind && x.comment == y.comment.as_deref())
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
