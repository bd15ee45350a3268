"""Scale-out on Ray: playouts, MCTS self-play and tournaments spread over a Ray cluster.

    import ray, ludeme.ray
    ray.init(address="auto")          # a cluster started with `ray start` (or ray.init() locally)
    result = ludeme.ray.playouts("Hex.lud", n=100_000, seed=1)
    print(result["wins"], result["mean_length"])

Work is cut into tasks by playout or game index, and every index is drawn from the run's
seed and its own number alone, so a run gives the same results on one process, on two
workers or on a hundred. A task ships the description's text, not its path, so the nodes
need no shared files. Each worker loads a game once and keeps it.
"""

from __future__ import annotations

import os
from functools import lru_cache

import ray

from . import Game, load_game, mcts, playout_results


def _spec(game, options=(), ruleset=None):
    """The text, options and ruleset that load ``game`` anywhere."""
    if isinstance(game, Game):
        source = game.source()
        options, ruleset = tuple(game.options()), game.ruleset()
    else:
        source = game
    if "(game" not in source and "(match" not in source and os.path.exists(source):
        with open(source, encoding="utf-8") as f:
            source = f.read()
    return (source, tuple(options), ruleset)


@lru_cache(maxsize=16)
def _load(spec, max_game_length=None):
    source, options, ruleset = spec
    return load_game(source, options=list(options), ruleset=ruleset, max_game_length=max_game_length)


@ray.remote
def _playout_chunk(spec, seed, first, count, max_decisions):
    return playout_results(_load(spec), seed, first, count, max_decisions)


def _chunks(n, chunk):
    return [(first, min(chunk, n - first)) for first in range(0, n, chunk)]


def summarise(results, num_players):
    """Statistics over playout results ``(outcome, winner, length)``."""
    wins = [0] * num_players
    draws = capped = 0
    for outcome, winner, _ in results:
        if outcome == "win":
            wins[winner] += 1
        elif outcome == "capped":
            capped += 1
        else:
            draws += 1
    lengths = [r[2] for r in results]
    return {
        "playouts": len(results),
        "wins": wins,
        "draws": draws,
        "capped": capped,
        "mean_length": sum(lengths) / max(1, len(lengths)),
        "max_length": max(lengths, default=0),
    }


def playouts(game, n, seed=0, options=(), ruleset=None, chunk=None, max_decisions=None, results=False):
    """``n`` random playouts of ``game`` (a ``ludeme.Game``, a path or a text) as Ray tasks of
    ``chunk`` playouts each. Returns ``summarise``'s statistics, with the playouts' own
    results, in index order, under ``"results"`` when ``results=True``."""
    spec = _spec(game, options, ruleset)
    if chunk is None:
        workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        chunk = max(1, -(-n // (4 * workers)))
    refs = [_playout_chunk.remote(spec, seed, first, count, max_decisions) for first, count in _chunks(n, chunk)]
    out = [r for part in ray.get(refs) for r in part]
    stats = summarise(out, _load(spec).num_players())
    if results:
        stats["results"] = out
    return stats


def _play(game, seed, choose, max_decisions=None):
    """A game from the start (seeded with ``seed``) to its end or ``max_decisions``, rolls
    drawn from ``seed``, each decision ``choose(state, rng)``: the last state."""
    import random

    rng = random.Random(seed)
    state = game.new_initial_state(seed=seed)
    limit = max_decisions if max_decisions is not None else game.max_game_length()
    while not state.is_terminal() and state.move_number() < limit:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            state.apply_action(rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0])
        else:
            state.apply_action(choose(state, rng))
    return state


def self_play_game(game, seed, iterations=200, max_decisions=None):
    """One game of UCT against itself, every search seeded from ``seed`` and the move
    number: ``{"actions": [...], "returns": [...], "length": n}`` (dice rolled from ``seed``)."""

    def choose(state, _rng):
        return mcts(state, iterations, seed=seed * 1_000_003 + state.move_number())[0]

    state = _play(game, seed, choose, max_decisions)
    return {"actions": state.history(), "returns": state.returns(), "length": state.move_number()}


@ray.remote
def _self_play_task(spec, seed, iterations, max_decisions):
    return self_play_game(_load(spec), seed, iterations, max_decisions)


def self_play(game, games, seed=0, iterations=200, options=(), ruleset=None, max_decisions=None):
    """``games`` MCTS self-play games as Ray tasks, game ``i`` seeded with ``seed + i``."""
    spec = _spec(game, options, ruleset)
    return ray.get([_self_play_task.remote(spec, seed + i, iterations, max_decisions) for i in range(games)])


def play_match(game, agents, seed, max_decisions=None):
    """One game between ``agents`` (one per player: ``"random"`` or ``("mcts", iterations)``),
    seeded: the returns by player."""

    def choose(state, rng):
        agent = agents[state.current_player()]
        if agent == "random":
            return rng.choice(state.legal_actions())
        _, iterations = agent
        return mcts(state, iterations, seed=rng.getrandbits(63))[0]

    return _play(game, seed, choose, max_decisions).returns()


@ray.remote
def _match_task(spec, agents, seed, max_decisions):
    return play_match(_load(spec), agents, seed, max_decisions)


def tournament(game, agents, games_per_pairing=2, seed=0, options=(), ruleset=None, max_decisions=None):
    """A round robin of two-player games between named ``agents`` (name: ``"random"`` or
    ``("mcts", iterations)``), each pairing played ``games_per_pairing`` times with seats
    alternating, every game a Ray task. Returns each agent's total return and games."""
    spec = _spec(game, options, ruleset)
    names = list(agents)
    jobs = []
    k = 0
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            for g in range(games_per_pairing):
                seats = (a, b) if g % 2 == 0 else (b, a)
                jobs.append((seats, _match_task.remote(spec, [agents[s] for s in seats], seed + k, max_decisions)))
                k += 1
    table = {n: {"return": 0.0, "games": 0} for n in names}
    for seats, ref in jobs:
        returns = ray.get(ref)
        for seat, name in enumerate(seats):
            table[name]["return"] += returns[seat]
            table[name]["games"] += 1
    return table
