//! The postcard decoder replay uses ([`HandRecord`]): it reads the native frame of a
//! [`super::HandHistory`] (postcard 1's serde layout, decoded by hand) straight into
//! what replay needs, with strings borrowed from the frame, per-player amounts in
//! fixed arrays, the metadata skipped by length (only the recorded rake and rules
//! are kept), and the action list in an [`ActionBuffer`] a stream reuses, so that
//! decoding a stream allocates once.
//!
//! It accepts exactly the frames `postcard::from_bytes` accepts as a hand with
//! consistent player counts and reads the same hand
//! (`hand_decoder_agrees_with_serde_on_real_and_mutated_frames`), except that text
//! it skips is not checked to be UTF-8.

use std::borrow::Cow;

use super::compact::{CompactAction, CompactCards, CompactShown};
use super::model::{
    Action, ActionKind, HandHistory, MAX_PLAYERS, Metadata, Player, Stakes, Variant,
};
use super::money::{MAX_DECIMALS, Unit};
use super::phh::{HOUSE_FIELD, RAKE_FIELD, RAKE_TAKEN_FIELD, RULES_FIELD};

/// The user fields a decoder keeps (TOML text, borrowed from the frame): the
/// recorded rake policy, rules preset, house rules and rake taken.
#[derive(Copy, Clone, Debug, Default)]
struct UserFields<'a> {
    rake: Option<&'a str>,
    rules: Option<&'a str>,
    house: Option<&'a str>,
    rake_taken: Option<&'a str>,
}
use crate::view::{RecordedAction, ReplayView};

/// One per-player array of a [`HandRecord`] ([`PerPlayer`]).
#[derive(Copy, Clone, Debug)]
enum Amounts {
    StartingStacks,
    Antes,
    BlindsOrStraddles,
    FinishingStacks,
    Winnings,
}

/// A fixed array of amounts for each of [`Amounts`].
type AmountArrays = [[u64; MAX_PLAYERS]; 5];

/// What a record's box ([`PerPlayer`]) holds from frame to frame: the per-player
/// arrays, and the `HOLDEMH2` setup they hold the starting stacks, antes and blinds
/// of.
#[derive(Debug, Default)]
struct AmountStore {
    arrays: AmountArrays,
    /// The setup bytes ([`ReplayView::setup`]) last decoded into `arrays`...
    setup: Vec<u8>,
    /// ... and the other fields they gave; `None` when `arrays` hold no whole setup.
    setup_fields: Option<SetupFields>,
}

/// The fields of a `HOLDEMH2` setup besides the per-player arrays.
#[derive(Copy, Clone, Debug)]
struct SetupFields {
    head: u8,
    variant: Variant,
    unit: Unit,
    stakes: Stakes,
    players: usize,
}

/// The per-player amounts of a [`HandRecord`]: for each array ([`Amounts`]) the
/// first `len` of a fixed array (at most [`MAX_PLAYERS`]), filled in place by
/// position and given a length once (an `ArrayVec` checked its capacity and stored
/// its length at each push, ~30 amounts a hand). The arrays lie in a box that the
/// record's [`ActionBuffer`] carries from frame to frame, allocated at a stream's
/// first decode: a new record zeroes nothing (inline, they were a `memset` of ~550
/// bytes a hand, and ~180 more for recorded finishing stacks).
#[derive(Debug, Default)]
struct PerPlayer {
    arrays: Option<Box<AmountStore>>,
    lens: [u8; 5],
}

impl PerPlayer {
    /// The amounts of `which` (empty before a decode).
    #[inline]
    fn get(&self, which: Amounts) -> &[u64] {
        let i = which as usize;
        match &self.arrays {
            // A length is at most MAX_PLAYERS (set by `Reader::amounts`): the slice
            // is never the empty fallback.
            Some(store) => store.arrays[i]
                .get(..usize::from(self.lens[i]))
                .unwrap_or_default(),
            None => &[],
        }
    }
}

/// `HOLDEMH2` head byte: the variant (0 no limit, 1 pot limit, 2 fixed limit).
pub(crate) const V2_VARIANT: u8 = 0b11;
/// `HOLDEMH2` head byte: finishing stacks are recorded.
pub(crate) const V2_FINISHING: u8 = 1 << 2;
/// `HOLDEMH2` head byte: winnings are recorded.
pub(crate) const V2_WINNINGS: u8 = 1 << 3;
/// `HOLDEMH2` head byte: the stakes are a fixed limit's small and big bet.
pub(crate) const V2_LIMIT: u8 = 1 << 4;
/// The bits a `HOLDEMH2` head byte may have.
const V2_HEAD_BITS: u8 = V2_VARIANT | V2_FINISHING | V2_WINNINGS | V2_LIMIT;
/// A `HOLDEMH2` action byte (kind << 5 | player) of this value says a commentary
/// comes before the action byte.
pub(crate) const V2_COMMENTED: u8 = 7 << 5;
/// A `HOLDEMH2` action byte (kind 7, like [`V2_COMMENTED`]) that starts an offer
/// to run the board more than once (B26): the player's byte and the runs follow.
pub(crate) const V2_OFFER_RUNS: u8 = 7 << 5 | 1;
/// A `HOLDEMH2` action byte (kind 7) that starts an answer to an offer to run the
/// board more than once (B26): the player's byte and 1 (accept) or 0 follow.
pub(crate) const V2_ANSWER_RUNS: u8 = 7 << 5 | 2;
/// A `HOLDEMH2` card byte for a card not shown (`??`); known cards are their index.
pub(crate) const V2_UNKNOWN_CARD: u8 = 52;

/// The layout of the frames of a native postcard file, named by its magic bytes
/// ([`super::native::POSTCARD_MAGIC`], [`super::native::POSTCARD_MAGIC_V1`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NativeVersion {
    /// `HOLDEMH1`: postcard's serde layout of [`super::HandHistory`] (metadata and
    /// recorded results after the actions).
    V1,
    /// `HOLDEMH2`, the format written: laid out for replay. The
    /// setup, the per-player amounts (one count for all of them), the recorded
    /// results and the user fields come before the actions, the other metadata is
    /// one length-prefixed block that replay skips in one step, and each action is
    /// one byte (kind and player) plus its amount or cards (layout:
    /// [`super::native`]).
    V2,
}

/// Where a text lies in a frame payload (its bytes are UTF-8: checked when decoded).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Span {
    start: u32,
    end: u32,
}

/// One action of a [`HandRecord`]: what happened, compact ([`CompactAction`]), and
/// where its commentary lies in the frame ([`HandRecord::comment`]). Copyable and
/// holding no borrow: the decoded actions' storage goes from one frame to the next
/// ([`ActionBuffer`]) and is emptied without a pass over it, and replay copies each
/// action out by value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ActionRecord {
    action: CompactAction,
    comment: Option<Span>,
}

impl ActionRecord {
    /// A no-op without commentary (what a decoder's list is sized with).
    const NO_OP: ActionRecord = ActionRecord {
        action: CompactAction::NoOp,
        comment: None,
    };

    /// What happened, compact.
    #[inline]
    pub fn action(&self) -> CompactAction {
        self.action
    }

    /// What happened, as an [`ActionKind`].
    pub fn kind(&self) -> ActionKind {
        self.action.to_kind()
    }

    /// Whether the action has a commentary.
    pub fn has_comment(&self) -> bool {
        self.comment.is_some()
    }
}

impl RecordedAction for ActionRecord {
    #[inline(always)]
    fn action(&self) -> Cow<'_, CompactAction> {
        Cow::Borrowed(&self.action)
    }

    #[inline]
    fn comment<'t>(&'t self, source: &'t [u8]) -> Option<&'t str> {
        text_at(self.comment?, source)
    }
}

/// The text at `span` of `source` (checked as UTF-8 when decoded; `None` only for a
/// source that is not the action's frame).
#[inline]
fn text_at(span: Span, source: &[u8]) -> Option<&str> {
    let bytes = source.get(span.start as usize..span.end as usize)?;
    std::str::from_utf8(bytes).ok()
}

/// Why a postcard frame payload is not a [`HandRecord`]: where in the payload the
/// decoder stopped and why.
/// (Eight bytes, so that the decoder's results travel in registers.)
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte {offset}: {reason}")]
pub struct RecordError {
    /// 0-based offset in the frame payload where the decoder stopped (frames are at
    /// most 1 MiB).
    pub offset: u32,
    /// Why.
    pub reason: RecordReason,
}

/// What is wrong with a postcard frame payload ([`RecordError`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordReason {
    /// The payload stops inside a value, or a length counts more than the payload
    /// holds.
    #[error("expected more bytes: the hand ends early")]
    EndsEarly,
    /// A LEB128 number is too long for its type.
    #[error("a number: expected a LEB128 varint that fits its type")]
    BadVarint,
    /// An option tag or bool is neither 0 nor 1.
    #[error("{field}: expected 0 or 1 (an option's tag or a bool), found {found}")]
    BadFlag {
        /// The field the tag belongs to.
        field: Field,
        /// The byte found.
        found: u8,
    },
    /// An enum index names no variant.
    #[error("{0}")]
    UnknownEnum(EnumField),
    /// A `HOLDEMH2` head byte with bits outside the variant, limit and results bits.
    #[error(
        "the head byte: expected the variant (0-2) and the limit, finishing-stacks and \
         winnings bits (mask 0x1f), found 0x{found:02x}"
    )]
    BadHead {
        /// The byte found.
        found: u8,
    },
    /// A `HOLDEMH2` action byte whose kind (top three bits) is not one of the kinds,
    /// or a commentary byte not followed by an action byte.
    #[error(
        "an action byte: expected kind 0-5 in the top three bits and a player below 32, \
         kind 1 or 6 with player 0, an offer (0xe1) or answer (0xe2) to run the board \
         more than once, or the commentary byte 0xe0 once before the action, found \
         0x{found:02x}"
    )]
    BadActionByte {
        /// The byte found.
        found: u8,
    },
    /// A `HOLDEMH2` show or muck whose kind byte is not 0-7.
    #[error(
        "a show or muck: expected 0 (muck), 1 (shows as dealt) or 2 + the number of cards \
         shown (2-7), found {found}"
    )]
    BadShowByte {
        /// The byte found.
        found: u8,
    },
    /// A per-player array is longer than [`MAX_PLAYERS`].
    #[error("a per-player array: expected at most {MAX_PLAYERS} players")]
    TooManyPlayers,
    /// A card list is longer than five.
    #[error("a card list: expected at most five cards")]
    TooManyCards,
    /// A card index is not below 52.
    #[error("a card: expected an index 0-51 (or 52, a card not shown, in HOLDEMH2), found {found}")]
    BadCard {
        /// The byte found.
        found: u8,
    },
    /// A commentary, rake or rules text is not UTF-8.
    #[error("a string: expected UTF-8")]
    NotUtf8,
    /// The per-player arrays differ in length.
    #[error("the per-player arrays: expected one entry per player in each")]
    PlayerCounts,
    /// An action's player index does not fit the formats' five bits.
    #[error("a player index: expected below 32, found {found}")]
    BadPlayer {
        /// The byte read.
        found: u8,
    },
    /// A `HOLDEMH2` frame has bytes after its hand.
    #[error("expected the end of the hand, found more bytes")]
    TrailingBytes,
    /// The unit has more decimal places than [`MAX_DECIMALS`].
    #[error("the unit: expected at most {MAX_DECIMALS} decimal places")]
    TooManyDecimals,
}

/// A field of a native record that holds an option tag or a bool (for
/// [`RecordReason::BadFlag`]); its text is the field's name.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Field {
    /// Whether `finishing_stacks` is recorded.
    #[error("finishing_stacks")]
    FinishingStacks,
    /// Whether `winnings` is recorded.
    #[error("winnings")]
    Winnings,
    /// Whether a card is known (`??` is unknown).
    #[error("a card")]
    Card,
    /// Whether an action has a commentary.
    #[error("an action's commentary")]
    Commentary,
    /// An answer to an offer to run the board more than once (B26): 1 accepts.
    #[error("an answer to run the board more than once")]
    RunsAnswer,
    /// Metadata `players`.
    #[error("metadata `players`")]
    Players,
    /// Metadata `seats`.
    #[error("metadata `seats`")]
    Seats,
    /// Metadata `seat_count`.
    #[error("metadata `seat_count`")]
    SeatCount,
    /// Metadata `hand`.
    #[error("metadata `hand`")]
    Hand,
    /// Metadata `table`.
    #[error("metadata `table`")]
    Table,
    /// Metadata `time`.
    #[error("metadata `time`")]
    Time,
    /// Metadata `day`.
    #[error("metadata `day`")]
    Day,
    /// Metadata `month`.
    #[error("metadata `month`")]
    Month,
    /// Metadata `year`.
    #[error("metadata `year`")]
    Year,
    /// Metadata `level`.
    #[error("metadata `level`")]
    Level,
    /// Metadata `currency`.
    #[error("metadata `currency`")]
    Currency,
    /// Metadata `currency_symbol`.
    #[error("metadata `currency_symbol`")]
    CurrencySymbol,
    /// Whether metadata `ante_trimming_status` is recorded.
    #[error("metadata `ante_trimming_status`")]
    AnteTrimmingStatus,
    /// The value of metadata `ante_trimming_status` (a bool).
    #[error("the value of metadata `ante_trimming_status`")]
    AnteTrimmingValue,
}

/// An enum of a native (`HOLDEMH1`) record whose index named no variant (for
/// [`RecordReason::UnknownEnum`]); its text says which indices are valid.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EnumField {
    /// The betting structure.
    #[error("the variant: expected 0 (no limit), 1 (pot limit) or 2 (fixed limit)")]
    Variant,
    /// The bet sizing.
    #[error("the stakes: expected 0 (min_bet) or 1 (small_bet and big_bet)")]
    Stakes,
    /// An action's kind.
    #[error(
        "an action: expected 0 (deal hole), 1 (deal board), 2 (fold), 3 (check or call), \
         4 (bet or raise), 5 (show or muck) or 6 (no-op)"
    )]
    ActionKind,
    /// A show or muck's kind.
    #[error("a show or muck: expected 0 (muck), 1 (as dealt) or 2 (cards)")]
    ShowKind,
}

/// The storage of a [`HandRecord`]'s actions, handed from one record to the next
/// ([`HandRecord::new`], [`HandRecord::take_buffer`]) so that a stream of hands
/// allocates it once.
#[derive(Debug, Default)]
pub struct ActionBuffer {
    actions: Vec<ActionRecord>,
    /// The per-player arrays ([`PerPlayer`]), once a record has decoded a hand.
    amounts: Option<Box<AmountStore>>,
}

/// A postcard hand decoded for replay: per-player amounts in fixed arrays, strings
/// borrowed from the frame, and of the metadata only the recorded rake and rules
/// (the rest is skipped by length). It reads the bytes [`super::native::write_postcard`]
/// writes for a [`super::HandHistory`].
///
/// One record at a time, reusing the action storage:
/// ```
/// use holdem_history::native::{ActionBuffer, HandRecord, NativeVersion};
/// let frames: Vec<Vec<u8>> = Vec::new(); // postcard frame payloads
/// let mut buffer = ActionBuffer::default();
/// for frame in &frames {
///     let mut record = HandRecord::new(buffer);
///     if record.decode_into(frame, NativeVersion::V2).is_ok() {
///         let _view = record.view(); // replay it
///     }
///     buffer = record.take_buffer();
/// }
/// ```
#[derive(Debug)]
pub struct HandRecord<'a> {
    variant: Variant,
    unit: Unit,
    stakes: Stakes,
    /// Starting stacks, antes, blinds or straddles, and the recorded results.
    amounts: PerPlayer,
    /// Whether finishing stacks and winnings are recorded.
    has_finishing_stacks: bool,
    has_winnings: bool,
    frame: &'a [u8],
    /// The action storage: its first `action_count` records are this hand's, the
    /// others are left from earlier frames (copyable, never read), so that a frame
    /// writes only its own actions (not cleared and refilled each frame).
    actions: Vec<ActionRecord>,
    action_count: usize,
    rake: Option<&'a str>,
    rules: Option<&'a str>,
    /// The recorded rake taken ([`RAKE_TAKEN_FIELD`]), if any.
    rake_taken: Option<&'a str>,
    house: Option<&'a str>,
    /// `HOLDEMH2`: where the user fields and the other metadata lie in the frame
    /// (for the full reader; empty for `HOLDEMH1`).
    extras: Span,
    meta: Span,
    /// `HOLDEMH2`: the frame's bytes up to the end of the blinds (the setup, for
    /// [`ReplayView::setup`]; `None` for `HOLDEMH1`).
    setup: Option<&'a [u8]>,
}

impl<'a> HandRecord<'a> {
    /// An empty record (a no-limit hand without players or actions) whose actions
    /// go into `buffer`; fill it with [`HandRecord::decode_into`].
    pub fn new(buffer: ActionBuffer) -> HandRecord<'a> {
        HandRecord {
            variant: Variant::NoLimit,
            unit: Unit::default(),
            stakes: Stakes::MinBet(0),
            amounts: PerPlayer {
                arrays: buffer.amounts,
                lens: [0; 5],
            },
            has_finishing_stacks: false,
            has_winnings: false,
            frame: &[],
            actions: buffer.actions,
            action_count: 0,
            rake: None,
            rules: None,
            rake_taken: None,
            house: None,
            extras: Span { start: 0, end: 0 },
            meta: Span { start: 0, end: 0 },
            setup: None,
        }
    }

    /// The action storage for the next record (the record keeps none).
    pub fn take_buffer(&mut self) -> ActionBuffer {
        let actions = std::mem::take(&mut self.actions);
        self.action_count = 0;
        self.amounts.lens = [0; 5];
        ActionBuffer {
            actions,
            amounts: self.amounts.arrays.take(),
        }
    }

    /// The per-player arrays and what they hold (allocated at the first decode).
    #[inline]
    fn amount_store(amounts: &mut PerPlayer) -> &mut AmountStore {
        amounts.arrays.get_or_insert_with(Box::default)
    }

    /// Decodes one frame payload of a file of `version` into a new record (for
    /// `HOLDEMH1`, bytes after the hand are ignored, as `postcard::from_bytes`
    /// does; a `HOLDEMH2` frame must end with the hand). A stream decodes with
    /// [`HandRecord::decode_into`] instead, which reuses the action storage.
    ///
    /// # Errors
    /// Where and why the bytes are not a hand.
    pub fn decode(bytes: &'a [u8], version: NativeVersion) -> Result<HandRecord<'a>, RecordError> {
        let mut record = HandRecord::new(ActionBuffer::default());
        record.decode_into(bytes, version)?;
        Ok(record)
    }

    /// Decodes one frame payload of a file of `version` into this record,
    /// replacing what it held (as [`HandRecord::decode`]).
    ///
    /// # Errors
    /// Where and why the bytes are not a hand; the record then holds part of the
    /// hand and is only good for [`HandRecord::take_buffer`] or another decode.
    #[inline]
    pub fn decode_into(
        &mut self,
        bytes: &'a [u8],
        version: NativeVersion,
    ) -> Result<(), RecordError> {
        match version {
            NativeVersion::V1 => self.decode_v1(bytes),
            NativeVersion::V2 => self.decode_v2(bytes),
        }
    }

    /// [`HandRecord::decode_into`] for `HOLDEMH1`: postcard's serde layout.
    fn decode_v1(&mut self, bytes: &'a [u8]) -> Result<(), RecordError> {
        self.extras = Span { start: 0, end: 0 };
        self.meta = Span { start: 0, end: 0 };
        self.setup = None;
        self.frame = bytes;
        let mut r = Reader {
            rest: bytes,
            size: bytes.len(),
        };
        self.variant = match r.u32()? {
            0 => Variant::NoLimit,
            1 => Variant::PotLimit,
            2 => Variant::FixedLimit,
            _ => return Err(r.fail(RecordReason::UnknownEnum(EnumField::Variant))),
        };
        self.unit = r.unit()?;
        let store = Self::amount_store(&mut self.amounts);
        store.setup_fields = None;
        let arrays = &mut store.arrays;
        let mut lens = [0; 5];
        lens[Amounts::Antes as usize] = r.per_player(&mut arrays[Amounts::Antes as usize])?;
        lens[Amounts::BlindsOrStraddles as usize] =
            r.per_player(&mut arrays[Amounts::BlindsOrStraddles as usize])?;
        self.stakes = match r.u32()? {
            0 => Stakes::MinBet(r.u64()?),
            1 => Stakes::Limit {
                small_bet: r.u64()?,
                big_bet: r.u64()?,
            },
            _ => return Err(r.fail(RecordReason::UnknownEnum(EnumField::Stakes))),
        };
        lens[Amounts::StartingStacks as usize] =
            r.per_player(&mut arrays[Amounts::StartingStacks as usize])?;
        self.action_count = 0;
        self.action_count = r.actions(&mut self.actions)?;
        self.has_finishing_stacks = r.option(Field::FinishingStacks)?;
        if self.has_finishing_stacks {
            lens[Amounts::FinishingStacks as usize] =
                r.per_player(&mut arrays[Amounts::FinishingStacks as usize])?;
        }
        self.has_winnings = r.option(Field::Winnings)?;
        if self.has_winnings {
            lens[Amounts::Winnings as usize] =
                r.per_player(&mut arrays[Amounts::Winnings as usize])?;
        }
        self.amounts.lens = lens;
        let kept = r.metadata()?;
        (self.rake, self.rules, self.house, self.rake_taken) =
            (kept.rake, kept.rules, kept.house, kept.rake_taken);
        let n = lens[Amounts::StartingStacks as usize];
        let lengths_ok = lens[Amounts::Antes as usize] == n
            && lens[Amounts::BlindsOrStraddles as usize] == n
            && (!self.has_finishing_stacks || lens[Amounts::FinishingStacks as usize] == n)
            && (!self.has_winnings || lens[Amounts::Winnings as usize] == n);
        if !lengths_ok {
            return Err(RecordError {
                offset: 0,
                reason: RecordReason::PlayerCounts,
            });
        }
        Ok(())
    }

    /// [`HandRecord::decode_into`] for `HOLDEMH2` (the layout is in
    /// [`super::native`]'s documentation).
    fn decode_v2(&mut self, bytes: &'a [u8]) -> Result<(), RecordError> {
        self.frame = bytes;
        let mut r = Reader {
            rest: bytes,
            size: bytes.len(),
        };
        // (A record that brought no arrays decodes one hand, `HandRecord::decode`:
        // it keeps no setup bytes for a next one.)
        let streaming = self.amounts.arrays.is_some();
        let store = Self::amount_store(&mut self.amounts);
        // A frame that starts with the setup bytes of the one decoded before holds
        // the same setup (the decoder reads exactly those bytes for it): its fields
        // and per-player arrays are already decoded (streams where stacks repeat,
        // as in bot and simulation logs: ~24 amounts a Pluribus hand).
        let fields = match store.setup_fields {
            Some(fields) if bytes.starts_with(&store.setup) => {
                r.rest = bytes.get(store.setup.len()..).unwrap_or_default();
                fields
            }
            _ => {
                store.setup_fields = None;
                let fields = r.setup_v2(&mut store.arrays)?;
                if streaming {
                    store.setup.clear();
                    store
                        .setup
                        .extend_from_slice(bytes.get(..r.offset() as usize).unwrap_or_default());
                    store.setup_fields = Some(fields);
                }
                fields
            }
        };
        self.setup = bytes.get(..r.offset() as usize);
        let SetupFields {
            head,
            variant,
            unit,
            stakes,
            players: n,
        } = fields;
        (self.variant, self.unit, self.stakes) = (variant, unit, stakes);
        let [_, _, _, finishing_stacks, winnings] = &mut store.arrays;
        self.has_finishing_stacks = head & V2_FINISHING != 0;
        if self.has_finishing_stacks {
            r.amounts(finishing_stacks, n)?;
        }
        self.has_winnings = head & V2_WINNINGS != 0;
        if self.has_winnings {
            r.amounts(winnings, n)?;
        }
        // (`n` is at most MAX_PLAYERS.)
        self.amounts.lens = [n as u8; 5];
        let start = r.offset();
        let kept = r.user_fields()?;
        (self.rake, self.rules, self.house, self.rake_taken) =
            (kept.rake, kept.rules, kept.house, kept.rake_taken);
        self.extras = Span {
            start,
            end: r.offset(),
        };
        r.bytes()?;
        let end = r.offset();
        // The block's length prefix is before `start`; the full reader reads the
        // block from its first byte to `end`.
        self.meta = Span {
            start: self.extras.end,
            end,
        };
        self.action_count = 0;
        self.action_count = r.actions_v2(&mut self.actions)?;
        if !r.rest.is_empty() {
            return Err(r.fail(RecordReason::TrailingBytes));
        }
        Ok(())
    }

    /// `HOLDEMH2`: the user fields (`_holdem_rake`, `_holdem_rules` and any other
    /// field the reader keeps verbatim), in file order, every text checked as UTF-8
    /// (replay reads only the two it needs).
    pub(crate) fn user_fields_v2(&self) -> Result<Vec<(&'a str, &'a str)>, RecordError> {
        let frame: &'a [u8] = self.frame;
        let mut r = Reader {
            rest: frame.get(..self.extras.end as usize).unwrap_or_default(),
            size: frame.len(),
        };
        r.rest = r.rest.get(self.extras.start as usize..).unwrap_or_default();
        let mut out = Vec::new();
        for _ in 0..r.len()? {
            out.push((r.str()?, r.str()?));
        }
        Ok(out)
    }

    /// `HOLDEMH2`: the other metadata's block with its length prefix (postcard of
    /// the metadata without the user fields), for the full reader.
    pub(crate) fn metadata_block_v2(&self) -> &'a [u8] {
        let frame: &'a [u8] = self.frame;
        frame
            .get(self.meta.start as usize..self.meta.end as usize)
            .unwrap_or_default()
    }

    /// The actions as owned [`Action`]s (for the full reader).
    pub(crate) fn owned_actions(&self) -> Vec<Action> {
        self.actions()
            .iter()
            .map(|a| Action {
                kind: a.kind(),
                comment: self.comment(a).map(str::to_string),
            })
            .collect()
    }

    /// The record's setup and results as a [`HandHistory`] with `actions` and
    /// `meta` (for the full reader).
    pub(crate) fn to_history(&self, actions: Vec<Action>, meta: Metadata) -> HandHistory {
        HandHistory {
            variant: self.variant,
            unit: self.unit,
            antes: self.amounts.get(Amounts::Antes).to_vec(),
            blinds_or_straddles: self.amounts.get(Amounts::BlindsOrStraddles).to_vec(),
            stakes: self.stakes,
            starting_stacks: self.amounts.get(Amounts::StartingStacks).to_vec(),
            actions,
            finishing_stacks: self.finishing_stacks().map(<[u64]>::to_vec),
            winnings: self.winnings().map(<[u64]>::to_vec),
            meta,
        }
    }

    /// The TOML text of the rules preset the hand names ([`RULES_FIELD`]), if any.
    pub fn declared_rules(&self) -> Option<&'a str> {
        self.rules
    }

    /// The unit of the hand's amounts.
    pub fn unit(&self) -> Unit {
        self.unit
    }

    /// An action's commentary.
    pub fn comment(&self, action: &ActionRecord) -> Option<&'a str> {
        text_at(action.comment?, self.frame)
    }

    /// The recorded finishing stacks, if any.
    #[inline]
    fn finishing_stacks(&self) -> Option<&[u64]> {
        self.has_finishing_stacks
            .then(|| self.amounts.get(Amounts::FinishingStacks))
    }

    /// The recorded winnings, if any.
    #[inline]
    fn winnings(&self) -> Option<&[u64]> {
        self.has_winnings
            .then(|| self.amounts.get(Amounts::Winnings))
    }

    /// The hand's actions.
    #[inline]
    fn actions(&self) -> &[ActionRecord] {
        // (`action_count` is at most the storage's length: set by a decoder.)
        self.actions.get(..self.action_count).unwrap_or_default()
    }

    /// What replay reads.
    // Inline: built once a hand by its caller.
    #[inline]
    pub fn view(&self) -> ReplayView<'_, ActionRecord> {
        ReplayView {
            source: self.frame,
            variant: self.variant,
            unit: self.unit,
            antes: self.amounts.get(Amounts::Antes),
            blinds_or_straddles: self.amounts.get(Amounts::BlindsOrStraddles),
            stakes: self.stakes,
            starting_stacks: self.amounts.get(Amounts::StartingStacks),
            actions: self.actions(),
            finishing_stacks: self.finishing_stacks(),
            winnings: self.winnings(),
            rake: self.rake,
            rake_taken: self.rake_taken,
            house: self.house,
            setup: self.setup,
        }
    }
}

/// The first `n` records of an action storage, for a decoder to overwrite: the
/// storage keeps the records of earlier frames (copyable, never read), and is grown
/// with no-ops only where it holds fewer than `n`.
#[inline(always)]
fn action_slots(storage: &mut Vec<ActionRecord>, n: usize) -> &mut [ActionRecord] {
    if storage.len() < n {
        storage.resize(n, ActionRecord::NO_OP);
    }
    // (The storage holds at least `n` records: the slice is never the empty
    // fallback.)
    storage.get_mut(..n).unwrap_or_default()
}

/// A cursor over a postcard payload, reading the primitives of postcard 1's wire
/// format (LEB128 varints, one-byte `u8`/`bool`/option tags, length-prefixed
/// sequences and strings) with the same checks as `postcard::from_bytes`. The common
/// small values (one- and two-byte varints, tags 0 and 1) are one slice pattern
/// each; anything else takes a general path out of line.
#[derive(Copy, Clone)]
struct Reader<'a> {
    /// What is left of the payload.
    rest: &'a [u8],
    /// The payload's length (for error offsets).
    size: usize,
}

impl<'a> Reader<'a> {
    /// The error at the current position.
    #[cold]
    #[inline(never)]
    fn fail(self, reason: RecordReason) -> RecordError {
        RecordError {
            offset: u32::try_from(self.size - self.rest.len()).unwrap_or(u32::MAX),
            reason,
        }
    }

    /// The error at the byte just read.
    #[cold]
    #[inline(never)]
    fn fail_last_byte(self, reason: RecordReason) -> RecordError {
        let mut e = self.fail(reason);
        e.offset = e.offset.saturating_sub(1);
        e
    }

    #[inline(always)]
    fn byte(&mut self) -> Result<u8, RecordError> {
        match *self.rest {
            [b, ref rest @ ..] => {
                self.rest = rest;
                Ok(b)
            }
            [] => Err(self.fail(RecordReason::EndsEarly)),
        }
    }

    /// A LEB128 `u64` (at most 10 bytes, the last at most 1).
    #[inline(always)]
    fn u64(&mut self) -> Result<u64, RecordError> {
        match *self.rest {
            [b, ref rest @ ..] if b < 0x80 => {
                self.rest = rest;
                Ok(u64::from(b))
            }
            // (The first byte has its high bit set: the arm above takes the rest.)
            [b0, b1, ref rest @ ..] if b1 < 0x80 => {
                self.rest = rest;
                Ok(u64::from(b0 & 0x7f) | u64::from(b1) << 7)
            }
            _ => {
                let (x, after) = self.u64_long()?;
                *self = after;
                Ok(x)
            }
        }
    }

    /// The general path of [`Reader::u64`], out of line; the cursor goes in and out
    /// by value so that the caller's stays in registers. (`u32_long` is its own loop
    /// on purpose: one shared loop with the width as a parameter is slower.)
    #[inline(never)]
    fn u64_long(mut self) -> Result<(u64, Reader<'a>), RecordError> {
        let mut out = 0u64;
        for i in 0..10 {
            let b = self.byte()?;
            out |= u64::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                if i == 9 && b > 1 {
                    break;
                }
                return Ok((out, self));
            }
        }
        Err(self.fail(RecordReason::BadVarint))
    }

    /// A LEB128 `u32` (at most 5 bytes, the last at most 15): enum variant indices,
    /// `u32` and zigzag `i32` fields.
    #[inline(always)]
    fn u32(&mut self) -> Result<u32, RecordError> {
        match *self.rest {
            [b, ref rest @ ..] if b < 0x80 => {
                self.rest = rest;
                Ok(u32::from(b))
            }
            _ => {
                let (x, after) = self.u32_long()?;
                *self = after;
                Ok(x)
            }
        }
    }

    /// The general path of [`Reader::u32`], out of line (as [`Reader::u64_long`]).
    #[inline(never)]
    fn u32_long(mut self) -> Result<(u32, Reader<'a>), RecordError> {
        let mut out = 0u32;
        for i in 0..5 {
            let b = self.byte()?;
            out |= u32::from(b & 0x7f) << (7 * i);
            if b & 0x80 == 0 {
                if i == 4 && b > 0x0f {
                    break;
                }
                return Ok((out, self));
            }
        }
        Err(self.fail(RecordReason::BadVarint))
    }

    /// A sequence or string length (a `usize` varint).
    #[inline(always)]
    fn len(&mut self) -> Result<usize, RecordError> {
        let n = self.u64()?;
        usize::try_from(n).map_err(|_| self.fail(RecordReason::BadVarint))
    }

    /// An option tag (or a bool) of `field`: `false` for `None`.
    #[inline(always)]
    fn option(&mut self, field: Field) -> Result<bool, RecordError> {
        match *self.rest {
            [0, ref rest @ ..] => {
                self.rest = rest;
                Ok(false)
            }
            [1, ref rest @ ..] => {
                self.rest = rest;
                Ok(true)
            }
            [] => Err(self.fail(RecordReason::EndsEarly)),
            [found, ..] => Err(self.fail(RecordReason::BadFlag { field, found })),
        }
    }

    /// A length-prefixed byte string, borrowed.
    #[inline(always)]
    fn bytes(&mut self) -> Result<&'a [u8], RecordError> {
        let n = self.len()?;
        match self.rest.split_at_checked(n) {
            Some((b, rest)) => {
                self.rest = rest;
                Ok(b)
            }
            None => Err(self.fail(RecordReason::EndsEarly)),
        }
    }

    /// A length-prefixed UTF-8 string, borrowed.
    #[inline(always)]
    fn str(&mut self) -> Result<&'a str, RecordError> {
        let at = *self;
        let b = self.bytes()?;
        std::str::from_utf8(b).map_err(|_| at.fail(RecordReason::NotUtf8))
    }

    /// Where a length-prefixed UTF-8 string lies.
    #[inline(always)]
    fn span(&mut self) -> Result<Span, RecordError> {
        let b = self.str()?;
        // Frames are at most 1 MiB (MAX_FRAME): offsets fit.
        let end = (self.size - self.rest.len()) as u32;
        Ok(Span {
            start: end - b.len() as u32,
            end,
        })
    }

    /// A `HOLDEMH2` setup: the head byte, unit, stakes and player count, and the
    /// starting stacks, antes and blinds or straddles into `arrays`.
    #[inline(always)]
    fn setup_v2(&mut self, arrays: &mut AmountArrays) -> Result<SetupFields, RecordError> {
        let head = self.byte()?;
        if head & !V2_HEAD_BITS != 0 {
            return Err(self.fail_last_byte(RecordReason::BadHead { found: head }));
        }
        let variant = match head & V2_VARIANT {
            0 => Variant::NoLimit,
            1 => Variant::PotLimit,
            2 => Variant::FixedLimit,
            _ => return Err(self.fail(RecordReason::UnknownEnum(EnumField::Variant))),
        };
        let unit = self.unit()?;
        let stakes = if head & V2_LIMIT != 0 {
            Stakes::Limit {
                small_bet: self.u64()?,
                big_bet: self.u64()?,
            }
        } else {
            Stakes::MinBet(self.u64()?)
        };
        let n = usize::from(self.byte()?);
        if n > MAX_PLAYERS {
            return Err(self.fail(RecordReason::TooManyPlayers));
        }
        let [starting_stacks, antes, blinds_or_straddles, _, _] = arrays;
        self.amounts(starting_stacks, n)?;
        self.amounts(antes, n)?;
        self.amounts(blinds_or_straddles, n)?;
        Ok(SetupFields {
            head,
            variant,
            unit,
            stakes,
            players: n,
        })
    }

    /// A per-player array, into `to` (replacing what it held): its length.
    #[inline(always)]
    fn per_player(&mut self, to: &mut [u64; MAX_PLAYERS]) -> Result<u8, RecordError> {
        let n = self.len()?;
        self.amounts(to, n)?;
        // (`amounts` took at most MAX_PLAYERS.)
        Ok(n as u8)
    }

    /// A unit: its decimal places, at most [`MAX_DECIMALS`].
    #[inline(always)]
    fn unit(&mut self) -> Result<Unit, RecordError> {
        let decimals = self.byte()?;
        if decimals > MAX_DECIMALS {
            return Err(self.fail(RecordReason::TooManyDecimals));
        }
        Ok(Unit { decimals })
    }

    /// The offset of the cursor in the payload (frames are at most 1 MiB).
    #[inline(always)]
    fn offset(&self) -> u32 {
        (self.size - self.rest.len()) as u32
    }

    /// `n` amounts (a per-player array without its length), into the first `n` of
    /// `to` (on an error it holds part of them).
    #[inline(always)]
    fn amounts(&mut self, to: &mut [u64; MAX_PLAYERS], n: usize) -> Result<(), RecordError> {
        let Some(slots) = to.get_mut(..n) else {
            return Err(self.fail(RecordReason::TooManyPlayers));
        };
        for slot in slots {
            *slot = self.u64()?;
        }
        Ok(())
    }

    /// The user fields (a count, then key and TOML text pairs): the recorded rake's,
    /// rules' and rake taken's TOML, checked as UTF-8; other fields skipped (the
    /// last of a key wins).
    #[inline(always)]
    fn user_fields(&mut self) -> Result<UserFields<'a>, RecordError> {
        let mut kept = UserFields::default();
        for _ in 0..self.len()? {
            let key = self.bytes()?;
            let toml = self.str_if(
                key == RULES_FIELD.as_bytes()
                    || key == RAKE_FIELD.as_bytes()
                    || key == HOUSE_FIELD.as_bytes()
                    || key == RAKE_TAKEN_FIELD.as_bytes(),
            )?;
            if key == RULES_FIELD.as_bytes() {
                kept.rules = toml;
            } else if key == RAKE_FIELD.as_bytes() {
                kept.rake = toml;
            } else if key == HOUSE_FIELD.as_bytes() {
                kept.house = toml;
            } else if key == RAKE_TAKEN_FIELD.as_bytes() {
                kept.rake_taken = toml;
            }
        }
        Ok(kept)
    }

    /// `HOLDEMH2` cards: a count (at most five), then a byte a card (its index, or
    /// [`V2_UNKNOWN_CARD`]).
    #[inline(always)]
    fn cards_v2(&mut self) -> Result<CompactCards, RecordError> {
        let n = usize::from(self.byte()?);
        self.card_bytes(n)
    }

    /// `n` `HOLDEMH2` card bytes.
    #[inline(always)]
    fn card_bytes(&mut self, n: usize) -> Result<CompactCards, RecordError> {
        if n > 5 {
            return Err(self.fail(RecordReason::TooManyCards));
        }
        let Some((bytes, rest)) = self.rest.split_at_checked(n) else {
            return Err(self.fail(RecordReason::EndsEarly));
        };
        let mut cards = [V2_UNKNOWN_CARD; 5];
        for (i, (slot, &b)) in cards.iter_mut().zip(bytes).enumerate() {
            if b > V2_UNKNOWN_CARD {
                let mut e = self.fail(RecordReason::BadCard { found: b });
                e.offset = e.offset.saturating_add(i as u32);
                return Err(e);
            }
            *slot = b;
        }
        self.rest = rest;
        // (At most five cards, each a card index or the unknown card's byte.)
        Ok(CompactCards::from_checked_bytes(n as u8, cards))
    }

    /// The `HOLDEMH2` action list (a count, then the actions), into `out` (emptied
    /// first).
    #[inline(always)]
    fn actions_v2(&mut self, out: &mut Vec<ActionRecord>) -> Result<usize, RecordError> {
        let n = self.len()?;
        // Each action takes at least one byte: a longer count is a hand that ends
        // early, and nothing is written for it.
        if n > self.rest.len() {
            return Err(self.fail(RecordReason::EndsEarly));
        }
        // Written in place, in the first `n` of the storage (grown when it holds
        // fewer): a push loaded the list's length and capacity and stored the length
        // again for each action.
        for slot in action_slots(out, n) {
            let mut code = self.byte()?;
            let mut comment = None;
            // A commentary comes first: its byte (`V2_COMMENTED`, kind 7) is one more
            // arm of the dispatch on the kind, which then reads the action byte (no
            // test before the dispatch).
            loop {
                let player = Player(code & 0x1f);
                // Each kind pushed in its own arm: through one shared push, the kinds'
                // different layouts met in stack slots, copied field by field.
                let mut push = |action| *slot = ActionRecord { action, comment };
                match code >> 5 {
                    // The common deals, known cards only (two hole cards, a flop, a turn
                    // or river card), in one slice pattern each and pushed in their own
                    // arm; other card lists a byte at a time.
                    0 => match *self.rest {
                        [2, a, b, ref rest @ ..] if a < 52 && b < 52 => {
                            self.rest = rest;
                            push(CompactAction::DealHole {
                                player,
                                cards: CompactCards::known([a, b]),
                            })
                        }
                        _ => push(CompactAction::DealHole {
                            player,
                            cards: self.cards_v2()?,
                        }),
                    },
                    1 if player.0 == 0 => match *self.rest {
                        [3, a, b, c, ref rest @ ..] if a < 52 && b < 52 && c < 52 => {
                            self.rest = rest;
                            push(CompactAction::DealBoard {
                                cards: CompactCards::known([a, b, c]),
                            })
                        }
                        [1, a, ref rest @ ..] if a < 52 => {
                            self.rest = rest;
                            push(CompactAction::DealBoard {
                                cards: CompactCards::known([a]),
                            })
                        }
                        _ => push(CompactAction::DealBoard {
                            cards: self.cards_v2()?,
                        }),
                    },
                    2 => push(CompactAction::Fold { player }),
                    3 => push(CompactAction::CheckCall { player }),
                    4 => push(CompactAction::BetRaiseTo {
                        player,
                        amount: self.u64()?,
                    }),
                    5 => push(CompactAction::ShowMuck {
                        player,
                        shown: match self.byte()? {
                            0 => CompactShown::Muck,
                            1 => CompactShown::AsDealt,
                            k @ 2..=7 => CompactShown::Cards(self.card_bytes(usize::from(k - 2))?),
                            found => {
                                return Err(
                                    self.fail_last_byte(RecordReason::BadShowByte { found })
                                );
                            }
                        },
                    }),
                    6 if player.0 == 0 => push(CompactAction::NoOp),
                    // The commentary's byte, once, before the action byte.
                    7 if code == V2_COMMENTED && comment.is_none() => {
                        comment = Some(self.span()?);
                        code = self.byte()?;
                        continue;
                    }
                    // The rare bytes (an offer or answer to run the board more than
                    // once, or a bad byte) share the cold arm, which keeps the common
                    // arms small.
                    _ => push(self.rare_action(code)?),
                }
                break;
            }
        }
        Ok(n)
    }

    /// A `HOLDEMH2` action byte none of the common kinds takes: an offer
    /// ([`V2_OFFER_RUNS`]: the player's byte and the runs follow) or an answer
    /// ([`V2_ANSWER_RUNS`]: the player's byte and 1 to accept or 0) to run the board
    /// more than once (B26), or an error.
    #[cold]
    #[inline(never)]
    fn rare_action(&mut self, code: u8) -> Result<CompactAction, RecordError> {
        if code != V2_OFFER_RUNS && code != V2_ANSWER_RUNS {
            return Err(self.fail_last_byte(RecordReason::BadActionByte { found: code }));
        }
        let player = self.player()?;
        if code == V2_OFFER_RUNS {
            Ok(CompactAction::OfferRuns {
                player,
                runs: self.byte()?,
            })
        } else {
            Ok(CompactAction::AnswerRuns {
                player,
                accept: self.option(Field::RunsAnswer)?,
            })
        }
    }

    /// The one-byte index of a seat ([`Player`]).
    #[inline(always)]
    fn player(&mut self) -> Result<Player, RecordError> {
        // Every native format holds a player index in five bits (`HOLDEMH2`'s
        // action byte), so a `HOLDEMH1` index of 32 or more is refused here, as
        // the writers refuse it.
        let found = self.byte()?;
        if found < 32 {
            Ok(Player(found))
        } else {
            Err(self.fail_last_byte(RecordReason::BadPlayer { found }))
        }
    }

    /// A card: its index, below 52.
    #[inline(always)]
    fn card(&mut self) -> Result<u8, RecordError> {
        let i = self.byte()?;
        if i < 52 {
            Ok(i)
        } else {
            Err(self.fail_last_byte(RecordReason::BadCard { found: i }))
        }
    }

    /// Up to five cards, each an option (`??` is `None`).
    #[inline(always)]
    fn cards(&mut self) -> Result<CompactCards, RecordError> {
        let n = self.len()?;
        if n > 5 {
            return Err(self.fail(RecordReason::TooManyCards));
        }
        let mut cards = [V2_UNKNOWN_CARD; 5];
        for slot in &mut cards[..n] {
            if self.option(Field::Card)? {
                *slot = self.card()?;
            }
        }
        // (At most five cards, each a card index or the unknown card's byte.)
        Ok(CompactCards::from_checked_bytes(n as u8, cards))
    }

    #[inline(always)]
    fn action_kind(&mut self) -> Result<CompactAction, RecordError> {
        Ok(match self.u32()? {
            0 => CompactAction::DealHole {
                player: self.player()?,
                cards: self.cards()?,
            },
            1 => CompactAction::DealBoard {
                cards: self.cards()?,
            },
            2 => CompactAction::Fold {
                player: self.player()?,
            },
            3 => CompactAction::CheckCall {
                player: self.player()?,
            },
            4 => CompactAction::BetRaiseTo {
                player: self.player()?,
                amount: self.u64()?,
            },
            5 => CompactAction::ShowMuck {
                player: self.player()?,
                shown: match self.u32()? {
                    0 => CompactShown::Muck,
                    1 => CompactShown::AsDealt,
                    2 => CompactShown::Cards(self.cards()?),
                    _ => return Err(self.fail(RecordReason::UnknownEnum(EnumField::ShowKind))),
                },
            },
            6 => CompactAction::NoOp,
            7 => CompactAction::OfferRuns {
                player: self.player()?,
                runs: self.byte()?,
            },
            8 => CompactAction::AnswerRuns {
                player: self.player()?,
                accept: self.option(Field::RunsAnswer)?,
            },
            _ => return Err(self.fail(RecordReason::UnknownEnum(EnumField::ActionKind))),
        })
    }

    /// The action list, into `out` (emptied first).
    #[inline(always)]
    fn actions(&mut self, out: &mut Vec<ActionRecord>) -> Result<usize, RecordError> {
        let n = self.len()?;
        // Each action takes at least two bytes (its kind and its commentary's tag):
        // a longer count is a hand that ends early, and nothing is written for it.
        if n > self.rest.len() / 2 {
            return Err(self.fail(RecordReason::EndsEarly));
        }
        // Written in place, as in `actions_v2`.
        for slot in action_slots(out, n) {
            let action = self.action_kind()?;
            let comment = if self.option(Field::Commentary)? {
                Some(self.span()?)
            } else {
                None
            };
            *slot = ActionRecord { action, comment };
        }
        Ok(n)
    }

    /// Skips an optional length-prefixed string.
    #[inline(always)]
    fn skip_option_bytes(&mut self, field: Field) -> Result<(), RecordError> {
        if self.option(field)? {
            self.bytes()?;
        }
        Ok(())
    }

    /// Skips an optional `u32` (or `i32`: a zigzag varint of the same size).
    #[inline(always)]
    fn skip_option_u32(&mut self, field: Field) -> Result<(), RecordError> {
        if self.option(field)? {
            self.u32()?;
        }
        Ok(())
    }

    /// [`super::Metadata`] in postcard order: everything checked and skipped except
    /// the recorded rake's and rules' TOML.
    fn metadata(&mut self) -> Result<UserFields<'a>, RecordError> {
        // Strings are read as bytes: skipped text needs no UTF-8 check.
        if self.option(Field::Players)? {
            for _ in 0..self.len()? {
                self.bytes()?;
            }
        }
        if self.option(Field::Seats)? {
            for _ in 0..self.len()? {
                self.u32()?;
            }
        }
        self.skip_option_u32(Field::SeatCount)?;
        self.skip_option_bytes(Field::Hand)?;
        self.skip_option_bytes(Field::Table)?;
        self.skip_option_bytes(Field::Time)?;
        self.skip_option_u32(Field::Day)?;
        self.skip_option_u32(Field::Month)?;
        self.skip_option_u32(Field::Year)?;
        self.skip_option_u32(Field::Level)?;
        self.skip_option_bytes(Field::Currency)?;
        self.skip_option_bytes(Field::CurrencySymbol)?;
        if self.option(Field::AnteTrimmingStatus)? {
            self.option(Field::AnteTrimmingValue)?;
        }
        for _ in 0..self.len()? {
            self.bytes()?;
            self.bytes()?;
        }
        self.user_fields()
    }

    /// A length-prefixed string: checked as UTF-8 and kept if `keep`, else skipped.
    /// (Inlined: a call with `&mut self` would take the cursor's address, and the
    /// caller's cursor would then live in memory, a load and a store a byte.)
    #[inline(always)]
    fn str_if(&mut self, keep: bool) -> Result<Option<&'a str>, RecordError> {
        if keep {
            self.str().map(Some)
        } else {
            self.bytes().map(|_| None)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shipped generated corpus (`HOLDEMH2` frames).
    fn generated_corpus() -> Vec<u8> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../data/histories/generated/seed-2026-10000-hands.postcard"
        );
        std::fs::read(path).expect("generated corpus")
    }

    /// Every field replay reads is the same in `a` (a reused record) and `b` (a new one).
    fn assert_same_view(a: &ReplayView<'_, ActionRecord>, b: &ReplayView<'_, ActionRecord>) {
        assert_eq!(a.variant, b.variant);
        assert_eq!(a.unit, b.unit);
        assert_eq!(a.antes, b.antes);
        assert_eq!(a.blinds_or_straddles, b.blinds_or_straddles);
        assert_eq!(a.stakes, b.stakes);
        assert_eq!(a.starting_stacks, b.starting_stacks);
        assert_eq!(a.actions, b.actions);
        assert_eq!(a.finishing_stacks, b.finishing_stacks);
        assert_eq!(a.winnings, b.winnings);
        assert_eq!(a.rake, b.rake);
        assert_eq!(a.setup, b.setup);
    }

    /// A record's action storage goes to the next record without a new allocation.
    #[test]
    fn the_action_buffer_is_reused() {
        let file = generated_corpus();
        let mut frames = crate::native::PostcardHands::new(file.as_slice());
        let (frame, version) = frames.next_frame().expect("a frame").expect("read");
        let frame = frame.to_vec();
        let mut buffer = ActionBuffer::default();
        let mut capacity = 0;
        for _ in 0..3 {
            let mut record = HandRecord::new(buffer);
            record.decode_into(&frame, version).expect("a hand");
            assert!(!record.view().actions.is_empty());
            buffer = record.take_buffer();
            // A record made from the storage has no actions (the storage keeps the
            // last frame's, never read).
            let mut empty = HandRecord::new(buffer);
            assert!(empty.view().actions.is_empty());
            buffer = empty.take_buffer();
            assert!(capacity == 0 || buffer.actions.capacity() == capacity);
            capacity = buffer.actions.capacity();
        }
    }

    /// A record reused after frames that fail to decode reads the next hand as a
    /// new record does.
    #[test]
    fn a_reused_record_reads_as_a_new_one() {
        let file = generated_corpus();
        let mut frames = crate::native::PostcardHands::new(file.as_slice());
        let mut payloads = Vec::new();
        let mut version = NativeVersion::V2;
        for _ in 0..50 {
            let (frame, v) = frames.next_frame().expect("a frame").expect("read");
            payloads.push(frame.to_vec());
            version = v;
        }
        let mut record = HandRecord::new(ActionBuffer::default());
        for (i, p) in payloads.iter().enumerate() {
            // A cut frame first: the record holds part of it.
            let _ = record.decode_into(&p[..p.len() * (i % 5) / 5], version);
            record.decode_into(p, version).expect("a hand");
            let fresh = HandRecord::decode(p, version).expect("a hand");
            assert_same_view(&record.view(), &fresh.view());
            assert_eq!(record.declared_rules(), fresh.declared_rules());
        }
    }

    /// A stream of records whose frames share their setup bytes (the decoder then
    /// reuses the setup it decoded last) reads every frame, cut ones included, as
    /// a new record does: the same hand or the same error.
    #[test]
    fn frames_with_the_last_setup_read_as_in_a_new_record() {
        let file = generated_corpus();
        let mut frames = crate::native::PostcardHands::new(file.as_slice());
        let mut buffer = ActionBuffer::default();
        for _ in 0..30 {
            let (frame, version) = frames.next_frame().expect("a frame").expect("read");
            let p = frame.to_vec();
            // The whole frame, cut frames (after the setup: the same setup bytes;
            // inside it: another setup), and the whole frame again, twice.
            let cuts = [p.len(), p.len() - 1, p.len() / 2, 3, 0, p.len(), p.len()];
            for cut in cuts {
                let bytes = &p[..cut];
                let mut record = HandRecord::new(buffer);
                let got = record.decode_into(bytes, version);
                let fresh = HandRecord::decode(bytes, version);
                match (&got, &fresh) {
                    (Ok(()), Ok(fresh)) => assert_same_view(&record.view(), &fresh.view()),
                    (Err(a), Err(b)) => assert_eq!(a, b),
                    _ => panic!(
                        "cut {cut}: {got:?} but a new record gives {:?}",
                        fresh.err()
                    ),
                }
                buffer = record.take_buffer();
            }
        }
    }

    /// A native record's decoding errors say where (the byte) and what was expected
    /// there, and stay eight bytes.
    #[test]
    fn record_errors_say_what_was_expected_and_where() {
        assert!(std::mem::size_of::<RecordError>() <= 8);
        let file = generated_corpus();
        let mut frames = crate::native::PostcardHands::new(file.as_slice());
        let (frame, version) = frames.next_frame().expect("a frame").expect("read");
        let v2 = frame.to_vec();
        let hand = crate::native::decode_postcard(&v2, version).expect("a hand");
        let v1 = crate::native::encode_postcard(&hand, NativeVersion::V1).expect("encode");

        let mut bad = v2.clone();
        bad[0] = 0xff;
        let e = HandRecord::decode(&bad, NativeVersion::V2).expect_err("bad head");
        assert_eq!(e.reason, RecordReason::BadHead { found: 0xff });
        assert_eq!(
            e.to_string(),
            "byte 0: the head byte: expected the variant (0-2) and the limit, \
             finishing-stacks and winnings bits (mask 0x1f), found 0xff"
        );

        let mut reasons = Vec::new();
        for (payload, version) in [(&v1, NativeVersion::V1), (&v2, NativeVersion::V2)] {
            for i in 0..payload.len() {
                for value in [2, 7, 0xdf, 0xff] {
                    let mut bad = payload.clone();
                    bad[i] = value;
                    let Err(e) = HandRecord::decode(&bad, version) else {
                        continue;
                    };
                    let text = e.to_string();
                    assert!(text.starts_with(&format!("byte {}: ", e.offset)), "{text}");
                    assert!(text.contains(": expected "), "{text}");
                    reasons.push(e.reason);
                }
            }
        }
        let flag = RecordReason::BadFlag {
            field: Field::FinishingStacks,
            found: 7,
        };
        assert!(reasons.contains(&flag), "{reasons:?}");
        assert_eq!(
            flag.to_string(),
            "finishing_stacks: expected 0 or 1 (an option's tag or a bool), found 7"
        );
        for expected in [
            RecordReason::UnknownEnum(EnumField::ActionKind),
            RecordReason::BadActionByte { found: 0xff },
        ] {
            assert!(
                reasons.contains(&expected),
                "{expected:?} not in {reasons:?}"
            );
        }
    }
}
