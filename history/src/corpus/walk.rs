//! Walking files and folders for histories, listing what is skipped and why.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::format::{Format, is_pokerstars_file};
use super::report::lossy_path;
use crate::HistoryError;

/// Every history file under `paths` (files as given, folders recursively), sorted.
/// Files of other types inside folders are skipped; named explicitly, they are an
/// error. Links inside folders are followed, each file and folder visited once
/// ([`walk_paths`] with `follow_links`); what is skipped is not reported.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, HistoryError> {
    let walk = walk_paths(paths, true)?;
    match walk.skipped.into_iter().find(|s| s.named) {
        Some(s) if s.reason == SkipReason::NotAHistory => {
            Err(HistoryError::UnknownFormat { path: s.path })
        }
        _ => Ok(walk.files),
    }
}

/// Why [`walk_paths`] did not take a path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum SkipReason {
    /// Not a hand history: its extension is none of a history's, or (`.txt`, or a
    /// file named on the command line) its text is not PokerStars text.
    #[error(
        "not a hand history (.phh, .phhs, .jsonl, .postcard, or the text of PokerStars, GGPoker, Full Tilt, Winamax, WPN, 888 or PartyPoker, or iPoker XML)"
    )]
    NotAHistory,
    /// A FIFO, socket or device: reading it could block forever or never end.
    #[error("not a regular file (a FIFO, socket or device is not read)")]
    NotAFile,
    /// A symbolic link inside a folder, not followed.
    #[error("a symbolic link, not followed (--follow follows links)")]
    Link,
    /// A link to a file or folder the walk has already visited (a loop, or a
    /// second name for the same file).
    #[error("a link to a file or folder already visited")]
    Visited,
    /// The entry could not be examined (a link that loops on itself, a folder
    /// that cannot be read...).
    #[error("cannot be read: {0}")]
    Unreadable(String),
}

/// A path [`walk_paths`] did not take, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Skipped {
    /// The path (in JSON, lossily as UTF-8 text).
    #[serde(serialize_with = "lossy_path")]
    pub path: PathBuf,
    /// Why.
    pub reason: SkipReason,
    /// Named by the caller, not found inside a folder.
    #[serde(skip)]
    pub named: bool,
}

/// The most skipped paths [`Walk::skipped`] keeps; the others are counted.
pub const MAX_SKIPPED_KEPT: usize = 1000;

/// What [`walk_paths`] found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Walk {
    /// The history files, sorted, each once.
    pub files: Vec<PathBuf>,
    /// What was skipped, in the order met (at most [`MAX_SKIPPED_KEPT`]).
    pub skipped: Vec<Skipped>,
    /// Skipped paths not kept in `skipped`.
    pub skipped_left_out: u64,
}

impl Walk {
    fn skip(&mut self, path: &Path, reason: SkipReason, named: bool) {
        if self.skipped.len() < MAX_SKIPPED_KEPT {
            self.skipped.push(Skipped {
                path: path.to_path_buf(),
                reason,
                named,
            });
        } else {
            self.skipped_left_out += 1;
        }
    }
}

/// The history files under `paths`: files as given, folders recursively. Nothing
/// but regular files is read (a FIFO named `*.phh` would block), and a folder's
/// `.txt` files only when they are PokerStars text. Paths given are followed if
/// they are links; links inside folders are followed only with `follow_links`, and
/// then no file or folder is visited twice (by its canonical path), so a link loop
/// ends. Everything not taken is listed in [`Walk::skipped`] with its reason.
///
/// # Errors
/// A path given that does not exist or cannot be examined.
pub fn walk_paths(paths: &[PathBuf], follow_links: bool) -> Result<Walk, HistoryError> {
    let mut walk = Walk::default();
    let mut seen = std::collections::HashSet::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|source| HistoryError::Io {
            path: p.clone(),
            source,
        })?;
        if meta.is_dir() {
            let real = follow_links
                .then(|| std::fs::canonicalize(p).ok())
                .flatten();
            if let Some(real) = &real {
                seen.insert(real.clone());
            }
            visit(p, real.as_deref(), follow_links, &mut seen, &mut walk);
        } else if !meta.is_file() {
            walk.skip(p, SkipReason::NotAFile, true);
        } else if Format::detect(p).is_some() {
            walk.files.push(p.clone());
        } else {
            walk.skip(p, SkipReason::NotAHistory, true);
        }
    }
    walk.files.sort();
    walk.files.dedup();
    Ok(walk)
}

/// Walks one folder (see [`walk_paths`]); `seen` holds the canonical paths visited
/// (with `follow_links`), `real` the folder's canonical path where known: an
/// entry that is not a link is then `real` joined with its name, without asking
/// the system (only links are resolved).
fn visit(
    dir: &Path,
    real: Option<&Path>,
    follow_links: bool,
    seen: &mut std::collections::HashSet<PathBuf>,
    walk: &mut Walk,
) {
    let unreadable = |e: std::io::Error| SkipReason::Unreadable(e.to_string());
    let entries = match std::fs::read_dir(dir) {
        Ok(entries) => entries,
        Err(e) => return walk.skip(dir, unreadable(e), false),
    };
    let mut paths = Vec::new();
    for entry in entries {
        match entry {
            Ok(entry) => paths.push((entry.path(), entry.file_type())),
            Err(e) => walk.skip(dir, unreadable(e), false),
        }
    }
    // In name order, so that what is skipped is listed the same way every time.
    paths.sort_by(|a, b| a.0.cmp(&b.0));
    for (path, file_type) in paths {
        let file_type = match file_type {
            Ok(t) => t,
            Err(e) => {
                walk.skip(&path, unreadable(e), false);
                continue;
            }
        };
        let link = file_type.is_symlink();
        let file_type = if link {
            if !follow_links {
                walk.skip(&path, SkipReason::Link, false);
                continue;
            }
            // A link that loops on itself fails here (ELOOP).
            match std::fs::metadata(&path) {
                Ok(m) => m.file_type(),
                Err(e) => {
                    walk.skip(&path, unreadable(e), false);
                    continue;
                }
            }
        } else {
            file_type
        };
        let mut real_path = None;
        if follow_links {
            let canonical = match (real, path.file_name()) {
                (Some(real), Some(name)) if !link => Ok(real.join(name)),
                _ => std::fs::canonicalize(&path),
            };
            match canonical {
                Ok(canonical) => {
                    if file_type.is_dir() {
                        real_path = Some(canonical.clone());
                    }
                    if !seen.insert(canonical) {
                        walk.skip(&path, SkipReason::Visited, false);
                        continue;
                    }
                }
                Err(e) => {
                    walk.skip(&path, unreadable(e), false);
                    continue;
                }
            }
        }
        if file_type.is_dir() {
            visit(&path, real_path.as_deref(), follow_links, seen, walk);
        } else if !file_type.is_file() {
            walk.skip(&path, SkipReason::NotAFile, false);
        } else {
            match Format::of(&path) {
                // A `.txt` file in a folder counts only when it is PokerStars text.
                Some(Format::PokerStars) if !is_pokerstars_file(&path) => {
                    walk.skip(&path, SkipReason::NotAHistory, false);
                }
                Some(_) => walk.files.push(path),
                None => walk.skip(&path, SkipReason::NotAHistory, false),
            }
        }
    }
}
