//! Time: advancing the clock, levels and breaks.

use super::*;

impl Tournament {
    pub(super) fn advance(&mut self, to: Ms, rng: &mut dyn RngCore, ev: &mut Vec<TourneyEvent>) {
        self.now = to;
        if self.phase != Phase::Running {
            return;
        }
        loop {
            let next_wait = self
                .waits
                .iter()
                .map(|(p, w)| (w.deadline, *p))
                .min()
                .filter(|&(d, _)| d <= to);
            let until = next_wait.map_or(to, |(d, _)| d);
            let clock_events = self
                .clock
                .as_mut()
                .map(|c| c.advance(until))
                .unwrap_or_default();
            for e in clock_events {
                self.on_clock(e, rng, ev);
            }
            let Some((_, player)) = next_wait else { break };
            self.expire(player, ev);
        }
    }

    pub(super) fn on_clock(
        &mut self,
        e: ClockEvent,
        rng: &mut dyn RngCore,
        ev: &mut Vec<TourneyEvent>,
    ) {
        match e {
            ClockEvent::LevelUp { level, .. } => {
                self.on_level_for_chip_race(level);
                if let Some(c) = self.clock.as_ref() {
                    ev.push(TourneyEvent::LevelUp {
                        index: level,
                        level: c.level(),
                    });
                }
            }
            ClockEvent::BreakDue { .. } => {
                ev.push(TourneyEvent::BreakDue);
                self.maybe_begin_break(ev);
            }
            ClockEvent::BreakEnded { .. } => {
                ev.push(TourneyEvent::BreakEnded);
                self.start_hands(rng, ev);
            }
        }
    }

    pub(super) fn maybe_begin_break(&mut self, ev: &mut Vec<TourneyEvent>) {
        // T7: every table finishes its hand before the break begins.
        if !self.hands.is_empty() {
            return;
        }
        if let Some(ends_at) = self.clock.as_mut().and_then(Clock::begin_break) {
            ev.push(TourneyEvent::BreakStarted { ends_at });
            if self.chip_race_due.is_some() {
                // T21: chips are raced off on the break.
                self.race_chips(ev);
            }
        }
    }
}
