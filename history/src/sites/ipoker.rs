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
//! [`parse_session`] reads a session's every game; each game is turned into
//! PokerStars' form and read by the shared body reader, so every amount is checked
//! by the same rules as every other site's:
//! - the XML is read by a small tolerant reader (elements, attributes in double
//!   or single quotes, text, the five named entities; the declaration and
//!   comments skipped; line breaks anywhere or nowhere);
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

use std::fmt::Write as _;

use crate::pokerstars::parse::{digits, parse_amount, parse_body};

use super::ast::{Amount, Currency, Hand, Header, Limit, Timestamp};
use super::builder::{self, Imported, Site};
use super::error::{ImportError, ImportErrorKind as Kind, malformed, shorten};
use super::text::without_separators;

/// iPoker, for the builder.
pub static SITE: Site = Site {
    name: "iPoker",
    cap_field: "_ipoker_cap",
    jackpot_drop: false,
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

/// One element of the XML: its name, attributes, text and children, with the
/// line its start tag is on.
#[derive(Debug, Default)]
struct Element {
    name: String,
    attrs: Vec<(String, String)>,
    text: String,
    children: Vec<Element>,
    line: u32,
}

impl Element {
    fn attr(&self, name: &str) -> Option<&str> {
        self.attrs
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    fn child(&self, name: &str) -> Option<&Element> {
        self.children.iter().find(|c| c.name == name)
    }

    fn children<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Element> + 'a {
        self.children.iter().filter(move |c| c.name == name)
    }

    fn child_text(&self, name: &str) -> Option<&str> {
        self.child(name).map(|c| c.text.trim())
    }
}

/// `text` with the five named entities and numeric references decoded.
fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('&') {
        out.push_str(rest.get(..i).unwrap_or(""));
        let after = rest.get(i..).unwrap_or("");
        let end = after.find(';').filter(|&e| e <= 10);
        let entity = end.and_then(|e| after.get(1..e));
        let c = match entity {
            Some("amp") => Some('&'),
            Some("lt") => Some('<'),
            Some("gt") => Some('>'),
            Some("quot") => Some('"'),
            Some("apos") => Some('\''),
            Some(e) if e.starts_with("#x") => e
                .get(2..)
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .and_then(char::from_u32),
            Some(e) if e.starts_with('#') => e
                .get(1..)
                .and_then(|d| d.parse().ok())
                .and_then(char::from_u32),
            _ => None,
        };
        match (c, end) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = after.get(e + 1..).unwrap_or("");
            }
            _ => {
                out.push('&');
                rest = after.get(1..).unwrap_or("");
            }
        }
    }
    out.push_str(rest);
    out
}

/// A small tolerant XML reader over `text` whose first line is `first_line`.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    line: u32,
}

impl<'a> Reader<'a> {
    fn rest(&self) -> &'a str {
        self.text.get(self.at..).unwrap_or("")
    }

    /// Moves `n` bytes on, counting line ends.
    fn advance(&mut self, n: usize) {
        let skipped = self.text.get(self.at..self.at + n).unwrap_or("");
        self.line = self
            .line
            .saturating_add(u32::try_from(skipped.matches('\n').count()).unwrap_or(u32::MAX));
        self.at = (self.at + n).min(self.text.len());
    }

    fn fail(&self, expected: &'static str) -> ImportError {
        let found = self.rest().lines().next().unwrap_or("");
        ImportError {
            hand: None,
            line: self.line,
            kind: malformed(expected, found.trim()),
        }
    }

    /// Skips the declaration, comments and processing instructions; returns the
    /// text before the next tag.
    fn text_until_tag(&mut self) -> Result<String, ImportError> {
        let mut text = String::new();
        loop {
            let rest = self.rest();
            let Some(i) = rest.find('<') else {
                text.push_str(rest);
                self.advance(rest.len());
                return Ok(text);
            };
            text.push_str(rest.get(..i).unwrap_or(""));
            self.advance(i);
            let rest = self.rest();
            let close = if rest.starts_with("<!--") {
                Some("-->")
            } else if rest.starts_with("<?") {
                Some("?>")
            } else if rest.starts_with("<!") {
                Some(">")
            } else {
                None
            };
            match close {
                Some(c) => {
                    let end = rest
                        .find(c)
                        .ok_or_else(|| self.fail("the end of a comment or declaration"))?;
                    self.advance(end + c.len());
                }
                None => return Ok(unescape(&text)),
            }
        }
    }

    /// Reads one element (the reader is at its `<`), its children and its end tag.
    fn element(&mut self, depth: u32) -> Result<Element, ImportError> {
        if depth > 16 {
            return Err(self.fail("elements nested at most 16 deep"));
        }
        let line = self.line;
        let rest = self.rest();
        let end = rest
            .find('>')
            .ok_or_else(|| self.fail("a tag closed by `>`"))?;
        let tag = rest.get(1..end).unwrap_or("");
        let (tag, empty) = match tag.strip_suffix('/') {
            Some(t) => (t, true),
            None => (tag, false),
        };
        let tag = tag.trim();
        let name_end = tag.find(|c: char| c.is_whitespace()).unwrap_or(tag.len());
        let name = tag.get(..name_end).unwrap_or("");
        if name.is_empty() || name.starts_with('/') {
            return Err(self.fail("a start tag `<NAME ...>`"));
        }
        let mut attrs = Vec::new();
        let mut a = tag.get(name_end..).unwrap_or("").trim_start();
        while !a.is_empty() {
            let (key, r) = a
                .split_once('=')
                .ok_or_else(|| self.fail("attributes `NAME=\"VALUE\"`"))?;
            let r = r.trim_start();
            let quote = r
                .chars()
                .next()
                .filter(|q| *q == '"' || *q == '\'')
                .ok_or_else(|| self.fail("an attribute value in quotes"))?;
            let r = r.get(1..).unwrap_or("");
            let close = r
                .find(quote)
                .ok_or_else(|| self.fail("an attribute value in quotes"))?;
            attrs.push((
                key.trim().to_string(),
                unescape(r.get(..close).unwrap_or("")),
            ));
            a = r.get(close + 1..).unwrap_or("").trim_start();
        }
        let mut element = Element {
            name: name.to_string(),
            attrs,
            line,
            ..Element::default()
        };
        self.advance(end + 1);
        if empty {
            return Ok(element);
        }
        loop {
            let text = self.text_until_tag()?;
            element.text.push_str(&text);
            let rest = self.rest();
            if rest.is_empty() {
                return Err(self.fail("an end tag"));
            }
            if let Some(r) = rest.strip_prefix("</") {
                let close = r
                    .find('>')
                    .ok_or_else(|| self.fail("an end tag `</NAME>`"))?;
                if r.get(..close).map(str::trim) != Some(element.name.as_str()) {
                    return Err(self.fail("the end tag of the element open"));
                }
                self.advance(close + 3);
                return Ok(element);
            }
            let child = self.element(depth + 1)?;
            element.children.push(child);
        }
    }
}

/// The session of `lines` (an iPoker file), each game read into a [`Hand`] or a
/// typed error naming its line; a file that is not well-formed XML is one error.
pub fn parse_session(lines: &[(u32, &str)]) -> Vec<Result<Hand, ImportError>> {
    let first_line = lines.first().map_or(1, |l| l.0);
    let mut text = String::new();
    for (i, (_, l)) in lines.iter().enumerate() {
        if i > 0 {
            text.push('\n');
        }
        text.push_str(l.trim_start_matches('\u{feff}'));
    }
    let mut reader = Reader {
        text: &text,
        at: 0,
        line: first_line,
    };
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
        match reader.element(0) {
            Ok(s) if s.name == "session" => session(&s, &mut out),
            Ok(s) => {
                out.push(Err(ImportError {
                    hand: None,
                    line: s.line,
                    kind: malformed("a `<session>` element", &s.name),
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
fn session(session: &Element, out: &mut Vec<Result<Hand, ImportError>>) {
    let Some(general) = session.child("general") else {
        out.push(Err(ImportError {
            hand: None,
            line: session.line,
            kind: Kind::Truncated("the session's `<general>` element"),
        }));
        return;
    };
    let before = out.len();
    out.extend(session.children("game").map(|g| game(general, g)));
    if out.len() == before {
        out.push(Err(ImportError {
            hand: None,
            line: session.line,
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
    let t = text.trim().trim_start_matches(['$', '€', '£']);
    parse_amount(&without_separators(t)).ok_or_else(|| Kind::Amount {
        text: shorten(text),
        reason: "not a number of at most two decimals",
    })
}

/// `D9 CK H10` as `9d Kc Th`; `X` for a card not shown is `None`.
fn cards(text: &str) -> Result<Option<Vec<String>>, Kind> {
    let mut out = Vec::new();
    if text.trim().is_empty() {
        return Ok(None);
    }
    for c in text.split_whitespace() {
        if c == "X" {
            return Ok(None);
        }
        let mut chars = c.chars();
        let suit = chars.next().map(|s| s.to_ascii_lowercase());
        let rank = chars.as_str();
        let rank = if rank == "10" { "T" } else { rank };
        match suit {
            Some(s @ ('c' | 'd' | 'h' | 's')) if rank.len() == 1 => out.push(format!("{rank}{s}")),
            _ => {
                return Err(Kind::Cards {
                    text: shorten(text),
                    reason: "a card is a suit (C, D, H, S) then a rank".to_string(),
                });
            }
        }
    }
    Ok(Some(out))
}

/// The header from the session's `<general>`.
fn header(general: &Element, game: &Element, id: u64) -> Result<(Header, String), ImportError> {
    let fail = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let gt = general
        .child("gametype")
        .ok_or_else(|| fail(general.line, Kind::Truncated("a `<gametype>`")))?;
    let text = gt.text.trim();
    let expected = "`<gametype>Holdem NL $SB/$BB</gametype>`";
    let (game_name, stakes) = text
        .rsplit_once(' ')
        .ok_or_else(|| fail(gt.line, malformed(expected, text)))?;
    let limit = match game_name {
        "Holdem NL" => Limit::NoLimit,
        "Holdem PL" => Limit::PotLimit,
        "Holdem L" | "Holdem FL" => Limit::FixedLimit,
        other => {
            return Err(fail(
                gt.line,
                Kind::Unsupported(format!(
                    "the game `{}` (only Texas hold'em is played)",
                    shorten(other)
                )),
            ));
        }
    };
    let (a, b) = stakes
        .split_once('/')
        .ok_or_else(|| fail(gt.line, malformed("the stakes `$SB/$BB`", text)))?;
    let real = general.child_text("mode").is_none_or(|m| m == "real");
    let currency = match a.chars().next() {
        _ if !real => Currency::PlayMoney,
        Some('$') => Currency::Usd,
        Some('€') => Currency::Eur,
        Some('£') => Currency::Gbp,
        _ => match general.child_text("tablecurrency") {
            Some("USD") => Currency::Usd,
            Some("EUR") => Currency::Eur,
            Some("GBP") => Currency::Gbp,
            _ => Currency::PlayMoney,
        },
    };
    let stakes = (
        amount_of(a).map_err(|k| fail(gt.line, k))?,
        amount_of(b).map_err(|k| fail(gt.line, k))?,
    );
    if stakes.0 == Amount::ZERO || stakes.0 > stakes.1 {
        return Err(fail(
            gt.line,
            Kind::Amount {
                text: shorten(stakes_text(text)),
                reason: "the stakes must be positive, the small at most the big",
            },
        ));
    }
    let table = general
        .child_text("tablename")
        .unwrap_or("iPoker")
        .split(',')
        .next()
        .unwrap_or("iPoker")
        .trim()
        .replace('\'', "");
    let date = game
        .child("general")
        .and_then(|g| g.child_text("startdate"))
        .or_else(|| general.child_text("startdate"))
        .and_then(timestamp);
    Ok((
        Header {
            id,
            label: None,
            site: &SITE,
            game_form: false,
            zoom: false,
            tournament: None,
            limit,
            stakes,
            currency,
            cap: None,
            times: date.into_iter().collect(),
        },
        table,
    ))
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

/// One `<player>`: seat, name, stack, button, win, bet, line.
struct Player {
    seat: u64,
    name: String,
    chips: Amount,
    dealer: bool,
    win: Amount,
    bet: Amount,
    line: u32,
}

/// One game of the session in PokerStars' form, read by the shared body reader.
#[allow(clippy::too_many_lines)]
fn game(general: &Element, game: &Element) -> Result<Hand, ImportError> {
    let id = game
        .attr("gamecode")
        .and_then(digits)
        .ok_or_else(|| ImportError {
            hand: None,
            line: game.line,
            kind: malformed("`<game gamecode=\"N\">`", "<game>"),
        })?;
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    // Sessions of the later client say `<uncalled_bet_enabled>true`: their `win`
    // leaves the returned uncalled part out, and their `bet` is not checked: it
    // does not always agree with the actions (which the stacks and wins do).
    let later_client = general
        .child_text("uncalled_bet_enabled")
        .is_some_and(|t| t.trim() == "true");
    let (header, table) = header(general, game, id)?;
    let sym = header
        .currency
        .symbol()
        .map(String::from)
        .unwrap_or_default();
    let money = |a: Amount| format!("{sym}{a}");
    let players_el = game
        .child("general")
        .and_then(|g| g.child("players"))
        .ok_or_else(|| err(game.line, Kind::Truncated("a `<players>` element")))?;
    let mut players = Vec::new();
    for p in players_el.children("player") {
        let get = |k: &'static str| {
            p.attr(k)
                .ok_or_else(|| err(p.line, malformed("a `<player>` with that attribute", k)))
        };
        let amount = |k: &'static str| amount_of(get(k)?).map_err(|e| err(p.line, e));
        players.push(Player {
            seat: digits(get("seat")?).ok_or_else(|| {
                err(
                    p.line,
                    malformed("a seat number", get("seat").unwrap_or("")),
                )
            })?,
            name: get("name")?.to_string(),
            chips: amount("chips")?,
            dealer: p.attr("dealer") == Some("1"),
            win: amount("win")?,
            bet: amount("bet")?,
            line: p.line,
        });
    }
    if players.len() < 2 {
        return Err(err(
            players_el.line,
            Kind::Truncated("two `<player>` elements"),
        ));
    }
    players.sort_by_key(|p| p.seat);
    let index = |name: &str, line: u32| {
        players
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| err(line, Kind::UnknownPlayer(shorten(name))))
    };
    let button = players
        .iter()
        .find(|p| p.dealer)
        .or_else(|| players.first())
        .map_or(0, |p| p.seat);
    // The rounds, their actions in the order of their numbers.
    let mut rounds: Vec<&Element> = game.children("round").collect();
    rounds.sort_by_key(|r| r.attr("no").and_then(digits).unwrap_or(0));
    let mut acted = vec![false; players.len()];
    let mut pockets: Vec<Option<Vec<String>>> = vec![None; players.len()];
    let mut board: Vec<(u32, &str, Vec<String>)> = Vec::new();
    for r in &rounds {
        for c in r.children("cards") {
            let kind = c.attr("type").unwrap_or("");
            let list = cards(&c.text).map_err(|k| err(c.line, k))?;
            if kind == "Pocket" {
                let i = index(c.attr("player").unwrap_or(""), c.line)?;
                if let (Some(slot), Some(list)) = (pockets.get_mut(i), list) {
                    if list.len() != 2 {
                        return Err(err(
                            c.line,
                            Kind::Unsupported(format!(
                                "{} hole cards (only Texas hold'em is played)",
                                list.len()
                            )),
                        ));
                    }
                    *slot = Some(list);
                }
            } else if let Some(list) = list {
                board.push((c.line, kind, list));
            }
        }
        for a in r.children("action") {
            let i = index(a.attr("player").unwrap_or(""), a.line)?;
            if a.attr("type") != Some("8") {
                if let Some(x) = acted.get_mut(i) {
                    *x = true;
                }
            }
        }
    }
    let mut out: Vec<(u32, String)> = Vec::with_capacity(64);
    out.push((
        game.line,
        format!("Table '{table}' Seat #{button} is the button"),
    ));
    for (i, p) in players.iter().enumerate() {
        let out_of = if acted.get(i).copied().unwrap_or(false) {
            ""
        } else {
            " is sitting out"
        };
        out.push((
            p.line,
            format!(
                "Seat {}: {} ({} in chips){out_of}",
                p.seat,
                p.name,
                money(p.chips)
            ),
        ));
    }
    let n = players.len();
    let mut total = vec![Amount::ZERO; n];
    let mut live = vec![Amount::ZERO; n];
    let mut folded = vec![false; n];
    let mut round = vec![Amount::ZERO; n];
    let mut hole_cards = false;
    let mut last_line = game.line;
    let mut after_last_action = 0;
    let mut dealt_board: Vec<String> = Vec::new();
    for r in &rounds {
        let no = r.attr("no").and_then(digits).unwrap_or(0);
        if no >= 2 {
            round.iter_mut().for_each(|x| *x = Amount::ZERO);
            let street = match no {
                2 => "Flop",
                3 => "Turn",
                4 => "River",
                _ => return Err(err(r.line, malformed("rounds 0 to 4", "<round>"))),
            };
            let Some((bl, _, list)) = board.iter().find(|(_, k, _)| *k == street) else {
                return Err(err(r.line, Kind::Truncated("the round's board cards")));
            };
            let text = if dealt_board.is_empty() {
                format!("*** FLOP *** [{}]", list.join(" "))
            } else {
                format!(
                    "*** {} *** [{}] [{}]",
                    street.to_ascii_uppercase(),
                    dealt_board.join(" "),
                    list.join(" ")
                )
            };
            dealt_board.extend(list.iter().cloned());
            out.push((*bl, text));
        }
        if no >= 1 && !hole_cards {
            out.push((r.line, "*** HOLE CARDS ***".to_string()));
            hole_cards = true;
            // The known cards of a player who does not reach a showdown are the
            // hero's (written in the text, so kept).
            for (i, p) in players.iter().enumerate() {
                if let Some(Some(c)) = pockets.get(i) {
                    out.push((r.line, format!("Dealt to {} [{}]", p.name, c.join(" "))));
                }
            }
        }
        let mut actions: Vec<&Element> = r.children("action").collect();
        actions.sort_by_key(|a| a.attr("no").and_then(digits).unwrap_or(0));
        for a in actions {
            last_line = a.line;
            let name = a.attr("player").unwrap_or("");
            let i = index(name, a.line)?;
            let kind = a
                .attr("type")
                .ok_or_else(|| err(a.line, malformed("an action with a `type`", name)))?;
            let sum = amount_of(a.attr("sum").unwrap_or("0")).map_err(|k| err(a.line, k))?;
            let before = round.iter().copied().max().unwrap_or(Amount::ZERO);
            let had = round.get(i).copied().unwrap_or_default();
            let too_large = || {
                err(
                    a.line,
                    Kind::Amount {
                        text: shorten(a.attr("sum").unwrap_or("")),
                        reason: "too large",
                    },
                )
            };
            let mut add = |x: Amount, counts: bool| -> Result<(Amount, bool), ImportError> {
                let t = total.get_mut(i).ok_or_else(too_large)?;
                *t = t.checked_add(x).ok_or_else(too_large)?;
                let all_in = players.get(i).is_some_and(|p| *t == p.chips);
                let r = round.get_mut(i).ok_or_else(too_large)?;
                if counts {
                    *r = r.checked_add(x).ok_or_else(too_large)?;
                    let l = live.get_mut(i).ok_or_else(too_large)?;
                    *l = l.checked_add(x).ok_or_else(too_large)?;
                }
                Ok((*r, all_in))
            };
            let ai = |b: bool| if b { " and is all-in" } else { "" };
            let text = match kind {
                "1" => {
                    let (_, all) = add(sum, true)?;
                    format!("{name}: posts small blind {}{}", money(sum), ai(all))
                }
                // A big blind and the small blind dead posted together, as one sum.
                "2" if Some(sum) == header.stakes.0.checked_add(header.stakes.1) => {
                    add(header.stakes.0, false)?;
                    let (_, all) = add(header.stakes.1, true)?;
                    format!("{name}: posts small & big blinds {}{}", money(sum), ai(all))
                }
                "2" => {
                    let (_, all) = add(sum, true)?;
                    format!("{name}: posts big blind {}{}", money(sum), ai(all))
                }
                "15" => {
                    let (_, all) = add(sum, false)?;
                    format!("{name}: posts the ante {}{}", money(sum), ai(all))
                }
                "8" => continue,
                "0" => {
                    if let Some(f) = folded.get_mut(i) {
                        *f = true;
                    }
                    format!("{name}: folds")
                }
                "4" => format!("{name}: checks"),
                "3" => {
                    let (_, all) = add(sum, true)?;
                    format!("{name}: calls {}{}", money(sum), ai(all))
                }
                "5" => {
                    let (_, all) = add(sum, true)?;
                    format!("{name}: bets {}{}", money(sum), ai(all))
                }
                "23" => {
                    let added = Amount(sum.0.checked_sub(had.0).ok_or_else(|| {
                        err(
                            a.line,
                            Kind::Amount {
                                text: shorten(a.attr("sum").unwrap_or("")),
                                reason: "a raise to less than the player has in the round",
                            },
                        )
                    })?);
                    let (now, all) = add(added, true)?;
                    format!(
                        "{name}: raises {} to {}{}",
                        money(Amount(now.0.saturating_sub(before.0))),
                        money(now),
                        ai(all)
                    )
                }
                "7" => {
                    let (now, _) = add(sum, true)?;
                    if before == Amount::ZERO {
                        format!("{name}: bets {} and is all-in", money(sum))
                    } else if now <= before {
                        format!("{name}: calls {} and is all-in", money(sum))
                    } else {
                        format!(
                            "{name}: raises {} to {} and is all-in",
                            money(Amount(now.0.saturating_sub(before.0))),
                            money(now)
                        )
                    }
                }
                other => {
                    return Err(err(
                        a.line,
                        Kind::Unsupported(format!("the iPoker action type {}", shorten(other))),
                    ));
                }
            };
            let acted_now = !text.contains(": posts ");
            out.push((a.line, text));
            if acted_now {
                after_last_action = out.len();
            }
        }
    }
    // Each player's `bet` is what the actions put in.
    for (i, p) in players.iter().enumerate() {
        let t = total.get(i).copied().unwrap_or_default();
        if t != p.bet && !later_client {
            return Err(err(
                p.line,
                Kind::Disagreement {
                    action: "bet".to_string(),
                    rule: "H6".to_string(),
                    reason: format!(
                        "{} bets {} in the hand but its actions put in {}",
                        p.name,
                        money(p.bet),
                        money(t)
                    ),
                },
            ));
        }
    }
    // The unmatched part of the largest live contribution goes back (B16).
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(live.get(i).copied().unwrap_or_default()));
    let top = order.first().copied().unwrap_or(0);
    let first = live.get(top).copied().unwrap_or_default();
    let second = order
        .get(1)
        .and_then(|&i| live.get(i).copied())
        .unwrap_or_default();
    let returned = Amount(first.0.saturating_sub(second.0));
    let top_name = players.get(top).map_or("", |p| p.name.as_str());
    if returned > Amount::ZERO {
        let at = if after_last_action == 0 {
            out.len()
        } else {
            after_last_action
        };
        let line_no = out.get(at.saturating_sub(1)).map_or(last_line, |(l, _)| *l);
        out.insert(
            at,
            (
                line_no,
                format!("Uncalled bet ({}) returned to {top_name}", money(returned)),
            ),
        );
    }
    let pot = Amount(
        total
            .iter()
            .map(|a| a.0)
            .sum::<u64>()
            .saturating_sub(returned.0),
    );
    let mut collected = Amount::ZERO;
    let mut wins: Vec<(u32, String)> = Vec::new();
    for (i, p) in players.iter().enumerate() {
        let mut w = p.win;
        if i == top && returned > Amount::ZERO && !later_client {
            w = Amount(w.0.checked_sub(returned.0).ok_or_else(|| {
                err(
                    p.line,
                    Kind::Disagreement {
                        action: "win".to_string(),
                        rule: "B16".to_string(),
                        reason: format!(
                            "{} wins {}, less than the {} returned uncalled",
                            p.name,
                            money(p.win),
                            money(returned)
                        ),
                    },
                )
            })?);
        }
        if w > Amount::ZERO {
            collected = Amount(collected.0.saturating_add(w.0));
            wins.push((
                p.line,
                format!("{} collected {} from pot", p.name, money(w)),
            ));
        }
    }
    if collected > pot {
        return Err(err(
            last_line,
            Kind::Disagreement {
                action: "pot".to_string(),
                rule: "H6".to_string(),
                reason: format!(
                    "the players win {} from a pot of {}",
                    money(collected),
                    money(pot)
                ),
            },
        ));
    }
    let still_in: Vec<usize> = (0..n)
        .filter(|&i| {
            acted.get(i).copied().unwrap_or(false) && !folded.get(i).copied().unwrap_or(true)
        })
        .collect();
    if still_in.len() > 1 {
        out.push((last_line, "*** SHOW DOWN ***".to_string()));
        let mut mucks = Vec::new();
        for &i in &still_in {
            let Some(p) = players.get(i) else { continue };
            match pockets.get(i) {
                Some(Some(c)) => out.push((p.line, format!("{}: shows [{}]", p.name, c.join(" ")))),
                _ => mucks.push((p.line, format!("{}: mucks hand", p.name))),
            }
        }
        out.extend(mucks);
    }
    out.extend(wins);
    out.push((last_line, "*** SUMMARY ***".to_string()));
    let rake = Amount(pot.0.saturating_sub(collected.0));
    let mut summary = String::new();
    let _ = write!(summary, "Total pot {} | Rake {}", money(pot), money(rake));
    out.push((last_line, summary));
    if !dealt_board.is_empty() {
        out.push((last_line, format!("Board [{}]", dealt_board.join(" "))));
    }
    let borrowed: Vec<(u32, &str)> = out.iter().map(|(l, s)| (*l, s.as_str())).collect();
    parse_body(header, game.line, &borrowed)
}
