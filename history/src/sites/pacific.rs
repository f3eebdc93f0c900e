//! 888poker (Pacific Poker) text hand histories (rule H6), read into the
//! site-neutral [`Hand`] and converted by the shared [`super::builder`].
//!
//! The client writes:
//! ```text
//! #Game No : 349736402
//! ***** 888poker Hand History for Game 349736402 *****
//! $0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28
//! Table Abbotsford 6 Max (Real Money)
//! Seat 9 is the button
//! Total number of players : 2
//! Seat 4: silas_tomkyn ( $10.98 )
//! FCSM_1935 posts small blind [$0.05]
//! ** Dealing down cards **
//! FCSM_1935 raises [$2.50]
//! ** Dealing flop ** [ Jc, Kc, 3c ]
//! ** Summary **
//! FCSM_1935 collected [ $0.19 ]
//! ```
//! Each line is turned into PokerStars' form and read by the shared body reader:
//! - every amount in brackets is the money the player adds with that action (a
//!   raise's total is what the player had in this round plus it);
//! - `posts dead blind [$1 + $2]` is a dead small blind and a live big blind;
//! - the text writes no uncalled bet: the part of the largest live contribution
//!   that nobody matched is returned to its player, as the rules say (B16);
//! - the text writes no total pot and no rake: the pot is every contribution, the
//!   rake what the pot holds beyond what the players collect;
//! - `shows [ 7s, 8c ]`, `mucks [ .. ]` and `did not show his hand` come after
//!   `** Summary **`; `wins $2.30 USD from the main pot` (the older fixed-limit
//!   text) is a collection;
//! - a player whose money in the pot reaches the stack is all in (the text does
//!   not say so);
//! - a walk's `collected` includes the big blind's own unmatched part: it is
//!   returned as uncalled, and the collection counted without it;
//! - amounts have thousands separators (`$1,000`);
//! - a tournament's table line `Tournament #78678966 $0.09 + $0.01 - Table #5 9
//!   Max (Real Money)` gives its number and buy-in; its `$` amounts are chips;
//! - `mucks [ Td, 9d ]` names the cards: a player who mucks so and collects a
//!   pot shows them;
//! - a hand whose players are written without names (`Seat 1:  ( $325 )`) is
//!   unsupported: its actions cannot be told apart;
//! - `Fix Limit` headers give the blinds: the small bet is the big blind and the
//!   big bet twice it.
//!
//! Refused with a typed error naming them: another game (Omaha, Omaha hi/lo) is
//! unsupported, naming it; so is the older text of 2012 (`$50 USD PL Texas
//! Hold'em - Tuesday, April 03, ...`), not read here; anything else out of form
//! is malformed at its line.

use crate::pokerstars::parse::{digits, parse_amount, parse_body};

use super::ast::{Amount, BuyIn, Currency, Hand, Header, Limit, Timestamp, Tournament};
use super::builder::{self, Imported, Site};
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, shorten, stakes_of,
};
use super::text::without_separators;

/// 888poker, for the builder.
pub static SITE: Site = Site {
    name: "888poker",
    cap_field: "_888poker_cap",
    jackpot_drop: false,
};

/// True for the line that starts an 888poker hand: `***** 888poker Hand History
/// for Game N *****` (the `#Game No : N` line before it reads as a comment line
/// and is skipped wherever it stands).
pub fn is_hand_start(line: &str) -> bool {
    // PartyPoker's banner (`***** Hand History for Game N *****`) names no site.
    line.starts_with("***** ")
        && !line.starts_with("***** Hand History")
        && line.contains(" Hand History for Game ")
}

/// Converts an 888poker hand (the shared [`builder::build`]).
///
/// # Errors
/// As [`builder::build`].
pub fn import(hand: &Hand) -> Result<Imported, ImportError> {
    builder::build(hand, &SITE)
}

fn amount_of(text: &str) -> Result<Amount, Kind> {
    let t = text.trim().trim_start_matches(['$', '€', '£']);
    let t = t.split(' ').next().unwrap_or(t);
    amount_in(text, t)
}

/// `[$0.05]` or `[ $0.19 ]` at the start of `s`: the amount.
fn bracket_amount(s: &str) -> Result<Amount, Kind> {
    let inner = s
        .trim()
        .strip_prefix('[')
        .and_then(|r| r.split_once(']'))
        .ok_or_else(|| malformed("an amount in brackets `[$X]`", s))?;
    amount_of(inner.0)
}

/// `[ Jc, Kc, 3c ]` as `Jc Kc 3c`.
fn card_list(s: &str) -> Result<String, Kind> {
    let inner = s
        .trim()
        .strip_prefix('[')
        .and_then(|r| r.split_once(']'))
        .ok_or_else(|| malformed("cards in brackets `[ Ah, Kd ]`", s))?;
    Ok(inner
        .0
        .split(',')
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect::<Vec<_>>()
        .join(" "))
}

/// An amount in PokerStars' form: `$12.20`, or `1620` in a tournament's chips.
fn money(sym: &str, a: Amount) -> String {
    format!("{sym}{a}")
}

/// The seat name that `rest` begins with, followed by a blank (the longest).
fn split_name<'a, 'n>(rest: &'a str, names: &'n [String]) -> Option<(&'n str, &'a str)> {
    names
        .iter()
        .filter(|n| {
            rest.strip_prefix(n.as_str())
                .is_some_and(|r| r.starts_with(' '))
        })
        .max_by_key(|n| n.len())
        .map(|n| (n.as_str(), rest.get(n.len() + 1..).unwrap_or("")))
}

/// Reads one 888poker hand from its lines (the `*****` banner first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game,
/// [`Kind::Malformed`] and the others for text out of the format.
#[allow(clippy::too_many_lines)]
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines
        .iter()
        .filter(|(_, l)| !l.is_empty() && !l.starts_with("#Game No : "));
    let Some(&(first_line, banner)) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let id = banner
        .split_once(" Hand History for Game ")
        .and_then(|(_, r)| r.strip_suffix(" *****"))
        .and_then(|r| digits(r.trim()))
        .ok_or_else(|| ImportError {
            hand: None,
            line: first_line,
            kind: malformed("`***** 888poker Hand History for Game N *****`", banner),
        })?;
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let mut next = |what: &'static str| {
        rest.next()
            .copied()
            .ok_or_else(|| err(first_line, Kind::Truncated(what)))
    };
    let (game_line, game) = next("the game line")?;
    let mut header = header(id, &without_separators(game)).map_err(|k| err(game_line, k))?;
    let (table_line, table) = next("the table line")?;
    // `Tournament #78678966 $0.09 + $0.01 - Table #5 9 Max (Real Money)`: a
    // tournament in chips (its `$` amounts are chips).
    let table = match table.strip_prefix("Tournament #") {
        Some(r) => {
            let (t, rest) = r.split_once(" - Table ").ok_or_else(|| {
                err(
                    table_line,
                    malformed("`Tournament #N BUY-IN - Table ...`", table),
                )
            })?;
            let (tid, buy) = t.split_once(' ').unwrap_or((t, ""));
            let tid = digits(tid)
                .ok_or_else(|| err(table_line, malformed("a tournament number", table)))?;
            let parts = buy
                .split(" + ")
                .map(|p| amount_of(p).map_err(|k| err(table_line, k)))
                .collect::<Result<Vec<_>, _>>()?;
            let buy_in = if parts.iter().all(|a| *a == Amount::ZERO) {
                BuyIn::Freeroll
            } else {
                BuyIn::Paid {
                    parts,
                    currency: header.currency,
                }
            };
            header.tournament = Some(Tournament {
                id: tid,
                buy_in,
                level: None,
                round: None,
            });
            header.currency = Currency::Chips;
            format!("Table {}", rest.trim_start_matches('#'))
        }
        None => table.to_string(),
    };
    let table = table.as_str();
    let table = table
        .strip_prefix("Table ")
        .ok_or_else(|| err(table_line, malformed("`Table NAME (Real Money)`", table)))?;
    let play_money = table.contains("(Play Money)");
    let (table_name, max) = match table.find(" Max") {
        Some(i) => {
            let before = table.get(..i).unwrap_or("");
            match before.rsplit_once(' ') {
                Some((name, size)) => (name.to_string(), digits(size)),
                None => (before.to_string(), None),
            }
        }
        None => (table.split(" (").next().unwrap_or(table).to_string(), None),
    };
    let table_name = table_name.replace('\'', "");
    let (button_line, button) = next("the button's seat")?;
    let button = button
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(digits)
        .ok_or_else(|| err(button_line, malformed("`Seat N is the button`", button)))?;
    let body: Vec<(u32, &str)> = rest.copied().collect();
    let size = max.map(|m| format!(" {m}-max")).unwrap_or_default();
    let pm = if play_money { " (Play Money)" } else { "" };
    let table = (
        table_line,
        format!("Table '{table_name}'{size}{pm} Seat #{button} is the button"),
    );
    read_body(header, first_line, button_line, table, &body, play_money)
}

/// The lines of an 888poker hand after its button line (seats, play, summary),
/// or those of a site that writes the same forms ([`super::partypoker`] turns its
/// own into these), read into the [`Hand`] whose `header` the caller read;
/// `table` is the PokerStars form of the table line. Beyond 888's own forms it
/// reads `is all-In [$X]` (a bet, call or raise by the amount added, as the round
/// stands), a seat line ending ` is sitting out`, and the street names
/// capitalised (`** Dealing Flop **`).
///
/// # Errors
/// As [`parse_hand`].
pub(super) fn read_body(
    header: Header,
    first_line: u32,
    button_line: u32,
    table: (u32, String),
    body: &[(u32, &str)],
    play_money: bool,
) -> Result<Hand, ImportError> {
    let sym = header
        .currency
        .symbol()
        .map(String::from)
        .unwrap_or_default();
    let body: Vec<(u32, &str)> = body
        .iter()
        .copied()
        .filter(|(_, l)| !l.starts_with("Total number of players") && !l.starts_with("#Game No : "))
        .collect();
    let mut play = Body {
        id: header.id,
        sym: &sym,
        names: Vec::new(),
        stacks: Vec::new(),
        total: Vec::new(),
        live_total: Vec::new(),
        round: Vec::new(),
        board: Vec::new(),
        summary: false,
        collected: Amount::ZERO,
        shows: Vec::new(),
        wins: Vec::new(),
        mucked: Vec::new(),
        last_line: button_line,
        after_last_action: 0,
        out: Vec::with_capacity(body.len() + 8),
    };
    play.out.push(table);
    let at = play.seats(&body)?;
    for &(n, line) in body.get(at..).unwrap_or(&[]) {
        play.line(n, line)?;
    }
    let mut hand = play.finish(header, first_line)?;
    if play_money {
        hand.header.currency = Currency::PlayMoney;
    }
    Ok(hand)
}

/// An 888 hand's body being turned into PokerStars' forms: the seats, each
/// player's money in the pot, and the lines written so far.
struct Body<'s> {
    id: u64,
    /// The currency's sign before amounts (none for chips).
    sym: &'s str,
    names: Vec<String>,
    stacks: Vec<Amount>,
    /// Each player's money in the pot: in all, live (dead blinds left out), and in
    /// this betting round.
    total: Vec<Amount>,
    live_total: Vec<Amount>,
    round: Vec<Amount>,
    /// The streets dealt so far, each as PokerStars writes its cards.
    board: Vec<String>,
    /// Past `** Summary **`.
    summary: bool,
    collected: Amount,
    shows: Vec<(u32, String)>,
    wins: Vec<(u32, String)>,
    /// Cards named as they are mucked: line, name, cards.
    mucked: Vec<(u32, String, String)>,
    last_line: u32,
    /// Where the play's last action stands in `out`: an uncalled bet goes back
    /// there, at the end of the betting round that left it unmatched.
    after_last_action: usize,
    /// The hand in PokerStars' forms.
    out: Vec<(u32, String)>,
}

impl Body<'_> {
    fn err(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line,
            kind,
        }
    }

    fn money(&self, a: Amount) -> String {
        money(self.sym, a)
    }

    /// The seat lines at the start of `body`, each in PokerStars' form; how many
    /// there are.
    fn seats(&mut self, body: &[(u32, &str)]) -> Result<usize, ImportError> {
        let mut at = 0;
        for &(n, line) in body {
            let Some(r) = line.strip_prefix("Seat ") else {
                break;
            };
            let bad = || self.err(n, malformed("`Seat N: NAME ( $STACK )`", line));
            let (num, r) = r.split_once(": ").ok_or_else(bad)?;
            let (r, out_of) = match r.strip_suffix(" is sitting out") {
                Some(r) => (r, " is sitting out"),
                None => (r, ""),
            };
            let (name, stack) = r
                .strip_suffix(" )")
                .and_then(|r| r.rsplit_once(" ( "))
                .ok_or_else(bad)?;
            let stack = amount_of(&without_separators(stack)).map_err(|k| self.err(n, k))?;
            let text = format!(
                "Seat {num}: {name} ({} in chips){out_of}",
                self.money(stack)
            );
            self.out.push((n, text));
            self.names.push(name.to_string());
            self.stacks.push(stack);
            at += 1;
        }
        if self.names.is_empty() {
            return Err(self.err(self.last_line, Kind::Truncated("a seat line")));
        }
        if let Some(&(n, _)) = body.iter().take(at).find(|(_, l)| l.contains(":  ( ")) {
            return Err(self.err(
                n,
                Kind::Unsupported(
                    "players written without names (their actions cannot be told apart)"
                        .to_string(),
                ),
            ));
        }
        let players = self.names.len();
        self.total = vec![Amount::ZERO; players];
        self.live_total = vec![Amount::ZERO; players];
        self.round = vec![Amount::ZERO; players];
        Ok(at)
    }

    /// One line of the play or the summary.
    fn line(&mut self, n: u32, line: &str) -> Result<(), ImportError> {
        self.last_line = n;
        let line = &*without_separators(line);
        if line == "** Summary **" {
            self.summary = true;
            return Ok(());
        }
        if line == "** Dealing down cards **" {
            self.out.push((n, "*** HOLE CARDS ***".to_string()));
            return Ok(());
        }
        if let Some(r) = line.strip_prefix("** Dealing ") {
            return self.street(n, line, r);
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            let (name, cards) = r
                .split_once(" [")
                .ok_or_else(|| self.err(n, malformed("`Dealt to NAME [ .. ]`", line)))?;
            let cards = card_list(&format!("[{cards}")).map_err(|k| self.err(n, k))?;
            self.out.push((n, format!("Dealt to {name} [{cards}]")));
            return Ok(());
        }
        let (name, verb) = split_name(line, &self.names)
            .ok_or_else(|| self.err(n, Kind::UnknownPlayer(shorten(line))))?;
        let i = self.names.iter().position(|m| m == name).unwrap_or(0);
        // The name as the line writes it (the same text), so `self` is free.
        let name = line.get(..name.len()).unwrap_or("");
        if self.summary {
            return self.summary_line(n, line, name, verb);
        }
        let text = self.action(n, line, i, name, verb)?;
        let acted = !text.contains(": posts ");
        self.out.push((n, text));
        if acted {
            self.after_last_action = self.out.len();
        }
        Ok(())
    }

    /// `** Dealing flop ** [ Jc, Kc, 3c ]` and the turn and river after it.
    fn street(&mut self, n: u32, line: &str, r: &str) -> Result<(), ImportError> {
        let (street, cards) = r
            .split_once(" ** ")
            .ok_or_else(|| self.err(n, malformed("`** Dealing STREET ** [ .. ]`", line)))?;
        let cards = card_list(cards).map_err(|k| self.err(n, k))?;
        let text = match street.to_ascii_lowercase().as_str() {
            "flop" => format!("*** FLOP *** [{cards}]"),
            "turn" => format!("*** TURN *** [{}] [{cards}]", self.board.join(" ")),
            "river" => format!("*** RIVER *** [{}] [{cards}]", self.board.join(" ")),
            _ => return Err(self.err(n, malformed("`flop`, `turn` or `river`", line))),
        };
        self.board.push(cards);
        self.round.iter_mut().for_each(|r| *r = Amount::ZERO);
        self.out.push((n, text));
        Ok(())
    }

    /// Adds `a` to player `i`'s money in the pot (and to this round's and the
    /// live total when `live`): the player's money in this round after it, and
    /// whether it is the whole stack.
    fn add(
        &mut self,
        n: u32,
        line: &str,
        i: usize,
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
        let t = self.total.get_mut(i).ok_or_else(too_large)?;
        *t = t.checked_add(a).ok_or_else(too_large)?;
        let all_in = self.stacks.get(i).is_some_and(|s| t == s);
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
        name: &str,
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
            let text = format!("{name} collected {} from pot", self.money(a));
            self.wins.push((n, text));
        } else if let Some(r) = verb.strip_prefix("shows ") {
            let cards = card_list(r).map_err(|k| self.err(n, k))?;
            self.shows.push((n, format!("{name}: shows [{cards}]")));
        } else if let Some(r) = verb.strip_prefix("mucks [") {
            // Cards named as they are mucked are shown; a winner's must be.
            let cards = card_list(&format!("[{r}")).map_err(|k| self.err(n, k))?;
            self.mucked.push((n, name.to_string(), cards));
        } else if verb.starts_with("mucks") || verb == "did not show his hand" {
            self.shows.push((n, format!("{name}: mucks hand")));
        } else {
            return Err(self.err(n, malformed("a summary line", line)));
        }
        Ok(())
    }

    /// A forced bet or an action of the play, in PokerStars' form.
    fn action(
        &mut self,
        n: u32,
        line: &str,
        i: usize,
        name: &str,
        verb: &str,
    ) -> Result<String, ImportError> {
        let before = self.round.iter().copied().max().unwrap_or(Amount::ZERO);
        let all_in_text = |all_in: bool| if all_in { " and is all-in" } else { "" };
        let posts = [
            ("posts ante ", "the ante", false),
            ("posts small blind ", "small blind", true),
            ("posts big blind ", "big blind", true),
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
            self.add(n, line, i, dead, false)?;
            self.add(n, line, i, live, true)?;
            let both = Amount(dead.0.saturating_add(live.0));
            return Ok(format!(
                "{name}: posts small & big blinds {}",
                self.money(both)
            ));
        }
        for (prefix, what, live) in posts {
            if let Some(r) = verb.strip_prefix(prefix) {
                let a = bracket_amount(r).map_err(|k| self.err(n, k))?;
                let all_in = all_in_text(self.add(n, line, i, a, live)?.1);
                return Ok(format!("{name}: posts {what} {}{all_in}", self.money(a)));
            }
        }
        if let Some(r) = verb.strip_prefix("is all-In ") {
            let a = bracket_amount(r).map_err(|k| self.err(n, k))?;
            let (now, _) = self.add(n, line, i, a, true)?;
            return Ok(if before == Amount::ZERO {
                format!("{name}: bets {} and is all-in", self.money(a))
            } else if now <= before {
                format!("{name}: calls {} and is all-in", self.money(a))
            } else {
                format!(
                    "{name}: raises {} to {} and is all-in",
                    self.money(Amount(now.0.saturating_sub(before.0))),
                    self.money(now)
                )
            });
        }
        if verb == "folds" || verb == "checks" {
            return Ok(format!("{name}: {verb}"));
        }
        let Some((word, r)) = verb.split_once(' ') else {
            return Err(self.err(n, malformed("an action", line)));
        };
        let a = bracket_amount(r).map_err(|k| self.err(n, k))?;
        let (now, all_in) = self.add(n, line, i, a, true)?;
        let all_in = all_in_text(all_in);
        match word {
            "calls" => Ok(format!("{name}: calls {}{all_in}", self.money(a))),
            "bets" => Ok(format!("{name}: bets {}{all_in}", self.money(a))),
            "raises" => Ok(format!(
                "{name}: raises {} to {}{all_in}",
                self.money(Amount(now.0.saturating_sub(before.0))),
                self.money(now)
            )),
            _ => Err(self.err(n, malformed("an action", line))),
        }
    }

    /// The part of the largest contribution nobody matched goes back (B16), as
    /// an `Uncalled bet` line after the last action: the player and the amount.
    /// Dead money is matched by nobody: only live contributions count.
    fn return_uncalled(&mut self) -> (usize, Amount) {
        let live = &self.live_total;
        let mut order: Vec<usize> = (0..live.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(live.get(i).copied().unwrap_or_default()));
        let top = order.first().copied().unwrap_or(0);
        let first = live.get(top).copied().unwrap_or_default();
        let second = order
            .get(1)
            .and_then(|&i| live.get(i).copied())
            .unwrap_or_default();
        let returned = Amount(first.0.saturating_sub(second.0));
        if returned > Amount::ZERO {
            let who = self.names.get(top).map_or("", String::as_str);
            let text = format!("Uncalled bet ({}) returned to {who}", self.money(returned));
            let at = if self.after_last_action == 0 {
                self.out.len()
            } else {
                self.after_last_action
            };
            let line_no = self
                .out
                .get(at.saturating_sub(1))
                .map_or(self.last_line, |(n, _)| *n);
            self.out.insert(at, (line_no, text));
        }
        (top, returned)
    }

    /// The text's collection includes an unmatched blind returned to its winner
    /// (a walk: the big blind `collected` both blinds): counted without it.
    fn collect_without_returned(&mut self, top: usize, returned: Amount) {
        let name = self.names.get(top).map_or("", String::as_str);
        let prefix = format!("{name} collected ");
        let Some((_, w)) = self.wins.iter_mut().find(|(_, w)| w.starts_with(&prefix)) else {
            return;
        };
        let own = w
            .strip_prefix(&prefix)
            .and_then(|r| r.strip_suffix(" from pot"))
            .and_then(|r| parse_amount(r.trim_start_matches('$')))
            .unwrap_or_default();
        if own >= returned {
            let less = Amount(own.0 - returned.0);
            *w = format!("{name} collected {} from pot", money(self.sym, less));
            self.collected = Amount(self.collected.0 - returned.0);
        }
    }

    /// The end of the hand: the uncalled bet, the showdown, the collections and
    /// the summary, then the whole read by the shared body reader.
    fn finish(mut self, header: Header, first_line: u32) -> Result<Hand, ImportError> {
        if !self.summary {
            return Err(self.err(self.last_line, Kind::Truncated("a `** Summary **` section")));
        }
        let (top, returned) = self.return_uncalled();
        let pot = Amount(
            self.total
                .iter()
                .map(|a| a.0)
                .sum::<u64>()
                .saturating_sub(returned.0),
        );
        if self.collected > pot && returned > Amount::ZERO {
            self.collect_without_returned(top, returned);
        }
        let last_line = self.last_line;
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
        for (n, name, cards) in std::mem::take(&mut self.mucked) {
            let prefix = format!("{name} collected ");
            if self.wins.iter().any(|(_, w)| w.starts_with(&prefix)) {
                self.shows.push((n, format!("{name}: shows [{cards}]")));
            } else {
                self.shows.push((n, format!("{name}: mucks hand")));
            }
        }
        if !self.shows.is_empty() {
            self.out.push((last_line, "*** SHOW DOWN ***".to_string()));
            // Those who show first, then those who muck.
            self.shows.sort_by_key(|(_, l)| l.ends_with("mucks hand"));
            self.out.append(&mut self.shows);
        }
        self.out.append(&mut self.wins);
        self.out.push((last_line, "*** SUMMARY ***".to_string()));
        let rake = Amount(pot.0.saturating_sub(self.collected.0));
        let total = format!("Total pot {} | Rake {}", self.money(pot), self.money(rake));
        self.out.push((last_line, total));
        let borrowed: Vec<(u32, &str)> = self.out.iter().map(|(n, l)| (*n, l.as_str())).collect();
        parse_body(header, first_line, &borrowed)
    }
}

/// `$0.05/$0.10 Blinds No Limit Holdem - *** 06 01 2014 22:40:28`.
fn header(id: u64, line: &str) -> Result<Header, Kind> {
    if line.contains(" Texas Hold'em - ") {
        return Err(Kind::Unsupported(
            "the older 888 text (`$50 USD PL Texas Hold'em - Tuesday, ...`) is not read"
                .to_string(),
        ));
    }
    let (stakes, r) = line
        .split_once(" Blinds ")
        .ok_or_else(|| malformed("`$SB/$BB Blinds GAME - *** DD MM YYYY HH:MM:SS`", line))?;
    let (game, date) = r
        .split_once(" - *** ")
        .ok_or_else(|| malformed("`GAME - *** DD MM YYYY HH:MM:SS`", line))?;
    let limit = match game {
        "No Limit Holdem" | "No Limit Holdem Jackpot table" => Limit::NoLimit,
        "Pot Limit Holdem" => Limit::PotLimit,
        "Fix Limit Holdem" => Limit::FixedLimit,
        _ => {
            return Err(other_game(game));
        }
    };
    let (sb, bb) = stakes
        .split_once('/')
        .ok_or_else(|| malformed("the stakes `$SB/$BB`", line))?;
    let currency = Currency::of_sign(sb.chars().next()).unwrap_or(Currency::PlayMoney);
    let (sb, bb) = stakes_of(sb, bb, stakes, amount_of)?;
    let stakes = match limit {
        Limit::FixedLimit => (bb, Amount(bb.0.saturating_mul(2))),
        _ => (sb, bb),
    };
    let mut parts = date.split([' ', ':']).map(digits);
    let mut num = || parts.next().flatten();
    let time = match (num(), num(), num(), num(), num(), num()) {
        (Some(d), Some(m), Some(y), Some(h), Some(mi), Some(s)) => {
            Timestamp::checked(y, m, d, h, mi, s)
                .ok_or_else(|| malformed("a date `DD MM YYYY HH:MM:SS`", line))?
        }
        _ => return Err(malformed("a date `DD MM YYYY HH:MM:SS`", line)),
    };
    Ok(Header {
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
        times: vec![time],
    })
}
