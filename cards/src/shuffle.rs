//! Unbiased shuffling (rule C2): Fisher-Yates over [`uniform_below`], Lemire's
//! multiply-and-reject bounded sampling. No modulo bias, no allocation.

use core::num::{NonZeroU32, NonZeroU64};

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
/// A bound of zero cannot be passed (`NonZeroU32` has no zero), so there is no
/// empty range to refuse and the function never panics. This is the one bounded
/// draw of the workspace: the shuffles, the button draw, equity sampling, the
/// tournament's draws and the history generators all use it (or
/// [`uniform_below_u64`] for 64-bit bounds).
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

/// A uniformly distributed integer in `0..n`, drawn from `rng` without modulo bias:
/// [`uniform_below`] for 64-bit bounds (amounts, stacks), one 64-bit draw per try.
///
/// The same multiply-and-reject method with a 128-bit product: the draw `x` maps to
/// `(x * n) >> 64`, and draws whose low half falls below `2^64 mod n` are redrawn.
/// A bound of zero cannot be passed (the type has no zero), so the function has no
/// case to refuse and never panics; a bound of one returns 0 after one draw.
///
/// ```
/// use core::num::NonZeroU64;
/// use holdem_cards::rng::{ChaCha8Rng, SeedableRng, uniform_below_u64};
///
/// let mut rng = ChaCha8Rng::seed_from_u64(7);
/// let n = NonZeroU64::new(3 << 40).expect("not zero");
/// assert!(uniform_below_u64(&mut rng, n) < 3 << 40);
/// ```
pub fn uniform_below_u64<R: RngCore + ?Sized>(rng: &mut R, n: NonZeroU64) -> u64 {
    let n = n.get();
    let mut product = u128::from(rng.next_u64()) * u128::from(n);
    let mut low = product as u64;
    if low < n {
        // 2^64 mod n, computed in 64 bits: (2^64 - n) mod n.
        let threshold = n.wrapping_neg() % n;
        while low < threshold {
            product = u128::from(rng.next_u64()) * u128::from(n);
            low = product as u64;
        }
    }
    (product >> 64) as u64
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
/// Draws are batched (Brackett-Rozinsky and Lemire, "Batched ranged random integer
/// generation", 2024): one 64-bit word gives the offsets of several consecutive
/// positions whose bounds multiply to at most 2^48. The word `x` is multiplied by
/// each bound in turn (`x * n` as a 128-bit product: the high half is that
/// position's offset, the low half carries on); the batch is accepted unless the
/// final low half falls below `2^64 mod P` (`P` the product of the bounds), and
/// then redrawn whole. Over the accepted words the offsets are exactly uniform and
/// independent, as with one Lemire draw per position; a rejection happens with
/// probability below `P / 2^64 <= 2^-16`. A 6-max hand's 20 cards take three
/// words. `count` above the length shuffles the whole slice.
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
    // Batches of eight while eight bounds of at most 64 multiply to at most 2^48,
    // then of four (64^4 = 2^24), then one position per word (bounds up to 2^32).
    while count - i >= 8 && len - i <= 64 {
        place::<R, 8>(cards, i, len, rng);
        i += 8;
    }
    while count - i >= 4 && len - i <= 64 {
        place::<R, 4>(cards, i, len, rng);
        i += 4;
    }
    while i < count {
        place::<R, 1>(cards, i, len, rng);
        i += 1;
    }
}

/// Places positions `i..i + K` (bounds `len - i` down to `len - i - K + 1`, whose
/// product is at most 2^48) from one accepted 64-bit word.
#[inline(always)]
fn place<R: RngCore + ?Sized, const K: usize>(
    cards: &mut [Card],
    i: usize,
    len: usize,
    rng: &mut R,
) {
    let first = (len - i) as u64;
    let mut product = 1u64;
    for t in 0..K as u64 {
        product = product.wrapping_mul(first - t);
    }
    let (mut offsets, mut low) = batch::<K>(rng.next_u64(), first);
    if low < product {
        // 2^64 mod P, computed in 64 bits: (2^64 - P) mod P.
        let threshold = product.wrapping_neg() % product;
        while low < threshold {
            (offsets, low) = batch::<K>(rng.next_u64(), first);
        }
    }
    for (t, offset) in offsets.into_iter().enumerate() {
        // offset < len - i - t, so the swap stays in the slice.
        cards.swap(i + t, i + t + offset as usize);
    }
}

/// One batch of bounded draws from `word`: offset `t` uniform below `first - t`.
/// Returns the offsets and the final low half for the rejection test.
#[inline(always)]
fn batch<const K: usize>(word: u64, first: u64) -> ([u64; K], u64) {
    let mut low = word;
    let mut out = [0u64; K];
    for (t, slot) in out.iter_mut().enumerate() {
        let product = u128::from(low) * u128::from(first - t as u64);
        *slot = (product >> 64) as u64;
        low = product as u64;
    }
    (out, low)
}
