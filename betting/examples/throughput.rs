//! Plays N random 6-max no-limit hands (the bench's hand) and prints hands per
//! second of wall time; run under `perf stat -e task-clock` to get hands per CPU
//! second on a loaded machine: `cargo run --release --example throughput -- 200000`.

use std::hint::black_box;
use std::time::Instant;

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

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(100_000);
    let players: Vec<Player> = (0..6).map(|i| Player::new(seat(i), Chips(2_000))).collect();
    let Ok(hand0) = Hand::new(HandConfig::no_limit(Chips(20)), &players, seat(0)) else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(2024);
    let start = Instant::now();
    let mut moved = 0u64;
    for _ in 0..n {
        moved = moved.wrapping_add(black_box(play_hand(&hand0, &mut rng)));
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{n} hands in {secs:.3} s wall: {:.0} hands/s (checksum {moved})",
        n as f64 / secs
    );
}
