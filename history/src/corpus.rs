//! Files and folders of hand histories: find them, read them hand by hand (streaming),
//! replay each hand, and count the results.
//!
//! A file may declare the failure it must produce with a line
//! `# expect-illegal: <text>` (PHH files, and comments before a PokerStars file's
//! first hand): a failing hand whose message contains `<text>` counts as *expected
//! illegal*, and the file fails if no hand matches. This is how
//! `data/histories/illegal/` is replayed by the README's main command without
//! failing it, while any other illegal hand still makes `holdem replay` exit
//! non-zero. A declaration that names nothing (`# expect-illegal:` alone) is
//! refused: it is an unreadable line of its file
//! ([`crate::stream::StreamError::EmptyExpectation`], with its line), and it
//! matches no hand.
//!
//! # What is read
//! [`walk_paths`] reads only regular files (a FIFO named `*.phh` is skipped, not
//! opened), follows links inside folders only when asked and then visits nothing
//! twice, and lists every path it skips with a [`SkipReason`].
//!
//! # The JSON report (`holdem replay --json`)
//! One JSON object, written as the files are replayed; its keys are stable (new
//! keys may be added, none is renamed or removed):
//! - `files` (number), `seconds` (number), `hands_per_second` (number), `passed`
//!   (bool: nothing failed unexpectedly and at least one hand was replayed, the
//!   exit status is 0);
//! - `counts`: a [`Counts`] object, keys `hands`, `ok`, `unsettled`, `illegal`,
//!   `expected_illegal`, `mismatch`, `unsupported`, `unreadable`,
//!   `unmet_expectations` (numbers);
//! - `skipped`: one object per path not replayed ([`Skipped`]): `path` and
//!   `reason` (`not-a-history`, `not-a-file`, `link`, `visited`, or
//!   `{"unreadable": MESSAGE}`), at most [`MAX_SKIPPED_KEPT`];
//!   `skipped_left_out` (number): the skipped paths not listed;
//! - `reports`: one [`FileReport`] per file that has lines (every file with
//!   `--verbose`): `path` (text; bytes that are not UTF-8 become U+FFFD), `counts`
//!   (as above), `expected` (the declared `# expect-illegal:` text, absent if
//!   none), `left_out` (lines not kept past `--max-lines`) and `lines`, one
//!   [`HandLine`] per hand kept: `hand` (1-based), `name` (the `.phhs` table,
//!   absent if none), `status` (`ok`, `unsettled`, `illegal`, `expected-illegal`,
//!   `mismatch`, `unsupported`, `unreadable`), `message` (for people; an inferred
//!   rake reads `rake X inferred from finishing_stacks` or `... from winnings`),
//!   and `repairs` (lenient replay only, absent when empty): one [`Repair`] each,
//!   keys `action` (1-based position of the inserted action), `inserted` (PHH
//!   text), `inferred` (for people) and `error` (the strict error it answers).
//!
//! Failures are always kept as lines; repaired hands too; other hands only with
//! `--verbose`; at most the `max_lines` given to [`replay_file_batched`] a file,
//! so a report's memory is bounded whatever the input.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

#[cfg(feature = "rules-config")]
use holdem_rules_config::{Preset, Rules};
use serde::Serialize;

use crate::native::{
    ActionBuffer, HandRecord, NativeError, PostcardHands, decode_postcard, write_jsonl,
    write_postcard, write_postcard_header,
};
use crate::phh::RULES_FIELD;
use crate::phh::write_phh;
use crate::pokerstars;
use crate::replay::{HouseRules, Outcome, Repair, Replayer, replay_hand, replay_lenient};
use crate::stream::{
    JsonlSplitter, JsonlText, PhhSplitter, PhhText, PokerStarsSplitter, PokerStarsText, StreamError,
};
use crate::{HandHistory, HistoryError, Unit};

/// The history formats, chosen by file extension.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Format {
    /// `.phh` (one hand) or `.phhs` (`[1]`, `[2]`... tables).
    Phh,
    /// `.jsonl`: native, one hand a line.
    Jsonl,
    /// `.postcard`: native, length-prefixed postcard frames.
    Postcard,
    /// Site text hand histories (`.txt`, or any file whose first line is a hand
    /// header): PokerStars (H5) and the sites read over the same layer (H6,
    /// [`crate::sites`]), each hand's site found by its header; read only.
    PokerStars,
}

impl Format {
    /// The format of a path, from its extension.
    pub fn of(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()? {
            "phh" | "phhs" => Some(Format::Phh),
            "jsonl" => Some(Format::Jsonl),
            "postcard" => Some(Format::Postcard),
            "txt" => Some(Format::PokerStars),
            _ => None,
        }
    }

    /// The format of a file, from its extension, else from its content: a file that
    /// begins with a PokerStars hand header is PokerStars text whatever its name.
    pub fn detect(path: &Path) -> Option<Format> {
        Format::of(path).or_else(|| is_pokerstars_file(path).then_some(Format::PokerStars))
    }
}

/// True when the file's first line that is not blank starts a PokerStars hand (the
/// first 4 KiB are read).
fn is_pokerstars_file(path: &Path) -> bool {
    use std::io::Read;
    let mut head = Vec::with_capacity(4096);
    let read = File::open(path).and_then(|f| f.take(4096).read_to_end(&mut head));
    read.is_ok() && pokerstars::looks_like_pokerstars(&pokerstars::decode(&head))
}

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
        "not a hand history (.phh, .phhs, .jsonl, .postcard, or the text of PokerStars, GGPoker, Full Tilt, Winamax, WPN or 888)"
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
            if follow_links {
                if let Ok(real) = std::fs::canonicalize(p) {
                    seen.insert(real);
                }
            }
            visit(p, follow_links, &mut seen, &mut walk);
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
/// (with `follow_links`).
fn visit(
    dir: &Path,
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
        let file_type = if file_type.is_symlink() {
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
        if follow_links {
            match std::fs::canonicalize(&path) {
                Ok(real) => {
                    if !seen.insert(real) {
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
            visit(&path, follow_links, seen, walk);
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

/// The rules each hand is replayed under: `--rules` when given, otherwise the preset a
/// hand names in its `_holdem_rules` field, otherwise the standard rules.
#[derive(Clone, Debug)]
pub struct RulesBook {
    forced: Option<HouseRules>,
    standard: HouseRules,
    presets: Vec<HouseRules>,
    lenient: bool,
}

impl RulesBook {
    /// The standard rules and every preset of `holdem-rules-config` (with the
    /// `rules-config` feature; without it, the standard rules alone: a hand that
    /// names a preset is then unreadable, saying so); `forced` overrides what
    /// hands declare.
    pub fn new(forced: Option<HouseRules>) -> RulesBook {
        #[cfg(feature = "rules-config")]
        let presets = Preset::ALL
            .iter()
            .filter_map(|p| {
                Rules::preset(p.name())
                    .ok()
                    .map(|r| HouseRules::from_rules(p.name(), &r))
            })
            .collect();
        #[cfg(not(feature = "rules-config"))]
        let presets = Vec::new();
        RulesBook::with_presets(forced, presets)
    }

    /// The standard rules and the given presets, found by their
    /// [`HouseRules::name`]; `forced` overrides what hands declare.
    pub fn with_presets(forced: Option<HouseRules>, presets: Vec<HouseRules>) -> RulesBook {
        RulesBook {
            forced,
            standard: HouseRules::standard(),
            presets,
            lenient: false,
        }
    }

    /// The same book, replaying leniently (`true`: [`replay_lenient`], H4) or
    /// strictly (`false`, the default), in every format: a postcard frame is then
    /// decoded in full into a [`HandHistory`] (the lean decoder is for strict replay).
    #[must_use]
    pub fn lenient(mut self, lenient: bool) -> RulesBook {
        self.lenient = lenient;
        self
    }

    /// Rules by name: `standard`, a preset name, or a rules file (TOML)
    /// (feature `rules-config`).
    ///
    /// # Errors
    /// The file cannot be read or is not valid rules, or the name is none of these.
    #[cfg(feature = "rules-config")]
    pub fn load(name: &str) -> Result<HouseRules, RulesBookError> {
        if name == "standard" {
            return Ok(HouseRules::standard());
        }
        if let Ok(rules) = Rules::preset(name) {
            return Ok(HouseRules::from_rules(name, &rules));
        }
        let path = Path::new(name);
        if path.is_file() {
            let text = std::fs::read_to_string(path).map_err(|source| RulesBookError::Io {
                path: path.to_path_buf(),
                source,
            })?;
            let rules = Rules::from_toml_str(&text).map_err(|source| RulesBookError::Invalid {
                path: path.to_path_buf(),
                source: Box::new(source),
            })?;
            return Ok(HouseRules::from_rules(name, &rules));
        }
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        Err(RulesBookError::Unknown {
            name: name.to_string(),
            known: names.join(", "),
        })
    }

    /// The rules for one hand.
    ///
    /// # Errors
    /// The hand names a preset this book does not hold.
    pub fn for_hand(&self, h: &HandHistory) -> Result<&HouseRules, RulesBookError> {
        self.for_declared(
            h.meta
                .extra
                .iter()
                .find(|e| e.key == RULES_FIELD)
                .map(|e| e.toml.as_str()),
        )
    }

    /// The rules for a hand whose `_holdem_rules` field holds `declared` (TOML text).
    ///
    /// # Errors
    /// `declared` names a preset this book does not hold.
    pub fn for_declared(&self, declared: Option<&str>) -> Result<&HouseRules, RulesBookError> {
        if let Some(f) = &self.forced {
            return Ok(f);
        }
        let Some(declared) = declared else {
            return Ok(&self.standard);
        };
        let name = declared.trim().trim_matches(['"', '\'']);
        if name == "standard" {
            return Ok(&self.standard);
        }
        self.presets
            .iter()
            .find(|r| r.name == name)
            .ok_or_else(|| RulesBookError::UnknownPreset {
                name: name.to_string(),
            })
    }
}

/// Why [`RulesBook`] has no rules for a name or a hand.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RulesBookError {
    /// A hand's `_holdem_rules` names a preset the book does not hold (a build
    /// without the `rules-config` feature holds none).
    #[error("_holdem_rules names an unknown preset `{name}`")]
    UnknownPreset {
        /// The name, as declared.
        name: String,
    },
    /// A name that is neither `standard`, a preset nor a file.
    #[error("unknown rules `{name}`: expected standard, {known}, or a rules file")]
    Unknown {
        /// The name given.
        name: String,
        /// The presets, comma-separated.
        known: String,
    },
    /// A rules file that cannot be read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A rules file that is not valid rules (feature `rules-config`).
    #[cfg(feature = "rules-config")]
    #[error("{path}: {source}")]
    Invalid {
        /// The file.
        path: PathBuf,
        /// The errors, with field paths.
        source: Box<holdem_rules_config::RulesError>,
    },
}

/// How one hand ended up.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Legal and settled.
    Ok,
    /// Legal so far; the history stops early or hides cards the showdown needs.
    Unsettled,
    /// An illegal action.
    Illegal,
    /// Illegal as the file declares (`# expect-illegal:`).
    ExpectedIllegal,
    /// Legal, but the result differs from the recorded `finishing_stacks`.
    Mismatch,
    /// Not a game this engine plays.
    Unsupported,
    /// Not a valid history.
    Unreadable,
}

/// One hand's line in a report.
#[derive(Clone, Debug, Serialize)]
pub struct HandLine {
    /// 1-based position in its file.
    pub hand: usize,
    /// The `.phhs` table name, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// The result.
    pub status: Status,
    /// The result for people.
    pub message: String,
    /// What lenient replay repaired, in order (absent from JSON when empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub repairs: Vec<Repair>,
}

/// Counts of hands by [`Status`].
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Every hand read or attempted.
    pub hands: u64,
    /// Legal and settled.
    pub ok: u64,
    /// Legal, not settled.
    pub unsettled: u64,
    /// Illegal, unexpectedly.
    pub illegal: u64,
    /// Illegal as declared.
    pub expected_illegal: u64,
    /// Legal with a result different from the history's.
    pub mismatch: u64,
    /// Not hold'em or not playable by the engine.
    pub unsupported: u64,
    /// Not valid.
    pub unreadable: u64,
    /// Files whose declared failure did not happen.
    pub unmet_expectations: u64,
}

impl Counts {
    fn add(&mut self, s: Status) {
        self.hands += 1;
        match s {
            Status::Ok => self.ok += 1,
            Status::Unsettled => self.unsettled += 1,
            Status::Illegal => self.illegal += 1,
            Status::ExpectedIllegal => self.expected_illegal += 1,
            Status::Mismatch => self.mismatch += 1,
            Status::Unsupported => self.unsupported += 1,
            Status::Unreadable => self.unreadable += 1,
        }
    }

    /// Adds another file's counts.
    pub fn merge(&mut self, o: &Counts) {
        self.hands += o.hands;
        self.ok += o.ok;
        self.unsettled += o.unsettled;
        self.illegal += o.illegal;
        self.expected_illegal += o.expected_illegal;
        self.mismatch += o.mismatch;
        self.unsupported += o.unsupported;
        self.unreadable += o.unreadable;
        self.unmet_expectations += o.unmet_expectations;
    }

    /// True when nothing failed unexpectedly: the command exits 0.
    pub fn passed(&self) -> bool {
        self.illegal == 0
            && self.mismatch == 0
            && self.unreadable == 0
            && self.unmet_expectations == 0
    }
}

/// The replay of one file.
#[derive(Clone, Debug, Serialize)]
pub struct FileReport {
    /// The file (in JSON, its name as UTF-8 text, any byte that is not UTF-8
    /// replaced by U+FFFD).
    #[serde(serialize_with = "lossy_path")]
    pub path: PathBuf,
    /// Counts for its hands.
    pub counts: Counts,
    /// Hand lines: every hand when asked for, else only the ones that failed; at
    /// most the `max_lines` the replay was given, in file order.
    pub lines: Vec<HandLine>,
    /// Lines not kept because `max_lines` were kept already (their hands are
    /// counted in `counts`).
    pub left_out: u64,
    /// The failure the file declared, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
    /// A hand met the declared failure.
    #[serde(skip)]
    met: bool,
    #[serde(skip)]
    keep_all: bool,
    #[serde(skip)]
    max_lines: usize,
}

/// A path as JSON text, lossily: a name that is not UTF-8 is still reported.
fn lossy_path<S: serde::Serializer>(path: &Path, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&path.to_string_lossy())
}

impl FileReport {
    fn new(path: &Path, keep_all: bool, max_lines: usize) -> FileReport {
        FileReport {
            path: path.to_path_buf(),
            counts: Counts::default(),
            lines: Vec::new(),
            left_out: 0,
            expected: None,
            met: false,
            keep_all,
            max_lines,
        }
    }

    /// Whether a line of `status` is kept ([`FileReport::lines`]).
    fn keeps(status: Status, keep_all: bool) -> bool {
        keep_all || !matches!(status, Status::Ok | Status::Unsettled | Status::Unsupported)
    }

    /// Counts a hand's line and keeps it if it is to be kept and there is room;
    /// a failure the file declares (known by then) is counted as expected.
    fn push(&mut self, mut line: HandLine) {
        if let Some(expected) = &self.expected {
            self.met |= meet(&mut line, expected);
        }
        self.counts.add(line.status);
        if FileReport::keeps(line.status, self.keep_all) || !line.repairs.is_empty() {
            if self.lines.len() < self.max_lines {
                self.lines.push(line);
            } else {
                self.left_out += 1;
            }
        }
    }
}

/// Replays a postcard stream with the replay decoder ([`HandRecord`]): the frame is
/// borrowed, nothing is copied into a [`HandHistory`], and the decoded actions'
/// storage is reused from hand to hand.
fn judge_postcard<R: std::io::Read>(
    mut frames: PostcardHands<R>,
    rules: &RulesBook,
    report: &mut FileReport,
) {
    let mut index = 0;
    let mut buffer = ActionBuffer::default();
    let mut replayer = Replayer::new();
    while let Some(frame) = frames.next_frame() {
        index += 1;
        if rules.lenient {
            // Repairs need a typed hand: decode the frame in full.
            let line = match frame {
                Ok((bytes, version)) => match decode_postcard(bytes, version) {
                    Ok(hand) => judge(index, None, &hand, rules),
                    Err(e) => unreadable(index, format!("frame {index}: {e}")),
                },
                Err(e) => unreadable(index, e.to_string()),
            };
            report.push(line);
            continue;
        }
        let mut record = HandRecord::new(std::mem::take(&mut buffer));
        let decoded = frame
            .map_err(|e| e.to_string())
            .and_then(|(bytes, version)| {
                record
                    .decode_into(bytes, version)
                    .map_err(|e| format!("frame {index}: {e}"))
            });
        let line = match decoded {
            Ok(()) => {
                let (status, message) = match rules.for_declared(record.declared_rules()) {
                    Err(reason) => (Status::Unreadable, reason.to_string()),
                    Ok(r) => {
                        let outcome = replayer.replay(&record.view(), r);
                        let status = status_of(&outcome);
                        // Described only when the report keeps the line.
                        let message = if FileReport::keeps(status, report.keep_all) {
                            outcome.describe(record.unit())
                        } else {
                            String::new()
                        };
                        (status, message)
                    }
                };
                HandLine {
                    hand: index,
                    name: None,
                    status,
                    message,
                    repairs: Vec::new(),
                }
            }
            Err(message) => HandLine {
                hand: index,
                name: None,
                status: Status::Unreadable,
                message,
                repairs: Vec::new(),
            },
        };
        buffer = record.take_buffer();
        report.push(line);
    }
}

/// The line of a hand that could not be read.
fn unreadable(index: usize, message: String) -> HandLine {
    HandLine {
        hand: index,
        name: None,
        status: Status::Unreadable,
        message,
        repairs: Vec::new(),
    }
}

fn status_of(outcome: &Outcome) -> Status {
    match outcome {
        Outcome::Ok { settled: true, .. } => Status::Ok,
        Outcome::Ok { settled: false, .. } => Status::Unsettled,
        Outcome::Illegal { .. } => Status::Illegal,
        Outcome::Mismatch { .. } => Status::Mismatch,
        Outcome::Unsupported { .. } => Status::Unsupported,
    }
}

/// One hand's text from a file, cut by [`FileHands`]: read and replayed by
/// [`judge_text`], on any thread.
#[derive(Clone, Debug)]
pub enum HandText {
    /// A table of a PHH document.
    Phh(PhhText),
    /// A hand of a PokerStars file (or the stray text before the first hand).
    PokerStars(PokerStarsText),
    /// A line of a JSON Lines file.
    Jsonl(JsonlText),
}

impl HandText {
    /// The bytes of text held.
    pub fn len(&self) -> usize {
        match self {
            HandText::Phh(t) => t.bytes.len(),
            HandText::PokerStars(t) => t.text.len(),
            HandText::Jsonl(t) => t.bytes.len(),
        }
    }

    /// True when no text is held (stray text before a PokerStars file's first hand).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

enum Splitter {
    Phh(PhhSplitter<BufReader<File>>),
    PokerStars(PokerStarsSplitter<Box<dyn std::io::BufRead + Send>>),
    Jsonl(JsonlSplitter<BufReader<File>>),
}

/// The hands of a PHH, PokerStars or JSON Lines file, one text at a time: memory
/// holds one hand (at most [`crate::stream::MAX_HAND_BYTES`]), whatever the size of
/// the file. Postcard files are read by [`replay_file`] and [`read_hands`].
pub struct FileHands {
    splitter: Splitter,
}

impl FileHands {
    /// Opens `path`, read as `format`; `None` for [`Format::Postcard`].
    pub fn open(path: &Path, format: Format) -> Result<Option<FileHands>, HistoryError> {
        let open = || {
            File::open(path)
                .map(|f| BufReader::with_capacity(64 * 1024, f))
                .map_err(|source| HistoryError::Io {
                    path: path.to_path_buf(),
                    source,
                })
        };
        let splitter = match format {
            Format::Phh => Splitter::Phh(PhhSplitter::new(open()?)),
            // (Site text in UTF-16 is given to the splitter as UTF-8.)
            Format::PokerStars => Splitter::PokerStars(PokerStarsSplitter::new(
                crate::sites::text::utf8_reader(open()?).map_err(|source| HistoryError::Io {
                    path: path.to_path_buf(),
                    source,
                })?,
            )),
            Format::Jsonl => Splitter::Jsonl(JsonlSplitter::new(open()?)),
            Format::Postcard => return Ok(None),
        };
        Ok(Some(FileHands { splitter }))
    }

    /// The failure the file declares (`# expect-illegal:`), once read: call it
    /// after the last hand.
    pub fn expected(&self) -> Option<&str> {
        match &self.splitter {
            Splitter::Phh(s) => s.expected(),
            Splitter::PokerStars(s) => s.expected(),
            Splitter::Jsonl(_) => None,
        }
    }
}

impl Iterator for FileHands {
    type Item = Result<HandText, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        Some(match &mut self.splitter {
            Splitter::Phh(s) => s.next()?.map(HandText::Phh),
            Splitter::PokerStars(s) => s.next()?.map(HandText::PokerStars),
            Splitter::Jsonl(s) => s.next()?.map(HandText::Jsonl),
        })
    }
}

/// Reads one hand's text, replays it and describes the result.
pub fn judge_text(text: &HandText, rules: &RulesBook) -> HandLine {
    match text {
        HandText::Phh(t) => {
            let h = t.parse();
            match h.hand {
                Ok(hand) => judge(h.index, h.name, &hand, rules),
                Err(e) => HandLine {
                    hand: h.index,
                    name: h.name,
                    status: if e.is_unsupported() {
                        Status::Unsupported
                    } else {
                        Status::Unreadable
                    },
                    message: format!("line {}: {}", e.line, e.kind),
                    repairs: Vec::new(),
                },
            }
        }
        HandText::PokerStars(t) => {
            let h = t.parse();
            judge_pokerstars(h.index, h.hand, rules)
        }
        HandText::Jsonl(t) => match decode_jsonl(t) {
            Ok(hand) => judge(t.index, None, &hand, rules),
            Err(e) => HandLine {
                hand: t.index,
                name: None,
                status: Status::Unreadable,
                message: e.to_string(),
                repairs: Vec::new(),
            },
        },
    }
}

fn decode_jsonl(t: &JsonlText) -> Result<HandHistory, NativeError> {
    serde_json::from_slice(&t.bytes).map_err(|e| NativeError::Json {
        line: t.line as usize,
        reason: e.to_string(),
    })
}

/// The most hands and bytes of text [`replay_file_batched`] gathers before judging
/// them.
const BATCH_BYTES: usize = 8 << 20;

/// Replays every hand of one file. `keep_all` keeps a line per hand, otherwise only the
/// failures are kept.
pub fn replay_file(path: &Path, rules: &RulesBook, keep_all: bool) -> FileReport {
    replay_file_batched(path, rules, keep_all, usize::MAX, 1, |texts| {
        texts.iter().map(|t| judge_text(t, rules)).collect()
    })
}

/// [`replay_file`], keeping at most `max_lines` lines (the others are counted in
/// [`FileReport::left_out`], so memory stays bounded whatever the file holds), with
/// the hands read in batches of at most `batch` hands (and at most 8 MiB of text)
/// and each batch judged by `judge_batch`, which returns one line per text in
/// order ([`judge_text`] on each: a caller may spread a batch over threads).
/// Memory holds one batch; postcard files are replayed one hand at a time.
pub fn replay_file_batched(
    path: &Path,
    rules: &RulesBook,
    keep_all: bool,
    max_lines: usize,
    batch: usize,
    mut judge_batch: impl FnMut(&[HandText]) -> Vec<HandLine>,
) -> FileReport {
    let mut report = FileReport::new(path, keep_all, max_lines);
    let unreadable = |report: &mut FileReport, hand: usize, message: String| {
        report.push(HandLine {
            hand,
            name: None,
            status: Status::Unreadable,
            message,
            repairs: Vec::new(),
        });
    };
    let Some(format) = Format::detect(path) else {
        unreadable(
            &mut report,
            0,
            "not a hand history file (.phh, .phhs, .jsonl, .postcard, or the text of PokerStars, GGPoker, Full Tilt, Winamax, WPN or 888)".into(),
        );
        return report;
    };
    match FileHands::open(path, format) {
        Err(e) => unreadable(&mut report, 0, e.to_string()),
        Ok(None) => match File::open(path) {
            Ok(f) => judge_postcard(PostcardHands::new(BufReader::new(f)), rules, &mut report),
            Err(e) => unreadable(&mut report, 0, e.to_string()),
        },
        Ok(Some(mut hands)) => {
            let batch = batch.max(1);
            let mut texts: Vec<HandText> = Vec::with_capacity(batch.min(4096));
            let mut bytes = 0usize;
            let mut flush = |texts: &mut Vec<HandText>, report: &mut FileReport| {
                for line in judge_batch(texts) {
                    report.push(line);
                }
                texts.clear();
            };
            while let Some(text) = hands.next() {
                if report.expected.is_none() {
                    report.expected = hands.expected().map(str::to_string);
                }
                match text {
                    Ok(t) => {
                        bytes += t.len();
                        texts.push(t);
                        if texts.len() >= batch || bytes >= BATCH_BYTES {
                            flush(&mut texts, &mut report);
                            bytes = 0;
                        }
                    }
                    Err(e) => {
                        flush(&mut texts, &mut report);
                        bytes = 0;
                        unreadable(&mut report, e.hand(), e.to_string());
                    }
                }
            }
            flush(&mut texts, &mut report);
            if report.expected.is_none() {
                report.expected = hands.expected().map(str::to_string);
            }
        }
    }
    settle_expectation(&mut report);
    report
}

/// Counts a failure `line` that meets the declared `expected` one as expected:
/// true when it meets it.
fn meet(line: &mut HandLine, expected: &str) -> bool {
    // Lenient replay may have repaired the declared failure: the strict error it
    // answered meets the declaration, and the line keeps its status.
    if line.repairs.iter().any(|r| r.error.contains(expected)) {
        return true;
    }
    if matches!(
        line.status,
        Status::Illegal | Status::Mismatch | Status::Unreadable
    ) && line.message.contains(expected)
    {
        line.status = Status::ExpectedIllegal;
        return true;
    }
    false
}

/// Counts the hand that fails as the file declares (`# expect-illegal:`) as
/// expected, among the lines kept before the declaration was read.
fn settle_expectation(report: &mut FileReport) {
    let Some(expected) = report.expected.clone() else {
        return;
    };
    for line in &mut report.lines {
        let before = line.status;
        if meet(line, &expected) {
            report.met = true;
            if line.status != before {
                match before {
                    Status::Illegal => report.counts.illegal -= 1,
                    Status::Mismatch => report.counts.mismatch -= 1,
                    _ => report.counts.unreadable -= 1,
                }
                report.counts.expected_illegal += 1;
            }
        }
    }
    if !report.met {
        report.counts.unmet_expectations += 1;
    }
}

/// Replays one hand and describes the result.
pub fn judge(
    index: usize,
    name: Option<String>,
    hand: &HandHistory,
    rules: &RulesBook,
) -> HandLine {
    let (status, message, repairs) = match rules.for_hand(hand) {
        Err(reason) => (Status::Unreadable, reason.to_string(), Vec::new()),
        Ok(r) if rules.lenient => {
            let (outcome, repairs) = replay_lenient(hand, r);
            (status_of(&outcome), describe(&outcome, hand.unit), repairs)
        }
        Ok(r) => {
            let outcome = replay_hand(hand, r);
            (
                status_of(&outcome),
                describe(&outcome, hand.unit),
                Vec::new(),
            )
        }
    };
    HandLine {
        hand: index,
        name,
        status,
        message,
        repairs,
    }
}

fn describe(outcome: &Outcome, unit: Unit) -> String {
    outcome.describe(unit)
}

/// Imports, replays and checks one PokerStars hand (H5). The line names the hand by
/// its number; a failure says the text's line, the action and the rule.
pub fn judge_pokerstars(
    index: usize,
    parsed: Result<pokerstars::Hand, pokerstars::PokerStarsError>,
    rules: &RulesBook,
) -> HandLine {
    let number = match &parsed {
        Ok(h) => Some(h.header.id),
        Err(e) => e.hand,
    };
    let failed = |e: pokerstars::PokerStarsError| {
        let status = match &e.kind {
            pokerstars::PokerStarsErrorKind::Unsupported(_) => Status::Unsupported,
            pokerstars::PokerStarsErrorKind::Disagreement { action, .. }
                if matches!(action.as_str(), "result" | "pots" | "total pot") =>
            {
                Status::Mismatch
            }
            pokerstars::PokerStarsErrorKind::Disagreement { .. } => Status::Illegal,
            _ => Status::Unreadable,
        };
        (status, format!("line {}: {}", e.line, e.kind))
    };
    let imported = parsed.and_then(|h| match rules.lenient {
        true => pokerstars::import_lenient(&h),
        false => pokerstars::import(&h),
    });
    let repairs = imported
        .as_ref()
        .map_or_else(|_| Vec::new(), crate::sites::repairs);
    let (status, message) = match imported {
        Err(e) => failed(e),
        Ok(imported) => match rules.for_hand(&imported.history) {
            Err(reason) => (Status::Unreadable, reason.to_string()),
            Ok(r) => {
                let outcome = replay_hand(&imported.history, r);
                match pokerstars::check(&imported, &outcome) {
                    Err(e) => failed(e),
                    Ok(()) if !matches!(outcome, Outcome::Ok { settled: true, .. }) => (
                        status_of(&outcome),
                        describe(&outcome, imported.history.unit),
                    ),
                    Ok(()) => {
                        let unit = imported.history.unit;
                        let list = |v: &[u64]| {
                            v.iter()
                                .map(|&a| unit.format(a))
                                .collect::<Vec<_>>()
                                .join(", ")
                        };
                        let pots = match &outcome {
                            Outcome::Ok { pots, .. } => list(pots),
                            _ => String::new(),
                        };
                        (
                            Status::Ok,
                            format!(
                                "ok: stacks [{}], pots [{pots}], rake {}",
                                list(&imported.final_stacks),
                                unit.format(imported.rake)
                            ),
                        )
                    }
                }
            }
        },
    };
    HandLine {
        hand: index,
        name: number.map(|n| format!("#{n}")),
        status,
        message,
        repairs,
    }
}

/// `hand 17, action 9 "p3 cbr 250": ...`: a line for people.
pub fn format_line(path: &Path, line: &HandLine) -> String {
    let name = line
        .name
        .as_ref()
        .map(|n| format!(" [{n}]"))
        .unwrap_or_default();
    format!(
        "{}: hand {}{name}, {}",
        path.display(),
        line.hand,
        line.message
    )
}

/// What [`read_hands`] read from a file.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct HandsRead {
    /// Hands read and handed on.
    pub hands: usize,
    /// Hands that could not be read (each reported, then the reader went on).
    pub bad: usize,
    /// PokerStars hands of a game this engine does not play, left out.
    pub unsupported: usize,
}

/// Reads every hand of a file in any format, in order, and gives each to `each`.
/// A hand that cannot be read is given to `bad` and the reader goes on at the next
/// hand; only what ends the file (it cannot be opened, a read fails, a postcard
/// frame's length is broken) stops it, reported to `bad` too. PokerStars hands the
/// engine does not play (another game...) are left out and counted, not errors.
///
/// # Errors
/// The file is not a history file or cannot be opened; or `each` failed (its
/// error, which stops the reading).
pub fn read_hands<E: From<HistoryError>>(
    path: &Path,
    mut each: impl FnMut(HandHistory) -> Result<(), E>,
    mut bad: impl FnMut(HistoryError),
) -> Result<HandsRead, E> {
    let mut read = HandsRead::default();
    let Some(format) = Format::detect(path) else {
        return Err(HistoryError::UnknownFormat {
            path: path.to_path_buf(),
        }
        .into());
    };
    let mut fail = |e: HistoryError, read: &mut HandsRead| {
        read.bad += 1;
        bad(e);
    };
    let Some(hands) = FileHands::open(path, format)? else {
        let f = File::open(path).map_err(|source| HistoryError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        let mut frames = PostcardHands::new(BufReader::new(f));
        let mut index = 0;
        while let Some(frame) = frames.next_frame() {
            index += 1;
            let hand = frame
                .map_err(|e| e.to_string())
                .and_then(|(bytes, version)| decode_postcard(bytes, version));
            match hand {
                Ok(h) => {
                    each(h)?;
                    read.hands += 1;
                }
                Err(reason) => fail(
                    HistoryError::Native {
                        path: path.to_path_buf(),
                        hand: index,
                        reason,
                    },
                    &mut read,
                ),
            }
        }
        return Ok(read);
    };
    for text in hands {
        let hand = match text {
            Err(source) => Err(HistoryError::Stream {
                path: path.to_path_buf(),
                source,
            }),
            Ok(HandText::PokerStars(t)) => {
                match t.parse().hand.and_then(|h| pokerstars::import(&h)) {
                    Ok(imported) => Ok(imported.history),
                    // Another game or a form the model cannot hold: not converted.
                    Err(e) if e.is_unsupported() => {
                        read.unsupported += 1;
                        continue;
                    }
                    Err(source) => Err(HistoryError::PokerStars {
                        path: path.to_path_buf(),
                        source,
                    }),
                }
            }
            Ok(HandText::Phh(t)) => t.parse().hand.map_err(|source| HistoryError::Phh {
                path: path.to_path_buf(),
                source,
            }),
            Ok(HandText::Jsonl(t)) => decode_jsonl(&t).map_err(|e| HistoryError::Native {
                path: path.to_path_buf(),
                hand: t.index,
                reason: e.to_string(),
            }),
        };
        match hand {
            Ok(h) => {
                each(h)?;
                read.hands += 1;
            }
            Err(e) => fail(e, &mut read),
        }
    }
    Ok(read)
}

/// Writes hands to a file in the format of its extension.
///
/// The hands go to a temporary file beside the target (`.NAME.PID.tmp`),
/// renamed onto it by [`HandWriter::finish`]; a writer dropped unfinished (the
/// conversion failed) removes it, so a failed run leaves no partial file and
/// an existing target as it was.
pub struct HandWriter {
    format: Format,
    single: bool,
    out: BufWriter<File>,
    count: usize,
    path: PathBuf,
    tmp: PathBuf,
    finished: bool,
}

impl HandWriter {
    /// A writer for `path` (written to a temporary file beside it until
    /// [`HandWriter::finish`]); its extension chooses the format (`.phh` holds one
    /// hand, `.phhs` numbered tables). A postcard file gets its header at once.
    pub fn create(path: &Path) -> Result<HandWriter, HistoryError> {
        let format = Format::of(path).ok_or_else(|| HistoryError::UnknownFormat {
            path: path.to_path_buf(),
        })?;
        let refuse = |reason| HistoryError::NotWritable {
            path: path.to_path_buf(),
            reason,
        };
        if format == Format::PokerStars {
            return Err(refuse(
                "PokerStars text is read, not written; write .phh, .phhs, .jsonl or .postcard",
            ));
        }
        let single = path.extension().is_some_and(|e| e == "phh");
        let name = path.file_name().ok_or_else(|| refuse("not a file name"))?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}.tmp", std::process::id()));
        let tmp = path.with_file_name(tmp_name);
        let f = File::create(&tmp).map_err(|source| HistoryError::Io {
            path: tmp.clone(),
            source,
        })?;
        let mut w = HandWriter {
            format,
            single,
            out: BufWriter::new(f),
            count: 0,
            path: path.to_path_buf(),
            tmp,
            finished: false,
        };
        if format == Format::Postcard {
            write_postcard_header(&mut w.out).map_err(|source| HistoryError::NativeWrite {
                path: w.path.clone(),
                hand: 0,
                source,
            })?;
        }
        Ok(w)
    }

    fn io(&self, source: std::io::Error) -> HistoryError {
        HistoryError::Io {
            path: self.path.clone(),
            source,
        }
    }

    /// Appends one hand.
    pub fn write(&mut self, h: &HandHistory) -> Result<(), HistoryError> {
        self.count += 1;
        let phh = |w: &HandWriter, source| HistoryError::PhhWrite {
            path: w.path.clone(),
            hand: w.count,
            source,
        };
        let native = |w: &HandWriter, source| HistoryError::NativeWrite {
            path: w.path.clone(),
            hand: w.count,
            source,
        };
        match self.format {
            Format::Phh if self.single => {
                if self.count > 1 {
                    return Err(HistoryError::NotWritable {
                        path: self.path.clone(),
                        reason: "a .phh file holds one hand; write .phhs",
                    });
                }
                let text = write_phh(h).map_err(|e| phh(self, e))?;
                self.out.write_all(text.as_bytes()).map_err(|e| self.io(e))
            }
            Format::Phh => {
                let sep = if self.count > 1 { "\n" } else { "" };
                let hand = write_phh(h).map_err(|e| phh(self, e))?;
                let text = format!("{sep}[{}]\n{hand}", self.count);
                self.out.write_all(text.as_bytes()).map_err(|e| self.io(e))
            }
            Format::Jsonl => write_jsonl(&mut self.out, h).map_err(|e| native(self, e)),
            Format::Postcard => write_postcard(&mut self.out, h).map_err(|e| native(self, e)),
            Format::PokerStars => Err(HistoryError::NotWritable {
                path: self.path.clone(),
                reason: "PokerStars text is read, not written",
            }),
        }
    }

    /// Flushes the file, renames it onto the target and returns the number of
    /// hands written.
    pub fn finish(mut self) -> Result<usize, HistoryError> {
        self.out.flush().map_err(|e| self.io(e))?;
        std::fs::rename(&self.tmp, &self.path).map_err(|e| self.io(e))?;
        self.finished = true;
        Ok(self.count)
    }
}

impl Drop for HandWriter {
    fn drop(&mut self) {
        if !self.finished {
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}
