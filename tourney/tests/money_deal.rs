//! Deals at the final table (rule T15): ICM, chip count, even split.

use holdem_tourney::Chips;
use holdem_tourney::money::icm::{equities, place_probabilities};
use holdem_tourney::money::{
    Deal, DealMethod, DealOptions, DealTable, MoneyError, PlayerId, PlayerStack, chip_count_deal,
    deal, even_split_deal, icm_deal,
};
use proptest::prelude::*;

fn stacks(chips: &[u64]) -> Vec<PlayerStack> {
    chips
        .iter()
        .enumerate()
        .map(|(i, &c)| PlayerStack {
            player: PlayerId(i as u32 + 1),
            chips: Chips(c),
        })
        .collect()
}

fn final_table(players: usize, total_prize_pool: u64) -> DealTable {
    DealTable {
        final_table: true,
        players_remaining: players,
        total_prize_pool,
    }
}

fn cents(deal: &Deal) -> Vec<u64> {
    deal.shares.iter().map(|s| s.cents).collect()
}

/// Malmuth-Harville by brute force over every finishing order.
fn brute_force_icm(chips: &[u64], prizes: &[f64]) -> Vec<f64> {
    fn go(
        chips: &[u64],
        prizes: &[f64],
        used: &mut Vec<bool>,
        p: f64,
        place: usize,
        eq: &mut [f64],
    ) {
        if place == chips.len() {
            return;
        }
        let left: f64 = (0..chips.len())
            .filter(|&i| !used[i])
            .map(|i| chips[i] as f64)
            .sum();
        for i in 0..chips.len() {
            if used[i] {
                continue;
            }
            let q = p * chips[i] as f64 / left;
            eq[i] += q * prizes.get(place).copied().unwrap_or(0.0);
            used[i] = true;
            go(chips, prizes, used, q, place + 1, eq);
            used[i] = false;
        }
    }
    let mut eq = vec![0.0; chips.len()];
    go(
        chips,
        prizes,
        &mut vec![false; chips.len()],
        1.0,
        0,
        &mut eq,
    );
    eq
}

// rule T15: ICM for three players computed by hand. Stacks 50/30/20, prizes
// $50/$30/$20. P(1st) = .5/.3/.2; P(2nd) for A = .3·50/70 + .2·50/80 = 19/56,
// B = .5·30/50 + .2·30/80 = .375, C = .5·20/50 + .3·20/70 = 2/7; P(3rd) the rest
// (A 9/56, B .325, C 18/35). Equity A = 25 + 30·19/56 + 20·9/56 = 38.392857,
// B = 15 + 11.25 + 6.5 = 32.75, C = 10 + 30·2/7 + 20·18/35 = 28.857143.
#[test]
fn icm_three_players_50_30_20_matches_the_hand_computation() {
    let eq = equities(&[50, 30, 20], &[50.0, 30.0, 20.0]).unwrap();
    let expect = [25.0 + 750.0 / 56.0, 32.75, 10.0 + 60.0 / 7.0 + 360.0 / 35.0];
    assert!((eq[0] - expect[0]).abs() < 1e-9, "{eq:?}");
    assert!((eq[1] - expect[1]).abs() < 1e-9, "{eq:?}");
    assert!((eq[2] - expect[2]).abs() < 1e-9, "{eq:?}");
    assert!((eq[2] - 28.857_142_857).abs() < 1e-6, "{eq:?}");
    let probs = place_probabilities(&[50, 30, 20]).unwrap();
    assert!((probs[0][1] - 19.0 / 56.0).abs() < 1e-12);
    assert!((probs[1][2] - 0.325).abs() < 1e-12);

    // In cents: 3839.2857, 3275.00, 2885.7143 -> floors 3839 + 3275 + 2885 = 9999;
    // the missing cent goes to the largest fraction (C's .7143).
    let d = icm_deal(
        &final_table(3, 10_000),
        &stacks(&[5_000, 3_000, 2_000]),
        &[5_000, 3_000, 2_000],
        0,
        &DealOptions::default(),
    )
    .unwrap();
    assert_eq!(cents(&d), [3_839, 3_275, 2_886]);
    assert_eq!(d.method, DealMethod::Icm);
}

// rule T15, seed 000 8.1.8: "Only players at the final table may deal for the money,
// and all deals must include all remaining players."
#[test]
fn deal_only_at_the_final_table_with_all_remaining_players() {
    let mut table = final_table(3, 10_000);
    table.final_table = false;
    let s = stacks(&[5_000, 3_000, 2_000]);
    let prizes = [5_000, 3_000, 2_000];
    let opts = DealOptions::default();
    assert_eq!(
        icm_deal(&table, &s, &prizes, 0, &opts),
        Err(MoneyError::DealBeforeFinalTable)
    );
    let table = final_table(4, 10_000);
    assert_eq!(
        chip_count_deal(&table, &s, &prizes, 0, &opts),
        Err(MoneyError::DealMissingPlayers {
            included: 3,
            remaining: 4
        })
    );
}

// rule T15, seed 000 8.1.5: money left in play "will usually not be more than 5% of
// the total tournament prize pool"; it comes off the first prize.
#[test]
fn left_in_play_at_most_5_percent_of_the_prize_pool_by_default() {
    let s = stacks(&[5_000, 3_000, 2_000]);
    let prizes = [50_000, 30_000, 20_000];
    let table = final_table(3, 100_000);
    let opts = DealOptions::default();
    assert_eq!(
        icm_deal(&table, &s, &prizes, 5_001, &opts),
        Err(MoneyError::LeftInPlayTooLarge {
            left: 5_001,
            max: 5_000
        })
    );
    // 5% left: ICM over 45,000 / 30,000 / 20,000.
    let d = icm_deal(&table, &s, &prizes, 5_000, &opts).unwrap();
    assert_eq!(d.left_in_play, 5_000);
    assert_eq!(cents(&d).iter().sum::<u64>(), 95_000);
    let eq = equities(&[5_000, 3_000, 2_000], &[45_000.0, 30_000.0, 20_000.0]).unwrap();
    for (got, want) in cents(&d).iter().zip(eq) {
        assert!((*got as f64 - want).abs() < 1.0);
    }
    // Players may agree to leave more (8.1.6) where the event allows it.
    let free = DealOptions {
        max_left_in_play_bp: None,
        ..opts
    };
    assert!(even_split_deal(&table, &s, &prizes, 20_000, &free).is_ok());
    // The house may require a minimum.
    let required = DealOptions {
        min_left_in_play_bp: 100,
        ..opts
    };
    assert_eq!(
        chip_count_deal(&table, &s, &prizes, 999, &required),
        Err(MoneyError::LeftInPlayTooSmall {
            left: 999,
            min: 1_000
        })
    );
}

// rule T15: chip count shares the remaining prizes in proportion to chips;
// remainder cents to the largest remainders, ties to the bigger stack then lower id.
#[test]
fn chip_count_deal_is_proportional_to_chips() {
    let opts = DealOptions::default();
    let d = chip_count_deal(
        &final_table(3, 10_000),
        &stacks(&[5_000, 3_000, 2_000]),
        &[5_000, 3_000, 2_000],
        0,
        &opts,
    )
    .unwrap();
    assert_eq!(cents(&d), [5_000, 3_000, 2_000]);
    let d = chip_count_deal(
        &final_table(3, 100),
        &stacks(&[7, 7, 7]),
        &[60, 40],
        0,
        &opts,
    )
    .unwrap();
    assert_eq!(cents(&d), [34, 33, 33]);
}

// rule T15: an even split gives everyone the same, odd cents to the biggest stacks.
#[test]
fn even_split_deal_divides_the_remaining_prizes_equally() {
    let d = even_split_deal(
        &final_table(3, 10_000),
        &stacks(&[1_000, 3_000, 2_000]),
        &[5_000, 3_000, 2_001],
        0,
        &DealOptions::default(),
    )
    .unwrap();
    assert_eq!(cents(&d), [3_333, 3_334, 3_334]);
}

// rule T15: bad input is a typed error.
#[test]
fn deal_rejects_bad_input() {
    let opts = DealOptions::default();
    let t = final_table(2, 100);
    assert_eq!(
        icm_deal(&t, &stacks(&[5, 0]), &[60, 40], 0, &opts),
        Err(MoneyError::EmptyStack(PlayerId(2)))
    );
    assert_eq!(
        icm_deal(&t, &stacks(&[5, 5]), &[50, 30, 20], 0, &opts),
        Err(MoneyError::TooManyPrizes {
            prizes: 3,
            players: 2
        })
    );
    let dup = [stacks(&[5])[0], stacks(&[5])[0]];
    assert_eq!(
        icm_deal(&t, &dup, &[60, 40], 0, &opts),
        Err(MoneyError::DuplicatePlayer(PlayerId(1)))
    );
    assert_eq!(
        icm_deal(&final_table(0, 100), &[], &[], 0, &opts),
        Err(MoneyError::NoPlayers)
    );
    assert_eq!(
        icm_deal(&t, &stacks(&[5, 5]), &[u64::MAX, 1], 0, &opts),
        Err(MoneyError::Overflow)
    );
    // Any field size is allowed: seventeen equal stacks share the pool evenly
    // (100 cents: the odd 15 cents go one each to the first players by id).
    let many = stacks(&[1; 17]);
    let d = icm_deal(&final_table(17, 100), &many, &[100], 0, &opts).unwrap();
    assert_eq!(cents(&d).iter().sum::<u64>(), 100);
    assert!(cents(&d).iter().all(|&c| c == 5 || c == 6));
}

// rule T15: ten players and ten prizes (the interactive target; timed in the bench).
#[test]
fn icm_ten_players_ten_prizes_assigns_every_cent() {
    let chips = [
        1_200_000, 950_000, 800_000, 640_000, 500_000, 420_000, 300_000, 210_000, 150_000, 90_000,
    ];
    let prizes = [
        2_500_000, 1_600_000, 1_150_000, 850_000, 650_000, 500_000, 400_000, 320_000, 260_000,
        220_000,
    ];
    let d = icm_deal(
        &final_table(10, 10_000_000),
        &stacks(&chips),
        &prizes,
        0,
        &DealOptions::default(),
    )
    .unwrap();
    assert_eq!(cents(&d).iter().sum::<u64>(), prizes.iter().sum::<u64>());
    // More chips, more equity; and everyone gets at least the last prize.
    assert!(cents(&d).windows(2).all(|w| w[0] > w[1]));
    assert!(cents(&d).iter().all(|&c| c >= 220_000));
}

fn table_case() -> impl Strategy<Value = (Vec<u64>, Vec<u64>)> {
    (1usize..=7).prop_flat_map(|n| {
        (
            prop::collection::vec(1u64..1_000_000, n),
            prop::collection::vec(0u64..10_000_000, 0..=n),
        )
    })
}

proptest! {
    // rule T15: the subset DP equals Malmuth-Harville over all n! finishing orders.
    #[test]
    fn icm_dp_matches_brute_force_permutations((chips, prizes) in table_case()) {
        let prizes: Vec<f64> = prizes.iter().map(|&p| p as f64).collect();
        let dp = equities(&chips, &prizes).unwrap();
        let brute = brute_force_icm(&chips, &prizes);
        let scale = prizes.iter().sum::<f64>().max(1.0);
        for (a, b) in dp.iter().zip(&brute) {
            prop_assert!((a - b).abs() <= 1e-9 * scale, "{dp:?} vs {brute:?}");
        }
    }

    // rule T15: no cent created or lost in any deal, and the deal does not depend
    // on the order the players are listed in.
    #[test]
    fn deals_conserve_every_cent_and_ignore_player_order(
        (chips, prizes) in table_case(),
        left_bp in 0u64..=500,
        rotate in 0usize..7,
    ) {
        let n = chips.len();
        let s = stacks(&chips);
        let pool: u64 = prizes.iter().sum();
        let left = pool * left_bp / 10_000;
        let table = final_table(n, pool);
        let mut shuffled = s.clone();
        shuffled.reverse();
        shuffled.rotate_left(rotate % n);
        for method in [DealMethod::Icm, DealMethod::ChipCount, DealMethod::EvenSplit] {
            let d = deal(method, &table, &s, &prizes, left, &DealOptions::default()).unwrap();
            prop_assert_eq!(cents(&d).iter().sum::<u64>() + d.left_in_play, pool);
            let again = deal(method, &table, &shuffled, &prizes, left, &DealOptions::default()).unwrap();
            prop_assert_eq!(&d, &again);
        }
    }
}
