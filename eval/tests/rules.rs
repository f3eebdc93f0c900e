//! Worked examples for rules E1-E5, each checked with both evaluators.

use holdem_cards::{Card, CardSet};
use holdem_eval::{
    Category, EvalError, Evaluator, HandEvaluator, HandKey, HandRank, ReferenceEvaluator, best_five,
};

fn set(text: &str) -> CardSet {
    text.parse().expect("test card text")
}

fn cards(text: &str) -> Vec<Card> {
    holdem_cards::parse_cards(text).expect("test card text")
}

/// Ranks `text` with the reference and every fast path, checks they agree.
fn rank(text: &str) -> HandRank {
    let s = set(text);
    let reference = ReferenceEvaluator.evaluate(s).expect("5-7 cards");
    let fast = Evaluator::new();
    assert_eq!(fast.evaluate(s), Ok(reference), "{text}: fast from set");
    assert_eq!(
        fast.evaluate_cards(&cards(text)),
        Ok(reference),
        "{text}: fast from ids"
    );
    assert_eq!(
        fast.evaluate_key(HandKey::from_set(s)),
        Ok(reference),
        "{text}: key from set"
    );
    reference
}

/// One worked example: the hand's category and description.
fn check(text: &str, category: Category, description: &str) {
    let r = rank(text);
    assert_eq!(r.category(), category, "{text}");
    assert_eq!(r.describe(), description, "{text}");
}

#[test]
fn e2_categories_and_descriptions() {
    check("Ah Kh Qh Jh Th", Category::StraightFlush, "royal flush");
    check(
        "9s 8s 7s 6s 5s",
        Category::StraightFlush,
        "straight flush, nine high",
    );
    check(
        "5d 4d 3d 2d Ad",
        Category::StraightFlush,
        "straight flush, five high",
    );
    check(
        "7c 7d 7h 7s Kd",
        Category::FourOfAKind,
        "four of a kind, sevens, king kicker",
    );
    check(
        "Kc Kd Ks 9h 9d",
        Category::FullHouse,
        "full house, kings full of nines",
    );
    check(
        "Ah Jh 9h 6h 2h",
        Category::Flush,
        "flush, ace-jack-nine-six-two",
    );
    check("5c 4d 3h 2s Ac", Category::Straight, "straight, five high");
    check("Ac Kd Qh Js Tc", Category::Straight, "straight, ace high");
    check(
        "6c 6d 6h As 2c",
        Category::ThreeOfAKind,
        "three of a kind, sixes, ace and two kickers",
    );
    check(
        "Kc Kd 9h 9s Ac",
        Category::TwoPair,
        "two pair, kings and nines, ace kicker",
    );
    check(
        "Jc Jd Ah 9s 4c",
        Category::OnePair,
        "one pair, jacks, ace-nine-four kickers",
    );
    check(
        "Ac Kd 9h 7s 3c",
        Category::HighCard,
        "high card, ace-king-nine-seven-three",
    );
    assert!(rank("Ah Kh Qh Jh Th").is_royal_flush());
    assert!(!rank("Kh Qh Jh Th 9h").is_royal_flush());
}

#[test]
fn e2_category_order() {
    let ladder = [
        "Ac Kd 9h 7s 3c",
        "2c 2d 3h 4s 6c",
        "2c 2d 3h 3s 4c",
        "2c 2d 2h 3s 4c",
        "5c 4d 3h 2s Ac",
        "2h 3h 4h 5h 7h",
        "2c 2d 2h 3s 3c",
        "2c 2d 2h 2s 3c",
        "5d 4d 3d 2d Ad",
    ];
    let ranks: Vec<HandRank> = ladder.iter().map(|t| rank(t)).collect();
    for (pair, cats) in ranks.windows(2).zip(Category::ALL.windows(2)) {
        assert!(pair[0] < pair[1], "{pair:?}");
        assert_eq!((pair[0].category(), pair[1].category()), (cats[0], cats[1]));
    }
}

#[test]
fn e2_three_pairs_is_two_pair() {
    check(
        "Ac Ad Kh Ks 2c 2d 9h",
        Category::TwoPair,
        "two pair, aces and kings, nine kicker",
    );
    // The third pair can still be the kicker when it is the highest other card.
    check(
        "Ac Ad Kh Ks Qc Qd 9h",
        Category::TwoPair,
        "two pair, aces and kings, queen kicker",
    );
}

#[test]
fn e2_two_trips_is_a_full_house() {
    check(
        "9c 9d 9h 5s 5c 5d Kh",
        Category::FullHouse,
        "full house, nines full of fives",
    );
    check(
        "9c 9d 9h 5s 5c Kd Kh",
        Category::FullHouse,
        "full house, nines full of kings",
    );
}

#[test]
fn e3_wheel_is_the_lowest_straight() {
    let wheel = rank("Ah 2c 3d 4s 5h");
    let six_high = rank("2c 3d 4s 5h 6c");
    assert_eq!(wheel, Category::Straight.lowest());
    assert!(wheel < six_high);
    assert!(rank("Ac 2c 3c 4c 5c") == Category::StraightFlush.lowest());
    // With a six as well, the six-high straight plays.
    assert_eq!(rank("Ah 2c 3d 4s 5h 6d"), six_high);
}

#[test]
fn e3_no_wraparound_straight() {
    check(
        "Qc Kd Ah 2s 3c",
        Category::HighCard,
        "high card, ace-king-queen-three-two",
    );
    check(
        "Jc Qd Kh As 2c",
        Category::HighCard,
        "high card, ace-king-queen-jack-two",
    );
    check(
        "Qh Kh Ah 2h 3h",
        Category::Flush,
        "flush, ace-king-queen-three-two",
    );
}

#[test]
fn e4_kickers_break_ties() {
    assert!(rank("Ac Ad Kh 9s 4c") > rank("As Ah Kd 9c 3c"));
    assert!(rank("Kc Kd 9h 9s Ac") > rank("Kh Ks 9c 9d Qc"));
    assert!(rank("Ah Jh 9h 6h 3h") > rank("As Js 9s 6s 2s"));
}

#[test]
fn e4_sixth_and_seventh_cards_never_count() {
    // Board plays a straight; different sixth/seventh cards do not matter.
    assert_eq!(rank("9c 8d 7h 6s 5c 2d 2h"), rank("9c 8d 7h 6s 5c 3d 4h"));
    // Two pair plus ace kicker: the fourth and fifth highest kickers are ignored.
    assert_eq!(rank("Kc Kd 9h 9s Ac Qd Jh"), rank("Kh Ks 9c 9d Ad 3c 2h"));
    // Flush of six: only the top five suited cards count.
    assert_eq!(rank("Ah Kh 9h 7h 5h 3h 2c"), rank("Ah Kh 9h 7h 5h 2h 2d"));
}

#[test]
fn e4_suits_never_break_ties() {
    assert_eq!(rank("Ac Kc Qd Jd 9s"), rank("Ah Kh Qs Js 9c"));
    assert_eq!(rank("Ac Ad 7h 7s 2c"), rank("Ah As 7c 7d 2d"));
    assert_eq!(rank("2c 3c 4c 5c 7c"), rank("2s 3s 4s 5s 7s"));
}

#[test]
fn e5_identical_fives_tie() {
    // Both players play the board.
    let board = "Ac Ad Ah Kc Ks";
    assert_eq!(
        rank(&format!("{board} 2c 3d")),
        rank(&format!("{board} 4c 5d"))
    );
    // Same five ranks from different hole cards.
    assert_eq!(rank("Qc Jd Tc 9s 8h 2c 2d"), rank("Qc Jd Tc 9s 8d 3h 4h"));
}

#[test]
fn e1_best_five_uses_both_one_or_no_hole_cards() {
    // Both hole cards (Ah Kh) make the royal flush.
    let five = best_five(set("Ah Kh Qh Jh Th 2c 3d")).expect("7 cards");
    assert_eq!(CardSet::from_cards(&five), set("Ah Kh Qh Jh Th"));
    // One hole card: Ac plays with four hearts? no: the board's four kings and the ace.
    let five = best_five(set("Ac 2d Kc Kd Kh Ks 3s")).expect("7 cards");
    assert_eq!(CardSet::from_cards(&five), set("Kc Kd Kh Ks Ac"));
    // No hole card: the board straight beats the pair in the hand.
    let five = best_five(set("2c 2d 9h Th Jc Qd Ks")).expect("7 cards");
    assert_eq!(CardSet::from_cards(&five), set("9h Th Jc Qd Ks"));
    // Display order: groups first, then kickers; the wheel's ace last.
    assert_eq!(
        best_five(set("Kc Kd 9h 9s Ac 2d 3h"))
            .expect("7")
            .map(|c| c.to_string()),
        ["Kc", "Kd", "9h", "9s", "Ac"]
    );
    assert_eq!(
        best_five(set("Ah 2c 3d 4s 5h Kd Kc"))
            .expect("7")
            .map(|c| c.to_string()),
        ["5h", "4s", "3d", "2c", "Ah"]
    );
}

#[test]
fn e1_best_five_ranks_like_the_evaluator() {
    for text in [
        "Ah Kh Qh Jh Th 2c 3d",
        "2c 2d 9h Th Jc Qd Ks",
        "Ac Ad Kh Ks 2c 2d 9h",
        "7c 6d 5h 3s 2c Jd",
    ] {
        let five = best_five(set(text)).expect("5-7 cards");
        assert_eq!(
            rank(&five.map(|c| c.to_string()).join(" ")),
            rank(text),
            "{text}"
        );
    }
}

#[test]
fn bad_card_counts_are_errors_not_panics() {
    let fast = Evaluator::new();
    for text in ["", "Ah", "Ah Kh Qh Jh", "Ah Kh Qh Jh Th 9h 8h 7h"] {
        let s: CardSet = if text.is_empty() {
            CardSet::EMPTY
        } else {
            set(text)
        };
        let n = s.len();
        assert_eq!(fast.evaluate(s), Err(EvalError::CardCount(n)));
        assert_eq!(ReferenceEvaluator.evaluate(s), Err(EvalError::CardCount(n)));
        assert_eq!(best_five(s), Err(EvalError::CardCount(n)));
        assert_eq!(
            fast.evaluate_key(HandKey::from_set(s)),
            Err(EvalError::CardCount(n))
        );
    }
    assert_eq!(
        fast.evaluate_cards(&cards("Ah Kh")),
        Err(EvalError::CardCount(2))
    );
}

#[test]
fn repeated_cards_are_errors_not_panics() {
    let fast = Evaluator::new();
    let c = cards("Ah Kh Qh Jh Th 2c");
    let seven = [c[0], c[1], c[2], c[3], c[4], c[5], c[0]];
    assert_eq!(fast.evaluate7(&seven), Err(EvalError::DuplicateCard));
    assert_eq!(fast.evaluate_cards(&seven), Err(EvalError::DuplicateCard));
    let mut out = [HandRank::from_raw(0); 1];
    assert_eq!(
        fast.evaluate_batch7(&[seven], &mut out),
        Err(EvalError::DuplicateCard)
    );
    let a = HandKey::from_cards(&c[..3]);
    let b = HandKey::from_cards(&c[2..]);
    assert!(a.combine(b).has_duplicate());
    assert_eq!(
        fast.evaluate_key(a.combine(b)),
        Err(EvalError::DuplicateCard)
    );
}

#[test]
fn batch_output_too_short_is_an_error() {
    let fast = Evaluator::new();
    let hands = [set("Ah Kh Qh Jh Th"); 3];
    let mut out = [HandRank::from_raw(0); 2];
    assert_eq!(
        fast.evaluate_batch(&hands, &mut out),
        Err(EvalError::BatchLength { hands: 3, out: 2 })
    );
    assert_eq!(
        ReferenceEvaluator.evaluate_batch(&hands, &mut out),
        Err(EvalError::BatchLength { hands: 3, out: 2 })
    );
    let mut out = [HandRank::from_raw(0); 4];
    assert_eq!(fast.evaluate_batch(&hands, &mut out), Ok(()));
    assert!(out[..3].iter().all(|r| r.is_royal_flush()));
}

#[test]
fn batch_with_a_bad_hand_is_an_error() {
    let fast = Evaluator::new();
    let hands = [set("Ah Kh Qh Jh Th"), set("Ah Kh")];
    let mut out = [HandRank::from_raw(0); 2];
    assert_eq!(
        fast.evaluate_batch(&hands, &mut out),
        Err(EvalError::CardCount(2))
    );
}

#[test]
fn invalid_raw_ranks_stay_total() {
    for raw in [0u16, 1, 0x0fff, 0x1fff, 0xa000, 0xffff] {
        let r = HandRank::from_raw(raw);
        assert!(!r.is_valid());
        assert_eq!(r.five_ranks(), None);
        assert!(r.describe().starts_with("invalid hand rank"));
        let _ = r.category();
    }
}

#[test]
fn table_size_fits_in_l2() {
    let bytes = Evaluator::new().table_bytes();
    assert!(bytes <= 256 * 1024, "{bytes}");
}
