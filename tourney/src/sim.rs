//! A simulator: plays a whole tournament with simple built-in bots (or the
//! user's own, [`Simulation::with_bots`]), in virtual time, optionally journaling
//! every command (T20). Behind the `sim` feature: the tournament engine itself
//! does not need it.
//!
//! By default ([`HandModel::Real`]) every hand is a real hand of no-limit
//! hold'em played by the bots of [`crate::bots`] through `holdem_betting`, dealt
//! from a seeded deck and settled with `holdem_eval` and `holdem_pots`. A
//! progressive-knockout option ([`SimOptions::bounty`], T16) pays each bust's
//! bounty to the winners of the relevant pot through
//! [`crate::money::Bounties::knock_out`]; re-entries carry a new bounty, rebuys
//! and add-ons add their bounty part to the buyer's head, and a bounty
//! simulation resumes from its journal ([`Simulation::resume`]).
//!
//! The faster [`HandModel::Quick`] plays a *quick hand* model, not full
//! betting: blinds and antes are posted, each player in turn shoves all-in or folds (more often the shorter
//! they are, so events finish), callers of a shove call or fold, and the
//! all-in pots are layered by contribution (P1) and won by a random ranking of
//! the players in them. With no shove, two random players contest a small
//! post-flop pot. Every hand conserves chips exactly. The simulator is a runner
//! around the sans-IO [`Tournament`]: it owns time, the random sources and the
//! journal sink.

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, VecDeque};

use holdem_betting::Bot;
use rand_chacha::ChaCha8Rng;
use rand_core::{RngCore, SeedableRng};

use crate::bots::{Knockout, PlayError, Seats, play_hand, play_hand_with};
use crate::clock::Level;
use crate::command::{Command, TourneyEvent, TourneyInput};
use crate::config::{OptionsError, TournamentConfig, TournamentOptions};
use crate::ids::{Cents, Chips, Ms, PlayerId, TableId, below};
use crate::journal::{Entry, JournalError};
use crate::money::{self, BountyOptions, BountyWinner, KnockoutBounty, MoneyError};
use crate::recover::{RecoverError, RecoverOptions, Recovered};
use crate::seating::Lineup;
use crate::tournament::{Phase, Tournament};

/// Where the simulator sends journal entries.
pub trait RecordSink {
    /// Stores one entry.
    fn append(&mut self, entry: &Entry) -> Result<(), JournalError>;
}

/// Discards everything.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoJournal;

impl RecordSink for NoJournal {
    fn append(&mut self, _: &Entry) -> Result<(), JournalError> {
        Ok(())
    }
}

impl<W: crate::journal::Durable> RecordSink for crate::journal::JournalWriter<W> {
    fn append(&mut self, entry: &Entry) -> Result<(), JournalError> {
        crate::journal::JournalWriter::append(self, entry)
    }
}

/// Why a simulation stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SimError {
    /// Bad options.
    #[error(transparent)]
    Options(#[from] OptionsError),
    /// The tournament refused a command: a simulator bug.
    #[error("the tournament refused a command: {0}")]
    Refused(#[from] crate::command::TourneyError),
    /// The journal failed.
    #[error(transparent)]
    Journal(#[from] JournalError),
    /// The journal cannot be recovered.
    #[error(transparent)]
    Recover(#[from] RecoverError),
    /// A real hand could not be played: a simulator bug.
    #[error("a hand could not be played: {0}")]
    Play(#[from] PlayError),
    /// A bounty could not be paid: a simulator bug.
    #[error("bounty: {0}")]
    Money(#[from] MoneyError),
    /// The simulator's knockout bounty is not the bounty part of the entry
    /// price of the configuration it plays.
    #[error("the simulator's entry bounty {sim} is not entry.price.bounty {config} (rule T16)")]
    BountyMismatch {
        /// [`SimOptions::bounty`]'s entry bounty.
        sim: Cents,
        /// `entry.price.bounty` of the configuration.
        config: Cents,
    },
    /// An entrant count outside [`MIN_ENTRANTS`]..=[`MAX_ENTRANTS`], refused
    /// before anything is registered.
    #[error("{entrants} entrants: a simulation plays {min} to {max}")]
    Entrants {
        /// The count asked for.
        entrants: u32,
        /// [`MIN_ENTRANTS`].
        min: u32,
        /// [`MAX_ENTRANTS`].
        max: u32,
    },
    /// The tournament refused a caller's command ([`Simulation::apply`]);
    /// nothing changed.
    #[error("the tournament refused the command: {0}")]
    Command(crate::command::TourneyError),
    /// A caller's command ([`Simulation::apply`]) while the bots still have
    /// entries or purchases queued: step until none are.
    #[error("{0} of the bots' entries or purchases are queued: step until none are")]
    DecisionsPending(usize),
    /// Late registration, re-entry and rebuys ([`SimPlan`]) need a multi-table
    /// event.
    #[error("rebuys and late entrants need multi-table rules (rules T2-T4)")]
    NeedsMultiTable,
    /// Knockout bounties need real hands, to know who knocked out whom.
    #[error("bounties need real hands (who knocked out whom, rule T16)")]
    BountyNeedsRealHands,
    /// The journal's label is not the simulator's.
    #[error("the journal was not written by the simulator (label {0:?})")]
    NotASimulation(String),
}

/// The fewest entrants a simulation plays (a tournament needs two players).
pub const MIN_ENTRANTS: u32 = 2;
/// The most entrants a simulation plays: an event sells at most
/// [`crate::MAX_PURCHASES`] entries.
pub const MAX_ENTRANTS: u32 = crate::MAX_PURCHASES as u32;

/// 2024-01-01 07:25 UTC: simulations start here, so synchronized breaks fall as in seed 000.
pub const SIM_START: Ms = 1_704_067_200_000 + 7 * 3_600_000 + 25 * 60_000;

#[derive(Debug, Clone)]
struct Planned {
    hand: u64,
    finish_at: Ms,
    stacks: Vec<(PlayerId, Chips)>,
    knockouts: Vec<Knockout>,
}

/// How the simulator plays hands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum HandModel {
    /// Real hands through `holdem_betting` (the default).
    #[default]
    Real,
    /// The quick all-in-or-fold model of [`quick_hand`]: faster, not poker.
    Quick,
}

/// Options of a simulation beyond the tournament's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SimOptions {
    /// How hands are played.
    pub model: HandModel,
    /// A knockout bounty on every entrant (T16); needs [`HandModel::Real`] to
    /// know who knocked out whom (the quick model pays no bounties).
    pub bounty: Option<KnockoutBounty>,
    /// How many of the entrants register after the start (T2), while late
    /// registration is open; those it closes on never enter.
    pub late_entrants: u32,
}

impl SimOptions {
    /// The usual progressive knockout: `entry_bounty` on each head, half of each
    /// collected bounty added to the winner's own head (T16).
    #[must_use]
    pub fn pko(entry_bounty: Cents) -> SimOptions {
        SimOptions {
            model: HandModel::Real,
            bounty: Some(KnockoutBounty {
                entry_bounty,
                progressive_share_bp: 5_000,
            }),
            late_entrants: 0,
        }
    }
}

/// What a simulation plays beyond the tournament rules: the composition the
/// `holdem simulate` command line asks for, as a library call
/// ([`SimPlan::compose`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct SimPlan {
    /// A rebuy event ([`TournamentConfig::online_rebuy`] with re-entry on, T2-T4).
    pub rebuys: bool,
    /// Entrants who register after the start (T2); `None` is a tenth of the
    /// field in a rebuy event, none otherwise.
    pub late_entrants: Option<u32>,
    /// A progressive knockout: half the buy-in on each head, half of each
    /// collected bounty added to the winner's own head (T16).
    pub pko: bool,
    /// How hands are played.
    pub model: HandModel,
}

impl SimPlan {
    /// The configuration and simulator options that play `config` (a rules
    /// set's tournament) for `entrants` as planned: a rebuy event replaces the
    /// entry options with [`TournamentConfig::online_rebuy`]'s (re-entry on);
    /// late entrants get a 60-minute late registration if the rules set none;
    /// a bounty goes into every price ([`TournamentConfig::with_knockout_bounty`]).
    ///
    /// # Errors
    /// [`SimError::NeedsMultiTable`] for rebuys or late entrants in a
    /// sit-and-go, heads-up or shootout event; [`SimError::BountyNeedsRealHands`]
    /// for a bounty with [`HandModel::Quick`].
    pub fn compose(
        &self,
        config: TournamentConfig,
        entrants: u32,
    ) -> Result<(TournamentConfig, SimOptions), SimError> {
        let mut opts = if self.pko {
            if self.model != HandModel::Real {
                return Err(SimError::BountyNeedsRealHands);
            }
            SimOptions::pko((config.event.buy_in / 2).max(1))
        } else {
            SimOptions {
                model: self.model,
                ..SimOptions::default()
            }
        };
        let default_late = if self.rebuys { entrants / 10 } else { 0 };
        opts.late_entrants = self.late_entrants.unwrap_or(default_late);
        if (self.rebuys || opts.late_entrants > 0)
            && config.event.format != crate::config::Format::MultiTable
        {
            return Err(SimError::NeedsMultiTable);
        }
        let mut config = if self.rebuys {
            let mut c = TournamentConfig::online_rebuy(config.event);
            c.entry.re_entry = true;
            c
        } else {
            config
        };
        if opts.late_entrants > 0 && config.entry.late_registration.window.is_none() {
            config.entry.late_registration.window = Some(money::Window::ClockMinutes(60));
        }
        if let Some(k) = opts.bounty {
            // T16 with T3/T4: the bounty part is in the entry, re-entry,
            // rebuy and add-on prices; a re-entry gets a new head, a rebuy's
            // or add-on's part goes on the buyer's own head.
            config = config.with_knockout_bounty(k);
        }
        Ok((config, opts))
    }
}

/// Makes the bot that plays for a player, the first time the player must act
/// ([`Simulation::with_bots`]).
pub type BotMaker = Box<dyn FnMut(PlayerId) -> Box<dyn Bot>>;

/// The user's bots of a simulation, made on first use.
struct UserBots {
    make: BotMaker,
    bots: BTreeMap<PlayerId, Box<dyn Bot>>,
}

impl core::fmt::Debug for UserBots {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("UserBots")
            .field("players", &self.bots.len())
            .finish_non_exhaustive()
    }
}

impl Seats for UserBots {
    fn bot(&mut self, player: PlayerId) -> &mut dyn Bot {
        let make = &mut self.make;
        self.bots
            .entry(player)
            .or_insert_with(|| make(player))
            .as_mut()
    }
}

/// A running simulation.
#[derive(Debug)]
pub struct Simulation {
    t: Tournament,
    seed: u64,
    entrants: u32,
    commands: u64,
    queue: BinaryHeap<Reverse<(Ms, TableId)>>,
    planned: BTreeMap<TableId, Planned>,
    opts: SimOptions,
    bounties: Option<money::Bounties>,
    bounty_cash: BTreeMap<PlayerId, Cents>,
    /// Bounty parts of rebuys and add-ons added to heads (T16 with T4).
    bounty_parts_added: Cents,
    /// Bots' own decisions (late entries, re-entries, rebuys, add-ons), applied
    /// before anything else; refused ones are dropped.
    voluntary: VecDeque<Command>,
    registered: u32,
    decisions: u64,
    /// The user's bots, when they play instead of the built-in ones.
    bots: Option<UserBots>,
}

fn mix(seed: u64, n: u64) -> u64 {
    // splitmix64 of seed + n: independent streams per command and per hand.
    let mut z = seed.wrapping_add(n.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Simulation {
    /// A new simulation of `entrants` players playing real hands; the journal's
    /// first entry is sent to `sink`.
    pub fn new(
        options: TournamentOptions,
        entrants: u32,
        seed: u64,
        sink: &mut dyn RecordSink,
    ) -> Result<Simulation, SimError> {
        Simulation::with_options(options, SimOptions::default(), entrants, seed, sink)
    }

    /// A new simulation with simulator options (hand model, bounties).
    pub fn with_options(
        options: TournamentOptions,
        opts: SimOptions,
        entrants: u32,
        seed: u64,
        sink: &mut dyn RecordSink,
    ) -> Result<Simulation, SimError> {
        let t = Tournament::new(options.clone())?;
        let sim = Simulation::make(t, opts, entrants, seed)?;
        sink.append(&Entry::Create {
            options,
            label: label(entrants, seed, opts),
        })?;
        Ok(sim)
    }

    /// A new simulation of a whole configuration: where it allows them, the bots
    /// register late ([`SimOptions::late_entrants`]), re-enter after busting (60%),
    /// rebuy when at or below the threshold (75%, and always tried when about to
    /// bust) and take the add-on (70%), each with ample funds.
    pub fn with_config(
        config: TournamentConfig,
        opts: SimOptions,
        entrants: u32,
        seed: u64,
        sink: &mut dyn RecordSink,
    ) -> Result<Simulation, SimError> {
        if let Some(k) = opts.bounty {
            if k.entry_bounty != config.entry.price.bounty {
                return Err(SimError::BountyMismatch {
                    sim: k.entry_bounty,
                    config: config.entry.price.bounty,
                });
            }
        }
        let t = Tournament::with_config(config.clone())?;
        let sim = Simulation::make(t, opts, entrants, seed)?;
        sink.append(&Entry::CreateWith {
            config: Box::new(config),
            label: label(entrants, seed, opts),
        })?;
        Ok(sim)
    }

    /// A simulation of `config` whose hands are played by the user's bots:
    /// `make` gives each player's bot the first time the player must act (real
    /// hands whatever `opts.model` says; players away are timed out, B17). The
    /// rest is as [`Simulation::with_config`]: entries, rebuys, add-ons, bounties.
    /// A journal it writes replays ([`Tournament::recover`]) but does not resume
    /// as a simulation ([`Simulation::resume`] plays the built-in bots, so it
    /// refuses the journal).
    ///
    /// ```
    /// use holdem_tourney::betting::{Action, Bot, Turn};
    /// use holdem_tourney::sim::{NoJournal, SimOptions, Simulation};
    /// use holdem_tourney::{TournamentConfig, TournamentOptions};
    ///
    /// /// Goes all-in whenever it may.
    /// struct Shover;
    /// impl Bot for Shover {
    ///     fn decide(&mut self, turn: &Turn<'_>) -> Action {
    ///         if turn.legal().all_in_to.is_some() { Action::AllIn } else { Action::CheckOrCall }
    ///     }
    /// }
    /// let config = TournamentConfig::from(TournamentOptions::sit_and_go(6));
    /// let mut sim = Simulation::with_bots(config, SimOptions::default(), 6, 1, &mut NoJournal, Box::new(|_| Box::new(Shover)))?;
    /// sim.run(&mut NoJournal, &mut |_| {})?;
    /// assert!(sim.is_done());
    /// # Ok::<(), holdem_tourney::sim::SimError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Simulation::with_config`].
    pub fn with_bots(
        config: TournamentConfig,
        opts: SimOptions,
        entrants: u32,
        seed: u64,
        sink: &mut dyn RecordSink,
        make: BotMaker,
    ) -> Result<Simulation, SimError> {
        let opts = SimOptions {
            model: HandModel::Real,
            ..opts
        };
        if let Some(k) = opts.bounty {
            if k.entry_bounty != config.entry.price.bounty {
                return Err(SimError::BountyMismatch {
                    sim: k.entry_bounty,
                    config: config.entry.price.bounty,
                });
            }
        }
        let t = Tournament::with_config(config.clone())?;
        let mut sim = Simulation::make(t, opts, entrants, seed)?;
        sim.bots = Some(UserBots {
            make,
            bots: BTreeMap::new(),
        });
        sink.append(&Entry::CreateWith {
            config: Box::new(config),
            label: format!("{} bots=user", label(entrants, seed, opts)),
        })?;
        Ok(sim)
    }

    fn make(
        t: Tournament,
        opts: SimOptions,
        entrants: u32,
        seed: u64,
    ) -> Result<Simulation, SimError> {
        if !(MIN_ENTRANTS..=MAX_ENTRANTS).contains(&entrants) {
            return Err(SimError::Entrants {
                entrants,
                min: MIN_ENTRANTS,
                max: MAX_ENTRANTS,
            });
        }
        let bounties = match opts.bounty {
            Some(k) => Some(money::Bounties::new(&BountyOptions {
                knockout: Some(k),
                fixed: Vec::new(),
            })?),
            None => None,
        };
        Ok(Simulation {
            t,
            seed,
            entrants,
            commands: 0,
            queue: BinaryHeap::new(),
            planned: BTreeMap::new(),
            opts,
            bounties,
            bounty_cash: BTreeMap::new(),
            bounty_parts_added: 0,
            voluntary: VecDeque::new(),
            registered: 0,
            decisions: 0,
            bots: None,
        })
    }

    /// Resumes from a journal (T20): replays it, rolls back the hands in
    /// progress and appends the roll-back to `sink` (which must append after
    /// the good frames: truncate the file to `good_len` first).
    ///
    /// A corrupt journal (a bad frame followed by good ones) is refused
    /// ([`RecoverError::Corrupt`]); [`Simulation::resume_with`] can truncate it.
    pub fn resume(
        bytes: &[u8],
        sink: &mut dyn RecordSink,
    ) -> Result<(Simulation, Recovered), SimError> {
        Simulation::resume_with(bytes, sink, RecoverOptions::default())
    }

    /// [`Simulation::resume`] with recovery options: with
    /// [`RecoverOptions::truncate_corrupt`] a corrupt journal is cut at its
    /// damaged frame and the dropped bytes come back in [`Recovered::dropped`]
    /// (keep them: the caller's sink must append after `good_len`).
    pub fn resume_with(
        bytes: &[u8],
        sink: &mut dyn RecordSink,
        options: RecoverOptions,
    ) -> Result<(Simulation, Recovered), SimError> {
        let (entrants, seed, opts) = {
            let (entries, _) = crate::journal::read_frames(bytes);
            match entries.first() {
                Some(Entry::Create { label, .. } | Entry::CreateWith { label, .. }) => {
                    parse_label(label).ok_or_else(|| SimError::NotASimulation(label.clone()))?
                }
                _ => return Err(RecoverError::NoHeader(bytes.len()).into()),
            }
        };
        let (_, good_len) = crate::journal::read_frames(bytes);
        let commands = count_commands(&bytes[..good_len]);
        let mut rng = ChaCha8Rng::seed_from_u64(mix(seed, commands + 1));
        let rec = Tournament::recover_with(bytes, &mut rng, options)?;
        // T20: the simulator's own state (the bots' pending entries, rebuys and
        // add-ons, their decision stream, the bounty ledger) is not journaled;
        // it is rebuilt by replaying the good frames exactly as `step` made them.
        let mut sim = Simulation::replay_shadow(&bytes[..rec.good_len], seed, entrants, opts)?;
        sim.t = rec.tournament.clone();
        sim.commands = rec.replayed as u64;
        if let Some(r) = &rec.record {
            sink.append(&Entry::Command(r.clone()))?;
            sim.commands += 1;
        }
        let events = rec.events.clone();
        sim.on_events(&events, true)?;
        // Only the hands dealt again are still to finish.
        sim.queue = sim
            .planned
            .iter()
            .map(|(&table, p)| Reverse((p.finish_at, table)))
            .collect();
        Ok((sim, rec))
    }

    /// Rebuilds a simulation's own state from the good frames of its journal
    /// (T20): replays every command on a shadow simulation as [`Simulation::step`]
    /// applied it, so the bots' decisions (and their queue of pending entries,
    /// rebuys and add-ons, refused ones included) come out as they did. Where
    /// those decisions or the bounties depend on hands (rebuys before a bust,
    /// T4; knockouts, T16), each dealt hand is played again: hands are a
    /// deterministic function of the seed, the hand number and the hand's lineup
    /// and stacks. Hands in progress at the crash are never paid: the resumed
    /// tournament rolls them back.
    fn replay_shadow(
        bytes: &[u8],
        seed: u64,
        entrants: u32,
        opts: SimOptions,
    ) -> Result<Simulation, SimError> {
        let (entries, _) = crate::journal::read_frames(bytes);
        let mut it = entries.into_iter();
        let config = match it.next() {
            Some(Entry::Create { options, .. }) => TournamentConfig::from(options),
            Some(Entry::CreateWith { config, .. }) => *config,
            _ => return Err(RecoverError::NoHeader(bytes.len()).into()),
        };
        let play = opts.bounty.is_some() || config.entry.rebuy.is_some();
        let t = Tournament::with_config(config)?;
        let mut shadow = Simulation::make(t, opts, entrants, seed)?;
        for entry in it {
            let Entry::Command(rec) = entry else { break };
            // `step` takes the front of the bots' queue while the event runs:
            // either it is this record's command, or the rules refused it and
            // it was dropped without a frame.
            while let Some(front) = shadow.voluntary.pop_front() {
                if shadow.t.phase() != Phase::Running || front == rec.input.command {
                    break;
                }
            }
            let Ok(events) = shadow.t.replay(&rec) else {
                break;
            };
            shadow.commands += 1;
            shadow.book(&rec.input.command)?;
            if let Command::Register { .. } = rec.input.command {
                shadow.registered += 1;
            }
            shadow.on_events(&events, play)?;
            shadow.decide(&rec.input.command, &events);
        }
        Ok(shadow)
    }

    /// The tournament.
    pub fn tournament(&self) -> &Tournament {
        &self.t
    }

    /// Entrants the simulation registers.
    pub fn entrants(&self) -> u32 {
        self.entrants
    }

    /// The simulator options.
    pub fn options(&self) -> SimOptions {
        self.opts
    }

    /// Bounty cash each player collected (T16), including the winner's own
    /// head at the end; empty without bounties.
    pub fn bounties_won(&self) -> &BTreeMap<PlayerId, Cents> {
        &self.bounty_cash
    }

    /// The bounty parts of rebuys and add-ons that went onto the buyers' own
    /// heads (T16 with T4), cents; 0 without bounties or such purchases.
    pub fn bounty_parts_added(&self) -> Cents {
        self.bounty_parts_added
    }

    /// The bots' entries and purchases queued for the next steps (while any
    /// are, [`Simulation::apply`] refuses).
    pub fn pending_decisions(&self) -> usize {
        self.voluntary.len()
    }

    /// Whether the tournament is over.
    pub fn is_done(&self) -> bool {
        matches!(self.t.phase(), Phase::Finished | Phase::Cancelled)
    }

    /// Applies the next command; returns its events.
    pub fn step(&mut self, sink: &mut dyn RecordSink) -> Result<Vec<TourneyEvent>, SimError> {
        let (input, voluntary) = match self.voluntary.pop_front() {
            Some(command) if self.t.phase() == Phase::Running => (
                TourneyInput {
                    at: self.t.now(),
                    command,
                },
                true,
            ),
            _ => (self.next_input(), false),
        };
        let mut rng = ChaCha8Rng::seed_from_u64(mix(self.seed, self.commands + 1));
        let (events, record) = match self.t.apply_recorded(&input, &mut rng) {
            Ok(x) => x,
            // A bot's own decision the rules refuse (window closed, over the
            // threshold...) is simply not taken.
            Err(_) if voluntary => return Ok(Vec::new()),
            Err(e) => return Err(e.into()),
        };
        self.commands += 1;
        sink.append(&Entry::Command(record))?;
        self.book(&input.command)?;
        if let Command::Register { .. } = input.command {
            self.registered += 1;
        }
        self.on_events(&events, true)?;
        self.decide(&input.command, &events);
        Ok(events)
    }

    /// Applies a command of the caller's at the simulation's current time (a
    /// deal proposed or accepted at the final table, T15; a player sitting
    /// out), journaled and booked like the bots' own, so the journal still
    /// resumes ([`Simulation::resume`]) to the same simulation. Returns the
    /// command's events.
    ///
    /// A simulation is saved by its journal: write it to a
    /// [`crate::journal::JournalWriter`] over a file or a `Vec<u8>`, and load
    /// it with [`Simulation::resume`] (see `examples/final_table_deal.rs`).
    ///
    /// # Errors
    /// [`SimError::DecisionsPending`] while the bots have entries or purchases
    /// queued (the journal could not tell them from the caller's; [`Simulation::step`]
    /// until none are); [`SimError::Command`] when the tournament refuses the
    /// command (nothing changes).
    pub fn apply(
        &mut self,
        command: Command,
        sink: &mut dyn RecordSink,
    ) -> Result<Vec<TourneyEvent>, SimError> {
        if !self.voluntary.is_empty() {
            return Err(SimError::DecisionsPending(self.voluntary.len()));
        }
        let input = TourneyInput {
            at: self.t.now().max(SIM_START),
            command,
        };
        let mut rng = ChaCha8Rng::seed_from_u64(mix(self.seed, self.commands + 1));
        let (events, record) = self
            .t
            .apply_recorded(&input, &mut rng)
            .map_err(SimError::Command)?;
        self.commands += 1;
        sink.append(&Entry::Command(record))?;
        self.book(&input.command)?;
        if let Command::Register { .. } = input.command {
            self.registered += 1;
        }
        self.on_events(&events, true)?;
        self.decide(&input.command, &events);
        Ok(events)
    }

    /// The bounty bookkeeping after an accepted `command` (T16 with T3/T4):
    /// knockouts of a finished hand paid, heads for entries and re-entries,
    /// bounty parts of rebuys and add-ons, refunds.
    fn book(&mut self, command: &Command) -> Result<(), SimError> {
        match *command {
            Command::HandFinished { table, .. } => {
                if let Some(p) = self.planned.remove(&table) {
                    self.pay_bounties(&p.knockouts)?;
                }
            }
            Command::Register { player } | Command::ReEnter { player } => {
                // T16 with T3: a re-entry is a new entry with a new bounty on
                // the player's head (the old one went to whoever knocked them out).
                if let Some(b) = &mut self.bounties {
                    b.enter(money::PlayerId(player.0))?;
                }
            }
            Command::Rebuy { player, .. } | Command::AddOn { player, .. } => {
                // T16 with T4: the bounty part of a rebuy or add-on goes on the
                // buyer's own head.
                let entry = &self.t.config().entry;
                let part = match command {
                    Command::Rebuy { .. } => entry.rebuy.map_or(0, |r| r.price.bounty),
                    _ => entry.add_on.map_or(0, |a| a.price.bounty),
                };
                if let (Some(b), true) = (&mut self.bounties, part > 0) {
                    b.add_to_head(money::PlayerId(player.0), part)?;
                    self.bounty_parts_added += part;
                }
            }
            Command::Unregister { player } => {
                // T3: the entry is refunded, its bounty part with it.
                if let Some(b) = &mut self.bounties {
                    b.withdraw(money::PlayerId(player.0))?;
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// A bot's yes/no with probability `per_mille`/1000, from its own stream.
    fn chance(&mut self, per_mille: u32) -> bool {
        self.decisions += 1;
        (mix(self.seed ^ 0xDEC1, self.decisions) % 1000) < u64::from(per_mille)
    }

    /// The bots' entry and chip-buying decisions after a command (T2-T4).
    fn decide(&mut self, command: &Command, events: &[TourneyEvent]) {
        if !self.t.entries_open() {
            return;
        }
        const FUNDS: Cents = 100_000_000;
        let rebuy = self.t.config().entry.rebuy;
        for e in events {
            match e {
                TourneyEvent::HandStarted { table, stacks, .. } if rebuy.is_some() => {
                    let threshold = rebuy.map_or(Chips::ZERO, |r| r.chip_threshold);
                    let Some(plan) = self.planned.get(table) else {
                        continue;
                    };
                    let busting: Vec<PlayerId> = plan
                        .stacks
                        .iter()
                        .filter(|s| s.1.is_zero())
                        .map(|s| s.0)
                        .collect();
                    for &(p, start) in stacks {
                        let wants = if busting.contains(&p) {
                            self.chance(900)
                        } else {
                            start <= threshold && self.chance(100)
                        };
                        if wants {
                            self.voluntary.push_back(Command::Rebuy {
                                player: p,
                                available_funds: FUNDS,
                            });
                        }
                    }
                }
                TourneyEvent::Busted { player }
                    if self.t.config().entry.re_entry && self.chance(600) =>
                {
                    self.voluntary
                        .push_back(Command::ReEnter { player: *player });
                }
                TourneyEvent::BreakStarted { .. } if self.t.config().entry.add_on.is_some() => {
                    let mut alive: Vec<PlayerId> = self.t.stacks().keys().copied().collect();
                    alive.sort_unstable();
                    for p in alive {
                        if self.chance(700) {
                            self.voluntary.push_back(Command::AddOn {
                                player: p,
                                available_funds: FUNDS,
                            });
                        }
                    }
                }
                _ => {}
            }
        }
        if matches!(command, Command::HandFinished { .. })
            && self.registered < self.entrants
            && self.chance(150)
        {
            self.voluntary.push_back(Command::Register {
                player: PlayerId(self.registered + 1),
            });
        }
    }

    /// Plays to the end, calling `progress` after every command.
    pub fn run(
        &mut self,
        sink: &mut dyn RecordSink,
        progress: &mut dyn FnMut(&Tournament),
    ) -> Result<(), SimError> {
        while !self.is_done() {
            self.step(sink)?;
            progress(&self.t);
        }
        Ok(())
    }

    fn next_input(&mut self) -> TourneyInput {
        let now = self.t.now().max(SIM_START);
        if self.t.phase() == Phase::Registering {
            let n = self.registered;
            if n < self.entrants.saturating_sub(self.opts.late_entrants).max(2) {
                return TourneyInput {
                    at: now,
                    command: Command::Register {
                        player: PlayerId(n + 1),
                    },
                };
            }
            return TourneyInput {
                at: now,
                command: Command::Start,
            };
        }
        // Drop stale queue entries (hands rolled back or tables gone).
        while let Some(&Reverse((at, table))) = self.queue.peek() {
            if self.planned.get(&table).is_some_and(|p| p.finish_at == at) {
                break;
            }
            self.queue.pop();
        }
        let next_hand = self.queue.peek().map(|r| r.0);
        match (next_hand, self.t.next_deadline()) {
            (Some((at, _)), Some(d)) if d < at => TourneyInput {
                at: d.max(now),
                command: Command::Tick,
            },
            (Some((at, table)), _) => {
                self.queue.pop();
                let p = self.planned.get(&table).cloned();
                match p {
                    Some(p) => TourneyInput {
                        at: at.max(now),
                        command: Command::HandFinished {
                            table,
                            hand: p.hand,
                            stacks: p.stacks,
                        },
                    },
                    None => TourneyInput {
                        at: now,
                        command: Command::Tick,
                    },
                }
            }
            (None, Some(d)) => TourneyInput {
                at: d.max(now),
                command: Command::Tick,
            },
            (None, None) => TourneyInput {
                at: now,
                command: Command::Tick,
            },
        }
    }

    fn pay_bounties(&mut self, knockouts: &[Knockout]) -> Result<(), SimError> {
        let Some(b) = &mut self.bounties else {
            return Ok(());
        };
        for ko in knockouts {
            if self.t.stacks().contains_key(&ko.busted) {
                // A rebuy bought during the hand kept the player in (T4).
                continue;
            }
            let winners: Vec<BountyWinner> = ko
                .winners
                .iter()
                .map(|&(p, position)| BountyWinner {
                    player: money::PlayerId(p.0),
                    position,
                })
                .collect();
            let award = b.knock_out(money::PlayerId(ko.busted.0), &winners)?;
            for pay in award.payouts {
                *self.bounty_cash.entry(PlayerId(pay.player.0)).or_default() += pay.cash;
            }
        }
        Ok(())
    }

    /// The simulator's side of a command's events: hands dealt are played
    /// (when `play`; a shadow replay that needs no hand results skips them).
    fn on_events(&mut self, events: &[TourneyEvent], play: bool) -> Result<(), SimError> {
        for e in events {
            match e {
                TourneyEvent::HandStarted {
                    table,
                    hand,
                    level,
                    lineup,
                    stacks,
                    away,
                    ..
                } if play => {
                    let mut rng = ChaCha8Rng::seed_from_u64(mix(self.seed ^ 0xB075, *hand));
                    let (result, knockouts, duration) = match self.opts.model {
                        HandModel::Quick => {
                            let r = quick_hand(level, lineup, stacks, &mut rng);
                            (r, Vec::new(), 30_000 + u64::from(below(&mut rng, 90_000)))
                        }
                        HandModel::Real => {
                            let played = match &mut self.bots {
                                Some(bots) => {
                                    play_hand_with(level, lineup, stacks, away, &mut rng, bots)?
                                }
                                None => play_hand(level, lineup, stacks, away, &mut rng)?,
                            };
                            let d = 20_000
                                + 3_000 * u64::from(played.actions)
                                + u64::from(below(&mut rng, 20_000));
                            (played.stacks, played.knockouts, d)
                        }
                    };
                    let finish_at = self.t.now() + duration;
                    self.planned.insert(
                        *table,
                        Planned {
                            hand: *hand,
                            finish_at,
                            stacks: result,
                            knockouts,
                        },
                    );
                    self.queue.push(Reverse((finish_at, *table)));
                }
                TourneyEvent::HandsRolledBack { hands } => {
                    for h in hands {
                        self.planned.remove(&h.table);
                    }
                }
                TourneyEvent::Ended { standings } => {
                    if let (Some(b), [winner]) = (&mut self.bounties, standings.as_slice()) {
                        let own = b.award_winner(money::PlayerId(winner.player.0))?;
                        *self.bounty_cash.entry(winner.player).or_default() += own.own_bounty;
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

fn label(entrants: u32, seed: u64, opts: SimOptions) -> String {
    let mut s = format!("holdem-simulate entrants={entrants} seed={seed}");
    if opts.model == HandModel::Quick {
        s.push_str(" model=quick");
    }
    if let Some(k) = opts.bounty {
        s.push_str(&format!(
            " bounty={}/{}",
            k.entry_bounty, k.progressive_share_bp
        ));
    }
    if opts.late_entrants > 0 {
        s.push_str(&format!(" late={}", opts.late_entrants));
    }
    s
}

fn parse_label(s: &str) -> Option<(u32, u64, SimOptions)> {
    let rest = s.strip_prefix("holdem-simulate entrants=")?;
    let mut words = rest.split(' ');
    let entrants = words.next()?.parse().ok()?;
    let seed = words.next()?.strip_prefix("seed=")?.parse().ok()?;
    let mut opts = SimOptions::default();
    for w in words {
        match w.split_once('=')? {
            ("model", "quick") => opts.model = HandModel::Quick,
            ("late", v) => opts.late_entrants = v.parse().ok()?,
            ("bounty", v) => {
                let (e, bp) = v.split_once('/')?;
                opts.bounty = Some(KnockoutBounty {
                    entry_bounty: e.parse().ok()?,
                    progressive_share_bp: bp.parse().ok()?,
                });
            }
            _ => return None,
        }
    }
    Some((entrants, seed, opts))
}

fn count_commands(bytes: &[u8]) -> u64 {
    let (entries, _) = crate::journal::read_frames(bytes);
    entries
        .iter()
        .filter(|e| matches!(e, Entry::Command(_)))
        .count() as u64
}

/// Plays one quick hand (see the module docs) and returns every dealt player's
/// final stack. Chips are conserved exactly.
pub fn quick_hand(
    level: &Level,
    lineup: &Lineup,
    stacks: &[(PlayerId, Chips)],
    rng: &mut dyn RngCore,
) -> Vec<(PlayerId, Chips)> {
    // Plain counts inside: every stack is part of the chips in play (below 2^63).
    let stacks: Vec<(PlayerId, u64)> = stacks.iter().map(|&(p, c)| (p, c.get())).collect();
    let (ante, small_blind, big_blind) = (
        level.ante.get(),
        level.small_blind.get(),
        level.big_blind.get(),
    );
    let n = stacks.len();
    let seat_of = |p: PlayerId| lineup.dealt.iter().find(|d| d.1 == p).map_or(0, |d| d.0);
    let mut put = vec![0u64; n];
    let mut folded = vec![false; n];
    let pay = |i: usize, amount: u64, put: &mut Vec<u64>| {
        let room = stacks[i].1 - put[i];
        put[i] += amount.min(room);
    };
    for i in 0..n {
        pay(i, ante, &mut put);
    }
    let idx = |seat: u8| stacks.iter().position(|&(p, _)| seat_of(p) == seat);
    if let Some(i) = lineup.small_blind.and_then(idx) {
        pay(i, small_blind, &mut put);
    }
    let bb = idx(lineup.big_blind);
    if let Some(i) = bb {
        pay(i, big_blind, &mut put);
    }
    // Action order: from the player after the big blind, around the table.
    let start = bb.map_or(0, |i| i + 1);
    let order: Vec<usize> = (0..n).map(|k| (start + k) % n).collect();
    let cost = small_blind + big_blind + ante * n as u64;
    let mut shover: Option<usize> = None;
    let mut acted: Vec<usize> = Vec::with_capacity(n);
    for &i in &order {
        let stack = stacks[i].1;
        if shover.is_none() {
            acted.push(i);
        }
        if put[i] >= stack {
            continue; // all-in on the blinds: stays in
        }
        let m = stack / cost.max(1);
        match shover {
            None => {
                let p = if m < 3 {
                    600
                } else if m < 8 {
                    250
                } else if m < 20 {
                    90
                } else {
                    40
                };
                let roll = below(rng, 1000);
                if roll < p {
                    shover = Some(i);
                    put[i] = stack;
                    // Limpers before the shove give up (their chips stay in).
                    for &j in &acted {
                        if put[j] < stacks[j].1 {
                            folded[j] = true;
                        }
                    }
                } else if Some(i) == bb {
                    // checks
                } else if roll < p + 250 {
                    put[i] = put[i].max(big_blind.min(stack)); // limps
                } else {
                    folded[i] = true;
                }
            }
            Some(s) => {
                let p = if m < 5 {
                    500
                } else if stack >= stacks[s].1 {
                    200
                } else {
                    120
                };
                if below(rng, 1000) < p {
                    put[i] = stack.min(stacks[s].1.max(put[i]));
                } else {
                    folded[i] = true;
                }
            }
        }
    }
    let live: Vec<usize> = (0..n).filter(|&i| !folded[i]).collect();
    if shover.is_none() && live.len() >= 2 {
        // A small post-flop pot between two live players.
        let a = live[below(rng, live.len() as u32) as usize];
        let b = live[below(rng, live.len() as u32) as usize];
        if a != b {
            let bet = big_blind * (2 + u64::from(below(rng, 5)));
            let x = bet.min(stacks[a].1 - put[a]).min(stacks[b].1 - put[b]);
            put[a] += x;
            put[b] += x;
        }
    }
    // A random ranking of the hands; pots layered by contribution (P1).
    let mut strength: Vec<u32> = (0..n).map(|_| rng.next_u32()).collect();
    for (i, s) in strength.iter_mut().enumerate() {
        if folded[i] {
            *s = 0;
        }
    }
    let mut levels: Vec<u64> = (0..n).filter(|&i| !folded[i]).map(|i| put[i]).collect();
    levels.sort_unstable();
    levels.dedup();
    let mut won = vec![0u64; n];
    let mut prev = 0;
    for (k, &lv) in levels.iter().enumerate() {
        let top = if k + 1 == levels.len() { u64::MAX } else { lv };
        let amount: u64 = put.iter().map(|&c| c.min(top) - c.min(prev)).sum();
        let winner = (0..n)
            .filter(|&i| !folded[i] && put[i] >= lv)
            .max_by_key(|&i| (strength[i], Reverse(i)))
            .unwrap_or(0);
        won[winner] += amount;
        prev = lv;
    }
    if levels.is_empty() {
        let total: u64 = put.iter().sum();
        won[bb.unwrap_or(0)] += total;
    }
    (0..n)
        .map(|i| (stacks[i].0, Chips(stacks[i].1 - put[i] + won[i])))
        .collect()
}
