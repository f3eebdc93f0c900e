//! [`Chips`]: a whole number of chips of the table's unit (rule B24).

use core::fmt;
use core::iter::Sum;

/// A whole number of chips of the table's smallest unit (rule B24).
///
/// Unsigned and never fractional: a pot, a share, a rake or a returned bet is always
/// a whole count. Arithmetic is checked ([`Chips::checked_add`], [`Chips::checked_sub`]);
/// nothing in this crate wraps or saturates silently.
///
/// Summing an iterator of chips into `Option<Chips>` is checked (`None` on overflow);
/// summing into `Chips` saturates at [`Chips::MAX`], so prefer the `Option` form
/// where the inputs are not already bounded.
///
/// ```
/// use holdem_pots::Chips;
///
/// let pot: Option<Chips> = [Chips(75), Chips(100), Chips(200)].into_iter().sum();
/// assert_eq!(pot, Some(Chips(375)));
/// assert_eq!(Chips(5).checked_sub(Chips(7)), None);
/// assert_eq!(Chips(1_100).to_string(), "1100");
/// ```
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Chips(pub u64);

impl Chips {
    /// No chips.
    pub const ZERO: Chips = Chips(0);
    /// The largest representable count.
    pub const MAX: Chips = Chips(u64::MAX);

    /// The count as a plain integer.
    #[must_use]
    pub const fn get(self) -> u64 {
        self.0
    }

    /// `true` for zero chips.
    #[must_use]
    pub const fn is_zero(self) -> bool {
        self.0 == 0
    }

    /// `self + other`, or `None` on overflow.
    #[must_use]
    pub const fn checked_add(self, other: Chips) -> Option<Chips> {
        match self.0.checked_add(other.0) {
            Some(sum) => Some(Chips(sum)),
            None => None,
        }
    }

    /// `self - other`, or `None` when `other` is larger (chips are never negative).
    #[must_use]
    pub const fn checked_sub(self, other: Chips) -> Option<Chips> {
        match self.0.checked_sub(other.0) {
            Some(diff) => Some(Chips(diff)),
            None => None,
        }
    }

    /// `self - other`, or zero when `other` is larger.
    #[must_use]
    pub const fn saturating_sub(self, other: Chips) -> Chips {
        Chips(self.0.saturating_sub(other.0))
    }
}

impl fmt::Display for Chips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

impl From<u64> for Chips {
    fn from(count: u64) -> Chips {
        Chips(count)
    }
}

impl From<Chips> for u64 {
    fn from(chips: Chips) -> u64 {
        chips.0
    }
}

/// Checked sum: `None` when the total does not fit in a `u64`.
impl Sum<Chips> for Option<Chips> {
    fn sum<I: Iterator<Item = Chips>>(mut iter: I) -> Option<Chips> {
        iter.try_fold(Chips::ZERO, Chips::checked_add)
    }
}

/// Checked sum: `None` when the total does not fit in a `u64`.
impl<'a> Sum<&'a Chips> for Option<Chips> {
    fn sum<I: Iterator<Item = &'a Chips>>(iter: I) -> Option<Chips> {
        iter.copied().sum()
    }
}

/// Saturating sum (stops at [`Chips::MAX`]); use `Option<Chips>` for a checked sum.
impl Sum for Chips {
    fn sum<I: Iterator<Item = Chips>>(iter: I) -> Chips {
        Chips(iter.fold(0u64, |acc, c| acc.saturating_add(c.0)))
    }
}

/// Saturating sum (stops at [`Chips::MAX`]); use `Option<Chips>` for a checked sum.
impl<'a> Sum<&'a Chips> for Chips {
    fn sum<I: Iterator<Item = &'a Chips>>(iter: I) -> Chips {
        iter.copied().sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn b24_checked_arithmetic_reports_overflow_and_underflow() {
        assert_eq!(Chips(2).checked_add(Chips(3)), Some(Chips(5)));
        assert_eq!(Chips::MAX.checked_add(Chips(1)), None);
        assert_eq!(Chips(3).checked_sub(Chips(2)), Some(Chips(1)));
        assert_eq!(Chips(2).checked_sub(Chips(3)), None);
        let overflow: Option<Chips> = [Chips::MAX, Chips(1)].into_iter().sum();
        assert_eq!(overflow, None);
        let saturated: Chips = [Chips::MAX, Chips(1)].iter().sum();
        assert_eq!(saturated, Chips::MAX);
    }
}
