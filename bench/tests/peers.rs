//! Cross-checks against peer crates: independent implementations must agree
//! with ours on hand order (rules E2-E4) and on exact equity.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use holdem_cards::{Card, CardSet};
use holdem_eval::{Evaluator, equity};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

fn pokers_hand(h: &[Card]) -> pokers::Hand {
    h.iter().fold(pokers::Hand::default(), |acc, c| {
        acc + pokers::CARDS[c.index() as usize]
    })
}

/// Rules E2-E4: `pokers` orders 20,000 random seven-card hands exactly as we do.
#[test]
fn e4_pokers_orders_random_hands_like_us() {
    let eval = Evaluator::new();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut ranked = Vec::new();
    while ranked.len() < 20_000 {
        let mut set = CardSet::EMPTY;
        let mut hand = [Card::ALL[0]; 7];
        let mut k = 0;
        while k < 7 {
            let c = Card::ALL[(rng.next_u32() % 52) as usize];
            if set.insert(c) {
                hand[k] = c;
                k += 1;
            }
        }
        let ours = eval.evaluate7(&hand).expect("distinct cards");
        ranked.push((ours, pokers_hand(&hand).evaluate()));
    }
    ranked.sort_by_key(|r| r.0);
    for pair in ranked.windows(2) {
        assert_eq!(
            pair[0].0.cmp(&pair[1].0),
            pair[0].1.cmp(&pair[1].1),
            "{pair:?}"
        );
    }
}

/// Exact equity on the flop agrees with `pokers`' exact enumeration.
#[test]
fn exact_equity_matches_pokers() {
    let card = |s: &str| s.parse::<Card>().expect("card");
    let cases = [
        (["Ah", "As"], ["Kd", "Kc"], ["2c", "7d", "9h"]),
        (["As", "Ks"], ["Qh", "Qd"], ["Js", "Ts", "2d"]),
        (["7c", "7d"], ["Ah", "Kh"], ["Qh", "7h", "2h"]),
    ];
    for (a, b, flop) in cases {
        let hands = [[card(a[0]), card(a[1])], [card(b[0]), card(b[1])]];
        let board: Vec<Card> = flop.iter().map(|s| card(s)).collect();
        let ours = equity::exact(&hands, &board, CardSet::EMPTY).expect("valid");
        let ranges = pokers::HandRange::from_strings(vec![a.concat(), b.concat()]);
        let board_mask = pokers::get_card_mask(&flop.concat());
        let cancel = Arc::new(AtomicBool::new(false));
        let theirs =
            pokers::exact_equity(&ranges, board_mask, 0, 1, cancel, |_| {}).expect("valid");
        for (o, t) in ours.players.iter().zip(&theirs.equities) {
            assert!(
                (o.equity - t).abs() < 1e-9,
                "{a:?} {b:?} {flop:?}: {} vs {t}",
                o.equity
            );
        }
    }
}
