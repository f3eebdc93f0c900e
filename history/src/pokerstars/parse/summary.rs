//! The lines of the `*** SUMMARY ***` section.

use super::{Parser, R};

use super::values::{digits, find_byte, split_at};
use crate::pokerstars::ast::{CardList, Currency, Seat, SeatIndex, Summary, SummarySeat};
use crate::pokerstars::error::{PokerStarsErrorKind as Kind, shorten};

impl Parser {
    // (Inlined into `Parser::body` as well as `LineReader`: the PokerStars reader's
    // loop keeps its speed.)
    #[inline(always)]
    pub(super) fn summary_line(
        &self,
        line: &str,
        seats: &[Seat],
        currency: Currency,
        summary: &mut Summary,
        saw_total: &mut bool,
    ) -> R<()> {
        if let Some(r) = line.strip_prefix("Total pot ") {
            let (pots, rake) = match split_at(r, " | Rake ") {
                Some((p, rake)) => (p, Some(rake)),
                None => (r, None),
            };
            let mut words = pots.split(' ');
            let total = words.next().unwrap_or("");
            summary.total_pot = self.amount(total, currency)?;
            let rest: Vec<&str> = words.collect();
            let mut i = 0;
            while i < rest.len() {
                let label = rest.get(i).copied().unwrap_or("");
                let next = rest.get(i + 1).copied().unwrap_or("");
                let value = rest.get(i + 2).copied().unwrap_or("");
                let value = value.strip_suffix('.').unwrap_or(value);
                match (label, next) {
                    ("Main", "pot") => summary.main_pot = Some(self.amount(value, currency)?),
                    ("Side", side) if side == "pot" || side.starts_with("pot-") => {
                        summary.side_pots.push(self.amount(value, currency)?);
                    }
                    _ => {
                        return Err(self.malformed(
                            "`Total pot X [Main pot Y. Side pot-N Z.] | Rake R`",
                            line,
                        ));
                    }
                }
                i += 3;
            }
            if let Some(rake) = rake {
                summary.rake = self.amount(rake, currency)?;
            }
            summary.line = self.line;
            *saw_total = true;
            return Ok(());
        }
        if line == "Hand was run twice" {
            summary.run_twice = true;
            return Ok(());
        }
        for prefix in ["Board ", "FIRST Board ", "SECOND Board "] {
            if let Some(r) = line.strip_prefix(prefix) {
                let (cards, tail) = self.cards(r)?;
                if !tail.is_empty() || summary.boards.try_push(cards).is_err() {
                    return Err(self.malformed("`Board [..]`, at most two boards", line));
                }
                return Ok(());
            }
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            let (num, rest) =
                split_at(r, ": ").ok_or_else(|| self.malformed("`Seat N: NAME ...`", line))?;
            let number = digits(num).ok_or_else(|| self.malformed("a seat number", line))?;
            let index = seats
                .iter()
                .position(|s| u64::from(s.number) == number)
                .and_then(|i| SeatIndex::try_from(i).ok())
                .ok_or_else(|| self.malformed("a seat listed at the start of the hand", line))?;
            let name = seats
                .get(usize::from(index))
                .map(|s| s.name.as_str())
                .unwrap_or("");
            let tail = rest
                .strip_prefix(name)
                .ok_or_else(|| self.err(Kind::UnknownPlayer(shorten(rest))))?;
            let mut cards = CardList::new();
            if let Some(i) = find_byte(tail, b'[') {
                let before = tail.get(..i).unwrap_or("");
                if before.ends_with("showed ") || before.ends_with("mucked ") {
                    cards = self.cards(tail.get(i..).unwrap_or(""))?.0;
                }
            }
            // (Most seats win nothing: the vector allocates only for a winner.)
            let mut won = Vec::new();
            let mut scan = tail;
            while let Some(i) = find_byte(scan, b'(') {
                let before = scan.get(..i).unwrap_or("");
                let after = scan.get(i + 1..).unwrap_or("");
                let close = find_byte(after, b')').unwrap_or(after.len());
                if before.ends_with("won ") || before.ends_with("collected ") {
                    won.push(self.amount(after.get(..close).unwrap_or(""), currency)?);
                }
                scan = after.get(close..).unwrap_or("");
            }
            summary.seats.push(SummarySeat {
                seat: index,
                cards,
                won,
                line: self.line,
            });
            return Ok(());
        }
        Err(self.malformed(
            "a summary line (`Total pot`, `Board`, `Seat N:`, `Hand was run twice`)",
            line,
        ))
    }
}
