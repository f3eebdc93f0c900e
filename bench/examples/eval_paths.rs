//! One evaluation path in a loop, for instruction counts under callgrind
//! (load-independent, unlike timings on our shared machine).
//!
//! ```text
//! cargo build --release -p holdem-bench --example eval_paths
//! valgrind --tool=callgrind target/release/examples/eval_paths 50 rank7
//! valgrind --tool=callgrind target/release/examples/eval_paths 150 rank7
//! ```
//! (difference of the two totals) / (100 × 16,384) is the count for one hand,
//! setup cancelled. Paths: `rank_key`, `pokers_prebuilt`, `rank7`, `evaluate7`,
//! `pokers_ids`, `rank_batch7` and `evaluate_batch7` (each followed by a
//! summing pass over `out`), `rank_batch7_out` (`out` handed to `black_box`,
//! no second pass), `rank_on_board` (16 boards × 1,081 hole pairs, 17,296
//! hands a pass, not 16,384); `equity` and `pokers_equity` run heads-up
//! pre-flop exact equity N times.

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

/// Twenty shuffled cards and all their 77,520 seven-card subsets, in
/// lexicographic order (the bench's enumeration order).
fn enumeration_hands() -> Vec<[Card; 7]> {
    let mut deck: Vec<u8> = (0..52).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    for i in (1..52).rev() {
        deck.swap(i, (rng.next_u32() % (i as u32 + 1)) as usize);
    }
    let d: Vec<Card> = deck[..20].iter().map(|&c| Card::ALL[c as usize]).collect();
    let mut out = Vec::with_capacity(77_520);
    let mut idx = [0usize, 1, 2, 3, 4, 5, 6];
    loop {
        out.push(idx.map(|i| d[i]));
        // next 7-subset of 0..20 in lexicographic order
        let mut k = 7;
        while k > 0 && idx[k - 1] == 20 - 7 + k - 1 {
            k -= 1;
        }
        if k == 0 {
            return out;
        }
        idx[k - 1] += 1;
        for j in k..7 {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// Sixteen boards of five cards (the first five of sixteen of `hands`) with
/// every pair of hole cards from the other 47: 17,296 hands, the bench's
/// `eval7_board` shape.
fn boards(hands: &[[Card; 7]]) -> Vec<(HandKey, Vec<[Card; 2]>)> {
    hands
        .iter()
        .take(16)
        .map(|h| {
            let board = &h[..5];
            let rest: Vec<Card> = Card::ALL
                .iter()
                .copied()
                .filter(|c| !board.contains(c))
                .collect();
            let mut holes = Vec::with_capacity(1_081);
            for (i, &a) in rest.iter().enumerate() {
                for &b in &rest[i + 1..] {
                    holes.push([a, b]);
                }
            }
            (HandKey::from_cards(board), holes)
        })
        .collect()
}

/// The data every path reads.
struct Inputs {
    eval: Evaluator,
    boards: Vec<(HandKey, Vec<[Card; 2]>)>,
    board_out: Vec<HandRank>,
    hands: Vec<[Card; 7]>,
    keys: Vec<HandKey>,
    pk: Vec<pokers::Hand>,
    out: Vec<HandRank>,
}

impl Inputs {
    fn new(hands: Vec<[Card; 7]>) -> Inputs {
        Inputs {
            eval: Evaluator::new(),
            keys: hands.iter().map(|h| HandKey::from_cards(h)).collect(),
            pk: hands.iter().map(pokers_hand).collect(),
            out: vec![HandRank::from_raw(0); hands.len()],
            board_out: vec![HandRank::from_raw(0); 17_296],
            boards: boards(&hands),
            hands,
        }
    }

    /// One pass of `path` over the hands (None: unknown path).
    fn run(&mut self, path: &str) -> Option<u64> {
        let eval = self.eval;
        let hs = black_box(&self.hands);
        let card = |s: &str| s.parse::<Card>().expect("card");
        Some(match path {
            "rank_key" => black_box(&self.keys)
                .iter()
                .map(|&k| u64::from(eval.rank_key(k).raw()))
                .sum(),
            "pokers_prebuilt" => black_box(&self.pk)
                .iter()
                .map(|h| u64::from(h.evaluate()))
                .sum(),
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
                let ok = eval.rank_batch7(hs, &mut self.out).is_ok();
                u64::from(ok) + self.out.iter().map(|r| u64::from(r.raw())).sum::<u64>()
            }
            "rank_batch7_out" => {
                let _ = eval.rank_batch7(hs, &mut self.out);
                black_box(&self.out)
                    .first()
                    .map_or(0, |r| u64::from(r.raw()))
            }
            "rank_on_board" => {
                let mut rest = &mut self.board_out[..];
                for (key, holes) in black_box(&self.boards) {
                    let (now, later) = rest.split_at_mut(holes.len());
                    let _ = eval.rank_on_board(*key, holes, now);
                    rest = later;
                }
                black_box(&self.board_out)
                    .first()
                    .map_or(0, |r| u64::from(r.raw()))
            }
            "evaluate_batch7" => {
                let ok = eval.evaluate_batch7(hs, &mut self.out).is_ok();
                u64::from(ok) + self.out.iter().map(|r| u64::from(r.raw())).sum::<u64>()
            }
            "equity" => {
                let two = [[card("Ah"), card("As")], [card("Kd"), card("Kc")]];
                equity::exact(black_box(&two), &[], CardSet::EMPTY).map_or(0, |r| r.players[0].wins)
            }
            "pokers_equity" => {
                let ranges =
                    pokers::HandRange::from_strings(vec!["AhAs".to_string(), "KdKc".to_string()]);
                let cancel = Arc::new(AtomicBool::new(false));
                pokers::exact_equity(black_box(&ranges), 0, 0, 1, cancel, |_| {})
                    .map_or(0, |r| (r.equities[0] * 1e6) as u64)
            }
            _ => return None,
        })
    }
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    // `enum` anywhere: the enumeration hands instead of the random ones.
    let enumeration = args.iter().any(|a| a == "enum");
    args.retain(|a| a != "enum");
    let hands = if enumeration {
        enumeration_hands()
    } else {
        hands()
    };
    let mut inputs = Inputs::new(hands);
    if args.first().map(String::as_str) == Some("time") {
        // `time ROUNDS PATH...`: the paths interleaved, ROUNDS times; the best
        // (least loaded) pass of each, in M hands/s of thread CPU time. A quick
        // check between criterion runs, not a replacement for them.
        let rounds: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(200);
        let paths = &args[2..];
        let mut best = vec![u64::MAX; paths.len()];
        let mut total = 0u64;
        for _ in 0..rounds {
            for (p, b) in paths.iter().zip(best.iter_mut()) {
                let t = holdem_bench::thread_cpu_ns();
                total += inputs.run(p).unwrap_or(0);
                *b = (*b).min(holdem_bench::thread_cpu_ns() - t);
            }
        }
        let n = inputs.hands.len() as f64;
        for (p, b) in paths.iter().zip(&best) {
            println!("{p:>20} {:8.1} M/s", n * 1e3 / *b as f64);
        }
        println!("{total}");
        return;
    }
    let n: usize = args.first().and_then(|s| s.parse().ok()).unwrap_or(100);
    let path = args.get(1).cloned().unwrap_or_else(|| "rank7".to_string());
    let mut total = 0u64;
    for _ in 0..n {
        match inputs.run(&path) {
            Some(v) => total += v,
            None => {
                eprintln!("unknown path {path}");
                return;
            }
        }
    }
    println!("{total}");
}
