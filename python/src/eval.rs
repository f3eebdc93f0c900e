//! Hand evaluation and equity: one hand, numpy batches (the `eval` crate's
//! batch evaluators, GIL released), best five, descriptions, exact and Monte
//! Carlo equity of hands and ranges.

use holdem_cards::{Card, CardSet};
use holdem_eval::{
    Category, EvalError as EngineEvalError, Evaluator, HandRank, Range, equity as eq,
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

/// Why one row of a batch is refused, before any ranking.
enum BadRow {
    Id { row: usize, id: u8 },
    Repeat { row: usize },
}

impl BadRow {
    /// The same error with its row counted from `first`.
    fn offset(self, first: usize) -> BadRow {
        match self {
            BadRow::Id { row, id } => BadRow::Id {
                row: row + first,
                id,
            },
            BadRow::Repeat { row } => BadRow::Repeat { row: row + first },
        }
    }

    fn into_err(self) -> PyErr {
        match self {
            BadRow::Id { row, id } => raise::<crate::errors::CardError>(
                format!("hand {row}: card id {id} is not one of the 52 cards (ids 0-51)"),
                "C1",
            ),
            BadRow::Repeat { row } => raise::<crate::errors::CardError>(
                format!("hand {row}: a card appears twice in the hand (one deck, rule C1)"),
                "C1",
            ),
        }
    }
}

/// Hands converted and ranked per chunk, so the card arrays stay in cache.
const CHUNK: usize = 1024;

/// The first row holding an id that is not a card, with that id.
fn bad_id(ids: &[u8], k: usize) -> Result<(), BadRow> {
    // One pass the compiler vectorises; the row is looked up only on failure.
    if ids.iter().fold(false, |bad, &id| bad | (id >= 52)) {
        let at = ids.iter().position(|&id| id >= 52).unwrap_or(0);
        return Err(BadRow::Id {
            row: at / k,
            id: ids[at],
        });
    }
    Ok(())
}

/// Ranks a batch of hands of `k` cards (ids < 52, row-major) into the rank
/// numbers `values` and category numbers `cats`, `CHUNK` hands at a time: the
/// seven-card path through the crate's validated batch (`evaluate_batch7`),
/// five and six cards through `evaluate_sets`.
fn rank_rows(ids: &[u8], k: usize, values: &mut [u16], cats: &mut [u8]) -> Result<(), BadRow> {
    let eval = Evaluator::new();
    // The five- and six-card path checks each chunk's ids first; a 256-entry
    // table then turns each byte into its card without a bounds check.
    let card_of: [Card; 256] = std::array::from_fn(|i| Card::ALL[i % 52]);
    let mut ranks = [HandRank::from_raw(0); CHUNK];
    let mut hands7 = [[Card::ALL[0]; 7]; CHUNK];
    let mut sets = [CardSet::EMPTY; CHUNK];
    for (c, chunk) in ids.chunks(CHUNK * k).enumerate() {
        let m = chunk.len() / k;
        let first = c * CHUNK;
        // The id check is folded into the copy; the row is found on failure.
        let mut bad = false;
        if k == 7 {
            // One flat copy of the ids (the compiler vectorises it).
            for (slot, &id) in hands7.as_flattened_mut().iter_mut().zip(chunk) {
                bad |= id >= 52;
                *slot = Card::from_index(id).unwrap_or(Card::ALL[0]);
            }
            if bad {
                bad_id(chunk, 7).map_err(|e| e.offset(first))?;
            }
            if eval.evaluate_batch7(&hands7[..m], &mut ranks[..m]).is_err() {
                let row = hands7[..m]
                    .iter()
                    .position(|h| CardSet::from_cards(h).len() != 7)
                    .unwrap_or(0);
                return Err(BadRow::Repeat { row: first + row });
            }
        } else {
            bad_id(chunk, k).map_err(|e| e.offset(first))?;
            for (j, (set, row)) in sets.iter_mut().zip(chunk.chunks_exact(k)).enumerate() {
                *set = CardSet::EMPTY;
                for &id in row {
                    set.insert(card_of[usize::from(id)]);
                }
                if set.len() as usize != k {
                    return Err(BadRow::Repeat { row: first + j });
                }
            }
            // Every set holds k distinct cards, 5 <= k <= 7: the batch cannot refuse.
            if eval.evaluate_sets(&sets[..m], &mut ranks[..m]).is_err() {
                return Err(BadRow::Repeat { row: first });
            }
        }
        let end = first + m;
        for ((v, t), r) in values[first..end]
            .iter_mut()
            .zip(&mut cats[first..end])
            .zip(&ranks[..m])
        {
            *v = r.raw();
            *t = r.category() as u8;
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
            .map_err(BadRow::into_err)?;
    }
    Ok((ranks, cats))
}

/// Rank numbers and category numbers of a batch.
type RanksAndCategories<'py> = (Bound<'py, PyArray1<u16>>, Bound<'py, PyArray1<u8>>);

/// The Rust baseline of the batch benchmark (`python/bench/bench.py`): the
/// best of `repeats` timings, in seconds, of the `eval` crate's validated
/// seven-card batch (`Evaluator::evaluate_batch7`) over `cards` (an `(n, 7)`
/// uint8 array), converted to the crate's card arrays once, outside the timing.
#[pyfunction]
fn rust_batch7_seconds(
    py: Python<'_>,
    cards: PyReadonlyArray2<'_, u8>,
    repeats: usize,
) -> PyResult<f64> {
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
                .ok_or(BadRow::Id { row, id })
                .map_err(BadRow::into_err)?;
        }
        hands.push(hand);
    }
    py.detach(|| {
        let eval = Evaluator::new();
        let mut out = vec![HandRank::from_raw(0); n];
        let mut best = f64::INFINITY;
        for _ in 0..repeats.max(1) {
            let t = std::time::Instant::now();
            eval.evaluate_batch7(&hands, &mut out)
                .map_err(|_| BadRow::Repeat { row: 0 })?;
            best = best.min(t.elapsed().as_secs_f64());
        }
        Ok(best)
    })
    .map_err(BadRow::into_err)
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
    m.add_function(wrap_pyfunction!(rust_batch7_seconds, m)?)?;
    Ok(())
}
