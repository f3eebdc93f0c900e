"""The RL environments: PettingZoo AEC, Gymnasium, and the vectorised Tables."""

import numpy as np
import pytest

import holdem
from holdem.env import HoldemAEC, HoldemGym, obs_size, random_policy

pettingzoo_test = pytest.importorskip("pettingzoo.test")
env_checker = pytest.importorskip("gymnasium.utils.env_checker")


@pytest.mark.parametrize(
    "players,limit", [(2, "no-limit"), (6, "pot-limit"), (10, "fixed-limit"), (3, "no-limit")]
)
def test_aec_passes_pettingzoo_api_test(players, limit):
    pettingzoo_test.api_test(HoldemAEC(players=players, limit=limit), num_cycles=200)


def test_gym_passes_check_env():
    env_checker.check_env(HoldemGym(players=3))


def test_aec_rewards_sum_to_zero_and_hide_cards(rng):
    env = HoldemAEC(players=4)
    for episode in range(20):
        env.reset(seed=episode)
        totals = {a: 0.0 for a in env.possible_agents}
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            totals[agent] += reward
            # Only the observer's two hole cards are set in the first 52 slots.
            assert obs["observation"][:52].sum() == 2
            action = None if term or trunc else int(rng.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
        assert sum(totals.values()) == pytest.approx(0.0, abs=1e-5)


def test_tables_step_many_tables_conserve_chips(rng):
    tables = holdem.Tables(64, 6, stack=200, big_blind=2, seed=5)
    obs, mask, to_act = tables.reset()
    assert obs.shape == (64, obs_size(6)) and mask.shape == (64, 6) and (to_act >= 0).all()
    total = np.zeros(6)
    hands = 0
    for _ in range(300):
        actions = np.array([rng.choice(np.flatnonzero(m)) for m in mask], dtype=np.int64)
        obs, mask, to_act, rewards, done = tables.step(actions)
        total += rewards.sum(axis=0)
        hands += int(done.sum())
        # A finished hand's rewards sum to zero (chips conserved, no rake).
        assert np.allclose(rewards.sum(axis=1), 0.0, atol=1e-4)
    assert hands > 0


def test_b7_masked_action_changes_nothing():
    tables = holdem.Tables(2, 2, seed=1)
    obs, mask, to_act = tables.reset()
    actions = np.array([1, 9], dtype=np.int64)  # table 0 legal, table 1 not an action
    with pytest.raises(holdem.ActionError) as err:
        tables.step(actions)
    assert err.value.rule == "B7"
    # Table 0's legal action was not applied either: the same seat is to act.
    assert tables.seat_to_act(0) == to_act[0]
    assert np.array_equal(tables.observe(0, int(to_act[0])), obs[0])
    assert np.array_equal(tables.mask(0), mask[0])


def test_gym_with_given_opponent_policy_plays_whole_hands():
    env = HoldemGym(players=2, opponent=random_policy(np.random.default_rng(0)))
    obs, info = env.reset(seed=3)
    terminated = False
    while not terminated:
        action = int(np.flatnonzero(info["action_mask"])[-1])  # all-in when allowed
        obs, reward, terminated, truncated, info = env.step(action)
    # Rewards are in big blinds: never more than the 100-big-blind stack.
    assert -100.0 <= reward <= 100.0 and not truncated


def test_example_two_policies_conserves_chips():
    import pathlib
    import runpy

    example = pathlib.Path(__file__).parent.parent / "examples" / "two_policies.py"
    play = runpy.run_path(str(example))["play"]
    winnings = play(200)
    assert winnings.sum() == pytest.approx(0.0, abs=1e-3)
    assert winnings[0] != 0.0


def test_tables_are_independent_of_batching_and_threads(rng):
    # Table t of a batch is seeded seed + t: stepped alone with the same
    # actions it must give the same outputs, whatever the threads did.
    batch = holdem.Tables(200, 4, seed=40)
    alone = holdem.Tables(1, 4, seed=40 + 137)
    obs, mask, _ = batch.reset()
    obs1, mask1, _ = alone.reset()
    for _ in range(100):
        assert np.array_equal(obs[137], obs1[0]) and np.array_equal(mask[137], mask1[0])
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        obs, mask, _, rewards, done = batch.step(actions)
        obs1, mask1, _, rewards1, done1 = alone.step(actions[137:138])
        assert np.array_equal(rewards[137], rewards1[0]) and done[137] == done1[0]


def test_aec_button_moves_each_reset_and_a_seed_restarts_it():
    env = HoldemAEC(players=3)
    env.reset(seed=5)
    first = env._tables.observe(0, 0)
    buttons = []
    for _ in range(3):
        obs = env._tables.observe(0, 0)
        # Button one-hot, seats counted from seat 0: slots 108 + 3P ..
        buttons.append(int(np.argmax(obs[108 + 9 : 108 + 12])))
        env.reset()
    assert buttons == [0, 1, 2]
    env.reset(seed=5)
    assert np.array_equal(env._tables.observe(0, 0), first)


def test_b7_single_table_act_matches_step_table_and_refuses_masked_actions(rng):
    # The AEC environment's path (deal / act / rewards / observe_dict) plays
    # the same hands as step_table on the same seed, and a masked action
    # through it raises and changes nothing.
    a = holdem.Tables(1, 6, seed=5, auto_reset=False)
    b = holdem.Tables(1, 6, seed=5, auto_reset=False)
    for _ in range(30):
        seat = a.deal(0)
        b.reset()
        while seat >= 0:
            assert seat == b.seat_to_act(0)
            view = a.observe_dict(0, seat)
            assert np.array_equal(view["observation"], b.observe(0, seat))
            assert view["action_mask"].dtype == np.int8
            assert np.array_equal(view["action_mask"], b.mask(0).astype(np.int8))
            masked = np.flatnonzero(view["action_mask"] == 0)
            if masked.size:
                with pytest.raises(holdem.ActionError) as err:
                    a.act(0, int(masked[0]))
                assert err.value.rule == "B7"
                assert np.array_equal(a.observe(0, seat), b.observe(0, seat))
            action = int(rng.choice(np.flatnonzero(view["action_mask"])))
            seat = a.act(0, action)
            to_act, done, rewards = b.step_table(0, action)
            assert done == (seat < 0)
            if done:
                assert a.rewards(0) == rewards
                assert sum(rewards) == pytest.approx(0.0)
            else:
                assert seat == to_act


def test_b7_aec_masked_action_raises_and_changes_nothing():
    env = HoldemAEC(players=6)
    env.reset(seed=3)
    env.step(5)  # all in: the next seat, as deep, cannot raise
    agent = env.agent_selection
    before = env.last()
    masked = np.flatnonzero(before[0]["action_mask"] == 0)
    assert masked.size
    with pytest.raises(holdem.ActionError) as err:
        env.step(int(masked[0]))
    assert err.value.rule == "B7"
    after = env.last()
    assert env.agent_selection == agent
    assert np.array_equal(after[0]["observation"], before[0]["observation"])
    assert np.array_equal(after[0]["action_mask"], before[0]["action_mask"])
    assert after[1:] == before[1:]
    with pytest.raises(TypeError):
        env.step(None)  # a live agent's action is an int
    assert env.agent_selection == agent


def test_aec_dead_agents_are_stepped_as_pettingzoo_does(rng):
    # PettingZoo's protocol after the hand: the agent that acted last is
    # stepped first, then the others in order; the rewards are cleared by the
    # first dead step; the last selection is the agent that acted last.
    env = HoldemAEC(players=5)
    for episode in range(10):
        env.reset(seed=episode)
        last_actor = None
        dead = []
        for agent in env.agent_iter():
            obs, reward, term, trunc, _ = env.last()
            if term or trunc:
                if not dead:
                    assert sum(env.rewards.values()) == pytest.approx(0.0, abs=1e-5)
                    assert env.rewards == {a: env._cumulative_rewards[a] for a in env.agents}
                dead.append(agent)
                env.step(None)
                assert all(r == 0 for r in env.rewards.values())
                assert agent not in env.agents and agent not in env.terminations
                continue
            assert not dead
            last_actor = agent
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert dead == [last_actor] + [a for a in env.possible_agents if a != last_actor]
        assert env.agents == [] and env.agent_selection == last_actor
        with pytest.raises(ValueError):
            env.reset()
            while not env.terminations[env.agent_selection]:
                env.step(1)  # check or call until the hand ends
            env.step(1)  # a dead agent's action must be None


def test_aec_hand_that_ends_at_the_deal_pays_and_terminates_every_agent():
    # One chip each and a big blind of two: both seats are all in from the
    # blinds, nobody acts, the hand ends at the deal.
    env = HoldemAEC(players=2, stack=1, big_blind=2)
    won = 0
    for episode in range(20):
        env.reset(seed=episode)
        assert all(env.terminations.values())
        rewards = dict(env.rewards)
        won += any(rewards.values())
        assert sum(rewards.values()) == pytest.approx(0.0)
        assert set(rewards.values()) <= {0.0, 0.5, -0.5}
        seen = {}
        for agent in env.agent_iter():
            obs, reward, term, _, _ = env.last()
            assert term and not obs["action_mask"].any()
            seen[agent] = reward
            env.step(None)
        assert seen == rewards
        assert env.agents == []
    assert won > 0  # the showdown pays (not every hand is a split)


def test_aec_agent_selection_can_be_set_by_name():
    env = HoldemAEC(players=3)
    env.reset(seed=0)
    env.agent_selection = "player_2"
    assert env.agent_selection == "player_2"
    assert env.last()[0]["observation"].shape == (obs_size(3),)
