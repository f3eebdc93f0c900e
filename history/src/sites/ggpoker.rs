//! GGPoker text hand histories (rule H6): the client's English hold'em hands (cash,
//! Rush & Cash, tournaments), read into the site-neutral [`Hand`] and converted by
//! the shared [`super::builder`].
//!
//! GGPoker writes the PokerStars forms with a few differences, each handled here:
//! - the header: `Poker Hand #RC3892132211: Hold'em No Limit ($0.02/$0.05) -
//!   2025/09/17 05:59:02` (no time zone; the hand's name has a prefix: `HD`, `RC`
//!   cash, `TM` tournament, kept as [`Header::label`]); a tournament's
//!   `Tournament #232064631, Bounty Hunters Special $2.50 Hold'em No Limit -
//!   Level12(400/800)`, the level written without a space and an ante in a third
//!   place (`Level16(800/1,600(200))`);
//! - amounts with thousands separators (`9,680 in chips`);
//! - a `Dealt to NAME` line for every player, without cards for the others;
//! - `*** SHOWDOWN ***` for `*** SHOW DOWN ***`, `Hand was run two times` for
//!   `Hand was run twice`;
//! - the summary's fees: `Total pot $1.94 | Rake $0.09 | Jackpot $0.07 | Bingo $0 |
//!   Fortune $0 | Tax $0`: every fee is taken from the pot, and together they
//!   are the rake (a few real hands collect a cent more than the total less the
//!   fees: a disagreement the replay check reports);
//! - a board run twice from the turn or the river writes the streets dealt once
//!   as `*** FIRST FLOP ***` (and the turn, when only the river ran twice) and the
//!   summary's `SECOND Board` with the second run's cards only: read as one
//!   street before the runs, and the second board in full;
//! - all-in insurance (`Chooses to EV Cashout`, `Pays Cashout Risk ($X)`): notes;
//!   the hand is played out as dealt.
//!
//! Refused, with a typed error that names them: another game (Omaha, short deck)
//! is unsupported, naming the game; a `Cash Drop to Pot` (money the house adds to
//! the pot, which no history format holds) is unsupported at its line.
//! Names are anonymised by the site (`9db941d0`); they are kept as written.

use std::borrow::Cow;

use crate::pokerstars::parse::{parse_amount, parse_body, timestamp};

use super::ast::{Amount, BuyIn, Currency, Hand, Header, Limit, Tournament};
use super::builder::{self, Imported, Site};
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, shorten, stakes_of,
};
use super::text::{split_str, without_separators};

/// GGPoker, for the builder.
pub static SITE: Site = Site {
    name: "GGPoker",
    cap_field: "_ggpoker_cap",
    jackpot_drop: false,
    raises_over_all_in: false,
    odd_chips_from_highest_seat: false,
};

/// True for the first line of a GGPoker hand (`Poker Hand #...`).
pub fn is_hand_start(line: &str) -> bool {
    line.starts_with("Poker Hand #")
}

/// Reads one GGPoker hand from its lines (the header first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game or a
/// form no history holds, [`Kind::Malformed`] and the others for text that is not
/// GGPoker's.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines.iter().enumerate().filter(|(_, (_, l))| !l.is_empty());
    let Some((i, &(first_line, head))) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let header = header(first_line, head)?;
    let id = header.id;
    let after = lines.get(i + 1..).unwrap_or(&[]);
    // A street of the first run with no second-run street of its kind was dealt
    // once, before the board ran twice.
    let (mut second_flop, mut second_turn) = (false, false);
    for (_, l) in after {
        if let Some(r) = l.strip_prefix("*** SECOND ") {
            second_flop |= r.starts_with("FLOP ***");
            second_turn |= r.starts_with("TURN ***");
        }
    }
    let mut first_board: Option<&str> = None;
    let mut owned: Vec<(u32, Cow<'_, str>)> = Vec::with_capacity(after.len());
    for &(n, line) in after {
        let line: Cow<'_, str> = if !second_flop && line.starts_with("*** FIRST FLOP *** ") {
            Cow::Owned(line.replacen("FIRST FLOP", "FLOP", 1))
        } else if !second_turn && line.starts_with("*** FIRST TURN *** ") {
            Cow::Owned(line.replacen("FIRST TURN", "TURN", 1))
        } else if let Some(b) = line.strip_prefix("FIRST Board ") {
            first_board = Some(b);
            Cow::Borrowed(line)
        } else if let Some(b) = line.strip_prefix("SECOND Board ") {
            Cow::Owned(format!("SECOND Board {}", full_board(first_board, b)))
        } else {
            Cow::Borrowed(line)
        };
        let read = match line {
            Cow::Borrowed(l) => body_line(l),
            Cow::Owned(l) => body_line(&l).map(|o| o.map(|c| Cow::Owned(c.into_owned()))),
        };
        if let Some(l) = read.map_err(|kind| ImportError {
            hand: Some(id),
            line: n,
            kind,
        })? {
            owned.push((n, l));
        }
    }
    let borrowed: Vec<(u32, &str)> = owned.iter().map(|(n, l)| (*n, l.as_ref())).collect();
    parse_body(header, first_line, &borrowed)
}

/// Converts a GGPoker hand (the shared [`builder::build`] with GGPoker's site).
///
/// # Errors
/// As [`builder::build`].
pub fn import(hand: &Hand) -> Result<Imported, ImportError> {
    builder::build(hand, &SITE)
}

/// The second run's board in full: `[Kd 2h]` after a first board `[Th Jc Tc 8s
/// 6d]` is `[Th Jc Tc Kd 2h]` (the cards dealt before the runs, then the run's).
fn full_board(first: Option<&str>, second: &str) -> String {
    let cards = |b: &str| -> Vec<String> {
        b.trim_start_matches('[')
            .trim_end_matches(']')
            .split(' ')
            .filter(|c| !c.is_empty())
            .map(str::to_string)
            .collect()
    };
    let own = cards(second);
    let shared = first.map(cards).unwrap_or_default();
    let before = shared
        .len()
        .saturating_sub(own.len())
        .min(5 - own.len().min(5));
    let all: Vec<String> = shared.into_iter().take(before).chain(own).collect();
    format!("[{}]", all.join(" "))
}

/// A line after the header in PokerStars' forms, `None` for a line that says
/// nothing (another player's `Dealt to` without cards).
fn body_line(line: &str) -> Result<Option<Cow<'_, str>>, Kind> {
    // (Most lines are actions, which begin with none of the forms below.)
    if !matches!(
        line.as_bytes().first(),
        Some(b'D' | b'C' | b'*' | b'H' | b'T')
    ) {
        return Ok(Some(without_separators(line)));
    }
    if let Some(rest) = line.strip_prefix("Dealt to ") {
        if !rest.ends_with(']') {
            return Ok(None);
        }
    }
    if line.starts_with("Cash Drop to Pot") {
        return Err(Kind::Unsupported(
            "a cash drop (money the house adds to the pot)".to_string(),
        ));
    }
    let renamed = match line {
        "*** SHOWDOWN ***" => Some("*** SHOW DOWN ***"),
        "*** FIRST SHOWDOWN ***" => Some("*** FIRST SHOW DOWN ***"),
        "*** SECOND SHOWDOWN ***" => Some("*** SECOND SHOW DOWN ***"),
        "Hand was run two times" => Some("Hand was run twice"),
        _ => None,
    };
    if let Some(r) = renamed {
        return Ok(Some(Cow::Borrowed(r)));
    }
    let line = without_separators(line);
    if line.starts_with("Total pot ") && line.contains(" | ") {
        return total_pot(&line).map(|l| Some(Cow::Owned(l)));
    }
    Ok(Some(line))
}

/// `Total pot $1.94 | Rake $0.09 | Jackpot $0.07 | Bingo $0 | Fortune $0 | Tax $0`
/// as `Total pot $1.94 | Rake $0.16`: every fee is taken from the pot.
fn total_pot(line: &str) -> Result<String, Kind> {
    let mut parts = line.split(" | ");
    let total = parts.next().unwrap_or(line);
    let mut fees = 0u64;
    let mut symbol = "";
    for part in parts {
        let (_, amount) = part
            .rsplit_once(' ')
            .ok_or_else(|| malformed("`| NAME AMOUNT` fees", line))?;
        let digits = amount.trim_start_matches(['$', '€', '£', '₹', '¥']);
        symbol = amount.get(..amount.len() - digits.len()).unwrap_or("");
        let a = parse_amount(digits).ok_or_else(|| Kind::Amount {
            text: shorten(amount),
            reason: "not a number of at most two decimals",
        })?;
        fees = fees.checked_add(a.0).ok_or_else(|| Kind::Amount {
            text: shorten(amount),
            reason: "too large",
        })?;
    }
    Ok(format!("{total} | Rake {symbol}{}", Amount(fees)))
}

/// The header line.
fn header(line_no: u32, line: &str) -> Result<Header, ImportError> {
    let fail = |hand: Option<u64>, kind: Kind| ImportError {
        hand,
        line: line_no,
        kind,
    };
    let expected = "`Poker Hand #ID: GAME (SB/BB) - DATE`";
    let rest = line
        .strip_prefix("Poker Hand #")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (label, rest) = rest
        .split_once(": ")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let number = label.trim_start_matches(|c: char| c.is_ascii_alphabetic());
    let id = crate::pokerstars::parse::digits(number)
        .ok_or_else(|| fail(None, malformed("a hand number `#XX123...`", line)))?;
    let fail = |kind: Kind| fail(Some(id), kind);
    let line = without_separators(line);
    let rest = without_separators(rest);
    let rest = rest.as_ref();
    // The game: `Hold'em No Limit`, `Hold'em Pot Limit`, `Hold'em Limit`, after the
    // tournament's name when there is one.
    let (before, limit, after) = [" No Limit", " Pot Limit", " Limit"]
        .iter()
        .find_map(|l| {
            let (before, after) = split_str(rest, l)?;
            Some((before, l.trim_start(), after))
        })
        .ok_or_else(|| fail(malformed("`No Limit`, `Pot Limit` or `Limit`", &line)))?;
    let game = before.rsplit([' ', ',']).next().unwrap_or(before);
    let short_deck = ["Short Deck", "ShortDeck", "6+"]
        .iter()
        .any(|p| split_str(rest, p).is_some());
    if game != "Hold'em" || short_deck {
        let name = if short_deck {
            "short deck hold'em"
        } else {
            game
        };
        return Err(fail(other_game(name)));
    }
    let limit = match limit {
        "No Limit" => Limit::NoLimit,
        "Pot Limit" => Limit::PotLimit,
        _ => Limit::FixedLimit,
    };
    let tournament = match before.strip_prefix("Tournament #") {
        Some(t) => {
            let (tid, name) = t.split_once(',').unwrap_or((t, ""));
            let tid = crate::pokerstars::parse::digits(tid.trim())
                .ok_or_else(|| fail(malformed("a tournament number", &line)))?;
            // The buy-in is the name's amount with a currency sign, if any.
            let parts: Vec<Amount> = name
                .split(' ')
                .filter_map(|w| w.strip_prefix('$').and_then(parse_amount))
                .take(1)
                .collect();
            // A freeroll says so; a buy-in in a currency not read here (`¥220`)
            // is paid, for amounts not kept.
            let buy_in = if name.contains("Freeroll") {
                BuyIn::Freeroll
            } else if parts.is_empty() {
                BuyIn::Paid {
                    parts,
                    currency: Currency::Chips,
                }
            } else {
                BuyIn::Paid {
                    parts,
                    currency: Currency::Usd,
                }
            };
            Some(Tournament {
                id: tid,
                buy_in,
                level: None,
                round: None,
            })
        }
        None if before == "Hold'em" => None,
        None => return Err(fail(malformed(expected, &line))),
    };
    // ` - Level12(400/800) - DATE` (tournament) or ` ($0.02/$0.05) - DATE`.
    let mut tournament = tournament;
    let (stakes_text, date) = if let Some(r) = after.strip_prefix(" - Level") {
        let (level, r) = r
            .split_once('(')
            .ok_or_else(|| fail(malformed("`Level N(SB/BB)`", &line)))?;
        if let Some(t) = tournament.as_mut() {
            t.level = Some(level.to_string());
        }
        let (stakes, date) = r
            .split_once(") - ")
            .ok_or_else(|| fail(malformed("`(SB/BB) - DATE`", &line)))?;
        // An ante in a third place: `800/1600(200)`.
        (stakes.split('(').next().unwrap_or(stakes), date)
    } else {
        let r = after
            .strip_prefix(" (")
            .ok_or_else(|| fail(malformed("the stakes `(SB/BB)`", &line)))?;
        r.split_once(") - ")
            .ok_or_else(|| fail(malformed("`(SB/BB) - DATE`", &line)))?
    };
    let (sb, bb) = stakes_text
        .split_once('/')
        .ok_or_else(|| fail(malformed("the stakes `(SB/BB)`", &line)))?;
    let currency = if tournament.is_some() {
        Currency::Chips
    } else {
        match sb.chars().next() {
            Some(c) if c.is_ascii_digit() => Currency::PlayMoney,
            sign => Currency::of_sign(sign).ok_or_else(|| {
                fail(Kind::Unsupported(format!(
                    "the currency of `{}`",
                    shorten(sb)
                )))
            })?,
        }
    };
    let amount = |s: &str| amount_in(s, s.trim_start_matches(|c: char| !c.is_ascii_digit()));
    let stakes = stakes_of(sb, bb, stakes_text, amount).map_err(fail)?;
    let time = timestamp(date.trim())
        .ok_or_else(|| fail(malformed("a date `YYYY/MM/DD H:MM:SS`", &line)))?;
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
