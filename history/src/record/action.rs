//! Decoded actions: [`ActionRecord`], with commentary as a span of the frame, and
//! the [`ActionBuffer`] a stream reuses.

use std::borrow::Cow;

use super::hand::AmountStore;
use crate::compact::CompactAction;
use crate::model::ActionKind;
use crate::view::RecordedAction;

/// Where a text lies in a frame payload (its bytes are UTF-8: checked when decoded).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Span {
    pub(super) start: u32,
    pub(super) end: u32,
}

/// One action of a [`HandRecord`](super::HandRecord): what happened, compact ([`CompactAction`]), and
/// where its commentary lies in the frame ([`HandRecord::comment`](super::HandRecord::comment)). Copyable and
/// holding no borrow: the decoded actions' storage goes from one frame to the next
/// ([`ActionBuffer`]) and is emptied without a pass over it, and replay copies each
/// action out by value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ActionRecord {
    pub(super) action: CompactAction,
    pub(super) comment: Option<Span>,
}

impl ActionRecord {
    /// A no-op without commentary (what a decoder's list is sized with).
    pub(super) const NO_OP: ActionRecord = ActionRecord {
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
pub(super) fn text_at(span: Span, source: &[u8]) -> Option<&str> {
    let bytes = source.get(span.start as usize..span.end as usize)?;
    std::str::from_utf8(bytes).ok()
}

/// The storage of a [`HandRecord`](super::HandRecord)'s actions, handed from one record to the next
/// ([`HandRecord::new`](super::HandRecord::new), [`HandRecord::take_buffer`](super::HandRecord::take_buffer)) so that a stream of hands
/// allocates it once.
#[derive(Debug, Default)]
pub struct ActionBuffer {
    pub(super) actions: Vec<ActionRecord>,
    /// The per-player arrays ([`PerPlayer`]), once a record has decoded a hand.
    pub(super) amounts: Option<Box<AmountStore>>,
}
