//! Lines to the typed [`Hand`]. Each line is matched against the forms the English
//! client writes at its place in the hand; anything else is an error naming the line.
//! Names are resolved against the seat lines (longest name first, so a name that
//! contains `: ` or another player's name is still found), so every action's player
//! holds a seat.

use holdem_cards::Card;
use std::borrow::Cow;

use super::ast::{
    Amount, BuyIn, CardList, Currency, Event, Hand, Header, Limit, Line, Note, PostKind, PotName,
    Run, Seat, SeatIndex, SeatState, Street, Summary, SummarySeat, TableLine, Timestamp,
    Tournament,
};
use super::error::{PokerStarsError, PokerStarsErrorKind as Kind, shorten};
use super::text::{is_english_start, is_filler, is_foreign_start, lines};

/// The most seats a PokerStars table has.
const MAX_SEATS: usize = 10;

/// Every hand of `text` in order, each read on its own: a bad hand is an error
/// naming it and the reader goes on with the next.
pub fn parse_hands(text: &str) -> Vec<Result<Hand, PokerStarsError>> {
    hands(text).collect()
}

/// The hands of `text` one at a time, as [`parse_hands`] reads them: a hand is
/// read when the next one starts (or the text ends), so a caller that handles and
/// drops each hand holds one at a time.
pub fn hands(text: &str) -> Hands<'_> {
    Hands {
        lines: lines(text),
        current: Vec::with_capacity(64),
        preamble_reported: false,
        after_gap: true,
        yielded: false,
    }
}

/// The iterator of [`hands`].
#[derive(Clone, Debug)]
pub struct Hands<'a> {
    lines: super::text::Lines<'a>,
    /// The lines of the hand being gathered (its header first).
    current: Vec<(u32, &'a str)>,
    preamble_reported: bool,
    /// Whether the last line was blank or filler (another language's header may
    /// start a hand only there).
    after_gap: bool,
    /// Whether anything was given out yet (`#` comments are allowed before that).
    yielded: bool,
}

impl Iterator for Hands<'_> {
    type Item = Result<Hand, PokerStarsError>;

    fn next(&mut self) -> Option<Self::Item> {
        for (n, line) in self.lines.by_ref() {
            let starts = is_english_start(line) || (self.after_gap && is_foreign_start(line));
            self.after_gap = is_filler(line);
            if starts {
                if !self.current.is_empty() {
                    let hand = parse_hand(&self.current);
                    self.current.clear();
                    self.current.push((n, line));
                    self.yielded = true;
                    return Some(hand);
                }
                self.current.push((n, line));
            } else if self.current.is_empty() {
                // `#` comments before the first hand: see [`super::text::leading_comments`].
                let comment = !self.yielded && line.starts_with('#');
                if !is_filler(line) && !comment && !self.preamble_reported {
                    self.preamble_reported = true;
                    self.yielded = true;
                    return Some(Err(PokerStarsError {
                        hand: None,
                        line: n,
                        kind: Kind::Preamble(shorten(line)),
                    }));
                }
            } else {
                self.current.push((n, line));
            }
        }
        if self.current.is_empty() {
            return None;
        }
        let hand = parse_hand(&self.current);
        self.current.clear();
        self.yielded = true;
        Some(hand)
    }
}

/// Reads one hand from its lines (the header first; blank lines anywhere). A hand
/// of another site of the PokerStars family (GGPoker, Full Tilt) is read by its
/// own module ([`crate::sites`]), chosen by its header line.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, PokerStarsError> {
    if let Some(parse) = crate::sites::reader_of(lines) {
        return parse(lines);
    }
    let mut p = Parser {
        hand: None,
        line: lines.first().map_or(0, |l| l.0),
    };
    p.hand(lines).map_err(|e| *e)
}

/// Reads the lines after a hand's header (table line, seats, play, summary) in the
/// PokerStars forms, for a site whose header another module read
/// ([`crate::sites`]); its other lines are given already in PokerStars' forms.
pub(crate) fn parse_body(
    header: Header,
    first_line: u32,
    lines: &[(u32, &str)],
) -> Result<Hand, PokerStarsError> {
    let mut p = Parser {
        hand: Some(header.id),
        line: first_line,
    };
    p.body(header, first_line, lines).map_err(|e| *e)
}

struct Parser {
    hand: Option<u64>,
    line: u32,
}

/// Results inside the reader carry the error boxed: a `Result` of an event stays
/// the size of the event, and every line's result is moved a few times.
type R<T> = Result<T, Box<PokerStarsError>>;

/// Which part of the hand the reader is in.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Section {
    Seats,
    Posts,
    Play,
    Summary,
}

impl Parser {
    fn err(&self, kind: Kind) -> Box<PokerStarsError> {
        Box::new(PokerStarsError {
            hand: self.hand,
            line: self.line,
            kind,
        })
    }

    fn malformed(&self, expected: &'static str, found: &str) -> Box<PokerStarsError> {
        self.err(Kind::Malformed {
            expected,
            found: shorten(found),
        })
    }

    fn hand(&mut self, lines: &[(u32, &str)]) -> R<Hand> {
        let mut it = lines.iter().enumerate().filter(|(_, (_, l))| !is_filler(l));
        let Some((i, &(first_line, head))) = it.next() else {
            return Err(self.err(Kind::Truncated("a header")));
        };
        self.line = first_line;
        self.hand = header_number(head);
        let header = self.header(head)?;
        self.body(header, first_line, lines.get(i + 1..).unwrap_or(&[]))
    }

    /// Everything after the header line: the table line, the seats, the play and
    /// the summary.
    fn body(&mut self, header: Header, first_line: u32, lines: &[(u32, &str)]) -> R<Hand> {
        self.hand = Some(header.id);
        let mut it = lines.iter().filter(|(_, l)| !is_filler(l));
        let Some(&(n, table_text)) = it.next() else {
            return Err(self.err(Kind::Truncated("a table line")));
        };
        self.line = n;
        let table = self.table(table_text)?;
        let currency = if table.play_money {
            Currency::PlayMoney
        } else {
            header.currency
        };
        let mut hand = Hand {
            header,
            table,
            seats: Vec::with_capacity(MAX_SEATS),
            events: Vec::with_capacity(event_lines(lines)),
            summary: Summary {
                seats: Vec::with_capacity(MAX_SEATS),
                ..Summary::default()
            },
            first_line,
        };
        hand.header.currency = currency;
        let mut section = Section::Seats;
        let mut saw_total = false;
        for &(n, line) in it {
            self.line = n;
            if section == Section::Seats {
                if let Some(rest) = line.strip_prefix("Seat ") {
                    if let Some(seat) = self.seat(rest, n, currency)? {
                        if hand
                            .seats
                            .iter()
                            .any(|s| s.number == seat.number || s.name == seat.name)
                        {
                            return Err(self.err(Kind::DuplicateSeat {
                                seat: seat.number,
                                name: seat.name,
                            }));
                        }
                        if hand.seats.len() >= MAX_SEATS {
                            return Err(self.malformed("at most ten seats", line));
                        }
                        hand.seats.push(seat);
                        continue;
                    }
                }
                if hand.seats.is_empty() {
                    return Err(self.malformed("a seat line `Seat N: name (stack in chips)`", line));
                }
                section = Section::Posts;
            }
            if section == Section::Summary {
                self.summary_line(
                    line,
                    &hand.seats,
                    currency,
                    &mut hand.summary,
                    &mut saw_total,
                )?;
                continue;
            }
            if line == "*** SUMMARY ***" {
                if section != Section::Play {
                    return Err(self.err(Kind::OutOfOrder {
                        found: line.to_string(),
                        reason: "no *** HOLE CARDS *** before it",
                    }));
                }
                section = Section::Summary;
                continue;
            }
            if line == "*** HOLE CARDS ***" {
                if section != Section::Posts {
                    return Err(self.err(Kind::OutOfOrder {
                        found: line.to_string(),
                        reason: "the hole cards were already dealt",
                    }));
                }
                section = Section::Play;
                hand.events.push(Line {
                    line: n,
                    event: Event::HoleCards,
                });
                continue;
            }
            let event = self.body_line(line, &hand.seats, currency)?;
            let is_post = matches!(event, Event::Post { .. });
            let is_play = !matches!(event, Event::Post { .. } | Event::Note { .. });
            if section == Section::Posts && is_play {
                return Err(self.err(Kind::OutOfOrder {
                    found: shorten(line),
                    reason: "the hole cards are not dealt yet",
                }));
            }
            if section == Section::Play && is_post {
                return Err(self.err(Kind::OutOfOrder {
                    found: shorten(line),
                    reason: "forced bets come before *** HOLE CARDS ***",
                }));
            }
            hand.events.push(Line { line: n, event });
        }
        if section != Section::Summary {
            return Err(self.err(Kind::Truncated("a *** SUMMARY *** section")));
        }
        if !saw_total {
            return Err(self.err(Kind::Truncated("a `Total pot` line in its summary")));
        }
        Ok(hand)
    }

    // ---- header -------------------------------------------------------------

    fn header(&self, line: &str) -> R<Header> {
        let unsupported = |what: &str| self.err(Kind::Unsupported(what.to_string()));
        let Some(rest) = line.strip_prefix("PokerStars ") else {
            return Err(unsupported(
                "a PokerStars hand written in another language (only English is read)",
            ));
        };
        if rest.starts_with("Home Game") {
            return Err(unsupported("a home game hand"));
        }
        let (zoom, rest) = match rest.strip_prefix("Zoom ") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let (game_form, rest) = if let Some(r) = rest.strip_prefix("Hand #") {
            (false, r)
        } else if let Some(r) = rest.strip_prefix("Game #") {
            (true, r)
        } else {
            return Err(unsupported(
                "a PokerStars hand written in another language (only English is read)",
            ));
        };
        let (id_text, rest) = rest
            .split_once(':')
            .ok_or_else(|| self.malformed("`Hand #NUMBER:`", line))?;
        let id = digits(id_text).ok_or_else(|| self.malformed("a hand number", line))?;
        let rest = rest.trim_start();
        let (tournament, rest) = match rest.strip_prefix("Tournament #") {
            Some(r) => {
                let (t, r) = self.tournament(r, line)?;
                (Some(t), r)
            }
            None => (None, rest),
        };
        let Some(rest) = rest.strip_prefix("Hold'em ") else {
            let game = rest.split([' ', '(']).next().unwrap_or(rest);
            let game = rest
                .find(" (")
                .or_else(|| rest.find(" - "))
                .and_then(|i| rest.get(..i))
                .unwrap_or(game);
            return Err(unsupported(&format!(
                "the game `{game}` (only Texas hold'em is played)"
            )));
        };
        let (limit, rest) = if let Some(r) = rest.strip_prefix("No Limit") {
            (Limit::NoLimit, r)
        } else if let Some(r) = rest.strip_prefix("Pot Limit") {
            (Limit::PotLimit, r)
        } else if let Some(r) = rest.strip_prefix("Limit") {
            (Limit::FixedLimit, r)
        } else if rest.starts_with("Cap ") {
            return Err(unsupported(
                "capped no-limit or pot-limit hold'em (a per-player cap on betting)",
            ));
        } else {
            return Err(self.malformed("`No Limit`, `Pot Limit` or `Limit`", line));
        };
        // Mixed limits (B28): `Hold'em Pot Limit Pre-Flop, No Limit Post-Flop`.
        if let Some(r) = rest.strip_prefix(" Pre-Flop, ") {
            let post = r.split(" (").next().unwrap_or(r);
            return Err(unsupported(&format!(
                "mixed limits by street (B28): {} before the flop, `{post}`",
                match limit {
                    Limit::NoLimit => "no limit",
                    Limit::PotLimit => "pot limit",
                    Limit::FixedLimit => "fixed limit",
                }
            )));
        }
        let mut rest = rest;
        let mut tournament = tournament;
        // A heads-up or shootout match: `- Match Round II, Level I (10/20)`.
        if let Some(r) = rest.strip_prefix(" - Match Round ") {
            let (round, r) = r
                .split_once(',')
                .ok_or_else(|| self.malformed("`Match Round N, Level N`", line))?;
            match tournament.as_mut() {
                Some(t) => t.round = Some(round.to_string()),
                None => return Err(self.malformed("a match round only in tournament hands", line)),
            }
            rest = r.strip_prefix(" Level ").map_or(r, |l| {
                let end = l.find(' ').unwrap_or(l.len());
                if let Some(t) = tournament.as_mut() {
                    t.level = l.get(..end).map(str::to_string);
                }
                l.get(end..).unwrap_or("")
            });
        }
        if let Some(r) = rest.strip_prefix(" - Level ") {
            let end = r.find(' ').unwrap_or(r.len());
            let level = r.get(..end).unwrap_or("");
            match tournament.as_mut() {
                Some(t) => t.level = Some(level.to_string()),
                None => return Err(self.malformed("a level only in tournament hands", line)),
            }
            rest = r.get(end..).unwrap_or("");
        }
        let r = rest
            .strip_prefix(" (")
            .ok_or_else(|| self.malformed("the stakes `(SB/BB)`", line))?;
        let (stakes_text, r) = r
            .split_once(')')
            .ok_or_else(|| self.malformed("the stakes `(SB/BB)`", line))?;
        // A capped table: `$2/$4 - $80 Cap -  USD`.
        let (stakes_text, cap_text) = match split_at(stakes_text, " - ") {
            Some((blinds, rest)) => {
                let (cap, after) = rest
                    .split_once(" Cap")
                    .ok_or_else(|| self.malformed("the stakes `(SB/BB - CAP Cap - CUR)`", line))?;
                let code = after.trim_start_matches(" -").trim();
                let text: Cow<'_, str> = if code.is_empty() {
                    Cow::Borrowed(blinds)
                } else {
                    Cow::Owned(format!("{blinds} {code}"))
                };
                (text, Some(cap.trim()))
            }
            None => (Cow::Borrowed(stakes_text), None),
        };
        let (amounts, code) = match split_byte(&stakes_text, b' ') {
            Some((a, c)) => (a, Some(c)),
            None => (&*stakes_text, None),
        };
        let (small_text, big_text) = split_byte(amounts, b'/')
            .ok_or_else(|| self.malformed("the stakes `(SB/BB)`", line))?;
        let currency = if tournament.is_some() {
            Currency::Chips
        } else {
            match code {
                Some("USD") => Currency::Usd,
                Some("EUR") => Currency::Eur,
                Some("GBP") => Currency::Gbp,
                Some("CAD") => Currency::Cad,
                Some("INR") => Currency::Inr,
                Some(other) => {
                    return Err(unsupported(&format!("the currency `{other}`")));
                }
                None => match small_text.chars().next() {
                    Some('$') => Currency::Usd,
                    Some('€') => Currency::Eur,
                    Some('£') => Currency::Gbp,
                    Some('₹') => Currency::Inr,
                    _ => Currency::PlayMoney,
                },
            }
        };
        let stakes = (
            self.amount(small_text, currency)?,
            self.amount(big_text, currency)?,
        );
        let cap = match cap_text {
            Some(c) => Some(self.amount(c, currency)?),
            None => None,
        };
        // Every history format holds positive stakes, the small at most the big
        // (the blinds, or the fixed limit's small and big bet).
        if stakes.0 == Amount(0) || stakes.0 > stakes.1 {
            return Err(self.err(Kind::Amount {
                text: amounts.to_string(),
                reason: "the stakes must be positive, the small at most the big",
            }));
        }
        let dates = r
            .strip_prefix(" - ")
            .ok_or_else(|| self.malformed("` - ` and the date after the stakes", line))?;
        let mut times = Vec::with_capacity(2);
        let (local, bracketed) = match split_at(dates, " [") {
            Some((a, b)) => (a, Some(b.strip_suffix(']').unwrap_or(b))),
            None => (dates, None),
        };
        times.push(
            timestamp(local)
                .ok_or_else(|| self.malformed("a date `YYYY/MM/DD H:MM:SS ZONE`", line))?,
        );
        if let Some(b) = bracketed {
            times.push(
                timestamp(b)
                    .ok_or_else(|| self.malformed("a date `[YYYY/MM/DD H:MM:SS ZONE]`", line))?,
            );
        }
        Ok(Header {
            id,
            label: None,
            site: &super::convert::SITE,
            game_form,
            zoom,
            tournament,
            limit,
            stakes,
            currency,
            cap,
            times,
        })
    }

    /// `797469411, $3.19+$0.31 USD ` up to the game name.
    fn tournament<'a>(&self, r: &'a str, line: &str) -> R<(Tournament, &'a str)> {
        let (id_text, r) = r
            .split_once(',')
            .and_then(|(id, r)| Some((id, r.strip_prefix(' ')?)))
            .ok_or_else(|| self.malformed("`Tournament #NUMBER, BUY-IN`", line))?;
        let id = digits(id_text).ok_or_else(|| self.malformed("a tournament number", line))?;
        if let Some(r) = r.strip_prefix("Freeroll") {
            return Ok((
                Tournament {
                    id,
                    buy_in: BuyIn::Freeroll,
                    level: None,
                    round: None,
                },
                r.trim_start(),
            ));
        }
        let (buy, mut r) = r
            .split_once(' ')
            .ok_or_else(|| self.malformed("a buy-in such as `$3.19+$0.31 USD`", line))?;
        let currency = match buy.chars().next() {
            Some('$') => Currency::Usd,
            Some('€') => Currency::Eur,
            Some('£') => Currency::Gbp,
            Some('₹') => Currency::Inr,
            _ => Currency::Chips,
        };
        let currency = match r.split_once(' ') {
            Some((code @ ("USD" | "EUR" | "GBP" | "CAD" | "INR"), rest)) => {
                r = rest;
                match code {
                    "EUR" => Currency::Eur,
                    "GBP" => Currency::Gbp,
                    "CAD" => Currency::Cad,
                    "INR" => Currency::Inr,
                    _ => Currency::Usd,
                }
            }
            _ => currency,
        };
        let mut parts = Vec::with_capacity(3);
        for p in buy.split('+') {
            parts.push(self.amount(p, currency)?);
        }
        Ok((
            Tournament {
                id,
                buy_in: BuyIn::Paid { parts, currency },
                level: None,
                round: None,
            },
            r,
        ))
    }

    fn table(&self, line: &str) -> R<TableLine> {
        let expected = "`Table 'NAME' N-max Seat #N is the button`";
        let r = line
            .strip_prefix("Table '")
            .ok_or_else(|| self.malformed(expected, line))?;
        let (name, r) = rsplit_at_quote_space(r).ok_or_else(|| self.malformed(expected, line))?;
        let mut r = r;
        let mut max_seats = None;
        if let Some((size, rest)) = split_at(r, "-max") {
            max_seats = Some(
                digits(size)
                    .and_then(|s| u8::try_from(s).ok())
                    .ok_or_else(|| self.malformed(expected, line))?,
            );
            r = rest.trim_start();
        }
        let mut play_money = false;
        if let Some(rest) = r.strip_prefix("(Play Money)") {
            play_money = true;
            r = rest.trim_start();
        }
        let button = r
            .strip_prefix("Seat #")
            .and_then(|r| r.strip_suffix(" is the button"))
            .and_then(digits)
            .and_then(|b| u32::try_from(b).ok())
            .ok_or_else(|| self.malformed(expected, line))?;
        Ok(TableLine {
            name: name.to_string(),
            max_seats,
            play_money,
            button,
        })
    }

    /// A seat line after `Seat `; `None` when the text is not a seat line at all.
    fn seat(&self, rest: &str, n: u32, currency: Currency) -> R<Option<Seat>> {
        let Some((num, rest)) = split_at(rest, ": ") else {
            return Ok(None);
        };
        let Some(number) = digits(num).and_then(|v| u32::try_from(v).ok()) else {
            return Ok(None);
        };
        // The stack is in the last ` (` whose contents read as `STACK in chips`.
        let mut search = rest.len();
        while let Some(open) = rest
            .as_bytes()
            .get(..search)
            .and_then(|s| s.iter().rposition(|&b| b == b'('))
        {
            search = open;
            let Some(i) = open.checked_sub(1) else { break };
            if rest.as_bytes().get(i) != Some(&b' ') {
                continue;
            }
            let Some(name) = rest.get(..i) else { break };
            let Some(inner) = rest.get(open + 1..) else {
                break;
            };
            let Some((stack_text, after)) = split_byte(inner, b' ') else {
                continue;
            };
            let Some(after) = after.strip_prefix("in chips") else {
                continue;
            };
            let Ok(stack) = self.amount(stack_text, currency) else {
                continue;
            };
            let (bounty, tail) = if let Some(t) = after.strip_prefix(')') {
                (None, t)
            } else if let Some(b) = after.strip_prefix(", ") {
                let Some((btext, t)) = b.split_once(" bounty)") else {
                    continue;
                };
                let bounty_currency = match btext.chars().next() {
                    Some('$') => Currency::Usd,
                    Some('€') => Currency::Eur,
                    Some('£') => Currency::Gbp,
                    _ => Currency::Chips,
                };
                (Some(self.amount(btext, bounty_currency)?), t)
            } else {
                continue;
            };
            let tail = tail.trim();
            let state = if tail.is_empty() {
                SeatState::Playing
            } else if tail == "is sitting out" {
                SeatState::SittingOut
            } else if tail.starts_with("out of hand") {
                SeatState::OutOfHand
            } else {
                return Err(self.malformed(
                    "nothing, `is sitting out` or `out of hand` after the stack",
                    rest,
                ));
            };
            if name.is_empty() {
                return Err(self.malformed("a player name", rest));
            }
            return Ok(Some(Seat {
                number,
                name: name.to_string(),
                stack,
                bounty,
                state,
                line: n,
            }));
        }
        Err(self.malformed("`Seat N: name (STACK in chips)`", rest))
    }

    // ---- amounts and cards --------------------------------------------------

    /// `$0.25`, `€1`, `1500`: exact hundredths in `currency`.
    fn amount(&self, text: &str, currency: Currency) -> R<Amount> {
        let bad = |reason: &'static str| {
            self.err(Kind::Amount {
                text: text.to_string(),
                reason,
            })
        };
        let mut chars = text.chars();
        let body = match chars.next() {
            Some(c @ ('$' | '€' | '£' | '₹')) => {
                if currency.symbol() != Some(c) {
                    return Err(bad("its currency is not the header's"));
                }
                chars.as_str()
            }
            Some(_) => text,
            None => return Err(bad("empty")),
        };
        parse_amount(body).ok_or_else(|| bad("not a number with at most two decimals"))
    }

    /// `[Ah Kd]` at the start of `text`: the cards and the text after `]`.
    fn cards<'a>(&self, text: &'a str) -> R<(CardList, &'a str)> {
        let inner = text
            .strip_prefix('[')
            .and_then(|t| split_byte(t, b']'))
            .ok_or_else(|| self.malformed("cards in brackets `[Ah Kd]`", text))?;
        // The client writes `Ah Kd`: two-byte cards, one space apart.
        if let Some(cards) = two_byte_cards(inner.0) {
            return Ok((cards, inner.1));
        }
        let mut cards = CardList::new();
        for token in inner.0.split(' ').filter(|t| !t.is_empty()) {
            let card: Card = token.parse().map_err(|e: holdem_cards::ParseCardError| {
                self.err(Kind::Cards {
                    text: inner.0.to_string(),
                    reason: e.to_string(),
                })
            })?;
            if cards.contains(&card) {
                return Err(self.err(Kind::Cards {
                    text: inner.0.to_string(),
                    reason: format!("{card} is written twice"),
                }));
            }
            if cards.try_push(card).is_err() {
                return Err(self.err(Kind::Cards {
                    text: inner.0.to_string(),
                    reason: "more than five cards".to_string(),
                }));
            }
        }
        Ok((cards, inner.1))
    }

    // ---- the play -----------------------------------------------------------

    fn body_line(&self, line: &str, seats: &[Seat], currency: Currency) -> R<Event> {
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

    fn unknown_or_malformed(
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

    fn marker(&self, marker: &str, line: &str) -> R<Event> {
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
        let (first, rest) = self.cards(cards_text)?;
        let (before, cards) = if street == Street::Flop {
            if !rest.is_empty() {
                return Err(self.malformed("nothing after the flop's cards", line));
            }
            (CardList::new(), first)
        } else {
            let (second, tail) = self.cards(rest.trim_start())?;
            if !tail.is_empty() {
                return Err(self.malformed("nothing after the new card", line));
            }
            (first, second)
        };
        let want = if street == Street::Flop { 3 } else { 1 };
        let before_want = match street {
            Street::Flop => 0,
            Street::Turn => 3,
            Street::River => 4,
        };
        if cards.len() != want || before.len() != before_want {
            return Err(self.err(Kind::Cards {
                text: shorten(cards_text),
                reason: format!(
                    "this street shows {before_want} earlier cards and deals {want}, not {} and {}",
                    before.len(),
                    cards.len()
                ),
            }));
        }
        Ok(Event::Board {
            street,
            run,
            cards,
            before,
        })
    }

    fn action(&self, seat: SeatIndex, verb: &str, line: &str, currency: Currency) -> R<Event> {
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

    fn summary_line(
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

// ---- helpers ---------------------------------------------------------------

/// The hand number of a header line (the digits after the first `#`), so that even
/// an unsupported or malformed header's error names its hand.
fn header_number(line: &str) -> Option<u64> {
    let (_, after) = line.split_once('#')?;
    let end = after
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(after.len());
    digits(after.get(..end)?)
}

/// A non-empty run of ASCII digits as a number (at most 19 digits).
pub(crate) fn digits(s: &str) -> Option<u64> {
    if s.is_empty() || s.len() > 19 {
        return None;
    }
    let mut v: u64 = 0;
    for b in s.bytes() {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        // At most 19 digits: below 10^19 < 2^64.
        v = v * 10 + u64::from(d);
    }
    Some(v)
}

/// `25`, `0.25`, `1500`, `3.5`: hundredths; `None` for anything else.
pub(crate) fn parse_amount(s: &str) -> Option<Amount> {
    let bytes = s.as_bytes();
    let dot = bytes.iter().position(|&b| b == b'.');
    let (whole, frac) = match dot {
        Some(i) => (bytes.get(..i)?, bytes.get(i + 1..)?),
        None => (bytes, &[][..]),
    };
    if whole.is_empty() || whole.len() > 17 || (dot.is_some() && !matches!(frac.len(), 1 | 2)) {
        return None;
    }
    let mut v: u64 = 0;
    for &b in whole.iter().chain(frac) {
        let d = b.wrapping_sub(b'0');
        if d > 9 {
            return None;
        }
        // At most 19 digits in all: below 10^19 < 2^64.
        v = v * 10 + u64::from(d);
    }
    let scale = match frac.len() {
        0 => 100,
        1 => 10,
        _ => 1,
    };
    Some(Amount(v * scale))
}

/// The index of the first byte `b` (ASCII) in `s`, eight bytes at a time.
#[inline]
fn find_byte(s: &str, b: u8) -> Option<usize> {
    // Eight bytes a step: a byte of `w` is zero where the text holds `b`, and the
    // lowest flagged byte is exact (a borrow only reaches the bytes above it).
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    let bytes = s.as_bytes();
    let pattern = LO * u64::from(b);
    let mut chunks = bytes.chunks_exact(8);
    let mut at = 0;
    for chunk in &mut chunks {
        let word = <[u8; 8]>::try_from(chunk).ok()?;
        let w = u64::from_le_bytes(word) ^ pattern;
        let hit = w.wrapping_sub(LO) & !w & HI;
        if hit != 0 {
            return Some(at + (hit.trailing_zeros() / 8) as usize);
        }
        at += 8;
    }
    chunks
        .remainder()
        .iter()
        .position(|&x| x == b)
        .map(|i| at + i)
}

/// `s` split at the first byte `b` (ASCII), which belongs to neither part.
#[inline]
fn split_byte(s: &str, b: u8) -> Option<(&str, &str)> {
    let i = find_byte(s, b)?;
    Some((s.get(..i)?, s.get(i + 1..)?))
}

/// Cards written as the client writes them (`Ah Kd 2c`: a rank and a suit letter
/// each, one space apart, no card twice, at most five), or `None` for anything
/// else, which the general reader then reads or refuses with its reason.
fn two_byte_cards(text: &str) -> Option<CardList> {
    use holdem_cards::{Rank, Suit};
    let b = text.as_bytes();
    if b.len() % 3 != 2 || b.len() > 14 {
        return None;
    }
    let mut cards = CardList::new();
    let mut seen = 0u64;
    for (i, c) in b.chunks(3).enumerate() {
        let (&r, &u) = (c.first()?, c.get(1)?);
        if i > 0 && b.get(i * 3 - 1) != Some(&b' ') {
            return None;
        }
        let card = Card::new(Rank::from_char(r as char)?, Suit::from_char(u as char)?);
        if seen & card.bit() != 0 {
            return None;
        }
        seen |= card.bit();
        cards.push(card);
    }
    Some(cards)
}

/// How many lines of a hand can be events: those between the seats and the
/// summary. (Sized to them, the events of a typical hand stay under a kilobyte,
/// which the allocator serves from its per-thread cache.)
fn event_lines(lines: &[(u32, &str)]) -> usize {
    let summary = lines
        .iter()
        .position(|(_, l)| *l == "*** SUMMARY ***")
        .unwrap_or(lines.len());
    let body = lines.get(2..summary).unwrap_or(&[]);
    let seats = body
        .iter()
        .take_while(|(_, l)| l.starts_with("Seat ") || is_filler(l))
        .count();
    body.len() - seats
}

/// `s` cut at its last `' ` (a table name may hold quotes and spaces).
fn rsplit_at_quote_space(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    let at = b.windows(2).rposition(|w| w == b"' ")?;
    Some((s.get(..at)?, s.get(at + 2..)?))
}

/// `s` split at the first `pat`: the text before and after it.
fn split_at<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let p = pat.as_bytes();
    let first = *p.first()?;
    let bytes = s.as_bytes();
    let mut from = 0;
    while let Some(i) = find_byte(s.get(from..)?, first) {
        let at = from + i;
        if bytes.get(at..at + p.len()) == Some(p) {
            return Some((s.get(..at)?, s.get(at + p.len()..)?));
        }
        from = at + 1;
    }
    None
}

/// `2013/10/04 19:53:27 CET` (the zone optional).
pub(crate) fn timestamp(s: &str) -> Option<Timestamp> {
    let (date, rest) = s.split_at_checked(find_byte(s, b' ')?)?;
    let rest = rest.get(1..)?;
    let (time, zone) = match find_byte(rest, b' ') {
        Some(i) => (rest.get(..i)?, Some(rest.get(i + 1..)?)),
        None => (rest, None),
    };
    if zone.is_some_and(|z| z.is_empty() || find_byte(z, b' ').is_some()) {
        return None;
    }
    let [y, m, day] = numbers::<3>(date, b'/')?;
    let [h, min, sec] = numbers::<3>(time, b':')?;
    if !(1..=12).contains(&m) || day == 0 || day > 31 || h > 23 || min > 59 || sec > 60 {
        return None;
    }
    Some(Timestamp {
        date: (u16::try_from(y).ok()?, m as u8, day as u8),
        time: (h as u8, min as u8, sec as u8),
        zone: zone.map(str::to_string),
    })
}

/// Exactly `N` numbers of at most four digits separated by `sep`.
fn numbers<const N: usize>(s: &str, sep: u8) -> Option<[u64; N]> {
    let mut out = [0u64; N];
    let mut i = 0;
    let mut len = 0;
    for b in s.bytes() {
        if b == sep {
            if len == 0 {
                return None;
            }
            i += 1;
            len = 0;
            if i >= N {
                return None;
            }
            continue;
        }
        let d = b.wrapping_sub(b'0');
        if d > 9 || len >= 4 {
            return None;
        }
        let slot = out.get_mut(i)?;
        *slot = *slot * 10 + u64::from(d);
        len += 1;
    }
    (i + 1 == N && len > 0).then_some(out)
}

/// The seat whose name starts `line` and is followed by `sep`, the longest such
/// name; returns the seat and the text from `sep` on.
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

#[cfg(test)]
mod byte_search {
    use super::{find_byte, split_at};

    #[test]
    fn find_byte_agrees_with_a_plain_scan_at_every_place_and_length() {
        // Every length to 40 and every place of the byte, with other bytes around
        // it that differ from it by one bit or by a borrow (0x27, 0x29, 0xA8...).
        for len in 0..40 {
            for at in 0..=len {
                for (b, other) in [(b'(', b')'), (b'(', b'\''), (b' ', b'!'), (b'$', 0xA8)] {
                    let mut bytes = vec![other; len];
                    if at < len {
                        bytes[at] = b;
                        if at + 1 < len {
                            bytes[at + 1] = b;
                        }
                    }
                    let text: String = bytes.iter().map(|&x| char::from(x)).collect();
                    let want = text.bytes().position(|x| x == b);
                    assert_eq!(find_byte(&text, b), want, "{text:?} {b}");
                }
            }
        }
        assert_eq!(find_byte("Seat 1: né (€5 in chips)", b'('), Some(12));
    }

    #[test]
    fn split_at_finds_the_first_whole_pattern() {
        assert_eq!(split_at("a -b - c", " - "), Some(("a -b", "c")));
        assert_eq!(split_at("€1 to €2", " to "), Some(("€1", "€2")));
        assert_eq!(split_at("abc", " - "), None);
    }
}
