//! Prize tables and finishing places (rules T5, T8, T9).
//!
//! A [`PrizeTable`] is fixed once registration and rebuys close (T5) from a
//! [`PayoutRule`] and the prize pool; every cent of the pool is in it. Players
//! knocked out together are ranked by [`rank_knockouts`] (T9) and tied players
//! split their places' prizes with [`split_prizes`].
//!
//! # Remainder rules
//! - Building a table: each place gets the floor of its share; the cents left
//!   over go one each to first place, second place, and so on.
//! - Splitting a tie: the tied players share the sum of their places' prizes
//!   equally; leftover cents go one each to the tied players in ascending
//!   [`PlayerId`] order (a stable, seat-independent order).

use serde::{Deserialize, Serialize};

use crate::ids::{Cents, Chips, PlayerId};

/// How the prize pool is shared out (T5), a house rule.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum PayoutRule {
    /// A standard structure: the top `paid_basis_points` of the field (1500 =
    /// 15%, rounded up, at least one place) paid on a harmonic curve (place
    /// `i` weighs `1/i`): first place gets the most, every paid place something.
    #[serde(rename_all = "kebab-case")]
    Standard {
        /// Share of the field paid, in basis points.
        paid_basis_points: u32,
    },
    /// Explicit shares of the pool per place, in basis points summing to 10,000.
    #[serde(rename_all = "kebab-case")]
    Shares {
        /// Place 1 first.
        basis_points: Vec<u32>,
    },
    /// Winner takes all.
    WinnerTakesAll,
}

/// Why a prize table cannot be built.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PayoutError {
    /// Shares do not add up to the whole pool.
    #[error("prize shares add up to {0} basis points, not 10,000 (rule T5)")]
    SharesNot100(u64),
    /// Shares must not increase with place.
    #[error("prize for place {0} is above the prize for the place before it (rule T5)")]
    NotDescending(usize),
    /// A share of the field paid above 100% or zero.
    #[error("{0} basis points of the field paid: must be 1 to 10,000 (rule T5)")]
    BadPaidShare(u32),
    /// Nobody entered.
    #[error("no entrants")]
    NoEntrants,
}

/// The one rule every list of prizes by place follows (T5): no place pays more
/// than the place before it. Used by [`PrizeTable::explicit`], the shares of
/// [`PayoutRule::Shares`] and `holdem icm --payouts`.
///
/// ```
/// use holdem_tourney::payouts::{PayoutError, check_descending};
/// assert_eq!(check_descending(&[50, 30, 30, 20]), Ok(()));
/// assert_eq!(check_descending(&[20, 50]), Err(PayoutError::NotDescending(2)));
/// ```
pub fn check_descending<T: PartialOrd>(prizes: &[T]) -> Result<(), PayoutError> {
    match prizes.windows(2).position(|w| w[1] > w[0]) {
        Some(i) => Err(PayoutError::NotDescending(i + 2)),
        None => Ok(()),
    }
}

/// The prizes by place, fixed once registration closes (T5). Place 1 is index 0;
/// places past the end win nothing.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PrizeTable {
    prizes: Vec<Cents>,
}

impl PrizeTable {
    /// Builds the table for `entrants` sharing `pool` cents. Every cent of the
    /// pool is in the table (see the module's remainder rule).
    pub fn fix(rule: &PayoutRule, pool: Cents, entrants: u32) -> Result<PrizeTable, PayoutError> {
        if entrants == 0 {
            return Err(PayoutError::NoEntrants);
        }
        let weights: Vec<u128> = match rule {
            PayoutRule::WinnerTakesAll => vec![1],
            PayoutRule::Standard { paid_basis_points } => {
                if *paid_basis_points == 0 || *paid_basis_points > 10_000 {
                    return Err(PayoutError::BadPaidShare(*paid_basis_points));
                }
                let paid = (u64::from(entrants) * u64::from(*paid_basis_points))
                    .div_ceil(10_000)
                    .max(1);
                (1..=paid)
                    .map(|i| 1_000_000_000_000u128 / u128::from(i))
                    .collect()
            }
            PayoutRule::Shares { basis_points } => {
                let total: u64 = basis_points.iter().map(|&b| u64::from(b)).sum();
                if total != 10_000 {
                    return Err(PayoutError::SharesNot100(total));
                }
                check_descending(basis_points)?;
                let mut w: Vec<u128> = basis_points.iter().map(|&b| u128::from(b)).collect();
                // More places than entrants: fold the unreachable shares into the
                // reachable places (pro rata, via the remainder rule below).
                w.truncate(entrants as usize);
                w
            }
        };
        let total: u128 = weights.iter().sum();
        let mut prizes: Vec<Cents> = weights
            .iter()
            .map(|&w| (u128::from(pool) * w / total) as Cents)
            .collect();
        let paid: Cents = prizes.iter().sum();
        let mut left = pool - paid;
        let n = prizes.len() as u64;
        // Whole rounds first (only when shares were truncated), then one cent each from the top.
        let round = left / n;
        for p in prizes.iter_mut() {
            *p += round;
        }
        left -= round * n;
        for p in prizes.iter_mut().take(left as usize) {
            *p += 1;
        }
        Ok(PrizeTable { prizes })
    }

    /// An explicit table of prizes in cents (place 1 first), e.g. a satellite's
    /// equal seats. Must not increase with place.
    pub fn explicit(prizes: Vec<Cents>) -> Result<PrizeTable, PayoutError> {
        check_descending(&prizes)?;
        Ok(PrizeTable { prizes })
    }

    /// The prize for a place (1-based); zero outside the money.
    pub fn prize(&self, place: u32) -> Cents {
        place
            .checked_sub(1)
            .and_then(|i| self.prizes.get(i as usize))
            .copied()
            .unwrap_or(0)
    }

    /// Number of paid places. O(log places): prizes never increase with place
    /// (both constructors guarantee it), so the paid ones come first.
    pub fn paid_places(&self) -> u32 {
        self.prizes.partition_point(|&p| p > 0) as u32
    }

    /// The whole table, place 1 first.
    pub fn prizes(&self) -> &[Cents] {
        &self.prizes
    }

    /// Sum of all prizes.
    pub fn total(&self) -> Cents {
        self.prizes.iter().sum()
    }

    /// Whether the `remaining` players would all win the same prize, which ends
    /// the event (T8).
    pub fn all_remaining_win_the_same(&self, remaining: u32) -> bool {
        remaining >= 1 && (1..=remaining).all(|p| self.prize(p) == self.prize(1))
    }
}

/// A player's finish.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finish {
    /// Who.
    pub player: PlayerId,
    /// Their place (for a tie: the best place of the tied group).
    pub place: u32,
    /// How many players share this place (1 when alone).
    pub tied: u32,
    /// Their prize in cents (a tie shares the group's prizes).
    pub prize: Cents,
}

/// Ranks players knocked out together (T9) when `remaining` players were left
/// before them: more chips at the start of the hand finishes higher; equal
/// starting stacks tie and split the prizes of the places they cover. Returns the
/// finishes best first.
pub fn rank_knockouts(
    busted: &[(PlayerId, Chips)],
    remaining: u32,
    table: &PrizeTable,
) -> Vec<Finish> {
    let mut order: Vec<(PlayerId, Chips)> = busted.to_vec();
    order.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut out = Vec::with_capacity(order.len());
    let first_place = remaining + 1 - order.len() as u32;
    let mut i = 0;
    while i < order.len() {
        let stack = order[i].1;
        let j = order[i..]
            .iter()
            .position(|x| x.1 != stack)
            .map_or(order.len(), |k| i + k);
        let group: Vec<PlayerId> = order[i..j].iter().map(|x| x.0).collect();
        out.extend(split_prizes(&group, first_place + i as u32, table));
        i = j;
    }
    out
}

/// `players` tie for the places `from..from + players.len()`: each gets an equal
/// share of those places' prizes (remainder rule in the module docs).
pub fn split_prizes(players: &[PlayerId], from: u32, table: &PrizeTable) -> Vec<Finish> {
    let n = players.len() as u32;
    if n == 0 {
        return Vec::new();
    }
    let pot: Cents = (from..from + n).map(|p| table.prize(p)).sum();
    let each = pot / u64::from(n);
    let odd = pot % u64::from(n);
    let mut sorted = players.to_vec();
    sorted.sort_unstable();
    sorted
        .iter()
        .enumerate()
        .map(|(k, &player)| Finish {
            player,
            place: from,
            tied: n,
            prize: each + u64::from((k as u64) < odd),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn t5_standard_pays_top_fifteen_percent_every_cent() {
        let t = PrizeTable::fix(
            &PayoutRule::Standard {
                paid_basis_points: 1500,
            },
            100_000_001,
            10_000,
        )
        .unwrap();
        assert_eq!(t.paid_places(), 1500);
        assert_eq!(t.total(), 100_000_001);
        assert!(t.prizes().windows(2).all(|w| w[0] >= w[1]));
        assert!(t.prize(1) > 10 * t.prize(1500));
        assert_eq!(t.prize(1501), 0);
        assert_eq!(t.prize(0), 0);
    }

    #[test]
    fn t5_explicit_shares_with_remainder_to_the_top() {
        let rule = PayoutRule::Shares {
            basis_points: vec![5000, 3000, 2000],
        };
        let t = PrizeTable::fix(&rule, 1001, 9).unwrap();
        assert_eq!(t.prizes(), &[501, 300, 200]);
        let bad = PayoutRule::Shares {
            basis_points: vec![5000, 3000],
        };
        assert_eq!(
            PrizeTable::fix(&bad, 1, 9),
            Err(PayoutError::SharesNot100(8000))
        );
        let bad = PayoutRule::Shares {
            basis_points: vec![3000, 5000, 2000],
        };
        assert_eq!(
            PrizeTable::fix(&bad, 1, 9),
            Err(PayoutError::NotDescending(2))
        );
        // Two entrants but three paid places: the pool still goes out in full.
        let t = PrizeTable::fix(&rule, 1000, 2).unwrap();
        assert_eq!(t.total(), 1000);
        assert_eq!(t.prizes().len(), 2);
    }

    #[test]
    fn same_hand_knockouts_ranked_by_starting_stack_seed_000_2_2() {
        // Rule T9: 5 left, three bust in one hand with 300, 500, 300 at its start.
        let t = PrizeTable::explicit(vec![5000, 3000, 1500, 700, 301]).unwrap();
        let f = rank_knockouts(
            &[
                (PlayerId(7), Chips(300)),
                (PlayerId(8), Chips(500)),
                (PlayerId(9), Chips(300)),
            ],
            5,
            &t,
        );
        assert_eq!(
            f[0],
            Finish {
                player: PlayerId(8),
                place: 3,
                tied: 1,
                prize: 1500
            }
        );
        // 7 and 9 tie for 4th-5th and split 700 + 301 = 1001: the odd cent to the lower id.
        assert_eq!(
            f[1],
            Finish {
                player: PlayerId(7),
                place: 4,
                tied: 2,
                prize: 501
            }
        );
        assert_eq!(
            f[2],
            Finish {
                player: PlayerId(9),
                place: 4,
                tied: 2,
                prize: 500
            }
        );
    }

    #[test]
    fn event_ends_when_all_remaining_win_the_same_seed_000_2_1() {
        // Rule T8: five identical prizes end the event with five left.
        let t = PrizeTable::explicit(vec![1000; 5]).unwrap();
        assert!(t.all_remaining_win_the_same(5));
        assert!(!t.all_remaining_win_the_same(6));
        let t = PrizeTable::explicit(vec![2000, 1000]).unwrap();
        assert!(!t.all_remaining_win_the_same(2));
        assert!(t.all_remaining_win_the_same(1));
    }

    proptest! {
        #[test]
        fn t5_every_cent_is_paid(pool in 0u64..10_000_000_000, entrants in 1u32..20_000, bp in 1u32..=10_000) {
            let t = PrizeTable::fix(&PayoutRule::Standard { paid_basis_points: bp }, pool, entrants).unwrap();
            prop_assert_eq!(t.total(), pool);
            prop_assert!(t.prizes().windows(2).all(|w| w[0] >= w[1]));
            prop_assert!(t.prizes().len() as u32 <= entrants);
        }

        #[test]
        fn ties_split_exactly(n in 1usize..9, from in 1u32..10, prizes in proptest::collection::vec(0u64..100_000, 0..20)) {
            let mut prizes = prizes;
            prizes.sort_unstable_by(|a, b| b.cmp(a));
            let t = PrizeTable::explicit(prizes).unwrap();
            let players: Vec<PlayerId> = (0..n as u32).rev().map(PlayerId).collect();
            let f = split_prizes(&players, from, &t);
            let want: u64 = (from..from + n as u32).map(|p| t.prize(p)).sum();
            prop_assert_eq!(f.iter().map(|x| x.prize).sum::<u64>(), want);
            let max = f.iter().map(|x| x.prize).max().unwrap();
            let min = f.iter().map(|x| x.prize).min().unwrap();
            prop_assert!(max - min <= 1);
        }
    }
}
