//! Identifiers, time and the random-draw helpers shared by the tournament modules.

use core::num::NonZeroU32;

use rand_core::RngCore;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

pub use crate::money::PlayerId;

/// A point in virtual time: milliseconds since the Unix epoch (UTC). The tournament
/// never reads a clock; every command carries one of these.
pub type Ms = u64;

/// The latest timestamp a tournament accepts: 9999-12-31T23:59:59.999Z in
/// milliseconds since the Unix epoch. Every deadline the clock counts from a
/// time up to this one (a level or break is at most `u32::MAX` minutes) fits
/// in an [`Ms`] with room to spare, so clock arithmetic cannot overflow.
pub const MAX_TIME: Ms = 253_402_300_799_999;

pub use holdem_pots::Chips;

/// `a + b` for the tournament's own chip bookkeeping (stacks, chips issued, a
/// chip race's additions), whose inputs the options bound: every amount is at most
/// [`crate::MAX_AMOUNT`] and an event sells at most [`crate::MAX_PURCHASES`], so
/// every stack and the chips issued stay below 2^63 and the sum cannot overflow.
/// Input-facing sums use the checked operators of [`Chips`] instead.
pub(crate) fn bounded_add(a: Chips, b: Chips) -> Chips {
    match a + b {
        Ok(sum) => sum,
        Err(_) => {
            debug_assert!(false, "chips in play above 2^63: {a} + {b}");
            Chips::MAX
        }
    }
}

/// `a * n` for the tournament's own chip bookkeeping (a starting stack times the
/// entrants), bounded as [`bounded_add`] is.
pub(crate) fn bounded_mul(a: Chips, n: u64) -> Chips {
    match a.get().checked_mul(n) {
        Some(product) => Chips(product),
        None => {
            debug_assert!(false, "chips in play above 2^63: {a} * {n}");
            Chips::MAX
        }
    }
}

/// `a - b` for the tournament's own chip bookkeeping where `b` is part of `a`
/// (chips a player takes back out of the chips issued).
pub(crate) fn bounded_sub(a: Chips, b: Chips) -> Chips {
    match a - b {
        Ok(diff) => diff,
        Err(_) => {
            debug_assert!(false, "{b} chips taken from {a}");
            Chips::ZERO
        }
    }
}

/// Money in integer cents of the tournament currency (prices, prize pools, bounties,
/// refunds): the one money type of the crate and of its [`money`](crate::money) module.
pub type Cents = u64;

/// One minute in [`Ms`].
pub const MINUTE: Ms = 60_000;

/// One hour in [`Ms`].
pub const HOUR: Ms = 60 * MINUTE;

// `PlayerId` is defined by the money module; the journal needs it serialisable.
// It is a plain `u32` on the wire.
impl Serialize for PlayerId {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u32(self.0)
    }
}

impl<'de> Deserialize<'de> for PlayerId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        u32::deserialize(d).map(PlayerId)
    }
}

/// A fast hasher for the tournament's small integer ids ([`PlayerId`],
/// [`TableId`]): one multiply per `u32` (Fibonacci hashing, as in FxHash). Ids
/// come from the operator, not from untrusted clients, so no DoS resistance is
/// needed; SipHash was a visible share of the simulator's profile.
#[derive(Debug, Default, Clone, Copy)]
pub struct IdHasher(u64);

const FIB: u64 = 0x9E37_79B9_7F4A_7C15;

impl std::hash::Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(FIB);
        }
    }
    fn write_u32(&mut self, n: u32) {
        self.0 = (self.0.rotate_left(5) ^ u64::from(n)).wrapping_mul(FIB);
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(FIB);
    }
}

/// A `HashMap` keyed by ids, with [`IdHasher`].
pub type IdMap<K, V> = std::collections::HashMap<K, V, std::hash::BuildHasherDefault<IdHasher>>;

/// A `HashSet` of ids, with [`IdHasher`].
pub type IdSet<K> = std::collections::HashSet<K, std::hash::BuildHasherDefault<IdHasher>>;

/// A table of the tournament. Ids are never reused within one event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct TableId(pub u32);

impl core::fmt::Display for TableId {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "table {}", self.0)
    }
}

/// An unbiased integer in `0..n`: [`holdem_cards::uniform_below`], the workspace's
/// one bounded draw. A range of one (or an empty one, which no caller passes)
/// gives 0 without drawing, so the generator's stream, and with it every seeded
/// event and recorded draw, is the one it always was.
pub(crate) fn below(rng: &mut dyn RngCore, n: u32) -> u32 {
    match NonZeroU32::new(n) {
        Some(bound) if n > 1 => holdem_cards::uniform_below(rng, bound),
        _ => 0,
    }
}

/// Fisher-Yates shuffle with unbiased bounded sampling.
pub(crate) fn shuffle<T>(rng: &mut dyn RngCore, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, (i + 1) as u32) as usize;
        items.swap(i, j);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn below_is_in_range_and_covers_every_value() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let v = below(&mut rng, 7) as usize;
            seen[v] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
    }

    #[test]
    fn shuffle_keeps_every_item() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let mut v: Vec<u32> = (0..100).collect();
        shuffle(&mut rng, &mut v);
        let mut sorted = v.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
