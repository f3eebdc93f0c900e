//! Lenient replay (H4): the repairs made to what real records get wrong.

use serde::Serialize;

use super::house::HouseRules;
use super::outcome::Outcome;
use super::replay_hand;
use crate::{Action, HandHistory, Player};

/// The most repairs lenient replay makes in one hand before it gives up.
pub const MAX_REPAIRS: usize = 4;

/// One repair lenient replay made to a hand (H4): what it inserted, where, and the
/// strict error it answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Repair {
    /// 1-based position of the inserted action in the repaired history (the
    /// recorded action that failed now follows it).
    pub action: usize,
    /// The inserted action, in PHH notation (`p8 f`).
    pub inserted: String,
    /// What was inferred, for people.
    pub inferred: String,
    /// The strict replay's error that the repair answers.
    pub error: String,
    /// The rule ID of that error (`""` for none; not in the JSON report).
    #[serde(skip)]
    pub rule: &'static str,
}

/// Replays one hand as [`replay_hand`] does, but repairs what real records commonly
/// get wrong (H4) and lists each repair. The one repair made: an omitted fold. When
/// an action fails because another player is to act, and that player never acts
/// again in the record (so its stack does not change after this point), a fold by
/// that player is inserted before the failing action. Each repaired history is
/// replayed from the start; after [`MAX_REPAIRS`] repairs, or when no repair lets
/// the failing action through, the strict error of the last attempt is returned.
/// A hand replay accepts is returned unchanged with no repairs.
pub fn replay_lenient(h: &HandHistory, rules: &HouseRules) -> (Outcome, Vec<Repair>) {
    let mut outcome = replay_hand(h, rules);
    let mut repairs = Vec::new();
    let mut current: Option<HandHistory> = None;
    while repairs.len() < MAX_REPAIRS {
        let Outcome::Illegal {
            action,
            text,
            reason,
            ..
        } = &outcome
        else {
            break;
        };
        let (action, error, rule) = (
            *action,
            format!("action {action} {text:?}: {reason}"),
            reason.rule(),
        );
        let base = current.as_ref().unwrap_or(h);
        let Some((repaired, next, inserted)) = omitted_fold(base, action, rules) else {
            break;
        };
        let who = inserted.split(' ').next().unwrap_or_default();
        repairs.push(Repair {
            action,
            inferred: format!("{who} folded without the record saying so: it never acts again"),
            inserted,
            error,
            rule,
        });
        outcome = next;
        current = Some(repaired);
    }
    (outcome, repairs)
}

/// The history with a fold inserted before action `failing` (1-based) by a player
/// who never acts again, the outcome of replaying it, and the fold's text; `None`
/// when no such fold lets replay past that action.
fn omitted_fold(
    h: &HandHistory,
    failing: usize,
    rules: &HouseRules,
) -> Option<(HandHistory, Outcome, String)> {
    let at = failing.checked_sub(1)?;
    let acts_later = |p: Player| {
        h.actions.get(at..).is_some_and(|rest| {
            rest.iter().any(|a| match &a.kind {
                crate::ActionKind::Fold { player }
                | crate::ActionKind::CheckCall { player }
                | crate::ActionKind::BetRaiseTo { player, .. } => *player == p,
                _ => false,
            })
        })
    };
    for i in 0..h.player_count() {
        let player = Player(u8::try_from(i).ok()?);
        if acts_later(player) {
            continue;
        }
        let mut repaired = h.clone();
        repaired.actions.insert(
            at,
            Action {
                kind: crate::ActionKind::Fold { player },
                comment: None,
            },
        );
        let outcome = replay_hand(&repaired, rules);
        let past = match &outcome {
            Outcome::Illegal { action, .. } => *action > failing + 1,
            _ => true,
        };
        if past {
            return Some((repaired, outcome, format!("{player} f")));
        }
    }
    None
}
