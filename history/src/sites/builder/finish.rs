//! The summary checked against the play, and the finished history.

use super::*;

impl<'h> Builder<'h> {
    /// Older files (2005-era) write no `Uncalled bet ... returned` line: the
    /// return is implicit and the summary's total pot tells it. When what the
    /// players put in exceeds the total pot by exactly the bets no one matched,
    /// those bets go back to their players (B14); otherwise the text keeps them in
    /// the pot and the replay check says where it disagrees.
    fn return_implicit_bets(&mut self) {
        let pending: u64 = self.book.unreturned.iter().sum();
        if pending == 0 {
            return;
        }
        let put: u64 = self
            .starting
            .iter()
            .zip(&self.book.stack)
            .map(|(s, left)| s.saturating_sub(*left))
            .sum();
        let kept: u64 = self.kept.iter().sum();
        if put + kept != self.v(self.hand.summary.total_pot) + pending {
            return;
        }
        for (left, back) in self.book.stack.iter_mut().zip(&self.book.unreturned) {
            *left += back;
        }
    }

    /// The summary: each seat's winnings and cards, the boards.
    pub(super) fn summary(&mut self) -> Result<(), ImportError> {
        let hand = self.hand;
        self.give_up_claims();
        self.close_round();
        self.return_implicit_bets();
        for s in &hand.summary.seats {
            if let Some(p) = self.player_of(s.seat) {
                let known = self.known.get(p).copied().unwrap_or([None, None]);
                let room = known.iter().filter(|c| c.is_none()).count();
                let new = s
                    .cards
                    .iter()
                    .filter(|&&c| !known.contains(&Some(c)))
                    .count();
                if new > room {
                    let was: CardList = known.iter().flatten().copied().collect();
                    self.contradiction(
                        s.line,
                        "summary",
                        "H5",
                        format!(
                            "the summary shows {} but the hand showed {}",
                            card_text(&s.cards),
                            card_text(&was)
                        ),
                        "the cards the hand showed",
                    )?;
                } else {
                    learn(&mut self.known, p, &s.cards);
                }
                let won: u64 = s.won.iter().map(|&a| self.v(a)).sum();
                let got = self.collected.get(p).copied().unwrap_or(0);
                if won != got {
                    return Err(self.disagree_at(
                        s.line,
                        "summary",
                        "H5",
                        format!("the summary says won {won}, the hand says collected {got}"),
                    ));
                }
            }
        }
        let line = hand.summary.line;
        // What the text kept in the pot over an all-in comes back in the raiser's
        // collection: it is no part of the pot the replay plays.
        for p in 0..self.kept.len() {
            let kept = self.kept.get(p).copied().unwrap_or(0);
            let got = self.collected.get(p).copied().unwrap_or(0);
            if kept > got {
                return Err(self.disagree_at(
                    line,
                    "summary",
                    "B15",
                    format!(
                        "{kept} put in over an all-in no one could match, but the player collects {got}"
                    ),
                ));
            }
            if let Some(c) = self.collected.get_mut(p) {
                *c = got - kept;
            }
        }
        // A pot holds at most the chips in play (P1), whatever a site's summary
        // writes; nor can the rake be more than the pot.
        let (rake, pot) = (hand.summary.rake, hand.summary.total_pot);
        let in_play: u64 = self.starting.iter().sum();
        if self.v(pot) > in_play || rake.0 > pot.0 {
            return Err(self.disagree_at(
                line,
                "pot",
                "P1",
                format!(
                    "a total pot of {pot} and a rake of {rake} with {} in play",
                    self.unit.format(in_play)
                ),
            ));
        }
        // No site takes more than a tenth of a pot (PokerStars: 5%, capped), give
        // or take the rounding of a cent.
        if rake.0 > pot.0 / 10 + 1 && !self.site.jackpot_drop {
            self.contradiction(
                line,
                "rake",
                "B23",
                format!("a rake of {rake} from a pot of {pot}"),
                "the rake as written",
            )?;
        }
        if self.run_twice
            && (self.shared.is_none() || self.first_board.is_none() || !hand.summary.run_twice)
        {
            return Err(self.disagree_at(
                line,
                "board",
                "H5",
                "the hand was run twice but the text does not deal two boards and say so".into(),
            ));
        }
        // The boards the streets dealt: the first run's then the second's when run
        // twice.
        let dealt_boards: ArrayVec<&CardList, 2> =
            self.first_board.iter().chain([&self.board]).collect();
        if !hand.summary.boards.is_empty() && hand.summary.boards.len() != dealt_boards.len() {
            return Err(self.disagree_at(
                line,
                "board",
                "H5",
                format!(
                    "the summary lists {} boards, the streets dealt {}",
                    hand.summary.boards.len(),
                    dealt_boards.len()
                ),
            ));
        }
        for (summary_board, board) in hand.summary.boards.iter().zip(dealt_boards) {
            if summary_board.as_slice() != board.as_slice() {
                return Err(self.disagree_at(
                    line,
                    "board",
                    "H5",
                    format!(
                        "the summary's board is {}, the streets dealt {}",
                        card_text(summary_board),
                        card_text(board)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The history: the hole cards dealt before the first action after them, the
    /// stakes, the metadata.
    pub(super) fn finish(self) -> Imported {
        let hand = self.hand;
        let n = self.order.len();
        let mut actions = self.actions;
        let mut action_lines = self.action_lines;
        // The deal, before the first action after the hole cards.
        let deals = self.known.iter().enumerate().map(|(p, k)| Action {
            kind: ActionKind::DealHole {
                player: player(p),
                cards: Cards(k.iter().copied().collect()),
            },
            comment: None,
        });
        let at = self.deal_at.min(actions.len());
        actions.splice(at..at, deals);
        action_lines.splice(at..at, std::iter::repeat_n(self.hole_line, n));

        let scale = self.scale;
        let v = |a: Amount| a.0 / scale;
        let collected_total: u64 = self.collected.iter().sum();
        let kept_total: u64 = self.kept.iter().sum();
        let final_stacks: Vec<u64> = self
            .book
            .stack
            .iter()
            .zip(&self.collected)
            .map(|(s, c)| s + c)
            .collect();
        let variant = match hand.header.limit {
            Limit::NoLimit => Variant::NoLimit,
            Limit::PotLimit | Limit::PotLimitPreFlopNoLimitPostFlop => Variant::PotLimit,
            Limit::FixedLimit => Variant::FixedLimit,
        };
        let bb_slot = if self.heads_up { 1 } else { self.bb_player };
        let stakes = match hand.header.limit {
            Limit::FixedLimit => Stakes::Limit {
                small_bet: v(hand.header.stakes.0),
                big_bet: v(hand.header.stakes.1),
            },
            _ => Stakes::MinBet(
                self.blinds
                    .get(bb_slot)
                    .copied()
                    .filter(|&b| b > 0)
                    .unwrap_or(v(hand.header.stakes.1)),
            ),
        };
        let unit = self.unit;
        let rake = v(hand.summary.rake);
        let mut meta = metadata(hand, self.site, &self.order, unit, rake);
        if let Some(c) = self.cap {
            meta.extra.push(ExtraField {
                key: self.site.cap_field.to_string(),
                toml: unit.format(c),
            });
        }
        let mut history = HandHistory {
            variant,
            unit,
            antes: self.antes,
            blinds_or_straddles: self.blinds,
            stakes,
            starting_stacks: self.starting,
            actions,
            // The stacks after rake, with the rake taken beside them: the replay
            // holds the gap to exactly that rake, from the winners (H4).
            finishing_stacks: Some(final_stacks.clone()),
            winnings: Some(self.collected),
            meta,
        };
        let mut house = TableRules::STANDARD;
        if self.run_twice {
            // A table that runs the board twice (B26).
            house.max_board_runs = 2;
        }
        if hand.header.limit == Limit::PotLimitPreFlopNoLimitPostFlop {
            // Mixed limits (B28).
            house.streets = Some([
                Variant::PotLimit,
                Variant::NoLimit,
                Variant::NoLimit,
                Variant::NoLimit,
            ]);
        }
        if self.site.odd_chips_from_highest_seat
            && (uneven_split(hand) || (!self.run_twice && tie_across_pots(hand, &self.board)))
        {
            // The site's order of a split pot's odd chips (P3): from the highest
            // table seat number down.
            let mut players: ArrayVec<u8, 16> = (0..self.order.len() as u8).collect();
            players.sort_by_key(|&p| {
                let seat = self.order.get(usize::from(p));
                std::cmp::Reverse(
                    seat.and_then(|&s| hand.seats.get(usize::from(s)))
                        .map(|s| s.number),
                )
            });
            house.odd_chips = OddChips::listing(&players);
        }
        history.set_table_rules(house);
        Imported {
            history,
            action_lines,
            seats: self.order.to_vec(),
            collected: collected_total,
            final_stacks,
            rake,
            total_pot: v(hand.summary.total_pot).saturating_sub(kept_total),
            summary_line: hand.summary.line,
            hand: hand.header.id,
            first_line: hand.first_line,
            repairs: self.repairs,
        }
    }
}

/// Who, where, when: the names, seats, hand and table, date and currency.
fn metadata(hand: &Hand, site: &Site, order: &[SeatIndex], unit: Unit, rake: u64) -> Metadata {
    let h = &hand.header;
    let mut meta = Metadata {
        players: Some(
            order
                .iter()
                .map(|&s| {
                    hand.seats
                        .get(usize::from(s))
                        .map_or(String::new(), |s| s.name.clone())
                })
                .collect(),
        ),
        seats: Some(
            order
                .iter()
                .map(|&s| hand.seats.get(usize::from(s)).map_or(0, |s| s.number))
                .collect(),
        ),
        seat_count: hand.table.max_seats.map(u32::from),
        hand: Some(h.id.to_string()),
        table: Some(crate::phh::quote(&hand.table.name)),
        currency: h.currency.code().map(str::to_string),
        currency_symbol: h.currency.symbol().map(|c| c.to_string()),
        ..Metadata::default()
    };
    if let Some(t) = h.times.first() {
        let (y, m, d) = t.date;
        let (hh, mm, ss) = t.time;
        meta.year = Some(i32::from(y));
        meta.month = Some(u32::from(m));
        meta.day = Some(u32::from(d));
        // (`HH:MM:SS` by hand: `format!` costs more than the rest of the metadata.)
        let mut time = String::with_capacity(8);
        for (i, v) in [hh, mm, ss].into_iter().enumerate() {
            if i > 0 {
                time.push(':');
            }
            time.push(char::from(b'0' + (v / 10) % 10));
            time.push(char::from(b'0' + v % 10));
        }
        meta.time = Some(time);
        if let Some(z) = &t.zone {
            meta.text
                .push(("time_zone_abbreviation".to_string(), z.clone()));
        }
    }
    if let Some(label) = &h.label {
        meta.extra.push(ExtraField {
            key: HAND_NAME_FIELD.to_string(),
            toml: crate::phh::quote(label),
        });
    }
    if let Some(t) = &h.tournament {
        meta.text.push((
            "event".to_string(),
            format!("{} tournament #{}", site.name, t.id),
        ));
    }
    if rake > 0 {
        meta.extra.push(ExtraField {
            key: crate::phh::RAKE_TAKEN_FIELD.to_string(),
            toml: unit.format(rake),
        });
    }
    meta
}

/// Whether two players collect unequal parts of one pot: a split with odd
/// chips (P3), whose order then matters.
fn uneven_split(hand: &Hand) -> bool {
    let mut seen: ArrayVec<(super::super::ast::PotName, Amount), 32> = ArrayVec::new();
    for l in &hand.events {
        if let Event::Collected { pot, amount, .. } = l.event {
            if seen.iter().any(|&(p, a)| p == pot && a != amount) {
                return true;
            }
            let _ = seen.try_push((pot, amount));
        }
    }
    false
}

/// Whether two players who collect from differently named pots showed hands of
/// equal strength on `board`: a split the text writes as one line a player
/// (Winamax sums a player's shares of the pots under one of their names), so
/// its odd chips, if any, are not seen in the text.
fn tie_across_pots(hand: &Hand, board: &CardList) -> bool {
    use holdem_cards::CardSet;
    if board.len() != 5 {
        return false;
    }
    let mut collectors: ArrayVec<(SeatIndex, super::super::ast::PotName), 16> = ArrayVec::new();
    for l in &hand.events {
        if let Event::Collected { seat, pot, .. } = l.event {
            let _ = collectors.try_push((seat, pot));
        }
    }
    if collectors.len() < 2 {
        return false;
    }
    let shown = |seat: SeatIndex| {
        hand.events.iter().rev().find_map(|l| match &l.event {
            Event::Shows { seat: s, cards } if *s == seat && cards.len() == 2 => Some(cards),
            _ => None,
        })
    };
    let evaluator = holdem_eval::Evaluator::new();
    let rank = |seat: SeatIndex| {
        let cards: CardSet = shown(seat)?.iter().chain(board.iter()).copied().collect();
        evaluator.evaluate(cards).ok()
    };
    collectors.iter().enumerate().any(|(i, &(a, pa))| {
        let Some(ra) = rank(a) else {
            return false;
        };
        collectors[i + 1..]
            .iter()
            .any(|&(b, pb)| pa != pb && a != b && rank(b) == Some(ra))
    })
}
