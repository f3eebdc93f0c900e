//! Choosing the first button (rule C5), each policy on a seeded deck with a
//! hand-checked result. The seeded decks' top cards (ChaCha20, `Deck::seeded`):
//! - seed 2: 3h Js 7d 5c 6c Tc Qs 4s Ac 4d ...
//! - seed 3: Qs 3c 7s 4c Kh 3s ...
//! - seed 5: Qd Kc 4d 7c 2d Kd 8h Ad ...
//! - seed 6: Ac As Js Kc Qc ...

use holdem_cards::{ButtonDraw, Card, Deck, DeckError, draw_button};
use rand_chacha::ChaCha20Rng;
use rand_core::{RngCore, SeedableRng};

fn card(text: &str) -> Card {
    text.parse().expect("valid card text in test")
}

/// Draws with a deck seeded `deck_seed`; returns the button and the dealt cards as text.
fn check(policy: ButtonDraw, seats: &[u8], arrival: &[u8], deck_seed: u64) -> (u8, String) {
    let mut deck = Deck::seeded(deck_seed);
    let mut rng = ChaCha20Rng::seed_from_u64(deck_seed);
    let draw = draw_button(policy, seats, arrival, &mut deck, &mut rng).expect("a valid draw");
    let dealt: Vec<String> = draw
        .dealt
        .iter()
        .map(|(seat, card)| format!("{seat}:{card}"))
        .collect();
    assert_eq!(
        deck.len(),
        52 - draw.dealt.len(),
        "dealt cards must leave the deck"
    );
    (draw.button, dealt.join(" "))
}

#[test]
fn c5_seat_one_seed_000() {
    // Seats listed clockwise from seat 1; seat 1 is empty, so seat 3 is first.
    assert_eq!(
        check(ButtonDraw::SeatOne, &[3, 5, 8], &[], 1),
        (3, String::new())
    );
}

#[test]
fn c5_high_card_seed_002() {
    // Qs 3c 7s 4c Kh to seats 2 5 6 9 10: the king of hearts is highest.
    assert_eq!(
        check(ButtonDraw::HighCard, &[2, 5, 6, 9, 10], &[], 3),
        (10, "2:Qs 5:3c 6:7s 9:4c 10:Kh".to_string())
    );
}

#[test]
fn c5_high_card_suit_breaks_rank_tie_seed_002() {
    // Ac then As: equal rank, spades beat clubs, so the second seat wins.
    assert_eq!(
        check(ButtonDraw::HighCard, &[3, 8], &[], 6),
        (8, "3:Ac 8:As".to_string())
    );
    // A stacked deck with three kings: spades > hearts > diamonds > clubs.
    for (order, winner) in [
        (["Kc", "Kh", "Kd"], 2u8),
        (["Ks", "Kh", "Kd"], 1),
        (["Kd", "Kc", "Kh"], 3),
    ] {
        let cards: Vec<Card> = order.iter().map(|t| card(t)).collect();
        let mut deck = Deck::from_order(&cards).expect("distinct cards");
        let mut rng = ChaCha20Rng::seed_from_u64(0);
        let draw = draw_button(ButtonDraw::HighCard, &[1u8, 2, 3], &[], &mut deck, &mut rng)
            .expect("valid draw");
        assert_eq!(draw.button, winner, "{order:?}");
    }
}

#[test]
fn c5_first_ace_seed_004() {
    // 3h Js 7d 5c | 6c Tc Qs 4s | Ac: the third round's first card is the ace, to seat 1.
    assert_eq!(
        check(ButtonDraw::FirstAce, &[1, 2, 3, 4], &[], 2),
        (
            1,
            "1:3h 2:Js 3:7d 4:5c 1:6c 2:Tc 3:Qs 4:4s 1:Ac".to_string()
        )
    );
    // Qd Kc 4d | 7c 2d Kd | 8h Ad: the ace of diamonds falls to seat 4.
    assert_eq!(
        check(ButtonDraw::FirstAce, &[0, 4, 7], &[], 5),
        (4, "0:Qd 4:Kc 7:4d 0:7c 4:2d 7:Kd 0:8h 4:Ad".to_string())
    );
}

#[test]
fn c5_first_ace_without_an_ace_is_an_error_and_keeps_the_deck() {
    let no_aces: Vec<Card> = Card::ALL
        .iter()
        .copied()
        .filter(|c| c.rank() != holdem_cards::Rank::Ace)
        .collect();
    let mut deck = Deck::from_order(&no_aces).expect("distinct cards");
    let mut rng = ChaCha20Rng::seed_from_u64(0);
    let err = draw_button(ButtonDraw::FirstAce, &[1u8, 2], &[], &mut deck, &mut rng);
    assert_eq!(
        err,
        Err(DeckError::NotEnoughCards {
            needed: 49,
            left: 0
        })
    );
    assert_eq!(deck.len(), 48);
}

#[test]
fn c5_random_seed_003() {
    let seats = [1u8, 2, 4, 6, 9];
    // Pinned with ChaCha20 seed 3: its first word x gives index (x * 5) >> 32 = 3
    // (no rejection: the low half is above 2^32 mod 5), so seat 6.
    let x = ChaCha20Rng::seed_from_u64(3).next_u32();
    assert_eq!((u64::from(x) * 5) >> 32, 3);
    assert_eq!(
        check(ButtonDraw::Random, &seats, &[], 3),
        (6, String::new())
    );
    // Every seat can win, about equally often.
    let mut wins = [0u32; 5];
    let mut rng = ChaCha20Rng::seed_from_u64(33);
    let mut deck = Deck::new();
    for _ in 0..5_000 {
        let draw =
            draw_button(ButtonDraw::Random, &seats, &[], &mut deck, &mut rng).expect("valid draw");
        let button = draw.button;
        let i = seats
            .iter()
            .position(|&s| s == button)
            .expect("button is a seat");
        wins[i] += 1;
    }
    // Expected 1000 each; sd about 28, so 850..1150 is over five sd.
    assert!(
        wins.iter().all(|&w| (850..1150).contains(&w)),
        "uneven random draw {wins:?}"
    );
}

#[test]
fn c5_first_seated_seed_001() {
    assert_eq!(
        check(ButtonDraw::FirstSeated, &[1, 4, 6], &[6, 1, 4], 1),
        (6, String::new())
    );
    // The first to arrive left the table: the next arrival still seated wins.
    assert_eq!(
        check(ButtonDraw::FirstSeated, &[1, 4, 6], &[2, 4, 1, 6], 1),
        (4, String::new())
    );
}

#[test]
fn c5_draw_errors_are_typed() {
    let mut deck = Deck::seeded(1);
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    let none: [u8; 0] = [];
    assert_eq!(
        draw_button(ButtonDraw::SeatOne, &none, &[], &mut deck, &mut rng),
        Err(DeckError::NoSeats)
    );
    assert_eq!(
        draw_button(
            ButtonDraw::FirstSeated,
            &[1u8, 2],
            &[7],
            &mut deck,
            &mut rng
        ),
        Err(DeckError::NoArrival)
    );
    let mut short = Deck::from_order(&Card::ALL[..2]).expect("distinct cards");
    assert_eq!(
        draw_button(
            ButtonDraw::HighCard,
            &[1u8, 2, 3],
            &[],
            &mut short,
            &mut rng
        ),
        Err(DeckError::NotEnoughCards { needed: 3, left: 2 })
    );
    assert_eq!(short.len(), 2, "a refused draw leaves the deck as it was");
}
