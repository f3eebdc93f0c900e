"""holdem.ray on a local Ray instance: the sharded dataset equals the
single-process export (holdem.export_parquet) row for row, and both are the
files `holdem export` writes (same schema, same rows)."""

import pathlib

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import holdem
import holdem.ray

ray = pytest.importorskip("ray", reason="ray is not installed (pip install ray)")

ROOT = pathlib.Path(__file__).resolve().parents[2]
CORPUS = [
    str(ROOT / "data/histories/phh/handhq"),
    str(ROOT / "data/histories/phh/pluribus"),
    str(ROOT / "data/histories/pokerstars"),
]
KEYS = {
    "hands": ["file", "hand_index"],
    "players": ["file", "hand_index", "player"],
    "actions": ["file", "hand_index", "order"],
}


def sorted_table(table: pa.Table, name: str) -> pa.Table:
    return table.sort_by([(k, "ascending") for k in KEYS[name]])


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_dataset_equals_the_single_process_export(local_ray, tmp_path):
    single = holdem.export_parquet(CORPUS, tmp_path / "single")
    got = holdem.ray.export_dataset(CORPUS, tmp_path / "dataset", num_workers=2)
    assert got["shards"] == 2 and got["files"] > 2
    for key in ("hands", "players", "actions", "other_games", "declared", "bad"):
        assert got[key] == single[key], key
    assert single["hands"] > 500 and single["actions"] > 5000
    # The PokerStars folder's fixtures broken on purpose declare their failure.
    assert single["declared"] > 0 and single["bad"] == 0, single["problems"]
    for name in holdem.ray.TABLES:
        parts = sorted((tmp_path / "dataset" / name).iterdir())
        assert [p.name for p in parts] == ["part-00000.parquet", "part-00001.parquet"]
        assert all(pq.read_metadata(p).num_rows > 0 for p in parts), name
        dataset = pa.concat_tables(pq.read_table(p) for p in parts)
        whole = pq.read_table(tmp_path / "single" / f"{name}.parquet")
        assert dataset.schema.remove_metadata() == whole.schema.remove_metadata()
        assert dataset.num_rows == whole.num_rows
        assert sorted_table(dataset, name).equals(sorted_table(whole, name)), name
        # The schema version travels with every part.
        meta = pq.read_metadata(parts[0]).metadata
        assert meta[b"holdem.schema_version"] == b"1"
    # Parts in order are the single export in order.
    assert pq.read_table(tmp_path / "dataset" / "hands").column("file").to_pylist() == (
        pq.read_table(tmp_path / "single" / "hands.parquet").column("file").to_pylist()
    )


def test_ray_refuses_to_mix_with_an_older_dataset(local_ray, tmp_path):
    holdem.ray.export_dataset(CORPUS[1:2], tmp_path, num_workers=2)
    with pytest.raises(FileExistsError, match="not empty"):
        holdem.ray.export_dataset(CORPUS[1:2], tmp_path, num_workers=2)


def test_ray_unreadable_path_raises_history_error_before_any_task(local_ray, tmp_path):
    with pytest.raises(holdem.HistoryError):
        holdem.ray.export_dataset([str(tmp_path / "missing.phh")], tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_shards_are_contiguous_balanced_and_never_empty(tmp_path):
    files = []
    for i, size in enumerate([10, 10, 10, 10, 100, 5]):
        f = tmp_path / f"{i}.phh"
        f.write_bytes(b"x" * size)
        files.append(str(f))
    parts = holdem.ray.shards(files, 3)
    assert [x for part in parts for x in part] == files
    assert len(parts) == 3 and all(parts)
    assert holdem.ray.shards(files[:2], 5) == [[files[0]], [files[1]]]
    assert holdem.ray.shards([], 4) == []
    with pytest.raises(ValueError):
        holdem.ray.shards(files, 0)


def test_export_parquet_counts_match_the_files(tmp_path):
    got = holdem.export_parquet([CORPUS[1]], tmp_path)
    for name in holdem.ray.TABLES:
        assert pq.read_metadata(tmp_path / f"{name}.parquet").num_rows == got[name]
    with pytest.raises(holdem.RulesError):
        holdem.export_parquet([CORPUS[1]], tmp_path / "x", rules="no-such-rules")
