//! Stepping through a hand for research: after each recorded action, the engine's
//! public view ([`holdem_betting::HandView`]) and the events that action produced,
//! as pokerkit users do with its states.
//!
//! [`steps`] replays the hand once, recording a [`Step`] as each action is applied:
//! the work is linear in the number of actions (the replay itself, plus one view and
//! the action's events a step). The [`Steps`] iterator hands the steps out in order
//! and keeps replay's verdict on the whole hand ([`Steps::outcome`]).
//!
//! Invariants:
//! - Steps are the actions replay applied, in order, numbered from 1; they stop
//!   where replay stops: before an action the engine refuses (the outcome names
//!   the action), or at the action after which the showdown cannot be decided.
//! - Shows and mucks wait for the showdown (see [`crate::replay`]): a show shows in
//!   the view once the showdown reaches it, and its events come with the action
//!   that reached it.
//! - The public view holds only what every player sees: no hidden hole cards. The
//!   events are the engine's own, hole cards included (the engine deals them).

use holdem_betting::{Event, EventSink, Hand, HandView, Timestamp};

use crate::HandHistory;
use crate::replay::{HouseRules, Outcome, Watch, replay_watched};
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
    /// What the engine did for it, in order (a deal, a bet, a street ending, the
    /// showdown and the settlement...).
    pub events: Vec<Event>,
}

/// The steps of a hand, in order, from one replay ([`steps`]).
#[derive(Clone, Debug)]
pub struct Steps {
    steps: std::vec::IntoIter<Step>,
    outcome: Outcome,
}

impl Steps {
    /// Replay's verdict on the whole hand, as [`crate::replay::replay_hand`] gives
    /// it: an [`Outcome::Illegal`] names the refused action (a held show is refused
    /// when the showdown reaches it, after later steps); a hand replay cannot set up
    /// (unsupported, or illegal forced bets) has no steps.
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }
}

impl Iterator for Steps {
    type Item = Step;

    fn next(&mut self) -> Option<Step> {
        self.steps.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.steps.size_hint()
    }
}

impl ExactSizeIterator for Steps {}

/// The events of the action being applied.
#[derive(Default)]
struct Collect(Vec<Event>);

impl EventSink for Collect {
    fn push(&mut self, _at: Timestamp, event: Event) {
        self.0.push(event);
    }
}

/// Records a step after each action.
struct Recorder {
    events: Collect,
    steps: Vec<Step>,
}

impl Watch for Recorder {
    type Sink = Collect;
    const EACH: bool = true;

    fn sink(&mut self) -> &mut Collect {
        &mut self.events
    }

    fn after(&mut self, action: usize, hand: &Hand) {
        self.steps.push(Step {
            action,
            text: String::new(),
            view: hand.public_view(),
            events: std::mem::take(&mut self.events.0),
        });
    }
}

/// The steps of a history, one per action replay applies (see the module docs).
pub fn steps(h: &HandHistory, rules: &HouseRules) -> Steps {
    let view = ReplayView::of(h);
    let mut recorder = Recorder {
        events: Collect::default(),
        steps: Vec::with_capacity(h.actions.len()),
    };
    let outcome = replay_watched(&view, rules, &mut recorder);
    let mut steps = recorder.steps;
    for step in &mut steps {
        step.text = view.action_text(step.action);
    }
    Steps {
        steps: steps.into_iter(),
        outcome,
    }
}
