//! The five cards that make a hand (rule E1).

use holdem_cards::{Card, CardSet};

use crate::{EvalError, HandRank, ReferenceEvaluator};

/// The five cards of `cards` (5-7 cards) that make its best hand, strongest
/// first in tie-break order (E4): groups before kickers, a straight from the top
/// (the wheel's ace last). Any five may play: both, one or none of a player's hole
/// cards (E1). Among equal choices (a sixth card of the same rank, another suit),
/// the first in card order is kept; suits never matter to the rank (E4).
pub fn best_five(cards: CardSet) -> Result<[Card; 5], EvalError> {
    let n = cards.len() as usize;
    if !(5..=7).contains(&n) {
        return Err(EvalError::CardCount(n as u32));
    }
    let mut all = [Card::ALL[0]; 7];
    for (slot, c) in all.iter_mut().zip(cards) {
        *slot = c;
    }
    let all = &all[..n];
    let mut best = (HandRank(0), [all[0]; 5]);
    for select in 0u32..(1 << n) {
        if select.count_ones() != 5 {
            continue;
        }
        let mut five = [all[0]; 5];
        let chosen = all
            .iter()
            .enumerate()
            .filter(|(i, _)| select & (1 << i) != 0);
        for (slot, (_, &card)) in five.iter_mut().zip(chosen) {
            *slot = card;
        }
        let rank = ReferenceEvaluator::rank_five(five);
        if rank > best.0 {
            best = (rank, five);
        }
    }
    let (rank, mut five) = best;
    order_for_display(rank, &mut five);
    Ok(five)
}

/// Sorts five cards in the order of [`HandRank::five_ranks`].
fn order_for_display(rank: HandRank, five: &mut [Card; 5]) {
    let Some(order) = rank.five_ranks() else {
        return;
    };
    let mut out = *five;
    let mut used = [false; 5];
    for (slot, want) in out.iter_mut().zip(order) {
        if let Some(i) = (0..5).find(|&i| !used[i] && five[i].rank() == want) {
            used[i] = true;
            *slot = five[i];
        }
    }
    *five = out;
}
