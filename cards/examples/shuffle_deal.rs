//! Shuffle and deal: a replayable deck dealt to six seats in the order of rules
//! C3 and C4 (hole cards one at a time from the left of the button, a burn before
//! each street), then a fresh shuffle from a kept generator.
//!
//! `cargo run -p holdem-cards --example shuffle_deal`

use holdem_cards::{CardSet, Deck, DeckError, deal_hand};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

fn main() -> Result<(), DeckError> {
    // A replayable deck: the same seed deals the same hand.
    let mut deck = Deck::seeded(2024);
    let hand = deal_hand(&mut deck, 6, 0)?;
    for (seat, [a, b]) in hand.hole.iter().enumerate() {
        println!("seat {seat}: {a} {b}");
    }
    let [f1, f2, f3, turn, river] = hand.board;
    println!("board: {f1} {f2} {f3} | {turn} | {river}");
    println!(
        "burned: {} {} {}",
        hand.burns[0], hand.burns[1], hand.burns[2]
    );
    println!("{} cards left in the deck", deck.len());
    assert_eq!(deck.len(), 52 - 12 - 3 - 5);
    assert_eq!(
        deal_hand(&mut Deck::seeded(2024), 6, 0)?,
        hand,
        "replayable"
    );

    // Every card of the hand is different (rule C1).
    let mut seen = CardSet::EMPTY;
    for card in hand
        .hole
        .iter()
        .flatten()
        .chain(&hand.burns)
        .chain(&hand.board)
    {
        assert!(!seen.contains(*card), "{card} dealt twice");
        seen.insert(*card);
    }

    // A server keeps one generator (seeded from the OS in play) and shuffles
    // each hand's deck from it.
    let mut rng = ChaCha20Rng::seed_from_u64(7);
    for hand_number in 1..=3 {
        let mut deck = Deck::shuffled_with(&mut rng);
        let hand = deal_hand(&mut deck, 2, 1)?;
        let [a, b] = hand.hole[0];
        println!("hand {hand_number}: seat 0 holds {a} {b}");
    }
    Ok(())
}
