//! The PettingZoo AEC environment's per-step work, one Rust call a step:
//! `AecCore` plays one table of a [`Tables`] and keeps the environment's
//! dictionaries (rewards, cumulative rewards, terminations, truncations,
//! infos) and agent list up to date in place, so `step`, `last`, `observe`
//! and `agent_iter` run no Python of their own.
//!
//! Invariants: the dictionaries and the list are the ones `deal` returned
//! (the environment holds the same objects); `alive` lists, in seat order,
//! the seats of the agents in that list; `selection` is the seat of the
//! selected agent. Every seat's termination is set at once, when the hand
//! ends; then each agent is stepped with `None` and leaves the list.

use pyo3::exceptions::{PyKeyError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use crate::env::Tables;

/// The AEC environment's state beside its table (see the module docs).
#[pyclass(module = "holdem", name = "_AecCore")]
pub struct AecCore {
    tables: Py<Tables>,
    names: Vec<Py<PyString>>,
    /// Agent name to seat.
    seats: Py<PyDict>,
    agents: Py<PyList>,
    rewards: Py<PyDict>,
    cumulative: Py<PyDict>,
    terminations: Py<PyDict>,
    truncations: Py<PyDict>,
    infos: Py<PyDict>,
    /// Every agent to 0.0, and every agent to `False`: copied at each deal.
    zeros: Py<PyDict>,
    falses: Py<PyDict>,
    alive: Vec<usize>,
    selection: usize,
    /// The agent selected when the first dead agent was stepped.
    skip: Option<usize>,
    /// The hand's rewards are still in `rewards` (cleared by the first dead step).
    rewards_left: bool,
}

impl AecCore {
    fn name<'py>(&self, py: Python<'py>, seat: usize) -> &Bound<'py, PyString> {
        self.names[seat].bind(py)
    }

    /// The hand has ended: each seat's reward, every termination, the
    /// rewards added to the cumulative ones.
    fn finish(&mut self, py: Python<'_>) -> PyResult<()> {
        let last = self.tables.bind(py).borrow().table(0)?.last_rewards();
        let (rewards, cumulative) = (self.rewards.bind(py), self.cumulative.bind(py));
        let terminations = self.terminations.bind(py);
        for &seat in &self.alive {
            let name = self.name(py, seat);
            let reward = f64::from(last[seat]);
            rewards.set_item(name, reward)?;
            terminations.set_item(name, true)?;
        }
        for (agent, reward) in rewards.iter() {
            let before: f64 = match cumulative.get_item(&agent)? {
                Some(c) => c.extract()?,
                None => 0.0,
            };
            cumulative.set_item(agent, before + reward.extract::<f64>()?)?;
        }
        self.rewards_left = true;
        Ok(())
    }

    /// A dead agent's step (PettingZoo's `_was_dead_step`).
    fn dead_step(&mut self, py: Python<'_>) -> PyResult<()> {
        let seat = self.selection;
        let name = self.name(py, seat).clone();
        for d in [
            &self.terminations,
            &self.truncations,
            &self.rewards,
            &self.cumulative,
            &self.infos,
        ] {
            d.bind(py).del_item(&name)?;
        }
        if let Some(at) = self.alive.iter().position(|&s| s == seat) {
            self.alive.remove(at);
            self.agents.bind(py).del_item(at)?;
        }
        if let Some(&first) = self.alive.first() {
            self.skip.get_or_insert(seat);
            self.selection = first;
        } else if let Some(skip) = self.skip.take() {
            self.selection = skip;
        }
        if self.rewards_left {
            self.rewards_left = false;
            let rewards = self.rewards.bind(py);
            for &s in &self.alive {
                rewards.set_item(self.name(py, s), 0)?;
            }
        }
        Ok(())
    }

    fn is_true(d: &Bound<'_, PyDict>, key: &Bound<'_, PyString>) -> PyResult<bool> {
        match d.get_item(key)? {
            Some(v) => v.is_truthy(),
            None => Err(PyKeyError::new_err(key.clone().unbind())),
        }
    }

    fn get<'py>(d: &Bound<'py, PyDict>, key: &Bound<'py, PyString>) -> PyResult<Bound<'py, PyAny>> {
        d.get_item(key)?
            .ok_or_else(|| PyKeyError::new_err(key.clone().unbind()))
    }
}

#[pymethods]
impl AecCore {
    #[new]
    fn new(py: Python<'_>, tables: Py<Tables>, names: Vec<Py<PyString>>) -> PyResult<AecCore> {
        let seats = PyDict::new(py);
        let zeros = PyDict::new(py);
        let falses = PyDict::new(py);
        for (seat, name) in names.iter().enumerate() {
            seats.set_item(name, seat)?;
            zeros.set_item(name, 0.0)?;
            falses.set_item(name, false)?;
        }
        Ok(AecCore {
            tables,
            alive: Vec::new(),
            seats: seats.unbind(),
            agents: PyList::empty(py).unbind(),
            rewards: PyDict::new(py).unbind(),
            cumulative: PyDict::new(py).unbind(),
            terminations: PyDict::new(py).unbind(),
            truncations: PyDict::new(py).unbind(),
            infos: PyDict::new(py).unbind(),
            zeros: zeros.unbind(),
            falses: falses.unbind(),
            names,
            selection: 0,
            skip: None,
            rewards_left: false,
        })
    }

    /// Plays on `tables` (table 0) from the next deal.
    fn set_tables(&mut self, tables: Py<Tables>) {
        self.tables = tables;
    }

    /// Deals the next hand; returns the fresh `(agents, rewards,
    /// cumulative rewards, terminations, truncations, infos)`.
    fn deal<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let to_act = self.tables.bind(py).borrow_mut().deal_one(0)?;
        let agents = PyList::new(py, &self.names)?;
        let infos = PyDict::new(py);
        for name in &self.names {
            infos.set_item(name, PyDict::new(py))?;
        }
        self.agents = agents.clone().unbind();
        self.rewards = self.zeros.bind(py).copy()?.unbind();
        self.cumulative = self.zeros.bind(py).copy()?.unbind();
        self.terminations = self.falses.bind(py).copy()?.unbind();
        self.truncations = self.falses.bind(py).copy()?.unbind();
        self.infos = infos.unbind();
        self.alive = (0..self.names.len()).collect();
        self.skip = None;
        self.rewards_left = false;
        match usize::try_from(to_act) {
            Ok(seat) => self.selection = seat,
            // Nobody to act: the hand ended at the deal (all in from the blinds).
            Err(_) => {
                self.selection = 0;
                self.finish(py)?;
            }
        }
        PyTuple::new(
            py,
            [
                agents.into_any(),
                self.rewards.bind(py).clone().into_any(),
                self.cumulative.bind(py).clone().into_any(),
                self.terminations.bind(py).clone().into_any(),
                self.truncations.bind(py).clone().into_any(),
                self.infos.bind(py).clone().into_any(),
            ],
        )
    }

    /// The selected agent (the one `step` plays for).
    #[getter]
    fn agent_selection(&self, py: Python<'_>) -> Py<PyString> {
        self.names[self.selection].clone_ref(py)
    }

    /// Selects `agent` by name.
    fn select(&mut self, py: Python<'_>, agent: &Bound<'_, PyString>) -> PyResult<()> {
        let seat = AecCore::get(self.seats.bind(py), agent)?;
        self.selection = seat.extract()?;
        Ok(())
    }

    /// `agent`'s observation dict (`Tables.observe_dict`).
    fn observe<'py>(
        &self,
        py: Python<'py>,
        agent: &Bound<'py, PyString>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let seat: usize = AecCore::get(self.seats.bind(py), agent)?.extract()?;
        self.tables.bind(py).borrow().observe_dict(py, 0, seat)
    }

    /// `(observation, cumulative reward, terminated, truncated, info)` of
    /// the selected agent.
    #[pyo3(signature = (observe = true))]
    fn last<'py>(&self, py: Python<'py>, observe: bool) -> PyResult<Bound<'py, PyTuple>> {
        let name = self.name(py, self.selection);
        let observation = if observe {
            self.tables
                .bind(py)
                .borrow()
                .observe_dict(py, 0, self.selection)?
                .into_any()
        } else {
            py.None().into_bound(py)
        };
        PyTuple::new(
            py,
            [
                observation,
                AecCore::get(self.cumulative.bind(py), name)?,
                AecCore::get(self.terminations.bind(py), name)?,
                AecCore::get(self.truncations.bind(py), name)?,
                AecCore::get(self.infos.bind(py), name)?,
            ],
        )
    }

    /// Plays `action` (0-5) for the selected agent, or steps it with `None`
    /// once it is terminated or truncated. A masked action raises
    /// `ActionError` and changes nothing.
    #[pyo3(signature = (action))]
    fn step(&mut self, py: Python<'_>, action: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
        let name = self.name(py, self.selection).clone();
        if AecCore::is_true(self.terminations.bind(py), &name)?
            || AecCore::is_true(self.truncations.bind(py), &name)?
        {
            if action.is_some() {
                return Err(PyValueError::new_err(
                    "when an agent is dead, the only valid action is None",
                ));
            }
            return self.dead_step(py);
        }
        let Some(action) = action else {
            return Err(PyTypeError::new_err(format!(
                "{name} is to act: the action is an int 0-5, not None"
            )));
        };
        let action: i64 = action.extract()?;
        let done = self
            .tables
            .bind(py)
            .borrow_mut()
            .act_one(0, action, &mut [0.0; 10])?;
        self.cumulative.bind(py).set_item(&name, 0.0)?;
        if done {
            self.finish(py)
        } else {
            let to_act = self.tables.bind(py).borrow().table(0)?.to_act();
            self.selection = usize::try_from(to_act).unwrap_or(self.selection);
            Ok(())
        }
    }

    /// Yields the selected agent until every agent is done (at most `max_iter` times).
    #[pyo3(signature = (max_iter = u64::MAX))]
    fn agent_iter(slf: Py<Self>, max_iter: u64) -> AgentIter {
        AgentIter {
            core: slf,
            left: max_iter,
        }
    }
}

/// `AecCore.agent_iter`'s iterator.
#[pyclass(module = "holdem")]
pub struct AgentIter {
    core: Py<AecCore>,
    left: u64,
}

#[pymethods]
impl AgentIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> Option<Py<PyString>> {
        if self.left == 0 {
            return None;
        }
        self.left -= 1;
        let core = self.core.bind(py).borrow();
        if core.alive.is_empty() {
            return None;
        }
        Some(core.names[core.selection].clone_ref(py))
    }
}

/// Registers the AEC core.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<AecCore>()?;
    m.add_class::<AgentIter>()?;
    Ok(())
}
