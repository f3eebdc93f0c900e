//! [`Chips`]: a whole number of chips of the table's unit (rule B24), and
//! [`ChipsError`], the one way chip arithmetic can fail.
//!
//! Every crate of the workspace counts chips with this one type (the betting and
//! tournament crates re-export it). Its arithmetic never wraps and never clamps
//! silently:
//!
//! - `a + b` and `a - b` return `Result<Chips, ChipsError>`: an overflow, or a
//!   subtraction below zero, is an error the caller handles (`(a + b)?`). Sums
//!   chain (`(a + b + c)?`): adding to a `Result` carries the first error on.
//! - [`Chips::checked_add`] and [`Chips::checked_sub`] are the `Option` forms.
//! - Summing an iterator into `Result<Chips, ChipsError>` or `Option<Chips>` is
//!   checked. There is no sum into a bare `Chips`: it would have to clamp or panic.
//! - [`Chips::saturating_sub`] is the one clamp, and it says so by name: "what is
//!   left after taking `other`, or nothing" (a call amount, a cap's room).
//!
//! There are no `+=`/`-=` operators: an assignment cannot return the error.

use core::fmt;
use core::iter::Sum;
use core::ops::{Add, Sub};

/// Chip arithmetic that does not fit: the result of an addition above
/// [`Chips::MAX`], or of a subtraction below zero. Nothing was changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ChipsError {
    /// `left + right` is more than [`Chips::MAX`] (rule B24).
    #[error("{left} + {right} chips overflows the largest count, {max} (rule B24)", max = Chips::MAX)]
    Overflow {
        /// The left operand.
        left: Chips,
        /// The right operand.
        right: Chips,
    },
    /// `left - right` is below zero: chips are never negative (rule B24).
    #[error("{left} - {right} chips is below zero: chips are never negative (rule B24)")]
    Underflow {
        /// The left operand.
        left: Chips,
        /// The right operand.
        right: Chips,
    },
}

/// A whole number of chips of the table's smallest unit (rule B24).
///
/// Unsigned and never fractional: a pot, a share, a rake or a returned bet is always
/// a whole count. Arithmetic is checked: `+` and `-`
/// return `Result<Chips, ChipsError>`, nothing wraps or clamps silently.
///
/// Serialized as a plain `u64` (`serde(transparent)`).
///
/// ```
/// use holdem_pots::{Chips, ChipsError};
///
/// let pot = (Chips(75) + Chips(100) + Chips(200))?;
/// assert_eq!(pot, Chips(375));
/// let summed: Result<Chips, ChipsError> = [Chips(75), Chips(100), Chips(200)].into_iter().sum();
/// assert_eq!(summed, Ok(pot));
/// assert!(matches!(Chips(5) - Chips(7), Err(ChipsError::Underflow { .. })));
/// assert!((Chips::MAX + Chips(1)).is_err());
/// assert_eq!(Chips(5).checked_sub(Chips(7)), None);
/// assert_eq!(Chips(1_100).to_string(), "1100");
/// # Ok::<(), ChipsError>(())
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

    /// `self - other`, or zero when `other` is larger: the one clamp, for amounts
    /// that mean "what is left, or nothing" (a call amount, a cap's room).
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

/// Checked sum: [`ChipsError::Overflow`] when the total does not fit in a `u64`.
impl Sum<Chips> for Result<Chips, ChipsError> {
    fn sum<I: Iterator<Item = Chips>>(mut iter: I) -> Result<Chips, ChipsError> {
        iter.try_fold(Chips::ZERO, |sum, c| sum + c)
    }
}

/// Checked sum: [`ChipsError::Overflow`] when the total does not fit in a `u64`.
impl<'a> Sum<&'a Chips> for Result<Chips, ChipsError> {
    fn sum<I: Iterator<Item = &'a Chips>>(iter: I) -> Result<Chips, ChipsError> {
        iter.copied().sum()
    }
}

/// `self + other`, or [`ChipsError::Overflow`].
impl Add for Chips {
    type Output = Result<Chips, ChipsError>;

    fn add(self, other: Chips) -> Result<Chips, ChipsError> {
        self.checked_add(other).ok_or(ChipsError::Overflow {
            left: self,
            right: other,
        })
    }
}

/// `self - other`, or [`ChipsError::Underflow`] when `other` is larger.
impl Sub for Chips {
    type Output = Result<Chips, ChipsError>;

    fn sub(self, other: Chips) -> Result<Chips, ChipsError> {
        self.checked_sub(other).ok_or(ChipsError::Underflow {
            left: self,
            right: other,
        })
    }
}

/// Chains a checked sum: an earlier error is carried on unchanged.
impl Add<Chips> for Result<Chips, ChipsError> {
    type Output = Result<Chips, ChipsError>;

    fn add(self, other: Chips) -> Result<Chips, ChipsError> {
        self.and_then(|sum| sum + other)
    }
}

/// Chains a checked difference: an earlier error is carried on unchanged.
impl Sub<Chips> for Result<Chips, ChipsError> {
    type Output = Result<Chips, ChipsError>;

    fn sub(self, other: Chips) -> Result<Chips, ChipsError> {
        self.and_then(|diff| diff - other)
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
        let overflow: Result<Chips, ChipsError> = [Chips::MAX, Chips(1)].iter().sum();
        assert_eq!(
            overflow,
            Err(ChipsError::Overflow {
                left: Chips::MAX,
                right: Chips(1)
            })
        );
        assert_eq!((Chips(2) + Chips(3) - Chips(4)), Ok(Chips(1)));
        assert_eq!(
            Chips(2) - Chips(3) + Chips(4),
            Err(ChipsError::Underflow {
                left: Chips(2),
                right: Chips(3)
            })
        );
    }
}
