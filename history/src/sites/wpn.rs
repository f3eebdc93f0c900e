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
//! Each line is turned into PokerStars' form and read by the shared body reader,
//! so every amount is checked by the same rules as every other site's:
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

use std::fmt::Write as _;

use crate::pokerstars::parse::{parse_body, timestamp};

use super::ast::{Amount, Currency, Hand, Header, Limit};
use super::builder::{self, Imported, Site};
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, shorten, stakes_of,
};
use super::text::split_name;

/// The Winning Poker Network, for the builder.
pub static SITE: Site = Site {
    name: "Winning Poker Network",
    cap_field: "_wpn_cap",
    jackpot_drop: true,
    raises_over_all_in: false,
};

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

/// `[10d Js]` with `10` written as `T`.
fn cards(s: &str) -> String {
    s.replace("10", "T")
}

/// The PokerStars form of an amount.
fn money(a: Amount) -> String {
    format!("${a}")
}

/// [`paren_amount`] on line `n` of hand `id`.
fn paren_amount_at(id: u64, n: u32, s: &str) -> Result<(Amount, &str), ImportError> {
    paren_amount(s).map_err(|kind| ImportError {
        hand: Some(id),
        line: n,
        kind,
    })
}

/// What a player has put in this betting round, by seat index.
struct Round {
    put: Vec<Amount>,
    bet: Amount,
}

/// Reads one Winning Poker Network hand from its lines (`Game started at:` first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game,
/// [`Kind::Malformed`] and the others for text out of the format.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines.iter().filter(|(_, l)| !l.is_empty());
    let Some(&(first_line, started)) = rest.next() else {
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
    let Some(&(id_line, game)) = rest.next() else {
        return Err(err(None, first_line, Kind::Truncated("a `Game ID:` line")));
    };
    let (header, table_name) = header(id_line, game, time)?;
    let id = header.id;
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let Some(&(button_line, button)) = rest.next() else {
        return Err(err(id_line, Kind::Truncated("the button's seat")));
    };
    let button = button
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(crate::pokerstars::parse::digits)
        .ok_or_else(|| err(button_line, malformed("`Seat N is the button`", button)))?;
    let body: Vec<(u32, &str)> = rest.copied().collect();
    let seats = seat_lines(id, button_line, &body)?;
    let names: Vec<String> = seats.iter().map(|s| s.2.clone()).collect();
    let body = body.get(seats.len()..).unwrap_or(&[]);
    // Who is dealt cards (`Player NAME received ...`), in one pass over the lines.
    let mut dealt = vec![false; names.len()];
    for (_, l) in body {
        let Some((name, r)) = l
            .strip_prefix("Player ")
            .and_then(|r| split_name(r, &names))
        else {
            continue;
        };
        if r.starts_with("received ") {
            if let Some(d) = names
                .iter()
                .position(|n| n == name)
                .and_then(|i| dealt.get_mut(i))
            {
                *d = true;
            }
        }
    }
    if !dealt.contains(&true) {
        return Err(err(
            button_line,
            Kind::Unsupported("a hand cancelled before any card was dealt".to_string()),
        ));
    }
    let mut out: Vec<(u32, String)> = Vec::with_capacity(body.len() + seats.len() + 8);
    out.push((
        button_line,
        format!("Table '{table_name}' Seat #{button} is the button"),
    ));
    for ((n, num, name, stack), &dealt) in seats.iter().zip(&dealt) {
        let out_of = if dealt { "" } else { " is sitting out" };
        out.push((
            *n,
            format!("Seat {num}: {name} ({} in chips){out_of}", money(*stack)),
        ));
    }
    let mut play = Play {
        id,
        stakes: header.stakes,
        round: Round {
            put: vec![Amount::ZERO; seats.len()],
            bet: Amount::ZERO,
        },
        names: &names,
        out,
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
    };
    for &(n, line) in body {
        if line.starts_with("Game ended at: ") {
            break;
        }
        play.line(n, line)?;
    }
    let end = body.last().map_or(button_line, |l| l.0);
    let out = play.finish(end)?;
    let borrowed: Vec<(u32, &str)> = out.iter().map(|(n, l)| (*n, l.as_str())).collect();
    parse_body(header, first_line, &borrowed)
}

/// The seat lines at the start of `body`: line, seat number, name, stack.
fn seat_lines(
    id: u64,
    button_line: u32,
    body: &[(u32, &str)],
) -> Result<Vec<(u32, u32, String, Amount)>, ImportError> {
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let mut seats = Vec::new();
    for &(n, line) in body {
        let Some(r) = line.strip_prefix("Seat ") else {
            break;
        };
        let bad = || err(n, malformed("`Seat N: NAME (STACK).`", line));
        let (num, r) = r.split_once(": ").ok_or_else(bad)?;
        let num = crate::pokerstars::parse::digits(num)
            .ok_or_else(|| err(n, malformed("a seat number", line)))?;
        let (name, stack) = r
            .strip_suffix(").")
            .and_then(|r| r.rsplit_once(" ("))
            .ok_or_else(bad)?;
        let stack = amount_of(stack).map_err(|k| err(n, k))?;
        seats.push((
            n,
            u32::try_from(num).unwrap_or(u32::MAX),
            name.to_string(),
            stack,
        ));
    }
    if seats.is_empty() {
        return Err(err(
            body.first().map_or(button_line, |l| l.0),
            Kind::Truncated("a seat line"),
        ));
    }
    Ok(seats)
}

/// A WPN hand's play and summary being turned into PokerStars' forms.
struct Play<'n> {
    id: u64,
    /// The header's small and big blind.
    stakes: (Amount, Amount),
    round: Round,
    names: &'n [String],
    /// The hand in PokerStars' forms so far.
    out: Vec<(u32, String)>,
    /// A dead small blind posted (`posts (X) as a dead bet`), to join the player's
    /// big blind.
    dead: Option<(usize, Amount)>,
    hole_cards: bool,
    /// The hero's first card, until the second.
    hero: Option<(usize, String)>,
    summary: bool,
    /// The summary's `Bets:` and `Collects:` in all.
    bets: Amount,
    collects: Amount,
    pot_written: Option<(u32, Amount)>,
    shows: Vec<(u32, String)>,
    collected: Vec<(u32, String)>,
    board: Option<(u32, String)>,
    /// Players who muck (line, name), and who collect.
    mucks: Vec<(u32, &'n str)>,
    winners: Vec<&'n str>,
}

impl<'n> Play<'n> {
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

    /// One line before `Game ended at:`.
    fn line(&mut self, n: u32, line: &str) -> Result<(), ImportError> {
        if self.summary {
            return self.summary_line(n, line);
        }
        if line == "------ Summary ------" {
            self.summary = true;
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("Uncalled bet (") {
            let (a, to) = r.split_once(") returned to ").ok_or_else(|| {
                self.err(n, malformed("`Uncalled bet (X) returned to NAME`", line))
            })?;
            let a = amount_of(a).map_err(|k| self.err(n, k))?;
            self.out
                .push((n, format!("Uncalled bet ({}) returned to {to}", money(a))));
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("*** ") {
            let (street, b) = r
                .split_once(" ***: ")
                .ok_or_else(|| self.err(n, malformed("`*** STREET ***: [..]`", line)))?;
            if !matches!(street, "FLOP" | "TURN" | "RIVER") {
                return Err(self.err(n, malformed("`*** FLOP ***`, `TURN` or `RIVER`", line)));
            }
            self.round.put.iter_mut().for_each(|p| *p = Amount::ZERO);
            self.round.bet = Amount::ZERO;
            self.out.push((n, format!("*** {street} *** {}", cards(b))));
            return Ok(());
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
        let names = self.names;
        let (name, verb) =
            split_name(r, names).ok_or_else(|| self.err(n, Kind::UnknownPlayer(shorten(r))))?;
        let i = names.iter().position(|m| m == name).unwrap_or(0);
        if verb == "received a card." {
            return Ok(());
        }
        if let Some(c) = verb.strip_prefix("received card: ") {
            self.received(n, i, name, c);
            return Ok(());
        }
        if self.post(n, line, i, name, verb)? {
            return Ok(());
        }
        self.hole_cards(n);
        self.action(n, line, i, name, verb)
    }

    /// `*** HOLE CARDS ***` before the first line that needs it.
    fn hole_cards(&mut self, n: u32) {
        if !self.hole_cards {
            self.out.push((n, "*** HOLE CARDS ***".to_string()));
            self.hole_cards = true;
        }
    }

    /// `received card: [Ah]`: the hero's cards, one a line.
    fn received(&mut self, n: u32, i: usize, name: &str, c: &str) {
        let c = cards(c.trim_start_matches('[').trim_end_matches(']'));
        self.hero = match self.hero.take() {
            Some((h, first)) if h == i => {
                self.hole_cards(n);
                self.out.push((n, format!("Dealt to {name} [{first} {c}]")));
                None
            }
            _ => Some((i, c)),
        };
    }

    /// Adds `a` to what player `i` put in this round: the player's total in it.
    fn put(&mut self, n: u32, line: &str, i: usize, a: Amount) -> Result<Amount, ImportError> {
        let too_large = self.too_large(n, line);
        let slot = self.round.put.get_mut(i).ok_or(too_large.clone())?;
        *slot = slot.checked_add(a).ok_or(too_large)?;
        self.round.bet = self.round.bet.max(*slot);
        Ok(*slot)
    }

    /// A forced bet: whether the line was one.
    fn post(
        &mut self,
        n: u32,
        line: &str,
        i: usize,
        name: &str,
        verb: &str,
    ) -> Result<bool, ImportError> {
        let (sb, bb) = self.stakes;
        let id = self.id;
        let amount = |r| paren_amount_at(id, n, r);
        let (kind, a, live) = if let Some(r) = verb.strip_prefix("has small blind ") {
            ("small blind", amount(r)?.0, true)
        } else if let Some(r) = verb.strip_prefix("has big blind ") {
            ("big blind", amount(r)?.0, true)
        } else if let Some(r) = verb.strip_prefix("straddle ") {
            ("straddle", amount(r)?.0, true)
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
                    let total = a.checked_add(extra).unwrap_or(a);
                    self.put(n, line, i, a)?;
                    self.out.push((
                        n,
                        format!("{name}: posts small & big blinds {}", money(total)),
                    ));
                    return Ok(true);
                }
                _ if a == sb && sb != bb => ("small blind", a, false),
                _ => ("big blind", a, true),
            }
        } else {
            return Ok(false);
        };
        if live {
            self.put(n, line, i, a)?;
        }
        self.out
            .push((n, format!("{name}: posts {kind} {}", money(a))));
        Ok(true)
    }

    /// An action of the play.
    fn action(
        &mut self,
        n: u32,
        line: &str,
        i: usize,
        name: &'n str,
        verb: &str,
    ) -> Result<(), ImportError> {
        let text = match verb {
            "folds" => format!("{name}: folds"),
            "checks" => format!("{name}: checks"),
            "mucks cards" => {
                self.mucks.push((n, name));
                return Ok(());
            }
            _ => {
                let (word, r) = verb
                    .split_once(' ')
                    .ok_or_else(|| self.err(n, malformed("an action", line)))?;
                let (a, tail) = paren_amount(r).map_err(|k| self.err(n, k))?;
                if !tail.is_empty() {
                    return Err(self.err(n, malformed("an action `VERB (X)`", line)));
                }
                let before = self.round.bet;
                let total = self.put(n, line, i, a)?;
                let all_in = if word == "allin" {
                    " and is all-in"
                } else {
                    ""
                };
                let raise = |all_in: &str| {
                    format!(
                        "{name}: raises {} to {}{all_in}",
                        money(Amount(total.0.saturating_sub(before.0))),
                        money(total)
                    )
                };
                match word {
                    "calls" => format!("{name}: calls {}", money(a)),
                    "bets" => format!("{name}: bets {}", money(a)),
                    "raises" => raise(""),
                    "allin" if before == Amount::ZERO => {
                        format!("{name}: bets {}{all_in}", money(a))
                    }
                    "allin" if total <= before => format!("{name}: calls {}{all_in}", money(a)),
                    "allin" => raise(all_in),
                    _ => return Err(self.err(n, malformed("an action", line))),
                }
            }
        };
        self.out.push((n, text));
        Ok(())
    }

    /// A line of the summary: the pot, the board, a player's bets and collects.
    fn summary_line(&mut self, n: u32, line: &str) -> Result<(), ImportError> {
        if let Some(r) = line.strip_prefix("Pot: ") {
            let (p, _) = r
                .split_once(". Rake ")
                .ok_or_else(|| self.err(n, malformed("`Pot: X. Rake R`", line)))?;
            self.pot_written = Some((n, amount_of(p).map_err(|k| self.err(n, k))?));
            return Ok(());
        }
        if let Some(b) = line.strip_prefix("Board: ") {
            self.board = Some((n, format!("Board {}", cards(b))));
            return Ok(());
        }
        let Some(r) = line
            .strip_prefix("*Player ")
            .or_else(|| line.strip_prefix("Player "))
        else {
            return Err(self.err(n, malformed("a summary line", line)));
        };
        let names = self.names;
        // A seat the hand did not list (a blank name), with nothing in the pot.
        if split_name(r, names).is_none() && r.contains("Bets: 0. Collects: 0.") {
            return Ok(());
        }
        let (name, r) =
            split_name(r, names).ok_or_else(|| self.err(n, Kind::UnknownPlayer(shorten(r))))?;
        let bad = |expected| self.err(n, malformed(expected, line));
        let (what, nums) = r
            .split_once("Bets: ")
            .ok_or_else(|| bad("`Bets: X. Collects: Y.`"))?;
        let (b, r) = nums
            .split_once(". Collects: ")
            .ok_or_else(|| bad("`Bets: X. Collects: Y.`"))?;
        let (c, _) = r
            .split_once(". ")
            .ok_or_else(|| bad("`Collects: Y. Wins: Z.`"))?;
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
            self.shows
                .push((n, format!("{name}: shows {}", cards(shown))));
        }
        if c > Amount::ZERO {
            self.winners.push(name);
            self.collected
                .push((n, format!("{name} collected {} from pot", money(c))));
        }
        Ok(())
    }

    /// The showdown, collections and summary after the play; `end` is the hand's
    /// last line.
    fn finish(mut self, end: u32) -> Result<Vec<(u32, String)>, ImportError> {
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
        let winners = &self.winners;
        let no_shows = self.shows.is_empty();
        let (quiet, mucked): (Vec<_>, Vec<_>) = std::mem::take(&mut self.mucks)
            .into_iter()
            .partition(|(_, m)| winners.contains(m) && no_shows);
        let out = &mut self.out;
        for (n, m) in quiet {
            out.push((n, format!("{m}: doesn't show hand")));
        }
        if !no_shows || !mucked.is_empty() {
            out.push((pot_line, "*** SHOW DOWN ***".to_string()));
            out.append(&mut self.shows);
            for (n, m) in mucked {
                let verb = if winners.contains(&m) {
                    "doesn't show hand"
                } else {
                    "mucks hand"
                };
                out.push((n, format!("{m}: {verb}")));
            }
        }
        out.append(&mut self.collected);
        out.push((pot_line, "*** SUMMARY ***".to_string()));
        let mut total = String::new();
        let rake = Amount(self.bets.0.saturating_sub(self.collects.0));
        let _ = write!(
            total,
            "Total pot {} | Rake {}",
            money(self.bets),
            money(rake)
        );
        out.push((pot_line, total));
        out.extend(self.board);
        Ok(self.out)
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
