//! `holdem export`: hand-history files to Parquet (`hands`, `players`, `actions`;
//! schema in `docs/export.md`), on every core, the files the same whatever the
//! number of threads.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use holdem_export::{Exporter, HandRows};

use crate::error;
use crate::stats::for_each_batch;

/// Arguments of `holdem export`.
#[derive(Args)]
pub struct ExportArgs {
    /// Files and folders (searched recursively).
    #[arg(required = true)]
    pub paths: Vec<PathBuf>,
    /// The folder to write `hands.parquet`, `players.parquet` and
    /// `actions.parquet` into (created if needed).
    #[arg(long)]
    pub to: PathBuf,
    /// Rules: `standard`, a preset or a rules TOML file. Default: what each hand
    /// declares, else standard.
    #[arg(long)]
    pub rules: Option<String>,
    /// Worker threads (default: every core).
    #[arg(long)]
    pub threads: Option<usize>,
}

/// Runs `holdem export`.
pub fn run(args: &ExportArgs, out: &mut dyn Write) -> io::Result<ExitCode> {
    let mut exporter = match Exporter::create(&args.to) {
        Ok(e) => e,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    let read = for_each_batch(
        &args.paths,
        args.rules.as_deref(),
        args.threads,
        HandRows::of,
        |batch| {
            for rows in &batch {
                exporter.append(rows).map_err(|e| e.to_string())?;
            }
            Ok(())
        },
    );
    let left = match read {
        Ok(p) => p,
        Err(e) => {
            error(&e);
            return Ok(ExitCode::from(2));
        }
    };
    match exporter.finish() {
        Ok(c) => {
            writeln!(
                out,
                "{} hands, {} player rows, {} actions written to {}",
                c.hands,
                c.players,
                c.actions,
                args.to.display()
            )?;
            if left.other_games > 0 {
                writeln!(out, "{} hands of other games left out", left.other_games)?;
            }
            if left.bad > 0 {
                writeln!(out, "{} hands could not be read", left.bad)?;
                return Ok(ExitCode::FAILURE);
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            error(&e);
            Ok(ExitCode::from(2))
        }
    }
}
