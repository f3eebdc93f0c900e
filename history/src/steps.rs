//! Stepping through a hand for research: the engine's public view
//! ([`holdem_betting::HandView`]) after each recorded action, as pokerkit users do
//! with its states.
//!
//! [`steps`] replays the history once per prefix of its actions, so a hand of n
//! actions costs n replays: meant for looking at hands, not for corpora (use
//! [`crate::replay`] there). Shows and mucks wait for the showdown (see
//! [`crate::replay`]): a show shows in the view once the showdown is reached. The
//! public view holds only what every player sees: no hidden hole cards.

use holdem_betting::{Hand, HandView};

use crate::HandHistory;
use crate::replay::{HouseRules, Outcome};
use crate::view::ReplayView;

/// The table after one recorded action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// 1-based position of the action in the history.
    pub action: usize,
    /// The action in PHH notation.
    pub text: String,
    /// What everyone at the table sees after it.
    pub view: HandView,
    /// Replay's verdict on the hand so far (the history cut after this action, its
    /// recorded results left out); an illegal action is the last step.
    pub outcome: Outcome,
}

/// The steps of a history, one per recorded action, until the first action replay
/// refuses (its step is the last, with the [`Outcome::Illegal`]). A hand replay
/// cannot set up (unsupported, or illegal forced bets) gives no steps.
pub fn steps(h: &HandHistory, rules: &HouseRules) -> Vec<Step> {
    let whole = ReplayView::of(h);
    let mut out = Vec::with_capacity(h.actions.len());
    for k in 1..=h.actions.len() {
        let Some(actions) = h.actions.get(..k) else {
            break;
        };
        let prefix = ReplayView {
            actions,
            finishing_stacks: None,
            winnings: None,
            ..ReplayView::of(h)
        };
        let mut seen = None;
        let outcome = crate::replay::replay_with(&prefix, rules, |hand: &Hand| {
            seen = Some(hand.public_view());
        });
        let Some(view) = seen else {
            break;
        };
        let illegal = matches!(outcome, Outcome::Illegal { .. });
        out.push(Step {
            action: k,
            text: whole.action_text(k),
            view,
            outcome,
        });
        if illegal {
            break;
        }
    }
    out
}
