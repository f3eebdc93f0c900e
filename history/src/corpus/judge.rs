//! Judging hands: replaying each hand of a file and reporting it.

use std::fs::File;
use std::io::BufReader;
use std::path::Path;

use super::expect::settle_expectation;
use super::format::Format;
use super::hands::{FileHands, HandText};
use super::judge_stars::judge_pokerstars;
use super::report::{Fault, FileReport, HandLine, Status};
use super::rules_book::RulesBook;
use crate::native::{ActionBuffer, HandRecord, NativeError, PostcardHands, decode_postcard};
use crate::replay::{Outcome, Replayer, replay_hand, replay_lenient};
use crate::stream::JsonlText;
use crate::{HandHistory, Unit};

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
                let (status, message, fault) = match rules.for_declared(record.declared_rules()) {
                    Err(reason) => (Status::Unreadable, reason.to_string(), None),
                    Ok(r) => {
                        let outcome = replayer.replay(&record.view(), r);
                        let status = status_of(&outcome);
                        // Described only when the report keeps the line.
                        let message = if FileReport::keeps(status, report.keep_all) {
                            outcome.describe(record.unit())
                        } else {
                            String::new()
                        };
                        (status, message, Fault::of(&outcome))
                    }
                };
                HandLine {
                    hand: index,
                    name: None,
                    status,
                    message,
                    repairs: Vec::new(),
                    fault,
                }
            }
            Err(message) => HandLine {
                hand: index,
                name: None,
                status: Status::Unreadable,
                message,
                repairs: Vec::new(),
                fault: None,
            },
        };
        buffer = record.take_buffer();
        report.push(line);
    }
}

/// The line of a hand that could not be read.
pub(super) fn unreadable(index: usize, message: String) -> HandLine {
    HandLine {
        hand: index,
        name: None,
        status: Status::Unreadable,
        message,
        repairs: Vec::new(),
        fault: None,
    }
}

pub(super) fn status_of(outcome: &Outcome) -> Status {
    match outcome {
        Outcome::Ok { settled: true, .. } => Status::Ok,
        Outcome::Ok { settled: false, .. } => Status::Unsettled,
        Outcome::Illegal { .. } => Status::Illegal,
        Outcome::Mismatch { .. } => Status::Mismatch,
        Outcome::Unsupported { .. } => Status::Unsupported,
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
                    fault: None,
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
                fault: None,
            },
        },
    }
}

pub(super) fn decode_jsonl(t: &JsonlText) -> Result<HandHistory, NativeError> {
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
            fault: None,
        });
    };
    let Some(format) = Format::detect(path) else {
        unreadable(
            &mut report,
            0,
            "not a hand history file (.phh, .phhs, .jsonl, .postcard, or the text of PokerStars, GGPoker, Full Tilt, Winamax, WPN, 888 or PartyPoker, or iPoker XML)".into(),
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

/// Replays one hand and describes the result.
pub fn judge(
    index: usize,
    name: Option<String>,
    hand: &HandHistory,
    rules: &RulesBook,
) -> HandLine {
    let (outcome, repairs) = match rules.for_hand(hand) {
        Err(reason) => {
            return HandLine {
                hand: index,
                name,
                status: Status::Unreadable,
                message: reason.to_string(),
                repairs: Vec::new(),
                fault: None,
            };
        }
        Ok(r) if rules.lenient => replay_lenient(hand, r),
        Ok(r) => (replay_hand(hand, r), Vec::new()),
    };
    HandLine {
        hand: index,
        name,
        status: status_of(&outcome),
        message: describe(&outcome, hand.unit),
        repairs,
        fault: Fault::of(&outcome),
    }
}

pub(super) fn describe(outcome: &Outcome, unit: Unit) -> String {
    outcome.describe(unit)
}
