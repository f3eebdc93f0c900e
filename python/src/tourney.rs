//! Tournament money: ICM equities (rule T15) and deals (chip count, even
//! split, ICM), from the `tourney` crate's pure functions.

use holdem_tourney::Chips;
use holdem_tourney::money::{
    DealMethod, DealOptions, DealTable, PlayerId, PlayerStack, deal as engine_deal, icm,
};
use pyo3::prelude::*;

use crate::errors::{RulesError, raise, rule_in};

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

/// Registers the tournament money functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(icm_equities, m)?)?;
    m.add_function(wrap_pyfunction!(deal, m)?)?;
    Ok(())
}
