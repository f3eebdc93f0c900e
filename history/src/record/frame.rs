//! The layout codes of a `HOLDEMH2` frame, and the native versions.

/// `HOLDEMH2` head byte: the variant (0 no limit, 1 pot limit, 2 fixed limit).
pub(crate) const V2_VARIANT: u8 = 0b11;
/// `HOLDEMH2` head byte: finishing stacks are recorded.
pub(crate) const V2_FINISHING: u8 = 1 << 2;
/// `HOLDEMH2` head byte: winnings are recorded.
pub(crate) const V2_WINNINGS: u8 = 1 << 3;
/// `HOLDEMH2` head byte: the stakes are a fixed limit's small and big bet.
pub(crate) const V2_LIMIT: u8 = 1 << 4;
/// The bits a `HOLDEMH2` head byte may have.
pub(super) const V2_HEAD_BITS: u8 = V2_VARIANT | V2_FINISHING | V2_WINNINGS | V2_LIMIT;
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
/// ([`crate::native::POSTCARD_MAGIC`], [`crate::native::POSTCARD_MAGIC_V1`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum NativeVersion {
    /// `HOLDEMH1`: postcard's serde layout of [`crate::HandHistory`] (metadata and
    /// recorded results after the actions).
    V1,
    /// `HOLDEMH2`, the format written: laid out for replay. The
    /// setup, the per-player amounts (one count for all of them), the recorded
    /// results and the user fields come before the actions, the other metadata is
    /// one length-prefixed block that replay skips in one step, and each action is
    /// one byte (kind and player) plus its amount or cards (layout:
    /// [`crate::native`]).
    V2,
}
