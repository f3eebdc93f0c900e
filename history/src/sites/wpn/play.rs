//! A Winning Poker Network hand's play and summary read into events.

use super::super::ast::{CardList, Event, Line, PostKind, PotName, Run, Street, Summary};
use super::super::error::{ImportError, ImportErrorKind as Kind, malformed, shorten};
use super::super::text::{bracketed_cards, card_list};
use super::{Amount, MAX_SEATS, SeatLine, amount_of, index, paren_amount, split_seat};
use crate::pokerstars::parse::split_at;

/// A WPN hand's play and summary being read into events.
pub(super) struct Play<'a> {
    id: u64,
    /// The header's small and big blind.
    stakes: (Amount, Amount),
    pub(super) names: Vec<&'a str>,
    /// What each player put in this betting round, and the most anyone did.
    put: Vec<Amount>,
    bet: Amount,
    /// Seats seen receiving cards.
    pub(super) dealt: Vec<bool>,
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
    pub(super) fn new(id: u64, stakes: (Amount, Amount), seats: &[SeatLine<'a>]) -> Self {
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

    pub(super) fn err(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line,
            kind,
        }
    }

    pub(super) fn too_large(&self, n: u32, line: &str) -> ImportError {
        self.err(
            n,
            Kind::Amount {
                text: shorten(line),
                reason: "too large",
            },
        )
    }

    /// Keeps `e` to report at the end, if it is the first such error.
    pub(super) fn defer(&mut self, e: ImportError) {
        if self.deferred.is_none() {
            self.deferred = Some(e);
        }
    }

    /// Seats with a name, each number and name once, at most ten.
    pub(super) fn check_seats(&mut self, seats: &[SeatLine<'a>]) {
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

    pub(super) fn out_of_order(&mut self, n: u32, text: &str, reason: &'static str) {
        let found = shorten(text);
        self.defer(self.err(n, Kind::OutOfOrder { found, reason }));
    }

    /// An event of the play (after the hole cards).
    pub(super) fn play(&mut self, n: u32, text: &str, event: Event) {
        if !self.hole_cards {
            self.out_of_order(n, text, "the hole cards are not dealt yet");
        }
        self.events.push(Line { line: n, event });
    }

    /// A forced bet (before the hole cards).
    pub(super) fn forced(&mut self, n: u32, text: &str, event: Event) {
        if self.hole_cards {
            self.out_of_order(n, text, "forced bets come before *** HOLE CARDS ***");
        }
        self.events.push(Line { line: n, event });
    }

    /// One line before `Game ended at:`.
    pub(super) fn line(&mut self, n: u32, line: &'a str) -> Result<(), ImportError> {
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
    pub(super) fn street(&mut self, n: u32, line: &str, r: &str) -> Result<(), ImportError> {
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
    pub(super) fn hole_cards(&mut self, n: u32) {
        if !self.hole_cards {
            self.events.push(Line {
                line: n,
                event: Event::HoleCards,
            });
            self.hole_cards = true;
        }
    }

    /// `received card: [Ah]`: the hero's cards, one a line.
    pub(super) fn received(&mut self, n: u32, line: &str, i: usize, c: &'a str) {
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
    pub(super) fn put(
        &mut self,
        n: u32,
        line: &str,
        i: usize,
        a: Amount,
    ) -> Result<Amount, ImportError> {
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
    pub(super) fn post(
        &mut self,
        n: u32,
        line: &str,
        i: usize,
        verb: &str,
    ) -> Result<bool, ImportError> {
        let (sb, bb) = self.stakes;
        let amount = |r| paren_amount(r).map_err(|k| self.err(n, k));
        let (kind, a, live, all_in) = if let Some(r) = verb.strip_prefix("has small blind ") {
            (PostKind::SmallBlind, amount(r)?.0, true, false)
        } else if let Some(r) = verb.strip_prefix("has big blind ") {
            (PostKind::BigBlind, amount(r)?.0, true, false)
        } else if let Some(r) = verb.strip_prefix("straddle ") {
            (PostKind::Straddle, amount(r)?.0, true, false)
        } else if let Some(r) = verb.strip_prefix("allin ").filter(|_| !self.hole_cards) {
            // Before the cards, `allin (X)` is a blind posted all-in for less:
            // the small blind's while none is posted and X is at most it, else the
            // big blind's, which counts in full (B13).
            let (a, tail) = amount(r)?;
            if !tail.is_empty() {
                return Err(self.err(n, malformed("`allin (X)`", line)));
            }
            let small_posted = self.events.iter().any(|l| {
                matches!(
                    l.event,
                    Event::Post {
                        kind: PostKind::SmallBlind,
                        ..
                    }
                )
            });
            let kind = if !small_posted && a <= sb && sb != bb {
                PostKind::SmallBlind
            } else {
                PostKind::BigBlind
            };
            (kind, a, true, true)
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
                _ if a == sb && sb != bb => (PostKind::SmallBlind, a, false, false),
                _ => (PostKind::BigBlind, a, true, false),
            }
        } else {
            return Ok(false);
        };
        if live {
            self.put(n, line, i, a)?;
        }
        let (seat, amount) = (index(i), a);
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
    pub(super) fn action(
        &mut self,
        n: u32,
        line: &str,
        i: usize,
        verb: &str,
    ) -> Result<(), ImportError> {
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
    pub(super) fn summary_line(&mut self, n: u32, line: &'a str) -> Result<(), ImportError> {
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
    pub(super) fn show(&mut self, n: u32, i: usize, shown: &str) {
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
    pub(super) fn finish(mut self, end: u32) -> Result<(Vec<Line>, Summary), ImportError> {
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
