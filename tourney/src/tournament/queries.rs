//! Read-only queries: the event's phase, players, stacks, prizes, clock, deals and
//! purchases, and when to call back.

use super::*;

impl Tournament {
    /// The deal under discussion, if any (T15).
    pub fn open_deal(&self) -> Option<&OpenDeal> {
        self.deal.as_ref()
    }

    /// What deals paid each player so far (T15), sorted by player.
    pub fn deal_payments(&self) -> Vec<(PlayerId, Cents)> {
        let mut v: Vec<(PlayerId, Cents)> = self.deal_paid.iter().map(|(p, c)| (*p, *c)).collect();
        v.sort_unstable();
        v
    }

    /// The prizes the remaining players still play for: the prize table, or
    /// after a deal what it left in play (T15).
    pub fn prizes_in_play(&self) -> &PrizeTable {
        self.play_on.as_ref().unwrap_or(&self.prizes)
    }

    /// The whole configuration.
    pub fn config(&self) -> &TournamentConfig {
        &self.cfg
    }

    /// The money taken so far (T1-T5).
    pub fn ledger(&self) -> &Ledger {
        &self.ledger
    }

    /// Whether late registration, re-entry, rebuys or add-ons are still possible;
    /// while they are, the prize table is provisional and busted players are
    /// placed only when they close (T2-T5).
    pub fn entries_open(&self) -> bool {
        self.open
    }

    /// Chips put into play: entry stacks, rebuys and add-ons added, chip-race
    /// additions, less the stacks of players who unregistered. In every event
    /// that is not played in rounds it equals [`Tournament::chips_in_play`].
    pub fn chips_issued(&self) -> Chips {
        self.chips_issued
    }

    /// A player's entries (the first included), rebuys and add-ons.
    pub fn purchases_of(&self, player: PlayerId) -> (u32, u32, u32) {
        self.accounts
            .get(&player)
            .map_or((0, 0, 0), |a| (a.entries, a.rebuys, a.add_ons))
    }

    /// Everyone who bought in, with every purchase in order, by player id: what
    /// a cancellation (T17, [`money::rollback`]) needs.
    pub fn entrant_purchases(&self) -> Vec<Entrant> {
        let mut v: Vec<Entrant> = self
            .accounts
            .iter()
            .filter(|(_, a)| !a.purchases.is_empty())
            .map(|(&player, a)| Entrant {
                player,
                purchases: a.purchases.clone(),
            })
            .collect();
        v.sort_unstable_by_key(|e| e.player);
        v
    }

    /// The options.
    pub fn options(&self) -> &TournamentOptions {
        &self.cfg.event
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The time of the last accepted command.
    pub fn now(&self) -> Ms {
        self.now
    }

    /// Entrants in registration order.
    pub fn entrants(&self) -> &[PlayerId] {
        &self.entrants
    }

    /// The prize table (empty before the start, T5).
    pub fn prizes(&self) -> &PrizeTable {
        &self.prizes
    }

    /// Stacks of the players still in, as of the start of any hand in progress.
    pub fn stacks(&self) -> &IdMap<PlayerId, Chips> {
        &self.stacks
    }

    /// Total chips in play (equal to entrants × starting stack in every
    /// multi-table event; per round in round formats).
    pub fn chips_in_play(&self) -> Chips {
        // Each stack is part of the chips issued, which stay below 2^63.
        self.stacks
            .values()
            .fold(Chips::ZERO, |sum, &s| bounded_add(sum, s))
    }

    /// Finishes so far, in the order they were decided.
    pub fn finishes(&self) -> &[Finish] {
        &self.finishes
    }

    /// Players not yet placed.
    pub fn remaining(&self) -> u32 {
        self.remaining
    }

    /// The seating.
    pub fn seating(&self) -> &Seating {
        &self.seating
    }

    /// The hand in progress at a table.
    pub fn running_hand(&self, table: TableId) -> Option<&RunningHand> {
        self.hands.get(&table)
    }

    /// All hands in progress.
    pub fn running_hands(&self) -> impl Iterator<Item = (TableId, &RunningHand)> {
        self.hands.iter().map(|(t, h)| (*t, h))
    }

    /// Whether a crash now would leave anything for recovery to roll back (T20):
    /// a hand in progress, a player's disconnect wait, or chips bought during a
    /// hand and not yet added.
    pub(crate) fn has_work_in_progress(&self) -> bool {
        !self.hands.is_empty() || !self.waits.is_empty() || !self.deferred_chips.is_empty()
    }

    /// Counters.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The current level index, once started.
    pub fn level_index(&self) -> Option<u32> {
        self.clock.as_ref().map(Clock::level_index)
    }

    /// The current level, once started.
    pub fn level(&self) -> Option<Level> {
        self.clock.as_ref().map(Clock::level)
    }

    /// Whether hand-for-hand play is on (T10).
    pub fn is_hand_for_hand(&self) -> bool {
        self.hand_for_hand
    }

    /// The current round of a heads-up or shootout event (0 before the start).
    pub fn round(&self) -> u32 {
        self.round
    }

    /// When to call back with a [`Command::Tick`] at the latest: the next level,
    /// break or action deadline. `None`: nothing is scheduled.
    pub fn next_deadline(&self) -> Option<Ms> {
        if self.phase != Phase::Running {
            return None;
        }
        let w = self.waits.values().map(|w| w.deadline).min();
        let c = self.clock.as_ref().and_then(Clock::next_deadline);
        let e = if self.open {
            self.next_window_close()
        } else {
            None
        };
        [w, c, e].into_iter().flatten().min()
    }
}
