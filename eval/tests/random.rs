//! Property tests: the fast evaluator agrees with the reference on random hands,
//! through every entry point, whatever the card order (rules E1, E4, E5).

use holdem_cards::{Card, CardSet};
use holdem_eval::{Evaluator, HandEvaluator, HandKey, HandRank, ReferenceEvaluator, best_five};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{RngCore, SeedableRng};

/// `n` distinct cards in random order.
fn cards(n: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<Card>> {
    proptest::sample::subsequence(Card::ALL.to_vec(), n).prop_shuffle()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000))]

    /// Rule E1: the best five of 5-7 cards; every fast path equals the oracle.
    #[test]
    fn e1_fast_equals_reference(hand in cards(5..=7)) {
        let fast = Evaluator::new();
        let set = CardSet::from_cards(&hand);
        let want = ReferenceEvaluator::rank_cards(&hand)?;
        prop_assert_eq!(ReferenceEvaluator.evaluate(set), Ok(want));
        prop_assert_eq!(fast.evaluate(set), Ok(want));
        prop_assert_eq!(fast.evaluate_cards(&hand), Ok(want));
        prop_assert_eq!(fast.evaluate_key(HandKey::from_set(set)), Ok(want));
        prop_assert_eq!(fast.rank_key(HandKey::from_cards(&hand)), want);
        if let Ok(seven) = <[Card; 7]>::try_from(hand.as_slice()) {
            prop_assert_eq!(fast.evaluate7(&seven), Ok(want));
            prop_assert_eq!(fast.rank7(&seven), want);
        }
        // The five cards `best_five` picks rank the same as the whole hand.
        let five = best_five(set)?;
        prop_assert_eq!(ReferenceEvaluator::rank_five(five), want);
        prop_assert!(set.is_superset(CardSet::from_cards(&five)));
        // The description never fails on a real hand.
        prop_assert!(want.is_valid());
        prop_assert!(!want.describe().starts_with("invalid"));
    }

    /// Rule E1 at a showdown: `evaluate_on_board` ranks each hand with the shared
    /// board exactly as `evaluate` on the union does, for the fast evaluator and the
    /// trait's default (the reference); a hole card on the board is refused.
    #[test]
    fn e1_on_board_equals_evaluate_on_the_union(deal in cards(13..=13), board_len in 3usize..=5, players in 1usize..=4) {
        let fast = Evaluator::new();
        let board = CardSet::from_cards(&deal[..board_len]);
        let holes: Vec<[Card; 2]> = (0..players).map(|i| [deal[5 + 2 * i], deal[6 + 2 * i]]).collect();
        let mut by_fast = vec![HandRank::from_raw(0); players];
        let mut by_reference = vec![HandRank::from_raw(0); players];
        fast.evaluate_on_board(board, &holes, &mut by_fast)?;
        ReferenceEvaluator.evaluate_on_board(board, &holes, &mut by_reference)?;
        for (i, &[a, b]) in holes.iter().enumerate() {
            let mut set = board;
            set.insert(a);
            set.insert(b);
            let want = ReferenceEvaluator.evaluate(set)?;
            prop_assert_eq!(by_fast[i], want);
            prop_assert_eq!(by_reference[i], want);
        }
        let clash = [[deal[0], deal[12]]];
        let mut one = [HandRank::from_raw(0)];
        prop_assert_eq!(fast.evaluate_on_board(board, &clash, &mut one), Err(holdem_eval::EvalError::DuplicateCard));
        prop_assert_eq!(ReferenceEvaluator.evaluate_on_board(board, &clash, &mut one), Err(holdem_eval::EvalError::DuplicateCard));
        let mut short: [HandRank; 0] = [];
        prop_assert!(fast.evaluate_on_board(board, &holes, &mut short).is_err());
    }

    /// Keys are sums: combining any split of the cards gives the same rank.
    #[test]
    fn hand_keys_combine_in_any_split(hand in cards(7..=7), split in 0usize..=7) {
        let fast = Evaluator::new();
        let whole = HandKey::from_cards(&hand);
        let parts = HandKey::from_cards(&hand[..split]).combine(HandKey::from_cards(&hand[split..]));
        prop_assert_eq!(parts, whole);
        let unchecked = HandKey::from_cards(&hand[..split]).plus(HandKey::from_cards(&hand[split..]));
        prop_assert_eq!(unchecked, whole);
        prop_assert_eq!(HandKey::from_set(CardSet::from_cards(&hand)), whole);
        prop_assert_eq!(HandKey::from_set(CardSet::from_cards(&hand[..split])), HandKey::from_cards(&hand[..split]));
        prop_assert_eq!(fast.rank_key(HandKey::from_set(CardSet::from_cards(&hand))), fast.rank_key(whole));
        prop_assert_eq!(fast.evaluate_key(parts), fast.evaluate(CardSet::from_cards(&hand)));
    }

    /// Rule E4: only ranks count, so swapping the suits consistently changes nothing.
    #[test]
    fn e4_suit_permutations_do_not_change_the_rank(hand in cards(5..=7), perm in Just([0u8, 1, 2, 3]).prop_shuffle()) {
        let fast = Evaluator::new();
        let permuted: Vec<Card> = hand
            .iter()
            .map(|c| Card::from_index(c.rank().index() * 4 + perm[c.suit().index() as usize]).unwrap_or(*c))
            .collect();
        prop_assert_eq!(fast.evaluate_cards(&hand), fast.evaluate_cards(&permuted));
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// The batch paths equal one-by-one evaluation, for any batch length.
    #[test]
    fn batches_equal_single_evaluation(hands in proptest::collection::vec(cards(7..=7), 0..150)) {
        let fast = Evaluator::new();
        let sevens: Vec<[Card; 7]> = hands.iter().filter_map(|h| <[Card; 7]>::try_from(h.as_slice()).ok()).collect();
        let sets: Vec<CardSet> = hands.iter().map(|h| CardSet::from_cards(h)).collect();
        let mut a = vec![HandRank::from_raw(0); hands.len()];
        let mut b = vec![HandRank::from_raw(0); hands.len()];
        fast.evaluate_batch(&sets, &mut a)?;
        fast.evaluate_batch7(&sevens, &mut b)?;
        let mut d = vec![HandRank::from_raw(0); hands.len()];
        fast.rank_batch7(&sevens, &mut d)?;
        prop_assert_eq!(&b, &d);
        let mut c = vec![HandRank::from_raw(0); hands.len()];
        ReferenceEvaluator.evaluate_batch(&sets, &mut c)?;
        prop_assert_eq!(&a, &b);
        prop_assert_eq!(&a, &c);
    }

    /// Many hole-card pairs on one shared board of 3-5 cards: the by-contract
    /// [`Evaluator::rank_on_board`] and the validated `evaluate_on_board`
    /// equal the reference on each whole hand.
    #[test]
    fn board_batches_equal_the_reference(cards in cards(51..=51), board_len in 3usize..=5, n in 0usize..=23) {
        let fast = Evaluator::new();
        let board = &cards[..board_len];
        let holes: Vec<[Card; 2]> = cards[5..].chunks_exact(2).take(n).map(|p| [p[0], p[1]]).collect();
        let mut by_contract = vec![HandRank::from_raw(0); holes.len()];
        fast.rank_on_board(HandKey::from_cards(board), &holes, &mut by_contract)?;
        let mut validated = vec![HandRank::from_raw(0); holes.len()];
        fast.evaluate_on_board(CardSet::from_cards(board), &holes, &mut validated)?;
        let want: Vec<HandRank> = holes
            .iter()
            .map(|h| ReferenceEvaluator::rank_cards(&[board, h].concat()))
            .collect::<Result<_, _>>()?;
        prop_assert_eq!(&by_contract, &want);
        prop_assert_eq!(&validated, &want);
    }
}

/// Rule E1 on a large seeded sample of seven-card hands (release-only).
#[test]
#[ignore = "release-only: run by cargo xtask ci"]
fn e1_fast_equals_reference_on_a_million_random_hands() {
    let fast = Evaluator::new();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    // The same hands through the batch kernel (four hands at a time).
    let mut sevens = Vec::with_capacity(1_000_000);
    let mut wants = Vec::with_capacity(1_000_000);
    for _ in 0..1_000_000 {
        let mut set = CardSet::EMPTY;
        let mut hand = Vec::with_capacity(7);
        while hand.len() < 7 {
            let card = Card::ALL[(rng.next_u32() % 52) as usize];
            if set.insert(card) {
                hand.push(card);
            }
        }
        let want = ReferenceEvaluator::rank_cards(&hand);
        assert_eq!(fast.evaluate(set), want, "{hand:?}");
        assert_eq!(fast.evaluate_cards(&hand), want, "{hand:?}");
        let seven: [Card; 7] = hand.as_slice().try_into().expect("seven cards");
        assert_eq!(Ok(fast.rank7(&seven)), want, "{hand:?}");
        sevens.push(seven);
        wants.push(want);
    }
    let mut out = vec![HandRank::from_raw(0); sevens.len()];
    assert_eq!(fast.rank_batch7(&sevens, &mut out), Ok(()));
    for ((seven, &got), want) in sevens.iter().zip(&out).zip(&wants) {
        assert_eq!(Ok(got), *want, "{seven:?}");
    }
    assert_eq!(fast.evaluate_batch7(&sevens, &mut out), Ok(()));
    for ((seven, &got), want) in sevens.iter().zip(&out).zip(&wants) {
        assert_eq!(Ok(got), *want, "{seven:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// The paths checked by contract only ([`Evaluator::rank7`],
    /// [`Evaluator::rank_batch7`], [`Evaluator::rank_key`] after
    /// [`HandKey::plus`]) take any cards, repeats included, without panicking
    /// (debug builds check arithmetic overflow) and give some rank; the checked
    /// paths report the repeat.
    #[test]
    fn repeated_cards_never_panic_on_the_unchecked_paths(ids in proptest::collection::vec(0usize..52, 7), more in proptest::collection::vec(0usize..52, 0..60)) {
        let fast = Evaluator::new();
        let seven: [Card; 7] = std::array::from_fn(|i| Card::ALL[ids[i]]);
        let _ = fast.rank7(&seven);
        let mut two = [HandRank::from_raw(0); 2];
        let holes = [[seven[0], seven[1]], [seven[2], seven[2]]];
        prop_assert!(fast.rank_on_board(HandKey::from_cards(&seven[3..]), &holes, &mut two).is_ok());
        let mut out = [HandRank::from_raw(0); 1];
        prop_assert!(fast.rank_batch7(&[seven], &mut out).is_ok());
        // A batch long enough for the four-hand kernel, repeats included.
        let mut five = [HandRank::from_raw(0); 5];
        let batch = [seven, seven, std::array::from_fn(|i| seven[i / 2]), seven, seven];
        prop_assert!(fast.rank_batch7(&batch, &mut five).is_ok());
        let many: Vec<Card> = more.iter().map(|&i| Card::ALL[i]).collect();
        let key = many.iter().fold(HandKey::EMPTY, |k, &c| k.plus(HandKey::EMPTY.with_card(c)));
        let _ = fast.rank_key(key);
        let _ = fast.rank_key(HandKey::from_cards(&many));
        let _ = fast.evaluate_key(HandKey::from_cards(&many));
        let distinct = CardSet::from_cards(&seven).len() == 7;
        prop_assert_eq!(fast.evaluate7(&seven).is_ok(), distinct);
        if distinct {
            prop_assert_eq!(fast.evaluate7(&seven), Ok(out[0]));
        }
        // The validated batch reports a repeat wherever the hand stands in a
        // batch (each place of a group of four, and the one-by-one tail).
        for at in 0..5 {
            let mut batch = [[Card::ALL[0]; 7]; 5];
            for (j, h) in batch.iter_mut().enumerate() {
                *h = if j == at { seven } else { std::array::from_fn(|i| Card::ALL[7 * j + i]) };
            }
            let got = fast.evaluate_batch7(&batch, &mut five);
            prop_assert_eq!(got.is_ok(), distinct, "{:?}", batch);
        }
    }
}
