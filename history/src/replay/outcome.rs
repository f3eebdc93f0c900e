//! What replaying a hand gives, and the names it reports seats by.

use holdem_betting::{AutoOutcome, HandError, MAX_SEATS, Seat};

use serde::Serialize;

use super::setup::SetupError;
use crate::money::AmountError;
use crate::phh::RAKE_TAKEN_FIELD;
use crate::{CompactCards, MaybeCard, Player};

/// The most shows and mucks held for the showdown at once.
pub(super) const MAX_HELD_SHOWS: usize = 4 * MAX_SEATS;

/// Why a recorded action is illegal ([`Outcome::Illegal`]): the engine's error
/// (which names the seats; shown here as PHH players, `p1` for seat 0), or a check
/// replay makes of the record itself. [`IllegalReason::rule`] is the rule broken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IllegalReason {
    /// The engine refused the action.
    #[error("{}", phh_names(&.0.to_string()))]
    Engine(HandError),
    /// An action by a player the engine has no seat for.
    #[error("no such seat")]
    NoSuchSeat,
    /// More shows and mucks waiting for the showdown than a hand can have.
    #[error("more than {MAX_HELD_SHOWS} shows are waiting for the showdown")]
    TooManyShows,
    /// A bet or raise marked as a time-out (B16: a time-out folds or checks).
    #[error("a time-out cannot bet or raise (B16)")]
    TimeOutBet,
    /// A time-out recorded as something other than what the engine does for it
    /// (B16): what the engine did.
    #[error("the time-out rule gives {} (B16)", time_out_text(*.0))]
    TimeOutGives(Option<AutoOutcome>),
    /// Board cards of the wrong count for the street (C4).
    #[error("the {street} is {need} card(s), {found} recorded (C4)")]
    BoardCards {
        /// The street dealt: `flop`, `turn` or `river`.
        street: &'static str,
        /// The cards the street has.
        need: usize,
        /// The cards recorded.
        found: usize,
    },
    /// A show by a player who folded (B21).
    #[error("{player} folded: a dead hand has nothing to show (B21)")]
    ShowAfterFold {
        /// The player.
        player: Player,
    },
    /// A show of cards other than those dealt (C1).
    #[error("{player} shows {shown} but was dealt {}{} (C1)", card_text(.dealt[0]), card_text(.dealt[1]))]
    ShownNotDealt {
        /// The player.
        player: Player,
        /// The cards shown.
        shown: CompactCards,
        /// The cards dealt (`None`: unknown).
        dealt: [MaybeCard; 2],
    },
}

impl IllegalReason {
    /// The rule ID the action breaks (`B10`, `C1`...), or `""` for none.
    #[must_use]
    pub fn rule(&self) -> &'static str {
        match self {
            IllegalReason::Engine(e) => e.rule(),
            IllegalReason::TimeOutBet | IllegalReason::TimeOutGives(_) => "B16",
            IllegalReason::BoardCards { .. } => "C4",
            IllegalReason::ShowAfterFold { .. } => "B21",
            IllegalReason::ShownNotDealt { .. } => "C1",
            IllegalReason::NoSuchSeat | IllegalReason::TooManyShows => "",
        }
    }
}

/// What a time-out gave, for [`IllegalReason::TimeOutGives`].
fn time_out_text(outcome: Option<AutoOutcome>) -> &'static str {
    match outcome {
        Some(AutoOutcome::Folded) => "a fold",
        Some(AutoOutcome::Checked) => "a check",
        Some(AutoOutcome::AllInProtected) => "all-in protection (record it as cc)",
        None => "nothing",
    }
}

/// A card as PHH writes it, `??` when unknown.
fn card_text(card: MaybeCard) -> String {
    card.map_or_else(|| "??".into(), |c| c.to_string())
}

/// Serializes a value as its text (the JSON report keeps the reason a string).
fn as_text<T: std::fmt::Display, S: serde::Serializer>(v: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(v)
}

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
        /// no rake is taken or the hand is not settled; [`UNKNOWN_STACK`](crate::UNKNOWN_STACK) for a
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
        /// The rule broken: the engine's error, or a check of the record.
        #[serde(serialize_with = "as_text")]
        reason: IllegalReason,
    },
    /// Every action was legal but the result differs from the recorded one.
    Mismatch {
        /// What differs.
        reason: String,
    },
    /// A hand this engine does not play (straddles, button antes, more than ten
    /// players...).
    Unsupported {
        /// Why: the game or form the engine does not play (as text in JSON).
        #[serde(serialize_with = "as_text")]
        reason: UnsupportedReason,
    },
}

/// Why the engine does not play a hand ([`Outcome::Unsupported`]): the game or
/// the form of the record it has no rules for. Not a broken rule: the hand is
/// neither legal nor illegal here. [`UnsupportedReason::rule`] names the rule the
/// form is about, where there is one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum UnsupportedReason {
    /// The hand's stakes, forced bets, seats or recorded house rules are not a
    /// game the engine plays.
    #[error("{0}")]
    Setup(SetupError),
    /// A straddle custom the engine does not play: it plays live straddles left
    /// of the big blind, each at least double the one before (B3).
    #[error("straddle: {}", phh_names(&.0.to_string()))]
    Straddle(HandError),
    /// More players than the engine has seats.
    #[error("too many players")]
    TooManyPlayers,
    /// A hand without players.
    #[error("no players")]
    NoPlayers,
    /// A rake recorded as taken (PHH [`RAKE_TAKEN_FIELD`], H4) that is not a whole
    /// amount of the hand's unit.
    #[error("{RAKE_TAKEN_FIELD} = {text}: {}", rake_taken_text(.error.as_ref()))]
    RakeTaken {
        /// The recorded value, trimmed.
        text: String,
        /// Why it is not an amount (`None`: more places than the hand's unit).
        error: Option<AmountError>,
    },
    /// A hand's `_holdem_rules` names a preset the rules book does not hold.
    #[error("_holdem_rules names an unknown preset `{name}`")]
    UnknownPreset {
        /// The name, as declared.
        name: String,
    },
}

impl UnsupportedReason {
    /// The rule ID the unsupported form is about, or `""` for none.
    #[must_use]
    pub fn rule(&self) -> &'static str {
        match self {
            UnsupportedReason::Setup(e) => e.rule(),
            UnsupportedReason::Straddle(_) => "B3",
            UnsupportedReason::RakeTaken { .. } => "H4",
            _ => "",
        }
    }
}

fn rake_taken_text(error: Option<&AmountError>) -> String {
    error.map_or_else(
        || "not a whole number of the hand's unit".to_string(),
        ToString::to_string,
    )
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

pub(super) fn unsupported(reason: UnsupportedReason) -> Outcome {
    Outcome::Unsupported { reason }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn h2_an_unsupported_reason_prints_and_serializes_as_its_text() {
        let cases = [
            (UnsupportedReason::TooManyPlayers, "too many players", ""),
            (UnsupportedReason::NoPlayers, "no players", ""),
            (
                UnsupportedReason::Setup(SetupError::NoBigBlind),
                "no big blind",
                "",
            ),
            (
                UnsupportedReason::RakeTaken {
                    text: "0.005".to_string(),
                    error: None,
                },
                "rake = 0.005: not a whole number of the hand's unit",
                "H4",
            ),
            (
                UnsupportedReason::UnknownPreset {
                    name: "nope".to_string(),
                },
                "_holdem_rules names an unknown preset `nope`",
                "",
            ),
        ];
        for (reason, text, rule) in cases {
            assert_eq!(reason.to_string(), text);
            assert_eq!(reason.rule(), rule, "{text}");
            let outcome = Outcome::Unsupported { reason };
            assert_eq!(
                outcome.describe(crate::Unit::default()),
                format!("unsupported: {text}")
            );
            let json = serde_json::to_value(&outcome).expect("serializes");
            assert_eq!(
                json,
                serde_json::json!({ "result": "unsupported", "reason": text })
            );
        }
    }

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
