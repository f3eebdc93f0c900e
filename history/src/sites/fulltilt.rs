//! Full Tilt Poker text hand histories (rule H6; the site closed in 2016, its files
//! remain): the English client's hold'em hands (cash and tournaments), read into the site-neutral
//! [`Hand`] and converted by the shared [builder](super::builder).
//!
//! Full Tilt wrote the PokerStars family's forms with its own words; each is
//! turned into the PokerStars form here and read by the PokerStars body reader:
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

use std::borrow::Cow;

use crate::pokerstars::parse::{parse_body, timestamp};

use super::ast::{Amount, BuyIn, Currency, Hand, Header, Limit, Tournament};
use super::builder::Site;
use super::error::{
    ImportError, ImportErrorKind as Kind, amount_in, malformed, other_game, stakes_of,
};
use super::text::{split_player, without_separators};

/// Full Tilt Poker, for the builder.
pub static SITE: Site = Site {
    name: "Full Tilt Poker",
    cap_field: "_fulltilt_cap",
    jackpot_drop: false,
    raises_over_all_in: false,
};

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
    let text = |l: &str| l.trim_start_matches('\u{feff}').to_string();
    let mut rest = lines.iter().enumerate().filter(|(_, (_, l))| !l.is_empty());
    let Some((i, &(first_line, head_text))) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let head = header(first_line, &text(head_text))?;
    let id = head.header.id;
    let fail = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let after = lines.get(i + 1..).unwrap_or(&[]);
    // The seats' names (for actions written without a colon) and the button.
    let mut names: Vec<&str> = Vec::new();
    let mut button = None;
    for &(n, line) in after {
        if let Some(r) = line.strip_prefix("Seat ") {
            if let Some((_, who)) = r.split_once(": ") {
                if let Some(at) = stack_at(who) {
                    if names.len() < 10 && !line.contains(" collected ") {
                        names.push(who.get(..at).unwrap_or(who));
                    }
                }
            }
        } else if let Some(b) = line.strip_prefix("The button is in seat #") {
            button = Some(
                crate::pokerstars::parse::digits(b)
                    .ok_or_else(|| fail(n, malformed("`The button is in seat #N`", line)))?,
            );
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
    let size = head
        .max_seats
        .map(|m| format!(" {m}-max"))
        .unwrap_or_default();
    let mut out: Vec<(u32, Cow<'_, str>)> = Vec::with_capacity(after.len() + 1);
    out.push((
        first_line,
        Cow::Owned(format!(
            "Table '{}'{size} Seat #{button} is the button",
            head.table
        )),
    ));
    let mut round = Round::default();
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
        let converted = if summary {
            summary_line(line)
        } else {
            body_line(line, &names, &mut round).map_err(|kind| fail(n, kind))?
        };
        if line == "*** SUMMARY ***" {
            summary = true;
        }
        if let Some(l) = converted {
            let l = match l {
                Cow::Borrowed(b) => without_separators(b),
                Cow::Owned(o) => Cow::Owned(without_separators(&o).into_owned()),
            };
            out.push((n, l));
        }
    }
    let borrowed: Vec<(u32, &str)> = out.iter().map(|(n, l)| (*n, l.as_ref())).collect();
    parse_body(head.header, first_line, &borrowed)
}

/// The bets of the current round, to work out a raise's increment.
#[derive(Default)]
struct Round {
    bets: Vec<(String, u64)>,
}

impl Round {
    fn level(&self) -> u64 {
        self.bets.iter().map(|b| b.1).max().unwrap_or(0)
    }

    /// Sets `name`'s bet this round to `f` of what it was.
    fn update(&mut self, name: &str, f: impl FnOnce(u64) -> u64) {
        match self.bets.iter_mut().find(|b| b.0 == name) {
            Some(b) => b.1 = f(b.1),
            None => self.bets.push((name.to_string(), f(0))),
        }
    }
}

/// Where a seat line's stack begins: the last ` (` before an amount (`($2.73)`,
/// `(13,587)`).
fn stack_at(s: &str) -> Option<usize> {
    s.rmatch_indices(" (").map(|(i, _)| i).find(|&i| {
        s.get(i + 2..)
            .and_then(|r| r.chars().next())
            .is_some_and(|c| c.is_ascii_digit() || matches!(c, '$' | '€' | '£'))
    })
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
    let t = text.trim_start_matches(['$', '€', '£']).replace(',', "");
    amount_in(text, &t)
}

/// A line of the play in PokerStars' form; `None` for a line that is no part of
/// the game.
fn body_line<'a>(
    line: &'a str,
    names: &[&str],
    round: &mut Round,
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
    let put = |round: &mut Round, a: &str, to: bool| -> Result<u64, Kind> {
        let v = amount_of(a)?;
        round.update(name, |own| if to { v.0 } else { own + v.0 });
        Ok(v.0)
    };
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
    let (number, rest) = rest
        .split_once(": ")
        .ok_or_else(|| fail(None, malformed(expected, line)))?;
    let id = crate::pokerstars::parse::digits(number)
        .ok_or_else(|| fail(None, malformed("a hand number", line)))?;
    let fail = |kind: Kind| fail(Some(id), kind);
    // A tournament: `MiniFTOPS Main Event (255707037), Table 179 - ...` or `$10 Sit &
    // Go (Turbo) (268569961), Table 1 - ...`: its number in the last parentheses.
    let (tournament, table) = match rest.strip_prefix("Table ") {
        Some(table) => (None, table),
        None => {
            let (name, table) = rest
                .split_once(", Table ")
                .ok_or_else(|| fail(malformed(expected, line)))?;
            let number = name
                .rsplit_once('(')
                .and_then(|(_, n)| crate::pokerstars::parse::digits(n.trim_end_matches(')')))
                .ok_or_else(|| fail(malformed("a tournament number `(N)`", line)))?;
            let buy_in = match name.split(' ').find_map(|w| w.strip_prefix('$')) {
                Some(a) => BuyIn::Paid {
                    parts: amount_of(a).ok().into_iter().collect(),
                    currency: Currency::Usd,
                },
                None if name.contains("Freeroll") => BuyIn::Freeroll,
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
    let parts: Vec<&str> = table.split(" - ").collect();
    let (table_part, rest_parts) = parts
        .split_first()
        .ok_or_else(|| fail(malformed(expected, line)))?;
    let (name, max_seats) = match table_part.split_once(" (") {
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
        .find(|p| {
            p.contains("Hold'em") || p.contains("Omaha") || p.contains("Stud") || p.contains("Razz")
        })
        .ok_or_else(|| fail(malformed("the game (`NL Hold'em`...)", line)))?;
    if !game.contains("Hold'em") {
        return Err(fail(other_game(game)));
    }
    if game.starts_with("CAP ") {
        return Err(fail(Kind::Unsupported(
            "a capped Full Tilt table whose cap the text does not state".to_string(),
        )));
    }
    let limit = if game.contains("NL ") || game.contains("No Limit") {
        Limit::NoLimit
    } else if game.contains("PL ") || game.contains("Pot Limit") {
        Limit::PotLimit
    } else if game.contains("FL ") || game.contains("Limit") {
        Limit::FixedLimit
    } else {
        return Err(fail(malformed("`NL`, `PL` or `FL` Hold'em", line)));
    };
    // `$15 Cap No Limit Hold'em`: a capped table with its cap.
    let cap = match game.split_once(" Cap ") {
        Some((c, _)) => Some(amount_of(c).map_err(|_| fail(malformed("a cap `$N Cap`", line)))?),
        None => None,
    };
    let stakes_text = rest_parts
        .iter()
        .find(|p| {
            p.matches('/').count() == 1
                && !p.contains(':')
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
        .position(|p| p.contains(':'))
        .ok_or_else(|| fail(malformed("a time `H:MM:SS ZONE`", line)))?;
    let clock = rest_parts.get(time).copied().unwrap_or("");
    let date = rest_parts
        .get(time + 1)
        .and_then(|d| d.split(' ').next())
        .ok_or_else(|| fail(malformed("a date `YYYY/MM/DD`", line)))?;
    let stamp = timestamp(&format!("{date} {clock}")).ok_or_else(|| {
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
