//! `holdem simulate`: play a whole tournament with built-in bots.
//!
//! Owned by the tourney work; until the tournament engine lands this command
//! reports that it is not available yet and exits non-zero.

use std::process::ExitCode;

/// Arguments of `holdem simulate`.
#[derive(clap::Args, Debug)]
pub struct SimulateArgs {
    /// Rules preset to play under.
    #[arg(long, default_value = "online-mtt")]
    pub preset: String,
    /// Number of entrants.
    #[arg(long, default_value_t = 1000)]
    pub entrants: u32,
    /// Seed for seat draws, shuffles and bots.
    #[arg(long, default_value_t = 7)]
    pub seed: u64,
}

/// Runs the simulation.
pub fn run(args: &SimulateArgs) -> ExitCode {
    eprintln!(
        "holdem simulate ({} entrants, preset {}, seed {}): the tournament engine is not built yet",
        args.entrants, args.preset, args.seed
    );
    ExitCode::from(2)
}
