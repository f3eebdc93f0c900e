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
#[allow(clippy::too_many_lines)]
pub(super) fn read_body(
    header: Header,
    first_line: u32,
    button_line: u32,
    table: (u32, String),
    body: &[(u32, &str)],
    play_money: bool,
) -> Result<Hand, ImportError> {
    let id = header.id;
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let sym = header
        .currency
        .symbol()
        .map(String::from)
        .unwrap_or_default();
    let sym = sym.as_str();
    let body: Vec<(u32, &str)> = body
        .iter()
        .copied()
        .filter(|(_, l)| !l.starts_with("Total number of players") && !l.starts_with("#Game No : "))
        .collect();
    let mut out: Vec<(u32, String)> = Vec::with_capacity(body.len() + 8);
    out.push(table);
    let mut names: Vec<String> = Vec::new();
    let mut stacks: Vec<Amount> = Vec::new();
    let mut at = 0;
    for &(n, line) in &body {
        let Some(r) = line.strip_prefix("Seat ") else {
            break;
        };
        let (num, r) = r
            .split_once(": ")
            .ok_or_else(|| err(n, malformed("`Seat N: NAME ( $STACK )`", line)))?;
        let (r, out_of) = match r.strip_suffix(" is sitting out") {
            Some(r) => (r, " is sitting out"),
            None => (r, ""),
        };
        let (name, stack) = r
            .strip_suffix(" )")
            .and_then(|r| r.rsplit_once(" ( "))
            .ok_or_else(|| err(n, malformed("`Seat N: NAME ( $STACK )`", line)))?;
        let stack = amount_of(&without_separators(stack)).map_err(|k| err(n, k))?;
        out.push((
            n,
            format!(
                "Seat {num}: {name} ({} in chips){out_of}",
                money(sym, stack)
            ),
        ));
        names.push(name.to_string());
        stacks.push(stack);
        at += 1;
    }
    if names.is_empty() {
        return Err(err(button_line, Kind::Truncated("a seat line")));
    }
    if let Some(&(n, _)) = body.iter().take(at).find(|(_, l)| l.contains(":  ( ")) {
        return Err(err(
            n,
            Kind::Unsupported(
                "players written without names (their actions cannot be told apart)".to_string(),
            ),
        ));
    }
    let body = body.get(at..).unwrap_or(&[]);
    // Each player's money in the pot, in all and in this round.
    let mut total = vec![Amount::ZERO; names.len()];
    let mut live_total = vec![Amount::ZERO; names.len()];
    let mut round = vec![Amount::ZERO; names.len()];
    let mut board: Vec<String> = Vec::new();
    let mut summary = false;
    let mut collected = Amount::ZERO;
    let mut shows: Vec<(u32, String)> = Vec::new();
    let mut wins: Vec<(u32, String)> = Vec::new();
    let mut mucked: Vec<(u32, String, String)> = Vec::new();
    let mut last_line = button_line;
    // Where the play's last action stands in `out`: an uncalled bet goes back there,
    // at the end of the betting round that left it unmatched.
    let mut after_last_action = 0;
    for &(n, line) in body {
        last_line = n;
        let line = &*without_separators(line);
        let too_large = || {
            err(
                n,
                Kind::Amount {
                    text: shorten(line),
                    reason: "too large",
                },
            )
        };
        if line == "** Summary **" {
            summary = true;
            continue;
        }
        if line == "** Dealing down cards **" {
            out.push((n, "*** HOLE CARDS ***".to_string()));
            continue;
        }
        if let Some(r) = line.strip_prefix("** Dealing ") {
            let (street, cards) = r
                .split_once(" ** ")
                .ok_or_else(|| err(n, malformed("`** Dealing STREET ** [ .. ]`", line)))?;
            let cards = card_list(cards).map_err(|k| err(n, k))?;
            let text = match street.to_ascii_lowercase().as_str() {
                "flop" => format!("*** FLOP *** [{cards}]"),
                "turn" => format!("*** TURN *** [{}] [{cards}]", board.join(" ")),
                "river" => format!("*** RIVER *** [{}] [{cards}]", board.join(" ")),
                _ => return Err(err(n, malformed("`flop`, `turn` or `river`", line))),
            };
            board.push(cards);
            round.iter_mut().for_each(|r| *r = Amount::ZERO);
            out.push((n, text));
            continue;
        }
        if let Some(r) = line.strip_prefix("Dealt to ") {
            let (name, cards) = r
                .split_once(" [")
                .ok_or_else(|| err(n, malformed("`Dealt to NAME [ .. ]`", line)))?;
            let cards = card_list(&format!("[{cards}")).map_err(|k| err(n, k))?;
            out.push((n, format!("Dealt to {name} [{cards}]")));
            continue;
        }
        let (name, verb) =
            split_name(line, &names).ok_or_else(|| err(n, Kind::UnknownPlayer(shorten(line))))?;
        let i = names.iter().position(|m| m == name).unwrap_or(0);
        let before = round.iter().copied().max().unwrap_or(Amount::ZERO);
        let mut add = |a: Amount, live: bool| -> Result<(Amount, bool), ImportError> {
            let t = total.get_mut(i).ok_or_else(too_large)?;
            *t = t.checked_add(a).ok_or_else(too_large)?;
            let all_in = stacks.get(i).is_some_and(|s| t == s);
            let r = round.get_mut(i).ok_or_else(too_large)?;
            if live {
                *r = r.checked_add(a).ok_or_else(too_large)?;
                let l = live_total.get_mut(i).ok_or_else(too_large)?;
                *l = l.checked_add(a).ok_or_else(too_large)?;
            }
            Ok((*r, all_in))
        };
        if summary {
            if let Some(r) = verb.strip_prefix("collected ") {
                let a = bracket_amount(r).map_err(|k| err(n, k))?;
                collected = collected.checked_add(a).ok_or_else(too_large)?;
                wins.push((n, format!("{name} collected {} from pot", money(sym, a))));
            } else if let Some(r) = verb.strip_prefix("wins ") {
                let a = amount_of(r).map_err(|k| err(n, k))?;
                collected = collected.checked_add(a).ok_or_else(too_large)?;
                wins.push((n, format!("{name} collected {} from pot", money(sym, a))));
            } else if let Some(r) = verb.strip_prefix("shows ") {
                let cards = card_list(r).map_err(|k| err(n, k))?;
                shows.push((n, format!("{name}: shows [{cards}]")));
            } else if let Some(r) = verb.strip_prefix("mucks [") {
                // Cards named as they are mucked are shown; a winner's must be.
                let cards = card_list(&format!("[{r}")).map_err(|k| err(n, k))?;
                mucked.push((n, name.to_string(), cards));
            } else if verb.starts_with("mucks") || verb == "did not show his hand" {
                shows.push((n, format!("{name}: mucks hand")));
            } else {
                return Err(err(n, malformed("a summary line", line)));
            }
            continue;
        }
        let text = if let Some(r) = verb.strip_prefix("posts dead blind ") {
            let inner = r
                .trim()
                .strip_prefix('[')
                .and_then(|r| r.split_once(']'))
                .map(|(i, _)| i)
                .ok_or_else(|| err(n, malformed("`posts dead blind [$SB + $BB]`", line)))?;
            let (dead, live) = inner
                .split_once(" + ")
                .ok_or_else(|| err(n, malformed("`posts dead blind [$SB + $BB]`", line)))?;
            let (dead, live) = (
                amount_of(dead).map_err(|k| err(n, k))?,
                amount_of(live).map_err(|k| err(n, k))?,
            );
            add(dead, false)?;
            add(live, true)?;
            let both = dead.checked_add(live).ok_or_else(too_large)?;
            format!("{name}: posts small & big blinds {}", money(sym, both))
        } else if let Some(r) = verb.strip_prefix("posts ante ") {
            let a = bracket_amount(r).map_err(|k| err(n, k))?;
            let all_in = if add(a, false)?.1 {
                " and is all-in"
            } else {
                ""
            };
            format!("{name}: posts the ante {}{all_in}", money(sym, a))
        } else if let Some(r) = verb.strip_prefix("posts small blind ") {
            let a = bracket_amount(r).map_err(|k| err(n, k))?;
            let all_in = if add(a, true)?.1 {
                " and is all-in"
            } else {
                ""
            };
            format!("{name}: posts small blind {}{all_in}", money(sym, a))
        } else if let Some(r) = verb.strip_prefix("posts big blind ") {
            let a = bracket_amount(r).map_err(|k| err(n, k))?;
            let all_in = if add(a, true)?.1 {
                " and is all-in"
            } else {
                ""
            };
            format!("{name}: posts big blind {}{all_in}", money(sym, a))
        } else if let Some(r) = verb.strip_prefix("is all-In ") {
            let a = bracket_amount(r).map_err(|k| err(n, k))?;
            let (now, _) = add(a, true)?;
            if before == Amount::ZERO {
                format!("{name}: bets {} and is all-in", money(sym, a))
            } else if now <= before {
                format!("{name}: calls {} and is all-in", money(sym, a))
            } else {
                format!(
                    "{name}: raises {} to {} and is all-in",
                    money(sym, Amount(now.0.saturating_sub(before.0))),
                    money(sym, now)
                )
            }
        } else if verb == "folds" || verb == "checks" {
            format!("{name}: {verb}")
        } else if let Some((word, r)) = verb.split_once(' ') {
            let a = bracket_amount(r).map_err(|k| err(n, k))?;
            let (now, all_in) = add(a, true)?;
            let all_in = if all_in { " and is all-in" } else { "" };
            match word {
                "calls" => format!("{name}: calls {}{all_in}", money(sym, a)),
                "bets" => format!("{name}: bets {}{all_in}", money(sym, a)),
                "raises" => format!(
                    "{name}: raises {} to {}{all_in}",
                    money(sym, Amount(now.0.saturating_sub(before.0))),
                    money(sym, now)
                ),
                _ => return Err(err(n, malformed("an action", line))),
            }
        } else {
            return Err(err(n, malformed("an action", line)));
        };
        let acted = !text.contains(": posts ");
        out.push((n, text));
        if acted {
            after_last_action = out.len();
        }
    }
    if !summary {
        return Err(err(last_line, Kind::Truncated("a `** Summary **` section")));
    }
    // The part of the largest contribution nobody matched goes back (B16).
    // Dead money is matched by nobody: only live contributions count.
    let mut order: Vec<usize> = (0..live_total.len()).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(live_total.get(i).copied().unwrap_or_default()));
    let top = order.first().copied().unwrap_or(0);
    let first = live_total.get(top).copied().unwrap_or_default();
    let second = order
        .get(1)
        .and_then(|&i| live_total.get(i).copied())
        .unwrap_or_default();
    let returned = Amount(first.0.saturating_sub(second.0));
    if returned > Amount::ZERO {
        let who = names.get(top).map_or("", String::as_str);
        let at = if after_last_action == 0 {
            out.len()
        } else {
            after_last_action
        };
        let line_no = out.get(at.saturating_sub(1)).map_or(last_line, |(n, _)| *n);
        out.insert(
            at,
            (
                line_no,
                format!("Uncalled bet ({}) returned to {who}", money(sym, returned)),
            ),
        );
    }
    let pot = Amount(
        total
            .iter()
            .map(|a| a.0)
            .sum::<u64>()
            .saturating_sub(returned.0),
    );
    // The text's collection includes an unmatched blind returned to its winner
    // (a walk: the big blind `collected` both blinds).
    let returned_to = names.get(top).map_or("", String::as_str);
    if collected > pot && returned > Amount::ZERO {
        let prefix = format!("{returned_to} collected ");
        if let Some((_, w)) = wins.iter_mut().find(|(_, w)| w.starts_with(&prefix)) {
            let own = w
                .strip_prefix(&prefix)
                .and_then(|r| r.strip_suffix(" from pot"))
                .and_then(|r| parse_amount(r.trim_start_matches('$')))
                .unwrap_or_default();
            if own >= returned {
                let less = Amount(own.0 - returned.0);
                *w = format!("{returned_to} collected {} from pot", money(sym, less));
                collected = Amount(collected.0 - returned.0);
            }
        }
    }
    if collected > pot {
        return Err(err(
            last_line,
            Kind::Disagreement {
                action: "pot".to_string(),
                rule: "H6".to_string(),
                reason: format!("the players collect {collected} from a pot of {pot}"),
            },
        ));
    }
    for (n, name, cards) in mucked {
        let prefix = format!("{name} collected ");
        if wins.iter().any(|(_, w)| w.starts_with(&prefix)) {
            shows.push((n, format!("{name}: shows [{cards}]")));
        } else {
            shows.push((n, format!("{name}: mucks hand")));
        }
    }
    if !shows.is_empty() {
        out.push((last_line, "*** SHOW DOWN ***".to_string()));
        // Those who show first, then those who muck.
        shows.sort_by_key(|(_, l)| l.ends_with("mucks hand"));
        out.extend(shows);
    }
    out.extend(wins);
    out.push((last_line, "*** SUMMARY ***".to_string()));
    let rake = Amount(pot.0.saturating_sub(collected.0));
    out.push((
        last_line,
        format!("Total pot {} | Rake {}", money(sym, pot), money(sym, rake)),
    ));
    let borrowed: Vec<(u32, &str)> = out.iter().map(|(n, l)| (*n, l.as_str())).collect();
    let mut hand = parse_body(header, first_line, &borrowed)?;
    if play_money {
        hand.header.currency = Currency::PlayMoney;
    }
    Ok(hand)
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
