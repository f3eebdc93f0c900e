//! Judging a PokerStars hand: importing it, then replaying it.

use super::judge::{describe, status_of};
use super::report::{HandLine, Status};
use super::rules_book::RulesBook;
use crate::pokerstars;
use crate::replay::{Outcome, replay_hand};

/// Imports, replays and checks one PokerStars hand (H5). The line names the hand by
/// its number; a failure says the text's line, the action and the rule.
pub fn judge_pokerstars(
    index: usize,
    parsed: Result<pokerstars::Hand, pokerstars::PokerStarsError>,
    rules: &RulesBook,
) -> HandLine {
    let number = match &parsed {
        Ok(h) => Some(h.header.id),
        Err(e) => e.hand,
    };
    let failed = |e: pokerstars::PokerStarsError| {
        let status = match &e.kind {
            pokerstars::PokerStarsErrorKind::Unsupported(_) => Status::Unsupported,
            pokerstars::PokerStarsErrorKind::Disagreement { action, .. }
                if matches!(action.as_str(), "result" | "pots" | "total pot") =>
            {
                Status::Mismatch
            }
            pokerstars::PokerStarsErrorKind::Disagreement { .. } => Status::Illegal,
            _ => Status::Unreadable,
        };
        (status, format!("line {}: {}", e.line, e.kind))
    };
    let imported = parsed.and_then(|h| match rules.lenient {
        true => pokerstars::import_lenient(&h),
        false => pokerstars::import(&h),
    });
    let repairs = imported
        .as_ref()
        .map_or_else(|_| Vec::new(), crate::sites::repairs);
    let (status, message) = match imported {
        Err(e) => failed(e),
        Ok(imported) => match rules.for_hand(&imported.history) {
            Err(reason) => (Status::Unreadable, reason.to_string()),
            Ok(r) => {
                let outcome = replay_hand(&imported.history, r);
                match pokerstars::check(&imported, &outcome) {
                    Err(e) => failed(e),
                    Ok(()) if !matches!(outcome, Outcome::Ok { settled: true, .. }) => (
                        status_of(&outcome),
                        describe(&outcome, imported.history.unit),
                    ),
                    Ok(()) => {
                        let unit = imported.history.unit;
                        let list = |v: &[u64]| {
                            v.iter()
                                .map(|&a| unit.format(a))
                                .collect::<Vec<_>>()
                                .join(", ")
                        };
                        let pots = match &outcome {
                            Outcome::Ok { pots, .. } => list(pots),
                            _ => String::new(),
                        };
                        (
                            Status::Ok,
                            format!(
                                "ok: stacks [{}], pots [{pots}], rake {}",
                                list(&imported.final_stacks),
                                unit.format(imported.rake)
                            ),
                        )
                    }
                }
            }
        },
    };
    HandLine {
        hand: index,
        name: number.map(|n| format!("#{n}")),
        status,
        message,
        repairs,
        fault: None,
    }
}
