//! Hand evaluation and equity, `holdem-eval` side by side with peer crates.
//!
//! Run: `cargo bench -p holdem-bench --bench eval` (or `cargo xtask bench eval`).
//! Every peer ranks the same pre-generated hands in the same run; results are
//! summed and passed through `black_box` so nothing is optimised away.
//!
//! - `eval7_random`: 16,384 random seven-card hands (seeded), one by one.
//!   Batches are timed twice: `batch_*` with a summing pass over `out` after
//!   the call, `batch_*_out` handing `out` to
//!   `black_box` as the call wrote it (the batch's observable result, no
//!   second pass; the fairer comparison with one-by-one loops that sum in a
//!   register).
//!   "ids" starts from seven card ids (building the peer's hand type inside the
//!   timed loop); "prebuilt" ranks hands already in the peer's own type.
//! - `eval7_enumeration`: all 77,520 seven-card subsets of 20 shuffled cards in
//!   lexicographic order (consecutive hands share most cards), from ids, and as
//!   nested loops adding one card per level (how equity enumerators work).
//! - `eval7_board`: 16 seeded random boards of five cards, each with all
//!   1,081 pairs of hole cards from the other 47 (17,296 seven-card hands, the
//!   shape of a showdown or an equity leaf): our shared-board batches against
//!   the same hands one by one, ours and `pokers`' (from ids, and `pokers` with
//!   its board `Hand` built once per board).
//! - `equity`: pre-flop exact equity, heads-up AhAs vs KdKc (1,712,304 boards)
//!   and three-way AhAs vs KdKc vs QhQc (1,370,754 boards).
//!
//! Evaluation times are the benchmark thread's CPU time ([`ThreadCpuTime`]): the
//! shared 2-core machine makes wall time depend on who else is building. The
//! equity group uses the process's CPU time ([`ProcessCpuTime`]), because a
//! peer works on a helper thread.

use std::hint::black_box;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use criterion::{BenchmarkGroup, Criterion, Throughput, criterion_group, criterion_main};
use holdem_bench::{ProcessCpuTime, ThreadCpuTime};
use holdem_cards::{Card, CardSet};
use holdem_eval::{Evaluator, HandEvaluator, HandKey, HandRank, equity};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

const RANDOM_HANDS: usize = 16_384;

fn random_hands(n: usize) -> Vec<[u8; 7]> {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    (0..n)
        .map(|_| {
            let mut hand = [0u8; 7];
            let mut used = 0u64;
            let mut k = 0;
            while k < 7 {
                let c = (rng.next_u32() % 52) as u8;
                if used & (1 << c) == 0 {
                    used |= 1 << c;
                    hand[k] = c;
                    k += 1;
                }
            }
            hand
        })
        .collect()
}

/// Twenty shuffled card ids (for the enumeration benches).
fn twenty_cards() -> [u8; 20] {
    let mut deck: Vec<u8> = (0..52).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    for i in (1..52).rev() {
        deck.swap(i, (rng.next_u32() % (i as u32 + 1)) as usize);
    }
    let mut out = [0u8; 20];
    out.copy_from_slice(&deck[..20]);
    out
}

fn enumeration_hands() -> Vec<[u8; 7]> {
    let d = twenty_cards();
    let mut out = Vec::with_capacity(77_520);
    for a in 0..20 {
        for b in a + 1..20 {
            for c in b + 1..20 {
                for e in c + 1..20 {
                    for f in e + 1..20 {
                        for g in f + 1..20 {
                            for h in g + 1..20 {
                                out.push([d[a], d[b], d[c], d[e], d[f], d[g], d[h]]);
                            }
                        }
                    }
                }
            }
        }
    }
    out
}

fn ours(ids: &[[u8; 7]]) -> Vec<[Card; 7]> {
    ids.iter()
        .map(|h| h.map(|c| Card::ALL[c as usize]))
        .collect()
}

fn rs_card(c: Card) -> rs_poker::core::Card {
    rs_poker::core::Card {
        value: rs_poker::core::Value::from_u8(c.rank().index()),
        suit: rs_poker::core::Suit::from_u8(c.suit().index()),
    }
}

fn poker_card(c: Card) -> poker::Card {
    poker::Card::try_from_chars(c.rank().to_char(), c.suit().to_char()).expect("valid card")
}

fn aya_card(c: Card) -> aya_poker::base::Card {
    aya_poker::base::CARDS[c.index() as usize]
}

fn pokers_hand(h: &[Card; 7]) -> pokers::Hand {
    h.iter().fold(pokers::Hand::default(), |acc, c| {
        acc + pokers::CARDS[c.index() as usize]
    })
}

fn aya_hand(h: &[Card; 7]) -> aya_poker::base::Hand {
    let mut hand = aya_poker::base::Hand::new();
    for &c in h {
        hand.insert_unchecked(&aya_card(c));
    }
    hand
}

fn sum(ranks: impl Iterator<Item = u32>) -> u64 {
    ranks.fold(0u64, |a, r| a + u64::from(r))
}

/// Checks that every peer orders a sample of hands the same way as ours, so
/// the table compares evaluators that agree.
fn check_peers_agree(hands: &[[Card; 7]]) {
    let eval = Evaluator::new();
    let poker_eval = poker::Evaluator::new();
    let ranked: Vec<_> = hands
        .iter()
        .take(2_000)
        .map(|h| {
            let ours = eval.evaluate7(h).expect("7 distinct cards");
            let pk = pokers_hand(h).evaluate();
            let aya = aya_poker::poker_rank(&aya_hand(h)).0;
            let rs = rs_poker::core::Rankable::rank(&h.map(rs_card)[..]);
            let pc = poker_eval
                .evaluate_five(h.map(poker_card))
                .expect("7 cards");
            (ours, pk, aya, rs, pc)
        })
        .collect();
    for a in &ranked {
        for b in ranked.iter().take(50) {
            let want = a.0.cmp(&b.0);
            assert_eq!(a.1.cmp(&b.1), want, "pokers disagrees");
            assert_eq!(a.2.cmp(&b.2), want, "aya_poker disagrees");
            assert_eq!(a.3.cmp(&b.3), want, "rs_poker disagrees");
            assert_eq!(a.4.cmp(&b.4), want, "poker disagrees");
        }
    }
}

fn configure<'a>(
    c: &'a mut Criterion<ThreadCpuTime>,
    name: &str,
    elements: usize,
) -> BenchmarkGroup<'a, ThreadCpuTime> {
    let mut g = c.benchmark_group(name);
    g.throughput(Throughput::Elements(elements as u64));
    g.sample_size(20);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_millis(1500));
    g
}

/// Single-hand evaluators on a list of hands, ours and every peer's.
fn per_hand(g: &mut BenchmarkGroup<'_, ThreadCpuTime>, hands: &[[Card; 7]], with_slow_peers: bool) {
    let eval = Evaluator::new();
    g.bench_function("holdem/ids", |b| {
        b.iter(|| {
            let hands = black_box(hands).iter();
            sum(hands.map(|h| eval.evaluate7(h).map_or(0, |r| u32::from(r.raw()))))
        })
    });
    g.bench_function("holdem/ids_by_contract", |b| {
        b.iter(|| {
            let hands = black_box(hands).iter();
            sum(hands.map(|h| u32::from(eval.rank7(h).raw())))
        })
    });
    let sets: Vec<CardSet> = hands.iter().map(|h| CardSet::from_cards(h)).collect();
    g.bench_function("holdem/prebuilt_cardset", |b| {
        b.iter(|| {
            let sets = black_box(&sets).iter();
            sum(sets.map(|&s| eval.evaluate(s).map_or(0, |r| u32::from(r.raw()))))
        })
    });
    let keys: Vec<HandKey> = hands.iter().map(|h| HandKey::from_cards(h)).collect();
    g.bench_function("holdem/prebuilt_key", |b| {
        b.iter(|| {
            sum(black_box(&keys)
                .iter()
                .map(|&k| u32::from(eval.rank_key(k).raw())))
        })
    });
    let mut out = vec![HandRank::from_raw(0); hands.len()];
    g.bench_function("holdem/batch_ids", |b| {
        b.iter(|| {
            let ok = eval.evaluate_batch7(black_box(hands), &mut out).is_ok();
            (ok, sum(out.iter().map(|r| u32::from(r.raw()))))
        })
    });
    g.bench_function("holdem/batch_ids_by_contract", |b| {
        b.iter(|| {
            let ok = eval.rank_batch7(black_box(hands), &mut out).is_ok();
            (ok, sum(out.iter().map(|r| u32::from(r.raw()))))
        })
    });
    // The batch's result is `out`: handed to `black_box` as written, without
    // the summing pass above (a cost the one-by-one paths do not pay).
    g.bench_function("holdem/batch_ids_by_contract_out", |b| {
        b.iter(|| {
            let ok = eval.rank_batch7(black_box(hands), &mut out).is_ok();
            black_box(&out);
            ok
        })
    });
    g.bench_function("holdem/batch_cardset", |b| {
        b.iter(|| {
            let ok = eval.evaluate_batch(black_box(&sets), &mut out).is_ok();
            (ok, sum(out.iter().map(|r| u32::from(r.raw()))))
        })
    });

    g.bench_function("pokers/ids", |b| {
        b.iter(|| {
            sum(black_box(hands)
                .iter()
                .map(|h| u32::from(pokers_hand(h).evaluate())))
        })
    });
    let pk: Vec<pokers::Hand> = hands.iter().map(pokers_hand).collect();
    g.bench_function("pokers/prebuilt", |b| {
        b.iter(|| sum(black_box(&pk).iter().map(|h| u32::from(h.evaluate()))))
    });
    g.bench_function("aya_poker/ids", |b| {
        b.iter(|| {
            let hands = black_box(hands).iter();
            sum(hands.map(|h| u32::from(aya_poker::poker_rank(&aya_hand(h)).0)))
        })
    });
    let aya: Vec<aya_poker::base::Hand> = hands.iter().map(aya_hand).collect();
    g.bench_function("aya_poker/prebuilt", |b| {
        b.iter(|| {
            sum(black_box(&aya)
                .iter()
                .map(|h| u32::from(aya_poker::poker_rank(h).0)))
        })
    });
    if !with_slow_peers {
        return;
    }
    let rs: Vec<[rs_poker::core::Card; 7]> = hands.iter().map(|h| h.map(rs_card)).collect();
    g.bench_function("rs_poker/prebuilt_cards", |b| {
        b.iter(|| {
            black_box(&rs)
                .iter()
                .map(|h| rs_poker::core::Rankable::rank(&h[..]))
                .fold(0u64, |a, r| {
                    a + u64::from(matches!(r, rs_poker::core::Rank::OnePair(_)))
                })
        })
    });
    let poker_eval = poker::Evaluator::new();
    let pc: Vec<[poker::Card; 7]> = hands.iter().map(|h| h.map(poker_card)).collect();
    g.bench_function("poker/prebuilt_cards", |b| {
        b.iter(|| {
            black_box(&pc)
                .iter()
                .filter_map(|h| poker_eval.evaluate_five(h).ok())
                .fold(0u64, |a, e| a + u64::from(e.is_pair()))
        })
    });
}

fn eval7_random(c: &mut Criterion<ThreadCpuTime>) {
    let hands = ours(&random_hands(RANDOM_HANDS));
    check_peers_agree(&hands);
    let mut g = configure(c, "eval7_random", hands.len());
    per_hand(&mut g, &hands, true);
    g.finish();
}

#[allow(clippy::needless_range_loop)] // nested deals read best as indices
fn eval7_enumeration(c: &mut Criterion<ThreadCpuTime>) {
    let hands = ours(&enumeration_hands());
    let mut g = configure(c, "eval7_enumeration", hands.len());
    per_hand(&mut g, &hands, false);

    // Nested loops, one card added per level, as in an equity enumeration.
    let d = twenty_cards();
    let eval = Evaluator::new();
    let hk: Vec<HandKey> = d
        .iter()
        .map(|&c| HandKey::EMPTY.with_card(Card::ALL[c as usize]))
        .collect();
    g.bench_function("holdem/nested_loops", |b| {
        b.iter(|| {
            let hk = black_box(&hk);
            let mut acc = 0u64;
            for a in 0..20 {
                for b in a + 1..20 {
                    let kb = hk[a].plus(hk[b]);
                    for c in b + 1..20 {
                        let kc = kb.plus(hk[c]);
                        for e in c + 1..20 {
                            let ke = kc.plus(hk[e]);
                            for f in e + 1..20 {
                                let kf = ke.plus(hk[f]);
                                for g in f + 1..20 {
                                    let kg = kf.plus(hk[g]);
                                    for h in g + 1..20 {
                                        acc += u64::from(eval.rank_key(kg.plus(hk[h])).raw());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            acc
        })
    });
    let pk: Vec<pokers::Hand> = d.iter().map(|&c| pokers::CARDS[c as usize]).collect();
    g.bench_function("pokers/nested_loops", |b| {
        b.iter(|| {
            let pk = black_box(&pk);
            let mut acc = 0u64;
            for a in 0..20 {
                for b in a + 1..20 {
                    let kb = pokers::Hand::default() + pk[a] + pk[b];
                    for c in b + 1..20 {
                        let kc = kb + pk[c];
                        for e in c + 1..20 {
                            let ke = kc + pk[e];
                            for f in e + 1..20 {
                                let kf = ke + pk[f];
                                for g in f + 1..20 {
                                    let kg = kf + pk[g];
                                    for h in g + 1..20 {
                                        acc += u64::from((kg + pk[h]).evaluate());
                                    }
                                }
                            }
                        }
                    }
                }
            }
            acc
        })
    });
    g.finish();
}

/// Sixteen seeded random five-card boards, each with every pair of hole cards
/// from the 47 cards left.
fn boards_and_holes() -> Vec<([Card; 5], Vec<[Card; 2]>)> {
    let mut rng = ChaCha8Rng::seed_from_u64(0xb0a2d);
    (0..16)
        .map(|_| {
            let mut used = 0u64;
            let mut board = [Card::ALL[0]; 5];
            let mut k = 0;
            while k < 5 {
                let c = (rng.next_u32() % 52) as usize;
                if used & (1 << c) == 0 {
                    used |= 1 << c;
                    board[k] = Card::ALL[c];
                    k += 1;
                }
            }
            let rest: Vec<Card> = (0..52)
                .filter(|&c| used & (1 << c) == 0)
                .map(|c| Card::ALL[c])
                .collect();
            let mut holes = Vec::with_capacity(1_081);
            for (i, &a) in rest.iter().enumerate() {
                for &b in &rest[i + 1..] {
                    holes.push([a, b]);
                }
            }
            (board, holes)
        })
        .collect()
}

/// Many hole-card pairs on one board: the shared-board batches against the
/// same seven-card hands one by one.
fn eval7_board(c: &mut Criterion<ThreadCpuTime>) {
    let deals = boards_and_holes();
    let sevens: Vec<[Card; 7]> = deals
        .iter()
        .flat_map(|(board, holes)| {
            holes
                .iter()
                .map(move |&[a, b]| [board[0], board[1], board[2], board[3], board[4], a, b])
        })
        .collect();
    let mut g = configure(c, "eval7_board", sevens.len());
    let eval = Evaluator::new();
    let board_keys: Vec<HandKey> = deals.iter().map(|(b, _)| HandKey::from_cards(b)).collect();
    let board_sets: Vec<CardSet> = deals.iter().map(|(b, _)| CardSet::from_cards(b)).collect();
    let mut out = vec![HandRank::from_raw(0); sevens.len()];
    g.bench_function("holdem/board_batch_by_contract", |b| {
        b.iter(|| {
            let mut rest = &mut out[..];
            for (key, (_, holes)) in board_keys.iter().zip(black_box(&deals)) {
                let (now, later) = rest.split_at_mut(holes.len());
                let _ = eval.rank_on_board(*key, holes, now);
                rest = later;
            }
            sum(out.iter().map(|r| u32::from(r.raw())))
        })
    });
    g.bench_function("holdem/board_batch_validated", |b| {
        b.iter(|| {
            let mut rest = &mut out[..];
            let mut ok = true;
            for (set, (_, holes)) in board_sets.iter().zip(black_box(&deals)) {
                let (now, later) = rest.split_at_mut(holes.len());
                ok &= eval.evaluate_on_board(*set, holes, now).is_ok();
                rest = later;
            }
            (ok, sum(out.iter().map(|r| u32::from(r.raw()))))
        })
    });
    g.bench_function("holdem/batch_ids_by_contract", |b| {
        b.iter(|| {
            let ok = eval.rank_batch7(black_box(&sevens), &mut out).is_ok();
            (ok, sum(out.iter().map(|r| u32::from(r.raw()))))
        })
    });
    g.bench_function("holdem/batch_ids_by_contract_out", |b| {
        b.iter(|| {
            let ok = eval.rank_batch7(black_box(&sevens), &mut out).is_ok();
            black_box(&out);
            ok
        })
    });
    g.bench_function("holdem/ids_by_contract", |b| {
        b.iter(|| {
            let hands = black_box(&sevens).iter();
            sum(hands.map(|h| u32::from(eval.rank7(h).raw())))
        })
    });
    g.bench_function("pokers/ids", |b| {
        b.iter(|| {
            sum(black_box(&sevens)
                .iter()
                .map(|h| u32::from(pokers_hand(h).evaluate())))
        })
    });
    let pk_boards: Vec<pokers::Hand> = deals
        .iter()
        .map(|(board, _)| {
            board.iter().fold(pokers::Hand::default(), |acc, c| {
                acc + pokers::CARDS[c.index() as usize]
            })
        })
        .collect();
    g.bench_function("pokers/board_one_by_one", |b| {
        b.iter(|| {
            let mut acc = 0u64;
            for (board, (_, holes)) in pk_boards.iter().zip(black_box(&deals)) {
                acc += sum(holes.iter().map(|&[x, y]| {
                    let hand = *board
                        + pokers::CARDS[x.index() as usize]
                        + pokers::CARDS[y.index() as usize];
                    u32::from(hand.evaluate())
                }));
            }
            acc
        })
    });
    g.finish();
}

/// Process CPU time: `pokers` runs its enumeration on a worker thread, which
/// the calling thread's CPU time would not see (ours runs on the caller's).
fn equity_heads_up(c: &mut Criterion<ProcessCpuTime>) {
    let card = |s: &str| s.parse::<Card>().expect("card");
    let hands = [[card("Ah"), card("As")], [card("Kd"), card("Kc")]];
    let mut g = c.benchmark_group("equity");
    g.sample_size(10);
    g.warm_up_time(Duration::from_millis(300));
    g.measurement_time(Duration::from_secs(2));
    g.bench_function("holdem/exact_preflop_AA_KK", |b| {
        b.iter(|| {
            let r = equity::exact(black_box(&hands), &[], CardSet::EMPTY);
            r.map(|r| r.players[0].pot_shares)
        })
    });
    let ranges = pokers::HandRange::from_strings(vec!["AhAs".to_string(), "KdKc".to_string()]);
    g.bench_function("pokers/exact_preflop_AA_KK_1thread", |b| {
        b.iter(|| {
            let cancel = Arc::new(AtomicBool::new(false));
            let r = pokers::exact_equity(black_box(&ranges), 0, 0, 1, cancel, |_| {});
            r.map(|r| r.equities[0])
        })
    });
    // Three-way pre-flop: AhAs vs KdKc vs QhQc (1,370,754 boards).
    let three = [
        [card("Ah"), card("As")],
        [card("Kd"), card("Kc")],
        [card("Qh"), card("Qc")],
    ];
    g.bench_function("holdem/exact_preflop_AA_KK_QQ", |b| {
        b.iter(|| {
            let r = equity::exact(black_box(&three), &[], CardSet::EMPTY);
            r.map(|r| r.players[0].pot_shares)
        })
    });
    let ranges3 = pokers::HandRange::from_strings(vec![
        "AhAs".to_string(),
        "KdKc".to_string(),
        "QhQc".to_string(),
    ]);
    g.bench_function("pokers/exact_preflop_AA_KK_QQ_1thread", |b| {
        b.iter(|| {
            let cancel = Arc::new(AtomicBool::new(false));
            let r = pokers::exact_equity(black_box(&ranges3), 0, 0, 1, cancel, |_| {});
            r.map(|r| r.equities[0])
        })
    });
    g.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadCpuTime);
    targets = eval7_random, eval7_enumeration, eval7_board
}
criterion_group! {
    name = equity_benches;
    config = Criterion::default().with_measurement(ProcessCpuTime);
    targets = equity_heads_up
}
criterion_main!(benches, equity_benches);
