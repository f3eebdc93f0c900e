//! Future game simulation deals (rule T15).

use holdem_tourney::Chips;
use holdem_tourney::money::icm::equities;
use holdem_tourney::money::{
    DealOptions, DealTable, FgsOptions, MoneyError, PlayerId, PlayerStack, fgs_deal, fgs_equities,
};

fn six() -> (Vec<u64>, Vec<f64>) {
    (
        vec![40_000, 25_000, 15_000, 10_000, 6_000, 4_000],
        vec![5_000.0, 3_000.0, 2_000.0],
    )
}

// rule T15: with no hand simulated, FGS is ICM on the stacks as they stand.
#[test]
fn t15_fgs_with_no_hands_ahead_is_icm() {
    let (stacks, prizes) = six();
    let mut opts = FgsOptions::doubling(400, 10, 1);
    opts.depth = 0;
    opts.trials = 3;
    let fgs = fgs_equities(&stacks, &prizes, &opts).unwrap();
    let icm = equities(&stacks, &prizes).unwrap();
    for (a, b) in fgs.equity.iter().zip(&icm) {
        assert!((a - b).abs() < 1e-9, "{a} {b}");
    }
}

// rule T15: FGS is seeded and deterministic, its equities add up to the prizes,
// and at the default number of futures each is known to within 0.5% of the pool
// (standard error), close to ICM on deep stacks.
#[test]
fn t15_fgs_is_deterministic_sums_to_the_prizes_and_states_its_accuracy() {
    let (stacks, prizes) = six();
    let pool: f64 = prizes.iter().sum();
    let opts = FgsOptions::doubling(400, 10, 7);
    let a = fgs_equities(&stacks, &prizes, &opts).unwrap();
    let b = fgs_equities(&stacks, &prizes, &opts).unwrap();
    assert_eq!(a, b);
    let sum: f64 = a.equity.iter().sum();
    assert!((sum - pool).abs() < 1e-6 * pool, "{sum}");
    for se in &a.std_error {
        assert!(*se < 0.005 * pool, "{se}");
    }
    let icm = equities(&stacks, &prizes).unwrap();
    for (f, i) in a.equity.iter().zip(&icm) {
        assert!((f - i).abs() < 0.08 * pool, "fgs {f} icm {i}");
    }
    // Bigger stacks are worth more.
    assert!(a.equity.windows(2).all(|w| w[0] > w[1]), "{:?}", a.equity);
}

// rule T15: an FGS deal pays the remaining prizes to the cent.
#[test]
fn t15_fgs_deal_assigns_every_cent() {
    let (chips, _) = six();
    let stacks: Vec<PlayerStack> = chips
        .iter()
        .enumerate()
        .map(|(i, &c)| PlayerStack {
            player: PlayerId(i as u32 + 1),
            chips: Chips(c),
        })
        .collect();
    let table = DealTable {
        final_table: true,
        players_remaining: 6,
        total_prize_pool: 1_000_000,
    };
    let prizes = [500_000, 300_000, 200_000];
    let mut fgs = FgsOptions::doubling(400, 10, 3);
    fgs.trials = 2_000;
    let d = fgs_deal(&table, &stacks, &prizes, 0, &DealOptions::default(), &fgs).unwrap();
    assert_eq!(d.shares.iter().map(|s| s.cents).sum::<u64>(), 1_000_000);
}

// rule T15: bad FGS input is a typed error.
#[test]
fn t15_fgs_rejects_bad_input() {
    let (stacks, prizes) = six();
    let opts = FgsOptions::doubling(400, 10, 1);
    assert_eq!(
        fgs_equities(&[1; 10], &prizes, &opts),
        Err(MoneyError::FgsPlayers { players: 10 })
    );
    assert_eq!(
        fgs_equities(&[5], &[1.0], &opts),
        Err(MoneyError::FgsPlayers { players: 1 })
    );
    assert_eq!(
        fgs_equities(&[5, 0], &[1.0], &opts),
        Err(MoneyError::ZeroStack { index: 1 })
    );
    let mut bad = opts.clone();
    bad.levels.clear();
    assert_eq!(
        fgs_equities(&stacks, &prizes, &bad),
        Err(MoneyError::BadFgsOptions)
    );
    let mut bad = opts.clone();
    bad.button = 6;
    assert_eq!(
        fgs_equities(&stacks, &prizes, &bad),
        Err(MoneyError::BadFgsOptions)
    );
    let mut bad = opts;
    bad.trials = 0;
    assert_eq!(
        fgs_equities(&stacks, &prizes, &bad),
        Err(MoneyError::BadFgsOptions)
    );
}
