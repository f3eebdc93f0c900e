//! The start, seat draws and rounds, hands starting and finishing, placings and settlement.

use super::*;

impl Tournament {
    pub(super) fn start(&mut self, at: Ms, rng: &mut dyn RngCore, ev: &mut Vec<TourneyEvent>) {
        let n = self.entrants.len() as u32;
        let pool = self.ledger.prize_pool;
        // T5: the prize table is fixed now that registration is closed (if late
        // registration, re-entry or rebuys are open, it is provisional until
        // they close).
        self.prizes = PrizeTable::fix(&self.cfg.event.payouts, pool, n).unwrap_or_default();
        self.clock = Clock::start(self.cfg.event.structure.clone(), at).ok();
        self.phase = Phase::Running;
        self.start_at = at;
        self.remaining = n;
        let stack = self.cfg.entry.starting_stack;
        for &p in &self.entrants {
            self.stacks.insert(p, stack);
            self.status.insert(p, Status::default());
        }
        self.chips_issued = bounded_mul(stack, u64::from(n));
        let players = self.entrants.clone();
        self.seat_round(&players, rng, ev);
        self.open = self.compute_entries_open();
        ev.push(TourneyEvent::Started {
            entrants: n,
            prize_pool: pool,
            paid_places: self.prizes.paid_places(),
            tables: self.seating.table_count() as u32,
        });
        self.update_hand_for_hand(ev);
        self.start_hands(rng, ev);
    }

    /// Seats `players` for the start or for a new round.
    pub(super) fn seat_round(
        &mut self,
        players: &[PlayerId],
        rng: &mut dyn RngCore,
        ev: &mut Vec<TourneyEvent>,
    ) {
        let size = self.cfg.event.table_size;
        let mut byes = Vec::new();
        let seating = match self.cfg.event.format {
            Format::HeadsUp => {
                let pairs = if self.round == 0 {
                    match bracket::first_round(players, rng) {
                        Some(r) => {
                            byes = r.byes;
                            r.matches
                        }
                        None => Vec::new(),
                    }
                } else {
                    bracket::next_round(players, rng)
                };
                let tables: Vec<_> = pairs
                    .iter()
                    .map(|&(a, b)| (vec![Some(a), Some(b)], None))
                    .collect();
                Seating::from_tables(2, &tables)
            }
            _ => Seating::draw(players, size, rng),
        };
        let Ok(seating) = seating else { return };
        self.seating = seating
            .with_button_rule(self.cfg.button.into())
            .with_moved_player(self.cfg.moved_player)
            .renumbered(self.table_ids_used);
        self.table_ids_used += self.seating.table_count() as u32;
        if self.cfg.event.format.is_rounds() {
            self.round += 1;
            self.advanced = byes.clone();
            ev.push(TourneyEvent::RoundStarted {
                round: self.round,
                byes,
            });
        }
        let mut seated: Vec<_> = self
            .seating
            .tables()
            .flat_map(|t| {
                let id = t.id();
                t.players()
                    .map(move |(seat, p)| (p, crate::seating::SeatRef { table: id, seat }))
            })
            .collect();
        seated.sort_unstable_by_key(|&(_, at)| at);
        for (player, at) in seated {
            ev.push(TourneyEvent::Seated { player, at });
        }
    }

    // ---- hands --------------------------------------------------------------

    pub(super) fn start_hands(&mut self, rng: &mut dyn RngCore, ev: &mut Vec<TourneyEvent>) {
        if self.phase != Phase::Running {
            return;
        }
        if self
            .clock
            .as_ref()
            .is_some_and(|c| c.break_state() != BreakState::Playing)
        {
            return;
        }
        if self.hand_for_hand && !self.hands.is_empty() {
            // T10: no table starts a new hand until all tables finished theirs.
            return;
        }
        if self.deal.is_some() {
            // T15: play stops while a deal is discussed.
            return;
        }
        let idle: Vec<TableId> = self
            .seating
            .idle_tables()
            .filter(|t| self.seating.table(*t).is_some_and(|t| t.count() >= 2))
            .collect();
        let Some(level) = self.clock.as_ref().map(Clock::level) else {
            return;
        };
        for table in idle {
            let Ok(lineup) = self.seating.start_hand(table, rng) else {
                continue;
            };
            let hand = self.next_hand;
            self.next_hand += 1;
            let stacks: Vec<(PlayerId, Chips)> = lineup
                .dealt
                .iter()
                .map(|&(_, p)| (p, self.stacks.get(&p).copied().unwrap_or_default()))
                .collect();
            if self.open {
                // T3: a player dealt a hand can no longer unregister.
                for &(_, p) in &lineup.dealt {
                    if let Some(a) = self.accounts.get_mut(&p) {
                        a.played = true;
                    }
                }
            }
            let away: Vec<PlayerId> = lineup
                .dealt
                .iter()
                .filter(|(_, p)| self.status.get(p).is_some_and(Status::away))
                .map(|&(_, p)| p)
                .collect();
            self.hands.insert(
                table,
                RunningHand {
                    hand,
                    dealt: stacks.clone(),
                    synchronized: self.hand_for_hand,
                },
            );
            ev.push(TourneyEvent::HandStarted {
                table,
                hand,
                level,
                lineup,
                stacks,
                away,
                hand_for_hand: self.hand_for_hand,
            });
        }
    }

    pub(super) fn hand_finished(
        &mut self,
        table: TableId,
        hand: u64,
        stacks: &[(PlayerId, Chips)],
        rng: &mut dyn RngCore,
        ev: &mut Vec<TourneyEvent>,
    ) {
        let Some(rh) = self.hands.remove(&table) else {
            return;
        };
        self.seating.set_busy(table, false);
        self.stats.hands += 1;
        ev.push(TourneyEvent::HandFinished { table, hand });
        let at_table: Vec<PlayerId> = self
            .waits
            .iter()
            .filter(|(_, w)| w.table == table)
            .map(|(p, _)| *p)
            .collect();
        for p in at_table {
            self.close_wait(p);
        }
        let mut busted = Vec::new();
        for &(p, c) in stacks {
            let mut c = c;
            if !self.deferred_chips.is_empty() {
                if let Some(add) = self.deferred_chips.remove(&p) {
                    // T4: a rebuy or add-on bought during the hand lands now; a
                    // player who lost every chip in it stays in.
                    c = bounded_add(c, add);
                    self.chips_issued = bounded_add(self.chips_issued, add);
                    ev.push(TourneyEvent::ChipsAdded {
                        player: p,
                        chips: add,
                    });
                }
            }
            if c.is_zero() {
                let start = rh
                    .dealt
                    .iter()
                    .find(|d| d.0 == p)
                    .map_or(Chips::ZERO, |d| d.1);
                busted.push((p, start));
                self.stacks.remove(&p);
                self.status.remove(&p);
                let _ = self.seating.remove(p);
            } else {
                self.stacks.insert(p, c);
            }
        }
        if self.cfg.event.format.is_rounds() {
            self.pending.extend(busted);
            self.away_rule(table, &rh, ev);
        } else if rh.synchronized {
            // T9: in hand-for-hand, knock-outs in one synchronized hand are
            // simultaneous across tables: ranked together when all tables finish.
            self.pending.extend(busted);
        } else if !busted.is_empty() {
            if self.open {
                self.defer_busts(busted, ev);
            } else {
                self.place(&busted, ev);
            }
        }
        if !self.cfg.event.format.is_rounds() {
            let changes = self.seating.rebalance(self.cfg.event.break_policy, rng);
            self.report_moves(changes, ev);
        }
        self.settle(rng, ev);
    }

    pub(super) fn report_moves(&mut self, changes: Vec<SeatingChange>, ev: &mut Vec<TourneyEvent>) {
        for c in changes {
            match c {
                SeatingChange::Moved {
                    player,
                    from,
                    to,
                    reason,
                } => {
                    self.stats.players_moved += 1;
                    ev.push(TourneyEvent::PlayerMoved {
                        player,
                        from,
                        to,
                        reason,
                    });
                }
                SeatingChange::TableBroken { table } => {
                    self.stats.tables_broken += 1;
                    ev.push(TourneyEvent::TableBroken { table });
                }
                SeatingChange::FinalTable { table } => ev.push(TourneyEvent::FinalTable { table }),
            }
        }
    }

    /// T14: in shootout and heads-up events, a table where every player has been
    /// away for the configured number of hands ends; the biggest stack advances.
    pub(super) fn away_rule(
        &mut self,
        table: TableId,
        rh: &RunningHand,
        ev: &mut Vec<TourneyEvent>,
    ) {
        if self.cfg.event.away_hands_limit == 0 {
            return;
        }
        let all_away = rh
            .dealt
            .iter()
            .all(|(p, _)| self.status.get(p).is_none_or(Status::away));
        let n = self.away_hands.entry(table).or_insert(0);
        *n = if all_away { *n + 1 } else { 0 };
        if *n < self.cfg.event.away_hands_limit {
            return;
        }
        let Some(t) = self.seating.table(table) else {
            return;
        };
        let mut at_table: Vec<(PlayerId, Chips)> = t
            .players()
            .map(|(_, p)| (p, self.stacks.get(&p).copied().unwrap_or_default()))
            .collect();
        at_table.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        let Some(&(winner, _)) = at_table.first() else {
            return;
        };
        let mut pot = Chips::ZERO;
        for &(p, c) in &at_table[1..] {
            pot = bounded_add(pot, c);
            self.stacks.remove(&p);
            self.status.remove(&p);
            let _ = self.seating.remove(p);
            self.pending.push((p, c));
        }
        // The table's chips go with the player who advances: none vanish.
        if let Some(s) = self.stacks.get_mut(&winner) {
            *s = bounded_add(*s, pot);
        }
        ev.push(TourneyEvent::AwayLimitReached {
            table,
            advances: winner,
        });
    }

    /// Ranks knocked-out players (T9) and records their finishes.
    pub(super) fn place(&mut self, busted: &[(PlayerId, Chips)], ev: &mut Vec<TourneyEvent>) {
        let f = rank_knockouts(busted, self.remaining, self.prizes_in_play());
        self.remaining -= busted.len() as u32;
        for x in f {
            let x = self.with_deal_money(x);
            self.finishes.push(x);
            ev.push(TourneyEvent::Eliminated(x));
        }
    }

    /// After a hand or a roll-back: rank pending knock-outs, end rounds and the
    /// event, start breaks and hand-for-hand, deal the next hands.
    pub(super) fn settle(&mut self, rng: &mut dyn RngCore, ev: &mut Vec<TourneyEvent>) {
        if self.phase != Phase::Running {
            return;
        }
        let all_idle = self.hands.is_empty();
        if self.cfg.event.format.is_rounds() {
            let round_over = all_idle && self.seating.tables().all(|t| t.count() <= 1);
            if !round_over {
                self.start_hands(rng, ev);
                return;
            }
            // Everyone knocked out in a round shares the places they cover.
            let out: Vec<PlayerId> = self.pending.drain(..).map(|(p, _)| p).collect();
            if !out.is_empty() {
                let from = self.remaining + 1 - out.len() as u32;
                for f in split_prizes(&out, from, &self.prizes) {
                    self.finishes.push(f);
                    ev.push(TourneyEvent::Eliminated(f));
                }
                self.remaining -= out.len() as u32;
            }
            let mut survivors = self.advanced.clone();
            survivors.extend(
                self.seating
                    .tables()
                    .flat_map(|t| t.players().map(|(_, p)| p)),
            );
            survivors.sort_unstable();
            if survivors.len() <= 1 {
                self.end(&survivors, ev);
                return;
            }
            for p in &survivors {
                // Each round starts afresh with the starting stack.
                self.stacks.insert(*p, self.cfg.event.starting_stack);
            }
            self.away_hands.clear();
            self.seat_round(&survivors, rng, ev);
            self.start_hands(rng, ev);
            return;
        }
        if all_idle && !self.pending.is_empty() {
            let batch = std::mem::take(&mut self.pending);
            if self.open {
                self.defer_busts(batch, ev);
            } else {
                self.place(&batch, ev);
            }
        }
        if self.open {
            self.maybe_close_entries(ev);
        }
        if all_idle && self.chip_race_due.is_some() {
            self.race_chips(ev);
        }
        if self.pending.is_empty() {
            let alive = self.seating.players() as u32;
            if alive <= 1 || self.prizes_in_play().all_remaining_win_the_same(alive) {
                let mut left: Vec<PlayerId> = self.stacks.keys().copied().collect();
                left.sort_unstable();
                self.end(&left, ev);
                return;
            }
        }
        if all_idle && self.deal.as_ref().is_some_and(|d| d.shares.is_none()) {
            self.price_open_deal(ev);
        }
        self.update_hand_for_hand(ev);
        if matches!(
            self.clock.as_ref().map(Clock::break_state),
            Some(BreakState::Due { .. })
        ) {
            self.maybe_begin_break(ev);
        }
        self.start_hands(rng, ev);
    }
}
