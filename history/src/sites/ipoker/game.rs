//! One `<game>` of a session: its players, rounds and actions, in PokerStars' form
//! for the shared body reader.

use super::*;

/// One `<player>`: seat, name, stack, button, win, bet, line.
struct Player {
    seat: u64,
    name: String,
    chips: Amount,
    dealer: bool,
    win: Amount,
    bet: Amount,
    line: u32,
}

/// The hole cards of each player (`None`: not shown) and the board's cards by
/// street (line, street, cards), as the rounds' `<cards>` write them.
type Cards<'e> = (Vec<Option<Vec<String>>>, Vec<(u32, &'e str, Vec<String>)>);

/// What the play leaves for the summary.
struct Played {
    /// Each player's money in the pot: in all, and live (antes left out).
    total: Vec<Amount>,
    live: Vec<Amount>,
    folded: Vec<bool>,
    last_line: u32,
    /// Where the play's last action stands in the lines: an uncalled bet goes
    /// back there.
    after_last_action: usize,
    dealt_board: Vec<String>,
}

/// A game being read: its number, its players in seat order, and the sign of
/// its currency.
struct Game {
    id: u64,
    players: Vec<Player>,
    sym: String,
    /// The small and big blinds of the header's stakes.
    stakes: (Amount, Amount),
    /// A session of the later client (`<uncalled_bet_enabled>true`): its `win`
    /// leaves the returned uncalled part out, and its `bet` is not checked (it
    /// does not always agree with the actions, which the stacks and wins do).
    later_client: bool,
}

/// One game of the session in PokerStars' form, read by the shared body reader.
pub(super) fn game(general: &Element, game: &Element) -> Result<Hand, ImportError> {
    let id = game
        .attr("gamecode")
        .and_then(digits)
        .ok_or_else(|| ImportError {
            hand: None,
            line: game.line,
            kind: malformed("`<game gamecode=\"N\">`", "<game>"),
        })?;
    let (header, table) = header(general, game, id)?;
    let sym = header
        .currency
        .symbol()
        .map(String::from)
        .unwrap_or_default();
    let g = Game {
        id,
        players: players(game, id)?,
        sym,
        stakes: header.stakes,
        later_client: general
            .child_text("uncalled_bet_enabled")
            .is_some_and(|t| t.trim() == "true"),
    };
    let button = g
        .players
        .iter()
        .find(|p| p.dealer)
        .or_else(|| g.players.first())
        .map_or(0, |p| p.seat);
    // The rounds, their actions in the order of their numbers.
    let mut rounds: Vec<&Element> = game.children("round").collect();
    rounds.sort_by_key(|r| r.attr("no").and_then(digits).unwrap_or(0));
    let (acted, (pockets, board)) = g.turns_and_cards(&rounds)?;
    let mut out: Vec<(u32, String)> = Vec::with_capacity(64);
    out.push((
        game.line,
        format!("Table '{table}' Seat #{button} is the button"),
    ));
    for (i, p) in g.players.iter().enumerate() {
        let out_of = if acted.get(i).copied().unwrap_or(false) {
            ""
        } else {
            " is sitting out"
        };
        out.push((
            p.line,
            format!(
                "Seat {}: {} ({} in chips){out_of}",
                p.seat,
                p.name,
                g.money(p.chips)
            ),
        ));
    }
    let played = g.play(game.line, &rounds, &pockets, &board, &mut out)?;
    g.summary(played, &acted, &pockets, &mut out)?;
    let borrowed: Vec<(u32, &str)> = out.iter().map(|(l, s)| (*l, s.as_str())).collect();
    parse_body(header, game.line, &borrowed)
}

/// The `<player>` elements of a game, in seat order (at least two).
fn players(game: &Element, id: u64) -> Result<Vec<Player>, ImportError> {
    let err = |line: u32, kind: Kind| ImportError {
        hand: Some(id),
        line,
        kind,
    };
    let players_el = game
        .child("general")
        .and_then(|g| g.child("players"))
        .ok_or_else(|| err(game.line, Kind::Truncated("a `<players>` element")))?;
    let mut players = Vec::new();
    for p in players_el.children("player") {
        let get = |k: &'static str| {
            p.attr(k)
                .ok_or_else(|| err(p.line, malformed("a `<player>` with that attribute", k)))
        };
        let amount = |k: &'static str| amount_of(get(k)?).map_err(|e| err(p.line, e));
        players.push(Player {
            seat: digits(get("seat")?).ok_or_else(|| {
                err(
                    p.line,
                    malformed("a seat number", get("seat").unwrap_or("")),
                )
            })?,
            name: get("name")?.to_string(),
            chips: amount("chips")?,
            dealer: p.attr("dealer") == Some("1"),
            win: amount("win")?,
            bet: amount("bet")?,
            line: p.line,
        });
    }
    if players.len() < 2 {
        return Err(err(
            players_el.line,
            Kind::Truncated("two `<player>` elements"),
        ));
    }
    players.sort_by_key(|p| p.seat);
    Ok(players)
}

impl Game {
    fn err(&self, line: u32, kind: Kind) -> ImportError {
        ImportError {
            hand: Some(self.id),
            line,
            kind,
        }
    }

    /// An amount in PokerStars' form.
    fn money(&self, a: Amount) -> String {
        format!("{}{a}", self.sym)
    }

    /// The player of `name`.
    fn index(&self, name: &str, line: u32) -> Result<usize, ImportError> {
        self.players
            .iter()
            .position(|p| p.name == name)
            .ok_or_else(|| self.err(line, Kind::UnknownPlayer(shorten(name))))
    }

    /// Who acts in the hand (sitting out, `type` 8, is no action), and the hole
    /// cards and board the rounds' `<cards>` elements give.
    fn turns_and_cards<'e>(
        &self,
        rounds: &[&'e Element],
    ) -> Result<(Vec<bool>, Cards<'e>), ImportError> {
        let mut acted = vec![false; self.players.len()];
        let mut pockets: Vec<Option<Vec<String>>> = vec![None; self.players.len()];
        let mut board: Vec<(u32, &str, Vec<String>)> = Vec::new();
        for r in rounds {
            for c in r.children("cards") {
                let kind = c.attr("type").unwrap_or("");
                let list = cards(&c.text).map_err(|k| self.err(c.line, k))?;
                if kind == "Pocket" {
                    let i = self.index(c.attr("player").unwrap_or(""), c.line)?;
                    if let (Some(slot), Some(list)) = (pockets.get_mut(i), list) {
                        if list.len() != 2 {
                            return Err(self.err(
                                c.line,
                                Kind::Unsupported(format!(
                                    "{} hole cards (only Texas hold'em is played)",
                                    list.len()
                                )),
                            ));
                        }
                        *slot = Some(list);
                    }
                } else if let Some(list) = list {
                    board.push((c.line, kind, list));
                }
            }
            for a in r.children("action") {
                let i = self.index(a.attr("player").unwrap_or(""), a.line)?;
                if a.attr("type") != Some("8") {
                    if let Some(x) = acted.get_mut(i) {
                        *x = true;
                    }
                }
            }
        }
        Ok((acted, (pockets, board)))
    }

    /// Round `no` (2 to 4)'s street marker, its cards from `board`, into `out`.
    fn street(
        &self,
        r: &Element,
        no: u64,
        board: &[(u32, &str, Vec<String>)],
        dealt_board: &mut Vec<String>,
        out: &mut Vec<(u32, String)>,
    ) -> Result<(), ImportError> {
        let street = match no {
            2 => "Flop",
            3 => "Turn",
            4 => "River",
            _ => return Err(self.err(r.line, malformed("rounds 0 to 4", "<round>"))),
        };
        let Some((bl, _, list)) = board.iter().find(|(_, k, _)| *k == street) else {
            return Err(self.err(r.line, Kind::Truncated("the round's board cards")));
        };
        let text = if dealt_board.is_empty() {
            format!("*** FLOP *** [{}]", list.join(" "))
        } else {
            format!(
                "*** {} *** [{}] [{}]",
                street.to_ascii_uppercase(),
                dealt_board.join(" "),
                list.join(" ")
            )
        };
        dealt_board.extend(list.iter().cloned());
        out.push((*bl, text));
        Ok(())
    }

    /// `*** HOLE CARDS ***` and the known hole cards: those of a player who does
    /// not reach a showdown are the hero's (written in the text, so kept).
    fn hole_cards(&self, line: u32, pockets: &[Option<Vec<String>>], out: &mut Vec<(u32, String)>) {
        out.push((line, "*** HOLE CARDS ***".to_string()));
        for (i, p) in self.players.iter().enumerate() {
            if let Some(Some(c)) = pockets.get(i) {
                out.push((line, format!("Dealt to {} [{}]", p.name, c.join(" "))));
            }
        }
    }

    /// The rounds' actions in PokerStars' forms, into `out`, each checked against
    /// the player's stack.
    fn play(
        &self,
        game_line: u32,
        rounds: &[&Element],
        pockets: &[Option<Vec<String>>],
        board: &[(u32, &str, Vec<String>)],
        out: &mut Vec<(u32, String)>,
    ) -> Result<Played, ImportError> {
        let n = self.players.len();
        let mut total = vec![Amount::ZERO; n];
        let mut live = vec![Amount::ZERO; n];
        let mut folded = vec![false; n];
        let mut round = vec![Amount::ZERO; n];
        let mut hole_cards = false;
        let mut last_line = game_line;
        let mut after_last_action = 0;
        let mut dealt_board: Vec<String> = Vec::new();
        for r in rounds {
            let no = r.attr("no").and_then(digits).unwrap_or(0);
            if no >= 2 {
                round.iter_mut().for_each(|x| *x = Amount::ZERO);
                self.street(r, no, board, &mut dealt_board, out)?;
            }
            if no >= 1 && !hole_cards {
                self.hole_cards(r.line, pockets, out);
                hole_cards = true;
            }
            let mut actions: Vec<&Element> = r.children("action").collect();
            actions.sort_by_key(|a| a.attr("no").and_then(digits).unwrap_or(0));
            for a in actions {
                last_line = a.line;
                let name = a.attr("player").unwrap_or("");
                let i = self.index(name, a.line)?;
                let kind = a
                    .attr("type")
                    .ok_or_else(|| self.err(a.line, malformed("an action with a `type`", name)))?;
                let sum =
                    amount_of(a.attr("sum").unwrap_or("0")).map_err(|k| self.err(a.line, k))?;
                let before = round.iter().copied().max().unwrap_or(Amount::ZERO);
                let had = round.get(i).copied().unwrap_or_default();
                let too_large = || {
                    self.err(
                        a.line,
                        Kind::Amount {
                            text: shorten(a.attr("sum").unwrap_or("")),
                            reason: "too large",
                        },
                    )
                };
                let mut add = |x: Amount, counts: bool| -> Result<(Amount, bool), ImportError> {
                    let t = total.get_mut(i).ok_or_else(too_large)?;
                    *t = t.checked_add(x).ok_or_else(too_large)?;
                    let all_in = self.players.get(i).is_some_and(|p| *t == p.chips);
                    let r = round.get_mut(i).ok_or_else(too_large)?;
                    if counts {
                        *r = r.checked_add(x).ok_or_else(too_large)?;
                        let l = live.get_mut(i).ok_or_else(too_large)?;
                        *l = l.checked_add(x).ok_or_else(too_large)?;
                    }
                    Ok((*r, all_in))
                };
                let ai = |b: bool| if b { " and is all-in" } else { "" };
                // The forms that add `sum` as they say: the verb, and whether it
                // counts in the round (an ante does not).
                let plain = match kind {
                    "1" => Some(("posts small blind", true)),
                    "2" => Some(("posts big blind", true)),
                    "15" => Some(("posts the ante", false)),
                    "3" => Some(("calls", true)),
                    "5" => Some(("bets", true)),
                    _ => None,
                };
                let text = match (kind, plain) {
                    // A big blind and the small blind dead posted together, as one sum.
                    ("2", _) if Some(sum) == self.stakes.0.checked_add(self.stakes.1) => {
                        add(self.stakes.0, false)?;
                        let (_, all) = add(self.stakes.1, true)?;
                        format!(
                            "{name}: posts small & big blinds {}{}",
                            self.money(sum),
                            ai(all)
                        )
                    }
                    (_, Some((verb, counts))) => {
                        let (_, all) = add(sum, counts)?;
                        format!("{name}: {verb} {}{}", self.money(sum), ai(all))
                    }
                    ("8", _) => continue,
                    ("0", _) => {
                        if let Some(f) = folded.get_mut(i) {
                            *f = true;
                        }
                        format!("{name}: folds")
                    }
                    ("4", _) => format!("{name}: checks"),
                    ("23", _) => {
                        let added = Amount(sum.0.checked_sub(had.0).ok_or_else(|| {
                            self.err(
                                a.line,
                                Kind::Amount {
                                    text: shorten(a.attr("sum").unwrap_or("")),
                                    reason: "a raise to less than the player has in the round",
                                },
                            )
                        })?);
                        let (now, all) = add(added, true)?;
                        format!(
                            "{name}: raises {} to {}{}",
                            self.money(Amount(now.0.saturating_sub(before.0))),
                            self.money(now),
                            ai(all)
                        )
                    }
                    ("7", _) => {
                        let (now, _) = add(sum, true)?;
                        if before == Amount::ZERO {
                            format!("{name}: bets {} and is all-in", self.money(sum))
                        } else if now <= before {
                            format!("{name}: calls {} and is all-in", self.money(sum))
                        } else {
                            format!(
                                "{name}: raises {} to {} and is all-in",
                                self.money(Amount(now.0.saturating_sub(before.0))),
                                self.money(now)
                            )
                        }
                    }
                    (other, _) => {
                        return Err(self.err(
                            a.line,
                            Kind::Unsupported(format!("the iPoker action type {}", shorten(other))),
                        ));
                    }
                };
                let acted_now = !text.contains(": posts ");
                out.push((a.line, text));
                if acted_now {
                    after_last_action = out.len();
                }
            }
        }
        Ok(Played {
            total,
            live,
            folded,
            last_line,
            after_last_action,
            dealt_board,
        })
    }

    /// Each player's `bet` checked against the play, the uncalled bet, the
    /// showdown, the collections and the summary, into `out`.
    fn summary(
        &self,
        played: Played,
        acted: &[bool],
        pockets: &[Option<Vec<String>>],
        out: &mut Vec<(u32, String)>,
    ) -> Result<(), ImportError> {
        let Played {
            total,
            live,
            folded,
            last_line,
            after_last_action,
            dealt_board,
        } = played;
        let n = self.players.len();
        // Each player's `bet` is what the actions put in.
        for (i, p) in self.players.iter().enumerate() {
            let t = total.get(i).copied().unwrap_or_default();
            if t != p.bet && !self.later_client {
                return Err(self.err(
                    p.line,
                    Kind::Disagreement {
                        action: "bet".to_string(),
                        rule: "H6".to_string(),
                        reason: format!(
                            "{} bets {} in the hand but its actions put in {}",
                            p.name,
                            self.money(p.bet),
                            self.money(t)
                        ),
                    },
                ));
            }
        }
        // The unmatched part of the largest live contribution goes back (B16).
        let (top, returned) = super::super::unmatched(&live);
        let top_name = self.players.get(top).map_or("", |p| p.name.as_str());
        if returned > Amount::ZERO {
            let at = if after_last_action == 0 {
                out.len()
            } else {
                after_last_action
            };
            let line_no = out.get(at.saturating_sub(1)).map_or(last_line, |(l, _)| *l);
            out.insert(
                at,
                (
                    line_no,
                    format!(
                        "Uncalled bet ({}) returned to {top_name}",
                        self.money(returned)
                    ),
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
        let mut collected = Amount::ZERO;
        let mut wins: Vec<(u32, String)> = Vec::new();
        for (i, p) in self.players.iter().enumerate() {
            let mut w = p.win;
            if i == top && returned > Amount::ZERO && !self.later_client {
                w = Amount(w.0.checked_sub(returned.0).ok_or_else(|| {
                    self.err(
                        p.line,
                        Kind::Disagreement {
                            action: "win".to_string(),
                            rule: "B16".to_string(),
                            reason: format!(
                                "{} wins {}, less than the {} returned uncalled",
                                p.name,
                                self.money(p.win),
                                self.money(returned)
                            ),
                        },
                    )
                })?);
            }
            if w > Amount::ZERO {
                collected = Amount(collected.0.saturating_add(w.0));
                wins.push((
                    p.line,
                    format!("{} collected {} from pot", p.name, self.money(w)),
                ));
            }
        }
        if collected > pot {
            return Err(self.err(
                last_line,
                Kind::Disagreement {
                    action: "pot".to_string(),
                    rule: "H6".to_string(),
                    reason: format!(
                        "the self.players win {} from a pot of {}",
                        self.money(collected),
                        self.money(pot)
                    ),
                },
            ));
        }
        let still_in: Vec<usize> = (0..n)
            .filter(|&i| {
                acted.get(i).copied().unwrap_or(false) && !folded.get(i).copied().unwrap_or(true)
            })
            .collect();
        if still_in.len() > 1 {
            out.push((last_line, "*** SHOW DOWN ***".to_string()));
            let mut mucks = Vec::new();
            for &i in &still_in {
                let Some(p) = self.players.get(i) else {
                    continue;
                };
                match pockets.get(i) {
                    Some(Some(c)) => {
                        out.push((p.line, format!("{}: shows [{}]", p.name, c.join(" "))))
                    }
                    _ => mucks.push((p.line, format!("{}: mucks hand", p.name))),
                }
            }
            out.extend(mucks);
        }
        out.extend(wins);
        out.push((last_line, "*** SUMMARY ***".to_string()));
        let rake = Amount(pot.0.saturating_sub(collected.0));
        let mut summary = String::new();
        let _ = write!(
            summary,
            "Total pot {} | Rake {}",
            self.money(pot),
            self.money(rake)
        );
        out.push((last_line, summary));
        if !dealt_board.is_empty() {
            out.push((last_line, format!("Board [{}]", dealt_board.join(" "))));
        }
        Ok(())
    }
}
