//! Files and folders of hand histories: find them, read them hand by hand (streaming),
//! replay each hand, and count the results.
//!
//! A file may declare the failure it must produce with a line
//! `# expect-illegal: <text>` (PHH files only): a failing hand whose message contains
//! `<text>` counts as *expected illegal*, and the file fails if no hand matches. This
//! is how `data/histories/illegal/` is replayed by the README's main command without
//! failing it, while any other illegal hand still makes `holdem replay` exit non-zero.
//!
//! # The JSON report (`holdem replay --json`)
//! One JSON object; its keys are stable (new keys may be added, none is renamed or
//! removed):
//! - `files` (number), `seconds` (number), `hands_per_second` (number), `passed`
//!   (bool: nothing failed unexpectedly, the exit status is 0);
//! - `counts`: a [`Counts`] object, keys `hands`, `ok`, `unsettled`, `illegal`,
//!   `expected_illegal`, `mismatch`, `unsupported`, `unreadable`,
//!   `unmet_expectations` (numbers);
//! - `reports`: one [`FileReport`] per file that has lines (every file with
//!   `--verbose`): `path`, `counts` (as above), `expected` (the declared
//!   `# expect-illegal:` text, absent if none) and `lines`, one [`HandLine`] per
//!   hand kept: `hand` (1-based), `name` (the `.phhs` table, absent if none),
//!   `status` (`ok`, `unsettled`, `illegal`, `expected-illegal`, `mismatch`,
//!   `unsupported`, `unreadable`), `message` (for people; an inferred rake reads
//!   `rake X inferred from finishing_stacks` or `... from winnings`), and
//!   `repairs` (lenient replay only, absent when empty): one [`Repair`] each, keys
//!   `action` (1-based position of the inserted action), `inserted` (PHH text),
//!   `inferred` (for people) and `error` (the strict error it answers).
//!
//! Failures are always kept as lines; repaired hands too; other hands only with
//! `--verbose`.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};

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
/// Files of other types inside folders are skipped; named explicitly, they are an error.
pub fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, HistoryError> {
    let mut out = Vec::new();
    for p in paths {
        let meta = std::fs::metadata(p).map_err(|source| HistoryError::Io {
            path: p.clone(),
            source,
        })?;
        if meta.is_dir() {
            walk(p, &mut out)?;
        } else if Format::detect(p).is_some() {
            out.push(p.clone());
        } else {
            return Err(HistoryError::UnknownFormat { path: p.clone() });
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), HistoryError> {
    let io = |source| HistoryError::Io {
        path: dir.to_path_buf(),
        source,
    };
    for entry in std::fs::read_dir(dir).map_err(io)? {
        let path = entry.map_err(io)?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else {
            match Format::of(&path) {
                // A `.txt` file in a folder counts only when it is PokerStars text.
                Some(Format::PokerStars) if !is_pokerstars_file(&path) => {}
                Some(_) => out.push(path),
                None => {}
            }
        }
    }
    Ok(())
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
    /// The standard rules and every preset; `forced` overrides what hands declare.
    pub fn new(forced: Option<HouseRules>) -> RulesBook {
        let presets = Preset::ALL
            .iter()
            .filter_map(|p| {
                Rules::preset(p.name())
                    .ok()
                    .map(|r| HouseRules::from_rules(p.name(), &r))
            })
            .collect();
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

    /// Rules by name: `standard`, a preset name, or a rules file (TOML).
    pub fn load(name: &str) -> Result<HouseRules, String> {
        if name == "standard" {
            return Ok(HouseRules::standard());
        }
        if let Ok(rules) = Rules::preset(name) {
            return Ok(HouseRules::from_rules(name, &rules));
        }
        let path = Path::new(name);
        if path.is_file() {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{name}: {e}"))?;
            let rules = Rules::from_toml_str(&text).map_err(|e| format!("{name}: {e}"))?;
            return Ok(HouseRules::from_rules(name, &rules));
        }
        let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
        Err(format!(
            "unknown rules `{name}`: expected standard, {}, or a rules file",
            names.join(", ")
        ))
    }

    /// The rules for one hand.
    pub fn for_hand(&self, h: &HandHistory) -> Result<&HouseRules, String> {
        self.for_declared(
            h.meta
                .extra
                .iter()
                .find(|e| e.key == RULES_FIELD)
                .map(|e| e.toml.as_str()),
        )
    }

    /// The rules for a hand whose `_holdem_rules` field holds `declared` (TOML text).
    pub fn for_declared(&self, declared: Option<&str>) -> Result<&HouseRules, String> {
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
            .ok_or_else(|| format!("_holdem_rules names an unknown preset `{name}`"))
    }
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
    /// The file.
    pub path: PathBuf,
    /// Counts for its hands.
    pub counts: Counts,
    /// Hand lines: every hand when asked for, else only the ones that failed.
    pub lines: Vec<HandLine>,
    /// The failure the file declared, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub expected: Option<String>,
}

impl FileReport {
    /// Whether a line of `status` is kept ([`FileReport::lines`]).
    fn keeps(status: Status, keep_all: bool) -> bool {
        keep_all || !matches!(status, Status::Ok | Status::Unsettled | Status::Unsupported)
    }

    fn push(&mut self, line: HandLine, keep_all: bool) {
        self.counts.add(line.status);
        if FileReport::keeps(line.status, keep_all) || !line.repairs.is_empty() {
            self.lines.push(line);
        }
    }
}

/// Replays a postcard stream with the replay decoder ([`HandRecord`]): the frame is
/// borrowed, nothing is copied into a [`HandHistory`], and the decoded actions'
/// storage is reused from hand to hand.
fn judge_postcard<R: std::io::Read>(
    mut frames: PostcardHands<R>,
    rules: &RulesBook,
    keep_all: bool,
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
            report.push(line, keep_all);
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
                    Err(reason) => (Status::Unreadable, reason),
                    Ok(r) => {
                        let outcome = replayer.replay(&record.view(), r);
                        let status = status_of(&outcome);
                        // Described only when the report keeps the line.
                        let message = if FileReport::keeps(status, keep_all) {
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
        report.push(line, keep_all);
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
/// failures are kept (memory stays bounded on large files).
pub fn replay_file(path: &Path, rules: &RulesBook, keep_all: bool) -> FileReport {
    replay_file_batched(path, rules, keep_all, 1, |texts| {
        texts.iter().map(|t| judge_text(t, rules)).collect()
    })
}

/// [`replay_file`], with the hands read in batches of at most `batch` hands (and at
/// most 8 MiB of text) and each batch judged by `judge_batch`, which returns one
/// line per text in order ([`judge_text`] on each: a caller may spread a batch over
/// threads). Memory holds one batch; postcard files are replayed one hand at a time.
pub fn replay_file_batched(
    path: &Path,
    rules: &RulesBook,
    keep_all: bool,
    batch: usize,
    mut judge_batch: impl FnMut(&[HandText]) -> Vec<HandLine>,
) -> FileReport {
    let mut report = FileReport {
        path: path.to_path_buf(),
        counts: Counts::default(),
        lines: Vec::new(),
        expected: None,
    };
    let unreadable = |report: &mut FileReport, hand: usize, message: String| {
        report.push(
            HandLine {
                hand,
                name: None,
                status: Status::Unreadable,
                message,
                repairs: Vec::new(),
            },
            true,
        );
    };
    let Some(format) = Format::detect(path) else {
        unreadable(
            &mut report,
            0,
            "not a hand history file (.phh, .phhs, .jsonl, .postcard, PokerStars text)".into(),
        );
        return report;
    };
    match FileHands::open(path, format) {
        Err(e) => unreadable(&mut report, 0, e.to_string()),
        Ok(None) => match File::open(path) {
            Ok(f) => judge_postcard(
                PostcardHands::new(BufReader::new(f)),
                rules,
                keep_all,
                &mut report,
            ),
            Err(e) => unreadable(&mut report, 0, e.to_string()),
        },
        Ok(Some(mut hands)) => {
            let batch = batch.max(1);
            let mut texts: Vec<HandText> = Vec::with_capacity(batch.min(4096));
            let mut bytes = 0usize;
            let mut flush = |texts: &mut Vec<HandText>, report: &mut FileReport| {
                for line in judge_batch(texts) {
                    report.push(line, keep_all);
                }
                texts.clear();
            };
            for text in hands.by_ref() {
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
            report.expected = hands.expected().map(str::to_string);
        }
    }
    settle_expectation(&mut report);
    report
}

/// Counts the hand that fails as the file declares (`# expect-illegal:`) as expected.
fn settle_expectation(report: &mut FileReport) {
    if let Some(expected) = report.expected.clone() {
        let mut met = false;
        for line in &mut report.lines {
            // Lenient replay may have repaired the declared failure: the strict
            // error it answered meets the declaration, and the line keeps its
            // status.
            if line.repairs.iter().any(|r| r.error.contains(&expected)) {
                met = true;
                continue;
            }
            if matches!(
                line.status,
                Status::Illegal | Status::Mismatch | Status::Unreadable
            ) && line.message.contains(&expected)
            {
                match line.status {
                    Status::Illegal => report.counts.illegal -= 1,
                    Status::Mismatch => report.counts.mismatch -= 1,
                    _ => report.counts.unreadable -= 1,
                }
                report.counts.expected_illegal += 1;
                line.status = Status::ExpectedIllegal;
                met = true;
            }
        }
        if !met {
            report.counts.unmet_expectations += 1;
        }
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
        Err(reason) => (Status::Unreadable, reason, Vec::new()),
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
            Err(reason) => (Status::Unreadable, reason),
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

/// Reads every hand of a file in any format, in order, stopping at the first error.
/// PokerStars hands the engine does not play (another game, run it twice...) are
/// left out, not errors.
pub fn read_hands(
    path: &Path,
    mut each: impl FnMut(HandHistory) -> Result<(), String>,
) -> Result<usize, String> {
    let mut n = 0;
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let Some(format) = Format::detect(path) else {
        return Err(HistoryError::UnknownFormat {
            path: path.to_path_buf(),
        }
        .to_string());
    };
    let hands = FileHands::open(path, format).map_err(|e| e.to_string())?;
    match hands {
        Some(hands) => {
            for text in hands {
                match text.map_err(|e| fail(&e))? {
                    HandText::PokerStars(t) => {
                        match t.parse().hand.and_then(|h| pokerstars::import(&h)) {
                            Ok(imported) => {
                                each(imported.history)?;
                                n += 1;
                            }
                            // Another game or a form the model cannot hold: not
                            // converted.
                            Err(e) if e.is_unsupported() => {}
                            Err(e) => return Err(fail(&e)),
                        }
                    }
                    HandText::Phh(t) => {
                        let hand = t.parse().hand.map_err(|source| {
                            HistoryError::Phh {
                                path: path.to_path_buf(),
                                source,
                            }
                            .to_string()
                        })?;
                        each(hand)?;
                        n += 1;
                    }
                    HandText::Jsonl(t) => {
                        each(decode_jsonl(&t).map_err(|e| fail(&e))?)?;
                        n += 1;
                    }
                }
            }
        }
        None => {
            let f = File::open(path).map_err(|e| fail(&e))?;
            for h in PostcardHands::new(BufReader::new(f)) {
                each(h.map_err(|e| fail(&e))?)?;
                n += 1;
            }
        }
    }
    Ok(n)
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
    pub fn create(path: &Path) -> Result<HandWriter, String> {
        let format = Format::of(path).ok_or_else(|| {
            HistoryError::UnknownFormat {
                path: path.to_path_buf(),
            }
            .to_string()
        })?;
        if format == Format::PokerStars {
            return Err(format!(
                "{}: PokerStars text is read, not written; write .phh, .phhs, .jsonl or .postcard",
                path.display()
            ));
        }
        let single = path.extension().is_some_and(|e| e == "phh");
        let name = path
            .file_name()
            .ok_or_else(|| format!("{}: not a file name", path.display()))?;
        let mut tmp_name = std::ffi::OsString::from(".");
        tmp_name.push(name);
        tmp_name.push(format!(".{}.tmp", std::process::id()));
        let tmp = path.with_file_name(tmp_name);
        let f = File::create(&tmp).map_err(|e| format!("{}: {e}", tmp.display()))?;
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
            write_postcard_header(&mut w.out).map_err(|e| e.to_string())?;
        }
        Ok(w)
    }

    /// Appends one hand.
    pub fn write(&mut self, h: &HandHistory) -> Result<(), String> {
        self.count += 1;
        let e = |e: &dyn std::fmt::Display| format!("{}: {e}", self.path.display());
        match self.format {
            Format::Phh if self.single => {
                if self.count > 1 {
                    return Err(format!(
                        "{}: a .phh file holds one hand; write .phhs",
                        self.path.display()
                    ));
                }
                let text = write_phh(h).map_err(|x| e(&format!("hand {}: {x}", self.count)))?;
                self.out.write_all(text.as_bytes()).map_err(|x| e(&x))
            }
            Format::Phh => {
                let sep = if self.count > 1 { "\n" } else { "" };
                let hand = write_phh(h).map_err(|x| e(&format!("hand {}: {x}", self.count)))?;
                let text = format!("{sep}[{}]\n{hand}", self.count);
                self.out.write_all(text.as_bytes()).map_err(|x| e(&x))
            }
            Format::Jsonl => write_jsonl(&mut self.out, h).map_err(|x| e(&x)),
            Format::Postcard => write_postcard(&mut self.out, h).map_err(|x| e(&x)),
            Format::PokerStars => Err(e(&"PokerStars text is read, not written")),
        }
    }

    /// Flushes the file, renames it onto the target and returns the number of
    /// hands written.
    pub fn finish(mut self) -> Result<usize, String> {
        let fail = |e: std::io::Error| format!("{}: {e}", self.path.display());
        self.out.flush().map_err(fail)?;
        std::fs::rename(&self.tmp, &self.path).map_err(fail)?;
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
