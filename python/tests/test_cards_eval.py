"""Cards, evaluation and equity through the Python API (rules C1, E1-E5)."""

import numpy as np
import pytest

import holdem


def test_e1_royal_flush_prints_its_name():
    assert str(holdem.evaluate("AhKhQhJhTh")) == "royal flush"


def test_c1_card_ids_round_trip_through_text():
    ids = holdem.parse("2c 2d As")
    assert ids == [0, 1, 51]
    assert holdem.cards_str(ids) == "2c 2d As"
    assert [holdem.card_str(i) for i in range(52)] == holdem.DECK


def test_c1_bad_card_text_raises_card_error_with_rule():
    with pytest.raises(holdem.CardError) as err:
        holdem.parse("Ah Xx")
    assert err.value.rule == "C1"
    assert isinstance(err.value, holdem.HoldemError)
    assert isinstance(err.value, ValueError)


def test_c1_repeated_card_is_refused():
    with pytest.raises(holdem.CardError) as err:
        holdem.evaluate([51, 51, 0, 1, 2])
    assert err.value.rule == "C1"


def test_e1_five_to_seven_cards_only():
    with pytest.raises(holdem.EvalError) as err:
        holdem.evaluate("AhKhQhJh")
    assert err.value.rule == "E1"


def test_e2_two_pair_description_and_order():
    two_pair = holdem.evaluate("AsAdKcKd7s4h2c")
    assert two_pair.describe() == "two pair, aces and kings, seven kicker"
    assert two_pair.category == "two pair" and two_pair.category_id == 3
    assert holdem.evaluate("9c8d7h6s5c2d2h") > two_pair
    assert holdem.Rank(two_pair.value) == two_pair
    assert holdem.describe(two_pair.value) == two_pair.describe()


def test_e1_best_five_of_seven():
    assert holdem.best_five("AhKh QhJhTh 2c3d") == "Ah Kh Qh Jh Th"


@pytest.mark.parametrize("k", [5, 6, 7])
def test_e1_batch_matches_one_by_one(rng, k):
    hands = np.array([rng.permutation(52)[:k] for _ in range(2000)], dtype=np.uint8)
    ranks, cats = holdem.evaluate_batch(hands)
    assert ranks.dtype == np.uint16 and cats.dtype == np.uint8 and ranks.shape == (2000,)
    for row in range(0, 2000, 97):
        one = holdem.evaluate(hands[row].tolist())
        assert ranks[row] == one.value and cats[row] == one.category_id


def test_e1_batch_accepts_other_integer_dtypes_and_views(rng):
    hands = np.array([rng.permutation(52)[:7] for _ in range(50)], dtype=np.int64)
    expected, _ = holdem.evaluate_batch(hands.astype(np.uint8))
    assert np.array_equal(holdem.evaluate_batch(hands)[0], expected)
    # A non-contiguous view is read correctly too.
    wide = np.concatenate([hands, hands], axis=1)
    assert np.array_equal(holdem.evaluate_batch(wide[:, :7])[0], expected)


def test_c1_batch_refuses_bad_ids_and_repeats_naming_the_row():
    good = holdem.parse("AhKhQhJhTh2c3d")
    with pytest.raises(holdem.CardError, match="hand 1"):
        holdem.evaluate_batch(np.array([good, good[:6] + [good[0]]], dtype=np.uint8))
    with pytest.raises(holdem.CardError):
        holdem.evaluate_batch(np.array([good[:6] + [60]], dtype=np.uint8))
    with pytest.raises(holdem.CardError):
        holdem.evaluate_batch(np.array([good[:6] + [-1]]))
    with pytest.raises(holdem.EvalError):
        holdem.evaluate_batch(np.zeros((3, 4), dtype=np.uint8))


def test_c1_batch_names_the_row_past_the_first_chunk(rng):
    # The batch is ranked in chunks of 2,048 hands: the row counts from the
    # start of the whole array, for every dtype.
    hands = np.array([rng.permutation(52)[:7] for _ in range(5000)], dtype=np.uint8)
    hands[4321, 3] = 52
    with pytest.raises(holdem.CardError, match="hand 4321: card id 52"):
        holdem.evaluate_batch(hands)
    hands[4321, 3] = hands[4321, 5]
    with pytest.raises(holdem.CardError, match="hand 4321: a card appears twice"):
        holdem.evaluate_batch(hands)
    wide = hands.astype(np.int64)
    wide[4321, 3] = 300
    with pytest.raises(holdem.CardError, match="hand 4321: card id 300"):
        holdem.evaluate_batch(wide)


def test_e5_exact_equity_of_hands():
    result = holdem.equity(["AhKh", "QsQd"], board="2c7dJs")
    assert result["exact"] and result["boards"] == 990
    assert sum(result["equity"]) == pytest.approx(1.0)
    assert result["equity"][1] > 0.7


def test_e5_monte_carlo_is_seeded_and_close_to_exact():
    exact = holdem.equity(["AhKh", "QsQd"], board="2c7dJs")["equity"][0]
    a = holdem.equity(["AhKh", "QsQd"], board="2c7dJs", samples=20000, seed=7)
    b = holdem.equity(["AhKh", "QsQd"], board="2c7dJs", samples=20000, seed=7)
    assert a == b and not a["exact"]
    assert abs(a["equity"][0] - exact) < 4 * a["std_error"][0]


def test_e5_range_equity():
    result = holdem.range_equity(["QQ+", "AKs"], board="2c7dJs")
    assert result["matchups"] == 18 * 4 - 2 * 4 * 3
    assert result["equity"][0] > 0.75
    mc = holdem.range_equity(["QQ+", "AKs"], board="2c7dJs", samples=5000, seed=1)
    assert abs(mc["equity"][0] - result["equity"][0]) < 0.05


def test_range_text_errors_raise_range_error():
    with pytest.raises(holdem.RangeError):
        holdem.range_equity(["QQ+", "AKx"])


def test_c1_equity_refuses_shared_cards():
    with pytest.raises(holdem.EquityError) as err:
        holdem.equity(["AhKh", "AhQd"])
    assert err.value.rule == "C1"
