//! Early payouts (rule T19, seed 000 section 12).

use holdem_tourney::money::{EarlyPayouts, MoneyError, PlayerId};
use proptest::prelude::*;

// rule T19, seed 000 12: "all eligible players will instantly receive the minimum
// cash amount"; after a player finishes, "a second payment for any difference
// between the minimum cash amount and the total prize earned"; "if a higher prize
// hasn't been earned, there will be no second payment".
#[test]
fn early_payout_pays_min_cash_now_and_the_difference_at_the_finish() {
    let players: Vec<PlayerId> = (1..=4).map(PlayerId).collect();
    let (mut early, now) = EarlyPayouts::reach_the_money(&players, 1_000).unwrap();
    assert!(now.iter().all(|p| p.cents == 1_000) && now.len() == 4);
    // Prizes $40 / $30 / $20 / $10; player 4 finishes 4th, 3 third...
    let second: Vec<u64> = [(4, 1_000), (3, 2_000), (2, 3_000), (1, 4_000)]
        .iter()
        .map(|&(p, prize)| early.finish(PlayerId(p), prize).unwrap().cents)
        .collect();
    assert_eq!(second, [0, 1_000, 2_000, 3_000]);
    assert_eq!(early.paid_to(PlayerId(1)), Some(4_000));
    assert!(early.still_open().is_empty());
}

// rule T19: a player settled twice, or never paid, is a typed error.
#[test]
fn early_payout_errors() {
    let (mut early, _) = EarlyPayouts::reach_the_money(&[PlayerId(1), PlayerId(2)], 500).unwrap();
    early.finish(PlayerId(1), 500).unwrap();
    assert_eq!(
        early.finish(PlayerId(1), 900),
        Err(MoneyError::AlreadySettled(PlayerId(1)))
    );
    assert_eq!(
        early.finish(PlayerId(9), 900),
        Err(MoneyError::NotInTheMoney(PlayerId(9)))
    );
    assert_eq!(
        EarlyPayouts::reach_the_money(&[PlayerId(1), PlayerId(1)], 500),
        Err(MoneyError::DuplicatePlayer(PlayerId(1)))
    );
    assert_eq!(
        EarlyPayouts::reach_the_money(&[], 500),
        Err(MoneyError::NoPlayers)
    );
}

proptest! {
    // rule T19: the two payments add up to exactly the prize table, in any finishing
    // order.
    #[test]
    fn early_payouts_conserve_every_cent(
        mut prizes in prop::collection::vec(1u64..1_000_000, 1..30),
        order in any::<u64>(),
    ) {
        prizes.sort_unstable_by(|a, b| b.cmp(a));
        let min_cash = *prizes.last().unwrap();
        let players: Vec<PlayerId> = (0..prizes.len() as u32).map(PlayerId).collect();
        let (mut early, first) = EarlyPayouts::reach_the_money(&players, min_cash).unwrap();
        let mut total: u64 = first.iter().map(|p| p.cents).sum();
        let mut ids = players.clone();
        ids.rotate_left((order % prizes.len() as u64) as usize);
        for (id, prize) in ids.iter().zip(&prizes) {
            total += early.finish(*id, *prize).unwrap().cents;
        }
        prop_assert_eq!(total, prizes.iter().sum::<u64>());
    }
}
