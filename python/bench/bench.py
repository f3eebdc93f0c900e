"""Speed of the holdem Python package beside peers, in one process.

    python python/bench/bench.py [--quick]

Needs the package built in release (``maturin develop --release`` or
``pip install ./python``) and, for the peers, ``pip install treys phevaluator
rlcard pokerkit``; a missing peer is reported and skipped. Single-thread paths
are timed in CPU time of the calling thread (a loaded machine's waits left
out), as medians of interleaved rounds; compare the ratios of one run.

1. Seven-card batch evaluation: ``holdem.evaluate_batch`` on a numpy array vs
   the Rust batch evaluators on the same hands (``RustBatch7``: no Python, the
   inputs and output made once), vs treys and phevaluator called once per hand.
2. Random-policy 6-max no-limit hands: the PettingZoo AEC env vs RLCard's
   ``no-limit-holdem`` env vs a pokerkit ``State`` loop, in actions/s and hands/s.
3. The vectorised form (``holdem.Tables``): actions/s over many tables, in wall
   time and per CPU second (both cores work).
"""

import random
import sys
import time
from statistics import median

import numpy as np

import holdem
from holdem import _holdem
from holdem.env import HoldemAEC

QUICK = "--quick" in sys.argv


# CPU time of this thread: on a shared, loaded machine the time spent waiting
# for a core is left out. Every path timed with it runs on the calling thread
# (the Rust calls release the GIL but do not change threads).
clock = time.thread_time


def best_of(runs, fn, timer=clock):
    best = float("inf")
    for _ in range(runs):
        t = timer()
        fn()
        best = min(best, timer() - t)
    return best


def random_hands(n, k=7, seed=0):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :k].astype(np.uint8)


def bench_eval():
    n = 200_000 if QUICK else 2_000_000
    hands = random_hands(n)
    # Each Rust baseline timed right after a run of the Python path, in CPU
    # time, and the ratio of the medians reported (a best-of figure is one
    # quiet moment of a loaded machine).
    rust = _holdem.RustBatch7(hands)
    rounds = 21
    times = []
    for _ in range(rounds):
        py = best_of(1, lambda: holdem.evaluate_batch(hands))
        by_ids = best_of(1, rust.ids_seconds)
        py2 = best_of(1, lambda: holdem.evaluate_batch(hands))
        by_cards = best_of(1, rust.cards_seconds)
        times.append((py, by_ids, py2, by_cards))
    py, by_ids, _, by_cards = (median(t[i] for t in times) for i in range(4))
    print(f"eval: {n:,} seven-card hands, medians of {rounds} rounds (each path once a round, CPU time)")
    print(f"  holdem.evaluate_batch (numpy in/out) {n / py / 1e6:8.1f} M hands/s")
    print(f"  Rust evaluate_ids (no Python)        {n / by_ids / 1e6:8.1f} M hands/s")
    print(f"  Rust evaluate_batch7 (no Python)     {n / by_cards / 1e6:8.1f} M hands/s")
    print(f"  numpy batch / Rust evaluate_ids      {py / by_ids:8.2f}x the time")
    print(f"  numpy batch / Rust evaluate_batch7   {py / by_cards:8.2f}x the time")
    text = [[holdem.DECK[c] for c in row] for row in hands[:20_000]]
    try:
        from treys import Card, Evaluator

        ev = Evaluator()
        rows = [[Card.new(c) for c in row] for row in text]
        t = best_of(3, lambda: [ev.evaluate(r[:2], r[2:]) for r in rows])
        print(f"  treys (one call per hand)            {len(rows) / t / 1e6:8.3f} M hands/s")
    except ImportError:
        print("  treys: not installed")
    try:
        from phevaluator import evaluate_cards

        t = best_of(3, lambda: [evaluate_cards(*r) for r in text])
        print(f"  phevaluator (one call per hand)      {len(text) / t / 1e6:8.3f} M hands/s")
    except ImportError:
        print("  phevaluator: not installed")


def legal_list(mask):
    return [i for i, m in enumerate(mask.tolist()) if m]


def bench_aec(hands):
    env = HoldemAEC(players=6, stack=200, big_blind=2)
    actions = 0
    t = clock()
    for h in range(hands):
        env.reset(seed=0 if h == 0 else None)  # then the button moves each hand
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            env.step(random.choice(legal_list(obs["action_mask"])))
            actions += 1
    return actions, clock() - t


def bench_rlcard(hands):
    import rlcard

    env = rlcard.make("no-limit-holdem", config={"game_num_players": 6, "seed": 0})
    actions = 0
    t = clock()
    for _ in range(hands):
        state, _ = env.reset()
        while not env.is_over():
            state, _ = env.step(random.choice(list(state["legal_actions"].keys())))
            actions += 1
    return actions, clock() - t


def bench_pokerkit(hands):
    from pokerkit import Automation, Mode, NoLimitTexasHoldem

    automations = tuple(Automation)
    actions = 0
    t = clock()
    for _ in range(hands):
        state = NoLimitTexasHoldem.create_state(
            automations, False, 0, (1, 2), 2, (200,) * 6, 6, mode=Mode.CASH_GAME
        )
        while state.status:
            choices = ["cc"]
            if state.can_fold():
                choices.append("f")
            if state.can_complete_bet_or_raise_to():
                choices.append("r")
            pick = random.choice(choices)
            if pick == "f":
                state.fold()
            elif pick == "cc":
                state.check_or_call()
            else:
                low = state.min_completion_betting_or_raising_to_amount
                high = state.max_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(random.randint(low, high))
            actions += 1
    return actions, clock() - t


def bench_envs():
    hands = 100 if QUICK else 1000
    rounds = 5
    print(
        f"random-policy 6-max no-limit hands ({hands:,} a round, {rounds} interleaved rounds, "
        "medians, CPU time)"
    )
    engines = [("holdem AEC", bench_aec), ("RLCard", bench_rlcard), ("pokerkit", bench_pokerkit)]
    runs = {name: [] for name, _ in engines}
    for _ in range(rounds):
        # Interleaved, so a change in the machine's load hits every engine.
        for name, fn in engines:
            if runs[name] is None:
                continue
            try:
                actions, secs = fn(hands)
            except ImportError as err:
                runs[name] = None
                print(f"  {name}: not installed ({err})")
                continue
            runs[name].append((actions / secs, hands / secs))
    results = {k: v for k, v in runs.items() if v}
    for name, rates in results.items():
        actions = median(r[0] for r in rates)
        per_hand = median(r[1] for r in rates)
        print(f"  {name:12} {actions:10,.0f} actions/s {per_hand:9,.0f} hands/s")
    ours = results.get("holdem AEC")
    for peer in ("RLCard", "pokerkit"):
        if peer in results and ours:
            theirs = results[peer]
            by_actions = median(r[0] for r in ours) / median(r[0] for r in theirs)
            by_hands = median(r[1] for r in ours) / median(r[1] for r in theirs)
            print(f"  holdem AEC / {peer}: {by_actions:.1f}x in actions/s, {by_hands:.1f}x in hands/s")


def bench_tables():
    n = 4096
    steps = 100 if QUICK else 500
    tables = holdem.Tables(n, 6, stack=200, big_blind=2, seed=1)
    rng = np.random.default_rng(0)
    _, mask, _ = tables.reset()

    def run():
        nonlocal mask
        for _ in range(steps):
            actions = (rng.random(mask.shape) * mask).argmax(axis=1)
            _, mask, _, _, _ = tables.step(actions)

    # Both cores work (rayon): the process's CPU time and the wall time.
    secs = best_of(3, run, time.perf_counter)
    cpu = best_of(3, run, time.process_time)
    print(f"vectorised: {n:,} 6-max tables, {steps:,} steps, best of 3 (random legal actions chosen in numpy)")
    print(f"  holdem.Tables {n * steps / secs / 1e6:8.2f} M actions/s (wall)")
    print(f"  holdem.Tables {n * steps / cpu / 1e6:8.2f} M actions per CPU second")


if __name__ == "__main__":
    bench_eval()
    bench_envs()
    bench_tables()
