//! The body of an 888poker hand (seats, play, summary), read line by line into the
//! typed hand: each line's event made as it is read, no text in between.

use holdem_cards::Card;

use super::super::ast::{
    Amount, CardList, Currency, Event, Hand, Header, Line, PostKind, PotName, Run, Seat, SeatIndex,
    SeatState, Street, Summary, TableLine,
};
use super::super::error::{ImportError, ImportErrorKind as Kind, malformed, shorten};
use super::{amount_of, bracket_amount, split_first, split_last, trimmed};
use crate::pokerstars::parse::digits;

/// The lines of an 888poker hand after its button line (seats, play, summary),
/// or those of a site that writes the same forms ([`super::partypoker`] turns its
/// own into these), read into the [`Hand`] whose `header` and `table` the caller
/// read. Beyond 888's own forms it reads `is all-In [$X]` (a bet, call or raise by
/// the amount added, as the round stands), a seat line ending ` is sitting out`,
/// and the street names capitalised (`** Dealing Flop **`).
///
/// Each line becomes its [`Event`] at once (no PokerStars text in between),
/// checked as the PokerStars reader checks its own: at most ten seats, no seat
/// number or name twice, forced bets before the hole cards and the play after
/// them, two hole cards, each street's cards.
///
/// # Errors
/// As [`super::parse_hand`].
pub(in crate::sites) fn read_body<L: AsRef<str>>(
    mut header: Header,
    first_line: u32,
    button_line: u32,
    table: TableLine,
    body: &[(u32, L)],
) -> Result<Hand, ImportError> {
    let mut play = Body {
        id: header.id,
        seats: Vec::with_capacity(10),
        total: Vec::new(),
        live_total: Vec::new(),
        round: Vec::new(),
        board: CardList::new(),
        dealt: false,
        summary: false,
        collected: Amount::ZERO,
        shows: Vec::new(),
        wins: Vec::new(),
        mucked: Vec::new(),
        last_line: button_line,
        after_last_action: 0,
        events: Vec::with_capacity(body.len() + 4),
        deferred: None,
    };
    let at = play.seats(body)?;
    for (n, line) in body.get(at..).unwrap_or(&[]) {
        let (n, line) = (*n, line.as_ref());
        if !skipped(line) {
            play.line(n, line)?;
        }
    }
    if table.play_money {
        header.currency = Currency::PlayMoney;
    }
    play.finish(header, table, first_line)
}

/// A line of the body that is not read: the count of players, and the game's
/// number written before a hand.
fn skipped(line: &str) -> bool {
    line.starts_with("Total number of players") || line.starts_with("#Game No : ")
}

/// An 888 hand's body being read: the seats, each player's money in the pot, and
/// the events so far.
struct Body {
    id: u64,
    seats: Vec<Seat>,
    /// Each player's money in the pot: in all, live (dead blinds left out), and in
    /// this betting round.
    total: Vec<Amount>,
    live_total: Vec<Amount>,
    round: Vec<Amount>,
    /// The board dealt so far.
    board: CardList,
    /// Past `** Dealing down cards **`.
    dealt: bool,
    /// Past `** Summary **`.
    summary: bool,
    collected: Amount,
    /// The summary's shows (`None`: a muck), collections, and cards named as
    /// they are mucked, each with its line and seat.
    shows: Vec<(u32, SeatIndex, Option<CardList>)>,
    wins: Vec<(u32, SeatIndex, Amount)>,
    mucked: Vec<(u32, SeatIndex, CardList)>,
    last_line: u32,
    /// Where the play's last action stands in `events`: an uncalled bet goes back
    /// there, at the end of the betting round that left it unmatched.
    after_last_action: usize,
    events: Vec<Line>,
    /// The first error of the kind the PokerStars reader finds (seats twice, the
    /// order of the sections, the cards' count): reported after 888's own checks
    /// of the whole hand, as when that reader read the hand after them.
    deferred: Option<ImportError>,
}

/// The seat whose name `rest` begins with, followed by a blank (the longest), and
/// what follows the blank.
/// (Of seats of the same name, the last.)
fn split_seat<'a>(rest: &'a str, seats: &[Seat]) -> Option<(SeatIndex, &'a str)> {
    let mut best: Option<(usize, usize)> = None;
    for (i, s) in seats.iter().enumerate() {
        let len = s.name.len();
        let (r, name) = (rest.as_bytes(), s.name.as_bytes());
        let follows = r.get(len) == Some(&b' ')
            && name.first().is_none_or(|f| r.first() == Some(f))
            && r.get(..len) == Some(name);
        if follows && best.is_none_or(|(_, l)| len >= l) {
            best = Some((i, len));
        }
    }
    let (i, len) = best?;
    Some((
        SeatIndex::try_from(i).ok()?,
        rest.get(len + 1..).unwrap_or(""),
    ))
}

impl Body {
    fn err(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line,
            kind,
        }
    }

    fn out_of_order(&self, line: u32, text: &str, reason: &'static str) -> ImportError {
        self.err(
            line,
            Kind::OutOfOrder {
                found: shorten(text),
                reason,
            },
        )
    }

    /// Keeps `e` to report at the end, if it is the first such error.
    fn defer(&mut self, e: ImportError) {
        if self.deferred.is_none() {
            self.deferred = Some(e);
        }
    }

    /// `cards` (the text after `[`) read; a card error is deferred ([`Body::defer`])
    /// and reads as no cards.
    fn cards(&mut self, n: u32, cards: &str) -> Result<CardList, ImportError> {
        let inner = inside_brackets(cards).map_err(|k| self.err(n, k))?;
        Ok(typed_cards(inner).unwrap_or_else(|k| {
            self.defer(self.err(n, k));
            CardList::new()
        }))
    }

    /// An event of the play (after the hole cards).
    fn play(&mut self, n: u32, text: &str, event: Event) {
        if !self.dealt {
            self.defer(self.out_of_order(n, text, "the hole cards are not dealt yet"));
            return;
        }
        self.events.push(Line { line: n, event });
    }

    /// The seat lines at the start of `body` (with the lines [`skipped`] among
    /// them); how many lines they take.
    fn seats<L: AsRef<str>>(&mut self, body: &[(u32, L)]) -> Result<usize, ImportError> {
        let mut at = 0;
        for (n, line) in body {
            let (n, line) = (*n, line.as_ref());
            if skipped(line) {
                at += 1;
                continue;
            }
            let Some(r) = line.strip_prefix("Seat ") else {
                break;
            };
            let bad = || self.err(n, malformed("`Seat N: NAME ( $STACK )`", line));
            let (num, r) = split_first(r, ": ").ok_or_else(bad)?;
            let (r, state) = match r.strip_suffix(" is sitting out") {
                Some(r) => (r, SeatState::SittingOut),
                None => (r, SeatState::Playing),
            };
            let (name, stack) = r
                .strip_suffix(" )")
                .and_then(|r| split_last(r, " ( "))
                .ok_or_else(bad)?;
            let stack = amount_of(stack).map_err(|k| self.err(n, k))?;
            let number = digits(num)
                .and_then(|v| u32::try_from(v).ok())
                .ok_or_else(|| self.err(n, malformed("a seat number", line)))?;
            self.seats.push(Seat {
                number,
                name: name.to_string(),
                stack,
                bounty: None,
                state,
                line: n,
            });
            at += 1;
        }
        if self.seats.is_empty() {
            return Err(self.err(self.last_line, Kind::Truncated("a seat line")));
        }
        let nameless = |l: &str| split_first(l, ":  ( ").is_some();
        if let Some(n) = body
            .iter()
            .take(at)
            .find(|(_, l)| !skipped(l.as_ref()) && nameless(l.as_ref()))
            .map(|(n, _)| *n)
        {
            return Err(self.err(
                n,
                Kind::Unsupported(
                    "players written without names (their actions cannot be told apart)"
                        .to_string(),
                ),
            ));
        }
        let bad_seat = self.seats.iter().enumerate().find_map(|(i, s)| {
            let earlier = self.seats.get(..i).unwrap_or(&[]);
            if earlier
                .iter()
                .any(|e| e.number == s.number || e.name == s.name)
            {
                return Some(self.err(
                    s.line,
                    Kind::DuplicateSeat {
                        seat: s.number,
                        name: s.name.clone(),
                    },
                ));
            }
            (i >= 10).then(|| self.err(s.line, malformed("at most ten seats", &s.name)))
        });
        if let Some(e) = bad_seat {
            self.defer(e);
        }
        let players = self.seats.len();
        self.total = vec![Amount::ZERO; players];
        self.live_total = vec![Amount::ZERO; players];
        self.round = vec![Amount::ZERO; players];
        Ok(at)
    }

    /// One line of the play or the summary.
    fn line(&mut self, n: u32, line: &str) -> Result<(), ImportError> {
        self.last_line = n;
        if line == "** Summary **" {
            self.summary = true;
            return Ok(());
        }
        if line == "** Dealing down cards **" {
            if self.dealt {
                self.defer(self.out_of_order(n, line, "the hole cards were already dealt"));
            }
            self.dealt = true;
            self.events.push(Line {
                line: n,
                event: Event::HoleCards,
            });
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("** Dealing ") {
            return self.street(n, line, r);
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            return self.dealt_to(n, line, r);
        }
        let (seat, verb) = split_seat(line, &self.seats)
            .ok_or_else(|| self.err(n, Kind::UnknownPlayer(shorten(line))))?;
        if self.summary {
            return self.summary_line(n, line, seat, verb);
        }
        let event = self.action(n, line, seat, verb)?;
        if matches!(event, Event::Post { .. }) {
            if self.dealt {
                self.defer(self.out_of_order(
                    n,
                    line,
                    "forced bets come before *** HOLE CARDS ***",
                ));
            }
            self.events.push(Line { line: n, event });
            return Ok(());
        }
        self.play(n, line, event);
        self.after_last_action = self.events.len();
        Ok(())
    }

    /// `Dealt to NAME [ Ah, Kd ]`: the hero's hole cards.
    fn dealt_to(&mut self, n: u32, line: &str, r: &str) -> Result<(), ImportError> {
        let (name, cards) = split_first(r, " [")
            .ok_or_else(|| self.err(n, malformed("`Dealt to NAME [ .. ]`", line)))?;
        let list = self.cards(n, cards)?;
        let seat = self
            .seats
            .iter()
            .position(|s| s.name == name)
            .and_then(|i| SeatIndex::try_from(i).ok());
        let Some(seat) = seat else {
            self.defer(self.err(n, Kind::UnknownPlayer(shorten(name))));
            return Ok(());
        };
        let [a, b] = list.as_slice() else {
            let reason = format!("hold'em deals two hole cards, not {}", list.len());
            let text = shorten(cards);
            self.defer(self.err(n, Kind::Cards { text, reason }));
            return Ok(());
        };
        let event = Event::Dealt {
            seat,
            cards: [*a, *b],
        };
        self.play(n, line, event);
        Ok(())
    }

    /// `** Dealing flop ** [ Jc, Kc, 3c ]` and the turn and river after it.
    fn street(&mut self, n: u32, line: &str, r: &str) -> Result<(), ImportError> {
        let (street, text) = split_first(r, " ** ")
            .ok_or_else(|| self.err(n, malformed("`** Dealing STREET ** [ .. ]`", line)))?;
        let open = trimmed(text)
            .strip_prefix('[')
            .ok_or_else(|| self.err(n, malformed("cards in brackets `[ Ah, Kd ]`", text)))?;
        let cards = self.cards(n, open)?;
        let street = if street.eq_ignore_ascii_case("flop") {
            Street::Flop
        } else if street.eq_ignore_ascii_case("turn") {
            Street::Turn
        } else if street.eq_ignore_ascii_case("river") {
            Street::River
        } else {
            return Err(self.err(n, malformed("`flop`, `turn` or `river`", line)));
        };
        let (want, before_want) = match street {
            Street::Flop => (3, 0),
            Street::Turn => (1, 3),
            Street::River => (1, 4),
        };
        self.round.iter_mut().for_each(|r| *r = Amount::ZERO);
        if cards.len() != want || self.board.len() != before_want {
            let reason = format!(
                "this street shows {before_want} earlier cards and deals {want}, not {} and {}",
                self.board.len(),
                cards.len()
            );
            self.defer(self.err(
                n,
                Kind::Cards {
                    text: shorten(text),
                    reason,
                },
            ));
            return Ok(());
        }
        let before = self.board.clone();
        // (At most five cards: the counts were checked.)
        for &c in &cards {
            let _ = self.board.try_push(c);
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

    /// Adds `a` to player `i`'s money in the pot (and to this round's and the
    /// live total when `live`): the player's money in this round after it, and
    /// whether it is the whole stack.
    fn add(
        &mut self,
        n: u32,
        line: &str,
        i: SeatIndex,
        a: Amount,
        live: bool,
    ) -> Result<(Amount, bool), ImportError> {
        let id = self.id;
        let too_large = || ImportError {
            hand: Some(id),
            line: n,
            kind: Kind::Amount {
                text: shorten(line),
                reason: "too large",
            },
        };
        let i = usize::from(i);
        let t = self.total.get_mut(i).ok_or_else(too_large)?;
        *t = t.checked_add(a).ok_or_else(too_large)?;
        let all_in = self.seats.get(i).is_some_and(|s| *t == s.stack);
        let r = self.round.get_mut(i).ok_or_else(too_large)?;
        if live {
            *r = r.checked_add(a).ok_or_else(too_large)?;
            let l = self.live_total.get_mut(i).ok_or_else(too_large)?;
            *l = l.checked_add(a).ok_or_else(too_large)?;
        }
        Ok((*r, all_in))
    }

    /// A line after `** Summary **`: a collection, a show or a muck.
    fn summary_line(
        &mut self,
        n: u32,
        line: &str,
        seat: SeatIndex,
        verb: &str,
    ) -> Result<(), ImportError> {
        let won = if let Some(r) = verb.strip_prefix("collected ") {
            Some(bracket_amount(r).map_err(|k| self.err(n, k))?)
        } else if let Some(r) = verb.strip_prefix("wins ") {
            Some(amount_of(r).map_err(|k| self.err(n, k))?)
        } else {
            None
        };
        if let Some(a) = won {
            self.collected = self.collected.checked_add(a).ok_or_else(|| {
                self.err(
                    n,
                    Kind::Amount {
                        text: shorten(line),
                        reason: "too large",
                    },
                )
            })?;
            self.wins.push((n, seat, a));
        } else if let Some(r) = verb.strip_prefix("shows ") {
            let open = trimmed(r)
                .strip_prefix('[')
                .ok_or_else(|| self.err(n, malformed("cards in brackets `[ Ah, Kd ]`", r)))?;
            let cards = self.cards(n, open)?;
            if let Err(k) = shown(&cards) {
                self.defer(self.err(n, k));
            }
            self.shows.push((n, seat, Some(cards)));
        } else if let Some(r) = verb.strip_prefix("mucks [") {
            // Cards named as they are mucked are shown; a winner's must be.
            let cards = self.cards(n, r)?;
            self.mucked.push((n, seat, cards));
        } else if verb.starts_with("mucks") || verb == "did not show his hand" {
            self.shows.push((n, seat, None));
        } else {
            return Err(self.err(n, malformed("a summary line", line)));
        }
        Ok(())
    }

    /// A forced bet or an action of the play.
    fn action(
        &mut self,
        n: u32,
        line: &str,
        seat: SeatIndex,
        verb: &str,
    ) -> Result<Event, ImportError> {
        let posts = [
            ("posts ante ", PostKind::Ante, false),
            ("posts small blind ", PostKind::SmallBlind, true),
            ("posts big blind ", PostKind::BigBlind, true),
        ];
        if let Some(r) = verb.strip_prefix("posts dead blind ") {
            let bad = || self.err(n, malformed("`posts dead blind [$SB + $BB]`", line));
            let inner = r
                .trim()
                .strip_prefix('[')
                .and_then(|r| r.split_once(']'))
                .map(|(i, _)| i)
                .ok_or_else(bad)?;
            let (dead, live) = inner.split_once(" + ").ok_or_else(bad)?;
            let (dead, live) = (
                amount_of(dead).map_err(|k| self.err(n, k))?,
                amount_of(live).map_err(|k| self.err(n, k))?,
            );
            self.add(n, line, seat, dead, false)?;
            self.add(n, line, seat, live, true)?;
            return Ok(Event::Post {
                seat,
                kind: PostKind::SmallAndBig,
                amount: Amount(dead.0.saturating_add(live.0)),
                all_in: false,
            });
        }
        for (prefix, kind, live) in posts {
            if let Some(r) = verb.strip_prefix(prefix) {
                let amount = bracket_amount(r).map_err(|k| self.err(n, k))?;
                let all_in = self.add(n, line, seat, amount, live)?.1;
                return Ok(Event::Post {
                    seat,
                    kind,
                    amount,
                    all_in,
                });
            }
        }
        if verb == "folds" {
            return Ok(Event::Fold {
                seat,
                shown: CardList::new(),
            });
        }
        if verb == "checks" {
            return Ok(Event::Check { seat });
        }
        // All in: a bet, a call or a raise as the round stands (the largest
        // money in this round before it).
        let before = self.round.iter().copied().max().unwrap_or(Amount::ZERO);
        let (word, r) = match verb.strip_prefix("is all-In ") {
            Some(r) => ("is all-In", r),
            None => {
                split_first(verb, " ").ok_or_else(|| self.err(n, malformed("an action", line)))?
            }
        };
        let amount = bracket_amount(r).map_err(|k| self.err(n, k))?;
        let (now, stack_in) = self.add(n, line, seat, amount, true)?;
        let all_in = stack_in || word == "is all-In";
        let word = match word {
            "is all-In" if before == Amount::ZERO => "bets",
            "is all-In" if now <= before => "calls",
            "is all-In" => "raises",
            other => other,
        };
        match word {
            "calls" => Ok(Event::Call {
                seat,
                amount,
                all_in,
            }),
            "bets" => Ok(Event::Bet {
                seat,
                amount,
                all_in,
            }),
            "raises" => Ok(Event::Raise {
                seat,
                by: Amount(now.0.saturating_sub(before.0)),
                to: now,
                all_in,
            }),
            _ => Err(self.err(n, malformed("an action", line))),
        }
    }

    /// The part of the largest contribution nobody matched goes back (B16), as
    /// an uncalled bet after the last action: the player and the amount. Dead
    /// money is matched by nobody: only live contributions count.
    fn return_uncalled(&mut self) -> (SeatIndex, Amount) {
        let (top, returned) = crate::sites::unmatched(&self.live_total);
        let top = SeatIndex::try_from(top).unwrap_or(0);
        if returned > Amount::ZERO {
            let at = if self.after_last_action == 0 {
                self.events.len()
            } else {
                self.after_last_action
            };
            let line = match at.checked_sub(1).and_then(|i| self.events.get(i)) {
                Some(l) => l.line,
                None => self.seats.last().map_or(self.last_line, |s| s.line),
            };
            let event = Event::Uncalled {
                seat: top,
                amount: returned,
            };
            self.events
                .insert(at.min(self.events.len()), Line { line, event });
        }
        (top, returned)
    }

    /// The end of the hand: the uncalled bet, the showdown, the collections and
    /// the summary.
    fn finish(
        mut self,
        header: Header,
        table: TableLine,
        first_line: u32,
    ) -> Result<Hand, ImportError> {
        let last_line = self.last_line;
        if !self.summary {
            return Err(self.err(last_line, Kind::Truncated("a `** Summary **` section")));
        }
        let (top, returned) = self.return_uncalled();
        let pot = Amount(
            self.total
                .iter()
                .map(|a| a.0)
                .sum::<u64>()
                .saturating_sub(returned.0),
        );
        // The text's collection includes an unmatched blind returned to its winner
        // (a walk: the big blind `collected` both blinds): counted without it.
        if self.collected > pot && returned > Amount::ZERO {
            if let Some((_, _, own)) = self.wins.iter_mut().find(|(_, s, _)| *s == top) {
                if *own >= returned {
                    *own = Amount(own.0 - returned.0);
                    self.collected = Amount(self.collected.0 - returned.0);
                }
            }
        }
        if self.collected > pot {
            return Err(self.err(
                last_line,
                Kind::Disagreement {
                    action: "pot".to_string(),
                    rule: "H6".to_string(),
                    reason: format!("the players collect {} from a pot of {pot}", self.collected),
                },
            ));
        }
        for (n, seat, cards) in std::mem::take(&mut self.mucked) {
            if self.wins.iter().any(|(_, s, _)| *s == seat) {
                if let Err(k) = shown(&cards) {
                    self.defer(self.err(n, k));
                }
                self.shows.push((n, seat, Some(cards)));
            } else {
                self.shows.push((n, seat, None));
            }
        }
        if !self.shows.is_empty() {
            self.events.push(Line {
                line: last_line,
                event: Event::ShowDown(Run::Only),
            });
            // Those who show first, then those who muck.
            self.shows.sort_by_key(|(_, _, c)| c.is_none());
            for (line, seat, cards) in std::mem::take(&mut self.shows) {
                let event = match cards {
                    Some(cards) => Event::Shows { seat, cards },
                    None => Event::Mucks {
                        seat,
                        cards: CardList::new(),
                    },
                };
                self.events.push(Line { line, event });
            }
        }
        for &(line, seat, amount) in &self.wins {
            self.events.push(Line {
                line,
                event: Event::Collected {
                    seat,
                    amount,
                    pot: PotName::Pot,
                },
            });
        }
        if !self.dealt {
            self.defer(self.out_of_order(
                last_line,
                "*** SUMMARY ***",
                "no *** HOLE CARDS *** before it",
            ));
        }
        if let Some(e) = self.deferred {
            return Err(e);
        }
        let rake = Amount(pot.0.saturating_sub(self.collected.0));
        Ok(Hand {
            header,
            table,
            seats: self.seats,
            events: self.events,
            summary: Summary {
                total_pot: pot,
                rake,
                line: last_line,
                ..Summary::default()
            },
            first_line,
        })
    }
}

/// A shown hand holds one or two cards.
fn shown(cards: &CardList) -> Result<(), Kind> {
    if cards.is_empty() || cards.len() > 2 {
        return Err(Kind::Cards {
            text: shorten(&cards_text(cards)),
            reason: format!(
                "a hold'em player shows one or two cards, not {}",
                cards.len()
            ),
        });
    }
    Ok(())
}

fn cards_text(cards: &[Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// ` Jc, Kc, 3c ]` (the text after `[`): the text before the `]`.
fn inside_brackets(s: &str) -> Result<&str, Kind> {
    split_first(s, "]")
        .map(|(inner, _)| inner)
        .ok_or_else(|| malformed("cards in brackets `[ Ah, Kd ]`", s))
}

/// `Jc, Kc, 3c` (or `6h Ks`) as cards: at most five, none twice.
fn typed_cards(inner: &str) -> Result<CardList, Kind> {
    let mut cards = CardList::new();
    let bad = |reason: String| Kind::Cards {
        text: shorten(inner),
        reason,
    };
    for token in inner.split([',', ' ']).filter(|c| !c.is_empty()) {
        let card: Card = token
            .parse()
            .map_err(|e: holdem_cards::ParseCardError| bad(e.to_string()))?;
        if cards.contains(&card) {
            return Err(bad(format!("{card} is written twice")));
        }
        cards
            .try_push(card)
            .map_err(|_| bad("more than five cards".to_string()))?;
    }
    Ok(cards)
}
