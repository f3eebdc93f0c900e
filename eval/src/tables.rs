//! The lookup tables of the fast evaluator, built once on first use.
//!
//! Ideas, not code, from the published evaluators:
//! - OMPEval (zekyll) and holdem-hand-evaluator (b-inary, the engine of the
//!   `pokers` crate): a hand's key is the *sum* of per-card values, so keys can be
//!   accumulated card by card and combined; suit counters in the key's high bits,
//!   biased by 3, light bit 3 of a suit's nibble at five cards (flush check in one
//!   AND); a flush is looked up by its 13-bit rank mask.
//! - b-inary's greedy rank bases `[1, 4, 16, 67, 295, ...]`: the smallest bases
//!   that keep the sum unique for every multiset of up to seven ranks with at
//!   most four of each; keys then fit in 24 bits (b-inary, `scripts/Readme.md`).
//!   Uniqueness is re-checked by our tests, not trusted.
//! - A single-displacement perfect hash (Tarjan-Yao row displacement, as in both
//!   evaluators) over the key after multiplying by an odd constant to spread the
//!   bits. Our own search over multipliers and row sizes found FNV's prime
//!   `0x0100_0193` with 2,048-wide rows packs the 73,775 keys of five to seven
//!   cards into 79,386 slots.
//!
//! The values themselves are computed here directly from rank counts (not with the
//! reference evaluator), so the exhaustive tests compare two independent
//! classifications.
//!
//! Sizes: rank table 79,386 × 2 B = 155 KiB, row offsets 8,192 × 4 B = 32 KiB,
//! flush table 8,192 × 2 B = 16 KiB; 203 KiB in all, under a 256 KiB L2.

use std::sync::OnceLock;

use crate::HandRank;
use crate::rank::{encode, straight_top};

/// Per-rank values whose sums are unique for up to seven cards, four per rank.
pub(crate) const RANK_BASES: [u32; 13] = [
    1, 4, 16, 67, 295, 1334, 5734, 23800, 60883, 208450, 509982, 1304151, 2967844,
];
/// Rank keys are below `2^KEY_BITS` (the largest, AAAAKKK, is 15,783,829).
pub(crate) const KEY_BITS: u32 = 24;
/// Odd multiplier that spreads keys before the displacement hash.
pub(crate) const MIX: u32 = 0x0100_0193;
/// Log2 of the displacement row width.
pub(crate) const ROW_SHIFT: u32 = 11;
/// Number of rows: the mixed key's top bits.
pub(crate) const ROWS: usize = 1 << (KEY_BITS - ROW_SHIFT);

/// The perfect hash of a (valid) rank key: an index into `Tables::rank`.
#[inline(always)]
pub(crate) fn rank_hash(offsets: &[u32; ROWS], key: u32) -> usize {
    let mixed = key.wrapping_mul(MIX) & ((1 << KEY_BITS) - 1);
    let row = (mixed >> ROW_SHIFT) as usize;
    (mixed & ((1 << ROW_SHIFT) - 1)) as usize + offsets[row & (ROWS - 1)] as usize
}

/// The fast evaluator's tables.
pub(crate) struct Tables {
    /// Row displacements of the perfect hash.
    pub(crate) offsets: Box<[u32; ROWS]>,
    /// Non-flush rank by perfect hash of the rank key.
    pub(crate) rank: Box<[u16]>,
    /// Flush (or straight flush) rank by the flush suit's 13-bit mask; 0 for
    /// masks of fewer than five cards, so "no flush" looks up 0.
    pub(crate) flush: Box<[u16; 8192]>,
}

impl Tables {
    /// Total size in bytes of the three tables.
    pub(crate) fn size_bytes(&self) -> usize {
        self.offsets.len() * 4 + self.rank.len() * 2 + self.flush.len() * 2
    }
}

/// The tables, built on first use (a few milliseconds) and shared after.
pub(crate) fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(build)
}

/// Sum of the rank bases for a count per rank.
pub(crate) fn rank_key(counts: &[u8; 13]) -> u32 {
    counts
        .iter()
        .zip(RANK_BASES)
        .map(|(&c, b)| c as u32 * b)
        .sum()
}

/// Calls `f` with every rank-count vector of `min..=max` cards (at most four of a rank).
pub(crate) fn for_each_rank_multiset(min: u8, max: u8, mut f: impl FnMut(&[u8; 13])) {
    fn walk(i: usize, left: u8, min_left: u8, counts: &mut [u8; 13], f: &mut dyn FnMut(&[u8; 13])) {
        if i == 13 {
            if left <= min_left {
                f(counts);
            }
            return;
        }
        for c in 0..=left.min(4) {
            counts[i] = c;
            walk(i + 1, left - c, min_left, counts, f);
        }
        counts[i] = 0;
    }
    let mut counts = [0u8; 13];
    walk(0, max, max - min, &mut counts, &mut f);
}

/// The best hand (ignoring suits) of a rank multiset of five to seven cards.
pub(crate) fn best_unsuited(counts: &[u8; 13]) -> HandRank {
    let present = (0..13).fold(0u16, |m, r| if counts[r] > 0 { m | 1 << r } else { m });
    let quads = (0..13u16).rev().find(|&r| counts[r as usize] == 4);
    let trips = (0..13u16).rev().find(|&r| counts[r as usize] == 3);

    if let Some(q) = quads {
        let kicker = ranks_with(counts, 1, 1 << q).next().unwrap_or(0);
        return encode::quads(q, kicker);
    }
    if let Some(t) = trips {
        // The pair of a full house may be a second set of trips (E2).
        if let Some(p) = ranks_with(counts, 2, 1 << t).next() {
            return encode::full_house(t, p);
        }
    }
    if let Some(top) = straight_top(present) {
        return encode::straight(top);
    }
    if let Some(t) = trips {
        let mut k = ranks_with(counts, 1, 1 << t);
        let (k1, k2) = (k.next().unwrap_or(0), k.next().unwrap_or(0));
        return encode::trips(t, k1, k2);
    }
    let mut pairs = ranks_with(counts, 2, 0);
    match (pairs.next(), pairs.next()) {
        (Some(hi), Some(lo)) => {
            // A third pair only competes as a kicker (E2: three pairs is two pair).
            let kicker = ranks_with(counts, 1, 1 << hi | 1 << lo).next().unwrap_or(0);
            encode::two_pair(hi, lo, kicker)
        }
        (Some(p), None) => {
            let mut k = ranks_with(counts, 1, 1 << p);
            let (k1, k2, k3) = (
                k.next().unwrap_or(0),
                k.next().unwrap_or(0),
                k.next().unwrap_or(0),
            );
            encode::one_pair(p, k1, k2, k3)
        }
        _ => encode::high_card(top_bits(present, 5)),
    }
}

/// Ranks from the ace down that have at least `n` cards, skipping those in the mask `not`.
fn ranks_with(counts: &[u8; 13], n: u8, not: u16) -> impl Iterator<Item = u16> + '_ {
    (0..13u16)
        .rev()
        .filter(move |&r| counts[r as usize] >= n && not & (1 << r) == 0)
}

/// The `n` highest set bits of `mask`.
pub(crate) fn top_bits(mut mask: u16, n: u32) -> u16 {
    while mask.count_ones() > n {
        mask &= mask - 1; // drop the lowest card: a sixth or seventh never counts (E4)
    }
    mask
}

/// The best hand of five or more cards of one suit, by rank mask.
pub(crate) fn best_suited(mask: u16) -> HandRank {
    match straight_top(mask) {
        Some(top) => encode::straight_flush(top),
        None => encode::flush(top_bits(mask, 5)),
    }
}

fn build() -> Tables {
    let mut flush = Box::new([0u16; 8192]);
    for (mask, slot) in flush.iter_mut().enumerate() {
        if (mask as u16).count_ones() >= 5 {
            *slot = best_suited(mask as u16).raw();
        }
    }

    // Bucket the mixed keys of every 5-7 card rank multiset by row.
    let mut rows: Vec<Vec<(u16, u16)>> = vec![Vec::new(); ROWS];
    for_each_rank_multiset(5, 7, |counts| {
        let mixed = rank_key(counts).wrapping_mul(MIX) & ((1 << KEY_BITS) - 1);
        let col = (mixed & ((1 << ROW_SHIFT) - 1)) as u16;
        rows[(mixed >> ROW_SHIFT) as usize].push((col, best_unsuited(counts).raw()));
    });

    // First-fit decreasing: place the fullest rows first, each at the lowest
    // displacement where none of its columns hits a used slot.
    let mut order: Vec<usize> = (0..ROWS).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| (usize::MAX - rows[r].len(), r));
    let mut offsets = Box::new([0u32; ROWS]);
    let mut rank: Vec<u16> = Vec::new();
    let mut used: Vec<bool> = Vec::new();
    let mut first_free = 0usize;
    for r in order {
        let row = &rows[r];
        let min_col = row.iter().map(|e| e.0 as usize).min().unwrap_or(0);
        let mut off = first_free.saturating_sub(min_col);
        while row
            .iter()
            .any(|&(c, _)| used.get(off + c as usize).copied().unwrap_or(false))
        {
            off += 1;
        }
        for &(c, v) in row {
            let at = off + c as usize;
            if at >= used.len() {
                used.resize(at + 1, false);
                rank.resize(at + 1, 0);
            }
            used[at] = true;
            rank[at] = v;
        }
        offsets[r] = off as u32;
        while used.get(first_free).copied().unwrap_or(false) {
            first_free += 1;
        }
    }
    Tables {
        offsets,
        rank: rank.into_boxed_slice(),
        flush,
    }
}
