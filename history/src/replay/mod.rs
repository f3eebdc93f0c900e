//! Replays a [`HandHistory`] through the betting engine (`holdem_betting::Hand`) and
//! reports the result or the first illegal action (rules H1, H2).
//!
//! Seat conventions follow the PHH specification: player `pN` sits in engine seat
//! `N - 1` and the last player has the button, so for three or more players `p1`
//! posts the small blind and `p2` the big blind; heads-up the forced bets are
//! reverse-assigned (`p2`, the button, posts the small blind, B4).
//!
//! Recorded cards become dealer inputs (`??` is an unknown card). Show/muck entries
//! are held until the engine reaches the showdown and then applied in the order rule
//! B21 asks for: PHH writes the reveals of an all-in before the remaining board
//! cards, and records reveals, not the order of the table talk. A commentary that
//! starts with `time-out` turns the action into a time-out input (B16); the recorded
//! action must be what the engine does for it.

use crate::HandHistory;
pub use crate::view::{RecordedAction, ReplayView};

mod house;
mod lenient;
mod outcome;
mod play;
mod replayer;
mod settle;
mod setup;

pub use house::HouseRules;
pub use lenient::{MAX_REPAIRS, Repair, replay_lenient};
pub use outcome::{Amounts, IllegalReason, Outcome, UnsupportedReason};
pub(crate) use play::Watch;
use play::{Unwatched, play};
pub use replayer::Replayer;
use replayer::with_start;
pub use setup::{SetupError, hand_config, hand_positions, hand_setup};

/// Replays one hand under `rules`.
pub fn replay_hand(h: &HandHistory, rules: &HouseRules) -> Outcome {
    replay_view(&ReplayView::of(h), rules)
}

/// Replays one hand, seen through a [`ReplayView`], under `rules`. To replay many
/// hands, a [`Replayer`] reuses what consecutive hands share.
pub fn replay_view<A: RecordedAction>(h: &ReplayView<'_, A>, rules: &HouseRules) -> Outcome {
    with_start(h, rules, |hand| play(hand, h, &mut Unwatched::default()))
}

/// As [`replay_view`], showing each recorded action to `watch` as it is applied.
/// For [`crate::steps`].
pub(crate) fn replay_watched<A: RecordedAction, W: Watch>(
    h: &ReplayView<'_, A>,
    rules: &HouseRules,
    watch: &mut W,
) -> Outcome {
    with_start(h, rules, |hand| play(hand, h, watch))
}
