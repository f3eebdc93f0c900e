//! The random 6-max no-limit hand shared by `benches/hand.rs` and
//! `examples/throughput.rs`, so both measure exactly the same work.

use std::hint::black_box;

use holdem_betting::{
    Action, Bot, Dealer, Discard, Driver, Hand, Input, Pending, Seat, Timestamp, Turn,
};
use rand_chacha::ChaCha8Rng;
use rand_core::RngCore;

/// The seat with index `i`.
pub fn seat(i: u8) -> Seat {
    Seat::new(i).unwrap_or_else(|| unreachable!("seat index below MAX_SEATS"))
}

/// Plays one hand; returns the winner-side chips moved, to keep the work observable.
///
/// The policy: check or call 13 times in 16, fold (check when free) once, bet or
/// raise the minimum twice. It asks [`Hand::legal_actions`] only for the decisions
/// that need an amount or the free check (3 in 16), as a rollout policy would;
/// with `LEGAL_EVERY_DECISION` it asks before every decision, as a bot that looks
/// at its options each time would (the same hands: the answer is not used more).
pub fn play_hand<const LEGAL_EVERY_DECISION: bool>(hand0: &Hand, rng: &mut ChaCha8Rng) -> u64 {
    let mut hand = hand0.clone();
    let mut dealer = Dealer::shuffled_for(&hand, rng);
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
                let legal = if LEGAL_EVERY_DECISION {
                    black_box(hand.legal_actions())
                } else {
                    None
                };
                let action = if roll >= 3 {
                    Action::CheckOrCall
                } else {
                    match legal.or_else(|| hand.legal_actions()) {
                        Some(l) if roll == 0 => {
                            if l.check {
                                Action::Check
                            } else {
                                Action::Fold
                            }
                        }
                        Some(l) => match l.raise.or(l.bet) {
                            Some(r) => Action::BetOrRaiseTo(r.min),
                            None => Action::CheckOrCall,
                        },
                        None => Action::CheckOrCall,
                    }
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

/// The bench hand's policy as a [`Bot`]: the same draws from the same source,
/// [`Turn::legal`] asked only where the policy needs it.
pub struct PolicyBot<'a> {
    /// The shared random source (the deck was shuffled from it first).
    pub rng: &'a mut ChaCha8Rng,
}

impl Bot for PolicyBot<'_> {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        let roll = self.rng.next_u32() % 16;
        if roll >= 3 {
            return Action::CheckOrCall;
        }
        let l = turn.legal();
        if roll == 0 {
            return if l.check { Action::Check } else { Action::Fold };
        }
        match l.raise.or(l.bet) {
            Some(r) => Action::BetOrRaiseTo(r.min),
            None => Action::CheckOrCall,
        }
    }
}

/// [`play_hand`] through a [`Driver`] and [`PolicyBot`]: the same hands (the same
/// random draws in the same order), the same result.
pub fn play_hand_driver(hand0: &Hand, rng: &mut ChaCha8Rng) -> u64 {
    let mut driver = Driver::shuffled_from(hand0, rng);
    let mut bot = PolicyBot { rng };
    driver
        .play_with(&mut bot)
        .map_or(0, |r| r.pots().iter().map(|p| p.amount.get()).sum())
}
