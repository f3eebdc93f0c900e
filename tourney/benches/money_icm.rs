//! ICM and deal speed (rule T15): the subset DP beside the naive sum over all
//! `n!` finishing orders and the Fourier integral (8-10 players), `equities` (the
//! Fourier integral) on large fields (100, 1,000 and 10,000 players), future game simulation at 3, 6 and 9 players
//! (default depth and trials), ICM deals in cents, and 1,000 players at
//! extreme stacks (`money/icm_extreme`).
//!
//! `cargo bench -p holdem-tourney --bench money_icm -- --measurement-time 2 --warm-up-time 1`

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use holdem_tourney::Chips;
use holdem_tourney::money::icm::{equities, equities_integral, equities_subset};
use holdem_tourney::money::{
    DealOptions, DealTable, FgsOptions, PlayerId, PlayerStack, fgs_equities, icm_deal,
};
use std::hint::black_box;

fn table(n: usize) -> (Vec<PlayerStack>, Vec<u64>) {
    let stacks = (0..n)
        .map(|i| PlayerStack {
            player: PlayerId(i as u32),
            chips: Chips(100_000 + 37_000 * (n - i) as u64),
        })
        .collect();
    let prizes = (0..n).map(|i| 1_000_000 / (i as u64 + 1)).collect();
    (stacks, prizes)
}

/// `n` stacks from 1/20 to 20 times a base (log-uniform, fixed seed) and a
/// harmonic prize table for `paid` places.
fn field(n: usize, paid: usize) -> (Vec<u64>, Vec<f64>) {
    let mut s = 0x1234_5678u64;
    let stacks = (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let x = (s >> 11) as f64 / (1u64 << 53) as f64;
            (100_000.0 * 20f64.powf(2.0 * x - 1.0)).round() as u64 + 1
        })
        .collect();
    let total: f64 = (1..=paid).map(|i| 1.0 / i as f64).sum();
    let prizes = (1..=paid).map(|i| 1e8 / (i as f64 * total)).collect();
    (stacks, prizes)
}

/// Malmuth-Harville by the naive sum over every finishing order.
fn naive(chips: &[u64], prizes: &[f64]) -> Vec<f64> {
    fn go(chips: &[f64], prizes: &[f64], used: &mut [bool], p: f64, left: f64, eq: &mut [f64]) {
        let place = used.iter().filter(|u| **u).count();
        if place == prizes.len() {
            return;
        }
        for i in 0..chips.len() {
            if used[i] {
                continue;
            }
            let q = p * chips[i] / left;
            eq[i] += q * prizes[place];
            used[i] = true;
            go(chips, prizes, used, q, left - chips[i], eq);
            used[i] = false;
        }
    }
    let c: Vec<f64> = chips.iter().map(|&x| x as f64).collect();
    let total = c.iter().sum();
    let mut eq = vec![0.0; c.len()];
    go(&c, prizes, &mut vec![false; c.len()], 1.0, total, &mut eq);
    eq
}

fn small_fields(c: &mut Criterion) {
    let mut g = c.benchmark_group("money/icm_small");
    for n in [8usize, 9, 10] {
        let (stacks, prizes) = table(n);
        let chips: Vec<u64> = stacks.iter().map(|s| s.chips.get()).collect();
        let prizes: Vec<f64> = prizes.iter().map(|&p| p as f64).collect();
        g.bench_with_input(BenchmarkId::new("subset_dp", n), &n, |b, _| {
            b.iter(|| equities_subset(black_box(&chips), black_box(&prizes)))
        });
        g.bench_with_input(BenchmarkId::new("naive_n_factorial", n), &n, |b, _| {
            b.iter(|| naive(black_box(&chips), black_box(&prizes)))
        });
        g.bench_with_input(BenchmarkId::new("fourier_integral", n), &n, |b, _| {
            b.iter(|| equities_integral(black_box(&chips), black_box(&prizes), 1))
        });
    }
    g.finish();
}

fn large_fields(c: &mut Criterion) {
    let mut g = c.benchmark_group("money/icm_large");
    g.sample_size(10);
    for (n, paid) in [(100usize, 15usize), (1_000, 150), (10_000, 1_500)] {
        let (stacks, prizes) = field(n, paid);
        g.bench_with_input(
            BenchmarkId::new("equities", format!("{n}_players_{paid}_paid")),
            &n,
            |b, _| b.iter(|| equities(black_box(&stacks), black_box(&prizes))),
        );
    }
    g.finish();
}

/// 1,000 players at extreme stacks: spread evenly in the logarithm over 10^6,
/// 10^12 and 10^16 (no gap the split by scale can use; 10^16 keeps the total
/// within u64), and one stack of
/// 10^15 among ordinary ones; 200 paid places, harmonic (and every place paid
/// at 10^12 and 10^16).
fn extreme_fields(c: &mut Criterion) {
    let mut g = c.benchmark_group("money/icm_extreme");
    g.sample_size(10);
    let n = 1000usize;
    let total: f64 = (1..=200).map(|i| 1.0 / i as f64).sum();
    let prizes: Vec<f64> = (1..=200).map(|i| 1e6 / (i as f64 * total)).collect();
    for exp in [6i32, 12, 16] {
        let ratio = 10f64.powi(exp);
        let stacks: Vec<u64> = (0..n)
            .map(|i| ratio.powf(i as f64 / (n - 1) as f64).round() as u64)
            .collect();
        g.bench_with_input(BenchmarkId::new("spread_1e", exp), &exp, |b, _| {
            b.iter(|| equities(black_box(&stacks), black_box(&prizes)))
        });
    }
    // Every place paid: the last clocks must ring too.
    let every: Vec<f64> = (1..=n).map(|i| 1e6 / i as f64).collect();
    for exp in [12i32, 16] {
        let ratio = 10f64.powi(exp);
        let stacks: Vec<u64> = (0..n)
            .map(|i| ratio.powf(i as f64 / (n - 1) as f64).round() as u64)
            .collect();
        g.bench_with_input(BenchmarkId::new("all_paid_spread_1e", exp), &exp, |b, _| {
            b.iter(|| equities(black_box(&stacks), black_box(&every)))
        });
    }
    let (mut stacks, _) = field(n, 1);
    stacks[17] = 1_000_000_000_000_000;
    g.bench_function("one_giant_1e15", |b| {
        b.iter(|| equities(black_box(&stacks), black_box(&prizes)))
    });
    g.finish();
}

fn fgs(c: &mut Criterion) {
    let mut g = c.benchmark_group("money/fgs");
    g.sample_size(10);
    for n in [3usize, 6, 9] {
        let stacks: Vec<u64> = (0..n).map(|i| 10_000 + 4_000 * (n - i) as u64).collect();
        let prizes: Vec<f64> = [5_000.0, 3_000.0, 2_000.0][..3.min(n)].to_vec();
        let opts = FgsOptions::doubling(400, 10, 1);
        g.bench_with_input(BenchmarkId::new("default_trials", n), &n, |b, _| {
            b.iter(|| fgs_equities(black_box(&stacks), black_box(&prizes), &opts))
        });
    }
    g.finish();
}

fn deals(c: &mut Criterion) {
    for n in [3usize, 6, 10, 13] {
        let (stacks, prizes) = table(n);
        let pool: u64 = prizes.iter().sum();
        let t = DealTable {
            final_table: true,
            players_remaining: n,
            total_prize_pool: pool,
        };
        c.bench_function(&format!("money/icm_deal/{n}_players_{n}_prizes"), |b| {
            b.iter(|| {
                icm_deal(
                    black_box(&t),
                    black_box(&stacks),
                    black_box(&prizes),
                    0,
                    &DealOptions::default(),
                )
            })
        });
    }
}

criterion_group!(
    benches,
    small_fields,
    large_fields,
    extreme_fields,
    fgs,
    deals
);
criterion_main!(benches);
