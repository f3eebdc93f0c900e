//! Replay throughput: PHH text and native postcard, one core.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_cli::history::phh::PhhHands;
use std::hint::black_box;

const PLURIBUS: &str = include_str!("../../data/histories/phh/pluribus/pluribus-sample.phhs");

fn parse_phh(c: &mut Criterion) {
    let hands = PhhHands::new(PLURIBUS).count() as u64;
    let mut g = c.benchmark_group("phh");
    g.throughput(Throughput::Elements(hands));
    g.bench_function("parse", |b| {
        b.iter(|| {
            let mut ok = 0u32;
            for h in PhhHands::new(black_box(PLURIBUS)) {
                ok += u32::from(h.hand.is_ok());
            }
            ok
        })
    });
    g.finish();
}

criterion_group!(benches, parse_phh);
criterion_main!(benches);
