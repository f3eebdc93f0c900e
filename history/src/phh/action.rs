//! The action notation (`p1 cbr 3.00`, `d db AhKs7c`...): a fast path for the
//! common actions, and the general reader.

use arrayvec::ArrayVec;
use holdem_cards::{Card, Rank, Suit};

use crate::model::{Action, ActionKind, Cards, Player, Shown};
use crate::money::Decimal;

/// Parses one action notation; a `cbr` amount is returned separately (unscaled).
pub(super) fn parse_action(
    text: &str,
    players: usize,
) -> Result<(Action, Option<Decimal>), String> {
    match parse_action_fast(text, players) {
        Some(parsed) => Ok(parsed),
        None => parse_action_general(text, players),
    }
}

/// The common, well-formed notations (`p3 cbr 300`, `d dh p1 AcKd`: single spaces, no
/// commentary) read byte by byte; `None` sends anything else, errors included, to
/// [`parse_action_general`], which accepts a superset and gives the same result on
/// these (`fast_and_general_action_readers_agree`).
fn parse_action_fast(text: &str, players: usize) -> Option<(Action, Option<Decimal>)> {
    // Words separated by single spaces; any other blank or a `#` takes the general
    // path. One pass over the bytes.
    let bytes = text.as_bytes();
    let mut words: [&[u8]; 4] = [&[]; 4];
    let mut count = 0;
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        if b == b' ' {
            if i == start || count == 3 {
                return None;
            }
            words[count] = &bytes[start..i];
            count += 1;
            start = i + 1;
        } else if b == b'#' || b.is_ascii_whitespace() {
            return None;
        }
    }
    if start == bytes.len() {
        return None;
    }
    words[count] = &bytes[start..];
    count += 1;
    let action = |kind| Action {
        kind,
        comment: None,
    };
    if words[0] == b"d" {
        return match (words[1], count) {
            (b"dh", 4) => {
                let player = fast_player(words[2], players)?;
                let cards = fast_cards(words[3])?;
                (cards.len() == 2).then(|| (action(ActionKind::DealHole { player, cards }), None))
            }
            (b"db", 3) => Some((
                action(ActionKind::DealBoard {
                    cards: fast_cards(words[2])?,
                }),
                None,
            )),
            _ => None,
        };
    }
    let player = fast_player(words[0], players)?;
    let kind = match (words[1], count) {
        (b"f", 2) => ActionKind::Fold { player },
        (b"cc", 2) => ActionKind::CheckCall { player },
        (b"cbr", 3) => {
            let amount = std::str::from_utf8(words[2]).ok()?;
            let d = Decimal::parse(amount).ok()?;
            return Some((
                action(ActionKind::BetRaiseTo { player, amount: 0 }),
                Some(d),
            ));
        }
        (b"sm", 2) => ActionKind::ShowMuck {
            player,
            shown: Shown::Muck,
        },
        (b"sm", 3) if words[2] == b"-" => ActionKind::ShowMuck {
            player,
            shown: Shown::AsDealt,
        },
        (b"sm", 3) => {
            let cards = fast_cards(words[2])?;
            if cards.len() != 2 {
                return None;
            }
            ActionKind::ShowMuck {
                player,
                shown: Shown::Cards(cards),
            }
        }
        _ => return None,
    };
    Some((action(kind), None))
}

/// `p1`..`p23` without a leading zero; `None` for anything else.
fn fast_player(word: &[u8], players: usize) -> Option<Player> {
    let n = match word {
        [b'p', d @ b'1'..=b'9'] => usize::from(d - b'0'),
        [b'p', d @ b'1'..=b'9', e @ b'0'..=b'9'] => {
            usize::from(d - b'0') * 10 + usize::from(e - b'0')
        }
        _ => return None,
    };
    if n > players {
        return None;
    }
    u8::try_from(n - 1).ok().map(Player)
}

/// Up to five two-character cards or `??`; `None` for anything else.
fn fast_cards(word: &[u8]) -> Option<Cards> {
    if word.is_empty() || !word.len().is_multiple_of(2) || word.len() > 10 {
        return None;
    }
    let mut cards = ArrayVec::new();
    for pair in word.chunks_exact(2) {
        let card = match pair {
            [b'?', b'?'] => None,
            [r, s] => Some(Card::new(
                Rank::from_char(char::from(*r))?,
                Suit::from_char(char::from(*s))?,
            )),
            _ => return None,
        };
        // At most five pairs (checked above) fit the capacity of five.
        cards.try_push(card).ok()?;
    }
    Some(Cards(cards))
}

/// The full action reader: commentary, any blank space between words, every error.
fn parse_action_general(text: &str, players: usize) -> Result<(Action, Option<Decimal>), String> {
    let (head, comment) = match text.split_once('#') {
        Some((h, c)) => (h, Some(c.trim().to_string())),
        None => (text, None),
    };
    let mut words = head.split_ascii_whitespace();
    let Some(actor) = words.next() else {
        return Ok((
            Action {
                kind: ActionKind::NoOp,
                comment,
            },
            None,
        ));
    };
    let verb = words.next().ok_or("an action needs an actor and a verb")?;
    let args: ArrayVec<&str, 2> = words.by_ref().take(2).collect();
    if words.next().is_some() {
        return Err("too many words".into());
    }
    let mut bet = None;
    let kind = if actor == "d" {
        match (verb, args.as_slice()) {
            ("dh", [p, cards]) => {
                let player = parse_player(p, players)?;
                let cards = parse_cards(cards)?;
                if cards.len() != 2 {
                    return Err(format!(
                        "hold'em hole cards are two cards, found {}",
                        cards.len()
                    ));
                }
                ActionKind::DealHole { player, cards }
            }
            ("db", [cards]) => ActionKind::DealBoard {
                cards: parse_cards(cards)?,
            },
            ("dh" | "db", _) => return Err(format!("wrong number of arguments for `d {verb}`")),
            _ => {
                return Err(format!(
                    "unknown dealer action `{verb}` (expected dh or db)"
                ));
            }
        }
    } else {
        let player = parse_player(actor, players)?;
        match (verb, args.as_slice()) {
            ("f", []) => ActionKind::Fold { player },
            ("cc", []) => ActionKind::CheckCall { player },
            ("cbr", [amount]) => {
                let d = Decimal::parse(amount).map_err(|e| e.to_string())?;
                bet = Some(d);
                ActionKind::BetRaiseTo { player, amount: 0 }
            }
            ("sm", []) => ActionKind::ShowMuck {
                player,
                shown: Shown::Muck,
            },
            ("sm", ["-"]) => ActionKind::ShowMuck {
                player,
                shown: Shown::AsDealt,
            },
            ("sm", [cards]) => {
                let cards = parse_cards(cards)?;
                if cards.len() != 2 {
                    return Err(format!(
                        "a hold'em hand shows two cards, found {}",
                        cards.len()
                    ));
                }
                ActionKind::ShowMuck {
                    player,
                    shown: Shown::Cards(cards),
                }
            }
            ("f" | "cc" | "cbr" | "sm", _) => {
                return Err(format!("wrong number of arguments for `{verb}`"));
            }
            ("pb" | "sd", _) => return Err(format!("`{verb}` is not a hold'em action")),
            _ => {
                return Err(format!(
                    "unknown action `{verb}` (expected f, cc, cbr or sm)"
                ));
            }
        }
    };
    Ok((Action { kind, comment }, bet))
}

fn parse_player(text: &str, players: usize) -> Result<Player, String> {
    let n: usize = text
        .strip_prefix('p')
        .and_then(|d| d.parse().ok())
        .ok_or_else(|| format!("`{text}` is not an actor (d or p1..p{players})"))?;
    if n == 0 || n > players {
        return Err(format!(
            "player {text} does not exist: the hand has p1..p{players}"
        ));
    }
    // n <= players <= MAX_PLAYERS, so this fits.
    Ok(Player(
        u8::try_from(n - 1).map_err(|_| format!("player {text} does not exist"))?,
    ))
}

/// `AcKd`, `????`, `??Ad`: two characters a card, `??` unknown.
fn parse_cards(text: &str) -> Result<Cards, String> {
    let b = text.as_bytes();
    if !b.len().is_multiple_of(2) || !text.is_ascii() {
        return Err(format!("`{text}` is not a list of two-character cards"));
    }
    let mut cards = ArrayVec::new();
    for pair in b.chunks_exact(2) {
        let card = match pair {
            [b'?', b'?'] => None,
            [r, s] => {
                let rank = Rank::from_char(char::from(*r))
                    .ok_or_else(|| format!("bad rank {:?} in `{text}`", char::from(*r)))?;
                let suit = Suit::from_char(char::from(*s))
                    .ok_or_else(|| format!("bad suit {:?} in `{text}`", char::from(*s)))?;
                Some(Card::new(rank, suit))
            }
            _ => None,
        };
        cards
            .try_push(card)
            .map_err(|_| format!("too many cards in `{text}`"))?;
    }
    if cards.is_empty() {
        return Err("no cards".into());
    }
    Ok(Cards(cards))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const TOKENS: [&str; 31] = [
        "d",
        "dh",
        "db",
        "p1",
        "p2",
        "p7",
        "p0",
        "p01",
        "p10",
        "f",
        "cc",
        "cbr",
        "sm",
        "-",
        "300",
        "0.25",
        "1_000",
        "2.5e3",
        "-5",
        "AcKd",
        "????",
        "??Ad",
        "Ac",
        "AcKdQh",
        "AcKdQhJs2c3c",
        "Xx",
        "acKD",
        "x",
        "#",
        "# c",
        "",
    ];

    fn agree(text: &str) {
        let general = parse_action_general(text, 9);
        if let Some(fast) = parse_action_fast(text, 9) {
            assert_eq!(Ok(fast), general, "{text:?}");
        }
    }

    #[test]
    fn fast_and_general_action_readers_agree() {
        let mut fast_hits = 0;
        for a in TOKENS {
            for b in TOKENS {
                for c in TOKENS {
                    for text in [
                        format!("{a} {b}"),
                        format!("{a} {b} {c}"),
                        format!("{a}  {b}"),
                        format!("{a} {b} # {c}"),
                        format!("d dh {b} {c}"),
                        format!("{a} cbr {c}"),
                    ] {
                        agree(&text);
                        fast_hits += usize::from(parse_action_fast(&text, 9).is_some());
                    }
                }
            }
        }
        for text in [
            "d dh p1 AcKd",
            "d db AcKdQh",
            "p2 cbr 300",
            "p9 sm ????",
            "p3 sm -",
        ] {
            assert!(parse_action_fast(text, 9).is_some(), "{text}");
            agree(text);
        }
        assert!(fast_hits > 500, "the fast path is taken ({fast_hits})");
    }

    proptest! {
        #[test]
        fn fast_and_general_action_readers_agree_on_random_words(
            words in proptest::collection::vec(0..TOKENS.len(), 1..6),
            players in 2usize..12,
        ) {
            let text = words.iter().map(|&i| TOKENS[i]).collect::<Vec<_>>().join(" ");
            let general = parse_action_general(&text, players);
            if let Some(fast) = parse_action_fast(&text, players) {
                prop_assert_eq!(Ok(fast), general);
            }
        }
    }
}
