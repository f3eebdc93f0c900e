//! `holdem export`: hand-history files to Parquet (`hands`, `players`, `actions`;
//! schema in `docs/export.md`), on every core, the files the same whatever the
//! number of threads.
//!
//! The worker threads cut the files into pieces still as text or postcard
//! frames, which are put in order into groups of
//! [`holdem_export::GROUP_HANDS`] hands; each worker parses, replays and encodes
//! a group into one row group of each table; the groups are appended in order
//! ([`export_files`]). So a group's bytes depend only on its hands, and the
//! files on the hands and their order. Memory holds a few groups per thread,
//! whatever the corpus.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::Args;
use holdem_export::{Exporter, LeftOut as Skipped, export_files};
use holdem_history::corpus::{RulesBook, collect_files};

use crate::error;
use crate::stats::LeftOut;

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
    let read = export_groups(
        &args.paths,
        args.rules.as_deref(),
        args.threads,
        &mut exporter,
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
            left.write_counts(out)?;
            if left.bad > 0 {
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

/// Exports every hand of `paths` in order ([`export_files`]: the worker
/// threads, this one among them, cut, parse, replay and encode groups of
/// hands, and this one appends them in order); reports each hand left out on
/// standard error, in order. Returns what was left out.
fn export_groups(
    paths: &[PathBuf],
    rules: Option<&str>,
    threads: Option<usize>,
    exporter: &mut Exporter,
) -> Result<LeftOut, String> {
    let forced = rules
        .map(RulesBook::load)
        .transpose()
        .map_err(|e| e.to_string())?;
    let book = RulesBook::new(forced);
    let files = collect_files(paths).map_err(|e| e.to_string())?;
    let mut left = LeftOut::default();
    export_files(&files, &book, threads.unwrap_or(0), exporter, |l| match l {
        Skipped::OtherGame(_) | Skipped::Unsupported { .. } => left.other_games += 1,
        Skipped::Declared(_) => left.declared += 1,
        l => {
            left.bad += 1;
            error(&l);
        }
    })
    .map_err(|e| e.to_string())?;
    Ok(left)
}
