//! [`FixedVec`]: a fixed-capacity list that is `Copy`, so a [`crate::Hand`] (and its
//! [`crate::HandResult`]) copies as one block of memory instead of field by field.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

/// Up to `N` items of a `Copy` type, in order. The unused slots hold a filler value
/// given at construction and are never read: equality, hashing, `Debug` and serde
/// see only the items (serde as a plain sequence, like `arrayvec::ArrayVec`).
#[derive(Copy, Clone)]
pub(crate) struct FixedVec<T: Copy, const N: usize> {
    len: u8,
    items: [T; N],
}

impl<T: Copy, const N: usize> FixedVec<T, N> {
    /// An empty list; `filler` fills the unused slots.
    pub(crate) const fn new(filler: T) -> Self {
        FixedVec {
            len: 0,
            items: [filler; N],
        }
    }

    /// Appends `item`; `false` (and no change) when the list is full.
    #[inline]
    pub(crate) fn try_push(&mut self, item: T) -> bool {
        match self.items.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = item;
                self.len += 1;
                true
            }
            None => false,
        }
    }

    /// Appends `item` to a list whose capacity the caller has sized for it.
    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        let pushed = self.try_push(item);
        debug_assert!(pushed, "a FixedVec sized for its items");
    }

    /// Removes every item.
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }

    /// The items.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<T: Copy, const N: usize> Deref for FixedVec<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Copy + PartialEq, const N: usize> PartialEq for FixedVec<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Eq, const N: usize> Eq for FixedVec<T, N> {}

impl<T: Copy + Hash, const N: usize> Hash for FixedVec<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: Copy + fmt::Debug, const N: usize> fmt::Debug for FixedVec<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// Serde as a plain sequence (the form `arrayvec::ArrayVec` had); a filler for the
/// unused slots comes from [`Filler`].
#[cfg(feature = "serde")]
mod serde_impls {
    use super::FixedVec;

    impl<T: Copy + serde::Serialize, const N: usize> serde::Serialize for FixedVec<T, N> {
        fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_seq(self.as_slice())
        }
    }

    impl<'de, T, const N: usize> serde::Deserialize<'de> for FixedVec<T, N>
    where
        T: Copy + serde::Deserialize<'de> + super::Filler,
    {
        fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let items = arrayvec::ArrayVec::<T, N>::deserialize(deserializer)?;
            let mut out = FixedVec::new(T::FILLER);
            for item in items {
                out.try_push(item);
            }
            Ok(out)
        }
    }
}

/// A value for the unused slots of a [`FixedVec`] built by deserializing.
#[cfg_attr(not(feature = "serde"), allow(dead_code))]
pub(crate) trait Filler {
    /// Any value (never read as an item).
    const FILLER: Self;
}

impl Filler for holdem_pots::Seat {
    const FILLER: Self = crate::state::SEAT_0;
}

impl Filler for (holdem_pots::Seat, crate::PostKind) {
    const FILLER: Self = (crate::state::SEAT_0, crate::PostKind::Ante);
}

#[cfg(test)]
mod tests {
    use super::FixedVec;

    #[test]
    fn a_fixed_vec_keeps_its_items_in_order_and_refuses_past_its_capacity() {
        let mut v = FixedVec::<u8, 3>::new(0);
        assert!(v.is_empty());
        assert!(v.try_push(7) && v.try_push(8) && v.try_push(9));
        assert!(!v.try_push(10));
        assert_eq!(v.as_slice(), &[7, 8, 9]);
        assert_eq!(v.first(), Some(&7));
        let copy = v;
        v.clear();
        assert!(v.is_empty());
        assert_eq!(copy.len(), 3);
        // Equality sees only the items, not the filler in unused slots.
        let (mut a, mut b) = (FixedVec::<u8, 3>::new(1), FixedVec::<u8, 3>::new(2));
        assert_eq!(a, b);
        a.try_push(5);
        b.try_push(5);
        assert_eq!(a, b);
        assert_eq!(format!("{a:?}"), "[5]");
    }
}
