//! 888poker (Pacific Poker) text hand histories (rule H6), read into the
//! site-neutral [`Hand`] and converted by the shared [`super::builder`].
//!
//! The client writes:
//! ```text
//! #Game No : 349736402
//! ***** 888poker Hand History for Game 349736402 *****
//! $0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28
//! Table Abbotsford 6 Max (Real Money)
//! Seat 9 is the button
//! Total number of players : 2
//! Seat 4: silas_tomkyn ( $10.98 )
//! FCSM_1935 posts small blind [$0.05]
//! ** Dealing down cards **
//! FCSM_1935 raises [$2.50]
//! ** Dealing flop ** [ Jc, Kc, 3c ]
//! ** Summary **
//! FCSM_1935 collected [ $0.19 ]
//! ```
//! Each line becomes its typed event ([`super::ast::Event`]) as it is read, with
//! no text built in between, and the checks of the PokerStars reader (seats,
//! order of the sections, cards) are made on the way:
//! - every amount in brackets is the money the player adds with that action (a
//!   raise's total is what the player had in this round plus it);
//! - `posts dead blind [$1 + $2]` is a dead small blind and a live big blind;
//! - the text writes no uncalled bet: the part of the largest live contribution
//!   that nobody matched is returned to its player, as the rules say (B16);
//! - the text writes no total pot and no rake: the pot is every contribution, the
//!   rake what the pot holds beyond what the players collect;
//! - `shows [ 7s, 8c ]`, `mucks [ .. ]` and `did not show his hand` come after
//!   `** Summary **`; `wins $2.30 USD from the main pot` (the older fixed-limit
//!   text) is a collection;
//! - a player whose money in the pot reaches the stack is all in (the text does
//!   not say so);
//! - a walk's `collected` includes the big blind's own unmatched part: it is
//!   returned as uncalled, and the collection counted without it;
//! - amounts have thousands separators (`$1,000`);
//! - a tournament's table line `Tournament #78678966 $0.09 + $0.01 - Table #5 9
//!   Max (Real Money)` gives its number and buy-in; its `$` amounts are chips;
//! - `mucks [ Td, 9d ]` names the cards: a player who mucks so and collects a
//!   pot shows them;
//! - a hand whose players are written without names (`Seat 1:  ( $325 )`) is
//!   unsupported: its actions cannot be told apart;
//! - `Fix Limit` headers give the blinds: the small bet is the big blind and the
//!   big bet twice it.
//!
//! Refused with a typed error naming them: another game (Omaha, Omaha hi/lo) is
//! unsupported, naming it; so is the older text of 2012 (`$50 USD PL Texas
//! Hold'em - Tuesday, April 03, ...`), not read here; anything else out of form
//! is malformed at its line.

use std::borrow::Cow;

use crate::pokerstars::parse::digits;

use super::ast::{Amount, BuyIn, Currency, Hand, Header, Limit, TableLine, Timestamp, Tournament};
use super::builder::{self, Imported, Site};
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, stakes_of,
};
use super::text::without_separators;

mod body;
#[cfg(test)]
mod tests;

pub(super) use body::read_body;

/// 888poker, for the builder.
pub static SITE: Site = Site {
    name: "888poker",
    cap_field: "_888poker_cap",
    jackpot_drop: false,
    raises_over_all_in: false,
    odd_chips_from_highest_seat: false,
};

/// True for the line that starts an 888poker hand: `***** 888poker Hand History
/// for Game N *****` (the `#Game No : N` line before it reads as a comment line
/// and is skipped wherever it stands).
pub fn is_hand_start(line: &str) -> bool {
    // PartyPoker's banner (`***** Hand History for Game N *****`) names no site.
    line.starts_with("***** ")
        && !line.starts_with("***** Hand History")
        && split_first(line, " Hand History for Game ").is_some()
}

/// Converts an 888poker hand (the shared [`builder::build`]).
///
/// # Errors
/// As [`builder::build`].
pub fn import(hand: &Hand) -> Result<Imported, ImportError> {
    builder::build(hand, &SITE)
}

/// `$1,000.50` (or `$2 USD`, as PartyPoker writes it) as an amount: thousands
/// separators allowed.
pub(super) fn amount_of(text: &str) -> Result<Amount, Kind> {
    match plain_amount(text.as_bytes()) {
        Some(a) => Ok(a),
        None => amount_read(text),
    }
}

/// The amount of `text` as [`amount_of`] reads it, in one pass over its bytes,
/// for the forms the clients write (`$1,000.50`, ` $2 USD`); `None` for anything
/// else, which [`amount_read`] reads (or refuses) instead. Where it gives an
/// amount, it is the one [`amount_read`] gives.
fn plain_amount(b: &[u8]) -> Option<Amount> {
    let mut i = 0;
    while b.get(i) == Some(&b' ') {
        i += 1;
    }
    while b.get(i) == Some(&b'$') {
        i += 1;
    }
    let (mut v, mut whole, mut frac, mut dot) = (0u64, 0usize, 0usize, false);
    while let Some(&c) = b.get(i) {
        match c {
            b'0'..=b'9' => {
                v = v * 10 + u64::from(c - b'0');
                if dot {
                    frac += 1;
                } else {
                    whole += 1;
                }
                if whole > 17 || frac > 2 {
                    return None;
                }
            }
            // A thousands separator: a digit before it and exactly three after.
            b',' if !dot
                && whole > 0
                && b.get(i + 1..i + 4)
                    .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
                && !b.get(i + 4).is_some_and(u8::is_ascii_digit) => {}
            b'.' if !dot && whole > 0 => dot = true,
            b' ' => break,
            _ => return None,
        }
        i += 1;
    }
    if whole == 0 || (dot && frac == 0) {
        return None;
    }
    // What follows the first blank is not read; the blanks at its end would be
    // trimmed; anything else after it is left to the full reader.
    Some(Amount(match frac {
        0 => v * 100,
        1 => v * 10,
        _ => v,
    }))
}

/// [`amount_of`] for any text: trimmed, its currency sign and thousands
/// separators left out.
fn amount_read(text: &str) -> Result<Amount, Kind> {
    let t = text.trim().trim_start_matches(['$', '€', '£']);
    let t = t.split(' ').next().unwrap_or(t);
    amount_in(text, &without_separators(t))
}

/// `s.trim()`, with no search of the ends where they are printable ASCII (and so
/// no whitespace to trim).
pub(super) fn trimmed(s: &str) -> &str {
    let plain = |c: Option<&u8>| c.is_some_and(u8::is_ascii_graphic);
    if plain(s.as_bytes().first()) && plain(s.as_bytes().last()) {
        s
    } else {
        s.trim()
    }
}

/// `s` split around the first `pat` in it, as `str::split_once` does, by a plain
/// scan of its bytes (the lines are short and `pat` a few bytes: no searcher to
/// set up for each call). `pat` begins with an ASCII character.
pub(super) fn split_first<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let (b, p) = (s.as_bytes(), pat.as_bytes());
    let &first = p.first()?;
    let mut from = 0;
    loop {
        let i = from + b.get(from..)?.iter().position(|&c| c == first)?;
        if b.get(i..i + p.len()) == Some(p) {
            return Some((s.get(..i)?, s.get(i + p.len()..)?));
        }
        from = i + 1;
    }
}

/// `s` split around the last `pat` in it, as `str::rsplit_once` does (see
/// [`split_first`]).
pub(super) fn split_last<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let (b, p) = (s.as_bytes(), pat.as_bytes());
    let &first = p.first()?;
    let mut to = b.len().checked_sub(p.len())? + 1;
    loop {
        let i = b.get(..to)?.iter().rposition(|&c| c == first)?;
        if b.get(i..i + p.len()) == Some(p) {
            return Some((s.get(..i)?, s.get(i + p.len()..)?));
        }
        to = i;
    }
}

/// `[$0.05]` or `[ $0.19 ]` at the start of `s`: the amount.
fn bracket_amount(s: &str) -> Result<Amount, Kind> {
    let inner = trimmed(s)
        .strip_prefix('[')
        .and_then(|r| split_first(r, "]"))
        .ok_or_else(|| malformed("an amount in brackets `[$X]`", s))?;
    amount_of(inner.0)
}

/// Reads one 888poker hand from its lines (the `*****` banner first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game,
/// [`Kind::Malformed`] and the others for text out of the format.
#[allow(clippy::too_many_lines)]
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines
        .iter()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with("#Game No : "));
    let Some(&(first_line, banner)) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let id = split_first(banner, " Hand History for Game ")
        .and_then(|(_, r)| r.strip_suffix(" *****"))
        .and_then(|r| digits(r.trim()))
        .ok_or_else(|| ImportError {
            hand: None,
            line: first_line,
            kind: malformed("`***** 888poker Hand History for Game N *****`", banner),
        })?;
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let mut next = |what: &'static str| {
        rest.next()
            .copied()
            .ok_or_else(|| err(first_line, Kind::Truncated(what)))
    };
    let (game_line, game) = next("the game line")?;
    let mut header = header(id, &without_separators(game)).map_err(|k| err(game_line, k))?;
    let (table_line, table) = next("the table line")?;
    // `Tournament #78678966 $0.09 + $0.01 - Table #5 9 Max (Real Money)`: a
    // tournament in chips (its `$` amounts are chips).
    let table = match table.strip_prefix("Tournament #") {
        Some(r) => {
            let (t, rest) = r.split_once(" - Table ").ok_or_else(|| {
                err(
                    table_line,
                    malformed("`Tournament #N BUY-IN - Table ...`", table),
                )
            })?;
            let (tid, buy) = t.split_once(' ').unwrap_or((t, ""));
            let tid = digits(tid)
                .ok_or_else(|| err(table_line, malformed("a tournament number", table)))?;
            let parts = buy
                .split(" + ")
                .map(|p| amount_of(p).map_err(|k| err(table_line, k)))
                .collect::<Result<Vec<_>, _>>()?;
            let buy_in = if parts.iter().all(|a| *a == Amount::ZERO) {
                BuyIn::Freeroll
            } else {
                BuyIn::Paid {
                    parts,
                    currency: header.currency,
                }
            };
            header.tournament = Some(Tournament {
                id: tid,
                buy_in,
                level: None,
                round: None,
            });
            header.currency = Currency::Chips;
            Cow::Owned(format!("Table {}", rest.trim_start_matches('#')))
        }
        None => Cow::Borrowed(table),
    };
    let table = &*table;
    let table = table
        .strip_prefix("Table ")
        .ok_or_else(|| err(table_line, malformed("`Table NAME (Real Money)`", table)))?;
    let play_money = split_first(table, "(Play Money)").is_some();
    let (table_name, max) = match split_first(table, " Max").map(|(before, _)| before.len()) {
        Some(i) => {
            let before = table.get(..i).unwrap_or("");
            match before.rsplit_once(' ') {
                Some((name, size)) => (name, digits(size)),
                None => (before, None),
            }
        }
        None => (
            split_first(table, " (").map_or(table, |(name, _)| name),
            None,
        ),
    };
    let table_name = table_name.replace('\'', "");
    let (button_line, button) = next("the button's seat")?;
    let button = button
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(digits)
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| err(button_line, malformed("`Seat N is the button`", button)))?;
    let mut body: Vec<(u32, &str)> = Vec::with_capacity(lines.len());
    body.extend(rest.copied());
    let table = TableLine {
        name: table_name,
        max_seats: max.and_then(|m| u8::try_from(m).ok()),
        play_money,
        button,
    };
    read_body(header, first_line, button_line, table, &body)
}

/// `$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28`.
fn header(id: u64, line: &str) -> Result<Header, Kind> {
    if split_first(line, " Texas Hold'em - ").is_some() {
        return Err(Kind::Unsupported(
            "the older 888 text (`$50 USD PL Texas Hold'em - Tuesday, ...`) is not read"
                .to_string(),
        ));
    }
    let (stakes, r) = split_first(line, " Blinds ")
        .ok_or_else(|| malformed("`$SB/$BB Blinds GAME - *** DD MM YYYY HH:MM:SS`", line))?;
    let (game, date) = split_first(r, " - *** ")
        .ok_or_else(|| malformed("`GAME - *** DD MM YYYY HH:MM:SS`", line))?;
    let limit = match game {
        "No Limit Holdem" | "No Limit Holdem Jackpot table" => Limit::NoLimit,
        "Pot Limit Holdem" => Limit::PotLimit,
        "Fix Limit Holdem" => Limit::FixedLimit,
        _ => {
            return Err(other_game(game));
        }
    };
    let (sb, bb) = stakes
        .split_once('/')
        .ok_or_else(|| malformed("the stakes `$SB/$BB`", line))?;
    let currency = Currency::of_sign(sb.chars().next()).unwrap_or(Currency::PlayMoney);
    let (sb, bb) = stakes_of(sb, bb, stakes, amount_of)?;
    let stakes = match limit {
        Limit::FixedLimit => (bb, Amount(bb.0.saturating_mul(2))),
        _ => (sb, bb),
    };
    let mut parts = date.split([' ', ':']).map(digits);
    let mut num = || parts.next().flatten();
    let time = match (num(), num(), num(), num(), num(), num()) {
        (Some(d), Some(m), Some(y), Some(h), Some(mi), Some(s)) => {
            Timestamp::checked(y, m, d, h, mi, s)
                .ok_or_else(|| malformed("a date `DD MM YYYY HH:MM:SS`", line))?
        }
        _ => return Err(malformed("a date `DD MM YYYY HH:MM:SS`", line)),
    };
    Ok(Header::cash(&SITE, id, limit, stakes, currency, vec![time]))
}
