"""The vectorised environment: many games stepped by one call, NumPy in and out."""

import numpy as np

import ludeme
from conftest import lud


def random_actions(mask, rng):
    return np.array([rng.choice(np.flatnonzero(row)) for row in mask])


def test_shapes_and_masks():
    g = ludeme.load_game(lud("Hex"), options=["Board Size/7x7"])
    venv = ludeme.VectorEnv(g, 8, seed=1)
    obs, mask, players = venv.reset()
    planes, sites = g.observation_shape()
    assert obs.shape == (8, planes * sites) and obs.dtype == np.float32
    assert mask.shape == (8, g.num_distinct_actions()) and mask.dtype == np.int8
    assert (players == 0).all()
    s = g.new_initial_state()
    assert list(np.flatnonzero(mask[0])) == s.legal_actions()
    assert (obs[0] == s.observation_tensor()).all()


def test_matches_single_states_and_resets_finished_games():
    g = ludeme.load_game(lud("Tic-Tac-Toe"))
    n = 4
    venv = ludeme.VectorEnv(g, n, seed=5)
    obs, mask, players = venv.reset()
    states = [g.new_initial_state() for _ in range(n)]
    rng = np.random.default_rng(2)
    finished = 0
    for _ in range(60):
        actions = random_actions(mask, rng)
        obs, rewards, terminated, truncated, mask, players = venv.step(actions)
        for i in range(n):
            states[i].apply_action(int(actions[i]))
            if states[i].is_terminal():
                assert terminated[i]
                assert list(rewards[i]) == states[i].returns()
                states[i] = g.new_initial_state()
                finished += 1
            else:
                assert not terminated[i] and (rewards[i] == 0).all()
            assert (obs[i] == states[i].observation_tensor()).all()
            assert list(np.flatnonzero(mask[i])) == states[i].legal_actions()
            assert players[i] == states[i].current_player()
    assert finished > 0


def test_threads_give_the_same_steps():
    g = ludeme.load_game(lud("Backgammon"))

    def run(threads):
        venv = ludeme.VectorEnv(g, 6, seed=9, threads=threads)
        obs, mask, _ = venv.reset()
        rng = np.random.default_rng(4)
        out = []
        for _ in range(40):
            obs, rewards, term, trunc, mask, players = venv.step(random_actions(mask, rng))
            out.append((obs.copy(), rewards.copy(), term.copy(), players.copy()))
        return out

    for a, b in zip(run(1), run(2)):
        for x, y in zip(a, b):
            assert (x == y).all()


def test_illegal_action_is_refused():
    g = ludeme.load_game(lud("Tic-Tac-Toe"))
    venv = ludeme.VectorEnv(g, 2)
    venv.reset()
    try:
        venv.step([0, 0])
    except ValueError as e:
        assert "not legal" in str(e)
    else:
        raise AssertionError("an illegal action was taken")
