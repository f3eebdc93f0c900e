//! The lookup tables of the fast evaluator, built once on first use.
//!
//! Ideas, not code, from the published evaluators:
//! - OMPEval (zekyll) and holdem-hand-evaluator (b-inary, the engine of the
//!   `pokers` crate): a hand's key is the *sum* of per-card values, so keys can be
//!   accumulated card by card and combined; suit counters in the key's high bits,
//!   biased by 3, light bit 3 of a suit's nibble at five cards (flush check in one
//!   AND); a flush is looked up by its 13-bit rank mask.
//! - OMPEval's rank bases (`0x2000, 0x8001, 0x11000, ...`, also used by
//!   `pokers`): sums are unique for every multiset of five to seven ranks with at
//!   most four of each, keys fit in 25 bits, and they are spread so that the
//!   key's top 13 bits pick a row and its low 12 bits a column of a
//!   row-displacement hash *without* any mixing step. (b-inary's denser greedy
//!   bases `[1, 4, 16, 67, ...]` need a multiply first: unmixed,
//!   their rows pack into 200,728 slots instead of 79,386.) Uniqueness is
//!   re-checked by our tests, not trusted.
//! - A single-displacement perfect hash (Tarjan-Yao row displacement, as in both
//!   evaluators): `index = key + offset[key >> 12]` (wrapping), the offset
//!   already holding "displacement minus row start". Our own first-fit-decreasing
//!   search packs the 73,775 keys into 83,006 slots (`pokers` ships 86,362).
//!
//! The values themselves are computed here directly from rank counts (not with the
//! reference evaluator), so the exhaustive tests compare two independent
//! classifications.
//!
//! Sizes: rank table 83,006 × 2 B = 162 KiB, row offsets 8,192 × 4 B = 32 KiB,
//! flush table 8,192 × 2 B = 16 KiB; 210 KiB in all, under a 256 KiB L2.

use std::sync::OnceLock;

use crate::HandRank;
use crate::offsets::{RANK_TABLE_LEN, ROW_OFFSETS};
use crate::rank::{encode, straight_top};

/// Per-rank values whose sums are unique over all rank multisets of five to
/// seven cards (at most four of a rank): OMPEval's figures (see the module notes).
pub(crate) const RANK_BASES: [u32; 13] = [
    0x2000, 0x8001, 0x11000, 0x3a000, 0x91000, 0x17_6005, 0x36_6000, 0x41_a013, 0x47_802e,
    0x47_9068, 0x48_c0e4, 0x48_f211, 0x49_4493,
];
/// Rank keys of five to seven cards are below `2^KEY_BITS` (the largest,
/// AAAAKKK, is 33,548,415).
pub(crate) const KEY_BITS: u32 = 25;
/// Log2 of the displacement row width: a key's low 12 bits are its column.
pub(crate) const ROW_SHIFT: u32 = 12;
/// Number of rows: a key's top 13 bits.
pub(crate) const ROWS: usize = 1 << (KEY_BITS - ROW_SHIFT);

/// Allocated slots of the rank table: a power of two above `RANK_TABLE_LEN`.
pub(crate) const RANK_SLOTS: usize = 1 << 17;
const _: () = assert!(
    RANK_TABLE_LEN <= RANK_SLOTS,
    "the stored offsets need more slots"
);

/// Where a key's slot field sits: its low 17 bits (the slot modulo
/// `RANK_SLOTS`) are the top 17 bits of a `u32`, so a shift down by 15 bounds
/// the slot below `RANK_SLOTS` by construction.
pub(crate) const SLOT_SHIFT: u32 = 32 - 17;
const _: () = assert!(1 << (32 - SLOT_SHIFT) == RANK_SLOTS);

/// The row offsets as the lookup stores them: each shifted up by
/// `SLOT_SHIFT` (only the offset modulo `RANK_SLOTS` matters).
pub(crate) const fn shifted_row_offsets() -> [u32; ROWS] {
    let mut t = [0u32; ROWS];
    let mut r = 0;
    while r < ROWS {
        t[r] = ROW_OFFSETS[r] << SLOT_SHIFT;
        r += 1;
    }
    t
}

/// The perfect hash of a (valid) rank key: an index into `Lookup::ranks`,
/// below `RANK_SLOTS` by construction. The offset (shifted, see
/// `shifted_row_offsets`) is the row's displacement minus the row's first
/// key, so the index is one wrapping add, modulo `RANK_SLOTS`.
#[inline(always)]
pub(crate) fn rank_hash(shifted_offsets: &[u32; ROWS], key: u32) -> usize {
    let row = (key >> ROW_SHIFT) as usize & (ROWS - 1);
    ((key << SLOT_SHIFT).wrapping_add(shifted_offsets[row]) >> SLOT_SHIFT) as usize
}

/// Index of the flush table inside `Lookup::ranks`: the top 8,192 of the
/// rank table's `RANK_SLOTS`, which the perfect hash leaves unused, so that
/// every index below `RANK_SLOTS` (a flush's too) is in bounds by
/// construction and both cases of an evaluation can share one table read.
pub(crate) const FLUSH_BASE: usize = RANK_SLOTS - 8192;
/// Entries of `Lookup::ranks`: the rank table's slots, the flush table in
/// their unused top.
pub(crate) const LOOKUP_LEN: usize = RANK_SLOTS;
const _: () = assert!(
    RANK_TABLE_LEN <= FLUSH_BASE,
    "the rank table would overlap the flush table"
);

/// Everything an evaluation reads, in one allocation, so that a loop keeps a
/// single base address in a register and reaches every table at a fixed
/// displacement from it. (A `static` of another crate is reached through the
/// GOT in a position-independent executable: an extra load per hand in the
/// callers' loops, seen in the disassembly.)
#[repr(C)]
pub(crate) struct Lookup {
    /// - `[0, RANK_TABLE_LEN)`: non-flush rank by perfect hash of the rank
    ///   key (83,006 slots); the length is a power of two so that a slot
    ///   shifted down from the top of a `u32` needs no bounds check (the
    ///   untouched gap is never brought into cache).
    /// - `[FLUSH_BASE, RANK_SLOTS)`: flush (or straight flush) rank by the
    ///   flush suit's 13-bit mask; 0 for masks of fewer than five cards, so
    ///   "no flush" looks up 0.
    pub(crate) ranks: [u16; LOOKUP_LEN],
    /// The perfect hash's row displacements (`ROW_OFFSETS`, each shifted up
    /// by `SLOT_SHIFT`).
    pub(crate) row_offsets: [u32; ROWS],
    /// Each card's key, by `Card::index()` (copied from the constant in `fast`).
    pub(crate) card_keys: [u64; 256],
}

/// The fast evaluator's tables.
pub(crate) struct Tables {
    /// The one allocation the evaluator reads.
    pub(crate) lookup: Box<Lookup>,
}

impl Tables {
    /// Bytes of the tables that lookups can touch (row offsets and the 52
    /// used card keys included).
    pub(crate) fn size_bytes() -> usize {
        ROW_OFFSETS.len() * 4 + RANK_TABLE_LEN * 2 + (LOOKUP_LEN - FLUSH_BASE) * 2 + 52 * 8
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
    let mut lookup = Box::new(Lookup {
        ranks: [0u16; LOOKUP_LEN],
        row_offsets: shifted_row_offsets(),
        card_keys: crate::fast::CARD_KEY,
    });
    let (rank, flush) = lookup.ranks.split_at_mut(FLUSH_BASE);
    for (mask, slot) in flush.iter_mut().enumerate() {
        if (mask as u16).count_ones() >= 5 {
            *slot = best_suited(mask as u16).raw();
        }
    }
    // The row displacements are a constant (`offsets.rs`, from
    // `search_row_offsets`); filling the rank table from them is one pass over
    // the 73,775 rank patterns.
    let offsets = shifted_row_offsets();
    for_each_rank_multiset(5, 7, |counts| {
        if let Some(slot) = rank.get_mut(rank_hash(&offsets, rank_key(counts))) {
            *slot = best_unsuited(counts).raw();
        }
    });
    Tables { lookup }
}

/// Searches the row displacements of the perfect hash: first-fit decreasing,
/// the fullest rows first, each at the lowest displacement where none of its
/// columns hits a used slot. Slow (seconds), so its result is stored in
/// `offsets.rs`; a release-only test re-runs it and compares. Returns the
/// offsets and the table length they need.
#[cfg(test)]
fn search_row_offsets() -> (Vec<u32>, usize) {
    let mut rows: Vec<Vec<u16>> = vec![Vec::new(); ROWS];
    for_each_rank_multiset(5, 7, |counts| {
        let key = rank_key(counts);
        rows[(key >> ROW_SHIFT) as usize].push((key & ((1 << ROW_SHIFT) - 1)) as u16);
    });
    let mut order: Vec<usize> = (0..ROWS).filter(|&r| !rows[r].is_empty()).collect();
    order.sort_by_key(|&r| (usize::MAX - rows[r].len(), r));
    let mut offsets = vec![0u32; ROWS];
    let mut used: Vec<bool> = Vec::new();
    let mut first_free = 0usize;
    for r in order {
        let row = &rows[r];
        let min_col = row.iter().map(|&c| c as usize).min().unwrap_or(0);
        let mut off = first_free.saturating_sub(min_col);
        while row
            .iter()
            .any(|&c| used.get(off + c as usize).copied().unwrap_or(false))
        {
            off += 1;
        }
        for &c in row {
            let at = off + c as usize;
            if at >= used.len() {
                used.resize(at + 1, false);
            }
            used[at] = true;
        }
        // index = key + (off - row start), wrapping.
        offsets[r] = (off as u32).wrapping_sub((r as u32) << ROW_SHIFT);
        while used.get(first_free).copied().unwrap_or(false) {
            first_free += 1;
        }
    }
    (offsets, used.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every rank key is distinct (the bases work) and lands in its own slot
    /// of the rank table (the stored offsets are a perfect hash).
    #[test]
    fn rank_keys_are_unique_and_hash_perfectly() {
        let mut keys = std::collections::HashSet::new();
        let mut slots = vec![false; RANK_TABLE_LEN];
        let offsets = shifted_row_offsets();
        let mut n = 0;
        for_each_rank_multiset(5, 7, |counts| {
            let key = rank_key(counts);
            assert!(key < 1 << KEY_BITS);
            assert!(keys.insert(key), "{counts:?}");
            let slot = rank_hash(&offsets, key);
            assert!(slot < RANK_TABLE_LEN && !slots[slot], "{counts:?}");
            slots[slot] = true;
            n += 1;
        });
        assert_eq!(n, 73_775);
        // (Fewer cards can collide: four twos and one three both sum to 4. The
        // hand key also counts cards, and only 5-7 cards are ever looked up.)
    }

    /// The stored offsets are what the search produces. Set
    /// `HOLDEM_WRITE_OFFSETS=1` to rewrite `src/offsets.rs` after changing the
    /// hash parameters.
    #[test]
    #[ignore = "release-only: run by cargo xtask ci"]
    fn stored_row_offsets_match_the_search() {
        let (offsets, len) = search_row_offsets();
        if std::env::var_os("HOLDEM_WRITE_OFFSETS").is_some() {
            let mut text = String::from(
                "//! Row displacements of the rank table's perfect hash, generated by\n\
                 //! `tables::search_row_offsets` (`HOLDEM_WRITE_OFFSETS=1 cargo test --release\n\
                 //! -p holdem-eval stored_row_offsets -- --ignored`). Do not edit.\n\n",
            );
            text += &format!(
                "/// Slots the rank table needs.\npub(crate) const RANK_TABLE_LEN: usize = {len};\n\n"
            );
            text += "/// Per row of 4,096 keys: its displacement minus its first key (wrapping).\n#[rustfmt::skip]\n";
            text += &format!("pub(crate) static ROW_OFFSETS: [u32; {ROWS}] = [\n");
            for chunk in offsets.chunks(12) {
                let line: Vec<String> = chunk.iter().map(|o| o.to_string()).collect();
                text += &format!("    {},\n", line.join(", "));
            }
            text += "];\n";
            let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/offsets.rs");
            std::fs::write(path, text).expect("write offsets.rs");
        }
        assert_eq!(len, RANK_TABLE_LEN);
        assert_eq!(offsets, ROW_OFFSETS.to_vec());
    }
}
