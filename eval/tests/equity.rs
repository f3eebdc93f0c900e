//! Equity: exact enumeration against known figures, Monte Carlo against exact,
//! ties shared (rule E5), and bad input as typed errors.

use holdem_cards::{Card, CardSet};
use holdem_eval::equity::{self, EquityError, EquityResult};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn hand(text: &str) -> [Card; 2] {
    let c = holdem_cards::parse_cards(text).expect("test cards");
    [c[0], c[1]]
}

fn cards(text: &str) -> Vec<Card> {
    holdem_cards::parse_cards(text).expect("test cards")
}

/// Checks the tallies: boards, then each hand's exact pot shares.
fn check(result: &EquityResult, boards: u64, shares: &[u128]) {
    assert_eq!(result.boards, boards);
    let got: Vec<u128> = result.players.iter().map(|p| p.pot_shares).collect();
    assert_eq!(got, shares);
    // Every board's pot is shared out completely (ties included, rule E5).
    let total: u128 = shares.iter().sum();
    assert_eq!(
        total,
        u128::from(result.share_denominator) * u128::from(boards)
    );
    let equity: f64 = result.players.iter().map(|p| p.equity).sum();
    assert!((equity - 1.0).abs() < 1e-12);
}

#[test]
fn aces_against_kings_preflop_exact() {
    let r = equity::exact(&[hand("Ah As"), hand("Kd Kc")], &[], CardSet::EMPTY).expect("valid");
    // 1,712,304 boards: aces win 1,388,072, kings 317,694, 6,538 split.
    check(&r, 1_712_304, &[2_782_682, 641_926]);
    assert_eq!(
        (r.players[0].wins, r.players[1].wins, r.players[0].ties),
        (1_388_072, 317_694, 6_538)
    );
    assert!(
        (r.players[0].equity - 0.812_555).abs() < 5e-7,
        "{}",
        r.players[0].equity
    );
    assert!(r.exact && r.players.iter().all(|p| p.std_error == 0.0));
    // With the kings sharing both suits of the aces, the kings' flushes need
    // the aces' suits too: aces 82.64%.
    let r = equity::exact(&[hand("Ah As"), hand("Kh Ks")], &[], CardSet::EMPTY).expect("valid");
    check(&r, 1_712_304, &[2_829_980, 594_628]);
}

#[test]
fn ace_king_suited_against_queens_preflop_exact() {
    let r = equity::exact(&[hand("As Ks"), hand("Qh Qd")], &[], CardSet::EMPTY).expect("valid");
    check(&r, 1_712_304, &[1_582_664, 1_841_944]);
    assert!((r.players[0].equity - 0.462_145).abs() < 5e-7);
}

#[test]
fn three_way_preflop_exact() {
    let hands = [hand("Ah As"), hand("Kd Kc"), hand("Qh Qc")];
    let r = equity::exact(&hands, &[], CardSet::EMPTY).expect("valid");
    // C(46, 5) boards; a pot is 6 shares so two- and three-way splits stay exact.
    assert_eq!(r.share_denominator, 6);
    check(&r, 1_370_754, &[5_499_566, 1_522_790, 1_202_168]);
    assert!((r.players[0].equity - 0.668_679).abs() < 5e-7);
}

#[test]
fn e5_ties_share_the_pot() {
    // The board is a royal flush: everyone plays it and splits.
    let board = cards("Ah Kh Qh Jh Th");
    let r = equity::exact(
        &[hand("2c 3d"), hand("As Ks"), hand("7c 7d")],
        &board,
        CardSet::EMPTY,
    )
    .expect("valid");
    assert_eq!(r.boards, 1);
    for p in &r.players {
        assert_eq!((p.wins, p.ties, p.equity), (0, 1, 1.0 / 3.0));
    }
}

#[test]
fn board_and_dead_cards_limit_the_deck() {
    let hands = [hand("Ah As"), hand("Kd Kc")];
    let flop = cards("2c 7d Kh");
    let r = equity::exact(&hands, &flop, CardSet::EMPTY).expect("valid");
    assert_eq!(r.boards, 45 * 44 / 2);
    let dead = CardSet::from_cards(&cards("Ks 2d"));
    let r = equity::exact(&hands, &flop, dead).expect("valid");
    // The last king is dead: aces can only be caught by ... nothing but a
    // runner-runner straight or the last ace for a set-over-set cooler.
    assert_eq!(r.boards, 43 * 42 / 2);
    assert!(r.players[0].equity > 0.0 && r.players[1].equity > 0.9);
}

#[test]
fn monte_carlo_is_within_four_standard_errors_of_exact() {
    let cases: [&[[Card; 2]]; 2] = [
        &[hand("Ah As"), hand("Kd Kc")],
        &[hand("Ac Kd"), hand("7h 7s"), hand("Jh Th")],
    ];
    for hands in cases {
        let exact = equity::exact(hands, &[], CardSet::EMPTY).expect("valid");
        let mut rng = ChaCha8Rng::seed_from_u64(42);
        let mc = equity::monte_carlo(hands, &[], CardSet::EMPTY, 100_000, &mut rng).expect("valid");
        assert!(!mc.exact);
        assert_eq!(mc.boards, 100_000);
        for (e, m) in exact.players.iter().zip(&mc.players) {
            // Standard error of a share in [0, 1] over 100,000 samples: at most 0.0016.
            assert!(m.std_error > 0.0 && m.std_error < 0.0016, "{}", m.std_error);
            assert!(
                (m.equity - e.equity).abs() < 4.0 * m.std_error,
                "{} vs {}",
                m.equity,
                e.equity
            );
        }
    }
}

#[test]
fn monte_carlo_with_a_seed_replays() {
    let hands = [hand("Ah Kh"), hand("Qs Qd")];
    let flop = cards("Jh Th 2c");
    let run = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        equity::monte_carlo(&hands, &flop, CardSet::EMPTY, 2_000, &mut rng).expect("valid")
    };
    assert_eq!(run(1), run(1));
    assert_ne!(run(1), run(2));
}

#[test]
fn bad_input_is_a_typed_error() {
    let aa = hand("Ah As");
    let none = CardSet::EMPTY;
    assert_eq!(
        equity::exact(&[aa], &[], none),
        Err(EquityError::TooFewHands(1))
    );
    let six = cards("2c 3c 4c 5c 6c 7c");
    assert_eq!(
        equity::exact(&[aa, hand("Kd Kc")], &six, none),
        Err(EquityError::BoardTooLong(6))
    );
    let ah: Card = "Ah".parse().expect("card");
    assert_eq!(
        equity::exact(&[aa, hand("Ah Kc")], &[], none),
        Err(EquityError::DuplicateCard(ah))
    );
    assert_eq!(
        equity::exact(&[aa, hand("Kd Kc")], &cards("Ah"), none),
        Err(EquityError::DuplicateCard(ah))
    );
    assert_eq!(
        equity::exact(&[aa, hand("Kd Kc")], &[], CardSet::from_cards(&[ah])),
        Err(EquityError::DuplicateCard(ah))
    );
    // 23 hands use 46 cards; dead cards leave fewer than five for the board.
    let all: Vec<Card> = Card::ALL.to_vec();
    let hands: Vec<[Card; 2]> = all.chunks(2).take(23).map(|c| [c[0], c[1]]).collect();
    let dead = CardSet::from_cards(&all[46..48]);
    assert_eq!(
        equity::exact(&hands, &[], dead),
        Err(EquityError::NotEnoughCards { needed: 5, left: 4 })
    );
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    assert_eq!(
        equity::monte_carlo(&[aa, hand("Kd Kc")], &[], none, 0, &mut rng),
        Err(EquityError::NoSamples)
    );
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_exact_equals_serial() {
    let hands = [hand("Ah As"), hand("Kd Kc"), hand("Qh Qc")];
    for board in [cards(""), cards("2c 7d Kh")] {
        let serial = equity::exact(&hands, &board, CardSet::EMPTY);
        assert_eq!(
            equity::exact_parallel(&hands, &board, CardSet::EMPTY),
            serial
        );
    }
}

/// Wins, ties and pot shares counted the slow way: every turn and river with
/// the reference evaluator.
fn brute_force(hands: &[[Card; 2]], flop: &[Card]) -> (u64, Vec<(u64, u64, u128)>) {
    use holdem_eval::ReferenceEvaluator;
    let mut used = CardSet::from_cards(flop);
    for h in hands {
        used |= CardSet::from_cards(h);
    }
    let deck: Vec<Card> = Card::ALL
        .iter()
        .copied()
        .filter(|c| !used.contains(*c))
        .collect();
    let unit: u128 = (1..=hands.len() as u128).fold(1, |l, k| {
        let (mut a, mut b) = (l, k);
        while b != 0 {
            (a, b) = (b, a % b);
        }
        l / a * k
    });
    let mut per = vec![(0u64, 0u64, 0u128); hands.len()];
    let mut boards = 0;
    for i in 0..deck.len() {
        for j in i + 1..deck.len() {
            let board = CardSet::from_cards(flop) | CardSet::from_cards(&[deck[i], deck[j]]);
            let ranks: Vec<_> = hands
                .iter()
                .map(|h| {
                    ReferenceEvaluator
                        .evaluate(board | CardSet::from_cards(h))
                        .expect("7 cards")
                })
                .collect();
            let best = ranks.iter().max().copied().expect("hands");
            let winners = ranks.iter().filter(|&&r| r == best).count();
            for (k, &r) in ranks.iter().enumerate() {
                if r == best {
                    if winners == 1 {
                        per[k].0 += 1;
                    } else {
                        per[k].1 += 1;
                    }
                    per[k].2 += unit / winners as u128;
                }
            }
            boards += 1;
        }
    }
    (boards, per)
}

/// Every player-count path of the enumerator (heads-up, fixed 3-6 hands, and
/// any number beyond) counts wins, ties and shares like a brute force over the
/// reference evaluator; the flop pairs the board so that ties happen.
#[test]
fn e5_exact_equity_matches_brute_force_for_two_to_eight_hands() {
    let flop = cards("8s 8d 2h");
    let all = [
        hand("Ah Kh"),
        hand("Ac Kc"),
        hand("9s 9c"),
        hand("Qd Jd"),
        hand("7h 6h"),
        hand("As 3c"),
        hand("Td 4s"),
        hand("5c 5d"),
    ];
    for n in 2..=all.len() {
        let hands = &all[..n];
        let r = equity::exact(hands, &flop, CardSet::EMPTY).expect("valid");
        let (boards, per) = brute_force(hands, &flop);
        assert_eq!(r.boards, boards, "{n} hands");
        let got: Vec<(u64, u64, u128)> = r
            .players
            .iter()
            .map(|p| (p.wins, p.ties, p.pot_shares))
            .collect();
        assert_eq!(got, per, "{n} hands");
        assert!(per.iter().any(|p| p.1 > 0), "{n} hands: no tie tested");
    }
}
