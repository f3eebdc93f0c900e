//! Full Tilt Poker text hand histories (rule H6; the site closed in 2016, its files
//! remain): the English client's hold'em hands (cash and tournaments), read into the site-neutral
//! [`Hand`] and converted by the shared [builder](super::builder).
//!
//! Full Tilt wrote the PokerStars family's forms with its own words. The seats,
//! streets and actions are read straight into their events; the rarer lines
//! (notes, the hero's cards, uncalled bets) and the summary are given to the
//! PokerStars reader's line forms in theirs; every line is checked as that
//! reader checks a PokerStars hand (seats, the order of the sections, cards):
//! - the header: `Full Tilt Poker Game #33727523266: Table Bravo (6 max) - NL
//!   Hold'em - $0.05/$0.10 - 19:00:42 ET - 2014/01/05` (the table in the header,
//!   the button in a later line `The button is in seat #4`; older headers put the
//!   stakes before the game, `$0.25/$0.50 - $15 Cap No Limit Hold'em`);
//! - seats `Seat 1: name ($2.73)`; actions without a colon (`name folds`); a
//!   colon after a name is chat;
//! - `posts the small blind of $0.05`, `antes $0.10`; `raises to $0.75` (the
//!   increment is worked out from the largest bet of the round); `and is all in`;
//! - `Uncalled bet of $0.10 returned to name`; `name wins the pot ($0.25)` (also
//!   the main, side, high pot) for `collected`; `Board: [..]`;
//! - `posts $1` alone: a player coming in posts a live big blind;
//! - notes dropped: time-outs, connections, `adds $X` (chips for the next hand),
//!   `shows two pair...` without cards, the countdown written without a name
//!   (`5 seconds left to act`, `Time has expired`), an observer's chat (`NAME
//!   (Observer): ...`).
//!
//! Tournament hands (`MiniFTOPS Main Event (255707037), Table 179 - NL Hold'em -
//! 10/20 - ...`, a sit & go) are read in chips. Refused with a typed error naming
//! them: other games (Omaha, stud...), a `CAP NL` table (its cap is not written), a
//! hand run twice (`Players agree to Run It Twice`: its per-run summary is not
//! read).

mod body;

use body::Body;

use std::borrow::Cow;

use crate::pokerstars::parse::{digits, split_at, timestamp};

use super::ast::{Amount, BuyIn, Currency, Hand, Header, Limit, TableLine, Tournament};
use super::builder::Site;
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, stakes_of,
};
use super::text::{split_player, split_str, without_separators};

/// Full Tilt Poker, for the builder.
pub static SITE: Site = Site {
    name: "Full Tilt Poker",
    cap_field: "_fulltilt_cap",
    jackpot_drop: false,
    raises_over_all_in: false,
    odd_chips_from_highest_seat: false,
};

/// The most seats a table has.
const MAX_SEATS: usize = 10;

/// True for the first line of a Full Tilt hand.
pub fn is_hand_start(line: &str) -> bool {
    line.starts_with("Full Tilt Poker Game #") || line.starts_with("FullTiltPoker Game #")
}

/// The table's name, size and the hand's header, from the first line.
struct Head {
    header: Header,
    table: String,
    max_seats: Option<u8>,
}

/// Reads one Full Tilt hand from its lines (the header first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game or a
/// form this reader refuses, [`Kind::Malformed`] and the others for text that is
/// not Full Tilt's.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines.iter().enumerate().filter(|(_, (_, l))| !l.is_empty());
    let Some((i, &(first_line, head_text))) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let head = header(first_line, head_text.trim_start_matches('\u{feff}'))?;
    let id = head.header.id;
    let fail = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let after = lines.get(i + 1..).unwrap_or(&[]);
    // The seats' names (for actions written without a colon) and the button.
    // (Names are looked for before the summary, whose seat lines name the same
    // players.)
    let mut names: Vec<&str> = Vec::with_capacity(MAX_SEATS);
    let mut button = None;
    let mut in_summary = false;
    for &(n, line) in after {
        if let Some(r) = line.strip_prefix("Seat ") {
            if names.len() >= MAX_SEATS || in_summary {
                continue;
            }
            if let Some((_, who)) = split_at(r, ": ") {
                if let Some(at) = stack_at(who) {
                    if split_str(line, " collected ").is_none() {
                        names.push(who.get(..at).unwrap_or(who));
                    }
                }
            }
        } else if let Some(b) = line.strip_prefix("The button is in seat #") {
            button = Some(
                digits(b).ok_or_else(|| fail(n, malformed("`The button is in seat #N`", line)))?,
            );
        } else if line == "*** SUMMARY ***" {
            in_summary = true;
        } else if line == "Players agree to Run It Twice" {
            return Err(fail(
                n,
                Kind::Unsupported("a Full Tilt hand run twice".to_string()),
            ));
        }
    }
    // Longest names first: a name that begins with another's is found whole.
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let button = button.ok_or_else(|| fail(first_line, Kind::Truncated("a button line")))?;
    let Head {
        header,
        table,
        max_seats,
    } = head;
    let mut body = Body::new(id, header.currency, names, first_line);
    let button = u32::try_from(button).unwrap_or_else(|_| {
        let expected = "`Table 'NAME' N-max Seat #N is the button`";
        body.defer(fail(first_line, malformed(expected, &table)));
        0
    });
    let mut summary = false;
    let mut hole_cards = false;
    for &(n, line) in after {
        // (Some files write the hole cards' marker twice.)
        if line == "*** HOLE CARDS ***" {
            if hole_cards {
                continue;
            }
            hole_cards = true;
        }
        if summary {
            if let Some(l) = summary_line(line) {
                body.summary_text(n, &l);
            }
        } else if !body.fast(n, line).map_err(|kind| fail(n, kind))? {
            let converted = body_line(line, &body.names, &mut body.round);
            if let Some(l) = converted.map_err(|kind| fail(n, kind))? {
                body.text(n, &without_separators(&l));
            }
        }
        if line == "*** SUMMARY ***" {
            summary = true;
        }
    }
    let (seats, events, summary) = body.finish()?;
    Ok(Hand {
        header,
        table: TableLine {
            name: table,
            max_seats,
            play_money: false,
            button,
        },
        seats,
        events,
        summary,
        first_line,
    })
}

/// The bets of the current round, to work out a raise's increment.
#[derive(Default)]
struct Round<'a> {
    bets: Vec<(&'a str, u64)>,
}

impl<'a> Round<'a> {
    fn level(&self) -> u64 {
        self.bets.iter().map(|b| b.1).max().unwrap_or(0)
    }

    /// Sets `name`'s bet this round to `f` of what it was.
    fn update(&mut self, name: &'a str, f: impl FnOnce(u64) -> u64) {
        match self.bets.iter_mut().find(|b| b.0 == name) {
            Some(b) => b.1 = f(b.1),
            None => self.bets.push((name, f(0))),
        }
    }

    /// `name` puts in `a` (`to`: raises to it): the amount.
    fn put(&mut self, name: &'a str, a: &str, to: bool) -> Result<u64, Kind> {
        let v = amount_of(a)?;
        self.add(name, v, to);
        Ok(v.0)
    }

    /// `name` puts in `v` (`to`: raises to it).
    fn add(&mut self, name: &'a str, v: Amount, to: bool) {
        self.update(name, |own| if to { v.0 } else { own + v.0 });
    }
}

/// Where a seat line's stack begins: the last ` (` before an amount (`($2.73)`,
/// `(13,587)`).
fn stack_at(s: &str) -> Option<usize> {
    let b = s.as_bytes();
    let mut end = b.len();
    while let Some(open) = b.get(..end)?.iter().rposition(|&c| c == b'(') {
        end = open;
        let Some(i) = open.checked_sub(1) else {
            break;
        };
        if b.get(i) == Some(&b' ')
            && s.get(open + 1..)
                .and_then(|r| r.chars().next())
                .is_some_and(|c| c.is_ascii_digit() || matches!(c, '$' | '€' | '£'))
        {
            return Some(i);
        }
    }
    None
}

/// A summary line in PokerStars' form (a seat sitting out is not listed).
fn summary_line(line: &str) -> Option<Cow<'_, str>> {
    if line.starts_with("Seat ") && line.ends_with(" is sitting out") {
        return None;
    }
    if let Some(b) = line.strip_prefix("Board: ") {
        return Some(Cow::Owned(format!("Board {b}")));
    }
    Some(Cow::Borrowed(line))
}

/// The amount written `$1.50` (or `1,500`), in hundredths.
fn amount_of(text: &str) -> Result<Amount, Kind> {
    let t = text.trim_start_matches(['$', '€', '£']);
    if t.contains(',') {
        return amount_in(text, &t.replace(',', ""));
    }
    amount_in(text, t)
}

/// A line of the play in PokerStars' form; `None` for a line that is no part of
/// the game.
fn body_line<'a>(
    line: &'a str,
    names: &[&str],
    round: &mut Round<'a>,
) -> Result<Option<Cow<'a, str>>, Kind> {
    if line.starts_with("The button is in seat #") {
        return Ok(None);
    }
    if let Some(r) = line.strip_prefix("Seat ") {
        // `Seat 1: name ($2.73)` or `Seat 1: name ($300), is sitting out`.
        if let Some(at) = stack_at(r) {
            let (who, stack) = r.split_at(at);
            let stack = stack.trim_start_matches(" (");
            let (amount, state) = stack.split_once(')').unwrap_or((stack, ""));
            let state = state.trim_start_matches(',');
            return Ok(Some(Cow::Owned(format!(
                "Seat {who} ({amount} in chips){state}"
            ))));
        }
        return Ok(Some(Cow::Borrowed(line)));
    }
    if let Some(m) = line.strip_prefix("*** ") {
        if m != "HOLE CARDS ***" {
            round.bets.clear();
        }
        // `*** FLOP *** [..] (Total Pot: $65, 3 Players)`.
        let m = m.split(" (Total Pot").next().unwrap_or(m);
        return Ok(Some(Cow::Owned(format!("*** {m}"))));
    }
    if let Some(r) = line.strip_prefix("Uncalled bet of ") {
        if let Some((a, who)) = r.split_once(" returned to ") {
            return Ok(Some(Cow::Owned(format!(
                "Uncalled bet ({a}) returned to {who}"
            ))));
        }
    }
    if line.starts_with("Dealt to ") {
        return Ok(Some(Cow::Borrowed(line)));
    }
    let Some((name, rest)) = split_player(line, names) else {
        // The client's countdown without a name (`5 seconds left to act`, `Time
        // has expired`) and an observer's chat (`NAME (Observer): ...`) are no
        // part of the game.
        if is_countdown(line) || is_observer_chat(line) {
            return Ok(None);
        }
        // Anything else about the table (a player joining, a time bank) is a
        // note; the reader says what it does not know.
        return Ok(Some(Cow::Borrowed(line)));
    };
    // A colon after a name is chat.
    if rest.starts_with(':') {
        return Ok(None);
    }
    let verb = rest.trim_start();
    let (verb, all_in) = match verb
        .strip_suffix(", and is all in")
        .or_else(|| verb.strip_suffix(" and is all in"))
    {
        Some(v) => (v, " and is all-in"),
        None => (verb, ""),
    };
    if verb.ends_with(", and is capped") {
        return Err(Kind::Unsupported(
            "a capped Full Tilt table whose cap the text does not state".to_string(),
        ));
    }
    let put = |round: &mut Round<'a>, a: &str, to: bool| round.put(name, a, to);
    let out = if let Some(a) = verb.strip_prefix("posts the small blind of ") {
        put(round, a, false)?;
        format!("{name}: posts small blind {a}{all_in}")
    } else if let Some(a) = verb.strip_prefix("posts the big blind of ") {
        put(round, a, false)?;
        format!("{name}: posts big blind {a}{all_in}")
    } else if let Some(a) = verb.strip_prefix("posts ") {
        // A player coming in posts a live big blind (`posts $1`).
        put(round, a, false)?;
        format!("{name}: posts big blind {a}{all_in}")
    } else if let Some(a) = verb.strip_prefix("antes ") {
        format!("{name}: posts the ante {a}{all_in}")
    } else if let Some(a) = verb.strip_prefix("calls ") {
        put(round, a, false)?;
        format!("{name}: calls {a}{all_in}")
    } else if let Some(a) = verb.strip_prefix("bets ") {
        put(round, a, false)?;
        format!("{name}: bets {a}{all_in}")
    } else if let Some(a) = verb.strip_prefix("raises to ") {
        let level = round.level();
        let to = put(round, a, true)?;
        let sign = a.get(..a.len() - a.trim_start_matches(['$', '€', '£']).len());
        let by = Amount(to.saturating_sub(level));
        format!("{name}: raises {}{by} to {a}{all_in}", sign.unwrap_or(""))
    } else if matches!(verb, "folds" | "checks") {
        format!("{name}: {verb}")
    } else if let Some(cards) = verb.strip_prefix("shows [") {
        format!("{name}: shows [{cards}")
    } else if verb == "mucks" {
        format!("{name}: mucks hand")
    } else if let Some(r) = verb.strip_prefix("wins ") {
        // `wins the pot ($0.25) with ...`, `wins the side pot ($1)`...
        let (pot, r) = r
            .split_once(" (")
            .ok_or_else(|| malformed("`wins the pot (X)`", line))?;
        let (a, _) = r
            .split_once(')')
            .ok_or_else(|| malformed("`wins the pot (X)`", line))?;
        let pot = match pot {
            "the main pot" => "main pot",
            "the side pot" => "side pot",
            _ => "pot",
        };
        format!("{name} collected {a} from {pot}")
    } else if verb.starts_with("shows ")
        || verb.starts_with("has ")
        || verb.starts_with("adds ")
        || verb.starts_with("is ")
        || verb.starts_with("sits ")
        || verb.starts_with("stands up")
        || verb.starts_with("leaves")
        || verb.starts_with("joins")
    {
        // Time, connections, chips for the next hand, a hand described without
        // its cards: nothing of the game.
        return Ok(None);
    } else {
        return Ok(Some(Cow::Borrowed(line)));
    };
    Ok(Some(Cow::Owned(out)))
}

/// `5 seconds left to act`, `Time has expired`: the client's countdown, written
/// without a name.
fn is_countdown(line: &str) -> bool {
    line == "Time has expired"
        || line
            .strip_suffix(" seconds left to act")
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// `NAME (Observer): text`: chat from someone watching the table.
fn is_observer_chat(line: &str) -> bool {
    line.split_once(" (Observer): ")
        .is_some_and(|(who, _)| !who.contains(':'))
}

/// The header line: `Full Tilt Poker Game #ID: Table NAME (6 max) - GAME - STAKES -
/// TIME ZONE - DATE` (or the stakes before the game).
fn header(line_no: u32, line: &str) -> Result<Head, ImportError> {
    let expected = "`Full Tilt Poker Game #ID: Table NAME - GAME - SB/BB - TIME - DATE`";
    let fail = |hand: Option<u64>, kind: Kind| ImportError {
        hand,
        line: line_no,
        kind,
    };
    let rest = line
        .strip_prefix("Full Tilt Poker Game #")
        .or_else(|| line.strip_prefix("FullTiltPoker Game #"))
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let (number, rest) =
        split_at(rest, ": ").ok_or_else(|| fail(None, malformed(expected, line)))?;
    let id = crate::pokerstars::parse::digits(number)
        .ok_or_else(|| fail(None, malformed("a hand number", line)))?;
    let fail = |kind: Kind| fail(Some(id), kind);
    // A tournament: `MiniFTOPS Main Event (255707037), Table 179 - ...` or `$10 Sit &
    // Go (Turbo) (268569961), Table 1 - ...`: its number in the last parentheses.
    let (tournament, table) = match rest.strip_prefix("Table ") {
        Some(table) => (None, table),
        None => {
            let (name, table) =
                split_at(rest, ", Table ").ok_or_else(|| fail(malformed(expected, line)))?;
            let number = name
                .rsplit_once('(')
                .and_then(|(_, n)| crate::pokerstars::parse::digits(n.trim_end_matches(')')))
                .ok_or_else(|| fail(malformed("a tournament number `(N)`", line)))?;
            let buy_in = match name.split(' ').find_map(|w| w.strip_prefix('$')) {
                Some(a) => BuyIn::Paid {
                    parts: amount_of(a).ok().into_iter().collect(),
                    currency: Currency::Usd,
                },
                None if has(name, "Freeroll") => BuyIn::Freeroll,
                None => BuyIn::Paid {
                    parts: Vec::new(),
                    currency: Currency::Chips,
                },
            };
            let t = Tournament {
                id: number,
                buy_in,
                level: None,
                round: None,
            };
            (Some(t), table)
        }
    };
    let parts: Vec<&str> = Parts(Some(table)).collect();
    let (table_part, rest_parts) = parts
        .split_first()
        .ok_or_else(|| fail(malformed(expected, line)))?;
    let (name, max_seats) = match split_str(table_part, " (") {
        Some((n, size)) => {
            let size = size.trim_end_matches(')');
            let max = if size == "heads up" {
                Some(2)
            } else {
                size.strip_suffix(" max").and_then(|m| m.parse::<u8>().ok())
            };
            (n, max)
        }
        None => (*table_part, None),
    };
    let game = rest_parts
        .iter()
        .find(|p| has(p, "Hold'em") || has(p, "Omaha") || has(p, "Stud") || has(p, "Razz"))
        .ok_or_else(|| fail(malformed("the game (`NL Hold'em`...)", line)))?;
    if !has(game, "Hold'em") {
        return Err(fail(other_game(game)));
    }
    if game.starts_with("CAP ") {
        return Err(fail(Kind::Unsupported(
            "a capped Full Tilt table whose cap the text does not state".to_string(),
        )));
    }
    let limit = if has(game, "NL ") || has(game, "No Limit") {
        Limit::NoLimit
    } else if has(game, "PL ") || has(game, "Pot Limit") {
        Limit::PotLimit
    } else if has(game, "FL ") || has(game, "Limit") {
        Limit::FixedLimit
    } else {
        return Err(fail(malformed("`NL`, `PL` or `FL` Hold'em", line)));
    };
    // `$15 Cap No Limit Hold'em`: a capped table with its cap.
    let cap = match split_str(game, " Cap ") {
        Some((c, _)) => Some(amount_of(c).map_err(|_| fail(malformed("a cap `$N Cap`", line)))?),
        None => None,
    };
    let stakes_text = rest_parts
        .iter()
        .find(|p| {
            p.bytes().filter(|&b| b == b'/').count() == 1
                && !p.as_bytes().contains(&b':')
                && p.starts_with(|c: char| c.is_ascii_digit() || matches!(c, '$' | '€' | '£'))
        })
        .ok_or_else(|| fail(malformed("the stakes `SB/BB`", line)))?;
    let (sb, bb) = stakes_text
        .split_once('/')
        .ok_or_else(|| fail(malformed("the stakes `SB/BB`", line)))?;
    let currency = match tournament {
        Some(_) => Currency::Chips,
        None => Currency::of_sign(sb.chars().next()).unwrap_or(Currency::PlayMoney),
    };
    let stakes = stakes_of(sb, bb, stakes_text, amount_of).map_err(fail)?;
    // `19:00:42 ET` then `2014/01/05` (with `[..]` or `(partial)` after it).
    let time = rest_parts
        .iter()
        .position(|p| p.as_bytes().contains(&b':'))
        .ok_or_else(|| fail(malformed("a time `H:MM:SS ZONE`", line)))?;
    let clock = rest_parts.get(time).copied().unwrap_or("");
    let date = rest_parts
        .get(time + 1)
        .and_then(|d| d.split(' ').next())
        .ok_or_else(|| fail(malformed("a date `YYYY/MM/DD`", line)))?;
    let stamp = stamp_of(date, clock).ok_or_else(|| {
        fail(malformed(
            "a date `YYYY/MM/DD` and time `H:MM:SS ZONE`",
            line,
        ))
    })?;
    Ok(Head {
        header: Header {
            id,
            label: None,
            site: &SITE,
            game_form: true,
            zoom: false,
            tournament,
            limit,
            stakes,
            currency,
            cap,
            times: vec![stamp],
        },
        table: name.to_string(),
        max_seats,
    })
}

/// Whether `s` holds `pat`.
fn has(s: &str, pat: &str) -> bool {
    split_at(s, pat).is_some()
}

/// The parts of a header between its ` - `s.
struct Parts<'a>(Option<&'a str>);

impl<'a> Iterator for Parts<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let s = self.0?;
        match split_str(s, " - ") {
            Some((part, rest)) => {
                self.0 = Some(rest);
                Some(part)
            }
            None => self.0.take(),
        }
    }
}

/// The time of `date` (`2014/01/05`) and `clock` (`19:00:42 ET`) read as one
/// `DATE CLOCK` text (on the stack when it is short, as it is).
fn stamp_of(date: &str, clock: &str) -> Option<super::ast::Timestamp> {
    let mut buf = [0u8; 64];
    let len = date.len() + 1 + clock.len();
    match buf.get_mut(..len) {
        Some(out) => {
            let (d, c) = out.split_at_mut(date.len());
            d.copy_from_slice(date.as_bytes());
            let (space, c) = c.split_first_mut()?;
            *space = b' ';
            c.copy_from_slice(clock.as_bytes());
            timestamp(std::str::from_utf8(out).ok()?)
        }
        None => timestamp(&format!("{date} {clock}")),
    }
}
