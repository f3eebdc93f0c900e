"""Reinforcement-learning environments over the engine's stepping core.

Three forms, one stepping core (:class:`holdem.Tables`, in Rust: one call per
step, no per-seat Python objects):

- :class:`HoldemAEC`: a PettingZoo AEC environment, one hand per episode,
  2-10 players, fixed, pot or no limit (or house rules by preset/TOML);
- :class:`HoldemGym`: a Gymnasium single-agent environment, the other seats
  played by a given policy;
- :class:`holdem.Tables` itself: the vectorised form, N independent tables
  stepped in one call with numpy arrays in and out.

Actions (``Discrete(6)``): 0 fold, 1 check or call, 2 bet/raise to the
minimum, 3 half the pot, 4 the pot, 5 all-in. Sizes are clamped into the
engine's legal range; the mask says which the engine allows now.

Observation (float32, length ``110 + 4 * players``, amounts in big blinds,
seats listed from the observer round the table): own hole cards one-hot by
card id (52), board one-hot (52), street one-hot (4), stacks (P), street bets
(P), still-in flags (P), button one-hot (P), pot, cost to call. It never
holds another seat's hole cards.
"""

from __future__ import annotations

import random
from operator import attrgetter
from typing import Callable, Optional

import numpy as np

from ._holdem import N_ACTIONS, Tables, _AecCore

try:  # PettingZoo and Gymnasium are optional (pip install holdem[rl]).
    import gymnasium
    from gymnasium import spaces
except ImportError:  # pragma: no cover - exercised only without gymnasium
    gymnasium = None
    spaces = None

try:
    from pettingzoo import AECEnv
except ImportError:  # pragma: no cover
    AECEnv = object

Policy = Callable[[np.ndarray, np.ndarray], int]
"""A policy: ``policy(observation, mask) -> action`` (an int 0-5)."""


def random_policy(rng: Optional[np.random.Generator] = None) -> Policy:
    """A policy that picks uniformly among the legal actions."""
    gen = rng if rng is not None else np.random.default_rng()

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        return int(gen.choice(np.flatnonzero(mask)))

    return act


def obs_size(players: int) -> int:
    """Length of one observation vector for ``players`` seats."""
    return 110 + 4 * players


def _seed(seed: Optional[int]) -> int:
    return random.getrandbits(63) if seed is None else int(seed)


class HoldemAEC(AECEnv):
    """PettingZoo AEC environment: one hand of Hold'em per episode.

    Agents are ``"player_0"`` .. ``"player_{n-1}"`` at seats 0..n-1. The
    button moves one seat with each ``reset()``; ``reset(seed=s)`` starts again
    with the button on seat 0 and the shuffle of seed ``s``. An
    observation is ``{"observation": float32 vector, "action_mask": int8 (6,)}``
    (the mask is all zero for a seat that is not to act). Rewards come at the
    end of the hand: each seat's net chips in big blinds.
    """

    metadata = {"render_modes": ["human"], "name": "holdem_v0", "is_parallelizable": False}

    def __init__(
        self,
        players: int = 2,
        limit: str = "no-limit",
        stack: int = 200,
        big_blind: int = 2,
        rules: Optional[str] = None,
        render_mode: Optional[str] = None,
    ):
        super().__init__()
        self.players = players
        self._config = dict(stack=stack, big_blind=big_blind, limit=limit, rules=rules)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self.agents = []
        size = obs_size(players)
        self._obs_space = spaces.Dict(
            {
                "observation": spaces.Box(low=0.0, high=np.inf, shape=(size,), dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(N_ACTIONS,), dtype=np.int8),
            }
        )
        self._act_space = spaces.Discrete(N_ACTIONS)
        self._tables = Tables(1, players, seed=0, auto_reset=False, **self._config)
        self._core = _AecCore(self._tables, self.possible_agents)
        self._fresh = True
        if render_mode is None:
            # The core's bound methods stand in for the class's below (the
            # same behaviour): a step, an observation or the next agent is
            # then one Rust call with no Python frame of this class.
            self.step = self._core.step
            self.last = self._core.last
            self.observe = self._core.observe
            self.agent_iter = self._core.agent_iter

    # The selected agent lives in the core (it moves with every step).
    agent_selection = property(
        attrgetter("_core.agent_selection"),
        lambda self, agent: self._core.select(agent),
    )

    def observation_space(self, agent):
        return self._obs_space

    def action_space(self, agent):
        return self._act_space

    def reset(self, seed=None, options=None):
        if seed is not None or self._fresh:
            self._tables = Tables(1, self.players, seed=_seed(seed), auto_reset=False, **self._config)
            self._core.set_tables(self._tables)
            self._fresh = False
        (
            self.agents,
            self.rewards,
            self._cumulative_rewards,
            self.terminations,
            self.truncations,
            self.infos,
        ) = self._core.deal()

    def observe(self, agent):
        return self._core.observe(agent)

    def agent_iter(self, max_iter: int = 2**63):
        """Yields the agent to act (``agent_selection``) until every agent is done."""
        return self._core.agent_iter(max_iter)

    def last(self, observe: bool = True):
        """``(observation, cumulative reward, terminated, truncated, info)`` of the agent to act."""
        return self._core.last(observe)

    def step(self, action):
        """Plays ``action`` for the agent to act (``None`` once it is terminated)."""
        self._core.step(action)
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode == "human":
            print(f"to act: {self.agent_selection}, stacks: {self._tables.stacks(0)}")

    def close(self):
        pass


class HoldemGym(gymnasium.Env if gymnasium is not None else object):
    """Gymnasium single-agent environment: the agent plays ``seat``, the other
    seats are played by ``opponent`` (a :data:`Policy`; random by default).

    One hand per episode; the reward at the end is the agent's net chips in big
    blinds. ``info["action_mask"]`` is the legal-action mask. A masked action is
    played as check/call (always legal to the seat to act) unless ``strict``,
    where it raises :class:`holdem.ActionError`.
    """

    metadata = {"render_modes": []}

    def __init__(
        self,
        players: int = 2,
        seat: int = 0,
        opponent: Optional[Policy] = None,
        limit: str = "no-limit",
        stack: int = 200,
        big_blind: int = 2,
        rules: Optional[str] = None,
        strict: bool = False,
    ):
        super().__init__()
        self.players = players
        self.seat = seat
        self.strict = strict
        self._config = dict(stack=stack, big_blind=big_blind, limit=limit, rules=rules)
        self._user_opponent = opponent
        self._opponent = opponent
        self.observation_space = spaces.Box(
            low=0.0, high=np.inf, shape=(obs_size(players),), dtype=np.float32
        )
        self.action_space = spaces.Discrete(N_ACTIONS)
        self._tables = Tables(1, players, seed=0, **self._config)
        self._reward = 0.0

    def _play_others(self, obs, mask, to_act, rewards, done):
        """Plays the other seats until the agent's turn; new hands as needed."""
        while to_act[0] != self.seat:
            if done is not None and done[0]:
                return obs, mask, to_act, rewards, done
            action = self._opponent(obs[0], mask[0])
            obs, mask, to_act, rewards, done = self._tables.step(np.array([action], dtype=np.int64))
            self._reward += float(rewards[0, self.seat])
        return obs, mask, to_act, rewards, done

    def reset(self, *, seed=None, options=None):
        super().reset(seed=seed)
        seed = _seed(seed)
        if self._user_opponent is None:
            self._opponent = random_policy(np.random.default_rng(seed))
        self._tables = Tables(1, self.players, seed=seed, **self._config)
        obs, mask, to_act = self._tables.reset()
        while True:
            self._reward = 0.0
            obs, mask, to_act, _, done = self._play_others(obs, mask, to_act, None, None)
            if to_act[0] == self.seat:
                break
            # The hand ended before the agent acted (the table dealt the next).
        self._mask = mask[0].astype(np.int8)
        return obs[0], {"action_mask": self._mask}

    def step(self, action):
        action = int(action)
        if not (0 <= action < N_ACTIONS and self._mask[action]):
            if self.strict:
                from . import ActionError

                raise ActionError(f"action {action} is masked (rule B7)")
            action = 1
        self._reward = 0.0
        obs, mask, to_act, rewards, done = self._tables.step(np.array([action], dtype=np.int64))
        self._reward += float(rewards[0, self.seat])
        if not done[0]:
            obs, mask, to_act, rewards, done = self._play_others(obs, mask, to_act, rewards, done)
        terminated = bool(done[0])
        self._mask = mask[0].astype(np.int8) if not terminated else np.zeros(N_ACTIONS, np.int8)
        observation = obs[0] if not terminated else np.zeros(obs_size(self.players), np.float32)
        return observation, self._reward, terminated, False, {"action_mask": self._mask}


def env(**kwargs) -> HoldemAEC:
    """A PettingZoo AEC environment (PettingZoo's ``env()`` convention)."""
    return HoldemAEC(**kwargs)
