//! The chip race (T21), the end of the event, hand-for-hand (T10) and the roll-back of hands in progress (T20).

use super::*;

impl Tournament {
    /// A level started: if it makes the smallest chip useless, a chip race is due
    /// at the first moment every table is idle.
    pub(super) fn on_level_for_chip_race(&mut self, index: u32) {
        if self.cfg.chip_race != ChipRace::RoundUp || index == 0 {
            return;
        }
        let i = index as usize;
        let (Some(&before), Some(&after)) = (self.units.get(i - 1), self.units.get(i)) else {
            return;
        };
        if !before.is_zero() && after > before && after.get().is_multiple_of(before.get()) {
            let retired = self.chip_race_due.map_or(before, |(r, _)| r);
            self.chip_race_due = Some((retired, after));
        }
    }

    pub(super) fn race_chips(&mut self, ev: &mut Vec<TourneyEvent>) {
        let Some((retired, next)) = self.chip_race_due.take() else {
            return;
        };
        let mut list: Vec<ChipRaceStack> = self
            .stacks
            .iter()
            .map(|(&player, &s)| ChipRaceStack {
                player,
                retired_chips: (s.get() % next.get()).div_ceil(retired.get()),
            })
            .collect();
        list.sort_unstable_by_key(|s| s.player);
        let Ok(race) = money::run_chip_race(retired, next, &list) else {
            return;
        };
        let mut added = Vec::new();
        let mut total_added = Chips::ZERO;
        for p in &race.players {
            let Some(s) = self.stacks.get_mut(&p.player) else {
                continue;
            };
            // The chips of the retired denomination become `new_chips` of the next.
            let odd = Chips(s.get() % next.get());
            if p.value_after > odd {
                let more = bounded_sub(p.value_after, odd);
                added.push((p.player, more));
                total_added = bounded_add(total_added, more);
                *s = bounded_add(*s, more);
            }
        }
        self.chips_issued = bounded_add(self.chips_issued, total_added);
        ev.push(TourneyEvent::ChipRaced {
            retired,
            next,
            added,
            total_added,
        });
    }

    pub(super) fn end(&mut self, left: &[PlayerId], ev: &mut Vec<TourneyEvent>) {
        // T8: one player has every chip, or all left would win the same prize.
        let standings: Vec<Finish> = split_prizes(left, 1, self.prizes_in_play())
            .into_iter()
            .map(|f| self.with_deal_money(f))
            .collect();
        if self.deal.take().is_some() {
            ev.push(TourneyEvent::DealDropped {
                reason: DealDropReason::EventOver,
            });
        }
        self.finishes.extend(standings.iter().copied());
        self.remaining = 0;
        self.phase = Phase::Finished;
        for (t, _) in std::mem::take(&mut self.hands) {
            self.seating.set_busy(t, false);
        }
        self.waits.clear();
        ev.push(TourneyEvent::Ended { standings });
    }

    pub(super) fn update_hand_for_hand(&mut self, ev: &mut Vec<TourneyEvent>) {
        if self.cfg.event.format.is_rounds() {
            return;
        }
        let alive = self.seating.players() as u32;
        let paid = self.prizes.paid_places();
        let h = &self.cfg.event.hand_for_hand;
        let want = self.seating.table_count() > 1
            && ((h.on_bubble && alive == paid + 1)
                || h.stages.iter().any(|s| alive <= s.from && alive >= s.to));
        if want != self.hand_for_hand {
            self.hand_for_hand = want;
            ev.push(if want {
                TourneyEvent::HandForHandStarted
            } else {
                TourneyEvent::HandForHandEnded
            });
        }
    }

    pub(super) fn roll_back(&mut self, rng: &mut dyn RngCore, ev: &mut Vec<TourneyEvent>) {
        // T20: every stack returns to its value at the start of the hand. Stacks
        // only change when a hand finishes, so dropping the hand restores them.
        let mut hands = Vec::new();
        for (table, rh) in std::mem::take(&mut self.hands) {
            self.seating.undo_start_hand(table);
            hands.push(RolledBackHand {
                table,
                hand: rh.hand,
                stacks: rh.dealt,
            });
        }
        let players: Vec<PlayerId> = self.waits.keys().copied().collect();
        for p in players {
            self.close_wait(p);
        }
        ev.push(TourneyEvent::HandsRolledBack { hands });
        // Rebuys and add-ons bought during a rolled-back hand stand: their chips
        // are added now.
        let mut deferred: Vec<(PlayerId, Chips)> = self.deferred_chips.drain().collect();
        deferred.sort_unstable();
        for (player, chips) in deferred {
            if let Some(s) = self.stacks.get_mut(&player) {
                *s = bounded_add(*s, chips);
                self.chips_issued = bounded_add(self.chips_issued, chips);
                ev.push(TourneyEvent::ChipsAdded { player, chips });
            }
        }
        self.settle(rng, ev);
    }
}
