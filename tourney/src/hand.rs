//! From a tournament's [`TourneyEvent::HandStarted`] to a betting [`Hand`] and back to
//! [`Command::HandFinished`]: the [`LineupHand`] adapter, for programs that play the
//! tournament's hands with `holdem_betting` (their own bots, a dealer service).
//!
//! The lineup's seats become betting seats, the level's blinds and ante the hand's
//! config (no limit), the lineup's button and blinds its positions (a dead small
//! blind stays dead, B18/B20), and away players sit out (B17: timed out at every
//! decision). After the hand, [`LineupHand::finished`] gives the command that
//! reports it.
//!
//! # Invariants
//! - Chips are conserved: the final stacks of [`LineupHand::finished`] add up to the
//!   stacks of the [`TourneyEvent::HandStarted`] (the betting engine's invariant).
//! - The players are listed in the order of the event's stacks.
//!
//! ```
//! use holdem_tourney::{Command, TourneyEvent, TourneyInput, LineupHand, PlayerId, Tournament, TournamentOptions};
//! use holdem_tourney::betting::{CallingStation, Driver, Deck, Dealer};
//! use rand_chacha::ChaCha8Rng;
//! use rand_core::SeedableRng;
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(7);
//! let mut t = Tournament::new(TournamentOptions::sit_and_go(2))?;
//! t.apply(&TourneyInput { at: 0, command: Command::Register { player: PlayerId(1) } }, &mut rng)?;
//! let events = t.apply(&TourneyInput { at: 5, command: Command::Register { player: PlayerId(2) } }, &mut rng)?;
//! let started = events.iter().find(|e| matches!(e, TourneyEvent::HandStarted { .. })).expect("dealt");
//! let mut table_hand = LineupHand::from_event(started).expect("a hand started")?;
//! // Play it: here with a driver and two calling stations (bots are indexed by seat).
//! let mut driver = Driver::new(table_hand.hand().clone(), Dealer::new(Deck::seeded(1)));
//! driver.play(&mut [CallingStation; 10])?;
//! let command = table_hand.finished(driver.hand()).expect("settled");
//! t.apply(&TourneyInput { at: 60_000, command }, &mut rng)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use holdem_betting::{Hand, HandConfig, HandError, Player, Positions, Seat};

use crate::clock::Level;
use crate::command::{Command, TourneyEvent};
use crate::ids::{Chips, PlayerId, TableId};
use crate::seating::Lineup;

/// Why a lineup cannot become a betting hand (a lineup the engine never emits).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LineupError {
    /// The betting engine refused the hand (too few players, a bad level).
    #[error("betting: {0}")]
    Hand(#[from] HandError),
    /// A seat number past the betting engine's `MAX_SEATS`.
    #[error("seat {0} is out of range")]
    Seat(u8),
    /// A player with a stack has no seat in the lineup.
    #[error("{0:?} has a stack but no seat in the lineup")]
    NotSeated(PlayerId),
}

/// A tournament hand as a betting [`Hand`]: the hand, and which player sits where.
#[derive(Debug, Clone, PartialEq)]
pub struct LineupHand {
    table: TableId,
    number: u64,
    hand: Hand,
    /// The dealt players, in the order of the started hand's stacks, with their
    /// seats.
    seats: Vec<(PlayerId, Seat)>,
    /// The players who sit out (B17).
    away: Vec<PlayerId>,
}

fn seat(n: u8) -> Result<Seat, LineupError> {
    Seat::new(n)
        .filter(|s| s.as_usize() < holdem_betting::MAX_SEATS)
        .ok_or(LineupError::Seat(n))
}

impl LineupHand {
    /// The hand of an [`TourneyEvent::HandStarted`]; `None` for any other event.
    ///
    /// # Errors
    /// As [`LineupHand::new`].
    pub fn from_event(event: &TourneyEvent) -> Option<Result<LineupHand, LineupError>> {
        match event {
            TourneyEvent::HandStarted {
                table,
                hand,
                level,
                lineup,
                stacks,
                away,
                ..
            } => Some(LineupHand::new(level, lineup, stacks, away).map(|mut h| {
                h.table = *table;
                h.number = *hand;
                h
            })),
            _ => None,
        }
    }

    /// The no-limit hand for `lineup` at `level`; `stacks` are the dealt players'
    /// stacks, `away` those who sit out (B17). The table and hand number are the
    /// lineup's table and 0 ([`LineupHand::from_event`] takes them from the event).
    ///
    /// ```
    /// use holdem_tourney::clock::Level;
    /// use holdem_tourney::seating::Lineup;
    /// use holdem_tourney::{Chips, LineupHand, PlayerId, TableId};
    ///
    /// let lineup = Lineup {
    ///     table: TableId(1), button: 0, small_blind: Some(1), big_blind: 2,
    ///     dealt: vec![(0, PlayerId(7)), (1, PlayerId(8)), (2, PlayerId(9))],
    ///     waiting: vec![], button_drawn: false,
    /// };
    /// let level = Level { small_blind: Chips(50), big_blind: Chips(100), ante: Chips(0), minutes: 20 };
    /// let stacks = [(PlayerId(7), Chips(5_000)), (PlayerId(8), Chips(5_000)), (PlayerId(9), Chips(5_000))];
    /// let hand = LineupHand::new(&level, &lineup, &stacks, &[])?;
    /// assert_eq!(hand.player_at(hand.hand().positions().big_blind), Some(PlayerId(9)));
    /// # Ok::<(), holdem_tourney::LineupError>(())
    /// ```
    ///
    /// # Errors
    /// [`LineupError`] for a lineup the betting engine cannot play.
    pub fn new(
        level: &Level,
        lineup: &Lineup,
        stacks: &[(PlayerId, Chips)],
        away: &[PlayerId],
    ) -> Result<LineupHand, LineupError> {
        let mut players = Vec::with_capacity(stacks.len());
        let mut seats = Vec::with_capacity(stacks.len());
        for &(p, chips) in stacks {
            let s = lineup
                .dealt
                .iter()
                .find(|d| d.1 == p)
                .map(|d| d.0)
                .ok_or(LineupError::NotSeated(p))?;
            let s = seat(s)?;
            seats.push((p, s));
            let mut player = Player::new(s, chips);
            if away.contains(&p) {
                player = player.sitting_out();
            }
            players.push(player);
        }
        let config = HandConfig::no_limit(level.big_blind)
            .with_blinds(level.small_blind, level.big_blind)
            .with_ante(level.ante);
        let button = seat(lineup.button)?;
        let set = seats
            .iter()
            .fold(holdem_betting::SeatSet::EMPTY, |mut acc, (_, s)| {
                acc.insert(*s);
                acc
            });
        let positions = Positions::standard(set, button).map(|mut p| {
            p.small_blind = lineup.small_blind.and_then(|s| seat(s).ok());
            p.big_blind = seat(lineup.big_blind).unwrap_or(p.big_blind);
            p
        });
        let hand = match positions {
            Some(positions) => {
                Hand::at_positions(config, &players, positions, holdem_eval::Evaluator::new())?
            }
            // Fewer than two players: the betting engine names the problem.
            None => Hand::new(config, &players, button)?,
        };
        Ok(LineupHand {
            table: lineup.table,
            number: 0,
            hand,
            seats,
            away: away
                .iter()
                .copied()
                .filter(|p| stacks.iter().any(|s| s.0 == *p))
                .collect(),
        })
    }

    /// The betting hand, not yet started.
    #[must_use]
    pub const fn hand(&self) -> &Hand {
        &self.hand
    }

    /// The player in `seat`, if dealt in.
    #[must_use]
    pub fn player_at(&self, seat: Seat) -> Option<PlayerId> {
        self.seats.iter().find(|s| s.1 == seat).map(|s| s.0)
    }

    /// The seat of `player`, if dealt in.
    #[must_use]
    pub fn seat_of(&self, player: PlayerId) -> Option<Seat> {
        self.seats.iter().find(|s| s.0 == player).map(|s| s.1)
    }

    /// The dealt players with their seats, in the order of the started hand's
    /// stacks.
    #[must_use]
    pub fn seats(&self) -> &[(PlayerId, Seat)] {
        &self.seats
    }

    /// Whether `player` sits out this hand (B17).
    #[must_use]
    pub fn is_away(&self, player: PlayerId) -> bool {
        self.away.contains(&player)
    }

    /// Every dealt player's final stack in `played` (this hand, played to its end),
    /// in the order of the started hand's stacks; `None` before the end.
    #[must_use]
    pub fn final_stacks(&self, played: &Hand) -> Option<Vec<(PlayerId, Chips)>> {
        let result = played.result()?;
        Some(
            self.seats
                .iter()
                .map(|&(p, s)| (p, result.final_stack(s)))
                .collect(),
        )
    }

    /// The [`Command::HandFinished`] that reports `played` (this hand, played to
    /// its end); `None` before the end.
    #[must_use]
    pub fn finished(&self, played: &Hand) -> Option<Command> {
        Some(Command::HandFinished {
            table: self.table,
            hand: self.number,
            stacks: self.final_stacks(played)?,
        })
    }
}
