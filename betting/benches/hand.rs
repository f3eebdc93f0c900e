//! A full random 6-max no-limit hand per iteration (the bench hand,
//! `holdem_betting::testkit`): shuffle, post, deal, bet on every street with a random
//! policy, showdown, settle. Reported as hands per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_betting::testkit::{play_hand, play_hand_driver, starting_hand};
use holdem_betting::{Dealer, Driver};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn bench(c: &mut Criterion) {
    let Ok(hand0) = starting_hand() else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut group = c.benchmark_group("betting");
    group.throughput(Throughput::Elements(1));
    group.bench_function("full_6max_nl_hand", |b| {
        b.iter(|| black_box(play_hand::<false>(&hand0, &mut rng)));
    });
    // The same hands with `legal_actions` asked before every decision.
    group.bench_function("full_6max_nl_hand_legal_every_decision", |b| {
        b.iter(|| black_box(play_hand::<true>(&hand0, &mut rng)));
    });
    // The same hands through `Driver` and a `Bot` (the glue-free way to play).
    let mut driver = Driver::shuffled_from(&hand0, &mut ChaCha8Rng::seed_from_u64(0));
    group.bench_function("full_6max_nl_hand_driver", |b| {
        b.iter(|| black_box(play_hand_driver(&mut driver, &hand0, &mut rng)));
    });
    // The harness's own share: cloning the starting hand and shuffling its cards.
    group.bench_function("overhead_clone_and_shuffle", |b| {
        b.iter(|| {
            let hand = hand0.clone();
            let dealer = Dealer::shuffled_for(&hand, &mut rng);
            black_box((hand.pot_total(), dealer.cards_left()))
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
