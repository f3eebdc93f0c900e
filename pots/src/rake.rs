//! Rake policy (rules B23, P5): how much the house takes, and from which pots.

use arrayvec::ArrayVec;

use crate::{Chips, MAX_POTS, Pot, PotsError};

/// How a percentage rake that is not a whole chip is rounded (B24: chips are whole).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RakeRounding {
    /// Drop the fraction: the players keep it. The default.
    #[default]
    Down,
    /// Round to the nearest chip, a half chip rounding up.
    Nearest,
}

/// Which pots the rake is taken from.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum RakeSource {
    /// Each pot in order, main pot first: every pot is raked at the rate on its own
    /// amount (rounded per pot) until the cap is reached; later pots pay what is left
    /// under the cap. The default.
    #[default]
    EachPot,
    /// The main pot only, at the rate on the main pot's amount, up to the cap; side
    /// pots are never raked.
    MainPotOnly,
}

/// A cash-game rake policy (rule B23); rake comes out of a pot before it is shared
/// (rule P5). Tournaments use [`RakePolicy::NONE`].
///
/// `Default` is no rake at all (rate 0).
///
/// ```
/// use holdem_pots::{Chips, RakePolicy, RakeRounding, RakeSource};
///
/// // 5% rounded down, capped at 3 chips, no rake when no flop is dealt.
/// let policy = RakePolicy {
///     basis_points: 500,
///     rounding: RakeRounding::Down,
///     cap: Some(Chips(3)),
///     no_flop_no_drop: true,
///     source: RakeSource::EachPot,
/// };
/// assert_eq!(policy.rake_on(Chips(59))?, Chips(2)); // 2.95 rounds down
/// assert_eq!(policy.rake_on(Chips(1_000))?, Chips(3)); // capped
/// # Ok::<(), holdem_pots::PotsError>(())
/// ```
///
/// With the `serde` feature the keys and choices are kebab-case, like every
/// rules document: `basis-points = 500`, `rounding = "down"`, `cap = 3`,
/// `no-flop-no-drop = true`, `source = "each-pot"`. Every key may be omitted and
/// takes its value in [`RakePolicy::NONE`] (`cap` absent: no cap).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", default))]
pub struct RakePolicy {
    /// The rate in basis points (1/100 of a percent): 500 is 5%. At most 10,000.
    pub basis_points: u16,
    /// How a fractional rake is rounded.
    pub rounding: RakeRounding,
    /// The most the house takes from one hand, in chips; `None` for no cap.
    pub cap: Option<Chips>,
    /// "No flop, no drop": no rake at all when the hand ends before the flop.
    pub no_flop_no_drop: bool,
    /// Which pots the rake comes from.
    pub source: RakeSource,
}

/// The rake taken from each pot, index-aligned with the pots.
pub type PotRakes = ArrayVec<Chips, MAX_POTS>;

impl RakePolicy {
    /// No rake (tournaments, home games).
    pub const NONE: RakePolicy = RakePolicy {
        basis_points: 0,
        rounding: RakeRounding::Down,
        cap: None,
        no_flop_no_drop: false,
        source: RakeSource::EachPot,
    };

    /// Checks the rate is at most 100%.
    ///
    /// # Errors
    /// [`PotsError::RakeRate`] when `basis_points > 10_000`.
    pub const fn validate(&self) -> Result<(), PotsError> {
        if self.basis_points > 10_000 {
            return Err(PotsError::RakeRate {
                basis_points: self.basis_points,
            });
        }
        Ok(())
    }

    /// The rake on a single pot of `amount` chips: the rate, rounded, then capped.
    /// Ignores [`RakePolicy::source`] and [`RakePolicy::no_flop_no_drop`].
    ///
    /// # Errors
    /// [`PotsError::RakeRate`] when the rate is above 100%.
    pub fn rake_on(&self, amount: Chips) -> Result<Chips, PotsError> {
        self.validate()?;
        let raw = self.rate_rake(amount);
        Ok(match self.cap {
            Some(cap) => raw.min(cap),
            None => raw,
        })
    }

    fn rate_rake(&self, amount: Chips) -> Chips {
        let bp = u64::from(self.basis_points);
        // Fast path in u64; u128 only for pots above ~1.8e15 chips.
        if let Some(product) = amount
            .get()
            .checked_mul(bp)
            .filter(|p| *p < u64::MAX - 5_000)
        {
            let rounded = match self.rounding {
                RakeRounding::Down => product / 10_000,
                RakeRounding::Nearest => (product + 5_000) / 10_000,
            };
            return Chips(rounded.min(amount.get()));
        }
        let product = u128::from(amount.get()) * u128::from(self.basis_points);
        let rounded = match self.rounding {
            RakeRounding::Down => product / 10_000,
            RakeRounding::Nearest => (product + 5_000) / 10_000,
        };
        // At most `amount` because the rate is at most 100% (validated by callers).
        Chips(
            u64::try_from(rounded)
                .unwrap_or(amount.get())
                .min(amount.get()),
        )
    }

    /// The rake taken from each of `pots` (index-aligned), following
    /// [`RakePolicy::source`], the cap over the whole hand, and "no flop, no drop"
    /// (`flop_dealt` says whether the flop was dealt). Never more than a pot holds.
    ///
    /// # Errors
    /// [`PotsError::RakeRate`] when the rate is above 100%; [`PotsError::TooManyPots`]
    /// for more than [`MAX_POTS`] pots.
    pub fn rake_pots(&self, pots: &[Pot], flop_dealt: bool) -> Result<PotRakes, PotsError> {
        self.validate()?;
        let mut rakes = PotRakes::new();
        let no_drop = self.no_flop_no_drop && !flop_dealt;
        let mut left_under_cap = self.cap.unwrap_or(Chips::MAX);
        for (i, pot) in pots.iter().enumerate() {
            let raked = !no_drop && (i == 0 || self.source == RakeSource::EachPot);
            let rake = if raked {
                self.rate_rake(pot.amount()).min(left_under_cap)
            } else {
                Chips::ZERO
            };
            left_under_cap = left_under_cap.saturating_sub(rake);
            rakes
                .try_push(rake)
                .map_err(|_| PotsError::TooManyPots { count: pots.len() })?;
        }
        Ok(rakes)
    }
}
