//! Unbiased shuffling (rule C2): Fisher-Yates over [`uniform_below`], Lemire's
//! multiply-and-reject bounded sampling. No modulo bias, no allocation.

use core::num::NonZeroU32;

use rand_core::RngCore;

use crate::Card;

/// A uniformly distributed integer in `0..n`, drawn from `rng` without modulo bias.
///
/// This is Lemire's "nearly divisionless" method: the 32-bit draw `x` maps to
/// `(x * n) >> 32`; the low half `(x * n) mod 2^32` falls below `2^32 mod n` for
/// exactly the draws that would over-represent some outputs, and those draws are
/// rejected and redrawn (rule C2). The expected number of draws is below 2 for
/// every `n`, and a single draw for almost all of them when `n` is small.
///
/// ```
/// use core::num::NonZeroU32;
/// use holdem_cards::uniform_below;
/// use rand_chacha::ChaCha20Rng;
/// use rand_core::SeedableRng;
///
/// let mut rng = ChaCha20Rng::seed_from_u64(7);
/// let n = NonZeroU32::new(52).expect("52 is not zero");
/// assert!(uniform_below(&mut rng, n) < 52);
/// ```
pub fn uniform_below<R: RngCore + ?Sized>(rng: &mut R, n: NonZeroU32) -> u32 {
    let n = n.get();
    let mut product = u64::from(rng.next_u32()) * u64::from(n);
    let mut low = product as u32;
    if low < n {
        // 2^32 mod n, computed in 32 bits: (2^32 - n) mod n.
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            product = u64::from(rng.next_u32()) * u64::from(n);
            low = product as u32;
        }
    }
    (product >> 32) as u32
}

/// Shuffles `cards` in place with the Fisher-Yates algorithm: every one of the
/// `len!` orders is equally likely when `rng` is uniform (rule C2).
///
/// From the last position down, each position swaps with a position drawn
/// uniformly from itself and those before it, via [`uniform_below`]. Slices longer
/// than `u32::MAX` cannot hold distinct cards, so only the first `u32::MAX`
/// positions would be touched; a deck is 52.
///
/// ```
/// use holdem_cards::{Card, CardSet, shuffle};
/// use rand_chacha::ChaCha20Rng;
/// use rand_core::SeedableRng;
///
/// let mut cards = Card::ALL;
/// shuffle(&mut cards, &mut ChaCha20Rng::seed_from_u64(1));
/// assert_eq!(CardSet::from_cards(&cards), CardSet::FULL); // still 52 distinct cards
/// ```
pub fn shuffle<R: RngCore + ?Sized>(cards: &mut [Card], rng: &mut R) {
    let len = cards.len().min(u32::MAX as usize);
    for i in (1..len).rev() {
        // i < u32::MAX, so i + 1 fits and is not zero.
        let bound = NonZeroU32::MIN.saturating_add(i as u32);
        let j = uniform_below(rng, bound) as usize;
        cards.swap(i, j);
    }
}
