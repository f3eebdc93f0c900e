//! Evaluation without importing `HandEvaluator`: the inherent methods agree with
//! the trait's (used generically, as an engine generic over the evaluator does).

use holdem_cards::{Card, CardSet, parse_hole};
use holdem_eval::{EvalError, Evaluator, HandRank, ReferenceEvaluator};

/// Ranks through the trait only.
fn via_trait<E: holdem_eval::HandEvaluator>(
    eval: &E,
    hand: CardSet,
    board: CardSet,
    holes: &[[Card; 2]],
) -> (Result<HandRank, EvalError>, Vec<HandRank>) {
    let mut out = vec![HandRank::from_raw(0); holes.len()];
    let batch = eval.evaluate_on_board(board, holes, &mut out);
    assert_eq!(batch, Ok(()));
    (eval.evaluate(hand), out)
}

#[test]
fn e1_inherent_evaluation_needs_no_trait_import_and_agrees_with_the_trait() {
    let hand: CardSet = "Kd 9h Ks 9c 4d 2s Ah".parse().unwrap();
    let board: CardSet = "Ks 9c 4d 2s Ah".parse().unwrap();
    let holes = [parse_hole("Kd9h").unwrap(), parse_hole("KcQc").unwrap()];
    let fast = Evaluator::new();
    let rank = fast.evaluate(hand).unwrap();
    assert_eq!(rank.describe(), "two pair, kings and nines, ace kicker");
    assert_eq!(ReferenceEvaluator.evaluate(hand), Ok(rank));

    let mut out = [HandRank::from_raw(0); 2];
    fast.evaluate_on_board(board, &holes, &mut out).unwrap();
    assert_eq!(out[0], rank);
    let mut batch = [HandRank::from_raw(0); 1];
    fast.evaluate_batch(&[hand], &mut batch).unwrap();
    assert_eq!(batch[0], rank);

    for (result, ranks) in [
        via_trait(&fast, hand, board, &holes),
        via_trait(&ReferenceEvaluator, hand, board, &holes),
    ] {
        assert_eq!(result, Ok(rank));
        assert_eq!(ranks, out);
    }
}

#[test]
fn inherent_evaluation_rejects_bad_input_like_the_trait() {
    let fast = Evaluator::new();
    let four: CardSet = "Ah Kh Qh Jh".parse().unwrap();
    assert_eq!(fast.evaluate(four), Err(EvalError::CardCount(4)));
    assert_eq!(
        ReferenceEvaluator.evaluate(four),
        Err(EvalError::CardCount(4))
    );
    let board: CardSet = "Qh Jh Th 2c 3d".parse().unwrap();
    let mut out = [HandRank::from_raw(0); 1];
    assert_eq!(
        fast.evaluate_on_board(board, &[parse_hole("QhKh").unwrap()], &mut out),
        Err(EvalError::DuplicateCard)
    );
}
