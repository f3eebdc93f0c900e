//! Winning Poker Network (Americas Cardroom, Winning Poker, Black Chip, True
//! Poker...) text hand histories of the `Game started at:` generation (rule H6),
//! read into the site-neutral [`Hand`] and converted by the shared
//! [`super::builder`].
//!
//! The client writes:
//! ```text
//! Game started at: 2014/3/9 16:53:43
//! Game ID: 261641541 0.10/0.25 Tantalite   (JP) (Hold'em)
//! Seat 5 is the button
//! Seat 1: Shipologist (44.87).
//! Player johna52801 has small blind (0.10)
//! Player johna52801 received a card.
//! Player LadyStack raises (0.80)
//! *** FLOP ***: [3h 4c 2c]
//! ------ Summary ------
//! Pot: 7.73. Rake 0.41
//! *Player johna52801 shows: One pair of Js [Jd Js]. Bets: 4.07. Collects: 7.73. Wins: 3.66.
//! Game ended at: 2014/3/9 16:54:45
//! ```
//! Each line is read straight into its [`Event`] (no text in between), and checked
//! as the PokerStars reader checks its own (seats, the order of the sections, the
//! cards), so every amount is checked by the same rules as every other site's:
//! - every amount (`calls (0.70)`, `raises (0.80)`, `allin (5)`) is the money the
//!   player adds with that action; a raise's total is what the player had in this
//!   round plus it, and an all-in is a bet, a call or a raise by that total;
//! - `posts (0.25) as a dead bet` then `posts (0.50)` is a dead small blind and a
//!   live big blind (`posts small & big blinds`); `posts (X)` alone is a big blind
//!   (a player coming in) or, when it is the small blind's amount, a small blind
//!   posted out of position; `straddle (X)` is a straddle;
//! - a seated player dealt no card (`sitting out`, `wait BB`) is not in the hand;
//!   the hero's `received card: [Ah]` lines are the hero's hole cards;
//! - the summary's `shows: ... [Jd Js]` are the showdown, its `Collects: X` what each
//!   player collected; its `Pot:` is written after the rake and the jackpot drop
//!   of `(JP)` tables, the latter not stated, so the hand's rake is the players'
//!   `Bets:` less their `Collects:` (a `Pot:` other than the sum collected is a
//!   disagreement at its line);
//! - the format names no betting structure: `(Hold'em)` is no-limit hold'em (the
//!   network's only hold'em tables written this way); amounts carry no currency
//!   sign and are the network's US dollars; a `CAP` table's cap is not written, so
//!   it stays unknown (a hand that reaches it disagrees at its line);
//! - ranks are written `10` for `T`.
//!
//! Refused with a typed error naming them: another game (`(Omaha)`) is
//! unsupported, naming it; anything else out of form is malformed at its line.

use crate::pokerstars::parse::{digits, split_at, timestamp};

use super::ast::{
    Amount, CardList, Currency, Event, Hand, Header, Limit, Line, PostKind, PotName, Run, Seat,
    SeatIndex, SeatState, Street, Summary, TableLine,
};
use super::builder::{self, Imported, Site};
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, shorten, stakes_of,
};
use super::text::{bracketed_cards, card_list, rsplit_at};

/// The Winning Poker Network, for the builder.
pub static SITE: Site = Site {
    name: "Winning Poker Network",
    cap_field: "_wpn_cap",
    jackpot_drop: true,
    raises_over_all_in: false,
};

/// The most seats a table has.
const MAX_SEATS: usize = 10;

/// True for the first line of a Winning Poker Network hand (`Game started at: `).
pub fn is_hand_start(line: &str) -> bool {
    line.starts_with("Game started at: ")
}

/// Converts a Winning Poker Network hand (the shared [`builder::build`]).
///
/// # Errors
/// As [`builder::build`].
pub fn import(hand: &Hand) -> Result<Imported, ImportError> {
    builder::build(hand, &SITE)
}

fn amount_of(text: &str) -> Result<Amount, Kind> {
    amount_in(text, text)
}

/// The amount in the parentheses of `(0.80)` at the start of `s`, and the rest.
fn paren_amount(s: &str) -> Result<(Amount, &str), Kind> {
    let inner = s
        .strip_prefix('(')
        .and_then(|r| r.split_once(')'))
        .ok_or_else(|| malformed("an amount in parentheses `(X)`", s))?;
    Ok((amount_of(inner.0)?, inner.1))
}

/// The seat whose name `rest` begins with, followed by a blank (the longest, as
/// names hold blanks; the first of equal names), and what follows the blank.
fn split_seat<'a>(rest: &'a str, names: &[&str]) -> Option<(usize, &'a str)> {
    let mut best: Option<(usize, usize)> = None;
    let first = rest.as_bytes().first();
    for (i, n) in names.iter().enumerate() {
        let len = n.len();
        if n.as_bytes().first() == first
            && rest.as_bytes().get(len) == Some(&b' ')
            && rest.as_bytes().get(..len) == Some(n.as_bytes())
            && best.is_none_or(|(_, l)| len > l)
        {
            best = Some((i, len));
        }
    }
    let (i, len) = best?;
    Some((i, rest.get(len + 1..).unwrap_or("")))
}

/// A seat index as the typed hand keeps it (a hand of more seats is refused).
fn index(i: usize) -> SeatIndex {
    SeatIndex::try_from(i).unwrap_or(SeatIndex::MAX)
}

/// Reads one Winning Poker Network hand from its lines (`Game started at:` first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game,
/// [`Kind::Malformed`] and the others for text out of the format.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines.iter().enumerate().filter(|(_, (_, l))| !l.is_empty());
    let Some((_, &(first_line, started))) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let err = |hand: Option<u64>, line: u32, kind: Kind| ImportError { hand, line, kind };
    let date = started.strip_prefix("Game started at: ").ok_or_else(|| {
        err(
            None,
            first_line,
            malformed("`Game started at: DATE`", started),
        )
    })?;
    let time = timestamp(date.trim()).ok_or_else(|| {
        err(
            None,
            first_line,
            malformed("a date `YYYY/M/D H:M:S`", started),
        )
    })?;
    let Some((_, &(id_line, game))) = rest.next() else {
        return Err(err(None, first_line, Kind::Truncated("a `Game ID:` line")));
    };
    let (header, table_name) = header(id_line, game, time)?;
    let id = header.id;
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let Some((k, &(button_line, button))) = rest.next() else {
        return Err(err(id_line, Kind::Truncated("the button's seat")));
    };
    let button = button
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(digits)
        .ok_or_else(|| err(button_line, malformed("`Seat N is the button`", button)))?;
    // (The lines after the button's, blank ones skipped where they are read.)
    let body = lines.get(k + 1..).unwrap_or(&[]);
    let (seats, at) = seat_lines(id, button_line, body)?;
    let body = body.get(at..).unwrap_or(&[]);
    let mut play = Play::new(id, header.stakes, &seats);
    // The table line and the seats, checked as the PokerStars reader checks them.
    let button = match u32::try_from(button) {
        Ok(b) => b,
        Err(_) => {
            play.defer(err(button_line, malformed("a button seat number", "")));
            0
        }
    };
    play.check_seats(&seats);
    let mut ended = false;
    let read = body.iter().try_for_each(|&(n, line)| {
        if line.is_empty() {
            return Ok(());
        }
        if ended || line.starts_with("Game ended at: ") {
            ended = true;
            return Ok(());
        }
        play.line(n, line)
    });
    // Who is dealt cards (`Player NAME received ...`) anywhere in the hand: a hand
    // where nobody is has not been played.
    if read.is_err() || play.dealt.contains(&false) {
        play.dealt = dealt_anywhere(body, &play.names);
    }
    if !play.dealt.contains(&true) {
        return Err(err(
            button_line,
            Kind::Unsupported("a hand cancelled before any card was dealt".to_string()),
        ));
    }
    read?;
    let end = body
        .iter()
        .rfind(|(_, l)| !l.is_empty())
        .map_or(button_line, |l| l.0);
    let dealt = std::mem::take(&mut play.dealt);
    let (events, summary) = play.finish(end)?;
    let seats = seats
        .into_iter()
        .zip(dealt)
        .map(|((line, number, name, stack), dealt)| Seat {
            number,
            name: name.to_string(),
            stack,
            bounty: None,
            state: if dealt {
                SeatState::Playing
            } else {
                SeatState::SittingOut
            },
            line,
        })
        .collect();
    Ok(Hand {
        header,
        table: TableLine {
            name: table_name,
            max_seats: None,
            play_money: false,
            button,
        },
        seats,
        events,
        summary,
        first_line,
    })
}

/// Who is dealt cards: a `Player NAME received ...` line of each seat anywhere in
/// `body`.
fn dealt_anywhere(body: &[(u32, &str)], names: &[&str]) -> Vec<bool> {
    let mut dealt = vec![false; names.len()];
    for (_, l) in body {
        let Some((i, r)) = l.strip_prefix("Player ").and_then(|r| split_seat(r, names)) else {
            continue;
        };
        if r.starts_with("received ") {
            if let Some(d) = dealt.get_mut(i) {
                *d = true;
            }
        }
    }
    dealt
}

/// A seat line read: line, seat number, name, stack.
type SeatLine<'a> = (u32, u32, &'a str, Amount);

/// The seat lines at the start of `body` (blank lines skipped), and where the
/// lines after them start.
fn seat_lines<'a>(
    id: u64,
    button_line: u32,
    body: &[(u32, &'a str)],
) -> Result<(Vec<SeatLine<'a>>, usize), ImportError> {
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let mut seats = Vec::with_capacity(MAX_SEATS);
    let mut at = body.len();
    for (k, &(n, line)) in body.iter().enumerate() {
        if line.is_empty() {
            continue;
        }
        let Some(r) = line.strip_prefix("Seat ") else {
            at = k;
            break;
        };
        let bad = || err(n, malformed("`Seat N: NAME (STACK).`", line));
        let (num, r) = split_at(r, ": ").ok_or_else(bad)?;
        let num = digits(num).ok_or_else(|| err(n, malformed("a seat number", line)))?;
        let (name, stack) = r
            .strip_suffix(").")
            .and_then(|r| rsplit_at(r, " ("))
            .ok_or_else(bad)?;
        let stack = amount_of(stack).map_err(|k| err(n, k))?;
        seats.push((n, u32::try_from(num).unwrap_or(u32::MAX), name, stack));
    }
    if seats.is_empty() {
        return Err(err(
            body.iter()
                .find(|(_, l)| !l.is_empty())
                .map_or(button_line, |l| l.0),
            Kind::Truncated("a seat line"),
        ));
    }
    Ok((seats, at))
}

/// A WPN hand's play and summary being read into events.
struct Play<'a> {
    id: u64,
    /// The header's small and big blind.
    stakes: (Amount, Amount),
    names: Vec<&'a str>,
    /// What each player put in this betting round, and the most anyone did.
    put: Vec<Amount>,
    bet: Amount,
    /// Seats seen receiving cards.
    dealt: Vec<bool>,
    events: Vec<Line>,
    /// A dead small blind posted (`posts (X) as a dead bet`), to join the player's
    /// big blind.
    dead: Option<(usize, Amount)>,
    /// Past the hole cards (the first line of play).
    hole_cards: bool,
    /// The hero's first card, until the second.
    hero: Option<(usize, &'a str)>,
    summary: bool,
    /// The summary's `Bets:` and `Collects:` in all.
    bets: Amount,
    collects: Amount,
    pot_written: Option<(u32, Amount)>,
    /// The summary's shows (the text from `[`), collections and board.
    shows: Vec<(u32, usize, &'a str)>,
    collected: Vec<(u32, usize, Amount)>,
    board: Option<(u32, &'a str)>,
    /// Players who muck (line, seat), and who collect.
    mucks: Vec<(u32, usize)>,
    winners: Vec<usize>,
    /// The first error of the kind the PokerStars reader finds (seats twice, the
    /// order of the sections, the cards): reported after the site's own checks of
    /// the whole hand.
    deferred: Option<ImportError>,
}

impl<'a> Play<'a> {
    fn new(id: u64, stakes: (Amount, Amount), seats: &[SeatLine<'a>]) -> Self {
        let players = seats.len();
        Play {
            id,
            stakes,
            names: seats.iter().map(|s| s.2).collect(),
            put: vec![Amount::ZERO; players],
            bet: Amount::ZERO,
            dealt: vec![false; players],
            events: Vec::with_capacity(32),
            dead: None,
            hole_cards: false,
            hero: None,
            summary: false,
            bets: Amount::ZERO,
            collects: Amount::ZERO,
            pot_written: None,
            shows: Vec::new(),
            collected: Vec::new(),
            board: None,
            mucks: Vec::new(),
            winners: Vec::new(),
            deferred: None,
        }
    }

    fn err(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line,
            kind,
        }
    }

    fn too_large(&self, n: u32, line: &str) -> ImportError {
        self.err(
            n,
            Kind::Amount {
                text: shorten(line),
                reason: "too large",
            },
        )
    }

    /// Keeps `e` to report at the end, if it is the first such error.
    fn defer(&mut self, e: ImportError) {
        if self.deferred.is_none() {
            self.deferred = Some(e);
        }
    }

    /// Seats with a name, each number and name once, at most ten.
    fn check_seats(&mut self, seats: &[SeatLine<'a>]) {
        for (i, &(n, number, name, _)) in seats.iter().enumerate() {
            let earlier = seats.get(..i).unwrap_or(&[]);
            if name.is_empty() {
                self.defer(self.err(n, malformed("a player name", name)));
            } else if earlier.iter().any(|e| e.1 == number || e.2 == name) {
                let name = name.to_string();
                self.defer(self.err(n, Kind::DuplicateSeat { seat: number, name }));
            } else if i >= MAX_SEATS {
                self.defer(self.err(n, malformed("at most ten seats", name)));
            }
        }
    }

    fn out_of_order(&mut self, n: u32, text: &str, reason: &'static str) {
        let found = shorten(text);
        self.defer(self.err(n, Kind::OutOfOrder { found, reason }));
    }

    /// An event of the play (after the hole cards).
    fn play(&mut self, n: u32, text: &str, event: Event) {
        if !self.hole_cards {
            self.out_of_order(n, text, "the hole cards are not dealt yet");
        }
        self.events.push(Line { line: n, event });
    }

    /// A forced bet (before the hole cards).
    fn forced(&mut self, n: u32, text: &str, event: Event) {
        if self.hole_cards {
            self.out_of_order(n, text, "forced bets come before *** HOLE CARDS ***");
        }
        self.events.push(Line { line: n, event });
    }

    /// One line before `Game ended at:`.
    fn line(&mut self, n: u32, line: &'a str) -> Result<(), ImportError> {
        if self.summary {
            return self.summary_line(n, line);
        }
        if line == "------ Summary ------" {
            self.summary = true;
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Uncalled bet (") {
            let (a, to) = split_at(r, ") returned to ").ok_or_else(|| {
                self.err(n, malformed("`Uncalled bet (X) returned to NAME`", line))
            })?;
            let amount = amount_of(a).map_err(|k| self.err(n, k))?;
            let Some(i) = self.names.iter().position(|m| *m == to) else {
                self.defer(self.err(n, Kind::UnknownPlayer(to.to_string())));
                return Ok(());
            };
            let seat = index(i);
            self.play(n, line, Event::Uncalled { seat, amount });
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("*** ") {
            return self.street(n, line, r);
        }
        let r = line
            .strip_prefix("Player ")
            .ok_or_else(|| self.err(n, malformed("a `Player NAME ...` line", line)))?;
        // Table notices, about anyone (the client writes some with a blank name).
        if [" is timed out.", " sitting out", " wait BB"]
            .iter()
            .any(|t| r.ends_with(t))
        {
            return Ok(());
        }
        let (i, verb) = split_seat(r, &self.names)
            .ok_or_else(|| self.err(n, Kind::UnknownPlayer(shorten(r))))?;
        if verb.starts_with("received ") {
            if let Some(d) = self.dealt.get_mut(i) {
                *d = true;
            }
        }
        if verb == "received a card." {
            return Ok(());
        }
        if let Some(c) = verb.strip_prefix("received card: ") {
            self.received(n, line, i, c);
            return Ok(());
        }
        if self.post(n, line, i, verb)? {
            return Ok(());
        }
        self.hole_cards(n);
        self.action(n, line, i, verb)
    }

    /// `*** FLOP ***: [3h 4c 2c]`, `*** TURN ***: [3h 4c 2c] [5d]`...
    fn street(&mut self, n: u32, line: &str, r: &str) -> Result<(), ImportError> {
        let (street, b) = split_at(r, " ***: ")
            .ok_or_else(|| self.err(n, malformed("`*** STREET ***: [..]`", line)))?;
        let (street, before_want, want) = match street {
            "FLOP" => (Street::Flop, 0, 3),
            "TURN" => (Street::Turn, 3, 1),
            "RIVER" => (Street::River, 4, 1),
            _ => return Err(self.err(n, malformed("`*** FLOP ***`, `TURN` or `RIVER`", line))),
        };
        self.put.iter_mut().for_each(|p| *p = Amount::ZERO);
        self.bet = Amount::ZERO;
        let read = |b: &str| -> Result<(CardList, CardList), Kind> {
            let (first, rest) = bracketed_cards(b)?;
            if street == Street::Flop {
                if !rest.is_empty() {
                    return Err(malformed("nothing after the flop's cards", line));
                }
                return Ok((CardList::new(), first));
            }
            let (second, tail) = bracketed_cards(rest.trim_start())?;
            if !tail.is_empty() {
                return Err(malformed("nothing after the new card", line));
            }
            Ok((first, second))
        };
        let (before, cards) = match read(b) {
            Ok(c) => c,
            Err(k) => {
                self.defer(self.err(n, k));
                return Ok(());
            }
        };
        if cards.len() != want || before.len() != before_want {
            let reason = format!(
                "this street shows {before_want} earlier cards and deals {want}, not {} and {}",
                before.len(),
                cards.len()
            );
            let text = shorten(b);
            self.defer(self.err(n, Kind::Cards { text, reason }));
            return Ok(());
        }
        let event = Event::Board {
            street,
            run: Run::Only,
            cards,
            before,
        };
        self.play(n, line, event);
        Ok(())
    }

    /// The hole cards' marker before the first line that needs it.
    fn hole_cards(&mut self, n: u32) {
        if !self.hole_cards {
            self.events.push(Line {
                line: n,
                event: Event::HoleCards,
            });
            self.hole_cards = true;
        }
    }

    /// `received card: [Ah]`: the hero's cards, one a line.
    fn received(&mut self, n: u32, line: &str, i: usize, c: &'a str) {
        let c = c.trim_start_matches('[').trim_end_matches(']');
        self.hero = match self.hero.take() {
            Some((h, first)) if h == i => {
                self.hole_cards(n);
                if first.contains(']') || c.contains(']') {
                    self.defer(self.err(n, malformed("nothing after the hole cards", line)));
                    return;
                }
                match card_list(&[first, c]) {
                    Ok(cards) => match cards.as_slice() {
                        &[a, b] => {
                            let seat = index(i);
                            let cards = [a, b];
                            self.play(n, line, Event::Dealt { seat, cards });
                        }
                        other => {
                            let reason =
                                format!("hold'em deals two hole cards, not {}", other.len());
                            let text = shorten(c);
                            self.defer(self.err(n, Kind::Cards { text, reason }));
                        }
                    },
                    Err(k) => self.defer(self.err(n, k)),
                }
                None
            }
            _ => Some((i, c)),
        };
    }

    /// Adds `a` to what player `i` put in this round: the player's total in it.
    fn put(&mut self, n: u32, line: &str, i: usize, a: Amount) -> Result<Amount, ImportError> {
        let Some(slot) = self.put.get_mut(i) else {
            return Err(self.too_large(n, line));
        };
        let Some(total) = slot.checked_add(a) else {
            return Err(self.too_large(n, line));
        };
        *slot = total;
        self.bet = self.bet.max(total);
        Ok(total)
    }

    /// A forced bet: whether the line was one.
    fn post(&mut self, n: u32, line: &str, i: usize, verb: &str) -> Result<bool, ImportError> {
        let (sb, bb) = self.stakes;
        let amount = |r| paren_amount(r).map_err(|k| self.err(n, k));
        let (kind, a, live) = if let Some(r) = verb.strip_prefix("has small blind ") {
            (PostKind::SmallBlind, amount(r)?.0, true)
        } else if let Some(r) = verb.strip_prefix("has big blind ") {
            (PostKind::BigBlind, amount(r)?.0, true)
        } else if let Some(r) = verb.strip_prefix("straddle ") {
            (PostKind::Straddle, amount(r)?.0, true)
        } else if let Some(r) = verb.strip_prefix("posts ") {
            let (a, tail) = amount(r)?;
            if tail == " as a dead bet" {
                self.dead = Some((i, a));
                return Ok(true);
            }
            if !tail.is_empty() {
                return Err(self.err(
                    n,
                    malformed("`posts (X)` or `posts (X) as a dead bet`", line),
                ));
            }
            match self.dead.take() {
                Some((d, extra)) if d == i => {
                    let amount = a.checked_add(extra).unwrap_or(a);
                    self.put(n, line, i, a)?;
                    let (seat, kind) = (index(i), PostKind::SmallAndBig);
                    let all_in = false;
                    self.forced(
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
                _ if a == sb && sb != bb => (PostKind::SmallBlind, a, false),
                _ => (PostKind::BigBlind, a, true),
            }
        } else {
            return Ok(false);
        };
        if live {
            self.put(n, line, i, a)?;
        }
        let (seat, amount, all_in) = (index(i), a, false);
        self.forced(
            n,
            line,
            Event::Post {
                seat,
                kind,
                amount,
                all_in,
            },
        );
        Ok(true)
    }

    /// An action of the play.
    fn action(&mut self, n: u32, line: &str, i: usize, verb: &str) -> Result<(), ImportError> {
        let seat = index(i);
        let event = match verb {
            "folds" => Event::Fold {
                seat,
                shown: CardList::new(),
            },
            "checks" => Event::Check { seat },
            "mucks cards" => {
                self.mucks.push((n, i));
                return Ok(());
            }
            _ => {
                let (word, r) = verb
                    .split_once(' ')
                    .ok_or_else(|| self.err(n, malformed("an action", line)))?;
                let (amount, tail) = paren_amount(r).map_err(|k| self.err(n, k))?;
                if !tail.is_empty() {
                    return Err(self.err(n, malformed("an action `VERB (X)`", line)));
                }
                let before = self.bet;
                let to = self.put(n, line, i, amount)?;
                let by = Amount(to.0.saturating_sub(before.0));
                match word {
                    "calls" => Event::Call {
                        seat,
                        amount,
                        all_in: false,
                    },
                    "bets" => Event::Bet {
                        seat,
                        amount,
                        all_in: false,
                    },
                    "raises" => Event::Raise {
                        seat,
                        by,
                        to,
                        all_in: false,
                    },
                    "allin" if before == Amount::ZERO => Event::Bet {
                        seat,
                        amount,
                        all_in: true,
                    },
                    "allin" if to <= before => Event::Call {
                        seat,
                        amount,
                        all_in: true,
                    },
                    "allin" => Event::Raise {
                        seat,
                        by,
                        to,
                        all_in: true,
                    },
                    _ => return Err(self.err(n, malformed("an action", line))),
                }
            }
        };
        self.play(n, line, event);
        Ok(())
    }

    /// A line of the summary: the pot, the board, a player's bets and collects.
    fn summary_line(&mut self, n: u32, line: &'a str) -> Result<(), ImportError> {
        if let Some(r) = line.strip_prefix("Pot: ") {
            let (p, _) = split_at(r, ". Rake ")
                .ok_or_else(|| self.err(n, malformed("`Pot: X. Rake R`", line)))?;
            self.pot_written = Some((n, amount_of(p).map_err(|k| self.err(n, k))?));
            return Ok(());
        }
        if let Some(b) = line.strip_prefix("Board: ") {
            self.board = Some((n, b));
            return Ok(());
        }
        let Some(r) = line
            .strip_prefix("*Player ")
            .or_else(|| line.strip_prefix("Player "))
        else {
            return Err(self.err(n, malformed("a summary line", line)));
        };
        let Some((i, r)) = split_seat(r, &self.names) else {
            // A seat the hand did not list (a blank name), with nothing in the pot.
            if r.contains("Bets: 0. Collects: 0.") {
                return Ok(());
            }
            return Err(self.err(n, Kind::UnknownPlayer(shorten(r))));
        };
        let bad = |expected| self.err(n, malformed(expected, line));
        let (what, nums) = split_at(r, "Bets: ").ok_or_else(|| bad("`Bets: X. Collects: Y.`"))?;
        let (b, r) =
            split_at(nums, ". Collects: ").ok_or_else(|| bad("`Bets: X. Collects: Y.`"))?;
        let (c, _) = split_at(r, ". ").ok_or_else(|| bad("`Collects: Y. Wins: Z.`"))?;
        let (b, c) = (
            amount_of(b).map_err(|k| self.err(n, k))?,
            amount_of(c).map_err(|k| self.err(n, k))?,
        );
        self.bets = self
            .bets
            .checked_add(b)
            .ok_or_else(|| self.too_large(n, line))?;
        self.collects = self
            .collects
            .checked_add(c)
            .ok_or_else(|| self.too_large(n, line))?;
        if let Some(s) = what.strip_prefix("shows: ") {
            let open = s
                .rfind('[')
                .ok_or_else(|| self.err(n, malformed("`shows: HAND [..]`", line)))?;
            let shown = s.get(open..).unwrap_or("").trim_end_matches(['.', ' ']);
            self.shows.push((n, i, shown));
        }
        if c > Amount::ZERO {
            self.winners.push(i);
            self.collected.push((n, i, c));
        }
        Ok(())
    }

    /// A player's shown cards (`[Jd Js]`, the text from `[`).
    fn show(&mut self, n: u32, i: usize, shown: &str) {
        let cards = match bracketed_cards(shown) {
            Ok((cards, _)) => cards,
            Err(k) => return self.defer(self.err(n, k)),
        };
        if cards.is_empty() || cards.len() > 2 {
            let reason = format!(
                "a hold'em player shows one or two cards, not {}",
                cards.len()
            );
            let text = shorten(shown);
            return self.defer(self.err(n, Kind::Cards { text, reason }));
        }
        self.play(
            n,
            shown,
            Event::Shows {
                seat: index(i),
                cards,
            },
        );
    }

    /// The showdown, collections and summary after the play; `end` is the hand's
    /// last line.
    fn finish(mut self, end: u32) -> Result<(Vec<Line>, Summary), ImportError> {
        if !self.summary {
            return Err(self.err(end, Kind::Truncated("a `------ Summary ------` section")));
        }
        let Some((pot_line, pot)) = self.pot_written else {
            return Err(self.err(end, Kind::Truncated("a `Pot:` line in its summary")));
        };
        if pot != self.collects {
            return Err(self.err(
                pot_line,
                Kind::Disagreement {
                    action: "pot".to_string(),
                    rule: "H6".to_string(),
                    reason: format!(
                        "the pot is written {pot}, the players collect {}",
                        self.collects
                    ),
                },
            ));
        }
        // A player who mucks after everyone else folded wins without showing; at a
        // showdown, the ones who do not show muck after the shows.
        let winners = std::mem::take(&mut self.winners);
        let no_shows = self.shows.is_empty();
        let mucks = std::mem::take(&mut self.mucks);
        let quiet = |m: &usize| winners.contains(m) && no_shows;
        for &(n, m) in mucks.iter().filter(|(_, m)| quiet(m)) {
            self.play(
                n,
                "doesn't show hand",
                Event::DoesNotShow { seat: index(m) },
            );
        }
        let mut mucked = mucks.iter().filter(|(_, m)| !quiet(m)).peekable();
        if !no_shows || mucked.peek().is_some() {
            self.play(pot_line, "*** SHOW DOWN ***", Event::ShowDown(Run::Only));
            for (n, i, shown) in std::mem::take(&mut self.shows) {
                self.show(n, i, shown);
            }
            for &(n, m) in mucked {
                let seat = index(m);
                let event = if winners.contains(&m) {
                    Event::DoesNotShow { seat }
                } else {
                    Event::Mucks {
                        seat,
                        cards: CardList::new(),
                    }
                };
                self.play(n, "mucks hand", event);
            }
        }
        for (n, i, amount) in std::mem::take(&mut self.collected) {
            let (seat, pot) = (index(i), PotName::Pot);
            self.play(n, "collected", Event::Collected { seat, amount, pot });
        }
        if !self.hole_cards {
            let reason = "no *** HOLE CARDS *** before it";
            self.out_of_order(pot_line, "*** SUMMARY ***", reason);
        }
        let mut summary = Summary {
            total_pot: self.bets,
            rake: Amount(self.bets.0.saturating_sub(self.collects.0)),
            line: pot_line,
            ..Summary::default()
        };
        if let Some((n, b)) = self.board {
            match bracketed_cards(b) {
                Ok((cards, "")) => summary.boards.push(cards),
                Ok(_) => self.defer(self.err(n, malformed("`Board [..]`, at most two boards", b))),
                Err(k) => self.defer(self.err(n, k)),
            }
        }
        if let Some(e) = self.deferred {
            return Err(e);
        }
        Ok((self.events, summary))
    }
}

/// `Game ID: 261641541 0.10/0.25 Tantalite   (JP) - CAP - 6-Max (Hold'em)`: the
/// header and the table's name.
fn header(
    n: u32,
    line: &str,
    time: super::ast::Timestamp,
) -> Result<(Header, String), ImportError> {
    let fail = |hand: Option<u64>, kind: Kind| ImportError {
        hand,
        line: n,
        kind,
    };
    let expected = "`Game ID: NUMBER SB/BB TABLE (GAME)`";
    let r = line
        .strip_prefix("Game ID: ")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (id, r) = r
        .split_once(' ')
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let id = crate::pokerstars::parse::digits(id)
        .ok_or_else(|| fail(None, malformed("a game number", line)))?;
    let fail = |kind: Kind| fail(Some(id), kind);
    let (stakes, r) = r
        .split_once(' ')
        .ok_or_else(|| fail(malformed(expected, line)))?;
    let game = r
        .rfind('(')
        .and_then(|i| r.get(i..))
        .ok_or_else(|| fail(malformed(expected, line)))?;
    if game != "(Hold'em)" {
        return Err(fail(other_game(
            game.trim_start_matches('(').trim_end_matches(')'),
        )));
    }
    let table = r
        .find(" (")
        .or_else(|| r.find(" - "))
        .and_then(|i| r.get(..i))
        .unwrap_or(r)
        .trim()
        .replace('\'', "");
    let (sb, bb) = stakes
        .split_once('/')
        .ok_or_else(|| fail(malformed("the stakes `SB/BB`", line)))?;
    let stakes = stakes_of(sb, bb, line, amount_of).map_err(fail)?;
    Ok((
        Header {
            id,
            label: None,
            site: &SITE,
            game_form: false,
            zoom: false,
            tournament: None,
            limit: Limit::NoLimit,
            stakes,
            currency: Currency::Usd,
            cap: None,
            times: vec![time],
        },
        table,
    ))
}
