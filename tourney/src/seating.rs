//! Seats and tables (rules T1, T11, T12, B18, B20): the random seat draw, breaking
//! and balancing tables as players bust, the final table, button draws, and who is
//! dealt in at a table's next hand.
//!
//! [`Seating`] is plain data plus pure operations: [`Seating::plan`] turns the
//! current seating into the list of moves it calls for, without changing
//! anything; [`Seating::rebalance`] makes those moves. The random source is
//! injected.
//!
//! # Invariants
//! - Every registered, not-eliminated player sits in exactly one seat.
//! - A table exists only while someone sits at it.
//! - Players are only taken *from* tables that are not in a hand (a table is
//!   marked busy while it plays a hand); they may sit down at a busy table and
//!   join its next hand.
//! - Once every table is idle after [`Seating::rebalance`], table sizes differ by
//!   at most one.

use std::collections::{BTreeMap, BTreeSet};

use rand_core::RngCore;
use serde::{Deserialize, Serialize};

use crate::ids::{IdMap, PlayerId, TableId, below, shuffle};

pub use holdem_betting::table::{ButtonRule, MovedPlayer};

/// A seat at a table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct SeatRef {
    /// The table.
    pub table: TableId,
    /// The seat index, 0-based.
    pub seat: u8,
}

/// When a short table is broken, a house rule (T11).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum BreakPolicy {
    /// Break a table as soon as its players fit in the other tables' empty seats (000 2.6).
    AsSoonAsTheyFit,
    /// Break a table once it has this many players or fewer and there is room
    /// elsewhere (002: four).
    AtOrBelow(u8),
}

/// Why a player was moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum MoveReason {
    /// Their table was broken; the new seat is drawn at random (T11).
    TableBroken,
    /// Moved to balance table sizes, to the seat most like their old one
    /// relative to the blinds (T11).
    Balance,
}

/// One change to the seating.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
#[serde(rename_all = "kebab-case", rename_all_fields = "kebab-case")]
pub enum SeatingChange {
    /// A player moved to another table.
    Moved {
        /// Who.
        player: PlayerId,
        /// From.
        from: SeatRef,
        /// To.
        to: SeatRef,
        /// Why.
        reason: MoveReason,
    },
    /// A table was broken (its players' moves follow).
    TableBroken {
        /// The table.
        table: TableId,
    },
    /// Everyone left now sits at this table: the final table (T11). Its next
    /// hand starts with a fresh button draw (T12).
    FinalTable {
        /// The table.
        table: TableId,
    },
}

/// Why a seating operation was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SeatingError {
    /// Tables seat 2 to 10 players.
    #[error("a table seats 2 to 10 players, not {0}")]
    TableSize(u8),
    /// A player was given twice.
    #[error("{0} is already seated")]
    AlreadySeated(PlayerId),
    /// The player is not seated.
    #[error("{0} is not seated")]
    NotSeated(PlayerId),
    /// The table does not exist.
    #[error("{0} does not exist")]
    NoSuchTable(TableId),
    /// A hand needs two players.
    #[error("{0} has fewer than two players")]
    TooFewPlayers(TableId),
}

/// A seated player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seated {
    /// Who.
    pub player: PlayerId,
    /// Moved here and not dealt a hand yet (B20).
    pub fresh: bool,
}

/// One table: seats, button and bookkeeping for T12.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct TournamentTable {
    id: TableId,
    seats: Vec<Option<Seated>>,
    button: Option<u8>,
    count: u8,
    arrivals: u8,
    redraw: bool,
    busy: bool,
    undo: Option<Undo>,
    /// The dead-button rule applies (B18).
    #[serde(default)]
    dead_button: bool,
    /// The last hand's big blind and small-blind position (dead or not).
    #[serde(default)]
    last_blinds: Option<(u8, u8)>,
}

/// What a hand start changed at its table, to undo on a roll-back (T20).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
struct Undo {
    #[serde(default)]
    last_blinds: Option<(u8, u8)>,
    button: Option<u8>,
    arrivals: u8,
    redraw: bool,
    fresh: Vec<u8>,
}

impl TournamentTable {
    /// The table id.
    pub fn id(&self) -> TableId {
        self.id
    }
    /// Seats, `None` where empty.
    pub fn seats(&self) -> &[Option<Seated>] {
        &self.seats
    }
    /// The button seat of the last hand, if any hand was played.
    pub fn button(&self) -> Option<u8> {
        self.button
    }
    /// Players seated.
    pub fn count(&self) -> u8 {
        self.count
    }
    /// Whether the table is playing a hand.
    pub fn is_busy(&self) -> bool {
        self.busy
    }
    /// The seated players in seat order.
    pub fn players(&self) -> impl Iterator<Item = (u8, PlayerId)> + '_ {
        self.seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.map(|s| (i as u8, s.player)))
    }
    fn next_occupied(&self, after: u8) -> u8 {
        let n = self.seats.len();
        for d in 1..=n {
            let s = (after as usize + d) % n;
            if self.seats[s].is_some() {
                return s as u8;
            }
        }
        after
    }
    /// The seat that will have the button next hand if nothing changes (B18):
    /// the next player under the forward-moving button; under the dead button the
    /// last small-blind position, empty or not.
    fn next_button(&self) -> u8 {
        if let (true, Some((_, sb)), false) = (self.dead_button, self.last_blinds, self.count == 2)
        {
            return sb;
        }
        match self.button {
            Some(b) => self.next_occupied(b),
            None => self.next_occupied(self.seats.len() as u8 - 1),
        }
    }

    /// The seat due for the big blind next hand if nothing changes (B18).
    fn next_big_blind(&self) -> u8 {
        if let (true, Some((bb, _))) = (self.dead_button, self.last_blinds) {
            return self.next_occupied(bb);
        }
        let nb = self.next_button();
        if self.count == 2 {
            self.next_occupied(nb)
        } else {
            self.next_occupied(self.next_occupied(nb))
        }
    }

    /// How the button moves at this table (B18).
    pub fn button_rule(&self) -> ButtonRule {
        if self.dead_button {
            ButtonRule::DeadButton
        } else {
            ButtonRule::ForwardMoving
        }
    }
    fn distance(&self, from: u8, to: u8) -> u8 {
        let n = self.seats.len() as u8;
        (to + n - from) % n
    }
}

/// Who plays a table's next hand: the button, the blinds and the dealt players.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub struct Lineup {
    /// The table.
    pub table: TableId,
    /// The button seat.
    pub button: u8,
    /// The small blind seat; `None` when the player there waits (B20) and the
    /// small blind is dead.
    pub small_blind: Option<u8>,
    /// The big blind seat.
    pub big_blind: u8,
    /// Players dealt in, in seat order.
    pub dealt: Vec<(u8, PlayerId)>,
    /// Players who wait for the button to pass (B20).
    pub waiting: Vec<(u8, PlayerId)>,
    /// The button was decided by a fresh draw (T12).
    pub button_drawn: bool,
}

/// All tables of an event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Seating {
    table_size: u8,
    tables: BTreeMap<TableId, TournamentTable>,
    by_count: BTreeSet<(u8, TableId)>,
    idle_by_count: BTreeSet<(u8, TableId)>,
    where_is: IdMap<PlayerId, SeatRef>,
    next_table: u32,
    dead_button: bool,
    /// B20: moved players wait in the small blind or on the button (else they
    /// are dealt in at once).
    moved_wait: bool,
}

impl Seating {
    /// An empty seating with tables of `table_size` seats.
    pub fn new(table_size: u8) -> Result<Seating, SeatingError> {
        if !(2..=crate::MAX_TABLE_SIZE).contains(&table_size) {
            return Err(SeatingError::TableSize(table_size));
        }
        Ok(Seating {
            table_size,
            tables: BTreeMap::new(),
            by_count: BTreeSet::new(),
            idle_by_count: BTreeSet::new(),
            where_is: IdMap::default(),
            next_table: 1,
            dead_button: false,
            moved_wait: true,
        })
    }

    /// Sets how the button moves at every table, now and later (B18; the
    /// forward-moving button until set).
    pub fn set_button_rule(&mut self, rule: ButtonRule) {
        self.dead_button = rule == ButtonRule::DeadButton;
        for t in self.tables.values_mut() {
            t.dead_button = self.dead_button;
        }
    }

    /// The same seating under `rule` (see [`Seating::set_button_rule`]).
    pub fn with_button_rule(mut self, rule: ButtonRule) -> Seating {
        self.set_button_rule(rule);
        self
    }

    /// Sets when a player moved to a new table is dealt in (B20, a house rule;
    /// until set, the standard [`MovedPlayer::WaitInSmallBlindOrButton`]):
    /// waiting in the small blind or on the button until the button passes
    /// (002), or dealt in at once wherever they sit
    /// ([`MovedPlayer::DealtInAtOnce`], 000 2.6).
    pub fn set_moved_player(&mut self, rule: MovedPlayer) {
        self.moved_wait = rule != MovedPlayer::DealtInAtOnce;
    }

    /// The same seating under `rule` (see [`Seating::set_moved_player`]).
    pub fn with_moved_player(mut self, rule: MovedPlayer) -> Seating {
        self.set_moved_player(rule);
        self
    }

    /// When a moved player is dealt in at this seating's tables (B20).
    pub fn moved_player(&self) -> MovedPlayer {
        if self.moved_wait {
            MovedPlayer::WaitInSmallBlindOrButton
        } else {
            MovedPlayer::DealtInAtOnce
        }
    }

    /// The random seat draw (T1): the fewest tables that seat everyone, sizes
    /// within one, each player in a random seat. Seats cannot be changed.
    pub fn draw(
        players: &[PlayerId],
        table_size: u8,
        rng: &mut dyn RngCore,
    ) -> Result<Seating, SeatingError> {
        let mut s = Seating::new(table_size)?;
        let mut order = players.to_vec();
        order.sort_unstable();
        if let Some(w) = order.windows(2).find(|w| w[0] == w[1]) {
            return Err(SeatingError::AlreadySeated(w[0]));
        }
        shuffle(rng, &mut order);
        let n = order.len();
        let tables = n.div_ceil(table_size as usize).max(1);
        let ids: Vec<TableId> = (0..tables).map(|_| s.open_table()).collect();
        for chunk in order.chunks(tables) {
            for (k, &p) in chunk.iter().enumerate() {
                let t = ids[k];
                let seat = s.random_empty_seat(t, rng);
                s.sit(p, SeatRef { table: t, seat }, false);
            }
        }
        if n == 0 {
            s.close_table(ids[0]);
        }
        Ok(s)
    }

    /// A seating from explicit tables: for each, its seats (`None` where empty)
    /// and the button of its last hand. Tables are numbered from 1 in order;
    /// nobody is fresh. Used to restore a layout and in tests.
    pub fn from_tables(
        table_size: u8,
        tables: &[(Vec<Option<PlayerId>>, Option<u8>)],
    ) -> Result<Seating, SeatingError> {
        let mut s = Seating::new(table_size)?;
        for (seats, button) in tables {
            let id = s.open_table();
            for (i, p) in seats.iter().enumerate().take(table_size as usize) {
                if let Some(p) = *p {
                    if s.where_is.contains_key(&p) {
                        return Err(SeatingError::AlreadySeated(p));
                    }
                    s.sit(
                        p,
                        SeatRef {
                            table: id,
                            seat: i as u8,
                        },
                        false,
                    );
                }
            }
            if let Some(t) = s.tables.get_mut(&id) {
                t.button = *button;
                t.arrivals = 0;
                t.redraw = button.is_none();
            }
            if s.tables.get(&id).is_some_and(|t| t.count == 0) {
                s.close_table(id);
            }
        }
        Ok(s)
    }

    /// Seats of a table.
    pub fn table_size(&self) -> u8 {
        self.table_size
    }

    /// Number of players seated.
    pub fn players(&self) -> usize {
        self.where_is.len()
    }

    /// The tables, by id.
    pub fn tables(&self) -> impl Iterator<Item = &TournamentTable> {
        self.tables.values()
    }

    /// Number of tables.
    pub fn table_count(&self) -> usize {
        self.tables.len()
    }

    /// One table.
    pub fn table(&self, id: TableId) -> Option<&TournamentTable> {
        self.tables.get(&id)
    }

    /// Where a player sits.
    pub fn seat_of(&self, player: PlayerId) -> Option<SeatRef> {
        self.where_is.get(&player).copied()
    }

    /// Tables not playing a hand.
    pub fn idle_tables(&self) -> impl Iterator<Item = TableId> + '_ {
        self.idle_by_count.iter().map(|&(_, t)| t)
    }

    /// The same seating with every table id raised by `offset`, so a new round's
    /// tables never reuse an id.
    pub fn renumbered(self, offset: u32) -> Seating {
        if offset == 0 {
            return self;
        }
        let bump = |t: TableId| TableId(t.0 + offset);
        let tables = self
            .tables
            .into_iter()
            .map(|(id, mut t)| {
                t.id = bump(id);
                (t.id, t)
            })
            .collect();
        Seating {
            table_size: self.table_size,
            tables,
            by_count: self
                .by_count
                .into_iter()
                .map(|(c, t)| (c, bump(t)))
                .collect(),
            idle_by_count: self
                .idle_by_count
                .into_iter()
                .map(|(c, t)| (c, bump(t)))
                .collect(),
            where_is: self
                .where_is
                .into_iter()
                .map(|(p, at)| {
                    (
                        p,
                        SeatRef {
                            table: bump(at.table),
                            seat: at.seat,
                        },
                    )
                })
                .collect(),
            next_table: self.next_table + offset,
            dead_button: self.dead_button,
            moved_wait: self.moved_wait,
        }
    }

    /// Marks a table as playing a hand (players are not taken from it) or not.
    pub fn set_busy(&mut self, table: TableId, busy: bool) {
        let Some(t) = self.tables.get_mut(&table) else {
            return;
        };
        if t.busy != busy {
            t.busy = busy;
            if busy {
                self.idle_by_count.remove(&(t.count, table));
            } else {
                self.idle_by_count.insert((t.count, table));
            }
        }
    }

    /// Seats a new player (late entry, next round): a random empty seat at the
    /// table with the fewest players, or a new table when all are full.
    pub fn add_player(
        &mut self,
        player: PlayerId,
        rng: &mut dyn RngCore,
    ) -> Result<SeatRef, SeatingError> {
        if self.where_is.contains_key(&player) {
            return Err(SeatingError::AlreadySeated(player));
        }
        let table = match self.by_count.first() {
            Some(&(c, t)) if c < self.table_size => t,
            _ => self.open_table(),
        };
        let seat = self.random_empty_seat(table, rng);
        let at = SeatRef { table, seat };
        self.sit(player, at, true);
        Ok(at)
    }

    /// Takes a busted player out of their seat; a table left empty is closed.
    pub fn remove(&mut self, player: PlayerId) -> Result<SeatRef, SeatingError> {
        let at = self
            .where_is
            .get(&player)
            .copied()
            .ok_or(SeatingError::NotSeated(player))?;
        self.unsit(at);
        if self.tables.get(&at.table).is_some_and(|t| t.count == 0) {
            self.close_table(at.table);
        }
        Ok(at)
    }

    /// The moves the seating calls for now, without making them (pure).
    pub fn plan(&self, policy: BreakPolicy, rng: &mut dyn RngCore) -> Vec<SeatingChange> {
        self.clone().rebalance(policy, rng)
    }

    /// Breaks and balances tables (T11) and forms the final table when everyone
    /// fits at one, making the moves and returning them. Only idle tables give
    /// up players; call again when busy tables finish their hands.
    pub fn rebalance(&mut self, policy: BreakPolicy, rng: &mut dyn RngCore) -> Vec<SeatingChange> {
        let mut out = Vec::new();
        let size = self.table_size as usize;
        loop {
            let tables = self.tables.len();
            if tables <= 1 {
                break;
            }
            let n = self.where_is.len();
            if n <= size {
                if !self.form_final_table(rng, &mut out) {
                    break;
                }
                continue;
            }
            if n <= (tables - 1) * size {
                let candidate = match policy {
                    BreakPolicy::AsSoonAsTheyFit => self.idle_by_count.first().map(|&(_, t)| t),
                    BreakPolicy::AtOrBelow(k) => self
                        .idle_by_count
                        .first()
                        .filter(|&&(c, _)| c <= k)
                        .map(|&(_, t)| t),
                };
                if let Some(t) = candidate {
                    self.break_table(t, rng, &mut out);
                    continue;
                }
            }
            let (Some(&(min_c, min_t)), Some(&(max_c, _))) =
                (self.by_count.first(), self.by_count.last())
            else {
                break;
            };
            if max_c <= min_c + 1 {
                break;
            }
            // The largest idle table gives a player; it must be a full two bigger.
            let Some(&(src_c, src)) = self.idle_by_count.last() else {
                break;
            };
            if src_c < min_c + 2 {
                break;
            }
            self.balance_move(src, min_t, &mut out);
        }
        out
    }

    /// Who plays the next hand at `table`, advancing the button (B18 forward-moving;
    /// a fresh draw per T12); marks the table busy.
    pub fn start_hand(
        &mut self,
        table: TableId,
        rng: &mut dyn RngCore,
    ) -> Result<Lineup, SeatingError> {
        let moved_wait = self.moved_wait;
        let t = self
            .tables
            .get_mut(&table)
            .ok_or(SeatingError::NoSuchTable(table))?;
        if t.count < 2 {
            return Err(SeatingError::TooFewPlayers(table));
        }
        // Only newcomers need remembering for a roll-back (usually none).
        let fresh: Vec<u8> = if t.seats.iter().flatten().any(|s| s.fresh) {
            t.players()
                .map(|(s, _)| s)
                .filter(|&s| t.seats[s as usize].is_some_and(|x| x.fresh))
                .collect()
        } else {
            Vec::new()
        };
        t.undo = Some(Undo {
            last_blinds: t.last_blinds,
            button: t.button,
            arrivals: t.arrivals,
            redraw: t.redraw,
            fresh,
        });
        let drawn =
            t.redraw || t.button.is_none() || 2 * u32::from(t.arrivals) >= u32::from(t.count);
        let dead = match (t.dead_button && !drawn, t.last_blinds) {
            (true, Some((last_bb, last_sb))) => {
                // B18 dead button (002): the big blind moves to the next player;
                // the small blind and the button follow the seats, so an
                // eliminated big blind leaves the small blind dead and an
                // eliminated small blind leaves the button on an empty seat.
                let bb = t.next_occupied(last_bb);
                if t.count == 2 {
                    // B4: heads-up, the button posts the small blind.
                    let b = t.next_occupied(bb);
                    Some((b, b, bb))
                } else {
                    Some((last_sb, last_bb, bb))
                }
            }
            _ => None,
        };
        let (button, sb, bb) = match dead {
            Some(x) => x,
            None => {
                let button = if drawn {
                    // T12: a fresh draw; everyone present is dealt in.
                    for s in t.seats.iter_mut().flatten() {
                        s.fresh = false;
                    }
                    let occupied: Vec<u8> = t.players().map(|(s, _)| s).collect();
                    occupied[below(rng, occupied.len() as u32) as usize]
                } else {
                    t.next_button()
                };
                if t.count == 2 {
                    // B4: heads-up, the button posts the small blind.
                    (button, button, t.next_occupied(button))
                } else {
                    let sb = t.next_occupied(button);
                    (button, sb, t.next_occupied(sb))
                }
            }
        };
        t.button = Some(button);
        t.last_blinds = Some((bb, sb));
        t.arrivals = 0;
        t.redraw = false;
        let mut dealt = Vec::with_capacity(usize::from(t.count));
        let mut waiting = Vec::new();
        for (i, s) in t.seats.iter().enumerate() {
            let Some(s) = s else { continue };
            let seat = i as u8;
            // B20: a moved player waits in the small blind or on the button
            // (unless the house deals them in at once, 000 2.6).
            if moved_wait && s.fresh && (seat == button || seat == sb) && seat != bb {
                waiting.push((seat, s.player));
            } else {
                dealt.push((seat, s.player));
            }
        }
        if dealt.len() < 2 {
            dealt.append(&mut waiting);
            dealt.sort_unstable();
        }
        for &(seat, _) in &dealt {
            if let Some(s) = t.seats[seat as usize].as_mut() {
                s.fresh = false;
            }
        }
        let small_blind = if waiting.iter().any(|&(s, _)| s == sb)
            || t.seats[sb as usize].is_none()
            || sb == bb
        {
            None
        } else {
            Some(sb)
        };
        let lineup = Lineup {
            table,
            button,
            small_blind,
            big_blind: bb,
            dealt,
            waiting,
            button_drawn: drawn,
        };
        self.set_busy(table, true);
        Ok(lineup)
    }

    /// Undoes the last [`Seating::start_hand`] at `table` (button, button-draw
    /// and newcomer state) after a roll-back (T20), and marks the table idle.
    pub fn undo_start_hand(&mut self, table: TableId) {
        if let Some(t) = self.tables.get_mut(&table) {
            if let Some(u) = t.undo.take() {
                t.last_blinds = u.last_blinds;
                t.button = u.button;
                t.arrivals = u.arrivals;
                t.redraw = u.redraw;
                for s in u.fresh {
                    if let Some(x) = t.seats[s as usize].as_mut() {
                        x.fresh = true;
                    }
                }
            }
        }
        self.set_busy(table, false);
    }

    fn form_final_table(&mut self, rng: &mut dyn RngCore, out: &mut Vec<SeatingChange>) -> bool {
        // Keep a busy table if there is one (its players cannot move now), else
        // the largest.
        let keeper = self
            .tables
            .values()
            .filter(|t| t.busy)
            .max_by_key(|t| (t.count, std::cmp::Reverse(t.id)))
            .or_else(|| {
                self.tables
                    .values()
                    .max_by_key(|t| (t.count, std::cmp::Reverse(t.id)))
            })
            .map(|t| t.id);
        let Some(keeper) = keeper else { return false };
        let idle: Vec<TableId> = self
            .tables
            .values()
            .filter(|t| !t.busy && t.id != keeper)
            .map(|t| t.id)
            .collect();
        if idle.is_empty() {
            return false;
        }
        for t in idle {
            self.break_into(t, Some(keeper), rng, out);
        }
        if self.tables.len() == 1 {
            if let Some(t) = self.tables.get_mut(&keeper) {
                t.redraw = true;
                for s in t.seats.iter_mut().flatten() {
                    s.fresh = false;
                }
            }
            out.push(SeatingChange::FinalTable { table: keeper });
            return false;
        }
        true
    }

    fn break_table(&mut self, table: TableId, rng: &mut dyn RngCore, out: &mut Vec<SeatingChange>) {
        self.break_into(table, None, rng, out);
    }

    fn break_into(
        &mut self,
        table: TableId,
        only: Option<TableId>,
        rng: &mut dyn RngCore,
        out: &mut Vec<SeatingChange>,
    ) {
        let Some(t) = self.tables.get(&table) else {
            return;
        };
        let mut movers: Vec<(u8, PlayerId)> = t.players().collect();
        out.push(SeatingChange::TableBroken { table });
        // T11: re-seating from a broken table is random.
        shuffle(rng, &mut movers);
        // Take the table out of the choice of destinations first.
        let count = t.count;
        self.by_count.remove(&(count, table));
        self.idle_by_count.remove(&(count, table));
        for (seat, player) in movers {
            let dest = match only {
                Some(d) => d,
                None => match self.by_count.first() {
                    Some(&(_, d)) => d,
                    None => continue,
                },
            };
            let to = SeatRef {
                table: dest,
                seat: self.random_empty_seat(dest, rng),
            };
            let from = SeatRef { table, seat };
            if let Some(t) = self.tables.get_mut(&table) {
                t.seats[seat as usize] = None;
                t.count -= 1;
            }
            self.where_is.remove(&player);
            self.sit(player, to, true);
            out.push(SeatingChange::Moved {
                player,
                from,
                to,
                reason: MoveReason::TableBroken,
            });
        }
        self.tables.remove(&table);
    }

    fn balance_move(&mut self, src: TableId, dst: TableId, out: &mut Vec<SeatingChange>) {
        let (Some(s), Some(d)) = (self.tables.get(&src), self.tables.get(&dst)) else {
            return;
        };
        // The player due for the big blind next hand moves (so nobody skips it) ...
        let nb = s.next_button();
        let mover_seat = s.next_big_blind();
        let Some(mover) = s.seats[mover_seat as usize] else {
            return;
        };
        let rel = s.distance(nb, mover_seat);
        // ... to the empty seat most like theirs relative to the blinds (T11).
        let dnb = d.next_button();
        let Some(seat) = best_seat(d, dnb, rel) else {
            return;
        };
        let from = SeatRef {
            table: src,
            seat: mover_seat,
        };
        let to = SeatRef { table: dst, seat };
        self.unsit(from);
        self.sit(mover.player, to, true);
        out.push(SeatingChange::Moved {
            player: mover.player,
            from,
            to,
            reason: MoveReason::Balance,
        });
    }

    fn open_table(&mut self) -> TableId {
        let id = TableId(self.next_table);
        self.next_table += 1;
        let t = TournamentTable {
            id,
            seats: vec![None; self.table_size as usize],
            button: None,
            count: 0,
            arrivals: 0,
            redraw: true,
            busy: false,
            undo: None,
            dead_button: self.dead_button,
            last_blinds: None,
        };
        self.tables.insert(id, t);
        self.by_count.insert((0, id));
        self.idle_by_count.insert((0, id));
        id
    }

    fn close_table(&mut self, id: TableId) {
        if let Some(t) = self.tables.remove(&id) {
            self.by_count.remove(&(t.count, id));
            self.idle_by_count.remove(&(t.count, id));
        }
    }

    fn random_empty_seat(&self, table: TableId, rng: &mut dyn RngCore) -> u8 {
        let Some(t) = self.tables.get(&table) else {
            return 0;
        };
        let empty: Vec<u8> = (0..t.seats.len() as u8)
            .filter(|&s| t.seats[s as usize].is_none())
            .collect();
        if empty.is_empty() {
            return 0;
        }
        empty[below(rng, empty.len() as u32) as usize]
    }

    fn sit(&mut self, player: PlayerId, at: SeatRef, fresh: bool) {
        let Some(t) = self.tables.get_mut(&at.table) else {
            return;
        };
        let old = t.count;
        t.seats[at.seat as usize] = Some(Seated { player, fresh });
        t.count += 1;
        if fresh {
            t.arrivals = t.arrivals.saturating_add(1);
        }
        let busy = t.busy;
        self.by_count.remove(&(old, at.table));
        self.by_count.insert((old + 1, at.table));
        if !busy {
            self.idle_by_count.remove(&(old, at.table));
            self.idle_by_count.insert((old + 1, at.table));
        }
        self.where_is.insert(player, at);
    }

    fn unsit(&mut self, at: SeatRef) {
        let Some(t) = self.tables.get_mut(&at.table) else {
            return;
        };
        let Some(s) = t.seats[at.seat as usize].take() else {
            return;
        };
        let old = t.count;
        t.count -= 1;
        let busy = t.busy;
        self.by_count.remove(&(old, at.table));
        self.by_count.insert((old - 1, at.table));
        if !busy {
            self.idle_by_count.remove(&(old, at.table));
            self.idle_by_count.insert((old - 1, at.table));
        }
        self.where_is.remove(&s.player);
    }
}

/// The empty seat whose distance from the next button is closest to `rel`
/// (ties: the lower seat).
fn best_seat(t: &TournamentTable, next_button: u8, rel: u8) -> Option<u8> {
    (0..t.seats.len() as u8)
        .filter(|&s| t.seats[s as usize].is_none())
        .min_by_key(|&s| (t.distance(next_button, s).abs_diff(rel), s))
}

/// The relative position of `seat` at `table` (distance from the next button),
/// as used to place a player moved for balance (T11).
pub fn relative_position(table: &TournamentTable, seat: u8) -> u8 {
    table.distance(table.next_button(), seat)
}

#[cfg(test)]
mod tests;
