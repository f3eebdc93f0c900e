"""Hand histories (H1-H4) and tournament money (T15) through the Python API."""

import pathlib

import pytest

import holdem
from holdem import history

DATA = pathlib.Path(__file__).resolve().parents[2] / "data" / "histories"


def test_h2_legal_phh_hands_replay_and_settle():
    hands = history.read(DATA / "phh" / "famous")
    # Other games (fixed-limit badugi...) are kept as unsupported, in order.
    assert hands and all(h["status"] in ("ok", "unsettled", "unsupported") for h in hands)
    assert any(h["status"] == "unsupported" and "not Texas hold'em" in h["message"] for h in hands)
    settled = [h for h in hands if h["status"] == "ok"]
    assert settled and all(len(h["final_stacks"]) == h["players"] for h in settled)
    # Chips are conserved where nothing was raked.
    for h in settled:
        assert sum(h["final_stacks"]) <= sum(h["starting_stacks"])


def test_h2_illegal_history_names_the_rule():
    [hand] = history.read(DATA / "illegal" / "b10-raise-below-minimum.phh")
    assert hand["status"] == "illegal" and hand["rule"] == "B10"


def test_h4_lenient_replay_lists_the_repair():
    path = DATA / "illegal" / "real-wsop-2019-missing-fold.phh"
    [strict] = history.read(path)
    [lenient] = history.read(path, lenient=True)
    assert strict["status"] == "illegal" and not strict["repairs"]
    assert lenient["status"] in ("ok", "unsettled") and lenient["repairs"]
    assert lenient["repairs"][0]["inserted"].endswith(" f")


def test_unreadable_history_raises_history_error():
    with pytest.raises(holdem.HistoryError):
        history.read(DATA / "illegal" / "unreadable-not-toml.phh")


def test_h1_phh_round_trip_through_native_json_lines(tmp_path):
    first = next(
        f
        for f in history.files(DATA / "phh" / "famous")
        if all(h["status"] != "unsupported" for h in history.read(f))
    )
    out = tmp_path / "hands.jsonl"
    n = holdem.convert(first, out)
    again = history.read(out)
    assert n == len(again) == len(history.read(first))
    assert [h["phh"] for h in again] == [h["phh"] for h in history.read(first)]


def test_pyarrow_tables_one_row_per_hand_and_per_player():
    pa = pytest.importorskip("pyarrow")
    hands, players = history.tables(DATA / "phh" / "famous")
    assert isinstance(hands, pa.Table) and hands.num_rows == len(history.read(DATA / "phh" / "famous"))
    assert players.num_rows == sum(n or 0 for n in hands.column("players").to_pylist())
    assert set(hands.column("status").to_pylist()) <= {"ok", "unsettled", "unsupported"}


def test_t15_icm_equities_add_up_to_the_prizes():
    eq = holdem.icm_equities([5000, 3000, 2000], [50.0, 30.0, 20.0])
    assert sum(eq) == pytest.approx(100.0)
    assert eq[0] > eq[1] > eq[2]
    # Equal stacks share equally.
    assert holdem.icm_equities([10, 10], [70.0, 30.0]) == pytest.approx([50.0, 50.0])


def test_t15_deals_pay_every_cent():
    prizes = [5000, 3000, 2000]
    for method in ("icm", "chip-count", "even-split"):
        shares = holdem.deal([5000, 3000, 2000], prizes, method)
        assert sum(shares) == sum(prizes)
    assert holdem.deal([5000, 3000, 2000], prizes, "chip-count") == [5000, 3000, 2000]
    with pytest.raises(holdem.HoldemError):
        holdem.deal([5000, 3000, 2000], prizes, "coin-flip")


def shove_or_fold(player, turn):
    """Odd players shove every hand, even players check or fold."""
    legal = turn["legal"]
    if player % 2 and legal["all_in_to"] is not None:
        return "all_in"
    return "check" if legal["check"] else "fold"


def test_sit_and_go_with_python_bots_ranks_every_player():
    finishes = holdem.simulate(6, shove_or_fold, structure="sit-and-go", seed=3)
    places = [f["place"] for f in finishes]
    # Players busted in the same hand with the same stack tie for a place.
    assert places[0] == 1 and places == sorted(places) and len(places) == 6
    assert sorted(f["player"] for f in finishes) == list(range(1, 7))
    assert sum(f["prize"] for f in finishes) > 0
    assert finishes[0]["prize"] >= finishes[1]["prize"]


def test_bot_exceptions_and_illegal_actions_stop_the_simulation():
    def broken(player, turn):
        raise RuntimeError("bot bug")

    with pytest.raises(RuntimeError, match="bot bug"):
        holdem.simulate(6, broken, structure="sit-and-go")

    def raise_to_one(player, turn):
        return ("raise", 1)

    with pytest.raises(holdem.ActionError):
        holdem.simulate(6, raise_to_one, structure="sit-and-go")
