//! Cancellation (rule T17, seed 000 section 10): rollback, or roll forward before or
//! in the money. Guarantees, fixed bounties and non-cash prizes are excluded
//! (000 10.4-10.6).

use serde::{Deserialize, Serialize};

use super::split::{split_by_weight, split_even};
use super::{Cents, Chips, MoneyError, PlayerId, Price, checked_sum, sorted_unique};

/// What a purchase was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum PurchaseKind {
    /// The first entry.
    Entry,
    /// A re-entry after busting (T3).
    ReEntry,
    /// A rebuy (T4).
    Rebuy,
    /// An add-on (T4).
    AddOn,
}

/// The form a purchase was paid in; a rollback refunds it in the same form
/// (000 10.1: "T$10 and $15 cash" comes back as T$10 and $15 cash).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Tender {
    /// Cash, in cents.
    pub cash: Cents,
    /// Tournament money (T$), in cents.
    pub t_money: Cents,
    /// The value of an entry ticket (e.g. a satellite seat), in cents.
    pub ticket: Cents,
}

impl Tender {
    /// Cash only.
    pub fn cash(cents: Cents) -> Self {
        Self {
            cash: cents,
            ..Self::default()
        }
    }

    /// The whole tender; `None` on overflow.
    pub fn total(&self) -> Option<Cents> {
        self.cash
            .checked_add(self.t_money)?
            .checked_add(self.ticket)
    }

    fn checked_add(&self, other: &Self) -> Option<Self> {
        Some(Self {
            cash: self.cash.checked_add(other.cash)?,
            t_money: self.t_money.checked_add(other.t_money)?,
            ticket: self.ticket.checked_add(other.ticket)?,
        })
    }
}

/// One purchase: an entry, re-entry, rebuy or add-on, and how it was paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Purchase {
    /// What it was.
    pub kind: PurchaseKind,
    /// Where the money went.
    pub price: Price,
    /// How it was paid; must add up to the price.
    pub paid: Tender,
}

/// Everyone who registered, with everything they bought.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Entrant {
    /// Who.
    pub player: PlayerId,
    /// Everything they bought, in order.
    pub purchases: Vec<Purchase>,
}

/// A player still in the event when it is cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Survivor {
    /// Who.
    pub player: PlayerId,
    /// Their chips.
    pub chips: Chips,
    /// The knockout bounty on their head (0 without knockout bounties); see
    /// [`Bounties::knockout_head`](super::Bounties::knockout_head).
    pub bounty_head: Cents,
}

/// A rollback refund.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Refund {
    /// Who.
    pub player: PlayerId,
    /// Everything they paid, in the form they paid it.
    pub refund: Tender,
}

/// Where the event stood when it was cancelled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoneyStage {
    /// No player has reached the money yet (000 10.2).
    BeforeTheMoney,
    /// Players are in the money (000 10.3).
    InTheMoney {
        /// The smallest prize not yet awarded (the prize for the next place to
        /// finish).
        smallest_unawarded_prize: Cents,
    },
}

/// The cash pool a roll forward shares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CashPool {
    /// Before or in the money.
    pub stage: MoneyStage,
    /// Cash prizes already awarded (to players out of the event).
    pub prizes_awarded: Cents,
    /// The cash value of tickets, seats and material prizes funded from the pool,
    /// which stay out of the cancellation (000 10.6).
    pub non_cash_prizes: Cents,
}

/// One survivor's compensation in a roll forward.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compensation {
    /// Who.
    pub player: PlayerId,
    /// Chips when cancelled.
    pub chips: Chips,
    /// Fees (of every purchase they made) and their knockout bounty, refunded.
    pub refund: Cents,
    /// Their share of the award pool.
    pub share: Cents,
}

/// The result of a roll forward.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RollForward {
    /// Per survivor, sorted by player.
    pub compensations: Vec<Compensation>,
    /// The award pool shared: the prize-pool part of every purchase, less prizes
    /// already awarded and non-cash prizes. Guarantees are not included.
    pub award_pool: Cents,
}

/// Rollback (000 10.1): every registered player gets back everything they paid
/// (buy-ins, fees, re-entries, rebuys, add-ons, knockout entries) in the form they
/// paid it, as if the event never happened. Sorted by player.
pub fn rollback(entrants: &[Entrant]) -> Result<Vec<Refund>, MoneyError> {
    sorted_unique(entrants.iter().map(|e| e.player))?;
    let mut refunds = Vec::with_capacity(entrants.len());
    for e in entrants {
        let mut refund = Tender::default();
        for p in &e.purchases {
            check_tender(e.player, p)?;
            refund = refund.checked_add(&p.paid).ok_or(MoneyError::Overflow)?;
        }
        refunds.push(Refund {
            player: e.player,
            refund,
        });
    }
    refunds.sort_by_key(|r| r.player);
    Ok(refunds)
}

/// Roll forward (000 10.2, 10.3): each survivor gets back their fees and knockout
/// bounty, and the award pool is shared:
/// - before the money, 50% evenly and 50% in proportion to chips;
/// - in the money, each survivor first gets the smallest prize not yet awarded,
///   and the rest goes in proportion to chips.
///
/// Remainders: the even half is `floor(pool / 2)` (the odd cent goes to the chip
/// half); even parts give odd cents to the largest stacks; chip parts use the
/// exact largest-remainder method; ties go to the larger stack, then the lower
/// [`PlayerId`]. If a guarantee made the smallest prize larger than the pool can
/// give everyone, each survivor gets an equal part of the pool instead (000 10.4:
/// only buy-ins are refunded).
pub fn roll_forward(
    entrants: &[Entrant],
    survivors: &[Survivor],
    pool: &CashPool,
) -> Result<RollForward, MoneyError> {
    sorted_unique(entrants.iter().map(|e| e.player))?;
    sorted_unique(survivors.iter().map(|s| s.player))?;
    if survivors.is_empty() {
        return Err(MoneyError::NoPlayers);
    }
    if let Some(s) = survivors.iter().find(|s| s.chips.is_zero()) {
        return Err(MoneyError::EmptyStack(s.player));
    }
    survivors
        .iter()
        .map(|s| s.chips)
        .sum::<Result<Chips, _>>()?;
    let mut collected: Cents = 0;
    for e in entrants {
        for p in &e.purchases {
            check_tender(e.player, p)?;
            collected = collected
                .checked_add(p.price.prize_pool)
                .ok_or(MoneyError::Overflow)?;
        }
    }
    let award_pool = collected
        .saturating_sub(pool.prizes_awarded)
        .saturating_sub(pool.non_cash_prizes);

    // Canonical order: most chips first, then lowest id.
    let mut ordered = survivors.to_vec();
    ordered.sort_by(|a, b| b.chips.cmp(&a.chips).then(a.player.cmp(&b.player)));
    let chips: Vec<u64> = ordered.iter().map(|s| s.chips.get()).collect();
    let n = ordered.len();
    let n64 = u64::try_from(n).map_err(|_| MoneyError::Overflow)?;

    let (base, by_chips_total) = match pool.stage {
        MoneyStage::BeforeTheMoney => {
            let even = award_pool / 2;
            (split_even(even, n), award_pool - even)
        }
        MoneyStage::InTheMoney {
            smallest_unawarded_prize,
        } => {
            let each = smallest_unawarded_prize.min(award_pool / n64);
            (vec![each; n], award_pool - each * n64)
        }
    };
    let by_chips = split_by_weight(by_chips_total, &chips)?;

    let mut compensations = Vec::with_capacity(n);
    for ((s, b), c) in ordered.iter().zip(base).zip(by_chips) {
        let entrant = entrants
            .iter()
            .find(|e| e.player == s.player)
            .ok_or(MoneyError::UnknownPlayer(s.player))?;
        let fees = checked_sum(entrant.purchases.iter().map(|p| p.price.fee))?;
        compensations.push(Compensation {
            player: s.player,
            chips: s.chips,
            refund: fees
                .checked_add(s.bounty_head)
                .ok_or(MoneyError::Overflow)?,
            share: b + c,
        });
    }
    compensations.sort_by_key(|c| c.player);
    Ok(RollForward {
        compensations,
        award_pool,
    })
}

fn check_tender(player: PlayerId, p: &Purchase) -> Result<(), MoneyError> {
    let price = p.price.total().ok_or(MoneyError::Overflow)?;
    let paid = p.paid.total().ok_or(MoneyError::Overflow)?;
    if price != paid {
        return Err(MoneyError::TenderMismatch {
            player,
            paid,
            price,
        });
    }
    Ok(())
}
