//! `holdem export`: hand-history files to Parquet (`hands`, `players`, `actions`;
//! schema in `docs/export.md`), on every core, the files the same whatever the
//! number of threads.
//!
//! One thread reads (and parses) the files in order and cuts the hands into
//! groups of [`GROUP_HANDS`]; the worker threads replay each group and encode it
//! into one row group of each table; the groups are appended in order. So a
//! group's bytes depend only on its hands, and the files on the hands and their
//! order. Memory holds at most a few groups per thread, whatever the corpus.

use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::mpsc;

use clap::Args;
use holdem_export::{EncodedGroup, Encoder, ExportError, Exporter, GROUP_HANDS, HandRows};
use holdem_history::corpus::{RulesBook, collect_files, read_hands};
use holdem_history::{HandHistory, HistoryError};
use rayon::prelude::*;

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

/// Hands read, with their file and 1-based position in it: a group of at most
/// [`GROUP_HANDS`].
type Group = Vec<(Arc<str>, u32, HandHistory)>;

/// Why reading stopped early.
#[derive(Debug, thiserror::Error)]
enum Stop {
    #[error(transparent)]
    History(#[from] HistoryError),
    /// The writing side stopped (an error it reports).
    #[error("the writer stopped")]
    Closed,
}

/// Reads every hand of `files` in order, sending groups of [`GROUP_HANDS`]
/// hands; returns what was left out.
fn read_groups(files: &[PathBuf], send: &mpsc::SyncSender<Group>) -> Result<LeftOut, Stop> {
    let mut left = LeftOut::default();
    let mut group = Vec::with_capacity(GROUP_HANDS);
    for file in files {
        let name: Arc<str> = file.display().to_string().into();
        // Both closures count: a bad hand keeps its place in the file.
        let index = std::cell::Cell::new(0u32);
        read_hands(
            file,
            |h| {
                index.set(index.get() + 1);
                group.push((name.clone(), index.get(), h));
                if group.len() >= GROUP_HANDS {
                    let full = std::mem::replace(&mut group, Vec::with_capacity(GROUP_HANDS));
                    send.send(full).map_err(|_| Stop::Closed)?;
                }
                Ok::<(), Stop>(())
            },
            |e| {
                index.set(index.get() + 1);
                let other_game = match &e {
                    HistoryError::Phh { source, .. } => source.is_unsupported(),
                    _ => false,
                };
                if other_game {
                    left.other_games += 1;
                } else {
                    left.bad += 1;
                    error(&e);
                }
            },
        )?;
    }
    if !group.is_empty() {
        send.send(group).map_err(|_| Stop::Closed)?;
    }
    Ok(left)
}

/// Replays a group and encodes its row groups; the hands whose declared rules
/// are bad are left out and reported (in order) by the caller.
fn encode_group(
    group: &Group,
    book: &RulesBook,
    encoder: &Encoder,
) -> Result<(EncodedGroup, Vec<String>), ExportError> {
    let mut rows = Vec::with_capacity(group.len());
    let mut bad = Vec::new();
    for (name, i, h) in group {
        match book.for_hand(h) {
            Ok(rules) => rows.push(HandRows::of(name, *i, h, rules)),
            Err(e) => bad.push(format!("{name}: hand {i}: {e}")),
        }
    }
    Ok((encoder.encode(&rows)?, bad))
}

/// Exports every hand of `paths` in order: one thread reads, the pool's threads
/// replay and encode a window of groups at a time, the groups are appended in
/// order. Returns what was left out.
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
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()
        .map_err(|e| e.to_string())?;
    // Two groups per thread in a window keep every thread busy while the
    // slowest group of the window finishes.
    let window = 2 * pool.current_num_threads().max(1);
    let encoder = exporter.encoder();
    let (send, receive) = mpsc::sync_channel::<Group>(window);
    std::thread::scope(|s| {
        // The reader owns the sender: its end closes the channel.
        let files = &files;
        let reader = s.spawn(move || read_groups(files, &send));
        let written = write_groups(&receive, window, &pool, &book, &encoder, exporter);
        // Ends the reader if the writing stopped first.
        drop(receive);
        let read = reader
            .join()
            .map_err(|_| "the reading thread panicked".to_string())?;
        let bad_rules = written?;
        match read {
            Ok(left) => Ok(LeftOut {
                bad: left.bad + bad_rules,
                other_games: left.other_games,
            }),
            Err(e) => Err(e.to_string()),
        }
    })
}

/// Takes groups as they come, a window at a time, encodes the window on the
/// pool and appends it in order; returns how many hands had bad rules.
fn write_groups(
    receive: &mpsc::Receiver<Group>,
    window: usize,
    pool: &rayon::ThreadPool,
    book: &RulesBook,
    encoder: &Encoder,
    exporter: &mut Exporter,
) -> Result<usize, String> {
    let mut bad_rules = 0;
    let mut groups = Vec::with_capacity(window);
    while let Ok(first) = receive.recv() {
        groups.push(first);
        while groups.len() < window {
            match receive.try_recv() {
                Ok(g) => groups.push(g),
                Err(_) => break,
            }
        }
        let encoded: Vec<_> = pool.install(|| {
            groups
                .par_iter()
                .map(|g| encode_group(g, book, encoder))
                .collect()
        });
        groups.clear();
        for e in encoded {
            let (group, bad) = e.map_err(|e| e.to_string())?;
            for b in &bad {
                error(b);
            }
            bad_rules += bad.len();
            exporter.append_group(group).map_err(|e| e.to_string())?;
        }
    }
    Ok(bad_rules)
}
