//! Tournaments: ICM equities (rule T15) and deals (chip count, even split,
//! ICM) from the `tourney` crate's pure functions, and whole tournaments
//! simulated with Python bots (`tourney::sim`).

use std::cell::RefCell;
use std::rc::Rc;

use holdem_tourney::betting::{Action, Bot, Turn};
use holdem_tourney::money::{
    DealMethod, DealOptions, DealTable, PlayerId, PlayerStack, deal as engine_deal, icm,
};
use holdem_tourney::sim::{BotMaker, NoJournal, SimError, SimOptions, Simulation};
use holdem_tourney::{Chips, TournamentConfig, TournamentOptions};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{ActionError, RulesError, raise, rule_in};
use crate::hand::{action_arg, legal_dict};

fn money_error(e: impl std::fmt::Display) -> PyErr {
    let msg = e.to_string();
    let rule = rule_in(&msg);
    raise::<RulesError>(msg, &rule)
}

/// Each player's expected prize under the Independent Chip Model
/// (Malmuth-Harville), in the units of `prizes` (`prizes[k]` pays place `k + 1`).
#[pyfunction]
fn icm_equities(stacks: Vec<u64>, prizes: Vec<f64>) -> PyResult<Vec<f64>> {
    icm::equities(&stacks, &prizes).map_err(money_error)
}

/// A final-table deal of the remaining prizes (integer cents, first place
/// first): `method` is `"icm"`, `"chip-count"` or `"even-split"`;
/// `left_in_play` cents stay for the winner of the rest (at most
/// `max_left_in_play_bp` basis points of the prizes, None for no limit).
/// Returns each player's cents, in the order of `stacks`.
#[pyfunction]
#[pyo3(signature = (stacks, prizes, method = "icm", left_in_play = 0, max_left_in_play_bp = Some(500)))]
fn deal(
    stacks: Vec<u64>,
    prizes: Vec<u64>,
    method: &str,
    left_in_play: u64,
    max_left_in_play_bp: Option<u32>,
) -> PyResult<Vec<u64>> {
    let method = match method {
        "icm" => DealMethod::Icm,
        "chip-count" | "chip" => DealMethod::ChipCount,
        "even-split" | "even" => DealMethod::EvenSplit,
        other => {
            return Err(raise::<RulesError>(
                format!("unknown deal method {other:?}: icm, chip-count or even-split"),
                "",
            ));
        }
    };
    let players: Vec<PlayerStack> = stacks
        .iter()
        .enumerate()
        .map(|(i, &chips)| PlayerStack {
            player: PlayerId(i as u32),
            chips: Chips(chips),
        })
        .collect();
    let table = DealTable {
        final_table: true,
        players_remaining: stacks.len(),
        total_prize_pool: prizes.iter().sum(),
    };
    let opts = DealOptions {
        max_left_in_play_bp,
        ..DealOptions::default()
    };
    let proposed =
        engine_deal(method, &table, &players, &prizes, left_in_play, &opts).map_err(money_error)?;
    Ok(players
        .iter()
        .map(|p| proposed.share_of(p.player).unwrap_or(0))
        .collect())
}

/// A player's bot in Python: `bot(player, turn) -> action` (see [`simulate`]).
struct PyBot {
    player: u32,
    callback: Py<PyAny>,
    failure: Rc<RefCell<Option<PyErr>>>,
}

impl PyBot {
    fn ask(&self, turn: &Turn<'_>) -> PyResult<Action> {
        Python::attach(|py| {
            let legal = turn.legal();
            let d = PyDict::new(py);
            d.set_item("seat", turn.seat().as_usize())?;
            let hole: Vec<Option<String>> = turn
                .hole_cards()
                .iter()
                .map(|c| c.map(|c| c.to_string()))
                .collect();
            d.set_item("hole_cards", hole)?;
            let board: Vec<String> = turn
                .board()
                .iter()
                .flatten()
                .map(|c| c.to_string())
                .collect();
            d.set_item("board", board)?;
            d.set_item("street", turn.street().to_string())?;
            d.set_item("pot", turn.pot().get())?;
            d.set_item("stack", turn.stack().get())?;
            d.set_item("street_bet", turn.street_bet().get())?;
            d.set_item("legal", legal_dict(py, &legal)?)?;
            let answer = self.callback.bind(py).call1((self.player, d))?;
            let (name, amount): (String, Option<u64>) = match answer.extract::<String>() {
                Ok(name) => (name, None),
                Err(_) => answer.extract()?,
            };
            action_arg(&name, amount)
        })
    }
}

impl Bot for PyBot {
    fn decide(&mut self, turn: &Turn<'_>) -> Action {
        match self.ask(turn) {
            Ok(action) => action,
            Err(err) => {
                // A bot that raises stops the simulation with its exception;
                // this action is never applied (the error is raised first).
                self.failure.borrow_mut().get_or_insert(err);
                Action::Fold
            }
        }
    }
}

/// Plays a whole tournament in virtual time with `entrants` players, each
/// decision asked of `bot(player, turn)`: `turn` is a dict (`seat`,
/// `hole_cards`, `board`, `street`, `pot`, `stack`, `street_bet`, `legal` as
/// `Hand.legal_actions()`), the answer an action name (`"check_or_call"`) or
/// `(name, amount)` as `Hand.act` takes. `structure` is `"online-mtt"`,
/// `"live-mtt"`, `"sit-and-go"` (one table of up to 10) or `"heads-up"`.
/// Returns the finishes, first place first: dicts of `player`, `place`,
/// `prize` (cents). A bot's exception is raised as it is; an illegal action
/// raises `ActionError`.
#[pyfunction]
#[pyo3(signature = (entrants, bot, structure = "online-mtt", seed = 0))]
fn simulate<'py>(
    py: Python<'py>,
    entrants: u32,
    bot: Py<PyAny>,
    structure: &str,
    seed: u64,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let options = match structure {
        "online-mtt" => TournamentOptions::online_mtt(),
        "live-mtt" => TournamentOptions::live_mtt(),
        "sit-and-go" => TournamentOptions::sit_and_go(entrants.min(10)),
        "heads-up" => TournamentOptions::heads_up(),
        other => {
            return Err(raise::<RulesError>(
                format!(
                    "unknown structure {other:?}: online-mtt, live-mtt, sit-and-go or heads-up"
                ),
                "",
            ));
        }
    };
    let failure: Rc<RefCell<Option<PyErr>>> = Rc::default();
    let shared = Rc::clone(&failure);
    let make: BotMaker = Box::new(move |player: PlayerId| -> Box<dyn Bot> {
        Box::new(PyBot {
            player: player.0,
            callback: Python::attach(|py| bot.clone_ref(py)),
            failure: Rc::clone(&shared),
        })
    });
    let config = TournamentConfig::from(options);
    let sim_error = |e: SimError| raise::<ActionError>(&e, &rule_in(&e.to_string()));
    let mut sim = Simulation::with_bots(
        config,
        SimOptions::default(),
        entrants,
        seed,
        &mut NoJournal,
        make,
    )
    .map_err(sim_error)?;
    while !sim.is_done() {
        let stepped = sim.step(&mut NoJournal);
        if let Some(err) = failure.borrow_mut().take() {
            return Err(err);
        }
        stepped.map_err(sim_error)?;
    }
    let mut finishes = sim.tournament().finishes().to_vec();
    finishes.sort_by_key(|f| f.place);
    finishes
        .iter()
        .map(|f| {
            let d = PyDict::new(py);
            d.set_item("player", f.player.0)?;
            d.set_item("place", f.place)?;
            d.set_item("prize", f.prize)?;
            Ok(d)
        })
        .collect()
}

/// Registers the tournament money functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(icm_equities, m)?)?;
    m.add_function(wrap_pyfunction!(deal, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    Ok(())
}
