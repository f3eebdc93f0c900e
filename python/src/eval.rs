//! Hand evaluation and equity: one hand, numpy batches (the `eval` crate's
//! batch evaluators, GIL released), best five, descriptions, exact and Monte
//! Carlo equity of hands and ranges.

use holdem_cards::{Card, CardSet};
use holdem_eval::{
    Category, EvalError as EngineEvalError, Evaluator, HandRank, IdBatchError, Range, equity as eq,
};
use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use crate::cards::{cards_arg, distinct};
use crate::errors::{EquityError, EvalError, RangeError, raise, rule_in};

/// The strength of a 5-7 card hand: a larger rank wins, equal ranks split.
///
/// `value` is the engine's rank number (`category << 12 | ordinal`, 7,462
/// distinct hands), `category` its name (`"straight flush"`), `str()` the
/// description (`"royal flush"`).
#[pyclass(frozen, eq, ord, hash, module = "holdem", name = "Rank")]
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PyRank(pub HandRank);

#[pymethods]
impl PyRank {
    /// A rank from its number (`Rank(rank.value) == rank`).
    #[new]
    fn new(value: u16) -> PyResult<PyRank> {
        let rank = HandRank::from_raw(value);
        if !rank.is_valid() {
            return Err(raise::<EvalError>(
                format!("{value} is not a hand rank"),
                "",
            ));
        }
        Ok(PyRank(rank))
    }

    /// The rank number: larger wins.
    #[getter]
    fn value(&self) -> u16 {
        self.0.raw()
    }

    /// The category number, 1 (high card) to 9 (straight flush).
    #[getter]
    fn category_id(&self) -> u8 {
        self.0.category() as u8
    }

    /// The category name (`"one pair"`, ..., `"straight flush"`).
    #[getter]
    fn category(&self) -> &'static str {
        category_name(self.0.category())
    }

    /// The description (`"two pair, aces and kings, seven kicker"`).
    fn describe(&self) -> String {
        self.0.describe()
    }

    fn __str__(&self) -> String {
        self.0.describe()
    }

    fn __repr__(&self) -> String {
        format!("Rank({}, '{}')", self.0.raw(), self.0.describe())
    }

    fn __int__(&self) -> u16 {
        self.0.raw()
    }
}

/// The category's name in words.
pub fn category_name(c: Category) -> &'static str {
    match c {
        Category::HighCard => "high card",
        Category::OnePair => "one pair",
        Category::TwoPair => "two pair",
        Category::ThreeOfAKind => "three of a kind",
        Category::Straight => "straight",
        Category::Flush => "flush",
        Category::FullHouse => "full house",
        Category::FourOfAKind => "four of a kind",
        Category::StraightFlush => "straight flush",
    }
}

fn eval_error(e: EngineEvalError) -> PyErr {
    let msg = e.to_string();
    let rule = rule_in(&msg);
    raise::<EvalError>(msg, &rule)
}

/// Ranks 5, 6 or 7 cards (text like `"AhKhQhJhTh"` or card ids): the best five count.
#[pyfunction]
fn evaluate(cards: &Bound<'_, PyAny>) -> PyResult<PyRank> {
    let cards = cards_arg(cards)?;
    let set = distinct(&cards)?;
    Evaluator::new()
        .evaluate(set)
        .map(PyRank)
        .map_err(eval_error)
}

/// The best five of 5-7 cards, highest first, as text (`"Ah Kh Qh Jh Th"`).
#[pyfunction]
fn best_five(cards: &Bound<'_, PyAny>) -> PyResult<String> {
    let cards = cards_arg(cards)?;
    let set = distinct(&cards)?;
    let five = holdem_eval::best_five(set).map_err(eval_error)?;
    Ok(five
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" "))
}

/// The description of a rank number (`describe(rank.value)`).
#[pyfunction]
fn describe(value: u16) -> PyResult<String> {
    Ok(PyRank::new(value)?.0.describe())
}

/// A refused batch as the Python exception: a card id or a repeated card is
/// a `CardError` (rule C1) naming the row, a hand size an `EvalError`.
fn batch_error(e: IdBatchError) -> PyErr {
    match e {
        IdBatchError::CardId { .. } | IdBatchError::DuplicateCard { .. } => {
            raise::<crate::errors::CardError>(e.to_string(), "C1")
        }
        IdBatchError::CardCount(_) => raise::<EvalError>(e.to_string(), "E1"),
        _ => raise::<EvalError>(e.to_string(), ""),
    }
}

/// Hands ranked per call of the crate's batch, so that the ranks stay in
/// cache until they are split into rank numbers and categories.
const CHUNK: usize = 2048;

/// Ranks a batch of hands of `k` cards (row-major card ids) into the rank
/// numbers `values` and category numbers `cats`: the `eval` crate's
/// [`Evaluator::evaluate_ids`] reads the ids in place, `CHUNK` hands a call.
fn rank_rows(
    ids: &[u8],
    k: usize,
    values: &mut [u16],
    cats: &mut [u8],
) -> Result<(), IdBatchError> {
    let eval = Evaluator::new();
    let mut ranks = [HandRank::from_raw(0); CHUNK];
    for (c, ((chunk, v), t)) in ids
        .chunks(CHUNK * k)
        .zip(values.chunks_mut(CHUNK))
        .zip(cats.chunks_mut(CHUNK))
        .enumerate()
    {
        let m = chunk.len() / k;
        eval.evaluate_ids(chunk, k, &mut ranks[..m])
            .map_err(|e| match e {
                IdBatchError::CardId { row, id } => IdBatchError::CardId {
                    row: row + c * CHUNK,
                    id,
                },
                IdBatchError::DuplicateCard { row } => IdBatchError::DuplicateCard {
                    row: row + c * CHUNK,
                },
                e => e,
            })?;
        for ((v, t), r) in v.iter_mut().zip(t.iter_mut()).zip(&ranks[..m]) {
            let raw = r.raw();
            *v = raw;
            // The top bits of a rank number are its category (1-9).
            *t = (raw >> 12) as u8;
        }
    }
    Ok(())
}

/// Ranks an `(n, k)` uint8 array of card ids (`k` = 5, 6 or 7) in one call,
/// the GIL released. Returns `(ranks, categories)`: uint16 rank numbers
/// (larger wins) and uint8 category numbers (1-9).
#[pyfunction]
fn evaluate_batch<'py>(
    py: Python<'py>,
    cards: PyReadonlyArray2<'py, u8>,
) -> PyResult<RanksAndCategories<'py>> {
    let (n, k) = cards.as_array().dim();
    if !(5..=7).contains(&k) {
        return Err(raise::<EvalError>(
            format!("cannot rank {k} cards: a hand is 5, 6 or 7 cards (rule E1)"),
            "E1",
        ));
    }
    let owned;
    let ids: &[u8] = match cards.as_slice() {
        Ok(ids) => ids,
        Err(_) => {
            owned = cards.as_array().iter().copied().collect::<Vec<u8>>();
            &owned
        }
    };
    let ranks = PyArray1::<u16>::zeros(py, n, false);
    let cats = PyArray1::<u8>::zeros(py, n, false);
    {
        let mut ranks_rw = ranks.readwrite();
        let mut cats_rw = cats.readwrite();
        let values = ranks_rw
            .as_slice_mut()
            .map_err(|e| raise::<EvalError>(e, ""))?;
        let kinds = cats_rw
            .as_slice_mut()
            .map_err(|e| raise::<EvalError>(e, ""))?;
        py.detach(|| rank_rows(ids, k, values, kinds))
            .map_err(batch_error)?;
    }
    Ok((ranks, cats))
}

/// Rank numbers and category numbers of a batch.
type RanksAndCategories<'py> = (Bound<'py, PyArray1<u16>>, Bound<'py, PyArray1<u8>>);

/// The Rust baselines of the batch benchmark (`python/bench/bench.py`): the
/// `eval` crate's validated batches over one set of seven-card hands, with
/// their inputs and output buffer made once, so that timing them allocates
/// nothing and no Python runs in the timed loop.
#[pyclass(module = "holdem._holdem", name = "RustBatch7")]
pub struct RustBatch7 {
    ids: Vec<u8>,
    hands: Vec<[Card; 7]>,
    out: Vec<HandRank>,
}

#[pymethods]
impl RustBatch7 {
    /// The baselines of `cards`, an `(n, 7)` uint8 array of card ids.
    #[new]
    fn new(cards: PyReadonlyArray2<'_, u8>) -> PyResult<RustBatch7> {
        let (n, k) = cards.as_array().dim();
        if k != 7 {
            return Err(raise::<EvalError>(
                format!("expected 7 cards per hand, got {k}"),
                "E1",
            ));
        }
        let ids: Vec<u8> = cards.as_array().iter().copied().collect();
        let mut hands = Vec::with_capacity(n);
        for (row, chunk) in ids.chunks_exact(7).enumerate() {
            let mut hand = [Card::ALL[0]; 7];
            for (slot, &id) in hand.iter_mut().zip(chunk) {
                *slot = Card::from_index(id)
                    .ok_or(IdBatchError::CardId { row, id })
                    .map_err(batch_error)?;
            }
            hands.push(hand);
        }
        Ok(RustBatch7 {
            ids,
            hands,
            out: vec![HandRank::from_raw(0); n],
        })
    }

    /// One timing, in seconds, of `evaluate_ids` on the ids as given, the
    /// GIL released.
    fn ids_seconds(&mut self, py: Python<'_>) -> PyResult<f64> {
        let RustBatch7 { ids, out, .. } = self;
        py.detach(|| {
            let t = std::time::Instant::now();
            Evaluator::new().evaluate_ids(ids, 7, out)?;
            Ok(t.elapsed().as_secs_f64())
        })
        .map_err(batch_error)
    }

    /// One timing, in seconds, of `evaluate_batch7` on the crate's card
    /// arrays, the GIL released.
    fn cards_seconds(&mut self, py: Python<'_>) -> PyResult<f64> {
        let RustBatch7 { hands, out, .. } = self;
        py.detach(|| {
            let t = std::time::Instant::now();
            Evaluator::new().evaluate_batch7(hands, out)?;
            Ok(t.elapsed().as_secs_f64())
        })
        .map_err(eval_error)
    }
}

/// Hole cards: text or ids, exactly two.
fn hole_arg(obj: &Bound<'_, PyAny>) -> PyResult<[Card; 2]> {
    let cards = cards_arg(obj)?;
    <[Card; 2]>::try_from(cards.as_slice()).map_err(|_| {
        raise::<EquityError>(
            format!("a hand is two hole cards, got {} (rule C3)", cards.len()),
            "C3",
        )
    })
}

fn equity_error(e: eq::EquityError) -> PyErr {
    let msg = e.to_string();
    let rule = rule_in(&msg);
    raise::<EquityError>(msg, &rule)
}

/// Exact (no `samples`) or seeded Monte Carlo equity of two or more hands.
///
/// Returns a dict: `equity`, `win`, `tie`, `std_error` (one float per hand,
/// win and tie as fractions of boards), `boards`, `exact`.
#[pyfunction]
#[pyo3(signature = (hands, board = None, dead = None, samples = None, seed = 0))]
fn equity<'py>(
    py: Python<'py>,
    hands: Vec<Bound<'py, PyAny>>,
    board: Option<&Bound<'py, PyAny>>,
    dead: Option<&Bound<'py, PyAny>>,
    samples: Option<u64>,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let holes = hands.iter().map(hole_arg).collect::<PyResult<Vec<_>>>()?;
    let board = board.map(cards_arg).transpose()?.unwrap_or_default();
    let dead = CardSet::from_cards(&dead.map(cards_arg).transpose()?.unwrap_or_default());
    let result = py
        .detach(|| match samples {
            None => eq::exact(&holes, &board, dead),
            Some(n) => {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                eq::monte_carlo(&holes, &board, dead, n, &mut rng)
            }
        })
        .map_err(equity_error)?;
    let boards = result.boards.max(1) as f64;
    let out = PyDict::new(py);
    let players = &result.players;
    out.set_item(
        "equity",
        players.iter().map(|p| p.equity).collect::<Vec<_>>(),
    )?;
    out.set_item(
        "win",
        players
            .iter()
            .map(|p| p.wins as f64 / boards)
            .collect::<Vec<_>>(),
    )?;
    out.set_item(
        "tie",
        players
            .iter()
            .map(|p| p.ties as f64 / boards)
            .collect::<Vec<_>>(),
    )?;
    out.set_item(
        "std_error",
        players.iter().map(|p| p.std_error).collect::<Vec<_>>(),
    )?;
    out.set_item("boards", result.boards)?;
    out.set_item("exact", result.exact)?;
    Ok(out)
}

/// Exact (no `samples`) or seeded Monte Carlo equity of two or more ranges
/// (`"QQ+, AKs"`). Returns a dict like [`equity`] plus `matchups`.
#[pyfunction]
#[pyo3(signature = (ranges, board = None, dead = None, samples = None, seed = 0))]
fn range_equity<'py>(
    py: Python<'py>,
    ranges: Vec<String>,
    board: Option<&Bound<'py, PyAny>>,
    dead: Option<&Bound<'py, PyAny>>,
    samples: Option<u64>,
    seed: u64,
) -> PyResult<Bound<'py, PyDict>> {
    let ranges = ranges
        .iter()
        .enumerate()
        .map(|(i, text)| {
            text.parse::<Range>()
                .map_err(|e| raise::<RangeError>(format!("range {i} ({text:?}): {e}"), ""))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let board = board.map(cards_arg).transpose()?.unwrap_or_default();
    let dead = CardSet::from_cards(&dead.map(cards_arg).transpose()?.unwrap_or_default());
    let result = py
        .detach(|| match samples {
            None => eq::range_exact(&ranges, &board, dead),
            Some(n) => {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                eq::range_monte_carlo(&ranges, &board, dead, n, &mut rng)
            }
        })
        .map_err(equity_error)?;
    let out = PyDict::new(py);
    let players = &result.players;
    out.set_item(
        "equity",
        players.iter().map(|p| p.equity).collect::<Vec<_>>(),
    )?;
    out.set_item("win", players.iter().map(|p| p.win).collect::<Vec<_>>())?;
    out.set_item("tie", players.iter().map(|p| p.tie).collect::<Vec<_>>())?;
    out.set_item(
        "std_error",
        players.iter().map(|p| p.std_error).collect::<Vec<_>>(),
    )?;
    out.set_item("matchups", result.matchups)?;
    out.set_item("boards", result.boards)?;
    out.set_item("exact", result.exact)?;
    Ok(out)
}

/// Registers the evaluation functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyRank>()?;
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(best_five, m)?)?;
    m.add_function(wrap_pyfunction!(describe, m)?)?;
    m.add_function(wrap_pyfunction!(evaluate_batch, m)?)?;
    m.add_function(wrap_pyfunction!(equity, m)?)?;
    m.add_function(wrap_pyfunction!(range_equity, m)?)?;
    m.add_class::<RustBatch7>()?;
    Ok(())
}
