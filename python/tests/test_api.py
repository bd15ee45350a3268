"""The OpenSpiel-style API: loading, stepping, chance, undo, observations, moves, search."""

import copy
import random

import numpy as np
import pytest

import ludeme
from conftest import LUD, lud


def test_load_by_path_and_by_text_and_errors():
    g = ludeme.load_game(lud("Tic-Tac-Toe"))
    assert g.name() == "Tic-Tac-Toe"
    assert g.num_players() == 2
    with open(lud("Tic-Tac-Toe")) as f:
        assert ludeme.load_game(f.read()).name() == "Tic-Tac-Toe"
    with pytest.raises(ValueError, match="errors"):
        ludeme.load_game('(game "Broken" (players 2) (equipment { (board (square 3)) }) (rules (play (move Add (to (sites Emptyy))))))')
    with pytest.raises(ValueError):
        ludeme.load_game("/no/such/file.lud")
    # a simulation (no players) is refused, with why
    life = '(game "Life" (players 0) (equipment { (board (square 4)) (piece "Disc" Shared) }) (rules (play (forEach Site (sites Empty) (add (piece "Disc") (to (site))))) (end (if (is Full) (result Mover Draw)))))'
    with pytest.raises(ValueError, match="simulation"):
        ludeme.load_game(life)
    # as is a game of simultaneous moves
    with pytest.raises(ValueError, match="simultaneous"):
        ludeme.load_game(str(LUD / "math/hand/Rock-Paper-Scissors.lud"))


def test_options_change_the_game():
    small = ludeme.load_game(lud("Hex"), options=["Board Size/7x7"])
    big = ludeme.load_game(lud("Hex"))
    assert small.num_sites() == 49
    assert big.num_sites() == 121
    assert small.options() == ["Board Size/7x7"]


def test_a_whole_game_with_openspiel_semantics():
    g = ludeme.load_game(lud("Tic-Tac-Toe"))
    s = g.new_initial_state()
    assert s.current_player() == 0
    assert len(s.legal_actions()) == 9
    assert s.legal_actions() == sorted(s.legal_actions())
    assert s.legal_actions(1) == []  # player 1 is not to move
    rng = random.Random(3)
    while not s.is_terminal():
        p = s.current_player()
        assert p in (0, 1)
        mask = s.legal_actions_mask()
        assert mask.shape == (g.num_distinct_actions(),)
        assert list(np.flatnonzero(mask)) == s.legal_actions()
        s.apply_action(rng.choice(s.legal_actions()))
    assert s.current_player() == ludeme.TERMINAL_PLAYER_ID
    assert s.legal_actions() == []
    r = s.returns()
    assert sorted(r) in ([-1.0, 1.0], [0.0, 0.0])
    assert s.rewards() == r
    assert len(s.history()) == s.move_number()
    with pytest.raises(ValueError):
        s.apply_action(0)


def test_illegal_action_is_refused_with_its_name():
    g = ludeme.load_game(lud("Tic-Tac-Toe"))
    s = g.new_initial_state()
    s.apply_action(s.legal_actions()[0])
    first = s.history()[0]
    with pytest.raises(ValueError, match="not legal"):
        s.apply_action(first)


def test_action_ids_mean_the_same_move_everywhere():
    g = ludeme.load_game(lud("Chess"))
    s = g.new_initial_state()
    rng = random.Random(5)
    for _ in range(40):
        if s.is_terminal():
            break
        for m in s.legal_moves():
            assert 0 <= m.action < g.num_distinct_actions()
            text = g.action_to_string(m.action)
            if m.from_label and m.to_label and m.from_site != m.to_site:
                assert text == f"{m.from_label}-{m.to_label}"
        s.apply_action(rng.choice(s.legal_actions()))


def test_legal_moves_are_rich_and_apply():
    g = ludeme.load_game(lud("Chess"))
    s = g.new_initial_state()
    moves = s.legal_moves()
    assert len(moves) == 20
    assert all(m.player == 0 for m in moves)
    knight = next(m for m in moves if m.from_label == "B1" and m.to_label == "C3")
    assert str(knight) == "B1-C3"
    s.apply_move(knight)
    assert s.current_player() == 1
    with pytest.raises(ValueError):
        s.apply_move(knight)


def test_pickles_as_its_game_and_actions():
    import pickle

    g = ludeme.load_game(lud("Backgammon"))
    s = g.new_initial_state(seed=3)
    rng = random.Random(2)
    for _ in range(15):
        s.apply_action(rng.choice(s.legal_actions()))
    t = pickle.loads(pickle.dumps(s))
    assert t == s
    assert t.history() == s.history()
    assert t.legal_actions() == s.legal_actions()
    h = pickle.loads(pickle.dumps(g))
    assert h.name() == g.name() and h.num_distinct_actions() == g.num_distinct_actions()


def test_placement_games_have_no_ids_between_sites():
    hex7 = ludeme.load_game(lud("Hex"), options=["Board Size/7x7"])
    assert hex7.num_distinct_actions() == 3 + 3 * 49
    chess = ludeme.load_game(lud("Chess"))
    assert chess.num_distinct_actions() > chess.total_sites() ** 2


def test_clone_is_independent_and_equal():
    g = ludeme.load_game(lud("Hex"), options=["Board Size/7x7"])
    s = g.new_initial_state()
    s.apply_action(s.legal_actions()[3])
    c = s.clone()
    d = copy.deepcopy(s)
    assert c == s and d == s
    c.apply_action(c.legal_actions()[0])
    assert c != s
    assert s.move_number() == 1


def test_undo_takes_back_decisions_and_rolls():
    g = ludeme.load_game(lud("Backgammon"))
    s = g.new_initial_state(undo=True)
    start = s.clone()
    rng = random.Random(1)
    for _ in range(12):
        s.apply_action(rng.choice(s.legal_actions()))
    for _ in range(12):
        s.undo()
    assert s == start
    assert s.history() == []
    with pytest.raises(ValueError):
        s.undo()
    with pytest.raises(ValueError):
        g.new_initial_state().undo()


def test_dice_are_explicit_chance_nodes():
    g = ludeme.load_game(lud("Backgammon"))
    assert g.has_chance_nodes()
    assert g.max_chance_outcomes() == 36
    s = g.new_initial_state()
    assert s.current_player() == ludeme.CHANCE_PLAYER_ID
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 36
    assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
    assert s.action_to_string(ludeme.CHANCE_PLAYER_ID, 6 * 2 + 4) == "roll 3,5"
    s.apply_action(6 * 2 + 4)
    assert s.dice() == [3, 5]
    assert s.current_player() in (0, 1)
    assert s.observation_string().endswith("|dice:3,5")
    # the roll shows in the observation: the local-state plane holds each die's value
    planes, sites = g.observation_shape()
    obs = s.observation_tensor()
    assert obs.shape == (planes * sites,)
    components = planes - 1 - 2 * g.num_players()
    state_plane = obs.reshape(planes, sites)[components]
    assert sorted(state_plane[g.num_sites():])[-2:] == [3.0, 5.0]


def test_observation_counts_pieces_by_component():
    g = ludeme.load_game(lud("Kalah"))
    s = g.new_initial_state()
    planes, sites = g.observation_shape()
    obs = s.observation_tensor().reshape(planes, sites)
    # 4 seeds in each of the 12 holes, the stores empty
    assert obs[0].sum() == 48
    # the mover's plane (player 0 to move) is all ones
    mover_rows = obs[planes - 4 : planes - 2]
    assert mover_rows[0].min() == 1.0 and mover_rows[1].max() == 0.0


def test_observation_shows_whose_turn_and_scores():
    g = ludeme.load_game(lud("Reversi"))
    s = g.new_initial_state()
    planes, sites = g.observation_shape()
    obs = s.observation_tensor().reshape(planes, sites)
    assert (obs[-2] == s.scores()[0]).all()
    assert (obs[-1] == s.scores()[1]).all()


def test_playouts_and_results_in_rust():
    g = ludeme.load_game(lud("Tic-Tac-Toe"))
    stats = ludeme.playouts(g, 200, seed=1)
    assert stats["playouts"] == 200
    assert sum(stats["wins"]) + stats["draws"] == 200
    assert ludeme.playouts(g, 200, seed=1, threads=2)["wins"] == stats["wins"]
    results = ludeme.playout_results(g, 1, 0, 200)
    assert len(results) == 200
    assert [sum(1 for o, w, _ in results if o == "win" and w == p) for p in (0, 1)] == stats["wins"]
    assert ludeme.playout_results(g, 1, 50, 10) == results[50:60]


def test_mcts_finds_the_winning_move():
    g = ludeme.load_game(lud("Tic-Tac-Toe"))
    s = g.new_initial_state()
    # X: A1, B1; O: A2, B2 -> X to move wins at C1
    def act(label):
        s.apply_move(next(m for m in s.legal_moves() if m.to_label == label))
    for label in ["A1", "A2", "B1", "B2"]:
        act(label)
    best, rows = ludeme.mcts(s, 2000, seed=1)
    assert g.action_to_string(best) == "Disc1@C1"
    assert rows[0][0] == best and rows[0][1] >= rows[-1][1]


MATCH = """(match "Lines Match" (players 2) (games (subgame "Lines"))
    (end { (if (>= (matchScore P1) 3) (result P1 Win)) (if (>= (matchScore P2) 3) (result P2 Win)) }))"""

LINES = """(game "Lines" (players 2) (equipment {(board (square 2)) (piece "Disc" Each)})
    (rules (play (move Add (to (sites Empty)))) (end (if (is Line 2) (result Mover Win)))))"""


def test_a_match_by_path_plays_its_subgames_to_the_end(tmp_path):
    (tmp_path / "Lines.lud").write_text(LINES)
    (tmp_path / "match.lud").write_text(MATCH)
    g = ludeme.load_game(str(tmp_path / "match.lud"))
    assert g.name() == "Lines Match"
    s = g.new_initial_state()
    rng = random.Random(5)
    names = []
    while not s.is_terminal():
        a = rng.choice(s.legal_actions())
        names.append(s.action_to_string(s.current_player(), a))
        s.apply_action(a)
    # each subgame ends on the first player's second disc, then the match moves on (the
    # move to the next game has the id of moves at no site): to 3 points, 3 subgames at least
    assert names.count("other") >= 2
    assert sorted(s.returns()) == [-1.0, 1.0]
    # the same match replays from its history
    again = g.new_initial_state()
    for a in s.history():
        again.apply_action(a)
    assert again.is_terminal() and again.returns() == s.returns()
    # by its text alone, no file is read: its subgame is not found
    with pytest.raises(ValueError, match='"Lines.lud"'):
        ludeme.load_game(MATCH)
