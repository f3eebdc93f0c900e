//! Lines to the typed [`Hand`]. Each line is matched against the forms the English
//! client writes at its place in the hand; anything else is an error naming the line.
//! Names are resolved against the seat lines (longest name first, so a name that
//! contains `: ` or another player's name is still found), so every action's player
//! holds a seat.

use super::ast::{Amount, Currency, Event, Hand, Header, Line, Seat, Summary};
use super::error::{PokerStarsError, PokerStarsErrorKind as Kind, shorten};
use super::text::{is_english_start, is_filler, is_foreign_start, lines};
mod events;
mod header;
mod summary;
mod values;

use header::header_number;
pub(crate) use header::timestamp;
pub(crate) use values::{digits, find_byte, parse_amount, split_at};

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
        games: Vec::new().into_iter(),
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
    /// The games of an iPoker session (read whole) still to give out.
    games: std::vec::IntoIter<Result<Hand, PokerStarsError>>,
}

impl Iterator for Hands<'_> {
    type Item = Result<Hand, PokerStarsError>;

    fn next(&mut self) -> Option<Self::Item> {
        if let Some(game) = self.games.next() {
            return Some(game);
        }
        for (n, line) in self.lines.by_ref() {
            if !self.yielded && self.current.is_empty() && crate::sites::ipoker::is_file_start(line)
            {
                // An iPoker file: its games share the session's header, so the
                // session is read whole and its games given out one at a time.
                let mut all = vec![(n, line)];
                all.extend(self.lines.by_ref());
                self.yielded = true;
                self.games = crate::sites::ipoker::parse_session(&all).into_iter();
                return self.games.next();
            }
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

/// The PokerStars reader's forms one line at a time, for a site's reader that
/// makes most of its events itself and gives a few lines (notes, the summary) in
/// PokerStars' forms: each answers as [`parse_body`] answers that line.
pub(crate) struct LineReader {
    p: Parser,
    currency: Currency,
}

impl LineReader {
    /// A reader of hand `hand`'s lines, whose amounts are in `currency`.
    pub(crate) fn new(hand: u64, currency: Currency) -> Self {
        LineReader {
            p: Parser {
                hand: Some(hand),
                line: 0,
            },
            currency,
        }
    }

    /// A seat line after `Seat ` on line `n`; `None` when it is not one.
    pub(crate) fn seat(&mut self, n: u32, rest: &str) -> Result<Option<Seat>, PokerStarsError> {
        self.p.line = n;
        self.p.seat(rest, n, self.currency).map_err(|e| *e)
    }

    /// A line of the play on line `n`.
    pub(crate) fn event(
        &mut self,
        n: u32,
        line: &str,
        seats: &[Seat],
    ) -> Result<Event, PokerStarsError> {
        self.p.line = n;
        self.p.body_line(line, seats, self.currency).map_err(|e| *e)
    }

    /// A line of the summary on line `n`, into `summary`; `saw_total` is set by
    /// its `Total pot` line.
    pub(crate) fn summary(
        &mut self,
        n: u32,
        line: &str,
        seats: &[Seat],
        summary: &mut Summary,
        saw_total: &mut bool,
    ) -> Result<(), PokerStarsError> {
        self.p.line = n;
        self.p
            .summary_line(line, seats, self.currency, summary, saw_total)
            .map_err(|e| *e)
    }

    /// An amount (`$0.25`, `1500`) on line `n`, in the hand's currency.
    pub(crate) fn amount(&mut self, n: u32, text: &str) -> Result<Amount, PokerStarsError> {
        self.p.line = n;
        self.p.amount(text, self.currency).map_err(|e| *e)
    }
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
