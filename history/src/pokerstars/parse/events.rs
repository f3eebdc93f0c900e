//! The lines of a hand between its seats and its summary: actions, street markers
//! and notes, with the players they name.

use super::{Parser, R};

use super::values::{digits, split_at};
use crate::pokerstars::ast::{
    CardList, Currency, Event, Note, PostKind, PotName, Run, Seat, SeatIndex, Street,
};
use crate::pokerstars::error::{PokerStarsError, PokerStarsErrorKind as Kind, shorten};
use crate::sites::text::{StreetFault, street_cards};

impl Parser {
    // (Inlined into `Parser::body` as well as `LineReader`: the PokerStars reader's
    // loop keeps its speed.)
    #[inline(always)]
    pub(super) fn body_line(&self, line: &str, seats: &[Seat], currency: Currency) -> R<Event> {
        if let Some(marker) = line.strip_prefix("*** ") {
            return self.marker(marker, line);
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            let (seat, after) = find_name(rest, seats, " [")
                .ok_or_else(|| self.unknown_or_malformed(rest, " [", "`Dealt to NAME [..]`"))?;
            let (cards, tail) = self.cards(after.trim_start())?;
            let [a, b] = cards.as_slice() else {
                return Err(self.err(Kind::Cards {
                    text: shorten(after),
                    reason: format!("hold'em deals two hole cards, not {}", cards.len()),
                }));
            };
            if !tail.is_empty() {
                return Err(self.malformed("nothing after the hole cards", line));
            }
            return Ok(Event::Dealt {
                seat,
                cards: [*a, *b],
            });
        }
        if let Some(rest) = line.strip_prefix("Uncalled bet (") {
            let (amount_text, who) = split_at(rest, ") returned to ")
                .ok_or_else(|| self.malformed("`Uncalled bet (X) returned to NAME`", line))?;
            let amount = self.amount(amount_text, currency)?;
            let seat = seat_named(who, seats)
                .ok_or_else(|| self.err(Kind::UnknownPlayer(who.to_string())))?;
            return Ok(Event::Uncalled { seat, amount });
        }
        if line == "Hand cancelled" {
            return Err(self.err(Kind::Unsupported("a cancelled hand".to_string())));
        }
        if let Some((seat, rest)) = find_name(line, seats, ":") {
            let verb = rest.strip_prefix(':').unwrap_or(rest).trim_start();
            return self.action(seat, verb, line, currency);
        }
        if let Some((seat, rest)) = find_name(line, seats, " ") {
            let rest = rest.strip_prefix(' ').unwrap_or(rest);
            if let Some(r) = rest.strip_prefix("collected ") {
                let (amount_text, pot) = split_at(r, " from ")
                    .ok_or_else(|| self.malformed("`NAME collected X from pot`", line))?;
                let amount = self.amount(amount_text, currency)?;
                let pot = match pot {
                    "pot" => PotName::Pot,
                    "main pot" => PotName::Main,
                    "side pot" => PotName::Side,
                    other => match other
                        .strip_prefix("side pot-")
                        .and_then(digits)
                        .and_then(|n| u8::try_from(n).ok())
                    {
                        Some(n) => PotName::SideN(n),
                        None => {
                            return Err(self
                                .malformed("`pot`, `main pot`, `side pot` or `side pot-N`", line));
                        }
                    },
                };
                return Ok(Event::Collected { seat, amount, pot });
            }
            if let Some(note) = note_phrase(rest) {
                return Ok(Event::Note {
                    seat: Some(seat),
                    note,
                });
            }
            return Err(self.malformed("an action of a seated player", line));
        }
        // Someone not seated in this hand: only table notices are possible.
        if let Some(note) = unseated_note(line) {
            return Ok(Event::Note { seat: None, note });
        }
        match line.split_once(": ") {
            Some((name, verb)) if is_action_verb(verb) => {
                Err(self.err(Kind::UnknownPlayer(name.to_string())))
            }
            _ => Err(self.malformed("an action, a street marker or a table notice", line)),
        }
    }

    pub(super) fn unknown_or_malformed(
        &self,
        rest: &str,
        sep: &str,
        expected: &'static str,
    ) -> Box<PokerStarsError> {
        match rest.split_once(sep) {
            Some((name, _)) if !name.is_empty() => self.err(Kind::UnknownPlayer(name.to_string())),
            _ => self.malformed(expected, rest),
        }
    }

    #[inline(always)]
    pub(super) fn marker(&self, marker: &str, line: &str) -> R<Event> {
        let (run, m) = if let Some(m) = marker.strip_prefix("FIRST ") {
            (Run::First, m)
        } else if let Some(m) = marker.strip_prefix("SECOND ") {
            (Run::Second, m)
        } else {
            (Run::Only, marker)
        };
        if m == "SHOW DOWN ***" {
            return Ok(Event::ShowDown(run));
        }
        let (street, cards_text) = if let Some(r) = m.strip_prefix("FLOP *** ") {
            (Street::Flop, r)
        } else if let Some(r) = m.strip_prefix("TURN *** ") {
            (Street::Turn, r)
        } else if let Some(r) = m.strip_prefix("RIVER *** ") {
            (Street::River, r)
        } else if m.starts_with("3rd STREET")
            || m.starts_with("DEALING HANDS")
            || m.starts_with("FIRST DRAW")
        {
            return Err(self.err(Kind::Unsupported(format!("the street marker `{line}`"))));
        } else {
            return Err(self.malformed(
                "`*** FLOP *** [..]`, `*** TURN ***`, `*** RIVER ***` or `*** SHOW DOWN ***`",
                line,
            ));
        };
        let (before, cards) = street_cards(
            street,
            cards_text,
            |t| self.cards(t),
            |fault| match fault {
                StreetFault::Malformed(what) => self.malformed(what, line),
                StreetFault::Counts(reason) => self.err(Kind::Cards {
                    text: shorten(cards_text),
                    reason,
                }),
            },
        )?;
        Ok(Event::Board {
            street,
            run,
            cards,
            before,
        })
    }

    #[inline(always)]
    pub(super) fn action(
        &self,
        seat: SeatIndex,
        verb: &str,
        line: &str,
        currency: Currency,
    ) -> R<Event> {
        let (verb, all_in) = match verb.strip_suffix(" and is all-in") {
            Some(v) => (v, true),
            None => (verb, false),
        };
        // At a capped table a player who reaches the cap is all in for the hand
        // (the chips in play are at most the cap).
        // (Searched for only in a line that ends so: a searcher is costly to build,
        // and most lines are plain actions.)
        let (verb, all_in) = match verb
            .ends_with(" cap")
            .then(|| verb.rsplit_once(" and has reached the "))
            .flatten()
        {
            Some((v, cap)) if cap.ends_with(" cap") && !all_in => (v, true),
            _ => (verb, all_in),
        };
        if verb.ends_with(" cap") && verb.contains(" and has reached the ") {
            return Err(self.malformed("one `and has reached the ... cap`", line));
        }
        if all_in
            && !["calls ", "bets ", "raises ", "posts "]
                .iter()
                .any(|p| verb.starts_with(p))
        {
            return Err(self.malformed(
                "`and is all-in` only after a bet, call, raise or post",
                line,
            ));
        }
        if verb == "folds" {
            return Ok(Event::Fold {
                seat,
                shown: CardList::new(),
            });
        }
        if let Some(r) = verb.strip_prefix("folds ") {
            let (shown, tail) = self.cards(r)?;
            if !tail.is_empty() {
                return Err(self.malformed("nothing after the folded cards", line));
            }
            return Ok(Event::Fold { seat, shown });
        }
        if verb == "checks" {
            return Ok(Event::Check { seat });
        }
        if let Some(r) = verb.strip_prefix("calls ") {
            let amount = self.amount(r, currency)?;
            return Ok(Event::Call {
                seat,
                amount,
                all_in,
            });
        }
        if let Some(r) = verb.strip_prefix("bets ") {
            let amount = self.amount(r, currency)?;
            return Ok(Event::Bet {
                seat,
                amount,
                all_in,
            });
        }
        if let Some(r) = verb.strip_prefix("raises ") {
            let (by, to) =
                split_at(r, " to ").ok_or_else(|| self.malformed("`raises X to Y`", line))?;
            return Ok(Event::Raise {
                seat,
                by: self.amount(by, currency)?,
                to: self.amount(to, currency)?,
                all_in,
            });
        }
        if let Some(r) = verb.strip_prefix("posts ") {
            let (kind, amount_text) = if let Some(a) = r.strip_prefix("small & big blinds ") {
                (PostKind::SmallAndBig, a)
            } else if let Some(a) = r.strip_prefix("small blind ") {
                (PostKind::SmallBlind, a)
            } else if let Some(a) = r.strip_prefix("big blind ") {
                (PostKind::BigBlind, a)
            } else if let Some(a) = r.strip_prefix("the ante ") {
                (PostKind::Ante, a)
            } else if let Some(a) = r.strip_prefix("straddle ") {
                (PostKind::Straddle, a)
            } else {
                return Err(self.malformed(
                    "`posts small blind`, `big blind`, `small & big blinds`, `the ante` or `straddle`",
                    line,
                ));
            };
            return Ok(Event::Post {
                seat,
                kind,
                amount: self.amount(amount_text, currency)?,
                all_in,
            });
        }
        if let Some(r) = verb.strip_prefix("shows ") {
            let (cards, _description) = self.cards(r)?;
            if cards.is_empty() || cards.len() > 2 {
                return Err(self.err(Kind::Cards {
                    text: shorten(r),
                    reason: format!(
                        "a hold'em player shows one or two cards, not {}",
                        cards.len()
                    ),
                }));
            }
            return Ok(Event::Shows { seat, cards });
        }
        if verb == "mucks hand" {
            return Ok(Event::Mucks {
                seat,
                cards: CardList::new(),
            });
        }
        if let Some(r) = verb.strip_prefix("mucks hand ") {
            let (cards, _) = self.cards(r)?;
            return Ok(Event::Mucks { seat, cards });
        }
        if verb == "doesn't show hand" || verb == "doesn't show" {
            return Ok(Event::DoesNotShow { seat });
        }
        if verb == "sits out" || verb == "is sitting out" || verb == "is sitting out " {
            return Ok(Event::Note {
                seat: Some(seat),
                note: Note::Table,
            });
        }
        if verb.starts_with("Chooses to EV Cashout")
            || verb.starts_with("Receives Cashout")
            || verb.starts_with("Pays Cashout Risk")
        {
            return Ok(Event::Note {
                seat: Some(seat),
                note: Note::CashOut,
            });
        }
        Err(self.malformed("an action (`folds`, `checks`, `calls X`, `bets X`, `raises X to Y`, `posts ...`, `shows [..]`, `mucks hand`, `doesn't show hand`)", line))
    }

    // ---- the summary --------------------------------------------------------
}

/// The seat whose name starts `line` and is followed by `sep`, the longest such
/// name; returns the seat and the text from `sep` on.
#[inline]
fn find_name<'a>(line: &'a str, seats: &[Seat], sep: &str) -> Option<(SeatIndex, &'a str)> {
    let mut best: Option<(usize, usize)> = None;
    let first = line.as_bytes().first();
    for (i, s) in seats.iter().enumerate() {
        let n = s.name.len();
        // (The first byte first: most seats differ there, without a compare call.)
        if line.len() > n
            && s.name.as_bytes().first() == first
            && line.as_bytes().get(..n) == Some(s.name.as_bytes())
            && line.get(n..).is_some_and(|r| r.starts_with(sep))
            && best.is_none_or(|(_, len)| n > len)
        {
            best = Some((i, n));
        }
    }
    let (i, n) = best?;
    Some((SeatIndex::try_from(i).ok()?, line.get(n..)?))
}

/// The seat of exactly this name.
fn seat_named(name: &str, seats: &[Seat]) -> Option<SeatIndex> {
    seats
        .iter()
        .position(|s| s.name == name)
        .and_then(|i| SeatIndex::try_from(i).ok())
}

/// The notices that follow `NAME ` (a space, not a colon).
fn note_phrase(rest: &str) -> Option<Note> {
    if rest.starts_with("said, \"") {
        return Some(Note::Chat);
    }
    const TABLE: [&str; 9] = [
        "is disconnected",
        "is connected",
        "has timed out",
        "has returned",
        "leaves the table",
        "joins the table at seat #",
        "will be allowed to play after the button",
        "was removed from the table",
        "is sitting out",
    ];
    if TABLE.iter().any(|p| rest.starts_with(p)) {
        return Some(Note::Table);
    }
    if rest.starts_with("finished the tournament") || rest.starts_with("wins the tournament") {
        return Some(Note::Finish);
    }
    if rest.starts_with("wins ") && rest.contains("for eliminating")
        || rest.starts_with("wins the ") && rest.contains("bounty")
    {
        return Some(Note::Bounty);
    }
    if rest.starts_with("re-buys") || rest.starts_with("takes the add-on") {
        return Some(Note::Table);
    }
    None
}

/// The notices about a player who holds no seat in this hand (joining, leaving,
/// chat, tournament results).
fn unseated_note(line: &str) -> Option<Note> {
    if let Some((_, verb)) = line.split_once(": ") {
        if verb == "sits out" || verb == "is sitting out" {
            return Some(Note::Table);
        }
    }
    // `NAME phrase`: try every space as the end of the name.
    let mut from = 0;
    while let Some(i) = line.get(from..).and_then(|s| s.find(' ')) {
        let at = from + i;
        if let Some(note) = line.get(at + 1..).and_then(note_phrase) {
            return Some(note);
        }
        from = at + 1;
    }
    None
}

/// True when `verb` is an action only a seated player can take.
fn is_action_verb(verb: &str) -> bool {
    [
        "folds", "checks", "calls ", "bets ", "raises ", "posts ", "shows ", "mucks", "doesn't",
    ]
    .iter()
    .any(|p| verb.starts_with(p))
}
