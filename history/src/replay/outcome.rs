//! What replaying a hand gives, and the names it reports seats by.

use holdem_betting::{MAX_SEATS, Seat};

use serde::Serialize;

use crate::Player;

/// Per-player or per-pot amounts of a replay result (at most [`MAX_SEATS`]: the
/// engine seats no more, and there is at most one pot per seat).
pub type Amounts = arrayvec::ArrayVec<u64, MAX_SEATS>;

/// What replaying one hand gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "result", rename_all = "kebab-case")]
#[expect(
    clippy::large_enum_variant,
    reason = "one outcome a hand, by value: boxing the settled one would allocate on the replay hot path"
)]
pub enum Outcome {
    /// Every action was legal.
    Ok {
        /// The hand reached its settlement (false: the history stops early, or hides
        /// cards a showdown needs).
        settled: bool,
        /// Each player's stack as the engine settles the hand (settled) or after the
        /// last action: after a rake the engine applies (`_holdem_rake`, B23), but
        /// *before* a rake the history only records as taken (PHH `rake`) or that is
        /// inferred from its `finishing_stacks` (H4). What a player really kept is
        /// [`Outcome::Ok::stacks_after_rake`].
        stacks: Amounts,
        /// Each player's stack after the hand and after every rake, applied,
        /// recorded or inferred (H4): what a tracker adds up. Equal to `stacks` when
        /// no rake is taken or the hand is not settled; [`UNKNOWN_STACK`] for a
        /// player whose starting stack is unknown.
        stacks_after_rake: Amounts,
        /// The rake taken from the pots, in the hand's unit: applied by the engine
        /// (`_holdem_rake`), recorded (PHH `rake`) or inferred from
        /// `finishing_stacks`; 0 when none is taken or the hand is not settled.
        rake: u64,
        /// The pots awarded, main pot first (empty when not settled).
        pots: Amounts,
        /// Why the hand is not settled, if it is not; for a settled hand, a remark
        /// (recorded `winnings` that differ from the pots won, never an error).
        #[serde(skip_serializing_if = "Option::is_none")]
        note: Option<String>,
    },
    /// An action the rules forbid (H2).
    Illegal {
        /// 1-based position in the history's actions (0: the hand's setup).
        action: usize,
        /// The action as PHH text.
        text: String,
        /// The rule broken, from the engine.
        reason: String,
    },
    /// Every action was legal but the result differs from the recorded one.
    Mismatch {
        /// What differs.
        reason: String,
    },
    /// A hand this engine does not play (straddles, button antes, more than ten
    /// players...).
    Unsupported {
        /// Why.
        reason: String,
    },
}

impl Outcome {
    /// One line for people, without the hand's location.
    pub fn describe(&self, unit: crate::Unit) -> String {
        use crate::Money;
        match self {
            Outcome::Ok {
                settled,
                stacks,
                pots,
                note,
                ..
            } => {
                let stacks: Vec<String> =
                    stacks.iter().map(|&s| Money(s, unit).to_string()).collect();
                let pots: Vec<String> = pots.iter().map(|&s| Money(s, unit).to_string()).collect();
                if *settled {
                    let remark = note.as_deref().map_or(String::new(), |n| format!(" ({n})"));
                    format!(
                        "ok: stacks [{}], pots [{}]{remark}",
                        stacks.join(", "),
                        pots.join(", ")
                    )
                } else {
                    format!(
                        "ok, unsettled ({}): stacks [{}]",
                        note.as_deref().unwrap_or(""),
                        stacks.join(", ")
                    )
                }
            }
            Outcome::Illegal {
                action,
                text,
                reason,
            } => format!("action {action} {text:?}: {reason}"),
            Outcome::Mismatch { reason } => format!("result differs from the history: {reason}"),
            Outcome::Unsupported { reason } => format!("unsupported: {reason}"),
        }
    }
}

/// Engine messages name seats from 0 (`seat 2`); PHH names players from 1 (`p3`).
pub(super) fn phh_names(message: &str) -> String {
    let mut out = String::with_capacity(message.len());
    let mut rest = message;
    while let Some(i) = rest.find("seat ") {
        out.push_str(&rest[..i]);
        let after = &rest[i + 5..];
        let digits = after.bytes().take_while(u8::is_ascii_digit).count();
        match after[..digits].parse::<u32>() {
            Ok(n) if digits > 0 => {
                out.push_str(&format!("p{}", n + 1));
                rest = &after[digits..];
            }
            _ => {
                out.push_str("seat ");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

pub(super) fn seat_of(p: Player) -> Option<Seat> {
    Seat::new(p.0)
}

pub(super) fn unsupported(reason: impl Into<String>) -> Outcome {
    Outcome::Unsupported {
        reason: reason.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_seats_become_phh_players() {
        assert_eq!(
            phh_names("raise to 250 by seat 2 is below"),
            "raise to 250 by p3 is below"
        );
        assert_eq!(
            phh_names("seat 0 acted out of turn: seat 9 is to act"),
            "p1 acted out of turn: p10 is to act"
        );
        assert_eq!(phh_names("no seat here"), "no seat here");
    }
}
