//! `holdem cards` and `holdem eval`: card text and hand ranks.

use std::io::{self, Write};
use std::process::ExitCode;

use holdem_cards::{CardSet, parse_cards};

use crate::error;

/// Prints the cards of `text` canonically, highest first.
pub fn show_cards(text: &str, out: &mut dyn Write) -> io::Result<ExitCode> {
    match parse_cards(text) {
        Ok(list) => {
            let set: CardSet = list.iter().copied().collect();
            writeln!(out, "{} cards: {set}", set.len())?;
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            error(&e);
            Ok(ExitCode::from(2))
        }
    }
}

/// Ranks 5-7 cards and prints the best five.
pub fn eval(text: &str, out: &mut dyn Write) -> io::Result<ExitCode> {
    use holdem_eval::{Evaluator, best_five};
    let cards: CardSet = match text.parse() {
        Ok(c) => c,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let rank = match Evaluator::new().evaluate(cards) {
        Ok(r) => r,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let five = match best_five(cards) {
        Ok(f) => f
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" "),
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    writeln!(out, "{}: {}", rank.category(), rank.describe())?;
    writeln!(out, "best five: {five}")?;
    Ok(ExitCode::SUCCESS)
}
