//! Validation: every command is checked in full against the state before anything
//! changes (a refused command changes nothing); the entry, unregistration, purchase
//! and result checks that the commands share.

use super::*;

impl Tournament {
    pub(super) fn alive(&self, p: PlayerId) -> Result<(), TourneyError> {
        if self.phase == Phase::Running && self.stacks.contains_key(&p) {
            Ok(())
        } else {
            Err(TourneyError::NotPlaying(p))
        }
    }

    pub(super) fn validate(&self, input: &TourneyInput) -> Result<(), TourneyError> {
        if input.at > crate::ids::MAX_TIME {
            return Err(TourneyError::TimeOutOfRange {
                at: input.at,
                max: crate::ids::MAX_TIME,
            });
        }
        if input.at < self.now {
            return Err(TourneyError::TimeWentBackwards {
                at: input.at,
                now: self.now,
            });
        }
        let registering = || {
            if self.phase == Phase::Registering {
                Ok(())
            } else {
                Err(TourneyError::RegistrationClosed)
            }
        };
        if matches!(
            input.command,
            Command::Register { .. }
                | Command::ReEnter { .. }
                | Command::Rebuy { .. }
                | Command::AddOn { .. }
        ) {
            let l = &self.ledger;
            let sold = [l.entries, l.re_entries, l.rebuys, l.add_ons]
                .into_iter()
                .map(u64::from)
                .sum::<u64>();
            if sold >= crate::MAX_PURCHASES {
                return Err(TourneyError::PurchaseLimit(crate::MAX_PURCHASES));
            }
        }
        match &input.command {
            Command::Register { player } => {
                if self.phase == Phase::Running {
                    if self.entered.contains(player) {
                        return Err(TourneyError::AlreadyRegistered(*player));
                    }
                    if let Some(cap) = self.cfg.event.max_entrants {
                        if self.entrants.len() as u32 >= cap {
                            return Err(TourneyError::Full(cap));
                        }
                    }
                    self.check_late_entry(*player, input.at)?;
                    return Ok(());
                }
                registering()?;
                if self.entered.contains(player) {
                    return Err(TourneyError::AlreadyRegistered(*player));
                }
                let cap = match self.cfg.event.format {
                    Format::SitAndGo { seats } => Some(seats),
                    _ => self.cfg.event.max_entrants,
                };
                if let Some(cap) = cap {
                    if self.entrants.len() as u32 >= cap {
                        return Err(TourneyError::Full(cap));
                    }
                }
            }
            Command::Unregister { player } => self.check_unregister(*player, input.at)?,
            Command::ReEnter { player } => {
                if self.phase != Phase::Running {
                    return Err(TourneyError::NotRunning);
                }
                if !self.entered.contains(player) {
                    return Err(TourneyError::NotRegistered(*player));
                }
                if !self.open {
                    return Err(TourneyError::EntriesClosed(*player));
                }
                self.check_late_entry(*player, input.at)?;
            }
            Command::Rebuy {
                player,
                available_funds,
            } => {
                let (clock, rec, stack) = self.check_purchase(*player, input.at)?;
                money::check_rebuy(&self.cfg.entry, &clock, &rec, stack, *available_funds)
                    .map_err(|source| TourneyError::Entry {
                        player: *player,
                        source,
                    })?;
            }
            Command::AddOn {
                player,
                available_funds,
            } => {
                let (clock, rec, _) = self.check_purchase(*player, input.at)?;
                money::check_add_on(&self.cfg.entry, &clock, &rec, *available_funds).map_err(
                    |source| TourneyError::Entry {
                        player: *player,
                        source,
                    },
                )?;
            }
            Command::Start => {
                if self.phase != Phase::Registering {
                    return Err(TourneyError::AlreadyStarted);
                }
                if matches!(self.cfg.event.format, Format::SitAndGo { .. }) {
                    return Err(TourneyError::SitAndGoStartsWhenFull);
                }
                if self.entrants.len() < 2 {
                    return Err(TourneyError::TooFewEntrants(self.entrants.len() as u32));
                }
            }
            Command::HandFinished {
                table,
                hand,
                stacks,
            } => self.check_result(*table, *hand, stacks)?,
            Command::AwaitAction { table, player, .. } => {
                self.alive(*player)?;
                let h = self.hands.get(table).ok_or(TourneyError::NotInHand {
                    player: *player,
                    table: *table,
                })?;
                if !h.dealt.iter().any(|(p, _)| p == player) {
                    return Err(TourneyError::NotInHand {
                        player: *player,
                        table: *table,
                    });
                }
                if self.waits.contains_key(player) {
                    return Err(TourneyError::AlreadyOnTheClock(*player));
                }
            }
            Command::Acted { player } => {
                let w = self
                    .waits
                    .get(player)
                    .ok_or(TourneyError::NotOnTheClock(*player))?;
                if input.at >= w.deadline {
                    return Err(TourneyError::TooLate {
                        player: *player,
                        at: input.at,
                        deadline: w.deadline,
                    });
                }
            }
            Command::Disconnect { player } | Command::Reconnect { player } => {
                self.alive(*player)?;
                let off = self.status.get(player).is_some_and(|s| s.disconnected);
                if off == matches!(input.command, Command::Disconnect { .. }) {
                    return Err(TourneyError::NoChange(*player));
                }
            }
            Command::SitOut { player } | Command::SitIn { player } => {
                self.alive(*player)?;
                let out = self.status.get(player).is_some_and(|s| s.sitting_out);
                if out == matches!(input.command, Command::SitOut { .. }) {
                    return Err(TourneyError::NoChange(*player));
                }
            }
            Command::Tick => {}
            Command::ScheduleStart { start_at } => {
                if self.phase != Phase::Registering {
                    return Err(TourneyError::AlreadyStarted);
                }
                if *start_at < input.at {
                    return Err(TourneyError::TimeWentBackwards {
                        at: *start_at,
                        now: input.at,
                    });
                }
            }
            Command::RollBackHands => {
                if self.phase != Phase::Running {
                    return Err(TourneyError::NotRunning);
                }
            }
            Command::Cancel => {
                if !matches!(self.phase, Phase::Registering | Phase::Running) {
                    return Err(TourneyError::NotRunning);
                }
            }
            Command::ProposeDeal {
                method,
                left_in_play,
            } => {
                if self.phase != Phase::Running {
                    return Err(TourneyError::NotRunning);
                }
                if self.cfg.event.format.is_rounds() {
                    return Err(TourneyError::NoDealsInThisFormat);
                }
                if self.open {
                    return Err(TourneyError::PrizesNotFixed);
                }
                if self.deal.is_some() {
                    return Err(TourneyError::DealOpen);
                }
                // With a hand in progress this prices on the stacks it started
                // with: the terms are checked now, the shares fixed when it ends.
                // An FGS deal's terms are checked by ICM's (the simulation runs
                // once, when the command executes).
                let check = if *method == DealMethod::Fgs {
                    if self.stacks.len() > money::fgs::FGS_MAX_PLAYERS {
                        return Err(TourneyError::Deal(MoneyError::FgsPlayers {
                            players: self.stacks.len(),
                        }));
                    }
                    DealMethod::Icm
                } else {
                    *method
                };
                self.price_deal(check, *left_in_play)
                    .map_err(TourneyError::Deal)?;
            }
            Command::AcceptDeal { player } => {
                self.alive(*player)?;
                let Some(d) = self.deal.as_ref().filter(|d| d.shares.is_some()) else {
                    return Err(TourneyError::NoDeal);
                };
                if d.accepted.binary_search(player).is_ok() {
                    return Err(TourneyError::AlreadyAccepted(*player));
                }
            }
            Command::RejectDeal { player } => {
                self.alive(*player)?;
                if self.deal.is_none() {
                    return Err(TourneyError::NoDeal);
                }
            }
        }
        Ok(())
    }

    /// The entry clock as it will be at `at` (the clock is advanced on a copy).
    pub(super) fn entry_clock_at(&self, at: Ms) -> EntryClock {
        let (level_index, big_blind, on_add_on_break) = match &self.clock {
            Some(c) => {
                let mut c = c.clone();
                c.advance(at);
                let on_break = match c.break_state() {
                    BreakState::OnBreak { .. } => true,
                    // The break begins at once when no table is in a hand.
                    BreakState::Due { .. } => self.hands.is_empty(),
                    BreakState::Playing => false,
                };
                (
                    c.level_index(),
                    c.level().big_blind,
                    on_break && c.is_add_on_break(),
                )
            }
            None => (
                0,
                self.cfg
                    .event
                    .structure
                    .levels
                    .first()
                    .map_or(Chips::ZERO, |l| l.big_blind),
                false,
            ),
        };
        EntryClock {
            start_ms: self.window_start(),
            now_ms: at,
            level_index,
            big_blind,
            payouts_started: self.payouts_started(),
            on_add_on_break,
        }
    }

    pub(super) fn player_entries(&self, player: PlayerId) -> PlayerEntries {
        let a = self.accounts.get(&player);
        PlayerEntries {
            player,
            entries: a.map_or(0, |a| a.entries),
            still_playing: self.stacks.contains_key(&player),
            rebuys: a.map_or(0, |a| a.rebuys),
            add_ons: a.map_or(0, |a| a.add_ons),
        }
    }

    /// Payouts have begun: the players still seated would all be paid by the
    /// (provisional) prize table.
    pub(super) fn payouts_started(&self) -> bool {
        self.phase == Phase::Running && (self.seating.players() as u32) <= self.prizes.paid_places()
    }

    /// A late entry or re-entry after the start (T2, T3).
    pub(super) fn check_late_entry(
        &self,
        player: PlayerId,
        at: Ms,
    ) -> Result<LateEntry, TourneyError> {
        if self.cfg.event.format.is_rounds() || !self.open {
            return Err(TourneyError::RegistrationClosed);
        }
        let clock = self.entry_clock_at(at);
        money::check_entry(&self.cfg.entry, &clock, &self.player_entries(player)).map_err(|e| {
            match e {
                MoneyError::NoLateRegistration => TourneyError::RegistrationClosed,
                source => TourneyError::Entry { player, source },
            }
        })
    }

    pub(super) fn check_unregister(&self, player: PlayerId, at: Ms) -> Result<(), TourneyError> {
        let entry_err = |source| TourneyError::Entry { player, source };
        match self.phase {
            Phase::Registering => {
                if !self.entered.contains(&player) {
                    return Err(TourneyError::NotRegistered(player));
                }
                let Some(start_ms) = self.scheduled_start else {
                    // No start time known yet: the window cannot have closed.
                    if self
                        .cfg
                        .entry
                        .unregistration
                        .closes_minutes_after_start
                        .is_none()
                    {
                        return Err(entry_err(MoneyError::UnregistrationNotAllowed));
                    }
                    return Ok(());
                };
                // T3: with the start known, a negative
                // `closes-minutes-after-start` closes unregistration before it.
                let clock = money::EntryClock {
                    start_ms,
                    now_ms: at,
                    level_index: 0,
                    big_blind: Chips::ZERO,
                    payouts_started: false,
                    on_add_on_break: false,
                };
                money::check_unregister(&self.cfg.entry, &clock).map_err(entry_err)
            }
            Phase::Running => {
                if !self.entered.contains(&player) {
                    return Err(TourneyError::NotRegistered(player));
                }
                if !self.stacks.contains_key(&player) {
                    return Err(TourneyError::NotPlaying(player));
                }
                if !self.open || self.cfg.event.format.is_rounds() {
                    return Err(TourneyError::RegistrationClosed);
                }
                if self.accounts.get(&player).is_some_and(|a| a.played) {
                    return Err(TourneyError::AlreadyPlayed(player));
                }
                money::check_unregister(&self.cfg.entry, &self.entry_clock_at(at))
                    .map_err(entry_err)
            }
            _ => Err(TourneyError::RegistrationClosed),
        }
    }

    /// Common checks of a rebuy or add-on (T4): the clock, the player's record
    /// and their stack (at the start of any hand they are in).
    pub(super) fn check_purchase(
        &self,
        player: PlayerId,
        at: Ms,
    ) -> Result<(EntryClock, PlayerEntries, Chips), TourneyError> {
        if self.phase != Phase::Running {
            return Err(TourneyError::NotRunning);
        }
        let Some(&stack) = self.stacks.get(&player) else {
            return Err(if self.entered.contains(&player) {
                TourneyError::NotPlaying(player)
            } else {
                TourneyError::NotRegistered(player)
            });
        };
        if !self.open {
            return Err(TourneyError::EntriesClosed(player));
        }
        if self.deferred_chips.contains_key(&player) {
            return Err(TourneyError::PurchasePending(player));
        }
        Ok((self.entry_clock_at(at), self.player_entries(player), stack))
    }

    pub(super) fn check_result(
        &self,
        table: TableId,
        hand: u64,
        stacks: &[(PlayerId, Chips)],
    ) -> Result<(), TourneyError> {
        if self.phase != Phase::Running {
            return Err(TourneyError::NotRunning);
        }
        let h = self
            .hands
            .get(&table)
            .filter(|h| h.hand == hand)
            .ok_or(TourneyError::NoSuchHand { table, hand })?;
        if stacks.len() != h.dealt.len() {
            return Err(TourneyError::MissingPlayers {
                hand,
                count: stacks.len(),
                dealt: h.dealt.len(),
            });
        }
        // At most ten players: a quadratic scan beats hashing and allocates nothing.
        // A reported total above u64 cannot equal the dealt one: it is refused as
        // not conserved, showing the largest count.
        let mut after = Ok(Chips::ZERO);
        for (i, &(p, c)) in stacks.iter().enumerate() {
            if stacks[..i].iter().any(|x| x.0 == p) || !h.dealt.iter().any(|&(d, _)| d == p) {
                return Err(TourneyError::WrongPlayers { hand, player: p });
            }
            after = after + c;
        }
        let after = after.unwrap_or(Chips::MAX);
        let before = h
            .dealt
            .iter()
            .fold(Chips::ZERO, |sum, &(_, c)| bounded_add(sum, c));
        if before != after {
            return Err(TourneyError::ChipsNotConserved {
                hand,
                before,
                after,
            });
        }
        Ok(())
    }
}
