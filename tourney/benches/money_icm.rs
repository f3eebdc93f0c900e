//! ICM deal speed (rule T15): the interactive target is 10 players and 10 prizes
//! in well under 10 ms. Needs `criterion` as a dev-dependency of holdem-tourney and
//! `[[bench]] name = "money_icm" harness = false` in tourney/Cargo.toml.

use criterion::{Criterion, criterion_group, criterion_main};
use holdem_tourney::money::icm::equities;
use holdem_tourney::money::{DealOptions, DealTable, PlayerId, PlayerStack, icm_deal};
use std::hint::black_box;

fn table(n: usize) -> (Vec<PlayerStack>, Vec<u64>) {
    let stacks = (0..n)
        .map(|i| PlayerStack {
            player: PlayerId(i as u32),
            chips: 100_000 + 37_000 * (n - i) as u64,
        })
        .collect();
    let prizes = (0..n).map(|i| 1_000_000 / (i as u64 + 1)).collect();
    (stacks, prizes)
}

fn icm(c: &mut Criterion) {
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
    let (stacks, prizes) = table(10);
    let chips: Vec<u64> = stacks.iter().map(|s| s.chips).collect();
    let prizes: Vec<f64> = prizes.iter().map(|&p| p as f64).collect();
    c.bench_function("money/icm_equities/10_players_10_prizes", |b| {
        b.iter(|| equities(black_box(&chips), black_box(&prizes)))
    });
}

criterion_group!(benches, icm);
criterion_main!(benches);
