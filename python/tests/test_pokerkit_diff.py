"""Differential test: random no-limit hands played through holdem.Hand and
through pokerkit's State end with equal stacks.

Seats map as pokerkit's player order: pokerkit's player ``i`` is our seat
``(button + 1 + i) % n`` (small blind first, button last; heads-up player 0
is the big blind and player 1 the button posting the small blind, B4, so the
same map holds). Where the rules coincide (no rake, no straddles, a standard
min-raise) both engines must agree chip for chip, 2 to 9 players.
"""

import numpy as np
import pytest

import holdem

pokerkit = pytest.importorskip("pokerkit")
from pokerkit import Automation, Mode, NoLimitTexasHoldem  # noqa: E402

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.RUNOUT_COUNT_SELECTION,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def random_action(legal, others_all_in, rng):
    """A random legal action as (name, amount), biased to keep hands going.

    When no other player in the hand has chips beyond the current bet, holdem
    still offers a bet or raise (nobody can call it; the uncalled part comes
    back, B14) where pokerkit refuses one; the policy then only checks, calls
    or folds.
    """
    options = [("check_or_call", None)] * 3
    if legal["fold"] and not legal["check"]:
        options.append(("fold", None))
    sized = None if others_all_in else (legal["bet"] or legal["raise"])
    if sized:
        low, high = sized
        options.append(("bet_or_raise", int(rng.integers(low, high + 1))))
        options.append(("bet_or_raise", low))
    if legal["all_in_to"] is not None and not others_all_in:
        options.append(("all_in", None))
    return options[int(rng.integers(len(options)))]


def play_ours(stacks, seed, rng):
    """Plays one hand with random actions; returns the log to replay elsewhere."""
    n = len(stacks)
    hand = holdem.Hand(stacks, big_blind=2, small_blind=1, button=0, seed=seed)
    holes = [hand.view(s)["seats"][s]["hole_cards"] for s in range(n)]
    actions = []
    while not hand.is_complete:
        legal = hand.legal_actions()
        view = hand.public_view()
        others_all_in = all(
            s["status"] != "active" or s["stack"] + s["street_bet"] <= view["current_bet"]
            for s in view["seats"]
            if s["seat"] != hand.to_act
        )
        name, amount = random_action(legal, others_all_in, rng)
        if name == "all_in":
            total = legal["all_in_to"]
            call_to = legal["call_to"] or 0
            name, amount = ("check_or_call", None) if total <= call_to else ("bet_or_raise", total)
        actions.append((hand.to_act, hand.street, name, amount))
        hand.act(name, amount)
    return hand, holes, actions


def replay_pokerkit(stacks, holes, board, actions):
    n = len(stacks)
    order = [(1 + i) % n for i in range(n)]  # pokerkit index -> our seat
    state = NoLimitTexasHoldem.create_state(
        AUTOMATIONS,
        False,
        0,
        (1, 2),
        2,
        tuple(stacks[s] for s in order),
        n,
        mode=Mode.CASH_GAME,
    )
    for seat in order:
        state.deal_hole("".join(holes[seat]))
    dealt = 0
    for seat, _street, name, amount in actions:
        while state.can_deal_board():
            count = {0: 3, 3: 1, 4: 1}[dealt]
            state.deal_board("".join(board[dealt : dealt + count]))
            dealt += count
        assert order[state.actor_index] == seat
        if name == "fold":
            state.fold()
        elif name == "check_or_call":
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(amount)
    while state.can_deal_board():
        count = {0: 3, 3: 1, 4: 1}[dealt]
        state.deal_board("".join(board[dealt : dealt + count]))
        dealt += count
    assert not state.status, "pokerkit's hand did not finish"
    final = [0] * n
    for i, seat in enumerate(order):
        final[seat] = state.stacks[i]
    return final


@pytest.mark.parametrize("players", [2, 3, 4, 6, 9])
def test_random_no_limit_hands_end_with_equal_stacks(players):
    rng = np.random.default_rng(players)
    compared = 0
    for seed in range(60):
        stacks = [int(x) for x in rng.integers(20, 400, players)]
        hand, holes, actions = play_ours(stacks, seed, rng)
        ours = hand.result()["final_stacks"]
        theirs = replay_pokerkit(stacks, holes, hand.board, actions)
        assert ours == theirs, (seed, stacks, holes, hand.board, actions)
        compared += 1
    assert compared == 60
