//! The native history formats: the serde form of [`HandHistory`] (setup plus the
//! input log) as JSON Lines (one hand a line, for people) or postcard (for volume).
//!
//! A postcard file starts with 8 magic bytes that name its version, then one frame
//! per hand: a LEB128 length and that many bytes. Readers accept both versions;
//! writers write the current one, [`POSTCARD_MAGIC`] (`HOLDEMH2`). Both readers
//! stream: memory is one hand, whatever the file size.
//!
//! `HOLDEMH1` ([`POSTCARD_MAGIC_V1`]): a frame is postcard's serde encoding of a
//! [`HandHistory`], field by field (the actions before the recorded results and the
//! metadata).
//!
//! `HOLDEMH2`: laid out for replay, so that everything replay
//! needs comes before the actions and the rest is skipped in one step. Numbers are
//! LEB128 varints (`v`) as in postcard; a frame is, in order:
//! 1. the head byte: bits 0-1 the variant (0 `NT`, 1 `PT`, 2 `FT`), bit 2
//!    finishing stacks recorded, bit 3 winnings recorded, bit 4 the stakes are a
//!    fixed limit's; other bits 0;
//! 2. the unit's decimals (a byte); the stakes: `v` min bet, or `v` small bet and
//!    `v` big bet;
//! 3. the number of players `n` (a byte, at most [`super::MAX_PLAYERS`]), then `n`
//!    `v` starting stacks, `n` antes, `n` blinds or straddles, and when recorded `n`
//!    finishing stacks and `n` winnings (one count for every per-player array);
//! 4. the user fields ([`super::Metadata::extra`]: `_holdem_rake`,
//!    `_holdem_rules`...): `v` count, then each key and TOML text as `v` length and
//!    UTF-8 bytes;
//! 5. the other metadata as one block: `v` length, then postcard's encoding of the
//!    fields of [`super::Metadata`] but `extra`, in order (replay skips it whole);
//! 6. `v` the number of actions, then each action: one byte `kind << 5 | player`
//!    (kinds 0 `d dh`, 1 `d db`, 2 `f`, 3 `cc`, 4 `cbr`, 5 `sm`, 6 no-op; board
//!    deals and no-ops have player 0), then for `d dh` and `d db` a card count (at
//!    most 5) and a byte a card (its index `rank * 4 + suit`, or 52 for `??`), for
//!    `cbr` the `v` amount, for `sm` a byte (0 muck, 1 the cards dealt, `2 + k` then
//!    `k` card bytes). An action with a commentary is preceded by the byte `0xE0`
//!    and the commentary (`v` length and UTF-8 bytes). Kind 7 holds the actions
//!    of a board run more than once (B26), each a byte then the player's index (a
//!    byte) and one more byte: `0xE1` an offer and the runs offered (2 or 3),
//!    `0xE2` an answer and 1 to accept or 0 to refuse. (Frames written before
//!    these existed never hold them; a reader that predates them refuses them.)
//!
//! House rules that change a hand's replay and have no standard field (the
//! fixed-limit half-bet rule off, B25; a bomb pot, B27; the runs of the board a
//! table allows, B26) are a user field, [`super::phh::HOUSE_FIELD`], in item 4:
//! ordinary hands have none and their frames are unchanged.
//!
//! The frame ends with the last action. A hand whose per-player arrays differ in
//! length, or with a player index of 32 or more, has no `HOLDEMH2` frame (writing it
//! is an error; the PHH reader never produces one).

use std::io::{self, BufRead, Read, Write};

use serde::{Deserialize, Serialize};

use super::model::{ActionKind, Cards, HandHistory, Metadata, Shown, Stakes, Variant};
pub use super::record::{
    ActionBuffer, ActionRecord, EnumField, Field, HandRecord, NativeVersion, RecordError,
    RecordReason,
};
use super::record::{
    V2_ANSWER_RUNS, V2_COMMENTED, V2_FINISHING, V2_LIMIT, V2_OFFER_RUNS, V2_UNKNOWN_CARD,
    V2_VARIANT, V2_WINNINGS,
};

/// The first bytes of a native postcard file of the current format (`HOLDEMH2`),
/// which the writers write.
pub const POSTCARD_MAGIC: &[u8; 8] = b"HOLDEMH2";

/// The first bytes of a native postcard file of format version 1 (`HOLDEMH1`),
/// which the readers still read.
pub const POSTCARD_MAGIC_V1: &[u8; 8] = b"HOLDEMH1";

impl NativeVersion {
    /// The magic bytes of files of this version.
    pub fn magic(self) -> &'static [u8; 8] {
        match self {
            NativeVersion::V1 => POSTCARD_MAGIC_V1,
            NativeVersion::V2 => POSTCARD_MAGIC,
        }
    }

    /// The version that starts with `magic`, if any.
    pub fn of_magic(magic: &[u8; 8]) -> Option<NativeVersion> {
        if magic == POSTCARD_MAGIC {
            Some(NativeVersion::V2)
        } else if magic == POSTCARD_MAGIC_V1 {
            Some(NativeVersion::V1)
        } else {
            None
        }
    }
}

/// The fields of [`Metadata`] but `extra`, borrowed, in order: the metadata block of
/// a `HOLDEMH2` frame (postcard encodes a struct as its fields in order, so this and
/// [`MetadataBlock`] have one layout).
#[derive(Serialize)]
struct MetadataBlockRef<'m> {
    players: &'m Option<Vec<String>>,
    seats: &'m Option<Vec<u32>>,
    seat_count: &'m Option<u32>,
    hand: &'m Option<String>,
    table: &'m Option<String>,
    time: &'m Option<String>,
    day: &'m Option<u32>,
    month: &'m Option<u32>,
    year: &'m Option<i32>,
    level: &'m Option<u32>,
    currency: &'m Option<String>,
    currency_symbol: &'m Option<String>,
    ante_trimming_status: &'m Option<bool>,
    text: &'m Vec<(String, String)>,
}

/// The metadata block of a `HOLDEMH2` frame, read back ([`MetadataBlockRef`]).
#[derive(Deserialize)]
struct MetadataBlock {
    players: Option<Vec<String>>,
    seats: Option<Vec<u32>>,
    seat_count: Option<u32>,
    hand: Option<String>,
    table: Option<String>,
    time: Option<String>,
    day: Option<u32>,
    month: Option<u32>,
    year: Option<i32>,
    level: Option<u32>,
    currency: Option<String>,
    currency_symbol: Option<String>,
    ante_trimming_status: Option<bool>,
    text: Vec<(String, String)>,
}

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

/// Why a postcard payload is not a hand ([`decode_postcard`]).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DecodeError {
    /// `HOLDEMH1`: serde could not read the payload as a hand.
    #[error("{0}")]
    Serde(postcard::Error),
    /// `HOLDEMH1`: per-player arrays of different lengths.
    #[error("per-player arrays must all have one entry per player")]
    PlayerCounts,
    /// `HOLDEMH1`: an action by a player index the formats cannot hold.
    #[error("a player index: expected below 32, found {0}")]
    PlayerIndex(u8),
    /// `HOLDEMH2`: the frame is not a hand (byte offset, field and reason).
    #[error("{0}")]
    Record(RecordError),
    /// `HOLDEMH2`: the user fields are not valid.
    #[error("user fields: {0}")]
    UserFields(RecordError),
    /// `HOLDEMH2`: the metadata block is not valid.
    #[error("metadata: {0}")]
    Metadata(postcard::Error),
    /// `HOLDEMH2`: bytes follow the metadata's fields in its block.
    #[error("metadata: bytes after its fields")]
    MetadataTrailing,
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

/// Writes the postcard file header of the current format (`HOLDEMH2`); call once
/// before [`write_postcard`].
pub fn write_postcard_header(out: &mut impl Write) -> Result<(), NativeError> {
    write_postcard_header_of(out, NativeVersion::V2)
}

/// Writes the postcard file header of `version`; call once before
/// [`write_postcard_of`] with the same version.
pub fn write_postcard_header_of(
    out: &mut impl Write,
    version: NativeVersion,
) -> Result<(), NativeError> {
    out.write_all(version.magic())?;
    Ok(())
}

/// Appends one hand as a length-prefixed frame of the current format (`HOLDEMH2`).
///
/// # Errors
/// Writing failed, or the hand has no `HOLDEMH2` frame (see the module docs).
pub fn write_postcard(out: &mut impl Write, hand: &HandHistory) -> Result<(), NativeError> {
    write_postcard_of(out, hand, NativeVersion::V2)
}

/// Appends one hand as a length-prefixed frame of `version`.
///
/// # Errors
/// As [`write_postcard`].
pub fn write_postcard_of(
    out: &mut impl Write,
    hand: &HandHistory,
    version: NativeVersion,
) -> Result<(), NativeError> {
    let bytes = encode_postcard(hand, version)?;
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

/// The frame payload of `hand` in `version`.
///
/// # Errors
/// As [`write_postcard`].
pub fn encode_postcard(hand: &HandHistory, version: NativeVersion) -> Result<Vec<u8>, NativeError> {
    let invalid = |e: String| NativeError::Io(io::Error::new(io::ErrorKind::InvalidInput, e));
    match version {
        NativeVersion::V1 => postcard::to_allocvec(hand).map_err(|e| invalid(e.to_string())),
        NativeVersion::V2 => {
            let mut out = Vec::with_capacity(256);
            encode_v2(hand, &mut out).map_err(|e| invalid(e.into()))?;
            Ok(out)
        }
    }
}

/// Appends a LEB128 varint.
fn put_varint(out: &mut Vec<u8>, mut x: u64) {
    while x >= 0x80 {
        out.push((x as u8) | 0x80);
        x >>= 7;
    }
    out.push(x as u8);
}

/// Appends a length-prefixed string.
fn put_str(out: &mut Vec<u8>, s: &str) {
    put_varint(out, s.len() as u64);
    out.extend_from_slice(s.as_bytes());
}

/// The player an action names, if any (board deals and no-ops name none).
fn action_player(kind: &ActionKind) -> Option<super::Player> {
    match kind {
        ActionKind::DealHole { player, .. }
        | ActionKind::Fold { player }
        | ActionKind::CheckCall { player }
        | ActionKind::BetRaiseTo { player, .. }
        | ActionKind::ShowMuck { player, .. }
        | ActionKind::OfferRuns { player, .. }
        | ActionKind::AnswerRuns { player, .. } => Some(*player),
        ActionKind::DealBoard { .. } | ActionKind::NoOp => None,
    }
}

/// Appends `HOLDEMH2` cards: the count, then a byte a card.
fn put_cards(out: &mut Vec<u8>, cards: &Cards) {
    // At most five cards (an `ArrayVec<_, 5>`).
    out.push(cards.len() as u8);
    for c in &cards.0 {
        out.push(c.map_or(V2_UNKNOWN_CARD, |c| c.index()));
    }
}

/// The `HOLDEMH2` action byte of `kind` by `player`.
fn action_byte(kind: u8, player: super::Player) -> Result<u8, &'static str> {
    if player.0 < 32 {
        Ok(kind << 5 | player.0)
    } else {
        Err("a player index of 32 or more")
    }
}

/// Appends the `HOLDEMH2` frame payload of `h` (layout: the module docs).
fn encode_v2(h: &HandHistory, out: &mut Vec<u8>) -> Result<(), &'static str> {
    let n = h.starting_stacks.len();
    if n > super::MAX_PLAYERS {
        return Err("more players than a hand can have");
    }
    let same = |v: &[u64]| v.len() == n;
    if !same(&h.antes)
        || !same(&h.blinds_or_straddles)
        || !h.finishing_stacks.as_deref().is_none_or(same)
        || !h.winnings.as_deref().is_none_or(same)
    {
        return Err("per-player arrays must all have one entry per player");
    }
    let mut head = match h.variant {
        Variant::NoLimit => 0,
        Variant::PotLimit => 1,
        Variant::FixedLimit => 2,
    } & V2_VARIANT;
    if h.finishing_stacks.is_some() {
        head |= V2_FINISHING;
    }
    if h.winnings.is_some() {
        head |= V2_WINNINGS;
    }
    if let Stakes::Limit { .. } = h.stakes {
        head |= V2_LIMIT;
    }
    out.push(head);
    out.push(h.unit.decimals);
    match h.stakes {
        Stakes::MinBet(m) => put_varint(out, m),
        Stakes::Limit { small_bet, big_bet } => {
            put_varint(out, small_bet);
            put_varint(out, big_bet);
        }
    }
    // At most MAX_PLAYERS (23): checked above.
    out.push(n as u8);
    for v in [
        Some(&h.starting_stacks),
        Some(&h.antes),
        Some(&h.blinds_or_straddles),
        h.finishing_stacks.as_ref(),
        h.winnings.as_ref(),
    ]
    .into_iter()
    .flatten()
    {
        for &x in v {
            put_varint(out, x);
        }
    }
    put_varint(out, h.meta.extra.len() as u64);
    for e in &h.meta.extra {
        put_str(out, &e.key);
        put_str(out, &e.toml);
    }
    let m = &h.meta;
    let block = postcard::to_allocvec(&MetadataBlockRef {
        players: &m.players,
        seats: &m.seats,
        seat_count: &m.seat_count,
        hand: &m.hand,
        table: &m.table,
        time: &m.time,
        day: &m.day,
        month: &m.month,
        year: &m.year,
        level: &m.level,
        currency: &m.currency,
        currency_symbol: &m.currency_symbol,
        ante_trimming_status: &m.ante_trimming_status,
        text: &m.text,
    })
    .map_err(|_| "the metadata cannot be encoded")?;
    put_varint(out, block.len() as u64);
    out.extend_from_slice(&block);
    put_varint(out, h.actions.len() as u64);
    for a in &h.actions {
        if let Some(c) = &a.comment {
            out.push(V2_COMMENTED);
            put_str(out, c);
        }
        match &a.kind {
            ActionKind::DealHole { player, cards } => {
                out.push(action_byte(0, *player)?);
                put_cards(out, cards);
            }
            ActionKind::DealBoard { cards } => {
                out.push(1 << 5);
                put_cards(out, cards);
            }
            ActionKind::Fold { player } => out.push(action_byte(2, *player)?),
            ActionKind::CheckCall { player } => out.push(action_byte(3, *player)?),
            ActionKind::BetRaiseTo { player, amount } => {
                out.push(action_byte(4, *player)?);
                put_varint(out, *amount);
            }
            ActionKind::ShowMuck { player, shown } => {
                out.push(action_byte(5, *player)?);
                match shown {
                    Shown::Muck => out.push(0),
                    Shown::AsDealt => out.push(1),
                    Shown::Cards(cards) => {
                        // 2 + the count (at most five), then the cards.
                        out.push(2 + cards.len() as u8);
                        for c in &cards.0 {
                            out.push(c.map_or(V2_UNKNOWN_CARD, |c| c.index()));
                        }
                    }
                }
            }
            ActionKind::NoOp => out.push(6 << 5),
            ActionKind::OfferRuns { player, runs } => {
                out.push(V2_OFFER_RUNS);
                out.push(action_byte(0, *player)?);
                out.push(*runs);
            }
            ActionKind::AnswerRuns { player, accept } => {
                out.push(V2_ANSWER_RUNS);
                out.push(action_byte(0, *player)?);
                out.push(u8::from(*accept));
            }
        }
    }
    Ok(())
}

/// Decodes one hand, the payload of a frame of a file of `version`, into a
/// [`HandHistory`] with everything it records (for replay, [`HandRecord`] reads
/// only what replay needs, without allocating).
///
/// # Errors
/// Why the bytes are not a hand.
pub fn decode_postcard(bytes: &[u8], version: NativeVersion) -> Result<HandHistory, DecodeError> {
    match version {
        NativeVersion::V1 => {
            // serde reads any array lengths; a hand is one entry per player in
            // each per-player array, as `HOLDEMH2` (and the lean decoder) hold.
            let h: HandHistory = postcard::from_bytes(bytes).map_err(DecodeError::Serde)?;
            let n = h.starting_stacks.len();
            let same = |v: &[u64]| v.len() == n;
            if !same(&h.antes)
                || !same(&h.blinds_or_straddles)
                || !h.finishing_stacks.as_deref().is_none_or(same)
                || !h.winnings.as_deref().is_none_or(same)
            {
                return Err(DecodeError::PlayerCounts);
            }
            if let Some(found) = h
                .actions
                .iter()
                .find_map(|a| action_player(&a.kind).filter(|p| p.0 >= 32).map(|p| p.0))
            {
                return Err(DecodeError::PlayerIndex(found));
            }
            Ok(h)
        }
        NativeVersion::V2 => {
            let record = HandRecord::decode(bytes, version).map_err(DecodeError::Record)?;
            let extra = record
                .user_fields_v2()
                .map_err(DecodeError::UserFields)?
                .into_iter()
                .map(|(key, toml)| super::ExtraField {
                    key: key.to_string(),
                    toml: toml.to_string(),
                })
                .collect();
            // The block with its length prefix, as postcard writes a byte string.
            let block: &[u8] =
                postcard::from_bytes(record.metadata_block_v2()).map_err(DecodeError::Metadata)?;
            let (m, rest) =
                postcard::take_from_bytes::<MetadataBlock>(block).map_err(DecodeError::Metadata)?;
            if !rest.is_empty() {
                return Err(DecodeError::MetadataTrailing);
            }
            let meta = Metadata {
                players: m.players,
                seats: m.seats,
                seat_count: m.seat_count,
                hand: m.hand,
                table: m.table,
                time: m.time,
                day: m.day,
                month: m.month,
                year: m.year,
                level: m.level,
                currency: m.currency,
                currency_symbol: m.currency_symbol,
                ante_trimming_status: m.ante_trimming_status,
                text: m.text,
                extra,
            };
            Ok(record.to_history(record.owned_actions(), meta))
        }
    }
}

/// Reads postcard frames one at a time.
pub struct PostcardHands<R> {
    input: R,
    frame: usize,
    buf: Vec<u8>,
    version: Option<NativeVersion>,
    failed: bool,
}

impl<R: Read> PostcardHands<R> {
    /// A reader over `input`, which must start with [`POSTCARD_MAGIC`] or
    /// [`POSTCARD_MAGIC_V1`].
    pub fn new(input: R) -> PostcardHands<R> {
        PostcardHands {
            input,
            frame: 0,
            buf: Vec::new(),
            version: None,
            failed: false,
        }
    }

    /// The version of the file, once its first frame (or end) has been asked for
    /// and its magic bytes were good.
    pub fn version(&self) -> Option<NativeVersion> {
        self.version
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
    /// The next frame's payload, undecoded, and the file's version (for
    /// [`HandRecord::decode`]): `None` at the end of the input, an error (after
    /// which the reader ends) for a bad header or a truncated frame.
    pub fn next_frame(&mut self) -> Option<Result<(&[u8], NativeVersion), NativeError>> {
        if self.failed {
            return None;
        }
        match self.advance() {
            Ok(None) => None,
            Ok(Some(version)) => Some(Ok((&self.buf, version))),
            Err(e) => self.fail_frame(e),
        }
    }

    /// Checks the magic bytes before the first frame, then reads the next frame
    /// into `buf` (as [`Self::read_frame`]), counting it: the file's version, or
    /// `None` at a clean end.
    fn advance(&mut self) -> Result<Option<NativeVersion>, String> {
        let version = match self.version {
            Some(v) => v,
            None => {
                let mut magic = [0u8; 8];
                let version = self
                    .input
                    .read_exact(&mut magic)
                    .ok()
                    .and_then(|()| NativeVersion::of_magic(&magic))
                    .ok_or("not a holdem postcard history (bad magic bytes)")?;
                self.version = Some(version);
                version
            }
        };
        self.frame += 1;
        Ok(self.read_frame()?.then_some(version))
    }

    fn fail_frame(
        &mut self,
        reason: impl Into<String>,
    ) -> Option<Result<(&[u8], NativeVersion), NativeError>> {
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
            Ok(None) => None,
            Ok(Some(version)) => match decode_postcard(&self.buf, version) {
                Ok(h) => Some(Ok(h)),
                Err(e) => self.fail(e.to_string()),
            },
            Err(e) => self.fail(e),
        }
    }
}

#[cfg(test)]
mod tests;
