//! A game's rounds as events (the forced bets, the hole cards, the streets and
//! the actions), then its `bet` and `win` attributes checked against them and
//! read into the uncalled bet, the showdown, the collections and the summary.

use super::super::ast::{Event, Line, PostKind, PotName, Run, Street, Summary};
use super::game::{Act, Board, Game, Turns};
use super::*;

/// What the play leaves for the summary.
pub(super) struct Played {
    /// Each player's money in the pot: in all, and live (antes left out).
    total: Vec<Amount>,
    live: Vec<Amount>,
    folded: Vec<bool>,
    last_line: u32,
    /// The index in the events after the play's last action: an uncalled bet goes
    /// back there.
    after_last_action: usize,
    dealt_board: CardList,
}

/// A round's contributions as an action adds to them.
struct Money<'p> {
    total: &'p mut [Amount],
    live: &'p mut [Amount],
    round: &'p mut [Amount],
    chips: &'p [Amount],
}

impl Money<'_> {
    /// Adds `x` to player `i`'s money (to the round's and the live money when it
    /// `counts`: an ante does not); returns the player's money in the round and
    /// whether it is all their chips; `None` when the sum is too large.
    fn add(&mut self, i: usize, x: Amount, counts: bool) -> Option<(Amount, bool)> {
        let t = self.total.get_mut(i)?;
        *t = t.checked_add(x)?;
        let all_in = self.chips.get(i).is_some_and(|c| t == c);
        let r = self.round.get_mut(i)?;
        if counts {
            *r = r.checked_add(x)?;
            let l = self.live.get_mut(i)?;
            *l = l.checked_add(x)?;
        }
        Some((*r, all_in))
    }
}

impl Game<'_> {
    /// Round `no` (2 to 4)'s street, its cards from `board`.
    fn street(
        &mut self,
        r: Element<'_, '_>,
        no: u64,
        board: &Board<'_>,
        dealt: &mut CardList,
    ) -> Result<(), ImportError> {
        let name = match no {
            2 => "Flop",
            3 => "Turn",
            4 => "River",
            _ => return Err(self.err(r.line(), malformed("rounds 0 to 4", "<round>"))),
        };
        let Some(&(line, _, text)) = board.iter().find(|(_, k, _)| *k == name) else {
            return Err(self.err(r.line(), Kind::Truncated("the round's board cards")));
        };
        // The PokerStars form: the flop when nothing is dealt yet, else the board
        // so far and the round's cards.
        let street = match (dealt.is_empty(), no) {
            (true, _) => Street::Flop,
            (false, 2) => {
                self.note(line, malformed("nothing after the flop's cards", text));
                return Ok(());
            }
            (false, 3) => Street::Turn,
            (false, _) => Street::River,
        };
        let cards = match card_list(text) {
            Ok(c) => c,
            Err(k) => {
                self.note(line, k);
                return Ok(());
            }
        };
        let (want, before_want) = match street {
            Street::Flop => (3, 0),
            Street::Turn => (1, 3),
            Street::River => (1, 4),
        };
        if cards.len() != want || dealt.len() != before_want {
            let reason = format!(
                "this street shows {before_want} earlier cards and deals {want}, not {} and {}",
                dealt.len(),
                cards.len()
            );
            self.note(
                line,
                Kind::Cards {
                    text: shorten(text),
                    reason,
                },
            );
        }
        let before = dealt.clone();
        for &c in &cards {
            if dealt.try_push(c).is_err() {
                self.note(
                    line,
                    Kind::Cards {
                        text: shorten(text),
                        reason: "more than five cards".to_string(),
                    },
                );
            }
        }
        self.push(
            line,
            Event::Board {
                street,
                run: Run::Only,
                cards,
                before,
            },
        );
        Ok(())
    }

    /// The cards of a player's `text` (two, as [`shown`] counted), or `None`
    /// with the refusal noted.
    fn two_cards(&mut self, line: u32, text: &str) -> Option<CardList> {
        match card_list(text) {
            Ok(c) => Some(c),
            Err(k) => {
                self.note(line, k);
                None
            }
        }
    }

    /// `*** HOLE CARDS ***` and the known hole cards: those of a player who does
    /// not reach a showdown are the hero's (written in the text, so kept).
    fn hole_cards(&mut self, line: u32, pockets: &[Option<&str>]) {
        self.push(line, Event::HoleCards);
        for (i, text) in pockets.iter().enumerate() {
            let (Some(text), Ok(seat)) = (text, u8::try_from(i)) else {
                continue;
            };
            if let Some(&[a, b]) = self.two_cards(line, text).as_deref() {
                self.push(
                    line,
                    Event::Dealt {
                        seat,
                        cards: [a, b],
                    },
                );
            }
        }
    }

    /// The rounds' actions as events, each checked against the player's stack.
    pub(super) fn play(
        &mut self,
        game_line: u32,
        rounds: &[(u64, Element<'_, '_>)],
        turns: &mut Turns<'_, '_>,
    ) -> Result<Played, ImportError> {
        let n = self.players.len();
        let chips: Vec<Amount> = self.players.iter().map(|p| p.chips).collect();
        let (mut total, mut live, mut round) = (
            vec![Amount::ZERO; n],
            vec![Amount::ZERO; n],
            vec![Amount::ZERO; n],
        );
        let mut folded = vec![false; n];
        let mut hole_cards = false;
        let mut last_line = game_line;
        let mut after_last_action = 0;
        let mut dealt_board = CardList::new();
        let Turns {
            pockets,
            board,
            acts,
            ..
        } = turns;
        let mut from = 0;
        for (i, &(no, r)) in rounds.iter().enumerate() {
            if no >= 2 {
                round.iter_mut().for_each(|x| *x = Amount::ZERO);
                self.street(r, no, board, &mut dealt_board)?;
            }
            if no >= 1 && !hole_cards {
                self.hole_cards(r.line(), pockets);
                hole_cards = true;
            }
            // The round's actions in the order of their numbers.
            let count = acts
                .get(from..)
                .map_or(0, |a| a.iter().take_while(|a| a.round == i).count());
            let actions = acts.get_mut(from..from + count).unwrap_or_default();
            from += count;
            actions.sort_by_key(|a| a.no);
            for &a in &*actions {
                last_line = a.element.line();
                let mut money = Money {
                    total: &mut total,
                    live: &mut live,
                    round: &mut round,
                    chips: &chips,
                };
                let Some(event) = self.action(a, &mut money, &mut folded)? else {
                    continue;
                };
                let acted = !matches!(event, Event::Post { .. });
                self.push(a.element.line(), event);
                if acted {
                    after_last_action = self.events.len();
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

    /// One `<action>` as its event (`None` for sitting out).
    fn action(
        &mut self,
        a: Act<'_, '_>,
        money: &mut Money<'_>,
        folded: &mut [bool],
    ) -> Result<Option<Event>, ImportError> {
        let line = a.element.line();
        let i = a.who;
        let seat = u8::try_from(i).unwrap_or(u8::MAX);
        let kind = a
            .kind
            .ok_or_else(|| self.err(line, malformed("an action with a `type`", a.name)))?;
        let sum_attr = a.element.attr("sum");
        let sum = amount_of(sum_attr.unwrap_or("0")).map_err(|k| self.err(line, k))?;
        let sum_text = sum_attr.unwrap_or("");
        let before = money.round.iter().copied().max().unwrap_or(Amount::ZERO);
        let had = money.round.get(i).copied().unwrap_or_default();
        let too_large = || {
            self.err(
                line,
                Kind::Amount {
                    text: shorten(sum_text),
                    reason: "too large",
                },
            )
        };
        let mut add = |x: Amount, counts: bool| money.add(i, x, counts).ok_or_else(too_large);
        let post = |kind: PostKind, amount: Amount, all_in: bool| Event::Post {
            seat,
            kind,
            amount,
            all_in,
        };
        let event = match kind {
            // A big blind and the small blind dead posted together, as one sum.
            "2" if Some(sum) == self.stakes.0.checked_add(self.stakes.1) => {
                add(self.stakes.0, false)?;
                let (_, all) = add(self.stakes.1, true)?;
                post(PostKind::SmallAndBig, sum, all)
            }
            "1" => post(PostKind::SmallBlind, sum, add(sum, true)?.1),
            "2" => post(PostKind::BigBlind, sum, add(sum, true)?.1),
            "15" => post(PostKind::Ante, sum, add(sum, false)?.1),
            "3" => Event::Call {
                seat,
                amount: sum,
                all_in: add(sum, true)?.1,
            },
            "5" => Event::Bet {
                seat,
                amount: sum,
                all_in: add(sum, true)?.1,
            },
            "8" => return Ok(None),
            "0" => {
                if let Some(f) = folded.get_mut(i) {
                    *f = true;
                }
                Event::Fold {
                    seat,
                    shown: CardList::new(),
                }
            }
            "4" => Event::Check { seat },
            "23" => {
                let added = Amount(sum.0.checked_sub(had.0).ok_or_else(|| {
                    self.err(
                        line,
                        Kind::Amount {
                            text: shorten(sum_text),
                            reason: "a raise to less than the player has in the round",
                        },
                    )
                })?);
                let (now, all_in) = add(added, true)?;
                Event::Raise {
                    seat,
                    by: Amount(now.0.saturating_sub(before.0)),
                    to: now,
                    all_in,
                }
            }
            "7" => {
                let (now, _) = add(sum, true)?;
                if before == Amount::ZERO {
                    Event::Bet {
                        seat,
                        amount: sum,
                        all_in: true,
                    }
                } else if now <= before {
                    Event::Call {
                        seat,
                        amount: sum,
                        all_in: true,
                    }
                } else {
                    Event::Raise {
                        seat,
                        by: Amount(now.0.saturating_sub(before.0)),
                        to: now,
                        all_in: true,
                    }
                }
            }
            other => {
                return Err(self.err(
                    line,
                    Kind::Unsupported(format!("the iPoker action type {}", shorten(other))),
                ));
            }
        };
        if let Event::Raise { by, to, .. } = event {
            self.written(line, by);
            self.written(line, to);
        }
        Ok(Some(event))
    }

    /// Each player's `bet` checked against the play, the uncalled bet, the
    /// showdown, the collections and the summary.
    pub(super) fn summary(
        &mut self,
        played: Played,
        acted: &[bool],
        pockets: &[Option<&str>],
    ) -> Result<Summary, ImportError> {
        let Played {
            total,
            live,
            folded,
            last_line,
            after_last_action,
            dealt_board,
        } = played;
        // Each player's `bet` is what the actions put in.
        for (p, &t) in self.players.iter().zip(&total) {
            if t != p.bet && !self.later_client {
                let reason = format!(
                    "{} bets {} in the hand but its actions put in {}",
                    p.name,
                    self.money(p.bet),
                    self.money(t)
                );
                return Err(self.err(p.line, disagreement("bet", "H6", reason)));
            }
        }
        // The unmatched part of the largest live contribution goes back (B16).
        let (top, returned) = super::super::unmatched(&live);
        if returned > Amount::ZERO {
            self.uncalled(top, returned, after_last_action);
        }
        let pot = Amount(
            total
                .iter()
                .map(|a| a.0)
                .sum::<u64>()
                .saturating_sub(returned.0),
        );
        let mut collected = Amount::ZERO;
        let mut wins: Vec<Line> = Vec::new();
        for (i, p) in self.players.iter().enumerate() {
            let mut w = p.win;
            if i == top && returned > Amount::ZERO && !self.later_client {
                w = Amount(w.0.checked_sub(returned.0).ok_or_else(|| {
                    let reason = format!(
                        "{} wins {}, less than the {} returned uncalled",
                        p.name,
                        self.money(p.win),
                        self.money(returned)
                    );
                    self.err(p.line, disagreement("win", "B16", reason))
                })?);
            }
            if w > Amount::ZERO {
                collected = Amount(collected.0.saturating_add(w.0));
                wins.push(Line {
                    line: p.line,
                    event: Event::Collected {
                        seat: u8::try_from(i).unwrap_or(u8::MAX),
                        amount: w,
                        pot: PotName::Pot,
                    },
                });
            }
        }
        if collected > pot {
            let reason = format!(
                "the self.players win {} from a pot of {}",
                self.money(collected),
                self.money(pot)
            );
            return Err(self.err(last_line, disagreement("pot", "H6", reason)));
        }
        self.show_down(last_line, acted, &folded, pockets);
        self.events.extend(wins);
        Ok(self.summary_of(last_line, pot, collected, dealt_board))
    }

    /// `Uncalled bet (X) returned to NAME` after the last action.
    fn uncalled(&mut self, top: usize, returned: Amount, after_last_action: usize) {
        let at = if after_last_action == 0 {
            self.events.len()
        } else {
            after_last_action
        };
        let line = match at.checked_sub(1).and_then(|i| self.events.get(i)) {
            Some(l) => l.line,
            None => self.players.last().map_or(0, |p| p.line),
        };
        // The refusals noted from `at` on move with their events.
        for (i, _) in &mut self.noted {
            if *i >= at {
                *i = i.saturating_add(1);
            }
        }
        let before = self.noted.len();
        let amount = self.written(line, returned);
        if let Some((i, _)) = self.noted.get_mut(before) {
            *i = at;
        }
        self.noted.sort_by_key(|(i, _)| *i);
        let event = Event::Uncalled {
            seat: u8::try_from(top).unwrap_or(u8::MAX),
            amount,
        };
        self.events
            .insert(at.min(self.events.len()), Line { line, event });
    }

    /// `*** SHOW DOWN ***` when more than one player is still in: the cards of
    /// each shown, then the others' mucks.
    fn show_down(&mut self, line: u32, acted: &[bool], folded: &[bool], pockets: &[Option<&str>]) {
        let still_in = |i: usize| {
            acted.get(i).copied().unwrap_or(false) && !folded.get(i).copied().unwrap_or(true)
        };
        let n = self.players.len();
        if (0..n).filter(|&i| still_in(i)).count() < 2 {
            return;
        }
        self.push(line, Event::ShowDown(Run::Only));
        let mut mucks = Vec::new();
        for i in (0..n).filter(|&i| still_in(i)) {
            let (Some(p_line), Ok(seat)) = (self.players.get(i).map(|p| p.line), u8::try_from(i))
            else {
                continue;
            };
            match pockets.get(i) {
                Some(Some(text)) => {
                    if let Some(cards) = self.two_cards(p_line, text) {
                        self.push(p_line, Event::Shows { seat, cards });
                    }
                }
                _ => mucks.push(Line {
                    line: p_line,
                    event: Event::Mucks {
                        seat,
                        cards: CardList::new(),
                    },
                }),
            }
        }
        self.events.extend(mucks);
    }

    /// The summary: the pot, the rake and the board.
    fn summary_of(
        &mut self,
        line: u32,
        pot: Amount,
        collected: Amount,
        dealt_board: CardList,
    ) -> Summary {
        let rake = Amount(pot.0.saturating_sub(collected.0));
        // (Refused after the order of the sections, as the summary's lines are.)
        let at = self.noted.len();
        self.written(line, pot);
        self.written(line, rake);
        let twice = dealt_board
            .iter()
            .enumerate()
            .find(|&(i, c)| dealt_board.get(..i).is_some_and(|b| b.contains(c)));
        if let Some((_, c)) = twice {
            let text = dealt_board
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>();
            let reason = format!("{c} is written twice");
            self.note(
                line,
                Kind::Cards {
                    text: text.join(" "),
                    reason,
                },
            );
        }
        for (i, _) in self.noted.iter_mut().skip(at) {
            *i = usize::MAX;
        }
        let mut boards = arrayvec::ArrayVec::new();
        if !dealt_board.is_empty() {
            boards.push(dealt_board);
        }
        Summary {
            total_pot: pot,
            rake,
            boards,
            line,
            ..Summary::default()
        }
    }
}

/// The text's `action` disagreeing with the rule `rule`.
fn disagreement(action: &str, rule: &str, reason: String) -> Kind {
    Kind::Disagreement {
        action: action.to_string(),
        rule: rule.to_string(),
        reason,
    }
}
