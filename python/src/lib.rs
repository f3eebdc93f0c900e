//! `holdem._holdem`: the Python extension module of the `holdem` package.
//!
//! A thin layer over the engine crates: it converts Python values (card text,
//! card ids, numpy arrays) into the crates' typed values, calls the crates,
//! and turns their typed errors into Python exceptions carrying the engine's
//! message and rule ID. It implements no poker rule of its own.
//!
//! Invariants:
//! - every rule decision (legal actions, amounts, pots, ranks) comes from the
//!   engine crates; this crate only converts and packages;
//! - bad input from Python is an exception of the `holdem.HoldemError`
//!   hierarchy and changes no state (a refused action leaves the hand as it was);
//! - batch calls take and return numpy arrays and release the GIL while the
//!   crates work;
//! - a player's view never holds another player's hidden hole cards.
//!
//! The Python side (`python/holdem/*.py`) adds the PettingZoo and Gymnasium
//! environments and the pyarrow helpers over these functions. Its README has
//! the runnable examples (`pip install ./python`, then
//! `python -c "import holdem; print(holdem.evaluate('AhKhQhJhTh'))"`).

use pyo3::prelude::*;

mod aec;
mod cards;
mod env;
mod errors;
mod eval;
mod export;
mod hand;
mod history;
mod tourney;

/// The extension module (`holdem._holdem`); `holdem/__init__.py` re-exports it.
#[pymodule]
fn _holdem(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    cards::register(m)?;
    eval::register(m)?;
    export::register(m)?;
    hand::register(m)?;
    history::register(m)?;
    tourney::register(m)?;
    env::register(m)?;
    aec::register(m)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
