"""`holdem export` read back by DuckDB: row counts, money sums, the replay's
totals, and the statistics of a SQL query equal to `holdem stats --json`.

Run by `cargo xtask corpora` (its own venv in target/py-corpora with pinned
duckdb and pytest); HOLDEM_BIN names the `holdem` binary to test.
"""

import json
import os
import pathlib
import subprocess

import duckdb
import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
HOLDEM = os.environ.get("HOLDEM_BIN", str(ROOT / "target" / "debug" / "holdem"))
CORPUS = [
    "data/histories/phh/handhq",
    "data/histories/generated/seed-2026-10000-hands.postcard",
    "data/histories/pokerstars",
]


def holdem(*args):
    return subprocess.run(
        [HOLDEM, *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    out = tmp_path_factory.mktemp("export")
    run = holdem("export", "--to", str(out), *CORPUS)
    # Two PokerStars test files hold a hand that cannot be read (status 1).
    assert run.returncode in (0, 1), run.stderr
    con = duckdb.connect()
    for table in ("hands", "players", "actions"):
        con.execute(
            f"CREATE VIEW {table} AS SELECT * FROM read_parquet('{out / (table + '.parquet')}')"
        )
    return run.stdout, con, out


def test_row_counts_match_the_report(exported):
    report, con, _ = exported
    hands, players, actions = (
        con.execute(f"SELECT count(*) FROM {t}").fetchone()[0]
        for t in ("hands", "players", "actions")
    )
    assert report.startswith(
        f"{hands} hands, {players} player rows, {actions} actions written"
    ), report
    # Every hand replay accepts has one row per player.
    rows = con.execute(
        "SELECT sum(players) FROM hands WHERE status IN ('ok', 'unsettled')"
    ).fetchone()[0]
    assert rows == players


def test_schema_version_is_in_every_file(exported):
    _, con, out = exported
    for table in ("hands", "players", "actions"):
        kv = con.execute(
            f"SELECT decode(key), decode(value) FROM parquet_kv_metadata('{out / (table + '.parquet')}')"
        ).fetchall()
        assert ("holdem.schema_version", "1") in kv


def test_h4_nets_sum_to_minus_the_rake_in_every_settled_hand(exported):
    _, con, _ = exported
    bad = con.execute(
        """
        SELECT h.file, h.hand_index, h.rake, sum(p.net) AS net, h.pot, sum(p.invested) AS put_in
        FROM hands h JOIN players p USING (file, hand_index)
        WHERE h.status = 'ok'
        GROUP BY h.file, h.hand_index, h.rake, h.pot
        HAVING bool_and(p.starting_stack IS NOT NULL)
           AND (sum(p.net) <> -h.rake OR sum(p.invested) <> h.pot)
        """
    ).fetchall()
    assert bad == []
    settled, raked = con.execute(
        "SELECT count(*), count(*) FILTER (rake > 0) FROM hands WHERE status = 'ok'"
    ).fetchone()
    assert settled > 10000 and raked > 30


def test_totals_equal_the_replays(exported):
    _, con, _ = exported
    replay = json.loads(holdem("replay", "--json", *CORPUS).stdout)["counts"]
    got = dict(con.execute("SELECT status, count(*) FROM hands GROUP BY status").fetchall())
    assert got.get("ok", 0) == replay["ok"]
    assert got.get("unsettled", 0) == replay["unsettled"]


STATS_SQL = """
SELECT coalesce(name, 'p' || player) AS player,
       count(*) AS hands,
       100.0 * count(*) FILTER (vpip AND NOT walk) / nullif(count(*) - count(*) FILTER (walk), 0) AS vpip,
       100.0 * count(*) FILTER (pfr AND NOT walk) / nullif(count(*) - count(*) FILTER (walk), 0) AS pfr,
       100.0 * count(*) FILTER (three_bet) / nullif(count(*) FILTER (three_bet_chance), 0) AS three_bet,
       100.0 * count(*) FILTER (showdown AND saw_flop) / nullif(count(*) FILTER (saw_flop), 0) AS wtsd,
       100.0 * count(*) FILTER (won_at_showdown AND saw_flop)
             / nullif(count(*) FILTER (showdown AND saw_flop), 0) AS wsd,
       sum(net) AS net,
       100.0 * sum(CASE WHEN big_blind > 0 THEN net::DOUBLE / big_blind ELSE 0 END) / count(*) AS bb_per_100
FROM players
WHERE settled
GROUP BY 1
HAVING count(*) >= 5
ORDER BY 1
"""


def test_stats_of_a_duckdb_query_equal_holdem_stats(exported):
    _, con, _ = exported
    got = holdem("stats", "--json", "--min-hands", "5", *CORPUS)
    cli = {p["player"]: p for p in json.loads(got.stdout)["players"]}
    rows = con.execute(STATS_SQL).fetchall()
    cols = [d[0] for d in con.description]
    assert len(rows) == len(cli) > 50
    for row in rows:
        sql = dict(zip(cols, row))
        mine = cli[sql["player"]]
        assert mine["hands"] == sql["hands"]
        assert mine["net"] == sql["net"]
        for key in ("vpip", "pfr", "three_bet", "wtsd", "wsd", "bb_per_100"):
            if sql[key] is None:
                assert mine[key] is None, (sql["player"], key)
            else:
                # holdem rounds to two decimals.
                assert mine[key] == pytest.approx(sql[key], abs=0.006), (sql["player"], key)
