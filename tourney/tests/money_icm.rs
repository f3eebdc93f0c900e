//! ICM at any field size (rule T15): the Fourier form of the Harville integral
//! against the subset DP, against the direct integral (each player's finishing
//! count built one by one) and against itself with more nodes; the model's
//! invariants.

use holdem_tourney::money::MoneyError;
use holdem_tourney::money::icm::{
    SUBSET_PREFERRED_UP_TO, equities, equities_direct, equities_integral, equities_subset,
};
use proptest::prelude::*;

/// A small deterministic generator (splitmix64), so the fields are reproducible.
struct Mix(u64);
impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// `n` stacks from 1/20 to 20 times a base, log-uniform.
fn field(n: usize, seed: u64) -> Vec<u64> {
    let mut m = Mix(seed);
    (0..n)
        .map(|_| {
            let x = (m.next() >> 11) as f64 / (1u64 << 53) as f64;
            (100_000.0 * (20f64).powf(2.0 * x - 1.0)).round() as u64 + 1
        })
        .collect()
}

/// `n` stacks from `1/spread` to `spread` times a base, log-uniform.
fn field_spread(n: usize, seed: u64, spread: f64) -> Vec<u64> {
    let mut m = Mix(seed);
    (0..n)
        .map(|_| {
            let x = (m.next() >> 11) as f64 / (1u64 << 53) as f64;
            (100_000.0 * spread.powf(2.0 * x - 1.0)).round() as u64 + 1
        })
        .collect()
}

/// A harmonic prize table for `paid` places with a pool of 1,000,000.
fn harmonic(paid: usize) -> Vec<f64> {
    let total: f64 = (1..=paid).map(|i| 1.0 / i as f64).sum();
    (1..=paid).map(|i| 1e6 / (i as f64 * total)).collect()
}

fn max_diff(a: &[f64], b: &[f64]) -> f64 {
    a.iter()
        .zip(b)
        .map(|(x, y)| (x - y).abs())
        .fold(0.0, f64::max)
}

// rule T15: the integral method equals the exact subset DP wherever both run
// (up to 20 players), to within 1e-9 of the prize pool, for every number of paid
// places.
#[test]
fn t15_icm_integral_matches_the_subset_dp_up_to_20_players() {
    for n in 2..=20usize {
        for paid in [1, 2, n / 2 + 1, n - 1, n] {
            let paid = paid.clamp(1, n);
            let stacks = field(n, (n * 100 + paid) as u64);
            let prizes = harmonic(paid);
            let exact = equities_subset(&stacks, &prizes).unwrap();
            let fast = equities_integral(&stacks, &prizes, 1).unwrap();
            let err = max_diff(&exact, &fast);
            assert!(err < 1e-9 * 1e6, "{n} players, {paid} paid: error {err}");
        }
    }
}

// rule T15: on fields too large for the subset DP, the Fourier integral agrees
// with the direct integral (a different computation of every player's finishing
// count) to within 1e-9 of the pool, for stacks from even to a thousandfold
// apart, and the equities add up to the pool.
#[test]
fn t15_icm_large_fields_agree_with_the_direct_integral() {
    for (n, paid, seed) in [(60usize, 60usize, 4u64), (100, 15, 1), (400, 60, 2)] {
        for spread in [1.0, 20.0, 1000.0] {
            let stacks = field_spread(n, seed, spread);
            let prizes = harmonic(paid);
            let fast = equities(&stacks, &prizes).unwrap();
            let direct = equities_direct(&stacks, &prizes, 1).unwrap();
            let err = max_diff(&fast, &direct);
            assert!(
                err < 1e-9 * 1e6,
                "{n} players, spread {spread}: error {err}"
            );
            let sum: f64 = fast.iter().sum();
            assert!((sum - 1e6).abs() < 1e-9 * 1e6, "{n} players: sum {sum}");
        }
    }
}

// rule T15: a real payout table pays in flat bands (one prize for places 10-18,
// another for 19-27, ...); the Fourier integral agrees with the direct one there.
#[test]
fn t15_icm_banded_payouts_agree_with_the_direct_integral() {
    let mut prizes: Vec<f64> = vec![200_000.0, 120_000.0, 90_000.0, 70_000.0, 55_000.0];
    prizes.extend([40_000.0; 4]);
    for band in 0..8 {
        prizes.extend([20_000.0 / (band as f64 + 1.0); 9]);
    }
    let pool: f64 = prizes.iter().sum();
    let stacks = field(600, 9);
    let fast = equities(&stacks, &prizes).unwrap();
    let direct = equities_direct(&stacks, &prizes, 1).unwrap();
    let err = max_diff(&fast, &direct);
    assert!(err < 1e-9 * pool, "error {err}");
}

// rule T15: on 1,000 and 10,000 players the usual nodes agree with twice as many
// nodes and more interpolation points to within 1e-9 of the pool.
#[test]
fn t15_icm_the_largest_fields_agree_with_a_finer_integral() {
    for (n, paid, seed) in [(1_000usize, 150usize, 3u64), (10_000, 1_500, 5)] {
        let stacks = field(n, seed);
        let prizes = harmonic(paid);
        let usual = equities(&stacks, &prizes).unwrap();
        let fine = equities_integral(&stacks, &prizes, 2).unwrap();
        let err = max_diff(&usual, &fine);
        assert!(err < 1e-9 * 1e6, "{n} players: error {err}");
        let sum: f64 = usual.iter().sum();
        assert!((sum - 1e6).abs() < 1e-9 * 1e6, "{n} players: sum {sum}");
    }
}

// rule T15: where `equities` switches from the subset DP to the integral, both
// sides give the subset DP's answer.
#[test]
fn t15_icm_equities_agree_across_the_switch_of_method() {
    for n in [SUBSET_PREFERRED_UP_TO, SUBSET_PREFERRED_UP_TO + 1] {
        let stacks = field(n, 77);
        let prizes = harmonic(n / 2);
        let exact = equities_subset(&stacks, &prizes).unwrap();
        let eq = equities(&stacks, &prizes).unwrap();
        assert!(max_diff(&exact, &eq) < 1e-9 * 1e6, "{n} players");
    }
}

// rule T15: a field where every stack is equal pays everyone the same.
#[test]
fn t15_icm_equal_stacks_in_a_large_field_share_the_pool_evenly() {
    let stacks = vec![5_000u64; 300];
    let eq = equities(&stacks, &harmonic(45)).unwrap();
    for e in &eq {
        assert!((e - 1e6 / 300.0).abs() < 1e-9 * 1e6, "{e}");
    }
}

// rule T15: bad input is a typed error naming what is wrong.
#[test]
fn t15_icm_rejects_bad_input() {
    assert_eq!(equities(&[], &[]), Err(MoneyError::NoPlayers));
    assert_eq!(
        equities(&[5, 0, 3], &[1.0]),
        Err(MoneyError::ZeroStack { index: 1 })
    );
    assert_eq!(
        equities(&[5, 3], &[1.0, 1.0, 1.0]),
        Err(MoneyError::TooManyPrizes {
            prizes: 3,
            players: 2
        })
    );
    assert_eq!(
        equities(&[5, 3], &[1.0, f64::NAN]),
        Err(MoneyError::BadPrize { place: 2 })
    );
    assert_eq!(
        equities(&[5, 3], &[f64::INFINITY]),
        Err(MoneyError::BadPrize { place: 1 })
    );
    assert_eq!(
        equities(&[5, 3], &[-1.0]),
        Err(MoneyError::BadPrize { place: 1 })
    );
    assert_eq!(equities(&[u64::MAX, 3], &[1.0]), Err(MoneyError::Overflow));
    assert_eq!(
        equities_subset(&[1; 25], &[1.0]),
        Err(MoneyError::TooManyPlayersForIcm {
            players: 25,
            max: 24
        })
    );
}

fn stacks_and_prizes() -> impl Strategy<Value = (Vec<u64>, Vec<f64>)> {
    (2usize..40).prop_flat_map(|n| {
        (
            prop::collection::vec(1u64..1_000_000, n),
            prop::collection::vec(0u32..1_000_000, 1..=n),
        )
            .prop_map(|(s, mut p)| {
                p.sort_unstable_by(|a, b| b.cmp(a));
                (s, p.into_iter().map(f64::from).collect())
            })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    // rule T15: the equities add up to the prizes, rise with the stack, are
    // equal for equal stacks and do not depend on the order of the input.
    #[test]
    fn t15_icm_invariants_hold_for_any_field((stacks, prizes) in stacks_and_prizes(), rot in 0usize..40) {
        let pool: f64 = prizes.iter().sum();
        let tol = 1e-9 * pool.max(1.0);
        let eq = equities(&stacks, &prizes).unwrap();
        let sum: f64 = eq.iter().sum();
        prop_assert!((sum - pool).abs() < tol, "sum {} pool {}", sum, pool);
        for i in 0..stacks.len() {
            for j in 0..stacks.len() {
                if stacks[i] > stacks[j] {
                    prop_assert!(eq[i] >= eq[j] - tol);
                }
                if stacks[i] == stacks[j] {
                    prop_assert!((eq[i] - eq[j]).abs() < tol);
                }
            }
        }
        let k = rot % stacks.len();
        let mut rotated = stacks.clone();
        rotated.rotate_left(k);
        let eq2 = equities(&rotated, &prizes).unwrap();
        for i in 0..stacks.len() {
            prop_assert!((eq2[i] - eq[(i + k) % stacks.len()]).abs() < tol);
        }
    }
}

/// Checks the model's invariants on `eq`: the equities add up to the pool,
/// none exceeds the first prize nor falls below what every player is sure of,
/// and they rise with the stack (all within 1e-9 of the pool).
fn check_model(stacks: &[u64], prizes: &[f64], eq: &[f64]) -> Result<(), String> {
    let pool: f64 = prizes.iter().sum();
    let tol = 1e-9 * pool.max(1.0);
    let sum: f64 = eq.iter().sum();
    let sums = (sum - pool).abs() < tol; // false for NaN too
    if !sums {
        return Err(format!("sum {sum} of a pool of {pool}"));
    }
    let first = prizes.first().copied().unwrap_or(0.0);
    let sure = if prizes.len() == stacks.len() {
        prizes[prizes.len() - 1]
    } else {
        0.0
    };
    for (i, &e) in eq.iter().enumerate() {
        let within = e <= first + tol && e >= sure - tol; // false for NaN too
        if !within {
            return Err(format!(
                "equity {e} of player {i} outside [{sure}, {first}]"
            ));
        }
    }
    let mut order: Vec<usize> = (0..stacks.len()).collect();
    order.sort_by_key(|&i| stacks[i]);
    for w in order.windows(2) {
        if eq[w[1]] < eq[w[0]] - tol {
            return Err(format!(
                "stack {} has equity {} below stack {}'s {}",
                stacks[w[1]], eq[w[1]], stacks[w[0]], eq[w[0]]
            ));
        }
    }
    Ok(())
}

// rule T15: stacks past f64's 2^53 (a giant beside two single chips) give
// finite equities that add up to the pool; the two equal small stacks share
// second place.
#[test]
fn t15_icm_a_stack_past_2_pow_53_beside_single_chips_keeps_the_pool() {
    for giant in [
        9_007_199_254_740_992u64,
        9_007_199_254_740_991,
        u64::MAX - 2,
    ] {
        let stacks = [giant, 1, 1];
        let prizes = [100.0, 50.0];
        let eq = equities(&stacks, &prizes).unwrap();
        check_model(&stacks, &prizes, &eq).unwrap();
        assert!(
            (eq[1] - 25.0).abs() < 1e-9 && (eq[2] - 25.0).abs() < 1e-9,
            "{eq:?}"
        );
    }
}

// rule T15: a field too big for the subset DP with one stack of 10^15 beside
// ordinary ones still pays out the whole pool.
#[test]
fn t15_icm_one_giant_stack_in_a_field_of_14_keeps_the_pool() {
    let mut stacks = vec![1_000u64; 14];
    stacks[3] = 1_000_000_000_000_000;
    for (i, s) in stacks.iter_mut().enumerate() {
        *s += i as u64;
    }
    let prizes = [100.0, 50.0];
    let eq = equities(&stacks, &prizes).unwrap();
    check_model(&stacks, &prizes, &eq).unwrap();
    let exact = equities_subset(&stacks, &prizes).unwrap();
    assert!(max_diff(&eq, &exact) < 1e-9 * 150.0, "{eq:?}\n{exact:?}");
}

/// Stacks anywhere in the `Chips` range: single chips, powers of ten up to
/// 10^18, near-ties, and fields spread evenly over many orders of magnitude;
/// their total stays within u64.
fn extreme_stacks(n: std::ops::RangeInclusive<usize>) -> impl Strategy<Value = Vec<u64>> {
    n.prop_flat_map(|n| {
        let cap = u64::MAX / n as u64;
        prop::collection::vec(
            prop_oneof![
                Just(1u64),
                Just(2u64),
                (0u32..=18, 1u64..10).prop_map(|(e, m)| m * 10u64.pow(e)),
                (1u64..=u64::MAX).prop_map(|x| x >> (x % 64)),
            ],
            n,
        )
        .prop_map(move |v| v.into_iter().map(|x| x.clamp(1, cap)).collect())
    })
}

fn descending_prizes(n: usize, paid: usize, seed: u32) -> Vec<f64> {
    let paid = paid.clamp(1, n);
    (0..paid)
        .map(|k| {
            f64::from(seed % 1000 + 1) * 1e4 / (k as f64 + 1.0).powf(1.0 + f64::from(seed % 3))
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    // rule T15: for stacks anywhere in the Chips range the equities add up to
    // the pool, stay within the prizes and rise with the stack.
    #[test]
    fn t15_icm_model_holds_at_extreme_stacks(stacks in extreme_stacks(2..=60), paid in 1usize..60, seed in any::<u32>()) {
        let prizes = descending_prizes(stacks.len(), paid, seed);
        let eq = equities(&stacks, &prizes).unwrap();
        prop_assert!(check_model(&stacks, &prizes, &eq).is_ok(), "{:?}", check_model(&stacks, &prizes, &eq));
    }

    // rule T15: past the subset DP's range of choice, `equities` at extreme
    // stacks equals the exact subset DP to within 1e-9 of the pool.
    #[test]
    fn t15_icm_extreme_stacks_match_the_subset_dp(stacks in extreme_stacks(14..=16), paid in 1usize..16, seed in any::<u32>()) {
        let prizes = descending_prizes(stacks.len(), paid, seed);
        let pool: f64 = prizes.iter().sum();
        let eq = equities(&stacks, &prizes).unwrap();
        let exact = equities_subset(&stacks, &prizes).unwrap();
        prop_assert!(check_model(&stacks, &prizes, &exact).is_ok(), "subset: {:?}", check_model(&stacks, &prizes, &exact));
        prop_assert!(max_diff(&eq, &exact) < 1e-9 * pool, "{:?}\n{:?}", eq, exact);
    }
}

/// `n` stacks spread evenly in the logarithm from 1 to `ratio`.
fn geometric(n: usize, ratio: f64) -> Vec<u64> {
    (0..n)
        .map(|i| ratio.powf(i as f64 / (n - 1) as f64).round() as u64)
        .collect()
}

// rule T15: fields spread evenly over up to 18 orders of magnitude (no gap to
// split at) equal the exact subset DP.
#[test]
fn t15_icm_fields_spread_over_many_orders_match_the_subset_dp() {
    for ratio in [1e6, 1e12, 1e18] {
        let stacks = geometric(16, ratio);
        for paid in [2, 9, 16] {
            let prizes = harmonic(paid);
            let eq = equities(&stacks, &prizes).unwrap();
            let exact = equities_subset(&stacks, &prizes).unwrap();
            check_model(&stacks, &prizes, &eq).unwrap();
            assert!(
                max_diff(&eq, &exact) < 1e-9 * 1e6,
                "ratio {ratio}, {paid} paid"
            );
        }
    }
}

// rule T15: large fields spread evenly over up to 15 orders of magnitude keep
// the model's invariants.
#[test]
fn t15_icm_large_fields_spread_over_many_orders_keep_the_model() {
    for (n, ratio) in [(100, 1e12), (1000, 1e15)] {
        let stacks = geometric(n, ratio);
        let prizes = harmonic(n / 5);
        let eq = equities(&stacks, &prizes).unwrap();
        check_model(&stacks, &prizes, &eq).unwrap();
        let refined = equities_integral(&stacks, &prizes, 2).unwrap();
        assert!(
            max_diff(&eq, &refined) < 1e-9 * 1e6,
            "{n} players, ratio {ratio}"
        );
    }
}
