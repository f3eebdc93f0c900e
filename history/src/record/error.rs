//! Why a frame is not a hand: the byte offset, the field and the reason.

use crate::model::MAX_PLAYERS;
use crate::money::MAX_DECIMALS;

/// Why a postcard frame payload is not a [`HandRecord`](super::HandRecord): where in the payload the
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
