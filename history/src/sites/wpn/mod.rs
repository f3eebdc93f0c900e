//! Winning Poker Network (Americas Cardroom, Winning Poker, Black Chip, True
//! Poker...) text hand histories of the `Game started at:` generation (rule H6),
//! read into the site-neutral [`Hand`] and converted by the shared
//! [`super::builder`].
//!
//! The client writes:
//! ```text
//! Game started at: 2014/3/9 16:53:43
//! Game ID: 261641541 0.10/0.25 Tantalite   (JP) (Hold'em)
//! Seat 5 is the button
//! Seat 1: Shipologist (44.87).
//! Player johna52801 has small blind (0.10)
//! Player johna52801 received a card.
//! Player LadyStack raises (0.80)
//! *** FLOP ***: [3h 4c 2c]
//! ------ Summary ------
//! Pot: 7.73. Rake 0.41
//! *Player johna52801 shows: One pair of Js [Jd Js]. Bets: 4.07. Collects: 7.73. Wins: 3.66.
//! Game ended at: 2014/3/9 16:54:45
//! ```
//! Each line is read straight into its [`ast::Event`](super::ast::Event) (no text in between), and checked
//! as the PokerStars reader checks its own (seats, the order of the sections, the
//! cards), so every amount is checked by the same rules as every other site's:
//! - every amount (`calls (0.70)`, `raises (0.80)`, `allin (5)`) is the money the
//!   player adds with that action; a raise's total is what the player had in this
//!   round plus it, and an all-in is a bet, a call or a raise by that total;
//!   before the cards, `allin (X)` is a blind posted all-in for less (the big
//!   blind's, which the others call in full, B13; the small blind's while none
//!   is posted and X is at most it);
//! - `posts (0.25) as a dead bet` then `posts (0.50)` is a dead small blind and a
//!   live big blind (`posts small & big blinds`); `posts (X)` alone is a big blind
//!   (a player coming in) or, when it is the small blind's amount, a small blind
//!   posted out of position; `straddle (X)` is a straddle;
//! - a seated player dealt no card (`sitting out`, `wait BB`) is not in the hand;
//!   the hero's `received card: [Ah]` lines are the hero's hole cards;
//! - the summary's `shows: ... [Jd Js]` are the showdown, its `Collects: X` what each
//!   player collected; its `Pot:` is written after the rake and the jackpot drop
//!   of `(JP)` tables, the latter not stated, so the hand's rake is the players'
//!   `Bets:` less their `Collects:` (a `Pot:` other than the sum collected is a
//!   disagreement at its line);
//! - the format names no betting structure: `(Hold'em)` is no-limit hold'em (the
//!   network's only hold'em tables written this way); amounts carry no currency
//!   sign and are the network's US dollars; a `CAP` table's cap is not written, so
//!   it stays unknown (a hand that reaches it disagrees at its line);
//! - ranks are written `10` for `T`.
//!
//! Refused with a typed error naming them: another game (`(Omaha)`) is
//! unsupported, naming it; anything else out of form is malformed at its line.

mod play;

use play::Play;

use crate::pokerstars::parse::{digits, split_at, timestamp};

use super::ast::{Amount, Currency, Hand, Header, Limit, Seat, SeatIndex, SeatState, TableLine};
use super::builder::{self, Imported, Site};
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, stakes_of,
};
use super::text::rsplit_at;

/// The Winning Poker Network, for the builder.
pub static SITE: Site = Site {
    name: "Winning Poker Network",
    cap_field: "_wpn_cap",
    jackpot_drop: true,
    raises_over_all_in: false,
    odd_chips_from_highest_seat: false,
};

/// The most seats a table has.
const MAX_SEATS: usize = 10;

/// True for the first line of a Winning Poker Network hand (`Game started at: `).
pub fn is_hand_start(line: &str) -> bool {
    line.starts_with("Game started at: ")
}

/// Converts a Winning Poker Network hand (the shared [`builder::build`]).
///
/// # Errors
/// As [`builder::build`].
pub fn import(hand: &Hand) -> Result<Imported, ImportError> {
    builder::build(hand, &SITE)
}

fn amount_of(text: &str) -> Result<Amount, Kind> {
    amount_in(text, text)
}

/// The amount in the parentheses of `(0.80)` at the start of `s`, and the rest.
fn paren_amount(s: &str) -> Result<(Amount, &str), Kind> {
    let inner = s
        .strip_prefix('(')
        .and_then(|r| r.split_once(')'))
        .ok_or_else(|| malformed("an amount in parentheses `(X)`", s))?;
    Ok((amount_of(inner.0)?, inner.1))
}

/// The seat whose name `rest` begins with, followed by a blank (the longest, as
/// names hold blanks; the first of equal names), and what follows the blank.
fn split_seat<'a>(rest: &'a str, names: &[&str]) -> Option<(usize, &'a str)> {
    let mut best: Option<(usize, usize)> = None;
    let first = rest.as_bytes().first();
    for (i, n) in names.iter().enumerate() {
        let len = n.len();
        if n.as_bytes().first() == first
            && rest.as_bytes().get(len) == Some(&b' ')
            && rest.as_bytes().get(..len) == Some(n.as_bytes())
            && best.is_none_or(|(_, l)| len > l)
        {
            best = Some((i, len));
        }
    }
    let (i, len) = best?;
    Some((i, rest.get(len + 1..).unwrap_or("")))
}

/// A seat index as the typed hand keeps it (a hand of more seats is refused).
fn index(i: usize) -> SeatIndex {
    SeatIndex::try_from(i).unwrap_or(SeatIndex::MAX)
}

/// Reads one Winning Poker Network hand from its lines (`Game started at:` first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game,
/// [`Kind::Malformed`] and the others for text out of the format.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines.iter().enumerate().filter(|(_, (_, l))| !l.is_empty());
    let Some((_, &(first_line, started))) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let err = |hand: Option<u64>, line: u32, kind: Kind| ImportError { hand, line, kind };
    let date = started.strip_prefix("Game started at: ").ok_or_else(|| {
        err(
            None,
            first_line,
            malformed("`Game started at: DATE`", started),
        )
    })?;
    let time = timestamp(date.trim()).ok_or_else(|| {
        err(
            None,
            first_line,
            malformed("a date `YYYY/M/D H:M:S`", started),
        )
    })?;
    let Some((_, &(id_line, game))) = rest.next() else {
        return Err(err(None, first_line, Kind::Truncated("a `Game ID:` line")));
    };
    let (header, table_name) = header(id_line, game, time)?;
    let id = header.id;
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let Some((k, &(button_line, button))) = rest.next() else {
        return Err(err(id_line, Kind::Truncated("the button's seat")));
    };
    let button = button
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(digits)
        .ok_or_else(|| err(button_line, malformed("`Seat N is the button`", button)))?;
    // (The lines after the button's, blank ones skipped where they are read.)
    let body = lines.get(k + 1..).unwrap_or(&[]);
    let (seats, at) = seat_lines(id, button_line, body)?;
    let body = body.get(at..).unwrap_or(&[]);
    let mut play = Play::new(id, header.stakes, &seats);
    // The table line and the seats, checked as the PokerStars reader checks them.
    let button = match u32::try_from(button) {
        Ok(b) => b,
        Err(_) => {
            play.defer(err(button_line, malformed("a button seat number", "")));
            0
        }
    };
    play.check_seats(&seats);
    let mut ended = false;
    let read = body.iter().try_for_each(|&(n, line)| {
        if line.is_empty() {
            return Ok(());
        }
        if ended || line.starts_with("Game ended at: ") {
            ended = true;
            return Ok(());
        }
        play.line(n, line)
    });
    // Who is dealt cards (`Player NAME received ...`) anywhere in the hand: a hand
    // where nobody is has not been played.
    if read.is_err() || play.dealt.contains(&false) {
        play.dealt = dealt_anywhere(body, &play.names);
    }
    if !play.dealt.contains(&true) {
        return Err(err(
            button_line,
            Kind::Unsupported("a hand cancelled before any card was dealt".to_string()),
        ));
    }
    read?;
    let end = body
        .iter()
        .rfind(|(_, l)| !l.is_empty())
        .map_or(button_line, |l| l.0);
    let dealt = std::mem::take(&mut play.dealt);
    let (events, summary) = play.finish(end)?;
    let seats = seats
        .into_iter()
        .zip(dealt)
        .map(|((line, number, name, stack), dealt)| Seat {
            number,
            name: name.to_string(),
            stack,
            bounty: None,
            state: if dealt {
                SeatState::Playing
            } else {
                SeatState::SittingOut
            },
            line,
        })
        .collect();
    Ok(Hand {
        header,
        table: TableLine {
            name: table_name,
            max_seats: None,
            play_money: false,
            button,
        },
        seats,
        events,
        summary,
        first_line,
    })
}

/// Who is dealt cards: a `Player NAME received ...` line of each seat anywhere in
/// `body`.
fn dealt_anywhere(body: &[(u32, &str)], names: &[&str]) -> Vec<bool> {
    let mut dealt = vec![false; names.len()];
    for (_, l) in body {
        let Some((i, r)) = l.strip_prefix("Player ").and_then(|r| split_seat(r, names)) else {
            continue;
        };
        if r.starts_with("received ") {
            if let Some(d) = dealt.get_mut(i) {
                *d = true;
            }
        }
    }
    dealt
}

/// A seat line read: line, seat number, name, stack.
type SeatLine<'a> = (u32, u32, &'a str, Amount);

/// The seat lines at the start of `body` (blank lines skipped), and where the
/// lines after them start.
fn seat_lines<'a>(
    id: u64,
    button_line: u32,
    body: &[(u32, &'a str)],
) -> Result<(Vec<SeatLine<'a>>, usize), ImportError> {
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let mut seats = Vec::with_capacity(MAX_SEATS);
    let mut at = body.len();
    for (k, &(n, line)) in body.iter().enumerate() {
        if line.is_empty() {
            continue;
        }
        let Some(r) = line.strip_prefix("Seat ") else {
            at = k;
            break;
        };
        let bad = || err(n, malformed("`Seat N: NAME (STACK).`", line));
        let (num, r) = split_at(r, ": ").ok_or_else(bad)?;
        let num = digits(num).ok_or_else(|| err(n, malformed("a seat number", line)))?;
        let (name, stack) = r
            .strip_suffix(").")
            .and_then(|r| rsplit_at(r, " ("))
            .ok_or_else(bad)?;
        let stack = amount_of(stack).map_err(|k| err(n, k))?;
        seats.push((n, u32::try_from(num).unwrap_or(u32::MAX), name, stack));
    }
    if seats.is_empty() {
        return Err(err(
            body.iter()
                .find(|(_, l)| !l.is_empty())
                .map_or(button_line, |l| l.0),
            Kind::Truncated("a seat line"),
        ));
    }
    Ok((seats, at))
}

/// `Game ID: 261641541 0.10/0.25 Tantalite   (JP) - CAP - 6-Max (Hold'em)`: the
/// header and the table's name.
fn header(
    n: u32,
    line: &str,
    time: super::ast::Timestamp,
) -> Result<(Header, String), ImportError> {
    let fail = |hand: Option<u64>, kind: Kind| ImportError {
        hand,
        line: n,
        kind,
    };
    let expected = "`Game ID: NUMBER SB/BB TABLE (GAME)`";
    let r = line
        .strip_prefix("Game ID: ")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (id, r) = r
        .split_once(' ')
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let id = crate::pokerstars::parse::digits(id)
        .ok_or_else(|| fail(None, malformed("a game number", line)))?;
    let fail = |kind: Kind| fail(Some(id), kind);
    let (stakes, r) = r
        .split_once(' ')
        .ok_or_else(|| fail(malformed(expected, line)))?;
    let game = r
        .rfind('(')
        .and_then(|i| r.get(i..))
        .ok_or_else(|| fail(malformed(expected, line)))?;
    if game != "(Hold'em)" {
        return Err(fail(other_game(
            game.trim_start_matches('(').trim_end_matches(')'),
        )));
    }
    let table = r
        .find(" (")
        .or_else(|| r.find(" - "))
        .and_then(|i| r.get(..i))
        .unwrap_or(r)
        .trim()
        .replace('\'', "");
    let (sb, bb) = stakes
        .split_once('/')
        .ok_or_else(|| fail(malformed("the stakes `SB/BB`", line)))?;
    let stakes = stakes_of(sb, bb, line, amount_of).map_err(fail)?;
    Ok((
        Header {
            id,
            label: None,
            site: &SITE,
            game_form: false,
            zoom: false,
            tournament: None,
            limit: Limit::NoLimit,
            stakes,
            currency: Currency::Usd,
            cap: None,
            times: vec![time],
        },
        table,
    ))
}
