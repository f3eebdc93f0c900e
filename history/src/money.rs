//! Exact decimal money: PHH amounts such as `0.25` or `43.65` become whole numbers of a
//! per-hand unit (here cents), never floats (B24).

use serde::{Deserialize, Serialize};
use std::fmt;

/// The most decimal places a hand's amounts may have (nano-units).
pub const MAX_DECIMALS: u8 = 9;

/// An amount as written: an integer mantissa and a number of decimal places, so
/// `43.65` is `Decimal { mantissa: 4365, decimals: 2 }`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Decimal {
    /// The digits as an integer.
    pub mantissa: u64,
    /// How many of them are after the decimal point.
    pub decimals: u8,
}

/// Why a number is not a valid amount.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AmountError {
    /// Not a number at all.
    #[error("`{0}` is not a number")]
    NotANumber(String),
    /// Negative amounts do not exist in poker.
    #[error("`{0}` is negative")]
    Negative(String),
    /// `inf` or `nan`: PHH writes `inf` for an unknown stack, which cannot be replayed.
    #[error("`{0}` is not a finite amount")]
    NotFinite(String),
    /// More decimal places than [`MAX_DECIMALS`] or more digits than fit in 64 bits.
    #[error("`{0}` has too many digits")]
    TooPrecise(String),
}

impl Decimal {
    /// Parses a TOML integer or float text (`300`, `0.50`, `1_000`, `2.5e3`) exactly.
    pub fn parse(text: &str) -> Result<Decimal, AmountError> {
        // Fast path: plain digits (`300`, `10000`), the common case. Up to 19 digits
        // always fit in a u64; anything else takes the general path below.
        let bytes = text.as_bytes();
        if !bytes.is_empty() && bytes.len() <= 19 {
            let mut mantissa = 0u64;
            let mut digits = 0;
            for &b in bytes {
                let d = b.wrapping_sub(b'0');
                if d > 9 {
                    break;
                }
                // At most 19 digits: below 10^19 < 2^64.
                mantissa = mantissa * 10 + u64::from(d);
                digits += 1;
            }
            if digits == bytes.len() {
                return Ok(Decimal {
                    mantissa,
                    decimals: 0,
                });
            }
        }
        let bad = || AmountError::NotANumber(text.to_string());
        let body = match text.as_bytes().first() {
            Some(b'-') => {
                let rest = &text[1..];
                if rest.bytes().any(|b| b.is_ascii_digit() && b != b'0') {
                    return Err(AmountError::Negative(text.to_string()));
                }
                rest
            }
            Some(b'+') => &text[1..],
            _ => text,
        };
        if matches!(body, "inf" | "nan") {
            return Err(AmountError::NotFinite(text.to_string()));
        }
        let (num, exp) = match body.find(['e', 'E']) {
            Some(i) => {
                let e: i32 = body[i + 1..].replace('_', "").parse().map_err(|_| bad())?;
                (&body[..i], e)
            }
            None => (body, 0),
        };
        let (int, frac) = match num.split_once('.') {
            Some((i, f)) => (i, Some(f)),
            None => (num, None),
        };
        let digits_ok = |s: &str| {
            !s.is_empty()
                && s.bytes().all(|b| b.is_ascii_digit() || b == b'_')
                && !s.starts_with('_')
                && !s.ends_with('_')
        };
        if !digits_ok(int) || frac.is_some_and(|f| !digits_ok(f)) {
            return Err(bad());
        }
        let too = || AmountError::TooPrecise(text.to_string());
        let mut mantissa: u64 = 0;
        let mut decimals: i32 = 0;
        for b in int.bytes().chain(frac.unwrap_or("").bytes()) {
            if b == b'_' {
                continue;
            }
            mantissa = mantissa
                .checked_mul(10)
                .and_then(|m| m.checked_add(u64::from(b - b'0')))
                .ok_or_else(too)?;
        }
        if let Some(f) = frac {
            decimals = f.bytes().filter(|&b| b != b'_').count() as i32;
        }
        decimals = decimals.checked_sub(exp).ok_or_else(too)?;
        if mantissa == 0 {
            // Zero at any positive exponent is zero (no loop over the exponent).
            decimals = decimals.max(0);
        }
        // A non-zero mantissa overflows within 20 steps.
        while decimals < 0 {
            mantissa = mantissa.checked_mul(10).ok_or_else(too)?;
            decimals += 1;
        }
        // Trailing zeros are kept: `3.00` says the unit is the cent.
        if decimals > i32::from(MAX_DECIMALS) {
            return Err(too());
        }
        Ok(Decimal {
            mantissa,
            decimals: decimals as u8,
        })
    }

    /// This amount in units of `10^-decimals`, or `None` on overflow or when it needs
    /// more places than `decimals`.
    pub fn scaled(self, decimals: u8) -> Option<u64> {
        let shift = decimals.checked_sub(self.decimals)?;
        self.mantissa
            .checked_mul(10u64.checked_pow(u32::from(shift))?)
    }
}

/// The unit of a hand's amounts: `decimals` places, so 2 means the numbers in the
/// engine are hundredths (cents) of the history's currency or chips. The readers
/// give at most [`MAX_DECIMALS`] places (a native hand with more is an error).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Unit {
    /// Decimal places of one engine unit.
    #[serde(deserialize_with = "decimal_places")]
    pub decimals: u8,
}

/// A [`Unit`]'s places from a serialized hand: at most [`MAX_DECIMALS`].
fn decimal_places<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u8, D::Error> {
    let places = u8::deserialize(d)?;
    if places > MAX_DECIMALS {
        return Err(serde::de::Error::custom(format!(
            "{places} decimal places: at most {MAX_DECIMALS}"
        )));
    }
    Ok(places)
}

impl Unit {
    /// Writes `amount` engine units as the history's decimal text (`50` at 2 places is
    /// `0.50`); every amount of a hand is written with the same places, so reading the
    /// text back gives the same unit.
    pub fn format(self, amount: u64) -> String {
        Money(amount, self).to_string()
    }
}

/// The amount that stands for an unknown stack (PHH `inf`, rule H4): far above any
/// real stack, and low enough that ten of them, bets included, fit in a `u64`. It
/// is written back as `inf`; replay plays it as a stack too deep to run out and
/// checks no result that depends on it.
pub const UNKNOWN_STACK: u64 = 1 << 56;

/// The flag that marks a dead blind in `blinds_or_straddles` (PHH writes it as a
/// negative entry, rule H4): `DEAD_BLIND | amount` is a blind of `amount` that goes
/// to the pot as dead money and is not part of the player's bet. It is written back
/// negative; [`split_blind`] separates the two parts. Postcard carries the marked
/// number as it is; JSON Lines writes a dead blind negative, as PHH does.
pub const DEAD_BLIND: u64 = 1 << 57;

/// A `blinds_or_straddles` entry as (live, dead): `(amount, 0)` for a blind or
/// straddle, `(0, amount)` for a dead blind ([`DEAD_BLIND`]).
#[inline]
pub fn split_blind(entry: u64) -> (u64, u64) {
    if entry & DEAD_BLIND != 0 && entry != UNKNOWN_STACK {
        (0, entry & !DEAD_BLIND)
    } else {
        (entry, 0)
    }
}

/// An amount together with its unit, for display.
#[derive(Copy, Clone, Debug)]
pub struct Money(pub u64, pub Unit);

impl fmt::Display for Money {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Money(amount, unit) = *self;
        if amount == UNKNOWN_STACK {
            return f.write_str("inf");
        }
        if let (0, dead @ 1..) = split_blind(amount) {
            return write!(f, "-{}", Money(dead, unit));
        }
        if unit.decimals == 0 {
            return write!(f, "{amount}");
        }
        // The readers allow at most MAX_DECIMALS places; a `Unit` built by hand with
        // more than a u64 can scale (20 or more) is written in exponent form.
        let Some(scale) = 10u64.checked_pow(u32::from(unit.decimals)) else {
            return write!(f, "{amount}e-{}", unit.decimals);
        };
        write!(
            f,
            "{}.{:0width$}",
            amount / scale,
            amount % scale,
            width = usize::from(unit.decimals)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Found by the `history_phh` fuzz target: zero with an exponent of two
    /// billion scaled itself once per power of ten (seconds of work for a few
    /// bytes), and an exponent of `i32::MIN` overflowed. Both are answered at
    /// once: zero is zero, and the other is too precise.
    #[test]
    fn huge_exponents_are_read_in_constant_time() {
        for text in ["000E000002002400350", "0e2147483647", "0.000e2000000000"] {
            assert_eq!(
                Decimal::parse(text),
                Ok(Decimal {
                    mantissa: 0,
                    decimals: 0
                }),
                "{text}"
            );
        }
        for text in ["1e-2147483648", "0e-2147483648", "5e2000000000"] {
            assert_eq!(
                Decimal::parse(text),
                Err(AmountError::TooPrecise(text.to_string())),
                "{text}"
            );
        }
    }

    #[test]
    fn decimals_are_exact() {
        // B24: 43.65 is exactly 4,365 hundredths; no float ever sees it.
        assert_eq!(
            Decimal::parse("43.65"),
            Ok(Decimal {
                mantissa: 4365,
                decimals: 2
            })
        );
        assert_eq!(
            Decimal::parse("0.50"),
            Ok(Decimal {
                mantissa: 50,
                decimals: 2
            })
        );
        assert_eq!(
            Decimal::parse("1_000"),
            Ok(Decimal {
                mantissa: 1000,
                decimals: 0
            })
        );
        assert_eq!(
            Decimal::parse("2.5e3"),
            Ok(Decimal {
                mantissa: 2500,
                decimals: 0
            })
        );
        assert_eq!(
            Decimal::parse("-0"),
            Ok(Decimal {
                mantissa: 0,
                decimals: 0
            })
        );
        assert_eq!(
            Decimal::parse("1259450.25").map(|d| d.scaled(2)),
            Ok(Some(125_945_025))
        );
        assert!(matches!(
            Decimal::parse("-1"),
            Err(AmountError::Negative(_))
        ));
        assert!(matches!(
            Decimal::parse("inf"),
            Err(AmountError::NotFinite(_))
        ));
        assert!(matches!(
            Decimal::parse("1.2.3"),
            Err(AmountError::NotANumber(_))
        ));
        assert!(matches!(
            Decimal::parse("99999999999999999999"),
            Err(AmountError::TooPrecise(_))
        ));
        assert_eq!(Unit { decimals: 2 }.format(50), "0.50");
        assert_eq!(Unit { decimals: 0 }.format(50), "50");
        // Past what a u64 can scale: no panic (a division by a wrapped zero before).
        assert_eq!(Unit { decimals: 19 }.format(5), "0.0000000000000000005");
        assert_eq!(Unit { decimals: 64 }.format(5), "5e-64");
    }
}
