//! A full random 6-max no-limit hand per iteration: shuffle, post, deal, bet on every
//! street with a random policy, showdown, settle. Reported as hands per second.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use holdem_betting::{
    Action, Chips, Dealer, Discard, Hand, HandConfig, Input, Pending, Player, Seat, Timestamp,
};
use holdem_cards::Deck;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

fn seat(i: u8) -> Seat {
    Seat::new(i).unwrap_or_else(|| unreachable!("seat index below MAX_SEATS"))
}

/// Plays one hand; returns the winner-side chips moved, to keep the work observable.
fn play_hand(hand0: &Hand, rng: &mut ChaCha8Rng) -> u64 {
    let mut hand = hand0.clone();
    let mut dealer = Dealer::new(Deck::shuffled_with(rng));
    let t = Timestamp(0);
    let mut sink = Discard;
    loop {
        let input = match hand.pending() {
            Pending::Complete => break,
            Pending::Post { seat, kind, amount } => Input::Post { seat, kind, amount },
            Pending::HoleCards { .. } | Pending::Board { .. } => {
                let _ = dealer.deal_pending(&mut hand, t, &mut sink);
                continue;
            }
            Pending::Action { seat } => {
                let roll = rng.next_u32() % 16;
                let action = match hand.legal_actions() {
                    Some(l) if roll == 0 => {
                        if l.check {
                            Action::Check
                        } else {
                            Action::Fold
                        }
                    }
                    Some(l) if roll < 3 => match l.raise.or(l.bet) {
                        Some(r) => Action::BetOrRaiseTo(r.min),
                        None => Action::CheckOrCall,
                    },
                    _ => Action::CheckOrCall,
                };
                Input::act(seat, action)
            }
            Pending::Showdown { seat } => Input::Show { seat, cards: None },
        };
        let _ = hand.apply_into(t, input, &mut sink);
    }
    hand.result()
        .map_or(0, |r| r.pots().iter().map(|p| p.amount.get()).sum())
}

fn bench(c: &mut Criterion) {
    let players: Vec<Player> = (0..6).map(|i| Player::new(seat(i), Chips(2_000))).collect();
    let Ok(hand0) = Hand::new(HandConfig::no_limit(Chips(20)), &players, seat(0)) else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let mut group = c.benchmark_group("betting");
    group.throughput(Throughput::Elements(1));
    group.bench_function("full_6max_nl_hand", |b| {
        b.iter(|| black_box(play_hand(&hand0, &mut rng)));
    });
    // The harness's own share: cloning the starting hand and shuffling a deck.
    group.bench_function("overhead_clone_and_shuffle", |b| {
        b.iter(|| {
            let hand = hand0.clone();
            let deck = Deck::shuffled_with(&mut rng);
            black_box((hand.pot_total(), deck.len()))
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
