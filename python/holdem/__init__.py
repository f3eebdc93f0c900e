"""holdem: the Texas Hold'em rules engine (Rust) for Python.

Cards are text (``"AhKh"``) or ids ``rank * 4 + suit`` (ranks 2..A as 0..12,
suits c, d, h, s as 0..3; ``DECK[id]`` is the text). Every rule decision comes
from the engine crates; errors are :class:`HoldemError` subclasses whose
``.rule`` is the rule ID (``docs/rules.md``) or None.

>>> import holdem
>>> print(holdem.evaluate("AhKhQhJhTh"))
royal flush
"""

from __future__ import annotations

import random as _random
from typing import Optional, Sequence, Tuple, Union

import numpy as _np

from . import _holdem
from ._holdem import (
    DECK,
    N_ACTIONS,
    PRESETS,
    ActionError,
    CardError,
    EquityError,
    EvalError,
    Hand,
    HistoryError,
    HoldemError,
    RangeError,
    Rank,
    RulesError,
    Tables,
    __version__,
    best_five,
    card_str,
    cards_str,
    convert,
    deal,
    describe,
    evaluate,
    export_parquet,
    history_files,
    icm_equities,
    parse,
    simulate,
)

Cards = Union[str, Sequence[int]]

__all__ = [
    "DECK",
    "N_ACTIONS",
    "PRESETS",
    "ActionError",
    "CardError",
    "EquityError",
    "EvalError",
    "Hand",
    "HistoryError",
    "HoldemError",
    "RangeError",
    "Rank",
    "RulesError",
    "Tables",
    "__version__",
    "best_five",
    "card_str",
    "cards_str",
    "convert",
    "deal",
    "describe",
    "equity",
    "evaluate",
    "evaluate_batch",
    "export_parquet",
    "history_files",
    "icm_equities",
    "parse",
    "range_equity",
    "simulate",
]


def evaluate_batch(cards) -> Tuple[_np.ndarray, _np.ndarray]:
    """Rank an ``(n, k)`` array of card ids (``k`` = 5, 6 or 7) in one call.

    Returns ``(ranks, categories)``: uint16 rank numbers (larger wins, equal
    split) and uint8 categories (1 high card .. 9 straight flush). The Rust
    batch evaluator runs with the GIL released; a uint8 C-contiguous array is
    used as is, other integer arrays are range-checked and converted once.
    """
    arr = _np.asarray(cards)
    if arr.dtype != _np.uint8:
        if arr.dtype.kind not in "iu":
            raise CardError(f"card ids must be integers, got dtype {arr.dtype}")
        if arr.size and (int(arr.min()) < 0 or int(arr.max()) > 51):
            at = int(_np.flatnonzero((arr < 0) | (arr > 51))[0])
            bad = arr.flat[at]
            row = at // arr.shape[-1] if arr.ndim == 2 else at
            err = CardError(
                f"hand {row}: card id {bad} is not one of the 52 cards (ids 0-51, rule C1)"
            )
            err.rule = "C1"
            raise err
        arr = arr.astype(_np.uint8)
    if arr.ndim != 2:
        raise EvalError(f"expected an (n, 5..7) array of card ids, got shape {arr.shape}")
    return _holdem.evaluate_batch(_np.ascontiguousarray(arr))


def _seed(seed: Optional[int]) -> int:
    return _random.getrandbits(64) if seed is None else int(seed)


def equity(
    hands: Sequence[Cards],
    board: Optional[Cards] = None,
    dead: Optional[Cards] = None,
    samples: Optional[int] = None,
    seed: Optional[int] = None,
) -> dict:
    """Equity of two or more hands (two hole cards each).

    Exact enumeration when ``samples`` is None, else Monte Carlo over
    ``samples`` random boards (``seed`` makes it replayable; None draws one).
    Returns ``{"equity", "win", "tie", "std_error"}`` (lists, one per hand)
    plus ``"boards"`` and ``"exact"``.
    """
    return _holdem.equity(list(hands), board, dead, samples, _seed(seed))


def range_equity(
    ranges: Sequence[str],
    board: Optional[Cards] = None,
    dead: Optional[Cards] = None,
    samples: Optional[int] = None,
    seed: Optional[int] = None,
) -> dict:
    """Equity of two or more ranges (``"QQ+, AKs"``), exact or Monte Carlo.

    Returns the keys of :func:`equity` plus ``"matchups"``.
    """
    return _holdem.range_equity(list(ranges), board, dead, samples, _seed(seed))
