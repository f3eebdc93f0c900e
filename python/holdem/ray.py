"""Parquet export of a corpus sharded over Ray workers.

:func:`export_dataset` splits a list of hand-history files and folders into
shards (contiguous runs of files, balanced by size), exports each shard in a
Ray task with the engine's own exporter (:func:`holdem.export_parquet`, the
Rust crate ``holdem-export``: no rule is re-implemented here), and leaves one
Parquet dataset: ``out_dir/hands/``, ``out_dir/players/`` and
``out_dir/actions/``, each a folder of ``part-NNNNN.parquet`` files with the
schema of ``holdem export`` (``docs/export.md``). Part ``i`` holds shard
``i``; read in part order, the rows are those of one ``holdem export`` of the
same paths, in the same order.

Ray is imported only when :func:`export_dataset` runs (``pip install ray``).
On a cluster every node needs the ``holdem`` package, the history files, and
``out_dir`` at the same paths (a shared file system).

>>> import ray, holdem.ray
>>> ray.init(num_cpus=2)                                          # doctest: +SKIP
>>> holdem.ray.export_dataset(["data/histories/phh"], "out", num_workers=2)  # doctest: +SKIP
{'hands': ..., 'players': ..., 'actions': ..., 'shards': 2, ...}
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import List, Optional, Sequence, Union

from ._holdem import export_parquet, history_files

PathLike = Union[str, "os.PathLike[str]"]

TABLES = ("hands", "players", "actions")

__all__ = ["TABLES", "export_dataset", "shards"]


def shards(files: Sequence[str], n: int) -> List[List[str]]:
    """Splits ``files`` into at most ``n`` contiguous, non-empty runs of
    about equal total size (bytes on disk), keeping their order."""
    if n < 1:
        raise ValueError(f"the number of shards must be at least 1, got {n}")
    files = list(files)
    n = min(n, len(files))
    if n == 0:
        return []
    sizes = [max(os.path.getsize(f), 1) for f in files]
    total = sum(sizes)
    out: List[List[str]] = []
    current: List[str] = []
    done = 0
    for i, (f, size) in enumerate(zip(files, sizes)):
        current.append(f)
        done += size
        left_files = len(files) - i - 1
        left_shards = n - len(out) - 1
        # Close the shard at its share of the bytes, or when every remaining
        # shard needs exactly one of the remaining files.
        if left_shards > 0 and (done * n >= total * (len(out) + 1) or left_files == left_shards):
            out.append(current)
            current = []
    if current:
        out.append(current)
    return out


def _export_shard(index: int, files: List[str], out_dir: str, rules, threads) -> dict:
    """One Ray task: export ``files`` and move the three files into the dataset."""
    out = Path(out_dir)
    scratch = out / f"_shard-{index:05d}"
    counts = export_parquet(files, scratch, rules, threads)
    for table in TABLES:
        os.replace(scratch / f"{table}.parquet", out / table / f"part-{index:05d}.parquet")
    scratch.rmdir()
    return counts


def export_dataset(
    paths: Sequence[PathLike],
    out_dir: PathLike,
    num_workers: Optional[int] = None,
    rules: Optional[str] = None,
    threads_per_worker: int = 1,
) -> dict:
    """Exports the history files and folders ``paths`` into the Parquet
    dataset ``out_dir`` (see the module docs) with ``num_workers`` Ray tasks
    (default: the CPUs of the Ray cluster), each using ``threads_per_worker``
    threads (and asking Ray for as many CPUs).

    Uses the running Ray instance, or starts a local one (``ray.init()``).
    ``out_dir`` may exist but its ``hands``, ``players`` and ``actions``
    folders must be empty or absent (a dataset is never mixed with an older
    one). Returns the summed counts of :func:`holdem.export_parquet` plus
    ``"shards"`` and ``"files"``. A file that cannot be read raises
    ``holdem.HistoryError`` (from the worker, through Ray).
    """
    import ray

    if threads_per_worker < 1:
        raise ValueError(f"threads_per_worker must be at least 1, got {threads_per_worker}")
    files = history_files([os.fspath(p) for p in paths])
    out = Path(out_dir)
    for table in TABLES:
        folder = out / table
        if folder.exists() and any(folder.iterdir()):
            raise FileExistsError(f"{folder} is not empty: export into a new folder")
    if not ray.is_initialized():
        ray.init()
    if num_workers is None:
        num_workers = max(int(ray.cluster_resources().get("CPU", 1)) // threads_per_worker, 1)
    parts = shards(files, num_workers)
    for table in TABLES:
        (out / table).mkdir(parents=True, exist_ok=True)
    task = ray.remote(num_cpus=threads_per_worker)(_export_shard)
    refs = [
        task.remote(i, part, os.fspath(out), rules, threads_per_worker)
        for i, part in enumerate(parts)
    ]
    total = {
        "hands": 0,
        "players": 0,
        "actions": 0,
        "other_games": 0,
        "declared": 0,
        "bad": 0,
        "problems": [],
    }
    for counts in ray.get(refs):
        for key, value in counts.items():
            total[key] += value
    total["shards"] = len(parts)
    total["files"] = len(files)
    return total
