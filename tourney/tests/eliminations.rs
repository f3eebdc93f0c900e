//! Knock-outs across tables in hand-for-hand play (rules T9, T10).

#![allow(clippy::unwrap_used)] // test helpers: a failed unwrap is a failed test

use holdem_tourney::Chips;
use holdem_tourney::payouts::PayoutRule;
use holdem_tourney::{
    Command, PlayerId, TableId, Tournament, TournamentOptions, TourneyEvent, TourneyInput,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

type Hands = Vec<(TableId, u64, Vec<(PlayerId, Chips)>)>;

fn apply(
    t: &mut Tournament,
    rng: &mut ChaCha8Rng,
    at: u64,
    c: Command,
    hands: &mut Hands,
) -> Vec<TourneyEvent> {
    let ev = t.apply(&TourneyInput { at, command: c }, rng).unwrap();
    for e in &ev {
        if let TourneyEvent::HandStarted {
            table,
            hand,
            stacks,
            ..
        } = e
        {
            hands.push((*table, *hand, stacks.clone()));
        }
    }
    ev
}

/// The smallest stack in the hand loses everything to the biggest.
fn bust_smallest(stacks: &[(PlayerId, Chips)]) -> Vec<(PlayerId, Chips)> {
    let lo = stacks
        .iter()
        .enumerate()
        .min_by_key(|(_, s)| (s.1, s.0))
        .map(|x| x.0)
        .unwrap();
    let hi = stacks
        .iter()
        .enumerate()
        .max_by_key(|(_, s)| (s.1, s.0))
        .map(|x| x.0)
        .unwrap();
    let mut out = stacks.to_vec();
    out[hi].1 = (out[hi].1 + out[lo].1).unwrap();
    out[lo].1 = Chips(0);
    out
}

#[test]
fn hand_for_hand_knockouts_on_two_tables_are_simultaneous_seed_000_2_2() {
    // Six players on two tables of three; three paid: hand-for-hand at four left (T10).
    let mut o = TournamentOptions::online_mtt();
    o.table_size = 3;
    o.payouts = PayoutRule::Shares {
        basis_points: vec![5000, 3000, 2000],
    };
    let mut t = Tournament::new(o).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut hands: Hands = Vec::new();
    let mut now = 1_704_067_200_000;
    for p in 1..=6 {
        apply(
            &mut t,
            &mut rng,
            now,
            Command::Register {
                player: PlayerId(p),
            },
            &mut hands,
        );
    }
    apply(&mut t, &mut rng, now, Command::Start, &mut hands);
    // Two knock-outs before the bubble, one hand at a time.
    while t.remaining() > 4 {
        now += 1000;
        let (table, hand, stacks) = hands.remove(0);
        apply(
            &mut t,
            &mut rng,
            now,
            Command::HandFinished {
                table,
                hand,
                stacks: bust_smallest(&stacks),
            },
            &mut hands,
        );
    }
    assert!(t.is_hand_for_hand());
    // Hand-for-hand: the tables in hands now finish before any new hand starts.
    while let Some((table, hand, stacks)) = hands
        .first()
        .cloned()
        .filter(|h| !t.running_hand(h.0).is_some_and(|r| r.synchronized))
    {
        hands.remove(0);
        now += 1000;
        let ev = apply(
            &mut t,
            &mut rng,
            now,
            Command::HandFinished {
                table,
                hand,
                stacks,
            },
            &mut hands,
        );
        let _ = ev;
    }
    assert_eq!(hands.len(), 2, "both tables play the synchronized hand");
    // One knock-out at each table in the same synchronized hand.
    let mut eliminated = Vec::new();
    let mut busted_starts = Vec::new();
    let sync: Hands = std::mem::take(&mut hands);
    for (i, (table, hand, stacks)) in sync.into_iter().enumerate() {
        now += 1000;
        let res = bust_smallest(&stacks);
        let (p, _) = res.iter().find(|s| s.1 == Chips(0)).copied().unwrap();
        busted_starts.push((p, stacks.iter().find(|s| s.0 == p).unwrap().1));
        let ev = apply(
            &mut t,
            &mut rng,
            now,
            Command::HandFinished {
                table,
                hand,
                stacks: res,
            },
            &mut hands,
        );
        let out: Vec<_> = ev
            .iter()
            .filter_map(|e| {
                if let TourneyEvent::Eliminated(f) = e {
                    Some(*f)
                } else {
                    None
                }
            })
            .collect();
        if i == 0 {
            assert!(
                out.is_empty(),
                "the first table's knock-out waits for the other table"
            );
        }
        eliminated.extend(out);
    }
    assert_eq!(eliminated.len(), 2);
    let (a, b) = (busted_starts[0], busted_starts[1]);
    if a.1 == b.1 {
        // Equal starting stacks: they tie for 3rd-4th and split 3rd's prize (T9).
        assert!(eliminated.iter().all(|f| f.place == 3 && f.tied == 2));
        let pool = t.prizes().prize(3) + t.prizes().prize(4);
        assert_eq!(eliminated.iter().map(|f| f.prize).sum::<u64>(), pool);
    } else {
        let bigger = if a.1 > b.1 { a.0 } else { b.0 };
        let third = eliminated.iter().find(|f| f.place == 3).unwrap();
        assert_eq!(
            third.player, bigger,
            "more chips at the start of the hand finishes higher"
        );
    }
    assert!(!t.is_hand_for_hand(), "in the money: hand-for-hand ends");
}
