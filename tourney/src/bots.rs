//! Real hands for the simulator (feature `sim`): each hand the tournament starts is played with
//! [`holdem_betting::Hand`], dealt by its [`Dealer`] from a deck shuffled by the
//! simulator's seeded random source, settled with `holdem_eval` (B1-B24, C3, C4),
//! by simple bots that pick random legal actions.
//!
//! The bots: mostly check, call or fold, sometimes bet or raise, and shove all-in
//! more often the shorter they are against the blinds (so events finish). Players
//! the tournament lists as away are timed out whenever they must act (B16, B17):
//! the hand folds them facing a bet and checks otherwise, exactly the
//! [`crate::ForcedAction`] the tournament would emit.

use holdem_betting::{
    Action, Bot, Dealer, Driver, DriverError, Hand, HandError, Seat, Step, Street, Turn,
};
use holdem_cards::Deck;
use holdem_pots::Chips as PotChips;
use rand_core::RngCore;

use crate::clock::Level;
use crate::hand::{LineupError, LineupHand};
use crate::ids::{Chips, PlayerId, below};
use crate::seating::Lineup;

/// Why a real hand could not be played: a simulator or lineup bug, or a user's
/// bot that took an action its turn did not allow.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The betting engine refused an input.
    #[error("betting: {0}")]
    Hand(#[from] HandError),
    /// The dealer failed.
    #[error("dealer: {0}")]
    Dealer(#[from] holdem_betting::DealerError),
    /// A seat number the betting engine cannot hold.
    #[error("seat {0} is out of range")]
    Seat(u8),
    /// A player with chips is not dealt in the lineup.
    #[error("{0:?} has a stack but no seat in the lineup")]
    NotSeated(PlayerId),
    /// The hand did not end within the step limit.
    #[error("the hand did not finish")]
    Endless,
    /// The driver refused (a bot's action outside its legal actions).
    #[error("driver: {0}")]
    Driver(DriverError),
}

impl From<LineupError> for PlayError {
    fn from(e: LineupError) -> PlayError {
        match e {
            LineupError::Hand(h) => PlayError::Hand(h),
            LineupError::Seat(n) => PlayError::Seat(n),
            LineupError::NotSeated(p) => PlayError::NotSeated(p),
        }
    }
}

impl From<DriverError> for PlayError {
    fn from(e: DriverError) -> PlayError {
        match e {
            DriverError::Hand(h) => PlayError::Hand(h),
            DriverError::Dealer(d) => PlayError::Dealer(d),
            other => PlayError::Driver(other),
        }
    }
}

/// One knockout: `busted` lost their last chips in a pot won by `winners`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Knockout {
    /// The player with no chips left.
    pub busted: PlayerId,
    /// The winners of the relevant pot (the last pot the busted player was
    /// eligible for, as `holdem_pots::Settlement::relevant_pot` picks it), each
    /// with their position: 0 is the first seat left of the button.
    pub winners: Vec<(PlayerId, u32)>,
}

/// A played hand.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayedHand {
    /// Every dealt player's final stack, in the order of the input stacks.
    pub stacks: Vec<(PlayerId, Chips)>,
    /// Players busted in this hand and who knocked them out (T16).
    pub knockouts: Vec<Knockout>,
    /// Betting actions taken (for the hand's virtual duration).
    pub actions: u32,
}

/// Who decides for each player of a hand.
///
/// ```
/// use holdem_tourney::PlayerId;
/// use holdem_tourney::betting::{Bot, CallingStation};
/// use holdem_tourney::bots::Seats;
///
/// /// Everyone calls.
/// struct Stations(CallingStation);
/// impl Seats for Stations {
///     fn bot(&mut self, _player: PlayerId) -> &mut dyn Bot {
///         &mut self.0
///     }
/// }
/// let mut seats = Stations(CallingStation);
/// let _: &mut dyn Bot = seats.bot(PlayerId(1));
/// ```
pub trait Seats {
    /// The bot that plays for `player`.
    fn bot(&mut self, player: PlayerId) -> &mut dyn Bot;
}

/// One bot for every player.
struct Everyone<'a>(&'a mut dyn Bot);

impl Seats for Everyone<'_> {
    fn bot(&mut self, _player: PlayerId) -> &mut dyn Bot {
        self.0
    }
}

/// Plays one real hand of no-limit hold'em at `level` for `lineup` with the
/// built-in bots ([`SimBot`]); `stacks` are the dealt players' stacks, `away`
/// those who sit out (timed out at every decision). Chips are conserved exactly
/// (the betting engine's invariant).
///
/// # Errors
/// A [`PlayError`] when the lineup cannot be played (a simulator bug).
pub fn play_hand(
    level: &Level,
    lineup: &Lineup,
    stacks: &[(PlayerId, Chips)],
    away: &[PlayerId],
    rng: &mut dyn RngCore,
) -> Result<PlayedHand, PlayError> {
    let cost =
        level.small_blind.get() + level.big_blind.get() + level.ante.get() * stacks.len() as u64;
    let table = LineupHand::new(level, lineup, stacks, away)?;
    let mut driver = Driver::new(table.hand().clone(), Dealer::new(Deck::shuffled_with(rng)));
    let mut bot = SimBot { rng, cost };
    drive(&table, &mut driver, stacks, &mut Everyone(&mut bot))
}

/// [`play_hand`] with the bots of `seats` deciding (for each player, the bot
/// `seats` gives); `rng` only shuffles the deck.
///
/// ```
/// use holdem_tourney::betting::{Bot, CallingStation};
/// use holdem_tourney::bots::{Seats, play_hand_with};
/// use holdem_tourney::clock::Level;
/// use holdem_tourney::seating::Lineup;
/// use holdem_tourney::{Chips, PlayerId, TableId};
/// use rand_core::SeedableRng;
///
/// struct Stations(CallingStation);
/// impl Seats for Stations {
///     fn bot(&mut self, _player: PlayerId) -> &mut dyn Bot { &mut self.0 }
/// }
/// let lineup = Lineup {
///     table: TableId(1), button: 0, small_blind: Some(0), big_blind: 1,
///     dealt: vec![(0, PlayerId(1)), (1, PlayerId(2))], waiting: vec![], button_drawn: false,
/// };
/// let level = Level { small_blind: Chips(50), big_blind: Chips(100), ante: Chips(0), minutes: 20 };
/// let stacks = [(PlayerId(1), Chips(1_000)), (PlayerId(2), Chips(1_000))];
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let played = play_hand_with(&level, &lineup, &stacks, &[], &mut rng, &mut Stations(CallingStation))?;
/// let total: Result<Chips, _> = played.stacks.iter().map(|s| s.1).sum();
/// assert_eq!(total, Ok(Chips(2_000)));
/// # Ok::<(), holdem_tourney::bots::PlayError>(())
/// ```
///
/// # Errors
/// As [`play_hand`]; a bot's refused action is [`PlayError::Hand`].
pub fn play_hand_with(
    level: &Level,
    lineup: &Lineup,
    stacks: &[(PlayerId, Chips)],
    away: &[PlayerId],
    rng: &mut dyn RngCore,
    seats: &mut dyn Seats,
) -> Result<PlayedHand, PlayError> {
    let table = LineupHand::new(level, lineup, stacks, away)?;
    let mut driver = Driver::new(table.hand().clone(), Dealer::new(Deck::shuffled_with(rng)));
    drive(&table, &mut driver, stacks, seats)
}

/// Plays `driver`'s hand to the end: away players time out, the others' bots
/// decide.
fn drive(
    table: &LineupHand,
    driver: &mut Driver,
    stacks: &[(PlayerId, Chips)],
    bots: &mut dyn Seats,
) -> Result<PlayedHand, PlayError> {
    for _ in 0..10_000 {
        let action = match driver.advance()? {
            Step::Complete => {
                let seats: Vec<Seat> = table.seats().iter().map(|s| s.1).collect();
                return Ok(finish(driver.hand(), stacks, &seats, driver.decisions()));
            }
            Step::Decision(turn) => match table.player_at(turn.seat()) {
                Some(p) if !table.is_away(p) => Some(bots.bot(p).decide(&turn)),
                _ => None,
            },
        };
        match action {
            Some(action) => driver.act(action)?,
            None => driver.time_out()?,
        }
    }
    Err(PlayError::Endless)
}

/// Per mille chance to shove, by the player's M (stack over the cost of a round).
fn shove_rate(m: u64, street: Street) -> u32 {
    let pre = match m {
        0..=2 => 450,
        3..=5 => 180,
        6..=11 => 50,
        12..=24 => 15,
        _ => 5,
    };
    if street == Street::Preflop {
        pre
    } else {
        pre / 2
    }
}

/// The simulator's built-in bot: mostly checks, calls or folds, sometimes bets
/// or raises, and shoves all-in more often the shorter it is against the cost of
/// a round (`cost`: blinds and antes), so events finish.
///
/// ```
/// use holdem_tourney::bots::SimBot;
/// use holdem_tourney::betting::{Bot, Chips, Dealer, Deck, Driver, Hand, HandConfig, Player, Seat};
/// use rand_core::SeedableRng;
///
/// let s = |i| Seat::new(i).expect("seat");
/// let players = [Player::new(s(0), Chips(1_000)), Player::new(s(1), Chips(1_000))];
/// let hand = Hand::new(HandConfig::no_limit(Chips(20)), &players, s(0))?;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let mut bot = SimBot { rng: &mut rng, cost: 30 };
/// let mut driver = Driver::new(hand, Dealer::new(Deck::seeded(3)));
/// let result = driver.play_with(&mut bot)?;
/// assert_eq!(result.final_stack(s(0)).get() + result.final_stack(s(1)).get(), 2_000);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct SimBot<'r> {
    /// Where its random decisions come from.
    pub rng: &'r mut dyn RngCore,
    /// The cost of a round: small and big blind and every ante.
    pub cost: u64,
}

impl core::fmt::Debug for SimBot<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("SimBot")
            .field("cost", &self.cost)
            .finish_non_exhaustive()
    }
}

impl Bot for SimBot<'_> {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        choose(turn, &turn.legal(), self.cost, self.rng)
    }
}

fn choose(
    turn: &Turn<'_>,
    legal: &holdem_betting::LegalActions,
    cost: u64,
    rng: &mut dyn RngCore,
) -> Action {
    let stack = turn.stack().get() + turn.street_bet().get();
    let m = stack / cost.max(1);
    let roll = below(rng, 1000);
    let shove = shove_rate(m, turn.street());
    if legal.all_in_to.is_some() && roll < shove {
        return Action::AllIn;
    }
    let roll = roll.saturating_sub(shove);
    let range = legal.raise.or(legal.bet);
    let pot = turn.pot().get();
    let sized = |r: holdem_betting::AmountRange, rng: &mut dyn RngCore| {
        let extra = u64::from(below(
            rng,
            1 + u32::try_from(pot / 2).unwrap_or(u32::MAX - 1),
        ));
        PotChips((r.min.get() + extra).min(r.max.get()))
    };
    if legal.call_cost.is_zero() {
        // Nothing to call: check mostly, bet sometimes.
        if let Some(r) = range {
            if roll < 120 {
                return Action::BetOrRaiseTo(sized(r, rng));
            }
        }
        return if legal.check {
            Action::Check
        } else {
            Action::Fold
        };
    }
    // Facing a bet: call or fold by its size against the stack, raise rarely.
    let share = legal.call_cost.get().saturating_mul(100) / stack.max(1);
    if let Some(r) = range {
        if roll < 40 {
            return Action::BetOrRaiseTo(sized(r, rng));
        }
    }
    let call = match share {
        0..=10 => 650,
        11..=40 => 420,
        _ => 300,
    };
    if legal.call_to.is_some() && roll < 40 + call {
        Action::Call
    } else {
        Action::Fold
    }
}

fn finish<E>(
    hand: &Hand<E>,
    stacks: &[(PlayerId, Chips)],
    seats: &[Seat],
    actions: u32,
) -> PlayedHand {
    let Some(result) = hand.result() else {
        return PlayedHand {
            stacks: stacks.to_vec(),
            knockouts: Vec::new(),
            actions,
        };
    };
    let button = hand.positions().button.as_usize();
    let position = |s: Seat| {
        let n = holdem_betting::MAX_SEATS;
        ((s.as_usize() + n - button - 1) % n) as u32
    };
    let player_at = |s: Seat| seats.iter().position(|x| *x == s).map(|i| stacks[i].0);
    let finals: Vec<(PlayerId, Chips)> = stacks
        .iter()
        .zip(seats)
        .map(|(&(p, _), &s)| (p, result.final_stack(s)))
        .collect();
    let mut knockouts = Vec::new();
    for (&(p, before), (&s, &(_, after))) in stacks.iter().zip(seats.iter().zip(&finals)) {
        if before.is_zero() || !after.is_zero() {
            continue;
        }
        let relevant = result
            .pots()
            .iter()
            .rev()
            .find(|pot| pot.eligible.contains(s));
        if let Some(pot) = relevant {
            let winners: Vec<(PlayerId, u32)> = pot
                .winners
                .iter()
                .filter(|w| *w != s)
                .filter_map(|w| player_at(w).map(|q| (q, position(w))))
                .collect();
            if !winners.is_empty() {
                knockouts.push(Knockout { busted: p, winners });
            }
        }
    }
    PlayedHand {
        stacks: finals,
        knockouts,
        actions,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::ids::TableId;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    fn lineup(n: u8, button: u8) -> Lineup {
        Lineup {
            table: TableId(1),
            button,
            small_blind: Some((button + 1) % n),
            big_blind: (button + 2) % n,
            dealt: (0..n).map(|s| (s, PlayerId(u32::from(s) + 1))).collect(),
            waiting: Vec::new(),
            button_drawn: false,
        }
    }

    fn level(sb: u64, bb: u64, ante: u64) -> Level {
        Level {
            small_blind: Chips(sb),
            big_blind: Chips(bb),
            ante: Chips(ante),
            minutes: 10,
        }
    }

    /// Real hands conserve chips exactly (B15, P1) whatever the stacks.
    #[test]
    fn t16_real_hands_conserve_chips_and_report_knockouts() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let mut busts = 0;
        for k in 0..400u64 {
            let n = 2 + (k % 8) as u8;
            let stacks: Vec<(PlayerId, Chips)> = (0..n)
                .map(|s| {
                    (
                        PlayerId(u32::from(s) + 1),
                        Chips(1 + (k * 37 + u64::from(s) * 401) % 3000),
                    )
                })
                .collect();
            let total: Result<Chips, _> = stacks.iter().map(|s| s.1).sum();
            let played = play_hand(
                &level(50, 100, 10),
                &lineup(n, (k % u64::from(n)) as u8),
                &stacks,
                &[],
                &mut rng,
            )
            .unwrap();
            assert_eq!(
                played.stacks.iter().map(|s| s.1).sum::<Result<Chips, _>>(),
                total
            );
            for ko in &played.knockouts {
                busts += 1;
                assert_eq!(
                    played.stacks.iter().find(|s| s.0 == ko.busted).unwrap().1,
                    Chips(0)
                );
                for (w, _) in &ko.winners {
                    assert!(played.stacks.iter().find(|s| s.0 == *w).unwrap().1 > Chips(0));
                }
            }
            let zero = played.stacks.iter().filter(|s| s.1 == Chips(0)).count();
            assert_eq!(zero, played.knockouts.len(), "every bust has a knockout");
        }
        assert!(busts > 10);
    }

    /// B16, B17: an away player is timed out: never wins a pot without a bet
    /// uncalled, and folds when facing a bet.
    #[test]
    fn b17_away_players_are_timed_out() {
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..50 {
            let stacks = vec![
                (PlayerId(1), Chips(5000)),
                (PlayerId(2), Chips(5000)),
                (PlayerId(3), Chips(5000)),
            ];
            let played = play_hand(
                &level(50, 100, 0),
                &lineup(3, 0),
                &stacks,
                &[PlayerId(1)],
                &mut rng,
            )
            .unwrap();
            // Player 1 is on the button: posts nothing, folds to the big blind.
            assert_eq!(played.stacks[0].1, Chips(5000));
        }
    }

    #[test]
    fn same_rng_same_hand() {
        let stacks = vec![
            (PlayerId(1), Chips(3000)),
            (PlayerId(2), Chips(800)),
            (PlayerId(3), Chips(1200)),
        ];
        let a = play_hand(
            &level(50, 100, 0),
            &lineup(3, 1),
            &stacks,
            &[],
            &mut ChaCha8Rng::seed_from_u64(9),
        )
        .unwrap();
        let b = play_hand(
            &level(50, 100, 0),
            &lineup(3, 1),
            &stacks,
            &[],
            &mut ChaCha8Rng::seed_from_u64(9),
        )
        .unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn a_seat_beyond_ten_is_refused() {
        let mut l = lineup(3, 0);
        l.dealt[2].0 = 12;
        let stacks = vec![
            (PlayerId(1), Chips(3000)),
            (PlayerId(2), Chips(800)),
            (PlayerId(3), Chips(1200)),
        ];
        let e = play_hand(
            &level(50, 100, 0),
            &l,
            &stacks,
            &[],
            &mut ChaCha8Rng::seed_from_u64(9),
        );
        assert_eq!(e, Err(PlayError::Seat(12)));
    }
}
