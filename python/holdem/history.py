"""Hand histories: read, replay, convert, and tabulate with pyarrow.

Every format the engine's ``history`` crate reads: PHH (``.phh``, ``.phhs``),
native JSON Lines (``.jsonl``) and postcard, and PokerStars text. Each hand is
replayed through the betting engine under the house rules it records,
strictly (rule H2) or leniently (H4: omitted folds repaired and listed).

>>> from holdem import history
>>> hands = history.read("data/histories/phh")       # doctest: +SKIP
>>> hands_table, players_table = history.tables("data/histories/phh/handhq")  # doctest: +SKIP
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator, List, Tuple, Union

from ._holdem import HistoryError, convert, read_histories

PathLike = Union[str, "os.PathLike[str]"]

EXTENSIONS = (".phh", ".phhs", ".jsonl", ".postcard", ".txt")

__all__ = ["HistoryError", "convert", "files", "read", "tables"]


def files(path: PathLike) -> List[Path]:
    """The history files at ``path``: the file itself, or every file with a
    history extension under a folder, sorted."""
    p = Path(path)
    if p.is_dir():
        return sorted(f for f in p.rglob("*") if f.is_file() and f.suffix in EXTENSIONS)
    return [p]


def iter_hands(path: PathLike, lenient: bool = False) -> Iterator[dict]:
    """Each hand of each file at ``path`` as a dict (see :func:`read`), file by file."""
    for f in files(path):
        for hand in read_histories(f, lenient):
            hand["file"] = str(f)
            yield hand


def read(path: PathLike, lenient: bool = False) -> List[dict]:
    """Every hand at ``path`` (a file or a folder), replayed.

    Each hand is a dict with ``file``, ``index``, ``variant``, ``decimals``,
    ``players``, ``names``, ``table``, ``hand``, ``antes``,
    ``blinds_or_straddles``, ``starting_stacks``, ``finishing_stacks``,
    ``actions`` (a count), ``status`` (``"ok"``, ``"unsettled"``,
    ``"illegal"``, ``"mismatch"``, ``"unsupported"``), ``message``,
    ``final_stacks``, ``rule``, ``repairs`` and ``phh`` (the hand as PHH text).
    A file that cannot be read raises :class:`holdem.HistoryError`.
    """
    return list(iter_hands(path, lenient))


def tables(path: PathLike, lenient: bool = False) -> Tuple["pyarrow.Table", "pyarrow.Table"]:
    """The hands at ``path`` as two pyarrow tables: one row per hand, one row
    per player in each hand (``file``, ``index``, ``seat``, ``name``,
    ``starting_stack``, ``finishing_stack``, ``final_stack``, ``net``).
    Amounts are whole units of ``10 ** -decimals``."""
    import pyarrow as pa

    hand_rows = []
    player_rows = []
    for h in iter_hands(path, lenient):
        hand_rows.append(
            {
                "file": h["file"],
                "index": h["index"],
                "variant": h["variant"],
                "decimals": h["decimals"],
                "players": h["players"],
                "table": h["table"],
                "hand": h["hand"],
                "actions": h["actions"],
                "status": h["status"],
                "rule": h["rule"],
                "repairs": len(h["repairs"]),
                "message": h["message"],
            }
        )
        if h["players"] is None:
            continue  # a hand the engine does not play: a hand row, no players
        names = h["names"] or [None] * h["players"]
        finals = h["final_stacks"]
        recorded = h["finishing_stacks"]
        for seat in range(h["players"]):
            start = h["starting_stacks"][seat]
            final = finals[seat] if finals is not None else None
            player_rows.append(
                {
                    "file": h["file"],
                    "index": h["index"],
                    "seat": seat,
                    "name": names[seat],
                    "starting_stack": start,
                    "finishing_stack": recorded[seat] if recorded is not None else None,
                    "final_stack": final,
                    "net": final - start if final is not None else None,
                }
            )
    hand_schema = pa.schema(
        [
            ("file", pa.string()),
            ("index", pa.int64()),
            ("variant", pa.string()),
            ("decimals", pa.int8()),
            ("players", pa.int8()),
            ("table", pa.string()),
            ("hand", pa.string()),
            ("actions", pa.int32()),
            ("status", pa.string()),
            ("rule", pa.string()),
            ("repairs", pa.int32()),
            ("message", pa.string()),
        ]
    )
    player_schema = pa.schema(
        [
            ("file", pa.string()),
            ("index", pa.int64()),
            ("seat", pa.int8()),
            ("name", pa.string()),
            ("starting_stack", pa.uint64()),
            ("finishing_stack", pa.uint64()),
            ("final_stack", pa.uint64()),
            ("net", pa.int64()),
        ]
    )
    return (
        pa.Table.from_pylist(hand_rows, schema=hand_schema),
        pa.Table.from_pylist(player_rows, schema=player_schema),
    )
