//! The replay check of an imported hand, for every site (rules H5, H6): the native replay's outcome is
//! held against what the text says. An illegal action is reported at its line; a
//! hand the text does not show enough of to settle stays unsettled (not an error); a
//! settled hand must give every player the stack the text gives them, once the
//! rake the summary records is taken out of the pots it came from (P5): each
//! player's replayed stack is at least the text's, the differences add up to the
//! rake exactly, and what was collected plus the rake is the summary's total pot.

use crate::replay::{Outcome, Repair};

use super::builder::Imported;
use super::error::{ImportError, ImportErrorKind as Kind};

/// Holds the replay's `outcome` of `imported` against the text.
///
/// # Errors
/// [`Kind::Disagreement`] naming the line, the action and the rule where the text and
/// the rules part; [`Kind::Unsupported`] where the replay cannot play the hand.
pub fn check(imported: &Imported, outcome: &Outcome) -> Result<(), ImportError> {
    let fail = |line: u32, kind: Kind| ImportError {
        hand: Some(imported.hand),
        line,
        kind,
    };
    let disagree = |line: u32, action: &str, rule: &str, reason: String| {
        fail(
            line,
            Kind::Disagreement {
                action: action.to_string(),
                rule: rule.to_string(),
                reason,
            },
        )
    };
    let unit = imported.history.unit;
    let show = |v: &[u64]| {
        v.iter()
            .map(|&a| unit.format(a))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match outcome {
        Outcome::Unsupported { reason } => Err(fail(
            imported.first_line,
            Kind::Unsupported(reason.to_string()),
        )),
        Outcome::Illegal {
            action,
            text,
            reason,
        } => {
            let line = action
                .checked_sub(1)
                .and_then(|i| imported.action_lines.get(i))
                .copied()
                .unwrap_or(imported.first_line);
            Err(disagree(line, text, "H2", reason.to_string()))
        }
        Outcome::Mismatch { reason } => Err(disagree(
            imported.summary_line,
            "result",
            "H1",
            reason.clone(),
        )),
        // The text does not show what the settlement needs (one card of a hand
        // shown): nothing is invented, the hand stays unsettled.
        Outcome::Ok { settled: false, .. } => Ok(()),
        Outcome::Ok {
            settled: true,
            stacks,
            ..
        } => {
            let collected = imported.collected;
            if collected.checked_add(imported.rake) != Some(imported.total_pot) {
                return Err(disagree(
                    imported.summary_line,
                    "total pot",
                    "P5",
                    format!(
                        "{} collected and {} rake, but the total pot is {}",
                        unit.format(collected),
                        unit.format(imported.rake),
                        unit.format(imported.total_pot)
                    ),
                ));
            }
            let text = &imported.final_stacks;
            let short = stacks
                .iter()
                .zip(text)
                .any(|(&replayed, &told)| replayed < told);
            let taken: u64 = stacks
                .iter()
                .zip(text)
                .map(|(&replayed, &told)| replayed.saturating_sub(told))
                .sum();
            if stacks.len() != text.len() || short || taken != imported.rake {
                return Err(disagree(
                    imported.summary_line,
                    "pots",
                    "P1",
                    format!(
                        "the text leaves stacks [{}] (rake {}), the replay [{}] before rake",
                        show(text),
                        unit.format(imported.rake),
                        show(stacks)
                    ),
                ));
            }
            Ok(())
        }
    }
}

/// What a lenient import repaired ([`Imported::repairs`]), as the replay's
/// [`Repair`]s: no action is inserted (`action` 0, `inserted` empty); `inferred`
/// says what was kept, `error` what a strict import reports.
pub fn repairs(imported: &Imported) -> Vec<Repair> {
    imported
        .repairs
        .iter()
        .map(|r| Repair {
            action: 0,
            inserted: String::new(),
            inferred: format!("line {}: kept {}", r.error.line, r.kept),
            error: r.error.to_string(),
            rule: "",
        })
        .collect()
}
