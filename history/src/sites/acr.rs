//! Winning Poker Network (Americas Cardroom, Black Chip, True Poker, Yatahay...)
//! text hand histories of the `Hand #` generation (rule H6), the client's form
//! since 2019, read into the site-neutral [`Hand`] and converted by the shared
//! [`super::builder`] as the network's hands ([`super::wpn::SITE`]).
//!
//! The client writes:
//! ```text
//! Hand #2662089748 - Holdem (No Limit) - $0.01/$0.02, Ante $0.01 - 2026/02/03 03:56:30 UTC
//! Colwich 6-max Seat #2 is the button
//! Seat 2: zepequeno33 ($1.60)
//! zepequeno33 posts the small blind $0.01
//! *** HOLE CARDS ***
//! Main pot $0.02 | Rake $0.00
//! zepequeno33 raises $0.04 to $0.05
//! *** SUMMARY ***
//! Total pot $0.46 | Rake $0.02
//! Seat 2: zepequeno33 (button) showed [Js 5d] and won $0.46 with a pair of Jacks [..]
//! ```
//! and for a tournament `Game Hand #718596771 - Tournament #24139358 -
//! Holdem(No Limit) - Level 8 (2000.00/4000.00)- 2021/02/25 22:07:46 UTC`, its
//! table line `Table '2' 9-max Seat #2 is the button` and amounts in chips. The
//! game is written `Holdem(No Limit)` or `Holdem (No Limit)`.
//!
//! Each line is turned into PokerStars' form and read by the shared body reader,
//! so every amount is checked by the same rules as every other site's:
//! - `raises X to Y`: `X` is what the player adds with the raise and `Y` the
//!   player's total in the round; the raise is by `Y` less the round's bet;
//! - `posts dead X` is a missed small and big blind posted together when `X` is
//!   their sum (the small blind dead, the big live), a dead small blind when it
//!   is the small blind, otherwise a big blind; `posts X` alone is a big blind
//!   (a player coming in) or, at the small blind's amount, a small blind posted
//!   out of position;
//! - a tournament writes its blinds after `*** HOLE CARDS ***`: the forced bets
//!   come first whatever their order;
//! - `Main pot X | Rake R` and `Side pot(N) X` between the streets restate the
//!   pot and are not read;
//! - a seated player who neither posts nor acts (`waits for big blind`, `is
//!   sitting out` with no action, `will be allowed to play after the button`) is
//!   not in the hand; a tournament's sitting-out player who posts an ante is;
//! - the summary's `Total pot X | Rake R | JP Fee J` takes the jackpot fee from
//!   the pot with the rake; `won X` is what the seat collected, and when the play
//!   writes no `collected` line (the client leaves it out of some hands), the
//!   summary's winnings are the collections.
//!
//! Refused with a typed error naming them: another game (`Omaha(Pot Limit)`,
//! `7Stud H/L (Fixed Limit)`, `5Card Omaha`) and a bomb pot (every player antes
//! and the cards are dealt with no betting before the flop) are unsupported;
//! anything else out of form is malformed at its line.

use crate::pokerstars::parse::{parse_amount, parse_body, timestamp};

use super::ast::{Amount, BuyIn, Currency, Hand, Header, Limit, Tournament};
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, shorten, stakes_of,
};
use super::text::split_name;
use super::wpn::SITE;

/// True for the first line of a `Hand #` generation hand: `Hand #N - ` or `Game
/// Hand #N - `.
pub fn is_hand_start(line: &str) -> bool {
    let Some(r) = line
        .strip_prefix("Hand #")
        .or_else(|| line.strip_prefix("Game Hand #"))
    else {
        return false;
    };
    let digits = r.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && r.get(digits..).is_some_and(|t| t.starts_with(" - "))
}

/// A seat as the hand lists it: line, seat number, name and stack.
struct SeatLine<'a> {
    line: u32,
    number: &'a str,
    name: &'a str,
    stack: &'a str,
}

/// The hand's lines in PokerStars' forms, written into one buffer (no text
/// allocated a line): each line is its number and its range of `text`.
struct Out {
    text: String,
    lines: Vec<(u32, u32, u32)>,
}

impl Out {
    fn with_capacity(lines: usize, bytes: usize) -> Out {
        Out {
            text: String::with_capacity(bytes),
            lines: Vec::with_capacity(lines),
        }
    }

    /// Appends `parts` to the buffer: the range they take.
    fn write(&mut self, parts: &[&str]) -> (u32, u32) {
        let start = self.text.len();
        for part in parts {
            self.text.push_str(part);
        }
        (offset(start), offset(self.text.len()))
    }

    /// A line made of `parts`, last.
    fn push(&mut self, n: u32, parts: &[&str]) {
        let (a, b) = self.write(parts);
        self.lines.push((n, a, b));
    }

    /// A line made of `parts`, at `at` among the lines.
    fn insert(&mut self, at: usize, n: u32, parts: &[&str]) {
        let (a, b) = self.write(parts);
        self.lines.insert(at.min(self.lines.len()), (n, a, b));
    }

    /// A line written by `f` (for amounts, which are formatted), last.
    fn push_with(&mut self, n: u32, f: impl FnOnce(&mut String)) {
        let start = self.text.len();
        f(&mut self.text);
        self.lines.push((n, offset(start), offset(self.text.len())));
    }

    fn len(&self) -> usize {
        self.lines.len()
    }

    /// Line `i`'s text.
    fn get(&self, i: usize) -> &str {
        self.lines
            .get(i)
            .and_then(|&(_, a, b)| self.text.get(a as usize..b as usize))
            .unwrap_or("")
    }

    /// Every line, borrowed.
    fn borrowed(&self) -> Vec<(u32, &str)> {
        self.lines
            .iter()
            .map(|&(n, a, b)| (n, self.text.get(a as usize..b as usize).unwrap_or("")))
            .collect()
    }
}

/// A buffer offset (a hand is at most a few megabytes: the splitters bound it).
fn offset(i: usize) -> u32 {
    u32::try_from(i).unwrap_or(u32::MAX)
}

/// Reads one hand of the `Hand #` generation from its lines (the header first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game or
/// a bomb pot, [`Kind::Malformed`] and the others for text out of the format.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines.iter().filter(|(_, l)| !l.is_empty());
    let Some(&(first_line, head)) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let header = header(first_line, head)?;
    let id = header.id;
    let stakes = header.stakes;
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let Some(&(table_line, table)) = rest.next() else {
        return Err(err(first_line, Kind::Truncated("a table line")));
    };
    let table = table_name(table).map_err(|k| err(table_line, k))?;
    let body: Vec<(u32, &str)> = rest.copied().collect();
    let (seats, body) = seat_lines(&body);
    if seats.is_empty() {
        return Err(err(table_line, Kind::Truncated("a seat line")));
    }
    let names: Vec<&str> = seats.iter().map(|s| s.name).collect();
    let summary_at = body
        .iter()
        .position(|(_, l)| *l == "*** SUMMARY ***")
        .unwrap_or(body.len());
    let (play_lines, summary_lines) = body.split_at(summary_at);
    let playing = in_hand(play_lines, &names);
    let bytes: usize = lines.iter().map(|(_, l)| l.len() + 16).sum();
    let mut out = Out::with_capacity(body.len() + seats.len() + 4, bytes);
    match table {
        TableName::AsWritten(line) => out.push(table_line, &[line]),
        TableName::Split(name, size, button) => {
            out.push(
                table_line,
                &["Table '", name, "' ", size, " Seat #", button],
            );
        }
    }
    for (s, &plays) in seats.iter().zip(&playing) {
        let out_of = if plays { "" } else { " is sitting out" };
        out.push(
            s.line,
            &[
                "Seat ",
                s.number,
                ": ",
                s.name,
                " (",
                s.stack,
                " in chips)",
                out_of,
            ],
        );
    }
    let mut play = Play {
        id,
        stakes,
        names: &names,
        bet: Amount::ZERO,
        hole_cards: false,
        collected: false,
        out,
    };
    for &(n, line) in play_lines {
        play.line(n, line)?;
    }
    let mut out = play.finish(summary_lines, summary_at_line(summary_lines, first_line))?;
    summary(id, summary_lines, &seats, &mut out)?;
    parse_body(header, first_line, &out.borrowed())
}

/// The line of `*** SUMMARY ***`, or the header's when the hand has none.
fn summary_at_line(summary: &[(u32, &str)], first_line: u32) -> u32 {
    summary.first().map_or(first_line, |l| l.0)
}

/// The seat lines at the start of `body` (those of players not at the table for
/// this hand, `will be allowed to play after the button`, left out), and the
/// lines after them.
fn seat_lines<'b, 'a>(body: &'b [(u32, &'a str)]) -> (Vec<SeatLine<'a>>, &'b [(u32, &'a str)]) {
    let mut seats = Vec::new();
    let mut used = 0;
    for &(n, line) in body {
        let Some((number, r)) = line.strip_prefix("Seat ").and_then(|r| r.split_once(": ")) else {
            break;
        };
        if !number.bytes().all(|b| b.is_ascii_digit()) || number.is_empty() {
            break;
        }
        used += 1;
        if r.ends_with(" will be allowed to play after the button") {
            continue;
        }
        let r = r.strip_suffix(" is sitting out").unwrap_or(r);
        let Some((name, stack)) = r.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) else {
            // Not a seat line of the hand's start: the caller reports it.
            used -= 1;
            break;
        };
        seats.push(SeatLine {
            line: n,
            number,
            name,
            stack,
        });
    }
    (seats, body.get(used..).unwrap_or(&[]))
}

/// Whether each seated player is in the hand: posts a forced bet, acts, shows or
/// is dealt cards the text shows.
fn in_hand(play: &[(u32, &str)], names: &[&str]) -> Vec<bool> {
    let mut playing = vec![false; names.len()];
    for (_, line) in play {
        let line = line.strip_prefix("Dealt to ").unwrap_or(line);
        let Some((name, verb)) = split_name(line, names) else {
            continue;
        };
        if verb == "waits for big blind" || verb == "sits out" || verb == "is sitting out" {
            continue;
        }
        if let Some(p) = names
            .iter()
            .position(|n| *n == name)
            .and_then(|i| playing.get_mut(i))
        {
            *p = true;
        }
    }
    playing
}

/// A table line: already in PokerStars' form (a tournament's `Table '2' 9-max
/// Seat #2 is the button`), or split into the name and what follows it
/// (`Colwich` and `6-max` `2 is the button`) to be written
/// `Table 'Colwich' 6-max Seat #2 is the button`.
enum TableName<'a> {
    AsWritten(&'a str),
    /// The name, `N-max`, and what follows `Seat #`.
    Split(&'a str, &'a str, &'a str),
}

/// The table line's parts ([`TableName`]).
fn table_name(line: &str) -> Result<TableName<'_>, Kind> {
    if line.starts_with("Table '") {
        return Ok(TableName::AsWritten(line));
    }
    let expected = "`NAME N-max Seat #N is the button`";
    let (table, button) = line
        .split_once(" Seat #")
        .ok_or_else(|| malformed(expected, line))?;
    let (name, size) = table
        .rsplit_once(' ')
        .filter(|(_, s)| s.ends_with("-max"))
        .ok_or_else(|| malformed(expected, line))?;
    Ok(TableName::Split(name, size, button))
}

/// A hand's play being turned into PokerStars' forms.
struct Play<'n, 'a> {
    id: u64,
    /// The header's small and big blind.
    stakes: (Amount, Amount),
    names: &'n [&'a str],
    /// The round's bet so far: a raise is by its total less it.
    bet: Amount,
    hole_cards: bool,
    /// Whether the play writes a `collected` line.
    collected: bool,
    out: Out,
}

impl<'a> Play<'_, 'a> {
    fn err(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line,
            kind,
        }
    }

    fn amount(&self, n: u32, text: &str) -> Result<Amount, ImportError> {
        let digits = text.trim_start_matches(['$', '€', '£']);
        amount_in(text, digits).map_err(|k| self.err(n, k))
    }

    /// `*** HOLE CARDS ***` before the first line of play (a tournament writes its
    /// blinds after it).
    fn hole_cards(&mut self, n: u32) {
        if !self.hole_cards {
            self.out.push(n, &["*** HOLE CARDS ***"]);
            self.hole_cards = true;
        }
    }

    /// One line of the play, before `*** SUMMARY ***`.
    fn line(&mut self, n: u32, line: &'a str) -> Result<(), ImportError> {
        if line == "*** HOLE CARDS ***" || line.starts_with("Main pot ") {
            return Ok(());
        }
        if line.starts_with("Side pot(") {
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("*** ") {
            self.hole_cards(n);
            if ["FLOP *** ", "TURN *** ", "RIVER *** "]
                .iter()
                .any(|s| r.starts_with(s))
            {
                self.bet = Amount::ZERO;
            } else if r != "SHOW DOWN ***" {
                return Err(self.err(
                    n,
                    malformed("`*** FLOP ***`, `TURN`, `RIVER` or `SHOW DOWN`", line),
                ));
            }
            self.out.push(n, &[line]);
            return Ok(());
        }
        if line.starts_with("Dealt to ") {
            self.hole_cards(n);
            self.out.push(n, &[line]);
            return Ok(());
        }
        if line.starts_with("Uncalled bet (") {
            // Written after the streets dealt to an all-in (`*** TURN ***`, `***
            // SHOW DOWN ***`): the bet comes back in the round it was made.
            let at = (0..self.out.len())
                .rev()
                .find(|&i| !is_street_marker(self.out.get(i)))
                .map_or(self.out.len(), |i| i + 1);
            self.out.insert(at, n, &[line]);
            return Ok(());
        }
        let names = self.names;
        let (name, verb) = split_name(line, names)
            .ok_or_else(|| self.err(n, Kind::UnknownPlayer(shorten(line))))?;
        if matches!(verb, "waits for big blind" | "sits out" | "is sitting out") {
            return Ok(());
        }
        if self.post(n, line, name, verb)? {
            return Ok(());
        }
        self.hole_cards(n);
        self.action(n, line, name, verb)
    }

    /// A forced bet written in PokerStars' words: false when `verb` is none.
    fn post(&mut self, n: u32, line: &str, name: &str, verb: &str) -> Result<bool, ImportError> {
        let (verb, all_in) = match verb.strip_suffix(" and is all-in") {
            Some(v) => (v, " and is all-in"),
            None => (verb, ""),
        };
        let (sb, bb) = self.stakes;
        let (kind, a) = if let Some(a) = verb.strip_prefix("posts ante ") {
            ("the ante", a)
        } else if let Some(a) = verb.strip_prefix("posts the small blind ") {
            ("small blind", a)
        } else if let Some(a) = verb.strip_prefix("posts the big blind ") {
            ("big blind", a)
        } else if let Some(a) = verb.strip_prefix("posts dead ") {
            let amount = self.amount(n, a)?;
            if Some(amount) == sb.checked_add(bb) && sb != bb {
                ("small & big blinds", a)
            } else if amount == sb && sb != bb {
                ("small blind", a)
            } else {
                ("big blind", a)
            }
        } else if let Some(a) = verb.strip_prefix("posts ") {
            let amount = self.amount(n, a)?;
            if amount == sb && sb != bb {
                ("small blind", a)
            } else if amount == bb {
                ("big blind", a)
            } else {
                return Err(self.err(n, malformed("`posts` the small or the big blind", line)));
            }
        } else {
            return Ok(false);
        };
        let amount = self.amount(n, a)?;
        let live = match kind {
            "big blind" => amount,
            "small blind" => amount.min(sb),
            "small & big blinds" => bb,
            _ => Amount::ZERO,
        };
        self.bet = self.bet.max(live);
        self.out.push(n, &[name, ": posts ", kind, " ", a, all_in]);
        Ok(true)
    }

    /// An action of the play, written in PokerStars' words.
    fn action(&mut self, n: u32, line: &str, name: &str, verb: &str) -> Result<(), ImportError> {
        let bare_verb = match verb {
            "folds" | "checks" => Some(verb),
            "does not show" => Some("doesn't show hand"),
            "mucks" | "mucks hand" => Some("mucks hand"),
            _ => None,
        };
        if let Some(v) = bare_verb {
            self.out.push(n, &[name, ": ", v]);
            return Ok(());
        }
        if let Some(r) = verb.strip_prefix("collected ") {
            self.collected = true;
            self.out.push(n, &[name, " collected ", r]);
            return Ok(());
        }
        if verb.starts_with("shows [") {
            self.out.push(n, &[name, ": ", verb]);
            return Ok(());
        }
        let (bare, all_in) = match verb.strip_suffix(" and is all-in") {
            Some(v) => (v, " and is all-in"),
            None => (verb, ""),
        };
        if let Some(a) = bare.strip_prefix("calls ") {
            self.amount(n, a)?;
            self.out.push(n, &[name, ": calls ", a, all_in]);
            return Ok(());
        }
        if let Some(a) = bare.strip_prefix("bets ") {
            self.bet = self.amount(n, a)?;
            self.out.push(n, &[name, ": bets ", a, all_in]);
            return Ok(());
        }
        if let Some(r) = bare.strip_prefix("raises ") {
            let (_, to) = r
                .split_once(" to ")
                .ok_or_else(|| self.err(n, malformed("`raises X to Y`", line)))?;
            let total = self.amount(n, to)?;
            let by = Amount(total.0.saturating_sub(self.bet.0));
            self.bet = self.bet.max(total);
            let sign = to
                .get(..to.len() - to.trim_start_matches(['$', '€', '£']).len())
                .unwrap_or("");
            self.out.push_with(n, |t| {
                use std::fmt::Write as _;
                t.push_str(name);
                t.push_str(": raises ");
                t.push_str(sign);
                let _ = write!(t, "{by}");
                t.push_str(" to ");
                t.push_str(to);
                t.push_str(all_in);
            });
            return Ok(());
        }
        Err(self.err(n, malformed("an action of a seated player", line)))
    }

    /// The play's end: when it wrote no `collected` line, the summary's winnings
    /// (`won X`) are the collections, written before `*** SUMMARY ***` at `n`.
    fn finish(mut self, summary: &[(u32, &'a str)], n: u32) -> Result<Out, ImportError> {
        if summary.is_empty() {
            return Err(self.err(n, Kind::Truncated("a *** SUMMARY *** section")));
        }
        self.hole_cards(n);
        if !self.collected {
            for &(m, line) in summary {
                let Some((_, r)) = line.strip_prefix("Seat ").and_then(|r| r.split_once(": "))
                else {
                    continue;
                };
                if let (Some((name, _)), Some(won)) = (split_name(r, self.names), won_in(r)) {
                    self.out.push(m, &[name, " collected ", won, " from pot"]);
                }
            }
        }
        Ok(self.out)
    }
}

/// `*** FLOP *** [..]`, `*** TURN ***`, `*** RIVER ***` or `*** SHOW DOWN ***`.
fn is_street_marker(line: &str) -> bool {
    ["*** FLOP *** ", "*** TURN *** ", "*** RIVER *** "]
        .iter()
        .any(|s| line.starts_with(s))
        || line == "*** SHOW DOWN ***"
}

/// The amount after ` won ` in a summary seat line.
fn won_in(line: &str) -> Option<&str> {
    let (_, r) = line.split_once(" won ")?;
    Some(r.split(' ').next().unwrap_or(r))
}

/// The summary in PokerStars' forms, appended to `out`: `*** SUMMARY ***`, the
/// total pot with every fee as the rake, the board, the seats with their
/// winnings in parentheses (the seats not in the hand's list left out).
fn summary(
    id: u64,
    lines: &[(u32, &str)],
    seats: &[SeatLine<'_>],
    out: &mut Out,
) -> Result<(), ImportError> {
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    for &(n, line) in lines {
        if line == "*** SUMMARY ***" || line.starts_with("Board [") {
            out.push(n, &[line]);
        } else if line == "BombPot" {
            return Err(err(
                n,
                Kind::Unsupported(
                    "a bomb pot (every player antes, no betting before the flop)".to_string(),
                ),
            ));
        } else if let Some(r) = line.strip_prefix("Total pot ") {
            let (sign, gross, fees) = total_pot(r).map_err(|k| err(n, k))?;
            out.push_with(n, |t| {
                use std::fmt::Write as _;
                let _ = write!(t, "Total pot {sign}{gross} | Rake {sign}{fees}");
            });
        } else if let Some((number, r)) =
            line.strip_prefix("Seat ").and_then(|r| r.split_once(": "))
        {
            if !seats.iter().any(|s| s.number == number) {
                continue;
            }
            match r.split_once(" won ") {
                Some((before, after)) => {
                    let (amount, tail) = after.split_once(' ').unwrap_or((after, ""));
                    let (before, verb) = match before.strip_suffix(" did not show and") {
                        Some(b) => (b, " collected ("),
                        None => (before, " won ("),
                    };
                    let blank = if tail.is_empty() { "" } else { " " };
                    out.push(
                        n,
                        &[
                            "Seat ", number, ": ", before, verb, amount, ")", blank, tail,
                        ],
                    );
                }
                None => out.push(n, &["Seat ", number, ": ", r]),
            }
        } else {
            return Err(err(n, malformed("a summary line", line)));
        }
    }
    Ok(())
}

/// `X | Rake R | JP Fee J` after `Total pot `: the pot after the fees, so
/// `Total pot X+R+J | Rake R+J` in PokerStars' form (every fee is taken from the
/// pot).
fn total_pot(r: &str) -> Result<(&str, Amount, Amount), Kind> {
    let mut parts = r.split(" | ");
    let total = parts.next().unwrap_or(r);
    let digits = total.trim_start_matches(['$', '€', '£']);
    let sign = total.get(..total.len() - digits.len()).unwrap_or("");
    let total = parse_amount(digits).ok_or_else(|| Kind::Amount {
        text: shorten(total),
        reason: "not a number of at most two decimals",
    })?;
    let mut fees = 0u64;
    for part in parts {
        let (_, amount) = part
            .rsplit_once(' ')
            .ok_or_else(|| malformed("`Total pot X | Rake R | JP Fee J`", r))?;
        let digits = amount.trim_start_matches(['$', '€', '£']);
        let a = parse_amount(digits).ok_or_else(|| Kind::Amount {
            text: shorten(amount),
            reason: "not a number of at most two decimals",
        })?;
        fees = fees.checked_add(a.0).ok_or_else(|| Kind::Amount {
            text: shorten(amount),
            reason: "too large",
        })?;
    }
    let gross = total.0.checked_add(fees).ok_or_else(|| Kind::Amount {
        text: shorten(r),
        reason: "too large",
    })?;
    Ok((sign, Amount(gross), Amount(fees)))
}

/// The header line.
fn header(n: u32, line: &str) -> Result<Header, ImportError> {
    let fail = |hand: Option<u64>, kind: Kind| ImportError {
        hand,
        line: n,
        kind,
    };
    let expected = "`Hand #N - GAME (LIMIT) - SB/BB - DATE`";
    let r = line
        .strip_prefix("Hand #")
        .or_else(|| line.strip_prefix("Game Hand #"))
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (id, r) = r
        .split_once(" - ")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let id = crate::pokerstars::parse::digits(id)
        .ok_or_else(|| fail(None, malformed("a hand number", line)))?;
    let fail = |kind: Kind| fail(Some(id), kind);
    let (tournament_id, r) = match r.strip_prefix("Tournament #") {
        Some(t) => {
            let (tid, r) = t
                .split_once(" - ")
                .ok_or_else(|| fail(malformed(expected, line)))?;
            let tid = crate::pokerstars::parse::digits(tid)
                .ok_or_else(|| fail(malformed("a tournament number", line)))?;
            (Some(tid), r)
        }
        None => (None, r),
    };
    // `Holdem(No Limit)` or `Holdem (No Limit)`, then the stakes and the date.
    let (game, r) = r
        .split_once('(')
        .ok_or_else(|| fail(malformed(expected, line)))?;
    let (limit, r) = r
        .split_once(')')
        .ok_or_else(|| fail(malformed(expected, line)))?;
    let game = game.trim();
    if game != "Holdem" {
        return Err(fail(other_game(&format!("{game} ({limit})"))));
    }
    let limit = match limit {
        "No Limit" => Limit::NoLimit,
        "Pot Limit" => Limit::PotLimit,
        "Fixed Limit" => Limit::FixedLimit,
        _ => {
            return Err(fail(malformed(
                "`No Limit`, `Pot Limit` or `Fixed Limit`",
                line,
            )));
        }
    };
    let (stakes_text, date) = r
        .trim_start_matches(" - ")
        .rsplit_once("- ")
        .ok_or_else(|| fail(malformed(expected, line)))?;
    let stakes_text = stakes_text.trim_end();
    let (level, stakes_text) = match stakes_text.strip_prefix("Level ") {
        Some(l) => {
            let (level, s) = l
                .split_once(" (")
                .ok_or_else(|| fail(malformed("`Level N (SB/BB)`", line)))?;
            let s = s
                .strip_suffix(')')
                .ok_or_else(|| fail(malformed("`Level N (SB/BB)`", line)))?;
            (Some(level.to_string()), s)
        }
        None => (
            None,
            stakes_text.split(", Ante ").next().unwrap_or(stakes_text),
        ),
    };
    let (sb, bb) = stakes_text
        .split_once('/')
        .ok_or_else(|| fail(malformed("the stakes `SB/BB`", line)))?;
    let currency = match (tournament_id, sb.chars().next()) {
        (Some(_), _) => Currency::Chips,
        (None, Some(c)) if c.is_ascii_digit() => Currency::PlayMoney,
        (None, sign) => Currency::of_sign(sign).ok_or_else(|| {
            fail(Kind::Unsupported(format!(
                "the currency of `{}`",
                shorten(sb)
            )))
        })?,
    };
    let amount = |s: &str| amount_in(s, s.trim_start_matches(['$', '€', '£']));
    let stakes = stakes_of(sb, bb, stakes_text, amount).map_err(fail)?;
    let time = timestamp(date.trim())
        .ok_or_else(|| fail(malformed("a date `YYYY/MM/DD HH:MM:SS UTC`", line)))?;
    Ok(Header {
        id,
        label: None,
        site: &SITE,
        game_form: false,
        zoom: false,
        tournament: tournament_id.map(|tid| Tournament {
            id: tid,
            buy_in: BuyIn::Paid {
                parts: Vec::new(),
                currency: Currency::Chips,
            },
            level,
            round: None,
        }),
        limit,
        stakes,
        currency,
        cap: None,
        times: vec![time],
    })
}
