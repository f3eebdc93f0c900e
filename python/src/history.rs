//! Hand histories: every format the `history` crate reads (PHH, native JSON
//! Lines and postcard, PokerStars text), each hand replayed strictly (H2) or
//! leniently with its repairs listed (H4), and conversion between formats.

use std::path::PathBuf;

use holdem_history::HandHistory;
use holdem_history::HistoryError as ReadError;
use holdem_history::corpus::{
    FileHands, Format, HandText, HandWriter, RulesBook, RulesBookError, read_hands,
};
use holdem_history::phh::write_phh;
use holdem_history::pokerstars;
use holdem_history::replay::{Outcome, UnsupportedReason, replay_hand, replay_lenient};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::errors::{HistoryError, raise, rule_in};

/// One replayed hand as a dict (see [`read_histories`]).
fn hand_dict<'py>(
    py: Python<'py>,
    index: usize,
    h: &HandHistory,
    rules: &RulesBook,
    lenient: bool,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", index)?;
    d.set_item("variant", h.variant.code())?;
    d.set_item("decimals", h.unit.decimals)?;
    d.set_item("players", h.starting_stacks.len())?;
    d.set_item("names", h.meta.players.clone())?;
    d.set_item("table", h.meta.table.clone())?;
    d.set_item("hand", h.meta.hand.clone())?;
    d.set_item("antes", h.antes.clone())?;
    d.set_item("blinds_or_straddles", h.blinds_or_straddles.clone())?;
    d.set_item("starting_stacks", h.starting_stacks.clone())?;
    d.set_item("finishing_stacks", h.finishing_stacks.clone())?;
    d.set_item("actions", h.actions.len())?;
    let (outcome, repairs) = match rules.for_hand(h) {
        Err(RulesBookError::UnknownPreset { name }) => (
            Outcome::Unsupported {
                reason: UnsupportedReason::UnknownPreset { name: name.clone() },
            },
            Vec::new(),
        ),
        Err(e) => return Err(raise::<HistoryError>(e, "")),
        Ok(house) if lenient => replay_lenient(h, house),
        Ok(house) => (replay_hand(h, house), Vec::new()),
    };
    d.set_item("message", outcome.describe(h.unit))?;
    let (status, stacks, rule) = match &outcome {
        Outcome::Ok {
            settled: true,
            stacks,
            ..
        } => ("ok", Some(stacks.to_vec()), String::new()),
        Outcome::Ok { stacks, .. } => ("unsettled", Some(stacks.to_vec()), String::new()),
        Outcome::Illegal { reason, .. } => ("illegal", None, reason.rule().to_string()),
        Outcome::Mismatch { .. } => ("mismatch", None, String::new()),
        Outcome::Unsupported { .. } => ("unsupported", None, String::new()),
    };
    d.set_item("status", status)?;
    d.set_item("final_stacks", stacks)?;
    d.set_item("rule", (!rule.is_empty()).then_some(rule))?;
    let repairs = repairs
        .iter()
        .map(|r| {
            let rd = PyDict::new(py);
            rd.set_item("action", r.action)?;
            rd.set_item("inserted", &r.inserted)?;
            rd.set_item("inferred", &r.inferred)?;
            rd.set_item("error", &r.error)?;
            Ok(rd)
        })
        .collect::<PyResult<Vec<_>>>()?;
    d.set_item("repairs", repairs)?;
    d.set_item("phh", write_phh(h).ok())?;
    Ok(d)
}

/// A hand the engine does not play (another variant, unknown stacks, a
/// PokerStars game it does not deal), kept in order with its reason.
fn unsupported_dict<'py>(
    py: Python<'py>,
    index: usize,
    reason: &str,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("index", index)?;
    for key in [
        "variant",
        "decimals",
        "players",
        "names",
        "table",
        "hand",
        "antes",
        "blinds_or_straddles",
        "starting_stacks",
        "finishing_stacks",
        "actions",
        "final_stacks",
        "rule",
        "phh",
    ] {
        d.set_item(key, py.None())?;
    }
    d.set_item("status", "unsupported")?;
    d.set_item("message", reason)?;
    d.set_item("repairs", Vec::<i32>::new())?;
    Ok(d)
}

/// Every hand of a file, in order: the history, or why the engine does not
/// play it. An unreadable hand is an error naming the file and hand.
fn hands_of(path: &std::path::Path) -> Result<Vec<Result<HandHistory, String>>, String> {
    let fail = |e: &dyn std::fmt::Display| format!("{}: {e}", path.display());
    let format = Format::detect(path)
        .ok_or_else(|| format!("{}: not a hand-history format this reads", path.display()))?;
    let Some(texts) = FileHands::open(path, format).map_err(|e| e.to_string())? else {
        // Postcard: read whole hands.
        let mut hands = Vec::new();
        let mut first_bad: Option<String> = None;
        read_hands(
            path,
            |h| {
                hands.push(Ok(h));
                Ok::<(), ReadError>(())
            },
            |e| {
                first_bad.get_or_insert_with(|| e.to_string());
            },
        )
        .map_err(|e| e.to_string())?;
        return match first_bad {
            Some(e) => Err(e),
            None => Ok(hands),
        };
    };
    let mut hands = Vec::new();
    for text in texts {
        let hand = match text.map_err(|e| fail(&e))? {
            HandText::Phh(t) => match t.parse().hand {
                Ok(h) => Ok(h),
                Err(e) if e.is_unsupported() => Err(e.to_string()),
                Err(e) => return Err(fail(&e)),
            },
            HandText::PokerStars(t) => match t.parse().hand.and_then(|h| pokerstars::import(&h)) {
                Ok(imported) => Ok(imported.history),
                Err(e) if e.is_unsupported() => Err(e.to_string()),
                Err(e) => return Err(fail(&e)),
            },
            HandText::Jsonl(t) => Ok(serde_json::from_slice(&t.bytes).map_err(|e| fail(&e))?),
        };
        hands.push(hand);
    }
    Ok(hands)
}

/// Reads every hand of a history file (PHH `.phh`/`.phhs`, native `.jsonl` or
/// `.postcard`, PokerStars text, found by extension or content) and replays
/// each under the house rules it records (the standard rules when none):
/// strictly, or with `lenient` repairing what real records get wrong (H4).
///
/// Returns one dict per hand: `index`, `variant` (`"NT"`, `"PT"`, `"FT"`),
/// `decimals` (amounts are whole units of `10**-decimals`), `players`,
/// `names`, `table`, `hand`, `antes`, `blinds_or_straddles`,
/// `starting_stacks`, `finishing_stacks` (recorded, or None), `actions` (a
/// count), `status` (`"ok"`, `"unsettled"`, `"illegal"`, `"mismatch"`,
/// `"unsupported"`: then only `index`, `status` and `message` are set), `message`, `final_stacks` (from the replay, None when
/// illegal), `rule` (the rule an illegal action breaks), `repairs`, `phh`
/// (the hand as PHH text). A file that cannot be read raises `HistoryError`.
#[pyfunction]
#[pyo3(signature = (path, lenient = false))]
fn read_histories<'py>(
    py: Python<'py>,
    path: PathBuf,
    lenient: bool,
) -> PyResult<Vec<Bound<'py, PyDict>>> {
    let rules = RulesBook::new(None).lenient(lenient);
    let hands = hands_of(&path).map_err(|e| raise::<HistoryError>(&e, &rule_in(&e)))?;
    hands
        .iter()
        .enumerate()
        .map(|(i, h)| match h {
            Ok(h) => hand_dict(py, i, h, &rules, lenient),
            Err(reason) => unsupported_dict(py, i, reason),
        })
        .collect()
}

/// Converts a history file to another format, chosen by `dst`'s extension
/// (`.phh`/`.phhs` PHH, `.jsonl` native JSON Lines, `.postcard`); returns the
/// number of hands written. A failed conversion leaves no partial file.
#[pyfunction]
fn convert(src: PathBuf, dst: PathBuf) -> PyResult<usize> {
    let fail = |e: ReadError| {
        let e = e.to_string();
        raise::<HistoryError>(&e, &rule_in(&e))
    };
    let mut writer = HandWriter::create(&dst).map_err(fail)?;
    let mut first_bad = None;
    read_hands(
        &src,
        |h| writer.write(&h),
        |e| {
            first_bad.get_or_insert(e);
        },
    )
    .map_err(fail)?;
    if let Some(e) = first_bad {
        return Err(fail(e));
    }
    writer.finish().map_err(fail)
}

/// Registers the history functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(read_histories, m)?)?;
    m.add_function(wrap_pyfunction!(convert, m)?)?;
    Ok(())
}
