//! The header, table and seat lines of a hand.

use super::{Parser, R};
use std::borrow::Cow;

use super::values::{digits, find_byte, numbers, rsplit_at_quote_space, split_at, split_byte};
use crate::pokerstars::ast::{
    Amount, BuyIn, Currency, Header, Limit, Seat, SeatState, TableLine, Timestamp, Tournament,
};
use crate::pokerstars::error::PokerStarsErrorKind as Kind;

/// What [`Parser::stakes`] reads: the small and big stakes, their currency, the cap
/// of a capped table, and the rest of the line.
type Stakes<'l> = ((Amount, Amount), Currency, Option<Amount>, &'l str);

impl Parser {
    pub(super) fn header(&self, line: &str) -> R<Header> {
        let unsupported = |what: &str| self.err(Kind::Unsupported(what.to_string()));
        let Some(rest) = line.strip_prefix("PokerStars ") else {
            return Err(unsupported(
                "a PokerStars hand written in another language (only English is read)",
            ));
        };
        if rest.starts_with("Home Game") {
            return Err(unsupported("a home game hand"));
        }
        let (zoom, rest) = match rest.strip_prefix("Zoom ") {
            Some(r) => (true, r),
            None => (false, rest),
        };
        let (game_form, rest) = if let Some(r) = rest.strip_prefix("Hand #") {
            (false, r)
        } else if let Some(r) = rest.strip_prefix("Game #") {
            (true, r)
        } else {
            return Err(unsupported(
                "a PokerStars hand written in another language (only English is read)",
            ));
        };
        let (id_text, rest) = rest
            .split_once(':')
            .ok_or_else(|| self.malformed("`Hand #NUMBER:`", line))?;
        let id = digits(id_text).ok_or_else(|| self.malformed("a hand number", line))?;
        let rest = rest.trim_start();
        let (tournament, rest) = match rest.strip_prefix("Tournament #") {
            Some(r) => {
                let (t, r) = self.tournament(r, line)?;
                (Some(t), r)
            }
            None => (None, rest),
        };
        let Some(rest) = rest.strip_prefix("Hold'em ") else {
            let game = rest.split([' ', '(']).next().unwrap_or(rest);
            let game = rest
                .find(" (")
                .or_else(|| rest.find(" - "))
                .and_then(|i| rest.get(..i))
                .unwrap_or(game);
            return Err(unsupported(&format!(
                "the game `{game}` (only Texas hold'em is played)"
            )));
        };
        let (limit, rest) = if let Some(r) = rest.strip_prefix("No Limit") {
            (Limit::NoLimit, r)
        } else if let Some(r) = rest.strip_prefix("Pot Limit") {
            (Limit::PotLimit, r)
        } else if let Some(r) = rest.strip_prefix("Limit") {
            (Limit::FixedLimit, r)
        } else if rest.starts_with("Cap ") {
            return Err(unsupported(
                "capped no-limit or pot-limit hold'em (a per-player cap on betting)",
            ));
        } else {
            return Err(self.malformed("`No Limit`, `Pot Limit` or `Limit`", line));
        };
        // Mixed limits (B28): `Hold'em Pot Limit Pre-Flop, No Limit Post-Flop` is
        // played; another mix is unsupported by name.
        let (limit, rest) = match (limit, rest.strip_prefix(" Pre-Flop, No Limit Post-Flop")) {
            (Limit::PotLimit, Some(r)) => (Limit::PotLimitPreFlopNoLimitPostFlop, r),
            _ => (limit, rest),
        };
        if let Some(r) = rest.strip_prefix(" Pre-Flop, ") {
            let post = r.split(" (").next().unwrap_or(r);
            return Err(unsupported(&format!(
                "mixed limits by street (B28): {} before the flop, `{post}`",
                match limit {
                    Limit::NoLimit => "no limit",
                    Limit::PotLimit => "pot limit",
                    Limit::FixedLimit => "fixed limit",
                    Limit::PotLimitPreFlopNoLimitPostFlop => "mixed limits",
                }
            )));
        }
        let mut rest = rest;
        let mut tournament = tournament;
        // A heads-up or shootout match: `- Match Round II, Level I (10/20)`.
        if let Some(r) = rest.strip_prefix(" - Match Round ") {
            let (round, r) = r
                .split_once(',')
                .ok_or_else(|| self.malformed("`Match Round N, Level N`", line))?;
            match tournament.as_mut() {
                Some(t) => t.round = Some(round.to_string()),
                None => return Err(self.malformed("a match round only in tournament hands", line)),
            }
            rest = r.strip_prefix(" Level ").map_or(r, |l| {
                let end = l.find(' ').unwrap_or(l.len());
                if let Some(t) = tournament.as_mut() {
                    t.level = l.get(..end).map(str::to_string);
                }
                l.get(end..).unwrap_or("")
            });
        }
        if let Some(r) = rest.strip_prefix(" - Level ") {
            let end = r.find(' ').unwrap_or(r.len());
            let level = r.get(..end).unwrap_or("");
            match tournament.as_mut() {
                Some(t) => t.level = Some(level.to_string()),
                None => return Err(self.malformed("a level only in tournament hands", line)),
            }
            rest = r.get(end..).unwrap_or("");
        }
        let (stakes, currency, cap, r) = self.stakes(rest, tournament.is_some(), line)?;
        let times = self.dates(r, line)?;
        Ok(Header {
            id,
            label: None,
            site: &crate::pokerstars::convert::SITE,
            game_form,
            zoom,
            tournament,
            limit,
            stakes,
            currency,
            cap,
            times,
        })
    }

    /// ` (SB/BB CUR) - ` and what follows: the stakes, their currency (chips in a
    /// tournament), the cap of a capped table, and the rest of the line.
    fn stakes<'l>(&self, rest: &'l str, tournament: bool, line: &str) -> R<Stakes<'l>> {
        let r = rest
            .strip_prefix(" (")
            .ok_or_else(|| self.malformed("the stakes `(SB/BB)`", line))?;
        let (stakes_text, r) = r
            .split_once(')')
            .ok_or_else(|| self.malformed("the stakes `(SB/BB)`", line))?;
        // A capped table: `$2/$4 - $80 Cap -  USD`.
        let (stakes_text, cap_text) = match split_at(stakes_text, " - ") {
            Some((blinds, rest)) => {
                let (cap, after) = rest
                    .split_once(" Cap")
                    .ok_or_else(|| self.malformed("the stakes `(SB/BB - CAP Cap - CUR)`", line))?;
                let code = after.trim_start_matches(" -").trim();
                let text: Cow<'_, str> = if code.is_empty() {
                    Cow::Borrowed(blinds)
                } else {
                    Cow::Owned(format!("{blinds} {code}"))
                };
                (text, Some(cap.trim()))
            }
            None => (Cow::Borrowed(stakes_text), None),
        };
        let (amounts, code) = match split_byte(&stakes_text, b' ') {
            Some((a, c)) => (a, Some(c)),
            None => (&*stakes_text, None),
        };
        let (small_text, big_text) = split_byte(amounts, b'/')
            .ok_or_else(|| self.malformed("the stakes `(SB/BB)`", line))?;
        let currency = if tournament {
            Currency::Chips
        } else {
            match code {
                Some("USD") => Currency::Usd,
                Some("EUR") => Currency::Eur,
                Some("GBP") => Currency::Gbp,
                Some("CAD") => Currency::Cad,
                Some("INR") => Currency::Inr,
                Some(other) => {
                    return Err(self.err(Kind::Unsupported(format!("the currency `{other}`"))));
                }
                None => match small_text.chars().next() {
                    Some('$') => Currency::Usd,
                    Some('€') => Currency::Eur,
                    Some('£') => Currency::Gbp,
                    Some('₹') => Currency::Inr,
                    _ => Currency::PlayMoney,
                },
            }
        };
        let stakes = (
            self.amount(small_text, currency)?,
            self.amount(big_text, currency)?,
        );
        let cap = match cap_text {
            Some(c) => Some(self.amount(c, currency)?),
            None => None,
        };
        // Every history format holds positive stakes, the small at most the big
        // (the blinds, or the fixed limit's small and big bet).
        if stakes.0 == Amount(0) || stakes.0 > stakes.1 {
            return Err(self.err(Kind::Amount {
                text: amounts.to_string(),
                reason: "the stakes must be positive, the small at most the big",
            }));
        }
        Ok((stakes, currency, cap, r))
    }

    /// The date of the hand, and the bracketed one (Eastern Time) when written.
    fn dates(&self, r: &str, line: &str) -> R<Vec<Timestamp>> {
        let dates = r
            .strip_prefix(" - ")
            .ok_or_else(|| self.malformed("` - ` and the date after the stakes", line))?;
        let mut times = Vec::with_capacity(2);
        let (local, bracketed) = match split_at(dates, " [") {
            Some((a, b)) => (a, Some(b.strip_suffix(']').unwrap_or(b))),
            None => (dates, None),
        };
        times.push(
            timestamp(local)
                .ok_or_else(|| self.malformed("a date `YYYY/MM/DD H:MM:SS ZONE`", line))?,
        );
        if let Some(b) = bracketed {
            times.push(
                timestamp(b)
                    .ok_or_else(|| self.malformed("a date `[YYYY/MM/DD H:MM:SS ZONE]`", line))?,
            );
        }
        Ok(times)
    }

    /// `797469411, $3.19+$0.31 USD ` up to the game name.
    pub(super) fn tournament<'a>(&self, r: &'a str, line: &str) -> R<(Tournament, &'a str)> {
        let (id_text, r) = r
            .split_once(',')
            .and_then(|(id, r)| Some((id, r.strip_prefix(' ')?)))
            .ok_or_else(|| self.malformed("`Tournament #NUMBER, BUY-IN`", line))?;
        let id = digits(id_text).ok_or_else(|| self.malformed("a tournament number", line))?;
        if let Some(r) = r.strip_prefix("Freeroll") {
            return Ok((
                Tournament {
                    id,
                    buy_in: BuyIn::Freeroll,
                    level: None,
                    round: None,
                },
                r.trim_start(),
            ));
        }
        let (buy, mut r) = r
            .split_once(' ')
            .ok_or_else(|| self.malformed("a buy-in such as `$3.19+$0.31 USD`", line))?;
        let currency = match buy.chars().next() {
            Some('$') => Currency::Usd,
            Some('€') => Currency::Eur,
            Some('£') => Currency::Gbp,
            Some('₹') => Currency::Inr,
            _ => Currency::Chips,
        };
        let currency = match r.split_once(' ') {
            Some((code @ ("USD" | "EUR" | "GBP" | "CAD" | "INR"), rest)) => {
                r = rest;
                match code {
                    "EUR" => Currency::Eur,
                    "GBP" => Currency::Gbp,
                    "CAD" => Currency::Cad,
                    "INR" => Currency::Inr,
                    _ => Currency::Usd,
                }
            }
            _ => currency,
        };
        let mut parts = Vec::with_capacity(3);
        for p in buy.split('+') {
            parts.push(self.amount(p, currency)?);
        }
        Ok((
            Tournament {
                id,
                buy_in: BuyIn::Paid { parts, currency },
                level: None,
                round: None,
            },
            r,
        ))
    }

    pub(super) fn table(&self, line: &str) -> R<TableLine> {
        let expected = "`Table 'NAME' N-max Seat #N is the button`";
        let r = line
            .strip_prefix("Table '")
            .ok_or_else(|| self.malformed(expected, line))?;
        let (name, r) = rsplit_at_quote_space(r).ok_or_else(|| self.malformed(expected, line))?;
        let mut r = r;
        let mut max_seats = None;
        if let Some((size, rest)) = split_at(r, "-max") {
            max_seats = Some(
                digits(size)
                    .and_then(|s| u8::try_from(s).ok())
                    .ok_or_else(|| self.malformed(expected, line))?,
            );
            r = rest.trim_start();
        }
        let mut play_money = false;
        if let Some(rest) = r.strip_prefix("(Play Money)") {
            play_money = true;
            r = rest.trim_start();
        }
        let button = r
            .strip_prefix("Seat #")
            .and_then(|r| r.strip_suffix(" is the button"))
            .and_then(digits)
            .and_then(|b| u32::try_from(b).ok())
            .ok_or_else(|| self.malformed(expected, line))?;
        Ok(TableLine {
            name: name.to_string(),
            max_seats,
            play_money,
            button,
        })
    }

    /// A seat line after `Seat `; `None` when the text is not a seat line at all.
    // (Inlined into `Parser::body` as well as `LineReader`: the PokerStars reader's
    // loop keeps its speed.)
    #[inline(always)]
    pub(super) fn seat(&self, rest: &str, n: u32, currency: Currency) -> R<Option<Seat>> {
        let Some((num, rest)) = split_at(rest, ": ") else {
            return Ok(None);
        };
        let Some(number) = digits(num).and_then(|v| u32::try_from(v).ok()) else {
            return Ok(None);
        };
        // The stack is in the last ` (` whose contents read as `STACK in chips`.
        let mut search = rest.len();
        while let Some(open) = rest
            .as_bytes()
            .get(..search)
            .and_then(|s| s.iter().rposition(|&b| b == b'('))
        {
            search = open;
            let Some(i) = open.checked_sub(1) else { break };
            if rest.as_bytes().get(i) != Some(&b' ') {
                continue;
            }
            let Some(name) = rest.get(..i) else { break };
            let Some(inner) = rest.get(open + 1..) else {
                break;
            };
            let Some((stack_text, after)) = split_byte(inner, b' ') else {
                continue;
            };
            let Some(after) = after.strip_prefix("in chips") else {
                continue;
            };
            let Ok(stack) = self.amount(stack_text, currency) else {
                continue;
            };
            let (bounty, tail) = if let Some(t) = after.strip_prefix(')') {
                (None, t)
            } else if let Some(b) = after.strip_prefix(", ") {
                let Some((btext, t)) = b.split_once(" bounty)") else {
                    continue;
                };
                let bounty_currency = match btext.chars().next() {
                    Some('$') => Currency::Usd,
                    Some('€') => Currency::Eur,
                    Some('£') => Currency::Gbp,
                    _ => Currency::Chips,
                };
                (Some(self.amount(btext, bounty_currency)?), t)
            } else {
                continue;
            };
            let tail = tail.trim();
            let state = if tail.is_empty() {
                SeatState::Playing
            } else if tail == "is sitting out" {
                SeatState::SittingOut
            } else if tail.starts_with("out of hand") {
                SeatState::OutOfHand
            } else {
                return Err(self.malformed(
                    "nothing, `is sitting out` or `out of hand` after the stack",
                    rest,
                ));
            };
            if name.is_empty() {
                return Err(self.malformed("a player name", rest));
            }
            return Ok(Some(Seat {
                number,
                name: name.to_string(),
                stack,
                bounty,
                state,
                line: n,
            }));
        }
        Err(self.malformed("`Seat N: name (STACK in chips)`", rest))
    }

    // ---- amounts and cards --------------------------------------------------
}

// ---- helpers ---------------------------------------------------------------

/// The hand number of a header line (the digits after the first `#`), so that even
/// an unsupported or malformed header's error names its hand.
pub(super) fn header_number(line: &str) -> Option<u64> {
    let (_, after) = line.split_once('#')?;
    let end = after
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(after.len());
    digits(after.get(..end)?)
}

/// `2013/10/04 19:53:27 CET` (the zone optional).
pub(crate) fn timestamp(s: &str) -> Option<Timestamp> {
    let (date, rest) = s.split_at_checked(find_byte(s, b' ')?)?;
    let rest = rest.get(1..)?;
    let (time, zone) = match find_byte(rest, b' ') {
        Some(i) => (rest.get(..i)?, Some(rest.get(i + 1..)?)),
        None => (rest, None),
    };
    if zone.is_some_and(|z| z.is_empty() || find_byte(z, b' ').is_some()) {
        return None;
    }
    let [y, m, day] = numbers::<3>(date, b'/')?;
    let [h, min, sec] = numbers::<3>(time, b':')?;
    if !(1..=12).contains(&m) || day == 0 || day > 31 || h > 23 || min > 59 || sec > 60 {
        return None;
    }
    Some(Timestamp {
        date: (u16::try_from(y).ok()?, m as u8, day as u8),
        time: (h as u8, min as u8, sec as u8),
        zone: zone.map(str::to_string),
    })
}
