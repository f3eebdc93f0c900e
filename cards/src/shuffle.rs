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

/// Shuffles only the first `count` positions of `cards` (a partial Fisher-Yates):
/// afterwards `cards[..count]` is a uniformly random ordered draw without
/// replacement from the whole slice, and the rest of the slice holds the cards not
/// drawn, in no random order (rule C2 holds for the first `count` positions only).
///
/// Why it is uniform: position `i` (from 0) swaps with a position drawn uniformly
/// from `i..len`, which at that moment holds exactly the `len - i` cards not yet
/// placed; so each placed card is uniform among the cards left, independently of the
/// earlier draws, and every ordered sequence of `count` distinct cards has the same
/// probability `1 / (len (len - 1) ... (len - count + 1))`. This is the forward form
/// of [`shuffle`] stopped after `count` steps; a hand of `n` players uses at most
/// `2n + 8` cards, so it need not pay for 52.
///
/// Draws come from one 64-bit word per two positions (its two 32-bit halves are two
/// independent uniform 32-bit draws), each reduced by Lemire's method as in
/// [`uniform_below`], rejections redrawn with 32-bit words. `count` above the length
/// shuffles the whole slice.
///
/// ```
/// use holdem_cards::{Card, CardSet, shuffle_top};
/// use rand_chacha::ChaCha20Rng;
/// use rand_core::SeedableRng;
///
/// let mut cards = Card::ALL;
/// shuffle_top(&mut cards, 20, &mut ChaCha20Rng::seed_from_u64(1));
/// assert_eq!(CardSet::from_cards(&cards), CardSet::FULL); // still 52 distinct cards
/// ```
pub fn shuffle_top<R: RngCore + ?Sized>(cards: &mut [Card], count: usize, rng: &mut R) {
    let len = cards.len().min(u32::MAX as usize);
    let count = count.min(len);
    let mut i = 0;
    while i < count {
        let word = rng.next_u64();
        // Two positions per 64-bit draw: the low half for `i`, the high half for `i + 1`.
        for half in [word as u32, (word >> 32) as u32] {
            if i >= count {
                break;
            }
            // i < count <= len <= u32::MAX, so len - i is at least 1 and fits.
            let bound = NonZeroU32::MIN.saturating_add((len - i - 1) as u32);
            let j = i + bounded_from(half, rng, bound) as usize;
            cards.swap(i, j);
            i += 1;
        }
    }
}

/// [`uniform_below`] with its first 32-bit draw `first` already taken.
#[inline(always)]
fn bounded_from<R: RngCore + ?Sized>(first: u32, rng: &mut R, n: NonZeroU32) -> u32 {
    let n = n.get();
    let mut product = u64::from(first) * u64::from(n);
    let mut low = product as u32;
    if low < n {
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            product = u64::from(rng.next_u32()) * u64::from(n);
            low = product as u32;
        }
    }
    (product >> 32) as u32
}
