//! Across hands at one table: where the button and blinds go (B18), who is dealt in
//! (new cash players, B19; players moved in a tournament, B20), and the stacks
//! carried from one [`crate::Hand`] to the next.
//!
//! ```
//! use holdem_betting::table::{ButtonRule, CashTable, Occupant};
//! use holdem_betting::{Chips, Seat};
//!
//! let s = |i| Seat::new(i).expect("seat");
//! let mut table = CashTable::new(ButtonRule::DeadButton, s(0));
//! for i in 0..4 {
//!     table.seat(s(i), Occupant::Playing { stack: Chips(1_000) })?;
//! }
//! let first = table.next_hand()?;
//! assert_eq!((first.positions.small_blind, first.positions.big_blind), (Some(s(1)), s(2)));
//! // (The hand is played: see `crate::CashGame`, which also carries the stacks.)
//! table.cancel_hand()?;
//! // Seat 2, the big blind, busts (B18, 002): next hand the small blind is dead.
//! table.seat(s(2), Occupant::Empty)?;
//! let next = table.next_hand()?;
//! assert_eq!((next.positions.button, next.positions.small_blind, next.positions.big_blind), (s(1), None, s(3)));
//! # Ok::<(), holdem_betting::table::TableError>(())
//! ```
//!
//! # Invariants
//! - One hand at a time: [`CashTable::next_hand`] deals, [`CashTable::finish_hand`] (or
//!   [`CashTable::cancel_hand`]) ends it; calls out of that order, a result of another
//!   hand and seats off the table are refused with a [`TableError`] and change
//!   nothing.

use arrayvec::ArrayVec;
use holdem_pots::{Chips, ChipsError, Seat, SeatSet};

use crate::state::next_in;
use crate::{Hand, HandResult, MAX_SEATS, Player, Positions, StateError};

/// How the button and blinds move when players leave (B18, a house rule).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum ButtonRule {
    /// The button always moves to the next player; the blinds follow it, and a
    /// player may miss a blind (000 2.4).
    #[default]
    ForwardMoving,
    /// The big blind moves to the next player; the small blind and the button follow
    /// the seats, so an eliminated small blind leaves the button on an empty seat and
    /// an eliminated big blind leaves the small blind dead (002).
    DeadButton,
}

/// How a new player joins a cash game (B19, a house rule).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum NewPlayer {
    /// Post a big blind to be dealt in at once, or wait for the big blind; a hand can
    /// then have two big blinds (001; standard). [`Occupant::PostingToPlay`] posts.
    #[default]
    PostOrWait,
    /// Always wait for the big blind: [`Occupant::PostingToPlay`] waits like
    /// [`Occupant::WaitingForBigBlind`].
    WaitForBigBlind,
}

/// When a player moved to a new table is dealt in (B20, a house rule).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
#[non_exhaustive]
pub enum MovedPlayer {
    /// Dealt in at once unless seated in the small blind or on the button, where they
    /// wait for the button to pass; in the big blind they post and play (002; the
    /// tournament-director standard).
    #[default]
    WaitInSmallBlindOrButton,
    /// Dealt in at once wherever they sit (000 2.6).
    DealtInAtOnce,
}

/// Button movement and seating house rules (B18-B20). TOML (kebab-case): `button =
/// "dead-button"`, `new-player = "post-or-wait"`, `moved-player =
/// "wait-in-small-blind-or-button"`; a missing field takes its default.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case", default))]
pub struct TableRules {
    /// Forward-moving or dead button (B18).
    pub button: ButtonRule,
    /// How a new cash-game player is dealt in (B19).
    pub new_player: NewPlayer,
    /// How a player moved from another table is dealt in (B20).
    pub moved_player: MovedPlayer,
}

impl Default for TableRules {
    /// The tournament-director standard: dead button (002), post or wait (001), moved
    /// players wait in the small blind or on the button (002).
    fn default() -> Self {
        TableRules {
            button: ButtonRule::DeadButton,
            new_player: NewPlayer::PostOrWait,
            moved_player: MovedPlayer::WaitInSmallBlindOrButton,
        }
    }
}

/// Who sits in a seat.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub enum Occupant {
    /// Nobody.
    #[default]
    Empty,
    /// A player dealt into every hand.
    Playing {
        /// Chips on the table.
        stack: Chips,
    },
    /// A new cash player who waits for the big blind to reach them (B19).
    WaitingForBigBlind {
        /// Chips on the table.
        stack: Chips,
    },
    /// A new cash player who posts a big blind to be dealt in at once (B19).
    PostingToPlay {
        /// Chips on the table.
        stack: Chips,
    },
    /// A tournament player moved to this table (B20): dealt in at once unless in the
    /// small blind or on the button.
    MovedIn {
        /// Chips on the table.
        stack: Chips,
    },
    /// A cash player away from the table: not dealt in, and the blinds skip the seat;
    /// each blind that passes it is owed when the player comes back ([`Owed`], B18).
    /// Set the seat to [`Occupant::Playing`] (post what is owed and play at once) or
    /// [`Occupant::WaitingForBigBlind`] (wait for the big blind, which settles the
    /// debt) on return.
    Away {
        /// Chips on the table.
        stack: Chips,
    },
}

/// The blinds a seat missed while away (B18, cash games): a returning player posts a
/// big blind (live) for `big` and a dead small blind for `small`, or waits for the
/// big blind. Eliminations under the forward-moving button owe nothing (000 2.4:
/// players get a reprieve).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "kebab-case"))]
pub struct Owed {
    /// The big blind passed the seat.
    pub big: bool,
    /// The small blind passed the seat.
    pub small: bool,
}

impl Owed {
    /// `true` when nothing is owed.
    #[must_use]
    pub const fn is_none(self) -> bool {
        !self.big && !self.small
    }
}

impl Occupant {
    /// The chips on the table in this seat, whatever the occupant's state: `None`
    /// for [`Occupant::Empty`], the `stack` of every other variant. While the seat
    /// plays a hand dealt by [`CashTable::next_hand`] it is the stack the hand
    /// started with ([`CashTable::finish_hand`] brings the result).
    ///
    /// ```
    /// use holdem_betting::Chips;
    /// use holdem_betting::table::Occupant;
    ///
    /// assert_eq!(Occupant::Away { stack: Chips(250) }.stack(), Some(Chips(250)));
    /// assert_eq!(Occupant::Empty.stack(), None);
    /// ```
    #[must_use]
    pub const fn stack(self) -> Option<Chips> {
        match self {
            Occupant::Empty => None,
            Occupant::Playing { stack }
            | Occupant::WaitingForBigBlind { stack }
            | Occupant::PostingToPlay { stack }
            | Occupant::MovedIn { stack }
            | Occupant::Away { stack } => Some(stack),
        }
    }
}

/// The next hand's players and positions, ready for [`crate::Hand::with_positions`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandSetup {
    /// The players dealt in, in seat order.
    pub players: ArrayVec<Player, MAX_SEATS>,
    /// Button, blinds, extra big blinds (B19).
    pub positions: Positions,
}

/// Why the table refused: no hand can be dealt, or a call out of order. A refused
/// call changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// Fewer than two players can be dealt in.
    #[error("only {players} player(s) can be dealt in; a hand needs two (B1)")]
    TooFewPlayers {
        /// Players who could play.
        players: usize,
    },
    /// [`CashTable::next_hand`] while the last hand it dealt is not finished
    /// ([`CashTable::finish_hand`] or [`CashTable::cancel_hand`] first).
    #[error("the hand dealt last is not finished: finish or cancel it before the next")]
    HandInProgress,
    /// [`CashTable::finish_hand`] or [`CashTable::cancel_hand`] with no hand dealt.
    #[error("no hand is in progress at the table")]
    NoHandInProgress,
    /// [`CashTable::finish_hand`] with the result of another hand: `seat` was not dealt
    /// in, is missing, or started with other chips.
    #[error("the result is not the hand's: seat {seat} does not match what the table dealt")]
    ResultMismatch {
        /// The first seat that does not match.
        seat: Seat,
    },
    /// A seat past the table's [`MAX_SEATS`].
    #[error("seat {seat} is not at the table (it has {max} seats)", max = MAX_SEATS)]
    SeatOutOfRange {
        /// The seat.
        seat: Seat,
    },
    /// [`CashTable::seat`] on a seat playing the hand in progress: its stack comes
    /// back with [`CashTable::finish_hand`].
    #[error("seat {seat} is playing the hand in progress")]
    SeatInHand {
        /// The seat.
        seat: Seat,
    },
}

/// One table across hands: seats, the button rule, and where the blinds were.
///
/// With the `serde` feature a table serializes; deserializing checks it
/// ([`CashTable::check_state`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(remote = "Self", rename_all = "kebab-case")
)]
pub struct CashTable {
    rules: TableRules,
    seats: [Occupant; MAX_SEATS],
    /// The button of the last hand dealt (or the first button, before any hand).
    button: Seat,
    /// The last hand's big blind and small-blind position (dead or not).
    last_blinds: Option<(Seat, Seat)>,
    /// Blinds missed by seats while away (B18).
    owed: [Owed; MAX_SEATS],
    /// The players of the hand dealt by `next_hand` and not yet finished.
    #[cfg_attr(feature = "serde", serde(default))]
    playing: Option<ArrayVec<Player, MAX_SEATS>>,
}

impl CashTable {
    /// An empty table whose first hand has the button on `first_button` (C5 decides
    /// it elsewhere).
    #[must_use]
    pub fn new(rule: ButtonRule, first_button: Seat) -> CashTable {
        CashTable::with_rules(
            TableRules {
                button: rule,
                ..TableRules::default()
            },
            first_button,
        )
    }

    /// An empty table under `rules` (B18-B20) whose first hand has the button on
    /// `first_button`.
    #[must_use]
    pub fn with_rules(rules: TableRules, first_button: Seat) -> CashTable {
        CashTable {
            rules,
            seats: [Occupant::Empty; MAX_SEATS],
            button: first_button,
            last_blinds: None,
            owed: [Owed::default(); MAX_SEATS],
            playing: None,
        }
    }

    /// Puts `occupant` in `seat` (or empties it).
    ///
    /// ```
    /// use holdem_betting::table::{ButtonRule, Occupant, CashTable, TableError};
    /// use holdem_betting::{Chips, Seat};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let mut table = CashTable::new(ButtonRule::DeadButton, s(0));
    /// assert_eq!(table.seat(s(12), Occupant::Playing { stack: Chips(100) }),
    ///            Err(TableError::SeatOutOfRange { seat: s(12) }));
    /// ```
    ///
    /// # Errors
    /// [`TableError::SeatOutOfRange`] past [`MAX_SEATS`]; [`TableError::SeatInHand`]
    /// for a seat playing the hand in progress. Nothing changes.
    pub fn seat(&mut self, seat: Seat, occupant: Occupant) -> Result<(), TableError> {
        let Some(slot) = self.seats.get_mut(seat.as_usize()) else {
            return Err(TableError::SeatOutOfRange { seat });
        };
        if self
            .playing
            .as_ref()
            .is_some_and(|p| p.iter().any(|p| p.seat == seat))
        {
            return Err(TableError::SeatInHand { seat });
        }
        *slot = occupant;
        if occupant == Occupant::Empty {
            // A player who leaves takes no debt with them, and a new one owes none.
            if let Some(owed) = self.owed.get_mut(seat.as_usize()) {
                *owed = Owed::default();
            }
        }
        Ok(())
    }

    /// Every chip on the table: the sum of the seated stacks (a hand in progress
    /// counts with the stacks it started with).
    ///
    /// # Errors
    /// [`ChipsError::Overflow`] when the seated stacks add up to more than a `u64`
    /// holds (no hand could be dealt from them either).
    pub fn total_chips(&self) -> Result<Chips, ChipsError> {
        self.seats.iter().filter_map(|o| o.stack()).sum()
    }

    /// `true` between [`CashTable::next_hand`] and [`CashTable::finish_hand`] (or
    /// [`CashTable::cancel_hand`]).
    ///
    /// ```
    /// use holdem_betting::table::{ButtonRule, CashTable, Occupant};
    /// use holdem_betting::{Chips, Seat};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let mut table = CashTable::new(ButtonRule::DeadButton, s(0));
    /// for i in 0..2 {
    ///     table.seat(s(i), Occupant::Playing { stack: Chips(300) })?;
    /// }
    /// assert_eq!(table.total_chips(), Ok(Chips(600)));
    /// table.next_hand()?;
    /// assert!(table.hand_in_progress());
    /// # Ok::<(), holdem_betting::table::TableError>(())
    /// ```
    #[must_use]
    pub const fn hand_in_progress(&self) -> bool {
        self.playing.is_some()
    }

    /// The blinds `seat` missed while away and owes (B18).
    #[must_use]
    pub fn owes(&self, seat: Seat) -> Owed {
        self.owed.get(seat.as_usize()).copied().unwrap_or_default()
    }

    /// The table's house rules.
    #[must_use]
    pub const fn rules(&self) -> TableRules {
        self.rules
    }

    /// Who sits in `seat`.
    #[must_use]
    pub fn occupant(&self, seat: Seat) -> Occupant {
        self.seats.get(seat.as_usize()).copied().unwrap_or_default()
    }

    fn seated(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for (i, o) in self.seats.iter().enumerate() {
            // Away seats and returning players who still owe blinds take no position:
            // the blinds never move back to them (B18).
            let away = match o {
                Occupant::Away { .. } => true,
                Occupant::Playing { .. } => !self.owed[i].is_none(),
                _ => false,
            };
            if !away && o.stack().is_some_and(|s| !s.is_zero()) {
                if let Some(seat) = Seat::new(i as u8) {
                    set.insert(seat);
                }
            }
        }
        set
    }

    /// Moves the button and blinds (B18), decides who is dealt in (B19, B20) and
    /// returns the next hand's setup. Call [`CashTable::finish_hand`] after the hand
    /// (or [`CashTable::cancel_hand`]).
    ///
    /// # Errors
    /// [`TableError::TooFewPlayers`] with fewer than two players to deal in,
    /// [`TableError::HandInProgress`] before the last hand is finished. Nothing
    /// changes.
    pub fn next_hand(&mut self) -> Result<HandSetup, TableError> {
        if self.playing.is_some() {
            return Err(TableError::HandInProgress);
        }
        let mut next = self.clone();
        let setup = next.move_on()?;
        next.playing = Some(setup.players.clone());
        *self = next;
        Ok(setup)
    }

    /// [`CashTable::next_hand`]'s work, on a copy of the table.
    fn move_on(&mut self) -> Result<HandSetup, TableError> {
        let mut seated = self.seated();
        if seated.len() < 2 && !self.returning().is_empty() {
            // Too few players without debts to start a hand: the game starts afresh
            // and returning players owe nothing.
            for i in self.returning().iter() {
                self.owed[i.as_usize()] = Owed::default();
            }
            seated = self.seated();
        }
        let too_few = TableError::TooFewPlayers {
            players: seated.len(),
        };
        if seated.len() < 2 {
            return Err(too_few);
        }
        let (button, sb_position, big_blind) = match self.last_blinds {
            None => {
                let sb = next_in(seated, self.button).ok_or(too_few)?;
                let bb = next_in(seated, sb).ok_or(too_few)?;
                if seated.len() == 2 {
                    // B4: heads-up the button posts the small blind.
                    let button = next_in(seated, bb).ok_or(too_few)?;
                    (button, button, bb)
                } else {
                    (self.button, sb, bb)
                }
            }
            Some((last_bb, last_sb_position)) => match (self.rules.button, seated.len()) {
                (_, 2) => {
                    let bb = next_in(seated, last_bb).ok_or(too_few)?;
                    let button = next_in(seated, bb).ok_or(too_few)?;
                    (button, button, bb)
                }
                (ButtonRule::ForwardMoving, _) => {
                    let button = next_in(seated, self.button).ok_or(too_few)?;
                    let sb = next_in(seated, button).ok_or(too_few)?;
                    (button, sb, next_in(seated, sb).ok_or(too_few)?)
                }
                (ButtonRule::DeadButton, _) => {
                    // The big blind moves to the next player; the small blind and the
                    // button follow the seats, empty or not (002).
                    let bb = next_in(seated, last_bb).ok_or(too_few)?;
                    (last_sb_position, last_bb, bb)
                }
            },
        };

        // B18: the blinds skip away seats, which owe each blind that passes them.
        if let Some((last_bb, last_sb_position)) = self.last_blinds {
            self.mark_missed(last_bb, big_blind, true);
            self.mark_missed(last_sb_position, sb_position, false);
        }

        // Who plays; when that leaves fewer than two players, nobody has anyone to
        // wait for: the second pass deals in every waiting player (without extra
        // posts).
        let mut deal = DealtIn::default();
        for everyone in [false, true] {
            deal = self.deal_in(seated, button, sb_position, big_blind, everyone);
            if deal.players.len() >= 2 {
                break;
            }
        }
        let DealtIn {
            players,
            dealt,
            extra,
            dead,
        } = deal;
        if players.len() < 2 || !dealt.contains(big_blind) {
            return Err(TableError::TooFewPlayers {
                players: players.len(),
            });
        }
        for seat in dealt.iter() {
            let slot = &mut self.seats[seat.as_usize()];
            if let Some(stack) = slot.stack() {
                *slot = Occupant::Playing { stack };
            }
            // Dealt in: the debt is posted now, or settled by the big blind.
            self.owed[seat.as_usize()] = Owed::default();
        }
        self.button = button;
        self.last_blinds = Some((big_blind, sb_position));
        let small_blind = Some(sb_position).filter(|s| dealt.contains(*s) && *s != big_blind);
        Ok(HandSetup {
            players,
            positions: Positions {
                button,
                small_blind,
                big_blind,
                extra_big_blinds: extra,
                dead_blinds: dead,
            },
        })
    }

    /// The players dealt into the next hand, with the extra big blinds and dead small
    /// blinds they post (B18-B20); with `everyone`, waiting players play too.
    fn deal_in(
        &self,
        seated: SeatSet,
        button: Seat,
        sb_position: Seat,
        big_blind: Seat,
        everyone: bool,
    ) -> DealtIn {
        let mut players = ArrayVec::new();
        let mut dealt = SeatSet::EMPTY;
        let mut extra = SeatSet::EMPTY;
        let mut dead = SeatSet::EMPTY;
        let posting_allowed = self.rules.new_player == NewPlayer::PostOrWait;
        for seat in seated.union(self.returning()).iter() {
            let occupant = self.seats[seat.as_usize()];
            let Some(stack) = occupant.stack() else {
                continue;
            };
            let owed = self.owed[seat.as_usize()];
            let plays = match occupant {
                Occupant::Empty | Occupant::Away { .. } => false,
                // B18: a returning player who owes blinds posts what is owed (a live big
                // blind and a dead small blind) and plays, unless seated between the
                // button and the big blind, where they wait for the button to pass;
                // under the wait-for-big-blind rule they wait.
                Occupant::Playing { .. } if !owed.is_none() => {
                    if posting_allowed && !between(button, big_blind, seat) {
                        if owed.big {
                            extra.insert(seat);
                        }
                        if owed.small {
                            dead.insert(seat);
                        }
                        true
                    } else {
                        everyone
                    }
                }
                Occupant::Playing { .. } => true,
                // B19: waits until the big blind reaches them.
                Occupant::WaitingForBigBlind { .. } => everyone || seat == big_blind,
                // B19: posts a big blind to play at once (a second big blind).
                Occupant::PostingToPlay { .. }
                    if self.rules.new_player == NewPlayer::WaitForBigBlind =>
                {
                    everyone || seat == big_blind
                }
                Occupant::PostingToPlay { .. } => {
                    if seat != big_blind && !everyone {
                        extra.insert(seat);
                        if owed.small {
                            dead.insert(seat);
                        }
                    }
                    true
                }
                // B20: in the small blind or on the button they wait for the button
                // to pass; in the big blind they post it and play.
                Occupant::MovedIn { .. } => {
                    everyone
                        || self.rules.moved_player == MovedPlayer::DealtInAtOnce
                        || (seat != sb_position && seat != button)
                }
            };
            if plays {
                dealt.insert(seat);
                players.push(Player::new(seat, stack));
            }
        }
        DealtIn {
            players,
            dealt,
            extra,
            dead,
        }
    }

    /// Returning players who still owe blinds (no position until they play).
    fn returning(&self) -> SeatSet {
        let mut set = SeatSet::EMPTY;
        for (i, o) in self.seats.iter().enumerate() {
            if matches!(o, Occupant::Playing { stack } if !stack.is_zero())
                && !self.owed[i].is_none()
            {
                if let Some(seat) = Seat::new(i as u8) {
                    set.insert(seat);
                }
            }
        }
        set
    }

    /// Marks the away seats strictly between `from` and `to` (clockwise) as owing
    /// the big blind (`big`) or the small blind.
    fn mark_missed(&mut self, from: Seat, to: Seat, big: bool) {
        let (from, to) = (from.as_usize(), to.as_usize());
        let mut i = (from + 1) % MAX_SEATS;
        while i != to && i != from {
            if matches!(self.seats[i], Occupant::Away { .. }) {
                if big {
                    self.owed[i].big = true;
                } else {
                    self.owed[i].small = true;
                }
            }
            i = (i + 1) % MAX_SEATS;
        }
    }

    /// Carries the hand's final stacks to the table; players left with no chips
    /// leave their seats.
    ///
    /// # Errors
    /// [`TableError::NoHandInProgress`] without a hand dealt;
    /// [`TableError::ResultMismatch`] when `result` is not the result of the hand
    /// [`CashTable::next_hand`] dealt (other seats, other starting stacks). Nothing
    /// changes.
    pub fn finish_hand(&mut self, result: &HandResult) -> Result<(), TableError> {
        let Some(playing) = &self.playing else {
            return Err(TableError::NoHandInProgress);
        };
        let mut dealt = SeatSet::EMPTY;
        for p in playing {
            dealt.insert(p.seat);
            if !result.players().contains(p.seat) || result.starting_stack(p.seat) != p.stack {
                return Err(TableError::ResultMismatch { seat: p.seat });
            }
        }
        if let Some(seat) = result.players().iter().find(|s| !dealt.contains(*s)) {
            return Err(TableError::ResultMismatch { seat });
        }
        for (seat, stack) in result.final_stacks() {
            if let Some(slot) = self.seats.get_mut(seat.as_usize()) {
                *slot = if stack.is_zero() {
                    Occupant::Empty
                } else {
                    Occupant::Playing { stack }
                };
            }
        }
        self.playing = None;
        Ok(())
    }

    /// Ends the hand [`CashTable::next_hand`] dealt without a result: every stack stays
    /// as it was, and the button and blinds stay where that hand put them (the next
    /// hand moves on from there). For a hand called off before any chip moved.
    ///
    /// ```
    /// use holdem_betting::table::{ButtonRule, Occupant, CashTable, TableError};
    /// use holdem_betting::{Chips, Seat};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let mut table = CashTable::new(ButtonRule::DeadButton, s(0));
    /// for i in 0..3 {
    ///     table.seat(s(i), Occupant::Playing { stack: Chips(100) })?;
    /// }
    /// assert_eq!(table.next_hand()?.positions.button, s(0));
    /// // Dealing again before the hand ends would skip a button: refused.
    /// assert_eq!(table.next_hand(), Err(TableError::HandInProgress));
    /// table.cancel_hand()?;
    /// assert_eq!(table.next_hand()?.positions.button, s(1));
    /// # Ok::<(), TableError>(())
    /// ```
    ///
    /// # Errors
    /// [`TableError::NoHandInProgress`] without a hand dealt.
    pub fn cancel_hand(&mut self) -> Result<(), TableError> {
        if self.playing.take().is_none() {
            return Err(TableError::NoHandInProgress);
        }
        Ok(())
    }
}

impl CashTable {
    /// Checks the table's state as one that may come from outside (a saved
    /// game): the button and the last blinds on the table's seats, and the hand
    /// in progress (if any) lists at least two players in seat order, each in a
    /// seat that holds them playing with the stack the hand started with (the
    /// table keeps those seats as [`CashTable::next_hand`] left them). Every
    /// deserialized table passes it (feature `serde`).
    ///
    /// ```
    /// use holdem_betting::table::{ButtonRule, CashTable, Occupant};
    /// use holdem_betting::{Chips, Seat};
    ///
    /// let s = |i| Seat::new(i).expect("seat");
    /// let mut table = CashTable::new(ButtonRule::DeadButton, s(0));
    /// for i in 0..3 {
    ///     table.seat(s(i), Occupant::Playing { stack: Chips(100) })?;
    /// }
    /// table.next_hand()?;
    /// assert_eq!(table.check_state(), Ok(()));
    /// # Ok::<(), holdem_betting::table::TableError>(())
    /// ```
    ///
    /// # Errors
    /// The first broken invariant, as a [`StateError`].
    pub fn check_state(&self) -> Result<(), StateError> {
        let on_table = |field, seat: Seat| {
            if seat.as_usize() < MAX_SEATS {
                Ok(())
            } else {
                Err(StateError::SeatOutOfRange { field, seat })
            }
        };
        on_table("table button", self.button)?;
        if let Some((big, small)) = self.last_blinds {
            on_table("table big blind", big)?;
            on_table("table small blind", small)?;
        }
        let Some(playing) = &self.playing else {
            return Ok(());
        };
        let mut last = None;
        for p in playing {
            let in_seat = self.seats.get(p.seat.as_usize()).copied();
            if last.is_some_and(|l: Seat| l.index() >= p.seat.index())
                || p.stack.is_zero()
                || in_seat != Some(Occupant::Playing { stack: p.stack })
            {
                return Err(StateError::TablePlayer { seat: p.seat });
            }
            last = Some(p.seat);
        }
        if playing.len() < 2 {
            return Err(StateError::OutOfBounds { field: "playing" });
        }
        Ok(())
    }

    /// Checks `hand` as the table's hand in progress, or the absence of one
    /// (`None`) against the table's state.
    pub(crate) fn check_hand<E>(&self, hand: Option<&Hand<E>>) -> Result<(), StateError> {
        let mismatch = |field| Err(StateError::TableMismatch { field });
        let (Some(hand), Some(playing)) = (hand, &self.playing) else {
            if hand.is_some() != self.playing.is_some() {
                return mismatch("hand in progress");
            }
            return Ok(());
        };
        let players = hand.players();
        if playing.len() != players.len()
            || playing
                .iter()
                .any(|p| !players.contains(p.seat) || hand.starting_stack(p.seat) != p.stack)
        {
            return mismatch("players");
        }
        let positions = hand.positions();
        if positions.button != self.button {
            return mismatch("button");
        }
        if self.last_blinds.map(|(big, _)| big) != Some(positions.big_blind) {
            return mismatch("big blind");
        }
        Ok(())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for CashTable {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        CashTable::serialize(self, serializer)
    }
}

/// A deserialized table is checked ([`CashTable::check_state`]).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CashTable {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let table = CashTable::deserialize(deserializer)?;
        table.check_state().map_err(serde::de::Error::custom)?;
        Ok(table)
    }
}

/// `true` when `seat` is `from` or lies clockwise after it and before `to`.
fn between(from: Seat, to: Seat, seat: Seat) -> bool {
    let n = MAX_SEATS;
    let (f, t, x) = (from.as_usize(), to.as_usize(), seat.as_usize());
    let span = (t + n - f) % n;
    let off = (x + n - f) % n;
    off < span
}

/// The players of the next hand and the extra and dead blinds they post.
#[derive(Default)]
struct DealtIn {
    players: ArrayVec<Player, MAX_SEATS>,
    dealt: SeatSet,
    extra: SeatSet,
    dead: SeatSet,
}
