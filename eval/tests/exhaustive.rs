//! Exhaustive checks: every rank pattern, and (release-only, `cargo xtask ci`)
//! every 5-, 6- and 7-card hand against the textbook counts (rule E2) and the
//! reference evaluator.

use std::collections::HashSet;

use holdem_cards::{Card, CardSet, Rank, Suit};
use holdem_eval::{Category, Evaluator, HandKey, HandRank, ReferenceEvaluator};

/// Counts per category, indexed by `Category as usize - 1` (high card first).
type Counts = [u64; 9];

fn tally(counts: &mut Counts, rank: HandRank) {
    counts[rank.category() as usize - 1] += 1;
}

/// Textbook counts, listed from straight flush down to high card.
fn expect_counts(counts: &Counts, straight_flush_down: [u64; 9]) {
    let mut top_down = *counts;
    top_down.reverse();
    assert_eq!(
        top_down, straight_flush_down,
        "counts from straight flush down to high card"
    );
}

fn card(rank: usize, suit: usize) -> Card {
    Card::new(Rank::ALL[rank], Suit::ALL[suit])
}

/// Every rank multiset of 5-7 cards, as cards with no five of a suit (suits
/// dealt round-robin), and every 5-7 card suited rank mask: together they cover
/// every entry of the fast evaluator's tables. Runs in debug too.
#[test]
fn e2_every_table_entry_matches_the_reference() {
    let fast = Evaluator::new();
    let mut patterns = 0;
    let mut counts = [0u8; 13];
    fn walk(i: usize, left: u8, counts: &mut [u8; 13], f: &mut dyn FnMut(&[u8; 13])) {
        if i == 13 {
            f(counts);
            return;
        }
        for c in 0..=left.min(4) {
            counts[i] = c;
            walk(i + 1, left - c, counts, f);
        }
        counts[i] = 0;
    }
    walk(0, 7, &mut counts, &mut |counts| {
        let n: u8 = counts.iter().sum();
        if n < 5 {
            return;
        }
        patterns += 1;
        let mut cards = Vec::new();
        for (r, &c) in counts.iter().enumerate() {
            for _ in 0..c {
                cards.push(card(r, cards.len() % 4));
            }
        }
        let set = CardSet::from_cards(&cards);
        assert_eq!(set.len(), n as u32);
        let want = ReferenceEvaluator.evaluate(set);
        assert_eq!(fast.evaluate(set), want, "{cards:?}");
        assert_eq!(fast.evaluate_cards(&cards), want, "{cards:?}");
    });
    assert_eq!(patterns, 73_775, "rank patterns of 5-7 cards");

    let mut suited = 0;
    for mask in 0u16..1 << 13 {
        if !(5..=7).contains(&mask.count_ones()) {
            continue;
        }
        suited += 1;
        for suit in 0..4 {
            let cards: Vec<Card> = (0..13)
                .filter(|r| mask & (1 << r) != 0)
                .map(|r| card(r, suit))
                .collect();
            let set = CardSet::from_cards(&cards);
            let want = ReferenceEvaluator.evaluate(set);
            assert_eq!(fast.evaluate(set), want, "{cards:?}");
            assert_eq!(fast.evaluate_cards(&cards), want, "{cards:?}");
        }
    }
    assert_eq!(suited, 1287 + 1716 + 1716);
}

#[test]
#[ignore = "release-only: run by cargo xtask ci"]
fn e2_all_five_card_hands() {
    let fast = Evaluator::new();
    let mut counts: Counts = [0; 9];
    let mut royal = 0;
    let mut distinct = HashSet::new();
    let all = Card::ALL;
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let five = [all[a], all[b], all[c], all[d], all[e]];
                        let want = ReferenceEvaluator::rank_five(five);
                        let set = CardSet::from_cards(&five);
                        assert_eq!(fast.evaluate(set), Ok(want), "{five:?}");
                        assert_eq!(fast.evaluate_cards(&five), Ok(want), "{five:?}");
                        tally(&mut counts, want);
                        royal += u64::from(want.is_royal_flush());
                        distinct.insert(want);
                    }
                }
            }
        }
    }
    expect_counts(
        &counts,
        [
            40, 624, 3_744, 5_108, 10_200, 54_912, 123_552, 1_098_240, 1_302_540,
        ],
    );
    assert_eq!(royal, 4);
    assert_eq!(distinct.len(), 7_462);
    // The encoding is dense: every category's ordinals run 0..class_count.
    for cat in Category::ALL {
        let n = distinct.iter().filter(|r| r.category() == cat).count();
        assert_eq!(n, usize::from(cat.class_count()), "{cat}");
        assert!(distinct.contains(&cat.lowest()) && distinct.contains(&cat.highest()));
    }
    assert!(distinct.iter().all(|r| r.is_valid()));
}

#[test]
#[ignore = "release-only: run by cargo xtask ci"]
#[allow(clippy::needless_range_loop)] // nested deals read best as indices
fn e2_all_six_card_hands() {
    let fast = Evaluator::new();
    let mut counts: Counts = [0; 9];
    let keys: Vec<HandKey> = Card::ALL
        .iter()
        .map(|&c| HandKey::EMPTY.with_card(c))
        .collect();
    for a in 0..52 {
        for b in a + 1..52 {
            let kb = keys[a].combine(keys[b]);
            for c in b + 1..52 {
                let kc = kb.combine(keys[c]);
                for d in c + 1..52 {
                    let kd = kc.combine(keys[d]);
                    for e in d + 1..52 {
                        let ke = kd.combine(keys[e]);
                        for f in e + 1..52 {
                            let hand = ke.combine(keys[f]);
                            let rank = fast.rank_key(hand);
                            assert_eq!(fast.evaluate(hand.cards()), Ok(rank));
                            tally(&mut counts, rank);
                        }
                    }
                }
            }
        }
    }
    expect_counts(
        &counts,
        [
            1_844, 14_664, 165_984, 205_792, 361_620, 732_160, 2_532_816, 9_730_740, 6_612_900,
        ],
    );
}

#[test]
#[ignore = "release-only: run by cargo xtask ci"]
#[allow(clippy::needless_range_loop)] // nested deals read best as indices
fn e2_all_seven_card_hands() {
    let fast = Evaluator::new();
    let mut counts: Counts = [0; 9];
    let mut distinct = vec![false; 1 << 16];
    let keys: Vec<HandKey> = Card::ALL
        .iter()
        .map(|&c| HandKey::EMPTY.with_card(c))
        .collect();
    // The batch paths (four hands at a time where the CPU has AVX2; the
    // validated ones also check for repeats there) get every hand too, 4,096
    // at a time, and must agree with the key path.
    let mut batch: Vec<[Card; 7]> = Vec::with_capacity(4_096);
    let mut want: Vec<HandRank> = Vec::with_capacity(4_096);
    let mut got = vec![HandRank::from_raw(0); 4_096];
    let mut ids: Vec<u8> = Vec::with_capacity(7 * 4_096);
    let mut check_batch = |batch: &mut Vec<[Card; 7]>, want: &mut Vec<HandRank>| {
        assert_eq!(fast.rank_batch7(batch, &mut got), Ok(()));
        assert_eq!(&got[..batch.len()], &want[..]);
        assert_eq!(fast.evaluate_batch7(batch, &mut got), Ok(()));
        assert_eq!(&got[..batch.len()], &want[..]);
        // The same hands as raw id bytes (the numpy path).
        ids.clear();
        ids.extend(batch.iter().flatten().map(|c| c.index()));
        assert_eq!(fast.evaluate_ids(&ids, 7, &mut got), Ok(()));
        assert_eq!(&got[..batch.len()], &want[..]);
        batch.clear();
        want.clear();
    };
    for a in 0..52 {
        for b in a + 1..52 {
            let kb = keys[a].combine(keys[b]);
            for c in b + 1..52 {
                let kc = kb.combine(keys[c]);
                for d in c + 1..52 {
                    let kd = kc.combine(keys[d]);
                    for e in d + 1..52 {
                        let ke = kd.combine(keys[e]);
                        for f in e + 1..52 {
                            let kf = ke.combine(keys[f]);
                            for g in f + 1..52 {
                                let hand = kf.combine(keys[g]);
                                let rank = fast.rank_key(hand);
                                // The branch-free set path agrees with the key path.
                                assert_eq!(fast.evaluate(hand.cards()), Ok(rank));
                                tally(&mut counts, rank);
                                distinct[usize::from(rank.raw())] = true;
                                batch.push([a, b, c, d, e, f, g].map(|i| Card::ALL[i]));
                                want.push(rank);
                                if batch.len() == 4_096 {
                                    check_batch(&mut batch, &mut want);
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    check_batch(&mut batch, &mut want);
    expect_counts(
        &counts,
        [
            41_584, 224_848, 3_473_184, 4_047_644, 6_180_020, 6_461_620, 31_433_400, 58_627_800,
            23_294_460,
        ],
    );
    // Seven cards always hold at least a pair, a seven-high... 4,824 classes occur.
    assert_eq!(distinct.iter().filter(|&&d| d).count(), 4_824);
}
