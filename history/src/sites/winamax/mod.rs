//! Winamax text hand histories (rule H6): the English client's hold'em cash and
//! tournament hands,
//! read into the site-neutral [`Hand`] and converted by the shared
//! [builder](super::builder).
//!
//! Winamax writes the PokerStars family's forms with its own words; each line is
//! read straight into its typed event (the body by `body::read_body`, with the
//! checks the PokerStars reader makes: seats, the order of the sections, cards),
//! no PokerStars text made in between:
//! - the header: `Winamax Poker - CashGame - HandId: #5343878-96-1383820687 -
//!   Holdem no limit (0.25€/0.50€) - 2013/11/07 10:38:07 UTC` (the hand's name, three
//!   numbers, kept as [`Header::label`]; its number is the last of them);
//! - Go Fast, the fast-fold cash game: `Winamax Poker - Go Fast "Colorado 3" -
//!   HandId: #7222556-1393011-1425939921 - Holdem no limit (0.01€/0.02€) - DATE`,
//!   read as a cash hand (a Zoom hand's [`Header::zoom`]);
//! - the table: `Table: 'Athens 11' 5-max (real money) Seat #4 is the button`;
//! - amounts with the currency after the number (`0.25€`);
//! - actions without a colon (`name folds`), `*** ANTE/BLINDS ***` before the
//!   blinds and `*** PRE-FLOP ***` for `*** HOLE CARDS ***`;
//! - a raise when every opponent is already all-in, which no one can answer
//!   (B15): Winamax keeps the part no one matched in the pot and gives it back in
//!   the raiser's `collected`; it is read as a call, that part taken out of the
//!   total pot and of the collection ([`super::builder::Site::raises_over_all_in`]);
//! - the summary: `Total pot 43.45€ | Rake 3€` (the total is what the players
//!   collected, after the rake; the typed hand's total holds the rake, as
//!   PokerStars' does, so the two are added), `| No rake`, `Board: [..]`,
//!   `won 43.45€`;
//! - tournaments, in chips: `Winamax Poker - Tournament "Expresso" buyIn: 1.86€ +
//!   0.14€ level: 1 - HandId: #4829108511470256129-1-1780949140 - Holdem no limit
//!   (10/20) - DATE`; with an ante the stakes are `(25/100/200)`, the smallest of
//!   the three the ante (posted on its own `posts ante` line); the tournament's
//!   number is the first of the hand's three, the buy-in's parts in euros (all
//!   zero: a free roll).
//!
//! Refused, with a typed error that names them: another game (Omaha) is
//! unsupported, naming the game; so are play money and the French client's words,
//! whose forms no file here shows. A bounty written on a seat line is not read
//! (malformed at its line): no sample shows its form.

mod body;

use body::split_at;

use super::error::check_stakes;

use crate::pokerstars::parse::{digits, parse_amount, timestamp};

use super::ast::{Amount, BuyIn, Currency, Hand, Header, Limit, Tournament};
use super::builder::Site;
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, shorten, stakes_of,
};

/// Winamax, for the builder.
pub static SITE: Site = Site {
    name: "Winamax",
    cap_field: "_winamax_cap",
    jackpot_drop: false,
    raises_over_all_in: true,
    odd_chips_from_highest_seat: true,
};

/// True for the first line of a Winamax hand (`Winamax Poker - `), but not a
/// tournament summary's (`Winamax Poker - Tournament summary : NAME(ID)`: the
/// client writes one beside a tournament's hands, and it holds no hand).
pub fn is_hand_start(line: &str) -> bool {
    line.trim_start_matches('\u{feff}')
        .strip_prefix("Winamax Poker - ")
        .is_some_and(|r| !r.starts_with("Tournament summary"))
}

/// Reads one Winamax hand from its lines (the header first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game or a
/// form this reader refuses, [`Kind::Malformed`] and the others for text that is
/// not Winamax's.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines.iter().enumerate().filter(|(_, (_, l))| !l.is_empty());
    let Some((i, &(first_line, head_text))) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let header = header(first_line, head_text.trim_start_matches('\u{feff}'))?;
    let after = lines.get(i + 1..).unwrap_or(&[]);
    body::read_body(header, first_line, after)
}

/// `Expresso" buyIn: 1.86€ + 0.14€ level: 1` (after `Tournament "`): the
/// tournament, its buy-in in euros (a free roll when every part is zero). The
/// euro sign may also come first (`buyIn: €4.50 + €4.50 + €1`), the decimals
/// may follow a comma (`buyIn: 0,90€ + 0,10€`), a play-money buy-in has no sign
/// (`buyIn: 9 + 1`, in chips); a buy-in paid with a ticket (`buyIn: Ticket only`)
/// has no amount written, and `buyIn: Free` is a free roll.
fn tournament(id: u64, text: &str) -> Result<Tournament, Kind> {
    let expected = "`Tournament \"NAME\" buyIn: X€ + Y€ level: N`";
    let (_, rest) = split_at(text, "\" buyIn: ").ok_or_else(|| malformed(expected, text))?;
    let (buy_in, level) = split_at(rest, " level: ").ok_or_else(|| malformed(expected, text))?;
    if buy_in == "Free" {
        return Ok(Tournament {
            id,
            buy_in: BuyIn::Freeroll,
            level: Some(level.trim().to_string()),
            round: None,
        });
    }
    if buy_in == "Ticket only" {
        return Ok(Tournament {
            id,
            buy_in: BuyIn::Paid {
                parts: Vec::new(),
                currency: Currency::Eur,
            },
            level: Some(level.trim().to_string()),
            round: None,
        });
    }
    let in_euros = buy_in.contains('€');
    let mut rest = Some(buy_in);
    let parts = std::iter::from_fn(|| {
        let r = rest?;
        let (part, next) = split_at(r, " + ").map_or((r, None), |(p, n)| (p, Some(n)));
        rest = next;
        Some(part)
    })
    .map(|p| {
        let number = if in_euros {
            p.strip_suffix('€').or_else(|| p.strip_prefix('€'))
        } else {
            Some(p)
        };
        number
            .and_then(|n| match n.split_once(',') {
                // A decimal comma: `0,90`.
                Some((units, cents)) if (1..=2).contains(&cents.len()) && !units.contains('.') => {
                    parse_amount(&format!("{units}.{cents}"))
                }
                Some(_) => None,
                None => parse_amount(n),
            })
            .ok_or_else(|| Kind::Amount {
                text: shorten(p),
                reason: "not an amount in euros of at most two decimals",
            })
    })
    .collect::<Result<Vec<_>, _>>()?;
    let buy_in = if parts.iter().all(|a| *a == Amount(0)) {
        BuyIn::Freeroll
    } else {
        BuyIn::Paid {
            parts,
            currency: if in_euros {
                Currency::Eur
            } else {
                Currency::Chips
            },
        }
    };
    Ok(Tournament {
        id,
        buy_in,
        level: Some(level.trim().to_string()),
        round: None,
    })
}

/// The header line: `Winamax Poker - CashGame - HandId: #A-B-C - Holdem no limit
/// (SB/BB) - DATE`, or a tournament's `Winamax Poker - Tournament "NAME" buyIn: X€ +
/// Y€ level: N - HandId: #T-A-B - Holdem no limit (ANTE/SB/BB) - DATE` in chips.
fn header(line_no: u32, line: &str) -> Result<Header, ImportError> {
    let expected = "`Winamax Poker - CashGame - HandId: #ID - GAME (SB/BB) - DATE`";
    let fail = |hand: Option<u64>, kind: Kind| ImportError {
        hand,
        line: line_no,
        kind,
    };
    let rest = line
        .strip_prefix("Winamax Poker - ")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (kind, rest) =
        split_at(rest, " - HandId: #").ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (label, rest) =
        split_at(rest, " - ").ok_or_else(|| fail(None, malformed(expected, line)))?;
    let id = label
        .rsplit('-')
        .next()
        .and_then(digits)
        .ok_or_else(|| fail(None, malformed("a hand number `#A-B-C`", line)))?;
    let fail = |kind: Kind| fail(Some(id), kind);
    // Go Fast is Winamax's fast-fold cash game: a cash hand at a pool's table.
    let go_fast = kind
        .strip_prefix("Go Fast \"")
        .is_some_and(|name| name.ends_with('"'));
    let tournament = if kind == "CashGame" || go_fast {
        None
    } else if let Some(t) = kind.strip_prefix("Tournament \"") {
        // The tournament's number is the first of the hand's three.
        let tid = label
            .split('-')
            .next()
            .and_then(digits)
            .ok_or_else(|| fail(malformed("a hand number `#TOURNAMENT-A-B`", line)))?;
        Some(tournament(tid, t).map_err(fail)?)
    } else {
        return Err(fail(Kind::Unsupported(format!(
            "a Winamax `{}` hand (only cash games, Go Fast and tournaments are read)",
            shorten(kind)
        ))));
    };
    let (game, rest) = split_at(rest, " (").ok_or_else(|| fail(malformed(expected, line)))?;
    let limit = match game {
        "Holdem no limit" => Limit::NoLimit,
        "Holdem pot limit" => Limit::PotLimit,
        "Holdem fixed limit" => Limit::FixedLimit,
        other => {
            return Err(fail(other_game(other)));
        }
    };
    let (stakes_text, date) =
        split_at(rest, ") - ").ok_or_else(|| fail(malformed("`(SB/BB) - DATE`", line)))?;
    if tournament.is_some() {
        // Chips: `(SB/BB)`, or with an ante `(ANTE/SB/BB)`, the ante the smallest
        // of the three (it is posted on its own line).
        let mut chips = arrayvec::ArrayVec::<Amount, 3>::new();
        let mut too_many = false;
        for s in stakes_text.split('/') {
            let chip = parse_amount(s).ok_or_else(|| {
                fail(Kind::Amount {
                    text: shorten(s),
                    reason: "not a number of chips",
                })
            })?;
            too_many |= chips.try_push(chip).is_err();
        }
        chips.sort();
        let (sb, bb) = match (too_many, chips.as_slice()) {
            (false, [sb, bb] | [_, sb, bb]) => (*sb, *bb),
            _ => {
                return Err(fail(malformed(
                    "the stakes `(SB/BB)` or `(ANTE/SB/BB)`",
                    line,
                )));
            }
        };
        check_stakes(sb, bb, stakes_text).map_err(fail)?;
        let time = timestamp(date.trim())
            .ok_or_else(|| fail(malformed("a date `YYYY/MM/DD HH:MM:SS UTC`", line)))?;
        return Ok(Header {
            id,
            label: Some(label.to_string()),
            site: &SITE,
            game_form: false,
            zoom: false,
            tournament,
            limit,
            stakes: (sb, bb),
            currency: Currency::Chips,
            cap: None,
            times: vec![time],
        });
    }
    let (sb, bb) = stakes_text
        .split_once('/')
        .ok_or_else(|| fail(malformed("the stakes `(SB/BB)`", line)))?;
    let amount = |s: &str| {
        let digits = s.strip_suffix('€').ok_or_else(|| {
            Kind::Unsupported(format!(
                "the currency of `{}` (only euro tables are read)",
                shorten(s)
            ))
        })?;
        amount_in(s, digits)
    };
    let stakes = stakes_of(sb, bb, stakes_text, amount).map_err(fail)?;
    let time = timestamp(date.trim())
        .ok_or_else(|| fail(malformed("a date `YYYY/MM/DD HH:MM:SS UTC`", line)))?;
    Ok(Header {
        label: Some(label.to_string()),
        zoom: go_fast,
        ..Header::cash(&SITE, id, limit, stakes, Currency::Eur, vec![time])
    })
}
