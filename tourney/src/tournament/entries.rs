//! Entries, unregistration, rebuys and add-ons (T2-T5).

use super::*;

impl Tournament {
    /// A late entry (T2) or re-entry (T3), already checked: pay, take a seat at
    /// the table with the fewest players, rebalance.
    pub(super) fn late_entry(
        &mut self,
        player: PlayerId,
        at: Ms,
        rng: &mut dyn RngCore,
        ev: &mut Vec<TourneyEvent>,
    ) {
        let Ok(le) = self.check_late_entry(player, at) else {
            return;
        };
        self.ledger.take(le.price);
        let acc = self.accounts.entry(player).or_default();
        acc.entries += 1;
        acc.played = false;
        let entry = acc.entries;
        let kind = if entry > 1 {
            PurchaseKind::ReEntry
        } else {
            PurchaseKind::Entry
        };
        acc.purchases.push(purchase(kind, le.price));
        if entry == 1 {
            self.ledger.entries += 1;
            self.entered.insert(player);
            self.entrants.push(player);
            self.remaining += 1;
            ev.push(TourneyEvent::Registered {
                player,
                entrants: self.entrants.len() as u32,
            });
            self.refix_provisional_prizes();
        } else {
            self.ledger.re_entries += 1;
            // The earlier entry's bust is forgotten: the player is in again.
            for g in &mut self.busted_open {
                g.retain(|&(p, _)| p != player);
            }
            self.busted_open.retain(|g| !g.is_empty());
        }
        self.stacks.insert(player, le.stack);
        self.status.insert(player, Status::default());
        self.chips_issued = bounded_add(self.chips_issued, le.stack);
        let Ok(seat) = self.seating.add_player(player, rng) else {
            return;
        };
        ev.push(TourneyEvent::Entered {
            player,
            entry,
            stack: le.stack,
            docked: le.docked,
            at: seat,
        });
        let changes = self.seating.rebalance(self.cfg.event.break_policy, rng);
        self.report_moves(changes, ev);
        self.settle(rng, ev);
    }

    pub(super) fn unregister(
        &mut self,
        player: PlayerId,
        rng: &mut dyn RngCore,
        ev: &mut Vec<TourneyEvent>,
    ) {
        let mut refund = Price::default();
        if let Some(a) = self.accounts.remove(&player) {
            for p in &a.purchases {
                self.ledger.give_back(p.price);
                refund.prize_pool += p.price.prize_pool;
                refund.fee += p.price.fee;
                refund.bounty += p.price.bounty;
            }
            self.ledger.entries -= u32::from(a.entries > 0);
            self.ledger.re_entries -= a.entries.saturating_sub(1);
            self.ledger.rebuys -= a.rebuys;
            self.ledger.add_ons -= a.add_ons;
        }
        self.entered.remove(&player);
        self.entrants.retain(|p| *p != player);
        ev.push(TourneyEvent::Unregistered { player });
        ev.push(TourneyEvent::Refunded { player, refund });
        if self.phase == Phase::Running {
            if let Some(stack) = self.stacks.remove(&player) {
                self.chips_issued = bounded_sub(self.chips_issued, stack);
            }
            self.status.remove(&player);
            let _ = self.seating.remove(player);
            self.remaining -= 1;
            self.refix_provisional_prizes();
            let changes = self.seating.rebalance(self.cfg.event.break_policy, rng);
            self.report_moves(changes, ev);
            self.settle(rng, ev);
        }
    }

    pub(super) fn buy_chips(
        &mut self,
        player: PlayerId,
        kind: PurchaseKind,
        chips: Chips,
        price: Price,
        ev: &mut Vec<TourneyEvent>,
    ) {
        self.ledger.take(price);
        if let Some(a) = self.accounts.get_mut(&player) {
            a.purchases.push(purchase(kind, price));
        }
        let deferred = self.in_hand(player);
        if deferred {
            self.deferred_chips.insert(player, chips);
        } else if let Some(s) = self.stacks.get_mut(&player) {
            *s = bounded_add(*s, chips);
            self.chips_issued = bounded_add(self.chips_issued, chips);
        }
        ev.push(TourneyEvent::ChipsBought {
            player,
            rebuy: kind == PurchaseKind::Rebuy,
            chips,
            price,
            deferred,
        });
    }

    pub(super) fn in_hand(&self, player: PlayerId) -> bool {
        self.seating
            .seat_of(player)
            .and_then(|at| self.hands.get(&at.table))
            .is_some_and(|h| h.dealt.iter().any(|&(p, _)| p == player))
    }

    pub(super) fn defer_busts(
        &mut self,
        busted: Vec<(PlayerId, Chips)>,
        ev: &mut Vec<TourneyEvent>,
    ) {
        for &(player, _) in &busted {
            ev.push(TourneyEvent::Busted { player });
        }
        self.busted_open.push(busted);
    }

    /// The provisional prize table follows the field while entries are open.
    pub(super) fn refix_provisional_prizes(&mut self) {
        let n = self.entrants.len() as u32;
        self.prizes =
            PrizeTable::fix(&self.cfg.event.payouts, self.ledger.prize_pool, n).unwrap_or_default();
    }

    /// Whether late registration (and re-entry), rebuys or add-ons can still
    /// happen, by the options and the clock as it is now.
    pub(super) fn compute_entries_open(&self) -> bool {
        if self.phase != Phase::Running || self.cfg.event.format.is_rounds() {
            return false;
        }
        let Some(c) = self.clock.as_ref() else {
            return false;
        };
        let clock = EntryClock {
            start_ms: self.window_start(),
            now_ms: self.now,
            level_index: c.level_index(),
            big_blind: c.level().big_blind,
            payouts_started: self.payouts_started(),
            on_add_on_break: c.is_add_on_break(),
        };
        let e = &self.cfg.entry;
        let late = &e.late_registration;
        let late_open = late.window.is_some_and(|w| w.is_open(&clock))
            && !(late.close_in_the_money && clock.payouts_started);
        let rebuy_open = e.rebuy.is_some_and(|r| r.period.is_open(&clock));
        let add_on_open = e.add_on.is_some_and(|a| match a.window {
            money::AddOnWindow::AddOnBreak => self
                .cfg
                .event
                .structure
                .add_on_break
                .is_some_and(|b| clock.level_index <= b.after_level || c.is_add_on_break()),
            money::AddOnWindow::Period(w) => w.is_open(&clock),
        });
        late_open || rebuy_open || add_on_open
    }

    /// Where clock-time entry windows count from (T2, T3): the scheduled start
    /// when one was announced, else the actual start.
    pub(super) fn window_start(&self) -> Ms {
        self.scheduled_start.unwrap_or(self.start_at)
    }

    /// The scheduled start, if one was announced ([`Command::ScheduleStart`]).
    pub fn scheduled_start(&self) -> Option<Ms> {
        self.scheduled_start
    }

    /// The next time a clock-time window closes, while entries are open.
    pub(super) fn next_window_close(&self) -> Option<Ms> {
        let e = &self.cfg.entry;
        let start = self.window_start();
        let add_on = e.add_on.and_then(|a| match a.window {
            money::AddOnWindow::Period(w) => Some(w),
            _ => None,
        });
        [
            e.late_registration.window,
            e.rebuy.map(|r| r.period),
            add_on,
        ]
        .into_iter()
        .flatten()
        .filter_map(|w| money::window_closes_at(w, start))
        .filter(|&t| t > self.now)
        .min()
    }

    /// Closes entries when their windows are over, or at the latest when the
    /// field reaches the money or a single player (T2, T5).
    pub(super) fn maybe_close_entries(&mut self, ev: &mut Vec<TourneyEvent>) {
        let alive = self.seating.players() as u32;
        if !self.compute_entries_open() || alive <= 1 || self.payouts_started() {
            self.close_entries(ev);
        }
    }

    /// T5: the pool and the prize table are fixed; players who busted while
    /// entries were open are placed, the first out last.
    pub(super) fn close_entries(&mut self, ev: &mut Vec<TourneyEvent>) {
        self.open = false;
        let players = self.entrants.len() as u32;
        self.prizes = PrizeTable::fix(&self.cfg.event.payouts, self.ledger.prize_pool, players)
            .unwrap_or_default();
        ev.push(TourneyEvent::PrizesFixed {
            entries: self.ledger.entries + self.ledger.re_entries,
            players,
            prize_pool: self.ledger.prize_pool,
            paid_places: self.prizes.paid_places(),
        });
        for group in std::mem::take(&mut self.busted_open) {
            self.place(&group, ev);
        }
    }
}
