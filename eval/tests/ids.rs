//! Ranking hands from raw card-id bytes (`Evaluator::evaluate_ids`, the entry
//! point of numpy batches): the same ranks as the other entry points, and a
//! typed error naming the row for a byte that is no card or a card twice
//! (rules E1, C1).

use holdem_cards::{Card, CardSet};
use holdem_eval::{Evaluator, HandRank, IdBatchError};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

/// `n` hands of `k` distinct card ids, back to back.
fn random_ids(n: usize, k: usize, seed: u64) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut ids = Vec::with_capacity(n * k);
    for _ in 0..n {
        let mut used = 0u64;
        let mut got = 0;
        while got < k {
            let c = (rng.next_u32() % 52) as u8;
            if used & 1 << c == 0 {
                used |= 1 << c;
                ids.push(c);
                got += 1;
            }
        }
    }
    ids
}

fn set_of(ids: &[u8]) -> CardSet {
    CardSet::from_cards(
        &ids.iter()
            .filter_map(|&i| Card::from_index(i))
            .collect::<Vec<_>>(),
    )
}

/// Rule E1: every hand of 5, 6 or 7 ids ranks as its card set does, for
/// batch lengths that fill the four-hand groups and leave every tail.
#[test]
fn e1_evaluate_ids_ranks_like_evaluate_for_five_six_and_seven_cards() {
    let eval = Evaluator::new();
    for k in 5..=7 {
        for n in [0, 1, 3, 4, 5, 7, 8, 9, 1_001, 4_099] {
            let ids = random_ids(n, k, (n * 10 + k) as u64);
            let mut out = vec![HandRank::from_raw(0); n];
            assert_eq!(
                eval.evaluate_ids(&ids, k, &mut out),
                Ok(()),
                "{n} hands of {k}"
            );
            for (row, (h, r)) in ids.chunks_exact(k).zip(&out).enumerate() {
                assert_eq!(
                    Ok(*r),
                    eval.evaluate(set_of(h)),
                    "{k} cards, row {row}: {h:?}"
                );
            }
        }
    }
}

/// Rule E1: seven-card hands rank as `evaluate_batch7` ranks the same cards
/// (the same kernel, read from the bytes), flushes included.
#[test]
fn e1_evaluate_ids_equals_evaluate_batch7_on_seven_cards() {
    let eval = Evaluator::new();
    let ids = random_ids(16_384, 7, 7);
    let hands: Vec<[Card; 7]> = ids
        .chunks_exact(7)
        .map(|h| std::array::from_fn(|i| Card::ALL[usize::from(h[i])]))
        .collect();
    let mut want = vec![HandRank::from_raw(0); hands.len()];
    let mut got = want.clone();
    assert_eq!(eval.evaluate_batch7(&hands, &mut want), Ok(()));
    assert_eq!(eval.evaluate_ids(&ids, 7, &mut got), Ok(()));
    assert_eq!(got, want);
    let flushes = got
        .iter()
        .filter(|r| r.category() >= holdem_eval::Category::Flush)
        .count();
    assert!(flushes > 200, "{flushes} flushes");
}

/// Rule C1: a byte that is no card (52-255) at any place of any hand, in a
/// group of four or in the tail, is `CardId` naming that hand's row.
#[test]
fn c1_evaluate_ids_names_the_row_of_an_id_that_is_no_card() {
    let eval = Evaluator::new();
    for k in 5..=7 {
        let n = 11; // two groups of four and a tail of three
        let good = random_ids(n, k, k as u64);
        let mut out = vec![HandRank::from_raw(0); n];
        for row in 0..n {
            for place in 0..k {
                for id in [52u8, 63, 64, 127, 128, 200, 255] {
                    let mut ids = good.clone();
                    ids[row * k + place] = id;
                    assert_eq!(
                        eval.evaluate_ids(&ids, k, &mut out),
                        Err(IdBatchError::CardId { row, id }),
                        "{k} cards, row {row}, place {place}, id {id}"
                    );
                }
            }
        }
    }
}

/// Rule C1: a card twice in one hand, at every pair of places, in a group
/// or in the tail, is `DuplicateCard` naming the row; the first bad row is
/// named when several are bad, whichever the kind.
#[test]
fn c1_evaluate_ids_names_the_row_of_a_repeated_card() {
    let eval = Evaluator::new();
    for k in 5..=7 {
        let n = 10;
        let good = random_ids(n, k, 100 + k as u64);
        let mut out = vec![HandRank::from_raw(0); n];
        for row in [0, 3, 5, 9] {
            for a in 0..k {
                for b in a + 1..k {
                    let mut ids = good.clone();
                    ids[row * k + b] = ids[row * k + a];
                    assert_eq!(
                        eval.evaluate_ids(&ids, k, &mut out),
                        Err(IdBatchError::DuplicateCard { row }),
                        "{k} cards, row {row}, places {a} and {b}"
                    );
                }
            }
        }
        let mut ids = good.clone();
        ids[6 * k] = 99;
        ids[2 * k + 1] = ids[2 * k];
        assert_eq!(
            eval.evaluate_ids(&ids, k, &mut out),
            Err(IdBatchError::DuplicateCard { row: 2 })
        );
        ids[k] = 77;
        assert_eq!(
            eval.evaluate_ids(&ids, k, &mut out),
            Err(IdBatchError::CardId { row: 1, id: 77 })
        );
    }
}

/// Rule E1: a hand size other than 5-7, ids that do not split into whole
/// hands and a short output are typed errors, not panics.
#[test]
fn e1_evaluate_ids_refuses_bad_shapes() {
    let eval = Evaluator::new();
    let ids = random_ids(4, 7, 1);
    let mut out = vec![HandRank::from_raw(0); 4];
    assert_eq!(
        eval.evaluate_ids(&ids, 4, &mut out),
        Err(IdBatchError::CardCount(4))
    );
    assert_eq!(
        eval.evaluate_ids(&ids, 8, &mut out),
        Err(IdBatchError::CardCount(8))
    );
    assert_eq!(
        eval.evaluate_ids(&ids[..27], 7, &mut out),
        Err(IdBatchError::PartHand { ids: 27, cards: 7 })
    );
    assert_eq!(
        eval.evaluate_ids(&ids, 7, &mut out[..3]),
        Err(IdBatchError::BatchLength { hands: 4, out: 3 })
    );
    assert_eq!(eval.evaluate_ids(&[], 7, &mut []), Ok(()));
}
