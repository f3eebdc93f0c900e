//! Chipping up / chip race (rule T21, seed 002): when the smallest chip is
//! retired, each player's whole sets of it change directly into the next chip,
//! and any remainder rounds up to one more chip of the next size. Seed 002: three
//! 25s become two 50s, one for the pair and one for the odd 25.
//!
//! Rounding up adds chips to play; [`ChipRaceOutcome::total_added`] reports how many.

use super::{Chips, MoneyError, PlayerId, sorted_unique};

/// A player's chips of the denomination being retired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChipRaceStack {
    /// Who.
    pub player: PlayerId,
    /// How many chips of the retired denomination they hold.
    pub retired_chips: u64,
}

/// One player's change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChipRacePlayer {
    /// Who.
    pub player: PlayerId,
    /// Chips of the retired denomination handed in.
    pub retired_chips: u64,
    /// Chips of the next denomination received.
    pub new_chips: u64,
    /// Value handed in.
    pub value_before: Chips,
    /// Value received.
    pub value_after: Chips,
    /// `value_after - value_before`: the round-up, less than one next chip.
    pub added: Chips,
}

/// The whole change: what racing off one denomination did (the option that
/// asks for it is [`crate::ChipRace`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChipRaceOutcome {
    /// The retired denomination.
    pub retired: Chips,
    /// The denomination it changes into.
    pub next: Chips,
    /// Per player, sorted by player.
    pub players: Vec<ChipRacePlayer>,
    /// Chips added to play by rounding up, over all players.
    pub total_added: Chips,
}

/// Changes every player's chips of denomination `retired` into chips of `next`
/// (rule T21). `next` must be a larger multiple of `retired`.
pub fn run_chip_race(
    retired: Chips,
    next: Chips,
    stacks: &[ChipRaceStack],
) -> Result<ChipRaceOutcome, MoneyError> {
    if retired.is_zero() || next <= retired || !next.get().is_multiple_of(retired.get()) {
        return Err(MoneyError::InvalidDenominations { retired, next });
    }
    sorted_unique(stacks.iter().map(|s| s.player))?;
    let per_set = next.get() / retired.get();
    let mut players = Vec::with_capacity(stacks.len());
    for s in stacks {
        let sets = s.retired_chips / per_set;
        let odd = s.retired_chips % per_set;
        // Seed 002: "all remaining odd chips will be rounded up to the next chip
        // denomination".
        let new_chips = sets + u64::from(odd > 0);
        let value_before = s
            .retired_chips
            .checked_mul(retired.get())
            .map(Chips)
            .ok_or(MoneyError::Overflow)?;
        let value_after = new_chips
            .checked_mul(next.get())
            .map(Chips)
            .ok_or(MoneyError::Overflow)?;
        players.push(ChipRacePlayer {
            player: s.player,
            retired_chips: s.retired_chips,
            new_chips,
            value_before,
            value_after,
            added: (value_after - value_before)?,
        });
    }
    players.sort_by_key(|p| p.player);
    let total_added = players.iter().map(|p| p.added).sum::<Result<Chips, _>>()?;
    Ok(ChipRaceOutcome {
        retired,
        next,
        players,
        total_added,
    })
}
