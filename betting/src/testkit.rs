//! The random 6-max no-limit bench hand, shared by the workspace's benches and
//! examples so that each measures exactly the same work, and the random hands of
//! the soak ([`random`]) (feature `testkit`; not part of the crate's stable API).
//!
//! The hand: six players with [`STACK`] chips at blinds 10-[`BIG_BLIND`], the button
//! on seat 0 ([`starting_hand`]). Each run clones that hand, shuffles a deck for it
//! from the caller's random source, posts, deals through the [`Dealer`], acts under a
//! fixed policy, shows down and settles ([`play_hand`], or [`play_hand_driver`]
//! through a [`Driver`]).
//!
//! The policy, per decision: one draw of `next_u32() % 16`; check or call on 3 to 15
//! (13 in 16), fold (check when free) on 0, bet or raise the minimum on 1 and 2.
//!
//! # Invariants
//! - [`play_hand`] and [`play_hand_driver`] draw from the random source in the same
//!   order (the shuffle first, then one draw per decision), so with the same source
//!   they play the same hands and return the same chips.

pub mod random;

use std::hint::black_box;

use holdem_eval::Evaluator;
use holdem_pots::{Chips, Seat};
use rand_core::RngCore;

use crate::{
    Action, Bot, Dealer, Discard, Driver, Hand, HandConfig, HandError, Input, Pending, Player,
    Timestamp, Turn,
};

/// Players at the bench hand's table.
pub const PLAYERS: u8 = 6;

/// Each player's starting stack.
pub const STACK: u64 = 2_000;

/// The big blind (the small blind is half of it).
pub const BIG_BLIND: u64 = 20;

/// The button's seat.
const BUTTON: Seat = match Seat::new(0) {
    Some(seat) => seat,
    None => panic!("seat 0 exists"),
};

/// The bench hand before its forced bets: [`PLAYERS`] players on seats 0 and up with
/// [`STACK`] chips each, no limit at a big blind of [`BIG_BLIND`], the button on
/// seat 0.
///
/// # Errors
/// As [`Hand::new`] (none expected).
pub fn starting_hand() -> Result<Hand<Evaluator>, HandError> {
    let players: Vec<Player> = (0..PLAYERS)
        .filter_map(Seat::new)
        .map(|seat| Player::new(seat, Chips(STACK)))
        .collect();
    Hand::new(HandConfig::no_limit(Chips(BIG_BLIND)), &players, BUTTON)
}

/// Plays one hand from `hand0`; returns the chips of every pot awarded, to keep the
/// work observable.
///
/// It asks [`Hand::legal_actions`] only for the decisions that need an amount or the
/// free check (3 in 16), as a rollout policy would; with `LEGAL_EVERY_DECISION` it
/// asks before every decision, as a bot that looks at its options each time would
/// (the same hands: the answer is not used more).
pub fn play_hand<const LEGAL_EVERY_DECISION: bool>(
    hand0: &Hand,
    rng: &mut (impl RngCore + ?Sized),
) -> u64 {
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
pub struct PolicyBot<'a, R: ?Sized> {
    /// The shared random source (the deck was shuffled from it first).
    pub rng: &'a mut R,
}

impl<R: RngCore + ?Sized> Bot for PolicyBot<'_, R> {
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
/// random draws in the same order), the same result. The driver is reused from hand
/// to hand ([`Driver::restart_from`]), as a rollout loop would reuse it.
pub fn play_hand_driver<R: RngCore + ?Sized>(
    driver: &mut Driver,
    hand0: &Hand,
    rng: &mut R,
) -> u64 {
    driver.restart_from(hand0, rng);
    let mut bot = PolicyBot { rng };
    driver
        .play_with(&mut bot)
        .map_or(0, |r| r.pots().iter().map(|p| p.amount.get()).sum())
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::*;

    #[test]
    fn the_bench_hand_plays_the_same_hands_with_and_without_the_driver() {
        let hand0 = starting_hand().expect("the bench hand");
        let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(7), ChaCha8Rng::seed_from_u64(7));
        let mut driver = Driver::shuffled_from(&hand0, &mut ChaCha8Rng::seed_from_u64(0));
        for _ in 0..200 {
            assert_eq!(
                play_hand::<false>(&hand0, &mut a),
                play_hand_driver(&mut driver, &hand0, &mut b)
            );
        }
    }
}
