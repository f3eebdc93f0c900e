//! Shuffle and deal throughput (rules C2-C4), and the cost of seeding ChaCha20
//! from a `u64` versus from the OS.
//!
//! Run: `cargo bench -p holdem-cards --bench shuffle -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_cards::{Card, Deck, deal_hand, shuffle};
use rand_chacha::ChaCha20Rng;
use rand_core::SeedableRng;

fn shuffle_and_deal(c: &mut Criterion) {
    let mut group = c.benchmark_group("cards");
    group.throughput(Throughput::Elements(1));

    // One 6-max hand: fresh deck, Fisher-Yates, 12 hole cards, 3 burns, 5 board.
    let mut rng = ChaCha20Rng::seed_from_u64(1);
    group.bench_function("shuffle_deal_6max_hand", |b| {
        let mut button = 0;
        b.iter(|| {
            let mut deck = Deck::shuffled_with(&mut rng);
            button = (button + 1) % 6;
            black_box(deal_hand(&mut deck, 6, button))
        });
    });

    let mut rng = ChaCha20Rng::seed_from_u64(2);
    group.bench_function("shuffle_52", |b| {
        b.iter(|| {
            let mut cards = Card::ALL;
            shuffle(&mut cards, &mut rng);
            black_box(cards)
        });
    });

    // Construction cost: seeding ChaCha20 from a u64 versus from the OS.
    group.bench_function("deck_seeded_u64", |b| {
        let mut seed = 0u64;
        b.iter(|| {
            seed += 1;
            black_box(Deck::seeded(seed))
        });
    });
    group.bench_function("deck_shuffled_os_seed", |b| {
        b.iter(|| black_box(Deck::shuffled()))
    });
    group.finish();
}

criterion_group!(benches, shuffle_and_deal);
criterion_main!(benches);
