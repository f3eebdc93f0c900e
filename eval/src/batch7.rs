//! The kernel of [`Evaluator::rank_batch7`](crate::Evaluator::rank_batch7)
//! and [`Evaluator::evaluate_batch7`](crate::Evaluator::evaluate_batch7):
//! the keys of four hands at a time in one AVX2 register, where the CPU has
//! AVX2 (checked at run time), so that a hand costs two table reads (row
//! offset, rank) instead of sixteen (seven ids, seven card keys, offset,
//! rank).
//!
//! How four keys are built without a card-key read (per 64-bit lane, one hand):
//! - the hand's seven id bytes and a pad byte `0xff` fill the lane (one
//!   shuffle of two 16-byte loads);
//! - a card's rank base is below 2^23 (`RANK_BASES`), so it is three bytes;
//!   one byte shuffle per byte plane looks the plane up by rank index (`id >>
//!   2`; the pad's index 15 gives 0) and one `psadbw` adds the lane's eight
//!   bytes, so the rank key is `p0 + p1 << 8 + p2 << 16`, the same sum as the
//!   scalar key's;
//! - two more planes count the suits (clubs and diamonds in the two nibbles
//!   of one sum, hearts and spades in another); biased by 3, a nibble's bit 3
//!   is set at five cards of a suit, so one mask test tells whether any of
//!   the four hands has a flush (about 11% of random groups of four); in such
//!   a group the flush hand takes the scalar
//!   [`Evaluator::rank7`](crate::Evaluator::rank7), the others their key;
//! - for the validated batch, each lane is compared with itself rotated by
//!   one to four bytes: every pair of its eight bytes meets once, and the pad
//!   equals no card id, so any equal pair is a repeated card.
//!
//! The key is laid out as `fast`'s non-flush path reads it (rank key in bits
//! 39-63, its low 17 bits again in bits 15-31), so the table reads are the
//! scalar ones.

use holdem_cards::Card;

use crate::HandRank;
use crate::fast::Evaluator;

// The loads below read the hands' memory as bytes: a `Card` is one byte (its
// only field, the index), so four hands are 28 contiguous bytes.
const _: () = assert!(core::mem::size_of::<Card>() == 1);
const _: () = assert!(core::mem::size_of::<[Card; 7]>() == 7);

/// Ranks as many whole groups of four hands as `hands` holds (`out` at least
/// as long) and returns how many hands it ranked; the caller ranks the rest.
/// Uses AVX2 where the CPU has it, else ranks nothing.
#[inline]
pub(crate) fn rank_groups(eval: Evaluator, hands: &[[Card; 7]], out: &mut [HandRank]) -> usize {
    groups::<false>(eval, hands, out).0
}

/// [`rank_groups`], also telling whether any hand it ranked repeats a card
/// (for [`Evaluator::evaluate_batch7`](crate::Evaluator::evaluate_batch7)).
#[inline]
pub(crate) fn evaluate_groups(
    eval: Evaluator,
    hands: &[[Card; 7]],
    out: &mut [HandRank],
) -> (usize, bool) {
    groups::<true>(eval, hands, out)
}

/// [`evaluate_groups`] on raw card ids: `ids` holds hands of seven id bytes
/// back to back (`ids.len() / 7` hands, the rest ignored). Returns how many
/// hands it ranked and whether any of them repeats a byte or holds a byte
/// that is no card id (52 or more); such a hand gets an unspecified rank (the
/// keys stay in the tables' bounds whatever the bytes).
#[inline]
pub(crate) fn evaluate_id_groups(
    eval: Evaluator,
    ids: &[u8],
    out: &mut [HandRank],
) -> (usize, bool) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked on the line above), the only
        // requirement of a `#[target_feature(enable = "avx2")]` function.
        #[allow(unsafe_code)]
        return unsafe { avx2::rank_id_groups(eval, ids, out) };
    }
    let _ = (eval, ids, out);
    (0, false)
}

#[inline]
fn groups<const CHECK: bool>(
    eval: Evaluator,
    hands: &[[Card; 7]],
    out: &mut [HandRank],
) -> (usize, bool) {
    #[cfg(target_arch = "x86_64")]
    if std::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2 (checked on the line above), the only
        // requirement of a `#[target_feature(enable = "avx2")]` function.
        #[allow(unsafe_code)]
        return unsafe { avx2::rank_groups::<CHECK>(eval, hands, out) };
    }
    let _ = (eval, hands, out);
    (0, false)
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use core::arch::x86_64::{
        __m256i, _mm_loadu_si128, _mm256_add_epi64, _mm256_and_si256, _mm256_cmpeq_epi8,
        _mm256_extract_epi64, _mm256_max_epu8, _mm256_movemask_epi8, _mm256_or_si256,
        _mm256_sad_epu8, _mm256_set_m128i, _mm256_set1_epi8, _mm256_set1_epi64x, _mm256_setr_epi8,
        _mm256_setzero_si256, _mm256_shuffle_epi8, _mm256_slli_epi64, _mm256_srli_epi16,
        _mm256_srli_epi64,
    };

    use holdem_cards::Card;

    use crate::HandRank;
    use crate::fast::Evaluator;
    use crate::tables::RANK_BASES;

    /// A 16-byte table in both 128-bit lanes (a byte shuffle looks up within
    /// its own lane).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn both_lanes(t: [i8; 16]) -> __m256i {
        let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p] = t;
        _mm256_setr_epi8(
            a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p, a, b, c, d, e, f, g, h, i, j, k, l, m,
            n, o, p,
        )
    }

    /// Byte `plane` of each rank's base, by rank index (13-15: 0), as a
    /// shuffle table.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn rank_plane(plane: u32) -> __m256i {
        both_lanes(core::array::from_fn(|r| match RANK_BASES.get(r) {
            Some(base) => (base >> (8 * plane)) as u8 as i8,
            None => 0,
        }))
    }

    /// A shuffle table of suit counts by suit index 0-3 (the pad's index,
    /// `0x83`, gives 0).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn suit_plane(s0: i8, s1: i8, s2: i8, s3: i8) -> __m256i {
        both_lanes([s0, s1, s2, s3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    }

    /// The 28 id bytes of four hands in one register: bytes 0-15 in the low
    /// 128-bit lane, bytes 12-27 in the high one.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load_group(group: &[[Card; 7]; 4]) -> __m256i {
        let bytes = group.as_ptr().cast::<u8>();
        // SAFETY: `group` is 28 initialised bytes (the asserts at the top of
        // the module: a card is its one index byte); the loads read bytes
        // 0..16 and 12..28, both inside it, unaligned loads need no alignment.
        #[allow(unsafe_code)]
        let (lo, hi) = unsafe {
            (
                _mm_loadu_si128(bytes.cast()),
                _mm_loadu_si128(bytes.add(12).cast()),
            )
        };
        _mm256_set_m128i(hi, lo)
    }

    /// [`load_group`] of four hands given as 28 raw id bytes.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn load_ids(group: &[u8; 28]) -> __m256i {
        let bytes = group.as_ptr();
        // SAFETY: `group` is 28 initialised bytes; the loads read bytes 0..16
        // and 12..28, both inside it, unaligned loads need no alignment.
        #[allow(unsafe_code)]
        let (lo, hi) = unsafe {
            (
                _mm_loadu_si128(bytes.cast()),
                _mm_loadu_si128(bytes.add(12).cast()),
            )
        };
        _mm256_set_m128i(hi, lo)
    }

    /// Four hands' keys (one per 64-bit lane, in `fast`'s non-flush layout),
    /// which of them hold five cards of a suit (bit `8j` for hand `j`), and,
    /// if `CHECK`, whether any hand repeats a card (else `false`), from the
    /// group's bytes as [`load_group`] lays them out.
    #[inline]
    #[target_feature(enable = "avx2")]
    fn keys4<const CHECK: bool>(raw: __m256i) -> (__m256i, u32, bool) {
        // Lane 0 holds hands 0 and 1 at bytes 0-6 and 7-13; lane 1 hands 2
        // and 3 at bytes 2-8 and 9-15. Each hand goes to a 64-bit lane, its
        // eighth byte 0 (index 0x80), then 0xff (the pad).
        let spread = _mm256_setr_epi8(
            0, 1, 2, 3, 4, 5, 6, -128, 7, 8, 9, 10, 11, 12, 13, -128, 2, 3, 4, 5, 6, 7, 8, -128, 9,
            10, 11, 12, 13, 14, 15, -128,
        );
        let pad = _mm256_setr_epi8(
            0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, 0, 0,
            0, 0, 0, -1,
        );
        let ids = _mm256_or_si256(_mm256_shuffle_epi8(raw, spread), pad);
        // Rank index: id >> 2 (the 16-bit shift's bits from the next byte
        // land in bits 6-7, masked off); the pad gives 15.
        let rank = _mm256_and_si256(_mm256_srli_epi16::<2>(ids), _mm256_set1_epi8(0x0f));
        // Suit index: id & 3; the pad gives 0x83 (bit 7: the shuffle gives 0).
        let suit = _mm256_and_si256(ids, _mm256_set1_epi8(0x83u8 as i8));
        let zero = _mm256_setzero_si256();
        let plane = |p: u32| _mm256_sad_epu8(_mm256_shuffle_epi8(rank_plane(p), rank), zero);
        let rank_key = _mm256_add_epi64(
            _mm256_add_epi64(plane(0), _mm256_slli_epi64::<8>(plane(1))),
            _mm256_slli_epi64::<16>(plane(2)),
        );
        // fast's layout: the rank key in bits 39-63, its low 17 bits in 15-31.
        let key = _mm256_add_epi64(
            _mm256_slli_epi64::<39>(rank_key),
            _mm256_srli_epi64::<32>(_mm256_slli_epi64::<47>(rank_key)),
        );
        // Suit counts, two per sum: 1 + 16 per card, biased by 3 each (0x33).
        let bias = _mm256_set1_epi64x(0x33);
        let counts = |table: __m256i| {
            _mm256_add_epi64(
                _mm256_sad_epu8(_mm256_shuffle_epi8(table, suit), zero),
                bias,
            )
        };
        let flags = _mm256_or_si256(
            counts(suit_plane(1, 16, 0, 0)),
            counts(suit_plane(0, 0, 1, 16)),
        );
        // Bit 3 (first nibble) moves onto bit 7 (second nibble's flag): each
        // lane's low byte has bit 7 set when its hand holds a flush.
        let flags = _mm256_or_si256(flags, _mm256_slli_epi64::<4>(flags));
        // Bit 8j: hand j holds a flush.
        let flushes = _mm256_movemask_epi8(flags) as u32 & 0x0101_0101;
        (key, flushes, CHECK && repeats(ids))
    }

    /// Whether a 64-bit lane of `ids` (seven ids and the pad `0xff`, which
    /// equals no id) holds a byte twice: each byte against the bytes one to
    /// four places on, around the lane (every pair of the eight meets).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn repeats(ids: __m256i) -> bool {
        // Byte j of each hand's lane from byte j + k of the same lane, around.
        let rotate =
            |k: usize| both_lanes(core::array::from_fn(|j| (j / 8 * 8 + (j + k) % 8) as i8));
        let same = |k: usize| _mm256_cmpeq_epi8(ids, _mm256_shuffle_epi8(ids, rotate(k)));
        let any = _mm256_or_si256(
            _mm256_or_si256(same(1), same(2)),
            _mm256_or_si256(same(3), same(4)),
        );
        _mm256_movemask_epi8(any) != 0
    }

    /// [`super::rank_groups`] on a CPU with AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) fn rank_groups<const CHECK: bool>(
        eval: Evaluator,
        hands: &[[Card; 7]],
        out: &mut [HandRank],
    ) -> (usize, bool) {
        let mut repeated = false;
        let groups = hands.chunks_exact(4).zip(out.chunks_exact_mut(4));
        let done = groups.len() * 4;
        for (group, o) in groups {
            // Always four hands (`chunks_exact`); the conversion cannot fail.
            let Ok(group) = <&[[Card; 7]; 4]>::try_from(group) else {
                continue;
            };
            let (key, flushes, repeat) = keys4::<CHECK>(load_group(group));
            repeated |= repeat;
            let keys = [
                _mm256_extract_epi64::<0>(key) as u64,
                _mm256_extract_epi64::<1>(key) as u64,
                _mm256_extract_epi64::<2>(key) as u64,
                _mm256_extract_epi64::<3>(key) as u64,
            ];
            if flushes != 0 {
                // Out of the common path: a flush hand takes rank7's path.
                for (j, ((o, h), &k)) in o.iter_mut().zip(group).zip(&keys).enumerate() {
                    *o = if flushes >> (8 * j) & 1 != 0 {
                        eval.rank7(h)
                    } else {
                        eval.rank_unsuited_key(k)
                    };
                }
                continue;
            }
            for (o, &k) in o.iter_mut().zip(&keys) {
                *o = eval.rank_unsuited_key(k);
            }
        }
        (done, repeated)
    }

    /// Ranks a group of four hands given by id bytes, one of them or more a
    /// flush (bit `8j` of `flushes` for hand `j`): a flush hand through
    /// `rank7`, the others by their key. Out of line, so that the common
    /// loop keeps its registers (a byte that is no card becomes the first
    /// card: its hand's rank is unspecified and the caller reports it).
    #[cold]
    #[inline(never)]
    fn flush_group(
        eval: Evaluator,
        group: &[u8; 28],
        flushes: u32,
        keys: &[u64; 4],
        out: &mut [HandRank],
    ) {
        for (j, ((o, h), &k)) in out
            .iter_mut()
            .zip(group.chunks_exact(7))
            .zip(keys)
            .enumerate()
        {
            *o = if flushes >> (8 * j) & 1 != 0 {
                let hand: [Card; 7] =
                    core::array::from_fn(|i| Card::from_index(h[i]).unwrap_or(Card::ALL[0]));
                eval.rank7(&hand)
            } else {
                eval.rank_unsuited_key(k)
            };
        }
    }

    /// [`super::evaluate_id_groups`] on a CPU with AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) fn rank_id_groups(
        eval: Evaluator,
        ids: &[u8],
        out: &mut [HandRank],
    ) -> (usize, bool) {
        let mut repeated = false;
        let mut largest = _mm256_setzero_si256();
        let groups = ids.chunks_exact(28).zip(out.chunks_exact_mut(4));
        let done = groups.len() * 4;
        for (group, o) in groups {
            // Always 28 bytes (`chunks_exact`); the conversion cannot fail.
            let Ok(group) = <&[u8; 28]>::try_from(group) else {
                continue;
            };
            let raw = load_ids(group);
            // The largest byte so far, per byte position.
            largest = _mm256_max_epu8(largest, raw);
            let (key, flushes, repeat) = keys4::<true>(raw);
            repeated |= repeat;
            let keys = [
                _mm256_extract_epi64::<0>(key) as u64,
                _mm256_extract_epi64::<1>(key) as u64,
                _mm256_extract_epi64::<2>(key) as u64,
                _mm256_extract_epi64::<3>(key) as u64,
            ];
            if flushes != 0 {
                // Out of the common path: a flush hand takes rank7's path.
                flush_group(eval, group, flushes, &keys, o);
                continue;
            }
            for (o, &k) in o.iter_mut().zip(&keys) {
                *o = eval.rank_unsuited_key(k);
            }
        }
        // Every byte a card id: max(byte, 51) == 51 in every position.
        let limit = _mm256_set1_epi8(51);
        let ids_ok =
            _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_max_epu8(largest, limit), limit));
        (done, repeated | (ids_ok != -1))
    }
}

#[cfg(test)]
mod tests {
    use holdem_cards::Card;
    use rand_chacha::ChaCha8Rng;
    use rand_chacha::rand_core::{RngCore, SeedableRng};

    use super::rank_groups;
    use crate::{Evaluator, HandRank};

    fn random_hands(n: usize, seed: u64) -> Vec<[Card; 7]> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..n)
            .map(|_| {
                let mut hand = [Card::ALL[0]; 7];
                let (mut used, mut k) = (0u64, 0);
                while k < 7 {
                    let c = (rng.next_u32() % 52) as usize;
                    if used & 1 << c == 0 {
                        used |= 1 << c;
                        hand[k] = Card::ALL[c];
                        k += 1;
                    }
                }
                hand
            })
            .collect()
    }

    /// The kernel ranks every whole group of four like `rank7` (flush groups
    /// and unsuited ones), leaves the tail to the caller, and runs at all
    /// where the CPU has AVX2 (so the batch tests exercise it there).
    #[test]
    fn kernel_ranks_whole_groups_like_rank7() {
        let eval = Evaluator::new();
        for n in [0, 1, 3, 4, 5, 7, 8, 1_001, 4_096] {
            let hands = random_hands(n, n as u64);
            let mut out = vec![HandRank::from_raw(0); n];
            let done = rank_groups(eval, &hands, &mut out);
            #[cfg(target_arch = "x86_64")]
            if std::is_x86_feature_detected!("avx2") {
                assert_eq!(done, n / 4 * 4, "{n} hands");
            }
            assert!(done <= n && done.is_multiple_of(4));
            for (h, o) in hands.iter().zip(&out).take(done) {
                assert_eq!(*o, eval.rank7(h), "{h:?}");
            }
        }
        // The 4,096 hands hold flushes (about 3% of random hands), so both
        // branches of the kernel ran.
        let flushes = random_hands(4_096, 4_096)
            .iter()
            .filter(|h| eval.rank7(h).category() >= crate::Category::Flush)
            .count();
        assert!(flushes > 50, "{flushes}");
    }

    /// The validated kernel finds a repeated card at every pair of places of
    /// every hand of a group, and none in distinct hands.
    #[test]
    fn kernel_finds_every_repeat() {
        let eval = Evaluator::new();
        let distinct: [[Card; 7]; 4] =
            std::array::from_fn(|j| std::array::from_fn(|i| Card::ALL[51 - (7 * j + i)]));
        let mut out = [HandRank::from_raw(0); 4];
        let (done, repeated) = super::evaluate_groups(eval, &distinct, &mut out);
        assert!(!repeated);
        for (h, o) in distinct.iter().zip(&out).take(done) {
            assert_eq!(*o, eval.rank7(h));
        }
        for hand in 0..4 {
            for a in 0..7 {
                for b in a + 1..7 {
                    let mut group = distinct;
                    group[hand][b] = group[hand][a];
                    let (done, repeated) = super::evaluate_groups(eval, &group, &mut out);
                    assert_eq!(repeated, done == 4, "hand {hand}, places {a} and {b}");
                }
            }
        }
    }

    /// Every card in every position of a group, the pad-adjacent bytes
    /// included: all 52 cards rotated through four hands.
    #[test]
    fn kernel_reads_every_card_in_every_position() {
        let eval = Evaluator::new();
        let hands: Vec<[Card; 7]> = (0..52)
            .map(|s| std::array::from_fn(|i| Card::ALL[(s + 7 * i) % 52]))
            .collect();
        let mut out = vec![HandRank::from_raw(0); hands.len()];
        let done = rank_groups(eval, &hands, &mut out);
        for (h, o) in hands.iter().zip(&out).take(done) {
            assert_eq!(*o, eval.rank7(h), "{h:?}");
        }
    }
}
