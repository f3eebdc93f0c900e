//! Range against range equity: exact enumeration against brute force, Monte
//! Carlo against exact, symmetric ranges at one half, ties shared (rule E5),
//! and bad input as typed errors.

use holdem_cards::{Card, CardSet, parse_cards};
use holdem_eval::equity::{self, EquityError};
use holdem_eval::{Range, ReferenceEvaluator};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::SeedableRng;

fn range(text: &str) -> Range {
    text.parse().expect("test range")
}

fn cards(text: &str) -> Vec<Card> {
    parse_cards(text).expect("test cards")
}

/// Equity of every range by brute force: every matchup, every remaining card
/// dealt one by one, each showdown ranked by the reference evaluator (the pot
/// split among the best, rule E5). Returns (equity, win, tie) per range.
fn brute_force(ranges: &[Range], board: &[Card], dead: CardSet) -> Vec<[f64; 3]> {
    let mut used: CardSet = board.iter().copied().collect();
    used |= dead;
    let live: Vec<Vec<([Card; 2], f64)>> = ranges
        .iter()
        .map(|r| {
            r.iter()
                .filter(|(h, _)| !used.contains(h[0]) && !used.contains(h[1]))
                .map(|(h, w)| (h, f64::from(w)))
                .collect()
        })
        .collect();
    let n = ranges.len();
    let mut sums = vec![[0.0; 3]; n];
    let mut total = 0.0;
    let mut chosen = Vec::new();
    matchups(&live, used, &mut chosen, 1.0, &mut |holes, weight, used| {
        let deck: Vec<Card> = Card::ALL
            .iter()
            .copied()
            .filter(|c| !used.contains(*c))
            .collect();
        let mut per = vec![[0.0; 3]; n];
        let mut boards = 0.0;
        boards_from(&deck, 0, board.to_vec(), &mut |full| {
            let ranks: Vec<_> = holes
                .iter()
                .map(|h| {
                    let mut set: CardSet = full.iter().copied().collect();
                    set.insert(h[0]);
                    set.insert(h[1]);
                    ReferenceEvaluator.evaluate(set).expect("seven cards")
                })
                .collect();
            let best = *ranks.iter().max().expect("two or more hands");
            let winners = ranks.iter().filter(|&&r| r == best).count();
            for (k, &r) in ranks.iter().enumerate() {
                if r == best {
                    per[k][0] += 1.0 / winners as f64;
                    per[k][if winners == 1 { 1 } else { 2 }] += 1.0;
                }
            }
            boards += 1.0;
        });
        for (s, p) in sums.iter_mut().zip(&per) {
            for j in 0..3 {
                s[j] += weight * p[j] / boards;
            }
        }
        total += weight;
    });
    sums.iter().map(|s| s.map(|x| x / total)).collect()
}

fn matchups(
    live: &[Vec<([Card; 2], f64)>],
    used: CardSet,
    chosen: &mut Vec<[Card; 2]>,
    weight: f64,
    f: &mut impl FnMut(&[[Card; 2]], f64, CardSet),
) {
    let Some((first, rest)) = live.split_first() else {
        f(chosen, weight, used);
        return;
    };
    for &(h, w) in first {
        if !used.contains(h[0]) && !used.contains(h[1]) {
            let mut u = used;
            u.insert(h[0]);
            u.insert(h[1]);
            chosen.push(h);
            matchups(rest, u, chosen, weight * w, f);
            chosen.pop();
        }
    }
}

fn boards_from(deck: &[Card], start: usize, board: Vec<Card>, f: &mut impl FnMut(&[Card])) {
    if board.len() == 5 {
        f(&board);
        return;
    }
    for i in start..deck.len() {
        let mut b = board.clone();
        b.push(deck[i]);
        boards_from(deck, i + 1, b, f);
    }
}

fn assert_close(got: f64, want: f64, tol: f64, what: &str) {
    assert!((got - want).abs() <= tol, "{what}: {got} against {want}");
}

#[test]
fn exact_range_equity_equals_brute_force_on_small_ranges() {
    let cases: &[(&[&str], &str, &str)] = &[
        (&["AA, AhKh", "KK, QhJh:0.5"], "Kc 7h 2h 9d", ""),
        (&["AKs, 22", "QQ+:0.25, 76s"], "Ah 6s 2d Tc", "3c"),
        (&["JTs", "AA", "KhQh, 9c9d"], "Jh Tc 4h 2s", ""),
        (&["AhKd, AcAd", "AdKc:0.3, KhKs"], "Qh Jh 2c", ""),
    ];
    for &(texts, board, dead) in cases {
        let ranges: Vec<Range> = texts.iter().map(|t| range(t)).collect();
        let board = cards(board);
        let dead: CardSet = dead.parse().unwrap();
        let exact = equity::range_exact(&ranges, &board, dead).unwrap();
        let brute = brute_force(&ranges, &board, dead);
        assert!(exact.exact);
        for (k, (p, b)) in exact.players.iter().zip(&brute).enumerate() {
            let what = format!("{texts:?} on {board:?}, range {k}");
            assert_close(p.equity, b[0], 1e-12, &what);
            assert_close(p.win, b[1], 1e-12, &what);
            assert_close(p.tie, b[2], 1e-12, &what);
            assert_eq!(p.std_error, 0.0);
        }
        let sum: f64 = exact.players.iter().map(|p| p.equity).sum();
        assert_close(sum, 1.0, 1e-12, "equities add up to one pot (E5)");
    }
}

#[test]
fn exact_range_equity_is_the_weighted_mean_of_hand_equities() {
    // Pre-flop, so each matchup is 1,712,304 boards: AA against a weighted KK.
    let ranges = [range("AhAs, AdAc"), range("KhKs, KdKc:0.5")];
    let r = equity::range_exact(&ranges, &[], CardSet::EMPTY).unwrap();
    assert_eq!((r.matchups, r.boards), (4, 1_712_304));
    let hand = |t: &str| {
        let c = cards(t);
        [c[0], c[1]]
    };
    let mut want = 0.0;
    let mut total = 0.0;
    for (a, b, w) in [
        ("AhAs", "KhKs", 1.0),
        ("AhAs", "KdKc", 0.5),
        ("AdAc", "KhKs", 1.0),
        ("AdAc", "KdKc", 0.5),
    ] {
        let e = equity::exact(&[hand(a), hand(b)], &[], CardSet::EMPTY).unwrap();
        want += w * e.players[0].equity;
        total += w;
    }
    assert_close(r.players[0].equity, want / total, 1e-12, "aces");
}

#[test]
fn single_combination_ranges_give_the_hands_equity() {
    let flop = cards("2c 7d Kh");
    let r = equity::range_exact(&[range("AhAs"), range("KdKc")], &flop, CardSet::EMPTY).unwrap();
    let c = cards("Ah As Kd Kc");
    let h = equity::exact(&[[c[0], c[1]], [c[2], c[3]]], &flop, CardSet::EMPTY).unwrap();
    assert_eq!((r.matchups, r.boards), (1, h.boards));
    for (p, q) in r.players.iter().zip(&h.players) {
        assert_close(p.equity, q.equity, 1e-15, "equity");
        assert_close(p.win, q.wins as f64 / h.boards as f64, 1e-15, "win");
    }
}

#[test]
fn symmetric_ranges_have_half_the_pot() {
    // Exact: every matchup has its mirror image at the same weight.
    let r = range("QQ+, AKs, JTs:0.5, 65s");
    let flop = cards("2c 7d Js");
    let e = equity::range_exact(&[r.clone(), r], &flop, CardSet::EMPTY).unwrap();
    assert_close(e.players[0].equity, 0.5, 1e-12, "exact");
    assert_close(e.players[0].win, e.players[1].win, 1e-12, "wins mirror");
    // Monte Carlo, any two cards against any two cards pre-flop.
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let all = [Range::all(), Range::all()];
    let m = equity::range_monte_carlo(&all, &[], CardSet::EMPTY, 200_000, &mut rng).unwrap();
    let p = &m.players[0];
    assert!(!m.exact && p.std_error > 0.0);
    assert_close(p.equity, 0.5, 4.0 * p.std_error, "Monte Carlo");
}

#[test]
fn monte_carlo_range_equity_is_within_its_error_of_exact() {
    let ranges = [
        range("TT+, AQs+, AKo, 98s:0.5"),
        range("55, AKs, AQs, KQs, KJs, QJs, JTs"),
    ];
    let flop = cards("2c 7d Js");
    let exact = equity::range_exact(&ranges, &flop, CardSet::EMPTY).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mc = equity::range_monte_carlo(&ranges, &flop, CardSet::EMPTY, 200_000, &mut rng).unwrap();
    assert_eq!(mc.matchups, 200_000);
    for (m, e) in mc.players.iter().zip(&exact.players) {
        assert!(m.std_error > 0.0 && m.std_error < 0.002);
        assert_close(m.equity, e.equity, 4.0 * m.std_error, "equity");
        assert_close(m.win, e.win, 0.01, "win");
        assert_close(m.tie, e.tie, 0.01, "tie");
    }
    // Three ranges (each draw has to fit together three ways).
    let three = [range("AA, KK"), range("AKs, QQ"), range("JJ-99")];
    let exact = equity::range_exact(&three, &flop, CardSet::EMPTY).unwrap();
    let mc = equity::range_monte_carlo(&three, &flop, CardSet::EMPTY, 100_000, &mut rng).unwrap();
    for (m, e) in mc.players.iter().zip(&exact.players) {
        assert_close(m.equity, e.equity, 4.0 * m.std_error, "three-way equity");
    }
    // The same seed gives the same result.
    let again = |seed| {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        equity::range_monte_carlo(&ranges, &flop, CardSet::EMPTY, 1000, &mut rng).unwrap()
    };
    assert_eq!(again(3), again(3));
}

#[test]
fn range_equity_bad_input_is_a_typed_error() {
    let none = CardSet::EMPTY;
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(
        equity::range_exact(&[range("AA")], &[], none),
        Err(EquityError::TooFewRanges(1))
    );
    assert_eq!(
        equity::range_exact(&[range("AA"), range("")], &[], none),
        Err(EquityError::EmptyRange(1))
    );
    // The board takes the only combination.
    assert_eq!(
        equity::range_exact(&[range("AhKh"), range("QQ")], &cards("Ah 2c 3d"), none),
        Err(EquityError::EmptyRange(0))
    );
    // Both ranges need the ace of hearts.
    let blocked = [range("AhKh"), range("AhQh")];
    assert_eq!(
        equity::range_exact(&blocked, &[], none),
        Err(EquityError::NoMatchup)
    );
    assert_eq!(
        equity::range_monte_carlo(&blocked, &[], none, 10, &mut rng),
        Err(EquityError::NoMatchup)
    );
    assert_eq!(
        equity::range_monte_carlo(&[range("AA"), range("KK")], &[], none, 0, &mut rng),
        Err(EquityError::NoSamples)
    );
    assert_eq!(
        equity::range_exact(
            &[range("AA"), range("KK")],
            &cards("2c 3c 4c 5c 6c 7c"),
            none
        ),
        Err(EquityError::BoardTooLong(6))
    );
    let two = cards("2c");
    assert_eq!(
        equity::range_exact(
            &[range("AA"), range("KK")],
            &cards("2c 3c 4c"),
            two.iter().copied().collect()
        ),
        Err(EquityError::DuplicateCard(two[0]))
    );
    // 27 ranges need 54 cards.
    let many = vec![Range::all(); 27];
    assert_eq!(
        equity::range_exact(&many, &[], none),
        Err(EquityError::NotEnoughCards {
            needed: 59,
            left: 52
        })
    );
    assert_eq!(
        equity::range_monte_carlo(&many, &cards("2c 3c 4c 5c 6c"), none, 1, &mut rng),
        Err(EquityError::NotEnoughCards {
            needed: 54,
            left: 47
        })
    );
    // The only matchup that fits has a weight too small to be drawn.
    let mut rare = range("AhKh");
    rare.set_weight([cards("As")[0], cards("Ks")[0]], 1e-30)
        .unwrap();
    let rarely = [rare, range("AhQd")];
    assert!(equity::range_exact(&rarely, &[], none).is_ok());
    assert_eq!(
        equity::range_monte_carlo(&rarely, &[], none, 10, &mut rng),
        Err(EquityError::RangesRarelyFit(equity::MAX_REDRAWS))
    );
}

#[test]
fn exact_work_estimate_counts_matchups_and_boards() {
    let ranges = [range("AA"), range("KK")];
    assert_eq!(
        equity::range_exact_boards(&ranges, &cards("2c 7d Js"), CardSet::EMPTY),
        Ok(36 * 990)
    );
    let all = [Range::all(), Range::all()];
    assert_eq!(
        equity::range_exact_boards(&all, &[], CardSet::EMPTY),
        Ok(1326 * 1326 * 1_712_304)
    );
}

#[cfg(feature = "rayon")]
#[test]
fn parallel_exact_range_equity_is_identical() {
    let ranges = [range("TT+, AQs+"), range("55, AKs, KQs, QJs:0.5")];
    let flop = cards("2c 7d Js");
    assert_eq!(
        equity::range_exact_parallel(&ranges, &flop, CardSet::EMPTY),
        equity::range_exact(&ranges, &flop, CardSet::EMPTY)
    );
}

/// Weighted mean of the hands' exact equity over every matchup (the hand
/// enumerator, one matchup at a time).
fn mean_of_hand_equities(ranges: &[Range; 2], board: &[Card]) -> Option<f64> {
    let (mut sum, mut total) = (0.0, 0.0);
    for (a, wa) in ranges[0].iter() {
        for (b, wb) in ranges[1].iter() {
            let hands = [a, b];
            if let Ok(r) = equity::exact(&hands, board, CardSet::EMPTY) {
                let w = f64::from(wa) * f64::from(wb);
                sum += w * r.players[0].equity;
                total += w;
            }
        }
    }
    (total > 0.0).then(|| sum / total)
}

proptest::proptest! {
    #![proptest_config(proptest::test_runner::Config::with_cases(32))]

    #[test]
    fn exact_range_equity_is_the_weighted_mean_over_random_small_ranges(
        picks in proptest::collection::vec((0u8..52, 0u8..52, 1u32..=4, proptest::bool::ANY), 2..10),
        flop in proptest::sample::subsequence((0u8..52).collect::<Vec<_>>(), 3),
    ) {
        let board: Vec<Card> = flop.iter().map(|&i| Card::ALL[usize::from(i)]).collect();
        let mut ranges = [Range::new(), Range::new()];
        for (a, b, w, first) in picks {
            let hole = [Card::ALL[usize::from(a)], Card::ALL[usize::from(b)]];
            if !board.contains(&hole[0]) && !board.contains(&hole[1]) {
                let _ = ranges[usize::from(!first)].set_weight(hole, w as f32 / 4.0);
            }
        }
        let want = mean_of_hand_equities(&ranges, &board);
        match equity::range_exact(&ranges, &board, CardSet::EMPTY) {
            Ok(r) => {
                let want = want.ok_or_else(|| proptest::test_runner::TestCaseError::fail("no matchup"))?;
                proptest::prop_assert!((r.players[0].equity - want).abs() < 1e-12);
                proptest::prop_assert!((r.players[0].equity + r.players[1].equity - 1.0).abs() < 1e-12);
            }
            Err(e) => {
                proptest::prop_assert!(want.is_none(), "{e}");
                proptest::prop_assert!(matches!(e, EquityError::EmptyRange(_) | EquityError::NoMatchup));
            }
        }
    }
}
