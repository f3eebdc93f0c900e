//! A Full Tilt hand's lines after its header read into events, with the
//! PokerStars reader's checks of their order.

use crate::pokerstars::parse::{LineReader, parse_amount, split_at};

use super::super::ast::{
    Amount, CardList, Currency, Event, Line, PostKind, PotName, Seat, SeatState, Summary,
};
use super::super::error::{ImportError, ImportErrorKind as Kind, malformed, shorten};
use super::super::text::{bracketed_cards, split_player, split_str, without_separators};
use super::{MAX_SEATS, Round, stack_at};
use crate::pokerstars::parse::digits;

/// Which part of the hand the PokerStars checks are in.
#[derive(Copy, Clone, PartialEq, Eq)]
enum Section {
    Seats,
    Posts,
    Play,
    Summary,
}

/// A Full Tilt hand's lines after the header being read: the seats, the events
/// and the summary so far, with the PokerStars reader's checks of their order.
pub(super) struct Body<'a> {
    id: u64,
    stars: LineReader,
    /// The seats' names, longest first.
    pub(super) names: Vec<&'a str>,
    pub(super) round: Round<'a>,
    seats: Vec<Seat>,
    events: Vec<Line>,
    summary: Summary,
    saw_total: bool,
    section: Section,
    /// The last line given to the checks.
    last: u32,
    /// The first error of the kind the PokerStars reader finds: reported after
    /// the site's own checks of the whole hand.
    deferred: Option<ImportError>,
    currency: Currency,
}

impl<'a> Body<'a> {
    pub(super) fn new(id: u64, currency: Currency, names: Vec<&'a str>, first_line: u32) -> Self {
        Body {
            id,
            stars: LineReader::new(id, currency),
            names,
            round: Round::default(),
            seats: Vec::with_capacity(MAX_SEATS),
            events: Vec::with_capacity(32),
            summary: Summary {
                seats: Vec::with_capacity(MAX_SEATS),
                ..Summary::default()
            },
            saw_total: false,
            section: Section::Seats,
            last: first_line,
            deferred: None,
            currency,
        }
    }

    pub(super) fn err(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line,
            kind,
        }
    }

    /// Keeps `e` to report at the end, if it is the first such error.
    pub(super) fn defer(&mut self, e: ImportError) {
        if self.deferred.is_none() {
            self.deferred = Some(e);
        }
    }

    /// The end of the seats (at a line that is not one): there must be one.
    pub(super) fn end_seats(&mut self, n: u32, text: &str) {
        if self.section == Section::Seats {
            if self.seats.is_empty() {
                let e = malformed("a seat line `Seat N: name (stack in chips)`", text);
                self.defer(self.err(n, e));
            }
            self.section = Section::Posts;
        }
    }

    /// A seat of the seat lines: each number and name once, at most ten.
    pub(super) fn seat(&mut self, n: u32, text: &str, seat: Seat) {
        if self
            .seats
            .iter()
            .any(|s| s.number == seat.number || s.name == seat.name)
        {
            let (seat, name) = (seat.number, seat.name);
            self.defer(self.err(n, Kind::DuplicateSeat { seat, name }));
        } else if self.seats.len() >= MAX_SEATS {
            self.defer(self.err(n, malformed("at most ten seats", text)));
        } else {
            self.seats.push(seat);
        }
    }

    /// An event of line `n` (`text`), in its place: forced bets before the hole
    /// cards, the play after them.
    pub(super) fn event(&mut self, n: u32, text: &str, event: Event) {
        if self.deferred.is_some() {
            return;
        }
        self.last = n;
        self.end_seats(n, text);
        let is_post = matches!(event, Event::Post { .. });
        let is_play = !matches!(event, Event::Post { .. } | Event::Note { .. });
        let reason = match self.section {
            Section::Posts if is_play => "the hole cards are not dealt yet",
            Section::Play if is_post => "forced bets come before *** HOLE CARDS ***",
            _ => {
                self.events.push(Line { line: n, event });
                return;
            }
        };
        let found = shorten(text);
        self.defer(self.err(n, Kind::OutOfOrder { found, reason }));
    }

    /// A line in PokerStars' forms, read by the PokerStars reader's line forms.
    pub(super) fn text(&mut self, n: u32, line: &str) {
        if self.deferred.is_some() || is_filler_line(line) {
            return;
        }
        self.last = n;
        if self.section == Section::Seats {
            if let Some(rest) = line.strip_prefix("Seat ") {
                match self.stars.seat(n, rest) {
                    Ok(Some(seat)) => return self.seat(n, line, seat),
                    Ok(None) => {}
                    Err(e) => return self.defer(e),
                }
            }
        }
        self.end_seats(n, line);
        if self.deferred.is_some() {
            return;
        }
        let order = |found: &str, reason| Kind::OutOfOrder {
            found: found.to_string(),
            reason,
        };
        if self.section == Section::Summary {
            self.summary_text(n, line);
        } else if line == "*** SUMMARY ***" {
            if self.section != Section::Play {
                let e = order(line, "no *** HOLE CARDS *** before it");
                return self.defer(self.err(n, e));
            }
            self.section = Section::Summary;
        } else if line == "*** HOLE CARDS ***" {
            if self.section != Section::Posts {
                let e = order(line, "the hole cards were already dealt");
                return self.defer(self.err(n, e));
            }
            self.section = Section::Play;
            self.events.push(Line {
                line: n,
                event: Event::HoleCards,
            });
        } else {
            match self.stars.event(n, line, &self.seats) {
                Ok(event) => self.event(n, line, event),
                Err(e) => self.defer(e),
            }
        }
    }

    /// A line after `*** SUMMARY ***` (Full Tilt's summary lines in
    /// PokerStars' forms but for the board's).
    pub(super) fn summary_text(&mut self, n: u32, line: &str) {
        if self.deferred.is_some() || is_filler_line(line) {
            return;
        }
        let line = without_separators(line);
        if self.section != Section::Summary {
            return self.text(n, &line);
        }
        self.last = n;
        let read = self.stars.summary(
            n,
            &line,
            &self.seats,
            &mut self.summary,
            &mut self.saw_total,
        );
        if let Err(e) = read {
            self.defer(e);
        }
    }

    /// The seat named exactly `name`.
    pub(super) fn seat_named(&self, name: &str) -> Option<u8> {
        let i = self.seats.iter().position(|s| s.name == name)?;
        u8::try_from(i).ok()
    }

    /// An amount of the play in the hand's currency; `None` for any other text
    /// (the line is then read by [`body_line`], which says what is wrong). Where
    /// this reads an amount, [`amount_of`] reads the same.
    pub(super) fn amount(&mut self, n: u32, text: &str) -> Option<Amount> {
        let mut chars = text.chars();
        let digits = match chars.next()? {
            c @ ('$' | '€' | '£' | '₹') if self.currency.symbol() == Some(c) => chars.as_str(),
            '$' | '€' | '£' | '₹' => return None,
            _ => text,
        };
        // (Read as the PokerStars reader reads it: no separator to remove.)
        if !digits.as_bytes().contains(&b',') {
            return parse_amount(digits);
        }
        self.stars.amount(n, &without_separators(text)).ok()
    }

    /// A line read straight into its event: a seat line, a street, an action;
    /// `false` for a line left to [`body_line`] (rarer forms, and any line
    /// after an error, which only the site's own checks still read).
    pub(super) fn fast(&mut self, n: u32, line: &'a str) -> Result<bool, Kind> {
        if self.deferred.is_some() {
            return Ok(false);
        }
        if line.starts_with("The button is in seat #") {
            return Ok(true);
        }
        if let Some(r) = line.strip_prefix("Seat ") {
            return Ok(self.seat_line(n, line, r));
        }
        if let Some(m) = line.strip_prefix("*** ") {
            if m != "HOLE CARDS ***" {
                self.round.bets.clear();
            }
            // `*** FLOP *** [..] (Total Pot: $65, 3 Players)`.
            let end = split_str(m, " (Total Pot").map_or(m.len(), |(m, _)| m.len());
            let text = line.get(..4 + end).unwrap_or(line);
            self.text(n, &without_separators(text));
            return Ok(true);
        }
        if line.starts_with("Uncalled bet of ") || line.starts_with("Dealt to ") {
            return Ok(false);
        }
        let Some((name, rest)) = split_player(line, &self.names) else {
            return Ok(false);
        };
        if rest.starts_with(':') {
            return Ok(true);
        }
        match self.seat_named(name) {
            Some(seat) if !name.contains(',') => {
                self.action(n, line, name, seat, rest.trim_start())
            }
            _ => Ok(false),
        }
    }

    /// `Seat 1: name ($2.73)` (`, is sitting out` after it) among the seats:
    /// whether it was read here.
    pub(super) fn seat_line(&mut self, n: u32, line: &str, r: &str) -> bool {
        if self.section != Section::Seats {
            return false;
        }
        let Some(at) = stack_at(r) else {
            return false;
        };
        let (who, stack) = r.split_at(at);
        let Some((num, name)) = split_at(who, ": ") else {
            return false;
        };
        // (`stack_at` found ` (` there.)
        let (stack, state) = stack
            .get(2..)
            .unwrap_or("")
            .split_once(')')
            .unwrap_or((stack, ""));
        let state = match state {
            "" => SeatState::Playing,
            ", is sitting out" => SeatState::SittingOut,
            _ => return false,
        };
        let Some(number) = digits(num).and_then(|v| u32::try_from(v).ok()) else {
            return false;
        };
        let Some(stack) = self.amount(n, stack) else {
            return false;
        };
        if name.is_empty() || name.contains(['(', ',']) {
            return false;
        }
        let seat = Seat {
            number,
            name: name.to_string(),
            stack,
            bounty: None,
            state,
            line: n,
        };
        self.last = n;
        self.seat(n, line, seat);
        true
    }

    /// An action of a seated player (`verb` after the name): whether it was read
    /// here.
    pub(super) fn action(
        &mut self,
        n: u32,
        line: &str,
        name: &'a str,
        seat: u8,
        verb: &str,
    ) -> Result<bool, Kind> {
        let (verb, all_in) = match verb
            .strip_suffix(", and is all in")
            .or_else(|| verb.strip_suffix(" and is all in"))
        {
            Some(v) => (v, true),
            None => (verb, false),
        };
        if verb.ends_with(", and is capped") {
            return Ok(false);
        }
        let posts = [
            ("posts the small blind of ", PostKind::SmallBlind),
            ("posts the big blind of ", PostKind::BigBlind),
            ("antes ", PostKind::Ante),
        ];
        for (prefix, kind) in posts {
            if let Some(a) = verb.strip_prefix(prefix) {
                let Some(amount) = self.amount(n, a) else {
                    return Ok(false);
                };
                if kind != PostKind::Ante {
                    self.round.add(name, amount, false);
                }
                self.event(
                    n,
                    line,
                    Event::Post {
                        seat,
                        kind,
                        amount,
                        all_in,
                    },
                );
                return Ok(true);
            }
        }
        let event = if let Some(a) = verb.strip_prefix("calls ") {
            let Some(amount) = self.amount(n, a) else {
                return Ok(false);
            };
            self.round.add(name, amount, false);
            Event::Call {
                seat,
                amount,
                all_in,
            }
        } else if let Some(a) = verb.strip_prefix("bets ") {
            let Some(amount) = self.amount(n, a) else {
                return Ok(false);
            };
            self.round.add(name, amount, false);
            Event::Bet {
                seat,
                amount,
                all_in,
            }
        } else if let Some(a) = verb.strip_prefix("raises to ") {
            let Some(to) = self.amount(n, a) else {
                return Ok(false);
            };
            let level = self.round.level();
            self.round.add(name, to, true);
            let by = Amount(to.0.saturating_sub(level));
            Event::Raise {
                seat,
                by,
                to,
                all_in,
            }
        } else if verb == "folds" {
            let shown = CardList::new();
            Event::Fold { seat, shown }
        } else if verb == "checks" {
            Event::Check { seat }
        } else if verb == "mucks" {
            let cards = CardList::new();
            Event::Mucks { seat, cards }
        } else if let Some(r) = verb.strip_prefix("shows ").filter(|r| r.starts_with('[')) {
            let cards = match bracketed_cards(r) {
                Ok((cards, _)) => cards,
                Err(k) => {
                    self.defer(self.err(n, k));
                    return Ok(true);
                }
            };
            if cards.is_empty() || cards.len() > 2 {
                let reason = format!(
                    "a hold'em player shows one or two cards, not {}",
                    cards.len()
                );
                let text = shorten(r);
                self.defer(self.err(n, Kind::Cards { text, reason }));
                return Ok(true);
            }
            Event::Shows { seat, cards }
        } else if let Some(r) = verb.strip_prefix("wins ") {
            // `wins the pot ($0.25) with ...`, `wins the side pot ($1)`...
            let Some((pot, r)) = split_str(r, " (") else {
                return Ok(false);
            };
            let Some((a, _)) = r.split_once(')') else {
                return Ok(false);
            };
            let pot = match pot {
                "the main pot" => PotName::Main,
                "the side pot" => PotName::Side,
                _ => PotName::Pot,
            };
            let Some(amount) = self.amount(n, a) else {
                return Ok(false);
            };
            Event::Collected { seat, amount, pot }
        } else if [
            "shows ",
            "has ",
            "adds ",
            "is ",
            "sits ",
            "stands up",
            "leaves",
            "joins",
        ]
        .iter()
        .any(|p| verb.starts_with(p))
        {
            // Time, connections, chips for the next hand, a hand described without
            // its cards: nothing of the game.
            return Ok(true);
        } else {
            return Ok(false);
        };
        self.event(n, line, event);
        Ok(true)
    }

    /// The seats, events and summary, or the first error the checks found.
    #[allow(clippy::type_complexity)]
    pub(super) fn finish(mut self) -> Result<(Vec<Seat>, Vec<Line>, Summary), ImportError> {
        if self.section != Section::Summary {
            self.defer(self.err(self.last, Kind::Truncated("a *** SUMMARY *** section")));
        }
        if !self.saw_total {
            let e = Kind::Truncated("a `Total pot` line in its summary");
            self.defer(self.err(self.last, e));
        }
        match self.deferred {
            Some(e) => Err(e),
            None => Ok((self.seats, self.events, self.summary)),
        }
    }
}

/// A blank line or a `*********** # N **************` separator, which the
/// PokerStars reader skips (as `pokerstars::text::is_filler`).
fn is_filler_line(line: &str) -> bool {
    line.is_empty()
        || (line.starts_with("***********") && line.ends_with('*') && line.contains(" # "))
}
