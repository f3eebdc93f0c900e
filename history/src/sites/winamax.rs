//! Winamax text hand histories (rule H6): hold'em cash and tournament hands, read
//! into the site-neutral [`Hand`] and converted by the shared [`super::builder`].
//!
//! Winamax writes the PokerStars forms with these differences, each handled here:
//! - the header: `Winamax Poker - CashGame - HandId: #5281577-471-1382586707 -
//!   Holdem no limit (0.50€/1€) - 2013/10/24 03:51:47 UTC`, or for a tournament
//!   `Winamax Poker - Tournament "NAME" buyIn: 0.90€ + 0.10€ level: 6 - HandId:
//!   #... - Holdem no limit (25/100/200) - DATE` (an ante first when there are
//!   three amounts); `Go Fast` and other names are kept as the tournament's. The
//!   hand's name (`5281577-471-1382586707`: table, hand, time) is kept as
//!   [`Header::label`]; its number is the table's times a million plus the hand's
//!   (the id's digest when that does not fit); a tournament's number is the id's
//!   first number;
//! - the table line `Table: 'Dublin' 6-max (real money) Seat #2 is the button`
//!   (`(play money)` for play money);
//! - amounts with the currency sign after the number (`0.50€`);
//! - `*** ANTE/BLINDS ***` before the forced bets, `*** PRE-FLOP ***` for
//!   `*** HOLE CARDS ***` (the hero's `Dealt to` may come before it),
//!   `posts ante` for `posts the ante`, `Board: [..]`; `posts big blind X out of
//!   position` is a big blind posted by a player coming in;
//! - no colon after the player's name (`titi63000 raises 1.50€ to 2.50€`): the
//!   longest seated name that starts the line is the player;
//! - the summary's `Total pot 14.02€ | Rake 0.98€` is the pot after the rake
//!   (PokerStars writes it before), `| No rake` when none is taken;
//! - the summary's seat lines repeat the `collected` and `shows` lines of the
//!   play; they are not read again.
//!
//! Refused with a typed error naming them: another game (`Omaha`, `Omaha5`...) is
//! unsupported, naming it; a header out of form is malformed at its line.

use std::borrow::Cow;

use crate::pokerstars::parse::{digits, parse_amount, parse_body, timestamp};

use super::ast::{Amount, BuyIn, Currency, Hand, Header, Limit, Tournament};
use super::builder::{self, Imported, Site};
use super::error::{ImportError, ImportErrorKind as Kind, shorten};

/// Winamax, for the builder.
pub static SITE: Site = Site {
    name: "Winamax",
    cap_field: "_winamax_cap",
    jackpot_drop: false,
};

/// True for the first line of a Winamax hand (`Winamax Poker - `).
pub fn is_hand_start(line: &str) -> bool {
    line.starts_with("Winamax Poker - ")
}

/// Converts a Winamax hand (the shared [`builder::build`]).
///
/// # Errors
/// As [`builder::build`].
pub fn import(hand: &Hand) -> Result<Imported, ImportError> {
    builder::build(hand, &SITE)
}

fn malformed(expected: &'static str, found: &str) -> Kind {
    Kind::Malformed {
        expected,
        found: shorten(found),
    }
}

/// Every amount written `0.50€` (sign after) written `€0.50` (sign before).
fn sign_first(line: &str) -> Cow<'_, str> {
    if !line.contains('€') {
        return Cow::Borrowed(line);
    }
    let mut out = String::with_capacity(line.len() + 2);
    let mut first = true;
    for word in line.split(' ') {
        if !first {
            out.push(' ');
        }
        first = false;
        // `(0.50€)`, `0.50€`, `0.50€,`: the number then the sign, inside
        // punctuation.
        let lead = word.len() - word.trim_start_matches('(').len();
        let core = word.trim_start_matches('(');
        match core.find('€') {
            Some(i)
                if i > 0
                    && core
                        .get(..i)
                        .is_some_and(|n| n.bytes().all(|b| b.is_ascii_digit() || b == b'.')) =>
            {
                out.push_str(word.get(..lead).unwrap_or(""));
                out.push('€');
                out.push_str(core.get(..i).unwrap_or(""));
                out.push_str(core.get(i + '€'.len_utf8()..).unwrap_or(""));
            }
            _ => out.push_str(word),
        }
    }
    Cow::Owned(out)
}

/// Reads one Winamax hand from its lines (the header first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game,
/// [`Kind::Malformed`] and the others for text out of the format.
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
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let mut out: Vec<(u32, Cow<'_, str>)> = Vec::with_capacity(lines.len() + 1);
    let mut summary = false;
    let mut names: Vec<&str> = Vec::new();
    // `Dealt to` lines written before `*** PRE-FLOP ***`, moved after it.
    let mut held: Vec<(u32, &str)> = Vec::new();
    let mut dealt = false;
    for &(n, line) in rest {
        if summary {
            if line.starts_with("Seat ") {
                continue;
            }
            if let Some(b) = line.strip_prefix("Board: ") {
                out.push((n, Cow::Owned(format!("Board {b}"))));
                continue;
            }
            if let Some(r) = line.strip_prefix("Total pot ") {
                out.push((
                    n,
                    Cow::Owned(total_pot(r, header.currency).map_err(|k| err(n, k))?),
                ));
                continue;
            }
            out.push((n, sign_first(line)));
            continue;
        }
        if line.starts_with("Dealt to ") && !dealt {
            held.push((n, line));
            continue;
        }
        let line = match line {
            "*** ANTE/BLINDS ***" => continue,
            "*** PRE-FLOP ***" => {
                dealt = true;
                out.push((n, Cow::Borrowed("*** HOLE CARDS ***")));
                out.extend(held.drain(..).map(|(m, l)| (m, Cow::Borrowed(l))));
                continue;
            }
            "*** SUMMARY ***" => {
                summary = true;
                line
            }
            _ => line,
        };
        if let Some(r) = line.strip_prefix("Table: ") {
            let r =
                r.replacen(" (real money)", "", 1)
                    .replacen(" (play money)", " (Play Money)", 1);
            out.push((n, Cow::Owned(format!("Table {r}"))));
            continue;
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            // `Seat 1: name (138.61€)` or `(20000, 2€ bounty)`.
            let (seat, stack) = r
                .strip_suffix(')')
                .and_then(|r| r.rsplit_once(" ("))
                .ok_or_else(|| err(n, malformed("`Seat N: NAME (STACK)`", line)))?;
            let stack = stack.split(", ").next().unwrap_or(stack);
            let stack = sign_first(stack);
            if let Some((_, name)) = seat.split_once(": ") {
                names.push(name);
            }
            out.push((n, Cow::Owned(format!("Seat {seat} ({stack} in chips)"))));
            continue;
        }
        let line = sign_first(line);
        // `name raises ...` as `name: raises ...` (the longest seated name that
        // starts the line); `name collected ...` stays as it is.
        let name = names
            .iter()
            .filter(|m| line.strip_prefix(**m).is_some_and(|r| r.starts_with(' ')))
            .max_by_key(|m| m.len())
            .filter(|m| {
                !line
                    .get(m.len()..)
                    .is_some_and(|r| r.starts_with(" collected "))
            });
        let line = match name {
            Some(m) => {
                let verb = line.get(m.len() + 1..).unwrap_or("");
                let verb = verb.strip_suffix(" out of position").unwrap_or(verb);
                let verb = verb
                    .strip_prefix("posts ante ")
                    .map_or_else(|| verb.to_string(), |a| format!("posts the ante {a}"));
                Cow::Owned(format!("{m}: {verb}"))
            }
            None => line,
        };
        out.push((n, line));
    }
    let borrowed: Vec<(u32, &str)> = out.iter().map(|(n, l)| (*n, l.as_ref())).collect();
    parse_body(header, first_line, &borrowed)
}

/// `14.02€ | Rake 0.98€` (the pot after the rake) or `20€ | No rake` as
/// PokerStars' `Total pot €15 | Rake €0.98` (the pot before it).
fn total_pot(r: &str, currency: Currency) -> Result<String, Kind> {
    let (pot, rake) = r
        .split_once(" | ")
        .ok_or_else(|| malformed("`Total pot X | Rake R` or `| No rake`", r))?;
    let amount = |s: &str| {
        let digits = s.trim_end_matches('€');
        parse_amount(digits).ok_or_else(|| Kind::Amount {
            text: shorten(s),
            reason: "not a number of at most two decimals",
        })
    };
    let pot = amount(pot)?;
    let rake = match rake {
        "No rake" => Amount::ZERO,
        _ => amount(
            rake.strip_prefix("Rake ")
                .ok_or_else(|| malformed("`Rake R` or `No rake`", r))?,
        )?,
    };
    let total = pot.checked_add(rake).ok_or_else(|| Kind::Amount {
        text: shorten(r),
        reason: "too large",
    })?;
    let sign = currency.symbol().map(String::from).unwrap_or_default();
    Ok(format!("Total pot {sign}{total} | Rake {sign}{rake}"))
}

/// The header line.
fn header(n: u32, line: &str) -> Result<Header, ImportError> {
    let fail = |hand: Option<u64>, kind: Kind| ImportError {
        hand,
        line: n,
        kind,
    };
    let expected = "`Winamax Poker - KIND - HandId: #T-H-S - GAME (STAKES) - DATE`";
    let r = line
        .strip_prefix("Winamax Poker - ")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (kind, r) = r
        .split_once(" - HandId: #")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (label, r) = r
        .split_once(" - ")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let mut parts = label.split('-').map(digits);
    let (table, hand) = match (parts.next().flatten(), parts.next().flatten()) {
        (Some(table), Some(hand)) => (table, hand),
        _ => return Err(fail(None, malformed("a hand id `#TABLE-HAND-TIME`", line))),
    };
    // The table's number times a million plus the hand's; when that does not fit
    // (tournaments' long numbers), the FNV-1a digest of the whole id.
    let id = table
        .checked_mul(1_000_000)
        .and_then(|t| t.checked_add(hand))
        .filter(|_| hand < 1_000_000)
        .unwrap_or_else(|| {
            label.bytes().fold(0xcbf2_9ce4_8422_2325u64, |d, b| {
                (d ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
            })
        });
    let fail = |kind: Kind| fail(Some(id), kind);
    let (game, r) = r
        .split_once(" (")
        .ok_or_else(|| fail(malformed(expected, line)))?;
    let limit = match game {
        "Holdem no limit" => Limit::NoLimit,
        "Holdem pot limit" => Limit::PotLimit,
        "Holdem fixed limit" | "Holdem limit" => Limit::FixedLimit,
        _ => {
            return Err(fail(Kind::Unsupported(format!(
                "the game `{}` (only Texas hold'em is played)",
                shorten(game)
            ))));
        }
    };
    let (stakes_text, date) = r
        .split_once(") - ")
        .ok_or_else(|| fail(malformed("`(STAKES) - DATE`", line)))?;
    let tournament = if let Some(t) = kind.strip_prefix("Tournament ") {
        Some(tournament(t, table).ok_or_else(|| {
            fail(malformed(
                "`Tournament \"NAME\" buyIn: X + Y level: N`",
                line,
            ))
        })?)
    } else if kind == "CashGame" {
        None
    } else {
        return Err(fail(malformed("`CashGame` or `Tournament ...`", line)));
    };
    let amounts: Vec<&str> = stakes_text.split('/').collect();
    let (sb, bb) = match amounts.as_slice() {
        [sb, bb] | [_, sb, bb] => (*sb, *bb),
        _ => {
            return Err(fail(malformed(
                "the stakes `(SB/BB)` or `(ANTE/SB/BB)`",
                line,
            )));
        }
    };
    let currency = if tournament.is_some() {
        Currency::Chips
    } else if sb.ends_with('€') {
        Currency::Eur
    } else {
        Currency::PlayMoney
    };
    let amount = |s: &str| {
        parse_amount(s.trim_end_matches('€')).ok_or_else(|| {
            fail(Kind::Amount {
                text: shorten(s),
                reason: "not a number of at most two decimals",
            })
        })
    };
    let stakes = (amount(sb)?, amount(bb)?);
    if stakes.0 == Amount::ZERO || stakes.0 > stakes.1 {
        return Err(fail(Kind::Amount {
            text: shorten(stakes_text),
            reason: "the stakes must be positive, the small at most the big",
        }));
    }
    let time = timestamp(date.trim())
        .ok_or_else(|| fail(malformed("a date `YYYY/MM/DD HH:MM:SS ZONE`", line)))?;
    Ok(Header {
        id,
        label: Some(label.to_string()),
        site: &SITE,
        game_form: false,
        zoom: false,
        tournament,
        limit,
        stakes,
        currency,
        cap: None,
        times: vec![time],
    })
}

/// `"Freeroll" buyIn: 0€ + 0€ level: 1` (the name, the buy-in's parts, the level);
/// the tournament's number is the hand id's first number.
fn tournament(t: &str, number: u64) -> Option<Tournament> {
    let (name, r) = t.strip_prefix('"')?.split_once("\" ")?;
    let (buy, level) = r.strip_prefix("buyIn: ")?.split_once(" level: ")?;
    let mut parts = Vec::new();
    let mut ticket = false;
    for p in buy.split(" + ") {
        match parse_amount(p.trim_end_matches('€')) {
            Some(a) => parts.push(a),
            // A ticket-only buy-in (`Ticket`) has no amount.
            None => ticket = true,
        }
    }
    let free = !ticket && parts.iter().all(|a| *a == Amount::ZERO);
    let buy_in = if free || name.contains("Freeroll") && parts.is_empty() {
        BuyIn::Freeroll
    } else {
        BuyIn::Paid {
            parts,
            currency: Currency::Eur,
        }
    };
    Some(Tournament {
        id: number,
        buy_in,
        level: Some(level.trim().to_string()),
        round: None,
    })
}
