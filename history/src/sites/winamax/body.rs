//! The lines of a Winamax hand after its header (table, seats, play, summary), read
//! straight into the typed [`Hand`]: each line's event is made from the site's own
//! text as it is read, with no PokerStars text in between.
//!
//! The checks are those of the PokerStars reader, made on the way: at most ten
//! seats, no seat number or name twice, forced bets before the hole cards and the
//! play after them, two hole cards, each street's cards, a summary with its total.

use holdem_cards::{Card, Rank, Suit};

use super::super::ast::{
    Amount, CardList, Currency, Event, Hand, Header, Line, Note, PostKind, PotName, Run, Seat,
    SeatIndex, SeatState, Street, Summary, SummarySeat, TableLine,
};
use super::super::error::{ImportError, ImportErrorKind as Kind, shorten};
use super::super::text::{StreetFault, street_cards};
use crate::pokerstars::parse::{digits, parse_amount};
use crate::pokerstars::text::is_filler;

/// The most seats a table has.
const MAX_SEATS: usize = 10;

/// Which part of the hand the reader is in.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Section {
    Seats,
    Posts,
    Play,
    Summary,
}

/// What the reader knows of the hand while it reads a line: whose it is, where,
/// and in which money.
struct Reader {
    id: u64,
    line: u32,
    currency: Currency,
}

/// Reads the lines after a Winamax header into the [`Hand`] of `header`.
///
/// # Errors
/// An [`ImportError`] at the line that is not a Winamax form or breaks the order
/// of the sections.
pub(super) fn read_body(
    header: Header,
    first_line: u32,
    lines: &[(u32, &str)],
) -> Result<Hand, ImportError> {
    let mut r = Reader {
        id: header.id,
        line: first_line,
        currency: header.currency,
    };
    let mut it = lines
        .iter()
        .map(|&(n, l)| (n, trim_end(l)))
        .filter(|(_, l)| !is_filler(l));
    let Some((n, table_text)) = it.next() else {
        return Err(r.err(Kind::Truncated("a table line")));
    };
    r.line = n;
    let table = r.table(table_text)?;
    let mut hand = Hand {
        header,
        table,
        seats: Vec::with_capacity(MAX_SEATS),
        events: Vec::new(),
        summary: Summary {
            seats: Vec::with_capacity(MAX_SEATS),
            ..Summary::default()
        },
        first_line,
    };
    let mut section = Section::Seats;
    let mut saw_total = false;
    let mut hole_cards = false;
    for (n, line) in it {
        r.line = n;

        if section == Section::Summary {
            r.summary_line(line, &hand.seats, &mut hand.summary, &mut saw_total)?;
            continue;
        }
        if line == "*** ANTE/BLINDS ***" || line == "*** ANTEBLINDS ***" {
            continue;
        }
        // The player's own cards come before `*** PRE-FLOP ***`: the hole cards
        // are dealt at the first of the two.
        let dealt = line.starts_with("Dealt to ");
        let pre_flop = line == "*** PRE-FLOP ***";
        if dealt || pre_flop {
            if !hole_cards {
                hole_cards = true;
                r.hole_cards(&mut section, &mut hand, lines.len())?;
            }
            if pre_flop {
                continue;
            }
        }
        if section == Section::Seats {
            if let Some(rest) = line.strip_prefix("Seat ") {
                if let Some(seat) = r.seat(rest, line)? {
                    if hand
                        .seats
                        .iter()
                        .any(|s| s.number == seat.number || s.name == seat.name)
                    {
                        return Err(r.err(Kind::DuplicateSeat {
                            seat: seat.number,
                            name: seat.name,
                        }));
                    }
                    if hand.seats.len() >= MAX_SEATS {
                        return Err(r.malformed("at most ten seats", line));
                    }
                    hand.seats.push(seat);
                    continue;
                }
            }
            r.end_of_seats(&mut hand, line, lines.len())?;
            section = Section::Posts;
        }
        if line == "*** SUMMARY ***" {
            if section != Section::Play {
                return Err(r.err(Kind::OutOfOrder {
                    found: line.to_string(),
                    reason: "no *** HOLE CARDS *** before it",
                }));
            }
            section = Section::Summary;
            continue;
        }
        let Some(event) = r.body_line(line, &hand.seats)? else {
            continue;
        };
        let is_post = matches!(event, Event::Post { .. });
        let is_play = !matches!(event, Event::Post { .. } | Event::Note { .. });
        if section == Section::Posts && is_play {
            return Err(r.err(Kind::OutOfOrder {
                found: shorten(line),
                reason: "the hole cards are not dealt yet",
            }));
        }
        if section == Section::Play && is_post {
            return Err(r.err(Kind::OutOfOrder {
                found: shorten(line),
                reason: "forced bets come before *** HOLE CARDS ***",
            }));
        }
        hand.events.push(Line { line: n, event });
    }
    if section != Section::Summary {
        return Err(r.err(Kind::Truncated("a *** SUMMARY *** section")));
    }
    if !saw_total {
        return Err(r.err(Kind::Truncated("a `Total pot` line in its summary")));
    }
    Ok(hand)
}

/// The seat whose name begins `line`, followed by a blank or a colon (the longest
/// such name), and the text after the name.
fn split_seat<'a>(line: &'a str, seats: &[Seat]) -> Option<(SeatIndex, &'a str)> {
    let bytes = line.as_bytes();
    let first = bytes.first();
    let mut best: Option<(usize, usize)> = None;
    for (i, s) in seats.iter().enumerate() {
        let n = s.name.len();
        // (The first byte first: most seats differ there, without a compare call.)
        if s.name.as_bytes().first() == first
            && bytes.get(..n) == Some(s.name.as_bytes())
            && matches!(bytes.get(n), Some(b' ' | b':'))
            && best.is_none_or(|(_, len)| n > len)
        {
            best = Some((i, n));
        }
    }
    let (i, n) = best?;
    Some((SeatIndex::try_from(i).ok()?, line.get(n..)?))
}

/// `s` split at the first `pat` (whose first byte is ASCII): the text before and
/// after it. (A byte search: the standard library's searcher for a string pattern
/// costs more to build than these short lines take to scan.)
pub(super) fn split_at<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let (&first, tail) = pat.as_bytes().split_first()?;
    let bytes = s.as_bytes();
    let mut from = 0;
    while let Some(i) = bytes.get(from..)?.iter().position(|&b| b == first) {
        let at = from + i;
        if bytes.get(at + 1..at + pat.len()) == Some(tail) {
            return Some((s.get(..at)?, s.get(at + pat.len()..)?));
        }
        from = at + 1;
    }
    None
}

/// `s` split at the last `pat` (whose first byte is ASCII).
pub(super) fn rsplit_at<'a>(s: &'a str, pat: &str) -> Option<(&'a str, &'a str)> {
    let (&first, tail) = pat.as_bytes().split_first()?;
    let bytes = s.as_bytes();
    let mut to = bytes.len();
    while let Some(at) = bytes.get(..to)?.iter().rposition(|&b| b == first) {
        if bytes.get(at + 1..at + pat.len()) == Some(tail) {
            return Some((s.get(..at)?, s.get(at + pat.len()..)?));
        }
        to = at;
    }
    None
}

/// Cards as the client writes them (`Ah Kd 2c`: a rank and a suit letter each,
/// one blank apart, none twice, at most five), or `None` for anything else, which
/// the general reader then reads or refuses with its reason.
fn two_byte_cards(text: &str) -> Option<CardList> {
    let b = text.as_bytes();
    if b.len() % 3 != 2 || b.len() > 14 {
        return None;
    }
    let mut cards = CardList::new();
    let mut seen = 0u64;
    for (i, c) in b.chunks(3).enumerate() {
        let (&r, &u) = (c.first()?, c.get(1)?);
        if c.get(2).is_some_and(|&sep| sep != b' ') || (i > 0 && b.get(i * 3 - 1) != Some(&b' ')) {
            return None;
        }
        let card = Card::new(
            Rank::from_char(char::from(r))?,
            Suit::from_char(char::from(u))?,
        );
        if seen & card.bit() != 0 {
            return None;
        }
        seen |= card.bit();
        cards.try_push(card).ok()?;
    }
    Some(cards)
}

/// `25`, `0.25`, `3.5` read in one pass (at most twelve digits before the dot,
/// one or two after), or `None`, for the general reader to read or refuse.
fn hundredths(s: &str) -> Option<Amount> {
    let mut whole: u64 = 0;
    let mut digits = 0;
    let mut bytes = s.as_bytes().iter();
    for &b in bytes.by_ref() {
        let d = b.wrapping_sub(b'0');
        if d <= 9 && digits < 12 {
            whole = whole * 10 + u64::from(d);
            digits += 1;
        } else if b == b'.' && digits > 0 {
            let frac = bytes.as_slice();
            let (tens, ones) = match frac {
                [t] => (t.wrapping_sub(b'0'), 0),
                [t, o] => (t.wrapping_sub(b'0'), o.wrapping_sub(b'0')),
                _ => return None,
            };
            return (tens <= 9 && ones <= 9)
                .then(|| Amount(whole * 100 + u64::from(tens) * 10 + u64::from(ones)));
        } else {
            return None;
        }
    }
    (digits > 0).then_some(Amount(whole * 100))
}

/// `line` without its trailing blanks (the reader of lines has taken them off
/// already, unless the lines came from elsewhere).
fn trim_end(line: &str) -> &str {
    match line.as_bytes().last() {
        Some(b) if b.is_ascii_graphic() => line,
        _ => line.trim_end(),
    }
}

/// The seat of exactly this name.
fn seat_named(name: &str, seats: &[Seat]) -> Option<SeatIndex> {
    seats
        .iter()
        .position(|s| s.name == name)
        .and_then(|i| SeatIndex::try_from(i).ok())
}

impl Reader {
    fn err(&self, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line: self.line,
            kind,
        }
    }

    fn malformed(&self, expected: &'static str, found: &str) -> ImportError {
        self.err(Kind::Malformed {
            expected,
            found: shorten(found),
        })
    }

    /// `0.25€` at a euro table (the sign after the number, or none), `1500` in
    /// chips: exact hundredths.
    fn amount(&self, text: &str) -> Result<Amount, ImportError> {
        let bad = |reason: &'static str| {
            self.err(Kind::Amount {
                text: text.to_string(),
                reason,
            })
        };
        let body = if let Some(number) = text.strip_suffix('€') {
            if self.currency != Currency::Eur {
                return Err(bad("its currency is not the header's"));
            }
            number
        } else {
            let mut chars = text.chars();
            match chars.next() {
                Some(c @ ('$' | '€' | '£' | '₹')) => {
                    if self.currency.symbol() != Some(c) {
                        return Err(bad("its currency is not the header's"));
                    }
                    chars.as_str()
                }
                Some(_) => text,
                None => return Err(bad("empty")),
            }
        };
        hundredths(body)
            .or_else(|| parse_amount(body))
            .ok_or_else(|| bad("not a number with at most two decimals"))
    }

    /// `[Ah Kd]` at the start of `text`: the cards (at most five, none twice) and
    /// the text after `]`.
    fn cards<'a>(&self, text: &'a str) -> Result<(CardList, &'a str), ImportError> {
        let (inner, after) = text
            .strip_prefix('[')
            .and_then(|t| t.split_once(']'))
            .ok_or_else(|| self.malformed("cards in brackets `[Ah Kd]`", text))?;
        let bad = |reason: String| {
            self.err(Kind::Cards {
                text: inner.to_string(),
                reason,
            })
        };
        if let Some(cards) = two_byte_cards(inner) {
            return Ok((cards, after));
        }
        let mut cards = CardList::new();
        for token in inner.split(' ').filter(|t| !t.is_empty()) {
            let card: Card = token
                .parse()
                .map_err(|e: holdem_cards::ParseCardError| bad(e.to_string()))?;
            if cards.contains(&card) {
                return Err(bad(format!("{card} is written twice")));
            }
            if cards.try_push(card).is_err() {
                return Err(bad("more than five cards".to_string()));
            }
        }
        Ok((cards, after))
    }

    /// `Table: 'Athens 11' 5-max (real money) Seat #4 is the button`.
    fn table(&self, line: &str) -> Result<TableLine, ImportError> {
        let expected = "`Table: 'NAME' N-max (real money) Seat #N is the button`";
        let t = line
            .strip_prefix("Table: ")
            .ok_or_else(|| self.malformed(expected, line))?;
        if t.contains(" (play money) ") {
            return Err(self.err(Kind::Unsupported(
                "a Winamax play-money table (only euro tables are read)".to_string(),
            )));
        }
        let (name, mut r) = t
            .strip_prefix('\'')
            .and_then(|t| rsplit_at(t, "' "))
            .ok_or_else(|| self.malformed(expected, line))?;
        let mut max_seats = None;
        if let Some((size, rest)) = split_at(r, "-max") {
            max_seats = Some(
                digits(size)
                    .and_then(|s| u8::try_from(s).ok())
                    .ok_or_else(|| self.malformed(expected, line))?,
            );
            r = rest.trim_start();
        }
        if let Some(rest) = r.strip_prefix("(real money)") {
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
            play_money: false,
            button,
        })
    }

    /// `Seat 1: NAME (67.80€)` after `Seat `: the seat, or `None` when the text has
    /// no seat number (the seats are over).
    fn seat(&self, rest: &str, line: &str) -> Result<Option<Seat>, ImportError> {
        let expected = "`Seat N: NAME (STACK)`";
        let (who, stack) = rsplit_at(rest, " (").ok_or_else(|| self.malformed(expected, line))?;
        let (stack, state) = stack
            .split_once(')')
            .ok_or_else(|| self.malformed(expected, line))?;
        let Some((num, name)) = split_at(who, ": ") else {
            return Ok(None);
        };
        let Some(number) = digits(num).and_then(|v| u32::try_from(v).ok()) else {
            return Ok(None);
        };
        let stack = self
            .amount(stack)
            .map_err(|_| self.malformed(expected, line))?;
        let state = match state.trim() {
            "" => SeatState::Playing,
            "is sitting out" => SeatState::SittingOut,
            s if s.starts_with("out of hand") => SeatState::OutOfHand,
            _ => {
                return Err(self.malformed(
                    "nothing, `is sitting out` or `out of hand` after the stack",
                    line,
                ));
            }
        };
        if name.is_empty() {
            return Err(self.malformed("a player name", line));
        }
        Ok(Some(Seat {
            number,
            name: name.to_string(),
            stack,
            bounty: None,
            state,
            line: self.line,
        }))
    }

    /// The seats are over at `line`: there must have been one. The events are
    /// the `lines` but the seats and the summary (a line for each seat and about
    /// three more); sized to them, a typical hand's events stay under a kilobyte,
    /// which the allocator serves from its per-thread cache.
    fn end_of_seats(&self, hand: &mut Hand, line: &str, lines: usize) -> Result<(), ImportError> {
        if hand.seats.is_empty() {
            return Err(self.malformed("a seat line `Seat N: name (stack in chips)`", line));
        }
        hand.events
            .reserve(lines.saturating_sub(2 * hand.seats.len() + 4));
        Ok(())
    }

    /// The hole cards are dealt (at the first `Dealt to` or `*** PRE-FLOP ***`).
    fn hole_cards(
        &self,
        section: &mut Section,
        hand: &mut Hand,
        lines: usize,
    ) -> Result<(), ImportError> {
        const MARKER: &str = "*** HOLE CARDS ***";
        if *section == Section::Seats {
            self.end_of_seats(hand, MARKER, lines)?;
            *section = Section::Posts;
        }
        if *section != Section::Posts {
            return Err(self.err(Kind::OutOfOrder {
                found: MARKER.to_string(),
                reason: "the hole cards were already dealt",
            }));
        }
        *section = Section::Play;
        hand.events.push(Line {
            line: self.line,
            event: Event::HoleCards,
        });
        Ok(())
    }

    /// A line of the play; `None` for one that is no part of the game (chat).
    fn body_line(&self, line: &str, seats: &[Seat]) -> Result<Option<Event>, ImportError> {
        if let Some(marker) = line.strip_prefix("*** ") {
            return self.marker(marker, line).map(Some);
        }
        if let Some(rest) = line.strip_prefix("Dealt to ") {
            return self.dealt(rest, line, seats).map(Some);
        }
        if let Some(rest) = line.strip_prefix("Uncalled bet (") {
            let (amount_text, who) = split_at(rest, ") returned to ")
                .ok_or_else(|| self.malformed("`Uncalled bet (X) returned to NAME`", line))?;
            let amount = self.amount(amount_text)?;
            let seat = seat_named(who, seats)
                .ok_or_else(|| self.err(Kind::UnknownPlayer(who.to_string())))?;
            return Ok(Some(Event::Uncalled { seat, amount }));
        }
        if line == "Hand cancelled" {
            return Err(self.err(Kind::Unsupported("a cancelled hand".to_string())));
        }
        let Some((seat, rest)) = split_seat(line, seats) else {
            return self.unseated(line).map(Some);
        };
        if rest.starts_with(':') {
            // A colon after a name is chat.
            return Ok(None);
        }
        let verb = match rest.as_bytes().get(1) {
            Some(b) if b.is_ascii_graphic() => rest.get(1..).unwrap_or(rest),
            _ => rest.trim_start(),
        };
        if let Some(r) = verb.strip_prefix("collected ") {
            return self.collected(seat, r, line).map(Some);
        }
        let verb = if let Some(a) = verb.strip_prefix("posts ante ") {
            return self.post(seat, PostKind::Ante, a).map(Some);
        } else {
            // A blind posted out of position is read from its seat by the builder.
            verb.strip_suffix(" out of position").unwrap_or(verb)
        };
        self.action(seat, verb, line).map(Some)
    }

    /// `Dealt to NAME [Ah Kd]` after `Dealt to `.
    fn dealt(&self, rest: &str, line: &str, seats: &[Seat]) -> Result<Event, ImportError> {
        let found = seats
            .iter()
            .enumerate()
            .filter(|(_, s)| {
                rest.strip_prefix(s.name.as_str())
                    .is_some_and(|r| r.starts_with(" ["))
            })
            .max_by_key(|(_, s)| s.name.len());
        let Some((i, s)) = found else {
            return Err(match rest.split_once(" [") {
                Some((name, _)) if !name.is_empty() => {
                    self.err(Kind::UnknownPlayer(name.to_string()))
                }
                _ => self.malformed("`Dealt to NAME [..]`", rest),
            });
        };
        let seat = SeatIndex::try_from(i).map_err(|_| self.malformed("a seat", line))?;
        let after = rest.get(s.name.len()..).unwrap_or("").trim_start();
        let (cards, tail) = self.cards(after)?;
        let [a, b] = cards.as_slice() else {
            return Err(self.err(Kind::Cards {
                text: shorten(after),
                reason: format!("hold'em deals two hole cards, not {}", cards.len()),
            }));
        };
        if !tail.is_empty() {
            return Err(self.malformed("nothing after the hole cards", line));
        }
        Ok(Event::Dealt {
            seat,
            cards: [*a, *b],
        })
    }

    /// `X from pot` (`main pot`, `side pot`, `side pot N`) after `NAME collected `.
    fn collected(&self, seat: SeatIndex, r: &str, line: &str) -> Result<Event, ImportError> {
        let (amount_text, pot) = split_at(r, " from ")
            .ok_or_else(|| self.malformed("`NAME collected X from pot`", line))?;
        let amount = self.amount(amount_text)?;
        let pot = match pot {
            "pot" => PotName::Pot,
            "main pot" => PotName::Main,
            "side pot" => PotName::Side,
            other => match other
                .strip_prefix("side pot ")
                .or_else(|| other.strip_prefix("side pot-"))
                .and_then(digits)
                .and_then(|n| u8::try_from(n).ok())
            {
                Some(n) => PotName::SideN(n),
                None => {
                    return Err(
                        self.malformed("`pot`, `main pot`, `side pot` or `side pot N`", line)
                    );
                }
            },
        };
        Ok(Event::Collected { seat, amount, pot })
    }

    /// A forced bet of `kind`: its amount, maybe `and is all-in`.
    fn post(&self, seat: SeatIndex, kind: PostKind, text: &str) -> Result<Event, ImportError> {
        let (text, all_in) = match text.strip_suffix(" and is all-in") {
            Some(t) => (t, true),
            None => (text, false),
        };
        Ok(Event::Post {
            seat,
            kind,
            amount: self.amount(text)?,
            all_in,
        })
    }

    /// The action after a seated player's name.
    fn action(&self, seat: SeatIndex, verb: &str, line: &str) -> Result<Event, ImportError> {
        let (verb, all_in) = match verb.strip_suffix(" and is all-in") {
            Some(v) => (v, true),
            None => (verb, false),
        };
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
        match verb {
            "folds" => {
                return Ok(Event::Fold {
                    seat,
                    shown: CardList::new(),
                });
            }
            "checks" => return Ok(Event::Check { seat }),
            "mucks hand" => {
                return Ok(Event::Mucks {
                    seat,
                    cards: CardList::new(),
                });
            }
            "doesn't show hand" | "doesn't show" => return Ok(Event::DoesNotShow { seat }),
            // A player due a blind who declines it (on entering or after
            // sitting out) posts nothing and is not dealt in.
            "sits out" | "is sitting out" | "denies big blind" | "denies small blind" => {
                return Ok(Event::Note {
                    seat: Some(seat),
                    note: Note::Table,
                });
            }
            _ => {}
        }
        if let Some(r) = verb.strip_prefix("calls ") {
            let amount = self.amount(r)?;
            return Ok(Event::Call {
                seat,
                amount,
                all_in,
            });
        }
        if let Some(r) = verb.strip_prefix("bets ") {
            let amount = self.amount(r)?;
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
                by: self.amount(by)?,
                to: self.amount(to)?,
                all_in,
            });
        }
        if let Some(r) = verb.strip_prefix("posts ") {
            let (kind, amount_text) = if let Some(a) = r.strip_prefix("small blind ") {
                (PostKind::SmallBlind, a)
            } else if let Some(a) = r.strip_prefix("big blind ") {
                (PostKind::BigBlind, a)
            } else if let Some(a) = r.strip_prefix("small & big blinds ") {
                (PostKind::SmallAndBig, a)
            } else if let Some(a) = r.strip_prefix("the ante ") {
                (PostKind::Ante, a)
            } else if let Some(a) = r.strip_prefix("straddle ") {
                (PostKind::Straddle, a)
            } else {
                return Err(self.malformed(
                    "`posts small blind`, `big blind`, `small & big blinds`, `ante` or `straddle`",
                    line,
                ));
            };
            return Ok(Event::Post {
                seat,
                kind,
                amount: self.amount(amount_text)?,
                all_in,
            });
        }
        if let Some(r) = verb.strip_prefix("folds ") {
            let (shown, tail) = self.cards(r)?;
            if !tail.is_empty() {
                return Err(self.malformed("nothing after the folded cards", line));
            }
            return Ok(Event::Fold { seat, shown });
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
        if let Some(r) = verb.strip_prefix("mucks hand ") {
            let (cards, _) = self.cards(r)?;
            return Ok(Event::Mucks { seat, cards });
        }
        Err(self.malformed("an action (`folds`, `checks`, `calls X`, `bets X`, `raises X to Y`, `posts ...`, `shows [..]`, `mucks hand`, `doesn't show hand`)", line))
    }

    /// A line that begins with no seated player's name: a notice about someone
    /// not seated in this hand, or an error.
    fn unseated(&self, line: &str) -> Result<Event, ImportError> {
        if let Some(note) = unseated_note(line) {
            return Ok(Event::Note { seat: None, note });
        }
        match line.split_once(' ') {
            Some((name, verb)) if is_action_verb(verb) => {
                Err(self.err(Kind::UnknownPlayer(name.to_string())))
            }
            _ => Err(self.malformed("an action, a street marker or a table notice", line)),
        }
    }

    /// `FLOP *** [..]`, `TURN *** [..][..]`, `SHOW DOWN ***` (after `*** `).
    fn marker(&self, marker: &str, line: &str) -> Result<Event, ImportError> {
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

    /// A line of the summary. Winamax's total pot is what the players collected,
    /// the rake already taken: the rake is added back, as the hand's total holds it.
    fn summary_line(
        &self,
        line: &str,
        seats: &[Seat],
        summary: &mut Summary,
        saw_total: &mut bool,
    ) -> Result<(), ImportError> {
        if let Some(r) = line.strip_prefix("Total pot ") {
            let (total, rake) = match r.strip_suffix(" | No rake") {
                Some(total) => (total, None),
                None => {
                    let (total, rake) = split_at(r, " | Rake ").ok_or_else(|| {
                        self.err(super::super::error::malformed(
                            "`Total pot X | Rake Y` or `| No rake`",
                            line,
                        ))
                    })?;
                    (total, Some(rake))
                }
            };
            if total.contains(' ') {
                return Err(self.err(Kind::Unsupported(
                    "a Winamax hand with side pots in its summary".to_string(),
                )));
            }
            let total = self.amount(total)?;
            let rake = match rake {
                Some(rake) => self.amount(rake)?,
                None => Amount::ZERO,
            };
            summary.total_pot = total.checked_add(rake).ok_or_else(|| {
                self.err(Kind::Amount {
                    text: shorten(line),
                    reason: "too large",
                })
            })?;
            summary.rake = rake;
            summary.line = self.line;
            *saw_total = true;
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Board: ") {
            let (cards, tail) = self.cards(r)?;
            if !tail.is_empty() || summary.boards.try_push(cards).is_err() {
                return Err(self.malformed("`Board: [..]`, at most two boards", line));
            }
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            summary.seats.push(self.summary_seat(r, line, seats)?);
            return Ok(());
        }
        Err(self.malformed("a summary line (`Total pot`, `Board:`, `Seat N:`)", line))
    }

    /// `1: NAME (button) showed [Qh Qc] and won 43.45€ with ...` (after `Seat `).
    fn summary_seat(
        &self,
        r: &str,
        line: &str,
        seats: &[Seat],
    ) -> Result<SummarySeat, ImportError> {
        let (num, rest) =
            split_at(r, ": ").ok_or_else(|| self.malformed("`Seat N: NAME ...`", line))?;
        let number = digits(num).ok_or_else(|| self.malformed("a seat number", line))?;
        let (index, seat) = seats
            .iter()
            .enumerate()
            .find(|(_, s)| u64::from(s.number) == number)
            .ok_or_else(|| self.malformed("a seat listed at the start of the hand", line))?;
        let index = SeatIndex::try_from(index)
            .map_err(|_| self.malformed("a seat listed at the start of the hand", line))?;
        let tail = rest
            .strip_prefix(seat.name.as_str())
            .ok_or_else(|| self.err(Kind::UnknownPlayer(shorten(rest))))?;
        let mut cards = CardList::new();
        if let Some(i) = tail.find('[') {
            let before = tail.get(..i).unwrap_or("");
            if before.ends_with("showed ") || before.ends_with("mucked ") {
                cards = self.cards(tail.get(i..).unwrap_or(""))?.0;
            }
        }
        // (Most seats win nothing: the vector allocates only for a winner.)
        let mut won = Vec::new();
        if let Some((_, after)) = split_at(tail, " won ") {
            let amount = after.split(' ').next().unwrap_or("");
            won.push(self.amount(amount)?);
        }
        Ok(SummarySeat {
            seat: index,
            cards,
            won,
            line: self.line,
        })
    }
}

/// The notices that follow `NAME ` (a blank, not a colon), about a player who
/// holds no seat in this hand.
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
    None
}

/// A notice about a player who holds no seat in this hand: every blank is tried
/// as the end of the name.
fn unseated_note(line: &str) -> Option<Note> {
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
mod one_pass {
    use super::{hundredths, parse_amount};

    proptest::proptest! {
        /// The one-pass amount reads what the general reader reads, or leaves it
        /// to it.
        #[test]
        fn h6_winamax_amounts_read_in_one_pass_agree_with_the_general_reader(
            text in "[0-9.]{0,22}",
        ) {
            let fast = hundredths(&text);
            proptest::prop_assert!(fast.is_none() || fast == parse_amount(&text), "{text}");
            if text.len() <= 12 {
                proptest::prop_assert_eq!(fast, parse_amount(&text), "{}", text);
            }
        }
    }
}
