//! PartyPoker text hand histories (rule H6), read into the site-neutral [`Hand`]
//! and converted by the shared [`super::builder`].
//!
//! The client writes:
//! ```text
//! ***** Hand History for Game 14507003662 *****
//! $1/$2 USD NL Texas Hold'em - Saturday, April 11, 13:57:03 EDT 2015
//! Table Abuja (Real Money)
//! Seat 2 is the button
//! Total number of players : 6/6
//! Seat 2: LoudAndFast ( $296.69 USD )
//! StreetsAhead posts small blind [$1 USD].
//! Peacli posts big blind + dead [$3].
//! ** Dealing down cards **
//! Peacli raises [$2 USD]
//! ** Dealing Flop ** [ 4h, 4s, Jh ]
//! peace_da_ball shows [ Td, Jc ]two pairs, Jacks and Fours.
//! Peacli doesn't show [ 6h, Ks ]two pairs, Sixes and Fours.
//! peace_da_ball wins $49.63 USD from the main pot with two pairs, Jacks and Fours.
//! ```
//! These are 888poker's forms ([`super::pacific`]) with a few words of its own:
//! its lines go to the same body reader (`pacific::read_body`) as they are, the
//! few words of its own rewritten into 888's, so the amounts follow the same rules:
//! - every bracketed amount is the money the player adds (a raise's total is what
//!   the player had in this round plus it); `is all-In [$X]` is a bet, a call or a
//!   raise by the amount added, as the round stands;
//! - `posts big blind + dead [$3]` is a dead small blind and a live big blind
//!   (the dead part is the header's small blind);
//! - no uncalled bet, total pot or rake is written: the unmatched part of the
//!   largest bet goes back to its player (B16), the rake is what the pot holds
//!   beyond what the players win, and a `wins` that includes the returned part is
//!   counted without it;
//! - the showdown is written after the play, with no marker: `shows [..]`,
//!   `doesn't show [..]` (cards named as they are mucked) and `does not show
//!   cards.`, then `wins $X USD [from the main pot | from the side pot N] [with ..]`;
//! - a seated player with no line in the hand (no blind, no action) is sitting
//!   out; table notices (time bank, joining, leaving, `Game #N starts.`) are
//!   skipped;
//! - the header's stakes are the blinds (no limit, pot limit) or the small and
//!   big bets (fixed limit); the older header (`$50 USD PL Texas Hold'em`, the
//!   table's buy-in) names none, and the blinds are then those posted;
//! - amounts have thousands separators (`$5,000 USD`); seats are listed in any
//!   order.
//!
//! Refused with a typed error naming them: another game (Omaha, Omaha Hi-Lo) is
//! unsupported, naming it; anything else out of form is malformed at its line.

use std::borrow::Cow;

use crate::pokerstars::parse::digits;

use super::ast::{Amount, Currency, Hand, Header, Limit, TableLine, Timestamp};
use super::builder::{self, Imported, Site};
use super::error::{
    ImportError, ImportErrorKind as Kind, malformed, other_game, shorten, stakes_of,
};
use super::pacific::{amount_of, split_first, split_last};
use super::text::without_separators;

/// PartyPoker, for the builder.
pub static SITE: Site = Site {
    name: "PartyPoker",
    cap_field: "_partypoker_cap",
    jackpot_drop: false,
    raises_over_all_in: false,
    odd_chips_from_highest_seat: false,
};

/// The banner that starts a PartyPoker hand.
const BANNER: &str = "***** Hand History for Game ";

/// True for the first line of a PartyPoker hand (`***** Hand History for Game N
/// *****`; 888poker's names its site before `Hand History`).
pub fn is_hand_start(line: &str) -> bool {
    line.starts_with(BANNER)
}

/// Converts a PartyPoker hand (the shared [`builder::build`]).
///
/// # Errors
/// As [`builder::build`].
pub fn import(hand: &Hand) -> Result<Imported, ImportError> {
    builder::build(hand, &SITE)
}

/// The amount in the first brackets of `s` (`[$1 USD].`).
fn bracket_amount(s: &str) -> Result<Amount, Kind> {
    let inner = s
        .split_once('[')
        .and_then(|(_, r)| r.split_once(']'))
        .ok_or_else(|| malformed("an amount in brackets `[$X]`", s))?;
    amount_of(inner.0)
}

/// A table notice: not part of the game's state.
///
/// Every notice but one is told by its last byte (`.`, `e`, `t`, `)`) or its
/// first (`#`, `D`, `G`, `T`); the one that is not holds `time bank will be
/// activated`, and so a `v`: a line with none of these (an action ending in `]`,
/// `folds`, `checks`) is no notice, found without a search of its text.
fn is_notice(line: &str) -> bool {
    let b = line.as_bytes();
    let (Some(&first), Some(&last)) = (b.first(), b.last()) else {
        return false;
    };
    (matches!(last, b'.' | b'e' | b't' | b')') && notice_by_end(line))
        || (matches!(first, b'#' | b'D' | b'G' | b'T') && notice_by_start(line))
        || (has_v(b) && line.contains("time bank will be activated"))
}

/// Whether `b` holds a `v`, eight bytes a step (the lines are short: cheaper than
/// a library search set up for each).
fn has_v(b: &[u8]) -> bool {
    const LO: u64 = 0x0101_0101_0101_0101;
    const HI: u64 = 0x8080_8080_8080_8080;
    const V: u64 = LO * b'v' as u64;
    let mut chunks = b.chunks_exact(8);
    for chunk in &mut chunks {
        let Ok(word) = <[u8; 8]>::try_from(chunk) else {
            break;
        };
        let w = u64::from_le_bytes(word) ^ V;
        // A zero byte of `w` is a `v` (a flag above it may be false, none below).
        if w.wrapping_sub(LO) & !w & HI != 0 {
            return true;
        }
    }
    chunks.remainder().contains(&b'v')
}

/// The notices told by how they end (see [`is_notice`]), by their last two bytes.
fn notice_by_end(line: &str) -> bool {
    let ends = |e: &[&str]| e.iter().any(|e| line.ends_with(e));
    match line.as_bytes() {
        [.., b'e'] => ends(&[" did not respond in time"]),
        [.., b't'] => ends(&[" is sitting out", " sits out"]),
        [.., b'd', b'.'] => ends(&[
            " time bank for this hand.",
            " is disconnected.",
            " has been reconnected.",
        ]),
        [.., b'e', b'.'] => ends(&[" has left the table.", " has joined the table."]),
        [.., b't', b'.'] => {
            ends(&[" is sitting out."])
                || (line.ends_with(" seconds to act.")
                    && line.contains(" has been reconnected and has "))
        }
        // The 2018 client's connection messages; the fold or action that follows
        // is written on its own line.
        [.., b's', b'.'] => {
            line.ends_with(" seconds.") && line.contains(" is disconnected. We will wait for ")
        }
        [.., b')'] => ends(&[" could not respond in time.(disconnected)"]),
        _ => false,
    }
}

/// The notices told by how they begin (see [`is_notice`]).
fn notice_by_start(line: &str) -> bool {
    (line.starts_with("Game #") && line.ends_with(" starts."))
        || line.starts_with("#Game No : ")
        || line.starts_with("Total number of players")
        // The 2011 client's clock line, before the `wins` lines.
        || line.starts_with("The time at which hand ended:")
        // The 2018 client's display message.
        || line.starts_with("Due to current high memory use in your system ")
}

/// A line of the showdown (after the play, with no marker before it).
fn is_showdown(verb: &str) -> bool {
    verb.starts_with("shows")
        || verb.starts_with("doesn't show")
        || verb.starts_with("does not show")
        || verb.starts_with("wins ")
        || verb.starts_with("mucks")
}

/// Reads one PartyPoker hand from its lines (the `*****` banner first).
///
/// # Errors
/// An [`ImportError`] naming the line: [`Kind::Unsupported`] for another game,
/// [`Kind::Malformed`] and the others for text out of the format.
pub fn parse_hand(lines: &[(u32, &str)]) -> Result<Hand, ImportError> {
    let mut rest = lines.iter().filter(|(_, l)| !l.is_empty() && !is_notice(l));
    let Some(&(first_line, banner)) = rest.next() else {
        return Err(ImportError {
            hand: None,
            line: lines.first().map_or(0, |l| l.0),
            kind: Kind::Truncated("a header"),
        });
    };
    let id = banner
        .strip_prefix(BANNER)
        .and_then(|r| r.strip_suffix(" *****"))
        .and_then(|r| digits(r.trim()))
        .ok_or_else(|| ImportError {
            hand: None,
            line: first_line,
            kind: malformed("`***** Hand History for Game N *****`", banner),
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
    let (table_line, table) = next("the table line")?;
    let (button_line, button) = next("the button's seat")?;
    let mut body: Vec<(u32, &str)> = Vec::with_capacity(lines.len());
    body.extend(rest.copied());
    let mut header = header(id, &without_separators(game)).map_err(|k| err(game_line, k))?;
    let table = table
        .strip_prefix("Table ")
        .ok_or_else(|| err(table_line, malformed("`Table NAME (Real Money)`", table)))?;
    let play_money = split_first(table, "(Play Money)").is_some();
    let table_name = split_first(table, " (")
        .map_or(table, |(name, _)| name)
        .trim()
        .replace('\'', "");
    let button = button
        .strip_prefix("Seat ")
        .and_then(|r| r.strip_suffix(" is the button"))
        .and_then(digits)
        .and_then(|b| u32::try_from(b).ok())
        .ok_or_else(|| err(button_line, malformed("`Seat N is the button`", button)))?;
    let max = lines
        .iter()
        .find_map(|(_, l)| l.strip_prefix("Total number of players : "))
        .and_then(|r| r.split_once('/'))
        .and_then(|(_, m)| digits(m.trim()));
    // The seats, in table order.
    let at = body
        .iter()
        .take_while(|(_, l)| l.starts_with("Seat "))
        .count();
    let (seat_lines, play) = body.split_at(at);
    let mut seats: Vec<(u64, u32, &str)> = Vec::with_capacity(seat_lines.len());
    let mut names: Vec<&str> = Vec::with_capacity(seat_lines.len());
    for &(n, line) in seat_lines {
        let (num, r) = line
            .strip_prefix("Seat ")
            .and_then(|r| split_first(r, ": "))
            .ok_or_else(|| err(n, malformed("`Seat N: NAME ( $STACK )`", line)))?;
        let num = digits(num).ok_or_else(|| err(n, malformed("a seat number", line)))?;
        let name = split_last(r, " ( ")
            .map(|(name, _)| name)
            .ok_or_else(|| err(n, malformed("`Seat N: NAME ( $STACK )`", line)))?;
        seats.push((num, n, line));
        names.push(name);
    }
    if seats.is_empty() {
        return Err(err(button_line, Kind::Truncated("a seat line")));
    }
    if header.stakes.1 == Amount::ZERO {
        header.stakes = posted_blinds(&header, game_line, play, &names)?;
    }
    let dead = match header.limit {
        // Fixed limit: the header's stakes are the bets; the small blind is half
        // the small bet.
        Limit::FixedLimit => Amount(header.stakes.0.0 / 2),
        _ => header.stakes.0,
    };
    let mut order: Vec<usize> = (0..seats.len()).collect();
    order.sort_by_key(|&i| seats.get(i).map_or(0, |s| s.0));
    // The lines in 888's forms: most as the text writes them, borrowed; the
    // seats first, marked sitting out once the play has told who takes part.
    let mut out: Vec<(u32, Cow<'_, str>)> = Vec::with_capacity(body.len() + 2);
    out.extend(
        order
            .iter()
            .filter_map(|&i| seats.get(i))
            .map(|&(_, n, line)| (n, Cow::Borrowed(line))),
    );
    let mut active = vec![false; names.len()];
    let wins = play_lines(id, dead, play, &names, &mut active, &mut out)?;
    for (slot, &i) in out.iter_mut().zip(&order) {
        if !active.get(i).copied().unwrap_or(false) {
            slot.1 = Cow::Owned(format!("{} is sitting out", slot.1));
        }
    }
    if !wins {
        return Err(err(
            play.last().map_or(button_line, |l| l.0),
            Kind::Truncated("a `wins` line"),
        ));
    }
    let table = TableLine {
        name: table_name,
        max_seats: max.and_then(|m| u8::try_from(m).ok()),
        play_money,
        button,
    };
    super::pacific::read_body(header, first_line, button_line, table, &out)
}

/// The older header names no blinds: they are those posted (fixed limit: the big
/// blind is the small bet).
fn posted_blinds(
    header: &Header,
    game_line: u32,
    play: &[(u32, &str)],
    names: &[&str],
) -> Result<(Amount, Amount), ImportError> {
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(header.id),
        line,
        kind,
    };
    let posted = |what: &str| {
        play.iter().find_map(|&(n, l)| {
            let (_, verb) = speaker(l, names).0?;
            verb.strip_prefix(what).map(|r| (n, bracket_amount(r)))
        })
    };
    let bb = match posted("posts big blind ") {
        Some((n, a)) => a.map_err(|k| err(n, k))?,
        None => {
            return Err(err(
                game_line,
                Kind::Truncated("the blinds (the header names none and none is posted)"),
            ));
        }
    };
    let sb = match posted("posts small blind ") {
        Some((n, a)) => a.map_err(|k| err(n, k))?,
        None => Amount(bb.0 / 2),
    };
    Ok(match header.limit {
        Limit::FixedLimit => (bb, Amount(bb.0.saturating_mul(2))),
        _ => (sb, bb),
    })
}

/// The seat whose name `line` begins with, followed by a blank (the longest name;
/// of seats with the same name, the first), and what follows the blank; and
/// whether `line` begins with a name followed by `: ` (chat). One pass over the
/// names.
fn speaker<'a>(line: &'a str, names: &[&str]) -> (Option<(usize, &'a str)>, bool) {
    let mut best: Option<(usize, usize)> = None;
    let mut chat = false;
    for (i, name) in names.iter().enumerate() {
        // (The first byte told apart before the whole name is compared.)
        if name
            .as_bytes()
            .first()
            .is_some_and(|f| line.as_bytes().first() != Some(f))
        {
            continue;
        }
        let Some(r) = line.strip_prefix(name) else {
            continue;
        };
        match r.as_bytes() {
            [b' ', ..] if best.is_none_or(|(_, len)| name.len() > len) => {
                best = Some((i, name.len()));
            }
            [b':', b' ', ..] => chat = true,
            _ => {}
        }
    }
    let split = best.map(|(i, len)| (i, line.get(len + 1..).unwrap_or("")));
    (split, chat)
}

/// The play's lines in 888's forms, into `out` (chat and notices left out; the
/// showdown's first line opens `** Summary **`): whether a `wins` line was met.
/// `dead` is the dead part of `posts big blind + dead`. Who takes part is marked
/// in `active` (a seat with no line in the hand is not dealt in).
fn play_lines<'a>(
    id: u64,
    dead: Amount,
    play: &[(u32, &'a str)],
    names: &[&str],
    active: &mut [bool],
    out: &mut Vec<(u32, Cow<'a, str>)>,
) -> Result<bool, ImportError> {
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let mut showdown = false;
    let mut small_blinds = 0;
    let mut wins = false;
    for &(n, line) in play {
        let (split, chat) = speaker(line, names);
        let dealt_to = line.strip_prefix("Dealt to ");
        let who = split
            .map(|(i, _)| i)
            .or_else(|| dealt_to.and_then(|r| speaker(r, names).0).map(|(i, _)| i));
        if let Some(a) = who.and_then(|i| active.get_mut(i)) {
            *a = true;
        }
        if dealt_to.is_some() || line.starts_with("** Dealing ") {
            out.push((n, Cow::Borrowed(line)));
            continue;
        }
        // Chat: `name: text`.
        if chat {
            continue;
        }
        let Some((i, verb)) = split else {
            return Err(err(n, Kind::UnknownPlayer(shorten(line))));
        };
        let name = names.get(i).copied().unwrap_or("");
        if verb.starts_with("posts small blind ") {
            if small_blinds > 0 {
                return Err(err(
                    n,
                    Kind::Unsupported(
                        "a small blind posted out of position and played live (the engine \
                         plays it dead, B19)"
                            .to_string(),
                    ),
                ));
            }
            small_blinds += 1;
        }
        wins |= verb.starts_with("wins ");
        if is_showdown(verb) && !showdown {
            out.push((n, Cow::Borrowed("** Summary **")));
            showdown = true;
        }
        let text = if let Some(r) = verb.strip_prefix("posts big blind + dead ") {
            let both = bracket_amount(r).map_err(|k| err(n, k))?;
            let live = Amount(both.0.saturating_sub(dead.0));
            Cow::Owned(format!(
                "{name} posts dead blind [{} + {}]",
                Amount(both.0 - live.0),
                live
            ))
        } else if let Some(r) = verb.strip_prefix("doesn't show ") {
            Cow::Owned(format!("{name} mucks {r}"))
        } else if verb.starts_with("does not show") {
            Cow::Owned(format!("{name} did not show his hand"))
        } else {
            Cow::Borrowed(line)
        };
        out.push((n, text));
    }
    Ok(wins)
}

/// `$1/$2 USD NL Texas Hold'em - Saturday, April 11, 13:57:03 EDT 2015` (or the
/// older `$50 USD PL Texas Hold'em - ...`, whose stakes are left zero for the
/// blinds posted).
fn header(id: u64, line: &str) -> Result<Header, Kind> {
    let expected = "`$SB/$BB CUR LIMIT Texas Hold'em - DAY, MONTH D, HH:MM:SS ZONE YYYY`";
    let (game, date) = split_first(line, " - ").ok_or_else(|| malformed(expected, line))?;
    let mut words = game.splitn(4, ' ');
    let (Some(stakes), Some(code), Some(limit), Some(name)) =
        (words.next(), words.next(), words.next(), words.next())
    else {
        return Err(malformed(expected, line));
    };
    if name != "Texas Hold'em" {
        return Err(other_game(name));
    }
    let limit = match limit {
        "NL" => Limit::NoLimit,
        "PL" => Limit::PotLimit,
        "FL" => Limit::FixedLimit,
        _ => return Err(malformed("the limit `NL`, `PL` or `FL`", line)),
    };
    let currency = match code {
        "USD" => Currency::Usd,
        "EUR" => Currency::Eur,
        "GBP" => Currency::Gbp,
        "CAD" => Currency::Cad,
        _ => return Err(malformed("the currency `USD`, `EUR`, `GBP` or `CAD`", line)),
    };
    let stakes = match stakes.split_once('/') {
        Some((a, b)) => stakes_of(a, b, stakes, amount_of)?,
        // The table's buy-in: the blinds are read from the posts.
        None => {
            amount_of(stakes)?;
            (Amount::ZERO, Amount::ZERO)
        }
    };
    let time = timestamp(date)
        .ok_or_else(|| malformed("a date `DAY, MONTH D, HH:MM:SS ZONE YYYY`", line))?;
    Ok(Header::cash(&SITE, id, limit, stakes, currency, vec![time]))
}

/// `Saturday, April 11, 13:57:03 EDT 2015`.
fn timestamp(date: &str) -> Option<Timestamp> {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    // The second and third of the parts between `, `.
    let (_, after) = split_first(date, ", ")?;
    let (month_day, after) = split_first(after, ", ")?;
    let time_year = split_first(after, ", ").map_or(after, |(part, _)| part);
    let (month, day) = month_day.split_once(' ')?;
    let month = MONTHS.iter().position(|m| *m == month)? + 1;
    let day = digits(day)?;
    let mut rest = time_year.split(' ');
    let time = rest.next()?;
    let (zone, year) = match (rest.next(), rest.next()) {
        (Some(z), Some(y)) => (Some(z.to_string()), y),
        (Some(y), None) => (None, y),
        _ => return None,
    };
    let mut hms = time.split(':').map(digits);
    let (h, mi, s) = (hms.next()??, hms.next()??, hms.next()??);
    if !((1..=31).contains(&day) && h < 24 && mi < 60 && s < 61) {
        return None;
    }
    Some(Timestamp {
        date: (
            u16::try_from(digits(year)?).ok()?,
            u8::try_from(month).ok()?,
            u8::try_from(day).ok()?,
        ),
        time: (
            u8::try_from(h).ok()?,
            u8::try_from(mi).ok()?,
            u8::try_from(s).ok()?,
        ),
        zone,
    })
}

#[cfg(test)]
mod tests {
    use super::is_notice;

    /// The notices as one expression of every form (what [`is_notice`] tells by
    /// the lines' first and last bytes).
    fn notice_by_every_form(line: &str) -> bool {
        const ENDS: [&str; 9] = [
            " did not respond in time",
            " time bank for this hand.",
            " has left the table.",
            " has joined the table.",
            " is sitting out",
            " is sitting out.",
            " sits out",
            " is disconnected.",
            " has been reconnected.",
        ];
        ENDS.iter().any(|e| line.ends_with(e))
            || line.contains("time bank will be activated")
            || (line.starts_with("Game #") && line.ends_with(" starts."))
            || line.starts_with("#Game No : ")
            || line.starts_with("Total number of players")
            || line.starts_with("The time at which hand ended:")
            || line.ends_with(" could not respond in time.(disconnected)")
            || (line.contains(" is disconnected. We will wait for ") && line.ends_with(" seconds."))
            || (line.contains(" has been reconnected and has ")
                && line.ends_with(" seconds to act."))
            || line.starts_with("Due to current high memory use in your system ")
    }

    #[test]
    fn h6_a_partypoker_notice_is_told_by_its_ends_as_by_every_form() {
        let lines = [
            "Peacli did not respond in time",
            "Peacli will be using his time bank for this hand.",
            "Peacli has left the table.",
            "Peacli has joined the table.",
            "Peacli is sitting out",
            "Peacli is sitting out.",
            "Peacli sits out",
            "Peacli is disconnected.",
            "Peacli has been reconnected.",
            "Your time bank will be activated in 6 secs. If you do not want it to be used, please act now.",
            "x time bank will be activated",
            "time bank will be activatedv",
            "Game #14507003662 starts.",
            "#Game No : 14507003662",
            "Total number of players : 6/6",
            "The time at which hand ended: 13:58:01",
            "Peacli could not respond in time.(disconnected)",
            "Peacli is disconnected. We will wait for Peacli to reconnect for a maximum of 30 seconds.",
            "Peacli has been reconnected and has 10 seconds to act.",
            "Due to current high memory use in your system please close some windows",
            "StreetsAhead posts small blind [$1 USD].",
            "Peacli raises [$2 USD]",
            "Peacli folds",
            "** Dealing river ** [ 4h ]",
            "peace_da_ball shows [ Td, Jc ]two pairs, Sevens and Fours.",
            "Seat 2: LoudAndFast ( $296.69 USD )",
            "Dealt to Peacli [  6h Ks ]",
            "",
            ".",
            "t",
            "e.",
            "seconds.",
        ];
        for line in lines {
            assert_eq!(is_notice(line), notice_by_every_form(line), "{line:?}");
        }
    }
}
