//! The stepping core of the RL environments: `Tables`, N independent tables
//! stepped in one call with numpy arrays in and out. Each table is the betting
//! crate's `Driver` restarted from a template hand (one per button seat); the
//! discrete actions are sized against the engine's `LegalActions` and the
//! engine decides what is legal.
//!
//! Observation of seat `s` (float32, `obs_size(P) = 110 + 4 * P`, amounts in
//! big blinds, seats listed from `s` round the table):
//! - `[0, 52)`: `s`'s hole cards, one-hot by card id;
//! - `[52, 104)`: the board, one-hot by card id;
//! - `[104, 108)`: the street, one-hot (pre-flop, flop, turn, river);
//! - `[108, 108 + P)`: stacks behind; `[108 + P, 108 + 2P)`: street bets;
//! - `[108 + 2P, 108 + 3P)`: 1 for each seat still in the hand (not folded);
//! - `[108 + 3P, 108 + 4P)`: the button, one-hot;
//! - `108 + 4P`: the pot (current bets included); `109 + 4P`: `s`'s cost to call.

use holdem_betting::{
    Action, Chips, Driver, DriverError, Hand, LegalActions, Player, Seat, SeatStatus, Street,
};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use rayon::prelude::*;

use crate::errors::{ActionError, raise};
use crate::hand::{driver_error, hand_config, seat_arg};

/// Observations `(n, obs_size)`, masks `(n, 6)` and seats to act `(n,)`.
type Outputs<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<i32>>,
);

/// [`Outputs`] plus rewards `(n, players)` and done flags `(n,)`.
type StepOutputs<'py> = (
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray2<u8>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

/// One seat's observation and its int8 action mask.
type ObsAndMask<'py> = (Bound<'py, PyArray1<f32>>, Bound<'py, PyArray1<i8>>);

/// Discrete actions: fold, check/call, raise to the minimum, half pot, pot, all-in.
pub const ACTIONS: usize = 6;

/// The observation length for `players` seats.
pub const fn obs_size(players: usize) -> usize {
    110 + 4 * players
}

/// One table: its driver, the template hands (one per button) and the shuffle.
pub(crate) struct Table {
    driver: Driver,
    rng: ChaCha8Rng,
    hands_played: usize,
    /// Each seat's net big blinds in the last hand that ended (zeros before).
    last_rewards: [f32; 10],
    /// The hand's legal actions (`None`: nobody is to act) and the six
    /// discrete actions sized against them (`None`: masked). Every change of
    /// the hand goes through `start` or `apply`, which refresh both, so a
    /// step's check, mask and cost to call read them instead of asking the
    /// engine again.
    legal: Option<LegalActions>,
    sized: [Option<Action>; ACTIONS],
}

/// The engine amount for discrete action `a`, or `None` when it is masked.
fn sized_action(l: &LegalActions, pot: Chips, street_bet: Chips, a: usize) -> Option<Action> {
    let action = match a {
        0 => Action::Fold,
        1 => Action::CheckOrCall,
        2..=4 => {
            let range = l.bet.or(l.raise)?;
            let after_call = pot.get() + l.call_cost.get();
            let to_call = street_bet.get() + l.call_cost.get();
            let target = match a {
                2 => range.min.get(),
                3 => to_call + after_call / 2,
                _ => to_call + after_call,
            };
            let to = Chips(target.clamp(range.min.get(), range.max.get()));
            let action = Action::BetOrRaiseTo(to);
            if l.allows(action) {
                return Some(action);
            }
            Action::BetOrRaiseTo(range.min)
        }
        5 => Action::AllIn,
        _ => return None,
    };
    l.allows(action).then_some(action)
}

/// What every table of a `Tables` shares: seats, the big blind (the unit of
/// observations and rewards), whether a finished hand deals the next.
#[derive(Clone, Copy)]
pub(crate) struct Shape {
    players: usize,
    big_blind: f32,
    auto_reset: bool,
}

/// Tables per parallel task at least: enough work to outweigh the hand-off.
const PER_TASK: usize = 64;

/// Tables per parallel task for `n` tables: about four tasks a thread (fewer,
/// larger tasks cost less to hand out; four leave room to even out a thread
/// that the machine's load holds back), and at least [`PER_TASK`].
fn per_task(n: usize) -> usize {
    n.div_ceil(4 * rayon::current_num_threads()).max(PER_TASK)
}

impl Table {
    /// A table whose hand is `template`, shuffled by `rng` (no hand dealt yet).
    fn new(template: &Hand, mut rng: ChaCha8Rng) -> Table {
        let driver = Driver::shuffled_from(template, &mut rng);
        let mut table = Table {
            driver,
            rng,
            hands_played: 0,
            last_rewards: [0.0; 10],
            legal: None,
            sized: [None; ACTIONS],
        };
        table.refresh();
        table
    }

    /// Reads the legal actions and sizes the discrete actions again.
    fn refresh(&mut self) {
        let hand = self.driver.hand();
        self.legal = hand.legal_actions();
        self.sized = [None; ACTIONS];
        if let Some(l) = &self.legal {
            let (pot, bet) = (hand.pot_total(), hand.street_bet(l.seat));
            for (a, sized) in self.sized.iter_mut().enumerate() {
                *sized = sized_action(l, pot, bet, a);
            }
        }
    }

    /// Each seat's net big blinds in the last hand that ended (zeros before).
    pub(crate) fn last_rewards(&self) -> [f32; 10] {
        self.last_rewards
    }

    /// The seat to act, or -1 when the hand is over.
    pub(crate) fn to_act(&self) -> i32 {
        self.legal.map_or(-1, |l| i32::from(l.seat.index()))
    }

    /// Discrete action `a` sized for the seat to act: `Ok(None)` when nobody
    /// is to act, `Err(seat)` when `a` is masked for `seat`.
    fn checked(&self, a: i64) -> Result<Option<Action>, Seat> {
        let Some(l) = &self.legal else {
            return Ok(None);
        };
        usize::try_from(a)
            .ok()
            .and_then(|a| self.sized.get(a).copied().flatten())
            .map(Some)
            .ok_or(l.seat)
    }

    /// The action mask of the seat to act into `out` (zeros when nobody is).
    fn mask_into(&self, out: &mut [u8]) {
        for (m, sized) in out.iter_mut().zip(&self.sized) {
            *m = u8::from(sized.is_some());
        }
    }

    /// Deals the next hand from the template of the next button. A hand
    /// that ends at the deal (every seat all in from the blinds and antes)
    /// leaves its result in `last_rewards`.
    fn start(&mut self, templates: &[Hand], shape: Shape) -> Result<(), DriverError> {
        let template = &templates[self.hands_played % templates.len()];
        self.driver.restart_from(template, &mut self.rng);
        self.hands_played += 1;
        let advanced = self.driver.advance().map(|_| ());
        self.refresh();
        advanced?;
        self.settle(shape, &mut [0.0; 10]);
        Ok(())
    }

    /// When the hand is over, each seat's net big blinds into `rewards` and
    /// `last_rewards`; returns whether it is over.
    fn settle(&mut self, shape: Shape, rewards: &mut [f32]) -> bool {
        let Some(r) = self.driver.result() else {
            return false;
        };
        for s in r.players().iter() {
            let net = r.net(s) as f32 / shape.big_blind;
            rewards[s.as_usize()] = net;
            self.last_rewards[s.as_usize()] = net;
        }
        true
    }

    /// Applies a checked action and plays to the next decision; at the hand's
    /// end writes each seat's net big blinds into `rewards`, deals the next
    /// hand with `auto_reset`, and returns `true`.
    pub(crate) fn apply(
        &mut self,
        templates: &[Hand],
        shape: Shape,
        action: Action,
        rewards: &mut [f32],
    ) -> Result<bool, DriverError> {
        let played = self
            .driver
            .act(action)
            .and_then(|()| self.driver.advance().map(|_| ()));
        self.refresh();
        played?;
        if !self.settle(shape, rewards) {
            return Ok(false);
        }
        if shape.auto_reset {
            self.start(templates, shape)?;
        }
        Ok(true)
    }

    /// The seat to act's observation and mask into `obs` and `mask`, which
    /// the caller gives zeroed (they stay zero when nobody is to act);
    /// returns that seat, or -1.
    fn outputs(&self, shape: Shape, obs: &mut [f32], mask: &mut [u8]) -> i32 {
        let Some(l) = &self.legal else {
            return -1;
        };
        write_obs(self.driver.hand(), shape, l.seat.as_usize(), Some(l), obs);
        self.mask_into(mask);
        i32::from(l.seat.index())
    }

    /// The observation of `seat` (any seat) into `obs` (zeroed by the caller)
    /// and, when `seat` is to act, its action mask into `mask`.
    pub(crate) fn observe_into(&self, shape: Shape, seat: usize, obs: &mut [f32], mask: &mut [u8]) {
        write_obs(self.driver.hand(), shape, seat, self.legal.as_ref(), obs);
        if self.legal.is_some_and(|l| l.seat.as_usize() == seat) {
            self.mask_into(mask);
        }
    }
}

/// The observation of `seat` into `out`, which the caller gives zeroed (see
/// the module docs); `legal` is the hand's legal actions, computed once by
/// the caller, for the cost to call.
fn write_obs(
    hand: &Hand,
    shape: Shape,
    seat: usize,
    legal: Option<&LegalActions>,
    out: &mut [f32],
) {
    let p = shape.players;
    let bb = shape.big_blind;
    let at = |i: usize| Seat::new(((seat + i) % p) as u8);
    let Some(me) = at(0) else { return };
    for c in hand.hole_cards(me).into_iter().flatten() {
        out[usize::from(c.index())] = 1.0;
    }
    for c in hand.board().iter().flatten() {
        out[52 + usize::from(c.index())] = 1.0;
    }
    let street = match hand.street() {
        Street::Preflop => 0,
        Street::Flop => 1,
        Street::Turn => 2,
        Street::River => 3,
    };
    out[104 + street] = 1.0;
    let button = hand.positions().button;
    for i in 0..p {
        let Some(s) = at(i) else { continue };
        out[108 + i] = hand.stack(s).get() as f32 / bb;
        out[108 + p + i] = hand.street_bet(s).get() as f32 / bb;
        let status = hand.status(s);
        out[108 + 2 * p + i] = f32::from(u8::from(
            status == SeatStatus::Active || status == SeatStatus::AllIn,
        ));
        out[108 + 3 * p + i] = f32::from(u8::from(s == button));
    }
    out[108 + 4 * p] = hand.pot_total().get() as f32 / bb;
    let call = legal
        .filter(|l| l.seat == me)
        .map_or(0, |l| l.call_cost.get());
    out[109 + 4 * p] = call as f32 / bb;
}

/// N independent tables of `players` seats, stepped together.
///
/// Every hand starts with each seat at `stack` chips; the button moves one
/// seat each hand. With `auto_reset` a table whose hand ended deals the next
/// hand in the same `step` call. `reset` and `step` run the tables on all
/// cores (rayon) with the GIL released; each table has its own seeded
/// shuffle, so results do not depend on the number of threads.
#[pyclass(module = "holdem", name = "Tables")]
pub struct Tables {
    tables: Vec<Table>,
    templates: Vec<Hand>,
    shape: Shape,
}

/// The error of a masked action `a` for `seat` at table `t` (rule B7).
fn masked(t: usize, a: i64, seat: Seat) -> PyErr {
    raise::<ActionError>(
        format!("table {t}: action {a} is masked for seat {seat} (rule B7)"),
        "B7",
    )
}

impl Tables {
    pub(crate) fn table(&self, table: usize) -> PyResult<&Table> {
        self.tables.get(table).ok_or_else(|| {
            raise::<ActionError>(
                format!("no table {table} ({} tables)", self.tables.len()),
                "",
            )
        })
    }

    /// Checks `seat` is one of the tables' seats.
    fn seat(&self, seat: usize) -> PyResult<usize> {
        if seat < self.shape.players {
            Ok(seat)
        } else {
            Err(raise::<ActionError>(
                format!("no seat {seat} ({} seats)", self.shape.players),
                "",
            ))
        }
    }

    /// Plays discrete `action` at `table` alone (the single-table
    /// environments' path), each seat's net big blinds into `rewards` when
    /// the hand ends; returns whether it ended. A masked action, or nobody
    /// to act, raises `ActionError` and changes nothing.
    pub(crate) fn act_one(
        &mut self,
        table: usize,
        action: i64,
        rewards: &mut [f32],
    ) -> PyResult<bool> {
        let chosen = match self.table(table)?.checked(action) {
            Ok(Some(chosen)) => chosen,
            Ok(None) => {
                return Err(raise::<ActionError>(
                    format!("table {table}: nobody is to act (the hand is over)"),
                    "",
                ));
            }
            Err(seat) => return Err(masked(table, action, seat)),
        };
        self.tables[table]
            .apply(&self.templates, self.shape, chosen, rewards)
            .map_err(driver_error)
    }

    /// Deals the next hand at `table` alone; returns the seat to act, or -1.
    pub(crate) fn deal_one(&mut self, table: usize) -> PyResult<i32> {
        self.table(table)?;
        let t = &mut self.tables[table];
        t.start(&self.templates, self.shape).map_err(driver_error)?;
        Ok(t.to_act())
    }

    /// Runs `each(table, action, rewards, done)` on every table in parallel,
    /// then writes every table's outputs; returns them with the rewards and
    /// done flags.
    fn run<F>(&mut self, py: Python<'_>, actions: &[Option<Action>], each: F) -> PyResult<RunOut>
    where
        F: Fn(&mut Table, Option<Action>, &mut [f32]) -> Result<bool, DriverError> + Sync,
    {
        let n = self.tables.len();
        let shape = self.shape;
        let (p, d) = (shape.players, obs_size(shape.players));
        let mut out = RunOut {
            obs: vec![0.0; n * d],
            mask: vec![0; n * ACTIONS],
            to_act: vec![-1; n],
            rewards: vec![0.0; n * p],
            done: vec![false; n],
        };
        let tables = &mut self.tables;
        let chunk = |tabs: &mut [Table],
                     acts: &[Option<Action>],
                     obs: &mut [f32],
                     mask: &mut [u8],
                     to_act: &mut [i32],
                     rewards: &mut [f32],
                     done: &mut [bool]|
         -> Result<(), DriverError> {
            for (i, table) in tabs.iter_mut().enumerate() {
                done[i] = each(table, acts[i], &mut rewards[i * p..(i + 1) * p])?;
                to_act[i] = table.outputs(
                    shape,
                    &mut obs[i * d..(i + 1) * d],
                    &mut mask[i * ACTIONS..(i + 1) * ACTIONS],
                );
            }
            Ok(())
        };
        let result = if n <= PER_TASK {
            // One task: no hand-off to the thread pool.
            let o = &mut out;
            chunk(
                tables,
                actions,
                &mut o.obs,
                &mut o.mask,
                &mut o.to_act,
                &mut o.rewards,
                &mut o.done,
            )
        } else {
            let k = per_task(n);
            py.detach(|| {
                tables
                    .par_chunks_mut(k)
                    .zip(actions.par_chunks(k))
                    .zip(out.obs.par_chunks_mut(k * d))
                    .zip(out.mask.par_chunks_mut(k * ACTIONS))
                    .zip(out.to_act.par_chunks_mut(k))
                    .zip(out.rewards.par_chunks_mut(k * p))
                    .zip(out.done.par_chunks_mut(k))
                    .try_for_each(|((((((t, a), o), m), ta), r), dn)| chunk(t, a, o, m, ta, r, dn))
            })
        };
        result.map_err(driver_error)?;
        Ok(out)
    }
}

/// The flat outputs of one `reset` or `step`, before they become arrays.
struct RunOut {
    obs: Vec<f32>,
    mask: Vec<u8>,
    to_act: Vec<i32>,
    rewards: Vec<f32>,
    done: Vec<bool>,
}

impl RunOut {
    fn arrays<'py>(self, py: Python<'py>, players: usize) -> StepOutputs<'py> {
        let n = self.to_act.len();
        (
            reshape(py, self.obs, n, obs_size(players)),
            reshape(py, self.mask, n, ACTIONS),
            self.to_act.into_pyarray(py),
            reshape(py, self.rewards, n, players),
            self.done.into_pyarray(py),
        )
    }
}

/// A flat vector as an `(n, d)` array.
fn reshape<'py, T: numpy::Element>(
    py: Python<'py>,
    v: Vec<T>,
    n: usize,
    d: usize,
) -> Bound<'py, PyArray2<T>> {
    let flat = v.into_pyarray(py);
    // The length is n * d by construction.
    match flat.reshape([n, d]) {
        Ok(a) => a,
        Err(_) => PyArray2::zeros(py, [n, d], false),
    }
}

#[pymethods]
impl Tables {
    #[new]
    #[pyo3(signature = (n_tables = 1, players = 2, *, stack = 200, big_blind = 2, small_blind = None, ante = 0, limit = "no-limit", rules = None, seed = 0, auto_reset = true))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        n_tables: usize,
        players: usize,
        stack: u64,
        big_blind: u64,
        small_blind: Option<u64>,
        ante: u64,
        limit: &str,
        rules: Option<&str>,
        seed: u64,
        auto_reset: bool,
    ) -> PyResult<Tables> {
        if !(2..=10).contains(&players) {
            return Err(raise::<ActionError>(
                format!("{players} players: the environments seat 2 to 10 (rule B1)"),
                "B1",
            ));
        }
        if n_tables == 0 {
            return Err(raise::<ActionError>("n_tables must be at least 1", ""));
        }
        let config = hand_config(limit, big_blind, small_blind, ante, rules, 0)?;
        let seated = (0..players)
            .map(|i| Ok(Player::new(seat_arg(i)?, Chips(stack))))
            .collect::<PyResult<Vec<_>>>()?;
        let templates = (0..players)
            .map(|b| {
                Hand::new(config, &seated, seat_arg(b)?)
                    .map_err(|e| raise::<ActionError>(&e, e.rule()))
            })
            .collect::<PyResult<Vec<_>>>()?;
        let tables = (0..n_tables)
            .map(|t| {
                let rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(t as u64));
                Table::new(&templates[0], rng)
            })
            .collect();
        Ok(Tables {
            tables,
            templates,
            shape: Shape {
                players,
                big_blind: config.big_blind.get().max(1) as f32,
                auto_reset,
            },
        })
    }

    /// Tables stepped together.
    #[getter]
    fn n_tables(&self) -> usize {
        self.tables.len()
    }

    /// Seats per table.
    #[getter]
    fn players(&self) -> usize {
        self.shape.players
    }

    /// Length of one observation vector (`110 + 4 * players`).
    #[getter]
    fn obs_size(&self) -> usize {
        obs_size(self.shape.players)
    }

    /// Deals a new hand at every table. Returns `(obs, mask, to_act)`:
    /// float32 `(n, obs_size)` of the seat to act, uint8 `(n, 6)` action
    /// masks, int32 `(n,)` seats to act (-1 where the hand is over).
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Outputs<'py>> {
        let shape = self.shape;
        let templates = std::mem::take(&mut self.templates);
        let none = vec![None; self.tables.len()];
        let out = self.run(py, &none, |table, _, _| {
            table.start(&templates, shape).map(|()| false)
        });
        self.templates = templates;
        let (obs, mask, to_act, _, _) = out?.arrays(py, self.shape.players);
        Ok((obs, mask, to_act))
    }

    /// One action per table (int array `(n,)`, actions 0-5, ignored where
    /// `to_act` is -1). Every action is checked against its mask before any is
    /// applied: a masked action raises `ActionError` and changes nothing.
    /// Returns `(obs, mask, to_act, rewards, done)`: rewards float32 `(n, players)`,
    /// each seat's net chips in big blinds for hands that ended in this step
    /// (zero otherwise), done bool `(n,)`.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<StepOutputs<'py>> {
        let n = self.tables.len();
        let actions = actions.as_array();
        if actions.len() != n {
            return Err(raise::<ActionError>(
                format!("{} actions for {n} tables", actions.len()),
                "",
            ));
        }
        let owned;
        let acts: &[i64] = match actions.as_slice() {
            Some(acts) => acts,
            None => {
                owned = actions.iter().copied().collect::<Vec<i64>>();
                &owned
            }
        };
        // Every action checked before any is applied (against the sizes
        // kept with each table); the first masked one is the error.
        let mut chosen = Vec::with_capacity(n);
        for (t, (table, &a)) in self.tables.iter().zip(acts).enumerate() {
            chosen.push(table.checked(a).map_err(|seat| masked(t, a, seat))?);
        }
        let templates = std::mem::take(&mut self.templates);
        let shape = self.shape;
        let out = self.run(py, &chosen, |table, action, rewards| match action {
            Some(action) => table.apply(&templates, shape, action, rewards),
            None => Ok(false),
        });
        self.templates = templates;
        Ok(out?.arrays(py, shape.players))
    }

    /// Steps one table alone (the single-table environments' path: no arrays
    /// built): returns `(to_act, done, rewards)`, rewards each seat's net big
    /// blinds when the hand ended in this step (else zeros). A masked action
    /// raises `ActionError` and changes nothing.
    fn step_table(&mut self, table: usize, action: i64) -> PyResult<(i32, bool, Vec<f32>)> {
        let mut rewards = vec![0.0f32; self.shape.players];
        let done = self.act_one(table, action, &mut rewards)?;
        Ok((self.tables[table].to_act(), done, rewards))
    }

    /// Deals the next hand at table `table` alone (the single-table
    /// environments' path: no arrays built); returns the seat to act, or -1
    /// when nobody is (every seat all-in from the blinds).
    fn deal(&mut self, table: usize) -> PyResult<i32> {
        self.deal_one(table)
    }

    /// [`step_table`](Tables::step_table) returning only the seat to act
    /// next, or -1 when the hand ended in this step (then `rewards(table)`
    /// holds its result). A masked action raises `ActionError` and changes
    /// nothing.
    fn act(&mut self, table: usize, action: i64) -> PyResult<i32> {
        let done = self.act_one(table, action, &mut [0.0; 10])?;
        Ok(if done {
            -1
        } else {
            self.tables[table].to_act()
        })
    }

    /// Each seat's net big blinds in the last hand that ended at `table`
    /// (zeros before the first), in seat order.
    fn rewards(&self, table: usize) -> PyResult<Vec<f32>> {
        let t = self.table(table)?;
        Ok(t.last_rewards[..self.shape.players].to_vec())
    }

    /// The observation of `seat` at table `table` (any seat, not only the one
    /// to act): float32 `(obs_size,)`. Never holds another seat's hole cards.
    fn observe<'py>(
        &self,
        py: Python<'py>,
        table: usize,
        seat: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let (obs, _) = self.observe_masked(py, table, seat)?;
        Ok(obs)
    }

    /// `observe` and the seat's action mask in one call: `(obs, mask)`, mask
    /// int8 `(6,)`, all zero unless `seat` is to act.
    fn observe_masked<'py>(
        &self,
        py: Python<'py>,
        table: usize,
        seat: usize,
    ) -> PyResult<ObsAndMask<'py>> {
        let t = self.table(table)?;
        let seat = self.seat(seat)?;
        // Built on the stack and copied once into each new array (the
        // longest observation, ten seats, is 150 floats).
        let mut obs = [0.0f32; obs_size(10)];
        let obs = &mut obs[..obs_size(self.shape.players)];
        let mut mask = [0u8; ACTIONS];
        t.observe_into(self.shape, seat, obs, &mut mask);
        Ok((
            PyArray1::from_slice(py, obs),
            PyArray1::from_slice(py, &mask.map(|m| m as i8)),
        ))
    }

    /// `observe_masked` as the PettingZoo environment's observation dict:
    /// `{"observation": float32 (obs_size,), "action_mask": int8 (6,)}`.
    pub(crate) fn observe_dict<'py>(
        &self,
        py: Python<'py>,
        table: usize,
        seat: usize,
    ) -> PyResult<Bound<'py, PyDict>> {
        let (obs, mask) = self.observe_masked(py, table, seat)?;
        let out = PyDict::new(py);
        out.set_item(intern!(py, "observation"), obs)?;
        out.set_item(intern!(py, "action_mask"), mask)?;
        Ok(out)
    }

    /// The action mask of the seat to act at `table` (all zero when nobody is to act).
    fn mask<'py>(&self, py: Python<'py>, table: usize) -> PyResult<Bound<'py, PyArray1<u8>>> {
        let mut out = [0u8; ACTIONS];
        self.table(table)?.mask_into(&mut out);
        Ok(PyArray1::from_slice(py, &out))
    }

    /// Seat to act at `table`, -1 when its hand is over.
    fn seat_to_act(&self, table: usize) -> i32 {
        self.tables.get(table).map_or(-1, Table::to_act)
    }

    /// Each seat's chips behind at `table`, in seat order.
    fn stacks(&self, table: usize) -> PyResult<Vec<u64>> {
        let hand = self.table(table)?.driver.hand();
        Ok(hand.players().iter().map(|s| hand.stack(s).get()).collect())
    }
}

/// Registers the environment core.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Tables>()?;
    m.add("N_ACTIONS", ACTIONS)?;
    Ok(())
}
