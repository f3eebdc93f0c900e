//! What replaying a file reports: a status and line per hand, and the counts.

use std::path::{Path, PathBuf};

use serde::Serialize;

use super::expect::meet;
use crate::replay::{Outcome, Repair};

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
    /// The illegal action and the rule it breaks, for an illegal hand: what a
    /// `# expect-illegal:` declaration is matched by (not in the JSON report).
    #[serde(skip)]
    pub fault: Option<Fault>,
}

/// An illegal action of a replayed hand ([`crate::replay::Outcome::Illegal`]): its
/// 1-based position and the rule ID it breaks (`""` for none).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// 1-based position in the history's actions (0: the hand's setup).
    pub action: usize,
    /// The rule ID ([`crate::replay::IllegalReason::rule`]).
    pub rule: &'static str,
}

impl Fault {
    /// The fault of an illegal outcome; `None` for any other.
    pub fn of(outcome: &Outcome) -> Option<Fault> {
        match outcome {
            Outcome::Illegal { action, reason, .. } => Some(Fault {
                action: *action,
                rule: reason.rule(),
            }),
            _ => None,
        }
    }
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
    pub(super) met: bool,
    #[serde(skip)]
    pub(super) keep_all: bool,
    #[serde(skip)]
    max_lines: usize,
}

/// A path as JSON text, lossily: a name that is not UTF-8 is still reported.
pub(super) fn lossy_path<S: serde::Serializer>(path: &Path, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_str(&path.to_string_lossy())
}

impl FileReport {
    pub(super) fn new(path: &Path, keep_all: bool, max_lines: usize) -> FileReport {
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
    pub(super) fn keeps(status: Status, keep_all: bool) -> bool {
        keep_all || !matches!(status, Status::Ok | Status::Unsettled | Status::Unsupported)
    }

    /// Counts a hand's line and keeps it if it is to be kept and there is room;
    /// a failure the file declares (known by then) is counted as expected.
    pub(super) fn push(&mut self, mut line: HandLine) {
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
