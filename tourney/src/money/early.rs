//! Early payouts (rule T19, seed 000 section 12): once the event reaches the paid
//! places, every player still in receives the minimum cash at once; when they
//! finish, a second payment makes up the difference to the prize they earned.

use std::collections::BTreeMap;

use super::{Cents, MoneyError, PlayerId, sorted_unique};

/// A payment to one player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EarlyPayment {
    /// Who.
    pub player: PlayerId,
    /// How much, now.
    pub cents: Cents,
}

/// The early payouts made so far in one event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EarlyPayouts {
    min_cash: Cents,
    /// Players paid the minimum cash and not yet finished.
    open: BTreeMap<PlayerId, Cents>,
    /// Players finished: what they received in all.
    finished: BTreeMap<PlayerId, Cents>,
}

impl EarlyPayouts {
    /// The event reaches the money: each of `players` (everyone still in) receives
    /// `min_cash`, the minimum cash of the prize table. Returns the payments, sorted
    /// by player.
    pub fn reach_the_money(
        players: &[PlayerId],
        min_cash: Cents,
    ) -> Result<(Self, Vec<EarlyPayment>), MoneyError> {
        let players = sorted_unique(players.iter().copied())?;
        if players.is_empty() {
            return Err(MoneyError::NoPlayers);
        }
        let n = u64::try_from(players.len()).map_err(|_| MoneyError::Overflow)?;
        min_cash.checked_mul(n).ok_or(MoneyError::Overflow)?;
        let payments = players
            .iter()
            .map(|&player| EarlyPayment {
                player,
                cents: min_cash,
            })
            .collect();
        let open = players.iter().map(|&p| (p, min_cash)).collect();
        Ok((
            Self {
                min_cash,
                open,
                finished: BTreeMap::new(),
            },
            payments,
        ))
    }

    /// The minimum cash paid to everyone.
    pub fn min_cash(&self) -> Cents {
        self.min_cash
    }

    /// `player` finished (eliminated, or won) with `prize`: the second payment is
    /// the difference between the prize and the minimum cash already paid, or 0
    /// when no higher prize was earned (000 12: "if a higher prize hasn't been
    /// earned, there will be no second payment").
    pub fn finish(&mut self, player: PlayerId, prize: Cents) -> Result<EarlyPayment, MoneyError> {
        if self.finished.contains_key(&player) {
            return Err(MoneyError::AlreadySettled(player));
        }
        let Some(paid) = self.open.remove(&player) else {
            return Err(MoneyError::NotInTheMoney(player));
        };
        let second = prize.saturating_sub(paid);
        self.finished.insert(player, paid + second);
        Ok(EarlyPayment {
            player,
            cents: second,
        })
    }

    /// What `player` has received so far.
    pub fn paid_to(&self, player: PlayerId) -> Option<Cents> {
        self.open
            .get(&player)
            .or_else(|| self.finished.get(&player))
            .copied()
    }

    /// Players paid the minimum who have not finished yet.
    pub fn still_open(&self) -> Vec<PlayerId> {
        self.open.keys().copied().collect()
    }
}
