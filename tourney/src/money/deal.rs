//! Deals at the final table (rule T15): ICM, chip count, or an even split of the
//! remaining prizes, less any money left in play for the winner.

use serde::{Deserialize, Serialize};

use super::fgs::{FgsOptions, fgs_equities};
use super::split::{round_shares, split_by_weight, split_even};
use super::{Cents, Chips, MoneyError, PlayerId, checked_sum, icm, sorted_unique};

/// Basis points in 100%.
const FULL_BP: u128 = 10_000;

/// A player's chips.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerStack {
    /// Who.
    pub player: PlayerId,
    /// Their chips.
    pub chips: Chips,
}

/// Where the event stands when a deal is proposed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealTable {
    /// Play has reached the final table (000 8.1.8: only players at the final
    /// table may deal).
    pub final_table: bool,
    /// Players still in the event; a deal must include all of them.
    pub players_remaining: usize,
    /// The whole prize pool of the event, for the limit on money left in play.
    pub total_prize_pool: Cents,
}

/// How a deal divides the remaining prizes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum DealMethod {
    /// The Independent Chip Model, Malmuth-Harville (the default offer, 000 8.1.10).
    Icm,
    /// In proportion to chips ("chip count" / chip-chop).
    ChipCount,
    /// The same for everyone.
    EvenSplit,
    /// Future game simulation: equities a few hands ahead under the blind
    /// structure ([`super::fgs`]); needs [`fgs_deal`].
    Fgs,
}

/// Limits on money left in play for the winner (`deal` options).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", default)]
pub struct DealOptions {
    /// The house may require at least this share of the total prize pool to stay
    /// in play, in basis points (`min-left-in-play-bp`; default 0).
    pub min_left_in_play_bp: u32,
    /// At most this share of the total prize pool may stay in play, in basis points
    /// (`max-left-in-play-bp`; default 500 = 5%, 000 8.1.5); `None`: no limit
    /// (000 8.1.6: players may agree to leave more).
    pub max_left_in_play_bp: Option<u32>,
}

impl Default for DealOptions {
    fn default() -> Self {
        Self {
            min_left_in_play_bp: 0,
            max_left_in_play_bp: Some(500),
        }
    }
}

/// One player's part of a deal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DealShare {
    /// Who.
    pub player: PlayerId,
    /// Their chips when the deal was made.
    pub chips: Chips,
    /// What the deal pays them now.
    pub cents: Cents,
}

/// A proposed deal. `shares` plus `left_in_play` add up to the remaining prizes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Deal {
    /// How it was computed.
    pub method: DealMethod,
    /// Each player's part, sorted by player.
    pub shares: Vec<DealShare>,
    /// Money left for the winner of the rest of the event; the event continues for
    /// it.
    pub left_in_play: Cents,
}

impl Deal {
    /// The part paid to `player`, if they are in the deal.
    pub fn share_of(&self, player: PlayerId) -> Option<Cents> {
        self.shares
            .iter()
            .find(|s| s.player == player)
            .map(|s| s.cents)
    }
}

/// Proposes an ICM deal. See [`deal`].
pub fn icm_deal(
    table: &DealTable,
    stacks: &[PlayerStack],
    remaining_prizes: &[Cents],
    left_in_play: Cents,
    opts: &DealOptions,
) -> Result<Deal, MoneyError> {
    deal(
        DealMethod::Icm,
        table,
        stacks,
        remaining_prizes,
        left_in_play,
        opts,
    )
}

/// Proposes a chip-count deal. See [`deal`].
pub fn chip_count_deal(
    table: &DealTable,
    stacks: &[PlayerStack],
    remaining_prizes: &[Cents],
    left_in_play: Cents,
    opts: &DealOptions,
) -> Result<Deal, MoneyError> {
    deal(
        DealMethod::ChipCount,
        table,
        stacks,
        remaining_prizes,
        left_in_play,
        opts,
    )
}

/// Proposes an even-split deal. See [`deal`].
pub fn even_split_deal(
    table: &DealTable,
    stacks: &[PlayerStack],
    remaining_prizes: &[Cents],
    left_in_play: Cents,
    opts: &DealOptions,
) -> Result<Deal, MoneyError> {
    deal(
        DealMethod::EvenSplit,
        table,
        stacks,
        remaining_prizes,
        left_in_play,
        opts,
    )
}

/// Proposes a future-game-simulation deal: `stacks` in seat order, the
/// simulation as `fgs` says (its button an index into `stacks`). Otherwise as
/// [`deal`]; the FGS equities are rounded to cents like ICM's.
pub fn fgs_deal(
    table: &DealTable,
    stacks: &[PlayerStack],
    remaining_prizes: &[Cents],
    left_in_play: Cents,
    opts: &DealOptions,
    fgs: &FgsOptions,
) -> Result<Deal, MoneyError> {
    deal_with(
        DealMethod::Fgs,
        table,
        stacks,
        remaining_prizes,
        left_in_play,
        opts,
        Some(fgs),
    )
}

/// Proposes a deal (rule T15).
///
/// `stacks` must hold every remaining player (000 8.1.8), each with chips, and the
/// table must be the final table. `remaining_prizes[k]` is the prize for place
/// `k + 1` still to be awarded (first place first, at most one per player; missing
/// places pay nothing). `left_in_play` is taken from the top prize down (it is
/// money "left on the table as the first place prize", 000 8.1.5) and must be
/// within `opts`' limits.
///
/// Rounding: ICM equities are floored to cents and the missing cents go to the
/// largest fractional parts; chip count uses the exact integer largest-remainder
/// method; the even split gives its odd cents to the largest stacks. All ties go
/// to the larger stack, then the lower [`PlayerId`], so the deal does not depend on
/// the order of `stacks`.
pub fn deal(
    method: DealMethod,
    table: &DealTable,
    stacks: &[PlayerStack],
    remaining_prizes: &[Cents],
    left_in_play: Cents,
    opts: &DealOptions,
) -> Result<Deal, MoneyError> {
    deal_with(
        method,
        table,
        stacks,
        remaining_prizes,
        left_in_play,
        opts,
        None,
    )
}

fn deal_with(
    method: DealMethod,
    table: &DealTable,
    stacks: &[PlayerStack],
    remaining_prizes: &[Cents],
    left_in_play: Cents,
    opts: &DealOptions,
    fgs: Option<&FgsOptions>,
) -> Result<Deal, MoneyError> {
    if !table.final_table {
        return Err(MoneyError::DealBeforeFinalTable);
    }
    if stacks.is_empty() {
        return Err(MoneyError::NoPlayers);
    }
    sorted_unique(stacks.iter().map(|s| s.player))?;
    if stacks.len() != table.players_remaining {
        return Err(MoneyError::DealMissingPlayers {
            included: stacks.len(),
            remaining: table.players_remaining,
        });
    }
    if let Some(s) = stacks.iter().find(|s| s.chips.is_zero()) {
        return Err(MoneyError::EmptyStack(s.player));
    }
    stacks.iter().map(|s| s.chips).sum::<Result<Chips, _>>()?;
    if remaining_prizes.len() > stacks.len() {
        return Err(MoneyError::TooManyPrizes {
            prizes: remaining_prizes.len(),
            players: stacks.len(),
        });
    }
    let pool = checked_sum(remaining_prizes.iter().copied())?;
    check_left_in_play(left_in_play, pool, table.total_prize_pool, opts)?;
    let to_share = pool - left_in_play;

    // Canonical order: most chips first, then lowest id.
    let mut ordered = stacks.to_vec();
    ordered.sort_by(|a, b| b.chips.cmp(&a.chips).then(a.player.cmp(&b.player)));
    let chips: Vec<u64> = ordered.iter().map(|s| s.chips.get()).collect();

    let cents = match method {
        DealMethod::Icm => {
            let prizes = prizes_less_left_in_play(remaining_prizes, left_in_play);
            let prizes: Vec<f64> = prizes.iter().map(|&p| p as f64).collect();
            let exact = icm::equities(&chips, &prizes)?;
            round_shares(to_share, &exact)
        }
        DealMethod::Fgs => {
            let Some(fgs) = fgs else {
                return Err(MoneyError::FgsNeedsStructure);
            };
            let prizes = prizes_less_left_in_play(remaining_prizes, left_in_play);
            let prizes: Vec<f64> = prizes.iter().map(|&p| p as f64).collect();
            // Simulated in seat order, then put in the canonical order.
            let seat_chips: Vec<u64> = stacks.iter().map(|s| s.chips.get()).collect();
            let by_seat = fgs_equities(&seat_chips, &prizes, fgs)?.equity;
            let exact: Vec<f64> = ordered
                .iter()
                .map(|o| {
                    stacks
                        .iter()
                        .position(|s| s.player == o.player)
                        .and_then(|i| by_seat.get(i).copied())
                        .unwrap_or(0.0)
                })
                .collect();
            round_shares(to_share, &exact)
        }
        DealMethod::ChipCount => split_by_weight(to_share, &chips)?,
        DealMethod::EvenSplit => split_even(to_share, ordered.len()),
    };
    let mut shares: Vec<DealShare> = ordered
        .iter()
        .zip(cents)
        .map(|(s, cents)| DealShare {
            player: s.player,
            chips: s.chips,
            cents,
        })
        .collect();
    shares.sort_by_key(|s| s.player);
    Ok(Deal {
        method,
        shares,
        left_in_play,
    })
}

/// The prizes after `left` is taken from the top prize down.
fn prizes_less_left_in_play(prizes: &[Cents], mut left: Cents) -> Vec<Cents> {
    prizes
        .iter()
        .map(|&p| {
            let take = p.min(left);
            left -= take;
            p - take
        })
        .collect()
}

fn check_left_in_play(
    left: Cents,
    pool: Cents,
    total_prize_pool: Cents,
    opts: &DealOptions,
) -> Result<(), MoneyError> {
    let of_total = |bp: u32| u64::try_from(u128::from(total_prize_pool) * u128::from(bp) / FULL_BP);
    let min = of_total(opts.min_left_in_play_bp).map_err(|_| MoneyError::Overflow)?;
    if left < min {
        return Err(MoneyError::LeftInPlayTooSmall { left, min });
    }
    let mut max = pool;
    if let Some(bp) = opts.max_left_in_play_bp {
        max = max.min(of_total(bp).map_err(|_| MoneyError::Overflow)?);
    }
    if left > max {
        return Err(MoneyError::LeftInPlayTooLarge { left, max });
    }
    Ok(())
}
