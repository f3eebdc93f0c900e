//! iPoker network XML hand histories (rule H6), read into the site-neutral
//! [`Hand`] and converted by the shared [`super::builder`].
//!
//! The client writes one `<session>` per table: its `<general>` names the game
//! and stakes, then each hand is a `<game>` element:
//! ```text
//! <session sessioncode="0">
//!   <general>
//!     <mode>real</mode>
//!     <gametype>Holdem NL €0.05/€0.10</gametype>
//!     <tablename>Allepuz, 817752464</tablename>
//!   </general>
//!   <game gamecode="5385476176">
//!     <general>
//!       <players>
//!         <player seat="3" name="Amalfitano1" chips="€19.25" dealer="1" win="€17.55" bet="€19.25" />
//!       </players>
//!     </general>
//!     <round no="0">
//!       <action no="1" player="Amalfitano1" type="1" sum="€0.05" cards="[cards]" />
//!     </round>
//!     <round no="1">
//!       <cards type="Pocket" player="Amalfitano1">D9 CK</cards>
//!       <action no="3" player="Amalfitano1" type="23" sum="€0.20" cards="" />
//!     </round>
//!     <round no="2"><cards type="Flop" player="">D7 H10 S9</cards></round>
//!   </game>
//! </session>
//! ```
//! [`parse_session`] reads a session's every game; each game's events are made
//! from its elements as they were read (borrowed from the text, no PokerStars
//! text in between) and refused where the PokerStars reader would refuse the
//! same hand in its form (seats, card lists, the order of the sections), so every
//! amount is checked by the same rules as every other site's:
//! - the XML is read by a small tolerant reader (elements, attributes in double
//!   or single quotes, text, the five named entities; the declaration and
//!   comments skipped; line breaks anywhere or nowhere) into one flat list of
//!   elements a session, the session's `<general>` read once for its games;
//! - `<gametype>` names the game and the stakes: `Holdem NL`, `Holdem PL` and
//!   `Holdem L` (fixed limit, whose stakes are the small and big bets) are read,
//!   any other game is unsupported, naming it; the currency is the stakes' sign
//!   (`$`, `€`, `£`), play money when `<mode>` is not `real`;
//! - round 0 holds the forced bets (`type` 1 the small blind, 2 the big blind, or
//!   the big blind and the small blind dead when its `sum` is both, 15 an ante),
//!   rounds 1 to 4 the streets; actions are taken in the order of their
//!   `no` attribute; `type` 0 folds, 4 checks, 3 calls and 5 bets by `sum` (the
//!   money added), 23 raises to `sum` (the player's total in the round), 7 is all
//!   in by `sum` added (a bet, a call or a raise as the round stands); 8 is a
//!   player sitting out (no chips move);
//! - `<cards type="Pocket">` are a player's hole cards, suit first with `10` for
//!   ten (`D9 CK`, `H10`); `X X` is a hand not shown; a player still in at the end
//!   whose cards are known shows them, any other known cards are the hero's;
//! - no uncalled bet, total pot or rake is written: each player's `bet` is what
//!   they put in (checked against the actions), `win` what they took back, the
//!   unmatched part of the largest bet included (returned as uncalled, B16),
//!   except in sessions whose `<general>` says
//!   `<uncalled_bet_enabled>true</uncalled_bet_enabled>` (the 2018 client), where
//!   `win` leaves it out and `bet` is not checked (it does not always agree
//!   with the actions, which the stacks and wins do); the rake is the pot less
//!   what the players win;
//! - amounts have thousands separators (`$5,753.50`).
//!
//! Found by content: the hand cutters ([`crate::pokerstars::hands`],
//! [`crate::stream::PokerStarsSplitter`]) meet a file whose first line opens a
//! session (or is the XML declaration before one) and read the whole file, at
//! most [`crate::stream::MAX_SESSION_BYTES`], with [`parse_session`], then give
//! its games one at a time, so `holdem replay` and `holdem convert` take iPoker
//! files with no option.
//!
//! Refused with a typed error naming them: another game (Omaha) is unsupported,
//! naming it; XML that is not well formed, a missing attribute, an action by a
//! name with no `<player>` element, a `bet` other than the actions' sum are errors
//! at their line.

use holdem_cards::Card;

use crate::pokerstars::parse::digits;

use super::ast::{Amount, CardList, Currency, Hand, Header, Limit, Timestamp};
use super::builder::{self, Imported, Site};
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, shorten, stakes_of,
};
use super::text::without_separators;

mod game;
mod play;
mod xml;

use game::game;
use xml::{Doc, Element, Reader};

/// iPoker, for the builder.
pub static SITE: Site = Site {
    name: "iPoker",
    cap_field: "_ipoker_cap",
    jackpot_drop: false,
    raises_over_all_in: false,
    odd_chips_from_highest_seat: false,
};

/// True for a line that starts an iPoker session: `<session`, or the XML
/// declaration with `<session` on the same line (a byte-order mark before either
/// is allowed).
pub fn is_session_start(line: &str) -> bool {
    let l = line.trim_start_matches('\u{feff}').trim_start();
    l.starts_with("<session") || (l.starts_with("<?xml") && l.contains("<session"))
}

/// True for the first line of an iPoker file as the hand cutters meet it: a
/// session's start ([`is_session_start`]) or the XML declaration before it (file
/// detection, [`crate::pokerstars::looks_like_pokerstars`], has checked that a
/// session follows).
pub fn is_file_start(line: &str) -> bool {
    let l = line.trim_start_matches('\u{feff}').trim_start();
    is_session_start(l) || l.starts_with("<?xml")
}

/// Converts an iPoker hand (the shared [`builder::build`]).
///
/// # Errors
/// As [`builder::build`].
pub fn import(hand: &Hand) -> Result<Imported, ImportError> {
    builder::build(hand, &SITE)
}

/// The session of `lines` (an iPoker file), each game read into a [`Hand`] or a
/// typed error naming its line; a file that is not well-formed XML is one error.
pub fn parse_session(lines: &[(u32, &str)]) -> Vec<Result<Hand, ImportError>> {
    let first_line = lines.first().map_or(1, |l| l.0);
    let mut text = String::with_capacity(lines.iter().map(|(_, l)| l.len() + 1).sum());
    let mut starts = Vec::with_capacity(lines.len());
    for (i, (_, l)) in lines.iter().enumerate() {
        if i > 0 {
            text.push('\n');
            starts.push(text.len());
        }
        // (A byte-order mark starts with 0xEF: most lines need no search.)
        let l = if l.as_bytes().first() == Some(&0xef) {
            l.trim_start_matches('\u{feff}')
        } else {
            l
        };
        text.push_str(l);
    }
    let mut reader = Reader::new(&text, &starts, first_line);
    let mut doc = Doc::with_capacity(text.len());
    // One or more sessions (a miner's files hold several), each with its games.
    let mut out = Vec::new();
    loop {
        match reader.text_until_tag() {
            Ok(_) if reader.rest().is_empty() => break,
            Ok(_) => {}
            Err(e) => {
                out.push(Err(e));
                break;
            }
        }
        doc.clear();
        let root = reader.element(&mut doc, 0).map(|i| doc.get(i));
        match root {
            Ok(Some(s)) if s.name() == "session" => session(s, &mut out),
            Ok(s) => {
                out.push(Err(ImportError {
                    hand: None,
                    line: s.map_or(first_line, |s| s.line()),
                    kind: malformed("a `<session>` element", s.map_or("", |s| s.name())),
                }));
                break;
            }
            Err(e) => {
                out.push(Err(e));
                break;
            }
        }
    }
    if out.is_empty() {
        out.push(Err(ImportError {
            hand: None,
            line: first_line,
            kind: Kind::Truncated("a `<session>` element"),
        }));
    }
    out
}

/// The games of one `<session>`, read into `out`.
fn session(session: Element<'_, '_>, out: &mut Vec<Result<Hand, ImportError>>) {
    let Some(general) = session.child("general") else {
        out.push(Err(ImportError {
            hand: None,
            line: session.line(),
            kind: Kind::Truncated("the session's `<general>` element"),
        }));
        return;
    };
    // What every game of the session shares, read once.
    let common = common(general);
    let before = out.len();
    out.extend(session.children("game").map(|g| game(&common, g)));
    if out.len() == before {
        out.push(Err(ImportError {
            hand: None,
            line: session.line(),
            kind: Kind::Truncated("a `<game>` element"),
        }));
    }
}

/// Reads the first game of an iPoker file (see [`parse_session`] for them all).
///
/// # Errors
/// As [`parse_session`].
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    parse_session(lines)
        .into_iter()
        .next()
        .unwrap_or(Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a `<game>` element"),
        }))
}

/// `€1,000.50` as an amount.
fn amount_of(text: &str) -> Result<Amount, Kind> {
    // (Written `€0.50`: a sign or a digit first and a digit last, nothing to trim.)
    let b = text.as_bytes();
    let plain = |c: &u8| *c < 0x80 && !xml::is_space(*c);
    let bare = b.last().is_some_and(plain)
        && (b.first().is_some_and(plain) || text.starts_with(['€', '$', '£']));
    let mut t = if bare { text } else { xml::trim(text) };
    while let Some(r) = t
        .strip_prefix('€')
        .or_else(|| t.strip_prefix('$'))
        .or_else(|| t.strip_prefix('£'))
    {
        t = r;
    }
    amount_in(text, &without_separators(t))
}

/// The number of cards of `text` (`D9 CK H10`: a suit then a rank, `10` for
/// ten), or `None` when it is empty or a card is `X` (not shown).
fn shown(text: &str) -> Result<Option<usize>, Kind> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    let mut n = 0;
    for c in text.split_whitespace() {
        if c == "X" {
            return Ok(None);
        }
        let mut chars = c.chars();
        let suit = chars.next().map(|s| s.to_ascii_lowercase());
        let rank = chars.as_str();
        match suit {
            Some('c' | 'd' | 'h' | 's') if rank.len() == 1 || rank == "10" => n += 1,
            _ => {
                return Err(Kind::Cards {
                    text: shorten(text),
                    reason: "a card is a suit (C, D, H, S) then a rank".to_string(),
                });
            }
        }
    }
    Ok(Some(n))
}

/// The cards of `text`, which [`shown`] read as shown: each rank read as
/// PokerStars' `Ah` form is, no card twice, at most five.
fn card_list(text: &str) -> Result<CardList, Kind> {
    let bad = |reason: String| Kind::Cards {
        text: shorten(text),
        reason,
    };
    let mut out = CardList::new();
    for c in text.split_whitespace() {
        let b = c.as_bytes();
        let suit = b.first().map_or(b'?', u8::to_ascii_lowercase);
        let rank = if c.len() == 3 {
            b'T'
        } else {
            b.get(1).copied().unwrap_or(b'?')
        };
        let pair = [rank, suit];
        let card: Card = std::str::from_utf8(&pair)
            .unwrap_or("?")
            .parse()
            .map_err(|e: holdem_cards::ParseCardError| bad(e.to_string()))?;
        if out.contains(&card) {
            return Err(bad(format!("{card} is written twice")));
        }
        out.try_push(card)
            .map_err(|_| bad("more than five cards".to_string()))?;
    }
    Ok(out)
}

/// What every game of a session shares, from its `<general>`.
struct Common<'d> {
    limit: Limit,
    stakes: (Amount, Amount),
    currency: Currency,
    table: String,
    /// A session of the later client (`<uncalled_bet_enabled>true`): its `win`
    /// leaves the returned uncalled part out, and its `bet` is not checked (it
    /// does not always agree with the actions, which the stacks and wins do).
    later_client: bool,
    /// The session's `<startdate>`, for a game without its own.
    date: Option<&'d str>,
}

/// The game and stakes of a session's `<general>`, or the line and reason they
/// cannot be read.
fn common<'d>(general: Element<'d, '_>) -> Result<Common<'d>, (u32, Kind)> {
    let gt = general
        .child("gametype")
        .ok_or((general.line(), Kind::Truncated("a `<gametype>`")))?;
    let fail = |kind: Kind| (gt.line(), kind);
    let text = gt.text().trim();
    let expected = "`<gametype>Holdem NL $SB/$BB</gametype>`";
    let (game_name, stakes) = text
        .rsplit_once(' ')
        .ok_or_else(|| fail(malformed(expected, text)))?;
    let limit = match game_name {
        "Holdem NL" => Limit::NoLimit,
        "Holdem PL" => Limit::PotLimit,
        "Holdem L" | "Holdem FL" => Limit::FixedLimit,
        other => return Err(fail(other_game(other))),
    };
    let (a, b) = stakes
        .split_once('/')
        .ok_or_else(|| fail(malformed("the stakes `$SB/$BB`", text)))?;
    let real = general.child_text("mode").is_none_or(|m| m == "real");
    let currency = match Currency::of_sign(a.chars().next()) {
        _ if !real => Currency::PlayMoney,
        Some(c) => c,
        None => match general.child_text("tablecurrency") {
            Some("USD") => Currency::Usd,
            Some("EUR") => Currency::Eur,
            Some("GBP") => Currency::Gbp,
            _ => Currency::PlayMoney,
        },
    };
    let stakes = stakes_of(a, b, stakes_text(text), amount_of).map_err(fail)?;
    let table = general
        .child_text("tablename")
        .unwrap_or("iPoker")
        .split(',')
        .next()
        .unwrap_or("iPoker")
        .trim()
        .replace('\'', "");
    Ok(Common {
        limit,
        stakes,
        currency,
        table,
        later_client: general
            .child_text("uncalled_bet_enabled")
            .is_some_and(|t| t == "true"),
        date: general.child_text("startdate"),
    })
}

/// The header of game `id` (its `<general>` may have its own `<startdate>`).
fn header(common: &Common<'_>, game: Element<'_, '_>, id: u64) -> Header {
    let date = game
        .child("general")
        .and_then(|g| g.child_text("startdate"))
        .or(common.date)
        .and_then(timestamp);
    Header::cash(
        &SITE,
        id,
        common.limit,
        common.stakes,
        common.currency,
        date.into_iter().collect(),
    )
}

fn stakes_text(text: &str) -> &str {
    text.rsplit(' ').next().unwrap_or(text)
}

/// `2014-01-07 00:00:39`.
fn timestamp(text: &str) -> Option<Timestamp> {
    let mut parts = text.split(['-', ' ', ':']).map(digits);
    let mut num = || parts.next().flatten();
    let (y, m, d, h, mi, s) = (num()?, num()?, num()?, num()?, num()?, num()?);
    Timestamp::checked(y, m, d, h, mi, s)
}
