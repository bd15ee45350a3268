"""The PettingZoo AEC environment passes PettingZoo's own API test."""

import random

import numpy as np
import pytest
from pettingzoo.test import api_test

import ludeme
from conftest import LUD, lud
from ludeme.pettingzoo import env

GAMES = [
    "equi.lud",
    "ex-nihilo.lud",
    "refugia.lud",
    "Chess",
    "Hex",
    "Kalah",
    "Backgammon",
    "Tic-Tac-Toe",
    "Banqi",
    "Sneakthrough",
]


@pytest.mark.parametrize("name", GAMES)
def test_api_test(name):
    e = env(lud(name), max_game_length=300)
    api_test(e, num_cycles=300)


def corpus_sample(k, seed):
    """`k` corpus games the engine loads, drawn at random with `seed`."""
    files = sorted(
        p
        for p in LUD.rglob("*.lud")
        if not any(part in p.parts for part in ("wishlist", "WishlistDLP", "test", "bad", "reconstruction", "puzzle"))
    )
    rng = random.Random(seed)
    rng.shuffle(files)
    out = []
    for p in files:
        try:
            out.append(ludeme.load_game(str(p), max_game_length=150))
        except ValueError:
            continue
        if len(out) == k:
            break
    return out


def test_api_test_on_20_random_corpus_games(corpus_seed):
    for g in corpus_sample(20, corpus_seed):
        api_test(env(g), num_cycles=150)


def test_a_game_plays_to_the_end_with_rewards_and_dice():
    e = env(lud("Backgammon"))
    e.reset(seed=7)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter(max_iter=20_000):
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        if terminated or truncated:
            action = None
        else:
            assert obs["action_mask"].any()
            action = e.action_space(agent).sample(obs["action_mask"])
        e.step(action)
    assert sorted(total.values()) == [-1.0, 1.0]


def test_seeded_resets_repeat():
    def run(seed):
        e = env(lud("Backgammon"))
        e.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        for _ in range(30):
            obs, *_ = e.last()
            seen.append(obs["observation"].copy())
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(rng.choice(legal)))
        return seen

    a, b = run(3), run(3)
    assert all((x == y).all() for x, y in zip(a, b))


def test_each_agent_observes_only_what_it_sees():
    # Sneakthrough: each player sees their own pawns, and the other's as unknown pieces
    e = env(lud("Sneakthrough"))
    e.reset(seed=1)
    game = e.game
    planes, sites = game.observation_shape()
    own = {}
    for agent in e.possible_agents:
        obs = e.observe(agent)["observation"]
        assert obs.shape == (planes, sites)
        known = obs[:-1 - 2 * game.num_players() - 1].sum()
        unknown = obs[-1].sum()
        assert (known, unknown) == (16, 16), agent
        own[agent] = obs
    a, b = e.possible_agents
    assert not np.array_equal(own[a], own[b])
