//! [`ForcedBets`]: per-hand forced bets beyond the config's uniform ones: any seat's
//! ante, dead antes (a big-blind ante paid by one seat), and live straddles.

use arrayvec::ArrayVec;
use holdem_pots::{Chips, Seat};

use crate::MAX_SEATS;

/// The most straddles in one hand (a straddle, a double and a triple straddle...):
/// every seat but the blinds could straddle.
pub const MAX_STRADDLES: usize = MAX_SEATS - 2;

/// Forced bets of one hand that the [`crate::HandConfig`] cannot express, in addition
/// to its uniform ones (B3, B5, B6): PHH's per-seat `antes` and the straddles of
/// `blinds_or_straddles`. Give them to [`crate::Hand::with_forced_bets`].
///
/// ```
/// use holdem_betting::{Chips, ForcedBets, Hand, HandConfig, Pending, Player, PostKind, Seat};
///
/// let s = |i| Seat::new(i).expect("seat");
/// let players: Vec<Player> = (0..4).map(|i| Player::new(s(i), Chips(1_000))).collect();
/// // Blinds 5-10, seat 3 (left of the big blind) straddles to 20; seat 2, the big
/// // blind, also posts a 10-chip big-blind ante as dead money.
/// let mut forced = ForcedBets::default();
/// forced.dead_antes[2] = Chips(10);
/// forced.straddle(s(3), Chips(20))?;
/// let config = HandConfig::no_limit(Chips(10));
/// let mut hand = Hand::with_forced_bets(config, &players, s(0), None, &forced, holdem_eval::Evaluator::new())?;
/// hand.post_forced_bets(holdem_betting::Timestamp(0), &mut Vec::new())?;
/// assert_eq!(hand.street_bet(s(3)), Chips(20));
/// assert_eq!(hand.collected_pot(), Chips(10));
/// # Ok::<(), holdem_betting::HandError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", default))]
pub struct ForcedBets {
    /// Each seat's ante (by seat index), on top of [`crate::HandConfig::ante`]: into
    /// the pot, counting for side pots like any chip (B5).
    pub antes: [Chips; MAX_SEATS],
    /// Each seat's dead ante (by seat index), on top of
    /// [`crate::HandConfig::big_blind_ante`] (which the big blind pays): dead money
    /// for the main pot, never a bet and never uncalled (B5).
    pub dead_antes: [Chips; MAX_SEATS],
    /// Live straddles in posting order, as (seat, amount): the first sits left of the
    /// big blind, each next one left of the previous straddle; each is at least
    /// double the blind or straddle before it. A straddle is an extra live blind: it
    /// sets the bet to call and the minimum raise like a big blind (B10), and the
    /// last straddler acts last before the flop (B3, B6). Pot and no limit only.
    pub straddles: ArrayVec<(Seat, Chips), MAX_STRADDLES>,
}

impl ForcedBets {
    /// Adds a straddle by `seat` to `amount` (a street total). The hand checks its
    /// seat and size when it is built.
    ///
    /// # Errors
    /// [`crate::HandError::InvalidStraddle`] when [`MAX_STRADDLES`] are already given.
    pub fn straddle(&mut self, seat: Seat, amount: Chips) -> Result<(), crate::HandError> {
        self.straddles
            .try_push((seat, amount))
            .map_err(|_| crate::HandError::InvalidStraddle {
                seat,
                reason: "too many straddles for one table",
            })
    }

    /// `true` when nothing is added to the config's forced bets.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.straddles.is_empty()
            && self.antes.iter().all(|a| a.is_zero())
            && self.dead_antes.iter().all(|a| a.is_zero())
    }
}
