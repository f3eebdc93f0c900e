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

use holdem_betting::{Action, Chips, Driver, Hand, LegalActions, Player, Seat, SeatStatus, Street};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

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

/// Discrete actions: fold, check/call, raise to the minimum, half pot, pot, all-in.
pub const ACTIONS: usize = 6;

/// The observation length for `players` seats.
pub const fn obs_size(players: usize) -> usize {
    110 + 4 * players
}

/// One table: its driver, the template hands (one per button) and the shuffle.
struct Table {
    driver: Driver,
    rng: ChaCha8Rng,
    hands_played: usize,
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
                action
            } else {
                Action::BetOrRaiseTo(range.min)
            }
        }
        5 => Action::AllIn,
        _ => return None,
    };
    l.allows(action).then_some(action)
}

/// N independent tables of `players` seats, stepped together.
///
/// Every hand starts with each seat at `stack` chips; the button moves one
/// seat each hand. With `auto_reset` a table whose hand ended deals the next
/// hand in the same `step` call.
#[pyclass(module = "holdem", name = "Tables")]
pub struct Tables {
    tables: Vec<Table>,
    templates: Vec<Hand>,
    players: usize,
    big_blind: f32,
    auto_reset: bool,
}

impl Tables {
    fn start(&mut self, t: usize) -> PyResult<()> {
        let table = &mut self.tables[t];
        let template = &self.templates[table.hands_played % self.players];
        table.driver.restart_from(template, &mut table.rng);
        table.hands_played += 1;
        table.driver.advance().map(|_| ()).map_err(driver_error)
    }

    /// Applies a checked action at table `t` and plays to the next decision;
    /// at the hand's end writes each seat's net big blinds into `rewards`,
    /// deals the next hand with `auto_reset`, and returns `true`.
    fn apply(&mut self, t: usize, action: Action, rewards: &mut [f32]) -> PyResult<bool> {
        let table = &mut self.tables[t];
        table.driver.act(action).map_err(driver_error)?;
        table.driver.advance().map_err(driver_error)?;
        let Some(r) = table.driver.result() else {
            return Ok(false);
        };
        for s in r.players().iter() {
            rewards[s.as_usize()] = r.net(s) as f32 / self.big_blind;
        }
        if self.auto_reset {
            self.start(t)?;
        }
        Ok(true)
    }

    /// The observation of `seat` into `out`; `legal` is the hand's legal
    /// actions (computed once by the caller), for the cost to call.
    fn write_obs(&self, t: usize, seat: usize, legal: Option<&LegalActions>, out: &mut [f32]) {
        out.fill(0.0);
        let hand = self.tables[t].driver.hand();
        let p = self.players;
        let bb = self.big_blind;
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

    /// The action mask of the seat to act into `out` (`legal` as in `write_obs`).
    fn write_mask(&self, t: usize, legal: Option<&LegalActions>, out: &mut [u8]) {
        out.fill(0);
        let hand = self.tables[t].driver.hand();
        if let Some(l) = legal {
            let pot = hand.pot_total();
            let bet = hand.street_bet(l.seat);
            for (a, m) in out.iter_mut().enumerate() {
                *m = u8::from(sized_action(l, pot, bet, a).is_some());
            }
        }
    }

    fn to_act(&self, t: usize) -> i32 {
        self.tables[t]
            .driver
            .hand()
            .to_act()
            .map_or(-1, |s| i32::from(s.index()))
    }

    /// Observations, masks and seats to act of every table.
    fn outputs<'py>(&self, py: Python<'py>) -> Outputs<'py> {
        let n = self.tables.len();
        let d = obs_size(self.players);
        let mut obs = vec![0.0f32; n * d];
        let mut mask = vec![0u8; n * ACTIONS];
        let mut to_act = vec![-1i32; n];
        for t in 0..n {
            let legal = self.tables[t].driver.hand().legal_actions();
            let Some(l) = legal else { continue };
            to_act[t] = i32::from(l.seat.index());
            self.write_obs(t, l.seat.as_usize(), Some(&l), &mut obs[t * d..(t + 1) * d]);
            self.write_mask(t, Some(&l), &mut mask[t * ACTIONS..(t + 1) * ACTIONS]);
        }
        (
            reshape(py, obs, n, d),
            reshape(py, mask, n, ACTIONS),
            to_act.into_pyarray(py),
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
                let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(t as u64));
                let driver = Driver::shuffled_from(&templates[0], &mut rng);
                Table {
                    driver,
                    rng,
                    hands_played: 0,
                }
            })
            .collect();
        Ok(Tables {
            tables,
            templates,
            players,
            big_blind: config.big_blind.get().max(1) as f32,
            auto_reset,
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
        self.players
    }

    /// Length of one observation vector (`110 + 4 * players`).
    #[getter]
    fn obs_size(&self) -> usize {
        obs_size(self.players)
    }

    /// Deals a new hand at every table. Returns `(obs, mask, to_act)`:
    /// float32 `(n, obs_size)` of the seat to act, uint8 `(n, 6)` action
    /// masks, int32 `(n,)` seats to act (-1 where the hand is over).
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Outputs<'py>> {
        for t in 0..self.tables.len() {
            self.start(t)?;
        }
        Ok(self.outputs(py))
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
        let mut chosen = Vec::with_capacity(n);
        for (t, &a) in actions.iter().enumerate() {
            let hand = self.tables[t].driver.hand();
            let Some(l) = hand.legal_actions() else {
                chosen.push(None);
                continue;
            };
            let action = usize::try_from(a)
                .ok()
                .and_then(|a| sized_action(&l, hand.pot_total(), hand.street_bet(l.seat), a))
                .ok_or_else(|| {
                    raise::<ActionError>(
                        format!(
                            "table {t}: action {a} is masked for seat {} (rule B7)",
                            l.seat
                        ),
                        "B7",
                    )
                })?;
            chosen.push(Some(action));
        }
        let p = self.players;
        let mut rewards = vec![0.0f32; n * p];
        let mut done = vec![false; n];
        for (t, action) in chosen.into_iter().enumerate() {
            let Some(action) = action else { continue };
            done[t] = self.apply(t, action, &mut rewards[t * p..(t + 1) * p])?;
        }
        let (obs, mask, to_act) = self.outputs(py);
        Ok((
            obs,
            mask,
            to_act,
            reshape(py, rewards, n, p),
            done.into_pyarray(py),
        ))
    }

    /// Steps one table alone (the single-table environments' path: no arrays
    /// built): returns `(to_act, done, rewards)`, rewards each seat's net big
    /// blinds when the hand ended in this step (else zeros). A masked action
    /// raises `ActionError` and changes nothing.
    fn step_table(&mut self, table: usize, action: i64) -> PyResult<(i32, bool, Vec<f32>)> {
        let Some(t) = self.tables.get(table) else {
            return Err(raise::<ActionError>(format!("no table {table}"), ""));
        };
        let hand = t.driver.hand();
        let Some(l) = hand.legal_actions() else {
            return Err(raise::<ActionError>(
                format!("table {table}: nobody is to act (the hand is over)"),
                "",
            ));
        };
        let chosen = usize::try_from(action)
            .ok()
            .and_then(|a| sized_action(&l, hand.pot_total(), hand.street_bet(l.seat), a))
            .ok_or_else(|| {
                raise::<ActionError>(
                    format!(
                        "table {table}: action {action} is masked for seat {} (rule B7)",
                        l.seat
                    ),
                    "B7",
                )
            })?;
        let mut rewards = vec![0.0f32; self.players];
        let done = self.apply(table, chosen, &mut rewards)?;
        Ok((self.to_act(table), done, rewards))
    }

    /// The observation of `seat` at table `table` (any seat, not only the one
    /// to act): float32 `(obs_size,)`. Never holds another seat's hole cards.
    fn observe<'py>(
        &self,
        py: Python<'py>,
        table: usize,
        seat: usize,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        if table >= self.tables.len() || seat >= self.players {
            return Err(raise::<ActionError>(
                format!(
                    "no table {table} seat {seat} ({} tables of {} seats)",
                    self.tables.len(),
                    self.players
                ),
                "",
            ));
        }
        let mut out = vec![0.0f32; obs_size(self.players)];
        let legal = self.tables[table].driver.hand().legal_actions();
        self.write_obs(table, seat, legal.as_ref(), &mut out);
        Ok(out.into_pyarray(py))
    }

    /// The action mask of the seat to act at `table` (all zero when nobody is to act).
    fn mask<'py>(&self, py: Python<'py>, table: usize) -> PyResult<Bound<'py, PyArray1<u8>>> {
        if table >= self.tables.len() {
            return Err(raise::<ActionError>(format!("no table {table}"), ""));
        }
        let mut out = vec![0u8; ACTIONS];
        let legal = self.tables[table].driver.hand().legal_actions();
        self.write_mask(table, legal.as_ref(), &mut out);
        Ok(out.into_pyarray(py))
    }

    /// Seat to act at `table`, -1 when its hand is over.
    fn seat_to_act(&self, table: usize) -> i32 {
        if table >= self.tables.len() {
            return -1;
        }
        self.to_act(table)
    }

    /// Each seat's chips behind at `table`, in seat order.
    fn stacks(&self, table: usize) -> PyResult<Vec<u64>> {
        let Some(t) = self.tables.get(table) else {
            return Err(raise::<ActionError>(format!("no table {table}"), ""));
        };
        let hand = t.driver.hand();
        Ok(hand.players().iter().map(|s| hand.stack(s).get()).collect())
    }
}

/// Registers the environment core.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<Tables>()?;
    m.add("N_ACTIONS", ACTIONS)?;
    Ok(())
}
