"""A PettingZoo AEC environment for any game ludeme runs.

    from ludeme.pettingzoo import env
    e = env("Hex.lud")
    e.reset(seed=42)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are Ludii's players, ``player_0`` .. ``player_{n-1}`` (Ludii's player 1 is
``player_0``). Observations are dicts: ``observation`` (the game's planes,
``game.observation_shape()``, float32; what the agent sees: the whole position, but for
what the rules hide from them in a game of hidden information) and
``action_mask`` (int8, one entry per action id; zeros for an agent not to move). Rewards come
at the end, from Ludii's ranking in [-1, 1]. Dice are rolled inside the environment, from
the generator seeded by ``reset(seed=...)``. A game that reaches ``max_game_length``
decisions is truncated.
"""

from __future__ import annotations

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from . import Game, load_game


def env(game, options=(), ruleset=None, max_game_length=None, render_mode=None) -> "LudemeEnv":
    """The environment of ``game``: a ``ludeme.Game``, or a .lud path or text to load."""
    return LudemeEnv(game, options=options, ruleset=ruleset, max_game_length=max_game_length, render_mode=render_mode)


class LudemeEnv(AECEnv):
    metadata = {"render_modes": ["ansi", "human"], "name": "ludeme_v0", "is_parallelizable": False}

    def __init__(self, game, options=(), ruleset=None, max_game_length=None, render_mode=None):
        super().__init__()
        if not isinstance(game, Game):
            game = load_game(game, options=list(options), ruleset=ruleset, max_game_length=max_game_length)
        self.game = game
        self.render_mode = render_mode
        n = game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents = self.possible_agents[:]
        planes, sites = game.observation_shape()
        actions = game.num_distinct_actions()
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(low=-np.inf, high=np.inf, shape=(planes, sites), dtype=np.float32),
                    "action_mask": spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self._rng = np.random.default_rng()
        self.state = None

    def observation_space(self, agent):
        return self._observation_spaces[agent]

    def action_space(self, agent):
        return self._action_spaces[agent]

    def _roll(self):
        """Resolve chance nodes with the environment's generator."""
        while self.state.is_chance_node():
            outcomes = self.state.chance_outcomes()
            actions = [a for a, _ in outcomes]
            probs = np.array([p for _, p in outcomes])
            self.state.apply_action(int(self._rng.choice(actions, p=probs / probs.sum())))

    def reset(self, seed=None, options=None):
        if seed is not None:
            self._rng = np.random.default_rng(seed)
        start_seed = int(self._rng.integers(0, 2**63 - 1))
        self.state = self.game.new_initial_state(seed=start_seed)
        self._roll()
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self):
        p = self.state.current_player()
        if p >= 0:
            self.agent_selection = self.possible_agents[p]

    def observe(self, agent):
        planes, sites = self.game.observation_shape()
        obs = self.state.observation_tensor(self.possible_agents.index(agent)).reshape(planes, sites)
        if agent == self.agent_selection and not self.state.is_terminal():
            mask = self.state.legal_actions_mask()
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            return self._was_dead_step(action)
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self._roll()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state.is_terminal():
            returns = self.state.returns()
            truncated = self.state.is_truncated()
            for i, a in enumerate(self.possible_agents):
                if a in self.agents:
                    self.rewards[a] = float(returns[i])
                    self.terminations[a] = not truncated
                    self.truncations[a] = truncated
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        self.state = None
