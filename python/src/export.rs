//! Parquet export of hand histories through the `holdem-export` crate: the
//! three tables of `holdem export` (`docs/export.md`) for a list of files, so
//! that `holdem.ray` can export one shard of a corpus per Ray task.
//!
//! Files are read in the order [`collect_files`] gives (each as named, folders
//! recursively in name order), each hand replayed under the rules it declares
//! (or `rules`), and rows written in hand order: the files are the same as
//! `holdem export` writes for the same paths, whatever the number of threads.

use std::path::{Path, PathBuf};

use holdem_export::{Exporter, FilesError, LeftOut, export_files};
use holdem_history::corpus::{RulesBook, collect_files};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{HistoryError, RulesError, raise, rule_in};

/// What one export wrote and left out.
#[derive(Default)]
struct Written {
    hands: u64,
    players: u64,
    actions: u64,
    other_games: usize,
    declared: usize,
    bad: usize,
    problems: Vec<String>,
}

/// Exports `files` into `out` with `holdem export`'s pipeline
/// ([`export_files`]), so the files are the same bytes.
fn export(
    files: &[PathBuf],
    out: &Path,
    book: &RulesBook,
    threads: Option<usize>,
) -> Result<Written, FilesError> {
    let mut exporter = Exporter::create(out)?;
    let mut written = Written::default();
    export_files(
        files,
        book,
        threads.unwrap_or(0),
        &mut exporter,
        |l| match l {
            LeftOut::OtherGame(_) | LeftOut::Unsupported { .. } => written.other_games += 1,
            LeftOut::Declared(_) => written.declared += 1,
            l => {
                written.bad += 1;
                written.problems.push(l.to_string());
            }
        },
    )?;
    let counts = exporter.finish()?;
    written.hands = counts.hands;
    written.players = counts.players;
    written.actions = counts.actions;
    Ok(written)
}

/// Writes `hands.parquet`, `players.parquet` and `actions.parquet` into
/// `out_dir` (created if needed) for the history files and folders `paths`,
/// the same files `holdem export --to out_dir paths` writes. The GIL is
/// released while it works; `threads` bounds its thread pool (default: every
/// core). Returns `{"hands", "players", "actions"}` (rows written),
/// `"other_games"` (hands of other games left out), `"declared"` (hands left
/// out that their files declare unreadable, `# expect-illegal:`), `"bad"`
/// (hands that could not be read or have no rules, left out) and `"problems"` (their messages).
/// A path that cannot be read or an output that cannot be written raises
/// `HistoryError`; unknown `rules` raise `RulesError`.
#[pyfunction]
#[pyo3(signature = (paths, out_dir, rules = None, threads = None))]
fn export_parquet<'py>(
    py: Python<'py>,
    paths: Vec<PathBuf>,
    out_dir: PathBuf,
    rules: Option<String>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let forced = rules
        .as_deref()
        .map(RulesBook::load)
        .transpose()
        .map_err(|e| raise::<RulesError>(&e, ""))?;
    let book = RulesBook::new(forced);
    let files = collect_files(&paths).map_err(|e| raise::<HistoryError>(&e, ""))?;
    let written = py
        .detach(|| export(&files, &out_dir, &book, threads))
        .map_err(|e| {
            let text = e.to_string();
            raise::<HistoryError>(&text, &rule_in(&text))
        })?;
    let d = PyDict::new(py);
    d.set_item("hands", written.hands)?;
    d.set_item("players", written.players)?;
    d.set_item("actions", written.actions)?;
    d.set_item("other_games", written.other_games)?;
    d.set_item("declared", written.declared)?;
    d.set_item("bad", written.bad)?;
    d.set_item("problems", written.problems)?;
    Ok(d)
}

/// The history files under `paths` in the order an export reads them: files
/// as named, folders recursively in name order (other file types inside
/// folders skipped). A path that does not exist or a named file that is not a
/// history raises `HistoryError`.
#[pyfunction]
fn history_files(paths: Vec<PathBuf>) -> PyResult<Vec<String>> {
    let files = collect_files(&paths).map_err(|e| raise::<HistoryError>(&e, ""))?;
    Ok(files.iter().map(|f| f.display().to_string()).collect())
}

/// Registers the export functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(export_parquet, m)?)?;
    m.add_function(wrap_pyfunction!(history_files, m)?)?;
    Ok(())
}
