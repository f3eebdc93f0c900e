"""Plays hands between two Python policies on a heads-up no-limit table and
prints each policy's winnings.

    python python/examples/two_policies.py [HANDS]

The tables step in Rust (holdem.Tables); the policies are plain Python
functions of (observation, mask). Each hand starts at 100 big blinds and the
button alternates, so the seats even out.
"""

import sys

import numpy as np

import holdem


def calling_station(observation, mask):
    """Checks or calls every time."""
    return 1


def tight_aggressive(observation, mask):
    """Raises the pot with a pair or an ace in hand, otherwise check/calls or folds."""
    hole = np.flatnonzero(observation[:52])
    ranks = [card // 4 for card in hole]
    strong = ranks[0] == ranks[1] or 12 in ranks
    if strong and mask[4]:
        return 4
    cost_to_call = observation[-1]
    if cost_to_call > 4 and mask[0]:
        return 0
    return 1


def play(hands: int, seed: int = 1) -> np.ndarray:
    """Plays `hands` hands; returns each policy's winnings in big blinds."""
    policies = [tight_aggressive, calling_station]
    tables = holdem.Tables(1, 2, stack=200, big_blind=2, seed=seed)
    obs, mask, to_act = tables.reset()
    winnings = np.zeros(2)
    played = 0
    while played < hands:
        seat = int(to_act[0])
        # Seat 0 is policy 0 on even hands, policy 1 on odd hands.
        policy = policies[(seat + played) % 2]
        action = policy(obs[0], mask[0])
        obs, mask, to_act, rewards, done = tables.step(np.array([action], dtype=np.int64))
        if done[0]:
            for s in range(2):
                winnings[(s + played) % 2] += rewards[0, s]
            played += 1
    return winnings


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    result = play(n)
    print(f"{n} hands, winnings in big blinds:")
    print(f"  tight_aggressive: {result[0]:+.1f}")
    print(f"  calling_station:  {result[1]:+.1f}")
