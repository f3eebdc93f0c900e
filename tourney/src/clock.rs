//! The tournament clock in virtual time (rules T6, T7): blind levels, breaks, and
//! the pause while the game waits on a disconnected player.
//!
//! The clock never reads the wall clock: [`Clock::advance`] moves it to a
//! timestamp given by the caller and reports what happened on the way, and
//! [`Clock::next_deadline`] says when something will happen next.
//!
//! *Play time* runs while no break is on and (where the rules say so) no table is
//! waiting on a disconnected player; levels and "every N minutes of play" breaks
//! count play time. Synchronized breaks (":55 past the hour") count clock time.

use serde::{Deserialize, Serialize};

use crate::ids::{Chips, HOUR, MINUTE, Ms};

/// One blind level (T6).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Level {
    /// Small blind.
    pub small_blind: Chips,
    /// Big blind.
    pub big_blind: Chips,
    /// Ante posted by every dealt player (B5).
    #[serde(default)]
    pub ante: Chips,
    /// Length in minutes of play.
    pub minutes: u32,
}

/// When regular breaks happen (T7), a house rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum BreakSchedule {
    /// No breaks (hyper-turbo, some heads-up and shootout events).
    None,
    /// Synchronized breaks at `minute_past` past the hour (000: 55), every
    /// `every_hours` hours (1 or 2) from the first such time after the start.
    #[serde(rename_all = "kebab-case")]
    Synchronized {
        /// 1 or 2.
        every_hours: u8,
        /// Minute past the hour at which the break is due (0-59).
        minute_past: u8,
        /// Break length in minutes.
        minutes: u32,
    },
    /// A break after every `every_minutes` minutes of play.
    #[serde(rename_all = "kebab-case")]
    AfterPlay {
        /// Minutes of play between breaks.
        every_minutes: u32,
        /// Break length in minutes.
        minutes: u32,
    },
}

/// The extra short break at the end of the rebuy period for add-ons (T7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct AddOnBreak {
    /// The break is due when this level (0-based) ends.
    pub after_level: u32,
    /// Break length in minutes (000: usually 3).
    pub minutes: u32,
}

/// The blind structure and break rules of an event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Structure {
    /// The levels in order; the last one repeats until the end.
    pub levels: Vec<Level>,
    /// Regular breaks.
    pub breaks: BreakSchedule,
    /// The add-on break, if the event has one.
    #[serde(default)]
    pub add_on_break: Option<AddOnBreak>,
    /// Stop the clock while the game waits on a disconnected player (000 4).
    #[serde(default = "yes")]
    pub pause_on_disconnect: bool,
}

fn yes() -> bool {
    true
}

/// Why a structure cannot be used.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum StructureError {
    /// No levels at all.
    #[error("a structure needs at least one level (rule T6)")]
    NoLevels,
    /// A level of zero minutes or more than [`crate::MAX_LEVEL_MINUTES`], with a big
    /// blind of zero or below the small blind, or a blind or ante above
    /// [`crate::MAX_AMOUNT`].
    #[error("level {index} is invalid: {reason} (rule T6)")]
    BadLevel {
        /// 0-based level index.
        index: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// A break schedule that cannot be followed.
    #[error("bad break schedule: {0} (rule T7)")]
    BadBreaks(&'static str),
}

impl Structure {
    /// Checks the structure: at least one level, every level at least one minute
    /// with `0 < small blind <= big blind`; breaks of sane shape.
    pub fn validate(&self) -> Result<(), StructureError> {
        if self.levels.is_empty() {
            return Err(StructureError::NoLevels);
        }
        for (index, l) in self.levels.iter().enumerate() {
            let reason = if l.minutes == 0 {
                "zero minutes"
            } else if l.minutes > crate::MAX_LEVEL_MINUTES {
                "longer than a week"
            } else if l.big_blind.get() > crate::MAX_AMOUNT || l.ante.get() > crate::MAX_AMOUNT {
                "a blind or the ante above 2^40 chips"
            } else if l.big_blind.is_zero() {
                "big blind is zero"
            } else if l.small_blind > l.big_blind {
                "small blind above big blind"
            } else {
                continue;
            };
            return Err(StructureError::BadLevel { index, reason });
        }
        match self.breaks {
            BreakSchedule::Synchronized {
                every_hours,
                minute_past,
                minutes,
            } => {
                if !(1..=2).contains(&every_hours) {
                    return Err(StructureError::BadBreaks("synchronized every 1 or 2 hours"));
                }
                if minute_past > 59 || minutes == 0 || u64::from(minutes) >= 60 {
                    return Err(StructureError::BadBreaks("minute past 0-59, length 1-59"));
                }
            }
            BreakSchedule::AfterPlay {
                every_minutes,
                minutes,
            } => {
                if every_minutes == 0 || minutes == 0 {
                    return Err(StructureError::BadBreaks("zero-length interval or break"));
                }
            }
            BreakSchedule::None => {}
        }
        if let Some(a) = self.add_on_break {
            if a.minutes == 0 {
                return Err(StructureError::BadBreaks("zero-length add-on break"));
            }
        }
        Ok(())
    }
}

/// What the clock reports while it advances.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum ClockEvent {
    /// A new level started (0-based index); it applies from the next hand (T6).
    LevelUp {
        /// The new level index.
        level: u32,
        /// When it started.
        at: Ms,
    },
    /// A break is due: tables finish their hands, then the break begins (T7).
    BreakDue {
        /// When it fell due.
        at: Ms,
        /// Its length in minutes.
        minutes: u32,
    },
    /// The break is over.
    BreakEnded {
        /// When it ended.
        at: Ms,
    },
}

/// Where the clock is in the break cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum BreakState {
    /// Normal play.
    Playing,
    /// A break is due; tables are finishing their hands.
    Due {
        /// Length of the coming break in minutes.
        minutes: u32,
    },
    /// On break until the given time.
    OnBreak {
        /// When the break ends.
        ends_at: Ms,
    },
}

/// The running clock of one event.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Clock {
    structure: Structure,
    now: Ms,
    play_ms: u64,
    level: usize,
    level_ends_play: u64,
    waits_on_disconnected: u32,
    state: BreakState,
    next_sync: Option<Ms>,
    next_play_break: Option<u64>,
    /// The due or current break is the add-on break (T4, T7).
    #[serde(default)]
    add_on: bool,
}

impl Clock {
    /// Starts the clock at `start`, level 0. The structure must be valid.
    pub fn start(structure: Structure, start: Ms) -> Result<Clock, StructureError> {
        structure.validate()?;
        let first_len = u64::from(structure.levels[0].minutes) * MINUTE;
        let next_sync = match structure.breaks {
            BreakSchedule::Synchronized { minute_past, .. } => {
                let offset = u64::from(minute_past) * MINUTE;
                let hour_start = start - start % HOUR;
                let mut due = hour_start + offset;
                if due <= start {
                    due += HOUR;
                }
                Some(due)
            }
            _ => None,
        };
        let next_play_break = match structure.breaks {
            BreakSchedule::AfterPlay { every_minutes, .. } => {
                Some(u64::from(every_minutes) * MINUTE)
            }
            _ => None,
        };
        Ok(Clock {
            structure,
            now: start,
            play_ms: 0,
            level: 0,
            level_ends_play: first_len,
            waits_on_disconnected: 0,
            state: BreakState::Playing,
            next_sync,
            next_play_break,
            add_on: false,
        })
    }

    /// The structure the clock follows.
    pub fn structure(&self) -> &Structure {
        &self.structure
    }

    /// The time the clock was last advanced to.
    pub fn now(&self) -> Ms {
        self.now
    }

    /// Play time so far, in ms.
    pub fn play_ms(&self) -> u64 {
        self.play_ms
    }

    /// The current level index (0-based).
    pub fn level_index(&self) -> u32 {
        self.level as u32
    }

    /// The current level: the one a hand starting now is played at (T6).
    pub fn level(&self) -> Level {
        let i = self.level.min(self.structure.levels.len() - 1);
        self.structure.levels[i]
    }

    /// The break state.
    pub fn break_state(&self) -> BreakState {
        self.state
    }

    /// Whether the break that is due or on is the add-on break at the end of the
    /// rebuy period (T4, T7).
    pub fn is_add_on_break(&self) -> bool {
        self.add_on && self.state != BreakState::Playing
    }

    /// Whether play time is running now.
    pub fn is_running(&self) -> bool {
        let on_break = matches!(self.state, BreakState::OnBreak { .. });
        let paused = self.structure.pause_on_disconnect && self.waits_on_disconnected > 0;
        !(on_break || paused)
    }

    /// The game starts waiting on a disconnected player: the clock stops while
    /// any such wait is open, where the structure says so (T6).
    pub fn begin_wait_on_disconnected(&mut self) {
        self.waits_on_disconnected += 1;
    }

    /// A wait on a disconnected player is over.
    pub fn end_wait_on_disconnected(&mut self) {
        self.waits_on_disconnected = self.waits_on_disconnected.saturating_sub(1);
    }

    /// Begins the due break now (every table has finished its hand, T7);
    /// returns when it ends. Does nothing and returns `None` if no break is due.
    pub fn begin_break(&mut self) -> Option<Ms> {
        let BreakState::Due { minutes } = self.state else {
            return None;
        };
        let ends_at = self.now + u64::from(minutes) * MINUTE;
        self.state = BreakState::OnBreak { ends_at };
        Some(ends_at)
    }

    /// The next time at which [`Clock::advance`] would report something.
    pub fn next_deadline(&self) -> Option<Ms> {
        let mut best: Option<Ms> = None;
        let mut consider = |t: Option<Ms>| {
            if let Some(t) = t {
                best = Some(best.map_or(t, |b: Ms| b.min(t)));
            }
        };
        if let BreakState::OnBreak { ends_at } = self.state {
            consider(Some(ends_at));
        }
        if self.is_running() {
            if self.level + 1 < self.structure.levels.len() {
                consider(Some(self.now + (self.level_ends_play - self.play_ms)));
            }
            if matches!(self.state, BreakState::Playing) {
                consider(
                    self.next_play_break
                        .map(|p| self.now + p.saturating_sub(self.play_ms)),
                );
            }
        }
        if matches!(self.state, BreakState::Playing) {
            consider(self.next_sync);
        }
        best
    }

    /// Moves the clock forward to `to` (never backward), reporting level-ups,
    /// breaks falling due and breaks ending, in time order.
    pub fn advance(&mut self, to: Ms) -> Vec<ClockEvent> {
        let mut out = Vec::new();
        while let Some(t) = self.next_deadline().filter(|&t| t <= to) {
            self.run_to(t);
            self.fire(t, &mut out);
        }
        self.run_to(to.max(self.now));
        out
    }

    fn run_to(&mut self, t: Ms) {
        if t <= self.now {
            return;
        }
        if self.is_running() {
            self.play_ms += t - self.now;
        }
        self.now = t;
    }

    fn fire(&mut self, t: Ms, out: &mut Vec<ClockEvent>) {
        if let BreakState::OnBreak { ends_at } = self.state {
            if ends_at <= t {
                self.state = BreakState::Playing;
                self.add_on = false;
                out.push(ClockEvent::BreakEnded { at: t });
            }
        }
        if self.is_running() {
            while self.level + 1 < self.structure.levels.len()
                && self.play_ms >= self.level_ends_play
            {
                if let Some(a) = self.structure.add_on_break {
                    if a.after_level as usize == self.level {
                        self.make_due(t, a.minutes, out);
                        self.add_on = true;
                    }
                }
                self.level += 1;
                self.level_ends_play +=
                    u64::from(self.structure.levels[self.level].minutes) * MINUTE;
                out.push(ClockEvent::LevelUp {
                    level: self.level as u32,
                    at: t,
                });
            }
            if let (
                Some(p),
                BreakSchedule::AfterPlay {
                    every_minutes,
                    minutes,
                },
            ) = (self.next_play_break, self.structure.breaks)
            {
                if self.play_ms >= p && matches!(self.state, BreakState::Playing) {
                    self.next_play_break = Some(p + u64::from(every_minutes) * MINUTE);
                    self.make_due(t, minutes, out);
                }
            }
        }
        if let (
            Some(s),
            BreakSchedule::Synchronized {
                every_hours,
                minutes,
                ..
            },
        ) = (self.next_sync, self.structure.breaks)
        {
            if s <= t && matches!(self.state, BreakState::Playing) {
                // Keep the schedule: the next one is due on the hour grid even if
                // this break starts late.
                let mut next = s + u64::from(every_hours) * HOUR;
                while next <= t {
                    next += u64::from(every_hours) * HOUR;
                }
                self.next_sync = Some(next);
                self.make_due(t, minutes, out);
            }
        }
    }

    fn make_due(&mut self, at: Ms, minutes: u32, out: &mut Vec<ClockEvent>) {
        match self.state {
            BreakState::Playing => {
                self.state = BreakState::Due { minutes };
                out.push(ClockEvent::BreakDue { at, minutes });
            }
            BreakState::Due { minutes: m } => {
                self.state = BreakState::Due {
                    minutes: m.max(minutes),
                };
            }
            BreakState::OnBreak { .. } => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn levels(n: usize, minutes: u32) -> Vec<Level> {
        (1..=n as u64)
            .map(|i| Level {
                small_blind: Chips(10 * i),
                big_blind: Chips(20 * i),
                ante: Chips(0),
                minutes,
            })
            .collect()
    }

    fn at(h: u64, m: u64) -> Ms {
        // 2024-01-01 00:00 UTC plus h:m.
        1_704_067_200_000 + h * HOUR + m * MINUTE
    }

    fn structure(breaks: BreakSchedule) -> Structure {
        Structure {
            levels: levels(20, 15),
            breaks,
            add_on_break: None,
            pause_on_disconnect: true,
        }
    }

    #[test]
    fn synchronized_break_at_55_past_every_hour_seed_000_3_1_1() {
        // Rule T7: a tournament starting at 07:25 breaks at 07:55, 08:55, 09:55.
        let s = structure(BreakSchedule::Synchronized {
            every_hours: 1,
            minute_past: 55,
            minutes: 5,
        });
        let mut c = Clock::start(s, at(7, 25)).unwrap();
        let mut dues = Vec::new();
        let mut t = at(7, 25);
        while t < at(10, 30) {
            t = c.next_deadline().unwrap();
            for e in c.advance(t) {
                if let ClockEvent::BreakDue { at, .. } = e {
                    dues.push(at);
                    // Every table finished at once: the break starts now.
                    assert_eq!(c.begin_break(), Some(at + 5 * MINUTE));
                }
            }
        }
        assert_eq!(dues, vec![at(7, 55), at(8, 55), at(9, 55)]);
    }

    #[test]
    fn synchronized_break_every_two_hours_seed_000_3_1_1() {
        // Rule T7: starting at 08:35 with two-hour breaks: 08:55, 10:55.
        let s = structure(BreakSchedule::Synchronized {
            every_hours: 2,
            minute_past: 55,
            minutes: 5,
        });
        let mut c = Clock::start(s, at(8, 35)).unwrap();
        let mut dues = Vec::new();
        let mut t = at(8, 35);
        while t < at(11, 30) {
            t += MINUTE;
            for e in c.advance(t) {
                if let ClockEvent::BreakDue { at, .. } = e {
                    dues.push(at);
                    c.begin_break();
                }
            }
        }
        assert_eq!(dues, vec![at(8, 55), at(10, 55)]);
    }

    #[test]
    fn break_after_every_hour_of_play_seed_000_3_1_2() {
        // Rule T7: beginning at 07:25 with a break after every hour's play: first at 08:25.
        let s = structure(BreakSchedule::AfterPlay {
            every_minutes: 60,
            minutes: 5,
        });
        let mut c = Clock::start(s, at(7, 25)).unwrap();
        let mut dues = Vec::new();
        let mut t = at(7, 25);
        while t < at(9, 40) {
            t += MINUTE;
            for e in c.advance(t) {
                if let ClockEvent::BreakDue { at, .. } = e {
                    dues.push(at);
                    c.begin_break();
                }
            }
        }
        // 08:25 break 5 minutes, then another hour of play: 09:30.
        assert_eq!(dues, vec![at(8, 25), at(9, 30)]);
    }

    #[test]
    fn levels_count_play_time_and_break_waits_for_tables() {
        // Rule T6/T7: the play clock keeps running while tables finish their hands;
        // it stops on the break.
        let s = structure(BreakSchedule::AfterPlay {
            every_minutes: 30,
            minutes: 10,
        });
        let mut c = Clock::start(s, at(0, 0)).unwrap();
        let ev = c.advance(at(0, 30));
        assert!(ev.contains(&ClockEvent::LevelUp {
            level: 1,
            at: at(0, 15)
        }));
        assert!(ev.contains(&ClockEvent::LevelUp {
            level: 2,
            at: at(0, 30)
        }));
        assert!(ev.contains(&ClockEvent::BreakDue {
            at: at(0, 30),
            minutes: 10
        }));
        // The last table finishes 2 minutes later; level 2 keeps running meanwhile.
        c.advance(at(0, 32));
        assert_eq!(c.begin_break(), Some(at(0, 42)));
        c.advance(at(0, 42));
        assert_eq!(c.break_state(), BreakState::Playing);
        // level 2 started at play 30; 2 minutes played before the break → ends at 0:55.
        assert_eq!(c.next_deadline(), Some(at(0, 55)));
    }

    #[test]
    fn t6_clock_stops_while_waiting_on_a_disconnected_player() {
        let s = structure(BreakSchedule::None);
        let mut c = Clock::start(s.clone(), at(0, 0)).unwrap();
        c.advance(at(0, 10));
        c.begin_wait_on_disconnected();
        assert_eq!(c.next_deadline(), None);
        c.advance(at(0, 14));
        c.end_wait_on_disconnected();
        assert_eq!(c.play_ms(), 10 * MINUTE);
        assert_eq!(c.next_deadline(), Some(at(0, 19)));
        // Without the house rule the clock runs on.
        let mut s2 = s;
        s2.pause_on_disconnect = false;
        let mut c = Clock::start(s2, at(0, 0)).unwrap();
        c.begin_wait_on_disconnected();
        c.advance(at(0, 10));
        assert_eq!(c.play_ms(), 10 * MINUTE);
    }

    #[test]
    fn t7_add_on_break_at_end_of_rebuy_period() {
        let mut s = structure(BreakSchedule::None);
        s.add_on_break = Some(AddOnBreak {
            after_level: 3,
            minutes: 3,
        });
        let mut c = Clock::start(s, at(0, 0)).unwrap();
        let ev = c.advance(at(1, 0));
        assert!(
            ev.contains(&ClockEvent::BreakDue {
                at: at(1, 0),
                minutes: 3
            }),
            "{ev:?}"
        );
        assert_eq!(c.level_index(), 4);
    }

    #[test]
    fn last_level_repeats_and_bad_structures_are_rejected() {
        let s = Structure {
            levels: levels(2, 10),
            ..structure(BreakSchedule::None)
        };
        let mut c = Clock::start(s, 0).unwrap();
        c.advance(10 * HOUR);
        assert_eq!(c.level_index(), 1);
        assert_eq!(c.next_deadline(), None);
        let bad = Structure {
            levels: vec![],
            ..structure(BreakSchedule::None)
        };
        assert_eq!(Clock::start(bad, 0), Err(StructureError::NoLevels));
        let mut bad = structure(BreakSchedule::None);
        bad.levels[3].minutes = 0;
        assert!(matches!(
            Clock::start(bad, 0),
            Err(StructureError::BadLevel { index: 3, .. })
        ));
    }
}
