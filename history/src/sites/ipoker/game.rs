//! One `<game>` of a session read straight into the typed [`Hand`]: its seats, and
//! its rounds' actions and cards as events.
//!
//! The checks are those of the PokerStars reader on its lines, in two kinds: what
//! the XML says of the game (a player of the actions, an amount, the `bet` each
//! player put in) is checked as it is read and refuses the game at once; what the
//! PokerStars reader checks of the lines (seats, card lists, the order of the
//! forced bets, the hole cards and the play) is noted where found, and the first
//! such note in the hand's order refuses it after the game is read.

use super::super::ast::{Event, Line, PostKind, Seat, SeatState, Street, Summary, TableLine};
use super::*;

/// One `<player>`: seat, name, stack, button, win, bet, line.
pub(super) struct Player<'d> {
    pub(super) seat: u64,
    pub(super) name: &'d str,
    pub(super) chips: Amount,
    pub(super) dealer: bool,
    pub(super) win: Amount,
    pub(super) bet: Amount,
    pub(super) line: u32,
}

/// The board cards of the rounds' `<cards>` elements: line, type (`Flop`...) and
/// the cards as written.
pub(super) type Board<'d> = Vec<(u32, &'d str, &'d str)>;

/// One `<action>` as the first pass over the rounds finds it: its round (an
/// index of the rounds), number, player (index and name) and type.
#[derive(Clone, Copy)]
pub(super) struct Act<'d, 'a> {
    pub(super) round: usize,
    pub(super) no: u64,
    pub(super) who: usize,
    pub(super) name: &'d str,
    pub(super) kind: Option<&'d str>,
    pub(super) element: Element<'d, 'a>,
}

/// What the first pass over the rounds finds: who acts (sitting out, `type`
/// 8, is no action), the hole cards (their text, when shown), the board and
/// the actions.
pub(super) struct Turns<'d, 'a> {
    pub(super) acted: Vec<bool>,
    pub(super) pockets: Vec<Option<&'d str>>,
    pub(super) board: Board<'d>,
    pub(super) acts: Vec<Act<'d, 'a>>,
}

/// A game being read: its number, its players in seat order, the events so far,
/// and the PokerStars reader's refusals noted on the way.
pub(super) struct Game<'d> {
    pub(super) id: u64,
    pub(super) players: Vec<Player<'d>>,
    /// The sign of the currency, for messages.
    pub(super) sign: Option<char>,
    /// The small and big blinds of the header's stakes.
    pub(super) stakes: (Amount, Amount),
    /// See [`Common::later_client`].
    pub(super) later_client: bool,
    pub(super) events: Vec<Line>,
    /// Refusals of the lines, each before the event of its index.
    pub(super) noted: Vec<(usize, ImportError)>,
}

/// One game of the session, read into a [`Hand`].
pub(super) fn game(
    common: &Result<Common<'_>, (u32, Kind)>,
    game: Element<'_, '_>,
) -> Result<Hand, ImportError> {
    let id = game
        .attr("gamecode")
        .and_then(digits)
        .ok_or_else(|| ImportError {
            hand: None,
            line: game.line(),
            kind: malformed("`<game gamecode=\"N\">`", "<game>"),
        })?;
    let common = common.as_ref().map_err(|(line, kind)| ImportError {
        hand: Some(id),
        line: *line,
        kind: kind.clone(),
    })?;
    let header = header(common, game, id);
    let mut g = Game {
        id,
        players: players(game, id)?,
        sign: header.currency.symbol(),
        stakes: header.stakes,
        later_client: common.later_client,
        events: Vec::new(),
        noted: Vec::new(),
    };
    let button = g
        .players
        .iter()
        .find(|p| p.dealer)
        .or_else(|| g.players.first())
        .map_or(0, |p| p.seat);
    // The rounds, their actions in the order of their numbers.
    let mut rounds: Vec<(u64, Element)> = game
        .children("round")
        .map(|r| (r.attr("no").and_then(digits).unwrap_or(0), r))
        .collect();
    rounds.sort_by_key(|r| r.0);
    let mut turns = g.turns_and_cards(&rounds)?;
    g.events
        .reserve(turns.acts.len() + rounds.len() + g.players.len() * 3 + 4);
    let played = g.play(game.line(), &rounds, &mut turns)?;
    let Turns { acted, pockets, .. } = turns;
    let summary = g.summary(played, &acted, &pockets)?;
    // What the PokerStars reader refuses of the table and seat lines comes first.
    let table = TableLine {
        name: common.table.clone(),
        max_seats: None,
        play_money: false,
        button: u32::try_from(button).map_err(|_| {
            g.err(
                game.line(),
                malformed("`Table 'NAME' N-max Seat #N is the button`", "Seat #"),
            )
        })?,
    };
    let seats = g.seats(&acted)?;
    g.in_order(&summary)?;
    Ok(Hand {
        header,
        table,
        seats,
        events: g.events,
        summary,
        first_line: game.line(),
    })
}

/// The `<player>` elements of a game, in seat order (at least two).
fn players<'d>(game: Element<'d, '_>, id: u64) -> Result<Vec<Player<'d>>, ImportError> {
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let players_el = game
        .child("general")
        .and_then(|g| g.child("players"))
        .ok_or_else(|| err(game.line(), Kind::Truncated("a `<players>` element")))?;
    let mut players = Vec::with_capacity(10);
    for p in players_el.children("player") {
        let get = |k: &'static str| {
            p.attr(k)
                .ok_or_else(|| err(p.line(), malformed("a `<player>` with that attribute", k)))
        };
        let amount = |k: &'static str| amount_of(get(k)?).map_err(|e| err(p.line(), e));
        let seat_text = get("seat")?;
        players.push(Player {
            seat: digits(seat_text)
                .ok_or_else(|| err(p.line(), malformed("a seat number", seat_text)))?,
            name: get("name")?,
            chips: amount("chips")?,
            dealer: p.attr("dealer") == Some("1"),
            win: amount("win")?,
            bet: amount("bet")?,
            line: p.line(),
        });
    }
    if players.len() < 2 {
        return Err(err(
            players_el.line(),
            Kind::Truncated("two `<player>` elements"),
        ));
    }
    players.sort_by_key(|p| p.seat);
    Ok(players)
}

/// The largest amount the PokerStars form writes and reads back (17 digits
/// before the point).
const MAX_WRITTEN: u64 = 10_000_000_000_000_000_000;

impl<'d> Game<'d> {
    pub(super) fn err(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line,
            kind,
        }
    }

    /// An amount as the text would write it, for messages.
    pub(super) fn money(&self, a: Amount) -> String {
        match self.sign {
            Some(s) => format!("{s}{a}"),
            None => a.to_string(),
        }
    }

    /// The player of `name`.
    pub(super) fn index(&self, name: &str, line: u32) -> Result<usize, ImportError> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| self.err(line, Kind::UnknownPlayer(shorten(name))))
    }

    /// Notes a refusal before the next event.
    pub(super) fn note(&mut self, line: u32, kind: Kind) {
        let e = self.err(line, kind);
        self.noted.push((self.events.len(), e));
    }

    /// `a`, noting a refusal when the PokerStars form could not write it.
    pub(super) fn written(&mut self, line: u32, a: Amount) -> Amount {
        if a.0 >= MAX_WRITTEN {
            let text = shorten(&self.money(a));
            self.note(
                line,
                Kind::Amount {
                    text,
                    reason: "not a number with at most two decimals",
                },
            );
        }
        a
    }

    /// Pushes an event at `line`.
    pub(super) fn push(&mut self, line: u32, event: Event) {
        self.events.push(Line { line, event });
    }

    /// The first pass over the rounds (see [`Turns`]).
    fn turns_and_cards<'a>(
        &self,
        rounds: &[(u64, Element<'d, 'a>)],
    ) -> Result<Turns<'d, 'a>, ImportError> {
        let n = self.players.len();
        let mut turns = Turns {
            acted: vec![false; n],
            pockets: vec![None; n],
            board: Vec::with_capacity(3),
            acts: Vec::with_capacity(32),
        };
        for (round, (_, r)) in rounds.iter().enumerate() {
            for c in r.children("cards") {
                let kind = c.attr("type").unwrap_or("");
                let text = c.text();
                let shown = shown(text).map_err(|k| self.err(c.line(), k))?;
                if kind == "Pocket" {
                    let i = self.index(c.attr("player").unwrap_or(""), c.line())?;
                    if let (Some(slot), Some(n)) = (turns.pockets.get_mut(i), shown) {
                        if n != 2 {
                            return Err(self.err(
                                c.line(),
                                Kind::Unsupported(format!(
                                    "{n} hole cards (only Texas hold'em is played)"
                                )),
                            ));
                        }
                        *slot = Some(text);
                    }
                } else if shown.is_some() {
                    turns.board.push((c.line(), kind, text));
                }
            }
            for a in r.children("action") {
                let name = a.attr("player").unwrap_or("");
                let who = self.index(name, a.line())?;
                let kind = a.attr("type");
                if kind != Some("8") {
                    if let Some(x) = turns.acted.get_mut(who) {
                        *x = true;
                    }
                }
                turns.acts.push(Act {
                    round,
                    no: a.attr("no").and_then(digits).unwrap_or(0),
                    who,
                    name,
                    kind,
                    element: a,
                });
            }
        }
        Ok(turns)
    }

    /// An event as the PokerStars form writes it, for messages.
    fn describe(&self, event: &Event) -> String {
        let name = |seat: &u8| self.players.get(usize::from(*seat)).map_or("", |p| p.name);
        let all_in = |a: &bool| if *a { " and is all-in" } else { "" };
        let list = |cards: &CardList| {
            let shown: Vec<String> = cards.iter().map(ToString::to_string).collect();
            shown.join(" ")
        };
        match event {
            Event::Post {
                seat,
                kind,
                amount,
                all_in: a,
            } => {
                let verb = match kind {
                    PostKind::Ante => "posts the ante",
                    PostKind::SmallBlind => "posts small blind",
                    PostKind::BigBlind => "posts big blind",
                    PostKind::SmallAndBig => "posts small & big blinds",
                    PostKind::Straddle => "posts straddle",
                };
                format!(
                    "{}: {verb} {}{}",
                    name(seat),
                    self.money(*amount),
                    all_in(a)
                )
            }
            Event::Fold { seat, .. } => format!("{}: folds", name(seat)),
            Event::Check { seat } => format!("{}: checks", name(seat)),
            Event::Call {
                seat,
                amount,
                all_in: a,
            } => format!("{}: calls {}{}", name(seat), self.money(*amount), all_in(a)),
            Event::Bet {
                seat,
                amount,
                all_in: a,
            } => format!("{}: bets {}{}", name(seat), self.money(*amount), all_in(a)),
            Event::Raise {
                seat,
                by,
                to,
                all_in: a,
            } => format!(
                "{}: raises {} to {}{}",
                name(seat),
                self.money(*by),
                self.money(*to),
                all_in(a)
            ),
            Event::Board { cards, before, .. } if before.is_empty() => {
                format!("*** FLOP *** [{}]", list(cards))
            }
            Event::Board {
                street,
                cards,
                before,
                ..
            } => {
                let street = if *street == Street::Turn {
                    "TURN"
                } else {
                    "RIVER"
                };
                format!("*** {street} *** [{}] [{}]", list(before), list(cards))
            }
            Event::ShowDown(_) => "*** SHOW DOWN ***".to_string(),
            Event::Uncalled { seat, amount } => format!(
                "Uncalled bet ({}) returned to {}",
                self.money(*amount),
                name(seat)
            ),
            Event::Shows { seat, cards } => format!("{}: shows [{}]", name(seat), list(cards)),
            Event::Mucks { seat, .. } => format!("{}: mucks hand", name(seat)),
            Event::Collected { seat, amount, .. } => {
                format!("{} collected {} from pot", name(seat), self.money(*amount))
            }
            other => format!("{other:?}"),
        }
    }

    /// The seats, refused as the PokerStars reader refuses its seat lines: a
    /// number too large, no name, a number or name twice, more than ten.
    fn seats(&self, acted: &[bool]) -> Result<Vec<Seat>, ImportError> {
        let mut seats: Vec<Seat> = Vec::with_capacity(self.players.len());
        for (i, p) in self.players.iter().enumerate() {
            let number = u32::try_from(p.seat).map_err(|_| {
                self.err(
                    p.line,
                    malformed("a seat line `Seat N: name (stack in chips)`", p.name),
                )
            })?;
            if p.name.is_empty() {
                return Err(self.err(p.line, malformed("a player name", p.name)));
            }
            if seats.iter().any(|s| s.number == number || s.name == p.name) {
                return Err(self.err(
                    p.line,
                    Kind::DuplicateSeat {
                        seat: number,
                        name: p.name.to_string(),
                    },
                ));
            }
            if seats.len() >= 10 {
                return Err(self.err(p.line, malformed("at most ten seats", p.name)));
            }
            seats.push(Seat {
                number,
                name: p.name.to_string(),
                stack: p.chips,
                bounty: None,
                state: if acted.get(i).copied().unwrap_or(false) {
                    SeatState::Playing
                } else {
                    SeatState::SittingOut
                },
                line: p.line,
            });
        }
        Ok(seats)
    }

    /// The refusals noted and the order of the sections, as the PokerStars
    /// reader meets them line by line: forced bets, `*** HOLE CARDS ***`, the
    /// play, then the summary.
    fn in_order(&mut self, summary: &Summary) -> Result<(), ImportError> {
        let mut noted = std::mem::take(&mut self.noted).into_iter().peekable();
        let mut dealt = false;
        for (i, l) in self.events.iter().enumerate() {
            if let Some((_, e)) = noted.next_if(|(at, _)| *at <= i) {
                return Err(e);
            }
            let reason = match &l.event {
                Event::HoleCards => {
                    dealt = true;
                    continue;
                }
                Event::Post { .. } if dealt => "forced bets come before *** HOLE CARDS ***",
                Event::Post { .. } | Event::Note { .. } => continue,
                _ if !dealt => "the hole cards are not dealt yet",
                _ => continue,
            };
            return Err(self.err(
                l.line,
                Kind::OutOfOrder {
                    found: shorten(&self.describe(&l.event)),
                    reason,
                },
            ));
        }
        if let Some((_, e)) = noted.next_if(|(at, _)| *at <= self.events.len()) {
            return Err(e);
        }
        if !dealt {
            return Err(self.err(
                summary.line,
                Kind::OutOfOrder {
                    found: "*** SUMMARY ***".to_string(),
                    reason: "no *** HOLE CARDS *** before it",
                },
            ));
        }
        match noted.next() {
            Some((_, e)) => Err(e),
            None => Ok(()),
        }
    }
}
