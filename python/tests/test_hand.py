"""A hand as a state through the Python API (rules B1-B16, hidden information)."""

import pytest

import holdem


def test_b2_blinds_posted_and_first_to_act():
    hand = holdem.Hand([100, 100, 100], big_blind=2, button=0)
    # Three players: seat 1 small blind, seat 2 big blind, seat 0 first to act.
    assert hand.to_act == 0
    assert hand.pot == 3
    legal = hand.legal_actions()
    assert legal["call_to"] == 2 and legal["raise"] == (4, 100) and legal["all_in_to"] == 100


def test_b10_raise_below_minimum_is_refused_and_changes_nothing():
    hand = holdem.Hand([100, 100, 100])
    before = (hand.to_act, hand.pot, hand.stacks, hand.legal_actions())
    with pytest.raises(holdem.ActionError) as err:
        hand.act("raise", 3)
    assert err.value.rule == "B10"
    assert "minimum" in str(err.value)
    assert (hand.to_act, hand.pot, hand.stacks, hand.legal_actions()) == before


def test_b7_unknown_action_and_missing_amount():
    hand = holdem.Hand([100, 100])
    with pytest.raises(holdem.ActionError):
        hand.act("jump")
    with pytest.raises(holdem.ActionError):
        hand.act("raise")


def test_hidden_hole_cards_stay_hidden():
    hand = holdem.Hand([100, 100, 100], seed=3)
    for seat in range(3):
        view = hand.view(seat)
        for other in view["seats"]:
            if other["seat"] == seat:
                assert len(other["hole_cards"]) == 2 and all(other["hole_cards"])
            else:
                assert other["hole_cards"] is None
    assert all(s["hole_cards"] is None for s in hand.public_view()["seats"])


def test_b1_fold_to_the_big_blind_settles_and_conserves_chips():
    hand = holdem.Hand([100, 100, 100])
    hand.act("fold")
    hand.act("fold")
    assert hand.is_complete and hand.to_act is None
    result = hand.result()
    assert result["final_stacks"] == [100, 99, 101]
    assert result["net"] == [0, -1, 1]
    assert sum(result["final_stacks"]) == 300 and not result["showdown"]


def test_b21_check_down_reaches_showdown_with_ranks():
    hand = holdem.Hand([50, 50], seed=11)
    while not hand.is_complete:
        hand.act("check_or_call")
    result = hand.result()
    assert result["showdown"] and all(r is not None for r in result["ranks"])
    assert sum(result["final_stacks"]) == 100
    assert len(hand.board) == 5


def test_b9_fixed_limit_raise_is_one_bet():
    hand = holdem.Hand([100, 100, 100], limit="fixed-limit", big_blind=2)
    assert hand.legal_actions()["raise"] == (4, 4)


def test_presets_and_toml_rules():
    assert "online-cash" in holdem.PRESETS
    hand = holdem.Hand([1000] * 4, rules="online-cash")
    assert hand.legal_actions() is not None
    with pytest.raises(holdem.RulesError):
        holdem.Hand([100, 100], rules="no-such-preset")
    with pytest.raises(holdem.RulesError):
        holdem.Hand([100, 100], rules="[betting]\nstructure = 7\n")


def test_b1_too_few_players_is_refused():
    with pytest.raises(holdem.ActionError) as err:
        holdem.Hand([100])
    assert err.value.rule == "B1"


def test_b16_time_out_facing_a_bet_folds():
    hand = holdem.Hand([100, 100, 100])
    hand.time_out()
    assert hand.view(0)["seats"][0]["status"] == "folded"


def test_b11_pot_limit_raise_is_capped_at_the_pot():
    # Blinds 1 and 2: calling makes the pot 5, so the largest raise is to 2 + 5.
    hand = holdem.Hand([100, 100, 100], limit="pot-limit")
    assert hand.legal_actions()["raise"] == (4, 7)
    with pytest.raises(holdem.ActionError) as err:
        hand.act("raise", 8)
    assert err.value.rule == "B11"


def test_b5_antes_from_every_dealt_player():
    hand = holdem.Hand([100, 100, 100], ante=1)
    assert hand.pot == 3 + 3 * 1
    assert hand.stacks == [99, 98, 97]
