"""The OpenSpiel game `python_ludeme` passes OpenSpiel's own tests, and OpenSpiel's
algorithms run on it."""

import pickle
import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import ludeme
import ludeme.openspiel  # registers python_ludeme
from conftest import LUD, lud
from open_spiel.python.algorithms import mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.observation import make_observation

# name -> (max_game_length, num_sims) for OpenSpiel's random simulation test.
GAMES = {
    "equi.lud": (300, 5),
    "ex-nihilo.lud": (300, 5),
    "refugia.lud": (300, 5),
    "Chess": (300, 3),
    "Hex": (10000, 5),
    "Kalah": (10000, 5),
    "Backgammon": (10000, 5),
    "Tic-Tac-Toe": (10000, 10),
    "Banqi": (300, 3),
    "Sneakthrough": (10000, 3),
}

# Where the corpus games are drawn from: Ludii's descriptions, less the unfinished ones.
EXCLUDED = ("wishlist", "WishlistDLP", "test", "bad", "reconstruction", "puzzle")


def load(name, **kwargs):
    return ludeme.openspiel.load(lud(name), **kwargs)


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test(name):
    max_game_length, num_sims = GAMES[name]
    game = load(name, max_game_length=max_game_length)
    pyspiel.random_sim_test(game, num_sims=num_sims, serialize=False, verbose=False)


def test_random_sim_test_with_serialization():
    # Serialization pickles a state's Python side: the ludeme state travels as its actions.
    game = load("Backgammon", max_game_length=200)
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def corpus_sample(k, seed):
    """`k` corpus descriptions the engine loads, drawn at random with `seed`."""
    files = sorted(p for p in LUD.rglob("*.lud") if not any(part in p.parts for part in EXCLUDED))
    rng = random.Random(seed)
    rng.shuffle(files)
    out = []
    for p in files:
        try:
            ludeme.load_game(str(p))
        except ValueError:  # the engine cannot run every game
            continue
        out.append(p)
        if len(out) == k:
            break
    return out


def test_random_sim_test_on_20_random_corpus_games(corpus_seed):
    if not LUD.is_dir():
        pytest.skip(f"{LUD} is not here")
    paths = corpus_sample(20, corpus_seed)
    assert len(paths) == 20
    failed = []
    for p in paths:
        name = p.relative_to(LUD)
        try:
            game = ludeme.openspiel.load(str(p), max_game_length=200)
            pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)
        except Exception as e:  # noqa: BLE001 -- report every failing game at once
            failed.append(f"{name}: {type(e).__name__}: {e}")
    assert not failed, f"LUDEME_TEST_SEED={corpus_seed}:\n" + "\n".join(failed)


def test_game_type_and_info():
    chess = load("Chess")
    backgammon = load("Backgammon", max_game_length=500)
    for game, lg in [(chess, ludeme.load_game(lud("Chess"))), (backgammon, ludeme.load_game(lud("Backgammon")))]:
        t = game.get_type()
        assert t.short_name == "python_ludeme"
        assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert t.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        assert t.utility == pyspiel.GameType.Utility.GENERAL_SUM
        assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
        assert t.provides_observation_tensor and t.provides_observation_string
        assert t.provides_information_state_string
        assert game.num_players() == lg.num_players() == 2
        assert game.num_distinct_actions() == lg.num_distinct_actions()
        assert game.max_chance_outcomes() == lg.max_chance_outcomes()
        assert (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
        assert game.observation_tensor_shape() == list(lg.observation_shape())
    assert chess.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert chess.max_game_length() == 10000
    assert backgammon.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert backgammon.max_chance_outcomes() == 36
    assert backgammon.max_game_length() == 500
    # The game's string loads it again.
    assert str(pyspiel.load_game(str(backgammon))) == str(backgammon)


def test_parameters():
    hex7 = load("Hex", options=["Board Size/7x7"])
    assert hex7.observation_tensor_shape()[1] == 49
    assert hex7.get_parameters()["options"] == "Board Size/7x7"
    with open(lud("Tic-Tac-Toe")) as f:
        by_text = pyspiel.load_game("python_ludeme", {"path": f.read()})
    assert by_text.num_distinct_actions() == load("Tic-Tac-Toe").num_distinct_actions()
    with pytest.raises(ValueError, match="path"):
        pyspiel.load_game("python_ludeme")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter"):
        pyspiel.load_game("python_ludeme", {"path": lud("Tic-Tac-Toe"), "bogus": 1})


def test_a_game_through_pyspiel_matches_ludeme():
    game = load("Backgammon")
    direct = ludeme.load_game(lud("Backgammon")).new_initial_state()
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        assert state.current_player() == direct.current_player()
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            assert list(outcomes) == direct.legal_actions() == state.legal_actions()
            assert sum(probs) == pytest.approx(1.0)
            action = rng.choice(outcomes)
        else:
            assert state.legal_actions() == direct.legal_actions()
            assert state.legal_actions(1 - state.current_player()) == []
            action = rng.choice(state.legal_actions())
        assert state.action_to_string(state.current_player(), action) == direct.action_to_string(
            direct.current_player(), action
        )
        state.apply_action(action)
        direct.apply_action(action)
        assert state.history() == direct.history() == state.ludeme_state.history()
    assert direct.is_terminal()
    assert state.returns() == direct.returns()
    assert sorted(state.returns()) == [-1.0, 1.0]
    assert str(state) == str(direct)


def test_clone_and_pickle():
    game = load("Backgammon")
    state = game.new_initial_state()
    rng = random.Random(1)
    for _ in range(15):
        state.apply_action(rng.choice(state.legal_actions()))
    clone = state.clone()
    assert clone.history() == state.history()
    assert str(clone) == str(state)
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) == 15  # the clone is independent
    again = pickle.loads(pickle.dumps(state))
    assert again.history() == state.history()
    assert str(again) == str(state)
    assert again.legal_actions() == state.legal_actions()
    game2, state2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))
    assert str(game2) == str(game)
    assert str(state2) == str(state)


def test_seed_draws_the_random_start():
    path = LUD / "board/space/territory/Paintscape.lud"  # random start placements
    if not path.exists():
        pytest.skip(f"{path} is not here")
    start = {seed: str(ludeme.openspiel.load(path, seed=seed).new_initial_state()) for seed in (0, 1)}
    assert start[0] != start[1]
    game = ludeme.openspiel.load(path, seed=1)
    state = game.new_initial_state()
    assert str(state) == start[1]
    rng = random.Random(4)
    for _ in range(3):
        state.apply_action(rng.choice(state.legal_actions()))
    assert str(pickle.loads(pickle.dumps(state))) == str(state)
    assert str(state.clone()) == str(state)


@pytest.mark.parametrize("name", ["Backgammon", "Chess", "Kalah"])
def test_observer_tensor_is_the_states_observation(name):
    game = load(name)
    planes, sites = ludeme.load_game(lud(name)).observation_shape()
    observation = make_observation(game)
    info_state = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    assert observation.tensor.shape == (planes * sites,)
    assert observation.dict["observation"].shape == (planes, sites)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(30):
        if state.is_terminal():
            break
        for player in range(game.num_players()):
            expected = state.ludeme_state.observation_tensor(player)
            observation.set_from(state, player)
            np.testing.assert_array_equal(observation.tensor, expected)
            np.testing.assert_array_equal(observation.dict["observation"], expected.reshape(planes, sites))
            np.testing.assert_array_equal(np.array(state.observation_tensor(player), np.float32), expected)
            assert observation.string_from(state, player) == state.ludeme_state.observation_string(player)
            assert state.observation_string(player) == state.ludeme_state.observation_string(player)
            assert info_state.string_from(state, player) == state.history_str()
            assert state.information_state_string(player) == state.history_str()
        state.apply_action(rng.choice(state.legal_actions()))


def test_the_observation_shows_the_dice():
    game = load("Backgammon")
    after = []
    for outcome in (1, 5):  # rolls 1,2 and 1,6
        state = game.new_initial_state()
        assert state.is_chance_node()
        state.apply_action(outcome)
        after.append(np.array(state.observation_tensor(0)))
    assert (after[0] != after[1]).any()


def test_mcts_finds_the_winning_move():
    game = load("Tic-Tac-Toe")
    state = game.new_initial_state()
    # x: A1, B1; o: A3, B3. x to play: C1 wins (and o threatens C3).
    for text in ["A1", "A3", "B1", "B3"]:
        (action,) = [a for a in state.legal_actions() if state.action_to_string(state.current_player(), a).endswith("@" + text)]
        state.apply_action(action)
    winning = []
    for a in state.legal_actions():
        child = state.child(a)
        if child.is_terminal() and child.returns()[0] == 1.0:
            winning.append(a)
    assert len(winning) == 1
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=200,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0)),
        solve=True,
        random_state=np.random.RandomState(0),
    )
    assert bot.step(state) == winning[0]


def test_evaluate_bots_mcts_against_random():
    game = load("Tic-Tac-Toe")
    bots = [
        mcts.MCTSBot(
            game,
            uct_c=2.0,
            max_simulations=100,
            evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(1)),
            random_state=np.random.RandomState(1),
        ),
        pyspiel.make_uniform_random_bot(1, 1234),
    ]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(0))
    assert returns in ([1.0, -1.0], [0.0, 0.0])  # MCTS does not lose to random play


def test_mcts_through_chance_nodes():
    game = load("Backgammon")
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=20,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(2), max_length=50),
        random_state=np.random.RandomState(2),
    )
    state = game.new_initial_state()
    rng = np.random.RandomState(3)
    decisions = 0
    while decisions < 4 and not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choice(outcomes, p=probs))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions == 4


def test_hidden_information_is_imperfect_information():
    game = load("Sneakthrough")
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert load("Hex").get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    state = game.new_initial_state()
    # each player sees their own pawns only, and has an information state of their own
    assert state.observation_string(0) != state.observation_string(1)
    assert "?" in state.observation_string(0)
    spectator = state.ludeme_state.observation_string()
    assert "?" not in spectator
    rng = random.Random(3)
    for _ in range(12):
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.information_state_string(0) != state.information_state_string(1)
    assert state.information_state_string(0).startswith(",".join(str(a) for a in state.history()))
    # OpenSpiel's MCTS runs on it
    bot = mcts.MCTSBot(game, 2, 20, mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)), random_state=np.random.RandomState(0))
    assert bot.step(state) in state.legal_actions()
