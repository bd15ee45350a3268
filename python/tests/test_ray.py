"""Scale-out on a local Ray cluster: the same seeded work gives the same results on two
workers as in one process."""

import pytest

ray = pytest.importorskip("ray")

import ludeme  # noqa: E402
import ludeme.ray as lray  # noqa: E402
from conftest import lud  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_playouts_on_two_workers_equal_one_process(cluster):
    path = lud("Hex")
    g = ludeme.load_game(path, options=["Board Size/7x7"])
    local = ludeme.playout_results(g, 11, 0, 60)
    remote = lray.playouts(g, 60, seed=11, chunk=7, results=True)
    assert remote["results"] == local
    assert remote["playouts"] == 60
    assert sum(remote["wins"]) + remote["draws"] + remote["capped"] == 60
    stats = ludeme.playouts(g, 60, seed=11)
    assert remote["wins"] == stats["wins"]


def test_self_play_and_tournament(cluster):
    path = lud("Tic-Tac-Toe")
    g = ludeme.load_game(path)
    games = lray.self_play(path, 3, seed=4, iterations=50)
    assert games == [lray.self_play_game(g, 4 + i, 50) for i in range(3)]
    table = lray.tournament(path, {"random": "random", "mcts": ("mcts", 300)}, games_per_pairing=4, seed=2)
    assert table["mcts"]["games"] == 4 and table["random"]["games"] == 4
    assert table["mcts"]["return"] > table["random"]["return"]
