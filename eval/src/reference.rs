//! The reference evaluator: small and obviously correct, the test oracle.
//!
//! It ranks every five-card subset directly from its ranks and suits and keeps the
//! best (rule E1: any five of the cards, so both, one or none of the hole cards).
//! No tables, no hashing: about a microsecond for seven cards.

use holdem_cards::{Card, CardSet};

use crate::rank::{encode, straight_top};
use crate::{EvalError, HandEvaluator, HandRank};

/// Ranks hands by trying every five-card subset (21 for seven cards) and
/// classifying each one directly. Slow and simple: use [`crate::Evaluator`] for speed.
///
/// ```
/// use holdem_cards::CardSet;
/// use holdem_eval::{Category, ReferenceEvaluator};
///
/// let hand: CardSet = "9c 9d Kh Ks 9s 2c 3d".parse()?;
/// let rank = ReferenceEvaluator.evaluate(hand)?;
/// assert_eq!(rank.category(), Category::FullHouse);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, Default)]
pub struct ReferenceEvaluator;

impl ReferenceEvaluator {
    /// The rank of exactly five cards, classified directly (rules E2-E4).
    ///
    /// The cards are assumed distinct; repeated cards are ranked as if they
    /// were different cards of the same rank and suit.
    pub fn rank_five(cards: [Card; 5]) -> HandRank {
        let mut ranks = cards.map(|c| c.rank().index() as u16);
        ranks.sort_unstable_by(|a, b| b.cmp(a));
        let flush = cards.iter().all(|c| c.suit() == cards[0].suit());
        let mask = ranks.iter().fold(0u16, |m, &r| m | 1 << r);
        let distinct = mask.count_ones() == 5;
        let straight = if distinct { straight_top(mask) } else { None };

        // Groups of equal rank as (count, rank), biggest group first, then
        // higher rank first: the order in which ties are broken (E4).
        let mut groups = [(0u16, 0u16); 5];
        let mut n = 0;
        for &r in &ranks {
            match groups[..n].iter_mut().find(|g| g.1 == r) {
                Some(g) => g.0 += 1,
                None => {
                    groups[n] = (1, r);
                    n += 1;
                }
            }
        }
        let groups = &mut groups[..n];
        groups.sort_unstable_by(|a, b| b.cmp(a));
        let g = |i: usize| groups[i].1;
        let shape: [u16; 2] = [groups[0].0, groups.get(1).map_or(0, |x| x.0)];

        match (straight, flush, shape) {
            (Some(top), true, _) => encode::straight_flush(top),
            (_, _, [4, _]) => encode::quads(g(0), g(1)),
            (_, _, [3, 2]) => encode::full_house(g(0), g(1)),
            (None, true, _) => encode::flush(mask),
            (Some(top), false, _) => encode::straight(top),
            (_, _, [3, _]) => encode::trips(g(0), g(1), g(2)),
            (_, _, [2, 2]) => encode::two_pair(g(0), g(1), g(2)),
            (_, _, [2, _]) => encode::one_pair(g(0), g(1), g(2), g(3)),
            _ => encode::high_card(mask),
        }
    }

    /// The best rank of any five of `cards` (5 to 7 cards, rule E1).
    pub fn rank_cards(cards: &[Card]) -> Result<HandRank, EvalError> {
        let n = cards.len();
        if !(5..=7).contains(&n) {
            return Err(EvalError::CardCount(n as u32));
        }
        let mut best = HandRank(0);
        // Every 5-subset, as every n-bit selection mask with five bits set.
        for select in 0u32..(1 << n) {
            if select.count_ones() != 5 {
                continue;
            }
            let mut five = [cards[0]; 5];
            let chosen = cards
                .iter()
                .enumerate()
                .filter(|(i, _)| select & (1 << i) != 0);
            for (slot, (_, &card)) in five.iter_mut().zip(chosen) {
                *slot = card;
            }
            best = best.max(Self::rank_five(five));
        }
        Ok(best)
    }
}

impl HandEvaluator for ReferenceEvaluator {
    fn evaluate(&self, cards: CardSet) -> Result<HandRank, EvalError> {
        ReferenceEvaluator::evaluate(*self, cards)
    }
}

impl ReferenceEvaluator {
    /// Ranks a set of 5, 6 or 7 cards ([`HandEvaluator::evaluate`], callable
    /// without importing the trait).
    pub fn evaluate(self, cards: CardSet) -> Result<HandRank, EvalError> {
        let mut buf = [Card::ALL[0]; 7];
        let n = cards.len() as usize;
        if !(5..=7).contains(&n) {
            return Err(EvalError::CardCount(n as u32));
        }
        for (slot, card) in buf.iter_mut().zip(cards) {
            *slot = card;
        }
        Self::rank_cards(&buf[..n])
    }
}
