//! Random hands for soaks and property checks: a random setup with every house
//! rule at random ([`random_setup`]), a random legal action biased toward
//! showdowns ([`random_action`]), and the amounts around every boundary of the
//! legal actions ([`probe_amounts`], [`all_actions`]) to try on a clone.
//!
//! Every draw is [`holdem_cards::uniform_below_u64`] over the caller's generator,
//! so the same generator state gives the same setup and the same actions.
//!
//! ```
//! use holdem_betting::testkit::random::{random_action, random_setup};
//! use holdem_betting::{Dealer, Discard, Input, Pending, Timestamp};
//! use holdem_cards::rng::{ChaCha8Rng, SeedableRng};
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(3);
//! let setup = random_setup(&mut rng);
//! let mut hand = setup.hand()?;
//! let mut dealer = Dealer::shuffled_for(&hand, &mut rng);
//! let t = Timestamp(0);
//! loop {
//!     let input = match hand.pending() {
//!         Pending::Complete => break,
//!         Pending::Post { seat, kind, amount } => Input::Post { seat, kind, amount },
//!         Pending::HoleCards { .. } | Pending::Board { .. } => {
//!             dealer.deal_pending(&mut hand, t, &mut Discard)?;
//!             continue;
//!         }
//!         Pending::Action { seat } => {
//!             let legal = hand.legal_actions().ok_or("a decision has legal actions")?;
//!             random_action(&legal, &mut rng, seat)
//!         }
//!         Pending::Showdown { seat } => Input::Show { seat, cards: None },
//!     };
//!     hand.apply(t, input)?;
//!     assert!(hand.chips_conserved());
//! }
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::num::NonZeroU64;

use arrayvec::ArrayVec;
use holdem_cards::uniform_below_u64;
use holdem_pots::{Chips, RakePolicy, Seat, SeatSet};
use rand_core::RngCore;

use holdem_eval::Evaluator;

use crate::{
    Action, ForcedBets, Hand, HandConfig, HandError, IncompleteAllInRule, Input, LegalActions,
    Player, Positions,
};

/// Uniform in `0..n`; 0 for an empty range.
fn below(rng: &mut (impl RngCore + ?Sized), n: u64) -> u64 {
    NonZeroU64::new(n).map_or(0, |n| uniform_below_u64(rng, n))
}

/// `true` with `percent` in 100.
fn chance(rng: &mut (impl RngCore + ?Sized), percent: u64) -> bool {
    below(rng, 100) < percent
}

/// Seat `i` of a table of at most [`crate::MAX_SEATS`].
fn seat(i: usize) -> Option<Seat> {
    u8::try_from(i).ok().and_then(Seat::new)
}

/// One random hand's setup: its config and forced bets, the players' stacks on
/// seats `0..stacks.len()`, the button's seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RandomSetup {
    /// Blinds of 10-20 (fixed limit 20-40), a random structure and house rules.
    pub config: HandConfig,
    /// Straddles, per-seat antes and dead antes, at random.
    pub forced: ForcedBets,
    /// 2-10 stacks, tiny to deep (1-19, 20-399 or 400-4,999 chips).
    pub stacks: Vec<Chips>,
    /// The button: the last player, unless the hand has per-seat or dead antes
    /// (`nonstandard_forced`), where it is any player.
    pub button: Seat,
    /// Per-seat or dead antes, by name, when the setup has them: forced bets that
    /// the hand-history formats cannot record.
    pub nonstandard_forced: Option<&'static str>,
}

impl RandomSetup {
    /// The players: seat `i` holds `stacks[i]`.
    #[must_use]
    pub fn players(&self) -> Vec<Player> {
        self.stacks
            .iter()
            .enumerate()
            .filter_map(|(i, &stack)| Some(Player::new(seat(i)?, stack)))
            .collect()
    }

    /// The hand of this setup, at the standard positions for its button.
    ///
    /// # Errors
    /// As [`Hand::with_forced_bets`] (none expected: every setup makes a hand).
    pub fn hand(&self) -> Result<Hand, HandError> {
        Hand::with_forced_bets(
            self.config,
            &self.players(),
            self.button,
            None,
            &self.forced,
            Evaluator::new(),
        )
    }
}

/// A random setup: 2-10 players, stacks tiny to deep, all three structures and
/// every house rule at random (antes, the big-blind ante, the cap lifted heads-up,
/// re-raises that must double, the incomplete all-in rule, all-in protection on a
/// time-out, rake, the showdown rules, the fixed-limit half-bet rule (B25), boards
/// run two or three times (B26), bomb pots (B27), straddles, per-seat and dead
/// antes).
pub fn random_setup(rng: &mut (impl RngCore + ?Sized)) -> RandomSetup {
    let n = 2 + below(rng, 9) as usize;
    let stacks: Vec<Chips> = (0..n)
        .map(|_| {
            Chips(match below(rng, 3) {
                0 => 1 + below(rng, 19),
                1 => 20 + below(rng, 380),
                _ => 400 + below(rng, 4_600),
            })
        })
        .collect();
    let structure = below(rng, 3);
    let mut config = match structure {
        0 => HandConfig::fixed_limit(Chips(20), Chips(40)),
        1 => HandConfig::pot_limit(Chips(20)),
        _ => HandConfig::no_limit(Chips(20)),
    };
    let mut nonstandard_forced = None;
    match below(rng, 4) {
        0 => config.ante = Chips(1 + below(rng, 9)),
        1 => config.big_blind_ante = Chips(20),
        _ => {}
    }
    let rule = chance(rng, 50);
    config.cap_lifted_heads_up = rule;
    config.reraise_must_double = rule && structure == 2;
    if rule {
        config.incomplete_all_in = IncompleteAllInRule::FullRaiseOverLastFullBet;
    }
    config.time_out_all_in_protection = chance(rng, 50);
    if chance(rng, 30) {
        config.rake = RakePolicy {
            basis_points: 500,
            cap: Some(Chips(30)),
            no_flop_no_drop: chance(rng, 50),
            ..RakePolicy::NONE
        };
    }
    config.showdown.losers_may_muck = chance(rng, 70);
    config.showdown.winner_must_show_both_cards = chance(rng, 70);
    config.showdown.all_in_hands_face_up = chance(rng, 70);
    // B25: the half-bet rule on (the standard) or off (a house rule).
    config.fixed_limit_half_bet = chance(rng, 70);
    // B26: the board may run two or three times.
    if chance(rng, 40) {
        config.max_board_runs = if chance(rng, 50) { 3 } else { 2 };
    }
    let mut forced = ForcedBets::default();
    // B27: a bomb pot takes no other forced bets.
    if chance(rng, 10) {
        config.bomb_pot = Chips(30);
        config.ante = Chips(0);
        config.big_blind_ante = Chips(0);
    } else {
        if chance(rng, 15) {
            let at = below(rng, n as u64) as usize;
            let ante = Chips(1 + below(rng, 6));
            if let Some(slot) = forced.antes.get_mut(at) {
                *slot = ante;
            }
            nonstandard_forced = Some("per-seat antes");
        }
        if chance(rng, 10) {
            let at = below(rng, n as u64) as usize;
            if let Some(slot) = forced.dead_antes.get_mut(at) {
                *slot = Chips(10);
            }
            nonstandard_forced = Some("dead antes");
        }
    }
    // The history formats give the button to the last player; elsewhere only
    // where the hand cannot be recorded anyway.
    let button = if nonstandard_forced.is_some() {
        below(rng, n as u64) as usize
    } else {
        n - 1
    };
    let straddles = below(rng, 3) as usize;
    if structure != 0 && config.bomb_pot.is_zero() && n >= 3 + straddles {
        let set: SeatSet = (0..n).filter_map(seat).collect();
        if let Some(p) = seat(button).and_then(|b| Positions::standard(set, b)) {
            let mut s = p.big_blind;
            let mut level = 20;
            for _ in 0..straddles {
                let Some(next) = seat((s.as_usize() + 1) % n) else {
                    break;
                };
                s = next;
                level *= 2;
                // At most two straddles here, below `MAX_STRADDLES`.
                if forced.straddle(s, Chips(level)).is_err() {
                    break;
                }
            }
        }
    }
    RandomSetup {
        config,
        forced,
        stacks,
        // `button` < n <= 10: always a seat.
        button: seat(button).unwrap_or(super::BUTTON),
        nonstandard_forced,
    }
}

/// Amounts around every boundary the legal actions name: 0, 1, each minimum and
/// maximum of a bet, a raise and the gap of an incomplete raise, one below and one
/// above, the all-in amount and the current bet.
#[must_use]
pub fn probe_amounts(legal: &LegalActions) -> ArrayVec<u64, 24> {
    let mut out = ArrayVec::new();
    out.push(0);
    out.push(1);
    let around = |v: u64, out: &mut ArrayVec<u64, 24>| {
        for x in [v.saturating_sub(1), v, v.saturating_add(1)] {
            let _ = out.try_push(x);
        }
    };
    for r in [legal.bet, legal.raise].into_iter().flatten() {
        around(r.min.get(), &mut out);
        around(r.max.get(), &mut out);
    }
    if let Some(g) = legal.raise_gap {
        around(g.min.get(), &mut out);
        around(g.max.get(), &mut out);
    }
    if let Some(a) = legal.all_in_to {
        around(a.get(), &mut out);
    }
    let _ = out.try_push(legal.current_bet.get());
    out
}

/// Every kind of action, those with an amount at `amount`.
#[must_use]
pub const fn all_actions(amount: u64) -> [Action; 8] {
    [
        Action::Fold,
        Action::Check,
        Action::Call,
        Action::CheckOrCall,
        Action::BetTo(Chips(amount)),
        Action::RaiseTo(Chips(amount)),
        Action::BetOrRaiseTo(Chips(amount)),
        Action::AllIn,
    ]
}

/// A random legal action by `seat`, biased toward calls and checks so hands reach
/// showdown; one in 21 a time-out (B16). Out of 21: a fold (where legal), three
/// all-ins (where legal), four bets or raises to a random legal amount (a multiple
/// of the chip unit above the minimum, never inside the gap of an incomplete
/// raise), the rest checks or calls.
pub fn random_action(legal: &LegalActions, rng: &mut (impl RngCore + ?Sized), seat: Seat) -> Input {
    let roll = below(rng, 21);
    if roll == 20 {
        return Input::TimeOut { seat };
    }
    let action = match roll {
        0 if legal.fold => Action::Fold,
        1..=3 if legal.all_in_to.is_some() => Action::AllIn,
        4..=7 => match legal.bet.or(legal.raise) {
            Some(r) => {
                let span = r.max.get().saturating_sub(r.min.get());
                let unit = legal.chip_unit.get().max(1);
                let mut to = r.min.get() + below(rng, span.saturating_add(1)) / unit * unit;
                if legal.raise_gap.is_some_and(|g| g.contains(Chips(to))) {
                    to = r.min.get();
                }
                Action::BetOrRaiseTo(Chips(to))
            }
            None => Action::CheckOrCall,
        },
        _ => Action::CheckOrCall,
    };
    Input::act(seat, action)
}

#[cfg(test)]
mod tests {
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    use super::*;
    use crate::{Pending, Timestamp};

    /// Plays a setup to the end with random legal actions; returns the inputs applied.
    fn play(setup: &RandomSetup, rng: &mut ChaCha8Rng) -> usize {
        let mut hand = setup.hand().expect("every random setup makes a hand");
        let mut dealer = crate::Dealer::shuffled_for(&hand, rng);
        let mut inputs = 0;
        let t = Timestamp(0);
        loop {
            let input = match hand.pending() {
                Pending::Complete => break,
                Pending::Post { seat, kind, amount } => Input::Post { seat, kind, amount },
                Pending::HoleCards { .. } | Pending::Board { .. } => {
                    dealer
                        .deal_pending(&mut hand, t, &mut crate::Discard)
                        .expect("the dealer deals what is pending");
                    continue;
                }
                Pending::Action { seat } => {
                    let legal = hand.legal_actions().expect("a decision has legal actions");
                    random_action(&legal, rng, seat)
                }
                Pending::Showdown { seat } => Input::Show { seat, cards: None },
            };
            hand.apply(t, input).expect("a random action is legal");
            assert!(hand.chips_conserved());
            inputs += 1;
        }
        inputs
    }

    #[test]
    fn random_setups_make_hands_that_random_legal_actions_play_to_the_end() {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let (mut bomb_pots, mut nonstandard, mut straddled) = (0, 0, 0);
        for _ in 0..300 {
            let setup = random_setup(&mut rng);
            assert!((2..=10).contains(&setup.stacks.len()));
            assert!(setup.button.as_usize() < setup.stacks.len());
            bomb_pots += usize::from(!setup.config.bomb_pot.is_zero());
            nonstandard += usize::from(setup.nonstandard_forced.is_some());
            straddled += usize::from(setup.forced != ForcedBets::default());
            assert!(play(&setup, &mut rng) > 0);
        }
        assert!(bomb_pots > 0 && nonstandard > 0 && straddled > nonstandard);
    }

    #[test]
    fn the_same_generator_state_gives_the_same_setup() {
        let a = random_setup(&mut ChaCha8Rng::seed_from_u64(9));
        let b = random_setup(&mut ChaCha8Rng::seed_from_u64(9));
        assert_eq!(a, b);
    }
}
