//! Connections: disconnect extra time (T13) and waiting on a player.

use super::*;

impl Tournament {
    pub(super) fn det_stage(&self) -> DetStage {
        DetStage {
            entrants: self.entrants.len() as u32,
            remaining: self.remaining,
            paid_places: self.prizes.paid_places(),
            tables: self.seating.table_count() as u32,
        }
    }

    pub(super) fn await_action(
        &mut self,
        at: Ms,
        table: TableId,
        player: PlayerId,
        facing_bet: bool,
        regular_ms: u64,
        ev: &mut Vec<TourneyEvent>,
    ) {
        let stage = self.det_stage();
        let Some(st) = self.status.get_mut(&player) else {
            return;
        };
        if st.sitting_out {
            // B17: a sitting-out player's hand is folded when they face action.
            ev.push(TourneyEvent::ForcedAction {
                table,
                player,
                action: ForcedAction::Fold,
            });
            return;
        }
        let mut extra_ms = 0;
        let mut det = false;
        let paused = st.disconnected;
        if st.disconnected && self.cfg.event.disconnect_extra_time {
            let ladder = self.cfg.det.ladder(&self.cfg.event.format, stage);
            if !ladder.is_empty() {
                det = true;
                extra_ms = u64::from(st.det.take(ladder)) * 1000;
            }
        }
        if paused {
            // T6: the clock stops while the game waits on a disconnected player.
            if let Some(c) = self.clock.as_mut() {
                c.begin_wait_on_disconnected();
            }
        }
        let deadline = at.saturating_add(regular_ms).saturating_add(extra_ms);
        self.waits.insert(
            player,
            Wait {
                table,
                deadline,
                facing_bet,
                det,
                paused,
            },
        );
        ev.push(TourneyEvent::ActionClock {
            table,
            player,
            deadline,
            extra_ms,
        });
    }

    pub(super) fn close_wait(&mut self, player: PlayerId) -> Option<Wait> {
        let w = self.waits.remove(&player)?;
        if w.paused {
            if let Some(c) = self.clock.as_mut() {
                c.end_wait_on_disconnected();
            }
        }
        Some(w)
    }

    pub(super) fn expire(&mut self, player: PlayerId, ev: &mut Vec<TourneyEvent>) {
        let Some(w) = self.close_wait(player) else {
            return;
        };
        // B16: fold facing a bet, check otherwise.
        let action = if w.facing_bet {
            ForcedAction::Fold
        } else {
            ForcedAction::Check
        };
        ev.push(TourneyEvent::ForcedAction {
            table: w.table,
            player,
            action,
        });
        // T13: a player on DET stays sitting in; others are sat out (B17).
        if !w.det && self.cfg.event.sit_out_on_timeout {
            if let Some(s) = self.status.get_mut(&player) {
                if !s.sitting_out {
                    s.sitting_out = true;
                    ev.push(TourneyEvent::SatOut { player });
                }
            }
        }
    }
}
