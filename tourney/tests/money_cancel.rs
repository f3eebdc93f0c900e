//! Cancellation (rule T17, seed 000 section 10).

use holdem_tourney::Chips;
use holdem_tourney::money::{
    CashPool, Entrant, MoneyError, MoneyStage, PlayerId, Price, Purchase, PurchaseKind, Survivor,
    Tender, roll_forward, rollback,
};
use proptest::prelude::*;

fn entry(prize_pool: u64, fee: u64, bounty: u64) -> Purchase {
    Purchase {
        kind: PurchaseKind::Entry,
        price: Price {
            prize_pool,
            fee,
            bounty,
        },
        paid: Tender::cash(prize_pool + fee + bounty),
    }
}

/// Ten entrants at $10 + $1: a $100 pool.
fn ten_entrants() -> Vec<Entrant> {
    (1..=10)
        .map(|i| Entrant {
            player: PlayerId(i),
            purchases: vec![entry(1_000, 100, 0)],
        })
        .collect()
}

fn survivors(chips: &[u64]) -> Vec<Survivor> {
    chips
        .iter()
        .enumerate()
        .map(|(i, &chips)| Survivor {
            player: PlayerId(i as u32 + 1),
            chips: Chips(chips),
            bounty_head: 0,
        })
        .collect()
}

// rule T17, seed 000 10.1: "if you bought into a tournament using T$10 and $15 cash,
// then you would get back T$10 and $15 cash"; rebuys, add-ons and knockout entries
// are refunded too.
#[test]
fn rollback_refunds_t10_and_15_cash_in_the_form_paid() {
    let entrants = [
        Entrant {
            player: PlayerId(2),
            purchases: vec![
                entry(1_000, 100, 500),
                Purchase {
                    kind: PurchaseKind::Rebuy,
                    ..entry(1_000, 100, 500)
                },
                Purchase {
                    kind: PurchaseKind::AddOn,
                    ..entry(2_000, 0, 0)
                },
            ],
        },
        Entrant {
            player: PlayerId(1),
            purchases: vec![Purchase {
                kind: PurchaseKind::Entry,
                price: Price {
                    prize_pool: 2_300,
                    fee: 200,
                    bounty: 0,
                },
                paid: Tender {
                    cash: 1_500,
                    t_money: 1_000,
                    ticket: 0,
                },
            }],
        },
    ];
    let refunds = rollback(&entrants).unwrap();
    assert_eq!(refunds[0].player, PlayerId(1));
    assert_eq!(
        refunds[0].refund,
        Tender {
            cash: 1_500,
            t_money: 1_000,
            ticket: 0
        }
    );
    assert_eq!(refunds[1].refund, Tender::cash(5_200));
}

// rule T17, seed 000 10.2: before the money, each survivor gets back the fee, then
// "50% of the award pool is distributed evenly among all remaining players, and 50%
// of the award pool is distributed proportionally according to the chip count".
#[test]
fn roll_forward_before_the_money_half_evenly_half_by_chips() {
    let pool = CashPool {
        stage: MoneyStage::BeforeTheMoney,
        prizes_awarded: 0,
        non_cash_prizes: 0,
    };
    let r = roll_forward(&ten_entrants(), &survivors(&[6_000, 3_000, 1_000]), &pool).unwrap();
    assert_eq!(r.award_pool, 10_000);
    // Even half 5,000: 1,667 + 1,667 + 1,666 (odd cents to the biggest stacks).
    // Chip half 5,000: 3,000 + 1,500 + 500.
    let got: Vec<(u64, u64)> = r
        .compensations
        .iter()
        .map(|c| (c.refund, c.share))
        .collect();
    assert_eq!(got, [(100, 4_667), (100, 3_167), (100, 2_166)]);
}

// rule T17, seed 000 10.3: in the money, "each player receives the minimum prize not
// yet awarded at the time of cancellation, and the remainder ... proportionally
// according to the chip count".
#[test]
fn roll_forward_in_the_money_smallest_unawarded_prize_then_chips() {
    // Prizes 40/30/20/10 dollars; 4th place (10) already awarded.
    let pool = CashPool {
        stage: MoneyStage::InTheMoney {
            smallest_unawarded_prize: 2_000,
        },
        prizes_awarded: 1_000,
        non_cash_prizes: 0,
    };
    let r = roll_forward(&ten_entrants(), &survivors(&[6_000, 3_000, 1_000]), &pool).unwrap();
    assert_eq!(r.award_pool, 9_000);
    let shares: Vec<u64> = r.compensations.iter().map(|c| c.share).collect();
    // 2,000 each, then 3,000 by chips: 1,800 / 900 / 300.
    assert_eq!(shares, [3_800, 2_900, 2_300]);
}

// rule T17, seed 000 10.4 and 10.6: only buy-ins are shared, not a guarantee; non-cash
// prizes stay out. With a $200 guarantee on a $100 field the smallest unawarded
// prize ($40) cannot be paid to all three: each gets an equal part instead.
#[test]
fn guarantees_and_non_cash_prizes_are_excluded() {
    let pool = CashPool {
        stage: MoneyStage::InTheMoney {
            smallest_unawarded_prize: 4_000,
        },
        prizes_awarded: 2_000,
        non_cash_prizes: 0,
    };
    let r = roll_forward(&ten_entrants(), &survivors(&[6_000, 3_000, 1_000]), &pool).unwrap();
    assert_eq!(r.award_pool, 8_000);
    let shares: Vec<u64> = r.compensations.iter().map(|c| c.share).collect();
    // 2,666 each, then 2 cents by chips (1.2 / 0.6 / 0.2 -> 1, 1, 0).
    assert_eq!(shares, [2_667, 2_667, 2_666]);

    let pool = CashPool {
        stage: MoneyStage::BeforeTheMoney,
        prizes_awarded: 0,
        non_cash_prizes: 3_000,
    };
    let r = roll_forward(&ten_entrants(), &survivors(&[5_000, 5_000]), &pool).unwrap();
    assert_eq!(r.award_pool, 7_000);
    assert_eq!(r.compensations.iter().map(|c| c.share).sum::<u64>(), 7_000);
}

// rule T17: knockout bounties on survivors' heads are refunded with the fees.
#[test]
fn roll_forward_refunds_fees_and_knockout_bounties() {
    let entrants: Vec<Entrant> = (1..=4)
        .map(|i| Entrant {
            player: PlayerId(i),
            purchases: vec![entry(1_000, 100, 500)],
        })
        .collect();
    let mut s = survivors(&[2_000, 1_000]);
    s[0].bounty_head = 1_250; // progressive: grew by knocking players out
    s[1].bounty_head = 750;
    let pool = CashPool {
        stage: MoneyStage::BeforeTheMoney,
        prizes_awarded: 0,
        non_cash_prizes: 0,
    };
    let r = roll_forward(&entrants, &s, &pool).unwrap();
    let refunds: Vec<u64> = r.compensations.iter().map(|c| c.refund).collect();
    assert_eq!(refunds, [1_350, 850]);
}

// rule T17: bad input is a typed error.
#[test]
fn cancellation_rejects_bad_input() {
    let pool = CashPool {
        stage: MoneyStage::BeforeTheMoney,
        prizes_awarded: 0,
        non_cash_prizes: 0,
    };
    let bad_tender = [Entrant {
        player: PlayerId(1),
        purchases: vec![Purchase {
            paid: Tender::cash(1),
            ..entry(1_000, 100, 0)
        }],
    }];
    assert_eq!(
        rollback(&bad_tender),
        Err(MoneyError::TenderMismatch {
            player: PlayerId(1),
            paid: 1,
            price: 1_100
        })
    );
    assert_eq!(
        roll_forward(&ten_entrants(), &[], &pool),
        Err(MoneyError::NoPlayers)
    );
    let mut stranger = survivors(&[10, 10]);
    stranger[1].player = PlayerId(99);
    assert_eq!(
        roll_forward(&ten_entrants(), &stranger, &pool),
        Err(MoneyError::UnknownPlayer(PlayerId(99)))
    );
    assert_eq!(
        roll_forward(&ten_entrants(), &survivors(&[10, 0]), &pool),
        Err(MoneyError::EmptyStack(PlayerId(2)))
    );
    let twice = [ten_entrants()[0].clone(), ten_entrants()[0].clone()];
    assert_eq!(
        rollback(&twice),
        Err(MoneyError::DuplicatePlayer(PlayerId(1)))
    );
}

proptest! {
    // rule T17: no cent created or lost, and order does not matter: a rollback gives
    // back exactly what was paid; a roll forward shares exactly the award pool and
    // refunds exactly the survivors' fees and bounties.
    #[test]
    fn cancellations_conserve_every_cent_and_ignore_player_order(
        buys in prop::collection::vec((0u64..100_000, 0u64..10_000, 0u64..5_000, 1usize..4), 2..20),
        chips in prop::collection::vec(1u64..1_000_000, 1..10),
        awarded in 0u64..200_000,
        smallest in prop::option::of(0u64..50_000),
    ) {
        let entrants: Vec<Entrant> = buys
            .iter()
            .enumerate()
            .map(|(i, &(pp, fee, bounty, times))| Entrant {
                player: PlayerId(i as u32),
                purchases: vec![entry(pp, fee, bounty); times],
            })
            .collect();
        let paid: u64 = buys.iter().map(|&(pp, f, b, t)| (pp + f + b) * t as u64).sum();
        let rolled = rollback(&entrants).unwrap();
        prop_assert_eq!(rolled.iter().map(|r| r.refund.total().unwrap()).sum::<u64>(), paid);

        let chips = &chips[..chips.len().min(entrants.len())];
        let mut s = survivors(chips);
        for (i, sv) in s.iter_mut().enumerate() {
            sv.player = PlayerId(i as u32);
            sv.bounty_head = buys[i].2;
        }
        let stage = match smallest {
            None => MoneyStage::BeforeTheMoney,
            Some(p) => MoneyStage::InTheMoney { smallest_unawarded_prize: p },
        };
        let pool = CashPool { stage, prizes_awarded: awarded, non_cash_prizes: 0 };
        let r = roll_forward(&entrants, &s, &pool).unwrap();
        let collected: u64 = buys.iter().map(|&(pp, _, _, t)| pp * t as u64).sum();
        prop_assert_eq!(r.award_pool, collected.saturating_sub(awarded));
        prop_assert_eq!(r.compensations.iter().map(|c| c.share).sum::<u64>(), r.award_pool);
        let refunds: u64 = s.iter().enumerate().map(|(i, sv)| buys[i].1 * buys[i].3 as u64 + sv.bounty_head).sum();
        prop_assert_eq!(r.compensations.iter().map(|c| c.refund).sum::<u64>(), refunds);

        let mut reversed_s = s.clone();
        reversed_s.reverse();
        let mut reversed_e = entrants.clone();
        reversed_e.reverse();
        prop_assert_eq!(&roll_forward(&reversed_e, &reversed_s, &pool).unwrap(), &r);
        prop_assert_eq!(&rollback(&reversed_e).unwrap(), &rolled);
    }
}
