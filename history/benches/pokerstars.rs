//! PokerStars import throughput on one core (rule H5): read the text, convert each
//! hand to the native model, replay it under the standard rules and check the result
//! against the text, on the 222 Zoom hands of the santiweight sample (real cash NL).

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_history::pokerstars::{decode, hands};
use holdem_history::replay::HouseRules;

mod common;
use common::import_replay_check;

const ZOOM_A: &[u8] = include_bytes!(
    "../../data/histories/pokerstars/santiweight/HH20181229-Donati-0.02-0.05-USD-NLHE.txt"
);
const ZOOM_B: &[u8] = include_bytes!(
    "../../data/histories/pokerstars/santiweight/HH20181229-Donati-4-0.02-0.05-USD-NLHE.txt"
);

fn pokerstars(c: &mut Criterion) {
    let rules = HouseRules::standard();
    let text = format!("{}\n\n{}", decode(ZOOM_A), decode(ZOOM_B));
    let count = hands(&text).filter(Result::is_ok).count();
    let mut g = c.benchmark_group("pokerstars");
    g.throughput(Throughput::Elements(count as u64));
    g.bench_function("parse_only", |b| {
        b.iter(|| hands(black_box(&text)).filter(Result::is_ok).count())
    });
    g.bench_function("parse_import_replay_check", |b| {
        b.iter(|| import_replay_check(black_box(&text), &rules))
    });
    g.finish();
}

criterion_group!(benches, pokerstars);
criterion_main!(benches);
