//! The fast evaluator: [`Evaluator`] and the card-by-card [`HandKey`].

use holdem_cards::{Card, CardSet};

use crate::tables::{
    FLUSH_BASE, Lookup, RANK_BASES, RANK_SLOTS, ROW_SHIFT, SLOT_SHIFT, Tables, rank_hash, tables,
};
use crate::{EvalError, HandEvaluator, HandRank, IdBatchError, check_batch};

// Layout of a key (a sum of per-card values, OMPEval-style):
//   bits  0..12  suit counters of suits 0-2 (4 bits each, at 4s), biased by 3
//   bits 12..15  guard
//   bits 15..32  the rank key's low 17 bits again (the "slot field")
//   bits 32..35  guard: the slot field's carries (at most 6 for 7 cards)
//   bits 35..39  suit counter of suit 3, biased by 3
//   bits 39..64  rank key: the sum of the cards' rank bases (25 bits)
// With the rank key on top, `key >> 51` is the hash row, below 8,192 by
// construction; with the slot field at the top of the low 32 bits, adding the
// row's offset (pre-shifted by 15) to `key as u32` and shifting down by 15
// gives the slot, below 2^17 by construction. So the hot path is a shift, a
// load-add, a shift and a load, with no bounds check and no mask. The bias is
// part of every key from `HandKey::EMPTY` on, so the flush test is one AND.
// The duplicate flag lives in the card mask's spare bit 15.

/// Set in a key's card mask when a card was added twice (a bit no card uses).
const DUPLICATE_FLAG: u64 = 1 << 15;
/// The card bits of a card mask.
const CARD_BITS: u64 = 0x1fff_1fff_1fff_1fff;
/// Bit offset of each suit's 4-bit counter in a key.
const SUIT_SHIFTS: [u32; 4] = [0, 4, 8, 35];
/// Suit counters start at 3 so that a fifth card of a suit sets the nibble's bit 3.
const SUIT_BIAS: u64 = 3 | 3 << 4 | 3 << 8 | 3 << 35;
/// Bit 3 of each suit nibble: set when the suit holds five or more cards.
const FLUSH_FLAGS: u64 = 8 | 8 << 4 | 8 << 8 | 8 << 35;
/// Bit offset of the rank key.
const RANK_SHIFT: u32 = 39;
/// The 13 rank bits of one suit lane of a [`CardSet`].
const LANE: u64 = 0x1fff;

/// A card's contribution to a key: its rank base (twice: whole on top, its low
/// 17 bits in the slot field), one in its suit counter. Indexed by
/// `Card::index()` (a `u8`), so 256 entries need no bounds check; only the
/// first 52 are used (416 bytes).
pub(crate) const CARD_KEY: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        let (rank, suit) = (i / 4, i % 4);
        let base = RANK_BASES[rank] as u64;
        t[i] = base << RANK_SHIFT
            | (base & (RANK_SLOTS as u64 - 1)) << SLOT_SHIFT
            | 1 << SUIT_SHIFTS[suit];
        i += 1;
    }
    t
};

/// [`CARD_KEY`] by the card's bit position in a [`CardSet`] (`16 * suit + rank`);
/// positions no card uses hold 0 (a set's bits never include them).
static BIT_KEY: [u64; 64] = {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 52 {
        t[16 * (i % 4) + i / 4] = CARD_KEY[i];
        i += 1;
    }
    t
};

/// A card's bit in a [`CardSet`], by `Card::index()`.
static CARD_BIT: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 52 {
        t[i] = 1 << (16 * (i % 4) + i / 4);
        i += 1;
    }
    t
};

#[inline(always)]
fn card_entry(card: Card) -> (u64, u64) {
    let i = card.index() as usize;
    (CARD_KEY[i], CARD_BIT[i])
}

/// Sum of rank bases for a 7-bit rank mask (low ranks) and a 6-bit one (high).
static LANE_KEY_LO: [u32; 128] = lane_keys::<128>(0);
static LANE_KEY_HI: [u32; 64] = lane_keys::<64>(7);

const fn lane_keys<const N: usize>(first_rank: usize) -> [u32; N] {
    let mut t = [0u32; N];
    let mut m = 0;
    while m < N {
        let mut r = 0;
        while r < 7 && first_rank + r < 13 {
            if m & (1 << r) != 0 {
                t[m] += RANK_BASES[first_rank + r];
            }
            r += 1;
        }
        m += 1;
    }
    t
}

/// The rank key (sum of rank bases) of a 13-bit lane.
#[inline(always)]
fn lane_key(lane: u64) -> u32 {
    LANE_KEY_LO[(lane & 0x7f) as usize] + LANE_KEY_HI[((lane >> 7) & 0x3f) as usize]
}

/// The rank key of a whole card set: the four suit lanes' keys added.
#[inline(always)]
fn set_rank_key(bits: u64) -> u32 {
    lane_key(bits) + lane_key(bits >> 16) + lane_key(bits >> 32) + lane_key(bits >> 48)
}

/// Per-lane card counts of a card set, without a popcount instruction: each
/// 16-bit lane of the result holds its lane's count (0-13).
#[inline(always)]
const fn lane_counts(bits: u64) -> u64 {
    let x = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
    let x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
    (x + (x >> 8)) & 0x00ff_00ff_00ff_00ff
}

/// The 13-bit mask of the suit holding five or more cards, or 0; branch-free.
/// (Of at most seven cards, only one suit can hold five.)
#[inline(always)]
fn flush_lane(bits: u64, counts: u64) -> u64 {
    // count + 3 has bit 3 set exactly for counts 5..=12.
    let flags = ((counts + 0x0003_0003_0003_0003) >> 3) & 0x0001_0001_0001_0001;
    let selected = bits & (flags * LANE);
    (selected | selected >> 16 | selected >> 32 | selected >> 48) & LANE
}

/// The flush suit's 13-bit rank mask as a flush-table index, from a key with
/// a flush flag set (bit 3 of suit s's biased counter: key bits 3, 7, 11, 38)
/// and the card mask: the flags gathered at bits 0, 4, 8, 12 give suit s's
/// lane start 16s as 4 * their trailing zeros. Written without reusing the hot
/// path's `key & FLAGS` so that the common case compiles to a bare `test`.
#[inline(always)]
fn flush_lane_of(key: u64, mask: u64) -> usize {
    let suit_bits = (key >> 3) & 0x111 | (key >> (SUIT_SHIFTS[3] + 3 - 12)) & 0x1000;
    let shift = (suit_bits.trailing_zeros() * 4) & 63;
    ((mask >> shift) & LANE) as usize
}

/// Total cards of a card set from its lane counts.
#[inline(always)]
const fn total(counts: u64) -> u64 {
    counts.wrapping_mul(0x0001_0001_0001_0001) >> 48
}

/// Key, sum of card bits and union of card bits of seven cards.
#[inline(always)]
fn sum7(cards: &[Card; 7]) -> (u64, u64, u64) {
    let (mut key, mut sum, mut or) = (SUIT_BIAS, 0u64, 0u64);
    for &c in cards {
        let (k, bit) = card_entry(c);
        key = key.wrapping_add(k);
        sum = sum.wrapping_add(bit);
        or |= bit;
    }
    (key, sum, or)
}

/// Key of seven cards (no card mask), from the card keys in the lookup
/// allocation (one base register for every read of an evaluation).
#[inline(always)]
fn key7(card_keys: &[u64; 256], cards: &[Card; 7]) -> u64 {
    cards.iter().fold(SUIT_BIAS, |key, &c| {
        key.wrapping_add(card_keys[c.index() as usize])
    })
}

/// Where a flush's rank is, for `Evaluator::rank_at`: the flush table's
/// index in the top 17 bits of a `u32`. Out of line (about 3% of random
/// hands), so that the common path neither holds what the flush case needs in
/// registers nor shares code with it.
#[cold]
#[inline(never)]
fn flush_at(lane: usize) -> u32 {
    ((FLUSH_BASE + (lane & LANE as usize)) as u32) << SLOT_SHIFT
}

/// [`flush_at`] of seven cards given by id (their card mask is built here).
#[cold]
#[inline(never)]
fn rank7_flush_at(key: u64, cards: &[Card; 7]) -> u32 {
    flush_at(flush_lane_of(key, mask7(cards)))
}

/// [`flush_at`] of a board's card mask and two hole cards.
#[cold]
#[inline(never)]
fn board_flush_at(key: u64, board: u64, a: Card, b: Card) -> u32 {
    let mask = board | CARD_BIT[a.index() as usize] | CARD_BIT[b.index() as usize];
    flush_at(flush_lane_of(key, mask))
}

/// Card mask of seven cards.
#[inline(always)]
fn mask7(cards: &[Card; 7]) -> u64 {
    cards
        .iter()
        .fold(0, |mask, &c| mask | CARD_BIT[c.index() as usize])
}

/// A partial hand that cards are added to one at a time: a sum key (rank key,
/// suit counters) and the card mask (with a repeat flag). Evaluating it costs
/// one or two table reads, so equity enumeration adds board cards to shared partial keys and
/// each player's hole cards last (idea from OMPEval's `Hand`).
///
/// Keys add: [`HandKey::combine`] of two disjoint partial hands is the key of
/// their union. Adding a card that is already present marks the key as invalid
/// and evaluation reports [`EvalError::DuplicateCard`].
///
/// ```
/// use holdem_eval::{Category, Evaluator, HandKey};
///
/// let board = HandKey::from_cards(&["Qh".parse()?, "Jh".parse()?, "Th".parse()?, "2c".parse()?, "3d".parse()?]);
/// let hand = board.with_card("Ah".parse()?).with_card("Kh".parse()?);
/// let rank = Evaluator::new().evaluate_key(hand)?;
/// assert!(rank.is_royal_flush());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct HandKey {
    key: u64,
    mask: u64,
}

impl Default for HandKey {
    fn default() -> HandKey {
        HandKey::EMPTY
    }
}

impl HandKey {
    /// The empty hand.
    pub const EMPTY: HandKey = HandKey {
        key: SUIT_BIAS,
        mask: 0,
    };

    /// The hand with these cards added in order.
    pub fn from_cards(cards: &[Card]) -> HandKey {
        cards.iter().fold(HandKey::EMPTY, |h, &c| h.with_card(c))
    }

    /// The hand holding the cards of `set` (always valid; may hold any number).
    pub fn from_set(set: CardSet) -> HandKey {
        // The card keys' sum, as adding the cards one by one gives it (the
        // slot field's carries included), so equal hands have equal keys.
        // Wrapping sums do not depend on the order, so the set's bits are walked
        // lowest first (a bit is `16 * suit + rank`) instead of in card order.
        let mut key = SUIT_BIAS;
        let mut bits = set.bits();
        while bits != 0 {
            key = key.wrapping_add(BIT_KEY[bits.trailing_zeros() as usize]);
            bits &= bits - 1;
        }
        HandKey {
            key,
            mask: set.bits(),
        }
    }

    /// This hand with `card` added.
    #[inline(always)]
    #[must_use]
    pub fn with_card(self, card: Card) -> HandKey {
        let (key, bit) = card_entry(card);
        let dup = u64::from(self.mask & bit != 0) * DUPLICATE_FLAG;
        HandKey {
            key: self.key.wrapping_add(key),
            mask: self.mask | bit | dup,
        }
    }

    /// The union of two hands; if they share a card the key is marked invalid.
    #[inline(always)]
    #[must_use]
    pub const fn combine(self, other: HandKey) -> HandKey {
        // Shared card bits, or a flag already set in either, mark a repeat.
        let dup = (self.mask & other.mask != 0) as u64 * DUPLICATE_FLAG;
        HandKey {
            key: self.key.wrapping_add(other.key).wrapping_sub(SUIT_BIAS),
            mask: self.mask | other.mask | dup,
        }
    }

    /// The union of two hands known to share no card: [`HandKey::combine`]
    /// without the duplicate check, for enumerations whose cards are distinct
    /// by construction (two adds and an OR). If they do share a card the
    /// result is unspecified (it may rank as any hand), but never a panic.
    #[inline(always)]
    #[must_use]
    pub const fn plus(self, other: HandKey) -> HandKey {
        HandKey {
            key: self.key.wrapping_add(other.key).wrapping_sub(SUIT_BIAS),
            mask: self.mask | other.mask,
        }
    }

    /// The cards in the hand.
    pub const fn cards(self) -> CardSet {
        match CardSet::from_bits(self.mask & CARD_BITS) {
            Some(s) => s,
            None => CardSet::EMPTY,
        }
    }

    /// How many distinct cards the hand holds (a card added twice counts
    /// once; see [`HandKey::has_duplicate`]).
    pub const fn len(self) -> u32 {
        total(lane_counts(self.mask & CARD_BITS)) as u32
    }

    /// Whether no card was added.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// Whether a card was added twice.
    pub const fn has_duplicate(self) -> bool {
        self.mask & DUPLICATE_FLAG != 0
    }
}

/// The fast, table-driven evaluator (OMPEval-style sum keys and a perfect hash).
///
/// Construction is free after the first (which builds the 210 KiB of tables,
/// once per process, in a few milliseconds); the value is a shared reference,
/// `Copy`, and safe to use from any number of threads.
///
/// ```
/// use holdem_cards::CardSet;
/// use holdem_eval::{Evaluator, HandEvaluator};
///
/// let eval = Evaluator::new();
/// let hand: CardSet = "AhKh QhJhTh 2c3d".parse()?;
/// assert_eq!(eval.evaluate(hand)?.describe(), "royal flush");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone)]
pub struct Evaluator {
    /// The shared rank and flush tables (held directly, not through
    /// `Tables`, so that a loop keeps their address in a register).
    lookup: &'static Lookup,
}

impl core::fmt::Debug for Evaluator {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Evaluator")
            .field("table_bytes", &Tables::size_bytes())
            .finish()
    }
}

impl Default for Evaluator {
    fn default() -> Evaluator {
        Evaluator::new()
    }
}

impl Evaluator {
    /// The evaluator (builds the shared tables on the first call in a process).
    pub fn new() -> Evaluator {
        Evaluator {
            lookup: &tables().lookup,
        }
    }

    /// Bytes of lookup tables the evaluator reads (about 210 KiB).
    pub fn table_bytes(&self) -> usize {
        Tables::size_bytes()
    }

    /// The rank of a valid 5-7 card key, without validation: the hot path of
    /// enumerations whose cards are distinct by construction. An invalid key
    /// (fewer than 5 or more than 7 cards, a duplicate) gives an unspecified
    /// rank, never a panic.
    #[inline(always)]
    pub fn rank_key(self, hand: HandKey) -> HandRank {
        let at = if hand.key & FLUSH_FLAGS != 0 {
            flush_at(flush_lane_of(hand.key, hand.mask))
        } else {
            self.unsuited_at(hand.key)
        };
        self.rank_at(at)
    }

    /// The rank stored at `at >> SLOT_SHIFT` (below `RANK_SLOTS` by
    /// construction, so no bounds check). Both cases of an evaluation meet
    /// here with a `u32` "slot at the top": the flush case out of line
    /// returns its index in that form, so the common case pays no jump and no
    /// second table read for it (an inlined flush case made LLVM merge the
    /// two reads behind a jump; a `HandRank` returned by a call needed a
    /// zero extension on the common path; both seen in the disassembly).
    #[inline(always)]
    fn rank_at(self, at: u32) -> HandRank {
        HandRank(self.lookup.ranks[(at >> SLOT_SHIFT) as usize])
    }

    /// Where the non-flush rank of a whole key is, for [`Evaluator::rank_at`]:
    /// the key's top 13 bits are the hash row (below 8,192 without a check);
    /// its low 32 bits plus the row's offset (pre-shifted by 15) hold the
    /// slot in their top 17 bits (the slot field is the top of the low 32
    /// bits of the key).
    #[inline(always)]
    fn unsuited_at(self, key: u64) -> u32 {
        let offset = self.lookup.row_offsets[(key >> (RANK_SHIFT + ROW_SHIFT)) as usize];
        (key as u32).wrapping_add(offset)
    }

    /// [`Evaluator::rank_key`] with the flush case returning a whole rank
    /// from its out-of-line call: the equity enumerators' loops (two or more
    /// evaluations a board, the flush case frequent on some boards) keep
    /// fewer values alive this way than with the shared table read of
    /// [`Evaluator::rank_key`], and run fewer instructions.
    #[inline(always)]
    pub(crate) fn rank_key_for_equity(self, hand: HandKey) -> HandRank {
        if hand.key & FLUSH_FLAGS != 0 {
            self.rank_key_flush(hand)
        } else {
            self.rank_at(self.unsuited_at(hand.key))
        }
    }

    /// The flush case of [`Evaluator::rank_key_for_equity`], out of line.
    #[cold]
    #[inline(never)]
    fn rank_key_flush(self, hand: HandKey) -> HandRank {
        self.rank_flush(flush_lane_of(hand.key, hand.mask))
    }

    /// The non-flush rank of a rank key.
    #[inline(always)]
    fn rank_unsuited(self, rank_key: u32) -> HandRank {
        HandRank(self.lookup.ranks[rank_hash(&self.lookup.row_offsets, rank_key)])
    }

    /// The flush rank of a 13-bit suit mask (0 below five cards).
    #[inline(always)]
    fn rank_flush(self, lane: usize) -> HandRank {
        HandRank(self.lookup.ranks[FLUSH_BASE + (lane & LANE as usize)])
    }

    /// The rank of a key, checking it holds 5-7 distinct cards.
    #[inline]
    pub fn evaluate_key(self, hand: HandKey) -> Result<HandRank, EvalError> {
        if hand.has_duplicate() {
            return Err(EvalError::DuplicateCard);
        }
        let n = hand.len();
        if n.wrapping_sub(5) > 2 {
            return Err(EvalError::CardCount(n));
        }
        Ok(self.rank_key(hand))
    }

    /// The rank of seven cards given by id (rule E1: the best five of the seven).
    /// A card given twice is [`EvalError::DuplicateCard`].
    #[inline]
    pub fn evaluate7(self, cards: &[Card; 7]) -> Result<HandRank, EvalError> {
        // The cards' mask bits, added and or-ed: distinct cards have disjoint bits,
        // so the two agree. Then `rank7`'s ranking (the keys from the lookup's own
        // table, the flush case out of line). Checking first and ranking apart is
        // faster than adding keys and bits in one loop (`eval7_random` and
        // `eval7_enumeration`, `holdem/ids`, in `holdem-bench`).
        let (mut sum, mut or) = (0u64, 0u64);
        for &c in cards {
            let bit = CARD_BIT[c.index() as usize];
            sum = sum.wrapping_add(bit);
            or |= bit;
        }
        if sum != or {
            return Err(EvalError::DuplicateCard);
        }
        Ok(self.rank7(cards))
    }

    /// The rank of seven cards given by id, checked by contract only: the
    /// caller promises seven distinct cards (a dealt hand, an enumeration). If
    /// a card is repeated the rank is unspecified, never a panic or undefined
    /// behaviour. Adds seven keys and reads the card masks only when a suit
    /// has five cards, so it does about half the work of
    /// [`Evaluator::evaluate7`].
    #[inline]
    pub fn rank7(self, cards: &[Card; 7]) -> HandRank {
        let key = key7(&self.lookup.card_keys, cards);
        let at = if key & FLUSH_FLAGS != 0 {
            rank7_flush_at(key, cards)
        } else {
            self.unsuited_at(key)
        };
        self.rank_at(at)
    }

    /// The rank of 5-7 cards given by id.
    pub fn evaluate_cards(self, cards: &[Card]) -> Result<HandRank, EvalError> {
        if !(5..=7).contains(&cards.len()) {
            return Err(EvalError::CardCount(cards.len() as u32));
        }
        self.evaluate_key(HandKey::from_cards(cards))
    }

    /// The rank of a 5-7 card set, branch-free apart from the card-count check.
    #[inline]
    pub fn evaluate_set(self, cards: CardSet) -> Result<HandRank, EvalError> {
        let bits = cards.bits();
        let counts = lane_counts(bits);
        let n = total(counts);
        if n.wrapping_sub(5) > 2 {
            return Err(EvalError::CardCount(n as u32));
        }
        Ok(self.rank_bits(bits, counts))
    }

    /// Rank of card bits known to hold 5-7 cards; no branches on the data: the
    /// flush table gives 0 when no suit has five cards, and a flush (of at most
    /// seven cards) always beats the same cards' best unsuited hand (no quads or
    /// full house fit beside five suited cards), so the answer is the larger.
    #[inline(always)]
    fn rank_bits(self, bits: u64, counts: u64) -> HandRank {
        let flush = self.rank_flush(flush_lane(bits, counts) as usize).0;
        let unsuited = self.rank_unsuited(set_rank_key(bits)).0;
        HandRank(flush.max(unsuited))
    }

    /// Ranks many card sets into `out` (same length or longer), branch-free
    /// per hand (flush and non-flush lookups both made, the larger kept), so
    /// consecutive hands' table reads overlap in the CPU.
    ///
    /// On [`EvalError::CardCount`] (a set without 5-7 cards), `out` holds
    /// unspecified ranks.
    pub fn evaluate_sets(self, hands: &[CardSet], out: &mut [HandRank]) -> Result<(), EvalError> {
        check_batch(hands.len(), out.len())?;
        let mut bad = false;
        for (o, h) in out.iter_mut().zip(hands) {
            let bits = h.bits();
            let counts = lane_counts(bits);
            bad |= total(counts).wrapping_sub(5) > 2;
            *o = self.rank_bits(bits, counts);
        }
        if bad {
            let n = hands
                .iter()
                .map(|h| h.len())
                .find(|n| !(5..=7).contains(n))
                .unwrap_or(0);
            return Err(EvalError::CardCount(n));
        }
        Ok(())
    }

    /// Ranks many seven-card hands given by id into `out`, checked by contract
    /// like [`Evaluator::rank7`]: the caller promises seven distinct cards per
    /// hand; a hand with a repeated card gets an unspecified rank (never a
    /// panic or undefined behaviour). Only `out` being shorter than `hands`
    /// is an error ([`EvalError::BatchLength`]).
    ///
    /// Where the CPU has AVX2 (checked at run time) the keys of four hands at
    /// a time are built in one vector register from the card ids, with no
    /// card-key table reads, and each hand costs its two table reads (row
    /// offset, rank); a group of four holding a flush, the last hands (fewer
    /// than four) and CPUs without AVX2 take [`Evaluator::rank7`]'s path.
    ///
    /// ```
    /// use holdem_cards::Card;
    /// use holdem_eval::{Evaluator, HandRank};
    ///
    /// let hand = |s: &str| -> Result<[Card; 7], Box<dyn std::error::Error>> {
    ///     let cards: Vec<Card> = s.split(' ').map(str::parse).collect::<Result<_, _>>()?;
    ///     Ok(cards.as_slice().try_into()?)
    /// };
    /// let hands = [
    ///     hand("Ah Kh Qh Jh Th 2c 3d")?,
    ///     hand("As Ad Kc Kd 7s 4h 2c")?,
    ///     hand("9c 8d 7h 6s 5c 2d 2h")?,
    ///     hand("Kc Qd 9h 7s 5c 3d 2h")?,
    ///     hand("Ac Ad Ah As Kd Kh 2c")?,
    /// ];
    /// let mut out = [HandRank::from_raw(0); 5];
    /// let eval = Evaluator::new();
    /// eval.rank_batch7(&hands, &mut out)?;
    /// assert!(out[0].is_royal_flush());
    /// assert_eq!(out[1].describe(), "two pair, aces and kings, seven kicker");
    /// assert_eq!(out[2].describe(), "straight, nine high");
    /// assert!(out[3] < out[2] && out[4] > out[2]);
    /// assert!(hands.iter().zip(&out).all(|(h, &r)| r == eval.rank7(h)));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rank_batch7(self, hands: &[[Card; 7]], out: &mut [HandRank]) -> Result<(), EvalError> {
        check_batch(hands.len(), out.len())?;
        let done = crate::batch7::rank_groups(self, hands, out);
        for (o, h) in out.iter_mut().zip(hands).skip(done) {
            *o = self.rank7(h);
        }
        Ok(())
    }

    /// The rank of a key known to hold no flush (the batch kernel's keys).
    #[inline(always)]
    pub(crate) fn rank_unsuited_key(self, key: u64) -> HandRank {
        self.rank_at(self.unsuited_at(key))
    }

    /// Ranks each pair of hole cards in `holes` together with a shared board
    /// (`board`, 3-5 cards, its key built once) into `out`, checked by
    /// contract like [`Evaluator::rank7`]: the caller promises that no hole
    /// card repeats or is on the board (a dealt showdown, an enumeration);
    /// otherwise that hand's rank is unspecified, never a panic or undefined
    /// behaviour. Only `out` being shorter than `holes` is an error
    /// ([`EvalError::BatchLength`]). Each hand is two card-key reads and adds
    /// and one or two table reads: the validated equivalent is
    /// [`HandEvaluator::evaluate_on_board`].
    ///
    /// ```
    /// use holdem_cards::Card;
    /// use holdem_eval::{Evaluator, HandKey, HandRank};
    ///
    /// let card = |s: &str| s.parse::<Card>();
    /// let board = HandKey::from_cards(&[card("Qh")?, card("Jh")?, card("Th")?, card("2c")?, card("3d")?]);
    /// let holes = [[card("Ah")?, card("Kh")?], [card("As")?, card("Kd")?]];
    /// let mut out = [HandRank::from_raw(0); 2];
    /// Evaluator::new().rank_on_board(board, &holes, &mut out)?;
    /// assert!(out[0].is_royal_flush());
    /// assert_eq!(out[1].describe(), "straight, ace high");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn rank_on_board(
        self,
        board: HandKey,
        holes: &[[Card; 2]],
        out: &mut [HandRank],
    ) -> Result<(), EvalError> {
        check_batch(holes.len(), out.len())?;
        let card_keys = &self.lookup.card_keys;
        for (o, &[a, b]) in out.iter_mut().zip(holes) {
            let key = board
                .key
                .wrapping_add(card_keys[a.index() as usize])
                .wrapping_add(card_keys[b.index() as usize]);
            let at = if key & FLUSH_FLAGS != 0 {
                board_flush_at(key, board.mask, a, b)
            } else {
                self.unsuited_at(key)
            };
            *o = self.rank_at(at);
        }
        Ok(())
    }

    /// Ranks many seven-card hands given by id into `out`; the duplicate-card
    /// check is folded over the whole batch instead of a branch per hand. A
    /// hand with a repeated card is [`EvalError::DuplicateCard`] (then `out`
    /// holds unspecified ranks). Where the CPU has AVX2, groups of four go
    /// through [`Evaluator::rank_batch7`]'s kernel, which also compares each
    /// hand's seven ids pairwise in the vector registers.
    ///
    /// ```
    /// use holdem_cards::Card;
    /// use holdem_eval::{EvalError, Evaluator, HandRank};
    ///
    /// let ids = |first: usize| -> [Card; 7] { std::array::from_fn(|i| Card::ALL[first + 4 * i]) };
    /// let mut hands = [ids(0), ids(1), ids(2), ids(3), ids(20)];
    /// let mut out = [HandRank::from_raw(0); 5];
    /// let eval = Evaluator::new();
    /// eval.evaluate_batch7(&hands, &mut out)?;
    /// assert_eq!(out[0].describe(), "straight flush, eight high"); // 2c 3c ... 8c
    /// hands[2][6] = hands[2][0];
    /// assert_eq!(eval.evaluate_batch7(&hands, &mut out), Err(EvalError::DuplicateCard));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate_batch7(
        self,
        hands: &[[Card; 7]],
        out: &mut [HandRank],
    ) -> Result<(), EvalError> {
        check_batch(hands.len(), out.len())?;
        // Groups of four as in `rank_batch7`, with the repeat check in the
        // vector registers; the rest (all hands without AVX2) one by one.
        let (done, repeated) = crate::batch7::evaluate_groups(self, hands, out);
        let mut bad = u64::from(repeated);
        for (o, h) in out.iter_mut().zip(hands).skip(done) {
            let (key, sum, or) = sum7(h);
            bad |= sum ^ or;
            *o = self.rank_key(HandKey { key, mask: or });
        }
        if bad != 0 {
            return Err(EvalError::DuplicateCard);
        }
        Ok(())
    }
}

/// Raw card ids: batches of hands given as bytes, such as a numpy buffer.
impl Evaluator {
    /// Ranks hands given as raw card-id bytes into `out`: `ids` holds
    /// `cards_per_hand` (5, 6 or 7) ids per hand, hands back to back (a
    /// row-major `(n, cards_per_hand)` array), and `out` at least one rank per
    /// hand. A card's id is [`Card::index`]: `4 * rank + suit`, ranks from
    /// deuce (0) to ace (12), suits clubs, diamonds, hearts, spades (0-3), so
    /// `0` is 2c, `3` is 2s, `4` is 3c and `51` is As.
    ///
    /// Every id is checked: a byte of 52 or more is
    /// [`IdBatchError::CardId`] and a card twice in one hand
    /// [`IdBatchError::DuplicateCard`], each naming the first such row (then
    /// `out` holds unspecified ranks); never a panic. The checks are folded
    /// over the batch, and the row is looked for only when one failed.
    /// Seven-card hands take [`Evaluator::evaluate_batch7`]'s kernel (four
    /// hands at a time in AVX2 registers, read straight from the bytes, the
    /// id check in the same registers) where the CPU has AVX2; five and six
    /// cards take [`Evaluator::evaluate_sets`]' branch-free path. Nothing is
    /// allocated.
    ///
    /// ```
    /// use holdem_eval::{Evaluator, HandRank, IdBatchError};
    ///
    /// // Two seven-card hands: 2c 3c 4c 5c 6c 7c 8c and As Ad Ah Ks Kd 2c 3d.
    /// let ids = [0, 4, 8, 12, 16, 20, 24, 51, 49, 50, 47, 45, 0, 5];
    /// let mut out = [HandRank::from_raw(0); 2];
    /// let eval = Evaluator::new();
    /// eval.evaluate_ids(&ids, 7, &mut out)?;
    /// assert_eq!(out[0].describe(), "straight flush, eight high");
    /// assert_eq!(out[1].describe(), "full house, aces full of kings");
    /// let bad = [0, 4, 8, 12, 16, 20, 24, 51, 49, 50, 47, 45, 0, 52];
    /// assert_eq!(
    ///     eval.evaluate_ids(&bad, 7, &mut out),
    ///     Err(IdBatchError::CardId { row: 1, id: 52 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate_ids(
        self,
        ids: &[u8],
        cards_per_hand: usize,
        out: &mut [HandRank],
    ) -> Result<(), IdBatchError> {
        let k = cards_per_hand;
        if !(5..=7).contains(&k) {
            return Err(IdBatchError::CardCount(k));
        }
        if !ids.len().is_multiple_of(k) {
            return Err(IdBatchError::PartHand {
                ids: ids.len(),
                cards: k,
            });
        }
        let n = ids.len() / k;
        if out.len() < n {
            return Err(IdBatchError::BatchLength {
                hands: n,
                out: out.len(),
            });
        }
        let card_keys = &self.lookup.card_keys;
        let mut bad = false;
        if k == 7 {
            // The kernel checks ids and repeats in its registers; the hands
            // after its last group of four (all of them without AVX2) here.
            let (done, repeated) = crate::batch7::evaluate_id_groups(self, ids, out);
            bad |= repeated;
            let rest = ids.get(done * 7..).unwrap_or_default();
            {
                for (o, h) in out.iter_mut().skip(done).zip(rest.chunks_exact(7)) {
                    let (mut key, mut sum, mut or, mut over) = (SUIT_BIAS, 0u64, 0u64, false);
                    for &id in h {
                        let i = usize::from(id);
                        key = key.wrapping_add(card_keys[i]);
                        sum = sum.wrapping_add(CARD_BIT[i]);
                        or |= CARD_BIT[i];
                        over |= id >= 52;
                    }
                    bad |= over | (sum != or);
                    *o = self.rank_key(HandKey { key, mask: or });
                }
            }
        } else {
            for (o, h) in out[..n].iter_mut().zip(ids.chunks_exact(k)) {
                let (mut sum, mut or, mut over) = (0u64, 0u64, false);
                for &id in h {
                    let bit = CARD_BIT[usize::from(id)];
                    sum = sum.wrapping_add(bit);
                    or |= bit;
                    over |= id >= 52;
                }
                bad |= over | (sum != or);
                *o = self.rank_bits(or, lane_counts(or));
            }
        }
        if bad {
            return Err(first_bad_row(ids, k));
        }
        Ok(())
    }
}

/// The first row of `ids` (hands of `k` bytes) holding a byte that is no
/// card or a card twice, as its error (out of the hot path: called only when
/// the folded checks failed).
#[cold]
fn first_bad_row(ids: &[u8], k: usize) -> IdBatchError {
    for (row, h) in ids.chunks_exact(k).enumerate() {
        if let Some(&id) = h.iter().find(|&&id| id >= 52) {
            return IdBatchError::CardId { row, id };
        }
        let mask = h.iter().fold(0u64, |m, &id| m | 1 << id);
        if mask.count_ones() as usize != k {
            return IdBatchError::DuplicateCard { row };
        }
    }
    // The folded checks and this scan test the same conditions.
    IdBatchError::DuplicateCard { row: 0 }
}

/// The [`HandEvaluator`] methods as inherent methods, callable without
/// importing the trait (the trait's implementation calls these).
impl Evaluator {
    /// Ranks a set of 5, 6 or 7 cards (the best five count, rule E1); the
    /// same as [`Evaluator::evaluate_set`].
    ///
    /// ```
    /// use holdem_eval::Evaluator; // no trait import needed
    ///
    /// let rank = Evaluator::new().evaluate("AhKh QhJhTh 2c3d".parse()?)?;
    /// assert!(rank.is_royal_flush());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn evaluate(self, cards: CardSet) -> Result<HandRank, EvalError> {
        self.evaluate_set(cards)
    }

    /// Ranks many hands into `out` (same length or longer); the same as
    /// [`Evaluator::evaluate_sets`].
    pub fn evaluate_batch(self, hands: &[CardSet], out: &mut [HandRank]) -> Result<(), EvalError> {
        self.evaluate_sets(hands, out)
    }

    /// Ranks each pair of hole cards in `holes` together with the shared
    /// `board` (3-5 cards) into `out` (same length or longer). A hole card
    /// repeated, or also on the board, is [`EvalError::DuplicateCard`].
    ///
    /// The board's key is built and its size checked once; each hand adds its
    /// two cards with the repeat check of [`HandKey::with_card`] (two adds and
    /// a flag test) and is ranked by [`Evaluator::rank_key`].
    ///
    /// ```
    /// use holdem_cards::{CardSet, parse_hole};
    /// use holdem_eval::{Evaluator, HandRank};
    ///
    /// let board: CardSet = "Qh Jh Th 2c 3d".parse()?;
    /// let holes = [parse_hole("AhKh")?, parse_hole("9s8s")?];
    /// let mut out = [HandRank::from_raw(0); 2];
    /// Evaluator::new().evaluate_on_board(board, &holes, &mut out)?;
    /// assert!(out[0] > out[1]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn evaluate_on_board(
        self,
        board: CardSet,
        holes: &[[Card; 2]],
        out: &mut [HandRank],
    ) -> Result<(), EvalError> {
        check_batch(holes.len(), out.len())?;
        let board_key = HandKey::from_set(board);
        // Without a repeat, every hand holds the board's cards and two more.
        let cards = board.len() + 2;
        let counted = (5..=7).contains(&cards);
        for (slot, &[a, b]) in out.iter_mut().zip(holes) {
            let hand = board_key.with_card(a).with_card(b);
            if hand.has_duplicate() {
                return Err(EvalError::DuplicateCard);
            }
            if !counted {
                return Err(EvalError::CardCount(cards));
            }
            *slot = self.rank_key(hand);
        }
        Ok(())
    }
}

impl HandEvaluator for Evaluator {
    #[inline]
    fn evaluate(&self, cards: CardSet) -> Result<HandRank, EvalError> {
        Evaluator::evaluate(*self, cards)
    }

    fn evaluate_batch(&self, hands: &[CardSet], out: &mut [HandRank]) -> Result<(), EvalError> {
        Evaluator::evaluate_batch(*self, hands, out)
    }

    /// [`Evaluator::evaluate_on_board`].
    fn evaluate_on_board(
        &self,
        board: CardSet,
        holes: &[[Card; 2]],
        out: &mut [HandRank],
    ) -> Result<(), EvalError> {
        Evaluator::evaluate_on_board(*self, board, holes, out)
    }
}
