"""Stepping speed from Python against the same loop in Rust.

    python python/bench/step.py [GAME.lud ...]   (default: Chess, Hex, Kalah, Tic-Tac-Toe)

Python: random games by `state.legal_actions()` + `state.apply_action(a)`. Rust: the same
loop inside the engine (`ludeme.playouts(all_moves=True)`: every legal move listed, a random
one applied; both list compact moves, `Game::legal_keys`, where the game's playout form
lists them). Then the vectorised environment: 64 games stepped by one call. Prints steps
(decisions) per second for each and the ratios.

The floor: the same Python loop on a stand-in whose four calls are CPython's own cheapest
(a bool's `__bool__`, a list's `copy` of as many ids as the game's mean number of legal
actions, a set's `discard`), with no engine behind them. It is what the loop costs in
CPython alone, whatever the binding: Python cannot step faster than 1 / (floor's time per
step + Rust's), which bounds "Python / Rust" where the engine's step is as quick as Hex's.
"""

import random
import sys
import time
import types
from pathlib import Path

import numpy as np

import ludeme

LUD = Path(__file__).resolve().parents[2].parent / "shared" / "ludii" / "lud"
DEFAULT = [
    "board/war/replacement/checkmate/chess/Chess.lud",
    "board/space/connection/Hex.lud",
    "board/sow/two_rows/Kalah.lud",
    "board/space/line/Tic-Tac-Toe.lud",
]


def python_loop(game, seconds, learner=False):
    """Random games from Python by `legal_actions()` + `apply_action()`; with `learner`, what
    a learner's loop over one state asks at every step instead: the observation, the mask of
    legal actions, then the action."""
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.randrange(len(s.chance_outcomes())))
                continue
            if learner:
                s.observation_tensor()
                a = np.flatnonzero(s.legal_actions_mask())
            else:
                a = s.legal_actions()
            s.apply_action(int(a[rng.randrange(len(a))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def floor_loop(n_actions, seconds):
    """Steps per second of the loop in `python_loop` on a stand-in with no engine behind
    its calls (CPython's own cheapest calls), `n_actions` legal actions at every step."""
    ids = list(range(max(1, n_actions)))
    stand_in = types.SimpleNamespace(
        is_terminal=(False).__bool__,
        is_chance_node=(False).__bool__,
        legal_actions=ids.copy,
        apply_action=set().discard,
    )
    rng = random.Random(1)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = stand_in
        for _ in range(100):
            if s.is_terminal():
                break
            if s.is_chance_node():
                continue
            a = s.legal_actions()
            s.apply_action(int(a[rng.randrange(len(a))]))
            steps += 1
    return steps / (time.perf_counter() - start)


def mean_actions(game, games=20):
    """The mean number of legal actions at a decision, over random games."""
    rng = random.Random(2)
    total = decisions = 0
    for _ in range(games):
        s = game.new_initial_state()
        while not s.is_terminal():
            if s.is_chance_node():
                s.apply_action(rng.randrange(len(s.chance_outcomes())))
                continue
            a = s.legal_actions()
            total += len(a)
            decisions += 1
            s.apply_action(a[rng.randrange(len(a))])
    return round(total / max(1, decisions))


def rust_loop(game, seconds):
    n = 4
    while True:
        st = ludeme.playouts(game, n, seed=1, all_moves=True)
        if st["elapsed_s"] >= seconds or n > 10**7:
            return st["decisions"] / st["elapsed_s"]
        n *= 2


def vector_loop(game, seconds, envs=64, threads=1):
    """Steps per second of `VectorEnv.step` alone (the random actions, drawn from the masks
    in Python, are not timed: a learner's policy would choose them)."""
    venv = ludeme.VectorEnv(game, envs, seed=1, threads=threads)
    obs, mask, players = venv.reset()
    rng = random.Random(1)
    steps = 0
    spent = 0.0
    while spent < seconds:
        actions = [rng.choice(np.flatnonzero(row)) for row in mask]
        t = time.perf_counter()
        obs, rewards, term, trunc, mask, players = venv.step(actions)
        spent += time.perf_counter() - t
        steps += envs
    return steps / spent


def main():
    games = sys.argv[1:] or [str(LUD / g) for g in DEFAULT]
    print(
        "| game | Rust step/s | Python legal_actions + apply_action /s | Python / Rust "
        "| CPython floor /s (bound on Python / Rust) "
        "| Python with observation + mask /s | VectorEnv(64) /s | VectorEnv(64) / Rust "
        "| VectorEnv(64), 2 threads /s |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for path in games:
        game = ludeme.load_game(path)
        rust = rust_loop(game, 2.0)
        py = python_loop(game, 2.0)
        rl = python_loop(game, 2.0, learner=True)
        vec = vector_loop(game, 2.0)
        vec2 = vector_loop(game, 2.0, threads=2)
        floor = floor_loop(mean_actions(game), 2.0)
        bound = 1 / (1 / floor + 1 / rust) / rust
        print(
            f"| {game.name()} | {rust:,.0f} | {py:,.0f} | {py / rust:.0%} | {floor:,.0f} ({bound:.0%}) "
            f"| {rl:,.0f} | {vec:,.0f} | {vec / rust:.0%} | {vec2:,.0f} |"
        )


if __name__ == "__main__":
    main()
