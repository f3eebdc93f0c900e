//! One evaluation path in a loop, for instruction counts under callgrind
//! (load-independent, unlike timings on our shared machine).
//!
//! ```text
//! cargo build --release -p holdem-bench --example eval_paths
//! valgrind --tool=callgrind target/release/examples/eval_paths 50 rank7
//! valgrind --tool=callgrind target/release/examples/eval_paths 150 rank7
//! ```
//! (difference of the two totals) / (100 × 16,384) = instructions per hand,
//! setup cancelled. Paths: `rank_key`, `pokers_prebuilt`, `rank7`, `evaluate7`,
//! `pokers_ids`, `rank_batch7`, `evaluate_batch7`; `equity` and
//! `pokers_equity` run heads-up pre-flop exact equity N times.

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use holdem_cards::{Card, CardSet};
use holdem_eval::{Evaluator, HandKey, HandRank, equity};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

fn hands() -> Vec<[Card; 7]> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    (0..16_384)
        .map(|_| {
            let mut hand = [Card::ALL[0]; 7];
            let mut used = 0u64;
            let mut k = 0;
            while k < 7 {
                let c = (rng.next_u32() % 52) as usize;
                if used & (1 << c) == 0 {
                    used |= 1 << c;
                    hand[k] = Card::ALL[c];
                    k += 1;
                }
            }
            hand
        })
        .collect()
}

fn pokers_hand(h: &[Card; 7]) -> pokers::Hand {
    h.iter().fold(pokers::Hand::default(), |a, c| {
        a + pokers::CARDS[c.index() as usize]
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(100);
    let path = args.next().unwrap_or_else(|| "rank7".to_string());
    let eval = Evaluator::new();
    let hands = hands();
    let keys: Vec<HandKey> = hands.iter().map(|h| HandKey::from_cards(h)).collect();
    let pk: Vec<pokers::Hand> = hands.iter().map(pokers_hand).collect();
    let mut out = vec![HandRank::from_raw(0); hands.len()];
    let card = |s: &str| s.parse::<Card>().expect("card");
    let two = [[card("Ah"), card("As")], [card("Kd"), card("Kc")]];
    let ranges = pokers::HandRange::from_strings(vec!["AhAs".to_string(), "KdKc".to_string()]);
    let mut total = 0u64;
    for _ in 0..n {
        let hs = black_box(&hands);
        total += match path.as_str() {
            "rank_key" => black_box(&keys)
                .iter()
                .map(|&k| u64::from(eval.rank_key(k).raw()))
                .sum(),
            "pokers_prebuilt" => black_box(&pk).iter().map(|h| u64::from(h.evaluate())).sum(),
            "rank7" => hs.iter().map(|h| u64::from(eval.rank7(h).raw())).sum(),
            "evaluate7" => hs
                .iter()
                .map(|h| eval.evaluate7(h).map_or(0, |r| u64::from(r.raw())))
                .sum(),
            "pokers_ids" => hs
                .iter()
                .map(|h| u64::from(pokers_hand(h).evaluate()))
                .sum(),
            "rank_batch7" => {
                let ok = eval.rank_batch7(hs, &mut out).is_ok();
                u64::from(ok) + out.iter().map(|r| u64::from(r.raw())).sum::<u64>()
            }
            "evaluate_batch7" => {
                let ok = eval.evaluate_batch7(hs, &mut out).is_ok();
                u64::from(ok) + out.iter().map(|r| u64::from(r.raw())).sum::<u64>()
            }
            "equity" => {
                equity::exact(black_box(&two), &[], CardSet::EMPTY).map_or(0, |r| r.players[0].wins)
            }
            "pokers_equity" => {
                let cancel = Arc::new(AtomicBool::new(false));
                pokers::exact_equity(black_box(&ranges), 0, 0, 1, cancel, |_| {})
                    .map_or(0, |r| (r.equities[0] * 1e6) as u64)
            }
            other => {
                eprintln!("unknown path {other}");
                return;
            }
        };
    }
    println!("{total}");
}
