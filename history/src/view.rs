//! What replay reads from a hand: a borrowed view of its setup, actions and
//! recorded results ([`ReplayView`]), over actions of any representation
//! ([`RecordedAction`]). The formats build views (a typed [`HandHistory`], a native
//! record decoded without allocating); the replay driver ([`crate::replay`]) reads
//! them. This module belongs to the formats: it imports nothing from the driver.

use std::borrow::Cow;

use crate::phh::{HOUSE_FIELD, RAKE_FIELD, RAKE_TAKEN_FIELD, action_text_of};
use crate::{Action, CompactAction, HandHistory, Player, Stakes, Unit, Variant};

/// One recorded action as replay reads it: an owned [`Action`] of a
/// [`HandHistory`] or one decoded from a native frame
/// ([`crate::native::ActionRecord`]), whose commentary lies in the frame.
pub trait RecordedAction {
    /// What happened, as a [`CompactAction`]: borrowed where the action holds one
    /// (a native record), made where it does not (an [`Action`] converts its
    /// [`crate::ActionKind`]). Borrowed, replay reads only the fields of
    /// the kind it finds (a copy would be read whole).
    fn action(&self) -> Cow<'_, CompactAction>;
    /// The commentary, if any; `source` is the [`ReplayView::source`] of the view
    /// the action belongs to.
    fn comment<'t>(&'t self, source: &'t [u8]) -> Option<&'t str>;
    /// The PHH notation, for reports.
    fn text(&self, source: &[u8], unit: Unit) -> String {
        action_text_of(&self.action().to_kind(), self.comment(source), unit)
    }
}

impl RecordedAction for Action {
    // Inline: out of line, the converted action came back through memory.
    #[inline(always)]
    fn action(&self) -> Cow<'_, CompactAction> {
        Cow::Owned(CompactAction::from(&self.kind))
    }

    fn comment<'t>(&'t self, _source: &'t [u8]) -> Option<&'t str> {
        self.comment.as_deref()
    }
}

/// What replay reads from a hand, borrowed: the setup, the actions and the recorded
/// results. Built from a [`HandHistory`] ([`ReplayView::of`]) or from a native
/// record decoded without allocating.
#[derive(Debug)]
pub struct ReplayView<'h, A> {
    /// Where the actions' commentary lies ([`RecordedAction::comment`]): the frame
    /// of a native record, empty for a typed history.
    pub source: &'h [u8],
    /// The betting structure.
    pub variant: Variant,
    /// The unit of every amount.
    pub unit: Unit,
    /// `antes`, as written (reverse-assigned heads-up).
    pub antes: &'h [u64],
    /// `blinds_or_straddles`, as written (reverse-assigned heads-up).
    pub blinds_or_straddles: &'h [u64],
    /// Bet sizing.
    pub stakes: Stakes,
    /// `starting_stacks`.
    pub starting_stacks: &'h [u64],
    /// The actions, in order.
    pub actions: &'h [A],
    /// `finishing_stacks`, when recorded.
    pub finishing_stacks: Option<&'h [u64]>,
    /// `winnings`, when recorded.
    pub winnings: Option<&'h [u64]>,
    /// The TOML text of a recorded rake ([`RAKE_FIELD`]), if any.
    pub rake: Option<&'h str>,
    /// The TOML text of the rake the history records as taken
    /// ([`crate::phh::RAKE_TAKEN_FIELD`], an amount), if any.
    pub rake_taken: Option<&'h str>,
    /// The TOML text of recorded house rules ([`HOUSE_FIELD`]: the half-bet rule
    /// off, a bomb pot, the runs of the board), if any.
    pub house: Option<&'h str>,
    /// The bytes a native frame holds the start in, if the view is of one
    /// (`HOLDEMH2`: from the head byte to the end of the blinds, so the variant,
    /// unit, stakes, starting stacks, antes and blinds, and which results the
    /// frame records): equal bytes decode to an equal start, which a [`crate::replay::Replayer`]
    /// checks with one comparison instead of one a field.
    pub setup: Option<&'h [u8]>,
}

impl<'h> ReplayView<'h, Action> {
    /// The view of a typed history.
    pub fn of(h: &'h HandHistory) -> ReplayView<'h, Action> {
        ReplayView {
            source: &[],
            variant: h.variant,
            unit: h.unit,
            antes: &h.antes,
            blinds_or_straddles: &h.blinds_or_straddles,
            stakes: h.stakes,
            starting_stacks: &h.starting_stacks,
            actions: &h.actions,
            finishing_stacks: h.finishing_stacks.as_deref(),
            winnings: h.winnings.as_deref(),
            rake: h
                .meta
                .extra
                .iter()
                .find(|e| e.key == RAKE_FIELD)
                .map(|e| e.toml.as_str()),
            rake_taken: h
                .meta
                .extra
                .iter()
                .find(|e| e.key == RAKE_TAKEN_FIELD)
                .map(|e| e.toml.as_str()),
            house: h
                .meta
                .extra
                .iter()
                .rfind(|e| e.key == HOUSE_FIELD)
                .map(|e| e.toml.as_str()),
            setup: None,
        }
    }
}

impl<A: RecordedAction> ReplayView<'_, A> {
    /// The PHH text of action `index` (1-based), for reports (a cold path).
    pub(crate) fn action_text(&self, index: usize) -> String {
        self.actions
            .get(index.wrapping_sub(1))
            .map(|a| a.text(self.source, self.unit))
            .unwrap_or_default()
    }
}

impl<A> ReplayView<'_, A> {
    pub(crate) fn player_count(&self) -> usize {
        self.starting_stacks.len()
    }

    /// As [`HandHistory::forced_bets`].
    pub(crate) fn forced_bets(&self, player: Player) -> (u64, u64) {
        let n = self.player_count();
        let i = usize::from(player.0);
        let j = if n == 2 { 1 - i.min(1) } else { i };
        (
            self.antes.get(j).copied().unwrap_or(0),
            self.blinds_or_straddles.get(j).copied().unwrap_or(0),
        )
    }
}
